//! The Rules dialog, natively: opened and closed through the model, its paragraphs fetched in the
//! page's language as the browser fetches them, and its cards those of the sets dealt from.

mod common;

use common::Motion;
use onitama::ui::intent::{Intent, SettingsPatch};
use onitama::ui::session::{Effect, Event, Session};
use onitama::ui::settings::Settings;
use onitama::ui::text::TextsFile;
use onitama::ui::text::rules_file;
use onitama::ui::{Lang, Mode};

const START: &str = "bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r";

fn opened() -> Session {
    common::open_position(START, Mode::PassAndPlay { turn_board: false }, Settings::default(), Motion::Reduced).0
}

fn asks_rules(effects: &[Effect]) -> Vec<Lang> {
    effects
        .iter()
        .filter_map(|e| if let Effect::FetchTexts(TextsFile::Rules(lang)) = e { Some(*lang) } else { None })
        .collect()
}

#[test]
fn opening_the_rules_asks_for_their_paragraphs_once_and_shows_them_as_they_come() {
    let mut session = opened();
    let effects = session.update(Event::Intent(Intent::OpenRules));
    assert_eq!(asks_rules(&effects), [Lang::En]);
    let view = session.controls().rules.expect("the dialog is open");
    assert!(view.paragraphs.is_empty(), "nothing yet while the file comes");
    assert_eq!(view.packs, [onitama::rules::Pack::Base], "the base game's cards");
    assert!(asks_rules(&session.update(Event::Intent(Intent::OpenRules))).is_empty(), "asked once");
    session.update(Event::Texts { file: TextsFile::Rules(Lang::En), text: Some(rules_file(Lang::En)) });
    let view = session.controls().rules.expect("still open");
    assert!(view.paragraphs.len() >= 5, "{:?}", view.paragraphs);
    assert!(view.paragraphs[0].starts_with("Each player has a master"));
    session.update(Event::Intent(Intent::CloseRules));
    assert!(session.controls().rules.is_none());
    let again = session.update(Event::Intent(Intent::OpenRules));
    assert!(asks_rules(&again).is_empty(), "kept: {again:?}");
    assert!(!session.controls().rules.expect("open again").paragraphs.is_empty());
}

#[test]
fn rules_that_could_not_be_had_say_so_and_are_asked_for_again_at_the_next_opening() {
    let mut session = opened();
    session.update(Event::Intent(Intent::OpenRules));
    session.update(Event::Texts { file: TextsFile::Rules(Lang::En), text: None });
    let view = session.controls().rules.expect("open");
    assert_eq!(view.paragraphs.len(), 1);
    assert!(view.paragraphs[0].contains("could not"), "{:?}", view.paragraphs);
    session.update(Event::Intent(Intent::CloseRules));
    assert_eq!(asks_rules(&session.update(Event::Intent(Intent::OpenRules))), [Lang::En]);
}

#[test]
fn the_rules_follow_the_language_chosen_while_they_are_open() {
    let mut session = opened();
    session.update(Event::Intent(Intent::OpenRules));
    session.update(Event::Texts { file: TextsFile::Rules(Lang::En), text: Some(rules_file(Lang::En)) });
    let effects = session.update(Event::Settings(SettingsPatch { language: Some(Lang::Fr), ..Default::default() }));
    assert_eq!(asks_rules(&effects), [Lang::Fr]);
    session.update(Event::Texts { file: TextsFile::Rules(Lang::Fr), text: Some(rules_file(Lang::Fr)) });
    let view = session.controls().rules.expect("open");
    assert_eq!(view.paragraphs[0], rules_file(Lang::Fr).lines().nth(1).unwrap());
}

#[test]
fn the_cards_shown_are_those_of_the_sets_dealt_from() {
    let mut session = opened();
    let every = onitama::rules::CardSet::ALL;
    session.update(Event::Settings(SettingsPatch { cards: Some(every), ..Default::default() }));
    session.update(Event::Intent(Intent::OpenRules));
    let view = session.controls().rules.expect("open");
    assert_eq!(view.packs, onitama::rules::Pack::ALL);
}
