"""The checks of a game's Python face: every object of the contract, held to the referee.

Each check takes the game and a :class:`~matchgame.testing.inputs.Draw` and raises
``AssertionError`` on the first thing that is wrong; :func:`matchgame.testing.check_game`
runs them all, and the command line's and web app's checks (:mod:`.faces`).
"""

from __future__ import annotations

import contextlib
import copy
import json
import pickle
from collections.abc import Callable
from typing import Any

from .inputs import BoardCase, Draw, GraphCase, board_case, graph_case

__all__ = ["API_CHECKS", "one_line", "plain_json", "random_walk"]


def plain_json(value: Any) -> Any:
    """``value`` as JSON reads it back (numpy arrays as lists)."""
    from ..games.analyses import plain_json as plain

    return plain(value)


def _by_vertex(game: Any, case: GraphCase | BoardCase) -> bool:
    source = case.source if isinstance(case, GraphCase) else case.rows
    graph, _ = game.graph_of(source)
    return bool(game.steps(graph).by_vertex)


def check_agrees_with_the_referee(game: Any, draw: Draw) -> None:
    """The placement answer on graphs and boards is the referee's, and the analysis
    holds its game."""
    case = graph_case(game, draw)
    analysis = game.analyse(case.source)
    assert analysis.rules is game and analysis.game == game.name, analysis.rules
    assert analysis.explain(analysis.names.name(0)).rules is game
    assert analysis.winning_ids.tolist() == case.referee(game).placer_wins(), case.text
    board = board_case(game, draw)
    analysis = game.analyse(board.rows)
    expected = [board.cells[v] for v in board.referee(game).placer_wins()]
    assert analysis.winning == expected, board.text


def check_positions_move_by_move(game: Any, draw: Draw) -> None:
    """A random game, position by position: legal and winning moves, the verdict, ``pop``
    undoing ``push``, copies and pickles equal to the position."""
    case = graph_case(game, draw)
    referee, by_vertex = case.referee(game), _by_vertex(game, case)
    position = game.position(case.source)
    assert position.rules is game
    assert position.legal_moves() == list(range(case.n)), case.text
    assert position.mover_wins() == bool(referee.placer_wins()), case.text
    token = draw.integer(0, case.n - 1)
    position.push(token)
    used = referee.start(token)
    while True:
        where = f"{case.text}after {position.move_stack}"
        assert sorted(position.legal_moves()) == referee.legal(token, used, by_vertex), where
        assert position.mover_wins() == referee.mover_wins(token, used), where
        assert sorted(position.winning_moves()) == referee.winning(token, used, by_vertex), where
        assert position == position.copy() == pickle.loads(pickle.dumps(position)), where
        assert position == copy.deepcopy(position), where
        names = referee.legal(token, used, by_vertex)
        if not names:
            assert position.is_game_over() and position.outcome() is not None, where
            break
        name = draw.choice(names)
        edge, nxt = referee.move_named(token, used, name, by_vertex)
        position.push(name)
        assert position.pop() == name, where
        position.push(name)
        token, used = nxt, referee.use(used, edge, nxt)


def random_walk(game: Any, case: GraphCase, draw: Draw, longest: int = 6) -> list[Any]:
    """A legal record of the game on ``case``: the placement, then moves by name."""
    referee, by_vertex = case.referee(game), _by_vertex(game, case)
    walk: list[Any] = [draw.integer(0, case.n - 1)]
    token, used = walk[0], referee.start(walk[0])
    for _ in range(draw.integer(0, longest)):
        names = referee.legal(token, used, by_vertex)
        if not names:
            break
        name = draw.choice(names)
        edge, nxt = referee.move_named(token, used, name, by_vertex)
        walk.append(name)
        token, used = nxt, referee.use(used, edge, nxt)
    return walk


