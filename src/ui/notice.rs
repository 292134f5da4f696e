//! Messages for the player that outlive the moment they arose (a save that could not be read, a
//! broken link, an AI that stopped). They stay typed, so each is written in the language of the
//! moment it is shown, and they go with the next move. Those only the whole page's features can
//! raise hold a `Features`, so that the first visit's build leaves out their words and code.

use super::error_text;
use super::features::Features;
use super::text::{self, Lang, Texts};
use crate::save::{LinkError, SaveError};

#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    SaveUnreadable(SaveError),
    LinkBroken(LinkError),
    /// A friend's link (`#online=`) without a room in it.
    OnlineLinkBroken(Features),
    /// The worker's own words (for the developer; the player reads that the AI stopped).
    AiFailed(String),
    /// The review's worker failed, in its own words.
    ReviewFailed(Features, String),
    /// The puzzle set could not be fetched; the browser's reason, in English, is for the
    /// developer's console (the player reads that they may be offline).
    PuzzlesUnavailable(Features, String),
    /// No puzzle has all five cards in the player's deck.
    NoPuzzleOffered(Features),
    /// A language's texts could not be fetched (offline, on a language not chosen before).
    TextsUnavailable(Lang),
    /// The whole page is being fetched, to open a feature (`crate::ui::features`).
    FeaturesLoading,
    /// The whole page could not be fetched (offline, before it was ever kept).
    FeaturesUnavailable,
    /// A friend's link opened a game played this way: shown as a record of it.
    SharedGame(crate::mode::Mode),
}

impl Notice {
    pub fn text(&self, t: &Texts) -> String {
        match self {
            Notice::SaveUnreadable(error) => text::save_unreadable(t, &error_text::save_error(t, error)),
            Notice::LinkBroken(error) => text::link_broken(t, &error_text::link_error(t, error)),
            Notice::OnlineLinkBroken(_) => text::page_text(t, "online-link-broken", &[]),
            Notice::AiFailed(reason) => text::ai_failed(t, reason),
            Notice::ReviewFailed(_, reason) => text::review_failed(t, reason),
            Notice::PuzzlesUnavailable(..) => text::page_text(t, "puzzles-unavailable", &[]),
            Notice::NoPuzzleOffered(_) => text::page_text(t, "no-puzzle-offered", &[]),
            Notice::FeaturesLoading => text::page_text(t, "features-loading", &[]),
            Notice::FeaturesUnavailable => text::page_text(t, "features-unavailable", &[]),
            Notice::SharedGame(mode) => text::shared_game(t, *mode),
            Notice::TextsUnavailable(wanted) => {
                text::page_text(t, "texts-unavailable", &[("language", wanted.name().to_string())])
            }
        }
    }
}
