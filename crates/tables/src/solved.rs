//! What `senet-sim solve` found ([`Solved`]) and its tables: `solution.csv`, `losses.csv`,
//! `critical.csv`.

use crate::TablesError;
use polars::prelude::{Column, DataFrame};
use senet_engine::board::Side;
use senet_simulation::exact::judge::Decision;
use senet_simulation::exact::review::RATING;
use senet_simulation::input::rulefile::{hash, to_text};

pub use senet_simulation::exact::analysis::Solved;

/// `solution.csv`: the game, how solving went, the first mover's chances.
pub fn solution(s: &Solved) -> Result<DataFrame, TablesError> {
    let cols = vec![
        Column::new("variant".into(), vec![s.variant.to_string()]),
        Column::new("pawns".into(), vec![u32::from(s.rules.pawns)]),
        Column::new("device".into(), vec![s.device.kind().to_string()]),
        Column::new("positions".into(), vec![s.effort.positions]),
        Column::new("sweeps".into(), vec![s.effort.sweeps]),
        Column::new("last_change".into(), vec![s.effort.last_change]),
        Column::new("first_mover_optimal".into(), vec![s.start.0]),
        Column::new("first_mover_random".into(), vec![s.start.1]),
        Column::new("turns_optimal".into(), vec![s.lengths.0.map(|l| l.turns)]),
        Column::new("throws_optimal".into(), vec![s.lengths.0.map(|l| l.throws)]),
        Column::new("turns_random".into(), vec![s.lengths.1.map(|l| l.turns)]),
        Column::new("throws_random".into(), vec![s.lengths.1.map(|l| l.throws)]),
        Column::new(
            "luck_per_throw_optimal".into(),
            vec![s.lengths.0.map(|l| l.luck_per_throw)],
        ),
        Column::new(
            "luck_per_throw_random".into(),
            vec![s.lengths.1.map(|l| l.luck_per_throw)],
        ),
        Column::new(
            "unreached_optimal".into(),
            vec![(s.lengths.0).map(|l| 1.0 - l.reached as f64 / l.positions as f64)],
        ),
        Column::new("rules_hash".into(), vec![hash(&to_text(&s.game()))]),
        Column::new("seed".into(), vec![s.seed]),
    ];
    Ok(DataFrame::new_infer_height(cols)?)
}

/// `state_metrics.csv`: Ludii's `Drama`, `LeadChange` and `DecisivenessThreshold` with exact
/// values, one row a metric and kind of play.
pub fn state_metrics(s: &Solved) -> Result<DataFrame, TablesError> {
    let mut rows = Vec::new();
    for (play, m) in [("optimal", &s.state.0), ("random", &s.state.1)] {
        let Some(m) = m else { continue };
        for (metric, e) in m.named() {
            rows.push((play, metric, e.mean, e.se, m.games));
        }
    }
    let cols = vec![
        Column::new("play".into(), rows.iter().map(|r| r.0).collect::<Vec<_>>()),
        Column::new(
            "metric".into(),
            rows.iter().map(|r| r.1).collect::<Vec<_>>(),
        ),
        Column::new("value".into(), rows.iter().map(|r| r.2).collect::<Vec<_>>()),
        Column::new(
            "standard_error".into(),
            rows.iter().map(|r| r.3).collect::<Vec<_>>(),
        ),
        Column::new("games".into(), rows.iter().map(|r| r.4).collect::<Vec<_>>()),
    ];
    Ok(DataFrame::new_infer_height(cols)?)
}

