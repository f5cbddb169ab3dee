//! The real binary on the commands of the rules-engine issue, and its errors.

use assert_cmd::Command;
use serde_json::Value;

fn senet() -> Command {
    Command::cargo_bin("senet-sim").unwrap()
}

/// The standard output of a command that must succeed.
fn stdout_of<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> String {
    let out = senet().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json_of(args: &[&str]) -> Value {
    serde_json::from_str(&stdout_of(args)).unwrap()
}

#[test]
fn variants_lists_the_five_ids_with_their_sources() {
    let out = senet().arg("variants").output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // Each source by its title and what it is (its author where it names one), never by a
    // file name the repository does not have.
    for (id, what, title) in [
        ("passage", "Breyer", "\"Senet — Jeu du Passage\" (French;"),
        ("game-box", "rules sheet", "(French;"),
        (
            "kendall",
            "article",
            "\"Quand les égyptiens étaient beaux joueurs\" (French;",
        ),
        ("empty-board", "Italian", "\"Il gioco del Senet\" (Italian;"),
        ("tejon", "Fernando Tejón", "(Spanish;"),
    ] {
        let lines: Vec<&str> = text.lines().collect();
        let at = lines.iter().position(|l| l.starts_with(id)).expect(id);
        let source = lines[at + 1];
        assert!(!source.contains(".txt"), "{source}");
        assert!(source.contains(what) && source.contains(title), "{source}");
    }
}

#[test]
fn every_variant_prints_a_complete_rule_file_that_plays_the_same_games() {
    // `variants --show ID` is the whole game: the file alone, with no --variant and no
    // --device, plays the preset's games (ludii-bell's with its four-sided die: before, the
    // device was a comment and such a file threw coins). Read back, it prints the same file.
    let dir = tempfile::tempdir().unwrap();
    for v in senet_engine::variants::Variant::all() {
        let text = stdout_of(&["variants", "--show", v.id()]);
        let table = senet_simulation::input::rulefile::RuleTable::parse(&text).unwrap();
        let game = table.game(None, None).unwrap();
        assert_eq!((game.variant, game.device), (v, v.device()), "{v}");
        assert_eq!(game.rules, v.rules(), "{v}");
        assert_eq!(
            senet_simulation::input::rulefile::to_text(&game),
            text,
            "{v}"
        );
        let file = dir.path().join(format!("{v}.toml"));
        std::fs::write(&file, &text).unwrap();
        for seed in ["1", "2", "3"] {
            let from_file = stdout_of(&["play", "--rules", file.to_str().unwrap(), "--seed", seed]);
            let preset = stdout_of(&["play", "--variant", v.id(), "--seed", seed]);
            assert_eq!(from_file, preset, "{v} seed {seed}");
        }
    }
}

#[test]
fn scenarios_lists_every_shipped_scenario_with_its_title() {
    let out = senet().arg("scenarios").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![];
    for dir in ["scenarios", "scenarios/lesson"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            let name = e.unwrap().file_name().into_string().unwrap();
            if name.ends_with(".toml") {
                files.push(format!("{dir}/{name}"));
            }
        }
    }
    assert_eq!(files.len(), 13, "{files:?}");
    for f in files {
        let text_of = std::fs::read_to_string(root.join(&f)).unwrap();
        let title: toml::Table = toml::from_str(&text_of).unwrap();
        let title = title["title"].as_str().unwrap();
        assert!(
            text.lines()
                .any(|l| l.starts_with(&f) && l.ends_with(title)),
            "{f} with its title '{title}' missing from:\n{text}"
        );
    }
}

#[test]
fn moves_json_gives_from_to_and_the_sorted_board_after() {
    // Fig. 3 of 004: white 7 takes black 9, which goes back to 7.
    let v = json_of(&[
        "moves",
        "--variant",
        "tejon",
        "--white",
        "1,3,5,7,14",
        "--black",
        "2,4,6,9,12",
        "--to-move",
        "white",
        "--throw",
        "2",
        "--json",
    ]);
    let arr = v.as_array().unwrap();
    assert_eq!(arr.len(), 2);
    let hit = arr.iter().find(|m| m["from"] == 7).unwrap();
    assert_eq!(hit["to"], 9);
    assert_eq!(hit["white"], serde_json::json!([1, 3, 5, 9, 14]));
    assert_eq!(hit["black"], serde_json::json!([2, 4, 6, 7, 12]));
    // Fig. 5, black to move: with 6 no legal move (an empty array); with 2 the pawn on 29 leaves (to = 31).
    let fig5 = |throw: &str| {
        json_of(&[
            "moves",
            "--variant",
            "tejon",
            "--white",
            "22,23,25",
            "--black",
            "26,28,29",
            "--to-move",
            "black",
            "--throw",
            throw,
            "--json",
        ])
    };
    assert_eq!(fig5("6"), serde_json::json!([]));
    let off = fig5("2");
    assert_eq!(off[0]["to"], 31);
    assert_eq!(off[0]["black"], serde_json::json!([26, 28]));
}

