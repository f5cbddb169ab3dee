//! docs/reconstructions.md cannot contradict its figures: its tables and rankings are a part
//! generated from reports/reconstructions/ (the tables of `scenarios/reconstructions.toml`,
//! written by scripts/reconstructions-report.sh), and those tables are what the binary writes
//! today. On a difference the new part is written to target/reconstructions.md, to copy over
//! the document's once understood.

use crate::outputs::*;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

const BEGIN: &str = "<!-- generated from reports/reconstructions/ by tests/cli/reconstructions.rs: do not edit by hand -->";
const END: &str = "<!-- end of the generated part -->";

/// The rows of a committed CSV file as maps from column to value.
fn rows(file: &str) -> Vec<BTreeMap<String, String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports/reconstructions");
    let (header, rows) = csv(&root.join(file));
    rows.into_iter()
        .map(|r| header.iter().cloned().zip(r).collect())
        .collect()
}

fn num(row: &BTreeMap<String, String>, key: &str) -> f64 {
    row[key]
        .parse()
        .unwrap_or_else(|_| panic!("{key}: {}", row[key]))
}

/// `p` as a percentage with `d` decimals.
fn pct(p: f64, d: usize) -> String {
    format!("{:.d$}%", 100.0 * p)
}

/// A rate with its interval: `52.03% [51.81, 52.25]`.
fn rate(p: f64, lo: f64, hi: f64, d: usize) -> String {
    format!("{} [{:.d$}, {:.d$}]", pct(p, d), 100.0 * lo, 100.0 * hi)
}

/// One figure of every variant, for a ranking: the variant with the least and the most.
fn ranked(what: &str, unit: &dyn Fn(f64) -> String, figures: &[(String, f64)]) -> String {
    let min = figures.iter().min_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
    let max = figures.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
    let mut order: Vec<&(String, f64)> = figures.iter().collect();
    order.sort_by(|a, b| a.1.total_cmp(&b.1));
    let list: Vec<String> = order
        .iter()
        .map(|(v, f)| format!("`{v}` {}", unit(*f)))
        .collect();
    format!(
        "- **{what}**: least `{}` ({}), most `{}` ({}). In order: {}.\n",
        min.0,
        unit(min.1),
        max.0,
        unit(max.1),
        list.join(", ")
    )
}

