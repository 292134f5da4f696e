//! The rules core's and the save format's errors in the player's language. The errors stay typed
//! in `rules` and `save` (their `Display` is the English of the CLI and the API); here each
//! variant is written in each language, with its data in place.
//!
//! Numbers we insert are written in the language's digits. Squares, moves and text quoted from
//! the input stay as written; in Persian each such left-to-right fragment is isolated (FSI…PDI)
//! so that it keeps its order inside the right-to-left sentence.

use super::text::{self, Lang};
use crate::rules::{Color, IllegalReason, MoveError, PositionError, RecordError};
use crate::save::{LinkError, SaveError};
use std::fmt::Display;

/// A left-to-right fragment as written (a square, a move, the notation's letters): in Persian,
/// between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE.
fn ltr(lang: Lang, fragment: impl Display) -> String {
    if lang == Lang::Fa { format!("\u{2068}{fragment}\u{2069}") } else { fragment.to_string() }
}

/// Text quoted from the input, verbatim, in the language's quotation marks.
fn quoted(lang: Lang, verbatim: impl Display) -> String {
    match lang {
        Lang::Fa => format!("«{}»", ltr(lang, verbatim)),
        Lang::Fr => format!("« {verbatim} »"),
        Lang::Es => format!("«{verbatim}»"),
        Lang::En => format!("'{verbatim}'"),
    }
}

/// A number we insert, in the language's digits.
fn number(lang: Lang, n: impl Display) -> String {
    text::digits(lang, &n.to_string())
}

