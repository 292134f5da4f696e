//! The first-game tutorial: each step's prepared position and the move it asks for, what a wrong
//! move does, the opponent's answer, leaving at any step, being remembered as done, and the game
//! in progress waiting aside meanwhile.

use onitama::mode::AiLevel;
use onitama::rules::{Color, Game, Outcome, Way};
use onitama::save::AsideGame;
use onitama::ui::intent::Intent;
use onitama::ui::session::{Effect, Event, Focus};
use onitama::ui::settings::Settings;
use onitama::ui::startup::{Found, opening};
use onitama::ui::state::State;
use onitama::ui::text::TextsFile;
use onitama::ui::tutorial::{STEPS, tutorial_file};
use onitama::ui::{Lang, Mode, Session};

mod common;
use common::{Motion, START, mv, run_frames};

fn vs_ai() -> Mode {
    Mode::VsAi { human: Color::Red, level: AiLevel::nth(3) }
}

/// A game against the AI with one move each played.
fn game_in_progress() -> Session {
    let (mut session, _) = common::open_position(START, vs_ai(), Settings::default(), Motion::Reduced);
    session.update(Event::Intent(Intent::Play(mv("boar:c1c2"))));
    session.update(Event::Intent(Intent::Play(mv("horse:c5c4"))));
    session
}

fn intent(session: &mut Session, intent: Intent) -> Vec<Effect> {
    session.update(Event::Intent(intent))
}

/// Starts the tutorial and hands it the texts it asks for, as the shell would.
fn start(session: &mut Session) -> Vec<Effect> {
    let mut effects = intent(session, Intent::Tutorial);
    let lang = session.state().lang();
    assert!(effects.contains(&Effect::FetchTexts(TextsFile::Tutorial(lang))), "{effects:?}");
    effects.extend(session.update(Event::Texts { file: TextsFile::Tutorial(lang), text: Some(tutorial_file(lang)) }));
    effects
}

fn step(session: &Session) -> usize {
    session.state().tutorial().expect("the tutorial is on").step
}

#[test]
fn every_step_starts_from_a_legal_position_in_which_each_move_it_asks_for_is_legal() {
    for (n, step) in STEPS.iter().enumerate() {
        let position = step.start().unwrap_or_else(|| panic!("step {n}: {}", step.position));
        assert_eq!(position.to_move(), Color::Red, "step {n}");
        assert!(!step.expects.is_empty());
        for &expected in step.expects {
            assert!(position.legal_moves().contains(&mv(expected)), "step {n}: {expected}");
        }
        if let Some(reply) = step.reply() {
            let after = position.play(mv(step.expects[0])).unwrap();
            assert!(after.legal_moves().contains(&reply), "step {n}: {reply}");
        }
    }
}

#[test]
fn the_steps_teach_what_they_say() {
    let position = |key: &str| STEPS.iter().find(|s| s.key == key).unwrap().start().unwrap();
    // A capture lands on a blue piece.
    let capture = STEPS.iter().find(|s| s.key == "capture").unwrap();
    let Some(onitama::rules::Move::Step { to, .. }) = capture.shown() else { panic!() };
    assert!(position("capture").pieces(Color::Blue).contains(to));
    // The two ways to win are won by those ways.
    for (key, way) in [("stone", Way::Stone), ("stream", Way::Stream)] {
        let step = STEPS.iter().find(|s| s.key == key).unwrap();
        for &m in step.expects {
            let mut game = Game::new(position(key));
            game.play(mv(m)).unwrap();
            assert_eq!(game.outcome(), Some(Outcome::Win { winner: Color::Red, way }), "{m}");
        }
    }
    // Passing: only passes are legal, both of them.
    let pass = position("pass");
    assert!(pass.legal_moves().iter().all(|m| m.is_pass()));
    assert_eq!(pass.legal_moves().len(), 2);
    // The card played goes to the side, then Blue's answer takes it.
    let exchange = STEPS.iter().find(|s| s.key == "exchange").unwrap();
    let played = mv(exchange.expects[0]);
    let after = position("exchange").play(played).unwrap().play(exchange.reply().unwrap()).unwrap();
    assert!(after.hand(Color::Blue).contains(played.card()));
}

