//! The rules' paragraphs reach the page as `www/rules/<code>.txt`, fetched when the rules are
//! opened, so the page's download does not carry them in four languages. The files are written
//! from the Rust tables and must stay equal to them: `UPDATE_RULES_FILES=1 cargo test --test
//! rules_files` rewrites them after a text changes.

use onitama::ui::Lang;
use onitama::ui::text::{rules_file, rules_paragraphs, rules_text};
mod common;

#[test]
fn each_rules_file_is_its_table() {
    for lang in Lang::ALL {
        let file = common::file_is_its_table("rules", lang, &rules_file(lang), "UPDATE_RULES_FILES", "rules_files");
        let paragraphs: Vec<&str> = rules_paragraphs(&file).collect();
        assert_eq!(paragraphs, onitama::ui::text::built_in(lang).rules, "{}", lang.code());
        assert_eq!(rules_text(&common::texts(lang), Some(&file)), paragraphs, "the dialog shows them");
    }
}

#[test]
fn rules_that_could_not_be_had_are_one_sentence_in_the_players_language() {
    let fr = rules_text(&common::texts(Lang::Fr), None);
    assert_eq!(fr.len(), 1);
    assert_ne!(fr, rules_text(&common::texts(Lang::En), None), "{fr:?}");
    assert!(!fr[0].is_empty() && !fr[0].contains('{'), "{fr:?}");
}
