//! Resigning on the page, natively: who resigns (the person against the AI, the side to move in
//! pass and play), when it is not offered, how the game ends (banner, sound, kept among the
//! finished games, saved), and the end actions that stay at hand once the banner is closed.

use onitama::ai::puzzle::parse_set;
use onitama::mode::AiLevel;
use onitama::rules::{Color, Game, Outcome};
use onitama::save::{self, FinishedGame};
use onitama::ui::intent::Asked;
use onitama::ui::intent::Intent;
use onitama::ui::session::{Effect, Event};
use onitama::ui::settings::Settings;
use onitama::ui::sound::Sound;
use onitama::ui::{Lang, Mode, Session, text};

use onitama::ui::keyboard::Key;

mod common;
use common::{Motion, START, done, mv, run_frames, searches, some_move};

fn vs_ai(human: Color) -> Mode {
    Mode::VsAi { human, level: AiLevel::nth(3) }
}

const TWO: Mode = Mode::PassAndPlay { turn_board: true };

fn open(mode: Mode) -> (Session, Vec<Effect>) {
    common::open_position(START, mode, Settings::default(), Motion::Reduced)
}

fn resign(session: &mut Session) -> Vec<Effect> {
    let mut effects = session.update(Event::Intent(Intent::Resign));
    effects.extend(run_frames(session, 0.0));
    effects
}

fn kept(effects: &[Effect]) -> Vec<(Game, Mode)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::KeepFinished(game, mode) => Some((game.clone(), *mode)),
            _ => None,
        })
        .collect()
}

#[test]
fn against_the_ai_the_person_resigns_and_the_game_ends_as_any_game_ends() {
    let (mut session, _) = open(vs_ai(Color::Red));
    assert!(session.controls().resign.is_some(), "offered on the person's turn");
    let effects = resign(&mut session);
    let outcome = Outcome::Resigned { by: Color::Red };
    assert_eq!(session.state().game().outcome(), Some(outcome));
    assert_eq!(kept(&effects), vec![(session.state().game().clone(), vs_ai(Color::Red))]);
    assert!(effects.contains(&Effect::Sound(Sound::Loss)), "{effects:?}");
    assert!(effects.contains(&Effect::Announce("You resign — the AI wins".to_string())), "{effects:?}");
    assert!(searches(&effects).is_empty(), "the AI does not move in a game over");
    let view = session.controls();
    assert_eq!(view.result.map(|r| r.text), Some("You resign — the AI wins".to_string()));
    assert_eq!(view.resign, None, "not offered once the game is over");
    assert!(!view.hint);
}

#[test]
fn against_the_ai_the_person_may_resign_while_the_ai_thinks_and_its_late_answer_is_dropped() {
    let (mut session, effects) = open(vs_ai(Color::Blue));
    let order = searches(&effects).into_iter().next().expect("the AI searches its move");
    assert!(session.controls().resign.is_some(), "offered while the AI thinks");
    let effects = resign(&mut session);
    assert!(effects.contains(&Effect::CancelSearch));
    assert_eq!(session.state().game().outcome(), Some(Outcome::Resigned { by: Color::Blue }));
    session.update(done(&order, Some(some_move(&order)), None));
    run_frames(&mut session, 100.0);
    assert!(session.state().game().moves().is_empty(), "the cancelled search's answer is not played");
}

#[test]
fn in_pass_and_play_the_side_to_move_resigns() {
    let (mut session, _) = open(TWO);
    session.update(Event::Intent(Intent::Play(mv("ox:c1c2"))));
    run_frames(&mut session, 0.0);
    let effects = resign(&mut session);
    assert_eq!(session.state().game().outcome(), Some(Outcome::Resigned { by: Color::Blue }));
    assert!(effects.contains(&Effect::Sound(Sound::Win)), "a person won: {effects:?}");
    let result = session.controls().result.unwrap().text;
    assert_eq!(result, "Blue resigns — Red wins");
    assert_eq!(session.state().bottom(), Color::Red, "the board faces the winner");
}

