//! The result tables as polars DataFrames, and their CSV files (RFC 4180, UTF-8, header row).

use super::columns;
use crate::lang::Lang;
use anyhow::{Context, Result};
use polars::prelude::*;
use polars_io::prelude::{CsvWriter, SerWriter};
use senet_engine::board::Side;
use senet_engine::throws::value_distribution;
use senet_simulation::runner::ArmResult;
use senet_simulation::stats::{
    frequency_check, rate, throwoff_theory, waits, wilson95, ArmStats, Histogram,
};
use std::path::Path;

pub(crate) fn col<T>(name: &str, values: T) -> Column
where
    Series: NamedFrom<T, [<T as IntoIterator>::Item]>,
    T: IntoIterator,
{
    Column::new(name.into(), values)
}

/// A counter of an arm's statistics.
type Counter<'a> = &'a dyn Fn(&ArmStats) -> u64;

/// `summary.csv`: one row per arm.
pub fn summary(results: &[ArmResult]) -> Result<DataFrame> {
    let mut c: Vec<Column> = Vec::new();
    let s = |f: &dyn Fn(&ArmResult) -> String| results.iter().map(f).collect::<Vec<String>>();
    let u =
        |f: &dyn Fn(&ArmStats) -> u64| results.iter().map(|r| f(&r.stats)).collect::<Vec<u64>>();
    let x =
        |f: &dyn Fn(&ArmStats) -> f64| results.iter().map(|r| f(&r.stats)).collect::<Vec<f64>>();
    let q = |p: f64| {
        results
            .iter()
            .map(|r| r.stats.turns.quantile(p))
            .collect::<Vec<u32>>()
    };
    c.push(col("arm", s(&|r| r.arm.name.clone())));
    c.push(col("variant", s(&|r| r.arm.variant.to_string())));
    c.push(col("device", s(&|r| r.arm.device.to_string())));
    let hash = |r: &ArmResult| crate::report::provenance::rule_file(&r.arm.game()).1;
    c.push(col("rules_hash", s(&hash)));
    c.push(col("white", s(&|r| r.arm.white.to_string())));
    c.push(col("black", s(&|r| r.arm.black.to_string())));
    c.push(col("games", u(&|a| a.games)));
    c.push(col("white_wins", u(&|a| a.white_wins)));
    c.push(col("black_wins", u(&|a| a.black_wins)));
    c.push(col("first_mover_wins", u(&|a| a.first_mover_wins)));
    c.push(col("unfinished", u(&|a| a.unfinished)));
    // Draws exist only under an end that can draw (`end = "all-out"`, Ludii's Jéquier): their
    // columns appear when an arm plays such rules.
    let scored = results
        .iter()
        .any(|r| r.arm.rules.end.can_draw() || r.stats.draws > 0);
    if scored {
        c.push(col("draws", u(&|a| a.draws)));
    }
    let mut shares: Vec<(&str, Counter)> = vec![
        ("white", &|a: &ArmStats| a.white_wins),
        ("black", &|a: &ArmStats| a.black_wins),
        ("first_mover", &|a: &ArmStats| a.first_mover_wins),
        ("unfinished", &|a: &ArmStats| a.unfinished),
    ];
    if scored {
        shares.push(("draw", &|a: &ArmStats| a.draws));
    }
    for (name, k) in shares {
        c.push(col(&format!("{name}_rate"), x(&|a| rate(k(a), a.games))));
        c.push(col(
            &format!("{name}_rate_lo95"),
            x(&|a| wilson95(k(a), a.games).0),
        ));
        c.push(col(
            &format!("{name}_rate_hi95"),
            x(&|a| wilson95(k(a), a.games).1),
        ));
    }
    c.push(col("mean_turns", x(&|a| a.turns.mean())));
    c.push(col("sd_turns", x(&|a| a.turns.std_dev())));
    c.push(col("p5_turns", q(0.05)));
    c.push(col("q1_turns", q(0.25)));
    c.push(col("median_turns", q(0.5)));
    c.push(col("q3_turns", q(0.75)));
    c.push(col("p95_turns", q(0.95)));
    let throws_of: fn(&ArmStats) -> &Histogram = |a| &a.throws_per_game;
    let moves_of: fn(&ArmStats) -> &Histogram = |a| &a.moves_per_game;
    for (unit, h) in [("throws", throws_of), ("moves", moves_of)] {
        c.push(col(&format!("mean_{unit}"), x(&|a| h(a).mean())));
        c.push(col(&format!("sd_{unit}"), x(&|a| h(a).std_dev())));
        for (name, p) in [
            ("p5", 0.05),
            ("q1", 0.25),
            ("median", 0.5),
            ("q3", 0.75),
            ("p95", 0.95),
        ] {
            let v: Vec<u32> = results.iter().map(|r| h(&r.stats).quantile(p)).collect();
            c.push(col(&format!("{name}_{unit}"), v));
        }
    }
    c.push(col("captures_per_game", x(&|a| rate(a.captures, a.games))));
    c.push(col("backward_per_game", x(&|a| rate(a.backward, a.games))));
    c.push(col("passes_per_game", x(&|a| rate(a.passes, a.games))));
    c.push(col("water_per_game", x(&|a| rate(a.water, a.games))));
    c.push(col("throwoffs", u(&|a| a.throwoffs)));
    c.push(col(
        "throwoff_first_thrower",
        u(&|a| a.throwoff_first_thrower),
    ));
    c.push(col(
        "throwoff_first_thrower_rate",
        results
            .iter()
            .map(|r| {
                let a = &r.stats;
                (a.throwoffs > 0).then(|| rate(a.throwoff_first_thrower, a.throwoffs))
            })
            .collect::<Vec<Option<f64>>>(),
    ));
    c.push(col(
        "throwoff_first_thrower_theory",
        results
            .iter()
            .map(|r| throwoff_theory(&r.arm.rules, &r.arm.device))
            .collect::<Vec<Option<f64>>>(),
    ));
    // Who won the games: the player who threw first in the throw-off (not the side that
    // starts, which is the throw-off's winner), with its interval; empty without a throw-off.
    c.push(col("first_thrower_wins", u(&|a| a.first_thrower_wins)));
    let thrower = |pick: fn((f64, f64, f64)) -> f64| {
        results
            .iter()
            .map(|r| {
                let a = &r.stats;
                (a.throwoffs > 0).then(|| {
                    let (lo, hi) = wilson95(a.first_thrower_wins, a.throwoffs);
                    pick((rate(a.first_thrower_wins, a.throwoffs), lo, hi))
                })
            })
            .collect::<Vec<Option<f64>>>()
    };
    c.push(col("first_thrower_rate", thrower(|t| t.0)));
    c.push(col("first_thrower_rate_lo95", thrower(|t| t.1)));
    c.push(col("first_thrower_rate_hi95", thrower(|t| t.2)));
    Ok(DataFrame::new_infer_height(c)?)
}

