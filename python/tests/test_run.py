"""senet_sim.run: a scenario's tables as polars frames, the values of the report's files."""

import math

import polars as pl

import senet_sim


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
