//! What the controls around the canvas show, decided from the state: which buttons are enabled,
//! which panels and strips are up and with what words, the move list with its marks, the
//! evaluation bar, the review's graph, and what the new-game dialog and the records list offer.
//! The shell writes exactly this into the page; `game_state()` hands the same view to scripts.

use super::deck::{self, PackState};
use super::dialog::{Dialog, NewGameRefused, Question, Records, RecordsMessage};
use super::features::Features;
use super::new_game_form::{self, NewGameFields, NewGameForm, NewGameRows};
use super::online::OnlineState;
use super::scene::{CardPicture, Emphasis};
use super::settings::WatchSpeed;
use super::standings::Tally;
use super::state::State;
use super::text::{self, Lang, Texts};
use super::tutorial::TutorialRun;
use crate::mode::{AiLevel, Mode};
use crate::rules::{CardSet, Color, Pack};
use serde::Serialize;

mod analysis;
mod moves;
mod puzzle_list;
mod review;
mod rules;

use analysis::analysis_panel;
pub use analysis::{AnalysisLine, AnalysisPanel};
use moves::move_rows;
pub use moves::{MoveMark, MoveRow};
pub use puzzle_list::{PuzzleList, PuzzleListRow, puzzle_list};
pub use review::{EvaluationBar, GraphMark, ReviewGraph, ReviewPanel};
use review::{evaluation_bar, review_panel};
pub use rules::{GridCell, RulesView, card_grid, rules};

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ControlsView {
    /// The page is drawn in dark colours.
    pub dark: bool,
    /// The menu is open, and the move list's sheet.
    pub menu: bool,
    pub moves_sheet: bool,
    /// The position in words, for screen readers.
    pub board_description: String,
    /// Who plays (or the puzzle's task), and at the start why this side begins.
    pub mode_line: String,
    pub notice: Option<String>,
    pub undo: bool,
    pub redo: bool,
    pub hint: bool,
    /// The game's moves (or, in a review's engine line, that line's).
    pub moves: Vec<MoveRow>,
    /// The bar, when it is shown.
    pub evaluation: Option<EvaluationBar>,
    pub review: Option<ReviewPanel>,
    /// The analysis board's panel: the engine's best lines.
    pub analysis: Option<AnalysisPanel>,
    /// A position being set up on the analysis board (`super::setup_panel`). Not a field of the
    /// first visit's build: a `Features` token would leave out the code that shows it, but not
    /// the copying and dropping of a view that holds it.
    #[cfg(not(feature = "first-visit"))]
    pub setup: Option<super::setup_panel::SetupPanel>,
    /// The analysis board's button that opens the editor: its words.
    pub setup_opener: Option<&'static str>,
    /// The puzzle's ending, once it has one.
    pub puzzle_end: Option<String>,
    /// Looking back at an earlier move (outside a review): the strip's words.
    pub viewing: Option<String>,
    /// The result banner, while it is up.
    pub result: Option<ResultBanner>,
    /// Resign is offered: the confirmation's words (who would win, and that the game is kept).
    pub resign: Option<String>,
    /// The resignation is asked now: Resign was pressed, or another game was asked for while an
    /// online game goes on.
    pub resign_asked: bool,
    /// Whether to abandon the game in progress is asked now: a new game was asked for in its place.
    pub abandon_asked: bool,
    /// Looking back, "Continue from here" is offered: not in a game ended by a player's word.
    pub continue_here: bool,
    /// "Analyse" is offered at the game's end, looking back and in a review (the whole page's;
    /// not online while the game goes on, nor on the analysis board or in the tutorial).
    pub analyse: bool,
    /// The ◀ and ▶ buttons by the moves: whether a step back, or on, can be made.
    pub step_back: bool,
    pub step_on: bool,
    /// What the Records dialog says under its buttons (empty: nothing).
    pub records_message: String,
    /// The Records dialog, while it is open.
    #[serde(skip)]
    pub records: Option<RecordsView>,
    /// The final position is shown without its banner (closed, or a review closed): the game's
    /// end actions stay at hand in a strip.
    pub game_over: Option<GameOverStrip>,
    /// The menu's switches.
    pub settings: SettingsView,
    /// How many puzzles are solved, once the set is known.
    pub puzzles_solved: Option<String>,
    /// "Back to my game" is offered: the player's game is aside.
    pub back_to_my_game: bool,
    /// While the AI plays itself: whether it is paused, and how fast it plays.
    pub watch: Option<WatchControls>,
    /// "Show the solution" is offered (a puzzle played or failed, its solution not shown).
    pub show_solution: bool,
    /// The list of puzzles, while it is open.
    pub puzzle_list: Option<PuzzleList>,
    /// The Rules dialog, while it is open (scripts read the page's own elements).
    #[serde(skip)]
    pub rules: Option<RulesView>,
    /// The tutorial's panel, while the tutorial is on.
    pub tutorial: Option<TutorialPanel>,
    /// The tutorial is offered in the strip (a first visit, nothing played yet).
    pub tutorial_offer: bool,
    /// Online play, from when it is asked for until it is left.
    pub online: Option<OnlineView>,
    /// The new-game dialog's switches of the cards dealt from (scripts read `cards_enabled`).
    #[serde(skip)]
    pub deck: DeckView,
    /// The New game dialog, while it is open.
    #[serde(skip)]
    pub new_game: Option<NewGameView>,
}

