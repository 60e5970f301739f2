"""The command line's parser as the reference page shows it.

sphinx-argparse reads help texts as reStructuredText, but matchgame's are plain text
written for a terminal (``|D|`` is the size of D there, not a substitution). This
module hands it the real parser with every text escaped, so the page shows exactly
what ``matchgame COMMAND --help`` prints, and a new option appears with no edit here.
"""

from __future__ import annotations

import argparse
import re

from matchgame.apps.cli.parser import build_parser

# characters that start inline markup (or end it) in reStructuredText
_MARKUP = re.compile(r"([\\`*_|\[\]<>])")


def _escaped(text: str | None) -> str | None:
    return None if text is None else _MARKUP.sub(r"\\\1", text)


def _escape_texts(parser: argparse.ArgumentParser) -> None:
    parser.description = _escaped(parser.description)
    parser.epilog = _escaped(parser.epilog)
    for action in parser._actions:
        if action.help not in (None, argparse.SUPPRESS):
            action.help = _escaped(action.help)
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                choice.help = _escaped(choice.help)
            for subparser in action.choices.values():
                _escape_texts(subparser)


def parser() -> argparse.ArgumentParser:
    """``matchgame``'s parser, its texts escaped for reStructuredText."""
    built = build_parser()
    _escape_texts(built)
    return built


def commands() -> list[str]:
    """The names of ``matchgame``'s commands, as the parser has them."""
    return [
        name
        for action in build_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
        for name in action.choices
    ]
