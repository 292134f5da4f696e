//! The typed errors in the page's four languages: English is the errors' own `Display`; the
//! others are translations with the data in place, and Persian keeps the left-to-right fragments
//! (squares, moves, text from the input) isolated and as written.

use onitama::rules::*;
use onitama::save::*;
use onitama::ui::Lang;
use onitama::ui::error_text::*;
mod common;

const FSI: char = '\u{2068}';
const PDI: char = '\u{2069}';

/// The text outside the isolates; panics on an unbalanced or nested isolate.
fn outside_isolates(text: &str) -> String {
    let mut outside = String::new();
    let mut inside = false;
    for c in text.chars() {
        match c {
            FSI => {
                assert!(!inside, "nested isolate in {text:?}");
                inside = true;
            }
            PDI => {
                assert!(inside, "PDI without FSI in {text:?}");
                inside = false;
            }
            _ if !inside => outside.push(c),
            _ => {}
        }
    }
    assert!(!inside, "unclosed isolate in {text:?}");
    outside
}

/// One error in the four languages. `verbatim`: fragments that must appear as written (isolated in
/// Persian); `data`: what must appear in Persian, Spanish and French (names, numbers in the
/// language's digits).
fn check(english: String, say: impl Fn(Lang) -> String, verbatim: &[&str], data: [&[&str]; 3]) {
    assert_eq!(say(Lang::En), english);
    for (lang, data) in [Lang::Fa, Lang::Es, Lang::Fr].into_iter().zip(data) {
        let text = say(lang);
        assert!(!text.trim().is_empty(), "{lang:?}: empty for {english:?}");
        assert_ne!(text, english, "{lang:?}: not translated");
        for fragment in verbatim {
            let expected = if lang == Lang::Fa { format!("{FSI}{fragment}{PDI}") } else { fragment.to_string() };
            assert!(text.contains(&expected), "{lang:?}: {expected:?} missing from {text:?}");
        }
        for item in data {
            assert!(text.contains(item), "{lang:?}: {item:?} missing from {text:?}");
        }
        if lang == Lang::Fa {
            let outside = outside_isolates(&text);
            assert!(!outside.chars().any(|c| c.is_ascii_digit()), "ASCII digit outside the isolates: {text:?}");
            assert!(!outside.chars().any(|c| c.is_ascii_alphabetic()), "Latin outside the isolates: {text:?}");
        } else {
            assert!(!text.contains([FSI, PDI]), "{lang:?}: isolates outside Persian: {text:?}");
        }
    }
}

fn position_variant(error: &PositionError) -> usize {
    use PositionError::*;
    // Exhaustive on purpose: a new variant must be added to the cases below.
    match error {
        FieldCount(_) => 0,
        RankCount(_) => 1,
        RankWidth { .. } => 2,
        BadBoardChar { .. } => 3,
        HandSize { .. } => 4,
        UnknownCard(_) => 5,
        DuplicateCard(_) => 6,
        BadSideToMove(_) => 7,
        TwoMasters(_) => 8,
        TooManyPieces { .. } => 9,
        TooManyStudents { .. } => 10,
        NoMasters => 11,
        NoMasterNotToMove(_) => 12,
        MasterOnTemple { .. } => 13,
    }
}

fn move_variant(error: &MoveError) -> usize {
    use MoveError::*;
    match error {
        Syntax(_) => 0,
        UnknownCard(_) => 1,
        BadSquare(_) => 2,
        Illegal { .. } => 3,
        GameOver(_) => 4,
    }
}

fn illegal_variant(reason: &IllegalReason) -> usize {
    use IllegalReason::*;
    match reason {
        CardNotHeld { .. } => 0,
        PassWhileAbleToMove { .. } => 1,
        NoPieceOnFrom { .. } => 2,
        OutOfReach { .. } => 3,
        OwnPieceOnTarget { .. } => 4,
    }
}

fn record_variant(error: &RecordError) -> usize {
    use RecordError::*;
    match error {
        MissingStart => 0,
        Position { .. } => 1,
        Move { .. } => 2,
        UnknownLine { .. } => 3,
        ResultMismatch { .. } => 4,
    }
}

fn save_variant(error: &SaveError) -> usize {
    use SaveError::*;
    match error {
        NotASave => 0,
        UnsupportedFormat { .. } => 1,
        BadFormatNumber(_) => 2,
        UnknownMode(_) => 3,
        UnknownColor(_) => 4,
        UnknownLevel(_) => 5,
        BadEvaluation(_) => 6,
        UnknownLine(_) => 7,
        MissingMode => 8,
        NoGame => 9,
        BrokenRecord(_) => 10,
    }
}

