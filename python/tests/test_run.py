"""senet_sim.run: a scenario's tables as polars frames, the values of the report's files."""

import math
import os
import pathlib
import subprocess

import polars as pl
import pytest

import senet_sim

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_a_run_gives_every_table_of_its_report(scenarios):
    tables = senet_sim.run(scenarios / "coins-vs-sticks.toml", games=4000, seed=3)
    for name in ["summary", "throws", "lengths", "squares", "metrics", "comparison"]:
        assert isinstance(tables[name], pl.DataFrame), name
    summary = tables["summary"]
    assert summary["games"].to_list() == [4000] * summary.height
    # Every game is won by one side (tejon has no draw, and no game reaches the cap).
    assert (summary["white_wins"] + summary["black_wins"]).to_list() == [4000] * summary.height


def test_throw_frequencies_sit_beside_their_exact_theory(scenarios):
    throws = senet_sim.run(scenarios / "coins-vs-sticks.toml", games=4000, seed=3)["throws"]
    coins = throws.filter(arm="fair coins")
    # Four fair coins: 1, 2, 3, 4 marked faces with 4/16, 6/16, 4/16, 1/16; none gives 6.
    assert dict(zip(coins["value"], coins["theory"])) == {
        1: 0.25, 2: 0.375, 3: 0.25, 4: 0.0625, 6: 0.0625,
    }
    for row in coins.iter_rows(named=True):
        total = coins["count"].sum()
        se = math.sqrt(row["theory"] * (1 - row["theory"]) / total)
        assert abs(row["frequency"] - row["theory"]) < 5 * se, row


def test_the_same_seed_gives_the_same_tables_whatever_the_threads(scenarios):
    one = senet_sim.run(scenarios / "coins-vs-sticks.toml", games=3000, seed=5, threads=1)
    two = senet_sim.run(scenarios / "coins-vs-sticks.toml", games=3000, seed=5, threads=2)
    assert one.keys() == two.keys()
    for name in one:
        assert one[name].equals(two[name]), name
    other = senet_sim.run(scenarios / "coins-vs-sticks.toml", games=3000, seed=6, threads=1)
    assert not one["summary"].equals(other["summary"])


def test_a_tournament_scenario_gives_its_tables(scenarios):
    tables = senet_sim.run(scenarios / "strategies.toml", games=40, seed=1)
    assert {"tournament", "ranking", "luck"} <= tables.keys()


def test_ctrl_c_stops_a_long_run_with_keyboard_interrupt(scenarios, tmp_path):
    # A child Python runs 10^9 games; SIGINT a second in raises KeyboardInterrupt within
    # seconds, as Ctrl-C does in a notebook or a terminal.
    import signal
    import subprocess
    import sys
    import time

    code = (
        "import senet_sim, sys\n"
        "print('started', flush=True)\n"
        "try:\n"
        f"    senet_sim.run({str(scenarios / 'coins-vs-sticks.toml')!r}, games=10**9)\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted', flush=True)\n"
        "    sys.exit(3)\n"
    )
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "started"
    time.sleep(1.5)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=30)
    assert child.returncode == 3, out
    assert "interrupted" in out
    assert time.monotonic() - sent < 10


def _files(folder):
    """Every file of a report folder by its relative path, the commit lines aside (the package
    and the binary may be built from different commits), and the time each was written."""
    out = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and path.name != ".senet-sim-report":
            data = path.read_bytes()
            if path.suffix in (".md", ".html", ".json"):
                lines = data.decode("utf-8").splitlines()
                data = "\n".join(x for x in lines if "commit" not in x and '"written"' not in x)
            out[path.relative_to(folder).as_posix()] = data
    return out


def _binary():
    """The command line built beside the package (cargo test passes its path)."""
    path = os.environ.get("SENET_SIM_BIN") or str(ROOT / "target" / "debug" / "senet-sim")
    assert os.path.exists(path), f"no senet-sim binary at {path}: cargo build first"
    return path


