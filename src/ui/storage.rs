//! The game and the settings, saved in localStorage after every change and read back at start.
//! A save that cannot be read never breaks the page: the caller is told why, a new game starts,
//! and the unreadable text is kept under its own key so that it can be exported.

use super::state::Mode;
use super::text::Lang;
use crate::rules::{Color, Game};
use serde::{Deserialize, Serialize};

const SAVE_KEY: &str = "onitama.save";
const UNREADABLE_KEY: &str = "onitama.unreadable";
/// The save format this build writes; any other is "older" (or newer) and is not guessed at.
pub const FORMAT: u32 = 1;

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum SavedMode {
    Ai { human: String, level: usize },
    Two { turn_board: bool },
    Watch { level: usize },
}

#[derive(Serialize, Deserialize)]
struct Saved {
    format: u32,
    record: String,
    mode: SavedMode,
    show_evaluation: bool,
    /// A language code; absent means the browser's language.
    #[serde(default)]
    language: Option<String>,
}

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

fn color_name(color: Color) -> String {
    color.name().to_lowercase()
}

pub fn save(game: &Game, mode: Mode, show_evaluation: bool, lang: Lang) {
    let mode = match mode {
        Mode::VsAi { human, level } => SavedMode::Ai { human: color_name(human), level },
        Mode::PassAndPlay { turn_board } => SavedMode::Two { turn_board },
        Mode::Watch { level } => SavedMode::Watch { level },
    };
    let saved = Saved {
        format: FORMAT,
        record: game.to_record(),
        mode,
        show_evaluation,
        language: Some(lang.code().to_string()),
    };
    let Ok(value) = serde_wasm_bindgen::to_value(&saved) else {
        return;
    };
    let Ok(text) = js_sys::JSON::stringify(&value) else {
        return;
    };
    if let Some(storage) = storage() {
        // A full or forbidden storage only means no save; the game goes on.
        let _ = storage.set_item(SAVE_KEY, &String::from(text));
    }
}

/// The saved game, `Ok(None)` when there is none, or why it could not be read.
pub fn load() -> Result<Option<Restored>, String> {
    let Some(storage) = storage() else {
        return Ok(None);
    };
    let Some(text) = storage.get_item(SAVE_KEY).ok().flatten() else {
        return Ok(None);
    };
    read(&text).map(Some).inspect_err(|_| {
        let _ = storage.set_item(UNREADABLE_KEY, &text);
        let _ = storage.remove_item(SAVE_KEY);
    })
}

/// The last save that could not be read, kept for export.
pub fn unreadable() -> Option<String> {
    storage()?.get_item(UNREADABLE_KEY).ok().flatten()
}

fn read(text: &str) -> Result<Restored, String> {
    let value = js_sys::JSON::parse(text).map_err(|_| "it is not valid JSON (cut short or damaged)".to_string())?;
    let format = js_sys::Reflect::get(&value, &"format".into()).ok().and_then(|f| f.as_f64());
    match format {
        Some(f) if f == f64::from(FORMAT) => {}
        Some(f) => {
            return Err(format!("it was written in save format {f}, and this version reads format {FORMAT}"));
        }
        None => return Err("it has no save format number (an older version wrote it)".to_string()),
    }
    let saved: Saved = serde_wasm_bindgen::from_value(value).map_err(|e| format!("its fields are wrong: {e}"))?;
    let game = Game::from_record(&saved.record).map_err(|e| format!("its game record is broken: {e}"))?;
    let level_ok = |level: usize| {
        if level < crate::ai::Level::ALL.len() {
            Ok(level)
        } else {
            Err(format!("it names level {level}, which does not exist"))
        }
    };
    let mode = match saved.mode {
        SavedMode::Ai { human, level } => {
            let human = match human.as_str() {
                "red" => Color::Red,
                "blue" => Color::Blue,
                other => return Err(format!("it names the colour '{other}'")),
            };
            Mode::VsAi { human, level: level_ok(level)? }
        }
        SavedMode::Two { turn_board } => Mode::PassAndPlay { turn_board },
        SavedMode::Watch { level } => Mode::Watch { level: level_ok(level)? },
    };
    let lang = saved.language.as_deref().and_then(Lang::from_code);
    Ok(Restored { game, mode, show_evaluation: saved.show_evaluation, lang })
}

/// The link fragment that opens this game: `#game=` and the record, URL-encoded.
pub fn link_fragment(game: &Game) -> String {
    format!("#game={}", String::from(js_sys::encode_uri_component(&game.to_record())))
}

/// The game in a link's fragment: `None` without one, or why it cannot be opened.
pub fn game_from_fragment(fragment: &str) -> Option<Result<Game, String>> {
    let encoded = fragment.strip_prefix("#game=")?;
    let record = match js_sys::decode_uri_component(encoded) {
        Ok(record) => String::from(record),
        Err(_) => return Some(Err("the link is damaged (bad % encoding)".to_string())),
    };
    Some(Game::from_record(&record).map_err(|e| format!("the game in the link is broken: {e}")))
}
