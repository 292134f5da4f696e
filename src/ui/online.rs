//! An online game as the page sees it. The online module (a download of its own, fetched when
//! online play opens) decides the game with the other browser; the page mirrors what it says
//! (`crate::online::bridge` events) and asks it for what the player does (its commands).

use crate::online::bridge::{Phase, Reason, Status};
use crate::online::{MoveLimit, Refusal, Saved, Token};
use crate::rules::Color;

/// What the online module last said, and what the page asked of it.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineState {
    pub status: Status,
    /// The friend's room (its link is `#online=<room>`), once the module has one.
    pub room: Option<Token>,
    /// Waiting for a stranger rather than a friend.
    pub finding: bool,
    /// The colour dealt to this player, once a game is dealt.
    pub you: Option<Color>,
    pub limit: Option<MoveLimit>,
    pub opponent_connected: bool,
    /// Who offered a draw at this ply, and who a rematch.
    pub draw_offer: Option<Color>,
    pub rematch_offer: Option<Color>,
    /// The opponent has been to move for the limit: this player may claim the game.
    pub can_claim: bool,
    /// The last trouble to tell the player of, until the next one or the game goes on.
    pub trouble: Option<Trouble>,
    /// The ply of this player's move sent to the module and not yet confirmed: taken back if
    /// the module refuses it.
    pub pending: Option<usize>,
    /// What to save with the game, as the module last gave it.
    pub saved: Option<Box<Saved>>,
}

/// Something refused or lost, as the module reported it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trouble {
    /// A message of the peer refused here, or one of ours refused by the peer.
    Refused(Refusal),
    /// A command of this page refused by the module.
    Denied(Reason),
    /// The connection to the peer was closed for this reason.
    Dropped(Refusal),
}

impl OnlineState {
    /// Online play asked for: the module is fetched and connects.
    pub fn connecting(finding: bool) -> OnlineState {
        OnlineState {
            status: Status { phase: Phase::Connecting, reason: None },
            room: None,
            finding,
            you: None,
            limit: None,
            opponent_connected: false,
            draw_offer: None,
            rematch_offer: None,
            can_claim: false,
            trouble: None,
            pending: None,
            saved: None,
        }
    }

    /// A game saved before a reload, on its way back.
    pub fn restoring(saved: Box<Saved>) -> OnlineState {
        let you = Some(saved.you);
        OnlineState { you, saved: Some(saved), ..OnlineState::connecting(false) }
    }

    /// A game is on the board and being played between the two browsers.
    pub fn playing(&self) -> bool {
        self.status.phase == Phase::Playing && self.you.is_some()
    }

    /// Whether this player may move now: the game is on and the opponent is here to receive it.
    pub fn may_move(&self) -> bool {
        self.playing() && self.opponent_connected && self.pending.is_none()
    }

    /// The link a friend opens to join, relative to the page (`#online=<room>`).
    pub fn link(&self) -> Option<String> {
        self.room.as_ref().filter(|_| !self.finding).map(|room| format!("#online={}", room.as_str()))
    }

    /// The trouble's code, as scripts and the page's texts name it.
    pub fn trouble_code(&self) -> Option<&'static str> {
        self.trouble.map(|trouble| match trouble {
            Trouble::Refused(refusal) | Trouble::Dropped(refusal) => refusal.code(),
            Trouble::Denied(reason) => reason.code(),
        })
    }

    /// Why the module is in trouble, if its status says so (an error, a game that ended by a
    /// divergence or by leaving).
    pub fn error_code(&self) -> Option<&'static str> {
        match self.status {
            Status { phase: Phase::Error | Phase::Ended | Phase::Reconnecting, reason: Some(reason) } => {
                Some(reason.code())
            }
            _ => None,
        }
    }
}
