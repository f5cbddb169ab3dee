//! Tournaments through the binary: the files and columns, thread-count independence, errors.

use crate::outputs::*;

const TOURNAMENT: &str = r#"
name = "cup"
seed = 11

[tournament]
variant = "tejon"
strategies = ["random", "back", "heuristic", "expectimax:1"]
games = 60
"#;

#[test]
fn a_tournament_writes_its_tables_heat_map_and_report_section() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "cup.toml", TOURNAMENT);
    let out = tmp.path().join("out");
    let o = run(&sc, &out, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));

    let (h, rows) = csv(&out.join("tournament.csv"));
    for c in [
        "white",
        "black",
        "games",
        "white_wins",
        "black_wins",
        "unfinished",
        "row_win_rate",
        "row_low95",
        "row_high95",
    ] {
        column(&h, &rows, c);
    }
    // 4 strategies: 6 pairings, each in two seatings of 30 games.
    assert_eq!(rows.len(), 12);
    let num = |c: &str| -> Vec<f64> {
        column(&h, &rows, c)
            .iter()
            .map(|x| x.parse().unwrap())
            .collect()
    };
    let (games, ww, bw, un) = (
        num("games"),
        num("white_wins"),
        num("black_wins"),
        num("unfinished"),
    );
    for i in 0..rows.len() {
        assert_eq!(games[i], 30.0);
        assert_eq!(ww[i] + bw[i] + un[i], games[i]);
    }
    // Row strategy's rate over its pairing: the two seatings of a pairing give complementary
    // rates (no unfinished games in tejon at this length).
    let rate = num("row_win_rate");
    for pair in rate.chunks(2) {
        assert!((pair[0] + pair[1] - 1.0).abs() < 1e-9, "{pair:?}");
    }
    let (lo, hi) = (num("row_low95"), num("row_high95"));
    assert!((0..rows.len()).all(|i| lo[i] <= rate[i] && rate[i] <= hi[i]));

    let (rh, ranking) = csv(&out.join("ranking.csv"));
    assert_eq!(ranking.len(), 4);
    let names = column(&rh, &ranking, "strategy");
    let elo = column(&rh, &ranking, "elo");
    let random = names.iter().position(|n| *n == "random").unwrap();
    assert_eq!(
        elo[random].parse::<f64>().unwrap(),
        0.0,
        "random is the anchor"
    );
    let (lh, luck) = csv(&out.join("luck.csv"));
    assert_eq!(luck.len(), 6);
    let decided: Vec<u64> = ["decided_by_strategies", "decided_by_throws", "incomplete"]
        .iter()
        .map(|c| column(&lh, &luck, c)[0].parse::<u64>().unwrap())
        .collect();
    assert_eq!(
        decided.iter().sum::<u64>(),
        30,
        "30 duplicate pairs per pairing"
    );

    for ext in ["png", "svg"] {
        let f = out.join("charts").join(format!("heatmap-tejon.{ext}"));
        assert!(
            std::fs::metadata(&f).unwrap().len() > 1000,
            "{}",
            f.display()
        );
    }
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.contains("## Tournament: tejon"));
    assert!(md.contains("charts/heatmap-tejon.png"));
    assert!(md.contains("Luck or skill?"));
    assert!(!out.join("summary.csv").exists(), "no arms, no arm tables");
}

