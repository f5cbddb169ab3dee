//! The sentences of `docs/architecture.md` that say « only », « never » or « once », each held
//! here by reading the sources and manifests: a change that breaks one fails its test.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &str) -> Vec<(String, String)> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&root().join(dir), &mut files);
    files.sort();
    let text = |p: &PathBuf| std::fs::read_to_string(p).unwrap();
    let name = |p: &PathBuf| p.strip_prefix(root()).unwrap().display().to_string();
    files.iter().map(|p| (name(p), text(p))).collect()
}

/// The library crates' sources (not their tests).
fn library_sources() -> Vec<(String, String)> {
    [
        "engine",
        "classroom",
        "simulation",
        "tables",
        "report",
        "web",
    ]
    .iter()
    .flat_map(|c| sources(&format!("crates/{c}/src")))
    .collect()
}

/// The code of a file without its comments (a line's text after `//` dropped).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The names of a manifest's `[dependencies]`.
fn dependencies(manifest: &str) -> BTreeSet<String> {
    let text = std::fs::read_to_string(root().join(manifest)).unwrap();
    let table: toml::Table = text.parse().unwrap();
    table["dependencies"]
        .as_table()
        .unwrap()
        .keys()
        .cloned()
        .collect()
}

#[test]
fn each_crate_uses_only_what_its_layer_allows() {
    let engine = dependencies("crates/engine/Cargo.toml");
    let light: BTreeSet<String> = ["arrayvec", "rand", "rand_pcg", "serde", "thiserror"]
        .map(String::from)
        .into();
    assert_eq!(engine, light, "the engine depends on nothing heavy");
    // (crate, the crates of ours it may use, what it must not use)
    let layers: [(&str, &[&str], &[&str]); 7] = [
        (
            "crates/classroom",
            &["senet-engine"],
            &["polars", "rayon", "plotters", "clap"],
        ),
        (
            "crates/simulation",
            &["senet-engine", "senet-classroom"],
            &["polars", "plotters", "clap"],
        ),
        (
            "crates/tables",
            &["senet-engine", "senet-classroom", "senet-simulation"],
            &["plotters"],
        ),
        (
            "crates/report",
            &[
                "senet-engine",
                "senet-classroom",
                "senet-simulation",
                "senet-tables",
            ],
            &["polars", "rayon", "clap"],
        ),
        (
            "crates/web",
            &["senet-engine", "senet-classroom"],
            &["polars", "rayon", "plotters", "clap"],
        ),
        (
            "python",
            &[
                "senet-engine",
                "senet-simulation",
                "senet-tables",
                "senet-classroom",
                "senet-report",
            ],
            &["polars", "plotters", "clap"],
        ),
        (
            ".",
            &[
                "senet-engine",
                "senet-classroom",
                "senet-simulation",
                "senet-tables",
                "senet-report",
            ],
            &["polars", "plotters", "pulldown-cmark"],
        ),
    ];
    for (dir, ours, banned) in layers {
        let deps = dependencies(&format!("{dir}/Cargo.toml"));
        for d in &deps {
            if d.starts_with("senet-") {
                assert!(
                    ours.contains(&d.as_str()),
                    "{dir} uses {d}, a crate of a layer below"
                );
            }
            assert!(!banned.contains(&d.as_str()), "{dir} depends on {d}");
        }
    }
    assert!(dependencies("crates/tables/Cargo.toml").contains("polars"));
    assert!(dependencies("crates/report/Cargo.toml").contains("plotters"));
}

#[test]
fn libraries_hold_no_global_and_read_no_signal() {
    let banned = [
        "static mut",
        "OnceLock",
        "OnceCell",
        "LazyLock",
        "thread_local!",
        "lazy_static",
        "ctrlc",
        "signal_hook",
        "SIGINT",
    ];
    for (file, text) in library_sources() {
        let code = code(&text);
        for b in banned {
            assert!(!code.contains(b), "{file} has {b}");
        }
        for line in code.lines() {
            let l = line.trim_start();
            let global_atomic = l.starts_with("static ") || l.starts_with("pub static ");
            assert!(
                !(global_atomic && l.contains("Atomic")),
                "{file}: a global counter: {l}"
            );
        }
    }
}

