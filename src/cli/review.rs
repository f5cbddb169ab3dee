//! `senet-sim review`: one seeded game replayed with a solved table, white's exact chance of
//! winning after every throw and each decision graded; a chart of the chance over the game.

use super::args::{DeviceArgs, GameArgs, VariantArgs};
use crate::error::InputError;
use crate::lang::Lang;
use anyhow::{Context, Result};
use clap::Args;
use senet_engine::board::Side;
use senet_engine::movegen::Move;
use senet_engine::rules::Rules;
use senet_engine::solve::index::MAX_SOLVED_PAWNS;
use senet_engine::strategy::spec::StrategySpec;
use senet_engine::throws::seed_hex;
use senet_engine::throws::Device;
use senet_engine::variants::Variant;
use senet_simulation::exact::review::{review as replay, totals, Grade, SideTotals, Step};
use senet_tables::describe::{describe, describe_fr};
use senet_tables::record::{rules_hash, throw_line, Record};
use senet_tables::write::CsvStyle;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `senet-sim review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    #[command(flatten)]
    variant: VariantArgs,
    #[command(flatten)]
    device: DeviceArgs,
    /// Pawns a side (1 or 2 are solved on the spot; 3 or 4 need --table).
    #[arg(long, default_value_t = 2)]
    pawns: u8,
    /// A table of `senet-sim solve` for these rules (default: solved on the spot).
    #[arg(long, value_name = "FILE")]
    table: Option<PathBuf>,
    #[command(flatten)]
    game: GameArgs,
    /// Folder of the chart and review.csv (default: reviews/VARIANT-PAWNS-SEED).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Language of the text and the chart: en or fr.
    #[arg(long, value_enum, default_value_t = Lang::En)]
    lang: Lang,
    /// A game record (`play --record`, or a review's game.txt) to review: its headers give the
    /// variant, pawns, device, seed and players, and its throws must be the replay's
    /// (docs/records.md).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["variant", "device", "p_marked", "pawns", "seed", "game_seed", "white", "black"])]
    record: Option<PathBuf>,
}

/// One game to review: its rules, device, seed and players, the table, where and in which
/// language the review goes.
pub struct Game<'a> {
    /// The variant (named in the folder and the chart).
    pub variant: Variant,
    /// Its rules, pawns included.
    pub rules: Rules,
    /// The throwing device.
    pub device: Device,
    /// A table of `senet-sim solve` (default: solved on the spot).
    pub table: Option<&'a Path>,
    /// The game's seed.
    pub seed: u64,
    /// White's and black's strategies.
    pub players: [&'a StrategySpec; 2],
    /// The folder (default: reviews/VARIANT-PAWNS-SEED).
    pub out: Option<PathBuf>,
    /// The language of the text and the chart.
    pub lang: Lang,
    /// A record the replay must match, and its file (`review --record`).
    pub expect: Option<(&'a Record, &'a Path)>,
}

/// Replays the game, prints it graded, writes review.csv and the chart; returns the folder.
pub fn review(a: &ReviewArgs, out: &mut impl Write) -> Result<PathBuf> {
    if let Some(file) = &a.record {
        return review_record(a, file, out);
    }
    let senet_simulation::input::rulefile::Game {
        variant,
        rules,
        device,
    } = a.variant.game(&a.device)?;
    let rules = rules
        .with(|r| r.pawns = a.pawns)
        .map_err(|e| InputError(format!("--pawns: {e}")))?;
    let game = Game {
        variant,
        rules,
        device,
        table: a.table.as_deref(),
        seed: a.game.game_seed(),
        players: a.game.players(),
        out: a.out.clone(),
        lang: a.lang,
        expect: None,
    };
    review_game(&game, out)
}

/// `review --record FILE`: the game its headers give (the variant's preset, or --rules and
/// --set), checked against its rules hash, replayed and reviewed.
fn review_record(a: &ReviewArgs, file: &Path, out: &mut impl Write) -> Result<PathBuf> {
    let at = |why: String| InputError(format!("{}: {why}", file.display()));
    let text = senet_simulation::input::read_text(file, senet_simulation::input::MAX_TEXT)
        .map_err(|e| at(e.to_string()))?;
    let rec = Record::parse(&text).map_err(|e| at(e.to_string()))?;
    let variant: Variant =
        (rec.variant.parse()).map_err(|e| at(format!("header 'Variant': {e}")))?;
    let base = match a.variant.given() {
        true => a.variant.game(&a.device)?,
        false => senet_simulation::input::rulefile::Game {
            variant,
            device: rec.device,
            rules: variant.rules(),
        },
    };
    let rules = (base.rules)
        .with(|r| r.pawns = rec.pawns)
        .map_err(|e| at(format!("header 'Pawns': {e}")))?;
    let game = senet_simulation::input::rulefile::Game {
        variant: base.variant,
        device: rec.device,
        rules,
    };
    let hash = rules_hash(&game);
    if hash != rec.rules {
        return Err(at(format!(
            "header 'Rules': the record's rules are {}, but {} with {} pawns and {} are {hash}; give the game's rule file with --rules",
            rec.rules, game.variant, rec.pawns, rec.device
        ))
        .into());
    }
    let spec = |i: usize, key: &str| -> Result<StrategySpec> {
        (rec.players[i].parse()).map_err(|e| at(format!("header '{key}': {e}")).into())
    };
    let players = [spec(0, "White")?, spec(1, "Black")?];
    if rec.pawns > MAX_SOLVED_PAWNS {
        let replay = replay_command(a, &rec, base.rules.pawns);
        return Err(at(format!(
            "a review grades games of 1 to {MAX_SOLVED_PAWNS} pawns a side and this one has {}; `{replay}` plays it again",
            rec.pawns
        ))
        .into());
    }
    let g = Game {
        variant: game.variant,
        rules: game.rules,
        device: game.device,
        table: a.table.as_deref(),
        seed: rec.seed,
        players: [&players[0], &players[1]],
        out: a.out.clone(),
        lang: a.lang,
        expect: Some((&rec, file)),
    };
    review_game(&g, out)
}

/// The `play` command that replays the game of `rec` (whose rules, before its pawns, have
/// `pawns` a side).
fn replay_command(a: &ReviewArgs, rec: &Record, pawns: u8) -> String {
    let mut args = match a.variant.given() {
        true => a.variant.arguments(),
        false => vec!["--variant".to_string(), rec.variant.clone()],
    };
    if pawns != rec.pawns {
        args.push(format!("--set pawns={}", rec.pawns));
    }
    args.push(format!("--device {}", rec.device.kind()));
    if let Device::Sticks { p_marked } = rec.device {
        args.push(format!("--p-marked {p_marked}"));
    }
    format!(
        "senet-sim play {} --game-seed {} --white {} --black {}",
        args.join(" "),
        seed_hex(rec.seed),
        rec.players[0],
        rec.players[1]
    )
}

/// The record of a reviewed game.
fn record_of(g: &Game, steps: &[Step], winner: Option<Side>) -> Record {
    let game = senet_simulation::input::rulefile::Game {
        variant: g.variant,
        device: g.device,
        rules: g.rules.clone(),
    };
    let throws = (steps.iter())
        .map(|s| throw_line(s.side, s.throw, s.played.as_ref()))
        .collect();
    let notes = steps.iter().map(note).collect();
    Record::new(
        &game,
        g.seed,
        g.players.map(|p| p.to_string()),
        winner,
        throws,
    )
    .with_program(&crate::program::PROGRAM.identity())
    .with_notes(notes)
}

/// A throw's analysis in the record (`docs/records.md`): white's chance after it, the luck
/// (the thrower's), and the grade of a choice with the chance it gave away and the best move.
fn note(s: &Step) -> String {
    let l = Lang::En;
    let mut n = format!(
        "white {}, luck {}",
        l.pct_with(s.white_chance, 1),
        signed_pct(s.luck, l)
    );
    if let Some((best, loss)) = s.graded {
        let g = Grade::of(loss);
        n += &format!(
            ", {}{}",
            g.name(),
            if g.mark().is_empty() {
                String::new()
            } else {
                format!(" {}", g.mark())
            }
        );
        if g != Grade::Best {
            n += &format!(", loses {} (best {})", l.pct_with(loss, 1), describe(&best));
        }
    }
    n
}

/// Reviews `g`: the game printed graded, review.csv, review.html and the chart written;
/// returns the folder.
pub fn review_game(g: &Game, out: &mut impl Write) -> Result<PathBuf> {
    let (variant, rules, device, seed) = (g.variant, &g.rules, &g.device, g.seed);
    let table = g.table.map(|f| f.display().to_string());
    let mut tables = senet_simulation::players::Tables::new();
    let cancel = senet_simulation::cancel::Cancel::new();
    let solution = tables
        .optimal(table.as_deref(), variant, rules, device, &cancel)
        .map_err(|e| match e {
            // review takes its table with --table, not a strategy's 'optimal:DIR/table.senet'.
            senet_simulation::exact::solve::SolveError::NeedsTable { variant, pawns } => {
                InputError(format!(
                    "--pawns {pawns}: a game of {pawns} pawns a side is reviewed with a saved table: run `senet-sim solve --variant {variant} --pawns {pawns} --out DIR`, then add --table DIR/table.senet"
                ))
            }
            e => InputError(format!("--pawns {}: {}", rules.pawns, senet_engine::Chain(&e))),
        })?;
    let mut ready = |spec: &StrategySpec, flag: &str| -> Result<_> {
        let player = tables
            .resolve(spec, variant, rules, device, &cancel)
            .map_err(|e| InputError(format!("{flag}: {}", senet_engine::Chain(&e))))?;
        Ok(player.build(rules, device))
    };
    let players = [
        ready(g.players[0], "--white")?,
        ready(g.players[1], "--black")?,
    ];
    let game = senet_simulation::input::rulefile::Game {
        variant,
        device: *device,
        rules: rules.clone(),
    };
    writeln!(
        out,
        "{}",
        super::args::header(&game, Some(seed), &g.players)
    )?;
    let (steps, summary) = replay(&solution, device, players, seed);
    let record = record_of(g, &steps, summary.winner);
    if let Some((expected, file)) = g.expect {
        if let Some((k, said, played)) = expected.first_difference(&record.throws) {
            return Err(InputError(format!(
                "{}: throw {k}: the record says '{said}', the replay of its headers plays '{played}'",
                file.display()
            ))
            .into());
        }
        if expected.result != record.result {
            let said = |r: Option<Side>| r.map_or("none", Side::name);
            return Err(InputError(format!(
                "{}: Result: the record says '{}', the replay of its throws ends '{}'",
                file.display(),
                said(expected.result),
                said(record.result)
            ))
            .into());
        }
    }
    for (k, s) in steps.iter().enumerate() {
        writeln!(out, "{}", line(k + 1, s, g.lang))?;
    }
    let fr = g.lang == Lang::Fr;
    for (side, t) in [Side::White, Side::Black].iter().zip(totals(&steps)) {
        writeln!(out, "{}", side_totals(*side, &t, g.lang))?;
    }
    let keys = senet_report::review::key_moves(&steps, 3);
    if !keys.is_empty() {
        let list: Vec<String> = keys.iter().map(|k| (k + 1).to_string()).collect();
        let said = if fr {
            "coups décisifs : lancers"
        } else {
            "key moves: throws"
        };
        writeln!(out, "{said} {}", list.join(", "))?;
    }
    let winner = match (summary.winner, fr) {
        (Some(w), _) => side_name(w, fr),
        (None, true) if summary.draw => "aucun (partie nulle)",
        (None, false) if summary.draw => "none (a draw)",
        (None, true) => "aucun (arrêtée par la limite de tours)",
        (None, false) => "none (stopped by the turn cap)",
    };
    // The throw-off's last throw (the first 1) is also the first throw played.
    let opening = match (summary.opening.saturating_sub(1), fr) {
        (0, _) => String::new(),
        (n, true) => format!(" (et {n} avant, pour savoir qui commence)"),
        (n, false) => format!(" (and {n} before, to decide who starts)"),
    };
    writeln!(
        out,
        "{} {winner}, {} {}{opening}",
        if fr { "vainqueur :" } else { "winner:" },
        steps.len(),
        if fr { "lancers" } else { "throws" }
    )?;
    let dir = (g.out.clone()).unwrap_or_else(|| {
        PathBuf::from(format!(
            "reviews/{variant}-{}-{}",
            rules.pawns,
            seed_hex(seed)
        ))
    });
    crate::config::check_out(&dir)?;
    // Written into a temporary folder renamed into place, as every report.
    let staging = crate::staging::Staging::create(&dir)?;
    write_csv(&staging.dir, &steps, g.lang)?;
    std::fs::write(staging.dir.join("game.txt"), record.to_text()).context("writing game.txt")?;
    let mut canvas = senet_report::charts::Canvas::new(staging.dir.clone())?;
    senet_report::charts::review::draw(&mut canvas, &steps, &variant.to_string(), g.lang)?;
    let header = super::args::header(&game, Some(seed), &g.players);
    let svg = canvas.svgs().values().next().map(String::as_str);
    let page = senet_report::review::page(header.trim_start_matches("# "), &steps, svg, g.lang);
    std::fs::write(staging.dir.join("review.html"), page).context("writing review.html")?;
    staging.commit()?;
    writeln!(out, "{}", dir.join("review.png").display())?;
    Ok(dir)
}

/// One throw as text: who threw what, the move, white's chance after it, and the grade.
fn line(k: usize, s: &Step, l: Lang) -> String {
    let fr = l == Lang::Fr;
    let say = |m: &Move| if fr { describe_fr(m) } else { describe(m) };
    let what = s.played.as_ref().map_or_else(
        || (if fr { "aucun coup" } else { "no legal move" }).to_string(),
        say,
    );
    let grade = match s.graded {
        None => String::new(),
        Some((_, loss)) if loss <= 1e-6 => (if fr { "  meilleur coup" } else { "  best" }).into(),
        Some((best, loss)) => {
            let g = Grade::of(loss);
            format!(
                "  {}{} {} {} ({} {})",
                if fr { g.name_fr() } else { g.name() },
                if g.mark().is_empty() {
                    String::new()
                } else {
                    format!(" {}", g.mark())
                },
                if fr { "perd" } else { "loses" },
                l.pct_with(loss, 1),
                if fr { "meilleur :" } else { "best:" },
                say(&best)
            )
        }
    };
    let side = side_name(s.side, fr);
    let luck = signed_pct(s.luck, l);
    format!(
        "{k:>4} {side:<6} {}: {what:<28} {} {} ({} {luck}){grade}",
        s.throw,
        if fr {
            "chance des blancs"
        } else {
            "white's chance"
        },
        l.pct_with(s.white_chance, 1),
        if fr { "chance au lancer" } else { "luck" },
    )
}

/// A side's luck, errors, accuracy and rating over the game.
fn side_totals(side: Side, t: &SideTotals, l: Lang) -> String {
    let fr = l == Lang::Fr;
    let accuracy = t.accuracy().map_or("-".to_string(), |a| l.pct_with(a, 0));
    let signed = |x: f64| signed_pct(x, l);
    let rating = t.rating().map_or("-".to_string(), |(r, (lo, hi))| {
        format!("{} [{}, {}]", l.num(r, 1), l.num(lo, 1), l.num(hi, 1))
    });
    if fr {
        format!(
            "{} : chance aux lancers {}, erreurs {}, meilleur coup {} ({} décisions), note (PR) {rating}",
            side_name(side, true),
            signed(t.luck),
            l.pct_with(t.error, 1),
            accuracy,
            t.decisions
        )
    } else {
        format!(
            "{}: luck {}, errors {}, best move {} ({} decisions), rating (PR) {rating}",
            side_name(side, false),
            signed(t.luck),
            l.pct_with(t.error, 1),
            accuracy,
            t.decisions
        )
    }
}

/// A change of chance as a signed percentage to 0.1 (`+1.4%`, `-3.2%`, `+0.0%` for a change
/// that rounds to nothing).
fn signed_pct(x: f64, l: Lang) -> String {
    // Rounded first, so that -0.00004 is written +0.0%, not -0.0%.
    let x = (x * 1000.0).round() / 1000.0 + 0.0;
    format!("{}{}", if x >= 0.0 { "+" } else { "" }, l.pct_with(x, 1))
}

/// A side's name: `white`, or `blancs` in French.
fn side_name(side: Side, fr: bool) -> &'static str {
    match (side, fr) {
        (Side::White, true) => "blancs",
        (Side::Black, true) => "noirs",
        (side, false) => side.name(),
    }
}

/// review.csv: one row per throw ([`senet_tables::review::frame`]), in the language's CSV
/// dialect.
fn write_csv(dir: &std::path::Path, steps: &[Step], l: Lang) -> Result<()> {
    let df = senet_tables::review::frame(steps)?;
    senet_tables::write::write_csv(&df, &dir.join("review.csv"), CsvStyle::default_for(l), l)
        .map_err(Into::into)
}
