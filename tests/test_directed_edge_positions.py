"""Directed edge geography move by move: positions, records and play, whose moves are
arcs ``(tail, head, key)`` (``key``: the earlier arcs with the same ends, as NetworkX
keys a ``MultiDiGraph``), held to a minimax over the arcs used written here from the
rules alone (nothing of the game's solver: no cancelling, no components).

A position with arcs used is a game of its own (the fresh game on the arcs left):
positions are set up with arcs used, by key and by their ends, and walked move by
move; records are judged note by note, written and read back, and refused in one line
naming the line; play goes through a pipe and the web app as a browser sends it. The
placement's answers and the faces without positions: ``tests/test_directed_edge.py``.
"""

from __future__ import annotations

import copy
import itertools
import json
import pickle
from collections import Counter
from functools import cache

import numpy as np
import pytest
from budget import examples
from cli_helpers import assert_user_error, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import multidigraphs

import matchgame
from matchgame import DiMultiGraph, IllegalMoveError, TokenRecord, annotate, draw
from matchgame.games.directed_edge.remaining import Left
from matchgame.games.directed_edge.solve import cancel_opposite
from matchgame.testing import run_command
from matchgame.testing.checks import _validator

GAME = matchgame.game("directed-edge")
PLAYERS = ("first", "second")


# -- the referee: minimax over the arcs used ----------------------------------------------


class Referee:
    """Who wins (token, arcs used: a bit set of arc indices), and the arcs' names."""

    def __init__(self, n: int, arcs: list[tuple[int, int]]) -> None:
        self.n, self.arcs = n, arcs
        seen: Counter[tuple[int, int]] = Counter()
        self.names = []
        for arc in arcs:
            self.names.append((*arc, seen[arc]))
            seen[arc] += 1
        self.parallel = {arc: count for arc, count in seen.items()}

        @cache
        def mover_wins(token: int, used: int) -> bool:
            return any(not mover_wins(v, used | 1 << i) for i, v in self.moves(token, used))

        self.mover_wins = mover_wins

    def moves(self, token: int, used: int) -> list[tuple[int, int]]:
        """``(arc index, head)`` of every arc out of ``token`` not used, in order."""
        return [(i, v) for i, (u, v) in enumerate(self.arcs) if u == token and not used >> i & 1]

    def winning(self, token: int, used: int) -> list[int]:
        return [i for i, v in self.moves(token, used) if not self.mover_wins(v, used | 1 << i)]

    def placer_wins(self) -> list[int]:
        return [v for v in range(self.n) if not self.mover_wins(v, 0)]

    def first_free(self, arc: tuple[int, int], used: int) -> int:
        """The first arc with the ends ``arc`` not used (the last of them if all are)."""
        copies = [i for i, a in enumerate(self.arcs) if a == arc]
        return next((i for i in copies if not used >> i & 1), copies[-1])

    def text(self, i: int) -> str:
        u, v, key = self.names[i]
        return f"{u + 1} {v + 1}" + (f" {key}" if self.parallel[(u, v)] > 1 else "")


# -- positions, move by move ----------------------------------------------------------------


def _check_position(position, referee, token, used, where):
    moves = referee.moves(token, used)
    assert position.legal_moves() == [referee.names[i] for i, _ in moves], where
    assert position.legal_move_ids().tolist() == [i for i, _ in moves], where
    wins = referee.mover_wins(token, used)
    assert position.mover_wins() == wins, where
    winning = referee.winning(token, used)
    assert position.winning_moves() == [referee.names[i] for i in winning], where
    assert position.winning_reply() == (referee.names[winning[0]] if winning else None), where
    best = position.best_move_id()
    assert (best in winning) if winning else (best is None) == (not moves), where
    assert position.token_id == token and position.is_game_over() == (not moves), where
    assert position.remaining_edge_ids()[1].sum() == len(referee.arcs) - bin(used).count("1")


