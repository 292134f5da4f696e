//! Online play in the page's session: what the player does becomes the online module's commands,
//! and what the module says changes the game on the board, with the engine's help off. The
//! module's bridge events go through its `Host`, which writes the lines the page reads.

mod common;

use common::{Motion, START, mv, open_position, run_frames};
use onitama::online::bridge::{Command, Phase, Reason, Report as Said, Status};
use onitama::online::host::{Host, Lang, ToPage};
use onitama::online::{ColorChoice, DealChoice, Invitation, MoveLimit, OnlineGame, Refusal, Token};
use onitama::rules::{Color, Game, Outcome, Position};
use onitama::save;
use onitama::ui::features::Features;
use onitama::ui::intent::{Intent, OnlineAction};
use onitama::ui::session::{Effect, Event};
use onitama::ui::settings::Settings;
use onitama::ui::view::controls;
use onitama::ui::{Mode, Session};

fn start() -> Position {
    START.parse().unwrap()
}

/// The commands the session gave the online module (its language aside), each written as a
/// line and read back as the module reads it.
fn commands(effects: &[Effect]) -> Vec<Command> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Online(Command::Lang(_)) => None,
            Effect::Online(command) => Some(Command::decode(&command.encode()).expect("the session's commands read")),
            _ => None,
        })
        .collect()
}

thread_local! {
    /// The module's side of the page's lines, as the module keeps it.
    static HOST: std::cell::RefCell<Host> = std::cell::RefCell::new(Host::new(Lang::En));
}

/// The module says `event`: its host's lines reach the session.
fn said(session: &mut Session, event: Said) -> Vec<Effect> {
    let lines = HOST.with_borrow_mut(|host| host.event(&event));
    let read = lines.iter().map(|line| ToPage::decode(&line.encode()).expect("the host's lines read"));
    read.flat_map(|line| session.update(Event::Online(Features::present(), line))).collect::<Vec<_>>()
}

fn act(session: &mut Session, action: OnlineAction) -> Vec<Effect> {
    let effects = session.update(Event::Intent(Intent::Online(action)));
    // The module hears the same commands: a new game's resets what it told.
    for command in commands(&effects) {
        HOST.with_borrow_mut(|host| host.command(&command));
    }
    effects
}

/// A panel button's command, by its words.
fn press(session: &mut Session, label: &str) -> Vec<Effect> {
    let view = controls(session.state()).online.expect("online play shows");
    let command = view.buttons.iter().find(|(_, l)| l == label).map(|(c, _)| c.clone());
    let command = command.unwrap_or_else(|| panic!("no button '{label}' in {:?}", view.buttons));
    act(session, OnlineAction::Press(Features::present(), Command::decode(&command).expect("a button's command reads")))
}

/// A session that invited a friend and was dealt Blue, the friend (Red) here and to move.
fn dealt_blue() -> Session {
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    act(&mut session, OnlineAction::Invite(Invitation::default()));
    said(&mut session, Said::Room(Token::new("abcdefabcdefabcdefabcdef").unwrap()));
    said(&mut session, Said::Status(Status { phase: Phase::Playing, reason: None }));
    said(&mut session, Said::OpponentConnected(true));
    said(&mut session, Said::Started { you: Color::Blue, limit: MoveLimit::DEFAULT, position: start() });
    session
}

/// Dealt Blue, and each side has moved once: the game is resigned now, no longer aborted.
fn both_moved() -> Session {
    let mut session = dealt_blue();
    red_moves(&mut session);
    let game = session.state().game().clone();
    let blue = game.legal_moves()[0];
    let position = game.position().play(blue).unwrap();
    said(&mut session, Said::Move { by: Color::Blue, ply: 1, mv: blue, position });
    assert_eq!(session.state().game().moves().len(), 2);
    session
}

fn red_moves(session: &mut Session) {
    let mut after = Game::new(start());
    after.play(mv("ox:a1a2")).unwrap();
    let position = *after.position();
    said(session, Said::Move { by: Color::Red, ply: 0, mv: mv("ox:a1a2"), position });
}

#[test]
fn inviting_asks_the_module_for_a_room_and_shows_its_link() {
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    let setup = Invitation {
        deal: DealChoice::Random,
        color: ColorChoice::Is(Color::Blue),
        limit: MoveLimit::Seconds(60),
        watchers: true,
    };
    let effects = act(&mut session, OnlineAction::Invite(setup));
    assert_eq!(commands(&effects), vec![Command::Create(setup)]);
    let view = controls(session.state()).online.expect("online play shows");
    assert_eq!(view.text, "Opening online play…", "the page's words until the module speaks");
    assert_eq!(view.buttons, vec![("leave".to_string(), "Cancel".to_string())], "waiting can be cancelled");
    said(&mut session, Said::Status(Status { phase: Phase::Connecting, reason: None }));
    assert_eq!(controls(session.state()).online.unwrap().text, "Connecting to the server for online play…");
    said(&mut session, Said::Status(Status { phase: Phase::Waiting, reason: None }));
    said(&mut session, Said::Room(Token::new("abcdefabcdefabcdefabcdef").unwrap()));
    let view = controls(session.state()).online.unwrap();
    assert_eq!(view.link.as_deref(), Some("#online=abcdefabcdefabcdefabcdef"));
    assert_eq!(view.text, "Waiting for your friend: send them the link");
    // The game on the board is still the one played before.
    assert_eq!(session.state().mode, Mode::default());
}

#[test]
fn a_stranger_is_found_in_the_base_cards_pool() {
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    let effects = act(&mut session, OnlineAction::Find);
    assert_eq!(commands(&effects), vec![Command::Find(Token::new("base").unwrap())]);
    said(&mut session, Said::Status(Status { phase: Phase::Waiting, reason: None }));
    let view = controls(session.state()).online.unwrap();
    assert_eq!(view.text, "Looking for an opponent…");
    assert_eq!(view.link, None, "a stranger's room is nobody's to share");
}

