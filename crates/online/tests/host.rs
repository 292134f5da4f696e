//! The lines the online module writes for the page that hosts it, and the words and buttons its
//! `Host` puts in them.

use onitama_core::rules::{Color, Game, Outcome, Position};
use onitama_online::bridge::{Event, Phase, Reason, Status};
use onitama_online::host::{Asked, Button, Host, Lang, Panel, ScriptState, ToPage, phrases};
use onitama_online::{MoveLimit, Refusal, Token};

fn start() -> Position {
    "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r".parse().unwrap()
}

#[test]
fn every_line_reads_back_as_written() {
    let mut game = Game::new(start());
    game.play("ox:a1a2".parse().unwrap()).unwrap();
    let mut resigned = game.clone();
    resigned.resign(Color::Blue).unwrap();
    let lines = [
        ToPage::Deal { you: Color::Blue, game: game.clone() },
        ToPage::Deal { you: Color::Red, game: resigned },
        ToPage::Move { ply: 0, mv: "ox:a1a2".parse().unwrap(), position: *game.position() },
        ToPage::Outcome(Some(Outcome::DrawAgreed)),
        ToPage::Outcome(None),
        ToPage::Panel(Panel::default()),
        ToPage::Panel(Panel {
            link: Some("#online=abc".into()),
            text: "Votre adversaire propose la nulle · x".into(),
            buttons: vec![Button { command: "draw-accept".into(), label: "Accepter".into() }],
        }),
        ToPage::State(ScriptState {
            phase: Phase::Reconnecting,
            room: Some(Token::new("abc").unwrap()),
            you: Some(Color::Red),
            opponent_connected: false,
            error: Some("unreachable".into()),
            may_move: false,
        }),
        ToPage::State(ScriptState {
            phase: Phase::Playing,
            room: None,
            you: None,
            opponent_connected: true,
            error: None,
            may_move: true,
        }),
        ToPage::Saved("1 host abc …".into()),
        ToPage::Denied("opponent-away".into()),
    ];
    for line in lines {
        assert_eq!(ToPage::decode(&line.encode()), Ok(line.clone()), "{}", line.encode());
    }
}

#[test]
fn lines_that_do_not_read_are_refused() {
    for line in [
        "",
        "deal",
        "deal green bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r",
        "move 0 ox:a1a2",
        "move x ox:a1a2 bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r",
        "outcome red-wins-by-magic",
        "state dancing - - here - move",
        "state playing - - here - move extra",
        "denied",
        "denied a b",
        "deal blue start bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r",
        "deal blue\nstart bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r\nmoves ox:a1a9",
        "move 01 ox:a1a2 bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r",
        "move 0 ox:a1a2 bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r extra",
        "panel\tlink\ttext\tdraw-accept",
        "hello",
    ] {
        assert!(ToPage::decode(line).is_err(), "{line}");
    }
    assert_eq!(ToPage::decode(&"x".repeat(100_000)), Err(Refusal::TooLong));
}

#[test]
fn a_tab_in_a_word_cannot_make_a_button() {
    let panel = Panel { link: None, text: "a\tdraw-accept\tb".into(), buttons: vec![] };
    let ToPage::Panel(read) = ToPage::decode(&ToPage::Panel(panel).encode()).unwrap() else { panic!() };
    assert!(read.buttons.is_empty());
    assert_eq!(read.text, "a draw-accept b");
}

fn panel(lines: &[ToPage]) -> Option<&Panel> {
    lines.iter().rev().find_map(|l| match l {
        ToPage::Panel(p) => Some(p),
        _ => None,
    })
}

fn commands(panel: &Panel) -> Vec<&str> {
    panel.buttons.iter().map(|b| b.command.as_str()).collect()
}

