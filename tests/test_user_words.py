"""Messages in the user's words (issue 42, 4): the user's vertex names first (numbers
only where the input has none), a certificate of another input said as such before
anything else, counts with their nouns agreeing, and budget refusals that say when
raising the budget cannot help. Each through the command line."""

from __future__ import annotations

import ast
import json
import re
import sys
from pathlib import Path

import networkx as nx
import pytest
from cli_helpers import assert_user_error, run_cli

import matchgame
from matchgame.contest.catalog import find_problem
from matchgame.contest.run import Program
from matchgame.contest.stress import StressReport, report

SOURCE = Path(matchgame.__file__).parent


def _write(path: Path, graph: nx.Graph) -> Path:
    nx.write_edgelist(graph, path, data=False)
    return path


# -- the user's vertex names first ------------------------------------------------------


def test_a_forged_certificate_names_the_karate_clubs_member_as_the_file_does(tmp_path):
    """Was "no proof that the placer loses at vertex 5 (4)": the certificate's number
    first, the member's own name in parentheses."""
    karate = _write(tmp_path / "karate.txt", nx.karate_club_graph())
    out = run_cli("placements", str(karate), "--format", "json", "--certificate").out
    document = json.loads(out)
    assert document["winning_vertices"][0] == 4
    document["winning_vertices"] = document["winning_vertices"][1:]  # member 4 dropped
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(document))
    run = run_cli("verify", str(karate), str(forged))
    assert run.code == 1
    assert run.out.startswith("invalid: no proof that the placer loses at vertex 4: "), run.out


def test_a_forged_certificate_names_words_and_cells_as_the_input_does(tmp_path):
    words = _write(tmp_path / "words.txt", nx.path_graph(["ann", "bob", "cy", "dee", "eve"]))
    out = json.loads(run_cli("placements", str(words), "--format", "json", "--certificate").out)
    out["certificate"]["matching"] = [[1, 2], [2, 3]]  # the certificate's numbers
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(out))
    run = run_cli("verify", str(words), str(forged))
    assert run.code == 1 and "vertex bob is in two pairs of the matching" in run.out, run.out
    board = tmp_path / "board.txt"
    board.write_text("2 3\n...\n...\n")
    out = json.loads(run_cli("placements", str(board), "--format", "json", "--certificate").out)
    out["certificate"]["matching"] = [[1, 2], [2, 3], [4, 5]]  # cells row-major
    forged.write_text(json.dumps(out))
    run = run_cli("verify", str(board), str(forged))
    assert run.code == 1 and "cell 1 2 is in two pairs" in run.out, run.out


# -- a certificate of another input -----------------------------------------------------


@pytest.mark.parametrize(
    ("game", "made_on", "checked_on"),
    [
        ("vertex", nx.les_miserables_graph(), nx.karate_club_graph()),
        ("edge", nx.path_graph(["Myriel", "Napoleon", "Cravatte"]), nx.path_graph(4)),
        # two lines: one line of two words is too little to tell a graph from a board
        (
            "directed",
            nx.DiGraph([("Myriel", "Napoleon"), ("Myriel", "Cravatte")]),
            nx.DiGraph([(0, 1), (1, 2)]),
        ),
    ],
)
def test_a_certificate_of_another_graph_says_so_first(tmp_path, game, made_on, checked_on):
    """Was '"Myriel" is not a vertex of the input': the certificate carries its input's
    sha256, and a mismatch is the message to give."""
    made, checked = tmp_path / "made.txt", tmp_path / "checked.txt"
    _write(made, made_on)
    _write(checked, checked_on)
    flags = ("--game", game)
    out = run_cli("placements", *flags, str(made), "--format", "json", "--certificate").out
    answer = tmp_path / "answer.json"
    answer.write_text(out)
    run = run_cli("verify", *flags, str(checked), str(answer))
    assert run.code == 1
    lines = run.out.splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "invalid: the certificate was made for another input: its input's sha256 is "
    ), run.out
    assert "Myriel" not in run.out


