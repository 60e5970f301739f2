"""Vertex names: one place converts between ids, names and the 1-based text form."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from cli_helpers import run_cli

import matchgame as mg
from matchgame.core.labels import NodeLabels
from matchgame.core.names import BoardCells, VertexIds


def test_board_graphs_are_named_by_cells():
    board = mg.Board.from_rows([".#.", "..."])
    names = board.graph.names
    assert isinstance(names, BoardCells)
    assert names.names(np.arange(board.n_free)) == [(0, 0), (0, 2), (1, 0), (1, 1), (1, 2)]
    assert names.vertex((1, 1)) == 3 and names.text(3) == "2 2" and names.json_value(3) == [2, 2]
    assert names.parse("2 3") == 4
    for text, fragment in [
        ("1 2", "blocked"),
        ("3 1", "outside"),
        ("2", "ROW COL"),
        ("a b", "ROW"),
    ]:
        with pytest.raises(mg.InvalidInputError, match=fragment):
            names.parse(text)
    with pytest.raises(mg.InvalidInputError, match="blocked"):
        names.vertex((0, 1))
    assert names.numbers([0, 4]).tolist() == [[1, 1], [2, 3]]
    assert names.grid([True, False, True, False, True]).tolist() == [
        [True, False, False],
        [True, False, True],
    ]


def test_plain_and_labelled_graphs():
    ids = mg.Graph.from_edges(3, [(0, 1)]).names
    assert isinstance(ids, VertexIds)
    assert ids.name(2) == 2 and ids.text(2) == "3" and ids.parse("3") == 2
    with pytest.raises(mg.InvalidInputError, match="no vertex 4"):
        ids.parse("4")
    labelled = mg.Graph.from_networkx(nx.path_graph(["x", "y", "z"])).names
    assert isinstance(labelled, NodeLabels)
    assert labelled.vertex("y") == 1 and labelled.name(2) == "z"
    with pytest.raises(mg.InvalidInputError, match="not a node"):
        labelled.vertex("w")
    with pytest.raises(mg.InvalidTypeError):
        labelled.vertex(["unhashable"])


def test_one_analysis_type_speaks_names_everywhere():
    board = mg.analyse([".##", "...", "#.#"])
    graph = mg.analyse(nx.Graph([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]))
    assert type(board) is type(graph) is mg.Analysis
    assert board.winning == [(1, 2), (2, 1)] and board.board is not None
    assert graph.winning == [] and graph.board is None and graph.matching_size == 2
    assert sorted(map(sorted, graph.matching())) == [["a", "b"], ["c", "d"]]
    assert board == board and board != mg.analyse([".##", "...", "#.#"])  # identity
    assert "3x3 board" in repr(board) and "2 winning placements" in repr(board)
    assert board.placer_wins_at((1, 2)) and board.mover_wins_at((1, 1))


def test_positions_on_boards_take_cells():
    position = mg.Position(mg.Board.from_rows([".##", "...", "#.#"]))
    assert position.winning_moves() == [(1, 2), (2, 1)]
    position.push((1, 2))
    assert position.token == (1, 2) and position.legal_moves() == [(1, 1)]
    assert not position.mover_wins()
    with pytest.raises(mg.IllegalMoveError, match="blocked"):
        position.push((0, 1))
    assert position.pop() == (1, 2) and position.move_stack == []


def test_play_on_an_edge_list_through_the_protocol(tmp_path):
    path = tmp_path / "g.txt"
    path.write_text("4 3\n1 2\n2 3\n3 4\n")  # a path with a perfect matching
    run = run_cli("play", "--edges", str(path), "--you", "first", stdin="2\n4\n")
    # placing on 2 loses: the engine answers with 2's partner 1 ... or moves to 3
    assert run.code == 0, run
    lines = run.out.splitlines()
    assert lines[0].startswith("engine: ") and lines[-1] == "winner: engine"
