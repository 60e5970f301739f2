"""Module paths from before the package had floors, kept working with a warning.

``import matchgame.bunny`` (now :mod:`matchgame.games.noi`), ``from
matchgame.formats import json_chunks`` (now :mod:`matchgame.writers.jsonstream`)
and the like still work: each old path is a small module whose names are looked
up, on first use, in the modules that hold them now, with a
:class:`DeprecationWarning` naming the new place. One table, no file per old path.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import types
import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

__all__ = ["MOVED", "MOVED_NAMES", "install", "moved_name"]

MOVED: dict[str, tuple[str, ...]] = {
    "matchgame.analysis": ("matchgame.games.vertex.analysis",),
    "matchgame.boards": (
        "matchgame.core.board",
        "matchgame.core.names",
        "matchgame.readers.boards",
    ),
    "matchgame.bunny": (
        "matchgame.games.noi",
        "matchgame.games.vertex.mistakes",
        "matchgame.readers.noi",
    ),
    "matchgame.walks": (
        "matchgame.games.notes",
        "matchgame.games.tokens",
        "matchgame.readers.tokens",
    ),
    "matchgame.graph": ("matchgame.core.graph",),
    "matchgame.matching": ("matchgame.core.matching",),
    "matchgame.names": ("matchgame.core.names",),
    "matchgame.moves": ("matchgame.core.moves",),
    "matchgame.edgelists": ("matchgame.readers.edgelists",),
    "matchgame.formats": (
        "matchgame.writers.placements",
        "matchgame.writers.records",
        "matchgame.writers.jsonstream",
        "matchgame.readers.documents",
    ),
    "matchgame.render": ("matchgame.draw",),
    "matchgame.play": ("matchgame.apps.play", "matchgame.draw.terminal"),
    "matchgame.cli": ("matchgame.apps.cli",),
    "matchgame.web": ("matchgame.apps.web",),
    # 0.3: each game in its own folder (games/vertex/, games/edge/), its certificates there
    "matchgame.games.placement": ("matchgame.games.vertex.analysis",),
    "matchgame.games.position": ("matchgame.games.vertex.position",),
    "matchgame.games.engines": ("matchgame.games.vertex.engines",),
    "matchgame.games.explain": ("matchgame.games.vertex.explain",),
    "matchgame.games.edges": ("matchgame.games.edge.analysis",),
    "matchgame.games.edge_position": ("matchgame.games.edge.position",),
    "matchgame.games.edge_explain": ("matchgame.games.edge.explain",),
    "matchgame.certificates.make": ("matchgame.games.vertex.certificate",),
    "matchgame.certificates.check": ("matchgame.games.vertex.checker",),
    "matchgame.certificates.edges": ("matchgame.games.edge.certificate",),
    "matchgame.sweep.solve": ("matchgame.games.vertex.batch",),
    "matchgame.sweep.edges": ("matchgame.games.edge.batch",),
    "matchgame.readers.graph_writers": ("matchgame.writers.graphs",),  # 0.4: beside verdicts
    # 0.4: NOI2011 records are a source of the vertex game, which judges them
    "matchgame.games.bunny": (
        "matchgame.games.noi",
        "matchgame.games.vertex.mistakes",
        "matchgame.readers.noi",
    ),
}
"""Old module path -> the modules its public names live in now, searched in order."""


MOVED_NAMES: dict[str, dict[str, str]] = {
    # 0.4: a face imports no game's folder; these were the vertex game's, named there
    "matchgame.sweep": {
        "BatchAnswers": "matchgame.games.vertex.batch",
        "solve_lines": "matchgame.games.vertex.batch",
        "solve_union": "matchgame.games.vertex.batch",
    },
    "matchgame.writers.placements": {
        "ANSWER_FIELDS": "matchgame.games.vertex.documents",
        "board_answer": "matchgame.games.vertex.documents",
        "graph_answer": "matchgame.games.vertex.documents",
        "graph_document": "matchgame.games.vertex.documents",
    },
    "matchgame.games.tokens": {  # records and their judging in modules of their own
        "MoveNote": "matchgame.games.notes",
        "WalkAnnotation": "matchgame.games.notes",
        "annotate": "matchgame.games.notes",
    },
    "matchgame.certificates": {
        "FORMAT": "matchgame.games.vertex.certificate",
        "as_json": "matchgame.games.vertex.certificate",
        "make_certificate": "matchgame.games.vertex.certificate",
    },
}
"""Module that still exists -> names that left it -> the module they live in now."""


def moved_name(module: str, attribute: str) -> Any:
    """``module.attribute`` where it lives now (a module's ``__getattr__`` asks), with a
    :class:`DeprecationWarning` naming its new home.

    Raises
    ------
    AttributeError
        If the name never lived in ``module``.
    """
    home = MOVED_NAMES.get(module, {}).get(attribute)
    if home is None:
        raise AttributeError(f"module {module!r} has no attribute {attribute!r}")
    warnings.warn(
        f"{module}.{attribute} moved to {home}.{attribute}; "
        f"{module}.{attribute} will go in a later release",
        DeprecationWarning,
        stacklevel=3,
    )
    return getattr(importlib.import_module(home), attribute)


class _MovedModule(types.ModuleType):
    """An old path: every name is fetched from where it lives now, with a warning."""

    def __init__(self, name: str, homes: Sequence[str]) -> None:
        super().__init__(name, f"Moved: use {', '.join(homes)} (or the names in matchgame).")
        self._homes = tuple(homes)

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        for home in self._homes:
            module = importlib.import_module(home)
            if hasattr(module, attribute):
                warnings.warn(
                    f"{self.__name__}.{attribute} moved to {home}.{attribute}; "
                    f"{self.__name__} will go in a later release",
                    DeprecationWarning,
                    stacklevel=2,
                )
                return getattr(module, attribute)
        raise AttributeError(f"module {self.__name__!r} has no attribute {attribute!r}")

    def __dir__(self) -> list[str]:
        names: set[str] = set()
        for home in self._homes:
            names |= set(getattr(importlib.import_module(home), "__all__", ()))
        return sorted(names)


# The import system asks finders and loaders for these methods only; importing the
# importlib.abc base classes would add importlib.resources and tempfile to every
# start-up (about 14 ms of a 0.17 s command), so the type checker alone sees them.
if TYPE_CHECKING:
    from importlib.abc import Loader as _LoaderBase
else:
    _LoaderBase = object


class _Loader(_LoaderBase):
    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        return _MovedModule(spec.name, MOVED[spec.name])

    def exec_module(self, module: types.ModuleType) -> None:
        pass  # nothing to run: names are fetched on use


class _Finder:
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Loader())


def install() -> None:
    """Make the old paths importable (once per process)."""
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.append(_Finder())
