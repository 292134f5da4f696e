//! Every text the page shows, for each language: English, Persian (right to left, Persian
//! digits), Spanish and French. Templates name their blanks: `{color}`, `{card}`, `{n}`…
//!
//! Here the phrases, put together from a language's texts; `texts` says what a language's texts
//! are and how they are read from their file, `store` which languages the page has, and `en`,
//! `fa`, `es`, `fr` are the tables.

use crate::ai::Score;
use crate::ai::review::MoveClass;
use crate::mode::{AiLevel, Mode};
use crate::rules::{Card, Color, Move, Outcome, Pack, Position, Way};

pub use onitama_lang::Lang;

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

mod en;
#[cfg(not(target_arch = "wasm32"))]
mod es;
#[cfg(not(target_arch = "wasm32"))]
mod fa;
#[cfg(not(target_arch = "wasm32"))]
mod fr;
mod store;
mod texts;

pub use en::EN;
pub use store::{Languages, TextsFile};
#[cfg(not(target_arch = "wasm32"))]
pub use store::{built_in, reread_texts_file, rules_file, texts_file};
pub use texts::Texts;

pub fn rules_paragraphs(file: &str) -> impl Iterator<Item = &str> {
    file.lines().filter(|line| !line.is_empty() && !line.starts_with('#'))
}

/// What the Rules dialog says above the cards: the rules file's paragraphs, or, if it could not
/// be had (offline before it was kept), a sentence saying so in `t.lang`.
pub fn rules_text(t: &Texts, file: Option<&str>) -> Vec<String> {
    match file {
        Some(file) => rules_paragraphs(file).map(String::from).collect(),
        None => vec![page_text(t, "rules-unavailable", &[])],
    }
}

/// A page text by its key, its blanks filled (an unknown key gives the key, so a gap shows).
fn html_fill(t: &Texts, key: &str, blanks: &[(&str, &str)]) -> String {
    fill(t, t.html(key).unwrap_or(key), blanks)
}

/// A page text by its key, its blanks filled with owned values (notices, puzzles, the review…).
pub fn page_text(t: &Texts, key: &str, blanks: &[(&str, String)]) -> String {
    let blanks: Vec<(&str, &str)> = blanks.iter().map(|(name, value)| (*name, value.as_str())).collect();
    html_fill(t, key, &blanks)
}

pub fn review_progress(t: &Texts, done: usize, total: usize) -> String {
    html_fill(t, "review-progress", &[("n", &(done + 1).min(total).to_string()), ("total", &total.to_string())])
}

pub fn review_start(t: &Texts) -> String {
    html_fill(t, "review-start", &[])
}

pub fn review_failed(t: &Texts, reason: &str) -> String {
    html_fill(t, "review-failed", &[("reason", reason)])
}

pub fn move_class<'a>(t: &Texts<'a>, class: MoveClass) -> &'a str {
    t.html(&format!("class-{}", class.code())).unwrap_or(class.code())
}

pub fn verdict(t: &Texts, ply: usize, played: &str, class: &str) -> String {
    html_fill(t, "verdict", &[("n", &ply.to_string()), ("move", played), ("class", class)])
}

pub fn verdict_with_best(t: &Texts, ply: usize, played: &str, class: &str, best: &str) -> String {
    html_fill(t, "verdict-best", &[("n", &ply.to_string()), ("move", played), ("class", class), ("best", best)])
}

/// A move classed best that the engine ranked beside another: "as good as" that one.
pub fn verdict_equal(t: &Texts, ply: usize, played: &str, class: &str, best: &str) -> String {
    html_fill(t, "verdict-equal", &[("n", &ply.to_string()), ("move", played), ("class", class), ("best", best)])
}

pub fn best_line_shown(t: &Texts, ply: usize, line: &str) -> String {
    html_fill(t, "best-line-shown", &[("n", &ply.to_string()), ("line", line)])
}

/// Fills a template's blanks; in Persian the digits become Persian digits.
fn fill(t: &Texts, template: &str, blanks: &[(&str, &str)]) -> String {
    t.lang.digits(&fill_blanks(&agree(t, template, blanks), blanks))
}

