"""The command line's help: the top level names every game of the registry, and every
help that lists exit statuses lists 2 (bad input or usage) too."""

from __future__ import annotations

import argparse
import re

from cli_helpers import run_cli

from matchgame.apps.cli.parser import build_parser
from matchgame.games.contract import all_games


def _flat(text: str | None) -> str:
    return re.sub(r"\s+", " ", text or "")


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_the_top_level_help_describes_every_game_of_the_registry():
    """It spoke of vertex geography (and edge geography's kin) only."""
    shown = run_cli("--help")
    assert shown.code == 0
    text = _flat(shown.out)
    for game in all_games():
        assert f"{game.name} ({game.title}" in text and _flat(game.rule) in text, game.name
    assert "matchgame example --list" in text
    assert "2 bad input or usage" in text  # the exit statuses, as every command's


def test_every_help_that_lists_exit_statuses_lists_exit_2():
    """``verify --help`` named exit 0 and 1, not 2 (bad input)."""
    listing = re.compile(r"exit (status )?[01]\b|\(exit [01]\)", re.IGNORECASE)
    listed = []
    for name, command in _commands().items():
        text = _flat(f"{command.description} {command.epilog}")
        if listing.search(text):
            listed.append(name)
            assert re.search(r"\b2\b", text) and "bad" in text, (name, text)
    assert {"verify", "stress", "validate", "play"} <= set(listed)
