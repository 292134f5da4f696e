//! Online play in the session. What the player does becomes a command for the online module
//! (`Effect::Online`); what the module says (`Event::Online`, `crate::online::host`'s lines)
//! puts its game on the board, which mirrors the module's: the module has checked every move
//! with the rules core already, and the page checks them again as it plays them.

use super::{Effect, Session};
use crate::mode::Mode;
use crate::online::bridge::{self, Command, Phase, room_of_link};
use crate::online::host::{Button, Panel, ScriptState, ToPage};
use crate::online::{Saved, Token};
use crate::rules::{Color, Game, Move, Outcome, Position};
use crate::ui::features::Features;
use crate::ui::intent::OnlineAction;
use crate::ui::online::OnlineState;
use crate::ui::sound;
use crate::ui::text;

/// The card pool strangers are paired by: players with the same cards meet.
fn base_pool() -> Token {
    Token::new("base").unwrap_or_else(|| unreachable!("a word of the token alphabet"))
}

impl Session {
    pub(super) fn online_action(&mut self, action: OnlineAction) {
        // Online play is the whole page's: a first visit asks for it first (`Intent::opens_features`),
        // and leaves this code out of its download.
        if Features::here().is_none() {
            return;
        }
        let command = match action {
            OnlineAction::Invite(setup) => self.online_start(Command::Create(setup)),
            OnlineAction::Join(text) => match room_of_link(&text) {
                // The link of the game this page is in already (pasted again): nothing to do.
                Some(room) if self.in_room(&room) => return,
                Some(room) => self.online_start(Command::Join(room)),
                // Told, and the game in progress stays.
                None => {
                    self.state.notice = Some(crate::ui::notice::Notice::OnlineLinkBroken(Features::present()));
                    self.refresh_controls();
                    return;
                }
            },
            OnlineAction::Find => self.online_start(Command::Find(base_pool())),
            // A new invitation from the panel (after a link nobody answered): as from the menu.
            OnlineAction::Press(_, command @ Command::Create(_)) => self.online_start(command),
            // Leaving stops online play here at once; the module is told.
            OnlineAction::Press(_, Command::Leave) => {
                let stopped = self.state.online.as_ref().is_some_and(|online| online.stopped);
                self.leave_online();
                // A saved game that did not read is played on here, as a reload reads an online
                // game without its seat (and saved so, so that a reload does not stop it again).
                if stopped && matches!(self.state.mode, Mode::Online { .. }) {
                    self.start_game(self.state.game_line().into(), Mode::PassAndPlay { turn_board: false });
                }
                self.refresh_controls();
                return;
            }
            OnlineAction::Press(_, command) => {
                // A phrase said closes the phrases.
                if matches!(command, Command::Say(_)) {
                    self.close_dialog(|open| matches!(open, crate::ui::dialog::Dialog::Phrases(_)));
                }
                command
            }
        };
        if self.state.online.is_none() {
            self.effects.push(Effect::Log("no online game to act in".to_string()));
            return;
        }
        self.effects.push(Effect::Online(command));
        self.refresh_controls();
    }

    /// Whether this page is in `room`'s online game already.
    pub(super) fn in_room(&self, room: &crate::online::Token) -> bool {
        self.state.online.as_ref().and_then(|o| o.script.as_ref()?.room.as_ref()) == Some(room)
    }

    /// A new online game asked for: any earlier one is left first; the module hears the page's
    /// language before the command.
    fn online_start(&mut self, command: Command) -> Command {
        self.leave_online();
        // Nothing is played on the board under online play while it waits for its game: a
        // search of the AI's begun before is stopped, and a move it held is dropped.
        self.cancel_search();
        self.state.ai.held = None;
        // Until the module speaks (it may have to be fetched first), the page's own words.
        let t = &self.state.texts();
        let panel = Panel {
            link: None,
            clock: None,
            text: t.html("online-opening").unwrap_or_default().to_string(),
            buttons: vec![Button { command: Command::Leave, label: t.html("cancel").unwrap_or_default().to_string() }],
            phrases: None,
        };
        // The room joined by its link: a page the host takes as a watcher keeps it for a reload.
        let joined = match &command {
            Command::Join(room) => Some(room.clone()),
            _ => None,
        };
        self.state.online = Some(OnlineState { panel, joined, ..OnlineState::default() });
        self.effects.push(Effect::Online(Command::Lang(self.state.lang())));
        command
    }

    pub(super) fn send_online(&mut self, command: Command) {
        self.effects.push(Effect::Online(command));
    }

