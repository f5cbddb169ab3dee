//! A `td` network's file (`senet-sim train --out FILE`, played as `td:FILE`): text, versioned,
//! carrying the whole rule file it was trained for, how it was trained, and its weights written
//! so that reading them back gives the same bits.
//!
//! ```text
//! # senet-sim td weights 1
//! Rules: sha256:41c09e447c18
//! Hidden: 40
//! Seed: 1
//! Alpha: 0.1
//! Lambda: 0.7
//! Games: 100000
//! Command: senet-sim train --variant tejon --set pawns=3 --games 100000 --out t.td
//! --- rules
//! (the rule file, as `variants --show` writes it)
//! --- weights
//! b2 0.12
//! b1 ... (one per hidden unit)
//! w2 ... (one per hidden unit)
//! w1 ... (one line per input: its weight to each hidden unit)
//! ```

use crate::input::rulefile::{hash, to_text, Game, RuleTable};
use crate::learn::train::{Settings, Training};
use senet_engine::strategy::td::{Net, INPUTS};
use std::fmt::Write as _;
use std::path::Path;
use thiserror::Error;

/// The first line of a weights file (its format's version).
pub const MAGIC: &str = "# senet-sim td weights 1";

/// A weights file that could not be used.
#[derive(Debug, Error)]
pub enum TdFileError {
    /// It could not be read.
    #[error("{file}")]
    Io {
        /// The file.
        file: String,
        /// The system's reason.
        #[source]
        why: std::io::Error,
    },
    /// Its text is not a weights file: the line at fault (1 = the first) and why.
    #[error("{file}: line {line}: {why}")]
    Format {
        /// The file.
        file: String,
        /// The line.
        line: usize,
        /// What is wrong.
        why: String,
    },
    /// It was trained for another game.
    #[error("{file}: trained for other rules ({theirs}, this game's are {ours}): train a network for these rules with `senet-sim train`")]
    OtherGame {
        /// The file.
        file: String,
        /// Its rules' hash.
        theirs: String,
        /// The game's.
        ours: String,
    },
}

/// A weights file read: the game it was trained for, the training and the command.
#[derive(Clone, Debug)]
pub struct TdFile {
    /// The game (its rule file, read back).
    pub game: Game,
    /// The rule file's hash.
    pub rules_hash: String,
    /// The network and how it was trained.
    pub training: Training,
    /// The command that trained it.
    pub command: String,
}

/// The text of the weights file of `training` for `game`, trained by `command`.
pub fn to_file_text(game: &Game, training: &Training, command: &str) -> String {
    let rules = to_text(game);
    let s = &training.settings;
    let mut t = format!(
        "{MAGIC}\nRules: {}\nHidden: {}\nSeed: {}\nAlpha: {}\nLambda: {}\nGames: {}\nCommand: {command}\n--- rules\n{rules}--- weights\n",
        hash(&rules),
        s.hidden,
        s.seed,
        s.alpha,
        s.lambda,
        training.games
    );
    let (hidden, w1, b1, w2, b2) = training.net.parts();
    let line = |t: &mut String, key: &str, values: &[f32]| {
        let text: Vec<String> = values.iter().map(f32::to_string).collect();
        let _ = writeln!(t, "{key} {}", text.join(" "));
    };
    line(&mut t, "b2", &[b2]);
    line(&mut t, "b1", b1);
    line(&mut t, "w2", w2);
    for row in w1.chunks(hidden) {
        line(&mut t, "w1", row);
    }
    t
}

/// The most hidden units a weights file may declare (its network is read into memory).
pub const MAX_HIDDEN: u64 = 4096;

/// Reads the weights file at `path` (named `file` in errors).
pub fn load(path: &Path) -> Result<TdFile, TdFileError> {
    let file = path.display().to_string();
    let text =
        crate::input::read_text(path, 4 * crate::input::MAX_TEXT).map_err(|e| TdFileError::Io {
            file: file.clone(),
            why: e,
        })?;
    parse(&text).map_err(|(line, why)| TdFileError::Format { file, line, why })
}