/// Whether a count of `n` takes the singular in `t.lang`: one in English and Spanish, zero and one
/// in French, always in Persian (which counts with the singular: «۳ حرکت»).
pub fn takes_singular(t: &Texts, n: u64) -> bool {
    match t.lang {
        Lang::En | Lang::Es => n == 1,
        Lang::Fr => n < 2,
        Lang::Fa => true,
    }
}

/// Puts in place of each `{n|one|other}` the form that agrees with blank `n`'s number in `t.lang`
/// (`{left|move|moves}`); a blank that is no number takes the plural.
fn agree(t: &Texts, template: &str, blanks: &[(&str, &str)]) -> String {
    let mut pieces = template.split('{');
    let mut out = String::from(pieces.next().unwrap_or_default());
    for piece in pieces {
        let choice = piece.split_once('}').and_then(|(inside, tail)| {
            let mut forms = inside.split('|');
            let (name, one, other) = (forms.next()?, forms.next()?, forms.next()?);
            let count = blanks.iter().find(|b| b.0 == name)?.1.parse::<u64>().ok();
            Some((if count.is_some_and(|n| takes_singular(t, n)) { one } else { other }, tail))
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

pub fn color_name<'a>(t: &Texts<'a>, color: Color) -> &'a str {
    t.colors[color.index()]
}

pub fn card_name<'a>(t: &Texts<'a>, card: Card) -> &'a str {
    t.cards[card.index()]
}

/// A set of cards by its name in `t.lang` ("Sensei's Path").
pub fn pack_name<'a>(t: &Texts<'a>, pack: Pack) -> &'a str {
    t.html(&format!("pack-{}", pack.code())).unwrap_or(pack.code())
}

/// "16 of 34 cards on", in `t.lang`'s digits.
pub fn deck_count(t: &Texts, on: u32) -> String {
    html_fill(t, "deck-count", &[("n", &on.to_string()), ("total", &Card::COUNT.to_string())])
}

pub fn to_move(t: &Texts, color: Color) -> String {
    fill(t, t.to_move(), &[("color", color_name(t, color))])
}

pub fn your_move(t: &Texts, color: Color) -> String {
    fill(t, t.your_move(), &[("color", color_name(t, color))])
}

pub fn must_pass(t: &Texts) -> String {
    t.must_pass().to_string()
}

pub fn choose_card(t: &Texts) -> String {
    t.choose_card().to_string()
}

pub fn who_starts(t: &Texts, side: Card) -> String {
    fill(
        t,
        t.who_starts(),
        &[
            ("color", color_name(t, side.stamp())),
            ("card", card_name(t, side)),
            ("stamp", t.stamp_colors[side.stamp().index()]),
        ],
    )
}

pub fn outcome(t: &Texts, outcome: Outcome) -> String {
    match outcome {
        Outcome::Win { winner, way: Way::Stone } => fill(t, t.win_stone(), &[("color", color_name(t, winner))]),
        Outcome::Win { winner, way: Way::Stream } => fill(t, t.win_stream(), &[("color", color_name(t, winner))]),
        Outcome::DrawByRepetition => t.draw().to_string(),
        Outcome::Resigned { by } => resigned(t, by, None),
        Outcome::DrawAgreed => html_fill(t, "draw-agreed", &[]),
        Outcome::WonOnTime { winner } => {
            html_fill(t, "wins-on-time", &[("color", color_name(t, winner)), ("loser", color_name(t, winner.other()))])
        }
    }
}

/// "Blue resigns — Red wins"; against the AI (`human`), "You resign — the AI wins".
fn resigned(t: &Texts, by: Color, human: Option<Color>) -> String {
    match human {
        Some(human) => html_fill(t, if by == human { "you-resign" } else { "ai-resigns" }, &[]),
        None => html_fill(t, "resigns", &[("color", color_name(t, by)), ("winner", color_name(t, by.other()))]),
    }
}

