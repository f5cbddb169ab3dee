//! The tests that drive the real binary (`senet-sim`) on real scenario files and read what it
//! writes, in one test binary: the command line, the report folder, the languages, the
//! spreadsheets, the lesson, tournaments, golden games, and the classroom checks that need
//! Chromium and Python (ignored unless `--include-ignored`).

#[path = "../../crates/engine/tests/engine/common.rs"]
#[allow(dead_code)]
mod common;
mod outputs;

mod architecture;
mod charts;
mod classroom;
mod cli;
mod concurrent;
mod endgame;
mod fidelity;
mod french_numbers;
mod fuzz;
mod golden;
mod hostile;
mod hostile_files;
mod html_report;
mod languages;
mod lesson;
mod lesson_reports;
mod notebooks;
mod out_safety;
mod overrides;
mod provenance;
mod python;
mod readmes;
mod reconstructions;
mod report_snapshots;
mod research;
mod resume;
mod review;
mod robustness;
mod run;
mod scored;
mod shards;
mod slurm;
mod solve;
mod spreadsheets;
mod throws;
mod tournament;
mod train;
mod web_page;
