//! Every text the page shows, for each language, in one place: English, Persian (right to left,
//! Persian digits), Spanish and French. Templates name their blanks: `{color}`, `{card}`, `{n}`…

use crate::ai::Score;
use crate::ai::review::MoveClass;
use crate::mode::{AiLevel, Mode};
use crate::rules::{Card, Color, Move, Outcome, Pack, Position, Way};

pub use onitama_lang::Lang;

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
    if let Some(texts) = Texts::read(file.leak(), &EN) {
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
    Texts::read(file.leak(), &EN).map(|texts| file_of(&texts))
}

#[cfg(not(target_arch = "wasm32"))]
fn file_of(texts: &Texts) -> String {
    let mut file =
        String::from("# Written from src/ui/text.rs by tests/texts_files.rs: edit the Rust table, not this file.\n");
    for line in texts.lines() {
        file.push_str(&line);
        file.push('\n');
    }
    file
}

/// Key-text pairs packed at compile time into one string, `"key\0text\0key\0text\0…"`: as a
/// table of `(&str, &str)` they cost the wasm 16 bytes of poorly compressible pointers a pair.
macro_rules! pairs {
    ($(($key:literal, $text:expr $(,)?)),* $(,)?) => {
        concat!($($key, "\0", $text, "\0"),*)
    };
}

