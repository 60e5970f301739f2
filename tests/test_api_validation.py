"""The Python API validates every argument before a kernel sees it.

Bad input raises a MatchgameError that is also a ValueError (InvalidInputError,
IllegalMoveError, ParseError) or a TypeError (InvalidTypeError), with a one-line
message naming the parameter. These tests run in-process on purpose: an input
that reaches a kernel unchecked can kill the interpreter, and then the test run
dies with it.
"""

from __future__ import annotations

import itertools
import math

import networkx as nx
import numpy as np
import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import matchgame as bunny  # the NOI2011 names: GameRecord, BunnyBoard, analyse_record
import matchgame as mg
from matchgame import generate
from matchgame.errors import (
    EmptyMoveStackError,
    IllegalMoveError,
    InvalidInputError,
    InvalidTypeError,
    MatchgameError,
    ParseError,
)
from matchgame.games.vertex import engines
from matchgame.readers.noi import player_of

PATH4 = mg.Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
TRIANGLE = mg.Graph.from_edges(3, [(0, 1), (1, 2), (2, 0)])
NO_VERTICES = mg.Graph.from_edges(0, [])
BOARD = mg.Board.from_rows([".##", "...", "#.#"])
RECORD = bunny.GameRecord.parse("1 6\nXO.OXO\n1\n1 2\n1 1\n")
BUNNY_BOARD = RECORD.board


def _clean_error(exc: BaseException) -> None:
    """The contract every refusal keeps."""
    assert isinstance(exc, MatchgameError), repr(exc)
    assert isinstance(exc, ValueError | TypeError), repr(exc)
    assert "\n" not in str(exc) and str(exc), repr(exc)


def _raises(kind: type[Exception], call, *fragments: str) -> MatchgameError:
    with pytest.raises(kind) as info:
        call()
    _clean_error(info.value)
    for fragment in fragments:
        assert fragment in str(info.value), str(info.value)
    return info.value


# -- the defects this file was written for -------------------------------------------


def test_analyse_walk_huge_ids_are_refused_not_a_segfault():
    _raises(IllegalMoveError, lambda: engines.analyse_walk(PATH4, [10**7, 2 * 10**7]), "path[0]")
    _raises(IllegalMoveError, lambda: engines.analyse_walk(PATH4, [100]), "100", "0..3")
    _raises(IllegalMoveError, lambda: engines.analyse_walk(PATH4, [1, -1]), "move 1")


def test_analyse_walk_refuses_what_is_not_a_walk():
    _raises(IllegalMoveError, lambda: engines.analyse_walk(PATH4, [0, 2]), "move 1", "not adjacent")
    error = _raises(IllegalMoveError, lambda: engines.analyse_walk(PATH4, [1, 2, 1]), "move 2")
    assert "returns to a vertex visited at the start" in str(error)
    _raises(IllegalMoveError, lambda: engines.analyse_walk(PATH4, [0, 1, 2, 3, 2]), "move 4")


def test_analyse_walk_refuses_fractions_and_bools():
    _raises(InvalidInputError, lambda: engines.analyse_walk(PATH4, [0, 1.5]), "path[1]")
    _raises(InvalidTypeError, lambda: engines.analyse_walk(PATH4, [0, True]), "bool")
    _raises(InvalidTypeError, lambda: engines.analyse_walk(PATH4, np.array([True, False])), "bool")
    _raises(InvalidTypeError, lambda: engines.analyse_walk(PATH4, {0, 1}), "path")
    _raises(InvalidInputError, lambda: engines.analyse_walk(PATH4, [[0, 1]]), "1-D")


def test_analyse_walk_accepts_exact_integers_of_any_dtype():
    expected = engines.analyse_walk(PATH4, [1, 2, 3]).mover_wins.tolist()
    for path in ([1.0, 2.0, 3.0], np.array([1, 2, 3], dtype=np.uint64), (np.int64(1), 2, 3)):
        assert engines.analyse_walk(PATH4, path).mover_wins.tolist() == expected
    assert engines.analyse_walk(PATH4, []).mover_wins.tolist() == []