pub fn position_error(lang: Lang, error: &PositionError) -> String {
    use PositionError::*;
    let (n, q, color) = (|x: usize| number(lang, x), |s: &str| quoted(lang, s), |c| text::color_name(lang, c));
    let (red, blue) = (color(Color::Red), color(Color::Blue));
    match (lang, error) {
        (Lang::En, _) => error.to_string(),

        (Lang::Fa, FieldCount(found)) => format!(
            "۵ بخشِ جدا با فاصله لازم است (صفحه، کارت‌های {red}، کارت‌های {blue}، کارت کناری، نوبت)، اما {} بخش آمده است",
            n(*found)
        ),
        (Lang::Es, FieldCount(found)) => format!(
            "se esperaban 5 campos separados por espacios (tablero, cartas de {red}, cartas de {blue}, carta lateral, turno), pero hay {}",
            n(*found)
        ),
        (Lang::Fr, FieldCount(found)) => format!(
            "il faut 5 champs séparés par des espaces (plateau, cartes de {red}, cartes de {blue}, carte du côté, camp au trait), mais il y en a {}",
            n(*found)
        ),

        (Lang::Fa, RankCount(found)) => {
            format!("صفحه {} ردیفِ جدا با {} دارد، اما باید ۵ ردیف داشته باشد", n(*found), q("/"))
        }
        (Lang::Es, RankCount(found)) => {
            format!("el tablero tiene {} filas separadas por {}, pero debe tener 5", n(*found), q("/"))
        }
        (Lang::Fr, RankCount(found)) => {
            format!("le plateau a {} rangées séparées par {} au lieu de 5", n(*found), q("/"))
        }

        (Lang::Fa, RankWidth { rank, squares }) => {
            format!("ردیف {} به‌جای ۵ خانه، {} خانه دارد", n(*rank), n(*squares))
        }
        (Lang::Es, RankWidth { rank, squares }) => {
            format!("la fila {} tiene {} casillas, pero debe tener 5", n(*rank), n(*squares))
        }
        (Lang::Fr, RankWidth { rank, squares }) => {
            format!("la rangée {} a {} cases au lieu de 5", n(*rank), n(*squares))
        }

        (Lang::Fa, BadBoardChar { rank, found }) => format!(
            "{} در ردیف {} نابه‌جاست: برای مهره‌ها {} و برای خانه‌های خالی {} را به کار ببرید",
            q(&found.to_string()),
            n(*rank),
            ltr(lang, "R r B b"),
            ltr(lang, "1-5")
        ),
        (Lang::Es, BadBoardChar { rank, found }) => format!(
            "{} inesperado en la fila {}: usa R r B b para las piezas y 1-5 para las casillas vacías",
            q(&found.to_string()),
            n(*rank)
        ),
        (Lang::Fr, BadBoardChar { rank, found }) => format!(
            "{} inattendu dans la rangée {} : utilisez R r B b pour les pièces et 1-5 pour les cases vides",
            q(&found.to_string()),
            n(*rank)
        ),

        (Lang::Fa, HandSize { color: c, found }) => {
            format!(
                "{} باید ۲ کارت داشته باشد که با {} به هم پیوسته‌اند، اما {} کارت آمده است",
                color(*c),
                q(","),
                n(*found)
            )
        }
        (Lang::Es, HandSize { color: c, found }) => {
            format!("{} debe tener 2 cartas unidas por {}, pero hay {}", color(*c), q(","), n(*found))
        }
        (Lang::Fr, HandSize { color: c, found }) => {
            format!("{} doit tenir 2 cartes reliées par {}, mais il y en a {}", color(*c), q(","), n(*found))
        }

        (Lang::Fa, UnknownCard(name)) => format!("کارت ناشناخته: {}", q(name)),
        (Lang::Es, UnknownCard(name)) => format!("carta desconocida: {}", q(name)),
        (Lang::Fr, UnknownCard(name)) => format!("carte inconnue : {}", q(name)),

        (Lang::Fa, DuplicateCard(card)) => format!("کارت {} دو بار آمده است", text::card_name(lang, *card)),
        (Lang::Es, DuplicateCard(card)) => format!("la carta {} aparece dos veces", text::card_name(lang, *card)),
        (Lang::Fr, DuplicateCard(card)) => format!("la carte {} apparaît deux fois", text::card_name(lang, *card)),

        (Lang::Fa, BadSideToMove(found)) => format!("نوبت باید {} یا {} باشد، نه {}", q("r"), q("b"), q(found)),
        (Lang::Es, BadSideToMove(found)) => format!("el turno debe ser {} o {}, no {}", q("r"), q("b"), q(found)),
        (Lang::Fr, BadSideToMove(found)) => {
            format!("le camp au trait doit être {} ou {}, pas {}", q("r"), q("b"), q(found))
        }

        (Lang::Fa, TwoMasters(c)) => format!("{} دو استاد دارد", color(*c)),
        (Lang::Es, TwoMasters(c)) => format!("{} tiene dos maestros", color(*c)),
        (Lang::Fr, TwoMasters(c)) => format!("{} a deux maîtres", color(*c)),

        (Lang::Fa, TooManyPieces { color: c, count }) => {
            format!("هر طرف حداکثر ۵ مهره دارد: {} {} مهره دارد", color(*c), number(lang, count))
        }
        (Lang::Es, TooManyPieces { color: c, count }) => {
            format!("un bando tiene más de 5 piezas: {} tiene {}", color(*c), number(lang, count))
        }
        (Lang::Fr, TooManyPieces { color: c, count }) => {
            format!("un camp a plus de 5 pièces : {} en a {}", color(*c), number(lang, count))
        }

        (Lang::Fa, TooManyStudents { color: c, count }) => {
            format!("هر طرف حداکثر ۴ شاگرد دارد: {} {} شاگرد دارد", color(*c), number(lang, count))
        }
        (Lang::Es, TooManyStudents { color: c, count }) => {
            format!("un bando tiene como mucho 4 estudiantes: {} tiene {}", color(*c), number(lang, count))
        }
        (Lang::Fr, TooManyStudents { color: c, count }) => {
            format!("un camp a au plus 4 élèves : {} en a {}", color(*c), number(lang, count))
        }

        (Lang::Fa, NoMasters) => "هیچ‌یک از دو طرف استاد ندارد: بازی با گرفته شدن نخستین استاد پایان می‌یابد".to_string(),
        (Lang::Es, NoMasters) => "ningún bando tiene maestro: la partida termina al capturar el primero".to_string(),
        (Lang::Fr, NoMasters) => {
            "aucun camp n'a de maître : la partie s'arrête dès que le premier est capturé".to_string()
        }

        (Lang::Fa, NoMasterNotToMove(c)) => format!(
            "{} استاد ندارد، اما نوبت {} است: بازی با نوبتِ طرفی پایان می‌یابد که استادش را از دست داده است",
            color(*c),
            color(c.other())
        ),
        (Lang::Es, NoMasterNotToMove(c)) => format!(
            "{} no tiene maestro, pero mueve {}: la partida termina con el turno del bando que perdió su maestro",
            color(*c),
            color(c.other())
        ),
        (Lang::Fr, NoMasterNotToMove(c)) => format!(
            "{} n'a plus de maître, mais c'est au tour de {} : la partie s'arrête au tour du camp qui a perdu son maître",
            color(*c),
            color(c.other())
        ),

        (Lang::Fa, MasterOnTemple { color: c, square }) => format!(
            "نوبت {} است، اما استادش از پیش روی معبد حریف، {}، ایستاده است: با رسیدن به آنجا برده بود",
            color(*c),
            ltr(lang, square)
        ),
        (Lang::Es, MasterOnTemple { color: c, square }) => {
            format!("mueve {}, pero su maestro ya está en el templo enemigo {}: ganó al llegar allí", color(*c), square)
        }
        (Lang::Fr, MasterOnTemple { color: c, square }) => format!(
            "c'est au tour de {}, mais son maître est déjà sur le temple adverse {} : la partie était gagnée à son arrivée",
            color(*c),
            square
        ),
    }
}

