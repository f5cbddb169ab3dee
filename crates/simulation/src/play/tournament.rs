//! Tournaments: every pair of strategies plays the same number of games, seats swapped.
//!
//! Games go in *duplicate pairs*: games 2k and 2k+1 of a pairing share one seed (the same throw
//! stream and decision stream) with the strategies in swapped seats, so the throws that favoured
//! white in one game favour the other strategy in the next. A pair won twice by the same
//! strategy was decided by the players; a pair won twice by the same colour was decided by the
//! throws (see `docs/luck-and-skill.md`).
//!
//! Ratings: a Bradley-Terry model fitted by maximum likelihood, on the Elo scale
//! (400 log10 of the strength ratio), with a standard error from the Fisher information.

use crate::play::stats::{wilson95, Combine};
use senet_engine::game::{play_game, Silent};
use senet_engine::rules::Rules;
use senet_engine::strategy::spec::{Player, StrategySpec};
use senet_engine::strategy::Strategy;
use senet_engine::throws::{game_seed, stream, Device, SeededThrower};
use senet_engine::variants::Variant;

/// A tournament: strategies, the game they play, games per pairing.
#[derive(Clone, Debug)]
pub struct Tournament<S = Player> {
    /// Name shown in outputs.
    pub name: String,
    /// The variant.
    pub variant: Variant,
    /// The rule set (the variant with overrides).
    pub rules: Rules,
    /// Throwing device.
    pub device: Device,
    /// The strategies, all distinct.
    pub strategies: Vec<S>,
    /// Games per pairing, even: half with each strategy as white.
    pub games: u64,
    /// A skill ladder: the strategies are listed weakest first and each plays only the next
    /// one ([`Tournament::pairs`]); the report shows each step ([`crate::play::ladder`]).
    pub ladder: bool,
}

impl<S> Tournament<S> {
    /// Its game: variant, device and rules (what its rule file writes).
    pub fn game(&self) -> crate::input::rulefile::Game {
        crate::input::rulefile::Game {
            variant: self.variant,
            device: self.device,
            rules: self.rules.clone(),
        }
    }
}

/// Results of one seating: `white` strategy against `black` strategy (indices).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Seating {
    /// Games played.
    pub games: u64,
    /// Won by white.
    pub white_wins: u64,
    /// Won by black.
    pub black_wins: u64,
    /// Stopped by the turn cap.
    pub unfinished: u64,
    /// Ended with equal scores (`end = "all-out"`).
    pub draws: u64,
    /// Turns summed over the games.
    pub turns: u64,
}

impl Seating {
    fn record(&mut self, s: &senet_engine::game::GameSummary) {
        self.games += 1;
        self.turns += u64::from(s.turns);
        match s.winner {
            Some(senet_engine::board::Side::White) => self.white_wins += 1,
            Some(senet_engine::board::Side::Black) => self.black_wins += 1,
            None if s.draw => self.draws += 1,
            None => self.unfinished += 1,
        }
    }
}

/// Results of one pairing of strategies `a` < `b`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pairing {
    /// Index of the first strategy.
    pub a: usize,
    /// Index of the second strategy.
    pub b: usize,
    /// Games with `a` white.
    pub a_white: Seating,
    /// Games with `b` white.
    pub b_white: Seating,
    /// Duplicate pairs won twice by the same strategy (decided by the players).
    pub same_strategy: u64,
    /// Duplicate pairs won twice by the same colour (decided by the throws).
    pub same_colour: u64,
    /// Duplicate pairs with an unfinished or drawn game.
    pub incomplete: u64,
}

impl Pairing {
    /// Games won by `a`.
    pub fn a_wins(&self) -> u64 {
        self.a_white.white_wins + self.b_white.black_wins
    }
    /// Games won by `b`.
    pub(crate) fn b_wins(&self) -> u64 {
        self.b_white.white_wins + self.a_white.black_wins
    }
    /// Games played.
    pub fn games(&self) -> u64 {
        self.a_white.games + self.b_white.games
    }
    /// Games that count half a win to each side: unfinished games and draws.
    pub fn halves(&self) -> u64 {
        let Seating {
            unfinished, draws, ..
        } = self.a_white;
        unfinished + draws + self.b_white.unfinished + self.b_white.draws
    }
    /// Wins of strategy `i` (one of `a`, `b`).
    pub(crate) fn wins_of(&self, i: usize) -> u64 {
        if i == self.a {
            self.a_wins()
        } else {
            self.b_wins()
        }
    }
}

