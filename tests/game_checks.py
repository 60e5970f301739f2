"""The common test every game must pass, as scikit-learn's ``check_estimator``.

``check_game(game)`` runs every check of :data:`CHECKS` on a :class:`matchgame.Game`;
``tests/test_games.py`` runs them on every registered game. A check draws small
inputs of every kind the game plays on (boards, and graphs as the game reads them:
simple graphs, multigraphs, digraphs) and holds the game to a brute-force referee
built from the rules it declares (:mod:`oracle_games`), through every face: the
analysis, positions move by move, records, certificates (accepted, and refused when
tampered with), JSON documents against their schemas, pictures, verdicts written into
graph files, sweeps, the web
app's endpoints, Python values (copy, pickle, ``==``) and the refusals of what it
does not take.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import strategies as st
from oracle_edge import board_cells, board_edges
from oracle_games import Referee

import matchgame
from matchgame import draw
from matchgame.games.analyses import plain_json

SCHEMAS = Path(__file__).resolve().parent.parent / "docs" / "schemas"


# -- inputs, as each game reads them -----------------------------------------------------


@st.composite
def graph_inputs(draw_: Any, game: Any, max_vertices: int = 7, max_edges: int = 9) -> Any:
    """``(source, n, edges)``: a graph the game plays on, built from ``n`` and pairs
    (repeats and loops included when the game keeps them: a multigraph, or a directed
    multigraph when its moves go along arcs)."""
    n = draw_(st.integers(1, max_vertices))
    pair = st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))
    edges = draw_(st.lists(pair, max_size=max_edges))
    if not game.keeps_parallel_edges:
        edges = [(u, v) for u, v in edges if u != v]
    if game.directed and game.keeps_parallel_edges:
        return matchgame.DiMultiGraph(n, edges), n, edges
    if game.directed:
        return matchgame.DiGraph(n, edges), n, edges
    if game.keeps_parallel_edges:
        return matchgame.MultiGraph(n, edges), n, edges
    return matchgame.Graph.from_edges(n, edges), n, edges


@st.composite
def board_inputs(draw_: Any, game: Any) -> Any:
    """``(rows, cells, edges)``: a small board, its cells and the edges of its moves
    (both arcs of each in a directed game), from the referee's own rule tables."""
    n_rows, n_cols = draw_(st.integers(1, 3)), draw_(st.integers(1, 4))
    rows = ["".join(draw_(st.sampled_from(".#")) for _ in range(n_cols)) for _ in range(n_rows)]
    cells, edges = board_cells(rows), board_edges(rows, "orthogonal")
    if game.directed:
        edges = edges + [(v, u) for u, v in edges]
    return rows, cells, edges


def _referee(game: Any, n: int, edges: list[tuple[int, int]]) -> Referee:
    return Referee(game, n, edges)


# -- the checks -------------------------------------------------------------------------


def check_agrees_with_the_referee(game: Any, data: Any) -> None:
    """The placement answer on graphs and boards is the referee's."""
    source, n, edges = data.draw(graph_inputs(game))
    assert game.analyse(source).winning_ids.tolist() == _referee(game, n, edges).placer_wins()
    rows, cells, board_edges_ = data.draw(board_inputs(game))
    analysis = game.analyse(rows)
    expected = _referee(game, len(cells), board_edges_).placer_wins()
    assert analysis.winning == [cells[v] for v in expected]


def check_positions_move_by_move(game: Any, data: Any) -> None:
    """A random game, position by position: legal and winning moves, the verdict,
    ``pop`` undoing ``push``, copies and pickles equal to the position."""
    source, n, edges = data.draw(graph_inputs(game))
    referee = _referee(game, n, edges)
    position = game.position(source)
    assert position.legal_moves() == list(range(n))
    assert position.mover_wins() == bool(referee.placer_wins())
    token = data.draw(st.integers(0, n - 1))
    position.push(token)
    used = referee.start(token)
    while True:
        assert position.legal_moves() == referee.legal(token, used)
        assert position.mover_wins() == referee.mover_wins(token, used)
        assert position.winning_moves() == referee.winning(token, used)
        assert position == position.copy() == pickle.loads(pickle.dumps(position))
        assert position == copy.deepcopy(position)
        moves = referee.moves(token, used)
        if not moves:
            assert position.is_game_over() and position.outcome() is not None
            break
        edge, nxt = data.draw(st.sampled_from(moves))
        position.push(nxt)
        assert position.pop() == nxt
        position.push(nxt)
        token, used = nxt, referee._use(used, edge, nxt)