/// `throws.csv`: each value's count and frequency beside its exact probability.
pub fn throws(results: &[ArmResult]) -> Result<DataFrame> {
    let (mut arm, mut value, mut count, mut freq, mut theory, mut se, mut z) =
        (vec![], vec![], vec![], vec![], vec![], vec![], vec![]);
    for r in results {
        let n = r.stats.total_throws();
        for (v, p) in value_distribution(&r.arm.rules, &r.arm.device) {
            let c = frequency_check(r.stats.throws[v as usize], n, p);
            arm.push(r.arm.name.clone());
            value.push(v as u32);
            count.push(c.count);
            freq.push(c.frequency);
            theory.push(c.theory);
            se.push(c.std_error);
            z.push(c.z);
        }
    }
    let c = vec![
        col("arm", arm),
        col("value", value),
        col("count", count),
        col("frequency", freq),
        col("theory", theory),
        col("std_error", se),
        col("z", z),
    ];
    Ok(DataFrame::new_infer_height(c)?)
}

/// The histogram of game length in one unit (finished games): `lengths.csv` (turns),
/// `lengths_throws.csv`, `lengths_moves.csv`.
pub fn lengths(
    results: &[ArmResult],
    unit: &str,
    of: fn(&ArmStats) -> &Histogram,
) -> Result<DataFrame> {
    let (mut arm, mut length, mut games) = (vec![], vec![], vec![]);
    for r in results {
        for (t, c) in of(&r.stats).bins() {
            arm.push(r.arm.name.clone());
            length.push(t);
            games.push(c);
        }
    }
    Ok(DataFrame::new_infer_height(vec![
        col("arm", arm),
        col(unit, length),
        col("games", games),
    ])?)
}