crate::combine_fields!(Seating {
    games,
    white_wins,
    black_wins,
    unfinished,
    draws,
    turns,
});

impl Combine for Pairing {
    /// Adds the counters; `a` and `b` name the pairing and must be the same.
    fn combine(&mut self, other: &Pairing) {
        let Pairing {
            a,
            b,
            a_white,
            b_white,
            same_strategy,
            same_colour,
            incomplete,
        } = other;
        debug_assert_eq!((self.a, self.b), (*a, *b), "the same pairing");
        self.a_white.combine(a_white);
        self.b_white.combine(b_white);
        self.same_strategy.combine(same_strategy);
        self.same_colour.combine(same_colour);
        self.incomplete.combine(incomplete);
    }
}

/// Arm index used in game seeds for tournament `t`, pairing `p`: far from scenario arm indices.
fn seed_lane(t: usize, p: usize) -> u64 {
    (1u64 << 32) + ((t as u64) << 16) + p as u64
}

/// Every pairing of `n` strategies, `a` < `b`, in order.
pub fn pairings(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect()
}

impl<S> Tournament<S> {
    /// The pairings played, `a` < `b`, in order: every pair of strategies, or in a ladder
    /// each strategy and the next.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        let n = self.strategies.len();
        if self.ladder {
            (1..n).map(|b| (b - 1, b)).collect()
        } else {
            pairings(n)
        }
    }
}

impl Tournament {
    /// Plays the duplicate pairs numbered `duplicates` of pairing `p` (of [`Tournament::pairs`]) of the
    /// tournament (index `index` in its scenario) into `into`. The runner cuts a run into such
    /// tasks (`runner::play_counters`).
    pub(crate) fn play_pairs(
        &self,
        index: usize,
        seed: u64,
        p: usize,
        duplicates: std::ops::Range<u64>,
        into: &mut Pairing,
    ) {
        let (a, b) = (into.a, into.b);
        let mut players = [
            self.strategies[a].build(&self.rules, &self.device),
            self.strategies[b].build(&self.rules, &self.device),
        ];
        let template = SeededThrower::new(&self.device, 0);
        for k in duplicates {
            let s = game_seed(seed, seed_lane(index, p), k);
            self.duplicate(&mut players, &template, s, into);
        }
    }

    /// The rough cost of one duplicate pair of pairing (`a`, `b`), relative to a random game.
    pub(crate) fn pair_cost(&self, a: usize, b: usize) -> u64 {
        2 * (self.strategies[a].spec().relative_cost() + self.strategies[b].spec().relative_cost())
    }

    /// One duplicate pair: the same seed with `a` white, then with `b` white.
    fn duplicate(
        &self,
        players: &mut [Box<dyn Strategy>; 2],
        template: &SeededThrower,
        seed: u64,
        into: &mut Pairing,
    ) {
        let one = |players: &mut [Box<dyn Strategy>; 2]| {
            play_game(
                &self.rules,
                players,
                &mut template.reseeded(seed),
                &mut stream(seed, 2),
                &mut Silent,
            )
        };
        let first = one(players);
        players.swap(0, 1);
        let second = one(players);
        players.swap(0, 1);
        into.a_white.record(&first);
        into.b_white.record(&second);
        match (first.winner, second.winner) {
            (Some(x), Some(y)) if x == y => into.same_colour += 1,
            (Some(_), Some(_)) => into.same_strategy += 1,
            _ => into.incomplete += 1,
        }
    }
}

/// A tournament's results: every pairing's counters and the ratings.
#[derive(Clone, Debug)]
pub struct TournamentResult {
    /// The tournament as the scenario describes it (a copy: results outlive the scenario).
    pub tournament: Tournament,
    /// Every pairing's counters.
    pub pairings: Vec<Pairing>,
    /// Ratings, in strategy order.
    pub ratings: Vec<Rating>,
    /// The strategy rated 0.
    pub anchor: usize,
    names: Vec<String>,
}