#[test]
fn joining_takes_a_room_or_a_link_and_refuses_anything_else() {
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    let room = Token::new("abcdefabcdefabcdefabcdef").unwrap();
    let effects = act(
        &mut session,
        OnlineAction::Join("https://example.invalid/onitama/#online=abcdefabcdefabcdefabcdef".into()),
    );
    assert_eq!(commands(&effects), vec![Command::Join(room)]);
    let (mut other, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    let effects = act(&mut other, OnlineAction::Join("not a room!".into()));
    assert!(commands(&effects).is_empty());
    assert!(other.state().online.is_none());
}

#[test]
fn the_deal_puts_the_game_on_the_board_facing_the_player() {
    let session = dealt_blue();
    let state = session.state();
    assert_eq!(state.mode, Mode::Online { you: Some(Color::Blue) });
    assert_eq!(state.game().start(), &start());
    assert_eq!(state.bottom(), Color::Blue);
    assert!(!state.human_to_move(), "Red begins");
    assert_eq!(controls(state).mode_line, "Online · you play Blue");
}

#[test]
fn the_opponents_move_is_played_and_the_ai_never_searches() {
    let mut session = dealt_blue();
    let mut effects = Vec::new();
    let mut after = Game::new(start());
    after.play(mv("ox:a1a2")).unwrap();
    effects.extend(said(
        &mut session,
        Said::Move { by: Color::Red, ply: 0, mv: mv("ox:a1a2"), position: *after.position() },
    ));
    effects.extend(session.update(Event::Frame { now_ms: 5000.0 }));
    assert_eq!(session.state().game().moves(), &[mv("ox:a1a2")]);
    assert!(session.state().human_to_move());
    assert!(!effects.iter().any(|e| matches!(e, Effect::StartSearch(_))), "{effects:?}");
}

#[test]
fn a_move_whose_position_differs_is_not_played() {
    let mut session = dealt_blue();
    said(&mut session, Said::Move { by: Color::Red, ply: 0, mv: mv("ox:a1a2"), position: start() });
    session.update(Event::Frame { now_ms: 5000.0 });
    assert!(session.state().game().moves().is_empty());
}

#[test]
fn the_players_move_goes_to_the_module_and_is_confirmed_by_its_echo() {
    let mut session = dealt_blue();
    red_moves(&mut session);
    session.update(Event::Frame { now_ms: 5000.0 });
    let effects = session.update(Event::Intent(Intent::Play(mv("horse:a5a4"))));
    assert_eq!(commands(&effects), vec![Command::Play(mv("horse:a5a4"))]);
    assert_eq!(session.state().online.as_ref().unwrap().pending, Some(1));
    assert!(!session.state().human_to_move());
    let position = *session.state().game().position();
    said(&mut session, Said::Move { by: Color::Blue, ply: 1, mv: mv("horse:a5a4"), position });
    assert_eq!(session.state().online.as_ref().unwrap().pending, None);
    assert_eq!(session.state().game().moves().len(), 2, "the echo is not played twice");
}

#[test]
fn a_move_the_module_refuses_is_taken_back() {
    let mut session = dealt_blue();
    red_moves(&mut session);
    session.update(Event::Frame { now_ms: 5000.0 });
    session.update(Event::Intent(Intent::Play(mv("horse:a5a4"))));
    said(&mut session, Said::Denied(Reason::OpponentAway));
    assert_eq!(session.state().game().moves(), &[mv("ox:a1a2")]);
    let view = controls(session.state()).online.unwrap();
    assert!(view.text.ends_with("That cannot be done now (opponent-away)."), "{}", view.text);
}

#[test]
fn only_the_players_own_moves_are_played_and_only_with_the_opponent_here() {
    use onitama::ui::refusal::{Refusal, refusal};
    let mut session = dealt_blue();
    // Red's move, from a script: not this player's to make, and a script is told why.
    let why = refusal(session.state(), &Intent::Play(mv("ox:a1a2")));
    assert_eq!(why, Some(Refusal::NotYourMove { to_move: Color::Red }));
    assert_eq!(why.unwrap().to_string(), "not your move: Red is to move");
    assert_eq!(refusal(session.state(), &Intent::Undo), Some(Refusal::Online));
    let effects = session.update(Event::Intent(Intent::Play(mv("ox:a1a2"))));
    assert!(commands(&effects).is_empty());
    assert!(session.state().game().moves().is_empty());
    red_moves(&mut session);
    session.update(Event::Frame { now_ms: 5000.0 });
    said(&mut session, Said::OpponentConnected(false));
    assert!(!session.state().human_to_move(), "a move waits for the opponent");
    let view = controls(session.state()).online.unwrap();
    assert_eq!(view.text, "Your opponent is away: waiting for them to come back");
    let effects = session.update(Event::Intent(Intent::Play(mv("horse:a5a4"))));
    assert!(commands(&effects).is_empty());
}

#[test]
fn the_engine_does_not_help_in_an_online_game() {
    let mut session = dealt_blue();
    let mut effects = session
        .update(Event::Settings(onitama::ui::intent::SettingsPatch { evaluation: Some(true), ..Default::default() }));
    red_moves(&mut session);
    effects.extend(session.update(Event::Frame { now_ms: 5000.0 }));
    for intent in [Intent::Hint, Intent::Undo, Intent::Review] {
        effects.extend(session.update(Event::Intent(intent)));
    }
    assert!(!effects.iter().any(|e| matches!(e, Effect::StartSearch(_) | Effect::StartReview { .. })), "{effects:?}");
    assert_eq!(session.state().game().moves().len(), 1, "undo takes nothing back");
    let view = controls(session.state());
    assert!(!view.undo && !view.redo && !view.hint);
    assert!(view.evaluation.is_none());
}

#[test]
fn resigning_asks_the_module_and_the_game_ends_when_it_says_so() {
    let mut session = both_moved();
    let effects = session.update(Event::Intent(Intent::Resign));
    assert_eq!(commands(&effects), vec![Command::Resign]);
    assert_eq!(session.state().game().outcome(), None, "the module decides");
    let effects = said(&mut session, Said::Outcome(Some(Outcome::Resigned { by: Color::Blue })));
    assert_eq!(session.state().game().outcome(), Some(Outcome::Resigned { by: Color::Blue }));
    assert!(effects.iter().any(|e| matches!(e, Effect::KeepFinished(_, Mode::Online { you: Some(Color::Blue) }))));
    let effects = session.update(Event::Intent(Intent::Undo));
    assert_eq!(session.state().game().outcome(), Some(Outcome::Resigned { by: Color::Blue }), "{effects:?}");
    assert!(!controls(session.state()).undo, "an online game is not taken back, even once over");
    let banner = controls(session.state()).result.expect("the result shows");
    // The verdict in the strip (one line on a phone), how it ended by the board.
    assert_eq!(banner.text, "Your opponent wins");
    let labels = onitama::ui::scene::labels(session.state());
    assert_eq!(labels[0].1, "You resign — your opponent wins");
    let buttons = controls(session.state()).online.unwrap().buttons;
    assert!(buttons.contains(&("rematch-offer".to_string(), "Rematch".to_string())), "{buttons:?}");
    // One Rematch: the strip's, not the banner's too.
    assert!(!controls(session.state()).result.unwrap().rematch);
    session.update(Event::Intent(Intent::CloseResult));
    assert!(!controls(session.state()).game_over.unwrap().rematch);
}

#[test]
fn a_draw_offered_is_answered_and_agreed() {
    let mut session = dealt_blue();
    said(&mut session, Said::Offers { draw: Some(Color::Red), rematch: None });
    let view = controls(session.state()).online.unwrap();
    assert!(!view.buttons.iter().any(|(c, _)| c == "draw-offer"), "{:?}", view.buttons);
    assert_eq!(view.text, "Your opponent offers a draw");
    let effects = press(&mut session, "Accept the draw");
    assert_eq!(commands(&effects), vec![Command::AcceptDraw]);
    said(&mut session, Said::Outcome(Some(Outcome::DrawAgreed)));
    assert_eq!(session.state().game().outcome(), Some(Outcome::DrawAgreed));
    assert_eq!(controls(session.state()).result.unwrap().text, "Draw");
}

#[test]
fn a_win_on_time_is_claimed_and_a_lapsed_claim_undone() {
    let mut session = dealt_blue();
    red_moves(&mut session);
    session.update(Event::Frame { now_ms: 5000.0 });
    session.update(Event::Intent(Intent::Play(mv("horse:a5a4"))));
    said(&mut session, Said::CanClaim(true));
    let effects = press(&mut session, "Claim the win");
    assert_eq!(commands(&effects), vec![Command::Claim]);
    said(&mut session, Said::Outcome(Some(Outcome::WonOnTime { winner: Color::Blue })));
    assert_eq!(controls(session.state()).result.unwrap().text, "You win!");
    // The opponent's move crossed the claim: the game goes on.
    said(&mut session, Said::Outcome(None));
    assert_eq!(session.state().game().outcome(), None);
    assert_eq!(session.state().game().moves().len(), 2);
}

#[test]
fn a_record_from_the_module_replaces_the_board() {
    let mut session = dealt_blue();
    let mut record = Game::new(start());
    record.play(mv("ox:a1a2")).unwrap();
    record.play(mv("horse:a5a4")).unwrap();
    said(&mut session, Said::Record(record.clone()));
    assert_eq!(session.state().game().moves(), record.moves());
    assert_eq!(session.state().mode, Mode::Online { you: Some(Color::Blue) });
}

#[test]
fn a_line_that_does_not_read_never_reaches_the_session() {
    let bad =
        ["", "move", "move red 0 ox:a1a9 nonsense", &"x".repeat(100_000), "started green none ?", "panel\t\t\tt\tplay"];
    for line in bad {
        assert!(ToPage::decode(line).is_err(), "{line:.20}");
    }
}

#[test]
fn another_game_asked_for_in_an_online_game_going_on_asks_first_and_resigns_it_on_yes() {
    for intent in [
        Intent::NewGame { game: Game::new(start()), mode: Mode::default() },
        Intent::Online(OnlineAction::Press(Features::present(), Command::Leave)),
        Intent::Online(OnlineAction::Join("#online=bcdefabcdefabcdefabcdefa".into())),
    ] {
        let mut session = both_moved();
        let effects = session.update(Event::Intent(intent.clone()));
        assert!(commands(&effects).is_empty(), "{intent:?}: nothing is left yet");
        assert!(controls(session.state()).resign_asked, "{intent:?}");
        assert_eq!(session.state().mode, Mode::Online { you: Some(Color::Blue) });
        session.update(Event::Intent(Intent::KeepPlaying(onitama::ui::intent::Asked::Resign)));
        assert!(!controls(session.state()).resign_asked);
        assert!(session.state().online.is_some(), "kept playing");
        session.update(Event::Intent(intent.clone()));
        let effects = session.update(Event::Intent(Intent::Resign));
        assert_eq!(commands(&effects).first(), Some(&Command::Leave), "{intent:?}: left as the bar's Leave does");
        assert!(
            effects.iter().any(|e| matches!(e, Effect::KeepFinished(g, _) if g.outcome() == Some(Outcome::Resigned { by: Color::Blue }))),
            "{intent:?}: the online game is kept, resigned"
        );
    }
}

#[test]
fn a_new_game_here_leaves_online_play_once_its_game_is_over() {
    let mut session = dealt_blue();
    said(&mut session, Said::Outcome(Some(Outcome::Resigned { by: Color::Red })));
    let game = Game::new(start());
    let effects = session.update(Event::Intent(Intent::NewGame { game, mode: Mode::default() }));
    assert_eq!(commands(&effects), vec![Command::Leave]);
    assert!(session.state().online.is_none());
    // What the module says after that is not for this page.
    said(&mut session, Said::Status(Status { phase: Phase::Ended, reason: Some(Reason::Left) }));
    assert!(session.state().online.is_none());
}

#[test]
fn a_saved_online_game_that_does_not_read_is_said_and_can_be_left() {
    let mut state = onitama::ui::State::new(
        Game::new(start()),
        Mode::Online { you: Some(Color::Blue) },
        Settings::default(),
        true,
        7,
    );
    state.online = Some(onitama::ui::online::OnlineState::restoring("not a saved game".to_string()));
    let mut session = Session::new(state);
    session.update(Event::Relayout { width: 360.0, height: 640.0, pixel_ratio: 1.0 });
    let effects = session.update(Event::Opened);
    assert_eq!(commands(&effects), vec![], "nothing unreadable goes to the module");
    let view = controls(session.state()).online.expect("the online strip says what happened");
    assert!(view.text.starts_with("This online game could not be brought back"), "{}", view.text);
    assert!(!session.state().human_to_move(), "nobody to send a move to");
    let game = session.state().game().clone();
    let effects = press(&mut session, "Leave");
    assert!(controls(session.state()).online.is_none(), "left: {effects:?}");
    assert!(session.state().online.is_none());
    assert_eq!(commands(&effects), vec![], "no module to tell: it never read the save");
    // Played on here, as two people's game, and saved so: a reload does not stop it again.
    assert_eq!(session.state().mode, Mode::PassAndPlay { turn_board: false });
    assert_eq!(session.state().game(), &game);
    assert!(session.state().human_to_move());
    let saved = effects.iter().rev().find_map(|e| match e {
        Effect::SaveGame(file) => Some(file.clone()),
        _ => None,
    });
    let saved = saved.expect("the game is saved once left");
    assert_eq!(saved.online, None);
    let read = save::decode(&save::encode(&saved)).unwrap();
    assert_eq!(read.mode, Mode::PassAndPlay { turn_board: false });
}

#[test]
fn an_online_module_that_could_not_be_fetched_is_not_asked_again_on_leaving() {
    let mut session =
        Session::new(onitama::ui::State::new(Game::new(start()), Mode::default(), Settings::default(), true, 7));
    session.update(Event::Relayout { width: 360.0, height: 640.0, pixel_ratio: 1.0 });
    let effects = session.update(Event::Intent(Intent::Online(OnlineAction::Find)));
    assert!(commands(&effects).contains(&Command::Find(Token::new("base").unwrap())), "{effects:?}");
    session.update(Event::OnlineUnavailable);
    let effects = press(&mut session, "Cancel");
    assert!(session.state().online.is_none(), "left: {effects:?}");
    assert_eq!(commands(&effects), vec![], "the module that could not be fetched is not fetched again");
    assert_eq!(session.state().mode, Mode::default(), "the game before stays");
}

#[test]
fn troubles_are_told_in_the_players_words() {
    let mut session = dealt_blue();
    said(&mut session, Said::Refused(Refusal::IllegalMove));
    let view = controls(session.state()).online.unwrap();
    assert!(view.text.ends_with("The other browser sent something that was refused (illegal-move)."), "{}", view.text);
    said(&mut session, Said::Status(Status { phase: Phase::Error, reason: Some(Reason::Rule(Refusal::SeatTaken)) }));
    let view = controls(session.state()).online.unwrap();
    assert!(view.text.starts_with("This game already has two players."), "{}", view.text);
    said(&mut session, Said::Status(Status { phase: Phase::Error, reason: Some(Reason::NoServer) }));
    let view = controls(session.state()).online.unwrap();
    assert!(view.text.starts_with("Online play needs a server"), "{}", view.text);
}

#[test]
fn the_online_seat_is_saved_with_the_game_and_read_back() {
    let mut session = dealt_blue();
    let host = OnlineGame::host(
        Token::new("abcdefabcdefabcdefabcdef").unwrap(),
        Token::new("secretsecretsecretsecret").unwrap(),
        Invitation::default(),
        3,
        0,
    );
    let effects = said(&mut session, Said::Saved(Box::new(host.saved())));
    let Some(Effect::SaveGame(file)) = effects.iter().find(|e| matches!(e, Effect::SaveGame(_))) else {
        panic!("the game is saved with its seat: {effects:?}")
    };
    // Kept as the module wrote it: the page need not read it.
    assert_eq!(file.online.as_deref(), Some(host.saved().to_text().as_str()));
    let text = save::encode(file);
    let read = save::decode(&text).unwrap();
    assert_eq!(read.mode, Mode::Online { you: Some(Color::Blue) });
    assert_eq!(read.online, file.online);
    // Without its seat the game stays, to be looked at.
    let online_line = text.lines().find(|l| l.starts_with("online ")).unwrap().to_string();
    let without = save::decode(&text.replace(&format!("{online_line}\n"), "")).unwrap();
    assert_eq!(without.online, None);
    assert_eq!(without.mode, Mode::PassAndPlay { turn_board: false });
    assert_eq!(without.game, read.game);
}

#[test]
fn a_reload_takes_the_page_back_into_the_same_game() {
    let host = OnlineGame::host(
        Token::new("abcdefabcdefabcdefabcdef").unwrap(),
        Token::new("secretsecretsecretsecret").unwrap(),
        Invitation { color: ColorChoice::Is(Color::Blue), ..Invitation::default() },
        3,
        0,
    );
    let mut state = onitama::ui::State::new(
        Game::new(start()),
        Mode::Online { you: Some(Color::Blue) },
        Settings::default(),
        true,
        7,
    );
    let saved = host.saved().to_text();
    state.online = Some(onitama::ui::online::OnlineState::restoring(saved));
    let mut session = Session::new(state);
    session.update(Event::Relayout { width: 360.0, height: 640.0, pixel_ratio: 1.0 });
    let effects = session.update(Event::Opened);
    assert_eq!(commands(&effects), vec![Command::Restore(Box::new(host.saved()))]);
    assert!(!session.state().human_to_move(), "nothing is played until the module is back");
}

#[test]
fn your_move_is_said_only_when_the_player_can_move() {
    use onitama::ui::scene::turn_line;
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    act(&mut session, OnlineAction::Invite(Invitation::default()));
    said(&mut session, Said::Room(Token::new("abcdefabcdefabcdefabcdef").unwrap()));
    said(&mut session, Said::Status(Status { phase: Phase::Waiting, reason: None }));
    said(&mut session, Said::Started { you: Color::Red, limit: MoveLimit::DEFAULT, position: start() });
    assert_eq!(session.state().mode, Mode::Online { you: Some(Color::Red) });
    assert_eq!(turn_line(session.state()).as_deref(), Some("Waiting for your friend"));
    said(&mut session, Said::Status(Status { phase: Phase::Playing, reason: None }));
    said(&mut session, Said::OpponentConnected(true));
    assert_eq!(turn_line(session.state()).as_deref(), Some("Your move (Red)"));
    said(&mut session, Said::OpponentConnected(false));
    said(&mut session, Said::Status(Status { phase: Phase::Reconnecting, reason: Some(Reason::OpponentAway) }));
    assert_eq!(turn_line(session.state()).as_deref(), Some("Your opponent is away"));
}

#[test]
fn a_friends_link_pasted_again_into_the_page_in_its_game_changes_nothing() {
    let mut session = both_moved();
    let effects =
        act(&mut session, OnlineAction::Join("https://example.invalid/#online=abcdefabcdefabcdefabcdef".into()));
    assert!(commands(&effects).is_empty(), "{effects:?}");
    assert!(!controls(session.state()).resign_asked);
    // Another game's link is asked about first, as another game is.
    act(&mut session, OnlineAction::Join("#online=bcdefabcdefabcdefabcdefa".into()));
    assert!(controls(session.state()).resign_asked);
}

#[test]
fn a_broken_online_link_is_explained_and_the_game_in_progress_stays() {
    for link in ["#online=%%%<script>", "#online="] {
        let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
        session.update(Event::Settings(onitama::ui::intent::SettingsPatch {
            language: Some(onitama::ui::text::Lang::Fr),
            ..Default::default()
        }));
        let before = session.state().game().clone();
        let effects = act(&mut session, OnlineAction::Join(link.to_string()));
        assert!(commands(&effects).is_empty(), "{link}: nothing is asked of the module");
        assert!(session.state().online.is_none(), "{link}");
        assert_eq!(session.state().game(), &before, "{link}: the game stays");
        let shown = controls(session.state()).notice.unwrap_or_default();
        assert_eq!(
            shown,
            "Ce lien de partie en ligne est incomplet ou abîmé\u{a0}: demandez à votre ami de vous le renvoyer."
        );
    }
}

#[test]
fn the_tutorial_is_not_offered_while_online_play_is_open() {
    let (session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    let mut state = session.state().clone();
    state.page.first_visit = true;
    let mut first = Session::new(state);
    first.update(Event::Opened);
    assert!(first.controls().tutorial_offer, "a first visit offers it");
    act(&mut first, OnlineAction::Invite(Invitation::default()));
    assert!(!first.controls().tutorial_offer, "not while waiting for the friend");
    said(&mut first, Said::Status(Status { phase: Phase::Playing, reason: None }));
    said(&mut first, Said::OpponentConnected(true));
    said(&mut first, Said::Started { you: Color::Blue, limit: MoveLimit::DEFAULT, position: start() });
    assert_eq!(first.state().mode, Mode::Online { you: Some(Color::Blue) });
    assert!(!first.controls().tutorial_offer, "not during the online game, nothing played by this side yet");
}

#[test]
fn the_opponents_arrival_is_announced() {
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    act(&mut session, OnlineAction::Invite(Invitation::default()));
    said(&mut session, Said::Status(Status { phase: Phase::Playing, reason: None }));
    said(&mut session, Said::Started { you: Color::Blue, limit: MoveLimit::DEFAULT, position: start() });
    let effects = said(&mut session, Said::OpponentConnected(true));
    assert!(
        effects.contains(&Effect::Announce("Your opponent is here: the game begins".into())),
        "announced: {effects:?}"
    );
    assert_eq!(controls(session.state()).online.unwrap().text, "Your opponent is here: the game begins");
}

#[test]
fn a_claim_the_opponents_clock_refuses_is_kept_nowhere_and_says_whose_clock_disagreed() {
    let mut session = dealt_blue();
    red_moves(&mut session);
    session.update(Event::Frame { now_ms: 5000.0 });
    session.update(Event::Intent(Intent::Play(mv("horse:a5a4"))));
    said(&mut session, Said::CanClaim(true));
    let mut effects = press(&mut session, "Claim the win");
    assert_eq!(commands(&effects), vec![Command::Claim]);
    // The module wins the game only when the opponent's clock agrees; here it refuses.
    effects.extend(said(&mut session, Said::CanClaim(false)));
    effects.extend(said(&mut session, Said::Refused(Refusal::TooEarly)));
    effects.extend(session.update(Event::Frame { now_ms: 6000.0 }));
    assert!(!effects.iter().any(|e| matches!(e, Effect::KeepFinished(..))), "{effects:?}");
    assert_eq!(session.state().game().outcome(), None);
    let controls = controls(session.state());
    assert!(controls.result.is_none());
    let online = controls.online.unwrap();
    assert_eq!(online.text, "Your opponent's clock says your claim came early: the game goes on");
    assert!(!online.buttons.iter().any(|(c, _)| c == "claim"));
}

#[test]
fn while_a_guest_waits_for_its_host_nothing_is_played_against_the_ai() {
    // The AI (Red) is to move in the game the page opened with.
    let ai_first = Mode::VsAi { human: Color::Blue, level: onitama::mode::AiLevel::DEFAULT };
    let (mut session, opened) = open_position(START, ai_first, Settings::default(), Motion::Reduced);
    let searching = opened.iter().any(|e| matches!(e, Effect::StartSearch(_)));
    let mut effects = act(&mut session, OnlineAction::Join("#online=abcdefabcdefabcdefabcdef".into()));
    effects.extend(said(&mut session, Said::Status(Status { phase: Phase::Waiting, reason: None })));
    for frame in 1..40 {
        effects.extend(session.update(Event::Frame { now_ms: f64::from(frame) * 500.0 }));
    }
    assert!(!effects.iter().any(|e| matches!(e, Effect::StartSearch(_))), "{effects:?}");
    if searching {
        assert!(effects.contains(&Effect::CancelSearch), "the search begun before the link is stopped");
    }
    assert!(!session.state().ai_to_move());
    assert!(!session.state().human_to_move(), "nor does the player play the board's game meanwhile");
    assert!(session.state().game().moves().is_empty());
}

#[test]
fn a_stale_link_offers_a_new_invitation_or_the_ai_and_the_ai_plays_again_once_left() {
    let ai_first = Mode::VsAi { human: Color::Blue, level: onitama::mode::AiLevel::DEFAULT };
    let (mut session, _) = open_position(START, ai_first, Settings::default(), Motion::Reduced);
    act(&mut session, OnlineAction::Join("#online=abcdefabcdefabcdefabcdef".into()));
    said(&mut session, Said::Status(Status { phase: Phase::Waiting, reason: None }));
    said(&mut session, Said::Status(Status { phase: Phase::Error, reason: Some(Reason::Expired) }));
    let online = controls(session.state()).online.unwrap();
    assert_eq!(online.text, "Nobody is here: the game is over or the link has expired");
    let effects = press(&mut session, "Invite a friend");
    // (Leaving what stopped first, as any new invitation does: the module has nothing to leave.)
    assert_eq!(commands(&effects).last(), Some(&Command::Create(Invitation::default())));
    assert!(session.state().online.is_some());
    let effects = press(&mut session, "Cancel");
    assert_eq!(commands(&effects), vec![Command::Leave]);
    assert!(session.state().ai_to_move(), "out of online play, the AI's game goes on");
}

#[test]
fn an_opponent_who_vanished_is_claimed_against_and_the_win_is_kept_once() {
    let mut session = dealt_blue();
    red_moves(&mut session);
    session.update(Event::Frame { now_ms: 5000.0 });
    // Red's page goes without a word; after the limit Blue is offered the win.
    said(&mut session, Said::OpponentConnected(false));
    said(&mut session, Said::Status(Status { phase: Phase::Reconnecting, reason: Some(Reason::OpponentAway) }));
    said(&mut session, Said::CanClaim(true));
    assert_eq!(controls(session.state()).online.unwrap().text, "Your opponent left: you may claim the win");
    let mut effects = press(&mut session, "Claim the win");
    assert_eq!(commands(&effects), vec![Command::Claim]);
    // The module ends the game here at once: the opponent cannot answer while away.
    effects.extend(said(&mut session, Said::CanClaim(false)));
    effects.extend(said(&mut session, Said::Outcome(Some(Outcome::WonOnTime { winner: Color::Blue }))));
    effects.extend(said(&mut session, Said::Status(Status { phase: Phase::Ended, reason: None })));
    effects.extend(session.update(Event::Frame { now_ms: 6000.0 }));
    // The opponent comes back and agrees: their record is the same game, nothing kept again.
    effects.extend(said(&mut session, Said::OpponentConnected(true)));
    effects.extend(session.update(Event::Frame { now_ms: 7000.0 }));
    assert_eq!(session.state().game().outcome(), Some(Outcome::WonOnTime { winner: Color::Blue }));
    let kept = effects.iter().filter(|e| matches!(e, Effect::KeepFinished(..))).count();
    assert_eq!(kept, 1, "{effects:?}");
}

#[test]
fn the_phrases_open_from_the_bar_and_the_opponents_is_shown_and_announced_once() {
    use onitama::online::Phrase;
    let mut session = dealt_blue();
    said(&mut session, Said::Phrases { shown: true, may_say: true, heard: None });
    let view = controls(session.state()).online.expect("online play shows");
    assert_eq!(view.buttons[0], ("say".to_string(), "Say…".to_string()), "the phrases open first in the bar");
    let phrases = view.phrases.expect("phrases offered while the opponent is here");
    assert_eq!(phrases.buttons.len(), 8);
    assert_eq!(phrases.buttons[1], ("good-luck", "Good luck!"));
    assert!(!phrases.wait && phrases.shown);
    // A phrase pressed goes to the module as it is.
    let effects = act(&mut session, OnlineAction::Press(Features::present(), Command::Say(Phrase::Thanks)));
    assert_eq!(commands(&effects), [Command::Say(Phrase::Thanks)]);
    said(&mut session, Said::Phrases { shown: true, may_say: false, heard: None });
    assert!(controls(session.state()).online.unwrap().phrases.unwrap().wait, "the buttons wait");
    // The opponent's: in the strip, and announced once.
    let heard = Said::Phrases { shown: true, may_say: true, heard: Some((1, Phrase::Oops)) };
    let effects = said(&mut session, heard.clone());
    let announced = |effects: &[Effect]| {
        effects.iter().filter(|e| matches!(e, Effect::Announce(t) if t == "Your opponent: “Oops!”")).count()
    };
    assert_eq!(announced(&effects), 1);
    assert!(controls(session.state()).online.unwrap().text.contains("Your opponent: “Oops!”"));
    assert_eq!(announced(&said(&mut session, heard)), 0, "once");
    // The opponent gone: no phrases.
    said(&mut session, Said::OpponentConnected(false));
    assert_eq!(controls(session.state()).online.unwrap().phrases, None);
}

#[test]
fn an_abort_before_the_first_moves_ends_the_game_with_no_result_and_keeps_nothing() {
    use onitama::online::game::AbortState;
    let mut session = dealt_blue();
    said(&mut session, Said::Abort(AbortState::Yes));
    let finished = session.state().page.finished.clone();
    let effects = press(&mut session, "Abort the game");
    assert_eq!(commands(&effects), vec![Command::Abort]);
    said(&mut session, Said::Status(Status { phase: Phase::Ended, reason: None }));
    let effects = said(&mut session, Said::Abort(AbortState::Aborted));
    // Announced once, in the strip, with a rematch; no result, nothing kept among finished games.
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Announce(t) if t == "The game was aborted: it has no result")),
        "{effects:?}"
    );
    assert!(!effects.iter().any(|e| matches!(e, Effect::KeepFinished(..))), "{effects:?}");
    assert_eq!(session.state().game().outcome(), None);
    assert_eq!(session.state().page.finished, finished);
    let view = controls(session.state()).online.unwrap();
    assert_eq!(view.text, "The game was aborted: it has no result");
    assert!(view.buttons.contains(&("rematch-offer".to_string(), "Rematch".to_string())), "{:?}", view.buttons);
    assert!(controls(session.state()).result.is_none(), "no result banner");
    assert!(!controls(session.state()).undo, "nothing to take back in an aborted game");
    // Nobody is to move: no turn line by the board (the strip says it was aborted).
    assert_eq!(onitama::ui::scene::turn_line(session.state()), None);
}

