//! Two sides of one online game, a host and a guest, connected and dealt in, and the messages
//! between them: the helpers of the game's tests.
#![allow(dead_code)]

use onitama_core::rules::{Card, Color, Deal, Game, Move};
use onitama_online::{
    ColorChoice, DealChoice, Invitation, Message, MoveLimit, OnlineGame, Output, Refusal, Status, Token,
};

pub fn tok(text: &str) -> Token {
    Token::new(text).unwrap()
}

pub fn deal() -> Deal {
    // Red holds boar and ox, Blue elephant and horse, crab (blue stamp) beside: Blue starts.
    Deal::new([Card::Boar, Card::Ox, Card::Elephant, Card::Horse, Card::Crab]).unwrap()
}

pub fn setup(color: Color, limit: MoveLimit) -> Invitation {
    Invitation { deal: DealChoice::Chosen(deal()), color: ColorChoice::Is(color), limit, watchers: true }
}

pub fn sent(outputs: &[Output]) -> Vec<Message> {
    outputs.iter().filter_map(|o| if let Output::Send(m) = o { Some(m.clone()) } else { None }).collect()
}

pub fn refused(outputs: &[Output]) -> Vec<Refusal> {
    outputs.iter().filter_map(|o| if let Output::Refused(r) = o { Some(*r) } else { None }).collect()
}

pub fn dropped(outputs: &[Output]) -> Option<Refusal> {
    outputs.iter().find_map(|o| if let Output::Drop(r) = o { Some(*r) } else { None })
}

/// Delivers messages back and forth until neither side has anything more to say.
pub fn exchange(a: &mut OnlineGame, b: &mut OnlineGame, now: u64, from_a: Vec<Message>, from_b: Vec<Message>) {
    let (mut to_b, mut to_a) = (from_a, from_b);
    for _ in 0..50 {
        if to_a.is_empty() && to_b.is_empty() {
            return;
        }
        let next_b: Vec<Message> = to_a.drain(..).flat_map(|m| sent(&a.receive(now, &m.encode()))).collect();
        let next_a: Vec<Message> = to_b.drain(..).flat_map(|m| sent(&b.receive(now, &m.encode()))).collect();
        to_b = next_b;
        to_a = next_a;
    }
    panic!("the two sides never fell quiet");
}

/// A host (playing `color`) and a guest, connected and dealt in.
pub fn pair(color: Color, limit: MoveLimit) -> (OnlineGame, OnlineGame) {
    let mut host = OnlineGame::host(tok("room1"), tok("host-secret"), setup(color, limit), 7, 0);
    let mut guest = OnlineGame::guest(tok("room1"), tok("guest-secret"), 0);
    let (a, b) = (sent(&host.connected(0)), sent(&guest.connected(0)));
    exchange(&mut host, &mut guest, 0, a, b);
    assert_eq!(host.status(), Status::Playing);
    assert_eq!(guest.status(), Status::Playing);
    (host, guest)
}

pub fn first_legal(game: &OnlineGame) -> Move {
    game.game().unwrap().legal_moves()[0]
}

/// The side to move of the two first, then the other.
pub fn mover<'a>(host: &'a mut OnlineGame, guest: &'a mut OnlineGame) -> (&'a mut OnlineGame, &'a mut OnlineGame) {
    if host.game().unwrap().position().to_move() == host.you() { (host, guest) } else { (guest, host) }
}

/// The mover of the two plays its first legal move, and the other receives it.
pub fn play_one(host: &mut OnlineGame, guest: &mut OnlineGame, now: u64) {
    let (mover, other) = mover(host, guest);
    let mv = first_legal(mover);
    let out = mover.play(now, mv).unwrap();
    exchange(mover, other, now, sent(&out), vec![]);
}

pub fn same_game(a: &OnlineGame, b: &OnlineGame) -> bool {
    a.game_id() == b.game_id() && a.game().map(Game::to_record) == b.game().map(Game::to_record)
}
