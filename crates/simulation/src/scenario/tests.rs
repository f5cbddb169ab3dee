//! Unit tests of `scenario.rs`.
use super::*;
use senet_engine::variants::VARIANTS;

fn parse(text: &str) -> Result<Scenario, ScenarioError> {
    Scenario::parse(Path::new("s.toml"), text)
}

const OK: &str = "name = \"t\"\ngames = 10\n[[arm]]\nname = \"a\"\nvariant = \"tejon\"\n";

#[test]
fn a_minimal_scenario_gets_defaults() {
    let s = parse(OK).unwrap();
    assert_eq!((s.games, s.seed, s.arms.len()), (10, 1, 1));
    assert_eq!(s.arms[0].device, Device::Coins);
    assert_eq!(s.arms[0].white, StrategySpec::Random);
}

#[test]
fn errors_name_file_key_and_line() {
    let cases = [
        (
            OK.replace("games = 10", "games = 0"),
            "s.toml:2: key 'games'",
        ),
        (
            OK.replace("tejon", "senat"),
            "s.toml:5: arm 1 ('a'), key 'variant'",
        ),
        (
            format!("{OK}white = \"genius\"\n"),
            "s.toml:6: arm 1 ('a'), key 'white'",
        ),
        (
            format!("{OK}device = {{ kind = \"sticks\", p_marked = 1.5 }}\n"),
            "s.toml:6: arm 1 ('a'), key 'device': p_marked must lie in [0, 1]",
        ),
        (
            format!("{OK}colour = 1\n"),
            "s.toml:6: unknown field `colour`",
        ),
        (
            OK.replace("games = 10", "games = \"ten\""),
            "s.toml:2: invalid type",
        ),
        (
            format!("{OK}[arm.rules]\nprotection = false\n\nprotections = false\n"),
            "s.toml:9: arm 1 ('a'), table 'rules': unknown rule option 'protections' (did you mean 'protection'?)",
        ),
        (
            format!("{OK}[[arm]]\nname = \"a\"\nvariant = \"kendall\"\n"),
            "s.toml:7: arm 2, key 'name': 'a' is already the name of the one on line 4",
        ),
        (
            format!("{OK}[[tournament]]\nvariant = \"tejon\"\nstrategies = [\"random\", \"back\"]\n[[tournament]]\nvariant = \"tejon\"\nstrategies = [\"random\", \"front\"]\n"),
            "s.toml:10: tournament 2, key 'name': 'tejon' is already the name of the one on line 7",
        ),
    ];
    for (text, want) in cases {
        let e = parse(&text).unwrap_err().to_string();
        assert!(
            e.starts_with(want) || e.contains(want),
            "{e}\nwanted: {want}"
        );
    }
}

/// An error carries its key as a field, set where the error is found: a front end can point
/// at it without reading the message.
#[test]
fn errors_carry_their_key() {
    let cases: [(String, Option<&str>); 8] = [
        (OK.replace("games = 10", "games = 0"), Some("games")),
        (OK.replace("tejon", "senat"), Some("variant")),
        (format!("{OK}white = \"genius\"\n"), Some("white")),
        (format!("{OK}black = \"optimal\"\n"), Some("black")),
        (
            format!("{OK}[arm.rules]\ncapture = \"eat\"\n"),
            Some("capture"),
        ),
        (
            format!("{OK}[arm.rules]\nresidual_points = true\n"),
            Some("residual_points"),
        ),
        (
            OK.replace("games = 10", "games = 10\nexact = \"b\""),
            Some("exact"),
        ),
        // A TOML error names no key of ours: the line alone says where.
        (format!("{OK}colour = 1\n"), None),
    ];
    for (text, key) in cases {
        let e = parse(&text).unwrap_err();
        assert_eq!(e.key.as_deref(), key, "{e}");
    }
}

#[test]
fn every_preset_is_valid_and_round_trips_through_toml() {
    for v in VARIANTS {
        let r = Rules::preset(v.id).unwrap();
        r.validate().unwrap();
        let text = toml::to_string(&r).unwrap();
        let back: Rules = toml::from_str(&text).unwrap();
        assert_eq!(back, r, "{}", v.id);
    }
}

#[test]
fn overrides_replace_keys_and_reject_unknown_ones() {
    use crate::rulefile::with_options;
    let t: toml::Table = toml::from_str("protection = false\nsafe_squares = [15]").unwrap();
    let r = with_options(Variant::GAME_BOX, &t).unwrap();
    assert_eq!(r.protection, senet_engine::rules::Protection::None);
    assert!(r.safe_squares.has(15));
    let bad_square: toml::Table = toml::from_str("safe_squares = [31]").unwrap();
    let e = with_options(Variant::GAME_BOX, &bad_square).unwrap_err();
    assert_eq!(e.key.as_deref(), Some("safe_squares"));
    assert!(matches!(
        Rules::preset("senat"),
        Err(senet_engine::rules::RulesError::UnknownVariant(id, known)) if id == "senat" && known.starts_with("passage, game-box")
    ));
}

#[test]
fn an_arm_reads_a_rule_file_beside_the_scenario() {
    let dir = std::env::temp_dir().join(format!("senet-arm-rules-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("rules")).unwrap();
    let rules =
        "variant = \"ludii-bell\"\ndevice = { kind = \"sticks\", p_marked = 0.6 }\npawns = 5\n";
    std::fs::write(dir.join("rules/bell5.toml"), rules).unwrap();
    std::fs::write(
        dir.join("rules/bad.toml"),
        "variant = \"ludii-bell\"\n\nbonus_square = [26]\n",
    )
    .unwrap();
    let scenario = dir.join("s.toml");
    let text = "name = \"t\"\ngames = 10\n[[arm]]\nname = \"a\"\nrules = \"rules/bell5.toml\"\n";
    let s = Scenario::parse(&scenario, text).unwrap();
    let arm = &s.arms[0];
    assert_eq!(
        arm.variant,
        Variant::all().find(|v| v.id() == "ludii-bell").unwrap()
    );
    assert_eq!(
        (arm.rules.pawns, arm.device),
        (5, Device::Sticks { p_marked: 0.6 })
    );
    // The arm's own device wins over the file's.
    let coins = format!("{text}device = {{ kind = \"coins\" }}\n");
    assert_eq!(
        Scenario::parse(&scenario, &coins).unwrap().arms[0].device,
        Device::Coins
    );
    // An error inside the rule file names that file and its line.
    let e = Scenario::parse(&scenario, &text.replace("bell5", "bad"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains(
            "bad.toml:3: unknown rule option 'bonus_square' (did you mean 'bonus_squares'?)"
        ),
        "{e}"
    );
    // A variant named twice must agree.
    let twice = text.replace("rules =", "variant = \"tejon\"\nrules =");
    let e = Scenario::parse(&scenario, &twice).unwrap_err().to_string();
    assert!(
        e.contains("bell5.toml:1:") && e.contains("name the variant once"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