def check_records(game: Any, data: Any) -> None:
    """A random record judged move by move as the referee judges it, and its text read
    back as the same record."""
    source, n, edges = data.draw(graph_inputs(game))
    referee = _referee(game, n, edges)
    walk = [data.draw(st.integers(0, n - 1))]
    token, used = walk[0], referee.start(walk[0])
    for _ in range(data.draw(st.integers(0, 6))):
        moves = referee.moves(token, used)
        if not moves:
            break
        edge, nxt = data.draw(st.sampled_from(moves))
        walk.append(nxt)
        token, used = nxt, referee._use(used, edge, nxt)
    record = matchgame.TokenRecord.from_moves(source, walk, game=game.name)
    notes = matchgame.annotate(record).notes
    token, used = walk[0], referee.start(walk[0])
    assert notes[0].winning_before == bool(referee.placer_wins())
    assert notes[0].winning_after == (walk[0] in referee.placer_wins())
    for note, nxt in zip(notes[1:], walk[1:], strict=True):
        assert note.winning_before == referee.mover_wins(token, used)
        edge = next(i for i, o in referee.moves(token, used) if o == nxt)
        token, used = nxt, referee._use(used, edge, nxt)
        assert note.winning_after == (not referee.mover_wins(token, used))
    again = matchgame.parse_token_record(record.to_text(), edges=True, game=game.name)
    assert again.path.tolist() == record.path.tolist() and again.game == game.name


def check_certificates(game: Any, data: Any) -> None:
    """A certificate is checked and accepted, or refused up front in one line; one
    tampered with is refused, and so is one checked as another game's."""
    source, _, _ = data.draw(graph_inputs(game))
    analysis = game.analyse(source)
    try:
        certificate = analysis.certificate()
    except matchgame.InvalidInputError as exc:
        assert "\n" not in str(exc)
        return
    answer = {**plain_json(analysis.answer()), "certificate": certificate}
    assert matchgame.verify(source, answer) == []
    assert matchgame.verify(source, json.dumps(answer)) == []
    flipped = {**answer, "placer_wins": not answer["placer_wins"]}
    assert matchgame.verify(source, flipped) != []
    if answer["winning_vertices"]:
        dropped = {**answer, "winning_vertices": answer["winning_vertices"][1:]}
        with contextlib.suppress(matchgame.DocumentError):  # refused as unreadable: fine
            assert matchgame.verify(source, dropped) != []
    for other in matchgame.games.names():
        if other != game.name:
            assert matchgame.verify(source, answer, game=other) != []


def check_documents_follow_their_schemas(game: Any, data: Any) -> None:
    """The answer on a board and on a graph, with its certificate where there is one, and
    an explanation, each valid against the schema the game names for it."""
    jsonschema = _optional("jsonschema")
    if jsonschema is None or not SCHEMAS.exists():
        return
    source, _, _ = data.draw(graph_inputs(game))
    rows, _, _ = data.draw(board_inputs(game))
    for kind, analysed in (
        ("placements-graph", game.analyse(source)),
        ("placements-board", game.analyse(rows)),
    ):
        document = plain_json(analysed.answer())
        with contextlib.suppress(matchgame.InvalidInputError):  # no short proof here
            document["certificate"] = analysed.certificate()
        _validate(jsonschema, game.schemas[kind], document)
        if analysed.n_vertices:
            why = analysed.explain(analysed.names.name(0))
            _validate(jsonschema, game.schemas["explain"], why.document())
            assert str(why) == why.text()


def check_pictures(game: Any, data: Any) -> None:
    """An analysis, an explanation and a position drawn (SVG), on a graph and a board."""
    for source in (data.draw(graph_inputs(game))[0], data.draw(board_inputs(game))[0]):
        analysis = game.analyse(source)
        assert draw.to_svg(draw.analysis_scene(analysis)).startswith("<?xml")
        assert analysis._repr_svg_().startswith("<?xml")
        if analysis.n_vertices:
            why = analysis.explain(analysis.names.name(0))
            assert draw.to_svg(draw.explain_scene(why)).startswith("<?xml")
        position = game.position(source)
        if position.legal_moves():
            position.push(position.legal_moves()[0])
        assert draw.to_svg(draw.position_scene(position)).startswith("<?xml")
        assert isinstance(str(position), str)


def check_verdict_files(game: Any, data: Any) -> None:
    """Every vertex's verdict in a graph file: the analysis' columns (``placer_wins``
    first, a value a vertex), a CSV row a vertex, and GraphML that NetworkX reads back
    with the same values, on a graph and a board."""
    from matchgame.writers.graphfiles import format_verdicts

    for source in (data.draw(graph_inputs(game))[0], data.draw(board_inputs(game))[0]):
        analysis = game.analyse(source)
        columns = analysis.node_attributes()
        assert next(iter(columns)) == "placer_wins"
        assert columns["placer_wins"] == analysis.winning_mask.tolist()
        assert all(len(values) == analysis.n_vertices for values in columns.values())
        rows = format_verdicts(analysis, "csv").decode().splitlines()
        assert rows[0] == ",".join(["vertex", *columns])
        assert len(rows) == analysis.n_vertices + 1
        nx = _optional("networkx")
        if nx is None:
            continue
        graph = nx.read_graphml(io.BytesIO(format_verdicts(analysis, "graphml")))
        for key, values in columns.items():
            assert [graph.nodes[v][key] for v in graph] == values


