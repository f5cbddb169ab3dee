//! Solving a small game exactly: one request, one call, one result. The `solve` command, the
//! scenarios' `optimal` players and any other front end (a notebook, a Python binding) call
//! [`solve`]: it picks the method (the whole outcome graph in memory, or group by group with a
//! checkpoint that a later request resumes from), tells a listener how it goes, stops when the
//! caller's [`Cancel`] is cancelled, and returns the table with the start's exact chances.

use crate::cancel::Cancel;
use crate::exact::checkpoint::{
    solve_checkpointed, Checkpoint, CheckpointError, Heard, Saving, StopError,
};
pub use crate::exact::error::{PawnLimit, SolveError};
use crate::exact::graph::{Effort, Solver, GRAPH_MAX_PAWNS, MAX_SWEEPS, TOLERANCE};
use crate::exact::layered::{
    default_memory_mb, groups, Group, LayeredError, Resume, Settings, Sweeping, LAYERED_TOLERANCE,
};
pub use crate::exact::values::{start_value, Values};
use senet_engine::rules::Rules;
use senet_engine::solve::backup::Pick;
use senet_engine::solve::index::{StateIndex, MAX_SOLVED_PAWNS};
use senet_engine::solve::{plays_as, Solution, Sweep};
use senet_engine::throws::{throw_table, Device};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// How the values are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Layered from 3 pawns a side, the graph below.
    Auto,
    /// The whole outcome graph held in memory and swept by progress (fastest, up to
    /// [`GRAPH_MAX_PAWNS`] pawns).
    Graph,
    /// Group by group of pawns borne off, in place, with a checkpoint per group.
    Layered,
}

/// What to solve and how.
#[derive(Clone, Debug)]
pub struct Request {
    /// The game: its rule set (with its `pawns` a side, 1 to [`MAX_SOLVED_PAWNS`]).
    pub rules: Rules,
    /// The throwing device.
    pub device: Device,
    /// How the values are found.
    pub method: Method,
    /// Sweeps stop once no value changes by more than this (default: the method's,
    /// [`TOLERANCE`] or [`LAYERED_TOLERANCE`]).
    pub tolerance: Option<f64>,
    /// Bytes a layered group's kept outcomes may take (default: [`default_memory_mb`]).
    pub memory: Option<u64>,
    /// The layered solve's checkpoint folder: what it holds is resumed from, each group is
    /// saved into it (none: nothing is kept).
    pub checkpoint: Option<PathBuf>,
    /// Seconds between two saves of a layered group part-way through.
    pub save_every: f64,
    /// Optimal play only (random play's values, which take about as long again, are skipped).
    pub optimal_only: bool,
    /// Layered: whether optimal and random play are swept together ([`Request::together`]).
    pub plays: Plays,
}

/// Whether a layered solve sweeps optimal and random play together, or one after the other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Plays {
    /// Together where the second table takes at most `TOGETHER_BYTES` (up to 3 pawns).
    #[default]
    Auto,
    /// Together whatever the second table takes (4 pawns: 4.7 GB more, on a machine that holds
    /// it).
    Together,
    /// Random play after optimal play, one table of values held at a time.
    Apart,
}

/// The most bytes of a second table of values for a layered solve to sweep optimal and random
/// play together ([`Request::together`]): 1 GiB, so up to 3 pawns a side (121 MB in `tejon`);
/// 4 pawns' 4.7 GB are solved one play after the other, beside their outcomes on a 24 GB
/// machine.
pub(crate) const TOGETHER_BYTES: u64 = 1 << 30;

impl Request {
    /// Solving `rules` with `device`, by the default method, without a checkpoint.
    pub fn new(rules: Rules, device: Device) -> Request {
        Request {
            rules,
            device,
            method: Method::Auto,
            tolerance: None,
            memory: None,
            checkpoint: None,
            save_every: 600.0,
            optimal_only: false,
            plays: Plays::Auto,
        }
    }

