//! Rule sets scored at the end (`end = "all-out"`, Ludii's Bell): draws in the tables and in
//! `play`, and nowhere else.

use assert_cmd::Command;
use serde_json::Value;

fn senet() -> Command {
    Command::cargo_bin("senet-sim").unwrap()
}

/// The rows of a CSV file written with commas, by header name (no field here holds a comma).
fn rows(path: &std::path::Path) -> Vec<std::collections::BTreeMap<String, String>> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|l| {
            (header.iter())
                .zip(l.split(','))
                .map(|(h, v)| (h.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

#[test]
fn draws_are_counted_where_a_game_is_scored_and_nowhere_else() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("bell.toml");
    std::fs::write(
        &scenario,
        r#"name = "bell"
title = "Bell against tejon"
games = 3000
seed = 5

[[arm]]
name = "bell"
variant = "ludii-bell"

[[arm]]
name = "tejon"
variant = "tejon"

[[tournament]]
name = "bell"
variant = "ludii-bell"
strategies = ["heuristic", "random"]
games = 400
"#,
    )
    .unwrap();
    let out = dir.path().join("out");
    senet()
        .args([
            "run",
            scenario.to_str().unwrap(),
            "--quiet",
            "--csv",
            "rfc4180",
        ])
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    let n =
        |r: &std::collections::BTreeMap<String, String>, k: &str| -> u64 { r[k].parse().unwrap() };
    let summary = rows(&out.join("summary.csv"));
    for r in &summary {
        // Every game is a win, a draw or unfinished; only Bell draws.
        let sum = n(r, "white_wins") + n(r, "black_wins") + n(r, "draws") + n(r, "unfinished");
        assert_eq!(sum, n(r, "games"), "{}", r["arm"]);
    }
    assert!(n(&summary[0], "draws") > 0, "Bell draws");
    assert_eq!(n(&summary[1], "draws"), 0, "tejon never draws");
    let tournament = rows(&out.join("tournament.csv"));
    let draws: u64 = tournament.iter().map(|r| n(r, "draws")).sum();
    assert!(draws > 0);
    let columns = std::fs::read_to_string(out.join("columns.csv")).unwrap();
    assert!(columns.contains("summary.csv,draws,") && columns.contains("tournament.csv,draws,"));
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(report.contains("is played until both sides are out"));
}

#[test]
fn play_reports_the_score_and_a_draw() {
    let mut draw = None;
    for seed in 1..200u64 {
        let out = senet()
            .args(["play", "--variant", "ludii-bell", "--json", "--seed"])
            .arg(seed.to_string())
            .output()
            .unwrap();
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        let last: Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        let off: Vec<u64> = serde_json::from_value(last["borne_off"].clone()).unwrap();
        // Twenty pawns: each borne off or removed by a hit.
        assert_eq!(off[0] + off[1] + last["captures"].as_u64().unwrap(), 20);
        match last["result"].as_str().unwrap() {
            "draw" => {
                assert_eq!(off[0], off[1]);
                assert!(last["winner"].is_null());
                draw = Some(seed);
                break;
            }
            "finished" => {
                let w = if off[0] > off[1] { "white" } else { "black" };
                assert_eq!(last["winner"], w, "seed {seed}");
            }
            other => panic!("seed {seed}: {other}"),
        }
    }
    let seed = draw.expect("a draw among 200 games").to_string();
    let out = senet()
        .args(["play", "--variant", "ludii-bell", "--seed", &seed])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("winner: none (a draw)"), "{text}");
    // The other variants' lines keep their fields.
    let out = senet()
        .args(["play", "--variant", "tejon", "--seed", "1", "--json"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.lines().last().unwrap().contains("borne_off"));
}
