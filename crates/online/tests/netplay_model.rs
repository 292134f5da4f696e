//! The online module's netplays under random use: commands, reloads, third and fourth browsers
//! (watchers, or refused), lost channels, the server going down and up, garbage on the channel,
//! time passing. After every step: nothing panicked, every event read back (checked as they
//! come), no netplay holds more connections than allowed (a host that lets friends watch has
//! room for its watchers), two netplays connected to each other in the same game hold the same
//! record unless they said it diverged, a watcher connected to the host holds the host's record,
//! and no watcher knows a player's secret.

mod common;

use common::Net;
use onitama_online::bridge::Report;
use onitama_online::netplay::{Input, MAX_CONNECTIONS, Netplay};
use onitama_online::protocol::MAX_WATCHERS;
use onitama_online::{OnlineGame, Status};
use proptest::prelude::*;
use proptest::strategy::ValueTree;

#[derive(Clone, Debug)]
enum Op {
    Create(usize),
    Join(usize),
    Find(usize),
    Play(usize, usize),
    Action(usize, usize),
    Leave(usize),
    Reload(usize),
    CutChannel(usize),
    ServerDown,
    ServerUp,
    Garbage(usize, usize),
    Wait(u64),
}

const ACTIONS: [&str; 11] = [
    "resign",
    "draw-offer",
    "draw-accept",
    "draw-decline",
    "claim",
    "rematch-offer",
    "rematch-accept",
    "abort",
    "takeback",
    "takeback-accept",
    "takeback-decline",
];
const GARBAGE: [&str; 9] = [
    "nonsense",
    "hello - intruder 2",
    "refused seat-taken",
    "move a 0 boar:c1c2 x",
    "sync",
    "seat intruder",
    "proof 0123abcd",
    "watchers 3",
    "clocks x.1 1000 1000 red 0",
];

/// Browsers in the model: two players and two more with the link.
const SIDES: usize = 4;

fn op() -> impl Strategy<Value = Op> {
    let side = 0..SIDES;
    prop_oneof![
        1 => side.clone().prop_map(Op::Create),
        3 => side.clone().prop_map(Op::Join),
        1 => side.clone().prop_map(Op::Find),
        8 => (side.clone(), 0..40usize).prop_map(|(s, m)| Op::Play(s, m)),
        2 => (side.clone(), 0..ACTIONS.len()).prop_map(|(s, a)| Op::Action(s, a)),
        1 => side.clone().prop_map(Op::Leave),
        2 => side.clone().prop_map(Op::Reload),
        2 => side.clone().prop_map(Op::CutChannel),
        1 => Just(Op::ServerDown),
        2 => Just(Op::ServerUp),
        1 => (side, 0..GARBAGE.len()).prop_map(|(s, g)| Op::Garbage(s, g)),
        3 => (0..30_000u64).prop_map(Op::Wait),
    ]
}

fn last_saved(net: &Net, side: usize) -> Option<String> {
    net.sides[side].events.iter().rev().find_map(|e| if let Report::Saved(s) = e { Some(s.to_text()) } else { None })
}

fn any_room(net: &Net) -> Option<String> {
    (0..net.sides.len()).find_map(|side| {
        net.sides[side]
            .events
            .iter()
            .rev()
            .find_map(|e| if let Report::Room(r) = e { Some(r.to_string()) } else { None })
    })
}

fn apply(net: &mut Net, op: &Op) {
    // A page starting afresh (a new game asked for, left, reloaded) is another page: what the
    // last one heard is not this one's.
    if let Op::Create(side) | Op::Join(side) | Op::Find(side) | Op::Leave(side) | Op::Reload(side) = *op {
        net.delivered.retain(|(_, to, _)| *to != side);
    }
    match *op {
        Op::Create(side) => net.command(side, "create random random 5"),
        Op::Join(side) => {
            if let Some(room) = any_room(net) {
                net.command(side, &format!("join {room}"));
            }
        }
        Op::Find(side) => net.command(side, "find base"),
        Op::Play(side, pick) => {
            let mv = net.sides[side].netplay.game().and_then(OnlineGame::game).and_then(|g| {
                let moves = g.legal_moves();
                (!moves.is_empty()).then(|| moves[pick % moves.len()])
            });
            if let Some(mv) = mv {
                net.command(side, &format!("play {mv}"));
            }
        }
        Op::Action(side, action) => net.command(side, ACTIONS[action]),
        Op::Leave(side) => net.command(side, "leave"),
        Op::Reload(side) => {
            let saved = last_saved(net, side);
            let conns: Vec<u32> = net.open[side].drain().collect();
            for conn in conns {
                net.close_link(side, conn);
            }
            net.leave_socket(side);
            net.settle();
            net.sides[side].netplay = Netplay::new(
                Some(common::SERVER.into()),
                common::entropy(net.now.wrapping_mul(31).wrapping_add(side as u64 + 100)),
            );
            if let Some(saved) = saved {
                net.command(side, &format!("restore {saved}"));
            }
        }
        Op::CutChannel(side) => {
            if let Some(&conn) = net.open[side].iter().next() {
                net.close_link(side, conn);
                net.queue.push_back((side, Input::ChannelClosed { conn }));
                net.settle();
            }
        }
        Op::ServerDown => {
            net.server_down();
            net.settle();
        }
        Op::ServerUp => net.server_up = true,
        Op::Garbage(side, which) => {
            if let Some(&conn) = net.open[side].iter().next() {
                net.queue.push_back((side, Input::ChannelText { conn, text: GARBAGE[which].to_string() }));
                net.settle();
            }
        }
        Op::Wait(ms) => net.wait(ms),
    }
}

