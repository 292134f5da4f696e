//! Online play in the session. What the player does becomes a command for the online module
//! (`Effect::Online`); what the module says (`Event::Online`) changes the game on the board,
//! which mirrors the module's: the module has checked every move with the rules core already,
//! and the page checks them again as it plays them.

use super::{Effect, Session};
use crate::mode::Mode;
use crate::online::bridge::{Command, Event as Said, room_of_link};
use crate::online::{Setup, Token};
use crate::rules::{Color, Game, Move, Outcome, Position};
use crate::ui::online::{OnlineState, Trouble};
use crate::ui::sound;
use crate::ui::text;

/// The card pool strangers are paired by: players with the same cards meet.
pub const BASE_POOL: &str = "base";

/// What the player asks of online play, from the page's buttons and dialogs or a script.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineAction {
    /// A room of one's own to invite a friend to, with this deal, colour and limit.
    Invite(Setup),
    /// A friend's room: the room itself, or a link with `#online=<room>`.
    Join(String),
    /// The next stranger who asks with the same cards.
    Find,
    /// Out of online play; the game on the board stays, to be looked at.
    Leave,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    /// The win on time, once the opponent has been to move for the limit.
    Claim,
}

impl Session {
    pub(super) fn online_action(&mut self, action: OnlineAction) {
        let command = match action {
            OnlineAction::Invite(setup) => self.online_start(false, Command::Create(setup)),
            OnlineAction::Join(text) => match room_of_link(&text) {
                Some(room) => self.online_start(false, Command::Join(room)),
                None => {
                    self.effects.push(Effect::Log(format!("no online room in '{text}'")));
                    return;
                }
            },
            OnlineAction::Find => {
                let pool = Token::new(BASE_POOL).expect("the pool's name is a token");
                self.online_start(true, Command::Find(pool))
            }
            OnlineAction::Leave => {
                self.leave_online();
                self.refresh_controls();
                return;
            }
            OnlineAction::OfferDraw => Command::OfferDraw,
            OnlineAction::AcceptDraw => Command::AcceptDraw,
            OnlineAction::DeclineDraw => Command::DeclineDraw,
            OnlineAction::Claim => Command::Claim,
        };
        if self.state.online.is_none() {
            self.effects.push(Effect::Log("no online game to act in".to_string()));
            return;
        }
        self.send_online(command);
        self.refresh_controls();
    }

    /// A new online game asked for: any earlier one is left first.
    fn online_start(&mut self, finding: bool, command: Command) -> Command {
        self.leave_online();
        self.state.online = Some(OnlineState::connecting(finding));
        command
    }

    /// After a reload: the online game saved with the page goes on where it was.
    pub(super) fn restore_online(&mut self) {
        let saved = self.state.online.as_ref().and_then(|online| online.saved.clone());
        if let Some(saved) = saved.filter(|_| matches!(self.state.mode, Mode::Online { .. })) {
            self.send_online(Command::Restore(saved));
        }
    }

    pub(super) fn send_online(&mut self, command: Command) {
        self.effects.push(Effect::Online(command.encode()));
    }

    /// Out of online play (the module is told); an online game on the board stays there as it
    /// is, its moves no longer played.
    pub(super) fn leave_online(&mut self) {
        if self.state.online.take().is_some() {
            self.send_online(Command::Leave);
        }
    }

    /// The player's own move, just played on the board: the module sends it to the opponent.
    pub(super) fn online_moved(&mut self, m: Move, ply: usize) {
        if let Some(online) = self.state.online.as_mut() {
            online.pending = Some(ply);
        }
        self.send_online(Command::Play(m));
    }

