//! The page's session, natively: each transition, and each defect players hit, with a test.

use onitama::ai::{Level, Score};
use onitama::engine_protocol::worker::{EngineReport, EngineRequest};
use onitama::mode::AiLevel;
use onitama::rules::{Card, Color, Deal, Game, Move, Outcome, Position, PositionError, Way};
use onitama::ui::NewGame;
use onitama::ui::intent::{Intent, SettingsPatch};
use onitama::ui::scene::{Emphasis, emphasis, marks, scene};
use onitama::ui::session::{Effect, Event, PointerPhase, Reply};
use onitama::ui::settings::Settings;
use onitama::ui::state::Purpose;
use onitama::ui::{Lang, Mode, Session, State, text};

use onitama::ui::keyboard::Key;

mod common;
use common::{Motion, START, done, run_frames, searches, some_move};

fn vs_ai(human: Color) -> Mode {
    Mode::VsAi { human, level: AiLevel::nth(0) }
}

/// A session on a 1280×800 canvas, opened, with motion on.
fn open(position: &str, mode: Mode, settings: Settings) -> (Session, Vec<Effect>) {
    common::open_position(position, mode, settings, Motion::On)
}

fn play(session: &mut Session, m: Move) -> Vec<Effect> {
    session.update(Event::Intent(Intent::Play(m)))
}

#[test]
fn the_ai_searches_its_move_when_it_is_to_move() {
    let (session, effects) = open(START, vs_ai(Color::Blue), Settings::default());
    let orders = searches(&effects);
    assert_eq!(orders.len(), 1);
    assert_eq!(orders[0].purpose, Purpose::Move);
    assert_eq!(session.state().ai.thinking.map(|t| t.request), Some(orders[0].id()));
    let request = &orders[0].request;
    assert!(matches!(request, EngineRequest::LevelMove { level, .. } if *level == Level::ALL[0]), "{request:?}");
}

#[test]
fn an_evaluation_asks_the_worker_for_a_timed_search_and_its_reports_become_replies() {
    let settings = Settings { evaluation: true, ..Settings::default() };
    let (mut session, effects) = open(START, vs_ai(Color::Red), settings);
    let order = searches(&effects).pop().unwrap();
    let EngineRequest::Search { id, limits, position, earlier } = order.request.clone() else { panic!("a search") };
    assert_eq!((id, limits.movetime_ms, position, earlier.len()), (order.id(), Some(300.0), order.position(), 0));
    assert_eq!(Reply::from_report(EngineReport::Ready), None, "the client answers ready itself");
    let info = EngineReport::Info { id, depth: 3, score: Score::Value(25), nodes: 10, pv: Vec::new() };
    session.update(Event::Reply(Reply::from_report(info).unwrap()));
    assert_eq!(session.state().evaluation(), Some(Score::Value(25)));
    assert_eq!(session.state().ai.thinking.map(|t| t.depth), Some(3));
    let done = EngineReport::Done { id, best: Some(some_move(&order)), score: None };
    session.update(Event::Reply(Reply::from_report(done).unwrap()));
    assert_eq!(session.state().ai.thinking, None);
    assert_eq!(session.state().evaluation(), Some(Score::Value(25)), "a reply without a score keeps the last one");
}

#[test]
fn a_relayout_during_the_slide_does_not_stall_the_ai() {
    // The reported case: Red plays, the window is resized while the move slides.
    let (mut session, effects) = open(START, vs_ai(Color::Red), Settings::default());
    assert!(searches(&effects).is_empty());
    let effects = play(&mut session, "ox:c1c2".parse().unwrap());
    let order = searches(&effects).pop().expect("the AI searches while the move slides");
    session.update(Event::Frame { now_ms: 1000.0 });
    assert!(session.state().board.anim.is_some());
    session.update(Event::Relayout { width: 800.0, height: 1100.0, pixel_ratio: 1.0 });
    // The answer arrives after the resize: it plays at once.
    let m = some_move(&order);
    session.update(done(&order, Some(m), None));
    assert_eq!(session.state().game().moves().len(), 2, "the AI's move is played");
    run_frames(&mut session, 2000.0);
    assert!(!session.is_animating());
    assert!(session.state().human_to_move());
}

#[test]
fn a_relayout_with_the_answer_held_plays_it() {
    let (mut session, _) = open(START, vs_ai(Color::Red), Settings::default());
    let effects = play(&mut session, "ox:c1c2".parse().unwrap());
    let order = searches(&effects).pop().unwrap();
    session.update(Event::Frame { now_ms: 1000.0 });
    session.update(done(&order, Some(some_move(&order)), None));
    assert!(session.held_move().is_some(), "held until the slide ends");
    assert_eq!(session.state().game().moves().len(), 1);
    session.update(Event::Relayout { width: 800.0, height: 1100.0, pixel_ratio: 1.0 });
    assert_eq!(session.state().game().moves().len(), 2);
    run_frames(&mut session, 2000.0);
    assert!(!session.is_animating());
}

#[test]
fn the_held_answer_plays_when_the_slide_ends() {
    let (mut session, _) = open(START, vs_ai(Color::Red), Settings::default());
    let effects = play(&mut session, "ox:c1c2".parse().unwrap());
    let order = searches(&effects).pop().unwrap();
    session.update(Event::Frame { now_ms: 0.0 });
    session.update(done(&order, Some(some_move(&order)), None));
    session.update(Event::Frame { now_ms: 100.0 });
    assert_eq!(session.state().game().moves().len(), 1);
    session.update(Event::Frame { now_ms: 500.0 });
    assert_eq!(session.state().game().moves().len(), 2);
}