/// The end of a game as the player sees it: "You win" or "The AI wins" against the AI, the
/// winner's colour when people play each other or the AI plays itself.
pub fn result(t: &Texts, outcome: Outcome, mode: Mode) -> String {
    match (outcome, mode) {
        (Outcome::Win { winner, way }, Mode::VsAi { human, .. }) => match (winner == human, way) {
            (true, Way::Stone) => t.lang.digits(t.you_win_stone()),
            (true, Way::Stream) => t.lang.digits(t.you_win_stream()),
            (false, Way::Stone) => t.lang.digits(t.ai_wins_stone()),
            (false, Way::Stream) => t.lang.digits(t.ai_wins_stream()),
        },
        (Outcome::Resigned { by }, Mode::VsAi { human, .. }) => resigned(t, by, Some(human)),
        (Outcome::Win { winner, way }, Mode::Online { you: Some(you) }) => match (winner == you, way) {
            (true, Way::Stone) => html_fill(t, "you-win-stone-online", &[]),
            (true, Way::Stream) => t.lang.digits(t.you_win_stream()),
            (false, Way::Stone) => html_fill(t, "opponent-wins-stone", &[]),
            (false, Way::Stream) => html_fill(t, "opponent-wins-stream", &[]),
        },
        (Outcome::WonOnTime { winner }, Mode::Online { you: Some(you) }) => {
            html_fill(t, if winner == you { "you-win-on-time" } else { "opponent-wins-on-time" }, &[])
        }
        (Outcome::Resigned { by }, Mode::Online { you: Some(you) }) => {
            html_fill(t, if by == you { "you-resign-online" } else { "opponent-resigns" }, &[])
        }
        _ => self::outcome(t, outcome),
    }
}

/// The result in a few words: "You win!", "The AI wins", "Red wins!", "Draw".
pub fn result_short(t: &Texts, outcome: Outcome, mode: Mode) -> String {
    match (outcome, mode) {
        (Outcome::DrawByRepetition | Outcome::DrawAgreed, _) => t.draw_short().to_string(),
        (Outcome::Win { winner, .. } | Outcome::WonOnTime { winner }, Mode::VsAi { human, .. }) => {
            (if winner == human { t.you_win_short() } else { t.ai_wins_short() }).to_string()
        }
        // Online a resignation too is said as who won (a phone's strip keeps it on one line);
        // how the game ended is by the board.
        (Outcome::Win { winner, .. } | Outcome::WonOnTime { winner }, Mode::Online { you: Some(you) }) => {
            online_verdict(t, winner == you)
        }
        (Outcome::Win { winner, .. } | Outcome::WonOnTime { winner }, _) => {
            fill(t, t.wins_short(), &[("color", color_name(t, winner))])
        }
        (Outcome::Resigned { by }, Mode::Online { you: Some(you) }) => online_verdict(t, by != you),
        // A watcher's strip too keeps it on one line: who won.
        (Outcome::Resigned { by }, Mode::Online { you: None }) => {
            fill(t, t.wins_short(), &[("color", color_name(t, by.other()))])
        }
        (Outcome::Resigned { .. }, _) => result(t, outcome, mode),
    }
}

fn online_verdict(t: &Texts, won: bool) -> String {
    if won { t.you_win_short().to_string() } else { html_fill(t, "opponent-wins", &[]) }
}

/// The label by the AI's hand: its level, and whether it is thinking.
pub fn ai_label(t: &Texts, level: AiLevel, thinking: bool) -> String {
    let name = level_name(t, level);
    fill(t, if thinking { t.ai_thinking() } else { t.ai_label() }, &[("level", name)])
}

/// The puzzle's defender by the board: "AI · best defence".
pub fn defender_label(t: &Texts, thinking: bool) -> String {
    let name = t.html("best-defence").unwrap_or_default();
    fill(t, if thinking { t.ai_thinking() } else { t.ai_label() }, &[("level", name)])
}

/// Who plays, and the AI's level: "Against the AI · level 5, student".
pub fn mode_line(t: &Texts, mode: Mode) -> String {
    match mode {
        Mode::VsAi { level, .. } => fill(t, t.mode_ai(), &[("level", &level_line(t, level))]),
        Mode::PassAndPlay { .. } => t.mode_two().to_string(),
        Mode::Watch { level } => fill(t, t.mode_watch(), &[("level", &level_line(t, level))]),
        Mode::Online { you: Some(you) } => html_fill(t, "mode-online", &[("color", color_name(t, you))]),
        Mode::Online { you: None } => html_fill(t, "mode-online-watching", &[]),
    }
}