pub fn move_error(lang: Lang, error: &MoveError) -> String {
    use MoveError::*;
    let q = |s: &str| quoted(lang, s);
    let (example, pass) = (ltr(lang, "tiger:c1c3"), ltr(lang, "tiger:pass"));
    match (lang, error) {
        (Lang::En, _) => error.to_string(),

        (Lang::Fa, Syntax(found)) => format!(
            "{} حرکت نیست: آن را به شکل {example} (کارت، سپس خانهٔ مبدأ و خانهٔ مقصد) یا {pass} بنویسید",
            q(found)
        ),
        (Lang::Es, Syntax(found)) => format!(
            "{} no es una jugada: se espera <carta>:<origen><destino> (p. ej. {example}) o <carta>:pass",
            q(found)
        ),
        (Lang::Fr, Syntax(found)) => format!(
            "{} n'est pas un coup : attendu <carte>:<départ><arrivée> (par ex. {example}) ou <carte>:pass",
            q(found)
        ),

        (Lang::Fa, UnknownCard(name)) => format!("کارت ناشناخته: {}", q(name)),
        (Lang::Es, UnknownCard(name)) => format!("carta desconocida: {}", q(name)),
        (Lang::Fr, UnknownCard(name)) => format!("carte inconnue : {}", q(name)),

        (Lang::Fa, BadSquare(found)) => {
            format!("{} خانه نیست: از {} تا {} را به کار ببرید", q(found), ltr(lang, "a1"), ltr(lang, "e5"))
        }
        (Lang::Es, BadSquare(found)) => format!("{} no es una casilla: usa de a1 a e5", q(found)),
        (Lang::Fr, BadSquare(found)) => format!("{} n'est pas une case : utilisez a1 à e5", q(found)),

        (Lang::Fa, Illegal { mv, reason }) => {
            format!("حرکت {} اینجا مجاز نیست: {}", ltr(lang, mv), illegal_reason(lang, reason))
        }
        (Lang::Es, Illegal { mv, reason }) => {
            format!("la jugada {mv} no está permitida aquí: {}", illegal_reason(lang, reason))
        }
        (Lang::Fr, Illegal { mv, reason }) => {
            format!("le coup {mv} n'est pas permis ici : {}", illegal_reason(lang, reason))
        }

        (Lang::Fa, GameOver(outcome)) => format!("بازی تمام شده است: {}", text::outcome(lang, *outcome)),
        (Lang::Es, GameOver(outcome)) => format!("la partida ha terminado: {}", text::outcome(lang, *outcome)),
        (Lang::Fr, GameOver(outcome)) => format!("la partie est terminée : {}", text::outcome(lang, *outcome)),
    }
}