#[test]
fn watch_mode_with_evaluation_evaluates_every_position() {
    let settings = Settings { evaluation: true, ..Settings::default() };
    let (mut session, effects) = open(START, Mode::Watch { level: AiLevel::nth(4) }, settings);
    let order = searches(&effects).pop().unwrap();
    assert_eq!(order.purpose, Purpose::Evaluate);
    let effects = session.update(done(&order, Some(some_move(&order)), Some(Score::Value(40))));
    assert_eq!(session.state().evaluation(), Some(Score::Value(40)));
    let order = searches(&effects).pop().unwrap();
    assert_eq!(order.purpose, Purpose::Move, "then the AI moves");
    let effects = session.update(done(&order, Some(some_move(&order)), None));
    assert_eq!(session.state().game().moves().len(), 1);
    assert_eq!(searches(&effects).pop().unwrap().purpose, Purpose::Evaluate, "and the next position is evaluated");
}

#[test]
fn playing_on_the_ais_turn_cancels_its_search_and_its_answer_is_dropped() {
    let (mut session, effects) = open(START, vs_ai(Color::Blue), Settings::default());
    let order = searches(&effects).pop().unwrap();
    let effects = play(&mut session, "ox:c1c2".parse().unwrap());
    assert!(effects.contains(&Effect::CancelSearch));
    let before = session.state().game().clone();
    // The stale answer (legal in the old position) arrives late, and twice.
    let stale: Move = "boar:b1b2".parse().unwrap();
    session.update(done(&order, Some(stale), None));
    session.update(done(&order, Some(stale), None));
    assert_eq!(session.state().game().moves(), before.moves());
    assert!(session.held_move().is_none());
}

#[test]
fn hint_during_an_evaluation_replaces_it() {
    let settings = Settings { evaluation: true, ..Settings::default() };
    let (mut session, effects) = open(START, vs_ai(Color::Red), settings);
    let evaluation = searches(&effects).pop().unwrap();
    assert_eq!(evaluation.purpose, Purpose::Evaluate);
    let effects = session.update(Event::Intent(Intent::Hint));
    assert!(effects.contains(&Effect::CancelSearch));
    let hint = searches(&effects).pop().expect("the hint is searched");
    assert_eq!(hint.purpose, Purpose::Hint);
    // The cancelled evaluation's answer is dropped; the hint's is shown.
    session.update(done(&evaluation, Some(some_move(&evaluation)), Some(Score::Value(5))));
    assert_eq!(session.state().board.hint, None);
    let m: Move = "boar:b1b2".parse().unwrap();
    let effects = session.update(done(&hint, Some(m), Some(Score::Value(12))));
    assert_eq!(session.state().board.hint, Some(m));
    let squares = ("b1".parse().unwrap(), "b2".parse().unwrap());
    assert_eq!(marks(session.state()).hint, Some(squares), "the hint's piece and square are ringed");
    assert_eq!(emphasis(session.state(), Card::Boar), Emphasis::Hinted, "the hinted card is marked too");
    assert!(searches(&effects).is_empty(), "the hint's score serves the bar");
    assert_eq!(session.state().evaluation(), Some(Score::Value(12)));
}

#[test]
fn a_choice_of_five_cards_with_a_repeat_is_refused() {
    let options = NewGame {
        mode: vs_ai(Color::Red),
        cards: Some([Card::Ox, Card::Boar, Card::Ox, Card::Elephant, Card::Crab]),
        position: None,
        deck: onitama::ui::deck::DEFAULT,
    };
    assert_eq!(options.check().unwrap_err(), PositionError::DuplicateCard(Card::Ox));
    assert_eq!(
        text::duplicate_card(&common::texts(Lang::Fr), Card::Ox, 2),
        "Choisissez cinq cartes différentes\u{a0}: la carte bœuf est choisie 2 fois"
    );
}

#[test]
fn the_new_game_dialog_starts_through_the_session_which_draws_seats_and_deals_from_its_seed() {
    use onitama::mode::{ModeKind, Seat};
    use onitama::ui::new_game_form::{NewGameEdit, NewGameForm, NewGameOpens};
    // The same seed, the same choices: the same games, as the model test replays them.
    let dealt = |seed: u64| {
        let mut state =
            State::new(Game::new(START.parse().unwrap()), vs_ai(Color::Red), Settings::default(), true, seed);
        state.page.settings.cards = onitama::ui::deck::DEFAULT;
        let mut session = Session::new(state);
        let mut games = Vec::new();
        for _ in 0..4 {
            // As the dialog is used: opened, a field or two changed, Start.
            session.update(Event::Intent(Intent::OpenNewGame(NewGameOpens::Game)));
            for edit in [NewGameEdit::Mode(ModeKind::VsAi.code().into()), NewGameEdit::Seat(Seat::Random.code().into())]
            {
                session.update(Event::Intent(Intent::EditNewGame(edit)));
            }
            session.update(Event::Intent(Intent::StartNewGame));
            assert!(session.controls().new_game.is_none(), "the dialog closes");
            games.push((*session.state().game().start(), session.state().mode));
        }
        games
    };
    assert_eq!(dealt(7), dealt(7));
    assert_ne!(dealt(7), dealt(8));
    let seats: std::collections::BTreeSet<_> = (0..8).flat_map(dealt).map(|(_, mode)| format!("{mode:?}")).collect();
    assert!(seats.len() > 1, "a random seat is both colours over some seeds: {seats:?}");
    // Cards that cannot be dealt are refused in the dialog, which stays open; the game stays.
    let (mut session, _) = open(START, vs_ai(Color::Red), Settings::default());
    let before = session.state().game().clone();
    let mut form = NewGameForm::of(session.state());
    form.choose_cards = true;
    form.cards = [Card::Tiger, Card::Boar, Card::Tiger, Card::Ox, Card::Crab];
    session.update(Event::Intent(Intent::OpenNewGame(onitama::ui::new_game_form::NewGameOpens::Game)));
    let refused = |session: &Session| session.controls().new_game.and_then(|view| view.refused);
    assert_eq!(refused(&session), None);
    let effects = session.update(Event::Intent(Intent::StartChosen(form)));
    assert!(!effects.iter().any(|e| matches!(e, Effect::SaveGame(_) | Effect::Announce(_))), "{effects:?}");
    let why = "Choose five different cards: tiger is chosen 2 times";
    assert_eq!(refused(&session).map(|r| (r.reason, r.times)), Some((why.to_string(), 1)));
    // Refused again: said again.
    session.update(Event::Intent(Intent::StartChosen(form)));
    assert_eq!(refused(&session).map(|r| r.times), Some(2));
    assert_eq!(session.state().game().moves(), before.moves());
    assert_eq!(session.state().game().start(), before.start());
}

