//! Online play, natively: every message kind written and read back, every refusal, and one side's
//! game driven through the seats, the deal, moves, declarations, claims on time, rematches and
//! reconciliation after a reconnect.

use onitama_core::rules::{Color, Deal, Game, Move, Outcome};
use onitama_online::game::{PHRASE_GAP_MS, PHRASE_SHOWN_MS, SAY_WAIT_MS};
use onitama_online::protocol::{MAX_SYNC_MOVES, VERSION};
use onitama_online::{
    ColorChoice, DealChoice, Declaration, Invitation, MAX_MESSAGE_BYTES, Message, MoveLimit, OnlineGame, Output,
    Phrase, Reconciled, Refusal, Status, Token, reconcile,
};

mod two_sides;

use two_sides::{deal, dropped, exchange, first_legal, pair, play_one, refused, same_game, sent, setup, tok};

/// Both sides connect again; the guest proves the host's seat first (the host has not yet heard
/// the guest's proof). Returns what the guest says meanwhile (its proof, its record) and what
/// the host has said after its proof (nothing yet).
fn greeted_first(host: &mut OnlineGame, guest: &mut OnlineGame, now: u64) -> (Vec<Message>, Vec<Message>) {
    // (The host's own hello and proof are all it says before the guest's proof.)
    let from_host = sent(&host.connected(now));
    let from_guest = sent(&guest.connected(now));
    let host_proof = from_guest.iter().flat_map(|m| sent(&host.receive(now, &m.encode()))).collect::<Vec<_>>();
    let mut guest_says = Vec::new();
    for m in from_host.iter().chain(&host_proof) {
        guest_says.extend(sent(&guest.receive(now, &m.encode())));
    }
    assert!(guest.opponent_connected() && !host.opponent_connected());
    (guest_says, Vec::new())
}

// ---- the messages ----

fn samples() -> Vec<Message> {
    let game = tok("room1.1");
    let start = deal().position();
    let mv = start.legal_moves()[0];
    let mut record = Game::new(start);
    record.play(mv).unwrap();
    let mut drawn = record.clone();
    drawn.agree_draw().unwrap();
    let mut messages = vec![
        Message::Hello { game: None, nonce: tok("s3cret"), version: Some(VERSION) },
        Message::Hello { game: Some(game.clone()), nonce: tok("s3cret"), version: Some(VERSION) },
        Message::Hello { game: None, nonce: tok("s3cret"), version: None },
        Message::Hello { game: None, nonce: tok("s3cret"), version: Some(0) },
        Message::Start { game: game.clone(), you: Color::Blue, limit: MoveLimit::DEFAULT, position: start },
        Message::Start { game: game.clone(), you: Color::Red, limit: MoveLimit::None, position: start },
        Message::Move { game: game.clone(), ply: 0, mv, position: start.play(mv).unwrap(), left: None },
        Message::RematchOffer { game: game.clone() },
        Message::RematchAccept { game: game.clone() },
        Message::RematchDecline { game: game.clone() },
        Message::RematchWithdraw { game: game.clone() },
        Message::Bye,
        Message::Sync { game: game.clone(), record: Game::new(start), clocks: None },
        Message::Sync { game: game.clone(), record, clocks: None },
        Message::Sync { game: game.clone(), record: drawn, clocks: None },
        Message::Start { game: game.clone(), you: Color::Red, limit: MoveLimit::STRANGER, position: start },
        Message::Move { game: game.clone(), ply: 2, mv, position: start.play(mv).unwrap(), left: Some(176_500) },
        Message::Sync { game: game.clone(), record: Game::new(start), clocks: Some([180_000, 0]) },
        Message::Proof(tok(&"3f".repeat(32))),
        Message::Seat(tok("s3cret")),
        Message::Watchers(0),
        Message::Watchers(8),
        Message::Clocks { game: game.clone(), left: [176_500, 181_000], running: Some(Color::Red), increment: 2000 },
        Message::Clocks { game: game.clone(), left: [0, 1], running: None, increment: 0 },
    ];
    messages.extend(Declaration::ALL.map(|what| Message::Declare { game: game.clone(), ply: 3, what }));
    messages.extend(Refusal::ALL.map(Message::Refused));
    messages.extend(Phrase::ALL.map(Message::Say));
    messages
}

#[test]
fn every_message_kind_writes_one_line_that_reads_back_as_itself() {
    let messages = samples();
    assert_eq!(messages.len(), 24 + 5 + Refusal::ALL.len() + Phrase::ALL.len());
    for message in messages {
        let line = message.encode();
        assert!(!line.contains('\n') && line.len() < 400, "{line}");
        assert_eq!(Message::decode(&line), Ok(message.clone()), "{line}");
    }
    let hello = Message::Hello { game: None, nonce: tok("abc"), version: Some(VERSION) }.encode();
    assert_eq!(hello, "hello - abc 4");
    let start = deal().position();
    let mv: Move = "elephant:b5a4".parse().unwrap();
    let line = Message::Move { game: tok("g.1"), ply: 0, mv, position: start.play(mv).unwrap(), left: None }.encode();
    assert_eq!(line, format!("move g.1 0 elephant:b5a4 {}", start.play(mv).unwrap()));
}

#[test]
fn every_refusal_has_its_own_code() {
    let codes: std::collections::HashSet<&str> = Refusal::ALL.iter().map(|r| r.code()).collect();
    assert_eq!(codes.len(), Refusal::ALL.len());
    for refusal in Refusal::ALL {
        assert_eq!(Refusal::from_code(refusal.code()), Some(refusal));
    }
}

#[test]
fn a_message_longer_than_the_limit_is_refused_before_it_is_read() {
    let long = format!("hello - {} 2", "a".repeat(MAX_MESSAGE_BYTES));
    assert_eq!(Message::decode(&long), Err(Refusal::TooLong));
    let just = format!("refused {}", "x".repeat(MAX_MESSAGE_BYTES - 8));
    assert_eq!(Message::decode(&just), Err(Refusal::Malformed), "at the limit it is read, and is not a reason");
}

#[test]
fn a_sync_of_the_most_moves_fits_in_a_message_and_one_more_move_is_refused() {
    // A long game: moves that neither win nor repeat a position a third time, while there are.
    let mut game = Game::new(deal().position());
    let mut dice = onitama_core::rules::SplitMix64(5);
    while game.moves().len() < MAX_SYNC_MOVES + 1 {
        let quiet: Vec<Move> = game
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| !game.position().is_winning(m))
            .filter(|&m| {
                let next = game.position().play(m).unwrap();
                game.positions().iter().filter(|p| **p == next).count() < 2
            })
            .collect();
        let Some(&m) = quiet.get((dice.next_u64() % quiet.len().max(1) as u64) as usize) else { break };
        game.play(m).unwrap();
    }
    assert_eq!(game.moves().len(), MAX_SYNC_MOVES + 1, "a game this long exists");
    let mut most = Game::new(*game.start());
    for &m in &game.moves()[..MAX_SYNC_MOVES] {
        most.play(m).unwrap();
    }
    let message = Message::Sync { game: tok("g.1"), record: most, clocks: None };
    let line = message.encode();
    assert!(line.len() <= MAX_MESSAGE_BYTES, "{} bytes", line.len());
    assert_eq!(Message::decode(&line), Ok(message));
    let longer = Message::Sync { game: tok("g.1"), record: game, clocks: None }.encode();
    assert!(longer.len() <= MAX_MESSAGE_BYTES, "refused for its moves, not its bytes");
    assert_eq!(Message::decode(&longer), Err(Refusal::TooLong));
}

#[test]
fn malformed_messages_are_refused_with_a_reason_and_never_panic() {
    let start = deal().position();
    let bad = [
        String::new(),
        "hello".into(),
        "hello -".into(),
        "hello - a b".into(),
        "hello - has space".into(),
        format!("hello - {}", "x".repeat(65)),
        "hello - bad!char".into(),
        "hello  - abc".into(),
        "hello - abc\n".into(),
        "HELLO - abc".into(),
        "start g.1 green 180 x".into(),
        format!("start g.1 red 4 {start}"),
        format!("start g.1 red -5 {start}"),
        format!("move g.1 01 boar:c1c2 {start}"),
        format!("move g.1 -1 boar:c1c2 {start}"),
        format!("move g.1 999999 boar:c1c2 {start}"),
        format!("move g.1 0 lion:c1c2 {start}"),
        "move g.1 0 boar:c1c2 nonsense".into(),
        format!("move g.1 0 boar:c1c2 {start} extra"),
        "resign g.1".into(),
        "resign g.1 x".into(),
        format!("sync g.1 {start} moves"),
        format!("sync g.1 {start} moves result draw-agreed"),
        format!("sync g.1 {start} result red-stone"),
        format!("sync g.1 {start} result"),
        format!("sync g.1 {start} other"),
        "refused because".into(),
        "draw-offer".into(),
        "\u{0}".into(),
        "résign g.1 0".into(),
    ];
    for text in &bad {
        assert_eq!(Message::decode(text), Err(Refusal::Malformed), "{text:?}");
    }
    // A record whose moves break the rules does not read either.
    assert_eq!(Message::decode(&format!("sync g.1 {start} moves boar:c1c5")), Err(Refusal::IllegalMove));
}

#[test]
fn cut_short_messages_are_refused_or_read_as_a_message_that_writes_itself_back() {
    for message in samples() {
        let line = message.encode();
        for end in (0..line.len()).filter(|&i| line.is_char_boundary(i)) {
            if let Ok(read) = Message::decode(&line[..end]) {
                assert_eq!(read.encode(), &line[..end]);
            }
        }
    }
}

#[test]
fn tokens_are_short_words_of_letters_digits_and_dashes() {
    assert!(Token::new("aZ09-_.").is_some());
    assert!(Token::new("-").is_none(), "the hello's 'no game' mark");
    assert!(Token::new("").is_none());
    assert!(Token::new(&"a".repeat(64)).is_some());
    assert!(Token::new(&"a".repeat(65)).is_none());
    assert!(Token::new("a b").is_none());
}

#[test]
fn the_move_limit_is_five_seconds_or_more_or_none() {
    assert_eq!(MoveLimit::DEFAULT, MoveLimit::Seconds(180));
    assert_eq!(MoveLimit::seconds(4), None);
    assert_eq!(MoveLimit::seconds(5), Some(MoveLimit::Seconds(5)));
    assert_eq!(MoveLimit::None.millis(), None);
    assert_eq!(MoveLimit::CHOICES.map(|l| l.millis()), [Some(60_000), Some(180_000), Some(600_000), None]);
}

// ---- seats and the deal ----

#[test]
fn the_host_deals_its_choice_and_the_guest_gets_the_other_colour_and_the_limit() {
    let (host, guest) = pair(Color::Blue, MoveLimit::Seconds(60));
    assert_eq!(host.you(), Color::Blue);
    assert_eq!(guest.you(), Color::Red);
    assert_eq!(guest.limit(), MoveLimit::Seconds(60));
    assert_eq!(*guest.game().unwrap().start(), deal().position());
    assert!(same_game(&host, &guest));
    assert!(host.is_host() && !guest.is_host());
}

#[test]
fn a_random_deal_and_colour_come_from_the_seed() {
    let random = Invitation::default();
    let a = OnlineGame::host(tok("r"), tok("s"), random, 1, 0);
    let b = OnlineGame::host(tok("r"), tok("s"), random, 1, 0);
    assert_eq!(a.game(), b.game());
    assert_eq!(a.you(), b.you());
    let colours: std::collections::HashSet<Color> =
        (0..20).map(|seed| OnlineGame::host(tok("r"), tok("s"), random, seed, 0).you()).collect();
    assert_eq!(colours.len(), 2, "either colour");
    let deals: std::collections::HashSet<String> = (0..20)
        .map(|seed| OnlineGame::host(tok("r"), tok("s"), random, seed, 0).game().unwrap().start().to_string())
        .collect();
    assert!(deals.len() > 10);
}

