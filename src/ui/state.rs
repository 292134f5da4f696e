//! The page's state: the game, how it is played, the page's own (`Page`: settings, texts, record),
//! what is selected, what the AI is doing and what is moving. Everything drawn is derived from it; every rule question
//! goes to `crate::rules`.

use super::ai_state::Ai;
pub use super::ai_state::{Evaluation, Purpose, Thinking};
use super::analysis::AnalysisRun;
pub use super::board_state::{Board, BoardFocus, Drag};
use super::dialog::{Dialog, Question, RecordsMessage};
use super::history::History;
pub use super::notice::Notice;
use super::online::OnlineState;
pub use super::page::{Emblems, Page};
use super::puzzle::{PuzzleRun, Status as PuzzleStatus};
use super::review::Review;
use super::settings::{Settings, Theme};
use super::text::{Lang, Texts, TextsFile};
use super::tutorial::TutorialRun;
use crate::ai::Score;
use crate::rules::{Card, Color, Game, Move, Position};
pub use crate::save::AsideGame;

pub use crate::mode::Mode;

#[derive(Clone, Debug)]
pub struct State {
    /// The game's history, and what the player has chosen and sees moving on it.
    pub board: Board,
    /// Who plays which side.
    pub mode: Mode,
    /// What the page knows apart from the game on the board: it stays when a new game starts.
    pub page: Page,
    /// What the board is doing: a game, a puzzle, a review, the tutorial or the analysis board.
    pub activity: Activity,
    /// The player's game in progress, put aside while a puzzle, another game's review or an
    /// opened record is on the board.
    pub aside: Option<AsideGame>,
    /// Online play, from when it is asked for until it is left.
    pub online: Option<OnlineState>,
    /// The AI's search, judgement and pace.
    pub ai: Ai,
    /// The question that waits for the player's yes (to resign, to leave an online game, to
    /// abandon a game).
    pub question: Option<Question>,
    pub notice: Option<Notice>,
}

/// What the board is doing, one thing at a time, each holding only what it needs. Every
/// activity but a game holds a `Features` token: the first visit's build has only games.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Activity {
    /// A game: against the AI, pass and play, the AI playing itself or online (the mode says which).
    #[default]
    Play,
    /// A puzzle: the game on the board is its line.
    Puzzle(PuzzleRun),
    /// A game's review, while it runs and after, until closed.
    Review(Review),
    /// The tutorial's steps.
    Tutorial(TutorialRun),
    /// The analysis board: the engine's best lines of the position shown.
    Analysis(AnalysisRun),
}

impl Activity {
    pub fn puzzle(&self) -> Option<PuzzleRun> {
        match self {
            Activity::Puzzle(run) => Some(*run),
            _ => None,
        }
    }

    pub fn review(&self) -> Option<&Review> {
        match self {
            Activity::Review(review) => Some(review),
            _ => None,
        }
    }

    pub fn tutorial(&self) -> Option<TutorialRun> {
        match self {
            Activity::Tutorial(run) => Some(*run),
            _ => None,
        }
    }

    pub fn analysis(&self) -> Option<&AnalysisRun> {
        match self {
            Activity::Analysis(run) => Some(run),
            _ => None,
        }
    }
}

impl State {
    /// The analysis board, if the board's activity is one.
    pub fn analysis(&self) -> Option<&AnalysisRun> {
        self.activity.analysis()
    }

    /// The position being set up on the analysis board, if it is.
    pub fn setup_editor(&self) -> Option<&super::setup::SetupEditor> {
        self.analysis()?.setup.as_ref()
    }

    pub fn analysis_mut(&mut self) -> Option<&mut AnalysisRun> {
        match &mut self.activity {
            Activity::Analysis(run) => Some(run),
            _ => None,
        }
    }

    /// The puzzle being played, if the board's activity is one.
    pub fn puzzle(&self) -> Option<PuzzleRun> {
        self.activity.puzzle()
    }

    pub fn puzzle_mut(&mut self) -> Option<&mut PuzzleRun> {
        match &mut self.activity {
            Activity::Puzzle(run) => Some(run),
            _ => None,
        }
    }

    /// The review, if the board's activity is one.
    pub fn review(&self) -> Option<&Review> {
        self.activity.review()
    }

