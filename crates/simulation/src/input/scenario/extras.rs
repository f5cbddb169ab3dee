//! A scenario's optional parts for the classroom: the charts that answer a lesson's own
//! question (`charts = [...]`) and the French names of its title, arms and tournaments (`[fr]`).

use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
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
    /// The throw distribution of each arm beside the exact law (lesson 1); every report draws
    /// it, and asking for it puts it with the question.
    Throws,
    /// The running frequency of each arm (the law of large numbers), drawn in every report.
    Convergence,
    /// The game lengths of the arms, drawn in every report (lesson 3); asked, the report says
    /// each arm's mean and median length in words.
    Lengths,
    /// Every arm's throw frequencies on one chart, and a sentence saying which arms throw like
    /// the first (lesson 1: sticks beside coins).
    CompareThrows,
}

impl QuestionChart {
    /// The name a scenario file writes.
    pub fn id(self) -> &'static str {
        match self {
            QuestionChart::ThrowOff => "throw-off",
            QuestionChart::ExitWaits => "exit-waits",
            QuestionChart::Throws => "throws",
            QuestionChart::Convergence => "convergence",
            QuestionChart::Lengths => "lengths",
            QuestionChart::CompareThrows => "compare-throws",
        }
    }
}

/// Who reads a report: researchers (every table and measure) or a class (`audience =
/// "classe"`: the lesson's figures in the pupils' words; Ludii's measures, hashes and Elo
/// ratings stay in the CSV files but leave the report).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub enum Audience {
    /// Every table and measure (the default).
    #[default]
    #[serde(rename = "research")]
    Research,
    /// Pupils: the report keeps what the lesson asks.
    #[serde(rename = "classe", alias = "class")]
    Class,
}

/// `exact = "ARM"`: the arm whose game the run solves exactly into the report's `exact/`
/// (lesson 5); its index among `arms` (their names in file order). An error is the span of the
/// key and its message.
pub(super) fn exact_arm(
    exact: Option<Spanned<String>>,
    arms: &[&str],
) -> Result<Option<usize>, (Option<Range<usize>>, String)> {
    let Some(name) = exact else {
        return Ok(None);
    };
    match arms.iter().position(|a| *a == name.get_ref()) {
        Some(i) => Ok(Some(i)),
        None => Err((
            Some(name.span()),
            format!(
                "key 'exact': '{}' is not the name of an arm of this scenario (the arm whose game is solved into exact/)",
                name.get_ref()
            ),
        )),
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

/// The `[fr]` table checked: every name it translates is known (`known`: an arm's or a
/// tournament's name). An error is the span of the key at fault and its message.
pub(super) fn french(
    file: Option<FileFrench>,
    known: &dyn Fn(&str) -> bool,
) -> Result<French, (Option<Range<usize>>, String)> {
    let Some(f) = file else {
        return Ok(French::default());
    };
    let names = f.names.map(|a| (a.span(), a.into_inner()));
    if let Some((span, names)) = &names {
        if let Some(unknown) = names.keys().find(|n| !known(n)) {
            return Err((
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
