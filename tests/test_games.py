"""Every registered game passes the common test (:mod:`matchgame.testing`), and nothing
outside the registry and a game's own folder asks which game it holds by name."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import matchgame
from matchgame.testing import CHECKS, check_game

PACKAGE = Path(matchgame.__file__).resolve().parent
EVERY_CHECK = [(face, check) for face, checks in CHECKS.items() for check in checks]


class HypothesisDraw:
    """The shipped checks' random choices, drawn by hypothesis (which shrinks a failure)."""

    def __init__(self, data):
        self.data = data

    def integer(self, low, high):
        return self.data.draw(st.integers(low, high))

    def choice(self, items):
        return self.data.draw(st.sampled_from(list(items)))


def _cases():
    for name in matchgame.games.names():
        for face, check in EVERY_CHECK:
            yield pytest.param(name, face, check, id=f"{name}-{face}-{check.__name__}")


@pytest.mark.parametrize(("name", "face", "check"), list(_cases()))
def test_every_game_passes_the_common_test(name, face, check):
    """matchgame.testing's checks on every registered game, inputs drawn by hypothesis:
    many for the Python face, a few for the command line and the web app."""
    game = matchgame.game(name)
    runs = examples(40) if face == "python" else 3

    @settings(max_examples=runs, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data):
        check(game, HypothesisDraw(data))

    run()


def test_check_game_fails_on_a_face_that_raises(monkeypatch):
    """A game whose verify face raises (as the directed game's did: 'DiGraph' object has
    no attribute 'graph') fails check_game, naming the check."""
    directed = matchgame.game("directed")

    def broken(source, answer, *, moves="orthogonal"):
        raise AttributeError("'DiGraph' object has no attribute 'graph'")

    monkeypatch.setattr(directed, "check_answer", broken)
    with pytest.raises(AssertionError, match=r"check_command_line \(command line\) failed"):
        check_game(directed, examples=5, faces=("command line",))


def test_check_game_runs_on_a_registered_game():
    """A game added with register() is offered by the faces and checked by check_game
    (this one, the vertex game under another name, breaks the contract: its analyses
    hold the vertex game, and check_game says so)."""
    from matchgame.games import register, unregister
    from matchgame.games.vertex import VertexGame

    class Twin(VertexGame):
        name = "twin"
        names_itself = True

    register(Twin())
    try:
        assert "twin" in matchgame.games.names()
        with pytest.raises(AssertionError, match="check_agrees_with_the_referee"):
            check_game("twin", examples=2, faces=("python",))
    finally:
        unregister("twin")
    assert "twin" not in matchgame.games.names()


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
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path in REGISTRY or any(folder in path.parents for folder in GAME_FOLDERS):
            continue
        found += _game_name_comparisons(path)
    assert found == []


def _default_comparisons(path: Path) -> list[str]:
    """Comparisons with the registry's ``DEFAULT`` (a branch on the default game)."""
    return [
        f"{path.relative_to(PACKAGE)}:{node.lineno}"
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Compare)
        and any(
            isinstance(o, ast.Name | ast.Attribute) and ast.unparse(o).endswith("DEFAULT")
            for o in [node.left, *node.comparators]
        )
    ]


def test_no_face_branches_on_the_default_game():
    """``DEFAULT`` is the game played when none is named: a default value, never a case
    (no ``if game != DEFAULT``); what differs is asked of the game."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path not in REGISTRY:
            found += _default_comparisons(path)
    assert found == []
    probe = PACKAGE / "games" / "_probe_for_test.py"
    try:
        probe.write_text("def f(game):\n    return game.name != DEFAULT\n")
        assert len(_default_comparisons(probe)) == 1
    finally:
        probe.unlink()


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


def _game_folder_imports(path: Path) -> list[str]:
    """The imports in ``path`` (at any depth, TYPE_CHECKING's left out) of a module inside
    a game's folder (``matchgame.games.vertex...``), as ``line: module``."""
    folders = {f"matchgame.games.{folder.name}" for folder in GAME_FOLDERS}
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if path.name == "__init__.py":
        package += ".__init__"
    found = []
    tree = ast.parse(path.read_text())
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level)[0]
                base = f"{parent}.{base}" if base else parent
            targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for target in targets:
            if any(target == folder or target.startswith(folder + ".") for folder in folders):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {target}")
                break
    return found


GAME_FOLDERS = sorted(
    folder for folder in (PACKAGE / "games").iterdir() if (folder / "__init__.py").exists()
)
# the registry finds games by their package's path; matchgame/__init__.py names their public
# classes (matchgame.EdgeAnalysis, ...); _moved.py keeps old paths of their modules working
REGISTRY = {
    PACKAGE / "games" / "registry.py",
    PACKAGE / "__init__.py",
    PACKAGE / "_moved.py",
}


def test_no_module_imports_a_games_folder():
    """Every game came through the contract: outside its own folder and the registry, no
    module imports a game's folder (imports inside functions included), so a face never
    holds more than the contract."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path in REGISTRY or any(folder in path.parents for folder in GAME_FOLDERS):
            continue
        found += _game_folder_imports(path)
    assert found == []


def test_the_import_check_can_fail():
    probe = PACKAGE / "draw" / "_probe_for_test.py"
    try:
        probe.write_text(
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from ..games.edge import analysis\n"
            "def f():\n    from ..games.vertex.position import Position\n"
            "    import matchgame.games.directed\n"
        )
        assert [line.split(": ")[1] for line in _game_folder_imports(probe)] == [
            "matchgame.games.vertex.position",
            "matchgame.games.directed",
        ]
    finally:
        probe.unlink()


def test_the_fourth_game_touches_no_face():
    """Directed edge geography came through the contract alone: no module outside its
    folder, the registry and the namespace names it (``matchgame.DirectedEdgeAnalysis``
    is re-exported lazily by name), kernels' sources and stubs included."""
    assert _speakers("directed_edge", ("games.directed_edge", "directed-edge")) == []


def test_the_face_check_can_fail():
    bad = PACKAGE / "draw" / "_probe_for_test.py"
    try:
        bad.write_text('"""A face that names a game."""\nGAME = "directed-edge"\n')
        assert _speakers("directed_edge", ("directed-edge",)) == ["draw/_probe_for_test.py"]
    finally:
        bad.unlink()


def _speakers(folder: str, spoken: tuple[str, ...]) -> list[str]:
    """The modules (and kernels' sources and stubs) outside ``games/<folder>``, the
    registry and the namespace whose text holds any of ``spoken``."""
    found = []
    sources = [path for path in PACKAGE.rglob("*") if path.suffix in (".py", ".pyx", ".pyi")]
    for path in sorted(sources):
        if PACKAGE / "games" / folder in path.parents or path in REGISTRY:
            continue
        if any(word in path.read_text() for word in spoken):
            found.append(str(path.relative_to(PACKAGE)))
    return found
