"""The public API as a user meets it: dir(), help() and inspect.signature.

``dir(matchgame)`` is ``__all__`` and the module's dunders, nothing it merely
imports; every public callable shows its real parameters, never a ``(*args,
**kwargs)`` placeholder.
"""

from __future__ import annotations

import inspect
import io
import typing

import numpy as np
import pytest

import matchgame

# names in __all__ that are not called: a type alias (Cell is tuple[int, int]) and a string
NOT_CALLABLE = {"Cell", "__version__"}


def test_dir_is_all_plus_dunders():
    listed = set(dir(matchgame))
    dunders = {name for name in listed if name.startswith("__") and name.endswith("__")}
    assert listed - dunders == set(matchgame.__all__) - dunders
    for leaked in ("Any", "TYPE_CHECKING", "annotations", "importlib", "_LAZY", "_moved"):
        assert leaked not in listed


def test_everything_in_all_is_there():
    for name in matchgame.__all__:
        assert getattr(matchgame, name) is not None, name


def _placeholder(signature: inspect.Signature) -> bool:
    kinds = {p.kind for p in signature.parameters.values()}
    return inspect.Parameter.VAR_POSITIONAL in kinds and inspect.Parameter.VAR_KEYWORD in kinds


@pytest.mark.parametrize("name", sorted(set(matchgame.__all__) - NOT_CALLABLE))
def test_every_public_callable_has_its_real_signature(name):
    value = getattr(matchgame, name)
    assert callable(value), name
    signature = inspect.signature(value)
    assert not _placeholder(signature), f"{name}{signature}"
    # help() opens with the call as it is written (pydoc's first lines; inherited
    # builtins further down, such as Exception.__new__, are not the API's)
    assert "(*args, **kwargs)" not in "\n".join(_help_text(value).splitlines()[:6]), name


def test_the_names_that_are_not_called_are_what_they_say():
    assert typing.get_origin(matchgame.Cell) is tuple
    assert isinstance(matchgame.__version__, str)


def test_positions_of_every_game_share_one_signature_and_refuse_the_other_games_options():
    """Sibling classes, one constructor (by position and by keyword): source, token,
    used (what the game's moves used up: vertices or edges), the move rule, the game's
    options; an option of another game is refused, naming the games that take it."""
    for game in matchgame.games.all_games():
        position = type(game.position(matchgame.Graph.from_edges(1, [])))
        parameters = inspect.signature(position).parameters
        assert list(parameters)[:3] == ["source", "token", "used"], position
        assert "moves" in parameters
    path = matchgame.Graph.from_edges(3, [(0, 1), (1, 2)])
    with pytest.raises(matchgame.InvalidInputError, match="max_states applies to the edge game"):
        matchgame.Position(path, max_states=10)
    edge = matchgame.EdgePosition(path, token=0, used=[(0, 1)], max_states=100)
    assert edge.used == [(0, 1)] and edge.legal_moves() == []
    with pytest.warns(DeprecationWarning, match=r"Position\(\.\.\., game='edge'\)"):
        old = matchgame.Position(path, token=0, game="edge", used=[(0, 1)], max_states=100)
    assert isinstance(old, matchgame.EdgePosition) and old == edge


def test_errors_show_their_message_parameter():
    assert list(inspect.signature(matchgame.MatchgameError).parameters) == ["message"]
    assert list(inspect.signature(matchgame.IllegalMoveError).parameters) == ["message"]


def _help_text(value: object) -> str:
    import pydoc

    return pydoc.render_doc(value, renderer=pydoc.plaintext)


# -- one error family: declared constraints, one error naming the parameter -----------


def _refused(call, *fragments: str) -> matchgame.InvalidParameterError:
    with pytest.raises(matchgame.MatchgameError) as info:
        call()
    error = info.value
    assert isinstance(error, matchgame.InvalidParameterError), repr(error)
    assert isinstance(error, ValueError) and isinstance(error, TypeError)
    assert "\n" not in str(error)
    for fragment in fragments:
        assert fragment in str(error), str(error)
    return error


