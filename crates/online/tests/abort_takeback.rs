//! Aborts and takebacks in an online game, natively: each rule accepted, refused, crossed by a
//! move or another message, and through a reload.

use onitama_core::rules::{Color, Move};
use onitama_online::game::{ABORT_PLIES, AbortState, FIRST_MOVE_MS, TakebackState};
use onitama_online::protocol::TakebackWord;
use onitama_online::{Message, MoveLimit, OnlineGame, Refusal, Saved, Status};

mod two_sides;

use two_sides::{deal, exchange, mover, play_one, refused, same_game, sent, tok};

/// The time of the takeback checks: within the first move limit of every test's turns.
const NOW: u64 = 40;

/// The host plays Red (Blue, the guest, moves first), both connected and dealt in.
fn pair() -> (OnlineGame, OnlineGame) {
    let (host, guest) = two_sides::pair(Color::Red, MoveLimit::Seconds(60));
    assert_eq!(guest.you(), Color::Blue);
    (host, guest)
}

fn moves(game: &OnlineGame) -> Vec<Move> {
    game.game().unwrap().moves().to_vec()
}

fn takeback(game: &OnlineGame, ply: usize, what: TakebackWord) -> String {
    Message::Takeback { game: game.game_id().unwrap().clone(), ply, what }.encode()
}

/// A request naming some move (the rules that refuse it are checked before the move).
fn offer() -> TakebackWord {
    TakebackWord::Offer(deal().position().legal_moves()[0])
}

#[test]
fn the_new_messages_read_back_as_themselves_and_nothing_else_reads() {
    let game = tok("room1.1");
    let mut messages =
        vec![Message::Abort { game: game.clone(), ply: 0 }, Message::Abort { game: game.clone(), ply: 1 }];
    for what in [offer(), TakebackWord::Accept, TakebackWord::Decline] {
        messages.push(Message::Takeback { game: game.clone(), ply: 4, what });
    }
    for message in messages {
        assert_eq!(Message::decode(&message.encode()), Ok(message.clone()));
    }
    assert_eq!(Message::Abort { game: game.clone(), ply: 1 }.encode(), "abort room1.1 1");
    let accept = Message::Takeback { game: game.clone(), ply: 3, what: TakebackWord::Accept };
    assert_eq!(accept.encode(), "takeback-accept room1.1 3");
    let asked = Message::Takeback { game, ply: 3, what: TakebackWord::Offer("boar:c1c2".parse().unwrap()) };
    assert_eq!(asked.encode(), "takeback-offer room1.1 3 boar:c1c2");
    for bad in [
        "abort",
        "abort room1.1",
        "abort room1.1 01",
        "abort room1.1 1 2",
        "takeback-offer room1.1",
        "takeback-offer room1.1 3",
        "takeback-offer room1.1 3 boar",
        "takeback-accept room1.1 3 boar:c1c2",
        "takeback-accept - 2",
        "takeback-maybe room1.1 2",
        "takeback-decline room1.1 -1",
    ] {
        assert_eq!(Message::decode(bad), Err(Refusal::Malformed), "{bad}");
    }
    for refusal in [Refusal::TooLate, Refusal::NoTakeback] {
        assert_eq!(Refusal::from_code(refusal.code()), Some(refusal));
        assert_eq!(Message::decode(&Message::Refused(refusal).encode()), Ok(Message::Refused(refusal)));
    }
}

// ---- abort ----