def test_graph_constructor_refuses_out_of_range_neighbours_before_decompose():
    _raises(InvalidInputError, lambda: mg.Graph([0, 1, 2], [5, 0]), "indices[0] = 5")
    _raises(InvalidInputError, lambda: mg.Graph([0, 1, 2], [-1, 0]), "indices[0] = -1")
    _raises(InvalidInputError, lambda: mg.Graph([0, 1, 2], [1, 1]), "self-loop")
    _raises(InvalidInputError, lambda: mg.Graph([0, 2, 3, 4], [1, 1, 0, 0]), "more than once")
    _raises(InvalidInputError, lambda: mg.Graph([0, 1, 1], [1]), "not symmetric")
    _raises(InvalidInputError, lambda: mg.Graph([0, 1, 0], [1]), "non-decreasing")
    _raises(InvalidInputError, lambda: mg.Graph([1, 2], [1]), "start with 0")
    _raises(InvalidInputError, lambda: mg.Graph([], []), "start with 0")
    _raises(InvalidInputError, lambda: mg.Graph([0, 1, 3], [1, 0]), "len(indices)")
    _raises(InvalidInputError, lambda: mg.Graph([[0, 1, 2]], [1, 0]), "1-D")
    _raises(InvalidInputError, lambda: mg.Graph([0, 1, 2], [1.5, 0]), "1.5")
    _raises(InvalidTypeError, lambda: mg.Graph([0, 1, 2], [True, False]), "bool")
    _raises(InvalidTypeError, lambda: mg.Graph([0, 1, 2], ["1", "0"]), "indices")
    _raises(InvalidTypeError, lambda: mg.Graph([0, 1, 2], [object(), 0]), "indices[0]")


def test_graph_constructor_side_and_labels():
    _raises(InvalidInputError, lambda: mg.Graph([0, 1, 2], [1, 0], side=[0, 0]), "2-colouring")
    _raises(InvalidInputError, lambda: mg.Graph([0, 1, 2], [1, 0], side=[0, 2]), "side[1]")
    _raises(InvalidInputError, lambda: mg.Graph([0, 1, 2], [1, 0], side=[0]), "shape")
    _raises(InvalidInputError, lambda: mg.Graph([0, 1, 2], [1, 0], labels=["a"]), "labels")
    _raises(InvalidTypeError, lambda: mg.Graph([0, 1, 2], [1, 0], labels="ab"), "labels")
    _raises(InvalidInputError, lambda: mg.Graph([0, 1, 2], [1, 0], labels=["a", "a"]), "twice")
    _raises(InvalidTypeError, lambda: mg.Graph([0, 1, 2], [1, 0], labels=[[1], [2]]), "hashable")
    graph = mg.Graph([0, 1, 2], [1, 0], side=np.array([True, False]), labels=("x", "y"))
    assert graph.side.tolist() == [1, 0] and graph.label(1) == "y"


def test_graph_constructor_sorts_rows_and_accepts_integral_floats():
    graph = mg.Graph([0.0, 2.0, 3.0, 4.0], [2, 1, 0, 0])
    assert graph.indices.tolist() == [1, 2, 0, 0]
    assert mg.decompose(graph).matching_size == 1


def test_no_wrap_around_of_negative_ids():
    decomposition = mg.decompose(PATH4)
    _raises(InvalidInputError, lambda: BOARD.cell(-1), "vertex = -1")
    _raises(InvalidInputError, lambda: decomposition.mover_wins_at(-1), "-1")
    _raises(IllegalMoveError, lambda: mg.Position(PATH4, token=1).push(-1), "not in the graph")
    _raises(InvalidInputError, lambda: PATH4.neighbours(-1), "-1")
    _raises(InvalidInputError, lambda: PATH4.label(-1), "-1")
    _raises(InvalidInputError, lambda: mg.Position(PATH4, token=0).is_visited(-1), "-1")
    _raises(InvalidInputError, lambda: BOARD.vertex((-1, 0)), "outside")
    assert BOARD.is_free((-1, 0)) is False


def test_from_edges_shapes_and_values():
    _raises(InvalidInputError, lambda: mg.Graph.from_edges(3, [(0.5, 1)]), "edges[0, 0] = 0.5")
    _raises(InvalidInputError, lambda: mg.Graph.from_edges(3, np.zeros((2, 3), int)), "(m, 2)")
    _raises(InvalidInputError, lambda: mg.Graph.from_edges(3, [0, 1]), "(m, 2)")
    _raises(InvalidInputError, lambda: mg.Graph.from_edges(3, [(0, 3)]), "edges[0]")
    _raises(InvalidInputError, lambda: mg.Graph.from_edges(0, [(0, 0)]), "no vertices")
    _raises(InvalidInputError, lambda: mg.Graph.from_edges(-1, []), "n_vertices")
    _raises(InvalidTypeError, lambda: mg.Graph.from_edges(True, []), "bool")
    _raises(InvalidTypeError, lambda: mg.Graph.from_edges(3.0, []), "n_vertices")
    _raises(InvalidTypeError, lambda: mg.Graph.from_edges(3, [(True, 1)]), "bool")
    assert mg.Graph.from_edges(3, []).n_edges == 0
    assert mg.Graph.from_edges(3, np.empty((0, 2))).n_edges == 0
    assert mg.Graph.from_edges(np.int64(3), [(np.int64(0), np.int32(2))]).n_edges == 1


