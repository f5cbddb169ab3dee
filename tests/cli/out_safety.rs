//! `--out` replaces only what senet-sim wrote: a missing folder, an empty one or an earlier
//! report (it holds the `.senet-sim-report` marker); anything else is refused with exit 2 and
//! one line, and the user's files stay.

use crate::outputs::*;
use std::path::Path;

const SCENARIO: &str = r#"
name = "safe"
games = 50
seed = 3

[[arm]]
name = "coins"
variant = "tejon"
"#;

/// A folder of the user's: a notes file and a sub-folder with a file.
fn users_folder(dir: &Path) {
    std::fs::create_dir_all(dir.join("photos")).unwrap();
    std::fs::write(dir.join("notes.txt"), "my lesson notes").unwrap();
    std::fs::write(dir.join("photos/a.txt"), "a").unwrap();
}

fn assert_refused(o: &std::process::Output, folder: &str) {
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&format!("--out {folder}")), "{err}");
}

fn assert_untouched(dir: &Path) {
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "my lesson notes"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("photos/a.txt")).unwrap(),
        "a"
    );
    assert!(!dir.join("report.md").exists());
}

#[test]
fn a_folder_of_the_users_is_refused_and_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let docs = tmp.path().join("Documents");
    users_folder(&docs);
    let o = run(&sc, &docs, &[]);
    assert_refused(&o, &docs.display().to_string());
    assert!(String::from_utf8_lossy(&o.stderr).contains("new or empty folder"));
    assert_untouched(&docs);
}

#[test]
fn the_current_folder_is_refused_and_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let here = tmp.path().join("here");
    users_folder(&here);
    let abs = here.display().to_string();
    for out in [".", abs.as_str()] {
        let o = senet()
            .current_dir(&here)
            .args(["run", sc.to_str().unwrap(), "--quiet", "--out", out])
            .output()
            .unwrap();
        assert_refused(&o, out);
        assert_untouched(&here);
    }
    // Even empty, the folder one is working in is not replaced.
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    let o = senet()
        .current_dir(&empty)
        .args(["run", sc.to_str().unwrap(), "--quiet", "--out", "."])
        .output()
        .unwrap();
    assert_refused(&o, ".");
}

#[test]
fn an_empty_folder_or_an_earlier_report_is_written() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let out = tmp.path().join("report");
    std::fs::create_dir(&out).unwrap();
    assert!(run(&sc, &out, &[]).status.success(), "an empty folder");
    assert!(out.join(".senet-sim-report").is_file() && out.join("report.md").is_file());
    let first = std::fs::read(out.join("summary.csv")).unwrap();
    let again = run(&sc, &out, &["--seed", "4"]);
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert_ne!(
        std::fs::read(out.join("summary.csv")).unwrap(),
        first,
        "replaced"
    );
}

/// A report written before the marker existed (report.md and only files a run writes) is still
/// an earlier report; one file of the user's among them makes it the user's folder.
#[test]
fn a_report_without_the_marker_is_replaced_only_if_it_holds_nothing_else() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let out = tmp.path().join("old");
    assert!(run(&sc, &out, &[]).status.success());
    // A report from before the marker had no marker, no scenario.toml and no provenance.json
    // (both came later; a scenario.toml beside a report.md may well be the user's).
    let make_old = |out: &std::path::Path| {
        for f in [".senet-sim-report", "scenario.toml", "provenance.json"] {
            std::fs::remove_file(out.join(f)).unwrap();
        }
    };
    make_old(&out);
    assert!(run(&sc, &out, &[]).status.success(), "an earlier report");
    make_old(&out);
    std::fs::write(out.join("notes.txt"), "mine").unwrap();
    assert_refused(&run(&sc, &out, &[]), &out.display().to_string());
    assert_eq!(
        std::fs::read_to_string(out.join("notes.txt")).unwrap(),
        "mine"
    );
}

