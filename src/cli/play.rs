//! `senet-sim play`: one seeded game, printed throw by throw as text or JSON lines.

use super::args::{DeviceArgs, GameArgs, VariantArgs};
use crate::lang::Lang;
use anyhow::{Context, Result};
use clap::Args;
use senet_engine::board::{squares, Position, Side};
use senet_engine::game::{play_game, series_points, GameSummary, Observer};
use senet_engine::movegen::{Kind, Move};
use senet_engine::rules::GameEnd;
use senet_engine::strategy::spec::{Player, StrategySpec};
use senet_engine::throws::{seed_hex, stream, SeededThrower};
use senet_engine::variants::Variant;
use senet_tables::describe::{board_line, describe, describe_fr, move_json};
use senet_tables::record::{throw_line, Record};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    variant: VariantArgs,
    #[command(flatten)]
    device: DeviceArgs,
    #[command(flatten)]
    game: GameArgs,
    /// Print JSON lines (one per throw, then the result) instead of text.
    #[arg(long, conflicts_with = "review")]
    json: bool,
    /// Also write the game's record to FILE (docs/records.md; `review --record FILE` reviews
    /// it, a review writes its own game.txt).
    #[arg(long, value_name = "FILE", conflicts_with = "review")]
    record: Option<PathBuf>,
    /// Review the game instead of printing it: white's exact chance after every throw and each
    /// choice graded from a solved table, written with a chart to reviews/ (as `senet-sim
    /// review`; 1 or 2 pawns are solved on the spot, more need --table).
    #[arg(long)]
    review: bool,
    /// The solved table of the review (a `table.senet` of `senet-sim solve`).
    #[arg(long, value_name = "FILE", requires = "review")]
    table: Option<PathBuf>,
    /// The review's folder (default: reviews/VARIANT-PAWNS-SEED).
    #[arg(long, value_name = "DIR", requires = "review")]
    out: Option<PathBuf>,
    /// The language of the printed game (and of the review): en or fr. JSON lines keep their
    /// English keys.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    lang: Lang,
}

/// Prints a game throw by throw, as text or JSON lines.
struct Printer<'a, W: Write> {
    out: &'a mut W,
    json: bool,
    /// How a move of points left over is named: "plays residual" (after bearing off), or
    /// "plays the rest" (of a split throw).
    rest: &'static str,
    turn: u32,
    last_side: Option<Side>,
    last: Option<Position>,
    error: Option<std::io::Error>,
    /// Each throw as a game record writes it.
    record: Vec<String>,
    /// The language of the text lines.
    lang: Lang,
}

/// A line's kind of event in French.
fn kind_fr(kind: &str) -> &str {
    match kind {
        "throws" => "lance",
        "plays the rest" => "joue le reste",
        "plays residual" => "joue les points restants",
        "bears off from 30 without throwing" => "sort de la case 30 sans lancer",
        other => other,
    }
}

impl<W: Write> Printer<'_, W> {
    fn line(&mut self, kind: &str, side: Side, value: u8, chosen: Option<&Move>, after: &Position) {
        if self.last_side != Some(side) {
            self.turn += 1;
            self.last_side = Some(side);
        }
        self.last = Some(*after);
        let r = if self.json {
            let line = json!({
                "turn": self.turn, "side": side, "kind": kind, "throw": value,
                "move": chosen.map(move_json),
                "white": squares(after.side(Side::White)).collect::<Vec<_>>(),
                "black": squares(after.side(Side::Black)).collect::<Vec<_>>(),
            });
            writeln!(self.out, "{line}")
        } else if self.lang == Lang::Fr {
            let what = chosen
                .map(describe_fr)
                .unwrap_or_else(|| "aucun coup possible".into());
            let who = match side {
                Side::White => "blancs",
                Side::Black => "noirs",
            };
            writeln!(
                self.out,
                "tour {:>4}  {who:<6} {} {value} : {what} | {}",
                self.turn,
                kind_fr(kind),
                board_line(after)
            )
        } else {
            let what = chosen
                .map(describe)
                .unwrap_or_else(|| "no legal move".into());
            writeln!(
                self.out,
                "turn {:>4}  {:<5} {kind} {value}: {what} | {}",
                self.turn,
                side.name(),
                board_line(after)
            )
        };
        if let Err(e) = r {
            self.error.get_or_insert(e);
        }
    }
}

