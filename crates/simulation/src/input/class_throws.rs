//! A class's own throws (`class_throws = "FILE"` in an arm): the counts each group of pupils
//! made with real coins or sticks, read from a CSV file, pooled group after group, and compared
//! with the arm's exact law and with equiprobable values (the IREM lesson's question).
//!
//! The file: a header row, the group's name first, then one column per throw value of the
//! arm's device (`groupe;1;2;3;4;6`); then one row per group, each cell a count. Semicolons or
//! commas; an empty cell counts 0. Reading it is done when the run is about to play, not when
//! the scenario is parsed.

use senet_engine::rules::Rules;
use senet_engine::throws::Device;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why a class file was refused: each names the file, and the line and column where it can.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ClassThrowsError {
    /// The file cannot be read.
    #[error("{file}: cannot read the class's throws: {why}")]
    Read {
        /// The file.
        file: PathBuf,
        /// The system's reason.
        why: String,
    },
    /// No header row, or no group row.
    #[error("{file}: no throws: the file needs a header row (group, then the values {values}) and one row per group")]
    Empty {
        /// The file.
        file: PathBuf,
        /// The values the header names, as a list.
        values: String,
    },
    /// A header cell that is not a value the device can give.
    #[error(
        "{file}:{line}: column {column}: '{text}' is not a value this device can give ({values})"
    )]
    BadValue {
        /// The file.
        file: PathBuf,
        /// The line (1-based).
        line: usize,
        /// The column (1-based).
        column: usize,
        /// The cell.
        text: String,
        /// The values it can give.
        values: String,
    },
    /// A value named twice in the header.
    #[error("{file}:{line}: column {column}: the value {value} has a column already")]
    Twice {
        /// The file.
        file: PathBuf,
        /// The line (1-based).
        line: usize,
        /// The column (1-based).
        column: usize,
        /// The value.
        value: u8,
    },
    /// A value of the device without a column.
    #[error("{file}:{line}: no column for the value {value} (the header needs {values})")]
    Missing {
        /// The file.
        file: PathBuf,
        /// The header's line (1-based).
        line: usize,
        /// The value.
        value: u8,
        /// The values it needs.
        values: String,
    },
    /// A count that is not a whole number of throws, 0 or more.
    #[error("{file}:{line}: column {column}: '{text}' is not a count of throws (a whole number, 0 or more)")]
    BadCount {
        /// The file.
        file: PathBuf,
        /// The line (1-based).
        line: usize,
        /// The column (1-based).
        column: usize,
        /// The cell.
        text: String,
    },
    /// A row with more cells than the header.
    #[error("{file}:{line}: {found} cells, the header has {expected}")]
    Width {
        /// The file.
        file: PathBuf,
        /// The line (1-based).
        line: usize,
        /// Cells in the row.
        found: usize,
        /// Cells in the header.
        expected: usize,
    },
    /// Every count is 0.
    #[error("{file}: every count is 0: write the class's counts in it")]
    NoThrows {
        /// The file.
        file: PathBuf,
    },
}

/// One group's counts, in the order of [`ClassThrows::values`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The group's name (the row's first cell).
    pub name: String,
    /// Its count of each value.
    pub counts: Vec<u64>,
}

/// The class's throws: the device's values and each group's counts, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassThrows {
    /// The file they were read from.
    pub file: PathBuf,
    /// The values, ascending.
    pub values: Vec<u8>,
    /// The groups, in file order.
    pub groups: Vec<Group>,
}

impl ClassThrows {
    /// The pooled counts after the first `k` groups, for k = 1 to the number of groups.
    pub fn pooled(&self) -> Vec<Vec<u64>> {
        let mut sum = vec![0u64; self.values.len()];
        let mut out = Vec::with_capacity(self.groups.len());
        for g in &self.groups {
            for (s, c) in sum.iter_mut().zip(&g.counts) {
                *s += c;
            }
            out.push(sum.clone());
        }
        out
    }

    /// Every group's counts added up.
    pub fn totals(&self) -> Vec<u64> {
        self.pooled().pop().unwrap_or_default()
    }

    /// Each value's exact probability under `rules` with `device`, in the order of
    /// [`ClassThrows::values`] (0 for a value the device cannot give).
    pub fn law(&self, rules: &Rules, device: &Device) -> Vec<f64> {
        let table = senet_engine::throws::throw_table(rules, device);
        (self.values.iter())
            .map(|v| table.iter().find(|d| d.0 == *v).map_or(0.0, |d| d.1))
            .collect()
    }
}

/// Reads the class's throws of a device whose values are `values` (ascending).
pub fn read(path: &Path, values: &[u8]) -> Result<ClassThrows, ClassThrowsError> {
    let text = std::fs::read_to_string(path).map_err(|e| ClassThrowsError::Read {
        file: path.to_path_buf(),
        why: e.to_string(),
    })?;
    parse(path, &text, values)
}

