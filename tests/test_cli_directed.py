"""The directed game's budgets and partial answers through the faces (issue 40): the
command line as typed, and the web server's time limit."""

from __future__ import annotations

import json
import time

import numpy as np
import pytest
from cli_helpers import assert_user_error, run_cli


def tournament_text(n: int, seed: int = 1) -> bytes:
    rng = np.random.default_rng(seed)
    arcs = [(u, v) if rng.random() < 0.5 else (v, u) for u in range(n) for v in range(u + 1, n)]
    lines = [f"{n} {len(arcs)}"] + [f"{u + 1} {v + 1}" for u, v in arcs]
    return ("\n".join(lines) + "\n").encode()


def placements(*args: str, stdin: bytes):
    """``matchgame placements --game directed --edges ARGS`` as typed, on ``stdin``."""
    return run_cli("placements", "--game", "directed", "--edges", *args, stdin=stdin)


def test_a_refused_search_is_one_line_naming_the_bound():
    run = placements("--max-states", "500", stdin=tournament_text(14))
    assert_user_error(run, "--max-states 500", "14 vertices and 91 arcs", "PSPACE-complete")
    run = placements("--max-seconds", "0.2", stdin=tournament_text(40))
    assert_user_error(run, "--max-seconds 0.2", "40 vertices")


def test_partial_answers_what_it_settled_and_warns():
    """--partial: the settled winning placements, then 'unknown: K' and the K vertices
    not settled; the bound on standard error as a warning; exit status 0."""
    run = placements("--max-states", "500", "--partial", stdin=tournament_text(14))
    assert run.code == 0, run
    lines = run.out.splitlines()
    assert lines[0] in ("WIN", "UNKNOWN")
    cut = next(i for i, line in enumerate(lines) if line.startswith("unknown: "))
    unknown = [int(v) for v in lines[cut + 1 :]]
    assert len(unknown) == int(lines[cut].split()[1]) > 0
    assert run.err.startswith("warning: ") and "--max-states 500" in run.err
    assert len(run.err.splitlines()) == 1
    whole = placements(stdin=tournament_text(14))
    winning = {int(v) for v in whole.out.splitlines()[1:]}
    settled = {int(v) for v in lines[1:cut]}
    assert settled == winning - set(unknown)
    as_json = placements(
        "--max-states", "500", "--partial", "--format", "json", stdin=tournament_text(14)
    )
    document = json.loads(as_json.out)
    assert document["unknown_vertices"] == unknown and "max_states" in document["refusal"]


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["--max-memory", "lots"], ["--max-memory", "512M"]),
        (["--max-memory", "10"], ["--max-memory"]),
        (["--max-seconds", "0"], ["--max-seconds"]),
        (["--max-seconds", "-1"], ["--max-seconds"]),
    ],
)
def test_bad_budgets_are_usage_errors(args, fragments):
    run = placements(*args, stdin=b"2 1\n1 2\n")
    assert_user_error(run, *fragments)


def test_budgets_belong_to_the_directed_game():
    run = run_cli("placements", "--max-memory", "1G", "--example")
    assert_user_error(run, "--max-memory", "--game directed")
    run = run_cli("placements", "--partial", "--example")
    assert_user_error(run, "--partial", "--game directed")


def test_partial_goes_with_the_placements_only():
    record = b"3 3\n1 2\n2 3\n3 1\n2\n1\n2\n"
    run = run_cli("annotate", "--game", "directed", "--edges", "--partial", stdin=record)
    assert_user_error(run, "partial goes with the placements")


def test_a_size_and_seconds_are_taken_as_written():
    run = placements("--max-memory", "64M", "--max-seconds", "30", stdin=tournament_text(9))
    assert run.code == 0 and run.err == "", run


def test_the_server_stops_a_directed_search_at_its_time_limit():
    """The search polls the stop flag every thousand positions or so: a 40-vertex
    tournament (hours of search) is stopped within a fraction of a second of the
    server's limit."""
    pytest.importorskip("starlette")
    pytest.importorskip("uvicorn")
    from web_helpers import live_server, post

    from matchgame.apps.web import create_app
    from matchgame.apps.web.work import Lane, Lanes

    lanes = Lanes(heavy=Lane("heavy", 1, 1), light=Lane("light", 8, 8), time_limit=1.0)
    with live_server(create_app(lanes=lanes)) as url:
        start = time.monotonic()
        status, body = post(
            f"{url}/api/placements?edges=1&game=directed", tournament_text(40), timeout=60
        )
        elapsed = time.monotonic() - start
    assert status == 503 and "limit of 1 s" in json.loads(body)["error"], body
    assert elapsed < 2.5, elapsed  # 1 s, the light lane's tenth, and the way out
