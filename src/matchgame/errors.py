"""Exceptions raised by matchgame.

Every error caused by the user's input derives from :class:`MatchgameError`, so a
front end can catch that one class and turn it into a message; anything else that
escapes is a bug in matchgame.
"""

from __future__ import annotations

__all__ = [
    "BudgetExceededError",
    "EmptyMoveStackError",
    "IllegalMoveError",
    "InvalidInputError",
    "InvalidParameterError",
    "InvalidTypeError",
    "MatchgameError",
    "ParseError",
    "UnreadableInput",
]


class MatchgameError(Exception):
    """Base class of the errors a user's input can cause.

    Parameters
    ----------
    message : str
        One line that names the argument (or the line, column, move number, JSON
        field) at fault and what would be accepted.

    See Also
    --------
    InvalidInputError : A value the function cannot take (also a ValueError).
    InvalidTypeError : An argument of the wrong type (also a TypeError).
    InvalidParameterError : A parameter outside what its function declares.
    ParseError : Text that does not follow an input format.
    DocumentError : A JSON document that cannot be read as an answer.
    UnreadableInput : A file that cannot be opened or read.
    IllegalMoveError : A move the rules do not allow.
    BudgetExceededError : An exact answer beyond its budget.

    Examples
    --------
    >>> import matchgame
    >>> try:
    ...     matchgame.Graph.from_edges(2, [(0, 5)])
    ... except matchgame.MatchgameError as error:
    ...     print(type(error).__name__, isinstance(error, ValueError))
    InvalidInputError True
    """

    def __init__(self, message: str) -> None:
        # one message, so that help() and inspect.signature show what to pass
        super().__init__(message)


