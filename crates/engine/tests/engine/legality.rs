//! One definition of legality: over random valid rule sets (every option drawn freely, the
//! opening ones included, and kept when `validate` accepts it; not only the presets), the positions of random games and every throw value, the bit-mask fast path
//! (`legal_moves`) gives exactly the definition's list (`defined_moves_into`), in its order,
//! and the random player's shortcut (`uniform_move`) plays exactly the games of a uniform draw
//! over that list; the solver's numbered successors (`solve::successors`) are the game's own
//! outcomes.

use proptest::prelude::*;
use proptest::strategy::Strategy as Generator;
use senet_engine::board::{self, Position, Side, LAST_SQUARE};
use senet_engine::game::{play_game, GameSummary, Observer};
use senet_engine::movegen::{
    defined_moves_into, fast_path_covers, legal_moves, split_rest_into, Kind, Move, MoveList,
};
use senet_engine::options::{FastPath, OPTIONS};
use senet_engine::rules::{
    BearOffWhen, Capture, ExitRule, GameEnd, Protection, RuleSet, Rules, SquareSet, StartLayout,
    Starter, ValueSet, WaterTo,
};
use senet_engine::setup::Setup;
use senet_engine::solve::index::StateIndex;
use senet_engine::solve::successors::{successors, successors_by_the_game};
use senet_engine::solve::Sweep;
use senet_engine::strategy::{Asked, RandomStrategy, Strategy};
use senet_engine::throws::{below, stream, throw_table, Device, GameRng, SeededThrower};

/// A set of squares with each square in it with probability about 1/8 (three draws ANDed).
fn squares() -> impl Generator<Value = SquareSet> {
    (any::<u32>(), any::<u32>(), any::<u32>())
        .prop_map(|(a, b, c)| SquareSet(a & b & c & 0x7fff_fffe))
}

/// A set of throw values 1..=6.
fn values() -> impl Generator<Value = ValueSet> {
    any::<u8>().prop_map(|v| ValueSet(v & 0b111_1110))
}

fn one_of<T: Clone + std::fmt::Debug + 'static>(options: Vec<T>) -> impl Generator<Value = T> {
    proptest::sample::select(options)
}

/// A set of squares, empty four times in five: the options that mean something only with
/// another one, drawn rarely enough that most rule sets drawn are valid.
fn rare_squares() -> impl Generator<Value = SquareSet> {
    proptest::option::weighted(0.2, squares()).prop_map(Option::unwrap_or_default)
}

