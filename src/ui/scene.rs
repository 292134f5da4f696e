//! What the canvas shows, decided without drawing: where each piece and card lies, how each card
//! stands out, the marks on the board, and the lines naming whose turn it is. A `Picture` holds
//! all of it, made from the state once per update that changes it; `web::render` draws it at
//! each frame's time, which decides only what moves: the slide's plan (`anim`) and the
//! celebration, and that while a move slides nothing invites a choice (`Picture::marks_at`,
//! `Picture::emphasis_at`).

use super::anim::{Anim, Celebration, Scene};
use super::board::{destinations, movable_pieces, must_pass};
use super::features::Features;
use super::layout::{CardPlace, Layout, Rect};
use super::state::{BoardFocus, Mode, State};
use super::text::{self, Lang};
use crate::rules::{Bitboard, Card, Color, Move, Piece, Square};
use std::borrow::Cow;

/// Everything the canvas draws, from the state as an update left it: a frame needs only this and
/// its time.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    pub layout: Layout,
    pub dark: bool,
    /// The board's coordinates, in this language, if they show.
    pub coordinates: Option<Lang>,
    /// The board turns to face the next player after each move: both sides of the wood are kept.
    pub turns_board: bool,
    /// Where every piece and card lies when nothing moves.
    pub still: Scene,
    /// The move sliding, if one is.
    pub anim: Option<Anim>,
    /// The marks when no move slides.
    pub marks: Marks,
    /// Each card of the scene, in its order: whose it is, how it stands out when no move slides,
    /// its name, and an expansion card's animal once its file has come.
    pub cards: Vec<CardPicture>,
    /// A card's name and animal turn with it toward its holder (`words_turn_with_card`).
    pub words_turn: bool,
    pub rtl: bool,
    pub mover: Color,
    /// The piece a drag carries from the board, and one carried from the setup's tray with the
    /// pointer's place.
    pub dragged: Option<Piece>,
    pub carried: Option<(Piece, f64, f64)>,
    pub focus: Option<BoardFocus>,
    /// The lines by each row, and the game clocks.
    pub labels: Vec<(Color, String, bool)>,
    pub clocks: Vec<ClockFace>,
    pub celebration: Option<Celebration>,
}

/// A card as the canvas draws it.
#[derive(Clone, Debug, PartialEq)]
pub struct CardPicture {
    pub card: Card,
    pub owner: Color,
    pub emphasis: Emphasis,
    pub name: String,
    pub expansion: Option<String>,
}

impl Picture {
    /// The picture of `state` on `layout`. Made in one place, as an update ends: kept out of
    /// `update` itself, the first visit's wasm is 0.3 KB smaller.
    #[inline(never)]
    pub fn of(state: &State, layout: &Layout) -> Picture {
        let still = scene(state, layout);
        let marks = marks(state);
        let t = &state.texts();
        let cards = still
            .cards
            .iter()
            .map(|&(card, ..)| CardPicture {
                card,
                owner: holder(state, card),
                emphasis: emphasis(state, card),
                name: text::card_name(t, card).to_string(),
                expansion: state.expansion_emblem(card).map(str::to_string),
            })
            .collect();
        let piece_at =
            |from| state.setup_editor().map_or_else(|| state.position().piece_at(from), |e| e.piece_at(from));
        Picture {
            layout: layout.clone(),
            dark: state.dark(),
            coordinates: state.shows_coordinates().then(|| state.lang()),
            turns_board: state.mode.turns_board(),
            anim: state.board.anim.clone(),
            dragged: marks.dragged.and_then(|(from, ..)| piece_at(from)),
            carried: state.setup_editor().and_then(|editor| editor.carried_piece()),
            cards,
            words_turn: words_turn_with_card(state),
            rtl: t.lang.is_rtl(),
            mover: state.position().to_move(),
            focus: state.board.focus,
            labels: labels(state),
            clocks: clock_faces(state),
            celebration: state.board.celebration,
            still,
            marks,
        }
    }

    /// Whether a move is sliding on screen at `now_ms`.
    pub fn sliding(&self, now_ms: f64) -> bool {
        self.anim.as_ref().is_some_and(|anim| !anim.is_done(now_ms))
    }

    /// Whether a frame at `now_ms` draws something the last did not: a move slides, or the
    /// confetti falls.
    pub fn moving(&self, now_ms: f64) -> bool {
        self.sliding(now_ms) || self.celebration.is_some_and(|c| c.progress(now_ms) < 1.0)
    }