/// Parses the text of a class file (`path` names it in errors).
pub fn parse(path: &Path, text: &str, values: &[u8]) -> Result<ClassThrows, ClassThrowsError> {
    let file = path.to_path_buf();
    let list = values
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Lines with something in them, numbered from 1.
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().trim_matches([';', ',']).trim().is_empty());
    let empty = || ClassThrowsError::Empty {
        file: file.clone(),
        values: list.clone(),
    };
    let (head_line, head) = lines.next().ok_or_else(empty)?;
    let sep = if head.contains(';') { ';' } else { ',' };
    let columns = header(&file, head_line, &cells(head, sep), values, &list)?;
    let mut groups = Vec::new();
    for (line, row) in lines {
        let row = cells(row, sep);
        if row.len() > columns.len() + 1 {
            return Err(ClassThrowsError::Width {
                file,
                line,
                found: row.len(),
                expected: columns.len() + 1,
            });
        }
        let mut counts = vec![0u64; values.len()];
        for (c, cell) in row.iter().enumerate().skip(1) {
            let count = count(cell).ok_or_else(|| ClassThrowsError::BadCount {
                file: file.clone(),
                line,
                column: c + 1,
                text: cell.clone(),
            })?;
            counts[columns[c - 1]] = count;
        }
        groups.push(Group {
            name: row[0].clone(),
            counts,
        });
    }
    if groups.is_empty() {
        return Err(empty());
    }
    let class = ClassThrows {
        file,
        values: values.to_vec(),
        groups,
    };
    if class.totals().iter().all(|&c| c == 0) {
        return Err(ClassThrowsError::NoThrows { file: class.file });
    }
    Ok(class)
}

/// The header's value columns: for each column after the first, the index of its value.
fn header(
    file: &Path,
    line: usize,
    row: &[String],
    values: &[u8],
    list: &str,
) -> Result<Vec<usize>, ClassThrowsError> {
    let mut columns: Vec<usize> = Vec::new();
    for (c, cell) in row.iter().enumerate().skip(1) {
        let at = cell
            .parse::<u8>()
            .ok()
            .and_then(|v| values.iter().position(|&x| x == v))
            .ok_or_else(|| ClassThrowsError::BadValue {
                file: file.to_path_buf(),
                line,
                column: c + 1,
                text: cell.clone(),
                values: list.to_string(),
            })?;
        if columns.contains(&at) {
            return Err(ClassThrowsError::Twice {
                file: file.to_path_buf(),
                line,
                column: c + 1,
                value: values[at],
            });
        }
        columns.push(at);
    }
    if let Some(v) = (0..values.len()).find(|i| !columns.contains(i)) {
        return Err(ClassThrowsError::Missing {
            file: file.to_path_buf(),
            line,
            value: values[v],
            values: list.to_string(),
        });
    }
    Ok(columns)
}

/// The cells of a row: split at `sep` outside double quotes (a quoted cell may hold `sep`,
/// and `""` for a quote), each trimmed.
fn cells(row: &str, sep: char) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        let cell = out.last_mut().expect("a cell");
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                cell.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            c if c == sep && !quoted => out.push(String::new()),
            c => cell.push(c),
        }
    }
    let mut out: Vec<String> = out.into_iter().map(|c| c.trim().to_string()).collect();
    // Trailing empty cells (a spreadsheet's extra separators) are not columns.
    while out.len() > 1 && out.last().is_some_and(String::is_empty) {
        out.pop();
    }
    out
}

/// A count: empty is 0; otherwise digits only (a spreadsheet's `12,0` or `12.0` is accepted as
/// 12, a fraction is not).
fn count(cell: &str) -> Option<u64> {
    if cell.is_empty() {
        return Some(0);
    }
    let whole = cell
        .strip_suffix(",0")
        .or_else(|| cell.strip_suffix(".0"))
        .unwrap_or(cell);
    if !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    whole.parse().ok()
}

/// What the class's pooled counts say about equiprobable values.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// Throws in all.
    pub throws: u64,
    /// The probability of each value were they equiprobable (1 / number of values).
    pub equiprobable: f64,
    /// The fluctuation interval around it for `throws` throws (the school's p ± 1/√n).
    pub interval: (f64, f64),
    /// The value whose frequency is furthest from equiprobable, with its count.
    pub furthest: (u8, u64),
    /// Whether that frequency lies outside the interval: then the values are not equiprobable.
    pub not_equiprobable: bool,
    /// Whether every value's frequency lies within the fluctuation interval of its exact
    /// probability under the arm's law (`law`, in the order of the values).
    pub fits_law: bool,
}

