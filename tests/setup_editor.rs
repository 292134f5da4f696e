//! Setting up a position on the analysis board: what a tap, a drag and a key do, which positions
//! are refused and why (in the player's language), that nothing is lost meanwhile (a reload
//! included), that the engine waits, and that Analyse and Cancel go back to the analysis board.

mod common;

use common::{Motion, START, open_position, searches, sq};
use onitama::mode::AiLevel;
use onitama::rules::{Card, Color, Piece, Position, PositionError, Role, Setup};
use onitama::save;
use onitama::ui::intent::Intent;
use onitama::ui::keyboard::Key;
use onitama::ui::layout::CardPlace;
use onitama::ui::session::{Effect, Event, Focus, PointerPhase};
use onitama::ui::settings::Settings;
use onitama::ui::setup::{SetupAction, SetupRefusal, Tool};
use onitama::ui::startup::{Found, opening};
use onitama::ui::state::BoardFocus;
use onitama::ui::text::Lang;
use onitama::ui::view::controls;
use onitama::ui::{Mode, Session};

const RED_MASTER: Tool = Tool::Piece(Piece { color: Color::Red, role: Role::Master });
const BLUE_MASTER: Tool = Tool::Piece(Piece { color: Color::Blue, role: Role::Master });
const BLUE_STUDENT: Tool = Tool::Piece(Piece { color: Color::Blue, role: Role::Student });

fn act(session: &mut Session, action: SetupAction) -> Vec<Effect> {
    session.update(Event::Intent(Intent::Setup(action)))
}

/// The analysis board on the start, a game against the AI aside (one move in), the editor open
/// on a phone's board.
fn editing(lang: Lang) -> Session {
    let mode = Mode::VsAi { human: Color::Red, level: AiLevel::nth(3) };
    let settings = Settings { language: lang, ..Settings::default() };
    let (mut session, _) = open_position(START, mode, settings, Motion::Reduced);
    session.update(Event::Relayout { width: 360.0, height: 480.0, pixel_ratio: 1.0 });
    let m = session.state().game().legal_moves()[0];
    session.update(Event::Intent(Intent::Play(m)));
    session.update(Event::Intent(Intent::Analyse));
    let effects = act(&mut session, SetupAction::Open);
    assert!(effects.iter().any(|e| matches!(e, Effect::CancelSearch)), "the engine stops: {effects:?}");
    // The button pressed is gone: the keyboard goes to the tray.
    assert!(effects.contains(&Effect::Focus(Focus::SetupTray)), "{effects:?}");
    session
}

fn setup(session: &Session) -> Setup {
    session.state().setup_editor().expect("a position is set up").setup
}

fn centre(session: &Session, square: &str) -> (f64, f64) {
    session.layout().square(sq(square)).centre()
}

fn pointer(session: &mut Session, phase: PointerPhase, (x, y): (f64, f64)) -> Vec<Effect> {
    session.update(Event::Pointer { phase, x, y, time_ms: 0.0 })
}

#[test]
fn the_editor_opens_on_the_position_shown_and_the_engine_waits() {
    let mut session = editing(Lang::En);
    let shown = *session.state().position();
    assert_eq!(setup(&session), shown.setup());
    let view = controls(session.state());
    assert!(view.analysis.is_none() && view.setup.is_some(), "the editor's panel in place of the lines");
    assert!(!view.undo && !view.hint && view.evaluation.is_none(), "nothing of the game under it is offered");
    assert_eq!(view.mode_line, "Set up a position");
    assert_eq!(view.board_description, onitama::ui::text::describe_position(&common::texts(Lang::En), &shown));
    // A board no game reaches is described in notation.
    act(&mut session, SetupAction::Clear);
    let cleared = controls(session.state()).board_description;
    assert!(cleared.starts_with("5/5/5/5/5 "), "{cleared}");
    // Nothing searches while editing, whatever happens.
    let effects = act(&mut session, SetupAction::Choose(RED_MASTER));
    assert!(searches(&effects).is_empty());
    // Moves and steps on the game under the editor are refused.
    let m = shown.legal_moves()[0];
    session.update(Event::Intent(Intent::Play(m)));
    assert_eq!(session.state().position(), &shown);
}

