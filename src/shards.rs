//! A run split across machines: `run --shard K/N` writes one shard's counters (exact integers,
//! Parquet) and a manifest; `merge` checks that a set of shards is one whole run and writes its
//! report, the same files a single `run` writes.

use crate::config::{ReportArgs, RunArgs, RunConfig};
use crate::error::{bad, InputError};
use anyhow::{Context, Result};
use polars::prelude::DataFrame;
use polars_io::prelude::{ParquetReader, ParquetWriter, SerReader};
use senet_simulation::scenario::Scenario;
use senet_simulation::shard::{ScenarioCounters, Shard};
use senet_tables::frames::col;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The manifest of a shard's folder.
pub const MANIFEST: &str = "manifest.json";
/// The counters of a shard's folder.
pub const COUNTERS: &str = "counters.parquet";
/// The layout of a shard's folder (its counters' layout): a merge and a resumed run refuse
/// folders written in another.
const FORMAT: u32 = senet_simulation::shard::COUNTERS_FORMAT;

/// What a shard is a part of: a merge takes shards whose manifests agree on everything but
/// `shard` and `games_played`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// `senet-sim`.
    pub program: String,
    /// The program's version.
    pub version: String,
    /// [`FORMAT`].
    pub format: u32,
    /// The scenario file as given to `run`.
    pub scenario_path: PathBuf,
    /// FNV-1a 64 of the scenario's text, in hexadecimal.
    pub scenario_hash: String,
    /// The scenario's text.
    pub scenario: String,
    /// `--games`, if given.
    pub games: Option<u64>,
    /// The seed of the run.
    pub seed: u64,
    /// Which shard, 1..=shards.
    pub shard: u64,
    /// How many shards.
    pub shards: u64,
    /// Games this shard played.
    pub games_played: u64,
}

/// FNV-1a, 64 bits: a fingerprint of the scenario's text.
fn fnv1a(text: &str) -> String {
    let h = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{h:016x}")
}

impl Manifest {
    /// The manifest of shard `shard` of the run `config`, whose scenario file reads `text`.
    pub fn new(config: &RunConfig, text: &str, shard: Shard, games_played: u64) -> Manifest {
        Manifest {
            program: "senet-sim".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            format: FORMAT,
            scenario_path: config.args.scenario.clone(),
            scenario_hash: fnv1a(text),
            scenario: text.into(),
            games: config.args.games,
            seed: config.scenario.seed,
            shard: shard.k,
            shards: shard.n,
            games_played,
        }
    }

    /// The same manifest with the fields that differ between shards of one run cleared.
    fn run_key(&self) -> Manifest {
        Manifest {
            shard: 0,
            games_played: 0,
            ..self.clone()
        }
    }
}

/// Writes a shard's counters and manifest into `dir`.
pub fn write_partial(dir: &Path, manifest: &Manifest, counters: &ScenarioCounters) -> Result<()> {
    let rows = counters.rows();
    let mut df = DataFrame::new_infer_height(vec![
        col("part", rows.iter().map(|r| r.part).collect::<Vec<_>>()),
        col("index", rows.iter().map(|r| r.index).collect::<Vec<_>>()),
        col(
            "counter",
            rows.iter().map(|r| r.counter).collect::<Vec<_>>(),
        ),
        col("slot", rows.iter().map(|r| r.slot).collect::<Vec<_>>()),
        col("value", rows.iter().map(|r| r.value).collect::<Vec<_>>()),
    ])?;
    let path = dir.join(COUNTERS);
    let file =
        std::fs::File::create(&path).with_context(|| format!("creating {}", path.display()))?;
    ParquetWriter::new(file)
        .finish(&mut df)
        .map_err(|e| anyhow::anyhow!("writing {}: {e}", path.display()))?;
    let json = serde_json::to_string_pretty(manifest)? + "\n";
    std::fs::write(dir.join(MANIFEST), json).context("writing manifest.json")?;
    Ok(())
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

/// Reads a shard folder's manifest, naming the folder when it cannot.
pub fn read_manifest(dir: &Path) -> Result<Manifest> {
    let path = dir.join(MANIFEST);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        InputError(format!(
            "{}: {e} (not a shard of run --shard?)",
            path.display()
        ))
    })?;
    let m: Manifest =
        serde_json::from_str(&text).map_err(|e| InputError(format!("{}: {e}", path.display())))?;
    if m.format != FORMAT {
        return bad(format!(
            "{}: counters written in format {} (senet-sim {}), this senet-sim {} reads format {FORMAT}: play that shard again with this version",
            path.display(),
            m.format,
            m.version,
            env!("CARGO_PKG_VERSION")
        ));
    }
    Ok(m)
}