#[test]
fn online_undo_asks_for_a_takeback_and_the_board_goes_back_when_it_is_accepted() {
    use onitama::online::game::TakebackState;
    let none = TakebackState { asked_by: None, may_ask: false, declined: false };
    let mut session = dealt_blue();
    red_moves(&mut session);
    assert!(!controls(session.state()).undo, "nothing of the player's to take back yet");
    let effects = session.update(Event::Intent(Intent::Undo));
    assert_eq!(commands(&effects), vec![]);
    session.update(Event::Frame { now_ms: 5000.0 });
    session.update(Event::Intent(Intent::Play(mv("horse:a5a4"))));
    let mut record = Game::new(start());
    record.play(mv("ox:a1a2")).unwrap();
    record.play(mv("horse:a5a4")).unwrap();
    said(&mut session, Said::Move { by: Color::Blue, ply: 1, mv: mv("horse:a5a4"), position: *record.position() });
    said(&mut session, Said::Takeback(TakebackState { may_ask: true, ..none }));
    assert!(controls(session.state()).undo, "Undo asks for the takeback online");
    let strip = controls(session.state()).online.unwrap().buttons;
    assert!(!strip.iter().any(|(c, _)| c == "takeback"), "Undo is the way to ask: {strip:?}");
    let effects = session.update(Event::Intent(Intent::Undo));
    assert_eq!(commands(&effects), vec![Command::Takeback]);
    assert_eq!(session.state().game().moves().len(), 2, "the module decides");
    said(&mut session, Said::Takeback(TakebackState { asked_by: Some(Color::Blue), ..none }));
    assert!(!controls(session.state()).undo);
    let view = controls(session.state()).online.unwrap();
    assert_eq!(view.text, "You asked to take back your move");
    // Accepted: the module's record, shorter, goes on the board.
    let mut back = Game::new(start());
    back.play(mv("ox:a1a2")).unwrap();
    let effects = said(&mut session, Said::Record(back.clone()));
    assert!(effects.iter().any(|e| matches!(e, Effect::Announce(t) if t == "The moves were taken back")));
    said(&mut session, Said::Takeback(none));
    assert_eq!(session.state().game().moves(), back.moves());
    assert!(session.state().human_to_move());
    assert_eq!(session.state().mode, Mode::Online { you: Some(Color::Blue) });
}

