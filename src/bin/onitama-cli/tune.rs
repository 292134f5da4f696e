//! `tune`: fits the evaluation's weights to the results of recorded games (logistic regression
//! of each quiet position's result on its evaluation terms) and writes them as Rust source.

use onitama::ai::{CardTable, FEATURES, TERMS, WEIGHTS, Weights, card_square, features, is_quiet};
use onitama::rules::{Card, CardSet, Game, Square};
use std::fmt::Write as _;
use std::path::PathBuf;

pub struct Tuning {
    pub records: Vec<PathBuf>,
    pub iterations: usize,
    /// How strongly the card-square weights are pulled towards zero (they are many, and rare
    /// cards are seen seldom).
    pub regularization: f64,
    /// The share of games (every n-th) held out to measure the fit on unseen positions.
    pub hold_out_every: usize,
    pub fit: Fit,
    pub output: Option<PathBuf>,
}

/// The weights a fit changes; the others keep their values.
pub enum Fit {
    All,
    /// The named terms only, the card tables kept (to try a new term on fewer games than the
    /// tables need).
    Terms,
    /// These cards' tables only.
    CardsOf(CardSet),
}

impl Fit {
    /// Which weights the fit may change (the student's worth, weight 0, is the unit: never).
    fn mask(&self) -> Vec<bool> {
        let mut mask = vec![false; FEATURES];
        match self {
            Fit::All => mask.fill(true),
            Fit::Terms => mask[..TERMS.len()].fill(true),
            Fit::CardsOf(cards) => {
                for card in Card::ALL.into_iter().filter(|&card| cards.contains(card)) {
                    for table in [CardTable::Held, CardTable::Next] {
                        let rows =
                            card_square(table, card, false, 0)..=card_square(table, card, true, Square::COUNT - 1);
                        mask[rows].fill(true);
                    }
                }
            }
        }
        mask[0] = false;
        mask
    }
}

/// One quiet position: its terms and its result for the side to move (1 win, 0.5 draw, 0 loss).
struct Sample {
    terms: Vec<(u16, i8)>,
    result: f64,
}

pub fn tune(tuning: &Tuning) -> Result<(), String> {
    let (training, held_out) = load(tuning)?;
    if training.is_empty() || held_out.is_empty() {
        return Err("too few finished games in the records to fit the weights".into());
    }
    let start: Vec<f64> = WEIGHTS.0.iter().map(|&w| f64::from(w)).collect();
    let scale = fit_scale(&training, &start);
    println!(
        "{} training positions, {} held out; scale {scale:.5}; loss {:.5} (held out {:.5}) with the current weights",
        training.len(),
        held_out.len(),
        loss(&training, &start, scale),
        loss(&held_out, &start, scale)
    );
    // A weight no training position uses (a card no recorded game dealt) has nothing to fit:
    // it is kept as it is rather than pulled towards zero.
    let mut used = vec![false; FEATURES];
    for &(feature, _) in training.iter().flat_map(|sample| &sample.terms) {
        used[feature as usize] = true;
    }
    let fitted = descend(&training, &held_out, start, scale, tuning, &used);
    let weights = Weights(std::array::from_fn(|i| fitted[i].round().clamp(-30000.0, 30000.0) as i16));
    let rounded: Vec<f64> = weights.0.iter().map(|&w| f64::from(w)).collect();
    println!(
        "fitted: loss {:.5} (held out {:.5}); named terms: {}",
        loss(&training, &rounded, scale),
        loss(&held_out, &rounded, scale),
        TERMS.iter().zip(weights.0).map(|(name, w)| format!("{name} {w}")).collect::<Vec<_>>().join(", ")
    );
    let source = rust_source(&weights, &used);
    match &tuning.output {
        Some(path) => std::fs::write(path, source).map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        None => print!("{source}"),
    }
    Ok(())
}

/// The quiet positions of every finished game, split into training and held-out games.
fn load(tuning: &Tuning) -> Result<(Vec<Sample>, Vec<Sample>), String> {
    let (mut training, mut held_out) = (Vec::new(), Vec::new());
    let mut games = 0;
    for path in &tuning.records {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        // `match --records` separates the records with blank lines.
        for (number, record) in text.split("\n\n").filter(|r| !r.trim().is_empty()).enumerate() {
            let game =
                Game::from_record(record).map_err(|e| format!("{}: record {}: {e}", path.display(), number + 1))?;
            let Some(outcome) = game.outcome() else { continue };
            games += 1;
            let samples = if games % tuning.hold_out_every.max(2) == 0 { &mut held_out } else { &mut training };
            for position in game.positions() {
                if position.outcome().is_some() || !is_quiet(position) {
                    continue;
                }
                let Some(terms) = features(position) else { continue };
                let result = match outcome.winner() {
                    None => 0.5,
                    Some(winner) if winner == position.to_move() => 1.0,
                    Some(_) => 0.0,
                };
                samples.push(Sample { terms, result });
            }
        }
    }
    Ok((training, held_out))
}