#[test]
fn either_side_may_abort_before_each_has_moved_once_and_the_game_ends_with_no_result() {
    for plies in 0..ABORT_PLIES {
        for host_aborts in [true, false] {
            let (mut host, mut guest) = pair();
            for _ in 0..plies {
                play_one(&mut host, &mut guest, 10);
            }
            assert_eq!(host.abort_state(10), AbortState::Yes);
            assert_eq!(guest.abort_state(10), AbortState::Yes);
            let (a, b) = if host_aborts { (&mut host, &mut guest) } else { (&mut guest, &mut host) };
            let out = a.abort().unwrap();
            assert_eq!(sent(&out), vec![Message::Abort { game: a.game_id().unwrap().clone(), ply: plies }]);
            exchange(a, b, 20, sent(&out), vec![]);
            for side in [&host, &guest] {
                assert_eq!(side.status(), Status::Ended);
                assert!(side.is_aborted());
                assert_eq!(side.game().unwrap().outcome(), None, "no result: nothing for Records");
                assert_eq!(side.abort_state(20), AbortState::Aborted);
                assert_eq!(side.strikes(), 0);
            }
            assert!(same_game(&host, &guest));
            // Nothing more is played; a rematch may follow, as after any end.
            let mv = mover(&mut host, &mut guest).0.game().unwrap().legal_moves()[0];
            assert_eq!(mover(&mut host, &mut guest).0.play(30, mv), Err(Refusal::GameOver));
            assert_eq!(host.abort(), Err(Refusal::GameOver));
            let out = guest.offer_rematch().unwrap();
            exchange(&mut guest, &mut host, 30, sent(&out), vec![]);
            let out = host.accept_rematch(30).unwrap();
            exchange(&mut host, &mut guest, 30, sent(&out), vec![]);
            assert_eq!(host.game_id().unwrap().as_str(), "room1.2");
            assert!(!host.is_aborted() && !guest.is_aborted());
            assert_eq!((host.status(), guest.status()), (Status::Playing, Status::Playing));
            assert!(same_game(&host, &guest));
        }
    }
}

#[test]
fn an_abort_after_each_side_moved_is_refused_too_late_both_ways() {
    let (mut host, mut guest) = pair();
    play_one(&mut host, &mut guest, 10);
    play_one(&mut host, &mut guest, 10);
    assert_eq!(host.abort_state(10), AbortState::No);
    assert_eq!(host.abort(), Err(Refusal::TooLate));
    let line = Message::Abort { game: host.game_id().unwrap().clone(), ply: 2 }.encode();
    let out = guest.receive(10, &line);
    assert_eq!(refused(&out), vec![Refusal::TooLate]);
    assert!(sent(&out).contains(&Message::Refused(Refusal::TooLate)));
    // An abort naming an early ply after the game went on is refused too: not a crossing.
    let line = Message::Abort { game: host.game_id().unwrap().clone(), ply: 0 }.encode();
    assert_eq!(refused(&guest.receive(10, &line)), vec![Refusal::TooLate]);
    assert_eq!(guest.strikes(), 0, "an honest page may abort on a record behind");
    // Another game's abort.
    let line = Message::Abort { game: tok("other.1"), ply: 0 }.encode();
    assert_eq!(refused(&guest.receive(10, &line)), vec![Refusal::WrongGame]);
    assert_eq!(guest.status(), Status::Playing);
    assert!(same_game(&host, &guest));
}

#[test]
fn an_abort_needs_the_opponent_here() {
    let (mut host, guest) = pair();
    host.disconnected(5);
    assert_eq!(host.abort_state(5), AbortState::No);
    assert_eq!(host.abort(), Err(Refusal::OpponentAway));
    assert_eq!(guest.status(), Status::Playing);
}

#[test]
fn an_abort_crossing_the_first_move_stands_on_both_sides_and_the_move_lapses() {
    let (mut host, mut guest) = pair();
    // Blue (the guest) moves first while Red (the host) aborts: the two cross.
    let mv = guest.game().unwrap().legal_moves()[0];
    let from_guest = sent(&guest.play(10, mv).unwrap());
    let from_host = sent(&host.abort().unwrap());
    exchange(&mut host, &mut guest, 11, from_host, from_guest);
    for side in [&host, &guest] {
        assert!(side.is_aborted());
        assert_eq!(side.status(), Status::Ended);
        assert_eq!(side.strikes(), 0, "an honest crossing is no strike");
    }
    // The same crossing with a resignation: the abort stands, no result.
    let (mut host, mut guest) = pair();
    let from_guest = sent(&guest.resign().unwrap());
    let from_host = sent(&host.abort().unwrap());
    exchange(&mut host, &mut guest, 11, from_host, from_guest);
    assert!(host.is_aborted() && guest.is_aborted());
    assert_eq!(host.status(), Status::Ended);
    assert_eq!(host.game().unwrap().outcome(), None);
}

