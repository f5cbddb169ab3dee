"""senet-sim from Python: Senet, the ancient Egyptian race game, played millions of times.

- ``run(scenario)``: a scenario file played, its tables as polars DataFrames by name, and with
  ``report=DIR`` its report folder (CSV files, charts, report.md, report.html) as
  ``senet-sim run`` writes it;
- ``variants()``, ``rules(variant)``: the rule reconstructions, a game's rules as a dict;
- ``Game(variant)``: one game step by step, shaped as OpenSpiel's states (chance nodes with
  their exact probabilities, actions as integers);
- ``senet_sim.openspiel.register()``: every variant as an OpenSpiel game, ``senet_<variant>``.

The Rust libraries do the work (``senet_sim._senet_sim``); tables cross as Arrow IPC bytes, so
this package works with any polars 1.x or later.
"""

from __future__ import annotations

import io
import os
from typing import Dict, Optional

from ._senet_sim import COMMIT, MOVE_ACTIONS, VERSION, Game, rules, variants
from ._senet_sim import run_ipc as _run_ipc

__all__ = ["COMMIT", "Game", "MOVE_ACTIONS", "VERSION", "rules", "run", "variants"]
__version__ = VERSION


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
    tables = _run_ipc(os.fspath(scenario), games, seed, threads, out, lang)
    return {name: pl.read_ipc(io.BytesIO(data)) for name, data in tables}
