"""What a new user tripped on, round 2 (issue 26), one test or more an item: names
everywhere, graphs back out, hints, small wrongs, a python-chess feel."""

from __future__ import annotations

import pytest

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
