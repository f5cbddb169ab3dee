//! `senet-sim bench`: speed and memory of the run engine, measured on N games.

use crate::error::InputError;
use senet_engine::solve::backup::Pick;
use senet_engine::solve::index::StateIndex;
use senet_engine::solve::Sweep;
use senet_engine::strategy::spec::StrategySpec;
use senet_engine::throws::throw_table;
use senet_engine::variants::Variant;
use senet_simulation::cancel::Cancel;
use senet_simulation::exact::layered::timing::time_group;
use senet_simulation::exact::layered::{
    default_memory_mb, groups, start_values, Settings, LAYERED_TOLERANCE,
};
use senet_simulation::input::scenario::{Arm, Scenario};
use senet_simulation::play::runner::play_counters;
use senet_simulation::play::shard::Shard;
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
    #[arg(long, value_parser = crate::error::threads)]
    threads: Option<usize>,
    /// White's strategy (as in `play --white`).
    #[arg(long, default_value = "random")]
    white: StrategySpec,
    /// Black's strategy.
    #[arg(long, default_value = "random")]
    black: StrategySpec,
    /// Time the solver instead of games: the group of this many pawns borne off (both sides),
    /// its outcomes built and swept --sweeps times, as `solve --method layered` does (0 is the
    /// largest group).
    #[arg(long, value_name = "K", requires = "pawns")]
    solve_group: Option<u8>,
    /// Pawns a side of the game solved (with --solve-group).
    #[arg(long, requires = "solve_group")]
    pawns: Option<u8>,
    /// Sweeps timed (with --solve-group).
    #[arg(long, default_value_t = 2, requires = "solve_group")]
    sweeps: u32,
    /// Megabytes for the group's outcomes, as `solve --memory` (default: 380 up to 3 pawns,
    /// 10000 for 4), without the pages of the groups still to come that a solve adds to a
    /// smaller group's (every value here is written from the start).
    #[arg(long, value_name = "MB", requires = "solve_group")]
    memory: Option<u64>,
    /// Time optimal and random play swept together (with --solve-group), as `solve` sweeps them
    /// up to 3 pawns: two tables of values, each position's outcomes found once for both.
    #[arg(long, requires = "solve_group")]
    both_plays: bool,
    /// Time the parsing of this scenario file instead of games (read once, parsed 100 times):
    /// a parse only reads, even with `optimal` players, whose tables are left to be resolved
    /// when the run is about to play.
    #[arg(long, value_name = "FILE", conflicts_with = "solve_group")]
    parse: Option<std::path::PathBuf>,
}

