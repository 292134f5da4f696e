//! What the page shows, decided natively: the controls' view (buttons, panels, the move list, the
//! evaluation bar, the review, the result), the board's marks and card emphasis, the new-game
//! form, and what keys mean. The browser shell writes exactly these.

use onitama::ai::Score;
use onitama::mode::{AiLevel, Mode, ModeChoice, ModeKind, Seat};
use onitama::rules::{Card, Color, Game};
use onitama::ui::deck;
use onitama::ui::dialog::{Dialog, Records};
use onitama::ui::error_text::error_file;
use onitama::ui::features::Features;
use onitama::ui::intent::Intent;
use onitama::ui::keyboard::{Key, MoveListPlace, move_list_intent, page_intent};
use onitama::ui::new_game_form::{self, NewGameFields, NewGameForm};
use onitama::ui::notice::Notice;
use onitama::ui::review::Review;
use onitama::ui::scene::{Emphasis, Picture, emphasis, marks};
use onitama::ui::session::{Effect, Event};
use onitama::ui::settings::Settings;
use onitama::ui::state::{Activity, Evaluation};
use onitama::ui::text::TextsFile;
use onitama::ui::view::{self, controls};
use onitama::ui::{Lang, Session, State};

mod common;
use common::{BLUNDER, Motion, START, mv, sq};

fn vs_ai(human: Color) -> Mode {
    Mode::VsAi { human, level: AiLevel::nth(2) }
}

fn state(position: &str, mode: Mode) -> State {
    State::new(Game::new(position.parse().unwrap()), mode, Settings::default(), true, 7)
}

fn session(position: &str, mode: Mode, settings: Settings) -> Session {
    common::open_position(position, mode, settings, Motion::Reduced).0
}

#[test]
fn undo_redo_and_hint_are_enabled_only_when_they_can_act() {
    let mut session = session(START, Mode::PassAndPlay { turn_board: false }, Settings::default());
    let view = session.controls();
    assert!(!view.undo && !view.redo && view.hint);
    session.update(Event::Intent(Intent::Play(mv("boar:c1c2"))));
    let view = session.controls();
    assert!(view.undo && !view.redo && view.hint);
    session.update(Event::Intent(Intent::Undo));
    assert!(session.controls().redo);

    // Against the AI, no hint on the AI's turn.
    let view = controls(&state(START, vs_ai(Color::Blue)));
    assert!(!view.hint, "Red (the AI) is to move");
}

#[test]
fn every_update_shows_the_controls_once_with_the_state_it_ends_on() {
    let mut session = session(START, Mode::PassAndPlay { turn_board: false }, Settings::default());
    let effects = session.update(Event::Intent(Intent::Play(mv("boar:c1c2"))));
    let shown: Vec<_> = effects
        .iter()
        .filter_map(|e| match e {
            Effect::Controls(view) => Some(view.as_ref().clone()),
            _ => None,
        })
        .collect();
    assert_eq!(shown, vec![session.controls()]);
    assert_eq!(shown[0].moves.len(), 1);
}

