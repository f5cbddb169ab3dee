//! A game record: the text that `play --record` and `review` write and `review --record` reads
//! back, to share one game and replay it anywhere (`docs/records.md`).
//!
//! ```text
//! # senet-sim game record 1
//! Variant: tejon
//! Rules: sha256:41c09e447c18
//! Pawns: 2
//! Device: coins
//! Seed: 0x6c5d2a5e0f1b3c47
//! White: heuristic
//! Black: random
//! Result: black
//! Program: senet-sim 0.1.0, commit 0123456789ab
//!
//! 1 white 1: 10 -> 11
//! 2 white 4: 11 -> 15
//! 3 black 2: no legal move
//! ```
//!
//! The headers say everything a replay needs: the rules (the variant's preset with its pawns,
//! or a rule file whose hash is `Rules`), the device (`Marked:` gives a stick's probability of
//! its marked face), the game's seed and both strategies. One line per throw follows, numbered,
//! with the side, the value and the move it played (points left over after bearing off belong to
//! their throw); the replay must play the same lines, so a record cannot claim another game.

use senet_engine::board::Side;
use senet_engine::movegen::Move;
use senet_engine::throws::{parse_seed_hex, seed_hex, Device};
use senet_simulation::input::rulefile::{hash, to_text, Game};
use thiserror::Error;

/// The first line of a record (its format's version).
pub const MAGIC: &str = "# senet-sim game record 1";

/// A record whose text could not be read: the line (1 = the first) and why.
#[derive(Debug, Error, PartialEq)]
#[error("line {line}: {why}")]
pub struct RecordError {
    /// The line at fault.
    pub line: usize,
    /// What is wrong with it.
    pub why: String,
}

/// One game's record: its headers and its throws.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The variant's id.
    pub variant: String,
    /// The hash of the whole game's rule file (`sha256:` and 12 digits).
    pub rules: String,
    /// Pawns a side.
    pub pawns: u8,
    /// The throwing device.
    pub device: Device,
    /// The game's seed.
    pub seed: u64,
    /// White's and black's strategies, as named on the command line.
    pub players: [String; 2],
    /// The winner (`None`: a draw or a game stopped by the turn cap).
    pub result: Option<Side>,
    /// One line per throw: side, value and move (see [`throw_line`]).
    pub throws: Vec<String>,
    /// The `td` networks played, each by the hash of its weights file (`td sha256:…`; `None`:
    /// no `td` player). Optional: a record without it reads.
    pub networks: Option<String>,
    /// The program that wrote it: `senet-sim 0.1.0, commit 0123456789ab`. Optional: a record
    /// without it reads.
    pub program: Option<String>,
    /// The analysis of each throw, written after its line behind ` ; ` (a review's: white's
    /// chance, the luck, the grade); empty without one. A reader keeps it; a replay compares
    /// the throws alone.
    pub notes: Vec<String>,
}

/// A game's throws as a record writes them, one line each ([`throw_line`]).
pub fn throw_lines(throws: &[senet_engine::Thrown]) -> Vec<String> {
    (throws.iter())
        .map(|t| throw_line(t.side, t.value, t.played.as_ref()))
        .collect()
}

/// A throw as a record writes it: `white 3: 5 -> 8`, or `black 2: no legal move`.
pub fn throw_line(side: Side, value: u8, played: Option<&Move>) -> String {
    let what = played.map_or_else(|| "no legal move".to_string(), crate::describe::describe);
    format!("{} {value}: {what}", side.name())
}

/// The `Rules` header of `game`: the hash of its whole rule file, as every report's
/// `rules_hash`.
pub fn rules_hash(game: &Game) -> String {
    hash(&to_text(game))
}

impl Record {
    /// The record of a game of `game` from `seed` between `players` (white, black), its winner
    /// and its throws (each a [`throw_line`]).
    pub fn new(
        game: &Game,
        seed: u64,
        players: [String; 2],
        result: Option<Side>,
        throws: Vec<String>,
    ) -> Record {
        Record {
            variant: game.variant.to_string(),
            rules: rules_hash(game),
            pawns: game.rules.pawns,
            device: game.device,
            seed,
            players,
            result,
            throws,
            networks: None,
            program: None,
            notes: Vec::new(),
        }
    }

    /// The record with the analysis of each throw (one note a throw, in order).
    pub fn with_notes(mut self, notes: Vec<String>) -> Record {
        self.notes = notes;
        self
    }