impl TournamentResult {
    /// Ratings from the pairings, `random` as the anchor when it plays (else the first strategy).
    pub fn new(tournament: &Tournament, pairings: Vec<Pairing>) -> TournamentResult {
        let n = tournament.strategies.len();
        let anchor = (tournament.strategies.iter())
            .position(|s| *s.spec() == StrategySpec::Random)
            .unwrap_or(0);
        let ratings = ratings(n, &pairings, anchor);
        let names = tournament
            .strategies
            .iter()
            .map(|s| s.to_string())
            .collect();
        TournamentResult {
            tournament: tournament.clone(),
            pairings,
            ratings,
            anchor,
            names,
        }
    }

    /// The canonical name of strategy `i`.
    pub fn name(&self, i: usize) -> &str {
        &self.names[i]
    }

    /// Strategy indices from the highest rating down (ties: scenario order).
    pub fn ranked(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.ratings.len()).collect();
        order.sort_by(|&a, &b| self.ratings[b].elo.total_cmp(&self.ratings[a].elo));
        order
    }
}

/// One strategy's standing: Elo-scale rating with its standard error, games and score.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// Strategy index.
    pub strategy: usize,
    /// Rating on the Elo scale, the anchor strategy at 0.
    pub elo: f64,
    /// Standard error of the rating (0 for the anchor).
    pub se: f64,
    /// Games played.
    pub games: u64,
    /// Wins.
    pub wins: u64,
    /// Score (wins plus half the unfinished and drawn games) over games.
    pub score: f64,
}

/// Elo-scale ratings of `n` strategies from their pairings, the `anchor` at 0.
///
/// Bradley-Terry by the MM algorithm (Hunter 2004), an unfinished or drawn game counting half a
/// win to each side, and one virtual drawn game per pairing so that a strategy that won every game
/// still gets a finite rating. Standard errors come from the inverse of the Fisher information
/// with the anchor fixed.
pub fn ratings(n: usize, results: &[Pairing], anchor: usize) -> Vec<Rating> {
    let mut games = vec![vec![0.0f64; n]; n];
    let mut wins = vec![0.0f64; n];
    for p in results {
        let g = p.games() as f64 + 1.0;
        games[p.a][p.b] += g;
        games[p.b][p.a] += g;
        let half = p.halves() as f64 / 2.0 + 0.5;
        wins[p.a] += p.a_wins() as f64 + half;
        wins[p.b] += p.b_wins() as f64 + half;
    }
    let mut gamma = vec![1.0f64; n];
    for _ in 0..10_000 {
        let mut next = gamma.clone();
        for i in 0..n {
            let denom: f64 = (0..n)
                .filter(|&j| j != i && games[i][j] > 0.0)
                .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                .sum();
            if denom > 0.0 {
                next[i] = wins[i] / denom;
            }
        }
        let scale = next[anchor];
        next.iter_mut().for_each(|g| *g /= scale);
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-12 {
            break;
        }
    }
    let elo_per_nat = 400.0 / std::f64::consts::LN_10;
    // Fisher information of the log-strengths, the anchor's row and column removed.
    let free: Vec<usize> = (0..n).filter(|&i| i != anchor).collect();
    let info: Vec<Vec<f64>> = free
        .iter()
        .map(|&i| {
            free.iter()
                .map(|&j| {
                    if i == j {
                        (0..n)
                            .filter(|&k| k != i)
                            .map(|k| {
                                games[i][k] * p_win(gamma[i], gamma[k]) * p_win(gamma[k], gamma[i])
                            })
                            .sum()
                    } else {
                        -games[i][j] * p_win(gamma[i], gamma[j]) * p_win(gamma[j], gamma[i])
                    }
                })
                .collect()
        })
        .collect();
    let inverse = invert(info);
    (0..n)
        .map(|i| {
            let se = match free.iter().position(|&f| f == i) {
                Some(k) => inverse
                    .as_ref()
                    .map_or(f64::NAN, |m| m[k][k].max(0.0).sqrt() * elo_per_nat),
                None => 0.0,
            };
            let played: u64 = results
                .iter()
                .filter(|p| p.a == i || p.b == i)
                .map(Pairing::games)
                .sum();
            let won: u64 = results
                .iter()
                .filter(|p| p.a == i || p.b == i)
                .map(|p| p.wins_of(i))
                .sum();
            let unfinished: u64 = results
                .iter()
                .filter(|p| p.a == i || p.b == i)
                .map(Pairing::halves)
                .sum();
            Rating {
                strategy: i,
                elo: gamma[i].ln() * elo_per_nat,
                se,
                games: played,
                wins: won,
                score: (won as f64 + unfinished as f64 / 2.0) / played.max(1) as f64,
            }
        })
        .collect()
}

