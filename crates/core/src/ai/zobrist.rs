//! Zobrist keys: pieces, both hands (as sets, so the order within a hand does not count), the
//! side card and the side to move. A key changes incrementally as moves are played.

use crate::rules::{Card, Color, Move, Pack, Position, Role, SplitMix64};

/// The keys, computed when an engine is made: as a compile-time table they were 1.2 KB of
/// random bytes in the page's download, which no compression shrinks.
pub struct Keys {
    /// `[color][role][square]`, role 0 = student, 1 = master.
    pieces: [[[u64; 25]; 2]; 2],
    /// `[owner][card]`, owner 0 = Red's hand, 1 = Blue's hand, 2 = beside the board.
    cards: [[u64; Card::COUNT]; 3],
    blue_to_move: u64,
}

const SIDE: usize = 2;

fn role_index(role: Role) -> usize {
    match role {
        Role::Student => 0,
        Role::Master => 1,
    }
}

impl Keys {
    /// The same keys every time (from a fixed seed).
    #[inline(never)]
    pub fn new() -> Keys {
        let mut rng = SplitMix64(0x0A1E_7A3A_2024_0001);
        let mut keys = Keys { pieces: [[[0; 25]; 2]; 2], cards: [[0; Card::COUNT]; 3], blue_to_move: 0 };
        for key in keys.pieces.as_flattened_mut().as_flattened_mut() {
            *key = rng.next_u64();
        }
        // The base cards' keys first and in their old order, so that a base deal's keys (and so
        // its searches) stay as they were; the other cards' after.
        let base = Pack::Base.cards().len() as usize;
        for owner in &mut keys.cards {
            for key in &mut owner[..base] {
                *key = rng.next_u64();
            }
        }
        keys.blue_to_move = rng.next_u64();
        for owner in &mut keys.cards {
            for key in &mut owner[base..] {
                *key = rng.next_u64();
            }
        }
        keys
    }

    /// The key of a position, computed from scratch.
    pub fn hash(&self, position: &Position) -> u64 {
        let mut key = 0;
        for color in Color::ALL {
            let masters = position.masters(color);
            for square in position.pieces(color) {
                let role = usize::from(masters.contains(square));
                key ^= self.pieces[color.index()][role][square.index()];
            }
            for card in position.hand(color) {
                key ^= self.cards[color.index()][card.index()];
            }
        }
        key ^= self.cards[SIDE][position.side_card().index()];
        if position.to_move() == Color::Blue {
            key ^= self.blue_to_move;
        }
        key
    }

    /// The key after `m` is played in `position` (whose key is `key`), without playing it.
    #[inline]
    pub fn after(&self, position: &Position, key: u64, m: Move) -> u64 {
        let us = position.to_move();
        let them = us.other();
        let mut key = key ^ self.blue_to_move;
        if let Move::Step { from, to, .. } = m {
            let role = role_index(if position.masters(us).contains(from) { Role::Master } else { Role::Student });
            let mine = &self.pieces[us.index()][role];
            key ^= mine[from.index()] ^ mine[to.index()];
            if position.pieces(them).contains(to) {
                let captured = usize::from(position.masters(them).contains(to));
                key ^= self.pieces[them.index()][captured][to.index()];
            }
        }
        let used: Card = m.card();
        let side = position.side_card();
        let hand = &self.cards[us.index()];
        key ^ hand[used.index()] ^ hand[side.index()] ^ self.cards[SIDE][side.index()] ^ self.cards[SIDE][used.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Deal, Game};

    /// The key kept up move by move equals the key computed from scratch, through captures and wins.
    #[test]
    fn incremental_keys_match_full_keys() {
        let keys = Keys::new();
        let hash = |position: &Position| keys.hash(position);
        let after = |position: &Position, key, m| keys.after(position, key, m);
        let mut dice = SplitMix64(9);
        for seed in 0..200 {
            let mut game = Game::from_deal(&Deal::from_seed(seed));
            let mut key = hash(game.position());
            while game.outcome().is_none() && game.moves().len() < 60 {
                let moves = game.legal_moves();
                let m = moves[(dice.next_u64() % moves.len() as u64) as usize];
                key = after(game.position(), key, m);
                game.play(m).unwrap();
                assert_eq!(key, hash(game.position()), "after {m} in {}", game.positions()[game.positions().len() - 2]);
            }
        }
        // A pass changes only the cards and the side to move.
        let blocked: Position = "Rrrrr/5/5/5/B4 elephant,crab tiger,ox boar r".parse().unwrap();
        let pass = Move::Pass { card: crate::rules::Card::Crab };
        assert_eq!(after(&blocked, hash(&blocked), pass), hash(&blocked.play(pass).unwrap()));
        // Hands are sets: the order the cards were named in does not change the key.
        let a: Position = "bbBbb/5/5/5/rrRrr ox,boar horse,elephant crab r".parse().unwrap();
        let b: Position = "bbBbb/5/5/5/rrRrr boar,ox elephant,horse crab r".parse().unwrap();
        assert_eq!(hash(&a), hash(&b));
    }
}
