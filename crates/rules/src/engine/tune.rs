//! Texel tuning: the evaluation's weights fitted to the results of self-play games.
//!
//! Positions are taken from games the engine plays against itself from random balanced openings
//! (a fixed depth, a little root noise so that games differ), kept when quiet (not in check, no
//! capture that wins material), and labelled with the game's result. The predicted result of a
//! position is `1 / (1 + 10^(-k·e/400))` for its evaluation `e` from White's side, with `k` fitted
//! first; the weights are then changed one at a time, up and down by a step that halves, while
//! the mean squared error of the predictions falls (Texel's local search), never breaking the
//! order of the tables that rise ([`Weights::ordered`]).
//!
//! The evaluation is linear in its weights (the game phase and the king-zone scaling come from the
//! fixed base material), so each position's evaluation is written once as its value at the start
//! plus one slope per weight, measured by changing that weight alone; the search then costs one
//! pass over the positions per trial instead of one evaluation each. The result is checked with
//! the evaluation itself.

use super::eval::evaluate_with;
use super::limits::Limits;
use super::openings::{QUICK_JUDGE, balanced_opening};
use super::order::loses_material;
use super::selfplay::engines_agree_draw;
use super::weights::Weights;
use super::{Engine, game_seed};
use crate::piece::Color;
use crate::position::Position;
use crate::variant::Variant;
use std::sync::atomic::AtomicBool;

/// Random plies of each game's opening.
const OPENING_PLIES: u32 = 8;
/// Root noise of the self-play searches, in centipawns.
const NOISE: u32 = 20;
/// A game still going after this many plies counts as drawn.
const MAX_PLIES: usize = 300;
/// The change of a weight by which its slope is measured.
const PROBE: i32 = 64;
/// A weight that changes the evaluation of fewer than this share of the positions is left as it
/// is: so few positions would fit it to their own games, not to what it is worth.
const RARE: f64 = 0.02;
/// How far a weight may move from its start. On few positions a weight that happens to tell the
/// won games from the lost ones would otherwise grow without end (the fit only ever improves);
/// the largest shift fitted on 600 games is the Klein queen's, +1,064.
pub const MAX_SHIFT: i32 = 1_500;

/// A quiet position from a self-play game, with the game's result for White (1, ½ or 0).
#[derive(Clone)]
pub struct Sample {
    /// The position.
    pub position: Position,
    /// The game's result for White.
    pub result: f64,
}

/// Quiet positions of `games` self-play games on `variant`, searched to `depth`, from seed
/// `seed`; `progress` is told each finished game's number.
pub fn samples(variant: Variant, games: u32, depth: u32, seed: u64, mut progress: impl FnMut(u32)) -> Vec<Sample> {
    let stop = AtomicBool::new(false);
    let mut out = Vec::new();
    for g in 0..games {
        let s = game_seed(seed, g);
        let mut game = balanced_opening(variant, OPENING_PLIES, &QUICK_JUDGE, s);
        let mut engine = Engine::new(s);
        let limits = Limits { noise: NOISE, ..Limits::depth(depth) };
        let mut quiet = Vec::new();
        while game.outcome().is_none() && !engines_agree_draw(&game) && game.actions().len() < MAX_PLIES {
            let p = game.position();
            if !p.is_check() && !p.legal_actions().into_iter().any(|a| p.is_capture(a) && !loses_material(p, a)) {
                quiet.push(p.clone());
            }
            let Some(found) = engine.search(&game, &limits, &stop, |_| {}) else { break };
            game.play(found.best).expect("the engine plays legal actions");
        }
        let result = match game.outcome().and_then(|o| o.winner) {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        };
        out.extend(quiet.into_iter().map(|position| Sample { position, result }));
        progress(g + 1);
    }
    out
}

/// The evaluation from White's side.
fn white_eval(p: &Position, w: &Weights) -> f64 {
    let e = f64::from(evaluate_with(p, w));
    if p.side_to_move() == Color::White { e } else { -e }
}

/// The predicted result for White of an evaluation `e`.
fn predicted(e: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * e / 400.0))
}