#[test]
fn a_card_chosen_three_times_is_said_to_be_chosen_three_times() {
    let (session, _) = open(START, vs_ai(Color::Red), Settings::default());
    let mut form = onitama::ui::new_game_form::NewGameForm::of(session.state());
    form.choose_cards = true;
    form.cards = [Card::Tiger, Card::Boar, Card::Tiger, Card::Tiger, Card::Crab];
    let refused = form.new_game(false, onitama::ui::deck::DEFAULT).unwrap_err();
    assert_eq!(refused.text(&common::texts(Lang::En)), "Choose five different cards: tiger is chosen 3 times");
    let words = refused.text(&common::texts(Lang::Fa));
    assert!(words.contains("۳ بار"), "{words}");
}

#[test]
fn counts_agree_with_their_nouns_in_every_language() {
    let one = [("left", "1".to_string()), ("color", "Red".to_string())];
    let two = [("left", "2".to_string()), ("color", "Red".to_string())];
    assert_eq!(
        text::page_text(&common::texts(Lang::En), "puzzle-going", &one),
        "Right! Red still wins in 1 more move: go on"
    );
    assert_eq!(
        text::page_text(&common::texts(Lang::En), "puzzle-going", &two),
        "Right! Red still wins in 2 more moves: go on"
    );
    assert!(text::page_text(&common::texts(Lang::Es), "puzzle-going", &one).contains("en 1 jugada más"));
    assert!(text::page_text(&common::texts(Lang::Es), "puzzle-going", &two).contains("en 2 jugadas más"));
    assert!(text::page_text(&common::texts(Lang::Fr), "puzzle-going", &one).contains("en 1 coup\u{a0}"));
    assert!(text::page_text(&common::texts(Lang::Fr), "puzzle-going", &two).contains("en 2 coups\u{a0}"));
    // Persian counts with the singular noun.
    assert!(text::page_text(&common::texts(Lang::Fa), "puzzle-going", &two).contains("۲ حرکت دیگر"));
    for lang in Lang::ALL {
        for key in ["puzzle-going", "puzzle-line", "daily-line", "puzzle-solved", "puzzle-out-of-moves"] {
            for n in ["1", "2", "3"] {
                let blanks = [("left", n.to_string()), ("n", n.to_string()), ("color", "X".to_string())];
                let said = text::page_text(&common::texts(lang), key, &blanks);
                assert!(
                    !said.contains('|') && !said.contains("{n") && !said.contains("{left"),
                    "{lang:?} {key} {n}: {said}"
                );
            }
        }
    }
    assert!(text::takes_singular(&common::texts(Lang::Fr), 0) && !text::takes_singular(&common::texts(Lang::En), 0));
}

/// Plays `moves` from `position` and returns the session, the game over.
fn finished(mode: Mode) -> Session {
    // Red's master takes Blue's on c3 with the crab (one step forward).
    let (mut session, _) = open("5/5/2B2/2R2/5 crab,boar horse,elephant ox r", mode, Settings::default());
    play(&mut session, "crab:c2c3".parse().unwrap());
    session
}

#[test]
fn the_result_says_who_won_from_the_players_side() {
    let won = finished(vs_ai(Color::Red));
    let outcome = won.state().game().outcome().unwrap();
    assert_eq!(outcome, Outcome::Win { winner: Color::Red, way: Way::Stone });
    assert!(text::result(&common::texts(Lang::En), outcome, won.state().mode).starts_with("You win"));
    let lost = text::result(&common::texts(Lang::En), outcome, vs_ai(Color::Blue));
    assert!(lost.starts_with("The AI wins"), "{lost}");
    let two = text::result(&common::texts(Lang::En), outcome, Mode::PassAndPlay { turn_board: true });
    assert!(two.starts_with("Red wins"), "{two}");
    for lang in Lang::ALL {
        assert_ne!(
            text::result(&common::texts(lang), outcome, vs_ai(Color::Red)),
            text::result(&common::texts(lang), outcome, vs_ai(Color::Blue))
        );
    }
}

#[test]
fn the_result_banner_closes_with_escape_and_comes_back_with_the_next_end() {
    let mut session = finished(vs_ai(Color::Red));
    assert!(session.state().shows_result());
    session.update(Event::Key(Key::Escape));
    assert!(!session.state().shows_result());
    assert!(session.state().game().outcome().is_some(), "the final position stays");
    session.update(Event::Intent(Intent::Undo));
    assert!(session.state().game().outcome().is_none());
    session.update(Event::Intent(Intent::Redo));
    assert!(session.state().shows_result());
}

#[test]
fn rematch_after_the_end_starts_the_same_deal() {
    let mut session = finished(Mode::PassAndPlay { turn_board: true });
    let start = *session.state().game().start();
    session.update(Event::Intent(Intent::Rematch));
    assert_eq!(session.state().game().position(), &start);
    assert!(session.state().game().moves().is_empty());
}

#[test]
fn pass_and_play_keeps_the_board_facing_the_winner() {
    let (mut session, _) = open(
        "5/5/2B2/2R2/5 crab,boar horse,elephant ox r",
        Mode::PassAndPlay { turn_board: true },
        Settings::default(),
    );
    assert_eq!(session.state().bottom(), Color::Red);
    play(&mut session, "crab:c2c3".parse().unwrap());
    assert_eq!(session.state().bottom(), Color::Red, "the board does not turn to the loser");
    assert_eq!(session.layout().bottom, Color::Red);
}

