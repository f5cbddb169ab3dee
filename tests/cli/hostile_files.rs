//! Hostile and careless files (issue 83), second part: solved tables and shards whose numbers
//! are not what a solve or a run wrote are refused where they enter, a merge never writes over
//! its own shards, and a report keeps the scenario that ran, however the file changes after.

use crate::outputs::*;
use std::path::{Path, PathBuf};

/// A solved table's parts: the bytes up to the header, the header's text, the values.
fn table_parts(file: &Path) -> (Vec<u8>, String, Vec<u8>) {
    let bytes = std::fs::read(file).unwrap();
    let len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let header = String::from_utf8(bytes[16..16 + len].to_vec()).unwrap();
    (bytes[..12].to_vec(), header, bytes[16 + len..].to_vec())
}

/// Writes a table file of these parts.
fn write_table(file: &Path, (head, header, values): (&[u8], &str, &[u8])) {
    let mut b = head.to_vec();
    b.extend((header.len() as u32).to_le_bytes());
    b.extend(header.as_bytes());
    b.extend(values);
    std::fs::write(file, b).unwrap();
}

#[test]
fn a_table_a_solve_did_not_write_is_refused_by_verify_and_by_players() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("t");
    let (code, _, err) = senet_run(&[
        "solve",
        "--variant",
        "tejon",
        "--pawns",
        "1",
        "--games",
        "40",
        "--quiet",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (head, header, values) = table_parts(&dir.join("table.senet"));
    assert!(header.contains("throws = [[1,"), "{header}");
    let file = |name: &str| tmp.path().join(name);
    // A throw value the rules cannot give, and probabilities that are not a distribution:
    // --verify says so in one line (it panicked on the first).
    let cases = [
        (
            "value.senet",
            header.replace("throws = [[1,", "throws = [[9,"),
            "9 is not a throw value of these rules",
        ),
        (
            "toml.senet",
            header.replace("throws = [[1,", "throws = [[1"),
            "header line",
        ),
        (
            "twice.senet",
            header.replace("throws = [[1,", "throws = [[2,"),
            "2 is given twice",
        ),
    ];
    for (name, h, says) in &cases {
        write_table(&file(name), (&head, h, &values));
        let (code, _, err) = senet_run(&["solve", "--verify", file(name).to_str().unwrap()]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains(name) && err.contains(says), "{err}");
        assert!(!err.contains("panicked"), "{err}");
        assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    }
    // NaN and 2.0 are not chances: refused, naming the position.
    for (name, v) in [("nan.senet", f32::NAN), ("two.senet", 2.0)] {
        let mut vals = values.clone();
        vals[4..8].copy_from_slice(&v.to_le_bytes());
        write_table(&file(name), (&head, &header, &vals));
        let (code, _, err) = senet_run(&["solve", "--verify", file(name).to_str().unwrap()]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("position 1 has the value"), "{err}");
        let rv = tmp.path().join("rv");
        let (code, _, err) = senet_run(&[
            "review",
            "--pawns",
            "1",
            "--table",
            file(name).to_str().unwrap(),
            "--out",
            rv.to_str().unwrap(),
        ]);
        assert_eq!(code, 2, "{err}");
        assert!(!err.contains("NaN%") && !err.contains("200%"), "{err}");
    }
    // A table of zeros reads as numbers but is no solve: an `optimal` player refuses it.
    let zeros = file("zeros.senet");
    write_table(&zeros, (&head, &header, &vec![0; values.len()]));
    let white = format!("optimal:{}", zeros.display());
    let (code, _, err) = senet_run(&["play", "--set", "pawns=1", "--white", &white]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("not a solved table"), "{err}");
}

const SHARDED: &str = r#"
name = "sharded"
games = 40
seed = 5

[[arm]]
name = "coins"
variant = "tejon"
"#;

/// Shard `k` of 2 of `sc` in `dir/sK`.
fn shard(sc: &Path, dir: &Path, k: u64) -> PathBuf {
    let out = dir.join(format!("s{k}"));
    let o = run(sc, &out, &["--shard", &format!("{k}/2")]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    out
}

fn merge(shards: &[&Path], out: &Path) -> (i32, String) {
    let o = senet()
        .arg("merge")
        .args(shards)
        .arg("--out")
        .arg(out)
        .arg("--quiet")
        .output()
        .unwrap();
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn a_merge_never_writes_over_its_shards_nor_sums_a_changed_one() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SHARDED);
    let (one, two) = (shard(&sc, tmp.path(), 1), shard(&sc, tmp.path(), 2));
    let before = std::fs::read(one.join("counters.parquet")).unwrap();
    // --out is one of the shards: refused, the shard as it was.
    let (code, err) = merge(&[&one, &two], &one);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("which a merge reads and never writes"),
        "{err}"
    );
    assert_eq!(std::fs::read(one.join("counters.parquet")).unwrap(), before);
    assert!(one.join("manifest.json").is_file());
    // A manifest whose games are not its shard's.
    let manifest = two.join("manifest.json");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(
        &manifest,
        text.replace("\"games_played\": 20", "\"games_played\": 30"),
    )
    .unwrap();
    let (code, err) = merge(&[&one, &two], &tmp.path().join("m"));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("its manifest says 30 games"), "{err}");
    std::fs::write(&manifest, &text).unwrap();
    // A counters file changed by one byte: refused before Parquet reads it.
    let counters = two.join("counters.parquet");
    let mut bytes = std::fs::read(&counters).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x55;
    std::fs::write(&counters, bytes).unwrap();
    let (code, err) = merge(&[&one, &two], &tmp.path().join("m"));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("not the counters its manifest was written with"),
        "{err}"
    );
    assert!(!tmp.path().join("m").exists());
}

