//! A real single-node Slurm cluster (`scripts/slurm/local-cluster.sh`, Debian's packages from
//! `scripts/setup.sh`): a 4-shard run of a small scenario submitted through
//! `scripts/slurm/submit.sh` ends with every job COMPLETED and a merged report whose CSV files
//! are byte-identical to a single-machine run's. Needs root; ignored unless `--include-ignored`.

use crate::outputs::*;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

const SCENARIO: &str = r#"
name = "cluster"
title = "On a cluster"
games = 2001
seed = 4

[[arm]]
name = "tejon"
variant = "tejon"

[[arm]]
name = "passage"
variant = "passage"

[tournament]
variant = "tejon"
strategies = ["random", "heuristic"]
games = 60
"#;

/// Stops the cluster when the test ends, passed or failed.
struct Cluster(std::path::PathBuf);

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new("bash").arg(&self.0).arg("stop").output();
    }
}

fn sh(cmd: &mut Command) -> String {
    let o = cmd.output().unwrap();
    assert!(
        o.status.success(),
        "{cmd:?}: {}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// The states of a job (every task of an array job).
fn states(job: &str) -> Vec<String> {
    let text = sh(Command::new("scontrol").args(["show", "job", job]));
    text.split_whitespace()
        .filter_map(|w| w.strip_prefix("JobState="))
        .map(str::to_string)
        .collect()
}

#[test]
#[ignore = "needs root and Slurm: run scripts/setup.sh, then cargo test -- --include-ignored"]
fn a_sharded_run_on_slurm_merges_to_the_single_machine_report() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = root.join("scripts/slurm/local-cluster.sh");
    sh(Command::new("bash").arg(&script).arg("start"));
    let _cluster = Cluster(script);
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "cluster.toml", SCENARIO);
    let out = tmp.path().join("cluster");
    let bin = assert_cmd::cargo::cargo_bin("senet-sim");
    let ids = sh(Command::new("bash")
        .arg(root.join("scripts/slurm/submit.sh"))
        .arg(&sc)
        .args(["--shards", "4", "--out"])
        .arg(&out)
        .arg("--bin")
        .arg(&bin));
    let ids: Vec<&str> = ids.lines().map(|l| l.split(';').next().unwrap()).collect();
    assert_eq!(ids.len(), 2, "{ids:?}");
    let started = Instant::now();
    while !sh(Command::new("squeue").args(["-h", "-j", &ids.join(",")]))
        .trim()
        .is_empty()
    {
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "jobs still queued"
        );
        std::thread::sleep(Duration::from_secs(1));
    }
    let shards = states(ids[0]);
    assert_eq!(shards, ["COMPLETED"; 4], "the four shard jobs");
    assert_eq!(states(ids[1]), ["COMPLETED"], "the merge job");
    let single = tmp.path().join("single");
    assert!(run(&sc, &single, &[]).status.success());
    let n = assert_same_csv(
        &single,
        &out.join("report"),
        "between Slurm and one machine",
    );
    assert!(n >= 12, "{n} CSV files compared");
}