@settings(max_examples=examples(1000), deadline=None, suppress_health_check=list(HealthCheck))
@given(multidigraphs(), st.data())
def test_positions_move_by_move_are_the_referees(case, data):
    """Set up with arcs used (by key, or by their ends: the first copy free) or placed
    by a move, then walked: legal and winning moves by name and id, the verdict, the
    first winning arc, push by name, by ends, as typed and by id, pop, copies."""
    n, arcs = case
    referee = Referee(n, arcs)
    graph = DiMultiGraph(n, arcs)
    token = data.draw(st.integers(0, n - 1), label="token")
    used, order = 0, []
    given_used = []
    if arcs and data.draw(st.booleans(), label="some arcs used at set-up"):
        for i in data.draw(st.lists(st.sampled_from(range(len(arcs))), unique=True)):
            by_ends = data.draw(st.booleans(), label="named by its ends")
            if by_ends:  # the first copy not used yet
                i = referee.first_free(arcs[i], used)
            if used >> i & 1:  # taken by its ends already
                continue
            given_used.append(arcs[i] if by_ends else referee.names[i])
            used, order = used | 1 << i, [*order, i]
    if given_used or data.draw(st.booleans(), label="set up on the token"):
        position = GAME.position(graph, token, given_used)
        assert position.move_stack == []
    else:
        position = GAME.position(graph)
        assert position.legal_moves() == list(range(n))
        assert position.mover_wins() == bool(referee.placer_wins())
        assert position.winning_moves() == referee.placer_wins()
        position.push(token)
        assert position.move_stack == [token]
    assert position.used == [referee.names[i] for i in order]
    while True:
        where = (n, arcs, token, bin(used))
        _check_position(position, referee, token, used, where)
        moves = referee.moves(token, used)
        if not moves:
            assert position.outcome().winner == PLAYERS[1 - len(position.move_stack) % 2]
            break
        i, head = data.draw(st.sampled_from(moves), label="move")
        how = data.draw(st.sampled_from(["name", "ends", "typed", "typed ends", "id"]))
        if how in ("ends", "typed ends"):
            i = referee.first_free(arcs[i], used)
        u, v, key = referee.names[i]
        if how == "name":
            position.push((u, v, key))
        elif how == "ends":
            position.push((u, v))
        elif how == "typed":
            position.push(position.parse_move(referee.text(i)))
        elif how == "typed ends":
            position.push(position.parse_move(f"{u + 1} {v + 1}"))
        else:
            position.push_id(i)
        assert position.move_stack[-1] == (u, v, key), where
        if data.draw(st.booleans(), label="pop and push again"):
            assert position.pop() == (u, v, key)
            _check_position(position, referee, token, used, where)
            position.push_id(i)
        token, used, order = head, used | 1 << i, [*order, i]
        assert position.used == [referee.names[j] for j in order], where
        if data.draw(st.booleans(), label="copies"):
            again = pickle.loads(pickle.dumps(position))
            assert position == position.copy() == again == copy.deepcopy(position)
            _check_position(again, referee, token, used, where)


@settings(max_examples=examples(500), deadline=None, suppress_health_check=list(HealthCheck))
@given(multidigraphs(), st.data())
def test_what_is_left_once_opposite_arcs_cancel_follows_the_arcs_used(case, data):
    """A position's K (the arcs left once opposite ones cancel), set up from some arcs
    used and kept up to date arc by arc, is the phase-1 cancelling of the arcs left."""
    n, arcs = case
    graph = DiMultiGraph(n, arcs)
    free = np.array(data.draw(st.lists(st.booleans(), min_size=len(arcs), max_size=len(arcs))))
    free = free.astype(bool).reshape(-1)
    left = Left(graph, free)
    for arc in data.draw(st.lists(st.sampled_from(range(len(arcs))))) if arcs else []:
        was = left.leads(arc)
        free[arc] = not free[arc]
        left.changed(arc)
        if not free[arc]:  # used: K lost an arc with its ends, or gained the opposite
            left.settle()
            kept = graph.out_arcs[left.keep.astype(bool)]
            ends = [tuple(graph.arcs[k]) for k in kept]
            u, v = arcs[arc]
            assert was or (v, u) in ends
    left.settle()
    ids = np.flatnonzero(free)
    expected = ids[cancel_opposite(DiMultiGraph(n, np.array(arcs).reshape(-1, 2)[ids]))]
    assert sorted(graph.out_arcs[left.keep.astype(bool)].tolist()) == sorted(expected.tolist())


