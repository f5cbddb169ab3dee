//! Generated bad input (proptest): random scenario files, command lines and `moves` positions.
//! The property: the binary never panics, exits 0, 2 (bad input) or 1 (I/O), says what is
//! wrong on one line a fault, and leaves nothing behind when it fails. Case counts fit CI's
//! budget.

use crate::outputs::*;
use proptest::prelude::*;
use std::process::Output;

fn check(o: &Output, what: &str) -> Result<(), TestCaseError> {
    let err = String::from_utf8_lossy(&o.stderr);
    prop_assert!(!err.contains("panicked"), "{what}: {err}");
    let code = o.status.code();
    prop_assert!(
        matches!(code, Some(0..=2)),
        "{what}: status {code:?}: {err}"
    );
    if code != Some(0) {
        // One line a fault, each the binary's error line.
        prop_assert!(err.lines().count() >= 1, "{}: {}", what, err);
        let bad = err.lines().find(|l| !l.starts_with("senet-sim: error: "));
        prop_assert!(bad.is_none(), "{}: {}", what, err);
    }
    Ok(())
}

/// A value of any TOML type, often a plausible one.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("\"tejon\"".to_string()),
        Just("\"kendall\"".to_string()),
        Just("\"heuristic\"".to_string()),
        Just("[\"random\", \"back\"]".to_string()),
        Just("{ kind = \"sticks\", p_marked = 0.6 }".to_string()),
        Just("{ kind = \"dice\" }".to_string()),
        (-5i64..100).prop_map(|n| n.to_string()),
        Just("99999999999999999999999".to_string()),
        Just("1e308".to_string()),
        Just("true".to_string()),
        Just("[1, [2]]".to_string()),
        Just("{ protection = false }".to_string()),
        "[a-z ]{0,8}".prop_map(|s| format!("\"{s}\"")),
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("name"),
        Just("variant"),
        Just("games"),
        Just("seed"),
        Just("lang"),
        Just("white"),
        Just("black"),
        Just("device"),
        Just("rules"),
        Just("strategies"),
        Just("title"),
        Just("protection"),
        Just("water_square"),
        Just("gmaes"),
    ]
    .prop_map(str::to_string)
}

/// Lines of a scenario: headers, `key = value` pairs, and now and then raw bytes.
fn scenario() -> impl Strategy<Value = Vec<u8>> {
    let line = prop_oneof![
        4 => (key(), value()).prop_map(|(k, v)| format!("{k} = {v}\n").into_bytes()),
        1 => prop_oneof![Just("[[arm]]"), Just("[tournament]"), Just("[[tournament]]"), Just("[arm.rules]")]
            .prop_map(|h| format!("{h}\n").into_bytes()),
        1 => proptest::collection::vec(any::<u8>(), 0..12),
    ];
    let head = b"name = \"p\"\ngames = 10\n[[arm]]\nname = \"a\"\nvariant = \"tejon\"\n".to_vec();
    (any::<bool>(), proptest::collection::vec(line, 0..8)).prop_map(move |(keep, lines)| {
        let mut text = if keep { head.clone() } else { Vec::new() };
        lines.into_iter().for_each(|l| text.extend(l));
        text
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_scenario_files_never_panic_nor_leave_files(text in scenario()) {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("s.toml");
        std::fs::write(&path, &text).unwrap();
        let out = tmp.path().join("out");
        let o = run(&path, &out, &["--games", "4", "--threads", "1"]);
        check(&o, &String::from_utf8_lossy(&text))?;
        if !o.status.success() {
            let left: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n != "s.toml")
                .collect();
            prop_assert!(left.is_empty(), "left behind: {:?}", left);
        }
    }

    #[test]
    fn random_command_lines_never_panic(
        command in prop_oneof![Just("moves"), Just("play"), Just("throws"), Just("variants")],
        args in proptest::collection::vec(prop_oneof![
            Just("--variant"), Just("kendall"), Just("senat"), Just("--white"), Just("--black"),
            Just("1,2,3"), Just("0,31"), Just("5,5"), Just("--throw"), Just("--residual"),
            Just("--to-move"), Just("white"), Just("--seed"), Just("-1"), Just("1_000"),
            Just("99999999999999999999"), Just("--device"), Just("die"), Just("--p-marked"),
            Just("1.5"), Just("NaN"), Just("--count"), Just("3"), Just("--forced"), Just("--set"),
            Just("protection=false"), Just("water_square=40"), Just("--json"), Just("heuristic:x=1"),
            Just("rollout:0"), Just("--turn-start"), Just("--white-waiting"), Just("200"), Just(""),
        ], 0..8),
    ) {
        let o = senet().arg(command).args(&args).output().unwrap();
        let what = format!("{command} {}", args.join(" "));
        let err = String::from_utf8_lossy(&o.stderr);
        prop_assert!(!err.contains("panicked"), "{what}: {err}");
        prop_assert!(matches!(o.status.code(), Some(0..=2)), "{what}: {err}");
    }

    #[test]
    fn random_moves_positions_never_panic(
        variant in prop_oneof![Just("passage"), Just("game-box"), Just("kendall"), Just("empty-board"), Just("tejon")],
        white in proptest::collection::vec(0u8..33, 0..8),
        black in proptest::collection::vec(0u8..33, 0..8),
        throw in 0u8..8,
        waiting in 0u8..6,
    ) {
        let list = |v: &[u8]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",");
        let (w, b) = (list(&white), list(&black));
        let args = ["moves", "--variant", variant, "--white", &w, "--black", &b, "--to-move",
            "black", "--throw", &throw.to_string(), "--white-waiting", &waiting.to_string()];
        let o = senet().args(args).output().unwrap();
        check(&o, &args.join(" "))?;
    }
}