/// An English text only the whole page shows (its elements are put in by the whole page, or only
/// its code says it): empty in the first visit's build, which never shows it, to keep its
/// download small. The languages fetched as files have it all the same.
#[cfg(not(feature = "first-visit"))]
macro_rules! whole {
    ($text:literal) => {
        $text
    };
}
#[cfg(feature = "first-visit")]
macro_rules! whole {
    ($text:literal) => {
        ""
    };
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

const fn fnv(mut hash: u64, bytes: &[u8]) -> u64 {
    let mut i = 0;
    while i < bytes.len() {
        hash = (hash ^ bytes[i] as u64).wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

/// The texts files' layout: the names of `Texts` and the keys of the fixed texts, in order.
fn layout() -> u64 {
    EN.html_keys().fold(FIELDS, |hash, key| fnv(fnv(hash, key.as_bytes()), b"\0"))
}

/// Defines `Texts` from its lists of names and its single texts, with the page's fixed texts
/// (`html`) and the rules' paragraphs; and how a language's texts are written to their file and
/// read back from it (the page has only English built in: see `texts_file`).
macro_rules! texts {
    (
        lists { $($(#[$list_doc:meta])* $list_vis:vis $list:ident: $len:expr),* $(,)? }
        texts { $($(#[$text_doc:meta])* $text_vis:vis $text:ident),* $(,)? }
    ) => {
        #[derive(Clone, Copy, Debug, PartialEq)]
        pub struct Texts {
            $($(#[$list_doc])* $list_vis $list: [&'static str; $len],)*
            $($(#[$text_doc])* $text_vis $text: &'static str,)*
            /// The page's fixed texts, by the `data-text` key of their element, as [`pairs!`]
            /// packs them.
            html: &'static str,
            /// The rules' paragraphs reach the page as `www/rules/<code>.txt`, fetched when the
            /// rules are opened (`rules_file` writes them; a test keeps them equal).
            #[cfg(not(target_arch = "wasm32"))]
            pub rules: &'static [&'static str],
        }

        /// What the texts' file's lines stand for, as a hash of the names in order: a file
        /// written for other texts (another build's) does not match.
        const FIELDS: u64 = {
            let mut hash = FNV_OFFSET;
            $(hash = fnv(hash, stringify!($list).as_bytes());)*
            $(hash = fnv(hash, stringify!($text).as_bytes());)*
            hash
        };

        impl Texts {
            /// The lines of the texts' file, one text a line in a fixed order: each list's names,
            /// the single texts, then the fixed texts in the order of English's keys.
            #[cfg(not(target_arch = "wasm32"))]
            fn lines(&self) -> Vec<String> {
                let mut lines = vec![format!("layout {:016x}", layout())];
                $(lines.extend(self.$list.iter().map(|text| text.to_string()));)*
                $(lines.push(self.$text.to_string());)*
                lines.extend(EN.html_keys().map(|key| self.html(key).unwrap_or_default().to_string()));
                lines
            }

            /// The texts a file holds, over `base`; none if the file is not whole or was
            /// written for other texts.
            fn read(file: &'static str, base: &Texts) -> Option<Texts> {
                let mut lines = file.lines().filter(|line| !line.starts_with('#'));
                if lines.next()? != format!("layout {:016x}", layout()) {
                    return None;
                }
                let mut texts = *base;
                $(for slot in &mut texts.$list {
                    *slot = lines.next()?;
                })*
                $(texts.$text = lines.next()?;)*
                let mut html = String::new();
                for key in base.html_keys() {
                    html.extend([key, "\0", lines.next()?, "\0"]);
                }
                texts.html = html.leak();
                Some(texts)
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

impl Texts {
    /// The fixed texts' keys, in order.
    fn html_keys(&self) -> impl Iterator<Item = &'static str> {
        self.html.split('\0').step_by(2).filter(|key| !key.is_empty())
    }

    pub fn html(&self, key: &str) -> Option<&'static str> {
        let mut parts = self.html.split('\0');
        while let (Some(k), Some(text)) = (parts.next(), parts.next()) {
            if k == key {
                return Some(text);
            }
        }
        None
    }
}

/// The file of the rules' paragraphs in `lang` (`www/rules/<code>.txt`): one paragraph a line.
#[cfg(not(target_arch = "wasm32"))]
pub fn rules_file(lang: Lang) -> String {
    let mut file =
        String::from("# Written from src/ui/text.rs by tests/rules_files.rs: edit the Rust table, not this file.\n");
    for paragraph in lang.texts().rules {
        file.push_str(paragraph);
        file.push('\n');
    }
    file
}

/// The paragraphs of a rules file.
pub fn rules_paragraphs(file: &str) -> impl Iterator<Item = &str> {
    file.lines().filter(|line| !line.is_empty() && !line.starts_with('#'))
}

/// What the Rules dialog says above the cards: the rules file's paragraphs, or, if it could not
/// be had (offline before it was kept), a sentence saying so in `lang`.
pub fn rules_text(lang: Lang, file: Option<&str>) -> Vec<String> {
    match file {
        Some(file) => rules_paragraphs(file).map(String::from).collect(),
        None => vec![page_text(lang, "rules-unavailable", &[])],
    }
}

/// A page text by its key, its blanks filled (an unknown key gives the key, so a gap shows).
fn html_fill(lang: Lang, key: &str, blanks: &[(&str, &str)]) -> String {
    fill(lang, lang.texts().html(key).unwrap_or(key), blanks)
}

/// A page text by its key, its blanks filled with owned values (notices, puzzles, the review…).
pub fn page_text(lang: Lang, key: &str, blanks: &[(&str, String)]) -> String {
    let blanks: Vec<(&str, &str)> = blanks.iter().map(|(name, value)| (*name, value.as_str())).collect();
    html_fill(lang, key, &blanks)
}

pub fn review_progress(lang: Lang, done: usize, total: usize) -> String {
    html_fill(lang, "review-progress", &[("n", &(done + 1).min(total).to_string()), ("total", &total.to_string())])
}

pub fn review_start(lang: Lang) -> String {
    html_fill(lang, "review-start", &[])
}

pub fn review_failed(lang: Lang, reason: &str) -> String {
    html_fill(lang, "review-failed", &[("reason", reason)])
}

pub fn move_class(lang: Lang, class: MoveClass) -> &'static str {
    lang.texts().html(&format!("class-{}", class.code())).unwrap_or(class.code())
}

pub fn verdict(lang: Lang, ply: usize, played: &str, class: &str) -> String {
    html_fill(lang, "verdict", &[("n", &ply.to_string()), ("move", played), ("class", class)])
}

pub fn verdict_with_best(lang: Lang, ply: usize, played: &str, class: &str, best: &str) -> String {
    html_fill(lang, "verdict-best", &[("n", &ply.to_string()), ("move", played), ("class", class), ("best", best)])
}

/// A move classed best that the engine ranked beside another: "as good as" that one.
pub fn verdict_equal(lang: Lang, ply: usize, played: &str, class: &str, best: &str) -> String {
    html_fill(lang, "verdict-equal", &[("n", &ply.to_string()), ("move", played), ("class", class), ("best", best)])
}

pub fn best_line_shown(lang: Lang, ply: usize, line: &str) -> String {
    html_fill(lang, "best-line-shown", &[("n", &ply.to_string()), ("line", line)])
}

/// Fills a template's blanks; in Persian the digits become Persian digits.
fn fill(lang: Lang, template: &str, blanks: &[(&str, &str)]) -> String {
    lang.digits(&fill_blanks(&agree(lang, template, blanks), blanks))
}

/// Whether a count of `n` takes the singular in `lang`: one in English and Spanish, zero and one
/// in French, always in Persian (which counts with the singular: «۳ حرکت»).
pub fn takes_singular(lang: Lang, n: u64) -> bool {
    match lang {
        Lang::En | Lang::Es => n == 1,
        Lang::Fr => n < 2,
        Lang::Fa => true,
    }
}

/// Puts in place of each `{n|one|other}` the form that agrees with blank `n`'s number in `lang`
/// (`{left|move|moves}`); a blank that is no number takes the plural.
fn agree(lang: Lang, template: &str, blanks: &[(&str, &str)]) -> String {
    let mut pieces = template.split('{');
    let mut out = String::from(pieces.next().unwrap_or_default());
    for piece in pieces {
        let choice = piece.split_once('}').and_then(|(inside, tail)| {
            let mut forms = inside.split('|');
            let (name, one, other) = (forms.next()?, forms.next()?, forms.next()?);
            let count = blanks.iter().find(|b| b.0 == name)?.1.parse::<u64>().ok();
            Some((if count.is_some_and(|n| takes_singular(lang, n)) { one } else { other }, tail))
        });
        match choice {
            Some((form, tail)) => {
                out.push_str(form);
                out.push_str(tail);
            }
            None => {
                out.push('{');
                out.push_str(piece);
            }
        }
    }
    out
}

/// Puts each blank's value in place of `{name}`, in one pass (a value is never searched for
/// blanks); an unknown `{…}` stays as written.
pub fn fill_blanks(template: &str, blanks: &[(&str, &str)]) -> String {
    let mut pieces = template.split('{');
    let mut out = String::from(pieces.next().unwrap_or_default());
    for piece in pieces {
        match piece.split_once('}').and_then(|(name, tail)| Some((blanks.iter().find(|b| b.0 == name)?.1, tail))) {
            Some((value, tail)) => {
                out.push_str(value);
                out.push_str(tail);
            }
            None => {
                out.push('{');
                out.push_str(piece);
            }
        }
    }
    out
}

pub fn color_name(lang: Lang, color: Color) -> &'static str {
    lang.texts().colors[color.index()]
}

pub fn card_name(lang: Lang, card: Card) -> &'static str {
    lang.texts().cards[card.index()]
}

/// A set of cards by its name in `lang` ("Sensei's Path").
pub fn pack_name(lang: Lang, pack: Pack) -> &'static str {
    lang.texts().html(&format!("pack-{}", pack.code())).unwrap_or(pack.code())
}

/// "16 of 34 cards on", in `lang`'s digits.
pub fn deck_count(lang: Lang, on: u32) -> String {
    html_fill(lang, "deck-count", &[("n", &on.to_string()), ("total", &Card::COUNT.to_string())])
}

pub fn to_move(lang: Lang, color: Color) -> String {
    fill(lang, lang.texts().to_move, &[("color", color_name(lang, color))])
}

pub fn your_move(lang: Lang, color: Color) -> String {
    fill(lang, lang.texts().your_move, &[("color", color_name(lang, color))])
}

pub fn must_pass(lang: Lang) -> String {
    lang.texts().must_pass.to_string()
}

pub fn choose_card(lang: Lang) -> String {
    lang.texts().choose_card.to_string()
}

pub fn who_starts(lang: Lang, side: Card) -> String {
    let t = lang.texts();
    fill(
        lang,
        t.who_starts,
        &[
            ("color", color_name(lang, side.stamp())),
            ("card", card_name(lang, side)),
            ("stamp", t.stamp_colors[side.stamp().index()]),
        ],
    )
}

pub fn outcome(lang: Lang, outcome: Outcome) -> String {
    let t = lang.texts();
    match outcome {
        Outcome::Win { winner, way: Way::Stone } => fill(lang, t.win_stone, &[("color", color_name(lang, winner))]),
        Outcome::Win { winner, way: Way::Stream } => fill(lang, t.win_stream, &[("color", color_name(lang, winner))]),
        Outcome::DrawByRepetition => t.draw.to_string(),
        Outcome::Resigned { by } => resigned(lang, by, None),
        Outcome::DrawAgreed => html_fill(lang, "draw-agreed", &[]),
        Outcome::WonOnTime { winner } => html_fill(
            lang,
            "wins-on-time",
            &[("color", color_name(lang, winner)), ("loser", color_name(lang, winner.other()))],
        ),
    }
}

/// "Blue resigns — Red wins"; against the AI (`human`), "You resign — the AI wins".
fn resigned(lang: Lang, by: Color, human: Option<Color>) -> String {
    match human {
        Some(human) => html_fill(lang, if by == human { "you-resign" } else { "ai-resigns" }, &[]),
        None => {
            html_fill(lang, "resigns", &[("color", color_name(lang, by)), ("winner", color_name(lang, by.other()))])
        }
    }
}

/// The end of a game as the player sees it: "You win" or "The AI wins" against the AI, the
/// winner's colour when people play each other or the AI plays itself.
pub fn result(lang: Lang, outcome: Outcome, mode: Mode) -> String {
    let t = lang.texts();
    match (outcome, mode) {
        (Outcome::Win { winner, way }, Mode::VsAi { human, .. }) => match (winner == human, way) {
            (true, Way::Stone) => lang.digits(t.you_win_stone),
            (true, Way::Stream) => lang.digits(t.you_win_stream),
            (false, Way::Stone) => lang.digits(t.ai_wins_stone),
            (false, Way::Stream) => lang.digits(t.ai_wins_stream),
        },
        (Outcome::Resigned { by }, Mode::VsAi { human, .. }) => resigned(lang, by, Some(human)),
        (Outcome::Win { winner, way }, Mode::Online { you: Some(you) }) => match (winner == you, way) {
            (true, Way::Stone) => html_fill(lang, "you-win-stone-online", &[]),
            (true, Way::Stream) => lang.digits(t.you_win_stream),
            (false, Way::Stone) => html_fill(lang, "opponent-wins-stone", &[]),
            (false, Way::Stream) => html_fill(lang, "opponent-wins-stream", &[]),
        },
        (Outcome::WonOnTime { winner }, Mode::Online { you: Some(you) }) => {
            html_fill(lang, if winner == you { "you-win-on-time" } else { "opponent-wins-on-time" }, &[])
        }
        (Outcome::Resigned { by }, Mode::Online { you: Some(you) }) => {
            html_fill(lang, if by == you { "you-resign-online" } else { "opponent-resigns" }, &[])
        }
        _ => self::outcome(lang, outcome),
    }
}

/// The result in a few words: "You win!", "The AI wins", "Red wins!", "Draw".
pub fn result_short(lang: Lang, outcome: Outcome, mode: Mode) -> String {
    let t = lang.texts();
    match (outcome, mode) {
        (Outcome::DrawByRepetition | Outcome::DrawAgreed, _) => t.draw_short.to_string(),
        (Outcome::Win { winner, .. } | Outcome::WonOnTime { winner }, Mode::VsAi { human, .. }) => {
            (if winner == human { t.you_win_short } else { t.ai_wins_short }).to_string()
        }
        // Online a resignation too is said as who won (a phone's strip keeps it on one line);
        // how the game ended is by the board.
        (Outcome::Win { winner, .. } | Outcome::WonOnTime { winner }, Mode::Online { you: Some(you) }) => {
            online_verdict(lang, winner == you)
        }
        (Outcome::Win { winner, .. } | Outcome::WonOnTime { winner }, _) => {
            fill(lang, t.wins_short, &[("color", color_name(lang, winner))])
        }
        (Outcome::Resigned { by }, Mode::Online { you: Some(you) }) => online_verdict(lang, by != you),
        // A watcher's strip too keeps it on one line: who won.
        (Outcome::Resigned { by }, Mode::Online { you: None }) => {
            fill(lang, t.wins_short, &[("color", color_name(lang, by.other()))])
        }
        (Outcome::Resigned { .. }, _) => result(lang, outcome, mode),
    }
}

fn online_verdict(lang: Lang, won: bool) -> String {
    if won { lang.texts().you_win_short.to_string() } else { html_fill(lang, "opponent-wins", &[]) }
}

/// The label by the AI's hand: its level, and whether it is thinking.
pub fn ai_label(lang: Lang, level: AiLevel, thinking: bool) -> String {
    let t = lang.texts();
    let name = level_name(lang, level);
    fill(lang, if thinking { t.ai_thinking } else { t.ai_label }, &[("level", name)])
}

/// The puzzle's defender by the board: "AI · best defence".
pub fn defender_label(lang: Lang, thinking: bool) -> String {
    let t = lang.texts();
    let name = t.html("best-defence").unwrap_or_default();
    fill(lang, if thinking { t.ai_thinking } else { t.ai_label }, &[("level", name)])
}

/// Who plays, and the AI's level: "Against the AI · level 5, student".
pub fn mode_line(lang: Lang, mode: Mode) -> String {
    let t = lang.texts();
    match mode {
        Mode::VsAi { level, .. } => fill(lang, t.mode_ai, &[("level", &level_line(lang, level))]),
        Mode::PassAndPlay { .. } => t.mode_two.to_string(),
        Mode::Watch { level } => fill(lang, t.mode_watch, &[("level", &level_line(lang, level))]),
        Mode::Online { you: Some(you) } => html_fill(lang, "mode-online", &[("color", color_name(lang, you))]),
        Mode::Online { you: None } => html_fill(lang, "mode-online-watching", &[]),
    }
}

/// Who played a game a friend's link opened: "A shared game · Red against the AI, level 2, …".
pub fn shared_game(lang: Lang, mode: Mode) -> String {
    let who = match mode {
        Mode::VsAi { human, level } => {
            html_fill(lang, "shared-vs-ai", &[("color", color_name(lang, human)), ("level", &level_line(lang, level))])
        }
        Mode::Online { .. } => html_fill(lang, "shared-online", &[]),
        _ => mode_line(lang, mode),
    };
    html_fill(lang, "shared-game", &[("who", &who)])
}

/// The label by the opponent's hand, online.
/// In place of "Your move" while the player cannot move: the friend has not come, or the
/// opponent is away.
pub fn online_waiting(lang: Lang, friend_come: bool) -> String {
    html_fill(lang, if friend_come { "online-away" } else { "online-waiting" }, &[])
}

pub fn online_opponent(lang: Lang, to_move: bool) -> String {
    html_fill(lang, if to_move { "online-opponent-moves" } else { "online-opponent" }, &[])
}

/// A level's name: "student".
pub fn level_name(lang: Lang, level: AiLevel) -> &'static str {
    lang.texts().levels[level.index()]
}

/// After wins in a row: "Three wins in a row: try level 6, scholar".
pub fn next_level(lang: Lang, level: AiLevel) -> String {
    html_fill(lang, "next-level", &[("level", &level_line(lang, level))])
}

/// The next level's button: "Level 6".
pub fn next_level_label(lang: Lang, level: AiLevel) -> String {
    html_fill(lang, "play-next-level", &[("n", &(level.index() + 1).to_string())])
}

/// A level with its place on the ladder: "level 5, student".
pub fn level_line(lang: Lang, level: AiLevel) -> String {
    let n = (level.index() + 1).to_string();
    fill(lang, lang.texts().level, &[("n", &n), ("name", level_name(lang, level))])
}

/// A level as the new-game dialog lists it: "5 – student".
pub fn level_choice(lang: Lang, level: AiLevel) -> String {
    lang.digits(&format!("{} – {}", level.index() + 1, level_name(lang, level)))
}

/// Five cards chosen with `card` among them `times` times.
pub fn duplicate_card(lang: Lang, card: Card, times: usize) -> String {
    fill(lang, lang.texts().duplicate_card, &[("card", card_name(lang, card)), ("n", &times.to_string())])
}

/// Puts an already written reason into a template: the reason's own digits (squares, quoted
/// text) are left as they are.
fn with_reason(lang: Lang, template: &str, reason: &str) -> String {
    fill_blanks(&lang.digits(template), &[("reason", reason)])
}

pub fn save_unreadable(lang: Lang, reason: &str) -> String {
    with_reason(lang, lang.texts().save_unreadable, reason)
}

pub fn link_broken(lang: Lang, reason: &str) -> String {
    with_reason(lang, lang.texts().link_broken, reason)
}

pub fn record_broken(lang: Lang, reason: &str) -> String {
    with_reason(lang, lang.texts().record_broken, reason)
}

pub fn ai_failed(lang: Lang, detail: &str) -> String {
    with_reason(lang, lang.texts().ai_failed, detail)
}

/// The evaluation for the bar, from Red's side: "Red +0.4", "Blue wins in 3 (forced)"; from the
/// exact tables (`exact`), "Blue wins in 3 (exact)" or "Draw (exact)".
pub fn evaluation(lang: Lang, score_for_red: Score, exact: bool) -> String {
    let t = lang.texts();
    let moves = |plies: u32| plies.div_ceil(2).to_string();
    match score_for_red {
        Score::Value(_) if exact => html_fill(lang, "eval-exact-draw", &[]),
        Score::Win(plies) if exact => {
            html_fill(lang, "eval-exact-win", &[("color", color_name(lang, Color::Red)), ("n", &moves(plies))])
        }
        Score::Loss(plies) if exact => {
            html_fill(lang, "eval-exact-win", &[("color", color_name(lang, Color::Blue)), ("n", &moves(plies))])
        }
        Score::Value(v) if v.abs() < 10 => t.eval_even.to_string(),
        Score::Value(v) => {
            let leader = if v > 0 { Color::Red } else { Color::Blue };
            let tenths = (v.abs() + 5) / 10;
            let point = if lang == Lang::Fa { '٫' } else { '.' };
            let amount = format!("{}{point}{}", tenths / 10, tenths % 10);
            fill(lang, t.eval_lead, &[("color", color_name(lang, leader)), ("n", &amount)])
        }
        // Plies to the win, counted as the winner's own moves.
        Score::Win(plies) => fill(lang, t.eval_win, &[("color", color_name(lang, Color::Red)), ("n", &moves(plies))]),
        Score::Loss(plies) => fill(lang, t.eval_win, &[("color", color_name(lang, Color::Blue)), ("n", &moves(plies))]),
    }
}

/// What a screen reader announces after a move (and the result, if it ended the game).
pub fn announce_move(lang: Lang, before: &Position, m: Move, outcome: Option<Outcome>) -> String {
    let t = lang.texts();
    let color = color_name(lang, before.to_move());
    let card = card_name(lang, m.card());
    let mut text = match m {
        Move::Step { from, to, .. } => {
            let template =
                if before.pieces(before.to_move().other()).contains(to) { t.announce_capture } else { t.announce_step };
            fill(
                lang,
                template,
                &[("color", color), ("card", card), ("from", &from.to_string()), ("to", &to.to_string())],
            )
        }
        Move::Pass { .. } => fill(lang, t.announce_pass, &[("color", color), ("card", card)]),
    };
    if let Some(outcome) = outcome {
        text.push(' ');
        text.push_str(&self::outcome(lang, outcome));
    }
    text
}

/// A move as the move list shows it: the card in the player's language, the squares (with
/// Persian digits in Persian, kept left to right), × for a capture and ★ for the winning move.
pub fn move_text(lang: Lang, before: &Position, m: Move, outcome: Option<Outcome>) -> String {
    let card = card_name(lang, m.card());
    let mut text = match m {
        Move::Step { from, to, .. } => {
            let squares = lang.digits(&format!("{from}→{to}"));
            let squares = if lang.is_rtl() { format!("\u{2068}{squares}\u{2069}") } else { squares };
            let capture = if before.pieces(before.to_move().other()).contains(to) { " ×" } else { "" };
            format!("{card} {squares}{capture}")
        }
        Move::Pass { .. } => fill(lang, lang.texts().move_pass, &[("card", card)]),
    };
    if matches!(outcome, Some(Outcome::Win { .. })) {
        text.push_str(" ★");
    }
    text
}

/// Where the player is while looking back: "Looking back: move 3 of 12".
pub fn viewing(lang: Lang, ply: usize, total: usize) -> String {
    fill(lang, lang.texts().viewing, &[("n", &ply.to_string()), ("total", &total.to_string())])
}

/// The whole position in words, for screen readers.
pub fn describe_position(lang: Lang, position: &Position) -> String {
    let t = lang.texts();
    let mut parts = vec![format!("{}.", to_move(lang, position.to_move()))];
    for color in Color::ALL {
        let master = position.master(color).map_or(String::new(), |s| s.to_string());
        let students: Vec<String> =
            (position.pieces(color) & !position.masters(color)).map(|square| square.to_string()).collect();
        // Persian joins a list with its own comma.
        let comma = if lang == Lang::Fa { "، " } else { ", " };
        let students = if students.is_empty() { t.no_students.to_string() } else { students.join(comma) };
        parts.push(fill(
            lang,
            t.describe_side,
            &[("color", color_name(lang, color)), ("master", &master), ("students", &students)],
        ));
    }
    let hand = |color: Color| position.hand(color).map(|card| card_name(lang, card)).collect::<Vec<_>>().join(t.and);
    parts.push(fill(
        lang,
        t.describe_cards,
        &[
            ("red", color_name(lang, Color::Red)),
            ("red_cards", &hand(Color::Red)),
            ("blue", color_name(lang, Color::Blue)),
            ("blue_cards", &hand(Color::Blue)),
            ("side", card_name(lang, position.side_card())),
        ],
    ));
    parts.join(" ")
}

/// Red's share of the evaluation bar, 0 to 1.
pub fn red_share(score_for_red: Score) -> f64 {
    match score_for_red {
        // A soft S-curve (x / (1 + |x|)), cheaper in the wasm than tanh: a student up is about 60%.
        Score::Value(v) => {
            let x = f64::from(v) / 300.0;
            0.5 + 0.5 * x / (1.0 + x.abs())
        }
        Score::Win(_) => 1.0,
        Score::Loss(_) => 0.0,
    }
}

const EN: Texts = Texts {
    colors: ["Red", "Blue"],
    cards: [
        "tiger",
        "crab",
        "monkey",
        "crane",
        "dragon",
        "elephant",
        "mantis",
        "boar",
        "frog",
        "rabbit",
        "goose",
        "rooster",
        "horse",
        "ox",
        "eel",
        "cobra",
        "bear",
        "panda",
        "dog",
        "fox",
        "giraffe",
        "kirin",
        "mouse",
        "rat",
        "sable",
        "otter",
        "sea snake",
        "viper",
        "tanuki",
        "iguana",
        "phoenix",
        "turtle",
        "sheep",
        "goat",
    ],
    levels: [
        "novice",
        "beginner",
        "casual",
        "apprentice",
        "student",
        "scholar",
        "adept",
        "expert",
        "sensei",
        "champion",
        "elite",
        "master",
    ],
    to_move: "{color} to move",
    your_move: "Your move ({color})",
    must_pass: "No piece can move: choose a card to give up",
    choose_card: "Both cards go there: choose the card to give up",
    who_starts: "{color} starts: the side card, {card}, has a {stamp} stamp",
    stamp_colors: ["red", "blue"],
    win_stone: "{color} wins by the Way of the Stone: the master is captured",
    win_stream: "{color} wins by the Way of the Stream: the master reached the temple",
    draw: "Draw: the same position occurred a third time",
    save_unreadable: "Your saved game could not be read: {reason}. A new game has started; the unreadable save is kept and can be saved from Records.",
    link_broken: "This link could not be opened: {reason}. Nothing was lost.",
    record_broken: "That record could not be opened: {reason}. Nothing was changed.",
    ai_failed: "The AI stopped ({reason}). Undo or start a new game to wake it.",
    you_win_stone: "You win by the Way of the Stone: you captured the AI's master",
    you_win_stream: "You win by the Way of the Stream: your master reached the temple",
    ai_wins_stone: "The AI wins by the Way of the Stone: it captured your master",
    ai_wins_stream: "The AI wins by the Way of the Stream: its master reached your temple",
    mode_ai: "Against the AI · {level}",
    mode_two: "Two players",
    mode_watch: "Watching the AI · {level}",
    level: "level {n}, {name}",
    duplicate_card: "Choose five different cards: {card} is chosen {n} times",
    move_pass: "{card}: pass",
    viewing: "Looking back: move {n} of {total}",
    you_win_short: "You win!",
    ai_wins_short: "The AI wins",
    wins_short: "{color} wins!",
    draw_short: "Draw",
    ai_label: "AI · {level}",
    ai_thinking: "Thinking… · {level}",
    eval_even: "Even",
    eval_lead: "{color} +{n}",
    eval_win: "{color} wins in {n} (forced)",
    announce_step: "{color} plays {card}: {from} to {to}.",
    announce_capture: "{color} plays {card}: {from} to {to}, capturing.",
    announce_pass: "{color} cannot move and gives up {card}.",
    describe_side: "{color}: master on {master}; students on {students}.",
    no_students: "none",
    describe_cards: "{red} holds {red_cards}; {blue} holds {blue_cards}; beside the board: {side}.",
    and: " and ",
    rules_title: "How to play",
    #[cfg(not(target_arch = "wasm32"))]
    rules: &[
        "Each player has a master (the large eight-sided piece with a crown) and four students (the round pieces). Win by capturing the enemy master, the Way of the Stone, or by moving your own master onto the enemy temple, the square where that master started, the Way of the Stream. A student on the temple wins nothing.",
        "Five cards are dealt: two to each player and one beside the board. The stamp colour of the side card decides who moves first.",
        "On your turn, choose one of your two cards and move one of your pieces as the card shows: the dark square is the piece, the coloured squares are where it may jump. Pieces jump over others. You may not land on your own piece or leave the board; landing on an enemy piece captures it.",
        "The card you used goes beside the board, and you take the card that was there. It reaches your opponent after their next turn: the cards rotate between the players.",
        "Only when no piece can move with either card do you pass: choose one of your cards and exchange it with the side card without moving.",
        "If the same position occurs for the third time (the pieces, both hands, the side card and the player to move), the game is drawn.",
    ],
    rules_cards: "The cards in the deck, as their holder sees them (forward is up)",
    html: pairs![
        ("continue-here", "Continue from here"),
        ("back-to-game", "Back to the game"),
        ("back-to-my-game", "Back to my game"),
        ("eval-exact-win", "{color} wins in {n} (exact)"),
        ("eval-exact-draw", "Draw (exact)"),
        ("analysis", "Analysis board"),
        ("analysis-over", "The game is over in this position"),
        ("analysis-starting", "Analysing…"),
        ("analysis-depth", "Depth {n}"),
        ("analysis-stopped", "The engine is stopped"),
        ("analysis-exact", "Exact: the endgame tables"),
        ("analysis-stop", "Stop"),
        ("analysis-go", "Analyse"),
        ("analysis-lines", whole!("The engine's best lines")),
        ("analyse-here", "Analyse from here"),
        ("play-here", "Play from here"),
        ("play-here-online", "An online game starts from a deal: choose another way to play from here."),
        ("next-level", "Three wins in a row: try {level}"),
        ("play-next-level", "Level {n}"),
        ("standings", "Your record against the AI"),
        ("standings-level", "Level"),
        ("standings-red", "as Red (won–lost–drawn)"),
        ("standings-blue", "as Blue (won–lost–drawn)"),
        ("watch-pause", "Pause"),
        ("watch-resume", "Go on"),
        ("watch-paused", "paused"),
        ("watch-speed", "Speed"),
        ("slow", "slow"),
        ("normal", "normal"),
        ("fast", "fast"),
        ("board", "Onitama board: arrow keys move, Enter chooses, Escape cancels"),
        ("rules-full", "The full rules and notations (in English)"),
        ("menu", "Menu"),
        ("sound", "Sound"),
        ("coordinates", "Coordinates"),
        ("theme", "Colours"),
        ("theme-system", "as the system"),
        ("theme-light", "light"),
        ("theme-dark", "dark"),
        ("change-level", "Level"),
        ("new-game", "New game"),
        ("undo", "Undo"),
        ("meta-description", "Onitama, the two-player martial-arts board game, in your browser."),
        ("redo", "Redo"),
        ("hint", "Hint"),
        ("records", "Records"),
        ("evaluation", "Evaluation"),
        ("language", "Language"),
        ("moves", "Moves"),
        ("rematch", "Rematch"),
        ("crash-title", "Something went wrong"),
        (
            "crash-body",
            "The game stopped because of a fault in the program. Your game so far is below: copy it or save it, then start again.",
        ),
        ("crash-save", "Save the game record"),
        ("start-again", "Start again"),
        ("record-title", "Game record"),
        ("record-body", "This game as text: save it, or paste a record here and open it."),
        ("record-save", "Save as a file"),
        ("record-unreadable", "Save the unreadable save"),
        ("record-open", "Open this record"),
        ("record-link", "Link to this game"),
        ("copy-link", "Copy link"),
        ("link-copied", "Link copied"),
        ("link-not-copied", "The link could not be copied: it is selected above, to copy by hand."),
        ("close", "Close"),
        ("resign", "Resign"),
        ("resign-question", "Resign this game?"),
        ("resign-kept", "The game ends here and is kept among the finished games, in Records."),
        ("keep-playing", "Keep playing"),
        ("step-back", "Previous move"),
        ("red-card-1", "Red's first card"),
        ("red-card-2", "Red's second card"),
        ("blue-card-1", "Blue's first card"),
        ("blue-card-2", "Blue's second card"),
        ("finished-none", "No finished games yet: each game is kept here when it ends."),
        ("step-on", "Next move"),
        ("abandon-question", "Abandon this game?"),
        (
            "abandon-text",
            "It is not over: the new game takes its place, and this one is not kept among the finished games."
        ),
        ("abandon", "Abandon it"),
        ("resigns", "{color} resigns — {winner} wins"),
        ("you-resign", "You resign — the AI wins"),
        ("ai-resigns", "The AI resigns — you win"),
        ("setup-title", "New game"),
        ("setup-play", "Play"),
        ("mode-ai", "against the AI"),
        ("mode-two", "two players on this device"),
        ("mode-watch", "watch the AI play itself"),
        ("your-colour", "Your colour"),
        ("red", "Red"),
        ("blue", "Blue"),
        ("random", "random"),
        ("ai-level", "AI level"),
        ("turn-board", "Turn the board to face whoever moves"),
        ("choose-cards", "Choose the five cards"),
        ("deck", "Cards to deal from"),
        ("pack-base", "Base game"),
        ("pack-senseis-path", "Sensei's Path"),
        ("pack-promo", "Promo cards"),
        ("deck-count", "{n} of {total} cards on"),
        ("deck-too-few", "At least five cards stay on: a game deals five."),
        ("side-card", "Side card (its stamp decides who starts)"),
        ("cancel", "Cancel"),
        ("start", "Start"),
        ("rules", "Rules"),
        ("best-defence", "best defence"),
        ("puzzle-going", "Right! {color} still wins in {left} more {left|move|moves}: go on"),
        ("puzzle-waiting", "Puzzle {id} · {difficulty} · the defence answers…"),
        ("review-stop", "Stop"),
        (
            "rules-unavailable",
            "The rules could not be fetched: you may be offline. The full rules, in English, are linked below."
        ),
        ("puzzles", "Puzzles"),
        ("daily-puzzle", "Daily puzzle"),
        ("easy", "easy"),
        ("medium", "medium"),
        ("hard", "hard"),
        ("puzzle-line", "Puzzle {id} · {difficulty} · {color} wins in {n} {n|move|moves}: find {n|it|them}"),
        ("daily-line", "Daily puzzle · {difficulty} · {color} wins in {n} {n|move|moves}: find {n|it|them}"),
        ("puzzle-solved", "Solved! {color} wins in {n} {n|move|moves}."),
        (
            "puzzle-solved-helped",
            "Solved with help: {color} wins in {n} {n|move|moves}. Solve it without a hint or a wrong try to tick it."
        ),
        ("puzzle-failed", "Not this one: after {wrong}, {defender} answers {refutation} and the win is gone."),
        ("puzzle-failed-win", "Not this one: after {wrong}, {defender} answers {refutation} and wins."),
        ("puzzle-out-of-moves", "Not this one: the {n} {n|move is|moves are} played and {color} has not won."),
        ("try-again", "Try again"),
        ("next-puzzle", "Next puzzle"),
        ("puzzles-solved", "Puzzles solved: {n} of {total}"),
        ("puzzles-unavailable", "The puzzles could not be fetched: you may be offline. Try again when you are online."),
        ("features-loading", "Opening…"),
        (
            "features-unavailable",
            "This part of the game could not be fetched: you may be offline. Try again when you are online."
        ),
        (
            "texts-unavailable",
            "The page's texts in {language} could not be fetched: you may be offline. Choose the language again when you are online."
        ),
        ("review-graph", "Evaluation graph"),
        ("review", "Review"),
        ("review-progress", "Reviewing move {n} of {total}…"),
        (
            "review-start",
            "Review done: choose a point of the graph or a move to see it judged; Undo and Redo step through the game"
        ),
        ("class-best", "best"),
        ("class-good", "good"),
        ("class-inaccuracy", "inaccuracy"),
        ("class-mistake", "mistake"),
        ("class-blunder", "blunder"),
        ("verdict", "{n}. {move}: {class}"),
        ("verdict-best", "{n}. {move}: {class} · best was {best}"),
        ("verdict-equal", "{n}. {move}: {class} · as good as {best}"),
        ("best-line", "Best line"),
        ("best-line-shown", "The engine's line instead of move {n}: {line}"),
        ("finished-games", "Finished games"),
        ("record-review", "Review this record"),
        ("review-failed", "The review stopped: {reason}"),
        ("puzzle-list", "All puzzles"),
        ("puzzle-list-difficulty", "Difficulty"),
        ("puzzle-list-summary", "{n} of {total} solved"),
        ("no-puzzle-offered", "No puzzle uses only the cards you deal from: turn more cards on in New game."),
        ("puzzle-list-fetching", "Fetching the puzzles…"),
        ("puzzle-list-solved", "Puzzle {id}, solved"),
        ("puzzle-list-unsolved", "Puzzle {id}, not solved yet"),
        ("show-solution", "Show the solution"),
        ("solution-line", "Puzzle {id} · the solution, against the best defence"),
        ("solution-shown", "That was the solution; shown, it does not count as solved. Try it yourself!"),
        ("tutorial", "Tutorial"),
        ("tutorial-offer", "Learn to play"),
        ("tutorial-leave", "Leave tutorial"),
        ("tutorial-next", "Next"),
        ("tutorial-finish", "Finish"),
        ("tutorial-unavailable", "The tutorial could not be loaded: check the connection and try again."),
        // Between the moves of the engine's line: it points to the next one, as the language reads.
        ("line-arrow", "→"),
        ("draw-agreed", "Draw: the players agreed to it"),
        ("wins-on-time", "{color} wins on time: {loser} was away or did not move in time"),
        ("mode-online", "Online · you play {color}"),
        ("mode-online-watching", whole!("Online · watching")),
        ("shared-game", "A shared game · {who}"),
        ("shared-vs-ai", "{color} against the AI · {level}"),
        ("shared-online", "played online"),
        ("opponent-wins", "Your opponent wins"),
        ("opponent-resigns", "Your opponent resigns — you win"),
        ("you-resign-online", "You resign — your opponent wins"),
        ("you-win-stone-online", "You win by the Way of the Stone: you captured your opponent's master"),
        ("opponent-wins-stone", "Your opponent wins by the Way of the Stone: they captured your master"),
        ("opponent-wins-stream", "Your opponent wins by the Way of the Stream: their master reached your temple"),
        ("you-win-on-time", "You win on time: your opponent was away or did not move in time"),
        ("opponent-wins-on-time", "Your opponent wins on time: you were away or did not move in time"),
        ("online-opponent", "Your opponent"),
        ("online-waiting", "Waiting for your friend"),
        ("online-away", "Your opponent is away"),
        ("online-opponent-moves", "Your opponent's move"),
        ("online-opening", "Opening online play…"),
        ("online-unavailable", "Online play could not be loaded: check the connection and try again."),
        (
            "online-unreadable",
            "This online game could not be brought back: what was saved of it cannot be read. Leave it to play on."
        ),
        ("online-link-broken", "This online game link is incomplete or damaged: ask your friend to send it again."),
        ("play-online", "Play online"),
        ("online-invite", "Invite a friend"),
        ("online-find", "Find an opponent"),
        ("mode-invite", "online, with a friend I invite"),
        ("mode-find", "online, against a stranger"),
        ("online-limit", "Time"),
        ("limit-60", "1 minute a move"),
        ("limit-180", "3 minutes a move"),
        ("limit-600", "10 minutes a move"),
        ("limit-none", "no limit"),
        ("clock-1", whole!("clock 1+1")),
        ("clock-3", whole!("clock 3+2")),
        ("clock-5", whole!("clock 5+3")),
        ("clock-10", whole!("clock 10+5")),
        ("clock-custom", whole!("clock of my own")),
        ("online-watchers", whole!("Let others watch with the link")),
        ("clock-minutes", whole!("Minutes each")),
        ("clock-increment", whole!("Seconds added a move")),
        ("clock-bad", whole!("A clock runs from 15 seconds to 3 hours, with at most 60 seconds added a move.")),
        ("clocks-described", whole!("Clocks: Red {red}, Blue {blue}.")),
        ("online-link", "Link for your friend"),
        ("online-share", "Share"),
    ],
};

#[cfg(not(target_arch = "wasm32"))]
/// The cards' Persian names, as the rules core keeps them.
const PERSIAN_CARDS: [&str; Card::COUNT] = {
    let mut names = [""; Card::COUNT];
    let mut index = 0;
    while index < names.len() {
        names[index] = Card::ALL[index].persian_name();
        index += 1;
    }
    names
};

#[cfg(not(target_arch = "wasm32"))]
const FA: Texts = Texts {
    colors: ["قرمز", "آبی"],
    cards: PERSIAN_CARDS,
    levels: [
        "نوآموز",
        "مبتدی",
        "تفننی",
        "کارآموز",
        "شاگرد",
        "دانشور",
        "چیره",
        "خبره",
        "سنسی",
        "قهرمان",
        "نخبه",
        "استاد",
    ],
    to_move: "نوبت {color}",
    your_move: "نوبت شما ({color})",
    must_pass: "هیچ مهره‌ای نمی‌تواند حرکت کند: کارتی را برای واگذاری انتخاب کنید",
    choose_card: "هر دو کارت به آنجا می‌روند: کارتی را که واگذار می‌کنید انتخاب کنید",
    who_starts: "{color} شروع می‌کند: کارت کناری، {card}، مهر {stamp} دارد",
    stamp_colors: ["قرمز", "آبی"],
    win_stone: "{color} به راه سنگ برد: استاد گرفته شد",
    win_stream: "{color} به راه جویبار برد: استاد به معبد رسید",
    draw: "مساوی: همان وضعیت برای بار سوم تکرار شد",
    save_unreadable: "بازی ذخیره‌شده خوانده نشد: {reason}. بازی تازه‌ای آغاز شد؛ متن خوانده‌نشده نگه داشته شده و از «ثبت بازی» قابل ذخیره است.",
    link_broken: "این پیوند باز نشد: {reason}. چیزی از دست نرفت.",
    record_broken: "این ثبت بازی باز نشد: {reason}. چیزی تغییر نکرد.",
    ai_failed: "هوش مصنوعی متوقف شد ({reason}). برای ادامه، برگردانید یا بازی تازه‌ای آغاز کنید.",
    you_win_stone: "شما بردید، به راه سنگ: استاد هوش مصنوعی را گرفتید",
    you_win_stream: "شما بردید، به راه جویبار: استاد شما به معبد رسید",
    ai_wins_stone: "هوش مصنوعی برد، به راه سنگ: استاد شما را گرفت",
    ai_wins_stream: "هوش مصنوعی برد، به راه جویبار: استادش به معبد شما رسید",
    mode_ai: "در برابر هوش مصنوعی · {level}",
    mode_two: "دو بازیکن",
    mode_watch: "تماشای بازی هوش مصنوعی · {level}",
    level: "سطح {n}، {name}",
    duplicate_card: "پنج کارت متفاوت انتخاب کنید: {card} {n} بار انتخاب شده است",
    move_pass: "{card}: واگذاری",
    viewing: "نگاه به گذشته: حرکت {n} از {total}",
    you_win_short: "شما بردید!",
    ai_wins_short: "هوش مصنوعی برد",
    wins_short: "{color} برد!",
    draw_short: "مساوی",
    ai_label: "هوش مصنوعی · {level}",
    ai_thinking: "در حال فکر… · {level}",
    eval_even: "برابر",
    eval_lead: "{color} +{n}",
    eval_win: "{color} در {n} حرکت می‌برد (قطعی)",
    announce_step: "{color} با {card}: از {from} به {to}.",
    announce_capture: "{color} با {card}: از {from} به {to} و مهره‌ای را می‌گیرد.",
    announce_pass: "{color} نمی‌تواند حرکت کند و {card} را واگذار می‌کند.",
    describe_side: "{color}: استاد در {master}؛ شاگردان در {students}.",
    no_students: "هیچ",
    describe_cards: "{red} کارت‌های {red_cards} را دارد؛ {blue} کارت‌های {blue_cards} را؛ کارت کناری: {side}.",
    and: " و ",
    rules_title: "شیوهٔ بازی",
    #[cfg(not(target_arch = "wasm32"))]
    rules: &[
        "هر بازیکن یک استاد (مهرهٔ بزرگ هشت‌گوش با تاج) و چهار شاگرد (مهره‌های گرد) دارد. با گرفتن استاد حریف، راه سنگ، یا با رساندن استاد خود به معبد حریف، خانه‌ای که استاد او از آن آغاز کرد، راه جویبار، برنده می‌شوید. شاگردی که به معبد برسد چیزی نمی‌برد.",
        "پنج کارت پخش می‌شود: دو کارت به هر بازیکن و یکی کنار صفحه. رنگ مهر کارت کناری تعیین می‌کند چه کسی نخست حرکت کند.",
        "در نوبت خود یکی از دو کارتتان را برگزینید و یکی از مهره‌هایتان را همان‌گونه که کارت نشان می‌دهد حرکت دهید: خانهٔ تیره مهره است و خانه‌های رنگی جاهایی که می‌تواند به آن‌ها بپرد. مهره‌ها از روی دیگران می‌پرند. نمی‌توانید روی مهرهٔ خودتان فرود آیید یا از صفحه بیرون بروید؛ فرود آمدن روی مهرهٔ حریف آن را می‌گیرد.",
        "کارتی که به کار بردید کنار صفحه می‌رود و کارتی را که آنجا بود برمی‌دارید. آن کارت پس از نوبت بعدی حریف به دست او می‌رسد: کارت‌ها میان بازیکنان می‌چرخند.",
        "تنها وقتی هیچ مهره‌ای با هیچ‌یک از دو کارت نتواند حرکت کند نوبت را واگذار می‌کنید: یکی از کارت‌هایتان را برگزینید و بی‌حرکت با کارت کناری عوض کنید.",
        "اگر همان وضعیت برای بار سوم پیش آید (مهره‌ها، کارت‌های هر دو بازیکن، کارت کناری و بازیکنِ نوبت)، بازی مساوی است.",
    ],
    rules_cards: "کارت‌های دسته، همان‌گونه که دارنده‌شان می‌بیند (رو به جلو، بالاست)",
    html: pairs![
        ("continue-here", "ادامه از اینجا"),
        ("back-to-game", "بازگشت به بازی"),
        ("back-to-my-game", "بازگشت به بازی خودم"),
        ("eval-exact-win", "{color}: برد در {n} (دقیق)"),
        ("eval-exact-draw", "تساوی (دقیق)"),
        ("analysis", "تختهٔ تحلیل"),
        ("analysis-over", "بازی در این وضعیت تمام شده است"),
        ("analysis-starting", "در حال تحلیل…"),
        ("analysis-depth", "عمق {n}"),
        ("analysis-stopped", "موتور متوقف است"),
        ("analysis-exact", "دقیق: جدول‌های پایان بازی"),
        ("analysis-stop", "توقف"),
        ("analysis-go", "تحلیل"),
        ("analysis-lines", "بهترین خط‌های موتور"),
        ("analyse-here", "تحلیل از اینجا"),
        ("play-here", "بازی از اینجا"),
        ("play-here-online", "بازی برخط با پخش کارت‌ها آغاز می‌شود: برای بازی از اینجا راه دیگری برگزینید."),
        ("next-level", "سه برد پیاپی: {level} را بیازمایید"),
        ("play-next-level", "سطح {n}"),
        ("standings", "کارنامهٔ شما در برابر هوش مصنوعی"),
        ("standings-level", "سطح"),
        ("standings-red", "با قرمز (برد–باخت–مساوی)"),
        ("standings-blue", "با آبی (برد–باخت–مساوی)"),
        ("watch-pause", "مکث"),
        ("watch-resume", "ادامه"),
        ("watch-paused", "در مکث"),
        ("watch-speed", "سرعت"),
        ("slow", "آهسته"),
        ("normal", "معمولی"),
        ("fast", "تند"),
        ("board", "صفحهٔ اونیتاما: کلیدهای جهت جابه‌جا می‌کنند، Enter انتخاب می‌کند، Escape لغو می‌کند"),
        ("rules-full", "قواعد کامل و نمادگذاری‌ها (به انگلیسی)"),
        ("menu", "منو"),
        ("sound", "صدا"),
        ("coordinates", "مختصات"),
        ("theme", "رنگ‌ها"),
        ("theme-system", "مانند سیستم"),
        ("theme-light", "روشن"),
        ("theme-dark", "تیره"),
        ("change-level", "سطح"),
        ("new-game", "بازی تازه"),
        ("undo", "برگرداندن"),
        ("meta-description", "اونیتاما، بازی رومیزی دونفرهٔ هنرهای رزمی، در مرورگر شما."),
        ("redo", "دوباره"),
        ("hint", "راهنمایی"),
        ("records", "ثبت بازی"),
        ("evaluation", "ارزیابی"),
        ("language", "زبان"),
        ("moves", "حرکت‌ها"),
        ("rematch", "بازی دوباره"),
        ("crash-title", "اشکالی پیش آمد"),
        (
            "crash-body",
            "بازی به‌خاطر خطایی در برنامه متوقف شد. بازی شما تا اینجا در زیر آمده است: آن را رونوشت یا ذخیره کنید و دوباره آغاز کنید.",
        ),
        ("crash-save", "ذخیرهٔ ثبت بازی"),
        ("start-again", "آغاز دوباره"),
        ("record-title", "ثبت بازی"),
        ("record-body", "این بازی به‌صورت متن: آن را ذخیره کنید، یا ثبت بازی دیگری را اینجا بچسبانید و باز کنید."),
        ("record-save", "ذخیره در پرونده"),
        ("record-unreadable", "ذخیرهٔ متن خوانده‌نشده"),
        ("record-open", "باز کردن این ثبت"),
        ("record-link", "پیوند این بازی"),
        ("copy-link", "رونوشت پیوند"),
        ("link-copied", "پیوند رونوشت شد"),
        ("link-not-copied", "پیوند رونوشت نشد: بالا انتخاب شده است تا خودتان رونوشت کنید."),
        ("close", "بستن"),
        ("resign", "تسلیم"),
        ("resign-question", "در این بازی تسلیم می‌شوید؟"),
        ("resign-kept", "بازی همین‌جا تمام می‌شود و در میان بازی‌های تمام‌شده، در «ثبت بازی»، می‌ماند."),
        ("keep-playing", "ادامهٔ بازی"),
        ("step-back", "حرکت قبلی"),
        ("red-card-1", "کارت اول قرمز"),
        ("red-card-2", "کارت دوم قرمز"),
        ("blue-card-1", "کارت اول آبی"),
        ("blue-card-2", "کارت دوم آبی"),
        ("finished-none", "هنوز بازی تمام‌شده‌ای نیست: هر بازی وقتی تمام شود اینجا نگه داشته می‌شود."),
        ("step-on", "حرکت بعدی"),
        ("abandon-question", "این بازی را رها می‌کنید؟"),
        (
            "abandon-text",
            "این بازی تمام نشده است: بازی تازه جای آن را می‌گیرد و این بازی در میان بازی‌های تمام‌شده نگه داشته نمی‌شود."
        ),
        ("abandon", "رها کردن"),
        ("resigns", "{color} تسلیم شد — {winner} برد"),
        ("you-resign", "شما تسلیم شدید — هوش مصنوعی برد"),
        ("ai-resigns", "هوش مصنوعی تسلیم شد — شما بردید"),
        ("setup-title", "بازی تازه"),
        ("setup-play", "بازی"),
        ("mode-ai", "با هوش مصنوعی"),
        ("mode-two", "دو بازیکن روی این دستگاه"),
        ("mode-watch", "تماشای بازی هوش مصنوعی با خودش"),
        ("your-colour", "رنگ شما"),
        ("red", "قرمز"),
        ("blue", "آبی"),
        ("random", "تصادفی"),
        ("ai-level", "سطح هوش مصنوعی"),
        ("turn-board", "چرخاندن صفحه رو به بازیکنِ نوبت"),
        ("choose-cards", "انتخاب پنج کارت"),
        ("deck", "کارت‌هایی که پخش می‌شوند"),
        ("pack-base", "بازی پایه"),
        ("pack-senseis-path", "مسیر سنسی"),
        ("pack-promo", "کارت‌های ویژه"),
        ("deck-count", "{n} کارت از {total} روشن"),
        ("deck-too-few", "دست‌کم پنج کارت روشن می‌ماند: هر بازی پنج کارت پخش می‌کند."),
        ("side-card", "کارت کناری (مهر آن آغازکننده را تعیین می‌کند)"),
        ("cancel", "لغو"),
        ("start", "آغاز"),
        ("rules", "قواعد"),
        ("best-defence", "بهترین دفاع"),
        ("puzzle-going", "درست است! {color} هنوز در {left} حرکت دیگر می‌برد: ادامه دهید"),
        ("puzzle-waiting", "معمای {id} · {difficulty} · دفاع پاسخ می‌دهد…"),
        ("review-stop", "توقف"),
        (
            "rules-unavailable",
            "قواعد دریافت نشد: شاید به اینترنت وصل نیستید. قواعد کامل، به انگلیسی، در پیوند زیر است."
        ),
        ("puzzles", "معماها"),
        ("daily-puzzle", "معمای روز"),
        ("easy", "آسان"),
        ("medium", "متوسط"),
        ("hard", "سخت"),
        ("puzzle-line", "معمای {id} · {difficulty} · {color} در {n} حرکت می‌برد: آن‌ها را پیدا کنید"),
        ("daily-line", "معمای روز · {difficulty} · {color} در {n} حرکت می‌برد: آن‌ها را پیدا کنید"),
        ("puzzle-solved", "حل شد! {color} در {n} حرکت می‌برد."),
        (
            "puzzle-solved-helped",
            "با کمک حل شد: {color} در {n} حرکت می‌برد. بدون راهنما و بدون حرکت اشتباه حلش کنید تا تیک بخورد."
        ),
        ("puzzle-failed", "این نه: پس از {wrong}، {defender} با {refutation} پاسخ می‌دهد و برد از دست می‌رود."),
        ("puzzle-failed-win", "این نه: پس از {wrong}، {defender} با {refutation} پاسخ می‌دهد و می‌برد."),
        ("puzzle-out-of-moves", "این نه: {n} حرکت بازی شد و {color} نبرد."),
        ("try-again", "تلاش دوباره"),
        ("next-puzzle", "معمای بعدی"),
        ("puzzles-solved", "معماهای حل‌شده: {n} از {total}"),
        ("puzzles-unavailable", "معماها دریافت نشدند: شاید به اینترنت وصل نیستید. وقتی وصل شدید، دوباره امتحان کنید."),
        ("features-loading", "در حال باز شدن…"),
        (
            "features-unavailable",
            "این بخش از بازی دریافت نشد: شاید به اینترنت وصل نیستید. وقتی وصل شدید، دوباره امتحان کنید."
        ),
        (
            "texts-unavailable",
            "متن‌های صفحه به زبان {language} دریافت نشدند: شاید به اینترنت وصل نیستید. وقتی وصل شدید، دوباره این زبان را برگزینید."
        ),
        ("review-graph", "نمودار ارزیابی"),
        ("review", "بازبینی"),
        ("review-progress", "بازبینی حرکت {n} از {total}…"),
        (
            "review-start",
            "بازبینی تمام شد: برای دیدن داوری، نقطه‌ای از نمودار یا یک حرکت را برگزینید؛ برگرداندن و دوباره در بازی گام برمی‌دارند"
        ),
        ("class-best", "بهترین"),
        ("class-good", "خوب"),
        ("class-inaccuracy", "نادقیق"),
        ("class-mistake", "اشتباه"),
        ("class-blunder", "اشتباه بزرگ"),
        ("verdict", "{n}. {move}: {class}"),
        ("verdict-best", "{n}. {move}: {class} · بهترین: {best}"),
        ("verdict-equal", "{n}. {move}: {class} · به خوبیِ {best}"),
        ("best-line", "بهترین ادامه"),
        ("best-line-shown", "ادامهٔ موتور به جای حرکت {n}: {line}"),
        ("finished-games", "بازی‌های تمام‌شده"),
        ("record-review", "بازبینی این بازی"),
        ("review-failed", "بازبینی متوقف شد: {reason}"),
        ("puzzle-list", "همهٔ معماها"),
        ("puzzle-list-difficulty", "سختی"),
        ("puzzle-list-summary", "{n} از {total} حل شده"),
        (
            "no-puzzle-offered",
            "هیچ معمایی تنها با کارت‌هایی که پخش می‌شوند ساخته نشده است: در «بازی تازه» کارت‌های بیشتری روشن کنید."
        ),
        ("puzzle-list-fetching", "در حال دریافت معماها…"),
        ("puzzle-list-solved", "معمای {id}، حل شده"),
        ("puzzle-list-unsolved", "معمای {id}، هنوز حل نشده"),
        ("show-solution", "نمایش راه‌حل"),
        ("solution-line", "معمای {id} · راه‌حل، در برابر بهترین دفاع"),
        ("solution-shown", "این راه‌حل بود؛ نشان داده شد و حل‌شده به شمار نمی‌آید. خودتان امتحان کنید!"),
        ("tutorial", "آموزش"),
        ("tutorial-offer", "یادگیری بازی"),
        ("tutorial-leave", "خروج از آموزش"),
        ("tutorial-next", "بعدی"),
        ("tutorial-finish", "پایان"),
        ("tutorial-unavailable", "آموزش بارگیری نشد: اتصال را بررسی کنید و دوباره بکوشید."),
        ("line-arrow", "←"),
        ("draw-agreed", "مساوی: بازیکنان بر آن توافق کردند"),
        ("wins-on-time", "{color} با گذشت زمان برد: {loser} غایب بود یا به‌موقع حرکت نکرد"),
        ("mode-online", "آنلاین · شما {color} هستید"),
        ("mode-online-watching", "آنلاین · تماشا"),
        ("shared-game", "بازیِ فرستاده‌شده · {who}"),
        ("shared-vs-ai", "{color} در برابر هوش مصنوعی · {level}"),
        ("shared-online", "بازی‌شده به‌صورت آنلاین"),
        ("opponent-wins", "حریف شما برد"),
        ("opponent-resigns", "حریف شما تسلیم شد — شما بردید"),
        ("you-resign-online", "شما تسلیم شدید — حریف شما برد"),
        ("you-win-stone-online", "شما بردید، به راه سنگ: استاد حریفتان را گرفتید"),
        ("opponent-wins-stone", "حریف شما برد، به راه سنگ: استاد شما را گرفت"),
        ("opponent-wins-stream", "حریف شما برد، به راه جویبار: استادش به معبد شما رسید"),
        ("you-win-on-time", "شما با گذشت زمان بردید: حریف شما غایب بود یا به‌موقع حرکت نکرد"),
        ("opponent-wins-on-time", "حریف شما با گذشت زمان برد: شما غایب بودید یا به‌موقع حرکت نکردید"),
        ("online-opponent", "حریف شما"),
        ("online-waiting", "در انتظار دوستتان"),
        ("online-away", "حریف شما حاضر نیست"),
        ("online-opponent-moves", "نوبت حریف شما"),
        ("online-opening", "در حال بازکردن بازی آنلاین…"),
        ("online-unavailable", "بازی آنلاین بارگیری نشد: اتصال را بررسی کنید و دوباره امتحان کنید."),
        (
            "online-unreadable",
            "این بازی آنلاین بازگردانده نشد: آنچه از آن ذخیره شده خوانا نیست. برای ادامهٔ بازی آن را ترک کنید."
        ),
        ("online-link-broken", "این پیوند بازی آنلاین ناقص یا خراب است: از دوستتان بخواهید آن را دوباره بفرستد."),
        ("play-online", "بازی آنلاین"),
        ("online-invite", "دعوت از یک دوست"),
        ("online-find", "یافتن حریف"),
        ("mode-invite", "آنلاین، با دوستی که دعوت می‌کنم"),
        ("mode-find", "آنلاین، با حریفی ناشناس"),
        ("online-limit", "زمان"),
        ("limit-60", "۱ دقیقه برای هر حرکت"),
        ("limit-180", "۳ دقیقه برای هر حرکت"),
        ("limit-600", "۱۰ دقیقه برای هر حرکت"),
        ("limit-none", "بدون محدودیت"),
        ("clock-1", "ساعت ۱+۱"),
        ("clock-3", "ساعت ۳+۲"),
        ("clock-5", "ساعت ۵+۳"),
        ("clock-10", "ساعت ۱۰+۵"),
        ("clock-custom", "ساعت دلخواه"),
        ("online-watchers", "دیگران بتوانند با پیوند تماشا کنند"),
        ("clock-minutes", "دقیقه برای هر بازیکن"),
        ("clock-increment", "ثانیه افزوده با هر حرکت"),
        ("clock-bad", "ساعت بازی از ۱۵ ثانیه تا ۳ ساعت است، با حداکثر ۶۰ ثانیه افزوده برای هر حرکت."),
        ("clocks-described", "ساعت‌ها: قرمز {red}، آبی {blue}."),
        ("online-link", "پیوند برای دوستتان"),
        ("online-share", "هم‌رسانی"),
    ],
};

#[cfg(not(target_arch = "wasm32"))]
const ES: Texts = Texts {
    colors: ["Rojo", "Azul"],
    cards: [
        "tigre",
        "cangrejo",
        "mono",
        "grulla",
        "dragón",
        "elefante",
        "mantis",
        "jabalí",
        "rana",
        "conejo",
        "ganso",
        "gallo",
        "caballo",
        "buey",
        "anguila",
        "cobra",
        // Sensei's Path and the promos: no Spanish edition is known, so the animals' common names.
        "oso",
        "panda",
        "perro",
        "zorro",
        "jirafa",
        "kirin",
        "ratón",
        "rata",
        "cebellina",
        "nutria",
        "serpiente marina",
        "víbora",
        "tanuki",
        "iguana",
        "fénix",
        "tortuga",
        "oveja",
        "cabra",
    ],
    levels: [
        "novato",
        "principiante",
        "aficionado",
        "aprendiz",
        "estudiante",
        "erudito",
        "experto en ciernes",
        "experto",
        "sensei",
        "campeón",
        "élite",
        "maestro",
    ],
    to_move: "Mueve {color}",
    your_move: "Tu turno ({color})",
    must_pass: "Ninguna pieza puede moverse: elige una carta para ceder",
    choose_card: "Las dos cartas llegan ahí: elige la carta que cedes",
    who_starts: "Empieza {color}: la carta lateral, {card}, tiene un sello {stamp}",
    stamp_colors: ["rojo", "azul"],
    win_stone: "{color} gana por el Camino de la Piedra: el maestro ha sido capturado",
    win_stream: "{color} gana por el Camino del Arroyo: el maestro llegó al templo",
    draw: "Tablas: la misma posición se repitió por tercera vez",
    save_unreadable: "No se pudo leer la partida guardada: {reason}. Ha empezado una partida nueva; el texto ilegible se conserva y puede guardarse desde Registro.",
    link_broken: "No se pudo abrir este enlace: {reason}. No se ha perdido nada.",
    record_broken: "No se pudo abrir ese registro: {reason}. No ha cambiado nada.",
    ai_failed: "La IA se detuvo ({reason}). Deshaz o empieza una partida nueva para despertarla.",
    you_win_stone: "Ganas por el Camino de la Piedra: capturaste al maestro de la IA",
    you_win_stream: "Ganas por el Camino del Arroyo: tu maestro llegó al templo",
    ai_wins_stone: "La IA gana por el Camino de la Piedra: capturó a tu maestro",
    ai_wins_stream: "La IA gana por el Camino del Arroyo: su maestro llegó a tu templo",
    mode_ai: "Contra la IA · {level}",
    mode_two: "Dos jugadores",
    mode_watch: "La IA contra sí misma · {level}",
    level: "nivel {n}, {name}",
    duplicate_card: "Elige cinco cartas distintas: la carta {card} está elegida {n} veces",
    move_pass: "{card}: pasa",
    viewing: "Mirando atrás: jugada {n} de {total}",
    you_win_short: "¡Ganas!",
    ai_wins_short: "Gana la IA",
    wins_short: "¡Gana {color}!",
    draw_short: "Tablas",
    ai_label: "IA · {level}",
    ai_thinking: "Pensando… · {level}",
    eval_even: "Igualado",
    eval_lead: "{color} +{n}",
    eval_win: "{color} gana en {n} (forzado)",
    announce_step: "{color} juega {card}: de {from} a {to}.",
    announce_capture: "{color} juega {card}: de {from} a {to} y captura.",
    announce_pass: "{color} no puede mover y cede {card}.",
    describe_side: "{color}: maestro en {master}; estudiantes en {students}.",
    no_students: "ninguna casilla",
    describe_cards: "{red} tiene {red_cards}; {blue} tiene {blue_cards}; junto al tablero: {side}.",
    and: " y ",
    rules_title: "Cómo se juega",
    #[cfg(not(target_arch = "wasm32"))]
    rules: &[
        "Cada jugador tiene un maestro (la pieza grande de ocho lados con corona) y cuatro estudiantes (las piezas redondas). Ganas capturando al maestro enemigo, el Camino de la Piedra, o llevando a tu propio maestro al templo enemigo, la casilla donde empezó ese maestro, el Camino del Arroyo. Un estudiante en el templo no gana nada.",
        "Se reparten cinco cartas: dos a cada jugador y una junto al tablero. El color del sello de la carta lateral decide quién mueve primero.",
        "En tu turno elige una de tus dos cartas y mueve una de tus piezas como muestra la carta: la casilla oscura es la pieza y las de color, adonde puede saltar. Las piezas saltan por encima de las demás. No puedes caer sobre una pieza tuya ni salir del tablero; caer sobre una pieza enemiga la captura.",
        "La carta que usaste va junto al tablero y tomas la que estaba allí. Llegará a tu rival después de su siguiente turno: las cartas rotan entre los jugadores.",
        "Solo cuando ninguna pieza puede moverse con ninguna de tus cartas pasas: eliges una de tus cartas y la cambias por la carta lateral sin mover.",
        "Si la misma posición se da por tercera vez (las piezas, las dos manos, la carta lateral y el jugador que mueve), la partida es tablas.",
    ],
    rules_cards: "Las cartas del mazo, como las ve quien las tiene (adelante es arriba)",
    html: pairs![
        ("continue-here", "Continuar desde aquí"),
        ("back-to-game", "Volver a la partida"),
        ("back-to-my-game", "Volver a mi partida"),
        ("eval-exact-win", "{color} gana en {n} (exacto)"),
        ("eval-exact-draw", "Tablas (exacto)"),
        ("analysis", "Tablero de análisis"),
        ("analysis-over", "La partida ha terminado en esta posición"),
        ("analysis-starting", "Analizando…"),
        ("analysis-depth", "Profundidad {n}"),
        ("analysis-stopped", "El motor está detenido"),
        ("analysis-exact", "Exacto: las tablas de finales"),
        ("analysis-stop", "Detener"),
        ("analysis-go", "Analizar"),
        ("analysis-lines", "Las mejores líneas del motor"),
        ("analyse-here", "Analizar desde aquí"),
        ("play-here", "Jugar aquí"),
        ("play-here-online", "Una partida en línea empieza con un reparto: elige otra forma de jugar desde aquí."),
        ("next-level", "Tres victorias seguidas: prueba {level}"),
        ("play-next-level", "Nivel {n}"),
        ("standings", "Tu historial contra la IA"),
        ("standings-level", "Nivel"),
        ("standings-red", "con Rojo (ganadas–perdidas–tablas)"),
        ("standings-blue", "con Azul (ganadas–perdidas–tablas)"),
        ("watch-pause", "Pausa"),
        ("watch-resume", "Seguir"),
        ("watch-paused", "en pausa"),
        ("watch-speed", "Velocidad"),
        ("slow", "lenta"),
        ("normal", "normal"),
        ("fast", "rápida"),
        ("board", "Tablero de Onitama: las flechas mueven, Intro elige, Escape cancela"),
        ("rules-full", "Las reglas completas y las notaciones (en inglés)"),
        ("menu", "Menú"),
        ("sound", "Sonido"),
        ("coordinates", "Coordenadas"),
        ("theme", "Colores"),
        ("theme-system", "como el sistema"),
        ("theme-light", "claro"),
        ("theme-dark", "oscuro"),
        ("change-level", "Nivel"),
        ("new-game", "Partida nueva"),
        ("undo", "Deshacer"),
        ("meta-description", "Onitama, el juego de mesa de artes marciales para dos jugadores, en tu navegador."),
        ("redo", "Rehacer"),
        ("hint", "Pista"),
        ("records", "Registro"),
        ("evaluation", "Evaluación"),
        ("language", "Idioma"),
        ("moves", "Jugadas"),
        ("rematch", "Revancha"),
        ("crash-title", "Algo ha fallado"),
        (
            "crash-body",
            "La partida se detuvo por un fallo del programa. Tu partida hasta ahora está abajo: cópiala o guárdala y vuelve a empezar.",
        ),
        ("crash-save", "Guardar el registro"),
        ("start-again", "Volver a empezar"),
        ("record-title", "Registro de la partida"),
        ("record-body", "Esta partida como texto: guárdala, o pega aquí un registro y ábrelo."),
        ("record-save", "Guardar como archivo"),
        ("record-unreadable", "Guardar el texto ilegible"),
        ("record-open", "Abrir este registro"),
        ("record-link", "Enlace a esta partida"),
        ("copy-link", "Copiar enlace"),
        ("link-copied", "Enlace copiado"),
        ("link-not-copied", "No se pudo copiar el enlace: está seleccionado arriba para copiarlo a mano."),
        ("close", "Cerrar"),
        ("resign", "Abandonar"),
        ("resign-question", "¿Abandonar esta partida?"),
        ("resign-kept", "La partida termina aquí y se guarda entre las terminadas, en Registro."),
        ("keep-playing", "Seguir jugando"),
        ("step-back", "Jugada anterior"),
        ("red-card-1", "Primera carta de Rojo"),
        ("red-card-2", "Segunda carta de Rojo"),
        ("blue-card-1", "Primera carta de Azul"),
        ("blue-card-2", "Segunda carta de Azul"),
        ("finished-none", "Aún no hay partidas terminadas: cada partida se guarda aquí cuando acaba."),
        ("step-on", "Jugada siguiente"),
        ("abandon-question", "¿Dejar esta partida?"),
        (
            "abandon-text",
            "No ha terminado: la partida nueva ocupa su lugar y esta no se guarda entre las partidas terminadas."
        ),
        ("abandon", "Dejarla"),
        ("resigns", "{color} abandona — gana {winner}"),
        ("you-resign", "Abandonas — gana la IA"),
        ("ai-resigns", "La IA abandona — ganas tú"),
        ("setup-title", "Partida nueva"),
        ("setup-play", "Jugar"),
        ("mode-ai", "contra la IA"),
        ("mode-two", "dos jugadores en este dispositivo"),
        ("mode-watch", "ver a la IA jugar sola"),
        ("your-colour", "Tu color"),
        ("red", "Rojo"),
        ("blue", "Azul"),
        ("random", "al azar"),
        ("ai-level", "Nivel de la IA"),
        ("turn-board", "Girar el tablero hacia quien mueve"),
        ("choose-cards", "Elegir las cinco cartas"),
        ("deck", "Cartas para repartir"),
        ("pack-base", "Juego base"),
        ("pack-senseis-path", "El camino del sensei"),
        ("pack-promo", "Cartas promocionales"),
        ("deck-count", "{n} de {total} cartas activas"),
        ("deck-too-few", "Quedan al menos cinco cartas activas: cada partida reparte cinco."),
        ("side-card", "Carta lateral (su sello decide quién empieza)"),
        ("cancel", "Cancelar"),
        ("start", "Empezar"),
        ("rules", "Reglas"),
        ("best-defence", "mejor defensa"),
        ("puzzle-going", "¡Bien! {color} aún gana en {left} {left|jugada|jugadas} más: sigue"),
        ("puzzle-waiting", "Problema {id} · {difficulty} · la defensa responde…"),
        ("review-stop", "Detener"),
        (
            "rules-unavailable",
            "No se pudieron descargar las reglas: quizá no tengas conexión. Las reglas completas, en inglés, están enlazadas abajo."
        ),
        ("puzzles", "Problemas"),
        ("daily-puzzle", "Problema del día"),
        ("easy", "fácil"),
        ("medium", "medio"),
        ("hard", "difícil"),
        (
            "puzzle-line",
            "Problema {id} · {difficulty} · {color} gana en {n} {n|jugada|jugadas}: {n|encuéntrala|encuéntralas}"
        ),
        (
            "daily-line",
            "Problema del día · {difficulty} · {color} gana en {n} {n|jugada|jugadas}: {n|encuéntrala|encuéntralas}"
        ),
        ("puzzle-solved", "¡Resuelto! {color} gana en {n} {n|jugada|jugadas}."),
        (
            "puzzle-solved-helped",
            "Resuelto con ayuda: {color} gana en {n} {n|jugada|jugadas}. Resuélvelo sin pista ni error para marcarlo."
        ),
        ("puzzle-failed", "Esa no: tras {wrong}, {defender} responde {refutation} y la victoria se escapa."),
        ("puzzle-failed-win", "Esa no: tras {wrong}, {defender} responde {refutation} y gana."),
        ("puzzle-out-of-moves", "Esa no: {n|se jugó la|se jugaron las} {n} {n|jugada|jugadas} y {color} no ha ganado."),
        ("try-again", "Reintentar"),
        ("next-puzzle", "Siguiente problema"),
        ("puzzles-solved", "Problemas resueltos: {n} de {total}"),
        (
            "puzzles-unavailable",
            "No se pudieron descargar los problemas: quizá no tengas conexión. Vuelve a intentarlo cuando estés en línea."
        ),
        ("features-loading", "Abriendo…"),
        (
            "features-unavailable",
            "No se pudo descargar esta parte del juego: quizá no tengas conexión. Vuelve a intentarlo cuando estés en línea."
        ),
        (
            "texts-unavailable",
            "No se pudieron descargar los textos de la página en {language}: quizá no tengas conexión. Vuelve a elegir el idioma cuando estés en línea."
        ),
        ("review-graph", "Gráfica de la evaluación"),
        ("review", "Revisar"),
        ("review-progress", "Revisando la jugada {n} de {total}…"),
        (
            "review-start",
            "Revisión terminada: elige un punto del gráfico o una jugada para ver su valoración; Deshacer y Rehacer recorren la partida"
        ),
        ("class-best", "la mejor"),
        ("class-good", "buena"),
        ("class-inaccuracy", "imprecisión"),
        ("class-mistake", "error"),
        ("class-blunder", "error grave"),
        ("verdict", "{n}. {move}: {class}"),
        ("verdict-best", "{n}. {move}: {class} · la mejor era {best}"),
        ("verdict-equal", "{n}. {move}: {class} · tan buena como {best}"),
        ("best-line", "Mejor línea"),
        ("best-line-shown", "La línea del motor en lugar de la jugada {n}: {line}"),
        ("finished-games", "Partidas terminadas"),
        ("record-review", "Revisar este registro"),
        ("review-failed", "La revisión se detuvo: {reason}"),
        ("puzzle-list", "Todos los problemas"),
        ("puzzle-list-difficulty", "Dificultad"),
        ("puzzle-list-summary", "{n} de {total} resueltos"),
        ("no-puzzle-offered", "Ningún problema usa solo las cartas para repartir: activa más cartas en Partida nueva."),
        ("puzzle-list-fetching", "Descargando los problemas…"),
        ("puzzle-list-solved", "Problema {id}, resuelto"),
        ("puzzle-list-unsolved", "Problema {id}, sin resolver"),
        ("show-solution", "Ver la solución"),
        ("solution-line", "Problema {id} · la solución, contra la mejor defensa"),
        ("solution-shown", "Esa era la solución; vista, no cuenta como resuelta. ¡Inténtalo tú!"),
        ("tutorial", "Tutorial"),
        ("tutorial-offer", "Aprende a jugar"),
        ("tutorial-leave", "Salir del tutorial"),
        ("tutorial-next", "Siguiente"),
        ("tutorial-finish", "Terminar"),
        ("tutorial-unavailable", "No se pudo cargar el tutorial: revisa la conexión y vuelve a intentarlo."),
        ("line-arrow", "→"),
        ("draw-agreed", "Tablas: los jugadores las acordaron"),
        ("wins-on-time", "Gana {color} por tiempo: {loser} no estaba o no movió a tiempo"),
        ("mode-online", "En línea · juegas con {color}"),
        ("mode-online-watching", "En línea · mirando"),
        ("shared-game", "Una partida compartida · {who}"),
        ("shared-vs-ai", "{color} contra la IA · {level}"),
        ("shared-online", "jugada en línea"),
        ("opponent-wins", "Gana tu rival"),
        ("opponent-resigns", "Tu rival abandona — ganas tú"),
        ("you-resign-online", "Abandonas — gana tu rival"),
        ("you-win-stone-online", "Ganas por el Camino de la Piedra: capturaste al maestro de tu rival"),
        ("opponent-wins-stone", "Tu rival gana por el Camino de la Piedra: capturó a tu maestro"),
        ("opponent-wins-stream", "Tu rival gana por el Camino del Arroyo: su maestro llegó a tu templo"),
        ("you-win-on-time", "Ganas por tiempo: tu rival no estaba o no movió a tiempo"),
        ("opponent-wins-on-time", "Tu rival gana por tiempo: no estabas o no moviste a tiempo"),
        ("online-opponent", "Tu rival"),
        ("online-waiting", "Esperando a tu amigo"),
        ("online-away", "Tu rival no está"),
        ("online-opponent-moves", "Mueve tu rival"),
        ("online-opening", "Abriendo el juego en línea…"),
        ("online-unavailable", "No se pudo cargar el juego en línea: comprueba la conexión y vuelve a intentarlo."),
        (
            "online-unreadable",
            "No se pudo recuperar esta partida en línea: lo que se guardó de ella no se puede leer. Sal de ella para seguir jugando."
        ),
        (
            "online-link-broken",
            "Este enlace de partida en línea está incompleto o dañado: pide a tu amigo que te lo envíe de nuevo."
        ),
        ("play-online", "Jugar en línea"),
        ("online-invite", "Invitar a un amigo"),
        ("online-find", "Buscar un rival"),
        ("mode-invite", "en línea, con un amigo al que invito"),
        ("mode-find", "en línea, contra un desconocido"),
        ("online-limit", "Tiempo"),
        ("limit-60", "1 minuto por jugada"),
        ("limit-180", "3 minutos por jugada"),
        ("limit-600", "10 minutos por jugada"),
        ("limit-none", "sin límite"),
        ("clock-1", "reloj 1+1"),
        ("clock-3", "reloj 3+2"),
        ("clock-5", "reloj 5+3"),
        ("clock-10", "reloj 10+5"),
        ("clock-custom", "reloj a mi medida"),
        ("online-watchers", "Dejar que otros miren con el enlace"),
        ("clock-minutes", "Minutos por jugador"),
        ("clock-increment", "Segundos añadidos por jugada"),
        ("clock-bad", "Un reloj va de 15 segundos a 3 horas, con 60 segundos añadidos por jugada como máximo."),
        ("clocks-described", "Relojes: Rojo {red}, Azul {blue}."),
        ("online-link", "Enlace para tu amigo"),
        ("online-share", "Compartir"),
    ],
};

#[cfg(not(target_arch = "wasm32"))]
const FR: Texts = Texts {
    colors: ["Rouge", "Bleu"],
    cards: [
        "tigre",
        "crabe",
        "singe",
        "grue",
        "dragon",
        "éléphant",
        "mante",
        "sanglier",
        "grenouille",
        "lapin",
        "oie",
        "coq",
        "cheval",
        "bœuf",
        "anguille",
        "cobra",
        // Sensei's Path and the promos: the French edition's card names could not be checked, so
        // the animals' common names.
        "ours",
        "panda",
        "chien",
        "renard",
        "girafe",
        "kirin",
        "souris",
        "rat",
        "zibeline",
        "loutre",
        "serpent de mer",
        "vipère",
        "tanuki",
        "iguane",
        "phénix",
        "tortue",
        "mouton",
        "chèvre",
    ],
    levels: [
        "novice",
        "débutant",
        "amateur",
        "apprenti",
        "élève",
        "érudit",
        "adepte",
        "expert",
        "sensei",
        "champion",
        "élite",
        "maître",
    ],
    to_move: "Au tour de {color}",
    your_move: "À vous ({color})",
    must_pass: "Aucune pièce ne peut bouger\u{a0}: choisissez une carte à céder",
    choose_card: "Les deux cartes y mènent\u{a0}: choisissez la carte à céder",
    who_starts: "{color} commence\u{a0}: la carte du côté, {card}, porte un sceau {stamp}",
    stamp_colors: ["rouge", "bleu"],
    win_stone: "{color} gagne par la Voie de la Pierre\u{a0}: le maître est capturé",
    win_stream: "{color} gagne par la Voie du Ruisseau\u{a0}: le maître a atteint le temple",
    draw: "Partie nulle\u{a0}: la même position s'est produite une troisième fois",
    save_unreadable: "La partie enregistrée n'a pas pu être lue\u{a0}: {reason}. Une nouvelle partie commence\u{202f}; le texte illisible est conservé et peut être enregistré depuis Relevé.",
    link_broken: "Ce lien n'a pas pu être ouvert\u{a0}: {reason}. Rien n'est perdu.",
    record_broken: "Ce relevé n'a pas pu être ouvert\u{a0}: {reason}. Rien n'a changé.",
    ai_failed: "L'IA s'est arrêtée ({reason}). Annulez ou commencez une nouvelle partie pour la relancer.",
    you_win_stone: "Vous gagnez par la Voie de la Pierre\u{a0}: vous avez capturé le maître de l'IA",
    you_win_stream: "Vous gagnez par la Voie du Ruisseau\u{a0}: votre maître a atteint le temple",
    ai_wins_stone: "L'IA gagne par la Voie de la Pierre\u{a0}: elle a capturé votre maître",
    ai_wins_stream: "L'IA gagne par la Voie du Ruisseau\u{a0}: son maître a atteint votre temple",
    mode_ai: "Contre l'IA · {level}",
    mode_two: "Deux joueurs",
    mode_watch: "L'IA contre elle-même · {level}",
    level: "niveau {n}, {name}",
    duplicate_card: "Choisissez cinq cartes différentes\u{a0}: la carte {card} est choisie {n} fois",
    move_pass: "{card}\u{a0}: passe",
    viewing: "Retour en arrière\u{a0}: coup {n} sur {total}",
    you_win_short: "Vous gagnez\u{202f}!",
    ai_wins_short: "L'IA gagne",
    wins_short: "{color} gagne\u{202f}!",
    draw_short: "Partie nulle",
    ai_label: "IA · {level}",
    ai_thinking: "Réflexion… · {level}",
    eval_even: "Égalité",
    eval_lead: "{color} +{n}",
    eval_win: "{color} gagne en {n} (forcé)",
    announce_step: "{color} joue {card}\u{a0}: de {from} à {to}.",
    announce_capture: "{color} joue {card}\u{a0}: de {from} à {to} et capture.",
    announce_pass: "{color} ne peut pas bouger et cède {card}.",
    describe_side: "{color}\u{a0}: maître en {master}\u{202f}; élèves en {students}.",
    no_students: "aucune case",
    describe_cards: "{red} tient {red_cards}\u{202f}; {blue} tient {blue_cards}\u{202f}; à côté du plateau\u{a0}: {side}.",
    and: " et ",
    rules_title: "Comment jouer",
    #[cfg(not(target_arch = "wasm32"))]
    rules: &[
        "Chaque joueur a un maître (la grande pièce à huit côtés, couronnée) et quatre élèves (les pièces rondes). On gagne en capturant le maître adverse, la Voie de la Pierre, ou en amenant son propre maître sur le temple adverse, la case où ce maître a commencé, la Voie du Ruisseau. Un élève sur le temple ne gagne rien.",
        "On distribue cinq cartes\u{a0}: deux à chaque joueur et une à côté du plateau. La couleur du sceau de cette carte décide qui joue en premier.",
        "À votre tour, choisissez une de vos deux cartes et déplacez une de vos pièces comme l'indique la carte\u{a0}: la case sombre est la pièce, les cases colorées sont celles où elle peut sauter. Les pièces sautent par-dessus les autres. On ne peut ni se poser sur sa propre pièce ni sortir du plateau\u{202f}; se poser sur une pièce adverse la capture.",
        "La carte jouée va à côté du plateau et vous prenez celle qui s'y trouvait. Elle parviendra à votre adversaire après son prochain tour\u{a0}: les cartes tournent entre les joueurs.",
        "Seulement quand aucune pièce ne peut bouger avec aucune de vos cartes, vous passez\u{a0}: choisissez une de vos cartes et échangez-la contre la carte du côté sans bouger.",
        "Si la même position se produit pour la troisième fois (les pièces, les deux mains, la carte du côté et le joueur au trait), la partie est nulle.",
    ],
    rules_cards: "Les cartes de la pioche, telles que les voit leur détenteur (l'avant est en haut)",
    html: pairs![
        ("continue-here", "Continuer d'ici"),
        ("back-to-game", "Retour à la partie"),
        ("back-to-my-game", "Revenir à ma partie"),
        ("eval-exact-win", "{color} gagne en {n} (exact)"),
        ("eval-exact-draw", "Nulle (exact)"),
        ("analysis", "Plateau d'analyse"),
        ("analysis-over", "La partie est finie dans cette position"),
        ("analysis-starting", "Analyse en cours…"),
        ("analysis-depth", "Profondeur {n}"),
        ("analysis-stopped", "Le moteur est arrêté"),
        ("analysis-exact", "Exact\u{a0}: les tables de finales"),
        ("analysis-stop", "Arrêter"),
        ("analysis-go", "Analyser"),
        ("analysis-lines", "Les meilleures lignes du moteur"),
        ("analyse-here", "Analyser à partir d'ici"),
        ("play-here", "Jouer d'ici"),
        (
            "play-here-online",
            "Une partie en ligne commence par une donne\u{a0}: choisissez une autre façon de jouer à partir d'ici."
        ),
        ("next-level", "Trois victoires de suite\u{a0}: essayez {level}"),
        ("play-next-level", "Niveau {n}"),
        ("standings", "Votre bilan contre l'IA"),
        ("standings-level", "Niveau"),
        ("standings-red", "avec Rouge (gagnées–perdues–nulles)"),
        ("standings-blue", "avec Bleu (gagnées–perdues–nulles)"),
        ("watch-pause", "Pause"),
        ("watch-resume", "Reprendre"),
        ("watch-paused", "en pause"),
        ("watch-speed", "Vitesse"),
        ("slow", "lente"),
        ("normal", "normale"),
        ("fast", "rapide"),
        ("board", "Plateau d'Onitama\u{a0}: les flèches déplacent, Entrée choisit, Échap annule"),
        ("rules-full", "Les règles complètes et les notations (en anglais)"),
        ("menu", "Menu"),
        ("sound", "Son"),
        ("coordinates", "Coordonnées"),
        ("theme", "Couleurs"),
        ("theme-system", "comme le système"),
        ("theme-light", "clair"),
        ("theme-dark", "sombre"),
        ("change-level", "Niveau"),
        ("new-game", "Nouvelle partie"),
        ("undo", "Annuler"),
        ("meta-description", "Onitama, le jeu de plateau d'arts martiaux pour deux joueurs, dans votre navigateur."),
        ("redo", "Rétablir"),
        ("hint", "Indice"),
        ("records", "Relevé"),
        ("evaluation", "Évaluation"),
        ("language", "Langue"),
        ("moves", "Coups"),
        ("rematch", "Revanche"),
        ("crash-title", "Un problème est survenu"),
        (
            "crash-body",
            "La partie s'est arrêtée à cause d'une erreur du programme. Votre partie jusqu'ici est ci-dessous\u{a0}: copiez-la ou enregistrez-la, puis recommencez.",
        ),
        ("crash-save", "Enregistrer le relevé"),
        ("start-again", "Recommencer"),
        ("record-title", "Relevé de la partie"),
        ("record-body", "Cette partie en texte\u{a0}: enregistrez-la, ou collez ici un relevé et ouvrez-le."),
        ("record-save", "Enregistrer dans un fichier"),
        ("record-unreadable", "Enregistrer le texte illisible"),
        ("record-open", "Ouvrir ce relevé"),
        ("record-link", "Lien vers cette partie"),
        ("copy-link", "Copier le lien"),
        ("link-copied", "Lien copié"),
        ("link-not-copied", "Le lien n'a pas pu être copié\u{a0}: il est sélectionné ci-dessus, à copier à la main."),
        ("close", "Fermer"),
        ("resign", "Abandonner"),
        ("resign-question", "Abandonner cette partie\u{202f}?"),
        ("resign-kept", "La partie s'arrête ici et reste parmi les parties terminées, dans Relevé."),
        ("keep-playing", "Continuer la partie"),
        ("step-back", "Coup précédent"),
        ("red-card-1", "Première carte de Rouge"),
        ("red-card-2", "Deuxième carte de Rouge"),
        ("blue-card-1", "Première carte de Bleu"),
        ("blue-card-2", "Deuxième carte de Bleu"),
        ("finished-none", "Aucune partie terminée pour l'instant\u{a0}: chaque partie est gardée ici à sa fin."),
        ("step-on", "Coup suivant"),
        ("abandon-question", "Laisser cette partie\u{202f}?"),
        (
            "abandon-text",
            "Elle n'est pas finie\u{a0}: la nouvelle partie prend sa place, et celle-ci n'est pas gardée parmi les parties terminées."
        ),
        ("abandon", "La laisser"),
        ("resigns", "{color} abandonne — {winner} gagne"),
        ("you-resign", "Vous abandonnez — l'IA gagne"),
        ("ai-resigns", "L'IA abandonne — vous gagnez"),
        ("setup-title", "Nouvelle partie"),
        ("setup-play", "Jouer"),
        ("mode-ai", "contre l'IA"),
        ("mode-two", "à deux sur cet appareil"),
        ("mode-watch", "regarder l'IA jouer seule"),
        ("your-colour", "Votre couleur"),
        ("red", "Rouge"),
        ("blue", "Bleu"),
        ("random", "au hasard"),
        ("ai-level", "Niveau de l'IA"),
        ("turn-board", "Tourner le plateau vers le joueur qui joue"),
        ("choose-cards", "Choisir les cinq cartes"),
        ("deck", "Cartes à distribuer"),
        ("pack-base", "Jeu de base"),
        ("pack-senseis-path", "La Voie du sensei"),
        ("pack-promo", "Cartes promotionnelles"),
        ("deck-count", "{n} cartes actives sur {total}"),
        ("deck-too-few", "Au moins cinq cartes restent actives\u{a0}: une partie en distribue cinq."),
        ("side-card", "Carte du côté (son sceau décide qui commence)"),
        ("cancel", "Annuler"),
        ("start", "Commencer"),
        ("rules", "Règles"),
        ("best-defence", "meilleure défense"),
        ("puzzle-going", "Bien joué\u{202f}! {color} gagne encore en {left} {left|coup|coups}\u{a0}: continuez"),
        ("puzzle-waiting", "Problème {id} · {difficulty} · la défense répond…"),
        ("review-stop", "Arrêter"),
        (
            "rules-unavailable",
            "Les règles n'ont pas pu être téléchargées\u{a0}: vous êtes peut-être hors ligne. Les règles complètes, en anglais, sont en lien ci-dessous."
        ),
        ("puzzles", "Problèmes"),
        ("daily-puzzle", "Problème du jour"),
        ("easy", "facile"),
        ("medium", "moyen"),
        ("hard", "difficile"),
        (
            "puzzle-line",
            "Problème {id} · {difficulty} · {color} gagne en {n} {n|coup|coups}\u{a0}: {n|trouvez-le|trouvez-les}"
        ),
        (
            "daily-line",
            "Problème du jour · {difficulty} · {color} gagne en {n} {n|coup|coups}\u{a0}: {n|trouvez-le|trouvez-les}"
        ),
        ("puzzle-solved", "Résolu\u{202f}! {color} gagne en {n} {n|coup|coups}."),
        (
            "puzzle-solved-helped",
            "Résolu avec aide\u{a0}: {color} gagne en {n} {n|coup|coups}. Résolvez-le sans indice ni erreur pour le cocher."
        ),
        (
            "puzzle-failed",
            "Pas celui-ci\u{a0}: après {wrong}, {defender} répond {refutation} et la victoire s'échappe."
        ),
        ("puzzle-failed-win", "Pas celui-ci\u{a0}: après {wrong}, {defender} répond {refutation} et gagne."),
        (
            "puzzle-out-of-moves",
            "Pas celui-ci\u{a0}: {n|le|les} {n} {n|coup est joué|coups sont joués} et {color} n'a pas gagné."
        ),
        ("try-again", "Réessayer"),
        ("next-puzzle", "Problème suivant"),
        ("puzzles-solved", "Problèmes résolus\u{a0}: {n} sur {total}"),
        (
            "puzzles-unavailable",
            "Les problèmes n'ont pas pu être téléchargés\u{a0}: vous êtes peut-être hors ligne. Réessayez une fois en ligne."
        ),
        ("features-loading", "Ouverture…"),
        (
            "features-unavailable",
            "Cette partie du jeu n'a pas pu être téléchargée\u{a0}: vous êtes peut-être hors ligne. Réessayez une fois en ligne."
        ),
        (
            "texts-unavailable",
            "Les textes de la page en {language} n'ont pas pu être téléchargés\u{a0}: vous êtes peut-être hors ligne. Choisissez de nouveau la langue une fois en ligne."
        ),
        ("review-graph", "Courbe de l'évaluation"),
        ("review", "Revoir"),
        ("review-progress", "Analyse du coup {n} sur {total}…"),
        (
            "review-start",
            "Analyse finie\u{a0}: choisissez un point du graphique ou un coup pour voir son verdict\u{202f}; Annuler et Rétablir parcourent la partie"
        ),
        ("class-best", "meilleur coup"),
        ("class-good", "bon"),
        ("class-inaccuracy", "imprécision"),
        ("class-mistake", "erreur"),
        ("class-blunder", "gaffe"),
        ("verdict", "{n}. {move}\u{a0}: {class}"),
        ("verdict-best", "{n}. {move}\u{a0}: {class} · le meilleur était {best}"),
        ("verdict-equal", "{n}. {move}\u{a0}: {class} · aussi bon que {best}"),
        ("best-line", "Meilleure suite"),
        ("best-line-shown", "La suite du moteur au lieu du coup {n}\u{a0}: {line}"),
        ("finished-games", "Parties terminées"),
        ("record-review", "Revoir ce relevé"),
        ("review-failed", "L'analyse s'est arrêtée\u{a0}: {reason}"),
        ("puzzle-list", "Tous les problèmes"),
        ("puzzle-list-difficulty", "Difficulté"),
        ("puzzle-list-summary", "{n} sur {total} résolus"),
        (
            "no-puzzle-offered",
            "Aucun problème n'utilise que les cartes à distribuer\u{a0}: activez davantage de cartes dans Nouvelle partie."
        ),
        ("puzzle-list-fetching", "Chargement des problèmes…"),
        ("puzzle-list-solved", "Problème {id}, résolu"),
        ("puzzle-list-unsolved", "Problème {id}, pas encore résolu"),
        ("show-solution", "Voir la solution"),
        ("solution-line", "Problème {id} · la solution, contre la meilleure défense"),
        (
            "solution-shown",
            "C'était la solution\u{a0}; montrée, elle ne compte pas comme résolue. Essayez vous-même\u{202f}!"
        ),
        ("tutorial", "Tutoriel"),
        ("tutorial-offer", "Apprendre à jouer"),
        ("tutorial-leave", "Quitter le tutoriel"),
        ("tutorial-next", "Suivant"),
        ("tutorial-finish", "Terminer"),
        ("tutorial-unavailable", "Le tutoriel n'a pas pu être chargé\u{a0}: vérifiez la connexion et réessayez."),
        ("line-arrow", "→"),
        ("draw-agreed", "Partie nulle\u{a0}: les joueurs en sont convenus"),
        ("wins-on-time", "{color} gagne au temps\u{a0}: {loser} était absent ou n'a pas joué à temps"),
        ("mode-online", "En ligne · vous jouez {color}"),
        ("mode-online-watching", "En ligne · vous regardez"),
        ("shared-game", "Une partie partagée · {who}"),
        ("shared-vs-ai", "{color} contre l'IA · {level}"),
        ("shared-online", "jouée en ligne"),
        ("opponent-wins", "Votre adversaire gagne"),
        ("opponent-resigns", "Votre adversaire abandonne — vous gagnez"),
        ("you-resign-online", "Vous abandonnez — votre adversaire gagne"),
        (
            "you-win-stone-online",
            "Vous gagnez par la Voie de la Pierre\u{a0}: vous avez capturé le maître de votre adversaire"
        ),
        ("opponent-wins-stone", "Votre adversaire gagne par la Voie de la Pierre\u{a0}: il a capturé votre maître"),
        (
            "opponent-wins-stream",
            "Votre adversaire gagne par la Voie du Ruisseau\u{a0}: son maître a atteint votre temple"
        ),
        ("you-win-on-time", "Vous gagnez au temps\u{a0}: votre adversaire était absent ou n'a pas joué à temps"),
        (
            "opponent-wins-on-time",
            "Votre adversaire gagne au temps\u{a0}: vous étiez absent ou n'avez pas joué à temps"
        ),
        ("online-opponent", "Votre adversaire"),
        ("online-waiting", "En attente de votre ami"),
        ("online-away", "Votre adversaire est absent"),
        ("online-opponent-moves", "Au tour de votre adversaire"),
        ("online-opening", "Ouverture du jeu en ligne…"),
        ("online-unavailable", "Le jeu en ligne n'a pas pu être chargé\u{a0}: vérifiez la connexion et réessayez."),
        (
            "online-unreadable",
            "Cette partie en ligne n'a pas pu être reprise\u{a0}: ce qui en a été enregistré est illisible. Quittez-la pour continuer à jouer."
        ),
        (
            "online-link-broken",
            "Ce lien de partie en ligne est incomplet ou abîmé\u{a0}: demandez à votre ami de vous le renvoyer."
        ),
        ("play-online", "Jouer en ligne"),
        ("online-invite", "Inviter un ami"),
        ("online-find", "Trouver un adversaire"),
        ("mode-invite", "en ligne, avec un ami que j'invite"),
        ("mode-find", "en ligne, contre un inconnu"),
        ("online-limit", "Temps"),
        ("limit-60", "1 minute par coup"),
        ("limit-180", "3 minutes par coup"),
        ("limit-600", "10 minutes par coup"),
        ("limit-none", "sans limite"),
        ("clock-1", "cadence 1+1"),
        ("clock-3", "cadence 3+2"),
        ("clock-5", "cadence 5+3"),
        ("clock-10", "cadence 10+5"),
        ("clock-custom", "cadence personnalisée"),
        ("online-watchers", "Laisser d'autres regarder avec le lien"),
        ("clock-minutes", "Minutes par joueur"),
        ("clock-increment", "Secondes ajoutées par coup"),
        ("clock-bad", "Une cadence va de 15 secondes à 3 heures, avec au plus 60 secondes ajoutées par coup."),
        ("clocks-described", "Pendules\u{a0}: Rouge {red}, Bleu {blue}."),
        ("online-link", "Lien pour votre ami"),
        ("online-share", "Partager"),
    ],
};