/// Why a move is not legal; it follows "the move … is not legal here: …".
pub fn illegal_reason(lang: Lang, reason: &IllegalReason) -> String {
    use IllegalReason::*;
    let (color, card) = (|c| text::color_name(lang, c), |c| text::card_name(lang, c));
    let square = |s| ltr(lang, s);
    match (lang, *reason) {
        (Lang::En, _) => reason.to_string(),

        (Lang::Fa, CardNotHeld { color: c, card: k }) => format!("{} کارت {} را ندارد", color(c), card(k)),
        (Lang::Es, CardNotHeld { color: c, card: k }) => format!("{} no tiene la carta {}", color(c), card(k)),
        (Lang::Fr, CardNotHeld { color: c, card: k }) => format!("{} ne tient pas la carte {}", color(c), card(k)),

        (Lang::Fa, PassWhileAbleToMove { color: c }) => {
            format!("{} می‌تواند حرکت کند و نوبت را تنها وقتی می‌توان واگذار کرد که هیچ مهره‌ای نتواند حرکت کند", color(c))
        }
        (Lang::Es, PassWhileAbleToMove { color: c }) => {
            format!("{} puede mover, y solo se pasa cuando ninguna pieza puede moverse", color(c))
        }
        (Lang::Fr, PassWhileAbleToMove { color: c }) => {
            format!("{} peut bouger, et on ne passe que quand aucune pièce ne peut bouger", color(c))
        }

        (Lang::Fa, NoPieceOnFrom { color: c, from }) => {
            format!("در خانهٔ {} مهره‌ای از {} نیست", square(from), color(c))
        }
        (Lang::Es, NoPieceOnFrom { color: c, from }) => {
            format!("no hay ninguna pieza de {} en {}", color(c), square(from))
        }
        (Lang::Fr, NoPieceOnFrom { color: c, from }) => {
            format!("aucune pièce de {} sur {}", color(c), square(from))
        }

        (Lang::Fa, OutOfReach { card: k, from, to, color: c }) => {
            format!("کارت {} برای {} از {} به {} نمی‌رسد", card(k), color(c), square(from), square(to))
        }
        (Lang::Es, OutOfReach { card: k, from, to, color: c }) => {
            format!("la carta {} no lleva de {} a {} para {}", card(k), square(from), square(to), color(c))
        }
        (Lang::Fr, OutOfReach { card: k, from, to, color: c }) => {
            format!("la carte {} ne mène pas de {} à {} pour {}", card(k), square(from), square(to), color(c))
        }

        (Lang::Fa, OwnPieceOnTarget { color: c, to }) => {
            format!("در خانهٔ {} مهره‌ای از خودِ {} ایستاده است", square(to), color(c))
        }
        (Lang::Es, OwnPieceOnTarget { color: c, to }) => {
            format!("en {} ya hay una pieza de {}", square(to), color(c))
        }
        (Lang::Fr, OwnPieceOnTarget { color: c, to }) => {
            format!("la case {} est déjà occupée par une pièce de {}", square(to), color(c))
        }
    }
}

