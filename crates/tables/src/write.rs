//! Writing a frame: CSV in a spreadsheet's dialect (RFC 4180, or French Excel and LibreOffice),
//! decimals to the digits they carry, and Parquet beside it when asked.

use crate::lang::Lang;
use crate::localise;
use crate::TablesError;
use polars::prelude::*;
use polars_io::prelude::{CsvWriter, SerWriter};
use std::path::Path;

/// How CSV files are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum CsvStyle {
    /// RFC 4180: comma-separated, decimal points, UTF-8 without BOM, CRLF.
    #[default]
    Rfc4180,
    /// For French Excel and LibreOffice: `;`-separated, decimal commas, UTF-8 with a BOM, CRLF.
    ExcelFr,
}

impl CsvStyle {
    /// The dialect a spreadsheet of the language opens with a double-click: excel-fr in French.
    pub fn default_for(lang: Lang) -> CsvStyle {
        match lang {
            Lang::En => CsvStyle::Rfc4180,
            Lang::Fr => CsvStyle::ExcelFr,
        }
    }

    /// The name `--csv` takes.
    pub fn name(self) -> &'static str {
        match self {
            CsvStyle::Rfc4180 => "rfc4180",
            CsvStyle::ExcelFr => "excel-fr",
        }
    }
}

/// How the tables of a report are written: CSV in a style, and Parquet beside it if asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableFormat {
    /// The CSV dialect.
    pub csv: CsvStyle,
    /// Also write each table as `NAME.parquet` (`--parquet`).
    pub parquet: bool,
    /// Also write each CSV file in RFC 4180 into `rfc4180/` (a French report: its files open in
    /// a French spreadsheet, and those of `rfc4180/` in pandas, Capytale and Basthon).
    pub rfc4180_copy: bool,
    /// The language of the headers and words (a French report's files say `victoires_blancs`
    /// and `au hasard`; its Parquet files too).
    pub lang: Lang,
}

impl TableFormat {
    /// The tables in the dialect `csv` (and as Parquet with `parquet`), headed and worded in
    /// `lang`; a French spreadsheet's dialect also gets the RFC 4180 copy.
    pub fn new(csv: CsvStyle, parquet: bool, lang: Lang) -> TableFormat {
        TableFormat {
            csv,
            parquet,
            rfc4180_copy: csv == CsvStyle::ExcelFr,
            lang,
        }
    }
}

/// The folder of a French report's CSV files in RFC 4180.
pub const RFC4180_DIR: &str = "rfc4180";

/// Writes a frame as the CSV file `path`, decimals to [`SIGNIFICANT`] digits (and, with
/// `format.parquet`, the same table as Parquet beside it, `.parquet` for `.csv`); returns the
/// header written (in `format.lang`).
pub fn write_table(
    df: &mut DataFrame,
    path: &Path,
    format: TableFormat,
) -> Result<Vec<String>, TablesError> {
    write_table_with(df, path, format, |_| SIGNIFICANT)
}

/// [`write_table`] with each decimal column of the CSV files rounded to `digits(name)`
/// significant digits.
pub fn write_table_with(
    df: &mut DataFrame,
    path: &Path,
    format: TableFormat,
    digits: impl Fn(&str) -> usize,
) -> Result<Vec<String>, TablesError> {
    // The CSV files are read by people: decimals to the digits they carry. Parquet, read by
    // programs, keeps every digit.
    let file = file_name(path);
    let mut shown = localise::frame(&rounded(df, digits)?, file, format.lang)?;
    let header = (shown.get_column_names().iter())
        .map(|c| c.to_string())
        .collect();
    write_plain(&mut shown, path, format.csv)?;
    if format.rfc4180_copy {
        let dir = path.with_file_name(RFC4180_DIR);
        std::fs::create_dir_all(&dir).map_err(|e| TablesError::io(&dir, e))?;
        write_plain(&mut shown, &dir.join(file), CsvStyle::Rfc4180)?;
    }
    if format.parquet {
        let pq = path.with_extension("parquet");
        let file = std::fs::File::create(&pq).map_err(|e| TablesError::io(&pq, e))?;
        polars_io::prelude::ParquetWriter::new(file)
            .finish(&mut localise::frame(df, file_name(path), format.lang)?)
            .map_err(|e| TablesError::polars(&pq, e))?;
    }
    Ok(header)
}

/// The headers of the CSV files a report wrote, by file name, as [`write_table`] returned
/// them: what `columns.csv` describes ([`crate::frames::columns`]).
pub type Headers = std::collections::BTreeMap<String, Vec<String>>;

/// How many significant digits a run's decimal numbers keep: a frequency of 200,000 games
/// carries six, and the digits after them are noise a spreadsheet shows in full.
pub const SIGNIFICANT: usize = 6;

/// The frame with each decimal column rounded to `digits(name)` significant digits (counts are
/// integers and stay whole).
fn rounded(df: &DataFrame, digits: impl Fn(&str) -> usize) -> Result<DataFrame, TablesError> {
    let round = |x: f64, digits: usize| -> f64 {
        if x == 0.0 || !x.is_finite() {
            return x;
        }
        format!("{x:.prec$e}", prec = digits.max(1) - 1)
            .parse()
            .unwrap_or(x)
    };
    let columns = df
        .columns()
        .iter()
        .map(|c| match c.f64() {
            Ok(values) => {
                let n = digits(c.name());
                let rounded: Vec<Option<f64>> =
                    values.iter().map(|v| v.map(|x| round(x, n))).collect();
                Column::new(c.name().clone(), rounded)
            }
            Err(_) => c.clone(),
        })
        .collect();
    Ok(DataFrame::new_infer_height(columns)?)
}

