//! Hostile and careless input (issue 83): files that are not ours are never replaced, text in
//! names stays text, numbers and resources are checked where they enter. Every path here is in
//! a temporary folder.

use crate::outputs::*;
use std::path::Path;

/// `play --record PATH`: one game of one pawn a side.
fn record(path: &Path) -> (i32, String) {
    let (code, _, err) = senet_run(&[
        "play",
        "--set",
        "pawns=1",
        "--record",
        path.to_str().unwrap(),
    ]);
    (code, err)
}

#[test]
fn a_record_never_replaces_what_is_not_a_record() {
    let tmp = tempfile::tempdir().unwrap();
    // A user's essay stays, and the refusal names it.
    let essay = write(tmp.path(), "essay.txt", "essay\n");
    let (code, err) = record(&essay);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("essay.txt") && err.contains("not a file senet-sim wrote"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&essay).unwrap(), "essay\n");
    // A symbolic link stays a link, its target untouched.
    let link = tmp.path().join("link.txt");
    std::os::unix::fs::symlink(&essay, &link).unwrap();
    let (code, err) = record(&link);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("symbolic link"), "{err}");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    // A FIFO stays a FIFO (made with mkfifo, as a user would).
    let fifo = tmp.path().join("fifo");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let (code, err) = record(&fifo);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    // Our own record is replaced by the next one; no temporary file is left.
    let game = tmp.path().join("game.txt");
    assert_eq!(record(&game).0, 0);
    assert_eq!(record(&game).0, 0);
    assert!(std::fs::read_to_string(&game)
        .unwrap()
        .starts_with("# senet-sim game record 1"));
    let left: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 4, "{left:?}");
}

/// A one-arm scenario of `games` games named `arm`, titled `title`, in `dir`.
fn scenario(dir: &Path, title: &str, arms: &[&str], games: &str) -> std::path::PathBuf {
    let mut text = format!("name = \"h\"\ntitle = {title:?}\ngames = {games}\nseed = 1\n");
    for arm in arms {
        text += &format!("\n[[arm]]\nname = {arm:?}\nvariant = \"tejon\"\n");
    }
    write(dir, "s.toml", &text)
}

#[test]
fn names_are_text_in_the_report_and_images_come_from_its_own_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let outside = write(
        tmp.path(),
        "secret.svg",
        "<svg><text>private words</text></svg>",
    );
    let title = "<script>document.title='owned'</script> title";
    let arm = format!(
        "<img src=\"charts/../../{}\"> a",
        outside.file_name().unwrap().to_str().unwrap()
    );
    let s = scenario(
        tmp.path(),
        title,
        &[&arm, "![x](http://example.com/x.png) b"],
        "20",
    );
    let out = tmp.path().join("o");
    let o = run(&s, &out, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(!html.contains("<script"), "a name's script is text: {html}");
    assert!(
        html.contains("&lt;script&gt;"),
        "the title is shown as written"
    );
    assert!(
        !html.contains("private words"),
        "no file outside the report is read"
    );
    assert!(
        !html.contains("<img"),
        "no image but the report's charts, inlined"
    );
    assert!(
        !html.contains("src=\"http") && !html.contains("href=\"http"),
        "nothing from outside"
    );
}

