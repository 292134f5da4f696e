//! An online game as the page sees it. The online module (a download of its own, fetched when
//! online play opens) decides the game with the other browser and says what online play shows:
//! its words and buttons come from it, in the page's language (`crate::online::host`). The page
//! mirrors the game it deals and plays, and sends what the player does.

use super::features::Features;
use crate::online::Token;
use crate::online::bridge::Command;
use crate::online::host::{Panel, ScriptState};

/// A watcher's text in the page's save, where a player's is the module's (which keeps nothing for
/// a watcher): the room, joined again after a reload.
const WATCHING: &str = "watching ";

pub fn watching_text(room: &Token) -> String {
    format!("{WATCHING}{room}")
}

/// The room a watcher's saved text names, if it is one.
pub fn watched_room(saved: &str) -> Option<Token> {
    Token::new(saved.strip_prefix(WATCHING)?)
}

/// What the online module last said, and what the page asked of it.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineState {
    /// Only a build with the features makes one.
    pub features: crate::ui::features::Features,
    /// The strip: words, the friend's link, the buttons (each a command for the module).
    pub panel: Panel,
    /// Online play as scripts read it; none until the module has said.
    pub script: Option<ScriptState>,
    /// The ply of this player's move sent to the module and not yet confirmed: taken back if
    /// the module refuses it.
    pub pending: Option<usize>,
    /// The module's text to keep with the game, given back to it after a reload; a watcher's
    /// room ([`watching_text`]).
    pub saved: Option<String>,
    /// The room this page asked to join by its link.
    pub joined: Option<Token>,
    /// Online play stopped before the module could play (a saved game that does not read, a
    /// module that could not be fetched): there is no module to tell anything.
    pub stopped: bool,
}

impl Default for OnlineState {
    fn default() -> Self {
        OnlineState {
            features: Features::present(),
            panel: Panel::default(),
            script: None,
            pending: None,
            saved: None,
            joined: None,
            stopped: false,
        }
    }
}

impl OnlineState {
    /// A game saved before a reload, on its way back.
    pub fn restoring(saved: String) -> OnlineState {
        OnlineState { saved: Some(saved), ..OnlineState::default() }
    }

    /// Whether this player may move now: the module says the game is on and the opponent here,
    /// and no move of theirs waits for its confirmation.
    pub fn may_move(&self) -> bool {
        self.script.as_ref().is_some_and(|s| s.may_move) && self.pending.is_none()
    }

    /// Whether the game dealt is being played between the two browsers (resigning is offered
    /// to its players).
    pub fn playing(&self) -> bool {
        self.script.as_ref().is_some_and(|s| s.phase == crate::online::bridge::Phase::Playing)
    }

    /// Whether the module offers this player a takeback now: Undo asks for it. Never in the
    /// first visit's build (it has no online play).
    pub fn takeback_offered(&self) -> bool {
        Features::here().is_some() && self.offers(|command| *command == Command::Takeback).is_some()
    }

    /// The command of the panel's first button that `wanted` picks, if one is offered.
    pub fn offers(&self, wanted: impl Fn(&Command) -> bool) -> Option<&Command> {
        self.panel.buttons.iter().map(|b| &b.command).find(|command| wanted(command))
    }
}
