//! A position: pieces, hands, side card and side to move; legal moves and playing them.

use super::{
    Bitboard, ByColor, Card, CardSet, Color, IllegalReason, Move, MoveError, MoveList, Outcome, Piece, PositionError,
    Role, Setup, Square, Way,
};

/// A position. Two positions are equal when the same pieces stand on the same squares, each
/// player holds the same two cards (in any order), the side card and the side to move agree:
/// exactly the identity used by the repetition rule.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    pieces: ByColor<Bitboard>,
    masters: ByColor<Bitboard>,
    /// Each hand in table order: as two bytes rather than a 34-card set the position stays 24
    /// bytes, which the move generator copies at every move.
    hands: ByColor<[Card; 2]>,
    side: Card,
    to_move: Color,
}

/// A setup becomes a position once it is checked: it could occur in a game.
///
/// A finished game is such a position: the side to move without its master, or the other side's
/// master on its temple.
///
/// ```
/// use onitama_core::rules::{Color, Outcome, Position, PositionError, Setup, Way};
/// // Red's master has just captured Blue's on c4.
/// let won: Position = "5/2R2/5/5/r4 ox,crab boar,tiger horse b".parse().unwrap();
/// assert_eq!(won.outcome(), Some(Outcome::Win { winner: Color::Red, way: Way::Stone }));
/// assert!(won.legal_moves().is_empty());
/// // With Red to move, Blue's master would have been lost on Blue's own turn.
/// let setup: Setup = "5/2R2/5/5/r4 ox,crab boar,tiger horse r".parse().unwrap();
/// assert_eq!(Position::try_from(setup), Err(PositionError::NoMasterNotToMove(Color::Blue)));
/// ```
impl TryFrom<Setup> for Position {
    type Error = PositionError;

    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        let Setup { board, red, blue, side, to_move } = setup;
        let mut seen = CardSet::EMPTY;
        for card in [red[0], red[1], blue[0], blue[1], side] {
            if seen.contains(card) {
                return Err(PositionError::DuplicateCard(card));
            }
            seen = seen.with(card);
        }
        let mut pieces = ByColor::<Bitboard>::default();
        let mut masters = ByColor::<Bitboard>::default();
        for (square, piece) in Square::all().zip(&board) {
            if let Some(piece) = piece {
                pieces[piece.color] |= square.bitboard();
                if piece.role == Role::Master {
                    masters[piece.color] |= square.bitboard();
                }
            }
        }
        for color in Color::ALL {
            let count = pieces[color].count();
            if count > 5 {
                return Err(PositionError::TooManyPieces { color, count });
            }
            let master_count = masters[color].count();
            if master_count > 1 {
                return Err(PositionError::TwoMasters(color));
            }
            if count - master_count > 4 {
                return Err(PositionError::TooManyStudents { color, count: count - master_count });
            }
        }
        // A finished game reads back: the side to move may have lost its master (Way of the
        // Stone), or the other side's master may stand on its temple (Way of the Stream). What
        // no game reaches is refused.
        let mover = to_move.other();
        match (masters[to_move].is_empty(), masters[mover].is_empty()) {
            (true, true) => return Err(PositionError::NoMasters),
            (false, true) => return Err(PositionError::NoMasterNotToMove(mover)),
            _ => {}
        }
        let temple = Square::temple(mover);
        if masters[to_move].contains(temple) {
            return Err(PositionError::MasterOnTemple { color: to_move, square: temple });
        }
        Ok(Position { pieces, masters, hands: ByColor::new(sorted(red), sorted(blue)), side, to_move })
    }
}

impl Position {
    /// The starting layout (students and masters on their home rows) with these cards.
    pub fn starting(red: [Card; 2], blue: [Card; 2], side: Card, to_move: Color) -> Result<Position, PositionError> {
        let mut board = [None; 25];
        for square in Square::all() {
            let color = match square.rank() {
                0 => Color::Red,
                4 => Color::Blue,
                _ => continue,
            };
            let role = if square.file() == 2 { Role::Master } else { Role::Student };
            board[square.index()] = Some(Piece { color, role });
        }
        Setup { board, red, blue, side, to_move }.try_into()
    }

    pub const fn to_move(&self) -> Color {
        self.to_move
    }

    /// The position's parts, to change and check again (a board editor's start).
    pub fn setup(&self) -> Setup {
        let [red, blue] = Color::ALL.map(|color| self.cards(color));
        Setup { board: self.board(), red, blue, side: self.side, to_move: self.to_move }
    }

    pub const fn side_card(&self) -> Card {
        self.side
    }

