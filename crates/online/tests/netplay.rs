//! The online module's decisions, natively: netplays joined through a simulated matchbox server
//! (ids, `NewPeer` to the peers already in a room, `?next=2` pairing, relayed signals) and
//! simulated data channels, driven by the page's commands and the clock.

use onitama_online::bridge::{Command, Phase, Reason, Report, Status};
use onitama_online::netplay::{CONNECT_TIMEOUT_MS, FromServer, Input, KEEPALIVE_MS, Netplay, PeerSignal, Task};
use onitama_online::{Invitation, Message, MoveLimit, Refusal};

mod common;

use common::{Net, SERVER, entropy};

fn friends() -> Net {
    let mut net = Net::new(3);
    net.command(0, "create boar,ox,elephant,horse,crab red 60");
    assert_eq!(net.phase(0), Some(Phase::Waiting));
    let room = net.room(0);
    assert!(room.len() >= 16, "{room}");
    net.command(1, &format!("join https://example.org/#online={room}"));
    assert_eq!(net.phase(0), Some(Phase::Playing));
    assert_eq!(net.phase(1), Some(Phase::Playing));
    net
}

/// Side `host` invites a friend's game (Red, the usual five cards, `limit` and any switch), and
/// `joiners` open its link in turn. Returns the room.
fn invited(net: &mut Net, host: usize, limit: &str, joiners: &[usize]) -> String {
    net.command(host, &format!("create boar,ox,elephant,horse,crab red {limit}"));
    let room = net.room(host);
    for &side in joiners {
        net.command(side, &format!("join {room}"));
    }
    room
}

#[test]
fn two_friends_play_through_the_server_and_both_hear_every_move() {
    let mut net = friends();
    let started = |side: usize| {
        net.sides[side].events.iter().find_map(|e| if let Report::Started { you, .. } = e { Some(*you) } else { None })
    };
    assert_eq!(started(0), Some(onitama_core::rules::Color::Red));
    assert_eq!(started(1), Some(onitama_core::rules::Color::Blue));
    for _ in 0..6 {
        net.play_one(0, 1);
    }
    assert_eq!(net.record_len(0), 6);
    assert_eq!(net.sides[0].netplay.game().unwrap().game(), net.sides[1].netplay.game().unwrap().game());
    let moves = |side: usize| net.sides[side].events.iter().filter(|e| matches!(e, Report::Move { .. })).count();
    assert_eq!((moves(0), moves(1)), (6, 6));
    // Each side saved the game after each move.
    assert!(net.sides[1].events.iter().filter(|e| matches!(e, Report::Saved(_))).count() >= 6);
    net.command(0, "resign");
    assert_eq!(net.phase(0), Some(Phase::Ended));
    assert_eq!(net.phase(1), Some(Phase::Ended));
    assert!(net.sides[1].events.contains(&Report::Outcome(Some(onitama_core::rules::Outcome::Resigned {
        by: onitama_core::rules::Color::Red
    }))));
}

#[test]
fn a_move_out_of_turn_and_a_command_without_a_game_are_denied() {
    let mut net = Net::new(1);
    net.command(0, "resign");
    assert_eq!(net.sides[0].events.last(), Some(&Report::Denied(Reason::NoGame)));
    let mut net = friends();
    // Blue is not to move in this deal's start? Whoever is not to move tries.
    let game = net.sides[0].netplay.game().unwrap();
    let to_move = game.game().unwrap().position().to_move();
    let idle = if game.you() == to_move { 1 } else { 0 };
    let mv = net.sides[idle].netplay.game().unwrap().game().unwrap().legal_moves()[0];
    net.command(idle, &format!("play {mv}"));
    assert_eq!(net.sides[idle].events.last(), Some(&Report::Denied(Reason::Rule(Refusal::OutOfTurn))));
    net.command(0, "create random random 60");
    assert_eq!(net.sides[0].events.last(), Some(&Report::Denied(Reason::Busy)));
}

#[test]
fn no_server_configured_is_an_error_at_once() {
    let mut netplay = Netplay::new(None, entropy(1));
    let fx = netplay.step(0, Input::Command(Command::Create(Invitation::default())));
    assert!(fx.contains(&Task::Emit(Report::Status(Status { phase: Phase::Error, reason: Some(Reason::NoServer) }))));
    assert!(!fx.iter().any(|e| matches!(e, Task::Connect { .. })));
}

#[test]
fn an_unreachable_server_is_an_error_refused_at_once_or_silent_within_five_seconds() {
    let mut net = Net::new(1);
    net.server_up = false;
    net.command(0, "create random random 60");
    assert_eq!(net.status(0), Some(Status { phase: Phase::Error, reason: Some(Reason::Unreachable) }));
    // A server that never answers: connecting, then the error when the time is up.
    let mut netplay = Netplay::new(Some(SERVER.into()), entropy(2));
    netplay.step(0, Input::Command(Command::Find(onitama_online::Token::new("base").unwrap())));
    let before = netplay.step(CONNECT_TIMEOUT_MS - 500, Input::Tick);
    assert!(!before.iter().any(|e| matches!(e, Task::Emit(Report::Status(_)))));
    let after = netplay.step(CONNECT_TIMEOUT_MS, Input::Tick);
    assert!(
        after.contains(&Task::Emit(Report::Status(Status { phase: Phase::Error, reason: Some(Reason::Unreachable) })))
    );
    assert!(after.contains(&Task::Disconnect));
}

#[test]
fn a_keepalive_goes_to_the_server_every_ten_seconds() {
    let mut net = friends();
    net.wait(KEEPALIVE_MS * 3 + 100);
    assert_eq!(net.sides[0].keepalives, 3);
    assert_eq!(net.sides[1].keepalives, 3);
}

