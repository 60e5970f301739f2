"""Options several commands share: how the token moves, the input's format, a
picture's layout and size, JSON indentation, many inputs at once."""

from __future__ import annotations

import argparse

from ...core.moves import MOVES, MOVES_HELP
from .output import INPUT_FORMATS, indent_option, jobs_option

__all__ = [
    "KAMADA_KAWAI_MAX",
    "LAYOUTS",
    "MAX_SIZE",
    "MIN_SIZE",
    "add_indent",
    "add_input_format",
    "add_many",
    "add_moves",
    "add_picture_options",
]

# draw.layouts' LAYOUTS, MIN_SIZE, MAX_SIZE and KAMADA_KAWAI_MAX, which
# tests/test_draw_layouts.py holds these to: not imported here, as the pictures load
# the games' records
LAYOUTS = ("auto", "spring", "kamada-kawai", "bipartite", "circular", "file")
MIN_SIZE, MAX_SIZE = 100, 10_000
KAMADA_KAWAI_MAX = 500


def add_moves(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--moves",
        choices=MOVES,
        default=None,
        help="how the token moves on a board: "
        + "; ".join(f"{name}: {text}" for name, text in MOVES_HELP.items())
        + " (default orthogonal)",
    )


def add_input_format(command: argparse.ArgumentParser) -> None:
    command.add_argument(
        "--input-format",
        choices=INPUT_FORMATS,
        default=None,
        help="the graph's format (implies --edges): edgelist (matchgame's 'n m' and edges), "
        "mtx (Matrix Market), metis, dimacs, snap (lines 'u v' without a header, as SNAP "
        "and NetworkX's write_edgelist write them, CSV too: ids and names kept), graphml, "
        "gml (need NetworkX), graph6, sparse6; by default FILE's extension (.mtx, .graph, "
        ".col, .edges, .edgelist, .csv, .graphml, .gml, .g6, .s6 ...) or its text says "
        "(a signature such as %%%%MatrixMarket, or lines 'u v' that no board or 'n m' edge "
        "list can be)",
    )


def add_picture_options(command: argparse.ArgumentParser) -> None:
    """``--layout`` and ``--size``: how a picture of a graph is laid out, how big."""
    command.add_argument(
        "--layout",
        choices=LAYOUTS,
        default="auto",
        help="where a graph's vertices go: auto (default: the nodes' own coordinates when "
        "every node of the file has them, else spring), spring, kamada-kawai (distances "
        f"follow the graph's; up to {KAMADA_KAWAI_MAX} vertices), bipartite (the two sides "
        "in two columns; refused for a graph with an odd cycle), circular, file (the nodes' "
        "x and y attributes, GML graphics, or pos); NetworkX lays them out",
    )
    command.add_argument(
        "--size",
        type=int,
        default=None,
        metavar="PIXELS",
        help=f"the side of the square the drawing fits in, {MIN_SIZE} to {MAX_SIZE} pixels "
        "(default: by what it holds); labels that would overlap are left out, all of them "
        "when the vertices are closer than a label is tall, and the legend says so",
    )


def add_indent(command: argparse.ArgumentParser) -> None:
    """``--indent N``: JSON for people (every JSON-writing command has it)."""
    command.add_argument(
        "--indent",
        type=indent_option,
        metavar="N",
        help="with --format json: each document indented by N spaces, for people "
        "(default: compact, one document a line, as every command writes JSON)",
    )


def add_many(command: argparse.ArgumentParser, *, out_dir: bool = True) -> None:
    """Options for many inputs in one run."""
    if out_dir:
        command.add_argument(
            "--out-dir",
            metavar="DIR",
            help="write each input's answer to DIR (made with its parents, if missing, "
            "when the first answer is written), "
            "named as the input with its extension replaced by --suffix (tests/7.in -> "
            "DIR/7.out); without it answers go to standard output one after another",
        )
    command.add_argument(
        "--suffix", default=".out", help="the answers' file extension (default .out)"
    )
    command.add_argument(
        "--jobs",
        type=jobs_option,
        default=None,
        metavar="N",
        help="answer N inputs at once (default, or 0: one per core)",
    )
