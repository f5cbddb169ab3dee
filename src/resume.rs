//! `run --resume`: a long run played in [`PARTS`] parts (shards of the run), each kept in a
//! hidden folder beside the report as soon as it is finished. After an interruption (Ctrl-C, a
//! killed process, a lost machine) the same command with `--resume` reads the parts kept and
//! plays only the others; the counters add up to exactly those of an uninterrupted run, so the
//! report is the same to the byte. The folder is removed once the report is written.

use crate::config::RunConfig;
use crate::progress::Progress;
use anyhow::{Context, Result};
use rayon::ThreadPool;
use senet_simulation::cancel::Cancel;
use senet_simulation::play::runner::{play_counters, shard_games};
use senet_simulation::play::shard::{ScenarioCounters, Shard};
use senet_simulation::play::stats::Combine;
use senet_tables::shards::{read_manifest, summed_counters, write_partial, Manifest, MANIFEST};
use std::path::{Path, PathBuf};

/// Parts of a resumable run.
pub const PARTS: u64 = 64;

/// The folder of the parts kept for the report folder `out`: `.NAME.resume` beside it.
pub fn parts_dir(out: &Path) -> PathBuf {
    let name = out.file_name().and_then(|n| n.to_str()).unwrap_or("report");
    let parent = out.parent().filter(|p| !p.as_os_str().is_empty());
    parent
        .unwrap_or(Path::new("."))
        .join(format!(".{name}.resume"))
}

/// Plays the run of `config` part by part, reading the parts an earlier run of the same
/// scenario, seed and `--games` kept, and keeping each part it finishes, until `cancel` stops it.
pub fn play(
    config: &RunConfig,
    text: &str,
    pool: &ThreadPool,
    cancel: &Cancel,
) -> Result<(ScenarioCounters, u64)> {
    let dir = parts_dir(&config.out);
    std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let scenario = &config.scenario;
    let mut total = ScenarioCounters::zero(scenario);
    let mut todo = vec![];
    for k in 1..=PARTS {
        let shard = Shard { k, n: PARTS };
        let part = dir.join(format!("part-{k}"));
        let expected = crate::shards::manifest(config, text, shard, shard_games(scenario, shard));
        match read_manifest(&part, env!("CARGO_PKG_VERSION")) {
            Ok(m) if m.is(&expected) => total.combine(&summed_counters(&[part], &[m], scenario)?),
            // A part kept by another build (another format): played again, and said once.
            Err(e) if part.join(MANIFEST).is_file() && !config.args.quiet => {
                eprintln!(
                    "senet-sim: resuming: {e}; playing that part again",
                    e = senet_engine::Chain(&e)
                );
                todo.push((shard, expected))
            }
            _ => todo.push((shard, expected)),
        }
    }
    let kept = PARTS - todo.len() as u64;
    if kept > 0 && !config.args.quiet {
        eprintln!(
            "senet-sim: resuming: {kept} of {PARTS} parts already played ({})",
            dir.display()
        );
    }
    let games: u64 = todo.iter().map(|(s, _)| shard_games(scenario, *s)).sum();
    let progress = Progress::start(games, config.args.quiet);
    let mut done = kept;
    for (shard, manifest) in todo {
        let counters = pool.install(|| play_counters(scenario, shard, &progress.done, cancel));
        if cancel.is_cancelled() {
            break;
        }
        keep_part(&dir, &manifest, &counters)?;
        total.combine(&counters);
        done += 1;
    }
    progress.finish();
    if cancel.is_cancelled() && !config.args.quiet {
        eprintln!(
            "senet-sim: {done} of {PARTS} parts are kept in {}: the same command with --resume goes on from there",
            dir.display()
        );
    }
    Ok((total, games))
}

/// Writes a finished part into a temporary folder renamed into place, so that a part is kept
/// whole or not at all.
fn keep_part(dir: &Path, manifest: &Manifest, counters: &ScenarioCounters) -> Result<()> {
    let name = format!("part-{}", manifest.shard);
    let tmp = dir.join(format!("{name}.tmp"));
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
    write_partial(&tmp, manifest, counters)?;
    let last = dir.join(&name);
    let _ = std::fs::remove_dir_all(&last);
    std::fs::rename(&tmp, &last).with_context(|| format!("keeping {}", last.display()))
}

/// Removes the parts once the report is written.
pub fn finish(config: &RunConfig) {
    let _ = std::fs::remove_dir_all(parts_dir(&config.out));
}