def test_networkx_graphs_are_converted_where_a_graph_is_expected():
    nx_path = nx.path_graph(4)
    assert mg.maximum_matching(nx_path).tolist() == mg.maximum_matching(PATH4).tolist()
    assert mg.decompose(nx_path).missable.tolist() == mg.decompose(PATH4).missable.tolist()
    assert mg.analyse(nx.path_graph("abc")).winning == ["a", "c"]
    assert mg.is_maximum_matching(nx_path, [1, 0, 3, 2])
    ge = mg.gallai_edmonds(nx_path, mg.decompose(PATH4))
    assert not ge.D.any()
    assert mg.Position(nx_path, token=1).winning_moves() == [0]
    assert engines.analyse_walk(nx_path, [1, 2, 3]).mover_wins.tolist() == [True, True, False]


def test_networkx_graph_with_other_node_names_is_played_by_name():
    named = nx.path_graph("abcd")
    position = mg.Position(named, token="b")
    assert position.winning_moves() == ["a"] and position.legal_moves() == ["a", "c"]
    position.push("c")
    assert position.move_stack == ["c"] and position.token == "c"
    _raises(IllegalMoveError, lambda: position.push("e"), "not a node")
    _raises(InvalidInputError, lambda: mg.decompose(nx.DiGraph([(0, 1)])), "undirected")


def test_row_strings_are_converted_where_a_board_is_expected():
    analysis = mg.analyse(["..", "#."])
    assert analysis.board == mg.Board.from_rows(["..", "#."])
    assert analysis.winning == [(0, 0), (1, 1)]
    _raises(InvalidTypeError, lambda: mg.analyse("..\n#."), "Board.parse(text)")
    with pytest.warns(DeprecationWarning, match="analyse_placements"):  # the board's alone
        _raises(InvalidTypeError, lambda: mg.analyse_placements(PATH4), "analyse(graph)")


@pytest.mark.parametrize(
    "call, hint",
    [
        (lambda: mg.decompose(BOARD), "board.graph"),
        (lambda: mg.maximum_matching(np.eye(3)), "Graph.from_scipy"),
        (lambda: mg.analyse([(0, 1)]), "Graph.from_edges"),
        (lambda: mg.gallai_edmonds(None, mg.decompose(PATH4)), "graph must be"),
        (lambda: mg.Position("0 1"), "source must be"),
    ],
)
def test_wrong_graph_types_name_the_parameter_and_the_way_out(call, hint):
    _raises(InvalidTypeError, call, hint)


def test_game_record_built_by_hand_is_checked_like_a_parsed_one():
    moves = [(0, 1), (0, 0)]
    assert bunny.GameRecord(BUNNY_BOARD, moves).to_text() == RECORD.to_text()
    _raises(IllegalMoveError, lambda: bunny.GameRecord(BUNNY_BOARD, [(0, 1), (0, 6)]), "outside")
    _raises(IllegalMoveError, lambda: bunny.GameRecord(BUNNY_BOARD, [(0, 1), (0, -1)]), "Egg")
    _raises(IllegalMoveError, lambda: bunny.GameRecord(BUNNY_BOARD, [(0, 0), (0, 1)]), "not next")
    _raises(IllegalMoveError, lambda: bunny.GameRecord(BUNNY_BOARD, [(0, 3), (0, 2)]), "black")
    _raises(InvalidInputError, lambda: bunny.GameRecord(BUNNY_BOARD, [(0, 1)]), "whole rounds")
    _raises(InvalidInputError, lambda: bunny.GameRecord(BUNNY_BOARD, [0, 1]), "(2k, 2)")
    _raises(InvalidInputError, lambda: bunny.GameRecord(BUNNY_BOARD, [(0, 1.5), (0, 0)]), "1.5")
    _raises(InvalidTypeError, lambda: bunny.GameRecord(["XO.OXO"], []), "BunnyBoard")
    _raises(InvalidInputError, lambda: bunny.GameRecord(BUNNY_BOARD, moves, [1]), "move_lines")
    assert bunny.GameRecord(BUNNY_BOARD, []).n_rounds == 0


