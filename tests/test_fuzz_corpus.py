"""The coverage-guided fuzzers' findings and seeds, replayed in every test run.

``tests/fuzz/run.py`` runs atheris harnesses (tests/fuzz/targets.py) for as long as
one likes; every input that ever broke the property (an answer or a MatchgameError,
within the memory budget) is kept in ``tests/data/fuzz/NAME/`` and replayed here, with
the seeds the fuzzers start from (``tests/fuzz/seeds/NAME/``), through the same
property. No atheris needed: the targets are plain functions.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
sys.path.insert(0, str(TESTS / "fuzz"))

from targets import KNOWN_ELSEWHERE, TARGETS, one_input  # noqa: E402

FINDINGS = TESTS / "data" / "fuzz"
SEEDS = TESTS / "fuzz" / "seeds"


def _cases(root: Path) -> list[tuple[str, Path]]:
    return [
        (folder.name, path)
        for folder in sorted(root.iterdir())
        if folder.is_dir()
        for path in sorted(folder.iterdir())
    ]


def _id(case: tuple[str, Path]) -> str:
    return f"{case[0]}/{case[1].name}"


def test_every_harness_has_seeds_and_every_folder_a_harness():
    assert {name for name, _ in _cases(SEEDS)} == set(TARGETS)
    assert {name for name, _ in _cases(FINDINGS)} <= set(TARGETS)


@pytest.mark.parametrize("case", _cases(FINDINGS), ids=_id)
def test_a_finding_of_the_fuzzers_is_answered_or_refused(case):
    name, path = case
    if not path.name.startswith("known-"):
        one_input(name)(path.read_bytes())
        return
    # a defect in a module other work owns (targets.KNOWN_ELSEWHERE): expected to fail
    # with that exception, and to be renamed (and dropped from the table) once fixed
    try:
        one_input(name)(path.read_bytes())
    except Exception as exc:
        assert type(exc).__name__ in KNOWN_ELSEWHERE, exc
        pytest.xfail(KNOWN_ELSEWHERE[type(exc).__name__])
    pytest.fail(f"{path.name} passes now: drop 'known-' from its name")


@pytest.mark.parametrize("case", _cases(SEEDS), ids=_id)
def test_a_seed_is_answered_or_refused(case):
    name, path = case
    one_input(name)(path.read_bytes())


@pytest.mark.parametrize("path", sorted((SEEDS / "web").iterdir()), ids=lambda p: p.name)
def test_a_web_seed_is_answered(path):
    """The web harness's seeds are requests the page makes: each is answered (the
    harness handed the endpoints a Request where they read the query's parameters, so
    every parameter was ignored and half the seeds were refused, unnoticed)."""
    TARGETS["web"](path.read_bytes())