#[test]
fn the_server_stopped_mid_game_leaves_the_game_going_and_is_tried_again() {
    let mut net = friends();
    net.play_one(0, 1);
    net.server_up = false;
    for side in [0, 1] {
        net.leave_socket(side);
        net.queue.push_back((side, Input::SocketClosed));
    }
    net.settle();
    assert_eq!(net.phase(0), Some(Phase::Playing));
    net.play_one(0, 1);
    net.play_one(0, 1);
    assert_eq!(net.record_len(0), 3);
    assert_eq!(net.record_len(1), 3);
    let connects = net.sides[0].connects.len();
    net.wait(5_000);
    assert!(net.sides[0].connects.len() > connects, "tried the server again");
    net.server_up = true;
    net.wait(12_000);
    assert!(net.sides[0].socket.is_some(), "back in the room");
    assert_eq!(net.phase(0), Some(Phase::Playing));
}

#[test]
fn a_reload_restores_the_game_and_the_two_sides_reconcile() {
    let mut net = friends();
    for _ in 0..3 {
        net.play_one(0, 1);
    }
    let saved = net.sides[1]
        .events
        .iter()
        .rev()
        .find_map(|e| if let Report::Saved(s) = e { Some(s.to_text()) } else { None })
        .unwrap();
    // The guest's page reloads: its channel and websocket die, a new netplay starts.
    let conn = net.attached_conn(1);
    net.close_link(1, conn);
    net.leave_socket(1);
    net.settle();
    assert_eq!(net.phase(0), Some(Phase::Reconnecting));
    net.sides[1].netplay = Netplay::new(Some(SERVER.into()), entropy(77));
    net.sides[1].events.clear();
    net.command(1, &format!("restore {saved}"));
    assert_eq!(net.phase(0), Some(Phase::Playing));
    assert_eq!(net.phase(1), Some(Phase::Playing));
    assert_eq!(net.record_len(1), 3);
    net.play_one(0, 1);
    assert_eq!(net.record_len(0), 4);
    assert_eq!(net.sides[0].netplay.game().unwrap().game(), net.sides[1].netplay.game().unwrap().game());
}

#[test]
fn a_lost_channel_with_both_still_in_the_room_is_made_again() {
    let mut net = friends();
    net.play_one(0, 1);
    let conn = net.attached_conn(0);
    net.close_link(0, conn);
    net.queue.push_back((0, Input::ChannelClosed { conn }));
    net.settle();
    // One side rejoined the room, the other offered: playing again without anyone reloading.
    assert_eq!(net.phase(0), Some(Phase::Playing));
    assert_eq!(net.phase(1), Some(Phase::Playing));
    net.play_one(0, 1);
    assert_eq!(net.record_len(1), 2);
}

/// What the two players (sides 0 and 1) sent side `to` since `from` in `net.sent`.
fn sent_to(net: &Net, to: usize, from: usize) -> Vec<String> {
    net.sent[from..]
        .iter()
        .filter(|(side, conn, _)| *side != to && net.links.get(&(*side, *conn)).is_none_or(|(s, _)| *s == to))
        .filter(|(side, _, _)| *side < 2)
        .map(|(_, _, text)| text.clone())
        .collect()
}

fn secrets(net: &Net) -> [String; 2] {
    [0, 1].map(|side| net.sides[side].netplay.game().unwrap().saved().secret.to_string())
}

#[test]
fn a_third_browser_is_refused_the_seat_when_watching_is_off_and_learns_no_secret() {
    let mut net = Net::new(4);
    let room = invited(&mut net, 0, "60 no-watchers", &[1]);
    let refused = Some(Status { phase: Phase::Error, reason: Some(Reason::Rule(Refusal::SeatTaken)) });
    // Before the first move (the guest's connection to it may open first; the guest closes it).
    net.command(3, &format!("join {room}"));
    assert_eq!(net.status(3), refused);
    net.play_one(0, 1);
    let sent_before = net.sent.len();
    net.command(2, &format!("join {room}"));
    assert_eq!(net.status(2), refused);
    assert!(net.sides[2].netplay.game().is_none());
    // What the two players sent the third: hellos, proofs and the refusal; no secret, no game.
    let to_third = sent_to(&net, 2, sent_before);
    assert!(to_third.contains(&"refused seat-taken".to_string()), "{to_third:?}");
    for text in &to_third {
        let kind = text.split(' ').next().unwrap();
        assert!(["hello", "proof", "refused"].contains(&kind), "{text}");
        assert!(secrets(&net).iter().all(|secret| !text.contains(secret.as_str())), "{text}");
    }
    assert_eq!(net.phase(0), Some(Phase::Playing));
    assert_eq!(net.phase(1), Some(Phase::Playing));
    net.play_one(0, 1);
    assert_eq!(net.record_len(0), 2);
}

#[test]
fn a_third_browser_meeting_the_guest_first_is_refused_by_the_host_with_watching_off_and_watches_with_it_on() {
    // The server introduces the newcomer to the guest (side 0) before the host (side 2): the
    // guest's connection opens first and carries nothing; the guest closes it without a word.
    let mut net = Net::new(3);
    let room = invited(&mut net, 2, "60 no-watchers", &[0]);
    assert_eq!(net.phase(2), Some(Phase::Playing));
    net.command(1, &format!("join {room}"));
    assert_eq!(net.status(1), Some(Status { phase: Phase::Error, reason: Some(Reason::Rule(Refusal::SeatTaken)) }));
    assert_eq!((net.phase(0), net.phase(2)), (Some(Phase::Playing), Some(Phase::Playing)));
    // With watching on, the same order: it watches.
    let mut net = Net::new(3);
    invited(&mut net, 2, "60", &[0, 1]);
    assert_eq!(net.phase(1), Some(Phase::Watching));
    net.play_one(2, 0);
    assert_eq!(net.record_len(1), 1);
}

