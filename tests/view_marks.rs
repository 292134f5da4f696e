//! The review's marks stay readable: on the graph a mark at the position shown is drawn over the
//! position's marker (and the stylesheet makes that marker a translucent band), and in the move
//! list a move's capture and winning signs never break away from it.

use onitama::rules::Game;
use onitama::ui::settings::Settings;
use onitama::ui::view::{self, GraphMark, ReviewGraph};
use onitama::ui::{Lang, Mode};

mod common;
use common::Motion;

#[test]
fn a_mark_at_the_position_shown_is_drawn_over_its_marker() {
    let graph = ReviewGraph {
        line: "M0 50L500 90L1000 100".to_string(),
        marks: vec![GraphMark { class: "blunder", x: 500 }, GraphMark { class: "mistake", x: 1000 }],
        now: 500,
    };
    let svg = graph.svg();
    let now = svg.find(r#"class="now""#).expect("the position's marker");
    for class in ["blunder", "mistake"] {
        let mark = svg.find(&format!(r#"class="{class}""#)).expect("the mark");
        assert!(mark > now, "the {class} mark comes after (over) the marker: {svg}");
    }
    // The area and the line lie under both.
    assert!(svg.find(r#"class="line""#).unwrap() < now);
}

#[test]
fn the_stylesheet_draws_the_marker_as_a_translucent_band_under_the_marks() {
    let css = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/www/style.css")).unwrap();
    let rule = css.lines().find(|l| l.starts_with("#review-graph .now")).expect("the marker's rule");
    assert!(rule.contains("stroke-opacity: 0.45"), "{rule}");
}

#[test]
fn a_capture_and_a_win_stay_with_their_move_in_the_list() {
    // Red takes Blue's master: a capture that wins.
    let record = "start 5/5/2B2/2R2/5 crab,boar horse,elephant ox r\nmoves crab:c2c3\n";
    let game = Game::from_record(record).unwrap();
    for lang in Lang::ALL {
        let settings = Settings { language: lang, ..Settings::default() };
        let (session, _) =
            common::open_game(game.clone(), Mode::PassAndPlay { turn_board: false }, settings, Motion::Reduced);
        let rows = view::controls(session.state()).moves;
        let text = &rows[0].text;
        assert!(text.ends_with("\u{a0}×\u{a0}★"), "{lang:?}: {text:?}");
    }
}