#[test]
fn moves_text_draws_the_three_rows() {
    let out = senet()
        .args([
            "moves",
            "--variant",
            "kendall",
            "--white",
            "1",
            "--black",
            "20,21",
            "--to-move",
            "white",
            "--throw",
            "1",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with(" 1W  2."), "{text}");
    assert!(lines[1].starts_with("20B 19."), "{text}");
    assert!(lines[2].starts_with("21B 22."), "{text}");
    assert!(text.contains("1 -> 2"));
}

#[test]
fn play_json_is_one_line_per_throw_ending_with_the_result_and_replays() {
    let run = || {
        senet()
            .args(["play", "--variant", "tejon", "--seed", "42", "--json"])
            .output()
            .unwrap()
            .stdout
    };
    let a = run();
    assert_eq!(a, run(), "same seed, same game");
    let lines: Vec<Value> = String::from_utf8(a)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let last = lines.last().unwrap();
    assert_eq!(last["result"], "finished");
    assert!(last["winner"] == "white" || last["winner"] == "black");
    // The provenance line first (research.rs reads it), then one line a throw.
    assert_eq!(lines[0]["kind"], "provenance");
    assert_eq!(last["throws"].as_u64().unwrap() as usize, lines.len() - 2);
    // The opening throw-off: throws until a 1, which black plays from 10 to 11.
    let first = lines.iter().position(|l| l["kind"] == "throws").unwrap();
    assert!(lines[1..first]
        .iter()
        .all(|l| l["kind"] == "opening throw-off" && l["throw"] != 1));
    assert_eq!(lines[first]["side"], "black");
    assert_eq!(lines[first]["throw"], 1);
    assert_eq!(lines[first]["move"]["from"], 10);
    assert_eq!(lines[first]["move"]["to"], 11);
    // The winner's last move leaves it with no pawn on the board.
    let w = last["winner"].as_str().unwrap();
    assert_eq!(lines[lines.len() - 2][w], serde_json::json!([]));
}

#[test]
fn bad_input_is_one_line_naming_the_fault_with_status_2() {
    let cases: [(&[&str], &str); 9] = [
        (
            &[
                "moves",
                "--variant",
                "senat",
                "--to-move",
                "white",
                "--throw",
                "1",
            ],
            "unknown variant 'senat'",
        ),
        (
            &[
                "moves",
                "--white",
                "31",
                "--to-move",
                "white",
                "--throw",
                "1",
            ],
            "--white: square 31 is outside 1-30",
        ),
        (
            &[
                "moves",
                "--white",
                "4,4",
                "--to-move",
                "white",
                "--throw",
                "1",
            ],
            "square 4 is listed twice",
        ),
        (
            &[
                "moves",
                "--white",
                "4",
                "--black",
                "4",
                "--to-move",
                "white",
                "--throw",
                "1",
            ],
            "square 4 is listed for both",
        ),
        (
            &[
                "moves",
                "--white",
                "1,2,3,4,5,6",
                "--to-move",
                "white",
                "--throw",
                "1",
            ],
            "--white: white has 6 pawns on the board and 0 waiting, but the rules give 5 a side",
        ),
        (
            &[
                "moves",
                "--white",
                "1",
                "--forced",
                "9",
                "--to-move",
                "white",
                "--throw",
                "1",
            ],
            "--forced: the forced square 9 holds no pawn of the side to move",
        ),
        (
            &[
                "moves",
                "--white",
                "1",
                "--to-move",
                "white",
                "--throw",
                "5",
            ],
            "--throw 5: variant tejon only throws",
        ),
        (
            &["play", "--white", "genius"],
            "--white: unknown strategy 'genius'",
        ),
        (
            &["throws", "--device", "sticks", "--p-marked", "1.5"],
            "p_marked must lie in [0, 1]",
        ),
    ];
    for (args, message) in cases {
        let out = senet().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
}

#[test]
fn a_position_with_several_faults_tells_each_on_its_own_line() {
    let out = senet()
        .args([
            "moves", "--white", "31,4,4", "--black", "4", "--forced", "7",
        ])
        .args(["--to-move", "white", "--throw", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines,
        [
            "senet-sim: error: --white: square 31 is outside 1-30",
            "senet-sim: error: --white: square 4 is listed twice for white",
            "senet-sim: error: --white, --black: square 4 is listed for both white and black",
            "senet-sim: error: --forced: the forced square 7 holds no pawn of the side to move",
        ],
        "{err}"
    );
}

#[test]
fn rule_overrides_from_the_command_line() {
    // game-box's "pas de protections et barrières": a pair can then be hit.
    let args = [
        "moves",
        "--variant",
        "game-box",
        "--white",
        "16",
        "--black",
        "18,19",
        "--to-move",
        "white",
        "--throw",
        "2",
        "--json",
    ];
    let without = json_of(&args);
    assert_eq!(
        (without.as_array().unwrap().len(), &without[0]["to"]),
        (1, &serde_json::json!(14)),
        "protected: 16 goes back"
    );
    let with = json_of(&[&args[..], &["--set", "protection=false"]].concat());
    assert_eq!(with[0]["to"], 18);
    let bad = senet()
        .args([&args[..], &["--set", "protektion=false"]].concat())
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8(bad.stderr)
        .unwrap()
        .contains("unknown rule option 'protektion'"));
}

#[test]
fn the_reconstruction_report_has_an_arm_a_tournament_and_a_ladder_for_every_variant() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/scenarios/reconstructions.toml"
    ))
    .unwrap();
    let file: toml::Table = toml::from_str(&text).unwrap();
    // The tables of `key` that are (or are not) skill ladders and whose first strategy is
    // `first` (any: None), by variant.
    let variants = |key: &str, ladder: bool, first: Option<&str>| -> Vec<String> {
        file[key]
            .as_array()
            .unwrap()
            .iter()
            .filter(|t| t.get("ladder").and_then(|l| l.as_bool()).unwrap_or(false) == ladder)
            .filter(|t| first.is_none() || t["strategies"][0].as_str() == first)
            .map(|t| t["variant"].as_str().unwrap().to_string())
            .collect()
    };
    let registered: Vec<String> = senet_engine::variants::Variant::all()
        .map(|v| v.id().to_string())
        .collect();
    assert_eq!(variants("arm", false, None), registered);
    let heuristic = variants("tournament", false, Some("heuristic"));
    assert_eq!(heuristic, registered, "heuristic against random each");
    let td = variants("tournament", false, Some("td"));
    assert_eq!(td, registered, "td against heuristic and random each");
    assert_eq!(
        variants("tournament", true, None),
        registered,
        "a skill ladder each"
    );
}