def test_the_issues_wrong_calls_are_refused_as_one_error():
    nx = pytest.importorskip("networkx")
    from matchgame import draw
    from matchgame.writers.placements import draw_board, placements_chunks

    board = matchgame.analyse([".##", "...", "#.#"])
    graph = matchgame.analyse(nx.path_graph(4))
    scene = draw.placement_scene(board)
    _refused(lambda: matchgame.analyse(nx.path_graph(4), moves="kinght"), "moves", "'knight'")
    _refused(lambda: matchgame.analyse(nx.path_graph(4), moves="king"), "moves applies to a board")
    position = matchgame.Position(nx.path_graph(4), token=1)
    _refused(lambda: position.best_move(candidates=64.0), "candidates", "an integer >= 1", "64.0")
    _refused(lambda: draw.save(scene, "x.bmp"), "path", ".svg or .png", "x.bmp")
    _refused(lambda: placements_chunks(board, "nope"), "style", "'jsoi'", "'nope'")
    _refused(lambda: draw.placement_scene(graph), "analysis", "an analysis of a board")
    _refused(lambda: draw_board(graph), "analysis", "an analysis of a board")
    _refused(lambda: placements_chunks(graph, "board"), "an analysis of a board")


def test_options_that_do_not_apply_are_refused_not_ignored():
    nx = pytest.importorskip("networkx")
    path = nx.path_graph(3)
    rows = [".##", "...", "#.#"]
    _refused(lambda: matchgame.analyse(rows, max_states=10), "max_states applies to the edge game")
    _refused(lambda: matchgame.explain(path, 0, moves="hex"), "moves applies to a board")
    _refused(lambda: matchgame.analyse(path, game="edge", moves="king"), "moves applies to a board")
    _refused(lambda: matchgame.Position(path, moves="king"), "moves applies to a Board")
    _refused(lambda: matchgame.EdgePosition(path, moves="king"), "moves applies")
    text = "2 1\n1 2\n1\n1\n"
    _refused(lambda: matchgame.parse_token_record(text, edges=True, moves="king"), "moves applies")
    # the default spelt out changes nothing, and applies where it should
    assert matchgame.analyse(path, moves="orthogonal").winning == [0, 2]
    assert matchgame.analyse(rows, moves="king").moves == "king"
    assert matchgame.analyse(rows, game="edge", max_states=10).game == "edge"


@pytest.mark.parametrize(
    ("call", "name"),
    [
        (lambda: matchgame.analyse([".."], algorithm="fast"), "algorithm"),
        (lambda: matchgame.analyse([".."], game="edges"), "game"),
        (lambda: matchgame.analyse([".."], moves=1), "moves"),
        (lambda: matchgame.analyse([".."], game="edge", max_states=1.5), "max_states"),
        (lambda: matchgame.analyse([".."], game="edge", max_states=True), "max_states"),
        (lambda: matchgame.maximum_matching(PATH, algorithm="greedy"), "algorithm"),
        (lambda: matchgame.decompose(PATH, algorithm=None), "algorithm"),
        (lambda: matchgame.annotate(RECORD, game="chess"), "game"),
        (lambda: matchgame.annotate(RECORD, max_states=0.5), "max_states"),
        (lambda: matchgame.parse_token_record("1 1\n.\n0\n", edges="yes"), "edges"),
        (lambda: matchgame.game(None), "game"),
        (lambda: matchgame.EdgePosition(PATH, max_states=2.0), "max_states"),
        (lambda: matchgame.Position(PATH, token=1).best_move(candidates=0), "candidates"),
        (lambda: matchgame.Position(PATH, token=1).best_move(candidates=True), "candidates"),
    ],
)
def test_declared_parameters_name_themselves_and_what_they_accept(call, name):
    error = _refused(call, name)
    assert " must be " in str(error) or " applies to " in str(error)


def test_numpy_integers_pass_and_become_ints():
    import numpy as np

    position = matchgame.Position(PATH, token=1)
    assert position.best_move(candidates=np.int64(3)) == position.best_move()


PATH = matchgame.Graph.from_edges(4, [(0, 1), (1, 2), (2, 3)])
RECORD = matchgame.TokenRecord.from_moves(PATH, [1, 2])


# -- one vocabulary: the new names, and the old ones warning for one release ---------


def _warns_naming(new: str):
    return pytest.warns(DeprecationWarning, match=f"is now {new}.*will go in a later release")


def test_graph_speaks_neighbour_and_its_old_names_warn():
    graph = matchgame.Graph.from_edges(3, [(0, 1), (1, 2)])
    assert graph.neighbours(1).tolist() == [0, 2]
    assert graph.indices.tolist() == [1, 0, 2, 1]
    with _warns_naming(r"Graph\.neighbours"):
        assert graph.neighbors_of(1).tolist() == [0, 2]
    with _warns_naming(r"Graph\.indices"):
        assert graph.neighbors is graph.indices
    assert matchgame.Graph([0, 1, 2], [1, 0]).indices.tolist() == [1, 0]