/// The verdict on pooled `counts` of `values`, `law` each value's exact probability.
pub fn verdict(values: &[u8], counts: &[u64], law: &[f64]) -> Verdict {
    let n: u64 = counts.iter().sum();
    let e = 1.0 / values.len() as f64;
    let interval = crate::play::stats::fluctuation_school(e, n);
    let freq = |c: u64| crate::play::stats::rate(c, n);
    let far = (0..values.len())
        .max_by(|&a, &b| {
            let da = (freq(counts[a]) - e).abs();
            let db = (freq(counts[b]) - e).abs();
            da.total_cmp(&db).then(b.cmp(&a))
        })
        .unwrap_or(0);
    let f = freq(counts[far]);
    let fits_law = counts.iter().zip(law).all(|(&c, &p)| {
        let (lo, hi) = crate::play::stats::fluctuation_school(p, n);
        (lo..=hi).contains(&freq(c))
    });
    Verdict {
        throws: n,
        equiprobable: e,
        interval,
        furthest: (values[far], counts[far]),
        not_equiprobable: !(interval.0..=interval.1).contains(&f),
        fits_law,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const COINS: [u8; 5] = [1, 2, 3, 4, 6];

    fn parse_text(text: &str) -> Result<ClassThrows, ClassThrowsError> {
        parse(Path::new("classe.csv"), text, &COINS)
    }

    #[test]
    fn reads_groups_in_either_dialect_and_pools_them() {
        let semi = "\u{feff}groupe;1;2;3;4;6\r\nA;10;15;9;4;2\r\nB;8;;12;5;1\r\n;;;;;\r\n";
        let c = parse_text(semi).unwrap();
        assert_eq!(c.groups.len(), 2);
        assert_eq!(c.groups[1].counts, vec![8, 0, 12, 5, 1]);
        assert_eq!(c.pooled()[0], vec![10, 15, 9, 4, 2]);
        assert_eq!(c.totals(), vec![18, 15, 21, 9, 3]);
        // Columns in any order, commas, quotes.
        let comma = "\"group\",6,4,3,2,1\n\"A, B\",2,4,9,15,10\n";
        let c = parse_text(comma).unwrap();
        assert_eq!(c.groups[0].name, "A, B");
        assert_eq!(c.groups[0].counts, vec![10, 15, 9, 4, 2]);
    }

    #[test]
    fn bad_files_name_their_line_and_column() {
        let e = parse_text("g;1;2;3;4;5\nA;1;1;1;1;1\n").unwrap_err();
        assert!(
            matches!(&e, ClassThrowsError::BadValue { line: 1, column: 6, text, .. } if text == "5"),
            "{e}"
        );
        assert_eq!(
            e.to_string(),
            "classe.csv:1: column 6: '5' is not a value this device can give (1, 2, 3, 4, 6)"
        );
        let e = parse_text("g;1;2;3;4;6\nA;1;-2;1;1;1\n").unwrap_err();
        assert!(matches!(
            e,
            ClassThrowsError::BadCount {
                line: 2,
                column: 3,
                ..
            }
        ));
        let e = parse_text("g;1;2;3;4;6\n\nA;1;2;1;1,5;1\n").unwrap_err();
        assert!(matches!(
            e,
            ClassThrowsError::BadCount {
                line: 3,
                column: 5,
                ..
            }
        ));
        assert!(matches!(
            parse_text("").unwrap_err(),
            ClassThrowsError::Empty { .. }
        ));
        assert!(matches!(
            parse_text("g;1;2;3;4;6\n").unwrap_err(),
            ClassThrowsError::Empty { .. }
        ));
        assert!(matches!(
            parse_text("g;1;2;3;4;6\nA;0;0;0;0;0\n").unwrap_err(),
            ClassThrowsError::NoThrows { .. }
        ));
        assert!(matches!(
            parse_text("g;1;2;3;4\nA;1;2;3;4\n").unwrap_err(),
            ClassThrowsError::Missing { value: 6, .. }
        ));
        assert!(matches!(
            parse_text("g;1;2;2;4;6\nA;1;2;3;4;5\n").unwrap_err(),
            ClassThrowsError::Twice {
                value: 2,
                column: 4,
                ..
            }
        ));
        assert!(matches!(
            parse_text("g;1;2;3;4;6\nA;1;2;3;4;5;7\n").unwrap_err(),
            ClassThrowsError::Width { line: 2, .. }
        ));
        // A whole number written by a spreadsheet is a count.
        assert_eq!(
            parse_text("g;1;2;3;4;6\nA;1,0;2;3;4;5\n").unwrap().groups[0].counts[0],
            1
        );
    }

    #[test]
    fn the_verdict_tells_coins_from_equiprobable_values() {
        // 320 throws near the coins' law (1/4, 3/8, 1/4, 1/16, 1/16).
        let law = [0.25, 0.375, 0.25, 0.0625, 0.0625];
        let v = verdict(&COINS, &[80, 120, 80, 20, 20], &law);
        assert_eq!(v.throws, 320);
        assert!((v.equiprobable - 0.2).abs() < 1e-12);
        // 1/√320 = 0.0559.
        assert!((v.interval.0 - (0.2 - 0.0559)).abs() < 1e-3);
        assert_eq!(v.furthest, (2, 120));
        assert!(v.not_equiprobable && v.fits_law);
        // 20 throws, 4 of each value: too few to tell either way.
        let v = verdict(&COINS, &[4, 4, 4, 4, 4], &law);
        assert!(!v.not_equiprobable && v.fits_law);
        // 400 throws of equiprobable values: far from the coins' law.
        let v = verdict(&COINS, &[80, 80, 80, 80, 80], &law);
        assert!(!v.not_equiprobable && !v.fits_law);
    }
}
