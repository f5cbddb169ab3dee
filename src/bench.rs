//! `senet-sim bench`: speed and memory of the run engine, measured on N games.

use crate::error::InputError;
use senet_engine::strategy::spec::StrategySpec;
use senet_engine::variants::Variant;
use senet_simulation::runner::play_counters;
use senet_simulation::scenario::{Arm, Scenario};
use senet_simulation::shard::Shard;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Peak resident memory of this process in kB (Linux `VmHWM`), if known.
fn peak_memory_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The arguments of `senet-sim bench`.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Variant to play.
    #[arg(long, default_value = "tejon")]
    variant: Variant,
    /// Number of games.
    #[arg(long, default_value_t = 1_000_000, value_parser = crate::error::number)]
    games: u64,
    /// Worker threads [default: every core].
    #[arg(long)]
    threads: Option<usize>,
    /// White's strategy (as in `play --white`).
    #[arg(long, default_value = "random")]
    white: StrategySpec,
    /// Black's strategy.
    #[arg(long, default_value = "random")]
    black: StrategySpec,
}

/// `senet-sim bench`: games (random by default) through the same parallel runner as `run`,
/// timed, with the count of games and throws checked before the figures are printed.
pub fn bench(a: &BenchArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let (variant, games, threads) = (a.variant, a.games, a.threads);
    if games == 0 || threads == Some(0) {
        return Err(InputError("--games and --threads must be at least 1".into()).into());
    }
    let mut arm = Arm::preset("bench", variant);
    for (spec, chosen, flag) in [
        (&mut arm.white, &a.white, "--white"),
        (&mut arm.black, &a.black, "--black"),
    ] {
        *spec = chosen.clone();
        senet_simulation::solver::prepare(spec, variant, &arm.rules, &arm.device)
            .map_err(|e| InputError(format!("{flag}: {e}")))?;
    }
    let players = [arm.white.clone(), arm.black.clone()];
    let scenario = Scenario {
        name: "bench".into(),
        title: "bench".into(),
        games,
        seed: 1,
        arms: vec![arm],
        tournaments: vec![],
        lang: None,
        charts: vec![],
        fr: Default::default(),
        path: "bench".into(),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()?;
    let done = AtomicU64::new(0);
    let start = Instant::now();
    let counters = pool.install(|| play_counters(&scenario, Shard::WHOLE, &done));
    let stats = &counters.arms[0];
    let secs = start.elapsed().as_secs_f64();
    anyhow::ensure!(
        stats.games == games && done.load(Ordering::Relaxed) == games,
        "every game was played"
    );
    let throws = stats.total_throws();
    writeln!(
        out,
        "variant {variant}, {games} games of {} (white) against {} (black) on {} threads",
        players[0],
        players[1],
        pool.current_num_threads()
    )?;
    writeln!(
        out,
        "time {secs:.2} s: {:.0} games/s, {:.1} M throws/s",
        games as f64 / secs,
        throws as f64 / secs / 1e6
    )?;
    writeln!(
        out,
        "mean turns {:.1}, unfinished {}",
        stats.turns.mean(),
        stats.unfinished
    )?;
    if let Some(kb) = peak_memory_kb() {
        writeln!(out, "peak memory {:.1} MB", kb as f64 / 1024.0)?;
    }
    Ok(())
}
