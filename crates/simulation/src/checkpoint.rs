//! The layered solve with a checkpoint per finished group: the values of each group solved are
//! written to a folder as soon as the group is done, so that a solve killed midway starts again
//! from the last finished group (same values, bit for bit: a group's values depend only on the
//! groups before it).
//!
//! The folder holds `game.txt` (the rules and the throw distribution: a checkpoint of another
//! game is not read) and, per play and group, `optimal-K.f64` or `random-K.f64` (K pawns borne
//! off): the group's values in index order, as little-endian `f64`, each written into a
//! temporary file renamed into place.

use crate::layered::{groups, solve_layered, Group, LayeredError, Settings};
use senet_engine::solve::backup::Pick;
use senet_engine::solve::Sweep;
use std::fs;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

/// A checkpoint folder for one game.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    dir: PathBuf,
}

/// A file of the checkpoint that could not be read or written.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {why}")]
pub struct CheckpointError {
    /// The file.
    pub path: String,
    /// What went wrong.
    pub why: String,
}

fn fail(path: &Path, e: impl std::fmt::Display) -> CheckpointError {
    CheckpointError {
        path: path.display().to_string(),
        why: e.to_string(),
    }
}

/// The files a checkpoint folder may hold: nothing else is ever removed from it.
fn ours(name: &str) -> bool {
    name == "game.txt"
        || ["optimal-", "random-"].iter().any(|p| {
            name.strip_prefix(p)
                .and_then(|r| {
                    r.strip_suffix(".f64")
                        .or_else(|| r.strip_suffix(".f64.tmp"))
                })
                .is_some_and(|k| k.parse::<u8>().is_ok())
        })
}

impl Checkpoint {
    /// Opens (or creates) `dir` for the game described by `game`; group files of another game
    /// found there are removed.
    pub fn open(dir: &Path, game: &str) -> Result<Checkpoint, CheckpointError> {
        fs::create_dir_all(dir).map_err(|e| fail(dir, e))?;
        let header = dir.join("game.txt");
        if fs::read_to_string(&header).ok().as_deref() != Some(game) {
            Checkpoint { dir: dir.into() }.remove_files()?;
            let tmp = dir.join("game.txt.tmp");
            fs::write(&tmp, game).map_err(|e| fail(&tmp, e))?;
            fs::rename(&tmp, &header).map_err(|e| fail(&header, e))?;
        }
        Ok(Checkpoint { dir: dir.into() })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn file(&self, pick: Pick, off: u8) -> PathBuf {
        let play = match pick {
            Pick::Best => "optimal",
            Pick::Uniform => "random",
        };
        self.dir.join(format!("{play}-{off}.f64"))
    }

    /// Reads the groups saved for `pick` into `values`; returns their pawns borne off.
    pub fn load(
        &self,
        sweep: &Sweep,
        pick: Pick,
        values: &mut [f64],
    ) -> Result<Vec<u8>, CheckpointError> {
        let mut done = Vec::new();
        for (off, ranges) in groups(sweep).into_iter().rev() {
            let path = self.file(pick, off);
            let Ok(f) = fs::File::open(&path) else {
                break;
            };
            let mut r = BufReader::new(f);
            let mut b = [0u8; 8];
            for i in ranges.into_iter().flatten() {
                r.read_exact(&mut b).map_err(|e| fail(&path, e))?;
                values[i as usize] = f64::from_le_bytes(b);
            }
            done.push(off);
        }
        Ok(done)
    }

    /// Writes the values of the group of `off` pawns borne off.
    pub fn save(
        &self,
        sweep: &Sweep,
        pick: Pick,
        off: u8,
        values: &[f64],
    ) -> Result<(), CheckpointError> {
        let path = self.file(pick, off);
        let tmp = path.with_extension("f64.tmp");
        let f = fs::File::create(&tmp).map_err(|e| fail(&tmp, e))?;
        let mut w = BufWriter::new(f);
        let ranges = groups(sweep).remove(&off).unwrap_or_default();
        for i in ranges.into_iter().flatten() {
            w.write_all(&values[i as usize].to_le_bytes())
                .map_err(|e| fail(&tmp, e))?;
        }
        w.flush().map_err(|e| fail(&tmp, e))?;
        drop(w);
        fs::rename(&tmp, &path).map_err(|e| fail(&path, e))
    }

    /// Removes the checkpoint's files, and the folder once empty.
    pub fn clear(&self) -> Result<(), CheckpointError> {
        self.remove_files()?;
        let _ = fs::remove_dir(&self.dir);
        Ok(())
    }

    /// Removes the files a checkpoint writes (no other).
    fn remove_files(&self) -> Result<(), CheckpointError> {
        let Ok(list) = fs::read_dir(&self.dir) else {
            return Ok(());
        };
        for entry in list.flatten() {
            if entry.file_name().to_str().is_some_and(ours) {
                let p = entry.path();
                fs::remove_file(&p).map_err(|e| fail(&p, e))?;
            }
        }
        Ok(())
    }
}

/// How a checkpointed layered solve went.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The value of every position, by index.
    pub values: Vec<f64>,
    /// The groups solved in this run.
    pub groups: Vec<Group>,
    /// The groups read from the checkpoint (pawns borne off).
    pub resumed: Vec<u8>,
}

/// Why a checkpointed solve stopped.
#[derive(Debug, thiserror::Error)]
pub enum StopError {
    /// The solve itself.
    #[error(transparent)]
    Layered(#[from] LayeredError),
    /// The checkpoint.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
}

/// Solves `sweep` layer by layer for `settings.pick`, reading the groups already in
/// `checkpoint` and writing each group as it is finished. `each` hears every group solved;
/// `stop_after` stops (as if killed) after that many groups solved in this run.
pub fn solve_checkpointed(
    sweep: &Sweep,
    settings: &Settings,
    checkpoint: Option<&Checkpoint>,
    each: &mut dyn FnMut(&Group),
    stop_after: Option<usize>,
) -> Result<Solved, StopError> {
    let mut values = vec![0.5; sweep.index.len() as usize];
    let resumed = match checkpoint {
        Some(c) => c.load(sweep, settings.pick, &mut values)?,
        None => Vec::new(),
    };
    let mut count = 0;
    let mut finished = |g: &Group, v: &[f64]| -> Result<(), LayeredError> {
        if let Some(c) = checkpoint {
            c.save(sweep, settings.pick, g.off, v)
                .map_err(|e| LayeredError::Finished(e.to_string()))?;
        }
        each(g);
        count += 1;
        match stop_after {
            Some(n) if count >= n => Err(LayeredError::Interrupted),
            _ => Ok(()),
        }
    };
    let l = solve_layered(sweep, settings, values, &resumed, &mut finished)?;
    Ok(Solved {
        values: l.values,
        groups: l.groups,
        resumed,
    })
}
