//! The analysis board in the session: opened on the position shown with the game in progress
//! aside, the engine's best lines searched and shown, a line's move played, the engine stopped
//! and started, the exact tables first where they know the position, and left for the game aside.

mod common;

use common::{Motion, START, done, exact_requests, open_position, run_frames, searches};
use onitama::ai::exact::TableCache;
use onitama::ai::{Line, Score};
use onitama::engine_protocol::worker::{EndgameReport, EngineRequest};
use onitama::mode::AiLevel;
use onitama::rules::{Color, Move, Position};
use onitama::ui::intent::Intent;
use onitama::ui::new_game_form::{NewGameEdit, NewGameOpens};
use onitama::ui::session::{Effect, Event, Reply, ReplyKind, SearchOrder};
use onitama::ui::settings::Settings;
use onitama::ui::view::controls;
use onitama::ui::{Mode, Session};

fn lines_searched(effects: &[Effect]) -> Vec<SearchOrder> {
    searches(effects).into_iter().filter(|o| matches!(o.request, EngineRequest::Lines { .. })).collect()
}

/// The worker's lines for `order`: its first `count` legal moves, scored down from `best`.
fn lines(order: &SearchOrder, depth: u32, count: usize) -> Event {
    let position = order.position();
    let lines = position
        .legal_moves()
        .iter()
        .take(count)
        .enumerate()
        .map(|(i, &first)| Line { first, score: Score::Value(40 - 30 * i as i32), continuation: Vec::new() })
        .collect();
    Event::Reply(Reply { id: order.id(), kind: ReplyKind::Lines { depth, lines } })
}

fn intent(session: &mut Session, intent: Intent) -> Vec<Effect> {
    session.update(Event::Intent(intent))
}

/// A game against the AI with the player's first move made: the game that waits aside.
fn one_move_against_the_ai() -> (Session, Mode, Move) {
    let mode = Mode::VsAi { human: Color::Red, level: AiLevel::nth(3) };
    let (mut session, _) = open_position(START, mode, Settings::default(), Motion::Reduced);
    let m: Move = session.state().game().legal_moves()[0];
    intent(&mut session, Intent::Play(m));
    (session, mode, m)
}

#[test]
fn the_board_opens_on_the_position_shown_with_the_game_aside_and_searches_three_lines() {
    let (mut session, mode, m) = one_move_against_the_ai();
    let blue_to_move = *session.state().position();
    let effects = intent(&mut session, Intent::Analyse);
    let state = session.state();
    assert!(state.analysis().is_some());
    assert_eq!(state.position(), &blue_to_move, "the position shown");
    assert_eq!(state.mode, Mode::PassAndPlay { turn_board: false }, "both sides are the player's");
    assert_eq!(state.aside.as_ref().map(|a| a.game.moves().len()), Some(1), "the game waits aside");
    let orders = lines_searched(&effects);
    assert_eq!(orders.len(), 1, "{effects:?}");
    let EngineRequest::Lines { count, position, .. } = &orders[0].request else { unreachable!() };
    assert_eq!((count.get(), *position), (3, blue_to_move));
    assert!(searches(&effects).iter().all(|o| matches!(o.request, EngineRequest::Lines { .. })), "no level moves");

    // A depth's lines: three rows, best first, and the bar from the first one.
    session.update(lines(&orders[0], 7, 3));
    let view = controls(session.state());
    let panel = view.analysis.expect("the panel");
    assert_eq!(panel.status, "Depth 7");
    assert_eq!(panel.lines.len(), 3);
    assert!(panel.lines[0].score.starts_with("Blue +0.4"), "{:?}", panel.lines[0]);
    assert!(!panel.lines[0].moves.is_empty());
    assert!(view.evaluation.is_some(), "the bar shows on the analysis board, whatever the setting");
    assert_eq!(view.mode_line, "Analysis board");
    assert_eq!(view.resign, None, "nobody resigns a study");

    // Leaving brings the game back as it was.
    intent(&mut session, Intent::LeaveAnalysis);
    let state = session.state();
    assert!(state.analysis().is_none());
    assert_eq!(state.mode, mode);
    assert_eq!(state.game().moves(), &[m]);
}

