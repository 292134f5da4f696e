//! The lines between the page and the online module: every command and event written and read
//! back, bad lines refused; the text form of a saved online game.

use onitama_core::rules::{Card, Color, Deal, Game, Move, Outcome, Position};
use onitama_lang::Lang;
use onitama_online::bridge::{Command, MAX_LINE_BYTES, Phase, Reason, Report, Status, random_token, room_of_link};
use onitama_online::game::{AbortState, TakebackState};
use onitama_online::saved::MAX_SAVED_BYTES;
use onitama_online::{
    ColorChoice, DealChoice, Invitation, MoveLimit, OnlineGame, Output, Phrase, Refusal, Saved, Token,
};

fn tok(text: &str) -> Token {
    Token::new(text).unwrap()
}

fn deal() -> Deal {
    Deal::new([Card::Boar, Card::Ox, Card::Elephant, Card::Horse, Card::Crab]).unwrap()
}

fn setup() -> Invitation {
    Invitation {
        deal: DealChoice::Chosen(deal()),
        color: ColorChoice::Is(Color::Red),
        limit: MoveLimit::Seconds(60),
        watchers: true,
    }
}

fn sent(outputs: &[Output]) -> Vec<String> {
    outputs.iter().filter_map(|o| if let Output::Send(m) = o { Some(m.encode()) } else { None }).collect()
}

/// A host and a guest connected and greeted, with `moves` plies played between them.
fn pair(moves: usize) -> (OnlineGame, OnlineGame) {
    let mut host = OnlineGame::host(tok("Room1"), tok("hostsecret"), setup(), 9, 1000);
    let mut guest = OnlineGame::guest(tok("Room1"), tok("guestsecret"), 1000);
    let mut to_guest = sent(&host.connected(1000));
    let mut to_host = sent(&guest.connected(1000));
    for _ in 0..4 {
        let a: Vec<String> = to_host.drain(..).flat_map(|t| sent(&host.receive(1001, &t))).collect();
        let b: Vec<String> = to_guest.drain(..).flat_map(|t| sent(&guest.receive(1001, &t))).collect();
        to_guest = a;
        to_host = b;
    }
    for ply in 0..moves {
        let (mover, other) = {
            let to_move = host.game().unwrap().position().to_move();
            if to_move == host.you() { (&mut host, &mut guest) } else { (&mut guest, &mut host) }
        };
        let mv = mover.game().unwrap().legal_moves()[ply % 2];
        let out = mover.play(2000 + ply as u64, mv).unwrap();
        for line in sent(&out) {
            other.receive(2000 + ply as u64, &line);
        }
    }
    assert_eq!(host.game().unwrap().moves().len(), moves);
    assert_eq!(host.game(), guest.game());
    (host, guest)
}

fn position() -> Position {
    deal().position()
}

fn a_move() -> Move {
    position().legal_moves()[0]
}

fn every_command() -> Vec<Command> {
    let (host, _) = pair(3);
    vec![
        Command::Create(setup()),
        Command::Create(Invitation::default()),
        Command::Create(Invitation {
            deal: DealChoice::Random,
            color: ColorChoice::Is(Color::Blue),
            limit: MoveLimit::None,
            watchers: false,
        }),
        Command::Join(tok("AbCdEfGhIjKlMnOpQrStUv")),
        Command::Find(tok("base")),
        Command::Leave,
        Command::Play(a_move()),
        Command::Resign,
        Command::OfferDraw,
        Command::AcceptDraw,
        Command::DeclineDraw,
        Command::Claim,
        Command::OfferRematch,
        Command::AcceptRematch,
        Command::DeclineRematch,
        Command::WithdrawRematch,
        Command::Restore(Box::new(host.saved())),
        Command::Lang(Lang::Fa),
        Command::Lang(Lang::En),
        Command::Say(Phrase::GoodLuck),
        Command::Say(Phrase::GoodGame),
        Command::ShowPhrases(true),
        Command::ShowPhrases(false),
        Command::Abort,
        Command::Takeback,
        Command::AcceptTakeback,
        Command::DeclineTakeback,
    ]
}

#[test]
fn a_language_is_one_the_page_speaks() {
    assert_eq!(Command::decode("lang fr"), Ok(Command::Lang(Lang::Fr)));
    for line in ["lang", "lang de", "lang fr fr", "lang FR"] {
        assert_eq!(Command::decode(line), Err(Refusal::Malformed), "{line}");
    }
}

