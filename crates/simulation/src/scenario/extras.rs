//! A scenario's optional parts for the classroom: the charts that answer a lesson's own
//! question (`charts = [...]`) and the French names of its title, arms and tournaments (`[fr]`).

use super::{Arm, Ctx, ScenarioError};
use crate::tournament::Tournament;
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

/// A chart a scenario asks for beside the charts every report has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QuestionChart {
    /// Who starts: the throw-off's winner (first or second thrower) beside the exact
    /// 1/(2 − p), and the number of throws it took beside the geometric law (lesson 2).
    ThrowOff,
    /// How many throws it takes to leave each square left only by an exact throw (28, 29, 30
    /// in `tejon`), beside the geometric law (lesson 3).
    ExitWaits,
}

impl QuestionChart {
    /// The name a scenario file writes.
    pub fn id(self) -> &'static str {
        match self {
            QuestionChart::ThrowOff => "throw-off",
            QuestionChart::ExitWaits => "exit-waits",
        }
    }
}

/// The `[fr]` table as the file writes it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FileFrench {
    pub(super) title: Option<String>,
    pub(super) names: Option<Spanned<BTreeMap<String, String>>>,
}

/// The French names of a scenario (its `[fr]` table): shown instead of the file's names when
/// the report is in French.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct French {
    /// The title in French.
    pub title: Option<String>,
    /// An arm's or a tournament's French name, by its name in the file.
    pub names: BTreeMap<String, String>,
}

/// The `[fr]` table checked: every name it translates is an arm's or a tournament's.
pub(super) fn french(
    cx: &Ctx,
    file: Option<FileFrench>,
    arms: &[Arm],
    tournaments: &[Tournament],
) -> Result<French, ScenarioError> {
    let Some(f) = file else {
        return Ok(French::default());
    };
    let names = f.names.map(|a| (a.span(), a.into_inner()));
    if let Some((span, names)) = &names {
        let known = |n: &String| {
            arms.iter().any(|a| &a.name == n) || tournaments.iter().any(|t| &t.name == n)
        };
        if let Some(unknown) = names.keys().find(|n| !known(n)) {
            return Err(cx.err(
                Some(span.clone()),
                format!("key 'fr.names': '{unknown}' is not the name of an arm or a tournament of this scenario"),
            ));
        }
    }
    Ok(French {
        title: f.title,
        names: names.map(|n| n.1).unwrap_or_default(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;
    use std::path::Path;

    const TWO: &str = "name = \"t\"\ngames = 10\ntitle = \"Coins\"\n[[arm]]\nname = \"fair coins\"\nvariant = \"tejon\"\n[[arm]]\nname = \"die\"\nvariant = \"tejon\"\n";

    fn parse(text: &str) -> Result<Scenario, ScenarioError> {
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
        let e = parse(&format!("charts = [\"throwoff\"]\n{TWO}")).unwrap_err();
        assert_eq!(e.line, Some(1), "{e}");
        assert!(e.to_string().contains("throwoff"), "{e}");
    }
}