    /// Whether the values are found layer by layer.
    pub fn layered(&self) -> bool {
        match self.method {
            Method::Auto => self.rules.pawns >= 3,
            m => m == Method::Layered,
        }
    }

    /// Bytes a layered solve's kept outcomes may take: the request's, or
    /// [`default_memory_mb`] for its pawns.
    pub fn budget(&self) -> u64 {
        self.memory
            .unwrap_or(default_memory_mb(self.rules.pawns) << 20)
    }

    /// Whether a layered solve of a game of `positions` sweeps optimal and random play
    /// together: both are asked for, and [`Plays`] says so, by default where the second table of
    /// values (8 bytes a position) is at most `TOGETHER_BYTES`. Each position's outcomes are
    /// then found once a sweep for both.
    pub fn together(&self, positions: u64) -> bool {
        !self.optimal_only
            && match self.plays {
                Plays::Auto => 8 * positions <= TOGETHER_BYTES,
                Plays::Together => true,
                Plays::Apart => false,
            }
    }

    /// The tolerance the sweeps stop at.
    pub fn tolerance(&self) -> f64 {
        let default = if self.layered() {
            LAYERED_TOLERANCE
        } else {
            TOLERANCE
        };
        self.tolerance.unwrap_or(default)
    }

    /// The checkpoint of the request, opened for its game (none without a folder).
    pub fn checkpoint(&self) -> Result<Option<Checkpoint>, SolveError> {
        self.checkpoint_for(&throw_table(&self.rules, &self.device))
    }

    /// The checkpoint opened for the game of these rules with the throw distribution `throws`.
    fn checkpoint_for(&self, throws: &[(u8, f64)]) -> Result<Option<Checkpoint>, SolveError> {
        let Some(dir) = &self.checkpoint else {
            return Ok(None);
        };
        let same = |old: &str| same_game_text(old, &self.rules, throws);
        Ok(Some(Checkpoint::open(
            dir,
            &game_text(&self.rules, throws)?,
            same,
        )?))
    }
}