def test_record_arrays_are_private_copies():
    moves = np.array([(0, 1), (0, 0)])
    record = bunny.GameRecord(BUNNY_BOARD, moves)
    moves[0] = (0, 5)  # the caller's array stays theirs and writeable
    assert record.moves.tolist() == [[0, 1], [0, 0]] and not record.moves.flags.writeable
    assert bunny.analyse_record(record).mistakes() == [1]


def test_bunny_board_built_by_hand():
    _raises(InvalidInputError, lambda: bunny.BunnyBoard(np.array([[0, 0, 1]]), (0, 0)), "found 2")
    _raises(InvalidInputError, lambda: bunny.BunnyBoard(np.array([[1, 2, 1]]), (0, 0)), "found 0")
    _raises(InvalidInputError, lambda: bunny.BunnyBoard(np.array([[1, 0, 1]]), (0, 0)), "(0, 1)")
    _raises(InvalidInputError, lambda: bunny.BunnyBoard(np.array([[1, 0, 3]]), (0, 1)), "[0, 2]")
    _raises(InvalidInputError, lambda: bunny.BunnyBoard(np.array([[1, 0, -1]]), (0, 1)))
    _raises(InvalidInputError, lambda: bunny.BunnyBoard(np.zeros((1, 1, 1), int), (0, 0)), "2-D")
    _raises(InvalidTypeError, lambda: bunny.BunnyBoard(np.array([[1, 0]]), (0, 1.0)), "empty[1]")
    _raises(InvalidTypeError, lambda: bunny.BunnyBoard.from_rows("XO."), "list of row strings")
    _raises(ParseError, lambda: bunny.BunnyBoard.from_rows(["XO.", "X"]), "line 2")
    assert bunny.BunnyBoard([[1, 0]], [0, 1]).empty == (0, 1)


def test_record_analysis_arguments():
    analysis = bunny.analyse_record(RECORD)
    _raises(InvalidInputError, lambda: analysis.mistakes("bunny"), "'Bunny', 'Egg'")
    _raises(InvalidInputError, lambda: analysis.winning_reply(-1), "position")
    _raises(InvalidInputError, lambda: analysis.winning_reply(3), "position")
    _raises(InvalidTypeError, lambda: bunny.analyse_record("1 1\n.\n0\n"), "GameRecord.parse")
    _raises(InvalidInputError, lambda: player_of(-1), "move_index")


def test_matching_arguments():
    _raises(InvalidInputError, lambda: mg.maximum_matching(PATH4, algorithm="fastest"), "'auto'")
    _raises(InvalidTypeError, lambda: mg.maximum_matching(PATH4, algorithm=None), "algorithm")
    _raises(InvalidInputError, lambda: mg.decompose(TRIANGLE, algorithm="push_relabel"), "odd")
    _raises(InvalidInputError, lambda: mg.analyse(BOARD, algorithm="x"), "algorithm")
    # malformed mate arrays are not matchings; non-integers are refused
    for mate in ([1, 0], [1, 0, 3, 7], [1, 0, 3, -2], [[1, 0, 3, 2]], [2, 3, 0, 1], [1, 2, 3, 0]):
        assert mg.is_maximum_matching(PATH4, mate) is False
    _raises(InvalidInputError, lambda: mg.is_maximum_matching(PATH4, [1, 0, 3, 2.5]), "mate[3]")
    _raises(InvalidTypeError, lambda: mg.is_maximum_matching(PATH4, [True] * 4), "bool")
    _raises(InvalidTypeError, lambda: mg.is_maximum_matching(PATH4, None), "mate")
    assert mg.is_maximum_matching(PATH4, np.array([1, 0, 3, 2], dtype=np.uint8))


