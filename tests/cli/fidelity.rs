//! The rules of the second fidelity pass, through the real binary: the turn passes after every
//! unplayable throw (traces of `play --json` in every variant), `empty-board`'s taken refuges,
//! failed entry, optional residual points and free exit from 30, `kendall`'s square 30,
//! `passage`'s re-throw and `game-box`'s re-entry reading.

use assert_cmd::Command;
use serde_json::{json, Value};

fn senet() -> Command {
    Command::cargo_bin("senet-sim").unwrap()
}

fn stdout_of(args: &[&str]) -> String {
    let out = senet().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn moves(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["moves"];
    all.extend_from_slice(args);
    all.push("--json");
    let v: Value = serde_json::from_str(&stdout_of(&all)).unwrap();
    v.as_array().unwrap().clone()
}

fn has_flag(m: &Value, flag: &str) -> bool {
    m["flags"].as_array().unwrap().iter().any(|f| f == flag)
}

/// The throw lines of one game's `play --json` trace (the free exits and residual points too).
fn trace(variant: &str, seed: u64) -> Vec<Value> {
    let seed = seed.to_string();
    stdout_of(&["play", "--variant", variant, "--seed", &seed, "--json"])
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["side"].is_string())
        .collect()
}

#[test]
fn the_turn_passes_after_every_unplayable_throw_in_every_variant() {
    // 000 "la personne passe son tour"; 001 "il passe son tour"; 002 "on passe la main";
    // 003 "il turno finisce e passa all'altro giocatore"; 004 "se pierde el turno".
    for (variant, extra) in [
        ("passage", [1, 4, 5]),
        ("game-box", [6, 6, 6]),
        ("kendall", [1, 4, 6]),
        ("empty-board", [1, 4, 6]),
        ("tejon", [1, 4, 6]),
    ] {
        let (mut unplayable_extra, mut checked) = (0, 0);
        for seed in 1..=8 {
            let lines = trace(variant, seed);
            let throws: Vec<&Value> = lines.iter().filter(|v| v["kind"] == "throws").collect();
            for pair in throws.windows(2) {
                let (now, next) = (pair[0], pair[1]);
                let value = now["throw"].as_u64().unwrap();
                let keeps = match now["move"].as_object() {
                    None => false,
                    Some(_) => {
                        extra.contains(&value)
                            || has_flag(&now["move"], "replay")
                            || has_flag(&now["move"], "re-throw")
                    }
                };
                if now["move"].is_null() && extra.contains(&value) {
                    unplayable_extra += 1;
                }
                let same = now["side"] == next["side"];
                assert_eq!(same, keeps, "{variant} seed {seed}: {now} then {next}");
                checked += 1;
            }
        }
        assert!(checked > 500, "{variant}: {checked} throws");
        // Each variant's traces contain unplayable throws of an extra-throw value, which pass.
        if variant != "game-box" {
            assert!(
                unplayable_extra > 0,
                "{variant}: no unplayable 1, 4, 5 or 6 seen"
            );
        }
    }
}