    /// After a reload: the online game saved with the page goes on where it was.
    pub(super) fn restore_online(&mut self) {
        // A first visit has no online play (`crate::ui::features`): the reading of a saved game
        // stays out of its download.
        if Features::here().is_none() {
            return;
        }
        let saved = self.state.online.as_ref().and_then(|online| online.saved.clone());
        let Some(saved) = saved.filter(|_| matches!(self.state.mode, Mode::Online { .. })) else { return };
        // A watcher has no seat to restore: it joins the room again, and the host takes it again.
        if let Some(room) = crate::ui::online::watched_room(&saved) {
            if let Some(online) = self.state.online.as_mut() {
                online.joined = Some(room.clone());
            }
            self.effects.push(Effect::Online(Command::Lang(self.state.lang())));
            self.effects.push(Effect::Online(Command::Join(room)));
            return;
        }
        match Saved::from_text(&saved) {
            Ok(saved) => {
                self.effects.push(Effect::Online(Command::Lang(self.state.lang())));
                self.effects.push(Effect::Online(Command::Restore(Box::new(saved))));
            }
            // Only a save changed by hand reads so: the strip says it, with the way out.
            Err(refusal) => {
                self.effects.push(Effect::Log(format!("the saved online game does not read ({})", refusal.code())));
                let text = self.state.texts().html("online-unreadable").unwrap_or_default().to_string();
                let leave = crate::online::host::phrases(self.state.lang()).leave;
                self.online_stopped(&text, leave, bridge::Reason::Rule(refusal));
            }
        }
    }

    /// The module speaks the page's language.
    pub(super) fn online_language(&mut self) {
        if self.state.online.is_some() {
            self.effects.push(Effect::Online(Command::Lang(self.state.lang())));
        }
    }

    /// Out of online play (the module is told, if it ever played); an online game on the board
    /// stays there as it is, its moves no longer played.
    pub(super) fn leave_online(&mut self) {
        if self.state.online.take().is_some_and(|online| !online.stopped) {
            self.send_online(Command::Leave);
        }
    }

    /// The player's own move, just played on the board: the module sends it to the opponent.
    pub(super) fn online_moved(&mut self, m: Move, ply: usize) {
        if let Some(online) = self.state.online.as_mut() {
            online.pending = Some(ply);
        }
        self.effects.push(Effect::Online(Command::Play(m)));
    }

    /// What the online module said.
    pub(super) fn online_said(&mut self, said: ToPage) {
        // Once left, the module's last words are not for this page.
        let Some(online) = self.state.online.as_mut() else { return };
        match said {
            ToPage::Panel(panel) => {
                let offered = panel.phrases.is_some();
                online.panel = panel;
                // The phrases close when they are no longer offered (the opponent left).
                if !offered {
                    self.close_dialog(|open| matches!(open, crate::ui::dialog::Dialog::Phrases(_)));
                }
            }
            ToPage::State(script) => {
                // The player's own clock going under ten seconds is heard once (and seen: the
                // clock turns red; screen readers are not told every second).
                let low = |s: Option<&ScriptState>| {
                    s.and_then(|s| Some(s.clocks?.left[s.you?.index()] < crate::ui::scene::LOW_TIME_MS))
                };
                let warn = low(online.script.as_ref()) == Some(false) && low(Some(&script)) == Some(true);
                online.script = Some(script);
                if warn {
                    self.sound(crate::ui::sound::Sound::LowTime);
                }
            }
            // A move the module would not send is taken back (its panel says why).
            ToPage::Denied(_) => {
                if let Some(ply) = online.pending.take()
                    && self.state.game_line().moves().len() == ply + 1
                {
                    self.state.board.history.take_back();
                    self.state.board.anim = None;
                    self.changed();
                }
            }
            ToPage::Deal { you, game } => {
                online.pending = None;
                // A watcher's save keeps the room (the module keeps nothing for it).
                if you.is_none() {
                    online.saved = online.joined.as_ref().map(crate::ui::online::watching_text);
                }
                self.online_dealt(you, game);
            }
            // Only a game the module dealt is played online: the game under an invitation is not.
            ToPage::Move { .. } | ToPage::Outcome(_) if !matches!(self.state.mode, Mode::Online { .. }) => {
                self.effects.push(Effect::Log("online: no game dealt to move in".to_string()));
            }
            ToPage::Move { ply, mv, position } => self.online_move(ply, mv, position),
            ToPage::Outcome(outcome) => self.online_outcome(outcome),
            ToPage::Say(text) => self.effects.push(Effect::Announce(text)),
            ToPage::Saved(text) => {
                online.saved = Some(text);
                self.wants.save = true;
            }
        }
        self.refresh_controls();
        self.redraw();
    }

