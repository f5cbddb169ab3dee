//! `senet-sim merge`: checks that a set of shard folders (`run --shard K/N`) is one whole run
//! ([`senet_tables::shards`]) and writes its report, the same files a single `run` writes.

use crate::config::{ReportArgs, RunArgs, RunConfig};
use crate::error::InputError;
use anyhow::Result;
use senet_simulation::input::scenario::Scenario;
use senet_simulation::play::shard::Shard;
use senet_tables::shards::{check_complete, read_manifest, summed_counters, Manifest, MANIFEST};
use std::path::PathBuf;

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
    let config = RunConfig::with_scenario(run, scenario)?;
    let counters = summed_counters(&args.shards, &config.scenario)?;
    let staging = crate::report::Staging::create(&config.out)?;
    let keep = config.args.report.games_csv.unwrap_or(0);
    let results = senet_simulation::play::runner::results(&config.scenario, counters, keep);
    let exact = crate::exact::write(&staging.dir, &config)?;
    crate::report::write(&staging.dir, &config, &results, exact.as_ref())?;
    staging.commit()?;
    Ok(config.out)
}