/// Any valid rule set: every option drawn from its whole range, the opening ones included,
/// independently of the others, and kept when [`Rules::validate`] accepts it (the options that
/// need another one are drawn rarely, so that about one draw in eight is kept).
pub(crate) fn rule_sets() -> impl Generator<Value = Rules> {
    let rare = || proptest::bool::weighted(0.2);
    let pieces = (
        (
            1u8..=10,
            one_of(vec![StartLayout::Alternate, StartLayout::Empty]),
            proptest::array::uniform5(1u8..=6),
            values(),
            any::<bool>(),
            values(),
        ),
        (
            one_of(vec![
                Capture::Swap,
                Capture::SendToReturn,
                Capture::SendToStart,
                Capture::None,
                Capture::Remove,
            ]),
            any::<[bool; 2]>(),
            squares(),
            squares(),
            proptest::option::of(2u8..=LAST_SQUARE),
            one_of(vec![
                WaterTo::ReturnOrBefore,
                WaterTo::ReturnThenOne,
                WaterTo::OneOrAfter,
                WaterTo::Restart,
                WaterTo::Held,
            ]),
        ),
        (
            rare(),
            one_of(vec![ExitRule::Exact, ExitRule::Excess, ExitRule::OnThirty]),
            rare_squares(),
            squares(),
            squares(),
            one_of(vec![
                BearOffWhen::Always,
                BearOffWhen::AllInLastRow,
                BearOffWhen::NoneInFirstRow,
            ]),
        ),
        (
            squares(),
            (rare(), any::<bool>(), rare()),
            squares(),
            squares(),
            one_of(vec![
                Starter::White,
                Starter::Black,
                Starter::Random,
                Starter::HigherThrow,
            ]),
        ),
        (
            (rare(), rare()),
            rare_squares(),
            squares(),
            proptest::option::of(1u8..=6),
            proptest::option::weighted(0.2, 1u8..=LAST_SQUARE),
        ),
        (
            rare_squares(),
            one_of(vec![
                GameEnd::FirstOut,
                GameEnd::AllOut,
                GameEnd::FirstOutDrawOnExtra,
            ]),
        ),
        (rare(), rare_squares(), rare(), rare(), rare()),
        (
            one_of(vec![
                Protection::None,
                Protection::Pairs,
                Protection::PairsAndGrid,
                Protection::PairsInRows,
            ]),
            1u8..=LAST_SQUARE,
        ),
        (
            proptest::option::weighted(0.3, 1u8..=6),
            proptest::option::weighted(0.2, 1u8..=6),
            proptest::option::weighted(0.3, 1u8..=LAST_SQUARE),
            proptest::option::weighted(0.3, 1u8..=LAST_SQUARE),
            1u32..=300,
        ),
    );
    pieces
        .prop_map(|(a, b, c, d, e, f, g, h, i)| {
            let (pawns, start, throw_values, extra_throw, extra_without, entry_values) = a;
            let (capture, [blockade, backward_capture], safe, checkpoints, water, water_to) = b;
            let (water_stay, exit, exact_exit, exit_only, no_backward, bear_off_when) = c;
            let (replay, (residual, free_exit, thirty_blocks), optional, refuges, starter) = d;
            let ((bonus_off, trap), water_hits, queue, row_block, rethrow_square) = e;
            let (priority, end) = f;
            let (split, bonus, per_pawn, forced_back, opening_step) = g;
            let (protection, return_square) = h;
            let (first_throw, start_value, first_white, first_black, max_turns) = i;
            RuleSet {
                pawns,
                start,
                throw_values,
                extra_throw,
                extra_throw_without_move: extra_without,
                entry_values,
                capture,
                protection,
                queue_squares: queue,
                row_block,
                blockade,
                backward_capture,
                safe_squares: safe,
                priority_squares: priority,
                checkpoints,
                checkpoint_trap: trap,
                water_square: water,
                water_to,
                water_stay,
                return_square,
                water_hits,
                exit,
                exact_exit_squares: exact_exit,
                exit_only_squares: exit_only,
                no_backward_from: no_backward,
                bear_off_when,
                replay_squares: replay,
                rethrow_square,
                residual_points: residual,
                split_throws: split,
                bonus_squares: bonus,
                bonus_on_bear_off: bonus_off,
                backward_per_pawn: per_pawn,
                forced_or_restart: forced_back,
                free_exit_from_30: free_exit,
                optional_squares: optional,
                occupied_refuges: refuges,
                thirty_blocks_exit: thirty_blocks,
                end,
                starter,
                first_throw,
                opening_step,
                start_value,
                first_pawn_white: first_white,
                first_pawn_black: first_black,
                max_turns,
            }
        })
        .prop_filter_map("a rule set that validate accepts", |r| r.check().ok())
}

/// The definition's list of moves.
fn defined(rules: &Rules, pos: &Position, value: u8) -> MoveList {
    let mut out = MoveList::new();
    defined_moves_into(rules, pos, value, &mut out);
    out
}

/// A uniform player without the shortcut that, at every decision, checks the list it is given
/// and the fast path's list of every throw value of the position against the definition.
struct Checker;

impl Strategy for Checker {
    fn choose(
        &mut self,
        rules: &Rules,
        pos: &Position,
        asked: &Asked,
        moves: &[Move],
        rng: &mut GameRng,
    ) -> usize {
        match asked {
            Asked::Throw(v) => {
                assert_eq!(moves, &defined(rules, pos, *v)[..], "throw {v} in {pos:?}")
            }
            Asked::LeftOver { .. } if rules.split_throws => {
                // The rest of a split throw: the definition's pawn moves of the points.
                let mut rest = MoveList::new();
                split_rest_into(rules, pos, asked.points(), &mut rest);
                assert_eq!(moves, &rest[..], "rest {} in {pos:?}", asked.points());
            }
            Asked::LeftOver { .. } => {
                // The definition's moves of the points, then keeping them.
                let mut left = defined(rules, pos, asked.points());
                left.push(Move::new(Kind::KeepPoints, *pos));
                assert_eq!(moves, &left[..], "left over {} in {pos:?}", asked.points());
            }
        }
        for v in rules.possible_values() {
            assert_eq!(
                legal_moves(rules, pos, v),
                defined(rules, pos, v),
                "throw {v} in {pos:?} under {rules:?}"
            );
        }
        below(rng, moves.len())
    }
}

/// One line per throw: the value, the chosen move, the position after.
#[derive(Default)]
struct Trace(Vec<(u8, Option<Move>, Position)>);

impl Observer for Trace {
    fn on_throw(&mut self, _: Side, value: u8, chosen: Option<&Move>, after: &Position) {
        self.0.push((value, chosen.copied(), *after));
    }
}

