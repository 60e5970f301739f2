"""Argument checks shared by the public API.

Everything a caller passes is turned into exactly what the kernels expect, or
refused with an :class:`~matchgame.errors.InvalidInputError` (a ValueError) or
:class:`~matchgame.errors.InvalidTypeError` (a TypeError) whose one-line message
names the parameter and shows the offending value, shortened.

A public function declares the constraints of its simple parameters in one place,
as scikit-learn's ``_param_validation`` does::

    @validate_params(moves=Options(MOVES, only=ON_A_BOARD), max_states=NoneOr(Integer(low=1)))
    def analyse(source, *, moves="orthogonal", ..., max_states=None): ...

The decorator checks (and converts: a numpy integer becomes an int) every declared
parameter the caller passed, before the body runs, and refuses with one error,
:class:`~matchgame.errors.InvalidParameterError` (both a ValueError and a TypeError),
whose message names the parameter and what it accepts. ``only=`` refuses an option
that does not apply to the other arguments (``moves`` with a graph) instead of
ignoring it. Defaults are trusted and cost nothing; :func:`as_int`,
:func:`as_real` and :func:`as_choice` are the same checks for bodies that check a
value on their own.

The rules for integers, everywhere in the API:

- a scalar id is anything Python accepts as a list index (``int``, numpy integer
  scalars, 0-d integer arrays) except ``bool``: floats are refused, not truncated;
- an array of ids has an integer dtype, or a float dtype whose values are all
  whole numbers (converted exactly); bool, string and complex arrays are refused,
  and so is any value with a fractional part, NaN or infinity;
- negative values never wrap around: range checks come before any indexing.
"""

from __future__ import annotations

import functools
import inspect
import operator
import os
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, TypeVar, cast

import numpy as np

from ..errors import InvalidInputError, InvalidParameterError, InvalidTypeError

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


def plural(count: int, noun: str, nouns: str | None = None, *, grouped: bool = False) -> str:
    """``1 edge``, ``2 edges``: a count and its noun for messages (``nouns``, the plural
    when it is not ``noun + "s"``; ``grouped``, thousands separated by commas).

    >>> plural(1, "edge"), plural(3, "vertex", "vertices"), plural(12345, "state", grouped=True)
    ('1 edge', '3 vertices', '12,345 states')
    """
    number = f"{count:,}" if grouped else f"{count}"
    return f"{number} {noun if count == 1 else nouns or noun + 's'}"


# -- declared constraints ---------------------------------------------------------


class Applies:
    """Where an option applies: ``parameter``'s value passes ``test``; ``what`` names
    such values for the message (``moves`` applies to a board, not a graph)."""

    def __init__(self, parameter: str, test: Callable[[Any], bool], what: str) -> None:
        self.parameter = parameter
        self.test = test
        self.what = what


class Constraint:
    """What one parameter accepts: :meth:`check` returns the value (converted) or
    raises :class:`InvalidParameterError` naming the parameter and :attr:`accepted`."""

    def __init__(self, *, only: Applies | None = None, accepted: str = "a valid value") -> None:
        self.only = only
        self._accepted = accepted

    @property
    def accepted(self) -> str:
        """What is accepted, as the message says it (``"an integer >= 1"``)."""
        return self._accepted

    def check(self, value: Any, name: str) -> Any:
        raise NotImplementedError

    def refuse(self, value: Any, name: str, shown: str | None = None) -> InvalidParameterError:
        return InvalidParameterError(
            f"{name} must be {self.accepted}, got {describe(value) if shown is None else shown}"
        )


class Integer(Constraint):
    """An integer (``operator.index`` takes it: ints, numpy integers; not bools, not
    ``64.0``, as ``range(64.0)`` refuses it) in ``low .. high`` (bounds included)."""

    def __init__(
        self, low: int | None = None, high: int | None = None, *, only: Applies | None = None
    ) -> None:
        super().__init__(only=only)
        self.low, self.high = low, high

    @property
    def accepted(self) -> str:
        low, high = self.low, self.high
        if low is not None and high is not None:
            return f"an integer in {_range_text(low, high)}"
        return (
            "an integer" if low is None and high is None else f"an integer {_range_text(low, high)}"
        )

    def check(self, value: Any, name: str) -> int:
        if isinstance(value, bool | np.bool_):
            raise self.refuse(value, name, f"a bool ({value!r})")
        try:
            result = operator.index(value)
        except TypeError:
            raise self.refuse(value, name) from None
        if (self.low is not None and result < self.low) or (
            self.high is not None and result > self.high
        ):
            raise self.refuse(value, name, str(result))
        return result


class Real(Constraint):
    """A finite number in ``low .. high`` (bools refused), as a float."""

    def __init__(self, low: float, high: float, *, only: Applies | None = None) -> None:
        super().__init__(only=only)
        self.low, self.high = low, high

    @property
    def accepted(self) -> str:
        return f"a number in {self.low} .. {self.high}"

    def check(self, value: Any, name: str) -> float:
        if isinstance(value, bool | np.bool_) or not isinstance(
            value, int | float | np.integer | np.floating
        ):
            raise self.refuse(value, name)
        result = float(value)
        if not self.low <= result <= self.high:  # NaN fails both comparisons
            raise self.refuse(value, name, str(result))
        return result


class Options(Constraint):
    """One of the strings ``choices``."""

    def __init__(self, choices: Collection[str], *, only: Applies | None = None) -> None:
        super().__init__(only=only)
        self.choices = tuple(choices)

    @property
    def accepted(self) -> str:
        return f"one of {_choices(self.choices)}"

    def check(self, value: Any, name: str) -> str:
        if not isinstance(value, str):
            raise self.refuse(value, name)
        if value not in self.choices:
            raise self.refuse(value, name, shorten(value))
        return value