    /// The marks at `now_ms`: while a move slides, only the last move and a dragged piece; nothing
    /// that invites a choice, and no lines by the rows, which would name the next mover early.
    pub fn marks_at(&self, now_ms: f64) -> Cow<'_, Marks> {
        if !self.sliding(now_ms) {
            return Cow::Borrowed(&self.marks);
        }
        Cow::Owned(Marks {
            last_move: self.marks.last_move,
            arrow: None,
            hint: None,
            lines: Vec::new(),
            preview: None,
            movable: Bitboard::EMPTY,
            selected: None,
            targets: Vec::new(),
            lit_hand: None,
            dragged: self.marks.dragged,
            show_labels: false,
        })
    }

    /// How a card stands out at `now_ms`: while a move slides, no card invites a choice.
    pub fn emphasis_at(&self, card: &CardPicture, now_ms: f64) -> Emphasis {
        if self.sliding(now_ms) { Emphasis::Plain } else { card.emphasis }
    }

    /// The card's picture (every card of the scene has one).
    pub fn card(&self, card: Card) -> Option<&CardPicture> {
        self.cards.iter().find(|c| c.card == card)
    }
}

/// Where every piece and card is drawn when nothing moves.
pub fn scene(state: &State, layout: &Layout) -> Scene {
    if let Some(editor) = state.setup_editor() {
        return setup_scene(&editor.setup, layout);
    }
    let position = state.position();
    let pieces = Square::all().filter_map(|s| position.piece_at(s).map(|piece| (s, piece, layout.square(s)))).collect();
    let mover = position.to_move();
    let mut cards: Vec<(Card, Rect, bool)> = Vec::with_capacity(5);
    for color in Color::ALL {
        for (slot, card) in state.hand_slots()[color.index()].into_iter().enumerate() {
            cards.push((card, layout.card(CardPlace::Hand(color, slot), mover), layout.turned(color)));
        }
    }
    cards.push((position.side_card(), layout.card(CardPlace::Side, mover), layout.turned(mover)));
    Scene { pieces, cards }
}

/// A position being set up, whatever it holds (no masters, a card twice): its pieces and cards
/// where a position's would be.
fn setup_scene(setup: &crate::rules::Setup, layout: &Layout) -> Scene {
    let pieces =
        Square::all().filter_map(|s| setup.board[s.index()].map(|piece| (s, piece, layout.square(s)))).collect();
    let mover = setup.to_move;
    let mut cards: Vec<(Card, Rect, bool)> = Vec::with_capacity(5);
    for color in Color::ALL {
        for (slot, card) in setup.hand(color).into_iter().enumerate() {
            cards.push((card, layout.card(CardPlace::Hand(color, slot), mover), layout.turned(color)));
        }
    }
    cards.push((setup.side, layout.card(CardPlace::Side, mover), layout.turned(mover)));
    Scene { pieces, cards }
}

/// Whether a card's name and animal turn with it toward its holder's seat. Its grid always does
/// (a move is read from the side that plays it); the words face the bottom seat, the player's
/// (against the AI, watching, or in pass and play with the board turning to whoever moves),
/// unless a person sits at each end of the table.
pub fn words_turn_with_card(state: &State) -> bool {
    matches!(state.mode, Mode::PassAndPlay { turn_board: false })
}

/// How a card stands out while nothing moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emphasis {
    Plain,
    /// A card of the person to move.
    Playable,
    /// The card chosen, or the cards to choose between (two cards reach the square, or a pass).
    Chosen,
    /// The card the hint plays.
    Hinted,
    /// Shown on the board from its holder's pieces.
    Previewed,
}

pub fn emphasis(state: &State, card: Card) -> Emphasis {
    let mover = state.position().to_move();
    if state.board.preview == Some(card) {
        Emphasis::Previewed
    } else if !state.human_to_move() || !state.position().hand(mover).contains(card) {
        Emphasis::Plain
    } else if state.board.selected_card == Some(card) || state.board.card_choice.is_some() || must_pass(state) {
        Emphasis::Chosen
    } else if state.hinted().map(|m| m.card()) == Some(card) {
        Emphasis::Hinted
    } else {
        Emphasis::Playable
    }
}

/// A square the chosen piece can reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub square: Square,
    /// An enemy piece stands there (drawn as a ring, an empty square as a dot).
    pub capture: bool,
    /// Both cards reach it.
    pub by_both: bool,
    /// The square whose card the person is asked to choose.
    pub asked: bool,
}

