//! The solver checked three ways: a position worked by hand, the race ending computed on its
//! own, and seeded games of `optimal` against `optimal` (and `random` against `random`) whose
//! frequencies must agree with the exact values.

use senet_engine::board::{Position, Side};
use senet_engine::game::{front_step, play_game, start_position, Silent};
use senet_engine::movegen::MoveList;
use senet_engine::rules::{GameEnd, RuleSet, Rules, SquareSet, WaterTo};
use senet_engine::solve::backup::{position_value, throw_value, Pick};
use senet_engine::solve::index::StateIndex;
use senet_engine::solve::race::race_value;
use senet_engine::strategy::optimal::Optimal;
use senet_engine::strategy::spec::StrategySpec;
use senet_engine::strategy::{RandomStrategy, Strategy};
use senet_engine::throws::{game_seed, stream, throw_table, Device, SeededThrower};
use senet_engine::variants::Variant;
use senet_simulation::cancel::Cancel;
use senet_simulation::exact::graph::{Effort, Solver, TOLERANCE};
use senet_simulation::exact::solve::{start_value, SolveError, Values};
use senet_simulation::exact::tablefile::{load, save};
use senet_simulation::players::{check, Tables};
use std::sync::{Arc, OnceLock};

/// The graph solver's optimal values of `rules` with `device`: the table, the values as
/// computed, and the effort.
fn solve(
    rules: &Rules,
    device: &Device,
) -> Result<(senet_engine::solve::Solution, Values, Effort), SolveError> {
    let solver = Solver::new(rules, device)?;
    let (values, effort) = solver.iterate(Pick::Best, TOLERANCE, &mut |_, _| {}, &Cancel::new())?;
    let values = Values::new(solver.index().clone(), values);
    Ok((solver.table(&values), values, effort))
}

fn small(variant: Variant, pawns: u8) -> Rules {
    RuleSet {
        pawns,
        ..variant.rules().into_set()
    }
    .check()
    .unwrap()
}

fn pos(white: &[u8], black: &[u8], to_move: Side) -> Position {
    senet_engine::setup::Setup::of(white, black, to_move)
        .board()
        .unwrap()
}

/// tejon with two pawns a side and coins, solved once for every test of this file.
fn tejon2() -> &'static (Arc<senet_engine::solve::Solution>, Values) {
    static SOLVED: OnceLock<(Arc<senet_engine::solve::Solution>, Values)> = OnceLock::new();
    SOLVED.get_or_init(|| {
        let (s, v, _) = solve(&small(Variant::TEJON, 2), &Device::Coins).unwrap();
        (Arc::new(s), v)
    })
}

#[test]
fn one_pawn_on_29_against_one_on_30_wins_12_in_17() {
    // docs/solving.md works it by hand. In tejon white's pawn on 29 leaves only with a 2 (6/16
    // with coins), black's on 30 only with a 1 (4/16); no other throw can be played, so each
    // side gets one throw a turn. White wins in its turn t with probability
    // (10/16 · 12/16)^(t-1) · 6/16, in all (3/8) / (1 - 15/32) = 12/17.
    let (_, values, _) = solve(&small(Variant::TEJON, 1), &Device::Coins).unwrap();
    let v = values.value(&pos(&[29], &[30], Side::White));
    assert!((v - 12.0 / 17.0).abs() < 1e-9, "{v}");
    // Black to move in the same position: it needs its 1 first, 4/16 a turn:
    // (1/4) / (1 - 3/4 · 5/8) = 8/17.
    let v = values.value(&pos(&[29], &[30], Side::Black));
    assert!((v - 8.0 / 17.0).abs() < 1e-9, "{v}");
}

#[test]
fn the_race_ending_agrees_with_value_iteration() {
    // Solved without the race formula, every race position must get the formula's value.
    let rules = small(Variant::TEJON, 2);
    let throws = throw_table(&rules, &Device::Coins);
    let solver = Solver::with_race(&rules, throws.clone(), false).unwrap();
    let (values, _) = solver
        .iterate(Pick::Best, TOLERANCE, &mut |_, _| {}, &Cancel::new())
        .unwrap();
    let index = solver.index();
    let mut checked = 0;
    for i in 0..index.len() {
        let p = index.position(i);
        if let Some(exact) = race_value(&rules, &throws, &p) {
            let solved = values[i as usize];
            assert!(
                (exact - solved).abs() < 1e-8,
                "{p:?}: race {exact}, solved {solved}"
            );
            checked += 1;
        }
    }
    // Each side with 1 or 2 pawns, all on 28, 29 and 30 (the side to move as "me"): 3 · 2 with
    // one pawn each, 3 with two for the side to move, 3 with two for the other.
    assert_eq!(checked, 12);
}

