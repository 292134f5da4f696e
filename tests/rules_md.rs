//! RULES.md's card table and pictures are written from the code's card table, and its perft
//! figures for expansion starts from the engine's perft; they must stay equal:
//! `UPDATE_RULES_MD=1 cargo test --test rules_md` rewrites them after the code changes.

use onitama::rules::{Card, Pack, Position, perft};

const CARDS_BEGIN: &str = "<!-- The card table, written from the code by tests/rules_md.rs: edit the code, then run\n     \
                           UPDATE_RULES_MD=1 cargo test --test rules_md -->\n";
const CARDS_END: &str = "<!-- End of the card table. -->";
const PERFT_BEGIN: &str = "<!-- The expansion perft table, written from the engine's perft by tests/rules_md.rs:\n     \
                           UPDATE_RULES_MD=1 cargo test --test rules_md -->\n";
const PERFT_END: &str = "<!-- End of the expansion perft table. -->";

/// Starts that deal expansion cards, the side card's stamp to move.
pub const EXPANSION_STARTS: [&str; 4] = [
    "bbBbb/5/5/5/rrRrr bear,kirin fox,phoenix viper r",
    "bbBbb/5/5/5/rrRrr ox,sea-snake tiger,turtle goat r",
    "bbBbb/5/5/5/rrRrr crab,giraffe dragon,mouse sheep b",
    "bbBbb/5/5/5/rrRrr tanuki,iguana sable,otter dog b",
];
const PERFT_DEPTH: u32 = 6;

/// `−1`, `0`, `+2`: signed, with a true minus sign.
fn signed(n: i8) -> String {
    match n {
        0 => "0".to_string(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", -n),
    }
}

fn offsets(card: Card) -> String {
    card.offsets().iter().map(|&(x, y)| format!("({}, {})", signed(x), signed(y))).collect::<Vec<_>>().join(" ")
}

/// The cards whose offsets are this card's with left and right swapped.
fn mirror(card: Card) -> String {
    let sorted = |offsets: &mut Vec<(i8, i8)>| offsets.sort();
    let mut mirrored: Vec<(i8, i8)> = card.offsets().iter().map(|&(x, y)| (-x, y)).collect();
    sorted(&mut mirrored);
    let matches: Vec<&str> = Card::ALL
        .into_iter()
        .filter(|other| {
            let mut theirs = other.offsets().to_vec();
            sorted(&mut theirs);
            theirs == mirrored
        })
        .map(|other| if other == card { "symmetric" } else { other.name() })
        .collect();
    if matches.is_empty() { "none".to_string() } else { matches.join(", ") }
}

fn pack_name(pack: Pack) -> &'static str {
    match pack {
        Pack::Base => "base",
        Pack::SenseisPath => "Sensei's Path",
        Pack::Promo => "promo",
    }
}

/// A card's picture: a title line and five rows, forward up, the piece in the middle.
fn picture(card: Card) -> Vec<String> {
    let mut lines = vec![format!("{} ({})", card.name(), card.stamp().code())];
    for dy in (-2..=2).rev() {
        let cells: Vec<&str> = (-2..=2)
            .map(|dx| match (dx, dy) {
                (0, 0) => "○",
                _ if card.offsets().contains(&(dx, dy)) => "■",
                _ => "·",
            })
            .collect();
        lines.push(cells.join(" "));
    }
    lines
}

fn cards_text() -> String {
    let mut text = String::from(
        "The table and the pictures below were generated from the card table in `crates/core/src/rules/card.rs`. The\n\
         index is the card's place in that table; hands are printed in this order (see\n\
         [Position notation](#position-notation)). The base game's 16 cards come first, then the 16 of\n\
         Sensei's Path, then the two promo cards (reprinted in Way of the Wind). Cards that are mirror\n\
         images of each other (left and right swapped) carry different stamps.\n\n\
         | index | card | Persian | stamp | offsets (dx, dy) | left–right mirror | pack |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for card in Card::ALL {
        text.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {} |\n",
            card.index(),
            card.name(),
            card.persian_name(),
            card.stamp().code(),
            offsets(card),
            mirror(card),
            pack_name(card.pack())
        ));
    }
    text.push_str(
        "\nIn the pictures, forward is up: `○` is the piece, `■` a square it may jump to, `·` a square it\n\
         cannot reach. The card's stamp colour is in brackets.\n\n```text\n",
    );
    for (row, cards) in Card::ALL.chunks(4).enumerate() {
        if row > 0 {
            text.push('\n');
        }
        let pictures: Vec<Vec<String>> = cards.iter().map(|&card| picture(card)).collect();
        for line in 0..6 {
            let cells: Vec<String> = pictures.iter().map(|p| format!("{:<17}", p[line])).collect();
            text.push_str(cells.concat().trim_end());
            text.push('\n');
        }
    }
    text.push_str("```\n");
    text
}

fn perft_text() -> String {
    let mut text = String::from("| position | depth 1 | 2 | 3 | 4 | 5 | 6 |\n|---|---|---|---|---|---|---|\n");
    for start in EXPANSION_STARTS {
        let position: Position = start.parse().unwrap();
        assert_eq!(position.to_string(), start, "write the start as the engine prints it");
        let counts: Vec<String> = (1..=PERFT_DEPTH).map(|depth| perft(&position, depth).to_string()).collect();
        text.push_str(&format!("| `{start}` | {} |\n", counts.join(" | ")));
    }
    text
}

/// `text` with what stands between `begin` and `end` replaced by `inner`.
fn replaced(text: &str, begin: &str, end: &str, inner: &str) -> String {
    let start = text.find(begin).unwrap_or_else(|| panic!("RULES.md lacks {begin:?}")) + begin.len();
    let stop = start + text[start..].find(end).unwrap_or_else(|| panic!("RULES.md lacks {end:?}"));
    format!("{}{inner}{}", &text[..start], &text[stop..])
}

#[test]
fn rules_md_shows_the_code_s_cards_and_perft_figures() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("RULES.md");
    let file = std::fs::read_to_string(&path).unwrap();
    let written = replaced(&file, CARDS_BEGIN, CARDS_END, &cards_text());
    let written = replaced(&written, PERFT_BEGIN, PERFT_END, &perft_text());
    if std::env::var_os("UPDATE_RULES_MD").is_some() {
        std::fs::write(&path, &written).unwrap();
    }
    let file = std::fs::read_to_string(&path).unwrap();
    assert!(file == written, "RULES.md differs from the code: run UPDATE_RULES_MD=1 cargo test --test rules_md");
}

#[test]
fn the_expansion_starts_deal_expansion_cards_and_their_stamp_starts() {
    for start in EXPANSION_STARTS {
        let position: Position = start.parse().unwrap();
        let cards: Vec<Card> = onitama::rules::Color::ALL
            .into_iter()
            .flat_map(|color| position.hand(color))
            .chain([position.side_card()])
            .collect();
        assert!(cards.iter().any(|card| card.pack() != Pack::Base), "{start}");
        assert_eq!(position.to_move(), position.side_card().stamp(), "{start}");
    }
}
