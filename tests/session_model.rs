//! The page's session driven by random event sequences: moves by either side, clicks and keys,
//! undo, redo, new games, opened records, hints, settings, relayouts at any moment (also mid-slide),
//! frames at irregular times, and worker replies that arrive late, twice, out of order or for a
//! search that was cancelled or superseded. After every event the invariants below must hold.

use onitama::ai::endgame::Exact;
use onitama::ai::puzzle::parse_set;
use onitama::ai::review::{MoveClass, PlyReview};
use onitama::ai::{Line as EngineLine, Score};
use onitama::engine_protocol::worker::{EndgameReport, EndgameRequest, EngineRequest, NoExact};
use onitama::mode::AiLevel;
use onitama::online::Invitation;
use onitama::online::bridge::{Command, Phase, Reason};
use onitama::online::host::{ScriptState, ToPage};
use onitama::rules::{Color, Deal, Game, Outcome, Square};
use onitama::ui::board::{movable_pieces, must_pass};
use onitama::ui::dialog::Dialog;
use onitama::ui::features::Features;
use onitama::ui::intent::{Intent, OnlineAction, SettingsPatch};
use onitama::ui::keyboard::Key;
use onitama::ui::new_game_form::{NewGame, NewGameEdit, NewGameOpens};
use onitama::ui::scene::{Picture, scene};
use onitama::ui::session::{Effect, Event, PointerPhase, Reply, ReplyKind, SearchOrder};
use onitama::ui::settings::Settings;
use onitama::ui::setup::{SetupAction, Tool};
use onitama::ui::state::Activity;
use onitama::ui::text::TextsFile;
use onitama::ui::{Lang, Mode, Session, State};
use proptest::prelude::*;

/// How many sequences, and how long each may be.
const SEQUENCES: u32 = 2000;
const MAX_EVENTS: usize = 120;

#[derive(Clone, Debug)]
enum Action {
    /// Any legal move for the side to move, as `game_play` would send it.
    Play(usize),
    ClickSquare(u8),
    ClickCard(usize),
    /// A press at an arbitrary point, released after moving by (dx, dy): a drag or a stray tap.
    Press(f64, f64, f64, f64),
    Key(usize),
    Undo,
    Redo,
    Hint,
    NewGame(u64, usize),
    Rematch,
    /// A record of the game so far, opened again.
    Open,
    CloseResult,
    /// Resigning: the confirmation (0, as `game_resign` sends it), the Resign button that asks
    /// (1), or Keep playing (2), offered or not.
    Resign(u8),
    Evaluation(bool),
    Language(usize),
    Relayout(f64, f64),
    Frame(f64),
    /// A reply to the search started `age` searches ago (0 = the latest), of kind `kind`.
    Reply {
        age: usize,
        kind: u8,
        pick: usize,
    },
    WorkerFailed,
    /// The endgame worker dies.
    EndgameFailed,
    /// The analysis board: opened on the position shown (0), its engine switched (1), a line's
    /// move played (2, the line picked by the second number), left (3).
    Analysis(usize, usize),
    /// Look back at the position after this many moves (modulo the line's length + 1).
    View(usize),
    ContinueHere,
    Review,
    /// The review's worker answers: the next move judged (its best move picked by `pick`), or done.
    ReviewReply(usize, bool),
    CloseReview,
    BestLine(usize),
    /// One of the first puzzles of the shipped set.
    Puzzle(usize),
    ShowSolution,
    /// The list of puzzles: opened, shown at a difficulty, closed, a puzzle chosen from it, or a
    /// set of cards switched in the deck (which puzzles are offered).
    PuzzleList(usize),
    /// The tutorial: started (its texts come when asked), its next step, or left.
    Tutorial(usize),
    /// Records: opened (the list as it is then), or one of its finished games reviewed.
    Records(usize),
    /// A new game dealt from the page's own dice: the next level, or New game's options.
    Deal(usize),
    /// The New game dialog: opened (on the game, from here, to invite), a field changed (the
    /// second number picks which and how), Start, or closed.
    NewGameDialog(usize, usize),
    /// The Rules dialog: opened (its paragraphs come when asked, or fail: 0 and 1) or closed (2).
    Rules(usize),
    /// The pause of the AI playing itself, pressed (in any mode: it pauses only a watched game).
    WatchPause,
    /// Online play: a friend invited, a stranger asked for, online play left, or what the online
    /// module says (a deal with a colour, the opponent's move at the game's end, an end declared
    /// or lapsed, the page's move refused, its saved line); the second number picks.
    Online(usize, usize),
    /// The menu, the move list's sheet or the phrases, opened or closed.
    Sheet(usize),
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        6 => any::<usize>().prop_map(Action::Play),
        4 => (0u8..25).prop_map(Action::ClickSquare),
        3 => (0usize..5).prop_map(Action::ClickCard),
        1 => (0.0..1.0f64, 0.0..1.0f64, -80.0..80.0f64, -80.0..80.0f64).prop_map(|(x, y, dx, dy)| Action::Press(x, y, dx, dy)),
        2 => (0usize..KEYS.len()).prop_map(Action::Key),
        2 => Just(Action::Undo),
        1 => Just(Action::Redo),
        2 => Just(Action::Hint),
        1 => (any::<u64>(), 0usize..5).prop_map(|(seed, mode)| Action::NewGame(seed, mode)),
        1 => Just(Action::Rematch),
        1 => Just(Action::WatchPause),
        2 => (0usize..6).prop_map(Action::Sheet),
        3 => (0usize..9, any::<usize>()).prop_map(|(kind, pick)| Action::Online(kind, pick)),
        1 => Just(Action::Open),
        1 => Just(Action::CloseResult),
        1 => (0..3u8).prop_map(Action::Resign),
        1 => any::<bool>().prop_map(Action::Evaluation),
        1 => (0usize..4).prop_map(Action::Language),
        2 => (200.0..2000.0f64, 200.0..1400.0f64).prop_map(|(w, h)| Action::Relayout(w, h)),
        8 => (0.0..300.0f64).prop_map(Action::Frame),
        8 => (prop_oneof![6 => Just(0usize), 1 => 1usize..4], 0u8..10, any::<usize>())
            .prop_map(|(age, kind, pick)| Action::Reply { age, kind, pick }),
        1 => Just(Action::WorkerFailed),
        1 => Just(Action::EndgameFailed),
        2 => ((0usize..9), (0usize..25)).prop_map(|(kind, line)| Action::Analysis(kind, line)),
        2 => any::<usize>().prop_map(Action::View),
        1 => Just(Action::ContinueHere),
        1 => Just(Action::Review),
        3 => (any::<usize>(), prop_oneof![9 => Just(false), 1 => Just(true)]).prop_map(|(pick, done)| Action::ReviewReply(pick, done)),
        1 => Just(Action::CloseReview),
        1 => any::<usize>().prop_map(Action::BestLine),
        1 => (0usize..30).prop_map(Action::Puzzle),
        1 => Just(Action::ShowSolution),
        1 => (0usize..9).prop_map(Action::PuzzleList),
        1 => (0usize..3).prop_map(Action::Rules),
        1 => (0usize..3).prop_map(Action::Tutorial),
        1 => any::<usize>().prop_map(Action::Records),
        1 => (0usize..6).prop_map(Action::Deal),
        2 => (0usize..6, any::<usize>()).prop_map(|(kind, pick)| Action::NewGameDialog(kind, pick)),
    ]
}