#[test]
fn a_tap_places_the_piece_taken_and_a_second_tap_takes_it_off() {
    let mut session = editing(Lang::En);
    act(&mut session, SetupAction::Clear);
    assert_eq!(setup(&session).board, [None; 25]);
    // No tool taken: a tap changes nothing.
    let c3 = centre(&session, "c3");
    pointer(&mut session, PointerPhase::Down, c3);
    pointer(&mut session, PointerPhase::Up, c3);
    assert_eq!(setup(&session).board, [None; 25]);
    act(&mut session, SetupAction::Choose(BLUE_STUDENT));
    pointer(&mut session, PointerPhase::Down, c3);
    pointer(&mut session, PointerPhase::Up, c3);
    let student = Piece { color: Color::Blue, role: Role::Student };
    assert_eq!(setup(&session).board[sq("c3").index()], Some(student));
    // Another piece taken replaces it; the same piece again takes it off; the eraser empties.
    act(&mut session, SetupAction::Choose(RED_MASTER));
    act(&mut session, SetupAction::Square(sq("c3")));
    assert_eq!(setup(&session).board[sq("c3").index()].map(|p| p.role), Some(Role::Master));
    act(&mut session, SetupAction::Square(sq("c3")));
    assert_eq!(setup(&session).board[sq("c3").index()], None);
    act(&mut session, SetupAction::Square(sq("a1")));
    act(&mut session, SetupAction::Choose(Tool::Eraser));
    act(&mut session, SetupAction::Square(sq("a1")));
    assert_eq!(setup(&session).board, [None; 25]);
}

#[test]
fn pieces_are_dragged_from_the_tray_across_the_board_and_off_it() {
    let mut session = editing(Lang::En);
    act(&mut session, SetupAction::Clear);
    act(&mut session, SetupAction::Choose(BLUE_MASTER));
    let (x, y) = centre(&session, "d4");
    // Carried over the board, it is drawn under the pointer until dropped.
    let effects = act(&mut session, SetupAction::Carry(Some((x - 5.0, y))));
    assert!(effects.iter().any(|e| matches!(e, Effect::Redraw(_))));
    let carried = session.state().setup_editor().unwrap().carried_piece();
    assert_eq!(carried, Some((Piece { color: Color::Blue, role: Role::Master }, x - 5.0, y)));
    act(&mut session, SetupAction::DropAt { x, y });
    assert_eq!(session.state().setup_editor().unwrap().carried_piece(), None);
    // Dropped on the same piece, it stays (a drop is no toggle).
    act(&mut session, SetupAction::DropAt { x, y });
    let master = Piece { color: Color::Blue, role: Role::Master };
    assert_eq!(setup(&session).board[sq("d4").index()], Some(master));
    // Dropped beside the board: nothing.
    act(&mut session, SetupAction::DropAt { x: -50.0, y: -50.0 });
    assert_eq!(setup(&session).board.iter().flatten().count(), 1);
    // Carried from d4 to b2, the piece drawn under the pointer meanwhile.
    let (from, to) = (centre(&session, "d4"), centre(&session, "b2"));
    pointer(&mut session, PointerPhase::Down, from);
    pointer(&mut session, PointerPhase::Move, ((from.0 + to.0) / 2.0, (from.1 + to.1) / 2.0));
    assert!(onitama::ui::scene::marks(session.state()).dragged.is_some());
    pointer(&mut session, PointerPhase::Move, to);
    pointer(&mut session, PointerPhase::Up, to);
    assert_eq!(setup(&session).board[sq("b2").index()], Some(master));
    assert_eq!(setup(&session).board[sq("d4").index()], None);
    // Off the board: gone.
    pointer(&mut session, PointerPhase::Down, to);
    pointer(&mut session, PointerPhase::Move, (to.0, to.1 + 400.0));
    pointer(&mut session, PointerPhase::Up, (to.0, to.1 + 400.0));
    assert_eq!(setup(&session).board, [None; 25]);
}

#[test]
fn the_keyboard_places_the_piece_taken_on_the_square_focused() {
    let mut session = editing(Lang::En);
    act(&mut session, SetupAction::Clear);
    act(&mut session, SetupAction::Choose(RED_MASTER));
    session.update(Event::Key(Key::Enter));
    assert_eq!(session.state().board.focus, Some(BoardFocus::Square(sq("c1"))), "the focus comes on the bottom temple");
    session.update(Event::Key(Key::Up));
    assert_eq!(session.state().board.focus, Some(BoardFocus::Square(sq("c2"))));
    session.update(Event::Key(Key::Space));
    assert_eq!(setup(&session).board[sq("c2").index()].map(|p| p.role), Some(Role::Master));
}

