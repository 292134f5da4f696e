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

use super::text::{self, Lang};
use crate::rules::{Color, IllegalReason, MoveError, PositionError, RecordError, Square};
use crate::save::{LinkError, SaveError};

/// A variant's text in Persian, Spanish and French (English is the error's own `Display`), as
/// [`langs!`] packs them.
type Texts = &'static str;

/// Three texts packed at compile time into one string, `"fa\0es\0fr"`: as an array of `&str` they
/// cost the wasm 24 bytes of poorly compressible pointers each.
macro_rules! langs {
    ($fa:literal, $es:literal, $fr:literal $(,)?) => {
        concat!($fa, "\0", $es, "\0", $fr)
    };
}

/// The template in `lang` with its blanks (`{name}`) filled, in one pass: the values are not
/// searched for blanks themselves, so text from the input stays as written.
#[inline(never)]
fn fill(lang: Lang, texts: Texts, blanks: &[(&str, &str)]) -> String {
    let index = match lang {
        Lang::Fa => 0,
        Lang::Es => 1,
        _ => 2,
    };
    let template = texts.split('\0').nth(index).unwrap_or_default();
    text::fill_blanks(template, blanks)
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
        Lang::Fr => ["« ", verbatim, " »"].concat(),
        Lang::Es => ["«", verbatim, "»"].concat(),
        Lang::En => ["'", verbatim, "'"].concat(),
    }
}

/// A number we insert, in the language's digits.
fn number(lang: Lang, n: usize) -> String {
    text::digits(lang, &n.to_string())
}

const UNKNOWN_CARD: Texts = langs!["کارت ناشناخته: {text}", "carta desconocida: {text}", "carte inconnue : {text}"];