fn evaluation(sample: &Sample, weights: &[f64]) -> f64 {
    sample.terms.iter().map(|&(feature, count)| weights[feature as usize] * f64::from(count)).sum()
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared difference between results and the win chance the evaluation predicts.
fn loss(samples: &[Sample], weights: &[f64], scale: f64) -> f64 {
    samples.iter().map(|s| (sigmoid(scale * evaluation(s, weights)) - s.result).powi(2)).sum::<f64>()
        / samples.len() as f64
}

/// The scale turning the current evaluation into a win chance best, by golden-section search.
fn fit_scale(samples: &[Sample], weights: &[f64]) -> f64 {
    let (mut low, mut high) = (1e-4, 0.1);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if loss(samples, weights, a) < loss(samples, weights, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// Adam over the whole training set; the student's worth stays fixed, as the unit.
fn descend(
    training: &[Sample],
    held_out: &[Sample],
    mut weights: Vec<f64>,
    scale: f64,
    tuning: &Tuning,
    used: &[bool],
) -> Vec<f64> {
    const RATE: f64 = 0.5;
    const BETA1: f64 = 0.9;
    const BETA2: f64 = 0.999;
    let (mut m, mut v) = (vec![0.0; FEATURES], vec![0.0; FEATURES]);
    let mut gradient = vec![0.0; FEATURES];
    let penalty = tuning.regularization / training.len() as f64;
    let fitted = tuning.fit.mask();
    for step in 1..=tuning.iterations {
        gradient.iter_mut().for_each(|g| *g = 0.0);
        for sample in training {
            let p = sigmoid(scale * evaluation(sample, &weights));
            let common = 2.0 * (p - sample.result) * p * (1.0 - p) * scale;
            for &(feature, count) in &sample.terms {
                gradient[feature as usize] += common * f64::from(count);
            }
        }
        for i in (0..FEATURES).filter(|&i| fitted[i] && used[i]) {
            let mut g = gradient[i] / training.len() as f64;
            if i >= TERMS.len() {
                g += 2.0 * penalty * weights[i];
            }
            m[i] = BETA1 * m[i] + (1.0 - BETA1) * g;
            v[i] = BETA2 * v[i] + (1.0 - BETA2) * g * g;
            let m_hat = m[i] / (1.0 - BETA1.powi(step as i32));
            let v_hat = v[i] / (1.0 - BETA2.powi(step as i32));
            weights[i] -= RATE * m_hat / (v_hat.sqrt() + 1e-12);
        }
        if step % 100 == 0 || step == tuning.iterations {
            println!(
                "step {step}: loss {:.5} (held out {:.5})",
                loss(training, &weights, scale),
                loss(held_out, &weights, scale)
            );
        }
    }
    weights
}

/// crates/core/src/ai/weights.rs for these weights; `used` marks the weights the records could fit.
fn rust_source(weights: &Weights, used: &[bool]) -> String {
    let mut out = String::from(
        "//! The evaluation's weights, written by `onitama-cli tune` from recorded games (see the README).\n\n\
         #[rustfmt::skip]\n\
         pub const FITTED: &[i16] = &[\n",
    );
    let _ = writeln!(out, "    // {}", TERMS.join(", "));
    let named: Vec<String> = weights.0[..TERMS.len()].iter().map(i16::to_string).collect();
    let _ = writeln!(out, "    {},", named.join(", "));
    for (table, held) in [(CardTable::Held, "held"), (CardTable::Next, "next (the side card, for the side to move)")] {
        for card in Card::ALL {
            let rows = card_square(table, card, false, 0)..card_square(table, card, true, Square::COUNT - 1) + 1;
            let unfitted = if used[rows].contains(&true) { "" } else { " (not fitted: no recorded game deals it)" };
            for (role, master) in [("student", false), ("master", true)] {
                let _ = writeln!(
                    out,
                    "    // {} {held}, {role} on a square seen from its own side: rank 1 first{unfitted}",
                    card.name()
                );
                for rank in 0..5 {
                    let row: Vec<String> = (0..5)
                        .map(|file| weights.0[card_square(table, card, master, rank * 5 + file)].to_string())
                        .collect();
                    let _ = writeln!(out, "    {},", row.join(", "));
                }
            }
        }
    }
    out.push_str("];\n");
    out
}