#[test]
fn a_lines_move_is_played_and_the_next_position_is_searched() {
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    let effects = intent(&mut session, Intent::Analyse);
    let order = lines_searched(&effects).pop().unwrap();
    session.update(lines(&order, 5, 3));
    let second = order.position().legal_moves()[1];
    let effects = intent(&mut session, Intent::PlayLine(1));
    assert_eq!(session.state().game().moves(), &[second], "the second line's first move");
    assert!(effects.contains(&Effect::CancelSearch), "the old position's search ends");
    let effects = [effects, run_frames(&mut session, 0.0)].concat();
    let next = lines_searched(&effects).pop().expect("the new position is searched");
    assert_eq!(next.position(), *session.state().position());
    // A line that is not there plays nothing.
    intent(&mut session, Intent::PlayLine(5));
    assert_eq!(session.state().game().moves().len(), 1);
}

#[test]
fn the_engine_stops_and_starts_again_and_a_finished_search_is_not_repeated() {
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    let order = lines_searched(&intent(&mut session, Intent::Analyse)).pop().unwrap();
    session.update(lines(&order, 3, 3));
    let effects = intent(&mut session, Intent::ToggleAnalysis);
    assert!(effects.contains(&Effect::CancelSearch));
    let panel = controls(session.state()).analysis.unwrap();
    assert_eq!((panel.status.as_str(), panel.toggle_label.as_deref()), ("The engine is stopped", Some("Analyse")));
    assert_eq!(panel.lines.len(), 3, "the lines found stay");
    assert!(lines_searched(&session.update(Event::Frame { now_ms: 100.0 })).is_empty(), "stopped stays stopped");
    let order = lines_searched(&intent(&mut session, Intent::ToggleAnalysis)).pop().expect("started again");
    assert_eq!(controls(session.state()).analysis.unwrap().toggle_label.as_deref(), Some("Stop"));
    let EngineRequest::Lines { limits, .. } = &order.request else { unreachable!() };
    assert_eq!(limits.movetime_ms, Some(30_000.0), "a position is studied 30 s at most, then the engine rests");
    // The search ends by itself (every line seen to its end, or its time): not asked again...
    session.update(lines(&order, 9, 3));
    let effects = session.update(done(&order, None, None));
    assert!(lines_searched(&effects).is_empty(), "{effects:?}");
    let panel = controls(session.state()).analysis.unwrap();
    assert_eq!((panel.status.as_str(), panel.toggle_label.as_deref()), ("Depth 9", Some("Analyse")));
    assert!(lines_searched(&session.update(Event::Frame { now_ms: 200.0 })).is_empty());
    // ...until the player asks the engine to go on.
    let effects = intent(&mut session, Intent::ToggleAnalysis);
    assert_eq!(lines_searched(&effects).len(), 1, "{effects:?}");
    assert_eq!(controls(session.state()).analysis.unwrap().toggle_label.as_deref(), Some("Stop"));
}

#[test]
fn a_few_pieces_position_asks_the_tables_first_then_the_lines() {
    let blue_wins = "5/2B2/2r2/5/R4 ox,boar crab,tiger horse b";
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    let effects = intent(&mut session, Intent::AnalysePosition(blue_wins.parse().unwrap()));
    let request = exact_requests(&effects).pop().expect("the tables are asked first");
    assert!(lines_searched(&effects).is_empty());
    let found = TableCache::new().best_move(&request.position, &request.earlier, request.pieces);
    let effects = session.update(Event::Exact(EndgameReport::answer(request.id, found)));
    let order = lines_searched(&effects).pop().expect("then the lines");
    session.update(lines(&order, 4, 2));
    // The search ends with its own score: the tables' value stays.
    session.update(done(&order, None, Some(Score::Win(3))));
    let view = controls(session.state());
    assert_eq!(view.evaluation.unwrap().label, "Blue wins in 2 (exact)", "the lines do not hide the exact value");
    assert_eq!(view.analysis.unwrap().lines.len(), 2);
}

