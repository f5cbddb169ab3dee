//! A real single-node Slurm cluster (`scripts/slurm/local-cluster.sh`, Debian's packages from
//! `scripts/setup.sh`): a 4-shard run of a small scenario submitted through
//! `scripts/slurm/submit.sh` ends with every job COMPLETED and a merged report whose CSV files
//! are byte-identical to a single-machine run's. The cluster is private (its own folder,
//! munge key and socket, ports): a Slurm already running on the machine (here a second private
//! cluster standing in for it) still answers afterwards, with its daemons alive, and
//! `/etc/slurm` is left as it was. Needs root; ignored unless `--include-ignored`.

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

/// A private cluster in its folder, stopped when the test ends, passed or failed.
struct Cluster {
    script: std::path::PathBuf,
    dir: std::path::PathBuf,
}

impl Cluster {
    fn start(dir: &Path) -> Cluster {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/slurm/local-cluster.sh");
        sh(Command::new("bash").arg(&script).arg("start").arg(dir));
        Cluster {
            script,
            dir: dir.to_path_buf(),
        }
    }

    /// A Slurm command aimed at this cluster.
    fn command(&self, program: &str) -> Command {
        let mut c = Command::new(program);
        c.env("SLURM_CONF", self.dir.join("slurm.conf"));
        c
    }

    /// The PIDs of its daemons.
    fn pids(&self) -> Vec<String> {
        ["slurmctld.pid", "slurmd.pid", "munge/munged.pid"]
            .iter()
            .map(|f| {
                std::fs::read_to_string(self.dir.join(f))
                    .unwrap()
                    .trim()
                    .to_string()
            })
            .collect()
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new("bash")
            .arg(&self.script)
            .arg("stop")
            .arg(&self.dir)
            .output();
    }
}

/// What a file holds, or that it is absent.
fn contents(path: &str) -> Option<Vec<u8>> {
    std::fs::read(path).ok()
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
fn states(cluster: &Cluster, job: &str) -> Vec<String> {
    let text = sh(cluster.command("scontrol").args(["show", "job", job]));
    text.split_whitespace()
        .filter_map(|w| w.strip_prefix("JobState="))
        .map(str::to_string)
        .collect()
}

#[test]
#[ignore = "needs root and Slurm: run scripts/setup.sh, then cargo test -- --include-ignored"]
fn a_sharded_run_on_slurm_merges_to_the_single_machine_report() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let etc = contents("/etc/slurm/slurm.conf");
    let tmp = tempfile::tempdir().unwrap();
    // The machine's own Slurm, already running (a private cluster stands in for it).
    let machine = Cluster::start(&tmp.path().join("machine-slurm"));
    let machine_pids = machine.pids();
    let cluster = Cluster::start(&tmp.path().join("test-slurm"));
    let sc = write(tmp.path(), "cluster.toml", SCENARIO);
    let out = tmp.path().join("cluster");
    let bin = assert_cmd::cargo::cargo_bin("senet-sim");
    let ids = sh(cluster
        .command("bash")
        .arg(root.join("scripts/slurm/submit.sh"))
        .arg(&sc)
        .args(["--shards", "4", "--out"])
        .arg(&out)
        .arg("--bin")
        .arg(&bin));
    let ids: Vec<&str> = ids.lines().map(|l| l.split(';').next().unwrap()).collect();
    assert_eq!(ids.len(), 2, "{ids:?}");
    let started = Instant::now();
    while !sh(cluster.command("squeue").args(["-h", "-j", &ids.join(",")]))
        .trim()
        .is_empty()
    {
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "jobs still queued"
        );
        std::thread::sleep(Duration::from_secs(1));
    }
    let shards = states(&cluster, ids[0]);
    assert_eq!(shards, ["COMPLETED"; 4], "the four shard jobs");
    assert_eq!(states(&cluster, ids[1]), ["COMPLETED"], "the merge job");
    // The test's cluster stops; the machine's still answers, with the same daemons.
    drop(cluster);
    let state = sh(machine.command("sinfo").args(["-h", "-o", "%t"]));
    assert_eq!(state.trim(), "idle", "the machine's Slurm answers");
    for pid in &machine_pids {
        assert!(
            Path::new(&format!("/proc/{pid}")).exists(),
            "daemon {pid} alive"
        );
    }
    assert_eq!(machine.pids(), machine_pids);
    assert_eq!(
        contents("/etc/slurm/slurm.conf"),
        etc,
        "/etc/slurm untouched"
    );
    let single = tmp.path().join("single");
    assert!(run(&sc, &single, &[]).status.success());
    let n = assert_same_csv(
        &single,
        &out.join("report"),
        "between Slurm and one machine",
    );
    assert!(n >= 12, "{n} CSV files compared");
}