#[test]
fn a_guest_waits_for_the_deal_and_the_host_for_a_guest() {
    let host = OnlineGame::host(tok("room1"), tok("h"), setup(Color::Red, MoveLimit::DEFAULT), 1, 0);
    let guest = OnlineGame::guest(tok("room1"), tok("g"), 0);
    assert_eq!(host.status(), Status::Waiting);
    assert_eq!(guest.status(), Status::Waiting);
    assert!(guest.game().is_none());
}

#[test]
fn a_forged_proof_of_the_seat_is_refused_and_dropped_and_learns_nothing() {
    let (mut host, _guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let before = host.game().unwrap().clone();
    host.disconnected(0);
    let hello = sent(&host.connected(10));
    let Some(Message::Hello { nonce, .. }) = hello.first() else { panic!("{hello:?}") };
    let out = host.receive(10, &Message::Hello { game: None, nonce: tok("n1"), version: Some(VERSION) }.encode());
    assert!(matches!(sent(&out)[..], [Message::Proof(_)]), "the host proves its own seat: {out:?}");
    // A proof made with another secret than the guest's.
    let forged = onitama_online::seat::proof(&tok("not-the-guest-secret"), nonce, &Default::default());
    let out = host.receive(10, &Message::Proof(forged).encode());
    assert_eq!(refused(&out), [Refusal::SeatTaken]);
    assert_eq!(dropped(&out), Some(Refusal::SeatTaken));
    assert!(!sent(&out).iter().any(|m| matches!(m, Message::Start { .. } | Message::Sync { .. })), "it learns nothing");
    assert_eq!(host.game(), Some(&before));
    assert!(!host.opponent_connected());
}

#[test]
fn a_third_browser_showing_a_seat_of_its_own_is_a_stranger_and_never_learns_a_secret() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let before = host.game().unwrap().clone();
    host.disconnected(0);
    guest.disconnected(0);
    // A third browser with the link: a guest page with no seat, meeting the host, then the guest.
    for (side, name) in [(&mut host, "host"), (&mut guest, "guest")] {
        let mut third = OnlineGame::guest(tok("room1"), tok("third-secret"), 10);
        let (to_side, to_third) = (sent(&third.connected(10)), sent(&side.connected(10)));
        let mut heard = Vec::new();
        for m in to_third {
            heard.extend(sent(&third.receive(10, &m.encode())));
        }
        let mut outputs = Vec::new();
        for m in to_side.into_iter().chain(heard) {
            outputs.extend(side.receive(10, &m.encode()));
        }
        assert!(outputs.contains(&Output::Stranger), "{name}: {outputs:?}");
        assert!(refused(&outputs).is_empty(), "{name}: the netplay decides, not the game");
        let told: String = sent(&outputs).iter().map(Message::encode).collect();
        assert!(!told.contains("host-secret") && !told.contains("guest-secret"), "{name} told a secret: {told}");
        assert!(!sent(&outputs).iter().any(|m| matches!(m, Message::Start { .. } | Message::Sync { .. })));
        assert!(!side.opponent_connected(), "{name}");
        assert_eq!(side.game(), Some(&before));
    }
    // The guest comes back, and proves its seat as before.
    let (a, b) = (sent(&host.connected(20)), sent(&guest.connected(20)));
    exchange(&mut host, &mut guest, 20, a, b);
    assert!(host.opponent_connected() && guest.opponent_connected());
}

#[test]
fn seats_are_proved_without_sending_a_secret_after_the_first_meeting() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    host.disconnected(0);
    guest.disconnected(0);
    let (a, b) = (sent(&host.connected(5)), sent(&guest.connected(5)));
    let mut wire = Vec::new();
    let (mut to_guest, mut to_host) = (a, b);
    for _ in 0..10 {
        wire.extend(to_guest.iter().chain(&to_host).map(Message::encode));
        let next_host: Vec<Message> = to_guest.drain(..).flat_map(|m| sent(&guest.receive(5, &m.encode()))).collect();
        let next_guest: Vec<Message> = to_host.drain(..).flat_map(|m| sent(&host.receive(5, &m.encode()))).collect();
        (to_host, to_guest) = (next_host, next_guest);
    }
    assert!(host.opponent_connected() && guest.opponent_connected());
    let wire = wire.join("\n");
    assert!(wire.contains("proof "), "{wire}");
    assert!(!wire.contains("seat ") && !wire.contains("-secret"), "a secret crossed again: {wire}");
    // The nonces differ from one connection to the next: an old proof is worth nothing.
    let nonce = |out: &[Output]| match sent(out).first() {
        Some(Message::Hello { nonce, .. }) => nonce.clone(),
        other => panic!("{other:?}"),
    };
    host.disconnected(6);
    let first = nonce(&host.connected(7));
    host.disconnected(8);
    assert_ne!(first, nonce(&host.connected(9)));
}

#[test]
fn a_guest_that_lost_the_hosts_secret_shows_its_own_again_and_is_given_the_hosts_and_the_game() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    play_one(&mut host, &mut guest, 1);
    host.disconnected(0);
    guest.disconnected(0);
    assert_eq!(host.status(), Status::Reconnecting);
    // The guest's page kept only its own secret (the host's answer to its seat was lost with
    // the connection, and the deal with it): it shows its secret again, the host knows it.
    let mut reloaded = OnlineGame::guest(tok("room1"), tok("guest-secret"), 5);
    let (a, b) = (sent(&host.connected(5)), sent(&reloaded.connected(5)));
    exchange(&mut host, &mut reloaded, 5, a, b);
    assert_eq!(reloaded.status(), Status::Playing);
    assert!(same_game(&host, &reloaded));
    assert_eq!(reloaded.game().unwrap().moves().len(), 1);
    assert_eq!(reloaded.opponent_secret(), Some(&tok("host-secret")));
}

#[test]
fn nothing_but_a_hello_counts_before_the_hello() {
    let mut host = OnlineGame::host(tok("room1"), tok("h"), setup(Color::Red, MoveLimit::DEFAULT), 1, 0);
    host.connected(0);
    let out = host.receive(0, &Message::RematchOffer { game: tok("room1.1") }.encode());
    assert_eq!(refused(&out), [Refusal::NoHello]);
    assert_eq!(host.rematch_offer(), None);
}

// ---- moves ----

#[test]
fn a_legal_move_reaches_the_other_side_and_both_games_agree() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    // Blue (the guest) starts: crab's stamp is blue.
    assert_eq!(host.play(0, first_legal(&host)), Err(Refusal::OutOfTurn));
    play_one(&mut host, &mut guest, 1);
    play_one(&mut host, &mut guest, 2);
    assert_eq!(host.game().unwrap().moves().len(), 2);
    assert!(same_game(&host, &guest));
}

/// A bad message from the peer: refused with `reason`, the game unchanged.
fn refuses(game: &mut OnlineGame, text: &str, reason: Refusal) {
    let before = (game.game_id().cloned(), game.game().cloned());
    let out = game.receive(100, text);
    assert_eq!(refused(&out), [reason], "{text}");
    assert!(sent(&out).contains(&Message::Refused(reason)), "{text}: the peer is told");
    assert_eq!((game.game_id().cloned(), game.game().cloned()), before, "{text}");
}

#[test]
fn bad_moves_are_refused_and_change_nothing() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let id = host.game_id().unwrap().clone();
    let start = *host.game().unwrap().position();
    let legal = first_legal(&host);
    let after = start.play(legal).unwrap();
    let msg = |ply, mv: Move, position| Message::Move { game: id.clone(), ply, mv, position, left: None }.encode();
    // Illegal: a card Blue does not hold.
    refuses(&mut host, &msg(0, "boar:c5c4".parse().unwrap(), after), Refusal::IllegalMove);
    // Legal, but the position it claims is another.
    refuses(&mut host, &msg(0, legal, start), Refusal::WrongPosition);
    // Another game.
    let other = Message::Move { game: tok("elsewhere.1"), ply: 0, mv: legal, position: after, left: None }.encode();
    refuses(&mut host, &other, Refusal::WrongGame);
    // The guest tells the host a move for Red (the host's side), after Blue has moved.
    play_one(&mut host, &mut guest, 1);
    let red_move = first_legal(&host);
    let position = host.game().unwrap().position().play(red_move).unwrap();
    refuses(&mut host, &msg(1, red_move, position), Refusal::OutOfTurn);
    // An earlier ply rewritten.
    let rewrite = start.legal_moves()[1];
    refuses(&mut host, &msg(0, rewrite, start.play(rewrite).unwrap()), Refusal::EarlierPly);
    // The same move again, as a repeated message, is harmless and not refused.
    let first = host.game().unwrap().moves()[0];
    let out = host.receive(100, &msg(0, first, host.game().unwrap().positions()[1]));
    assert!(refused(&out).is_empty());
}

#[test]
fn a_move_for_a_later_ply_asks_for_the_records_and_changes_nothing() {
    let (mut host, _guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let id = host.game_id().unwrap().clone();
    let before = host.game().unwrap().clone();
    let mv = first_legal(&host);
    let out =
        host.receive(1, &Message::Move { game: id, ply: 2, mv, position: *before.position(), left: None }.encode());
    assert!(refused(&out).is_empty());
    assert!(matches!(sent(&out)[..], [Message::Sync { .. }]));
    assert_eq!(host.game(), Some(&before));
}

#[test]
fn a_move_after_the_end_is_refused() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    // Blue (the guest) is to move and resigns; then a Blue move for that ply arrives anyway.
    let mv = first_legal(&guest);
    let after = guest.game().unwrap().position().play(mv).unwrap();
    let out = guest.resign().unwrap();
    exchange(&mut host, &mut guest, 1, vec![], sent(&out));
    assert_eq!(host.game().unwrap().outcome(), Some(Outcome::Resigned { by: Color::Blue }));
    let id = host.game_id().unwrap().clone();
    refuses(
        &mut host,
        &Message::Move { game: id, ply: 0, mv, position: after, left: None }.encode(),
        Refusal::GameOver,
    );
    assert_eq!(guest.play(2, mv), Err(Refusal::GameOver));
}

#[test]
fn a_flood_of_messages_drops_the_connection_with_a_reason_and_keeps_the_game() {
    let (mut host, _guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let before = host.game().unwrap().clone();
    let mut last = Vec::new();
    for _ in 0..60 {
        last = host.receive(500, "hello room1.1 guest-secret 2");
        if dropped(&last).is_some() {
            break;
        }
    }
    assert_eq!(dropped(&last), Some(Refusal::Flood));
    assert!(sent(&last).contains(&Message::Refused(Refusal::Flood)));
    assert_eq!(host.game(), Some(&before));
    assert!(!host.opponent_connected());
    // What arrives after the drop is not read.
    assert!(host.receive(501, "garbage").is_empty());
}

#[test]
fn a_move_dropped_for_coming_too_fast_is_brought_back_once_the_peer_is_quiet() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let id = host.game_id().unwrap().clone();
    // The second's allowance is spent on harmless repeats of the last hello.
    for _ in 0..20 {
        host.receive(
            500,
            &Message::Hello { game: Some(id.clone()), nonce: tok("guest-secret"), version: Some(VERSION) }.encode(),
        );
    }
    // Blue (the guest) moves: the host drops it unread.
    let mv = first_legal(&guest);
    let out = guest.play(600, mv).unwrap();
    for message in sent(&out) {
        assert_eq!(refused(&host.receive(600, &message.encode())), vec![Refusal::Flood]);
    }
    assert_eq!(host.game().unwrap().moves().len(), 0);
    assert!(host.tick(900).is_empty(), "still within the second that was flooded");
    let out = host.tick(1600);
    assert!(matches!(sent(&out)[..], [Message::Sync { .. }]));
    exchange(&mut host, &mut guest, 1600, sent(&out), vec![]);
    assert_eq!(host.game().unwrap().moves(), &[mv][..]);
    assert!(same_game(&host, &guest));
    assert!(host.tick(3000).is_empty(), "said once");
}