const KEYS: [Key; 9] =
    [Key::Up, Key::Down, Key::Left, Key::Right, Key::Enter, Key::Space, Key::Escape, Key::Home, Key::End];

fn mode(index: usize) -> Mode {
    match index {
        0 => Mode::VsAi { human: Color::Red, level: AiLevel::nth(3) },
        1 => Mode::VsAi { human: Color::Blue, level: AiLevel::nth(0) },
        2 => Mode::PassAndPlay { turn_board: true },
        3 => Mode::PassAndPlay { turn_board: false },
        _ => Mode::Watch { level: AiLevel::nth(5) },
    }
}

/// What the session asked a worker: a search, or an exact value of the endgame worker.
#[derive(Clone, Debug)]
enum Asked {
    Search(SearchOrder),
    Exact(EndgameRequest),
}

impl Asked {
    fn id(&self) -> u32 {
        match self {
            Asked::Search(order) => order.id(),
            Asked::Exact(request) => request.id,
        }
    }
}

/// The session and what the test knows of the workers: every search and question ever started.
struct Harness {
    session: Session,
    orders: Vec<Asked>,
    /// The latest review started: its id.
    review: Option<u32>,
    now_ms: f64,
    /// An effect that did not match the state its update left, if any.
    wrong_effect: Option<String>,
    /// The board's picture as last asked to be drawn, and the controls' view as last shown.
    picture: Option<Box<Picture>>,
    controls: Option<Box<onitama::ui::view::ControlsView>>,
}

impl Harness {
    fn send(&mut self, event: Event) -> Vec<Effect> {
        let effects = self.session.update(event);
        // A language's page and error texts come as the browser's fetch brings them, at once
        // (the rules and the tutorial's come, or fail, in their own actions).
        for effect in &effects {
            let text = match *effect {
                Effect::FetchTexts(TextsFile::Page(lang)) => onitama::ui::text::texts_file(lang),
                Effect::FetchTexts(TextsFile::Errors(lang)) => onitama::ui::error_text::error_file(lang),
                _ => continue,
            };
            let file = match *effect {
                Effect::FetchTexts(file) => file,
                _ => continue,
            };
            self.send(Event::Texts { file, text: Some(text) });
        }
        for effect in &effects {
            match effect {
                Effect::StartSearch(order) => self.orders.push(Asked::Search(order.clone())),
                Effect::AskExact(request) => self.orders.push(Asked::Exact(request.clone())),
                Effect::StartReview { id, .. } => self.review = Some(*id),
                // What is saved and shown is the state the update ends on.
                Effect::SaveGame(file) if *file != self.session.save_file() => {
                    self.wrong_effect.get_or_insert(format!("saved {file:?}, not {:?}", self.session.save_file()));
                }
                Effect::Controls(view) if **view != self.session.controls() => {
                    self.wrong_effect.get_or_insert(format!("showed {view:?}"));
                }
                Effect::Redraw(picture) => self.picture = Some(picture.clone()),
                Effect::Controls(view) => self.controls = Some(view.clone()),
                _ => {}
            }
        }
        effects
    }

    fn click(&mut self, x: f64, y: f64) {
        self.now_ms += 1.0;
        self.send(Event::Pointer { phase: PointerPhase::Down, x, y, time_ms: self.now_ms });
        self.now_ms += 30.0;
        self.send(Event::Pointer { phase: PointerPhase::Up, x, y, time_ms: self.now_ms });
    }

    fn reply_to(&self, asked: &Asked, kind: u8, pick: usize) -> Event {
        let order = match asked {
            Asked::Search(order) => order,
            // The endgame worker: a legal move and some value (the session does not judge it), or
            // rarely no value.
            Asked::Exact(request) => {
                let (id, legal) = (request.id, request.position.legal_moves());
                let report = match legal.get(pick % legal.len().max(1)) {
                    Some(&best) if kind < 9 || !pick.is_multiple_of(4) => {
                        let value = [Exact::Win(1 + pick as u32 % 9), Exact::Draw, Exact::Loss(2)][pick % 3];
                        EndgameReport::Exact { id, value, best, lines: Vec::new() }
                    }
                    Some(_) => EndgameReport::None { id, why: NoExact::Bad("refused".into()) },
                    None => EndgameReport::None { id, why: NoExact::GameOver },
                };
                return Event::Exact(report);
            }
        };
        let legal = order.position().legal_moves();
        let best = (!legal.is_empty()).then(|| legal[pick % legal.len()]);
        let score = Score::Value((pick % 400) as i32 - 200);
        let depth = 1 + (pick % 6) as u32;
        let kind = match kind {
            // The analysis board's lines: up to three legal moves, best first.
            0..=2 if matches!(order.request, EngineRequest::Lines { .. }) && !legal.is_empty() => {
                let lines = legal
                    .iter()
                    .cycle()
                    .skip(pick % legal.len())
                    .take(legal.len().min(3))
                    .enumerate()
                    .map(|(i, &first)| EngineLine {
                        first,
                        score: Score::Value(200 - 50 * i as i32),
                        continuation: Vec::new(),
                    })
                    .collect();
                ReplyKind::Lines { depth, lines }
            }
            0..=2 => ReplyKind::Info { depth, score },
            // A level's move comes without a score.
            3..=8 => ReplyKind::Done {
                best,
                score: (!matches!(order.request, EngineRequest::LevelMove { .. })).then_some(score),
            },
            // Rarely the worker reports a failure.
            _ if pick.is_multiple_of(8) => ReplyKind::Failed("the search failed".into()),
            _ => ReplyKind::Done { best, score: Some(score) },
        };
        Event::Reply(Reply { id: order.id(), kind })
    }