def check_sweep(game: Any, data: Any) -> None:
    """A sweep over graph6 lines answers each graph as one analysis does."""
    nx = _optional("networkx")
    if nx is None:
        return
    graphs = [nx.path_graph(3), nx.cycle_graph(4), nx.star_graph(3), nx.complete_graph(3)]
    lines = b"".join(nx.to_graph6_bytes(g, header=False) for g in graphs)
    documents = matchgame.sweep(lines, game=game.name, jobs=1)
    for graph, document in zip(graphs, documents, strict=True):
        ids = matchgame.Graph.from_edges(graph.number_of_nodes(), list(graph.edges))
        expected = plain_json(game.analyse(ids).answer())
        # the verdicts: a batch's maximum matching may be another one than the analysis'
        assert {k: document[k] for k in expected if k not in ("matching", "engine")} == {
            k: v for k, v in expected.items() if k not in ("matching", "engine")
        }
    counts = matchgame.sweep(lines, game=game.name, jobs=1, count=True)
    assert counts.graphs == len(graphs)


def check_web_endpoints(game: Any, data: Any) -> None:
    """The web app answers every endpoint for the game, and lists it in its switch."""
    if _optional("starlette") is None or _optional("uvicorn") is None:
        return
    import urllib.request

    from web_helpers import live_server, post

    from matchgame.apps.web import create_app

    text = b"3 2\n1 2\n2 3\n"
    source = game.read_edge_list(text)
    query = f"edges=1&game={game.name}"
    with live_server(create_app()) as url:
        with urllib.request.urlopen(f"{url}/api/games", timeout=30) as listed:
            assert game.name in [g["name"] for g in json.loads(listed.read())["games"]]
        status, answer = post(f"{url}/api/placements?{query}", text)
        assert status == 200, answer
        assert json.loads(answer) == plain_json(game.analyse(source).answer())
        assert post(f"{url}/api/render?{query}", text)[0] == 200
        assert post(f"{url}/api/explain?{query}&at=2", text)[0] == 200
        body = json.dumps({"input": text.decode(), "played": [2]}).encode()
        status, position = post(f"{url}/api/position?{query}&picture=1", body)
        assert status == 200, position
        assert json.loads(position)["mover_wins"] == game.position(source, 1).mover_wins()
        record = b"3 2\n1 2\n2 3\n2\n2\n3\n"
        assert post(f"{url}/api/annotate?{query}", record)[0] == 200


def check_refusals(game: Any, data: Any) -> None:
    """What the game does not take is refused in one line: another game's option, a
    directed graph by an undirected game, a vertex that is not there."""
    source, n, _ = data.draw(graph_inputs(game))
    refused = (matchgame.InvalidInputError, matchgame.InvalidParameterError)
    for option in {o.name for g in matchgame.games.all_games() for o in g.options}:
        if option not in {o.name for o in game.options}:
            _one_line(lambda option=option: game.analyse(source, **{option: 10}), refused)
    if not game.directed:
        _one_line(lambda: game.analyse(matchgame.DiGraph(2, [(0, 1)])), refused, "--game")
    _one_line(lambda: game.position(source, n + 5), (matchgame.IllegalMoveError,))
    _one_line(lambda: game.analyse("not a source"), (matchgame.InvalidTypeError,))


def check_python_values(game: Any, data: Any) -> None:
    """What a user holds pickles: an analysis answers the same after a round trip."""
    source, _, _ = data.draw(graph_inputs(game))
    analysis = game.analyse(source)
    again = pickle.loads(pickle.dumps(analysis))
    assert again.winning == analysis.winning and type(again) is type(analysis)


CHECKS: tuple[Callable[[Any, Any], None], ...] = (
    check_agrees_with_the_referee,
    check_positions_move_by_move,
    check_records,
    check_certificates,
    check_documents_follow_their_schemas,
    check_pictures,
    check_verdict_files,
    check_sweep,
    check_web_endpoints,
    check_refusals,
    check_python_values,
)
"""Every check of the contract, in the order :func:`check_game` runs them."""


def check_game(game: Any, data: Any) -> None:
    """Every check of :data:`CHECKS` on ``game`` (``data``: hypothesis's ``st.data()``)."""
    for check in CHECKS:
        check(game, data)


def _validate(jsonschema: Any, schema_name: str, document: dict[str, Any]) -> None:
    registry = _registry(jsonschema)
    schema = json.loads((SCHEMAS / schema_name).read_text())
    jsonschema.Draft202012Validator(schema, registry=registry).validate(document)


def _registry(jsonschema: Any) -> Any:
    from referencing import Registry, Resource

    resources = [
        (path.name, Resource.from_contents(json.loads(path.read_text())))
        for path in SCHEMAS.glob("*.schema.json")
    ]
    return Registry().with_resources(resources)


def _one_line(
    call: Callable[[], Any], errors: tuple[type[BaseException], ...], *words: str
) -> None:
    try:
        call()
    except errors as exc:
        assert "\n" not in str(exc), exc
        for word in words:
            assert word in str(exc), exc
        return
    raise AssertionError("no error")


def _optional(module: str) -> Any:
    try:
        return __import__(module, fromlist=["_"])
    except ImportError:
        return None