def test_parallel_arcs_are_moves_of_their_own_and_a_loop_stays():
    """Two arcs 0 -> 1 and a loop at 1: the moves name each; by its ends a move takes
    the first copy free; the same state reached by the other copy is another position."""
    graph = DiMultiGraph(2, [(0, 1), (1, 1), (0, 1), (1, 0)])
    position = GAME.position(graph, 0)
    assert position.legal_moves() == [(0, 1, 0), (0, 1, 1)]
    position.push((0, 1))
    assert position.legal_moves() == [(1, 1, 0), (1, 0, 0)]
    position.push(position.parse_move("2 2"))
    assert position.token == 1 and position.walk_ids() == [0, 1, 1]
    position.push((1, 0))
    assert position.legal_moves() == [(0, 1, 1)] and position.parse_move("1 2") == (0, 1, 1)
    other = GAME.position(graph, 0, used=[(0, 1, 1), (1, 1), (1, 0)])  # the other copy
    assert other.token == position.token and other.legal_moves() == [(0, 1, 0)]
    same = GAME.position(graph, 0, used=[(0, 1, 0), (1, 1), (1, 0)])
    assert same.legal_moves() == position.legal_moves() and same.turn != position.turn
    assert str(position) == "token on vertex 1; moves: 1 2 1\n@1: 2"


def test_illegal_moves_and_setups_are_refused_in_one_line():
    graph = DiMultiGraph(3, [(0, 1), (0, 1), (1, 2)])
    position = GAME.position(graph, 0)
    for call, words in (
        (lambda: position.push((1, 2, 0)), "the arc 2 3 leaves vertex 2, not the token's vertex 1"),
        (lambda: position.push((0, 1, 2)), "no such arc"),
        (lambda: position.parse_move("1 3"), "no such arc"),
        (lambda: position.parse_move("2 3"), "leaves vertex 2"),
        (lambda: position.push_id(7), "no arc id"),
        (lambda: GAME.position(graph, 0, used=[(0, 1), (0, 1), (0, 1)]), "used[2]"),
        (lambda: GAME.position(graph, 0, used=[(0, 1, 1), (0, 1, 1)]), "used twice"),
        (lambda: GAME.position(graph, None, used=[(0, 1)]), "need a token"),
        (lambda: GAME.position(graph, 0, used=[(0, 2)]), "no such arc"),
        (lambda: GAME.position(graph, 0, used=[0]), "used[0]"),
        (lambda: GAME.position(graph, 5), "token"),
    ):
        with pytest.raises(matchgame.MatchgameError) as info:
            call()
        assert "\n" not in str(info.value) and words in str(info.value), str(info.value)
    position.push((0, 1))
    with pytest.raises(IllegalMoveError, match="the arc 1 2 0 is used up"):
        GAME.position(graph, 0, used=[(0, 1, 0)]).push((0, 1, 0))


def test_a_position_past_its_budget_is_refused_in_one_line():
    """A knot of 2-cycles and a long cycle: a search per question, within max_states."""
    n = 8
    arcs = [(v, (v + 1) % n) for v in range(n)] + [(v, (v + 3) % n) for v in range(n)]
    position = GAME.position(DiMultiGraph(n, arcs), 0, max_states=1)
    with pytest.raises(matchgame.BudgetExceededError) as info:
        position.mover_wins()
    assert "\n" not in str(info.value) and "max_states = 1" in str(info.value)
    assert GAME.position(DiMultiGraph(n, arcs), 0).mover_wins() in (True, False)


