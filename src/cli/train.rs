//! `senet-sim train`: a `td` network learned by self-play, written with checkpoints that the
//! same command resumes.

use super::args::{DeviceArgs, VariantArgs};
use crate::error::{bad, Interrupted};
use anyhow::{Context, Result};
use clap::Args;
use senet_simulation::input::rulefile::Game;
use senet_simulation::learn::tdfile::{load, to_file_text};
use senet_simulation::learn::train::{Settings, Training};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `senet-sim train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    #[command(flatten)]
    variant: VariantArgs,
    #[command(flatten)]
    device: DeviceArgs,
    /// Games of self-play in all (a file of fewer games is trained on to this many).
    #[arg(long, value_parser = crate::error::number)]
    games: u64,
    /// Seed of the first weights and of every game (game g's seed is derived from it and g).
    #[arg(long, default_value_t = 1, value_parser = crate::error::number)]
    seed: u64,
    /// Hidden units of the network (1 to 256).
    #[arg(long, default_value_t = Settings::default().hidden)]
    hidden: usize,
    /// Step size of the gradient descent.
    #[arg(long, default_value_t = Settings::default().alpha, value_parser = crate::error::decimal_f32)]
    alpha: f32,
    /// λ of TD(λ), from 0 (learn from the next position) to 1 (from the result only).
    #[arg(long, default_value_t = Settings::default().lambda, value_parser = crate::error::decimal_f32)]
    lambda: f32,
    /// The weights file: written every --every games and at the end (atomically); when it
    /// holds fewer games of the same training, the training goes on from it.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Games between two checkpoints.
    #[arg(long, default_value_t = 5_000, value_parser = crate::error::number)]
    every: u64,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
}

/// Trains, resuming from `--out` when it holds the same training; returns the file.
pub fn train(a: &TrainArgs, out: &mut impl Write) -> Result<PathBuf> {
    let game = a.variant.game(&a.device)?;
    if !(1..=senet_engine::strategy::td::MAX_HIDDEN).contains(&a.hidden) {
        return bad("--hidden: 1 to 256 units");
    }
    if a.games == 0 {
        return bad(
            "--games 0: nothing to train; give the games of self-play, such as --games 100000",
        );
    }
    if !(0.0..=1.0).contains(&a.lambda) || a.alpha <= 0.0 || a.every == 0 {
        return bad("--lambda lies in 0..1, --alpha and --every are positive");
    }
    let settings = Settings {
        hidden: a.hidden,
        seed: a.seed,
        alpha: a.alpha,
        lambda: a.lambda,
    };
    let mut training = resumed(&a.out, &game, settings)?;
    if training.games > a.games {
        return bad(format!(
            "{}: already holds {} games, more than --games {}",
            a.out.display(),
            training.games,
            a.games
        ));
    }
    if training.games == a.games {
        writeln!(out, "{} already holds {} games", a.out.display(), a.games)?;
        return Ok(a.out.clone());
    }
    if training.games > 0 {
        let file = a.out.display();
        writeln!(out, "resuming {file} at game {}", training.games)?;
    }
    let command = command(a);
    let cancel = crate::signals::cancel_on_signals();
    let progress = crate::progress::Progress::start(a.games, a.quiet);
    progress
        .done
        .store(training.games, std::sync::atomic::Ordering::Relaxed);
    let started = std::time::Instant::now();
    let first = training.games;
    let mut done = false;
    while !done {
        let stop = (training.games / a.every + 1) * a.every;
        done = training.run(&game, stop.min(a.games), &cancel, &mut |g| {
            progress.done.store(g, std::sync::atomic::Ordering::Relaxed);
        }) && training.games == a.games;
        save(&a.out, &game, &training, &command)?;
        if cancel.is_cancelled() {
            progress.finish();
            return Err(Interrupted(format!(
                "{} games are kept in {}; the same command goes on from them",
                training.games,
                a.out.display()
            ))
            .into());
        }
    }
    progress.finish();
    let secs = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "trained {} games ({} here, {:.0} games/s): {}",
        training.games,
        training.games - first,
        (training.games - first) as f64 / secs.max(1e-9),
        a.out.display()
    )?;
    Ok(a.out.clone())
}

/// The training in `file` when it is this one (same game and settings), a new one when there
/// is no file; another training's file is refused, never overwritten.
fn resumed(file: &Path, game: &Game, settings: Settings) -> Result<Training> {
    if !file.exists() {
        return Ok(Training::new(settings));
    }
    let held =
        load(file).map_err(|e| crate::error::InputError(senet_engine::Chain(&e).to_string()))?;
    if held.game != *game || held.training.settings != settings {
        return bad(format!(
            "{}: holds a training of other rules or settings ({}); choose another --out",
            file.display(),
            held.command
        ));
    }
    Ok(held.training)
}

/// Writes the checkpoint atomically.
fn save(file: &Path, game: &Game, training: &Training, command: &str) -> Result<()> {
    let text = to_file_text(game, training, command);
    let ours = |head: &[u8]| head.starts_with(senet_simulation::learn::tdfile::MAGIC.as_bytes());
    senet_simulation::atomic::replace_own(file, ours, |w| w.write_all(text.as_bytes()))
        .with_context(|| format!("writing {}", file.display()))
}

/// The command that gives this training (what its file records).
fn command(a: &TrainArgs) -> String {
    let mut words = vec!["senet-sim train".to_string()];
    words.extend(a.variant.arguments());
    words.extend(a.device.arguments());
    words.push(format!("--games {}", a.games));
    words.push(format!("--seed {}", a.seed));
    words.push(format!("--hidden {}", a.hidden));
    words.push(format!("--alpha {} --lambda {}", a.alpha, a.lambda));
    words.push(format!("--out {}", a.out.display()));
    words.join(" ")
}
