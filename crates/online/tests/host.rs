//! The lines the online module writes for the page that hosts it, and the words and buttons its
//! `Host` puts in them.

use onitama_core::rules::{Color, Game, Outcome, Position};
use onitama_online::bridge::{Command, Phase, Reason, Report, Status};
use onitama_online::game::Clocks;
use onitama_online::host::{Asked, Button, Host, Lang, Panel, PhrasePanel, ScriptState, ToPage, phrases};
use onitama_online::{MoveLimit, Phrase, Refusal, Token};

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
        ToPage::Deal { you: Some(Color::Blue), game: game.clone() },
        ToPage::Deal { you: Some(Color::Red), game: resigned.clone() },
        ToPage::Deal { you: None, game: resigned },
        ToPage::Move { ply: 0, mv: "ox:a1a2".parse().unwrap(), position: *game.position() },
        ToPage::Outcome(Some(Outcome::DrawAgreed)),
        ToPage::Outcome(None),
        ToPage::Panel(Panel::default()),
        ToPage::Panel(Panel {
            link: Some("#online=abc".into()),
            clock: Some("À vous\u{a0}: 2:41".into()),
            text: "Votre adversaire propose la nulle · x".into(),
            buttons: vec![Button { command: Command::AcceptDraw, label: "Accepter".into() }],
            phrases: None,
        }),
        ToPage::State(ScriptState {
            phase: Phase::Reconnecting,
            room: Some(Token::new("abc").unwrap()),
            you: Some(Color::Red),
            opponent_connected: false,
            error: Some(Reason::Unreachable),
            may_move: false,
            clocks: None,
            watchers: 0,
        }),
        ToPage::State(ScriptState {
            phase: Phase::Playing,
            room: None,
            you: None,
            opponent_connected: true,
            error: None,
            may_move: true,
            clocks: Some(Clocks { left: [176_500, 9_000], running: Some(Color::Blue), increment: 2000 }),
            watchers: 2,
        }),
        ToPage::State(ScriptState {
            phase: Phase::Watching,
            room: Some(Token::new("abc").unwrap()),
            you: None,
            opponent_connected: true,
            error: None,
            may_move: false,
            clocks: None,
            watchers: 8,
        }),
        ToPage::Saved("1 host abc …".into()),
        ToPage::Denied(Reason::OpponentAway),
        ToPage::Panel(Panel {
            text: "x".into(),
            phrases: Some(PhrasePanel { wait: true, shown: false }),
            ..Panel::default()
        }),
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
        "panel\tlink\tclock\ttext\tdraw-accept",
        "panel\tlink\ttext",
        "hello",
    ] {
        assert!(ToPage::decode(line).is_err(), "{line}");
    }
    assert_eq!(ToPage::decode(&"x".repeat(100_000)), Err(Refusal::TooLong));
}

#[test]
fn a_tab_in_a_word_cannot_make_a_button() {
    let panel = Panel {
        link: None,
        clock: Some("x\ty".into()),
        text: "a\tdraw-accept\tb".into(),
        buttons: vec![],
        phrases: None,
    };
    let ToPage::Panel(read) = ToPage::decode(&ToPage::Panel(panel).encode()).unwrap() else { panic!() };
    assert!(read.buttons.is_empty());
    assert_eq!(read.text, "a draw-accept b");
    assert_eq!(read.clock.as_deref(), Some("x y"));
}

fn panel(lines: &[ToPage]) -> Option<&Panel> {
    lines.iter().rev().find_map(|l| match l {
        ToPage::Panel(p) => Some(p),
        _ => None,
    })
}

/// The panel's buttons' commands, as lines.
fn commands(panel: &Panel) -> Vec<String> {
    panel.buttons.iter().map(|b| b.command.encode()).collect()
}

