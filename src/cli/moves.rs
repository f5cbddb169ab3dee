//! `senet-sim moves`: the legal moves of a position for one throw (or residual points), and
//! with `--table` each move's exact chance of winning (an analysis board).

use super::args::VariantArgs;
use crate::error::{bad, InputError};
use anyhow::Result;
use clap::{Args, ValueEnum};
use senet_engine::board::{Position, Side};
use senet_engine::movegen::{legal_moves_into, residual_moves_into, start_of_turn, MoveList};
use senet_engine::rules::Rules;
use senet_engine::setup::{Setup, SetupError};
use senet_engine::variants::Variant;
use senet_tables::describe::describe;
use senet_tables::describe::move_json;
use std::io::Write;

#[derive(ValueEnum, Clone, Copy, Debug)]
enum SideArg {
    White,
    Black,
}

#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    variant: VariantArgs,
    /// White's squares, comma-separated (e.g. 1,3,5); pawns not listed are borne off or waiting.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    white: String,
    /// Black's squares, comma-separated.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    black: String,
    /// The side to move.
    #[arg(long, value_enum)]
    to_move: SideArg,
    /// The value thrown.
    #[arg(
        long,
        required_unless_present = "residual",
        conflicts_with = "residual"
    )]
    throw: Option<u8>,
    /// Points left over after bearing off, to list their moves instead of a throw's
    /// (`residual_points`, empty-board): the moves and the choice to keep them.
    #[arg(long)]
    residual: Option<u8>,
    /// The position is at the start of the side to move's turn: apply what happens before it
    /// throws (with `free_exit_from_30`, a pawn that rested on 30 since its last turn leaves).
    #[arg(long)]
    turn_start: bool,
    /// White pawns waiting to enter (variants with an empty start).
    #[arg(long, default_value_t = 0)]
    white_waiting: u8,
    /// Black pawns waiting to enter.
    #[arg(long, default_value_t = 0)]
    black_waiting: u8,
    /// Square of a pawn that must move if it can (a replay or an opening pawn).
    #[arg(long)]
    forced: Option<u8>,
    /// Print one JSON array instead of a readable list.
    #[arg(long)]
    json: bool,
    /// A table of `senet-sim solve` for these rules (DIR/table.senet): the position's chance of
    /// winning for the side to move before the throw, and each move's after it (best play by
    /// both sides from there).
    #[arg(long, value_name = "FILE", conflicts_with = "residual")]
    table: Option<std::path::PathBuf>,
}

/// The squares of a comma-separated list (`1,5,26`); empty items are skipped.
fn parse_squares(flag: &str, text: &str) -> Result<Vec<u8>> {
    text.split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|part| {
            part.parse().map_err(|_| {
                InputError(format!("--{flag}: '{part}' is not a square number")).into()
            })
        })
        .collect()
}

/// The position of the command line, checked by the engine's [`Setup`]: every fault is told,
/// one line each, naming the option it comes from.
fn position_from(a: &MovesArgs, rules: &Rules) -> Result<Position> {
    let setup = Setup {
        white: parse_squares("white", &a.white)?,
        black: parse_squares("black", &a.black)?,
        waiting: [a.white_waiting, a.black_waiting],
        to_move: match a.to_move {
            SideArg::White => Side::White,
            SideArg::Black => Side::Black,
        },
        forced: a.forced,
        bound: false,
    };
    let faults = setup.faults(rules);
    if faults.is_empty() {
        return Ok(setup.position(rules)?);
    }
    // Every fault, one line each, naming the option it comes from.
    let lines: Vec<String> = faults
        .iter()
        .map(|e| format!("{}: {e}", flag_of(e)))
        .collect();
    Err(InputError(lines.join("\n")).into())
}

/// The option of the command line a setup fault comes from.
fn flag_of(e: &SetupError) -> String {
    match e {
        SetupError::OffBoard {
            side: Some(side), ..
        }
        | SetupError::Twice { side, .. }
        | SetupError::TooManyPawns { side, .. } => format!("--{side}"),
        SetupError::OffBoard { side: None, .. } => "--forced".to_string(),
        SetupError::Overlap(_) => "--white, --black".to_string(),
        SetupError::ForcedEmpty(_) => "--forced".to_string(),
        SetupError::BoundOffReturn(_) => "position".to_string(),
    }
}