#[test]
fn third_and_fourth_browsers_with_the_link_watch_every_move_and_never_learn_a_secret() {
    let mut net = Net::new(4);
    let room = invited(&mut net, 0, "180+2", &[1]);
    net.play_one(0, 1);
    let sent_before = net.sent.len();
    for watcher in [2, 3] {
        net.command(watcher, &format!("join {room}"));
        assert_eq!(net.phase(watcher), Some(Phase::Watching), "{watcher}");
        let game = net.sides[watcher].netplay.game().unwrap();
        assert!(game.is_spectator());
        assert_eq!(game.game(), net.sides[0].netplay.game().unwrap().game());
    }
    let count = |net: &Net, side: usize| net.sides[side].netplay.game().unwrap().watchers();
    assert_eq!([0, 1, 2, 3].map(|side| count(&net, side)), [2; 4]);
    assert!(net.sides[1].events.contains(&Report::Watchers(2)), "the guest is told");
    for _ in 0..5 {
        net.play_one(0, 1);
    }
    net.wait(3000);
    for watcher in [2, 3] {
        let game = net.sides[watcher].netplay.game().unwrap();
        assert_eq!(game.game(), net.sides[0].netplay.game().unwrap().game(), "{watcher} sees every move");
        let moves = net.sides[watcher].events.iter().filter(|e| matches!(e, Report::Move { .. })).count();
        assert_eq!(moves, 5, "each move told as it comes");
        // The clocks: Blue to move (6 moves played), its time running for the watcher too.
        let clocks = game.clocks(net.now).unwrap();
        assert_eq!(clocks.running, Some(onitama_core::rules::Color::Blue));
        assert_eq!(clocks.increment, 2000);
        let host = net.sides[0].netplay.game().unwrap().clocks(net.now).unwrap();
        assert!(clocks.left[1].abs_diff(host.left[1]) <= 1000, "{clocks:?} {host:?}");
        // A watcher is dealt no colour, and keeps nothing to restore once it watches.
        let events = &net.sides[watcher].events;
        let watching = events.iter().position(|e| matches!(e, Report::Status(Status { phase: Phase::Watching, .. })));
        assert!(!events.iter().any(|e| matches!(e, Report::Started { .. })));
        // Its status came before its host's arrival: that is no opponent's, nothing to announce.
        let here = events.iter().position(|e| *e == Report::OpponentConnected(true));
        assert!(watching < here, "{events:?}");
        assert!(!events[watching.unwrap()..].iter().any(|e| matches!(e, Report::Saved(_))));
    }
    for text in sent_to(&net, 2, sent_before).iter().chain(&sent_to(&net, 3, sent_before)) {
        assert!(secrets(&net).iter().all(|secret| !text.contains(secret.as_str())), "a secret to a watcher: {text}");
    }
    // A watcher cannot play, and the guest keeps no connection to a watcher.
    let mv = net.sides[1].netplay.game().unwrap().game().unwrap().legal_moves()[0];
    net.command(2, &format!("play {mv}"));
    assert_eq!(net.sides[2].events.last(), Some(&Report::Denied(Reason::Rule(Refusal::Watcher))));
    assert_eq!(net.record_len(0), 6);
    let links = |a: usize, b: usize| net.links.keys().filter(|(s, c)| *s == a && net.links[&(*s, *c)].0 == b).count();
    assert_eq!((links(0, 2), links(0, 3), links(1, 2), links(1, 3)), (1, 1, 0, 0));
    // The end reaches them.
    net.command(0, "resign");
    for watcher in [2, 3] {
        let game = net.sides[watcher].netplay.game().unwrap();
        assert_eq!(
            game.game().unwrap().outcome(),
            Some(onitama_core::rules::Outcome::Resigned { by: onitama_core::rules::Color::Red })
        );
        assert!(net.sides[watcher].events.iter().any(|e| matches!(e, Report::Outcome(Some(_)))));
    }
    // Over for the watchers as for the players; a rematch's deal reaches them, watching again.
    assert_eq!((net.phase(2), net.phase(3)), (Some(Phase::Ended), Some(Phase::Ended)));
    net.command(0, "rematch-offer");
    net.command(1, "rematch-accept");
    for watcher in [2, 3] {
        assert_eq!(net.phase(watcher), Some(Phase::Watching));
        let (theirs, hosts) = (net.sides[watcher].netplay.game().unwrap(), net.sides[0].netplay.game().unwrap());
        assert_eq!((theirs.game_id(), theirs.game()), (hosts.game_id(), hosts.game()));
        assert!(theirs.game().unwrap().moves().is_empty());
    }
    // One leaves: both players hear there is one left.
    net.command(3, "leave");
    assert_eq!([0, 1, 2].map(|side| count(&net, side)), [1; 3]);
}

#[test]
fn a_watcher_reloading_catches_up_and_one_sending_moves_is_refused_and_dropped() {
    let mut net = Net::new(3);
    let room = invited(&mut net, 0, "60", &[1, 2]);
    net.play_one(0, 1);
    // The watcher reloads: a new page joins by the link again while moves are played.
    net.sides[2].netplay = Netplay::new(Some(SERVER.into()), entropy(99));
    net.sides[2].events.clear();
    let old = net.links.keys().filter(|(s, _)| *s == 2).copied().collect::<Vec<_>>();
    for (side, conn) in old {
        net.close_link(side, conn);
    }
    net.settle();
    net.play_one(0, 1);
    net.command(2, &format!("join {room}"));
    assert_eq!(net.phase(2), Some(Phase::Watching));
    assert_eq!(net.sides[2].netplay.game().unwrap().game(), net.sides[0].netplay.game().unwrap().game());
    assert_eq!(net.sides[0].netplay.game().unwrap().watchers(), 1, "the old connection is not counted");
    // A watcher's page that sends a move is refused `watcher` each time, and dropped in the end.
    let host_conn = *net.links.keys().find(|(s, _)| *s == 2).unwrap();
    let mv = net.sides[0].netplay.game().unwrap().game().unwrap().legal_moves()[0];
    let id = net.sides[0].netplay.game().unwrap().game_id().unwrap().clone();
    let line = format!(
        "move {id} 2 {mv} {}",
        net.sides[0].netplay.game().unwrap().game().unwrap().position().play(mv).unwrap()
    );
    let before = net.sent.len();
    for _ in 0..5 {
        net.perform(2, Task::Send { conn: host_conn.1, text: line.clone() });
        net.settle();
    }
    let told = sent_to(&net, 2, before);
    assert_eq!(told.iter().filter(|t| *t == "refused watcher").count(), 5, "{told:?}");
    assert!(told.contains(&"refused flood".to_string()), "dropped after five strikes: {told:?}");
    assert!(!net.links.contains_key(&host_conn), "its connection closed");
    assert_eq!(net.record_len(0), 2, "the host's game is unchanged");
    assert_eq!(net.phase(0), Some(Phase::Playing));
    assert_eq!(net.phase(1), Some(Phase::Playing));
}