pub fn record_error(lang: Lang, error: &RecordError) -> String {
    use RecordError::*;
    let (n, q) = (|x: usize| number(lang, x), |s: &str| quoted(lang, s));
    match (lang, error) {
        (Lang::En, _) => error.to_string(),

        (Lang::Fa, MissingStart) => format!("در ثبت بازی سطر {} با وضعیت آغازین نیست", q("start")),
        (Lang::Es, MissingStart) => format!("al registro le falta la línea {} con la posición inicial", q("start")),
        (Lang::Fr, MissingStart) => format!("il manque au relevé la ligne {} avec la position de départ", q("start")),

        (Lang::Fa, Position { line, source }) => format!("سطر {}: {}", n(*line), position_error(lang, source)),
        (Lang::Es, Position { line, source }) => format!("línea {}: {}", n(*line), position_error(lang, source)),
        (Lang::Fr, Position { line, source }) => format!("ligne {} : {}", n(*line), position_error(lang, source)),

        (Lang::Fa, Move { line, number, source }) => {
            format!("سطر {}، حرکت {}: {}", n(*line), n(*number), move_error(lang, source))
        }
        (Lang::Es, Move { line, number, source }) => {
            format!("línea {}, jugada {}: {}", n(*line), n(*number), move_error(lang, source))
        }
        (Lang::Fr, Move { line, number, source }) => {
            format!("ligne {}, coup {} : {}", n(*line), n(*number), move_error(lang, source))
        }

        (Lang::Fa, UnknownLine { line, text }) => format!("سطر {}: سطر ناشناخته {}", n(*line), q(text)),
        (Lang::Es, UnknownLine { line, text }) => format!("línea {}: línea desconocida {}", n(*line), q(text)),
        (Lang::Fr, UnknownLine { line, text }) => format!("ligne {} : ligne inconnue {}", n(*line), q(text)),

        (Lang::Fa, ResultMismatch { line, claimed, actual }) => {
            format!("سطر {}: ثبت بازی نتیجه را {} می‌گوید، اما حرکت‌ها به {} می‌رسند", n(*line), q(claimed), q(actual))
        }
        (Lang::Es, ResultMismatch { line, claimed, actual }) => {
            format!("línea {}: el registro dice {}, pero las jugadas dan {}", n(*line), q(claimed), q(actual))
        }
        (Lang::Fr, ResultMismatch { line, claimed, actual }) => {
            format!("ligne {} : le relevé indique {}, mais les coups donnent {}", n(*line), q(claimed), q(actual))
        }
    }
}

