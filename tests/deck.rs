//! The deck a new game is dealt from: what the sets' and the cards' switches do, the rule that
//! keeps five cards, what the dialog and the choosers show, what is remembered, and that a deal
//! from the base set alone is the deal a seed always gave.

mod common;

use common::{Motion, START, open_position};
use onitama::mode::Mode;
use onitama::rules::{Card, CardSet, Deal, Game, Pack};
use onitama::save::{self, SettingsFile};
use onitama::ui::deck::{self, PackState, Switch, TooFew};
use onitama::ui::intent::SettingsPatch;
use onitama::ui::new_game_form::NewGameForm;
use onitama::ui::session::{Effect, Event};
use onitama::ui::settings::Settings;
use onitama::ui::startup::{Found, opening};
use onitama::ui::state::Emblems;
use onitama::ui::view;
use onitama::ui::{Lang, NewGame};

fn five() -> CardSet {
    CardSet::of(&[Card::Tiger, Card::Crab, Card::Goat, Card::Sheep, Card::Kirin])
}

#[test]
fn a_set_switch_adds_or_removes_all_its_cards_and_a_card_switch_one() {
    let both = deck::switch(deck::DEFAULT, Switch::Pack(Pack::SenseisPath, true)).unwrap();
    assert_eq!(both.len(), 32);
    assert!(both.contains(Card::Phoenix) && both.contains(Card::Tiger) && !both.contains(Card::Goat));
    let expansion_only = deck::switch(both, Switch::Pack(Pack::Base, false)).unwrap();
    assert_eq!(expansion_only, Pack::SenseisPath.cards());
    let without_fox = deck::switch(expansion_only, Switch::Card(Card::Fox, false)).unwrap();
    assert_eq!(without_fox.len(), 15);
    assert!(!without_fox.contains(Card::Fox));
    assert_eq!(deck::switch(without_fox, Switch::Card(Card::Fox, true)).unwrap(), expansion_only);
}

#[test]
fn a_switch_that_would_leave_fewer_than_five_cards_is_refused() {
    assert_eq!(deck::switch(deck::DEFAULT, Switch::Pack(Pack::Base, false)), Err(TooFew));
    assert_eq!(deck::switch(five(), Switch::Card(Card::Goat, false)), Err(TooFew));
    // The promos alone are two cards: never a deck.
    let promos = deck::switch(five(), Switch::Pack(Pack::Base, false));
    assert_eq!(promos, Err(TooFew));
    assert_eq!(deck::switch(five(), Switch::Card(Card::Ox, true)).map(CardSet::len), Ok(6));
    assert_eq!(deck::checked(CardSet::of(&[Card::Ox; 5])), Err(TooFew), "five names of one card are one card");
}

#[test]
fn a_set_switch_reads_on_off_or_mixed() {
    assert_eq!(deck::pack_state(deck::DEFAULT, Pack::Base), PackState::On);
    assert_eq!(deck::pack_state(deck::DEFAULT, Pack::Promo), PackState::Off);
    assert_eq!(deck::pack_state(five(), Pack::Promo), PackState::On);
    assert_eq!(deck::pack_state(five(), Pack::Base), PackState::Mixed);
    assert_eq!(deck::pack_state(five(), Pack::SenseisPath), PackState::Mixed);
    // The Rules dialog shows the sets with a card on.
    assert_eq!(deck::shown_packs(deck::DEFAULT).collect::<Vec<_>>(), [Pack::Base]);
    assert_eq!(deck::shown_packs(five()).collect::<Vec<_>>(), Pack::ALL);
}

#[test]
fn a_seeded_deal_from_the_base_set_is_the_deal_that_seed_always_gave() {
    for seed in 0..500 {
        assert_eq!(deck::deal(deck::DEFAULT, seed), Deal::from_seed(seed), "seed {seed}");
    }
    // Recorded before the expansion cards existed (tests/rules.rs has more).
    assert_eq!(deck::deal(deck::DEFAULT, 7).cards(), SEED_7);
    // From another deck the same seed deals from that deck.
    assert!(deck::deal(five(), 7).cards().iter().all(|&card| five().contains(card)));
}

/// Seed 7's deal as the 16-card game dealt it.
const SEED_7: [Card; 5] = [Card::Boar, Card::Goose, Card::Monkey, Card::Rooster, Card::Eel];

