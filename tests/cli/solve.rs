//! `senet-sim solve` and the strategy `optimal` through the real binary.

use crate::outputs::*;

/// Runs the binary; returns (status code, stdout, stderr).
fn senet_run(args: &[&str]) -> (i32, String, String) {
    let o = senet().args(args).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        o.status.code().unwrap_or(-1),
        text(&o.stdout),
        text(&o.stderr),
    )
}

#[test]
fn solve_writes_the_table_and_its_figures() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("tejon-1");
    let dir = out.to_str().unwrap();
    let (code, stdout, stderr) = senet_run(&[
        "solve",
        "--variant",
        "tejon",
        "--pawns",
        "1",
        "--games",
        "40",
        "--quiet",
        "--out",
        dir,
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.is_empty(), "--quiet prints nothing: {stdout}");
    for f in [
        "table.senet",
        "solution.csv",
        "losses.csv",
        "critical.csv",
        "report.md",
    ] {
        assert!(out.join(f).is_file(), "{f}");
    }
    let (header, rows) = csv(&out.join("solution.csv"));
    let value = |name: &str| column(&header, &rows, name)[0].parse::<f64>().unwrap();
    // One pawn a side in tejon: every throw has at most one move, so optimal play is random
    // play, and the two exact values are the same number.
    assert!((value("first_mover_optimal") - value("first_mover_random")).abs() < 1e-9);
    assert_eq!(
        value("positions"),
        870.0,
        "30 · 29 boards, the side to move as \"me\""
    );
    let (header, rows) = csv(&out.join("losses.csv"));
    assert_eq!(
        column(&header, &rows, "strategy"),
        [
            "random",
            "front",
            "back",
            "heuristic",
            "expectimax:1",
            "expectimax:2"
        ]
    );
    assert!(column(&header, &rows, "decisions")
        .iter()
        .all(|d| *d == "0"));
    // The saved table plays: `optimal:FILE` in a game of the same size.
    let table = format!("optimal:{}", out.join("table.senet").display());
    let (code, stdout, stderr) = senet_run(&[
        "play", "--set", "pawns=1", "--white", &table, "--black", "optimal", "--seed", "3",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("winner: "), "{stdout}");
}

#[test]
fn two_pawns_give_choices_and_optimal_loses_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("tejon-2");
    let dir = out.to_str().unwrap();
    let (code, _, stderr) = senet_run(&[
        "solve",
        "--variant",
        "tejon",
        "--pawns",
        "2",
        "--games",
        "200",
        "--strategies",
        "random,optimal,heuristic",
        "--out",
        dir,
        "--quiet",
    ]);
    assert_eq!(code, 0, "{stderr}");
    let (header, rows) = csv(&out.join("losses.csv"));
    let of = |name: &str| {
        column(&header, &rows, name)
            .iter()
            .map(|v| v.parse::<f64>().unwrap())
            .collect::<Vec<_>>()
    };
    let (decisions, worse, loss) = (of("decisions"), of("worse"), of("mean_loss"));
    assert!(decisions.iter().all(|&d| d > 100.0), "{decisions:?}");
    assert_eq!(
        (worse[1], loss[1]),
        (0.0, 0.0),
        "optimal never chooses a worse move"
    );
    assert!(
        loss[0] > loss[2] && loss[2] > 0.0,
        "random loses more than heuristic: {loss:?}"
    );
    let (header, rows) = csv(&out.join("critical.csv"));
    assert_eq!(rows.len(), 6);
    let gap: Vec<f64> = (0..rows.len())
        .map(|i| {
            column(&header, &rows, "best_value")[i]
                .parse::<f64>()
                .unwrap()
                - column(&header, &rows, "worst_value")[i]
                    .parse::<f64>()
                    .unwrap()
        })
        .collect();
    assert!(
        gap.windows(2).all(|w| w[0] >= w[1]),
        "largest gap first: {gap:?}"
    );
    assert!(out.join("critical.png").is_file() && out.join("critical.svg").is_file());
}

#[test]
fn bad_solve_and_optimal_input_is_one_line_with_status_2() {
    let cases: [(&[&str], &str); 4] = [
        (
            &["solve", "--pawns", "4"],
            "--pawns 4: the solver handles 1 to 3",
        ),
        (&["solve", "--pawns", "0"], "--pawns 0"),
        (&["play", "--white", "optimal"], "at most 3 pawns a side"),
        (
            &[
                "play",
                "--set",
                "pawns=2",
                "--white",
                "optimal:no/such.senet",
            ],
            "no/such.senet",
        ),
    ];
    for (args, want) in cases {
        let (code, _, stderr) = senet_run(args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(want), "{args:?}: {stderr}");
    }
}
