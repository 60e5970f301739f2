"""``--game edge`` on every command: answers equal to the brute-force oracle, the
vertex game's formats, the error contract (one line, exit 2), certificates that
``verify`` checks and refuses when tampered with or made for the other game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from budget import examples
from cli_helpers import assert_user_error, run_cli
from edge_strategies import multigraphs, small_boards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle_edge import EdgeOracle, board_cells, board_edges

from matchgame.testing.faces import run_command

RING = "3 3\n...\n.#.\n...\n"  # a ring of 8 cells round a blocked centre
RING_WALK = RING + "9\n1 1\n1 2\n1 3\n2 3\n3 3\n3 2\n3 1\n2 1\n1 1\n"
MULTI = "4 6\n1 2\n1 2\n2 3\n3 3\n3 4\n1 4\n"  # a doubled edge, a self-loop


def cli(*argv: str) -> tuple[int, str, str]:
    """The command line in this process (fast enough for hypothesis): status, out, err."""
    run = run_command(*argv)
    return run.code, run.out, run.err


def board_text(rows: list[str]) -> str:
    return f"{len(rows)} {len(rows[0])}\n" + "".join(row + "\n" for row in rows)


def edge_list_text(n: int, edges: list[tuple[int, int]]) -> str:
    return f"{n} {len(edges)}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in edges)


# -- answers against the oracle ---------------------------------------------------------


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(["orthogonal", "knight", "king", "hex"]))
def test_placements_on_boards_equal_the_oracle(tmp_path_factory, data, moves):
    rows = data.draw(small_boards(moves))
    path = tmp_path_factory.mktemp("b") / "board.txt"
    path.write_text(board_text(rows))
    code, out, _ = cli(
        "placements", "--game", "edge", "--moves", moves, "--format", "loj", str(path)
    )
    cells = board_cells(rows)
    oracle = EdgeOracle(len(cells), board_edges(rows, moves))
    expected = [cells[v] for v in range(len(cells)) if oracle.placer_wins_at(v)]
    assert code == 0
    lines = out.splitlines()
    assert int(lines[0]) == len(expected)
    assert [tuple(int(x) - 1 for x in line.split()) for line in lines[1:]] == expected


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans().flatmap(lambda b: multigraphs(b)))
def test_placements_on_multigraphs_equal_the_oracle(tmp_path_factory, graph):
    n, edges = graph
    path = tmp_path_factory.mktemp("g") / "graph.txt"
    path.write_text(edge_list_text(n, edges))
    code, out, _ = cli("placements", "--game", "edge", "--edges", "--format", "json", str(path))
    oracle = EdgeOracle(n, edges)
    document = json.loads(out)
    assert code == 0 and document["game"] == "edge" and document["edges"] == len(edges)
    assert document["winning_vertices"] == [v + 1 for v in range(n) if oracle.placer_wins_at(v)]


@st.composite
def walks(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]], list[int]]:
    """A multigraph and a legal walk of the edge game on it (placement first)."""
    n, edges = draw(st.booleans().flatmap(lambda b: multigraphs(b)))
    left = {}
    for u, v in edges:
        key = (min(u, v), max(u, v))
        left[key] = left.get(key, 0) + 1
    walk = [draw(st.integers(0, n - 1))]
    for _ in range(draw(st.integers(0, len(edges)))):
        token = walk[-1]
        options = sorted(
            {b if a == token else a for (a, b), k in left.items() if k and token in (a, b)}
        )
        if not options:
            break
        nxt = draw(st.sampled_from(options))
        left[(min(token, nxt), max(token, nxt))] -= 1
        walk.append(nxt)
    return n, edges, walk


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(walks())
def test_annotate_judges_every_move_as_the_oracle(tmp_path_factory, case):
    n, edges, walk = case
    path = tmp_path_factory.mktemp("r") / "record.txt"
    text = edge_list_text(n, edges) + f"{len(walk)}\n" + "".join(f"{v + 1}\n" for v in walk)
    path.write_text(text)
    code, out, _ = cli("annotate", "--game", "edge", "--edges", "--format", "json", str(path))
    assert code == 0
    moves = json.loads(out)["moves"]
    oracle = EdgeOracle(n, edges)
    assert moves[0]["winning_before"] == any(oracle.placer_wins_at(v) for v in range(n))
    assert moves[0]["winning_after"] == oracle.placer_wins_at(walk[0])
    for t in range(1, len(walk)):
        before = oracle.walk_used(walk[:t])
        after = oracle.walk_used(walk[: t + 1])
        note = moves[t]
        assert note["winning_before"] == oracle.mover_wins(walk[t - 1], before)
        assert note["winning_after"] == (not oracle.mover_wins(walk[t], after))
        assert note["mistake"] == (note["winning_before"] and not note["winning_after"])
        if note["winning_move"] is not None:
            assert note["winning_move"] - 1 in oracle.winning_moves(walk[t - 1], before)


# -- the vertex game's formats, one flag added ----------------------------------------------


def test_every_output_format_and_the_vertex_game_unchanged(tmp_path):
    board = tmp_path / "ring.txt"
    board.write_text(RING)
    for style in ("jsoi", "loj", "json", "board"):
        vertex = run_cli("placements", "--format", style, str(board))
        assert run_cli("placements", "--game", "vertex", "--format", style, str(board)) == vertex
        edge = run_cli("placements", "--game", "edge", "--format", style, str(board))
        assert edge.code == 0 and edge.err == ""
    assert run_cli("placements", "--game", "edge", str(board)).out == (
        "WIN\n1 1\n1 2\n1 3\n2 1\n2 3\n3 1\n3 2\n3 3\n"
    )
    board_picture = run_cli("placements", "--game", "edge", "--format", "board", str(board))
    assert board_picture.out.startswith("WWW\nW#W\nWWW\n")


def test_edge_lists_keep_repeats_and_loops_and_standard_formats_read(tmp_path):
    path = tmp_path / "multi.txt"
    path.write_text(MULTI)
    oracle = EdgeOracle(4, [(0, 1), (0, 1), (1, 2), (2, 2), (2, 3), (0, 3)])
    expected = "".join(f"{v + 1}\n" for v in range(4) if oracle.placer_wins_at(v))
    run = run_cli("placements", "--game", "edge", "--edges", "--format", "loj", str(path))
    assert run.out == f"{expected.count(chr(10))}\n{expected}"
    mtx = tmp_path / "path.mtx"
    mtx.write_text("%%MatrixMarket matrix coordinate pattern symmetric\n3 3 2\n2 1\n3 2\n")
    assert run_cli("placements", "--game", "edge", str(mtx)).out == "WIN\n1\n3\n"


def test_explain_says_why_and_draws_it(tmp_path):
    board = tmp_path / "path.txt"
    board.write_text("1 3\n...\n")
    wins = run_cli("explain", "--game", "edge", str(board), "1", "1", "-o", str(tmp_path / "w.svg"))
    assert wins.code == 0 and "wins. The set S = {1 1, 1 3}" in wins.out
    svg = (tmp_path / "w.svg").read_text()
    assert "the placement" in svg and "S: every vertex" in svg
    loses = run_cli("explain", "--game", "edge", "--format", "json", str(board), "1", "2")
    document = json.loads(loses.out)
    assert document["placer_wins"] is False and document["move"] in ([1, 1], [1, 3])
    assert document["parity_set"] == [document["move"]]
    png = run_cli("explain", "--game", "edge", str(board), "1", "2", "-o", str(tmp_path / "l.png"))
    assert png.code == 0 and (tmp_path / "l.png").read_bytes()[:4] == b"\x89PNG"
    # a component with an odd cycle: the search's verdict, and its winning move
    king = tmp_path / "king.txt"
    king.write_text("1 3\n...\n")
    searched = run_cli("explain", "--game", "edge", "--moves", "king", str(king), "1", "2")
    assert "PSPACE-complete" not in searched.out or "exhaustive search" in searched.out


def test_render_draws_the_edge_game_and_keeps_the_old_picture_option(tmp_path):
    board, walk = tmp_path / "ring.txt", tmp_path / "walk.txt"
    board.write_text(RING)
    walk.write_text(RING_WALK)
    out = tmp_path / "out.svg"
    assert run_cli("render", "--game", "edge", str(board), "-o", str(out)).code == 0
    assert out.read_text().count('data-outcome="win"') == 8
    assert run_cli("render", "--game", "edge", str(walk), "-o", str(out)).code == 0
    assert "#5e3c99" in out.read_text() and "used edge" in out.read_text()
    assert (
        run_cli("render", "--game", "edge", "--picture", "walk", str(walk), "-o", str(out)).code
        == 0
    )
    # --game walk is the old spelling of --picture walk (the vertex game's record)
    vertex_walk = tmp_path / "vwalk.txt"
    vertex_walk.write_text("3 3\n.##\n...\n#.#\n3\n2 1\n2 2\n2 3\n")
    old = run_cli("render", "--game", "walk", str(vertex_walk), "-o", str(tmp_path / "a.svg"))
    new = run_cli("render", "--picture", "walk", str(vertex_walk), "-o", str(tmp_path / "b.svg"))
    assert old.code == new.code == 0
    assert (tmp_path / "a.svg").read_bytes() == (tmp_path / "b.svg").read_bytes()
    assert_user_error(
        run_cli("render", "--game", "edge", "--picture", "bunny", "--example", "-o", str(out)),
        "edge geography reads no noi input (--game vertex does)",
    )


def test_play_by_the_line_protocol_the_engine_wins_its_positions(tmp_path):
    board = tmp_path / "path.txt"
    board.write_text("1 3\n...\n")
    # a path of three cells: the placer wins on the ends, so the engine places there
    run = run_cli("play", "--game", "edge", "--you", "second", str(board), stdin="1 2\n")
    assert run.out.splitlines()[0] in ("engine: 1 1", "engine: 1 3"), run
    assert run.out.endswith("winner: engine\n")


@settings(max_examples=examples(40), deadline=None)
@given(st.booleans().flatmap(lambda b: multigraphs(b)), st.booleans(), st.randoms())
def test_the_engine_wins_every_won_game_against_any_player(graph, engine_first, chance):
    from matchgame.apps import play

    n, edges = graph
    oracle = EdgeOracle(n, edges)
    session = play.game_session(
        "edge", _multigraph(n, edges), you_move_first=not engine_first, max_states=10**6
    )

    def your_moves():
        while True:
            yield session.text(chance.choice(session.legal_moves())) + "\n"

    written: list[str] = []
    play.run_line_protocol(session, your_moves(), written.append)
    engine_wins_placing = any(oracle.placer_wins_at(v) for v in range(n))
    if (engine_first and engine_wins_placing) or (not engine_first and not engine_wins_placing):
        assert written[-1] == "winner: engine\n"


def _multigraph(n: int, edges: list[tuple[int, int]]):
    from matchgame import MultiGraph

    return MultiGraph(n, edges)


def test_sweep_counts_equal_the_oracle_on_geng_style_lines(tmp_path):
    lines = b"Bw\nBW\nCF\nC^\n"  # a triangle, a path, a star, a 4-cycle with a chord
    code, out, _ = cli("sweep", "--game", "edge", "--jobs", "1", str(_write(tmp_path, lines)))
    assert code == 0
    from matchgame.readers.graph6 import parse_graph6

    for line, document in zip(lines.split(), out.splitlines(), strict=True):
        graph = parse_graph6(line)[0]
        oracle = EdgeOracle(graph.n_vertices, [tuple(e) for e in graph.edges.tolist()])
        expected = [v + 1 for v in range(graph.n_vertices) if oracle.placer_wins_at(v)]
        assert json.loads(document)["winning_vertices"] == expected
    code, out, _ = cli("sweep", "--game", "edge", "--count", "--jobs", "1", str(tmp_path / "g.g6"))
    counts = json.loads(out)
    assert counts["game"] == "edge" and counts["graphs"] == 4 and "matching_size" not in counts


def _write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "g.g6"
    path.write_bytes(data)
    return path


# -- certificates ------------------------------------------------------------------------


@pytest.fixture
def certified(tmp_path):
    board = tmp_path / "ring.txt"
    board.write_text("1 5\n.....\n")  # a path: the placer wins on 1, 3, 5
    answer = tmp_path / "answer.json"
    run = run_cli("placements", "--game", "edge", "--format", "json", "--certificate", str(board))
    assert run.code == 0
    answer.write_text(run.out)
    return board, answer, json.loads(run.out)


def test_verify_reads_the_certificates_game(certified):
    board, answer, _ = certified
    assert run_cli("verify", str(board), str(answer)).out == "ok\n"
    assert run_cli("verify", "--game", "edge", str(board), str(answer)).out == "ok\n"
    assert_user_error(
        run_cli("verify", "--game", "vertex", str(board), str(answer)), "edge game", "vertex game"
    )
    vertex_answer = answer.with_name("vertex.json")
    vertex_answer.write_text(
        run_cli("placements", "--format", "json", "--certificate", str(board)).out
    )
    assert run_cli("verify", str(board), str(vertex_answer)).out == "ok\n"
    assert_user_error(
        run_cli("verify", "--game", "edge", str(board), str(vertex_answer)), "vertex game"
    )


def _tampered(answer: Path, document: dict) -> Path:
    path = answer.with_name("tampered.json")
    path.write_text(json.dumps(document))
    return path


def test_verify_accepts_no_false_claim(certified):
    board, answer, document = certified
    assert document["placer_wins"] and document["winning_cells"]
    flipped = {**document, "placer_wins": False}
    dropped = {**document, "winning_cells": document["winning_cells"][1:]}
    added = dict(document)
    free = {(1, c) for c in range(1, 6)}
    losing = sorted(free - {tuple(cell) for cell in document["winning_cells"]})
    added["winning_cells"] = sorted([*document["winning_cells"], list(losing[0])])
    certificate = dict(document["certificate"])
    rows = list(certificate["pivot_rows"])
    rows[0] = rows[0] % 12 + 1 if rows[0] != 0 else 1  # a wrong pivot row
    wrong_set = {**document, "certificate": {**certificate, "pivot_rows": rows}}
    for bad in (flipped, dropped, added, wrong_set):
        run = run_cli("verify", str(board), str(_tampered(answer, bad)))
        assert run.code in (1, 2) and run.out != "ok\n", bad
        assert "Traceback" not in run.err
        if run.code == 1:
            assert run.out.startswith("invalid: ")


# -- the error contract ------------------------------------------------------------------


@pytest.mark.parametrize(
    "command", ["placements", "annotate", "explain", "play", "render", "serve", "sweep", "verify"]
)
def test_an_unknown_game_is_one_line(command):
    assert_user_error(run_cli(command, "--game", "chess"), "unknown game 'chess'", "vertex", "edge")


def test_mistakes_is_the_vertex_game_only():
    assert_user_error(
        run_cli("mistakes", "--game", "edge", "--example"), "NOI2011", "--game vertex"
    )
    assert run_cli("mistakes", "--game", "vertex", "--example").code == 0


def test_past_the_budget_is_one_line_naming_why(tmp_path):
    king = tmp_path / "king.txt"
    king.write_text("3 3\n...\n...\n...\n")
    run = run_cli(
        "placements", "--game", "edge", "--moves", "king", "--max-states", "100", str(king)
    )
    assert_user_error(run, "odd cycle", "PSPACE-complete", "9 vertices", "--max-states 100")
    for command in (["annotate"], ["explain"], ["render", "-o", str(tmp_path / "k.svg")]):
        record = tmp_path / "king-walk.txt"
        record.write_text("3 3\n...\n...\n...\n1\n2 2\n")
        target = [str(record)] if command[0] == "annotate" else [str(king)]
        extra = ["2", "2"] if command[0] == "explain" else []
        run = run_cli(
            *command, "--game", "edge", "--moves", "king", "--max-states", "50", *target, *extra
        )
        assert_user_error(run, "PSPACE-complete", "--max-states 50")
    run = run_cli("sweep", "--game", "edge", "--max-states", "20", stdin=b"Bw\nC~\n")
    assert run.code == 2 and run.err.startswith("error: line 2: ") and "PSPACE" in run.err
    assert run.out.count("\n") == 1  # the triangle before it was answered
    assert_user_error(run_cli("placements", "--max-states", "5", "--example"), "--game edge")
    assert_user_error(
        run_cli("placements", "--game", "edge", "--max-states", "0", "--example"), "from 1"
    )


def test_an_illegal_edge_record_names_the_move(tmp_path):
    record = tmp_path / "walk.txt"
    record.write_text("1 3\n...\n3\n1 1\n1 2\n1 1\n")  # back along the edge just used
    assert_user_error(
        run_cli("annotate", "--game", "edge", str(record)), "line 6", "move 3", "used up"
    )
    longer = RING + "10\n" + "".join(RING_WALK.splitlines(keepends=True)[5:]) + "1 2\n"
    record.write_text(longer)  # a record longer than one move per cell reads
    assert_user_error(run_cli("annotate", "--game", "edge", str(record)), "move 10", "used up")


def test_explain_takes_several_cells_of_one_file_in_the_edge_game_too():
    """explain's synopsis takes several ROW COL pairs: with --game edge they were read as
    one placement ('3 2 1 1': expected ROW COL)."""
    run = run_cli("explain", "--game", "edge", "--example", "jsoi", "3", "2", "1", "1")
    assert run.code == 0, run.err
    assert [line[:36] for line in run.out.splitlines()] == [
        "Placing the token on cell 3 2 wins. ",
        "Placing the token on cell 1 1 loses.",
    ]
    documents = run_cli(
        "explain", "--game", "edge", "--example", "jsoi", "3", "2", "1", "1", "--format", "json"
    )
    assert [json.loads(line)["vertex"] for line in documents.out.splitlines()] == [[3, 2], [1, 1]]
    odd = run_cli("explain", "--game", "edge", "--example", "jsoi", "3", "2", "1")
    assert_user_error(odd, "ROW COL pairs")
