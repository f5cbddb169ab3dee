//! What a report replaces and what it keeps: the marker of a report lists the files its run
//! wrote (its manifest); any other file of the folder (a teacher's notes, the CSV files of
//! another dialect, a solved table) is the user's and moves into the new report.

use anyhow::{Context, Result};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The files a run carried into its new report.
#[derive(Debug, Default)]
pub struct Kept {
    /// The user's files (no run wrote them, or a run wrote them and the user changed them
    /// since), under their names.
    pub files: Vec<PathBuf>,
    /// Files a run wrote and the user changed since, that the new run writes again: each kept
    /// beside under a new name (`summary.modifie.csv`), as (name, kept as).
    pub edited: Vec<(PathBuf, PathBuf)>,
}

/// The marker's first line; the files the run wrote follow, one a line, each with the SHA-256
/// of what the run wrote after a tab (a later run tells a file the user changed since).
pub(super) const MARKER_LINE: &str =
    "written by senet-sim: a later run with this folder as --out replaces it\n";

/// The list of the user's files while they move into the new report: a run killed meanwhile
/// leaves it in its staging folder, and the next run moves them back ([`give_back`]).
const MOVING: &str = ".senet-sim-moving";

/// Every file under `dir` (and every empty folder), relative to it, sorted.
fn files_under(dir: &Path) -> Result<BTreeSet<PathBuf>> {
    let mut out = BTreeSet::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let here = dir.join(&rel);
        let mut empty = true;
        for entry in
            std::fs::read_dir(&here).with_context(|| format!("reading {}", here.display()))?
        {
            let entry = entry?;
            empty = false;
            let path = rel.join(entry.file_name());
            if entry.file_type()?.is_dir() {
                stack.push(path);
            } else {
                out.insert(path);
            }
        }
        if empty && !rel.as_os_str().is_empty() {
            out.insert(rel);
        }
    }
    out.remove(Path::new(crate::config::MARKER));
    out.remove(Path::new(MOVING));
    Ok(out)
}

