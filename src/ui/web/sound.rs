//! Sounds synthesized with the Web Audio API (no audio files). To be written.

use super::super::sound::Sound;

/// Listens for the player's first gesture, before which nothing may play.
pub fn install() {}

pub fn play(sound: Sound) {
    let _ = sound;
}
