//! French puts a space before `:`, `;`, `!` and `?`, and inside « »: a space that never breaks,
//! so that "Rouge commence" and its ": …" stay on one line.

use onitama::rules::{Card, Color, Outcome, Way};
use onitama::ui::{Lang, Mode, error_text, text};
mod common;

/// Where a plain space stands before a French mark or inside its quotation marks.
fn breakable(text: &str) -> Option<String> {
    let bad = [" :", " ;", " !", " ?", "« ", " »"];
    bad.iter().find(|b| text.contains(*b)).map(|b| format!("{b:?} in {text:?}"))
}

#[test]
fn french_texts_on_the_page_keep_their_marks_with_the_words_before_them() {
    let fr = Lang::Fr;
    let samples = [
        text::who_starts(&common::texts(fr), Card::Boar),
        text::result(&common::texts(fr), Outcome::Win { winner: Color::Red, way: Way::Stone }, Mode::default()),
        text::result_short(&common::texts(fr), Outcome::Win { winner: Color::Red, way: Way::Stream }, Mode::default()),
        text::must_pass(&common::texts(fr)),
        text::choose_card(&common::texts(fr)),
        text::duplicate_card(&common::texts(fr), Card::Crab, 2),
        text::viewing(&common::texts(fr), 2, 5),
        text::link_broken(&common::texts(fr), "x"),
        text::result(&common::texts(fr), Outcome::DrawAgreed, Mode::default()),
        text::result(&common::texts(fr), Outcome::WonOnTime { winner: Color::Blue }, Mode::default()),
        error_text::position_error(&common::texts(fr), &"nonsense".parse::<onitama::rules::Position>().unwrap_err()),
    ];
    assert!(samples[0].contains("commence\u{a0}:"), "{}", samples[0]);
    for sample in &samples {
        assert_eq!(breakable(sample), None);
    }
}

#[test]
fn the_french_files_fetched_by_the_page_keep_them_too() {
    for file in [include_str!("../www/errors/fr.txt"), include_str!("../www/rules/fr.txt")] {
        for line in file.lines().filter(|l| !l.starts_with('#')) {
            assert_eq!(breakable(line), None);
        }
    }
}

#[test]
fn every_french_text_in_the_table_keeps_them() {
    // The French table, as written: every string literal in it.
    let source = include_str!("../src/ui/text/fr.rs");
    let start = source.find("const FR: Texts<'static> = Texts {").expect("the French table");
    let table = &source[start..start + source[start..].find("\n};\n").unwrap()];
    let literals: Vec<&str> = table.split('"').skip(1).step_by(2).collect();
    assert!(literals.len() > 100, "the table was read");
    for literal in literals {
        assert_eq!(breakable(literal), None);
    }
}

#[test]
fn persian_joins_the_boards_lists_with_its_own_comma() {
    let position = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r".parse().unwrap();
    let persian = text::describe_position(&common::texts(Lang::Fa), &position);
    assert!(!persian.contains(','), "a Latin comma in {persian:?}");
    assert!(persian.contains("a۱، b۱، d۱، e۱"), "{persian:?}");
    for lang in [Lang::En, Lang::Es, Lang::Fr] {
        let described = text::describe_position(&common::texts(lang), &position);
        assert!(described.contains("a1, b1, d1, e1") && !described.contains('،'), "{described:?}");
    }
}