#[test]
fn the_host_serves_eight_watchers_and_refuses_the_ninth() {
    let mut net = Net::new(11);
    let room = invited(&mut net, 0, "60", &[1]);
    for watcher in 2..11 {
        net.command(watcher, &format!("join {room}"));
    }
    let watching = (2..11).filter(|&w| net.phase(w) == Some(Phase::Watching)).count();
    assert_eq!(watching, 8);
    assert_eq!(net.phase(10), Some(Phase::Error));
    assert_eq!(net.sides[0].netplay.game().unwrap().watchers(), 8);
    net.play_one(0, 1);
    assert_eq!(net.record_len(9), 1);
}

#[test]
fn two_strangers_are_paired_dealt_opposite_colours_and_move_to_their_own_room() {
    let mut net = Net::new(3);
    net.command(0, "find base");
    assert_eq!(net.phase(0), Some(Phase::Waiting));
    net.command(1, "find base");
    assert_eq!(net.phase(0), Some(Phase::Playing));
    assert_eq!(net.phase(1), Some(Phase::Playing));
    assert!(net.sides[0].connects[0].ends_with("/pairing-base?next=2"));
    let (a, b) = (net.sides[0].netplay.game().unwrap(), net.sides[1].netplay.game().unwrap());
    assert_ne!(a.you(), b.you());
    assert_eq!(a.game(), b.game());
    assert_eq!((a.limit(), b.limit()), (MoveLimit::STRANGER, MoveLimit::STRANGER), "a stranger's game is 3+2");
    assert_eq!(MoveLimit::STRANGER, MoveLimit::Clock { seconds: 180, increment: 2 });
    assert_eq!(net.room(0), net.room(1));
    // A third stranger waits for the next one; it is not introduced to the pair.
    net.command(2, "find base");
    assert_eq!(net.phase(2), Some(Phase::Waiting));
    assert!(net.sides[2].netplay.game().is_none());
    // The channel lost: both go to the game's own room and meet there.
    net.play_one(0, 1);
    let conn = net.attached_conn(0);
    net.close_link(0, conn);
    net.queue.push_back((0, Input::ChannelClosed { conn }));
    net.settle();
    let room = net.room(0);
    assert!(net.sides[0].connects.last().unwrap().ends_with(&format!("/{room}")));
    assert!(net.sides[1].connects.last().unwrap().ends_with(&format!("/{room}")));
    assert_eq!(net.phase(1), Some(Phase::Playing));
    net.play_one(0, 1);
    assert_eq!(net.record_len(1), 2);
}

#[test]
fn garbage_from_the_peer_is_refused_the_game_unchanged_and_repeated_garbage_drops_it() {
    let mut net = friends();
    net.play_one(0, 1);
    let conn = net.attached_conn(0);
    let &(guest, guest_conn) = net.links.get(&(0, conn)).unwrap();
    let before = net.sides[0].netplay.game().unwrap().game().cloned();
    let garbage = ["nonsense", "move x 0 boar:a1a2", &"x".repeat(20_000), "move Room 9 boar:c1c2"];
    for (i, text) in garbage.iter().enumerate() {
        net.queue.push_back((0, Input::ChannelText { conn, text: text.to_string() }));
        net.settle();
        assert_eq!(net.sides[0].netplay.game().unwrap().game().cloned(), before, "after garbage {i}");
    }
    let refused: Vec<&Report> = net.sides[0].events.iter().filter(|e| matches!(e, Report::Refused(_))).collect();
    assert!(refused.contains(&&Report::Refused(Refusal::Malformed)));
    assert!(refused.contains(&&Report::Refused(Refusal::TooLong)));
    assert!(!net.sides[0].events.iter().any(|e| matches!(e, Report::Dropped(_))));
    net.queue.push_back((0, Input::ChannelText { conn, text: "more nonsense".into() }));
    net.settle();
    assert!(net.sides[0].events.contains(&Report::Dropped(Refusal::Flood)));
    assert!(!net.links.contains_key(&(guest, guest_conn)), "the connection is closed");
    assert_eq!(net.sides[0].netplay.game().unwrap().game().cloned(), before);
    // The other side is a netplay of ours: it came back on a new connection, with a fresh count.
    assert_eq!(net.phase(0), Some(Phase::Playing));
    assert_ne!(net.attached_conn(0), conn);
}

#[test]
fn a_flood_of_messages_is_cut_off() {
    let mut net = friends();
    let conn = net.attached_conn(0);
    let id = net.sides[0].netplay.game().unwrap().game_id().unwrap().clone();
    let ply = net.record_len(0);
    for _ in 0..60 {
        let text = Message::Declare { game: id.clone(), ply, what: onitama_online::Declaration::DrawDecline }.encode();
        net.queue.push_back((0, Input::ChannelText { conn, text }));
    }
    net.settle();
    assert!(net.sides[0].events.contains(&Report::Refused(Refusal::Flood)));
    assert!(net.sides[0].events.contains(&Report::Dropped(Refusal::Flood)));
}

