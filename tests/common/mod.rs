//! What the page's native tests share: a session opened as the page opens it, and finders for
//! what its effects ask of the worker; and (`emblems`) what the emblem tests share.
#![allow(dead_code)] // each test file uses its own part

pub mod emblems;

use onitama::ai::Score;
use onitama::ai::puzzle::{Puzzle, parse_set};
use onitama::ai::review::{MoveClass, PlyReview};
use onitama::mode::AiLevel;
use onitama::rules::{Color, Deal, Game, Move, Square};
use onitama::ui::session::{Effect, Event, Reply, ReplyKind, SearchOrder};
use onitama::ui::settings::Settings;
use onitama::ui::{Mode, Session, State};

/// The standard start with a fixed deal.
pub const START: &str = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r";

/// Red can take Blue's master at once (crab:c2c3) but plays boar:c2b2; Blue then takes Red's.
pub const BLUNDER: &str = "start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\nmoves boar:c2b2 elephant:c3b2\n";

/// The review of `BLUNDER`'s first move: a forced win thrown away.
pub fn blunder_entry() -> PlyReview {
    PlyReview {
        ply: 1,
        played: mv("boar:c2b2"),
        best: Some(mv("crab:c2c3")),
        line: vec![mv("crab:c2c3")],
        score_before: Score::Win(1),
        score_after: Score::Loss(1),
        class: MoveClass::Blunder,
        exact: false,
    }
}

/// Whether moves slide on screen, or the system asks for reduced motion.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Motion {
    On,
    Reduced,
}

/// A session over `game` on a 1280×800 canvas, opened, with what opening it asked for; every
/// language's texts are here (`open_in_english` starts with English alone).
pub fn open_game(game: Game, mode: Mode, settings: Settings, motion: Motion) -> (Session, Vec<Effect>) {
    let mut state = State::new(game, mode, settings, motion == Motion::Reduced, 7);
    state.page.texts = every_language();
    open_state(state)
}

/// A session in English as a page opens with nothing fetched yet: other languages' texts come
/// as their files are asked for.
pub fn open_in_english(position: &str, mode: Mode) -> (Session, Vec<Effect>) {
    open_state(State::new(Game::new(position.parse().unwrap()), mode, Settings::default(), true, 7))
}

fn open_state(state: State) -> (Session, Vec<Effect>) {
    let mut session = Session::new(state);
    let mut effects = session.update(Event::Relayout { width: 1280.0, height: 800.0, pixel_ratio: 1.0 });
    effects.extend(session.update(Event::Opened));
    (session, effects)
}

/// The puzzle set the page ships.
pub fn puzzle_set() -> Vec<Puzzle> {
    parse_set(include_str!("../../www/puzzles.txt")).unwrap()
}

/// A session on a 360×640 phone over a game in progress against the AI, with `solved` puzzles
/// solved already: where the puzzle tests start.
pub fn open_for_puzzles(settings: Settings, solved: &[u32], motion: Motion) -> Session {
    let mode = Mode::VsAi { human: Color::Red, level: AiLevel::nth(3) };
    let mut state = State::new(Game::from_deal(&Deal::from_seed(1)), mode, settings, motion == Motion::Reduced, 7);
    state.page.solved = solved.to_vec();
    state.page.texts = every_language();
    let mut session = Session::new(state);
    session.update(Event::Relayout { width: 360.0, height: 640.0, pixel_ratio: 1.0 });
    session.update(Event::Opened);
    session
}

/// A session from a position in notation.
pub fn open_position(position: &str, mode: Mode, settings: Settings, motion: Motion) -> (Session, Vec<Effect>) {
    open_game(Game::new(position.parse().unwrap()), mode, settings, motion)
}

/// A session over a game record.
pub fn open_record(record: &str, mode: Mode, motion: Motion) -> Session {
    open_game(Game::from_record(record).unwrap(), mode, Settings::default(), motion).0
}

pub fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

pub fn sq(text: &str) -> Square {
    text.parse().unwrap()
}

/// Every search the effects start, in order.
pub fn searches(effects: &[Effect]) -> Vec<SearchOrder> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::StartSearch(order) => Some(order.clone()),
            _ => None,
        })
        .collect()
}

/// Every question the effects ask of the endgame worker, in order.
pub fn exact_requests(effects: &[Effect]) -> Vec<onitama::engine_protocol::worker::EndgameRequest> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::AskExact(request) => Some(request.clone()),
            _ => None,
        })
        .collect()
}

/// The worker's answer to `order`.
pub fn done(order: &SearchOrder, best: Option<Move>, score: Option<Score>) -> Event {
    Event::Reply(Reply { id: order.id(), kind: ReplyKind::Done { best, score } })
}

/// The first legal move of a search's position: what an honest worker might answer.
pub fn some_move(order: &SearchOrder) -> Move {
    order.position().legal_moves()[0]
}

/// Frames 20 ms apart from `from_ms` until nothing moves (at most 100).
pub fn run_frames(session: &mut Session, from_ms: f64) -> Vec<Effect> {
    let mut effects = Vec::new();
    for i in 0..100 {
        if session.state().board.anim.is_none() {
            break;
        }
        effects.extend(session.update(Event::Frame { now_ms: from_ms + 20.0 * f64::from(i) }));
    }
    effects
}

/// `www/<dir>/<code>.txt`, checked against what its table writes (`written`): with `update` set
/// in the environment the file is written first. Fails, naming the command that rewrites it, where
/// the two differ; gives the file.
pub fn file_is_its_table(dir: &str, lang: onitama::ui::Lang, written: &str, update: &str, test: &str) -> String {
    let path = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("www/{dir}/{}.txt", lang.code()));
    if std::env::var_os(update).is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, written).unwrap();
    }
    let file = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(file == written, "{} differs from the table: run {update}=1 cargo test --test {test}", path.display());
    file
}

/// Every language's page texts and error texts, installed from their files as the page installs
/// them (natively a page starts with English alone, as in the browser).
pub fn every_language() -> onitama::ui::text::Languages {
    use onitama::ui::Lang;
    let mut languages = onitama::ui::text::Languages::default();
    for lang in Lang::ALL {
        languages.install_page(lang, Some(onitama::ui::text::texts_file(lang)));
        languages.install_errors(lang, Some(onitama::ui::error_text::error_file(lang)));
    }
    languages
}

thread_local! {
    /// The tests' texts: kept for the thread's life, so that they can be lent to any test.
    static EVERY: &'static onitama::ui::text::Languages = Box::leak(Box::new(every_language()));
}

/// `lang`'s texts, page and errors, as the page has them once their files have come.
pub fn texts(lang: onitama::ui::Lang) -> onitama::ui::text::Texts<'static> {
    EVERY.with(|every| every.texts(lang))
}