#[test]
fn resigning_is_not_offered_when_the_ai_plays_itself_in_a_puzzle_looking_back_or_in_a_review() {
    let watch = open(Mode::Watch { level: AiLevel::nth(3) }).0;
    let puzzle = {
        let (mut session, _) = open(vs_ai(Color::Red));
        let set = parse_set(include_str!("../www/puzzles.txt")).unwrap();
        session.update(Event::Intent(Intent::Puzzle { puzzle: set[0], daily: false }));
        session
    };
    let two_moves = || {
        let (mut session, _) = open(TWO);
        for m in ["ox:c1c2", "horse:c5c4"] {
            session.update(Event::Intent(Intent::Play(mv(m))));
        }
        session
    };
    let mut looking_back = two_moves();
    looking_back.update(Event::Intent(Intent::View(1)));
    let mut reviewing = two_moves();
    reviewing.update(Event::Intent(Intent::Review));
    for (what, mut session) in
        [("watch", watch), ("puzzle", puzzle), ("looking back", looking_back), ("review", reviewing)]
    {
        assert_eq!(session.controls().resign, None, "{what}");
        let before = session.state().game().clone();
        let effects = session.update(Event::Intent(Intent::Resign));
        assert_eq!(session.state().game(), &before, "{what}: nothing changes");
        assert!(kept(&effects).is_empty(), "{what}");
    }
}

#[test]
fn a_resigned_game_is_saved_with_its_resignation_and_read_back() {
    let (mut session, _) = open(TWO);
    session.update(Event::Intent(Intent::Play(mv("ox:c1c2"))));
    let effects = resign(&mut session);
    let saved = effects
        .iter()
        .rev()
        .find_map(|e| match e {
            Effect::SaveGame(file) => Some(file.clone()),
            _ => None,
        })
        .expect("saved");
    let text = save::encode(&saved);
    assert!(text.contains("result blue-resigns"), "{text}");
    let back = save::decode(&text).unwrap();
    assert_eq!(back.game.outcome(), Some(Outcome::Resigned { by: Color::Blue }));
    assert_eq!(back.game, *session.state().game());
    // A link to the game carries it too.
    let link = save::link_fragment(session.state().game(), None);
    assert_eq!(save::game_from_fragment(&link).unwrap().unwrap().game, *session.state().game());
}

#[test]
fn a_resigned_game_is_kept_among_the_finished_ones_with_its_result_in_each_language() {
    let (mut session, _) = open(TWO);
    session.update(Event::Intent(Intent::Play(mv("ox:c1c2"))));
    let (game, mode) = kept(&resign(&mut session)).remove(0);
    let list = save::add_finished(None, &game, mode);
    let finished: Vec<FinishedGame> = save::decode_finished(&list);
    assert_eq!(finished.len(), 1);
    assert_eq!(finished[0].game.outcome(), Some(Outcome::Resigned { by: Color::Blue }));
    // The session keeps it too, and Records list it once opened.
    assert_eq!(session.state().page.finished, finished);
    session.update(Event::Intent(Intent::OpenRecords));
    let shown = session.controls().records.unwrap();
    assert!(shown.finished[0].1.contains("Blue resigns — Red wins"), "{:?}", shown.finished);
    let words: Vec<String> = Lang::ALL
        .iter()
        .map(|&lang| text::result_short(&common::texts(lang), Outcome::Resigned { by: Color::Blue }, TWO))
        .collect();
    assert_eq!(words[2], "Azul abandona — gana Rojo");
    assert_eq!(words[3], "Bleu abandonne — Rouge gagne");
    assert!(words[1].contains("تسلیم"), "{}", words[1]);
    let ai = text::result_short(&common::texts(Lang::Fr), Outcome::Resigned { by: Color::Red }, vs_ai(Color::Red));
    assert_eq!(ai, "Vous abandonnez — l'IA gagne");
}

