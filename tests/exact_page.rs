//! The page's AI plays few-piece positions from the exact tables at its two strongest levels: the
//! session asks the endgame worker (`Effect::AskExact`), plays its answer, and falls back to the
//! level's search when the worker refuses or fails. The worker is played here by the same tables
//! natively.

mod common;

use common::{Motion, exact_requests, open_position, run_frames, searches};
use onitama::ai::Score;
use onitama::ai::exact::TableCache;
use onitama::engine_protocol::worker::{EndgameReport, EndgameRequest, EngineRequest, NoExact};
use onitama::mode::AiLevel;
use onitama::rules::{Color, Position};
use onitama::ui::Mode;
use onitama::ui::session::{Effect, Event};
use onitama::ui::settings::Settings;
use onitama::ui::state::{Evaluation, Notice};

/// Blue to move takes Red's student first (crab c4c3) and wins in 3.
const BLUE_WINS: &str = "5/2B2/2r2/5/R4 ox,boar crab,tiger horse b";
const ELITE: AiLevel = AiLevel::nth(10);

fn against(level: AiLevel) -> Mode {
    Mode::VsAi { human: Color::Red, level }
}

/// What the endgame worker answers, from the deal's tables.
fn answer(request: &EndgameRequest, tables: &mut TableCache) -> Event {
    let found = tables.best_move(&request.position, &request.earlier, request.pieces);
    Event::Exact(EndgameReport::answer(request.id, found))
}

fn level_moves(effects: &[Effect]) -> usize {
    searches(effects).iter().filter(|o| matches!(o.request, EngineRequest::LevelMove { .. })).count()
}

#[test]
fn the_two_strongest_levels_play_few_pieces_from_the_tables() {
    let mut tables = TableCache::new();
    for level in [AiLevel::nth(10), AiLevel::STRONGEST] {
        let (mut session, effects) = open_position(BLUE_WINS, against(level), Settings::default(), Motion::Reduced);
        let requests = exact_requests(&effects);
        assert_eq!(requests.len(), 1, "{}: {effects:?}", level.code());
        assert_eq!(searches(&effects), vec![], "{}: no search while the tables answer", level.code());
        assert_eq!(requests[0].pieces, 3);
        assert!(session.state().ai.thinking.is_some(), "the AI is seen thinking");
        let effects = session.update(answer(&requests[0], &mut tables));
        assert!(exact_requests(&effects).is_empty() && searches(&effects).is_empty(), "{effects:?}");
        run_frames(&mut session, 0.0);
        assert_eq!(session.state().game().moves().first().map(|m| m.to_string()).as_deref(), Some("crab:c4c3"));
        let position: Position = BLUE_WINS.parse().unwrap();
        let evaluation = Some(Evaluation { position, score: Score::Win(3), exact: true });
        assert_eq!(session.state().ai.evaluation, evaluation, "the bar knows the win");
    }
}

#[test]
fn the_other_levels_keep_their_character_and_many_pieces_are_searched() {
    for level in AiLevel::all().filter(|l| !l.params().plays_exact_endgames()) {
        let (_, effects) = open_position(BLUE_WINS, against(level), Settings::default(), Motion::Reduced);
        assert!(exact_requests(&effects).is_empty(), "{}", level.code());
        assert_eq!(level_moves(&effects), 1, "{}", level.code());
    }
    let four = "5/2B2/2r2/2b2/R4 ox,boar crab,tiger horse b";
    let (_, effects) = open_position(four, against(ELITE), Settings::default(), Motion::Reduced);
    assert!(exact_requests(&effects).is_empty());
    assert_eq!(level_moves(&effects), 1);
}

#[test]
fn a_refusal_or_a_failure_hands_the_move_to_the_levels_search() {
    // Refused: the level's search plays that position, which is not asked of the tables again.
    let (mut session, effects) = open_position(BLUE_WINS, against(ELITE), Settings::default(), Motion::Reduced);
    let id = exact_requests(&effects)[0].id;
    let refused = EndgameReport::None { id, why: NoExact::Bad("nothing".into()) };
    let effects = session.update(Event::Exact(refused));
    assert_eq!(level_moves(&effects), 1, "{effects:?}");
    assert!(exact_requests(&effects).is_empty());
    assert_eq!(session.state().notice, None, "the player is not troubled");

    // Failed: the search plays, now and after.
    let (mut session, effects) = open_position(BLUE_WINS, against(ELITE), Settings::default(), Motion::Reduced);
    assert_eq!(exact_requests(&effects).len(), 1);
    let effects = session.update(Event::EndgameFailed("the worker died".into()));
    assert_eq!(level_moves(&effects), 1, "{effects:?}");
    let late = EndgameReport::answer(
        exact_requests(&effects).first().map_or(1, |r| r.id),
        Err(onitama::ai::exact::Uncovered::GameOver),
    );
    let effects = session.update(Event::Exact(late));
    assert!(
        exact_requests(&effects).is_empty() && searches(&effects).is_empty(),
        "a late answer changes nothing: {effects:?}"
    );
    assert!(session.state().ai.thinking.is_some(), "the search still runs");
}

