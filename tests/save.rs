//! The save text and the game link: round trips, and a clear reason for every damaged input.

use onitama::mode::AiLevel;
use onitama::mode::Mode;
use onitama::rules::{Card, Color, Deal, Game, IllegalReason, MoveError, RecordError};
use onitama::save::{self, LinkError, SaveError, SaveFile, SavedAnalysis};

fn sample() -> SaveFile {
    let mut game = Game::from_deal(&Deal::from_seed(3));
    for _ in 0..4 {
        let m = game.legal_moves()[0];
        game.play(m).unwrap();
    }
    SaveFile {
        game,
        mode: Mode::VsAi { human: Color::Blue, level: AiLevel::nth(5) },
        show_evaluation: true,
        language: Some("fa".into()),
        puzzle: None,
        aside: None,
        online: None,
        tutorial: None,
        analysis: None,
    }
}

#[test]
fn an_analysis_is_saved_and_read_back_with_its_place_and_the_lines_explored() {
    let file = SaveFile { analysis: Some(SavedAnalysis::default()), ..sample() };
    let text = save::encode(&file);
    assert!(text.contains("\nanalysis\n"), "{text}");
    assert_eq!(save::decode(&text).unwrap(), file);
    assert!(save::decode(&save::encode(&sample())).unwrap().analysis.is_none());
    assert!(matches!(save::decode(&text.replace("\nanalysis\n", "\nanalysis deep\n")), Err(SaveError::UnknownLine(_))));

    // The lines explored are kept as written: the analysis board reads their moves.
    let variations = vec!["ox:c1c2 boar:c5c4".to_string(), "crab:a1a2".to_string()];
    let file = SaveFile { analysis: Some(SavedAnalysis { ply: Some(2), variations, setup: None }), ..sample() };
    let text = save::encode(&file);
    assert!(text.contains("\nanalysis 2\nvariation ox:c1c2 boar:c5c4\nvariation crab:a1a2\n"), "{text}");
    assert_eq!(save::decode(&text).unwrap(), file);
    // Without an analysis line, they are no one's.
    let alone = save::decode(&text.replace("\nanalysis 2\n", "\n")).unwrap();
    assert_eq!(alone.analysis, None);
}

#[test]
fn a_puzzle_in_play_is_saved_and_read_back() {
    let file = SaveFile {
        puzzle: Some(onitama::save::SavedPuzzle { id: 12, plies: 5, daily: true, shown: false, helped: false }),
        ..sample()
    };
    let text = save::encode(&file);
    assert!(text.contains("\npuzzle 12 5 daily\n"), "{text}");
    assert_eq!(save::decode(&text).unwrap(), file);
    let broken = text.replace("puzzle 12 5 daily", "puzzle 12 five daily");
    assert!(matches!(save::decode(&broken), Err(save::SaveError::UnknownLine(_))));
    // A puzzle whose solution is shown says so, and reads back so.
    let shown = SaveFile {
        puzzle: Some(onitama::save::SavedPuzzle { id: 12, plies: 5, daily: false, shown: true, helped: false }),
        ..sample()
    };
    let text = save::encode(&shown);
    assert!(text.contains("\npuzzle 12 5 chosen shown\n"), "{text}");
    assert_eq!(save::decode(&text).unwrap(), shown);
    let unknown = text.replace("chosen shown", "chosen seen");
    assert!(matches!(save::decode(&unknown), Err(save::SaveError::UnknownLine(_))));
}

#[test]
fn the_tutorials_step_is_saved_and_read_back() {
    let file = SaveFile { tutorial: Some(5), ..sample() };
    let text = save::encode(&file);
    assert!(text.contains("\ntutorial 5\n"), "{text}");
    assert_eq!(save::decode(&text).unwrap(), file);
    for broken in ["tutorial six", "tutorial", "tutorial -1"] {
        let text = text.replace("tutorial 5", broken);
        assert!(matches!(save::decode(&text), Err(save::SaveError::UnknownLine(_))), "{broken}");
    }
}

#[test]
fn a_save_round_trips() {
    let file = sample();
    let text = save::encode(&file);
    assert!(text.starts_with("onitama-save 1\nmode ai blue 5\nevaluation on\nlanguage fa\nstart "), "{text}");
    assert_eq!(save::decode(&text).unwrap(), file);
    for mode in [
        Mode::PassAndPlay { turn_board: false },
        Mode::PassAndPlay { turn_board: true },
        Mode::Watch { level: AiLevel::nth(0) },
    ] {
        let other = SaveFile { mode, language: None, ..sample() };
        assert_eq!(save::decode(&save::encode(&other)).unwrap(), other);
    }
}

