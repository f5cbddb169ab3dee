"""senet-sim from Python: Senet, the ancient Egyptian race game, played millions of times.

- ``run(scenario)``: a scenario file played, its tables as polars DataFrames by name, and with
  ``report=DIR`` its report folder (CSV files, charts, report.md, report.html) as
  ``senet-sim run`` writes it;
- ``variants()``, ``rules(variant)``: the rule reconstructions, a game's rules as a dict;
- ``Game(variant)``: one game step by step, shaped as OpenSpiel's states (chance nodes with
  their exact probabilities, compact actions, observation tensors), saved and restored
  (``serialize``, pickling), cloned with a stream of throws of its own;
- ``Player(spec, variant)``: the project's strategies (``expectimax:2``, ``td``, ``optimal``,
  ...) choosing an action for a game; ``Table(path)``: a table ``senet-sim solve`` wrote,
  each position's and each move's chance of winning; ``provenance()``: version and commit;
- ``senet_sim.openspiel.register()``: every variant as an OpenSpiel game, ``senet_<variant>``.

The Rust libraries do the work (``senet_sim._senet_sim``); tables cross as Parquet bytes, so
this package works with any polars 1.x or later.
"""

from __future__ import annotations

import io
import os
from typing import Dict, Optional

from ._senet_sim import COMMIT, MAX_ACTIONS, VERSION, Game, Player, Table, rules, variants
from ._senet_sim import run_parquet as _run_parquet

__all__ = [
    "COMMIT", "Game", "MAX_ACTIONS", "Player", "Table", "VERSION", "player", "provenance", "rules",
    "run", "variants",
]
#: The version and, after ``+``, the commit it was built from (PEP 440's local part).
__version__ = VERSION if COMMIT == "unknown" else f"{VERSION}+{COMMIT.replace('+', '.')}"


def provenance() -> Dict[str, str]:
    """What wrote a figure: the program's version and the commit it was built from."""
    return {"program": "senet-sim", "version": VERSION, "commit": COMMIT}


def player(spec: str, variant: Optional[str] = None, rules=None, seed: int = 0) -> Player:
    """The strategy ``spec`` (as the command line names it) for games of ``variant``;
    ``Player.action(game)`` is its choice."""
    return Player(spec, variant, rules, seed)


def _restore(data: bytes) -> Game:
    """A pickled game restored (``Game.deserialize``)."""
    return Game.deserialize(data)


def run(
    scenario: "str | os.PathLike[str]",
    games: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    report: "str | os.PathLike[str] | None" = None,
    lang: Optional[str] = None,
) -> Dict[str, "polars.DataFrame"]:  # noqa: F821
    """Plays a scenario file; returns its tables as polars DataFrames by name.

    The names are the report's CSV files without ``.csv`` (``summary``, ``throws``,
    ``lengths``, ``squares``, ``metrics``, ``tournament``, ...), the columns their English
    headers, every digit kept (as the report's Parquet files). ``games`` (per arm and per
    tournament pairing), ``seed`` and ``threads`` replace the file's, as ``senet-sim run
    --games --seed --threads`` do; the same seed gives the same tables whatever the threads.

    ``report``: a folder that does not exist yet, where the report is written as ``senet-sim
    run SCENARIO --out DIR`` writes it (the same files but the commit line), in ``lang``
    (``"en"`` or ``"fr"``, else the scenario's ``lang``), each arm's ``class_throws`` read and
    checked first (``ValueError`` naming the file and line). A scenario with ``exact`` is
    refused there: its solve is the command line's.
    """
    import polars as pl

    out = None if report is None else os.fspath(report)
    tables = _run_parquet(os.fspath(scenario), games, seed, threads, out, lang)
    return {name: pl.read_parquet(io.BytesIO(data)) for name, data in tables}