#[test]
fn the_tutorial_is_played_through_and_ends_back_at_the_game_put_aside() {
    let mut session = game_in_progress();
    let mine = session.state().game().clone();
    start(&mut session);
    let state = session.state();
    assert_eq!(state.aside, Some(AsideGame { game: mine.clone(), mode: vs_ai() }));
    assert_eq!(state.position(), &STEPS[0].start().unwrap());
    assert!(session.controls().back_to_my_game);
    for n in 0..STEPS.len() {
        assert_eq!(step(&session), n);
        let view = session.controls().tutorial.unwrap();
        assert_eq!((view.step, view.steps, view.done), (n + 1, STEPS.len(), false));
        // The step's move is marked on the board.
        assert_eq!(session.state().hinted(), STEPS[n].shown());
        let effects = intent(&mut session, Intent::Play(mv(STEPS[n].expects[0])));
        // The tutorial's saves keep the player's game aside and say the step; the AI is not asked.
        for effect in &effects {
            if let Effect::SaveGame(file) = effect {
                assert_eq!(file.tutorial, Some(n), "{file:?}");
                assert_eq!(file.aside, Some(AsideGame { game: mine.clone(), mode: vs_ai() }));
            }
        }
        assert!(!effects.iter().any(|e| matches!(e, Effect::StartSearch(_))), "{effects:?}");
        assert!(!effects.iter().any(|e| matches!(e, Effect::KeepFinished(..) | Effect::SaveStandings(_))));
        let state = session.state();
        assert!(state.tutorial().unwrap().done, "step {n}");
        let view = session.controls();
        assert!(view.tutorial.as_ref().unwrap().done);
        assert_eq!(view.result, None, "the tutorial says how it ended in its own words");
        assert_eq!(state.hinted(), None);
        if let Some(reply) = STEPS[n].reply() {
            assert_eq!(state.game().moves().last(), Some(&reply), "the answer follows");
        }
        if n + 1 < STEPS.len() {
            assert_eq!(view.tutorial.unwrap().next_label, "Next");
            let effects = intent(&mut session, Intent::TutorialNext);
            assert_eq!(session.state().position(), &STEPS[n + 1].start().unwrap());
            // Next is disabled until the step's move: the keyboard goes on from its words.
            assert!(effects.contains(&Effect::Focus(Focus::TutorialText)), "{effects:?}");
        } else {
            assert_eq!(view.tutorial.unwrap().next_label, "Finish");
        }
    }
    let effects = intent(&mut session, Intent::TutorialNext);
    assert!(effects.contains(&Effect::TutorialDone));
    // Finish went with the panel: the focus goes to the board, not to the page's start.
    assert!(effects.contains(&Effect::Focus(Focus::Board)), "{effects:?}");
    let state = session.state();
    assert_eq!(state.tutorial(), None);
    assert!(state.page.tutorial_done);
    assert_eq!((state.game().moves(), state.mode), (mine.moves(), vs_ai()));
    assert_eq!(state.aside, None);
    // The player's game is saved again, and the AI plays on in it as before.
    assert!(effects.iter().any(|e| matches!(e, Effect::SaveGame(file) if file.game.moves() == mine.moves())));
}