#[test]
fn every_command_is_written_and_read_back() {
    for command in every_command() {
        let line = command.encode();
        assert!(!line.contains('\n'), "{line}");
        assert_eq!(Command::decode(&line), Ok(command.clone()), "{line}");
    }
}

#[test]
fn a_join_takes_a_room_or_a_link() {
    let room = tok("AbCdEfGhIjKlMnOpQrStUv");
    assert_eq!(Command::decode("join AbCdEfGhIjKlMnOpQrStUv"), Ok(Command::Join(room.clone())));
    assert_eq!(
        Command::decode("join https://example.org/onitama/#online=AbCdEfGhIjKlMnOpQrStUv"),
        Ok(Command::Join(room.clone()))
    );
    assert_eq!(room_of_link("#online=AbCdEfGhIjKlMnOpQrStUv"), Some(room.clone()));
    // The first `#online=` counts, after any other `#`; without its `#` it is not a link.
    assert_eq!(room_of_link("https://x/#a#online=AbCdEfGhIjKlMnOpQrStUv"), Some(room));
    assert_eq!(room_of_link("online=AbCdEfGhIjKlMnOpQrStUv"), None);
    assert_eq!(room_of_link("https://x/#online=ab#online=cd"), None);
    // Not a room: a space, a link with nothing after the mark, a room too long for a game id.
    assert_eq!(Command::decode("join a b"), Err(Refusal::Malformed));
    assert_eq!(Command::decode("join https://x/#online="), Err(Refusal::Malformed));
    assert_eq!(Command::decode(&format!("join {}", "r".repeat(49))), Err(Refusal::Malformed));
}

fn every_event() -> Vec<Report> {
    let (host, guest) = pair(4);
    let mut ended = Game::new(position());
    ended.play(a_move()).unwrap();
    ended.resign(Color::Red).unwrap();
    let mut events: Vec<Report> = Phase::ALL
        .into_iter()
        .flat_map(|phase| {
            [None, Some(Reason::Unreachable), Some(Reason::Rule(Refusal::SeatTaken))]
                .map(|reason| Report::Status(Status { phase, reason }))
        })
        .collect();
    events.extend(Reason::all().map(Report::Denied));
    events.extend(Refusal::ALL.map(Report::Refused));
    events.extend(Refusal::ALL.map(Report::Dropped));
    events.extend([
        Report::Room(tok("AbCdEfGhIjKlMnOpQrStUv")),
        Report::Started { you: Color::Blue, limit: MoveLimit::Seconds(180), position: position() },
        Report::Started { you: Color::Red, limit: MoveLimit::None, position: position() },
        Report::Move { by: Color::Blue, ply: 0, mv: a_move(), position: position().play(a_move()).unwrap() },
        Report::Record(host.game().unwrap().clone()),
        Report::Record(ended),
        Report::Record(Game::new(position())),
        Report::Outcome(None),
        Report::Outcome(Some(Outcome::DrawAgreed)),
        Report::Outcome(Some(Outcome::WonOnTime { winner: Color::Blue })),
        Report::Offers { draw: Some(Color::Red), rematch: None },
        Report::Offers { draw: None, rematch: Some(Color::Blue) },
        Report::CanClaim(true),
        Report::CanClaim(false),
        Report::DrawWait(true),
        Report::DrawWait(false),
        Report::Clock(None),
        Report::Clock(Some((Color::Red, 0))),
        Report::Clock(Some((Color::Blue, 179))),
        Report::OpponentConnected(true),
        Report::OpponentConnected(false),
        Report::Saved(Box::new(host.saved())),
        Report::Saved(Box::new(guest.saved())),
        Report::Phrases { shown: true, may_say: true, heard: None },
        Report::Phrases { shown: false, may_say: false, heard: None },
        Report::Phrases { shown: true, may_say: false, heard: Some((1, Phrase::Hello)) },
        Report::Phrases { shown: true, may_say: true, heard: Some((4_000_000_000, Phrase::OneMoment)) },
        Report::Watchers(0),
        Report::Watchers(8),
    ]);
    events.extend(AbortState::ALL.map(Report::Abort));
    for asked_by in [None, Some(Color::Red), Some(Color::Blue)] {
        for (may_ask, declined) in [(true, false), (false, true), (false, false)] {
            events.push(Report::Takeback(TakebackState { asked_by, may_ask, declined }));
        }
    }
    events
}