    pub fn review_mut(&mut self) -> Option<&mut Review> {
        match &mut self.activity {
            Activity::Review(review) => Some(review),
            _ => None,
        }
    }

    /// Where the player is in the tutorial, if it is on the board.
    pub fn tutorial(&self) -> Option<TutorialRun> {
        self.activity.tutorial()
    }

    pub fn tutorial_mut(&mut self) -> Option<&mut TutorialRun> {
        match &mut self.activity {
            Activity::Tutorial(run) => Some(run),
            _ => None,
        }
    }

    pub fn new(history: impl Into<History>, mode: Mode, settings: Settings, reduced_motion: bool, seed: u64) -> State {
        State::on(Page::new(settings, reduced_motion, seed), history.into(), mode)
    }

    /// A new game on `page`, with nothing selected, searched or shown over it.
    pub fn on(page: Page, history: History, mode: Mode) -> State {
        State {
            board: Board::new(history),
            mode,
            page,
            activity: Activity::Play,
            aside: None,
            online: None,
            ai: Ai::default(),
            question: None,
            notice: None,
        }
    }

    /// The path data of an expansion card's emblem, once its file is here (a base card's is
    /// `emblems::emblem`).
    pub fn expansion_emblem(&self, card: Card) -> Option<&str> {
        match &self.page.expansion_emblems {
            Emblems::Here(paths) => {
                paths.get(card.index().checked_sub(super::expansion_emblems::FIRST)?).map(String::as_str)
            }
            _ => None,
        }
    }

    /// Whether the page is drawn in dark colours.
    pub fn dark(&self) -> bool {
        match self.page.settings.theme {
            Theme::System => self.page.system_dark,
            Theme::Light => false,
            Theme::Dark => true,
        }
    }

    /// Letters and digits along the board: as set, and always in a puzzle or a review, whose
    /// texts name squares.
    pub fn shows_coordinates(&self) -> bool {
        self.page.settings.coordinates || self.puzzle().is_some() || self.review().is_some()
    }

    pub fn lang(&self) -> Lang {
        self.page.settings.language
    }

    /// The game at the move the board is at.
    pub fn game(&self) -> &Game {
        self.board.history.game()
    }

    pub fn position(&self) -> &Position {
        self.game().position()
    }

    /// The colour drawn at the bottom. In pass and play the board faces whoever moves, and once
    /// the game is over it stays facing the side that made the last move.
    pub fn bottom(&self) -> Color {
        if let Some(editor) = self.setup_editor() {
            return editor.bottom();
        }
        match self.mode {
            Mode::VsAi { human, .. } | Mode::Online { you: Some(human) } => human,
            _ if self.mode.turns_board() => match self.game().outcome() {
                Some(_) if !self.game().moves().is_empty() => self.position().to_move().other(),
                _ => self.position().to_move(),
            },
            // A watcher of an online game sees it as the record is written, from Red's side
            // (the host's colour is not told; the board stays put between rematches).
            Mode::PassAndPlay { .. } | Mode::Watch { .. } | Mode::Online { you: None } => Color::Red,
        }
    }

    /// Whether a person is to move now (and the game is on); online, only while the other
    /// browser is there to receive the move.
    pub fn human_to_move(&self) -> bool {
        !self.board.history.looking_back()
            && self.review().is_none()
            && self.setup_editor().is_none()
            && self.puzzle().is_none_or(|p| p.status == PuzzleStatus::Playing && !p.shown)
            && self.game().outcome().is_none()
            && self.mode.is_human(self.position().to_move())
            && (!matches!(self.mode, Mode::Online { .. }) || self.online.as_ref().is_some_and(OnlineState::may_move))
            && !self.waits_for_online_game()
    }

    /// Whether online play is open and no online game is on the board yet (the host waits for
    /// the friend, a guest for the host's deal, or online play stopped before a game): the game
    /// under it is not played, by the AI or by the player, until online play deals or is left.
    pub fn waits_for_online_game(&self) -> bool {
        self.online.is_some() && !matches!(self.mode, Mode::Online { .. })
    }

