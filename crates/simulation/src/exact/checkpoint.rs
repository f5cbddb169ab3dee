//! The layered solve with a checkpoint per finished group: the values of each group solved are
//! written to a folder as soon as the group is done, so that a solve killed midway starts again
//! from the last finished group (same values, bit for bit: a group's values depend only on the
//! groups before it).
//!
//! The folder holds `game.txt` (the rules and the throw distribution: a checkpoint of another
//! game is not read) and, per play and group, `optimal-K.f64` or `random-K.f64` (K pawns borne
//! off): the group's values in index order, as little-endian `f64`, each written into a
//! temporary file renamed into place. A long group is also saved part-way, after a sweep, in
//! `optimal-K.part` (the sweeps made and the seconds spent, then the group's values as they
//! stood): resuming from it repeats the same sweeps, so the values are again bit for bit those
//! of a solve never stopped. Beside each finished group's values, `optimal-K.group` (or
//! `random-K.group`) records how it was solved (its sweeps, last change, seconds, outcomes kept),
//! so that a run that reads the group reports it as the run that solved it did.

use crate::atomic::write_file;
use crate::cancel::Cancel;
use crate::exact::layered::plays::{solve_plays, Play};
use crate::exact::layered::{
    groups, value_table, Group, LayeredError, Listener, Reading, Resume, Settings, Sweeping,
};
use senet_engine::solve::backup::Pick;
use senet_engine::solve::Sweep;
use senet_engine::{Cause, Chain};
use std::fs;
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A checkpoint folder for one game.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    dir: PathBuf,
}

/// A file of the checkpoint that could not be read or written.
#[derive(Debug, thiserror::Error)]
#[error("{path}")]
pub struct CheckpointError {
    /// The file.
    pub path: String,
    /// What went wrong.
    #[source]
    pub why: Cause,
}

fn fail(path: &Path, e: impl Into<Cause>) -> CheckpointError {
    CheckpointError {
        path: path.display().to_string(),
        why: e.into(),
    }
}

/// The files a checkpoint folder may hold: nothing else is ever removed from it.
fn ours(name: &str) -> bool {
    name == "game.txt"
        || ["optimal-", "random-"].iter().any(|p| {
            name.strip_prefix(p)
                .map(|r| r.strip_suffix(".tmp").unwrap_or(r))
                .and_then(|r| {
                    [".f64", ".part", ".group"]
                        .iter()
                        .find_map(|s| r.strip_suffix(s))
                })
                .is_some_and(|k| k.parse::<u8>().is_ok())
        })
}

impl Checkpoint {
    /// Opens (or creates) `dir` for the game described by `game`. Values already there are
    /// kept when their `game.txt` is `game` or one that `same` takes for the same game (then
    /// `game.txt` becomes `game`); values of another game are refused, never removed (hours of
    /// a solve): the error names the folder to remove.
    pub fn open(
        dir: &Path,
        game: &str,
        same: impl Fn(&str) -> bool,
    ) -> Result<Checkpoint, CheckpointError> {
        fs::create_dir_all(dir).map_err(|e| fail(dir, e))?;
        let header = dir.join("game.txt");
        let stored = fs::read_to_string(&header).ok();
        let c = Checkpoint { dir: dir.into() };
        if stored.as_deref() == Some(game) {
            return Ok(c);
        }
        if c.holds_values() && !stored.as_deref().is_some_and(same) {
            return Err(fail(
                dir,
                "holds the values of another game (its game.txt): remove the folder to solve this game from the start, or solve it into another folder",
            ));
        }
        write_file(&header, |w| w.write_all(game.as_bytes())).map_err(|e| fail(&header, e))?;
        Ok(c)
    }