#[test]
fn a_wrong_move_is_refused_and_the_step_says_so_until_its_move_is_made() {
    let (mut session, _) = common::open_position(START, vs_ai(), Settings::default(), Motion::On);
    start(&mut session);
    let before = session.state().game().clone();
    // Legal, but not the step's: the board stays as it was.
    let wrong = mv("ox:a1a2");
    assert!(before.legal_moves().contains(&wrong));
    let effects = intent(&mut session, Intent::Play(wrong));
    assert!(effects.contains(&Effect::Sound(onitama::ui::sound::Sound::Refused)), "{effects:?}");
    let state = session.state();
    assert_eq!(state.game().moves(), before.moves());
    assert!(state.tutorial().unwrap().wrong && !state.tutorial().unwrap().done);
    let file = tutorial_file(Lang::En);
    let panel = session.controls().tutorial.unwrap();
    let why = onitama::ui::tutorial::line(&file, "wrong");
    assert_eq!(panel.title, why, "the title row says why");
    assert!(panel.prompt && panel.title_reserve.contains(&panel.title));
    assert!(effects.contains(&Effect::Announce(why.to_string())), "and it is said out loud: {effects:?}");
    assert!(panel.text.contains(" tiger") && !panel.text.contains(why), "the task keeps its words: {}", panel.text);
    assert!(!session.controls().tutorial.unwrap().done);
    // Next waits for the step's move.
    intent(&mut session, Intent::TutorialNext);
    assert_eq!(step(&session), 0);
    // Undo, Redo and Hint are not the tutorial's.
    let controls = session.controls();
    assert!(!controls.undo && !controls.hint && controls.resign.is_none());
    intent(&mut session, Intent::Play(mv("tiger:b1b3")));
    run_frames(&mut session, 0.0);
    let run = session.state().tutorial().unwrap();
    assert!(run.done && !run.wrong);
    let panel = session.controls().tutorial.unwrap();
    assert!(panel.text.starts_with("Well done") && !panel.prompt, "{panel:?}");
    // Once done, the step takes no other move: Blue's turn waits, the AI stays silent.
    assert_eq!(session.state().position().to_move(), Color::Blue);
    let effects = intent(&mut session, Intent::Undo);
    assert!(!effects.iter().any(|e| matches!(e, Effect::StartSearch(_))));
    assert_eq!(session.state().game().moves().len(), 1);
}

#[test]
fn the_opponents_answer_waits_for_the_move_to_have_slid() {
    let (mut session, _) = common::open_position(START, vs_ai(), Settings::default(), Motion::On);
    start(&mut session);
    intent(&mut session, Intent::Play(mv(STEPS[0].expects[0])));
    intent(&mut session, Intent::TutorialNext);
    intent(&mut session, Intent::TutorialNext);
    assert_eq!(step(&session), 1, "the second step's move is not made yet");
    intent(&mut session, Intent::Play(mv(STEPS[1].expects[1])));
    intent(&mut session, Intent::TutorialNext);
    assert_eq!(STEPS[step(&session)].key, "exchange");
    intent(&mut session, Intent::Play(mv("ox:d1d2")));
    assert_eq!(session.state().game().moves().len(), 1, "the answer waits while the move slides");
    run_frames(&mut session, 0.0);
    session.update(Event::Frame { now_ms: 5000.0 });
    run_frames(&mut session, 5000.0);
    assert_eq!(session.state().game().moves(), &[mv("ox:d1d2"), mv("crane:b5b4")]);
    // Red is to move again, but the step is made: no piece is ringed as movable.
    let marks = onitama::ui::scene::marks(session.state());
    assert!(!marks.movable.any(), "nothing offered to move while the lesson is shown");
    let text = session.controls().tutorial.unwrap().text;
    assert!(
        text.starts_with("Your card ox went beside the board and you took tiger. Then Blue played crane"),
        "{text}"
    );
}

#[test]
fn it_can_be_left_at_any_step_and_is_remembered_as_done() {
    for at in 0..STEPS.len() {
        let mut session = game_in_progress();
        let mine = session.state().game().clone();
        start(&mut session);
        for step in &STEPS[..at] {
            intent(&mut session, Intent::Play(mv(step.expects[0])));
            intent(&mut session, Intent::TutorialNext);
        }
        assert_eq!(step(&session), at);
        let effects = intent(&mut session, Intent::LeaveTutorial);
        assert!(effects.contains(&Effect::TutorialDone), "step {at}");
        assert!(effects.contains(&Effect::Focus(Focus::Board)), "step {at}: Leave went with the panel");
        let state = session.state();
        assert!(state.tutorial().is_none() && state.page.tutorial_done);
        assert_eq!(state.game().moves(), mine.moves(), "step {at}");
        assert!(!session.controls().back_to_my_game);
    }
}