/// The generated part of docs/reconstructions.md.
fn generated() -> String {
    let summary = rows("summary.csv");
    let tournament = rows("tournament.csv");
    let luck = rows("luck.csv");
    let mut md = String::new();
    md.push_str("### Random play: length, balance, finiteness\n\n");
    md.push_str("| variant | device | mean turns (sd) | median, 95th percentile | mean throws | first mover wins | draws | unfinished | hits, backward moves, falls in the water a game |\n|---|---|---|---|---|---|---|---|---|\n");
    let (mut length, mut edge) = (vec![], vec![]);
    for r in &summary {
        let v = r["variant"].clone();
        let draws: f64 = num(r, "draws");
        let games = num(r, "games");
        // The first mover's share of the decided games: 50% is a fair game, draws or not.
        let decided = num(r, "first_mover_wins") / (games - draws);
        let first = rate(
            num(r, "first_mover_rate"),
            num(r, "first_mover_rate_lo95"),
            num(r, "first_mover_rate_hi95"),
            2,
        );
        let first = if draws > 0.0 {
            format!(
                "{first} of all games, {} of the decided ones",
                pct(decided, 2)
            )
        } else {
            first
        };
        let _ = writeln!(
            md,
            "| {v} | {} | {:.1} ({:.1}) | {}, {} | {:.1} | {first} | {} | {} | {:.1}, {:.1}, {:.1} |",
            r["device"],
            num(r, "mean_turns"),
            num(r, "sd_turns"),
            r["median_turns"],
            r["p95_turns"],
            num(r, "mean_throws"),
            if draws > 0.0 { pct(draws / games, 2) } else { "0".into() },
            r["unfinished"],
            num(r, "captures_per_game"),
            num(r, "backward_per_game"),
            num(r, "water_per_game"),
        );
        length.push((v.clone(), num(r, "mean_turns")));
        edge.push((v, 100.0 * (decided - 0.5)));
    }
    md.push_str("\n### Skill: heuristic against random\n\n");
    md.push_str("| variant | heuristic wins (both colours) | duplicate pairs decided by the players |\n|---|---|---|\n");
    let (mut skill, mut decided_by) = (vec![], vec![]);
    let against_random =
        |t: &&BTreeMap<String, String>| t["tournament"].ends_with("heuristic against random");
    for (t, l) in (tournament.iter())
        .filter(against_random)
        .filter(|t| t["white"] == "heuristic")
        .zip(luck.iter().filter(against_random))
    {
        let v = t["variant"].clone();
        let mut wins = rate(
            num(t, "row_win_rate"),
            num(t, "row_low95"),
            num(t, "row_high95"),
            1,
        );
        // Draws (both seatings, as the row's wins): the wins are then told of the decided games.
        let drawn: f64 = tournament
            .iter()
            .filter(|u| u["tournament"] == t["tournament"])
            .map(|u| num(u, "draws"))
            .sum();
        let games = num(t, "row_games");
        let decided = num(t, "row_wins") / (games - drawn);
        if drawn > 0.0 {
            let _ = write!(
                wins,
                " (draws {}; {} of the decided games)",
                pct(drawn / games, 1),
                pct(decided, 1)
            );
        }
        let share = num(l, "share_by_strategies");
        let _ = writeln!(md, "| {v} | {wins} | {} |", pct(share, 1));
        skill.push((v.clone(), 100.0 * decided));
        decided_by.push((v, 100.0 * share));
    }
    md.push_str(&ladder_table());
    let (strongest, td_skill) = strongest_table(&tournament, &luck);
    md.push_str(&strongest);
    md.push_str(&metrics_table());
    let unfinished: f64 = summary.iter().map(|r| num(r, "unfinished")).sum();
    let games: f64 = summary.iter().map(|r| num(r, "games")).sum();
    md.push_str("\n### The rankings these tables give\n\n");
    md.push_str(&ranked(
        "Mean length in turns",
        &|x| format!("{x:.1}"),
        &length,
    ));
    md.push_str(&ranked(
        "First mover's edge (its share of the decided games, less 50%)",
        &|x| format!("{x:+.2} points"),
        &edge,
    ));
    md.push_str(&ranked(
        "Heuristic's wins against random (of the decided games)",
        &|x| format!("{x:.1}%"),
        &skill,
    ));
    md.push_str(&ranked(
        "Duplicate pairs decided by the players",
        &|x| format!("{x:.1}%"),
        &decided_by,
    ));
    md.push_str(&ranked(
        "td's wins against random (of the decided games)",
        &|x| format!("{x:.1}%"),
        &td_skill,
    ));
    let thousands = |x: f64| {
        let digits = format!("{x:.0}");
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push(',');
            }
            out.push(c);
        }
        out
    };
    let _ = writeln!(
        md,
        "- **Unfinished games**: {} of {} stopped at the 20,000-turn cap.",
        thousands(unfinished),
        thousands(games)
    );
    md
}

