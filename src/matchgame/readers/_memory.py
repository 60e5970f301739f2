"""The memory check every reader asks before allocating. It lives in
:mod:`matchgame.core._memory`, where the games' own computations (the edge game's
GF(2) elimination) ask it too; the readers name it here."""

from ..core._memory import _cgroup_headroom as _cgroup_headroom
from ..core._memory import available_memory, claims_checked, memory_share, require_memory

__all__ = ["available_memory", "claims_checked", "memory_share", "require_memory"]
