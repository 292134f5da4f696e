//! The moves on the board: a tree of lines from the start, the line the board follows to its
//! end, and how far along it the board is.
//!
//! Undo and redo, and looking back, move along the line; a move played short of its end that is
//! not the line's next cuts the game's line there. The rules' `Game` keeps no moves taken back:
//! this does. The board may follow another line that leaves the game's (a review's engine line):
//! it is a branch of the tree, the game's line waits beside it, and the board comes back to it.
//! On the analysis board nothing is cut: a move off the line is a branch, and every line explored
//! stays in the tree.

use super::features::Features;
use super::variations::Variations;
use crate::rules::{Color, Game, Move, MoveError, Outcome};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct History {
    /// On the analysis board, every line explored (the line followed among them): a move off the
    /// line branches there, nothing is cut. Only the whole page has one.
    explored: Option<(Features, Variations)>,
    /// The line followed to its end, with an end declared there (a resignation, a draw, a win on
    /// time).
    whole: Game,
    /// The line up to the move the board is at: the game there, the position shown.
    shown: Game,
    /// The board shows an earlier move only to look at it: the game goes on from this move of the
    /// line, not from here (after undo, it goes on from here; moves undone before looking back
    /// lie beyond it, still to redo).
    looking_back: Option<usize>,
    /// How many of the line's first moves came with it (a friend's link, a record opened): not
    /// the player's, so not a game of theirs to keep or to be asked about.
    received: usize,
    /// The game's own line, while the board follows another that leaves it (a review's engine
    /// line in place of one of its moves).
    waiting: Option<Box<Game>>,
}

impl History {
    /// A game's line, at its end.
    pub fn new(game: Game) -> History {
        History { explored: None, shown: game.clone(), whole: game, looking_back: None, received: 0, waiting: None }
    }

    /// A game opened from a link or a record, at its end: its moves came with it.
    pub fn opened(game: Game) -> History {
        History { received: game.moves().len(), ..History::new(game) }
    }

    /// A game's line, at its move `ply` (at most its end), to go on from there.
    pub fn at(game: Game, ply: usize) -> History {
        let mut line = History::new(game);
        line.go_to(ply);
        line
    }

    /// The game at the move the board is at: its moves up to there, its position, its outcome.
    pub fn game(&self) -> &Game {
        &self.shown
    }

    /// The line followed to its end.
    pub fn whole(&self) -> &Game {
        &self.whole
    }

    /// Every line the board keeps, as a tree: the game's line first, then the line followed
    /// beside it (a review's engine line), or on the analysis board every line explored.
    pub fn lines(&self) -> Variations {
        let mut lines = self.explored.as_ref().map(|(_, tree)| tree.clone()).unwrap_or_default();
        if let Some(game) = &self.waiting {
            lines.record(game.moves());
        }
        lines.record(self.whole.moves());
        lines
    }

    /// From now on the board explores (the analysis board): `lines` (moves from the start, each
    /// legal) are explored already, before the line followed.
    pub fn explore(&mut self, lines: &[Vec<Move>]) {
        let mut tree = Variations::default();
        for line in lines {
            tree.record(line);
        }
        tree.record(self.whole.moves());
        self.explored = Some((Features::present(), tree));
    }

    /// The board explores no more: the line followed is the game's, the others go.
    pub fn stop_exploring(&mut self) {
        self.explored = None;
    }

    /// The moves after the one the board is at, the next first: what redo plays again.
    pub fn ahead(&self) -> &[Move] {
        &self.whole.moves()[self.shown.moves().len()..]
    }

    /// Follows `line`, which leaves the game's line after its move `ply - 1`, showing its move
    /// `ply` and looking back from its end; the game's line waits to come back to.
    pub fn follow(&mut self, line: Game, ply: usize) {
        let game = self.waiting.take().map_or_else(|| self.played(), |game| *game);
        let received = self.received.min(ply.saturating_sub(1));
        *self = History { waiting: Some(Box::new(game)), received, ..History::new(line) };
        self.look_at(ply);
    }