    fn apply(&mut self, action: &Action) {
        let state = self.session.state();
        match *action {
            Action::Play(pick) => {
                let legal = state.game().legal_moves();
                if !legal.is_empty() {
                    let m = legal[pick % legal.len()];
                    self.send(Event::Intent(Intent::Play(m)));
                }
            }
            Action::ClickSquare(index) => {
                let square = Square::all().nth(usize::from(index)).unwrap();
                let (x, y) = self.session.layout().square(square).centre();
                self.click(x, y);
            }
            Action::ClickCard(index) => {
                let cards = scene(state, self.session.layout()).cards;
                let (x, y) = cards[index % cards.len()].1.centre();
                self.click(x, y);
            }
            Action::Press(fx, fy, dx, dy) => {
                let layout = self.session.layout();
                let (x, y) = (fx * layout.width, fy * layout.height);
                self.now_ms += 1.0;
                self.send(Event::Pointer { phase: PointerPhase::Down, x, y, time_ms: self.now_ms });
                self.send(Event::Pointer {
                    phase: PointerPhase::Move,
                    x: x + dx,
                    y: y + dy,
                    time_ms: self.now_ms + 10.0,
                });
                self.send(Event::Pointer {
                    phase: PointerPhase::Up,
                    x: x + dx,
                    y: y + dy,
                    time_ms: self.now_ms + 20.0,
                });
            }
            Action::Key(index) => {
                self.send(Event::Key(KEYS[index]));
            }
            Action::Undo => {
                self.send(Event::Intent(Intent::Undo));
            }
            Action::Redo => {
                self.send(Event::Intent(Intent::Redo));
            }
            Action::Hint => {
                self.send(Event::Intent(Intent::Hint));
            }
            Action::Sheet(kind) => {
                let intent = match kind {
                    0 => Intent::OpenMenu,
                    1 => Intent::CloseMenu,
                    2 => Intent::OpenMoves,
                    3 => Intent::CloseMoves,
                    4 => Intent::OpenPhrases,
                    _ => Intent::ClosePhrases,
                };
                self.send(Event::Intent(intent));
            }
            Action::WatchPause => {
                self.send(Event::Intent(Intent::ToggleWatchPause));
            }
            Action::Online(kind, pick) => {
                let said = |said: ToPage| Event::Online(Features::present(), said);
                let game = self.session.state().game_line();
                let event = match kind {
                    0 => Event::Intent(Intent::Online(OnlineAction::Invite(Invitation::default()))),
                    1 => Event::Intent(Intent::Online(OnlineAction::Find)),
                    2 => Event::Intent(Intent::Online(OnlineAction::Press(Features::present(), Command::Leave))),
                    3 => {
                        let you = [Some(Color::Red), Some(Color::Blue), None][pick % 3];
                        said(ToPage::Deal { you, game: Game::from_deal(&Deal::from_seed(pick as u64)) })
                    }
                    // The opponent's move, legal at the game's end, as the module tells it.
                    4 => {
                        let legal = game.legal_moves();
                        let Some(&mv) = legal.get(pick % legal.len().max(1)) else { return };
                        let Ok(position) = game.position().play(mv) else { return };
                        said(ToPage::Move { ply: game.moves().len(), mv, position })
                    }
                    5 => said(ToPage::Outcome(
                        [Some(Outcome::Resigned { by: Color::ALL[pick % 2] }), Some(Outcome::DrawAgreed), None]
                            [pick % 3],
                    )),
                    6 => said(ToPage::Denied(Reason::OpponentAway)),
                    7 => said(ToPage::Saved(format!("online guest {pick}"))),
                    // Whether this page may move now, as the module's state says.
                    _ => said(ToPage::State(ScriptState {
                        phase: [Phase::Playing, Phase::Waiting, Phase::Ended][pick % 3],
                        room: None,
                        you: self.session.state().mode.online_seat(),
                        opponent_connected: pick % 4 != 0,
                        error: None,
                        may_move: pick % 2 == 0,
                        clocks: None,
                        watchers: 0,
                    })),
                };
                self.send(event);
            }
            Action::NewGame(seed, index) => {
                let game = Game::from_deal(&Deal::from_seed(seed));
                self.send(Event::Intent(Intent::NewGame { game, mode: mode(index) }));
            }
            Action::Rematch => {
                self.send(Event::Intent(Intent::Rematch));
            }
            Action::Open => {
                let game = Game::from_record(&state.game().to_record()).expect("the record reads back");
                self.send(Event::Intent(Intent::Open(game)));
            }
            Action::CloseResult => {
                self.send(Event::Intent(Intent::CloseResult));
            }
            Action::Resign(step) => {
                let intent =
                    [Intent::Resign, Intent::AskResign, Intent::KeepPlaying(onitama::ui::intent::Asked::Resign)]
                        [usize::from(step)]
                    .clone();
                self.send(Event::Intent(intent));
            }
            Action::Evaluation(on) => {
                self.send(Event::Settings(SettingsPatch { evaluation: Some(on), ..Default::default() }));
            }
            Action::Language(index) => {
                self.send(Event::Settings(SettingsPatch { language: Some(Lang::ALL[index]), ..Default::default() }));
            }
            Action::Relayout(width, height) => {
                self.send(Event::Relayout { width, height, pixel_ratio: 1.0 });
            }
            Action::Frame(step) => {
                self.now_ms += step;
                self.send(Event::Frame { now_ms: self.now_ms });
            }
            Action::Reply { age, kind, pick } => {
                if let Some(order) = self.orders.iter().rev().nth(age).cloned() {
                    let event = self.reply_to(&order, kind, pick);
                    self.send(event);
                }
            }
            Action::WorkerFailed => {
                self.send(Event::WorkerFailed("the worker died".into()));
            }
            Action::EndgameFailed => {
                self.send(Event::EndgameFailed("the endgame worker died".into()));
            }
            Action::View(ply) => {
                let length = state.game_line().moves().len();
                self.send(Event::Intent(Intent::View(ply % (length + 1))));
            }
            Action::ContinueHere => {
                self.send(Event::Intent(Intent::ContinueHere));
            }
            Action::Review => {
                self.send(Event::Intent(Intent::Review));
            }
            Action::ReviewReply(pick, done) => {
                let Some(id) = self.review else { return };
                let kind = match (&state.review(), done) {
                    (Some(review), false) if review.entries.len() < review.total() => {
                        let ply = review.entries.len() + 1;
                        let before = review.game.positions()[ply - 1];
                        let legal = before.legal_moves();
                        let best = legal[pick % legal.len()];
                        let line = std::iter::successors(Some((before, best)), |(position, m)| {
                            let next = position.play(*m).ok().filter(|p| p.outcome().is_none())?;
                            let legal = next.legal_moves();
                            Some((next, legal[pick % legal.len()]))
                        })
                        .map(|(_, m)| m)
                        .take(pick % 5 + 1)
                        .collect();
                        let class =
                            [MoveClass::Best, MoveClass::Good, MoveClass::Mistake, MoveClass::Blunder][pick % 4];
                        let entry = PlyReview {
                            ply,
                            played: review.game.moves()[ply - 1],
                            best: Some(best),
                            line,
                            score_before: Score::Value((pick % 300) as i32),
                            score_after: Score::Value(-((pick % 200) as i32)),
                            class,
                            exact: false,
                        };
                        ReplyKind::Reviewed(entry, review.total())
                    }
                    _ => ReplyKind::Done { best: None, score: None },
                };
                self.send(Event::Reply(Reply { id, kind }));
            }
            Action::CloseReview => {
                self.send(Event::Intent(Intent::CloseReview));
            }
            Action::BestLine(ply) => {
                let length = state.game_line().moves().len();
                self.send(Event::Intent(Intent::BestLine(ply % (length + 1))));
            }
            Action::Puzzle(index) => {
                let set = parse_set(include_str!("../www/puzzles.txt")).unwrap();
                self.send(Event::Intent(Intent::Puzzle { puzzle: set[index % set.len()], daily: index % 2 == 0 }));
            }
            Action::ShowSolution => {
                self.send(Event::Intent(Intent::ShowSolution));
            }
            Action::PuzzleList(kind) => {
                if kind == 5 && state.page.puzzle_set.is_none() {
                    let set = parse_set(include_str!("../www/puzzles.txt")).unwrap();
                    self.send(Event::PuzzleSet(Ok(std::rc::Rc::new(set))));
                }
                let intent = match kind {
                    0 => Intent::OpenPuzzleList,
                    1..=3 => Intent::PuzzleListShows(onitama::ai::puzzle::Difficulty::ALL[kind - 1]),
                    4 => Intent::ClosePuzzleList,
                    5 => Intent::ChoosePuzzle(onitama::ui::puzzle::Choice::Id(1 + (self.now_ms as u32) % 720)),
                    _ => {
                        let pack = onitama::rules::Pack::ALL[kind - 6];
                        let cards = self.session.state().page.settings.cards;
                        let on = onitama::ui::deck::pack_state(cards, pack) != onitama::ui::deck::PackState::On;
                        self.send(Event::Deck(onitama::ui::deck::Switch::Pack(pack, on)));
                        return;
                    }
                };
                self.send(Event::Intent(intent));
            }
            Action::Rules(kind) => {
                let intent = if kind == 2 { Intent::CloseRules } else { Intent::OpenRules };
                for effect in self.send(Event::Intent(intent)) {
                    // The paragraphs come as the browser's fetch brings them, or not at all (offline).
                    if let Effect::FetchTexts(TextsFile::Rules(lang)) = effect {
                        let file = (kind == 0).then(|| onitama::ui::text::rules_file(lang));
                        self.send(Event::Texts { file: TextsFile::Rules(lang), text: file });
                    }
                }
            }
            Action::Tutorial(kind) => {
                let intent = match kind {
                    0 => Intent::Tutorial,
                    1 => Intent::TutorialNext,
                    _ => Intent::LeaveTutorial,
                };
                for effect in self.send(Event::Intent(intent)) {
                    // The texts come as the browser's fetch brings them: the same path.
                    if let Effect::FetchTexts(TextsFile::Tutorial(lang)) = effect {
                        let file = Some(onitama::ui::tutorial::tutorial_file(lang));
                        self.send(Event::Texts { file: TextsFile::Tutorial(lang), text: file });
                    }
                }
            }
            Action::Analysis(kind, line) => {
                let intent = match kind {
                    0 => Intent::Analyse,
                    1 => Intent::ToggleAnalysis,
                    2 => Intent::PlayLine(line % 4),
                    3 => Intent::LeaveAnalysis,
                    // Setting a position up: opened, a piece or the eraser on a square, analysed or cancelled.
                    4 => Intent::Setup(SetupAction::Open),
                    5 => {
                        self.send(Event::Intent(Intent::Setup(SetupAction::Choose(Tool::TRAY[line % 5]))));
                        Intent::Setup(SetupAction::Square(Square::from_index(line).unwrap()))
                    }
                    6 => Intent::Setup(SetupAction::Analyse),
                    7 => Intent::Setup(SetupAction::Turn),
                    _ => Intent::Setup(SetupAction::Cancel),
                };
                self.send(Event::Intent(intent));
            }
            Action::Records(pick) => {
                let shown = state.page.dialog.as_ref().and_then(Dialog::records).map(|open| open.shown.clone());
                if pick % 7 == 0 {
                    self.send(Event::Intent(Intent::CloseRecords));
                    return;
                }
                let Some(shown) = shown.filter(|shown| pick % 3 != 0 && !shown.is_empty()) else {
                    self.send(Event::Intent(Intent::OpenRecords));
                    return;
                };
                // The game clicked is the one reviewed, whatever ended since the list was shown.
                let index = pick % shown.len();
                let clicked = shown[index].game.clone();
                self.send(Event::Intent(Intent::ReviewFinished(index)));
                if let Some(review) = self.session.state().review() {
                    assert_eq!(review.game.to_record(), clicked.to_record(), "the game clicked is reviewed");
                }
            }
            Action::Deal(kind) => {
                let intent = match kind {
                    0 => Intent::NextLevel,
                    _ => Intent::ReplaceWithNew(NewGame {
                        mode: mode(kind - 1),
                        cards: None,
                        position: None,
                        deck: state.page.settings.cards,
                    }),
                };
                self.send(Event::Intent(intent));
            }
            Action::NewGameDialog(kind, pick) => {
                let intent = match kind {
                    0 => Intent::OpenNewGame(
                        [NewGameOpens::Game, NewGameOpens::FromHere, NewGameOpens::Invite][pick % 3],
                    ),
                    1 | 2 => Intent::EditNewGame(new_game_edit(pick)),
                    3 => Intent::StartNewGame,
                    _ => Intent::CloseNewGame,
                };
                self.send(Event::Intent(intent));
            }
        }
    }
}