#[test]
fn the_opponents_takeback_request_is_accepted_or_declined_from_the_strip() {
    use onitama::online::game::TakebackState;
    let none = TakebackState { asked_by: None, may_ask: false, declined: false };
    let mut session = dealt_blue();
    red_moves(&mut session);
    let effects = said(&mut session, Said::Takeback(TakebackState { asked_by: Some(Color::Red), ..none }));
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Announce(t) if t == "Your opponent asks to take back their move"))
    );
    let effects = press(&mut session, "Accept");
    assert_eq!(commands(&effects), vec![Command::AcceptTakeback]);
    let effects = press(&mut session, "Decline");
    assert_eq!(commands(&effects), vec![Command::DeclineTakeback]);
}

#[test]
fn the_players_move_while_their_takeback_request_waits_is_played_and_withdraws_it() {
    use onitama::online::game::TakebackState;
    let mut session = dealt_blue();
    let mut record = Game::new(start());
    record.play(mv("ox:a1a2")).unwrap();
    record.play(mv("horse:a5a4")).unwrap();
    let reply = record.legal_moves()[0];
    record.play(reply).unwrap();
    said(&mut session, Said::Record(record.clone()));
    // Blue (this player) is to move and asks to take back its move and Red's reply.
    said(&mut session, Said::Takeback(TakebackState { asked_by: Some(Color::Blue), may_ask: false, declined: false }));
    assert!(session.state().human_to_move(), "a move withdraws the request, as on lichess");
    assert_eq!(onitama::ui::scene::turn_line(session.state()).as_deref(), Some("Your move (Blue)"));
    let mine = session.state().game().legal_moves()[0];
    let effects = session.update(Event::Intent(Intent::Play(mine)));
    assert_eq!(commands(&effects), vec![Command::Play(mine)]);
}