def test_a_region_is_kept_while_the_token_leaves_components():
    """A long path of 2-cycles' components: moves out of a component reuse what the
    solver said (no new question), the verdicts stay the referee's."""
    n = 12
    arcs = [(v, v + 1) for v in range(n - 1)] + [(v, v) for v in range(0, n, 3)]
    referee = Referee(n, arcs)
    position = GAME.position(DiMultiGraph(n, arcs), 0)
    token, used = 0, 0
    while not position.is_game_over():
        assert position.mover_wins() == referee.mover_wins(token, used)
        assert position.winning_move_ids() == referee.winning(token, used)
        i = position.best_move_id()
        position.push_id(i)
        token, used = arcs[i][1], used | 1 << i
    assert position.outcome().moves == len(position.move_stack)


# -- records ----------------------------------------------------------------------------


def _walk(referee, data, token, longest=8):
    """A legal walk by arc indices from ``token``."""
    used, walk = 0, []
    for _ in range(data.draw(st.integers(0, longest), label="length")):
        moves = referee.moves(token, used)
        if not moves:
            break
        i, token = data.draw(st.sampled_from(moves), label="arc")
        used |= 1 << i
        walk.append(i)
    return walk


def _check_notes(judged, referee, start, walk):
    """Every note of ``judged`` (a record placed on ``start``, then the arcs ``walk``)
    and its winner, as the referee judges them."""
    placers = referee.placer_wins()
    first = judged.notes[0]
    assert (first.winning_before, first.winning_after) == (bool(placers), start in placers)
    assert first.winning_move == (placers[0] if placers else None)
    token, used = start, 0
    for note, i in zip(judged.notes[1:], walk, strict=True):
        winning = referee.winning(token, used)
        assert note.move == referee.names[i]
        assert note.winning_before == bool(winning)
        assert note.winning_move == (referee.names[winning[0]] if winning else None)
        token, used = referee.arcs[i][1], used | 1 << i
        assert note.winning_after == (not referee.mover_wins(token, used))
    over = not referee.moves(token, used)
    assert judged.winner == (PLAYERS[len(walk) % 2] if over else None)


@settings(max_examples=examples(1000), deadline=None, suppress_health_check=list(HealthCheck))
@given(multidigraphs(), st.data())
def test_records_are_judged_as_the_referee_judges_them_and_read_back(case, data):
    """Every note (before, after, the first winning move) and the winner are the
    referee's; the text writes an arc ``u v``, with its key where its ends have parallel
    arcs, and reads back as the same record, also when every line gives the ends alone."""
    n, arcs = case
    referee = Referee(n, arcs)
    graph = DiMultiGraph(n, arcs)
    start = data.draw(st.integers(0, n - 1), label="placement")
    walk = _walk(referee, data, start)
    moves = [start, *(referee.names[i] for i in walk)]
    record = TokenRecord.from_moves(graph, moves, game="directed-edge")
    assert record.moves == moves and record.path.tolist() == [start, *walk]
    _check_notes(annotate(record), referee, start, walk)
    text = record.to_text()
    lines = text.splitlines()
    assert lines[len(arcs) + 2 :] == [str(start + 1), *(referee.text(i) for i in walk)]
    again = matchgame.parse_token_record(text, edges=True, game="directed-edge")
    assert again.path.tolist() == record.path.tolist() and again.rules is GAME
    ends = lines[: len(arcs) + 2] + [
        " ".join(line.split()[:2]) for line in lines[len(arcs) + 2 :]
    ]  # the keys left out: each line the first copy the record has not played yet
    by_ends = matchgame.parse_token_record("\n".join(ends) + "\n", edges=True, game=GAME)
    taken = 0
    for i in walk:
        taken |= 1 << referee.first_free(arcs[i], taken)
    assert by_ends.walk.tolist() == record.walk.tolist()
    assert by_ends.path[1:].tolist() == GAME.walk_moves(graph, record.walk)[1:].tolist()
    assert sorted(by_ends.path[1:].tolist()) == [i for i in range(len(arcs)) if taken >> i & 1]


