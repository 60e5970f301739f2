"""No false claim passes the edge game's checker: random edits of the answer and its
certificate on every family (boards, paths, trees, random bipartite graphs), and
certificates that stay small where the parity sets grow with the square."""

from __future__ import annotations

import json

import numpy as np
import pytest
from budget import examples
from edge_strategies import multigraphs, small_boards
from hypothesis import given, settings
from hypothesis import strategies as st

from matchgame import Board, DocumentError, MultiGraph, analyse
from matchgame.certificates import check_answer
from matchgame.writers.placements import format_placements

LISTS = ("lanes", "pivots", "pivot_rows", "pivot_refs", "proved", "proofs")


def answer(source) -> bytes:
    analysis = analyse(source, game="edge")
    return format_placements(analysis, "json", analysis.certificate())


@st.composite
def paths(draw: st.DrawFn) -> MultiGraph:
    n = draw(st.integers(1, 40))
    edges = [(i, i + 1) for i in range(n - 1)]
    edges += draw(st.lists(st.sampled_from(edges), max_size=3)) if edges else []
    return MultiGraph(n, edges)


@st.composite
def trees(draw: st.DrawFn) -> MultiGraph:
    n = draw(st.integers(1, 40))
    parents = [draw(st.integers(0, i - 1)) for i in range(1, n)]
    return MultiGraph(n, [(p, i + 1) for i, p in enumerate(parents)])


@st.composite
def random_bipartite(draw: st.DrawFn) -> MultiGraph:
    n = draw(st.integers(2, 40))
    half = draw(st.integers(1, n - 1))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    m = draw(st.integers(0, 3 * n))
    edges = np.stack([rng.integers(0, half, m), rng.integers(half, n, m)], axis=1)
    return MultiGraph(n, edges)


def sources() -> st.SearchStrategy:
    small = multigraphs(bipartite=True, max_vertices=9).map(lambda g: MultiGraph(*g))
    boards = small_boards("orthogonal").map(Board.from_rows)
    return st.one_of(boards, paths(), trees(), random_bipartite(), small)


def winning_field(document: dict) -> str:
    return "winning_cells" if "winning_cells" in document else "winning_vertices"


@settings(max_examples=examples(700), deadline=None)
@given(source=sources(), data=st.data())
def test_random_edits_prove_no_false_answer(source, data):
    original = json.loads(answer(source))
    assert check_answer(source, json.dumps(original).encode(), game="edge") == []
    document = json.loads(json.dumps(original))
    certificate = document["certificate"]
    field = data.draw(st.sampled_from([*LISTS, "winning", "placer_wins"]))
    if field == "placer_wins":
        document["placer_wins"] = not document["placer_wins"]
    elif field == "winning":  # one vertex more or fewer, the certificate as it is
        key = winning_field(document)
        items = document[key]
        if items and data.draw(st.booleans()):
            del items[data.draw(st.integers(0, len(items) - 1))]
        else:
            new = (
                [data.draw(st.integers(1, 5)), data.draw(st.integers(1, 5))]
                if key == "winning_cells"
                else data.draw(st.integers(1, 45))
            )
            if new in items:
                return
            items.append(new)
            items.sort()
    else:
        items = certificate[field]
        edit = data.draw(st.sampled_from(["set", "delete", "insert", "swap"]))
        if edit == "insert" or not items:
            items.insert(data.draw(st.integers(0, len(items))), data.draw(st.integers(-5, 45)))
        elif edit == "delete":
            del items[data.draw(st.integers(0, len(items) - 1))]
        elif edit == "set":
            items[data.draw(st.integers(0, len(items) - 1))] = data.draw(st.integers(-5, 45))
        else:
            i, j = (data.draw(st.integers(0, len(items) - 1)) for _ in range(2))
            items[i], items[j] = items[j], items[i]
    try:
        problems = check_answer(source, json.dumps(document).encode(), game="edge")
    except DocumentError:
        return
    if not problems:  # accepted: then the answer is the true one
        for key in original:
            if key != "certificate":
                assert document[key] == original[key], key


@pytest.mark.parametrize("n", [2_000, 20_001])
def test_a_long_path_has_a_certificate_linear_in_its_length(n):
    path = MultiGraph(n, [(i, i + 1) for i in range(n - 1)])
    data = answer(path)
    assert check_answer(path, data, game="edge") == []
    certificate = json.loads(data)["certificate"]
    total = sum(len(certificate[key]) for key in LISTS)
    assert total <= 10 * n  # the parity sets alone held about n**2 / 4 ids


def test_a_tree_and_a_random_graph_check():
    rng = np.random.default_rng(3)
    n = 3000
    tree = MultiGraph(n, [(int(rng.integers(0, i)), i) for i in range(1, n)])
    assert check_answer(tree, answer(tree), game="edge") == []
    half = 1500
    edges = np.stack([rng.integers(0, half, 2 * n), rng.integers(half, n, 2 * n)], axis=1)
    graph = MultiGraph(n, edges)
    assert check_answer(graph, answer(graph), game="edge") == []