#[test]
fn repeated_bad_messages_drop_the_connection_but_strikes_are_forgiven_in_time() {
    let (mut host, _guest) = pair(Color::Red, MoveLimit::DEFAULT);
    for i in 0..4 {
        assert_eq!(dropped(&host.receive(i, "nonsense")), None);
    }
    assert_eq!(host.strikes(), 4);
    // Twenty seconds later two are forgiven.
    host.receive(20_010, "nonsense");
    assert_eq!(host.strikes(), 3);
    host.receive(20_020, "nonsense");
    let out = host.receive(20_030, "nonsense");
    assert_eq!(dropped(&out), Some(Refusal::Flood));
}

// ---- declarations ----

#[test]
fn a_resignation_ends_the_game_on_both_sides() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    play_one(&mut host, &mut guest, 1);
    let out = guest.resign().unwrap();
    exchange(&mut host, &mut guest, 2, vec![], sent(&out));
    for side in [&host, &guest] {
        assert_eq!(side.game().unwrap().outcome(), Some(Outcome::Resigned { by: Color::Blue }));
        assert_eq!(side.status(), Status::Ended);
    }
    assert_eq!(guest.resign(), Err(Refusal::GameOver));
}

#[test]
fn a_draw_offered_and_accepted_is_agreed_on_both_sides() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    assert_eq!(guest.accept_draw(), Err(Refusal::NotOffered));
    let out = host.offer_draw().unwrap();
    exchange(&mut host, &mut guest, 1, sent(&out), vec![]);
    assert_eq!(guest.draw_offer(), Some(Color::Red));
    let out = guest.accept_draw().unwrap();
    exchange(&mut host, &mut guest, 2, vec![], sent(&out));
    for side in [&host, &guest] {
        assert_eq!(side.game().unwrap().outcome(), Some(Outcome::DrawAgreed));
    }
}

#[test]
fn a_declined_draw_and_a_move_both_end_the_offer() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let out = host.offer_draw().unwrap();
    exchange(&mut host, &mut guest, 1, sent(&out), vec![]);
    let out = guest.decline_draw().unwrap();
    exchange(&mut host, &mut guest, 2, vec![], sent(&out));
    assert_eq!((host.draw_offer(), guest.draw_offer()), (None, None));
    // (The host, declined, waits: the guest offers, and a move ends that offer.)
    let out = guest.offer_draw().unwrap();
    exchange(&mut host, &mut guest, 3, vec![], sent(&out));
    assert_eq!(host.draw_offer(), Some(Color::Blue));
    play_one(&mut host, &mut guest, 4);
    assert_eq!((host.draw_offer(), guest.draw_offer()), (None, None));
    assert_eq!(host.accept_draw(), Err(Refusal::NotOffered));
}

#[test]
fn accepting_a_draw_never_offered_is_refused() {
    let (mut host, _guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let id = host.game_id().unwrap().clone();
    let accept = Message::Declare { game: id.clone(), ply: 0, what: Declaration::DrawAccept }.encode();
    refuses(&mut host, &accept, Refusal::NotOffered);
    // A resignation in the name of the wrong game.
    let other = Message::Declare { game: tok("other.1"), ply: 0, what: Declaration::Resign }.encode();
    refuses(&mut host, &other, Refusal::WrongGame);
}

// ---- the move limit ----

#[test]
fn a_win_on_time_is_claimed_after_the_limit_and_not_before() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::Seconds(60));
    // Blue (the guest) is to move and does not.
    assert!(!host.can_claim(59_999));
    assert_eq!(host.claim(59_999), Err(Refusal::TooEarly));
    assert!(!guest.can_claim(120_000), "only the waiting side may claim");
    assert!(host.can_claim(60_000));
    let out = host.claim(60_000).unwrap();
    exchange(&mut host, &mut guest, 60_050, sent(&out), vec![]);
    for side in [&host, &guest] {
        assert_eq!(side.game().unwrap().outcome(), Some(Outcome::WonOnTime { winner: Color::Red }));
    }
}

// ---- game clocks ----

#[test]
fn a_game_clock_is_seconds_plus_increment_from_fifteen_seconds() {
    assert_eq!(MoveLimit::from_word("180+2"), Some(MoveLimit::Clock { seconds: 180, increment: 2 }));
    assert_eq!(MoveLimit::Clock { seconds: 180, increment: 2 }.to_string(), "180+2");
    assert_eq!(MoveLimit::from_word("15+0"), MoveLimit::clock(15, 0));
    for bad in ["14+0", "15+61", "015+1", "15+", "+2", "15+2+1", "-15+2", "10801+0", "1e3+1", " 15+2"] {
        assert_eq!(MoveLimit::from_word(bad), None, "{bad}");
    }
    assert_eq!(MoveLimit::from_word("none"), Some(MoveLimit::None));
    assert_eq!(MoveLimit::from_word("60"), Some(MoveLimit::Seconds(60)));
    assert_eq!(MoveLimit::CLOCKS.map(|l| l.to_string()), ["60+1", "180+2", "300+3", "600+5"]);
    assert_eq!(MoveLimit::STRANGER.clock_millis(), Some((180_000, 2000)));
    assert_eq!(MoveLimit::STRANGER.millis(), None, "a game clock is no limit per move");
}

/// A host playing Red and a guest under a clock of 60 s plus 1 s a move; Blue starts.
fn clock_pair() -> (OnlineGame, OnlineGame) {
    pair(Color::Red, MoveLimit::Clock { seconds: 60, increment: 1 })
}

#[test]
fn no_time_runs_before_each_side_has_moved_once_then_the_mover_loses_its_time_and_gains_the_increment() {
    let (mut host, mut guest) = clock_pair();
    let left = |side: &OnlineGame, now| side.clocks(now).unwrap().left;
    assert_eq!(left(&host, 50_000), [60_000, 60_000], "Blue's first move costs nothing");
    assert_eq!(host.clocks(50_000).unwrap().running, None);
    play_one(&mut host, &mut guest, 50_000);
    play_one(&mut host, &mut guest, 90_000);
    assert_eq!(left(&guest, 90_000), [60_000, 60_000], "nor Red's");
    let running = guest.clocks(90_000).unwrap();
    assert_eq!((running.running, running.increment), (Some(Color::Blue), 1000));
    // Blue's second move takes 5 s: 5 s off, 1 s on, on both sides, and the message says so.
    assert_eq!(left(&guest, 100_000), [60_000, 50_000]);
    assert_eq!(left(&guest, 95_000), [60_000, 55_000], "Blue's clock runs");
    let out = guest.play(95_000, first_legal(&guest)).unwrap();
    assert!(matches!(sent(&out)[0], Message::Move { ply: 2, left: Some(56_000), .. }), "{:?}", sent(&out));
    exchange(&mut guest, &mut host, 95_000, sent(&out), vec![]);
    for side in [&host, &guest] {
        assert_eq!(left(side, 95_000), [60_000, 56_000]);
        assert_eq!(side.clocks(95_000).unwrap().running, Some(Color::Red));
    }
    assert_eq!(left(&host, 97_500), [57_500, 56_000], "Red's runs now");
}

#[test]
fn the_time_a_mover_states_is_taken_as_far_as_my_clock_bears_it_out() {
    for (stated, taken, why) in [
        (Some(50_000), 50_000, "less than my reckoning: their word against themselves"),
        (Some(57_000), 57_000, "a second more: the way there and back"),
        (Some(70_000), 58_000, "more than the allowance: my reckoning and 2 s"),
        (None, 56_000, "none said: my reckoning"),
    ] {
        let (mut host, mut guest) = clock_pair();
        play_one(&mut host, &mut guest, 0);
        play_one(&mut host, &mut guest, 0);
        let mv = first_legal(&guest);
        let position = guest.game().unwrap().position().play(mv).unwrap();
        let id = host.game_id().unwrap().clone();
        let message = Message::Move { game: id, ply: 2, mv, position, left: stated };
        assert!(sent(&host.receive(5000, &message.encode())).is_empty(), "{why}");
        assert_eq!(host.clocks(5000).unwrap().left[Color::Blue.index()], taken, "{why}");
    }
    // Nor more than they had with the increment, however slow my side.
    let (mut host, mut guest) = clock_pair();
    play_one(&mut host, &mut guest, 0);
    play_one(&mut host, &mut guest, 0);
    let mv = first_legal(&guest);
    let position = guest.game().unwrap().position().play(mv).unwrap();
    let message = Message::Move { game: host.game_id().unwrap().clone(), ply: 2, mv, position, left: Some(99_000) };
    host.receive(500, &message.encode());
    assert_eq!(host.clocks(500).unwrap().left[Color::Blue.index()], 61_000);
}

#[test]
fn a_flag_that_falls_is_claimed_at_once_and_won_on_time_on_both_sides() {
    let (mut host, mut guest) = clock_pair();
    for _ in 0..4 {
        play_one(&mut host, &mut guest, 0);
    }
    // Blue to move at 0 ms with 61 s (its increment for the third move).
    assert_eq!(guest.clocks(0).unwrap().left, [61_000, 61_000]);
    assert!(sent(&host.tick(60_999)).is_empty(), "Blue has a millisecond left");
    assert!(!guest.out_of_time(60_999));
    let out = host.tick(61_000);
    assert_eq!(
        sent(&out),
        [Message::Declare { game: host.game_id().unwrap().clone(), ply: 4, what: Declaration::Claim }]
    );
    assert!(sent(&host.tick(61_500)).is_empty(), "a claim on its way is not made twice");
    // Blue's own clock, a little behind Red's, ran out too: its move no longer goes.
    assert!(guest.out_of_time(61_000));
    assert_eq!(guest.play(61_000, first_legal(&guest)), Err(Refusal::OutOfTime));
    exchange(&mut host, &mut guest, 61_100, sent(&out), vec![]);
    for side in [&host, &guest] {
        assert_eq!(side.game().unwrap().outcome(), Some(Outcome::WonOnTime { winner: Color::Red }));
        assert_eq!(side.clocks(70_000).unwrap().running, None, "no clock runs once the game is over");
        assert_eq!(side.clocks(70_000).unwrap().left, [61_000, 0], "the loser's clock shows it ran out");
    }
}

#[test]
fn a_move_that_beat_the_flag_stands_over_the_claim_it_crossed_with_its_increment() {
    let (mut host, mut guest) = clock_pair();
    for _ in 0..4 {
        play_one(&mut host, &mut guest, 0);
    }
    // Blue moves with half a second left; Red's clock, ahead of Blue's, falls before it arrives.
    let moved = sent(&guest.play(60_500, first_legal(&guest)).unwrap());
    let claim = sent(&host.tick(61_000));
    assert!(matches!(claim[..], [Message::Declare { what: Declaration::Claim, .. }]));
    assert!(sent(&guest.receive(61_100, &claim[0].encode())).is_empty(), "the claim lapses: Blue moved first");
    assert!(sent(&host.receive(61_100, &moved[0].encode())).is_empty());
    assert!(same_game(&host, &guest));
    for side in [&host, &guest] {
        assert_eq!(side.game().unwrap().outcome(), None);
        assert_eq!(side.clocks(61_100).unwrap().left[Color::Blue.index()], 1500, "Blue kept its increment");
    }
}

