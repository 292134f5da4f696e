//! Nothing a player does is lost or ignored: the side card under the keyboard, Escape out of
//! looking back, the keyboard's frame giving way to the mouse, jumps through the game shown
//! without ghosts, the opponent's cards readable, and fetch failures told in the player's words.

use onitama::rules::{Card, Color};
use onitama::ui::features::Features;
use onitama::ui::intent::Intent;
use onitama::ui::keyboard::focus_rect;
use onitama::ui::layout::CardPlace;
use onitama::ui::notice::Notice;
use onitama::ui::scene::{scene, words_turn_with_card};
use onitama::ui::session::{Effect, Event, PointerPhase};
use onitama::ui::settings::Settings;
use onitama::ui::state::BoardFocus;
use onitama::ui::{Lang, Mode, Session, text};

use onitama::ui::keyboard::Key;

mod common;
use common::{Motion, START, mv, open_position, run_frames, sq};

fn two_players() -> Session {
    open_position(START, Mode::PassAndPlay { turn_board: false }, Settings::default(), Motion::On).0
}

fn key(session: &mut Session, name: &str) -> Vec<Effect> {
    session.update(Event::Key(Key::read(name, false).unwrap_or_else(|| panic!("{name:?} is no key of the page's"))))
}

/// Plays moves as a button would, letting each slide end.
fn play_all(session: &mut Session, moves: &[&str]) {
    for (i, m) in moves.iter().enumerate() {
        session.update(Event::Intent(Intent::Play(mv(m))));
        run_frames(session, 10_000.0 * i as f64);
    }
}

#[test]
fn the_arrow_keys_reach_the_side_card_and_enter_previews_it() {
    // A desktop (the side card beside the board) and a phone (in the mover's row).
    for (width, height) in [(1280.0, 800.0), (360.0, 640.0)] {
        let mut session = two_players();
        session.update(Event::Relayout { width, height, pixel_ratio: 1.0 });
        // From the mover's master, each arrow toward the side card.
        key(&mut session, "ArrowUp");
        let (mover, layout) = (session.state().position().to_move(), session.layout().clone());
        let (x1, y1) = layout.card(CardPlace::Side, mover).centre();
        let mut reached = false;
        for _ in 0..8 {
            let (x0, y0) = focus_rect(session.state().board.focus.unwrap(), &layout, mover).centre();
            let (dx, dy) = (x1 - x0, y1 - y0);
            let arrow = match dx.abs() > dy.abs() {
                true if dx > 0.0 => "ArrowRight",
                true => "ArrowLeft",
                false if dy > 0.0 => "ArrowDown",
                false => "ArrowUp",
            };
            key(&mut session, arrow);
            if session.state().board.focus == Some(BoardFocus::Side) {
                reached = true;
                break;
            }
        }
        assert!(reached, "{width}x{height}: the focus went {:?}, never to the side card", session.state().board.focus);
        key(&mut session, "Enter");
        assert_eq!(
            session.state().board.preview,
            Some(Card::Crab),
            "{width}x{height}: Enter previews it, as a click does"
        );
        key(&mut session, "Enter");
        assert_eq!(session.state().board.preview, None, "and Enter again hides it");
    }
}

#[test]
fn escape_clears_the_selection_then_goes_back_to_the_game() {
    let mut session = two_players();
    play_all(&mut session, &["ox:c1c2", "horse:c5c4", "boar:b1b2"]);
    session.update(Event::Intent(Intent::View(1)));
    assert_eq!(session.state().board.history.looking_back_from(), Some(3));
    // Nobody moves while looking back, but a card can be looked at: the side card, tapped.
    let side = scene(session.state(), session.layout()).cards.into_iter().find(|c| c.0 == Card::Crab).unwrap().1;
    let (x, y) = side.centre();
    session.update(Event::Pointer { phase: PointerPhase::Down, x, y, time_ms: 0.0 });
    session.update(Event::Pointer { phase: PointerPhase::Up, x, y, time_ms: 40.0 });
    assert_eq!(session.state().board.preview, Some(Card::Crab), "the side card is shown");
    key(&mut session, "Escape");
    assert_eq!(session.state().board.preview, None, "the first Escape hides it");
    assert_eq!(session.state().board.history.looking_back_from(), Some(3), "and still looks back");
    key(&mut session, "Escape");
    assert_eq!(
        session.state().board.history.looking_back_from(),
        None,
        "the second goes back to the game, as the button does"
    );
    assert_eq!(session.state().game().moves().len(), 3);
    // With nothing looked back at, Escape changes nothing of the game.
    key(&mut session, "Escape");
    assert_eq!(session.state().game().moves().len(), 3);
}

