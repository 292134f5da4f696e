//! What the online module tells the page that hosts it. The page mirrors the game (a deal, its
//! moves, a declared end) and shows the module's panel; every word and every button of online
//! play is the module's, in the page's language, so that the page's own download carries none of
//! it. [`Host`] turns the bridge's events into these lines.
//!
//! ```text
//! deal <your colour>⏎<record>             this game on the board, this page playing that colour
//! move <ply> <move> <position after>      a move added to the record
//! outcome <code|none>                     a declared end, or none (a claim that lapsed)
//! panel \t<link>\t<clock>\t<text>[\t<command>\t<label>]…   the strip: the friend's link (or nothing), the move's time left (or nothing), the words, the buttons
//! state <phase> <room|-> <colour|-> <here|away> <code|-> <move|wait> [clocks <red ms> <blue ms> <running|-> <increment ms>]
//!                                         for scripts, whether this page may move, and the game clocks
//! saved <text>                            to keep with the game, given back by `restore`
//! denied <code>                           a command of the page refused
//! say <text>                              words for the player at once (the opponent came, or came back, or said a phrase)
//!   ⏎phrases <wait|ready> <on|off>      the phrases to say, if any: whether they wait, the opponent's shown
//! ```
//!
//! A button's command is a bridge command line, which the page sends back as it is. A deal's
//! record follows on the lines after its first, in the rules core's record notation
//! (`Game::to_record`): the page reads it with the parser it has for its saves. Codes are words the
//! page passes on to scripts without reading them.

use crate::bridge::{Command, Phase, Reason, Report, Status};
use crate::game::Clocks;
use crate::protocol::{Phrase, Refusal, Token};
use onitama_core::rules::{Color, Game, Outcome};

mod lines;
mod panel;
mod phrases;

pub use lines::{Button, MAX_LINE_BYTES, Panel, PhrasePanel, ScriptState, ToPage};
pub use onitama_lang::Lang;
pub use phrases::{EN, ES, FA, FR, Phrases, phrases};

/// Something refused or lost, to tell the player until something else happens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Trouble {
    Refused(Refusal),
    /// A claim on time refused as early: this player's (true) or the opponent's.
    ClaimRefused(bool),
    /// This player's draw offer, refused by the opponent: one was declined lately.
    DrawTooSoon,
    Denied(Reason),
    Dropped(Refusal),
}

/// The online game the page asked for last.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Asked {
    /// A room of its own, to invite a friend to.
    #[default]
    Create,
    /// A friend's room, from their link.
    Join,
    /// A stranger.
    Find,
}

impl Asked {
    /// The online game a command of the page asks for, if it starts one: a game restored after a
    /// reload is asked as it was first, the host's as an invitation, a guest's as a join (a guest
    /// is never shown the inviter's link or words).
    pub fn of(command: &Command) -> Option<Asked> {
        match command {
            Command::Create(_) => Some(Asked::Create),
            Command::Join(_) => Some(Asked::Join),
            Command::Find(_) => Some(Asked::Find),
            Command::Restore(saved) if saved.host => Some(Asked::Create),
            Command::Restore(_) => Some(Asked::Join),
            _ => None,
        }
    }
}