/// Online play's strip, as the online module wrote it: its words, the friend's link and its
/// buttons, each a command for the module.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OnlineView {
    pub text: String,
    /// The friend's link, as a fragment of the page's address (`#online=<room>`).
    pub link: Option<String>,
    /// The time left for the move awaited, under a move limit.
    pub clock: Option<String>,
    /// Each button's command for the module, and its words (the first opens the phrases, when
    /// they are offered).
    pub buttons: Vec<(String, String)>,
    /// The phrases to say, while the opponent is here.
    pub phrases: Option<PhrasesView>,
    /// Only the whole page shows online play (`super::features`): a first visit's build cannot
    /// make this view, and leaves out what shows, compares or drops one.
    #[serde(skip)]
    pub features: Features,
}

/// The phrases' dialog: its words (the online module's tables, in the page's language), each
/// phrase's code and words, whether they wait (one was said lately) and whether the opponent's
/// are shown (the switch).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PhrasesView {
    /// The player opened them.
    pub open: bool,
    pub title: &'static str,
    pub close: &'static str,
    pub switch: &'static str,
    pub wait: bool,
    pub shown: bool,
    pub buttons: [(&'static str, &'static str); 8],
}

/// The New game dialog: its title's text key, its fields, the rows shown for the way of playing
/// chosen, and each chosen card as drawn beside its chooser (in its holder's colour).
#[derive(Clone, Debug, PartialEq)]
pub struct NewGameView {
    pub title: &'static str,
    pub fields: NewGameFields,
    /// Why the last Start was refused, if it was.
    pub refused: Option<RefusalView>,
    pub rows: NewGameRows,
    /// The five cards chosen, drawn beside their choosers as the board draws them.
    pub previews: Vec<CardPicture>,
    /// The page is in dark colours (the cards drawn are).
    pub dark: bool,
}

/// Why Start was refused, in words, and how many Starts in a row were: the same words are said
/// again to each.
#[derive(Clone, Debug, PartialEq)]
pub struct RefusalView {
    pub reason: String,
    pub times: u32,
}

fn new_game_view(state: &State, fields: &NewGameFields, refused: Option<&NewGameRefused>) -> NewGameView {
    let form = NewGameForm::read(fields);
    let t = &state.texts();
    let previews = form
        .previews()
        .map(|(card, owner)| CardPicture {
            card,
            owner,
            emphasis: Emphasis::Plain,
            name: text::card_name(t, card).to_string(),
            expansion: state.expansion_emblem(card).map(str::to_string),
        })
        .to_vec();
    NewGameView {
        previews,
        dark: state.dark(),
        refused: refused.map(|refused| RefusalView { reason: refused.reason.text(t), times: refused.times }),
        title: form.title(),
        rows: new_game_form::rows(&fields.mode, form.from.is_some(), &fields.limit),
        fields: fields.clone(),
    }
}