/// Who played a game a friend's link opened: "A shared game · Red against the AI, level 2, …".
pub fn shared_game(t: &Texts, mode: Mode) -> String {
    let who = match mode {
        Mode::VsAi { human, level } => {
            html_fill(t, "shared-vs-ai", &[("color", color_name(t, human)), ("level", &level_line(t, level))])
        }
        Mode::Online { .. } => html_fill(t, "shared-online", &[]),
        _ => mode_line(t, mode),
    };
    html_fill(t, "shared-game", &[("who", &who)])
}

/// The label by the opponent's hand, online.
/// In place of "Your move" while the player cannot move: the friend has not come, or the
/// opponent is away.
pub fn online_waiting(t: &Texts, friend_come: bool) -> String {
    html_fill(t, if friend_come { "online-away" } else { "online-waiting" }, &[])
}

pub fn online_opponent(t: &Texts, to_move: bool) -> String {
    html_fill(t, if to_move { "online-opponent-moves" } else { "online-opponent" }, &[])
}

/// A level's name: "student".
pub fn level_name<'a>(t: &Texts<'a>, level: AiLevel) -> &'a str {
    t.levels[level.index()]
}

/// After wins in a row: "Three wins in a row: try level 6, scholar".
pub fn next_level(t: &Texts, level: AiLevel) -> String {
    html_fill(t, "next-level", &[("level", &level_line(t, level))])
}

/// The next level's button: "Level 6".
pub fn next_level_label(t: &Texts, level: AiLevel) -> String {
    html_fill(t, "play-next-level", &[("n", &(level.index() + 1).to_string())])
}

/// A level with its place on the ladder: "level 5, student".
pub fn level_line(t: &Texts, level: AiLevel) -> String {
    let n = (level.index() + 1).to_string();
    fill(t, t.level(), &[("n", &n), ("name", level_name(t, level))])
}

/// A level as the new-game dialog lists it: "5 – student".
pub fn level_choice(t: &Texts, level: AiLevel) -> String {
    t.lang.digits(&format!("{} – {}", level.index() + 1, level_name(t, level)))
}

/// Five cards chosen with `card` among them `times` times.
pub fn duplicate_card(t: &Texts, card: Card, times: usize) -> String {
    fill(t, t.duplicate_card(), &[("card", card_name(t, card)), ("n", &times.to_string())])
}

/// Puts an already written reason into a template: the reason's own digits (squares, quoted
/// text) are left as they are.
fn with_reason(t: &Texts, template: &str, reason: &str) -> String {
    fill_blanks(&t.lang.digits(template), &[("reason", reason)])
}

pub fn save_unreadable(t: &Texts, reason: &str) -> String {
    with_reason(t, t.save_unreadable(), reason)
}

pub fn link_broken(t: &Texts, reason: &str) -> String {
    with_reason(t, t.link_broken(), reason)
}

pub fn record_broken(t: &Texts, reason: &str) -> String {
    with_reason(t, t.record_broken(), reason)
}

pub fn ai_failed(t: &Texts, detail: &str) -> String {
    with_reason(t, t.ai_failed(), detail)
}