/// What the page has been told, and what it will be told next: the bridge's events in, the
/// page's lines out.
#[derive(Clone, Debug, Default)]
pub struct Host {
    lang: Lang,
    status: Option<Status>,
    room: Option<Token>,
    asked: Asked,
    you: Option<Color>,
    /// The game as the page was told it.
    game: Option<Game>,
    opponent: bool,
    draw_offer: Option<Color>,
    rematch_offer: Option<Color>,
    /// This player's draw offer went unaccepted (declined, or answered with a move).
    draw_declined: bool,
    can_claim: bool,
    /// This player claimed the game on time and has not heard back.
    claimed: bool,
    /// This player's draw offer was declined lately: no offer again yet.
    draw_wait: bool,
    clock: Option<(Color, u32)>,
    clocks: Option<Clocks>,
    trouble: Option<Trouble>,
    /// The page came back from a reload: the opponent's first connection is a return.
    restored: bool,
    /// This page answered or took back a rematch offer: its end is not news.
    rematch_answered: bool,
    /// A rematch offer ended unaccepted: this player's declined (false), the opponent's
    /// withdrawn (true).
    rematch_off: Option<bool>,
    /// The opponent has been connected since this game was asked for.
    ever_here: bool,
    /// The opponent's arrival (false) or return (true), said until something else happens.
    news: Option<bool>,
    /// Phrases as the module last said: shown, this player may say one, the last heard.
    phrases: Option<crate::bridge::PhraseState>,
    /// The count of the opponent's last phrase told to the page (each is told once).
    heard_told: Option<u32>,
    /// This page said a phrase and has not heard back: a denial of it is no trouble to tell
    /// (the buttons wait; only a script says one too soon).
    said: bool,
    /// Why this page's last phrase was denied, for scripts (`online.error`).
    said_denied: Option<Reason>,
    panel: Option<Panel>,
    state: Option<ScriptState>,
    /// Whether this player may abort, or the game was aborted, as the module last said.
    abort: Option<crate::game::AbortState>,
    /// Takebacks as the module last said.
    takeback: Option<crate::game::TakebackState>,
    /// A takeback was accepted: said until the next move.
    taken_back: bool,
    /// How many watch the game, as the host counts them.
    watchers: u32,
    /// This page watches the game (a third browser with its link): its status said so once.
    spectator: bool,
}

impl Host {
    pub fn new(lang: Lang) -> Host {
        Host { lang, ..Host::default() }
    }

    /// The page's language changed: the panel again, in its words.
    pub fn set_lang(&mut self, lang: Lang) -> Vec<ToPage> {
        self.lang = lang;
        self.panel = None;
        self.tell(Vec::new())
    }

    /// A new online game was asked for: what was known is forgotten.
    pub fn asked(&mut self, asked: Asked) {
        *self = Host { lang: self.lang, asked, ..Host::default() };
    }

    /// A command of the page, before the module acts on it: one that starts online play
    /// (a restore included) starts the page's lines afresh.
    pub fn command(&mut self, command: &Command) {
        if let Some(asked) = Asked::of(command) {
            self.asked(asked);
            self.restored = matches!(command, Command::Restore(_));
        }
        if *command == Command::Claim {
            self.claimed = true;
        }
        self.said = matches!(command, Command::Say(_));
        if self.said {
            self.said_denied = None;
        }
        if matches!(command, Command::AcceptRematch | Command::DeclineRematch | Command::WithdrawRematch) {
            self.rematch_answered = true;
        }
    }

