//! The languages the game speaks. One home for the page and for online play: each keeps its own
//! texts, keyed by this. A crate of its own, so that neither reaches it through the rules core.

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    #[default]
    En,
    Fa,
    Es,
    Fr,
}

impl Lang {
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Fa, Lang::Es, Lang::Fr];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fa => "fa",
            Lang::Es => "es",
            Lang::Fr => "fr",
        }
    }

    /// The language of a code such as "fa" or a browser's "fr-CA"; `None` for one we do not speak.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next().unwrap_or_default().to_ascii_lowercase();
        Lang::ALL.into_iter().find(|lang| lang.code() == primary)
    }

    /// The language's own name, for the chooser.
    pub fn name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fa => "فارسی",
            Lang::Es => "Español",
            Lang::Fr => "Français",
        }
    }

    pub fn is_rtl(self) -> bool {
        self == Lang::Fa
    }

    /// `text` with its digits written as the language writes them (Persian's own in Persian).
    pub fn digits(self, text: &str) -> String {
        if self != Lang::Fa {
            return text.to_string();
        }
        // The Persian digits follow each other from '۰' as the ASCII ones do from '0'.
        let persian = |c: char| char::from_u32('۰' as u32 + (c as u32 - '0' as u32)).unwrap_or(c);
        text.chars().map(|c| if c.is_ascii_digit() { persian(c) } else { c }).collect()
    }
}

/// `text` with Persian and Arabic-Indic digits read as ASCII ones, and the Arabic decimal
/// separator as a point: what a Persian keyboard types into a number field.
pub fn ascii_digits(text: &str) -> String {
    let ascii = |c: char, zero: char| char::from_u32('0' as u32 + (c as u32 - zero as u32)).unwrap_or(c);
    text.chars()
        .map(|c| match c {
            '۰'..='۹' => ascii(c, '۰'),
            '٠'..='٩' => ascii(c, '٠'),
            '٫' => '.',
            _ => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Lang, ascii_digits};

    #[test]
    fn a_code_reads_back_as_its_language_and_a_region_is_ignored() {
        for lang in Lang::ALL {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
        assert_eq!(Lang::from_code("fr-CA"), Some(Lang::Fr));
        assert_eq!(Lang::from_code("FA_ir"), Some(Lang::Fa));
        assert_eq!(Lang::from_code("de"), None);
        assert_eq!(Lang::from_code(""), None);
    }

    #[test]
    fn persian_and_arabic_digits_read_back_as_ascii_ones() {
        assert_eq!(ascii_digits(&Lang::Fa.digits("0123456789")), "0123456789");
        assert_eq!(ascii_digits("٠١٢٣٤٥٦٧٨٩ ۲٫۵ a1"), "0123456789 2.5 a1");
    }

    #[test]
    fn only_persian_writes_its_own_digits() {
        assert_eq!(Lang::Fa.digits("3–10 · a5"), "۳–۱۰ · a۵");
        for lang in [Lang::En, Lang::Es, Lang::Fr] {
            assert_eq!(lang.digits("3–10 · a5"), "3–10 · a5");
        }
    }
}