/// `losses.csv`: each judged strategy's games, wins and losses against the table.
pub fn losses(s: &Solved) -> Result<DataFrame, TablesError> {
    let v = &s.verdicts;
    let cols = vec![
        Column::new(
            "strategy".into(),
            v.iter().map(|(k, _)| k.to_string()).collect::<Vec<_>>(),
        ),
        Column::new(
            "games".into(),
            v.iter().map(|(_, x)| x.games).collect::<Vec<_>>(),
        ),
        Column::new(
            "wins".into(),
            v.iter().map(|(_, x)| x.wins).collect::<Vec<_>>(),
        ),
        Column::new(
            "decisions".into(),
            v.iter().map(|(_, x)| x.decisions).collect::<Vec<_>>(),
        ),
        Column::new(
            "worse".into(),
            v.iter().map(|(_, x)| x.worse).collect::<Vec<_>>(),
        ),
        Column::new(
            "worse_share".into(),
            v.iter().map(|(_, x)| x.worse_share()).collect::<Vec<_>>(),
        ),
        Column::new(
            "mean_loss".into(),
            v.iter().map(|(_, x)| x.mean_loss()).collect::<Vec<_>>(),
        ),
        Column::new(
            "max_loss".into(),
            v.iter().map(|(_, x)| x.max_loss).collect::<Vec<_>>(),
        ),
        Column::new(
            "mean_loss_lo95".into(),
            v.iter()
                .map(|(_, x)| x.mean_loss_interval.0)
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "mean_loss_hi95".into(),
            v.iter()
                .map(|(_, x)| x.mean_loss_interval.1)
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "score".into(),
            v.iter().map(|(_, x)| x.score.0).collect::<Vec<_>>(),
        ),
        Column::new(
            "score_lo95".into(),
            v.iter().map(|(_, x)| x.score.1 .0).collect::<Vec<_>>(),
        ),
        Column::new(
            "score_hi95".into(),
            v.iter().map(|(_, x)| x.score.1 .1).collect::<Vec<_>>(),
        ),
        Column::new(
            "luck_adjusted".into(),
            v.iter().map(|(_, x)| x.luck_adjusted.0).collect::<Vec<_>>(),
        ),
        Column::new(
            "luck_adjusted_lo95".into(),
            v.iter()
                .map(|(_, x)| x.luck_adjusted.1 .0)
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "luck_adjusted_hi95".into(),
            v.iter()
                .map(|(_, x)| x.luck_adjusted.1 .1)
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "variance_ratio".into(),
            v.iter().map(|(_, x)| x.variance_ratio).collect::<Vec<_>>(),
        ),
        // eXtreme Gammon's PR: 500 × the mean equity lost a decision, 1,000 × the chance.
        Column::new(
            "rating".into(),
            v.iter()
                .map(|(_, x)| RATING * x.mean_loss())
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "rating_lo95".into(),
            v.iter()
                .map(|(_, x)| RATING * x.mean_loss_interval.0)
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "rating_hi95".into(),
            v.iter()
                .map(|(_, x)| RATING * x.mean_loss_interval.1)
                .collect::<Vec<_>>(),
        ),
    ];
    Ok(DataFrame::new_infer_height(cols)?)
}

/// `critical.csv`: the positions where the choice matters most.
pub fn critical(s: &Solved) -> Result<DataFrame, TablesError> {
    let c = &s.critical;
    let squares = |d: &Decision, side: Side| {
        d.pos
            .square_list(side)
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mv = |d: &Decision, i: usize| crate::describe::describe(&d.moves[i]);
    let cols = vec![
        Column::new("rank".into(), (1..=c.len() as u32).collect::<Vec<_>>()),
        Column::new(
            "to_move".into(),
            c.iter()
                .map(|d| d.pos.to_move().name().to_string())
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "white".into(),
            c.iter()
                .map(|d| squares(d, Side::White))
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "black".into(),
            c.iter()
                .map(|d| squares(d, Side::Black))
                .collect::<Vec<_>>(),
        ),
        Column::new(
            "throw".into(),
            c.iter().map(|d| u32::from(d.throw)).collect::<Vec<_>>(),
        ),
        Column::new(
            "best_move".into(),
            c.iter().map(|d| mv(d, d.best_move())).collect::<Vec<_>>(),
        ),
        Column::new(
            "best_value".into(),
            c.iter().map(Decision::best).collect::<Vec<_>>(),
        ),
        Column::new(
            "worst_move".into(),
            c.iter().map(|d| mv(d, d.worst_move())).collect::<Vec<_>>(),
        ),
        Column::new(
            "worst_value".into(),
            c.iter().map(Decision::worst).collect::<Vec<_>>(),
        ),
    ];
    Ok(DataFrame::new_infer_height(cols)?)
}