#[test]
fn an_option_without_the_option_it_needs_is_refused_naming_both() {
    // (variant, override, the key refused, the key it needs): options of a preset that has
    // them, or the one they need taken away.
    for (variant, set, key, other) in [
        (
            "tejon",
            "exact_exit_squares=[28]",
            "exact_exit_squares",
            "exit",
        ),
        (
            "tejon",
            "thirty_blocks_exit=true",
            "thirty_blocks_exit",
            "exit",
        ),
        ("tejon", "residual_points=true", "residual_points", "exit"),
        ("passage", "water_square=0", "water_stay", "water_square"),
        (
            "passage",
            "throw_values=[5,2,2,3,4] first_throw=2",
            "rethrow_square",
            "throw_values",
        ),
        (
            "kendall",
            "checkpoint_trap=true",
            "checkpoint_trap",
            "checkpoint",
        ),
        ("tejon", "water_hits=[28]", "water_hits", "water_to"),
        (
            "ludii-kendall",
            "water_hits=[28,29,30] water_to=\"one-or-after\"",
            "water_hits",
            "water_to",
        ),
        ("ludii-kendall", "water_stay=true", "water_stay", "water_to"),
        (
            "empty-board",
            "opening_step=true",
            "opening_step",
            "first_throw",
        ),
    ] {
        // Overrides separated by a space are given as several `--set`.
        let sets = set.split(' ').flat_map(|s| ["--set", s]);
        let out = senet()
            .args(["play", "--variant", variant])
            .args(sets)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{set}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(&format!("'{key}'")) && err.contains(other),
            "{err}"
        );
    }
}

#[test]
fn rule_file_errors_name_the_file_line_key_and_what_it_takes() {
    // Before, `unknown rule option 'bonus_square'` named neither file nor line, a wrong name of
    // a value said "unknown variant", and a wrong type named no key.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.toml");
    let path = file.to_str().unwrap().to_string();
    for (text, set, want) in [
        (
            "variant = \"ludii-piccione\"\n\nbonus_square = [26]\n",
            None,
            vec![":3: unknown rule option 'bonus_square' (did you mean 'bonus_squares'?)"],
        ),
        (
            "pawns = 5\nwater_to = \"return_or_before\"\n",
            None,
            vec![
                ":2: rule option 'water_to': unknown value `return_or_before`",
                "(did you mean 'return-or-before'?)",
                "it takes \"return-or-before\", \"return-then-one\"",
            ],
        ),
        (
            "bonus_squares = 26\n",
            None,
            vec![":1: rule option 'bonus_squares': invalid type: integer `26`, expected a sequence; it takes a list of squares"],
        ),
        (
            "pawns = 5\n",
            Some("exit=\"exces\""),
            vec!["--set 'exit=\"exces\"': rule option 'exit': unknown value `exces`", "(did you mean 'excess'?)"],
        ),
    ] {
        std::fs::write(&file, text).unwrap();
        let mut args = vec!["play", "--rules", &path];
        if let Some(kv) = set {
            args.extend(["--set", kv]);
        }
        let out = senet().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{text}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!err.contains("variant `"), "{err}");
        for w in want {
            assert!(err.contains(w), "{err}\nwanted: {w}");
        }
    }
}
