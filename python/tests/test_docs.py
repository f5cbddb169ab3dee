"""docs/python.md as a reader runs it: its examples, run from the repository's root, print
what the page shows."""

import contextlib
import io
import os
import re

from conftest import ROOT

PAGE = ROOT / "docs" / "python.md"


def blocks(section):
    """The fenced blocks of a section of the page, as (language, text)."""
    text = PAGE.read_text(encoding="utf-8")
    body = text.split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```(\w*)\n(.*?)```", body, flags=re.S)


def run(code):
    """What `code` prints, run from the repository's root as the page's paths assume."""
    out = io.StringIO()
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, str(PAGE), "exec"), {})
    finally:
        os.chdir(here)
    return out.getvalue()


def numbers(table):
    """The cells of a printed polars table, row by row, as floats (its shape line apart)."""
    rows = [line for line in table.splitlines() if line.startswith("│")]
    cells = [[c.strip() for c in row.strip("│").split("┆")] for row in rows]
    numeric = [row for row in cells if all(re.fullmatch(r"-?[\d.]+", c) for c in row)]
    return [[float(c) for c in row] for row in numeric]


def test_a_runs_frames_print_the_numbers_the_page_shows():
    (lang, code), (_, shown) = blocks("A run's frames")
    assert lang == "python"
    want, got = numbers(shown), numbers(run(code))
    assert len(want) == 5 and len(got) == len(want), (shown, got)
    for w, g in zip(want, got):
        assert len(w) == len(g), (w, g)
        assert all(abs(a - b) <= 1e-6 * max(1, abs(a)) for a, b in zip(w, g)), (w, g)


def test_the_game_driven_from_python_ends_and_replays_from_its_seed():
    [(lang, code)] = blocks("A game driven from Python")
    assert lang == "python"
    printed = run(code)
    returns, turns = re.fullmatch(r"\[(.*)\] (\d+)\n", printed).groups()
    assert sorted(float(r) for r in returns.split(",")) == [-1.0, 1.0], printed
    assert int(turns) > 0
    assert run(code) == printed


def test_the_openspiel_example_plays_mcts_against_expectimax():
    [(lang, code)] = blocks("OpenSpiel")
    assert lang == "python"
    printed = run(code)
    actions, shape, returns = re.fullmatch(r"(\d+) \[(\d+)\] \[(.*)\]\n", printed).groups()
    assert (int(actions), int(shape)) == (65, 105)
    assert sorted(float(r) for r in returns.split(",")) == [-1.0, 1.0], printed


def test_the_tables_example_prints_the_moves_values(tmp_path):
    import subprocess

    from test_table import binary

    (lang, code), (_, shown) = blocks("Tables from Python")
    assert lang == "python"
    out = tmp_path / "tejon-2"
    subprocess.run(
        [binary(), "solve", "--variant", "tejon", "--pawns", "2", "--out", str(out), "--quiet"],
        check=True,
    )
    code = code.replace('"solved/tejon-2/table.senet"', repr(str(out / "table.senet")))
    assert run(code) == shown