/// `senet-sim bench`: games (random by default) through the same parallel runner as `run`,
/// timed, with the count of games and throws checked before the figures are printed.
pub fn bench(a: &BenchArgs, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    if let (Some(off), Some(pawns)) = (a.solve_group, a.pawns) {
        return bench_group(a, off, pawns, out);
    }
    if let Some(file) = &a.parse {
        return bench_parse(file, out);
    }
    let (variant, games, threads) = (a.variant, a.games, a.threads);
    if games == 0 || threads == Some(0) {
        return Err(InputError("--games and --threads must be at least 1".into()).into());
    }
    let mut arm = Arm::preset("bench", variant);
    let mut tables = senet_simulation::players::Tables::new();
    let cancel = senet_simulation::cancel::Cancel::new();
    for (player, chosen, flag) in [
        (&mut arm.white, &a.white, "--white"),
        (&mut arm.black, &a.black, "--black"),
    ] {
        *player = tables
            .resolve(chosen, variant, &arm.rules, &arm.device, &cancel)
            .map_err(|e| InputError(format!("{flag}: {}", senet_engine::Chain(&e))))?;
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
        exact: None,
        audience: Default::default(),
        fr: Default::default(),
        path: "bench".into(),
        text: String::new(),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()?;
    let done = AtomicU64::new(0);
    let start = Instant::now();
    let counters = pool.install(|| play_counters(&scenario, Shard::WHOLE, &done, &Cancel::new()));
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

/// `bench --solve-group`: one group of a layered solve built and swept, timed; the count of
/// positions swept and the values' range are checked before the figures are printed.
fn bench_group(
    a: &BenchArgs,
    off: u8,
    pawns: u8,
    out: &mut impl std::io::Write,
) -> anyhow::Result<()> {
    let rules = (a.variant.rules())
        .with(|r| r.pawns = pawns)
        .map_err(|e| InputError(format!("--pawns: {e}")))?;
    let index = StateIndex::new(&rules).map_err(|e| InputError(format!("--pawns: {e}")))?;
    let throws = throw_table(&rules, &a.variant.device());
    let sweep = Sweep {
        rules: &rules,
        throws: &throws,
        index: &index,
        race: true,
    };
    let members = groups(&sweep).remove(&off).ok_or_else(|| {
        InputError(format!(
            "--solve-group {off}: {pawns} pawns a side have groups of 0 to {} pawns borne off",
            2 * pawns - 2
        ))
    })?;
    if let Some(n) = a.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .ok();
    }
    let mb = a.memory.unwrap_or(default_memory_mb(pawns));
    let settings = Settings {
        pick: Pick::Best,
        tolerance: LAYERED_TOLERANCE,
        max_sweeps: a.sweeps,
        budget: mb << 20,
        cancel: &Cancel::new(),
    };
    let picks: &[Pick] = if a.both_plays {
        &[Pick::Best, Pick::Uniform]
    } else {
        &[Pick::Best]
    };
    let mut tables: Vec<Vec<f64>> = picks.iter().map(|_| start_values(&sweep)).collect();
    let t = time_group(&sweep, &settings, picks, off, &mut tables, a.sweeps);
    let inside = members.iter().flat_map(|r| r.clone());
    anyhow::ensure!(
        t.sweeps.len() == a.sweeps as usize
            && t.swept <= t.positions
            && inside.clone().count() as u64 == t.positions
            && tables.iter().all(|values| {
                let mut inside = inside.clone();
                inside.all(|i| (0.0..=1.0).contains(&values[i as usize]))
            }),
        "every sweep made, every value a probability"
    );
    writeln!(
        out,
        "{} with {pawns} pawns a side ({} positions): group of {off} pawns borne off, {} positions \
         ({} swept), on {} threads, {}",
        a.variant,
        index.len(),
        t.positions,
        t.swept,
        rayon::current_num_threads(),
        if a.both_plays {
            "optimal and random play swept together"
        } else {
            "optimal play"
        }
    )?;
    writeln!(
        out,
        "outcomes built in {:.1} s, kept for {} positions in {:.0} MB (--memory {mb}); values \
         swept in {} order",
        t.build,
        t.stored,
        t.bytes as f64 / 1e6,
        if t.sweep_order { "sweep" } else { "index" }
    )?;
    for (n, (secs, change)) in t.sweeps.iter().enumerate() {
        writeln!(
            out,
            "sweep {}: {secs:.1} s, {:.0} ns a position, largest change {change:.1e}",
            n + 1,
            secs * 1e9 / t.swept.max(1) as f64
        )?;
    }
    if let Some(kb) = peak_memory_kb() {
        writeln!(out, "peak memory {:.1} MB", kb as f64 / 1024.0)?;
    }
    Ok(())
}

/// Parses the scenario `file` [`PARSES`] times, checks that no `optimal` player got a table
/// (a parse solves nothing), and prints the time a parse takes.
fn bench_parse(file: &std::path::Path, out: &mut impl std::io::Write) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| InputError(format!("--parse {}: {e}", file.display())))?;
    let started = Instant::now();
    let mut parsed = None;
    for _ in 0..PARSES {
        parsed = Some(Scenario::parse(file, &text).map_err(|e| InputError(e.to_string()))?);
    }
    let seconds = started.elapsed().as_secs_f64();
    let s = parsed.expect("parsed at least once");
    let players: Vec<&StrategySpec> = (s.arms.iter().flat_map(|a| [&a.white, &a.black]))
        .chain(s.tournaments.iter().flat_map(|t| &t.strategies))
        .collect();
    let optimal: Vec<_> = players
        .iter()
        .filter_map(|p| match p {
            StrategySpec::Optimal(o) => Some(o),
            _ => None,
        })
        .collect();
    writeln!(
        out,
        "{}: {} arms, {} tournaments, {} optimal players (no table solved or read); \
         {PARSES} parses in {:.1} ms, {:.3} ms a parse",
        file.display(),
        s.arms.len(),
        s.tournaments.len(),
        optimal.len(),
        seconds * 1e3,
        seconds * 1e3 / f64::from(PARSES)
    )?;
    Ok(())
}

/// How many times `bench --parse` parses its file.
const PARSES: u32 = 100;
