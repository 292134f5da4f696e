//! What the page shows of online play, from what it has been told: the strip with its words
//! and buttons, the phrases to say, and the state scripts read.

use super::lines::{Button, Panel, PhrasePanel, ScriptState};
use super::phrases::phrases;
use super::{Asked, Host, Trouble};
use crate::bridge::{Command, Phase, Reason, Status};
use crate::protocol::Refusal;
use onitama_core::rules::Color;

impl Host {
    /// The phrases to say: while the opponent is here, during a game or after it.
    fn phrases_now(&self) -> Option<PhrasePanel> {
        let (shown, may_say, _) = self.phrases?;
        let status = self.status?;
        let here = self.opponent && matches!(status.phase, Phase::Playing | Phase::Ended);
        (here && status.reason != Some(Reason::OpponentLeft)).then_some(PhrasePanel { wait: !may_say, shown })
    }

    pub(super) fn state_now(&self) -> ScriptState {
        let status = self.status.unwrap_or(Status { phase: Phase::Connecting, reason: None });
        let error = match status {
            Status {
                phase: Phase::Error | Phase::Ended | Phase::Reconnecting | Phase::Waiting,
                reason: Some(reason),
            } => Some(reason),
            _ => self.trouble.map(|trouble| match trouble {
                Trouble::ClaimRefused(_) => Refusal::TooEarly.into(),
                Trouble::DrawTooSoon => Refusal::DrawTooSoon.into(),
                Trouble::Refused(r) | Trouble::Dropped(r) => r.into(),
                Trouble::Denied(reason) => reason,
            }),
        };
        let error = error.or(self.said_denied);
        ScriptState {
            phase: status.phase,
            room: self.room.clone(),
            you: self.you,
            opponent_connected: self.opponent,
            error,
            may_move: self.playing() && self.opponent,
            clocks: self.clocks.filter(|_| self.dealt()),
            watchers: self.watchers,
        }
    }

