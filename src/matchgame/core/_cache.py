"""``cached_property`` without Python 3.11's lock.

``functools.cached_property`` up to Python 3.11 takes one lock per property that
ALL instances share: while one thread builds a 4000x4000 board's graph, another
thread asking for a 3x3 board's graph waits for it (a server's small requests
stalled for seconds behind big ones). Python 3.12 dropped the lock; this is that
behaviour: two threads racing on the same instance may both compute the value,
and one result wins, which is harmless for the pure computations it caches.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

__all__ = ["cached_property"]

T = TypeVar("T")


class cached_property(Generic[T]):
    """Compute the value on first access, then store it in the instance's ``__dict__``."""

    def __init__(self, function: Callable[[Any], T]) -> None:
        self.function = function
        self.name = function.__name__
        self.__doc__ = function.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> cached_property[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = self.function(instance)
        instance.__dict__[self.name] = value  # later lookups find it before the descriptor
        return value