def check_records(game: Any, draw: Draw) -> None:
    """A random record judged move by move as the referee judges it, and its text read
    back as the same record."""
    import matchgame

    case = graph_case(game, draw)
    referee, by_vertex = case.referee(game), _by_vertex(game, case)
    walk = random_walk(game, case, draw)
    record = matchgame.TokenRecord.from_moves(case.source, walk, game=game)
    assert record.rules is game and record.moves == walk, (case.text, walk)
    notes = matchgame.annotate(record).notes
    token, used = walk[0], referee.start(walk[0])
    assert notes[0].winning_before == bool(referee.placer_wins()), case.text
    assert notes[0].winning_after == (walk[0] in referee.placer_wins()), case.text
    for note, name in zip(notes[1:], walk[1:], strict=True):
        assert note.winning_before == referee.mover_wins(token, used), (case.text, walk)
        edge, nxt = referee.move_named(token, used, name, by_vertex)
        token, used = nxt, referee.use(used, edge, nxt)
        assert note.winning_after == (not referee.mover_wins(token, used)), (case.text, walk)
    again = matchgame.parse_token_record(record.to_text(), edges=True, game=game)
    assert again.path.tolist() == record.path.tolist() and again.rules is game, record.to_text()


def check_certificates(game: Any, draw: Draw) -> None:
    """A certificate is checked and accepted, or refused up front in one line; one
    tampered with is refused, and so is one checked as another game's."""
    import matchgame

    case = graph_case(game, draw)
    analysis = game.analyse(case.source)
    try:
        certificate = analysis.certificate()
    except matchgame.InvalidInputError as exc:
        assert "\n" not in str(exc), exc
        return
    answer = {**plain_json(analysis.answer()), "certificate": certificate}
    assert matchgame.verify(case.source, answer, game=game) == [], case.text
    assert matchgame.verify(case.source, json.dumps(answer), game=game) == [], case.text
    flipped = {**answer, "placer_wins": not answer["placer_wins"]}
    assert matchgame.verify(case.source, flipped, game=game) != [], case.text
    for other in matchgame.games.names():
        if other != game.name:
            assert matchgame.verify(case.source, answer, game=other) != [], (other, case.text)


def check_documents_follow_their_schemas(game: Any, draw: Draw) -> None:
    """The answer on a board and on a graph, with its certificate where there is one, and
    an explanation, each valid against the schema the game names for it."""
    import matchgame

    validate = _validator()
    if validate is None:
        return
    case, board = graph_case(game, draw), board_case(game, draw)
    for kind, analysed in (
        ("placements-graph", game.analyse(case.source)),
        ("placements-board", game.analyse(board.rows)),
    ):
        document = plain_json(analysed.answer())
        with contextlib.suppress(matchgame.InvalidInputError):  # no short proof here
            document["certificate"] = analysed.certificate()
        validate(game, kind, document)
        if analysed.n_vertices:
            why = analysed.explain(analysed.names.name(0))
            validate(game, "explain", why.document())
            assert str(why) == why.text()


def _validator() -> Callable[[Any, str, dict[str, Any]], None] | None:
    """Validates a document against a game's schema (None without jsonschema)."""
    try:
        import jsonschema  # type: ignore[import-untyped]
        from referencing import Registry, Resource
    except ImportError:
        return None

    def validate(game: Any, kind: str, document: dict[str, Any]) -> None:
        folder = game.schema_folder()
        shared = _package_schemas()
        resources = [
            (path.name, Resource.from_contents(json.loads(path.read_text())))
            for root in dict.fromkeys([shared, folder])
            for path in root.iterdir()
            if path.name.endswith(".schema.json")
        ]
        registry = Registry().with_resources(resources)
        validator = jsonschema.Draft202012Validator(game.schema(kind), registry=registry)
        validator.validate(document)

    return validate


def _package_schemas() -> Any:
    import importlib.resources

    return importlib.resources.files("matchgame") / "schemas"


def check_pictures(game: Any, draw: Draw) -> None:
    """An analysis, an explanation and a position drawn (SVG), on a graph and a board."""
    from .. import draw as drawing

    for source in (graph_case(game, draw).source, board_case(game, draw).rows):
        analysis = game.analyse(source)
        assert drawing.to_svg(drawing.analysis_scene(analysis)).startswith("<?xml")
        if analysis.n_vertices:
            why = analysis.explain(analysis.names.name(0))
            assert drawing.to_svg(drawing.explain_scene(why)).startswith("<?xml")
        position = game.position(source)
        if position.legal_moves():
            position.push(position.legal_moves()[0])
        if position.legal_moves():
            position.push(position.legal_moves()[0])
        assert drawing.to_svg(drawing.position_scene(position)).startswith("<?xml")
        assert isinstance(str(position), str)