#[test]
fn game_clocks_show_by_each_row_and_the_players_own_under_ten_seconds_is_heard_once() {
    use onitama::online::game::Clocks;
    use onitama::ui::scene::clock_faces;
    use onitama::ui::sound::Sound;
    let mut session = dealt_blue();
    assert!(clock_faces(session.state()).is_empty(), "no game clock, no clock on the board");
    let clocks = |red, blue, running| Said::Clocks(Some(Clocks { left: [red, blue], running, increment: 2000 }));
    let low_sounds = |effects: &[Effect]| effects.iter().filter(|e| matches!(e, Effect::Sound(Sound::LowTime))).count();
    assert_eq!(low_sounds(&said(&mut session, clocks(180_000, 12_000, Some(Color::Blue)))), 0);
    let faces = clock_faces(session.state());
    let shown: Vec<_> = faces.iter().map(|f| (f.color, f.text.as_str(), f.running, f.low)).collect();
    assert_eq!(shown, [(Color::Red, "3:00", false, false), (Color::Blue, "0:12", true, false)]);
    // Screen readers read them with the board (not announced as they tick).
    let description = controls(session.state()).board_description;
    assert!(description.ends_with(" Clocks: Red 3:00, Blue 0:12."), "{description}");
    // This player's clock goes under ten seconds: red, and heard once.
    assert_eq!(low_sounds(&said(&mut session, clocks(180_000, 9_500, Some(Color::Blue)))), 1);
    assert!(clock_faces(session.state())[1].low);
    assert_eq!(low_sounds(&said(&mut session, clocks(180_000, 8_500, Some(Color::Blue)))), 0, "once");
    // The opponent's going under ten seconds is not this player's alarm.
    assert_eq!(low_sounds(&said(&mut session, clocks(9_000, 8_500, Some(Color::Red)))), 0);
    assert!(clock_faces(session.state())[0].low);
}

