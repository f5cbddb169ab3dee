//! The file of a solved table: `SENETSOL`, the format, a TOML header (the rule set, the throw
//! distribution, the positions, and for an endgame table the fewest pawns borne off it holds),
//! then one little-endian `f32` per position.

use crate::exact::solve::SolveError;
use senet_engine::rules::{RuleSet, Rules};
use senet_engine::solve::index::StateIndex;
use senet_engine::solve::Solution;
use std::fs::File;
use std::io::{BufReader, Read, Seek, Write};
use std::path::Path;

/// Values read at a time by [`load`].
const CHUNK: usize = 1 << 16;

/// The first bytes of a table file.
const MAGIC: &[u8; 8] = b"SENETSOL";
/// The file format's version: it changes whenever what a table holds changes, the rule set's
/// keys in its header included (a test holds it to them). 2: the rule sets of Ludii's Bell and
/// Piccione (priority_squares, end, split_throws, bonus_squares, backward_per_pawn,
/// forced_or_restart). 3: `protection` one choice (grid_protection and row_protection gone),
/// the special squares `return_square` and `rethrow_square` (happiness_rethrow gone). 4:
/// `bonus_on_bear_off`, and `end = "first-out-draw-on-extra"` (values are then expected scores).
pub const TABLE_FORMAT: u32 = 4;
const FORMAT: u32 = TABLE_FORMAT;

/// Writes a table: `SENETSOL`, the format, the length of a TOML header (the rule set and the
/// throw distribution), the header, then one little-endian `f32` per position. Written to a
/// temporary file renamed into place.
pub fn save(solution: &Solution, path: &Path) -> Result<(), SolveError> {
    let err = |e: std::io::Error| SolveError::File {
        path: path.display().to_string(),
        why: e.into(),
    };
    let header = Header {
        rules: solution.rules.clone(),
        throws: solution.throws.clone(),
        positions: solution.values.len() as u64,
        endgame: solution.index.from_off(),
    };
    let text = toml::to_string(&header).map_err(|e| SolveError::File {
        path: path.display().to_string(),
        why: e.into(),
    })?;
    let ours = |head: &[u8]| head.starts_with(MAGIC);
    crate::atomic::replace_own(path, ours, |out| {
        out.write_all(MAGIC)?;
        out.write_all(&FORMAT.to_le_bytes())?;
        out.write_all(&(text.len() as u32).to_le_bytes())?;
        out.write_all(text.as_bytes())?;
        for v in &solution.values {
            out.write_all(&v.to_le_bytes())?;
        }
        Ok(())
    })
    .map_err(err)
}

/// What a table file says about itself: its rules are read as written (`RuleSet`), then
/// checked into `Rules`.
#[derive(serde::Serialize, serde::Deserialize)]
struct Header<R> {
    rules: R,
    throws: Vec<(u8, f64)>,
    positions: u64,
    /// The fewest pawns borne off (both sides together) of the positions held: 0 (the whole
    /// game, not written: a table of the whole game is what it was before endgames), or an
    /// endgame's ([`StateIndex::endgame`]). A reader that does not know the key numbers the
    /// whole game and refuses the file for its count of positions.
    #[serde(default, skip_serializing_if = "whole_game")]
    endgame: u8,
}

/// Whether a header's `endgame` is the whole game's.
fn whole_game(from: &u8) -> bool {
    *from == 0
}

/// What a table file's header says: the game it was solved for, and what of it it holds.
#[derive(Clone, Debug)]
pub struct TableGame {
    /// The rules solved.
    pub rules: Rules,
    /// The throw distribution solved for: `(value, probability)` pairs.
    pub throws: Vec<(u8, f64)>,
    /// 0 for a table of the whole game; else the fewest pawns borne off (both sides together)
    /// of the positions it holds: an endgame table, which `td:endgame=` reads.
    pub endgame: u8,
}

/// The game a table file was solved for (its rules and throw distribution) and the endgame it
/// holds, read from its header alone: the values are not read.
pub fn table_game(path: &Path) -> Result<TableGame, SolveError> {
    let mut file = BufReader::new(File::open(path).map_err(|e| SolveError::File {
        path: path.display().to_string(),
        why: e.into(),
    })?);
    let header = read_header(&mut file, path)?;
    Ok(TableGame {
        rules: header.rules,
        throws: header.throws,
        endgame: header.endgame,
    })
}

