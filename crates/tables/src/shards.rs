//! A run split across machines or parts: each shard's counters (exact integers, Parquet) and
//! its manifest in a folder; reading them back checks that a set of shards is one whole run and
//! sums their counters, which are then exactly a single run's.

use crate::frames::col;
use polars::prelude::{DataFrame, PolarsError};
use polars_io::prelude::{ParquetReader, ParquetWriter, SerReader};
use senet_engine::Cause;
use senet_simulation::input::scenario::Scenario;
use senet_simulation::play::shard::{ScenarioCounters, Shard};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The manifest of a shard's folder.
pub const MANIFEST: &str = "manifest.json";
/// The counters of a shard's folder.
pub(crate) const COUNTERS: &str = "counters.parquet";
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
    /// FNV-1a 64 of the counters file's bytes, in hexadecimal: a merge reads no counters that
    /// are not the ones written (a corrupted file is refused before Parquet reads it). Empty in
    /// a manifest not yet written ([`Manifest::new`]); [`write_partial`] fills it.
    #[serde(default)]
    pub counters_hash: String,
}

/// A shard folder that cannot be read, written or merged with the others.
#[derive(Debug, Error)]
pub enum ShardError {
    /// No manifest could be read.
    #[error("{path}: no manifest (not a shard of run --shard?)")]
    NoManifest {
        /// The manifest's path.
        path: String,
        /// Why.
        #[source]
        why: Cause,
    },
    /// The manifest or the counters do not read.
    #[error("{path}")]
    Unreadable {
        /// The file.
        path: String,
        /// Why.
        #[source]
        why: Cause,
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
    #[error("writing {path}")]
    Write {
        /// The file.
        path: String,
        /// Why.
        #[source]
        why: Cause,
    },
    /// The counters' sums could not be computed.
    #[error("summing the shards' counters")]
    Sum(#[from] PolarsError),
}

impl ShardError {
    /// Whether the error is in what the user gave (a folder, a set of shards), not in writing.
    pub fn is_input(&self) -> bool {
        !matches!(self, ShardError::Write { .. } | ShardError::Sum(_))
    }
}

/// FNV-1a, 64 bits: a fingerprint of the scenario's text.
fn fnv1a(text: &[u8]) -> String {
    let h = text.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ *b as u64).wrapping_mul(0x0000_0100_0000_01b3)
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
            scenario_hash: fnv1a(text.as_bytes()),
            scenario: text.into(),
            games,
            seed,
            shard,
            shards,
            games_played,
            counters_hash: String::new(),
        }
    }

    /// Whether this manifest read from a folder is `expected` (a manifest from
    /// [`Manifest::new`]), its counters' fingerprint aside.
    pub fn is(&self, expected: &Manifest) -> bool {
        let written = Manifest {
            counters_hash: String::new(),
            ..self.clone()
        };
        written == *expected
    }

    /// The same manifest with the fields that differ between shards of one run cleared.
    fn run_key(&self) -> Manifest {
        Manifest {
            shard: 0,
            games_played: 0,
            counters_hash: String::new(),
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
    let write = |path: &Path, why: Cause| ShardError::Write {
        path: path.display().to_string(),
        why,
    };
    let path = dir.join(COUNTERS);
    let mut bytes = Vec::new();
    (ParquetWriter::new(&mut bytes).finish(&mut df)).map_err(|e| write(&path, e.into()))?;
    std::fs::write(&path, &bytes).map_err(|e| write(&path, e.into()))?;
    let manifest = Manifest {
        counters_hash: fnv1a(&bytes),
        ..manifest.clone()
    };
    let path = dir.join(MANIFEST);
    let json = serde_json::to_string_pretty(&manifest).map_err(|e| write(&path, e.into()))?;
    std::fs::write(&path, json + "\n").map_err(|e| write(&path, e.into()))
}

/// Reads a shard folder's manifest, naming the folder when it cannot; `version` is this
/// program's, told when the folder's format is another.
pub fn read_manifest(dir: &Path, version: &str) -> Result<Manifest, ShardError> {
    let path = dir.join(MANIFEST);
    let shown = || path.display().to_string();
    let text = std::fs::read_to_string(&path).map_err(|e| ShardError::NoManifest {
        path: shown(),
        why: e.into(),
    })?;
    let m: Manifest = serde_json::from_str(&text).map_err(|e| ShardError::Unreadable {
        path: shown(),
        why: e.into(),
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
                (m.program != first.program, "program"),
                (m.scenario_path != first.scenario_path, "scenario file"),
            ];
            let what: Vec<&str> = what.iter().filter(|w| w.0).map(|w| w.1).collect();
            let what = if what.is_empty() {
                vec!["their manifests"]
            } else {
                what
            };
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

/// The largest counters file a merge reads: a run's counters take kilobytes.
pub(crate) const MAX_COUNTERS_BYTES: u64 = 64 << 20;

/// One counter's key: part, index, counter, slot.
type Key = (String, u32, String, u32);

/// Sums the counters of every shard (`dirs`, whose manifests are `manifests`), each first
/// checked: its file is the one its manifest fingerprints, its rows are whole and each counter
/// given once, and its counters are those of its shard of `scenario` (games played, outcomes
/// adding up, [`ScenarioCounters::check_shard`]). The sums are checked for overflow.
pub fn summed_counters(
    dirs: &[PathBuf],
    manifests: &[Manifest],
    scenario: &Scenario,
) -> Result<ScenarioCounters, ShardError> {
    let mut total: BTreeMap<Key, u64> = BTreeMap::new();
    for (d, m) in dirs.iter().zip(manifests) {
        let path = d.join(COUNTERS);
        let unreadable = |why: Cause| ShardError::Unreadable {
            path: path.display().to_string(),
            why,
        };
        let rows = shard_rows(&path, m).map_err(unreadable)?;
        let shard = Shard {
            k: m.shard,
            n: m.shards,
        };
        let counters = from_map(scenario, &rows).map_err(|e| unreadable(e.into()))?;
        let played = senet_simulation::play::runner::shard_games(scenario, shard);
        if m.games_played != played {
            return Err(unreadable(
                format!(
                    "its manifest says {} games, shard {shard} of this scenario has {played}",
                    m.games_played
                )
                .into(),
            ));
        }
        counters
            .check_shard(scenario, shard)
            .map_err(|e| unreadable(e.into()))?;
        for (key, value) in rows {
            let sum = total.entry(key).or_insert(0);
            *sum = (sum.checked_add(value))
                .ok_or_else(|| ShardError::Counters("a counter's sum passes 2^64".into()))?;
        }
    }
    if dirs.is_empty() {
        return Err(ShardError::NoShard);
    }
    from_map(scenario, &total).map_err(ShardError::Counters)
}

/// The counters of one shard's file, by key: refused when the file is larger than
/// [`MAX_COUNTERS_BYTES`], is not the one `manifest` fingerprints, has a null or a counter
/// given twice.
fn shard_rows(path: &Path, manifest: &Manifest) -> Result<BTreeMap<Key, u64>, Cause> {
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(
        &mut std::io::Read::take(file, MAX_COUNTERS_BYTES + 1),
        &mut bytes,
    )?;
    if bytes.len() as u64 > MAX_COUNTERS_BYTES {
        return Err(format!(
            "larger than {} MB: not counters written by run --shard",
            MAX_COUNTERS_BYTES >> 20
        )
        .into());
    }
    if manifest.counters_hash.is_empty() {
        return Err(
            "its manifest has no fingerprint of the counters (written by an older \
                    senet-sim): play that shard again"
                .into(),
        );
    }
    if fnv1a(&bytes) != manifest.counters_hash {
        return Err(
            "not the counters its manifest was written with (changed or corrupted \
                    since): play that shard again"
                .into(),
        );
    }
    let df = (ParquetReader::new(std::io::Cursor::new(bytes)).finish())?;
    if df.columns().iter().any(|c| c.null_count() > 0) {
        return Err("a counter has no value (null)".into());
    }
    let (part, index) = (df.column("part")?.str()?, df.column("index")?.u32()?);
    let (counter, slot) = (df.column("counter")?.str()?, df.column("slot")?.u32()?);
    let value = df.column("value")?.u64()?;
    let mut rows = BTreeMap::new();
    for i in 0..df.height() {
        let key = (
            part.get(i).unwrap_or_default().to_string(),
            index.get(i).unwrap_or_default(),
            counter.get(i).unwrap_or_default().to_string(),
            slot.get(i).unwrap_or_default(),
        );
        let v = value.get(i).unwrap_or_default();
        if rows.insert(key, v).is_some() {
            return Err(format!("row {} gives a counter a second time", i + 1).into());
        }
    }
    Ok(rows)
}

/// The counters of `scenario` that `rows` give.
fn from_map(scenario: &Scenario, rows: &BTreeMap<Key, u64>) -> Result<ScenarioCounters, String> {
    ScenarioCounters::from_rows(
        scenario,
        (rows.iter()).map(|((p, i, c, s), v)| (p.as_str(), *i, c.as_str(), *s, *v)),
    )
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

    #[test]
    fn a_folder_without_a_manifest_keeps_the_systems_reason_as_its_source() {
        let dir = tempfile::tempdir().unwrap();
        let e = read_manifest(&dir.path().join("nothing"), "0.1.0").unwrap_err();
        let io = std::error::Error::source(&e).and_then(|s| s.downcast_ref::<std::io::Error>());
        assert_eq!(
            io.map(|io| io.kind()),
            Some(std::io::ErrorKind::NotFound),
            "{e:?}"
        );
        assert!(e
            .to_string()
            .ends_with("manifest.json: no manifest (not a shard of run --shard?)"));
        let line = senet_engine::Chain(&e).to_string();
        assert!(line.starts_with(&e.to_string()) && line.len() > e.to_string().len() + 2);
    }

    /// A scenario of one arm, its path and text.
    fn scenario(dir: &Path) -> (Scenario, PathBuf, String) {
        let text =
            "name = \"s\"\ngames = 10\nseed = 1\n[[arm]]\nname = \"a\"\nvariant = \"tejon\"\n";
        let path = dir.join("s.toml");
        (
            Scenario::parse(&path, text).unwrap().ready().unwrap(),
            path,
            text.to_string(),
        )
    }

    /// Writes shard `k` of 2 with `counters` into `dir/k`, its manifest saying `played` games.
    fn write_shard(dir: &Path, k: u64, counters: &ScenarioCounters, played: u64) -> PathBuf {
        let (_, path, text) = scenario(dir);
        let d = dir.join(k.to_string());
        std::fs::create_dir_all(&d).unwrap();
        let m = Manifest::new("0.1.0", &path, &text, (None, 1), (k, 2), played);
        write_partial(&d, &m, counters).unwrap();
        d
    }

    /// Counters of one arm: `games` games, all won by white.
    fn won(scenario: &Scenario, games: u64) -> ScenarioCounters {
        let mut c = ScenarioCounters::zero(scenario);
        c.arms[0].games = games;
        c.arms[0].white_wins = games;
        c
    }

    fn merged(dirs: &[PathBuf]) -> Result<ScenarioCounters, String> {
        let (scenario, _, _) = scenario(dirs[0].parent().unwrap());
        let manifests: Vec<Manifest> = dirs
            .iter()
            .map(|d| read_manifest(d, "0.1.0").unwrap())
            .collect();
        summed_counters(dirs, &manifests, &scenario)
            .map_err(|e| senet_engine::Chain(&e).to_string())
    }

    #[test]
    fn a_merge_sums_only_whole_consistent_shards_it_can_trust() {
        let tmp = tempfile::tempdir().unwrap();
        let (sc, _, _) = scenario(tmp.path());
        let good = [
            write_shard(tmp.path(), 1, &won(&sc, 5), 5),
            write_shard(tmp.path(), 2, &won(&sc, 5), 5),
        ];
        assert_eq!(merged(&good).unwrap().arms[0].games, 10);
        // An empty shard (all zero): its 5 games are missing, not quietly 0.
        let empty = write_shard(tmp.path(), 2, &ScenarioCounters::zero(&sc), 5);
        let e = merged(&[good[0].clone(), empty]).unwrap_err();
        assert!(
            e.contains("arm 'a' played 0 games, its shard 2/2 has 5"),
            "{e}"
        );
        // More wins than games.
        let mut over = won(&sc, 5);
        over.arms[0].black_wins = 3;
        let over = write_shard(tmp.path(), 2, &over, 5);
        let e = merged(&[good[0].clone(), over]).unwrap_err();
        assert!(e.contains("do not add up to its 5 games"), "{e}");
        // A manifest whose games are not its shard's.
        let wrong = write_shard(tmp.path(), 2, &won(&sc, 5), 7);
        let e = merged(&[good[0].clone(), wrong]).unwrap_err();
        assert!(
            e.contains("its manifest says 7 games, shard 2/2 of this scenario has 5"),
            "{e}"
        );
        // A counters file changed after it was written (one byte), before Parquet reads it.
        let changed = write_shard(tmp.path(), 2, &won(&sc, 5), 5);
        let file = changed.join(COUNTERS);
        let mut bytes = std::fs::read(&file).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 0xff;
        std::fs::write(&file, bytes).unwrap();
        let e = merged(&[good[0].clone(), changed]).unwrap_err();
        assert!(
            e.contains("counters.parquet: not the counters its manifest was written with"),
            "{e}"
        );
    }

    #[test]
    fn a_length_no_game_has_is_refused_before_a_histogram_grows_to_it() {
        // A crafted row (its fingerprint recomputed) naming a game of 4 billion turns would have
        // made a 32 GB histogram; tejon stops a game at 20,000 turns, 50 throws each.
        let tmp = tempfile::tempdir().unwrap();
        let (sc, _, _) = scenario(tmp.path());
        let row = |slot| [("arm", 0, "turns", slot, 1u64)];
        let e = ScenarioCounters::from_rows(&sc, row(u32::MAX)).unwrap_err();
        assert!(e.contains("counter arm 0 turns 4294967295"), "{e}");
        assert!(ScenarioCounters::from_rows(&sc, row(4_000_000)).is_ok());
        assert!(ScenarioCounters::from_rows(&sc, row(4_000_001)).is_err());
    }
}