/// A cancelled token stops the value iteration before its first sweep; the same solver, asked
/// again with a token not cancelled, solves.
#[test]
fn a_cancelled_token_stops_the_sweeps() {
    let rules = small(Variant::TEJON, 1);
    let solver = Solver::new(&rules, &Device::Coins).unwrap();
    let cancel = Cancel::new();
    cancel.clone().cancel();
    let stopped = solver.iterate(Pick::Best, TOLERANCE, &mut |_, _| {}, &cancel);
    assert!(matches!(stopped, Err(SolveError::Interrupted)));
    let (_, effort) = solver
        .iterate(Pick::Best, TOLERANCE, &mut |_, _| {}, &Cancel::new())
        .unwrap();
    assert!(effort.sweeps > 1);
}

#[test]
fn values_do_not_depend_on_the_number_of_threads() {
    let rules = small(Variant::PASSAGE, 1);
    let throws = throw_table(&rules, &Device::Sticks { p_marked: 0.5 });
    let run = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| {
                let solver = Solver::with_race(&rules, throws.clone(), true).unwrap();
                solver
                    .iterate(Pick::Best, TOLERANCE, &mut |_, _| {}, &Cancel::new())
                    .unwrap()
            })
    };
    let (one, two) = (run(1), run(2));
    assert_eq!(one.1.sweeps, two.1.sweeps);
    let bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&one.0), bits(&two.0));
}

#[test]
#[ignore = "slow (16 s in a debug build): cargo test -- --include-ignored"]
fn every_variant_solves_with_one_and_two_pawns() {
    for variant in Variant::all() {
        for pawns in 1..=2 {
            let rules = small(variant, pawns);
            let device = variant.device();
            if rules.water_to == WaterTo::Held {
                // Ludii's Kendall: refused in one line, not solved wrong.
                let Err(e) = solve(&rules, &device) else {
                    panic!("{variant}: solved a rule set with a held water");
                };
                assert!(e.to_string().contains("water_to = \"held\""), "{e}");
                continue;
            }
            // Ludii's Bell (a score) and Piccione (a throw's rest): a state the positions do
            // not carry, refused the same way.
            let refused = match (rules.end, rules.split_throws) {
                (GameEnd::AllOut, _) => Some("end = \"all-out\""),
                (_, true) => Some("split_throws"),
                _ => None,
            };
            if let Some(what) = refused {
                let Err(e) = solve(&rules, &device) else {
                    panic!("{variant}: solved a rule set with {what}");
                };
                assert!(e.to_string().contains(what), "{e}");
                continue;
            }
            let (solution, values, effort) = solve(&rules, &device).unwrap();
            assert!(effort.last_change <= 1e-10, "{variant} {pawns}");
            assert!(solution.values.iter().all(|v| (0.0..=1.0).contains(v)));
            let start = start_value(&rules, &solution.throws, Pick::Best, &|p| values.value(p));
            assert!((0.0..=1.0).contains(&start), "{variant} {pawns}: {start}");
        }
    }
}

/// Plays `games` seeded games of `players` from the start; returns the first mover's wins.
fn first_mover_wins(
    rules: &Rules,
    players: impl Fn() -> [Box<dyn Strategy>; 2],
    games: u64,
) -> u64 {
    (0..games)
        .filter(|&g| {
            let seed = game_seed(7, 0, g);
            let mut thrower = SeededThrower::new(&Device::Coins, seed);
            let s = play_game(
                rules,
                &mut players(),
                &mut thrower,
                &mut stream(seed, 2),
                &mut Silent,
            );
            s.winner.is_some() && s.winner == s.first
        })
        .count() as u64
}

