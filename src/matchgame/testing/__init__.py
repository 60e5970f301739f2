"""The common test of every game, shipped as scikit-learn ships ``check_estimator``.

:func:`check_game` holds a game (built in, or added with :func:`matchgame.games.register`)
to a brute-force referee built from the rules it declares
(:class:`~matchgame.testing.referee.Referee`), through every face: the Python API
(analysis, positions move by move, records, certificates accepted and tampered ones
refused, documents against their schemas, pictures, verdict files, declared options and
their refusals, Python values), the command line as a user types it (placements in
every format, verify, annotate, explain, render, piped play, sweep with ``--count`` and
a filter, a budget refusal, bad input) and the web app's endpoints as a browser calls
them. matchgame's own tests run it on every registered game.

>>> import matchgame
>>> from matchgame.testing import check_game
>>> check_game(matchgame.game("vertex"), examples=2, faces=("python",))
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable
from typing import Any

from ..games.contract import Game, find_game
from .checks import API_CHECKS
from .faces import FACE_CHECKS, Run, run_command
from .inputs import Draw, RandomDraw
from .referee import Referee

__all__ = ["CHECKS", "Draw", "RandomDraw", "Referee", "Run", "check_game", "run_command"]

CHECKS: dict[str, tuple[Callable[[Any, Draw], None], ...]] = {
    "python": API_CHECKS,
    "command line": FACE_CHECKS[:-1],
    "web": FACE_CHECKS[-1:],
}
"""Every check, by the face it drives."""

FACES = tuple(CHECKS)


def check_game(
    game: str | Game,
    *,
    examples: int = 20,
    seed: int = 0,
    faces: Iterable[str] = FACES,
) -> None:
    """Run every common check on ``game`` (its name, or the game), each on ``examples``
    random small inputs (the command line's and the web app's on a few), drawn from
    ``seed``.

    Parameters
    ----------
    game : str or Game
        The game to check.
    examples : int
        Inputs per check of the Python face; the other faces take a fifth of them (at
        least one).
    seed : int
        Where the random inputs start (the same seed, the same inputs).
    faces : iterable of str
        Which faces to drive: ``"python"``, ``"command line"``, ``"web"`` (the web
        app's checks need the ``web`` extra, and are skipped with a warning without it).

    Raises
    ------
    AssertionError
        At the first check a face fails, naming the check, the game and the seed.

    See Also
    --------
    matchgame.games.register : Adds a game made elsewhere, which can then be checked.
    matchgame.Game : What a game declares and owns.
    """
    rules = find_game(game)
    chosen = list(faces)
    unknown = [face for face in chosen if face not in CHECKS]
    if unknown:
        raise ValueError(f"faces must be among {', '.join(FACES)}, got {unknown[0]!r}")
    if "web" in chosen and not _has_web():
        warnings.warn("the web app's checks need starlette and uvicorn: skipped", stacklevel=2)
        chosen.remove("web")
    for face in chosen:
        runs = examples if face == "python" else max(1, examples // 5)
        for check in CHECKS[face]:
            for example in range(runs):
                draw = RandomDraw(seed * 1_000_003 + example)
                try:
                    check(rules, draw)
                except Exception as exc:
                    raise AssertionError(
                        f"{check.__name__} ({face}) failed for the game {rules.name!r}, "
                        f"example {example} of seed {seed}: {type(exc).__name__}: {exc}"
                    ) from exc


def _has_web() -> bool:
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        return False
    return True
