"""Certificates under attack: random tamperings of genuine answers.

Every case takes the genuine answer file of a small board or graph, applies one
or more tamperings (drop, add or retype a field; duplicate, swap, drop or empty
list entries; move a vertex; flip a verdict; change an answer field; a whole
answer forged from a matching that need not be maximum) and runs the checker.
Whenever the checker accepts, every claim of the document must be true. Truth
is decided here by brute force (tests/oracle.py: minimax and exhaustive
matching) and by hand-built canonical text, never by the checker.
"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

import networkx as nx
import numpy as np
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import GameOracle, board_adjacency, max_matching_size
from strategies import bipartite_edge_lists, board_rows, general_edge_lists

from matchgame import Analysis, Board, Graph
from matchgame._kernels import bipartite as _bip
from matchgame.certificates import check_answer
from matchgame.core.matching import Decomposition, decompose
from matchgame.games.vertex.certificate import FORMAT, make_certificate
from matchgame.readers.documents import DocumentError
from matchgame.writers.placements import format_placements

CASES_PER_INPUT = 12


# how the token steps on a board, written out here rather than taken from the library
STEPS = {
    "king": [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)],
    "knight": [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)],
}


def moves_adjacency(rows: list[str], moves: str) -> tuple[list[set[int]], list[tuple[int, int]]]:
    """The free cells of ``rows`` (row-major) and who is next to whom under ``moves``."""
    cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
    index = {cell: i for i, cell in enumerate(cells)}
    adjacency: list[set[int]] = [set() for _ in cells]
    for (r, c), i in index.items():
        if moves == "hex":  # odd rows shifted right by half a cell
            shift = c if r % 2 else c - 1
            steps = [(r, c - 1), (r, c + 1), (r - 1, shift), (r - 1, shift + 1)]
            steps += [(r + 1, shift), (r + 1, shift + 1)]
        else:
            steps = [(r + dr, c + dc) for dr, dc in STEPS[moves]]
        adjacency[i] |= {index[cell] for cell in steps if cell in index}
    return adjacency, cells


class Truth:
    """What is true of an input, found without the code under test."""

    def __init__(self, kind: str, case: Any, moves: str = "orthogonal") -> None:
        self.kind = kind
        self.moves = moves
        if kind == "board":
            rows = case
            if moves == "orthogonal":
                adjacency, cells = board_adjacency(rows)
            else:
                adjacency, cells = moves_adjacency(rows, moves)
            self.names = [[r + 1, c + 1] for r, c in cells]
            self.header = {"rows": len(rows), "cols": len(rows[0]), "free_cells": len(cells)}
            if moves != "orthogonal":
                self.header["moves"] = moves
            canonical = f"{len(rows)} {len(rows[0])}\n" + "".join(row + "\n" for row in rows)
        else:
            n, edges = case
            adjacency = [set() for _ in range(n)]
            for u, v in edges:
                if u != v:
                    adjacency[u].add(v)
                    adjacency[v].add(u)
            distinct = sorted({(min(u, v), max(u, v)) for u, v in edges if u != v})
            self.header = {"vertices": n, "edges": len(distinct)}
            canonical = f"{n} {len(distinct)}\n" + "".join(
                f"{u + 1} {v + 1}\n" for u, v in distinct
            )
            g = nx.Graph()
            g.add_nodes_from(range(n))
            g.add_edges_from(distinct)
            self.engine = "bipartite" if nx.is_bipartite(g) else "blossom"
        self.adjacency = [set(a) for a in adjacency]
        self.digest = hashlib.sha256(canonical.encode()).hexdigest()
        self.nu = max_matching_size(adjacency)
        oracle = GameOracle(adjacency)
        self.winning = [v for v in range(len(adjacency)) if oracle.placer_wins_at(v)]


def same(a: Any, b: Any) -> bool:
    """JSON equality that tells 1 from true and 1 from 1.0."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    return a == b


def shape(value: Any) -> Any:
    """The fields and types of a document, without list contents."""
    if isinstance(value, dict):
        return {k: shape(v) for k, v in value.items()}
    return type(value).__name__


def is_maximum_matching(truth: Truth, pairs: Any) -> bool:
    if not isinstance(pairs, list) or len(pairs) != truth.nu:
        return False
    seen = set()
    for pair in pairs:
        if not (isinstance(pair, list) and len(pair) == 2):
            return False
        if not all(type(x) is int and 1 <= x <= len(truth.adjacency) for x in pair):
            return False
        u, v = pair[0] - 1, pair[1] - 1
        if v not in truth.adjacency[u] or u in seen or v in seen:
            return False
        seen |= {u, v}
    return True


