//! The expansion cards' emblems pass the checks the base cards' pass: well-formed path data,
//! closed shapes inside the unit square, holes inside their silhouettes, a sensible size and
//! filled area, each different from the others and from the 16 base emblems; and all 18 fit
//! their download budget.
//!
//! `EMBLEMS_PREVIEW=/tmp/emblems.html cargo test --test expansion_emblems preview` writes a page
//! with all 34, the base ones first.

mod common;

/// The base game's cards: each has its emblem drawn in the page.
fn base() -> impl Iterator<Item = Card> {
    Card::ALL.into_iter().filter(|card| card.pack() == onitama::rules::Pack::Base)
}

use common::emblems::*;
use onitama::rules::Card;
use onitama::ui::emblems::{PathCommand, emblem, parse, path_data};
use onitama::ui::expansion_emblems::EXPANSION_EMBLEMS;

/// The expansion cards, in order.
const NAMES: &str =
    "bear panda dog fox giraffe kirin mouse rat sable otter sea-snake viper tanuki iguana phoenix turtle sheep goat";

/// Each drawing, parsed.
fn drawings() -> Vec<(&'static str, Vec<PathCommand>)> {
    EXPANSION_EMBLEMS
        .iter()
        .map(|&(name, path)| (name, parse(path).unwrap_or_else(|error| panic!("{name}: {error}"))))
        .collect()
}

#[test]
fn every_expansion_card_has_an_emblem() {
    let names: Vec<&str> = EXPANSION_EMBLEMS.iter().map(|&(name, _)| name).collect();
    assert_eq!(names, NAMES.split(' ').collect::<Vec<_>>());
    for (name, commands) in drawings() {
        assert!(!commands.is_empty(), "{name}");
        assert!(base().all(|card| card.name() != name), "{name} is a base card");
    }
}

#[test]
fn emblems_are_closed_shapes_starting_with_a_move() {
    for (name, commands) in drawings() {
        assert_closed_shapes(name, &commands);
    }
}

#[test]
fn holes_stay_inside_their_silhouettes() {
    for (name, commands) in drawings() {
        assert_holes_inside(name, &commands);
    }
}

#[test]
fn emblems_stay_inside_the_unit_square() {
    for (name, commands) in drawings() {
        assert_inside_unit_square(name, &commands);
    }
}

#[test]
fn emblems_have_a_reasonable_number_of_commands() {
    for (name, commands) in drawings() {
        assert_reasonable_command_count(name, &commands);
    }
}

#[test]
fn emblems_fill_neither_a_speck_nor_a_blob() {
    for (name, commands) in drawings() {
        assert_neither_speck_nor_blob(name, &commands);
    }
}

#[test]
fn emblems_use_most_of_their_box() {
    for (name, commands) in drawings() {
        assert_uses_most_of_the_box(name, &commands);
    }
}

#[test]
fn emblems_differ_from_each_other_and_from_the_base_ones() {
    let mut all: Vec<_> =
        base().map(|card| (card.name(), path_data(card).expect("a base card is drawn"), emblem(card))).collect();
    let paths = EXPANSION_EMBLEMS.iter().map(|&(_, path)| path);
    all.extend(drawings().into_iter().zip(paths).map(|((name, commands), path)| (name, path, commands)));
    assert_eq!(all.len(), 34);
    assert_pairwise_different(&all, base().count());
}

#[test]
fn emblems_fit_the_download_budget() {
    let bytes: usize = EXPANSION_EMBLEMS.iter().map(|&(_, path)| path.len()).sum();
    assert!(bytes <= 6 * 1024, "{bytes} bytes of path data");
}

/// Writes an HTML page with all 34 emblems at 120 px and at 40 px, if `EMBLEMS_PREVIEW` names a
/// file.
#[test]
fn preview() {
    let mut drawings: Vec<_> =
        base().map(|card| (card.name(), path_data(card).expect("a base card is drawn"))).collect();
    drawings.extend(EXPANSION_EMBLEMS);
    let page = preview_page(&drawings);
    assert!(page.contains("tiger") && page.contains("goat"));
    write_preview(&page);
}

/// The page fetches the emblems as `www/emblems/expansion.txt`, written from the table:
/// `UPDATE_EMBLEMS_FILE=1 cargo test --test expansion_emblems` rewrites it after a drawing changes.
#[test]
fn the_emblems_file_is_the_table_and_reads_back() {
    let written = onitama::ui::expansion_emblems::file();
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/emblems/expansion.txt");
    if std::env::var_os("UPDATE_EMBLEMS_FILE").is_some() {
        std::fs::write(&path, &written).unwrap();
    }
    let file = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        file == written,
        "{} differs from the table: run UPDATE_EMBLEMS_FILE=1 cargo test --test expansion_emblems",
        path.display()
    );
    let read = onitama::ui::expansion_emblems::read(&file).expect("the file reads");
    let table: Vec<&str> = EXPANSION_EMBLEMS.iter().map(|&(_, path)| path).collect();
    assert_eq!(read, table, "the page draws the table's paths");
}

#[test]
fn an_emblems_file_cut_short_or_out_of_order_is_not_read() {
    let file = onitama::ui::expansion_emblems::file();
    let lines: Vec<&str> = file.lines().collect();
    let cut = lines[..lines.len() - 1].join("\n");
    assert_eq!(onitama::ui::expansion_emblems::read(&cut), None);
    let mut swapped = lines.clone();
    swapped.swap(1, 2);
    assert_eq!(onitama::ui::expansion_emblems::read(&swapped.join("\n")), None);
    let renamed = file.replacen("\nbear ", "\nbare ", 1);
    assert_eq!(onitama::ui::expansion_emblems::read(&renamed), None);
    let longer = format!("{file}goat M0 0L1 1Z\n");
    assert_eq!(onitama::ui::expansion_emblems::read(&longer), None);
    assert!(onitama::ui::expansion_emblems::read(&lines.join("\n")).is_some());
}
