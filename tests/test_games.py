"""Every registered game passes the common test (:mod:`game_checks`), and nothing
outside the registry and a game's own folder asks which game it holds by name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from game_checks import CHECKS, check_sweep, check_web_endpoints
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import matchgame

PACKAGE = Path(matchgame.__file__).resolve().parent
ONCE = (check_sweep, check_web_endpoints)


@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__)
@pytest.mark.parametrize("name", matchgame.games.names())
def test_every_game_passes_the_common_test(name, check):
    game = matchgame.game(name)
    examples = 3 if check in ONCE else 40  # a server, a sweep: the same few inputs

    @settings(max_examples=examples, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data):
        check(game, data)

    run()


def _game_name_comparisons(path: Path) -> list[str]:
    """Comparisons of a game (anything its code calls ``game``, or a ``name``) with a
    registered game's name written as a literal (``args.game == "edge"``,
    ``game in ("vertex", "edge")``); an XML element's ``kind == "edge"`` is no game."""
    names = set(matchgame.games.names())
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            spoken = " ".join(ast.unparse(o) for o in operands if not isinstance(o, ast.Constant))
            if "game" not in spoken.lower() and ".name" not in spoken:
                continue
            literals = [o.value for o in operands if isinstance(o, ast.Constant)]
            literals += [
                element.value
                for o in operands
                if isinstance(o, ast.Tuple | ast.List | ast.Set)
                for element in o.elts
                if isinstance(element, ast.Constant)
            ]
            if names & {value for value in literals if isinstance(value, str)}:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    return found


def test_no_face_compares_a_game_by_name():
    """Outside the registry and the games' own folders, code asks the game object, never
    its name: a new game then needs no face changed."""
    games_folders = {PACKAGE / "games" / name for name in matchgame.games.names()}
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if any(folder in path.parents for folder in games_folders):
            continue
        found += _game_name_comparisons(path)
    assert found == []


def test_the_name_check_can_fail(tmp_path):
    bad = PACKAGE / "games" / "_probe_for_test.py"
    try:
        bad.write_text('def f(game):\n    return game == "edge" or game in ("vertex",)\n')
        assert len(_game_name_comparisons(bad)) == 2
    finally:
        bad.unlink()


def test_no_face_checks_a_class_by_name():
    """Types are asked with isinstance, not by the name of their class."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Compare)
                and isinstance(node.left, ast.Attribute)
                and node.left.attr == "__name__"
                and isinstance(node.left.value, ast.Call | ast.Attribute)
            ):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert found == []


def test_the_directed_game_touches_no_face():
    """The third game came through the contract alone: no module outside its folder
    imports it (the registry finds it by its package's path)."""
    importers = []
    registry = (PACKAGE / "games" / "contract.py", PACKAGE / "games" / "__init__.py")
    for path in sorted(PACKAGE.rglob("*.py")):
        namespace = path == PACKAGE / "__init__.py"  # matchgame.DirectedPosition, ...
        if PACKAGE / "games" / "directed" in path.parents or path in registry or namespace:
            continue
        text = path.read_text()
        if "games.directed" in text or "from .directed" in text:
            importers.append(str(path.relative_to(PACKAGE)))
    assert importers == []