#[test]
fn the_tables_lines_are_the_lines_in_a_few_pieces_position_each_said_exact() {
    let blue_wins = "5/2B2/2r2/5/R4 ox,boar crab,tiger horse b";
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    let effects = intent(&mut session, Intent::AnalysePosition(blue_wins.parse().unwrap()));
    let request = exact_requests(&effects).pop().expect("the tables are asked first");
    let found = TableCache::new().lines(&request.position, &request.earlier, request.pieces, (3, 12));
    let effects = session.update(Event::Exact(EndgameReport::answer_lines(request.id, found)));
    assert!(lines_searched(&effects).is_empty(), "nothing to search: the tables know every line");
    let panel = controls(session.state()).analysis.unwrap();
    assert_eq!(panel.status, "Exact: the endgame tables");
    assert_eq!(panel.toggle_label, None, "nothing to stop or start");
    assert_eq!(panel.lines.len(), 3);
    assert!(panel.lines[0].score.starts_with("Blue wins in 2 (exact)"), "{:?}", panel.lines[0]);
    assert_eq!(panel.lines[0].moves, "crab c4→c3\u{a0}× → boar a1→b1 → tiger c3→c1\u{a0}★", "played out to the win");
    assert!(panel.lines.iter().all(|line| line.score.ends_with("(exact)")), "{:?}", panel.lines);
    assert!(lines_searched(&intent(&mut session, Intent::ToggleAnalysis)).is_empty(), "still nothing to search");
    // A line's move played: the next position asks the tables again.
    let effects = intent(&mut session, Intent::PlayLine(0));
    assert_eq!(exact_requests(&effects).len(), 1, "{effects:?}");
}

#[test]
fn analysing_again_keeps_the_first_game_aside_and_a_finished_position_is_not_searched() {
    let (mut session, _, m) = one_move_against_the_ai();
    intent(&mut session, Intent::Analyse);
    intent(&mut session, Intent::PlayLine(0));
    let over: Position = "5/2R2/5/5/r4 ox,crab boar,tiger horse b".parse().unwrap();
    let effects = intent(&mut session, Intent::AnalysePosition(over));
    assert!(lines_searched(&effects).is_empty(), "nothing to search in a finished game");
    assert_eq!(controls(session.state()).analysis.unwrap().status, "The game is over in this position");
    assert_eq!(session.state().aside.as_ref().map(|a| a.game.moves()), Some(&[m][..]), "the first game stays aside");
    intent(&mut session, Intent::LeaveAnalysis);
    assert_eq!(session.state().game().moves(), &[m]);
    // Without a game aside, the line explored stays as a game of two players.
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    intent(&mut session, Intent::Analyse);
    let first = session.state().game().legal_moves()[0];
    intent(&mut session, Intent::Play(first));
    intent(&mut session, Intent::LeaveAnalysis);
    assert!(session.state().analysis().is_none());
    assert_eq!(session.state().game().moves(), &[first]);
    assert_eq!(session.state().mode, Mode::PassAndPlay { turn_board: false });
}

#[test]
fn a_study_is_no_game_of_the_players_a_new_game_drops_it_without_asking_and_its_end_is_not_kept() {
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    // Red to move takes the master at once.
    let won: Position = "5/2B2/2R2/5/5 crab,boar horse,elephant ox r".parse().unwrap();
    intent(&mut session, Intent::AnalysePosition(won));
    let winning = session.state().position().winning_move().expect("a winning move");
    let effects = intent(&mut session, Intent::Play(winning));
    assert!(session.state().game().outcome().is_some());
    assert!(!effects.iter().any(|e| matches!(e, Effect::KeepFinished(..) | Effect::SaveStandings(_))), "{effects:?}");
    assert!(session.state().page.finished.is_empty());
    let game = onitama::rules::Game::new(START.parse().unwrap());
    intent(&mut session, Intent::NewGame { game, mode: Mode::default() });
    assert!(session.state().question.is_none(), "nothing at stake");
    assert!(session.state().analysis().is_none());
}