#[test]
fn a_claim_becomes_possible_when_the_limit_has_passed() {
    let mut net = Net::new(2);
    invited(&mut net, 0, "5", &[1]);
    let game = net.sides[0].netplay.game().unwrap();
    assert_eq!(game.limit(), MoveLimit::Seconds(5));
    let to_move = game.game().unwrap().position().to_move();
    let waiting = if game.you() == to_move { 1 } else { 0 };
    net.wait(6000);
    assert!(net.sides[waiting].events.contains(&Report::CanClaim(true)));
    net.command(waiting, "claim");
    assert_eq!(net.phase(0), Some(Phase::Ended));
    assert_eq!(net.phase(1), Some(Phase::Ended));
}

#[test]
fn leaving_closes_everything_and_says_so() {
    let mut net = friends();
    // Each side has moved once: leaving resigns (before, it aborts: `abort_takeback.rs`).
    net.play_one(0, 1);
    net.play_one(0, 1);
    net.command(1, "leave");
    assert_eq!(net.status(1), Some(Status { phase: Phase::Ended, reason: Some(Reason::Left) }));
    assert!(net.sides[1].socket.is_none());
    // The opponent is told: the game going on was resigned, and online play ends there too.
    assert_eq!(net.status(0), Some(Status { phase: Phase::Ended, reason: Some(Reason::OpponentLeft) }));
    let resigned = |side: usize| {
        net.sides[side]
            .events
            .iter()
            .any(|e| matches!(e, Report::Outcome(Some(onitama_core::rules::Outcome::Resigned { .. }))))
    };
    assert!(resigned(0));
    assert!(!net.sides[0].events.contains(&Report::Outcome(None)), "the end stays once stopped");
    // A new game may start after leaving.
    net.command(1, "find base");
    assert_eq!(net.phase(1), Some(Phase::Waiting));
}

#[test]
fn the_server_dropping_in_the_middle_of_a_handshake_is_survived_and_the_pair_meets_later() {
    let mut net = Net::new(2);
    net.command(0, "create random random 60");
    let room = net.room(0);
    net.queue.push_back((1, Input::Command(Command::decode(&format!("join {room}")).unwrap())));
    // Up to the host's offer on its way, and no further.
    while !net.sent.is_empty() || net.queue.iter().all(|(_, i)| !matches!(i, Input::Described { .. })) {
        assert!(net.step_once(), "the handshake never started");
    }
    net.server_down();
    net.settle();
    assert!(net.links.is_empty(), "no channel without the server");
    assert_ne!(net.phase(1), Some(Phase::Playing));
    assert_eq!(net.open[0].len() + net.open[1].len(), 0, "the half-made connections are closed");
    net.wait(3000);
    net.server_up = true;
    net.wait(20_000);
    assert_eq!(net.phase(0), Some(Phase::Playing));
    assert_eq!(net.phase(1), Some(Phase::Playing));
}

#[test]
fn garbage_from_the_server_is_ignored() {
    let mut net = friends();
    for message in [
        FromServer::NewPeer("peer-01".into()),
        FromServer::Signal { sender: "nobody".into(), signal: PeerSignal::Answer("x".into()) },
        FromServer::Signal { sender: "nobody".into(), signal: PeerSignal::Candidate("{}".into()) },
        FromServer::PeerLeft("nobody".into()),
        FromServer::IdAssigned("peer-99".into()),
    ] {
        net.queue.push_back((0, Input::Server(message)));
    }
    net.settle();
    net.play_one(0, 1);
    assert_eq!(net.record_len(1), 1);
}

#[test]
fn a_game_won_on_the_board_and_its_rematch_give_the_page_lines_that_read() {
    use onitama_core::rules::Outcome;
    use onitama_online::host::{Asked, Host, Lang, ToPage};
    let mut net = friends();
    // A master taken as soon as one can be, else the first move: the board ends the game.
    for _ in 0..400 {
        let game = net.sides[0].netplay.game().unwrap().game().unwrap().clone();
        if game.outcome().is_some() {
            break;
        }
        let capture = game.legal_moves().iter().copied().find(|&m| {
            let mut after = game.clone();
            after.play(m).is_ok() && matches!(after.outcome(), Some(Outcome::Win { .. }))
        });
        match capture {
            Some(m) => {
                let game = net.sides[0].netplay.game().unwrap();
                let mover = if game.you() == game.game().unwrap().position().to_move() { 0 } else { 1 };
                net.command(mover, &format!("play {m}"));
            }
            None => net.play_one(0, 1),
        }
    }
    let over = net.sides[0].netplay.game().unwrap().game().unwrap().outcome();
    assert!(matches!(over, Some(Outcome::Win { .. } | Outcome::DrawByRepetition)), "{over:?}");
    net.command(0, "rematch-offer");
    net.command(1, "rematch-accept");
    assert_eq!(net.record_len(0), 0, "the rematch is dealt");
    for side in [0, 1] {
        let mut host = Host::new(Lang::En);
        host.asked(if side == 1 { Asked::Join } else { Asked::Create });
        for event in &net.sides[side].events {
            for line in host.event(event) {
                assert_eq!(ToPage::decode(&line.encode()).as_ref(), Ok(&line), "{}", line.encode());
            }
        }
    }
}

#[test]
fn leaving_a_finished_game_tells_the_opponent_who_then_cannot_offer_a_rematch() {
    let mut net = friends();
    net.command(0, "resign");
    net.command(1, "leave");
    assert_eq!(net.status(0), Some(Status { phase: Phase::Ended, reason: Some(Reason::OpponentLeft) }));
    net.command(0, "rematch-offer");
    assert_eq!(net.sides[0].events.last(), Some(&Report::Denied(Reason::NoGame)));
}

