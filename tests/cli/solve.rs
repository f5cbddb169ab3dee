//! `senet-sim solve` and the strategy `optimal` through the real binary.

use crate::outputs::*;

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
        "state_metrics.csv",
        "critical.csv",
        "report.md",
    ] {
        assert!(out.join(f).is_file(), "{f}");
    }
    // Ludii's state metrics: seven a kind of play (the code's four, the docstrings' three), over the same 40 seeded games; with one
    // pawn a side there is never a choice, so optimal and random play are the same games.
    let (header, rows) = csv(&out.join("state_metrics.csv"));
    assert_eq!(
        header,
        ["play", "metric", "value", "standard_error", "games"]
    );
    assert_eq!(rows.len(), 14);
    for (optimal, random) in rows[..7].iter().zip(&rows[7..]) {
        assert_eq!(
            (optimal[0].as_str(), random[0].as_str()),
            ("optimal", "random")
        );
        assert_eq!(optimal[1..], random[1..]);
        assert_eq!(optimal[4], "40");
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
    // The record a paper cites: the game's hash is rules.toml's, the judged games' seed the
    // default, and report.md names the program and its commit.
    let rules = std::fs::read_to_string(out.join("rules.toml")).unwrap();
    assert_eq!(
        column(&header, &rows, "rules_hash")[0],
        senet_simulation::input::rulefile::hash(&rules)
    );
    assert_eq!(column(&header, &rows, "seed")[0], "2019");
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.contains("Written by senet-sim 0.1.0, commit "), "{md}");
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
    // The rating is the mean loss × 1,000 (XG's PR, 500 × the equity), interval and all.
    for (rating, loss) in [("rating", "mean_loss"), ("rating_lo95", "mean_loss_lo95")] {
        for (r, l) in column(&header, &rows, rating)
            .iter()
            .zip(column(&header, &rows, loss))
        {
            let (r, l): (f64, f64) = (r.parse().unwrap(), l.parse().unwrap());
            assert!((r - 1000.0 * l).abs() <= 1e-9 * r.abs().max(1.0), "{r} {l}");
        }
    }
    // The saved table plays: `optimal:FILE` in a game of the same size.
    let table = format!("optimal:{}", out.join("table.senet").display());
    let (code, stdout, stderr) = senet_run(&[
        "play", "--set", "pawns=1", "--white", &table, "--black", "optimal", "--seed", "3",
    ]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("winner: "), "{stdout}");
}