#[test]
fn a_resignation_is_final_undo_and_redo_are_refused_and_the_game_is_kept_once() {
    let (mut session, _) = open(vs_ai(Color::Red));
    let effects = session.update(Event::Intent(Intent::Play(mv("ox:c1c2"))));
    let order = searches(&effects).into_iter().next().expect("the AI searches its move");
    session.update(done(&order, Some(some_move(&order)), None));
    run_frames(&mut session, 2000.0);
    assert_eq!(session.state().game().moves().len(), 2);
    let effects = resign(&mut session);
    assert_eq!(kept(&effects).len(), 1);
    let view = session.controls();
    assert!(!view.undo && !view.redo, "the confirmation says the game ends here");
    // A script asking is told why (`game_undo` throws it).
    use onitama::ui::refusal::{Refusal, refusal};
    assert_eq!(refusal(session.state(), &Intent::Undo), Some(Refusal::EndedByWord));
    assert_eq!(refusal(session.state(), &Intent::Play(mv("ox:c2c3"))), Some(Refusal::EndedByWord));
    let mut effects = session.update(Event::Intent(Intent::Undo));
    effects.extend(run_frames(&mut session, 3000.0));
    effects.extend(session.update(Event::Intent(Intent::Redo)));
    effects.extend(run_frames(&mut session, 4000.0));
    assert_eq!(session.state().game().moves().len(), 2, "nothing taken back");
    assert_eq!(session.state().game().outcome(), Some(Outcome::Resigned { by: Color::Red }));
    assert!(kept(&effects).is_empty(), "the game is kept once: {effects:?}");
    assert!(session.controls().resign.is_none());
    // Looking back at the game stays possible, and back again shows the resignation.
    session.update(Event::Intent(Intent::View(0)));
    session.update(Event::Intent(Intent::BackToGame));
    assert_eq!(session.state().game().outcome(), Some(Outcome::Resigned { by: Color::Red }));
    assert!(!session.controls().undo);
}

#[test]
fn in_pass_and_play_a_resignation_is_final_too() {
    let (mut session, _) = open(TWO);
    session.update(Event::Intent(Intent::Play(mv("ox:c1c2"))));
    run_frames(&mut session, 0.0);
    resign(&mut session);
    assert!(!session.controls().undo);
    session.update(Event::Intent(Intent::Undo));
    run_frames(&mut session, 1000.0);
    assert_eq!(session.state().game().outcome(), Some(Outcome::Resigned { by: Color::Blue }));
}

#[test]
fn the_end_actions_stay_at_hand_once_the_result_is_closed() {
    let (mut session, _) = open(TWO);
    session.update(Event::Intent(Intent::Play(mv("ox:c1c2"))));
    resign(&mut session);
    assert!(session.controls().result.is_some());
    assert_eq!(session.controls().game_over, None, "the banner has them");
    session.update(Event::Intent(Intent::CloseResult));
    let view = session.controls();
    assert_eq!(view.result, None);
    let strip = view.game_over.expect("Rematch, New game and Review stay");
    assert_eq!(strip.text, "Blue resigns — Red wins");
    assert!(strip.review);
    // A review has its own close; once closed, the strip is back.
    session.update(Event::Intent(Intent::Review));
    assert_eq!(session.controls().game_over, None);
    session.update(Event::Intent(Intent::CloseReview));
    session.update(Event::Intent(Intent::CloseReview));
    assert!(session.controls().game_over.is_some());
    // Looking back at an earlier move shows its own strip.
    session.update(Event::Intent(Intent::View(0)));
    assert_eq!(session.controls().game_over, None);
    session.update(Event::Intent(Intent::BackToGame));
    let view = session.controls();
    assert!(view.result.is_some() != view.game_over.is_some(), "the banner again, or the strip: {view:?}");
    // A rematch is a game on again.
    session.update(Event::Intent(Intent::Rematch));
    assert_eq!(session.controls().game_over, None);
    assert!(session.controls().resign.is_some());
}

#[test]
fn the_end_actions_follow_any_end_not_only_a_resignation() {
    let finished = "start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\nmoves crab:c2c3\n";
    let mut session = common::open_record(finished, vs_ai(Color::Red), Motion::Reduced);
    session.update(Event::Key(Key::Escape));
    let strip = session.controls().game_over.expect("after Escape too");
    assert_eq!(strip.text, "You win!");
    let at_start = common::open_record("start 5/2r2/5/5/R4 crab,boar tiger,ox horse b\n", TWO, Motion::Reduced);
    let mut at_start = at_start;
    at_start.update(Event::Intent(Intent::CloseResult));
    assert!(!at_start.controls().game_over.unwrap().review, "no moves to review");
}

fn new_game_intent() -> Intent {
    Intent::NewGame { game: Game::from_deal(&onitama::rules::Deal::from_seed(7)), mode: vs_ai(Color::Blue) }
}