/// The SHA-256 of a file's bytes, in hexadecimal.
fn digest(path: &Path) -> Result<String> {
    use sha2::{Digest, Sha256};
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// The marker of `target`: each file its run wrote, with the digest it wrote (none in a marker
/// of an earlier version).
fn listed(target: &Path) -> Vec<(PathBuf, Option<String>)> {
    let marker = std::fs::read_to_string(target.join(crate::config::MARKER)).unwrap_or_default();
    (marker.lines().skip(1))
        .map(|l| match l.split_once('\t') {
            Some((f, h)) => (PathBuf::from(f), Some(h.to_string())),
            None => (PathBuf::from(l), None),
        })
        .collect()
}

/// The files of `target` that its run wrote and that were changed since: their digest is no
/// longer the marker's. Where the marker gives no digests (a folder without a marker, made
/// during the run, or a marker of a build before digests), every file the new report writes
/// (`written`, with the digests of what it writes) that `target` holds with other bytes:
/// nothing tells the user's edit from the run's, so it is kept.
fn edited(target: &Path, written: &BTreeMap<PathBuf, String>) -> Result<Vec<PathBuf>> {
    let listed = listed(target);
    let known: Vec<(PathBuf, Option<String>)> = if listed.is_empty() {
        (written.iter())
            .map(|(f, d)| (f.clone(), Some(d.clone())))
            .collect()
    } else {
        listed
    };
    let mut out = Vec::new();
    for (f, h) in known {
        let path = target.join(&f);
        if let Some(h) = h.filter(|_| path.is_file()) {
            if digest(&path)? != h {
                out.push(f);
            }
        }
    }
    Ok(out)
}

/// `NAME.modifie.EXT` beside `f` (`NAME.modifie-2.EXT`... when taken in `staging` or `target`).
fn modified_name(f: &Path, staging: &Path, target: &Path) -> PathBuf {
    let stem = f
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = f
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (1..)
        .map(|k| {
            let tag = if k == 1 {
                String::new()
            } else {
                format!("-{k}")
            };
            f.with_file_name(format!("{stem}.modifie{tag}{ext}"))
        })
        .find(|n| !staging.join(n).exists() && !target.join(n).exists())
        .expect("a free name")
}

/// The files of the report in `target` that its run did not write: those its marker does not
/// list. Where the marker lists nothing (no marker: a folder new or empty when the run began;
/// or a marker of a build before manifests), every file the new run does not write.
fn theirs(target: &Path, written: &BTreeSet<PathBuf>) -> Result<Vec<PathBuf>> {
    let listed: BTreeSet<PathBuf> = listed(target).into_iter().map(|(f, _)| f).collect();
    let top = |f: &Path| f.components().next().map(|c| PathBuf::from(c.as_os_str()));
    // A folder of the report that senet-sim wrote on its own (a solve's exact/, with its own
    // marker) is replaced when the new run writes that folder.
    let nested = |f: &PathBuf| {
        top(f).is_some_and(|d| {
            target.join(&d).join(crate::config::MARKER).is_file()
                && written.iter().any(|w| w.starts_with(&d))
        })
    };
    let runs = |f: &PathBuf| match listed.is_empty() {
        false => listed.contains(f) || nested(f),
        true => written.contains(f),
    };
    Ok(files_under(target)?
        .into_iter()
        .filter(|f| !runs(f))
        .collect())
}

/// Before the new report in `staging` replaces `target`: writes its manifest, and moves the
/// user's files of `target` into it: those no run wrote, under their names (refused, with
/// nothing changed, when one has the name of a file the new report writes), and those a run
/// wrote and the user changed since, under their names or, when the new run writes that name,
/// beside it as `NAME.modifie.EXT`.
pub(super) fn carry_over(staging: &Path, target: &Path) -> Result<Kept> {
    // Each file the new report writes, with the digest of what it writes: read once.
    let digests = (files_under(staging)?.into_iter())
        .map(|f| {
            let d = digest(&staging.join(&f))?;
            Ok((f, d))
        })
        .collect::<Result<BTreeMap<PathBuf, String>>>()?;
    let written: BTreeSet<PathBuf> = digests.keys().cloned().collect();
    let mut marker = MARKER_LINE.to_string();
    for (f, d) in &digests {
        let _ = writeln!(marker, "{}\t{d}", f.to_string_lossy());
    }
    std::fs::write(staging.join(crate::config::MARKER), marker)
        .with_context(|| format!("writing {}", crate::config::MARKER))?;
    // Checked now, not when the run began: a file added meanwhile is the user's.
    if !target.is_dir() {
        return Ok(Kept::default());
    }
    let theirs = theirs(target, &written)?;
    let clash: Vec<String> = (theirs.iter())
        .filter(|f| written.contains(*f))
        .map(|f| f.display().to_string())
        .collect();
    if !clash.is_empty() {
        return crate::error::bad(format!(
            "--out {}: holds {} that senet-sim did not write there and that this run writes; move it away or choose another --out (nothing was changed)",
            target.display(),
            clash.join(", ")
        ));
    }
    // (where it is in target, where it goes in staging)
    let mut moves: Vec<(PathBuf, PathBuf)> =
        theirs.iter().map(|f| (f.clone(), f.clone())).collect();
    let mut kept = Kept {
        files: theirs.clone(),
        edited: Vec::new(),
    };
    for f in edited(target, &digests)? {
        if written.contains(&f) {
            let to = modified_name(&f, staging, target);
            kept.edited.push((f.clone(), to.clone()));
            moves.push((f, to));
        } else {
            kept.files.push(f.clone());
            moves.push((f.clone(), f));
        }
    }
    // Each file as it is named in staging, then in target.
    let list: String = moves
        .iter()
        .map(|(from, to)| format!("{}\t{}\n", to.display(), from.display()))
        .collect();
    std::fs::write(staging.join(MOVING), list).context("listing the files kept")?;
    for (from, to) in &moves {
        move_file(&target.join(from), &staging.join(to))?;
        fault("abort-while-keeping");
    }
    Ok(kept)
}

/// After the swap: the list of files being moved is no longer needed.
pub(super) fn done(target: &Path) {
    let _ = std::fs::remove_file(target.join(MOVING));
}

/// The staging folder `partial` of a run killed while it moved the user's files: each file it
/// lists goes back into `target` where `target` lacks it.
pub(super) fn give_back(partial: &Path, target: &Path) -> Result<()> {
    let Ok(list) = std::fs::read_to_string(partial.join(MOVING)) else {
        return Ok(());
    };
    for line in list.lines() {
        let (here, there) = line.split_once('\t').unwrap_or((line, line));
        let (from, to) = (partial.join(here), target.join(there));
        if from.exists() && !to.exists() {
            move_file(&from, &to)?;
        }
    }
    Ok(())
}

/// Renames `from` to `to`, creating the folders above `to`.
fn move_file(from: &Path, to: &Path) -> Result<()> {
    if let Some(parent) = to.parent() {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("creating {}", parent.display()))?;
    }
    std::fs::rename(from, to)
        .with_context(|| format!("moving {} to {}", from.display(), to.display()))
}

/// The fault-injection point `point` of the tests (`SENET_SIM_FAULT=point`): the process stops
/// there at once, as a kill would stop it. Compiled into test (debug) builds only.
pub(super) fn fault(point: &str) {
    if cfg!(debug_assertions) && std::env::var("SENET_SIM_FAULT").is_ok_and(|f| f == point) {
        std::process::abort();
    }
}
