"""senet_sim.Game: the step-by-step game driven from Python, against the seeds' rules and
the run's figures."""

import math
import random

import pytest

import senet_sim


def play_random(game, rng):
    """Plays a game to its end: seeded throws, uniform moves; returns the game."""
    while not game.is_terminal():
        if game.is_chance_node():
            game.throw()
        else:
            game.apply_action(rng.choice(game.legal_actions()))
    return game


def test_variants_and_rules_are_the_presets():
    assert senet_sim.variants() == [
        "passage", "game-box", "kendall", "empty-board", "tejon",
        "ludii-kendall", "ludii-jequier", "ludii-bell", "ludii-piccione",
    ]
    tejon = senet_sim.rules("tejon")
    # 004: "un 1, 2, 3, 4 o 6": coins or a die without 5; five pawns a side.
    assert tejon["variant"] == "tejon"
    assert tejon["device"] == {"kind": "coins"}
    assert tejon["pawns"] == 5
    assert senet_sim.rules("kendall", {"pawns": 3})["pawns"] == 3
    assert senet_sim.rules(rules='variant = "passage"\npawns = 2\n')["pawns"] == 2


def test_a_wrong_rule_is_a_value_error_naming_it():
    with pytest.raises(ValueError, match="pawnz.*did you mean 'pawns'"):
        senet_sim.Game("tejon", {"pawnz": 3})
    with pytest.raises(ValueError, match="unknown variant 'nope'"):
        senet_sim.rules("nope")


def test_the_throw_off_waits_for_a_one_and_binds_the_opening_pawn():
    # 004: black starts once a 1 is thrown, with the pawn on 10.
    game = senet_sim.Game("tejon")
    assert game.phase() == "throw-off"
    assert game.current_player() == -1
    outcomes = dict(game.chance_outcomes())
    assert outcomes == {1: 0.25, 2: 0.375, 3: 0.25, 4: 0.0625, 6: 0.0625}
    game.apply_action(3)
    assert game.phase() == "throw-off"
    game.apply_action(1)
    assert game.current_player() == 1
    actions = game.legal_actions()
    assert [game.action_to_string(a) for a in actions] == ["10 -> 11"]
    game.apply_action(actions[0])
    assert game.position()["black"] == [2, 4, 6, 8, 11]
    # A 1 gives another throw: black throws again.
    assert game.phase() == "throw" and game.is_chance_node()
    with pytest.raises(ValueError, match="not a possible outcome"):
        game.apply_action(5)


def test_a_clone_plays_on_alone():
    game = senet_sim.Game("game-box", seed=3)
    rng = random.Random(1)
    for _ in range(30):
        if game.is_chance_node():
            game.throw()
        else:
            game.apply_action(rng.choice(game.legal_actions()))
    copy = game.clone()
    history = game.history()
    play_random(copy, random.Random(2))
    assert game.history() == history
    assert copy.is_terminal() and not game.is_terminal()
    assert sum(copy.returns()) == 0


def test_every_variant_plays_to_the_end_with_legal_actions_only():
    for variant in senet_sim.variants():
        game = senet_sim.Game(variant, {"pawns": 3}, seed=11)
        rng = random.Random(5)
        while not game.is_terminal():
            if game.is_chance_node():
                outcomes = game.chance_outcomes()
                assert math.isclose(sum(p for _, p in outcomes), 1.0)
                game.throw()
            else:
                actions = game.legal_actions()
                assert actions and actions == sorted(set(actions))
                assert all(0 <= a < game.num_distinct_actions <= senet_sim.MAX_ACTIONS for a in actions)
                assert game.current_player() in (0, 1)
                game.apply_action(rng.choice(actions))
        assert game.current_player() == -4
        assert game.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0]), variant


def test_random_games_from_python_agree_with_the_run(scenarios):
    """2,000 games driven one step at a time agree with `run`'s figures (mean throws a game,
    the first mover's win rate) within 4 standard errors."""
    n = 2000
    throws, first_wins = [], 0
    for seed in range(n):
        game = play_random(senet_sim.Game("tejon", seed=seed), random.Random(seed))
        s = game.summary()
        throws.append(s["throws"])
        first_wins += s["winner"] == s["first"]
    tables = senet_sim.run(scenarios / "coins-vs-sticks.toml", games=20000, seed=9)
    row = tables["summary"].filter(arm="fair coins").row(0, named=True)
    mean = sum(throws) / n
    sd = math.sqrt(sum((t - mean) ** 2 for t in throws) / (n - 1))
    se = math.hypot(sd / math.sqrt(n), row["sd_throws"] / math.sqrt(row["games"]))
    assert abs(mean - row["mean_throws"]) < 4 * se
    rate = first_wins / n
    se = math.sqrt(0.25 / n + 0.25 / row["games"])
    assert abs(rate - row["first_mover_rate"]) < 4 * se


def test_nested_or_self_holding_rules_raise_instead_of_killing_python():
    loop = {"pawns": 2}
    loop["self"] = loop
    with pytest.raises(ValueError, match="nest more than 16 deep"):
        senet_sim.Game("tejon", loop)
    deep = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(ValueError, match="nest more than 16 deep"):
        senet_sim.Game("tejon", {"water_squares": deep})
    # The interpreter lives on: a game still plays.
    assert senet_sim.Game("tejon", {"pawns": 1}).pawns == 1
