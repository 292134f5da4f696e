//! The page has only its English texts built in: Persian, Spanish and French reach it as
//! `www/texts/<code>.txt`, fetched before the page shows itself in that language. The files are
//! written from the Rust table and must stay equal to it: `UPDATE_TEXTS_FILES=1 cargo test --test
//! texts_files` rewrites them after a text changes.

use onitama::ui::Lang;
use onitama::ui::text::{reread_texts_file, texts_file};
use std::path::PathBuf;

#[test]
fn each_texts_file_is_its_table() {
    for lang in [Lang::Fa, Lang::Es, Lang::Fr] {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("www/texts/{}.txt", lang.code()));
        let written = texts_file(lang);
        if std::env::var_os("UPDATE_TEXTS_FILES").is_some() {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &written).unwrap();
        }
        let file = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            file == written,
            "{} differs from the table: run UPDATE_TEXTS_FILES=1 cargo test --test texts_files",
            path.display()
        );
    }
}

#[test]
fn a_texts_file_reads_back_as_the_texts_it_was_written_from() {
    let english = texts_file(Lang::En);
    for lang in [Lang::Fa, Lang::Es, Lang::Fr] {
        let file = texts_file(lang);
        assert_eq!(reread_texts_file(file.clone()), file, "{}", lang.code());
        // Every text of the English file has its line, under the same name, in the same order.
        let names = |file: &str| -> Vec<String> {
            file.lines().filter(|l| !l.starts_with('#')).map(|l| l.split_once('=').unwrap().0.to_string()).collect()
        };
        assert_eq!(names(&file), names(&english), "{}", lang.code());
        assert!(file.lines().filter(|l| !l.starts_with('#')).all(|l| !l.split_once('=').unwrap().1.is_empty()));
    }
}

#[test]
fn a_texts_file_short_of_lines_keeps_english_where_it_lacks_one() {
    let french = texts_file(Lang::Fr);
    let cut: String = french.lines().filter(|l| !l.starts_with("to_move=")).map(|l| format!("{l}\n")).collect();
    let reread = reread_texts_file(cut);
    let english_line = texts_file(Lang::En).lines().find(|l| l.starts_with("to_move=")).unwrap().to_string();
    assert!(reread.lines().any(|l| l == english_line), "the missing text is English");
    // The rest is still French.
    let other = french.lines().find(|l| l.starts_with("your_move=")).unwrap();
    assert!(reread.lines().any(|l| l == other));
    // A line of nonsense changes nothing.
    assert_eq!(reread_texts_file(format!("{french}nonsense\ncards=extra\n=\n")), french);
}