/// The marks on the board and around it.
#[derive(Clone, Debug, PartialEq)]
pub struct Marks {
    /// The squares of the last move, lit.
    pub last_move: Option<(Square, Square)>,
    /// The AI's last move, drawn as an arrow.
    pub arrow: Option<(Square, Square)>,
    /// The hint's piece and destination, ringed.
    pub hint: Option<(Square, Square)>,
    /// The analysis board's lines, best first: each first move's piece and destination, an arrow
    /// fainter with each line.
    pub lines: Vec<(Square, Square)>,
    /// Where a previewed card would take its holder's pieces.
    pub preview: Option<(Color, Bitboard)>,
    /// Pieces that can move (the chosen one excluded), ringed.
    pub movable: Bitboard,
    pub selected: Option<Square>,
    pub targets: Vec<Target>,
    /// The hand of the player to move, lit: strongly when a person is to move.
    pub lit_hand: Option<(Color, bool)>,
    /// A piece being dragged, drawn under the pointer (not on its square): where it came from and
    /// where the pointer is.
    pub dragged: Option<(Square, f64, f64)>,
    /// Whether the lines by each row show (`labels`: whose turn, the levels' names).
    pub show_labels: bool,
}

/// The marks while nothing moves.
pub fn marks(state: &State) -> Marks {
    // A position being set up: nothing is played, only a piece carried.
    if state.setup_editor().is_some() {
        return Marks {
            last_move: None,
            arrow: None,
            hint: None,
            preview: None,
            movable: Bitboard::EMPTY,
            selected: None,
            targets: Vec::new(),
            lit_hand: None,
            dragged: state.board.drag.filter(|d| d.moved).map(|d| (d.from, d.x, d.y)),
            show_labels: false,
            lines: Vec::new(),
        };
    }
    let position = state.position();
    let mover = position.to_move();
    let step = |m: Option<Move>| match m? {
        Move::Step { from, to, .. } => Some((from, to)),
        Move::Pass { .. } => None,
    };
    let last_move = step(state.last_move());
    let last_mover = state.game().positions().len().checked_sub(2).map(|i| state.game().positions()[i].to_move());
    let destinations = destinations(state);
    let targets = destinations
        .iter()
        .map(|&(_, square)| Target {
            square,
            capture: position.pieces(mover.other()).contains(square),
            by_both: destinations.iter().filter(|(_, s)| *s == square).count() > 1,
            asked: state.board.card_choice.is_some_and(|(_, to)| to == square),
        })
        .collect();
    let selected = state.board.selected_piece;
    Marks {
        last_move,
        arrow: last_move.filter(|_| last_mover.is_some_and(|color| !state.mode.is_human(color))),
        hint: step(state.hinted()),
        lines: state
            .analysis()
            .filter(|_| Features::here().is_some())
            .and_then(|run| run.lines_of(position))
            .filter(|_| state.game().outcome().is_none())
            .map_or_else(Vec::new, |found| found.lines.iter().filter_map(|line| step(Some(line.first))).collect()),
        preview: preview_targets(state),
        // A tutorial step whose move is made waits for Next: nothing is offered to move.
        movable: match state.tutorial() {
            Some(run) if run.done => Bitboard::EMPTY,
            _ => movable_pieces(state) & !selected.map_or(Bitboard::EMPTY, Square::bitboard),
        },
        selected,
        targets,
        lit_hand: state.game().outcome().is_none().then(|| (mover, state.human_to_move())),
        dragged: state.board.drag.filter(|d| d.moved).map(|d| (d.from, d.x, d.y)),
        show_labels: true,
    }
}

/// The line by the mover's row, in the player's language; none once the game is over.
pub fn turn_line(state: &State) -> Option<String> {
    // A failed puzzle waits for "Try again": nobody is to move.
    let puzzle_over = state.puzzle().is_some_and(|run| run.status != super::puzzle::Status::Playing);
    // While a review is open the board is looked at, not played.
    if state.game().outcome().is_some() || puzzle_over || state.review().is_some() {
        return None;
    }
    // An online game over with no result (aborted, or diverged): nobody is to move; the strip
    // says why. Only the whole page plays online.
    let online_over = super::features::Features::here().is_some()
        && matches!(state.mode, Mode::Online { .. })
        && state
            .online
            .as_ref()
            .and_then(|o| o.script.as_ref())
            .is_some_and(|s| s.phase == crate::online::bridge::Phase::Ended);
    if online_over {
        return None;
    }
    let t = &state.texts();
    let mover = state.position().to_move();
    Some(if state.ai_to_move() && state.ai.paused {
        let paused = t.html("watch-paused").unwrap_or_default();
        format!("{} · {paused}", text::color_name(t, mover))
    } else if state.ai_to_move() {
        let label = match state.puzzle() {
            // The puzzle's opponent is the exact defence, not a level.
            Some(_) => text::defender_label(t, state.ai.thinking.is_some()),
            None => text::ai_label(t, state.mode.level().unwrap_or_default(), state.ai.thinking.is_some()),
        };
        // When the AI plays both sides, say which side is thinking.
        if matches!(state.mode, Mode::Watch { .. }) {
            format!("{} · {label}", text::color_name(t, mover))
        } else {
            label
        }
    } else if must_pass(state) {
        text::must_pass(t)
    } else if state.board.card_choice.is_some() {
        text::choose_card(t)
    } else if let Some(script) = state.online.as_ref().filter(|o| o.pending.is_none()).and_then(|o| o.script.as_ref())
        && state.mode == (Mode::Online { you: Some(mover) })
        && !script.may_move
        && script.phase != crate::online::bridge::Phase::Error
    {
        text::online_waiting(t, script.phase != crate::online::bridge::Phase::Waiting)
    } else if matches!(state.mode, Mode::VsAi { human, .. } | Mode::Online { you: Some(human) } if human == mover) {
        text::your_move(t, mover)
    } else if matches!(state.mode, Mode::Online { you: Some(_) }) {
        text::online_opponent(t, true)
    } else {
        text::to_move(t, mover)
    })
}