#[test]
fn a_damaged_save_says_why() {
    use SaveError::*;
    let good = save::encode(&sample());
    let long = "x".repeat(100);
    let cases: Vec<(String, SaveError, &str)> = vec![
        ("".into(), NotASave, "it is not an Onitama save (an older version may have written it)"),
        ("{\"format\":1,\"record\":\"\"}".into(), NotASave, "it is not an Onitama save"),
        (
            good.replace("onitama-save 1", "onitama-save 7"),
            UnsupportedFormat { found: 7, supported: save::FORMAT },
            "it was written in save format 7, and this version reads format 1",
        ),
        (
            good.replace("onitama-save 1", "onitama-save x"),
            BadFormatNumber("x".into()),
            "its format number 'x' is not a number",
        ),
        (
            good.replace("mode ai blue 5", "mode chess"),
            UnknownMode("chess".into()),
            "it names an unknown way to play 'chess'",
        ),
        (
            good.replace("mode ai blue 5", "mode ai green 5"),
            UnknownColor("green".into()),
            "it names an unknown colour 'green'",
        ),
        (
            good.replace("mode ai blue 5", "mode ai blue 99"),
            UnknownLevel("99".into()),
            "it names level '99', which does not exist",
        ),
        (
            good.replace("mode ai blue 5", "mode watch -1"),
            UnknownLevel("-1".into()),
            "it names level '-1', which does not exist",
        ),
        (good.replace("mode ai blue 5\n", ""), MissingMode, "it does not say who plays which side"),
        (
            good.replace("evaluation on", "evaluation maybe"),
            BadEvaluation("maybe".into()),
            "evaluation must be on or off, not 'maybe'",
        ),
        (
            good.replace("language fa", "colour blind"),
            UnknownLine("colour blind".into()),
            "it has an unknown line 'colour blind'",
        ),
        // Text from the save is shortened to 40 characters in the error.
        (
            good.replace("language fa", &long),
            UnknownLine(format!("{}…", "x".repeat(40))),
            "it has an unknown line 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'",
        ),
        (
            good.replace("evaluation on", &format!("evaluation {long}")),
            BadEvaluation(format!("{}…", "x".repeat(40))),
            "evaluation must be on or off, not 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…'",
        ),
        ("onitama-save 1\nmode two turn\n".into(), NoGame, "it holds no game"),
        (
            good.replace("moves ", "moves tiger:a1a1 "),
            BrokenRecord(RecordError::Move {
                line: 2,
                number: 1,
                source: MoveError::Illegal {
                    mv: "tiger:a1a1".into(),
                    reason: IllegalReason::CardNotHeld { color: Color::Red, card: Card::Tiger },
                },
            }),
            "its game record is broken: line 2, move 1: tiger:a1a1 is not legal here",
        ),
    ];
    for (text, expected, message) in cases {
        let error = save::decode(&text).expect_err(&text);
        match (&error, &expected) {
            // The reason of an illegal move is the rules' business: compare the rest.
            (
                BrokenRecord(RecordError::Move { line, number, source: MoveError::Illegal { mv, .. } }),
                BrokenRecord(RecordError::Move { line: l, number: n, source: MoveError::Illegal { mv: m, .. } }),
            ) => assert_eq!((line, number, mv), (l, n, m), "{text:?}"),
            _ => assert_eq!(error, expected, "{text:?}"),
        }
        assert!(error.to_string().starts_with(message), "{text:?}: {error}");
    }
    let cut = &good[..good.len() / 2];
    let error = save::decode(cut).expect_err(cut);
    assert!(matches!(error, BrokenRecord(_)), "{error:?}");
    assert!(error.to_string().starts_with("its game record is broken: line "), "{error}");
}

#[test]
fn a_link_round_trips_and_a_tampered_one_is_refused() {
    let game = sample().game;
    let fragment = save::link_fragment(&game, None);
    assert!(fragment.starts_with("#game=start%20"), "{fragment}");
    assert_eq!(save::game_from_fragment(&fragment).unwrap().unwrap().game, game);
    assert!(save::game_from_fragment("#somewhere").is_none());
    let bad_escape = save::game_from_fragment("#game=start%2").unwrap().unwrap_err();
    assert_eq!(bad_escape, LinkError::BadEncoding);
    assert_eq!(bad_escape.to_string(), "the link is damaged (bad % encoding)");
    let tampered = fragment.replacen("%3A", "%3Ax", 1);
    let broken = save::game_from_fragment(&tampered).unwrap().unwrap_err();
    assert!(matches!(broken, LinkError::BrokenRecord(RecordError::Move { line: 2, number: 1, .. })), "{broken:?}");
    assert!(broken.to_string().starts_with("the game in the link is broken: line 2, move 1: "), "{broken}");
}

