//! The card emblems: one drawing per card, each well-formed path data that parses into closed
//! shapes inside the unit square, of a sensible size and filled area, all different; and the
//! parser refuses anything outside its subset.
//!
//! `EMBLEMS_PREVIEW=/tmp/emblems.html cargo test --test emblems preview` also writes a page
//! that shows them all, large and at card size.

use onitama::rules::Card;
use onitama::ui::emblems::{PathCommand, emblem, parse, path_data};

mod common;

/// The base game's cards: each has its emblem drawn in the page.
fn base() -> impl Iterator<Item = Card> {
    Card::ALL.into_iter().filter(|card| card.pack() == onitama::rules::Pack::Base)
}

use common::emblems::*;

#[test]
fn every_card_has_an_emblem() {
    for card in base() {
        let parsed =
            parse(path_data(card).expect("a base card is drawn")).unwrap_or_else(|error| panic!("{card}: {error}"));
        assert!(!parsed.is_empty(), "{card}");
        assert_eq!(emblem(card), parsed, "{card}");
    }
}

#[test]
fn parse_reads_the_subset() {
    use PathCommand::*;
    assert_eq!(
        parse("M0 0L100 0Q100 50 50 100C40 90 20 80 0 50Z").unwrap(),
        [Move(0.0, 0.0), Line(1.0, 0.0), Quad(1.0, 0.5, 0.5, 1.0), Cubic(0.4, 0.9, 0.2, 0.8, 0.0, 0.5), Close]
    );
    // Separators are free: spaces, commas, none before a letter; several shapes follow each other.
    assert_eq!(
        parse(" M 10,20 L 30 40 Z\nM5 5L6 6L7 5Z ").unwrap(),
        [Move(0.1, 0.2), Line(0.3, 0.4), Close, Move(0.05, 0.05), Line(0.06, 0.06), Line(0.07, 0.05), Close]
    );
}

#[test]
fn parse_rejects_malformed_data() {
    for bad in [
        "",
        "   ",
        "Z",
        "L10 10L20 20Z",
        "M10 10L20 20",
        "M10 10L20 20ZL30 30Z",
        "M10 10L20 20M30 30L40 40Z",
        "M10 10L20 20ZZ",
        "M10",
        "M10 10L20",
        "M10 10Q1 2 3Z",
        "M10 10C1 2 3 4 5Z",
        "M10 10L20 20 30 30Z",
        "M10 10L101 20Z",
        "M10 10L1000 20Z",
        "M10 10L99999999999 20Z",
        "M-5 10L20 20Z",
        "M+5 10L20 20Z",
        "M10.5 10L20 20Z",
        "M10 10L20 20.Z",
        "M1e1 10L20 20Z",
        "m10 10l5 5z",
        "M10 10H20V20Z",
        "M10 10A5 5 0 0 1 20 20Z",
        "M10 10X20 20Z",
        "M10 10L20 20Z garbage",
        "M10 10L20 20;Z",
        "M10 10L２0 20Z",
        "M10 10L20 20Zé",
    ] {
        assert!(parse(bad).is_err(), "{bad:?} parsed as {:?}", parse(bad));
    }
}

#[test]
fn emblems_are_closed_shapes_starting_with_a_move() {
    for card in base() {
        assert_closed_shapes(card.name(), &emblem(card));
    }
}

#[test]
fn holes_stay_inside_their_silhouettes() {
    for card in base() {
        assert_holes_inside(card.name(), &emblem(card));
    }
}

#[test]
fn emblems_stay_inside_the_unit_square() {
    for card in base() {
        assert_inside_unit_square(card.name(), &emblem(card));
    }
}

#[test]
fn emblems_have_a_reasonable_number_of_commands() {
    for card in base() {
        assert_reasonable_command_count(card.name(), &emblem(card));
    }
}

#[test]
fn emblems_fill_neither_a_speck_nor_a_blob() {
    for card in base() {
        assert_neither_speck_nor_blob(card.name(), &emblem(card));
    }
}

#[test]
fn emblems_use_most_of_their_box() {
    for card in base() {
        assert_uses_most_of_the_box(card.name(), &emblem(card));
    }
}

#[test]
fn emblems_are_pairwise_different() {
    let drawings: Vec<_> =
        base().map(|card| (card.name(), path_data(card).expect("a base card is drawn"), emblem(card))).collect();
    assert_pairwise_different(&drawings, 0);
}

#[test]
fn emblems_fit_the_download_budget() {
    let bytes: usize = base().map(|card| path_data(card).map_or(0, str::len)).sum();
    assert!(bytes <= 5 * 1024, "{bytes} bytes of path data");
}

/// Writes an HTML page with every emblem at 120 px and at 40 px, if `EMBLEMS_PREVIEW` names a
/// file; the page draws the path data as it is stored, as SVG paths.
#[test]
fn preview() {
    let drawings: Vec<_> = base().map(|card| (card.name(), path_data(card).expect("a base card is drawn"))).collect();
    let page = preview_page(&drawings);
    assert!(page.contains("tiger") && page.contains("cobra"));
    write_preview(&page);
}