#[test]
fn the_cards_the_side_to_move_the_shortcuts_and_the_turned_board() {
    let mut session = editing(Lang::En);
    act(&mut session, SetupAction::Card(CardPlace::Hand(Color::Blue, 1), Card::Tiger));
    act(&mut session, SetupAction::Card(CardPlace::Side, Card::Dragon));
    act(&mut session, SetupAction::ToMove(Color::Red));
    let s = setup(&session);
    assert_eq!((s.blue[1], s.side, s.to_move), (Card::Tiger, Card::Dragon, Color::Red));
    let (red, blue) = (s.red, s.blue);
    act(&mut session, SetupAction::Clear);
    act(&mut session, SetupAction::Starting);
    let start = setup(&session);
    assert_eq!(start.to_string(), format!("bbBbb/5/5/5/rrRrr {},{} {},{} dragon r", red[0], red[1], blue[0], blue[1]));
    // The board turns, Blue's side at the bottom, and back.
    act(&mut session, SetupAction::Turn);
    assert_eq!(session.state().bottom(), Color::Blue);
    assert_eq!(session.layout().square_at(centre(&session, "e5").0, centre(&session, "e5").1), Some(sq("e5")));
    assert!(session.layout().square(sq("e5")).y > session.layout().square(sq("e1")).y, "e5 is at the bottom");
    act(&mut session, SetupAction::Turn);
    assert_eq!(session.state().bottom(), Color::Red);
    // The panel names the cards in the player's language, all 34 of them offered.
    let panel = controls(session.state()).setup.expect("the panel");
    assert_eq!(panel.card_names.len(), 34);
    assert_eq!(panel.cards[4].card, "dragon");
}

/// The refusal the editor shows in `lang` after Analyse on `board` (cards and side as given).
fn refused(lang: Lang, notation: &str) -> (Option<SetupRefusal>, String) {
    let mut session = editing(lang);
    let wanted: Setup = notation.parse().unwrap();
    if let Some(run) = session.state().setup_editor() {
        assert!(run.refusal.is_none());
    }
    act(&mut session, SetupAction::Clear);
    for (index, piece) in wanted.board.iter().enumerate() {
        if let Some(piece) = piece {
            act(&mut session, SetupAction::Choose(Tool::Piece(*piece)));
            act(&mut session, SetupAction::Square(onitama::rules::Square::from_index(index).unwrap()));
        }
    }
    for (place, card) in [
        (CardPlace::Hand(Color::Red, 0), wanted.red[0]),
        (CardPlace::Hand(Color::Red, 1), wanted.red[1]),
        (CardPlace::Hand(Color::Blue, 0), wanted.blue[0]),
        (CardPlace::Hand(Color::Blue, 1), wanted.blue[1]),
        (CardPlace::Side, wanted.side),
    ] {
        act(&mut session, SetupAction::Card(place, card));
    }
    act(&mut session, SetupAction::ToMove(wanted.to_move));
    assert_eq!(setup(&session), wanted);
    let before = session.state().game().clone();
    act(&mut session, SetupAction::Analyse);
    let editor = session.state().setup_editor().cloned();
    if editor.is_some() {
        assert_eq!(setup(&session), wanted, "nothing is lost");
        assert_eq!(session.state().game().start(), before.start(), "the analysis board under it is unchanged");
    }
    let status = controls(session.state()).setup.map_or(String::new(), |panel| panel.status);
    (editor.and_then(|e| e.refusal), status)
}

#[test]
fn every_reason_an_editor_can_meet_is_refused_in_the_players_language() {
    use PositionError::*;
    let cases = [
        ("2B2/5/5/5/1R1R1 ox,boar horse,elephant crab r", TwoMasters(Color::Red)),
        ("bbBbb/b4/5/5/rrRrr ox,boar horse,elephant crab r", TooManyPieces { color: Color::Blue, count: 6 }),
        ("bb1bb/b4/5/5/rrRrr ox,boar horse,elephant crab r", TooManyStudents { color: Color::Blue, count: 5 }),
        ("bb1bb/5/5/5/rr1rr ox,boar horse,elephant crab r", NoMasters),
        ("5/2R2/5/5/r4 ox,crab boar,tiger horse r", NoMasterNotToMove(Color::Blue)),
        ("2R2/5/5/5/2B2 ox,crab boar,tiger horse r", MasterOnTemple { color: Color::Red, square: sq("c5") }),
        ("2B2/5/5/5/2R2 ox,ox boar,tiger horse r", DuplicateCard(Card::Ox)),
    ];
    for (notation, reason) in cases {
        let (refusal, english) = refused(Lang::En, notation);
        assert_eq!(refusal, Some(SetupRefusal::Invalid(reason.clone())), "{notation}");
        assert_eq!(english, format!("This cannot be analysed: {reason}"));
        let (_, persian) = refused(Lang::Fa, notation);
        assert!(persian.starts_with("این را نمی‌توان تحلیل کرد: "), "{persian}");
        assert!(!persian.contains(&reason.to_string()), "the reason in Persian too: {persian}");
    }
    // Counts are written in Persian digits.
    let (_, persian) = refused(Lang::Fa, "bbBbb/b4/5/5/rrRrr ox,boar horse,elephant crab r");
    assert!(persian.contains('۶'), "{persian}");
}