#[test]
fn optimal_against_optimal_wins_as_often_as_the_table_says() {
    // The first mover (black, with its opening 1) of tejon with 2 pawns: the table's value at
    // the start against the frequency of 20,000 seeded games. The tolerance is 4 standard
    // errors of a frequency, 4 · sqrt(p(1 - p) / n): about 0.014.
    let (solution, values) = tejon2();
    let rules = &solution.rules;
    let exact = start_value(rules, &solution.throws, Pick::Best, &|p| values.value(p));
    let n = 20_000;
    let optimal = || -> [Box<dyn Strategy>; 2] {
        [
            Box::new(Optimal::new(solution.clone())),
            Box::new(Optimal::new(solution.clone())),
        ]
    };
    let freq = first_mover_wins(rules, optimal, n) as f64 / n as f64;
    let se = (exact * (1.0 - exact) / n as f64).sqrt();
    assert!(
        (freq - exact).abs() < 4.0 * se,
        "simulated {freq}, exact {exact}, se {se}"
    );
}

#[test]
fn random_against_random_wins_as_often_as_the_exact_value() {
    // The same check for random play, whose exact value comes from a second value iteration.
    let rules = small(Variant::TEJON, 2);
    let (random, _) = Solver::new(&rules, &Device::Coins)
        .unwrap()
        .iterate(Pick::Uniform, TOLERANCE, &mut |_, _| {}, &Cancel::new())
        .map(|(v, e)| (Values::new(StateIndex::new(&rules).unwrap(), v), e))
        .unwrap();
    let throws = throw_table(&rules, &Device::Coins);
    let exact = start_value(&rules, &throws, Pick::Uniform, &|p| random.value(p));
    let n = 20_000;
    let players =
        || -> [Box<dyn Strategy>; 2] { [Box::new(RandomStrategy), Box::new(RandomStrategy)] };
    let freq = first_mover_wins(&rules, players, n) as f64 / n as f64;
    let se = (exact * (1.0 - exact) / n as f64).sqrt();
    assert!(
        (freq - exact).abs() < 4.0 * se,
        "simulated {freq}, exact {exact}, se {se}"
    );
}

#[test]
fn the_opening_step_is_the_throw_offs_not_a_choice() {
    // ludii-jequier with 2 pawns and no queue on the first row, so that the throw-off's 1 could
    // move either black pawn: as in a game (`play_game`), it steps the front pawn 4 -> 5 and
    // black throws again. The exact start value is that position's value with black to throw
    // (0.5227 for random play), not the value of the 1 played as a choice of black's (0.5207).
    let rules = RuleSet {
        queue_squares: SquareSet(0),
        ..small("ludii-jequier".parse().unwrap(), 2).into_set()
    }
    .check()
    .unwrap();
    let (random, _) = Solver::new(&rules, &Device::Coins)
        .unwrap()
        .iterate(Pick::Uniform, TOLERANCE, &mut |_, _| {}, &Cancel::new())
        .map(|(v, e)| (Values::new(StateIndex::new(&rules).unwrap(), v), e))
        .unwrap();
    let throws = throw_table(&rules, &Device::Coins);
    let lookup = |p: &Position| random.value(p);
    let exact = start_value(&rules, &throws, Pick::Uniform, &lookup);
    let start = start_position(&rules).with_to_move(Side::Black);
    let stepped = front_step(&start).unwrap().after;
    assert_eq!(stepped.square_list(Side::Black), [2, 5]);
    let after_step = position_value(&rules, &throws, &stepped, Pick::Uniform, &lookup);
    assert_eq!(exact, after_step);
    let as_choice = throw_value(
        &rules,
        &start,
        1,
        Pick::Uniform,
        &lookup,
        &mut MoveList::new(),
    );
    assert!((exact - as_choice).abs() > 1e-3, "{exact} {as_choice}");
}

