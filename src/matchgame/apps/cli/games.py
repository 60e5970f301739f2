"""The games on the command line, written once over the registry: ``--game`` takes any
game's name (:func:`matchgame.games.names`), and each game option
(:attr:`matchgame.Game.options`, such as ``--max-states``) is offered once, for the
games that take it; a command asks :func:`chosen_game` for the game and its options.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from ...errors import MatchgameError
from ...games.options import GameOption
from ...games.registry import ALIASES, DEFAULT, all_games, find_game, names
from .output import UsageError, print_error

if TYPE_CHECKING:
    from ...games.contract import Game

__all__ = ["add_game_options", "chosen_game", "game_help", "game_option", "game_options"]


def game_option(text: str) -> str:
    """``--game NAME`` (an argparse type): a game's name; an old name (the registry's
    :data:`~matchgame.games.registry.ALIASES`) with a warning on standard error; an
    unknown one is one line naming every game and its rule."""
    if text in ALIASES and text not in names():
        print_error(f"warning: --game {text} is now --game {ALIASES[text]} ({text} goes later)")
        return ALIASES[text]
    if text not in names():
        listed = "; ".join(f"{g.name} ({g.rule})" for g in all_games())
        raise argparse.ArgumentTypeError(f"unknown game {text!r}: expected {listed}")
    return text


def game_help(lead: str = "the token game") -> str:
    """``--game``'s help: every game and its rule, then the one played when none is named."""
    listed = "; ".join(f"{g.name}: {g.rule}" for g in all_games())
    return f"{lead}: {listed} (default {DEFAULT})"


def _option_type(option: GameOption) -> Any:
    def convert(text: str) -> Any:
        try:
            return option.from_text(text)
        except MatchgameError:
            raise argparse.ArgumentTypeError(f"expected {option.accepts}, got {text!r}") from None

    return convert


def add_game_options(
    command: argparse.ArgumentParser,
    *,
    default: str | None = DEFAULT,
    lead: str = "the token game",
    hidden: tuple[str, ...] = (),
) -> None:
    """``--game`` (``hidden``: other words this command's ``--game`` still takes, such
    as render's old spelling of ``--picture``) and every game option once, each saying
    which games take it."""

    def choose(text: str) -> str:
        return text if text in hidden else game_option(text)

    choose.choices = names()  # type: ignore[attr-defined]  # what --help lists
    command.add_argument(
        "--game",
        type=choose,
        default=default,
        metavar="GAME",
        help=game_help(lead),
    )
    seen: set[str] = set()
    for each in all_games():
        for option in each.options:
            if option.name in seen:
                continue
            seen.add(option.name)
            # one flag a name; games that give it another meaning say so in its help
            helps: dict[str, list[str]] = {}
            for g in all_games():
                for own in g.options:
                    if own.name == option.name:
                        helps.setdefault(own.help, []).append(g.name)
            text = "; ".join(
                f"--game {', '.join(takers)}: {help}" for help, takers in helps.items()
            )
            if option.switch:
                command.add_argument(
                    option.flag, dest=option.name, action="store_const", const=True, help=text
                )
                continue
            command.add_argument(
                option.flag,
                dest=option.name,
                type=_option_type(option),
                default=None,
                metavar=option.metavar,
                help=text,
            )


def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The game options given on the command line (every game's flags)."""
    found: dict[str, Any] = {}
    for each in all_games():
        for option in each.options:
            value = getattr(args, option.name, None)
            if value is not None:
                found[option.name] = value
    return found


def chosen_game(args: argparse.Namespace) -> tuple[Game, dict[str, Any]]:
    """The game ``--game`` names (the default when absent) and its options as given,
    checked: an option of another game is a usage error naming the games that take it."""
    chosen = find_game(args.game if getattr(args, "game", None) is not None else DEFAULT)
    given = game_options(args)
    taken = {option.name for option in chosen.options}
    for name, _ in given.items():
        if name not in taken:
            flag = next(o.flag for g in all_games() for o in g.options if o.name == name)
            takers = " or ".join(
                f"--game {g.name}" for g in all_games() if any(o.name == name for o in g.options)
            )
            raise UsageError(f"{flag} goes with {takers}, not with --game {chosen.name}")
    return chosen, given
