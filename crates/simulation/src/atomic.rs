//! Files written whole or not at all: the one way this crate (and the binary, for a single
//! file) writes a file that a reader may find after a crash or a Ctrl-C.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

/// The temporary file beside `path` that `write_file` fills: its name with `.tmp` and the
/// process id added, created new (never through a link someone left there).
pub fn temporary(path: &Path) -> PathBuf {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".tmp-{}", std::process::id()));
    PathBuf::from(tmp)
}

/// Why [`replace_own`] would not write over `path`: what is there, in words.
pub fn refusal(path: &Path, is_ours: impl Fn(&[u8]) -> bool) -> Option<&'static str> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(m) => m,
        Err(_) => return None,
    };
    let kind = meta.file_type();
    if kind.is_symlink() {
        return Some("is a symbolic link");
    }
    if kind.is_dir() {
        return Some("is a folder");
    }
    if !kind.is_file() {
        return Some("is not a regular file (a device, a FIFO or a socket)");
    }
    let mut head = vec![0u8; 64];
    let read = File::open(path).and_then(|mut f| {
        use std::io::Read;
        let n = f.read(&mut head)?;
        Ok(n)
    });
    match read {
        Ok(0) => None,
        Ok(n) if is_ours(&head[..n]) => None,
        Ok(_) => Some("already exists and is not a file senet-sim wrote"),
        Err(_) => Some("cannot be read"),
    }
}

/// `write_file`, but only over nothing or over a regular file whose first bytes `is_ours`
/// recognises (or an empty one): never through a symbolic link, over a device, a FIFO or a
/// user's own file. The refusal says what is at `path`.
pub fn replace_own(
    path: &Path,
    is_ours: impl Fn(&[u8]) -> bool,
    fill: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    if let Some(why) = refusal(path, is_ours) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            format!(
                "{} {why}: not replaced; remove it or choose another name",
                path.display()
            ),
        ));
    }
    write_file(path, fill)
}

/// Writes `path` whole or not at all: `fill` writes into a temporary file beside it, which is
/// flushed and synced to disk, then renamed onto `path`; the folder is then synced so that the
/// rename itself survives a crash. On an error the temporary file is removed and `path` is
/// left as it was.
pub(crate) fn write_file(
    path: &Path,
    fill: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let tmp = temporary(path);
    let done = (|| {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        let mut w = BufWriter::new(file);
        fill(&mut w)?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if done.is_err() {
        let _ = std::fs::remove_file(&tmp);
        return done;
    }
    // Syncing a folder is how POSIX makes a rename durable; elsewhere it may not be allowed.
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if let Ok(dir) = File::open(folder) {
        let _ = dir.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_file_is_replaced_whole_and_kept_on_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("table.senet");
        write_file(&path, |w| w.write_all(b"first")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"first");
        let e = write_file(&path, |w| {
            w.write_all(b"half")?;
            Err(std::io::Error::other("disk full"))
        });
        assert!(e.is_err());
        assert_eq!(
            std::fs::read(&path).unwrap(),
            b"first",
            "the old file stays"
        );
        assert!(!temporary(&path).exists(), "no temporary file left");
        write_file(&path, |w| w.write_all(b"second")).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
    }

    #[test]
    fn only_our_own_files_are_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let ours = |h: &[u8]| h.starts_with(b"# ours");
        let essay = dir.path().join("essay.txt");
        std::fs::write(&essay, "my essay").unwrap();
        let e = replace_own(&essay, ours, |w| w.write_all(b"# ours")).unwrap_err();
        assert!(
            e.to_string().contains("is not a file senet-sim wrote"),
            "{e}"
        );
        assert_eq!(std::fs::read(&essay).unwrap(), b"my essay");
        #[cfg(unix)]
        {
            let link = dir.path().join("link");
            std::os::unix::fs::symlink(&essay, &link).unwrap();
            let e = replace_own(&link, ours, |w| w.write_all(b"# ours")).unwrap_err();
            assert!(e.to_string().contains("symbolic link"), "{e}");
            assert!(std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink());
        }
        let mine = dir.path().join("game.txt");
        replace_own(&mine, ours, |w| w.write_all(b"# ours 1")).unwrap();
        replace_own(&mine, ours, |w| w.write_all(b"# ours 2")).unwrap();
        assert_eq!(std::fs::read(&mine).unwrap(), b"# ours 2");
    }
}
