//! The player's record against the AI: wins, losses and draws at each level with each colour,
//! kept in the browser, and the wins in a row at one level that make the next one worth a try.
//!
//! ```text
//! onitama-standings 1
//! level 4 red 3 1 0
//! level 4 blue 0 2 1
//! streak 4 3
//! ```

use crate::mode::AiLevel;
use crate::rules::{Color, Outcome};

const MAGIC: &str = "onitama-standings 1";

/// Wins in a row at one level after which the next level is suggested.
pub const STREAK_FOR_NEXT: u32 = 3;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub wins: u32,
    pub losses: u32,
    pub draws: u32,
}

impl Tally {
    pub fn games(self) -> u32 {
        self.wins.saturating_add(self.losses).saturating_add(self.draws)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standings {
    /// One tally per level and colour played, in the order first played.
    tallies: Vec<(AiLevel, Color, Tally)>,
    /// The level of the last games and how many of them in a row were won.
    streak: Option<(AiLevel, u32)>,
}

impl Standings {
    /// Counts a game against the AI at `level`, the person playing `human`.
    pub fn record(&mut self, level: AiLevel, human: Color, outcome: Outcome) {
        let tally = match self.tallies.iter_mut().find(|(l, c, _)| *l == level && *c == human) {
            Some((.., tally)) => tally,
            None => {
                self.tallies.push((level, human, Tally::default()));
                &mut self.tallies.last_mut().expect("just pushed").2
            }
        };
        let won = outcome.winner() == Some(human);
        match outcome.winner() {
            // Counts read back from the browser may be anything: they saturate, never wrap.
            Some(_) if won => tally.wins = tally.wins.saturating_add(1),
            Some(_) => tally.losses = tally.losses.saturating_add(1),
            None => tally.draws = tally.draws.saturating_add(1),
        }
        let before = self.streak.filter(|(l, _)| *l == level).map_or(0, |(_, n)| n);
        self.streak = Some((level, if won { before.saturating_add(1) } else { 0 }));
    }

    pub fn tally(&self, level: AiLevel, color: Color) -> Tally {
        self.tallies.iter().find(|(l, c, _)| *l == level && *c == color).map_or_else(Tally::default, |t| t.2)
    }

    /// The levels played, weakest first.
    pub fn levels(&self) -> Vec<AiLevel> {
        let mut levels: Vec<AiLevel> = self.tallies.iter().map(|(level, ..)| *level).collect();
        levels.sort();
        levels.dedup();
        levels
    }

    /// The wins in a row at the level last played.
    pub fn streak(&self) -> Option<(AiLevel, u32)> {
        self.streak
    }

    /// The next level up, once the last `STREAK_FOR_NEXT` games at a level were all won.
    pub fn suggestion(&self) -> Option<AiLevel> {
        let (level, wins) = self.streak?;
        (wins >= STREAK_FOR_NEXT).then(|| AiLevel::from_index(level.index() + 1)).flatten()
    }

    pub fn encode(&self) -> String {
        let mut text = format!("{MAGIC}\n");
        for (level, color, t) in &self.tallies {
            text.push_str(&format!("level {} {} {} {} {}\n", level.index(), color.code(), t.wins, t.losses, t.draws));
        }
        if let Some((level, wins)) = self.streak {
            text.push_str(&format!("streak {} {wins}\n", level.index()));
        }
        text
    }

    /// Reads what `encode` writes; a line it cannot read is skipped, so one bad line loses only
    /// itself. Anything that is not a standings text reads as none.
    ///
    /// ```
    /// use onitama::mode::AiLevel;
    /// use onitama::rules::{Color, Outcome, Way};
    /// use onitama::ui::standings::Standings;
    /// let mut standings = Standings::default();
    /// standings.record(AiLevel::nth(2), Color::Red, Outcome::Win { winner: Color::Red, way: Way::Stone });
    /// assert_eq!(Standings::decode(&standings.encode()), standings);
    /// assert_eq!(Standings::decode("garbage"), Standings::default());
    /// ```
    pub fn decode(text: &str) -> Standings {
        let mut lines = text.lines();
        let mut standings = Standings::default();
        if lines.next().map(str::trim) != Some(MAGIC) {
            return standings;
        }
        let level = |word: &str| word.parse().ok().and_then(AiLevel::from_index);
        for line in lines {
            let words: Vec<&str> = line.split_whitespace().collect();
            match words[..] {
                ["level", l, color, wins, losses, draws] => {
                    let parsed = (level(l), Color::from_code(color), wins.parse(), losses.parse(), draws.parse());
                    // The first line for a level and colour counts; a repeat is skipped.
                    if let (Some(level), Some(color), Ok(wins), Ok(losses), Ok(draws)) = parsed
                        && !standings.tallies.iter().any(|(l, c, _)| *l == level && *c == color)
                    {
                        standings.tallies.push((level, color, Tally { wins, losses, draws }));
                    }
                }
                ["streak", l, wins] => {
                    if let (Some(level), Ok(wins)) = (level(l), wins.parse()) {
                        standings.streak = Some((level, wins));
                    }
                }
                _ => {}
            }
        }
        standings
    }
}
