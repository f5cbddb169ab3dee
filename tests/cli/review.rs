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

/// A row of review.csv.
struct Row {
    side: String,
    white_before: f64,
    white_chance: f64,
    luck: f64,
    loss: Option<f64>,
}

/// The rows of review.csv.
fn rows(csv: &str) -> Vec<Row> {
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap().trim_start_matches('\u{feff}'),
        "throw,side,value,move,white_before,white_chance,luck,best_move,loss,grade"
    );
    lines
        .map(|l| {
            // A move never holds a comma, so the fields split cleanly.
            let f: Vec<&str> = l.split(',').collect();
            let n = f.len();
            Row {
                side: f[1].to_string(),
                white_before: f[n - 6].parse().unwrap(),
                white_chance: f[n - 5].parse().unwrap(),
                luck: f[n - 4].parse().unwrap(),
                loss: f[n - 2].parse().ok(),
            }
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
    let last = rows.last().unwrap().white_chance;
    // After the last throw the game is over: white's chance is exactly 1 or 0.
    let result = if winner.starts_with("white") {
        1.0
    } else {
        0.0
    };
    assert_eq!(last, result);
    for r in &rows {
        assert!((0.0..=1.0).contains(&r.white_chance), "a chance");
        assert!(
            r.loss.is_none_or(|x| x >= 0.0),
            "no move beats the best: {:?}",
            r.loss
        );
    }
    assert!(
        rows.iter().any(|r| r.loss.is_some()),
        "some throw offered a choice"
    );
    // Each throw starts from the chance the one before left, and from white's view luck less
    // errors sums to the result less the chance at the start (the file's six decimals: each
    // row adds at most 1.5e-6 of rounding).
    for pair in rows.windows(2) {
        assert_eq!(pair[1].white_before, pair[0].white_chance);
    }
    let white = |r: &Row, x: f64| if r.side == "white" { x } else { -x };
    let net: f64 = rows
        .iter()
        .map(|r| white(r, r.luck - r.loss.unwrap_or(0.0)))
        .sum();
    let expected = result - rows[0].white_before;
    assert!(
        (net - expected).abs() < 1.5e-6 * rows.len() as f64,
        "luck less errors {net}, result less start {expected}"
    );
    // Each side's totals, printed under the game.
    for side in ["white: luck ", "black: luck "] {
        let line = stdout.lines().find(|l| l.starts_with(side)).unwrap();
        assert!(
            line.contains(", errors ") && line.contains(" decisions)"),
            "{line}"
        );
    }
}

#[test]
fn the_optimal_player_never_loses_a_chance() {
    let (code, stdout, stderr, csv) = review(&[
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
        .filter(|r| r.side == "white")
        .filter_map(|r| r.loss)
        .collect();
    assert!(!white.is_empty(), "white had choices");
    // The table's own choice is the best move: its loss is rounding only (f32 values).
    assert!(white.iter().all(|&x| x < 1e-6), "optimal lost {white:?}");
    // So its accuracy is whole and its errors nothing.
    let line = stdout
        .lines()
        .find(|l| l.starts_with("white: luck "))
        .unwrap();
    assert!(line.contains("errors 0.0%, best move 100% ("), "{line}");
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
        csv.starts_with("\u{feff}lancer;camp;valeur;coup;chance_blancs_avant;")
            && csv.contains(";noirs;"),
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

#[test]
fn a_played_games_record_is_reviewed_and_written_back_the_same() {
    // play writes the record of tejon with 2 pawns, seed 5, heuristic against random; review
    // reads it, replays it from its headers and writes its own game.txt: the same text.
    let tmp = tempfile::tempdir().unwrap();
    let record = tmp.path().join("game.txt");
    let o = senet()
        .args([
            "play",
            "--variant",
            "tejon",
            "--set",
            "pawns=2",
            "--seed",
            "5",
        ])
        .args(["--white", "heuristic", "--black", "random", "--record"])
        .arg(&record)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(
        text.starts_with("# senet-sim game record 1\nVariant: tejon\n"),
        "{text}"
    );
    assert!(
        text.contains("\nWhite: heuristic\nBlack: random\n"),
        "{text}"
    );
    // One numbered line per throw, as many as play printed throws.
    let printed = String::from_utf8_lossy(&o.stdout);
    let throws = printed.lines().filter(|l| l.contains(" throws ")).count();
    let lines = text
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()));
    assert_eq!(lines.count(), throws);

    let review = |file: &std::path::Path, out: &str| {
        senet()
            .args(["review", "--record"])
            .arg(file)
            .args(["--out", tmp.path().join(out).to_str().unwrap()])
            .output()
            .unwrap()
    };
    let o = review(&record, "r");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The review's record is the played one with each throw's analysis behind " ; " (and
    // the program named); reviewed again, it is written back the same, analysis and all.
    let reviewed = std::fs::read_to_string(tmp.path().join("r/game.txt")).unwrap();
    let bare: String = (reviewed.lines())
        .filter(|l| !l.starts_with("Program: "))
        .map(|l| l.split(" ; ").next().unwrap().to_string() + "\n")
        .collect();
    let played: String = (text.lines())
        .filter(|l| !l.starts_with("Program: "))
        .map(|l| l.to_string() + "\n")
        .collect();
    assert_eq!(bare, played);
    assert!(reviewed.contains(" ; white "), "{reviewed}");
    let o = review(&tmp.path().join("r/game.txt"), "r2");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("r2/game.txt")).unwrap(),
        reviewed
    );

    // A record whose throws are not its seed's game, or whose rules are another game's, is
    // refused with the throw or header at fault (exit status 2).
    let third = text.lines().find(|l| l.starts_with("3 ")).unwrap();
    let (head, _) = third.split_once(": ").unwrap();
    let forged = tmp.path().join("forged.txt");
    std::fs::write(&forged, text.replace(third, &format!("{head}: 1 -> 2"))).unwrap();
    let o = review(&forged, "f");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("throw 3: the record says"), "{err}");
    let other = tmp.path().join("other.txt");
    std::fs::write(&other, text.replace("Pawns: 2", "Pawns: 1")).unwrap();
    let o = review(&other, "o");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("header 'Rules'"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    // A result its throws do not give (the winner swapped): refused, both named.
    let said = header(&text, "Result");
    let swapped = if said == "white" { "black" } else { "white" };
    let lie = tmp.path().join("lie.txt");
    std::fs::write(
        &lie,
        text.replace(&format!("Result: {said}"), &format!("Result: {swapped}")),
    )
    .unwrap();
    let o = review(&lie, "l");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "Result: the record says '{swapped}', the replay of its throws ends '{said}'"
        )),
        "{err}"
    );
}

