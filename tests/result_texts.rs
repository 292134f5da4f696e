//! The words for an agreed draw and a win on time, in each language: the result line and the
//! short result, with the colours filled in.

use onitama::rules::{Color, Outcome};
use onitama::ui::{Lang, Mode, text};
mod common;

const TWO: Mode = Mode::PassAndPlay { turn_board: false };

#[test]
fn an_agreed_draw_reads_as_a_draw_by_agreement_in_every_language() {
    let long: Vec<String> =
        Lang::ALL.iter().map(|&lang| text::result(&common::texts(lang), Outcome::DrawAgreed, TWO)).collect();
    assert_eq!(long[0], "Draw: the players agreed to it");
    assert!(long[1].contains("توافق"), "{}", long[1]);
    assert_eq!(long[2], "Tablas: los jugadores las acordaron");
    assert_eq!(long[3], "Partie nulle\u{a0}: les joueurs en sont convenus");
    // In a few words it is a draw like any other.
    for lang in Lang::ALL {
        assert_eq!(
            text::result_short(&common::texts(lang), Outcome::DrawAgreed, TWO),
            text::result_short(&common::texts(lang), Outcome::DrawByRepetition, TWO)
        );
    }
}

#[test]
fn a_win_on_time_names_the_winner_and_the_side_that_ran_out_of_time() {
    let outcome = Outcome::WonOnTime { winner: Color::Blue };
    let long: Vec<String> = Lang::ALL.iter().map(|&lang| text::result(&common::texts(lang), outcome, TWO)).collect();
    assert_eq!(long[0], "Blue wins on time: Red was away or did not move in time");
    assert!(long[1].contains("زمان"), "{}", long[1]);
    assert_eq!(long[2], "Gana Azul por tiempo: Rojo no estaba o no movió a tiempo");
    assert_eq!(long[3], "Bleu gagne au temps\u{a0}: Rouge était absent ou n'a pas joué à temps");
    assert_eq!(text::result_short(&common::texts(Lang::En), outcome, TWO), "Blue wins!");
    assert_eq!(
        text::result_short(&common::texts(Lang::Es), Outcome::WonOnTime { winner: Color::Red }, TWO),
        "¡Gana Rojo!"
    );
    // No text is missing: a key that is not in a table would show as the key itself.
    for lang in Lang::ALL {
        for outcome in [Outcome::DrawAgreed, outcome] {
            let words = text::result(&common::texts(lang), outcome, TWO);
            assert!(!words.contains("draw-agreed") && !words.contains("wins-on-time"), "{words}");
        }
    }
}

#[test]
fn an_online_result_speaks_of_the_opponent_never_of_the_ai_in_every_language() {
    use onitama::rules::Way;
    // The AI's name in each language's texts.
    let ai = ["AI", "هوش مصنوعی", "IA", "IA"];
    let mode = Mode::Online { you: Some(Color::Blue) };
    let mut outcomes = vec![Outcome::DrawAgreed, Outcome::DrawByRepetition];
    for winner in [Color::Red, Color::Blue] {
        outcomes.extend([
            Outcome::Win { winner, way: Way::Stone },
            Outcome::Win { winner, way: Way::Stream },
            Outcome::WonOnTime { winner },
            Outcome::Resigned { by: winner },
        ]);
    }
    for (i, lang) in Lang::ALL.into_iter().enumerate() {
        for &outcome in &outcomes {
            for words in [
                text::result(&common::texts(lang), outcome, mode),
                text::result_short(&common::texts(lang), outcome, mode),
            ] {
                assert!(!words.contains(ai[i]), "{lang:?} {outcome:?}: {words}");
                assert!(!words.contains('-') || words.contains(" — "), "{lang:?} {outcome:?}: a key shows: {words}");
                // Who won is said as "you" or "your opponent", not by colour.
                for color in [Color::Red, Color::Blue] {
                    let name = text::color_name(&common::texts(lang), color);
                    assert!(!words.contains(name), "{lang:?} {outcome:?}: {words}");
                }
            }
        }
    }
    assert_eq!(
        text::result(&common::texts(Lang::En), Outcome::Win { winner: Color::Blue, way: Way::Stone }, mode),
        "You win by the Way of the Stone: you captured your opponent's master"
    );
    assert_eq!(
        text::result(&common::texts(Lang::Fr), Outcome::WonOnTime { winner: Color::Red }, mode),
        "Votre adversaire gagne au temps\u{a0}: vous étiez absent ou n'avez pas joué à temps"
    );
}
