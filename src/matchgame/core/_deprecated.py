"""Attribute names from before the vocabulary settled, kept working for one release.

:mod:`matchgame._moved` keeps old module paths importable; this module does the same
for attributes, in two small pieces (the policy is on the API reference's first page,
docs/api/index.md):

- :class:`deprecated_alias` -- an old name of an attribute or method
  (``Graph.neighbors_of``, now ``Graph.neighbours``): reading it on an instance warns
  and gives the new one;
- :func:`callable_array` -- an array that became a property (``Graph.edges``, a view
  as NetworkX users expect, was ``Graph.edges()``): the array can still be called,
  once more, with a warning, and gives itself.

Every warning is a :class:`DeprecationWarning` naming the new spelling and saying
the old one "will go in a later release" (the test suite turns that phrase into an
error, so matchgame itself never uses an old name).
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["callable_array", "deprecated_alias", "warn_renamed"]


def warn_renamed(old: str, new: str, *, stacklevel: int = 3) -> None:
    """The one warning: ``old`` is now ``new``."""
    warnings.warn(
        f"{old} is now {new}; {old} will go in a later release",
        DeprecationWarning,
        stacklevel=stacklevel,
    )


class deprecated_alias:
    """The old name of the class attribute ``new_name``: ``neighbors_of =
    deprecated_alias("neighbours")``. Read on an instance it warns and returns the new
    attribute (a bound method, a property's value); on the class it is itself, so
    that ``help()`` and ``dir()`` show it as what it is, and inspection does not warn."""

    def __init__(self, new_name: str) -> None:
        self.new_name = new_name
        self.old_name = ""
        self.owner = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.old_name = name
        self.owner = owner.__name__
        self.__doc__ = f"Deprecated: the old name of ``{self.new_name}`` (one more release)."

    def __get__(self, instance: object | None, owner: type | None = None) -> Any:
        if instance is None:
            return self
        warn_renamed(f"{self.owner}.{self.old_name}", f"{self.owner}.{self.new_name}")
        return getattr(instance, self.new_name)


class _CallableArray(np.ndarray):
    """An ndarray whose call returns itself, with a warning: a method turned property."""

    _was: str = ""

    def __array_finalize__(self, source: object) -> None:
        self._was = getattr(source, "_was", "")

    def __call__(self) -> npt.NDArray[Any]:
        if self._was:
            warn_renamed(f"{self._was}()", f"{self._was} (a property)")
        return self


def callable_array(array: npt.NDArray[Any], was: str) -> npt.NDArray[Any]:
    """``array`` (read-only) that may still be called as the method ``was`` once was
    (``"Graph.edges"``): ``graph.edges()`` keeps giving the array for one release."""
    view = array.view(_CallableArray)
    view._was = was
    view.setflags(write=False)
    return view
