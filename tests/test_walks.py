"""Token-game records (`annotate`) against the brute-force oracle, and their errors."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from budget import examples
from cli_helpers import assert_user_error, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import GameOracle, board_adjacency
from strategies import bipartite_edge_lists, board_rows, general_edge_lists

from matchgame import Board, Graph, IllegalMoveError, ParseError, TokenRecord, annotate
from matchgame.writers.records import annotation_document


def random_walk(adjacency, data) -> list[int]:
    """A legal record: a placement, then moves to unvisited neighbours, stopping anywhere."""
    n = len(adjacency)
    walk = [data.draw(st.integers(0, n - 1))]
    while True:
        options = [w for w in adjacency[walk[-1]] if w not in walk]
        if not options or data.draw(st.integers(0, 5)) == 0:
            return walk
        walk.append(data.draw(st.sampled_from(sorted(options))))


def expected_notes(adjacency, walk):
    """(player, winning_before, winning_after, mistake) per move, by minimax alone."""
    oracle = GameOracle(adjacency)
    n = len(adjacency)
    notes = []
    placer_could = any(oracle.placer_wins_at(v) for v in range(n))
    placed_well = oracle.placer_wins_at(walk[0])
    notes.append(("first", placer_could, placed_well, placer_could and not placed_well))
    for t in range(1, len(walk)):
        before = oracle.mover_wins(walk[t - 1], walk[: t - 1])
        after = not oracle.mover_wins(walk[t], walk[:t])
        notes.append((("first", "second")[t % 2], before, after, before and not after))
    return notes


def check_against_oracle(adjacency, record, walk):
    annotation = annotate(record)
    got = [(n.player, n.winning_before, n.winning_after, n.mistake) for n in annotation.notes]
    assert got == expected_notes(adjacency, walk)
    oracle = GameOracle(adjacency)
    names = record.graph.names
    for t, note in enumerate(annotation.notes):
        # a winning move is named exactly when the player had one, and it wins
        assert (note.winning_move is None) == (not note.winning_before)
        if note.winning_move is not None and not note.mistake:
            assert note.better is None
            note = replace(note, winning_after=False)  # check the move it names below
        if not note.mistake:
            assert note.better is None
            continue
        better = names.vertex(note.better)
        if t == 0:
            assert oracle.placer_wins_at(better)
        else:  # a winning move from the position before move t + 1
            assert better in adjacency[walk[t - 1]] and better not in walk[:t]
            assert not oracle.mover_wins(better, walk[:t])
    over = all(w in walk for w in adjacency[walk[-1]])
    assert annotation.winner == (("first", "second")[(len(walk) - 1) % 2] if over else None)


@settings(max_examples=examples(300), deadline=None)
@given(rows=board_rows(max_side=4, max_free=12), data=st.data())
def test_board_records_match_the_oracle(rows, data):
    adjacency, cells = board_adjacency(rows)
    if not cells:
        return
    walk = random_walk(adjacency, data)
    text = "\n".join([f"{len(rows)} {len(rows[0])}", *rows, str(len(walk))])
    text += "".join(f"\n{cells[v][0] + 1} {cells[v][1] + 1}" for v in walk) + "\n"
    record = TokenRecord.parse(text)
    assert record.moves == [cells[v] for v in walk]
    check_against_oracle(adjacency, record, walk)


@settings(max_examples=examples(150), deadline=None)
@given(rows=board_rows(max_side=4, max_free=10), rule=st.sampled_from(["king", "hex", "knight"]))
def test_records_on_other_boards_match_the_oracle(rows, rule):
    board = Board.from_rows(rows)
    graph = board.to_graph(rule)
    if graph.n_vertices == 0:
        return
    adjacency = [graph.neighbours(v).tolist() for v in range(graph.n_vertices)]
    walk = [graph.n_vertices - 1]
    while True:  # always the lowest unvisited neighbour: a deterministic walk
        options = [w for w in adjacency[walk[-1]] if w not in walk]
        if not options:
            break
        walk.append(options[0])
    record = TokenRecord.from_moves(board, graph.names.names(walk), moves=rule)
    check_against_oracle(adjacency, record, walk)


@settings(max_examples=examples(300), deadline=None)
@given(
    case=st.one_of(bipartite_edge_lists(max_vertices=11), general_edge_lists(max_vertices=10)),
    data=st.data(),
)
def test_edge_list_records_match_the_oracle(case, data):
    n, edges = case
    if n == 0:
        return
    graph = Graph.from_edges(n, edges)
    adjacency = [graph.neighbours(v).tolist() for v in range(n)]
    walk = random_walk(adjacency, data)
    text = f"{n} {len(edges)}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in edges)
    text += f"{len(walk)}\n" + "".join(f"{v + 1}\n" for v in walk)
    record = TokenRecord.parse(text, edges=True)
    check_against_oracle(adjacency, record, walk)
    assert TokenRecord.parse(record.to_text(), edges=True).path.tolist() == walk


JSOI = "3 3\n.##\n...\n#.#\n"


@pytest.mark.parametrize(
    ("moves", "error", "fragment"),
    [
        ("2\n2 2\n2 1\n", None, None),
        (
            "2\n2 2\n1 1\n",
            IllegalMoveError,
            "line 7: move 2 (1 1): not adjacent to the token at 2 2",
        ),
        ("1\n1 2\n", IllegalMoveError, "line 6: move 1 (1 2): the cell is blocked"),
        ("1\n4 1\n", IllegalMoveError, "move 1 (4 1): outside the 3 x 3 board"),
        (
            "3\n2 1\n2 2\n2 1\n",
            IllegalMoveError,
            "move 3 (2 1): returns to a vertex visited at move 1",
        ),
        ("2\n2 2\n", ParseError, "expected 2 moves, got 1"),
        ("1\n2\n", ParseError, "move 1: expected 'ROW COL', the line has 1 number"),
        ("x\n", ParseError, "the number of moves t"),
        ("", ParseError, "expected the number of moves t"),
        ("1\n2 2\n9 9\n", ParseError, "unexpected content after the 1 move"),
    ],
)
def test_record_errors_name_the_line_and_move(moves, error, fragment):
    if error is None:
        assert TokenRecord.parse(JSOI + moves).path.shape == (2,)
        return
    with pytest.raises(error) as info:
        TokenRecord.parse(JSOI + moves)
    assert fragment in str(info.value)


def test_a_repeated_vertex_is_refused_where_it_happens():
    ring = "4 4\n1 2\n2 3\n3 4\n4 1\n"
    with pytest.raises(
        IllegalMoveError, match="move 5 \\(1\\): returns to a vertex visited at move 1"
    ):
        TokenRecord.parse(ring + "5\n1\n2\n3\n4\n1\n", edges=True)


def test_annotate_cli_json_and_text(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(JSOI + "3\n2 1\n2 2\n2 3\n")
    run = run_cli("annotate", str(path), "--format", "json")
    assert run.code == 0, run
    document = json.loads(run.out)
    assert document["winner"] == "first"
    assert [m["move"] for m in document["moves"]] == [[2, 1], [2, 2], [2, 3]]
    assert [m["mistake"] for m in document["moves"]] == [True, True, False]
    assert document["moves"][0]["winning_move"] == [2, 3]  # a winning placement
    assert [m["round"] for m in document["moves"]] == [1, 1, 2]
    # the same fields as a NOI2011 record's moves (matchgame mistakes --format json)
    assert set(document["moves"][0]) == {
        "number",
        "player",
        "round",
        "move",
        "winning_before",
        "winning_after",
        "mistake",
        "winning_move",
    }
    text = run_cli("annotate", str(path)).out.splitlines()
    assert text[0].startswith("winning/losing: whether the player who moved")
    assert len(text) == 5 and "mistake: 2 3 would win" in text[1]
    assert text[-1] == "the first player wins"
    bad = tmp_path / "bad.txt"
    bad.write_text(JSOI + "2\n2 2\n1 1\n")
    assert_user_error(run_cli("annotate", str(bad)), "line 7", "move 2 (1 1)")
    assert_user_error(run_cli("annotate", "--edges", "--moves", "king", str(path)), "--moves")


def test_document_of_a_graph_record_uses_vertex_numbers():
    record = TokenRecord.from_moves(Graph.from_edges(3, [(0, 1), (1, 2)]), [0, 1, 2])
    document = annotation_document(annotate(record))
    assert [m["move"] for m in document["moves"]] == [1, 2, 3]
    assert document["winner"] == "first"


def test_from_moves_on_a_board_takes_cells():
    record = TokenRecord.from_moves(Board.from_rows(["..."]), [(0, 0), (0, 1)])
    assert record.path.tolist() == [0, 1]
    with pytest.raises(IllegalMoveError, match="not adjacent"):
        TokenRecord.from_moves(Board.from_rows(["..."]), [(0, 0), (0, 2)])
