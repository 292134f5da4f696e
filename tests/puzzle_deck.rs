//! Which puzzles are offered: only those whose five cards are all in the player's deck, in the
//! list, by difficulty, as the next one, by id and as the daily puzzle (drawn from the offered
//! ones). With the base cards alone, the default, the daily puzzle of a date is the one it was
//! before the expansions' puzzles were added.

use onitama::ai::puzzle::{Difficulty, Puzzle, uses_expansion};
use onitama::rules::{Card, CardSet, Pack};
use onitama::ui::deck::{self, Switch};
use onitama::ui::features::Features;
use onitama::ui::intent::Intent;
use onitama::ui::notice::Notice;
use onitama::ui::puzzle::{Choice, choose, offered};
use onitama::ui::session::Event;
use onitama::ui::settings::Settings;
use onitama::ui::{Lang, Session};
use std::rc::Rc;

mod common;
use common::{Motion, open_for_puzzles, puzzle_set as set};

fn all_but(cards: &[Card]) -> CardSet {
    cards.iter().fold(CardSet::ALL, |deck, &card| deck.without(card))
}

/// A session dealing from `cards`, the set fetched already.
fn open(cards: CardSet, solved: &[u32]) -> Session {
    let mut session = open_for_puzzles(Settings { cards, ..Settings::default() }, solved, Motion::Reduced);
    session.update(Event::PuzzleSet(Ok(Rc::new(set()))));
    session
}

fn list(session: &mut Session, difficulty: Difficulty) -> Vec<u32> {
    session.update(Event::Intent(Intent::OpenPuzzleList));
    session.update(Event::Intent(Intent::PuzzleListShows(difficulty)));
    let rows = session.controls().puzzle_list.unwrap().rows;
    session.update(Event::Intent(Intent::ClosePuzzleList));
    rows.iter().map(|row| row.id).collect()
}

fn played(session: &mut Session, choice: Choice) -> Option<Puzzle> {
    session.update(Event::Intent(Intent::ChoosePuzzle(choice)));
    session.state().puzzle().map(|run| run.puzzle)
}

#[test]
fn with_the_base_cards_alone_the_daily_puzzle_of_a_date_is_the_one_it_was() {
    // Read from the build before the expansions' puzzles: (days since 1970, the daily puzzle's id).
    let before =
        [(-1, 138), (0, 1), (19_782, 307), (20_254, 83), (20_788, 5), (20_789, 228), (20_819, 78), (22_100, 261)];
    let set = set();
    assert!(set.iter().any(uses_expansion), "the set holds puzzles the base deck does not offer");
    for (day, id) in before {
        let (puzzle, daily) = choose(&set, deck::DEFAULT, &[], Choice::Daily(day), None).unwrap();
        assert_eq!((puzzle.id, daily), (id, true), "day {day}");
        // The page's own path: the session, with the default settings.
        let mut session = open(Settings::default().cards, &[]);
        assert_eq!(played(&mut session, Choice::Daily(day)).map(|p| p.id), Some(id), "day {day}");
    }
}

#[test]
fn the_daily_puzzle_is_drawn_from_the_offered_ones() {
    let set = set();
    let deck = Pack::Base.cards().union(Pack::SenseisPath.cards());
    let offered = offered(&set, deck);
    assert!(offered.iter().any(uses_expansion) && offered.len() < set.len(), "{} of {}", offered.len(), set.len());
    // Every offered puzzle comes once in as many days, and nothing else.
    let mut seen: Vec<u32> = (20_000..20_000 + offered.len() as i64)
        .map(|day| choose(&set, deck, &[], Choice::Daily(day), None).unwrap().0.id)
        .collect();
    seen.sort_unstable();
    assert_eq!(seen, offered.iter().map(|p| p.id).collect::<Vec<_>>());
    assert!(seen.iter().all(|&id| set[id as usize - 1].offered_in(deck)));
    assert!(!seen.iter().any(|&id| set[id as usize - 1].cards().contains(Card::Goat)), "goat is not in the deck");
}