#[test]
fn after_thirty_seconds_without_a_first_move_the_other_player_is_told_they_may_abort() {
    let (mut host, mut guest) = pair();
    // Blue (the guest) is to move: the host waits.
    assert_eq!(host.abort_state(FIRST_MOVE_MS - 1), AbortState::Yes);
    assert_eq!(host.abort_state(FIRST_MOVE_MS), AbortState::Late);
    // The slow side itself is only offered the abort.
    assert_eq!(guest.abort_state(FIRST_MOVE_MS), AbortState::Yes);
    play_one(&mut host, &mut guest, FIRST_MOVE_MS);
    // Red's first move now: the clock of that turn counts.
    assert_eq!(guest.abort_state(2 * FIRST_MOVE_MS - 1), AbortState::Yes);
    assert_eq!(guest.abort_state(2 * FIRST_MOVE_MS), AbortState::Late);
}

#[test]
fn an_aborted_game_reads_back_from_its_save_and_the_abort_reaches_a_side_that_missed_it() {
    let (mut host, mut guest) = pair();
    play_one(&mut host, &mut guest, 10);
    // The host aborts; the message is lost with the connection.
    host.abort().unwrap();
    host.disconnected(20);
    guest.disconnected(20);
    let text = host.saved().to_text();
    assert!(text.contains(" aborted"), "{text}");
    let saved = Saved::from_text(&text).unwrap();
    assert!(saved.aborted);
    let mut host = OnlineGame::restore(saved, 30);
    assert!(host.is_aborted());
    assert_eq!(host.status(), Status::Ended);
    assert!(!guest.is_aborted());
    // Both back: the host's hello brings the abort.
    let (a, b) = (sent(&host.connected(40)), sent(&guest.connected(40)));
    exchange(&mut host, &mut guest, 40, a, b);
    assert!(guest.is_aborted());
    assert_eq!(guest.status(), Status::Ended);
    assert!(same_game(&host, &guest));
    assert_eq!((host.strikes(), guest.strikes()), (0, 0));
    // A save without the word (written before aborts) reads as not aborted.
    let plain = text.replace(" aborted", "");
    assert!(!Saved::from_text(&plain).unwrap().aborted);
    assert_eq!(Saved::from_text(&format!("{plain} aborted aborted")).err(), Some(Refusal::Malformed));
}

// ---- takeback ----

#[test]
fn a_takeback_accepted_takes_back_the_askers_move_and_the_reply_on_both_sides() {
    let (mut host, mut guest) = pair();
    for _ in 0..4 {
        play_one(&mut host, &mut guest, 10);
    }
    // Blue (the guest) is to move at ply 4: its last move was at ply 2, Red's reply at 3.
    let before = moves(&guest);
    assert_eq!(guest.takeback_state(NOW), TakebackState { asked_by: None, may_ask: true, declined: false });
    let out = guest.ask_takeback(NOW).unwrap();
    // The request names the move it takes back: Blue's at ply 2.
    let what = TakebackWord::Offer(before[2]);
    assert_eq!(sent(&out), vec![Message::Takeback { game: tok("room1.1"), ply: 4, what }]);
    exchange(&mut guest, &mut host, 20, sent(&out), vec![]);
    assert_eq!(host.takeback_state(NOW).asked_by, Some(Color::Blue));
    assert_eq!(guest.takeback_state(NOW).asked_by, Some(Color::Blue));
    // One request at a time.
    assert_eq!(guest.ask_takeback(NOW), Err(Refusal::NoTakeback));
    assert_eq!(host.ask_takeback(NOW), Err(Refusal::NoTakeback));
    // Only the other side answers.
    assert_eq!(guest.answer_takeback(21, true), Err(Refusal::NotOffered));
    let out = host.answer_takeback(30, true).unwrap();
    exchange(&mut host, &mut guest, 30, sent(&out), vec![]);
    assert_eq!(moves(&host), before[..2].to_vec());
    assert!(same_game(&host, &guest));
    assert_eq!(guest.game().unwrap().position().to_move(), Color::Blue);
    assert_eq!(host.takeback_state(NOW).asked_by, None);
    // The clock of the move starts again at the target.
    assert_eq!(host.turn_left(30), Some((Color::Blue, 60_000)));
    play_one(&mut host, &mut guest, 40);
    assert!(same_game(&host, &guest));
    assert_eq!((host.strikes(), guest.strikes()), (0, 0));
}