    pub const fn hand(&self, color: Color) -> CardSet {
        CardSet::of(self.hands.get(color))
    }

    /// The two cards of `color`'s hand, in table order (`hand(color).pair()`, faster).
    #[inline]
    pub const fn cards(&self, color: Color) -> [Card; 2] {
        *self.hands.get(color)
    }

    pub const fn pieces(&self, color: Color) -> Bitboard {
        *self.pieces.get(color)
    }

    pub const fn occupied(&self) -> Bitboard {
        Bitboard(self.pieces.get(Color::Red).0 | self.pieces.get(Color::Blue).0)
    }

    /// Where `color`'s master stands; `None` once it has been captured.
    pub const fn master(&self, color: Color) -> Option<Square> {
        self.masters.get(color).first()
    }

    pub const fn masters(&self, color: Color) -> Bitboard {
        *self.masters.get(color)
    }

    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        Color::ALL.into_iter().find_map(|color| {
            if !self.pieces[color].contains(square) {
                return None;
            }
            let role = if self.masters[color].contains(square) { Role::Master } else { Role::Student };
            Some(Piece { color, role })
        })
    }

    /// The board as 25 squares, `a1` first.
    pub fn board(&self) -> [Option<Piece>; 25] {
        std::array::from_fn(|index| Square::from_index(index).and_then(|square| self.piece_at(square)))
    }

    /// The win that ended the game here, if the previous move won.
    pub fn outcome(&self) -> Option<Outcome> {
        let mover = self.to_move.other();
        if self.masters[self.to_move].is_empty() {
            Some(Outcome::Win { winner: mover, way: Way::Stone })
        } else if self.masters[mover].contains(Square::temple(self.to_move)) {
            Some(Outcome::Win { winner: mover, way: Way::Stream })
        } else {
            None
        }
    }

    /// Whether this (pseudo-legal) move of the side to move wins at once.
    #[inline]
    pub fn is_winning(&self, m: Move) -> bool {
        match m {
            Move::Step { from, to, .. } => self.winning_squares(self.to_move, from).contains(to),
            Move::Pass { .. } => false,
        }
    }

    /// A move that wins on the spot for the side to move: a capture of the enemy master, or its
    /// own master stepping onto the enemy temple; the first such move in `generate`'s order.
    /// Like `generate`, it does not look at the outcome (callers ask `outcome` first).
    ///
    /// ```
    /// use onitama_core::rules::Position;
    /// // Red's student on c3 takes Blue's master on c4 with boar (or ox, later in the order).
    /// let p: Position = "5/2B2/2r2/5/R4 ox,boar crab,tiger horse r".parse().unwrap();
    /// assert_eq!(p.winning_move(), Some("boar:c3c4".parse().unwrap()));
    /// // Red's master on c4 steps onto Blue's temple c5 with ox.
    /// let p: Position = "1B3/2R2/5/5/5 ox,tiger crab,boar horse r".parse().unwrap();
    /// assert_eq!(p.winning_move(), Some("ox:c4c5".parse().unwrap()));
    /// let start: Position = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r".parse().unwrap();
    /// assert_eq!(start.winning_move(), None);
    /// ```
    #[inline]
    pub fn winning_move(&self) -> Option<Move> {
        self.winning_move_of(self.to_move)
    }

    /// The threat the side to move faces: a move with which the other side, holding its hand,
    /// would win on the spot were it its turn.
    ///
    /// ```
    /// use onitama_core::rules::Position;
    /// // Blue's student on c3 could take Red's master on c2 with crab.
    /// let p: Position = "B4/5/2b2/2R2/5 ox,boar crab,tiger horse r".parse().unwrap();
    /// assert_eq!(p.threat(), Some("crab:c3c2".parse().unwrap()));
    /// let start: Position = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r".parse().unwrap();
    /// assert_eq!(start.threat(), None);
    /// ```
    #[inline]
    pub fn threat(&self) -> Option<Move> {
        self.winning_move_of(self.to_move.other())
    }

    #[inline]
    fn winning_move_of(&self, color: Color) -> Option<Move> {
        let own = self.pieces(color);
        for card in self.cards(color) {
            for from in own {
                let hit = card.targets(color, from) & self.winning_squares(color, from) & !own;
                if let Some(to) = hit.first() {
                    return Some(Move::Step { card, from, to });
                }
            }
        }
        None
    }

    /// Where `color`'s piece on `from` would win on the spot: on the enemy master, and for the
    /// master also on the enemy temple.
    #[inline]
    pub(super) fn winning_squares(&self, color: Color, from: Square) -> Bitboard {
        let enemy_master = self.masters(color.other());
        if self.masters(color).contains(from) {
            enemy_master | Square::temple(color.other()).bitboard()
        } else {
            enemy_master
        }
    }

    /// The legal moves: every jump, or the two passes when no piece can move; none once the game is won.
    ///
    /// ```
    /// use onitama_core::rules::Position;
    /// let p: Position = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r".parse().unwrap();
    /// assert_eq!(p.legal_moves().len(), 10);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if self.outcome().is_none() {
            self.generate(&mut list);
        }
        list
    }

    /// Every legal move of a position that is not won yet. It does not look at the outcome: on a
    /// finished position it lists the moves as if play went on (callers ask `outcome` first).
    #[inline]
    pub fn generate(&self, list: &mut MoveList) {
        let us = self.to_move;
        let own = self.pieces[us];
        for card in self.hands[us] {
            for from in own {
                for to in card.targets(us, from) & !own {
                    list.push(Move::Step { card, from, to });
                }
            }
        }
        if list.is_empty() {
            for card in self.hands[us] {
                list.push(Move::Pass { card });
            }
        }
    }

    /// The number of legal moves (a position without a jump has its two passes), without listing them.
    /// Like `generate`, it does not look at the outcome.
    #[inline]
    pub fn count_moves(&self) -> u64 {
        let us = self.to_move;
        let own = self.pieces[us];
        let [first, second] = self.hands[us];
        let mut count = 0;
        for from in own {
            count += ((first.targets(us, from) & !own).count() + (second.targets(us, from) & !own).count()) as u64;
        }
        if count == 0 { 2 } else { count }
    }

    /// Whether `m` is legal here, and if not, why.
    pub fn check(&self, m: Move) -> Result<(), MoveError> {
        let illegal = |reason: IllegalReason| Err(MoveError::Illegal { mv: m.to_string(), reason });
        if let Some(outcome) = self.outcome() {
            return Err(MoveError::GameOver(outcome));
        }
        let color = self.to_move;
        let card = m.card();
        if !self.hand(color).contains(card) {
            return illegal(IllegalReason::CardNotHeld { color, card });
        }
        match m {
            Move::Pass { .. } => {
                let mut list = MoveList::new();
                self.generate(&mut list);
                if !list[0].is_pass() {
                    return illegal(IllegalReason::PassWhileAbleToMove { color });
                }
            }
            Move::Step { from, to, .. } => {
                if !self.pieces(color).contains(from) {
                    return illegal(IllegalReason::NoPieceOnFrom { color, from });
                }
                if !card.targets(color, from).contains(to) {
                    return illegal(IllegalReason::OutOfReach { card, from, to, color });
                }
                if self.pieces(color).contains(to) {
                    return illegal(IllegalReason::OwnPieceOnTarget { color, to });
                }
            }
        }
        Ok(())
    }

    /// The position after a legal move.
    ///
    /// ```
    /// use onitama_core::rules::{Card, Position};
    /// let p: Position = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r".parse().unwrap();
    /// let next = p.play("boar:c1c2".parse().unwrap()).unwrap();
    /// assert_eq!(next.side_card(), Card::Boar);
    /// assert!(p.play("boar:c1c3".parse().unwrap()).is_err());
    /// ```
    pub fn play(&self, m: Move) -> Result<Position, MoveError> {
        self.check(m)?;
        let mut next = *self;
        next.play_unchecked(m);
        Ok(next)
    }

    /// Plays a move the caller knows to be legal (the search's hot path).
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.to_move;
        let them = us.other();
        if let Move::Step { from, to, .. } = m {
            let (from, to) = (from.bitboard(), to.bitboard());
            self.pieces[us] ^= from | to;
            if (self.masters[us] & from).any() {
                self.masters[us] ^= from | to;
            }
            self.pieces[them] &= !to;
            self.masters[them] &= !to;
        }
        let card = m.card();
        let [a, b] = self.hands[us];
        let kept = if a == card { b } else { a };
        self.hands[us] = sorted([kept, self.side]);
        self.side = card;
        self.to_move = self.to_move.other();
    }
}

// The move generator copies a position at every move: keep it at 24 bytes.
const _: () = assert!(std::mem::size_of::<Position>() == 24);

/// A hand in table order, so that equal hands compare equal whatever order they were named in.
#[inline]
const fn sorted([a, b]: [Card; 2]) -> [Card; 2] {
    if (a as u8) < (b as u8) { [a, b] } else { [b, a] }
}