def test_decomposition_built_by_hand_and_its_graph():
    _raises(InvalidInputError, lambda: mg.Decomposition([1, 2, 1], [0, 0, 0]), "not a matching")
    _raises(InvalidInputError, lambda: mg.Decomposition([1, 0], [True]), "missable")
    _raises(InvalidInputError, lambda: mg.Decomposition([1, 0], [2, 0]), "missable[0]")
    _raises(InvalidInputError, lambda: mg.Decomposition([1, 5], [0, 0]), "mate[1]")
    _raises(InvalidInputError, lambda: mg.Decomposition([1, 0], [0, 0], "magic"), "engine")
    other = mg.decompose(mg.Graph.from_edges(4, [(0, 2), (1, 3)]))
    _raises(InvalidInputError, lambda: mg.gallai_edmonds(PATH4, other), "not an edge")
    _raises(InvalidInputError, lambda: mg.gallai_edmonds(PATH4, mg.decompose(TRIANGLE)), "3")
    _raises(InvalidTypeError, lambda: mg.gallai_edmonds(PATH4, "D"), "Decomposition")
    _raises(InvalidInputError, lambda: mg.Analysis(BOARD.graph, mg.decompose(PATH4)), "4")
    by_hand = mg.Decomposition([1, 0, 3, 2], [False] * 4)
    assert mg.gallai_edmonds(PATH4, by_hand).C.all()


def test_board_constructor():
    _raises(InvalidTypeError, lambda: mg.Board(["..", "#."]), "Board.from_rows(rows)")
    _raises(InvalidTypeError, lambda: mg.Board([[0.0, 1.0]]), "float64")
    _raises(InvalidTypeError, lambda: mg.Board(np.array([["a", "b"]])), "free")
    _raises(InvalidInputError, lambda: mg.Board(np.zeros((2, 2, 2), bool)), "2-D")
    _raises(InvalidInputError, lambda: mg.Board(np.zeros((0, 3), bool)), "at least one")
    _raises(InvalidInputError, lambda: mg.Board([[0, 2]]), "free[0, 1] = 2")
    _raises(InvalidInputError, lambda: mg.Board([[True], [True, False]]), "rectangular")
    _raises(InvalidTypeError, lambda: mg.Board(None), "free")
    assert mg.Board([[1, 0], [0, 1]]).rows() == [".#", "#."]
    mask = np.ones((2, 2), bool)
    board = mg.Board(mask)
    mask[0, 0] = False  # the board keeps its own copy
    assert board.n_free == 4


def test_board_rows_and_cells():
    _raises(InvalidTypeError, lambda: mg.Board.from_rows(".#"), "list of row strings")
    _raises(InvalidTypeError, lambda: mg.Board.from_rows([".#", 3]), "rows[1]")
    _raises(InvalidInputError, lambda: mg.Board.from_rows([".#\n.."]), "line break")
    _raises(InvalidInputError, lambda: mg.Board.from_rows([]), "at least one")
    error = _raises(ParseError, lambda: mg.Board.from_rows(["..", ".?"]), "unknown character")
    assert (error.line, error.column) == (2, 2)  # row 2, column 2
    _raises(InvalidTypeError, lambda: BOARD.vertex((1.0, 1)), "cell[0]")
    _raises(InvalidTypeError, lambda: BOARD.vertex(4), "(row, col)")
    _raises(InvalidTypeError, lambda: BOARD.is_free({1, 2}), "(row, col)")
    _raises(InvalidTypeError, lambda: BOARD.cell(1.0), "vertex")
    _raises(InvalidInputError, lambda: BOARD.vertex((0, 1)), "blocked")
    assert BOARD.vertex(np.array([1, 2])) == 3 and BOARD.cell(np.int64(3)) == (1, 2)


def test_position_arguments():
    assert mg.Position(TRIANGLE).winning_moves() == [0, 1, 2]  # odd cycles are played too
    _raises(IllegalMoveError, lambda: mg.Position(PATH4, token=4), "token = 4")
    _raises(IllegalMoveError, lambda: mg.Position(PATH4, token=1, used=[9]), "used[0]")
    _raises(IllegalMoveError, lambda: mg.Position(PATH4, token=1, used=[1]), "visited")
    _raises(IllegalMoveError, lambda: mg.Position(PATH4, used=[0]), "need a token")
    _raises(InvalidTypeError, lambda: mg.Position(PATH4, token=1.0), "token")
    _raises(InvalidTypeError, lambda: mg.Position(PATH4, token=True), "bool")
    _raises(InvalidInputError, lambda: mg.Position(PATH4, token=2, used=[0.5]), "used")
    position = mg.Position(PATH4, token=2, used={0, 1})
    assert position.legal_moves() == [3]
    _raises(InvalidTypeError, lambda: position.push("3"), "vertex")
    _raises(InvalidInputError, lambda: position.best_move(candidates=0), "candidates")
    with pytest.raises(IndexError):  # still an IndexError, like list.pop
        mg.Position(PATH4).pop()
    _raises(EmptyMoveStackError, lambda: mg.Position(PATH4).pop(), "empty")
    assert mg.Position(NO_VERTICES).legal_moves() == []