#[test]
fn the_panel_follows_the_game_in_the_pages_language() {
    let mut host = Host::new(Lang::Fr);
    host.asked(Asked::Create);
    let lines = host.event(&Event::Status(Status { phase: Phase::Waiting, reason: None }));
    assert_eq!(panel(&lines).unwrap().text, "En attente de votre ami\u{a0}: envoyez-lui le lien");
    assert_eq!(commands(panel(&lines).unwrap()), ["leave"]);
    assert_eq!(panel(&lines).unwrap().buttons[0].label, "Annuler");
    let lines = host.event(&Event::Room(Token::new("abcdef").unwrap()));
    assert_eq!(panel(&lines).unwrap().link.as_deref(), Some("#online=abcdef"));
    let lines = host.event(&Event::Status(Status { phase: Phase::Playing, reason: None }));
    assert_eq!(panel(&lines).unwrap().link, None, "the link is for the friend not yet come");
    host.event(&Event::OpponentConnected(true));
    let lines = host.event(&Event::Started { you: Color::Blue, limit: MoveLimit::DEFAULT, position: start() });
    assert_eq!(lines[0], ToPage::Deal { you: Color::Blue, game: Game::new(start()) });
    assert_eq!(commands(panel(&lines).unwrap()), ["draw-offer", "leave"]);
    let lines = host.event(&Event::Offers { draw: Some(Color::Red), rematch: None });
    let offered = panel(&lines).unwrap();
    assert_eq!(offered.text, "Votre adversaire propose la nulle");
    assert_eq!(commands(offered), ["draw-accept", "draw-decline", "leave"]);
    let lines = host.set_lang(Lang::En);
    assert_eq!(panel(&lines).unwrap().text, "Your opponent offers a draw");
    host.event(&Event::Offers { draw: None, rematch: None });
    let lines = host.event(&Event::Outcome(Some(Outcome::Resigned { by: Color::Red })));
    assert_eq!(lines[0], ToPage::Outcome(Some(Outcome::Resigned { by: Color::Red })));
    assert_eq!(commands(panel(&lines).unwrap()), ["rematch-offer", "leave"]);
    let lines = host.event(&Event::Offers { draw: None, rematch: Some(Color::Red) });
    assert_eq!(commands(panel(&lines).unwrap()), ["rematch-accept", "leave"]);
}

#[test]
fn a_stranger_has_no_link_and_troubles_are_told() {
    let mut host = Host::new(Lang::En);
    host.asked(Asked::Find);
    host.event(&Event::Room(Token::new("pool").unwrap()));
    let lines = host.event(&Event::Status(Status { phase: Phase::Waiting, reason: None }));
    assert_eq!(panel(&lines).unwrap().link, None);
    assert_eq!(panel(&lines).unwrap().text, "Looking for an opponent…");
    let lines =
        host.event(&Event::Status(Status { phase: Phase::Error, reason: Some(Reason::Rule(Refusal::SeatTaken)) }));
    assert_eq!(panel(&lines).unwrap().text, "This game already has two players.");
    let state = lines.iter().find_map(|l| match l {
        ToPage::State(s) => Some(s.clone()),
        _ => None,
    });
    assert_eq!(state.unwrap().error.as_deref(), Some("seat-taken"));
    let lines = host.event(&Event::Denied(Reason::OpponentAway));
    assert_eq!(lines[0], ToPage::Denied("opponent-away".into()));
}

#[test]
fn the_words_are_there_in_every_language_and_french_spaces_its_colons() {
    for lang in Lang::ALL {
        let words = phrases(lang);
        let all = [
            words.connecting,
            words.waiting_friend,
            words.waiting_stranger,
            words.opponent_away,
            words.opponent_left,
            words.reconnecting,
            words.can_claim,
            words.draw_offered,
            words.draw_sent,
            words.draw_declined,
            words.rematch_offered,
            words.rematch_sent,
            words.no_server,
            words.unreachable,
            words.no_webrtc,
            words.waiting_inviter,
            words.seat_taken,
            words.diverged,
            words.error,
            words.refused,
            words.dropped,
            words.denied,
            words.offer_draw,
            words.accept_draw,
            words.decline_draw,
            words.claim,
            words.rematch,
            words.leave,
            words.cancel,
            words.back,
        ];
        for text in all {
            assert!(!text.trim().is_empty(), "{lang:?}");
            assert!(!text.contains(['\t', '\n']), "{lang:?}: {text}");
            if lang == Lang::Fr {
                for mark in [':', ';', '!', '?'] {
                    assert!(!text.contains(&format!(" {mark}")), "{text}");
                    for (i, _) in text.match_indices(mark) {
                        let before = text[..i].chars().last();
                        assert!(matches!(before, Some('\u{a0}' | '\u{202f}')), "{text}");
                    }
                }
            }
        }
        assert_eq!(Lang::from_code(lang.code()), Some(lang));
    }
}

