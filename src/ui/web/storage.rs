//! The game and the settings, kept in localStorage and read back at start (the text formats are
//! `crate::save`'s). The settings live under their own key, so a damaged game never takes the
//! player's language with it. A save that cannot be read never breaks the page: the caller is
//! told why, a new game starts, and the text is kept under its own key for export.

use super::super::settings::Settings;
use crate::save::{self, SaveFile};

const SAVE_KEY: &str = "onitama.save";
const SETTINGS_KEY: &str = "onitama.settings";
const UNREADABLE_KEY: &str = "onitama.unreadable";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn save(file: &SaveFile) {
    if let Some(storage) = storage() {
        // A full or forbidden storage only means no save; the game goes on.
        let _ = storage.set_item(SAVE_KEY, &save::encode(file));
    }
}

/// The saved game, `Ok(None)` when there is none, or why it could not be read.
pub fn load() -> Result<Option<SaveFile>, save::SaveError> {
    let Some(storage) = storage() else { return Ok(None) };
    let Some(text) = storage.get_item(SAVE_KEY).ok().flatten() else { return Ok(None) };
    save::decode(&text).map(Some).inspect_err(|_| {
        let _ = storage.set_item(UNREADABLE_KEY, &text);
        let _ = storage.remove_item(SAVE_KEY);
    })
}

pub fn save_settings(settings: Settings) {
    let text = save::encode_settings(&save::SettingsFile {
        language: Some(settings.language.code().to_string()),
        evaluation: settings.evaluation,
        sound: settings.sound,
        theme: settings.theme.code().to_string(),
        coordinates: settings.coordinates,
        watch_speed: settings.watch_speed.code().to_string(),
        cards: Some(settings.cards.fold(String::new(), |names, card| names + card.name() + ",")),
    });
    if let Some(storage) = storage() {
        let _ = storage.set_item(SETTINGS_KEY, &text);
    }
}

/// The settings saved apart from the game, if any can be read.
pub fn load_settings() -> Option<save::SettingsFile> {
    save::decode_settings(&storage()?.get_item(SETTINGS_KEY).ok().flatten()?)
}

/// The last save that could not be read, kept for export.
pub fn unreadable() -> Option<String> {
    storage()?.get_item(UNREADABLE_KEY).ok().flatten()
}

const TUTORIAL_KEY: &str = "onitama.tutorial";

/// Whether the browser lets the page keep things.
pub fn available() -> bool {
    storage().is_some()
}

pub fn tutorial_done() -> bool {
    storage().and_then(|s| s.get_item(TUTORIAL_KEY).ok().flatten()).is_some()
}

pub fn save_tutorial_done() {
    if let Some(storage) = storage() {
        let _ = storage.set_item(TUTORIAL_KEY, "done");
    }
}

const FINISHED_KEY: &str = "onitama.finished";

/// Adds a finished game to the last ones kept.
pub fn keep_finished(game: &crate::rules::Game, mode: crate::mode::Mode) {
    let Some(storage) = storage() else { return };
    let kept = storage.get_item(FINISHED_KEY).ok().flatten();
    let _ = storage.set_item(FINISHED_KEY, &save::add_finished(kept.as_deref(), game, mode));
}

const STANDINGS_KEY: &str = "onitama.standings";

pub fn save_standings(standings: &crate::ui::standings::Standings) {
    if let Some(storage) = storage() {
        let _ = storage.set_item(STANDINGS_KEY, &standings.encode());
    }
}

/// The player's record against each level (none yet, or unreadable: a fresh one).
pub fn standings() -> crate::ui::standings::Standings {
    let text = storage().and_then(|s| s.get_item(STANDINGS_KEY).ok().flatten()).unwrap_or_default();
    crate::ui::standings::Standings::decode(&text)
}

/// The finished games kept, oldest first.
pub fn finished() -> Vec<save::FinishedGame> {
    storage().and_then(|s| s.get_item(FINISHED_KEY).ok().flatten()).map_or_else(Vec::new, |t| save::decode_finished(&t))
}