#[test]
fn escape_on_the_move_list_goes_back_to_the_game_too() {
    use onitama::ui::keyboard::{MoveListPlace, move_list_intent};
    let mut session = two_players();
    play_all(&mut session, &["ox:c1c2", "horse:c5c4"]);
    assert!(move_list_intent(session.state(), Key::Escape, MoveListPlace::Panel).is_none(), "nothing looked back at");
    session.update(Event::Intent(Intent::View(0)));
    assert!(matches!(move_list_intent(session.state(), Key::Escape, MoveListPlace::Panel), Some(Intent::BackToGame)));
}

#[test]
fn the_keyboards_frame_goes_with_the_mouse_and_comes_back_with_an_arrow() {
    let mut session = two_players();
    key(&mut session, "ArrowUp");
    assert!(session.state().board.focus.is_some());
    let (x, y) = session.layout().square(sq("a3")).centre();
    session.update(Event::Pointer { phase: PointerPhase::Down, x, y, time_ms: 0.0 });
    session.update(Event::Pointer { phase: PointerPhase::Up, x, y, time_ms: 40.0 });
    assert_eq!(session.state().board.focus, None, "no frame is drawn once the mouse is used");
    key(&mut session, "ArrowUp");
    assert!(session.state().board.focus.is_some(), "the next arrow brings it back");
}

#[test]
fn a_jump_through_the_game_shows_at_once_and_a_single_step_still_slides() {
    let mut session = two_players();
    play_all(&mut session, &["ox:c1c2", "horse:c5c4", "boar:b1b2", "elephant:d5e4"]);
    assert_eq!(session.state().game().moves().len(), 4);
    let slides = |session: &Session| {
        session
            .state()
            .board
            .anim
            .as_ref()
            .is_some_and(|a| a.pieces.iter().any(|p| p.from != p.to && p.alpha == (1.0, 1.0)))
    };
    let jumps = [
        Intent::View(0),
        Intent::BackToGame,
        Intent::View(1),
        Intent::ViewAt(1.0),
        Intent::ViewAt(0.0),
        Intent::View(4),
    ];
    for intent in jumps {
        let label = format!("{intent:?}");
        session.update(Event::Intent(intent));
        assert_eq!(session.state().board.anim, None, "{label}: no ghost piece and no card crossing the board");
    }
    // One move back or forth slides, as undo and redo do.
    session.update(Event::Intent(Intent::View(3)));
    assert!(slides(&session), "one move back slides its piece back");
    run_frames(&mut session, 100_000.0);
    session.update(Event::Intent(Intent::Undo));
    assert!(slides(&session), "Undo while looking back slides");
    run_frames(&mut session, 200_000.0);
    session.update(Event::Intent(Intent::Redo));
    assert!(slides(&session), "Redo while looking back slides");
    // The board that turns to whoever moves shows a jump at once too.
    let mut turning = open_position(START, Mode::PassAndPlay { turn_board: true }, Settings::default(), Motion::On).0;
    play_all(&mut turning, &["ox:c1c2", "horse:c5c4", "boar:b1b2"]);
    turning.update(Event::Intent(Intent::View(0)));
    assert_eq!(turning.state().board.anim, None);
    assert_eq!(turning.layout().bottom, Color::Red, "and faces the player to move there");
}

#[test]
fn the_opponents_card_names_face_the_player_and_their_grids_their_holder() {
    let open = |mode| open_position(START, mode, Settings::default(), Motion::On).0;
    let vs_ai = open(Mode::VsAi { human: Color::Red, level: Default::default() });
    // Blue's cards lie turned toward Blue (their grids read from Blue's side)...
    let horse = scene(vs_ai.state(), vs_ai.layout()).cards.into_iter().find(|c| c.0 == Card::Horse).unwrap();
    assert!(horse.2, "the grid faces its holder");
    // ...but their names and animals face the bottom seat, the player's.
    assert!(!words_turn_with_card(vs_ai.state()));
    assert!(!words_turn_with_card(open(Mode::PassAndPlay { turn_board: true }).state()), "one seat, at the bottom");
    assert!(!words_turn_with_card(open(Mode::Watch { level: Default::default() }).state()));
    // Two people across the table each read their own cards.
    assert!(words_turn_with_card(open(Mode::PassAndPlay { turn_board: false }).state()));
}

const BROWSER_REASON: &str = "NetworkError when attempting to fetch resource.";