#[test]
fn a_saved_table_reloads_and_is_refused_for_another_game() {
    let (solution, _) = tejon2();
    let dir = std::env::temp_dir().join(format!("senet-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("table.senet");
    save(solution, &file).unwrap();
    let back = load(&file).unwrap();
    assert_eq!(back.values, solution.values);
    assert_eq!(back.rules, solution.rules);
    let name = file.display().to_string();
    let spec = StrategySpec::parse(&format!("optimal:{name}")).unwrap();
    let mut tables = Tables::new();
    let cancel = Cancel::new();
    tables
        .resolve(
            &spec,
            Variant::TEJON,
            &solution.rules,
            &Device::Coins,
            &cancel,
        )
        .unwrap();
    let other = StrategySpec::parse(&format!("optimal:{name}")).unwrap();
    // Checked from the file's header alone, as a scenario's parse does.
    let e = check(
        &other,
        Variant::TEJON,
        &small(Variant::TEJON, 1),
        &Device::Coins,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("2 pawns a side, not 1"), "{e}");
    // A smaller table plays no whole game: the error names the player that reads it.
    let e = check(
        &other,
        Variant::TEJON,
        &small(Variant::TEJON, 3),
        &Device::Coins,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains(&format!("not 3; td:endgame={name}")), "{e}");
    let e = tables
        .resolve(
            &other,
            Variant::TEJON,
            &solution.rules,
            &Device::Die,
            &cancel,
        )
        .unwrap_err()
        .to_string();
    assert!(e.contains("another throwing device"), "{e}");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 3]).unwrap();
    let e = senet_engine::Chain(&load(&file).unwrap_err()).to_string();
    assert!(e.contains("truncated"), "{e}");
    // A file longer than its values is refused too, with both lengths.
    std::fs::write(&file, [&bytes[..], &[0u8; 4]].concat()).unwrap();
    let e = senet_engine::Chain(&load(&file).unwrap_err()).to_string();
    let n = solution.values.len() * 4;
    assert!(
        e.contains(&format!("{} bytes of values, {n} expected", n + 4)),
        "{e}"
    );
    let big = StrategySpec::parse("optimal").unwrap();
    let e = check(
        &big,
        Variant::TEJON,
        &small(Variant::TEJON, 3),
        &Device::Coins,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("needs a saved table"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every layout of a solved table's header there has been: the rule set's keys, with the
/// table format's version. A new rule option changes the keys: add a line with the next
/// version and set `TABLE_FORMAT` to it (a table of the older layout is then refused in one
/// line naming it, not read with a default).
const TABLE_LAYOUTS: [(u32, &str); 4] = [
    (1, "pawns start throw_values extra_throw extra_throw_without_move entry_values capture protection grid_protection row_protection queue_squares row_block blockade backward_capture safe_squares checkpoints checkpoint_trap water_square water_to water_stay water_hits exit exact_exit_squares exit_only_squares no_backward_from bear_off_when replay_squares happiness_rethrow residual_points free_exit_from_30 optional_squares occupied_refuges thirty_blocks_exit starter first_throw opening_step start_value first_pawn_white first_pawn_black max_turns"),
    (2, "pawns start throw_values extra_throw extra_throw_without_move entry_values capture protection grid_protection row_protection queue_squares row_block blockade backward_capture safe_squares priority_squares checkpoints checkpoint_trap water_square water_to water_stay water_hits exit exact_exit_squares exit_only_squares no_backward_from bear_off_when replay_squares happiness_rethrow residual_points split_throws bonus_squares backward_per_pawn forced_or_restart free_exit_from_30 optional_squares occupied_refuges thirty_blocks_exit end starter first_throw opening_step start_value first_pawn_white first_pawn_black max_turns"),
    (3, "pawns start throw_values extra_throw extra_throw_without_move entry_values capture protection queue_squares row_block blockade backward_capture safe_squares priority_squares checkpoints checkpoint_trap water_square water_to return_square water_stay water_hits exit exact_exit_squares exit_only_squares no_backward_from bear_off_when replay_squares rethrow_square residual_points split_throws bonus_squares backward_per_pawn forced_or_restart free_exit_from_30 optional_squares occupied_refuges thirty_blocks_exit end starter first_throw opening_step start_value first_pawn_white first_pawn_black max_turns"),
    (4, "pawns start throw_values extra_throw extra_throw_without_move entry_values capture protection queue_squares row_block blockade backward_capture safe_squares priority_squares checkpoints checkpoint_trap water_square water_to return_square water_stay water_hits exit exact_exit_squares exit_only_squares no_backward_from bear_off_when replay_squares rethrow_square residual_points split_throws bonus_squares bonus_on_bear_off backward_per_pawn forced_or_restart free_exit_from_30 optional_squares occupied_refuges thirty_blocks_exit end starter first_throw opening_step start_value first_pawn_white first_pawn_black max_turns"),
];

/// A table whose header holds a rule set that `validate` refuses (edited by hand) is refused
/// when read, naming the file and the option.
#[test]
fn a_table_header_with_invalid_rules_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("edited.senet");
    let rules = small(Variant::TEJON, 1);
    let (solution, _, _) = solve(&rules, &Variant::TEJON.device()).unwrap();
    save(&solution, &path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    let len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let header = std::str::from_utf8(&bytes[16..16 + len]).unwrap();
    // Points left over need exit = "excess"; tejon's exit is exact. Same length, so the
    // values stay where they were.
    let edited = header.replace("residual_points = false", "residual_points = true ");
    assert_ne!(edited, header);
    let mut out = bytes[..16].to_vec();
    out.extend_from_slice(edited.as_bytes());
    out.extend_from_slice(&bytes[16 + len..]);
    std::fs::write(&path, out).unwrap();
    let e = senet_engine::Chain(&load(&path).unwrap_err()).to_string();
    assert!(
        e.contains("edited.senet") && e.contains("residual_points"),
        "{e}"
    );
    let e = senet_simulation::exact::tablefile::table_game(&path)
        .err()
        .unwrap();
    let e = senet_engine::Chain(&e).to_string();
    assert!(e.contains("residual_points"), "{e}");
}

#[test]
fn a_changed_rule_set_changes_the_table_format() {
    // The table's header holds the rule set: its keys are the list of options (a test of
    // rule_files.rs holds the rule set written to that list).
    let keys: Vec<&str> = senet_engine::options::OPTIONS
        .iter()
        .map(|o| o.key)
        .collect();
    let (version, layout) = TABLE_LAYOUTS[TABLE_LAYOUTS.len() - 1];
    assert_eq!(
        keys.join(" "),
        layout,
        "the rule set changed: add its keys to TABLE_LAYOUTS with version {}",
        version + 1
    );
    assert_eq!(senet_simulation::exact::tablefile::TABLE_FORMAT, version);
    // A table of another format is refused, naming the file and both formats.
    let dir = std::env::temp_dir().join(format!("senet-format-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("old.senet");
    let rules = small(Variant::TEJON, 1);
    let (solution, _, _) = solve(&rules, &Variant::TEJON.device()).unwrap();
    senet_simulation::exact::tablefile::save(&solution, &path).unwrap();
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[8..12].copy_from_slice(&1u32.to_le_bytes());
    std::fs::write(&path, bytes).unwrap();
    let Err(e) = senet_simulation::exact::tablefile::load(&path) else {
        panic!("an old table was read");
    };
    let e = senet_engine::Chain(&e).to_string();
    assert!(
        e.contains("old.senet") && e.contains("table format 1"),
        "{e}"
    );
    assert!(e.contains(&format!("reads format {version}")), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The positions a game throws from, in order, as the game reports them.
#[derive(Default)]
struct ThrownFrom(Vec<Position>);

impl senet_engine::game::Observer for ThrownFrom {
    fn before_throw(&mut self, pos: &Position, _value: u8) {
        self.0.push(*pos);
    }
}

#[test]
fn review_gives_each_throw_the_value_of_the_position_it_reached() {
    // ludii-jequier's opening step is a move that no strategy chooses: the review paired throws
    // with decisions by order, so every chance after it was the one of the throw before (seed 3:
    // white 100% after its move, then black won). Here the chance after each throw is checked
    // against the table's value of the position the game throws from next, read from the game's
    // own reports; the last throw's chance is the result (a draw, ludii-jequier's, is worth 1/2).
    let mut reviewed = Vec::new();
    for variant in Variant::all() {
        let rules = small(variant, 1);
        let device = variant.device();
        let Ok((solution, _, _)) = solve(&rules, &device) else {
            continue; // the rule sets the solver refuses (every_variant_solves_... checks them)
        };
        let solution = Arc::new(solution);
        let players =
            || -> [Box<dyn Strategy>; 2] { [Box::new(RandomStrategy), Box::new(RandomStrategy)] };
        reviewed.push(variant.id());
        for seed in 1..=12 {
            let (steps, summary) =
                senet_simulation::exact::review::review(&solution, &device, players(), seed);
            let mut seen = ThrownFrom::default();
            let mut thrower = SeededThrower::new(&device, seed);
            play_game(
                &rules,
                &mut players(),
                &mut thrower,
                &mut stream(seed, 2),
                &mut seen,
            );
            // Steps with no throw of their own (the opening step) come first.
            let unchosen = steps.len() - seen.0.len();
            assert!(unchosen <= 1, "{variant} {seed}");
            for (k, step) in steps.iter().enumerate() {
                let expected = match seen.0.get(k + 1 - unchosen) {
                    Some(next) => {
                        let v = solution.covered(next);
                        if next.to_move() == Side::White {
                            v
                        } else {
                            1.0 - v
                        }
                    }
                    None if summary.draw => 0.5,
                    None => f64::from(u8::from(summary.winner == Some(Side::White))),
                };
                assert!(
                    (step.white_chance - expected).abs() < 1e-12,
                    "{variant}, seed {seed}, throw {}: review {} but the position reached is worth {expected}",
                    k + 1,
                    step.white_chance
                );
            }
        }
    }
    assert!(
        reviewed.contains(&"ludii-jequier") && reviewed.len() >= 6,
        "{reviewed:?}"
    );
}

#[test]
fn a_reviews_luck_less_its_errors_is_each_sides_result_less_its_start_chance() {
    // Heled's split of a throw: luck (the chance once the throw is known, best move assumed,
    // less the chance before it) and error (the best chance less the one played). From white's
    // view, over a whole game, luck less errors (black's counting against white) telescopes to
    // white's result less white's chance at the start, to the table's precision. Each throw's
    // luck averages zero over its values: the chance before a throw is the mean, over the
    // device's distribution, of the best chances once each value is known (checked on the
    // position the game throws from, to the f32 table's precision).
    let mut checked = 0;
    for (variant, pawns) in Variant::all().map(|v| (v, 1)).chain([(Variant::TEJON, 2)]) {
        let rules = small(variant, pawns);
        let device = variant.device();
        let Ok((solution, _, _)) = solve(&rules, &device) else {
            continue;
        };
        let solution = Arc::new(solution);
        let lookup = |p: &Position| solution.covered(p);
        let players =
            || -> [Box<dyn Strategy>; 2] { [Box::new(RandomStrategy), Box::new(RandomStrategy)] };
        for seed in 1..=12 {
            let (steps, summary) =
                senet_simulation::exact::review::review(&solution, &device, players(), seed);
            let result = if summary.draw {
                0.5
            } else {
                f64::from(u8::from(summary.winner == Some(Side::White)))
            };
            let net: f64 = steps.iter().map(|s| s.for_white(s.luck - s.error())).sum();
            let start = steps[0].white_before;
            assert!(
                (net - (result - start)).abs() < 1e-9,
                "{variant} {pawns}, seed {seed}: luck less errors {net}, result {result}, start {start}"
            );
            let [white, black] = senet_simulation::exact::review::totals(&steps);
            let by_side = white.luck - white.error - (black.luck - black.error);
            assert!((by_side - net).abs() < 1e-9, "{variant} {seed}");
            let mut seen = ThrownFrom::default();
            play_game(
                &rules,
                &mut players(),
                &mut SeededThrower::new(&device, seed),
                &mut stream(seed, 2),
                &mut seen,
            );
            let unchosen = steps.len() - seen.0.len();
            // A first throw set by the rules (`first_throw`: the throw-off's winning value) is
            // not drawn from the device: its chance before is the chance with it known.
            let set = usize::from(rules.first_throw.is_some() && unchosen == 0);
            for (step, from) in steps[unchosen + set..].iter().zip(&seen.0[set..]) {
                let mean = position_value(&rules, &solution.throws, from, Pick::Best, &lookup);
                let before = match from.to_move() {
                    Side::White => step.white_before,
                    Side::Black => 1.0 - step.white_before,
                };
                assert!(
                    (mean - before).abs() < 1e-6,
                    "{variant} {pawns}, seed {seed}, throw {}: chance before {before}, mean over the throws {mean}", step.throw
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 6 * 12, "{checked} games");
}
