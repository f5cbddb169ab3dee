//! `senet-sim run` on real scenario files: every output file and column, the charts, the
//! thread-count independence, the statistics against the theory, and the error cases.

use crate::outputs::*;
use std::path::Path;

const SMALL: &str = r#"
name = "small"
title = "A small run"
games = 3000
seed = 7

[[arm]]
name = "fair coins"
variant = "tejon"
device = { kind = "coins" }

[[arm]]
name = "sticks, 70%"
variant = "passage"
device = { kind = "sticks", p_marked = 0.7 }
white = "random"
black = "back"
[arm.rules]
pawns = 5
"#;

#[test]
fn a_run_writes_every_table_chart_and_the_report() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "small.toml", SMALL);
    let out = tmp.path().join("report");
    let o = run(&sc, &out, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));

    let (h, rows) = csv(&out.join("summary.csv"));
    for c in [
        "arm",
        "variant",
        "device",
        "games",
        "white_wins",
        "black_wins",
        "first_mover_wins",
        "unfinished",
        "mean_turns",
        "mean_throws",
    ] {
        column(&h, &rows, c);
    }
    assert_eq!(column(&h, &rows, "arm"), vec!["fair coins", "sticks, 70%"]);
    assert_eq!(column(&h, &rows, "games"), vec!["3000", "3000"]);
    for r in 0..2 {
        let n = |c: &str| column(&h, &rows, c)[r].parse::<u64>().unwrap();
        assert_eq!(n("white_wins") + n("black_wins") + n("unfinished"), 3000);
    }

    let (h, rows) = csv(&out.join("throws.csv"));
    assert_eq!(
        h,
        [
            "arm",
            "value",
            "count",
            "frequency",
            "theory",
            "std_error",
            "z"
        ]
    );
    assert_eq!(column(&h, &rows, "value")[..5], ["1", "2", "3", "4", "6"]);
    assert_eq!(
        column(&h, &rows, "value")[5..],
        ["1", "2", "3", "4", "5"],
        "passage throws 5, not 6"
    );
    let theory: f64 = column(&h, &rows, "theory")[..5]
        .iter()
        .map(|x| x.parse::<f64>().unwrap())
        .sum();
    assert!((theory - 1.0).abs() < 1e-12);

    let (h, rows) = csv(&out.join("lengths.csv"));
    assert_eq!(h, ["arm", "turns", "games"]);
    let finished: u64 = column(&h, &rows, "games")
        .iter()
        .map(|x| x.parse::<u64>().unwrap())
        .sum();
    assert_eq!(finished, 6000);

    for (file, unit) in [
        ("lengths_throws.csv", "throws"),
        ("lengths_moves.csv", "moves"),
    ] {
        let (h, rows) = csv(&out.join(file));
        assert_eq!(h, ["arm", unit, "games"]);
        let n: u64 = column(&h, &rows, "games")
            .iter()
            .map(|x| x.parse::<u64>().unwrap())
            .sum();
        assert_eq!(n, 6000, "{file}");
    }
    let (h, rows) = csv(&out.join("summary.csv"));
    let p5: u32 = column(&h, &rows, "p5_moves")[0].parse().unwrap();
    let p95: u32 = column(&h, &rows, "p95_moves")[0].parse().unwrap();
    let median: u32 = column(&h, &rows, "median_moves")[0].parse().unwrap();
    assert!(p5 <= median && median <= p95);

    let (h, rows) = csv(&out.join("squares.csv"));
    assert_eq!(&h[..3], ["arm", "square", "occupancy"]);
    assert_eq!(rows.len(), 60);
    // Passage with 5 pawns a side: on average at most 10 pawns, so the occupancies sum to <= 10.
    let occ: f64 = column(&h, &rows, "occupancy")[30..]
        .iter()
        .map(|x| x.parse::<f64>().unwrap())
        .sum();
    assert!(occ > 1.0 && occ <= 10.0, "{occ}");

    let charts = [
        "throws-fair-coins",
        "throws-sticks-70",
        "convergence-fair-coins",
        "convergence-sticks-70",
        "lengths",
        "wins",
        "squares",
    ];
    for c in charts {
        let png = std::fs::read(out.join("charts").join(format!("{c}.png"))).unwrap();
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{c}.png");
        let svg = std::fs::read_to_string(out.join("charts").join(format!("{c}.svg"))).unwrap();
        assert!(
            svg.contains("<svg") && svg.trim_end().ends_with("</svg>"),
            "{c}.svg"
        );
    }
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.starts_with("# A small run"));
    for c in charts {
        assert!(
            md.contains(&format!("(charts/{c}.png)")),
            "{c} missing from report.md"
        );
    }
    assert!(md.contains("senet-sim run") && md.contains("--seed 7"));
    let leftovers: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        leftovers.len(),
        2,
        "no temporary folder left: {leftovers:?}"
    );
    // The leftovers of an interrupted run (killed before it could clean up) go on the next run.
    std::fs::create_dir(tmp.path().join(".report.partial-999999")).unwrap();
    assert!(run(&sc, &out, &["--games", "10"]).status.success());
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 2);
}