/// The mean squared error of the predictions of `evals` against the samples' results.
fn error_of(samples: &[Sample], evals: impl Iterator<Item = f64>, k: f64) -> f64 {
    let sum: f64 = samples.iter().zip(evals).map(|(s, e)| (s.result - predicted(e, k)).powi(2)).sum();
    sum / samples.len().max(1) as f64
}

/// The mean squared error of `w`'s predictions, evaluating every position.
pub fn error(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    error_of(samples, samples.iter().map(|s| white_eval(&s.position, w)), k)
}

/// The scale `k` that fits `w`'s evaluations best (searched between 0.1 and 3).
pub fn fit_scale(samples: &[Sample], w: &Weights) -> f64 {
    let evals: Vec<f64> = samples.iter().map(|s| white_eval(&s.position, w)).collect();
    let err = |k: f64| error_of(samples, evals.iter().copied(), k);
    let (mut lo, mut hi) = (0.1, 3.0);
    for _ in 0..60 {
        let (a, b) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if err(a) < err(b) { hi = b } else { lo = a }
    }
    (lo + hi) / 2.0
}

/// Each sample's evaluation under `start` and its slope along each tunable weight.
struct Linear {
    base: Vec<f64>,
    /// `slopes[i][n]`: the change of sample `n`'s evaluation per unit of weight `i`.
    slopes: Vec<Vec<f64>>,
}

impl Linear {
    fn new(samples: &[Sample], start: &Weights) -> Linear {
        let base: Vec<f64> = samples.iter().map(|s| white_eval(&s.position, start)).collect();
        let count = start.clone().tunable().len();
        let slopes = (0..count)
            .map(|i| {
                let mut w = start.clone();
                *w.tunable()[i].1 += PROBE;
                samples.iter().zip(&base).map(|(s, b)| (white_eval(&s.position, &w) - b) / f64::from(PROBE)).collect()
            })
            .collect();
        Linear { base, slopes }
    }
}

/// What [`tune`] found.
pub struct Tuned {
    /// The fitted weights.
    pub weights: Weights,
    /// The scale of the predictions.
    pub k: f64,
    /// The error at the start and at the end, measured with the evaluation itself.
    pub before: f64,
    /// See `before`.
    pub after: f64,
}