/// A change of one of the New game dialog's fields, odd values among them.
fn new_game_edit(pick: usize) -> NewGameEdit {
    let word = |words: &[&str]| words[pick / 16 % words.len()].to_string();
    match pick % 10 {
        0 => NewGameEdit::Mode(word(&["ai", "two", "watch", "online", "find", "chess"])),
        1 => NewGameEdit::Seat(word(&["red", "blue", "random", "green"])),
        2 => NewGameEdit::Level(word(&["1", "6", "12", "13", "x"])),
        3 => NewGameEdit::TurnBoard((pick / 16).is_multiple_of(2)),
        4 => NewGameEdit::ChooseCards((pick / 16).is_multiple_of(2)),
        5 => NewGameEdit::Card(pick / 16 % 5, word(&["tiger", "crab", "boar", "turtle", "nonsense"])),
        6 => NewGameEdit::Limit(word(&["60", "180", "none", "180+2", "custom", "7"])),
        7 => NewGameEdit::ClockMinutes(word(&["5", "0,25", "0,", "", "abc", "99999"])),
        8 => NewGameEdit::ClockIncrement(word(&["3", "", "61", "-1"])),
        _ => NewGameEdit::Watchers((pick / 16).is_multiple_of(2)),
    }
}

fn check_invariants(harness: &Harness) -> Result<(), TestCaseError> {
    let session = &harness.session;
    let state = session.state();
    let game = state.game();
    prop_assert_eq!(&harness.wrong_effect, &None);
    // The canvas shows the state: no change to what it draws went without a new picture.
    let expected = Picture::of(state, session.layout());
    let drawn = harness.picture.as_deref();
    prop_assert!(
        drawn == Some(&expected),
        "the canvas shows another picture: {}",
        picture_difference(drawn, &expected)
    );
    // And the controls show it: no change to what they say went without a new view.
    prop_assert!(harness.controls.as_deref() == Some(&session.controls()), "the controls show an older view");

    // The New game dialog shows the fields the player left, as they are.
    let fields = state.page.dialog.as_ref().and_then(onitama::ui::dialog::Dialog::new_game);
    prop_assert_eq!(session.controls().new_game.map(|view| view.fields), fields.cloned());

    // The Rules dialog is open as the model has it, and says nothing only while its file comes.
    let rules = session.controls().rules;
    prop_assert_eq!(rules.is_some(), matches!(state.page.dialog, Some(Dialog::Rules)));
    if rules.is_some_and(|rules| rules.paragraphs.is_empty()) {
        prop_assert!(state.page.texts.asked(TextsFile::Rules(state.lang())));
    }

    // The board's history: the game shown starts the line, looking back is from a move after it
    // and within the line, and what came with the game is no more than the line.
    let history = &state.board.history;
    prop_assert!(history.whole().moves().starts_with(game.moves()));
    if let Some(end) = history.looking_back_from() {
        prop_assert!(game.moves().len() < end && end <= history.whole().moves().len());
    }
    prop_assert!(history.received() <= history.whole().moves().len());
    // The line followed is one of the tree's; in a game the tree is the game's line, with the
    // line followed beside it in a review.
    let lines = history.lines().lines();
    let followed = history.whole().moves();
    prop_assert!(followed.is_empty() || lines.iter().any(|line| line.starts_with(followed)));
    if state.analysis().is_none() {
        let game_line = history.waiting_game().unwrap_or(history.whole());
        prop_assert_eq!(lines.first().map(Vec::as_slice), Some(game_line.moves()).filter(|moves| !moves.is_empty()));
        prop_assert!(lines.len() <= 1 + usize::from(history.waiting_game().is_some()));
    }
    // Another line is followed only in a review, in place of one of the game's moves.
    let variation = state.review().and_then(|review| review.variation);
    prop_assert_eq!(history.waiting_game().is_some(), variation.is_some());

    // The game equals the game replayed from its record.
    let replayed = Game::from_record(&game.to_record()).map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(replayed.positions(), game.positions());
    prop_assert_eq!(replayed.moves(), game.moves());

    // While a position is set up, the board shows it and the engine waits.
    if let Some(editor) = state.setup_editor() {
        let shown = scene(state, session.layout());
        prop_assert_eq!(shown.pieces.len(), editor.setup.board.iter().flatten().count());
        prop_assert_eq!(state.ai.thinking, None);
        prop_assert_eq!(session.layout().bottom, state.bottom());
        return Ok(());
    }
    // The board, the cards and the move list are in step with the game.
    let shown = scene(state, session.layout());
    let position = game.position();
    prop_assert_eq!(shown.pieces.len(), position.occupied().count() as usize);
    for (square, piece, _) in &shown.pieces {
        prop_assert_eq!(position.piece_at(*square), Some(*piece));
    }
    for color in Color::ALL {
        let mut slots = state.hand_slots()[color.index()];
        let mut hand = position.hand(color).pair();
        slots.sort();
        hand.sort();
        prop_assert_eq!(slots, hand);
    }
    prop_assert_eq!(session.layout().bottom, state.bottom());

    // The page speaks the language chosen: its texts came as asked (natively, as in a browser).
    prop_assert_eq!(state.lang(), state.page.settings.language);

    // While online play is on, a game it dealt is only played or reviewed, never a puzzle, the
    // tutorial or the analysis board (an invitation waits beside anything, the game under it
    // unplayed; once left, the game dealt stays on the board as any finished game).
    if state.online.is_some() && matches!(state.mode, Mode::Online { .. }) {
        prop_assert!(
            matches!(state.activity, Activity::Play | Activity::Review(_)),
            "an online game beside {:?}",
            state.activity
        );
    }

    // Only the AI playing itself pauses.
    if state.ai.paused {
        prop_assert!(matches!(state.mode, Mode::Watch { .. }), "paused in {:?}", state.mode);
    }

    // A search that runs is the latest one started.
    if let Some(thinking) = state.ai.thinking {
        prop_assert_eq!(Some(thinking.request), harness.orders.last().map(|o| o.id()));
    }

    // The AI never stalls: on its turn, unless paused, a search runs or its move is on the way.
    if state.ai_to_move() && !session.ai_stopped() && !state.ai.paused {
        prop_assert!(
            state.ai.thinking.is_some() || session.is_animating(),
            "the AI is to move and nothing is happening"
        );
    }

    // A person to move, with nothing sliding, can act.
    // In the tutorial, the step's own move (once made, the step waits for Next).
    let tutorial = state.tutorial();
    let step_done = tutorial.is_some_and(|run| run.done);
    if state.human_to_move() && !session.is_animating() && !step_done {
        prop_assert!(movable_pieces(state).any() || must_pass(state));
        let mut trial = session.clone();
        let m = tutorial.and_then(|run| run.current().shown()).unwrap_or(game.legal_moves()[0]);
        trial.update(Event::Intent(Intent::Play(m)));
        prop_assert_eq!(trial.state().game().moves().len(), game.moves().len() + 1);
    }

    // Looking back keeps the whole line: what is shown is a start of what is saved; the engine's
    // line in a review is shown in place of a move of the reviewed game, which is what is saved.
    let saved = session.save_file().game;
    let variation = state.review().and_then(|r| r.variation);
    if let Some(ply) = variation {
        prop_assert_eq!(saved.moves(), state.review().unwrap().game.moves());
        prop_assert_eq!(&saved.moves()[..ply - 1], &game.moves()[..ply - 1]);
        prop_assert!(!state.human_to_move() && !state.ai_to_move());
    } else {
        prop_assert!(saved.moves().starts_with(game.moves()));
    }
    // A review judges the game it was asked for, one move after another.
    if let Some(review) = &state.review() {
        for (i, entry) in review.entries.iter().enumerate() {
            prop_assert_eq!(entry.ply, i + 1);
            prop_assert_eq!(entry.played, review.game.moves()[i]);
        }
        prop_assert!(!state.ai_to_move(), "the AI waits while a review is open");
    }
    if let Some(end) = state.board.history.looking_back_from().filter(|_| variation.is_none()) {
        prop_assert_eq!(saved.moves().len(), end);
        prop_assert!(game.moves().len() < end);
        prop_assert!(state.ai.thinking.is_none_or(|t| t.purpose != onitama::ui::state::Purpose::Move));
    }

    // A solution shown stays on its line, the exact search's, and always has its next move on the
    // way unless it is over or looked back at; it never asks the worker to defend, nor counts.
    if let Some(run) = state.puzzle().filter(|run| run.shown) {
        let line = onitama::ai::puzzle::solution(&run.puzzle.position, run.puzzle.plies);
        let whole = state.game_line();
        prop_assert!(line.starts_with(whole.moves()), "off the solution's line: {:?}", whole.moves());
        prop_assert!(!state.human_to_move());
        prop_assert!(state.ai.thinking.is_none_or(|t| t.purpose != onitama::ui::state::Purpose::Move));
        if game.outcome().is_none() && state.board.history.looking_back_from().is_none() && state.review().is_none() {
            prop_assert!(session.is_animating(), "the solution shown has stalled");
        }
    }
    // The list, while open, shows the puzzles of its difficulty offered with the deck's cards once
    // the set is here.
    if let (Some(list), Some(set)) = (session.controls().puzzle_list, state.page.puzzle_set.as_ref()) {
        let offered = |p: &&onitama::ai::puzzle::Puzzle| p.offered_in(state.page.settings.cards);
        prop_assert_eq!(
            list.rows.len(),
            set.iter().filter(offered).filter(|p| p.difficulty().code() == list.shows).count()
        );
        prop_assert!(list.rows.iter().all(|row| set.iter().any(|p| p.id == row.id && offered(&p))));
    }

    // What is held to play is legal here.
    if let Some(m) = session.held_move() {
        prop_assert!(game.legal_moves().contains(&m));
    }
    if let Some(hint) = state.board.hint {
        prop_assert!(game.legal_moves().contains(&hint));
    }
    Ok(())
}