def is_maximum_board_matching(truth: Truth, quads: Any) -> bool:
    """``quads`` ([row1, col1, row2, col2] each) is a maximum matching of the board."""
    vertex = {tuple(name): v for v, name in enumerate(truth.names)}
    if not isinstance(quads, list) or not all(isinstance(q, list) and len(q) == 4 for q in quads):
        return False
    pairs = []
    for quad in quads:
        ends = (tuple(quad[:2]), tuple(quad[2:]))
        if not all(type(x) is int for x in quad) or not all(end in vertex for end in ends):
            return False
        pairs.append([vertex[end] + 1 for end in ends])
    return is_maximum_matching(truth, pairs)


def claims_hold(truth: Truth, document: Any, genuine: dict) -> bool:
    """Every claim of ``document`` is true (its shape is the genuine one's)."""
    if shape(document) != shape(genuine):
        return False
    identity = document["certificate"]
    if not same(identity["format"], FORMAT):
        return False
    expected_identity = {"kind": truth.kind, "sha256": truth.digest}
    if truth.moves != "orthogonal":
        expected_identity["moves"] = truth.moves
    if not same(identity["input"], expected_identity):
        return False
    if not all(same(document[key], value) for key, value in truth.header.items()):
        return False
    if not same(document["matching_size"], truth.nu):
        return False
    if not same(document["placer_wins"], bool(truth.winning)):
        return False
    if truth.kind == "board":
        return same(
            document["winning_cells"], [truth.names[v] for v in truth.winning]
        ) and is_maximum_board_matching(truth, document["matching"])
    d = set(truth.winning)
    a = {w for v in d for w in truth.adjacency[v]} - d
    c = set(range(len(truth.adjacency))) - d - a
    sets = {"D": sorted(d), "A": sorted(a), "C": sorted(c)}
    return (
        same(document["winning_vertices"], [v + 1 for v in sorted(d)])
        and same(document["decomposition"], {k: [v + 1 for v in s] for k, s in sets.items()})
        and same(document["engine"], truth.engine)
        and is_maximum_matching(truth, document["matching"])
    )


# -- tamperings -----------------------------------------------------------------


def members(value: Any, dicts_only: bool = False) -> list[tuple[Any, Any]]:
    """Every (container, key) of the document, list items too unless ``dicts_only``."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            found.append((value, key))
            found += members(item, dicts_only)
    elif isinstance(value, list) and not dicts_only:
        for i, item in enumerate(value):
            found.append((value, i))
            found += members(item, dicts_only)
    return found


def lists_of(document: Any) -> list[list]:
    return [c[k] for c, k in members(document) if isinstance(c[k], list)]


def integer_slots(document: Any) -> list[tuple[Any, Any]]:
    return [(c, k) for c, k in members(document) if type(c[k]) is int]


OTHER_VALUES = ("x", 1.5, True, False, None, [], {}, ["1"], [[1, [2]]], 7, -1, [1, 2], [[1, 2]])


def drop_field(document, data, truth):
    choices = members(document, dicts_only=True)
    container, key = data.draw(st.sampled_from(choices))
    del container[key]


def add_field(document, data, truth):
    objects = [document] + [c[k] for c, k in members(document) if isinstance(c[k], dict)]
    target = data.draw(st.sampled_from(objects))
    key = data.draw(st.sampled_from(["extra", "D", "forest", "ears", "links", "matching"]))
    target[key] = copy.deepcopy(data.draw(st.sampled_from(OTHER_VALUES)))


def retype(document, data, truth):
    container, key = data.draw(st.sampled_from(members(document)))
    container[key] = copy.deepcopy(data.draw(st.sampled_from(OTHER_VALUES)))


def edit_list(document, data, truth):
    lists = lists_of(document)
    if not lists:
        return
    items = data.draw(st.sampled_from(lists))
    action = data.draw(st.sampled_from(["duplicate", "swap", "drop", "empty", "reverse"]))
    if action == "empty" or not items:
        items.clear()
        return
    i = data.draw(st.integers(0, len(items) - 1))
    j = data.draw(st.integers(0, len(items) - 1))
    if action == "duplicate":
        items.insert(j, copy.deepcopy(items[i]))
    elif action == "swap":
        items[i], items[j] = items[j], items[i]
    elif action == "drop":
        del items[i]
    else:
        items.reverse()


def move_vertex(document, data, truth):
    slots = integer_slots(document)
    if not slots:
        return
    container, key = data.draw(st.sampled_from(slots))
    n = len(truth.adjacency)
    if truth.kind == "board":
        n = truth.header["rows"] * truth.header["cols"]
    container[key] = data.draw(
        st.one_of(
            st.integers(-1, n + 2),
            st.sampled_from([container[key] - 1, container[key] + 1, 0, 2**31, 10**20]),
        )
    )


def flip_verdict(document, data, truth):
    """Move a vertex in or out of D everywhere the answer lists D, patching the proof."""
    n = len(truth.adjacency)
    key = "winning_cells" if truth.kind == "board" else "winning_vertices"
    winning = document.get(key)
    if n == 0 or not isinstance(winning, list):
        return
    v = data.draw(st.integers(0, n - 1))
    name = list(truth.names[v]) if truth.kind == "board" else v + 1
    certificate = document.get("certificate")
    forest = certificate.get("forest") if isinstance(certificate, dict) else None
    if name in winning:
        i = winning.index(name)
        del winning[i]
        if isinstance(forest, list) and i < len(forest):
            del forest[i]
    else:
        try:
            i = sum(1 for x in winning if x < name)  # [row, col] lists compare row-major
        except TypeError:  # an earlier tampering put something else in the list
            return
        winning.insert(i, name)
        if isinstance(forest, list):
            forest.insert(i, data.draw(st.integers(0, 3 * n + 1)))
    document["placer_wins"] = bool(winning)
    if truth.kind == "edges" and isinstance(document.get("decomposition"), dict):
        document["decomposition"]["D"] = list(winning)


def change_answer(document, data, truth):
    key = data.draw(st.sampled_from(sorted(k for k in document if k != "certificate")))
    value = document[key]
    if type(value) is int:
        document[key] = value + data.draw(st.sampled_from([-1, 1]))
    elif isinstance(value, bool):
        document[key] = not value
    elif isinstance(value, str):
        document[key] = "blossom" if value == "bipartite" else "bipartite"
    else:
        retype(document, data, truth)


def _general(document: Any) -> dict | None:
    """The certificate of a graph with odd cycles (Tutte-Berge set, ears, links), if any."""
    certificate = document.get("certificate")
    if isinstance(certificate, dict) and all(
        isinstance(certificate.get(key), list) for key in ("tutte_berge_set", "ears", "links")
    ):
        return certificate
    return None


def _vertex_ids(truth: Truth) -> list[int]:
    """The ids a certificate may name: vertices 1..n, or the free cells' numbers."""
    if truth.kind == "board":
        return [(r - 1) * truth.header["cols"] + c for r, c in truth.names]
    return list(range(1, len(truth.adjacency) + 1))


