//! Helpers for the tests that drive the binary and read its CSV files.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

/// The binary under test.
pub fn senet() -> Command {
    Command::cargo_bin("senet-sim").unwrap()
}

/// Runs the binary with `args`: (exit code, stdout, stderr).
pub fn senet_run(args: &[&str]) -> (i32, String, String) {
    let o = senet().args(args).output().unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (
        o.status.code().unwrap_or(-1),
        text(&o.stdout),
        text(&o.stderr),
    )
}

/// Writes `text` to `dir/name` and returns the path.
pub fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// Runs `senet-sim run SCENARIO --out OUT --quiet EXTRA...`.
pub fn run(scenario: &Path, out: &Path, extra: &[&str]) -> std::process::Output {
    senet()
        .arg("run")
        .arg(scenario)
        .arg("--out")
        .arg(out)
        .arg("--quiet")
        .args(extra)
        .output()
        .unwrap()
}

/// The header and rows of an RFC 4180 CSV file (checking its CRLF line ends), each header by
/// its program name (`white_wins` for a French report's `victoires_blancs`); the cells as written.
pub fn csv(path: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let file = path.file_name().unwrap().to_str().unwrap();
    let (header, rows) = csv_as_written(path);
    let names = header
        .into_iter()
        .map(|h| match senet_tables::columns::by_header(file, &h) {
            Some(c) => c.name.to_string(),
            None => h,
        })
        .collect();
    (names, rows)
}

/// The header and rows of an RFC 4180 CSV file as written (checking its CRLF line ends).
pub fn csv_as_written(path: &Path) -> (Vec<String>, Vec<Vec<String>>) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(
        text.ends_with("\r\n"),
        "{}: RFC 4180 lines end with CRLF",
        path.display()
    );
    let mut rows = text
        .split("\r\n")
        .filter(|l| !l.is_empty())
        .map(|l| split_row(l, ','));
    let header = rows.next().unwrap();
    (header, rows.collect())
}

/// Splits one CSV line at `sep`, honouring double quotes.
pub fn split_row(line: &str, sep: char) -> Vec<String> {
    let (mut out, mut cur, mut quoted) = (Vec::new(), String::new(), false);
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            c if c == sep && !quoted => out.push(std::mem::take(&mut cur)),
            c => cur.push(c),
        }
    }
    out.push(cur);
    out
}

/// The values of one column, by name.
pub fn column<'a>(header: &[String], rows: &'a [Vec<String>], name: &str) -> Vec<&'a str> {
    let i = header
        .iter()
        .position(|h| h == name)
        .unwrap_or_else(|| panic!("no column {name} in {header:?}"));
    rows.iter().map(|r| r[i].as_str()).collect()
}

/// Asserts that every CSV file of the report `a` is in `b` with the very same bytes (`what`
/// says how `b` was made); returns how many files were compared.
pub fn assert_same_csv(a: &Path, b: &Path, what: &str) -> usize {
    let mut n = 0;
    for e in std::fs::read_dir(a).unwrap() {
        let name = e.unwrap().file_name();
        if name.to_string_lossy().ends_with(".csv") {
            let want = std::fs::read(a.join(&name)).unwrap();
            let got = std::fs::read(b.join(&name)).unwrap_or_default();
            assert!(want == got, "{name:?} differs {what}");
            n += 1;
        }
    }
    n
}

/// `text` with the commit a report names (`commit 0123456789ab`, `+modified`, or `commit
/// unknown`) written `commit COMMIT`: the rest of a report must not change from one commit
/// to the next.
pub fn without_commit(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("commit ") {
        out.push_str(&rest[..at + "commit ".len()]);
        rest = &rest[at + "commit ".len()..];
        let hex = rest
            .bytes()
            .take_while(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
            .count();
        let id = if hex == 12 {
            12 + if rest[12..].starts_with("+modified") {
                9
            } else {
                0
            }
        } else if rest.starts_with("unknown") {
            7
        } else {
            0
        };
        if id > 0 {
            out.push_str("COMMIT");
            rest = &rest[id..];
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn a_commit_is_written_commit() {
    assert_eq!(
        without_commit("by senet-sim 0.1.0, commit 0123456789ab+modified. A commit of x"),
        "by senet-sim 0.1.0, commit COMMIT. A commit of x"
    );
    assert_eq!(without_commit("commit unknown"), "commit COMMIT");
    assert_eq!(without_commit("commit abcdef012345"), "commit COMMIT");
}