#[test]
fn a_new_game_in_place_of_one_the_player_has_moved_in_asks_first() {
    let (mut session, _) = open(vs_ai(Color::Red));
    // Untouched: a new game takes its place at once.
    session.update(Event::Intent(new_game_intent()));
    assert!(!session.controls().abandon_asked);
    assert_eq!(session.state().mode, vs_ai(Color::Blue), "started at once");
    let (mut session, _) = open(vs_ai(Color::Red));
    let effects = session.update(Event::Intent(Intent::Play(mv("ox:c1c2"))));
    let order = searches(&effects).into_iter().next().expect("the AI searches its move");
    session.update(done(&order, Some(some_move(&order)), None));
    run_frames(&mut session, 2000.0);
    let before = session.state().game().clone();
    session.update(Event::Intent(new_game_intent()));
    assert!(session.controls().abandon_asked, "the player is asked");
    assert_eq!(session.state().game(), &before, "nothing changes while asked");
    // The resign dialog's close, heard late, declines nothing but its own question.
    session.update(Event::Intent(Intent::KeepPlaying(Asked::Resign)));
    assert!(session.controls().abandon_asked, "still asked");
    session.update(Event::Intent(Intent::KeepPlaying(Asked::Abandon)));
    assert!(!session.controls().abandon_asked);
    assert_eq!(session.state().game(), &before, "Keep playing keeps the game");
    assert_eq!(session.state().mode, vs_ai(Color::Red));
    session.update(Event::Intent(new_game_intent()));
    let mut effects = session.update(Event::Intent(Intent::Abandon));
    effects.extend(run_frames(&mut session, 3000.0));
    assert!(!session.controls().abandon_asked);
    assert_eq!(session.state().mode, vs_ai(Color::Blue), "the new game");
    assert!(session.state().game().moves().len() <= 1);
    assert!(kept(&effects).is_empty(), "the abandoned game is not kept: {effects:?}");
    // A yes with nothing asked does nothing.
    let game = session.state().game().clone();
    session.update(Event::Intent(Intent::Abandon));
    assert_eq!(session.state().game(), &game);
}

#[test]
fn a_game_over_or_watched_is_not_asked_about_and_a_game_put_aside_is() {
    let (mut session, _) = open(vs_ai(Color::Red));
    session.update(Event::Intent(Intent::Play(mv("ox:c1c2"))));
    resign(&mut session);
    session.update(Event::Intent(new_game_intent()));
    assert!(!session.controls().abandon_asked, "a game over is kept already");
    let (mut session, _) = open(Mode::Watch { level: AiLevel::nth(3) });
    session.update(Event::Intent(new_game_intent()));
    assert!(!session.controls().abandon_asked, "nothing of the player's");
    // A game in progress put aside by a puzzle is at stake too.
    let (mut session, _) = open(TWO);
    session.update(Event::Intent(Intent::Play(mv("ox:c1c2"))));
    run_frames(&mut session, 0.0);
    let set = parse_set(include_str!("../www/puzzles.txt")).unwrap();
    session.update(Event::Intent(Intent::Puzzle { puzzle: set[0], daily: false }));
    assert!(session.state().aside.is_some());
    session.update(Event::Intent(new_game_intent()));
    assert!(session.controls().abandon_asked, "the game put aside would be lost");
}

#[test]
fn looking_back_at_a_resigned_game_does_not_play_it_on() {
    let (mut session, _) = open(TWO);
    session.update(Event::Intent(Intent::Play(mv("ox:c1c2"))));
    run_frames(&mut session, 0.0);
    let effects = resign(&mut session);
    assert_eq!(kept(&effects).len(), 1);
    session.update(Event::Intent(Intent::View(0)));
    assert!(!session.controls().continue_here, "Continue from here is not offered");
    let mut effects = session.update(Event::Intent(Intent::ContinueHere));
    let first = session.state().game().legal_moves()[0];
    effects.extend(session.update(Event::Intent(Intent::Play(first))));
    effects.extend(run_frames(&mut session, 1000.0));
    session.update(Event::Intent(Intent::BackToGame));
    assert_eq!(session.state().game().moves(), [mv("ox:c1c2")], "nothing played on from before the resignation");
    assert_eq!(session.state().game().outcome(), Some(Outcome::Resigned { by: Color::Blue }));
    assert!(kept(&effects).is_empty(), "kept once: {effects:?}");
    // Nor from a review of it.
    session.update(Event::Intent(Intent::Review));
    session.update(Event::Intent(Intent::View(0)));
    session.update(Event::Intent(Intent::ContinueHere));
    session.update(Event::Intent(Intent::CloseReview));
    session.update(Event::Intent(Intent::CloseReview));
    session.update(Event::Intent(Intent::BackToGame));
    assert_eq!(session.state().game().outcome(), Some(Outcome::Resigned { by: Color::Blue }));
}