#[test]
fn a_takeback_asked_right_after_ones_move_takes_back_that_move_only() {
    let (mut host, mut guest) = pair();
    play_one(&mut host, &mut guest, 10);
    play_one(&mut host, &mut guest, 10);
    play_one(&mut host, &mut guest, 10);
    // Blue moved at ply 2; Red is to move at 3.
    let before = moves(&host);
    let out = guest.ask_takeback(NOW).unwrap();
    exchange(&mut guest, &mut host, 20, sent(&out), vec![]);
    let out = host.answer_takeback(20, true).unwrap();
    exchange(&mut host, &mut guest, 20, sent(&out), vec![]);
    assert_eq!(moves(&guest), before[..2].to_vec());
    assert!(same_game(&host, &guest));
}

#[test]
fn a_request_crossing_the_opponents_move_takes_back_that_reply_too_on_both_sides() {
    let (mut host, mut guest) = pair();
    play_one(&mut host, &mut guest, 10);
    play_one(&mut host, &mut guest, 10);
    // Red (the host) moved at ply 1 and asks at 2, while Blue, to move at 2, replies.
    let before_len = moves(&host).len();
    assert_eq!(before_len, 2);
    let ask = sent(&host.ask_takeback(NOW).unwrap());
    let mv = guest.game().unwrap().legal_moves()[0];
    let reply = sent(&guest.play(20, mv).unwrap());
    // They cross: each receives the other's message after its own.
    exchange(&mut host, &mut guest, 21, ask, reply);
    assert_eq!(moves(&host).len(), 3);
    assert_eq!(host.takeback_state(NOW).asked_by, Some(Color::Red), "the request stands over the crossing move");
    assert_eq!(guest.takeback_state(NOW).asked_by, Some(Color::Red));
    let before = moves(&guest);
    let out = guest.answer_takeback(30, true).unwrap();
    exchange(&mut guest, &mut host, 30, sent(&out), vec![]);
    // Red's move at ply 1 and Blue's reply at 2 are both taken back.
    assert_eq!(moves(&host), before[..1].to_vec());
    assert!(same_game(&host, &guest));
    assert_eq!(host.game().unwrap().position().to_move(), Color::Red);
    assert_eq!((host.strikes(), guest.strikes()), (0, 0));
}

#[test]
fn a_takeback_declined_leaves_the_game_and_the_asker_waits_until_it_moved_on() {
    let (mut host, mut guest) = pair();
    play_one(&mut host, &mut guest, 10);
    play_one(&mut host, &mut guest, 10);
    let before = moves(&host);
    let out = host.ask_takeback(NOW).unwrap();
    exchange(&mut host, &mut guest, 20, sent(&out), vec![]);
    let out = guest.answer_takeback(20, false).unwrap();
    exchange(&mut guest, &mut host, 20, sent(&out), vec![]);
    assert_eq!(moves(&host), before);
    assert!(same_game(&host, &guest));
    assert_eq!(host.takeback_state(NOW), TakebackState { asked_by: None, may_ask: false, declined: true });
    assert_eq!(host.ask_takeback(NOW), Err(Refusal::NoTakeback));
    // A peer that asks again anyway is refused (a strike).
    let line = takeback(&guest, 2, offer());
    assert_eq!(refused(&guest.receive(21, &line)), vec![Refusal::NoTakeback]);
    // Once the game has moved on, it may ask again.
    play_one(&mut host, &mut guest, 30);
    assert_eq!(host.takeback_state(NOW), TakebackState { asked_by: None, may_ask: true, declined: false });
    play_one(&mut host, &mut guest, 30);
    let out = host.ask_takeback(NOW).unwrap();
    exchange(&mut host, &mut guest, 40, sent(&out), vec![]);
    assert_eq!(guest.takeback_state(NOW).asked_by, Some(Color::Red));
}