    /// Back on the game's line from another followed, showing its move `ply` and looking back from
    /// its end; false if the board followed none.
    pub fn leave_line(&mut self, ply: usize) -> bool {
        let Some(game) = self.waiting.take() else { return false };
        *self = History { received: self.received, ..History::new(*game) };
        self.look_at(ply);
        true
    }

    /// The line followed becomes the game's: it is played on from the board.
    pub fn keep_line(&mut self) {
        self.waiting = None;
    }

    /// The game's line, waiting while the board follows another.
    pub fn waiting_game(&self) -> Option<&Game> {
        self.waiting.as_deref()
    }

    /// How many of the line's first moves came with it, not played here.
    pub fn received(&self) -> usize {
        self.received
    }

    /// Whether the board shows an earlier move only to look at it.
    pub fn looking_back(&self) -> bool {
        self.looking_back.is_some()
    }

    /// The game as played: up to the move the board looks back from, else the board's.
    pub fn played(&self) -> Game {
        let Some(end) = self.looking_back else { return self.shown.clone() };
        let mut game = self.whole.clone();
        while game.moves().len() > end && game.undo().is_some() {}
        game
    }

    /// The game goes on from the move the board is at, as after undo; returns whether the board
    /// was looking back.
    pub fn continue_here(&mut self) -> bool {
        self.looking_back.take().is_some()
    }

    /// While looking back, the move of the line the game goes on from.
    pub fn looking_back_from(&self) -> Option<usize> {
        self.looking_back
    }

    /// One move back along the line; returns it, or `None` at the start.
    pub fn back(&mut self) -> Option<Move> {
        self.shown.undo()
    }

    /// Takes the game's last move off the line, as if never played (a move the other side never
    /// had); a board looking back stays where it looks.
    pub fn take_back(&mut self) -> Option<Move> {
        let Some(end) = self.looking_back else {
            let m = self.back()?;
            self.cut(self.shown.moves().len());
            return Some(m);
        };
        let mut game = self.played();
        let m = game.undo()?;
        self.received = self.received.min(end - 1);
        self.whole = game;
        self.keep();
        self.looking_back = (self.shown.moves().len() < end - 1).then_some(end - 1);
        Some(m)
    }

    /// Plays `m` at the end of the game as played, if it is legal: where the board is, or, while
    /// it looks back, after the move it looks back from, the board staying where it looks (the
    /// other side's move online).
    pub fn play_at_end(&mut self, m: Move) -> Result<Option<Outcome>, MoveError> {
        let Some(end) = self.looking_back else { return self.play(m) };
        let mut game = self.played();
        let outcome = game.play(m)?;
        self.whole = game;
        self.keep();
        self.looking_back = Some(end + 1);
        Ok(outcome)
    }

    /// The end declared at the line's end lapsed (a claim crossed by a move): the line goes on.
    pub fn undeclare(&mut self) {
        let mut game = Game::new(*self.whole.start());
        play_on(&mut game, self.whole.moves());
        if self.ahead().is_empty() {
            self.shown = game.clone();
        }
        self.whole = game;
    }

    /// One move forward along the line (bringing back an end declared at its end); returns it, or
    /// `None` at the end.
    pub fn forward(&mut self) -> Option<Move> {
        let &next = self.ahead().first()?;
        if self.ahead().len() == 1 {
            self.shown = self.whole.clone();
        } else {
            // The line's moves are legal (`expect` would bring the error's Debug text into the wasm).
            self.shown.play(next).ok()?;
        }
        // Back at the move looked back from, the board no longer looks back.
        self.looking_back.take_if(|&mut end| end == self.shown.moves().len());
        Some(next)
    }

    /// Moves the board to the line's move `ply` (at most its end), to go on from there.
    pub fn go_to(&mut self, ply: usize) {
        self.looking_back = None;
        while self.shown.moves().len() > ply && self.back().is_some() {}
        while self.shown.moves().len() < ply && self.forward().is_some() {}
    }

