"""Argument checks shared by the public API.

Everything a caller passes is turned into exactly what the kernels expect, or
refused with an :class:`~matchgame.errors.InvalidInputError` (a ValueError) or
:class:`~matchgame.errors.InvalidTypeError` (a TypeError) whose one-line message
names the parameter and shows the offending value, shortened.

The rules for integers, everywhere in the API:

- a scalar id is anything Python accepts as a list index (``int``, numpy integer
  scalars, 0-d integer arrays) except ``bool``: floats are refused, not truncated;
- an array of ids has an integer dtype, or a float dtype whose values are all
  whole numbers (converted exactly); bool, string and complex arrays are refused,
  and so is any value with a fractional part, NaN or infinity;
- negative values never wrap around: range checks come before any indexing.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from ..errors import InvalidInputError, InvalidTypeError

_INT64_MAX = np.iinfo(np.int64).max
_FLOAT_EXACT = float(2**53)  # larger floats are not trusted to be the integer meant


def shorten(value: Any, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, one line."""
    try:
        text = repr(value)
    except Exception:  # a hostile __repr__ must not hide the real error
        text = f"<{type(value).__name__} object>"
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe(value: Any) -> str:
    """The value and its type, for messages: ``1.5 (float)``."""
    return f"{shorten(value)} ({type(value).__name__})"


