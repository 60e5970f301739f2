"""The names of the maximum matching's engines, apart from the engines themselves: a
game declares its option from them without loading the compiled kernels at start-up
(:mod:`matchgame.core._engines` runs them)."""

from __future__ import annotations

from typing import Literal

__all__ = ["ALGORITHMS", "Algorithm"]

Algorithm = Literal["auto", "push_relabel", "hopcroft_karp", "blossom"]
ALGORITHMS: tuple[str, ...] = ("auto", "push_relabel", "hopcroft_karp", "blossom")
