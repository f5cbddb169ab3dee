//! Bounded fuzzing of every input format (issue 83): real files of each kind, mutated (bytes
//! flipped, inserted, deleted, lines doubled, the end cut), given to the library's reader. A
//! reader may refuse (that is what it is for) but never panics, and what it accepts holds what
//! the format promises: finite numbers in range, counts that add up. Fixed seed, a fixed number
//! of cases per format (`FUZZ_CASES`, 500 unless set), so CI runs the same cases each time.

use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed};
use std::path::{Path, PathBuf};

/// The repository's root.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The cases a format gets, and the fixed seed they come from.
fn config() -> Config {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|c| c.parse().ok());
    Config {
        cases: cases.unwrap_or(500),
        rng_seed: RngSeed::Fixed(83),
        failure_persistence: None,
        ..Config::default()
    }
}

/// One mutation: what (0 flip, 1 insert, 2 delete a run, 3 double a line, 4 cut the end),
/// where (a fraction of the length, in millionths) and a byte.
type Edit = (u8, u32, u8);

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    proptest::collection::vec((0u8..5, 0u32..1_000_000, any::<u8>()), 1..6)
}

/// `base` with `edits` applied, each where its fraction of the current length falls; bytes
/// that carry numbers and quotes are favoured, as a careless edit types them.
fn mutate(base: &[u8], edits: &[Edit]) -> Vec<u8> {
    const TYPED: &[u8] = b"0123456789-.e\"'=[]{},;\n\t #NaNinf";
    let mut b = base.to_vec();
    for &(op, at, byte) in edits {
        let at = (b.len() as u64 * at as u64 / 1_000_000) as usize;
        let typed = TYPED[byte as usize % TYPED.len()];
        match op {
            0 if at < b.len() => b[at] = if byte % 2 == 0 { typed } else { byte },
            1 => b.insert(at.min(b.len()), typed),
            2 => {
                let end = (at + 1 + byte as usize % 16).min(b.len());
                b.drain(at.min(end)..end);
            }
            3 => {
                let start = b[..at.min(b.len())].iter().rposition(|&c| c == b'\n');
                let start = start.map_or(0, |s| s + 1);
                let end = (b[start..].iter().position(|&c| c == b'\n'))
                    .map_or(b.len(), |e| start + e + 1);
                let line = b[start..end].to_vec();
                b.splice(end..end, line);
            }
            _ => b.truncate(at),
        }
    }
    b
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Every committed scenario file's text.
fn scenarios() -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = vec![];
    for dir in ["scenarios", "scenarios/lesson"] {
        for e in std::fs::read_dir(root().join(dir)).unwrap().flatten() {
            if e.path().extension().is_some_and(|x| x == "toml") {
                out.push((e.path(), std::fs::read(e.path()).unwrap()));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn fuzzed_scenarios_are_read_or_refused_never_a_panic() {
    use senet_simulation::input::scenario::Scenario;
    let files = scenarios();
    proptest!(config(), |(pick in 0..files.len(), e in edits())| {
        let (path, base) = &files[pick];
        if let Ok(s) = Scenario::parse(path, &text(&mutate(base, &e))) {
            prop_assert!(!s.arms.is_empty() || !s.tournaments.is_empty());
        }
    });
}

#[test]
fn fuzzed_rule_files_are_read_or_refused_never_a_panic() {
    use senet_simulation::input::rulefile::RuleTable;
    let dir = root().join("reports/reconstructions/rules");
    let mut files: Vec<Vec<u8>> = (std::fs::read_dir(dir).unwrap().flatten())
        .map(|e| std::fs::read(e.path()).unwrap())
        .collect();
    files.sort();
    proptest!(config(), |(pick in 0..files.len(), e in edits())| {
        if let Ok(t) = RuleTable::parse(&text(&mutate(&files[pick], &e))) {
            // A table read is a game or says why not.
            let _ = t.game(None, None);
        }
    });
}

#[test]
fn fuzzed_class_files_are_read_or_refused_never_a_panic() {
    let files = [
        root().join("scenarios/lesson/classe.csv"),
        root().join("tests/fixtures/classe-batonnets-60.csv"),
    ]
    .map(|f| std::fs::read(f).unwrap());
    proptest!(config(), |(pick in 0..files.len(), e in edits())| {
        let bytes = mutate(&files[pick], &e);
        let read = senet_classroom::file::parse(Path::new("classe.csv"), &bytes, &[1, 2, 3, 4, 6]);
        if let Ok(class) = read {
            // The counts it accepts add up without wrapping.
            let counts = class.class.groups.iter().flat_map(|g| g.counts.iter());
            let total = counts.copied().try_fold(0u64, |t, c| t.checked_add(c));
            prop_assert!(total.is_some_and(|t| t > 0));
            prop_assert!(class.class.groups.iter().all(|g| !g.name.contains('\n')));
        }
    });
}

#[test]
fn fuzzed_td_weights_are_read_or_refused_never_a_panic() {
    use senet_simulation::learn::tdfile;
    let base = std::fs::read(root().join("weights/tejon.td")).unwrap();
    proptest!(config(), |(e in edits())| {
        if let Ok(file) = tdfile::parse(&text(&mutate(&base, &e))) {
            let s = &file.training.settings;
            prop_assert!(s.alpha.is_finite() && s.lambda.is_finite());
        }
    });
}

#[test]
fn fuzzed_records_are_read_or_refused_never_a_panic() {
    use senet_tables::record::Record;
    let base = b"# senet-sim game record 1\nVariant: tejon\nRules: sha256:41c09e447c18\nPawns: 2\n\
        Device: sticks\nMarked: 0.6\nSeed: 0x6c5d2a5e0f1b3c47\nWhite: heuristic\nBlack: td:x.td\n\
        Result: black\n\n1 white 1: 10 -> 11\n2 white 4: 11 -> 15\n3 black 2: no legal move\n";
    proptest!(config(), |(e in edits())| {
        if let Ok(r) = Record::parse(&text(&mutate(base, &e))) {
            // What it read is what it writes back.
            prop_assert_eq!(Record::parse(&r.to_text()).ok(), Some(r));
        }
    });
}

#[test]
fn fuzzed_solved_tables_are_read_or_refused_never_a_panic() {
    use senet_simulation::exact::tablefile;
    let base =
        std::fs::read(root().join("reports/lesson/lecon-5-partie-resolue/exact/table.senet"))
            .unwrap();
    // The header and the first values are fuzzed; the rest of the values are kept.
    let (head, rest) = base.split_at(4096);
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("table.senet");
    proptest!(config(), |(e in edits())| {
        let mut bytes = mutate(head, &e);
        bytes.extend_from_slice(rest);
        std::fs::write(&file, &bytes).unwrap();
        if let Ok(s) = tablefile::load(&file) {
            prop_assert!(s.values.iter().all(|v| (0.0..=1.0).contains(v)));
            let total: f64 = s.throws.iter().map(|t| t.1).sum();
            prop_assert!((total - 1.0).abs() < 1e-9);
        }
    });
}

#[test]
fn fuzzed_shards_are_merged_only_as_written() {
    use senet_simulation::input::scenario::Scenario;
    use senet_simulation::play::shard::Shard;
    use senet_tables::shards::{read_manifest, summed_counters, write_partial, Manifest};
    let tmp = tempfile::tempdir().unwrap();
    let text = "name = \"f\"\ngames = 30\nseed = 2\n[[arm]]\nname = \"a\"\nvariant = \"tejon\"\n";
    let path = tmp.path().join("f.toml");
    let done = std::sync::atomic::AtomicU64::new(0);
    let cancel = senet_simulation::cancel::Cancel::new();
    let mut tables = senet_simulation::players::Tables::new();
    let scenario = (Scenario::parse(&path, text).unwrap())
        .resolve(&mut tables, &cancel)
        .unwrap();
    let counters =
        senet_simulation::play::runner::play_counters(&scenario, Shard::WHOLE, &done, &cancel);
    let good = tmp.path().join("good");
    std::fs::create_dir(&good).unwrap();
    let m = Manifest::new("0.1.0", &path, text, (None, 2), (1, 1), 30);
    write_partial(&good, &m, &counters).unwrap();
    let files = ["manifest.json", "counters.parquet"].map(|f| std::fs::read(good.join(f)).unwrap());
    let dir = tmp.path().join("fuzzed");
    std::fs::create_dir(&dir).unwrap();
    proptest!(config(), |(which in 0..2usize, e in edits())| {
        for (k, f) in ["manifest.json", "counters.parquet"].iter().enumerate() {
            let bytes = if k == which { mutate(&files[k], &e) } else { files[k].clone() };
            std::fs::write(dir.join(f), bytes).unwrap();
        }
        let Ok(m) = read_manifest(&dir, "0.1.0") else { return Ok(()) };
        if let Ok(sum) = summed_counters(std::slice::from_ref(&dir), &[m], &scenario) {
            // Accepted only when the counters are the ones written.
            prop_assert_eq!(sum, counters.clone());
        }
    });
}