#[test]
fn pass_and_play_turns_the_board_to_whoever_moves() {
    let (mut session, _) = open(START, Mode::PassAndPlay { turn_board: true }, Settings::default());
    play(&mut session, "ox:c1c2".parse().unwrap());
    assert_eq!(session.state().bottom(), Color::Blue);
}

fn click(session: &mut Session, x: f64, y: f64, time_ms: f64) {
    session.update(Event::Pointer { phase: PointerPhase::Down, x, y, time_ms });
    session.update(Event::Pointer { phase: PointerPhase::Up, x, y, time_ms: time_ms + 40.0 });
}

#[test]
fn escape_cancels_a_selection_made_with_the_mouse() {
    let (mut session, _) = open(START, vs_ai(Color::Red), Settings::default());
    let (x, y) = session.layout().square("c1".parse().unwrap()).centre();
    click(&mut session, x, y, 0.0);
    assert_eq!(session.state().board.selected_piece, Some("c1".parse().unwrap()));
    session.update(Event::Key(Key::Escape));
    assert_eq!(session.state().board.selected_piece, None);
}

#[test]
fn a_double_click_on_a_piece_or_a_card_keeps_it_selected() {
    let (mut session, _) = open(START, vs_ai(Color::Red), Settings::default());
    let (x, y) = session.layout().square("b1".parse().unwrap()).centre();
    click(&mut session, x, y, 1000.0);
    click(&mut session, x, y, 1200.0);
    assert_eq!(session.state().board.selected_piece, Some("b1".parse().unwrap()));
    // Two clicks far apart in time still toggle.
    click(&mut session, x, y, 3000.0);
    assert_eq!(session.state().board.selected_piece, None);
    let card = scene(session.state(), session.layout()).cards.iter().find(|(c, ..)| *c == Card::Ox).unwrap().1;
    let (x, y) = card.centre();
    click(&mut session, x, y, 5000.0);
    click(&mut session, x, y, 5250.0);
    assert_eq!(session.state().board.selected_card, Some(Card::Ox));
}

#[test]
fn a_language_change_is_announced_in_the_new_language() {
    let (mut session, _) = open(START, Mode::PassAndPlay { turn_board: false }, Settings::default());
    play(&mut session, "ox:c1c2".parse().unwrap());
    let effects = session.update(Event::Settings(SettingsPatch { language: Some(Lang::Fr), ..Default::default() }));
    let said: Vec<&String> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Announce(text) => Some(text),
            _ => None,
        })
        .collect();
    assert_eq!(said.len(), 1);
    assert!(said[0].contains("bœuf") && said[0].contains("Rouge"), "{}", said[0]);
    assert!(effects.iter().any(|e| matches!(e, Effect::SaveSettings(s) if s.language == Lang::Fr)));
}

#[test]
fn a_notice_goes_with_the_next_move() {
    let (mut session, _) = open(START, Mode::PassAndPlay { turn_board: false }, Settings::default());
    session.update(Event::Notice(onitama::ui::notice::Notice::LinkBroken(onitama::save::LinkError::BadEncoding)));
    assert!(session.state().notice.is_some());
    play(&mut session, "ox:c1c2".parse().unwrap());
    assert!(session.state().notice.is_none());
}

#[test]
fn a_notice_stays_while_the_ai_moves() {
    let (mut session, effects) = open(START, vs_ai(Color::Red), Settings::default());
    assert!(searches(&effects).is_empty());
    session.update(Event::Notice(onitama::ui::notice::Notice::LinkBroken(onitama::save::LinkError::BadEncoding)));
    let effects = play(&mut session, "ox:c1c2".parse().unwrap());
    assert!(session.state().notice.is_none(), "the player's move takes it away");
    session.update(Event::Notice(onitama::ui::notice::Notice::LinkBroken(onitama::save::LinkError::BadEncoding)));
    let order = searches(&effects).pop().unwrap();
    session.update(done(&order, Some(some_move(&order)), None));
    run_frames(&mut session, 0.0);
    assert_eq!(session.state().game().moves().len(), 2);
    assert!(session.state().notice.is_some(), "the AI's move leaves it for the player to read");
}

#[test]
fn the_canvas_is_resized_and_drawn_again_only_when_its_size_or_the_screens_pixels_change() {
    let (mut session, effects) = open(START, vs_ai(Color::Red), Settings::default());
    let sized =
        |effects: &[Effect]| effects.iter().find_map(|e| if let Effect::SizeCanvas(s) = e { Some(*s) } else { None });
    let size = sized(&effects).expect("the page gives the canvas its size as it opens");
    assert_eq!(size.pixels(), (1280, 800));
    assert_eq!(session.canvas(), Some(size));
    play(&mut session, "ox:c1c2".parse().unwrap());
    assert!(session.state().board.anim.is_some());
    // The resize observer's first report repeats the size the page opened at: nothing to do, and
    // the move goes on sliding.
    let same = session.update(Event::Relayout { width: 1280.0, height: 800.0, pixel_ratio: 1.0 });
    assert!(same.is_empty(), "{same:?}");
    assert!(session.state().board.anim.is_some());
    // A sharper screen (the window moved to another one): the same CSS size, twice the pixels,
    // drawn again; the board lies where it did, so the move slides on.
    let sharper = session.update(Event::Relayout { width: 1280.0, height: 800.0, pixel_ratio: 2.0 });
    assert_eq!(sized(&sharper).map(|s| s.pixels()), Some((2560, 1600)));
    assert!(sharper.iter().any(|e| matches!(e, Effect::Redraw(_))) && session.state().board.anim.is_some());
    // Another size: the slide, planned on the old layout, ends at once.
    let smaller = session.update(Event::Relayout { width: 1000.0, height: 700.0, pixel_ratio: 2.0 });
    assert_eq!(sized(&smaller).map(|s| s.pixels()), Some((2000, 1400)));
    assert!(session.state().board.anim.is_none());
    // A fractional size rounds to whole pixels; an empty canvas still has one.
    let odd = session.update(Event::Relayout { width: 360.4, height: 0.0, pixel_ratio: 2.75 });
    assert_eq!(sized(&odd).map(|s| s.pixels()), Some((991, 3)));
    assert_eq!(session.layout().width, 360.4);
}