#[test]
fn a_rematch_offer_declined_or_withdrawn_reaches_the_other_side() {
    let mut net = friends();
    net.command(0, "resign");
    let offers = |net: &Net, side: usize| {
        net.sides[side].events.iter().rev().find_map(|e| match e {
            Report::Offers { rematch, .. } => Some(*rematch),
            _ => None,
        })
    };
    net.command(0, "rematch-offer");
    let offerer = net.sides[0].netplay.game().unwrap().you();
    assert_eq!(offers(&net, 1), Some(Some(offerer)));
    net.command(1, "rematch-withdraw");
    assert_eq!(net.sides[1].events.last(), Some(&Report::Denied(Reason::Rule(Refusal::NotOffered))));
    net.command(1, "rematch-decline");
    assert_eq!((offers(&net, 0), offers(&net, 1)), (Some(None), Some(None)), "declined on both sides");
    net.command(1, "rematch-offer");
    assert_eq!(offers(&net, 0), Some(Some(offerer.other())));
    net.command(1, "rematch-withdraw");
    assert_eq!((offers(&net, 0), offers(&net, 1)), (Some(None), Some(None)), "withdrawn on both sides");
    net.command(0, "rematch-accept");
    assert_eq!(net.sides[0].events.last(), Some(&Report::Denied(Reason::Rule(Refusal::NotOffered))));
    assert!(net.sides[0].netplay.game().unwrap().game().unwrap().outcome().is_some(), "no new game");
}

#[test]
fn under_a_move_limit_the_time_left_for_the_move_is_told_each_second_and_stops_with_the_game() {
    use onitama_core::rules::Color;
    let clocks = |net: &Net, side: usize| -> Vec<Option<(Color, u32)>> {
        net.sides[side]
            .events
            .iter()
            .filter_map(|e| match e {
                Report::Clock(clock) => Some(*clock),
                _ => None,
            })
            .collect()
    };
    let mut net = friends();
    let mover = net.sides[0].netplay.game().unwrap().game().unwrap().position().to_move();
    for side in [0, 1] {
        assert_eq!(clocks(&net, side).last(), Some(&Some((mover, 60))), "side {side}: the whole minute");
    }
    net.wait(2500);
    for side in [0, 1] {
        let told = clocks(&net, side);
        assert_eq!(told.last(), Some(&Some((mover, 58))), "side {side}: {told:?}");
        assert!(told.windows(2).all(|w| w[0] != w[1]), "told only when it changes: {told:?}");
    }
    net.play_one(0, 1);
    assert_eq!(clocks(&net, 0).last(), Some(&Some((mover.other(), 60))), "a move gives the other side its minute");
    net.command(0, "resign");
    assert_eq!((clocks(&net, 0).last(), clocks(&net, 1).last()), (Some(&None), Some(&None)));
    // Without a limit there is no clock at all.
    let mut free = Net::new(3);
    free.command(0, "create boar,ox,elephant,horse,crab red none");
    let room = free.room(0);
    free.command(1, &format!("join {room}"));
    assert_eq!(free.phase(1), Some(Phase::Playing));
    assert!(clocks(&free, 0).iter().chain(&clocks(&free, 1)).all(Option::is_none));
}

#[test]
fn a_link_nobody_answers_waits_for_the_friends_page_and_is_given_up_only_after_two_minutes() {
    use onitama_online::host::{Asked, Host, Lang, ToPage};
    use onitama_online::netplay::{HOST_ANSWER_MS, LINK_EXPIRY_MS};
    let panel_of = |events: &[Report]| {
        let mut host = Host::new(Lang::En);
        host.asked(Asked::Join);
        let lines: Vec<ToPage> = events.iter().flat_map(|e| host.event(e)).collect();
        let panel = lines.iter().rev().find_map(|l| if let ToPage::Panel(p) = l { Some(p.clone()) } else { None });
        let panel = panel.unwrap();
        let buttons: Vec<(String, String)> =
            panel.buttons.iter().map(|b| (b.command.encode(), b.label.clone())).collect();
        (panel.text, buttons)
    };
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    let mut net = Net::new(1);
    net.command(0, "join https://example.org/#online=abcdefabcdefabcdefabcdef");
    assert_eq!(net.phase(0), Some(Phase::Waiting));
    net.wait(HOST_ANSWER_MS - 1000);
    assert_eq!(net.status(0), Some(Status { phase: Phase::Waiting, reason: None }), "still waiting for the host");
    // The host's page is not open (a tab in the background, a phone asleep): said so, and the
    // wait goes on in the room, with the AI's game as the way out.
    net.wait(1500);
    assert_eq!(net.status(0), Some(Status { phase: Phase::Waiting, reason: Some(Reason::OpponentAway) }));
    assert!(net.sides[0].socket.is_some(), "still in the room");
    let (text, buttons) = panel_of(&net.sides[0].events);
    assert_eq!(text, "Your friend's page is not open: waiting for them…");
    assert_eq!(buttons, [pair("leave", "Play the AI")]);
    net.wait(LINK_EXPIRY_MS - HOST_ANSWER_MS - 1000);
    assert_eq!(net.phase(0), Some(Phase::Waiting));
    // Nobody for two minutes: the game is over or the link has expired.
    net.wait(1500);
    assert_eq!(net.status(0), Some(Status { phase: Phase::Error, reason: Some(Reason::Expired) }));
    assert_eq!(Reason::from_code(Reason::Expired.code()), Some(Reason::Expired));
    let (text, buttons) = panel_of(&net.sides[0].events);
    assert_eq!(text, "Nobody is here: the game is over or the link has expired");
    assert_eq!(buttons, [pair("create random random 180", "Invite a friend"), pair("leave", "Play the AI")]);
}

#[test]
fn a_friend_whose_page_opens_late_still_finds_the_guest_waiting() {
    let mut net = Net::new(2);
    net.command(0, "create boar,ox,elephant,horse,crab red 60");
    let room = net.room(0);
    // The host's page goes to the background: its websocket is gone from the room.
    net.leave_socket(0);
    net.sides[0].socket = None;
    let saved = net.sides[0]
        .events
        .iter()
        .rev()
        .find_map(|e| if let Report::Saved(s) = e { Some(s.to_text()) } else { None })
        .unwrap();
    net.sides[0].netplay = Netplay::new(Some(SERVER.into()), entropy(79));
    net.command(1, &format!("join {room}"));
    net.wait(60_000);
    assert_eq!(net.phase(1), Some(Phase::Waiting));
    // A minute later the host's page is back, from its save: the two meet and the game begins.
    net.command(0, &format!("restore {saved}"));
    net.wait(2000);
    assert_eq!(net.phase(0), Some(Phase::Playing));
    assert_eq!(net.phase(1), Some(Phase::Playing));
}

