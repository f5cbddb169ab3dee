//! The command line: argument definitions and the `variants`, `moves`, `play`, `throws` commands.

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};
use senet_engine::board::{bits_of, squares, Position, Side, ENTRY, OFF};
use senet_engine::game::{play_game, series_points, GameSummary, Observer};
use senet_engine::movegen::{
    flags, legal_moves_into, residual_moves_into, start_of_turn, Move, MoveList,
};
use senet_engine::rules::{Rules, VARIANTS};
use senet_engine::strategy::strategy_by_name;
use senet_engine::throws::{game_seed, stream, value_distribution, Device, SeededThrower, Thrower};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use thiserror::Error;

/// Bad input from the user: reported on one line with exit status 2.
#[derive(Debug, Error)]
#[error("{0}")]
pub struct InputError(pub String);

fn bad<T>(msg: impl Into<String>) -> Result<T> {
    Err(InputError(msg.into()).into())
}

/// senet-sim: play Senet millions of times to teach and study probability.
#[derive(Parser, Debug)]
#[command(name = "senet-sim", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play a scenario's games and tournaments and write its report (CSV tables, charts, report.md, report.html).
    Run(RunArgs),
    /// List the rule variants with their source documents.
    Variants,
    /// Measure speed and memory: N random games of a variant through the run engine.
    Bench(BenchArgs),
    /// List the legal moves of a position for one throw.
    Moves(MovesArgs),
    /// Play one seeded game and print it throw by throw.
    Play(PlayArgs),
    /// Throw a device N times and compare frequencies with the exact probabilities.
    Throws(ThrowsArgs),
}

#[derive(Args, Debug)]
struct RunArgs {
    /// The scenario file (TOML; see scenarios/README.md).
    scenario: PathBuf,
    /// Output folder [default: reports/<scenario name>].
    #[arg(long)]
    out: Option<PathBuf>,
    /// Games per arm (and per tournament pairing), instead of the scenario's `games`.
    #[arg(long)]
    games: Option<u64>,
    /// Seed, instead of the scenario's `seed`.
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads [default: every core]. Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Print nothing but errors.
    #[arg(long)]
    quiet: bool,
    /// CSV flavour: rfc4180 (comma, decimal point) or excel-fr (semicolon, decimal comma,
    /// UTF-8 with BOM: opens with a double-click in French Excel and LibreOffice).
    #[arg(long, value_enum, default_value = "rfc4180")]
    csv: crate::frames::CsvStyle,
    /// Also write games.csv: the first N games of each arm, one row each (seed, winner, turns...).
    #[arg(long, value_name = "N")]
    games_csv: Option<u64>,
    /// Language of charts, report and column labels [default: the scenario's `lang`, else en].
    #[arg(long, value_enum)]
    lang: Option<crate::lang::Lang>,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// Variant to play.
    #[arg(long, default_value = "tejon")]
    variant: String,
    /// Number of games.
    #[arg(long, default_value_t = 1_000_000)]
    games: u64,
    /// Worker threads [default: every core].
    #[arg(long)]
    threads: Option<usize>,
    /// White's strategy (as in `play --white`).
    #[arg(long, default_value = "random")]
    white: String,
    /// Black's strategy.
    #[arg(long, default_value = "random")]
    black: String,
}

/// Which variant and which overrides of its options.
#[derive(Args, Debug)]
struct VariantArgs {
    /// Variant id (see `senet-sim variants`).
    #[arg(long, default_value = "tejon")]
    variant: String,
    /// TOML file of rule options overriding the variant's (keys as in docs/rules.md).
    #[arg(long, value_name = "FILE")]
    rules: Option<PathBuf>,
    /// One rule option override, KEY=VALUE with a TOML value (e.g. `--set protection=false`).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
}