#[test]
fn a_finished_game_saves_and_links() {
    let mut game = Game::new("5/2B2/2r2/5/R4 ox,boar crab,tiger horse r".parse().unwrap());
    game.play("ox:c3c4".parse().unwrap()).unwrap();
    // The game that starts where the last one ended is over before it begins.
    let over = Game::new(*game.position());
    for game in [game, over] {
        assert!(game.outcome().is_some());
        let file = SaveFile {
            game: game.clone(),
            mode: Mode::Watch { level: AiLevel::nth(0) },
            show_evaluation: false,
            language: None,
            puzzle: None,
            aside: None,
            online: None,
            tutorial: None,
            analysis: None,
        };
        assert_eq!(save::decode(&save::encode(&file)).unwrap(), file);
        assert_eq!(save::game_from_fragment(&save::link_fragment(&game, None)).unwrap().unwrap().game, game);
    }
}

#[test]
fn percent_coding_round_trips_any_text() {
    for text in ["", "a b\nc", "ببر:c1c3", "%%", "100%"] {
        assert_eq!(save::percent_decode(&save::percent_encode(text)).as_deref(), Some(text));
    }
    assert_eq!(save::percent_decode("%zz"), None);
    assert_eq!(save::percent_decode("%+1"), None);
    assert_eq!(save::percent_decode("%C3"), None, "half a UTF-8 character");
}

#[test]
fn an_agreed_draw_and_a_win_on_time_save_link_and_join_the_finished_games() {
    for declare in [Game::agree_draw as fn(&mut Game) -> _, |g: &mut Game| g.win_on_time(Color::Blue)] {
        let mut game = sample().game;
        let outcome = declare(&mut game).unwrap();
        let file = SaveFile { game: game.clone(), ..sample() };
        let back = save::decode(&save::encode(&file)).unwrap();
        assert_eq!(back.game.outcome(), Some(outcome));
        assert_eq!(back, file);
        assert_eq!(save::game_from_fragment(&save::link_fragment(&game, None)).unwrap().unwrap().game, game);
        let finished = save::decode_finished(&save::add_finished(None, &game, file.mode));
        assert_eq!(finished.len(), 1);
        assert_eq!(finished[0].game.outcome(), Some(outcome));
    }
}

/// A save, a link and a record written by the build before the expansion cards existed (base
/// cards only) read back as the same game and are written again byte for byte.
#[test]
fn a_save_and_a_link_from_before_the_expansion_read_back_unchanged() {
    let record = "start bbBbb/5/5/5/rrRrr crane,elephant tiger,frog mantis r\n\
                  moves elephant:d1c2 frog:c5d4 mantis:c2d3 elephant:d4c3 crane:d3e2 tiger:c3c4 elephant:e2d3 \
                  crane:d5d4 tiger:d3d2 mantis:b5a4 crane:a1a2 tiger:d4d5\n";
    let saved = format!("onitama-save 1\nmode ai red 4\nevaluation off\nlanguage fa\n{record}");
    let link = "#game=start%20bbBbb%2F5%2F5%2F5%2FrrRrr%20crane%2Celephant%20tiger%2Cfrog%20mantis%20r%0Amoves%20\
                elephant%3Ad1c2%20frog%3Ac5d4%20mantis%3Ac2d3%20elephant%3Ad4c3%20crane%3Ad3e2%20tiger%3Ac3c4%20\
                elephant%3Ae2d3%20crane%3Ad5d4%20tiger%3Ad3d2%20mantis%3Ab5a4%20crane%3Aa1a2%20tiger%3Ad4d5%0A";
    let end = "b2bb/b1B2/5/r2r1/1rR1r mantis,frog crane,elephant tiger r";

    let game = Game::from_record(record).unwrap();
    assert_eq!(game.position().to_string(), end);
    assert_eq!(game.to_record(), record);
    let file = save::decode(&saved).unwrap();
    assert_eq!(file.game, game);
    assert_eq!(file.mode, Mode::VsAi { human: Color::Red, level: AiLevel::from_index(4).unwrap() });
    assert_eq!(save::encode(&file), saved);
    assert_eq!(save::game_from_fragment(link).unwrap().unwrap().game, game);
    assert_eq!(save::link_fragment(&game, None), link);
}

#[test]
fn a_game_with_expansion_cards_saves_and_links() {
    let mut game = Game::new("bbBbb/5/5/5/rrRrr sea-snake,kirin goat,tiger phoenix b".parse().unwrap());
    game.play("goat:d5c4".parse().unwrap()).unwrap();
    let file = SaveFile { game: game.clone(), ..sample() };
    assert_eq!(save::decode(&save::encode(&file)).unwrap(), file);
    let link = save::link_fragment(&game, None);
    assert!(link.contains("sea-snake"), "{link}");
    assert_eq!(save::game_from_fragment(&link).unwrap().unwrap().game, game);
}
