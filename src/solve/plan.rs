//! `senet-sim solve --plan`: a layered solve's groups and the memory each needs, beside this
//! machine's; nothing is solved.

use crate::error::InputError;
use anyhow::Result;
use senet_simulation::exact::plan::{plan, Plan};
use senet_simulation::exact::solve::Request;
use std::io::Write;

/// Gigabytes of `bytes`, for the table.
fn gb(bytes: u64) -> String {
    match bytes {
        b if b < 1 << 20 => format!("{:.1} KB", b as f64 / 1e3),
        b if b < 1 << 30 => format!("{:.1} MB", b as f64 / 1e6),
        b => format!("{:.1} GB", b as f64 / 1e9),
    }
}

/// Bytes the system says it can give (`MemAvailable` of /proc/meminfo), where it says.
fn available() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Prints `plan` of the game named `title` (of its endgame from `endgame` pawns borne off, if
/// asked), and the solve of `request`'s memory under its bytes of kept outcomes.
pub(super) fn print(
    whole: &Plan,
    title: &str,
    request: &Request,
    endgame: Option<u8>,
    out: &mut impl Write,
) -> Result<()> {
    let budget = request.budget();
    let plan = &endgame.map_or_else(|| whole.clone(), |from| whole.endgame(from));
    let a_side = match plan.pawns {
        1 => "1 pawn a side".to_string(),
        k => format!("{k} pawns a side"),
    };
    let part = match endgame {
        Some(from) => format!(", the endgame from {from} pawns borne off"),
        None => String::new(),
    };
    writeln!(
        out,
        "{title}, {a_side}{part}: {} positions in {} groups by pawns borne off (both sides), \
         solved from the most borne off down",
        plan.positions(),
        plan.groups.len()
    )?;
    writeln!(
        out,
        "{:>9} {:>15} {:>12} {:>12} {:>10} {:>10} {:>14}",
        "borne off", "positions", "values f64", "above f32", "order", "to sweep", "all outcomes"
    )?;
    for g in &plan.groups {
        writeln!(
            out,
            "{:>9} {:>15} {:>12} {:>12} {:>10} {:>10} {:>14}",
            g.off,
            g.positions,
            gb(g.values),
            if g.above == 0 {
                "-".to_string()
            } else {
                gb(g.above)
            },
            gb(g.order),
            gb(g.to_sweep()),
            gb(g.kept)
        )?;
    }
    writeln!(
        out,
        "to sweep: a group's own values, the finished groups its moves reach (read, f32) and \
         its sweep order (an offset a position, 2 bytes); all outcomes: {} bytes a position if every outcome were kept",
        plan.kept_bytes
    )?;
    if plan.pawns <= senet_engine::solve::index::MAX_SOLVED_PAWNS || endgame.is_some() {
        writeln!(
            out,
            "this solver holds every value in f64 ({}), the largest group's order and at most \
             --memory of outcomes: {} at its peak",
            match tables(request, plan, endgame) {
                1 => "one play at a time",
                _ => "optimal and random play's, swept together",
            },
            gb(plan.held_today(budget, tables(request, plan, endgame)))
        )?;
    } else {
        writeln!(
            out,
            "this solver numbers the whole game up to {} pawns a side: the plan is the road, \
             not a run (docs/solving.md); it solves an endgame of at most {} positions, here \
             from {} pawns borne off (solve --endgame N; --plan --endgame N for its memory)",
            senet_engine::solve::index::MAX_SOLVED_PAWNS,
            u32::MAX,
            plan.deepest_endgame()
        )?;
    }
    match available() {
        Some(free) => {
            let fit: Vec<String> = plan.fitting(free).map(|g| g.off.to_string()).collect();
            let groups = match (fit.first(), fit.last()) {
                (None, _) | (_, None) => "none of the groups".to_string(),
                _ if fit.len() == plan.groups.len() => "every group".to_string(),
                (Some(a), Some(b)) => format!("the groups of {a} to {b} pawns borne off"),
            };
            writeln!(
                out,
                "this machine: {} available; {groups} can be swept in it, outcomes computed \
                 (to sweep)",
                gb(free)
            )?;
        }
        None => writeln!(out, "this machine: available memory unknown")?,
    }
    Ok(())
}

/// The line said before a layered solve of `request` (of its endgame from `endgame` pawns
/// borne off, if asked) that would hold more than the memory this machine has available
/// (every value in `f64` and the outcomes' budget), if it would.
pub(super) fn memory_warning(request: &Request, endgame: Option<u8>) -> Option<String> {
    let whole = plan(&request.rules).ok()?;
    let plan = match endgame {
        Some(from) => whole.endgame(from),
        None => whole,
    };
    let tables = tables(request, &plan, endgame);
    beyond(plan.held_today(request.budget(), tables), available()?)
}

/// The tables of values a solve of `request` holds: 2 where it sweeps optimal and random play
/// together (never an endgame, optimal play only), else 1.
fn tables(request: &Request, plan: &Plan, endgame: Option<u8>) -> u64 {
    match endgame {
        None if request.together(plan.positions()) => 2,
        _ => 1,
    }
}

/// The warning for a solve holding `held` bytes where `free` are available.
fn beyond(held: u64, free: u64) -> Option<String> {
    (held > free).then(|| {
        format!(
            "this solve holds about {} at its peak (every value in f64, the largest group's \
             order and --memory of outcomes), more than the {} this machine has available: \
             lower --memory, or see solve --plan",
            gb(held),
            gb(free)
        )
    })
}

/// The plan's error as bad input on `--pawns`.
pub(super) fn refused(e: senet_engine::solve::index::IndexError) -> InputError {
    InputError(format!("--plan: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solve_beyond_the_memory_available_is_told() {
        assert_eq!(beyond(15_200_000_000, 24_000_000_000), None);
        assert_eq!(
            beyond(15_200_000_000, 12_000_000_000).unwrap(),
            "this solve holds about 15.2 GB at its peak (every value in f64, the largest \
             group's order and --memory of outcomes), more than the 12.0 GB this machine has \
             available: lower --memory, or see solve --plan"
        );
    }
}
