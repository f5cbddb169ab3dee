//! Criterion benchmarks of the engine: move generation over a fixed sample of positions, the
//! random player's pick (`uniform_move`) over the same sample, and whole random games per
//! variant. Each asserts what it times before timing it.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use senet_engine::board::Position;
use senet_engine::game::{play_game, start_position, Silent};
use senet_engine::movegen::{legal_moves_into, uniform_move, MoveList};
use senet_engine::rules::Rules;
use senet_engine::strategy::{RandomStrategy, Strategy};
use senet_engine::throws::{below, game_seed, stream, Device, SeededThrower, Thrower};
use senet_engine::turn::after_throw;
use senet_engine::variants::VARIANTS;
use std::hint::black_box;

/// (position, throw) pairs met in seeded random games of one variant.
fn sample(rules: &Rules, n: usize) -> Vec<(Position, u8)> {
    let mut out = Vec::with_capacity(n);
    let mut g = 0;
    while out.len() < n {
        let seed = game_seed(7, 0, g);
        g += 1;
        let mut th = SeededThrower::new(&Device::Coins, seed);
        let mut rng = stream(seed, 2);
        let mut p = start_position(rules);
        let mut list = MoveList::new();
        while out.len() < n && p.in_play(p.to_move()) > 0 && p.in_play(p.to_move().other()) > 0 {
            let v = rules.throw_values[th.throw_marked() as usize];
            out.push((p, v));
            legal_moves_into(rules, &p, v, &mut list);
            let played = (!list.is_empty()).then(|| list[below(&mut rng, list.len())]);
            if let Some(m) = played {
                p = m.after;
            }
            after_throw(rules, &mut p, v, played.as_ref());
        }
    }
    out
}

fn count_moves(rules: &Rules, positions: &[(Position, u8)]) -> usize {
    let mut list = MoveList::new();
    positions
        .iter()
        .map(|(p, v)| {
            legal_moves_into(rules, p, *v, &mut list);
            list.len()
        })
        .sum()
}

fn movegen(c: &mut Criterion) {
    let mut group = c.benchmark_group("movegen");
    for v in VARIANTS {
        let rules = Rules::preset(v.id).unwrap();
        let positions = sample(&rules, 10_000);
        let total = count_moves(&rules, &positions);
        assert!(total > 5_000, "{}: only {total} moves in the sample", v.id);
        assert_eq!(
            count_moves(&rules, &positions),
            total,
            "generation is a pure function"
        );
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(v.id, |b| {
            b.iter(|| assert_eq!(count_moves(&rules, black_box(&positions)), total))
        });
    }
    group.finish();
}

/// Picks one move per sample entry with a uniform draw; returns (picks, sum of the picked
/// moves' squares), through `uniform_move` or through the whole list.
fn picks(rules: &Rules, positions: &[(Position, u8)], shortcut: bool) -> (usize, u64) {
    let mut list = MoveList::new();
    let mut rng = stream(11, 2);
    let (mut n, mut sum) = (0, 0u64);
    for (p, v) in positions {
        let m = if shortcut {
            uniform_move(rules, p, *v, &mut rng, &mut list)
        } else {
            legal_moves_into(rules, p, *v, &mut list);
            (!list.is_empty()).then(|| list[below(&mut rng, list.len())])
        };
        if let Some(m) = m {
            n += 1;
            let (from, to) = m.span();
            sum += from as u64 * 32 + to as u64;
        }
    }
    (n, sum)
}

fn uniform_pick(c: &mut Criterion) {
    let mut group = c.benchmark_group("uniform_move");
    for v in VARIANTS {
        let rules = Rules::preset(v.id).unwrap();
        let positions = sample(&rules, 10_000);
        let expected = picks(&rules, &positions, false);
        assert!(expected.0 > 5_000, "{}: only {} picks", v.id, expected.0);
        assert_eq!(
            picks(&rules, &positions, true),
            expected,
            "{}: the shortcut picks what the list picks",
            v.id
        );
        group.throughput(Throughput::Elements(positions.len() as u64));
        group.bench_function(v.id, |b| {
            b.iter(|| assert_eq!(picks(&rules, black_box(&positions), true), expected))
        });
    }
    group.finish();
}

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_game");
    for v in VARIANTS {
        let rules = Rules::preset(v.id).unwrap();
        let batch: u64 = if v.id == "kendall" { 10 } else { 100 };
        let run = || {
            let mut finished = 0u64;
            for g in 0..batch {
                let seed = game_seed(1, 0, g);
                let mut st: [Box<dyn Strategy>; 2] =
                    [Box::new(RandomStrategy), Box::new(RandomStrategy)];
                let s = play_game(
                    &rules,
                    &mut st,
                    &mut SeededThrower::new(&Device::Coins, seed),
                    &mut stream(seed, 2),
                    &mut Silent,
                );
                finished += s.winner.is_some() as u64;
            }
            finished
        };
        assert_eq!(run(), batch, "{}: every benchmarked game finishes", v.id);
        group.throughput(Throughput::Elements(batch));
        group.bench_function(v.id, |b| b.iter(|| assert_eq!(black_box(run()), batch)));
    }
    group.finish();
}

criterion_group! {
    name = benches;
    // No HTML plots: criterion's plotters backend finds no system font on a fresh machine.
    config = Criterion::default().without_plots();
    targets = movegen, uniform_pick, games
}
criterion_main!(benches);
