//! The rules core's and the save format's errors in the player's language. The errors stay typed
//! in `rules` and `save` (their `Display` is the English of the CLI and the API); here each
//! variant is written in each language, with its data in place.
//!
//! Numbers we insert are written in the language's digits. Squares, moves and text quoted from
//! the input stay as written; in Persian each such left-to-right fragment is isolated (FSI…PDI)
//! so that it keeps its order inside the right-to-left sentence.
//!
//! Each variant is a template per language with named blanks (`{color}`), filled by one shared
//! function: a `format!` per variant and language would cost the page's wasm some 20 KB. Fixed
//! fragments are written into the templates as `ltr` and `quoted` would write them (in Persian,
//! `\u{2068}…\u{2069}` is FSI…PDI).

use super::text::{self, Lang, Texts};
use crate::rules::{Color, IllegalReason, MoveError, PositionError, RecordError, Square};
use crate::save::{LinkError, SaveError};

/// A variant's texts, by their key in `TABLE` (English is the error's own `Display`).
type Key = &'static str;

/// Three texts packed at compile time into one string, `"fa\0es\0fr"`.
#[cfg(not(target_arch = "wasm32"))]
macro_rules! langs {
    ($fa:literal, $es:literal, $fr:literal $(,)?) => {
        concat!($fa, "\0", $es, "\0", $fr)
    };
}

/// The template of `key` in `lang` (not English), from the table.
#[cfg(not(target_arch = "wasm32"))]
fn table_template(lang: Lang, key: &str) -> &'static str {
    let index = match lang {
        Lang::Fa => 0,
        Lang::Es => 1,
        _ => 2,
    };
    let texts = TABLE.iter().find(|(k, _)| *k == key).map_or("", |(_, texts)| texts);
    texts.split('\0').nth(index).unwrap_or_default()
}

/// The file of `lang`'s error texts (`www/errors/<code>.txt`): `key=template`, one a line.
#[cfg(not(target_arch = "wasm32"))]
pub fn error_file(lang: Lang) -> String {
    let mut file = String::from(
        "# Written from src/ui/error_text.rs by tests/error_files.rs: edit the Rust table, not this file.\n",
    );
    for (key, _) in TABLE {
        file.push_str(&format!("{key}={}\n", table_template(lang, key)));
    }
    file
}

/// The template of `key` in an error texts file (`error_file` wrote it); empty when the file
/// lacks it.
fn template<'a>(file: &'a str, key: &str) -> &'a str {
    file.lines().find_map(|line| line.strip_prefix(key)?.strip_prefix('=')).unwrap_or_default()
}

/// The text `translate` writes in `lang` once its texts are at hand; the English meanwhile, and
/// if a text is missing (a file of another build).
fn in_lang(t: &Texts, english: &dyn std::fmt::Display, translate: impl FnOnce() -> String) -> String {
    let text = if t.lang == Lang::En || !t.errors.is_empty() { translate() } else { String::new() };
    if text.is_empty() { english.to_string() } else { text }
}

/// The template in `lang` with its blanks (`{name}`) filled, in one pass: the values are not
/// searched for blanks themselves, so text from the input stays as written.
#[inline(never)]
fn fill(t: &Texts, key: Key, blanks: &[(&str, &str)]) -> String {
    text::fill_blanks(template(t.errors, key), blanks)
}

/// A left-to-right fragment as written (a square, a move): in Persian, between FIRST STRONG
/// ISOLATE and POP DIRECTIONAL ISOLATE.
fn ltr(lang: Lang, fragment: &str) -> String {
    if lang == Lang::Fa { ["\u{2068}", fragment, "\u{2069}"].concat() } else { fragment.to_string() }
}

/// A square, as written.
fn square(lang: Lang, square: Square) -> String {
    ltr(lang, &square.to_string())
}

/// Text quoted from the input, verbatim, in the language's quotation marks.
fn quoted(lang: Lang, verbatim: &str) -> String {
    match lang {
        Lang::Fa => ["«\u{2068}", verbatim, "\u{2069}»"].concat(),
        Lang::Fr => ["«\u{a0}", verbatim, "\u{a0}»"].concat(),
        Lang::Es => ["«", verbatim, "»"].concat(),
        Lang::En => ["'", verbatim, "'"].concat(),
    }
}

