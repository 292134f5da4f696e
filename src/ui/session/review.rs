//! A review in the session: started, closed, its best lines looked at and left.

use super::{Effect, Focus, Session};
use crate::ui::features::Features;
use crate::ui::review::Review;
use crate::ui::state::Activity;

impl Session {
    pub(super) fn start_review(&mut self) {
        // The first visit's build has no review (and leaves this code out).
        if Features::here().is_none() {
            return;
        }
        if self.state.review().is_some_and(|r| r.running) || self.state.game_line().moves().is_empty() {
            return;
        }
        // A puzzle and the tutorial are not games to review: the board does one thing at a time.
        if matches!(self.state.activity, Activity::Puzzle(_) | Activity::Tutorial(_)) {
            self.effects.push(Effect::Log("no review in a puzzle or the tutorial".to_string()));
            return;
        }
        // The game itself is reviewed, not an engine line shown in its place.
        self.leave_variation();
        self.close_review();
        self.cancel_search();
        self.state.ai.held = None;
        self.last_request += 1;
        let game = self.state.game_line();
        let movetime_ms = crate::ui::review::REVIEW_MS;
        self.effects.push(Effect::StartReview { id: self.last_request, game: game.clone(), movetime_ms });
        // Reviewed, the line explored is a game: the others go.
        self.state.board.history.stop_exploring();
        self.state.activity = Activity::Review(Review::new(self.last_request, game));
        self.state.board.end.banner_closed = true;
        self.refresh_controls();
        // The Review button pressed has gone with the result: the focus follows into the panel.
        self.effects.push(Effect::Focus(Focus::Review));
    }

    /// Closes the review, ending its worker if it still runs.
    pub(super) fn close_review(&mut self) {
        let Some(review) = self.state.review() else { return };
        if review.running {
            self.effects.push(Effect::CancelReview);
        }
        // An engine line still on the board is played on from: it is the game now.
        self.state.board.history.keep_line();
        self.state.activity = Activity::Play;
    }

    /// Puts the reviewed game back on the board in place of the engine's line.
    pub(super) fn leave_variation(&mut self) {
        let Some(ply) = self.state.review_mut().and_then(|r| r.variation.take()) else { return };
        // A search for the line's position must not answer for the game's.
        self.cancel_search();
        self.state.ai.held = None;
        self.state.board.history.leave_line(ply);
        // The game may face another side than the engine's line did.
        self.face_the_bottom();
    }

    pub(super) fn best_line(&mut self, ply: usize) {
        let Some(variation) = self.state.review().and_then(|r| r.variation(ply)) else { return };
        self.leave_variation();
        self.cancel_search();
        self.state.ai.held = None;
        self.state.board.history.follow(variation, ply);
        if let Some(review) = self.state.review_mut() {
            review.variation = Some(ply);
        }
        // The engine's line replaces the game's: shown at once.
        self.after_move(None, None);
    }
}