    /// One event of the bridge: the lines it makes for the page.
    pub fn event(&mut self, event: &Report) -> Vec<ToPage> {
        let mut lines = Vec::new();
        match event {
            Report::Status(status) => {
                self.status = Some(*status);
                self.spectator |= status.phase == Phase::Watching;
            }
            Report::Room(room) => self.room = Some(room.clone()),
            Report::Started { you, position, .. } => {
                (self.you, self.trouble, self.rematch_off) = (Some(*you), None, None);
                self.taken_back = false;
                self.game = Some(Game::new(*position));
                lines.push(ToPage::Deal { you: Some(*you), game: Game::new(*position) });
            }
            Report::Record(game) => {
                // A record shorter than the one shown, while a takeback was asked: taken back.
                let shorter = self.game.as_ref().is_some_and(|g| g.moves().len() > game.moves().len());
                if shorter && self.takeback.is_some_and(|t| t.asked_by.is_some()) {
                    self.taken_back = true;
                    lines.push(ToPage::Say(phrases(self.lang).taken_back.to_string()));
                }
                self.game = Some(game.clone());
                if self.you.is_some() || self.spectator {
                    lines.push(ToPage::Deal { you: self.you, game: game.clone() });
                }
            }
            Report::Move { ply, mv, position, .. } => {
                if let Some(game) = self.game.as_mut().filter(|g| g.moves().len() == *ply) {
                    let _ = game.play(*mv);
                }
                (self.trouble, self.draw_declined, self.news, self.claimed) = (None, false, None, false);
                self.taken_back = false;
                lines.push(ToPage::Move { ply: *ply, mv: *mv, position: *position });
            }
            Report::Outcome(outcome) => {
                self.claimed = false;
                if let Some(game) = self.game.as_mut() {
                    *game = match outcome {
                        Some(outcome) => {
                            let _ = crate::protocol::declare(game, *outcome);
                            game.clone()
                        }
                        // A claim that lapsed: the same moves, no declared end.
                        None => game.moves().iter().fold(Game::new(*game.start()), |mut replayed, &m| {
                            let _ = replayed.play(m);
                            replayed
                        }),
                    };
                }
                // A board's end reaches the page with its move; only a declared one is a line.
                if outcome.is_none_or(|o| Outcome::DECLARED.contains(&o)) {
                    lines.push(ToPage::Outcome(*outcome));
                }
            }
            Report::Offers { draw, rematch } => {
                self.news = None;
                let mine = self.draw_offer.is_some() && self.draw_offer == self.you;
                self.draw_declined = mine && draw.is_none() && !self.over();
                // An offer gone with the game still over (no new deal) and not by this page's doing.
                let gone = self.rematch_offer.filter(|_| rematch.is_none() && self.over() && !self.rematch_answered);
                self.rematch_off = gone.map(|by| Some(by) != self.you);
                self.rematch_answered = false;
                (self.draw_offer, self.rematch_offer) = (*draw, *rematch);
            }
            Report::CanClaim(can) => self.can_claim = *can,
            Report::DrawWait(wait) => self.draw_wait = *wait,
            Report::Clock(clock) => self.clock = *clock,
            Report::Clocks(clocks) => self.clocks = *clocks,
            Report::OpponentConnected(here) => {
                self.opponent = *here;
                self.news = None;
                // A watcher's host is no opponent: its coming is not news to announce.
                if *here && !self.spectator {
                    let back = self.ever_here || self.restored;
                    (self.ever_here, self.news) = (true, Some(back));
                    lines.push(ToPage::Say(self.news_words(back).to_string()));
                }
            }
            // A third browser turned away: the two players need not hear of it, and the third
            // hears it from its status.
            Report::Refused(Refusal::SeatTaken) | Report::Dropped(Refusal::SeatTaken) => {}
            Report::Refused(Refusal::PreviousDiverged) => {
                self.trouble = Some(Trouble::Refused(Refusal::PreviousDiverged));
                lines.push(ToPage::Say(phrases(self.lang).previous_diverged.to_string()));
            }
            // Whose clock disagreed: the opponent's with this player's claim, or this page's.
            Report::Refused(Refusal::TooEarly) => {
                self.trouble = Some(Trouble::ClaimRefused(std::mem::take(&mut self.claimed)));
                self.news = None;
            }
            // This player's draw offer, refused: its own words. The opponent's, refused here, is
            // nothing to bother this player with (honest pages cross like that).
            Report::Refused(Refusal::DrawTooSoon) => {
                if self.draw_offer.is_some() && self.draw_offer == self.you {
                    self.trouble = Some(Trouble::DrawTooSoon);
                }
            }
            // A page of another version: the status says it.
            Report::Refused(Refusal::OtherVersion) => {}
            Report::Refused(refusal) => self.trouble = Some(Trouble::Refused(*refusal)),
            Report::Denied(reason) if std::mem::take(&mut self.said) => {
                self.said_denied = Some(*reason);
                lines.push(ToPage::Denied(*reason));
            }
            // A move after this player's time ran out: taken back, the strip already says why.
            Report::Denied(Reason::Rule(Refusal::OutOfTime)) => {
                lines.push(ToPage::Denied(Reason::Rule(Refusal::OutOfTime)))
            }
            Report::Denied(reason) => {
                (self.rematch_answered, self.claimed) = (false, false);
                self.trouble = Some(Trouble::Denied(*reason));
                lines.push(ToPage::Denied(*reason));
            }
            Report::Dropped(refusal) => self.trouble = Some(Trouble::Dropped(*refusal)),
            Report::Saved(saved) => lines.push(ToPage::Saved(saved.to_text())),
            Report::Phrases { shown, may_say, heard } => {
                // Each of the opponent's phrases is said once (announced), in this page's words.
                if let Some((count, phrase)) = heard
                    && self.heard_told != Some(*count)
                {
                    self.heard_told = Some(*count);
                    lines.push(ToPage::Say(self.heard_words(*phrase)));
                }
                self.phrases = Some((*shown, *may_say, *heard));
            }
            Report::Abort(state) => {
                let newly = *state == crate::game::AbortState::Aborted && self.abort != Some(*state);
                // Said once, when it happens (not again on a reload's first words).
                if newly && self.abort.is_some() {
                    lines.push(ToPage::Say(phrases(self.lang).aborted.to_string()));
                }
                self.abort = Some(*state);
            }
            Report::Watchers(count) => self.watchers = *count,
            Report::Takeback(state) => {
                let theirs = state.asked_by.is_some_and(|by| Some(by) != self.you);
                if theirs && self.takeback.is_none_or(|t| t.asked_by != state.asked_by) {
                    lines.push(ToPage::Say(phrases(self.lang).takeback_offered.to_string()));
                }
                let declined = state.declined && self.takeback.is_some_and(|t| !t.declined);
                if declined {
                    lines.push(ToPage::Say(phrases(self.lang).takeback_declined.to_string()));
                }
                self.takeback = Some(*state);
            }
        }
        self.tell(lines)
    }