def test_a_boards_certificate_checked_against_a_graph_says_which(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("1 3\n...\n")
    path = tmp_path / "path.txt"
    path.write_text("3 2\n1 2\n2 3\n")
    answer = tmp_path / "answer.json"
    answer.write_text(run_cli("placements", str(board), "--format", "json", "--certificate").out)
    run = run_cli("verify", "--edges", str(path), str(answer))
    assert run.code == 1
    assert (
        run.out == "invalid: the certificate was made for another input: a board, not this graph\n"
    )


# -- counts and their nouns -------------------------------------------------------------

COUNT_NOUNS = {
    "edges", "vertices", "rows", "moves", "characters", "entries", "numbers", "lines",
    "inputs", "runs", "tests", "solutions", "placements", "words", "arcs", "labels", "cells",
    "columns", "ids", "pairs", "parts", "values", "digits", "bytes", "pixels", "positions",
    "members", "masks", "lists", "neighbours", "nodes", "levels", "graphs", "states",
    "seconds", "items", "components", "analyses", "steps", "mistakes", "self-loops",
}  # fmt: skip
# a count written before its noun without plural(): each is never 1, or no count
NEVER_ONE = {
    ("apps/cli/commands.py", "len(args.files)"): "--graph-out with several inputs",
    ("apps/cli/commands.py", "graph.n_vertices"): "said from 100 vertices on",
    ("apps/cli/output.py", "len(groups)"): "-o with several placements",
    ("apps/web/work.py", "self.name"): "a lane's name: 'vertex analyses'",
    ("contest/graphs.py", "big[0]"): "more than ODD_COMPONENT_EDGES",
    ("core/_csr.py", "n"): "more than MAX_VERTICES",
    ("core/_csr.py", "m"): "more than MAX_ENTRIES",
    ("core/_csr.py", "u"): "a verb: 'vertex 3 lists'",
    ("core/_csr.py", "pairs.shape[0]"): "more than MAX_ENTRIES / 2",
    ("games/analyses.py", "self.moves"): "a move rule: 'king moves'",
    ("games/noi.py", "player"): "a verb: 'Bunny moves'",
    ("games/retrograde.py", "claimed.get('moves', 'orthogonal')"): "a move rule",
    ("games/edge/checker.py", "made_for"): "a move rule",
    ("games/vertex/checker.py", "made_for"): "a move rule",
    ("games/tokens.py", "self.moves_rule"): "a move rule",
    ("games/edge/_algebra.py", "64 * words"): "a multiple of 64",
    ("games/vertex/_proofs.py", "arena.name(winning[cyclic[0]])"): "a verb: 'cell 1 1 runs'",
    ("readers/graph6.py", "n_bits // 6"): "graph6 of more than MAX_GRAPH6_WRITTEN vertices",
    ("readers/metis.py", "2 * m"): "even",
    ("readers/noi.py", "2 * k"): "even",
    ("readers/pairs.py", "int(shape) + 2"): "at least 2",
    ("sweep/sources.py", "max_line_bytes"): "a graph6 line of MAX_GRAPH6_VERTICES",
    ("sweep/tasks.py", "n"): "more than MAX_GRAPH6_VERTICES",
}
_CONSTANT = re.compile(r"(\w+\.)?_?[A-Z][A-Z0-9_]*|\d+ // _?[A-Z][A-Z0-9_]*")


def _counts_before_nouns():
    for path in sorted(SOURCE.rglob("*.py")):
        text = path.read_text()
        for node in ast.walk(ast.parse(text)):
            if not isinstance(node, ast.JoinedStr):
                continue
            for value, after in zip(node.values, node.values[1:], strict=False):
                if not isinstance(value, ast.FormattedValue):
                    continue
                if not (isinstance(after, ast.Constant) and isinstance(after.value, str)):
                    continue
                noun = re.match(r" ([a-z-]+)\b", after.value)
                if noun and noun.group(1) in COUNT_NOUNS:
                    expression = ast.get_source_segment(text, value.value)
                    yield str(path.relative_to(SOURCE)), value.lineno, expression, noun.group(1)


def test_every_count_in_a_message_agrees_with_its_noun():
    """'1 runs a second', 'unexpected content after the 1 edges': a count before a
    plural noun in an f-string is written with plural() ('1 edge', '2 edges'), unless
    it is a constant or listed above with why it is never 1."""
    found = [
        f"{path}:{line}: {{{expression}}} {noun}"
        for path, line, expression, noun in _counts_before_nouns()
        if not _CONSTANT.fullmatch(expression) and (path, expression) not in NEVER_ONE
    ]
    assert not found, "write these with core._validate.plural:\n" + "\n".join(found)
    listed = {(path, expression) for path, _, expression, _ in _counts_before_nouns()}
    assert set(NEVER_ONE) <= listed, set(NEVER_ONE) - listed  # no stale entry


@pytest.mark.parametrize(
    ("stdin", "flags", "message"),
    [
        ("1 1\n1 1\n1 1\n", ["--edges"], "unexpected content after the 1 edge;"),
        ("1 2\n1 1\n", ["--edges"], "expected 2 edges, got 1"),
        ("2 1\n1 2\n", ["--edges"], None),
        ("1 3\n.\n", [], "expected 3 characters, got 1"),
        ("2 3\n..#\n", [], "expected 2 rows after the header, got 1"),
        ("1 3\n..#\n1\n", ["--moves", "king"], "expected 1 move, got 0"),
    ],
)
def test_counts_of_one_are_singular_on_the_command_line(stdin, flags, message):
    command = "annotate" if "--moves" in flags else "placements"
    run = run_cli(command, *flags, stdin=stdin)
    if message is None:
        assert run.code == 0
        return
    assert_user_error(run, message)


def test_a_stress_session_says_one_run_a_second():
    problem = find_problem("jsoi")
    program = Program((sys.executable,))
    one = report(StressReport(problem, program, seed=1, runs=1, seconds=1.0))
    assert one.startswith("1 run of ") and ", 1 run a second, isolation: " in one, one
    slow = report(StressReport(problem, program, seed=1, runs=3, seconds=7.5))
    assert "3 runs of" in slow and "a run every 2.5 s" in slow


# -- budget refusals --------------------------------------------------------------------


def test_the_edge_game_on_a_large_3_regular_graph_says_raising_the_budget_cannot_help(tmp_path):
    """Was a refusal that named --max-states only, as if raising it would do: not one
    placement of 2,000 is decided within a million positions, and the memory holds a
    few hundred million at most."""
    graph = _write(tmp_path / "r3.txt", nx.random_regular_graph(3, 2000, seed=1))
    run = run_cli("placements", "--game", "edge", str(graph))
    assert_user_error(
        run,
        "needs more positions than --max-states 1,000,000 allows",
        "raising it cannot help at this size: not one of the 2,000 placements was decided",
    )


def test_a_small_search_says_how_far_the_budget_may_go(tmp_path):
    board = tmp_path / "open.txt"
    board.write_text("4 4\n....\n....\n....\n....\n")
    run = run_cli(
        "placements", "--game", "edge", "--moves", "king", "--max-states", "1000", str(board)
    )
    assert_user_error(run, "--max-states 1,000 allows; raising it may help: the memory here holds")
    tournament = tmp_path / "tournament.txt"
    _write(tournament, nx.tournament.random_tournament(24, seed=2))
    run = run_cli("placements", "--game", "directed", "--max-states", "50", str(tournament))
    assert_user_error(run, "PSPACE-complete", "--max-states 50 allows; raising it may help")
