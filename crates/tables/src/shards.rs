//! A run split across machines or parts: each shard's counters (exact integers, Parquet) and
//! its manifest in a folder; reading them back checks that a set of shards is one whole run and
//! sums their counters, which are then exactly a single run's.

use crate::frames::col;
use polars::prelude::{DataFrame, PolarsError};
use polars_io::prelude::{ParquetReader, ParquetWriter, SerReader};
use senet_simulation::input::scenario::Scenario;
use senet_simulation::play::shard::ScenarioCounters;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The manifest of a shard's folder.
pub const MANIFEST: &str = "manifest.json";
/// The counters of a shard's folder.
pub const COUNTERS: &str = "counters.parquet";
/// The layout of a shard's folder (its counters' layout): a merge and a resumed run refuse
/// folders written in another.
pub const FORMAT: u32 = senet_simulation::play::shard::COUNTERS_FORMAT;

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

/// A shard folder that cannot be read, written or merged with the others.
#[derive(Debug, Error)]
pub enum ShardError {
    /// No manifest could be read.
    #[error("{path}: {why} (not a shard of run --shard?)")]
    NoManifest {
        /// The manifest's path.
        path: String,
        /// Why.
        why: String,
    },
    /// The manifest or the counters do not read.
    #[error("{path}: {why}")]
    Unreadable {
        /// The file.
        path: String,
        /// Why.
        why: String,
    },
    /// Counters written in another layout.
    #[error("{path}: counters written in format {format} (senet-sim {version}), this senet-sim {ours} reads format {FORMAT}: play that shard again with this version")]
    OtherFormat {
        /// The manifest's path.
        path: String,
        /// Its format.
        format: u32,
        /// The version that wrote it.
        version: String,
        /// This program's version.
        ours: String,
    },
    /// Two folders are not shards of one run.
    #[error("{first} and {other}: not shards of one run (they differ in: {what})")]
    NotOneRun {
        /// The first folder.
        first: String,
        /// The folder that differs.
        other: String,
        /// What differs.
        what: String,
    },
    /// A shard given twice.
    #[error("shard {shard}/{shards} given twice: {first} and {other}")]
    Twice {
        /// The shard.
        shard: u64,
        /// Of how many.
        shards: u64,
        /// One folder.
        first: String,
        /// The other.
        other: String,
    },
    /// Shards missing.
    #[error("missing shards of {shards}: {missing} (of 1..{shards})")]
    Missing {
        /// How many shards the run has.
        shards: u64,
        /// The missing ones, comma-separated.
        missing: String,
    },
    /// The counters summed are not those of the scenario.
    #[error("{0}")]
    Counters(String),
    /// No shard was given.
    #[error("no shard to merge")]
    NoShard,
    /// A file could not be written.
    #[error("writing {path}: {why}")]
    Write {
        /// The file.
        path: String,
        /// Why.
        why: String,
    },
    /// The counters' sums could not be computed.
    #[error("summing the shards' counters: {0}")]
    Sum(#[from] PolarsError),
}

impl ShardError {
    /// Whether the error is in what the user gave (a folder, a set of shards), not in writing.
    pub fn is_input(&self) -> bool {
        !matches!(self, ShardError::Write { .. } | ShardError::Sum(_))
    }
}

/// FNV-1a, 64 bits: a fingerprint of the scenario's text.
fn fnv1a(text: &str) -> String {
    let h = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    });
    format!("{h:016x}")
}