#[test]
fn a_position_already_over_is_refused_with_how_it_ended() {
    // Blue to move without its master: Red has won by the Way of the Stone.
    let (refusal, english) = refused(Lang::En, "5/2R2/5/5/r4 ox,crab boar,tiger horse b");
    assert!(matches!(refusal, Some(SetupRefusal::Over(_))), "{refusal:?}");
    assert!(english.starts_with("This position is already over: Red wins"), "{english}");
    // Red's master on Blue's temple, Blue to move: the Way of the Stream.
    let (refusal, french) = refused(Lang::Fr, "2R2/5/5/5/B4 ox,crab boar,tiger horse b");
    assert!(matches!(refusal, Some(SetupRefusal::Over(_))), "{refusal:?}");
    assert!(french.starts_with("Cette position est déjà finie"), "{french}");
    // A change makes the reason stale.
    let mut session = editing(Lang::En);
    act(&mut session, SetupAction::Clear);
    act(&mut session, SetupAction::Analyse);
    assert!(session.state().setup_editor().unwrap().refusal.is_some());
    let other = setup(&session).to_move.other();
    act(&mut session, SetupAction::ToMove(other));
    assert!(session.state().setup_editor().unwrap().refusal.is_none());
}

#[test]
fn analyse_shows_the_position_set_up_on_the_analysis_board_with_the_game_aside() {
    let mut session = editing(Lang::En);
    let aside = session.state().aside.clone();
    assert!(aside.is_some());
    act(&mut session, SetupAction::Clear);
    for (tool, square) in [(RED_MASTER, "a1"), (BLUE_MASTER, "e5"), (BLUE_STUDENT, "c3")] {
        act(&mut session, SetupAction::Choose(tool));
        act(&mut session, SetupAction::Square(sq(square)));
    }
    act(&mut session, SetupAction::ToMove(Color::Blue));
    act(&mut session, SetupAction::Turn);
    let s = setup(&session);
    let effects = act(&mut session, SetupAction::Analyse);
    assert!(
        effects.contains(&Effect::Focus(Focus::Board)),
        "the editor's buttons are gone: the board has the keyboard"
    );
    let state = session.state();
    let wanted: Position =
        Setup { board: "4B/5/2b2/5/R4 ox,boar horse,elephant crab b".parse::<Setup>().unwrap().board, ..s }
            .try_into()
            .unwrap();
    assert_eq!(state.position(), &wanted);
    assert!(state.setup_editor().is_none() && state.analysis().is_some());
    assert_eq!(state.aside, aside, "the game aside stays the same");
    assert_eq!(state.bottom(), Color::Red, "the analysis board faces Red as before");
    // Three pieces: the exact tables are asked first.
    let asked = effects.iter().any(|e| matches!(e, Effect::AskExact(_)));
    assert!(asked || !searches(&effects).is_empty(), "the engine studies the new position: {effects:?}");
}

#[test]
fn cancel_returns_to_the_analysis_board_unchanged() {
    let mut session = editing(Lang::En);
    let before = session.state().game().clone();
    act(&mut session, SetupAction::Clear);
    act(&mut session, SetupAction::Turn);
    let effects = act(&mut session, SetupAction::Cancel);
    let state = session.state();
    assert!(state.setup_editor().is_none() && state.analysis().is_some());
    assert_eq!(state.game().start(), before.start());
    assert_eq!(state.bottom(), Color::Red);
    assert!(!searches(&effects).is_empty(), "the engine goes on");
}

#[test]
fn a_reload_keeps_the_setup_as_the_player_left_it() {
    let mut session = editing(Lang::En);
    act(&mut session, SetupAction::Clear);
    act(&mut session, SetupAction::Card(CardPlace::Side, Card::Ox));
    act(&mut session, SetupAction::Choose(BLUE_MASTER));
    let effects = act(&mut session, SetupAction::Square(sq("b4")));
    let saved = effects.iter().rev().find_map(|e| match e {
        Effect::SaveGame(file) => Some(file.clone()),
        _ => None,
    });
    let text = save::encode(&saved.expect("the setup is saved"));
    let s = setup(&session);
    let line = format!(
        "\nsetup 5/1B3/5/5/5 {},{} {},{} ox {}\n",
        s.red[0],
        s.red[1],
        s.blue[0],
        s.blue[1],
        s.to_move.letter()
    );
    assert!(text.contains(&line), "{text}");
    let read = save::decode(&text).unwrap();
    let opened = opening(Found { save: Ok(Some(read)), ..Found::default() }, |_| unreachable!());
    let run = opened.activity.analysis().expect("the analysis board");
    assert_eq!(run.setup.as_ref().map(|e| e.setup), Some(setup(&session)));
    // A damaged setup line costs only itself.
    let damaged = save::decode(&text.replace("setup 5/1B3", "setup 9/1B3")).unwrap();
    let opened = opening(Found { save: Ok(Some(damaged)), ..Found::default() }, |_| unreachable!());
    assert!(opened.activity.analysis().is_some_and(|run| run.setup.is_none()));
}
