//! Sounds synthesized with the Web Audio API (no audio files). The page's one `AudioContext` is
//! made at the player's first gesture; before it nothing plays. Every failure is ignored: sound
//! never stops the game.

use super::super::sound::Sound;
use std::cell::OnceCell;
use wasm_bindgen::{JsCast, JsValue, closure::Closure};
use web_sys::{
    AddEventListenerOptions, AudioBuffer, AudioContext, AudioParam, AudioScheduledSourceNode, BiquadFilterType,
    OscillatorType,
};

thread_local! {
    /// The context and one buffer of white noise, made at the first gesture.
    static AUDIO: OnceCell<(AudioContext, AudioBuffer)> = const { OnceCell::new() };
}

use OscillatorType::{Sine, Square, Triangle};

/// One voice: its start after the sound's (ms), its wave (`None`: noise through a band-pass), the
/// frequency it slides from and to (Hz; the band's centre for noise), its length (ms) and its peak
/// gain (hundredths). An oscillator goes through a low-pass at four times its first frequency.
type Tone = (u16, Option<OscillatorType>, u16, u16, u16, u8);

/// The voices of each sound.
fn tones(sound: Sound) -> &'static [Tone] {
    match sound {
        // A soft wooden tock, with a little click on top.
        Sound::Move => &[(0, Some(Triangle), 520, 330, 90, 20), (0, Some(Sine), 1560, 1150, 25, 5)],
        // A heavier double knock.
        Sound::Capture => &[
            (0, Some(Triangle), 300, 180, 110, 20),
            (0, None, 900, 500, 45, 5),
            (100, Some(Triangle), 260, 150, 140, 22),
        ],
        // An airy swish once the piece has landed.
        Sound::Card => &[(120, None, 1200, 4000, 200, 14)],
        // A small rising chime (C, E, G), after the move and the card.
        Sound::Win => &[
            (300, Some(Triangle), 523, 523, 160, 12),
            (390, Some(Triangle), 659, 659, 160, 12),
            (480, Some(Triangle), 784, 784, 220, 13),
        ],
        // A falling two-note (G, D) that sags.
        Sound::Loss => &[(300, Some(Triangle), 392, 384, 180, 13), (460, Some(Triangle), 294, 272, 240, 13)],
        // Two even notes (E, E): an ending that is nobody's win.
        Sound::End => &[(300, Some(Triangle), 659, 659, 160, 11), (420, Some(Triangle), 659, 659, 220, 11)],
        // A dull low buzz-click.
        Sound::Refused => &[(0, Some(Square), 140, 105, 110, 7), (0, Some(Sine), 95, 70, 90, 10)],
        // Two short high ticks (A, A): time is running short.
        Sound::LowTime => &[(0, Some(Sine), 880, 880, 70, 12), (160, Some(Sine), 880, 880, 70, 12)],
    }
}

/// Listens for the player's first gesture, before which nothing may play. `pointerup` too, because
/// a touch's `pointerdown` does not count as a gesture for the browser.
pub fn install() {
    let Some(window) = web_sys::window() else { return };
    let wake = Closure::<dyn Fn()>::new(wake);
    let options = AddEventListenerOptions::new();
    options.set_capture(true);
    options.set_once(true);
    for event in ["pointerdown", "pointerup", "keydown"] {
        let _ = window.add_event_listener_with_callback_and_add_event_listener_options(
            event,
            wake.as_ref().unchecked_ref(),
            &options,
        );
    }
    // It lives as long as the page.
    wake.forget();
}

/// Makes the context (or resumes it) inside a gesture.
fn wake() {
    AUDIO.with(|audio| {
        if audio.get().is_none()
            && let Ok(made) = make()
        {
            let _ = audio.set(made);
        }
        // A context made outside a gesture's grace starts suspended; resuming a running one does nothing.
        if let Some((context, _)) = audio.get() {
            let _ = context.resume();
        }
    });
}

fn make() -> Result<(AudioContext, AudioBuffer), JsValue> {
    let context = AudioContext::new()?;
    let rate = context.sample_rate();
    let length = (rate * 0.25) as u32;
    let noise = context.create_buffer(1, length, rate)?;
    let mut seed = 0x9e37_79b9_u32;
    let samples: Vec<f32> = (0..length)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed as f32 / 2_147_483_648.0 - 1.0
        })
        .collect();
    noise.copy_to_channel(&samples, 0)?;
    Ok((context, noise))
}

pub fn play(sound: Sound) {
    AUDIO.with(|audio| {
        if let Some((context, noise)) = audio.get() {
            for tone in tones(sound) {
                let _ = voice(context, noise, tone);
            }
        }
    });
}

fn voice(
    context: &AudioContext,
    noise: &AudioBuffer,
    &(at, wave, from, to, length, peak): &Tone,
) -> Result<(), JsValue> {
    let start = context.current_time() + f64::from(at) / 1000.0;
    let end = start + f64::from(length) / 1000.0;
    let filter = context.create_biquad_filter()?;
    let source: AudioScheduledSourceNode = match wave {
        Some(wave) => {
            let oscillator = context.create_oscillator()?;
            oscillator.set_type(wave);
            slide(&oscillator.frequency(), from, to, start, end)?;
            filter.frequency().set_value_at_time(f32::from(from) * 4.0, start)?;
            oscillator.into()
        }
        None => {
            let source = context.create_buffer_source()?;
            source.set_buffer(Some(noise));
            filter.set_type(BiquadFilterType::Bandpass);
            slide(&filter.frequency(), from, to, start, end)?;
            source.into()
        }
    };
    // A noise swells in over a third of its length; a tone strikes.
    let attack = if wave.is_some() { 0.004 } else { (end - start) / 3.0 };
    let gain = context.create_gain()?;
    let level = gain.gain();
    level.set_value_at_time(0.0, start)?;
    level.linear_ramp_to_value_at_time(f32::from(peak) / 100.0, start + attack)?;
    level.exponential_ramp_to_value_at_time(0.0001, end)?;
    source
        .connect_with_audio_node(&filter)?
        .connect_with_audio_node(&gain)?
        .connect_with_audio_node(&context.destination())?;
    source.start_with_when(start)?;
    source.stop_with_when(end + 0.02)
}

fn slide(param: &AudioParam, from: u16, to: u16, start: f64, end: f64) -> Result<(), JsValue> {
    param.set_value_at_time(f32::from(from), start)?;
    param.exponential_ramp_to_value_at_time(f32::from(to), end)?;
    Ok(())
}