#[test]
fn before_each_side_has_moved_leaving_an_online_game_asks_nothing_and_keeps_nothing() {
    let mut session = dealt_blue();
    red_moves(&mut session);
    assert!(controls(session.state()).resign.is_none(), "no Resign before each side has moved: the game is aborted");
    let effects = act(&mut session, OnlineAction::Press(Features::present(), Command::Leave));
    assert!(!controls(session.state()).resign_asked, "nothing to resign");
    assert_eq!(commands(&effects), vec![Command::Leave], "the module aborts it");
    assert!(!effects.iter().any(|e| matches!(e, Effect::KeepFinished(..))), "nothing kept among finished games");
    assert_eq!(session.state().game().outcome(), None);
}

/// A page that opened the host's link and was taken as a watcher, the host's count of watchers
/// at two, and the game dealt at its start.
fn watching() -> Session {
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::On);
    let link = "https://example.invalid/onitama/#online=abcdefabcdefabcdefabcdef";
    let effects = act(&mut session, OnlineAction::Join(link.into()));
    assert_eq!(commands(&effects), vec![Command::Join(Token::new("abcdefabcdefabcdefabcdef").unwrap())]);
    said(&mut session, Said::Room(Token::new("abcdefabcdefabcdefabcdef").unwrap()));
    said(&mut session, Said::Status(Status { phase: Phase::Watching, reason: None }));
    said(&mut session, Said::Watchers(2));
    said(&mut session, Said::Record(Game::new(start())));
    session
}

