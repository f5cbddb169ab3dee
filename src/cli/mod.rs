//! The command line: its arguments (parsed once into typed values) and the dispatch of each
//! command; `run` and `bench` have modules of their own, the small commands are below.

pub(crate) mod args;
mod moves;
mod play;
mod review;
mod scenarios;
mod throws;
mod train;

use anyhow::Result;
use clap::{Parser, Subcommand};
use senet_engine::variants::{Variant, VARIANTS};
use std::io::Write;

/// senet-sim: play Senet millions of times to teach and study probability.
#[derive(Parser, Debug)]
#[command(name = "senet-sim", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Arguments of `variants`.
#[derive(clap::Args, Debug)]
struct VariantsArgs {
    /// Print the complete rule file of this variant (TOML: its variant, device and every rule
    /// option; `--rules FILE` plays it as it is or edited, and so does a scenario's arm with
    /// `rules = "FILE"`).
    #[arg(long, value_name = "ID")]
    show: Option<Variant>,
    /// With --show: a rule option changed in the file printed, KEY=VALUE with a TOML value
    /// (e.g. `--set backward_per_pawn=true`); the header lists the keys changed.
    #[arg(long = "set", value_name = "KEY=VALUE", requires = "show")]
    set: Vec<String>,
}

/// `variants`: the list, or one variant's rule file.
fn variants(a: &VariantsArgs, out: &mut impl Write) -> Result<()> {
    if let Some(v) = a.show {
        let mut table = senet_simulation::input::rulefile::RuleTable::default();
        for kv in &a.set {
            let one = toml::from_str(kv)
                .map_err(|e: toml::de::Error| e.message().to_string())
                .and_then(|t| {
                    senet_simulation::input::rulefile::RuleTable::read(t).map_err(|e| e.message)
                })
                .map_err(|e| crate::error::InputError(format!("--set '{kv}': {e}")))?;
            table.extend(one);
        }
        let game = table
            .game(Some(v), None)
            .map_err(|e| crate::error::InputError(format!("--set: {e}")))?;
        write!(out, "{}", senet_simulation::input::rulefile::to_text(&game))?;
        return Ok(());
    }
    for v in VARIANTS {
        writeln!(
            out,
            "{:<12} {}\n{:<12} source: \"{}\" ({}; {})",
            v.id, v.summary, "", v.title, v.language, v.source
        )?;
    }
    Ok(())
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a scenario's games and tournaments and write its report (CSV tables, charts, report.md, report.html).
    Run(crate::config::RunArgs),
    /// Make the report of a run played in shards (`run --shard K/N`): checks that every shard
    /// 1..N of one run is there once, sums their counters, writes the same report as `run`.
    Merge(crate::shards::MergeArgs),
    /// List the rule variants with their sources, or print one's complete rule file (`--show`).
    Variants(VariantsArgs),
    /// List the shipped scenarios with the question each one answers.
    Scenarios,
    /// Measure speed and memory: N random games of a variant through the run engine.
    Bench(crate::bench::BenchArgs),
    /// List the legal moves of a position for one throw.
    Moves(moves::MovesArgs),
    /// Play one seeded game and print it throw by throw.
    Play(play::PlayArgs),
    /// Throw a device N times and compare frequencies with the exact probabilities.
    Throws(throws::ThrowsArgs),
    /// Solve a small game exactly (1 to 4 pawns a side): the probability of winning of every
    /// position under optimal play, the table saved for the strategy `optimal:FILE`, the first
    /// mover's chances, and how far each strategy is from optimal play; or the endgame of a
    /// larger game alone (`--endgame N`, up to 7 pawns a side), for `td:endgame=`.
    Solve(crate::solve::SolveArgs),
    /// Replay one seeded game with a solved table (1 or 2 pawns a side, or a saved table):
    /// white's exact chance of winning after every throw, each throw's luck, each decision
    /// graded against the best move, each side's luck, errors and accuracy, and a chart of the
    /// chance and the luck over the game (review.png, review.csv).
    Review(review::ReviewArgs),
    /// Train the `td` strategy's network by self-play (TD(λ)) for one game's rules: a weights
    /// file played as `td:FILE`, written at checkpoints that the same command resumes.
    Train(train::TrainArgs),
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    match cli.command {
        Command::Run(a) => {
            let quiet = a.quiet;
            let sharded = a.shard.is_some();
            let out_dir = crate::run::run(a)?;
            if !quiet {
                let file = if sharded {
                    senet_tables::shards::MANIFEST
                } else {
                    "report.html"
                };
                writeln!(out, "{}", out_dir.join(file).display())?;
            }
        }
        Command::Merge(a) => {
            let quiet = a.quiet;
            let out_dir = crate::shards::merge(a)?;
            if !quiet {
                writeln!(out, "{}", out_dir.join("report.html").display())?;
            }
        }
        Command::Bench(a) => crate::bench::bench(&a, &mut out)?,
        Command::Variants(a) => variants(&a, &mut out)?,
        Command::Scenarios => scenarios::list(&mut out)?,
        Command::Moves(a) => moves::moves(&a, &mut out)?,
        Command::Play(a) => play::play(&a, &mut out)?,
        Command::Throws(a) => throws::throws(&a, &mut out)?,
        Command::Solve(a) => {
            crate::solve::solve(a, &mut out)?;
        }
        Command::Review(a) => {
            review::review(&a, &mut out)?;
        }
        Command::Train(a) => {
            train::train(&a, &mut out)?;
        }
    }
    out.flush()?;
    Ok(())
}