/// Fits the tunable weights to the samples, starting from `start`, by Texel's local search with
/// steps from `step` halving down to 1, each weight within [`MAX_SHIFT`] of its start; the
/// weights marked in `kept` (by [`Weights::tunable`]'s order, a missing mark counting as
/// unmarked) stay as they start. `report` is told each step size and the model's error.
pub fn tune(samples: &[Sample], start: &Weights, step: i32, kept: &[bool], mut report: impl FnMut(i32, f64)) -> Tuned {
    let k = fit_scale(samples, start);
    let model = Linear::new(samples, start);
    let mut evals = model.base.clone();
    let mut deltas = vec![0i32; model.slopes.len()];
    let mut current = error_of(samples, evals.iter().copied(), k);
    // The weights fitted: those not kept that enough positions depend on.
    let fitted: Vec<bool> = model
        .slopes
        .iter()
        .enumerate()
        .map(|(i, slope)| {
            let seen = slope.iter().filter(|s| s.abs() > 1e-9).count();
            !kept.get(i).copied().unwrap_or(false) && seen as f64 >= RARE * samples.len() as f64
        })
        .collect();
    // The weights as they stand, to keep the tables rising: a change that breaks their order is
    // not tried (ordering the fit afterwards could undo it).
    let mut standing = start.clone();
    let rises = |w: &mut Weights, i: usize, change: i32| {
        *w.tunable()[i].1 += change;
        let ok = w.clone().ordered() == *w;
        *w.tunable()[i].1 -= change;
        ok
    };
    let mut step = step.max(1);
    loop {
        let mut improved = true;
        while improved {
            improved = false;
            for (i, slope) in model.slopes.iter().enumerate().filter(|&(i, _)| fitted[i]) {
                for change in [step, -step].into_iter().filter(|c| (deltas[i] + c).abs() <= MAX_SHIFT) {
                    if !rises(&mut standing, i, change) {
                        continue;
                    }
                    let shifted = evals.iter().zip(slope).map(|(e, s)| e + f64::from(change) * s);
                    let trial = error_of(samples, shifted, k);
                    if trial < current {
                        current = trial;
                        deltas[i] += change;
                        *standing.tunable()[i].1 += change;
                        evals.iter_mut().zip(slope).for_each(|(e, s)| *e += f64::from(change) * s);
                        improved = true;
                        break;
                    }
                }
            }
        }
        report(step, current);
        if step == 1 {
            break;
        }
        step /= 2;
    }
    let mut weights = start.clone();
    for ((_, w), d) in weights.tunable().into_iter().zip(&deltas) {
        *w += d;
    }
    let weights = weights.ordered();
    let (before, after) = (error(samples, start, k), error(samples, &weights, k));
    Tuned { weights, k, before, after }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_weight_is_pulled_back_towards_what_the_games_say() {
        // Games played at the base weights; a start that makes the queen worth a pawn fits worse,
        // and tuning brings her value up and the error down.
        let samples = samples(Variant::Chess, 40, 1, 7, |_| {});
        assert!(samples.len() > 100, "{} quiet positions", samples.len());
        assert!(samples.iter().all(|s| !s.position.is_check()));
        let wrong = Weights { material: [0, 100, 320, 330, 500, 100, 0], ..Weights::BASE };
        let tuned = tune(&samples, &wrong, 64, &[], |_, _| {});
        assert!(tuned.after < tuned.before, "{} → {}", tuned.before, tuned.after);
        assert!(tuned.weights.material[5] > 100, "the queen is worth more: {:?}", tuned.weights.material);
        assert_eq!(tuned.weights.clone().ordered(), tuned.weights, "the tables rise");
    }

    #[test]
    fn kept_weights_stay_as_they_start() {
        // The same wrong queen, with the material kept: it stays wrong while other weights move.
        let samples = samples(Variant::Chess, 40, 1, 7, |_| {});
        let wrong = Weights { material: [0, 100, 320, 330, 500, 100, 0], ..Weights::BASE };
        let kept = wrong.matching(&["material".to_owned()]).unwrap();
        let tuned = tune(&samples, &wrong, 64, &kept, |_, _| {});
        assert_eq!(tuned.weights.material, wrong.material);
        assert_ne!(tuned.weights, wrong, "the other weights are fitted");
        assert!(tuned.after < tuned.before, "{} → {}", tuned.before, tuned.after);
    }

    #[test]
    fn on_a_few_games_no_weight_strays_further_than_the_bound() {
        // Four games at depth 1 (what `surfchess tune chess --games 4 --depth 1` fits): with so
        // few, some weights separate the results and would grow until the evaluation overflowed.
        let samples = samples(Variant::Chess, 4, 1, 1, |_| {});
        let tuned = tune(&samples, &Weights::BASE, 4, &[], |_, _| {});
        let mut base = Weights::BASE.clone();
        let mut fitted = tuned.weights.clone();
        for ((name, a), (_, b)) in base.tunable().into_iter().zip(fitted.tunable()) {
            assert!((*b - *a).abs() <= MAX_SHIFT, "{name}: {a} → {b}");
        }
        assert!(tuned.after <= tuned.before, "{} → {}", tuned.before, tuned.after);
    }

    #[test]
    fn the_evaluation_is_linear_in_each_weight() {
        // What the tuner's model assumes: changing a weight by 2d changes every evaluation twice
        // as much as changing it by d (up to the rounding of the phase blend), on every board.
        for v in Variant::ALL {
            let positions = samples(v, 1, 1, 3, |_| {});
            for s in positions.iter().step_by(7).take(6) {
                let base = evaluate_with(&s.position, &Weights::BASE);
                for i in 0..Weights::BASE.clone().tunable().len() {
                    let shifted = |d: i32| {
                        let mut w = Weights::BASE.clone();
                        *w.tunable()[i].1 += d;
                        evaluate_with(&s.position, &w) - base
                    };
                    let (once, twice) = (shifted(40), shifted(80));
                    assert!((twice - 2 * once).abs() <= 2, "{v}: weight {i}: {once} then {twice}");
                }
            }
        }
    }
}