def test_edges_are_a_property_and_calling_them_warns():
    graph = matchgame.Graph.from_edges(3, [(0, 1), (1, 2)])
    assert graph.edges.tolist() == [[0, 1], [1, 2]]
    assert graph.edges is graph.edges  # computed once
    assert not graph.edges.flags.writeable
    with _warns_naming(r"Graph\.edges \(a property\)"):
        assert graph.edges().tolist() == [[0, 1], [1, 2]]
    multigraph = matchgame.MultiGraph(2, [(0, 1), (0, 1)])
    assert multigraph.edges.tolist() == [[0, 1], [0, 1]]
    with _warns_naming(r"MultiGraph\.edges"):
        multigraph.edges()


def test_winning_ids_is_a_property_on_both_games_analyses():
    for analysis in (matchgame.analyse(["..."]), matchgame.analyse(["..."], game="edge")):
        assert analysis.winning_ids.tolist() == list(np.flatnonzero(analysis.winning_mask))
        with _warns_naming(rf"{type(analysis).__name__}\.winning_ids \(a property\)"):
            analysis.winning_ids()


def test_decomposition_mover_wins_at_as_analysis_says_it():
    decomposition = matchgame.decompose(PATH)
    analysis = matchgame.analyse(PATH)
    assert [decomposition.mover_wins_at(v) for v in range(4)] == [
        analysis.mover_wins_at(v) for v in range(4)
    ]
    with _warns_naming(r"Decomposition\.mover_wins_at"):
        assert decomposition.mover_wins(0) is True


def test_inspecting_the_classes_does_not_warn():
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for cls in (matchgame.Graph, matchgame.Decomposition, matchgame.Analysis):
            inspect.getmembers(cls)
            dir(cls)


# -- the walk over the public API: every name, every public method and property -------

from matchgame.core._deprecated import deprecated_alias  # noqa: E402

# numpydoc's checks this project does not hold its docstrings to, and why:
NUMPYDOC_IGNORED = {
    "SA01",  # "See Also": a method's cross-references live in its prose
    "ES01",  # an extended summary: one line is enough for most methods
    "SS05",  # summary in the infinitive: properties and predicates read better as facts
    "SS06",  # a one-line summary: some summaries need two lines to say what they mean
    "GL02",  # closing quotes on their own line: ruff's format places them
    "RT01",  # a Returns section: a method's annotation and summary say it
    "PR01",  # a Parameters section: most methods name their one or two in the summary
    "EX01",  # examples: required of the names in __all__ (checked there), not of methods
}
# ... except for the names in __all__, whose pages read as NetworkX's do: every
# parameter (a class's: its constructor's), what it returns, examples, and See Also
# linking its siblings (the vertex, edge and directed game's; reader and writer)
REQUIRED_OF_PUBLIC_NAMES = {"EX01", "PR01", "RT01", "SA01"}


def _public_objects() -> list[tuple[str, object]]:
    """(numpydoc import path, object) for every name in __all__ and every public
    method and property of every public class (deprecated aliases aside)."""
    found: list[tuple[str, object]] = []
    for name in sorted(set(matchgame.__all__) - NOT_CALLABLE):
        value = getattr(matchgame, name)
        if name == "sweep":
            found.append(("matchgame.sweep.api.sweep", value))
            continue
        path = f"{value.__module__}.{value.__qualname__}"
        found.append((path, value))
        if isinstance(value, type) and not issubclass(value, BaseException):
            for attribute, member in vars(value).items():
                if attribute.startswith("_") or isinstance(member, deprecated_alias):
                    continue
                if callable(member) or isinstance(member, property | classmethod):
                    found.append((f"{path}.{attribute}", getattr(value, attribute)))
                elif type(member).__name__ == "cached_property":
                    found.append((f"{path}.{attribute}", member))
    return found


PUBLIC = _public_objects()


@pytest.mark.parametrize(("path", "value"), PUBLIC, ids=[path for path, _ in PUBLIC])
def test_every_public_callable_shows_real_parameters(path, value):
    if isinstance(value, property) or type(value).__name__ == "cached_property":
        return
    assert not _placeholder(inspect.signature(value)), path