/// A number we insert, in the language's digits.
fn number(lang: Lang, n: usize) -> String {
    lang.digits(&n.to_string())
}

const UNKNOWN_CARD: Key = "e1";

pub fn position_error(t: &Texts, error: &PositionError) -> String {
    in_lang(t, error, || position_error_in(t, error))
}

fn position_error_in(t: &Texts, error: &PositionError) -> String {
    use PositionError::*;
    if t.lang == Lang::En {
        return error.to_string();
    }
    let (n, q, color) = (|x: usize| number(t.lang, x), |s: &str| quoted(t.lang, s), |c| text::color_name(t, c));
    match error {
        FieldCount(found) => {
            fill(t, "e2", &[("red", color(Color::Red)), ("blue", color(Color::Blue)), ("n", &n(*found))])
        }
        RankCount(found) => fill(t, "e3", &[("n", &n(*found))]),
        RankWidth { rank, squares } => fill(t, "e4", &[("rank", &n(*rank)), ("squares", &n(*squares))]),
        BadBoardChar { rank, found } => {
            fill(t, "e5", &[("found", &q(found.encode_utf8(&mut [0; 4]))), ("rank", &n(*rank))])
        }
        HandSize { color: c, found } => fill(t, "e6", &[("color", color(*c)), ("n", &n(*found))]),
        UnknownCard(name) => fill(t, UNKNOWN_CARD, &[("text", &q(name))]),
        DuplicateCard(card) => fill(t, "e7", &[("card", text::card_name(t, *card))]),
        BadSideToMove(found) => fill(t, "e8", &[("text", &q(found))]),
        TwoMasters(c) => fill(t, "e9", &[("color", color(*c))]),
        TooManyPieces { color: c, count } | TooManyStudents { color: c, count } => fill(
            t,
            if matches!(error, TooManyPieces { .. }) { "e10" } else { "e11" },
            &[("color", color(*c)), ("n", &n(*count as usize))],
        ),
        NoMasters => fill(t, "e12", &[]),
        NoMasterNotToMove(c) => fill(t, "e13", &[("color", color(*c)), ("other", color(c.other()))]),
        MasterOnTemple { color: c, square: s } => {
            fill(t, "e14", &[("color", color(*c)), ("square", &square(t.lang, *s))])
        }
    }
}

pub fn move_error(t: &Texts, error: &MoveError) -> String {
    in_lang(t, error, || move_error_in(t, error))
}

fn move_error_in(t: &Texts, error: &MoveError) -> String {
    use MoveError::*;
    if t.lang == Lang::En {
        return error.to_string();
    }
    let q = |s: &str| quoted(t.lang, s);
    match error {
        Syntax(found) => fill(t, "e15", &[("text", &q(found))]),
        UnknownCard(name) => fill(t, UNKNOWN_CARD, &[("text", &q(name))]),
        BadSquare(found) => fill(t, "e16", &[("text", &q(found))]),
        Illegal { mv, reason } => fill(t, "e17", &[("move", &ltr(t.lang, mv)), ("reason", &illegal_reason(t, reason))]),
        GameOver(outcome) => fill(t, "e18", &[("outcome", &text::outcome(t, *outcome))]),
    }
}

/// Why a move is not legal; it follows "the move … is not legal here: …".
pub fn illegal_reason(t: &Texts, reason: &IllegalReason) -> String {
    in_lang(t, reason, || illegal_reason_in(t, reason))
}

