//! What the controls show while a position is set up: the tray, the five cards' and the side to
//! move's choosers, the buttons and what the editor says (the refusal's reason in the player's
//! language). Its texts are a table of their own in the four languages, compiled into the whole
//! page only: a first visit, which has no analysis board, does not download them.

use super::error_text;
use super::features::Features;
use super::layout::CardPlace;
use super::setup::{SetupEditor, SetupRefusal, Tool};
use super::state::State;
use super::text::{self, Lang, Texts};
use crate::rules::{Card, Color, Position, Role};
use serde::Serialize;

/// The editor's panel.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SetupPanel {
    /// Only the whole page sets positions up (`crate::ui::features`): the first visit's build
    /// leaves out the code that shows this.
    #[serde(skip)]
    pub features: Features,
    /// What the strip says meanwhile.
    pub title: &'static str,
    /// The setup in position notation, whatever it holds.
    pub setup: String,
    /// The board in words for screen readers, as a position's (in notation while it is none).
    pub description: String,
    /// What to do, or why Analyse was refused.
    pub status: String,
    pub refused: bool,
    pub tray: Vec<TrayButton>,
    pub cards: Vec<CardChooser>,
    /// The cards every chooser offers, by name (`tiger`), with their names in the language.
    pub card_names: Vec<(&'static str, String)>,
    /// The side to move, `red` or `blue`, and the two choices' words.
    pub to_move: &'static str,
    pub colors: [(&'static str, String); 2],
    /// The words of the editor's other elements, by their id.
    pub words: Vec<(&'static str, &'static str)>,
}

/// A tool of the tray.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrayButton {
    /// `R r B b` for the pieces, `x` for the eraser.
    pub code: String,
    pub label: &'static str,
    pub chosen: bool,
}

/// A card's chooser.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardChooser {
    /// `red-0`, `red-1`, `blue-0`, `blue-1` or `side`.
    pub place: &'static str,
    pub label: &'static str,
    /// The card chosen, by name.
    pub card: &'static str,
}

/// The five cards' places, in the order the panel shows them, with their codes.
pub const PLACES: [(CardPlace, &str); 5] = [
    (CardPlace::Hand(Color::Red, 0), "red-0"),
    (CardPlace::Hand(Color::Red, 1), "red-1"),
    (CardPlace::Hand(Color::Blue, 0), "blue-0"),
    (CardPlace::Hand(Color::Blue, 1), "blue-1"),
    (CardPlace::Side, "side"),
];

/// The place of a chooser's code.
pub fn card_place(code: &str) -> Option<CardPlace> {
    PLACES.iter().find(|(_, c)| *c == code).map(|&(place, _)| place)
}

/// The words of the analysis board's button that opens the editor, where it is offered.
pub fn opener(state: &State) -> Option<&'static str> {
    let offered = state.analysis().is_some_and(|run| run.setup.is_none()) && Features::here().is_some();
    offered.then(|| words(&state.texts(), "setup-open"))
}

/// The editor's panel, while a position is set up.
pub fn panel(state: &State) -> Option<SetupPanel> {
    let t = &state.texts();
    let editor = state.setup_editor()?;
    Some(editor_panel(t, editor))
}

fn editor_panel(t: &Texts, editor: &SetupEditor) -> SetupPanel {
    let status = match &editor.refusal {
        Some(SetupRefusal::Invalid(error)) => {
            text::fill_blanks(words(t, "setup-refused"), &[("reason", &error_text::position_error(t, error))])
        }
        Some(SetupRefusal::Over(outcome)) => {
            text::fill_blanks(words(t, "setup-over"), &[("outcome", &text::outcome(t, *outcome))])
        }
        None => words(t, "setup-how").to_string(),
    };
    let tray = Tool::TRAY.map(|tool| TrayButton {
        code: tool.code().to_string(),
        label: words(
            t,
            match tool {
                Tool::Piece(piece) => match (piece.color, piece.role) {
                    (Color::Red, Role::Master) => "setup-red-master",
                    (Color::Red, Role::Student) => "setup-red-student",
                    (Color::Blue, Role::Master) => "setup-blue-master",
                    (Color::Blue, Role::Student) => "setup-blue-student",
                },
                Tool::Eraser => "setup-eraser",
            },
        ),
        chosen: editor.tool == Some(tool),
    });
    let setup = &editor.setup;
    let cards = PLACES.map(|(place, code)| CardChooser {
        place: code,
        label: words(t, code),
        card: match place {
            CardPlace::Hand(color, slot) => setup.hand(color)[slot.min(1)],
            CardPlace::Side => setup.side,
        }
        .name(),
    });
    SetupPanel {
        features: Features::present(),
        title: words(t, "setup-title"),
        setup: setup.to_string(),
        description: Position::try_from(*setup)
            .map_or_else(|_| setup.to_string(), |position| text::describe_position(t, &position)),
        status,
        refused: editor.refusal.is_some(),
        tray: tray.to_vec(),
        cards: cards.to_vec(),
        card_names: Card::ALL.iter().map(|&card| (card.name(), text::card_name(t, card).into())).collect(),
        to_move: if setup.to_move == Color::Red { "red" } else { "blue" },
        colors: [("red", text::color_name(t, Color::Red).into()), ("blue", text::color_name(t, Color::Blue).into())],
        words: ["editor-tray", "editor-to-move-label", "editor-turn", "editor-clear"]
            .into_iter()
            .chain(["editor-start", "editor-cancel", "editor-analyse"])
            .map(|id| (id, words(t, id)))
            .collect(),
    }
}

