//! What a solved game tells beyond its table ([`Solved`]): the strategies judged against it,
//! its exact expected lengths, Ludii's state-evaluation metrics with exact values and the
//! decisions that matter most. `senet-sim solve` prints and writes it; any front end gets the
//! same figures from [`analyse`].

use crate::cancel::Cancel;
use crate::exact::evaluation::{state_metrics, StateMetrics};
use crate::exact::graph::Effort;
use crate::exact::judge::{judge, Decision, Verdict};
use crate::exact::lengths::{self, expected_lengths, Lengths};
use crate::exact::solve::{Exact, Request, SolveError};
use crate::players::Tables;
use senet_engine::rules::Rules;
use senet_engine::solve::backup::Pick;
use senet_engine::solve::Solution;
use senet_engine::strategy::spec::StrategySpec;
use senet_engine::throws::Device;
use senet_engine::variants::Variant;
use std::sync::Arc;
use thiserror::Error;

/// What a solve found: the figures of its report and its tables.
pub struct Solved {
    /// The variant.
    pub variant: Variant,
    /// Its rules with `pawns` a side.
    pub rules: Rules,
    /// The device.
    pub device: Device,
    /// The table.
    pub solution: Arc<Solution>,
    /// How solving went.
    pub effort: Effort,
    /// The first mover's chance under optimal play, and under random play (not computed with
    /// `--optimal-only`).
    pub start: (f64, Option<f64>),
    /// How the random-play values went (`None`: not computed).
    pub random_effort: Option<Effort>,
    /// The verdict of each judged strategy.
    pub verdicts: Vec<(StrategySpec, Verdict)>,
    /// The positions where the choice matters most, with their throw and move values.
    pub critical: Vec<Decision>,
    /// The exact expected lengths under optimal play and under random play (`None`: a game
    /// too big for them, or random play not computed).
    pub lengths: (Option<Lengths>, Option<Lengths>),
    /// Ludii's state-evaluation metrics with exact values, over games played optimally and
    /// over games played at random (`None`: no game).
    pub state: (Option<StateMetrics>, Option<StateMetrics>),
    /// The seed of the games played to judge the strategies and read the state metrics.
    pub seed: u64,
}

impl Solved {
    /// The game solved (what `rules.toml` writes).
    pub fn game(&self) -> crate::input::rulefile::Game {
        crate::input::rulefile::Game {
            variant: self.variant,
            device: self.device,
            rules: self.rules.clone(),
        }
    }
}

/// What is judged and read from the games played against the table.
#[derive(Clone, Debug)]
pub struct Judging<'a> {
    /// The strategies judged, each in its lane of seeds.
    pub strategies: &'a [StrategySpec],
    /// Games a strategy, and games for each kind of play's state metrics.
    pub games: u64,
    /// The seed of those games.
    pub seed: u64,
    /// How many critical decisions to keep.
    pub boards: usize,
}