@pytest.mark.parametrize(
    ("moves", "words"),
    [
        ("1\n1 2\n2 1\n1 2\n2 1\n", ["line 10", "move 5 (2 1)", "the arc 2 1 was used at move 3"]),
        ("1\n1 2 0\n1 2 0\n", ["line 8", "move 3 (1 2 0)", "leaves vertex 1, not the token's"]),
        ("1\n2 1\n", ["line 7", "move 2 (2 1)", "the arc 2 1 leaves vertex 2, not the token's"]),
        ("1\n1 2 2\n", ["line 7", "move 2 '1 2 2': no such arc"]),
        ("1\n1 3\n", ["line 7", "move 2 '1 3': no such arc"]),
        ("4\n", ["line 6", "move 1"]),
    ],
)
def test_an_illegal_record_is_refused_in_one_line_naming_its_line(moves, words, tmp_path):
    arcs = "3 3\n1 2\n2 1\n1 2\n"
    count = str(len(moves.splitlines()))
    text = arcs + count + "\n" + moves
    with pytest.raises(IllegalMoveError) as info:
        matchgame.parse_token_record(text, edges=True, game="directed-edge")
    message = str(info.value)
    assert "\n" not in message and all(word in message for word in words), message
    path = tmp_path / "r.txt"
    path.write_text(text)
    assert_user_error(
        run_command("annotate", "--game", "directed-edge", "--edges", str(path)), *words
    )


@settings(max_examples=examples(300), deadline=None, suppress_health_check=list(HealthCheck))
@given(multidigraphs(), st.data())
def test_another_games_record_is_judged_by_this_games_rules(case, data):
    """A directed game's walk (never back to a vertex, so never along an arc twice)
    judged by directed edge geography: each step along its arc, the notes the
    referee's on the same arcs."""
    n, arcs = case
    simple = sorted({arc for arc in arcs if arc[0] != arc[1]})  # a DiGraph's, in order
    referee = Referee(n, simple)
    walk = [data.draw(st.integers(0, n - 1), label="placement")]
    for _ in range(data.draw(st.integers(0, 5), label="length")):
        ahead = [v for u, v in simple if u == walk[-1] and v not in walk]
        if not ahead:
            break
        walk.append(data.draw(st.sampled_from(ahead), label="vertex"))
    record = TokenRecord.from_moves(matchgame.DiGraph(n, simple), walk, game="directed")
    judged = annotate(record, game="directed-edge")
    assert judged.record.rules is GAME and judged.record.walk.tolist() == walk
    _check_notes(judged, referee, walk[0], [simple.index(a) for a in itertools.pairwise(walk)])


def test_a_record_of_the_edge_game_is_judged_as_arcs_both_ways():
    """An undirected multigraph is both arcs of every edge (a loop one): the edge
    game's record on it (the same edge walked both ways) judged by this game."""
    twice = matchgame.MultiGraph(2, [(0, 1), (0, 1), (1, 1)])
    arcs = [tuple(arc) for arc in DiMultiGraph.from_graph(twice).arcs.tolist()]
    assert arcs == [(0, 1), (1, 0), (0, 1), (1, 0), (1, 1)]
    record = TokenRecord.from_moves(twice, [0, 1, 1, 0], game="edge")
    judged = annotate(record, game="directed-edge")
    assert [note.move for note in judged.notes] == [0, (0, 1, 0), (1, 1, 0), (1, 0, 0)]
    _check_notes(judged, Referee(2, arcs), 0, [0, 4, 1])
    once = TokenRecord.from_moves(matchgame.Graph.from_edges(2, [(0, 1)]), [0, 1], game="edge")
    assert annotate(once, game="directed-edge").record.rules is GAME