fn check(net: &Net, history: &[Op]) {
    for side in 0..net.sides.len() {
        let game = net.sides[side].netplay.game();
        // A page in a friend's room has room for the watchers too.
        let watchers = if game.is_some() { MAX_WATCHERS as usize } else { 0 };
        let open = net.open[side].len();
        assert!(open <= MAX_CONNECTIONS + watchers, "side {side} holds {open} connections");
        assert!(game.is_none_or(|g| g.watchers() <= MAX_WATCHERS));
        if game.is_some_and(OnlineGame::is_spectator) {
            // No player's secret ever reached a spectator, stored or not.
            let players: Vec<String> = (0..net.sides.len())
                .filter_map(|s| net.sides[s].netplay.game().filter(|g| !g.is_spectator()))
                .filter(|g| g.opponent_secret().is_some())
                .map(|g| g.saved().secret.to_string())
                .collect();
            for (from, _, text) in net.delivered.iter().filter(|(_, to, _)| *to == side) {
                let secret = text.strip_prefix("seat ").unwrap_or_default();
                assert!(
                    !players.iter().any(|p| p == secret),
                    "side {from} told spectator {side} a secret after {history:?}"
                );
            }
        }
    }
    for a in 0..net.sides.len() {
        for b in a + 1..net.sides.len() {
            let (Some(ga), Some(gb)) = (net.sides[a].netplay.game(), net.sides[b].netplay.game()) else { continue };
            let (sa, sb) = (ga.saved(), gb.saved());
            let opponents =
                sa.opponent_secret.as_ref() == Some(&sb.secret) && sb.opponent_secret.as_ref() == Some(&sa.secret);
            let connected = ga.opponent_connected() && gb.opponent_connected();
            let linked = net.links.iter().any(|(&(x, _), &(y, _))| x == a && y == b);
            if opponents && connected && linked && ga.game_id() == gb.game_id() {
                let diverged = ga.status() == Status::Diverged || gb.status() == Status::Diverged;
                assert!(diverged || ga.game() == gb.game(), "sides {a} and {b} disagree silently after {history:?}");
            }
            // A watcher connected to the host sees the host's game as it is.
            for (w, h) in [(ga, gb), (gb, ga)] {
                let served = w.is_spectator() && w.opponent_connected() && h.is_host() && linked;
                if served && w.saved().room == h.saved().room && h.watchers() > 0 && w.game_id() == h.game_id() {
                    assert_eq!(w.game(), h.game(), "a watcher of {a}/{b} behind after {history:?}");
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn sessions_never_panic_never_overconnect_and_never_disagree_silently(ops in prop::collection::vec(op(), 1..60)) {
        let mut net = Net::new(SIDES);
        let mut history = Vec::new();
        for op in ops {
            apply(&mut net, &op);
            history.push(op);
            check(&net, &history);
        }
    }
}

#[test]
fn random_runs_reach_games_moves_and_reconnects() {
    // The model must reach what it means to test: a game under way between two sides after a
    // reload or a lost channel.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut played = 0;
    let mut restored = 0;
    let mut connected = 0;
    let mut watched = 0;
    for _ in 0..200 {
        let ops = prop::collection::vec(op(), 1..60).new_tree(&mut runner).unwrap().current();
        let mut net = Net::new(SIDES);
        for op in &ops {
            apply(&mut net, op);
        }
        let moves = |side: usize| net.sides[side].events.iter().filter(|e| matches!(e, Report::Move { .. })).count();
        if (0..SIDES).any(|s| moves(s) > 0) {
            played += 1;
        }
        if ops.iter().any(|o| matches!(o, Op::Reload(_))) && (0..SIDES).any(|s| moves(s) > 0) {
            restored += 1;
        }
        let watching = |s: usize| net.sides[s].netplay.game().is_some_and(OnlineGame::is_spectator);
        if (0..SIDES).any(|s| watching(s) && moves(s) > 0) {
            watched += 1;
        }
        let checked = (0..SIDES).any(|a| {
            (0..SIDES).any(|b| {
                a != b
                    && net.links.keys().any(|&(x, _)| x == a)
                    && net.sides[a]
                        .netplay
                        .game()
                        .is_some_and(|g| g.opponent_connected() && g.game().is_some_and(|g| !g.moves().is_empty()))
                    && net.sides[b].netplay.game().is_some_and(OnlineGame::opponent_connected)
            })
        });
        if checked {
            connected += 1;
        }
    }
    eprintln!(
        "of 200 runs: {played} with moves, {restored} with moves and reloads, {connected} ending connected with moves, {watched} with a watcher seeing moves"
    );
    assert!(watched > 5, "runs where a watcher saw moves: {watched}");
    assert!(played > 20, "games with moves: {played}");
    assert!(restored > 5, "games with moves and reloads: {restored}");
    assert!(connected > 5, "runs ending with two sides connected in a game with moves: {connected}");
}
