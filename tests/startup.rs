//! What the page opens with, decided natively from what the browser holds.

use onitama::mode::AiLevel;
use onitama::mode::Mode;
use onitama::rules::{Color, Deal, Game};
use onitama::save::{LinkError, SaveError, SaveFile, SavedAnalysis, SettingsFile};
use onitama::ui::Lang;
use onitama::ui::notice::Notice;
use onitama::ui::settings::Theme;
use onitama::ui::startup::{Found, opening};
mod common;

fn save(language: Option<&str>) -> SaveFile {
    let mut game = Game::from_deal(&Deal::from_seed(4));
    let m = game.legal_moves()[0];
    game.play(m).unwrap();
    SaveFile {
        game,
        mode: Mode::Watch { level: AiLevel::nth(3) },
        show_evaluation: true,
        language: language.map(String::from),
        puzzle: None,
        aside: None,
        online: None,
        tutorial: None,
        analysis: None,
    }
}

#[test]
fn an_analysis_comes_back_as_one_with_the_game_aside_its_place_and_its_lines() {
    let mut saved = save(None);
    saved.analysis = Some(Default::default());
    saved.mode = Mode::PassAndPlay { turn_board: false };
    let aside = onitama::save::AsideGame { game: fresh_game(), mode: Mode::default() };
    saved.aside = Some(aside.clone());
    let found = Found { save: Ok(Some(saved.clone())), ..Found::default() };
    let opened = opening(found, |_| fresh_game());
    assert!(opened.activity.analysis().is_some_and(|run| run.running && run.found.is_none()));
    assert_eq!(opened.history.game(), &saved.game);
    assert_eq!(opened.aside, Some(aside), "the game aside waits still");

    // Shown at its start, with another first move explored and a line that is not legal there.
    let first = saved.game.moves()[0];
    let other = saved.game.legal_moves()[0];
    let start = Game::new(*saved.game.start());
    let branch = start.legal_moves().iter().copied().find(|&m| m != first).expect("another first move");
    // The last line stops where it stops being legal, and one cannot be read at all.
    let text = |moves: &[onitama::rules::Move]| moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ");
    let variations = vec![text(&[branch]), text(&[first, other]), text(&[first, first]), "tiger:z9".to_string()];
    saved.analysis = Some(SavedAnalysis { ply: Some(0), variations, setup: None });
    let found = Found { save: Ok(Some(saved.clone())), ..Found::default() };
    let opened = opening(found, |_| fresh_game());
    assert!(opened.activity.analysis().is_some(), "the analysis board");
    assert!(opened.history.game().moves().is_empty(), "the board shows the start");
    assert_eq!(opened.history.ahead().to_vec(), vec![first], "the line shown steps on");
    assert_eq!(opened.history.lines().lines(), vec![vec![branch], vec![first, other]]);

    // A friend's link takes the analysis's place.
    let link = onitama::save::game_from_fragment(&onitama::save::link_fragment(&fresh_game(), None));
    let found = Found { save: Ok(Some(saved)), link, ..Found::default() };
    assert!(opening(found, |_| fresh_game()).activity.analysis().is_none());
}

fn fresh_game() -> Game {
    Game::from_deal(&Deal::from_seed(99))
}

#[test]
fn nothing_saved_opens_a_new_game_in_the_browsers_language() {
    let found = Found { browser_language: Some("fr-CA".into()), ..Found::default() };
    let opened = opening(found, |_| fresh_game());
    assert_eq!(opened.history.game().start(), fresh_game().start());
    assert_eq!(opened.mode, Mode::VsAi { human: Color::Red, level: AiLevel::DEFAULT });
    assert_eq!(opened.settings.language, Lang::Fr);
    assert!(opened.settings.sound && opened.notice.is_none());
}