#[test]
fn a_resignation_stops_the_clock_of_the_side_to_move_where_it_was() {
    let (mut host, mut guest) = clock_pair();
    for _ in 0..4 {
        play_one(&mut host, &mut guest, 0);
    }
    // Blue thinks 10 s and resigns; Red hears it 50 ms later.
    guest.tick(10_000);
    let out = guest.resign().unwrap();
    exchange(&mut guest, &mut host, 10_050, sent(&out), vec![]);
    assert_eq!(guest.clocks(30_000).unwrap().left, [61_000, 51_000], "stopped at the last tick");
    assert_eq!(host.clocks(30_000).unwrap().left, [61_000, 50_950], "stopped when the word came");
    assert_eq!(host.clocks(30_000).unwrap().running, None);
    // A reload keeps them so.
    let text = host.saved().to_text();
    assert!(text.contains(" stopped=61000,50950"), "{text}");
    let restored = OnlineGame::restore(onitama_online::game::Saved::from_text(&text).unwrap(), 40_000);
    assert_eq!(restored.clocks(40_000).unwrap().left, [61_000, 50_950]);
    // Stopped clocks in a game without a clock do not read.
    let (limited, _) = pair(Color::Red, MoveLimit::Seconds(60));
    let text = limited.saved().to_text().replacen(" / ", " stopped=1,2 / ", 1);
    assert_eq!(onitama_online::game::Saved::from_text(&text).err(), Some(Refusal::Malformed), "{text}");
    // A rematch starts them whole again.
    let out = host.offer_rematch().unwrap();
    exchange(&mut host, &mut guest, 31_000, sent(&out), vec![]);
    let out = guest.accept_rematch(31_000).unwrap();
    exchange(&mut guest, &mut host, 31_000, sent(&out), vec![]);
    for side in [&host, &guest] {
        assert_eq!(side.clocks(40_000).unwrap().left, [60_000, 60_000]);
    }
}

#[test]
fn a_claim_my_clock_finds_early_is_refused_and_the_game_goes_on() {
    let (mut host, mut guest) = clock_pair();
    for _ in 0..4 {
        play_one(&mut host, &mut guest, 0);
    }
    let claim = Message::Declare { game: guest.game_id().unwrap().clone(), ply: 4, what: Declaration::Claim };
    assert_eq!(sent(&guest.receive(50_000, &claim.encode())), [Message::Refused(Refusal::TooEarly)]);
    assert_eq!(guest.game().unwrap().outcome(), None);
    // Within the allowance for the way, it stands.
    guest.receive(59_000, &claim.encode());
    assert_eq!(guest.game().unwrap().outcome(), Some(Outcome::WonOnTime { winner: Color::Red }));
}

#[test]
fn the_clocks_stop_while_the_opponent_is_away_and_go_on_from_there() {
    let (mut host, mut guest) = clock_pair();
    for _ in 0..4 {
        play_one(&mut host, &mut guest, 0);
    }
    host.disconnected(10_000);
    assert_eq!(host.clocks(40_000).unwrap().left[Color::Blue.index()], 51_000, "stopped at 10 s used");
    assert_eq!(host.clocks(40_000).unwrap().running, None);
    guest.disconnected(10_000);
    let (a, b) = (sent(&host.connected(40_000)), sent(&guest.connected(40_000)));
    exchange(&mut host, &mut guest, 40_000, a, b);
    assert_eq!(host.clocks(45_000).unwrap().left[Color::Blue.index()], 46_000, "and goes on from there");
    assert!(!host.can_claim(90_000));
    assert!(host.can_claim(91_000));
}

#[test]
fn the_clocks_survive_a_reload_and_a_record_brought_up_to_date_brings_its_clocks() {
    let (mut host, mut guest) = clock_pair();
    for _ in 0..4 {
        play_one(&mut host, &mut guest, 0);
    }
    // Blue moves after 3 s; the message is lost with the connection.
    let out = guest.play(3000, first_legal(&guest)).unwrap();
    assert!(matches!(sent(&out)[0], Message::Move { left: Some(59_000), .. }));
    let text = host.saved().to_text();
    assert!(text.contains(" clocks=61000,61000"), "{text}");
    let saved = onitama_online::game::Saved::from_text(&text).unwrap();
    assert_eq!(saved.clocks, Some([61_000, 61_000]));
    let mut host = OnlineGame::restore(saved, 5000);
    guest.disconnected(4000);
    let (a, b) = (sent(&host.connected(6000)), sent(&guest.connected(6000)));
    exchange(&mut host, &mut guest, 6000, a, b);
    assert!(same_game(&host, &guest));
    assert_eq!(host.clocks(6000).unwrap().left, [61_000, 59_000], "Blue's time came with its record");
}

#[test]
fn a_record_brings_its_clocks_only_as_far_as_its_moves_explain_them() {
    let (mut host, mut guest) = clock_pair();
    for _ in 0..4 {
        play_one(&mut host, &mut guest, 0);
    }
    guest.play(3000, first_legal(&guest)).unwrap();
    let id = host.game_id().unwrap().clone();
    let sync = Message::Sync { game: id, record: guest.game().unwrap().clone(), clocks: Some([20_000, 99_000]) };
    host.receive(3000, &sync.encode());
    assert!(same_game(&host, &guest));
    // One move came: at most one increment more than each side had here; less is taken.
    assert_eq!(host.clocks(3000).unwrap().left, [20_000, 62_000]);
}

#[test]
fn with_no_limit_nobody_may_claim() {
    let (host, _guest) = pair(Color::Red, MoveLimit::None);
    assert!(!host.can_claim(u64::MAX / 2));
}

#[test]
fn a_claim_made_too_early_by_the_receivers_clock_is_refused_and_lapses_on_the_claimants_side() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::Seconds(60));
    let id = host.game_id().unwrap().clone();
    let claim = Message::Declare { game: id, ply: 0, what: Declaration::Claim }.encode();
    // The guest (to move) hears a claim after 10 s: too early.
    refuses(&mut guest, &claim, Refusal::TooEarly);
    // The host's own claim, refused by the guest, lapses.
    let out = host.claim(60_000).unwrap();
    assert_eq!(host.status(), Status::Playing, "a claim is won only when the receiver agrees");
    let answer = sent(&guest.receive(30_000, &sent(&out)[0].encode()));
    assert_eq!(answer, [Message::Refused(Refusal::TooEarly)]);
    host.receive(60_100, &answer[0].encode());
    assert_eq!(host.game().unwrap().outcome(), None);
    assert!(same_game(&host, &guest));
}

#[test]
fn a_move_sent_before_the_claim_arrived_stands_over_it() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::Seconds(60));
    // At the same moment: the host claims, the guest (to move) moves.
    let claim = host.claim(60_000).unwrap();
    let mv = first_legal(&guest);
    let moved = guest.play(60_000, mv).unwrap();
    exchange(&mut host, &mut guest, 60_100, sent(&claim), sent(&moved));
    assert!(same_game(&host, &guest));
    assert_eq!(host.game().unwrap().outcome(), None);
    assert_eq!(host.game().unwrap().moves(), [mv]);
}

#[test]
fn the_opponent_away_is_shown_and_a_move_waits_for_them() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::Seconds(60));
    guest.disconnected(0);
    assert!(!guest.opponent_connected());
    assert_eq!(guest.status(), Status::Reconnecting);
    assert_eq!(guest.play(1, first_legal(&guest)), Err(Refusal::OpponentAway));
    host.disconnected(0);
    // Blue is away and does not move: Red may not claim on the move's clock while the
    // connection is down (Blue's clock, which stops while they are apart, would not agree), and
    // not on Blue's absence before it has lasted the limit.
    assert_eq!(host.claim(50_000), Err(Refusal::OpponentAway));
    // Back: the records agree, and the game goes on.
    let (a, b) = (sent(&host.connected(70_000)), sent(&guest.connected(70_000)));
    exchange(&mut host, &mut guest, 70_000, a, b);
    assert!(same_game(&host, &guest));
    assert_eq!(guest.game().unwrap().outcome(), None);
}

// ---- rematch ----

#[test]
fn a_rematch_deals_a_new_game_with_the_colours_changed() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    assert_eq!(guest.offer_rematch(), Err(Refusal::OutOfTurn), "not while the game goes on");
    let out = host.resign().unwrap();
    exchange(&mut host, &mut guest, 1, sent(&out), vec![]);
    let first = host.game_id().unwrap().clone();
    let out = guest.offer_rematch().unwrap();
    exchange(&mut host, &mut guest, 2, vec![], sent(&out));
    assert_eq!(host.rematch_offer(), Some(Color::Blue));
    let out = host.accept_rematch(3).unwrap();
    exchange(&mut host, &mut guest, 3, sent(&out), vec![]);
    assert_ne!(host.game_id(), Some(&first));
    assert!(same_game(&host, &guest));
    assert_eq!((host.you(), guest.you()), (Color::Blue, Color::Red));
    assert_eq!(host.status(), Status::Playing);
    assert!(host.game().unwrap().moves().is_empty());
}

#[test]
fn a_rematch_accepted_without_an_offer_is_refused() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let out = host.resign().unwrap();
    exchange(&mut host, &mut guest, 1, sent(&out), vec![]);
    let accept = Message::RematchAccept { game: host.game_id().unwrap().clone() }.encode();
    refuses(&mut host, &accept, Refusal::NotOffered);
    assert_eq!(guest.accept_rematch(2), Err(Refusal::NotOffered));
}

#[test]
fn a_rematch_offer_is_declined_by_the_one_offered_to_or_withdrawn_by_the_one_offering() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let game = host.game_id().unwrap().clone();
    let decline = Message::RematchDecline { game: game.clone() }.encode();
    let withdraw = Message::RematchWithdraw { game: game.clone() }.encode();
    assert_eq!(guest.decline_rematch(), Err(Refusal::NotOffered), "nothing to decline while the game goes on");
    let out = host.resign().unwrap();
    exchange(&mut host, &mut guest, 1, sent(&out), vec![]);
    // Nothing offered: a stranger's decline or withdrawal is refused, and changes nothing.
    refuses(&mut host, &decline, Refusal::NotOffered);
    refuses(&mut host, &withdraw, Refusal::NotOffered);
    assert_eq!(
        (guest.decline_rematch(), guest.withdraw_rematch()),
        (Err(Refusal::NotOffered), Err(Refusal::NotOffered))
    );

    // The guest offers; the host declines: both sides drop the offer.
    let out = guest.offer_rematch().unwrap();
    exchange(&mut host, &mut guest, 2, vec![], sent(&out));
    assert_eq!(host.withdraw_rematch(), Err(Refusal::NotOffered), "the host did not offer it");
    refuses(&mut host, &decline, Refusal::NotOffered);
    assert_eq!(host.rematch_offer(), Some(Color::Blue), "a decline of an offer the host did not make is refused");
    let out = host.decline_rematch().unwrap();
    assert_eq!(sent(&out), vec![Message::RematchDecline { game: game.clone() }]);
    exchange(&mut host, &mut guest, 3, sent(&out), vec![]);
    assert_eq!((host.rematch_offer(), guest.rematch_offer()), (None, None));
    assert_eq!(host.game_id(), Some(&game), "no new game");

    // The host offers, then withdraws it.
    let out = host.offer_rematch().unwrap();
    exchange(&mut host, &mut guest, 4, sent(&out), vec![]);
    assert_eq!(guest.rematch_offer(), Some(Color::Red));
    refuses(&mut guest, &withdraw.replace(game.as_str(), "room1.9"), Refusal::WrongGame);
    assert_eq!(guest.withdraw_rematch(), Err(Refusal::NotOffered), "the guest did not offer it");
    let out = host.withdraw_rematch().unwrap();
    exchange(&mut host, &mut guest, 5, sent(&out), vec![]);
    assert_eq!((host.rematch_offer(), guest.rematch_offer()), (None, None));
    // Accepting what was withdrawn is refused.
    assert_eq!(guest.accept_rematch(6), Err(Refusal::NotOffered));
    assert_eq!(host.game_id(), Some(&game));
}