    pub(super) fn panel_now(&self) -> Panel {
        let words = phrases(self.lang);
        let mut parts: Vec<String> = Vec::new();
        let status = self.status.unwrap_or(Status { phase: Phase::Connecting, reason: None });
        let said = match status {
            Status { phase: Phase::Connecting, .. } => Some(words.connecting),
            Status { phase: Phase::Waiting, .. } if self.asked == Asked::Find => Some(words.waiting_stranger),
            Status { phase: Phase::Waiting, reason: Some(Reason::OpponentAway) } if self.asked == Asked::Join => {
                Some(words.inviter_not_open)
            }
            Status { phase: Phase::Waiting, .. } if self.asked == Asked::Join => Some(words.waiting_inviter),
            Status { phase: Phase::Waiting, .. } => Some(words.waiting_friend),
            Status { phase: Phase::Playing, .. } if self.over() => None,
            Status { phase: Phase::Playing, .. } if !self.opponent && self.can_claim => Some(words.can_claim_away),
            Status { phase: Phase::Playing, .. } if !self.opponent => Some(words.opponent_away),
            Status { phase: Phase::Playing, .. } if self.can_claim => Some(words.can_claim),
            Status { phase: Phase::Playing, .. } if self.out_of_time() => Some(words.out_of_time),
            Status { phase: Phase::Playing, .. } if let Some(back) = self.news => Some(self.news_words(back)),
            Status { phase: Phase::Reconnecting, reason: Some(Reason::Unreachable) } => Some(words.reconnecting),
            Status { phase: Phase::Reconnecting, .. } if self.can_claim => Some(words.can_claim_away),
            Status { phase: Phase::Reconnecting, .. } => Some(words.opponent_away),
            Status { phase: Phase::Ended, reason: Some(Reason::Rule(Refusal::Diverged)) } => Some(words.diverged),
            Status { phase: Phase::Ended, reason: Some(Reason::OpponentLeft) } if self.spectator => {
                Some(words.host_left)
            }
            Status { phase: Phase::Ended, reason: Some(Reason::OpponentLeft) } => Some(words.opponent_left),
            Status { phase: Phase::Watching, .. } => Some(words.watching),
            Status { phase: Phase::Error, reason: Some(reason) } => match reason {
                Reason::NoServer => Some(words.no_server),
                Reason::Unreachable => Some(words.unreachable),
                Reason::NoWebRtc => Some(words.no_webrtc),
                Reason::Rule(Refusal::SeatTaken) => Some(words.seat_taken),
                Reason::Rule(Refusal::Diverged) => Some(words.diverged),
                Reason::Expired => Some(words.expired),
                Reason::Rule(Refusal::OtherVersion) => Some(words.other_version),
                other => {
                    parts.push(words.error.replace("{reason}", other.code()));
                    None
                }
            },
            _ => None,
        };
        parts.extend(said.map(str::to_string));
        let here = self.playing() && self.opponent;
        let takeback = self.takeback.filter(|_| here);
        let asked = takeback.and_then(|t| t.asked_by);
        let extra = match () {
            _ if self.aborted() => Some(words.aborted),
            _ if here && self.abort == Some(crate::game::AbortState::Late) => Some(words.abort_late),
            _ if asked.is_some() && asked == self.you => Some(words.takeback_sent),
            _ if asked.is_some() => Some(words.takeback_offered),
            _ if takeback.is_some_and(|t| t.declined) => Some(words.takeback_declined),
            _ if self.taken_back && here => Some(words.taken_back),
            _ => None,
        };
        parts.extend(extra.map(str::to_string));
        if self.watchers > 0 {
            parts.push(words.watchers.replace("{count}", &self.lang.digits(&self.watchers.to_string())));
        }
        // The opponent's phrase, while it is shown.
        if let Some((_, _, Some((_, phrase)))) = self.phrases {
            parts.push(self.heard_words(phrase));
        }
        let you = self.you;
        let offer = match (self.draw_offer, self.rematch_offer) {
            (Some(by), _) if Some(by) == you => Some(words.draw_sent),
            (Some(_), _) => Some(words.draw_offered),
            (_, Some(by)) if Some(by) == you => Some(words.rematch_sent),
            (_, Some(_)) => Some(words.rematch_offered),
            // Said by the refusal's own words.
            (None, None) if self.draw_declined && self.trouble == Some(Trouble::DrawTooSoon) => None,
            (None, None) if self.draw_declined => Some(words.draw_declined),
            (None, None) if self.rematch_off == Some(false) => Some(words.rematch_declined),
            (None, None) if self.rematch_off == Some(true) => Some(words.rematch_withdrawn),
            (None, None) => None,
        };
        // Nothing more is played with an opponent who left, or once online play stopped.
        // (A watcher neither offers nor answers anything.)
        let gone = status.phase == Phase::Error || status.reason == Some(Reason::OpponentLeft) || self.spectator;
        parts.extend(offer.filter(|_| self.dealt() && !gone).map(str::to_string));
        if let Some(trouble) = self.trouble {
            parts.push(match trouble {
                Trouble::Refused(Refusal::PreviousDiverged) => words.previous_diverged.to_string(),
                Trouble::ClaimRefused(true) => words.claim_refused_mine.to_string(),
                Trouble::ClaimRefused(false) => words.claim_refused_theirs.to_string(),
                Trouble::DrawTooSoon => words.draw_too_soon.to_string(),
                Trouble::Refused(r) => words.refused.replace("{reason}", r.code()),
                Trouble::Dropped(r) => words.dropped.replace("{reason}", r.code()),
                Trouble::Denied(reason) => words.denied.replace("{reason}", reason.code()),
            });
        }
        let mut buttons = Vec::new();
        let mut button = |command: Command, label: &str| buttons.push(Button { command, label: label.to_string() });
        let opponent_offers = |offer: Option<Color>| offer.is_some_and(|by| Some(by) != you);
        let live = self.playing() && self.opponent;
        // A takeback asked is answered first: the phone's row of buttons keeps room for it.
        let no_draw = self.takeback.is_some_and(|t| t.asked_by.is_some());
        if live && self.draw_offer.is_none() && !self.draw_wait && !no_draw {
            button(Command::OfferDraw, words.offer_draw);
        }
        if live && opponent_offers(self.draw_offer) {
            button(Command::AcceptDraw, words.accept_draw);
            button(Command::DeclineDraw, words.decline_draw);
        }
        if self.dealt() && !self.over() && self.can_claim {
            button(Command::Claim, words.claim);
        }
        if let Some(t) = self.takeback.filter(|_| live) {
            if t.may_ask {
                button(Command::Takeback, words.takeback);
            }
            if t.asked_by.is_some_and(|by| Some(by) != you) {
                button(Command::AcceptTakeback, words.accept_takeback);
                button(Command::DeclineTakeback, words.decline_draw);
            }
        }
        if self.dealt() && self.over() && !gone {
            match self.rematch_offer {
                Some(by) if Some(by) == you => button(Command::WithdrawRematch, words.withdraw),
                Some(_) => {
                    button(Command::AcceptRematch, words.rematch);
                    button(Command::DeclineRematch, words.decline_draw);
                }
                None => button(Command::OfferRematch, words.rematch),
            }
        }
        if status.reason == Some(Reason::Expired) {
            // A stale link: invite anew (the usual choices), or back to the AI's game.
            button(Command::Create(crate::game::Invitation::default()), words.invite);
        }
        let leave = match status.phase {
            _ if self.dealt() => words.leave,
            _ if status.reason == Some(Reason::Expired) => words.play_ai,
            // The inviter's page is not open: the wait goes on, or the AI's game under it.
            Phase::Waiting if status.reason == Some(Reason::OpponentAway) => words.play_ai,
            Phase::Error => words.back,
            _ => words.cancel,
        };
        // Before each side has moved, Abort stands in the place of Leave (which would resign): the
        // way out of a game not begun, with no result, as on lichess; Leave comes back once over.
        let abort = matches!(self.abort, Some(crate::game::AbortState::Yes | crate::game::AbortState::Late));
        if live && abort {
            button(Command::Abort, words.abort);
        } else {
            button(Command::Leave, leave);
        }
        // The link is for the host to send while the friend has not come.
        let waiting = status.phase == Phase::Waiting;
        let link = self
            .room
            .as_ref()
            .filter(|_| waiting && self.asked == Asked::Create)
            .map(|room| format!("{}{}", crate::bridge::LINK_FRAGMENT, room.as_str()));
        // The clock runs while the game is played, not once online play stopped.
        let clock = self.clock.filter(|_| self.dealt() && !self.over() && !gone).map(|(mover, left)| {
            let time = self.lang.digits(&format!("{}:{:02}", left / 60, left % 60));
            let words = if Some(mover) == you { words.clock_you } else { words.clock_opponent };
            words.replace("{time}", &time)
        });
        Panel { link, clock, text: parts.join(" · "), buttons, phrases: self.phrases_now() }
    }
}
