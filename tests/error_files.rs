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
fn an_error_file_is_asked_for_once_and_a_missing_text_reads_empty() {
    use onitama::ui::error_text::ErrorFiles;
    let mut files = ErrorFiles::default();
    assert!(files.ready(Lang::En));
    assert!(!files.ready(Lang::Fa));
    assert_eq!(files.take_wanted(), Some(Lang::Fa));
    assert_eq!(files.take_wanted(), None);
    assert!(files.should_fetch(Lang::Fa));
    // On its way: wanted no more, not fetched twice.
    assert!(!files.ready(Lang::Fa));
    assert_eq!(files.take_wanted(), None);
    assert!(!files.should_fetch(Lang::Fa));
    files.install(Lang::Fa, Some(error_file(Lang::Fa)));
    assert!(files.ready(Lang::Fa));
    assert_eq!(files.template(Lang::Fa, "e1"), "کارت ناشناخته: {text}");
    assert_eq!(files.template(Lang::Fa, "e999"), "");
    // A file that never came: English for good, not asked again.
    assert!(files.should_fetch(Lang::Es));
    files.install(Lang::Es, None);
    assert!(!files.ready(Lang::Es));
    assert_eq!(files.take_wanted(), None);
    assert!(!files.should_fetch(Lang::Es));
}
