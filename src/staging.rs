//! A report written beside its target and swapped into place, locked while it is written, and
//! the files of the folder it replaces that no run wrote (a teacher's notes, another tool's
//! output) carried over into the new report.

mod keep;

use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

/// A hidden temporary folder beside the target; swapped into place by `commit`, removed if
/// dropped. While it exists it holds an advisory lock on the target (the file `.NAME.lock`
/// beside it, removed with it), so that a second run into the same folder is refused instead
/// of deleting this one's files.
pub struct Staging {
    /// The temporary folder the files are written into.
    pub dir: PathBuf,
    target: PathBuf,
    committed: bool,
    /// The lock file, held (locked) until the staging is dropped, and its path.
    lock: Option<(std::fs::File, PathBuf)>,
}

/// Names beside a target `NAME`: its staging folders, where a previous report waits while it is
/// replaced without an atomic swap, and its lock.
fn sibling(parent: &Path, name: &str, what: &str) -> PathBuf {
    parent.join(format!(".{name}.{what}"))
}

impl Staging {
    /// Locks `target` and creates the temporary folder beside it (and the folders above it).
    /// Leftovers of an interrupted earlier run are cleaned first: its staging folders removed,
    /// a previous report it had moved aside put back (never deleted) when the target is missing.
    pub fn create(target: &Path) -> Result<Staging> {
        let parent = target
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let name = target
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("report");
        crate::config::check_link(target)?;
        std::fs::create_dir_all(parent)
            .with_context(|| format!("--out: cannot create {}", parent.display()))?;
        let lock = lock(&sibling(parent, name, "lock"), target)?;
        // Under the lock, no live run owns these: a previous report moved aside first, then the
        // staging folders (files of the user's being carried over go back into the target).
        let leftovers = |prefix: String| -> Vec<PathBuf> {
            let entries = std::fs::read_dir(parent).into_iter().flatten().flatten();
            (entries.filter(|e| e.file_name().to_str().unwrap_or("").starts_with(&prefix)))
                .map(|e| e.path())
                .collect()
        };
        for previous in leftovers(format!(".{name}.previous-")) {
            if target.exists() {
                let _ = std::fs::remove_dir_all(&previous);
            } else {
                std::fs::rename(&previous, target).with_context(|| {
                    format!("putting the previous report back into {}", target.display())
                })?;
            }
        }
        for partial in leftovers(format!(".{name}.partial-")) {
            keep::give_back(&partial, target)?;
            let _ = std::fs::remove_dir_all(&partial);
        }
        let dir = sibling(parent, name, &format!("partial-{}", std::process::id()));
        // Held from here: a failure below (a full disk) drops it, and with it the folder and
        // the lock file.
        let staging = Staging {
            dir,
            target: target.to_path_buf(),
            committed: false,
            lock,
        };
        std::fs::create_dir_all(&staging.dir)
            .with_context(|| format!("--out: cannot write in {}", parent.display()))?;
        // The mark of a folder senet-sim wrote: a later run may replace it (config::check_out);
        // `commit` adds the list of the files written.
        let marker = staging.dir.join(crate::config::MARKER);
        std::fs::write(&marker, keep::MARKER_LINE)
            .with_context(|| format!("writing {}", marker.display()))?;
        Ok(staging)
    }

    /// Puts the finished folder in place of the target. On Linux the two folders are swapped
    /// in one step (`renameat2` with `RENAME_EXCHANGE`), then the previous report is removed;
    /// elsewhere (or where the file system cannot swap) the previous report is first moved
    /// aside as `.NAME.previous-PID`, which the next run puts back if this one dies before the
    /// new report is in place.
    ///
    /// The files of the previous report that no run wrote (a teacher's notes, another tool's
    /// folder) are carried over into the new report first; the new report's marker lists the
    /// files it wrote. Returns the files carried over.
    pub fn commit(mut self) -> Result<keep::Kept> {
        let kept = keep::carry_over(&self.dir, &self.target)?;
        if self.target.exists() && exchange(&self.dir, &self.target).is_ok() {
            self.committed = true;
            // The staging folder now holds the previous report.
            std::fs::remove_dir_all(&self.dir)?;
            keep::done(&self.target);
            return Ok(kept);
        }
        let name = self.dir.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let old = self
            .dir
            .with_file_name(name.replacen(".partial-", ".previous-", 1));
        if self.target.exists() {
            std::fs::rename(&self.target, &old)
                .with_context(|| format!("moving the previous {} aside", self.target.display()))?;
            keep::fault("abort-between-renames");
        }
        std::fs::rename(&self.dir, &self.target)
            .with_context(|| format!("renaming the report into {}", self.target.display()))?;
        self.committed = true;
        if old.exists() {
            std::fs::remove_dir_all(&old)?;
        }
        keep::done(&self.target);
        Ok(kept)
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
        // The lock file goes while it is still locked (a run that opened it meanwhile finds it
        // gone from the folder and takes a new one: see `lock`).
        if let Some((file, path)) = self.lock.take() {
            let _ = std::fs::remove_file(path);
            drop(file);
        }
    }
}

/// Takes the advisory lock of `target` (file `path`); refused in one line when another run
/// holds it. A file system without locks runs unlocked.
fn lock(path: &Path, target: &Path) -> Result<Option<(std::fs::File, PathBuf)>> {
    // A lock file removed by the run that held it, between this run's open and lock, is no
    // longer the folder's: open the new one again.
    for _ in 0..10 {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)
            .with_context(|| format!("--out: cannot create {}", path.display()))?;
        match file.try_lock() {
            Ok(()) if same_file(&file, path) => return Ok(Some((file, path.to_path_buf()))),
            Ok(()) => continue,
            Err(std::fs::TryLockError::WouldBlock) => {
                return crate::error::bad(format!(
                    "--out {}: another senet-sim run is writing this report now (it holds {}); wait for it to end or choose another --out",
                    target.display(),
                    path.display()
                ))
            }
            Err(std::fs::TryLockError::Error(_)) => return Ok(None),
        }
    }
    Ok(None)
}

/// Whether the open `file` is still the file at `path`.
#[cfg(unix)]
fn same_file(file: &std::fs::File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::metadata(path)) {
        (Ok(a), Ok(b)) => (a.dev(), a.ino()) == (b.dev(), b.ino()),
        _ => false,
    }
}

/// Elsewhere a lock file is not replaced while it is open.
#[cfg(not(unix))]
fn same_file(_: &std::fs::File, path: &Path) -> bool {
    path.exists()
}

/// Swaps two folders in one step (Linux's `renameat2` with `RENAME_EXCHANGE`): the one call to
/// C in the program, since the standard library has no swap.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    // Test builds only: a release binary has no fault-injection hook.
    if cfg!(debug_assertions)
        && std::env::var("SENET_SIM_FAULT").is_ok_and(|f| f == "abort-between-renames")
    {
        return Err(std::io::Error::other("the move-aside path is under test"));
    }
    let c =
        |p: &Path| std::ffi::CString::new(p.as_os_str().as_bytes()).map_err(std::io::Error::other);
    let (a, b) = (c(a)?, c(b)?);
    // SAFETY: two valid NUL-terminated paths, relative to the current folder.
    let r = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if r == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// No atomic swap outside Linux: the caller moves the previous report aside.
#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> std::io::Result<()> {
    Err(std::io::Error::other("no atomic swap here"))
}
