"""Senet in OpenSpiel (a client no one here wrote): its random simulation test on every
variant, and its MCTS bot finishing games."""

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
        pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=False, verbose=False)
    pyspiel.random_sim_test(
        pyspiel.load_game("senet_tejon", {"pawns": 2}), num_sims=5, serialize=False, verbose=False
    )


def test_the_chance_node_is_the_devices_exact_distribution():
    openspiel.register(["tejon"])
    state = pyspiel.load_game("senet_tejon").new_initial_state()
    assert state.is_chance_node()
    assert dict(state.chance_outcomes()) == {1: 0.25, 2: 0.375, 3: 0.25, 4: 0.0625, 6: 0.0625}


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
