//! Lines of moves from one position, as a tree: each move's alternatives in the order they were
//! first recorded (the first one is its main continuation). The board's history keeps its lines
//! in one: the game's, a review's engine line beside it, every line explored on the analysis
//! board. Moves only: the rules are the game's, which plays them.

use crate::rules::Move;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Variations {
    first: Vec<Branch>,
}

/// A move and what was played after it, its main continuation first.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Branch {
    m: Move,
    next: Vec<Branch>,
}

impl Variations {
    /// Adds the line `moves` (from the position analysed), keeping every line there already.
    pub fn record(&mut self, moves: &[Move]) {
        let mut level = &mut self.first;
        for &m in moves {
            let place = match level.iter().position(|branch| branch.m == m) {
                Some(place) => place,
                None => {
                    level.push(Branch { m, next: Vec::new() });
                    level.len() - 1
                }
            };
            level = &mut level[place].next;
        }
    }

    /// The main continuation after `moves`: the first move played after them, then the first
    /// after that, and so on (empty when `moves` is not a line of the tree).
    pub fn continuation(&self, moves: &[Move]) -> Vec<Move> {
        let mut line = Vec::new();
        let mut level = self.after(moves).unwrap_or_default();
        while let Some(branch) = level.first() {
            line.push(branch.m);
            level = &branch.next;
        }
        line
    }

    /// The other moves played in place of the last of `moves`, in the order they were first played.
    pub fn alternatives(&self, moves: &[Move]) -> Vec<Move> {
        let Some((last, before)) = moves.split_last() else { return Vec::new() };
        let level = self.after(before).unwrap_or_default();
        level.iter().map(|branch| branch.m).filter(|m| m != last).collect()
    }

    /// Every line of the tree to its end, in the order they were first played: recorded again
    /// one by one, they make the same tree.
    pub fn lines(&self) -> Vec<Vec<Move>> {
        fn walk(level: &[Branch], path: &mut Vec<Move>, lines: &mut Vec<Vec<Move>>) {
            for branch in level {
                path.push(branch.m);
                if branch.next.is_empty() {
                    lines.push(path.clone());
                }
                walk(&branch.next, path, lines);
                path.pop();
            }
        }
        let mut lines = Vec::new();
        walk(&self.first, &mut Vec::new(), &mut lines);
        lines
    }

    /// The moves played after the line `moves`, if it is one of the tree's.
    fn after(&self, moves: &[Move]) -> Option<&[Branch]> {
        let mut level = &self.first[..];
        for m in moves {
            level = &level.iter().find(|branch| branch.m == *m)?.next;
        }
        Some(level)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str) -> Vec<Move> {
        text.split_whitespace().map(|m| m.parse().expect("a move")).collect()
    }

    #[test]
    fn a_move_played_after_going_back_is_a_branch_and_the_first_line_stays_the_main_one() {
        let mut tree = Variations::default();
        tree.record(&line("ox:c1c2 boar:c5c4 crab:c2c3"));
        tree.record(&line("ox:c1c2 horse:b5b4"));
        assert_eq!(tree.continuation(&line("ox:c1c2")), line("boar:c5c4 crab:c2c3"));
        assert_eq!(tree.continuation(&[]), line("ox:c1c2 boar:c5c4 crab:c2c3"));
        assert_eq!(tree.alternatives(&line("ox:c1c2 horse:b5b4")), line("boar:c5c4"));
        assert_eq!(tree.alternatives(&line("ox:c1c2 boar:c5c4")), line("horse:b5b4"));
        assert!(tree.alternatives(&line("ox:c1c2")).is_empty());
        assert_eq!(tree.lines(), vec![line("ox:c1c2 boar:c5c4 crab:c2c3"), line("ox:c1c2 horse:b5b4")]);
    }

    #[test]
    fn recording_a_line_already_there_or_a_part_of_one_changes_nothing() {
        let mut tree = Variations::default();
        tree.record(&line("ox:c1c2 boar:c5c4"));
        let before = tree.clone();
        tree.record(&line("ox:c1c2"));
        tree.record(&line("ox:c1c2 boar:c5c4"));
        tree.record(&[]);
        assert_eq!(tree, before);
    }

    #[test]
    fn the_lines_recorded_again_make_the_same_tree() {
        let mut tree = Variations::default();
        for text in
            ["ox:a1a2 boar:b5b4 crab:c1c2", "ox:a1a2 horse:d5d4", "eel:e1e2", "ox:a1a2 boar:b5b4 frog:e1e2 goose:a5a4"]
        {
            tree.record(&line(text));
        }
        let mut again = Variations::default();
        for l in tree.lines() {
            again.record(&l);
        }
        assert_eq!(again, tree);
        assert_eq!(tree.lines().len(), 4);
    }

    #[test]
    fn a_line_not_in_the_tree_has_no_continuation_and_no_alternatives() {
        let mut tree = Variations::default();
        tree.record(&line("ox:c1c2 boar:c5c4"));
        assert!(tree.continuation(&line("horse:b1b2")).is_empty());
        assert!(tree.alternatives(&line("horse:b1b2 boar:c5c4")).is_empty());
    }
}