/// Numbers on the command line take `_` as scenario files do; a total of games that does not
/// fit in 64 bits is refused before anything is played (it used to wrap around silently).
#[test]
fn game_counts_take_underscores_and_never_overflow() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let out = tmp.path().join("r");
    let o = run(&sc, &out, &["--games", "1_000", "--seed", "2_019"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.contains("seed 2019"), "{md}");
    let variants = Path::new("scenarios/variants.toml");
    let huge = run(
        variants,
        &tmp.path().join("h"),
        &["--games", "4_000_000_000_000_000_000"],
    );
    assert_eq!(huge.status.code(), Some(2));
    let err = String::from_utf8_lossy(&huge.stderr);
    assert!(
        err.contains("add up to more than") && err.lines().count() == 1,
        "{err}"
    );
    assert!(!tmp.path().join("h").exists());
    for bad in ["1__0", "_1", "1_", "x"] {
        let o = run(&sc, &out, &["--games", bad]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
    }
}

/// Ctrl-C (SIGINT) or SIGTERM during a run: the workers stop, the partial folder is removed,
/// one line says the earlier report is untouched, and the exit status is 130.
#[test]
fn an_interrupted_run_leaves_the_earlier_report_and_no_partial_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let out = tmp.path().join("r");
    assert!(run(&sc, &out, &[]).status.success());
    let before = std::fs::read(out.join("summary.csv")).unwrap();
    for signal in ["-INT", "-TERM"] {
        let child = spawn_run(&sc, &out, "500_000_000", true);
        std::thread::sleep(std::time::Duration::from_millis(1500));
        let killed = std::process::Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let o = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(130), "{signal}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains("earlier report") && err.contains("untouched"),
            "{err}"
        );
        assert_eq!(std::fs::read(out.join("summary.csv")).unwrap(), before);
        let left: Vec<_> = std::fs::read_dir(tmp.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("partial"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
}

/// A run that would last more than an hour says so a few seconds in, in days and hours.
#[test]
fn a_very_long_run_is_announced_with_its_duration() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let child = spawn_run(&sc, &tmp.path().join("long"), "100_000_000_000", false);
    std::thread::sleep(std::time::Duration::from_millis(3800));
    let id = child.id().to_string();
    assert!(std::process::Command::new("kill")
        .args(["-INT", &id])
        .status()
        .unwrap()
        .success());
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    let warning = err
        .lines()
        .find(|l| l.contains("warning"))
        .unwrap_or_default();
    assert!(
        warning.contains("100000000000 games") && warning.contains(" d "),
        "{err}"
    );
    assert!(!tmp.path().join("long").exists());
}

/// `senet-sim run SCENARIO --games GAMES --out OUT` started in the background, stderr piped.
fn spawn_run(sc: &Path, out: &Path, games: &str, quiet: bool) -> std::process::Child {
    std::process::Command::new(assert_cmd::cargo::cargo_bin("senet-sim"))
        .args(["run", sc.to_str().unwrap(), "--games", games])
        .args(quiet.then_some("--quiet"))
        .arg("--out")
        .arg(out)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// Unmounts the test's tmpfs, even when an assertion fails.
struct Mount(std::path::PathBuf);

impl Mount {
    /// A tmpfs of `size` mounted on the new folder `disk`; `None` (said) where mounting needs
    /// a root this test does not have.
    fn tmpfs(disk: &Path, size: &str) -> Option<Mount> {
        std::fs::create_dir(disk).unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(disk)
            .output();
        if !mounted.as_ref().is_ok_and(|o| o.status.success()) {
            eprintln!("skipped: cannot mount a tmpfs here (needs root): {mounted:?}");
            return None;
        }
        Some(Mount(disk.to_path_buf()))
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

/// A full disk mid-report, for real: a 1.6 MB tmpfs holds one report (1.1 MB) but not a second
/// beside it. The second run exits 1 naming the file it could not write, leaves no partial
/// folder, and the earlier report stays whole. Needs root to mount (CI runs as root); skipped
/// with a printed reason otherwise.
#[test]
fn a_full_disk_leaves_the_earlier_report_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let disk = tmp.path().join("disk");
    let Some(_mount) = Mount::tmpfs(&disk, "1600k") else {
        return;
    };
    let out = disk.join("r");
    let first = run(&sc, &out, &[]);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    let before = std::fs::read(out.join("summary.csv")).unwrap();
    let second = run(&sc, &out, &["--seed", "9"]);
    let err = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let names_a_file = err.contains("writing ") || err.contains(disk.to_str().unwrap());
    assert!(err.contains("No space left") && names_a_file, "{err}");
    assert_eq!(std::fs::read(out.join("summary.csv")).unwrap(), before);
    assert!(out.join("report.html").is_file() && out.join(".senet-sim-report").is_file());
    let names: Vec<_> = std::fs::read_dir(&disk)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec!["r".to_string()], "no partial folder");
}

/// A disk full before the run starts: the run exits 1 in one line naming the marker with its
/// path, and leaves neither its lock file nor its partial folder. Needs root to mount.
#[test]
fn a_disk_full_from_the_start_leaves_nothing_behind() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let disk = tmp.path().join("disk");
    let Some(_mount) = Mount::tmpfs(&disk, "64k") else {
        return;
    };
    // Filled to the last byte by a file of the user's.
    let filled = std::process::Command::new("dd")
        .args(["if=/dev/zero", "bs=4k", "count=100"])
        .arg(format!("of={}", disk.join("big").display()))
        .output()
        .unwrap();
    assert!(!filled.status.success(), "the disk should fill");
    let o = run(&sc, &disk.join("r"), &[]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains(".senet-sim-report") && err.contains(disk.to_str().unwrap()),
        "{err}"
    );
    let names: Vec<_> = std::fs::read_dir(&disk)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, vec!["big".to_string()], "nothing left behind");
}

/// A run killed outright (SIGKILL) cannot clean up; the next run of the same report removes its
/// hidden partial folder.
#[test]
fn a_killed_runs_leftovers_are_removed_by_the_next_run() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let out = tmp.path().join("r");
    let mut child = spawn_run(&sc, &out, "500_000_000", true);
    std::thread::sleep(std::time::Duration::from_millis(800));
    child.kill().unwrap();
    child.wait().unwrap();
    let partial = |dir: &Path| {
        std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().contains(".partial-"))
            .count()
    };
    assert_eq!(partial(tmp.path()), 1, "the killed run's folder is left");
    assert!(run(&sc, &out, &[]).status.success());
    assert_eq!(partial(tmp.path()), 0);
}

