//! The tutorial's texts reach the page as `www/tutorial/<code>.txt`, fetched when the tutorial
//! starts, so the page's first download does not carry them. The files are written from the Rust
//! table and must stay equal to it: `UPDATE_TUTORIAL_FILES=1 cargo test --test tutorial_files`
//! rewrites them after a text changes.

use onitama::ui::Lang;
use onitama::ui::tutorial::{STEPS, TEXTS, TutorialRun, line, tutorial_file};
mod common;

#[test]
fn each_tutorial_file_is_its_table() {
    for lang in Lang::ALL {
        let file = common::file_is_its_table(
            "tutorial",
            lang,
            &tutorial_file(lang),
            "UPDATE_TUTORIAL_FILES",
            "tutorial_files",
        );
        // Every step has its title, task and lesson, none empty, each on one line.
        for step in &STEPS {
            for part in ["-title", "-task", "-done"] {
                let key = [step.key, part].concat();
                assert!(!line(&file, &key).is_empty(), "{} lacks {key}", lang.code());
            }
        }
        assert!(!line(&file, "wrong").is_empty());
        assert_eq!(file.lines().filter(|l| !l.starts_with('#')).count(), TEXTS.len());
    }
}

#[test]
fn the_blanks_are_the_same_in_every_language() {
    // A text's blanks ({card}, {side}…) are filled from the step: each translation names the same.
    let blanks = |text: &str| {
        let mut names: Vec<String> =
            text.split('{').skip(1).filter_map(|piece| Some(piece.split_once('}')?.0.to_string())).collect();
        names.sort();
        names
    };
    for (key, texts) in TEXTS {
        for text in &texts[1..] {
            assert_eq!(blanks(text), blanks(texts[0]), "{key}: {text}");
        }
    }
}

#[test]
fn french_keeps_its_marks_with_the_words_before_them_and_persian_writes_no_latin_digits() {
    let french = tutorial_file(Lang::Fr);
    for text in french.lines().filter(|l| !l.starts_with('#')) {
        for bad in [" :", " ;", " !", " ?", "« ", " »"] {
            assert!(!text.contains(bad), "{bad:?} in {text:?}");
        }
    }
    // Persian, as the panel says it (blanks filled, the step's number in Persian digits).
    let persian = tutorial_file(Lang::Fa);
    for step in 0..STEPS.len() {
        for (done, wrong) in [(false, false), (false, true), (true, false)] {
            let run = TutorialRun { done, wrong, ..TutorialRun::new(step) };
            for text in [run.title(&common::texts(Lang::Fa), &persian), run.text(&common::texts(Lang::Fa), &persian)] {
                assert!(!text.chars().any(|c| c.is_ascii_digit() || c.is_ascii_alphabetic()), "{text}");
                assert!(!text.contains('{'), "a blank left unfilled: {text}");
            }
        }
    }
}

#[test]
fn the_tutorial_names_the_two_ways_of_winning_as_the_result_and_the_rules_do() {
    use onitama::rules::{Color, Outcome, Way};
    use onitama::ui::text::{outcome, rules_file};
    for lang in Lang::ALL {
        let file = tutorial_file(lang);
        let rules = rules_file(lang).to_lowercase();
        for (way, key) in [(Way::Stone, "stone"), (Way::Stream, "stream")] {
            // The step's title is the way's name ("The Way of the Stream"); its lesson says it too.
            let name = line(&file, &[key, "-title"].concat()).to_lowercase();
            let result = outcome(&common::texts(lang), Outcome::Win { winner: Color::Red, way });
            assert!(
                result.to_lowercase().contains(&name),
                "{}: the result says {result:?}, the tutorial {name:?}",
                lang.code()
            );
            assert!(rules.contains(&name), "{}: the rules do not name {name:?}", lang.code());
            let lesson = line(&file, &[key, "-done"].concat());
            assert!(lesson.to_lowercase().contains(&name), "{}: {lesson:?} does not name {name:?}", lang.code());
        }
    }
}
