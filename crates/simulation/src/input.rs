//! What a run is given, read and checked before any game: a rule file, a scenario; errors name
//! the file, the line and the key, and say their kind. A class's own throws are read by
//! `senet-classroom`.

pub mod hints;
pub mod rulefile;
pub mod scenario;

use std::io::Read;
use std::path::Path;

/// The largest text file a scenario, a rule file or a game record may be: far above any real
/// one, so that `/dev/zero` or a wrong file is refused before it fills the memory.
pub const MAX_TEXT: u64 = 16 << 20;

/// The text of `path`, read up to `limit` bytes: larger (or endless, as `/dev/zero`) is an
/// error that says so, as is a file that is not UTF-8.
pub fn read_text(path: &Path, limit: u64) -> std::io::Result<String> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            format!("larger than {} MB: not a file of this kind", limit >> 20),
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text"))
}

#[cfg(test)]
mod tests {
    #[test]
    #[cfg(unix)]
    fn an_endless_file_is_refused_at_the_limit() {
        let e = super::read_text(std::path::Path::new("/dev/zero"), 1 << 20).unwrap_err();
        assert!(e.to_string().contains("larger than 1 MB"), "{e}");
    }
}