@pytest.mark.parametrize(
    "name,games",
    [("coins-vs-sticks.toml", 3000), ("lesson/1-sticks-or-coins.toml", 2000)],
)
def test_a_report_written_from_python_is_the_command_lines(scenarios, tmp_path, monkeypatch, name, games):
    scenario = str(scenarios / name)
    (tmp_path / "cli").mkdir()
    subprocess.run(
        [_binary(), "run", scenario, "--games", str(games), "--out", "rep", "--quiet"],
        cwd=tmp_path / "cli",
        check=True,
    )
    (tmp_path / "py").mkdir()
    monkeypatch.chdir(tmp_path / "py")
    tables = senet_sim.run(scenario, games=games, report="rep")
    cli, py = _files(tmp_path / "cli" / "rep"), _files(tmp_path / "py" / "rep")
    assert sorted(cli) == sorted(py)
    assert [f for f in cli if cli[f] != py[f]] == []
    # What a teacher opens: the page, its charts inline, and the tables as the frames.
    html = (tmp_path / "py" / "rep" / "report.html").read_text(encoding="utf-8")
    assert html.count("<svg ") >= 5 and "senet-sim run" in html
    assert "summary.csv" in cli and tables["summary"].height >= 2
    assert [p.name for p in (tmp_path / "py").iterdir()] == ["rep"], "nothing left beside it"


def test_a_report_is_written_only_into_a_new_folder(scenarios, tmp_path):
    kept = tmp_path / "mine"
    kept.mkdir()
    (kept / "notes.txt").write_text("a teacher's notes")
    with pytest.raises(FileExistsError, match="already exists"):
        senet_sim.run(scenarios / "coins-vs-sticks.toml", games=10, report=kept)
    assert [p.name for p in kept.iterdir()] == ["notes.txt"]
    with pytest.raises(ValueError, match="lang="):
        senet_sim.run(scenarios / "coins-vs-sticks.toml", games=10, report=tmp_path / "r", lang="de")
    with pytest.raises(ValueError, match="exact"):
        senet_sim.run(scenarios / "lesson" / "5-solved-game.toml", games=10, report=tmp_path / "r")
    assert not (tmp_path / "r").exists()


def test_counts_are_signed_so_differences_do_not_wrap(scenarios):
    summary = senet_sim.run(scenarios / "coins-vs-sticks.toml", games=500, seed=3)["summary"]
    for name, dtype in summary.schema.items():
        assert dtype not in (pl.UInt8, pl.UInt16, pl.UInt32, pl.UInt64), name
    assert summary["games"].dtype == pl.Int64
    # A difference of two counts is a small signed number, never a wrap-around near 2**64.
    diff = (summary["black_wins"] - summary["white_wins"]).to_list()
    assert all(abs(d) <= 500 for d in diff), diff


def test_the_command_lines_checks_hold_in_python(scenarios):
    path = scenarios / "coins-vs-sticks.toml"
    with pytest.raises(ValueError, match="threads must be at least 1"):
        senet_sim.run(path, games=10, threads=0)
    with pytest.raises(ValueError, match="games must be at least 1"):
        senet_sim.run(path, games=0)
    with pytest.raises(ValueError, match="add up to more than 1000000000000"):
        senet_sim.run(path, games=10**12)


def test_ctrl_c_stops_a_long_run_within_a_second():
    import signal
    import sys
    import time

    code = (
        "import senet_sim; senet_sim.run('scenarios/coins-vs-sticks.toml', games=10**9, threads=2)"
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    child = subprocess.Popen(
        [sys.executable, "-c", code], cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True
    )
    time.sleep(2)
    assert child.poll() is None, child.stderr.read()
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    try:
        child.wait(timeout=10)
    finally:
        child.kill()
    assert time.monotonic() - sent < 1.0
    assert "KeyboardInterrupt" in child.stderr.read()


def test_a_bad_class_file_is_refused_without_a_report_too(tmp_path):
    (tmp_path / "classe.csv").write_text("groupe;1;2;3;4;6\nGroupe 1;16;15;onze;3;5\n")
    scenario = tmp_path / "s.toml"
    scenario.write_text(
        'name = "s"\ngames = 10\nlang = "fr"\n\n[[arm]]\nname = "pièces"\nvariant = "kendall"\n'
        'class_throws = "classe.csv"\n'
    )
    with pytest.raises(ValueError, match="classe.csv.*ligne 2"):
        senet_sim.run(scenario)


def test_a_scenarios_exact_is_said_to_be_left_out(scenarios):
    with pytest.warns(UserWarning, match="`exact` is solved by `senet-sim run` only"):
        tables = senet_sim.run(scenarios / "lesson" / "5-solved-game.toml", games=50)
    assert tables["summary"].height == 2
