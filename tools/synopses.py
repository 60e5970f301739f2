"""The README's command synopses, generated from the command line's parser.

``python tools/synopses.py`` prints them; ``--write`` puts them into README.md between
its ``<!-- synopses -->`` and ``<!-- /synopses -->`` lines; ``--check`` exits 1 and
says which lines to write when the README's differ (``tests/test_readme.py`` runs the
check in the test command). A command or option added to the parser (or a game's
option, from the registry) is one ``--write`` away from the README.

Each synopsis is ``matchgame COMMAND``, its positionals, then every option in the
order the parser declares them (``-h`` aside): ``[--flag]`` for a switch, ``[--flag
a|b|c]`` for choices, ``[--flag METAVAR]`` otherwise (``[--flag [NAME]]`` when the
value may be left out), without brackets when required; long lines go on, indented.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
BEGIN, END = "<!-- synopses -->", "<!-- /synopses -->"
WIDTH = 96
INDENT = "    "


def _commands() -> dict[str, argparse.ArgumentParser]:
    from matchgame.apps.cli.parser import build_parser

    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def _value(action: argparse.Action) -> str:
    if action.choices is not None and not isinstance(action.choices, dict):
        return "|".join(str(choice) for choice in action.choices)
    metavar = action.metavar
    if isinstance(metavar, tuple):
        return " ".join(metavar)
    return metavar or action.dest.upper()


def _positional(action: argparse.Action) -> str:
    name = _value(action)
    if action.nargs == "*":
        return f"[{name} ...]"
    if action.nargs == "+":
        return f"{name} [{name} ...]"
    if action.nargs == "?":
        return f"[{name}]"
    return name


def _optional(action: argparse.Action) -> str:
    flag = action.option_strings[0]
    if action.nargs == 0:
        text = flag
    elif action.nargs == "?":
        text = f"{flag} [{_value(action)}]"
    else:
        text = f"{flag} {_value(action)}"
    return text if action.required else f"[{text}]"


def synopsis(name: str, command: argparse.ArgumentParser) -> list[str]:
    """The synopsis of ``matchgame NAME``: one line, or a few when long."""
    words = [f"matchgame {name}"]
    actions = [a for a in command._actions if a.help != argparse.SUPPRESS]
    if command.usage:  # written out (explain: argparse would repeat FILE for every cell)
        words.append(command.usage.splitlines()[0].split("[options] ", 1)[1].strip())
    else:
        words += [_positional(a) for a in actions if not a.option_strings]
    words += [
        _optional(a)
        for a in actions
        if a.option_strings and not isinstance(a, argparse._HelpAction)
    ]
    lines = [words[0]]
    for word in words[1:]:
        if len(lines[-1]) + 1 + len(word) > WIDTH:
            lines.append(INDENT + word)
        else:
            lines[-1] += " " + word
    return lines


def block() -> str:
    """Every command's synopsis, in the parser's order, as the README's code block."""
    lines = ["```"]
    for name, command in _commands().items():
        lines += synopsis(name, command)
    lines.append("```")
    return "\n".join(lines) + "\n"


def readme_block(text: str) -> str:
    """The README's synopses, between the markers."""
    start = text.index(BEGIN) + len(BEGIN) + 1
    return text[start : text.index(END)]


def differences(text: str) -> list[str]:
    """What to write in the README, command by command: ``[]`` when it is up to date."""
    have = readme_block(text).splitlines()
    out = []
    for name, command in _commands().items():
        want = synopsis(name, command)
        starts = [i for i, line in enumerate(have) if line.split(" ")[:2] == ["matchgame", name]]
        found: list[str] = []
        if starts:
            i = starts[0]
            found = [have[i]]
            while i + 1 < len(have) and have[i + 1].startswith(INDENT):
                i += 1
                found.append(have[i])
        if found != want:
            out.append(f"README.md, the synopsis of `matchgame {name}`: write\n" + "\n".join(want))
    if not out and readme_block(text) != block():
        out.append("README.md's synopses: write them in the parser's order:\n" + block())
    return out


def main(argv: list[str]) -> int:
    text = README.read_text()
    if "--write" in argv:
        start = text.index(BEGIN) + len(BEGIN) + 1
        README.write_text(text[:start] + block() + text[text.index(END) :])
        return 0
    if "--check" in argv:
        found = differences(text)
        for each in found:
            print(each, end="\n\n")
        if found:
            print("(or run: python tools/synopses.py --write)")
        return 1 if found else 0
    print(block(), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
