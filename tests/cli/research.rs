//! Issue 50, records a paper can cite: errors that name what is wrong (an empty rule file, a
//! duplicate key, a contradiction's two keys, no Rust type), a `train` hint that gives the very
//! game asked, `play --json`'s provenance line, a review's draw said in words.

use crate::outputs::*;

/// A rule file's mistakes: one line on stderr naming the file, the line and the key, exit 2,
/// nothing played (an empty file played tejon and exited 0).
#[test]
fn a_rule_file_error_names_what_is_wrong() {
    let tmp = tempfile::tempdir().unwrap();
    let file = |name: &str, text: &str| write(tmp.path(), name, text).display().to_string();
    let cases = [
        (
            file("empty.toml", ""),
            "names no variant: write variant = \"ID\"",
        ),
        (
            file("dup.toml", "variant = \"tejon\"\npawns = 3\npawns = 4\n"),
            "dup.toml:3: duplicate key 'pawns'",
        ),
        (
            file("big.toml", "variant = \"tejon\"\npawns = 300\n"),
            "expected a whole number from 0 to 255",
        ),
    ];
    for (path, want) in &cases {
        let (code, out, err) = senet_run(&["play", "--rules", path, "--seed", "1"]);
        assert_eq!(code, 2, "{path}: {err}");
        assert!(out.is_empty(), "{path}: nothing played: {out}");
        assert!(
            err.contains(want) && err.lines().count() == 1,
            "{path}: {err}"
        );
        // Rust's type names stay out of the message (the temporary path may well hold "u8").
        assert!(!err.replace(path.as_str(), "").contains("u8"), "{err}");
    }
    // The same empty file with --variant plays that variant.
    let (code, _, err) = senet_run(&["play", "--rules", &cases[0].0, "--variant", "kendall"]);
    assert_eq!(code, 0, "{err}");
    // A contradiction names both keys.
    let (code, _, err) = senet_run(&[
        "play",
        "--set",
        "checkpoint_trap=true",
        "--set",
        "water_square=0",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("checkpoint_trap") && err.contains("water_square is 0"),
        "{err}"
    );
}

/// `td` without a network for the game asked: the `train` command it prints trains that very
/// game (the override and the device kept), and the network it writes is then played; before,
/// the command dropped both and the network was refused, after a `#` header on stdout.
#[test]
fn the_train_hint_trains_the_game_asked() {
    let tmp = tempfile::tempdir().unwrap();
    let asked = [
        "play",
        "--variant",
        "kendall",
        "--set",
        "protection=false",
        "--device",
        "sticks",
        "--seed",
        "3",
    ];
    let (code, out, err) = senet_run(&[&asked[..], &["--white", "td"]].concat());
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "no header before the error: {out}");
    let command = err.split('`').nth(1).expect("a command in backquotes");
    assert!(
        command.starts_with(
            "senet-sim train --variant kendall --set 'protection=\"none\"' --device sticks --p-marked 0.5"
        ),
        "{command}"
    );
    // The command as a shell would split it, with few games into a file of ours.
    let net = tmp.path().join("k.td");
    let words: Vec<String> = command
        .replace("--games 100000 --out FILE", "")
        .split_whitespace()
        .skip(1)
        .map(|w| w.trim_matches('\'').to_string())
        .collect();
    let o = senet()
        .args(&words)
        .args(["--games", "20", "--out"])
        .arg(&net)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let td = format!("td:{}", net.display());
    let (code, _, err) = senet_run(&[&asked[..], &["--white", &td]].concat());
    assert_eq!(code, 0, "{err}");
}

/// `play --json` opens with a provenance line: program, variant, changed options, the rules'
/// hash (the text header's), device, seeds and players.
#[test]
fn play_json_opens_with_its_provenance() {
    let args = [
        "play",
        "--variant",
        "tejon",
        "--set",
        "pawns=3",
        "--seed",
        "7",
    ];
    let (code, text, err) = senet_run(&args);
    assert_eq!(code, 0, "{err}");
    let header = text.lines().next().unwrap();
    let (code, json, err) = senet_run(&[&args[..], &["--json"]].concat());
    assert_eq!(code, 0, "{err}");
    let first: serde_json::Value = serde_json::from_str(json.lines().next().unwrap()).unwrap();
    assert_eq!(first["kind"], "provenance");
    assert_eq!(first["variant"], "tejon");
    assert_eq!(first["changed"], serde_json::json!(["pawns = 3"]));
    assert_eq!(first["seed"], 7);
    let hash = first["rules_hash"].as_str().unwrap();
    assert!(
        hash.starts_with("sha256:") && header.contains(hash),
        "{header}"
    );
    assert_eq!(first["header"], header.trim_start_matches("# "));
    assert!(first["program"].as_str().unwrap().starts_with("senet-sim "));
    // The commit the binary was built from, and no network without a td player.
    assert!(first["commit"].as_str().is_some_and(|c| !c.is_empty()));
    assert_eq!(first["networks"], serde_json::json!({}));
}

/// A review says why a game has no winner (it printed `winner: -`), and a game too big to
/// solve on the spot names `--table`, review's own option.
#[test]
fn a_review_says_draw_and_names_its_table_option() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("r");
    // Game 13 of 2,000 one-pawn ludii-jequier games of seed 1: its last pawn left with a throw
    // that gives another throw, a draw.
    let (code, text, err) = senet_run(&[
        "review",
        "--variant",
        "ludii-jequier",
        "--pawns",
        "1",
        "--game-seed",
        "0x055765b0d3a05b36",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("winner: none (a draw), 13 throws"), "{text}");
    let (code, _, err) = senet_run(&["review", "--variant", "tejon", "--pawns", "4"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("then add --table DIR/table.senet") && !err.contains("optimal:DIR"),
        "{err}"
    );
}