class Boolean(Constraint):
    """True or False (numpy's bools too); not 0, 1 or a string."""

    def __init__(self) -> None:
        super().__init__(accepted="True or False")

    def check(self, value: Any, name: str) -> bool:
        if not isinstance(value, bool | np.bool_):
            raise self.refuse(value, name)
        return bool(value)


class InstanceOf(Constraint):
    """An instance of ``types``; ``what`` says it for the message."""

    def __init__(self, types: type | tuple[type, ...], what: str) -> None:
        super().__init__(accepted=what)
        self.types = types

    def check(self, value: Any, name: str) -> Any:
        if not isinstance(value, self.types):
            raise self.refuse(value, name)
        return value


class PathSuffix(Constraint):
    """A path (str or os.PathLike) whose suffix, any case, is one of ``suffixes``."""

    def __init__(self, suffixes: Collection[str]) -> None:
        super().__init__(accepted="a path ending in " + " or ".join(suffixes))
        self.suffixes = tuple(suffixes)

    def check(self, value: Any, name: str) -> Any:
        if not isinstance(value, str | os.PathLike):
            raise self.refuse(value, name)
        if os.path.splitext(os.fspath(value))[1].lower() not in self.suffixes:
            raise self.refuse(value, name, shorten(os.fspath(value)))
        return value


class Satisfies(Constraint):
    """A value that passes ``test``; ``accepted`` says which (``"an analysis of a
    board"``)."""

    def __init__(self, test: Callable[[Any], bool], accepted: str) -> None:
        super().__init__(accepted=accepted)
        self.test = test

    def check(self, value: Any, name: str) -> Any:
        if not self.test(value):
            raise self.refuse(value, name)
        return value


class NoneOr(Constraint):
    """None, or what ``constraint`` accepts."""

    def __init__(self, constraint: Constraint) -> None:
        super().__init__(only=constraint.only, accepted=f"None or {constraint.accepted}")
        self.constraint = constraint

    def check(self, value: Any, name: str) -> Any:
        if value is None:
            return None
        return self.constraint.check(value, name)  # its message: None is the default


_Function = TypeVar("_Function", bound=Callable[..., Any])


def validate_params(**constraints: Constraint) -> Callable[[_Function], _Function]:
    """Check the declared parameters of the decorated function on every call.

    Each keyword names a parameter of the function and what it accepts. A parameter
    the caller left out keeps its default, unchecked; one passed is checked (and
    converted) before the body runs, and one whose constraint has ``only=`` and that
    differs from its default is refused where it does not apply.
    """

    def decorate(function: _Function) -> _Function:
        signature = inspect.signature(function)
        names = list(signature.parameters)
        by_keyword: dict[str, tuple[Constraint, Any]] = {}
        by_position: list[tuple[int, str, Constraint, Any]] = []
        for name, constraint in constraints.items():
            parameter = signature.parameters[name]  # a misspelt declaration fails at import
            by_keyword[name] = (constraint, parameter.default)
            if parameter.kind != parameter.KEYWORD_ONLY:
                by_position.append((names.index(name), name, constraint, parameter.default))
        first_position = min((entry[0] for entry in by_position), default=len(names))

        def passed(name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
            if name in kwargs:
                return kwargs[name]
            index = names.index(name)
            if index < len(args):
                return args[index]
            return signature.parameters[name].default

        def check(
            name: str, value: Any, constraint: Constraint, default: Any, args: Any, kwargs: Any
        ) -> Any:
            value = constraint.check(value, name)
            only = constraint.only
            if only is not None and value is not None and value != default:
                other = passed(only.parameter, args, kwargs)
                if not only.test(other):
                    raise InvalidParameterError(
                        f"{name} applies to {only.what} only, not to {only.parameter} "
                        f"{describe(other)}: leave {name} out"
                    )
            return value

        # the per-call cost is a loop over what the caller passed, usually a keyword or two
        @functools.wraps(function)
        def checked(*args: Any, **kwargs: Any) -> Any:
            for name in kwargs.keys() & by_keyword.keys() if kwargs else ():
                constraint, default = by_keyword[name]
                kwargs[name] = check(name, kwargs[name], constraint, default, args, kwargs)
            if len(args) > first_position:
                changed = list(args)
                for index, name, constraint, default in by_position:
                    if index < len(args):
                        changed[index] = check(name, args[index], constraint, default, args, kwargs)
                args = tuple(changed)
            return function(*args, **kwargs)

        checked.__validated__ = constraints  # type: ignore[attr-defined]  # read by the tests
        return cast(_Function, checked)

    return decorate


def as_int(value: Any, name: str, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` as a Python int in ``low .. high`` (bounds included when given)."""
    if type(value) is int and (low is None or value >= low) and (high is None or value <= high):
        return value  # the common case, without building the check
    return Integer(low, high).check(value, name)


def as_real(value: Any, name: str, *, low: float, high: float) -> float:
    """``value`` as a finite float in ``low .. high`` (bool refused)."""
    return Real(low, high).check(value, name)


def as_choice(value: Any, name: str, choices: Sequence[str]) -> str:
    """``value`` if it is one of the strings ``choices``."""
    return Options(choices).check(value, name)


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


def frozen(array: np.ndarray) -> np.ndarray:
    """``array`` itself, made read-only (an array the graph types own, never the caller's)."""
    array.setflags(write=False)
    return array


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
