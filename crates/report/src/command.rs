//! The `senet-sim run` command that writes a report again: its « Reproduce » section and
//! `provenance.json` give it, whichever front end wrote the report.

use senet_tables::{CsvStyle, Lang};
use std::fmt::Write as _;
use std::path::Path;

/// A run's command line, with what it changed from the scenario file.
#[derive(Clone, Debug)]
pub struct RunCommand<'a> {
    /// The scenario file, as given.
    pub scenario: &'a Path,
    /// The seed played (always written).
    pub seed: u64,
    /// `--games`, when given.
    pub games: Option<u64>,
    /// `--out`, when given.
    pub out: Option<&'a Path>,
    /// The CSV dialect (written when it is not the language's).
    pub csv: CsvStyle,
    /// `--games-csv`, when given.
    pub games_csv: Option<u64>,
    /// `--records`, as given (`1,5,10-12`).
    pub records: Option<String>,
    /// The report's language (always written).
    pub lang: Lang,
}

impl RunCommand<'_> {
    /// `senet-sim run FILE --seed S [--games G] [--out DIR] [--csv ..] ... --lang L`.
    pub fn text(&self) -> String {
        let mut cmd = format!(
            "senet-sim run {} --seed {}",
            self.scenario.display(),
            self.seed
        );
        if let Some(g) = self.games {
            let _ = write!(cmd, " --games {g}");
        }
        if let Some(out) = self.out {
            let _ = write!(cmd, " --out {}", out.display());
        }
        if self.csv != CsvStyle::default_for(self.lang) {
            let _ = write!(cmd, " --csv {}", self.csv.name());
        }
        if let Some(n) = self.games_csv {
            let _ = write!(cmd, " --games-csv {n}");
        }
        if let Some(list) = &self.records {
            let _ = write!(cmd, " --records {list}");
        }
        let _ = write!(cmd, " --lang {}", self.lang.code());
        cmd
    }
}