fn link_variant(error: &LinkError) -> usize {
    match error {
        LinkError::BadEncoding => 0,
        LinkError::BrokenRecord(_) => 1,
    }
}

fn assert_every_variant<E>(cases: &[E], variant: fn(&E) -> usize, count: usize) {
    let mut seen: Vec<usize> = cases.iter().map(variant).collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen, (0..count).collect::<Vec<_>>(), "a variant has no case");
}

const NONE: &[&str] = &[];

/// An error, its verbatim fragments, and its data in Persian, Spanish and French.
type Case<E> = (E, &'static [&'static str], [&'static [&'static str]; 3]);

fn temple() -> Square {
    Square::temple(Color::Blue)
}

fn position_cases() -> Vec<Case<PositionError>> {
    use PositionError::*;
    vec![
        (FieldCount(7), NONE, [&["۷", "قرمز", "آبی"], &["7", "Rojo", "Azul"], &["7", "Rouge", "Bleu"]]),
        (RankCount(8), &["/"], [&["۸"], &["8"], &["8"]]),
        (RankWidth { rank: 3, squares: 6 }, NONE, [&["۳", "۶"], &["3", "6"], &["3", "6"]]),
        (BadBoardChar { rank: 4, found: 'x' }, &["x", "R r B b", "1-5"], [&["۴"], &["4"], &["4"]]),
        (BadBoardChar { rank: 2, found: '0' }, &["0"], [&["۲"], &["2"], &["2"]]),
        (HandSize { color: Color::Blue, found: 3 }, &[","], [&["آبی", "۳"], &["Azul", "3"], &["Bleu", "3"]]),
        (UnknownCard("tigre9".into()), &["tigre9"], [NONE, NONE, NONE]),
        (DuplicateCard(Card::Crane), NONE, [&["درنا"], &["grulla"], &["grue"]]),
        (BadSideToMove("x1".into()), &["x1", "r", "b"], [NONE, NONE, NONE]),
        (TwoMasters(Color::Red), NONE, [&["قرمز"], &["Rojo"], &["Rouge"]]),
        (TooManyPieces { color: Color::Blue, count: 6 }, NONE, [&["آبی", "۶"], &["Azul", "6"], &["Bleu", "6"]]),
        (TooManyStudents { color: Color::Red, count: 7 }, NONE, [&["قرمز", "۷"], &["Rojo", "7"], &["Rouge", "7"]]),
        (NoMasters, NONE, [NONE, NONE, NONE]),
        // The side without a master and the side to move (the other one) are both named.
        (NoMasterNotToMove(Color::Blue), NONE, [&["آبی", "قرمز"], &["Azul", "Rojo"], &["Bleu", "Rouge"]]),
        (MasterOnTemple { color: Color::Red, square: temple() }, &["c5"], [&["قرمز"], &["Rojo"], &["Rouge"]]),
    ]
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn illegal_cases() -> Vec<Case<IllegalReason>> {
    use IllegalReason::*;
    vec![
        (
            CardNotHeld { color: Color::Blue, card: Card::Tiger },
            NONE,
            [&["آبی", "ببر"], &["Azul", "tigre"], &["Bleu", "tigre"]],
        ),
        (PassWhileAbleToMove { color: Color::Red }, NONE, [&["قرمز"], &["Rojo"], &["Rouge"]]),
        (NoPieceOnFrom { color: Color::Blue, from: sq("d4") }, &["d4"], [&["آبی"], &["Azul"], &["Bleu"]]),
        (
            OutOfReach { card: Card::Crane, from: sq("a1"), to: sq("e5"), color: Color::Red },
            &["a1", "e5"],
            [&["درنا", "قرمز"], &["grulla", "Rojo"], &["grue", "Rouge"]],
        ),
        (OwnPieceOnTarget { color: Color::Blue, to: sq("c3") }, &["c3"], [&["آبی"], &["Azul"], &["Bleu"]]),
    ]
}

fn move_cases() -> Vec<Case<MoveError>> {
    use MoveError::*;
    let stone = Outcome::Win { winner: Color::Blue, way: Way::Stone };
    vec![
        (Syntax("tiger-c1c3".into()), &["tiger-c1c3", "tiger:c1c3"], [NONE, NONE, NONE]),
        (UnknownCard("lion".into()), &["lion"], [NONE, NONE, NONE]),
        (BadSquare("f6".into()), &["f6", "a1", "e5"], [NONE, NONE, NONE]),
        (
            Illegal { mv: "ox:c1c2".into(), reason: IllegalReason::CardNotHeld { color: Color::Red, card: Card::Ox } },
            &["ox:c1c2"],
            [&["قرمز", "گاو"], &["Rojo", "buey"], &["Rouge", "bœuf"]],
        ),
        (GameOver(stone), NONE, [&["آبی", "سنگ"], &["Azul", "Piedra"], &["Bleu", "Pierre"]]),
        (GameOver(Outcome::DrawByRepetition), NONE, [&["مساوی"], &["Tablas"], &["nulle"]]),
    ]
}

fn record_cases() -> Vec<Case<RecordError>> {
    use RecordError::*;
    vec![
        (MissingStart, &["start"], [NONE, NONE, NONE]),
        (
            Position { line: 12, source: PositionError::TwoMasters(Color::Blue) },
            NONE,
            [&["سطر ۱۲", "آبی"], &["línea 12", "Azul"], &["ligne 12", "Bleu"]],
        ),
        (
            Position { line: 3, source: PositionError::MasterOnTemple { color: Color::Red, square: temple() } },
            &["c5"],
            [&["۳", "قرمز"], &["3", "Rojo"], &["3", "Rouge"]],
        ),
        (
            Move { line: 14, number: 23, source: MoveError::BadSquare("z9".into()) },
            &["z9"],
            [&["۱۴", "۲۳"], &["14", "23"], &["14", "23"]],
        ),
        (UnknownLine { line: 5, text: "bogus 42 c3".into() }, &["bogus 42 c3"], [&["۵"], &["5"], &["5"]]),
        (
            ResultMismatch { line: 9, claimed: "red-stone".into(), actual: "*".into() },
            &["red-stone", "*"],
            [&["۹"], &["9"], &["9"]],
        ),
    ]
}

fn save_cases() -> Vec<Case<SaveError>> {
    use SaveError::*;
    vec![
        (NotASave, NONE, [NONE, &["Onitama"], &["Onitama"]]),
        (UnsupportedFormat { found: 7, supported: 2 }, NONE, [&["۷", "۲"], &["7", "2"], &["7", "2"]]),
        (BadFormatNumber("1.5x".into()), &["1.5x"], [NONE, NONE, NONE]),
        (UnknownMode("chess 3".into()), &["chess 3"], [NONE, NONE, NONE]),
        (UnknownColor("green".into()), &["green"], [NONE, NONE, NONE]),
        (UnknownLevel("99".into()), &["99"], [NONE, NONE, NONE]),
        (BadEvaluation("maybe".into()), &["maybe", "on", "off"], [NONE, NONE, NONE]),
        (UnknownLine("colour 4".into()), &["colour 4"], [NONE, NONE, NONE]),
        (MissingMode, NONE, [NONE, NONE, NONE]),
        (NoGame, NONE, [NONE, NONE, NONE]),
        (
            BrokenRecord(RecordError::Move {
                line: 6,
                number: 11,
                source: MoveError::Illegal {
                    mv: "crab:b1b2".into(),
                    reason: IllegalReason::OwnPieceOnTarget { color: Color::Red, to: sq("b2") },
                },
            }),
            &["crab:b1b2", "b2"],
            [&["۶", "۱۱", "قرمز"], &["6", "11", "Rojo"], &["6", "11", "Rouge"]],
        ),
        (BrokenRecord(RecordError::MissingStart), &["start"], [NONE, NONE, NONE]),
    ]
}

fn link_cases() -> Vec<Case<LinkError>> {
    vec![
        (LinkError::BadEncoding, NONE, [NONE, NONE, NONE]),
        (
            LinkError::BrokenRecord(RecordError::Position {
                line: 17,
                source: PositionError::HandSize { color: Color::Red, found: 1 },
            }),
            &[","],
            [&["۱۷", "قرمز", "۱"], &["17", "Rojo"], &["17", "Rouge"]],
        ),
    ]
}

#[test]
fn position_errors_in_every_language() {
    let cases = position_cases();
    assert_every_variant(&cases.iter().map(|c| c.0.clone()).collect::<Vec<_>>(), position_variant, 14);
    for (error, verbatim, data) in cases {
        check(error.to_string(), |lang| position_error(&common::texts(lang), &error), verbatim, data);
    }
}

#[test]
fn move_errors_in_every_language() {
    let cases = move_cases();
    assert_every_variant(&cases.iter().map(|c| c.0.clone()).collect::<Vec<_>>(), move_variant, 5);
    for (error, verbatim, data) in cases {
        check(error.to_string(), |lang| move_error(&common::texts(lang), &error), verbatim, data);
    }
}

#[test]
fn illegal_reasons_in_every_language() {
    let cases = illegal_cases();
    assert_every_variant(&cases.iter().map(|c| c.0).collect::<Vec<_>>(), illegal_variant, 5);
    for (reason, verbatim, data) in cases {
        check(reason.to_string(), |lang| illegal_reason(&common::texts(lang), &reason), verbatim, data);
        // Inside the move error, each reason is translated too, after the move's notation.
        let error = MoveError::Illegal { mv: "tiger:pass".into(), reason };
        let fragments: Vec<&str> = ["tiger:pass"].into_iter().chain(verbatim.iter().copied()).collect();
        check(error.to_string(), |lang| move_error(&common::texts(lang), &error), &fragments, data);
        for lang in [Lang::En, Lang::Fa, Lang::Es, Lang::Fr] {
            assert!(
                move_error(&common::texts(lang), &error).ends_with(&illegal_reason(&common::texts(lang), &reason)),
                "{lang:?}: {reason:?}"
            );
        }
    }
}

#[test]
fn record_errors_in_every_language() {
    let cases = record_cases();
    assert_every_variant(&cases.iter().map(|c| c.0.clone()).collect::<Vec<_>>(), record_variant, 5);
    for (error, verbatim, data) in cases {
        check(error.to_string(), |lang| record_error(&common::texts(lang), &error), verbatim, data);
    }
}

#[test]
fn save_errors_in_every_language() {
    let cases = save_cases();
    assert_every_variant(&cases.iter().map(|c| c.0.clone()).collect::<Vec<_>>(), save_variant, 11);
    for (error, verbatim, data) in cases {
        check(error.to_string(), |lang| save_error(&common::texts(lang), &error), verbatim, data);
    }
}

#[test]
fn link_errors_in_every_language() {
    let cases = link_cases();
    assert_every_variant(&cases.iter().map(|c| c.0.clone()).collect::<Vec<_>>(), link_variant, 2);
    for (error, verbatim, data) in cases {
        check(error.to_string(), |lang| link_error(&common::texts(lang), &error), verbatim, data);
    }
}

/// Nested errors are translated all the way down, not only the outer sentence.
#[test]
fn nested_errors_are_translated_inside() {
    let inner = PositionError::TooManyStudents { color: Color::Blue, count: 5 };
    let record = RecordError::Position { line: 2, source: inner.clone() };
    for lang in [Lang::Fa, Lang::Es, Lang::Fr] {
        let inner_text = position_error(&common::texts(lang), &inner);
        assert!(record_error(&common::texts(lang), &record).ends_with(&inner_text));
        assert!(save_error(&common::texts(lang), &SaveError::BrokenRecord(record.clone())).ends_with(&inner_text));
        assert!(link_error(&common::texts(lang), &LinkError::BrokenRecord(record.clone())).ends_with(&inner_text));
    }
}

/// Errors that come out of the real parsers, not only hand-built values.
#[test]
fn parser_errors_in_persian_keep_their_fragments() {
    let error = onitama::save::decode(
        "onitama-save 1\nmode ai red 4\nstart bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r\nmoves boar:c1c9\n",
    )
    .unwrap_err();
    let fa = save_error(&common::texts(Lang::Fa), &error);
    assert!(fa.contains("\u{2068}c9\u{2069}"), "{fa}");
    // The record's lines count from its `start` line.
    assert!(fa.contains("سطر ۲"), "{fa}");
    assert!(!outside_isolates(&fa).chars().any(|c| c.is_ascii_digit()), "{fa}");
}

/// French puts a space that never breaks before ':', as the rest of the page does.
#[test]
fn french_spaces_before_colons() {
    let texts = [
        record_error(
            &common::texts(Lang::Fr),
            &RecordError::Move { line: 1, number: 1, source: MoveError::UnknownCard("x".into()) },
        ),
        save_error(&common::texts(Lang::Fr), &SaveError::UnknownLine("x".into())),
        link_error(&common::texts(Lang::Fr), &LinkError::BrokenRecord(RecordError::MissingStart)),
    ];
    let illegal = illegal_cases().into_iter().map(|(reason, ..)| MoveError::Illegal { mv: "ox:pass".into(), reason });
    for text in texts.into_iter().chain(illegal.map(|error| move_error(&common::texts(Lang::Fr), &error))) {
        // The move's notation has its own colon.
        let text = text.replace("ox:pass", "");
        for (index, _) in text.match_indices(':') {
            assert!(text[..index].ends_with('\u{a0}'), "no unbreakable space before ':' in {text:?}");
        }
    }
}