#[test]
fn every_event_is_written_and_read_back() {
    for event in every_event() {
        let line = event.encode();
        assert!(!line.contains('\n'), "{line}");
        assert_eq!(Report::decode(&line), Ok(event.clone()), "{line}");
    }
}

#[test]
fn every_reason_has_its_own_code() {
    let codes: Vec<&str> = Reason::all().map(Reason::code).collect();
    let mut unique = codes.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), codes.len(), "{codes:?}");
    for reason in Reason::all() {
        assert_eq!(Reason::from_code(reason.code()), Some(reason));
    }
    assert_eq!(Reason::from(Refusal::OpponentAway), Reason::OpponentAway);
}

#[test]
fn a_phrase_not_of_the_list_is_refused_for_what_it_is() {
    assert_eq!(Command::decode("say bonjour"), Err(Refusal::UnknownPhrase));
    assert_eq!(Report::decode("phrases on yes 1 bonjour"), Err(Refusal::UnknownPhrase));
    assert_eq!(Command::decode("say rematch"), Ok(Command::Say(Phrase::Rematch)));
}

#[test]
fn malformed_and_oversized_lines_are_refused() {
    let bad_commands = [
        "",
        "hello",
        "create",
        "create random random",
        "create random purple 60",
        "create random red 4",
        "create boar,ox,boar,horse,crab red 60",
        "create boar,ox,elephant,horse red 60",
        "create random red 60 extra",
        "find",
        "find ba se",
        "play",
        "play e2e4",
        "resign now",
        "leave\n",
        "leave ",
        " leave",
        "restore",
        "restore saved nonsense",
        "draw-offer\tx",
        "say",
        "say good-luck now",
        "phrases",
        "phrases maybe",
        "phrases on off",
    ];
    for line in bad_commands {
        assert_eq!(Command::decode(line), Err(Refusal::Malformed), "{line:?}");
    }
    let bad_events = [
        "",
        "status",
        "status sleeping",
        "status error because",
        "status playing unreachable extra",
        "room",
        "room a b",
        "started purple 60 x",
        "move red 0 nonsense",
        "move red 01 boar:c1c2 x",
        "outcome maybe",
        "offers red",
        "offers red green",
        "can-claim perhaps",
        "clock red",
        "clock red 01",
        "clock green 5",
        "clock red -1",
        "clock none 5",
        "clock red 99999999",
        "opponent here",
        "refused because",
        "denied because",
        "dropped",
        "record",
        "saved",
        "what",
        "phrases",
        "phrases on",
        "phrases on maybe",
        "phrases loud yes",
        "phrases on yes 1",
        "phrases on yes 01 hello",
        "phrases on yes -1 hello",
        "phrases on yes 99999999999 hello",
        "phrases on yes 1 hello extra",
    ];
    for line in bad_events {
        assert_eq!(Report::decode(line), Err(Refusal::Malformed), "{line:?}");
    }
    let long = format!("join {}", "a".repeat(MAX_LINE_BYTES));
    assert_eq!(Command::decode(&long), Err(Refusal::TooLong));
    assert_eq!(Report::decode(&format!("room {}", "a".repeat(MAX_LINE_BYTES))), Err(Refusal::TooLong));
}

#[test]
fn a_record_that_breaks_the_rules_does_not_read() {
    let (host, _) = pair(2);
    let line = Report::Record(host.game().unwrap().clone()).encode();
    let first = host.game().unwrap().moves()[0].to_string();
    // The first move played twice: illegal the second time.
    let broken = line.replacen(" moves ", &format!(" moves {first} "), 1);
    assert_eq!(Report::decode(&broken), Err(Refusal::IllegalMove));
}

// ---- Saved's text ----

#[test]
fn a_saved_game_is_written_and_read_back_and_restores_the_same_side() {
    for moves in [0, 1, 5] {
        let (host, guest) = pair(moves);
        for side in [&host, &guest] {
            let saved = side.saved();
            let text = saved.to_text();
            assert!(text.starts_with("online "), "{text}");
            assert!(!text.contains('\n'));
            assert_eq!(Saved::from_text(&text), Ok(saved.clone()), "{text}");
            let restored = OnlineGame::restore(Saved::from_text(&text).unwrap(), 5000);
            assert_eq!(restored.saved(), saved);
            assert_eq!(restored.game(), side.game());
            assert_eq!(restored.you(), side.you());
        }
    }
}