    /// Whether the folder holds values (a group or a part) of any game.
    fn holds_values(&self) -> bool {
        fs::read_dir(&self.dir).is_ok_and(|list| {
            list.flatten().any(|e| {
                e.file_name()
                    .to_str()
                    .is_some_and(|n| n != "game.txt" && ours(n))
            })
        })
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn file(&self, pick: Pick, off: u8, kind: &str) -> PathBuf {
        let play = match pick {
            Pick::Best => "optimal",
            Pick::Uniform => "random",
        };
        self.dir.join(format!("{play}-{off}.{kind}"))
    }

    /// Reads the groups saved for `pick` into `values`, and the group part-way through if one
    /// was saved; returns where the solve resumes.
    pub fn load(
        &self,
        sweep: &Sweep,
        pick: Pick,
        values: &mut [f64],
    ) -> Result<Resume, CheckpointError> {
        let mut resume = Resume::default();
        for (off, ranges) in groups(sweep).into_iter().rev() {
            let path = self.file(pick, off, "f64");
            if let Ok(f) = fs::File::open(&path) {
                read_values(&path, BufReader::new(f), &ranges, values)?;
                resume.solved.push(off);
                continue;
            }
            let path = self.file(pick, off, "part");
            if let Ok(f) = fs::File::open(&path) {
                let mut r = BufReader::new(f);
                let mut head = [0u8; 16];
                r.read_exact(&mut head).map_err(|e| fail(&path, e))?;
                let sweeps = u64::from_le_bytes(head[..8].try_into().expect("8 bytes"));
                let seconds = f64::from_le_bytes(head[8..].try_into().expect("8 bytes"));
                read_values(&path, r, &ranges, values)?;
                resume.partial = Some((off, sweeps as u32, seconds));
            }
            break;
        }
        Ok(resume)
    }

    /// Writes the values of the group `g`, solved, and its record; its part-way file goes.
    pub fn save(
        &self,
        sweep: &Sweep,
        pick: Pick,
        g: &Group,
        values: &[f64],
    ) -> Result<(), CheckpointError> {
        let off = g.off;
        self.write(sweep, &self.file(pick, off, "f64"), off, &[], values)?;
        let record = self.file(pick, off, "group");
        write_file(&record, |w| w.write_all(record_text(g).as_bytes()))
            .map_err(|e| fail(&record, e))?;
        let part = self.file(pick, off, "part");
        match fs::remove_file(&part) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(fail(&part, e)),
            _ => Ok(()),
        }
    }

    /// The records of the groups `offs` of `pick` (read from the checkpoint): how they were
    /// solved. A group saved without one (by an earlier release) is left out.
    pub fn records(&self, pick: Pick, offs: &[u8]) -> Result<Vec<Group>, CheckpointError> {
        let mut out = Vec::new();
        for &off in offs {
            let path = self.file(pick, off, "group");
            let Ok(text) = fs::read_to_string(&path) else {
                continue;
            };
            out.push(read_record(&text, off).map_err(|e| fail(&path, e))?);
        }
        Ok(out)
    }

    /// Writes the values of the group `now` is solving, as they stand after its sweeps.
    pub(crate) fn save_part(
        &self,
        sweep: &Sweep,
        pick: Pick,
        now: &Sweeping,
        values: &[f64],
    ) -> Result<(), CheckpointError> {
        let mut head = u64::from(now.sweeps).to_le_bytes().to_vec();
        head.extend_from_slice(&now.seconds.to_le_bytes());
        let path = self.file(pick, now.off, "part");
        self.write(sweep, &path, now.off, &head, values)
    }

