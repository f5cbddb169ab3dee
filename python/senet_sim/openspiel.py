"""Senet for OpenSpiel: ``register()`` makes every variant a pyspiel game, ``senet_<variant>``
(``senet_game_box`` for ``game-box``), with a ``pawns`` parameter (0: the variant's own).

    import pyspiel
    from senet_sim import openspiel
    openspiel.register()
    game = pyspiel.load_game("senet_tejon", {"pawns": 3})

Players 0 (white) and 1 (black); chance nodes are the throws (and the starter's draw, 0 white
or 1 black) with the device's exact probabilities; a move's action is its kind × 1024 + the
square it leaves × 32 + the square it reaches (0: waiting, 31: borne off). A throw that cannot
be played passes at once. Returns: +1 and -1, or 0 and 0 for a draw or a game stopped by the
turn cap.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from . import MOVE_ACTIONS, Game, rules, variants

_REGISTERED: set = set()


def game_name(variant: str) -> str:
    """The pyspiel name of a variant: ``senet_`` and its id with ``_`` for ``-``."""
    return "senet_" + variant.replace("-", "_")


def _game_class(variant: str):
    name = game_name(variant)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"Senet ({variant}, senet-sim)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"pawns": 0},
    )

    class SenetGame(pyspiel.Game):
        """A senet-sim variant as an OpenSpiel game."""

        def __init__(self, params=None):
            params = dict(params or {})
            pawns = int(params.get("pawns", 0))
            self._rules = {"pawns": pawns} if pawns else {}
            game_rules = rules(variant, self._rules)
            # The turn cap's safety net is 50 throws a turn; a throw is a chance node and at
            # most a move and its parts.
            length = game_rules["max_turns"] * 50 * (2 + game_rules["pawns"])
            info = pyspiel.GameInfo(
                num_distinct_actions=MOVE_ACTIONS,
                max_chance_outcomes=max(max(game_rules["throw_values"]) + 1, 2),
                num_players=2,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=length,
            )
            super().__init__(game_type, info, params)

        def new_initial_state(self):
            return SenetState(self, Game(variant, self._rules))

        def make_py_observer(self, iig_obs_type=None, params=None):
            return SenetObserver()

    SenetGame.__name__ = f"SenetGame_{variant.replace('-', '_')}"
    return game_type, SenetGame


class SenetState(pyspiel.State):
    """A position of a game, with what it waits for."""

    def __init__(self, game, senet: Game):
        super().__init__(game)
        self._senet = senet

    def current_player(self):
        return self._senet.current_player()

    def _legal_actions(self, player):
        return self._senet.legal_actions()

    def chance_outcomes(self):
        return self._senet.chance_outcomes()

    def _apply_action(self, action):
        self._senet.apply_action(int(action))

    def _action_to_string(self, player, action):
        return self._senet.action_to_string(int(action))

    def is_terminal(self):
        return self._senet.is_terminal()

    def returns(self):
        return list(self._senet.returns())

    def __str__(self):
        return str(self._senet)

    def __deepcopy__(self, memo):
        return SenetState(self.get_game(), self._senet.clone())


class SenetObserver:
    """The position in words (the game is of perfect information: every player sees it)."""

    def __init__(self):
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        return str(state._senet) + "\nhistory: " + " ".join(map(str, state._senet.history()))


def register(names=None):
    """Registers the variants (all, or the ids in ``names``) with pyspiel; returns their
    pyspiel names. Registering twice is harmless."""
    registered = []
    for variant in names or variants():
        name = game_name(variant)
        if name not in _REGISTERED:
            game_type, cls = _game_class(variant)
            pyspiel.register_game(game_type, cls)
            _REGISTERED.add(name)
        registered.append(name)
    return registered