#[test]
fn takebacks_are_refused_with_a_reason_when_they_do_not_fit() {
    let (mut host, mut guest) = pair();
    // Nothing of Blue's to take back before it moved; Red has not moved either.
    assert_eq!(guest.ask_takeback(NOW), Err(Refusal::NoTakeback));
    assert_eq!(host.ask_takeback(NOW), Err(Refusal::NoTakeback));
    let line = takeback(&host, 0, offer());
    assert_eq!(refused(&host.receive(1, &line)), vec![Refusal::NoTakeback]);
    play_one(&mut host, &mut guest, 10);
    play_one(&mut host, &mut guest, 10);
    play_one(&mut host, &mut guest, 10);
    // A request naming a ply passed long ago rewrites the past.
    let line = takeback(&host, 1, offer());
    assert_eq!(refused(&host.receive(11, &line)), vec![Refusal::EarlierPly]);
    // An answer to a request never made.
    for what in [TakebackWord::Accept, TakebackWord::Decline] {
        let line = takeback(&host, 3, what);
        assert_eq!(refused(&host.receive(12, &line)), vec![Refusal::NotOffered]);
    }
    // Another game's.
    let line = Message::Takeback { game: tok("nope.1"), ply: 3, what: offer() }.encode();
    assert_eq!(refused(&host.receive(13, &line)), vec![Refusal::WrongGame]);
    // Five refusals: the connection is dropped, as for any bad messages.
    assert_eq!(host.strikes(), 5);
    assert_eq!(host.status(), Status::Reconnecting);
    // A later ply: something was lost, my record goes to them.
    let line = takeback(&guest, 9, offer());
    let out = guest.receive(14, &line);
    assert!(refused(&out).is_empty());
    assert!(matches!(sent(&out)[..], [Message::Sync { .. }]));
    assert_eq!(guest.takeback_state(NOW).asked_by, None);
    assert_eq!(moves(&guest).len(), 3);
}

#[test]
fn none_once_the_game_is_over_and_a_request_crossing_the_end_lapses() {
    let (mut host, mut guest) = pair();
    play_one(&mut host, &mut guest, 10);
    play_one(&mut host, &mut guest, 10);
    // Red asks while Blue resigns: they cross.
    let ask = sent(&host.ask_takeback(NOW).unwrap());
    let resign = sent(&guest.resign().unwrap());
    exchange(&mut host, &mut guest, 20, ask, resign);
    assert_eq!((host.status(), guest.status()), (Status::Ended, Status::Ended));
    assert_eq!((host.strikes(), guest.strikes()), (0, 0));
    assert!(same_game(&host, &guest));
    assert_eq!(host.ask_takeback(NOW), Err(Refusal::GameOver));
    assert_eq!(guest.answer_takeback(21, true), Err(Refusal::GameOver));
    assert_eq!(host.takeback_state(NOW), TakebackState { asked_by: None, may_ask: false, declined: false });
}

#[test]
fn a_claim_on_time_stands_over_a_takeback_and_none_is_claimed_while_one_waits() {
    let (mut host, mut guest) = pair();
    play_one(&mut host, &mut guest, 0);
    play_one(&mut host, &mut guest, 0);
    // Blue is to move at 2 and slow; Red asks to take back its move first.
    let out = host.ask_takeback(NOW).unwrap();
    exchange(&mut host, &mut guest, 1, sent(&out), vec![]);
    assert!(!host.can_claim(70_000), "the asker does not claim while its request stands");
    // Blue has a request to answer: no claim for it either (it is to move anyway).
    let out = guest.answer_takeback(70_000, false).unwrap();
    exchange(&mut guest, &mut host, 70_000, sent(&out), vec![]);
    assert!(host.can_claim(70_000));
    let out = host.claim(70_000).unwrap();
    exchange(&mut host, &mut guest, 70_000, sent(&out), vec![]);
    assert_eq!((host.status(), guest.status()), (Status::Ended, Status::Ended));
    assert_eq!(host.ask_takeback(NOW), Err(Refusal::GameOver));
}