pub fn position_error(lang: Lang, error: &PositionError) -> String {
    use PositionError::*;
    if lang == Lang::En {
        return error.to_string();
    }
    let (n, q, color) = (|x: usize| number(lang, x), |s: &str| quoted(lang, s), |c| text::color_name(lang, c));
    match error {
        FieldCount(found) => fill(
            lang,
            langs![
                "۵ بخشِ جدا با فاصله لازم است (صفحه، کارت‌های {red}، کارت‌های {blue}، کارت کناری، نوبت)، اما {n} بخش آمده است",
                "se esperaban 5 campos separados por espacios (tablero, cartas de {red}, cartas de {blue}, carta lateral, turno), pero hay {n}",
                "il faut 5 champs séparés par des espaces (plateau, cartes de {red}, cartes de {blue}, carte du côté, camp au trait), mais il y en a {n}",
            ],
            &[("red", color(Color::Red)), ("blue", color(Color::Blue)), ("n", &n(*found))],
        ),
        RankCount(found) => fill(
            lang,
            langs![
                "صفحه {n} ردیفِ جدا با «\u{2068}/\u{2069}» دارد، اما باید ۵ ردیف داشته باشد",
                "el tablero tiene {n} filas separadas por «/», pero debe tener 5",
                "le plateau a {n} rangées séparées par « / » au lieu de 5",
            ],
            &[("n", &n(*found))],
        ),
        RankWidth { rank, squares } => fill(
            lang,
            langs![
                "ردیف {rank} به‌جای ۵ خانه، {squares} خانه دارد",
                "la fila {rank} tiene {squares} casillas, pero debe tener 5",
                "la rangée {rank} a {squares} cases au lieu de 5",
            ],
            &[("rank", &n(*rank)), ("squares", &n(*squares))],
        ),
        BadBoardChar { rank, found } => fill(
            lang,
            langs![
                "{found} در ردیف {rank} نابه‌جاست: برای مهره‌ها \u{2068}R r B b\u{2069} و برای خانه‌های خالی \u{2068}1-5\u{2069} را به کار ببرید",
                "{found} inesperado en la fila {rank}: usa R r B b para las piezas y 1-5 para las casillas vacías",
                "{found} inattendu dans la rangée {rank} : utilisez R r B b pour les pièces et 1-5 pour les cases vides",
            ],
            &[("found", &q(found.encode_utf8(&mut [0; 4]))), ("rank", &n(*rank))],
        ),
        HandSize { color: c, found } => fill(
            lang,
            langs![
                "{color} باید ۲ کارت داشته باشد که با «\u{2068},\u{2069}» به هم پیوسته‌اند، اما {n} کارت آمده است",
                "{color} debe tener 2 cartas unidas por «,», pero hay {n}",
                "{color} doit tenir 2 cartes reliées par « , », mais il y en a {n}",
            ],
            &[("color", color(*c)), ("n", &n(*found))],
        ),
        UnknownCard(name) => fill(lang, UNKNOWN_CARD, &[("text", &q(name))]),
        DuplicateCard(card) => fill(
            lang,
            langs![
                "کارت {card} دو بار آمده است",
                "la carta {card} aparece dos veces",
                "la carte {card} apparaît deux fois"
            ],
            &[("card", text::card_name(lang, *card))],
        ),
        BadSideToMove(found) => fill(
            lang,
            langs![
                "نوبت باید «\u{2068}r\u{2069}» یا «\u{2068}b\u{2069}» باشد، نه {text}",
                "el turno debe ser «r» o «b», no {text}",
                "le camp au trait doit être « r » ou « b », pas {text}",
            ],
            &[("text", &q(found))],
        ),
        TwoMasters(c) => fill(
            lang,
            langs!["{color} دو استاد دارد", "{color} tiene dos maestros", "{color} a deux maîtres"],
            &[("color", color(*c))],
        ),
        TooManyPieces { color: c, count } | TooManyStudents { color: c, count } => fill(
            lang,
            if matches!(error, TooManyPieces { .. }) {
                langs![
                    "هر طرف حداکثر ۵ مهره دارد: {color} {n} مهره دارد",
                    "un bando tiene más de 5 piezas: {color} tiene {n}",
                    "un camp a plus de 5 pièces : {color} en a {n}",
                ]
            } else {
                langs![
                    "هر طرف حداکثر ۴ شاگرد دارد: {color} {n} شاگرد دارد",
                    "un bando tiene como mucho 4 estudiantes: {color} tiene {n}",
                    "un camp a au plus 4 élèves : {color} en a {n}",
                ]
            },
            &[("color", color(*c)), ("n", &n(*count as usize))],
        ),
        NoMasters => fill(
            lang,
            langs![
                "هیچ‌یک از دو طرف استاد ندارد: بازی با گرفته شدن نخستین استاد پایان می‌یابد",
                "ningún bando tiene maestro: la partida termina al capturar el primero",
                "aucun camp n'a de maître : la partie s'arrête dès que le premier est capturé",
            ],
            &[],
        ),
        NoMasterNotToMove(c) => fill(
            lang,
            langs![
                "{color} استاد ندارد، اما نوبت {other} است: بازی با نوبتِ طرفی پایان می‌یابد که استادش را از دست داده است",
                "{color} no tiene maestro, pero mueve {other}: la partida termina con el turno del bando que perdió su maestro",
                "{color} n'a plus de maître, mais c'est au tour de {other} : la partie s'arrête au tour du camp qui a perdu son maître",
            ],
            &[("color", color(*c)), ("other", color(c.other()))],
        ),
        MasterOnTemple { color: c, square: s } => fill(
            lang,
            langs![
                "نوبت {color} است، اما استادش از پیش روی معبد حریف، {square}، ایستاده است: با رسیدن به آنجا برده بود",
                "mueve {color}, pero su maestro ya está en el templo enemigo {square}: ganó al llegar allí",
                "c'est au tour de {color}, mais son maître est déjà sur le temple adverse {square} : la partie était gagnée à son arrivée",
            ],
            &[("color", color(*c)), ("square", &square(lang, *s))],
        ),
    }
}

pub fn move_error(lang: Lang, error: &MoveError) -> String {
    use MoveError::*;
    if lang == Lang::En {
        return error.to_string();
    }
    let q = |s: &str| quoted(lang, s);
    match error {
        Syntax(found) => fill(
            lang,
            langs![
                "{text} حرکت نیست: آن را به شکل \u{2068}tiger:c1c3\u{2069} (کارت، سپس خانهٔ مبدأ و خانهٔ مقصد) یا \u{2068}tiger:pass\u{2069} بنویسید",
                "{text} no es una jugada: se espera <carta>:<origen><destino> (p. ej. tiger:c1c3) o <carta>:pass",
                "{text} n'est pas un coup : attendu <carte>:<départ><arrivée> (par ex. tiger:c1c3) ou <carte>:pass",
            ],
            &[("text", &q(found))],
        ),
        UnknownCard(name) => fill(lang, UNKNOWN_CARD, &[("text", &q(name))]),
        BadSquare(found) => fill(
            lang,
            langs![
                "{text} خانه نیست: از \u{2068}a1\u{2069} تا \u{2068}e5\u{2069} را به کار ببرید",
                "{text} no es una casilla: usa de a1 a e5",
                "{text} n'est pas une case : utilisez a1 à e5",
            ],
            &[("text", &q(found))],
        ),
        Illegal { mv, reason } => fill(
            lang,
            langs![
                "حرکت {move} اینجا مجاز نیست: {reason}",
                "la jugada {move} no está permitida aquí: {reason}",
                "le coup {move} n'est pas permis ici : {reason}",
            ],
            &[("move", &ltr(lang, mv)), ("reason", &illegal_reason(lang, reason))],
        ),
        GameOver(outcome) => fill(
            lang,
            langs![
                "بازی تمام شده است: {outcome}",
                "la partida ha terminado: {outcome}",
                "la partie est terminée : {outcome}",
            ],
            &[("outcome", &text::outcome(lang, *outcome))],
        ),
    }
}

