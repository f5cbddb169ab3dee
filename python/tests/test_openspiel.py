"""Senet in OpenSpiel (a client no one here wrote): its random simulation test on every
variant with serialization, its reinforcement-learning environment, its MCTS bot against the
project's players."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import mcts  # noqa: E402

from senet_sim import openspiel  # noqa: E402


def test_every_variant_passes_openspiels_random_simulation_test():
    names = openspiel.register()
    assert names == [
        "senet_passage", "senet_game_box", "senet_kendall", "senet_empty_board",
        "senet_tejon", "senet_ludii_kendall", "senet_ludii_jequier", "senet_ludii_bell",
        "senet_ludii_piccione",
    ]
    assert openspiel.register() == names, "registering twice is harmless"
    for name in names:
        pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=True, verbose=False)
    pyspiel.random_sim_test(
        pyspiel.load_game("senet_tejon", {"pawns": 2}), num_sims=5, serialize=True, verbose=False
    )


def test_the_game_has_tensors_and_saved_states():
    openspiel.register(["tejon"])
    game = pyspiel.load_game("senet_tejon", {"pawns": 2})
    assert game.num_distinct_actions() == 65
    assert game.observation_tensor_shape() == [105]
    ludii_cap = pyspiel.load_game("senet_tejon", {"pawns": 2, "max_turns": 2500})
    assert ludii_cap.max_game_length() == 3 + 10_000 + 7 * 50 * 2500
    assert game.information_state_tensor_shape() == [105]
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(1)
    assert state.observation_tensor() == state.information_state_tensor()
    assert sum(state.observation_tensor()) > 0
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state) and copy.history() == state.history()
    position = {"white": [26, 28], "black": [27, 29], "to_move": 0}
    taken_up = game.new_initial_state({"position": position})
    assert taken_up.senet().position()["white"] == [26, 28]


def test_the_rl_environment_steps_with_observations():
    from open_spiel.python import rl_environment

    openspiel.register(["tejon"])
    env = rl_environment.Environment(pyspiel.load_game("senet_tejon", {"pawns": 2}), seed=1)
    assert env.observation_spec()["info_state"] == (105,)
    assert env.action_spec()["num_actions"] == 65
    step = env.reset()
    rng = np.random.RandomState(2)
    for _ in range(200):
        if step.last():
            step = env.reset()
        player = step.observations["current_player"]
        legal = step.observations["legal_actions"][player]
        assert len(step.observations["info_state"][player]) == 105
        step = env.step([int(rng.choice(legal))])


def test_the_chance_node_is_the_devices_exact_distribution():
    openspiel.register(["tejon"])
    state = pyspiel.load_game("senet_tejon").new_initial_state()
    assert state.is_chance_node()
    assert dict(state.chance_outcomes()) == {1: 0.25, 2: 0.375, 3: 0.25, 4: 0.0625, 6: 0.0625}


def test_mcts_plays_against_the_projects_expectimax():
    openspiel.register(["tejon"])
    game = pyspiel.load_game("senet_tejon", {"pawns": 2})
    rng = np.random.RandomState(5)
    searcher = mcts.MCTSBot(game, 2.0, 20, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    expectimax = openspiel.bot(game, "expectimax:2")
    for i in range(4):
        state = game.new_initial_state()
        bots = [searcher, expectimax] if i % 2 == 0 else [expectimax, searcher]
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                action = bots[state.current_player()].step(state)
                assert action in state.legal_actions()
                state.apply_action(action)
        assert state.returns()[0] in (1.0, -1.0)


def test_mcts_finishes_games():
    openspiel.register(["tejon"])
    game = pyspiel.load_game("senet_tejon", {"pawns": 2})
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, 2.0, 10, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    returns = []
    for _ in range(6):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            elif state.current_player() == 0:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        returns.append(state.returns()[0])
    # Not a strength test (6 games): every game ends with a winner, as tejon's rules say.
    assert all(r in (1.0, -1.0) for r in returns)