def rewire_ears(document, data, truth):
    """Wrong ears: a vertex replaced, two entries swapped, an end mark moved or dropped,
    an ear reversed or cut, ears merged."""
    certificate = _general(document)
    ids = _vertex_ids(truth)
    if certificate is None or not certificate["ears"] or not ids:
        return
    ears = certificate["ears"]
    i = data.draw(st.integers(0, len(ears) - 1))
    j = data.draw(st.integers(0, len(ears) - 1))
    action = data.draw(st.sampled_from(["replace", "swap", "mark", "unmark", "reverse", "cut"]))
    if action == "replace":
        ears[i] = data.draw(st.sampled_from(ids))
    elif action == "swap":
        ears[i], ears[j] = ears[j], ears[i]
    elif action == "mark":
        ears.insert(i, 0)
    elif action == "unmark":
        marks = [k for k, v in enumerate(ears) if v == 0]
        if marks:  # ears another tamper wrote (add_field's ['1']) may hold no mark
            del ears[data.draw(st.sampled_from(marks))]
    elif action == "reverse":
        ears[min(i, j) : max(i, j) + 1] = ears[min(i, j) : max(i, j) + 1][::-1]
    else:
        del ears[min(i, j) : max(i, j) + 1]


def _starts(ears: list) -> list:
    """The one-vertex ears, in order (each starts a component)."""
    found, ear = [], []
    for v in ears:
        if v == 0:
            found += ear if len(ear) == 1 else []
            ear = []
        else:
            ear.append(v)
    return found


def relink(document, data, truth):
    """Wrong links: to any vertex (its own component, the wrong one, one outside D,
    another component matched out of D: a cycle), or 0 for a component matched out."""
    certificate = _general(document)
    ids = _vertex_ids(truth)
    if certificate is None or not certificate["links"] or not ids:
        return
    links = certificate["links"]
    i = data.draw(st.integers(0, len(links) - 1))
    links[i] = data.draw(st.sampled_from([0, *ids]))
    if data.draw(st.booleans()):  # two components pointing at each other's start
        starts = _starts(certificate["ears"])
        j = data.draw(st.integers(0, len(links) - 1))
        if i < len(starts) and j < len(starts):
            links[i], links[j] = starts[j], starts[i]