#[test]
fn a_random_deal_draws_only_from_the_enabled_cards() {
    let mut dice = onitama::rules::SplitMix64(5);
    for _ in 0..50 {
        let options = NewGame { mode: Mode::default(), cards: None, position: None, deck: five() };
        let game = options.game(&mut dice).unwrap();
        let start = game.start();
        let dealt = start.hand(onitama::rules::Color::Red).union(start.hand(onitama::rules::Color::Blue));
        assert_eq!(dealt.with(start.side_card()), five());
    }
}

#[test]
fn the_session_refuses_a_switch_with_its_reason_and_keeps_the_deck() {
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    let open = Event::Intent(onitama::ui::intent::Intent::OpenNewGame(onitama::ui::new_game_form::NewGameOpens::Game));
    session.update(open.clone());
    let effects = session.update(Event::Deck(Switch::Pack(Pack::Base, false)));
    assert_eq!(session.state().page.settings.cards, deck::DEFAULT, "nothing changes");
    assert!(!effects.iter().any(|e| matches!(e, Effect::SaveSettings(_))));
    assert!(effects.iter().any(|e| matches!(e, Effect::Controls(_))), "the switch goes back");
    let shown = session.controls().deck;
    assert_eq!((shown.refused, shown.refusals), (true, 1));
    assert_eq!(shown.message, "At least five cards stay on: a game deals five.");
    assert_eq!(shown.packs, [PackState::On, PackState::Off, PackState::Off]);
    // Refused again: counted, so that it is said again; the dialog closed and opened again, gone.
    session.update(Event::Deck(Switch::Pack(Pack::Base, false)));
    assert_eq!(session.controls().deck.refusals, 2);
    session.update(Event::Intent(onitama::ui::intent::Intent::CloseNewGame));
    session.update(open);
    assert!(!session.controls().deck.refused, "a dialog opened afresh");
    session.update(Event::Deck(Switch::Pack(Pack::Base, false)));

    let effects = session.update(Event::Deck(Switch::Pack(Pack::Promo, true)));
    let saved = effects.iter().find_map(|e| match e {
        Effect::SaveSettings(settings) => Some(settings.cards),
        _ => None,
    });
    assert_eq!(saved, Some(deck::DEFAULT.union(Pack::Promo.cards())), "the deck is remembered");
    let shown = session.controls().deck;
    assert!(!shown.refused);
    assert_eq!(shown.message, "18 of 34 cards on");
    assert_eq!(shown.packs, [PackState::On, PackState::Off, PackState::On]);
    assert_eq!(shown.enabled.len(), 18);
}

#[test]
fn the_deck_count_and_refusal_read_in_every_language() {
    let settings = Settings { language: Lang::Fa, ..Settings::default() };
    let (mut session, _) = open_position(START, Mode::default(), settings, Motion::Reduced);
    assert_eq!(session.controls().deck.message, "۱۶ کارت از ۳۴ روشن", "Persian digits");
    session.update(Event::Settings(SettingsPatch { language: Some(Lang::Fr), ..SettingsPatch::default() }));
    // The deck's switches are the New game dialog's.
    let open = onitama::ui::intent::Intent::OpenNewGame(onitama::ui::new_game_form::NewGameOpens::Game);
    session.update(Event::Intent(open));
    session.update(Event::Deck(Switch::Pack(Pack::Base, false)));
    assert_eq!(
        session.controls().deck.message,
        "Au moins cinq cartes restent actives\u{a0}: une partie en distribue cinq."
    );
}

#[test]
fn a_script_cannot_set_fewer_than_five_cards() {
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    let two = Pack::Promo.cards();
    session.update(Event::Settings(SettingsPatch { cards: Some(two), ..SettingsPatch::default() }));
    assert_eq!(session.state().page.settings.cards, deck::DEFAULT);
    session.update(Event::Settings(SettingsPatch { cards: Some(five()), ..SettingsPatch::default() }));
    assert_eq!(session.state().page.settings.cards, five());
}

