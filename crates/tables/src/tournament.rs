//! A tournament's tables: `tournament.csv` (a row per seating), `ranking.csv` (by rating),
//! `luck.csv` (duplicate pairs decided by the strategies or by the throws) and `ladder.csv`
//! (the steps of skill ladders).

use crate::frames::col;
use crate::TablesError;
use polars::prelude::DataFrame;
use senet_simulation::input::rulefile::{hash as rule_hash, to_text};
use senet_simulation::play::ladder::{skill_trace, steps, Step};
use senet_simulation::play::stats::wilson95;
use senet_simulation::play::tournament::{row_rate, TournamentResult};

/// `tournament.csv`: one row per seating (white strategy, black strategy); the `row_` columns
/// give the white column's strategy's results over the whole pairing, both seatings.
pub fn tournament(results: &[TournamentResult]) -> Result<DataFrame, TablesError> {
    let mut t = Vec::new();
    let (mut variant, mut device, mut white, mut black) = (vec![], vec![], vec![], vec![]);
    let mut hash = vec![];
    let (mut games, mut ww, mut bw, mut unf, mut turns) = (vec![], vec![], vec![], vec![], vec![]);
    let mut draws = vec![];
    let (mut rg, mut rw, mut rr, mut lo, mut hi) = (vec![], vec![], vec![], vec![], vec![]);
    for r in results {
        for p in &r.pairings {
            for (w, b, s) in [(p.a, p.b, &p.a_white), (p.b, p.a, &p.b_white)] {
                let (wins, g, rate, l, h) = row_rate(&r.pairings, w, b).expect("a pairing");
                t.push(r.tournament.name.clone());
                variant.push(r.tournament.variant.to_string());
                device.push(r.tournament.device.to_string());
                hash.push(rule_hash(&to_text(&r.tournament.game())));
                white.push(r.name(w).to_string());
                black.push(r.name(b).to_string());
                games.push(s.games);
                ww.push(s.white_wins);
                bw.push(s.black_wins);
                unf.push(s.unfinished);
                draws.push(s.draws);
                turns.push(s.turns as f64 / s.games.max(1) as f64);
                rg.push(g);
                rw.push(wins);
                rr.push(rate);
                lo.push(l);
                hi.push(h);
            }
        }
    }
    // Draws exist only under an end that can draw (`end = "all-out"`, Ludii's Jéquier).
    let scored =
        results.iter().any(|r| r.tournament.rules.end.can_draw()) || draws.iter().any(|&d| d > 0);
    let mut columns = vec![
        col("tournament", t),
        col("variant", variant),
        col("device", device),
        col("rules_hash", hash),
        col("white", white),
        col("black", black),
        col("games", games),
        col("white_wins", ww),
        col("black_wins", bw),
        col("unfinished", unf),
        col("mean_turns", turns),
        col("row_games", rg),
        col("row_wins", rw),
        col("row_win_rate", rr),
        col("row_low95", lo),
        col("row_high95", hi),
    ];
    if scored {
        columns.insert(10, col("draws", draws));
    }
    Ok(DataFrame::new_infer_height(columns)?)
}

/// `ranking.csv`: strategies by rating.
pub fn ranking(results: &[TournamentResult]) -> Result<DataFrame, TablesError> {
    let (mut t, mut rank, mut name, mut elo, mut se) = (vec![], vec![], vec![], vec![], vec![]);
    let (mut games, mut wins, mut score) = (vec![], vec![], vec![]);
    for r in results {
        for (k, &i) in r.ranked().iter().enumerate() {
            let x = &r.ratings[i];
            t.push(r.tournament.name.clone());
            rank.push(k as u32 + 1);
            name.push(r.name(i).to_string());
            elo.push(x.elo);
            se.push(x.se);
            games.push(x.games);
            wins.push(x.wins);
            score.push(x.score);
        }
    }
    Ok(DataFrame::new_infer_height(vec![
        col("tournament", t),
        col("rank", rank),
        col("strategy", name),
        col("elo", elo),
        col("elo_se", se),
        col("games", games),
        col("wins", wins),
        col("score", score),
    ])?)
}