/// An answer to a cancelled or superseded search is never played: a reply whose id is not the
/// running search's changes neither the game, nor the move held, nor the hint.
fn check_reply(before: &Session, after: &Session, id: u32) -> Result<(), TestCaseError> {
    let current = before.state().ai.thinking.map(|t| t.request);
    if current != Some(id) {
        prop_assert_eq!(after.state().game().moves(), before.state().game().moves());
        prop_assert_eq!(after.held_move(), before.held_move());
        prop_assert_eq!(after.state().board.hint, before.state().board.hint);
    }
    Ok(())
}

/// After the sequence, an honest worker and a steady clock: the AI must move within a few steps
/// (once resumed, if paused).
fn check_ai_moves_on(harness: &mut Harness) -> Result<(), TestCaseError> {
    if harness.session.state().ai.paused {
        harness.send(Event::Intent(Intent::ToggleWatchPause));
        prop_assert!(!harness.session.state().ai.paused);
    }
    let start_moves = harness.session.state().game().moves().len();
    let ai_turn = harness.session.state().ai_to_move() && !harness.session.ai_stopped();
    for _ in 0..40 {
        let state = harness.session.state();
        if state.game().moves().len() > start_moves {
            break;
        }
        if let Some(order) =
            harness.orders.last().cloned().filter(|o| state.ai.thinking.is_some_and(|t| t.request == o.id()))
        {
            let event = harness.reply_to(&order, 3, 0);
            harness.send(event);
        }
        harness.now_ms += 100.0;
        let now_ms = harness.now_ms;
        harness.send(Event::Frame { now_ms });
    }
    if ai_turn {
        prop_assert!(harness.session.state().game().moves().len() > start_moves, "the AI did not move");
    }
    Ok(())
}