    /// Shows the game's move `ply` (at most its end, the move looked back from) only to look at
    /// it; at the end, looking back is over.
    pub fn look_at(&mut self, ply: usize) {
        let end = self.looking_back.unwrap_or(self.shown.moves().len());
        let ply = ply.min(end);
        self.go_to(ply);
        self.looking_back = (ply < end).then_some(end);
    }

    /// Plays a move where the board is, if it is legal: the line's next move steps along it
    /// (without an end declared ahead, which only `forward` brings back); another move cuts the
    /// line here.
    pub fn play(&mut self, m: Move) -> Result<Option<Outcome>, MoveError> {
        let outcome = self.shown.play(m)?;
        self.looking_back = None;
        let ply = self.shown.moves().len();
        if self.whole.moves().get(ply - 1) == Some(&m) {
            // Played on, the line's end is played again: a declared end does not come back.
            let mut whole = self.shown.clone();
            play_on(&mut whole, &self.whole.moves()[ply..]);
            self.whole = whole;
        } else if let Some((_, tree)) = &self.explored {
            // A branch: the line explored after this move before, if any, comes back.
            let rest = tree.continuation(self.shown.moves());
            self.whole = self.shown.clone();
            play_on(&mut self.whole, &rest);
            self.keep();
        } else {
            self.cut(ply - 1);
        }
        Ok(outcome)
    }

    /// `by` resigns where the game is (the line ends there): where the board is, or, while it
    /// looks back, at the move it looks back from.
    pub fn resign(&mut self, by: Color) -> Result<Outcome, MoveError> {
        self.end_game(|game| game.resign(by))
    }

    /// The players agree to a draw where the game is (the line ends there).
    pub fn agree_draw(&mut self) -> Result<Outcome, MoveError> {
        self.end_game(Game::agree_draw)
    }

    /// `winner` takes the game on time where the game is (the line ends there).
    pub fn win_on_time(&mut self, winner: Color) -> Result<Outcome, MoveError> {
        self.end_game(|game| game.win_on_time(winner))
    }

    fn end_game(
        &mut self,
        declare: impl FnOnce(&mut Game) -> Result<Outcome, MoveError>,
    ) -> Result<Outcome, MoveError> {
        if let Some(end) = self.looking_back {
            let mut game = self.played();
            let outcome = declare(&mut game)?;
            self.received = self.received.min(end);
            self.whole = game;
            self.keep();
            return Ok(outcome);
        }
        let outcome = declare(&mut self.shown)?;
        self.cut(self.shown.moves().len());
        Ok(outcome)
    }

    /// The line ends at the board, cut after its move `ply`: what came with it is what is left
    /// of it before the cut.
    fn cut(&mut self, ply: usize) {
        self.whole = self.shown.clone();
        self.received = self.received.min(ply);
        self.keep();
    }

    /// On the analysis board, the line followed joins the lines explored.
    fn keep(&mut self) {
        if let Some((_, tree)) = &mut self.explored {
            tree.record(self.whole.moves());
        }
    }
}

/// Plays `moves` on `game`, as far as they are legal.
fn play_on(game: &mut Game, moves: &[Move]) {
    for &m in moves {
        if game.play(m).is_err() {
            break;
        }
    }
}

