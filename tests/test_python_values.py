"""Every public value a user holds survives ``copy.copy``, ``copy.deepcopy`` and a
``pickle`` round trip (multiprocessing, caches, notebooks' checkpoints), as a
python-chess board does: the copy compares equal where the type defines ``==``, and
shows the same facts where it does not (analyses, records, explanations)."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import matchgame
from matchgame import examples

BOARD = matchgame.Board.from_rows([".#.", "...", "#.."])
PATH = matchgame.Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
ARCS = matchgame.DiGraph(3, np.array([[0, 1], [1, 2]]))
# parallel arcs, a 2-cycle that cancels, a self-loop: one component is searched
MULTI_ARCS = matchgame.DiMultiGraph(
    4, np.array([[0, 1], [0, 1], [1, 0], [1, 2], [2, 3], [3, 2], [3, 3]])
)


def _facts(value: Any) -> Any:
    """What a value shows, for the types compared by identity."""
    if isinstance(value, matchgame.BaseAnalysis):
        return (type(value), value.winning_mask.tolist(), value.answer()["placer_wins"])
    if isinstance(value, matchgame.Decomposition):
        return (value.mate.tolist(), value.missable.tolist(), value.engine)
    if isinstance(value, matchgame.GallaiEdmonds):
        return (value.D.tolist(), value.A.tolist(), value.C.tolist())
    if isinstance(value, matchgame.BaseExplanation):
        return value.text()
    return str(value)


VALUES: dict[str, Callable[[], Any]] = {
    "Board": lambda: BOARD,
    "Graph": lambda: PATH,
    "MultiGraph": lambda: matchgame.MultiGraph(3, np.array([[0, 1], [0, 1], [1, 2]])),
    "DiGraph": lambda: ARCS,
    "Analysis": lambda: matchgame.analyse(BOARD),
    "EdgeAnalysis": lambda: matchgame.analyse(BOARD, game="edge"),
    "DirectedAnalysis": lambda: matchgame.analyse(ARCS, game="directed"),
    "DiMultiGraph": lambda: MULTI_ARCS,
    "DirectedEdgeAnalysis": lambda: matchgame.analyse(MULTI_ARCS, game="directed-edge"),
    "DirectedEdgeExplanation": lambda: matchgame.explain(MULTI_ARCS, 1, game="directed-edge"),
    "Position": lambda: matchgame.Position(BOARD, token=(1, 1)),
    "EdgePosition": lambda: matchgame.EdgePosition(BOARD, token=(1, 1)),
    "DirectedPosition": lambda: matchgame.game("directed").position(ARCS, token=0),
    "Decomposition": lambda: matchgame.decompose(PATH),
    "GallaiEdmonds": lambda: matchgame.gallai_edmonds(PATH, matchgame.decompose(PATH)),
    "TokenRecord": lambda: examples.load("walk"),
    "GameRecord": lambda: examples.load("noi3"),
    "RecordAnalysis": lambda: matchgame.analyse_record(examples.load("noi3")),
    "WalkAnnotation": lambda: matchgame.annotate(examples.load("walk")),
    "Explanation": lambda: matchgame.explain(matchgame.analyse(BOARD), (1, 1)),
}

COPIES: dict[str, Callable[[Any], Any]] = {
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
    "pickle": lambda value: pickle.loads(pickle.dumps(value)),
}


@pytest.mark.parametrize("how", sorted(COPIES))
@pytest.mark.parametrize("name", sorted(VALUES))
def test_a_public_value_copies_and_pickles(name: str, how: str) -> None:
    value = VALUES[name]()
    again = COPIES[how](value)
    assert type(again) is type(value)
    if type(value).__eq__ is not object.__eq__:
        assert again == value, name
    assert _facts(again) == _facts(value), name


def test_a_copied_position_plays_on_alone() -> None:
    """A copy is a value: moves on it leave the original where it was."""
    position = matchgame.Position(BOARD, token=(1, 1))
    before = (position.token, list(position.move_stack), position.legal_moves())
    for how in COPIES.values():
        again = how(position)
        again.push(again.legal_moves()[0])
        assert again != position
        assert (position.token, list(position.move_stack), position.legal_moves()) == before
