//! A game under review on the page: the moves reviewed so far (the worker sends them one by
//! one), the evaluation graph drawn from them, and the engine's line shown instead of a move.

use super::features::Features;
use super::text::{self, Texts};
use crate::ai::Score;
use crate::ai::review::{MoveClass, PlyReview};
use crate::rules::{Color, Game, Move};

/// How long the worker searches each position of a reviewed game, in milliseconds.
pub const REVIEW_MS: f64 = 200.0;

/// The graph's drawing box (SVG user units, whole numbers so that no float is ever formatted):
/// the game runs left to right, Red's share from the bottom up.
pub const GRAPH_WIDTH: i64 = 1000;
pub const GRAPH_HEIGHT: i64 = 100;

#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// Only a build with the features makes one.
    pub features: crate::ui::features::Features,
    /// The id the worker's reports carry.
    pub request: u32,
    /// The reviewed game, whole.
    pub game: Game,
    pub entries: Vec<PlyReview>,
    pub running: bool,
    /// The board shows the engine's line instead of this move (1 for the first move).
    pub variation: Option<usize>,
    /// It took the place of the player's game, which waits aside: closing it goes back to that.
    pub stands_in: bool,
}

impl Review {
    pub fn new(request: u32, game: Game) -> Review {
        let features = Features::present();
        Review { features, request, game, entries: Vec::new(), running: true, variation: None, stands_in: false }
    }

    pub fn total(&self) -> usize {
        self.game.moves().len()
    }

    /// Takes the next reviewed move; one out of turn is ignored.
    pub fn add(&mut self, entry: PlyReview) {
        let expected = self.entries.len() + 1;
        if entry.ply == expected && self.game.moves().get(entry.ply - 1) == Some(&entry.played) {
            self.entries.push(entry);
        }
    }

    pub fn entry(&self, ply: usize) -> Option<&PlyReview> {
        ply.checked_sub(1).and_then(|i| self.entries.get(i))
    }

    /// The game as far as move `ply - 1`, then the engine's line in its place, to its end; `None`
    /// when the move was the best or is not reviewed yet.
    pub fn variation(&self, ply: usize) -> Option<Game> {
        let entry = self.entry(ply).filter(|e| e.best.is_some_and(|best| best != e.played))?;
        let mut game = Game::new(*self.game.start());
        for &m in &self.game.moves()[..ply - 1] {
            game.play(m).ok()?;
        }
        for &m in entry.best.iter().chain(entry.line.iter().skip(1)) {
            if game.outcome().is_some() || game.play(m).is_err() {
                break;
            }
        }
        Some(game)
    }

    /// Red's share (0 to 1) after each move reviewed so far, starting from the first position.
    pub fn red_shares(&self) -> Vec<f64> {
        let positions = self.game.positions();
        let for_red = |score: Score, mover: Color| if mover == Color::Red { score } else { score.negate() };
        let mut shares = Vec::with_capacity(self.entries.len() + 1);
        if let Some(first) = self.entries.first() {
            shares.push(text::red_share(for_red(first.score_before, positions[0].to_move())));
        }
        for entry in &self.entries {
            shares.push(text::red_share(for_red(entry.score_after, positions[entry.ply - 1].to_move())));
        }
        shares
    }

    /// The graph's x for the position after `ply` moves.
    pub fn x(&self, ply: usize) -> i64 {
        ply as i64 * GRAPH_WIDTH / self.total().max(1) as i64
    }

    /// The graph's line as an SVG path in the box `GRAPH_WIDTH` by `GRAPH_HEIGHT`.
    pub fn graph_path(&self) -> String {
        let mut path = String::new();
        for (i, share) in self.red_shares().into_iter().enumerate() {
            let command = if i == 0 { 'M' } else { 'L' };
            let y = ((1.0 - share) * GRAPH_HEIGHT as f64).round() as i64;
            path.push_str(&format!("{command}{} {y}", self.x(i)));
        }
        path
    }

    /// Moves that lost something worth marking on the graph, with their class.
    pub fn marked(&self) -> impl Iterator<Item = (usize, MoveClass)> + '_ {
        self.entries
            .iter()
            .filter(|e| matches!(e.class, MoveClass::Inaccuracy | MoveClass::Mistake | MoveClass::Blunder))
            .map(|e| (e.ply, e.class))
    }
}

/// The position after how many moves a click at `fraction` (0 to 1) across the graph shows.
pub fn ply_at(fraction: f64, total: usize) -> usize {
    (fraction.clamp(0.0, 1.0) * total as f64).round() as usize
}

/// What the review says about move `ply`: its class, and the engine's choice when it differs.
pub fn verdict(t: &Texts, review: &Review, ply: usize) -> String {
    let Some(entry) = review.entry(ply) else {
        return match (review.running, ply) {
            (true, _) => text::review_progress(t, review.entries.len(), review.total()),
            (false, 0) => text::review_start(t),
            (false, _) => String::new(),
        };
    };
    let before = &review.game.positions()[ply - 1];
    let played = text::move_text(t, before, entry.played, None);
    let class = text::move_class(t, entry.class);
    let best = entry.best.filter(|&best| best != entry.played).map(|best| text::move_text(t, before, best, None));
    let verdict = match best {
        // Classed best, yet not the engine's first choice: as good as that one, not worse.
        Some(best) if entry.class == MoveClass::Best => text::verdict_equal(t, ply, &played, class, &best),
        Some(best) => text::verdict_with_best(t, ply, &played, class, &best),
        None => text::verdict(t, ply, &played, class),
    };
    if !entry.exact {
        return verdict;
    }
    // The tables know the position after the move: its exact value, as the bar says it.
    let mover = before.to_move();
    let for_red = if mover == crate::rules::Color::Red { entry.score_after } else { entry.score_after.negate() };
    format!("{verdict} · {}", text::evaluation(t, for_red, true))
}

/// The engine's line, in words, for the move at `ply` (its first move included).
pub fn line_text(t: &Texts, review: &Review, ply: usize) -> String {
    let Some(whole) = review.variation(ply) else { return String::new() };
    let moves: &[Move] = &whole.moves()[ply - 1..];
    let positions = &whole.positions()[ply - 1..];
    let words: Vec<String> =
        moves.iter().zip(positions).map(|(&m, position)| text::move_text(t, position, m, None)).collect();
    // "→" joins them left to right, "←" right to left.
    let arrow = t.html("line-arrow").unwrap_or("→");
    words.join(&format!(" {arrow} "))
}