/// Why a move is not legal; it follows "the move … is not legal here: …".
pub fn illegal_reason(lang: Lang, reason: &IllegalReason) -> String {
    use IllegalReason::*;
    if lang == Lang::En {
        return reason.to_string();
    }
    // Every reason names the side to move; the card and the squares are filled where named.
    let (texts, color, card, from, to): (Texts, _, _, _, _) = match *reason {
        CardNotHeld { color, card } => (
            langs![
                "{color} کارت {card} را ندارد",
                "{color} no tiene la carta {card}",
                "{color} ne tient pas la carte {card}",
            ],
            color,
            Some(card),
            None,
            None,
        ),
        PassWhileAbleToMove { color } => (
            langs![
                "{color} می‌تواند حرکت کند و نوبت را تنها وقتی می‌توان واگذار کرد که هیچ مهره‌ای نتواند حرکت کند",
                "{color} puede mover, y solo se pasa cuando ninguna pieza puede moverse",
                "{color} peut bouger, et on ne passe que quand aucune pièce ne peut bouger",
            ],
            color,
            None,
            None,
            None,
        ),
        NoPieceOnFrom { color, from } => (
            langs![
                "در خانهٔ {from} مهره‌ای از {color} نیست",
                "no hay ninguna pieza de {color} en {from}",
                "aucune pièce de {color} sur {from}",
            ],
            color,
            None,
            Some(from),
            None,
        ),
        OutOfReach { card, from, to, color } => (
            langs![
                "کارت {card} برای {color} از {from} به {to} نمی‌رسد",
                "la carta {card} no lleva de {from} a {to} para {color}",
                "la carte {card} ne mène pas de {from} à {to} pour {color}",
            ],
            color,
            Some(card),
            Some(from),
            Some(to),
        ),
        OwnPieceOnTarget { color, to } => (
            langs![
                "در خانهٔ {to} مهره‌ای از خودِ {color} ایستاده است",
                "en {to} ya hay una pieza de {color}",
                "la case {to} est déjà occupée par une pièce de {color}",
            ],
            color,
            None,
            None,
            Some(to),
        ),
    };
    let at = |s: Option<Square>| s.map(|s| square(lang, s)).unwrap_or_default();
    fill(
        lang,
        texts,
        &[
            ("color", text::color_name(lang, color)),
            ("card", card.map(|k| text::card_name(lang, k)).unwrap_or_default()),
            ("from", &at(from)),
            ("to", &at(to)),
        ],
    )
}

pub fn record_error(lang: Lang, error: &RecordError) -> String {
    use RecordError::*;
    if lang == Lang::En {
        return error.to_string();
    }
    let (n, q) = (|x: usize| number(lang, x), |s: &str| quoted(lang, s));
    match error {
        MissingStart => fill(
            lang,
            langs![
                "در ثبت بازی سطر «\u{2068}start\u{2069}» با وضعیت آغازین نیست",
                "al registro le falta la línea «start» con la posición inicial",
                "il manque au relevé la ligne « start » avec la position de départ",
            ],
            &[],
        ),
        Position { line, source } => fill(
            lang,
            langs!["سطر {line}: {error}", "línea {line}: {error}", "ligne {line} : {error}"],
            &[("line", &n(*line)), ("error", &position_error(lang, source))],
        ),
        Move { line, number, source } => fill(
            lang,
            langs![
                "سطر {line}، حرکت {n}: {error}",
                "línea {line}, jugada {n}: {error}",
                "ligne {line}, coup {n} : {error}"
            ],
            &[("line", &n(*line)), ("n", &n(*number)), ("error", &move_error(lang, source))],
        ),
        UnknownLine { line, text } => fill(
            lang,
            langs![
                "سطر {line}: سطر ناشناخته {text}",
                "línea {line}: línea desconocida {text}",
                "ligne {line} : ligne inconnue {text}",
            ],
            &[("line", &n(*line)), ("text", &q(text))],
        ),
        ResultMismatch { line, claimed, actual } => fill(
            lang,
            langs![
                "سطر {line}: ثبت بازی نتیجه را {claimed} می‌گوید، اما حرکت‌ها به {actual} می‌رسند",
                "línea {line}: el registro dice {claimed}, pero las jugadas dan {actual}",
                "ligne {line} : le relevé indique {claimed}, mais les coups donnent {actual}",
            ],
            &[("line", &n(*line)), ("claimed", &q(claimed)), ("actual", &q(actual))],
        ),
    }
}