/// The switches of the cards a new game is dealt from, as the dialog shows them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DeckView {
    /// The cards on: their switches are on, and the five card choosers offer them.
    pub enabled: CardSet,
    /// Each set's switch, in the order of `Pack::ALL`; a mixed one turns all its cards on.
    pub packs: [PackState; 3],
    /// How many cards are on, or why the last switch was refused.
    pub message: String,
    pub refused: bool,
    /// How many switches in a row were refused: the reason is said again to each.
    pub refusals: u32,
}

fn deck_view(state: &State) -> DeckView {
    let t = &state.texts();
    let enabled = state.page.settings.cards;
    let refusals = match &state.page.dialog {
        Some(Dialog::NewGame { deck_refused, .. }) => *deck_refused,
        _ => 0,
    };
    DeckView {
        enabled,
        packs: Pack::ALL.map(|pack| deck::pack_state(enabled, pack)),
        message: if refusals > 0 {
            t.html("deck-too-few").unwrap_or_default().to_string()
        } else {
            text::deck_count(t, enabled.len())
        },
        refused: refusals > 0,
        refusals,
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TutorialPanel {
    /// 1 for the first step.
    pub step: usize,
    pub steps: usize,
    /// "Tutorial 2/6 · Moving and capturing", or in its place what the moment asks: why a move
    /// was refused, or to choose between two cards (shown in the panel on a phone, in the strip
    /// else; the board has no lines of its own in the tutorial).
    pub title: String,
    /// The title row says what the moment asks rather than the title (it is lit).
    pub prompt: bool,
    /// Every text the title row may show during this step: its row is as tall as the tallest.
    pub title_reserve: Vec<String>,
    /// The step's task, or its lesson once its move is made ("…" while the texts come).
    pub text: String,
    /// The step's move is made: Next (or Finish, after the last) is offered.
    pub done: bool,
    /// A move the step does not ask for was just refused.
    pub wrong: bool,
    /// The Next button's words: "Next", or "Finish" on the last step.
    pub next_label: String,
    /// Every text the panel may show during this step (none while they come): the panel is as
    /// tall as the tallest, so each shows whole and the board stays put within the step.
    pub reserve: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WatchControls {
    pub paused: bool,
    /// The pause button's words: "Pause" or "Go on".
    pub pause_label: String,
    /// "slow", "normal" or "fast".
    pub speed: &'static str,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResultBanner {
    pub text: String,
    /// The page's Rematch and New game are offered (online, the module's strip offers the
    /// rematch and the way out, once).
    pub rematch: bool,
    /// "Level" is offered (the AI played).
    pub change_level: bool,
    /// After wins in a row at this level, the next one is offered in its place.
    pub next_level: Option<NextLevel>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NextLevel {
    /// The button's words: "Level 3".
    pub label: String,
    /// Why and what, for the button's description: "Three wins in a row: try level 3, casual".
    pub offer: String,
}

/// Rematch, New game and Review, once the result banner is closed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameOverStrip {
    /// The result in a few words.
    pub text: String,
    /// The page's Rematch and New game are offered, as in the result banner.
    pub rematch: bool,
    /// "Review" is offered (the game has moves to review).
    pub review: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SettingsView {
    pub evaluation: bool,
    pub sound: bool,
    pub coordinates: bool,
    /// "system", "light" or "dark".
    pub theme: &'static str,
    /// The language's code.
    pub language: &'static str,
}

/// Whether a person has made a move in the game shown (the AI may have begun it).
fn played_here(state: &State) -> bool {
    let game = state.game();
    game.positions().iter().zip(game.moves()).any(|(before, _)| state.mode.is_human(before.to_move()))
}

/// The tutorial's panel during the step of `run`.
fn tutorial_panel(state: &State, run: TutorialRun) -> TutorialPanel {
    let t = &state.texts();
    let (title, title_reserve) = tutorial_heading(state, run);
    TutorialPanel {
        step: run.step + 1,
        steps: super::tutorial::STEPS.len(),
        prompt: title != title_reserve[0],
        title,
        title_reserve,
        text: match state.tutorial_file() {
            Some(Some(file)) => run.text(t, file),
            Some(None) => t.html("tutorial-unavailable").unwrap_or_default().to_string(),
            None => "…".to_string(),
        },
        done: run.done,
        wrong: run.wrong,
        next_label: t
            .html(if run.is_last() { "tutorial-finish" } else { "tutorial-next" })
            .unwrap_or_default()
            .to_string(),
        reserve: state.tutorial_file().flatten().map_or_else(Vec::new, |file| run.step_texts(t, file)),
    }
}

/// What the tutorial's title row says now, and every text it may say during the step: the step's
/// title, or why a move was refused, or that two cards make the move tapped.
fn tutorial_heading(state: &State, run: TutorialRun) -> (String, Vec<String>) {
    let t = &state.texts();
    let file = state.tutorial_file().flatten().unwrap_or_default();
    let title = run.title(t, file);
    let refusal = run.refusal(t, file);
    // The title first: the panel tells a prompt from it.
    let mut reserve = vec![title.clone()];
    if run.current().asks_for_a_card() {
        reserve.push(text::choose_card(t));
    }
    reserve.extend(TutorialRun { wrong: true, done: false, ..run }.refusal(t, file));
    let now = match refusal {
        Some(refusal) => refusal,
        None if state.board.card_choice.is_some() => text::choose_card(t),
        None => title,
    };
    (now, reserve)
}

pub fn controls(state: &State) -> ControlsView {
    let t = &state.texts();
    let game = state.game();
    // Why this side began: the side card's stamp (a loaded position may begin otherwise).
    let start = game.start();
    let why = (start.to_move() == start.side_card().stamp()).then(|| text::who_starts(t, start.side_card()));
    let mut mode_line = match (&state.puzzle(), state.tutorial()) {
        (Some(run), _) => run.line(t, game),
        (_, Some(run)) => tutorial_heading(state, run).0,
        _ if state.analysis().is_some() => t.html("analysis").unwrap_or_default().to_string(),
        _ => text::mode_line(t, state.mode),
    };
    let own_line = state.puzzle().is_some() || state.tutorial().is_some() || state.analysis().is_some();
    if let Some(why) = why.as_ref().filter(|_| game.moves().is_empty() && !own_line) {
        mode_line = format!("{mode_line} · {why}");
    }
    let settings = &state.page.settings;
    let shown = state.puzzle().is_some_and(|run| run.shown);
    // Online the engine does not help while the game is on, and a move cannot be taken back.
    let online = matches!(state.mode, Mode::Online { .. });
    let online_game = online && game.outcome().is_none();
    let view = ControlsView {
        dark: state.dark(),
        menu: matches!(state.page.dialog, Some(Dialog::Menu)),
        moves_sheet: matches!(state.page.dialog, Some(Dialog::Moves)),
        board_description: board_description(state),
        mode_line,
        notice: state.notice.as_ref().map(|n| n.text(t)),
        // A solution shown plays itself, and the tutorial has its own steps: the move list looks back instead.
        // The online game is the module's: it is not taken back here, even once over.
        // Online, Undo asks the opponent for a takeback while the module offers one.
        undo: (!game.moves().is_empty() && !shown && state.tutorial().is_none() && !online && !state.ended_by_word())
            || state.online.as_ref().is_some_and(crate::ui::online::OnlineState::takeback_offered),
        redo: !state.board.history.ahead().is_empty()
            && !shown
            && state.tutorial().is_none()
            && !online
            && !state.ended_by_word(),
        hint: state.human_to_move() && state.board.hint.is_none() && state.tutorial().is_none() && !online_game,
        moves: move_rows(state),
        // The analysis board shows its bar while there is a position to judge.
        evaluation: (settings.evaluation || state.analysis().is_some_and(|_| game.outcome().is_none()))
            .then(|| evaluation_bar(state))
            .filter(|_| !online_game),
        review: state.review().map(|review| review_panel(state, review)),
        analysis: state.analysis().filter(|_| Features::here().is_some()).map(|run| analysis_panel(state, run)),
        // Described from the whole line, also while looking back at an earlier move.
        puzzle_end: state.puzzle().and_then(|run| run.verdict(t, &state.game_line())),
        viewing: state
            .board
            .history
            .looking_back_from()
            .filter(|_| state.review().is_none())
            .map(|end| text::viewing(t, game.moves().len(), end)),
        result: game.outcome().filter(|_| state.shows_result()).map(|outcome| ResultBanner {
            text: text::result_short(t, outcome, state.mode),
            rematch: !online,
            change_level: state.mode.level().is_some() && next_level(state).is_none(),
            next_level: next_level(state)
                .map(|level| NextLevel { label: text::next_level_label(t, level), offer: text::next_level(t, level) }),
        }),
        // The analysis board's own Close does it there.
        back_to_my_game: state.aside.is_some() && state.analysis().is_none(),
        show_solution: state.puzzle().is_some_and(|run| run.offers_solution()),
        puzzle_list: puzzle_list(state),
        rules: rules(state),
        watch: matches!(state.mode, Mode::Watch { .. }).then(|| WatchControls {
            paused: state.ai.paused,
            pause_label: t
                .html(if state.ai.paused { "watch-resume" } else { "watch-pause" })
                .unwrap_or_default()
                .to_string(),
            speed: settings.watch_speed.code(),
        }),
        resign_asked: matches!(state.question, Some(Question::Resign | Question::Leave(..)))
            && state.resigner().is_some(),
        abandon_asked: matches!(state.question, Some(Question::Abandon { .. })),
        continue_here: state.board.history.looking_back() && !state.ended_by_word(),
        analyse: analysis_offered(state),
        step_back: super::keyboard::move_step(state, true).is_some(),
        step_on: super::keyboard::move_step(state, false).is_some(),
        records_message: records_message(state),
        records: state.page.dialog.as_ref().and_then(Dialog::records).map(|open| records(state, open)),
        resign: state.resigner().map(|by| {
            let outcome = crate::rules::Outcome::Resigned { by };
            let kept = text::page_text(t, "resign-kept", &[]);
            format!("{} · {kept}", text::result(t, outcome, state.mode))
        }),
        game_over: game
            .outcome()
            .filter(|_| !state.shows_result() && state.review().is_none() && state.puzzle().is_none())
            .filter(|_| state.tutorial().is_none() && state.analysis().is_none())
            .filter(|_| !state.board.history.looking_back())
            .map(|outcome| GameOverStrip {
                text: text::result_short(t, outcome, state.mode),
                rematch: !online,
                review: !game.moves().is_empty(),
            }),
        tutorial: state.tutorial().map(|run| tutorial_panel(state, run)),
        // Not while online play is open: the strip is online play's.
        tutorial_offer: state.page.first_visit
            && state.online.is_none()
            && !state.page.tutorial_done
            && state.tutorial().is_none()
            && !played_here(state)
            && state.puzzle().is_none()
            && state.review().is_none()
            && state.analysis().is_none()
            && state.aside.is_none(),
        // Only the whole page has puzzles: their count stays out of a first visit's download.
        puzzles_solved: state.page.puzzle_set.as_ref().filter(|_| Features::here().is_some()).map(|set| {
            let offered = super::puzzle::offered(set, state.page.settings.cards);
            let solved = offered.iter().filter(|puzzle| state.page.solved.contains(&puzzle.id)).count();
            puzzles_solved(t, solved, offered.len())
        }),
        // Only the whole page plays online (`super::features`): its strip stays out of a first visit's download.
        online: state
            .online
            .as_ref()
            .filter(|_| super::features::Features::here().is_some())
            .map(|online| online_view(online, t, matches!(state.page.dialog, Some(Dialog::Phrases(_))))),
        settings: SettingsView {
            evaluation: settings.evaluation,
            sound: settings.sound,
            coordinates: settings.coordinates,
            theme: settings.theme.code(),
            language: t.lang.code(),
        },
        deck: deck_view(state),
        new_game: match &state.page.dialog {
            Some(Dialog::NewGame { fields, refused, .. }) => Some(new_game_view(state, fields, refused.as_ref())),
            _ => None,
        },
        #[cfg(not(feature = "first-visit"))]
        setup: None,
        setup_opener: super::setup_panel::opener(state),
    };
    editing(state, view)
}

/// While a position is set up, the editor's panel in place of the analysis board's: nothing of
/// the game under it is offered.
fn editing(state: &State, mut view: ControlsView) -> ControlsView {
    // Only the whole page sets positions up: said outright, the first visit's build leaves this out.
    let Some(panel) = Features::here().and_then(|_| super::setup_panel::panel(state)) else { return view };
    view.mode_line = panel.title.to_string();
    view.board_description = panel.description.clone();
    #[cfg(not(feature = "first-visit"))]
    {
        view.setup = Some(panel);
    }
    view.analysis = None;
    view.evaluation = None;
    (view.undo, view.redo, view.hint, view.step_back, view.step_on) = (false, false, false, false, false);
    view
}

fn online_view(online: &OnlineState, t: &Texts, phrases_open: bool) -> OnlineView {
    let panel = &online.panel;
    // The phrases' words are the online module's, in the page's language.
    let words = crate::online::host::phrases(t.lang);
    let phrases = panel.phrases.map(|p| PhrasesView {
        open: phrases_open,
        title: words.say_title,
        close: words.close,
        switch: words.show_phrases,
        wait: p.wait,
        shown: p.shown,
        buttons: std::array::from_fn(|i| (crate::online::Phrase::ALL[i].code(), words.phrase[i])),
    });
    // The button that opens the phrases comes first; the page opens them itself.
    let open = panel.phrases.map(|_| ("say".to_string(), words.say.to_string()));
    // Undo asks for a takeback online (`OnlineState::takeback_offered`): the strip keeps its room.
    let shown = panel.buttons.iter().filter(|b| b.command != crate::online::bridge::Command::Takeback);
    let buttons = open.into_iter().chain(shown.map(|b| (b.command.encode(), b.label.clone()))).collect();
    let (text, link, clock) = (panel.text.clone(), panel.link.clone(), panel.clock.clone());
    OnlineView { text, link, clock, buttons, phrases, features: online.features }
}

/// The level to offer after the game's end: the next one up, once the player has won enough games
/// in a row at the level just played.
fn next_level(state: &State) -> Option<AiLevel> {
    let Mode::VsAi { level, .. } = state.mode else { return None };
    let (streak_level, _) = state.page.standings.streak()?;
    state.page.standings.suggestion().filter(|_| streak_level == level)
}

/// Whether the analysis board can be opened from here: the whole page has it, and the engine
/// helps (not online while the game goes on); not from the board itself or the tutorial.
fn analysis_offered(state: &State) -> bool {
    let online_game = matches!(state.mode, Mode::Online { .. }) && state.game().outcome().is_none();
    Features::here().is_some() && !online_game && state.analysis().is_none() && state.tutorial().is_none()
}

/// A chooser's options: each value and its words in `t.lang`.
pub fn level_options(t: &Texts) -> Vec<(&'static str, String)> {
    AiLevel::all().map(|level| (level.code(), text::level_choice(t, level))).collect()
}

/// The cards the choosers offer: the enabled ones.
pub fn card_options(t: &Texts, enabled: CardSet) -> Vec<(&'static str, String)> {
    enabled.map(|card| (card.name(), text::card_name(t, card).to_string())).collect()
}

pub fn watch_speed_options(t: &Texts) -> Vec<(&'static str, String)> {
    WatchSpeed::ALL.iter().map(|speed| (speed.code(), t.html(speed.code()).unwrap_or_default().to_string())).collect()
}

pub fn language_options() -> Vec<(&'static str, &'static str)> {
    Lang::ALL.iter().map(|lang| (lang.code(), lang.name())).collect()
}

/// What the records dialog shows.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordsView {
    /// This game's record (the whole line, also while looking back).
    pub record: String,
    /// The link's fragment to this game (the same line).
    pub link: String,
    /// The games finished in this browser, newest first: each one's place in the kept list and
    /// its line in the player's language.
    pub finished: Vec<(usize, String)>,
    /// A finished game can be chosen for review; without one, the dialog says there is none yet.
    pub review_finished: bool,
    /// The finished game chosen can be opened on the analysis board (`ControlsView::analyse`).
    pub analyse_finished: bool,
    /// A save that could not be read is kept: offer to save its text.
    pub unreadable: Option<String>,
    /// The player's record against each level played, weakest first.
    pub standings: Vec<StandingRow>,
}

/// One level's line in the player's record.
#[derive(Clone, Debug, PartialEq)]
pub struct StandingRow {
    /// "level 5, student".
    pub level: String,
    /// Wins, losses, draws playing Red, then playing Blue, in the language's digits.
    pub red: String,
    pub blue: String,
}

fn records(state: &State, open: &Records) -> RecordsView {
    let t = &state.texts();
    let finished = &open.shown;
    let options = finished
        .iter()
        .enumerate()
        .rev()
        .map(|(i, kept)| {
            let mode = kept.mode.unwrap_or(Mode::PassAndPlay { turn_board: false });
            let result = kept.game.outcome().map(|o| text::result_short(t, o, mode));
            let label = format!("{} · {} · {}", i + 1, result.unwrap_or_default(), text::mode_line(t, mode));
            (i, t.lang.digits(&label))
        })
        .collect();
    let tally = |level, color| {
        let tally: Tally = state.page.standings.tally(level, color);
        t.lang.digits(&format!("{}–{}–{}", tally.wins, tally.losses, tally.draws))
    };
    let standings = state
        .page
        .standings
        .levels()
        .into_iter()
        .map(|level| StandingRow {
            level: text::level_line(t, level),
            red: tally(level, Color::Red),
            blue: tally(level, Color::Blue),
        })
        .collect();
    RecordsView {
        record: state.game_line().to_record(),
        link: state.link(),
        finished: options,
        review_finished: !finished.is_empty(),
        analyse_finished: !finished.is_empty() && analysis_offered(state),
        unreadable: state.page.unreadable_save.clone(),
        standings,
    }
}

fn records_message(state: &State) -> String {
    let t = &state.texts();
    match state.page.dialog.as_ref().and_then(Dialog::records).and_then(|open| open.message.as_ref()) {
        None => String::new(),
        Some(RecordsMessage::LinkCopied) => t.html("link-copied").unwrap_or_default().to_string(),
        Some(RecordsMessage::LinkNotCopied) => t.html("link-not-copied").unwrap_or_default().to_string(),
        Some(RecordsMessage::Unreadable(reason)) => text::record_broken(t, &super::error_text::record_error(t, reason)),
    }
}

/// What the puzzles line in the menu says.
fn puzzles_solved(t: &Texts, solved: usize, total: usize) -> String {
    text::page_text(t, "puzzles-solved", &[("n", solved.to_string()), ("total", total.to_string())])
}

/// The position in words, for screen readers, and online under a game clock each side's time
/// (read when the board is, never announced as it ticks).
fn board_description(state: &State) -> String {
    let t = &state.texts();
    let mut words = text::describe_position(t, state.position());
    let clocks = if Features::here().is_some() { super::scene::clock_faces(state) } else { Vec::new() };
    if let [red, blue] = &clocks[..] {
        let blanks = [("red", red.text.clone()), ("blue", blue.text.clone())];
        words.push(' ');
        words.push_str(&text::page_text(t, "clocks-described", &blanks));
    }
    words
}