#[test]
fn the_saved_game_comes_back_with_the_settings_kept_apart() {
    let settings = SettingsFile {
        language: Some("fa".into()),
        evaluation: false,
        sound: false,
        theme: "dark".into(),
        coordinates: true,
        watch_speed: "fast".into(),
        cards: None,
    };
    let found = Found { save: Ok(Some(save(Some("es")))), settings: Some(settings), ..Found::default() };
    let opened = opening(found, |_| fresh_game());
    assert_eq!(opened.history.game().moves().len(), 1);
    assert_eq!(opened.mode, Mode::Watch { level: AiLevel::nth(3) });
    assert_eq!(opened.settings.language, Lang::Fa, "the settings apart win over an old save's");
    assert!(!opened.settings.sound && opened.settings.coordinates && !opened.settings.evaluation);
    assert_eq!(opened.settings.theme, Theme::Dark);
    assert_eq!(opened.settings.watch_speed, onitama::ui::settings::WatchSpeed::Fast, "the pace of watching is kept");
}

#[test]
fn an_old_save_carries_its_language_and_bar() {
    let found = Found { save: Ok(Some(save(Some("es")))), browser_language: Some("en".into()), ..Found::default() };
    let opened = opening(found, |_| fresh_game());
    assert_eq!(opened.settings.language, Lang::Es);
    assert!(opened.settings.evaluation);
}

#[test]
fn a_damaged_save_keeps_the_language_and_says_why() {
    let settings = SettingsFile { language: Some("fr".into()), ..SettingsFile::default() };
    let found = Found {
        save: Err(SaveError::MissingMode),
        settings: Some(settings),
        browser_language: Some("en-US".into()),
        ..Found::default()
    };
    let opened = opening(found, |_| fresh_game());
    assert_eq!(opened.settings.language, Lang::Fr);
    assert_eq!(opened.notice, Some(Notice::SaveUnreadable(SaveError::MissingMode)));
    assert_eq!(opened.history.game().start(), fresh_game().start());
}

#[test]
fn only_a_browser_that_kept_nothing_is_a_first_visit() {
    let first = |found: Found| opening(found, |_| fresh_game()).first_visit;
    assert!(first(Found::default()), "nothing kept: the tutorial is offered");
    let link = Some(Ok(onitama::save::Linked { game: Game::from_deal(&Deal::from_seed(7)), mode: None }));
    assert!(first(Found { link, ..Found::default() }), "a friend's game link, opened first");
    assert!(!first(Found { save: Ok(Some(save(None))), ..Found::default() }));
    assert!(!first(Found { settings: Some(SettingsFile::default()), ..Found::default() }));
    // A player back with a save this version cannot read has been here before: set aside, the
    // save is no longer where it was, but the page still knows.
    assert!(!first(Found { save: Err(SaveError::MissingMode), ..Found::default() }));
    // A browser that keeps nothing would offer it on every visit.
    assert!(!first(Found { can_store: false, ..Found::default() }));
}

#[test]
fn a_friends_link_is_joined_unless_it_is_the_saved_online_games_own() {
    use onitama::online::{Invitation, OnlineGame, Token};
    use onitama::ui::startup::friend_link;
    let room = "abcdefabcdefabcdefabcdef";
    let (link, other) = (format!("#online={room}"), "#online=ghijklghijklghijklghijkl".to_string());
    assert_eq!(friend_link(&link), Some(link.as_str()));
    assert_eq!(friend_link("#game=start"), None);
    assert_eq!(friend_link(""), None);
    let join = |save: Option<SaveFile>, fragment: &str| {
        let found = Found { save: Ok(save), fragment: fragment.into(), ..Found::default() };
        opening(found, |_| fresh_game()).join
    };
    assert_eq!(join(None, &link), Some(link.clone()), "a first visit by a friend's link");
    assert_eq!(join(Some(save(None)), &link), Some(link.clone()), "over a game in progress (the session asks first)");
    // The page reloaded in the friend's game: its link is still in the address, and the saved
    // game comes back instead of joining again. Another friend's link is joined (the session
    // asks first whether to leave the game coming back).
    let host = OnlineGame::host(
        Token::new(room).unwrap(),
        Token::new("secretsecretsecretsecret").unwrap(),
        Invitation::default(),
        3,
        0,
    );
    let online =
        SaveFile { mode: Mode::Online { you: Some(Color::Blue) }, online: Some(host.saved().to_text()), ..save(None) };
    let back =
        opening(Found { save: Ok(Some(online.clone())), fragment: link.clone(), ..Found::default() }, |_| fresh_game());
    assert!(back.online.is_some() && back.join.is_none());
    assert_eq!(join(Some(online.clone()), &other), Some(other.clone()));
    // A saved online record whose mode is not online is no online game: it holds nothing back.
    let odd = SaveFile { mode: Mode::PassAndPlay { turn_board: false }, ..online };
    assert_eq!(join(Some(odd), &link), Some(link));
}