/// The parts in which two pictures differ, named.
fn picture_difference(drawn: Option<&Picture>, expected: &Picture) -> String {
    let Some(drawn) = drawn else { return "none drawn".to_string() };
    let parts = [
        ("layout", format!("{:?}", drawn.layout) != format!("{:?}", expected.layout)),
        ("dark", drawn.dark != expected.dark),
        ("coordinates", drawn.coordinates != expected.coordinates),
        ("turns_board", drawn.turns_board != expected.turns_board),
        ("still", drawn.still != expected.still),
        ("anim", drawn.anim != expected.anim),
        ("marks", drawn.marks != expected.marks),
        ("cards", drawn.cards != expected.cards),
        ("words_turn", drawn.words_turn != expected.words_turn),
        ("rtl", drawn.rtl != expected.rtl),
        ("mover", drawn.mover != expected.mover),
        ("dragged", drawn.dragged != expected.dragged || drawn.carried != expected.carried),
        ("focus", drawn.focus != expected.focus),
        ("labels", drawn.labels != expected.labels),
        ("clocks", drawn.clocks != expected.clocks),
        ("celebration", drawn.celebration != expected.celebration),
    ];
    let named: Vec<&str> = parts.iter().filter(|(_, differ)| *differ).map(|(name, _)| *name).collect();
    format!("{named:?}; labels {:?} against {:?}", drawn.labels, expected.labels)
}