#[test]
fn a_move_onto_a_taken_refuge_goes_back_by_the_throw_or_into_the_water() {
    // 003: "se le caselle 26, 28, 29 e 30 sono già occupate, la pedina che vi arriva deve
    // muoversi all'indietro di tante caselle quante sono le mosse a sua disposizione".
    let eb = |white: &str, black: &str, throw: &str| {
        moves(&[
            "--variant",
            "empty-board",
            "--white",
            white,
            "--black",
            black,
            "--to-move",
            "white",
            "--throw",
            throw,
        ])
    };
    let list = eb("24", "28", "4");
    assert_eq!(list.len(), 1);
    assert_eq!(
        (list[0]["from"].clone(), list[0]["to"].clone()),
        (json!(24), json!(20))
    );
    assert!(has_flag(&list[0], "taken refuge: moved back") && has_flag(&list[0], "backward"));
    // Going back from 24 by 4 hits an unprotected black pawn on 20: it is pushed forward to 24.
    let hit = eb("24", "20,28", "4");
    assert_eq!(hit[0]["to"], 20);
    assert_eq!(hit[0]["black"], json!([24, 28]));
    assert!(has_flag(&hit[0], "capture"));
    // "In mancanza di mosse": 20 is white's own, so the pawn falls in the water, back to 15.
    let water = eb("20,24", "28", "4");
    let from_24: Vec<&Value> = water.iter().filter(|m| m["from"] == 24).collect();
    assert_eq!(from_24.len(), 1);
    assert_eq!(from_24[0]["to"], 15);
    assert!(has_flag(from_24[0], "water"));
    // "o se tutte le caselle sono occupate": 26, 28, 29 and 30 all taken: the water at once.
    let all = eb("24", "26,28,29,30", "4");
    assert_eq!(all[0]["to"], 15);
    assert!(has_flag(&all[0], "water") && !has_flag(&all[0], "backward"));
    // Without the rule (`occupied_refuges = []`), the move is simply not legal.
    let off = moves(&[
        "--variant",
        "empty-board",
        "--set",
        "occupied_refuges=[]",
        "--white",
        "24",
        "--black",
        "28",
        "--to-move",
        "white",
        "--throw",
        "4",
    ]);
    assert!(off
        .iter()
        .all(|m| m["from"] != 24 || has_flag(m, "backward")));
}

#[test]
fn a_failed_entry_with_nothing_else_to_play_ends_the_turn() {
    // 003: "se non vi sono caselle libere tra la 1 e quella della destinazione originaria, il
    // turno finisce". White's pawn on 1 cannot step onto black's protected pair 2-3, and the
    // entering pawn finds 1 taken: no legal move, so the 1 gives no further throw.
    let args = |throw: &'static str| {
        [
            "moves",
            "--variant",
            "empty-board",
            "--white",
            "1",
            "--black",
            "2,3",
            "--white-waiting",
            "4",
            "--to-move",
            "white",
            "--throw",
            throw,
        ]
    };
    let text = stdout_of(&args("1"));
    assert!(text.contains("no legal move: the turn passes"), "{text}");
    let mut json_args = args("1").to_vec();
    json_args.push("--json");
    assert_eq!(stdout_of(&json_args).trim(), "[]");
    // With 4, entry is possible (square 4 is free).
    let four = moves(&args("4")[1..]);
    assert!(four.iter().any(|m| m["from"] == 0 && m["to"] == 4));
}

#[test]
fn residual_points_may_be_kept() {
    // 003: "Eventuali residui di punti movimento possono essere utilizzati per muovere un'altra
    // pedina": a choice, listed last as "keep the points" (from = to = 31).
    let residual = |white: &str| {
        moves(&[
            "--variant",
            "empty-board",
            "--white",
            white,
            "--black",
            "5",
            "--to-move",
            "white",
            "--residual",
            "1",
        ])
    };
    let list = residual("20,22");
    let pairs: Vec<(u64, u64)> = list
        .iter()
        .map(|m| (m["from"].as_u64().unwrap(), m["to"].as_u64().unwrap()))
        .collect();
    assert_eq!(pairs, vec![(20, 21), (22, 23), (31, 31)]);
    assert!(has_flag(&list[2], "keep the points"));
    assert_eq!(list[2]["white"], json!([20, 22]));
    // No move, no choice: the points are lost.
    let none = residual("28");
    assert!(none.is_empty());
}

#[test]
fn a_pawn_that_rested_on_30_leaves_at_the_start_of_the_turn() {
    // 003: "Al suo prossimo turno il giocatore potrà portare in salvo la pedina e lanciare
    // successivamente i bastoncini per muoverne un'altra."
    let base = [
        "moves",
        "--variant",
        "empty-board",
        "--white",
        "22,30",
        "--black",
        "5",
        "--to-move",
        "white",
        "--throw",
        "2",
    ];
    let mut start = base.to_vec();
    start.push("--turn-start");
    let text = stdout_of(&start);
    assert!(text.contains("the pawn on 30 is borne off"), "{text}");
    start.push("--json");
    let after: Value = serde_json::from_str(&stdout_of(&start)).unwrap();
    assert_eq!(after[0]["white"], json!([24]));
    // Without --turn-start the pawn is still on 30 (it arrived during this turn).
    let mut during = base.to_vec();
    during.push("--json");
    let still: Value = serde_json::from_str(&stdout_of(&during)).unwrap();
    assert_eq!(still[0]["white"], json!([24, 30]));
}