@pytest.mark.parametrize(("path", "value"), PUBLIC, ids=[path for path, _ in PUBLIC])
def test_every_public_docstring_passes_numpydoc(path, value):
    from numpydoc.validate import validate

    name = path.rsplit(".", 1)[1]
    # a name of __all__ itself, wherever it is defined (not a method that shares a name)
    top_level = name in matchgame.__all__ and getattr(matchgame, name) is value
    ignored = NUMPYDOC_IGNORED - (REQUIRED_OF_PUBLIC_NAMES if top_level else set())
    errors = [f"{code}: {message}" for code, message in validate(path)["errors"]]
    assert [e for e in errors if e[:4] not in ignored] == [], path


def test_no_public_name_says_neighbor():
    for path, value in PUBLIC:
        assert "neighbor" not in path.rsplit(".", 1)[1].lower(), path
        if callable(value) and not isinstance(value, property):
            try:
                parameters = inspect.signature(value).parameters
            except (TypeError, ValueError):
                continue
            for parameter in parameters:
                assert "neighbor" not in parameter.lower(), (path, parameter)
    old = [name for name, member in vars(matchgame.Graph).items() if "neighbor" in name]
    assert all(isinstance(vars(matchgame.Graph)[name], deprecated_alias) for name in old)


class _Wrong:
    """An argument no public parameter takes."""


DEPRECATED = {"analyse_edges", "analyse_graph", "analyse_placements"}  # analyse(..., game=)
FUNCTIONS = [
    (name, getattr(matchgame, name))
    for name in sorted(set(matchgame.__all__) - NOT_CALLABLE - DEPRECATED)
    if inspect.isfunction(getattr(matchgame, name)) or name == "sweep"
]


@pytest.mark.parametrize("name", sorted(DEPRECATED))
def test_the_old_spellings_of_analyse_warn_and_answer(name):
    """One release more: each old function warns, naming ``analyse``, and answers as it
    did."""
    function = getattr(matchgame, name)
    argument = PATH if name == "analyse_graph" else _BOARD_ROWS
    with _warns_naming("analyse"):
        analysis = function(argument)
    game = "edge" if name == "analyse_edges" else "vertex"
    assert analysis.winning == matchgame.analyse(argument, game=game).winning


@pytest.mark.parametrize(("name", "function"), FUNCTIONS, ids=[n for n, _ in FUNCTIONS])
def test_a_wrong_type_for_any_parameter_is_a_matchgame_error(name, function):
    """Each parameter in turn gets an object of no accepted type (the others: valid
    values) and the call raises a MatchgameError, never a bare TypeError or worse."""
    valid = _VALID[name]
    for parameter in inspect.signature(function).parameters:
        arguments = dict(valid)
        arguments[parameter] = _Wrong()
        with pytest.raises(matchgame.MatchgameError):
            _call(function, arguments)


def _call(function, arguments):
    signature = inspect.signature(function)
    args, kwargs = [], {}
    for parameter in signature.parameters.values():
        if parameter.name not in arguments:
            continue
        if parameter.kind in (parameter.KEYWORD_ONLY, parameter.VAR_KEYWORD):
            # **options: a keyword no game takes (options are the game's to check)
            kwargs[parameter.name] = arguments[parameter.name]
        else:
            args.append(arguments[parameter.name])
    result = function(*args, **kwargs)
    if inspect.isgenerator(result) or hasattr(result, "__next__"):
        list(result)
    return result


_BOARD_ROWS = [".##", "...", "#.#"]
_NOI = matchgame.parse_noi_record("1 6\nXO.OXO\n1\n1 2\n1 1\n")
_VALID = {
    "analyse": {"source": _BOARD_ROWS},
    "analyse_record": {"record": _NOI},
    "analyse_walk": {"graph": PATH, "path": [1, 2]},
    "annotate": {"record": RECORD},
    "decompose": {"graph": PATH},
    "explain": {"source": _BOARD_ROWS, "name": (1, 2)},
    "game": {"which": "edge"},
    "gallai_edmonds": {"graph": PATH, "decomposition": matchgame.decompose(PATH)},
    "is_maximum_matching": {"graph": PATH, "mate": [1, 0, 3, 2]},
    "maximum_matching": {"graph": PATH},
    "parse_board": {"text": "1 2\n..\n"},
    "parse_edge_list": {"text": "2 1\n1 2\n"},
    "parse_noi_record": {"text": "1 6\nXO.OXO\n1\n1 2\n1 1\n"},
    "parse_token_record": {"text": "1 2\n..\n2\n1 1\n1 2\n"},
    "read_graph": {"source": b"2 1\n1 2\n"},
    "read_graphs": {"source": b"2 1\n1 2\n"},
    "sweep": {"graphs_or_source": [PATH]},
    "write_graph": {"graph": PATH, "target": io.BytesIO(), "format": "graph6"},
    "write_verdicts": {
        "analysis": matchgame.analyse(_BOARD_ROWS),
        "target": io.BytesIO(),
        "format": "csv",
    },
    "verify": {
        "source": _BOARD_ROWS,
        "answer": {
            **matchgame.analyse(_BOARD_ROWS).answer(),
            "certificate": matchgame.analyse(_BOARD_ROWS).certificate(),
        },
    },
}


