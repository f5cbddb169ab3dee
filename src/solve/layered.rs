//! The layered side of `senet-sim solve`: the checkpoint folder, what it was computed for, and
//! one layered solve with its progress printed.

use crate::error::Interrupted;
use anyhow::Result;
use senet_engine::rules::Rules;
use senet_engine::solve::backup::Pick;
use senet_engine::solve::Sweep;
use senet_simulation::cancel::Cancel;
use senet_simulation::checkpoint::{solve_checkpointed, Checkpoint, Heard, Saving, StopError};
use senet_simulation::layered::{groups, Group, LayeredError, Settings, LAYERED_TOLERANCE};
use senet_simulation::solver::{self, Effort};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The folder of a layered solve's checkpoint: beside the results' folder, `DIR.checkpoint`.
pub(super) fn checkpoint_dir(dir: &Path) -> PathBuf {
    let mut name = dir.file_name().unwrap_or_default().to_os_string();
    name.push(".checkpoint");
    dir.with_file_name(name)
}

/// What a checkpoint was computed for: the rule file and the throw distribution.
pub(super) fn game_text(rules: &Rules, throws: &[(u8, f64)]) -> Result<String> {
    let law: Vec<String> = throws.iter().map(|(v, p)| format!("{v}:{p:e}")).collect();
    Ok(format!(
        "{}\nthrows = {}\n",
        toml::to_string(rules)?,
        law.join(" ")
    ))
}

/// How a layered solve goes: the bytes for a group's outcomes, the saves and early stops.
#[derive(Clone, Debug)]
pub(super) struct How {
    /// Bytes a group's kept outcomes may take.
    pub budget: u64,
    /// When the group part-way is saved, and the stops of the tests.
    pub saving: Saving,
    /// Stops the sweeps (Ctrl-C, SIGTERM): the group part-way is then saved.
    pub cancel: Cancel,
}

/// The layered solve of `pick`, from and into the checkpoint `c`, its groups reported by `say`.
pub(super) fn layered_values(
    how: &How,
    sweep: &Sweep,
    pick: Pick,
    c: &Checkpoint,
    say: &(dyn Fn(&str) + Sync),
) -> Result<(Vec<f64>, Effort)> {
    let started = Instant::now();
    let index = sweep.index;
    let settings = Settings {
        pick,
        tolerance: LAYERED_TOLERANCE,
        max_sweeps: solver::MAX_SWEEPS,
        budget: how.budget,
        stop: &|| how.cancel.is_cancelled(),
    };
    let mut shown = Instant::now();
    let mut each = |heard: Heard| match heard {
        Heard::Resumed(r) => {
            let partial = r.partial.map_or(String::new(), |(off, sweeps, _)| {
                format!(", and {off} pawns borne off after {sweeps} sweeps")
            });
            say(&format!(
                "  read from {}: the groups of {:?} pawns borne off{partial}",
                c.dir().display(),
                r.solved
            ))
        }
        Heard::Finished(g) => say(&group_line(g)),
        // Every minute at most, and at every save.
        Heard::Swept(now, saved) if saved || shown.elapsed().as_secs() >= 60 => {
            shown = Instant::now();
            say(&format!(
                "  pawns borne off {}: sweep {}, largest change {:.1e}, {:.0} s{}",
                now.off,
                now.sweeps,
                now.change,
                now.seconds,
                if saved { " (saved)" } else { "" }
            ))
        }
        Heard::Swept(..) => {}
    };
    let solved = match solve_checkpointed(sweep, &settings, Some(c), how.saving, &mut each) {
        Err(StopError::Layered(LayeredError::Interrupted)) => {
            return Err(Interrupted(format!(
            "the solve was stopped; what it had done is in {}, which the same command resumes from",
            c.dir().display()
        ))
            .into())
        }
        other => other?,
    };
    // The groups solved now and those read from the checkpoint, as their runs recorded them.
    let all: Vec<&Group> = solved.earlier.iter().chain(&solved.groups).collect();
    let largest = all.iter().max_by_key(|g| g.positions);
    // Seconds of earlier runs: the groups they solved, and the group they left part-way.
    let earlier: f64 = solved.earlier.iter().map(|g| g.seconds).sum::<f64>()
        + solved.resumed.partial.map_or(0.0, |p| p.2);
    let effort = Effort {
        positions: index.len(),
        sweeps: largest.map_or(0, |g| g.sweeps),
        last_change: all.iter().map(|g| g.change).fold(0.0, f64::max),
        tolerance: LAYERED_TOLERANCE,
        seconds: earlier + started.elapsed().as_secs_f64(),
        bytes: 8 * index.len() + all.iter().map(|g| g.bytes).max().unwrap_or(0),
    };
    Ok((solved.values, effort))
}

/// The values of `pick` that the checkpoint `c` holds for every group once a layered solve has
/// finished: read back to make the table after random play is solved, so that the optimal and
/// the random values are never held together (the table of 4 pawns takes 2.3 GB).
pub(super) fn saved_values(sweep: &Sweep, pick: Pick, c: &Checkpoint) -> Result<Vec<f64>> {
    let mut values = vec![0.0; sweep.index.len() as usize];
    let r = c.load(sweep, pick, &mut values)?;
    anyhow::ensure!(
        r.partial.is_none() && r.solved.len() == groups(sweep).len(),
        "{}: a group's values are missing",
        c.dir().display()
    );
    Ok(values)
}

/// What `solve` prints of a group solved.
fn group_line(g: &Group) -> String {
    format!(
        "  pawns borne off {}: {} positions, {} sweeps, {:.1} s, {:.0} MB of outcomes kept for {} positions",
        g.off,
        g.positions,
        g.sweeps,
        g.seconds,
        g.bytes as f64 / 1e6,
        g.stored
    )
}
