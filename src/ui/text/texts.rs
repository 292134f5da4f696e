//! What a language's texts are (`Texts`), and how they are written to their file and read back.

use crate::mode::AiLevel;
use crate::rules::Card;
use onitama_lang::Lang;

pub const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

pub const fn fnv(mut hash: u64, bytes: &[u8]) -> u64 {
    let mut i = 0;
    while i < bytes.len() {
        hash = (hash ^ bytes[i] as u64).wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

/// Defines `Texts` from its lists of names and its single texts, with the page's fixed texts
/// (`html`) and the rules' paragraphs; and how a language's texts are written to their file and
/// read back from it (the page has only English built in: see `store`).
macro_rules! texts {
    (
        lists { $($(#[$list_doc:meta])* $list_vis:vis $list:ident: $len:expr),* $(,)? }
        texts { $($(#[$text_doc:meta])* $text_vis:vis $text:ident),* $(,)? }
    ) => {
        /// A language's texts, borrowed from its table or from its file where the page's model
        /// keeps it (`store::Languages`).
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Texts<'a> {
            pub lang: Lang,
            $($(#[$list_doc])* pub $list: [&'a str; $len],)*
            /// The single texts, in the order of `Singles`' fields: read each by its name
            /// (`to_move()`). One array rather than a field each, so that reading a file is
            /// one loop (less code in the wasm).
            pub singles: [&'a str; SINGLES],
            /// The page's fixed texts, by the `data-text` key of their element, as [`pairs!`]
            /// packs them.
            pub html: &'a str,
            /// The language's error texts file (`www/errors/<code>.txt`), empty until it came:
            /// its errors are written in English meanwhile (`error_text`).
            pub errors: &'a str,
            /// The rules' paragraphs reach the page as `www/rules/<code>.txt`, fetched when the
            /// rules are opened (`rules_file` writes them; a test keeps them equal).
            #[cfg(not(target_arch = "wasm32"))]
            pub rules: &'a [&'a str],
        }

        /// The single texts by name, as the tables write them.
        pub struct Singles<'a> {
            $($(#[$text_doc])* pub $text: &'a str,)*
        }

        impl<'a> Singles<'a> {
            pub const fn array(self) -> [&'a str; SINGLES] {
                [$(self.$text),*]
            }
        }

        #[allow(non_camel_case_types)]
        enum Single {
            $($text),*
        }

        const SINGLES: usize = [$(stringify!($text)),*].len();

        impl<'a> Texts<'a> {
            $($(#[$text_doc])* #[inline]
            pub fn $text(&self) -> &'a str {
                self.singles[Single::$text as usize]
            })*
        }

        /// How many texts the lists and the single texts hold: the file's lines before the
        /// fixed texts'.
        pub const SLOTS: usize = 0 $(+ $len)* + SINGLES;

        /// What the texts' file's lines stand for, as a hash of the names in order: a file
        /// written for other texts (another build's) does not match.
        pub const FIELDS: u64 = {
            let mut hash = FNV_OFFSET;
            $(hash = fnv(hash, stringify!($list).as_bytes());)*
            $(hash = fnv(hash, stringify!($text).as_bytes());)*
            hash
        };

        impl<'a> Texts<'a> {
            /// The lines of the texts' file, one text a line in a fixed order: each list's names,
            /// the single texts, then the fixed texts in the order of `base`'s keys.
            #[cfg(not(target_arch = "wasm32"))]
            pub fn lines(&self, base: &Texts, layout: u64) -> Vec<String> {
                let mut lines = vec![format!("layout {layout:016x}")];
                $(lines.extend(self.$list.iter().map(|text| text.to_string()));)*
                lines.extend(self.singles.iter().map(|text| text.to_string()));
                lines.extend(base.html_keys().map(|key| self.html(key).unwrap_or_default().to_string()));
                lines
            }

            /// Puts the texts a file holds in place of these, as `lang`'s, and gives the lines
            /// left (the fixed texts'); none if the file is cut short (some texts may then be
            /// replaced). Its layout is not checked: `store` checks it once, as the file comes.
            /// In place, not a new `Texts`: copies of so large a value cost the wasm much code.
            pub fn read(&mut self, lang: Lang, file: &'a str) -> Option<impl Iterator<Item = &'a str> + use<'a>> {
                let mut lines = file.lines().filter(|line| !line.starts_with('#')).skip(1);
                self.lang = lang;
                for list in [$(&mut self.$list[..],)* &mut self.singles[..]] {
                    for slot in list {
                        *slot = lines.next()?;
                    }
                }
                Some(lines)
            }
        }
    };
}

texts! {
    lists {
        /// Red, Blue.
        pub colors: 2,
        /// In the order of `Card::ALL`.
        pub cards: Card::COUNT,
        /// In the order of `Level::ALL`.
        pub levels: AiLevel::COUNT,
        stamp_colors: 2,
    }
    texts {
        to_move,
        your_move,
        must_pass,
        choose_card,
        who_starts,
        win_stone,
        win_stream,
        draw,
        save_unreadable,
        link_broken,
        record_broken,
        ai_failed,
        you_win_stone,
        you_win_stream,
        ai_wins_stone,
        ai_wins_stream,
        mode_ai,
        mode_two,
        mode_watch,
        level,
        duplicate_card,
        move_pass,
        viewing,
        you_win_short,
        ai_wins_short,
        wins_short,
        draw_short,
        ai_label,
        ai_thinking,
        eval_even,
        eval_lead,
        eval_win,
        announce_step,
        announce_capture,
        announce_pass,
        describe_side,
        no_students,
        describe_cards,
        and,
        /// The rules page's title and the heading over the cards (its paragraphs are
        /// `rules`, below).
        pub rules_title,
        pub rules_cards,
    }
}

impl<'a> Texts<'a> {
    /// The fixed texts' keys, in order.
    pub fn html_keys(&self) -> impl Iterator<Item = &'a str> {
        self.html.split('\0').step_by(2).filter(|key| !key.is_empty())
    }

    pub fn html(&self, key: &str) -> Option<&'a str> {
        let mut parts = self.html.split('\0');
        while let (Some(k), Some(text)) = (parts.next(), parts.next()) {
            if k == key {
                return Some(text);
            }
        }
        None
    }
}