#[test]
fn the_panel_follows_the_game_in_the_pages_language() {
    let mut host = Host::new(Lang::Fr);
    host.asked(Asked::Create);
    let lines = host.event(&Report::Status(Status { phase: Phase::Waiting, reason: None }));
    assert_eq!(panel(&lines).unwrap().text, "En attente de votre ami\u{a0}: envoyez-lui le lien");
    assert_eq!(commands(panel(&lines).unwrap()), ["leave"]);
    assert_eq!(panel(&lines).unwrap().buttons[0].label, "Annuler");
    let lines = host.event(&Report::Room(Token::new("abcdef").unwrap()));
    assert_eq!(panel(&lines).unwrap().link.as_deref(), Some("#online=abcdef"));
    let lines = host.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
    assert_eq!(panel(&lines).unwrap().link, None, "the link is for the friend not yet come");
    host.event(&Report::OpponentConnected(true));
    let lines = host.event(&Report::Started { you: Color::Blue, limit: MoveLimit::DEFAULT, position: start() });
    assert_eq!(lines[0], ToPage::Deal { you: Some(Color::Blue), game: Game::new(start()) });
    assert_eq!(commands(panel(&lines).unwrap()), ["draw-offer", "leave"]);
    let lines = host.event(&Report::Offers { draw: Some(Color::Red), rematch: None });
    let offered = panel(&lines).unwrap();
    assert_eq!(offered.text, "Votre adversaire propose la nulle");
    assert_eq!(commands(offered), ["draw-accept", "draw-decline", "leave"]);
    let lines = host.set_lang(Lang::En);
    assert_eq!(panel(&lines).unwrap().text, "Your opponent offers a draw");
    host.event(&Report::Offers { draw: None, rematch: None });
    let lines = host.event(&Report::Outcome(Some(Outcome::Resigned { by: Color::Red })));
    assert_eq!(lines[0], ToPage::Outcome(Some(Outcome::Resigned { by: Color::Red })));
    assert_eq!(commands(panel(&lines).unwrap()), ["rematch-offer", "leave"]);
    let lines = host.event(&Report::Offers { draw: None, rematch: Some(Color::Red) });
    assert_eq!(commands(panel(&lines).unwrap()), ["rematch-accept", "rematch-decline", "leave"]);
    assert_eq!(panel(&lines).unwrap().buttons[1].label, "Decline");
    assert_eq!(panel(&lines).unwrap().text, "Your opponent offers a rematch");
    // The opponent takes it back: this side is told, and may offer one itself.
    let lines = host.event(&Report::Offers { draw: None, rematch: None });
    assert_eq!(panel(&lines).unwrap().text, "Your opponent withdrew the rematch offer");
    assert_eq!(commands(panel(&lines).unwrap()), ["rematch-offer", "leave"]);
    // This side offers, and may take it back; its own withdrawal is no news.
    host.command(&onitama_online::bridge::Command::OfferRematch);
    let lines = host.event(&Report::Offers { draw: None, rematch: Some(Color::Blue) });
    assert_eq!(panel(&lines).unwrap().text, "You offered a rematch");
    assert_eq!(commands(panel(&lines).unwrap()), ["rematch-withdraw", "leave"]);
    assert_eq!(panel(&lines).unwrap().buttons[0].label, "Withdraw");
    host.command(&onitama_online::bridge::Command::WithdrawRematch);
    let lines = host.event(&Report::Offers { draw: None, rematch: None });
    assert_eq!(panel(&lines).unwrap().text, "");
    // Offered again, and declined by the opponent: told so.
    host.event(&Report::Offers { draw: None, rematch: Some(Color::Blue) });
    let lines = host.event(&Report::Offers { draw: None, rematch: None });
    assert_eq!(panel(&lines).unwrap().text, "Your rematch offer was declined");
    // A new deal (the opponent offered and this side accepted) says nothing of offers.
    host.event(&Report::Offers { draw: None, rematch: Some(Color::Red) });
    host.command(&onitama_online::bridge::Command::AcceptRematch);
    let mut lines = host.event(&Report::Offers { draw: None, rematch: None });
    lines.extend(host.event(&Report::Started { you: Color::Red, limit: MoveLimit::DEFAULT, position: start() }));
    assert_eq!(panel(&lines).unwrap().text, "");
}

#[test]
fn a_stranger_has_no_link_and_troubles_are_told() {
    let mut host = Host::new(Lang::En);
    host.asked(Asked::Find);
    host.event(&Report::Room(Token::new("pool").unwrap()));
    let lines = host.event(&Report::Status(Status { phase: Phase::Waiting, reason: None }));
    assert_eq!(panel(&lines).unwrap().link, None);
    assert_eq!(panel(&lines).unwrap().text, "Looking for an opponent…");
    let lines =
        host.event(&Report::Status(Status { phase: Phase::Error, reason: Some(Reason::Rule(Refusal::SeatTaken)) }));
    assert_eq!(panel(&lines).unwrap().text, "This game already has two players.");
    let state = lines.iter().find_map(|l| match l {
        ToPage::State(s) => Some(s.clone()),
        _ => None,
    });
    assert_eq!(state.unwrap().error.map(Reason::code), Some("seat-taken"));
    let lines = host.event(&Report::Denied(Reason::OpponentAway));
    assert_eq!(lines[0], ToPage::Denied(Reason::OpponentAway));
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
            words.can_claim_away,
            words.inviter_not_open,
            words.draw_too_soon,
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
            words.previous_diverged,
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
            words.say,
            words.say_title,
            words.close,
            words.show_phrases,
            words.heard,
            words.other_version,
            words.abort,
            words.aborted,
            words.abort_late,
            words.takeback,
            words.takeback_sent,
            words.takeback_offered,
            words.accept_takeback,
            words.takeback_declined,
            words.taken_back,
        ];
        let all = all.into_iter().chain(words.phrase);
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
    host.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
    host.event(&Report::OpponentConnected(true));
    host.event(&Report::Started { you: Color::Blue, limit: MoveLimit::DEFAULT, position: start() });
    host.event(&Report::Outcome(Some(Outcome::Resigned { by: Color::Red })));
    host.event(&Report::Status(Status { phase: Phase::Ended, reason: None }));
    let lines = host.event(&Report::Offers { draw: None, rematch: Some(Color::Blue) });
    assert_eq!(panel(&lines).unwrap().text, "You offered a rematch");
    let lines = host.event(&Report::Status(Status { phase: Phase::Ended, reason: Some(Reason::OpponentLeft) }));
    let told = panel(&lines).unwrap();
    assert_eq!(told.text, "Your opponent left the game.");
    assert_eq!(commands(told), ["leave"]);
}