#[test]
fn a_saved_game_keeps_a_draw_offer_a_divergence_the_previous_game_and_a_declared_end() {
    let (mut host, mut guest) = pair(2);
    let offer = host.offer_draw().or_else(|_| guest.offer_draw()).unwrap();
    assert!(!offer.is_empty());
    let mut saved = host.saved();
    assert!(saved.draw_offer.is_some());
    saved.diverged = true;
    saved.previous_diverged = true;
    saved.previous = saved.current.clone();
    saved.setup = Invitation::default();
    let mut ended = saved.current.clone().unwrap();
    ended.0 = tok("Room1.2");
    ended.1.agree_draw().unwrap();
    saved.current = Some(ended);
    let text = saved.to_text();
    assert!(text.contains(" / current Room1.2 ") && text.contains(" / previous Room1.1 "), "{text}");
    assert!(text.contains("result draw-agreed"), "{text}");
    assert_eq!(Saved::from_text(&text), Ok(saved));
    // Either divergence alone; and a save written before the previous game's was kept (its
    // word is 0 or 1) reads as it did.
    for (diverged, previous_diverged) in [(false, true), (true, false), (false, false)] {
        let again = Saved { diverged, previous_diverged, ..Saved::from_text(&text).unwrap() };
        assert_eq!(Saved::from_text(&again.to_text()).as_ref(), Ok(&again));
    }
    let old =
        "online guest Pdc8ldAa8IYBJnBtgmYT0D 0 GenITj6PjwOpNu-fWqkX8C - blue 60 1796157961625 0 random random 180 - 1";
    let read = Saved::from_text(old).unwrap();
    assert!(read.diverged && !read.previous_diverged);
    assert!(Saved::from_text(&old.replace(" - 1", " - 4")).is_err());
    // A guest not yet dealt in: no record, no opponent.
    let fresh = OnlineGame::guest(tok("Room2"), tok("s"), 0).saved();
    assert_eq!(Saved::from_text(&fresh.to_text()), Ok(fresh));
    // Watching turned off by the host is kept; a save from before watchers reads as open.
    let mut closed = host.saved();
    closed.setup.watchers = false;
    let text = closed.to_text();
    assert!(text.contains(" no-watchers"), "{text}");
    assert_eq!(Saved::from_text(&text), Ok(closed.clone()));
    closed.aborted = true;
    assert_eq!(Saved::from_text(&closed.to_text()), Ok(closed));
    assert!(Saved::from_text(old).unwrap().setup.watchers);
    assert!(Saved::from_text(&format!("{old} no-watchers no-watchers")).is_err());
    assert!(Report::decode("watchers 9").is_err(), "more than the host serves");
}

#[test]
fn a_bad_saved_text_is_refused() {
    let (host, _) = pair(1);
    let text = host.saved().to_text();
    let cases = [
        String::new(),
        "online".to_string(),
        text.replacen("online host", "online hostess", 1),
        text.replacen("online host", "saved host", 1),
        text.replace(" / current ", " / currently "),
        format!("{text} / previous"),
        format!("{text} extra"),
        text.replace("current Room1.1 ", "current Room1.1 x "),
        format!("{text}\n"),
    ];
    for case in &cases {
        assert!(Saved::from_text(case).is_err(), "{case}");
    }
    assert_eq!(Saved::from_text(&"a".repeat(MAX_SAVED_BYTES + 1)), Err(Refusal::TooLong));
}

#[test]
fn room_ids_and_secrets_carry_128_random_bits() {
    let a = random_token([0; 16]);
    let b = random_token([0xff; 16]);
    let mut c_bytes = [0; 16];
    c_bytes[15] = 0x80;
    let c = random_token(c_bytes);
    assert_eq!(a.as_str().len(), 22);
    assert!(a != b && a != c && b != c);
    // Every bit of the 16 bytes shows in the token.
    for bit in 0..128 {
        let mut bytes = [0u8; 16];
        bytes[bit / 8] = 1 << (bit % 8);
        assert_ne!(random_token(bytes), a, "bit {bit}");
    }
}