#[test]
fn the_host_decides_the_game_and_a_late_deal_of_the_last_one_is_ignored() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let first = host.game_id().unwrap().clone();
    let old_start = Message::Start {
        game: first.clone(),
        you: Color::Blue,
        limit: MoveLimit::DEFAULT,
        position: *host.game().unwrap().start(),
    };
    play_one(&mut host, &mut guest, 1);
    // A guest whose save missed the end of the game still hears the host's new deal.
    let position = Deal::from_seed(3).position();
    let start = Message::Start { game: tok("room1.2"), you: Color::Red, limit: MoveLimit::DEFAULT, position };
    assert!(refused(&guest.receive(2, &start.encode())).is_empty());
    assert_eq!(guest.game_id(), Some(&tok("room1.2")));
    assert_eq!(guest.you(), Color::Red);
    let (id, kept) = guest.previous().unwrap();
    assert_eq!((id, kept.moves().len()), (&first, 1), "its record of the first game is kept");
    // The first game's deal, repeated late, changes nothing.
    assert!(refused(&guest.receive(3, &old_start.encode())).is_empty());
    assert_eq!(guest.game_id(), Some(&tok("room1.2")));
    assert_eq!(*guest.game().unwrap().start(), position);
    // Only the host deals.
    refuses(&mut host, &start.encode(), Refusal::Malformed);
}

// ---- reconciliation ----

fn line(moves: usize) -> Game {
    let mut game = Game::new(deal().position());
    for _ in 0..moves {
        let m = game.legal_moves()[0];
        game.play(m).unwrap();
    }
    game
}

#[test]
fn the_longer_record_must_extend_the_shorter() {
    let yes = |_: Outcome, _: usize| true;
    assert_eq!(reconcile(&line(3), &line(3), yes), Reconciled::Same);
    assert_eq!(reconcile(&line(2), &line(4), yes), Reconciled::Theirs(line(4)));
    assert_eq!(reconcile(&line(4), &line(2), yes), Reconciled::Mine);
    let mut other = line(2);
    let m = other.legal_moves()[1];
    other.play(m).unwrap();
    assert_eq!(reconcile(&line(4), &other, yes), Reconciled::Diverged { at: 2 });
    let elsewhere = Game::new(Deal::from_seed(9).position());
    assert_eq!(reconcile(&line(0), &elsewhere, yes), Reconciled::Diverged { at: 0 });
}

#[test]
fn a_declared_end_is_adopted_only_if_accepted_and_a_crossing_move_stands_over_it() {
    let mut resigned = line(2);
    resigned.resign(Color::Red).unwrap();
    assert_eq!(reconcile(&line(2), &resigned, |_, _| true), Reconciled::Theirs(resigned.clone()));
    assert_eq!(reconcile(&line(2), &resigned, |_, _| false), Reconciled::Refused(Outcome::Resigned { by: Color::Red }));
    // The side to move moved at ply 2 while the other claimed on time: the move stands.
    let mover = line(2).position().to_move();
    let mut claimed = line(2);
    claimed.win_on_time(mover.other()).unwrap();
    assert_eq!(reconcile(&claimed, &line(3), |_, _| true), Reconciled::Theirs(line(3)));
    // But the side to move cannot both resign and move.
    let mut gave_up = line(2);
    gave_up.resign(mover).unwrap();
    assert_eq!(reconcile(&gave_up, &line(3), |_, _| true), Reconciled::Diverged { at: 2 });
}

#[test]
fn records_that_diverge_after_a_reconnect_are_reported_on_both_sides_and_kept() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    for now in 1..=3 {
        play_one(&mut host, &mut guest, now);
    }
    host.disconnected(0);
    guest.disconnected(0);
    // The guest's page comes back from a save that missed its last move...
    let mut saved = guest.saved();
    let (_, record) = saved.current.as_mut().unwrap();
    let lost = record.moves()[2];
    let mut older = Game::new(*record.start());
    for &m in &record.moves()[..2] {
        older.play(m).unwrap();
    }
    *record = older;
    let mut reloaded = OnlineGame::restore(saved, 4);
    // ...hears the host's hello and proof before its record, and plays another move at once.
    let (replies, to_guest) = greeted_first(&mut host, &mut reloaded, 4);
    let mut replies = replies;
    let other = reloaded.game().unwrap().legal_moves().iter().copied().find(|&m| m != lost).unwrap();
    replies.extend(sent(&reloaded.play(4, other).unwrap()));
    exchange(&mut host, &mut reloaded, 5, to_guest, replies);
    for side in [&host, &reloaded] {
        assert_eq!(side.status(), Status::Diverged);
        assert_eq!(side.divergence().unwrap().at, Some(2));
    }
    // Both records are kept: each side's own, and the other's beside it.
    assert_eq!(host.game().unwrap().moves()[2], lost);
    assert_eq!(reloaded.game().unwrap().moves()[2], other);
    assert_eq!(host.divergence().unwrap().theirs.as_ref(), reloaded.game());
    assert_eq!(host.play(5, first_legal(&host)), Err(Refusal::Diverged));
}

/// A guest reloaded from a save that missed its first move plays another one; the host, whose
/// record has the lost move and its own resignation, deals a rematch before the guest's record
/// reaches it. Returns both sides, the guest's record of the first game (not delivered yet), the
/// host's messages to the guest (the new deal), the first game's id, and the moves at its first ply.
fn diverged_then_rematched() -> (OnlineGame, OnlineGame, Message, Vec<Message>, Token, (Move, Move)) {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    // Blue (the guest) moves first; then the page reloads from a save that missed that move.
    play_one(&mut host, &mut guest, 1);
    let lost = guest.game().unwrap().moves()[0];
    host.disconnected(0);
    guest.disconnected(0);
    let mut saved = guest.saved();
    let (_, record) = saved.current.as_mut().unwrap();
    *record = Game::new(*record.start());
    let mut guest = OnlineGame::restore(saved, 2);
    // The host resigns while the guest is away.
    assert!(host.resign().is_ok());
    // The guest hears the host's hello and proof, plays another first move at once, then hears
    // the host's record: the two diverge, and the guest says so and sends its record.
    let (mut guest_says, _) = greeted_first(&mut host, &mut guest, 3);
    let proof = guest_says.remove(0);
    assert!(matches!(proof, Message::Proof(_)), "{proof:?}");
    let other = guest.game().unwrap().legal_moves().iter().copied().find(|&m| m != lost).unwrap();
    guest_says.extend(sent(&guest.play(3, other).unwrap()));
    // Only the guest's proof reaches the host before it deals: its record and move are late.
    let to_guest = sent(&host.receive(3, &proof.encode()));
    let mut heard = Vec::new();
    for message in &to_guest {
        let out = guest.receive(4, &message.encode());
        heard.extend(refused(&out));
        guest_says.extend(sent(&out));
    }
    assert_eq!(guest.status(), Status::Diverged);
    assert!(heard.contains(&Refusal::Diverged), "{heard:?}");
    let first = guest.game_id().unwrap().clone();
    let guest_record = Message::Sync { game: first.clone(), record: guest.game().unwrap().clone(), clocks: None };
    assert!(guest_says.contains(&guest_record), "{guest_says:?}");
    // Both ask for a rematch; the guest's offer reaches the host before its record, and the
    // host deals the next game.
    let offers = [sent(&guest.offer_rematch().unwrap()), sent(&host.offer_rematch().unwrap())];
    let to_guest = sent(&host.receive(5, &offers[0][0].encode()));
    assert_ne!(host.game_id(), Some(&first), "the host dealt the next game");
    assert_eq!(host.status(), Status::Playing, "the host had seen nothing wrong");
    (host, guest, guest_record, to_guest, first, (lost, other))
}

#[test]
fn a_divergence_heard_of_after_the_next_deal_is_reported_on_both_sides_and_the_new_game_goes_on() {
    let (mut host, mut guest, guest_record, mut to_guest, first, (lost, other)) = diverged_then_rematched();
    // The guest's record arrives: the host reports the last game's divergence, keeps both
    // records, and plays on.
    let out = host.receive(6, &guest_record.encode());
    assert_eq!(refused(&out), [Refusal::PreviousDiverged]);
    to_guest.extend(sent(&out));
    let divergence = host.previous_divergence().expect("reported on the host's side");
    assert_eq!(divergence.at, Some(0));
    assert_eq!(divergence.theirs.as_ref().map(|g| g.moves()), Some(&[other][..]));
    assert_eq!(host.previous().unwrap().1.moves()[0], lost, "the host's own record stays");
    assert_eq!(host.status(), Status::Playing);
    // The guest follows the new deal, keeps its report of the last game, and is not told twice.
    let mut heard = Vec::new();
    for message in &to_guest {
        heard.extend(refused(&guest.receive(7, &message.encode())));
    }
    assert_eq!(heard, [], "the guest knew already");
    assert_eq!(guest.previous().map(|(id, _)| id), Some(&first));
    assert!(guest.previous_divergence().is_some());
    assert!(same_game(&host, &guest));
    assert_eq!(guest.status(), Status::Playing);
    // The next game is played as any other; the report survives a reload.
    play_one(&mut host, &mut guest, 8);
    assert!(same_game(&host, &guest));
    for side in [&host, &guest] {
        let again = OnlineGame::restore(side.saved(), 9);
        assert!(again.previous_divergence().is_some());
        assert_eq!(again.divergence(), None);
    }
}

#[test]
fn a_divergence_of_the_last_game_whose_record_was_lost_is_reported_after_a_reconnect() {
    let (mut host, mut guest, _lost_with_the_connection, to_guest, first, _) = diverged_then_rematched();
    // The guest follows the new deal; its record of the first game never reaches the host.
    for message in &to_guest {
        guest.receive(7, &message.encode());
    }
    assert!(guest.previous_divergence().is_some() && guest.previous().is_some_and(|(id, _)| *id == first));
    host.disconnected(0);
    guest.disconnected(0);
    assert!(host.previous_divergence().is_none());
    // After the reconnect the guest sends its record of the first game again: the host reports it.
    let (mut to_guest, mut to_host) = (sent(&host.connected(8)), sent(&guest.connected(8)));
    let mut heard = Vec::new();
    for _ in 0..10 {
        let next_host: Vec<Message> = to_guest.drain(..).flat_map(|m| sent(&guest.receive(9, &m.encode()))).collect();
        let mut next_guest = Vec::new();
        for message in to_host.drain(..) {
            let out = host.receive(9, &message.encode());
            heard.extend(refused(&out));
            next_guest.extend(sent(&out));
        }
        (to_guest, to_host) = (next_guest, next_host);
    }
    assert!(to_guest.is_empty() && to_host.is_empty(), "the two sides fell quiet");
    assert_eq!(heard, [Refusal::PreviousDiverged], "reported once on the host's side");
    assert!(host.previous_divergence().is_some());
    assert!(same_game(&host, &guest));
    assert_eq!((host.status(), guest.status()), (Status::Playing, Status::Playing));
}