#[test]
fn a_link_opens_its_game_as_a_record_of_who_played_it_and_a_broken_one_is_told() {
    let linked = Game::from_deal(&Deal::from_seed(7));
    let level_2 = Mode::VsAi { human: onitama::rules::Color::Red, level: AiLevel::nth(1) };
    let link = onitama::save::link_fragment(&linked, Some(level_2));
    let read = onitama::save::game_from_fragment(&link).unwrap().unwrap();
    assert_eq!(read.mode, Some(level_2), "the link carries the mode and level: {link}");
    let found = Found { save: Ok(Some(save(None))), link: Some(Ok(read)), ..Found::default() };
    let opened = opening(found, |_| fresh_game());
    assert_eq!(opened.history.game().start(), linked.start());
    assert_eq!(opened.mode, Mode::PassAndPlay { turn_board: false }, "not the friend's own game against the AI");
    let notice = opened.notice.expect("who played it is said");
    assert_eq!(
        notice.text(&common::texts(onitama::ui::Lang::En)),
        "A shared game · Red against the AI · level 2, beginner"
    );
    // A link from before links carried the mode is a record too, with nothing said.
    let old = onitama::save::game_from_fragment(&onitama::save::link_fragment(&linked, None)).unwrap().unwrap();
    let found = Found { save: Ok(Some(save(None))), link: Some(Ok(old)), ..Found::default() };
    let opened = opening(found, |_| fresh_game());
    assert_eq!(opened.mode, Mode::PassAndPlay { turn_board: false });
    assert_eq!(opened.notice, None);
    let found = Found { save: Err(SaveError::NoGame), link: Some(Err(LinkError::BadEncoding)), ..Found::default() };
    let opened = opening(found, |_| fresh_game());
    assert_eq!(opened.notice, Some(Notice::LinkBroken(LinkError::BadEncoding)), "the link the player followed");
}

#[test]
fn a_puzzle_in_play_comes_back_as_a_puzzle_unless_a_link_opens_another_game() {
    let kept = onitama::save::SavedPuzzle { id: 7, plies: 5, daily: true, shown: false, helped: false };
    let saved = SaveFile { puzzle: Some(kept), ..save(None) };
    let found = Found { save: Ok(Some(saved.clone())), ..Found::default() };
    let run = opening(found, |_| fresh_game()).activity.puzzle().expect("the puzzle goes on");
    assert_eq!((run.puzzle.id, run.puzzle.plies, run.daily), (7, 5, true));
    assert_eq!(run.puzzle.position, *saved.game.start());
    assert_eq!(run.status, onitama::ui::puzzle::Status::Playing);
    let found = Found {
        save: Ok(Some(saved)),
        link: Some(Ok(onitama::save::Linked { game: fresh_game(), mode: None })),
        ..Found::default()
    };
    assert!(opening(found, |_| fresh_game()).activity.puzzle().is_none());
}