impl VariantArgs {
    fn rules(&self) -> Result<Rules> {
        let mut table = toml::Table::new();
        if let Some(path) = &self.rules {
            let text = std::fs::read_to_string(path)
                .map_err(|e| InputError(format!("--rules {}: {e}", path.display())))?;
            table = toml::from_str(&text)
                .map_err(|e| InputError(format!("--rules {}: {}", path.display(), e.message())))?;
        }
        for kv in &self.set {
            let parsed: toml::Table = toml::from_str(kv).map_err(|_| {
                InputError(format!(
                    "--set '{kv}': expected KEY=VALUE with a TOML value"
                ))
            })?;
            table.extend(parsed);
        }
        senet_simulation::scenario::rules_with_overrides(&self.variant, &table)
            .map_err(|e| InputError(format!("--variant {}: {e}", self.variant)).into())
    }
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum SideArg {
    White,
    Black,
}

#[derive(Args, Debug)]
struct MovesArgs {
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
    #[arg(long, default_value_t = 0)]
    forced: u8,
    /// Print one JSON array instead of a readable list.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct DeviceArgs {
    /// Throwing device: sticks, coins or die (default: the variant's own: coins for kendall and
    /// tejon, sticks elsewhere).
    #[arg(long)]
    device: Option<String>,
    /// Probability that one stick shows its marked face (sticks only).
    #[arg(long)]
    p_marked: Option<f64>,
}

impl DeviceArgs {
    fn device(&self, variant: &str) -> Result<Device> {
        let kind = self.device.clone().unwrap_or_else(|| match variant {
            "kendall" | "tejon" => "coins".into(),
            _ => "sticks".into(),
        });
        if self.p_marked.is_some() && kind != "sticks" {
            return bad(format!(
                "--p-marked applies to sticks only, not to --device {kind}"
            ));
        }
        Device::parse(&kind, self.p_marked).map_err(|e| InputError(format!("--device: {e}")).into())
    }
}

#[derive(Args, Debug)]
struct PlayArgs {
    #[command(flatten)]
    variant: VariantArgs,
    #[command(flatten)]
    device: DeviceArgs,
    /// Seed of the game: the same seed replays the same game on any machine.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// White's strategy: random, front, back, heuristic[:KEY=W,...], expectimax:D, rollout:N.
    #[arg(long, default_value = "random")]
    white: String,
    /// Black's strategy (the same names as --white).
    #[arg(long, default_value = "random")]
    black: String,
    /// Print JSON lines (one per throw, then the result) instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct ThrowsArgs {
    #[command(flatten)]
    device: DeviceArgs,
    /// Number of throws.
    #[arg(long, default_value_t = 1000)]
    count: u64,
    /// Seed of the throws.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Variant whose table turns marked faces into values.
    #[arg(long, default_value = "tejon")]
    variant: String,
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Result<()> {
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    match cli.command {
        Command::Run(a) => {
            let out_dir = crate::report::run(&crate::report::RunOptions {
                scenario: a.scenario,
                out: a.out,
                games: a.games,
                seed: a.seed,
                threads: a.threads,
                quiet: a.quiet,
                csv: a.csv,
                games_csv: a.games_csv,
                lang: a.lang,
            })?;
            if !a.quiet {
                writeln!(out, "{}", out_dir.join("report.md").display())?;
            }
        }
        Command::Bench(a) => crate::report::bench(
            &a.variant,
            [&a.white, &a.black],
            a.games,
            a.threads,
            &mut out,
        )?,
        Command::Variants => {
            for v in VARIANTS {
                writeln!(
                    out,
                    "{:<12} {}\n{:<12} source: {}",
                    v.id, v.summary, "", v.source
                )?;
            }
        }
        Command::Moves(a) => moves(&a, &mut out)?,
        Command::Play(a) => play(&a, &mut out)?,
        Command::Throws(a) => throws(&a, &mut out)?,
    }
    out.flush()?;
    Ok(())
}

fn parse_squares(flag: &str, text: &str) -> Result<Vec<u8>> {
    let mut list = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let s: u8 = part
            .parse()
            .map_err(|_| InputError(format!("--{flag}: '{part}' is not a square number")))?;
        if !(1..=30).contains(&s) {
            return bad(format!("--{flag}: square {s} is outside 1-30"));
        }
        if list.contains(&s) {
            return bad(format!("--{flag}: square {s} is listed twice"));
        }
        list.push(s);
    }
    Ok(list)
}

fn position_from(a: &MovesArgs, rules: &Rules) -> Result<Position> {
    let white = parse_squares("white", &a.white)?;
    let black = parse_squares("black", &a.black)?;
    if let Some(s) = white.iter().find(|s| black.contains(s)) {
        return bad(format!("square {s} is listed for both --white and --black"));
    }
    for (flag, list, waiting) in [
        ("white", &white, a.white_waiting),
        ("black", &black, a.black_waiting),
    ] {
        if list.len() + waiting as usize > rules.pawns as usize {
            return bad(format!("--{flag}: {} pawns on the board and {waiting} waiting, but the variant has {} per side", list.len(), rules.pawns));
        }
    }
    if a.forced > 30 {
        return bad(format!("--forced: square {} is outside 1-30", a.forced));
    }
    let to_move = match a.to_move {
        SideArg::White => Side::White,
        SideArg::Black => Side::Black,
    };
    let mut pos = Position::new(
        bits_of(&white).unwrap_or(0),
        bits_of(&black).unwrap_or(0),
        to_move,
    );
    pos.waiting = [a.white_waiting, a.black_waiting];
    pos.forced = a.forced;
    Ok(pos)
}

fn check_throw(rules: &Rules, variant: &str, value: u8) -> Result<()> {
    if !rules.possible_values().contains(&value) {
        return bad(format!(
            "--throw {value}: variant {variant} only throws {:?}",
            rules.possible_values()
        ));
    }
    Ok(())
}

fn flag_names(mv: &Move) -> Vec<&'static str> {
    [
        (flags::BACKWARD, "backward"),
        (flags::CAPTURE, "capture"),
        (flags::WATER, "water"),
        (flags::EXIT, "exit"),
        (flags::ENTRY, "entry"),
        (flags::REPLAY, "replay"),
        (flags::STAY, "stay"),
        (flags::RETHROW, "re-throw"),
        (flags::KEEP, "keep the points"),
        (flags::BOUNCE, "taken refuge: moved back"),
    ]
    .into_iter()
    .filter(|(f, _)| mv.has(*f))
    .map(|(_, n)| n)
    .collect()
}