impl Manifest {
    /// The manifest of shard `shard` of `shards` of a run of the scenario file `path`, whose
    /// text is `text`, with `--games` `games` and seed `seed`, written by version `version` of
    /// the program, which played `games_played` games.
    pub fn new(
        version: &str,
        path: &Path,
        text: &str,
        (games, seed): (Option<u64>, u64),
        (shard, shards): (u64, u64),
        games_played: u64,
    ) -> Manifest {
        Manifest {
            program: "senet-sim".into(),
            version: version.into(),
            format: FORMAT,
            scenario_path: path.into(),
            scenario_hash: fnv1a(text),
            scenario: text.into(),
            games,
            seed,
            shard,
            shards,
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
pub fn write_partial(
    dir: &Path,
    manifest: &Manifest,
    counters: &ScenarioCounters,
) -> Result<(), ShardError> {
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
    let write = |path: &Path, why: String| ShardError::Write {
        path: path.display().to_string(),
        why,
    };
    let path = dir.join(COUNTERS);
    let file = std::fs::File::create(&path).map_err(|e| write(&path, e.to_string()))?;
    (ParquetWriter::new(file).finish(&mut df)).map_err(|e| write(&path, e.to_string()))?;
    let path = dir.join(MANIFEST);
    let json = serde_json::to_string_pretty(manifest).map_err(|e| write(&path, e.to_string()))?;
    std::fs::write(&path, json + "\n").map_err(|e| write(&path, e.to_string()))
}

/// Reads a shard folder's manifest, naming the folder when it cannot; `version` is this
/// program's, told when the folder's format is another.
pub fn read_manifest(dir: &Path, version: &str) -> Result<Manifest, ShardError> {
    let path = dir.join(MANIFEST);
    let shown = || path.display().to_string();
    let text = std::fs::read_to_string(&path).map_err(|e| ShardError::NoManifest {
        path: shown(),
        why: e.to_string(),
    })?;
    let m: Manifest = serde_json::from_str(&text).map_err(|e| ShardError::Unreadable {
        path: shown(),
        why: e.to_string(),
    })?;
    if m.format != FORMAT {
        return Err(ShardError::OtherFormat {
            path: shown(),
            format: m.format,
            version: m.version,
            ours: version.into(),
        });
    }
    Ok(m)
}

/// Checks that the manifests (of the folders `dirs`) are one run's shards 1..=N, each once.
pub fn check_complete(dirs: &[PathBuf], manifests: &[Manifest]) -> Result<(), ShardError> {
    let Some(first) = manifests.first() else {
        return Err(ShardError::NoShard);
    };
    for (d, m) in dirs.iter().zip(manifests) {
        if m.run_key() != first.run_key() {
            let what = [
                (m.version != first.version, "program version"),
                (m.format != first.format, "folder format"),
                (m.scenario_hash != first.scenario_hash, "scenario"),
                (m.games != first.games, "--games"),
                (m.seed != first.seed, "seed"),
                (m.shards != first.shards, "number of shards"),
            ];
            let what: Vec<&str> = what.iter().filter(|w| w.0).map(|w| w.1).collect();
            return Err(ShardError::NotOneRun {
                first: dirs[0].display().to_string(),
                other: d.display().to_string(),
                what: what.join(", "),
            });
        }
    }
    let mut seen: BTreeMap<u64, &PathBuf> = BTreeMap::new();
    for (d, m) in dirs.iter().zip(manifests) {
        if let Some(other) = seen.insert(m.shard, d) {
            return Err(ShardError::Twice {
                shard: m.shard,
                shards: m.shards,
                first: other.display().to_string(),
                other: d.display().to_string(),
            });
        }
    }
    let missing: Vec<String> = (1..=first.shards)
        .filter(|k| !seen.contains_key(k))
        .map(|k| k.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(ShardError::Missing {
            shards: first.shards,
            missing: missing.join(", "),
        });
    }
    Ok(())
}

/// Sums the counters of every shard (polars: stacked, grouped by counter, summed; eagerly,
/// since a merge needs nothing of polars' lazy engine).
pub fn summed_counters(
    dirs: &[PathBuf],
    scenario: &Scenario,
) -> Result<ScenarioCounters, ShardError> {
    let mut all: Option<DataFrame> = None;
    for d in dirs {
        let path = d.join(COUNTERS);
        let unreadable = |why: String| ShardError::Unreadable {
            path: path.display().to_string(),
            why,
        };
        let file = std::fs::File::open(&path).map_err(|e| unreadable(e.to_string()))?;
        let df = (ParquetReader::new(file).finish()).map_err(|e| unreadable(e.to_string()))?;
        match all.as_mut() {
            None => all = Some(df),
            Some(a) => {
                (a.vstack_mut_owned(df)).map_err(|e| unreadable(e.to_string()))?;
            }
        }
    }
    let all = all.ok_or(ShardError::NoShard)?;
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
    ScenarioCounters::from_rows(scenario, rows).map_err(ShardError::Counters)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shard(k: u64, n: u64, seed: u64) -> Manifest {
        let path = Path::new("scenarios/coins-vs-sticks.toml");
        Manifest::new("0.1.0", path, "[run]\n", (None, seed), (k, n), 10)
    }

    #[test]
    fn a_set_of_shards_is_one_whole_run_or_says_what_is_wrong_as_a_kind() {
        let dirs: Vec<PathBuf> = ["a", "b", "c"].map(PathBuf::from).to_vec();
        let whole = [shard(1, 3, 7), shard(3, 3, 7), shard(2, 3, 7)];
        assert!(check_complete(&dirs, &whole).is_ok());
        let twice = check_complete(&dirs, &[shard(1, 3, 7), shard(2, 3, 7), shard(1, 3, 7)]);
        assert!(matches!(twice, Err(ShardError::Twice { shard: 1, .. })));
        let missing = check_complete(&dirs[..2], &whole[..2]);
        match missing {
            Err(ShardError::Missing { shards: 3, missing }) => assert_eq!(missing, "2"),
            other => panic!("{other:?}"),
        }
        let seeds = check_complete(&dirs, &[shard(1, 3, 7), shard(2, 3, 8), shard(3, 3, 7)]);
        match seeds {
            Err(e @ ShardError::NotOneRun { .. }) => {
                assert!(e.is_input());
                assert_eq!(
                    e.to_string(),
                    "a and b: not shards of one run (they differ in: seed)"
                );
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(check_complete(&[], &[]), Err(ShardError::NoShard)));
    }
}
