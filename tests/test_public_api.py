"""The public API as a user meets it: dir(), help() and inspect.signature.

``dir(matchgame)`` is ``__all__`` and the module's dunders, nothing it merely
imports; every public callable shows its real parameters, never a ``(*args,
**kwargs)`` placeholder.
"""

from __future__ import annotations

import inspect
import typing

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


def test_position_shows_its_parameters_and_refuses_the_other_games_options():
    parameters = inspect.signature(matchgame.Position).parameters
    assert list(parameters)[:3] == ["graph", "token", "visited"]
    assert {"moves", "game", "used", "max_states"} <= set(parameters)
    assert "used" in inspect.signature(matchgame.EdgePosition).parameters
    path = matchgame.Graph.from_edges(3, [(0, 1), (1, 2)])
    with pytest.raises(matchgame.InvalidInputError, match="used applies to the edge game"):
        matchgame.Position(path, token=0, used=[(0, 1)])
    with pytest.raises(matchgame.InvalidInputError, match="max_states"):
        matchgame.Position(path, max_states=10)
    edge = matchgame.Position(path, token=0, game="edge", used=[(0, 1)], max_states=100)
    assert isinstance(edge, matchgame.EdgePosition)


def test_errors_show_their_message_parameter():
    assert list(inspect.signature(matchgame.MatchgameError).parameters) == ["message"]
    assert list(inspect.signature(matchgame.IllegalMoveError).parameters) == ["message"]


def _help_text(value: object) -> str:
    import pydoc

    return pydoc.render_doc(value, renderer=pydoc.plaintext)