#[test]
fn a_failed_worker_stops_the_ai_until_undo_and_says_so() {
    let (mut session, effects) = open(START, vs_ai(Color::Blue), Settings::default());
    assert_eq!(searches(&effects).len(), 1);
    let effects = session.update(Event::WorkerFailed("out of memory".into()));
    assert!(session.ai_stopped());
    assert!(effects.contains(&Effect::CancelSearch), "the dead worker is dropped");
    assert!(searches(&effects).is_empty(), "no endless retries");
    assert!(session.state().notice.is_some());
    // Playing on (a person may move for the AI) and taking it back wakes the AI again.
    play(&mut session, "ox:c1c2".parse().unwrap());
    let effects = session.update(Event::Intent(Intent::Undo));
    assert!(!session.ai_stopped());
    assert_eq!(searches(&effects).len(), 1, "the AI searches again after undo");
    let effects = session.update(Event::Intent(Intent::NewGame {
        game: Game::from_deal(&Deal::from_seed(3)),
        mode: vs_ai(Color::Blue),
    }));
    let ai_starts = session.state().ai_to_move();
    assert_eq!(searches(&effects).len(), usize::from(ai_starts));
}

#[test]
fn an_illegal_answer_from_the_worker_is_not_played() {
    let (mut session, effects) = open(START, vs_ai(Color::Blue), Settings::default());
    let order = searches(&effects).pop().unwrap();
    session.update(done(&order, Some("tiger:c1c3".parse().unwrap()), None));
    assert!(session.state().game().moves().is_empty());
    assert!(session.ai_stopped());
}

#[test]
fn undo_on_the_ais_turn_cancels_its_search() {
    let (mut session, _) = open(START, vs_ai(Color::Red), Settings::default());
    let effects = play(&mut session, "ox:c1c2".parse().unwrap());
    let order = searches(&effects).pop().unwrap();
    let effects = session.update(Event::Intent(Intent::Undo));
    assert!(effects.contains(&Effect::CancelSearch));
    session.update(done(&order, Some(some_move(&order)), None));
    assert!(session.state().game().moves().is_empty());
}

#[test]
fn a_move_is_saved_and_the_settings_apart() {
    let (mut session, _) = open(START, vs_ai(Color::Red), Settings::default());
    let effects = play(&mut session, "ox:c1c2".parse().unwrap());
    let saved = effects.iter().find_map(|e| match e {
        Effect::SaveGame(file) => Some(file.clone()),
        _ => None,
    });
    assert_eq!(saved.unwrap().game.moves().len(), 1);
    let effects = session.update(Event::Settings(SettingsPatch { evaluation: Some(true), ..Default::default() }));
    assert!(effects.contains(&Effect::SaveSettings(Settings { evaluation: true, ..Settings::default() })));
}

#[test]
fn the_mode_line_names_the_level() {
    let line = text::mode_line(&common::texts(Lang::En), Mode::VsAi { human: Color::Red, level: AiLevel::nth(4) });
    assert_eq!(line, "Against the AI · level 5, student");
    assert_eq!(
        text::mode_line(&common::texts(Lang::Fa), Mode::Watch { level: AiLevel::nth(11) }),
        "تماشای بازی هوش مصنوعی · سطح ۱۲، استاد"
    );
}

#[test]
fn a_position_loaded_is_a_new_game_in_the_same_mode() {
    let (mut session, _) = open(START, Mode::Watch { level: AiLevel::nth(0) }, Settings::default());
    let position: Position = "bbBbb/5/5/5/rrRrr crab,dragon monkey,tiger mantis r".parse().unwrap();
    session.update(Event::Intent(Intent::NewGame { game: Game::new(position), mode: session.state().mode }));
    assert_eq!(session.state().game().position(), &position);
    assert_eq!(session.state().mode, Mode::Watch { level: AiLevel::nth(0) });
}

fn sounds(effects: &[Effect]) -> Vec<onitama::ui::sound::Sound> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Sound(sound) => Some(*sound),
            _ => None,
        })
        .collect()
}

#[test]
fn moves_captures_and_the_end_make_their_sounds_unless_muted() {
    use onitama::ui::sound::Sound;
    let (mut session, _) = open(START, Mode::PassAndPlay { turn_board: false }, Settings::default());
    assert_eq!(sounds(&play(&mut session, "ox:c1c2".parse().unwrap())), [Sound::Move, Sound::Card]);
    let mut won = finished(vs_ai(Color::Red));
    won.update(Event::Intent(Intent::Undo));
    let effects = play(&mut won, "crab:c2c3".parse().unwrap());
    assert_eq!(sounds(&effects), [Sound::Capture, Sound::Card, Sound::Win]);
    assert!(effects.contains(&Effect::Vibrate(40)), "a capture buzzes");
    let (mut lost, _) = open("5/5/2B2/2R2/5 crab,boar horse,elephant ox r", vs_ai(Color::Blue), Settings::default());
    let effects = play(&mut lost, "crab:c2c3".parse().unwrap());
    assert_eq!(sounds(&effects).last(), Some(&Sound::Loss));
    let muted = Settings { sound: false, ..Settings::default() };
    let (mut quiet, _) = open(START, Mode::PassAndPlay { turn_board: false }, muted);
    assert!(sounds(&play(&mut quiet, "ox:c1c2".parse().unwrap())).is_empty());
}

#[test]
fn muted_sound_mutes_the_buzz_too() {
    let muted = Settings { sound: false, ..Settings::default() };
    let (mut quiet, _) = open("5/5/2B2/2R2/5 crab,boar horse,elephant ox r", vs_ai(Color::Red), muted);
    let effects = play(&mut quiet, "crab:c2c3".parse().unwrap());
    assert!(!effects.iter().any(|e| matches!(e, Effect::Vibrate(_))), "{effects:?}");
}