fn illegal_reason_in(t: &Texts, reason: &IllegalReason) -> String {
    use IllegalReason::*;
    if t.lang == Lang::En {
        return reason.to_string();
    }
    // Every reason names the side to move; the card and the squares are filled where named.
    let (texts, color, card, from, to): (Key, _, _, _, _) = match *reason {
        CardNotHeld { color, card } => ("e19", color, Some(card), None, None),
        PassWhileAbleToMove { color } => ("e20", color, None, None, None),
        NoPieceOnFrom { color, from } => ("e21", color, None, Some(from), None),
        OutOfReach { card, from, to, color } => ("e22", color, Some(card), Some(from), Some(to)),
        OwnPieceOnTarget { color, to } => ("e23", color, None, None, Some(to)),
    };
    let at = |s: Option<Square>| s.map(|s| square(t.lang, s)).unwrap_or_default();
    fill(
        t,
        texts,
        &[
            ("color", text::color_name(t, color)),
            ("card", card.map(|k| text::card_name(t, k)).unwrap_or_default()),
            ("from", &at(from)),
            ("to", &at(to)),
        ],
    )
}

pub fn record_error(t: &Texts, error: &RecordError) -> String {
    in_lang(t, error, || record_error_in(t, error))
}

fn record_error_in(t: &Texts, error: &RecordError) -> String {
    use RecordError::*;
    if t.lang == Lang::En {
        return error.to_string();
    }
    let (n, q) = (|x: usize| number(t.lang, x), |s: &str| quoted(t.lang, s));
    match error {
        MissingStart => fill(t, "e24", &[]),
        Position { line, source } => fill(t, "e25", &[("line", &n(*line)), ("error", &position_error(t, source))]),
        Move { line, number, source } => {
            fill(t, "e26", &[("line", &n(*line)), ("n", &n(*number)), ("error", &move_error(t, source))])
        }
        UnknownLine { line, text } => fill(t, "e27", &[("line", &n(*line)), ("text", &q(text))]),
        ResultMismatch { line, claimed, actual } => {
            fill(t, "e28", &[("line", &n(*line)), ("claimed", &q(claimed)), ("actual", &q(actual))])
        }
    }
}

/// Each text follows "Your saved game could not be read: …", so it speaks of the save as "it".
pub fn save_error(t: &Texts, error: &SaveError) -> String {
    in_lang(t, error, || save_error_in(t, error))
}

fn save_error_in(t: &Texts, error: &SaveError) -> String {
    use SaveError::*;
    if t.lang == Lang::En {
        return error.to_string();
    }
    // Most variants quote one piece of the input as `{text}`.
    let (texts, found): (Key, &str) = match error {
        NotASave => ("e29", ""),
        UnsupportedFormat { found, supported } => {
            return fill(
                t,
                "e30",
                &[("found", &number(t.lang, *found as usize)), ("supported", &number(t.lang, *supported as usize))],
            );
        }
        BadFormatNumber(found) => ("e31", found),
        UnknownMode(found) => ("e32", found),
        UnknownColor(found) => ("e33", found),
        UnknownLevel(found) => ("e34", found),
        BadEvaluation(found) => ("e35", found),
        UnknownLine(found) => ("e36", found),
        MissingMode => ("e37", ""),
        NoGame => ("e38", ""),
        BrokenRecord(record) => {
            return fill(t, "e39", &[("error", &record_error(t, record))]);
        }
    };
    fill(t, texts, &[("text", &quoted(t.lang, found))])
}

/// Each text follows "This link could not be opened: …".
pub fn link_error(t: &Texts, error: &LinkError) -> String {
    in_lang(t, error, || link_error_in(t, error))
}

fn link_error_in(t: &Texts, error: &LinkError) -> String {
    if t.lang == Lang::En {
        return error.to_string();
    }
    match error {
        LinkError::BadEncoding => fill(t, "e40", &[]),
        LinkError::BrokenRecord(record) => fill(t, "e41", &[("error", &record_error(t, record))]),
    }
}