#[test]
fn a_puzzle_with_a_card_turned_off_is_not_offered() {
    let set = set();
    let turtle = |p: &Puzzle| p.cards().contains(Card::Turtle);
    let with_turtle = *set.iter().find(|p| turtle(p)).unwrap();
    // Everything on: the turtle's puzzles are in the list and can be played by id.
    let mut session = open(CardSet::ALL, &[]);
    let everything = list(&mut session, with_turtle.difficulty());
    assert!(everything.contains(&with_turtle.id));
    assert_eq!(everything.len(), set.iter().filter(|p| p.difficulty() == with_turtle.difficulty()).count());
    assert_eq!(played(&mut session, Choice::Id(with_turtle.id)), Some(with_turtle));
    // Turtle turned off in the deck: gone from the list, the id plays nothing, and neither the
    // next puzzle nor any daily one has it.
    session.update(Event::Deck(Switch::Card(Card::Turtle, false)));
    assert_eq!(session.state().page.settings.cards, all_but(&[Card::Turtle]));
    let without = list(&mut session, with_turtle.difficulty());
    assert!(!without.is_empty() && !without.contains(&with_turtle.id));
    assert!(without.iter().all(|&id| !turtle(&set[id as usize - 1])));
    assert!(without.iter().any(|&id| uses_expansion(&set[id as usize - 1])), "the other expansion puzzles stay");
    let mut fresh = open(all_but(&[Card::Turtle]), &[]);
    assert_eq!(played(&mut fresh, Choice::Id(with_turtle.id)), None, "not offered, not played");
    for _ in 0..40 {
        let next = played(&mut fresh, Choice::Next).unwrap();
        assert!(!turtle(&next), "next: {next}");
    }
    for day in 0..400 {
        let (daily, _) = choose(&set, all_but(&[Card::Turtle]), &[], Choice::Daily(day), None).unwrap();
        assert!(!turtle(&daily), "day {day}: {daily}");
    }
}

#[test]
fn the_base_deck_offers_the_base_puzzles_only_and_counts_them_alone() {
    let set = set();
    let base: Vec<u32> = set.iter().filter(|p| !uses_expansion(p)).map(|p| p.id).collect();
    let mut session = open(deck::DEFAULT, &[1, 2, 400]);
    let mut listed = Vec::new();
    for difficulty in Difficulty::ALL {
        listed.extend(list(&mut session, difficulty));
    }
    listed.sort_unstable();
    assert_eq!(listed, base);
    // Next puzzle after next puzzle stays among the base ones, round past the last easy one.
    let first = played(&mut session, Choice::Difficulty(Difficulty::Easy)).unwrap();
    let mut ids = vec![first.id];
    for _ in 0..130 {
        let next = played(&mut session, Choice::Next).unwrap();
        assert!(!uses_expansion(&next) && next.difficulty() == Difficulty::Easy, "{next}");
        ids.push(next.id);
    }
    assert!(ids.windows(2).any(|pair| pair[1] < pair[0]), "round the set: {ids:?}");
    // "Puzzles solved: n of total" counts the offered puzzles: 400 is an expansion puzzle.
    assert_eq!(session.controls().puzzles_solved.unwrap(), format!("Puzzles solved: 2 of {}", base.len()));
    let everything = open(CardSet::ALL, &[1, 2, 400]);
    assert_eq!(everything.controls().puzzles_solved.unwrap(), format!("Puzzles solved: 3 of {}", set.len()));
}

#[test]
fn a_deck_no_puzzle_fits_says_so() {
    let set = set();
    // Five cards of Sensei's Path: no puzzle holds only those.
    let deck = CardSet::of(&[Card::Bear, Card::Panda, Card::Dog, Card::Fox, Card::Giraffe]);
    assert!(offered(&set, deck).is_empty());
    let mut session = open(deck, &[]);
    assert_eq!(played(&mut session, Choice::Daily(20_000)), None);
    assert_eq!(session.state().notice, Some(Notice::NoPuzzleOffered(Features::present())));
    let notice = session.controls().notice.unwrap();
    assert!(notice.contains("turn more cards on"), "{notice}");
    session.update(Event::Intent(Intent::OpenPuzzleList));
    let list = session.controls().puzzle_list.unwrap();
    assert!(list.rows.is_empty());
    assert_eq!(list.summary, notice);
    assert_eq!(open(deck, &[]).controls().puzzles_solved.unwrap(), "Puzzles solved: 0 of 0");
    // In French the notice keeps its thin spaces.
    let fr = Notice::NoPuzzleOffered(Features::present()).text(&common::texts(Lang::Fr));
    assert!(fr.contains("\u{a0}:"), "{fr}");
}