/// `columns.csv`: what the columns of the CSV files in `dir` (and of `columns.csv`) mean, in
/// `lang`, from [`columns::COLUMNS`].
pub fn columns(dir: &Path, lang: Lang) -> Result<DataFrame> {
    let (mut file, mut column, mut label) = (vec![], vec![], vec![]);
    // The header of each file written: some columns appear only when they apply (draws).
    let mut headers: std::collections::BTreeMap<&str, Vec<String>> = Default::default();
    for c in columns::COLUMNS {
        let header = headers
            .entry(c.file)
            .or_insert_with(|| header_of(&dir.join(c.file)));
        if c.file == "columns.csv" || header.iter().any(|h| h == c.name) {
            file.push(c.file);
            column.push(c.name);
            label.push(c.label(lang));
        }
    }
    Ok(DataFrame::new_infer_height(vec![
        col("file", file),
        col("column", column),
        col("label", label),
    ])?)
}

/// The column names of a CSV file's header row (either separator; none when it is absent).
fn header_of(path: &Path) -> Vec<String> {
    use std::io::BufRead;
    let mut line = String::new();
    if let Ok(f) = std::fs::File::open(path) {
        let _ = std::io::BufReader::new(f).read_line(&mut line);
    }
    line.trim_end()
        .trim_start_matches('\u{feff}')
        .split([',', ';'])
        .map(|h| h.trim_matches('"').to_string())
        .collect()
}

/// `first_throws.csv`: the first throws of each arm's run, in order (games 0, 1, 2... one after
/// another, opening throw-offs included): raw material for samples and running frequencies.
pub fn first_throws(results: &[ArmResult]) -> Result<DataFrame> {
    let (mut arm, mut index, mut value) = (vec![], vec![], vec![]);
    for r in results {
        for (i, v) in r.first_throws.iter().enumerate() {
            arm.push(r.arm.name.clone());
            index.push(i as u32 + 1);
            value.push(*v as u32);
        }
    }
    Ok(DataFrame::new_infer_height(vec![
        col("arm", arm),
        col("throw", index),
        col("value", value),
    ])?)
}

/// `waits.csv`: in the first throws of each arm, how many throws each value took to come
/// (from the start or its previous occurrence), beside the geometric law.
pub fn waits_frame(results: &[ArmResult]) -> Result<DataFrame> {
    let (mut arm, mut value, mut throws) = (vec![], vec![], vec![]);
    let (mut count, mut freq, mut theory) = (vec![], vec![], vec![]);
    for r in results {
        for (v, p) in value_distribution(&r.arm.rules, &r.arm.device) {
            let w = waits(&r.first_throws, v);
            let n: u64 = w.iter().sum();
            for (k, c) in w.iter().enumerate().skip(1) {
                arm.push(r.arm.name.clone());
                value.push(v as u32);
                throws.push(k as u32);
                count.push(*c);
                freq.push(rate(*c, n));
                theory.push((1.0 - p).powi(k as i32 - 1) * p);
            }
        }
    }
    Ok(DataFrame::new_infer_height(vec![
        col("arm", arm),
        col("value", value),
        col("throws", throws),
        col("count", count),
        col("frequency", freq),
        col("theory", theory),
    ])?)
}