    /// Adds the panel and the state, when they changed.
    fn tell(&mut self, mut lines: Vec<ToPage>) -> Vec<ToPage> {
        let panel = self.panel_now();
        if self.panel.as_ref() != Some(&panel) {
            lines.push(ToPage::Panel(panel.clone()));
            self.panel = Some(panel);
        }
        let state = self.state_now();
        if self.state.as_ref() != Some(&state) {
            lines.push(ToPage::State(state.clone()));
            self.state = Some(state);
        }
        lines
    }

    fn news_words(&self, back: bool) -> &'static str {
        let words = phrases(self.lang);
        if back { words.returned } else { words.joined }
    }

    fn heard_words(&self, phrase: Phrase) -> String {
        let words = phrases(self.lang);
        let at = Phrase::ALL.iter().position(|&p| p == phrase).unwrap_or(0);
        words.heard.replace("{phrase}", words.phrase[at])
    }

    /// This player's game clock has run out while the game goes on (the opponent's claim is on
    /// its way): said instead of a refusal of the move the player may still try.
    fn out_of_time(&self) -> bool {
        let you = self.you.map(Color::index);
        self.clocks
            .is_some_and(|c| c.running.is_some_and(|r| Some(r.index()) == you) && you.is_some_and(|i| c.left[i] == 0))
    }

    fn dealt(&self) -> bool {
        self.game.is_some()
    }

    fn over(&self) -> bool {
        self.game.as_ref().is_some_and(|g| g.outcome().is_some()) || self.aborted()
    }

    /// The game was aborted: over, with no result.
    fn aborted(&self) -> bool {
        self.dealt() && self.abort == Some(crate::game::AbortState::Aborted)
    }

    fn playing(&self) -> bool {
        self.dealt() && !self.over() && self.status.is_some_and(|s| s.phase == Phase::Playing)
    }
}