def as_int(value: Any, name: str, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a Python int in ``low .. high`` (bounds included when given)."""
    if isinstance(value, bool | np.bool_):
        raise InvalidTypeError(f"{name} must be an integer, got a bool ({value!r})")
    try:
        result = operator.index(value)
    except TypeError:
        raise InvalidTypeError(f"{name} must be an integer, got {describe(value)}") from None
    if (low is not None and result < low) or (high is not None and result > high):
        raise InvalidInputError(f"{name} must be in {_range_text(low, high)}, got {result}")
    return result


def as_real(value: Any, name: str, *, low: float, high: float) -> float:
    """``value`` as a finite float in ``low .. high`` (bool refused)."""
    if isinstance(value, bool | np.bool_) or not isinstance(
        value, int | float | np.integer | np.floating
    ):
        raise InvalidTypeError(f"{name} must be a number, got {describe(value)}")
    result = float(value)
    if not low <= result <= high:  # NaN fails both comparisons
        raise InvalidInputError(f"{name} must be in {low} .. {high}, got {result}")
    return result


def as_choice(value: Any, name: str, choices: Sequence[str]) -> str:
    """``value`` if it is one of the strings ``choices``."""
    if not isinstance(value, str):
        raise InvalidTypeError(f"{name} must be one of {_choices(choices)}, got {describe(value)}")
    if value not in choices:
        raise InvalidInputError(f"{name} must be one of {_choices(choices)}, got {shorten(value)}")
    return value


def as_int_array(value: Any, name: str, *, any_iterable: bool = False) -> np.ndarray:
    """``value`` as an int64 ndarray (any shape), by the rules in the module docstring.

    Lists, tuples, ranges and arrays are accepted; other iterables (sets,
    generators) only with ``any_iterable``, where order does not matter.
    Integer arrays are returned without a copy when already int64.
    """
    array = _as_array(value, name, "integers", any_iterable)
    kind = array.dtype.kind
    if kind == "i":
        if isinstance(value, list | tuple):
            _refuse_bools(value, array.ndim, name)
        return array.astype(np.int64, copy=False)
    if kind == "u":
        if array.size and array.max() > _INT64_MAX:
            raise InvalidInputError(f"{name} holds {array.max()}, which is too large")
        return array.astype(np.int64)
    if kind == "f":
        return _whole_floats(array, name)
    if kind == "O":
        return _object_ints(array, name)
    what = "bool" if kind == "b" else str(array.dtype)
    raise InvalidTypeError(f"{name} must hold integers, got an array of {what}")


def _as_array(value: Any, name: str, what: str, any_iterable: bool) -> np.ndarray:
    """``np.asarray(value)`` for array-likes; a clear error for everything else."""
    array_like = isinstance(value, np.ndarray | list | tuple | range) or hasattr(value, "__array__")
    if not array_like:
        if any_iterable and isinstance(value, Iterable) and not isinstance(value, str | bytes):
            value = list(value)
        else:
            kind = "an iterable" if any_iterable else "a list or an array"
            raise InvalidTypeError(f"{name} must be {kind} of {what}, got {describe(value)}")
    try:
        return np.asarray(value)
    except (ValueError, TypeError, OverflowError) as exc:
        # ragged nesting, or an object numpy cannot make an array of
        raise InvalidInputError(
            f"{name} must be a rectangular array of {what} ({shorten(str(exc), 60)})"
        ) from None


def _refuse_bools(value: Any, depth: int, name: str) -> None:
    """numpy turns ``[0, True]`` into integers: find such bools in nested lists."""
    rows = [value]
    for _ in range(depth - 1):
        rows = [item for row in rows for item in row]
    for row in rows:
        if isinstance(row, np.ndarray):
            if row.dtype == np.bool_:
                raise InvalidTypeError(f"{name} must hold integers, not bools")
        elif any(isinstance(item, bool | np.bool_) for item in row):
            raise InvalidTypeError(f"{name} must hold integers, not bools")


def as_bool_array(value: Any, name: str) -> np.ndarray:
    """``value`` as a bool ndarray: booleans, or integers that are all 0 or 1."""
    if isinstance(value, np.ndarray) and value.dtype == np.bool_:
        return value
    array = _as_array(value, name, "booleans", False)
    if array.dtype == np.bool_:
        return array
    if array.dtype.kind not in "iuO":
        raise InvalidTypeError(f"{name} must hold booleans, got an array of {array.dtype}")
    numbers = as_int_array(array, name)
    bad = (numbers != 0) & (numbers != 1)
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        where = f"{name}[{', '.join(map(str, index))}]" if index else name
        raise InvalidInputError(f"{where} = {numbers[index]} is not a boolean (0 or 1)")
    return numbers.astype(bool)


def _whole_floats(array: np.ndarray, name: str) -> np.ndarray:
    with np.errstate(invalid="ignore"):
        bad = ~np.isfinite(array) | (array != np.floor(array)) | (np.abs(array) > _FLOAT_EXACT)
    if bad.any():
        index = tuple(int(i) for i in np.argwhere(bad)[0])
        where = f"{name}[{', '.join(map(str, index))}]" if index else name
        raise InvalidInputError(f"{where} = {float(array[index])!r} is not an integer")
    return array.astype(np.int64)


def _object_ints(array: np.ndarray, name: str) -> np.ndarray:
    values = []
    for index, item in zip(np.ndindex(array.shape), array.flat, strict=True):
        where = f"{name}[{', '.join(map(str, index))}]" if index else name
        number = as_int(item, where)
        if abs(number) > _INT64_MAX:
            raise InvalidInputError(f"{where} = {shorten(number)} is out of range")
        values.append(number)
    return np.array(values, dtype=np.int64).reshape(array.shape)


def first_index(mask: np.ndarray) -> int:
    """The first position where a 1-D boolean ``mask`` is true (caller knows one is)."""
    return int(np.flatnonzero(mask)[0])


def frozen_copy(array: np.ndarray, dtype: Any) -> np.ndarray:
    """A read-only C-contiguous array of ``dtype``; copies unless ``array`` already is one,
    so freezing never changes an array the caller still holds writeable."""
    if array.dtype == dtype and array.flags.c_contiguous and not array.flags.writeable:
        return array
    result = np.array(array, dtype=dtype, order="C")
    result.setflags(write=False)
    return result


def _range_text(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low} .. {high}" if low <= high else f"{low} .. {high} (an empty range)"
    return f">= {low}" if low is not None else f"<= {high}"


def _choices(choices: Sequence[str]) -> str:
    return "{" + ", ".join(repr(c) for c in choices) + "}"