#[test]
fn a_game_the_ai_plays_against_itself_ends_with_no_win_chime_and_no_confetti() {
    use onitama::ui::sound::Sound;
    let watch = Mode::Watch { level: AiLevel::nth(0) };
    let (mut session, _) = open("5/5/2B2/2R2/5 crab,boar horse,elephant ox r", watch, Settings::default());
    let effects = play(&mut session, "crab:c2c3".parse().unwrap());
    assert_eq!(sounds(&effects), [Sound::Capture, Sound::Card, Sound::End]);
    assert!(session.state().board.celebration.is_none());
}

#[test]
fn a_tap_that_means_nothing_is_refused_with_a_sound() {
    use onitama::ui::sound::Sound;
    let (mut session, _) = open(START, Mode::PassAndPlay { turn_board: false }, Settings::default());
    let (x, y) = session.layout().square("c3".parse().unwrap()).centre();
    session.update(Event::Pointer { phase: PointerPhase::Down, x, y, time_ms: 0.0 });
    let effects = session.update(Event::Pointer { phase: PointerPhase::Up, x, y, time_ms: 50.0 });
    assert_eq!(sounds(&effects), [Sound::Refused]);
    let (x, y) = session.layout().square("c1".parse().unwrap()).centre();
    session.update(Event::Pointer { phase: PointerPhase::Down, x, y, time_ms: 1000.0 });
    let effects = session.update(Event::Pointer { phase: PointerPhase::Up, x, y, time_ms: 1050.0 });
    assert!(sounds(&effects).is_empty(), "choosing a piece is no refusal");
}

#[test]
fn the_theme_follows_the_system_unless_chosen() {
    use onitama::ui::settings::Theme;
    let (mut session, _) = open(START, vs_ai(Color::Red), Settings::default());
    assert!(!session.state().dark());
    session.update(Event::SystemDark(true));
    assert!(session.state().dark());
    let effects = session.update(Event::Settings(SettingsPatch { theme: Some(Theme::Light), ..Default::default() }));
    assert!(!session.state().dark());
    assert!(effects.iter().any(|e| matches!(e, Effect::SaveSettings(s) if s.theme == Theme::Light)));
    session.update(Event::Settings(SettingsPatch { theme: Some(Theme::System), ..Default::default() }));
    session.update(Event::Intent(Intent::Rematch));
    assert!(session.state().dark(), "a new game keeps the system's dark colours");
}

#[test]
fn in_pass_and_play_the_board_turns_as_one_piece_and_no_card_sweeps_across() {
    // A desktop, and a phone, where the side card lies in the row of the player to move.
    for (width, height) in [(1280.0, 800.0), (390.0, 700.0)] {
        let (mut session, _) = open(START, Mode::PassAndPlay { turn_board: true }, Settings::default());
        session.update(Event::Relayout { width, height, pixel_ratio: 1.0 });
        play(&mut session, "ox:c1c2".parse().unwrap());
        let anim = session.state().board.anim.clone().expect("the move is shown");
        assert!(anim.turn, "the picture turns");
        let board = session.layout().board;
        for card in anim.cards.iter().filter(|c| !c.fade) {
            let dy = (card.from.y - card.to.y).abs();
            assert!(
                dy < board.h / 2.0,
                "{width}x{height}: {:?} travels {dy} px across a {} px board",
                card.card,
                board.h
            );
        }
        assert!(!anim.cards.is_empty(), "the used card moves");
    }
    // Without turning the board, a move's cards stay on their sides too, and nothing turns.
    let (mut fixed, _) = open(START, Mode::PassAndPlay { turn_board: false }, Settings::default());
    play(&mut fixed, "ox:c1c2".parse().unwrap());
    assert!(!fixed.state().board.anim.as_ref().unwrap().turn);
}

#[test]
fn a_win_is_celebrated_unless_motion_is_reduced() {
    assert!(finished(vs_ai(Color::Red)).state().board.celebration.is_some());
    let (mut lost, _) = open("5/5/2B2/2R2/5 crab,boar horse,elephant ox r", vs_ai(Color::Blue), Settings::default());
    play(&mut lost, "crab:c2c3".parse().unwrap());
    assert!(lost.state().board.celebration.is_none(), "no confetti for the AI's win");
    let game = Game::new("5/5/2B2/2R2/5 crab,boar horse,elephant ox r".parse().unwrap());
    let mut calm = Session::new(State::new(game, vs_ai(Color::Red), Settings::default(), true, 1));
    calm.update(Event::Relayout { width: 1280.0, height: 800.0, pixel_ratio: 1.0 });
    calm.update(Event::Intent(Intent::Play("crab:c2c3".parse().unwrap())));
    assert!(calm.state().board.celebration.is_none());
    assert!(calm.state().board.anim.is_none());
}

#[test]
fn tapping_an_opponents_card_or_the_side_card_previews_its_moves() {
    use onitama::ui::scene::preview_targets;
    let (mut session, _) = open(START, vs_ai(Color::Red), Settings::default());
    let horse = scene(session.state(), session.layout()).cards.iter().find(|(c, ..)| *c == Card::Horse).unwrap().1;
    let (x, y) = horse.centre();
    click(&mut session, x, y, 0.0);
    assert_eq!(session.state().board.preview, Some(Card::Horse));
    let (color, targets) = preview_targets(session.state()).unwrap();
    assert_eq!(color, Color::Blue);
    // Blue's horse steps forward (down the board for Blue), left, or back.
    assert!(targets.contains("c4".parse().unwrap()));
    session.update(Event::Key(Key::Escape));
    assert_eq!(session.state().board.preview, None);
    let side = scene(session.state(), session.layout()).cards.iter().find(|(c, ..)| *c == Card::Crab).unwrap().1;
    let (x, y) = side.centre();
    click(&mut session, x, y, 5000.0);
    assert_eq!(preview_targets(session.state()).unwrap().0, Color::Red, "the side card goes to the mover next");
}