#[test]
fn a_game_that_ends_while_records_are_open_does_not_change_which_game_a_click_reviews() {
    // The game this test will end, kept once already (the same record moves to the end of the
    // list when it ends again), and another game.
    let (mut before, _) = open(TWO);
    before.update(Event::Intent(Intent::Play(mv("ox:c1c2"))));
    let (again, _) = kept(&resign(&mut before)).remove(0);
    let other = Game::from_record("start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\nmoves crab:c2c3\n").unwrap();
    let (first, _) = open(TWO);
    let mut state = first.state().clone();
    state.page.finished =
        vec![FinishedGame { game: again.clone(), mode: Some(TWO) }, FinishedGame { game: other.clone(), mode: None }];
    let mut session = Session::new(state);
    session.update(Event::Opened);
    session.update(Event::Intent(Intent::OpenRecords));
    let listed = session.controls().records.unwrap().finished;
    // Newest first: the other game, then the one about to end again.
    assert_eq!(listed.iter().map(|(i, _)| *i).collect::<Vec<_>>(), vec![1, 0]);
    session.update(Event::Intent(Intent::Play(mv("ox:c1c2"))));
    run_frames(&mut session, 0.0);
    resign(&mut session);
    let kept_now: Vec<Game> = session.state().page.finished.iter().map(|f| f.game.clone()).collect();
    assert_eq!(kept_now, vec![other.clone(), again.clone()], "the game that ended moved to the end");
    // The player clicks the first game listed when the dialog opened (place 0): that one.
    session.update(Event::Intent(Intent::ReviewFinished(0)));
    assert!(session.controls().records.is_none(), "Records closes");
    assert_eq!(session.state().game_line().to_record(), again.to_record(), "the game clicked, not the one now at 0");
    assert!(session.state().review().is_some());
}

#[test]
fn the_resign_button_asks_first_and_keep_playing_changes_nothing() {
    let (mut session, _) = open(vs_ai(Color::Red));
    let before = session.state().game().clone();
    assert!(!session.controls().resign_asked);
    session.update(Event::Intent(Intent::AskResign));
    assert!(session.controls().resign_asked, "the question is up");
    session.update(Event::Intent(Intent::KeepPlaying(Asked::Abandon)));
    assert!(session.controls().resign_asked, "another dialog's close declines nothing here");
    session.update(Event::Intent(Intent::KeepPlaying(Asked::Resign)));
    assert!(!session.controls().resign_asked);
    assert_eq!(session.state().game(), &before);
    // Asked again, and said yes: the game ends, the question gone.
    session.update(Event::Intent(Intent::AskResign));
    resign(&mut session);
    assert_eq!(session.state().game().outcome(), Some(Outcome::Resigned { by: Color::Red }));
    assert!(!session.controls().resign_asked);
    // Nothing to resign once it is over: not asked.
    session.update(Event::Intent(Intent::AskResign));
    assert!(!session.controls().resign_asked);
}

#[test]
fn a_question_to_resign_goes_when_the_game_ends_under_it_and_does_not_come_back_on_undo() {
    let (mut session, _) =
        common::open_position("5/5/2B2/2R2/5 crab,boar horse,elephant ox r", TWO, Settings::default(), Motion::Reduced);
    session.update(Event::Intent(Intent::AskResign));
    assert!(session.controls().resign_asked);
    // The game ends meanwhile (here by a script's move): nothing is left to resign.
    session.update(Event::Intent(Intent::Play(mv("crab:c2c3"))));
    assert!(session.state().game().outcome().is_some());
    assert!(!session.controls().resign_asked);
    assert!(session.state().question.is_none(), "the question went with the game it was about");
    // Taken back, the game goes on: the question is not asked again unasked.
    session.update(Event::Intent(Intent::Undo));
    assert!(session.state().game().outcome().is_none());
    assert!(!session.controls().resign_asked);
}
