//! The languages whose texts the page has, as part of its model (`Page::texts`): English built
//! in, the others' page texts, error texts and tutorial texts installed from their files as they
//! come, natively as in the browser. Which files the page still needs is derived from the model
//! (`State::texts_needed`) and asked for by the session's effects.

use super::en::EN;
use super::texts::{Texts, fnv};
#[cfg(not(target_arch = "wasm32"))]
use super::{es::ES, fa::FA, fr::FR};
use onitama_lang::Lang;

/// A file of texts the page fetches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextsFile {
    /// A language's page texts (`www/texts/<code>.txt`).
    Page(Lang),
    /// A language's error texts (`www/errors/<code>.txt`).
    Errors(Lang),
    /// A language's tutorial texts (`www/tutorial/<code>.txt`).
    Tutorial(Lang),
    /// A language's rules (`www/rules/<code>.txt`), the Rules dialog's paragraphs.
    Rules(Lang),
}

impl TextsFile {
    /// Where the file is, beside the page.
    pub fn path(self) -> String {
        let (folder, lang) = match self {
            TextsFile::Page(lang) => ("texts", lang),
            TextsFile::Errors(lang) => ("errors", lang),
            TextsFile::Tutorial(lang) => ("tutorial", lang),
            TextsFile::Rules(lang) => ("rules", lang),
        };
        format!("{folder}/{}.txt", lang.code())
    }
}

/// A language's page texts as its file came, with its fixed texts packed as `pairs!` packs them.
#[derive(Clone, Debug, PartialEq)]
struct PageFile {
    lang: Lang,
    file: Box<str>,
    html: Box<str>,
}

/// The texts the page has, and which files it has asked for.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Languages {
    pages: Vec<PageFile>,
    errors: Vec<(Lang, Box<str>)>,
    /// The tutorial's texts by language, as they came (none: that language's file failed, and
    /// the tutorial says so).
    tutorials: Vec<(Lang, Option<Box<str>>)>,
    /// The rules by language, as they came (none: that language's file failed, and the Rules
    /// dialog says so).
    rules: Vec<(Lang, Option<Box<str>>)>,
    /// Files asked for that have not come: a page texts file until it comes or fails (it may be
    /// asked again), an error texts file for good (its errors stay in English).
    asked: Vec<TextsFile>,
    /// A language chosen whose page texts are not here yet: the page changes to it once they come.
    pub chosen: Option<Lang>,
}