/// Why the analysis stopped.
#[derive(Debug, Error)]
pub enum AnalysisError {
    /// A strategy cannot play this game (a `td` with no network for it...).
    #[error("{spec}")]
    Strategy {
        /// The strategy.
        spec: StrategySpec,
        /// Why.
        #[source]
        why: Box<SolveError>,
    },
    /// The exact lengths were stopped or failed.
    #[error(transparent)]
    Lengths(#[from] SolveError),
}

/// `spec` cannot play the game: why.
fn strategy_error(spec: &StrategySpec, why: SolveError) -> AnalysisError {
    AnalysisError::Strategy {
        spec: spec.clone(),
        why: Box::new(why),
    }
}

/// The strategies of `judging` checked before a solve: each can play the game of `request`
/// (a `td` player with no network for it is refused before hours of solving, not after).
pub fn check_strategies(
    variant: Variant,
    request: &Request,
    judging: &Judging,
    cancel: &Cancel,
) -> Result<(), AnalysisError> {
    for spec in judging.strategies {
        if let StrategySpec::Td(_) = spec {
            (Tables::new().resolve(spec, variant, &request.rules, &request.device, cancel))
                .map_err(|e| strategy_error(spec, e))?;
        }
    }
    Ok(())
}

/// The start's values, the strategies judged against the table, the exact lengths, the state
/// metrics and the critical positions of the game `exact` solved. `say` hears what is being
/// done, a line at a time.
pub fn analyse(
    variant: Variant,
    request: &Request,
    exact: Exact,
    judging: &Judging,
    say: &dyn Fn(&str),
    cancel: &Cancel,
) -> Result<Solved, AnalysisError> {
    let (rules, device) = (&request.rules, request.device);
    let solution = Arc::new(exact.solution);
    let mut verdicts = Vec::new();
    let mut decisions = Vec::new();
    let mut tables = Tables::new();
    tables.hold(solution.clone());
    let games = judging.games;
    for (lane, spec) in judging.strategies.iter().enumerate() {
        say(&format!("judging {spec}: {games} games against optimal"));
        let player = (tables.resolve(spec, variant, rules, &device, &Cancel::new()))
            .map_err(|e| strategy_error(spec, e))?;
        let (verdict, seen) = judge(
            &solution,
            &device,
            &player,
            games,
            judging.seed,
            lane as u64,
        );
        verdicts.push((spec.clone(), verdict));
        decisions.extend(seen);
    }
    let lengths = exact_lengths(&solution, exact.random.is_some(), say, cancel)?;
    say(&format!(
        "Ludii's state-evaluation metrics: {games} games played optimally, {games} at random"
    ));
    // The same seeds for both kinds of play (paired games), past the judged strategies' lanes.
    let lane = judging.strategies.len() as u64;
    let state = [false, true]
        .map(|random| state_metrics(&solution, &device, random, games, judging.seed, lane));
    Ok(Solved {
        variant,
        rules: rules.clone(),
        device,
        lengths,
        state: (state[0], state[1]),
        critical: critical(&solution, decisions, judging.boards),
        solution,
        effort: exact.optimal.effort,
        start: (exact.optimal.chance, exact.random.map(|r| r.chance)),
        random_effort: exact.random.map(|r| r.effort),
        verdicts,
        seed: judging.seed,
    })
}

/// The exact expected lengths under optimal play, and under random play when it was solved,
/// for the games small enough ([`lengths::MAX_PAWNS`]).
fn exact_lengths(
    solution: &Solution,
    random: bool,
    say: &dyn Fn(&str),
    cancel: &Cancel,
) -> Result<(Option<Lengths>, Option<Lengths>), SolveError> {
    if solution.rules.pawns > lengths::MAX_PAWNS {
        return Ok((None, None));
    }
    let of = |pick: Pick, what: &str| -> Result<Lengths, SolveError> {
        let l = expected_lengths(solution, pick, cancel)?;
        say(&format!(
            "expected length, {what}: {:.4} turns, {:.4} throws, luck {:.4} a throw ({} sweeps)",
            l.turns, l.throws, l.luck_per_throw, l.sweeps
        ));
        Ok(l)
    };
    let best = of(Pick::Best, "both optimal")?;
    let uniform = if random {
        Some(of(Pick::Uniform, "both random")?)
    } else {
        None
    };
    Ok((Some(best), uniform))
}

/// The `n` decisions with the largest gap between the best and the worst move, one per
/// position and throw (a position and its mirror, colours swapped, are one), largest first
/// (ties: first seen).
fn critical(solution: &Solution, mut decisions: Vec<Decision>, n: usize) -> Vec<Decision> {
    decisions.sort_by(|a, b| (b.best() - b.worst()).total_cmp(&(a.best() - a.worst())));
    let mut seen = std::collections::BTreeSet::new();
    let mut out: Vec<Decision> = Vec::new();
    for d in decisions {
        if out.len() == n {
            break;
        }
        if seen.insert((solution.index.index(&d.pos), d.throw)) {
            out.push(d);
        }
    }
    out
}