/// The lines drawn by each player's row: the mover's turn line (lit), and by the AI's hand its
/// level; at the end, how the game was won. None in the tutorial, whose panel says all that.
pub fn labels(state: &State) -> Vec<(Color, String, bool)> {
    if state.tutorial().is_some() {
        return Vec::new();
    }
    let t = &state.texts();
    let mover = state.position().to_move();
    if let Some(outcome) = state.game().outcome() {
        let by = match outcome {
            crate::rules::Outcome::Win { winner, .. } | crate::rules::Outcome::WonOnTime { winner } => winner,
            crate::rules::Outcome::DrawByRepetition | crate::rules::Outcome::DrawAgreed => mover,
            // Said by the side that gave up.
            crate::rules::Outcome::Resigned { by } => by,
        };
        // A solution shown was the engine's win, not the player's: say who won.
        let words = match state.puzzle() {
            Some(run) if run.shown => text::outcome(t, outcome),
            _ => text::result(t, outcome, state.mode),
        };
        return vec![(by, words, true)];
    }
    let mut labels: Vec<(Color, String, bool)> = turn_line(state).map(|line| (mover, line, true)).into_iter().collect();
    if let Mode::VsAi { human, level } = state.mode
        && human == mover
    {
        let opponent = match state.puzzle() {
            Some(_) => text::defender_label(t, false),
            None => text::ai_label(t, level, false),
        };
        labels.push((human.other(), opponent, false));
    }
    if let Mode::Online { you: Some(you) } = state.mode
        && you == mover
    {
        labels.push((you.other(), text::online_opponent(t, false), false));
    }
    labels
}

/// A game clock shows red under this time (ms), and the player's own is heard once.
pub const LOW_TIME_MS: u64 = 10_000;

/// A game clock by a player's row (online under a game clock): its time, whether it runs, and
/// whether it is short.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockFace {
    pub color: Color,
    pub text: String,
    pub running: bool,
    pub low: bool,
}

/// The two game clocks, each by its player's row; none without a game clock.
pub fn clock_faces(state: &State) -> Vec<ClockFace> {
    // Online play is the whole page's: the first visit's download leaves this out.
    if Features::here().is_none() {
        return Vec::new();
    }
    let script = state.online.as_ref().and_then(|online| online.script.as_ref());
    let Some(clocks) = script.and_then(|script| script.clocks) else { return Vec::new() };
    let t = &state.texts();
    Color::ALL
        .into_iter()
        .map(|color| {
            let ms = clocks.left[color.index()];
            let seconds = ms.div_ceil(1000);
            let text = t.lang.digits(&format!("{}:{:02}", seconds / 60, seconds % 60));
            ClockFace { color, text, running: clocks.running == Some(color), low: ms < LOW_TIME_MS }
        })
        .collect()
}

/// A card's holder: the hand it is in, or for the side card the player to move, who takes it next.
pub fn holder(state: &State, card: Card) -> Color {
    if let Some(setup) = state.setup_editor().map(|editor| editor.setup) {
        return Color::ALL.into_iter().find(|&color| setup.hand(color).contains(&card)).unwrap_or(setup.to_move);
    }
    let position = state.position();
    Color::ALL.into_iter().find(|&color| position.hand(color).contains(card)).unwrap_or(position.to_move())
}

/// Where a previewed card (an opponent's, or the side card) would take its holder's pieces.
pub fn preview_targets(state: &State) -> Option<(Color, crate::rules::Bitboard)> {
    let card = state.board.preview?;
    let color = holder(state, card);
    let position = state.position();
    let own = position.pieces(color);
    let targets = own.fold(crate::rules::Bitboard::EMPTY, |acc, from| acc | card.targets(color, from));
    Some((color, targets & !own))
}