/// The value of a record's header `key`.
fn header<'a>(record: &'a str, key: &str) -> &'a str {
    let line = record.lines().find(|l| l.starts_with(&format!("{key}: ")));
    line.unwrap_or_else(|| panic!("no {key} in {record}"))[key.len() + 2..].trim()
}

#[test]
#[ignore = "slow (18 s in a debug build): cargo test -- --include-ignored"]
fn a_runs_chosen_games_are_written_as_records_of_the_games_it_counted() {
    // Lesson 5 (tejon, 2 pawns): games 2, 4 and 5 of each arm as records; each is the game
    // games.csv lists under its number (seed, winner), and review reads it back unchanged.
    let tmp = tempfile::tempdir().unwrap();
    let scenarios = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/lesson");
    let out = tmp.path().join("run");
    let extra = ["--games", "50", "--games-csv", "5", "--records", "2,4-5"];
    let o = run(&scenarios.join("5-solved-game.toml"), &out, &extra);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (h, rows) = csv(&out.join("rfc4180/games.csv"));
    let (arm, game) = (column(&h, &rows, "arm"), column(&h, &rows, "game"));
    let (seed, winner) = (column(&h, &rows, "seed"), column(&h, &rows, "winner"));
    let mut files: Vec<_> = std::fs::read_dir(out.join("records"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert_eq!(files.len(), 6, "{files:?}");
    for (r, (a, g)) in arm.iter().zip(&game).enumerate() {
        let file = format!("{}-game-{g}.txt", a.replace(' ', "-"));
        if !["2", "4", "5"].contains(g) {
            assert!(!files.contains(&file), "{file}");
            continue;
        }
        let text = std::fs::read_to_string(out.join("records").join(&file)).unwrap();
        assert_eq!(header(&text, "Seed"), seed[r], "{file}");
        // A record names sides as the program does; the French games.csv says « noirs ».
        let result = header(&text, "Result");
        let in_french = senet_tables::localise::word(
            senet_tables::columns::Values::Side,
            result,
            senet_tables::lang::Lang::Fr,
        );
        assert_eq!(in_french, winner[r], "{file}");
        assert_eq!(header(&text, "Pawns"), "2", "{file}");
    }
    let record = out.join("records/au-hasard-game-4.txt");
    let o = senet()
        .args(["review", "--record"])
        .arg(&record)
        .args(["--out", tmp.path().join("r").to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The review writes the same record with each throw's analysis behind " ; ".
    let reviewed = std::fs::read_to_string(tmp.path().join("r/game.txt")).unwrap();
    let bare: String = (reviewed.lines())
        .map(|l| l.split(" ; ").next().unwrap().to_string() + "\n")
        .collect();
    assert_eq!(bare, std::fs::read_to_string(&record).unwrap());
    assert!(reviewed.contains(" ; white "), "{reviewed}");
    // The command that reproduces the report chooses the same games.
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.contains("--games-csv 5 --records 2,4,5"), "{md}");
}

#[test]
fn a_record_beyond_the_solver_names_the_play_command_that_replays_it() {
    // Lesson 1 (5 pawns, sticks): review cannot grade its games; its one-line refusal gives
    // the `play` command, and that command's record is the run's.
    let tmp = tempfile::tempdir().unwrap();
    let lesson = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios/lesson/1-sticks-or-coins.toml");
    let out = tmp.path().join("run");
    let o = run(&lesson, &out, &["--games", "20", "--records", "3"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let record = out.join("records/batonnets-40-game-3.txt");
    let o = senet()
        .args(["review", "--record"])
        .arg(&record)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    let command = err.split('`').nth(1).expect("a command in backquotes");
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(words[..2], ["senet-sim", "play"], "{command}");
    let again = tmp.path().join("again.txt");
    let o = senet()
        .args(&words[1..])
        .arg("--record")
        .arg(&again)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        std::fs::read_to_string(&again).unwrap(),
        std::fs::read_to_string(&record).unwrap()
    );
    // Games are numbered from 1 and within the run's games.
    for (list, why) in [("0", "numbered from 1"), ("21", "beyond the 20 games")] {
        let o = run(
            &lesson,
            &tmp.path().join(list),
            &["--games", "20", "--records", list],
        );
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains("--records") && err.contains(why), "{err}");
    }
}

/// Each decision is graded in named bands of the chance it gave away, each side rated (PR:
/// 1,000 × the mean chance lost a decision), the key moves named, and the whole review written as a page to
/// print (review.html) beside review.csv.
#[test]
fn a_review_is_graded_rated_and_written_as_a_page() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    let o = senet()
        .args([
            "review",
            "--variant",
            "tejon",
            "--pawns",
            "2",
            "--seed",
            "3",
        ])
        .args(["--white", "heuristic", "--out", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8(o.stdout).unwrap();
    let (header, rows) = csv(&out.join("review.csv"));
    let at = |name: &str| header.iter().position(|h| h == name).unwrap();
    let (loss_at, grade_at, side_at) = (at("loss"), at("grade"), at("side"));
    let band = |loss: f64| match loss {
        l if l <= 1e-6 => "best",
        l if l <= 0.02 => "excellent",
        l if l <= 0.05 => "good",
        l if l <= 0.10 => "inaccuracy",
        l if l <= 0.20 => "mistake",
        _ => "blunder",
    };
    let mut losses: Vec<(usize, String, f64)> = Vec::new();
    for (k, r) in rows.iter().enumerate() {
        match r[loss_at].parse::<f64>() {
            Ok(loss) => {
                assert_eq!(r[grade_at], band(loss), "throw {}", k + 1);
                losses.push((k + 1, r[side_at].clone(), loss));
            }
            Err(_) => assert_eq!(r[grade_at], "", "throw {}: no choice, no grade", k + 1),
        }
    }
    assert!(losses.len() >= 10, "{stdout}");
    // Each side's rating: 1,000 × its mean loss a decision, within the CSV's six decimals.
    for side in ["white", "black"] {
        let mine: Vec<f64> = losses.iter().filter(|l| l.1 == side).map(|l| l.2).collect();
        let rating = 1000.0 * mine.iter().sum::<f64>() / mine.len() as f64;
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&format!("{side}: luck")))
            .unwrap();
        let printed: f64 = line
            .split("rating (PR) ")
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .unwrap()
            .parse()
            .unwrap();
        assert!((printed - rating).abs() <= 0.06, "{line}: {rating}");
    }
    // The key moves are the three largest losses, worst first.
    let mut worst = losses.clone();
    worst.sort_by(|a, b| b.2.total_cmp(&a.2).then(a.0.cmp(&b.0)));
    let keys: Vec<String> = worst.iter().take(3).map(|l| l.0.to_string()).collect();
    assert!(
        stdout.contains(&format!("key moves: throws {}\n", keys.join(", "))),
        "{stdout}"
    );
    // The page: the chart inline, the key moves, one row a throw.
    let page = std::fs::read_to_string(out.join("review.html")).unwrap();
    assert!(
        page.starts_with("<!DOCTYPE html>") && page.contains("<svg"),
        "{page}"
    );
    assert!(page.contains("<h2>Key moves</h2>"));
    let throws = page.split("<table class=\"throws\">").nth(1).unwrap();
    assert_eq!(throws.matches("<tr>").count(), rows.len() + 1);
    assert!(page.contains("@media print"));
}