#[test]
fn a_move_asked_of_the_tables_is_dropped_without_ending_a_worker() {
    let mut tables = TableCache::new();
    // Red (the player) to move in a 3-piece position; then the AI's turn.
    let (mut session, effects) = open_position(
        "5/2B2/2r2/5/R4 ox,boar crab,tiger horse r",
        against(ELITE),
        Settings::default(),
        Motion::Reduced,
    );
    assert!(exact_requests(&effects).is_empty(), "the player's move: {effects:?}");
    let m: onitama::rules::Move = "ox:a1a2".parse().unwrap();
    let effects = session.update(Event::Intent(onitama::ui::intent::Intent::Play(m)));
    let effects = [effects, run_frames(&mut session, 0.0)].concat();
    let request = exact_requests(&effects).pop().expect("the AI's move is asked of the tables");
    // The player takes the move back before the answer: the endgame worker keeps its tables.
    let effects = session.update(Event::Intent(onitama::ui::intent::Intent::Undo));
    assert!(!effects.iter().any(|e| matches!(e, Effect::CancelSearch)), "{effects:?}");
    assert!(session.state().ai.thinking.is_none());
    let effects = session.update(answer(&request, &mut tables));
    assert!(effects.iter().all(|e| !matches!(e, Effect::Redraw(_))), "the late answer is dropped: {effects:?}");
    assert_eq!(session.state().game().moves().len(), 0);
    assert_eq!(session.held_move(), None);
}

#[test]
fn the_search_workers_failure_does_not_stop_a_move_asked_of_the_tables() {
    let mut tables = TableCache::new();
    let (mut session, effects) = open_position(BLUE_WINS, against(ELITE), Settings::default(), Motion::Reduced);
    let request = exact_requests(&effects).pop().unwrap();
    session.update(Event::WorkerFailed("the search worker died".into()));
    assert!(!matches!(session.state().notice, Some(Notice::AiFailed(_))), "{:?}", session.state().notice);
    assert!(!session.ai_stopped());
    session.update(answer(&request, &mut tables));
    run_frames(&mut session, 0.0);
    assert_eq!(session.state().game().moves().len(), 1, "the tables' move is played");
}

#[test]
fn the_bar_and_the_hint_say_the_exact_value_whoever_plays() {
    let mut tables = TableCache::new();
    let settings = Settings { evaluation: true, ..Settings::default() };
    let two = Mode::PassAndPlay { turn_board: false };
    let (mut session, effects) = open_position(BLUE_WINS, two, settings, Motion::Reduced);
    let request = exact_requests(&effects).pop().expect("the bar's value is asked of the tables");
    assert_eq!(searches(&effects), vec![]);
    session.update(answer(&request, &mut tables));
    let bar = onitama::ui::view::controls(session.state()).evaluation.expect("the bar shows");
    // Three plies: Blue's second move wins.
    assert_eq!(bar.label, "Blue wins in 2 (exact)");
    assert!(bar.red_permille < 100, "{}", bar.red_permille);
    let effects = session.update(Event::Intent(onitama::ui::intent::Intent::Hint));
    let request = exact_requests(&effects).pop().expect("the hint is asked of the tables");
    session.update(answer(&request, &mut tables));
    assert_eq!(session.state().board.hint.map(|m| m.to_string()).as_deref(), Some("crab:c4c3"));
    // In French, and a draw.
    let draw = "1B3/5/5/5/R1b2 elephant,horse crab,boar ox r";
    let french = Settings { language: onitama::ui::Lang::Fr, ..settings };
    let (mut session, effects) = open_position(draw, two, french, Motion::Reduced);
    session.update(answer(&exact_requests(&effects)[0], &mut tables));
    let bar = onitama::ui::view::controls(session.state()).evaluation.unwrap();
    assert_eq!(bar.label, "Nulle (exact)");
}
