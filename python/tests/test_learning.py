"""What reinforcement learning and search need from the game: compact actions, observation
tensors, saved and restored states, clones that do not share the future, positions to start
from, and the project's players. Each test is a finding of issue 80."""

import math
import pickle
import random

import pytest

import senet_sim


def play(game, rng, steps=10**9):
    """Plays up to `steps` steps: seeded throws, uniform moves."""
    while steps > 0 and not game.is_terminal():
        if game.is_chance_node():
            game.throw()
        else:
            game.apply_action(rng.choice(game.legal_actions()))
        steps -= 1
    return game


def to_decision(game):
    """Throws until a move is due."""
    while game.is_chance_node():
        game.throw()
    return game


def test_the_action_space_is_a_few_dozen_actions_in_every_variant():
    sizes = {v: senet_sim.Game(v).num_distinct_actions for v in senet_sim.variants()}
    # Square-named moves: 31 forward, 31 backward, 3 that move no pawn; passage's water
    # choice adds 31; ludii-piccione's split throws name the pawn by rank (5 pawns, 6 lengths).
    assert sizes == {
        "passage": 96, "game-box": 65, "kendall": 65, "empty-board": 65, "tejon": 65,
        "ludii-kendall": 65, "ludii-jequier": 65, "ludii-bell": 65, "ludii-piccione": 63,
    }
    assert max(sizes.values()) == senet_sim.MAX_ACTIONS == 96
    for variant in senet_sim.variants():
        game = senet_sim.Game(variant, seed=4)
        rng = random.Random(4)
        while not game.is_terminal():
            if game.is_chance_node():
                game.throw()
                continue
            actions = game.legal_actions()
            assert all(0 <= a < sizes[variant] for a in actions), variant
            words = [game.action_to_string(a) for a in actions]
            assert len(set(words)) == len(words), (variant, words)
            game.apply_action(rng.choice(actions))


def test_an_action_means_the_same_move_in_every_position():
    # tejon: the opening pawn on 10 moves forward with the first 1 (004); its action is 10.
    game = senet_sim.Game("tejon")
    game.apply_action(1)
    assert game.legal_actions() == [10]
    assert game.action_to_string(10) == "10 -> 11"
    assert game.action_to_string(40) == "backward from 9"
    assert game.action_to_string(0) == "enter"


def test_the_observation_tensor_is_the_state_from_the_viewers_side():
    game = to_decision(senet_sim.Game("tejon", seed=1))
    assert senet_sim.Game.observation_len() == 105
    mover = game.current_player()
    mine = game.observation_tensor(mover)
    theirs = game.observation_tensor(1 - mover)
    pos = game.position()
    side = ["white", "black"]
    assert [i + 1 for i in range(30) if mine[i] == 1] == pos[side[mover]]
    assert [i + 1 for i in range(30) if mine[30 + i] == 1] == pos[side[1 - mover]]
    assert mine[0:30] == theirs[30:60]
    # The throw to play, one-hot over 1 to 6, and whose turn it is.
    assert mine[94:100] == [1.0 if v == game.points() else 0.0 for v in range(1, 7)]
    assert (mine[102], theirs[102]) == (1.0, 0.0)
    assert (mine[103], theirs[103]) == ((1.0, 0.0) if mover == 0 else (0.0, 1.0))


def test_the_observation_string_is_the_state_not_its_history():
    # Two throw-offs that end with the same 1 (3 then 1; 2, 4 then 1) reach the same state.
    a, b = senet_sim.Game("tejon"), senet_sim.Game("tejon")
    for value in (3, 1):
        a.apply_action(value)
    for value in (2, 4, 1):
        b.apply_action(value)
    assert a.history() != b.history()
    assert a.observation_string() == b.observation_string()
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert "black to move: a throw of 1" in a.observation_string()
    assert a.thrown() == a.points() == 1


def test_the_longest_game_is_bounded_by_the_turn_cap():
    # The opening (a draw, two higher throws, the throw-off's 10,000), then for each throw
    # up to 50 a turn of the cap, the throw and at most six decisions.
    for turns in (100, 2500):
        game = senet_sim.Game("tejon", {"max_turns": turns})
        assert game.max_game_length == 3 + 10_000 + 7 * 50 * turns
    assert senet_sim.Game("tejon").max_game_length == 3 + 10_000 + 7 * 50 * 20_000


def test_no_chance_outcome_has_probability_zero():
    # ludii-bell: sticks never show 5 (its throw table), so 5 is not an outcome.
    game = senet_sim.Game("ludii-bell")
    while not game.is_chance_node() or game.phase() == "starter":
        game.throw()
    outcomes = game.chance_outcomes()
    assert all(p > 0 for _, p in outcomes)
    for value, _ in outcomes:
        copy = game.clone()
        copy.apply_action(value)