/// `run SC --quiet --out OUT` started in the background, once its staging folder exists (its
/// games then being played: a million take seconds).
fn running(sc: &Path, out: &Path) -> std::process::Child {
    let child = std::process::Command::new(assert_cmd::cargo::cargo_bin("senet-sim"))
        .args(["run", sc.to_str().unwrap(), "--quiet", "--out"])
        .arg(out)
        .spawn()
        .unwrap();
    let (parent, name) = (
        out.parent().unwrap(),
        out.file_name().unwrap().to_str().unwrap(),
    );
    let staging = format!(".{name}.partial-{}", child.id());
    for _ in 0..200 {
        if parent.join(&staging).is_dir() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(parent.join(&staging).is_dir(), "no {staging}");
    child
}

#[test]
fn the_report_keeps_the_scenario_that_ran_though_the_file_changes() {
    let tmp = tempfile::tempdir().unwrap();
    let text = SHARDED.replace("games = 40", "games = 1000000");
    let sc = write(tmp.path(), "s.toml", &text);
    let out = tmp.path().join("r");
    let child = running(&sc, &out);
    // Changed, then removed, while the games are played.
    std::fs::write(&sc, "name = \"other\"\n").unwrap();
    std::fs::remove_file(&sc).unwrap();
    let o = child.wait_with_output().unwrap();
    assert!(o.status.success());
    assert_eq!(
        std::fs::read_to_string(out.join("scenario.toml")).unwrap(),
        text
    );
}

#[test]
#[ignore = "slow (12 s in a debug build): cargo test -- --include-ignored"]
fn a_file_added_to_the_out_folder_during_a_run_is_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(
        tmp.path(),
        "s.toml",
        &SHARDED.replace("games = 40", "games = 1000000"),
    );
    // An empty folder, then a new one: both are checked at the start, the file comes after.
    for out in [tmp.path().join("empty"), tmp.path().join("new")] {
        if out.ends_with("empty") {
            std::fs::create_dir(&out).unwrap();
        }
        let child = running(&sc, &out);
        std::fs::create_dir_all(out.join("charts")).unwrap();
        std::fs::write(out.join("notes.txt"), "my notes").unwrap();
        std::fs::write(out.join("charts/mine.svg"), "<svg/>").unwrap();
        let o = child.wait_with_output().unwrap();
        assert!(o.status.success());
        assert_eq!(
            std::fs::read_to_string(out.join("notes.txt")).unwrap(),
            "my notes"
        );
        assert_eq!(
            std::fs::read_to_string(out.join("charts/mine.svg")).unwrap(),
            "<svg/>"
        );
        assert!(out.join("report.md").is_file());
    }
}

#[test]
fn an_older_marker_is_upgraded_without_losing_a_byte_and_links_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SHARDED);
    let out = tmp.path().join("r");
    assert!(run(&sc, &out, &[]).status.success());
    // The marker as a build before manifests wrote it: one line. The user edits summary.csv
    // and puts a file of theirs among the charts and the rule files.
    let marker = out.join(".senet-sim-report");
    let first = std::fs::read_to_string(&marker).unwrap();
    std::fs::write(&marker, first.lines().next().unwrap().to_string() + "\n").unwrap();
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    std::fs::write(out.join("summary.csv"), summary.clone() + "my row\n").unwrap();
    std::fs::write(out.join("charts/mine.png"), "png").unwrap();
    std::fs::write(out.join("rules/mine.toml"), "# mine").unwrap();
    let o = run(&sc, &out, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        std::fs::read_to_string(out.join("summary.csv")).unwrap(),
        summary
    );
    assert_eq!(
        std::fs::read_to_string(out.join("summary.modifie.csv")).unwrap(),
        summary + "my row\n"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("charts/mine.png")).unwrap(),
        "png"
    );
    assert_eq!(
        std::fs::read_to_string(out.join("rules/mine.toml")).unwrap(),
        "# mine"
    );
    // The upgraded marker lists the files written, with their digests.
    assert!(std::fs::read_to_string(&marker)
        .unwrap()
        .contains("summary.csv\t"));
    // A symbolic link as --out: refused, the link and its folder as they were.
    let link = tmp.path().join("link");
    std::os::unix::fs::symlink(&out, &link).unwrap();
    let o = run(&sc, &link, &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("is a symbolic link"), "{err}");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(out.join("charts/mine.png").is_file());
}
