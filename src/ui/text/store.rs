//! The languages whose texts the page has: English built in, the others installed from their
//! file (natively all four are built in).

use super::en::EN;
use super::texts::{Texts, fnv};
#[cfg(not(target_arch = "wasm32"))]
use super::{es::ES, fa::FA, fr::FR};
use onitama_core::lang::Lang;

/// A language's texts.
pub trait LangTexts {
    fn texts(self) -> &'static Texts;
}

impl LangTexts for Lang {
    /// The language's texts; on the page, English until the language's file is installed.
    fn texts(self) -> &'static Texts {
        match self {
            Lang::En => &EN,
            _ => FETCHED
                .with_borrow(|fetched| fetched.iter().find(|(lang, _)| *lang == self).map(|(_, texts)| *texts))
                .unwrap_or_else(|| built_in(self)),
        }
    }
}

/// The texts compiled in: all four natively, only English on the page (the others come as
/// `www/texts/<code>.txt`, about 7 KB less to download on a first visit).
#[cfg(not(target_arch = "wasm32"))]
fn built_in(lang: Lang) -> &'static Texts {
    match lang {
        Lang::En => &EN,
        Lang::Fa => &FA,
        Lang::Es => &ES,
        Lang::Fr => &FR,
    }
}

#[cfg(target_arch = "wasm32")]
fn built_in(_: Lang) -> &'static Texts {
    &EN
}

thread_local! {
    /// The languages whose file has been installed (each at most once: they live as long as the page).
    static FETCHED: std::cell::RefCell<Vec<(Lang, &'static Texts)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Whether `lang`'s texts are at hand (on the page: English, or a language whose file came).
pub fn at_hand(lang: Lang) -> bool {
    cfg!(not(target_arch = "wasm32")) || lang == Lang::En || FETCHED.with_borrow(|f| f.iter().any(|(l, _)| *l == lang))
}

/// Installs `lang`'s texts from its file (`texts_file` wrote it); a file cut short, or written
/// for other texts (another build's), is not installed.
pub fn install(lang: Lang, file: String) {
    if lang == Lang::En || FETCHED.with_borrow(|f| f.iter().any(|(l, _)| *l == lang)) {
        return;
    }
    if let Some(texts) = Texts::read(file.leak(), &EN, layout()) {
        let texts: &'static Texts = Box::leak(Box::new(texts));
        FETCHED.with_borrow_mut(|fetched| fetched.push((lang, texts)));
    }
}

/// The file of `lang`'s texts, as the page fetches it (`www/texts/<code>.txt`).
#[cfg(not(target_arch = "wasm32"))]
pub fn texts_file(lang: Lang) -> String {
    file_of(lang.texts())
}

/// A texts file read as the page reads it, and written again (for the test that keeps the
/// files whole).
#[cfg(not(target_arch = "wasm32"))]
pub fn reread_texts_file(file: String) -> Option<String> {
    Texts::read(file.leak(), &EN, layout()).map(|texts| file_of(&texts))
}

#[cfg(not(target_arch = "wasm32"))]
fn file_of(texts: &Texts) -> String {
    let mut file =
        String::from("# Written from src/ui/text/ by tests/texts_files.rs: edit the Rust table, not this file.\n");
    for line in texts.lines(&EN, layout()) {
        file.push_str(&line);
        file.push('\n');
    }
    file
}

/// The texts files' layout: the names of `Texts` and the keys of the fixed texts, in order.
fn layout() -> u64 {
    EN.html_keys().fold(super::texts::FIELDS, |hash, key| fnv(fnv(hash, key.as_bytes()), b"\0"))
}

#[cfg(not(target_arch = "wasm32"))]
pub fn rules_file(lang: Lang) -> String {
    let mut file =
        String::from("# Written from src/ui/text/ by tests/rules_files.rs: edit the Rust table, not this file.\n");
    for paragraph in lang.texts().rules {
        file.push_str(paragraph);
        file.push('\n');
    }
    file
}