/// The guest's page goes without a word (a tab closed, a phone asleep): its channel and its
/// websocket die, and nothing of it runs. Returns its last saved line.
fn guest_vanishes(net: &mut Net) -> String {
    let saved = net.sides[1]
        .events
        .iter()
        .rev()
        .find_map(|e| if let Report::Saved(s) = e { Some(s.to_text()) } else { None })
        .unwrap();
    let conn = net.attached_conn(1);
    net.close_link(1, conn);
    net.leave_socket(1);
    net.sides[1].netplay = Netplay::new(Some(SERVER.into()), entropy(78));
    net.sides[1].events.clear();
    net.settle();
    saved
}

#[test]
fn an_opponent_who_vanished_is_claimed_against_after_the_limit_and_learns_it_on_return() {
    use onitama_core::rules::{Color, Outcome};
    let mut net = friends();
    net.play_one(0, 1);
    // Red (the host) is to move, and cannot while Blue is away.
    let saved = guest_vanishes(&mut net);
    assert_eq!(net.phase(0), Some(Phase::Reconnecting));
    net.wait(55_000);
    assert!(!net.sides[0].events.contains(&Report::CanClaim(true)));
    net.wait(6_000);
    assert_eq!(
        net.sides[0].events.iter().rev().find(|e| matches!(e, Report::CanClaim(_))),
        Some(&Report::CanClaim(true))
    );
    net.command(0, "claim");
    let won = Report::Outcome(Some(Outcome::WonOnTime { winner: Color::Red }));
    assert!(net.sides[0].events.contains(&won));
    assert_eq!(net.phase(0), Some(Phase::Ended));
    // Blue's tab is opened again much later: it hears of the claim from Red's record, and agrees.
    net.wait(120_000);
    net.command(1, &format!("restore {saved}"));
    net.wait(2000);
    assert!(net.sides[1].events.contains(&won), "{:?}", net.sides[1].events);
    assert_eq!(net.sides[0].netplay.game().unwrap().game(), net.sides[1].netplay.game().unwrap().game());
}

#[test]
fn a_page_that_cannot_reach_the_server_itself_does_not_claim_against_an_absent_opponent() {
    let mut net = friends();
    net.play_one(0, 1);
    guest_vanishes(&mut net);
    // Red's own connection is down too: it cannot tell who is gone.
    net.server_down();
    net.wait(70_000);
    assert!(!net.sides[0].events.contains(&Report::CanClaim(true)));
    net.command(0, "claim");
    assert_eq!(net.sides[0].events.last(), Some(&Report::Denied(Reason::Unreachable)));
    assert_ne!(net.phase(0), Some(Phase::Ended));
    // Back on the server, and Blue still gone: now it may.
    net.server_up = true;
    net.wait(15_000);
    assert!(net.sides[0].events.contains(&Report::CanClaim(true)));
}

#[test]
fn a_phrase_reaches_the_other_side_for_a_few_seconds_and_the_sender_waits() {
    use onitama_online::Phrase;
    use onitama_online::game::{PHRASE_SHOWN_MS, SAY_WAIT_MS};
    let mut net = friends();
    net.command(1, "say good-luck");
    let heard = Report::Phrases { shown: true, may_say: true, heard: Some((1, Phrase::GoodLuck)) };
    assert!(net.sides[0].events.contains(&heard), "{:?}", net.sides[0].events);
    assert!(net.sides[1].events.contains(&Report::Phrases { shown: true, may_say: false, heard: None }));
    net.command(1, "say thanks");
    assert_eq!(net.sides[1].events.last(), Some(&Report::Denied(Reason::Rule(Refusal::TooEarly))));
    net.wait(SAY_WAIT_MS.max(PHRASE_SHOWN_MS) + 600);
    assert_eq!(
        net.sides[0].events.iter().rev().find(|e| matches!(e, Report::Phrases { .. })),
        Some(&Report::Phrases { shown: true, may_say: true, heard: None }),
        "shown a few seconds"
    );
    assert!(net.sides[1].events.contains(&Report::Phrases { shown: true, may_say: true, heard: None }));
    // Turned off: taken, not shown.
    net.command(0, "phrases off");
    net.command(1, "say oops");
    assert!(!net.sides[0].events.iter().any(|e| matches!(e, Report::Phrases { heard: Some((_, Phrase::Oops)), .. })));
    assert_eq!(net.phase(0), Some(Phase::Playing));
}

#[test]
fn a_page_of_another_version_stops_online_play_and_says_why() {
    let mut net = friends();
    let conn = net.attached_conn(0);
    let game = net.sides[0].netplay.game().unwrap();
    let (id, secret) = (game.game_id().unwrap().clone(), game.opponent_secret().unwrap().clone());
    // The guest's page, reloaded from a service worker's older copy, says hello without a version.
    let text = format!("hello {id} {secret}");
    let now = net.now;
    let fx = net.sides[0].netplay.step(now, Input::ChannelText { conn, text });
    let why = Status { phase: Phase::Error, reason: Some(Reason::Rule(Refusal::OtherVersion)) };
    assert!(fx.contains(&Task::Emit(Report::Status(why))), "{fx:?}");
    // The other page is told why, then the connection is closed.
    let told = fx.iter().position(|e| *e == Task::Send { conn, text: "refused other-version".into() });
    let closed = fx.iter().position(|e| *e == Task::Close { conn });
    assert!(told.is_some() && told < closed, "{fx:?}");
    // And the other way: the guest told by a page of another version stops too.
    let mut net = friends();
    let conn = net.attached_conn(1);
    net.queue.push_back((1, Input::ChannelText { conn, text: "refused other-version".into() }));
    net.settle();
    assert_eq!(net.status(1), Some(why));
}

