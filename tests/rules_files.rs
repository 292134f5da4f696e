//! The rules' paragraphs reach the page as `www/rules/<code>.txt`, fetched when the rules are
//! opened, so the page's download does not carry them in four languages. The files are written
//! from the Rust tables and must stay equal to them: `UPDATE_RULES_FILES=1 cargo test --test
//! rules_files` rewrites them after a text changes.

use onitama::ui::Lang;
use onitama::ui::text::{rules_file, rules_paragraphs};
use std::path::PathBuf;

#[test]
fn each_rules_file_is_its_table() {
    for lang in Lang::ALL {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("www/rules/{}.txt", lang.code()));
        let written = rules_file(lang);
        if std::env::var_os("UPDATE_RULES_FILES").is_some() {
            std::fs::write(&path, &written).unwrap();
        }
        let file = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            file == written,
            "{} differs from the table: run UPDATE_RULES_FILES=1 cargo test --test rules_files",
            path.display()
        );
        let paragraphs: Vec<&str> = rules_paragraphs(&file).collect();
        assert_eq!(paragraphs, lang.texts().rules, "{}", lang.code());
    }
}
