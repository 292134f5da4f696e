//! The game and the settings, kept in localStorage after every change and read back at start
//! (the text format is `crate::save`). A save that cannot be read never breaks the page: the
//! caller is told why, a new game starts, and the text is kept under its own key for export.

use super::state::Mode;
use super::text::Lang;
use crate::rules::Game;
use crate::save::{self, SaveFile};

const SAVE_KEY: &str = "onitama.save";
const UNREADABLE_KEY: &str = "onitama.unreadable";

/// What a save holds.
pub struct Restored {
    pub game: Game,
    pub mode: Mode,
    pub show_evaluation: bool,
    pub lang: Option<Lang>,
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn save(game: &Game, mode: Mode, show_evaluation: bool, lang: Lang) {
    let file = SaveFile { game: game.clone(), mode, show_evaluation, language: Some(lang.code().to_string()) };
    if let Some(storage) = storage() {
        // A full or forbidden storage only means no save; the game goes on.
        let _ = storage.set_item(SAVE_KEY, &save::encode(&file));
    }
}

/// The saved game, `Ok(None)` when there is none, or why it could not be read.
pub fn load() -> Result<Option<Restored>, String> {
    let Some(storage) = storage() else { return Ok(None) };
    let Some(text) = storage.get_item(SAVE_KEY).ok().flatten() else { return Ok(None) };
    match save::decode(&text) {
        Ok(file) => Ok(Some(Restored {
            game: file.game,
            mode: file.mode,
            show_evaluation: file.show_evaluation,
            lang: file.language.as_deref().and_then(Lang::from_code),
        })),
        Err(reason) => {
            let _ = storage.set_item(UNREADABLE_KEY, &text);
            let _ = storage.remove_item(SAVE_KEY);
            Err(reason)
        }
    }
}

/// The last save that could not be read, kept for export.
pub fn unreadable() -> Option<String> {
    storage()?.get_item(UNREADABLE_KEY).ok().flatten()
}
