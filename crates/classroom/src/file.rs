//! A class file read as teachers write it: a header row (the group's name, then one column per
//! value of the device: `groupe;1;2;3;4;6`), then one row per group.
//!
//! UTF-8 (with or without its mark), UTF-16 (a spreadsheet's « texte Unicode ») and
//! Windows-1252 (French Excel's « CSV (séparateur : point-virgule) ») are decoded; semicolons,
//! commas or tabs (a paste from a spreadsheet) separate the cells, quotes as CSV has them. What
//! is probably a mistake is refused, naming the line and column: a short row, an empty cell, a
//! group without a name or named twice, a count that is not a whole number. A « Total » row or
//! column is checked against the groups and then left out, with a warning; a wrong one is
//! refused.

use crate::class::{Class, Group};
use crate::words::Lang;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The largest class file read (a class's file is a few hundred bytes).
pub const MAX_BYTES: usize = 1 << 20;

/// Why a class file was refused.
#[derive(Debug, Error)]
pub enum ClassFileError {
    /// The file cannot be read.
    #[error("{}: cannot read the class's throws", file.display())]
    Read {
        /// The file.
        file: PathBuf,
        /// The system's reason.
        #[source]
        source: std::io::Error,
    },
    /// What the file holds is refused.
    #[error("{}", .0.message(Lang::En))]
    Invalid(Invalid),
}

impl ClassFileError {
    /// The message in `lang`: one line naming the file, and the line and column where it can.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            ClassFileError::Read { file, source } => match lang {
                Lang::En => format!("{self}: {source}"),
                Lang::Fr => format!(
                    "{} : impossible de lire les lancers de la classe : {source}",
                    file.display()
                ),
            },
            ClassFileError::Invalid(i) => i.message(lang),
        }
    }

    /// What was refused, where the file could be read.
    pub fn fault(&self) -> Option<&Fault> {
        match self {
            ClassFileError::Read { .. } => None,
            ClassFileError::Invalid(i) => Some(&i.fault),
        }
    }
}

/// A refused file's place and fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    /// The file.
    pub file: PathBuf,
    /// The line (1-based), where there is one.
    pub line: Option<usize>,
    /// The column (1-based), where there is one.
    pub column: Option<usize>,
    /// What is wrong.
    pub fault: Fault,
}

/// What is wrong in a class file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Larger than [`MAX_BYTES`].
    TooLarge,
    /// No header row, or no group row.
    Empty,
    /// A header cell that is not a value the device can give.
    BadValue(String),
    /// A value named twice in the header.
    Twice(u8),
    /// A value of the device without a column.
    Missing(u8),
    /// A count that is not a whole number of throws, 0 or more.
    BadCount(String),
    /// A count, or a sum of counts, past what a `u64` holds.
    Overflow(String),
    /// A row with fewer cells than the header.
    Short {
        /// Cells in the row.
        found: usize,
        /// Cells in the header.
        expected: usize,
    },
    /// A row with more cells than the header.
    Wide {
        /// Cells in the row.
        found: usize,
        /// Cells in the header.
        expected: usize,
    },
    /// An empty cell where a count goes.
    EmptyCell(u8),
    /// A row with counts and no group name.
    NoName,
    /// A group named as an earlier one.
    SameName {
        /// The name.
        name: String,
        /// The line of the first.
        first: usize,
    },
    /// A « Total » row whose count of a value is not the groups' sum.
    WrongTotal {
        /// The value (`None`: the total column of the total row).
        value: Option<u8>,
        /// The count written.
        written: u64,
        /// The groups' sum.
        sum: u64,
    },
    /// A row whose « Total » cell is not the sum of its counts.
    WrongRowTotal {
        /// The total written.
        written: u64,
        /// The row's sum.
        sum: u64,
    },
    /// Every count is 0.
    NoThrows,
    /// A cell that runs past its line: a `"` opened it and none closed it there.
    OpenQuote,
}

impl Invalid {
    /// The message in `lang`: the file, line and column, then the fault.
    pub fn message(&self, lang: Lang) -> String {
        let file = self.file.display();
        let place = match (lang, self.line, self.column) {
            (Lang::En, Some(l), Some(c)) => format!("{file}:{l}: column {c}: "),
            (Lang::En, Some(l), None) => format!("{file}:{l}: "),
            (Lang::En, None, _) => format!("{file}: "),
            (Lang::Fr, Some(l), Some(c)) => format!("{file}, ligne {l}, colonne {c} : "),
            (Lang::Fr, Some(l), None) => format!("{file}, ligne {l} : "),
            (Lang::Fr, None, _) => format!("{file} : "),
        };
        place + &self.fault.message(lang)
    }
}

