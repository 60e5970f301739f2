"""The package's floors (docs/architecture.md): import-linter's layer contract holds,
the only imports reaching up are the listed call-time conveniences, and the module
paths from before the floors still work, with a warning."""

from __future__ import annotations

import ast
import importlib
import shutil
import subprocess
import sys
import tomllib
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "matchgame"


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]


def _lint_imports(cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    exe = shutil.which("lint-imports")
    if exe is None:
        pytest.skip("import-linter is not installed")
    return subprocess.run([exe], cwd=cwd, capture_output=True, text=True, env=env)


@pytest.fixture(scope="module")
def source_checkout() -> Path:
    if not (ROOT / "pyproject.toml").exists() or not PACKAGE.exists():
        pytest.skip("not running from a source checkout")
    return ROOT


def test_every_import_points_down(source_checkout):
    run = _lint_imports(source_checkout)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout and "kept" in run.stdout


def test_an_import_reaching_up_breaks_the_contract(source_checkout, tmp_path):
    """The contract can fail: a copy of the package with core importing a writer."""
    copy = tmp_path / "src" / "matchgame"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    graph = copy / "core" / "graph.py"
    graph.write_text(graph.read_text() + "\nfrom ..writers import jsonstream  # noqa\n")
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    # the copy first on the path, whatever the installed package's finder says
    code = (
        f"import sys; sys.path.insert(0, {str(tmp_path / 'src')!r}); sys.argv = ['lint-imports']; "
        "from importlinter.cli import lint_imports_command; lint_imports_command()"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode != 0, run.stdout
    assert "matchgame.core.graph -> matchgame.writers.jsonstream" in run.stdout


def _module_path(module: str) -> Path:
    relative = Path(*module.split(".")[1:])
    package = PACKAGE / relative / "__init__.py"
    return package if package.exists() else PACKAGE / relative.with_suffix(".py")


def _imports(path: Path, module: str) -> list[tuple[str, bool]]:
    """Every module ``path`` imports (absolute names), and whether the import sits
    inside a function; imports for type checkers only (``if TYPE_CHECKING:``) are
    left out, as import-linter leaves them out."""
    tree = ast.parse(path.read_text())
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: list[tuple[str, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and ast.unparse(child.test) == "TYPE_CHECKING":
                continue
            inside = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            if isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    parts = package.split(".")
                    anchor = ".".join(parts[: len(parts) - child.level + 1])
                    base = f"{anchor}.{base}" if base else anchor
                found.append((base, inside))
                found.extend((f"{base}.{alias.name}", inside) for alias in child.names)
            elif isinstance(child, ast.Import):
                found.extend((alias.name, inside) for alias in child.names)
            visit(child, inside)

    visit(tree, False)
    return found


def test_upward_imports_are_call_time_conveniences_only(source_checkout):
    """import-linter ignores the listed imports between two modules wholesale; each
    must sit inside a method (a convenience such as Board.parse or _repr_svg_), never
    at module level, where importing the lower floor would load the upper one."""
    ignored = [entry.split("#")[0].strip() for entry in _config()["contracts"][0]["ignore_imports"]]
    assert ignored, "the contract lists its conveniences"
    for entry in ignored:
        importer, imported = (side.strip() for side in entry.split("->"))
        imports = [
            (name, inside)
            for name, inside in _imports(_module_path(importer), importer)
            if name == imported or name.startswith(imported + ".")
        ]
        assert imports, f"{entry}: listed, but no such import (drop it from the list)"
        at_module_level = [name for name, inside in imports if not inside]
        assert not at_module_level, f"{entry}: imported at module level: {at_module_level}"


def test_the_import_scanner_sees_module_level_imports():
    """The check above can fail: it tells a method's import from a module-level one."""
    path = PACKAGE / "core" / "board.py"
    found = dict(_imports(path, "matchgame.core.board"))
    assert found["matchgame.games.api"] is True  # Board.analyse's
    assert found["matchgame.core.graph"] is False


@pytest.mark.parametrize("old", sorted(importlib.import_module("matchgame._moved").MOVED))
def test_old_module_paths_work_with_a_warning(old):
    moved = importlib.import_module("matchgame._moved").MOVED
    module = importlib.import_module(old)
    names = dir(module)
    assert names, old
    with pytest.warns(DeprecationWarning, match=f"{old}.{names[0]} moved to"):
        value = getattr(module, names[0])
    homes = [importlib.import_module(home) for home in moved[old]]
    assert any(getattr(home, names[0], None) is value for home in homes)
    with pytest.raises(AttributeError), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        module.no_such_name  # noqa: B018


def test_the_readme_examples_of_old_paths():
    with pytest.warns(DeprecationWarning, match="matchgame.games.noi.GameRecord"):
        from matchgame.bunny import GameRecord
    from matchgame import GameRecord as new

    assert GameRecord is new


def _import_cycles() -> list[list[str]]:
    """Every cycle of the import graph (module-level and function-level imports alike,
    TYPE_CHECKING's left out), as its strongly connected components, once the
    conveniences the contract lists are taken out."""
    grimp = pytest.importorskip("grimp")
    ignored = {
        tuple(side.strip() for side in entry.split("#")[0].split("->"))
        for entry in _config()["contracts"][0]["ignore_imports"]
    }
    graph = grimp.build_graph("matchgame", exclude_type_checking_imports=True)
    edges = {
        module: {
            imported
            for imported in graph.find_modules_directly_imported_by(module)
            if (module, imported) not in ignored and imported.startswith("matchgame")
        }
        for module in graph.modules
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []
    counter = [0]

    def strong(start: str) -> None:  # Tarjan's, iterative: no recursion limit
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(edges.get(nxt, ())))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        cycles.append(sorted(component))

    for module in sorted(edges):
        if module not in index:
            strong(module)
    return cycles


def test_no_import_cycles(source_checkout):
    """Zero import cycles, functions' imports included: every module of the package is
    on a floor of its own folder, and only the listed conveniences (notebook pictures,
    ``str(position)``, ``Board.analyse``) reach up."""
    assert _import_cycles() == []


def test_the_cycle_finder_can_fail(source_checkout, monkeypatch):
    """A module importing its importer is found."""
    grimp = pytest.importorskip("grimp")
    real = grimp.build_graph

    def with_a_loop(*args, **kwargs):
        graph = real(*args, **kwargs)
        graph.add_import(importer="matchgame.core.graph", imported="matchgame.core.board")
        return graph

    monkeypatch.setattr(grimp, "build_graph", with_a_loop)
    assert ["matchgame.core.board", "matchgame.core.graph"] in _import_cycles()


def test_no_module_is_over_500_lines():
    """Rooms of a size a reader takes in: no Python module over 500 lines."""
    long = {
        str(path.relative_to(PACKAGE)): n
        for path in PACKAGE.rglob("*.py")
        if (n := len(path.read_text().splitlines())) > 500
    }
    assert long == {}