/// Each variant's skill ladder (ladder.csv): each step's score with its interval, and
/// Ludii's SkillTrace.
fn ladder_table() -> String {
    let ladder = rows("ladder.csv");
    let mut md = String::from("\n### Skill ladder: each strategy against the one below it\n\n");
    let first: Vec<_> = (ladder.iter())
        .filter(|r| r["variant"] == ladder[0]["variant"])
        .collect();
    let steps: Vec<String> = (first.iter())
        .map(|r| format!("{} > {}", r["stronger"], r["weaker"]))
        .collect();
    let _ = writeln!(
        md,
        "| variant | {} | SkillTrace |\n|---|{}---:|",
        steps.join(" | "),
        "---|".repeat(steps.len())
    );
    let mut variants: Vec<&String> = ladder.iter().map(|r| &r["variant"]).collect();
    variants.dedup();
    for v in variants {
        let of: Vec<_> = ladder.iter().filter(|r| &r["variant"] == v).collect();
        // A step is the column of its stronger strategy; one whose weaker differs from the
        // column's (a ladder that skips a strategy) names it.
        let cells: Vec<String> = (first.iter())
            .map(|head| {
                let step = of.iter().find(|r| r["stronger"] == head["stronger"]);
                step.map_or("—".into(), |r| {
                    let cell = rate(num(r, "score"), num(r, "low95"), num(r, "high95"), 1);
                    match r["weaker"] == head["weaker"] {
                        true => cell,
                        false => format!("{cell} (> {})", r["weaker"]),
                    }
                })
            })
            .collect();
        let _ = writeln!(
            md,
            "| {v} | {} | {:.3} |",
            cells.join(" | "),
            num(of[0], "skill_trace")
        );
    }
    md
}

/// A row of a committed CSV file.
type Row = BTreeMap<String, String>;

/// How much skill matters with the strongest player (the tournaments "V: td against heuristic
/// and random"): `td`'s score against `random` and against `heuristic`, both colours, draws
/// told apart, and the duplicate pairs of `td` and `random` that the players decided. Also
/// each variant's `td` wins against random of the decided games, for a ranking.
fn strongest_table(tournament: &[Row], luck: &[Row]) -> (String, Vec<(String, f64)>) {
    let mut md =
        String::from("\n### Skill with the strongest player: td against random and heuristic\n\n");
    md.push_str("| variant | td > random | td > heuristic | duplicate pairs (td, random) decided by the players |\n|---|---|---|---|\n");
    let ours = |t: &&Row| t["tournament"].ends_with(": td against heuristic and random");
    let mut ranking = vec![];
    for (t, l) in (tournament.iter().filter(ours))
        .filter(|t| t["white"] == "td" && t["black"] == "random")
        .zip(
            (luck.iter().filter(ours))
                .filter(|l| l["strategy_a"] == "td" && l["strategy_b"] == "random"),
        )
    {
        let pair = |against: &str| {
            let rows: Vec<&Row> = (tournament.iter())
                .filter(|u| u["tournament"] == t["tournament"])
                .filter(|u| {
                    [&u["white"], &u["black"]] == ["td", against]
                        || [&u["white"], &u["black"]] == [against, "td"]
                })
                .collect();
            let row = rows.iter().find(|u| u["white"] == "td").unwrap();
            let drawn: f64 = rows.iter().map(|u| num(u, "draws")).sum();
            let games = num(row, "row_games");
            let mut cell = rate(
                num(row, "row_win_rate"),
                num(row, "row_low95"),
                num(row, "row_high95"),
                1,
            );
            if drawn > 0.0 {
                let _ = write!(cell, " (draws {})", pct(drawn / games, 1));
            }
            (cell, num(row, "row_wins") / (games - drawn))
        };
        let ((random, decided), (heuristic, _)) = (pair("random"), pair("heuristic"));
        let share = pct(num(l, "share_by_strategies"), 1);
        let _ = writeln!(
            md,
            "| {} | {random} | {heuristic} | {share} |",
            t["variant"]
        );
        ranking.push((t["variant"].clone(), 100.0 * decided));
    }
    (md, ranking)
}

/// Ludii's reconstruction metrics of every variant (metrics.csv), three decimals.
fn metrics_table() -> String {
    let metrics = rows("metrics.csv");
    let names = [
        "DurationTurns",
        "DecisionMoves",
        "BoardCoverageDefault",
        "AdvantageP1",
        "Balance",
        "Completion",
        "Drawishness",
        "OutcomeUniformity",
        "PieceNumberAverage",
        "BoardSitesOccupiedAverage",
        "BranchingFactorAverage",
        "MoveDistanceAverage",
        "DrawishnessNoTimeouts",
    ];
    let mut md = String::from("\n### Ludii's reconstruction metrics\n\n| metric |");
    for r in &metrics {
        let _ = write!(md, " {} |", r["arm"]);
    }
    let _ = writeln!(md, "\n|---|{}", "---:|".repeat(metrics.len()));
    let _ = write!(md, "| player 1 |");
    for r in &metrics {
        let _ = write!(md, " {} |", r["player_1"]);
    }
    md.push('\n');
    for name in names {
        let _ = write!(md, "| {name} |");
        for r in &metrics {
            let _ = write!(md, " {:.3} |", num(r, name));
        }
        md.push('\n');
    }
    md
}