#[test]
#[ignore = "slow (27 s in a debug build): cargo test -- --include-ignored"]
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
    let cases: [(&[&str], &str); 5] = [
        (
            &["solve", "--pawns", "2", "--save-every=-1"],
            "--save-every -1",
        ),
        (
            &["solve", "--pawns", "5"],
            "--pawns 5: the solver handles 1 to 4",
        ),
        (&["solve", "--pawns", "0"], "--pawns 0"),
        (&["play", "--white", "optimal"], "at most 4 pawns a side"),
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

#[test]
fn a_saved_table_is_a_fixed_point_of_one_update_step() {
    // Lesson 5's committed table (tejon, 2 pawns a side): one update step at every position
    // changes no value by more than the step of an f32 below 1.
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let exact = root.join("reports/lesson/lecon-5-partie-resolue/exact");
    let (code, stdout, stderr) = senet_run(&["solve", "--verify", exact.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("189660 positions (2 pawns a side)") && stdout.contains(": ok ("),
        "{stdout}"
    );
    // The same table with one value moved by 1e-4 (the last position's, stored last) is not
    // a solved table: exit status 1, the file and the position named.
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("table.senet");
    let mut bytes = std::fs::read(exact.join("table.senet")).unwrap();
    let at = bytes.len() - 4;
    let v = f32::from_le_bytes(bytes[at..].try_into().unwrap());
    bytes[at..].copy_from_slice(&(v + 1e-4).to_le_bytes());
    std::fs::write(&file, bytes).unwrap();
    let (code, stdout, stderr) = senet_run(&["solve", "--verify", file.to_str().unwrap()]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.contains("NOT a solved table"), "{stdout}");
    assert!(
        stderr.contains("table.senet") && stderr.contains("position 189659"),
        "{stderr}"
    );
    // --verify reads a table: not a solve's options.
    let (code, _, stderr) = senet_run(&["solve", "--verify", "x", "--pawns", "2"]);
    assert_eq!(code, 2, "{stderr}");
}

/// `solve --plan` prints each group's positions and memory, the full game's 5 pawns too, and
/// solves nothing: run where the default folder would be, it leaves the folder empty.
#[test]
fn plan_counts_the_groups_and_writes_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let o = senet()
        .current_dir(tmp.path())
        .args(["solve", "--variant", "tejon", "--pawns", "5", "--plan"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{stdout}");
    assert!(stdout.starts_with("tejon, 5 pawns a side: 12511485660 positions in 9 groups"));
    // The largest group: 7.57 billion positions, 60.6 GB of f64, 14.4 GB of the group above
    // and 15.1 GB of order (an offset of 2 bytes a position): 90.1 GB to sweep.
    let row = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("0 "))
        .unwrap();
    let cells: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(
        cells[..10],
        [
            "0",
            "7571343780",
            "60.6",
            "GB",
            "14.4",
            "GB",
            "15.1",
            "GB",
            "90.1",
            "GB"
        ]
    );
    assert!(
        stdout.contains("numbers the whole game up to 4 pawns a side"),
        "{stdout}"
    );
    assert!(stdout.contains("here from 2 pawns borne off"), "{stdout}");
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 0);
    // 4 pawns: what today's solver holds, every value in f64 and 10,000 MB of outcomes.
    let (code, stdout, _) = senet_run(&["solve", "--variant", "tejon", "--pawns", "4", "--plan"]);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("at most --memory of outcomes: 15.2 GB at its peak"),
        "{stdout}"
    );
    let (code, _, stderr) = senet_run(&["solve", "--variant", "tejon", "--pawns", "8", "--plan"]);
    assert_eq!(code, 2);
    assert_eq!(
        stderr,
        "senet-sim: error: --pawns 8: a plan counts 1 to 7 pawns a side\n"
    );
}

/// `solve` of tejon with 2 pawns a side (20 judged games a strategy) by `method` into `out`,
/// with `extra` arguments.
fn solve_tejon_two(out: &std::path::Path, method: &str, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec![
        "solve",
        "--variant",
        "tejon",
        "--pawns",
        "2",
        "--games",
        "20",
        "--method",
        method,
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    senet_run(&args)
}

/// The names in a folder, sorted.
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut saved: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    saved.sort();
    saved
}