impl<W: Write> Observer for Printer<'_, W> {
    fn on_throw(&mut self, side: Side, value: u8, chosen: Option<&Move>, after: &Position) {
        self.record.push(throw_line(side, value, chosen));
        self.line("throws", side, value, chosen, after);
    }
    fn on_residual(&mut self, side: Side, points: u8, chosen: Option<&Move>, after: &Position) {
        self.line(self.rest, side, points, chosen, after);
    }
    fn on_opening_throw(&mut self, value: u8) {
        let r = if self.json {
            writeln!(
                self.out,
                "{}",
                json!({"turn": 0, "kind": "opening throw-off", "throw": value})
            )
        } else if self.lang == Lang::Fr {
            writeln!(self.out, "lancer pour savoir qui commence : {value}")
        } else {
            writeln!(self.out, "opening throw-off: {value}")
        };
        if let Err(e) = r {
            self.error.get_or_insert(e);
        }
    }
    fn on_free_exit(&mut self, side: Side, after: &Position) {
        self.last_side = None;
        let mv = Move::new(Kind::BearOff { from: 30 }, *after);
        self.line(
            "bears off from 30 without throwing",
            side,
            0,
            Some(&mv),
            after,
        );
    }
}

/// Plays one seeded game and prints it.
/// The first line of `play --json`: the program, the game (variant, changed options, rules hash,
/// device), the seeds and the players, and the text header, to cite and replay the game.
fn provenance_json(
    game: &senet_simulation::input::rulefile::Game,
    seed: u64,
    g: &super::args::GameArgs,
    header: &str,
) -> serde_json::Value {
    let (_, hash) = senet_report::provenance::rule_file(game);
    json!({
        "kind": "provenance",
        "program": format!("senet-sim {}", crate::program::VERSION),
        "commit": crate::program::COMMIT,
        "variant": game.variant.id(),
        "changed": senet_simulation::input::rulefile::changed_keys(game),
        "rules_hash": hash,
        "device": game.device.to_string(),
        "seed": g.seed,
        "game_seed": seed_hex(seed),
        "white": g.white.to_string(),
        "black": g.black.to_string(),
        "networks": senet_report::provenance::networks(game, [&g.white, &g.black].into_iter()),
        "header": header.trim_start_matches("# "),
    })
}

pub fn play(a: &PlayArgs, out: &mut impl Write) -> Result<()> {
    let senet_simulation::input::rulefile::Game {
        variant,
        rules,
        device,
    } = a.variant.game(&a.device)?;
    let seed = a.game.game_seed();
    if a.review {
        let game = super::review::Game {
            variant,
            rules,
            device,
            table: a.table.as_deref(),
            seed,
            players: a.game.players(),
            out: a.out.clone(),
            lang: a.lang,
            expect: None,
        };
        return super::review::review_game(&game, out).map(|_| ());
    }
    // The tables of `optimal` players, loaded or solved here (Ctrl-C stops a solve).
    let mut tables = senet_simulation::players::Tables::new();
    let cancel = senet_simulation::cancel::Cancel::new();
    let mut ready = |spec: &StrategySpec, flag: &str| -> Result<Player> {
        tables
            .resolve(spec, variant, &rules, &device, &cancel)
            .map_err(|e| {
                crate::error::InputError(format!("{flag}: {}", senet_engine::Chain(&e))).into()
            })
    };
    let (white, black) = (
        ready(&a.game.white, "--white")?,
        ready(&a.game.black, "--black")?,
    );
    // What made the game, once both players can play it (an error prints nothing before it).
    let game = senet_simulation::input::rulefile::Game {
        variant,
        device,
        rules: rules.clone(),
    };
    let header = super::args::header(&game, Some(seed), &a.game.players());
    match a.json {
        true => writeln!(out, "{}", provenance_json(&game, seed, &a.game, &header))?,
        false => writeln!(out, "{header}")?,
    }
    let mut strategies = [white.build(&rules, &device), black.build(&rules, &device)];
    let mut thrower = SeededThrower::new(&device, seed);
    let mut decisions = stream(seed, 2);
    let mut printer = Printer {
        out,
        json: a.json,
        rest: if rules.split_throws {
            "plays the rest"
        } else {
            "plays residual"
        },
        turn: 0,
        last_side: None,
        last: None,
        error: None,
        record: Vec::new(),
        lang: a.lang,
    };
    let summary = play_game(
        &rules,
        &mut strategies,
        &mut thrower,
        &mut decisions,
        &mut printer,
    );
    if let Some(e) = printer.error {
        return Err(e.into());
    }
    if let Some(path) = &a.record {
        let game = senet_simulation::input::rulefile::Game {
            variant,
            device,
            rules: rules.clone(),
        };
        let players = [white.to_string(), black.to_string()];
        let record = Record::new(&game, seed, players, summary.winner, printer.record)
            .with_networks(&senet_report::provenance::network_pairs(
                &game,
                [&a.game.white, &a.game.black].into_iter(),
            ))
            .with_program(&crate::program::PROGRAM.identity());
        let ours = |head: &[u8]| head.starts_with(senet_tables::record::MAGIC.as_bytes());
        senet_simulation::atomic::replace_own(path, ours, |w| {
            w.write_all(record.to_text().as_bytes())
        })
        .with_context(|| format!("writing {}", path.display()))?;
    }
    let points = match (summary.winner, printer.last) {
        (Some(w), Some(last)) => series_points(&rules, &last, w.other()),
        _ => 0,
    };
    // With `end = "all-out"` the result is a score: the pawns each side bore off.
    let score = (rules.end == GameEnd::AllOut)
        .then(|| [0, 1].map(|i| u32::from(rules.pawns).saturating_sub(summary.hits[i])));
    write_result(a, variant, &summary, points, score, out)
}