#[test]
fn a_peer_cannot_make_this_side_report_a_divergence_it_did_not_find() {
    let (mut host, _guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let out = host.receive(1, &Message::Refused(Refusal::PreviousDiverged).encode());
    assert_eq!(refused(&out), []);
    assert!(host.previous_divergence().is_none() && host.divergence().is_none());
}

#[test]
fn a_record_of_the_last_game_that_diverges_is_reported_by_the_guest_too() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    play_one(&mut host, &mut guest, 1);
    let first = host.game_id().unwrap().clone();
    // Both resign at once; then a rematch. Both records end the same way.
    let (a, b) = (sent(&host.resign().unwrap()), sent(&guest.resign().unwrap()));
    exchange(&mut host, &mut guest, 2, a, b);
    let (a, b) = (sent(&host.offer_rematch().unwrap()), sent(&guest.offer_rematch().unwrap()));
    exchange(&mut host, &mut guest, 3, a, b);
    assert!(same_game(&host, &guest) && host.game_id() != Some(&first));
    // A record of the last game that agrees is taken quietly by either side.
    let agreed = Message::Sync { game: first.clone(), record: guest.previous().unwrap().1.clone(), clocks: None };
    assert_eq!(refused(&guest.receive(4, &agreed.encode())), []);
    // One that does not is reported once, and answered with the guest's own record.
    let mut elsewhere = Game::new(*host.previous().unwrap().1.start());
    let m = elsewhere.legal_moves().iter().copied().find(|&m| m != host.previous().unwrap().1.moves()[0]).unwrap();
    elsewhere.play(m).unwrap();
    let theirs = Message::Sync { game: first.clone(), record: elsewhere, clocks: None };
    let out = guest.receive(5, &theirs.encode());
    assert_eq!(refused(&out), [Refusal::PreviousDiverged]);
    assert_eq!(sent(&out), [Message::Sync { game: first, record: guest.previous().unwrap().1.clone(), clocks: None }]);
    assert_eq!(refused(&guest.receive(6, &theirs.encode())), [], "said once");
    assert_eq!(guest.status(), Status::Playing, "the game being played goes on");
    // Other messages about the last game are still refused.
    let late = Message::Declare { game: host.previous().unwrap().0.clone(), ply: 1, what: Declaration::DrawOffer };
    assert_eq!(refused(&guest.receive(7, &late.encode())), [Refusal::WrongGame]);
}

#[test]
fn a_restored_side_with_a_damaged_save_or_extreme_times_never_panics() {
    let (host, _guest) = pair(Color::Red, MoveLimit::Seconds(60));
    // A host's save without its game (damaged), and times at the ends of the range.
    let mut saved = host.saved();
    saved.current = None;
    let mut restored = OnlineGame::restore(saved, u64::MAX);
    restored.connected(u64::MAX);
    for text in ["hello - guest-secret 2", "hello room1.1 guest-secret 2", "claim room1.1 0", "sync room1.1 x"] {
        restored.receive(u64::MAX, text);
    }
    assert_eq!(restored.game(), None);
    let (mut host, _guest) = pair(Color::Red, MoveLimit::Seconds(60));
    let claim = Message::Declare { game: host.game_id().unwrap().clone(), ply: 0, what: Declaration::Claim };
    host.receive(u64::MAX, &claim.encode());
    assert!(!host.can_claim(0), "time going backwards claims nothing");
}

// ---- the move clock runs while both are there ----

#[test]
fn the_first_moves_clock_starts_when_the_guest_is_dealt_in_not_when_the_room_is_made() {
    // The host (Red) makes the room at 0 and waits 40 s; Blue is to move once dealt.
    let mut host = OnlineGame::host(tok("room1"), tok("host-secret"), setup(Color::Red, MoveLimit::Seconds(60)), 7, 0);
    let mut guest = OnlineGame::guest(tok("room1"), tok("guest-secret"), 40_000);
    let (a, b) = (sent(&host.connected(40_000)), sent(&guest.connected(40_000)));
    exchange(&mut host, &mut guest, 40_000, a, b);
    // 13 s after the guest came, both clocks say 47 s are left, and nobody may claim.
    assert_eq!(host.turn_left(53_000), Some((Color::Blue, 47_000)));
    assert_eq!(guest.turn_left(53_000), Some((Color::Blue, 47_000)));
    assert!(!host.can_claim(53_000));
    assert_eq!(host.claim(53_000), Err(Refusal::TooEarly));
    assert!(host.can_claim(100_000));
}

#[test]
fn a_claim_on_the_clock_is_offered_only_while_the_opponent_is_here_and_a_return_goes_on_with_the_moves_clock() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::Seconds(60));
    // Blue is to move; the connection falls at 10 s and comes back at 100 s.
    host.disconnected(10_000);
    guest.disconnected(10_000);
    // At 69 s Blue's move has lasted the limit, but Blue is away: the receiver could not hear
    // the claim, nor would its clock agree on return (an absence is claimed against only once
    // it has lasted the limit itself).
    assert!(!host.can_claim(69_000));
    assert_eq!(host.claim(69_000), Err(Refusal::OpponentAway));
    let (a, b) = (sent(&host.connected(100_000)), sent(&guest.connected(100_000)));
    exchange(&mut host, &mut guest, 100_000, a, b);
    // Nobody could play while apart: the time apart is charged to nobody, and the move's clock
    // goes on from where it stopped (10 s used), the same on both sides.
    assert_eq!(host.turn_left(130_000), Some((Color::Blue, 20_000)));
    assert_eq!(guest.turn_left(130_000), Some((Color::Blue, 20_000)));
    assert!(!host.can_claim(130_000));
    assert!(host.can_claim(150_000));
}

#[test]
fn a_claim_wins_only_once_the_receivers_clock_agrees_and_a_refused_one_never_ended_the_game() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::Seconds(60));
    let out = host.claim(60_000).unwrap();
    // Sent, not yet won: the receiver's clock decides.
    assert_eq!(host.game().unwrap().outcome(), None);
    assert_eq!(host.status(), Status::Playing);
    assert!(!host.can_claim(60_000), "not claimed twice while the first is on its way");
    // The receiver's clock disagrees (it heard the last move late): refused, and nothing ended.
    let answer = sent(&guest.receive(57_000, &sent(&out)[0].encode()));
    assert_eq!(answer, [Message::Refused(Refusal::TooEarly)]);
    let heard = host.receive(57_100, &answer[0].encode());
    assert_eq!(refused(&heard), [Refusal::TooEarly]);
    assert_eq!(host.game().unwrap().outcome(), None);
    assert_eq!(guest.game().unwrap().outcome(), None);
    // Later, claimed again and agreed: the receiver's answer ends the game on the claimant's side.
    let out = host.claim(62_000).unwrap();
    exchange(&mut host, &mut guest, 62_050, sent(&out), vec![]);
    for side in [&host, &guest] {
        assert_eq!(side.game().unwrap().outcome(), Some(Outcome::WonOnTime { winner: Color::Red }));
    }
}

// ---- a declined draw waits ----

#[test]
fn a_declined_draw_is_offered_again_only_once_each_side_has_moved_twice() {
    use onitama_online::game::DRAW_REOFFER_PLIES;
    assert_eq!(DRAW_REOFFER_PLIES, 4);
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let out = host.offer_draw().unwrap();
    exchange(&mut host, &mut guest, 1, sent(&out), vec![]);
    let out = guest.decline_draw().unwrap();
    exchange(&mut host, &mut guest, 2, vec![], sent(&out));
    assert!(!host.may_offer_draw(), "the panel offers no draw to the side declined");
    assert!(guest.may_offer_draw(), "the side that declined may offer one");
    assert_eq!(host.offer_draw(), Err(Refusal::DrawTooSoon));
    // Their repeated offer, sent anyway, is refused with a reason; the connection stays.
    let id = host.game_id().unwrap().clone();
    let again = Message::Declare { game: id.clone(), ply: 0, what: Declaration::DrawOffer }.encode();
    let out = guest.receive(3, &again);
    assert_eq!(refused(&out), [Refusal::DrawTooSoon]);
    assert_eq!(dropped(&out), None);
    assert!(guest.opponent_connected());
    assert_eq!(guest.draw_offer(), None);
    for ply in 0..DRAW_REOFFER_PLIES {
        assert!(!host.may_offer_draw(), "after {ply} moves");
        play_one(&mut host, &mut guest, 10 + ply as u64);
    }
    assert!(host.may_offer_draw());
    let out = host.offer_draw().unwrap();
    exchange(&mut host, &mut guest, 20, sent(&out), vec![]);
    assert_eq!(guest.draw_offer(), Some(Color::Red));
}

#[test]
fn a_declined_draw_still_waits_after_a_reload_and_old_saves_read() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let out = host.offer_draw().unwrap();
    exchange(&mut host, &mut guest, 1, sent(&out), vec![]);
    let out = guest.decline_draw().unwrap();
    exchange(&mut host, &mut guest, 2, vec![], sent(&out));
    for side in [&host, &guest] {
        let text = side.saved().to_text();
        let restored = OnlineGame::restore(onitama_online::Saved::from_text(&text).unwrap(), 5000);
        assert_eq!(restored.saved(), side.saved(), "{text}");
        assert_eq!(restored.may_offer_draw(), side.may_offer_draw());
    }
}

// ---- a claim on its way ----

/// A host (Red) and its guest, dealt at random from `seed`, connected at `now`.
fn pair_random(seed: u64, limit: MoveLimit, now: u64) -> (OnlineGame, OnlineGame) {
    let setup = Invitation { deal: DealChoice::Random, color: ColorChoice::Is(Color::Red), limit, watchers: true };
    let mut host = OnlineGame::host(tok("room1"), tok("host-secret"), setup, seed, now);
    let mut guest = OnlineGame::guest(tok("room1"), tok("guest-secret"), now);
    let (a, b) = (sent(&host.connected(now)), sent(&guest.connected(now)));
    exchange(&mut host, &mut guest, now, a, b);
    (host, guest)
}

#[test]
fn a_claim_that_got_no_answer_never_hides_claim_in_the_next_game() {
    // A seed whose first deal has Blue start (the host, Red, waits at ply 0) and whose rematch
    // has Red start (the host, now Blue, waits at ply 0 again).
    let seed = (0..200)
        .find(|&seed| {
            let (mut host, mut guest) = pair_random(seed, MoveLimit::Seconds(60), 0);
            let first = host.game().unwrap().position().to_move();
            let out = host.resign().unwrap();
            exchange(&mut host, &mut guest, 1, sent(&out), vec![]);
            let out = host.offer_rematch().unwrap();
            exchange(&mut host, &mut guest, 2, sent(&out), vec![]);
            let out = guest.accept_rematch(3).unwrap();
            exchange(&mut host, &mut guest, 3, vec![], sent(&out));
            first == Color::Blue && host.game().unwrap().position().to_move() == Color::Red
        })
        .expect("such a seed");
    let (mut host, mut guest) = pair_random(seed, MoveLimit::Seconds(60), 0);
    // The host claims at ply 0; the claim is lost on the way, and the guest resigns meanwhile.
    let _lost = host.claim(60_000).unwrap();
    let out = guest.resign().unwrap();
    exchange(&mut host, &mut guest, 60_100, vec![], sent(&out));
    assert!(host.game().unwrap().outcome().is_some());
    let out = host.offer_rematch().unwrap();
    exchange(&mut host, &mut guest, 61_000, sent(&out), vec![]);
    let out = guest.accept_rematch(61_000).unwrap();
    exchange(&mut host, &mut guest, 61_000, vec![], sent(&out));
    // The next game, at ply 0 again, with Red (the guest) slow to move: Claim is offered.
    assert_eq!(host.game().unwrap().moves().len(), 0);
    assert_eq!(guest.you(), Color::Red);
    assert!(host.can_claim(121_000), "a claim of the last game hides nothing in this one");
}

#[test]
fn a_claim_that_gets_no_answer_is_offered_again_after_a_while() {
    use onitama_online::game::CLAIM_ANSWER_MS;
    let (mut host, _guest) = pair(Color::Red, MoveLimit::Seconds(60));
    let _lost = host.claim(60_000).unwrap();
    assert!(!host.can_claim(60_000 + CLAIM_ANSWER_MS - 1), "not twice while the first may still be answered");
    assert!(host.can_claim(60_000 + CLAIM_ANSWER_MS), "no answer came: Claim again");
}

