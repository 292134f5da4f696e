//! Sounds synthesized with the Web Audio API (no audio files). To be written.

use super::super::sound::Sound;

pub fn play(sound: Sound) {
    let _ = sound;
}