/// One sequence of the model: a deal, a mode, and the actions, checked after each.
fn run_sequence(
    seed: u64,
    start_mode: usize,
    reduced_motion: bool,
    evaluation: bool,
    actions: &[Action],
) -> Result<(), TestCaseError> {
    let mut harness = played(seed, start_mode, reduced_motion, evaluation, actions)?;
    check_ai_moves_on(&mut harness)
}

/// The harness after `actions`, each checked as it comes.
fn played(
    seed: u64,
    start_mode: usize,
    reduced_motion: bool,
    evaluation: bool,
    actions: &[Action],
) -> Result<Harness, TestCaseError> {
    let game = Game::from_deal(&Deal::from_seed(seed));
    let settings = Settings { evaluation, ..Settings::default() };
    let state = State::new(game, mode(start_mode), settings, reduced_motion, seed);
    let mut harness = Harness {
        session: Session::new(state),
        orders: Vec::new(),
        review: None,
        now_ms: 0.0,
        wrong_effect: None,
        picture: None,
        controls: None,
    };
    harness.send(Event::Relayout { width: 1280.0, height: 800.0, pixel_ratio: 1.0 });
    harness.send(Event::Opened);
    for action in actions {
        let before = harness.session.clone();
        let replied = match *action {
            Action::Reply { age, .. } => harness.orders.iter().rev().nth(age).map(|o| o.id()),
            _ => None,
        };
        harness.apply(action);
        if let Some(id) = replied {
            check_reply(&before, &harness.session, id)?;
        }
        // The player's game put aside is kept as it was until it comes back: never replaced.
        if let (Some(kept), Some(now)) = (&before.state().aside, &harness.session.state().aside) {
            prop_assert_eq!(kept, now, "the game aside changed under {:?}", action);
        }
        // It leaves only by coming back, or when the player agrees to abandon it for a new game
        // (a finished game, which waits aside only to be seen again, goes with any new game).
        let abandoned = matches!(action, Action::Deal(kind) if *kind > 0);
        let aside = (&before.state().aside, &harness.session.state().aside);
        if let (Some(kept), None) = aside
            && !abandoned
            && kept.game.outcome().is_none()
        {
            let state = harness.session.state();
            prop_assert!(
                state.game_line() == kept.game && state.mode == kept.mode,
                "the game aside left without coming back under {:?}",
                action
            );
        }
        check_invariants(&harness)?;
    }
    Ok(harness)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: SEQUENCES, ..ProptestConfig::default() })]

    #[test]
    fn the_page_keeps_playing_whatever_happens(
        seed in any::<u64>(),
        start_mode in 0usize..5,
        reduced_motion in any::<bool>(),
        evaluation in any::<bool>(),
        actions in proptest::collection::vec(action(), 1..MAX_EVENTS),
    ) {
        run_sequence(seed, start_mode, reduced_motion, evaluation, &actions)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    /// Every random number comes from the session's seeded dice (deals, the coin, the levels):
    /// the same events replay the same page, new deals included.
    #[test]
    fn the_same_events_replay_the_same_page(
        seed in any::<u64>(),
        start_mode in 0usize..5,
        actions in proptest::collection::vec(action(), 1..60),
    ) {
        let first = played(seed, start_mode, false, false, &actions)?;
        let again = played(seed, start_mode, false, false, &actions)?;
        prop_assert_eq!(first.session.save_file(), again.session.save_file());
        prop_assert_eq!(first.session.controls(), again.session.controls());
    }
}

