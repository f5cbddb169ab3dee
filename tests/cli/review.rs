//! `senet-sim review` through the real binary: a seeded game replayed with a solved table.

use crate::outputs::*;

/// Runs `review` with `args` into a fresh folder; returns (status, stdout, stderr, review.csv).
fn review(args: &[&str]) -> (i32, String, String, String) {
    reviewed("review", args)
}

/// Runs `command` (`review`, or `play` with `--review`) with `args` into a fresh folder.
fn reviewed(command: &str, args: &[&str]) -> (i32, String, String, String) {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let o = senet()
        .arg(command)
        .args(args)
        .args(["--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let csv = std::fs::read_to_string(out.join("review.csv")).unwrap_or_default();
    if o.status.success() {
        for chart in ["review.png", "review.svg"] {
            assert!(out.join(chart).is_file(), "{chart} written");
        }
    }
    (
        o.status.code().unwrap_or(-1),
        text(&o.stdout),
        text(&o.stderr),
        csv,
    )
}

/// The rows of review.csv as (side, white_chance, loss).
fn rows(csv: &str) -> Vec<(String, f64, Option<f64>)> {
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap().trim_start_matches('\u{feff}'),
        "throw,side,value,move,white_chance,best_move,loss"
    );
    lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let n = f.len();
            (
                f[1].to_string(),
                f[n - 3].parse().unwrap(),
                f[n - 1].parse().ok(),
            )
        })
        .collect()
}

#[test]
fn a_reviewed_game_ends_at_certainty_and_grades_every_choice() {
    let (code, stdout, stderr, csv) = review(&[
        "--variant",
        "tejon",
        "--pawns",
        "2",
        "--seed",
        "3",
        "--white",
        "heuristic",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let rows = rows(&csv);
    let printed = stdout
        .lines()
        .filter(|l| l.contains("white's chance"))
        .count();
    assert_eq!(
        printed,
        rows.len(),
        "one printed line per row of review.csv"
    );
    let winner = stdout
        .lines()
        .find_map(|l| l.strip_prefix("winner: "))
        .unwrap();
    let last = rows.last().unwrap().1;
    // After the last throw the game is over: white's chance is exactly 1 or 0.
    assert_eq!(
        last,
        if winner.starts_with("white") {
            1.0
        } else {
            0.0
        }
    );
    for (_, chance, loss) in &rows {
        assert!((0.0..=1.0).contains(chance), "a chance: {chance}");
        assert!(
            loss.is_none_or(|x| x >= 0.0),
            "no move beats the best: {loss:?}"
        );
    }
    assert!(
        rows.iter().any(|r| r.2.is_some()),
        "some throw offered a choice"
    );
}

#[test]
fn the_optimal_player_never_loses_a_chance() {
    let (code, _, stderr, csv) = review(&[
        "--variant",
        "kendall",
        "--pawns",
        "2",
        "--seed",
        "5",
        "--white",
        "optimal",
        "--black",
        "random",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let rows = rows(&csv);
    let white: Vec<f64> = rows
        .iter()
        .filter(|r| r.0 == "white")
        .filter_map(|r| r.2)
        .collect();
    assert!(!white.is_empty(), "white had choices");
    // The table's own choice is the best move: its loss is rounding only (f32 values).
    assert!(white.iter().all(|&x| x < 1e-6), "optimal lost {white:?}");
}

#[test]
fn review_speaks_french_and_refuses_bad_pawns() {
    let (code, stdout, stderr, csv) =
        review(&["--variant", "tejon", "--pawns", "1", "--lang", "fr"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("chance des blancs") && stdout.contains("vainqueur : "),
        "{stdout}"
    );
    assert!(
        csv.starts_with("\u{feff}throw;side;"),
        "a French CSV: {csv}"
    );
    let (code, _, stderr, _) = review(&["--pawns", "0"]);
    assert_eq!(code, 2, "bad input");
    assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
    assert!(stderr.contains("--pawns"), "{stderr}");
}

#[test]
fn play_review_is_the_review_of_the_same_game() {
    let game = ["--variant", "tejon", "--seed", "3", "--white", "heuristic"];
    let (code, stdout, stderr, csv) = review(&[&game[..], &["--pawns", "2"]].concat());
    assert_eq!(code, 0, "{stderr}");
    let (code, played, stderr, played_csv) = reviewed(
        "play",
        &[&game[..], &["--set", "pawns=2", "--review"]].concat(),
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(!csv.is_empty() && played_csv == csv, "the same review.csv");
    // The same graded lines; only the folder printed last (a fresh one each) differs.
    let body = |s: &str| {
        s.lines()
            .filter(|l| !l.ends_with("review.png"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(body(&played), body(&stdout));
    // --table without --review is refused.
    let o = senet()
        .args(["play", "--table", "x.senet"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}
