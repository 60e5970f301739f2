"""What a new user tripped on, round 2 (issue 26), one test or more an item: names
everywhere, graphs back out, hints, small wrongs, a python-chess feel."""

from __future__ import annotations

import pytest
from cli_helpers import run_cli

import matchgame
from matchgame import Graph, InvalidTypeError

# -- small wrongs ------------------------------------------------------------------


def test_explain_takes_a_graph_and_checks_its_argument():
    nx = pytest.importorskip("networkx")
    why = matchgame.explain(nx.path_graph(3), 1)
    assert not why.placer_wins and why.name == 1
    assert matchgame.explain(Graph.from_edges(3, [(0, 1), (1, 2)]), 0).placer_wins
    with pytest.raises(InvalidTypeError, match="source must be"):
        matchgame.explain(3, 1)
    edge = matchgame.analyse(Graph.from_edges(2, [(0, 1)]), game="edge")
    with pytest.raises(InvalidTypeError, match="proof"):
        matchgame.explain(edge, 0)


# -- --out-dir ---------------------------------------------------------------------


def test_out_dir_is_made_with_its_parents_and_said(tmp_path):
    boards = []
    for i in range(2):
        boards.append(tmp_path / f"{i}.in")
        boards[-1].write_text("3 3\n.##\n...\n#.#\n")
    out = tmp_path / "answers" / "today"
    run = run_cli("placements", *map(str, boards), "--out-dir", str(out))
    assert run.code == 0, run.err
    assert (out / "0.out").read_text() == "WIN\n2 3\n3 2\n"
    assert f"created the directory {str(out)!r}" in run.err
    again = run_cli("placements", *map(str, boards), "--out-dir", str(out))
    assert again.code == 0 and "created" not in again.err
