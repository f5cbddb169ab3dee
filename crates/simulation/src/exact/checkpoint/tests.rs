//! The checkpoint's own tests: files written and read back, refused, never removed when not ours.

use super::*;
use senet_engine::rules::{RuleSet, Rules};
use senet_engine::solve::index::StateIndex;
use senet_engine::throws::{throw_table, Device};
use senet_engine::variants::Variant;

/// Tejon with two pawns a side (its positions in groups by pawns borne off).
fn game() -> (Rules, Vec<(u8, f64)>, StateIndex) {
    let rules = RuleSet {
        pawns: 2,
        ..Variant::TEJON.rules().into_set()
    }
    .check()
    .unwrap();
    let throws = throw_table(&rules, &Device::Coins);
    let index = StateIndex::new(&rules).unwrap();
    (rules, throws, index)
}

fn sweep_of<'a>(rules: &'a Rules, throws: &'a [(u8, f64)], index: &'a StateIndex) -> Sweep<'a> {
    Sweep {
        rules,
        throws,
        index,
        race: true,
    }
}

/// A fresh checkpoint folder for "game A".
fn folder() -> (tempfile::TempDir, Checkpoint) {
    let dir = tempfile::tempdir().unwrap();
    let c = Checkpoint::open(dir.path(), "game A", |_| false).unwrap();
    (dir, c)
}

fn group(off: u8) -> Group {
    Group {
        off,
        positions: 10,
        stored: 5,
        sweeps: 7,
        change: 1e-11,
        bytes: 100,
        seconds: 0.5,
    }
}

#[test]
fn a_saved_group_and_a_part_read_back_bit_for_bit() {
    let (rules, throws, index) = game();
    let sweep = sweep_of(&rules, &throws, &index);
    let (_dir, c) = folder();
    let values: Vec<f64> = (0..index.len()).map(|i| i as f64 / 7.0).collect();
    let offs: Vec<u8> = groups(&sweep).into_keys().rev().collect();
    c.save(&sweep, Pick::Best, &group(offs[0]), &values)
        .unwrap();
    let now = Sweeping {
        off: offs[1],
        sweeps: 3,
        change: 0.1,
        seconds: 2.5,
    };
    c.save_part(&sweep, Pick::Best, &now, &values).unwrap();
    let mut back = vec![f64::NAN; values.len()];
    let resume = c.load(&sweep, Pick::Best, &mut back).unwrap();
    assert_eq!(resume.solved, [offs[0]]);
    assert_eq!(resume.partial, Some((offs[1], 3, 2.5)));
    for off in &offs[..2] {
        for i in groups(&sweep)[off].iter().cloned().flatten() {
            assert_eq!(back[i as usize].to_bits(), values[i as usize].to_bits());
        }
    }
    assert_eq!(c.records(Pick::Best, &offs).unwrap(), [group(offs[0])]);
    assert_eq!(
        c.load(&sweep, Pick::Uniform, &mut back).unwrap(),
        Resume::default()
    );
}

#[test]
fn a_truncated_part_is_an_error_naming_its_file() {
    let (rules, throws, index) = game();
    let sweep = sweep_of(&rules, &throws, &index);
    let (dir, c) = folder();
    let values = vec![0.5; index.len() as usize];
    let off = *groups(&sweep).keys().next_back().unwrap();
    let now = Sweeping {
        off,
        sweeps: 1,
        change: 0.1,
        seconds: 1.0,
    };
    c.save_part(&sweep, Pick::Best, &now, &values).unwrap();
    let part = dir.path().join(format!("optimal-{off}.part"));
    let bytes = fs::read(&part).unwrap();
    fs::write(&part, &bytes[..bytes.len() - 3]).unwrap();
    let e = c
        .load(&sweep, Pick::Best, &mut vec![0.0; values.len()])
        .unwrap_err();
    assert!(e.path.ends_with(&format!("optimal-{off}.part")), "{e}");
}

#[test]
fn another_games_files_go_and_nothing_else_is_ever_removed() {
    let (rules, throws, index) = game();
    let sweep = sweep_of(&rules, &throws, &index);
    let (dir, c) = folder();
    let values = vec![0.5; index.len() as usize];
    let off = *groups(&sweep).keys().next_back().unwrap();
    c.save(&sweep, Pick::Best, &group(off), &values).unwrap();
    let theirs = ["notes.txt", "optimal-x.f64", "optimal-3.csv", "random.f64"];
    for name in theirs {
        fs::write(dir.path().join(name), "a user's file").unwrap();
    }
    // The same game keeps its groups, written alike or not; another game's are refused
    // and kept.
    let again = Checkpoint::open(dir.path(), "game A", |_| false).unwrap();
    assert_eq!(
        again
            .load(&sweep, Pick::Best, &mut values.clone())
            .unwrap()
            .solved,
        [off]
    );
    let e = Checkpoint::open(dir.path(), "game B", |_| false).unwrap_err();
    assert!(e.why.to_string().contains("another game"), "{e}");
    let alike = Checkpoint::open(dir.path(), "game A'", |old| old == "game A").unwrap();
    assert_eq!(
        alike
            .load(&sweep, Pick::Best, &mut values.clone())
            .unwrap()
            .solved,
        [off]
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("game.txt")).unwrap(),
        "game A'"
    );
    alike.clear().unwrap();
    let mut left: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    let mut want = theirs.map(String::from).to_vec();
    want.sort();
    assert_eq!(
        left, want,
        "the deletion guard keeps every file a checkpoint does not write"
    );
    for name in [
        "game.txt",
        "optimal-3.f64",
        "random-0.part",
        "optimal-12.group",
        "optimal-3.f64.tmp",
    ] {
        assert!(ours(name), "{name}");
    }
}
