"""Senet for OpenSpiel: ``register()`` makes every variant a pyspiel game, ``senet_<variant>``
(``senet_game_box`` for ``game-box``), with parameters ``pawns`` and ``max_turns`` (0: the
variant's own).

    import pyspiel
    from senet_sim import openspiel
    openspiel.register()
    game = pyspiel.load_game("senet_tejon", {"pawns": 3})

Players 0 (white) and 1 (black); chance nodes are the throws (and the starter's draw, 0 white
or 1 black) with the device's exact probabilities, impossible values left out. A move's action
is the engine's compact numbering (``docs/python.md``): the square its pawn leaves and its
kind, at most ``MAX_ACTIONS`` (96) in any variant. Observations and information states (the
same: perfect information) are the 105-value tensor seen by the player asked, and the state
alone in words. A throw that cannot be played passes at once. Returns: +1 and -1, or 0 and 0
for a draw or a game stopped by the turn cap. States pickle and serialize (their own bytes).
``bot(game, "expectimax:2")`` is one of the project's strategies as an OpenSpiel bot.
"""

from __future__ import annotations

import numpy as np
import pyspiel

from . import Game, Player, rules, variants

_REGISTERED: set = set()

#: The observation tensor's views, in order: name and shape (``docs/python.md``).
OBSERVATION_VIEWS = (
    ("pawns", (3, 30)),
    ("waiting", (2,)),
    ("out", (2,)),
    ("points", (6,)),
    ("flags", (5,)),
)


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
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"pawns": 0, "max_turns": 0},
    )

    class SenetGame(pyspiel.Game):
        """A senet-sim variant as an OpenSpiel game."""

        def __init__(self, params=None):
            params = dict(params or {})
            self._rules = {
                k: int(params[k]) for k in ("pawns", "max_turns") if int(params.get(k, 0))
            }
            probe = Game(variant, self._rules)
            game_rules = rules(variant, self._rules)
            info = pyspiel.GameInfo(
                num_distinct_actions=probe.num_distinct_actions,
                max_chance_outcomes=max(max(game_rules["throw_values"]) + 1, 2),
                num_players=2,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=probe.max_game_length,
            )
            super().__init__(game_type, info, params)

        def new_initial_state(self, params=None):
            """The start; with ``{"position": {...}}`` (a dict as ``Game.position()``
            gives it) a game taken up there, its side to move about to throw."""
            position = (params or {}).get("position")
            if position is None:
                return SenetState(self, Game(variant, self._rules))
            return SenetState(self, Game.from_position(dict(position), variant, self._rules))

        def make_py_observer(self, iig_obs_type=None, params=None):
            return SenetObserver(params)

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

    def senet(self) -> Game:
        """The senet-sim game under this state."""
        return self._senet

    def __str__(self):
        return str(self._senet)

    def __deepcopy__(self, memo):
        return SenetState(self.get_game(), self._senet.clone())


class SenetObserver:
    """The position and its decision as ``Game.observation_tensor`` gives it, seen by the
    player asked, with views by part; in words, the state alone (perfect information: every
    player sees it)."""

    def __init__(self, params=None):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(Game.observation_len(), np.float32)
        self.dict = {}
        start = 0
        for view, shape in OBSERVATION_VIEWS:
            size = int(np.prod(shape))
            self.dict[view] = self.tensor[start:start + size].reshape(shape)
            start += size

    def set_from(self, state, player):
        self.tensor[:] = state._senet.observation_tensor(player)

    def string_from(self, state, player):
        return state._senet.observation_string()


class SenetBot(pyspiel.Bot):
    """One of senet-sim's strategies (``senet_sim.Player``) as an OpenSpiel bot: it plays
    the player's choice at decisions; chance nodes are the caller's."""

    def __init__(self, game, spec: str, seed: int = 0):
        pyspiel.Bot.__init__(self)
        probe = game.new_initial_state()._senet
        self._player = Player(spec, probe.variant, dict(game._rules), seed)

    def step(self, state):
        return self._player.action(state._senet)

    def restart_at(self, state):
        pass

    def inform_action(self, state, player_id, action):
        pass


def bot(game, spec: str, seed: int = 0) -> SenetBot:
    """``spec`` (``"expectimax:2"``, ``"heuristic"``, ``"td"``, ``"optimal"``, ...) playing
    ``game`` (a registered ``senet_*`` game) as an OpenSpiel bot; ``seed`` seeds its own
    choices (``random``, ``rollout``)."""
    return SenetBot(game, spec, seed)


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