/// `throwoffs.csv`: how many throws each arm's opening throw-offs took, beside the geometric
/// law of the starting value (none when no arm has a throw-off).
pub fn throwoffs(results: &[ArmResult]) -> Result<Option<DataFrame>> {
    let (mut arm, mut throws, mut count) = (vec![], vec![], vec![]);
    let (mut freq, mut theory) = (vec![], vec![]);
    for r in results.iter().filter(|r| r.stats.throwoffs > 0) {
        let first = r.arm.rules.first_throw.unwrap_or(1);
        let p = value_distribution(&r.arm.rules, &r.arm.device)
            .iter()
            .find(|d| d.0 == first)
            .map_or(0.0, |d| d.1);
        let h = &r.stats.throwoff_throws;
        let last = h.bins().map(|b| b.0).max().unwrap_or(0);
        let counts: std::collections::BTreeMap<u32, u64> = h.bins().collect();
        for k in 1..=last {
            let c = counts.get(&k).copied().unwrap_or(0);
            arm.push(r.arm.name.clone());
            throws.push(k);
            count.push(c);
            freq.push(rate(c, r.stats.throwoffs));
            theory.push((1.0 - p).powi(k as i32 - 1) * p);
        }
    }
    if arm.is_empty() {
        return Ok(None);
    }
    Ok(Some(DataFrame::new_infer_height(vec![
        col("arm", arm),
        col("throws", throws),
        col("count", count),
        col("frequency", freq),
        col("theory", theory),
    ])?))
}

/// `games.csv`: the first games of each arm, one row each, for pupils to sort and count.
pub fn games(results: &[ArmResult]) -> Result<DataFrame> {
    let mut arm = vec![];
    let (mut game, mut seed) = (vec![], vec![]);
    let (mut first, mut winner, mut thrower) = (vec![], vec![], vec![]);
    let (mut turns, mut throws, mut moves) = (vec![], vec![], vec![]);
    let (mut captures, mut backward, mut passes, mut water) = (vec![], vec![], vec![], vec![]);
    let side = |s: Option<Side>| s.map_or("none", Side::name).to_string();
    for r in results {
        for (i, (sd, g)) in r.first_games.iter().enumerate() {
            arm.push(r.arm.name.clone());
            game.push(i as u64 + 1);
            seed.push(senet_engine::throws::seed_hex(*sd));
            first.push(side(g.first));
            thrower.push(side(senet_simulation::stats::first_thrower(g)));
            winner.push(side(g.winner));
            turns.push(g.turns);
            throws.push(g.throws);
            moves.push(g.moves);
            captures.push(g.captures());
            backward.push(g.backward);
            passes.push(g.passes);
            water.push(g.water);
        }
    }
    Ok(DataFrame::new_infer_height(vec![
        col("arm", arm),
        col("game", game),
        col("seed", seed),
        col("first", first),
        col("first_thrower", thrower),
        col("winner", winner),
        col("turns", turns),
        col("throws", throws),
        col("moves", moves),
        col("captures", captures),
        col("backward", backward),
        col("passes", passes),
        col("water", water),
    ])?)
}

/// `squares.csv`: the share of positions with a pawn on each square.
pub fn squares(results: &[ArmResult]) -> Result<DataFrame> {
    let (mut arm, mut square, mut occ, mut white, mut black) =
        (vec![], vec![], vec![], vec![], vec![]);
    for r in results {
        for s in 1..=30u8 {
            let (w, b) = (
                r.stats.occupancy_rate(Side::White, s),
                r.stats.occupancy_rate(Side::Black, s),
            );
            arm.push(r.arm.name.clone());
            square.push(s as u32);
            occ.push(w + b);
            white.push(w);
            black.push(b);
        }
    }
    let c = vec![
        col("arm", arm),
        col("square", square),
        col("occupancy", occ),
        col("white", white),
        col("black", black),
    ];
    Ok(DataFrame::new_infer_height(c)?)
}

/// How CSV files are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
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

    /// The name `--csv` takes (clap's name of the value).
    pub fn name(self) -> String {
        use clap::ValueEnum;
        self.to_possible_value()
            .map_or_else(String::new, |v| v.get_name().to_string())
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
}

impl TableFormat {
    /// The tables in the dialect `csv` (and as Parquet with `parquet`); a French spreadsheet's
    /// dialect also gets the RFC 4180 copy.
    pub fn new(csv: CsvStyle, parquet: bool) -> TableFormat {
        TableFormat {
            csv,
            parquet,
            rfc4180_copy: csv == CsvStyle::ExcelFr,
        }
    }
}

/// The folder of a French report's CSV files in RFC 4180.
pub const RFC4180_DIR: &str = "rfc4180";

