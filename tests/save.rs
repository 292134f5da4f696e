//! The save text and the game link: round trips, and a clear reason for every damaged input.

use onitama::rules::{Color, Deal, Game};
use onitama::save::{self, Mode, SaveFile};

fn sample() -> SaveFile {
    let mut game = Game::from_deal(&Deal::from_seed(3));
    for _ in 0..4 {
        let m = game.legal_moves()[0];
        game.play(m).unwrap();
    }
    SaveFile {
        game,
        mode: Mode::VsAi { human: Color::Blue, level: 5 },
        show_evaluation: true,
        language: Some("fa".into()),
    }
}

#[test]
fn a_save_round_trips() {
    let file = sample();
    let text = save::encode(&file);
    assert!(text.starts_with("onitama-save 1\nmode ai blue 5\nevaluation on\nlanguage fa\nstart "), "{text}");
    assert_eq!(save::decode(&text).unwrap(), file);
    for mode in
        [Mode::PassAndPlay { turn_board: false }, Mode::PassAndPlay { turn_board: true }, Mode::Watch { level: 0 }]
    {
        let other = SaveFile { mode, language: None, ..sample() };
        assert_eq!(save::decode(&save::encode(&other)).unwrap(), other);
    }
}

#[test]
fn a_damaged_save_says_why() {
    let good = save::encode(&sample());
    let cut = &good[..good.len() / 2];
    let cases: Vec<(String, &str)> = vec![
        ("".into(), "not an Onitama save"),
        ("{\"format\":1,\"record\":\"\"}".into(), "not an Onitama save"),
        (good.replace("onitama-save 1", "onitama-save 7"), "save format 7"),
        (good.replace("onitama-save 1", "onitama-save x"), "format number 'x'"),
        (good.replace("mode ai blue 5", "mode chess"), "unknown way to play 'chess'"),
        (good.replace("mode ai blue 5", "mode ai green 5"), "colour 'green'"),
        (good.replace("mode ai blue 5", "mode ai blue 99"), "level '99'"),
        (good.replace("mode ai blue 5\n", ""), "who plays which side"),
        (good.replace("evaluation on", "evaluation maybe"), "on or off"),
        (good.replace("language fa", "colour blind"), "unknown line 'colour blind'"),
        (cut.to_string(), "broken"),
    ];
    for (text, reason) in cases {
        let message = save::decode(&text).expect_err(&text);
        assert!(message.contains(reason), "{text:?}: {message}");
    }
}

#[test]
fn a_link_round_trips_and_a_tampered_one_is_refused() {
    let game = sample().game;
    let fragment = save::link_fragment(&game);
    assert!(fragment.starts_with("#game=start%20"), "{fragment}");
    assert_eq!(save::game_from_fragment(&fragment).unwrap().unwrap(), game);
    assert!(save::game_from_fragment("#somewhere").is_none());
    let bad_escape = save::game_from_fragment("#game=start%2").unwrap().unwrap_err();
    assert!(bad_escape.contains("bad % encoding"), "{bad_escape}");
    let tampered = fragment.replacen("%3A", "%3Ax", 1);
    assert!(save::game_from_fragment(&tampered).unwrap().unwrap_err().contains("the game in the link is broken"));
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
