//! The page in the session: its settings, its texts and other files as they come, the deck
//! the new games are dealt from, and the files the model asks for as an update ends.

use super::{Effect, Session};
use crate::rules::{Color, Pack, Position};
use crate::ui::deck;
use crate::ui::dialog::Dialog;
use crate::ui::intent::SettingsPatch;
use crate::ui::new_game_form::NewGameForm;
use crate::ui::state::{Emblems, Notice, Purpose};
use crate::ui::text::{self, Lang, TextsFile};

impl Session {
    pub(super) fn settings(&mut self, patch: SettingsPatch) {
        let before = self.state.page.settings;
        match patch.language {
            // The page changes language once it has the texts.
            Some(language) if !self.state.page.texts.has_page(language) => {
                self.state.page.texts.chosen = Some(language)
            }
            Some(language) => {
                self.state.page.texts.chosen = None;
                self.state.page.settings.language = language;
                self.online_language();
            }
            None => {}
        }
        let settings = &mut self.state.page.settings;
        settings.evaluation = patch.evaluation.unwrap_or(settings.evaluation);
        settings.sound = patch.sound.unwrap_or(settings.sound);
        settings.theme = patch.theme.unwrap_or(settings.theme);
        settings.coordinates = patch.coordinates.unwrap_or(settings.coordinates);
        settings.watch_speed = patch.watch_speed.unwrap_or(settings.watch_speed);
        settings.cards = patch.cards.and_then(|cards| deck::checked(cards).ok()).unwrap_or(settings.cards);
        if self.state.page.settings == before {
            return;
        }
        if self.state.page.settings.language != before.language {
            // Say the last move again, in the new language.
            let t = &self.state.texts();
            let game = self.state.game();
            let announcement = match game.moves().last() {
                Some(&m) => {
                    let before = &game.positions()[game.moves().len() - 1];
                    text::announce_move(t, before, m, game.outcome())
                }
                None => text::describe_position(t, self.state.position()),
            };
            self.effects.push(Effect::Announce(announcement));
        }
        if !self.state.page.settings.evaluation && self.thinking_for(Purpose::Evaluate) {
            self.cancel_search();
        }
        self.effects.push(Effect::SaveSettings(self.state.page.settings));
        self.changed();
    }

    pub(super) fn system_dark(&mut self, dark: bool) {
        self.state.page.system_dark = dark;
        self.refresh_controls();
        self.redraw();
    }

    /// A language's page texts came, or could not be had; the language chosen waits for them.
    fn page_texts(&mut self, lang: Lang, file: Option<String>) {
        let here = self.state.page.texts.install_page(lang, file);
        if self.state.page.texts.chosen == Some(lang) {
            self.state.page.texts.chosen = None;
            if here {
                self.settings(SettingsPatch { language: Some(lang), ..SettingsPatch::default() });
            } else {
                // The language chooser goes back to the language shown, as the view has it.
                self.state.notice = Some(Notice::TextsUnavailable(lang));
                self.refresh_controls();
            }
        }
    }

    /// A texts file came, or could not be had.
    pub(super) fn texts_heard(&mut self, file: TextsFile, text: Option<String>) {
        let texts = &mut self.state.page.texts;
        match file {
            TextsFile::Page(lang) => return self.page_texts(lang, text),
            TextsFile::Errors(lang) => {
                texts.install_errors(lang, text);
                self.redraw();
            }
            TextsFile::Tutorial(lang) => texts.install_tutorial(lang, text),
            TextsFile::Rules(lang) => texts.install_rules(lang, text),
        }
        self.refresh_controls();
    }

    /// A card of the deck switched on or off; the last five stay on.
    pub(super) fn deck_switched(&mut self, switch: deck::Switch) {
        match deck::switch(self.state.page.settings.cards, switch) {
            Ok(cards) => {
                // A card chosen in the open dialog and now turned off gives way to one still on.
                // The choice is another: the refusals of the one before go.
                if let Some(Dialog::NewGame { fields, refused, deck_refused }) = &mut self.state.page.dialog {
                    fields.cards = NewGameForm::read(fields).within(cards).fields().cards;
                    (*refused, *deck_refused) = (None, 0);
                }
                self.settings(SettingsPatch { cards: Some(cards), ..SettingsPatch::default() });
                // Refused before, the same deck now: the words still change back.
                self.refresh_controls();
            }
            Err(deck::TooFew) => {
                if let Some(Dialog::NewGame { deck_refused, .. }) = &mut self.state.page.dialog {
                    *deck_refused += 1;
                }
                // The switch the browser turned goes back.
                self.refresh_controls();
            }
        }
    }

    /// The expansion cards' emblems came, or could not be had (their cards are drawn without).
    pub(super) fn emblems_heard(&mut self, file: Result<String, String>) {
        self.state.page.expansion_emblems = match file.map(|file| crate::ui::expansion_emblems::read(&file)) {
            Ok(Some(drawn)) => Emblems::Here(drawn.into()),
            Ok(None) => {
                self.effects.push(Effect::Log("the expansion emblems' file could not be read".into()));
                Emblems::Failed
            }
            Err(reason) => {
                self.effects.push(Effect::Log(format!("the expansion emblems could not be fetched: {reason}")));
                Emblems::Failed
            }
        };
        self.redraw();
    }

    /// The files the model needs and has not asked for (`State::texts_needed`, the expansion
    /// cards' emblems), asked once each.
    pub(super) fn files_wanted(&mut self, effects: &mut Vec<Effect>) {
        for file in self.state.texts_needed() {
            self.state.page.texts.ask(file);
            effects.push(Effect::FetchTexts(file));
        }
        // An expansion card on the board: its emblem comes from a file.
        if self.state.page.expansion_emblems == Emblems::NotAsked && shows_expansion_card(self.state.position()) {
            self.state.page.expansion_emblems = Emblems::Asked;
            effects.push(Effect::FetchEmblems);
        }
    }
}

/// Whether a card of an expansion is among the five of `position`.
fn shows_expansion_card(position: &Position) -> bool {
    let [red, blue] = Color::ALL.map(|color| position.hand(color));
    red.union(blue).with(position.side_card()).any(|card| card.pack() != Pack::Base)
}
