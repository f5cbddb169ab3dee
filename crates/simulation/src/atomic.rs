//! Files written whole or not at all: the one way this crate (and the binary, for a single
//! file) writes a file that a reader may find after a crash or a Ctrl-C.

use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};

/// The temporary file beside `path` that [`write_file`] fills: its name with `.tmp` added.
pub fn temporary(path: &Path) -> PathBuf {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    PathBuf::from(tmp)
}

/// Writes `path` whole or not at all: `fill` writes into a temporary file beside it, which is
/// flushed and synced to disk, then renamed onto `path`; the folder is then synced so that the
/// rename itself survives a crash. On an error the temporary file is removed and `path` is
/// left as it was.
pub fn write_file(
    path: &Path,
    fill: impl FnOnce(&mut BufWriter<File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let tmp = temporary(path);
    let done = (|| {
        let mut w = BufWriter::new(File::create(&tmp)?);
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
}