    /// Who may resign now, if anyone: against the AI the person (also while the AI thinks), in
    /// pass and play the side to move, online the player here while the game is on. Not once the
    /// game is over, in a puzzle, when the AI plays itself, while looking back or in a review, nor
    /// while online play waits for its game (the game under it is not played meanwhile).
    pub fn resigner(&self) -> Option<Color> {
        if self.board.history.looking_back()
            || self.review().is_some()
            || self.puzzle().is_some()
            || self.tutorial().is_some()
            || self.analysis().is_some()
            || self.game().outcome().is_some()
            || self.waits_for_online_game()
        {
            return None;
        }
        match self.mode {
            Mode::VsAi { human, .. } => Some(human),
            Mode::PassAndPlay { .. } => Some(self.position().to_move()),
            Mode::Watch { .. } | Mode::Online { you: None } => None,
            // Before each side has moved once, an online game is aborted, not resigned.
            Mode::Online { you: Some(you) } => self
                .online
                .as_ref()
                .filter(|o| o.playing() && self.game().moves().len() >= crate::online::game::ABORT_PLIES)
                .map(|_| you),
        }
    }

    /// Whether the game was ended by a player's word (a resignation, an agreed draw, a win on
    /// time): that is final, as the confirmation says, so Undo and Redo do not take it back.
    /// Looking back at such a game (or reviewing it), nothing plays on from an earlier move.
    pub fn ended_by_word(&self) -> bool {
        self.game_line().outcome().is_some_and(|outcome| outcome.is_declared())
    }

    /// Whether a new game would end a game the player has moved in and not finished: the game
    /// on the board (not a puzzle, the tutorial or an online game, which have their own ways out),
    /// or the game put aside.
    pub fn game_at_stake(&self) -> bool {
        let on_board = self.puzzle().is_none()
            && self.tutorial().is_none()
            && self.analysis().is_none()
            && !matches!(self.mode, Mode::Online { .. })
            && moved_in(&self.game_line(), self.mode, self.board.history.received());
        on_board || self.aside.as_ref().is_some_and(|aside| in_progress(&aside.game, aside.mode, 0))
    }

    /// Whether the AI should be searching for its move now (it waits while a review is open or
    /// online play waits for its game; in the tutorial the opponent's moves are the step's own).
    pub fn ai_to_move(&self) -> bool {
        !self.board.history.looking_back()
            && self.review().is_none()
            && self.tutorial().is_none()
            && self.game().outcome().is_none()
            && self.mode.is_ai(self.position().to_move())
            && !self.waits_for_online_game()
    }

    /// The whole line of the game, also while looking back at an earlier move or at the
    /// engine's line in a review; on the analysis board, the line explored to its end.
    pub fn game_line(&self) -> Game {
        if let Some(game) = self.board.history.waiting_game() {
            return game.clone();
        }
        if self.analysis().is_some() {
            return self.line_to_end();
        }
        self.board.history.played()
    }

    /// The link that opens the game's whole line for a friend, with how it was played (not for a
    /// puzzle's or the tutorial's line, which no one played against the AI's level); on the
    /// analysis board, the link that opens it on the line explored.
    pub fn link(&self) -> String {
        if self.analysis().is_some() {
            return crate::save::analysis_fragment(&self.game_line());
        }
        let played = self.puzzle().is_none() && self.tutorial().is_none();
        crate::save::link_fragment(&self.game_line(), played.then_some(self.mode))
    }

    /// The game shown, played on to the end of what can be redone (in a review's engine line, to
    /// the line's end).
    pub fn line_to_end(&self) -> Game {
        self.board.history.whole().clone()
    }

    /// The last move played, to keep it marked.
    pub fn last_move(&self) -> Option<Move> {
        self.game().moves().last().copied()
    }

    /// Which card lies in which hand slot: a card taken in fills the slot of the card given up,
    /// so cards keep their places as they rotate.
    pub fn hand_slots(&self) -> [[Card; 2]; 2] {
        hand_slots(self.game())
    }

    /// The current position's evaluation as Red sees it, if the AI has given one, and whether it
    /// comes from the exact tables.
    pub fn evaluation_for_red(&self) -> Option<(Score, bool)> {
        let e = self.ai.evaluation.filter(|e| e.position == *self.position())?;
        Some((if e.position.to_move() == Color::Red { e.score } else { e.score.negate() }, e.exact))
    }