    /// A line from the online module.
    pub(super) fn online_said(&mut self, line: &str) {
        // Once left, the module's last words are not for this page.
        if self.state.online.is_none() {
            return;
        }
        let said = match Said::decode(line) {
            Ok(said) => said,
            Err(refusal) => {
                self.effects
                    .push(Effect::Log(format!("the online module said what does not read ({})", refusal.code())));
                return;
            }
        };
        let Some(online) = self.state.online.as_mut() else { return };
        match said {
            Said::Status(status) => online.status = status,
            Said::Room(room) => online.room = Some(room),
            Said::Started { you, limit, position } => {
                (online.you, online.limit, online.trouble, online.pending) = (Some(you), Some(limit), None, None);
                self.online_started(you, Game::new(position));
            }
            Said::Move { by, ply, mv, position } => self.online_move(by, ply, mv, position),
            Said::Record(game) => {
                online.pending = None;
                let you = online.you.unwrap_or(Color::Red);
                self.online_started(you, game);
            }
            Said::Outcome(outcome) => self.online_outcome(outcome),
            Said::Offers { draw, rematch } => (online.draw_offer, online.rematch_offer) = (draw, rematch),
            Said::CanClaim(can) => online.can_claim = can,
            Said::OpponentConnected(connected) => online.opponent_connected = connected,
            Said::Refused(refusal) => online.trouble = Some(Trouble::Refused(refusal)),
            Said::Dropped(refusal) => online.trouble = Some(Trouble::Dropped(refusal)),
            Said::Denied(reason) => {
                online.trouble = Some(Trouble::Denied(reason));
                // A move the module would not send is taken back.
                if let Some(ply) = online.pending.take()
                    && self.state.game.moves().len() == ply + 1
                {
                    self.state.game.undo();
                    self.state.anim = None;
                    self.changed();
                }
            }
            Said::Saved(saved) => {
                online.saved = Some(saved);
                self.effects.push(Effect::SaveGame(self.save_file()));
            }
        }
        self.refresh_controls();
        self.effects.push(Effect::Redraw);
    }

    /// A game dealt (or a record adopted after a reconnect) goes on the board, facing `you`.
    fn online_started(&mut self, you: Color, game: Game) {
        let mode = Mode::Online { you };
        let same = self.state.mode == mode && self.state.game.start() == game.start();
        if !same || self.state.game.moves() != game.moves() || self.state.game.outcome() != game.outcome() {
            // A game of the player's own in progress waits aside, as for a puzzle.
            if !matches!(self.state.mode, Mode::Online { .. }) {
                self.put_aside();
            }
            self.start_game(game, mode);
        }
    }

    fn online_move(&mut self, by: Color, ply: usize, m: Move, position: Position) {
        let played = self.state.game.moves();
        match played.get(ply) {
            // The player's own move (or one already shown), now sent.
            Some(&known) if known == m => {
                if let Some(online) = self.state.online.as_mut().filter(|o| o.pending == Some(ply)) {
                    online.pending = None;
                }
            }
            Some(_) => self.effects.push(Effect::Log(format!("online move {ply} differs from the board's"))),
            None if ply > played.len() => self.effects.push(Effect::Log(format!("online move {ply} comes too early"))),
            // The opponent's move (or the player's from before a reload), shown once the board is
            // still, as the AI's are.
            None => {
                let legal = self.state.game.legal_moves().contains(&m);
                if !legal {
                    self.effects.push(Effect::Log(format!("online move {m} is not legal on the board")));
                    return;
                }
                let mut after = self.state.game.clone();
                if after.play(m).is_err() || after.position() != &position {
                    self.effects.push(Effect::Log(format!("online move {m} gives another position")));
                    return;
                }
                if by == self.state.mode.human().unwrap_or(by.other()) {
                    self.state.game = after;
                    self.changed();
                } else {
                    self.held = Some(m);
                }
            }
        }
    }

    /// An outcome the players declared (a resignation, an agreed draw, a win on time) joins the
    /// game on the board; one that lapsed (a claim crossed by a move) leaves it.
    fn online_outcome(&mut self, outcome: Option<Outcome>) {
        if self.state.game.outcome() == outcome {
            return;
        }
        // The held move was played before the end the module reports: show it first.
        if let Some(m) = self.held.take() {
            let _ = self.state.game.play(m);
        }
        let Some(outcome) = outcome else {
            let mut replayed = Game::new(*self.state.game.start());
            for &m in self.state.game.moves() {
                let _ = replayed.play(m);
            }
            self.state.game = replayed;
            return self.changed();
        };
        let before = crate::ui::scene::scene(&self.state, &self.layout);
        let declared = match outcome {
            Outcome::Resigned { by } => self.state.game.resign(by),
            Outcome::DrawAgreed => self.state.game.agree_draw(),
            Outcome::WonOnTime { winner } => self.state.game.win_on_time(winner),
            // A board's end comes with its move.
            Outcome::Win { .. } | Outcome::DrawByRepetition => return,
        };
        if let Err(error) = declared {
            self.effects.push(Effect::Log(format!("online outcome refused: {error}")));
            return;
        }
        self.game_ended();
        self.effects.push(Effect::Announce(text::result(self.state.lang(), outcome, self.state.mode)));
        self.sound(sound::of_end(outcome, self.state.mode));
        self.after_move(Some(before), None);
    }
}