impl From<Game> for History {
    fn from(game: Game) -> History {
        History::new(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    fn mv(text: &str) -> Move {
        text.parse().expect("a move")
    }

    fn start() -> Game {
        Game::new("bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r".parse::<Position>().expect("a position"))
    }

    fn played(moves: &str) -> History {
        let mut line = History::new(start());
        for m in moves.split_whitespace() {
            line.play(mv(m)).expect("a legal move");
        }
        line
    }

    #[test]
    fn back_and_forward_move_along_the_line_and_keep_it() {
        let mut line = played("boar:c1c2 horse:c5c4");
        assert_eq!(line.back(), Some(mv("horse:c5c4")));
        assert_eq!(line.back(), Some(mv("boar:c1c2")));
        assert_eq!(line.back(), None);
        assert_eq!(line.ahead(), [mv("boar:c1c2"), mv("horse:c5c4")]);
        assert_eq!(line.forward(), Some(mv("boar:c1c2")));
        assert_eq!(line.game().moves(), [mv("boar:c1c2")]);
        assert_eq!(line.forward(), Some(mv("horse:c5c4")));
        assert_eq!(line.forward(), None);
        assert_eq!(line.game(), line.whole());
    }

    #[test]
    fn the_next_move_played_again_keeps_the_rest_and_another_cuts_the_line() {
        let mut line = played("boar:c1c2 horse:c5c4");
        line.go_to(0);
        line.play(mv("boar:c1c2")).expect("legal");
        assert_eq!(line.ahead(), [mv("horse:c5c4")], "the same move keeps the rest");
        line.play(mv("horse:b5b4")).expect("legal");
        assert!(line.ahead().is_empty(), "another move cuts the line");
        assert_eq!(line.whole().moves(), [mv("boar:c1c2"), mv("horse:b5b4")]);
    }

    #[test]
    fn a_declared_end_comes_back_with_forward_but_not_with_the_move_played_again() {
        let mut line = played("boar:c1c2");
        line.resign(Color::Blue).expect("the game is on");
        line.back();
        assert_eq!(line.game().outcome(), None, "a step back is before the resignation");
        line.forward();
        assert_eq!(line.game().outcome(), Some(Outcome::Resigned { by: Color::Blue }));
        line.back();
        line.play(mv("boar:c1c2")).expect("legal");
        assert_eq!(line.game().outcome(), None, "played on, the game goes on");
        assert_eq!(line.whole().outcome(), None);
    }

    #[test]
    fn a_resignation_short_of_the_end_ends_the_line_there() {
        let mut line = played("boar:c1c2 horse:c5c4");
        line.back();
        line.resign(Color::Blue).expect("the game is on");
        assert!(line.ahead().is_empty());
        assert_eq!(line.whole().moves(), [mv("boar:c1c2")]);
    }

    #[test]
    fn the_moves_received_are_those_left_of_them_once_the_line_is_cut() {
        let mut line = History::opened(played("boar:c1c2 horse:c5c4").whole().clone());
        assert_eq!(line.received(), 2);
        line.back();
        assert_eq!(line.received(), 2, "stepping back cuts nothing");
        line.play(mv("horse:c5c4")).expect("legal");
        assert_eq!(line.received(), 2, "the line's own move played again");
        line.go_to(1);
        line.play(mv("horse:b5b4")).expect("legal");
        assert_eq!(line.received(), 1, "played in place of the second, the first alone came with it");
    }

    #[test]
    fn the_other_sides_moves_and_ends_join_the_game_at_its_end_while_the_board_looks_back() {
        let mut line = played("boar:c1c2 horse:c5c4");
        line.look_at(0);
        line.play_at_end(mv("ox:b1b2")).expect("legal at the end");
        assert_eq!((line.game().moves().len(), line.looking_back_from()), (0, Some(3)), "the board stays");
        assert_eq!(line.whole().moves().len(), 3);
        line.take_back();
        assert_eq!((line.whole().moves().len(), line.looking_back_from()), (2, Some(2)));
        line.resign(Color::Red).expect("the game is on");
        assert_eq!(line.game().outcome(), None, "the start, looked at, is not over");
        assert_eq!(line.played().outcome(), Some(Outcome::Resigned { by: Color::Red }));
        line.undeclare();
        assert_eq!(line.played().outcome(), None, "a claim crossed by a move lapses");
        line.look_at(2);
        assert_eq!(line.game(), line.whole());
    }

    #[test]
    fn another_line_followed_leaves_the_games_waiting_and_the_board_comes_back_to_it() {
        let mut line = played("boar:c1c2 horse:c5c4");
        line.look_at(1);
        let mut engine = played("boar:c1c2 elephant:b5a4 ox:b1b2").whole().clone();
        engine.undo();
        line.follow(engine.clone(), 2);
        assert_eq!(line.game().moves(), engine.moves(), "the board shows the engine's line");
        assert_eq!(line.waiting_game().map(Game::moves), Some(&[mv("boar:c1c2"), mv("horse:c5c4")][..]));
        assert!(line.leave_line(1));
        assert_eq!((line.game().moves().len(), line.looking_back_from()), (1, Some(2)));
        assert_eq!(line.waiting_game(), None);
        assert!(!line.leave_line(1), "no other line followed");
        line.follow(engine.clone(), 2);
        line.keep_line();
        assert_eq!((line.waiting_game(), line.whole()), (None, &engine), "the line followed is the game now");
    }

    fn moves(text: &str) -> Vec<Move> {
        text.split_whitespace().map(mv).collect()
    }

    #[test]
    fn in_a_game_the_tree_is_the_games_line_and_a_line_cut_is_gone() {
        let mut line = played("boar:c1c2 horse:c5c4");
        assert_eq!(line.lines().lines(), [moves("boar:c1c2 horse:c5c4")]);
        line.go_to(1);
        line.play(mv("horse:b5b4")).expect("legal");
        assert_eq!(line.lines().lines(), [moves("boar:c1c2 horse:b5b4")]);
        line.resign(Color::Red).expect("the game is on");
        line.look_at(0);
        line.play_at_end(mv("ox:b1b2")).expect_err("the game is over");
        assert_eq!(line.lines().lines(), [moves("boar:c1c2 horse:b5b4")]);
    }

    #[test]
    fn a_line_followed_is_a_branch_beside_the_games_until_left_or_kept() {
        let mut line = played("boar:c1c2 horse:c5c4");
        let engine = played("boar:c1c2 elephant:b5a4 ox:b1b2").whole().clone();
        line.follow(engine.clone(), 2);
        let both = [moves("boar:c1c2 horse:c5c4"), moves("boar:c1c2 elephant:b5a4 ox:b1b2")];
        assert_eq!(line.lines().lines(), both, "the game's line first");
        line.leave_line(2);
        assert_eq!(line.lines().lines(), [moves("boar:c1c2 horse:c5c4")]);
        line.follow(engine, 2);
        line.keep_line();
        assert_eq!(line.lines().lines(), [moves("boar:c1c2 elephant:b5a4 ox:b1b2")], "the game's line is cut there");
        line.go_to(2);
        let other = *line.game().legal_moves().iter().find(|&&m| m != mv("ox:b1b2")).expect("another move");
        line.play(other).expect("legal");
        assert_eq!(line.lines().lines(), [[&moves("boar:c1c2 elephant:b5a4")[..], &[other]].concat()]);
    }

    #[test]
    fn exploring_keeps_every_line_and_a_move_played_again_brings_back_what_followed_it() {
        let mut line = played("boar:c1c2 horse:c5c4");
        line.explore(&[moves("ox:b1b2")]);
        line.go_to(1);
        line.play(mv("horse:b5b4")).expect("legal");
        assert!(line.ahead().is_empty());
        assert_eq!(
            line.lines().lines(),
            [moves("ox:b1b2"), moves("boar:c1c2 horse:c5c4"), moves("boar:c1c2 horse:b5b4")],
            "nothing explored is lost"
        );
        line.go_to(1);
        line.play(mv("horse:c5c4")).expect("legal");
        assert_eq!(line.whole().moves(), moves("boar:c1c2 horse:c5c4"));
        line.go_to(0);
        line.play(mv("boar:c1c2")).expect("legal");
        assert_eq!(line.ahead(), [mv("horse:c5c4")], "the line first played after it comes back");
        line.stop_exploring();
        assert_eq!(line.lines().lines(), [moves("boar:c1c2 horse:c5c4")], "a game again: the line alone");
    }

    #[test]
    fn looking_back_lasts_until_the_end_or_a_move() {
        let mut line = played("boar:c1c2 horse:c5c4");
        line.look_at(1);
        assert!(line.looking_back());
        assert_eq!(line.game().moves().len(), 1);
        line.look_at(5);
        assert!(!line.looking_back(), "at the end there is nothing to look back at");
        line.look_at(0);
        line.play(mv("ox:c1c2")).expect("legal");
        assert!(!line.looking_back());
        assert_eq!(line.whole().moves(), [mv("ox:c1c2")]);
    }
}
