"""What a game's options are: each declared once (:class:`GameOption`) on its game
(:attr:`matchgame.Game.options`) and offered by every face from there: the API's
keywords, the command line's flags, the web app's query fields.

A face never names an option: it forwards what it was given to the game, which
checks it (:meth:`matchgame.Game.checked_options`); an option that no game takes,
or that another game takes, is refused in one line naming the games that take it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core._validate import as_int, describe
from ..errors import InvalidParameterError, InvalidTypeError

__all__ = ["GameOption", "check_choice_option", "check_int_option"]

_SWITCH_WORDS = {"true": True, "1": True, "on": True, "yes": True}
_SWITCH_WORDS.update({"false": False, "0": False, "off": False, "no": False})


@dataclass(frozen=True)
class GameOption:
    """An option a game takes beyond the source and the move rule (a search's budget,
    a matching engine), as the API and the command line spell it.

    Attributes
    ----------
    name : str
        The keyword in the API (``max_states``) and the web app's query field.
    flag : str
        The command line's option (``--max-states``).
    default : object
        Its value when not given.
    check : callable
        Takes the given value and the name to quote, returns it checked (raises a
        :class:`~matchgame.errors.MatchgameError` naming it when it is wrong).
    help : str
        One sentence for ``--help`` and the docs.
    accepts : str
        What it accepts, for the command line's message (``"a number of positions
        from 1 to 4,294,967,296"``).
    metavar : str
        How ``--help`` shows the value (``N``: an integer, read as one from text).
    choices : tuple of str, optional
        Its values, when it takes one of a few words (``--help`` and the web app's
        menus list them).
    switch : bool
        A flag that takes no value: given, the option is True (``--partial``).
    example : object, optional
        A value it takes, where the default is None ("no bound"): what the common test
        gives a game that does not take the option, to see it refused.

    See Also
    --------
    Game.checked_options : Checks given options against a game's.
    check_int_option, check_choice_option : The usual :attr:`check` functions.

    Examples
    --------
    >>> import matchgame
    >>> [option.name for option in matchgame.game("vertex").options]
    ['algorithm']
    """

    name: str
    flag: str
    default: Any
    check: Callable[[Any, str], Any]
    help: str
    accepts: str
    metavar: str = "N"
    choices: tuple[str, ...] | None = None
    switch: bool = False
    example: Any = None

    @property
    def sample(self) -> Any:
        """A value it takes: the default, or :attr:`example` where that is None."""
        return self.example if self.default is None else self.default

    def command_words(self, value: Any) -> list[str]:
        """The command line's words giving it ``value`` (a switch: its flag alone)."""
        return [self.flag] if self.switch else [self.flag, str(value)]

    def from_text(self, text: str) -> Any:
        """The value written ``text`` (a command line's, a query field's), checked.

        Raises
        ------
        MatchgameError
            If ``text`` is not a value the option takes.
        """
        if self.switch:  # a query's partial=true: the words a form's checkbox sends
            word = text.strip().lower()
            if word not in _SWITCH_WORDS:
                raise InvalidParameterError(
                    f"{self.name} must be true or false (or 1 or 0), got {text!r}"
                )
            return self.check(_SWITCH_WORDS[word], self.name)
        if self.metavar == "N":
            try:
                value: Any = int(text.strip().replace("_", ""))
            except ValueError:
                raise InvalidParameterError(
                    f"{self.name} must be {self.accepts}, got {text!r}"
                ) from None
        else:
            value = text
        return self.check(value, self.name)


def check_int_option(low: int, high: int) -> Callable[[Any, str], int]:
    """A :attr:`GameOption.check` for an integer from ``low`` to ``high``."""

    def check(value: Any, name: str) -> int:
        return as_int(value, name, low=low, high=high)

    return check


def check_choice_option(choices: tuple[str, ...]) -> Callable[[Any, str], str]:
    """A :attr:`GameOption.check` for one of ``choices``."""

    def check(value: Any, name: str) -> str:
        if not isinstance(value, str):
            raise InvalidTypeError(f"{name} must be a str, got {describe(value)}")
        if value not in choices:
            listed = ", ".join(repr(choice) for choice in choices)
            raise InvalidParameterError(f"{name} must be one of {listed}, got {value!r}")
        return value

    return check
