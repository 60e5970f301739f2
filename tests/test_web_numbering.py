"""One numbering on every web endpoint: cells and vertices are read from 1 (``[3, 2]``,
``at=3,2``, record lines) and every answer and every error names them from 1, as the
command line does; graph formats are recognised as the command line recognises a
file's; the web-app tutorial lists every query parameter the endpoints read."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cli_helpers import run_cli
from web_helpers import live_server, post

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

from matchgame.apps.web import create_app

BOARD = "3 3\n.##\n...\n#.#\n"
PATH = "3 2\n1 2\n2 3\n"
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def server():
    with live_server(create_app(max_body=1 << 16)) as url:
        yield url


def _error(server: str, path: str, body: str | bytes) -> str:
    status, answer = post(f"{server}{path}", body.encode() if isinstance(body, str) else body)
    assert status == 400, (path, status, answer)
    return json.loads(answer)["error"]


def _played(server: str, query: str, text: str, played: list, **more) -> str:
    body = json.dumps({"input": text, "played": played, **more})
    return _error(server, f"/api/position{query}", body)


@pytest.mark.parametrize("endpoint", ["position", "hint"])
def test_an_illegal_move_is_named_as_it_was_sent(server, endpoint):
    """The issue's example: [[3, 2], [1, 1]] was answered "cell (0, 0) is not adjacent
    to the token at (2, 1)", 1-based in, 0-based out."""
    cases = [
        ("", BOARD, [[3, 2], [1, 1]], "cell 1 1 is not adjacent to the token at cell 3 2"),
        ("", BOARD, [[3, 2], [3, 2]], "cell 3 2 has been visited"),
        ("", BOARD, ["3 2", "1 1"], "cell 1 1 is not adjacent to the token at cell 3 2"),
        ("?edges=1", PATH, [1, 3], "vertex 3 is not adjacent to the token at vertex 1"),
        ("?edges=1", PATH, [1, 2, 1], "vertex 1 has been visited"),
        ("?edges=1&game=edge", PATH, [1, 3], "there is no edge between 1 and 3"),
        ("?edges=1&game=directed", PATH, [2, 1], "no arc leads from the token at vertex 2"),
        ("?game=edge", BOARD, [[3, 2], [1, 1]], "there is no edge between 3 2 and 1 1"),
    ]
    for query, text, played, expected in cases:
        body = json.dumps({"input": text, "played": played})
        error = _error(server, f"/api/{endpoint}{query}", body)
        assert expected in error and f'"played[{len(played) - 1}]"' in error, (query, error)
        assert "(0, 0)" not in error and "(2, 1)" not in error
    # from a record: its moves are text, from 1, and so are the refusals after them
    record = BOARD + "2\n3 2\n2 2\n"
    error = _played(server, "?record=1", record, [[1, 1]], record_moves=2)
    assert "cell 1 1 is not adjacent to the token at cell 2 2" in error
    # a cell off the board or blocked is named as sent
    assert "played[0]" in (error := _played(server, "", BOARD, [[9, 9]])) and "9 9" in error
    assert "1 2: the cell is blocked" in _played(server, "", BOARD, [[1, 2]])
    assert "no vertex 4 (vertices 1..3)" in _played(server, "?edges=1", PATH, [4])


def test_a_graph_files_vertices_are_named_as_the_file_names_them(server):
    mtx = "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 2\n2 1\n3 2\n"
    error = _played(server, "?edges=1", mtx, [1, 3])
    assert "vertex 3 is not adjacent to the token at vertex 1" in error
    pytest.importorskip("networkx")
    from matchgame.examples import text

    error = _played(server, "?edges=1", text("p3"), ["a", "c"])
    assert "vertex c is not adjacent to the token at vertex a" in error


def test_answers_name_cells_from_one(server):
    body = json.dumps({"input": BOARD, "played": [[3, 2]]})
    status, answer = post(f"{server}/api/position", body.encode())
    document = json.loads(answer)
    assert status == 200 and document["token"] == [3, 2]
    assert document["legal_moves"] == [[2, 2]] and document["best_move"] == [2, 2]
    status, answer = post(f"{server}/api/hint", body.encode())
    assert status == 200 and json.loads(answer)["move"] == [2, 2]
    status, answer = post(f"{server}/api/explain?at=3,2", BOARD.encode())
    cli = run_cli("explain", "--example", "jsoi", "3", "2", "--format", "json")
    explained = json.loads(answer)
    explained.pop("svg")
    assert status == 200 and explained == json.loads(cli.out)