#[test]
fn the_choosers_offer_the_enabled_cards_and_the_form_gives_up_a_card_turned_off() {
    let settings = Settings { cards: five(), ..Settings::default() };
    let (session, _) = open_position(START, Mode::default(), settings, Motion::Reduced);
    // The game's cards are ox, boar, horse, elephant and crab: only the crab is still on.
    let form = NewGameForm::of(session.state());
    assert_eq!(form.cards, [Card::Tiger, Card::Kirin, Card::Sheep, Card::Goat, Card::Crab]);
    let names: Vec<String> =
        view::card_options(&common::texts(Lang::Es), five()).into_iter().map(|(_, label)| label).collect();
    assert_eq!(names, ["tigre", "cangrejo", "kirin", "oveja", "cabra"]);
    // A form whose cards are all on keeps them.
    assert_eq!(form.within(five()).cards, form.cards);
}

#[test]
fn the_deck_is_saved_with_the_settings_and_read_back() {
    let file = SettingsFile { cards: Some("tiger,goat,sheep,kirin,crab,".into()), ..SettingsFile::default() };
    let text = save::encode_settings(&file);
    assert!(text.contains("\ncards tiger,goat,sheep,kirin,crab,\n"), "{text}");
    assert_eq!(save::decode_settings(&text), Some(file.clone()));
    let opened = |settings: SettingsFile| {
        let found = Found { settings: Some(settings), ..Found::default() };
        let mut dealt_from = None;
        let opened = opening(found, |cards| {
            dealt_from = Some(cards);
            Game::from_deal(&deck::deal(cards, 1))
        });
        assert_eq!(dealt_from, Some(opened.settings.cards), "the first game is dealt from the deck");
        opened.settings.cards
    };
    assert_eq!(opened(file), five());
    // A name this version does not know is left out; too few cards left is the base set; a save
    // from before is the base set.
    let unknown = SettingsFile { cards: Some("tiger,goat,sheep,kirin,crab,wolf".into()), ..SettingsFile::default() };
    assert_eq!(opened(unknown), five());
    let few = SettingsFile { cards: Some("tiger,goat".into()), ..SettingsFile::default() };
    assert_eq!(opened(few), deck::DEFAULT);
    assert_eq!(opened(SettingsFile::default()), deck::DEFAULT);
}

#[test]
fn an_expansion_card_on_the_board_asks_for_the_emblems_once() {
    let fetches = |effects: &[Effect]| effects.iter().filter(|e| matches!(e, Effect::FetchEmblems)).count();
    let (mut session, effects) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    assert_eq!(fetches(&effects), 0, "base cards only: nothing to fetch");
    let expansion = "bbBbb/5/5/5/rrRrr sea-snake,kirin goat,tiger phoenix b";
    let game = Game::new(expansion.parse().unwrap());
    let effects = session.update(Event::Intent(onitama::ui::Intent::Open(game.clone())));
    assert_eq!(fetches(&effects), 1);
    assert_eq!(session.state().expansion_emblem(Card::Kirin), None, "the name alone until the file comes");
    let effects = session.update(Event::Intent(onitama::ui::Intent::Open(game)));
    assert_eq!(fetches(&effects), 0, "asked once");
    let effects = session.update(Event::Emblems(Ok(onitama::ui::expansion_emblems::file())));
    assert!(effects.iter().any(|e| matches!(e, Effect::Redraw(_))));
    let kirin = onitama::ui::expansion_emblems::EXPANSION_EMBLEMS[5];
    assert_eq!(kirin.0, "kirin");
    assert_eq!(session.state().expansion_emblem(Card::Kirin), Some(kirin.1));
    assert_eq!(session.state().expansion_emblem(Card::Tiger), None, "a base card's is built in");
}

#[test]
fn an_emblems_file_that_fails_leaves_the_names_alone_and_is_not_asked_again() {
    let expansion = "bbBbb/5/5/5/rrRrr sea-snake,kirin goat,tiger phoenix b";
    let (mut session, effects) = open_position(expansion, Mode::default(), Settings::default(), Motion::Reduced);
    assert!(effects.iter().any(|e| matches!(e, Effect::FetchEmblems)));
    let effects = session.update(Event::Emblems(Err("offline".into())));
    assert!(effects.iter().any(|e| matches!(e, Effect::Log(message) if message.contains("offline"))));
    assert_eq!(session.state().page.expansion_emblems, Emblems::Failed);
    let effects = session.update(Event::Emblems(Ok("# cut short\nbear M1 1L2 2Z\n".into())));
    assert_eq!(session.state().page.expansion_emblems, Emblems::Failed, "a file cut short is not read");
    assert!(!effects.iter().any(|e| matches!(e, Effect::FetchEmblems)));
}