#[test]
fn when_the_ai_plays_itself_each_move_rests_on_the_board() {
    let rest = onitama::ui::settings::WatchSpeed::Normal.rest_ms();
    let (mut session, effects) = open(START, Mode::Watch { level: AiLevel::nth(0) }, Settings::default());
    let order = searches(&effects).pop().unwrap();
    let effects = session.update(done(&order, Some(some_move(&order)), None));
    assert_eq!(session.state().game().moves().len(), 1);
    let order = searches(&effects).pop().expect("the other side searches at once");
    session.update(done(&order, Some(some_move(&order)), None));
    run_frames(&mut session, 0.0);
    assert_eq!(session.state().game().moves().len(), 1, "the answer waits while the first move rests");
    assert!(session.is_animating(), "and it is on its way");
    let effects = session.update(Event::Frame { now_ms: 460.0 + rest + 50.0 });
    assert_eq!(session.state().game().moves().len(), 2);
    assert!(effects.iter().any(|e| matches!(e, Effect::Redraw(_))));
}

#[test]
fn the_ai_playing_itself_can_be_paused_and_sped_up() {
    use onitama::ui::settings::WatchSpeed;
    let (mut session, effects) = open(START, Mode::Watch { level: AiLevel::nth(0) }, Settings::default());
    let watch = session.controls().watch.expect("pause and speed are offered in watch mode");
    assert_eq!((watch.paused, watch.speed), (false, "normal"));
    let order = searches(&effects).pop().unwrap();
    session.update(Event::Intent(Intent::ToggleWatchPause));
    assert!(session.controls().watch.unwrap().paused);
    // The move under way is held, not played, and nothing more is asked.
    let effects = session.update(done(&order, Some(some_move(&order)), None));
    assert!(searches(&effects).is_empty());
    run_frames(&mut session, 0.0);
    session.update(Event::Frame { now_ms: 60_000.0 });
    assert!(session.state().game().moves().is_empty(), "paused: the move waits");
    assert_eq!(onitama::ui::scene::turn_line(session.state()).as_deref(), Some("Red · paused"));
    // Fast: each move rests a shorter time.
    session.update(Event::Settings(SettingsPatch { watch_speed: Some(WatchSpeed::Fast), ..Default::default() }));
    let effects = session.update(Event::Intent(Intent::ToggleWatchPause));
    assert_eq!(session.state().game().moves().len(), 1, "going on plays it");
    let order = searches(&effects).pop().expect("and the other side thinks");
    session.update(done(&order, Some(some_move(&order)), None));
    run_frames(&mut session, 60_000.0);
    session.update(Event::Frame { now_ms: 60_000.0 + 460.0 + WatchSpeed::Fast.rest_ms() + 50.0 });
    assert_eq!(session.state().game().moves().len(), 2);
    assert!(WatchSpeed::Fast.rest_ms() < WatchSpeed::Normal.rest_ms());
    // Pausing means nothing when a person plays.
    let (mut person, _) = open(START, vs_ai(Color::Red), Settings::default());
    person.update(Event::Intent(Intent::ToggleWatchPause));
    assert!(!person.state().ai.paused && person.controls().watch.is_none());
}

#[test]
fn the_move_list_reads_in_the_players_language() {
    let before: Position = "5/5/2B2/2R2/5 crab,boar horse,elephant ox r".parse().unwrap();
    let win: Move = "crab:c2c3".parse().unwrap();
    let outcome = Some(Outcome::Win { winner: Color::Red, way: Way::Stone });
    assert_eq!(text::move_text(&common::texts(Lang::En), &before, win, outcome), "crab c2→c3 × ★");
    assert_eq!(text::move_text(&common::texts(Lang::Fr), &before, win, outcome), "crabe c2→c3 × ★");
    let persian = text::move_text(&common::texts(Lang::Fa), &before, "boar:c2b2".parse().unwrap(), None);
    assert_eq!(persian, "گراز \u{2068}c۲→b۲\u{2069}", "Persian digits, kept left to right");
    let start: Position = START.parse().unwrap();
    assert_eq!(text::move_text(&common::texts(Lang::Es), &start, "ox:c1c2".parse().unwrap(), None), "buey c1→c2");
}

#[test]
fn a_new_game_is_announced() {
    let (mut session, _) = open(START, Mode::PassAndPlay { turn_board: false }, Settings::default());
    play(&mut session, "ox:c1c2".parse().unwrap());
    let effects = session.update(Event::Intent(Intent::Rematch));
    assert!(effects.iter().any(|e| matches!(e, Effect::Announce(text) if text.starts_with("Red to move"))));
}

#[test]
fn looking_back_shows_a_position_without_changing_the_game() {
    let (mut session, _) = open(START, vs_ai(Color::Red), Settings::default());
    let effects = play(&mut session, "ox:c1c2".parse().unwrap());
    let order = searches(&effects).pop().unwrap();
    run_frames(&mut session, 0.0);
    session.update(done(&order, Some(some_move(&order)), None));
    run_frames(&mut session, 1000.0);
    play(&mut session, "boar:b1b2".parse().unwrap());
    assert_eq!(session.state().game().moves().len(), 3);
    let line = session.state().game().clone();
    // Back to the start: the board shows it, nobody may move, the AI does not search.
    let effects = session.update(Event::Intent(Intent::View(0)));
    assert_eq!(session.state().game().position(), line.start());
    assert_eq!(session.state().board.history.looking_back_from(), Some(3));
    assert!(!session.state().human_to_move() && !session.state().ai_to_move());
    assert!(effects.contains(&Effect::CancelSearch), "the AI's search for the last position stops");
    assert!(searches(&effects).is_empty());
    // What is saved is the whole line.
    let saved = effects.iter().find_map(|e| match e {
        Effect::SaveGame(file) => Some(file.game.clone()),
        _ => None,
    });
    assert_eq!(saved.unwrap().moves(), line.moves());
    // Redo steps forward while looking back; the end of the line ends it.
    session.update(Event::Intent(Intent::Redo));
    assert_eq!(session.state().game().moves(), &line.moves()[..1]);
    let effects = session.update(Event::Intent(Intent::View(3)));
    assert_eq!(session.state().board.history.looking_back_from(), None);
    assert_eq!(session.state().game().moves(), line.moves());
    assert_eq!(searches(&effects).len(), 1, "the AI thinks again about the last position");
}