    /// The record with its `Program` header: the program and commit that wrote it.
    pub fn with_program(mut self, program: &str) -> Record {
        self.program = Some(program.to_string());
        self
    }

    /// The record with its `Networks` header: each `td` player and the hash of its weights.
    pub fn with_networks(mut self, networks: &[(String, String)]) -> Record {
        self.networks = (!networks.is_empty()).then(|| {
            let each: Vec<String> = networks.iter().map(|(p, h)| format!("{p} {h}")).collect();
            each.join(", ")
        });
        self
    }

    /// The record as text.
    pub fn to_text(&self) -> String {
        let mut t = format!(
            "{MAGIC}\nVariant: {}\nRules: {}\nPawns: {}\nDevice: {}\n",
            self.variant,
            self.rules,
            self.pawns,
            self.device.kind()
        );
        if let Device::Sticks { p_marked } = self.device {
            t += &format!("Marked: {p_marked}\n");
        }
        t += &format!(
            "Seed: {}\nWhite: {}\nBlack: {}\nResult: {}\n",
            seed_hex(self.seed),
            self.players[0],
            self.players[1],
            self.result.map_or("none", Side::name)
        );
        if let Some(n) = &self.networks {
            t += &format!("Networks: {n}\n");
        }
        if let Some(p) = &self.program {
            t += &format!("Program: {p}\n");
        }
        t.push('\n');
        for (k, line) in self.throws.iter().enumerate() {
            match self.notes.get(k).filter(|n| !n.is_empty()) {
                Some(note) => t += &format!("{} {line} ; {note}\n", k + 1),
                None => t += &format!("{} {line}\n", k + 1),
            }
        }
        t
    }

