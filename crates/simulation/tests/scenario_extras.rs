//! A scenario's classroom parts: the French names of `[fr]` and the question charts.

use senet_engine::strategy::spec::StrategySpec;
use senet_simulation::input::scenario::{QuestionChart, Scenario, ScenarioError};
use std::path::Path;

const TWO: &str = "name = \"t\"\ngames = 10\ntitle = \"Coins\"\n[[arm]]\nname = \"fair coins\"\nvariant = \"tejon\"\n[[arm]]\nname = \"die\"\nvariant = \"tejon\"\n";

fn parse(text: &str) -> Result<Scenario<StrategySpec>, ScenarioError> {
    Scenario::parse(Path::new("s.toml"), text)
}

#[test]
fn french_names_replace_the_files_only_where_given() {
    let s = parse(&format!(
        "{TWO}[fr]\ntitle = \"Pièces\"\nnames = {{ \"fair coins\" = \"pièces équilibrées\" }}\n"
    ))
    .unwrap();
    assert_eq!(s.title, "Coins", "the file's names until asked");
    let f = s.in_french();
    assert_eq!(f.title, "Pièces");
    let names: Vec<&str> = f.arms.iter().map(|a| a.name.as_str()).collect();
    assert_eq!(names, ["pièces équilibrées", "die"]);
}

#[test]
fn a_french_name_of_no_arm_is_refused_with_its_line() {
    let e = parse(&format!(
        "{TWO}[fr]\nnames = {{ \"fair coin\" = \"pièces\" }}\n"
    ))
    .unwrap_err()
    .to_string();
    assert_eq!(
        e,
        "s.toml:11: key 'fr.names': 'fair coin' is not the name of an arm or a tournament of this scenario"
    );
    let e = parse(&format!("{TWO}[fr]\ntitel = \"x\"\n")).unwrap_err();
    assert!(e.to_string().contains("titel"), "{e}");
}

#[test]
fn question_charts_are_read_by_name() {
    let s = parse(&format!("charts = [\"exit-waits\", \"throw-off\"]\n{TWO}")).unwrap();
    assert_eq!(
        s.charts,
        [QuestionChart::ExitWaits, QuestionChart::ThrowOff]
    );
    assert_eq!(
        s.charts.iter().map(|c| c.id()).collect::<Vec<_>>(),
        ["exit-waits", "throw-off"]
    );
    let s = parse(&format!(
        "charts = [\"throws\", \"convergence\", \"lengths\"]\n{TWO}"
    ))
    .unwrap();
    assert_eq!(
        s.charts,
        [
            QuestionChart::Throws,
            QuestionChart::Convergence,
            QuestionChart::Lengths
        ]
    );
    let e = parse(&format!("charts = [\"throwoff\"]\n{TWO}")).unwrap_err();
    assert_eq!(e.line, Some(1), "{e}");
    assert!(e.to_string().contains("throwoff"), "{e}");
}