def test_generate_arguments():
    _raises(InvalidInputError, lambda: generate.random_board(0, 3, 0.5), "n_rows")
    _raises(InvalidInputError, lambda: generate.random_board(3, 3, math.nan), "blocked")
    _raises(InvalidInputError, lambda: generate.random_board(3, 3, 1.5), "blocked")
    _raises(InvalidInputError, lambda: generate.random_board(1 << 20, 1 << 20, 0.5), "cells")
    _raises(InvalidTypeError, lambda: generate.random_board(3, 3, "0.5"), "blocked")
    _raises(InvalidTypeError, lambda: generate.random_board(3, 3, 0.5, seed=1.5), "seed")
    _raises(InvalidInputError, lambda: generate.random_board(3, 3, 0.5, seed=-1), "seed")
    _raises(InvalidTypeError, lambda: generate.random_bunny_board(2, 2, checkerboard=1), "bool")
    _raises(InvalidInputError, lambda: generate.play_record(BUNNY_BOARD, bunny="smart"), "bunny")
    _raises(InvalidInputError, lambda: generate.play_record(BUNNY_BOARD, max_rounds=-1), "max")
    _raises(InvalidTypeError, lambda: generate.play_record(["XO.OXO"]), "BunnyBoard")
    _raises(InvalidInputError, lambda: generate.serpentine_record(4), "odd")
    _raises(InvalidInputError, lambda: generate.serpentine_record(0), "size")
    _raises(InvalidTypeError, lambda: generate.serpentine_record(3.0), "size")
    rng = np.random.default_rng(5)
    assert generate.random_board(np.int64(3), 3, 0.0, seed=rng).n_free == 9


# -- the error contract, across functions (as NetworkX tests its decorators) ---------------

_HOSTILE = [
    None,
    -1,
    10**7,
    2**63,
    10**30,
    1.5,
    math.nan,
    math.inf,
    True,
    np.True_,
    "x",
    b"ab",
    np.int64(-1),
    np.array([]),
    np.zeros((2, 3), dtype=np.int64),
    np.zeros((2, 2, 2)),
    [],
    [[]],
    [1, "a"],
    [0.5, 1],
    [[0, 1], [1]],
    [10**20],
    [-1],
    [[0, -(10**7)]],
    {0, 1},
    {1: 2},
    object(),
    1 + 2j,
    TRIANGLE,
    NO_VERTICES,
    BOARD,
    ["..", "#"],
    [".", "\n"],
]

_ENTRY_POINTS = {
    "Graph(offsets)": lambda x: mg.Graph(x, [0]),
    "Graph(neighbors)": lambda x: mg.Graph([0, 1, 2], x),
    "Graph(side)": lambda x: mg.Graph([0, 1, 2], [1, 0], side=x),
    "Graph(labels)": lambda x: mg.Graph([0, 1, 2], [1, 0], labels=x),
    "Graph.from_edges(n)": lambda x: mg.Graph.from_edges(x, []),
    "Graph.from_edges(edges)": lambda x: mg.Graph.from_edges(4, x),
    "Graph.from_networkx": mg.Graph.from_networkx,
    "Graph.from_scipy": mg.Graph.from_scipy,
    "Graph.label": PATH4.label,
    "Graph.neighbours": PATH4.neighbours,
    "Board": mg.Board,
    "Board.from_rows": mg.Board.from_rows,
    "Board.cell": BOARD.cell,
    "Board.vertex": BOARD.vertex,
    "Board.is_free": BOARD.is_free,
    "decompose": mg.decompose,
    "decompose(algorithm)": lambda x: mg.decompose(PATH4, algorithm=x),
    "maximum_matching": mg.maximum_matching,
    "is_maximum_matching(mate)": lambda x: mg.is_maximum_matching(PATH4, x),
    "gallai_edmonds(decomposition)": lambda x: mg.gallai_edmonds(PATH4, x),
    "Decomposition(mate)": lambda x: mg.Decomposition(x, [True] * 4),
    "Decomposition(missable)": lambda x: mg.Decomposition([1, 0, 3, 2], x),
    "Decomposition.mover_wins_at": mg.decompose(PATH4).mover_wins_at,
    "analyse": mg.analyse,
    "Analysis.placer_wins_at": mg.analyse(BOARD).placer_wins_at,
    "Position(graph)": mg.Position,
    "Position(token)": lambda x: mg.Position(PATH4, token=x),
    "Position(used)": lambda x: mg.Position(PATH4, token=0, used=x),
    "Position.push": lambda x: mg.Position(PATH4, token=1).push(x),
    "Position.is_visited": lambda x: mg.Position(PATH4).is_visited(x),
    "analyse_walk(graph)": lambda x: engines.analyse_walk(x, [0, 1]),
    "analyse_walk(path)": lambda x: engines.analyse_walk(PATH4, x),
    "BunnyBoard(pieces)": lambda x: bunny.BunnyBoard(x, (0, 0)),
    "BunnyBoard(empty)": lambda x: bunny.BunnyBoard(np.array([[0, 1]]), x),
    "BunnyBoard.from_rows": bunny.BunnyBoard.from_rows,
    "GameRecord(board)": lambda x: bunny.GameRecord(x, []),
    "GameRecord(moves)": lambda x: bunny.GameRecord(BUNNY_BOARD, x),
    "analyse_record": bunny.analyse_record,
    "RecordAnalysis.mistakes": bunny.analyse_record(RECORD).mistakes,
    "random_board(blocked)": lambda x: generate.random_board(3, 3, x, seed=1),
    "random_bunny_board": lambda x: generate.random_bunny_board(x, 3, seed=1),
    "play_record(max_rounds)": lambda x: generate.play_record(BUNNY_BOARD, seed=1, max_rounds=x),
    "serpentine_record": generate.serpentine_record,
}