#[test]
fn an_opponent_who_left_is_told_and_no_rematch_is_offered() {
    let mut host = Host::new(Lang::En);
    host.asked(Asked::Create);
    host.event(&Event::Status(Status { phase: Phase::Playing, reason: None }));
    host.event(&Event::OpponentConnected(true));
    host.event(&Event::Started { you: Color::Blue, limit: MoveLimit::DEFAULT, position: start() });
    host.event(&Event::Outcome(Some(Outcome::Resigned { by: Color::Red })));
    host.event(&Event::Status(Status { phase: Phase::Ended, reason: None }));
    let lines = host.event(&Event::Offers { draw: None, rematch: Some(Color::Blue) });
    assert_eq!(panel(&lines).unwrap().text, "You offered a rematch");
    let lines = host.event(&Event::Status(Status { phase: Phase::Ended, reason: Some(Reason::OpponentLeft) }));
    let told = panel(&lines).unwrap();
    assert_eq!(told.text, "Your opponent left the game.");
    assert_eq!(commands(told), ["leave"]);
}

#[test]
fn a_draw_offer_declined_or_answered_with_a_move_is_said_to_be_declined() {
    let mut host = Host::new(Lang::Fr);
    host.asked(Asked::Create);
    host.event(&Event::Status(Status { phase: Phase::Playing, reason: None }));
    host.event(&Event::OpponentConnected(true));
    host.event(&Event::Started { you: Color::Red, limit: MoveLimit::DEFAULT, position: start() });
    host.event(&Event::Offers { draw: Some(Color::Red), rematch: None });
    let lines = host.event(&Event::Offers { draw: None, rematch: None });
    assert_eq!(panel(&lines).unwrap().text, "Votre proposition de nulle a été refusée");
    // My next move: the note has been read.
    let mut game = Game::new(start());
    let mv = game.legal_moves()[0];
    game.play(mv).unwrap();
    let lines = host.event(&Event::Move { by: Color::Red, ply: 0, mv, position: *game.position() });
    assert_eq!(panel(&lines).unwrap().text, "");
    // Offered again, and the opponent moves instead of answering.
    host.event(&Event::Offers { draw: Some(Color::Red), rematch: None });
    let reply = game.legal_moves()[0];
    game.play(reply).unwrap();
    host.event(&Event::Move { by: Color::Blue, ply: 1, mv: reply, position: *game.position() });
    let lines = host.event(&Event::Offers { draw: None, rematch: None });
    assert_eq!(panel(&lines).unwrap().text, "Votre proposition de nulle a été refusée");
    // An offer accepted is a draw, not a refusal.
    host.event(&Event::Offers { draw: Some(Color::Red), rematch: None });
    host.event(&Event::Outcome(Some(Outcome::DrawAgreed)));
    let lines = host.event(&Event::Offers { draw: None, rematch: None });
    assert!(!panel(&lines).unwrap().text.contains("refusée"));
}

#[test]
fn a_joiner_waits_for_whoever_invited_them_and_has_no_link_to_send() {
    let mut host = Host::new(Lang::En);
    host.asked(Asked::Join);
    host.event(&Event::Room(Token::new("abcdef").unwrap()));
    let lines = host.event(&Event::Status(Status { phase: Phase::Waiting, reason: None }));
    let told = panel(&lines).unwrap();
    assert_eq!(told.text, "Waiting for the friend who invited you: if nobody comes, ask them for the link again");
    assert_eq!(told.link, None, "the link is the inviter's to send");
}

#[test]
fn a_third_browser_is_told_once_that_the_game_is_full_with_the_way_back() {
    let mut host = Host::new(Lang::Fr);
    host.asked(Asked::Join);
    host.event(&Event::Room(Token::new("abcdef").unwrap()));
    host.event(&Event::Status(Status { phase: Phase::Connecting, reason: None }));
    host.event(&Event::Refused(Refusal::SeatTaken));
    let lines =
        host.event(&Event::Status(Status { phase: Phase::Error, reason: Some(Reason::Rule(Refusal::SeatTaken)) }));
    let told = panel(&lines).unwrap();
    assert_eq!(told.text, "Cette partie a déjà deux joueurs.");
    assert_eq!(told.buttons, [Button { command: "leave".into(), label: "Retour à votre partie".into() }]);
}

#[test]
fn the_two_players_are_not_bothered_by_a_third_browser() {
    let mut host = Host::new(Lang::En);
    host.asked(Asked::Create);
    host.event(&Event::Status(Status { phase: Phase::Playing, reason: None }));
    host.event(&Event::OpponentConnected(true));
    let dealt = host.event(&Event::Started { you: Color::Red, limit: MoveLimit::DEFAULT, position: start() });
    let before = panel(&dealt).unwrap().clone();
    for event in [Event::Refused(Refusal::SeatTaken), Event::Dropped(Refusal::SeatTaken)] {
        let lines = host.event(&event);
        assert!(lines.is_empty(), "{event:?}: {lines:?}");
    }
    let lines = host.set_lang(Lang::En);
    assert_eq!(panel(&lines), Some(&before));
}