    /// The current position's evaluation for its side to move, if the AI has given one.
    pub fn evaluation(&self) -> Option<Score> {
        self.ai.evaluation.filter(|e| e.position == *self.position()).map(|e| e.score)
    }

    pub fn clear_selection(&mut self) {
        self.board.clear_selection();
    }

    /// Whether the result banner is up: not over a review, whose lines may end games never
    /// played, nor in a puzzle, which says how it ended in its own words, nor on the analysis
    /// board, whose panel says the game is over in the position shown.
    pub fn shows_result(&self) -> bool {
        self.game().outcome().is_some()
            && !self.board.end.banner_closed
            && self.review().is_none()
            && self.puzzle().is_none()
            && self.tutorial().is_none()
            && self.analysis().is_none()
    }

    /// The move marked on the board: the hint asked for, or the move the tutorial's step asks for.
    pub fn hinted(&self) -> Option<Move> {
        let asked = self.tutorial().filter(|run| !run.done).and_then(|run| run.current().shown());
        self.board.hint.or(asked)
    }

    /// The texts in the page's language.
    pub fn texts(&self) -> Texts<'_> {
        self.page.texts.texts(self.lang())
    }

    /// The texts files the page needs and has not asked for: the page texts of a language
    /// chosen, the error texts of the page's language while an error is shown in it, the
    /// tutorial's in the page's language while it is on the board, and the rules in it while
    /// they are open.
    pub fn texts_needed(&self) -> Vec<TextsFile> {
        let (lang, mut needed) = (self.lang(), Vec::new());
        if let Some(chosen) = self.page.texts.chosen.filter(|&chosen| !self.page.texts.has_page(chosen)) {
            needed.push(TextsFile::Page(chosen));
        }
        if !self.page.texts.has_errors(lang) && self.shows_error() {
            needed.push(TextsFile::Errors(lang));
        }
        if self.tutorial().is_some() && self.tutorial_file().is_none() {
            needed.push(TextsFile::Tutorial(lang));
        }
        if matches!(self.page.dialog, Some(Dialog::Rules)) && self.page.texts.rules(lang).is_none() {
            needed.push(TextsFile::Rules(lang));
        }
        needed.retain(|&file| !self.page.texts.asked(file));
        needed
    }

    /// Whether the page shows an error of the rules or the save format (`error_text`).
    fn shows_error(&self) -> bool {
        matches!(self.notice, Some(Notice::SaveUnreadable(_) | Notice::LinkBroken(_)))
            || matches!(
                self.page.dialog.as_ref().and_then(Dialog::records).and_then(|records| records.message.as_ref()),
                Some(RecordsMessage::Unreadable(_))
            )
            || self
                .setup_editor()
                .is_some_and(|editor| matches!(editor.refusal, Some(super::setup::SetupRefusal::Invalid(_))))
    }

    /// The tutorial's texts in the page's language: `Some(None)` if they could not be had, `None`
    /// while they come.
    pub fn tutorial_file(&self) -> Option<Option<&str>> {
        self.page.texts.tutorial(self.lang())
    }
}

/// Whether a person has moved in `game`, played in `mode`, after its first `received` moves
/// (those that came with it, in a link or a record), and it is not over: a deal where only the AI
/// has moved is not, nor a friend's game looked at.
pub fn moved_in(game: &Game, mode: Mode, received: usize) -> bool {
    let moves = game.positions().iter().zip(game.moves()).skip(received);
    game.outcome().is_none() && moves.clone().any(|(p, _)| mode.is_human(p.to_move()))
}

/// Whether `game` is worth putting aside to come back to: moved in, or a game of the AI against
/// itself that has begun.
pub fn in_progress(game: &Game, mode: Mode, received: usize) -> bool {
    let watched = matches!(mode, Mode::Watch { .. }) && game.moves().len() > received && game.outcome().is_none();
    moved_in(game, mode, received) || watched
}

pub fn hand_slots(game: &Game) -> [[Card; 2]; 2] {
    let start = game.start();
    let mut slots = [start.hand(Color::Red).pair(), start.hand(Color::Blue).pair()];
    for (position, m) in game.positions().iter().zip(game.moves()) {
        let hand = &mut slots[position.to_move().index()];
        if let Some(slot) = hand.iter_mut().find(|card| **card == m.card()) {
            *slot = position.side_card();
        }
    }
    slots
}