#[test]
fn kendall_bears_off_onto_30_even_when_a_pawn_rests_there() {
    // 002: "il peut commencer à les retirer du plateau à mesure qu'il les amène exactement sur
    // la case 30".
    let k = |set: Option<&str>| {
        let mut args = vec![
            "--variant",
            "kendall",
            "--white",
            "21,22,23,24,30",
            "--black",
            "1",
            "--to-move",
            "white",
            "--throw",
            "6",
        ];
        if let Some(s) = set {
            args.extend_from_slice(&["--set", s]);
        }
        moves(&args)
    };
    let list = k(None);
    let exit = list.iter().find(|m| m["from"] == 24).unwrap();
    assert_eq!(exit["to"], 31);
    assert_eq!(exit["white"], json!([21, 22, 23, 30]));
    // The old reading, kept as an option: 30 must be empty.
    assert!(k(Some("thirty_blocks_exit=true"))
        .iter()
        .all(|m| m["from"] != 24 || m["to"] != 31));
}

#[test]
fn passage_offers_the_re_throw_beside_the_moves_of_a_1() {
    // 000: "Lors d'un lancer de «1», le joueur a le droit de relancer les bâtonnets".
    let list = moves(&[
        "--variant",
        "passage",
        "--white",
        "20,26",
        "--black",
        "1",
        "--to-move",
        "white",
        "--throw",
        "1",
    ]);
    let last = list.last().unwrap();
    assert!(has_flag(last, "re-throw"));
    assert_eq!(
        (last["from"].clone(), last["to"].clone()),
        (json!(26), json!(26))
    );
    assert!(list.iter().any(|m| m["from"] == 20 && m["to"] == 21));
}

#[test]
fn game_box_can_ask_a_4_only_to_re_enter_after_27() {
    // 001's listed variant "pour entrer sur le parcours, un pion doit faire un 4 ou un 5", read
    // for the pawn that restarts from 27 ("doit recommencer tout le parcours").
    let gb = |set: &[&str]| {
        let mut args = vec!["--variant", "game-box"];
        for s in set {
            args.extend_from_slice(&["--set", s]);
        }
        args.extend_from_slice(&[
            "--white",
            "24",
            "--black",
            "1",
            "--to-move",
            "white",
            "--throw",
            "3",
        ]);
        moves(&args)
    };
    // Preset: the pawn restarts on square 2 (1 is taken).
    assert_eq!(gb(&[])[0]["to"], 2);
    // With entry values, it waits off the board (to = 0) for a 4.
    let waiting = gb(&["entry_values=[4,5]"]);
    assert_eq!(waiting[0]["to"], 0);
    assert_eq!(waiting[0]["white"], json!([]));
}

#[test]
fn a_kendall_report_says_its_game_length_rests_on_the_reading_of_30() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("k.toml");
    std::fs::write(
        &scenario,
        "name = \"k\"\ngames = 200\n[[arm]]\nname = \"k-arm\"\nvariant = \"kendall\"\n\
         [[arm]]\nname = \"t-arm\"\nvariant = \"tejon\"\n\
         [[arm]]\nname = \"old-arm\"\nvariant = \"kendall\"\n[arm.rules]\nthirty_blocks_exit = true\n",
    )
    .unwrap();
    let out = dir.path().join("out");
    senet()
        .args([
            "run",
            scenario.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--quiet",
        ])
        .assert()
        .success();
    let report = std::fs::read_to_string(out.join("report.md")).unwrap();
    let lines: Vec<&str> = report.lines().filter(|l| l.contains("square 30")).collect();
    assert_eq!(lines.len(), 2, "{report}");
    assert!(lines[0].contains("\"k-arm\"") && lines[0].contains("leaves the board even when"));
    assert!(lines[1].contains("\"old-arm\"") && lines[1].contains("only onto an empty 30"));
    assert!(!report.contains("\"t-arm\" rests"));
}