/// Each text follows "Your saved game could not be read: …", so it speaks of the save as "it".
pub fn save_error(lang: Lang, error: &SaveError) -> String {
    use SaveError::*;
    if lang == Lang::En {
        return error.to_string();
    }
    // Most variants quote one piece of the input as `{text}`.
    let (texts, found): (Texts, &str) = match error {
        NotASave => (
            langs![
                "این یک ذخیرهٔ اونیتاما نیست (شاید نسخه‌ای قدیمی‌تر آن را نوشته باشد)",
                "no es una partida guardada de Onitama (quizá la escribió una versión anterior)",
                "ce n'est pas une sauvegarde d'Onitama (une version plus ancienne l'a peut-être écrite)",
            ],
            "",
        ),
        UnsupportedFormat { found, supported } => {
            return fill(
                lang,
                langs![
                    "با قالب ذخیرهٔ {found} نوشته شده است و این نسخه قالب {supported} را می‌خواند",
                    "se escribió en el formato de guardado {found} y esta versión lee el formato {supported}",
                    "elle a été écrite au format de sauvegarde {found}, et cette version lit le format {supported}",
                ],
                &[("found", &number(lang, *found as usize)), ("supported", &number(lang, *supported as usize))],
            );
        }
        BadFormatNumber(found) => (
            langs![
                "شمارهٔ قالب آن، {text}، عدد نیست",
                "su número de formato {text} no es un número",
                "son numéro de format {text} n'est pas un nombre",
            ],
            found,
        ),
        UnknownMode(found) => (
            langs![
                "شیوهٔ بازی ناشناخته‌ای را نام می‌برد: {text}",
                "indica un modo de juego desconocido: {text}",
                "elle indique un mode de jeu inconnu : {text}",
            ],
            found,
        ),
        UnknownColor(found) => (
            langs![
                "رنگ ناشناخته‌ای را نام می‌برد: {text}",
                "indica un color desconocido: {text}",
                "elle indique une couleur inconnue : {text}",
            ],
            found,
        ),
        UnknownLevel(found) => (
            langs![
                "سطح {text} را نام می‌برد که وجود ندارد",
                "indica el nivel {text}, que no existe",
                "elle indique le niveau {text}, qui n'existe pas",
            ],
            found,
        ),
        BadEvaluation(found) => (
            langs![
                "ارزیابی باید «\u{2068}on\u{2069}» یا «\u{2068}off\u{2069}» باشد، نه {text}",
                "la evaluación debe ser «on» u «off», no {text}",
                "l'évaluation doit être « on » ou « off », pas {text}",
            ],
            found,
        ),
        UnknownLine(found) => (
            langs![
                "سطری ناشناخته دارد: {text}",
                "tiene una línea desconocida: {text}",
                "elle contient une ligne inconnue : {text}",
            ],
            found,
        ),
        MissingMode => (
            langs![
                "نمی‌گوید چه کسی با کدام طرف بازی می‌کند",
                "no dice quién juega con cada bando",
                "elle ne dit pas qui joue quel camp",
            ],
            "",
        ),
        NoGame => {
            (langs!["هیچ بازی‌ای در آن نیست", "no contiene ninguna partida", "elle ne contient aucune partie"], "")
        }
        BrokenRecord(record) => {
            return fill(
                lang,
                langs![
                    "ثبت بازیِ آن خراب است: {error}",
                    "su registro de la partida está dañado: {error}",
                    "son relevé de partie est endommagé : {error}",
                ],
                &[("error", &record_error(lang, record))],
            );
        }
    };
    fill(lang, texts, &[("text", &quoted(lang, found))])
}

/// Each text follows "This link could not be opened: …".
pub fn link_error(lang: Lang, error: &LinkError) -> String {
    if lang == Lang::En {
        return error.to_string();
    }
    match error {
        LinkError::BadEncoding => fill(
            lang,
            langs![
                "پیوند آسیب دیده است (رمزگذاری \u{2068}%\u{2069} نادرست)",
                "el enlace está dañado (codificación % incorrecta)",
                "le lien est endommagé (codage % incorrect)",
            ],
            &[],
        ),
        LinkError::BrokenRecord(record) => fill(
            lang,
            langs![
                "بازیِ درون پیوند خراب است: {error}",
                "la partida del enlace está dañada: {error}",
                "la partie du lien est endommagée : {error}",
            ],
            &[("error", &record_error(lang, record))],
        ),
    }
}