#[test]
fn the_hint_is_the_best_line_rows_wait_while_searching_and_a_finished_board_asks_nothing() {
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    let order = lines_searched(&intent(&mut session, Intent::Analyse)).pop().unwrap();
    // Before the first depth: three rows of "…", which keep a keyboard's focus.
    let panel = controls(session.state()).analysis.unwrap();
    assert_eq!(panel.lines.iter().map(|l| l.score.as_str()).collect::<Vec<_>>(), ["…", "…", "…"]);
    assert_eq!(panel.status, "Analysing…");
    session.update(lines(&order, 6, 3));
    let effects = intent(&mut session, Intent::Hint);
    assert_eq!(session.state().board.hint, Some(order.position().legal_moves()[0]), "the first line's move");
    assert!(searches(&effects).is_empty() && !effects.contains(&Effect::CancelSearch), "{effects:?}");
    assert!(!controls(session.state()).back_to_my_game, "Close does that here");
    // A finished game on the board: no toggle, no bar, no rows.
    let over: Position = "5/2R2/5/5/r4 ox,crab boar,tiger horse b".parse().unwrap();
    intent(&mut session, Intent::AnalysePosition(over));
    let view = controls(session.state());
    let panel = view.analysis.unwrap();
    assert_eq!((panel.toggle_label, panel.lines.len()), (None, 0));
    assert!(view.evaluation.is_none());
}

#[test]
fn moves_played_after_going_back_make_branches_that_the_move_list_shows_and_a_reload_keeps() {
    let (mut session, _, first) = one_move_against_the_ai();
    // The AI's answer, so that the game has two moves.
    let answer = session.state().game().legal_moves()[0];
    session.update(Event::Intent(Intent::Play(answer)));
    intent(&mut session, Intent::Analyse);
    assert_eq!(session.state().game().moves(), &[first, answer], "opened at the position shown");

    // Back one move, and another answer: a branch; the first answer stays, under the move that
    // replaced it.
    intent(&mut session, Intent::Step { back: true });
    assert_eq!(session.state().board.history.looking_back_from(), None, "the analysis board plays on from any move");
    assert_eq!(session.state().board.history.ahead().to_vec(), vec![answer]);
    let other = session.state().game().legal_moves()[1];
    intent(&mut session, Intent::Play(other));
    let rows = controls(session.state()).moves;
    assert_eq!(rows.iter().map(|r| r.notation.clone()).collect::<Vec<_>>(), [first, other].map(|m| m.to_string()));
    assert!(rows[0].variations.is_empty());
    assert_eq!(rows[1].variations.len(), 1, "{rows:?}");
    assert!(rows[1].current);

    // Back to the first move and the first answer again: the line played after it before
    // comes back to step on through (here, nothing more than the answer itself).
    intent(&mut session, Intent::View(1));
    intent(&mut session, Intent::Play(answer));
    assert_eq!(session.state().game().moves(), &[first, answer]);
    assert_eq!(controls(session.state()).moves[1].variations.len(), 1, "the other answer is the variation now");

    // Going into the variation from the list shows its position, the first line kept.
    intent(&mut session, Intent::EnterVariation { ply: 2, place: 0 });
    assert_eq!(session.state().game().moves(), &[first, other]);
    intent(&mut session, Intent::EnterVariation { ply: 2, place: 5 });
    assert_eq!(session.state().game().moves(), &[first, other], "a variation that is not there changes nothing");

    // Going back to the start keeps the line to step on through; a reload keeps both lines and
    // the place on the board.
    intent(&mut session, Intent::View(0));
    let save = onitama::save::encode(&session.save_file());
    let saved = onitama::save::decode(&save).expect("a save");
    let analysis = saved.analysis.as_ref().expect("the analysis board is saved");
    assert_eq!(analysis.ply, Some(0));
    assert_eq!(analysis.variations, vec![format!("{first} {answer}"), format!("{first} {other}")]);
    let found = onitama::ui::startup::Found { save: Ok(Some(saved)), ..Default::default() };
    let opened = onitama::ui::startup::opening(found, |_| unreachable!("the saved game opens"));
    assert!(opened.activity.analysis().is_some(), "the analysis board comes back");
    assert!(opened.history.game().moves().is_empty());
    assert_eq!(opened.history.lines().lines(), vec![vec![first, answer], vec![first, other]]);
}