#[test]
fn the_report_reads_no_file_back() {
    // docs/architecture.md: the report renders from the results in memory.
    let reads = [
        "read_to_string",
        "fs::read(",
        "File::open",
        "read_dir",
        "play_game",
        "play_seeded",
    ];
    let report = sources("crates/report/src");
    assert!(report.len() > 20, "the report's sources");
    for (file, text) in report {
        let code = code(&text);
        for r in reads {
            assert!(!code.contains(r), "{file} reads back or plays: {r}");
        }
    }
    // One writer for both front ends.
    for front in ["src/config.rs", "python/src/report.rs"] {
        let text = std::fs::read_to_string(root().join(front)).unwrap();
        assert!(
            text.contains("senet_report::write("),
            "{front} writes the report itself"
        );
    }
}

#[test]
fn all_randomness_is_seeded_through_the_engine() {
    let os = [
        "rand::rng(",
        "thread_rng",
        "from_entropy",
        "from_os_rng",
        "OsRng",
        "getrandom",
    ];
    let mut files = library_sources();
    files.extend(sources("src"));
    files.extend(sources("python/src"));
    for (file, text) in files {
        let code = code(&text);
        for b in os {
            assert!(!code.contains(b), "{file} draws from the system: {b}");
        }
        if file != "crates/engine/src/throws.rs" {
            for b in ["rand_pcg", "SeedableRng", "Pcg64"] {
                assert!(
                    !code.contains(b),
                    "{file} makes a generator of its own: {b}"
                );
            }
        }
    }
}

#[test]
fn the_turn_is_spelled_in_turn_rs_alone() {
    let mut files = library_sources();
    files.extend(sources("src"));
    files.extend(sources("python/src"));
    let left = [".left > 0", ".left != 0", ".left == 0", "left > 0 &&"];
    // The solver's plain steps keep the hand by the throw's value alone: a fast path, held to
    // the game's step by `the_solver_s_plain_steps_follow_the_game_s_step`.
    let extra_allowed = [
        "crates/engine/src/turn.rs",
        "crates/engine/src/rules.rs",
        "crates/engine/src/solve/successors.rs",
    ];
    let mut turn_has = false;
    for (file, text) in files {
        let code = code(&text);
        if file == "crates/engine/src/turn.rs" {
            turn_has = left.iter().any(|l| code.contains(l));
            continue;
        }
        for l in left {
            assert!(
                !code.contains(l),
                "{file} tests « points are left » itself: {l}"
            );
        }
        if !extra_allowed.contains(&file.as_str()) {
            assert!(
                !code.contains("gives_extra_throw("),
                "{file} decides who throws next itself"
            );
        }
    }
    assert!(
        turn_has,
        "turn.rs no longer says when points are left: update this test"
    );
}

#[test]
fn a_library_errors_cause_is_its_source_not_its_message() {
    // A message that also prints its source would say the reason twice in `Chain` (and in the
    // binary's `{:#}`): the message names what failed, the source says why.
    let mut twice = Vec::new();
    for (file, text) in library_sources() {
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let Some(msg) = line.trim().strip_prefix("#[error(") else {
                continue;
            };
            if msg.starts_with("transparent") {
                continue;
            }
            let next = lines[i + 1..(i + 3).min(lines.len())].join(" ");
            if msg.contains("{source}") || (msg.contains("{0}") && next.contains("(#[from]")) {
                twice.push(format!("{file}:{}", i + 1));
            }
        }
    }
    assert!(
        twice.is_empty(),
        "a message printing its own source: {twice:?}"
    );
}
