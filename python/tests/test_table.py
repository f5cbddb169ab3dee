"""senet_sim.Table: a table `senet-sim solve` wrote, read from Python, agrees with the solve's
own files."""

import array
import csv
import os
import subprocess

import pytest

import senet_sim
from conftest import ROOT


def binary():
    """The command line built beside the package (cargo test passes its path)."""
    return os.environ.get("SENET_SIM_BIN") or str(ROOT / "target" / "debug" / "senet-sim")


@pytest.fixture(scope="module")
def solved(tmp_path_factory):
    """2-pawn tejon solved by the command line (seconds)."""
    out = tmp_path_factory.mktemp("solve") / "tejon-2"
    subprocess.run(
        [binary(), "solve", "--variant", "tejon", "--pawns", "2", "--out", str(out), "--quiet"],
        check=True,
    )
    return out


def test_the_table_gives_the_solves_best_and_worst_moves(solved):
    table = senet_sim.Table(solved / "table.senet")
    assert table.pawns == 2 and table.endgame == 0
    with open(solved / "solution.csv", newline="") as f:
        [solution] = list(csv.DictReader(f))
    assert table.positions == len(table) == int(solution["positions"])
    with open(solved / "critical.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) >= 5
    for row in rows:
        side = {"white": 0, "black": 1}[row["to_move"]]
        position = {
            "white": [int(s) for s in row["white"].split()],
            "black": [int(s) for s in row["black"].split()],
            "to_move": side,
        }
        game = senet_sim.Game.from_position(position, "tejon", {"pawns": 2})
        game.apply_action(int(row["throw"]))
        values = dict(table.move_values(game))
        assert set(values) == set(game.legal_actions())
        best = max(values, key=values.get)
        worst = min(values, key=values.get)
        assert abs(values[best] - float(row["best_value"])) < 1e-6, row
        assert abs(values[worst] - float(row["worst_value"])) < 1e-6, row
        assert game.action_to_string(best) == row["best_move"]
        assert game.action_to_string(worst) == row["worst_move"]


def test_the_tables_values_are_its_positions_by_index(solved):
    table = senet_sim.Table(solved / "table.senet")
    values = array.array("f")
    values.frombytes(table.values())
    assert len(values) == table.positions
    for i in [0, 1, 17, table.positions // 2, table.positions - 1]:
        position = table.position(i)
        assert table.index(position) == i
        assert abs(table.value(position) - values[i]) < 1e-7
        assert 0.0 <= values[i] <= 1.0
    with pytest.raises(IndexError):
        table.position(table.positions)


def test_a_file_that_is_not_a_table_is_refused(tmp_path):
    bad = tmp_path / "table.senet"
    bad.write_bytes(b"not a table at all")
    with pytest.raises(ValueError, match="not a solved table"):
        senet_sim.Table(bad)


def test_the_standard_library_reader_reads_the_same_table(solved):
    import importlib.util

    spec = importlib.util.spec_from_file_location("senet_table", ROOT / "scripts" / "senet_table.py")
    reader = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reader)
    header, values = reader.read(solved / "table.senet")
    table = senet_sim.Table(solved / "table.senet")
    assert header["rules"]["pawns"] == 2 and header["positions"] == table.positions
    assert [tuple(t) for t in header["throws"]] == table.throws
    ours = array.array("f")
    ours.frombytes(table.values())
    assert values == ours
    with pytest.raises(ValueError, match="not a table"):
        bad = solved.parent / "bad.senet"
        bad.write_bytes(b"nothing")
        reader.read(bad)
