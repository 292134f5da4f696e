//! A spectator (a "watcher" on the wire and in the players' words; a spectator in code, apart
//! from the AI's watch mode): a third browser with the game's link, taken by the host, sees the
//! record, the clocks and the end as the host tells them, and plays nothing. The host's side of
//! it (how many watch, what they are sent) is the netplay's; this is what the two games say.

use super::{Clocks, OnlineGame, Output, Role, SpectatorView};
use crate::protocol::{Message, Refusal};

impl OnlineGame {
    /// Whether this page watches the game instead of playing it.
    pub fn is_spectator(&self) -> bool {
        matches!(self.role, Role::Spectator { .. })
    }

    /// The host took this page, a guest with no seat that showed it its secret, to watch (its
    /// count of watchers comes first on each connection to it).
    pub(super) fn spectate(&mut self, count: u32) {
        if !self.is_spectator() {
            self.role = Role::Spectator { clocks: None };
        }
        (self.greeted, self.ever_greeted, self.watchers) = (true, true, count);
    }

    /// A message of the host to this watcher. Its record is checked with the rules as it is
    /// read (a `sync` that breaks them does not read); a game of another room is refused, and
    /// what a watcher has no use for is refused too.
    pub(super) fn host_said(&mut self, now: u64, message: Message, out: &mut Vec<Output>) -> Result<(), Refusal> {
        if message.game().is_some_and(|id| !id.as_str().starts_with(&format!("{}.", self.room))) {
            return Err(Refusal::WrongGame);
        }
        match message {
            Message::Sync { game, record, .. } => {
                if self.game_id() != Some(&game) {
                    self.aborted = None;
                }
                self.current = Some((game, record));
            }
            Message::Clocks { game, left, running, increment } if self.game_id() == Some(&game) => {
                self.role = Role::Spectator { clocks: Some((Clocks { left, running, increment }, now)) };
            }
            Message::Abort { game, .. } if self.game_id() == Some(&game) => self.aborted = Some(game),
            Message::Watchers(count) => self.watchers = count,
            // The host left: nothing more will come.
            Message::Bye => out.push(Output::Left),
            Message::Clocks { .. } | Message::Abort { .. } => return Err(Refusal::WrongGame),
            Message::Hello { .. } | Message::Proof(_) | Message::Seat(_) | Message::Refused(_) => {}
            _ => return Err(Refusal::Watcher),
        }
        out.push(Output::Changed);
        Ok(())
    }

    /// The clocks as the host last told them, the running one counted down since.
    pub(super) fn spectator_clocks(&self, told: Option<(Clocks, u64)>, now: u64) -> Option<Clocks> {
        let (mut clocks, at) = told?;
        let over = self.is_aborted() || self.game().is_none_or(|g| g.outcome().is_some());
        if over || !self.opponent_connected() {
            clocks.running = None;
        }
        if let Some(mover) = clocks.running {
            let left = &mut clocks.left[mover.index()];
            *left = left.saturating_sub(now.saturating_sub(at));
        }
        Some(clocks)
    }

    /// The host's game as watchers see it (none before the deal).
    pub fn spectator_view(&self, now: u64) -> Option<SpectatorView> {
        let (id, record) = self.current.clone()?;
        let running = self.clocks(now).and_then(|c| c.running);
        Some(SpectatorView { id, record, aborted: self.is_aborted(), running })
    }

    /// What the host sends a watcher of its game now: the record, the clocks (under a game
    /// clock) and the abort, if it was aborted.
    pub fn for_spectators(&self, now: u64) -> Vec<Message> {
        let Some((game, record)) = self.current.clone() else { return Vec::new() };
        let mut messages = vec![Message::Sync { game: game.clone(), record, clocks: None }];
        if let Some(Clocks { left, running, increment }) = self.clocks(now) {
            messages.push(Message::Clocks { game: game.clone(), left, running, increment });
        }
        if self.is_aborted() {
            let ply = self.game().map_or(0, |g| g.moves().len());
            messages.push(Message::Abort { game, ply });
        }
        messages
    }
}