#[test]
fn names_that_would_share_files_or_be_formulas_are_refused_before_any_game() {
    let tmp = tempfile::tempdir().unwrap();
    for (arms, says) in [
        (
            vec!["Bâtonnets 40", "batonnets-40"],
            "would write the same files",
        ),
        (
            vec!["=HYPERLINK(\"x\")"],
            "a spreadsheet would read a formula",
        ),
    ] {
        let s = scenario(tmp.path(), "t", &arms, "20");
        let out = tmp.path().join("o");
        let o = run(&s, &out, &[]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(says) && err.lines().count() == 1, "{err}");
        assert!(!out.exists());
    }
    let long = "a".repeat(300);
    let s = scenario(tmp.path(), "t", &[&long], "20");
    let err = String::from_utf8_lossy(&run(&s, &tmp.path().join("o"), &[]).stderr).into_owned();
    assert!(err.contains("at most 100 characters"), "{err}");
    // Games past what a run can play are refused with the bound, before any game.
    let s = scenario(tmp.path(), "t", &["a"], "9223372036854775807");
    let o = run(&s, &tmp.path().join("o"), &[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("more than 1000000000000"));
    // A thousand arms: refused before any game, with the bound.
    let names: Vec<String> = (0..1000).map(|i| format!("a{i}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let s = scenario(tmp.path(), "t", &names, "20");
    let o = run(&s, &tmp.path().join("o"), &[]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("1000 arms and tournaments: at most 64"),
        "{err}"
    );
    assert!(!tmp.path().join("o").exists());
}

#[test]
fn threads_nan_and_endless_files_are_refused_where_they_enter() {
    let tmp = tempfile::tempdir().unwrap();
    let s = scenario(tmp.path(), "t", &["a"], "20");
    for threads in ["100000", "18446744073709551615", "0"] {
        let o = run(&s, &tmp.path().join("o"), &["--threads", threads]);
        assert_eq!(o.status.code(), Some(2), "--threads {threads}");
        assert!(!tmp.path().join("o").exists());
    }
    for alpha in ["NaN", "inf", "1e300"] {
        let out = tmp.path().join("w.td");
        let (code, _, err) = senet_run(&[
            "train",
            "--set",
            "pawns=1",
            "--games",
            "1",
            "--alpha",
            alpha,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 2, "--alpha {alpha}: {err}");
        assert!(!out.exists());
    }
    // --games 0 on a missing file: nothing to train, said so (not "already holds 0 games").
    let out = tmp.path().join("none.td");
    let (code, _, err) = senet_run(&[
        "train",
        "--set",
        "pawns=1",
        "--games",
        "0",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--games 0: nothing to train"), "{err}");
    assert!(!out.exists());
    // /dev/zero as a scenario or a rule file: refused at the size limit, not read forever.
    let (code, _, err) = senet_run(&[
        "run",
        "/dev/zero",
        "--out",
        tmp.path().join("z").to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("larger than 16 MB"), "{err}");
    let (code, _, err) = senet_run(&["play", "--rules", "/dev/zero"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("larger than 16 MB"), "{err}");
}

#[test]
#[ignore = "needs Chromium: run scripts/setup.sh, then cargo test -- --include-ignored"]
fn a_hostile_report_runs_no_script_and_reads_no_file_in_headless_chromium() {
    // The same hostile names, the report opened as a teacher opens it: the title's script
    // would rename the page and the arm's image would show a file from outside the report.
    let tmp = tempfile::tempdir().unwrap();
    write(
        tmp.path(),
        "secret.svg",
        "<svg><text>private words</text></svg>",
    );
    let title = "<script>document.title='owned'</script> title";
    let s = scenario(
        tmp.path(),
        title,
        &["<img src=\"charts/../../secret.svg\"> a"],
        "20",
    );
    let out = tmp.path().join("o");
    assert!(run(&s, &out, &[]).status.success());
    let o = std::process::Command::new("chromium")
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"])
        .args(["--no-first-run", "--proxy-server=127.0.0.1:9"])
        .arg(format!(
            "--user-data-dir={}",
            tmp.path().join("profile").display()
        ))
        .arg(format!("file://{}", out.join("report.html").display()))
        .output()
        .expect("chromium");
    let dom = String::from_utf8_lossy(&o.stdout);
    assert!(dom.contains("</html>"), "{dom}");
    assert!(
        !dom.contains("owned</title>") && !dom.contains("<title>owned"),
        "{dom}"
    );
    assert!(dom.contains("&lt;script&gt;document.title"), "{dom}");
    assert!(
        !dom.contains("private words") && !dom.contains("<img"),
        "{dom}"
    );
}
