//! Unit tests of `scenario.rs`.
use super::*;
use senet_engine::variants::VARIANTS;

fn parse(text: &str) -> Result<Scenario<StrategySpec>, ScenarioError> {
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

/// An error carries its kind, its key and its line as fields, set where the error is found: a
/// front end matches them without reading the message.
#[test]
fn errors_carry_their_kind_key_and_line() {
    use crate::input::rulefile::RuleFault as R;
    use ScenarioFault as F;
    let tournament = "[[tournament]]\nvariant = \"tejon\"\nstrategies = [\"random\", \"back\"]\n";
    let cases: Vec<(String, F, Option<&str>, Option<usize>)> = vec![
        (
            OK.replace("games = 10", "games = 0"),
            F::Value,
            Some("games"),
            Some(2),
        ),
        (
            OK.replace("\"t\"", "\"a b\""),
            F::Value,
            Some("name"),
            Some(1),
        ),
        (
            OK.replace("games = 10\n", ""),
            F::Missing,
            Some("games"),
            None,
        ),
        ("name = \"t\"\ngames = 10\n".into(), F::Missing, None, None),
        (
            OK.replace("variant = \"tejon\"\n", ""),
            F::Missing,
            Some("variant"),
            None,
        ),
        (
            OK.replace("tejon", "senat"),
            F::Rules(R::UnknownVariant),
            Some("variant"),
            Some(5),
        ),
        (
            format!("{OK}device = {{ kind = \"sticks\", p_marked = 1.5 }}\n"),
            F::Rules(R::Device),
            Some("device"),
            Some(6),
        ),
        (
            format!("{OK}[arm.rules]\ncapture = \"eat\"\n"),
            F::Rules(R::WrongValue),
            Some("capture"),
            Some(7),
        ),
        (
            format!("{OK}[arm.rules]\ncaptures = true\n"),
            F::Rules(R::UnknownKey),
            Some("captures"),
            Some(7),
        ),
        (
            format!("{OK}[arm.rules]\nresidual_points = true\n"),
            F::Rules(R::Invalid),
            Some("residual_points"),
            Some(7),
        ),
        (
            format!("{OK}white = \"genius\"\n"),
            F::Strategy,
            Some("white"),
            Some(6),
        ),
        (
            format!("{OK}black = \"optimal\"\n"),
            F::Strategy,
            Some("black"),
            Some(6),
        ),
        (
            format!("{OK}[[arm]]\nname = \"a\"\nvariant = \"kendall\"\n"),
            F::Twice,
            Some("name"),
            Some(7),
        ),
        (
            "name = \"t\"\ngames = 10\n[[tournament]]\nvariant = \"tejon\"\nstrategies = [\"back\", \"back\"]\n".into(),
            F::Twice,
            Some("strategies"),
            Some(5),
        ),
        (
            format!("{OK}{tournament}games = 3\n"),
            F::Value,
            Some("games"),
            Some(9),
        ),
        (
            OK.replace("games = 10", "games = 10\nexact = \"b\""),
            F::UnknownName,
            Some("exact"),
            Some(3),
        ),
        // A TOML error names no key of ours: the line alone says where.
        (format!("{OK}colour = 1\n"), F::Toml, None, Some(6)),
        (
            OK.replace("games = 10", "games = \"ten\""),
            F::Toml,
            None,
            Some(2),
        ),
    ];
    for (text, kind, key, line) in cases {
        let e = parse(&text).unwrap_err();
        assert_eq!(
            (e.kind, e.key.as_deref(), e.line),
            (kind, key, line),
            "{e}\n{text}"
        );
        assert_eq!(e.file, Path::new("s.toml"));
        // One fault, told once: nothing follows from it.
        assert!(e.more.is_empty(), "{e}\n{text}");
    }
    let e = Scenario::load(Path::new("/no/such/scenario.toml")).unwrap_err();
    assert_eq!((e.kind, e.line), (F::Read, None));
}

#[test]
fn every_fault_is_told_by_line_each_with_its_kind_and_key() {
    use crate::input::rulefile::RuleFault as R;
    use ScenarioFault as F;
    let text = "name = \"a b\"\ngames = 10\nseed = -1\nexact = \"c\"\n\
        [[arm]]\nname = \"a\"\nvariant = \"tejon\"\nwhite = \"genius\"\nblack = \"optimal\"\n\
        [[arm]]\nname = \"a\"\nvariant = \"senat\"\n\
        [[arm]]\nname = \"b\"\nvariant = \"kendall\"\n\
        [[tournament]]\nvariant = \"tejon\"\nstrategies = [\"back\", \"genius\", \"back\"]\ngames = 3\n";
    let e = parse(text).unwrap_err();
    let told: Vec<(F, Option<&str>, Option<usize>)> = e
        .faults()
        .map(|f| (f.kind, f.key.as_deref(), f.line))
        .collect();
    assert_eq!(
        told,
        [
            (F::Value, Some("name"), Some(1)),
            (F::Value, Some("seed"), Some(3)),
            (F::UnknownName, Some("exact"), Some(4)),
            (F::Strategy, Some("white"), Some(8)),
            (F::Strategy, Some("black"), Some(9)),
            (F::Twice, Some("name"), Some(11)),
            (F::Rules(R::UnknownVariant), Some("variant"), Some(12)),
            (F::Strategy, Some("strategies"), Some(18)),
            (F::Twice, Some("strategies"), Some(18)),
            (F::Value, Some("games"), Some(19)),
        ],
        "{e}"
    );
    // What a user reads: one line a fault, by line, each naming the file.
    let shown = e.to_string();
    assert_eq!(shown.lines().count(), 10, "{shown}");
    assert!(shown.lines().all(|l| l.starts_with("s.toml:")), "{shown}");
    assert!(shown
        .lines()
        .nth(3)
        .unwrap()
        .contains("arm 1 ('a'), key 'white'"));
    // The valid arm alone would parse: its name is not a fault of `exact`.
    assert!(parse(&OK.replace("games = 10", "games = 10\nexact = \"a\"")).is_ok());
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
    use crate::input::rulefile::with_options;
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
    let e = Scenario::parse(&scenario, &text.replace("bell5", "bad")).unwrap_err();
    let fault = crate::input::rulefile::RuleFault::UnknownKey;
    assert_eq!(
        (e.kind, e.file.ends_with("rules/bad.toml"), e.line),
        (ScenarioFault::Rules(fault), true, Some(3))
    );
    let e = e.to_string();
    assert!(
        e.contains(
            "bad.toml:3: unknown rule option 'bonus_square' (did you mean 'bonus_squares'?)"
        ),
        "{e}"
    );
    // A variant named twice must agree.
    let twice = text.replace("rules =", "variant = \"tejon\"\nrules =");
    let e = Scenario::parse(&scenario, &twice).unwrap_err();
    let fault = crate::input::rulefile::RuleFault::VariantConflict;
    assert_eq!(e.kind, ScenarioFault::Rules(fault));
    let e = e.to_string();
    assert!(
        e.contains("bell5.toml:1:") && e.contains("name the variant once"),
        "{e}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A table an `optimal` player cannot be given (here the solve is stopped) is a `Table` fault
/// naming its arm's key.
#[test]
fn a_table_not_had_is_a_table_fault() {
    let text = format!("{OK}white = \"optimal\"\n[arm.rules]\npawns = 1\n");
    let s = parse(&text).unwrap();
    let cancel = crate::cancel::Cancel::new();
    cancel.cancel();
    let e = s
        .resolve(&mut crate::players::Tables::new(), &cancel)
        .unwrap_err();
    assert_eq!(
        (e.kind, e.key.as_deref()),
        (ScenarioFault::Table, Some("white"))
    );
}