#[test]
fn the_move_list_reads_in_the_language_marks_the_move_shown_and_the_reviews_classes() {
    let game = Game::from_record(BLUNDER).unwrap();
    let mut state = State::new(game.clone(), Mode::PassAndPlay { turn_board: false }, Settings::default(), true, 7);
    state.page.texts = common::every_language();
    state.page.settings.language = Lang::Fr;
    let rows = controls(&state).moves;
    assert_eq!(rows.len(), 2);
    assert_eq!((rows[0].ply, rows[0].side, rows[0].notation.as_str()), (1, "red", "boar:c2b2"));
    assert!(rows[0].text.contains("sanglier"), "{}", rows[0].text);
    assert!(rows[1].current && !rows[0].current);
    assert!(rows.iter().all(|row| row.mark.is_none()), "no marks outside a review");

    let mut review = Review::new(1, game);
    review.running = false;
    review.add(common::blunder_entry());
    state.activity = Activity::Review(review);
    let view = controls(&state);
    let mark = view.moves[0].mark.as_ref().expect("the blunder is marked");
    assert_eq!((mark.class, mark.mark), ("blunder", "??"));
    let panel = view.review.expect("the review panel is up");
    assert!(!panel.stops && panel.progress.is_none());
    assert_eq!(panel.graph.marks.len(), 1);
    assert_eq!(panel.graph.marks[0].class, "blunder");
    assert!(panel.graph.svg().contains(r#"class="blunder""#));
    assert!(!panel.best_line, "the last position is shown, after a move that was the best");
    state.board.history.look_at(1);
    let panel = controls(&state).review.unwrap();
    assert!(panel.best_line && panel.continue_here, "after the blunder: its best line, and playing on");
    assert_eq!(controls(&state).viewing, None, "a review has its own strip");
}

#[test]
fn the_evaluation_bar_shows_only_when_asked_and_waits_for_a_score() {
    let mut state = state(START, vs_ai(Color::Red));
    assert_eq!(controls(&state).evaluation, None);
    state.page.settings.evaluation = true;
    let bar = controls(&state).evaluation.unwrap();
    assert_eq!((bar.red_permille, bar.label.as_str(), bar.width().as_str()), (500, "…", "50.0%"));
    state.ai.evaluation = Some(Evaluation { position: *state.position(), score: Score::Value(150), exact: false });
    let bar = controls(&state).evaluation.unwrap();
    assert!(bar.red_permille > 500, "Red, to move, stands better");
    assert_ne!(bar.label, "…");
    // A score for another position is not this one's.
    state.ai.evaluation = Some(Evaluation {
        position: *Game::from_record(BLUNDER).unwrap().position(),
        score: Score::Value(150),
        exact: false,
    });
    assert_eq!(controls(&state).evaluation.unwrap().red_permille, 500);
}

#[test]
fn the_result_banner_offers_a_level_only_when_the_ai_played_and_goes_when_closed() {
    for (mode, change_level) in [(vs_ai(Color::Red), true), (Mode::PassAndPlay { turn_board: true }, false)] {
        let mut session = session("5/5/2B2/2R2/5 crab,boar horse,elephant ox r", mode, Settings::default());
        assert_eq!(session.controls().result, None);
        session.update(Event::Intent(Intent::Play(mv("crab:c2c3"))));
        let result = session.controls().result.expect("the banner is up");
        assert_eq!(result.change_level, change_level);
        assert!(!session.controls().hint);
        session.update(Event::Intent(Intent::CloseResult));
        assert_eq!(session.controls().result, None);
    }
}

#[test]
fn the_mode_line_says_who_plays_and_why_this_side_begins_until_the_first_move() {
    // The side card's stamp decides who begins: the ox's is Blue's.
    assert_eq!(Card::Ox.stamp(), Color::Blue);
    let mut state = state("bbBbb/5/5/5/rrRrr crab,boar horse,elephant ox b", Mode::Watch { level: AiLevel::nth(11) });
    let view = controls(&state);
    assert!(view.mode_line.contains("level 12, master"), "{}", view.mode_line);
    let why = onitama::ui::text::who_starts(&common::texts(Lang::En), Card::Ox);
    assert!(view.mode_line.ends_with(&why), "Blue begins by the ox's stamp: {}", view.mode_line);
    let first = state.game().legal_moves()[0];
    state.board.history.play(first).unwrap();
    assert!(!controls(&state).mode_line.contains(&why), "said until the first move");
}

#[test]
fn the_new_game_form_opens_on_the_game_played_and_reads_back_what_it_shows() {
    let state = state(START, Mode::VsAi { human: Color::Blue, level: AiLevel::nth(2) });
    let form = NewGameForm::of(&state);
    assert_eq!(
        form.choice,
        ModeChoice { kind: ModeKind::VsAi, seat: Seat::Blue, level: AiLevel::nth(2), turn_board: true }
    );
    assert_eq!(form.cards, [Card::Boar, Card::Ox, Card::Elephant, Card::Horse, Card::Crab]);
    let fields = form.fields();
    assert_eq!((fields.mode.as_str(), fields.seat.as_str(), fields.level.as_str()), ("ai", "blue", "casual"));
    assert_eq!(NewGameForm::read(&fields), form);
    // What the page cannot hold falls back to the defaults.
    let odd = NewGameForm::read(&NewGameFields { mode: "chess".into(), level: "9".into(), ..NewGameFields::default() });
    assert_eq!(odd.choice.kind, ModeKind::VsAi);
    assert_eq!(odd.choice.level, AiLevel::DEFAULT);
}

#[test]
fn inviting_a_friend_from_the_menu_opens_the_form_on_a_game_online_in_the_colour_played() {
    let state = state(START, Mode::VsAi { human: Color::Blue, level: AiLevel::nth(2) });
    let form = NewGameForm::invite(&state);
    assert_eq!(form.choice.kind, ModeKind::Online);
    assert_eq!((form.choice.seat, form.cards), (Seat::Blue, NewGameForm::of(&state).cards));
    assert!(!form.stranger);
    assert_eq!(form.fields().mode, "online");
    assert_eq!(NewGameForm::read(&form.fields()), form, "the dialog reads back what it was opened with");
}

#[test]
fn the_new_game_form_decides_a_random_seat_by_the_coin_and_refuses_a_card_twice_in_words() {
    let mut form = NewGameForm::of(&state(START, Mode::default()));
    form.choice.seat = Seat::Random;
    let colours: Vec<Color> =
        [false, true].map(|coin| form.new_game(coin, deck::DEFAULT).unwrap().mode.human().unwrap()).to_vec();
    assert_eq!(colours, vec![Color::Red, Color::Blue]);
    assert_eq!(form.new_game(false, deck::DEFAULT).unwrap().cards, None, "random cards unless chosen");
    form.choose_cards = true;
    assert_eq!(form.new_game(false, deck::DEFAULT).unwrap().cards, Some(form.cards));
    form.cards[0] = form.cards[1];
    let refused = form.new_game(false, deck::DEFAULT).unwrap_err();
    let card = form.cards[1];
    assert_eq!(refused, onitama::ui::new_game_form::NewGameRefusal::DuplicateCard { card, times: 2 });
    let words = refused.text(&common::texts(Lang::Fr));
    assert!(words.contains(onitama::ui::text::card_name(&common::texts(Lang::Fr), card)), "{words}");
}

#[test]
fn a_card_picked_in_the_new_game_form_makes_the_five_cards_the_deal() {
    use onitama::ui::new_game_form::NewGameEdit;
    let mut fields = NewGameForm::of(&state(START, Mode::default())).fields();
    assert!(!fields.choose_cards);
    NewGameEdit::Card(4, "tiger".into()).apply(&mut fields);
    assert!(fields.choose_cards, "the chooser's change ticks the box");
    let form = NewGameForm::read(&fields);
    assert_eq!(form.new_game(false, deck::DEFAULT).unwrap().cards.unwrap()[4], Card::Tiger);
    assert_eq!(NewGameEdit::read("setup-side-6", "crab".into(), false), None, "no sixth chooser");
}

#[test]
fn the_new_game_form_shows_only_the_rows_its_way_of_playing_uses() {
    let rows = |kind: ModeKind| {
        let r = new_game_form::rows(kind.code(), false, "180");
        assert!(r.cards, "{kind:?} deals the cards chosen");
        (r.seat, r.level, r.turn_board)
    };
    assert_eq!(rows(ModeKind::VsAi), (true, true, false));
    assert_eq!(rows(ModeKind::PassAndPlay), (false, false, true));
    assert_eq!(rows(ModeKind::Watch), (false, true, false));
    assert_eq!(view::level_options(&common::texts(Lang::Fa)).len(), AiLevel::COUNT);
    assert_eq!(view::level_options(&common::texts(Lang::En))[4].0, AiLevel::DEFAULT.code());
}

#[test]
fn the_move_list_keys_look_back_or_step_a_review() {
    let game = Game::from_record(BLUNDER).unwrap();
    let mut state = State::new(game.clone(), Mode::PassAndPlay { turn_board: false }, Settings::default(), true, 7);
    let intent = |state: &State, key| format!("{:?}", move_list_intent(state, key, MoveListPlace::Panel));
    assert_eq!(intent(&state, Key::Up), "Some(View(1))");
    assert_eq!(intent(&state, Key::Right), "None", "nothing after the game's end: the key is the browser's");
    assert_eq!(intent(&state, Key::Home), "Some(View(0))");
    assert_eq!(intent(&state, Key::End), "Some(BackToGame)");
    assert_eq!(intent(&state, Key::Enter), "None");
    state.board.history.look_at(1);
    assert_eq!(intent(&state, Key::Escape), "Some(BackToGame)");
    assert_eq!(intent(&state, Key::Left), "Some(View(0))", "left to right, left is back");
    state.page.settings.language = Lang::Fa;
    assert_eq!(intent(&state, Key::Right), "Some(View(0))", "right to left, right is back");
    state.page.settings.language = Lang::En;
    let in_sheet = move_list_intent(&state, Key::Escape, MoveListPlace::Sheet);
    assert!(in_sheet.is_none(), "the phone's sheet closes with Escape and keeps the position shown");
    state.board.history.go_to(2);
    state.activity = Activity::Review(Review::new(1, game));
    assert_eq!(intent(&state, Key::Left), "Some(Undo)");
    assert_eq!(intent(&state, Key::Down), "None", "the review's end");
    state.board.history.back();
    assert_eq!(intent(&state, Key::Down), "Some(Redo)");
}

#[test]
fn escape_outside_a_dialog_closes_the_result() {
    let mut session = session("5/5/2B2/2R2/5 crab,boar horse,elephant ox r", vs_ai(Color::Red), Settings::default());
    assert!(page_intent(session.state(), Key::Escape, false).is_none(), "no result yet");
    session.update(Event::Intent(Intent::Play(mv("crab:c2c3"))));
    assert!(matches!(page_intent(session.state(), Key::Escape, false), Some(Intent::CloseResult)));
    assert!(page_intent(session.state(), Key::Escape, true).is_none(), "a dialog's Escape is its own");
    assert!(page_intent(session.state(), Key::Enter, false).is_none());
}

#[test]
fn escape_anywhere_outside_a_dialog_ends_looking_back_once_nothing_is_chosen() {
    let game = Game::from_record(BLUNDER).unwrap();
    let mut state = State::new(game, Mode::PassAndPlay { turn_board: false }, Settings::default(), true, 7);
    let at_end = page_intent(&state, Key::Escape, false);
    assert!(!matches!(at_end, Some(Intent::BackToGame)), "at the game's end: nothing to leave");
    state.board.history.look_at(1);
    assert!(matches!(page_intent(&state, Key::Escape, false), Some(Intent::BackToGame)));
    assert!(page_intent(&state, Key::Escape, true).is_none(), "a dialog's Escape is its own");
    state.board.preview = Some(state.game().position().side_card());
    assert!(page_intent(&state, Key::Escape, false).is_none(), "the board's Escape drops what was chosen first");
}

#[test]
fn the_records_dialog_opens_a_pasted_record_or_says_why_not_in_the_players_words() {
    let mut session = session(START, Mode::PassAndPlay { turn_board: false }, Settings::default());
    session.update(Event::Intent(Intent::OpenRecords));
    assert_eq!(session.controls().records_message, "", "it opens saying nothing");
    let before = session.state().game().clone();
    let broken = Intent::OpenRecord { text: "start 5/5/5\n".into(), review: false };
    let effects = session.update(Event::Intent(broken));
    assert!(effects.is_empty() || session.controls().records.is_some(), "the dialog stays, with the record to mend");
    assert_eq!(session.state().game(), &before, "nothing changed");
    let said = session.controls().records_message;
    assert!(said.starts_with("That record could not be opened: ") && said.ends_with("Nothing was changed."), "{said}");
    // In French, once its error texts are here.
    let patch = onitama::ui::intent::SettingsPatch { language: Some(Lang::Fr), ..Default::default() };
    session.update(Event::Settings(patch));
    let file = Some(error_file(Lang::Fr));
    session.update(Event::Texts { file: TextsFile::Errors(Lang::Fr), text: file });
    let said = session.controls().records_message;
    assert!(said.starts_with("Ce relevé n'a pas pu être ouvert"), "{said}");
    // Opening the dialog again starts it afresh; a record that reads opens, and the dialog closes.
    session.update(Event::Intent(Intent::OpenRecords));
    assert_eq!(session.controls().records_message, "");
    session.update(Event::Intent(Intent::OpenRecord { text: BLUNDER.into(), review: false }));
    assert!(session.controls().records.is_none(), "closed");
    assert_eq!(*session.state().game(), Game::from_record(BLUNDER).unwrap());
    // Reviewing it instead starts the review.
    session.update(Event::Intent(Intent::OpenRecords));
    session.update(Event::Intent(Intent::OpenRecord { text: BLUNDER.into(), review: true }));
    assert!(session.controls().records.is_none());
    assert!(session.state().review().is_some());
}

#[test]
fn copying_the_link_says_whether_the_browser_let_it() {
    let mut session = session(START, Mode::PassAndPlay { turn_board: false }, Settings::default());
    session.update(Event::Intent(Intent::Play(mv("boar:c1c2"))));
    session.update(Event::Intent(Intent::OpenRecords));
    let fragment = onitama::save::link_fragment(&session.state().game_line(), Some(session.state().mode));
    let effects = session.update(Event::Intent(Intent::CopyLink));
    assert!(effects.contains(&Effect::CopyLink(fragment.clone())), "{effects:?}");
    assert!(fragment.starts_with("#game=") && fragment.contains("boar"), "the whole line: {fragment}");
    assert_eq!(session.controls().records.unwrap().link, fragment, "the link shown is the one copied");
    assert_eq!(session.controls().records_message, "", "said only once the browser answers");
    session.update(Event::LinkCopied(true));
    assert_eq!(session.controls().records_message, "Link copied");
    session.update(Event::Intent(Intent::CopyLink));
    assert_eq!(session.controls().records_message, "", "copied again: said again once the browser answers");
    // Refused (not served over HTTPS, or no permission): the player is told to copy it by hand.
    session.update(Event::LinkCopied(false));
    assert!(session.controls().records_message.contains("could not be copied"));
    // The browser answering after the dialog closed says nothing the next time it opens.
    session.update(Event::Intent(Intent::CopyLink));
    session.update(Event::Intent(Intent::CloseRecords));
    session.update(Event::LinkCopied(true));
    session.update(Event::Intent(Intent::OpenRecords));
    assert_eq!(session.controls().records_message, "");
}

#[test]
fn the_board_marks_the_ais_move_with_an_arrow_and_the_persons_without() {
    let mut session = session(START, vs_ai(Color::Blue), Settings::default());
    // Red is the AI here: a move played for it (as its worker would) leaves an arrow.
    session.update(Event::Intent(Intent::Play(mv("boar:c1c2"))));
    let shown = marks(session.state());
    assert_eq!(shown.last_move, Some((sq("c1"), sq("c2"))));
    assert_eq!(shown.arrow, shown.last_move);
    assert_eq!(shown.lit_hand, Some((Color::Blue, true)), "the person's hand is lit, strongly");
    session.update(Event::Intent(Intent::Play(mv("horse:a5a4"))));
    let shown = marks(session.state());
    assert_eq!(shown.last_move, Some((sq("a5"), sq("a4"))));
    assert_eq!(shown.arrow, None, "the person's own move needs no arrow");
    assert_eq!(shown.lit_hand, Some((Color::Red, false)));
}

#[test]
fn while_a_move_slides_nothing_invites_a_choice_and_the_rows_lines_wait() {
    let (mut session, _) = common::open_position(START, vs_ai(Color::Blue), Settings::default(), Motion::On);
    session.update(Event::Intent(Intent::Play(mv("boar:c1c2"))));
    let effects = session.update(Event::Frame { now_ms: 1000.0 });
    let picture = picture_in(&effects).expect("the slide's first frame draws it");
    assert_eq!(*picture, Picture::of(session.state(), session.layout()));
    assert!(picture.sliding(1050.0));
    let moving = picture.marks_at(1050.0);
    assert_eq!(moving.last_move, Some((sq("c1"), sq("c2"))), "the move's squares light as it slides");
    assert_eq!((moving.arrow, moving.lit_hand, moving.show_labels), (None, None, false));
    assert!(moving.movable.is_empty() && moving.targets.is_empty());
    let blue = picture.cards.iter().find(|c| c.owner == Color::Blue).expect("Blue's card");
    assert_eq!(blue.emphasis, Emphasis::Playable, "once still, the person's cards invite");
    assert_eq!(picture.emphasis_at(blue, 1050.0), Emphasis::Plain);
    // The frames between draw the same picture: the session makes none.
    assert!(picture_in(&session.update(Event::Frame { now_ms: 1050.0 })).is_none());
    // The slide's end, in time: the same picture shows everything.
    let later = 1_000_000.0;
    assert!(!picture.sliding(later));
    assert_eq!(*picture.marks_at(later), picture.marks);
    assert!(picture.marks.show_labels && picture.marks.arrow.is_some());
    // Its last frame ends the slide: a still picture, with everything.
    let still = picture_in(&session.update(Event::Frame { now_ms: later })).expect("the end is drawn");
    assert!(still.anim.is_none() && still.marks == picture.marks);
}

/// The picture an update asks to draw, if any.
fn picture_in(effects: &[Effect]) -> Option<Box<Picture>> {
    effects.iter().find_map(|e| match e {
        Effect::Redraw(picture) => Some(picture.clone()),
        _ => None,
    })
}

#[test]
fn a_chosen_piece_shows_dots_rings_for_captures_and_lights_its_cards() {
    // Red's student on c2 can take Blue's on c3 with the crab, or step with the boar.
    let mut state = state("5/5/2b1B/2r2/2R2 crab,boar horse,elephant ox r", Mode::PassAndPlay { turn_board: false });
    assert_eq!(emphasis(&state, Card::Crab), Emphasis::Playable);
    assert_eq!(emphasis(&state, Card::Horse), Emphasis::Plain, "Blue's card, not Blue's turn");
    state.board.selected_piece = Some(sq("c2"));
    let shown = marks(&state);
    assert_eq!(shown.selected, Some(sq("c2")));
    assert!(!shown.movable.contains(sq("c2")), "the chosen piece is filled, not ringed");
    let capture = shown.targets.iter().find(|t| t.square == sq("c3")).expect("c3 is a target");
    assert!(capture.capture);
    assert!(shown.targets.iter().any(|t| !t.capture), "empty squares are dots");
    state.board.selected_card = Some(Card::Crab);
    assert_eq!(emphasis(&state, Card::Crab), Emphasis::Chosen);
    state.board.preview = Some(Card::Horse);
    assert_eq!(emphasis(&state, Card::Horse), Emphasis::Previewed);
    assert_eq!(marks(&state).preview.map(|(color, _)| color), Some(Color::Blue));
}

#[test]
fn an_error_shown_before_its_languages_texts_are_here_asks_for_them_once_then_reads_in_it() {
    // As on the page: English alone at first; Persian's page texts come as the player chooses it.
    let (mut session, _) = common::open_in_english(START, vs_ai(Color::Red));
    let patch = onitama::ui::intent::SettingsPatch { language: Some(Lang::Fa), ..Default::default() };
    let effects = session.update(Event::Settings(patch));
    assert!(effects.contains(&Effect::FetchTexts(TextsFile::Page(Lang::Fa))), "{effects:?}");
    let file = Some(onitama::ui::text::texts_file(Lang::Fa));
    session.update(Event::Texts { file: TextsFile::Page(Lang::Fa), text: file });
    assert_eq!(session.state().lang(), Lang::Fa);
    let link = onitama::save::game_from_fragment("#game=%ZZ").unwrap().unwrap_err();
    let effects = session.update(Event::Notice(Notice::LinkBroken(link)));
    assert!(effects.contains(&Effect::FetchTexts(TextsFile::Errors(Lang::Fa))), "{effects:?}");
    assert_eq!(session.state().texts_needed(), [], "asked: needed no more");
    let meanwhile = session.controls().notice.unwrap();
    let effects = session.update(Event::Notice(session.state().notice.clone().unwrap()));
    assert!(!effects.iter().any(|e| matches!(e, Effect::FetchTexts(TextsFile::Errors(_)))), "asked once");
    let effects = session.update(Event::Texts { file: TextsFile::Errors(Lang::Fa), text: Some(error_file(Lang::Fa)) });
    let shown = effects.iter().find_map(|e| match e {
        Effect::Controls(view) => view.notice.clone(),
        _ => None,
    });
    let persian = shown.expect("the notice is written again");
    assert_ne!(persian, meanwhile, "the error part was English, now Persian");
}

#[test]
fn no_error_shown_asks_for_no_error_texts() {
    let (mut session, _) = common::open_in_english(START, vs_ai(Color::Red));
    let patch = onitama::ui::intent::SettingsPatch { language: Some(Lang::Es), ..Default::default() };
    session.update(Event::Settings(patch));
    let file = Some(onitama::ui::text::texts_file(Lang::Es));
    let effects = session.update(Event::Texts { file: TextsFile::Page(Lang::Es), text: file });
    assert_eq!(session.state().lang(), Lang::Es);
    assert!(!effects.iter().any(|e| matches!(e, Effect::FetchTexts(TextsFile::Errors(_)))), "{effects:?}");
}

#[test]
fn the_records_dialog_lists_finished_games_newest_first_and_offers_what_is_there() {
    let mut state = state(START, Mode::default());
    let open = |shown: &[onitama::save::FinishedGame]| {
        let records = Records { features: Features::present(), shown: shown.to_vec(), message: None };
        Some(Dialog::Records(records))
    };
    state.page.dialog = open(&[]);
    let empty = controls(&state).records.unwrap();
    assert!(!empty.review_finished && empty.finished.is_empty() && empty.unreadable.is_none());
    assert!(empty.record.starts_with("start "));
    let won = Game::from_record("start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\nmoves crab:c2c3\n").unwrap();
    let kept = [
        onitama::save::FinishedGame { game: won.clone(), mode: Some(vs_ai(Color::Red)) },
        onitama::save::FinishedGame { game: won, mode: None },
    ];
    (state.page.dialog, state.page.unreadable_save) = (open(&kept), Some("garbled".into()));
    let shown = controls(&state).records.unwrap();
    assert!(shown.review_finished);
    assert_eq!(shown.finished.iter().map(|(i, _)| *i).collect::<Vec<_>>(), vec![1, 0], "newest first");
    assert!(shown.finished[1].1.starts_with("1 · You win"), "{}", shown.finished[1].1);
    assert_eq!(shown.unreadable.as_deref(), Some("garbled"));
}

#[test]
fn a_cards_grid_shows_its_piece_in_the_middle_and_where_it_reaches() {
    use onitama::ui::view::{GridCell, card_grid};
    // The tiger: two squares forward, one back.
    let grid = card_grid(Card::Tiger);
    assert_eq!(grid.len(), 25);
    assert_eq!(grid[12], GridCell::Piece);
    assert_eq!((grid[2], grid[17]), (GridCell::Reach, GridCell::Reach), "c5 and c2 from the middle");
    assert_eq!(grid.iter().filter(|c| **c == GridCell::Reach).count(), Card::Tiger.offsets().len());
}

/// The choosers offer the cards enabled (the base ones unless chosen otherwise); every card is
/// named in every language, and an expansion card is drawn without an emblem until its file comes.
#[test]
fn the_page_names_every_card_and_offers_the_enabled_ones() {
    use onitama::rules::{CardSet, Pack};
    use onitama::ui::text::{card_name, describe_position};
    let some = CardSet::of(&[Card::Goat, Card::Tiger, Card::Kirin, Card::Ox, Card::Fox]);
    for lang in Lang::ALL {
        let offered: Vec<&str> =
            view::card_options(&common::texts(lang), deck::DEFAULT).into_iter().map(|(code, _)| code).collect();
        assert_eq!(offered, Pack::Base.cards().map(|card| card.name()).collect::<Vec<_>>());
        let offered: Vec<&str> =
            view::card_options(&common::texts(lang), some).into_iter().map(|(code, _)| code).collect();
        assert_eq!(offered, ["tiger", "ox", "fox", "kirin", "goat"], "table order");
        for card in Card::ALL {
            assert!(!card_name(&common::texts(lang), card).is_empty(), "{card} in {}", lang.code());
        }
    }
    assert_eq!(card_name(&common::texts(Lang::En), Card::SeaSnake), "sea snake");
    assert_eq!(card_name(&common::texts(Lang::Fa), Card::Goat), Card::Goat.persian_name());
    let position = "bbBbb/5/5/5/rrRrr sea-snake,kirin goat,tiger phoenix b".parse().unwrap();
    let described = describe_position(&common::texts(Lang::En), &position);
    assert!(described.contains("sea snake") && described.contains("phoenix"), "{described}");
    let start = "bbBbb/5/5/5/rrRrr sea-snake,kirin goat,tiger phoenix b";
    let mut session = session(start, Mode::PassAndPlay { turn_board: false }, Settings::default());
    session.update(Event::Intent(Intent::Play(mv("goat:d5c4"))));
    assert_eq!(session.state().position().side_card(), Card::Goat);
    assert!(onitama::ui::emblems::emblem(Card::Phoenix).is_empty());
}

#[test]
fn the_new_game_form_finds_a_stranger_online_with_none_of_its_other_rows() {
    use onitama::rules::SplitMix64;
    use onitama::ui::new_game_form::Chosen;
    let mut dice = SplitMix64(1);
    let fields = NewGameFields { mode: new_game_form::FIND.to_string(), ..NewGameFields::default() };
    let form = NewGameForm::read(&fields);
    assert!(form.stranger);
    assert_eq!(form.fields().mode, new_game_form::FIND, "read back as it was chosen");
    assert!(matches!(form.start(&mut dice, onitama::ui::deck::DEFAULT), Ok(Chosen::Stranger)));
    let rows = new_game_form::rows(new_game_form::FIND, false, "180");
    assert_eq!((rows.seat, rows.level, rows.turn_board, rows.limit, rows.cards), (false, false, false, false, false));
    let invite = NewGameForm::read(&NewGameFields { mode: "online".into(), ..fields });
    assert!(!invite.stranger);
    assert!(matches!(invite.start(&mut dice, onitama::ui::deck::DEFAULT), Ok(Chosen::Friend(_))));
}

#[test]
fn the_new_game_forms_switch_lets_others_watch_a_friends_game_unless_turned_off() {
    use onitama::rules::SplitMix64;
    use onitama::ui::new_game_form::Chosen;
    let mut dice = SplitMix64(1);
    let invitation = |watchers: bool, dice: &mut SplitMix64| {
        let fields =
            NewGameFields { mode: "online".into(), limit: "180+2".into(), watchers, ..NewGameFields::default() };
        let form = NewGameForm::read(&fields);
        assert_eq!(form.fields().watchers, watchers, "read back as it was chosen");
        match form.start(dice, onitama::ui::deck::DEFAULT) {
            Ok(Chosen::Friend(invitation)) => invitation,
            other => panic!("{other:?}"),
        }
    };
    assert!(invitation(true, &mut dice).watchers);
    assert!(!invitation(false, &mut dice).watchers, "turned off: the host refuses third browsers");
    // On when the dialog opens, and the switch shows for a friend's game only.
    let state = State::new(Game::new(START.parse().unwrap()), Mode::default(), Settings::default(), true, 1);
    assert!(NewGameForm::invite(&state).fields().watchers);
    assert!(NewGameFields::default().watchers);
    assert!(new_game_form::rows("online", false, "180").watchers);
    for (code, from_position) in
        [("ai", false), ("two", false), ("watch", false), (new_game_form::FIND, false), ("online", true)]
    {
        assert!(!new_game_form::rows(code, from_position, "180").watchers, "{code} {from_position}");
    }
}

#[test]
fn the_new_game_form_offers_game_clocks_and_one_of_ones_own_from_fifteen_seconds() {
    use onitama::online::MoveLimit;
    use onitama::rules::SplitMix64;
    use onitama::ui::new_game_form::{CUSTOM_CLOCK, Chosen};
    let mut dice = SplitMix64(1);
    let online = |limit: &str, minutes: &str, increment: &str| NewGameFields {
        mode: "online".into(),
        limit: limit.into(),
        clock_minutes: minutes.into(),
        clock_increment: increment.into(),
        ..NewGameFields::default()
    };
    let limit_of = |fields: &NewGameFields, dice: &mut SplitMix64| match NewGameForm::read(fields)
        .start(dice, onitama::ui::deck::DEFAULT)
    {
        Ok(Chosen::Friend(invitation)) => Ok(invitation.limit),
        Ok(other) => panic!("{other:?}"),
        Err(why) => Err(why),
    };
    for preset in MoveLimit::CLOCKS.into_iter().chain(MoveLimit::CHOICES) {
        let fields = online(&preset.to_string(), "", "");
        assert_eq!(limit_of(&fields, &mut dice), Ok(preset));
        assert_eq!(NewGameForm::read(&fields).fields().limit, preset.to_string(), "read back as chosen");
    }
    // One's own: minutes (a quarter or more) and seconds a move, each row shown only then.
    assert_eq!(
        limit_of(&online(CUSTOM_CLOCK, "0.25", "0"), &mut dice),
        Ok(MoveLimit::Clock { seconds: 15, increment: 0 })
    );
    assert_eq!(
        limit_of(&online(CUSTOM_CLOCK, "7", ""), &mut dice),
        Ok(MoveLimit::Clock { seconds: 420, increment: 0 })
    );
    let own = NewGameForm::read(&online(CUSTOM_CLOCK, "2.5", "4"));
    let fields = own.fields();
    assert_eq!(
        (fields.limit.as_str(), fields.clock_minutes.as_str(), fields.clock_increment.as_str()),
        (CUSTOM_CLOCK, "2.5", "4")
    );
    for (minutes, increment) in
        [("0.2", "1"), ("181", "0"), ("5", "61"), ("five", "1"), ("5", "-1"), ("", "2"), ("1.255", "0"), ("1e1", "0")]
    {
        let refused = limit_of(&online(CUSTOM_CLOCK, minutes, increment), &mut dice);
        assert_eq!(refused, Err(onitama::ui::new_game_form::NewGameRefusal::BadClock), "{minutes} + {increment}");
    }
    assert!(new_game_form::rows("online", false, CUSTOM_CLOCK).custom_clock);
    assert!(!new_game_form::rows("online", false, "180+2").custom_clock);
    assert!(!new_game_form::rows("ai", false, CUSTOM_CLOCK).custom_clock);
}

#[test]
fn the_new_game_dialog_is_the_sessions_field_by_field_and_closes_as_it_says() {
    use onitama::ui::new_game_form::{CARD_CHOOSERS, NewGameEdit, NewGameOpens};
    let mut session = session(START, vs_ai(Color::Red), Settings::default());
    let edit = |session: &mut Session, id: &str, value: &str, checked: bool| {
        let edit = NewGameEdit::read(id, value.to_string(), checked).expect("one of the dialog's fields");
        session.update(Event::Intent(Intent::EditNewGame(edit)));
    };
    assert!(session.controls().new_game.is_none());
    assert_eq!(NewGameEdit::read("deck-cards", "tiger".into(), true), None, "not a field of the form");
    session.update(Event::Intent(Intent::OpenNewGame(NewGameOpens::Game)));
    let opened = session.controls().new_game.expect("open");
    assert_eq!((opened.title, opened.fields.mode.as_str(), opened.rows.level), ("setup-title", "ai", true));
    // A card picked: the five shown are the ones dealt, and its drawing changes.
    edit(&mut session, CARD_CHOOSERS[4], "tiger", false);
    let view = session.controls().new_game.unwrap();
    assert!(view.fields.choose_cards && view.fields.cards[4] == "tiger");
    assert_eq!(view.previews[4].card, Card::Tiger);
    // Online with a clock of one's own: its rows show, and what is typed stays as typed.
    edit(&mut session, "setup-mode", "online", false);
    edit(&mut session, "setup-limit", "custom", false);
    edit(&mut session, "setup-clock-minutes", "0,", false);
    let view = session.controls().new_game.unwrap();
    assert!(view.rows.custom_clock && view.rows.watchers && !view.rows.level);
    assert_eq!(view.fields.clock_minutes, "0,", "half typed, not rewritten");
    // The deck loses the card chosen: it gives way to one still on.
    session.update(Event::Deck(deck::Switch::Card(Card::Tiger, false)));
    let view = session.controls().new_game.unwrap();
    assert_ne!(view.fields.cards[4], "tiger");
    // Closed (Cancel, Escape): nothing starts; opened again, afresh.
    let before = session.state().game().clone();
    session.update(Event::Intent(Intent::CloseNewGame));
    assert!(session.controls().new_game.is_none());
    assert_eq!(session.state().game(), &before);
    let effects = session.update(Event::Intent(Intent::StartNewGame));
    assert!(matches!(&effects[..], [Effect::Log(_)]), "no dialog to start from: {effects:?}");
    session.update(Event::Intent(Intent::OpenNewGame(NewGameOpens::Invite)));
    let view = session.controls().new_game.unwrap();
    assert_eq!((view.fields.mode.as_str(), view.fields.clock_minutes.as_str()), ("online", "5"));
}

#[test]
fn a_language_chosen_is_fetched_once_and_the_page_speaks_it_when_its_file_comes() {
    let (mut session, _) = common::open_in_english(START, Mode::PassAndPlay { turn_board: false });
    let persian = Settings { language: Lang::Fa, ..Settings::default() };
    let patch = onitama::ui::intent::SettingsPatch { language: Some(Lang::Fa), ..Default::default() };
    let effects = session.update(Event::Settings(patch));
    assert_eq!(
        effects.iter().filter(|e| **e == Effect::FetchTexts(TextsFile::Page(Lang::Fa))).count(),
        1,
        "{effects:?}"
    );
    assert_eq!(session.state().texts_needed(), [], "asked: needed no more");
    // Until its file comes, the page stays in English; chosen again, it is not asked twice.
    assert_eq!(session.state().lang(), Lang::En);
    let effects = session.update(Event::Settings(patch));
    assert!(!effects.contains(&Effect::FetchTexts(TextsFile::Page(Lang::Fa))), "{effects:?}");
    let file = Some(onitama::ui::text::texts_file(Lang::Fa));
    let effects = session.update(Event::Texts { file: TextsFile::Page(Lang::Fa), text: file });
    assert!(effects.contains(&Effect::SaveSettings(persian)), "{effects:?}");
    assert_eq!(session.state().lang(), Lang::Fa);
    // The board is said again, in Persian.
    let red = onitama::ui::text::color_name(&common::texts(Lang::Fa), Color::Red);
    assert!(effects.iter().any(|e| matches!(e, Effect::Announce(said) if said.contains(red))), "{effects:?}");
    // Chosen again later, nothing is fetched: the texts are in the model.
    let en = onitama::ui::intent::SettingsPatch { language: Some(Lang::En), ..Default::default() };
    session.update(Event::Settings(en));
    let effects = session.update(Event::Settings(patch));
    assert!(!effects.contains(&Effect::FetchTexts(TextsFile::Page(Lang::Fa))), "{effects:?}");
    assert_eq!(session.state().lang(), Lang::Fa);
}

#[test]
fn a_language_whose_file_cannot_be_had_leaves_the_page_in_its_language_and_may_be_asked_again() {
    let (mut session, _) = common::open_in_english(START, Mode::PassAndPlay { turn_board: false });
    let patch = onitama::ui::intent::SettingsPatch { language: Some(Lang::Fr), ..Default::default() };
    session.update(Event::Settings(patch));
    let effects = session.update(Event::Texts { file: TextsFile::Page(Lang::Fr), text: None });
    assert_eq!(session.state().lang(), Lang::En);
    assert_eq!(session.state().notice, Some(Notice::TextsUnavailable(Lang::Fr)));
    // Nothing changed to save: the chooser shows the view's language again.
    assert!(!effects.iter().any(|e| matches!(e, Effect::SaveSettings(_))), "{effects:?}");
    assert_eq!(session.controls().settings.language, "en");
    // A file of another build is refused the same way.
    session.update(Event::Settings(patch));
    session.update(Event::Texts { file: TextsFile::Page(Lang::Fr), text: Some("layout 0\n".into()) });
    assert_eq!(session.state().lang(), Lang::En);
    let effects = session.update(Event::Settings(patch));
    assert!(effects.contains(&Effect::FetchTexts(TextsFile::Page(Lang::Fr))), "asked again: {effects:?}");
}

#[test]
fn a_clock_of_ones_own_left_as_the_dialog_shows_it_starts_with_those_numbers() {
    use onitama::ui::new_game_form::{NewGameEdit, NewGameOpens};
    let mut session = session(START, vs_ai(Color::Red), Settings::default());
    session.update(Event::Intent(Intent::OpenNewGame(NewGameOpens::Invite)));
    let edit = NewGameEdit::read("setup-limit", "custom".to_string(), false).unwrap();
    session.update(Event::Intent(Intent::EditNewGame(edit)));
    // The dialog shows its own numbers: they are what Start reads.
    let view = session.controls().new_game.unwrap();
    assert_eq!((view.fields.clock_minutes.as_str(), view.fields.clock_increment.as_str()), ("5", "3"));
    // A clock that does not fit is refused in words, and the keyboard goes to its minutes.
    let too_short = NewGameEdit::read("setup-clock-minutes", "0.1".to_string(), false).unwrap();
    session.update(Event::Intent(Intent::EditNewGame(too_short)));
    let effects = session.update(Event::Intent(Intent::StartNewGame));
    assert!(effects.contains(&Effect::Focus(onitama::ui::session::Focus::OwnClockMinutes)), "{effects:?}");
    let refused = session.controls().new_game.and_then(|view| view.refused).expect("refused");
    assert!(refused.reason.contains("15 seconds"), "{refused:?}");
    let back = NewGameEdit::read("setup-clock-minutes", "5".to_string(), false).unwrap();
    session.update(Event::Intent(Intent::EditNewGame(back)));
    // Changed, the choice is another: the refusal of the last one goes.
    assert_eq!(session.controls().new_game.and_then(|view| view.refused), None);
    let effects = session.update(Event::Intent(Intent::StartNewGame));
    assert!(session.controls().new_game.is_none(), "started: {effects:?}");
}

#[test]
fn a_refusal_in_the_new_game_dialog_is_said_in_the_language_chosen_after_it() {
    use onitama::ui::new_game_form::{NewGameEdit, NewGameOpens};
    let mut session = session(START, vs_ai(Color::Red), Settings::default());
    session.update(Event::Intent(Intent::OpenNewGame(NewGameOpens::Invite)));
    for (id, value) in [("setup-limit", "custom"), ("setup-clock-minutes", "0.1")] {
        session.update(Event::Intent(Intent::EditNewGame(NewGameEdit::read(id, value.to_string(), false).unwrap())));
    }
    session.update(Event::Intent(Intent::StartNewGame));
    let refused = |session: &Session| session.controls().new_game.and_then(|view| view.refused).expect("refused");
    assert!(refused(&session).reason.contains("15 seconds"));
    let patch = onitama::ui::intent::SettingsPatch { language: Some(Lang::Fr), ..Default::default() };
    session.update(Event::Settings(patch));
    assert_eq!(session.state().lang(), Lang::Fr);
    let words = refused(&session);
    assert_eq!(words.reason, onitama::ui::text::page_text(&common::texts(Lang::Fr), "clock-bad", &[]));
    assert_eq!(words.times, 1, "said once: the language changed, not the refusal");
}

#[test]
fn a_clock_of_ones_own_typed_in_persian_or_arabic_digits_reads_as_the_same_numbers() {
    use onitama::ui::new_game_form::{NewGameEdit, NewGameOpens};
    for (minutes, increment) in [("۰٫۵", "۳"), ("٠٫٥", "٣"), ("۰,۵", "۳")] {
        let mut session = session(START, vs_ai(Color::Red), Settings::default());
        session.update(Event::Intent(Intent::OpenNewGame(NewGameOpens::Invite)));
        for (id, value) in
            [("setup-limit", "custom"), ("setup-clock-minutes", minutes), ("setup-clock-increment", increment)]
        {
            let edit = NewGameEdit::read(id, value.to_string(), false).unwrap();
            session.update(Event::Intent(Intent::EditNewGame(edit)));
        }
        let effects = session.update(Event::Intent(Intent::StartNewGame));
        let refused = session.controls().new_game.and_then(|view| view.refused);
        assert_eq!(refused, None, "{minutes} + {increment}: {effects:?}");
        let limit = effects.iter().find_map(|e| match e {
            Effect::Online(onitama::online::bridge::Command::Create(setup)) => Some(setup.limit),
            _ => None,
        });
        assert_eq!(limit.map(|l| l.to_string()), Some("30+3".to_string()), "{minutes} + {increment}: {effects:?}");
    }
}

#[test]
fn only_a_clock_that_does_not_fit_takes_the_keyboard_to_its_minutes() {
    use onitama::ui::new_game_form::{CARD_CHOOSERS, NewGameEdit, NewGameOpens};
    let mut session = session(START, vs_ai(Color::Red), Settings::default());
    session.update(Event::Intent(Intent::OpenNewGame(NewGameOpens::Invite)));
    let edit = |session: &mut Session, id: &str, value: &str, checked: bool| {
        let edit = NewGameEdit::read(id, value.to_string(), checked).unwrap();
        session.update(Event::Intent(Intent::EditNewGame(edit)));
    };
    edit(&mut session, "setup-limit", "custom", false);
    // The clock fits; a card chosen twice is what is refused.
    edit(&mut session, "setup-choose-cards", "", true);
    let first = session.controls().new_game.unwrap().fields.cards[0].clone();
    edit(&mut session, CARD_CHOOSERS[1], &first, false);
    let effects = session.update(Event::Intent(Intent::StartNewGame));
    assert!(session.controls().new_game.and_then(|view| view.refused).is_some(), "{effects:?}");
    let focus = onitama::ui::session::Focus::OwnClockMinutes;
    assert!(!effects.contains(&Effect::Focus(focus)), "the clock is not what is wrong: {effects:?}");
}

#[test]
fn the_menu_and_the_move_lists_sheet_are_open_as_the_model_has_them() {
    let mut session = session(START, vs_ai(Color::Red), Settings::default());
    session.update(Event::Intent(Intent::OpenMenu));
    assert!(session.controls().menu);
    // An act chosen in the menu closes it; a setting changed in it does not.
    let patch = onitama::ui::intent::SettingsPatch { sound: Some(false), ..Default::default() };
    session.update(Event::Settings(patch));
    assert!(session.controls().menu, "a setting leaves the menu open");
    session.update(Event::Intent(Intent::OpenRules));
    let view = session.controls();
    assert!(!view.menu && view.rules.is_some(), "the rules in the menu's place");
    session.update(Event::Intent(Intent::CloseRules));
    session.update(Event::Intent(Intent::OpenMenu));
    session.update(Event::Intent(Intent::CloseMenu));
    assert!(!session.controls().menu);
    // Closing the menu again (the browser tells the page it closed) changes nothing else.
    session.update(Event::Intent(Intent::OpenMoves));
    session.update(Event::Intent(Intent::CloseMenu));
    assert!(session.controls().moves_sheet, "the sheet stays");
    session.update(Event::Intent(Intent::CloseMoves));
    assert!(!session.controls().moves_sheet);
}