/// Reads a weights file's text; an error gives the line (1 = the first) and why.
pub fn parse(text: &str) -> Result<TdFile, (usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    if lines.first() != Some(&MAGIC) {
        return Err((
            1,
            format!("not a td weights file: the first line must be '{MAGIC}'"),
        ));
    }
    let find = |mark: &str| lines.iter().position(|l| *l == mark);
    let (Some(r), Some(w)) = (find("--- rules"), find("--- weights")) else {
        return Err((lines.len(), "no '--- rules' and '--- weights' parts".into()));
    };
    let header = |key: &str| -> Result<(usize, &str), (usize, String)> {
        (1..r)
            .find_map(|i| {
                lines[i]
                    .strip_prefix(&format!("{key}: "))
                    .map(|v| (i + 1, v))
            })
            .ok_or((1, format!("no '{key}:' header")))
    };
    let number = |key: &str| -> Result<f64, (usize, String)> {
        let (at, v) = header(key)?;
        (v.trim().parse().ok())
            .filter(|x: &f64| x.is_finite() && (*x as f32).is_finite())
            .ok_or((at, format!("'{key}' is not a finite number")))
    };
    let whole = |key: &str| -> Result<u64, (usize, String)> {
        let (at, v) = header(key)?;
        (v.trim().parse().ok()).ok_or((at, format!("'{key}' is not a whole number")))
    };
    let rules_text: String = lines[r + 1..w].iter().map(|l| format!("{l}\n")).collect();
    let rules_hash = header("Rules")?.1.trim().to_string();
    if hash(&rules_text) != rules_hash {
        return Err((
            r + 1,
            "the rule file is not the one its 'Rules' hash names".into(),
        ));
    }
    let game = RuleTable::parse(&rules_text)
        .and_then(|t| t.game(None, None))
        .map_err(|e| (r + 2, format!("its rule file: {e}")))?;
    let hidden = whole("Hidden")?;
    if !(1..=MAX_HIDDEN).contains(&hidden) {
        let at = header("Hidden")?.0;
        return Err((at, format!("'Hidden' must be 1 to {MAX_HIDDEN}")));
    }
    let settings = Settings {
        hidden: hidden as usize,
        seed: whole("Seed")?,
        alpha: number("Alpha")? as f32,
        lambda: number("Lambda")? as f32,
    };
    let net = weights(&lines, w + 1, settings.hidden)?;
    let training = Training {
        settings,
        net,
        games: whole("Games")?,
    };
    let command = header("Command")?.1.to_string();
    Ok(TdFile {
        game,
        rules_hash,
        training,
        command,
    })
}

/// The network written from line `first` (0-based) on.
fn weights(lines: &[&str], first: usize, hidden: usize) -> Result<Net, (usize, String)> {
    let mut rows: Vec<(usize, &str, Vec<f32>)> = Vec::new();
    for (i, l) in lines.iter().enumerate().skip(first) {
        let mut words = l.split_whitespace();
        let key = words.next().unwrap_or("");
        let values: Result<Vec<f32>, _> = words.map(str::parse).collect();
        let values = (values.ok())
            .filter(|v| v.iter().all(|x| x.is_finite()))
            .ok_or((i + 1, "a weight is not a finite number".to_string()))?;
        rows.push((i + 1, key, values));
    }
    let of = |key: &str| -> Vec<f32> {
        (rows.iter().filter(|r| r.1 == key))
            .flat_map(|r| r.2.clone())
            .collect()
    };
    let b2 = of("b2");
    let last = lines.len();
    if b2.len() != 1 {
        return Err((last, "one 'b2' weight".into()));
    }
    Net::from_parts((hidden, of("w1"), of("b1"), of("w2"), b2[0])).ok_or((
        last,
        format!("the weights are not those of {hidden} hidden units over {INPUTS} inputs"),
    ))
}

/// `file`'s network, refused when it was trained for another game than `game` (by the rules
/// themselves, [`Game::plays_as`]: another starter or turn cap, or a rule file worded
/// otherwise, is the same game).
pub(crate) fn for_game(file: &str, game: &Game) -> Result<TdFile, TdFileError> {
    let td = load(Path::new(file))?;
    if !td.game.plays_as(game) {
        return Err(TdFileError::OtherGame {
            file: file.to_string(),
            theirs: td.rules_hash,
            ours: hash(&to_text(game)),
        });
    }
    Ok(td)
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet_engine::throws::Device;
    use senet_engine::variants::Variant;

    #[test]
    fn a_file_reads_back_and_is_refused_for_other_rules() {
        let v = Variant::TEJON;
        let game = Game {
            variant: v,
            device: v.device(),
            rules: v.rules().with(|r| r.pawns = 2).unwrap(),
        };
        let training = Training::new(Settings::default());
        let text = to_file_text(&game, &training, "senet-sim train --games 0");
        let read = parse(&text).unwrap();
        assert_eq!((read.game, read.training), (game.clone(), training));
        assert_eq!(read.command, "senet-sim train --games 0");
        let dir = std::env::temp_dir().join(format!("senet-td-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("w.td");
        std::fs::write(&file, &text).unwrap();
        let name = file.display().to_string();
        assert!(for_game(&name, &game).is_ok());
        let three = Game {
            rules: v.rules().with(|r| r.pawns = 3).unwrap(),
            ..game
        };
        let e = for_game(&name, &three).unwrap_err().to_string();
        assert!(e.contains("trained for other rules"), "{e}");
        // Another starter and turn cap play the same game from every position: the network
        // serves it, though its rule file's hash differs.
        let opened = Game {
            rules: (game.rules)
                .with(|r| {
                    r.max_turns = 77;
                    r.starter = senet_engine::rules::Starter::Black;
                })
                .unwrap(),
            ..game.clone()
        };
        assert_ne!(hash(&to_text(&opened)), read.rules_hash);
        assert!(for_game(&name, &opened).is_ok());
        let sticks = Game {
            device: Device::Sticks { p_marked: 0.6 },
            ..game.clone()
        };
        assert!(
            for_game(&name, &sticks).is_err(),
            "another throw distribution"
        );
        // A changed rule file, a missing weight: refused with the line.
        let edited = text.replace("pawns = 2", "pawns = 4");
        assert!(parse(&edited).unwrap_err().1.contains("'Rules' hash"));
        let cut: String = text
            .lines()
            .take(text.lines().count() - 1)
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(parse(&cut).unwrap_err().1.contains("hidden units"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