/// Both plays swept together (the default): a stop saves both, between groups and part-way,
/// and the same command resumes both, to the same table and solution.csv byte for byte.
#[test]
#[ignore = "slow (63 s in a debug build): cargo test -- --include-ignored"]
fn a_solve_of_both_plays_together_stopped_midway_resumes_both() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = |name: &str| tmp.path().join(name);
    let solve = |out: &str, extra: &[&str]| solve_tejon_two(&dir(out), "layered", extra);
    let (code, _, stderr) = solve("whole", &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("swept together"), "{stderr}");
    let (code, _, stderr) = solve("apart", &["--apart"]);
    assert_eq!(code, 0, "{stderr}");
    let file = |d: &str, f: &str| std::fs::read(dir(d).join(f)).unwrap();
    for f in ["table.senet", "solution.csv", "losses.csv"] {
        assert!(file("whole", f) == file("apart", f), "{f}: the same bytes");
    }
    // Both plays' groups of 2 pawns borne off settle at the same sweep: two groups heard.
    let (code, _, stderr) = solve("groups", &["--stop-after-groups", "2"]);
    assert_ne!(code, 0, "{stderr}");
    let both = [
        "game.txt",
        "optimal-2.f64",
        "optimal-2.group",
        "random-2.f64",
        "random-2.group",
    ];
    assert_eq!(names(&dir("groups.checkpoint")), both);
    let (code, _, stderr) = solve("groups", &[]);
    assert_eq!(code, 0, "{stderr}");
    for play in ["optimal play, read", "random play, read"] {
        assert!(stderr.contains(play), "{play}: {stderr}");
    }
    // Killed part-way through the group of 2: the 40th sweep heard is random play's 20th,
    // after optimal play's; both are saved.
    let (code, _, stderr) = solve("part", &["--stop-after-sweeps", "40"]);
    assert_ne!(code, 0, "{stderr}");
    let parts = ["game.txt", "optimal-2.part", "random-2.part"];
    assert_eq!(names(&dir("part.checkpoint")), parts);
    let (code, _, stderr) = solve("part", &[]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stderr.matches("2 pawns borne off after 20 sweeps").count(),
        2,
        "{stderr}"
    );
    for d in ["groups", "part"] {
        assert!(!dir(&format!("{d}.checkpoint")).exists());
        for f in ["table.senet", "solution.csv"] {
            assert!(file("whole", f) == file(d, f), "{d} {f}: the same bytes");
        }
    }
}