impl Languages {
    /// `lang`'s texts: English until its page texts have come.
    pub fn texts(&self, lang: Lang) -> Texts<'_> {
        let mut texts = EN;
        if let Some(page) = self.pages.iter().find(|page| page.lang == lang)
            && texts.read(lang, &page.file).is_some()
        {
            texts.html = &page.html;
        }
        texts.errors = self.errors.iter().find(|(l, _)| *l == lang).map_or("", |(_, file)| file);
        texts
    }

    /// Whether `lang`'s page texts are here.
    pub fn has_page(&self, lang: Lang) -> bool {
        lang == Lang::En || self.pages.iter().any(|page| page.lang == lang)
    }

    /// Whether `lang`'s errors can be written in it.
    pub fn has_errors(&self, lang: Lang) -> bool {
        lang == Lang::En || self.errors.iter().any(|(l, _)| *l == lang)
    }

    /// The tutorial's texts in `lang`: `Some(None)` if they could not be had, `None` while they
    /// have not come.
    pub fn tutorial(&self, lang: Lang) -> Option<Option<&str>> {
        self.tutorials.iter().find(|(l, _)| *l == lang).map(|(_, file)| file.as_deref())
    }

    /// The rules in `lang`: `Some(None)` if they could not be had, `None` while they have not come.
    pub fn rules(&self, lang: Lang) -> Option<Option<&str>> {
        self.rules.iter().find(|(l, _)| *l == lang).map(|(_, file)| file.as_deref())
    }

    /// Whether `file` has been asked for and has not come.
    pub fn asked(&self, file: TextsFile) -> bool {
        self.asked.contains(&file)
    }

    /// Notes that `file` is asked for.
    pub fn ask(&mut self, file: TextsFile) {
        if !self.asked(file) {
            self.asked.push(file);
        }
    }

    /// Installs `lang`'s page texts from their file (`texts_file` wrote it), or notes that they
    /// could not be had; a file cut short, or written for other texts (another build's), is not
    /// installed. Returns whether they are here.
    pub fn install_page(&mut self, lang: Lang, file: Option<String>) -> bool {
        self.asked.retain(|&asked| asked != TextsFile::Page(lang));
        if let Some(file) = file.filter(|_| !self.has_page(lang))
            && let Some(html) = html_of(&file)
        {
            self.pages.push(PageFile { lang, file: file.into(), html: html.into() });
        }
        self.has_page(lang)
    }

    /// Keeps `lang`'s tutorial texts, or notes that they could not be had (it is not asked for
    /// again: the tutorial's panel says so).
    pub fn install_tutorial(&mut self, lang: Lang, file: Option<String>) {
        self.asked.retain(|&asked| asked != TextsFile::Tutorial(lang));
        if self.tutorial(lang).is_none() {
            self.tutorials.push((lang, file.map(String::into_boxed_str)));
        }
    }

    /// Keeps `lang`'s rules, or notes that they could not be had (they are asked for again the
    /// next time the dialog opens: the player may be back online).
    pub fn install_rules(&mut self, lang: Lang, file: Option<String>) {
        self.asked.retain(|&asked| asked != TextsFile::Rules(lang));
        if self.rules(lang).is_none() {
            self.rules.push((lang, file.map(String::into_boxed_str)));
        }
    }

    /// Forgets that `lang`'s rules could not be had, so that they are asked for again.
    pub fn retry_rules(&mut self, lang: Lang) {
        self.rules.retain(|(l, kept)| *l != lang || kept.is_some());
    }

    /// Installs `lang`'s error texts from their file (`error_text::error_file` wrote it); none if
    /// it could not be had (it is not asked for again).
    pub fn install_errors(&mut self, lang: Lang, file: Option<String>) {
        if let Some(file) = file.filter(|_| !self.has_errors(lang)) {
            self.asked.retain(|&asked| asked != TextsFile::Errors(lang));
            self.errors.push((lang, file.into()));
        }
    }
}

/// The fixed texts of a page texts file, packed; none if the file is not whole or was written
/// for other texts (another build's).
fn html_of(file: &str) -> Option<String> {
    let mut lines = file.lines().filter(|line| !line.starts_with('#'));
    if lines.next()? != format!("layout {:016x}", layout()) {
        return None;
    }
    let mut lines = lines.skip(super::texts::SLOTS);
    let mut html = String::new();
    for key in EN.html_keys() {
        html.extend([key, "\0", lines.next()?, "\0"]);
    }
    Some(html)
}

/// The texts files' layout: the names of `Texts` and the keys of the fixed texts, in order.
fn layout() -> u64 {
    EN.html_keys().fold(super::texts::FIELDS, |hash, key| fnv(fnv(hash, key.as_bytes()), b"\0"))
}

/// The texts compiled in: all four natively (to write their files, and for tests), only English
/// on the page (the others come as `www/texts/<code>.txt`, about 7 KB less to download on a
/// first visit).
#[cfg(not(target_arch = "wasm32"))]
pub fn built_in(lang: Lang) -> &'static Texts<'static> {
    match lang {
        Lang::En => &EN,
        Lang::Fa => &FA,
        Lang::Es => &ES,
        Lang::Fr => &FR,
    }
}

/// The file of `lang`'s texts, as the page fetches it (`www/texts/<code>.txt`).
#[cfg(not(target_arch = "wasm32"))]
pub fn texts_file(lang: Lang) -> String {
    file_of(built_in(lang))
}

/// A texts file read as the page reads it, and written again (for the test that keeps the
/// files whole).
#[cfg(not(target_arch = "wasm32"))]
pub fn reread_texts_file(file: String) -> Option<String> {
    let html = html_of(&file)?;
    let mut texts = EN;
    let _ = texts.read(Lang::Fr, &file)?;
    Some(file_of(&Texts { html: &html, ..texts }))
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

/// The file of the rules' paragraphs in `lang` (`www/rules/<code>.txt`): one paragraph a line.
#[cfg(not(target_arch = "wasm32"))]
pub fn rules_file(lang: Lang) -> String {
    let mut file =
        String::from("# Written from src/ui/text/ by tests/rules_files.rs: edit the Rust table, not this file.\n");
    for paragraph in built_in(lang).rules {
        file.push_str(paragraph);
        file.push('\n');
    }
    file
}