# -- each floor through the others' public doors --------------------------------------

_PRIVATE_DOORS = {
    # Position's (and EdgePosition's) id-level helpers, now public as *_ids / *_id methods
    "_legal_ids",
    "_winning_ids",
    "_best_move_id",
    "_winning_reply_id",
    "_walk_ids",
    "_visited_mask",
    # Graph's vectorised adjacency, now Graph.has_edges
    "_adjacent",
}
_THEIR_MODULES = {  # every game's position, its common base, and the graph
    "games/positions.py",
    *(f"games/{game.replace('-', '_')}/position.py" for game in matchgame.games.names()),
    "core/graph.py",
}


def test_no_module_reaches_into_positions_or_graphs_private_methods():
    import ast
    from pathlib import Path

    root = Path(matchgame.__file__).parent
    reached = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        if where in _THEIR_MODULES:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in _PRIVATE_DOORS:
                reached.append(f"{where}:{node.lineno} .{node.attr}")
    assert reached == []


def test_position_answers_by_id_through_public_methods():
    position = matchgame.Position(matchgame.Board.from_rows([".##", "...", "#.#"]))
    names = position.graph.names
    assert [names.name(v) for v in position.legal_move_ids()] == position.legal_moves()
    assert [names.name(v) for v in position.winning_move_ids()] == position.winning_moves()
    assert names.name(position.best_move_id()) == position.best_move()
    assert names.name(position.winning_reply_id()) == position.winning_reply()
    position.push((1, 2))
    assert position.walk_ids() == [names.vertex((1, 2))]
    assert position.visited_mask().tolist() == [v == names.vertex((1, 2)) for v in range(5)]
    _refused(lambda: position.best_move_id(candidates=2.5), "candidates")


def test_graph_has_edges_for_many_pairs_checks_its_ids():
    import itertools

    star = matchgame.Graph.from_edges(20, [(0, v) for v in range(1, 20)] + [(3, 4)])
    pairs = np.array(list(itertools.product(range(20), repeat=2)))
    expected = [bool(u != v and (0 in (u, v) or {u, v} == {3, 4})) for u, v in pairs.tolist()]
    assert star.has_edges(pairs[:, 0], pairs[:, 1]).tolist() == expected
    with pytest.raises(matchgame.InvalidInputError, match=r"vs\[0\] = 20"):
        star.has_edges([0], [20])
    with pytest.raises(matchgame.InvalidInputError, match="us\\[0\\] = -1"):
        star.has_edges([-1], [0])
    with pytest.raises(matchgame.InvalidInputError, match="one length"):
        star.has_edges([0, 1], [1])
    with pytest.raises(matchgame.InvalidInputError, match="not an integer"):
        star.has_edges([0.5], [1])
    with pytest.raises(matchgame.InvalidTypeError):
        star.has_edges(["a"], [1])


def test_the_web_apps_position_reads_records_through_the_readers():
    pytest.importorskip("starlette")
    import json

    from starlette.datastructures import QueryParams

    from matchgame.apps.web import endpoints

    record = {"input": "1 6\nXO.OXO\n1\n1 2\n1 1\n", "record_moves": 1}
    position, moves, noi = endpoints._position(QueryParams("noi=1"), json.dumps(record).encode())
    assert moves == 1 and noi is not None and position.legal_moves() == [(0, 0)]
    # the readers say what else a text reads as, as on every other face
    edges = json.dumps({"input": "3 2\n1 2\n2 3\n"}).encode()
    with pytest.raises(matchgame.ParseError, match="the input reads as an edge list"):
        endpoints._position(QueryParams("noi=1"), edges)