#[test]
fn a_draw_offered_again_across_a_crossed_decline_is_refused_as_too_soon_without_a_strike_and_ends_the_offer() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    // Blue (the guest) offers a draw on its turn, then moves; Red declines before the move arrives.
    let offer = sent(&guest.offer_draw().unwrap());
    let mv = first_legal(&guest);
    let moved = sent(&guest.play(1, mv).unwrap());
    for m in &offer {
        host.receive(2, &m.encode());
    }
    let decline = sent(&host.decline_draw().unwrap());
    for m in &moved {
        host.receive(3, &m.encode());
    }
    // Blue offers again before the decline reaches it: an honest page, it had heard of none.
    let again = sent(&guest.offer_draw().unwrap());
    let mut answers = Vec::new();
    for m in &again {
        let out = host.receive(4, &m.encode());
        assert_eq!(refused(&out), [Refusal::DrawTooSoon]);
        assert_eq!(dropped(&out), None);
        answers.extend(sent(&out));
    }
    assert_eq!(answers, [Message::Refused(Refusal::DrawTooSoon)]);
    assert_eq!(host.strikes(), 0, "honest peers cross like this: no strike");
    assert_eq!(host.draw_offer(), None);
    // The crossed decline and the refusal reach Blue: its offer is over, and it waits.
    let mut heard = Vec::new();
    for m in decline.iter().chain(&answers) {
        heard.extend(refused(&guest.receive(5, &m.encode())));
    }
    assert_eq!(heard, [Refusal::DrawTooSoon]);
    assert_eq!(guest.strikes(), 0);
    assert_eq!(guest.draw_offer(), None, "its own offer no longer stands");
    assert!(!guest.may_offer_draw(), "declined lately: no offer yet");
    assert!(same_game(&host, &guest));
}

#[test]
fn a_decline_that_crossed_the_offerers_move_is_still_a_decline() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let offer = sent(&guest.offer_draw().unwrap());
    let moved = sent(&guest.play(1, first_legal(&guest)).unwrap());
    for m in &offer {
        host.receive(2, &m.encode());
    }
    let decline = sent(&host.decline_draw().unwrap());
    for m in &moved {
        host.receive(3, &m.encode());
    }
    for m in &decline {
        assert!(refused(&guest.receive(4, &m.encode())).is_empty());
    }
    assert!(!guest.may_offer_draw(), "the panel offers no draw the peer would refuse");
    assert_eq!(guest.offer_draw(), Err(Refusal::DrawTooSoon));
}

// ---- an opponent who vanished ----

/// Both sides lose the connection at `at` (the host, Red, waiting for Blue's move).
fn apart(limit: MoveLimit, at: u64) -> (OnlineGame, OnlineGame) {
    let (mut host, mut guest) = pair(Color::Red, limit);
    host.disconnected(at);
    guest.disconnected(at);
    (host, guest)
}

/// The two sides connect again at `now` and say what they have to say.
fn reconnect(host: &mut OnlineGame, guest: &mut OnlineGame, now: u64) {
    let (a, b) = (sent(&host.connected(now)), sent(&guest.connected(now)));
    exchange(host, guest, now, a, b);
}

#[test]
fn an_opponent_away_for_the_limit_may_be_claimed_against_and_the_game_is_won_here_at_once() {
    use onitama_online::game::{ABANDON_MIN_MS, ABANDON_NO_LIMIT_MS, abandon_ms};
    assert_eq!(abandon_ms(MoveLimit::Seconds(60)), 60_000);
    assert_eq!(abandon_ms(MoveLimit::Seconds(5)), ABANDON_MIN_MS);
    assert_eq!(abandon_ms(MoveLimit::None), ABANDON_NO_LIMIT_MS);
    let (mut host, _guest) = apart(MoveLimit::Seconds(60), 10_000);
    assert!(!host.can_claim(69_999));
    assert_eq!(host.claim(69_999), Err(Refusal::OpponentAway));
    assert!(host.can_claim(70_000), "Blue has been away for the limit");
    host.claim(70_000).unwrap();
    assert_eq!(host.game().unwrap().outcome(), Some(Outcome::WonOnTime { winner: Color::Red }));
    assert_eq!(host.status(), Status::Ended);
}

#[test]
fn the_side_to_move_may_claim_against_an_opponent_who_vanished_and_with_no_limit_after_a_minute() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::None);
    play_one(&mut host, &mut guest, 1000);
    // Red to move; Blue vanishes. Red cannot move while Blue is away: it may claim after 60 s.
    host.disconnected(2000);
    assert!(!host.can_claim(61_999));
    assert!(host.can_claim(62_000));
    host.claim(62_000).unwrap();
    assert_eq!(host.game().unwrap().outcome(), Some(Outcome::WonOnTime { winner: Color::Red }));
}

#[test]
fn a_claim_made_while_both_were_apart_is_accepted_by_the_one_who_comes_back() {
    let (mut host, mut guest) = apart(MoveLimit::Seconds(60), 10_000);
    host.claim(70_000).unwrap();
    reconnect(&mut host, &mut guest, 200_000);
    assert!(same_game(&host, &guest));
    assert_eq!(guest.game().unwrap().outcome(), Some(Outcome::WonOnTime { winner: Color::Red }));
}

#[test]
fn a_page_that_slept_or_was_closed_accepts_the_claim_made_while_it_was_gone() {
    // Blue's phone sleeps at 10 s: its page stops ticking, and notices the lost connection only
    // when it wakes at 300 s. Red noticed at 15 s and claimed at 75 s.
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::Seconds(60));
    guest.tick(10_000);
    host.disconnected(15_000);
    host.claim(75_000).unwrap();
    guest.tick(300_000);
    guest.disconnected(300_000);
    reconnect(&mut host, &mut guest, 301_000);
    assert_eq!(guest.game().unwrap().outcome(), Some(Outcome::WonOnTime { winner: Color::Red }));
    // Blue's tab is closed at 10 s and opened again at 500 s, from its save.
    let (mut host, guest) = pair(Color::Red, MoveLimit::Seconds(60));
    let saved = guest.saved();
    host.disconnected(12_000);
    host.claim(72_000).unwrap();
    let mut guest = OnlineGame::restore(saved, 500_000);
    reconnect(&mut host, &mut guest, 501_000);
    assert!(same_game(&host, &guest));
    assert_eq!(guest.game().unwrap().outcome(), Some(Outcome::WonOnTime { winner: Color::Red }));
}

#[test]
fn a_peer_cannot_win_by_a_claim_made_while_both_were_here_or_after_a_short_drop() {
    let (_host, mut guest) = pair(Color::Red, MoveLimit::Seconds(60));
    let id = guest.game_id().unwrap().clone();
    let mut claimed = guest.game().unwrap().clone();
    claimed.win_on_time(Color::Red).unwrap();
    let forged = Message::Sync { game: id, record: claimed, clocks: None }.encode();
    // While both are here, 20 s into Blue's 60: refused.
    refuses(&mut guest, &forged, Refusal::TooEarly);
    assert_eq!(guest.game().unwrap().outcome(), None);
    // The peer drops the connection and comes back 5 s later with the claim: refused too.
    guest.disconnected(25_000);
    let hello = sent(&guest.connected(30_000));
    let Some(Message::Hello { nonce, .. }) = hello.first() else { panic!("{hello:?}") };
    let proof = onitama_online::seat::proof(&tok("host-secret"), nonce, &Default::default());
    guest.receive(
        30_000,
        &Message::Hello { game: guest.game_id().cloned(), nonce: tok("n2"), version: Some(VERSION) }.encode(),
    );
    guest.receive(30_000, &Message::Proof(proof).encode());
    assert!(guest.opponent_connected());
    let out = guest.receive(30_100, &forged);
    assert_eq!(refused(&out), [Refusal::TooEarly]);
    assert_eq!(guest.game().unwrap().outcome(), None);
}

#[test]
fn the_side_to_move_gets_no_fresh_clock_by_reloading_just_before_the_limit() {
    let (mut host, guest) = pair(Color::Red, MoveLimit::Seconds(60));
    // Blue (to move) reloads at 55 s; Red notices at 55 s; they are back together at 57 s.
    let saved = guest.saved();
    host.disconnected(55_000);
    let mut guest = OnlineGame::restore(saved, 56_000);
    reconnect(&mut host, &mut guest, 57_000);
    assert_eq!(guest.game().unwrap().outcome(), None);
    assert!(!host.can_claim(61_999));
    assert!(host.can_claim(62_000), "5 s left when the connection fell, 5 s after the return");
    let out = host.claim(62_000).unwrap();
    exchange(&mut host, &mut guest, 62_050, sent(&out), vec![]);
    for side in [&host, &guest] {
        assert_eq!(side.game().unwrap().outcome(), Some(Outcome::WonOnTime { winner: Color::Red }));
    }
}

// ---- phrases ----

#[test]
fn phrases_are_codes_of_a_fixed_list_and_an_unknown_code_is_refused_never_shown() {
    for phrase in Phrase::ALL {
        let line = Message::Say(phrase).encode();
        assert_eq!(line, format!("say {}", phrase.code()));
        assert_eq!(Message::decode(&line), Ok(Message::Say(phrase)));
    }
    let unknown = Refusal::UnknownPhrase;
    let cases = [
        ("say", Refusal::Malformed),
        ("say ", Refusal::Malformed),
        ("say hello there", Refusal::Malformed),
        ("say bonjour", unknown),
        ("say Hello", unknown),
        ("say good luck", unknown),
    ];
    for (bad, expected) in cases {
        assert_eq!(Message::decode(bad), Err(expected), "{bad}");
    }
    let (mut host, _guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let out = host.receive(10, "say free-text");
    assert_eq!(refused(&out), [Refusal::UnknownPhrase]);
    assert!(sent(&out).contains(&Message::Refused(Refusal::UnknownPhrase)));
    assert_eq!(host.heard(10), None);
    assert_eq!(host.strikes(), 1);
}

#[test]
fn a_phrase_is_shown_for_a_few_seconds_and_the_sender_waits_before_the_next() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    assert!(guest.may_say(1000));
    let out = guest.say(1000, Phrase::GoodLuck).unwrap();
    assert_eq!(sent(&out), [Message::Say(Phrase::GoodLuck)]);
    // The buttons wait: a second phrase is refused here, before it is sent.
    assert!(!guest.may_say(1000 + SAY_WAIT_MS - 1));
    assert_eq!(guest.say(1000 + SAY_WAIT_MS - 1, Phrase::Thanks), Err(Refusal::TooEarly));
    assert!(guest.may_say(1000 + SAY_WAIT_MS));
    let got = host.receive(1100, &Message::Say(Phrase::GoodLuck).encode());
    assert_eq!(refused(&got), []);
    assert_eq!(host.heard(1100), Some((1, Phrase::GoodLuck)));
    assert_eq!(host.heard(1100 + PHRASE_SHOWN_MS - 1), Some((1, Phrase::GoodLuck)));
    assert_eq!(host.heard(1100 + PHRASE_SHOWN_MS), None, "shown a few seconds only");
    // The next one, as the sender's wait allows, is shown as news (the count moves on).
    let out = guest.say(1000 + SAY_WAIT_MS, Phrase::GoodLuck).unwrap();
    exchange(&mut guest, &mut host, 1100 + SAY_WAIT_MS, sent(&out), vec![]);
    assert_eq!(host.heard(1100 + SAY_WAIT_MS), Some((2, Phrase::GoodLuck)));
    // Nobody to say it to: refused here.
    host.disconnected(9000);
    assert_eq!(host.say(9000, Phrase::Hello), Err(Refusal::OpponentAway));
}