/// What a watcher is told of a move, by either side.
fn watched_move(session: &mut Session, by: Color, ply: usize, text: &str) -> Vec<Effect> {
    let mut after = session.state().game().clone();
    while after.moves().len() < ply {
        after.play(after.legal_moves()[0]).unwrap();
    }
    after.play(mv(text)).unwrap();
    said(session, Said::Move { by, ply, mv: mv(text), position: *after.position() })
}

#[test]
fn a_watcher_sees_the_players_game_read_only() {
    use onitama::online::host::ScriptState;
    use onitama::ui::keyboard::Key;
    use onitama::ui::session::PointerPhase;
    let mut session = watching();
    let state = session.state();
    assert_eq!(state.mode, Mode::Online { you: None });
    assert_eq!(state.game().start(), &start());
    let online = state.online.as_ref().unwrap();
    let script: &ScriptState = online.script.as_ref().unwrap();
    assert_eq!((script.phase.word(), script.you, script.watchers), ("watching", None, 2));
    assert_eq!(state.bottom(), Color::Red, "the board faces Red, as the record is written");
    assert!(!state.human_to_move());
    assert!(onitama::ui::board::movable_pieces(state).is_empty(), "no piece offered to move");
    // Words about the game, never about "you".
    let view = controls(state);
    assert_eq!(view.mode_line, "Online · watching");
    assert_eq!(onitama::ui::scene::turn_line(state).as_deref(), Some("Red to move"));
    let strip = view.online.as_ref().unwrap();
    assert!(strip.text.starts_with("You are watching this game"), "{}", strip.text);
    assert!(strip.text.contains("2 watching"), "{}", strip.text);
    assert_eq!(strip.buttons.iter().map(|(c, _)| c.as_str()).collect::<Vec<_>>(), ["leave"], "Leave only");
    assert!(!view.undo && !view.redo && !view.hint && view.resign.is_none() && view.evaluation.is_none());
    // Neither a click on Red's piece, nor the keyboard, nor a script moves or selects.
    let at = session.layout().square(common::sq("a1")).centre();
    for phase in [PointerPhase::Down, PointerPhase::Up] {
        session.update(Event::Pointer { phase, x: at.0, y: at.1, time_ms: 10.0 });
    }
    assert_eq!(session.state().board.selected_piece, None);
    for name in ["ArrowUp", "Enter", "Enter"] {
        session.update(Event::Key(Key::read(name, false).unwrap()));
    }
    assert_eq!(session.state().board.selected_piece, None);
    let effects = session.update(Event::Intent(Intent::Play(mv("ox:a1a2"))));
    assert!(commands(&effects).is_empty() && session.state().game().moves().is_empty());
    let effects = session.update(Event::Intent(Intent::Resign));
    assert!(commands(&effects).is_empty() && session.state().game().outcome().is_none());
}

#[test]
fn a_watcher_sees_each_move_as_it_comes_and_the_result_in_neutral_words() {
    use onitama::ui::sound::Sound;
    let mut session = watching();
    // Red's move, Blue's answer and Red's again come close together (the first still sliding).
    let mut third = Game::new(start());
    for (ply, by) in [Color::Red, Color::Blue, Color::Red].into_iter().enumerate() {
        let m = if ply == 0 { mv("ox:a1a2") } else { third.legal_moves()[0] };
        third.play(m).unwrap();
        said(&mut session, Said::Move { by, ply, mv: m, position: *third.position() });
    }
    assert!(session.state().board.anim.is_some(), "a move still slides as the last one comes");
    run_frames(&mut session, 1000.0);
    assert_eq!(session.state().game().moves(), third.moves(), "none dropped, in order");
    assert_eq!(onitama::ui::scene::turn_line(session.state()).as_deref(), Some("Blue to move"));
    // Blue resigns: said as who won, and nothing is kept among this page's games or cheered.
    let effects = said(&mut session, Said::Outcome(Some(Outcome::Resigned { by: Color::Blue })));
    assert_eq!(session.state().game().outcome(), Some(Outcome::Resigned { by: Color::Blue }));
    assert!(!effects.iter().any(|e| matches!(e, Effect::KeepFinished(..))), "{effects:?}");
    assert!(!effects.iter().any(|e| matches!(e, Effect::Sound(Sound::Win | Sound::Loss))));
    let announced: Vec<_> =
        effects.iter().filter_map(|e| if let Effect::Announce(t) = e { Some(t) } else { None }).collect();
    assert!(announced.iter().any(|t| t.as_str() == "Blue resigns — Red wins"), "{announced:?}");
    let view = controls(session.state());
    let shown = view.result.map(|r| r.text).or(view.game_over.map(|g| g.text)).unwrap();
    assert_eq!(shown, "Red wins!");
    let labels = onitama::ui::scene::labels(session.state());
    assert!(labels.iter().all(|(_, words, _)| !words.contains("You") && !words.contains("opponent")), "{labels:?}");
}

#[test]
fn a_players_state_shows_how_many_watch() {
    let mut session = dealt_blue();
    let watchers = |session: &Session| session.state().online.as_ref().unwrap().script.as_ref().unwrap().watchers;
    assert_eq!(watchers(&session), 0);
    assert!(!controls(session.state()).online.unwrap().text.contains("watching"));
    said(&mut session, Said::Watchers(2));
    assert_eq!(watchers(&session), 2);
    assert!(controls(session.state()).online.unwrap().text.contains("2 watching"));
    // Still the player's game: the player moves, the watchers change nothing of that.
    assert_eq!(session.state().mode, Mode::Online { you: Some(Color::Blue) });
    said(&mut session, Said::Watchers(0));
    assert_eq!(watchers(&session), 0);
}