#[test]
fn a_fetch_that_fails_is_told_in_the_players_language_and_logged_in_the_browsers() {
    for lang in [Lang::Fa, Lang::Fr, Lang::Es, Lang::En] {
        let notice =
            Notice::PuzzlesUnavailable(Features::present(), BROWSER_REASON.to_string()).text(&common::texts(lang));
        assert!(!notice.contains("NetworkError") && !notice.contains('{'), "{lang:?}: {notice}");
        let rules = text::page_text(&common::texts(lang), "rules-unavailable", &[]);
        assert!(!rules.contains('{'), "{lang:?}: {rules}");
    }
    let fa = Notice::PuzzlesUnavailable(Features::present(), BROWSER_REASON.to_string()).text(&common::texts(Lang::Fa));
    assert!(!fa.chars().any(|c| c.is_ascii_alphabetic()), "wholly Persian: {fa}");
    let fr = Notice::PuzzlesUnavailable(Features::present(), BROWSER_REASON.to_string()).text(&common::texts(Lang::Fr));
    assert!(fr.contains("hors ligne"), "{fr}");
    // The session tells the console the browser's reason, and the player the sentence.
    let mut session = two_players();
    session
        .update(Event::Settings(onitama::ui::intent::SettingsPatch { language: Some(Lang::Fr), ..Default::default() }));
    session.update(Event::Intent(Intent::ChoosePuzzle(onitama::ui::puzzle::Choice::Daily(1))));
    let effects = session.update(Event::PuzzleSet(Err(BROWSER_REASON.to_string())));
    assert!(effects.iter().any(|e| matches!(e, Effect::Log(m) if m.contains(BROWSER_REASON))), "{effects:?}");
    let shown = session.state().notice.as_ref().map(|n| n.text(&common::texts(Lang::Fr))).unwrap_or_default();
    assert!(shown.contains("hors ligne") && !shown.contains("NetworkError"), "{shown}");
}

#[test]
fn the_page_description_is_in_each_language() {
    let english = common::texts(Lang::En).html("meta-description").unwrap();
    for lang in [Lang::Fa, Lang::Fr, Lang::Es] {
        let words = common::texts(lang).html("meta-description").expect("a description");
        assert_ne!(words, english, "{lang:?}");
    }
}

#[test]
fn a_card_that_moves_no_piece_is_not_chosen_so_a_piece_stays_movable() {
    // Red's pieces in one file, its master at the top: the tiger moves none of them (each jump
    // lands on a red piece or off the board), the boar moves them sideways.
    let position = "B3R/4r/4r/4r/4r tiger,boar crab,ox goose r";
    let (mut session, _) =
        open_position(position, Mode::PassAndPlay { turn_board: false }, Settings::default(), Motion::Reduced);
    session.update(Event::Relayout { width: 1280.0, height: 800.0, pixel_ratio: 1.0 });
    let tiger = Card::from_name("tiger").unwrap();
    let legal = session.state().game().legal_moves();
    assert!(legal.iter().all(|m| m.card() != tiger), "the tiger moves nothing here");
    assert!(!legal.is_empty() && !legal[0].is_pass());
    let (_, rect, _) = *scene(session.state(), session.layout()).cards.iter().find(|(c, ..)| *c == tiger).unwrap();
    let (x, y) = rect.centre();
    for phase in [PointerPhase::Down, PointerPhase::Up] {
        session.update(Event::Pointer { phase, x, y, time_ms: 1.0 });
    }
    assert_eq!(session.state().board.selected_card, None);
    assert_eq!(session.state().board.preview, Some(tiger), "where it reaches is shown instead");
    assert!(onitama::ui::board::movable_pieces(session.state()).any(), "the master can still be moved");
}

#[test]
fn a_key_held_with_ctrl_alt_or_meta_is_left_to_the_browser() {
    let mut session = two_players();
    // Alt+Left (back), Ctrl+Enter: none of the page's keys, so the board neither takes them nor
    // acts on them.
    for name in ["ArrowLeft", "Enter", "Escape", " ", "Home"] {
        assert_eq!(Key::read(name, true), None, "{name} with a modifier");
        assert!(Key::read(name, false).is_some(), "{name} alone is the page's");
    }
    for name in ["ArrowLeft", "Enter", "Escape", " "] {
        assert!(Key::read(name, false).unwrap().board_takes(), "{name} alone is the board's");
    }
    assert!(!Key::Home.board_takes() && !Key::End.board_takes(), "the move list's, not the board's");
    assert_eq!(Key::read("Tab", false), None, "Tab goes on through the page");
    assert_eq!(Key::read("a", false), None);
    key(&mut session, "ArrowUp");
    assert!(session.state().board.focus.is_some(), "the same key alone moves the focus");
}