fn check_throw(rules: &Rules, variant: Variant, value: u8) -> Result<()> {
    if !rules.possible_values().contains(&value) {
        return bad(format!(
            "--throw {value}: variant {variant} only throws {:?}",
            rules.possible_values()
        ));
    }
    Ok(())
}

/// Prints the legal moves of the position for the throw (or residual points).
pub fn moves(a: &MovesArgs, out: &mut impl Write) -> Result<()> {
    let game = a.variant.game(&super::args::DeviceArgs::default())?;
    let rules = game.rules;
    let mut pos = position_from(a, &rules)?;
    let freed = if a.turn_start {
        start_of_turn(&rules, &mut pos)
    } else {
        0
    };
    let mut list = MoveList::new();
    let (what, value) = match (a.throw, a.residual) {
        (_, Some(points)) => {
            if !(1..=6).contains(&points) {
                return bad(format!("--residual {points}: points must lie in 1-6"));
            }
            residual_moves_into(&rules, &pos, points, &mut list);
            ("residual points", points)
        }
        (Some(value), None) => {
            check_throw(&rules, game.variant, value)?;
            legal_moves_into(&rules, &pos, value, &mut list);
            ("throw", value)
        }
        (None, None) => return bad("give --throw N or --residual N"),
    };
    let values = match &a.table {
        Some(file) => Some(valued(file, &rules, &pos, value, &list)?),
        None => None,
    };
    if a.json {
        let arr: Vec<_> = (list.iter().enumerate())
            .map(|(i, mv)| {
                let mut j = move_json(mv);
                if let Some((_, v)) = &values {
                    j["value"] = v[i].into();
                }
                j
            })
            .collect();
        writeln!(out, "{}", serde_json::Value::Array(arr))?;
        return Ok(());
    }
    if freed > 0 {
        writeln!(
            out,
            "start of turn: the pawn on 30 is borne off without a throw"
        )?;
    }
    write!(out, "{}", pos.draw())?;
    if let Some((before, _)) = &values {
        writeln!(
            out,
            "{} to move, before the throw: chance of winning {:.4}",
            pos.to_move(),
            before
        )?;
    }
    writeln!(out, "{} to move, {what} {value}:", pos.to_move())?;
    if list.is_empty() && a.residual.is_some() {
        writeln!(out, "  no legal move: the points are lost")?;
    } else if list.is_empty() {
        writeln!(out, "  no legal move: the turn passes")?;
    }
    let best = values
        .as_ref()
        .map(|(_, v)| v.iter().copied().fold(f64::NEG_INFINITY, f64::max));
    for (i, mv) in list.iter().enumerate() {
        match (&values, best) {
            (Some((_, v)), Some(best)) => {
                let lost = best - v[i];
                let note = if lost <= 1e-6 {
                    "best".to_string()
                } else {
                    format!("gives away {lost:.4}")
                };
                writeln!(out, "  {:<28} chance {:.4}  {note}", describe(mv), v[i])?
            }
            _ => writeln!(out, "  {}", describe(mv))?,
        }
    }
    Ok(())
}

/// The table of `file`, checked to be one of `rules`' game: the chance of winning of the side
/// to move of `pos` before throwing, and after each of `moves` (a throw of `value`).
fn valued(
    file: &std::path::Path,
    rules: &Rules,
    pos: &Position,
    value: u8,
    moves: &MoveList,
) -> Result<(f64, Vec<f64>)> {
    let at = |why: String| InputError(format!("--table {}: {why}", file.display()));
    let table = senet_simulation::exact::tablefile::load(file)
        .map_err(|e| at(senet_engine::Chain(&e).to_string()))?;
    if !senet_engine::solve::same_game(&table.rules, rules) {
        return Err(at(format!(
            "a table of another game ({} pawns a side, or other rules): give the rules it was solved for",
            table.rules.pawns
        ))
        .into());
    }
    let Some(before) = table.value(pos) else {
        return Err(at("the table does not hold this position (an endgame table?)".into()).into());
    };
    let asked = senet_engine::strategy::Asked::Throw(value);
    let outside = |p: &Position| table.value(p).is_none();
    if moves.iter().any(|m| outside(&m.after)) {
        return Err(at("the table does not hold every position these moves reach".into()).into());
    }
    Ok((before, table.move_values(pos, asked, moves)))
}