#[test]
fn the_board_opens_from_a_review_a_finished_game_and_a_link_on_the_whole_line() {
    // A finished game's review, looked at after its second move: the board shows that
    // position with the rest of the game to step on through.
    let mut game = onitama::rules::Game::new(START.parse().unwrap());
    for _ in 0..4 {
        let m = game.legal_moves()[0];
        game.play(m).unwrap();
    }
    let mode = Mode::VsAi { human: Color::Red, level: AiLevel::nth(3) };
    let (mut session, _) = common::open_game(game.clone(), mode, Settings::default(), Motion::Reduced);
    intent(&mut session, Intent::ReviewGame { game: game.clone(), mode: None });
    intent(&mut session, Intent::View(2));
    assert!(controls(session.state()).analyse, "offered in a review");
    intent(&mut session, Intent::Analyse);
    let state = session.state();
    assert!(state.analysis().is_some() && state.review().is_none());
    assert_eq!(state.game().moves(), &game.moves()[..2]);
    assert_eq!(state.game_line().moves(), game.moves(), "the whole game to step on through");
    assert!(!controls(state).analyse, "not offered on the analysis board itself");

    // The link carries the line, and opens the board on it.
    let link = state.link();
    assert!(link.starts_with("#analysis="), "{link}");
    let found = onitama::ui::startup::Found { fragment: link, ..Default::default() };
    let opened = onitama::ui::startup::opening(found, |_| unreachable!("the link's game opens"));
    assert!(opened.activity.analysis().is_some());
    assert_eq!(opened.history.game().moves(), game.moves());
    let broken = onitama::ui::startup::Found { fragment: "#analysis=start%20nonsense".into(), ..Default::default() };
    let opened = onitama::ui::startup::opening(broken, |_| game.clone());
    assert!(opened.activity.analysis().is_none() && opened.notice.is_some(), "a broken link is said, not opened");
}

#[test]
fn play_from_here_starts_a_game_from_the_position_with_the_game_aside_still_waiting() {
    let (mut session, mode, first) = one_move_against_the_ai();
    intent(&mut session, Intent::Analyse);
    let position = *session.state().position();
    let form = onitama::ui::new_game_form::NewGameForm::from_here(session.state());
    assert_eq!(form.from, Some(position));
    assert_eq!(form.title(), "play-here", "the dialog says Play from here");
    assert_eq!(onitama::ui::new_game_form::NewGameForm::of(session.state()).title(), "setup-title");
    // The dialog as the page opens it: Play from here, then Start.
    intent(&mut session, Intent::OpenNewGame(NewGameOpens::FromHere));
    let dialog = session.controls().new_game.expect("the dialog is open");
    assert_eq!((dialog.title, dialog.rows.cards), ("play-here", false), "a position has its cards");
    intent(&mut session, Intent::StartNewGame);
    assert!(session.controls().new_game.is_none(), "the dialog closes");
    let state = session.state();
    assert!(state.analysis().is_none());
    assert_eq!(state.game().start(), &position, "the game starts from the position analysed");
    assert_eq!(state.mode, Mode::VsAi { human: position.to_move(), level: AiLevel::nth(3) });
    assert!(state.question.is_none(), "the game aside is not at stake");
    assert_eq!(state.aside.as_ref().map(|a| (a.game.moves().to_vec(), a.mode)), Some((vec![first], mode)));

    // An online game cannot start from a position: refused in words, the dialog stays.
    intent(&mut session, Intent::Analyse);
    intent(&mut session, Intent::OpenNewGame(NewGameOpens::FromHere));
    intent(&mut session, Intent::EditNewGame(NewGameEdit::Mode(onitama::mode::ModeKind::Online.code().into())));
    intent(&mut session, Intent::StartNewGame);
    let refused = session.controls().new_game.and_then(|view| view.refused).expect("refused");
    assert!(refused.reason.contains("deal"), "{refused:?}");
    assert!(session.state().analysis().is_some());
    assert!(session.controls().new_game.is_some(), "the dialog stays open");
}

