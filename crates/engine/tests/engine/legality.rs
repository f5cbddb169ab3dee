//! One definition of legality: over random valid rule sets (every option drawn, not only the
//! presets), the positions of random games and every throw value, the bit-mask fast path
//! (`legal_moves`) gives exactly the definition's list (`defined_moves_into`), in its order,
//! and the random player's shortcut (`uniform_move`) plays exactly the games of a uniform draw
//! over that list.

use proptest::prelude::*;
use proptest::strategy::Strategy as Generator;
use senet_engine::board::{Position, Side, LAST_SQUARE};
use senet_engine::game::{play_game, GameSummary, Observer};
use senet_engine::movegen::{
    defined_moves_into, legal_moves, split_rest_into, Kind, Move, MoveList,
};
use senet_engine::rules::{
    BearOffWhen, Capture, ExitRule, GameEnd, Protection, Rules, SquareSet, StartLayout, Starter,
    ValueSet, WaterTo,
};
use senet_engine::strategy::{Asked, RandomStrategy, Strategy};
use senet_engine::throws::{below, stream, Device, GameRng, SeededThrower};

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

/// Any valid rule set: every option drawn from its whole range.
fn rule_sets() -> impl Generator<Value = Rules> {
    let pieces = (
        (
            1u8..=10,
            any::<bool>(),
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
            any::<[bool; 3]>(),
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
            any::<bool>(),
            one_of(vec![ExitRule::Exact, ExitRule::Excess, ExitRule::OnThirty]),
            squares(),
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
            any::<[bool; 4]>(),
            squares(),
            squares(),
            one_of(vec![Starter::White, Starter::Black, Starter::HigherThrow]),
        ),
        (
            any::<[bool; 3]>(),
            squares(),
            squares(),
            proptest::option::of(1u8..=6),
        ),
        (proptest::option::weighted(0.2, squares()), any::<bool>()),
        (
            proptest::bool::weighted(0.2),
            proptest::option::weighted(0.2, squares()),
            proptest::bool::weighted(0.2),
            any::<bool>(),
        ),
        (
            one_of(vec![
                Protection::None,
                Protection::Pairs,
                Protection::PairsAndGrid,
                Protection::PairsInRows,
            ]),
            1u8..=LAST_SQUARE,
            proptest::option::of(1u8..=LAST_SQUARE),
        ),
    );
    pieces.prop_map(|(a, b, c, d, e, f, g, h)| {
        let (pawns, empty, throw_values, extra_throw, extra_without, entry_values) = a;
        let (capture, [_, blockade, backward_capture], safe, checkpoints, water, water_to) = b;
        let (water_stay, exit, exact_exit, exit_only, no_backward, bear_off_when) = c;
        let (replay, [rethrow, residual, free_exit, thirty_blocks], optional, refuges, starter) = d;
        let ([bonus_off, trap, draw_on_extra], water_hits, queue, row_block) = e;
        let (priority, all_out) = f;
        let (split, bonus, per_pawn, forced_back) = g;
        let (protection, return_square, rethrow_square) = h;
        // A removed pawn needs the game played until both sides are out.
        let all_out = all_out || capture == Capture::Remove;
        let held = water_to == WaterTo::Held;
        // Options that need another one (`Rules::validate`) are set only with it.
        let excess = exit == ExitRule::Excess;
        let exact_exit = if excess { exact_exit } else { SquareSet(0) };
        let split = split
            && pawns <= senet_engine::rules::SPLIT_PAWNS
            && !(residual && excess)
            && !water_stay;
        Rules {
            pawns,
            start: if empty {
                StartLayout::Empty
            } else {
                StartLayout::Alternate
            },
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
            priority_squares: priority.unwrap_or_default(),
            checkpoints,
            checkpoint_trap: trap && checkpoints.0 != 0 && water.is_some(),
            water_square: water,
            water_to: if held && water.is_none() {
                WaterTo::Restart
            } else {
                water_to
            },
            water_stay: water_stay && water.is_some() && !held,
            return_square,
            water_hits: if held
                && water.is_some()
                && !matches!(capture, Capture::None | Capture::Remove)
            {
                water_hits
            } else {
                SquareSet(0)
            },
            exit,
            exact_exit_squares: exact_exit,
            exit_only_squares: exit_only,
            no_backward_from: no_backward,
            bear_off_when,
            replay_squares: replay,
            rethrow_square: rethrow_square.filter(|_| rethrow && throw_values.contains(&1)),
            residual_points: residual && excess,
            split_throws: split,
            bonus_squares: bonus.unwrap_or_default(),
            bonus_on_bear_off: bonus_off && bonus.is_some_and(|b| b.0 != 0),
            backward_per_pawn: per_pawn,
            forced_or_restart: forced_back && (empty || !entry_values.is_empty()),
            free_exit_from_30: free_exit,
            optional_squares: optional,
            occupied_refuges: refuges,
            thirty_blocks_exit: thirty_blocks && exit == ExitRule::OnThirty,
            end: match (all_out, draw_on_extra) {
                (true, _) => GameEnd::AllOut,
                (false, true) => GameEnd::FirstOutDrawOnExtra,
                (false, false) => GameEnd::FirstOut,
            },
            starter,
            first_throw: None,
            opening_step: false,
            start_value: None,
            first_pawn_white: None,
            first_pawn_black: None,
            max_turns: 300,
        }
    })
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
    // of them unfinished: random rule sets are seldom playable to the end).
    #![proptest_config(ProptestConfig::with_cases(400))]

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
/// square holds one of the mover's pawns.
fn position(rules: &Rules, draws: (Vec<u8>, Vec<u8>, bool, u8)) -> Position {
    let (a, b, black, forced) = draws;
    let keep = |squares: &[u8], taken: u32| -> u32 {
        let mut kept = 0u32;
        for &s in squares.iter().take(rules.pawns as usize) {
            kept |= (1 << s) & !taken;
        }
        kept
    };
    let white = keep(&a, 0);
    let black_pawns = keep(&b, white);
    let mut pos = Position::new(
        white,
        black_pawns,
        if black { Side::Black } else { Side::White },
    );
    if rules.has_entry() {
        for side in [Side::White, Side::Black] {
            pos.waiting[side.index()] = (rules.pawns - pos.on_board(side)) / 2;
        }
    }
    let own = pos.side(pos.to_move);
    pos.force((forced <= 30 && own & (1 << forced) != 0).then_some(forced));
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    #[test]
    fn the_fast_path_follows_the_definition_in_any_position(
        rules in rule_sets(),
        draws in (
            proptest::collection::vec(1u8..=LAST_SQUARE, 0..=10),
            proptest::collection::vec(1u8..=LAST_SQUARE, 0..=10),
            any::<bool>(),
            0u8..40,
        ),
    ) {
        let pos = position(&rules, draws);
        for v in rules.possible_values() {
            prop_assert_eq!(legal_moves(&rules, &pos, v), defined(&rules, &pos, v), "throw {} in {:?}", v, pos);
        }
    }
}