    /// The module could not be fetched: the page says so in its own words (the module's are
    /// in it), with the way out.
    pub(super) fn online_unavailable(&mut self) {
        let texts = self.state.texts();
        let (text, cancel) = (texts.html("online-unavailable"), texts.html("cancel"));
        let (text, cancel) = (text.unwrap_or_default().to_string(), cancel.unwrap_or_default().to_string());
        self.online_stopped(&text, &cancel, bridge::Reason::Unreachable);
    }

    /// Online play stopped before the module could play: the strip says why in the page's words,
    /// with one way out (leaving), and nothing is played meanwhile.
    fn online_stopped(&mut self, text: &str, leave: &str, why: bridge::Reason) {
        let you = self.state.mode.online_seat();
        let Some(online) = self.state.online.as_mut() else { return };
        online.stopped = true;
        online.panel = Panel {
            link: None,
            clock: None,
            text: text.to_string(),
            buttons: vec![Button { command: Command::Leave, label: leave.to_string() }],
            phrases: None,
        };
        online.script = Some(ScriptState {
            phase: Phase::Error,
            room: None,
            you,
            opponent_connected: false,
            error: Some(why),
            may_move: false,
            clocks: None,
            watchers: 0,
        });
        // A move sent to nobody is taken back.
        if let Some(ply) = online.pending.take()
            && self.state.game_line().moves().len() == ply + 1
        {
            self.state.board.history.take_back();
        }
        self.refresh_controls();
        self.redraw();
    }

    /// A game dealt (or a record adopted after a reconnect) goes on the board, facing `you`; with
    /// no colour, the game this page watches, read-only.
    fn online_dealt(&mut self, you: Option<Color>, game: Game) {
        let mode = Mode::Online { you };
        let line = self.state.game_line();
        let same = self.state.mode == mode
            && line.start() == game.start()
            && line.moves() == game.moves()
            && line.outcome() == game.outcome();
        if !same {
            // A game of the player's own in progress waits aside, as for a puzzle.
            if !matches!(self.state.mode, Mode::Online { .. }) {
                self.put_aside();
            }
            self.start_game(game.into(), mode);
        }
    }

    fn online_move(&mut self, ply: usize, m: Move, position: Position) {
        // A watcher hears both sides: the next move may come before the last one was shown.
        if ply == self.state.game().moves().len() + 1
            && let Some(held) = self.state.ai.held.take()
        {
            self.play(held);
        }
        // The game as played: while the player looks back, the board stays where they look.
        let line = self.state.game_line();
        let played = line.moves();
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
                let mut after = line.clone();
                if after.play(m).is_err() || after.position() != &position {
                    self.effects.push(Effect::Log(format!("online move {m} is not what the board allows")));
                    return;
                }
                if self.state.board.history.looking_back() || self.state.mode.is_human(line.position().to_move()) {
                    let _ = self.state.board.history.play_at_end(m);
                    self.changed();
                } else {
                    self.state.ai.held = Some(m);
                }
            }
        }
    }

    /// An outcome the players declared (a resignation, an agreed draw, a win on time) joins the
    /// game on the board; one that lapsed (a claim crossed by a move) leaves it.
    pub(super) fn online_outcome(&mut self, outcome: Option<Outcome>) {
        if self.state.game_line().outcome() == outcome {
            return;
        }
        // The held move was played before the end the module reports: show it first.
        if let Some(m) = self.state.ai.held.take() {
            let _ = self.state.board.history.play(m);
        }
        let Some(outcome) = outcome else {
            self.state.board.history.undeclare();
            return self.changed();
        };
        let before = crate::ui::scene::scene(&self.state, &self.layout);
        let declared = match outcome {
            Outcome::Resigned { by } => self.state.board.history.resign(by),
            Outcome::DrawAgreed => self.state.board.history.agree_draw(),
            Outcome::WonOnTime { winner } => self.state.board.history.win_on_time(winner),
            // A board's end comes with its move.
            Outcome::Win { .. } | Outcome::DrawByRepetition => return,
        };
        if let Err(error) = declared {
            self.effects.push(Effect::Log(format!("online outcome refused: {error}")));
            return;
        }
        self.game_ended();
        self.effects.push(Effect::Announce(text::result(&self.state.texts(), outcome, self.state.mode)));
        self.sound(sound::of_end(outcome, self.state.mode));
        self.after_move(Some(before), None);
    }
}
