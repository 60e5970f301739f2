"""Certificates of the edge game: made, checked, and refused when tampered with."""

from __future__ import annotations

import json

import numpy as np
import pytest
from budget import examples
from edge_strategies import multigraphs, small_boards
from hypothesis import given, settings
from hypothesis import strategies as st

from matchgame import Board, Graph, InvalidInputError, MultiGraph, analyse
from matchgame.certificates import check_answer
from matchgame.games.vertex.certificate import make_certificate
from matchgame.generate import random_board
from matchgame.writers.placements import format_placements


def answer(source, moves="orthogonal"):
    analysis = analyse(source, game="edge", moves=moves)
    return format_placements(analysis, "json", analysis.certificate())


def edited(data: bytes, change) -> bytes:
    document = json.loads(data)
    change(document)
    return json.dumps(document).encode()


@settings(max_examples=examples(300), deadline=None)
@given(graph=multigraphs(bipartite=True, max_vertices=9))
def test_every_certificate_checks(graph):
    n, edges = graph
    multigraph = MultiGraph(n, edges)
    assert check_answer(multigraph, answer(multigraph), game="edge") == []


@pytest.mark.parametrize("moves", ["orthogonal", "knight"])
@settings(max_examples=examples(80), deadline=None)
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

    def add_it_with_a_lane(d):  # and take it out of the proved vertices
        place = sorted([*d["winning_cells"], cell(losing[0])]).index(cell(losing[0]))
        d["winning_cells"].insert(place, cell(losing[0]))
        d["certificate"]["lanes"].insert(place, 1)
        proved = d["certificate"]["proved"]
        proved.remove(first_losing)

    first_losing = int(names.cell_of_vertex[losing[0]]) + 1
    free = [int(i) + 1 for i in np.flatnonzero(BOARD.free.reshape(-1))]

    def drop_it_and_prove_it(d):  # a winning placement claimed losing, with a proof
        at = d["winning_cells"].index(cell(cells[0]))
        del d["winning_cells"][at]
        del d["certificate"]["lanes"][at]
        d["certificate"]["proved"].append(int(names.cell_of_vertex[cells[0]]) + 1)
        d["certificate"]["proofs"] += [1, 0]

    def first_row(d):
        rows = d["certificate"]["pivot_rows"]
        return rows[: rows.index(0)]

    def wrong_pivot_row(d):  # one more free cell in the first pivot row
        extra = next(c for c in free if c not in first_row(d))
        d["certificate"]["pivot_rows"][: len(first_row(d))] = sorted([*first_row(d), extra])

    def drop_a_reference(d):
        refs = d["certificate"]["pivot_refs"]
        k = next(i for i, r in enumerate(refs) if r)
        del refs[k]

    def another_pivot_vertex(d):
        pivots = d["certificate"]["pivots"]
        pivots[0] = next(c for c in free if c != pivots[0])

    def a_later_reference(d):  # a proof that uses a vertex proved after it
        proofs, proved = d["certificate"]["proofs"], d["certificate"]["proved"]
        proofs[: proofs.index(0)] = [-len(proved)]

    def an_empty_proof(d):
        proofs = d["certificate"]["proofs"]
        del proofs[: proofs.index(0)]

    def proofs_swapped(d):
        proved = d["certificate"]["proved"]
        proved[0], proved[-1] = proved[-1], proved[0]

    def lane_bit(d):
        d["certificate"]["lanes"][0] ^= 2

    def other_moves(d):
        d["moves"] = "knight"
        d["certificate"]["input"]["moves"] = "knight"

    return [
        flip_verdict,
        drop_winning_cell,
        drop_it_and_its_lane,
        add_winning_cell,
        add_it_with_a_lane,
        drop_it_and_prove_it,
        wrong_pivot_row,
        drop_a_reference,
        another_pivot_vertex,
        a_later_reference,
        an_empty_proof,
        proofs_swapped,
        lane_bit,
        other_moves,
    ]


@pytest.mark.parametrize("tamper", tampered(), ids=lambda f: f.__name__)
def test_no_false_claim_is_accepted(tamper):
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
    [problem] = check_answer(other, edge, game="edge")
    assert problem.startswith("the certificate was made for another input: its input's sha256")


def test_a_multigraph_is_another_input_than_its_simple_graph():
    double = MultiGraph(3, [(0, 1), (0, 1), (1, 2)])
    data = answer(double)
    assert check_answer(double, data, game="edge") == []
    [problem] = check_answer(Graph.from_edges(3, [(0, 1), (1, 2)]), data, game="edge")
    assert problem.startswith("the certificate was made for another input: its input's sha256")


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
