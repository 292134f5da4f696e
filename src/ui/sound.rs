//! What the page says with sound (and a phone with a buzz): which event makes which sound. The
//! shell synthesizes them (`web::sound`); nothing plays before the player's first gesture.

use super::state::{Mode, State};
use crate::rules::{Move, Outcome, Position};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    /// A piece moves to an empty square.
    Move,
    Capture,
    /// The used card passes to the other side of the board.
    Card,
    /// The game ends well for the player (any win when people play each other).
    Win,
    /// The game ends with the player's loss, or a draw.
    Loss,
    /// A game the AI played against itself ends: nobody here won or lost.
    End,
    /// A tap that means nothing here.
    Refused,
    /// The player's game clock went under ten seconds.
    LowTime,
}

/// The sounds of a move just played from `before`, in order.
pub fn of_move(before: &Position, m: Move, outcome: Option<Outcome>, mode: Mode) -> Vec<Sound> {
    let captured = matches!(m, Move::Step { to, .. } if before.pieces(before.to_move().other()).contains(to));
    let mut sounds = vec![if captured { Sound::Capture } else { Sound::Move }, Sound::Card];
    if let Some(outcome) = outcome {
        sounds.push(of_end(outcome, mode));
    }
    sounds
}

/// The sound of a game's end, by a move or by a resignation.
pub fn of_end(outcome: Outcome, mode: Mode) -> Sound {
    match (outcome, mode) {
        // Nobody's win here: the AI played itself, or this page watched two people.
        (_, Mode::Watch { .. } | Mode::Online { you: None }) => Sound::End,
        (_, _) if outcome.winner().is_none() => Sound::Loss,
        (_, Mode::VsAi { human, .. } | Mode::Online { you: Some(human) }) if outcome.winner() != Some(human) => {
            Sound::Loss
        }
        (_, _) => Sound::Win,
    }
}

/// How long the phone buzzes for a sound (ms), if at all: a capture and the end of a game, unless
/// the sound is off (a buzz is a sound too) or the system asks for less motion.
pub fn vibration(sound: Sound, state: &State) -> Option<u32> {
    if state.page.reduced_motion || !state.page.settings.sound {
        return None;
    }
    match sound {
        Sound::Capture => Some(40),
        Sound::Win | Sound::Loss | Sound::End => Some(120),
        _ => None,
    }
}