#[test]
fn ludiis_outcome_metrics_are_the_summarys_rates() {
    // The outcome metrics (Ludii's code, crates/simulation/src/play/metrics.rs) read the same games
    // as summary.csv: they follow from its rates, for player 1 as metrics.csv names it, to the
    // files' six digits.
    let summary = rows("summary.csv");
    let metrics = rows("metrics.csv");
    assert_eq!(summary.len(), metrics.len(), "an arm a row");
    for (s, m) in summary.iter().zip(&metrics) {
        assert_eq!(s["arm"], m["arm"]);
        let near = |a: f64, b: f64, what: &str| {
            assert!((a - b).abs() < 2e-6, "{}: {what} {a} against {b}", s["arm"]);
        };
        let (white, black) = (num(s, "white_rate"), num(s, "black_rate"));
        let p1 = match m["player_1"].as_str() {
            "first-mover" => num(s, "first_mover_rate"),
            "first-thrower" => num(s, "first_thrower_rate"),
            "white" => white,
            other => panic!("{}: player 1 is {other}", s["arm"]),
        };
        let draws = s.get("draw_rate").map_or(0.0, |d| d.parse().unwrap());
        let level = 1.0 - white - black;
        near(num(m, "Completion"), white + black, "Completion");
        near(num(m, "Drawishness"), level, "Drawishness");
        near(
            num(m, "DrawishnessNoTimeouts"),
            draws,
            "DrawishnessNoTimeouts",
        );
        near(num(m, "AdvantageP1"), p1 + level / 2.0, "AdvantageP1");
        let p2 = white + black - p1;
        near(num(m, "Balance"), 1.0 - (p1 - p2).abs(), "Balance");
        assert_eq!(num(s, "unfinished"), 0.0, "every game finished");
        near(
            num(m, "DurationTurns"),
            num(s, "mean_turns"),
            "DurationTurns",
        );
        assert_eq!(num(m, "games"), num(s, "games"));
    }
    // Ludii's Bell: white is player 1 (black starts only after a higher throw).
    let bell = metrics.iter().find(|m| m["arm"] == "ludii-bell").unwrap();
    assert_eq!(bell["player_1"], "white");
}

#[test]
fn the_reconstructions_doc_quotes_the_committed_tables() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/reconstructions.md");
    let doc = std::fs::read_to_string(&path).unwrap();
    let start = doc.find(BEGIN).expect("the generated part's first line") + BEGIN.len();
    let end = doc.find(END).expect("the generated part's last line");
    let now = generated();
    if doc[start..end].trim() != now.trim() {
        let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/reconstructions.md");
        std::fs::write(&out, &now).unwrap();
        panic!(
            "docs/reconstructions.md's generated part is not the tables': the new part is in {}",
            out.display()
        );
    }
}

#[test]
#[ignore = "the whole scenario, 2.3 million games (about 4 minutes on 2 cores in release, 15 in a test build): cargo test -- --include-ignored"]
fn the_committed_reconstruction_tables_are_what_a_run_writes_today() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let o = run(&root.join("scenarios/reconstructions.toml"), &out, &[]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for f in [
        "summary.csv",
        "tournament.csv",
        "luck.csv",
        "ranking.csv",
        "columns.csv",
        "metrics.csv",
        "metric_intervals.csv",
        "ladder.csv",
    ] {
        assert!(
            std::fs::read(out.join(f)).unwrap()
                == std::fs::read(root.join("reports/reconstructions").join(f)).unwrap(),
            "reports/reconstructions/{f} differs from a fresh run: run scripts/reconstructions-report.sh and review the diff"
        );
    }
}
