//! `run --shard K/N` and `merge`: a run played in N shards and merged writes the very CSV files
//! of a single run (arms and tournaments), for N = 1, 3 and 4; a merge refuses a set of shards
//! that is not one whole run, naming what is missing, given twice or different.

use crate::outputs::*;
use std::path::{Path, PathBuf};

const SCENARIO: &str = r#"
name = "shards"
title = "Shards"
games = 1001
seed = 11

[[arm]]
name = "tejon"
variant = "tejon"

[[arm]]
name = "kendall sticks"
variant = "kendall"
device = { kind = "sticks", p_marked = 0.6 }

[tournament]
variant = "tejon"
strategies = ["random", "back", "heuristic"]
games = 102
"#;

fn shard(sc: &Path, dir: &Path, k: u64, n: u64, extra: &[&str]) -> PathBuf {
    let out = dir.join(format!("s{k}-of-{n}"));
    let o = run(
        sc,
        &out,
        &[&["--shard", &format!("{k}/{n}")], extra].concat(),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    out
}

fn merge(shards: &[PathBuf], out: &Path) -> std::process::Output {
    senet()
        .arg("merge")
        .args(shards)
        .arg("--out")
        .arg(out)
        .args(["--games-csv", "7", "--quiet"])
        .output()
        .unwrap()
}

fn csv_files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|f| f.ends_with(".csv"))
        .collect();
    v.sort();
    v
}

#[test]
fn merged_shards_write_the_csv_files_of_a_single_run() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let whole = tmp.path().join("whole");
    assert!(run(&sc, &whole, &["--games-csv", "7"]).status.success());
    let files = csv_files(&whole);
    assert!(
        files.contains(&"tournament.csv".to_string()) && files.len() >= 12,
        "{files:?}"
    );
    for n in [1u64, 3, 4] {
        // Shards played in any order, with any number of threads.
        let mut dirs: Vec<PathBuf> = (1..=n)
            .rev()
            .map(|k| {
                let threads = if k % 2 == 0 { "1" } else { "2" };
                shard(&sc, tmp.path(), k, n, &["--threads", threads])
            })
            .collect();
        dirs.rotate_left(1);
        let out = tmp.path().join(format!("merged-{n}"));
        let o = merge(&dirs, &out);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(csv_files(&out), files);
        assert_same_csv(&whole, &out, &format!("after merging {n} shards"));
        assert!(out.join("report.html").is_file() && out.join("charts/wins.svg").is_file());
    }
}

#[test]
fn merge_refuses_what_is_not_one_whole_run() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let s: Vec<PathBuf> = (1..=3).map(|k| shard(&sc, tmp.path(), k, 3, &[])).collect();
    let other_seed = tmp.path().join("seed");
    let o = run(&sc, &other_seed, &["--shard", "2/3", "--seed", "12"]);
    assert!(o.status.success());
    let refused = |dirs: &[PathBuf], says: &[&str]| {
        let out = tmp.path().join("refused");
        let o = merge(dirs, &out);
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        for w in says {
            assert!(err.contains(w), "'{w}' not in: {err}");
        }
        assert!(!out.exists(), "nothing written");
    };
    refused(&[s[0].clone(), s[2].clone()], &["missing shards of 3: 2"]);
    refused(
        &[s[0].clone(), s[1].clone(), s[1].clone(), s[2].clone()],
        &["shard 2/3 given twice"],
    );
    refused(
        &[s[0].clone(), other_seed.clone(), s[2].clone()],
        &["not shards of one run", "seed"],
    );
    refused(
        &[s[0].clone(), tmp.path().to_path_buf()],
        &["manifest.json"],
    );
    let bad = run(&sc, &tmp.path().join("x"), &["--shard", "4/3"]);
    assert_eq!(bad.status.code(), Some(2));
    // Shards written by a build whose counters had another layout (format 1: before `draws`)
    // are refused, naming the file and both formats, not merged with a counter read as 0.
    let old = tmp.path().join("old");
    std::fs::create_dir(&old).unwrap();
    for f in ["manifest.json", "counters.parquet"] {
        std::fs::copy(s[1].join(f), old.join(f)).unwrap();
    }
    let manifest = std::fs::read_to_string(old.join("manifest.json")).unwrap();
    let format = manifest
        .lines()
        .find(|l| l.contains("\"format\""))
        .unwrap()
        .to_string();
    let now: String = format.chars().filter(char::is_ascii_digit).collect();
    std::fs::write(
        old.join("manifest.json"),
        manifest.replace(&format, "  \"format\": 1,"),
    )
    .unwrap();
    refused(
        &[s[0].clone(), old, s[2].clone()],
        &[
            "old/manifest.json",
            "format 1",
            &format!("reads format {now}"),
        ],
    );
}

/// `--parquet` writes every table again as Parquet beside its CSV file (that the Parquet file
/// holds the CSV file's columns and values is `report::frames`' unit test, so that this test
/// binary does not link polars).
#[test]
fn parquet_tables_beside_every_csv_file() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let out = tmp.path().join("pq");
    assert!(run(&sc, &out, &["--parquet", "--games", "300"])
        .status
        .success());
    let files = csv_files(&out);
    for f in &files {
        let bytes = std::fs::read(out.join(f.replace(".csv", ".parquet"))).unwrap();
        assert!(bytes.len() > 8, "{f}");
        assert_eq!(&bytes[..4], b"PAR1", "{f}: a Parquet file begins with PAR1");
        assert_eq!(&bytes[bytes.len() - 4..], b"PAR1", "{f}: and ends with it");
    }
    assert!(files.len() >= 12);
}

/// A merge plays each arm's first games again for the report, so its `optimal` players get
/// their tables as the shards' did (it panicked, the table never loaded, before players and
/// names were two types).
#[test]
fn shards_of_an_optimal_player_merge_to_the_single_run() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "name = \"m\"\ngames = 40\nseed = 3\n[[arm]]\nname = \"best\"\nvariant = \"tejon\"\nwhite = \"optimal\"\nrules = { pawns = 1 }\n";
    let sc = write(tmp.path(), "m.toml", text);
    let whole = tmp.path().join("whole");
    assert!(run(&sc, &whole, &["--games-csv", "7"]).status.success());
    let dirs: Vec<PathBuf> = (1..=2).map(|k| shard(&sc, tmp.path(), k, 2, &[])).collect();
    let out = tmp.path().join("merged");
    let o = merge(&dirs, &out);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_same_csv(
        &whole,
        &out,
        "after merging the shards of an optimal player",
    );
}