#[test]
fn a_watchers_reload_joins_the_room_again_and_catches_up() {
    let mut session = watching();
    let effects = watched_move(&mut session, Color::Red, 0, "ox:a1a2");
    let Some(Effect::SaveGame(file)) = effects.iter().rev().find(|e| matches!(e, Effect::SaveGame(_))) else {
        panic!("the watched game is saved: {effects:?}")
    };
    // The room, not a seat: the module keeps nothing for a watcher.
    assert_eq!(file.online.as_deref(), Some("watching abcdefabcdefabcdefabcdef"));
    let read = save::decode(&save::encode(file)).unwrap();
    assert_eq!(read.mode, Mode::Online { you: None });
    assert_eq!(read.game.moves(), &[mv("ox:a1a2")]);
    // The address still holds the link: it is not joined a second time.
    let found = onitama::ui::startup::Found {
        save: Ok(Some(read.clone())),
        fragment: "#online=abcdefabcdefabcdefabcdef".into(),
        ..Default::default()
    };
    let opened = onitama::ui::startup::opening(found, |_| Game::new(start()));
    assert_eq!((opened.mode, opened.join.as_deref()), (Mode::Online { you: None }, None));
    let mut state = onitama::ui::State::new(opened.history, opened.mode, Settings::default(), true, 7);
    state.online = Some(onitama::ui::online::OnlineState::restoring(opened.online.unwrap()));
    let mut reloaded = Session::new(state);
    reloaded.update(Event::Relayout { width: 360.0, height: 640.0, pixel_ratio: 1.0 });
    let effects = reloaded.update(Event::Opened);
    assert_eq!(commands(&effects), vec![Command::Join(Token::new("abcdefabcdefabcdefabcdef").unwrap())]);
    assert!(!reloaded.state().human_to_move());
    // The host takes it again and deals the record as it is now: the board catches up.
    let mut now = Game::new(start());
    now.play(mv("ox:a1a2")).unwrap();
    now.play(now.legal_moves()[0]).unwrap();
    let deal = ToPage::decode(&format!("deal -\n{}", now.to_record())).unwrap();
    reloaded.update(Event::Online(Features::present(), deal));
    assert_eq!(reloaded.state().game().moves(), now.moves());
    assert_eq!(reloaded.state().mode, Mode::Online { you: None });
    // A player's reload is still its seat's restore, not a join.
    assert_eq!(onitama::ui::online::watched_room("version 3 …"), None);
}

#[test]
fn a_watcher_over_a_game_in_progress_puts_it_aside_and_leaving_keeps_it() {
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    session.update(Event::Intent(Intent::Play(mv("ox:a1a2"))));
    let mine = session.state().game().clone();
    act(&mut session, OnlineAction::Join("abcdefabcdefabcdefabcdef".into()));
    said(&mut session, Said::Status(Status { phase: Phase::Watching, reason: None }));
    said(&mut session, Said::Record(Game::new(start())));
    assert_eq!(session.state().aside.as_ref().map(|a| a.game.moves().to_vec()), Some(mine.moves().to_vec()));
    let effects = press(&mut session, "Leave");
    assert_eq!(commands(&effects), vec![Command::Leave]);
    assert!(session.state().online.is_none());
    assert!(controls(session.state()).back_to_my_game, "the player's own game waits");
}

#[test]
fn a_watcher_sees_the_rematchs_new_deal_and_may_leave_for_a_game_of_its_own_without_a_question() {
    let mut session = watching();
    watched_move(&mut session, Color::Red, 0, "ox:a1a2");
    said(&mut session, Said::Outcome(Some(Outcome::Resigned { by: Color::Blue })));
    // The players' rematch: the host's new deal reaches the watcher as a whole record.
    let rematch = Game::new("bbBbb/5/5/5/rrRrr boar,horse ox,elephant crab b".parse().unwrap());
    said(&mut session, Said::Record(rematch.clone()));
    let state = session.state();
    assert_eq!(
        (state.mode, state.game().start(), state.game().outcome()),
        (Mode::Online { you: None }, rematch.start(), None)
    );
    assert_eq!(onitama::ui::scene::turn_line(state).as_deref(), Some("Blue to move"));
    // A game of its own: no resignation to confirm, and the module is told the watcher left.
    let game = Game::new(start());
    let effects = session.update(Event::Intent(Intent::NewGame { game, mode: Mode::default() }));
    assert!(session.state().question.is_none());
    assert_eq!(commands(&effects), vec![Command::Leave]);
    assert_eq!(session.state().mode, Mode::default());
    assert!(session.state().online.is_none());
}

#[test]
fn the_loser_of_an_online_game_hears_the_loss_and_is_not_celebrated() {
    use onitama::ui::sound::Sound;
    let sounds = |effects: &[Effect]| -> Vec<Sound> {
        effects.iter().filter_map(|e| if let Effect::Sound(s) = e { Some(*s) } else { None }).collect()
    };
    // Blue here resigns, or the opponent claims on time: Red wins.
    for end in [Outcome::Resigned { by: Color::Blue }, Outcome::WonOnTime { winner: Color::Red }] {
        let mut session = both_moved();
        let effects = said(&mut session, Said::Outcome(Some(end)));
        assert!(sounds(&effects).contains(&Sound::Loss), "{end:?}: {effects:?}");
        assert!(!sounds(&effects).contains(&Sound::Win), "{end:?}");
        assert!(session.state().board.celebration.is_none(), "{end:?}");
    }
    // The opponent resigns: this player won.
    let mut session = both_moved();
    let effects = said(&mut session, Said::Outcome(Some(Outcome::Resigned { by: Color::Red })));
    assert!(sounds(&effects).contains(&Sound::Win), "{effects:?}");
}

#[test]
fn the_opponents_move_that_comes_while_looking_back_joins_the_game_and_the_look_back_stays() {
    let mut session = both_moved();
    session.update(Event::Frame { now_ms: 5000.0 });
    session.update(Event::Intent(Intent::View(0)));
    assert_eq!(session.state().board.history.looking_back_from(), Some(2), "looking back at the start");
    let game = session.state().game_line();
    let red = game.legal_moves()[0];
    let position = game.position().play(red).unwrap();
    said(&mut session, Said::Move { by: Color::Red, ply: 2, mv: red, position });
    session.update(Event::Frame { now_ms: 10000.0 });
    assert_eq!(session.state().game().moves().len(), 0, "the board stays where the player looks");
    assert_eq!(session.state().game_line().moves().len(), 3, "the opponent's move is in the game");
    session.update(Event::Intent(Intent::BackToGame));
    assert_eq!(session.state().game().moves().len(), 3);
    assert!(session.state().human_to_move(), "Blue to move: the player's turn");
}

#[test]
fn an_end_declared_while_looking_back_ends_the_game_at_its_last_move() {
    let mut session = both_moved();
    session.update(Event::Frame { now_ms: 5000.0 });
    session.update(Event::Intent(Intent::View(1)));
    said(&mut session, Said::Outcome(Some(Outcome::Resigned { by: Color::Red })));
    let line = session.state().game_line();
    assert_eq!(line.moves().len(), 2, "the moves after the one looked at stay in the game");
    assert_eq!(line.outcome(), Some(Outcome::Resigned { by: Color::Red }));
}

/// While a friend is invited the game under waits: a move or an end the module tells before it
/// deals a game does not reach it.
#[test]
fn before_a_deal_the_modules_moves_and_ends_leave_the_game_under_alone() {
    let (mut session, _) = open_position(START, Mode::default(), Settings::default(), Motion::Reduced);
    act(&mut session, OnlineAction::Invite(Invitation::default()));
    let before = session.state().game_line();
    let mv = before.legal_moves()[0];
    let position = before.position().play(mv).unwrap();
    session.update(Event::Online(Features::present(), ToPage::Move { ply: 0, mv, position }));
    session.update(Event::Online(Features::present(), ToPage::Outcome(Some(Outcome::Resigned { by: Color::Red }))));
    assert_eq!(session.state().game_line(), before);
    assert_eq!(session.state().mode, Mode::default());
}