/// The evaluation for the bar, from Red's side: "Red +0.4", "Blue wins in 3 (forced)"; from the
/// exact tables (`exact`), "Blue wins in 3 (exact)" or "Draw (exact)".
pub fn evaluation(t: &Texts, score_for_red: Score, exact: bool) -> String {
    let moves = |plies: u32| plies.div_ceil(2).to_string();
    match score_for_red {
        Score::Value(_) if exact => html_fill(t, "eval-exact-draw", &[]),
        Score::Win(plies) if exact => {
            html_fill(t, "eval-exact-win", &[("color", color_name(t, Color::Red)), ("n", &moves(plies))])
        }
        Score::Loss(plies) if exact => {
            html_fill(t, "eval-exact-win", &[("color", color_name(t, Color::Blue)), ("n", &moves(plies))])
        }
        Score::Value(v) if v.abs() < 10 => t.eval_even().to_string(),
        Score::Value(v) => {
            let leader = if v > 0 { Color::Red } else { Color::Blue };
            let tenths = (v.abs() + 5) / 10;
            let point = if t.lang == Lang::Fa { '٫' } else { '.' };
            let amount = format!("{}{point}{}", tenths / 10, tenths % 10);
            fill(t, t.eval_lead(), &[("color", color_name(t, leader)), ("n", &amount)])
        }
        // Plies to the win, counted as the winner's own moves.
        Score::Win(plies) => fill(t, t.eval_win(), &[("color", color_name(t, Color::Red)), ("n", &moves(plies))]),
        Score::Loss(plies) => fill(t, t.eval_win(), &[("color", color_name(t, Color::Blue)), ("n", &moves(plies))]),
    }
}

/// What a screen reader announces after a move (and the result, if it ended the game).
pub fn announce_move(t: &Texts, before: &Position, m: Move, outcome: Option<Outcome>) -> String {
    let color = color_name(t, before.to_move());
    let card = card_name(t, m.card());
    let mut text = match m {
        Move::Step { from, to, .. } => {
            let template = if before.pieces(before.to_move().other()).contains(to) {
                t.announce_capture()
            } else {
                t.announce_step()
            };
            fill(t, template, &[("color", color), ("card", card), ("from", &from.to_string()), ("to", &to.to_string())])
        }
        Move::Pass { .. } => fill(t, t.announce_pass(), &[("color", color), ("card", card)]),
    };
    if let Some(outcome) = outcome {
        text.push(' ');
        text.push_str(&self::outcome(t, outcome));
    }
    text
}

/// A move as the move list shows it: the card in the player's language, the squares (with
/// Persian digits in Persian, kept left to right), × for a capture and ★ for the winning move.
pub fn move_text(t: &Texts, before: &Position, m: Move, outcome: Option<Outcome>) -> String {
    let card = card_name(t, m.card());
    let mut text = match m {
        Move::Step { from, to, .. } => {
            let squares = t.lang.digits(&format!("{from}→{to}"));
            let squares = if t.lang.is_rtl() { format!("\u{2068}{squares}\u{2069}") } else { squares };
            let capture = if before.pieces(before.to_move().other()).contains(to) { " ×" } else { "" };
            format!("{card} {squares}{capture}")
        }
        Move::Pass { .. } => fill(t, t.move_pass(), &[("card", card)]),
    };
    if matches!(outcome, Some(Outcome::Win { .. })) {
        text.push_str(" ★");
    }
    text
}

/// Where the player is while looking back: "Looking back: move 3 of 12".
pub fn viewing(t: &Texts, ply: usize, total: usize) -> String {
    fill(t, t.viewing(), &[("n", &ply.to_string()), ("total", &total.to_string())])
}

/// The whole position in words, for screen readers.
pub fn describe_position(t: &Texts, position: &Position) -> String {
    let mut parts = vec![format!("{}.", to_move(t, position.to_move()))];
    for color in Color::ALL {
        let master = position.master(color).map_or(String::new(), |s| s.to_string());
        let students: Vec<String> =
            (position.pieces(color) & !position.masters(color)).map(|square| square.to_string()).collect();
        // Persian joins a list with its own comma.
        let comma = if t.lang == Lang::Fa { "، " } else { ", " };
        let students = if students.is_empty() { t.no_students().to_string() } else { students.join(comma) };
        parts.push(fill(
            t,
            t.describe_side(),
            &[("color", color_name(t, color)), ("master", &master), ("students", &students)],
        ));
    }
    let hand = |color: Color| position.hand(color).map(|card| card_name(t, card)).collect::<Vec<_>>().join(t.and());
    parts.push(fill(
        t,
        t.describe_cards(),
        &[
            ("red", color_name(t, Color::Red)),
            ("red_cards", &hand(Color::Red)),
            ("blue", color_name(t, Color::Blue)),
            ("blue_cards", &hand(Color::Blue)),
            ("side", card_name(t, position.side_card())),
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
