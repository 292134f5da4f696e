//! The page has only its English texts built in: Persian, Spanish and French reach it as
//! `www/texts/<code>.txt`, fetched before the page shows itself in that language. The files are
//! written from the Rust table and must stay equal to it: `UPDATE_TEXTS_FILES=1 cargo test --test
//! texts_files` rewrites them after a text changes.

use onitama::ui::Lang;
use onitama::ui::text::{reread_texts_file, texts_file};
mod common;

#[test]
fn each_texts_file_is_its_table() {
    for lang in [Lang::Fa, Lang::Es, Lang::Fr] {
        common::file_is_its_table("texts", lang, &texts_file(lang), "UPDATE_TEXTS_FILES", "texts_files");
    }
}

#[test]
fn a_texts_file_reads_back_as_the_texts_it_was_written_from() {
    let english = texts_file(Lang::En);
    for lang in [Lang::Fa, Lang::Es, Lang::Fr] {
        let file = texts_file(lang);
        assert_eq!(reread_texts_file(file.clone()).as_deref(), Some(file.as_str()), "{}", lang.code());
        // One text a line, as many as English has; none empty, none taken for a comment.
        let texts = |file: &str| file.lines().filter(|l| !l.starts_with('#')).count();
        assert_eq!(texts(&file), texts(&english), "{}", lang.code());
        assert!(file.lines().skip(1).all(|l| !l.is_empty()), "{}", lang.code());
        assert_ne!(file, english);
    }
}

#[test]
fn a_texts_file_cut_short_or_written_for_other_texts_is_refused() {
    let french = texts_file(Lang::Fr);
    let lines: Vec<&str> = french.lines().collect();
    let cut = lines[..lines.len() - 1].join("\n");
    assert_eq!(reread_texts_file(cut), None, "one text short");
    // Another build's file: its layout line names other texts.
    let other = french.replacen("layout ", "layout 0", 1);
    assert_eq!(reread_texts_file(other), None);
    assert_eq!(reread_texts_file(String::new()), None);
    // Lines beyond the last text change nothing.
    assert_eq!(reread_texts_file(format!("{french}extra\n")).as_deref(), Some(french.as_str()));
}