fn p_win(gi: f64, gj: f64) -> f64 {
    gi / (gi + gj)
}

/// The inverse of a small symmetric positive-definite matrix (Gauss-Jordan); `None` if singular.
fn invert(mut m: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    let mut inv: Vec<Vec<f64>> = (0..n)
        .map(|i| (0..n).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for c in 0..n {
        let pivot = (c..n).max_by(|&a, &b| m[a][c].abs().total_cmp(&m[b][c].abs()))?;
        if m[pivot][c].abs() < 1e-12 {
            return None;
        }
        m.swap(c, pivot);
        inv.swap(c, pivot);
        let d = m[c][c];
        for j in 0..n {
            m[c][j] /= d;
            inv[c][j] /= d;
        }
        for r in 0..n {
            if r != c {
                let f = m[r][c];
                for j in 0..n {
                    m[r][j] -= f * m[c][j];
                    inv[r][j] -= f * inv[c][j];
                }
            }
        }
    }
    Some(inv)
}

/// Win rate of `row` against `col` over their pairing (both seatings) with its 95% Wilson
/// interval: `(wins, games, rate, low, high)`; `None` on the diagonal.
pub fn row_rate(results: &[Pairing], row: usize, col: usize) -> Option<(u64, u64, f64, f64, f64)> {
    let p = results
        .iter()
        .find(|p| (p.a, p.b) == (row, col) || (p.a, p.b) == (col, row))?;
    let (w, g) = (p.wins_of(row), p.games());
    let (lo, hi) = wilson95(w, g);
    Some((w, g, w as f64 / g.max(1) as f64, lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairing(a: usize, b: usize, a_wins: u64, b_wins: u64) -> Pairing {
        let half = |w, l| Seating {
            games: w + l,
            white_wins: w,
            black_wins: l,
            ..Seating::default()
        };
        Pairing {
            a,
            b,
            a_white: half(a_wins / 2, b_wins / 2),
            b_white: half(b_wins / 2, a_wins / 2),
            ..Pairing::default()
        }
    }

    #[test]
    fn two_strategies_rating_is_the_log_odds_of_their_score() {
        // 3,000 wins to 1,000, plus one virtual drawn game: odds 3000.5 / 1000.5.
        let r = ratings(2, &[pairing(0, 1, 3000, 1000)], 1);
        let odds = 3000.5 / 1000.5;
        assert!((r[0].elo - 400.0 * f64::log10(odds)).abs() < 1e-6, "{r:?}");
        assert_eq!(r[1].elo, 0.0);
        // SE of a log-odds: sqrt(1/(n p q)) in nats.
        let (n, p) = (4001.0, odds / (1.0 + odds));
        let se = (1.0 / (n * p * (1.0 - p))).sqrt() * 400.0 / std::f64::consts::LN_10;
        assert!((r[0].se - se).abs() < 1e-6, "{} vs {se}", r[0].se);
    }

    #[test]
    fn transitive_strengths_are_ordered() {
        let res = [
            pairing(0, 1, 600, 400),
            pairing(1, 2, 600, 400),
            pairing(0, 2, 700, 300),
        ];
        let r = ratings(3, &res, 2);
        assert!(r[0].elo > r[1].elo && r[1].elo > r[2].elo && r[2].elo == 0.0);
        assert!(r.iter().all(|x| x.se.is_finite()));
    }
}
