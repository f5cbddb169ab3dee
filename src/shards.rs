//! `senet-sim merge`: checks that a set of shard folders (`run --shard K/N`) is one whole run
//! ([`senet_tables::shards`]) and writes its report, the same files a single `run` writes.

use crate::config::{ReportArgs, RunArgs, RunConfig};
use crate::error::InputError;
use anyhow::Result;
use senet_simulation::cancel::Cancel;
use senet_simulation::input::scenario::Scenario;
use senet_simulation::play::shard::Shard;
use senet_simulation::players::Tables;
use senet_tables::shards::{check_complete, read_manifest, summed_counters, Manifest, MANIFEST};
use std::path::{Path, PathBuf};

/// The manifest of shard `shard` of the run `config`, whose scenario file reads `text`, which
/// played `games_played` games.
pub fn manifest(config: &RunConfig, text: &str, shard: Shard, games_played: u64) -> Manifest {
    Manifest::new(
        env!("CARGO_PKG_VERSION"),
        &config.args.scenario,
        text,
        (config.args.games, config.scenario.seed),
        (shard.k, shard.n),
        games_played,
    )
}

/// The arguments of `senet-sim merge`.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// The folders of the shards (`run --shard K/N --out DIR`), every shard 1..N once.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// The report folder to write.
    #[arg(long)]
    pub out: PathBuf,
    /// How the report is written.
    #[command(flatten)]
    pub report: ReportArgs,
    /// Print nothing but errors.
    #[arg(long)]
    pub quiet: bool,
}

/// `senet-sim merge`: checks the shards, sums their counters and writes the run's report;
/// returns the report folder.
pub fn merge(args: MergeArgs) -> Result<PathBuf> {
    let manifests = (args.shards.iter())
        .map(|d| read_manifest(d, env!("CARGO_PKG_VERSION")))
        .collect::<Result<Vec<_>, _>>()?;
    check_complete(&args.shards, &manifests)?;
    if let Some(shard) = args.shards.iter().find(|d| overlaps(d, &args.out)) {
        return Err(InputError(format!(
            "--out {}: it holds or is inside the shard {}, which a merge reads and never writes",
            args.out.display(),
            shard.display()
        ))
        .into());
    }
    let m = &manifests[0];
    let scenario = Scenario::parse(&m.scenario_path, &m.scenario)
        .map_err(|e| InputError(format!("{}: {e}", args.shards[0].join(MANIFEST).display())))?;
    let run = RunArgs {
        scenario: m.scenario_path.clone(),
        out: Some(args.out.clone()),
        games: m.games,
        seed: Some(m.seed),
        threads: None,
        quiet: args.quiet,
        report: args.report,
        shard: None,
        resume: false,
    };
    // The first games of each arm are played again for the report: its players need their
    // tables here as on the machines that played the shards.
    let config = RunConfig::with_scenario(run, scenario)?
        .resolve(&mut Tables::new(), &Cancel::new())
        .map_err(|e| InputError(senet_engine::Chain(&e).to_string()))?;
    let counters = summed_counters(&args.shards, &manifests, &config.scenario)?;
    let staging = crate::staging::Staging::create(&config.out)?;
    let results =
        senet_simulation::play::runner::results(&config.scenario, counters, &config.keep());
    let exact = crate::exact::write(&staging.dir, &config)?;
    config.write_report(&staging.dir, &results, exact.as_ref())?;
    staging.commit()?;
    Ok(config.out)
}

/// Whether the folders `a` and `b` are one, or one holds the other (both made absolute, the
/// part of each that exists with its links resolved).
fn overlaps(a: &Path, b: &Path) -> bool {
    let (a, b) = (resolved(a), resolved(b));
    a.starts_with(&b) || b.starts_with(&a)
}

/// `path` absolute, its longest existing ancestor's links resolved.
fn resolved(path: &Path) -> PathBuf {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut head = abs.as_path();
    let mut tail = vec![];
    while let Some(parent) = head.parent() {
        if let Ok(real) = head.canonicalize() {
            return tail.iter().rev().fold(real, |p: PathBuf, n| p.join(n));
        }
        tail.extend(head.file_name());
        head = parent;
    }
    abs
}