fn write_result(
    a: &PlayArgs,
    variant: Variant,
    s: &GameSummary,
    points: u32,
    score: Option<[u32; 2]>,
    out: &mut impl Write,
) -> Result<()> {
    let winner = match (s.winner, s.draw) {
        (Some(w), _) => w.name(),
        (None, true) => "none (a draw)",
        (None, false) => "none (unfinished: turn cap reached)",
    };
    let result = match (s.winner, s.draw) {
        (Some(_), _) => "finished",
        (None, true) => "draw",
        (None, false) => "unfinished",
    };
    if a.json {
        let mut line = json!({
            "result": result,
            "winner": s.winner, "first": s.first, "turns": s.turns, "throws": s.throws, "moves": s.moves,
            "captures": s.captures(), "backward": s.backward, "passes": s.passes, "water": s.water,
            "series_points": points, "variant": variant.id(), "seed": a.game.seed,
            "game_seed": seed_hex(a.game.game_seed()),
        });
        // Only for rules scored at the end: the other variants' lines keep their fields.
        if let Some(score) = score {
            line["borne_off"] = json!(score);
        }
        writeln!(out, "{line}")?;
    } else if a.lang == Lang::Fr {
        let gagnant = match (s.winner, s.draw) {
            (Some(Side::White), _) => "blancs",
            (Some(Side::Black), _) => "noirs",
            (None, true) => "aucun (partie nulle)",
            (None, false) => "aucun (partie inachevée : limite de tours atteinte)",
        };
        writeln!(out, "gagnant : {gagnant} après {} tours, {} lancers, {} coups ({} prises, {} reculs, {} passes, {} dans l'eau)", s.turns, s.throws, s.moves, s.captures(), s.backward, s.passes, s.water)?;
        if let Some([w, b]) = score.filter(|_| result != "unfinished") {
            writeln!(out, "pions sortis : blancs {w}, noirs {b}")?;
        }
        if s.winner.is_some() && variant.info().series_points {
            writeln!(
                out,
                "points de série du gagnant (règle 10 de kendall) : {points}"
            )?;
        }
    } else {
        writeln!(out, "winner: {winner} after {} turns, {} throws, {} moves ({} captures, {} backward, {} passes, {} in the water)", s.turns, s.throws, s.moves, s.captures(), s.backward, s.passes, s.water)?;
        if let Some([w, b]) = score.filter(|_| result != "unfinished") {
            writeln!(out, "borne off: white {w}, black {b}")?;
        }
        // Printed for the variants that score series (kendall's rule 10).
        if s.winner.is_some() && variant.info().series_points {
            writeln!(
                out,
                "series points for the winner (kendall's rule 10): {points}"
            )?;
        }
    }
    Ok(())
}
