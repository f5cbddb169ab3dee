//! Golden games: for each variant, one seeded random game written out in full in
//! `tests/golden/<variant>.txt`: the output of `senet-sim play --variant V --seed N` (every
//! throw, the move played and the position after it; its header line, which names the rules,
//! device, seed and players, aside), N on the file's first lines. Its first 30
//! throws carry a comment, checked by hand against the seed, naming the sentence each one
//! exercises. The test runs the binary and compares line by line (comments aside), so a
//! changed rule shows as a reviewed diff of that file. On a difference the new output is
//! written to `target/golden/<variant>.txt` for review; copy it over the fixture (keeping the
//! comments) once the change is understood.

use assert_cmd::Command;
use senet_engine::variants::VARIANTS;

/// How many throws of each golden game carry a hand-checked comment.
const CHECKED: usize = 30;

/// The seed of a variant's golden game: 1, except `kendall`, whose first throws with seed 1 are
/// those of `tejon` (same coins, same opening), and `ludii-kendall`, whose game 2 reaches the
/// water early (a fall, a stay, a return to 15, the pawn back from it moving first).
fn seed_of(id: &str) -> u64 {
    match id {
        "kendall" | "ludii-kendall" => 2,
        _ => 1,
    }
}

/// The lines `senet-sim play` prints for the golden game of a variant.
fn golden_game(id: &str) -> Vec<String> {
    let out = Command::cargo_bin("senet-sim")
        .unwrap()
        .args(["play", "--variant", id, "--seed", &seed_of(id).to_string()])
        .output()
        .unwrap();
    assert!(out.status.success());
    // The first line (`# ` and the rules, device, seed and players) says what made the game.
    let text = String::from_utf8(out.stdout).unwrap();
    let header = format!("# {id}, rules sha256:");
    assert!(
        text.starts_with(&header),
        "{id}: {}",
        text.lines().next().unwrap_or_default()
    );
    text.lines()
        .filter(|l| !l.starts_with("# "))
        .map(str::to_string)
        .collect()
}

/// A fixture line without its comment (`  # ...`) and trailing spaces.
fn bare(line: &str) -> &str {
    line.split("  # ").next().unwrap().trim_end()
}

#[test]
fn golden_games_replay_line_by_line() {
    let mut failures = vec![];
    for v in VARIANTS {
        let path = format!("{}/tests/golden/{}.txt", env!("CARGO_MANIFEST_DIR"), v.id);
        let fixture = std::fs::read_to_string(&path).unwrap_or_default();
        let kept: Vec<&str> = fixture.lines().filter(|l| !l.starts_with("//")).collect();
        let now = golden_game(v.id);
        let same = kept.len() == now.len() && kept.iter().zip(&now).all(|(a, b)| bare(a) == b);
        if !same {
            let out = format!("{}/target/golden", env!("CARGO_MANIFEST_DIR"));
            std::fs::create_dir_all(&out).unwrap();
            std::fs::write(format!("{out}/{}.txt", v.id), now.join("\n") + "\n").unwrap();
            let first = kept
                .iter()
                .zip(&now)
                .position(|(a, b)| bare(a) != b)
                .unwrap_or(kept.len().min(now.len()));
            failures.push(format!(
                "{}: differs from line {} (new output in target/golden/{}.txt)",
                v.id,
                first + 1,
                v.id
            ));
            continue;
        }
        // The first throws were checked by hand: each carries its comment.
        for line in kept.iter().take(CHECKED) {
            assert!(line.contains("  # "), "{}: no comment on '{line}'", v.id);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
