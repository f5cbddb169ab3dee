//! Each arm's class throws (`class_throws = "FILE"`), read and checked against the arm's device
//! before any game: what the command line and Python both do before a report.

use senet_classroom::{ClassFile, ClassFileError, Lang};
use senet_engine::rules::Rules;
use senet_engine::throws::Device;
use std::path::Path;

/// An arm's class file refused.
#[derive(Debug, thiserror::Error)]
#[error("the class throws of the arm '{arm}'")]
pub struct ClassThrowsError {
    /// The arm that names the file.
    pub arm: String,
    /// Why the file was refused.
    #[source]
    pub error: ClassFileError,
}

impl ClassThrowsError {
    /// One line naming the file, line and column, and the arm, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match lang {
            Lang::Fr => format!(
                "{} (clé class_throws de « {} »)",
                self.error.message(lang),
                self.arm
            ),
            Lang::En => format!(
                "{} (class_throws of the arm '{}')",
                self.error.message(lang),
                self.arm
            ),
        }
    }
}

/// Reads the class file `file` of the arm `arm`, checked against its device's values.
pub(super) fn read(
    arm: &str,
    file: &Path,
    (rules, device): (&Rules, &Device),
) -> Result<ClassFile, ClassThrowsError> {
    let values: Vec<u8> = senet_engine::throws::throw_table(rules, device)
        .iter()
        .map(|d| d.0)
        .collect();
    senet_classroom::read(file, &values).map_err(|error| ClassThrowsError {
        arm: arm.to_string(),
        error,
    })
}