#[test]
fn an_abort_and_a_takeback_go_through_the_module_and_both_sides_hear_them() {
    use onitama_online::game::{AbortState, TakebackState};
    let mut net = friends();
    // Before the first moves: each may abort.
    for side in 0..2 {
        assert!(net.sides[side].events.contains(&Report::Abort(AbortState::Yes)), "{:?}", net.sides[side].events);
    }
    // Too early for a takeback: nothing of anyone's to take back.
    net.command(0, "takeback");
    assert_eq!(net.sides[0].events.last(), Some(&Report::Denied(Reason::Rule(Refusal::NoTakeback))));
    for _ in 0..4 {
        net.play_one(0, 1);
    }
    net.command(0, "abort");
    assert_eq!(net.sides[0].events.last(), Some(&Report::Denied(Reason::Rule(Refusal::TooLate))));
    // The side that moved last asks; the other accepts: both records go back.
    let last = net.sides[0].netplay.game().unwrap();
    let asker = usize::from(last.game().unwrap().position().to_move() == last.you());
    let asked = 1 - asker;
    net.command(asker, "takeback");
    let asker_colour = net.sides[asker].netplay.game().unwrap().you();
    let standing = Report::Takeback(TakebackState { asked_by: Some(asker_colour), may_ask: false, declined: false });
    assert_eq!(net.sides[asked].events.iter().rev().find(|e| matches!(e, Report::Takeback(_))), Some(&standing));
    net.command(asked, "takeback-accept");
    assert_eq!((net.record_len(0), net.record_len(1)), (3, 3));
    assert_eq!(net.sides[0].netplay.game().unwrap().game(), net.sides[1].netplay.game().unwrap().game());
    for side in 0..2 {
        assert!(net.sides[side].events.iter().any(|e| matches!(e, Report::Record(r) if r.moves().len() == 3)));
    }
    // A takeback declined: nothing changes, and the asker is told it waits.
    net.command(asker, "takeback");
    net.command(asked, "takeback-decline");
    assert_eq!(net.record_len(asker), 3);
    let waits = Report::Takeback(TakebackState { asked_by: None, may_ask: false, declined: true });
    assert_eq!(net.sides[asker].events.iter().rev().find(|e| matches!(e, Report::Takeback(_))), Some(&waits));
    net.command(asker, "takeback");
    assert_eq!(net.sides[asker].events.last(), Some(&Report::Denied(Reason::Rule(Refusal::NoTakeback))));
}

#[test]
fn an_aborted_game_ends_on_both_sides_with_no_outcome_and_a_rematch_follows() {
    use onitama_online::game::AbortState;
    let mut net = friends();
    net.play_one(0, 1);
    net.command(1, "abort");
    for side in 0..2 {
        assert_eq!(net.phase(side), Some(Phase::Ended));
        assert!(net.sides[side].events.contains(&Report::Abort(AbortState::Aborted)));
        assert!(!net.sides[side].events.iter().any(|e| matches!(e, Report::Outcome(Some(_)))));
        let saved =
            net.sides[side].events.iter().rev().find_map(|e| if let Report::Saved(s) = e { Some(s) } else { None });
        assert!(saved.unwrap().aborted);
    }
    net.command(0, "rematch-offer");
    net.command(1, "rematch-accept");
    for side in 0..2 {
        assert_eq!(net.phase(side), Some(Phase::Playing));
        assert_eq!(
            net.sides[side].events.iter().rev().find(|e| matches!(e, Report::Abort(_))),
            Some(&Report::Abort(AbortState::Yes))
        );
    }
}

#[test]
fn the_watchers_see_the_host_leave_and_the_game_end() {
    let mut net = Net::new(3);
    invited(&mut net, 0, "60", &[1, 2]);
    net.play_one(0, 1);
    net.play_one(0, 1);
    net.command(0, "leave");
    assert_eq!(net.status(2), Some(Status { phase: Phase::Ended, reason: Some(Reason::OpponentLeft) }));
    let outcome =
        net.sides[2].events.iter().rev().find_map(|e| if let Report::Outcome(o) = e { Some(*o) } else { None });
    assert_eq!(outcome, Some(Some(onitama_core::rules::Outcome::Resigned { by: onitama_core::rules::Color::Red })));
}

#[test]
fn a_guest_reloading_among_watchers_gets_back_to_the_host_introduced_last() {
    // The host is the last page the server introduces a newcomer to (its side comes last), and
    // five watchers are in the room: the reloading guest meets all of them first.
    let mut net = Net::new(7);
    let room = invited(&mut net, 6, "60", &[0]);
    for watcher in 1..6 {
        net.command(watcher, &format!("join {room}"));
        assert_eq!(net.phase(watcher), Some(Phase::Watching), "{watcher}");
    }
    net.play_one(6, 0);
    let saved = net.sides[0]
        .events
        .iter()
        .rev()
        .find_map(|e| if let Report::Saved(s) = e { Some(s.to_text()) } else { None })
        .unwrap();
    let conns: Vec<u32> = net.open[0].drain().collect();
    for conn in conns {
        net.close_link(0, conn);
    }
    net.leave_socket(0);
    net.settle();
    net.sides[0].netplay = Netplay::new(Some(SERVER.into()), entropy(55));
    net.sides[0].events.clear();
    net.command(0, &format!("restore {saved}"));
    net.wait(1000);
    assert_eq!((net.phase(0), net.phase(6)), (Some(Phase::Playing), Some(Phase::Playing)));
    net.play_one(6, 0);
    assert_eq!(net.record_len(0), 2);
    assert_eq!(net.record_len(3), 2, "the watchers follow still");
}