/// Random play after optimal play (`--apart`): stopped between groups and part-way, resumed.
#[test]
#[ignore = "slow (45 s in a debug build): cargo test -- --include-ignored"]
fn a_layered_solve_stopped_midway_resumes_from_its_checkpoint() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = |name: &str| tmp.path().join(name);
    let solve = |out: &str, extra: &[&str]| {
        solve_tejon_two(&dir(out), "layered", &[&["--apart"], extra].concat())
    };
    let (code, _, stderr) = solve("whole", &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        !dir("whole.checkpoint").exists(),
        "the checkpoint goes once the table is written"
    );
    // Killed after two of the three groups (2 and 1 pawns borne off).
    let (code, _, stderr) = solve("resumed", &["--stop-after-groups", "2"]);
    assert_ne!(code, 0, "{stderr}");
    assert!(stderr.contains("resumes"), "{stderr}");
    let mut saved: Vec<String> = std::fs::read_dir(dir("resumed.checkpoint"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    saved.sort();
    assert_eq!(
        saved,
        [
            "game.txt",
            "optimal-1.f64",
            "optimal-1.group",
            "optimal-2.f64",
            "optimal-2.group"
        ]
    );
    assert!(!dir("resumed").exists(), "nothing written before the end");
    let (code, _, stderr) = solve("resumed", &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stderr.contains("the groups of [2, 1] pawns borne off"),
        "{stderr}"
    );
    assert!(!dir("resumed.checkpoint").exists());
    let table = |d: &str| std::fs::read(dir(d).join("table.senet")).unwrap();
    assert!(
        table("whole") == table("resumed"),
        "the same table, byte for byte"
    );
    // Killed in the middle of a group: 29 sweeps settle nothing in the group of 2 pawns borne
    // off (its 30th settles it), so the 58th is the 29th of the group of 1.
    let (code, _, stderr) = solve("part", &["--stop-after-sweeps", "58"]);
    assert_ne!(code, 0, "{stderr}");
    let mut saved: Vec<String> = std::fs::read_dir(dir("part.checkpoint"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    saved.sort();
    assert_eq!(
        saved,
        [
            "game.txt",
            "optimal-1.part",
            "optimal-2.f64",
            "optimal-2.group"
        ]
    );
    // Resumed, and killed again ten sweeps later: the part-way file moves on.
    let (code, _, stderr) = solve("part", &["--stop-after-sweeps", "10"]);
    assert_ne!(code, 0, "{stderr}");
    assert!(
        stderr.contains("the groups of [2] pawns borne off, and 1 pawns borne off after 29 sweeps"),
        "{stderr}"
    );
    let (code, _, stderr) = solve("part", &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("after 39 sweeps"), "{stderr}");
    assert!(!dir("part.checkpoint").exists());
    assert!(
        table("whole") == table("part"),
        "the same table, byte for byte"
    );
    let csv = |d: &str| std::fs::read_to_string(dir(d).join("solution.csv")).unwrap();
    assert_eq!(csv("whole"), csv("part"), "the same sweeps and values");
}

#[test]
fn four_pawns_are_refused_by_the_graph_solver() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("big");
    let (code, _, stderr) = senet_run(&[
        "solve",
        "--variant",
        "tejon",
        "--out",
        out.to_str().unwrap(),
        "--pawns",
        "4",
        "--method",
        "graph",
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--method layered"), "{stderr}");
    assert!(
        std::fs::read_dir(tmp.path()).unwrap().next().is_none(),
        "nothing written"
    );
}

#[test]
fn bench_times_one_group_of_the_layered_solve() {
    let group_0 = |more: &[&str]| {
        let head = ["bench", "--solve-group", "0", "--pawns", "2"];
        senet_run(&[&head[..], more].concat())
    };
    let (code, stdout, stderr) = group_0(&["--sweeps", "2"]);
    assert_eq!(code, 0, "{stderr}");
    // tejon with 2 pawns: 189,660 positions, 164,430 with no pawn borne off (docs/solving.md).
    assert!(
        stdout.contains("(189660 positions): group of 0 pawns borne off, 164430 positions"),
        "{stdout}"
    );
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("sweep ")).count(),
        2,
        "{stdout}"
    );
    // Every outcome of the group kept within the default 380 MB, and room to move its values.
    assert!(
        stdout.contains("kept for 164430 positions") && stdout.contains("swept in sweep order"),
        "{stdout}"
    );
    let (code, stdout, stderr) = group_0(&["--sweeps", "1", "--memory", "0"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("swept in index order"), "{stdout}");
    // Both plays swept together, as `solve` sweeps them: two tables, one line a sweep.
    let (code, stdout, stderr) = group_0(&["--sweeps", "2", "--both-plays"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("random play swept together"), "{stdout}");
    let sweeps = stdout.lines().filter(|l| l.starts_with("sweep "));
    assert_eq!(sweeps.count(), 2, "{stdout}");
    let (code, _, stderr) = senet_run(&["bench", "--solve-group", "3", "--pawns", "2"]);
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("groups of 0 to 2 pawns borne off"),
        "{stderr}"
    );
}

/// `--optimal-only` skips random play: the same table, byte for byte, and the same judged games
/// as the whole solve, `first_mover_random` left empty, and report.md saying why (both methods).
#[test]
#[ignore = "slow (85 s in a debug build): cargo test -- --include-ignored"]
fn optimal_only_skips_random_play_and_keeps_the_table() {
    let tmp = tempfile::tempdir().unwrap();
    for method in ["graph", "layered"] {
        let solve = |name: &str, extra: &[&str]| {
            let out = tmp.path().join(format!("{method}-{name}"));
            let (code, _, stderr) = solve_tejon_two(&out, method, extra);
            assert_eq!(code, 0, "{stderr}");
            out
        };
        let (whole, only) = (solve("whole", &[]), solve("only", &["--optimal-only"]));
        let read = |d: &std::path::Path, f: &str| std::fs::read(d.join(f)).unwrap();
        assert!(read(&whole, "table.senet") == read(&only, "table.senet"));
        assert_eq!(read(&whole, "losses.csv"), read(&only, "losses.csv"));
        let (header, rows) = csv(&only.join("solution.csv"));
        assert_eq!(column(&header, &rows, "first_mover_random"), [""]);
        let (wh, wr) = csv(&whole.join("solution.csv"));
        assert_eq!(
            column(&header, &rows, "first_mover_optimal"),
            column(&wh, &wr, "first_mover_optimal")
        );
        assert!(!column(&wh, &wr, "first_mover_random")[0].is_empty());
        let md = String::from_utf8(read(&only, "report.md")).unwrap();
        assert!(md.contains("not computed (`--optimal-only`)"), "{md}");
        // The whole command: the seed and the folder too.
        assert!(
            md.contains("--games 20 --seed 2019 --optimal-only --out "),
            "the command in {md}"
        );
        if method == "layered" {
            // The optimal values stay; without the flag, the same command adds random play to
            // them and writes what the whole solve wrote.
            let kept = tmp.path().join("layered-only.checkpoint");
            assert!(kept.join("optimal-0.f64").is_file());
            let (code, _, stderr) = solve_tejon_two(&only, "layered", &[]);
            assert_eq!(code, 0, "{stderr}");
            assert!(stderr.contains("the groups of [2, 1, 0]"), "{stderr}");
            assert!(!kept.exists(), "the checkpoint goes once both are written");
            for f in ["table.senet", "solution.csv", "losses.csv"] {
                assert!(read(&whole, f) == read(&only, f), "{f}");
            }
        }
    }
}

#[test]
fn bench_parses_a_scenario_with_optimal_players_without_solving() {
    // Lesson 5: both sides `optimal` in its first arm (random in the second); a parse only reads.
    let (code, stdout, stderr) =
        senet_run(&["bench", "--parse", "scenarios/lesson/5-solved-game.toml"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("2 arms, 0 tournaments, 2 optimal players (no table solved or read)"),
        "{stdout}"
    );
    let (code, _, stderr) = senet_run(&["bench", "--parse", "scenarios/no-such.toml"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("no-such.toml"), "{stderr}");
}

#[test]
fn a_judged_td_network_is_named_by_the_hash_of_its_weights() {
    // A td player is a network, not only a strategy's name: the solve's report names the
    // weights it judged by their hash, as sha256sum prints it.
    let tmp = tempfile::tempdir().unwrap();
    let weights = tmp.path().join("t2.td");
    let w = weights.to_str().unwrap();
    let (code, _, stderr) = senet_run(&[
        "train",
        "--variant",
        "tejon",
        "--set",
        "pawns=2",
        "--games",
        "200",
        "--quiet",
        "--out",
        w,
    ]);
    assert_eq!(code, 0, "{stderr}");
    let out = tmp.path().join("s");
    let td = format!("td:{w}");
    let (code, _, stderr) = senet_run(&[
        "solve",
        "--variant",
        "tejon",
        "--pawns",
        "2",
        "--strategies",
        &td,
        "--games",
        "10",
        "--optimal-only",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    let hash = senet_simulation::input::rulefile::hash(&std::fs::read_to_string(&weights).unwrap());
    assert!(
        md.contains(&format!("Networks judged: `{td}` {hash}.")),
        "{md}"
    );
}

#[test]
fn a_td_player_without_a_network_is_refused_before_the_solve() {
    // No network ships for kendall with 3 pawns: the solve (minutes) must not run first and
    // then fail with nothing written.
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("k3");
    let (code, _, stderr) = senet_run(&[
        "solve",
        "--variant",
        "kendall",
        "--pawns",
        "3",
        "--strategies",
        "expectimax:1,td",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("--strategies td: 'td': no network ships"),
        "{stderr}"
    );
    assert!(
        stderr.contains("senet-sim train --variant kendall --set 'pawns=3'"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("solving kendall"),
        "refused before solving: {stderr}"
    );
    assert!(!out.exists());
}

/// `moves --table` is an analysis board: a position given on the command line, each move's
/// exact chance of winning from a solved table, the same as `solve`'s own critical.csv says.
#[test]
fn moves_with_a_table_value_each_move_as_the_solve_did() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("tejon-2");
    let (code, _, stderr) = solve_tejon_two(&out, "graph", &["--optimal-only"]);
    assert_eq!(code, 0, "{stderr}");
    let table = out.join("table.senet");
    let (header, rows) = csv(&out.join("critical.csv"));
    let field =
        |row: &[String], name: &str| row[header.iter().position(|h| h == name).unwrap()].clone();
    assert!(rows.len() >= 5);
    for row in &rows {
        let squares = |side: &str| field(row, side).replace(' ', ",");
        let (white, black) = (squares("white"), squares("black"));
        let (code, stdout, stderr) = senet_run(&[
            "moves",
            "--variant",
            "tejon",
            "--set",
            "pawns=2",
            "--white",
            &white,
            "--black",
            &black,
            "--to-move",
            &field(row, "to_move"),
            "--throw",
            &field(row, "throw"),
            "--table",
            table.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{stderr}");
        assert!(
            stdout.contains("before the throw: chance of winning 0."),
            "{stdout}"
        );
        for (mv, value) in [("best_move", "best_value"), ("worst_move", "worst_value")] {
            let v: f64 = field(row, value).parse().unwrap();
            let line = (stdout.lines())
                .find(|l| l.trim_start().starts_with(&format!("{} ", field(row, mv))))
                .unwrap_or_else(|| panic!("{stdout}"));
            assert!(line.contains(&format!("chance {v:.4}")), "{line} for {v}");
        }
        let best = field(row, "best_move");
        assert!(
            stdout
                .lines()
                .any(|l| l.contains(&best) && l.ends_with("best")),
            "{stdout}"
        );
    }
    // A table of another game is refused, naming the file.
    let (code, _, stderr) = senet_run(&[
        "moves",
        "--variant",
        "tejon",
        "--white",
        "24",
        "--black",
        "26,30",
        "--to-move",
        "black",
        "--throw",
        "1",
        "--table",
        table.to_str().unwrap(),
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("a table of another game"), "{stderr}");
}

/// The score against `optimal` adjusted for luck (gnubg's luck-adjusted result) is unbiased
/// and needs far fewer games: over 40,000 games of 2-pawn tejon it agrees with the plain score
/// within 3 standard errors of their difference, and its variance is at least 5 times lower.
#[test]
fn the_luck_adjusted_score_is_the_score_with_less_variance() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("tejon-2");
    let (code, _, stderr) = senet_run(&[
        "solve",
        "--variant",
        "tejon",
        "--pawns",
        "2",
        "--optimal-only",
        "--strategies",
        "front,random",
        "--games",
        "40000",
        "--out",
        out.join("more").to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let (header, rows) = csv(&out.join("more").join("losses.csv"));
    let get = |row: &[String], name: &str| -> f64 {
        row[header.iter().position(|h| h == name).unwrap()]
            .parse()
            .unwrap()
    };
    for row in &rows {
        let (score, adjusted) = (get(row, "score"), get(row, "luck_adjusted"));
        let se = |lo: &str, hi: &str| (get(row, hi) - get(row, lo)) / (2.0 * 1.959964);
        let (se_s, se_a) = (
            se("score_lo95", "score_hi95"),
            se("luck_adjusted_lo95", "luck_adjusted_hi95"),
        );
        assert!(
            (score - adjusted).abs() < 3.0 * (se_s * se_s + se_a * se_a).sqrt(),
            "{}: {score} against {adjusted}",
            row[0]
        );
        let ratio = get(row, "variance_ratio");
        assert!(ratio > 5.0, "{}: {ratio}", row[0]);
        assert!(((se_s / se_a).powi(2) - ratio).abs() < 0.01 * ratio);
        // Wins over games is the plain score (tejon has no draw).
        assert!((get(row, "wins") / get(row, "games") - score).abs() < 1e-6);
    }
}
