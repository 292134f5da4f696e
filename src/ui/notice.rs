//! Messages for the player that outlive the moment they arose (a save that could not be read, a
//! broken link, an AI that stopped). They stay typed, so each is written in the language of the
//! moment it is shown, and they go with the next move.

use super::text::{self, Lang};

#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    SaveUnreadable(String),
    LinkBroken(String),
    AiFailed(String),
}

impl Notice {
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Notice::SaveUnreadable(reason) => text::save_unreadable(lang, reason),
            Notice::LinkBroken(reason) => text::link_broken(lang, reason),
            Notice::AiFailed(reason) => text::ai_failed(lang, reason),
        }
    }
}
