//! Every output says which rules made it: a report keeps each arm's whole game as a rule file,
//! `summary.csv` tells arms of different rules apart, `report.md` lists what each arm changes
//! from its preset, and the rule file replays the arm's games.

use crate::outputs::*;

const TWO_KENDALLS: &str = r#"name = "two-kendalls"
games = 300
seed = 5

[[arm]]
name = "seven pawns"
variant = "ludii-kendall"

[[arm]]
name = "five pawns"
variant = "ludii-kendall"
[arm.rules]
pawns = 5
"#;

#[test]
fn arms_of_one_variant_with_other_rules_are_told_apart() {
    // Before, both arms wrote `ludii-kendall` and nothing in the folder recorded the override.
    let tmp = tempfile::tempdir().unwrap();
    let sc = write(tmp.path(), "s.toml", TWO_KENDALLS);
    let out = tmp.path().join("report");
    let o = run(&sc, &out, &["--csv", "rfc4180"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let (header, rows) = csv(&out.join("summary.csv"));
    let at = header.iter().position(|c| c == "rules_hash").unwrap();
    let hashes: Vec<&str> = rows.iter().map(|r| r[at].as_str()).collect();
    assert_ne!(hashes[0], hashes[1]);
    for (row, stem) in rows.iter().zip(["seven-pawns", "five-pawns"]) {
        let file = out.join(format!("rules/{stem}.toml"));
        let text = std::fs::read_to_string(&file).unwrap();
        // The hash is the file's, as sha256sum would print it.
        assert_eq!(row[at], senet_simulation::input::rulefile::hash(&text));
        // The file alone replays the arm's game.
        let from_file = senet()
            .args(["play", "--rules", file.to_str().unwrap(), "--seed", "3"])
            .output()
            .unwrap();
        let mut direct = senet();
        direct.args(["play", "--variant", "ludii-kendall", "--seed", "3"]);
        if stem == "five-pawns" {
            direct.args(["--set", "pawns=5"]);
        }
        assert_eq!(from_file.stdout, direct.output().unwrap().stdout, "{stem}");
    }
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(
        md.contains("| five pawns | `rules/five-pawns.toml` |") && md.contains("| pawns = 5 |"),
        "{md}"
    );
    assert!(
        md.contains("| seven pawns | `rules/seven-pawns.toml` |"),
        "{md}"
    );
}

#[test]
fn play_review_and_solve_say_what_made_them() {
    let first = |args: &[&str]| -> String {
        let o = senet().args(args).output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout)
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .to_string()
    };
    let play = first(&[
        "play",
        "--variant",
        "ludii-bell",
        "--set",
        "pawns=4",
        "--seed",
        "7",
        "--white",
        "heuristic",
    ]);
    for part in [
        "# ludii-bell changed (pawns = 4), rules sha256:",
        "device d4",
        "game seed 0x",
        "white heuristic, black random",
    ] {
        assert!(play.contains(part), "{play}\nwanted: {part}");
    }
    let tmp = tempfile::tempdir().unwrap();
    let review = first(&[
        "review",
        "--pawns",
        "1",
        "--seed",
        "3",
        "--out",
        tmp.path().join("r").to_str().unwrap(),
    ]);
    assert!(
        review.starts_with("# tejon changed (pawns = 1), rules sha256:")
            && review.contains("device coins"),
        "{review}"
    );
    let dir = tmp.path().join("s");
    let solve = first(&[
        "solve",
        "--variant",
        "tejon",
        "--pawns",
        "1",
        "--device",
        "die",
        "--games",
        "10",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(solve.contains("pawns 1, device die"), "{solve}");
    let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
    assert!(
        md.contains("--device die") && md.contains("`rules.toml` (sha256:"),
        "{md}"
    );
    let rules = std::fs::read_to_string(dir.join("rules.toml")).unwrap();
    assert!(
        rules.contains("device = { kind = \"die\" }") && rules.contains("pawns = 1"),
        "{rules}"
    );
}

#[test]
fn the_intended_readings_are_complete_rule_files() {
    // scenarios/rules/: each file is the whole game as `variants --show` writes it (read back, it
    // writes the same text), and changes from its Ludii preset exactly what docs/rules.md says
    // (the crates/engine tests play the same overrides).
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/rules");
    let expected = [
        ("ludii-bell-intended.toml", "priority_squares = [15, 26, 27, 28, 29]"),
        (
            "ludii-jequier-intended.toml",
            "backward_capture = true, backward_per_pawn = true, end = \"first-out\", no_backward_from = []",
        ),
        ("ludii-kendall-intended.toml", "safe_squares = [], water_hits = [28, 29, 30]"),
        (
            "ludii-piccione-intended.toml",
            "backward_per_pawn = true, bonus_on_bear_off = false, no_backward_from = [28, 29, 30]",
        ),
    ];
    let mut files: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|f| f.ends_with(".toml"))
        .collect();
    files.sort();
    assert_eq!(files, expected.map(|(f, _)| f.to_string()));
    for (file, changed) in expected {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        let game = senet_simulation::input::rulefile::RuleTable::parse(&text)
            .unwrap()
            .game(None, None)
            .unwrap();
        assert_eq!(
            senet_simulation::input::rulefile::to_text(&game),
            text,
            "{file}"
        );
        assert_eq!(
            senet_simulation::input::rulefile::changed_keys(&game).join(", "),
            changed,
            "{file}"
        );
        assert_eq!(game.device, game.variant.device(), "{file}");
    }
}

#[test]
fn a_report_carries_its_scenario_its_program_and_its_networks() {
    // A paper cites a report: the scenario as run, the program and commit, the seed, each
    // arm's rules hash, and the td network by the hash of its weights (the shipped ones were
    // retrained: the name "td" alone does not say which).
    let tmp = tempfile::tempdir().unwrap();
    let text = "name = \"cited\"\ngames = 40\nseed = 9\n\n[[arm]]\nname = \"td\"\nvariant = \"tejon\"\nwhite = \"td\"\n";
    let sc = write(tmp.path(), "cited.toml", text);
    let out = tmp.path().join("report");
    let o = run(&sc, &out, &["--records", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(
        std::fs::read_to_string(out.join("scenario.toml")).unwrap(),
        text
    );
    let p: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("provenance.json")).unwrap())
            .unwrap();
    assert_eq!(p["program"], "senet-sim 0.1.0");
    assert!(p["commit"].as_str().is_some_and(|c| !c.is_empty()), "{p}");
    assert_eq!(p["seed"], 9);
    // When, with what compiler and on what machine it was written.
    assert!(
        p["toolchain"].as_str().unwrap().starts_with("rustc 1."),
        "{p}"
    );
    let written = p["written"].as_str().unwrap();
    assert!(
        written.len() == 20 && written.starts_with("20") && written.ends_with('Z'),
        "{written}"
    );
    assert_eq!(p["machine"]["os"], std::env::consts::OS);
    assert_eq!(p["machine"]["arch"], std::env::consts::ARCH);
    assert!(p["machine"]["cores"].as_u64().unwrap() >= 1);
    assert!(
        p["command"].as_str().unwrap().starts_with("senet-sim run "),
        "{p}"
    );
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let shipped = std::fs::read_to_string(root.join("weights/tejon.td")).unwrap();
    let net = senet_simulation::input::rulefile::hash(&shipped);
    assert_eq!(p["arms"][0]["networks"]["td"], net.as_str());
    let (header, rows) = csv(&out.join("summary.csv"));
    let at = header.iter().position(|c| c == "rules_hash").unwrap();
    assert_eq!(p["arms"][0]["rules_hash"], rows[0][at].as_str());
    let md = std::fs::read_to_string(out.join("report.md")).unwrap();
    assert!(md.contains("Written by senet-sim 0.1.0, commit "), "{md}");
    // The game record names the network too.
    let record = std::fs::read_to_string(out.join("records/td-game-1.txt")).unwrap();
    assert!(
        record.contains(&format!("\nNetworks: td {net}\n")),
        "{record}"
    );
    // And the program that wrote it.
    assert!(
        record.contains("\nProgram: senet-sim 0.1.0, commit "),
        "{record}"
    );
}
