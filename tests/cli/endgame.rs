//! `senet-sim solve --endgame N` through the real binary: the endgame alone, its table checked,
//! refused by `optimal` and read by `td`.

use crate::outputs::*;
use std::path::Path;

/// `solve --variant tejon --pawns K --endgame N --out DIR`; returns stderr.
fn endgame(pawns: &str, from: &str, dir: &Path) -> String {
    let (code, _, stderr) = senet_run(&[
        "solve",
        "--variant",
        "tejon",
        "--pawns",
        pawns,
        "--endgame",
        from,
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    stderr
}

/// The values of a table file: what follows its header.
fn values(table: &Path) -> Vec<u8> {
    let bytes = std::fs::read(table).unwrap();
    let len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    bytes[16 + len..].to_vec()
}

#[test]
fn an_endgame_is_solved_alone_checked_and_read_by_td() {
    let tmp = tempfile::tempdir().unwrap();
    let five = tmp.path().join("tejon-5-endgame-6");
    endgame("5", "6", &five);
    for f in ["table.senet", "rules.toml", "report.md"] {
        assert!(five.join(f).is_file(), "{f}");
    }
    assert!(!five.join("solution.csv").exists(), "no start, no chances");
    assert!(tmp
        .path()
        .join("tejon-5-endgame-6.checkpoint/optimal-6.f64")
        .is_file());
    let report = std::fs::read_to_string(five.join("report.md")).unwrap();
    assert!(report.starts_with("# tejon: the endgame of 5 pawns a side, from 6 pawns borne off"));
    assert!(report.contains("each of the 408,900 positions with at least 6 pawns borne off"));
    // The groups and their sweeps: those of 3 pawns a side's same groups (docs/solving.md).
    for row in [
        "| 8 | 870 | 30 |",
        "| 7 | 24,360 | 69 |",
        "| 6 | 383,670 | 82 |",
    ] {
        assert!(report.contains(row), "{row}\n{report}");
    }
    let (code, stdout, stderr) = senet_run(&["solve", "--verify", five.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("408900 positions (5 pawns a side)"),
        "{stdout}"
    );
    assert!(stdout.contains(": ok ("), "{stdout}");
    // Six pawns borne off of five a side leave at most two a side in play: the positions, in
    // the same order, of 3 pawns a side with two borne off, and the same values, bit for bit.
    let three = tmp.path().join("tejon-3-endgame-2");
    endgame("3", "2", &three);
    assert_eq!(
        values(&five.join("table.senet")),
        values(&three.join("table.senet"))
    );
    // `optimal` plays whole games: an endgame table is refused, in one line; `td` reads it.
    let table = five.join("table.senet");
    let optimal = format!("optimal:{}", table.display());
    let (code, _, stderr) = senet_run(&["bench", "--white", &optimal, "--games", "10"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("holds an endgame alone"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    let td = format!("td:endgame={}", table.display());
    let (code, stdout, stderr) =
        senet_run(&["bench", "--white", &td, "--black", "td", "--games", "200"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("200 games of td:endgame="), "{stdout}");
}

#[test]
fn a_deeper_endgame_reads_the_groups_already_solved() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("tejon-3");
    let first = endgame("3", "3", &dir);
    assert!(
        first.contains("pawns borne off 3: 24360 positions, 69 sweeps"),
        "{first}"
    );
    let deeper = endgame("3", "2", &dir);
    assert!(
        deeper.contains("the groups of [4, 3] pawns borne off"),
        "{deeper}"
    );
    assert!(!deeper.contains("pawns borne off 3: 24360"), "{deeper}");
    assert!(
        deeper.contains("pawns borne off 2: 383670 positions, 82 sweeps"),
        "{deeper}"
    );
    let report = std::fs::read_to_string(dir.join("report.md")).unwrap();
    for row in [
        "| 4 | 870 | 30 |",
        "| 3 | 24,360 | 69 |",
        "| 2 | 383,670 | 82 |",
    ] {
        assert!(report.contains(row), "{row}\n{report}");
    }
    // In French: the words, the decimal comma of the last change and of the tolerance.
    let fr = tmp.path().join("fr");
    let (code, _, stderr) = senet_run(&[
        "solve",
        "--variant",
        "tejon",
        "--pawns",
        "3",
        "--endgame",
        "3",
        "--lang",
        "fr",
        "--quiet",
        "--out",
        fr.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let report = std::fs::read_to_string(fr.join("report.md")).unwrap();
    assert!(report
        .starts_with("# tejon: la fin de partie à 3 pions par camp, à partir de 3 pions sortis"));
    assert!(report.contains("| pions sortis | positions | balayages | dernier écart |"));
    assert!(report.contains("| 69 | 7,8e-10 |"), "{report}");
    assert!(report.contains("de plus de 1,0e-9 ;"), "{report}");
}

#[test]
fn an_endgame_out_of_reach_is_one_line_with_status_2() {
    let five = ["solve", "--variant", "tejon", "--pawns", "5", "--endgame"];
    let refused = |from: &str| {
        let args: Vec<&str> = five.iter().copied().chain([from]).collect();
        let (code, stdout, stderr) = senet_run(&args);
        assert_eq!((code, stdout.as_str()), (2, ""), "{stderr}");
        stderr
    };
    assert_eq!(
        refused("1"),
        "senet-sim: error: --endgame 1: 4940141880 positions, more than the 4294967295 a table \
         numbers; the deepest endgame here is --endgame 2\n"
    );
    for from in ["0", "9"] {
        assert_eq!(
            refused(from),
            format!(
                "senet-sim: error: --endgame {from}: with 5 pawns a side, from 1 to 8 pawns \
                 borne off (both sides together)\n"
            )
        );
    }
    let plan_with = |from: &str, extra: &[&str]| {
        let mut args = vec![
            "solve",
            "--variant",
            "tejon",
            "--pawns",
            "5",
            "--plan",
            "--endgame",
            from,
        ];
        args.extend_from_slice(extra);
        senet_run(&args)
    };
    let plan = |from: &str| plan_with(from, &[]);
    let (code, stdout, _) = plan("2");
    assert_eq!(code, 0);
    assert!(
        stdout.starts_with(
            "tejon, 5 pawns a side, the endgame from 2 pawns borne off: 1334740080 positions \
             in 7 groups"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("at most --memory of outcomes: 21.2 GB at its peak"),
        "{stdout}"
    );
    // With 3,000 MB the group of 2's order (2.1 GB, 2 bytes a position) and outcomes fill the
    // budget beside every value: 13.8 GB (17.08 GB measured with the order of before
    // 2026-11-30, 4 bytes a position and 2 more while sorted).
    let (code, stdout, _) = plan_with("2", &["--memory", "3000"]);
    assert_eq!(code, 0);
    assert!(
        stdout.contains("at most --memory of outcomes: 13.8 GB at its peak"),
        "{stdout}"
    );
    assert!(
        stdout.contains("all outcomes: 94 bytes a position"),
        "{stdout}"
    );
    // The endgame from 3 numbers 269,507,730 positions: its outcomes pack in 32 bits.
    let (code, stdout, _) = plan("3");
    assert_eq!(code, 0);
    let row = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("3 "))
        .unwrap();
    // 228,009,600 positions at 49 bytes.
    assert!(row.ends_with("11.2 GB"), "{row}");
    assert!(
        stdout.contains("all outcomes: 49 bytes a position"),
        "{stdout}"
    );
}