/// `luck.csv`: per pairing, the duplicate pairs decided by the strategies and by the throws.
pub fn luck(results: &[TournamentResult]) -> Result<DataFrame, TablesError> {
    let (mut t, mut a, mut b, mut pairs) = (vec![], vec![], vec![], vec![]);
    let (mut by_s, mut by_t, mut inc, mut share_s, mut share_t) =
        (vec![], vec![], vec![], vec![], vec![]);
    let mut bounds: [Vec<f64>; 4] = Default::default();
    for r in results {
        for p in &r.pairings {
            let n = p.same_strategy + p.same_colour + p.incomplete;
            t.push(r.tournament.name.clone());
            a.push(r.name(p.a).to_string());
            b.push(r.name(p.b).to_string());
            pairs.push(n);
            by_s.push(p.same_strategy);
            by_t.push(p.same_colour);
            inc.push(p.incomplete);
            share_s.push(p.same_strategy as f64 / n.max(1) as f64);
            share_t.push(p.same_colour as f64 / n.max(1) as f64);
            let (s_lo, s_hi) = wilson95(p.same_strategy, n);
            let (t_lo, t_hi) = wilson95(p.same_colour, n);
            for (k, v) in [s_lo, s_hi, t_lo, t_hi].into_iter().enumerate() {
                bounds[k].push(v);
            }
        }
    }
    let [s_lo, s_hi, t_lo, t_hi] = bounds;
    Ok(DataFrame::new_infer_height(vec![
        col("tournament", t),
        col("strategy_a", a),
        col("strategy_b", b),
        col("duplicate_pairs", pairs),
        col("decided_by_strategies", by_s),
        col("decided_by_throws", by_t),
        col("incomplete", inc),
        col("share_by_strategies", share_s),
        col("share_by_throws", share_t),
        col("share_by_strategies_lo95", s_lo),
        col("share_by_strategies_hi95", s_hi),
        col("share_by_throws_lo95", t_lo),
        col("share_by_throws_hi95", t_hi),
    ])?)
}

/// `ladder.csv`: each step of each skill ladder, bottom first, with its tournament's SkillTrace.
pub fn ladder(results: &[TournamentResult]) -> Result<DataFrame, TablesError> {
    let (mut t, mut variant, mut step, mut stronger, mut weaker) =
        (vec![], vec![], vec![], vec![], vec![]);
    let (mut games, mut wins, mut rate, mut lo, mut hi) = (vec![], vec![], vec![], vec![], vec![]);
    let (mut utility, mut trace, mut halves) = (vec![], vec![], vec![]);
    for r in results {
        let Some(steps) = steps(r) else { continue };
        let utilities: Vec<f64> = steps.iter().map(Step::utility).collect();
        let skill = skill_trace(&utilities);
        for (k, s) in steps.iter().enumerate() {
            t.push(r.tournament.name.clone());
            variant.push(r.tournament.variant.to_string());
            step.push(k as u32 + 1);
            stronger.push(r.name(s.stronger).to_string());
            weaker.push(r.name(s.weaker).to_string());
            games.push(s.games);
            wins.push(s.wins);
            halves.push(s.halves);
            rate.push(s.rate);
            lo.push(s.interval.0);
            hi.push(s.interval.1);
            utility.push(s.utility());
            trace.push(skill);
        }
    }
    Ok(DataFrame::new_infer_height(vec![
        col("tournament", t),
        col("variant", variant),
        col("step", step),
        col("stronger", stronger),
        col("weaker", weaker),
        col("games", games),
        col("stronger_wins", wins),
        col("halves", halves),
        col("score", rate),
        col("low95", lo),
        col("high95", hi),
        col("utility", utility),
        col("skill_trace", trace),
    ])?)
}