class ParseError(MatchgameError, ValueError):
    """Text that does not follow an input format.

    ``line`` and ``column`` are 1-based positions in the text when known.

    Parameters
    ----------
    message : str
        What in the text is wrong, without the position (the error's text starts
        with ``line L, column C:`` when they are given); kept as ``reason``.
    line, column : int, optional
        1-based position in the text of the fault, when known; kept as ``line``
        and ``column``.

    See Also
    --------
    MatchgameError : The base class of every error a user's input can cause.
    DocumentError : A JSON document that cannot be read as an answer.
    UnreadableInput : A file that cannot be opened at all.

    Examples
    --------
    >>> import matchgame
    >>> try:
    ...     matchgame.parse_board("2 2\\n..\\n.\\n")
    ... except matchgame.ParseError as error:
    ...     print(error.line, isinstance(error, ValueError))
    3 True
    """

    #: another kind of input the text reads as, when it was given as the wrong kind
    #: (``"noi"``, ``"edges"`` ... see :data:`matchgame.readers.inputs.KINDS`; or
    #: ``"edgelist"``: matchgame's edge list where a standard graph format was read; a
    #: graph format's name, e.g. ``"mtx"``, where a board or edge list was read; or
    #: ``"sweep"``: many graphs where one was expected)
    other_kind: str | None = None
    #: every other kind the text reads as, ``other_kind`` first (lines ``u v`` may read
    #: as matchgame's edge list and as a SNAP edge list: which was meant is unknown)
    other_kinds: tuple[str, ...] = ()

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None):
        self.reason = message
        self.line = line
        self.column = column
        where = []
        if line is not None:
            where.append(f"line {line}")
        if column is not None:
            where.append(f"column {column}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)


class UnreadableInput(MatchgameError):
    """A file that cannot be opened or read (missing, a directory, no permission).

    Defined here, below the readers, because every reader that opens a path raises it
    (``matchgame.readers.graphs`` and ``matchgame.readers.inputs`` alike).

    Parameters
    ----------
    message : str
        One line that names the argument (or the line, column, move number, JSON
        field) at fault and what would be accepted.

    See Also
    --------
    MatchgameError : The base class of every error a user's input can cause.
    ParseError : A file that opens but does not follow its format.

    Examples
    --------
    >>> import matchgame
    >>> try:
    ...     matchgame.read_graph("no/such/file.mtx")
    ... except matchgame.UnreadableInput as error:
    ...     print(type(error).__name__)
    UnreadableInput
    """


class IllegalMoveError(MatchgameError, ValueError):
    """A move that the rules do not allow in the current position.

    Parameters
    ----------
    message : str
        One line that names the argument (or the line, column, move number, JSON
        field) at fault and what would be accepted.

    See Also
    --------
    MatchgameError : The base class of every error a user's input can cause.
    EmptyMoveStackError : A take-back with no move to take back.

    Examples
    --------
    >>> import matchgame
    >>> position = matchgame.Position(matchgame.Graph.from_edges(3, [(0, 1), (1, 2)]), token=0)
    >>> try:
    ...     position.push(2)
    ... except matchgame.IllegalMoveError as error:
    ...     print(error)
    vertex 2 is not adjacent to the token at 0
    """


# -- arguments of the Python API ------------------------------------------------


class InvalidInputError(MatchgameError, ValueError):
    """An argument of the right type with a value the function cannot take: an id out
    of range, an array of the wrong shape, an asymmetric adjacency, an unknown option.

    Parameters
    ----------
    message : str
        One line that names the argument (or the line, column, move number, JSON
        field) at fault and what would be accepted.

    See Also
    --------
    MatchgameError : The base class of every error a user's input can cause.
    InvalidTypeError : An argument of the wrong type.
    InvalidParameterError : A declared parameter refused (both kinds at once).

    Examples
    --------
    >>> import matchgame
    >>> try:
    ...     matchgame.Graph.from_edges(2, [(0, 5)])
    ... except matchgame.InvalidInputError as error:
    ...     print(isinstance(error, ValueError))
    True
    """


class InvalidTypeError(MatchgameError, TypeError):
    """An argument of the wrong type, e.g. a float or a bool where a vertex id belongs.

    Parameters
    ----------
    message : str
        One line that names the argument (or the line, column, move number, JSON
        field) at fault and what would be accepted.

    See Also
    --------
    MatchgameError : The base class of every error a user's input can cause.
    InvalidInputError : An argument of the right type with a wrong value.
    InvalidParameterError : A declared parameter refused (both kinds at once).

    Examples
    --------
    >>> import matchgame
    >>> try:
    ...     matchgame.analyse("not a graph")
    ... except matchgame.InvalidTypeError as error:
    ...     print(isinstance(error, TypeError))
    True
    """


class InvalidParameterError(InvalidInputError, InvalidTypeError):
    """A parameter of a public function outside what it declares it accepts: a wrong
    type, a count that is not an integer (``64.0``), an option not in its choices, or
    an option that does not apply to the other arguments (``moves`` with a graph).

    Both a ValueError and a TypeError (as scikit-learn's ``InvalidParameterError``),
    and both an :class:`InvalidInputError` and an :class:`InvalidTypeError`, so every
    ``except`` written for those still catches it. The message names the parameter
    and what would be accepted; the declarations are in ``matchgame.core._validate``.

    Parameters
    ----------
    message : str
        One line that names the argument (or the line, column, move number, JSON
        field) at fault and what would be accepted.

    See Also
    --------
    MatchgameError : The base class of every error a user's input can cause.
    InvalidInputError : An argument of the right type with a wrong value.
    InvalidTypeError : An argument of the wrong type.

    Examples
    --------
    >>> import matchgame
    >>> position = matchgame.Position(matchgame.Graph.from_edges(2, [(0, 1)]), token=0)
    >>> try:
    ...     position.best_move(candidates=64.0)
    ... except matchgame.InvalidParameterError as error:
    ...     print(error)
    candidates must be an integer >= 1, got 64.0 (float)
    """


class EmptyMoveStackError(IllegalMoveError, IndexError):
    """``Position.pop()`` with no move to take back (an IndexError, like ``list.pop``).

    Parameters
    ----------
    message : str
        One line that names the argument (or the line, column, move number, JSON
        field) at fault and what would be accepted.

    See Also
    --------
    MatchgameError : The base class of every error a user's input can cause.
    IllegalMoveError : A move the rules do not allow (this error's base).

    Examples
    --------
    >>> import matchgame
    >>> position = matchgame.Position(matchgame.Graph.from_edges(2, [(0, 1)]))
    >>> try:
    ...     position.pop()
    ... except IndexError as error:
    ...     print(error)
    pop from an empty move stack
    """


class BudgetExceededError(MatchgameError):
    """An exact answer that would need more than its budget: the states of a search
    (edge geography on a graph with an odd cycle is PSPACE-complete, so matchgame
    searches it exhaustively within ``max_states``) or the memory the computation
    needs. The message names which, and how much.

    Parameters
    ----------
    message : str
        One line that names the argument (or the line, column, move number, JSON
        field) at fault and what would be accepted.

    See Also
    --------
    MatchgameError : The base class of every error a user's input can cause.
    EdgeAnalysis : The edge game's analysis, which searches within ``max_states``.

    Examples
    --------
    >>> import matchgame
    >>> try:
    ...     matchgame.analyse(["..", ".."], moves="king", game="edge", max_states=5)
    ... except matchgame.BudgetExceededError as error:
    ...     print(str(error)[:72])
    edge geography on a graph with an odd cycle (a self-loop is one) is PSPA
    """