/// Every variant's texts by key, in Persian, Spanish and French. The page's wasm does not carry
/// them: it fetches `www/errors/<code>.txt` when an error is to be shown in one of those languages
/// (`error_file` writes the files; `tests/error_files.rs` keeps them equal).
#[cfg(not(target_arch = "wasm32"))]
const TABLE: &[(&str, &str)] = &[
    ("e1", langs!["کارت ناشناخته: {text}", "carta desconocida: {text}", "carte inconnue\u{a0}: {text}"]),
    (
        "e2",
        langs![
            "۵ بخشِ جدا با فاصله لازم است (صفحه، کارت‌های {red}، کارت‌های {blue}، کارت کناری، نوبت)، اما {n} بخش آمده است",
            "se esperaban 5 campos separados por espacios (tablero, cartas de {red}, cartas de {blue}, carta lateral, turno), pero hay {n}",
            "il faut 5 champs séparés par des espaces (plateau, cartes de {red}, cartes de {blue}, carte du côté, camp au trait), mais il y en a {n}",
        ],
    ),
    (
        "e3",
        langs![
            "صفحه {n} ردیفِ جدا با «\u{2068}/\u{2069}» دارد، اما باید ۵ ردیف داشته باشد",
            "el tablero tiene {n} filas separadas por «/», pero debe tener 5",
            "le plateau a {n} rangées séparées par «\u{a0}/\u{a0}» au lieu de 5",
        ],
    ),
    (
        "e4",
        langs![
            "ردیف {rank} به‌جای ۵ خانه، {squares} خانه دارد",
            "la fila {rank} tiene {squares} casillas, pero debe tener 5",
            "la rangée {rank} a {squares} cases au lieu de 5",
        ],
    ),
    (
        "e5",
        langs![
            "{found} در ردیف {rank} نابه‌جاست: برای مهره‌ها \u{2068}R r B b\u{2069} و برای خانه‌های خالی \u{2068}1-5\u{2069} را به کار ببرید",
            "{found} inesperado en la fila {rank}: usa R r B b para las piezas y 1-5 para las casillas vacías",
            "{found} inattendu dans la rangée {rank}\u{a0}: utilisez R r B b pour les pièces et 1-5 pour les cases vides",
        ],
    ),
    (
        "e6",
        langs![
            "{color} باید ۲ کارت داشته باشد که با «\u{2068},\u{2069}» به هم پیوسته‌اند، اما {n} کارت آمده است",
            "{color} debe tener 2 cartas unidas por «,», pero hay {n}",
            "{color} doit tenir 2 cartes reliées par «\u{a0},\u{a0}», mais il y en a {n}",
        ],
    ),
    (
        "e7",
        langs![
            "کارت {card} دو بار آمده است",
            "la carta {card} aparece dos veces",
            "la carte {card} apparaît deux fois"
        ],
    ),
    (
        "e8",
        langs![
            "نوبت باید «\u{2068}r\u{2069}» یا «\u{2068}b\u{2069}» باشد، نه {text}",
            "el turno debe ser «r» o «b», no {text}",
            "le camp au trait doit être «\u{a0}r\u{a0}» ou «\u{a0}b\u{a0}», pas {text}",
        ],
    ),
    ("e9", langs!["{color} دو استاد دارد", "{color} tiene dos maestros", "{color} a deux maîtres"]),
    (
        "e10",
        langs![
            "هر طرف حداکثر ۵ مهره دارد: {color} {n} مهره دارد",
            "un bando tiene más de 5 piezas: {color} tiene {n}",
            "un camp a plus de 5 pièces\u{a0}: {color} en a {n}",
        ],
    ),
    (
        "e11",
        langs![
            "هر طرف حداکثر ۴ شاگرد دارد: {color} {n} شاگرد دارد",
            "un bando tiene como mucho 4 estudiantes: {color} tiene {n}",
            "un camp a au plus 4 élèves\u{a0}: {color} en a {n}",
        ],
    ),
    (
        "e12",
        langs![
            "هیچ‌یک از دو طرف استاد ندارد: بازی با گرفته شدن نخستین استاد پایان می‌یابد",
            "ningún bando tiene maestro: la partida termina al capturar el primero",
            "aucun camp n'a de maître\u{a0}: la partie s'arrête dès que le premier est capturé",
        ],
    ),
    (
        "e13",
        langs![
            "{color} استاد ندارد، اما نوبت {other} است: بازی با نوبتِ طرفی پایان می‌یابد که استادش را از دست داده است",
            "{color} no tiene maestro, pero mueve {other}: la partida termina con el turno del bando que perdió su maestro",
            "{color} n'a plus de maître, mais c'est au tour de {other}\u{a0}: la partie s'arrête au tour du camp qui a perdu son maître",
        ],
    ),
    (
        "e14",
        langs![
            "نوبت {color} است، اما استادش از پیش روی معبد حریف، {square}، ایستاده است: با رسیدن به آنجا برده بود",
            "mueve {color}, pero su maestro ya está en el templo enemigo {square}: ganó al llegar allí",
            "c'est au tour de {color}, mais son maître est déjà sur le temple adverse {square}\u{a0}: la partie était gagnée à son arrivée",
        ],
    ),
    (
        "e15",
        langs![
            "{text} حرکت نیست: آن را به شکل \u{2068}tiger:c1c3\u{2069} (کارت، سپس خانهٔ مبدأ و خانهٔ مقصد) یا \u{2068}tiger:pass\u{2069} بنویسید",
            "{text} no es una jugada: se espera <carta>:<origen><destino> (p. ej. tiger:c1c3) o <carta>:pass",
            "{text} n'est pas un coup\u{a0}: attendu <carte>:<départ><arrivée> (par ex. tiger:c1c3) ou <carte>:pass",
        ],
    ),
    (
        "e16",
        langs![
            "{text} خانه نیست: از \u{2068}a1\u{2069} تا \u{2068}e5\u{2069} را به کار ببرید",
            "{text} no es una casilla: usa de a1 a e5",
            "{text} n'est pas une case\u{a0}: utilisez a1 à e5",
        ],
    ),
    (
        "e17",
        langs![
            "حرکت {move} اینجا مجاز نیست: {reason}",
            "la jugada {move} no está permitida aquí: {reason}",
            "le coup {move} n'est pas permis ici\u{a0}: {reason}",
        ],
    ),
    (
        "e18",
        langs![
            "بازی تمام شده است: {outcome}",
            "la partida ha terminado: {outcome}",
            "la partie est terminée\u{a0}: {outcome}",
        ],
    ),
    (
        "e19",
        langs![
            "{color} کارت {card} را ندارد",
            "{color} no tiene la carta {card}",
            "{color} ne tient pas la carte {card}",
        ],
    ),
    (
        "e20",
        langs![
            "{color} می‌تواند حرکت کند و نوبت را تنها وقتی می‌توان واگذار کرد که هیچ مهره‌ای نتواند حرکت کند",
            "{color} puede mover, y solo se pasa cuando ninguna pieza puede moverse",
            "{color} peut bouger, et on ne passe que quand aucune pièce ne peut bouger",
        ],
    ),
    (
        "e21",
        langs![
            "در خانهٔ {from} مهره‌ای از {color} نیست",
            "no hay ninguna pieza de {color} en {from}",
            "aucune pièce de {color} sur {from}",
        ],
    ),
    (
        "e22",
        langs![
            "کارت {card} برای {color} از {from} به {to} نمی‌رسد",
            "la carta {card} no lleva de {from} a {to} para {color}",
            "la carte {card} ne mène pas de {from} à {to} pour {color}",
        ],
    ),
    (
        "e23",
        langs![
            "در خانهٔ {to} مهره‌ای از خودِ {color} ایستاده است",
            "en {to} ya hay una pieza de {color}",
            "la case {to} est déjà occupée par une pièce de {color}",
        ],
    ),
    (
        "e24",
        langs![
            "در ثبت بازی سطر «\u{2068}start\u{2069}» با وضعیت آغازین نیست",
            "al registro le falta la línea «start» con la posición inicial",
            "il manque au relevé la ligne «\u{a0}start\u{a0}» avec la position de départ",
        ],
    ),
    ("e25", langs!["سطر {line}: {error}", "línea {line}: {error}", "ligne {line}\u{a0}: {error}"]),
    (
        "e26",
        langs![
            "سطر {line}، حرکت {n}: {error}",
            "línea {line}, jugada {n}: {error}",
            "ligne {line}, coup {n}\u{a0}: {error}"
        ],
    ),
    (
        "e27",
        langs![
            "سطر {line}: سطر ناشناخته {text}",
            "línea {line}: línea desconocida {text}",
            "ligne {line}\u{a0}: ligne inconnue {text}",
        ],
    ),
    (
        "e28",
        langs![
            "سطر {line}: ثبت بازی نتیجه را {claimed} می‌گوید، اما حرکت‌ها به {actual} می‌رسند",
            "línea {line}: el registro dice {claimed}, pero las jugadas dan {actual}",
            "ligne {line}\u{a0}: le relevé indique {claimed}, mais les coups donnent {actual}",
        ],
    ),
    (
        "e29",
        langs![
            "این یک ذخیرهٔ اونیتاما نیست (شاید نسخه‌ای قدیمی‌تر آن را نوشته باشد)",
            "no es una partida guardada de Onitama (quizá la escribió una versión anterior)",
            "ce n'est pas une sauvegarde d'Onitama (une version plus ancienne l'a peut-être écrite)",
        ],
    ),
    (
        "e30",
        langs![
            "با قالب ذخیرهٔ {found} نوشته شده است و این نسخه قالب {supported} را می‌خواند",
            "se escribió en el formato de guardado {found} y esta versión lee el formato {supported}",
            "elle a été écrite au format de sauvegarde {found}, et cette version lit le format {supported}",
        ],
    ),
    (
        "e31",
        langs![
            "شمارهٔ قالب آن، {text}، عدد نیست",
            "su número de formato {text} no es un número",
            "son numéro de format {text} n'est pas un nombre",
        ],
    ),
    (
        "e32",
        langs![
            "شیوهٔ بازی ناشناخته‌ای را نام می‌برد: {text}",
            "indica un modo de juego desconocido: {text}",
            "elle indique un mode de jeu inconnu\u{a0}: {text}",
        ],
    ),
    (
        "e33",
        langs![
            "رنگ ناشناخته‌ای را نام می‌برد: {text}",
            "indica un color desconocido: {text}",
            "elle indique une couleur inconnue\u{a0}: {text}",
        ],
    ),
    (
        "e34",
        langs![
            "سطح {text} را نام می‌برد که وجود ندارد",
            "indica el nivel {text}, que no existe",
            "elle indique le niveau {text}, qui n'existe pas",
        ],
    ),
    (
        "e35",
        langs![
            "ارزیابی باید «\u{2068}on\u{2069}» یا «\u{2068}off\u{2069}» باشد، نه {text}",
            "la evaluación debe ser «on» u «off», no {text}",
            "l'évaluation doit être «\u{a0}on\u{a0}» ou «\u{a0}off\u{a0}», pas {text}",
        ],
    ),
    (
        "e36",
        langs![
            "سطری ناشناخته دارد: {text}",
            "tiene una línea desconocida: {text}",
            "elle contient une ligne inconnue\u{a0}: {text}",
        ],
    ),
    (
        "e37",
        langs![
            "نمی‌گوید چه کسی با کدام طرف بازی می‌کند",
            "no dice quién juega con cada bando",
            "elle ne dit pas qui joue quel camp",
        ],
    ),
    ("e38", langs!["هیچ بازی‌ای در آن نیست", "no contiene ninguna partida", "elle ne contient aucune partie"]),
    (
        "e39",
        langs![
            "ثبت بازیِ آن خراب است: {error}",
            "su registro de la partida está dañado: {error}",
            "son relevé de partie est endommagé\u{a0}: {error}",
        ],
    ),
    (
        "e40",
        langs![
            "پیوند آسیب دیده است (رمزگذاری \u{2068}%\u{2069} نادرست)",
            "el enlace está dañado (codificación % incorrecta)",
            "le lien est endommagé (codage % incorrect)",
        ],
    ),
    (
        "e41",
        langs![
            "بازیِ درون پیوند خراب است: {error}",
            "la partida del enlace está dañada: {error}",
            "la partie du lien est endommagée\u{a0}: {error}",
        ],
    ),
];