fn move_json(mv: &Move) -> serde_json::Value {
    json!({
        "from": mv.from,
        "to": mv.to,
        "flags": flag_names(mv),
        "residual": mv.residual,
        "white": squares(mv.after.side(Side::White)).collect::<Vec<_>>(),
        "black": squares(mv.after.side(Side::Black)).collect::<Vec<_>>(),
    })
}

fn describe(mv: &Move) -> String {
    if mv.has(flags::RETHROW) {
        return "throw the 1 again (re-throw)".to_string();
    }
    if mv.has(flags::KEEP) {
        return "keep the points (play nothing)".to_string();
    }
    let from = if mv.from == ENTRY {
        "enter".to_string()
    } else {
        mv.from.to_string()
    };
    let to = match mv.to {
        OFF => "off".to_string(),
        ENTRY => "waiting (restart)".to_string(),
        t => t.to_string(),
    };
    let extra = flag_names(mv);
    if extra.is_empty() {
        format!("{from} -> {to}")
    } else {
        format!("{from} -> {to} ({})", extra.join(", "))
    }
}

/// A position on one line: "W 1,3,5 | B 2,4" ("-" for a side with no pawn on the board), and
/// the waiting pawns when there are any.
fn board_line(p: &Position) -> String {
    let list = |side| {
        let v: Vec<String> = squares(p.side(side)).map(|s| s.to_string()).collect();
        if v.is_empty() {
            "-".to_string()
        } else {
            v.join(",")
        }
    };
    let mut line = format!("W {} | B {}", list(Side::White), list(Side::Black));
    if p.waiting != [0, 0] {
        line += &format!(" | waiting W {} B {}", p.waiting[0], p.waiting[1]);
    }
    line
}

fn moves(a: &MovesArgs, out: &mut impl Write) -> Result<()> {
    let rules = a.variant.rules()?;
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
            check_throw(&rules, &a.variant.variant, value)?;
            legal_moves_into(&rules, &pos, value, &mut list);
            ("throw", value)
        }
        (None, None) => return bad("give --throw N or --residual N"),
    };
    if a.json {
        let arr: Vec<_> = list.iter().map(move_json).collect();
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
    writeln!(out, "{} to move, {what} {value}:", pos.to_move)?;
    if list.is_empty() && a.residual.is_some() {
        writeln!(out, "  no legal move: the points are lost")?;
    } else if list.is_empty() {
        writeln!(out, "  no legal move: the turn passes")?;
    }
    for mv in &list {
        writeln!(out, "  {}", describe(mv))?;
    }
    Ok(())
}