@settings(max_examples=examples(500), deadline=None, suppress_health_check=list(HealthCheck))
@given(multidigraphs(), st.data())
def test_a_path_of_arcs_is_refused_exactly_at_its_first_illegal_move(case, data):
    """Arcs drawn at random after a placement: accepted iff each leaves the token and
    was not used before, else refused naming the first move that breaks the rules."""
    n, arcs = case
    start = data.draw(st.integers(0, n - 1), label="placement")
    path = data.draw(st.lists(st.sampled_from(range(len(arcs))), max_size=8)) if arcs else []
    token, used, first_bad = start, set(), None
    for t, arc in enumerate(path):
        if arcs[arc][0] != token or arc in used:
            first_bad = t
            break
        used.add(arc)
        token = arcs[arc][1]
    graph = DiMultiGraph(n, arcs)
    moves = np.array([start, *path], dtype=np.int64)
    if first_bad is None:
        GAME.check_walk(graph, moves)
        return
    with pytest.raises(IllegalMoveError) as info:
        GAME.check_walk(graph, moves, np.arange(10, 10 + moves.shape[0]))
    assert str(info.value).startswith(f"line {11 + first_bad}: move {first_bad + 2} (")


def test_a_walk_along_no_free_arc_is_refused_naming_its_move_and_line():
    """A walk of vertices as arcs (the first copy free each time); where none is left,
    or none was there, its move and line are named."""
    graph = DiMultiGraph(3, [(0, 1), (1, 0), (0, 1), (1, 2)])
    moves = GAME.walk_moves(graph, np.array([0, 1, 0, 1, 0, 1, 0]))
    assert moves.tolist() == [0, 0, 1, 2, -1, -2, -1]  # -1 - w: no arc left to w
    lines = np.arange(3, 10)
    for walk, words in (
        ([0, 1, 0, 1, 0], "line 7: move 5 (2 1): the arc 2 1 is used up (1 in all)"),
        ([0, 1, 0, 1, 0, 1], "line 7: move 5 (2 1): the arc 2 1 is used up (1 in all)"),
        ([0, 1, 2, 0], "line 6: move 4 (3 1): there is no arc 3 1"),
        ([0, 1, 0, 1, 1], "line 7: move 5 (2 2): there is no arc 2 2"),
    ):
        path = GAME.walk_moves(graph, np.array(walk))
        with pytest.raises(IllegalMoveError) as info:
            GAME.check_walk(graph, path, lines[: len(walk)])
        assert str(info.value) == words
    twice = DiMultiGraph(2, [(0, 1), (0, 1), (1, 0), (1, 0)])
    with pytest.raises(IllegalMoveError, match=r"^move 6 \(1 2\): the arcs 1 2 are used up \(2 "):
        GAME.check_walk(twice, GAME.walk_moves(twice, np.array([0, 1, 0, 1, 0, 1])))


def test_pictures_and_text_of_positions_and_records():
    """A position's picture marks where its arcs go; a record's walk is drawn along
    its arcs; str(position) lists the moves as typed, on a graph and on a board."""
    graph = DiMultiGraph(3, [(0, 1), (0, 1), (1, 2), (2, 0)])
    position = GAME.position(graph, 0)
    position.push((0, 1, 1))
    svg = draw.to_svg(draw.position_scene(position))
    assert svg.startswith("<?xml") and svg.count('data-outcome="win"') == 1
    assert position._repr_svg_().startswith("<?xml")
    assert str(position).splitlines()[0] == "token on vertex 2; moves: 2 3"
    position = GAME.position(graph, 0)
    assert str(position).splitlines()[0] == "token on vertex 1; moves: 1 2 0, 1 2 1"
    record = TokenRecord.from_moves(graph, [0, (0, 1, 1), (1, 2), (2, 0)], game=GAME)
    judged = annotate(record)
    assert draw.to_svg(draw.walk_scene(judged)).startswith("<?xml")
    board = GAME.position(["...", ".#."], (0, 0))
    board.push(((0, 0), (0, 1)))
    rows = str(board).splitlines()
    assert any("@" in row for row in rows) and sum(row.count("*") for row in rows) == 2


# -- play ------------------------------------------------------------------------------