#[test]
fn one_or_two_threads_give_byte_identical_tables() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "small.toml", SMALL);
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    assert!(run(&sc, &a, &["--threads", "1"]).status.success());
    assert!(run(&sc, &b, &["--threads", "2", "--games", "3000"])
        .status
        .success());
    for f in [
        "summary.csv",
        "throws.csv",
        "lengths.csv",
        "lengths_throws.csv",
        "lengths_moves.csv",
        "squares.csv",
    ] {
        assert_eq!(
            std::fs::read(a.join(f)).unwrap(),
            std::fs::read(b.join(f)).unwrap(),
            "{f}"
        );
    }
}

/// Statistical test, fixed seed: with 20,000 games (about 4 million throws) per arm, every
/// value's frequency lies within 5 standard errors sqrt(p(1-p)/n) of its exact probability.
#[test]
fn throw_frequencies_match_the_theory() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "small.toml", SMALL);
    let out = tmp.path().join("r");
    assert!(run(&sc, &out, &["--games", "20000"]).status.success());
    let (h, rows) = csv(&out.join("throws.csv"));
    for (z, (f, p)) in column(&h, &rows, "z").iter().zip(
        column(&h, &rows, "frequency")
            .iter()
            .zip(column(&h, &rows, "theory")),
    ) {
        let z: f64 = z.parse().unwrap();
        assert!(
            z.abs() <= 5.0,
            "z = {z}: frequency {f} against probability {p}"
        );
    }
}

#[test]
fn bad_scenarios_name_file_key_and_line_and_leave_the_old_report() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("report");
    let good = write(
        tmp.path(),
        "good.toml",
        &SMALL.replace("games = 3000", "games = 200"),
    );
    assert!(run(&good, &out, &[]).status.success());
    let before = std::fs::read(out.join("summary.csv")).unwrap();
    let cases = [
        (SMALL.replace("title =", "titel ="), "bad.toml:3:", "titel"),
        (
            SMALL.replace("games = 3000", "games = \"many\""),
            "bad.toml:4:",
            "invalid type",
        ),
        (
            SMALL.replace("games = 3000", "games = 0"),
            "bad.toml:4:",
            "key 'games'",
        ),
        (
            SMALL.replace("\"passage\"", "\"senat\""),
            "bad.toml:14:",
            "key 'variant': unknown variant 'senat'",
        ),
        (
            SMALL.replace("black = \"back\"", "black = \"genius\""),
            "bad.toml:17:",
            "key 'black': unknown strategy 'genius'",
        ),
        (
            SMALL.replace("p_marked = 0.7", "p_marked = 1.7"),
            "bad.toml:15:",
            "key 'device': p_marked must lie in [0, 1]",
        ),
        (
            SMALL.replace("pawns = 5", "pawns = 12"),
            "bad.toml:",
            "rule option 'pawns'",
        ),
    ];
    for (text, place, what) in cases {
        let bad = write(tmp.path(), "bad.toml", &text);
        let o = run(&bad, &out, &[]);
        assert_eq!(o.status.code(), Some(2), "{what}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(
            err.contains(place) && err.contains(what),
            "wanted {place} {what}, got: {err}"
        );
        assert_eq!(
            std::fs::read(out.join("summary.csv")).unwrap(),
            before,
            "the old report is untouched"
        );
    }
    let missing = senet()
        .args(["run", "no-such.toml", "--quiet"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8(missing.stderr)
        .unwrap()
        .contains("no-such.toml"));
}

#[test]
fn shipped_scenarios_are_valid() {
    let tmp = tempfile::tempdir().unwrap();
    // Few games: this checks that every shipped file is valid and runs to its report.
    for (s, games) in [
        ("coins-vs-sticks", "50"),
        ("variants", "50"),
        ("first-player", "50"),
        ("strategies", "2"),
        ("skill-by-variant", "50"),
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(format!("{s}.toml"));
        let out = tmp.path().join(s);
        let o = run(&path, &out, &["--games", games]);
        assert!(
            o.status.success(),
            "{s}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(out.join("report.md").exists());
    }
}