#[test]
fn the_l_key_stops_and_starts_the_engine_and_the_lines_are_arrows_on_the_board() {
    use onitama::ui::keyboard::{Key, page_intent};
    let (mut session, _, _) = one_move_against_the_ai();
    assert_eq!(page_intent(session.state(), Key::L, false).map(|_| ()), None, "nothing outside the analysis board");
    let effects = intent(&mut session, Intent::Analyse);
    let order = lines_searched(&effects).remove(0);
    session.update(lines(&order, 5, 3));
    let marks = onitama::ui::scene::marks(session.state());
    assert_eq!(marks.lines.len(), 3, "an arrow per line");
    let best = session.state().analysis().unwrap().found.as_ref().unwrap().lines[0].first;
    let Move::Step { from, to, .. } = best else { panic!("a step") };
    assert_eq!(marks.lines[0], (from, to), "the best line's arrow first");

    let toggle = page_intent(session.state(), Key::L, false).expect("l stops the engine");
    assert!(matches!(toggle, Intent::ToggleAnalysis));
    assert!(page_intent(session.state(), Key::L, true).is_none(), "not in a dialog");
    intent(&mut session, toggle);
    assert!(!session.state().analysis().unwrap().running);
    assert_eq!(Key::read_letter("KeyL", false), Some(Key::L), "the same key on any layout");
    assert_eq!(Key::read_letter("KeyL", true), None);
}

#[test]
fn a_finished_game_analysed_from_its_end_comes_back_as_it_ended() {
    // Red takes the master at once: the game is over, against the AI.
    let mode = Mode::VsAi { human: Color::Red, level: AiLevel::nth(3) };
    let (mut session, _) =
        open_position("5/5/2B2/5/2R2 tiger,ox crab,boar horse r", mode, Settings::default(), Motion::Reduced);
    intent(&mut session, Intent::Play("tiger:c1c3".parse().unwrap()));
    assert!(session.state().game().outcome().is_some());
    assert!(controls(session.state()).result.is_some(), "the result banner");
    let effects = intent(&mut session, Intent::Analyse);
    assert!(session.state().analysis().is_some());
    let to_panel = Effect::Focus(onitama::ui::session::Focus::Analysis { toggle: false });
    assert!(effects.contains(&to_panel), "the keyboard goes to the panel (Play from here: the game is over)");
    let view = controls(session.state());
    assert!(view.result.is_none() && view.game_over.is_none(), "no Rematch over the analysis board: its panel says it");
    assert_eq!(view.analysis.unwrap().status, "The game is over in this position");
    intent(&mut session, Intent::Step { back: true });
    let effects = intent(&mut session, Intent::LeaveAnalysis);
    assert!(effects.contains(&Effect::Focus(onitama::ui::session::Focus::Board)), "and to the board after Close");
    let state = session.state();
    assert!(state.analysis().is_none() && state.aside.is_none());
    assert_eq!((state.mode, state.game().moves().len()), (mode, 1), "the game as it ended");
    assert!(state.game().outcome().is_some());
}