def test_play_through_a_pipe_takes_arcs_as_typed(tmp_path):
    """``matchgame play --game directed-edge``: the engine writes its arcs as a record
    does (``u v``, a key where parallel), reads ``u v`` (the first copy free) or ``u v
    k``; an arc that is not a move ends the game in one line naming the input line."""
    graph = tmp_path / "g.txt"
    graph.write_text("3 5\n1 2\n2 3\n3 1\n1 2\n2 2\n")
    args = ("play", "--game", "directed-edge", "--edges", "--you", "first", "--strict")
    run = run_command(*args, str(graph), stdin=b"1\n2 2\n")
    position = GAME.position(GAME.read_edge_list(graph.read_text()))
    position.push(0)
    expected = []
    for typed in (None, "2 2"):
        if typed is not None:
            position.push(position.parse_move(typed))
        best = position.best_move()
        expected.append(position.move_text(best))
        position.push(best)
    assert run.out.splitlines()[:2] == [f"engine: {text}" for text in expected], run
    assert expected[0] == "1 2 0"
    refused = run_command(*args, str(graph), stdin=b"1\n1 2 5\n")
    assert refused.code == 2 and refused.out == "engine: 1 2 0\n", refused
    assert refused.err == (
        "error: input line 2: move '1 2 5': no such arc (write its tail, its head, and its "
        "key among parallel arcs)\n"
    ), refused
    hinted = run_cli(*args[:-1], str(graph), stdin="2\nhint\n2 3\nundo\nquit\n")
    assert hinted.code == 0, hinted
    assert hinted.out.splitlines()[:2] == ["engine: 2 3", "hint: 3 1 wins"], hinted
    assert "2 3 is not a legal move (legal: 3 1)" in hinted.err and "undone: 2, 2 3" in hinted.out


def test_the_web_app_plays_arcs():
    """/api/position and /api/hint: moves sent as JSON arcs [u, v, key] or typed; the
    legal, winning and best moves written as arcs; an arc that is not a move refused in
    one line naming the field."""
    if pytest.importorskip("starlette") is None or pytest.importorskip("uvicorn") is None:
        return
    from web_helpers import live_server, post

    from matchgame.apps.web import create_app

    text = "3 5\n1 2\n2 3\n3 1\n1 2\n2 2\n"
    query = "edges=1&game=directed-edge"
    with live_server(create_app()) as url:
        body = json.dumps({"input": text, "played": [1, [1, 2, 1], "2 2"]}).encode()
        status, answer = post(f"{url}/api/position?{query}&picture=1", body)
        assert status == 200, answer
        document = json.loads(answer)
        position = GAME.position(GAME.read_edge_list(text))
        for move in (0, (0, 1, 1), (1, 1, 0)):
            position.push(move)
        assert document["legal_moves"] == [[2, 3, 0]] == position.move_json_array([1])
        assert document["winning_moves"] == ([[2, 3, 0]] if position.mover_wins() else [])
        assert document["best_move"] == [2, 3, 0] and document["used"] == [[1, 2], [2, 2]]
        assert document["svg"].startswith("<svg") or document["svg"].startswith("<?xml")
        status, hint = post(f"{url}/api/hint?{query}", body)
        assert status == 200 and json.loads(hint)["move"] == [2, 3, 0], hint
        record = TokenRecord.from_moves(
            GAME.read_edge_list(text), [0, (0, 1, 1), (1, 1, 0), (1, 2, 0)], game=GAME
        )
        status, judged = post(f"{url}/api/annotate?{query}", record.to_text().encode())
        assert status == 200, judged
        assert [note["move"] for note in json.loads(judged)["moves"]] == [
            1,
            [1, 2, 1],
            [2, 2, 0],
            [2, 3, 0],
        ]
        validate = _validator()
        if validate is not None:  # the documents follow the schemas the game names
            del document["svg"]
            validate(GAME, "position", document)
            validate(GAME, "annotate", json.loads(judged))
        bad = json.dumps({"input": text, "played": [1, [3, 1, 0]]}).encode()
        status, refused = post(f"{url}/api/position?{query}", bad)
        error = json.loads(refused)["error"]
        assert status == 400 and "\n" not in error and "played[1]" in error, refused
        assert "leaves vertex 3, not the token's vertex 1" in error, error