def check_verdict_files(game: Any, draw: Draw) -> None:
    """Every vertex's verdict as columns (``placer_wins`` first) and a CSV row a vertex."""
    from ..writers.graphfiles import format_verdicts

    for source in (graph_case(game, draw).source, board_case(game, draw).rows):
        analysis = game.analyse(source)
        columns = analysis.node_attributes()
        assert next(iter(columns)) == "placer_wins"
        assert columns["placer_wins"] == analysis.winning_mask.tolist()
        assert all(len(values) == analysis.n_vertices for values in columns.values())
        rows = format_verdicts(analysis, "csv").decode().splitlines()
        assert rows[0] == ",".join(["vertex", *columns]) and len(rows) == analysis.n_vertices + 1


def check_options(game: Any, draw: Draw) -> None:
    """Every option the game declares is taken by each face of the API with its default,
    a wrong value refused in one line naming it; another game's option refused in one
    line naming the games that take it."""
    import matchgame

    case = graph_case(game, draw)
    baseline = game.analyse(case.source).winning_ids.tolist()
    for option in game.options:
        given = {option.name: option.default}
        assert game.analyse(case.source, **given).winning_ids.tolist() == baseline
        assert matchgame.analyse(case.source, game=game, **given).winning_ids.tolist() == baseline
        game.position(case.source, **given)
        record = matchgame.TokenRecord.from_moves(case.source, [0], game=game)
        matchgame.annotate(record, **given)
        _refused(game, case.source, {option.name: object()}, option.name)
    ours = {o.name for o in game.options}
    for other in matchgame.games.all_games():
        for option in other.options:
            if option.name not in ours:
                _refused(game, case.source, {option.name: option.sample}, option.name)


def _refused(game: Any, source: Any, options: dict[str, Any], name: str) -> None:
    """``game.analyse(source, **options)`` refused in one line naming ``name``."""

    def call() -> Any:
        return game.analyse(source, **options)

    one_line(call, o_name=name)


def check_refusals(game: Any, draw: Draw) -> None:
    """What the game does not take is refused in one line: a directed graph by an
    undirected game, a vertex that is not there, a source of no known kind."""
    import matchgame

    case = graph_case(game, draw)
    if not game.directed:
        one_line(lambda: game.analyse(matchgame.DiGraph(2, [(0, 1)])), "--game")
    one_line(lambda: game.position(case.source, case.n + 5))
    one_line(lambda: game.analyse("not a source"))


def check_python_values(game: Any, draw: Draw) -> None:
    """What a user holds copies and pickles: an analysis answers the same after a round
    trip, a record reads the same."""
    import matchgame

    case = graph_case(game, draw)
    analysis = game.analyse(case.source)
    again = pickle.loads(pickle.dumps(analysis))
    assert again.winning == analysis.winning and type(again) is type(analysis)
    record = matchgame.TokenRecord.from_moves(case.source, random_walk(game, case, draw), game=game)
    assert pickle.loads(pickle.dumps(record)).to_text() == record.to_text()


def one_line(call: Callable[[], Any], *words: str, o_name: str | None = None) -> None:
    """``call`` raises a :class:`~matchgame.errors.MatchgameError` of one line holding
    ``words`` (and ``o_name``, the option it is about)."""
    from ..errors import MatchgameError

    try:
        call()
    except MatchgameError as exc:
        text = str(exc)
        assert "\n" not in text, text
        for word in (*words, *([o_name] if o_name else [])):
            assert word in text, (word, text)
        return
    raise AssertionError(f"no error (expected one naming {' '.join(words) or o_name})")


API_CHECKS: tuple[Callable[[Any, Draw], None], ...] = (
    check_agrees_with_the_referee,
    check_positions_move_by_move,
    check_records,
    check_certificates,
    check_documents_follow_their_schemas,
    check_pictures,
    check_verdict_files,
    check_options,
    check_refusals,
    check_python_values,
)
"""The checks of the Python face, in the order :func:`~matchgame.testing.check_game` runs them."""