@pytest.mark.parametrize("entry", sorted(_ENTRY_POINTS))
def test_error_contract(entry):
    """Every hostile argument gives an answer or a clean MatchgameError, nothing else."""
    call = _ENTRY_POINTS[entry]
    for value in _HOSTILE:
        try:
            call(value)
        except MatchgameError as exc:
            _clean_error(exc)


@pytest.mark.parametrize(
    "call",
    [
        lambda: mg.Graph([0, 1], [0.5]),
        lambda: mg.Graph.from_edges(2, [(0, 1.25)]),
        lambda: engines.analyse_walk(PATH4, [0.0, 0.5]),
        lambda: bunny.GameRecord(BUNNY_BOARD, [(0.5, 1), (0, 0)]),
        lambda: mg.is_maximum_matching(PATH4, [1, 0, 3, 1.999]),
    ],
)
def test_fractions_are_never_truncated(call):
    _raises(InvalidInputError, call, "is not an integer")


@pytest.mark.parametrize(
    "call",
    [
        lambda: PATH4.neighbours(True),
        lambda: PATH4.label(np.True_),
        lambda: BOARD.cell(False),
        lambda: BOARD.vertex((True, 1)),
        lambda: mg.decompose(PATH4).mover_wins_at(True),
        lambda: mg.Position(PATH4, token=True),
        lambda: mg.Position(PATH4, token=0).push(True),
        lambda: mg.Graph.from_edges(2, np.array([[True, False]])),
    ],
)
def test_bools_are_not_ids(call):
    _raises(InvalidTypeError, call, "bool")


# -- random garbage, in-process -----------------------------------------------------------

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.integers(-3, 6),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=3),
    st.binary(max_size=3),
)
_GARBAGE = st.recursive(
    _SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.tuples(inner, inner),
        st.lists(st.integers(-3, 6), max_size=8).map(np.array),
        st.lists(st.floats(-3, 6), max_size=8).map(np.array),
        st.lists(st.lists(st.integers(-3, 6), min_size=2, max_size=2), max_size=5).map(np.array),
    ),
    max_leaves=12,
)


def _survives(call, *args) -> object:
    try:
        return call(*args)
    except MatchgameError as exc:
        _clean_error(exc)
        return None


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(offsets=_GARBAGE, neighbors=_GARBAGE, side=_GARBAGE)
def test_graph_constructor_survives_garbage(offsets, neighbors, side):
    graph = _survives(mg.Graph, offsets, neighbors)
    if graph is not None:  # whatever was accepted is a graph every engine can take
        decomposition = mg.decompose(graph, algorithm="blossom")
        assert mg.is_maximum_matching(graph, decomposition.mate)
        _survives(mg.Graph, graph.offsets, graph.indices, side)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(n=_GARBAGE, edges=_GARBAGE, path=_GARBAGE, free=_GARBAGE, moves=_GARBAGE)