    /// Reads a record's text; every header is required once, in any order, and the throws are
    /// numbered from 1.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let err = |line: usize, why: String| RecordError { line, why };
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end()));
        match lines.next() {
            Some((_, MAGIC)) => {}
            _ => {
                return Err(err(
                    1,
                    format!("not a game record: the first line must be '{MAGIC}'"),
                ))
            }
        }
        let mut headers: Vec<(usize, &str, &str)> = Vec::new();
        let mut throws = Vec::new();
        let mut notes = Vec::new();
        for (n, line) in lines {
            if line.is_empty() {
                continue;
            }
            if throws.is_empty() && !line.starts_with(|c: char| c.is_ascii_digit()) {
                let (key, value) = line
                    .split_once(':')
                    .ok_or_else(|| err(n, format!("'{line}' is neither a header nor a throw")))?;
                if headers.iter().any(|h| h.1 == key.trim()) {
                    return Err(err(n, format!("header '{}' is given twice", key.trim())));
                }
                headers.push((n, key.trim(), value.trim()));
                continue;
            }
            let (number, rest) = line
                .split_once(' ')
                .ok_or_else(|| err(n, format!("'{line}' is not a throw")))?;
            if number != (throws.len() + 1).to_string() {
                return Err(err(
                    n,
                    format!("throw {} is numbered '{number}'", throws.len() + 1),
                ));
            }
            let (rest, note) = rest.split_once(" ; ").unwrap_or((rest, ""));
            throws.push(rest.to_string());
            notes.push(note.to_string());
        }
        if notes.iter().all(String::is_empty) {
            notes.clear();
        }
        let get = |key: &str| -> Result<(usize, &str), RecordError> {
            (headers.iter().find(|h| h.1 == key))
                .map(|h| (h.0, h.2))
                .ok_or_else(|| err(1, format!("header '{key}' is missing")))
        };
        let bad = |(n, v): (usize, &str), what: &str| err(n, format!("'{v}' is not {what}"));
        let pawns = get("Pawns")?;
        let seed = get("Seed")?;
        let marked = match headers.iter().find(|h| h.1 == "Marked") {
            Some(&(n, _, v)) => Some(v.parse::<f64>().map_err(|_| bad((n, v), "a probability"))?),
            None => None,
        };
        let device = get("Device")?;
        let result = get("Result")?;
        Ok(Record {
            variant: get("Variant")?.1.to_string(),
            rules: get("Rules")?.1.to_string(),
            pawns: pawns
                .1
                .parse()
                .map_err(|_| bad(pawns, "a number of pawns"))?,
            device: Device::parse(device.1, marked).map_err(|e| err(device.0, e.to_string()))?,
            seed: parse_seed_hex(seed.1)
                .ok_or_else(|| bad(seed, "a seed (0x and hexadecimal digits)"))?,
            players: [get("White")?.1.to_string(), get("Black")?.1.to_string()],
            result: match result.1 {
                "white" => Some(Side::White),
                "black" => Some(Side::Black),
                "none" => None,
                _ => return Err(bad(result, "white, black or none")),
            },
            throws,
            networks: headers
                .iter()
                .find(|h| h.1 == "Networks")
                .map(|h| h.2.to_string()),
            program: headers
                .iter()
                .find(|h| h.1 == "Program")
                .map(|h| h.2.to_string()),
            notes,
        })
    }

    /// The first throw where `replayed` departs from the record, with both lines (`None`: the
    /// same game), numbered from 1.
    pub fn first_difference(&self, replayed: &[String]) -> Option<(usize, String, String)> {
        let n = self.throws.len().max(replayed.len());
        let at = |v: &[String], k: usize| v.get(k).cloned().unwrap_or_else(|| "(no throw)".into());
        (0..n)
            .find(|&k| self.throws.get(k) != replayed.get(k))
            .map(|k| (k + 1, at(&self.throws, k), at(replayed, k)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> Record {
        Record {
            variant: "passage".into(),
            rules: "sha256:0123456789ab".into(),
            pawns: 7,
            device: Device::Sticks { p_marked: 0.25 },
            seed: 0xdead_beef,
            players: ["heuristic".into(), "expectimax:1".into()],
            result: Some(Side::Black),
            throws: vec!["white 1: 10 -> 11".into(), "black 2: no legal move".into()],
            networks: None,
            program: None,
            notes: Vec::new(),
        }
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let r = record();
        let text = r.to_text();
        assert!(text.starts_with(MAGIC));
        assert!(text.contains("\nMarked: 0.25\n"), "{text}");
        assert!(
            text.ends_with("\n1 white 1: 10 -> 11\n2 black 2: no legal move\n"),
            "{text}"
        );
        assert_eq!(Record::parse(&text), Ok(r.clone()));
        // A td player's network, by the hash of its weights, reads back too.
        let td = r
            .clone()
            .with_networks(&[("td".into(), "sha256:c629c732184e".into())]);
        let text = td.to_text();
        assert!(
            text.contains("Result: black\nNetworks: td sha256:c629c732184e\n\n1 white"),
            "{text}"
        );
        assert_eq!(Record::parse(&text), Ok(td.clone()));
        // So does the program that wrote it.
        let signed = td.with_program("senet-sim 0.1.0, commit 0123456789ab");
        let text = signed.to_text();
        assert!(
            text.contains("c629c732184e\nProgram: senet-sim 0.1.0, commit 0123456789ab\n\n1 white"),
            "{text}"
        );
        assert_eq!(Record::parse(&text), Ok(signed.clone()));
        // And the analysis of each throw, behind " ; ", which a replay leaves aside.
        let noted = signed.with_notes(vec!["white 47.3%, luck +1.2%".into(), String::new()]);
        let text = noted.to_text();
        assert!(
            text.ends_with(
                "\n1 white 1: 10 -> 11 ; white 47.3%, luck +1.2%\n2 black 2: no legal move\n"
            ),
            "{text}"
        );
        let back = Record::parse(&text).unwrap();
        assert_eq!(back, noted);
        assert_eq!(back.first_difference(&r.throws), None);
        let coins = Record {
            device: Device::Coins,
            result: None,
            ..r
        };
        assert_eq!(Record::parse(&coins.to_text()), Ok(coins));
    }

    #[test]
    fn a_bad_record_names_its_line() {
        let text = record().to_text();
        let e = Record::parse("hello\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = Record::parse(&text.replace("Seed: 0x", "Seed: 1x")).unwrap_err();
        assert_eq!((e.line, e.why.contains("not a seed")), (7, true), "{e}");
        let e = Record::parse(&text.replace("2 black", "3 black")).unwrap_err();
        assert_eq!(e.line, 13, "{e}");
        let e = Record::parse(&text.replace("Pawns: 7\n", "")).unwrap_err();
        assert!(e.why.contains("'Pawns' is missing"), "{e}");
    }

    #[test]
    fn the_first_difference_names_the_throw() {
        let r = record();
        assert_eq!(r.first_difference(&r.throws), None);
        let other = vec!["white 1: 10 -> 11".to_string()];
        assert_eq!(
            r.first_difference(&other),
            Some((2, "black 2: no legal move".into(), "(no throw)".into()))
        );
    }
}