/// Reads the header of a table file, up to its values.
fn read_header(file: &mut impl Read, path: &Path) -> Result<Header<Rules>, SolveError> {
    let bad = |why: senet_engine::Cause| SolveError::File {
        path: path.display().to_string(),
        why,
    };
    let mut head = [0u8; 16];
    file.read_exact(&mut head)
        .map_err(|_| bad("not a solved table (too short)".into()))?;
    if &head[..8] != MAGIC {
        return Err(bad("not a solved table written by `senet-sim solve`".into()));
    }
    let format = u32::from_le_bytes(head[8..12].try_into().expect("4 bytes"));
    if format != FORMAT {
        return Err(bad(format!(
            "table format {format}, this senet-sim {} reads format {FORMAT}: solve it again",
            env!("CARGO_PKG_VERSION")
        )
        .into()));
    }
    let len = u32::from_le_bytes(head[12..16].try_into().expect("4 bytes")) as usize;
    let mut text = vec![0u8; len];
    file.read_exact(&mut text)
        .map_err(|_| bad("truncated header".into()))?;
    let text = String::from_utf8(text).map_err(|_| bad("header is not UTF-8".into()))?;
    // One line: the message and the header's line (toml's own display takes four).
    let header: Header<RuleSet> = toml::from_str(&text).map_err(|e| {
        let line = e
            .span()
            .map_or(0, |s| text[..s.start].lines().count().max(1));
        bad(format!("header line {line}: {}", e.message().trim()).into())
    })?;
    // A rule set enters from a file only checked: a header edited by hand is refused here.
    let rules = (header.rules.check()).map_err(|e| bad(format!("header: {e}").into()))?;
    check_throws(&rules, &header.throws)
        .map_err(|why| bad(format!("header: throws: {why}").into()))?;
    Ok(Header {
        rules,
        throws: header.throws,
        positions: header.positions,
        endgame: header.endgame,
    })
}

/// Whether `throws` is a distribution of `rules`' throw values: distinct values the rules can
/// throw, probabilities finite in (0, 1] adding up to 1.
fn check_throws(rules: &Rules, throws: &[(u8, f64)]) -> Result<(), String> {
    let possible = rules.possible_values();
    let mut seen = Vec::new();
    for &(v, p) in throws {
        if !possible.contains(&v) {
            return Err(format!(
                "{v} is not a throw value of these rules {possible:?}"
            ));
        }
        if seen.contains(&v) {
            return Err(format!("{v} is given twice"));
        }
        seen.push(v);
        if !(p.is_finite() && p > 0.0 && p <= 1.0) {
            return Err(format!("the probability of {v} is {p}, not in (0, 1]"));
        }
    }
    let total: f64 = throws.iter().map(|&(_, p)| p).sum();
    if (total - 1.0).abs() > 1e-9 {
        return Err(format!("the probabilities add up to {total}, not 1"));
    }
    Ok(())
}

/// The first value of `values` that is not a chance or a score (finite, in [0, 1]), with its
/// index.
fn first_bad(values: &[f32], from: usize) -> Option<(usize, f32)> {
    (values.iter().enumerate())
        .find(|(_, v)| !(0.0..=1.0).contains(*v))
        .map(|(i, &v)| (from + i, v))
}

/// Reads a table written by [`save`], its values streamed into the table (a 4-pawn table,
/// 2.3 GB, is held once); an endgame table is numbered as its endgame.
pub fn load(path: &Path) -> Result<Solution, SolveError> {
    let bad = |why: senet_engine::Cause| SolveError::File {
        path: path.display().to_string(),
        why,
    };
    let mut file = BufReader::new(File::open(path).map_err(|e| bad(e.into()))?);
    let header = read_header(&mut file, path)?;
    let index = match header.endgame {
        0 => StateIndex::new(&header.rules)?,
        from => StateIndex::endgame(&header.rules, from)?,
    };
    if index.len() != header.positions {
        return Err(bad(format!(
            "{} positions in the file, {} in this program's numbering",
            header.positions,
            index.len()
        )
        .into()));
    }
    // The values' length, from the file's size: a truncated (or lengthened) file is refused
    // before any value is read.
    let at = file.stream_position().map_err(|e| bad(e.into()))?;
    let size = file.get_ref().metadata().map_err(|e| bad(e.into()))?.len();
    if size.saturating_sub(at) != 4 * index.len() {
        return Err(bad(format!(
            "{} bytes of values, {} expected (truncated?)",
            size.saturating_sub(at),
            4 * index.len()
        )
        .into()));
    }
    let n = index.len() as usize;
    let mut values = Vec::with_capacity(n);
    let mut chunk = vec![0u8; 4 * CHUNK];
    while values.len() < n {
        let take = (n - values.len()).min(CHUNK);
        file.read_exact(&mut chunk[..4 * take])
            .map_err(|e| bad(e.into()))?;
        let from = values.len();
        values.extend(
            chunk[..4 * take]
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes(b.try_into().expect("4 bytes"))),
        );
        if let Some((i, v)) = first_bad(&values[from..], from) {
            return Err(bad(format!(
                "position {i} has the value {v}, not a chance between 0 and 1"
            )
            .into()));
        }
    }
    Ok(Solution {
        rules: header.rules,
        throws: header.throws,
        index,
        values,
    })
}