#[test]
fn without_a_game_in_progress_leaving_deals_a_new_game_and_back_to_my_game_also_leaves() {
    let (mut session, _) = common::open_position(START, vs_ai(), Settings::default(), Motion::Reduced);
    start(&mut session);
    assert_eq!(session.state().aside, None, "nothing played: nothing to keep");
    intent(&mut session, Intent::LeaveTutorial);
    let state = session.state();
    assert!(state.tutorial().is_none() && state.game().moves().is_empty() && state.page.tutorial_done);
    assert_eq!(state.mode, vs_ai());
    // "Back to my game" (the strip's or the menu's) leaves the tutorial too.
    let mut session = game_in_progress();
    let mine = session.state().game().clone();
    start(&mut session);
    intent(&mut session, Intent::BackToMyGame);
    assert!(session.state().tutorial().is_none());
    assert_eq!(session.state().game().moves(), mine.moves());
}

#[test]
fn it_is_offered_on_a_first_visit_until_a_move_is_played_or_it_is_done() {
    let (mut session, _) = common::open_position(START, vs_ai(), Settings::default(), Motion::Reduced);
    assert!(!session.controls().tutorial_offer, "not a first visit");
    let mut state = session.state().clone();
    state.page.first_visit = true;
    let mut first = Session::new(state.clone());
    first.update(Event::Opened);
    assert!(first.controls().tutorial_offer);
    first.update(Event::Intent(Intent::Play(mv("boar:c1c2"))));
    assert!(!first.controls().tutorial_offer, "once playing, it is in the menu");
    // Done on this device: not offered again.
    state.page.tutorial_done = true;
    let mut done = Session::new(state);
    done.update(Event::Opened);
    assert!(!done.controls().tutorial_offer);
    // Started from the offer, then left: no longer offered, though nothing was played.
    start(&mut session);
    assert!(!session.controls().tutorial_offer);
}

#[test]
fn its_texts_are_fetched_once_per_language_and_a_failed_fetch_says_so() {
    let (mut session, _) = common::open_position(START, vs_ai(), Settings::default(), Motion::Reduced);
    let effects = intent(&mut session, Intent::Tutorial);
    assert_eq!(effects.iter().filter(|e| matches!(e, Effect::FetchTexts(TextsFile::Tutorial(_)))).count(), 1);
    assert_eq!(session.controls().tutorial.unwrap().text, "…");
    // Asked once: a second event while it comes does not ask again.
    let effects = session.update(Event::Relayout { width: 400.0, height: 600.0, pixel_ratio: 1.0 });
    assert!(!effects.iter().any(|e| matches!(e, Effect::FetchTexts(TextsFile::Tutorial(_)))));
    session.update(Event::Texts { file: TextsFile::Tutorial(Lang::En), text: None });
    assert!(session.controls().tutorial.unwrap().text.contains("could not be loaded"));
    // Another language asks for its own file, and shows it once it comes.
    let patch = onitama::ui::intent::SettingsPatch { language: Some(Lang::Fr), ..Default::default() };
    let effects = session.update(Event::Settings(patch));
    assert!(effects.contains(&Effect::FetchTexts(TextsFile::Tutorial(Lang::Fr))), "{effects:?}");
    session.update(Event::Texts { file: TextsFile::Tutorial(Lang::Fr), text: Some(tutorial_file(Lang::Fr)) });
    let view = session.controls();
    assert!(view.tutorial.as_ref().unwrap().text.contains(" tigre"), "{:?}", view.tutorial);
    assert!(view.mode_line.starts_with("Tutoriel 1/6 · Lire une carte"), "{}", view.mode_line);
}

#[test]
fn in_persian_the_panel_speaks_persian_with_persian_digits() {
    let settings = Settings { language: Lang::Fa, ..Settings::default() };
    let (mut session, _) = common::open_position(START, vs_ai(), settings, Motion::Reduced);
    start(&mut session);
    let view = session.controls();
    assert!(view.mode_line.starts_with("آموزش ۱/۶"), "{}", view.mode_line);
    let text = view.tutorial.unwrap().text;
    assert!(
        text.contains(onitama::ui::text::card_name(&common::texts(Lang::Fa), onitama::rules::Card::Tiger)),
        "{text}"
    );
}