fn play(rules: &Rules, seed: u64, players: &mut [Box<dyn Strategy>; 2]) -> (GameSummary, Trace) {
    let mut trace = Trace::default();
    let device = Device::Sticks { p_marked: 0.5 };
    let summary = play_game(
        rules,
        players,
        &mut SeededThrower::new(&device, seed),
        &mut stream(seed, 2),
        &mut trace,
    );
    (summary, trace)
}

proptest! {
    // 400 rule sets, one game of at most 300 turns each (about 1,400 throws on average, most
    // of them unfinished: random rule sets are seldom playable to the end). About seven rule
    // sets drawn in eight are refused by `validate` and drawn again.
    #![proptest_config(ProptestConfig { cases: 400, max_local_rejects: 1 << 20, ..ProptestConfig::default() })]

    #[test]
    fn the_fast_path_and_the_shortcut_follow_the_definition(rules in rule_sets(), seed in any::<u64>()) {
        rules.validate().unwrap();
        let mut checked: [Box<dyn Strategy>; 2] = [Box::new(Checker), Box::new(Checker)];
        let (summary, trace) = play(&rules, seed, &mut checked);
        let mut shortcut: [Box<dyn Strategy>; 2] = [Box::new(RandomStrategy), Box::new(RandomStrategy)];
        let (fast_summary, fast) = play(&rules, seed, &mut shortcut);
        prop_assert_eq!(fast_summary, summary);
        prop_assert_eq!(fast.0, trace.0);
    }
}

/// A position of `rules`: each side's pawns on the drawn squares (at most `rules.pawns`; a
/// square drawn twice, or taken by white, counts once), the rest waiting when the rules have
/// an entry (half of them) or borne off; either side to move; a forced pawn when the drawn
/// square holds one of the mover's pawns; the mover's pawn on the return square bound when
/// drawn so and the water holds pawns (`water_to = "held"`).
pub(crate) fn position(rules: &Rules, draws: (Vec<u8>, Vec<u8>, bool, u8, bool)) -> Position {
    let (a, b, black, forced, bound) = draws;
    let keep = |squares: &[u8], taken: u32| -> u32 {
        let mut kept = 0u32;
        for &s in squares.iter().take(rules.pawns as usize) {
            kept |= (1 << s) & !taken;
        }
        kept
    };
    let white = keep(&a, 0);
    let black_pawns = keep(&b, white);
    let mut setup = Setup::of(
        &board::squares(white).collect::<Vec<_>>(),
        &board::squares(black_pawns).collect::<Vec<_>>(),
        if black { Side::Black } else { Side::White },
    );
    if rules.has_entry() {
        for (side, list) in [(0, &setup.white), (1, &setup.black)] {
            setup.waiting[side] = (rules.pawns - list.len() as u8) / 2;
        }
    }
    let own = if black { black_pawns } else { white };
    setup.forced = (forced <= 30 && own & (1 << forced) != 0).then_some(forced);
    setup.bound = bound && rules.water_to == WaterTo::Held && own & (1 << rules.return_square) != 0;
    setup.position(rules).unwrap()
}

/// The draws [`position`] turns into a position of a rule set: each side's squares, black to
/// move, the forced square, the bound pawn.
pub(crate) fn position_draws() -> impl Generator<Value = (Vec<u8>, Vec<u8>, bool, u8, bool)> {
    (
        proptest::collection::vec(1u8..=LAST_SQUARE, 0..=10),
        proptest::collection::vec(1u8..=LAST_SQUARE, 0..=10),
        any::<bool>(),
        0u8..40,
        any::<bool>(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 20_000, max_local_rejects: 1 << 20, ..ProptestConfig::default() })]

    #[test]
    fn the_fast_path_follows_the_definition_in_any_position(
        rules in rule_sets(),
        draws in position_draws(),
    ) {
        let pos = position(&rules, draws);
        for v in rules.possible_values() {
            prop_assert_eq!(legal_moves(&rules, &pos, v), defined(&rules, &pos, v), "throw {} in {:?}", v, pos);
        }
    }
}