impl Fault {
    /// The fault in `lang`, with what to do about it.
    pub fn message(&self, lang: Lang) -> String {
        let fr = lang == Lang::Fr;
        match self {
            Fault::TooLarge if fr => format!("fichier trop grand pour des lancers de classe (plus de {} octets)", MAX_BYTES),
            Fault::TooLarge => format!("too large for a class's throws (over {MAX_BYTES} bytes)"),
            Fault::Empty if fr => "aucun lancer : il faut une ligne d'en-tête (groupe, puis les issues) et une ligne par groupe".into(),
            Fault::Empty => "no throws: the file needs a header row (group, then the values) and one row per group".into(),
            Fault::BadValue(t) if fr => format!("« {t} » n'est pas une issue de cet objet de lancer"),
            Fault::BadValue(t) => format!("'{t}' is not a value this device can give"),
            Fault::Twice(v) if fr => format!("l'issue {v} a déjà une colonne"),
            Fault::Twice(v) => format!("the value {v} has a column already"),
            Fault::Missing(v) if fr => format!("pas de colonne pour l'issue {v}"),
            Fault::Missing(v) => format!("no column for the value {v}"),
            Fault::BadCount(t) if fr => format!("« {t} » n'est pas un effectif (un nombre entier de lancers, 0 ou plus)"),
            Fault::BadCount(t) => format!("'{t}' is not a count of throws (a whole number, 0 or more)"),
            Fault::Overflow(t) if fr => format!("« {t} » : effectif trop grand"),
            Fault::Overflow(t) => format!("'{t}': count too large"),
            Fault::Short { found, expected } if fr => format!("{found} cases au lieu de {expected} : ligne incomplète (écrire 0 pour une issue jamais obtenue)"),
            Fault::Short { found, expected } => format!("{found} cells, the header has {expected}: a short row (write 0 for a value never thrown)"),
            Fault::Wide { found, expected } if fr => format!("{found} cases, l'en-tête en a {expected}"),
            Fault::Wide { found, expected } => format!("{found} cells, the header has {expected}"),
            Fault::EmptyCell(v) if fr => format!("case vide pour l'issue {v} : écrire 0 si le groupe ne l'a jamais obtenue"),
            Fault::EmptyCell(v) => format!("empty cell for the value {v}: write 0 if the group never threw it"),
            Fault::NoName if fr => "un groupe sans nom : écrire son nom dans la première colonne".into(),
            Fault::NoName => "a group without a name: write it in the first column".into(),
            Fault::SameName { name, first } if fr => format!("le groupe « {name} » est déjà à la ligne {first} : un groupe compté deux fois ?"),
            Fault::SameName { name, first } => format!("the group '{name}' is on line {first} already: a group counted twice?"),
            Fault::WrongTotal { value: Some(v), written, sum } if fr => format!("ligne « Total » : {written} pour l'issue {v}, mais les groupes au-dessus en font {sum}"),
            Fault::WrongTotal { value: Some(v), written, sum } => format!("'Total' row: {written} for the value {v}, but the groups above add up to {sum}"),
            Fault::WrongTotal { value: None, written, sum } if fr => format!("ligne « Total » : {written} lancers en tout, mais les groupes au-dessus en font {sum}"),
            Fault::WrongTotal { value: None, written, sum } => format!("'Total' row: {written} throws in all, but the groups above add up to {sum}"),
            Fault::WrongRowTotal { written, sum } if fr => format!("total {written}, mais les effectifs de la ligne font {sum}"),
            Fault::WrongRowTotal { written, sum } => format!("total {written}, but the row's counts add up to {sum}"),
            Fault::NoThrows if fr => "tous les effectifs sont nuls : écrire les effectifs de la classe".into(),
            Fault::NoThrows => "every count is 0: write the class's counts in it".into(),
            Fault::OpenQuote if fr => "un guillemet \" ouvre cette case sans la fermer sur la ligne : l'enlever (ou le fermer)".into(),
            Fault::OpenQuote => "a \" opens this cell and nothing closes it on its line: remove it (or close it)".into(),
        }
    }
}

/// Something left out of the count, said to the teacher.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    /// A « Total » row, checked against the groups: not a group.
    TotalRow {
        /// Its line.
        line: usize,
    },
    /// A « Total » column, checked on every row: not a value.
    TotalColumn {
        /// Its column.
        column: usize,
    },
}