#[test]
fn the_offer_stays_when_the_ai_has_begun_the_game() {
    // Blue, the AI, began: the player has played nothing yet.
    let mut game = Game::new(START.replace(" r", " b").parse().unwrap());
    game.play(game.legal_moves()[0]).unwrap();
    let (session, _) = common::open_game(game, vs_ai(), Settings::default(), Motion::Reduced);
    let mut state = session.state().clone();
    state.page.first_visit = true;
    let mut first = Session::new(state);
    first.update(Event::Opened);
    assert!(first.controls().tutorial_offer, "offered after the AI's first move");
    let mine = first.state().game().legal_moves()[0];
    first.update(Event::Intent(Intent::Play(mine)));
    assert!(!first.controls().tutorial_offer, "not once the player has played");
}

#[test]
fn the_panel_keeps_room_for_every_text_of_its_step_so_each_shows_whole_and_only_those() {
    for lang in Lang::ALL {
        let (mut session, _) =
            common::open_position(START, vs_ai(), Settings { language: lang, ..Settings::default() }, Motion::Reduced);
        start(&mut session);
        let mut rooms = Vec::new();
        for (n, step) in STEPS.iter().enumerate() {
            let reserve = session.controls().tutorial.unwrap().reserve;
            assert_eq!(reserve.len(), 2, "{lang:?} step {n}: a task and a lesson (a refusal is said in the title row)");
            let shown = session.controls().tutorial.unwrap();
            assert!(reserve.contains(&shown.text), "{lang:?} step {n}: {}", shown.text);
            let position = step.start().unwrap();
            if let Some(&wrong) = position.legal_moves().iter().find(|&&m| !step.accepts(m)) {
                intent(&mut session, Intent::Play(wrong));
                let refused = session.controls().tutorial.unwrap();
                assert!(refused.wrong && reserve.contains(&refused.text), "{lang:?} step {n}: {}", refused.text);
                assert_eq!(refused.reserve, reserve, "{lang:?} step {n}: the same room within the step");
                assert!(
                    refused.prompt && refused.title_reserve.contains(&refused.title),
                    "{lang:?} step {n}: {refused:?}"
                );
                assert_eq!(refused.title_reserve, shown.title_reserve, "{lang:?} step {n}: the title row's room too");
            }
            intent(&mut session, Intent::Play(mv(step.expects[0])));
            run_frames(&mut session, 0.0);
            let done = session.controls().tutorial.unwrap();
            assert!(done.done && reserve.contains(&done.text), "{lang:?} step {n}: {}", done.text);
            assert_eq!(done.reserve, reserve, "{lang:?} step {n}: the same room within the step");
            rooms.push(reserve);
            intent(&mut session, Intent::TutorialNext);
        }
        rooms.dedup();
        assert_eq!(rooms.len(), STEPS.len(), "{lang:?}: each step has the room of its own texts, not all of them");
    }
}

/// What the page opens with from `file`, as the shell makes its session of it.
fn reopen(file: &onitama::save::SaveFile) -> Session {
    let text = onitama::save::encode(file);
    let found = Found { save: Ok(Some(onitama::save::decode(&text).unwrap())), ..Found::default() };
    let opened = opening(found, |_| panic!("the save holds a game"));
    let mut state = State::new(opened.history, opened.mode, opened.settings, true, 1);
    (state.activity, state.aside) = (opened.activity, opened.aside);
    let mut session = Session::new(state);
    let effects = session.update(Event::Opened);
    let lang = session.state().lang();
    assert!(effects.contains(&Effect::FetchTexts(TextsFile::Tutorial(lang))), "{effects:?}");
    session.update(Event::Texts { file: TextsFile::Tutorial(lang), text: Some(tutorial_file(lang)) });
    session
}

