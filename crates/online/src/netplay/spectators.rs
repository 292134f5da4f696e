//! The host's watchers: third browsers with the game's link, served read-only beside the
//! opponent, at most [`MAX_WATCHERS`], unless the host turned watching off.

use super::{ConnId, ConnState, Netplay, Task};
use crate::bridge::Report;
use crate::protocol::{MAX_WATCHERS, Message, Refusal};

impl Netplay {
    /// A connection that showed another seat than the opponent's: the host lets it watch if it
    /// may and there is room; otherwise the host refuses it, and a guest closes it (the host
    /// serves watchers, and the browser may be one).
    pub(super) fn stranger(&mut self, now: u64, id: ConnId, fx: &mut Vec<Task>) {
        let Some(game) = self.game.as_ref() else { return };
        let room = self.spectator_count() < MAX_WATCHERS;
        if game.admits_spectators() && room {
            if let Some(conn) = self.conn_mut(id) {
                (conn.state, conn.since, conn.handshake, conn.told) = (ConnState::Spectator, now, None, None);
                conn.guard = crate::guard::Guard::new(now);
            }
            return;
        }
        if game.is_host() {
            fx.push(Task::Send { conn: id, text: Message::Refused(Refusal::SeatTaken).encode() });
            fx.push(Task::Emit(Report::Refused(Refusal::SeatTaken)));
        }
        self.remove(id, fx);
    }

    pub(super) fn spectator_count(&self) -> u32 {
        self.conns.iter().filter(|c| c.state == ConnState::Spectator).count() as u32
    }

    /// A spectator's text: its handshake said again, or an answer, is nothing; it leaving closes
    /// it; anything else is refused (`watcher`), a strike; too many, or too fast, drop it.
    pub(super) fn spectator_text(&mut self, now: u64, id: ConnId, text: &str, fx: &mut Vec<Task>) {
        let Some(conn) = self.conn_mut(id) else { return };
        let refusal = match Message::decode(text) {
            _ if !conn.guard.arrived(now) => Refusal::Flood,
            // Its handshake said again, or its page's answer to something: nothing to act on.
            Ok(Message::Hello { .. } | Message::Seat(_) | Message::Proof(_) | Message::Refused(_)) => return,
            Ok(Message::Bye) => {
                self.remove(id, fx);
                return;
            }
            Ok(_) => Refusal::Watcher,
            Err(refusal) => refusal,
        };
        if refusal != Refusal::Flood {
            conn.guard.strike(now);
        }
        let dropped = conn.guard.exhausted();
        fx.push(Task::Send { conn: id, text: Message::Refused(refusal).encode() });
        if dropped {
            fx.push(Task::Send { conn: id, text: Message::Refused(Refusal::Flood).encode() });
            self.remove(id, fx);
        }
    }

    /// The host tells the guest how many watch, and each watcher the game as it changes.
    pub(super) fn tell_spectators(&mut self, now: u64, fx: &mut Vec<Task>) {
        let count = self.spectator_count();
        let attached = self.attached();
        let Some(game) = self.game.as_mut().filter(|g| g.is_host()) else { return };
        game.set_watchers(count);
        let guest = attached.filter(|_| game.opponent_connected());
        if let Some(conn) = guest
            && self.guest_told != Some((conn, count))
        {
            fx.push(Task::Send { conn, text: Message::Watchers(count).encode() });
            self.guest_told = Some((conn, count));
        }
        let view = game.spectator_view(now);
        let news = || game.for_spectators(now);
        for conn in self.conns.iter_mut().filter(|c| c.state == ConnState::Spectator) {
            let (told_count, told_view) = conn.told.take().unzip();
            if told_count != Some(count) {
                fx.push(Task::Send { conn: conn.id, text: Message::Watchers(count).encode() });
            }
            if told_view.as_ref() != Some(&view) {
                fx.extend(news().into_iter().map(|m| Task::Send { conn: conn.id, text: m.encode() }));
            }
            conn.told = Some((count, view.clone()));
        }
    }

    /// The host leaves: its spectators see the game as it ends, and that the host left.
    pub(super) fn farewell_spectators(&mut self, now: u64, fx: &mut Vec<Task>) {
        self.tell_spectators(now, fx);
        for conn in self.conns.iter().filter(|c| c.state == ConnState::Spectator) {
            fx.push(Task::Send { conn: conn.id, text: Message::Bye.encode() });
        }
    }
}