/// What a solve tells its listener, in order.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a> {
    /// A value iteration begins, both sides picking by `pick`; `layered`: group by group.
    /// Where optimal and random play are swept together, both are said, one after the other,
    /// with `together`.
    Begins {
        /// How both sides pick.
        pick: Pick,
        /// Whether it goes group by group.
        layered: bool,
        /// Whether it is swept together with the other play ([`Request::together`]).
        together: bool,
    },
    /// The outcome graph is built (graph method), in this many seconds.
    Built(f64),
    /// A sweep of the graph: its number, its largest change, seconds since the iteration began.
    Sweep(u32, f64, f64),
    /// Layered: where the play `pick` resumes from (said first, when the checkpoint held
    /// anything of it).
    Resumed(Pick, &'a Resume),
    /// Layered: a sweep of play `pick` that did not settle its group; `true`: the group was
    /// saved part-way.
    Swept(Pick, &'a Sweeping, bool),
    /// Layered: a group of play `pick` solved (and saved).
    Group(Pick, &'a Group),
    /// A value iteration is done (the graph's building counted in optimal play's seconds).
    Done(Pick, &'a Effort),
}

/// The exact chance of the first mover, both sides playing one way, and how it was found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Start {
    /// The first mover's chance of winning (an expected score where draws count a half).
    pub chance: f64,
    /// How the values were found.
    pub effort: Effort,
}

/// A solved game: the table of optimal values, and the start's chances.
#[derive(Clone, Debug)]
pub struct Exact {
    /// Every position's optimal value (`f32`).
    pub solution: Solution,
    /// Both sides playing the best move.
    pub optimal: Start,
    /// Both sides playing each legal move with the same probability (none: optimal only).
    pub random: Option<Start>,
}

/// Solves `request`, telling `listen` how it goes, until done or `cancel` is cancelled
/// ([`SolveError::Interrupted`], or [`SolveError::Stopped`] with a checkpoint to resume from).
///
/// ```
/// use senet_engine::throws::Device;
/// use senet_engine::variants::Variant;
/// use senet_simulation::cancel::Cancel;
/// use senet_simulation::exact::solve::{solve, Request};
///
/// let rules = Variant::TEJON.rules().with(|r| r.pawns = 1).unwrap();
/// let exact = solve(&Request::new(rules, Device::Coins), &Cancel::new(), &mut |_| {}).unwrap();
/// // Both sides optimal, then both random: two chances of the side that starts.
/// assert!((0.4..0.7).contains(&exact.optimal.chance));
/// assert!(exact.random.is_some());
/// ```
pub fn solve(
    request: &Request,
    cancel: &Cancel,
    listen: &mut dyn FnMut(Event),
) -> Result<Exact, SolveError> {
    let pawns = request.rules.pawns;
    if !(1..=MAX_SOLVED_PAWNS).contains(&pawns) {
        return Err(SolveError::TooManyPawns {
            pawns,
            limit: PawnLimit::Solver,
        });
    }
    if request.layered() {
        layered(request, cancel, listen)
    } else if pawns > GRAPH_MAX_PAWNS {
        Err(SolveError::TooManyPawns {
            pawns,
            limit: PawnLimit::Graph,
        })
    } else {
        graph(request, cancel, listen)
    }
}

/// The graph method: one outcome graph serves both value iterations.
fn graph(
    request: &Request,
    cancel: &Cancel,
    listen: &mut dyn FnMut(Event),
) -> Result<Exact, SolveError> {
    let tolerance = request.tolerance();
    let solver = Solver::new(&request.rules, &request.device)?;
    listen(Event::Built(solver.built()));
    let iterate = |pick: Pick, listen: &mut dyn FnMut(Event)| {
        listen(Event::Begins {
            pick,
            layered: false,
            together: false,
        });
        let started = Instant::now();
        let mut report = |n, change| {
            listen(Event::Sweep(n, change, started.elapsed().as_secs_f64()));
        };
        let (values, mut effort) = solver.iterate(pick, tolerance, &mut report, cancel)?;
        if pick == Pick::Best {
            effort.seconds += solver.built();
        }
        listen(Event::Done(pick, &effort));
        Ok::<_, SolveError>((Values::new(solver.index().clone(), values), effort))
    };
    let (exact, effort) = iterate(Pick::Best, listen)?;
    let random = match request.optimal_only {
        true => None,
        false => Some(iterate(Pick::Uniform, listen)?),
    };
    let solution = solver.table(&exact);
    drop(solver);
    let start = |pick, values: &Values, effort| Start {
        chance: start_value(&solution.rules, &solution.throws, pick, &|p| {
            values.value(p)
        }),
        effort,
    };
    Ok(Exact {
        optimal: start(Pick::Best, &exact, effort),
        random: random.map(|(values, effort)| start(Pick::Uniform, &values, effort)),
        solution,
    })
}

/// The layered method: optimal and random play swept together where the request holds both
/// tables ([`Request::together`]); otherwise optimal play, then random play, each group by
/// group from and into the checkpoint, the optimal values read back from it once random play
/// is solved, so that both are never held together (8 bytes a position each, 4.7 GB with 4
/// pawns).
fn layered(
    request: &Request,
    cancel: &Cancel,
    listen: &mut dyn FnMut(Event),
) -> Result<Exact, SolveError> {
    let rules = &request.rules;
    let throws = throw_table(rules, &request.device);
    let index = StateIndex::new(rules)?;
    let checkpoint = request.checkpoint_for(&throws)?;
    let sweep = Sweep {
        rules,
        throws: &throws,
        index: &index,
        race: true,
    };
    let run = |picks: &[Pick], listen: &mut dyn FnMut(Event)| {
        for &pick in picks {
            let together = picks.len() > 1;
            listen(Event::Begins {
                pick,
                layered: true,
                together,
            });
        }
        let solved = layered_values(request, &sweep, picks, checkpoint.as_ref(), cancel, listen)?;
        let mut out = Vec::new();
        for ((values, effort, _), &pick) in solved.into_iter().zip(picks) {
            listen(Event::Done(pick, &effort));
            out.push((Values::new(index.clone(), values), effort));
        }
        Ok::<_, SolveError>(out)
    };
    let start = |pick, values: &Values, effort| Start {
        chance: start_value(rules, &throws, pick, &|p| values.value(p)),
        effort,
    };
    let solution = |values| Solution {
        rules: rules.clone(),
        throws: throws.clone(),
        index: index.clone(),
        values,
    };
    if request.together(index.len()) {
        let mut both = run(&[Pick::Best, Pick::Uniform], listen)?.into_iter();
        let (exact, effort) = both.next().expect("optimal play");
        let (values, random) = both.next().expect("random play");
        // Random play's table dropped before the optimal table's f32 is made: the two f64
        // tables and the f32 one together were the 3-pawn solve's peak (docs/solving.md).
        let random = Some(start(Pick::Uniform, &values, random));
        drop(values);
        let optimal = start(Pick::Best, &exact, effort);
        let table = exact.to_f32();
        drop(exact);
        return Ok(Exact {
            optimal,
            random,
            solution: solution(table),
        });
    }
    let (exact, effort) = run(&[Pick::Best], listen)?.remove(0);
    let optimal = start(Pick::Best, &exact, effort);
    // Without a checkpoint to read them back from, the optimal values are kept as the table's
    // f32 while random play is solved.
    let kept = match checkpoint {
        Some(_) => None,
        None => Some(exact.to_f32()),
    };
    drop(exact);
    let random = match request.optimal_only {
        true => None,
        false => {
            let (values, effort) = run(&[Pick::Uniform], listen)?.remove(0);
            Some(start(Pick::Uniform, &values, effort))
        }
    };
    let values = match (kept, &checkpoint) {
        (Some(kept), _) => kept,
        (None, Some(c)) => saved_values(&sweep, Pick::Best, c)?,
        (None, None) => unreachable!("kept without a checkpoint"),
    };
    Ok(Exact {
        solution: solution(values),
        optimal,
        random,
    })
}

/// An endgame solved: the optimal values of the positions with at least `from` pawns borne
/// off, both sides together ([`StateIndex::endgame`]), and how they were found.
#[derive(Clone, Debug)]
pub struct Endgame {
    /// The table, numbered as the endgame: `td:endgame=` reads it where it covers a position.
    pub solution: Solution,
    /// How the values were found (optimal play).
    pub effort: Effort,
    /// Each group, from the most pawns borne off down, as the run that solved it recorded it
    /// (a group an earlier run saved without its record is missing).
    pub groups: Vec<Group>,
}

/// Solves the endgame of `request`'s game from `from` pawns borne off (both sides together):
/// optimal play only, layer by layer, its groups from and into the request's checkpoint, as
/// [`solve`] solves the whole game's (a group's values are the same numbers in both: the same
/// positions in the same order). No move lowers the pawns borne off, so the endgame needs no
/// other position; the start is not in it and has no chance here. Up to 7 pawns a side, as
/// long as the endgame fits a `u32` index (5 pawns of `tejon`: from 2 pawns borne off).
pub fn solve_endgame(
    request: &Request,
    from: u8,
    cancel: &Cancel,
    listen: &mut dyn FnMut(Event),
) -> Result<Endgame, SolveError> {
    let rules = &request.rules;
    let throws = throw_table(rules, &request.device);
    let index = StateIndex::endgame(rules, from)?;
    let checkpoint = request.checkpoint_for(&throws)?;
    let sweep = Sweep {
        rules,
        throws: &throws,
        index: &index,
        race: true,
    };
    listen(Event::Begins {
        pick: Pick::Best,
        layered: true,
        together: false,
    });
    let (values, effort, groups) = layered_values(
        request,
        &sweep,
        &[Pick::Best],
        checkpoint.as_ref(),
        cancel,
        listen,
    )?
    .remove(0);
    listen(Event::Done(Pick::Best, &effort));
    let values = values.iter().map(|&v| v as f32).collect();
    Ok(Endgame {
        solution: Solution {
            rules: rules.clone(),
            throws,
            index,
            values,
        },
        effort,
        groups,
    })
}

/// A play's values by index, its effort and its groups.
type PlayValues = (Vec<f64>, Effort, Vec<Group>);

/// The layered solve of each play of `picks` (one, or two swept together), from and into the
/// checkpoint `c` when there is one, each play's effort counting the groups that earlier runs
/// solved as their records say; its groups, those earlier runs solved among them, from the
/// most pawns borne off down. Plays swept together share the seconds of the run.
fn layered_values(
    request: &Request,
    sweep: &Sweep,
    picks: &[Pick],
    c: Option<&Checkpoint>,
    cancel: &Cancel,
    listen: &mut dyn FnMut(Event),
) -> Result<Vec<PlayValues>, SolveError> {
    let started = Instant::now();
    let index = sweep.index;
    let tolerance = request.tolerance();
    let settings = Settings {
        pick: picks[0],
        tolerance,
        max_sweeps: MAX_SWEEPS,
        budget: request.budget(),
        cancel,
    };
    let mut each = |heard: Heard| match heard {
        Heard::Resumed(pick, r) => listen(Event::Resumed(pick, r)),
        Heard::Swept(pick, now, saved) => listen(Event::Swept(pick, now, saved)),
        Heard::Finished(pick, g) => listen(Event::Group(pick, g)),
    };
    let saving = Saving {
        every: request.save_every,
    };
    let solved = match solve_checkpointed(sweep, &settings, picks, c, saving, &mut each) {
        Ok(solved) => solved,
        Err(StopError::Layered(LayeredError::Interrupted)) => {
            return Err(match c {
                Some(c) => SolveError::Stopped(c.dir().to_path_buf()),
                None => SolveError::Interrupted,
            })
        }
        Err(StopError::Layered(e)) => return Err(SolveError::Layered(e)),
        Err(StopError::Checkpoint(e)) => return Err(SolveError::Checkpoint(e)),
    };
    let seconds = started.elapsed().as_secs_f64();
    // Every play's table is held while the plays are swept.
    let tables = picks.len() as u64;
    Ok(solved
        .into_iter()
        .map(|solved| {
            // The groups solved now and those read from the checkpoint, as their runs recorded
            // them.
            let all: Vec<&Group> = solved.earlier.iter().chain(&solved.groups).collect();
            let largest = all.iter().max_by_key(|g| g.positions);
            // Seconds of earlier runs: the groups they solved, and the group they left part-way.
            let earlier: f64 = solved.earlier.iter().map(|g| g.seconds).sum::<f64>()
                + solved.resumed.partial.map_or(0.0, |p| p.2);
            let effort = Effort {
                together: picks.len() > 1,
                positions: index.len(),
                sweeps: largest.map_or(0, |g| g.sweeps),
                last_change: all.iter().map(|g| g.change).fold(0.0, f64::max),
                tolerance,
                seconds: earlier + seconds,
                bytes: 8 * tables * index.len() + all.iter().map(|g| g.bytes).max().unwrap_or(0),
            };
            let mut groups: Vec<Group> = all.into_iter().cloned().collect();
            groups.sort_by_key(|g| std::cmp::Reverse(g.off));
            (solved.values, effort, groups)
        })
        .collect())
}

/// The table's values of `pick` that the checkpoint `c` holds once a layered solve has
/// finished every group.
fn saved_values(sweep: &Sweep, pick: Pick, c: &Checkpoint) -> Result<Vec<f32>, SolveError> {
    let mut values = vec![0.0; sweep.index.len() as usize];
    let r = c.load(sweep, pick, &mut values)?;
    if r.partial.is_some() || r.solved.len() != groups(sweep).len() {
        return Err(SolveError::Checkpoint(CheckpointError {
            path: c.dir().display().to_string(),
            why: "a group's values are missing".into(),
        }));
    }
    Ok(values.iter().map(|&v| v as f32).collect())
}

/// What a checkpoint was computed for: the rule file and the throw distribution.
pub(crate) fn game_text(rules: &Rules, throws: &[(u8, f64)]) -> Result<String, SolveError> {
    let law: Vec<String> = throws.iter().map(|(v, p)| format!("{v}:{p:e}")).collect();
    let rules = toml::to_string(rules).map_err(|e| SolveError::File {
        path: "the checkpoint's game.txt".into(),
        why: e.into(),
    })?;
    Ok(format!("{rules}\nthrows = {}\n", law.join(" ")))
}

/// Whether `text`, a checkpoint's `game.txt` ([`game_text`]), is the game of `rules` and
/// `throws` from every position ([`plays_as`]).
pub(crate) fn same_game_text(text: &str, rules: &Rules, throws: &[(u8, f64)]) -> bool {
    let Some((theirs, law)) = text.rsplit_once("\nthrows = ") else {
        return false;
    };
    let law: Option<Vec<(u8, f64)>> = (law.split_whitespace())
        .map(|w| {
            let (v, p) = w.split_once(':')?;
            Some((v.parse().ok()?, p.parse().ok()?))
        })
        .collect();
    let theirs = toml::from_str::<Rules>(theirs).ok();
    theirs
        .zip(law)
        .is_some_and(|(r, law)| plays_as((&r, &law), (rules, throws)))
}

/// The folder of a solve's checkpoint beside its results' folder `dir`: `DIR.checkpoint`.
pub fn checkpoint_beside(dir: &Path) -> PathBuf {
    let mut name = dir.file_name().unwrap_or_default().to_os_string();
    name.push(".checkpoint");
    dir.with_file_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use senet_engine::variants::Variant;

    /// Both plays are swept together by default up to 3 pawns (a second table of 121 MB in
    /// tejon), not with 4 (4.7 GB) unless asked; never apart from what `--optimal-only` asks.
    #[test]
    fn the_plays_go_together_where_the_second_table_is_small_or_asked() {
        let rules = Variant::TEJON.rules().with(|r| r.pawns = 3).unwrap();
        let ask = |plays, optimal_only| Request {
            plays,
            optimal_only,
            ..Request::new(rules.clone(), Device::Coins)
        };
        let (three, four) = (15_134_520, 586_583_580);
        assert!(ask(Plays::Auto, false).together(three));
        assert!(!ask(Plays::Auto, false).together(four));
        assert!(ask(Plays::Together, false).together(four));
        assert!(!ask(Plays::Apart, false).together(three));
        for plays in [Plays::Auto, Plays::Together, Plays::Apart] {
            assert!(!ask(plays, true).together(three));
        }
    }

    #[test]
    fn a_checkpoint_knows_its_game_by_the_rules_not_by_the_text() {
        let rules = Variant::TEJON.rules().with(|r| r.pawns = 2).unwrap();
        let throws = throw_table(&rules, &Device::Coins);
        let text = game_text(&rules, &throws).unwrap();
        assert!(same_game_text(&text, &rules, &throws));
        // Another turn cap plays the same game from every position; written in another
        // order, the same rules; more pawns or other throws are another game.
        let capped = rules.clone().with(|r| r.max_turns = 99).unwrap();
        assert!(same_game_text(&text, &capped, &throws));
        let (keys, law) = text.rsplit_once("\nthrows = ").unwrap();
        assert!(
            !keys.lines().any(|l| l.starts_with('[')),
            "flat keys: {keys}"
        );
        let mut lines: Vec<&str> = keys.lines().collect();
        lines.reverse();
        let reordered = format!("{}\nthrows = {law}", lines.join("\n"));
        assert!(same_game_text(&reordered, &rules, &throws));
        let three = rules.clone().with(|r| r.pawns = 3).unwrap();
        assert!(!same_game_text(&text, &three, &throws));
        let sticks = throw_table(&rules, &Device::Sticks { p_marked: 0.6 });
        assert!(!same_game_text(&text, &rules, &sticks));
        assert!(!same_game_text("not a game", &rules, &throws));
    }
}