/// Each text follows "Your saved game could not be read: …", so it speaks of the save as "it".
pub fn save_error(lang: Lang, error: &SaveError) -> String {
    use SaveError::*;
    let q = |s: &str| quoted(lang, s);
    match (lang, error) {
        (Lang::En, _) => error.to_string(),

        (Lang::Fa, NotASave) => "این یک ذخیرهٔ اونیتاما نیست (شاید نسخه‌ای قدیمی‌تر آن را نوشته باشد)".to_string(),
        (Lang::Es, NotASave) => {
            "no es una partida guardada de Onitama (quizá la escribió una versión anterior)".to_string()
        }
        (Lang::Fr, NotASave) => {
            "ce n'est pas une sauvegarde d'Onitama (une version plus ancienne l'a peut-être écrite)".to_string()
        }

        (Lang::Fa, UnsupportedFormat { found, supported }) => format!(
            "با قالب ذخیرهٔ {} نوشته شده است و این نسخه قالب {} را می‌خواند",
            number(lang, found),
            number(lang, supported)
        ),
        (Lang::Es, UnsupportedFormat { found, supported }) => format!(
            "se escribió en el formato de guardado {} y esta versión lee el formato {}",
            number(lang, found),
            number(lang, supported)
        ),
        (Lang::Fr, UnsupportedFormat { found, supported }) => format!(
            "elle a été écrite au format de sauvegarde {}, et cette version lit le format {}",
            number(lang, found),
            number(lang, supported)
        ),

        (Lang::Fa, BadFormatNumber(found)) => format!("شمارهٔ قالب آن، {}، عدد نیست", q(found)),
        (Lang::Es, BadFormatNumber(found)) => format!("su número de formato {} no es un número", q(found)),
        (Lang::Fr, BadFormatNumber(found)) => format!("son numéro de format {} n'est pas un nombre", q(found)),

        (Lang::Fa, UnknownMode(found)) => format!("شیوهٔ بازی ناشناخته‌ای را نام می‌برد: {}", q(found)),
        (Lang::Es, UnknownMode(found)) => format!("indica un modo de juego desconocido: {}", q(found)),
        (Lang::Fr, UnknownMode(found)) => format!("elle indique un mode de jeu inconnu : {}", q(found)),

        (Lang::Fa, UnknownColor(found)) => format!("رنگ ناشناخته‌ای را نام می‌برد: {}", q(found)),
        (Lang::Es, UnknownColor(found)) => format!("indica un color desconocido: {}", q(found)),
        (Lang::Fr, UnknownColor(found)) => format!("elle indique une couleur inconnue : {}", q(found)),

        (Lang::Fa, UnknownLevel(found)) => format!("سطح {} را نام می‌برد که وجود ندارد", q(found)),
        (Lang::Es, UnknownLevel(found)) => format!("indica el nivel {}, que no existe", q(found)),
        (Lang::Fr, UnknownLevel(found)) => format!("elle indique le niveau {}, qui n'existe pas", q(found)),

        (Lang::Fa, BadEvaluation(found)) => format!("ارزیابی باید {} یا {} باشد، نه {}", q("on"), q("off"), q(found)),
        (Lang::Es, BadEvaluation(found)) => {
            format!("la evaluación debe ser {} u {}, no {}", q("on"), q("off"), q(found))
        }
        (Lang::Fr, BadEvaluation(found)) => {
            format!("l'évaluation doit être {} ou {}, pas {}", q("on"), q("off"), q(found))
        }

        (Lang::Fa, UnknownLine(found)) => format!("سطری ناشناخته دارد: {}", q(found)),
        (Lang::Es, UnknownLine(found)) => format!("tiene una línea desconocida: {}", q(found)),
        (Lang::Fr, UnknownLine(found)) => format!("elle contient une ligne inconnue : {}", q(found)),

        (Lang::Fa, MissingMode) => "نمی‌گوید چه کسی با کدام طرف بازی می‌کند".to_string(),
        (Lang::Es, MissingMode) => "no dice quién juega con cada bando".to_string(),
        (Lang::Fr, MissingMode) => "elle ne dit pas qui joue quel camp".to_string(),

        (Lang::Fa, NoGame) => "هیچ بازی‌ای در آن نیست".to_string(),
        (Lang::Es, NoGame) => "no contiene ninguna partida".to_string(),
        (Lang::Fr, NoGame) => "elle ne contient aucune partie".to_string(),

        (Lang::Fa, BrokenRecord(record)) => format!("ثبت بازیِ آن خراب است: {}", record_error(lang, record)),
        (Lang::Es, BrokenRecord(record)) => {
            format!("su registro de la partida está dañado: {}", record_error(lang, record))
        }
        (Lang::Fr, BrokenRecord(record)) => {
            format!("son relevé de partie est endommagé : {}", record_error(lang, record))
        }
    }
}

/// Each text follows "This link could not be opened: …".
pub fn link_error(lang: Lang, error: &LinkError) -> String {
    match (lang, error) {
        (Lang::En, _) => error.to_string(),

        (Lang::Fa, LinkError::BadEncoding) => format!("پیوند آسیب دیده است (رمزگذاری {} نادرست)", ltr(lang, "%")),
        (Lang::Es, LinkError::BadEncoding) => "el enlace está dañado (codificación % incorrecta)".to_string(),
        (Lang::Fr, LinkError::BadEncoding) => "le lien est endommagé (codage % incorrect)".to_string(),

        (Lang::Fa, LinkError::BrokenRecord(record)) => {
            format!("بازیِ درون پیوند خراب است: {}", record_error(lang, record))
        }
        (Lang::Es, LinkError::BrokenRecord(record)) => {
            format!("la partida del enlace está dañada: {}", record_error(lang, record))
        }
        (Lang::Fr, LinkError::BrokenRecord(record)) => {
            format!("la partie du lien est endommagée : {}", record_error(lang, record))
        }
    }
}