#[test]
fn a_ladder_plays_each_strategy_against_the_one_before_it() {
    // Four strategies, weakest first: three steps (not six pairings), each in two seatings of
    // 30 games; ladder.csv's score is the step's wins and half its halves, within its interval,
    // and the same step in tournament.csv counts the same wins.
    let tmp = tempfile::tempdir().unwrap();
    let text = TOURNAMENT.replace("games = 60", "games = 60\nladder = true");
    let sc = write(tmp.path(), "ladder.toml", &text);
    let out = tmp.path().join("out");
    let o = run(&sc, &out, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (_, rows) = csv(&out.join("tournament.csv"));
    assert_eq!(rows.len(), 6, "three pairings, two seatings each");
    let (h, steps) = csv(&out.join("ladder.csv"));
    assert_eq!(steps.len(), 3);
    let col = |c: &str| column(&h, &steps, c);
    assert_eq!(col("stronger"), ["back", "heuristic", "expectimax:1"]);
    assert_eq!(col("weaker"), ["random", "back", "heuristic"]);
    let num = |c: &str, i: usize| col(c)[i].parse::<f64>().unwrap();
    let (th, trows) = csv(&out.join("tournament.csv"));
    for i in 0..3 {
        assert_eq!(num("games", i), 60.0);
        let score = (num("stronger_wins", i) + num("halves", i) / 2.0) / 60.0;
        assert!((num("score", i) - score).abs() < 1e-6);
        assert!(num("low95", i) <= score && score <= num("high95", i));
        assert!((num("utility", i) - (2.0 * score - 1.0)).abs() < 1e-6);
        // The stronger strategy as white, then as black, in tournament.csv.
        let stronger = &col("stronger")[i];
        let wins: f64 = (trows.iter())
            .map(|r| {
                let at = |c: &str| th.iter().position(|x| x == c).unwrap();
                let n = |c: &str| r[at(c)].parse::<f64>().unwrap();
                if &r[at("white")] == stronger && r[at("black")] == col("weaker")[i] {
                    n("white_wins")
                } else if &r[at("black")] == stronger && r[at("white")] == col("weaker")[i] {
                    n("black_wins")
                } else {
                    0.0
                }
            })
            .sum();
        assert_eq!(wins, num("stronger_wins", i));
    }
    // One SkillTrace for the ladder, on every row.
    let trace = col("skill_trace");
    assert!(trace.iter().all(|t| *t == trace[0]));
    assert!(out.join("charts/ladder-tejon.png").is_file());
    assert!(!out.join("charts/heatmap-tejon.png").exists());
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.contains("A skill ladder"), "{md}");
    assert!(md.contains("| back > random |"), "{md}");
    assert!(md.contains("SkillTrace"), "{md}");
}

#[test]
fn a_tournament_gives_the_same_csv_for_any_thread_count() {
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "cup.toml", TOURNAMENT);
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    assert!(run(&sc, &a, &["--threads", "1"]).status.success());
    assert!(run(&sc, &b, &["--threads", "2"]).status.success());
    for f in ["tournament.csv", "ranking.csv", "luck.csv"] {
        assert_eq!(
            std::fs::read(a.join(f)).unwrap(),
            std::fs::read(b.join(f)).unwrap(),
            "{f}"
        );
    }
}

#[test]
fn bad_tournaments_name_the_key_and_line() {
    let tmp = tempfile::tempdir().unwrap();
    let cases = [
        (
            TOURNAMENT.replace("games = 60", "games = 61"),
            "cup.toml:8: tournament 1 ('tejon'), key 'games': games per pairing must be even",
        ),
        (
            TOURNAMENT.replace("\"back\"", "\"genius\""),
            "cup.toml:7: tournament 1 ('tejon'), key 'strategies': unknown strategy 'genius'",
        ),
        (
            TOURNAMENT.replace("\"back\"", "\"expectimax:7\""),
            "key 'strategies': bad strategy 'expectimax:7' (D must be a whole number from 0 to 3)",
        ),
        (
            TOURNAMENT.replace("\"back\"", "\"random\""),
            "'random' is listed twice",
        ),
        (
            TOURNAMENT.replace(
                "strategies = [\"random\", \"back\", \"heuristic\", \"expectimax:1\"]",
                "strategies = [\"random\"]",
            ),
            "at least two strategies",
        ),
        (
            TOURNAMENT.replace("games = 60", "games = 60\nplayers = 2"),
            "cup.toml:9: unknown field `players`",
        ),
        (
            TOURNAMENT.replace("\"tejon\"", "\"senat\""),
            "cup.toml:6: tournament 1 ('senat'), key 'variant': unknown variant",
        ),
    ];
    for (text, want) in cases {
        let sc = write(tmp.path(), "cup.toml", &text);
        let o = run(&sc, &tmp.path().join("out"), &[]);
        assert_eq!(o.status.code(), Some(2), "{want}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(err.contains(want), "{err}\nwanted: {want}");
        assert!(!tmp.path().join("out").exists());
    }
}