#[test]
fn a_draw_offer_declined_or_answered_with_a_move_is_said_to_be_declined() {
    let mut host = Host::new(Lang::Fr);
    host.asked(Asked::Create);
    host.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
    host.event(&Report::OpponentConnected(true));
    host.event(&Report::Started { you: Color::Red, limit: MoveLimit::DEFAULT, position: start() });
    host.event(&Report::Offers { draw: Some(Color::Red), rematch: None });
    let lines = host.event(&Report::Offers { draw: None, rematch: None });
    assert_eq!(panel(&lines).unwrap().text, "Votre proposition de nulle a été refusée");
    // My next move: the note has been read.
    let mut game = Game::new(start());
    let mv = game.legal_moves()[0];
    game.play(mv).unwrap();
    let lines = host.event(&Report::Move { by: Color::Red, ply: 0, mv, position: *game.position() });
    assert_eq!(panel(&lines).unwrap().text, "");
    // Offered again, and the opponent moves instead of answering.
    host.event(&Report::Offers { draw: Some(Color::Red), rematch: None });
    let reply = game.legal_moves()[0];
    game.play(reply).unwrap();
    host.event(&Report::Move { by: Color::Blue, ply: 1, mv: reply, position: *game.position() });
    let lines = host.event(&Report::Offers { draw: None, rematch: None });
    assert_eq!(panel(&lines).unwrap().text, "Votre proposition de nulle a été refusée");
    // An offer accepted is a draw, not a refusal.
    host.event(&Report::Offers { draw: Some(Color::Red), rematch: None });
    host.event(&Report::Outcome(Some(Outcome::DrawAgreed)));
    let lines = host.event(&Report::Offers { draw: None, rematch: None });
    assert!(!panel(&lines).unwrap().text.contains("refusée"));
}

#[test]
fn a_joiner_waits_for_whoever_invited_them_and_has_no_link_to_send() {
    let mut host = Host::new(Lang::En);
    host.asked(Asked::Join);
    host.event(&Report::Room(Token::new("abcdef").unwrap()));
    let lines = host.event(&Report::Status(Status { phase: Phase::Waiting, reason: None }));
    let told = panel(&lines).unwrap();
    assert_eq!(told.text, "Waiting for the friend who invited you: if nobody comes, ask them for the link again");
    assert_eq!(told.link, None, "the link is the inviter's to send");
}

#[test]
fn a_third_browser_is_told_once_that_the_game_is_full_with_the_way_back() {
    let mut host = Host::new(Lang::Fr);
    host.asked(Asked::Join);
    host.event(&Report::Room(Token::new("abcdef").unwrap()));
    host.event(&Report::Status(Status { phase: Phase::Connecting, reason: None }));
    host.event(&Report::Refused(Refusal::SeatTaken));
    let lines =
        host.event(&Report::Status(Status { phase: Phase::Error, reason: Some(Reason::Rule(Refusal::SeatTaken)) }));
    let told = panel(&lines).unwrap();
    assert_eq!(told.text, "Cette partie a déjà deux joueurs.");
    assert_eq!(told.buttons, [Button { command: Command::Leave, label: "Retour à votre partie".into() }]);
}

#[test]
fn the_two_players_are_not_bothered_by_a_third_browser() {
    let mut host = Host::new(Lang::En);
    host.asked(Asked::Create);
    host.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
    host.event(&Report::OpponentConnected(true));
    let dealt = host.event(&Report::Started { you: Color::Red, limit: MoveLimit::DEFAULT, position: start() });
    let before = panel(&dealt).unwrap().clone();
    for event in [Report::Refused(Refusal::SeatTaken), Report::Dropped(Refusal::SeatTaken)] {
        let lines = host.event(&event);
        assert!(lines.is_empty(), "{event:?}: {lines:?}");
    }
    let lines = host.set_lang(Lang::En);
    assert_eq!(panel(&lines), Some(&before));
}

#[test]
fn a_page_restored_after_a_reload_is_shown_its_own_side_not_the_inviters() {
    use onitama_online::bridge::Command;
    let guest =
        "online guest Pdc8ldAa8IYBJnBtgmYT0D 0 GenITj6PjwOpNu-fWqkX8C - blue 60 1796157961625 0 random random 180 - 0";
    let host_side = guest.replacen("guest", "host", 1);
    for (saved, asked, link) in [(guest.to_string(), Asked::Join, false), (host_side, Asked::Create, true)] {
        let command = Command::decode(&format!("restore {saved}")).unwrap();
        assert_eq!(Asked::of(&command), Some(asked), "{saved}");
        let mut host = Host::new(Lang::En);
        host.asked(Asked::of(&command).unwrap());
        let mut lines = host.event(&Report::Status(Status { phase: Phase::Waiting, reason: None }));
        lines.extend(host.event(&Report::Room(Token::new("Pdc8ldAa8IYBJnBtgmYT0D").unwrap())));
        let panel = panel(&lines).unwrap();
        assert_eq!(panel.link.is_some(), link, "only the inviter is given the link to send");
        let words = if link { phrases(Lang::En).waiting_friend } else { phrases(Lang::En).waiting_inviter };
        assert_eq!(panel.text, words);
    }
    for line in ["create random random 180", "join abcdefabcdef", "find base"] {
        assert!(Asked::of(&Command::decode(line).unwrap()).is_some(), "{line}");
    }
    assert_eq!(Asked::of(&Command::decode("resign").unwrap()), None);
}

