//! Scenario and rule files written the French way (issue 23): a decimal comma or spaces between
//! thousands get one line that names the file, the line and what to write instead, and status 2.

use assert_cmd::Command;

fn refused(args: &[&str]) -> String {
    let out = Command::cargo_bin("senet-sim")
        .unwrap()
        .args(args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

#[test]
fn a_decimal_comma_and_spaced_thousands_say_what_to_write() {
    let dir = tempfile::tempdir().unwrap();
    let comma = dir.path().join("virgule.toml");
    std::fs::write(
        &comma,
        "name = \"x\"\ntitle = \"t\"\ngames = 2000\n\n[[arm]]\nname = \"a\"\nvariant = \"tejon\"\ndevice = { kind = \"sticks\", p_marked = 0,4 }\n",
    )
    .unwrap();
    let err = refused(&["run", comma.to_str().unwrap()]);
    assert!(err.contains("virgule.toml:8:"), "{err}");
    assert!(err.contains("write p_marked = 0.4"), "{err}");
    let spaces = dir.path().join("espaces.toml");
    std::fs::write(
        &spaces,
        "name = \"x\"\ntitle = \"t\"\ngames = 20 000\n\n[[arm]]\nname = \"a\"\nvariant = \"tejon\"\n",
    )
    .unwrap();
    let err = refused(&["run", spaces.to_str().unwrap()]);
    assert!(err.contains("espaces.toml:3:"), "{err}");
    assert!(
        err.contains("write games = 20000 or games = 20_000"),
        "{err}"
    );
    let rules = dir.path().join("regles.toml");
    std::fs::write(&rules, "max_turns = 5 000\n").unwrap();
    let err = refused(&[
        "play",
        "--variant",
        "tejon",
        "--rules",
        rules.to_str().unwrap(),
    ]);
    assert!(
        err.contains("regles.toml:1:") && err.contains("max_turns = 5000"),
        "{err}"
    );
}

#[test]
fn a_decimal_comma_on_the_command_line_says_what_to_write() {
    // Before, `--p-marked 0,7` got "invalid float literal" and no hint.
    let err = refused(&["throws", "--device", "sticks", "--p-marked", "0,7"]);
    assert!(
        err.contains("--p-marked") && err.contains("write 0.7"),
        "{err}"
    );
    let err = refused(&["solve", "--pawns", "1", "--save-every", "2,5"]);
    assert!(err.contains("write 2.5"), "{err}");
    let err = refused(&["throws", "--device", "sticks", "--p-marked", "beaucoup"]);
    assert!(err.contains("'beaucoup' is not a number"), "{err}");
}