def test_a_game_saved_and_restored_plays_on_as_the_original():
    for variant in senet_sim.variants():
        game = play(senet_sim.Game(variant, {"pawns": 3}, seed=8), random.Random(8), steps=150)
        for restored in (senet_sim.Game.deserialize(game.serialize()), pickle.loads(pickle.dumps(game))):
            assert restored.history() == game.history()
            assert str(restored) == str(game)
            assert restored.observation_tensor(0) == game.observation_tensor(0)
            # The same stream: the same future throws.
            assert play(restored, random.Random(1)).history() == play(
                pickle.loads(pickle.dumps(game)), random.Random(1)
            ).history()


def test_a_tampered_save_is_refused_naming_why():
    data = senet_sim.Game("tejon", seed=8).serialize()
    with pytest.raises(ValueError, match="not a saved game"):
        senet_sim.Game.deserialize(data[:-3])
    with pytest.raises(ValueError, match="does not have its hash"):
        senet_sim.Game.deserialize(data.replace(b"pawns = 5", b"pawns = 4"))
    with pytest.raises(ValueError, match="action 1 .7."):
        senet_sim.Game.deserialize(data.replace(b'"actions":[]', b'"actions":[7]'))


def test_clones_draw_their_own_throws():
    game = to_decision(senet_sim.Game("tejon", seed=5))
    game.apply_action(game.legal_actions()[0])
    clones = [game.clone() for _ in range(3)]
    future = [c.throw() for c in clones for _ in range(1)]

    def throws(g, n=40):
        out = []
        while len(out) < n and not g.is_terminal():
            if g.is_chance_node():
                out.append(g.throw())
            else:
                g.apply_action(g.legal_actions()[0])
        return out

    seen = [throws(c) for c in clones]
    original = throws(game)
    # Three clones and the original, 40 throws each: no two sequences are the same (the
    # chance that two independent ones agree is below 0.4^40).
    assert len({tuple(s) for s in seen + [original]}) == 4, future
    assert len({c.seed for c in clones} | {game.seed}) == 4


def test_a_game_starts_from_a_given_position():
    position = {"white": [26, 28], "black": [27, 29], "to_move": 1}
    game = senet_sim.Game.from_position(position, "tejon", {"pawns": 2})
    assert game.phase() == "throw"
    assert game.position()["black"] == [27, 29]
    assert game.position()["to_move"] == 1
    with pytest.raises(ValueError, match="both"):
        senet_sim.Game.from_position({"white": [26], "black": [26]}, "tejon", {"pawns": 2})
    restored = senet_sim.Game.deserialize(play(game, random.Random(3)).serialize())
    assert restored.history() == game.history() and restored.is_terminal()


def test_the_projects_players_choose_legal_actions():
    # td's network ships for the presets (tejon: 5 pawns); optimal solves 2-pawn tejon.
    for spec, rules in [("random", {"pawns": 2}), ("heuristic", {"pawns": 2}),
                        ("expectimax:1", {"pawns": 2}), ("rollout:4", {"pawns": 2}),
                        ("optimal", {"pawns": 2}), ("td", None)]:
        player = senet_sim.player(spec, "tejon", rules, seed=1)
        game = senet_sim.Game("tejon", rules, seed=2)
        while not game.is_terminal():
            if game.is_chance_node():
                game.throw()
            else:
                action = player.action(game)
                assert action in game.legal_actions(), spec
                game.apply_action(action)
    with pytest.raises(ValueError, match="not this game's rules"):
        senet_sim.player("heuristic", "tejon").action(to_decision(senet_sim.Game("kendall")))
    with pytest.raises(ValueError, match="nope"):
        senet_sim.player("nope", "tejon")


def test_expectimax_beats_random_from_python():
    """200 games of 2-pawn tejon, expectimax:1 against random, sides alternating: it wins
    more than half (the run's figure is about 60 %; 200 games give a standard error of 3.5
    points)."""
    rules = {"pawns": 2}
    player = senet_sim.player("expectimax:1", "tejon", rules)
    rng = random.Random(11)
    wins, n = 0, 200
    for i in range(n):
        game = senet_sim.Game("tejon", rules, seed=1000 + i)
        me = i % 2
        while not game.is_terminal():
            if game.is_chance_node():
                game.throw()
            elif game.current_player() == me:
                game.apply_action(player.action(game))
            else:
                game.apply_action(rng.choice(game.legal_actions()))
        wins += game.returns()[me] > 0
    assert wins / n > 0.5 + 2 * math.sqrt(0.25 / n)


def test_the_version_names_its_commit():
    p = senet_sim.provenance()
    assert p["version"] == senet_sim.VERSION and p["commit"] == senet_sim.COMMIT
    assert senet_sim.__version__.startswith(senet_sim.VERSION)
    if senet_sim.COMMIT != "unknown":
        assert senet_sim.COMMIT.split("+")[0] in senet_sim.__version__