/// Checks that the manifests are one run's shards 1..=N, each once.
fn check_complete(dirs: &[PathBuf], manifests: &[Manifest]) -> Result<()> {
    let first = &manifests[0];
    for (d, m) in dirs.iter().zip(manifests) {
        if m.run_key() != first.run_key() {
            let what = [
                (m.version != first.version, "program version"),
                (m.format != first.format, "folder format"),
                (m.scenario_hash != first.scenario_hash, "scenario"),
                (m.games != first.games, "--games"),
                (m.seed != first.seed, "seed"),
                (m.shards != first.shards, "number of shards"),
            ]
            .iter()
            .filter(|w| w.0)
            .map(|w| w.1)
            .collect::<Vec<_>>()
            .join(", ");
            return bad(format!(
                "{} and {}: not shards of one run (they differ in: {what})",
                dirs[0].display(),
                d.display()
            ));
        }
    }
    let mut seen: BTreeMap<u64, &PathBuf> = BTreeMap::new();
    for (d, m) in dirs.iter().zip(manifests) {
        if let Some(other) = seen.insert(m.shard, d) {
            return bad(format!(
                "shard {}/{} given twice: {} and {}",
                m.shard,
                m.shards,
                other.display(),
                d.display()
            ));
        }
    }
    let missing: Vec<String> = (1..=first.shards)
        .filter(|k| !seen.contains_key(k))
        .map(|k| k.to_string())
        .collect();
    if !missing.is_empty() {
        return bad(format!(
            "missing shards of {}: {} (of 1..{})",
            first.shards,
            missing.join(", "),
            first.shards
        ));
    }
    Ok(())
}

/// Sums the counters of every shard (polars: stacked, grouped by counter, summed; eagerly,
/// since a merge needs nothing of polars' lazy engine).
pub fn summed_counters(dirs: &[PathBuf], scenario: &Scenario) -> Result<ScenarioCounters> {
    let mut all: Option<DataFrame> = None;
    for d in dirs {
        let path = d.join(COUNTERS);
        let file = std::fs::File::open(&path)
            .map_err(|e| InputError(format!("{}: {e}", path.display())))?;
        let df = ParquetReader::new(file)
            .finish()
            .map_err(|e| InputError(format!("{}: {e}", path.display())))?;
        match all.as_mut() {
            None => all = Some(df),
            Some(a) => {
                a.vstack_mut_owned(df)
                    .map_err(|e| InputError(format!("{}: {e}", path.display())))?;
            }
        }
    }
    let all = all.context("no shard to merge")?;
    // polars-core's eager aggregation, marked deprecated in favour of the lazy engine, which
    // would add a third of polars to every build for this one sum.
    #[allow(deprecated)]
    let sums = (all.group_by(["part", "index", "counter", "slot"])?)
        .select(["value"])
        .sum()?;
    let (part, index) = (sums.column("part")?.str()?, sums.column("index")?.u32()?);
    let (counter, slot) = (sums.column("counter")?.str()?, sums.column("slot")?.u32()?);
    let value = sums.column("value_sum")?.u64()?;
    let rows = (0..sums.height()).map(|i| {
        (
            part.get(i).unwrap_or(""),
            index.get(i).unwrap_or(u32::MAX),
            counter.get(i).unwrap_or(""),
            slot.get(i).unwrap_or(u32::MAX),
            value.get(i).unwrap_or(0),
        )
    });
    ScenarioCounters::from_rows(scenario, rows).map_err(|e| InputError(e).into())
}

/// `senet-sim merge`: checks the shards, sums their counters and writes the run's report;
/// returns the report folder.
pub fn merge(args: MergeArgs) -> Result<PathBuf> {
    let manifests = (args.shards.iter())
        .map(|d| read_manifest(d))
        .collect::<Result<Vec<_>>>()?;
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
    let results = senet_simulation::runner::results(&config.scenario, counters, keep);
    let exact = crate::exact::write(&staging.dir, &config)?;
    crate::report::write(&staging.dir, &config, &results, exact.as_ref())?;
    staging.commit()?;
    Ok(config.out)
}