#[test]
fn two_requests_crossing_both_lapse_and_a_request_lapses_with_the_connection() {
    let (mut host, mut guest) = pair();
    play_one(&mut host, &mut guest, 10);
    play_one(&mut host, &mut guest, 10);
    play_one(&mut host, &mut guest, 10);
    // Red is to move at 3: Red (moved at 1) and Blue (moved at 2) both ask at 3.
    let a = sent(&host.ask_takeback(NOW).unwrap());
    let b = sent(&guest.ask_takeback(NOW).unwrap());
    exchange(&mut host, &mut guest, 20, a, b);
    assert_eq!(host.takeback_state(NOW).asked_by, None);
    assert_eq!(guest.takeback_state(NOW).asked_by, None);
    assert_eq!((host.strikes(), guest.strikes()), (0, 0));
    // A request, and the connection falls: it lapses on both sides.
    let out = guest.ask_takeback(NOW).unwrap();
    exchange(&mut guest, &mut host, 30, sent(&out), vec![]);
    assert_eq!(host.takeback_state(NOW).asked_by, Some(Color::Blue));
    host.disconnected(31);
    guest.disconnected(31);
    assert_eq!(host.takeback_state(NOW).asked_by, None);
    assert_eq!(guest.takeback_state(NOW).asked_by, None);
    let (a, b) = (sent(&host.connected(40)), sent(&guest.connected(40)));
    exchange(&mut host, &mut guest, 40, a, b);
    assert!(same_game(&host, &guest));
    assert_eq!(moves(&host).len(), 3);
}

#[test]
fn an_accept_lost_with_the_connection_leaves_the_two_records_agreeing_on_return() {
    let (mut host, mut guest) = pair();
    for _ in 0..4 {
        play_one(&mut host, &mut guest, 10);
    }
    let out = guest.ask_takeback(NOW).unwrap();
    exchange(&mut guest, &mut host, 20, sent(&out), vec![]);
    // The host accepts; its answer never arrives.
    host.answer_takeback(21, true).unwrap();
    host.disconnected(22);
    guest.disconnected(22);
    assert_eq!(moves(&host).len(), 2);
    assert_eq!(moves(&guest).len(), 4);
    let (a, b) = (sent(&host.connected(40)), sent(&guest.connected(40)));
    exchange(&mut host, &mut guest, 40, a, b);
    // The longer record extends the shorter: the takeback is lost, the game agrees.
    assert!(same_game(&host, &guest));
    assert_eq!(moves(&host).len(), 4);
    assert_ne!(host.status(), Status::Diverged);
}

#[test]
fn a_resignation_crossing_the_accept_stands_on_both_sides() {
    let (mut host, mut guest) = pair();
    for _ in 0..4 {
        play_one(&mut host, &mut guest, 10);
    }
    let out = guest.ask_takeback(NOW).unwrap();
    exchange(&mut guest, &mut host, 20, sent(&out), vec![]);
    // The asker resigns while the host accepts: they cross.
    let accept = sent(&host.answer_takeback(21, true).unwrap());
    let resign = sent(&guest.resign().unwrap());
    exchange(&mut host, &mut guest, 22, accept, resign);
    assert!(same_game(&host, &guest), "{:?} / {:?}", host.game(), guest.game());
    assert_eq!((host.status(), guest.status()), (Status::Ended, Status::Ended));
}

#[test]
fn no_takeback_is_asked_once_ones_own_move_is_out_of_time() {
    let (mut host, mut guest) = pair();
    play_one(&mut host, &mut guest, 0);
    play_one(&mut host, &mut guest, 0);
    // Blue (the guest) is to move at 2, and its minute runs out: the host may claim.
    assert!(guest.takeback_state(59_999).may_ask);
    assert!(!guest.takeback_state(60_000).may_ask);
    assert_eq!(guest.ask_takeback(60_000), Err(Refusal::NoTakeback));
    assert!(host.can_claim(60_000));
}

