"""Records of the edge game and their annotation, against the brute-force oracle."""

from __future__ import annotations

import numpy as np
import pytest
from budget import examples
from edge_strategies import multigraphs, small_boards
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle_edge import EdgeOracle, board_cells, board_edges

from matchgame import Board, Graph, IllegalMoveError, MultiGraph, TokenRecord, annotate


def random_walk(oracle, start, steps, rng):
    walk, used = [start], []
    for _ in range(steps):
        legal = oracle.legal_moves(walk[-1], used)
        if not legal:
            break
        move = legal[int(rng.integers(len(legal)))]
        used.append((walk[-1], move))
        walk.append(move)
    return walk


def check_notes(annotation, oracle, walk, name):
    notes = annotation.notes
    assert len(notes) == len(walk)
    placer_could = any(oracle.placer_wins_at(v) for v in range(oracle.n))
    first = notes[0]
    assert (first.number, first.player, first.move) == (1, "first", name(walk[0]))
    assert first.winning_before == placer_could
    assert first.winning_after == oracle.placer_wins_at(walk[0])
    if placer_could:
        assert oracle.placer_wins_at(
            next(v for v in range(oracle.n) if name(v) == first.winning_move)
        )
    used = []
    for t in range(1, len(walk)):
        note = notes[t]
        assert note.player == ("second" if t % 2 else "first") and note.move == name(walk[t])
        before = oracle.mover_wins(walk[t - 1], used)
        winners = oracle.winning_moves(walk[t - 1], used)
        used.append((walk[t - 1], walk[t]))
        assert note.winning_before == before
        assert note.winning_after == (not oracle.mover_wins(walk[t], used))
        assert note.winning_move == (name(winners[0]) if before else None)
    stuck = not oracle.legal_moves(walk[-1], used)
    assert annotation.winner == (("first", "second")[(len(walk) - 1) % 2] if stuck else None)


@settings(max_examples=examples(300), deadline=None)
@given(
    graph=st.one_of(multigraphs(bipartite=True), multigraphs(bipartite=False)),
    data=st.data(),
)
def test_annotations_of_walks_on_multigraphs(graph, data):
    n, edges = graph
    oracle = EdgeOracle(n, edges)
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    walk = random_walk(oracle, data.draw(st.integers(0, n - 1)), 16, rng)
    record = TokenRecord.from_moves(MultiGraph(n, edges), walk, game="edge")
    assert record.game == "edge" and record.moves == walk
    check_notes(annotate(record), oracle, walk, lambda v: v)


@pytest.mark.parametrize("moves", ["orthogonal", "knight", "hex"])
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_annotations_of_walks_on_boards(moves, data):
    rows = data.draw(small_boards(moves))
    cells = board_cells(rows)
    if not cells:
        return
    oracle = EdgeOracle(len(cells), board_edges(rows, moves))
    rng = np.random.default_rng(data.draw(st.integers(0, 2**32 - 1)))
    walk = random_walk(oracle, data.draw(st.integers(0, len(cells) - 1)), 16, rng)
    board = Board.from_rows(rows)
    record = TokenRecord.from_moves(board, [cells[v] for v in walk], moves=moves, game="edge")
    check_notes(annotate(record), oracle, walk, lambda v: cells[v])
    assert record.position().token == cells[walk[-1]]


def test_illegal_records_name_the_move():
    triangle = MultiGraph(3, [(0, 1), (0, 1), (1, 2), (2, 0), (2, 2)])
    TokenRecord.from_moves(triangle, [0, 1, 0, 2, 2, 1], game="edge")  # all legal
    with pytest.raises(
        IllegalMoveError, match=r"move 4 \(2\): the edge between 1 and 2 is used up \(2 in all"
    ):
        TokenRecord.from_moves(triangle, [0, 1, 0, 1], game="edge")
    with pytest.raises(IllegalMoveError, match=r"move 3 \(2\): there is no self-loop at 2"):
        TokenRecord.from_moves(triangle, [0, 1, 1], game="edge")
    with pytest.raises(IllegalMoveError, match=r"move 4 \(3\): the self-loop at 3 is used up"):
        TokenRecord.from_moves(triangle, [0, 2, 2, 2], game="edge")
    with pytest.raises(IllegalMoveError, match="move 2"):
        TokenRecord.from_moves(triangle, [0, 9], game="edge")
    # the earliest of two problems
    with pytest.raises(IllegalMoveError, match="move 3 "):
        TokenRecord.from_moves(triangle, [0, 1, 1, 0, 1, 0, 1], game="edge")


def test_a_record_judged_by_the_other_game():
    path = Graph.from_edges(3, [(0, 1), (1, 2)])
    vertex_record = TokenRecord.from_moves(path, [0, 1, 2])
    edge_view = annotate(vertex_record, game="edge")  # a simple path is legal in both games
    assert [n.winning_after for n in edge_view.notes] == [
        n.winning_after
        for n in annotate(TokenRecord.from_moves(path, [0, 1, 2], game="edge")).notes
    ]
    back = TokenRecord.from_moves(MultiGraph(2, [(0, 1), (0, 1)]), [0, 1, 0], game="edge")
    with pytest.raises(IllegalMoveError, match=r"move 3 .* returns to a vertex"):
        annotate(back, game="vertex")
    assert annotate(back).winner == "first"
    with pytest.raises(Exception, match="game must be one of"):
        annotate(back, game="edges")


def test_records_read_and_written_as_text():
    board_text = "2 2\n..\n..\n5\n1 1\n1 2\n2 2\n2 1\n1 1\n"
    record = TokenRecord.parse(board_text, game="edge")
    assert record.moves == [(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)]
    assert record.to_text() == board_text
    assert annotate(record).winner == "first"
    with pytest.raises(IllegalMoveError, match="returns to a vertex"):
        TokenRecord.parse(board_text)  # the vertex game's rules refuse the return
    edges_text = "3 4\n1 2\n2 1\n3 3\n2 3\n4\n1\n2\n1\n2\n"
    with pytest.raises(
        IllegalMoveError, match=r"line 10: move 4 \(2\): the edge between 1 and 2 is used up"
    ):
        TokenRecord.parse(edges_text, edges=True, game="edge")
    ok = "3 4\n1 2\n2 1\n3 3\n2 3\n4\n1\n2\n3\n3\n"
    record = TokenRecord.parse(ok, edges=True, game="edge")
    assert record.moves == [0, 1, 2, 2] and record.multigraph.n_loops == 1
    assert TokenRecord.parse(record.to_text(), edges=True, game="edge").moves == record.moves
    assert record.to_text().startswith("3 4\n1 2\n1 2\n2 3\n3 3\n4\n")
    with pytest.raises(Exception, match="game must be"):
        TokenRecord.parse(ok, edges=True, game="edges")