#[test]
fn the_tutorial_comes_back_at_its_step_with_the_game_aside_unless_a_link_opens_another_game() {
    let mine = onitama::save::AsideGame { game: save(None).game, mode: Mode::PassAndPlay { turn_board: false } };
    let step = onitama::ui::tutorial::STEPS[4].start().unwrap();
    let saved = SaveFile { tutorial: Some(4), aside: Some(mine.clone()), game: Game::new(step), ..save(None) };
    let found = Found { save: Ok(Some(saved.clone())), ..Found::default() };
    let opened = opening(found, |_| fresh_game());
    assert_eq!(opened.activity.tutorial().map(|run| (run.step, run.done, run.wrong)), Some((4, false, false)));
    assert_eq!(opened.history.game().start(), &step);
    assert_eq!(opened.aside, Some(mine.clone()));
    // A step beyond the tutorial's (from a later version) opens its last.
    let later = SaveFile { tutorial: Some(40), ..saved.clone() };
    let found = Found { save: Ok(Some(later)), ..Found::default() };
    assert_eq!(
        opening(found, |_| fresh_game()).activity.tutorial().map(|run| run.step),
        Some(onitama::ui::tutorial::STEPS.len() - 1)
    );
    // A link: its game, and the one aside stays aside (the tutorial's position is not kept).
    let found = Found {
        save: Ok(Some(saved)),
        link: Some(Ok(onitama::save::Linked { game: fresh_game(), mode: None })),
        ..Found::default()
    };
    let opened = opening(found, |_| fresh_game());
    assert!(opened.activity.tutorial().is_none());
    assert_eq!(opened.history.game().start(), fresh_game().start());
    assert_eq!(opened.aside, Some(mine));
}

/// Saves as the build before the page's model was redesigned wrote them (its save format 1, in
/// texts fixed here): a puzzle with the player's game aside, a step of the tutorial, and an online
/// game, each opening as it was left. (Those builds wrote no `helped` on a puzzle's line.)
#[test]
fn saves_written_before_the_model_was_redesigned_open_as_they_were_left() {
    let open = |text: &str| {
        let save = onitama::save::decode(text).expect("an older build's save reads");
        opening(Found { save: Ok(Some(save)), ..Found::default() }, |_| unreachable!("the saved game opens"))
    };

    // A puzzle of the set, one move into it, the player's game against level 4 aside.
    let puzzle = "onitama-save 1\nmode ai red 2\nevaluation off\nlanguage fr\npuzzle 12 3 chosen\n\
                  aside mode ai red 4\naside start bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r\n\
                  aside moves boar:c1c2\n\
                  start bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r\nmoves ox:b1b2\n";
    let opened = open(puzzle);
    let run = opened.activity.puzzle().expect("the puzzle, as it was");
    assert_eq!((run.puzzle.id, run.puzzle.plies, run.daily, run.shown), (12, 3, false, false));
    assert_eq!(opened.history.game().moves().len(), 1);
    let aside = opened.aside.expect("the game aside waits");
    assert_eq!(aside.mode, Mode::VsAi { human: Color::Red, level: AiLevel::nth(4) });
    assert_eq!(aside.game.moves().len(), 1);
    assert_eq!(opened.settings.language, Lang::Fr);

    // The tutorial's third step: it starts again from that step's position.
    let tutorial = "onitama-save 1\nmode ai red 0\nevaluation off\ntutorial 2\n\
                    start bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r\n";
    let opened = open(tutorial);
    assert_eq!(opened.activity.tutorial().map(|run| run.step), Some(2));
    let step = onitama::ui::tutorial::STEPS[2].start().expect("a step with a position");
    assert_eq!(opened.history.game().start(), &step);

    // An online game as a guest, one move in: the online module's line comes back with it.
    let line =
        "online guest Pdc8ldAa8IYBJnBtgmYT0D 0 GenITj6PjwOpNu-fWqkX8C - blue 60 1796157961625 0 random random 180 - 0";
    let online = format!(
        "onitama-save 1\nmode online blue\nevaluation off\nonline {line}\n\
         start bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r\nmoves boar:c1c2\n"
    );
    let opened = open(&online);
    assert_eq!(opened.mode, Mode::Online { you: Some(Color::Blue) });
    assert_eq!(opened.online.as_deref(), Some(line));
    assert_eq!(opened.history.game().moves().len(), 1);
}
