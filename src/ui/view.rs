//! What the controls around the canvas show, decided from the state: which buttons are enabled,
//! which panels and strips are up and with what words, the move list with its marks, the
//! evaluation bar, the review's graph, and what the new-game dialog and the records list offer.
//! The shell writes exactly this into the page; `game_state()` hands the same view to scripts.

use super::analysis::LINES;
use super::deck::{self, PackState};
use super::dialog::{Dialog, Question, Records, RecordsMessage};
use super::features::Features;
use super::new_game_form::{self, NewGameFields, NewGameForm, NewGameRows};
use super::online::OnlineState;
use super::review::{self, GRAPH_HEIGHT, Review};
use super::settings::WatchSpeed;
use super::standings::Tally;
use super::state::State;
use super::text::{self, Lang, Texts};
use super::tutorial::TutorialRun;
use crate::mode::{AiLevel, Mode};
use crate::rules::{Card, CardSet, Color, Game, Move, Pack};
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ControlsView {
    /// The page is drawn in dark colours.
    pub dark: bool,
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
    /// The resignation is asked now: another game was asked for while an online game goes on.
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
    pub rows: NewGameRows,
    pub previews: [(Card, Color); 5],
}

fn new_game_view(fields: &NewGameFields) -> NewGameView {
    let form = NewGameForm::read(fields);
    NewGameView {
        title: form.title(),
        rows: new_game_form::rows(&fields.mode, form.from.is_some(), &fields.limit),
        previews: form.previews(),
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
}

fn deck_view(state: &State) -> DeckView {
    let t = &state.texts();
    let enabled = state.settings.cards;
    DeckView {
        enabled,
        packs: Pack::ALL.map(|pack| deck::pack_state(enabled, pack)),
        message: if state.deck_refused {
            t.html("deck-too-few").unwrap_or_default().to_string()
        } else {
            text::deck_count(t, enabled.len())
        },
        refused: state.deck_refused,
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
pub struct MoveRow {
    /// 1 for the first move: the position after it is what a click shows.
    pub ply: usize,
    /// In the player's language.
    pub text: String,
    /// In move notation.
    pub notation: String,
    /// Who made it: "red" or "blue".
    pub side: &'static str,
    /// The board shows the position after this move.
    pub current: bool,
    /// A review's mark for a move worth one.
    pub mark: Option<MoveMark>,
    /// On the analysis board, the lines explored in place of this move, in words (a click goes
    /// into one: `Intent::EnterVariation`).
    pub variations: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveMark {
    /// "inaccuracy", "mistake" or "blunder".
    pub class: &'static str,
    /// "?!", "?" or "??".
    pub mark: &'static str,
    /// The class in words.
    pub title: String,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EvaluationBar {
    /// Red's share of the bar in thousandths (500 while no score has come).
    pub red_permille: u32,
    /// The score in words, or "…" while it comes.
    pub label: String,
}

impl EvaluationBar {
    /// Red's share as a CSS width: "62.5%" (integers only: no float formatting in the wasm).
    pub fn width(&self) -> String {
        format!("{}.{}%", self.red_permille / 10, self.red_permille % 10)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReviewPanel {
    pub graph: ReviewGraph,
    /// The share reviewed, while the review runs.
    pub progress: Option<f64>,
    /// The verdict on the move shown, or the engine's line.
    pub text: String,
    /// "Best line" is offered (the move shown was not the engine's choice).
    pub best_line: bool,
    /// "Continue from here" is offered (an earlier move or the engine's line is shown).
    pub continue_here: bool,
    /// The close button stops a running review.
    pub stops: bool,
    /// The close button's words: "Stop" or "Close".
    pub close_label: String,
}

/// The analysis board's panel.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysisPanel {
    /// What the engine is doing: "Depth 12", or that it has stopped.
    pub status: String,
    /// The engine searches (the toggle stops it).
    pub running: bool,
    /// The toggle's words: "Stop" or "Analyse"; none once the game is over on the board.
    pub toggle_label: Option<String>,
    /// The best lines of the position shown, best first; while the first depth is searched, rows
    /// of "…" in their place (a row keeps the keyboard's focus while its line is found again).
    pub lines: Vec<AnalysisLine>,
}

/// One of the engine's lines, as the panel shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysisLine {
    /// Its score in words: "Red +0.4", "Blue wins in 3 (forced)".
    pub score: String,
    /// Its moves as the move list writes them, joined by arrows.
    pub moves: String,
}

fn analysis_panel(state: &State, run: &crate::ui::analysis::AnalysisRun) -> AnalysisPanel {
    let t = &state.texts();
    let position = *state.position();
    let found = run.lines_of(&position);
    let depth = found.map_or(0, |f| f.depth).max(state.thinking.map_or(0, |t| t.depth));
    let exact = found.is_some_and(|f| f.exact);
    let status = match (state.game.outcome(), run.running) {
        (Some(_), _) => t.html("analysis-over").unwrap_or_default().to_string(),
        _ if exact => t.html("analysis-exact").unwrap_or_default().to_string(),
        (None, true) if depth == 0 => t.html("analysis-starting").unwrap_or_default().to_string(),
        (None, true) => text::page_text(t, "analysis-depth", &[("n", depth.to_string())]),
        (None, false) => t.html("analysis-stopped").unwrap_or_default().to_string(),
    };
    let arrow = t.html("line-arrow").unwrap_or("→");
    let searching = run.running && found.is_none() && state.game.outcome().is_none();
    let waiting = if searching { state.game.legal_moves().len().min(LINES as usize) } else { 0 };
    let placeholder = AnalysisLine { score: "…".to_string(), moves: String::new() };
    let lines = found.map_or(&[][..], |f| &f.lines[..]).iter().map(|line| {
        let mut before = position;
        let words: Vec<String> = line
            .moves()
            .map_while(|m| {
                let after = before.play(m).ok()?;
                let text = glued(text::move_text(t, &before, m, after.outcome()));
                before = after;
                Some(text)
            })
            .collect();
        let for_red = if position.to_move() == Color::Red { line.score } else { line.score.negate() };
        AnalysisLine { score: text::evaluation(t, for_red, exact), moves: words.join(&format!(" {arrow} ")) }
    });
    // Stop while the engine searches; Analyse once it is stopped or rests.
    let toggle = if run.wants_lines(&position) { "analysis-stop" } else { "analysis-go" };
    AnalysisPanel {
        status,
        running: run.running,
        // Nothing to stop or start once the game is over, or the tables know the lines.
        toggle_label: (state.game.outcome().is_none() && !exact)
            .then(|| t.html(toggle).unwrap_or_default().to_string()),
        lines: lines.chain(std::iter::repeat_n(placeholder, waiting)).collect(),
    }
}

/// The review's graph in a box of `review::GRAPH_WIDTH` by `GRAPH_HEIGHT` (SVG user units).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReviewGraph {
    /// Red's share after each reviewed move, as a path ("M0 50L100 40…"); empty before any.
    pub line: String,
    /// The moves marked: their class and their x.
    pub marks: Vec<GraphMark>,
    /// The x of the position shown.
    pub now: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GraphMark {
    pub class: &'static str,
    pub x: i64,
}

impl ReviewGraph {
    /// The graph as SVG: the middle line, Red's area under the line, the position shown, then the
    /// marks over it (a mark on the position shown stays visible).
    pub fn svg(&self) -> String {
        let middle = GRAPH_HEIGHT / 2;
        let mut svg = format!(r#"<path class="mid" d="M0 {middle}H{}"/>"#, review::GRAPH_WIDTH);
        if !self.line.is_empty() {
            let area = self.line.replacen('M', &format!("M0 {GRAPH_HEIGHT}L"), 1);
            svg.push_str(&format!(
                r#"<path class="red" d="{area} V{GRAPH_HEIGHT}H0Z"/><path class="line" d="{}"/>"#,
                self.line
            ));
        }
        svg.push_str(&format!(r#"<path class="now" d="M{} 0V{GRAPH_HEIGHT}"/>"#, self.now));
        for mark in &self.marks {
            svg.push_str(&format!(r#"<path class="{}" d="M{} 0V{GRAPH_HEIGHT}"/>"#, mark.class, mark.x));
        }
        svg
    }
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
    let game = &state.game;
    game.positions().iter().zip(game.moves()).any(|(before, _)| state.mode.is_human(before.to_move()))
}

/// The list of puzzles: one difficulty's at a time, by number, the solved ones marked.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleList {
    /// The difficulty shown: `"easy"`, `"medium"` or `"hard"` (its button is pressed).
    pub shows: &'static str,
    /// The puzzles of the difficulty shown, by id; none while the set is fetched.
    pub rows: Vec<PuzzleListRow>,
    /// How many of them are solved, or that the set is being fetched.
    pub summary: String,
    /// The set is being fetched: no rows yet, whatever the deck.
    pub fetching: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleListRow {
    pub id: u32,
    /// The number shown (Persian digits in Persian).
    pub number: String,
    pub solved: bool,
    /// It is the puzzle on the board.
    pub current: bool,
    /// Its name for screen readers, saying in words whether it is solved.
    pub label: String,
}

/// The list of puzzles as `state` has it open, if it is.
pub fn puzzle_list(state: &State) -> Option<PuzzleList> {
    Features::here()?;
    let shows = state.dialog.as_ref()?.puzzles()?;
    let t = &state.texts();
    let current = state.puzzle().map(|run| run.puzzle.id);
    let Some(set) = state.puzzle_set.as_ref() else {
        let summary = text::page_text(t, "puzzle-list-fetching", &[]);
        return Some(PuzzleList { shows: shows.code(), rows: Vec::new(), summary, fetching: true });
    };
    // Only the puzzles offered with the cards of the deck.
    let rows: Vec<PuzzleListRow> = super::puzzle::offered(set, state.settings.cards)
        .iter()
        .filter(|puzzle| puzzle.difficulty() == shows)
        .map(|puzzle| {
            let solved = state.solved.contains(&puzzle.id);
            let key = if solved { "puzzle-list-solved" } else { "puzzle-list-unsolved" };
            PuzzleListRow {
                id: puzzle.id,
                number: t.lang.digits(&puzzle.id.to_string()),
                solved,
                current: current == Some(puzzle.id),
                label: text::page_text(t, key, &[("id", puzzle.id.to_string())]),
            }
        })
        .collect();
    let solved = rows.iter().filter(|row| row.solved).count();
    let blanks = [("n", solved.to_string()), ("total", rows.len().to_string())];
    let key = if rows.is_empty() { "no-puzzle-offered" } else { "puzzle-list-summary" };
    let summary = text::page_text(t, key, &blanks);
    Some(PuzzleList { shows: shows.code(), rows, summary, fetching: false })
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
        None if state.card_choice.is_some() => text::choose_card(t),
        None => title,
    };
    (now, reserve)
}

pub fn controls(state: &State) -> ControlsView {
    let t = &state.texts();
    let game = &state.game;
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
    let settings = &state.settings;
    let shown = state.puzzle().is_some_and(|run| run.shown);
    // Online the engine does not help while the game is on, and a move cannot be taken back.
    let online = matches!(state.mode, Mode::Online { .. });
    let online_game = online && game.outcome().is_none();
    let view = ControlsView {
        dark: state.dark(),
        board_description: board_description(state),
        mode_line,
        notice: state.notice.as_ref().map(|n| n.text(t)),
        // A solution shown plays itself, and the tutorial has its own steps: the move list looks back instead.
        // The online game is the module's: it is not taken back here, even once over.
        // Online, Undo asks the opponent for a takeback while the module offers one.
        undo: (!game.moves().is_empty() && !shown && state.tutorial().is_none() && !online && !state.ended_by_word())
            || state.online.as_ref().is_some_and(crate::ui::online::OnlineState::takeback_offered),
        redo: game.redoable().next().is_some()
            && !shown
            && state.tutorial().is_none()
            && !online
            && !state.ended_by_word(),
        hint: state.human_to_move() && state.hint.is_none() && state.tutorial().is_none() && !online_game,
        moves: move_rows(state),
        // The analysis board shows its bar while there is a position to judge.
        evaluation: (settings.evaluation || state.analysis().is_some_and(|_| game.outcome().is_none()))
            .then(|| evaluation_bar(state))
            .filter(|_| !online_game),
        review: state.review().map(|review| review_panel(state, review)),
        analysis: state.analysis().filter(|_| Features::here().is_some()).map(|run| analysis_panel(state, run)),
        // Described from the whole line, also while looking back at an earlier move.
        puzzle_end: state.puzzle().and_then(|run| run.verdict(t, &state.line())),
        viewing: state
            .viewing
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
        watch: matches!(state.mode, Mode::Watch { .. }).then(|| WatchControls {
            paused: state.watch_paused,
            pause_label: t
                .html(if state.watch_paused { "watch-resume" } else { "watch-pause" })
                .unwrap_or_default()
                .to_string(),
            speed: settings.watch_speed.code(),
        }),
        resign_asked: matches!(state.question, Some(Question::Leave(_))) && state.resigner().is_some(),
        abandon_asked: matches!(state.question, Some(Question::Abandon { .. })),
        continue_here: state.viewing.is_some() && !state.ended_by_word(),
        analyse: analysis_offered(state),
        step_back: super::keyboard::move_step(state, true).is_some(),
        step_on: super::keyboard::move_step(state, false).is_some(),
        records_message: records_message(state),
        records: state.dialog.as_ref().and_then(Dialog::records).map(|open| records(state, open)),
        resign: state.resigner().map(|by| {
            let outcome = crate::rules::Outcome::Resigned { by };
            let kept = text::page_text(t, "resign-kept", &[]);
            format!("{} · {kept}", text::result(t, outcome, state.mode))
        }),
        game_over: game
            .outcome()
            .filter(|_| !state.shows_result() && state.review().is_none() && state.puzzle().is_none())
            .filter(|_| state.tutorial().is_none() && state.analysis().is_none())
            .filter(|_| state.viewing.is_none())
            .map(|outcome| GameOverStrip {
                text: text::result_short(t, outcome, state.mode),
                rematch: !online,
                review: !game.moves().is_empty(),
            }),
        tutorial: state.tutorial().map(|run| tutorial_panel(state, run)),
        // Not while online play is open: the strip is online play's.
        tutorial_offer: state.first_visit
            && state.online.is_none()
            && !state.tutorial_done
            && state.tutorial().is_none()
            && !played_here(state)
            && state.puzzle().is_none()
            && state.review().is_none()
            && state.analysis().is_none()
            && state.aside.is_none(),
        puzzles_solved: state.puzzle_set.as_ref().map(|set| {
            let offered = super::puzzle::offered(set, state.settings.cards);
            let solved = offered.iter().filter(|puzzle| state.solved.contains(&puzzle.id)).count();
            puzzles_solved(t, solved, offered.len())
        }),
        // Only the whole page plays online (`super::features`): its strip stays out of a first visit's download.
        online: state
            .online
            .as_ref()
            .filter(|_| super::features::Features::here().is_some())
            .map(|online| online_view(online, t)),
        settings: SettingsView {
            evaluation: settings.evaluation,
            sound: settings.sound,
            coordinates: settings.coordinates,
            theme: settings.theme.code(),
            language: t.lang.code(),
        },
        deck: deck_view(state),
        new_game: state.dialog.as_ref().and_then(Dialog::new_game).map(new_game_view),
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

fn online_view(online: &OnlineState, t: &Texts) -> OnlineView {
    let panel = &online.panel;
    // The phrases' words are the online module's, in the page's language.
    let words = crate::online::host::phrases(t.lang);
    let phrases = panel.phrases.map(|p| PhrasesView {
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
    let (streak_level, _) = state.standings.streak()?;
    state.standings.suggestion().filter(|_| streak_level == level)
}

fn move_rows(state: &State) -> Vec<MoveRow> {
    let t = &state.texts();
    // In a review's engine line the list shows that line; its marks belong to the game's moves.
    let variation = state.review().and_then(|r| r.variation);
    let line = if variation.is_some() { state.shown_line() } else { state.line() };
    let shown = state.game.moves().len();
    let plies = line.moves().len();
    line.positions()
        .iter()
        .zip(line.moves())
        .enumerate()
        .map(|(index, (position, &m))| {
            let ply = index + 1;
            let outcome = if ply == plies { line.outcome() } else { None };
            let class = state
                .review()
                .filter(|_| variation.is_none_or(|start| ply < start))
                .and_then(|r| r.entry(ply))
                .map(|e| e.class);
            let mark = class.and_then(|class| {
                Some(MoveMark {
                    class: class.code(),
                    mark: class.mark()?,
                    title: text::move_class(t, class).to_string(),
                })
            });
            MoveRow {
                ply,
                text: glued(text::move_text(t, position, m, outcome)),
                notation: m.to_string(),
                side: position.to_move().code(),
                current: ply == shown,
                mark,
                variations: variations_at(state, &line, ply),
            }
        })
        .collect()
}

/// Whether the analysis board can be opened from here: the whole page has it, and the engine
/// helps (not online while the game goes on); not from the board itself or the tutorial.
fn analysis_offered(state: &State) -> bool {
    let online_game = matches!(state.mode, Mode::Online { .. }) && state.game.outcome().is_none();
    Features::here().is_some() && !online_game && state.analysis().is_none() && state.tutorial().is_none()
}

/// The most moves of a variation the move list writes out.
const VARIATION_MOVES: usize = 6;

/// The lines explored on the analysis board in place of the line's move `ply`, in words.
fn variations_at(state: &State, line: &Game, ply: usize) -> Vec<String> {
    // Only the whole page analyses (and the first visit's build leaves this code out).
    let Some(run) = state.analysis().filter(|_| Features::here().is_some()) else { return Vec::new() };
    let (t, before) = (&state.texts(), &line.moves()[..ply - 1]);
    let arrow = t.html("line-arrow").unwrap_or("→");
    let alternatives = run.variations.alternatives(&line.moves()[..ply]);
    alternatives
        .into_iter()
        .map(|first| {
            let moves: Vec<Move> = before.iter().copied().chain([first]).collect();
            let rest = run.variations.continuation(&moves);
            let mut position = line.positions()[ply - 1];
            let mut words = Vec::new();
            for &m in std::iter::once(&first).chain(&rest).take(VARIATION_MOVES) {
                let Ok(next) = position.play(m) else { break };
                words.push(glued(text::move_text(t, &position, m, next.outcome())));
                position = next;
            }
            if rest.len() + 1 > VARIATION_MOVES {
                words.push("…".to_string());
            }
            words.join(&format!(" {arrow} "))
        })
        .collect()
}

/// A move's words with its capture and winning signs held to it: a line break never leaves "×" or
/// "★" (or the review's mark after them) alone on a line.
fn glued(text: String) -> String {
    // A walk over the chars, not `str::replace`: a substring search would cost the wasm kilobytes.
    let mut chars = text.chars().peekable();
    let mut out = String::with_capacity(text.len());
    while let Some(c) = chars.next() {
        let holds = c == ' ' && matches!(chars.peek(), Some('×' | '★'));
        out.push(if holds { '\u{a0}' } else { c });
    }
    out
}

/// The evaluation bar: Red's share grows with Red's prospects.
fn evaluation_bar(state: &State) -> EvaluationBar {
    match state.evaluation_for_red() {
        None => EvaluationBar { red_permille: 500, label: "…".to_string() },
        Some((score, exact)) => EvaluationBar {
            red_permille: (text::red_share(score) * 1000.0).round().clamp(0.0, 1000.0) as u32,
            label: text::evaluation(&state.texts(), score, exact),
        },
    }
}

fn review_panel(state: &State, review: &Review) -> ReviewPanel {
    let t = &state.texts();
    let shown = state.game.moves().len();
    let graph = ReviewGraph {
        line: review.graph_path(),
        marks: review.marked().map(|(ply, class)| GraphMark { class: class.code(), x: review.x(ply) }).collect(),
        now: review.x(review.variation.unwrap_or(shown)),
    };
    let text = match review.variation {
        Some(ply) => text::best_line_shown(t, ply, &review::line_text(t, review, ply)),
        None => review::verdict(t, review, shown),
    };
    ReviewPanel {
        graph,
        progress: review.running.then(|| review.entries.len() as f64 / review.total().max(1) as f64),
        text,
        best_line: review.variation.is_none() && review.variation_game(shown).is_some(),
        continue_here: (review.variation.is_some() || state.viewing.is_some()) && !state.ended_by_word(),
        stops: review.running,
        close_label: t.html(if review.running { "review-stop" } else { "close" }).unwrap_or_default().to_string(),
    }
}

/// A square of a card's 5×5 grid, as the rules draw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridCell {
    /// The piece that moves, in the middle.
    Piece,
    /// A square the card takes it to.
    Reach,
    Empty,
}

/// A card's grid row by row from the top, seen from the side of its holder (forward is up).
pub fn card_grid(card: Card) -> Vec<GridCell> {
    (0..25)
        .map(|i| {
            let offset = (i % 5 - 2, 2 - i / 5);
            if offset == (0, 0) {
                GridCell::Piece
            } else if card.offsets().iter().any(|&(x, y)| (i32::from(x), i32::from(y)) == offset) {
                GridCell::Reach
            } else {
                GridCell::Empty
            }
        })
        .collect()
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
        let tally: Tally = state.standings.tally(level, color);
        t.lang.digits(&format!("{}–{}–{}", tally.wins, tally.losses, tally.draws))
    };
    let standings = state
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
        record: state.line().to_record(),
        link: state.link(),
        finished: options,
        review_finished: !finished.is_empty(),
        analyse_finished: !finished.is_empty() && analysis_offered(state),
        unreadable: state.unreadable_save.clone(),
        standings,
    }
}

fn records_message(state: &State) -> String {
    let t = &state.texts();
    match state.dialog.as_ref().and_then(Dialog::records).and_then(|open| open.message.as_ref()) {
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