def test_every_endpoints_input_errors_are_the_command_lines(server, tmp_path):
    """A bad input is refused by each endpoint with the command line's message: its
    lines, columns, moves and cells counted from 1."""
    cases = [
        ("/api/placements", "placements", BOARD.replace("...", ".?."), ()),
        ("/api/placements?edges=1", "placements", "3 2\n1 2\n2 4\n", ("--edges",)),
        ("/api/render", "placements", BOARD.replace("...", ".?."), ()),
        ("/api/explain?at=3,2", "placements", BOARD.replace("...", ".?."), ()),
        ("/api/annotate", "annotate", BOARD + "2\n3 2\n1 1\n", ()),
        ("/api/annotate?edges=1", "annotate", PATH + "2\n1\n3\n", ("--edges",)),
        ("/api/annotate?game=edge", "annotate", BOARD + "2\n3 2\n1 1\n", ("--game", "edge")),
        ("/api/render/walk", "annotate", BOARD + "2\n3 2\n9 9\n", ()),
        ("/api/mistakes", "mistakes", "1 3\nXO.\n1\n1 1\n1 2\n", ()),
        ("/api/render/record", "mistakes", "1 4\nO.OX\n1\n1 4\n1 3\n", ()),
    ]
    for path, command, text, options in cases:
        error = _error(server, path, text)
        source = tmp_path / "input.txt"
        source.write_text(text)
        cli = run_cli(command, *options, str(source))
        assert cli.code == 2 and cli.err.startswith("error: "), (path, cli)
        assert error == cli.err.strip().removeprefix("error: "), (path, error, cli.err)


@pytest.mark.parametrize(
    ("query", "fragment"),
    [
        ("at=9,9", "query at 9 9: outside the 3x3 board"),
        ("at=1,2", "query at 1 2: the cell is blocked"),
        ("at=0,1", "query at 0 1: outside the 3x3 board"),
        ("at=2", "expected ROW COL"),
        ("at=2,2&edges=1", "expected a vertex number"),
        ("at=4&edges=1", "no vertex 4 (vertices 1..3)"),
    ],
)
def test_explains_placement_is_named_from_one(server, query, fragment):
    body = PATH if "edges" in query else BOARD
    assert fragment in _error(server, f"/api/explain?{query}", body)


def test_every_query_parameter_is_refused_in_one_line(server):
    assert "query moves='rook': expected one of orthogonal" in _error(
        server, "/api/placements?moves=rook", BOARD
    )
    error = _error(server, "/api/placements?edges=1&moves=king", PATH)
    assert error == "query moves=king goes with a board, not a graph"
    assert "query game='chess'" in _error(server, "/api/placements?game=chess", BOARD)
    assert "query format='png'" in _error(server, "/api/placements?edges=1&format=png", PATH)
    assert "query upto='x'" in _error(server, "/api/render/record?upto=x", "1 1\n.\n0\n")
    body = json.dumps({"input": BOARD + "1\n3 2\n", "record_moves": 5})
    assert '"record_moves"' in _error(server, "/api/position?record=1", body)


# GML as yFiles writes it: keys before 'graph', whose '[' opens on the next line
YFILES_GML = (
    'Creator "yFiles"\nVersion "2.2"\ngraph\n[\n  directed 0\n'
    '  node [ id 0 label "x" ]\n  node [ id 1 label "y" ]\n'
    "  edge [ source 0 target 1 ]\n]\n"
)


def test_graph_formats_are_recognised_as_the_command_line_recognises_them(server, tmp_path):
    """A GML file posted with edges=1 was read as matchgame's edge list; a graph file's
    name tells its format with or without edges=1, as a FILE's extension does."""
    pytest.importorskip("networkx")
    path = tmp_path / "pair.txt"
    path.write_text(YFILES_GML)
    cli = run_cli("placements", "--edges", str(path), "--format", "json")
    assert cli.code == 0, cli.err
    expected = json.loads(cli.out)
    assert expected["vertices"] == 2 and expected["placer_wins"] is False
    for query in ("edges=1", "edges=1&name=pair.txt", "name=pair.gml", "format=gml"):
        status, answer = post(f"{server}/api/placements?{query}", YFILES_GML.encode())
        assert status == 200 and json.loads(answer) == expected, (query, answer)
    gml_file = tmp_path / "pair.gml"
    gml_file.write_text(YFILES_GML)
    assert json.loads(run_cli("placements", str(gml_file), "--format", "json").out) == expected
    # read as a board, the refusal says which query reads it, as the CLI says which option
    error = _error(server, "/api/placements", YFILES_GML)
    assert error.endswith("the input reads as a GML file (for those: edges=1&format=gml)")
    assert run_cli("placements", str(path)).err.strip().endswith("(for those: --input-format gml)")
    body = json.dumps({"input": YFILES_GML, "played": ["x"]})
    status, answer = post(f"{server}/api/position?name=pair.gml", body.encode())
    assert status == 200 and json.loads(answer)["token"] == "x"


def test_the_tutorials_endpoint_table_lists_every_query_parameter():
    web = ROOT / "src" / "matchgame" / "apps" / "web"
    source = (web / "endpoints.py").read_text() + (web / "queries.py").read_text()
    read = set(re.findall(r'query\.get\("(\w+)"|flag\(query, "(\w+)"\)', source))
    parameters = {name for pair in read for name in pair if name}
    assert {"edges", "moves", "game", "format", "name", "at", "upto", "picture"} <= parameters
    page = (ROOT / "docs" / "tutorials" / "web-app.md").read_text()
    table = page[page.index("| endpoint | query |") :]
    for name in parameters:
        assert f"`{name}`" in table and f"`{name}=" in table, name