/// The editor's text of `key` in `t.lang`.
pub fn words(t: &Texts, key: &str) -> &'static str {
    let column = match t.lang {
        Lang::En => 0,
        Lang::Fa => 1,
        Lang::Es => 2,
        Lang::Fr => 3,
    };
    TEXTS.iter().find(|(k, _)| *k == key).map_or("", |(_, texts)| texts[column])
}

/// Every text of the editor: English, Persian, Spanish, French.
pub const TEXTS: [(&str, [&str; 4]); 22] = [
    // Short: it shares a phone's row with the analysis board's status and buttons.
    ("setup-open", ["Set up position", "چیدن وضعیت", "Colocar piezas", "Mise en place"]),
    ("setup-title", ["Set up a position", "چیدن یک وضعیت", "Prepara una posición", "Composez une position"]),
    (
        "setup-how",
        [
            "Choose a piece, then tap squares; drag pieces on or off the board.",
            "مهره‌ای برگزینید و روی خانه‌ها بزنید؛ مهره‌ها را به تخته یا بیرون از آن بکشید.",
            "Elige una pieza y toca las casillas; arrastra piezas al tablero o fuera de él.",
            "Choisissez une pièce puis touchez les cases\u{a0}; glissez les pièces sur le plateau ou hors de lui.",
        ],
    ),
    (
        "setup-refused",
        [
            "This cannot be analysed: {reason}",
            "این را نمی‌توان تحلیل کرد: {reason}",
            "No se puede analizar: {reason}",
            "Impossible d'analyser\u{a0}: {reason}",
        ],
    ),
    (
        "setup-over",
        [
            "This position is already over: {outcome}",
            "این وضعیت پیشاپیش تمام شده است: {outcome}",
            "Esta posición ya ha terminado: {outcome}",
            "Cette position est déjà finie\u{a0}: {outcome}",
        ],
    ),
    ("editor-tray", ["Pieces", "مهره‌ها", "Piezas", "Pièces"]),
    ("setup-red-master", ["Red master", "استاد قرمز", "Maestro rojo", "Maître rouge"]),
    ("setup-red-student", ["Red student", "شاگرد قرمز", "Alumno rojo", "Élève rouge"]),
    ("setup-blue-master", ["Blue master", "استاد آبی", "Maestro azul", "Maître bleu"]),
    ("setup-blue-student", ["Blue student", "شاگرد آبی", "Alumno azul", "Élève bleu"]),
    ("setup-eraser", ["Eraser", "پاک‌کن", "Borrador", "Gomme"]),
    ("red-0", ["Red's first card", "کارت اول قرمز", "Primera carta de Rojo", "Première carte de Rouge"]),
    ("red-1", ["Red's second card", "کارت دوم قرمز", "Segunda carta de Rojo", "Seconde carte de Rouge"]),
    ("blue-0", ["Blue's first card", "کارت اول آبی", "Primera carta de Azul", "Première carte de Bleu"]),
    ("blue-1", ["Blue's second card", "کارت دوم آبی", "Segunda carta de Azul", "Seconde carte de Bleu"]),
    ("side", ["Side card", "کارت کناری", "Carta lateral", "Carte du côté"]),
    ("editor-to-move-label", ["To move", "نوبت", "Mueve", "Au trait"]),
    ("editor-turn", ["Turn board", "چرخاندن تخته", "Girar tablero", "Tourner le plateau"]),
    ("editor-clear", ["Clear board", "خالی کردن تخته", "Vaciar tablero", "Vider le plateau"]),
    ("editor-start", ["Starting position", "وضعیت آغازین", "Posición inicial", "Position de départ"]),
    ("editor-cancel", ["Cancel", "لغو", "Cancelar", "Annuler"]),
    ("editor-analyse", ["Analyse", "تحلیل", "Analizar", "Analyser"]),
];
