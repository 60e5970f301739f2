"""Certificates of the edge game: made, checked, and refused when tampered with."""

from __future__ import annotations

import json

import numpy as np
import pytest
from edge_strategies import multigraphs, small_boards
from hypothesis import given, settings
from hypothesis import strategies as st

from matchgame import Board, Graph, InvalidInputError, MultiGraph, analyse
from matchgame.certificates import check_answer, make_certificate
from matchgame.generate import random_board
from matchgame.writers.placements import format_placements


def answer(source, moves="orthogonal"):
    analysis = analyse(source, game="edge", moves=moves)
    return format_placements(analysis, "json", analysis.certificate())


def edited(data: bytes, change) -> bytes:
    document = json.loads(data)
    change(document)
    return json.dumps(document).encode()


@settings(max_examples=300, deadline=None)
@given(graph=multigraphs(bipartite=True, max_vertices=9))
def test_every_certificate_checks(graph):
    n, edges = graph
    multigraph = MultiGraph(n, edges)
    assert check_answer(multigraph, answer(multigraph), game="edge") == []


@pytest.mark.parametrize("moves", ["orthogonal", "knight"])
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_board_certificates_check(moves, data):
    board = Board.from_rows(data.draw(small_boards(moves)))
    assert check_answer(board, answer(board, moves), moves=moves, game="edge") == []


def test_a_bigger_board_and_a_simple_graph():
    board = random_board(30, 30, 0.2, seed=4)
    data = answer(board)
    assert check_answer(board, data, game="edge") == []
    graph = Graph.from_edges(6, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 3)])
    assert check_answer(graph, answer(graph), game="edge") == []


BOARD = Board.from_rows(["....#", ".#...", "...#.", "#...."])


def tampered():
    """Edits of the answer on BOARD, each a false claim or a broken proof."""
    analysis = analyse(BOARD, game="edge")
    cells = analysis.winning_mask.nonzero()[0]
    losing = (~analysis.winning_mask).nonzero()[0]
    assert cells.size and losing.size
    names = analysis.names

    def cell(v):
        return [c + 1 for c in names.name(int(v))]

    def flip_verdict(d):
        d["placer_wins"] = not d["placer_wins"]

    def drop_winning_cell(d):
        del d["winning_cells"][0]

    def drop_it_and_its_lane(d):
        del d["winning_cells"][0]
        del d["certificate"]["lanes"][0]

    def add_winning_cell(d):
        d["winning_cells"] = sorted([*d["winning_cells"], cell(losing[0])])

    def add_it_with_a_lane(d):  # and take its parity set away
        place = sorted([*d["winning_cells"], cell(losing[0])]).index(cell(losing[0]))
        d["winning_cells"].insert(place, cell(losing[0]))
        d["certificate"]["lanes"].insert(place, 1)
        sets, out, k = d["certificate"]["parity_sets"], [], 0
        for value in sets:
            if k != 0:
                out.append(value)
            if value == 0:
                k += 1
        d["certificate"]["parity_sets"] = out
        del d["certificate"]["winning_moves"][0]

    def first_set(d):
        sets = d["certificate"]["parity_sets"]
        return sets[: sets.index(0)]

    free = [int(i) + 1 for i in np.flatnonzero(BOARD.free.reshape(-1))]
    first_losing = int(names.cell_of_vertex[losing[0]]) + 1

    def wrong_parity_set(d):  # one more free cell in the first set T
        extra = next(c for c in free if c not in first_set(d) and c != first_losing)
        d["certificate"]["parity_sets"][: len(first_set(d))] = sorted([*first_set(d), extra])

    def lane_bit(d):
        d["certificate"]["lanes"][0] ^= 2

    def move_outside_the_set(d):  # along an edge, but not into the set
        outside = next(c for c in free if c not in first_set(d) and abs(c - first_losing) in (1, 5))
        d["certificate"]["winning_moves"][0] = outside

    def move_not_along_an_edge(d):
        far = [c for c in first_set(d) if abs(c - first_losing) not in (1, 5)]
        d["certificate"]["winning_moves"][0] = far[0] if far else first_losing

    def other_moves(d):
        d["moves"] = "knight"
        d["certificate"]["input"]["moves"] = "knight"

    return [
        flip_verdict,
        drop_winning_cell,
        drop_it_and_its_lane,
        add_winning_cell,
        add_it_with_a_lane,
        wrong_parity_set,
        lane_bit,
        move_outside_the_set,
        move_not_along_an_edge,
        other_moves,
    ]


@pytest.mark.parametrize("chunk", [1 << 21, 3])
@pytest.mark.parametrize("tamper", tampered(), ids=lambda f: f.__name__)
def test_no_false_claim_is_accepted(tamper, chunk, monkeypatch):
    """Each edit is refused, also when the parity sets are checked a few at a time."""
    from matchgame.games.edge import checker as edges

    monkeypatch.setattr(edges, "_CHUNK", chunk)
    data = answer(BOARD)
    assert check_answer(BOARD, data, game="edge") == []
    problems = check_answer(BOARD, edited(data, tamper), game="edge")
    assert problems, tamper.__name__


def test_a_certificate_for_the_other_game():
    edge = answer(BOARD)
    vertex = format_placements(analyse(BOARD), "json", make_certificate(BOARD))
    assert check_answer(BOARD, vertex) == []
    assert check_answer(BOARD, edge) == []  # the certificate says which game it proves
    assert check_answer(BOARD, edge, game="vertex") == [
        "the certificate was made for the edge game, not the vertex game"
    ]
    assert check_answer(BOARD, vertex, game="edge") == [
        "the certificate was made for the vertex game, not the edge game"
    ]
    other = Board.from_rows(["...", "..."])
    assert check_answer(other, edge, game="edge") == ["the certificate was made for another input"]


def test_a_multigraph_is_another_input_than_its_simple_graph():
    double = MultiGraph(3, [(0, 1), (0, 1), (1, 2)])
    data = answer(double)
    assert check_answer(double, data, game="edge") == []
    assert check_answer(Graph.from_edges(3, [(0, 1), (1, 2)]), data, game="edge") == [
        "the certificate was made for another input"
    ]


def test_graphs_with_odd_cycles_have_no_certificate():
    triangle = analyse(Graph.from_edges(3, [(0, 1), (1, 2), (2, 0)]), game="edge")
    with pytest.raises(InvalidInputError, match=r"odd cycle .* no short proof"):
        triangle.certificate()


def test_lanes_cover_with_few_bits():
    analysis = analyse(random_board(60, 60, 0.2, seed=9), game="edge")
    lanes = np.array(
        json.loads(format_placements(analysis, "json", analysis.certificate()))["certificate"][
            "lanes"
        ]
    )
    assert lanes.min() > 0 and lanes.max() < 2**31
    assert int(np.bitwise_or.reduce(lanes)).bit_length() <= 20