/// Writes a frame as the CSV file `path`, decimals to [`SIGNIFICANT`] digits (and, with
/// `format.parquet`, the same table as Parquet beside it, `.parquet` for `.csv`).
pub fn write_table(df: &mut DataFrame, path: &Path, format: TableFormat) -> Result<()> {
    write_table_with(df, path, format, |_| SIGNIFICANT)
}

/// [`write_table`] with each decimal column of the CSV files rounded to `digits(name)`
/// significant digits.
pub fn write_table_with(
    df: &mut DataFrame,
    path: &Path,
    format: TableFormat,
    digits: impl Fn(&str) -> usize,
) -> Result<()> {
    // The CSV files are read by people: decimals to the digits they carry. Parquet, read by
    // programs, keeps every digit.
    let mut shown = rounded(df, digits)?;
    write_csv(&mut shown, path, format.csv)?;
    if format.rfc4180_copy {
        let dir = path.with_file_name(RFC4180_DIR);
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let name = path.file_name().context("a CSV file's name")?;
        write_csv(&mut shown, &dir.join(name), CsvStyle::Rfc4180)?;
    }
    if format.parquet {
        let pq = path.with_extension("parquet");
        let file =
            std::fs::File::create(&pq).with_context(|| format!("creating {}", pq.display()))?;
        polars_io::prelude::ParquetWriter::new(file)
            .finish(df)
            .map_err(|e| anyhow::anyhow!("writing {}: {e}", pq.display()))?;
    }
    Ok(())
}

/// How many significant digits a run's decimal numbers keep: a frequency of 200,000 games
/// carries six, and the digits after them are noise a spreadsheet shows in full.
pub const SIGNIFICANT: usize = 6;

/// The frame with each decimal column rounded to `digits(name)` significant digits (counts are
/// integers and stay whole).
fn rounded(df: &DataFrame, digits: impl Fn(&str) -> usize) -> Result<DataFrame> {
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

/// Writes a frame as a CSV file in `style` (double quotes where needed, CRLF line ends).
/// Every header must be a column of [`columns::COLUMNS`] for the file's name.
pub fn write_csv(df: &mut DataFrame, path: &Path, style: CsvStyle) -> Result<()> {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    for header in df.get_column_names() {
        anyhow::ensure!(
            columns::find(name, header).is_some(),
            "column '{header}' of {name} is missing from the table of columns (report/columns.rs)"
        );
    }
    let file =
        std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
    let mut w = std::io::BufWriter::new(file);
    let french = style == CsvStyle::ExcelFr;
    CsvWriter::new(&mut w)
        .include_header(true)
        .include_bom(french)
        .with_separator(if french { b';' } else { b',' })
        .with_decimal_comma(french)
        .with_line_terminator("\r\n".into())
        .finish(df)
        .map_err(|e| anyhow::anyhow!("writing {}: {e}", path.display()))?;
    use std::io::Write;
    w.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use polars_io::prelude::{ParquetReader, SerReader};

    /// `--parquet` writes each table again as Parquet: the same columns, types and values as
    /// the CSV file (every column type the tables use: text, u64, u32, f64).
    #[test]
    fn parquet_holds_the_csv_table() {
        let tmp = tempfile::tempdir().unwrap();
        let mut df = DataFrame::new_infer_height(vec![
            col("arm", vec!["coins".to_string(), "sticks, 40%".to_string()]),
            col("games", vec![20_000u64, u64::MAX]),
            col("p5_turns", vec![41u32, 0]),
            col("white_rate", vec![0.5125f64, 1.0 / 3.0]),
        ])
        .unwrap();
        let path = tmp.path().join("summary.csv");
        let format = TableFormat::new(CsvStyle::Rfc4180, true);
        write_table(&mut df, &path, format).unwrap();
        let file = std::fs::File::open(tmp.path().join("summary.parquet")).unwrap();
        let back = ParquetReader::new(file).finish().unwrap();
        assert!(back.equals(&df), "{back:?}\n{df:?}");
        let csv = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            csv,
            "arm,games,p5_turns,white_rate\r\n\
             coins,20000,41,0.5125\r\n\
             \"sticks, 40%\",18446744073709551615,0,0.333333\r\n"
        );
    }
}