/// The model's online actions reach an online game: a friend invited, a deal, moves, an end
/// declared, and leaving.
#[test]
fn the_model_plays_an_online_game() {
    use Action::*;
    // The module's moves, and the page's once the module's state lets it move.
    let actions =
        [Online(0, 0), Online(3, 0), Online(4, 0), Online(8, 0), Play(0), Online(4, 0), Online(8, 0), Online(5, 0)];
    let harness = played(1, 0, true, false, &actions).expect("every invariant holds");
    let state = harness.session.state();
    assert_eq!(state.mode, Mode::Online { you: Some(Color::Red) });
    assert_eq!(state.game_line().moves().len(), 3, "the module's moves and the player's: {:?}", state.game_line());
    assert!(state.game_line().outcome().is_some(), "the end the module declared");
    let mut harness = harness;
    harness.apply(&Online(2, 0));
    check_invariants(&harness).expect("every invariant holds after leaving");
}

/// Sequences the model once found wrong, kept as they were shrunk.
#[test]
fn sequences_once_found_wrong_stay_right() {
    use Action::*;
    let cases: [(u64, usize, Vec<Action>); 3] = [
        // A card that moves no piece, chosen in a puzzle: nothing was left to move.
        (
            0,
            0,
            vec![
                Puzzle(18),
                Play(7057750115082532827),
                Play(3896414765045128122),
                Play(3163311152014469432),
                Play(0),
                Relayout(200.0, 200.0),
                ClickCard(0),
            ],
        ),
        // Closing a review shown on the engine's line of a resigned game turned by pass and play:
        // the board stayed facing the line's side.
        (
            0,
            0,
            vec![
                NewGame(3177894810727973353, 2),
                Play(3676428442581887089),
                Resign(0),
                Review,
                ReviewReply(11285904680974450, false),
                BestLine(710432717605215829),
                ReviewReply(0, false),
                CloseReview,
            ],
        ),
        // Reviewing again from the engine's line of a resigned game turned by pass and play: the
        // board stayed facing the line's side (the fix above had been for closing only).
        (
            0,
            2,
            vec![
                Play(206241511002618),
                Resign(0),
                Review,
                ReviewReply(595524729305542, false),
                BestLine(13909596067767084877),
                ReviewReply(0, false),
                Review,
            ],
        ),
    ];
    for (seed, start_mode, actions) in cases {
        if let Err(error) = run_sequence(seed, start_mode, false, false, &actions) {
            panic!("{actions:?}: {error}");
        }
    }
}

/// What undo, redo and looking back do, told simply: a line of moves and a cursor in it (the
/// moves before the cursor are played, the rest can be redone), and while looking back the end
/// of the line looked along.
#[derive(Debug, Default)]
struct Line {
    moves: Vec<onitama::rules::Move>,
    cursor: usize,
    looking_back: Option<usize>,
}

#[derive(Clone, Debug)]
enum Step {
    Play(usize),
    Undo,
    Redo,
    View(usize),
    BackToGame,
    ContinueHere,
}

impl Line {
    fn view(&mut self, ply: usize) {
        let end = self.looking_back.unwrap_or(self.cursor);
        let ply = ply.min(end);
        if ply == self.cursor && (self.looking_back.is_none() || ply < end) {
            return;
        }
        self.cursor = ply;
        self.looking_back = (ply < end).then_some(end);
    }

    fn apply(&mut self, step: &Step, game: &Game) {
        match *step {
            Step::Play(pick) => {
                let legal = game.legal_moves();
                let Some(&m) = legal.get(pick % legal.len().max(1)) else { return };
                self.looking_back = None;
                if self.moves.get(self.cursor) != Some(&m) {
                    self.moves.truncate(self.cursor);
                    self.moves.push(m);
                }
                self.cursor += 1;
            }
            Step::Undo if self.looking_back.is_some() => self.view(self.cursor.saturating_sub(1)),
            Step::Redo if self.looking_back.is_some() => self.view(self.cursor + 1),
            Step::Undo => self.cursor = self.cursor.saturating_sub(1),
            Step::Redo => self.cursor = (self.cursor + 1).min(self.moves.len()),
            Step::View(ply) => self.view(ply),
            Step::BackToGame => self.view(self.looking_back.unwrap_or(self.cursor)),
            Step::ContinueHere => self.looking_back = None,
        }
    }
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => (0usize..40).prop_map(Step::Play),
        3 => Just(Step::Undo),
        3 => Just(Step::Redo),
        3 => (0usize..30).prop_map(Step::View),
        1 => Just(Step::BackToGame),
        1 => Just(Step::ContinueHere),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn undo_redo_and_looking_back_follow_a_line_and_a_cursor(
        seed in any::<u64>(),
        steps in proptest::collection::vec(step(), 1..80),
    ) {
        let game = Game::from_deal(&Deal::from_seed(seed));
        let state = State::new(game, Mode::PassAndPlay { turn_board: false }, Settings::default(), true, seed);
        let mut session = Session::new(state);
        session.update(Event::Opened);
        let mut line = Line::default();
        for step in &steps {
            line.apply(step, session.state().game());
            let intent = match *step {
                Step::Play(pick) => {
                    let legal = session.state().game().legal_moves();
                    match legal.get(pick % legal.len().max(1)) {
                        Some(&m) => Intent::Play(m),
                        None => continue,
                    }
                }
                Step::Undo => Intent::Undo,
                Step::Redo => Intent::Redo,
                Step::View(ply) => Intent::View(ply),
                Step::BackToGame => Intent::BackToGame,
                Step::ContinueHere => Intent::ContinueHere,
            };
            session.update(Event::Intent(intent));
            let state = session.state();
            prop_assert_eq!(state.game().moves(), &line.moves[..line.cursor], "after {:?}", step);
            let redoable = state.board.history.ahead().to_vec();
            prop_assert_eq!(&redoable[..], &line.moves[line.cursor..], "after {:?}", step);
            prop_assert_eq!(state.board.history.looking_back_from(), line.looking_back, "after {:?}", step);
            let end = line.looking_back.unwrap_or(line.cursor);
            let whole = state.game_line();
            prop_assert_eq!(whole.moves(), &line.moves[..end]);
            let view = session.controls();
            prop_assert_eq!((view.undo, view.redo), (line.cursor > 0, line.cursor < line.moves.len()));
            prop_assert_eq!(view.moves.len(), end);
        }
    }
}