/// Prints a game throw by throw, as text or JSON lines.
struct Printer<'a, W: Write> {
    out: &'a mut W,
    json: bool,
    turn: u32,
    last_side: Option<Side>,
    last: Option<Position>,
    error: Option<std::io::Error>,
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
        self.line("throws", side, value, chosen, after);
    }
    fn on_residual(&mut self, side: Side, points: u8, chosen: Option<&Move>, after: &Position) {
        self.line("plays residual", side, points, chosen, after);
    }
    fn on_opening_throw(&mut self, value: u8) {
        let r = if self.json {
            writeln!(
                self.out,
                "{}",
                json!({"turn": 0, "kind": "opening throw-off", "throw": value})
            )
        } else {
            writeln!(self.out, "opening throw-off: {value}")
        };
        if let Err(e) = r {
            self.error.get_or_insert(e);
        }
    }
    fn on_free_exit(&mut self, side: Side, after: &Position) {
        self.last_side = None;
        let mv = Move {
            from: 30,
            to: OFF,
            flags: flags::EXIT,
            residual: 0,
            after: *after,
        };
        self.line(
            "bears off from 30 without throwing",
            side,
            0,
            Some(&mv),
            after,
        );
    }
}

fn play(a: &PlayArgs, out: &mut impl Write) -> Result<()> {
    let rules = a.variant.rules()?;
    let device = a.device.device(&a.variant.variant)?;
    let mut strategies = [
        strategy_by_name(&a.white, &rules, &device)
            .map_err(|e| InputError(format!("--white: {e}")))?,
        strategy_by_name(&a.black, &rules, &device)
            .map_err(|e| InputError(format!("--black: {e}")))?,
    ];
    let seed = game_seed(a.seed, 0, 0);
    let mut thrower = SeededThrower::new(&device, seed);
    let mut decisions = stream(seed, 2);
    let mut printer = Printer {
        out,
        json: a.json,
        turn: 0,
        last_side: None,
        last: None,
        error: None,
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
    let points = match (summary.winner, printer.last) {
        (Some(w), Some(last)) => series_points(&rules, &last, w.other()),
        _ => 0,
    };
    write_result(a, &summary, points, out)
}

fn write_result(a: &PlayArgs, s: &GameSummary, points: u32, out: &mut impl Write) -> Result<()> {
    let winner = s
        .winner
        .map(Side::name)
        .unwrap_or("none (unfinished: turn cap reached)");
    if a.json {
        let line = json!({
            "result": if s.winner.is_some() { "finished" } else { "unfinished" },
            "winner": s.winner, "first": s.first, "turns": s.turns, "throws": s.throws, "moves": s.moves,
            "captures": s.captures, "backward": s.backward, "passes": s.passes, "water": s.water,
            "series_points": points, "variant": a.variant.variant, "seed": a.seed,
        });
        writeln!(out, "{line}")?;
    } else {
        writeln!(out, "winner: {winner} after {} turns, {} throws, {} moves ({} captures, {} backward, {} passes, {} in the water)", s.turns, s.throws, s.moves, s.captures, s.backward, s.passes, s.water)?;
        if s.winner.is_some() && a.variant.variant == "kendall" {
            writeln!(
                out,
                "series points for the winner (kendall's rule 10): {points}"
            )?;
        }
    }
    Ok(())
}

fn throws(a: &ThrowsArgs, out: &mut impl Write) -> Result<()> {
    let rules = Rules::preset(&a.variant).map_err(|e| InputError(format!("--variant: {e}")))?;
    let device = a.device.device(&a.variant)?;
    if a.count == 0 {
        return bad("--count must be at least 1");
    }
    let mut thrower = SeededThrower::new(&device, game_seed(a.seed, 0, 0));
    let mut counts = [0u64; 7];
    for _ in 0..a.count {
        counts[rules.throw_values[thrower.throw_marked() as usize] as usize] += 1;
    }
    let n = a.count as f64;
    writeln!(
        out,
        "{} throws of {device} with the {} table, seed {}",
        a.count, a.variant, a.seed
    )
    .context("writing")?;
    writeln!(
        out,
        "{:>5} {:>10} {:>10} {:>10} {:>8}",
        "value", "count", "frequency", "theory", "z"
    )?;
    for (value, p) in value_distribution(&rules, &device) {
        let c = counts[value as usize];
        let se = (p * (1.0 - p) / n).sqrt();
        let z = if se > 0.0 {
            (c as f64 / n - p) / se
        } else {
            0.0
        };
        writeln!(
            out,
            "{value:>5} {c:>10} {:>10.6} {p:>10.6} {z:>8.2}",
            c as f64 / n
        )?;
    }
    Ok(())
}