fn said_words(lines: &[ToPage]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|l| match l {
            ToPage::Say(text) => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_opponents_arrival_and_return_are_said_once_and_shown_until_the_next_move() {
    use onitama_online::bridge::Command;
    let mut host = Host::new(Lang::Es);
    host.command(&Command::decode("create random random 180").unwrap());
    host.event(&Report::Status(Status { phase: Phase::Waiting, reason: None }));
    let mut lines = host.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
    lines.extend(host.event(&Report::Started { you: Color::Red, limit: MoveLimit::DEFAULT, position: start() }));
    assert!(said_words(&lines).is_empty(), "nothing said before the friend is here");
    let lines = host.event(&Report::OpponentConnected(true));
    assert_eq!(said_words(&lines), ["Tu rival ha llegado: empieza la partida"]);
    assert_eq!(panel(&lines).unwrap().text, "Tu rival ha llegado: empieza la partida");
    assert_eq!(ToPage::decode(&lines[0].encode()), Ok(lines[0].clone()), "a say line reads back");
    let mut game = Game::new(start());
    game.play("ox:a1a2".parse().unwrap()).unwrap();
    let lines = host.event(&Report::Move {
        by: Color::Red,
        ply: 0,
        mv: "ox:a1a2".parse().unwrap(),
        position: *game.position(),
    });
    assert_eq!(panel(&lines).unwrap().text, "", "the news gives way to the game");
    let lines = host.event(&Report::OpponentConnected(false));
    assert!(said_words(&lines).is_empty());
    assert_eq!(panel(&lines).unwrap().text, "Tu rival no está: esperando a que vuelva");
    let lines = host.event(&Report::OpponentConnected(true));
    assert_eq!(said_words(&lines), ["Tu rival ha vuelto"]);
    assert_eq!(panel(&lines).unwrap().text, "Tu rival ha vuelto");
    let lines = host.set_lang(Lang::Fr);
    assert_eq!(panel(&lines).unwrap().text, "Votre adversaire est de retour");

    // After this page's own reload the opponent's first connection is a return, not a start.
    let mut restored = Host::new(Lang::En);
    let saved =
        "online guest Pdc8ldAa8IYBJnBtgmYT0D 0 GenITj6PjwOpNu-fWqkX8C - blue 60 1796157961625 0 random random 180 - 0";
    restored.command(&Command::decode(&format!("restore {saved}")).unwrap());
    restored.event(&Report::Started { you: Color::Blue, limit: MoveLimit::DEFAULT, position: start() });
    restored.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
    assert_eq!(said_words(&restored.event(&Report::OpponentConnected(true))), ["Your opponent is back"]);
}

#[test]
fn the_clock_says_whose_move_it_is_and_the_time_left_in_the_pages_language() {
    let mut host = Host::new(Lang::En);
    host.asked(Asked::Create);
    host.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
    host.event(&Report::OpponentConnected(true));
    let lines = host.event(&Report::Started { you: Color::Blue, limit: MoveLimit::DEFAULT, position: start() });
    assert_eq!(panel(&lines).unwrap().clock, None, "not before the module tells the time");
    let lines = host.event(&Report::Clock(Some((Color::Red, 161))));
    assert_eq!(panel(&lines).unwrap().clock.as_deref(), Some("Opponent's move: 2:41"));
    let lines = host.event(&Report::Clock(Some((Color::Blue, 9))));
    assert_eq!(panel(&lines).unwrap().clock.as_deref(), Some("Your move: 0:09"));
    let lines = host.set_lang(Lang::Fa);
    assert_eq!(panel(&lines).unwrap().clock.as_deref(), Some("حرکت شما: ۰:۰۹"));
    let lines = host.set_lang(Lang::Fr);
    assert_eq!(panel(&lines).unwrap().clock.as_deref(), Some("À vous\u{a0}: 0:09"));
    let lines = host.event(&Report::Outcome(Some(Outcome::Resigned { by: Color::Red })));
    assert_eq!(panel(&lines).unwrap().clock, None, "no clock once the game is over");
    let lines = host.event(&Report::Clock(None));
    assert!(panel(&lines).is_none_or(|p| p.clock.is_none()));
}

#[test]
fn a_divergence_of_the_last_game_is_said_in_the_pages_language_and_the_game_goes_on() {
    let mut host = Host::new(Lang::Fa);
    host.asked(Asked::Create);
    host.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
    host.event(&Report::OpponentConnected(true));
    host.event(&Report::Started { you: Color::Red, limit: MoveLimit::DEFAULT, position: start() });
    let mut game = Game::new(start());
    let moves = ["ox:a1a2", "horse:a5a4"].map(|m| m.parse().unwrap());
    game.play(moves[0]).unwrap();
    host.event(&Report::Move { by: Color::Red, ply: 0, mv: moves[0], position: *game.position() });
    let lines = host.event(&Report::Refused(Refusal::PreviousDiverged));
    let words = phrases(Lang::Fa).previous_diverged;
    assert_eq!(said_words(&lines), [words]);
    let shown = panel(&lines).unwrap();
    assert_eq!(shown.text, words);
    assert_eq!(commands(shown), ["draw-offer", "leave"], "the game being played goes on");
    let state = lines.iter().find_map(|l| if let ToPage::State(s) = l { Some(s.clone()) } else { None });
    assert_eq!(state.unwrap().error.map(Reason::code), Some("previous-diverged"));
    let lines = host.set_lang(Lang::Fr);
    assert_eq!(panel(&lines).unwrap().text, phrases(Lang::Fr).previous_diverged);
    // Shown until the next move.
    game.play(moves[1]).unwrap();
    let lines = host.event(&Report::Move { by: Color::Blue, ply: 1, mv: moves[1], position: *game.position() });
    assert_eq!(panel(&lines).unwrap().text, "");
}

#[test]
fn a_claim_refused_as_early_says_whose_clock_disagreed_in_words_a_phone_shows_whole() {
    let playing = |lang| {
        let mut host = Host::new(lang);
        host.asked(Asked::Create);
        host.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
        host.event(&Report::OpponentConnected(true));
        host.event(&Report::Started { you: Color::Red, limit: MoveLimit::Seconds(60), position: start() });
        host
    };
    // My claim, refused by the opponent's clock.
    let mut host = playing(Lang::En);
    host.event(&Report::CanClaim(true));
    host.command(&onitama_online::bridge::Command::Claim);
    host.event(&Report::CanClaim(false));
    let lines = host.event(&Report::Refused(Refusal::TooEarly));
    assert_eq!(panel(&lines).unwrap().text, "Your opponent's clock says your claim came early: the game goes on");
    // The opponent's claim, refused by mine.
    let mut host = playing(Lang::En);
    let lines = host.event(&Report::Refused(Refusal::TooEarly));
    assert_eq!(panel(&lines).unwrap().text, "Your opponent claimed the win too early by your clock: the game goes on");
    for lang in Lang::ALL {
        let words = phrases(lang);
        for text in [words.claim_refused_mine, words.claim_refused_theirs] {
            // One or two lines on a 360 px phone.
            assert!(text.chars().count() <= 80, "{lang:?}: {text}");
        }
        let mut host = playing(lang);
        host.command(&onitama_online::bridge::Command::Claim);
        let lines = host.event(&Report::Refused(Refusal::TooEarly));
        assert_eq!(panel(&lines).unwrap().text, words.claim_refused_mine);
    }
}

#[test]
fn no_draw_is_offered_while_a_declined_one_waits() {
    let mut host = Host::new(Lang::En);
    host.asked(Asked::Create);
    host.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
    host.event(&Report::OpponentConnected(true));
    let lines = host.event(&Report::Started { you: Color::Red, limit: MoveLimit::DEFAULT, position: start() });
    assert!(commands(panel(&lines).unwrap()).contains(&"draw-offer".to_string()));
    let lines = host.event(&Report::DrawWait(true));
    assert!(!commands(panel(&lines).unwrap()).contains(&"draw-offer".to_string()));
    let lines = host.event(&Report::DrawWait(false));
    assert!(commands(panel(&lines).unwrap()).contains(&"draw-offer".to_string()));
}

#[test]
fn the_module_tells_the_page_when_a_declined_draw_may_be_offered_again() {
    use onitama_online::bridge::Report as E;
    for event in [E::DrawWait(true), E::DrawWait(false)] {
        assert_eq!(E::decode(&event.encode()), Ok(event.clone()), "{}", event.encode());
    }
}

#[test]
fn a_draw_offered_again_too_soon_has_its_own_words_not_a_claims() {
    let playing = |lang| {
        let mut host = Host::new(lang);
        host.asked(Asked::Create);
        host.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
        host.event(&Report::OpponentConnected(true));
        host.event(&Report::Started { you: Color::Red, limit: MoveLimit::DEFAULT, position: start() });
        host
    };
    for lang in Lang::ALL {
        let words = phrases(lang);
        // My offer, refused by the opponent as too soon after theirs declined mine: the module
        // ends my offer and says that a declined one waits.
        let mut host = playing(lang);
        host.command(&onitama_online::bridge::Command::OfferDraw);
        host.event(&Report::Offers { draw: Some(Color::Red), rematch: None });
        host.event(&Report::Refused(Refusal::DrawTooSoon));
        host.event(&Report::DrawWait(true));
        let lines = host.event(&Report::Offers { draw: None, rematch: None });
        let text = &panel(&lines).unwrap().text;
        assert_eq!(text, words.draw_too_soon, "{lang:?}");
        assert!(!text.contains(words.claim_refused_theirs) && !text.contains(words.claim_refused_mine));
        assert!(!commands(panel(&lines).unwrap()).contains(&"draw-offer".to_string()));
        assert!(words.draw_too_soon.chars().count() <= 80, "{lang:?}: one or two lines on a phone");
        // The opponent's offer, refused here: nothing to bother this player with.
        let mut host = playing(lang);
        let lines = host.event(&Report::Refused(Refusal::DrawTooSoon));
        assert_eq!(panel(&lines), None, "{lang:?}: the panel is as it was");
    }
}

#[test]
fn an_opponent_gone_long_enough_to_claim_against_is_said_to_have_left_with_claim_the_win() {
    for lang in Lang::ALL {
        let words = phrases(lang);
        let mut host = Host::new(lang);
        host.asked(Asked::Create);
        host.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
        host.event(&Report::OpponentConnected(true));
        host.event(&Report::Started { you: Color::Red, limit: MoveLimit::Seconds(60), position: start() });
        let mut lines = host.event(&Report::OpponentConnected(false));
        lines.extend(
            host.event(&Report::Status(Status { phase: Phase::Reconnecting, reason: Some(Reason::OpponentAway) })),
        );
        assert_eq!(panel(&lines).unwrap().text, words.opponent_away);
        let lines = host.event(&Report::CanClaim(true));
        let panel = panel(&lines).unwrap();
        assert_eq!(panel.text, words.can_claim_away, "{lang:?}");
        assert_ne!(words.can_claim_away, words.can_claim);
        assert!(commands(panel).contains(&"claim".to_string()));
        assert!(words.can_claim_away.chars().count() <= 80, "{lang:?}: one or two lines on a phone");
    }
}

fn phrase_panel(lines: &[ToPage]) -> Option<&Option<PhrasePanel>> {
    panel(lines).map(|p| &p.phrases)
}

/// A host in a game with the opponent here, in `lang`.
fn playing(lang: Lang) -> Host {
    let mut host = Host::new(lang);
    host.command(&Command::decode("create random random 180").unwrap());
    host.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
    host.event(&Report::Started { you: Color::Red, limit: MoveLimit::DEFAULT, position: start() });
    host.event(&Report::OpponentConnected(true));
    host
}

#[test]
fn a_phrase_is_said_once_and_shown_in_the_receivers_own_language() {
    let heard = |n| Report::Phrases { shown: true, may_say: true, heard: Some((n, Phrase::GoodLuck)) };
    for (lang, words) in [
        (Lang::Fa, "حریف: «موفق باشید!»"),
        (Lang::Fr, "Votre adversaire\u{a0}: «\u{a0}Bonne chance\u{a0}!\u{a0}»"),
        (Lang::Es, "Tu rival: «¡Buena suerte!»"),
        (Lang::En, "Your opponent: “Good luck!”"),
    ] {
        let mut host = playing(lang);
        let lines = host.event(&heard(1));
        assert_eq!(said_words(&lines), [words], "{lang:?}");
        assert!(panel(&lines).unwrap().text.contains(words), "{lang:?}");
        // Told again (a tick, another event): not said twice.
        assert!(said_words(&host.event(&heard(1))).is_empty());
        assert!(said_words(&host.event(&Report::CanClaim(false))).is_empty());
        // The same phrase again is news.
        assert_eq!(said_words(&host.event(&heard(2))), [words]);
        // Its time over, the strip no longer shows it.
        let lines = host.event(&Report::Phrases { shown: true, may_say: true, heard: None });
        assert!(!panel(&lines).unwrap().text.contains(words));
    }
}

#[test]
fn the_phrases_are_offered_while_the_opponent_is_here_and_wait_after_one_is_said() {
    let mut host = Host::new(Lang::Fr);
    host.command(&Command::decode("create random random 180").unwrap());
    host.event(&Report::Status(Status { phase: Phase::Waiting, reason: None }));
    let lines = host.event(&Report::Phrases { shown: true, may_say: false, heard: None });
    assert!(!matches!(phrase_panel(&lines), Some(Some(_))), "nobody to say them to");
    host.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
    host.event(&Report::Started { you: Color::Red, limit: MoveLimit::DEFAULT, position: start() });
    let lines = host.event(&Report::OpponentConnected(true));
    assert_eq!(phrase_panel(&lines), Some(&Some(PhrasePanel { wait: true, shown: true })));
    let lines = host.event(&Report::Phrases { shown: false, may_say: true, heard: None });
    assert_eq!(phrase_panel(&lines), Some(&Some(PhrasePanel { wait: false, shown: false })));
    // Their words, in the page's language, for the page to show.
    assert_eq!(phrases(Lang::Fr).phrase[6], "Revanche\u{a0}?");
    assert_eq!(phrases(Lang::Fr).say, "Dire…");
    // A phrase denied (too soon, a script's) is told to scripts, not shown as trouble.
    host.command(&Command::Say(Phrase::Oops));
    let lines = host.event(&Report::Denied(Reason::Rule(Refusal::TooEarly)));
    assert!(lines.contains(&ToPage::Denied(Reason::Rule(Refusal::TooEarly))));
    assert!(panel(&lines).is_none_or(|p| p.text.is_empty()), "{lines:?}");
    let told = lines.iter().find_map(|l| if let ToPage::State(s) = l { Some(s.error) } else { None });
    assert_eq!(told, Some(Some(Reason::Rule(Refusal::TooEarly))), "scripts read why");
    // Still after the game (good game, rematch?), not once the opponent left.
    host.event(&Report::Status(Status { phase: Phase::Ended, reason: None }));
    let lines = host.event(&Report::Status(Status { phase: Phase::Ended, reason: Some(Reason::OpponentLeft) }));
    assert_eq!(phrase_panel(&lines), Some(&None));
}

#[test]
fn a_page_of_another_version_is_told_to_reload_in_the_pages_language() {
    for (lang, words) in [
        (Lang::Fa, phrases(Lang::Fa).other_version),
        (
            Lang::Fr,
            "La page de votre adversaire est une autre version du jeu\u{a0}: rechargez la page (tous les deux) pour jouer.",
        ),
    ] {
        let mut host = Host::new(lang);
        host.command(&Command::decode("join abc").unwrap());
        host.event(&Report::Refused(Refusal::OtherVersion));
        let why = Reason::Rule(Refusal::OtherVersion);
        let lines = host.event(&Report::Status(Status { phase: Phase::Error, reason: Some(why) }));
        assert_eq!(panel(&lines).unwrap().text, words);
    }
}

fn playing_host(lang: Lang, you: Color) -> Host {
    let mut host = Host::new(lang);
    host.asked(Asked::Create);
    host.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
    host.event(&Report::OpponentConnected(true));
    host.event(&Report::Started { you, limit: MoveLimit::DEFAULT, position: start() });
    host
}

#[test]
fn abort_is_offered_before_each_side_moved_and_an_aborted_game_offers_a_rematch() {
    use onitama_online::game::AbortState;
    let mut host = playing_host(Lang::Fr, Color::Red);
    let lines = host.event(&Report::Abort(AbortState::Yes));
    // In the place of Leave (which would resign), as on lichess.
    assert_eq!(commands(panel(&lines).unwrap()), ["draw-offer", "abort"]);
    assert_eq!(panel(&lines).unwrap().buttons[1].label, "Annuler la partie");
    // The opponent slow with its first move: the player is told they may abort.
    let lines = host.event(&Report::Abort(AbortState::Late));
    let told = panel(&lines).unwrap();
    // (After the opponent's arrival, said until the next move.)
    assert!(
        told.text.ends_with(" · Votre adversaire n'a pas joué son premier coup\u{a0}: vous pouvez annuler la partie")
    );
    assert_eq!(commands(told), ["draw-offer", "abort"]);
    // Aborted: said once (announced), over with no result, a rematch offered.
    host.event(&Report::Status(Status { phase: Phase::Ended, reason: None }));
    let lines = host.event(&Report::Abort(AbortState::Aborted));
    assert_eq!(said_words(&lines), ["La partie a été annulée\u{a0}: elle n'a pas de résultat"]);
    let told = panel(&lines).unwrap();
    assert_eq!(told.text, "La partie a été annulée\u{a0}: elle n'a pas de résultat");
    assert_eq!(commands(told), ["rematch-offer", "leave"]);
    // Nothing aborted is an outcome for the page.
    assert!(!lines.iter().any(|l| matches!(l, ToPage::Outcome(_))));
    // Each side moved: no more abort.
    let mut host = playing_host(Lang::En, Color::Red);
    host.event(&Report::Abort(AbortState::Yes));
    let lines = host.event(&Report::Abort(AbortState::No));
    assert_eq!(commands(panel(&lines).unwrap()), ["draw-offer", "leave"]);
}

#[test]
fn a_takeback_is_asked_answered_and_said_in_the_pages_language() {
    use onitama_online::game::TakebackState;
    let none = TakebackState { asked_by: None, may_ask: false, declined: false };
    // The asker (Persian).
    let mut asker = playing_host(Lang::Fa, Color::Red);
    let lines = asker.event(&Report::Takeback(TakebackState { may_ask: true, ..none }));
    let told = panel(&lines).unwrap();
    assert_eq!(commands(told), ["draw-offer", "takeback", "leave"]);
    assert_eq!(told.buttons[1].label, "درخواست پس گرفتن حرکت");
    let lines = asker.event(&Report::Takeback(TakebackState { asked_by: Some(Color::Red), ..none }));
    assert!(panel(&lines).unwrap().text.ends_with(" · شما خواستید حرکتتان را پس بگیرید"));
    assert_eq!(commands(panel(&lines).unwrap()), ["leave"], "the answer first");
    let lines = asker.event(&Report::Takeback(TakebackState { declined: true, ..none }));
    assert_eq!(said_words(&lines), ["درخواست پس گرفتن شما پذیرفته نشد: پس از یک حرکت دوباره بخواهید"]);
    assert!(panel(&lines).unwrap().text.ends_with(" · درخواست پس گرفتن شما پذیرفته نشد: پس از یک حرکت دوباره بخواهید"));
    // The one asked (French): accept or decline, announced once.
    let mut asked = playing_host(Lang::Fr, Color::Blue);
    let mut game = Game::new(start());
    let mv = game.legal_moves()[0];
    game.play(mv).unwrap();
    asked.event(&Report::Move { by: Color::Red, ply: 0, mv, position: *game.position() });
    let lines = asked.event(&Report::Takeback(TakebackState { asked_by: Some(Color::Red), ..none }));
    assert_eq!(said_words(&lines), ["Votre adversaire demande à reprendre son coup"]);
    let told = panel(&lines).unwrap();
    assert_eq!(told.text, "Votre adversaire demande à reprendre son coup");
    assert_eq!(commands(told), ["takeback-accept", "takeback-decline", "leave"]);
    assert_eq!(told.buttons[0].label, "Accepter");
    assert_eq!(told.buttons[1].label, "Refuser");
    // Accepted: the record comes back shorter, the page's board with it, and it is said.
    let lines = asked.event(&Report::Record(Game::new(start())));
    assert!(lines.iter().any(|l| matches!(l, ToPage::Deal { game, .. } if game.moves().is_empty())));
    assert_eq!(said_words(&lines), ["Les coups ont été repris"]);
    let lines = asked.event(&Report::Takeback(none));
    assert_eq!(panel(&lines).unwrap().text, "Les coups ont été repris");
}

#[test]
fn a_player_whose_clock_ran_out_is_told_so_in_words_not_by_a_refusal_code() {
    let mut host = Host::new(Lang::Fr);
    host.asked(Asked::Create);
    host.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
    host.event(&Report::OpponentConnected(true));
    host.event(&Report::Started { you: Color::Blue, limit: MoveLimit::STRANGER, position: start() });
    let clocks =
        |blue| Report::Clocks(Some(Clocks { left: [170_000, blue], running: Some(Color::Blue), increment: 2000 }));
    let lines = host.event(&clocks(400));
    assert!(!panel(&lines).is_some_and(|p| p.text.contains("écoulé")), "time left: nothing said");
    let lines = host.event(&clocks(0));
    assert_eq!(panel(&lines).unwrap().text, "Votre temps est écoulé");
    // The move the player still tries is taken back; the words stay, no code is shown.
    let lines = host.event(&Report::Denied(Reason::Rule(Refusal::OutOfTime)));
    assert!(lines.contains(&ToPage::Denied(Reason::Rule(Refusal::OutOfTime))));
    let text = panel(&lines).map_or_else(|| "Votre temps est écoulé".to_string(), |p| p.text.clone());
    assert_eq!(text, "Votre temps est écoulé");
    // The opponent's clock at zero is not this player's trouble.
    let lines =
        host.event(&Report::Clocks(Some(Clocks { left: [0, 5000], running: Some(Color::Red), increment: 2000 })));
    assert!(!panel(&lines).unwrap().text.contains("écoulé"));
}

#[test]
fn a_watcher_is_dealt_no_colour_plays_nothing_and_both_strips_count_the_watchers() {
    let mut host = Host::new(Lang::Fr);
    host.asked(Asked::Join);
    let mut told = host.event(&Report::Room(Token::new("abcdef").unwrap()));
    told.extend(host.event(&Report::Watchers(2)));
    told.extend(host.event(&Report::Status(Status { phase: Phase::Watching, reason: None })));
    let lines = host.event(&Report::OpponentConnected(true));
    assert!(!lines.iter().any(|l| matches!(l, ToPage::Say(_))), "the host's page is no opponent to announce");
    told.extend(lines.clone());
    let mut game = Game::new(start());
    game.play(game.legal_moves()[0]).unwrap();
    let dealt = host.event(&Report::Record(game.clone()));
    assert_eq!(dealt[0], ToPage::Deal { you: None, game: game.clone() });
    let strip = panel(&told).unwrap();
    assert_eq!(strip.text, "Vous regardez cette partie · Spectateurs\u{a0}: 2");
    assert_eq!(commands(strip), ["leave"]);
    // Over, it offers no rematch to a watcher; the state says watching, nobody's colour.
    game.resign(Color::Red).unwrap();
    let lines = host.event(&Report::Outcome(Some(Outcome::Resigned { by: Color::Red })));
    assert!(panel(&lines).is_none_or(|p| commands(p) == ["leave"]), "{lines:?}");
    told.extend(dealt);
    told.extend(lines);
    let state = told.iter().rev().find_map(|l| if let ToPage::State(s) = l { Some(s.clone()) } else { None });
    let state = state.unwrap();
    assert_eq!((state.phase, state.you, state.may_move, state.watchers), (Phase::Watching, None, false, 2));
    // Over, its status says so; the next game's record is still dealt to it as a watcher's.
    host.event(&Report::Status(Status { phase: Phase::Ended, reason: None }));
    let next = Game::new(start());
    assert_eq!(host.event(&Report::Record(next.clone()))[0], ToPage::Deal { you: None, game: next });
    // A player's strip counts them too, in the player's language (Persian digits).
    let mut player = Host::new(Lang::Fa);
    player.asked(Asked::Create);
    player.event(&Report::Status(Status { phase: Phase::Playing, reason: None }));
    player.event(&Report::OpponentConnected(true));
    player.event(&Report::Started { you: Color::Red, limit: MoveLimit::DEFAULT, position: start() });
    let lines = player.event(&Report::Watchers(2));
    assert!(panel(&lines).unwrap().text.ends_with("۲ تماشاگر"), "{:?}", panel(&lines));
    let line = lines.iter().find_map(|l| matches!(l, ToPage::State(_)).then(|| l.encode())).unwrap();
    assert!(line.ends_with(" watchers 2"), "{line}");
}