def test_public_constructors_survive_garbage(n, edges, path, free, moves):
    graph = _survives(mg.Graph.from_edges, n, edges)
    if graph is not None:
        mg.analyse(graph)
    _survives(engines.analyse_walk, PATH4, path)
    _survives(mg.Position, PATH4, path if isinstance(path, int) else None, [])
    board = _survives(mg.Board, free)
    if board is not None:
        mg.analyse(board)
    _survives(bunny.GameRecord, BUNNY_BOARD, moves)
    _survives(bunny.BunnyBoard, free, n)
    _survives(mg.Decomposition, edges, free)
    _survives(mg.is_maximum_matching, TRIANGLE, path)


def _csr_is_valid(offsets: list[int], neighbors: list[int]) -> bool:
    """The definition, in plain Python: what Graph() must accept."""
    if not offsets or offsets[0] != 0 or offsets[-1] != len(neighbors):
        return False
    if any(a > b for a, b in itertools.pairwise(offsets)):
        return False
    n = len(offsets) - 1
    rows = [neighbors[offsets[v] : offsets[v + 1]] for v in range(n)]
    if any(not 0 <= w < n for w in neighbors):
        return False
    if any(v in row or len(set(row)) != len(row) for v, row in enumerate(rows)):
        return False
    return all(v in rows[w] for v, row in enumerate(rows) for w in row)


@st.composite
def _near_csr(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """A valid CSR of a random graph, then maybe damaged in one place."""
    n = draw(st.integers(0, 6))
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    edges = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    rows: list[list[int]] = [[] for _ in range(n)]
    for u, v in edges:
        rows[u].append(v)
        rows[v].append(u)
    for row in rows:
        draw(st.randoms()).shuffle(row)
    offsets = [0]
    for row in rows:
        offsets.append(offsets[-1] + len(row))
    neighbors = [w for row in rows for w in row]
    damage = draw(st.sampled_from(["none", "neighbor", "offset", "drop", "add"]))
    if damage == "neighbor" and neighbors:
        neighbors[draw(st.integers(0, len(neighbors) - 1))] = draw(st.integers(-2, n + 1))
    elif damage == "offset" and n:
        offsets[draw(st.integers(0, n))] += draw(st.sampled_from([-1, 1]))
    elif damage == "drop" and neighbors:
        v = draw(st.integers(0, n - 1))
        if offsets[v + 1] > offsets[v]:
            del neighbors[offsets[v]]
            offsets[v + 1 :] = [x - 1 for x in offsets[v + 1 :]]
    elif damage == "add" and n:
        v = draw(st.integers(0, n - 1))
        neighbors.insert(offsets[v], draw(st.integers(0, n - 1)))
        offsets[v + 1 :] = [x + 1 for x in offsets[v + 1 :]]
    return offsets, neighbors


@settings(max_examples=examples(400), deadline=None)
@given(_near_csr())
def test_graph_constructor_accepts_exactly_the_valid_csr(csr):
    offsets, neighbors = csr
    valid = _csr_is_valid(offsets, neighbors)
    try:
        graph = mg.Graph(offsets, neighbors)
    except InvalidInputError:
        assert not valid
        return
    assert valid
    expected = {
        (v, w) for v in range(len(offsets) - 1) for w in neighbors[offsets[v] : offsets[v + 1]]
    }
    assert {(int(v), int(w)) for v, w in zip(graph.sources, graph.indices, strict=True)} == expected
    assert all((np.diff(graph.neighbours(v)) > 0).all() for v in range(graph.n_vertices))


@settings(max_examples=examples(300), deadline=None)
@given(
    st.integers(1, 7).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=2 * n),
            st.lists(st.integers(-1, n), max_size=n + 1),
        )
    )
)
def test_analyse_walk_accepts_exactly_the_walks(case):
    n, edges, path = case
    graph = mg.Graph.from_edges(n, edges)
    adjacent = {(u, v) for u, v in edges} | {(v, u) for u, v in edges}
    is_walk = (
        all(0 <= v < n for v in path)
        and len(set(path)) == len(path)
        and all((u, v) in adjacent for u, v in itertools.pairwise(path))
    )
    try:
        walk = engines.analyse_walk(graph, path)
    except IllegalMoveError:
        assert not is_walk
        return
    assert is_walk and walk.path.tolist() == path