#[test]
fn the_askers_move_withdraws_the_request_and_an_accept_crossing_it_lapses_the_records_agreeing() {
    // Withdrawn before the answer: the request no longer stands on either side.
    let (mut host, mut guest) = pair();
    for _ in 0..4 {
        play_one(&mut host, &mut guest, 10);
    }
    let out = guest.ask_takeback(NOW).unwrap();
    exchange(&mut guest, &mut host, 20, sent(&out), vec![]);
    play_one(&mut host, &mut guest, 21);
    assert_eq!(host.takeback_state(NOW).asked_by, None);
    assert_eq!(guest.takeback_state(NOW).asked_by, None);
    assert_eq!(host.answer_takeback(22, true), Err(Refusal::NotOffered));
    assert!(same_game(&host, &guest));
    assert_eq!(moves(&host).len(), 5);
    // The accept and the asker's move cross: the move stands on both sides, no strike.
    let (mut host, mut guest) = pair();
    for _ in 0..4 {
        play_one(&mut host, &mut guest, 10);
    }
    let out = guest.ask_takeback(NOW).unwrap();
    exchange(&mut guest, &mut host, 20, sent(&out), vec![]);
    let accept = sent(&host.answer_takeback(21, true).unwrap());
    let mv = guest.game().unwrap().legal_moves()[0];
    let moved = sent(&guest.play(21, mv).unwrap());
    exchange(&mut host, &mut guest, 22, accept, moved);
    assert!(same_game(&host, &guest), "{:?} / {:?}", host.game(), guest.game());
    assert_eq!(moves(&host).len(), 5);
    assert_eq!((host.strikes(), guest.strikes()), (0, 0));
}

#[test]
fn a_request_naming_a_move_the_record_does_not_have_is_refused_and_takes_nothing_back() {
    let (mut host, mut guest) = pair();
    for _ in 0..4 {
        play_one(&mut host, &mut guest, 10);
    }
    // Blue (the guest) moved at ply 2; a request from it naming another move there.
    let before = moves(&host);
    let other = *host.game().unwrap().positions()[2].legal_moves().iter().find(|&&m| m != before[2]).unwrap();
    let out = host.receive(20, &takeback(&host, 4, TakebackWord::Offer(other)));
    assert_eq!(refused(&out), vec![Refusal::EarlierPly]);
    assert_eq!(host.takeback_state(NOW).asked_by, None);
    // The right one stands.
    let out = host.receive(21, &takeback(&host, 4, TakebackWord::Offer(before[2])));
    assert!(refused(&out).is_empty());
    assert_eq!(host.takeback_state(NOW).asked_by, Some(Color::Blue));
    assert_eq!(moves(&host), before);
}

#[test]
fn under_a_game_clock_a_takeback_gives_no_time_back() {
    let (mut host, mut guest) = two_sides::pair(Color::Red, MoveLimit::Clock { seconds: 60, increment: 1 });
    // Blue, Red, Blue, Red: each from ply 2 on takes 5 s of its clock.
    for (i, now) in [0, 0, 5_000, 10_000].into_iter().enumerate() {
        play_one(&mut host, &mut guest, now);
        assert_eq!(moves(&host).len(), i + 1);
    }
    // Blue (to move at 4) thinks 7 s, then asks to take back its move at 2 and Red's reply.
    let out = guest.ask_takeback(17_000).unwrap();
    exchange(&mut guest, &mut host, 17_000, sent(&out), vec![]);
    let before = host.clocks(17_000).unwrap().left;
    let out = host.answer_takeback(17_000, true).unwrap();
    exchange(&mut host, &mut guest, 17_000, sent(&out), vec![]);
    assert_eq!(moves(&host).len(), 2);
    // The time used stays used, on both sides; Blue's clock runs on from there.
    for side in [&host, &guest] {
        assert_eq!(side.clocks(17_000).unwrap().left, before, "no time given back");
        assert_eq!(side.clocks(18_000).unwrap().left[Color::Blue.index()], before[Color::Blue.index()] - 1_000);
    }
}

#[test]
fn leaving_before_each_side_has_moved_aborts_and_after_resigns() {
    let (mut host, mut guest) = pair();
    let out = host.leave();
    assert!(matches!(sent(&out)[..], [Message::Abort { .. }, Message::Bye]), "{:?}", sent(&out));
    exchange(&mut host, &mut guest, NOW, sent(&out), vec![]);
    for side in [&host, &guest] {
        assert!(side.is_aborted());
        assert_eq!(side.game().unwrap().outcome(), None, "no result: nothing for Records");
    }
    // Once each side has moved, leaving resigns as before.
    let (mut host, mut guest) = pair();
    play_one(&mut host, &mut guest, NOW);
    play_one(&mut host, &mut guest, NOW);
    let out = host.leave();
    exchange(&mut host, &mut guest, NOW, sent(&out), vec![]);
    assert_eq!(guest.game().unwrap().outcome(), Some(onitama_core::rules::Outcome::Resigned { by: host.you() }));
}
