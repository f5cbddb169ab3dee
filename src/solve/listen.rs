//! What a solve says as it goes, and its errors as the command says them: shared by the whole
//! game's solve and the endgame's.

use super::job::Job;
use crate::error::{InputError, Interrupted};
use anyhow::Result;
use senet_engine::solve::backup::Pick;
use senet_simulation::cancel::Cancel;
use senet_simulation::exact::layered::Group;
use senet_simulation::exact::solve::{Event, Request, SolveError};
use std::io::Write;
use std::path::Path;
use std::time::Instant;

/// The start of a solve into `job.dir`: the folder checked (a folder of ours, or none), Ctrl-C
/// and SIGTERM made to cancel the token returned, the game's line printed unless quiet.
pub(super) fn begin(job: &Job, out: &mut impl Write) -> Result<Cancel> {
    crate::config::check_out(&job.dir)?;
    let cancel = crate::signals::cancel_on_signals();
    if !job.quiet {
        writeln!(out, "{}", crate::cli::args::header(&job.game, None, &[]))?;
    }
    Ok(cancel)
}

/// What a solve says as it goes, on standard error, unless `quiet`.
pub(super) fn sayer(quiet: bool) -> impl Fn(&str) {
    move |text: &str| {
        if !quiet {
            eprintln!("{text}");
        }
    }
}

/// What a solve says as it goes (groups, sweeps at most every minute, saves), and the stops
/// that tests ask for: a cancel after so many groups or sweeps, as if killed.
pub(super) fn listener<'a>(
    job: &'a Job,
    request: &'a Request,
    say: &'a dyn Fn(&str),
    cancel: &'a Cancel,
) -> impl FnMut(Event) + 'a {
    let variant = job.game.variant;
    let tolerance = request.tolerance();
    let pawns = request.rules.pawns;
    let endgame = match job.endgame {
        Some(from) => format!(", the endgame from {from} pawns borne off"),
        None => String::new(),
    };
    let (mut built, mut shown) = (0.0, Instant::now());
    let (mut groups, mut sweeps) = (0, 0);
    // Where both plays are swept together, each line says whose it is.
    let mut together = false;
    let play = move |pick: Pick, together: bool| match (together, pick) {
        (false, _) => "",
        (true, Pick::Best) => "optimal play, ",
        (true, Pick::Uniform) => "random play, ",
    };
    move |event: Event| match event {
        Event::Begins {
            pick: Pick::Best,
            layered,
            together: both,
        } => {
            together = both;
            say(&format!(
                "solving {variant} with {pawns} pawns a side{endgame}{}: {}",
                if layered { ", layer by layer" } else { "" },
                if both {
                    "optimal play and random play for both sides, swept together"
                } else {
                    "optimal play"
                }
            ))
        }
        Event::Begins { together: true, .. } => {}
        Event::Begins { .. } => say("random play for both sides"),
        Event::Built(seconds) => built = seconds,
        Event::Sweep(n, change, seconds) if n.is_multiple_of(10) || change <= tolerance => say(
            &format!("  sweep {n}: largest change {change:.1e} ({seconds:.0} s)"),
        ),
        Event::Sweep(..) => {}
        Event::Done(Pick::Best, effort) if !request.layered() => say(&format!(
            "  {} positions, {} sweeps, {:.1} s ({built:.1} s to build the outcome graph)",
            effort.positions, effort.sweeps, effort.seconds
        )),
        Event::Done(..) => {}
        Event::Resumed(pick, r) => {
            let partial = r.partial.map_or(String::new(), |(off, sweeps, _)| {
                format!(", and {off} pawns borne off after {sweeps} sweeps")
            });
            let dir = request.checkpoint.as_deref().unwrap_or(Path::new(""));
            say(&format!(
                "  {}read from {}: the groups of {:?} pawns borne off{partial}",
                play(pick, together),
                dir.display(),
                r.solved
            ))
        }
        Event::Group(pick, g) => {
            say(&group_line(play(pick, together), g));
            groups += 1;
            if job.stops.0.is_some_and(|n| groups >= n) {
                cancel.cancel();
            }
        }
        // Every minute at most, and at every save.
        Event::Swept(pick, now, saved) => {
            if saved || shown.elapsed().as_secs() >= 60 {
                shown = Instant::now();
                say(&format!(
                    "  {}pawns borne off {}: sweep {}, largest change {:.1e}, {:.0} s{}",
                    play(pick, together),
                    now.off,
                    now.sweeps,
                    now.change,
                    now.seconds,
                    if saved { " (saved)" } else { "" }
                ))
            }
            sweeps += 1;
            if job.stops.1.is_some_and(|n| sweeps >= n) {
                cancel.cancel();
            }
        }
    }
}

/// A solve's error as the command says it: a stop as an interruption, a graph too big as bad
/// input.
pub(super) fn solve_error(e: SolveError, pawns: u8) -> anyhow::Error {
    match e {
        SolveError::Interrupted => {
            Interrupted("nothing was written; the solve was stopped".into()).into()
        }
        SolveError::Stopped(dir) => Interrupted(format!(
            "the solve was stopped; what it had done is in {}, which the same command resumes from",
            dir.display()
        ))
        .into(),
        SolveError::TooManyPawns {
            limit: senet_simulation::PawnLimit::Graph,
            ..
        } => anyhow::Error::from(InputError(format!(
            "--method graph: {pawns} pawns a side would not fit in memory as an outcome graph; \
             use --method layered"
        ))),
        other => other.into(),
    }
}

/// What `solve` prints of a group solved (`play`: whose, where both plays are swept together).
fn group_line(play: &str, g: &Group) -> String {
    format!(
        "  {play}pawns borne off {}: {} positions, {} sweeps, {:.1} s, {:.0} MB of outcomes kept for {} positions",
        g.off,
        g.positions,
        g.sweeps,
        g.seconds,
        g.bytes as f64 / 1e6,
        g.stored
    )
}