    /// Writes `head` then the values of group `off` into `path`, through a temporary file.
    fn write(
        &self,
        sweep: &Sweep,
        path: &Path,
        off: u8,
        head: &[u8],
        values: &[f64],
    ) -> Result<(), CheckpointError> {
        let ranges = groups(sweep).remove(&off).unwrap_or_default();
        write_file(path, |w| {
            w.write_all(head)?;
            for i in ranges.into_iter().flatten() {
                w.write_all(&values[i as usize].to_le_bytes())?;
            }
            Ok(())
        })
        .map_err(|e| fail(path, e))
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

/// Reads one group's values (`ranges`, in index order) from `r`, a file's rest.
fn read_values(
    path: &Path,
    mut r: impl Read,
    ranges: &[std::ops::Range<u32>],
    values: &mut [f64],
) -> Result<(), CheckpointError> {
    let mut b = [0u8; 8];
    for i in ranges.iter().cloned().flatten() {
        r.read_exact(&mut b).map_err(|e| fail(path, e))?;
        values[i as usize] = f64::from_le_bytes(b);
    }
    Ok(())
}

/// A group's record: one `key = value` line for each figure of [`Group`] but `off`.
fn record_text(g: &Group) -> String {
    format!(
        "positions = {}\nstored = {}\nsweeps = {}\nchange = {:e}\nbytes = {}\nseconds = {}\n",
        g.positions, g.stored, g.sweeps, g.change, g.bytes, g.seconds
    )
}

/// Reads a record written by [`record_text`] for the group of `off` pawns borne off.
fn read_record(text: &str, off: u8) -> Result<Group, String> {
    let field = |key: &str| -> Result<&str, String> {
        text.lines()
            .find_map(|l| l.strip_prefix(key)?.trim_start().strip_prefix('='))
            .map(str::trim)
            .ok_or(format!("no `{key}` line"))
    };
    let int = |key: &str| {
        field(key)?
            .parse::<u64>()
            .map_err(|e| format!("{key}: {e}"))
    };
    let real = |key: &str| {
        field(key)?
            .parse::<f64>()
            .map_err(|e| format!("{key}: {e}"))
    };
    Ok(Group {
        off,
        positions: int("positions")?,
        stored: int("stored")?,
        sweeps: u32::try_from(int("sweeps")?).map_err(|e| format!("sweeps: {e}"))?,
        change: real("change")?,
        bytes: int("bytes")?,
        seconds: real("seconds")?,
    })
}

/// How a checkpointed layered solve went.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The value of every position, by index.
    pub values: Vec<f64>,
    /// The groups solved in this run.
    pub groups: Vec<Group>,
    /// The groups read from the checkpoint, as recorded by the run that solved them (those
    /// saved without a record, by an earlier release, left out).
    pub earlier: Vec<Group>,
    /// Where this run started: the groups read from the checkpoint, and a group part-way.
    pub resumed: Resume,
}

/// Why a checkpointed solve stopped.
#[derive(Debug, thiserror::Error)]
pub(crate) enum StopError {
    /// The solve itself.
    #[error(transparent)]
    Layered(#[from] LayeredError),
    /// The checkpoint.
    #[error(transparent)]
    Checkpoint(#[from] CheckpointError),
}

/// When a checkpointed solve saves the group part-way through: every this many seconds (after
/// a sweep), and always when it is cancelled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Saving {
    /// Seconds between two saves of a group part-way through.
    pub every: f64,
}

/// What a checkpointed solve tells its caller, of the play whose pick it names.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Heard<'a> {
    /// Where the play resumes (said first, when the checkpoint held anything of it).
    Resumed(Pick, &'a Resume),
    /// A sweep that did not settle its group; `saved`: the group was saved part-way after it.
    Swept(Pick, &'a Sweeping, bool),
    /// A group solved and saved.
    Finished(Pick, &'a Group),
}

/// Saves each group solved, and the group part-way at the intervals of `saving` (for each play
/// apart) and when the solve is cancelled (by the caller's token, or by `each` on hearing a
/// sweep).
struct Keeper<'a, 'b> {
    sweep: &'a Sweep<'a>,
    checkpoint: Option<&'a Checkpoint>,
    saving: Saving,
    cancel: &'a Cancel,
    each: &'b mut dyn FnMut(Heard),
    /// When each play was last saved.
    saved: Vec<(Pick, Instant)>,
    /// The last part-way save: its play, group and sweeps.
    part: Option<(Pick, u8, u32)>,
}

impl Keeper<'_, '_> {
    /// When the play `pick` was last saved.
    fn saved(&mut self, pick: Pick) -> &mut Instant {
        let at = self.saved.iter().position(|(p, _)| *p == pick);
        let at = at.unwrap_or_else(|| {
            self.saved.push((pick, Instant::now()));
            self.saved.len() - 1
        });
        &mut self.saved[at].1
    }

    fn save_part(
        &mut self,
        pick: Pick,
        now: &Sweeping,
        values: &[f64],
    ) -> Result<(), LayeredError> {
        if let Some(c) = self.checkpoint {
            c.save_part(self.sweep, pick, now, values)
                .map_err(|e| LayeredError::Finished(Chain(&e).to_string()))?;
            *self.saved(pick) = Instant::now();
            self.part = Some((pick, now.off, now.sweeps));
        }
        Ok(())
    }
}

impl Listener for Keeper<'_, '_> {
    fn swept(
        &mut self,
        pick: Pick,
        now: &Sweeping,
        values: &mut Reading,
    ) -> Result<(), LayeredError> {
        let every = self.saving.every;
        let due = self.cancel.is_cancelled() || self.saved(pick).elapsed().as_secs_f64() >= every;
        let saved = due && self.checkpoint.is_some();
        if saved {
            self.save_part(pick, now, values.values())?;
        }
        (self.each)(Heard::Swept(pick, now, saved));
        if self.cancel.is_cancelled() {
            // Cancelled while it heard the sweep: the group is saved as it stands.
            if !saved && self.checkpoint.is_some() {
                self.save_part(pick, now, values.values())?;
            }
            return Err(LayeredError::Interrupted);
        }
        Ok(())
    }

    /// A play that heard its sweep before the stop was asked is saved as it stands (once).
    fn stopping(
        &mut self,
        pick: Pick,
        now: &Sweeping,
        values: &mut Reading,
    ) -> Result<(), LayeredError> {
        let done = self.part.is_some_and(|p| p == (pick, now.off, now.sweeps));
        if !done && self.checkpoint.is_some() {
            self.save_part(pick, now, values.values())?;
        }
        Ok(())
    }

    fn finished(&mut self, pick: Pick, g: &Group, values: &[f64]) -> Result<(), LayeredError> {
        if let Some(c) = self.checkpoint {
            c.save(self.sweep, pick, g, values)
                .map_err(|e| LayeredError::Finished(Chain(&e).to_string()))?;
        }
        *self.saved(pick) = Instant::now();
        (self.each)(Heard::Finished(pick, g));
        Ok(())
    }
}

/// Solves `sweep` layer by layer for each play of `picks` (one, or two swept together:
/// [`solve_plays`]), from what `checkpoint` holds of each (the groups solved, a group
/// part-way), writing each group as it is finished and the group being solved as `saving`
/// says. `each` hears every sweep and every group. Returns each play's solve, in the order of
/// `picks`. `settings.pick` is not read.
pub(crate) fn solve_checkpointed(
    sweep: &Sweep,
    settings: &Settings,
    picks: &[Pick],
    checkpoint: Option<&Checkpoint>,
    saving: Saving,
    each: &mut dyn FnMut(Heard),
) -> Result<Vec<Solved>, StopError> {
    let mut plays = Vec::new();
    let mut earlier = Vec::new();
    for &pick in picks {
        let mut values = value_table(sweep);
        let resume = match checkpoint {
            Some(c) => c.load(sweep, pick, &mut values)?,
            None => Resume::default(),
        };
        if resume != Resume::default() {
            each(Heard::Resumed(pick, &resume));
        }
        earlier.push(match checkpoint {
            Some(c) => c.records(pick, &resume.solved)?,
            None => Vec::new(),
        });
        plays.push(Play {
            pick,
            values,
            resume,
        });
    }
    let resumed: Vec<Resume> = plays.iter().map(|p| p.resume.clone()).collect();
    let mut keeper = Keeper {
        sweep,
        checkpoint,
        saving,
        cancel: settings.cancel,
        each,
        saved: Vec::new(),
        part: None,
    };
    let solved = solve_plays(sweep, settings, plays, &mut keeper)?;
    Ok(solved
        .into_iter()
        .zip(earlier)
        .zip(resumed)
        .map(|((l, earlier), resumed)| Solved {
            values: l.values,
            groups: l.groups,
            earlier,
            resumed,
        })
        .collect())
}

#[cfg(test)]
mod tests;
