//! `senet_sim.run(..., report=DIR)`: the report folder of a run, written by `senet-report` as
//! the command line writes it (the same files for the same scenario, seed and games), into a
//! new folder: made beside its target under a temporary name and renamed into place whole.

use pyo3::exceptions::{PyFileExistsError, PyOSError, PyRuntimeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use senet_classroom::ClassFile;
use senet_engine::strategy::spec::{Player, StrategySpec};
use senet_simulation::input::scenario::Scenario;
use senet_simulation::play::runner::RunResults;
use senet_tables::{CsvStyle, Lang, TableFormat};
use std::path::{Path, PathBuf};

/// A report asked for, checked before any game is played.
pub(crate) struct Request {
    out: PathBuf,
    lang: Lang,
    class: Vec<Option<ClassFile>>,
    reproduce: String,
}

impl Request {
    /// Checks the folder (new), the language (`lang`, else the scenario's, else English) and
    /// each arm's class throws; puts the scenario in the report's language.
    pub(crate) fn new(
        py: Python<'_>,
        scenario: &mut Scenario<StrategySpec>,
        (file, out): (PathBuf, PathBuf),
        (games, lang): (Option<u64>, Option<&str>),
    ) -> PyResult<Request> {
        if out.exists() {
            return Err(PyFileExistsError::new_err(format!(
                "{}: already exists (report= writes a new folder)",
                out.display()
            )));
        }
        let lang = match lang.or(scenario.lang.as_deref()) {
            None => Lang::default(),
            Some(code) => Lang::from_code(code)
                .ok_or_else(|| PyValueError::new_err(format!("lang={code:?}: en or fr")))?,
        };
        if lang == Lang::Fr {
            *scenario = scenario.clone().in_french();
        }
        if scenario.exact.is_some() {
            return Err(PyValueError::new_err(format!(
                "{}: `exact` is solved by `senet-sim run` only; write this report with it",
                file.display()
            )));
        }
        let class = class_throws(py, scenario, lang)?;
        let reproduce = senet_report::RunCommand {
            scenario: &file,
            seed: scenario.seed,
            games,
            out: Some(&out),
            csv: CsvStyle::default_for(lang),
            games_csv: None,
            records: None,
            lang,
        }
        .text();
        Ok(Request {
            out,
            lang,
            class,
            reproduce,
        })
    }

    /// Writes the report of `results` (of `scenario`, resolved).
    pub(crate) fn write(&self, scenario: &Scenario<Player>, results: &RunResults) -> PyResult<()> {
        let setup = senet_report::Setup {
            scenario,
            lang: self.lang,
            tables: TableFormat::new(CsvStyle::default_for(self.lang), false, self.lang),
            games_csv: false,
            records: false,
            class: &self.class,
            reproduce: &self.reproduce,
            program: senet_report::Program {
                version: env!("CARGO_PKG_VERSION"),
                commit: env!("SENET_SIM_COMMIT"),
                toolchain: env!("SENET_SIM_RUSTC"),
            },
        };
        let parent = match self.out.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        // Beside the target under the project's temporary name, created new.
        let tmp = senet_simulation::atomic::temporary(&self.out);
        let os = |what: &Path, e: std::io::Error| {
            PyOSError::new_err(format!("{}: {}", what.display(), e))
        };
        std::fs::create_dir_all(&parent).map_err(|e| os(&parent, e))?;
        std::fs::create_dir(&tmp).map_err(|e| os(&tmp, e))?;
        if let Err(e) = senet_report::write(&tmp, &setup, results, None) {
            let _ = std::fs::remove_dir_all(&tmp);
            return Err(PyRuntimeError::new_err(senet_engine::Chain(&e).to_string()));
        }
        if self.out.exists() {
            let _ = std::fs::remove_dir_all(&tmp);
            return Err(PyFileExistsError::new_err(format!(
                "{}: made by someone else while the run played; the report is not written",
                self.out.display()
            )));
        }
        std::fs::rename(&tmp, &self.out).map_err(|e| os(&self.out, e))
    }
}

/// Warns that `scenario`'s `exact` is not solved: the frames hold its simulated games only
/// (without a report; with one, `Request::new` refuses it).
pub(crate) fn warn_exact(
    py: Python<'_>,
    file: &std::path::Path,
    scenario: &Scenario<StrategySpec>,
) -> PyResult<()> {
    if scenario.exact.is_none() {
        return Ok(());
    }
    let text = format!(
        "{}: `exact` is solved by `senet-sim run` only: these frames hold the simulated games",
        file.display()
    );
    let text = std::ffi::CString::new(text).unwrap_or_default();
    PyErr::warn(py, &py.get_type::<PyUserWarning>(), &text, 1)
}

/// Each arm's class throws (`class_throws = "FILE"`), read and checked: a bad file raises
/// `ValueError` naming the file, line and arm (in the report's language); what was checked
/// and left out (a « Total » row) is a `UserWarning`.
pub(crate) fn class_throws(
    py: Python<'_>,
    scenario: &Scenario<StrategySpec>,
    lang: Lang,
) -> PyResult<Vec<Option<ClassFile>>> {
    let l = senet_classroom::Lang::from(lang);
    let files = (scenario.class_throws()).map_err(|e| PyValueError::new_err(e.message(l)))?;
    for read in files.iter().flatten() {
        for w in &read.warnings {
            let text = std::ffi::CString::new(w.message(&read.file, l)).unwrap_or_default();
            PyErr::warn(py, &py.get_type::<PyUserWarning>(), &text, 1)?;
        }
    }
    Ok(files)
}