#[test]
fn continuing_from_a_position_looked_at_makes_it_the_line() {
    let (mut session, _) = open(START, Mode::PassAndPlay { turn_board: false }, Settings::default());
    for m in ["ox:c1c2", "horse:c5c4", "boar:b1b2"] {
        play(&mut session, m.parse().unwrap());
    }
    session.update(Event::Intent(Intent::View(1)));
    session.update(Event::Intent(Intent::ContinueHere));
    assert_eq!(session.state().board.history.looking_back_from(), None);
    assert_eq!(session.state().game().moves().len(), 1);
    assert!(session.state().human_to_move());
    assert_eq!(session.state().board.history.ahead().len(), 2, "the rest can be redone, as after undo");
    // A move made while looking back continues from there too.
    session.update(Event::Intent(Intent::View(0)));
    play(&mut session, "boar:b1b2".parse().unwrap());
    assert_eq!(session.state().board.history.looking_back_from(), None);
    assert_eq!(session.state().game().moves().len(), 1);
}

#[test]
fn a_refused_move_while_looking_back_changes_nothing() {
    let (mut session, _) = open(START, Mode::PassAndPlay { turn_board: false }, Settings::default());
    for m in ["ox:c1c2", "horse:c5c4"] {
        play(&mut session, m.parse().unwrap());
    }
    session.update(Event::Intent(Intent::View(1)));
    let effects = play(&mut session, "tiger:a1a3".parse().unwrap());
    assert_eq!(session.state().board.history.looking_back_from(), Some(2), "still looking back");
    assert_eq!(session.save_file().game.moves().len(), 2);
    assert!(searches(&effects).is_empty());
}

#[test]
fn an_update_refreshes_the_controls_and_saves_once() {
    let (mut session, _) = open(START, vs_ai(Color::Red), Settings::default());
    let effects = play(&mut session, "ox:c1c2".parse().unwrap());
    let count = |f: fn(&Effect) -> bool| effects.iter().filter(|e| f(e)).count();
    assert_eq!(count(|e| matches!(e, Effect::Controls(_))), 1);
    assert_eq!(count(|e| matches!(e, Effect::Redraw(_))), 1);
    assert_eq!(count(|e| matches!(e, Effect::SaveGame(_))), 1);
    assert_eq!(searches(&effects).len(), 1);
}

#[test]
fn every_set_of_cards_is_named_in_each_language() {
    for lang in [Lang::Fa, Lang::Es, Lang::Fr] {
        for pack in onitama::rules::Pack::ALL {
            let name = text::pack_name(&common::texts(lang), pack);
            assert_ne!(name, text::pack_name(&common::texts(Lang::En), pack), "{lang:?} {pack:?}");
            assert!(!name.is_empty() && !name.starts_with("pack"), "{lang:?} {pack:?}: {name}");
        }
    }
}

#[test]
fn the_step_buttons_look_back_and_on_through_the_moves() {
    let (mut session, _) = open(START, Mode::PassAndPlay { turn_board: false }, Settings::default());
    assert!(!session.controls().step_back && !session.controls().step_on, "nothing to step through");
    for m in ["boar:c1c2", "horse:c5c4", "ox:c2c3"] {
        session.update(Event::Intent(Intent::Play(m.parse().unwrap())));
        run_frames(&mut session, 0.0);
    }
    let view = session.controls();
    assert!(view.step_back && !view.step_on);
    session.update(Event::Intent(Intent::Step { back: true }));
    session.update(Event::Intent(Intent::Step { back: true }));
    assert_eq!(session.state().game().moves().len(), 1);
    assert_eq!(session.state().board.history.looking_back_from(), Some(3), "looking back, the game whole");
    assert!(session.controls().step_on);
    session.update(Event::Intent(Intent::Step { back: false }));
    session.update(Event::Intent(Intent::Step { back: false }));
    assert_eq!(session.state().game().moves().len(), 3);
    assert_eq!(session.state().board.history.looking_back_from(), None, "back at the game");
    assert!(!session.controls().step_on);
    let effects = session.update(Event::Intent(Intent::Step { back: false }));
    assert_eq!(session.state().game().moves().len(), 3, "no step past the end: {effects:?}");
    // At the start, the pressed button is disabled: the keyboard's focus goes to the other.
    for _ in 0..2 {
        let effects = session.update(Event::Intent(Intent::Step { back: true }));
        assert!(
            !effects.contains(&Effect::Focus(onitama::ui::session::Focus::StepButton { back: false, sheet: false }))
        );
    }
    let effects = session.update(Event::Intent(Intent::Step { back: true }));
    assert!(
        effects.contains(&Effect::Focus(onitama::ui::session::Focus::StepButton { back: false, sheet: false })),
        "{effects:?}"
    );
}

#[test]
fn the_new_game_dialog_draws_each_chosen_card_in_its_holders_colour_and_the_side_card_in_its_stamps() {
    let (session, _) = open(START, vs_ai(Color::Red), Settings::default());
    let mut form = onitama::ui::new_game_form::NewGameForm::of(session.state());
    form.cards = [Card::Tiger, Card::Boar, Card::Crab, Card::Ox, Card::Horse];
    let previews = form.previews();
    assert_eq!(previews.map(|(card, _)| card), form.cards);
    assert_eq!(
        previews[..4].iter().map(|&(_, c)| c).collect::<Vec<_>>(),
        [Color::Red, Color::Red, Color::Blue, Color::Blue]
    );
    assert_eq!(previews[4].1, Card::Horse.stamp());
}
