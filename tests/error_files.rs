//! The error texts in Persian, Spanish and French reach the page as `www/errors/<code>.txt`,
//! fetched when an error is to be shown in that language. The files are written from the Rust
//! table and must stay equal to it: `UPDATE_ERROR_FILES=1 cargo test --test error_files` rewrites
//! them after a text changes.

use onitama::ui::Lang;
use onitama::ui::error_text::error_file;
mod common;

#[test]
fn each_error_file_is_its_table() {
    for lang in [Lang::Fa, Lang::Es, Lang::Fr] {
        let file = common::file_is_its_table("errors", lang, &error_file(lang), "UPDATE_ERROR_FILES", "error_files");
        // One line a text, none empty, none with a line break of its own.
        let lines: Vec<&str> = file.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(lines.len(), 41, "{}", lang.code());
        assert!(lines.iter().all(|l| l.split_once('=').is_some_and(|(k, v)| k.starts_with('e') && !v.is_empty())));
    }
}

#[test]
fn an_error_file_is_installed_once_and_a_missing_text_reads_in_english() {
    use onitama::ui::error_text::position_error;
    use onitama::ui::text::{Languages, TextsFile};
    let error = "nonsense".parse::<onitama::rules::Position>().unwrap_err();
    let mut languages = Languages::default();
    languages.install_page(Lang::Fa, Some(onitama::ui::text::texts_file(Lang::Fa)));
    assert!(languages.has_errors(Lang::En) && !languages.has_errors(Lang::Fa));
    // Before its file, English; once asked, it stays asked until it comes.
    assert_eq!(position_error(&languages.texts(Lang::Fa), &error), error.to_string());
    languages.ask(TextsFile::Errors(Lang::Fa));
    assert!(languages.asked(TextsFile::Errors(Lang::Fa)));
    languages.install_errors(Lang::Fa, Some(error_file(Lang::Fa)));
    assert!(languages.has_errors(Lang::Fa) && !languages.asked(TextsFile::Errors(Lang::Fa)));
    assert_ne!(position_error(&languages.texts(Lang::Fa), &error), error.to_string());
    // A file that never came: English for good, not asked again.
    languages.ask(TextsFile::Errors(Lang::Es));
    languages.install_errors(Lang::Es, None);
    assert!(!languages.has_errors(Lang::Es) && languages.asked(TextsFile::Errors(Lang::Es)));
    // A file of another build, without the text: English.
    languages.install_page(Lang::Fr, Some(onitama::ui::text::texts_file(Lang::Fr)));
    languages.install_errors(Lang::Fr, Some("# nothing\n".to_string()));
    assert_eq!(position_error(&languages.texts(Lang::Fr), &error), error.to_string());
}