/// The generator reaches the options it used to leave out (the opening ones, the turn cap, a
/// pawn held in the water): in 2,000 rule sets drawn with a fixed seed, each is set at least
/// five times (the rarest, `opening_step`, needs three other options: 14 times), and every
/// rule set is one that `validate` accepts.
#[test]
fn the_rule_set_generator_draws_every_option() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new_with_rng(
        Config {
            max_local_rejects: 1 << 20,
            ..Config::default()
        },
        proptest::test_runner::TestRng::deterministic_rng(
            proptest::test_runner::RngAlgorithm::ChaCha,
        ),
    );
    let drawn: Vec<Rules> = (0..2000)
        .map(|_| rule_sets().new_tree(&mut runner).unwrap().current())
        .collect();
    let count = |f: &dyn Fn(&Rules) -> bool| drawn.iter().filter(|r| f(r)).count();
    // Every option of the list, drawn away from tejon's value (a new option must be drawn).
    let tejon = senet_engine::variants::Variant::TEJON.rules();
    for o in OPTIONS {
        let n = count(&|r| (o.differs)(r, &tejon));
        assert!(
            n >= 5,
            "{}: drawn away from tejon's value {n} times in 2000",
            o.key
        );
    }
    for (what, n) in [
        ("opening_step", count(&|r| r.opening_step)),
        ("first_throw", count(&|r| r.first_throw.is_some())),
        ("start_value", count(&|r| r.start_value.is_some())),
        ("first_pawn_white", count(&|r| r.first_pawn_white.is_some())),
        ("first_pawn_black", count(&|r| r.first_pawn_black.is_some())),
        ("starter random", count(&|r| r.starter == Starter::Random)),
        ("max_turns below 300", count(&|r| r.max_turns < 300)),
        ("water_to held", count(&|r| r.water_to == WaterTo::Held)),
        ("water_hits", count(&|r| r.water_hits.0 != 0)),
        ("split_throws", count(&|r| r.split_throws)),
        ("residual_points", count(&|r| r.residual_points)),
        ("capture remove", count(&|r| r.capture == Capture::Remove)),
        (
            "draw on extra",
            count(&|r| r.end == GameEnd::FirstOutDrawOnExtra),
        ),
    ] {
        assert!(n >= 5, "{what}: {n} of 2000");
    }
    assert!(drawn.iter().all(|r| r.validate().is_ok()));
    // The fast path takes every rule set that uses none of the options the list sends to the
    // definition (tejon uses none of them).
    assert!(fast_path_covers(&tejon));
    for r in &drawn {
        let definition = OPTIONS
            .iter()
            .filter(|o| o.fast_path == FastPath::Definition)
            .any(|o| (o.differs)(r, &tejon));
        assert_eq!(fast_path_covers(r), !definition, "{r:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, max_local_rejects: 1 << 20, max_global_rejects: 1 << 16, ..ProptestConfig::default() })]

    /// The solver's numbered successors (plain steps numbered without a move built) are the
    /// game's own outcomes, numbered, over random rule sets the solver takes (at most 4 pawns
    /// a side), in 200 random positions of each that it numbers.
    #[test]
    fn the_solver_s_plain_steps_follow_the_game_s_step(rules in rule_sets(), seed in any::<u64>()) {
        // Without the options the bit-mask path leaves to the definition (most rule sets drawn
        // have one), so that plain steps are found at all.
        let small = RuleSet {
            pawns: rules.pawns.min(4),
            queue_squares: SquareSet(0),
            priority_squares: SquareSet(0),
            bonus_squares: SquareSet(0),
            bonus_on_bear_off: false,
            split_throws: false,
            backward_per_pawn: false,
            row_block: None,
            ..rules.into_set()
        }
        .check();
        prop_assume!(small.is_ok());
        let rules = small.unwrap();
        prop_assert!(fast_path_covers(&rules));
        let index = StateIndex::new(&rules);
        prop_assume!(index.is_ok());
        let index = index.unwrap();
        let throws = throw_table(&rules, &Device::Coins);
        let sweep = Sweep { rules: &rules, throws: &throws, index: &index, race: true };
        let mut rng = stream(seed, 7);
        let squares = |rng: &mut GameRng| -> Vec<u8> {
            (0..below(rng, 5)).map(|_| 1 + below(rng, LAST_SQUARE as usize) as u8).collect()
        };
        for _ in 0..200 {
            let draws = (
                squares(&mut rng),
                squares(&mut rng),
                below(&mut rng, 2) == 1,
                below(&mut rng, 40) as u8,
                below(&mut rng, 2) == 1,
            );
            let pos = position(&rules, draws);
            if pos.finished(Side::White) || pos.finished(Side::Black) || index.index(&pos).is_none() {
                continue;
            }
            let (mut found, mut stepped) = (Vec::new(), Vec::new());
            successors(&sweep, &pos, &mut |t, f, s| found.push((t, f, s)));
            successors_by_the_game(&sweep, &pos, &mut |t, f, s| stepped.push((t, f, s)));
            prop_assert_eq!(found, stepped, "{:?}", pos);
        }
    }
}