/// The user's notes and sub-folder, as `users_folder` wrote them.
fn assert_kept(dir: &Path) {
    assert_eq!(
        std::fs::read_to_string(dir.join("notes.txt")).unwrap(),
        "my lesson notes"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("photos/a.txt")).unwrap(),
        "a"
    );
}

/// Runs the scenario into `out` with the fault point `fault` set.
fn run_with_fault(sc: &Path, out: &Path, fault: &str) -> std::process::Output {
    senet()
        .env("SENET_SIM_FAULT", fault)
        .arg("run")
        .arg(sc)
        .arg("--out")
        .arg(out)
        .arg("--quiet")
        .output()
        .unwrap()
}

#[test]
fn a_rerun_keeps_the_files_it_did_not_write() {
    // Before, the report's own command, run into its folder, deleted the teacher's notes and
    // the rfc4180/ folder without a word. The marker now lists what the run wrote, and
    // everything else moves into the new report.
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let out = tmp.path().join("report");
    assert!(run(&sc, &out, &["--games-csv", "3"]).status.success());
    let marker = std::fs::read_to_string(out.join(".senet-sim-report")).unwrap();
    let listed = |f: &str| marker.lines().any(|l| l.split('\t').next() == Some(f));
    assert!(
        listed("summary.csv") && listed("charts/board.svg"),
        "{marker}"
    );
    users_folder(&out);
    let again = run(&sc, &out, &[]);
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert_kept(&out);
    // games.csv was the first run's, and this run writes none: it goes.
    assert!(!out.join("games.csv").exists());
    assert!(out.join("summary.csv").exists());
    // Kept once, the user's files stay the user's at the next run too.
    assert!(run(&sc, &out, &[]).status.success());
    assert_kept(&out);
    // A file of the user's with the name of one this run writes: refused, nothing changed.
    std::fs::write(out.join("games.csv"), "my own table").unwrap();
    let before = std::fs::read(out.join("summary.csv")).unwrap();
    let clash = run(&sc, &out, &["--games-csv", "3", "--seed", "9"]);
    assert_refused(&clash, &out.display().to_string());
    assert!(String::from_utf8_lossy(&clash.stderr).contains("games.csv"));
    assert_eq!(
        std::fs::read_to_string(out.join("games.csv")).unwrap(),
        "my own table"
    );
    assert_eq!(std::fs::read(out.join("summary.csv")).unwrap(), before);
    assert_kept(&out);
}

#[test]
fn a_run_killed_while_it_moves_the_users_files_loses_none() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let out = tmp.path().join("report");
    assert!(run(&sc, &out, &[]).status.success());
    users_folder(&out);
    // Killed after the first of the user's files moved into the new report's staging folder.
    let killed = run_with_fault(&sc, &out, "abort-while-keeping");
    assert!(!killed.status.success());
    // The next run puts it back, then carries every one over.
    assert!(run(&sc, &out, &[]).status.success());
    assert_kept(&out);
    let leftovers: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_rerun_keeps_a_file_the_user_changed_since_the_run_wrote_it() {
    // Before, a teacher's edits to summary.csv were overwritten by the next run without a word.
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", SCENARIO);
    let out = tmp.path().join("report");
    assert!(run(&sc, &out, &["--games-csv", "3"]).status.success());
    let first = std::fs::read(out.join("summary.csv")).unwrap();
    std::fs::write(out.join("summary.csv"), "arm,my own column\ncoins,42\n").unwrap();
    std::fs::write(out.join("games.csv"), "my sorted games").unwrap();
    // Unchanged files are replaced as before.
    let again = run(&sc, &out, &[]);
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(again.status.success(), "{err}");
    assert!(
        err.contains(
            "summary.csv was changed since senet-sim wrote it: kept as summary.modifie.csv"
        ),
        "{err}"
    );
    // The teacher's version beside the new one; the new one is the run's.
    assert_eq!(
        std::fs::read_to_string(out.join("summary.modifie.csv")).unwrap(),
        "arm,my own column\ncoins,42\n"
    );
    assert_eq!(std::fs::read(out.join("summary.csv")).unwrap(), first);
    // A changed file the new run does not write stays under its name.
    assert_eq!(
        std::fs::read_to_string(out.join("games.csv")).unwrap(),
        "my sorted games"
    );
    // Both are the user's now: a third run keeps them and says nothing of an edit.
    std::fs::write(out.join("summary.csv"), "edited again").unwrap();
    let third = run(&sc, &out, &[]);
    assert!(third.status.success());
    assert!(String::from_utf8_lossy(&third.stderr).contains("kept as summary.modifie-2.csv"));
    assert!(out.join("summary.modifie.csv").exists() && out.join("games.csv").exists());
}
