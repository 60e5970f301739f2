"""Boards where the token moves like a king, on a hex grid or like a knight."""

from __future__ import annotations

import json

import pytest
from budget import examples
from cli_helpers import assert_user_error, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import GameOracle
from strategies import board_rows

import matchgame as mg

RULES = ("orthogonal", "king", "hex", "knight")


def plain_neighbours(rule: str, r: int, c: int) -> list[tuple[int, int]]:
    """The rules as the README states them, written out independently of matchgame."""
    if rule == "orthogonal":
        return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    if rule == "king":
        return [(r + a, c + b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0)]
    if rule == "knight":
        return [(r + a, c + b) for a in (-2, -1, 1, 2) for b in (-2, -1, 1, 2) if abs(a) != abs(b)]
    shift = (c - 1, c) if r % 2 == 0 else (c, c + 1)
    return [(r, c - 1), (r, c + 1)] + [(r + d, x) for d in (-1, 1) for x in shift]


def plain_adjacency(rows: list[str], rule: str):
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
    index = {cell: i for i, cell in enumerate(cells)}
    adjacency = [
        sorted(index[n] for n in plain_neighbours(rule, r, c) if n in index) for r, c in cells
    ]
    return adjacency, cells


@settings(max_examples=examples(200), deadline=None)
@given(rows=board_rows(max_side=7, max_free=40), rule=st.sampled_from(RULES))
def test_board_graphs_follow_the_rules(rows, rule):
    graph = mg.Board.from_rows(rows).to_graph(rule)
    adjacency, cells = plain_adjacency(rows, rule)
    assert graph.names.names(range(graph.n_vertices)) == cells
    assert [graph.neighbours(v).tolist() for v in range(graph.n_vertices)] == adjacency
    assert graph.is_bipartite == (
        rule in ("orthogonal", "knight") or graph.n_edges == 0 or graph.is_bipartite
    )
    if rule in ("orthogonal", "knight"):
        assert graph.is_bipartite


@settings(max_examples=examples(250), deadline=None)
@given(rows=board_rows(max_side=4, max_free=11), rule=st.sampled_from(RULES))
def test_winning_placements_match_the_oracle(rows, rule):
    adjacency, cells = plain_adjacency(rows, rule)
    oracle = GameOracle(adjacency)
    expected = [cells[v] for v in range(len(cells)) if oracle.placer_wins_at(v)]
    assert mg.analyse(rows, moves=rule).winning == expected


@settings(max_examples=examples(120), deadline=None)
@given(rows=board_rows(max_side=4, max_free=10), rule=st.sampled_from(RULES), data=st.data())
def test_positions_on_every_board_match_the_oracle(rows, rule, data):
    adjacency, cells = plain_adjacency(rows, rule)
    if not cells:
        return
    oracle = GameOracle(adjacency)
    index = {cell: i for i, cell in enumerate(cells)}
    position = mg.Position(mg.Board.from_rows(rows), moves=rule)
    walk: list[int] = []
    for _ in range(2 * len(cells)):
        legal = position.legal_moves()
        if walk:
            winners = [m for m in legal if not oracle.mover_wins(index[m], walk)]
            assert position.mover_wins() == bool(winners)
            assert position.winning_moves() == winners
            best = position.best_move()
            if winners:
                assert best in winners
        if not legal:
            break
        if walk and data.draw(st.integers(0, 4)) == 0:
            position.pop()
            walk.pop()
            continue
        move = data.draw(st.sampled_from(legal))
        position.push(move)
        walk.append(index[move])


def test_the_cli_takes_moves(tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("2 3\n...\n...\n")
    king = run_cli("placements", str(board), "--moves", "king", "--format", "json")
    assert king.code == 0, king
    document = json.loads(king.out)
    assert document["moves"] == "king" and document["matching_size"] == 3
    assert not document["placer_wins"]
    plain = json.loads(run_cli("placements", str(board), "--format", "json").out)
    assert "moves" not in plain
    assert_user_error(run_cli("placements", str(board), "--moves", "rook"), "rook")
    # hex boards are certified too (they used to be refused): as the graph they are
    certified = run_cli(
        "placements", str(board), "--moves", "hex", "--format", "json", "--certificate"
    )
    assert json.loads(certified.out)["certificate"]["input"]["moves"] == "hex"
    examples = run_cli("placements", "--example", "hex", "--format", "loj")
    assert examples.code == 0 and int(examples.out.split()[0]) >= 0


@pytest.mark.parametrize("rule", ["king", "hex"])
def test_odd_cycle_boards_are_refused_or_played_by_the_engine(rule):
    board = mg.Board.from_rows(["...", "..."])
    assert not mg.analyse(board, moves=rule).placer_wins  # 6 cells, perfect matchings