#[test]
fn a_phrase_sooner_than_two_seconds_after_the_last_is_refused_too_early_as_a_strike_and_the_connection_stays() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let before = host.game().cloned();
    assert_eq!(refused(&host.receive(1000, "say hello")), []);
    let out = host.receive(1000 + PHRASE_GAP_MS - 1, "say thanks");
    // The peer is told, it is a strike, and this player is not bothered with it.
    assert_eq!(sent(&out), [Message::Refused(Refusal::TooEarly)]);
    assert_eq!(refused(&out), []);
    assert_eq!(dropped(&out), None);
    assert_eq!(host.strikes(), 1);
    assert!(host.opponent_connected());
    assert_eq!(host.heard(1000 + PHRASE_GAP_MS - 1), Some((1, Phrase::Hello)), "the early one is not shown");
    assert_eq!(host.game().cloned(), before);
    // Two seconds after the last one taken: shown.
    assert_eq!(refused(&host.receive(1000 + PHRASE_GAP_MS, "say thanks")), []);
    assert_eq!(host.heard(1000 + PHRASE_GAP_MS), Some((2, Phrase::Thanks)));
    // The sender hearing the refusal of its phrase: nothing changes, no claim's words.
    guest.say(5000, Phrase::Oops).unwrap();
    let out = guest.receive(5100, &Message::Refused(Refusal::TooEarly).encode());
    assert_eq!(refused(&out), []);
    assert_eq!(guest.status(), Status::Playing);
    // Five too early in a row: a flood like any other, the connection dropped.
    let drops: Vec<Refusal> = (0..5).filter_map(|i| dropped(&host.receive(3100 + i, "say oops"))).collect();
    assert_eq!(drops, [Refusal::Flood]);
}

#[test]
fn the_opponents_phrases_can_be_turned_off_and_that_is_kept_for_a_reload() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    assert!(host.phrases_shown());
    host.show_phrases(false);
    host.receive(1000, "say oops");
    assert_eq!(host.heard(1000), None);
    // Still timed: turned off is not a way round the rule for the peer.
    assert_eq!(sent(&host.receive(1500, "say oops")), [Message::Refused(Refusal::TooEarly)]);
    let saved = host.saved();
    assert!(saved.phrases_off);
    let text = saved.to_text();
    assert!(text.contains(" quiet"), "{text}");
    let read = onitama_online::Saved::from_text(&text).unwrap();
    assert_eq!(read, saved);
    let mut restored = OnlineGame::restore(read, 2000);
    assert!(!restored.phrases_shown());
    let (a, b) = (sent(&restored.connected(2000)), sent(&guest.connected(2000)));
    exchange(&mut restored, &mut guest, 2000, a, b);
    restored.receive(9000, "say thanks");
    assert_eq!(restored.heard(9000), None);
    restored.show_phrases(true);
    restored.receive(12_000, "say thanks");
    assert_eq!(restored.heard(12_000).map(|(_, p)| p), Some(Phrase::Thanks));
    // A save with the switch on reads as before (no word for it).
    assert!(!restored.saved().to_text().contains("quiet"));
    let mut declined = restored.saved();
    declined.draw_declined = Some((Color::Blue, 2));
    declined.phrases_off = true;
    assert_eq!(onitama_online::Saved::from_text(&declined.to_text()), Ok(declined.clone()));
    let bad = declined.to_text().replace(" quiet", " loud");
    assert!(onitama_online::Saved::from_text(&bad).is_err());
}

#[test]
fn a_phrase_crossing_a_move_changes_neither() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    // The side to move moves while the other says a phrase: both on the way at once.
    let host_moves = host.game().unwrap().position().to_move() == host.you();
    let (mover, talker) = if host_moves { (&mut host, &mut guest) } else { (&mut guest, &mut host) };
    let mv = first_legal(mover);
    let from_mover = sent(&mover.play(1000, mv).unwrap());
    let from_talker = sent(&talker.say(1000, Phrase::GoodLuck).unwrap());
    exchange(mover, talker, 1100, from_mover, from_talker);
    assert!(same_game(&host, &guest));
    assert_eq!(host.game().unwrap().moves(), [mv]);
    let listener = if host_moves { &host } else { &guest };
    assert_eq!(listener.heard(1100), Some((1, Phrase::GoodLuck)));
    assert_eq!(host.strikes() + guest.strikes(), 0);
}

#[test]
fn a_phrase_right_after_a_reconnect_is_taken_and_the_gap_still_counts() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let out = guest.say(1000, Phrase::OneMoment).unwrap();
    exchange(&mut guest, &mut host, 1000, sent(&out), vec![]);
    host.disconnected(1200);
    guest.disconnected(1200);
    assert!(!guest.may_say(1300), "nobody to say it to");
    let (a, b) = (sent(&host.connected(1500)), sent(&guest.connected(1500)));
    exchange(&mut host, &mut guest, 1500, a, b);
    // At once after the reconnect: the sender still waits its turn...
    assert_eq!(guest.say(1600, Phrase::Hello), Err(Refusal::TooEarly));
    // ...and a peer that does not is refused: a reconnect is no way round the gap.
    assert_eq!(sent(&host.receive(1600, "say hello")), [Message::Refused(Refusal::TooEarly)]);
    let out = guest.say(1000 + SAY_WAIT_MS, Phrase::Hello).unwrap();
    exchange(&mut guest, &mut host, 1000 + SAY_WAIT_MS, sent(&out), vec![]);
    assert_eq!(host.heard(1000 + SAY_WAIT_MS), Some((2, Phrase::Hello)));
    assert!(same_game(&host, &guest));
}

// ---- versions ----

#[test]
fn a_hello_carries_the_version_and_a_page_of_another_version_or_none_is_refused_before_it_takes_a_seat() {
    for (hello, why) in [
        ("hello - guest-secret", "no version: an older page"),
        ("hello - guest-secret 3", "an older page"),
        ("hello - guest-secret 5", "a newer page"),
    ] {
        let mut host = OnlineGame::host(tok("room1"), tok("host-secret"), setup(Color::Red, MoveLimit::DEFAULT), 7, 0);
        let said = sent(&host.connected(0));
        assert!(matches!(said[0], Message::Hello { version: Some(VERSION), .. }), "{why}");
        assert!(said[0].encode().ends_with(&format!(" {VERSION}")));
        let out = host.receive(10, hello);
        assert_eq!(refused(&out), [Refusal::OtherVersion], "{why}");
        assert!(sent(&out).contains(&Message::Refused(Refusal::OtherVersion)), "the peer is told: {why}");
        assert_eq!(host.strikes(), 0, "an honest page of another version is no strike: {why}");
        assert_eq!(host.opponent_secret(), None, "no seat taken: {why}");
        assert_eq!(host.status(), Status::Waiting);
        // The same page reloaded in the new version plays.
        host.receive(20, &format!("hello - n1 {VERSION}"));
        host.receive(20, "seat guest-secret");
        assert!(host.opponent_connected(), "{why}");
    }
    // The other way: my hello refused by a page of another version; I am told too.
    let (_host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    let out = guest.receive(10, &Message::Refused(Refusal::OtherVersion).encode());
    assert_eq!(refused(&out), [Refusal::OtherVersion]);
}

// ---- seats against a page in the middle ----

fn channel(mine: &str, theirs: &str) -> onitama_online::seat::Channel {
    onitama_online::seat::Channel { mine: mine.into(), theirs: theirs.into() }
}

/// Both sides of a paired game connected again, each bound to its view of the connection.
fn reconnect_bound(
    host: &mut OnlineGame,
    guest: &mut OnlineGame,
    now: u64,
    host_view: (&str, &str),
    guest_view: (&str, &str),
) {
    host.disconnected(now);
    guest.disconnected(now);
    let a = sent(&host.connected(now));
    host.bind(channel(host_view.0, host_view.1));
    let b = sent(&guest.connected(now));
    guest.bind(channel(guest_view.0, guest_view.1));
    exchange(host, guest, now, a, b);
}

#[test]
fn a_proof_relayed_from_another_connection_is_refused_so_a_page_in_the_middle_takes_no_seat() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    // Straight through: each end sees the other's certificate. The proofs hold.
    reconnect_bound(&mut host, &mut guest, 10, ("H", "G"), ("G", "H"));
    assert!(host.opponent_connected() && guest.opponent_connected());
    // A page in the middle (certificate M) connects to both, and relays the guest's nonce to
    // the host: the host's proof is of its connection to M, not of the guest's.
    host.disconnected(20);
    guest.disconnected(20);
    let to_middle = sent(&guest.connected(20));
    guest.bind(channel("G", "M"));
    let Some(Message::Hello { nonce: guest_nonce, .. }) = to_middle.first() else { panic!("{to_middle:?}") };
    host.connected(20);
    host.bind(channel("H", "M"));
    let id = host.game_id().cloned();
    let out =
        host.receive(20, &Message::Hello { game: None, nonce: guest_nonce.clone(), version: Some(VERSION) }.encode());
    let [Message::Proof(relayed)] = &sent(&out)[..] else { panic!("{out:?}") };
    guest.receive(20, &Message::Hello { game: id, nonce: tok("middle-nonce"), version: Some(VERSION) }.encode());
    let out = guest.receive(20, &Message::Proof(relayed.clone()).encode());
    assert_eq!(refused(&out), [Refusal::SeatTaken]);
    assert_eq!(dropped(&out), Some(Refusal::SeatTaken));
    assert!(!guest.opponent_connected(), "the guest took no page in the middle for the host");
    assert!(!host.opponent_connected());
}

#[test]
fn a_guest_not_seated_shows_its_secret_only_to_a_page_that_names_the_game() {
    let mut guest = OnlineGame::guest(tok("room1"), tok("guest-secret"), 0);
    let mut other = OnlineGame::guest(tok("room1"), tok("other-secret"), 0);
    let (a, b) = (sent(&guest.connected(0)), sent(&other.connected(0)));
    // Two pages with the link, neither the host: their hellos name no game; no secret crosses.
    let mut wire: Vec<String> = Vec::new();
    for m in &b {
        wire.extend(sent(&guest.receive(0, &m.encode())).iter().map(Message::encode));
    }
    for m in &a {
        wire.extend(sent(&other.receive(0, &m.encode())).iter().map(Message::encode));
    }
    assert!(wire.iter().all(|t| !t.contains("secret")), "{wire:?}");
    assert!(guest.opponent_secret().is_none() && other.opponent_secret().is_none());
}

#[test]
fn a_page_that_told_a_guest_it_watches_does_not_keep_it_from_its_seat() {
    let mut guest = OnlineGame::guest(tok("room1"), tok("guest-secret"), 0);
    // A page naming a game says the guest only watches...
    guest.connected(0);
    guest.receive(0, &Message::Hello { game: Some(tok("room1.1")), nonce: tok("n"), version: Some(VERSION) }.encode());
    guest.receive(0, "watchers 0");
    assert!(guest.is_spectator());
    guest.disconnected(1);
    // ...then the real host seats it: a player, dealt its colour.
    let mut host = OnlineGame::host(tok("room1"), tok("host-secret"), setup(Color::Red, MoveLimit::DEFAULT), 7, 0);
    let (a, b) = (sent(&host.connected(2)), sent(&guest.connected(2)));
    exchange(&mut host, &mut guest, 2, a, b);
    assert!(!guest.is_spectator());
    assert_eq!((guest.status(), guest.you()), (Status::Playing, Color::Blue));
    assert!(same_game(&host, &guest));
}

#[test]
fn a_hello_of_another_version_from_a_page_that_proved_nothing_closes_its_connection_only() {
    let (mut host, mut guest) = pair(Color::Red, MoveLimit::DEFAULT);
    guest.disconnected(5);
    guest.connected(5);
    let out = guest.receive(5, "hello room1.1 n 3");
    assert_eq!(dropped(&out), Some(Refusal::OtherVersion));
    assert!(!refused(&out).contains(&Refusal::OtherVersion), "online play goes on: {out:?}");
    // The host comes back on its own connection: play goes on.
    host.disconnected(6);
    let (a, b) = (sent(&host.connected(7)), sent(&guest.connected(7)));
    exchange(&mut host, &mut guest, 7, a, b);
    assert!(host.opponent_connected() && guest.opponent_connected());
    // A page that met nobody yet is told to reload, as before (the host waiting for its friend).
    let mut fresh = OnlineGame::host(tok("room2"), tok("h2"), setup(Color::Red, MoveLimit::DEFAULT), 7, 0);
    fresh.connected(0);
    assert_eq!(refused(&fresh.receive(0, "hello - n 3")), [Refusal::OtherVersion]);
}