#[test]
fn a_reload_in_the_tutorial_comes_back_at_the_same_step_with_the_game_aside_still_aside() {
    for at in 0..STEPS.len() {
        let mut session = game_in_progress();
        let mine = AsideGame { game: session.state().game().clone(), mode: vs_ai() };
        start(&mut session);
        for step in &STEPS[..at] {
            intent(&mut session, Intent::Play(mv(step.expects[0])));
            run_frames(&mut session, 0.0);
            intent(&mut session, Intent::TutorialNext);
        }
        for made in [false, true] {
            if made {
                // The step's move made but Next not taken: the step comes back to be made again.
                intent(&mut session, Intent::Play(mv(STEPS[at].expects[0])));
                run_frames(&mut session, 0.0);
            }
            let file = session.save_file();
            assert_eq!(file.tutorial, Some(at));
            let mut again = reopen(&file);
            let state = again.state();
            assert_eq!(state.tutorial().map(|run| (run.step, run.done)), Some((at, false)), "step {at}");
            assert_eq!(state.position(), &STEPS[at].start().unwrap(), "step {at}");
            assert_eq!(state.aside.as_ref(), Some(&mine), "step {at}");
            assert!(!again.controls().tutorial_offer);
            assert_eq!(again.controls().tutorial.unwrap().step, at + 1);
            // It goes on from there, and ends back at the game put aside.
            intent(&mut again, Intent::LeaveTutorial);
            assert_eq!(again.state().game().moves(), mine.game.moves(), "step {at}");
            assert_eq!(again.save_file().tutorial, None);
        }
    }
    // Without a game aside, too.
    let (mut session, _) = common::open_position(START, vs_ai(), Settings::default(), Motion::Reduced);
    start(&mut session);
    intent(&mut session, Intent::Play(mv(STEPS[0].expects[0])));
    intent(&mut session, Intent::TutorialNext);
    let again = reopen(&session.save_file());
    assert_eq!(again.state().tutorial().map(|run| run.step), Some(1));
    assert_eq!(again.state().aside, None);
}

#[test]
fn finishing_or_leaving_the_tutorial_brings_back_the_untouched_first_deal() {
    let (mut session, _) = common::open_position(START, vs_ai(), Settings::default(), Motion::Reduced);
    let first = *session.state().game().start();
    start(&mut session);
    // Begun again from the menu: the deal it came from is still the one to go back to.
    intent(&mut session, Intent::Tutorial);
    intent(&mut session, Intent::LeaveTutorial);
    let state = session.state();
    assert_eq!(*state.game().start(), first, "the first deal, not a new one");
    assert!(state.game().moves().is_empty());
    assert_eq!(state.mode, vs_ai());
}

#[test]
fn the_board_has_no_lines_of_its_own_in_the_tutorial_and_gives_their_room_to_the_board() {
    let (mut session, _) = common::open_position(START, vs_ai(), Settings::default(), Motion::Reduced);
    session.update(Event::Relayout { width: 360.0, height: 520.0, pixel_ratio: 1.0 });
    let in_a_game = session.layout().board.w;
    assert!(!onitama::ui::scene::labels(session.state()).is_empty(), "a game's rows say whose turn it is");
    start(&mut session);
    for lang in Lang::ALL {
        let mut state = session.state().clone();
        state.page.settings.language = lang;
        // The panel says what the step asks; no level of the AI's, no turn line.
        assert_eq!(onitama::ui::scene::labels(&state), vec![], "{lang:?}");
    }
    let layout = session.layout();
    assert!(!layout.labelled && layout.board.w > in_a_game, "{} px, {in_a_game} px in a game", layout.board.w);
    intent(&mut session, Intent::LeaveTutorial);
    assert!(session.layout().labelled && session.layout().board.w == in_a_game, "the game's lines come back");
}

#[test]
fn only_a_step_whose_jumps_two_cards_share_keeps_room_for_choosing_a_card() {
    let asks: Vec<bool> = STEPS.iter().map(|s| s.asks_for_a_card()).collect();
    // The capture step's student steps forward with either card; the card-reading and passing
    // steps have no jump that both cards make.
    assert_eq!(asks, [false, true, true, false, true, false]);
}