/// Writes a frame as a CSV file in `style` (double quotes where needed, CRLF line ends), its
/// headers and words in `lang`. Every header must be a column of [`crate::columns::COLUMNS`] for the
/// file's name.
pub fn write_csv(
    df: &DataFrame,
    path: &Path,
    style: CsvStyle,
    lang: Lang,
) -> Result<(), TablesError> {
    write_plain(
        &mut localise::frame(df, file_name(path), lang)?,
        path,
        style,
    )
}

/// The name of the file at `path` (`summary.csv`), which says which table it is.
fn file_name(path: &Path) -> &str {
    path.file_name().and_then(|n| n.to_str()).unwrap_or("")
}

/// The frame with every text cell a spreadsheet would read as a formula (it starts with `=`,
/// `+`, `-`, `@`, a tab or a carriage return, and is not a number) written after a `'`, as
/// spreadsheets themselves mark text: a group's name from a class file never runs.
fn defused(df: &DataFrame) -> Result<DataFrame, polars::prelude::PolarsError> {
    let formula = |t: &str| {
        t.len() > 1 && t.starts_with(['=', '+', '-', '@', '\t', '\r']) && t.parse::<f64>().is_err()
    };
    let columns = (df.columns().iter())
        .map(|c| match c.str() {
            Ok(text) if text.iter().flatten().any(formula) => {
                let safe: Vec<Option<String>> = (text.iter())
                    .map(|v| {
                        v.map(|t| {
                            if formula(t) {
                                format!("'{t}")
                            } else {
                                t.to_string()
                            }
                        })
                    })
                    .collect();
                Column::new(c.name().clone(), safe)
            }
            _ => c.clone(),
        })
        .collect();
    DataFrame::new_infer_height(columns)
}

/// Writes a frame, already in its report's language, as a CSV file in `style`.
fn write_plain(df: &mut DataFrame, path: &Path, style: CsvStyle) -> Result<(), TablesError> {
    let df = &mut defused(df).map_err(|e| TablesError::polars(path, e))?;
    let file = std::fs::File::create(path).map_err(|e| TablesError::io(path, e))?;
    let mut w = std::io::BufWriter::new(file);
    let french = style == CsvStyle::ExcelFr;
    CsvWriter::new(&mut w)
        .include_header(true)
        .include_bom(french)
        .with_separator(if french { b';' } else { b',' })
        .with_decimal_comma(french)
        .with_line_terminator("\r\n".into())
        .finish(df)
        .map_err(|e| TablesError::polars(path, e))?;
    use std::io::Write;
    w.flush().map_err(|e| TablesError::io(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frames::col;
    use polars_io::prelude::{ParquetReader, SerReader};

    #[test]
    fn text_a_spreadsheet_would_run_is_written_as_text() {
        let mut df = DataFrame::new_infer_height(vec![
            col("group", vec!["=1+1", "@SUM(A1)", "-x", "-3", "A", "-"]),
            col("n", vec![1u64, 2, 3, 4, 5, 6]),
        ])
        .unwrap();
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("t.csv");
        write_plain(&mut df, &path, CsvStyle::Rfc4180).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            "group,n\r\n'=1+1,1\r\n'@SUM(A1),2\r\n'-x,3\r\n-3,4\r\nA,5\r\n-,6\r\n"
        );
    }

    /// The names `--csv` takes on the command line are the ones [`CsvStyle::name`] writes.
    #[cfg(feature = "clap")]
    #[test]
    fn csv_styles_are_named_as_the_command_line_takes_them() {
        use clap::ValueEnum;
        for style in CsvStyle::value_variants() {
            let value = style.to_possible_value().unwrap();
            assert_eq!(value.get_name(), style.name());
        }
    }

    /// `--parquet` writes each table again as Parquet: the same columns and values as the CSV
    /// file (every column type the tables use: text, u64, u32, f64), counts as signed 64-bit
    /// integers; a count too large for them is refused.
    #[test]
    fn parquet_holds_the_csv_table() {
        let tmp = tempfile::tempdir().unwrap();
        let mut df = DataFrame::new_infer_height(vec![
            col("arm", vec!["coins".to_string(), "sticks, 40%".to_string()]),
            col("games", vec![20_000u64, 1 << 62]),
            col("p5_turns", vec![41u32, 0]),
            col("white_rate", vec![0.5125f64, 1.0 / 3.0]),
        ])
        .unwrap();
        let path = tmp.path().join("summary.csv");
        let format = TableFormat::new(CsvStyle::Rfc4180, true, Lang::En);
        write_table(&mut df, &path, format).unwrap();
        let file = std::fs::File::open(tmp.path().join("summary.parquet")).unwrap();
        let back = ParquetReader::new(file).finish().unwrap();
        let signed = |name: &str| df.column(name).unwrap().cast(&DataType::Int64).unwrap();
        let want = DataFrame::new_infer_height(vec![
            df.column("arm").unwrap().clone(),
            signed("games"),
            signed("p5_turns"),
            df.column("white_rate").unwrap().clone(),
        ])
        .unwrap();
        assert!(back.equals(&want), "{back:?}\n{want:?}");
        assert_eq!(back.column("games").unwrap().dtype(), &DataType::Int64);
        let csv = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            csv,
            "arm,games,p5_turns,white_rate\r\n\
             coins,20000,41,0.5125\r\n\
             \"sticks, 40%\",4611686018427387904,0,0.333333\r\n"
        );
        let mut huge = DataFrame::new_infer_height(vec![col("games", vec![u64::MAX])]).unwrap();
        assert!(write_table(&mut huge, &path, format).is_err());
    }
}