impl Warning {
    /// The warning in `lang`, naming the file and the line or column.
    pub fn message(&self, file: &Path, lang: Lang) -> String {
        let file = file.display();
        match (self, lang) {
            (Warning::TotalRow { line }, Lang::Fr) => format!("{file}, ligne {line} : ligne « Total » reconnue : elle est égale à la somme des groupes et n'est pas comptée comme un groupe"),
            (Warning::TotalRow { line }, Lang::En) => format!("{file}:{line}: a 'Total' row: it equals the groups' sum and is not counted as a group"),
            (Warning::TotalColumn { column }, Lang::Fr) => format!("{file}, colonne {column} : colonne « Total » reconnue : chaque ligne est égale à la somme de ses effectifs"),
            (Warning::TotalColumn { column }, Lang::En) => format!("{file}: column {column}: a 'Total' column: every row equals the sum of its counts"),
        }
    }
}

/// A class file read: the class, its warnings and how it was decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassFile {
    /// The file.
    pub file: PathBuf,
    /// The class's throws.
    pub class: Class,
    /// What was left out of the count, checked.
    pub warnings: Vec<Warning>,
    /// The text encoding it was read in (`UTF-8`, `UTF-16LE`, `windows-1252`...).
    pub encoding: &'static str,
}

/// Reads the class file at `path` for a device whose values are `values` (ascending).
pub fn read(path: &Path, values: &[u8]) -> Result<ClassFile, ClassFileError> {
    let read_err = |source| ClassFileError::Read {
        file: path.to_path_buf(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(read_err)?;
    if meta.len() > MAX_BYTES as u64 {
        return Err(invalid(path, None, None, Fault::TooLarge));
    }
    let mut bytes = Vec::new();
    // The size read is bounded too: a device or a growing file says no length.
    std::fs::File::open(path)
        .and_then(|f| {
            use std::io::Read;
            f.take(MAX_BYTES as u64 + 1).read_to_end(&mut bytes)
        })
        .map_err(read_err)?;
    if bytes.len() > MAX_BYTES {
        return Err(invalid(path, None, None, Fault::TooLarge));
    }
    parse(path, &bytes, values)
}

/// Parses the bytes of a class file (`path` names it in messages).
pub fn parse(path: &Path, bytes: &[u8], values: &[u8]) -> Result<ClassFile, ClassFileError> {
    if bytes.len() > MAX_BYTES {
        return Err(invalid(path, None, None, Fault::TooLarge));
    }
    let (text, encoding) = decode(bytes);
    let rows = rows(&text);
    let mut rows = rows.into_iter();
    let Some((head_line, head)) = rows.next() else {
        return Err(invalid(path, None, None, Fault::Empty));
    };
    let header = Header::read(path, head_line, &head, values)?;
    let mut reader = Rows {
        path,
        header: &header,
        values,
        groups: Vec::new(),
        warnings: Vec::new(),
        total_seen: false,
        sums: vec![0; values.len()],
        throws: 0,
    };
    if let Some(column) = header.total {
        reader.warnings.push(Warning::TotalColumn { column });
    }
    for (line, row) in rows {
        reader.row(line, &row)?;
    }
    let Rows {
        groups, warnings, ..
    } = reader;
    if groups.is_empty() {
        return Err(invalid(path, None, None, Fault::Empty));
    }
    let class = Class {
        values: values.to_vec(),
        groups,
    };
    if class.totals().iter().all(|&c| c == 0) {
        return Err(invalid(path, None, None, Fault::NoThrows));
    }
    Ok(ClassFile {
        file: path.to_path_buf(),
        class,
        warnings,
        encoding,
    })
}

fn invalid(
    path: &Path,
    line: Option<usize>,
    column: Option<usize>,
    fault: Fault,
) -> ClassFileError {
    ClassFileError::Invalid(Invalid {
        file: path.to_path_buf(),
        line,
        column,
        fault,
    })
}

/// The text of the file and its encoding: a byte-order mark says it; else UTF-16 without a mark
/// when every other byte of the start is zero; else UTF-8 when valid; else Windows-1252.
fn decode(bytes: &[u8]) -> (String, &'static str) {
    use encoding_rs::{Encoding, UTF_16BE, UTF_16LE, UTF_8, WINDOWS_1252};
    let (encoding, skip): (&'static Encoding, usize) = match Encoding::for_bom(bytes) {
        Some(found) => found,
        None => {
            let start = &bytes[..bytes.len().min(64) & !1];
            let zeros = |odd: usize| start.iter().skip(odd).step_by(2).all(|&b| b == 0);
            if start.len() >= 4 && zeros(1) {
                (UTF_16LE, 0)
            } else if start.len() >= 4 && zeros(0) {
                (UTF_16BE, 0)
            } else if std::str::from_utf8(bytes).is_ok() {
                (UTF_8, 0)
            } else {
                (WINDOWS_1252, 0)
            }
        }
    };
    let (text, _) = encoding.decode_without_bom_handling(&bytes[skip..]);
    (text.into_owned(), encoding.name())
}

/// The rows with something in them, each with its line (1-based) and its cells trimmed; the
/// separator is the header's: a tab, else a semicolon, else a comma.
fn rows(text: &str) -> Vec<(usize, Vec<String>)> {
    let first = text
        .lines()
        .find(|l| !l.trim().trim_matches([';', ',', '\t']).trim().is_empty())
        .unwrap_or("");
    let sep = [b'\t', b';', b',']
        .into_iter()
        .find(|&s| first.as_bytes().contains(&s))
        .unwrap_or(b',');
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(sep)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    // The reader's own line count skips blank lines: lines are counted from byte offsets.
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let mut out = Vec::new();
    for record in reader.records() {
        // The reader only fails on bad UTF-8, which `decode` has ruled out.
        let Ok(record) = record else { continue };
        // A record's position is the start of the blank lines before it, if any.
        let byte = record.position().map_or(0, |p| p.byte() as usize);
        let byte = byte + text[byte..].len() - text[byte..].trim_start_matches(['\r', '\n']).len();
        let line = starts.partition_point(|&s| s <= byte);
        let cells: Vec<String> = record.iter().map(str::to_string).collect();
        if cells.iter().any(|c| !c.is_empty()) {
            out.push((line, cells));
        }
    }
    out
}

/// A spreadsheet's label of a sum, for a row's first cell or a header cell.
fn is_total_label(cell: &str) -> bool {
    let c = cell.trim().to_lowercase();
    c.starts_with("total")
        || [
            "somme",
            "sommes",
            "sum",
            "ensemble",
            "la classe",
            "toute la classe",
            "tous",
        ]
        .contains(&c.as_str())
}

/// The header's columns.
struct Header {
    /// For each cell after the first: the index of its value, or `None` for the total column.
    columns: Vec<Option<usize>>,
    /// The total column (1-based), if any.
    total: Option<usize>,
}

impl Header {
    fn read(
        path: &Path,
        line: usize,
        row: &[String],
        values: &[u8],
    ) -> Result<Header, ClassFileError> {
        let row = trim_empty_end(row);
        let mut columns: Vec<Option<usize>> = Vec::new();
        let mut total = None;
        for (c, cell) in row.iter().enumerate().skip(1) {
            let at_cell = |fault| invalid(path, Some(line), Some(c + 1), fault);
            if total.is_none() && is_total_label(cell) {
                total = Some(c + 1);
                columns.push(None);
                continue;
            }
            let at = (cell.parse::<u8>().ok())
                .and_then(|v| values.iter().position(|&x| x == v))
                .ok_or_else(|| at_cell(Fault::BadValue(cell.clone())))?;
            if columns.contains(&Some(at)) {
                return Err(at_cell(Fault::Twice(values[at])));
            }
            columns.push(Some(at));
        }
        if let Some(v) = (0..values.len()).find(|i| !columns.contains(&Some(*i))) {
            return Err(invalid(path, Some(line), None, Fault::Missing(values[v])));
        }
        Ok(Header { columns, total })
    }
}

/// The cells without the empty ones at the end (a spreadsheet's extra separators).
fn trim_empty_end(row: &[String]) -> &[String] {
    let end = row.iter().rposition(|c| !c.is_empty()).map_or(0, |i| i + 1);
    &row[..end]
}

/// The rows after the header, read one by one.
struct Rows<'a> {
    path: &'a Path,
    header: &'a Header,
    values: &'a [u8],
    groups: Vec<Group>,
    warnings: Vec<Warning>,
    total_seen: bool,
    /// The groups' sum of each value, and of every value.
    sums: Vec<u64>,
    throws: u64,
}

impl Rows<'_> {
    fn fail(&self, line: usize, column: Option<usize>, fault: Fault) -> ClassFileError {
        invalid(self.path, Some(line), column, fault)
    }

    /// One row: a group, or a checked « Total » row.
    fn row(&mut self, line: usize, row: &[String]) -> Result<(), ClassFileError> {
        // A `"` left open swallows what follows it, lines included: refused, never counted.
        if let Some(c) = row.iter().position(|c| c.contains(['\n', '\r'])) {
            return Err(self.fail(line, Some(c + 1), Fault::OpenQuote));
        }
        let width = self.header.columns.len() + 1;
        let row = if row.len() > width {
            let kept = trim_empty_end(row);
            if kept.len() > width {
                return Err(self.fail(
                    line,
                    None,
                    Fault::Wide {
                        found: kept.len(),
                        expected: width,
                    },
                ));
            }
            &row[..width]
        } else {
            row
        };
        if row.len() < width {
            let found = trim_empty_end(row).len();
            return Err(self.fail(
                line,
                None,
                Fault::Short {
                    found,
                    expected: width,
                },
            ));
        }
        let mut counts = vec![0u64; self.values.len()];
        let mut written_total = None;
        for (c, cell) in row.iter().enumerate().skip(1) {
            let column = self.header.columns[c - 1];
            if cell.is_empty() {
                let Some(at) = column else { continue };
                return Err(self.fail(line, Some(c + 1), Fault::EmptyCell(self.values[at])));
            }
            let n = count(cell).map_err(|f| self.fail(line, Some(c + 1), f))?;
            match column {
                Some(at) => counts[at] = n,
                None => written_total = Some((c + 1, n)),
            }
        }
        let sum = checked_sum(&counts)
            .ok_or_else(|| self.fail(line, None, Fault::Overflow(row[1..].join(" + "))))?;
        if let Some((column, written)) = written_total {
            if written != sum && !is_total_label(&row[0]) {
                return Err(self.fail(line, Some(column), Fault::WrongRowTotal { written, sum }));
            }
        }
        if is_total_label(&row[0]) && !self.groups.is_empty() && !self.total_seen {
            return self.total_row(line, &counts, written_total);
        }
        self.group(line, &row[0], counts)
    }

    /// A « Total » row: each count must be the groups' sum.
    fn total_row(
        &mut self,
        line: usize,
        counts: &[u64],
        written: Option<(usize, u64)>,
    ) -> Result<(), ClassFileError> {
        for (at, (&w, &s)) in counts.iter().zip(&self.sums).enumerate() {
            if w != s {
                let column = (self.header.columns.iter())
                    .position(|c| *c == Some(at))
                    .map(|c| c + 2);
                let value = Some(self.values[at]);
                let fault = Fault::WrongTotal {
                    value,
                    written: w,
                    sum: s,
                };
                return Err(self.fail(line, column, fault));
            }
        }
        if let Some((column, w)) = written {
            if w != self.throws {
                let fault = Fault::WrongTotal {
                    value: None,
                    written: w,
                    sum: self.throws,
                };
                return Err(self.fail(line, Some(column), fault));
            }
        }
        self.total_seen = true;
        self.warnings.push(Warning::TotalRow { line });
        Ok(())
    }

    /// A group's row: a name of its own, counts whose sums fit a `u64`.
    fn group(&mut self, line: usize, name: &str, counts: Vec<u64>) -> Result<(), ClassFileError> {
        if name.is_empty() {
            return Err(self.fail(line, Some(1), Fault::NoName));
        }
        if let Some(first) = self.groups.iter().find(|g| g.name == name) {
            let fault = Fault::SameName {
                name: name.to_string(),
                first: first.line,
            };
            return Err(self.fail(line, Some(1), fault));
        }
        let overflow = || self.fail(line, None, Fault::Overflow(name.to_string()));
        let sums = (self.sums.iter().zip(&counts))
            .map(|(s, c)| s.checked_add(*c))
            .collect::<Option<Vec<u64>>>()
            .ok_or_else(overflow)?;
        let throws = checked_sum(&sums).ok_or_else(overflow)?;
        (self.sums, self.throws) = (sums, throws);
        self.groups.push(Group {
            name: name.to_string(),
            line,
            counts,
        });
        Ok(())
    }
}

/// The sum, or `None` past `u64`.
fn checked_sum(counts: &[u64]) -> Option<u64> {
    counts.iter().try_fold(0u64, |a, &c| a.checked_add(c))
}

/// A count: digits only (a spreadsheet's `12,0` or `12.0` is 12; a fraction, a sign or an
/// exponent is refused).
fn count(cell: &str) -> Result<u64, Fault> {
    let whole = (cell.strip_suffix(",0"))
        .or_else(|| cell.strip_suffix(".0"))
        .unwrap_or(cell);
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Fault::BadCount(cell.to_string()));
    }
    whole.parse().map_err(|_| Fault::Overflow(cell.to_string()))
}