def forge_barrier(document, data, truth):
    """A forged Tutte-Berge set: a vertex added or removed, or any set of vertices."""
    certificate = _general(document)
    ids = _vertex_ids(truth)
    if certificate is None or not ids:
        return
    barrier = certificate["tutte_berge_set"]
    v = data.draw(st.sampled_from(ids))
    if data.draw(st.booleans()):
        certificate["tutte_berge_set"] = sorted(set(barrier) ^ {v})
    else:
        certificate["tutte_berge_set"] = sorted(data.draw(st.sets(st.sampled_from(ids))))


def swap_sets(document, data, truth):
    """D and C of the decomposition swapped (or D and A), the verdicts following D."""
    sets = document.get("decomposition")
    if not isinstance(sets, dict) or not all(isinstance(sets.get(k), list) for k in "DAC"):
        return
    other = data.draw(st.sampled_from("AC"))
    sets["D"], sets[other] = sets[other], sets["D"]
    document["winning_vertices"] = list(sets["D"])
    document["placer_wins"] = bool(sets["D"])


TAMPERINGS = [
    drop_field,
    add_field,
    retype,
    edit_list,
    move_vertex,
    flip_verdict,
    change_answer,
    rewire_ears,
    relink,
    forge_barrier,
    swap_sets,
]


def forged_answer(source: Board | Graph, data, moves: str = "orthogonal") -> bytes | None:
    """A whole answer made consistent with a maximal matching that need not be maximum."""
    graph = source.to_graph(moves) if isinstance(source, Board) else source
    order = data.draw(st.permutations(range(graph.n_vertices)))
    mate = np.full(graph.n_vertices, -1, dtype=np.int32)
    for v in order:
        if mate[v] < 0:
            for w in graph.neighbours(v):
                if mate[w] < 0:
                    mate[v], mate[w] = w, v
                    break
    if graph.is_bipartite:
        missable = _bip.missable_bipartite(graph.offsets, graph.indices, mate)[0].view(bool)
        engine = "bipartite"
    else:
        missable, engine = mate < 0, "blossom"
    fake = Decomposition(mate, missable, engine)
    analysis = (
        Analysis(graph, fake, source, moves) if isinstance(source, Board) else Analysis(graph, fake)
    )
    return format_placements(analysis, "json", make_certificate(source, fake, moves=moves))


def accepted(source, document_bytes: bytes, moves: str = "orthogonal") -> bool:
    try:
        return check_answer(source, document_bytes, moves=moves) == []
    except DocumentError:
        return False


def attack(kind: str, case: Any, data, moves: str = "orthogonal") -> None:
    source = Board.from_rows(case) if kind == "board" else Graph.from_edges(*case)
    graph = source.to_graph(moves) if kind == "board" else source
    decomposition = decompose(graph)
    analysis = (
        Analysis(graph, decomposition, source, moves)
        if kind == "board"
        else Analysis(graph, decomposition)
    )
    certificate = make_certificate(source, decomposition, moves=moves)
    genuine_bytes = format_placements(analysis, "json", certificate)
    assert check_answer(source, genuine_bytes, moves=moves) == []
    genuine = json.loads(genuine_bytes)
    truth = Truth(kind, case, moves)
    assert claims_hold(truth, genuine, genuine)  # the oracle agrees with the solver
    for _ in range(CASES_PER_INPUT):
        if data.draw(st.integers(0, 9)) == 0:
            forged = forged_answer(source, data, moves)
            if accepted(source, forged, moves):
                assert claims_hold(truth, json.loads(forged), genuine), forged
            continue
        document = copy.deepcopy(genuine)
        for tamper in data.draw(st.lists(st.sampled_from(TAMPERINGS), min_size=1, max_size=3)):
            tamper(document, data, truth)
        if accepted(source, json.dumps(document).encode(), moves):
            assert claims_hold(truth, document, genuine), document


SETTINGS = settings(
    max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@SETTINGS
@given(rows=board_rows(max_side=5, max_free=10), data=st.data())
def test_tampered_board_answers(rows, data):
    attack("board", rows, data)


@SETTINGS
@given(case=bipartite_edge_lists(max_vertices=10), data=st.data())
def test_tampered_bipartite_graph_answers(case, data):
    attack("edges", case, data)


@SETTINGS
@given(case=general_edge_lists(max_vertices=9), data=st.data())
def test_tampered_general_graph_answers(case, data):
    attack("edges", case, data)


@SETTINGS
@given(
    rows=board_rows(max_side=5, max_free=10),
    moves=st.sampled_from(["king", "hex", "knight"]),
    data=st.data(),
)
def test_tampered_answers_on_boards_under_other_moves(rows, moves, data):
    """King's and hex boards are certified as the graphs they are (Tutte-Berge),
    knight's boards by a forest; the certificate names the rule."""
    attack("board", rows, data, moves)
