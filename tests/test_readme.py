"""One truth (issue 42, 3 and 5): the README and the docs say what pyproject.toml and
the command line's parser say, and the times measured (``docs/_data/measured.json``).
Each failure says which line to write."""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path

import pytest

import matchgame

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
PAGES = {
    path.relative_to(ROOT).as_posix(): path.read_text()
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    if "_build" not in path.parts
}
EXTRAS = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
FOR_DEVELOPERS = {
    "test": "the test suite (the getting-started table names it)",
    "docs": "the documentation site (the getting-started table names it)",
    "bench": "benchmarks/ (BENCHMARKS.md says how)",
    "fuzz": "tests/fuzz (development.md says how)",
}
MEASURED = json.loads((ROOT / "docs/_data/measured.json").read_text())

sys.path.insert(0, str(ROOT / "tools"))
import synopses  # noqa: E402  (tools/synopses.py, the generator)


def test_the_readmes_synopses_are_the_parsers():
    """The README's synopses missed --max-states, --out-dir, --input-format and
    --example, which its own examples use: they are generated from the parser."""
    found = synopses.differences(README)
    assert not found, "\n\n".join(found) + "\n\n(or run: python tools/synopses.py --write)"


def _named_extras(text: str) -> set[str]:
    """Extras a page installs: ``.[a,b]``, ``matchgame[a]``."""
    names = set()
    for group in re.findall(r"""(?:\.|matchgame)\[([a-z0-9_, -]+)\]""", text):
        names.update(name.strip() for name in group.split(","))
    return names


@pytest.mark.parametrize("page", sorted(PAGES))
def test_every_extra_a_page_installs_is_one_of_pyprojects(page):
    """The README named an extra ``dask`` that pyproject calls ``cluster``: ``pip install
    ".[dask]"`` warned that it does not exist."""
    unknown = _named_extras(PAGES[page]) - set(EXTRAS)
    assert not unknown, f"{page} installs {sorted(unknown)}: pyproject's are {sorted(EXTRAS)}"


def test_the_readme_and_getting_started_name_every_users_extra():
    users = sorted(set(EXTRAS) - set(FOR_DEVELOPERS))
    sentence = re.search(r"Extras add what some faces\s+need:(.*?)\.\n", README, re.DOTALL)
    assert sentence is not None, "README.md: the sentence 'Extras add what some faces need:'"
    named = set(re.findall(r"`([a-z0-9_]+)`\s+\(", sentence.group(1)))
    assert named == set(users), (
        f"README.md, the extras: name exactly {users} (each as `name` (what it adds)); "
        f"it names {sorted(named)}"
    )
    table = re.findall(r"^\| `([a-z0-9_]+)` \|", PAGES["docs/getting-started.md"], re.MULTILINE)
    assert set(table) == set(users) | {"test", "docs"}, (
        f"docs/getting-started.md, the extras' table: a row for each of "
        f"{sorted(set(users) | {'test', 'docs'})}; it has {sorted(table)}"
    )


INSTALL = "{install[idle]} measured on two idle cores, {install[loaded]} on two loaded ones"
TESTS = "{test_command[idle]} measured on two idle cores, {test_command[loaded]} on two loaded ones"
SAID = [
    ("README.md", INSTALL),
    ("README.md", TESTS),
    ("README.md", "({quick_loop[idle]} measured)"),
    ("docs/getting-started.md", INSTALL),
    ("docs/development.md", "the test command {test_command[idle]} after the install on two idle"),
    ("docs/development.md", "{test_command[loaded]} on two loaded ones"),
    ("docs/development.md", "the quick loop {quick_loop[idle]} idle"),
    ("docs/development.md", "kernels {install[idle]} idle, {install[loaded]} loaded"),
]


@pytest.mark.parametrize(("page", "sentence"), SAID)
def test_the_times_measured_are_said_alike_everywhere(page, sentence):
    """The install took "about a minute" in the README and "about half a minute" in
    getting-started.md (3 min 11 s measured loaded, 49 s idle); the test command's time
    was the idle one alone (41 min loaded against 12 idle)."""
    expected = sentence.format(**MEASURED)
    text = re.sub(r"\s+", " ", PAGES[page])
    assert re.sub(r"\s+", " ", expected) in text, (
        f"{page}: write {expected!r} (the figures of docs/_data/measured.json)"
    )
    assert "half a minute" not in PAGES["docs/getting-started.md"]


def test_the_readme_names_every_game():
    for name in matchgame.games.names():
        assert f"`{name}`" in README, f"README.md, after the synopses: name the game `{name}`"
