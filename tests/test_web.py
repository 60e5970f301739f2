"""The JSON API through a real server on a loopback port: the CLI's documents,
400 on bad input, 413 on oversize."""

from __future__ import annotations

import json
import sys
import urllib.request

import pytest
from cli_helpers import run_cli
from web_helpers import FRIENDS_GRAPHML, live_server, post, served_app

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

import matchgame
from matchgame import Position
from matchgame.apps.web import create_app
from matchgame.core.board import Board
from matchgame.inputs import parse_input

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server():
    with live_server(create_app(max_body=4096)) as url:
        yield url


HEART = run_cli("placements", "--example", "heart", "--format", "json")


def test_placements_is_the_cli_document(server):
    board = urllib.request.urlopen(f"{server}/api/examples/heart", timeout=30).read()
    status, body = post(f"{server}/api/placements", board)
    assert status == 200
    assert json.loads(body) == json.loads(HEART.out)
    assert len(json.loads(body)["winning_cells"]) == 77


def test_other_documents_match_the_cli(server, tmp_path):
    record = urllib.request.urlopen(f"{server}/api/examples/noi3", timeout=30).read()
    status, body = post(f"{server}/api/mistakes", record)
    path = tmp_path / "noi3.txt"
    path.write_bytes(record)
    assert status == 200
    assert json.loads(body) == json.loads(run_cli("mistakes", str(path), "--format", "json").out)
    game = b"3 3\n.##\n...\n#.#\n3\n2 1\n2 2\n2 3\n"
    path.write_bytes(game)
    status, body = post(f"{server}/api/annotate", game)
    assert json.loads(body) == json.loads(run_cli("annotate", str(path), "--format", "json").out)
    status, body = post(f"{server}/api/placements?moves=king", b"2 3\n...\n...\n")
    assert status == 200 and json.loads(body)["moves"] == "king"
    status, body = post(f"{server}/api/render", b"3 3\n.##\n...\n#.#\n")
    assert status == 200 and body.startswith((b"<svg", b"<?xml"))


def test_positions(server):
    payload = {"input": "3 3\n.##\n...\n#.#\n", "played": [[2, 2]]}
    status, body = post(f"{server}/api/position", json.dumps(payload).encode())
    document = json.loads(body)
    assert status == 200 and document["token"] == [2, 2]
    assert document["mover_wins"] and document["best_move"] in document["winning_moves"]
    payload["played"] = [[1, 2]]
    status, body = post(f"{server}/api/position", json.dumps(payload).encode())
    assert status == 400 and "blocked" in json.loads(body)["error"]


def test_bad_input_is_400_with_the_cli_message(server, tmp_path):
    bad = b"3 3\n.?#\n...\n#.#\n"
    status, body = post(f"{server}/api/placements", bad)
    path = tmp_path / "bad.txt"
    path.write_bytes(bad)
    cli = run_cli("placements", str(path))
    assert status == 400
    assert "error: " + json.loads(body)["error"] == cli.err.strip()
    status, body = post(f"{server}/api/placements?moves=rook", b"1 1\n.\n")
    assert status == 400 and "rook" in json.loads(body)["error"]


def test_oversize_is_413(server):
    status, body = post(f"{server}/api/placements", b"1 5000\n" + b"." * 5000 + b"\n")
    assert status == 413 and "4096" in json.loads(body)["error"]


def test_the_page_is_served(server):
    page = urllib.request.urlopen(f"{server}/", timeout=30).read()
    assert b"<title>matchgame</title>" in page
    assert b"addEventListener" in urllib.request.urlopen(f"{server}/app.js", timeout=30).read()


def test_position_pictures_and_record_steps(server):
    payload = {"input": "3 3\n.##\n...\n#.#\n", "played": [[2, 1]]}
    status, body = post(f"{server}/api/position?picture=1", json.dumps(payload).encode())
    document = json.loads(body)
    assert status == 200 and document["to_move"] == "second"
    assert document["legal_moves"] == [[1, 1], [2, 2]]
    assert 'data-cell="2 1" data-token=""' in document["svg"]
    for row, col in document["legal_moves"]:
        outcome = "win" if [row, col] in document["winning_moves"] else "lose"
        assert f'data-cell="{row} {col}" data-outcome="{outcome}"' in document["svg"]
    status, body = post(f"{server}/api/position", json.dumps({**payload, "played": [7]}).encode())
    assert status == 400 and "played[0]" in json.loads(body)["error"]
    record = urllib.request.urlopen(f"{server}/api/examples/noi3", timeout=30).read()
    pictures = [post(f"{server}/api/render/record?upto={k}", record) for k in range(5)]
    assert all(status == 200 for status, _ in pictures)
    # move 1 and 3 are Bunny's mistakes, 2 is Egg's: rings appear as the moves do
    rings = [svg.count(b'fill="none" stroke="#d7191c"') for _, svg in pictures]
    assert rings == [0, 1, 2, 3, 3]
    status, body = post(f"{server}/api/render/record?upto=5", record)
    assert status == 400 and "upto" in json.loads(body)["error"]
    status, body = post(f"{server}/api/render/record?upto=-1", record)
    assert status == 400 and "upto" in json.loads(body)["error"]
    game = b"3 3\n.##\n...\n#.#\n3\n2 1\n2 2\n2 3\n"
    payload = {"input": game.decode(), "played": [[2, 2]], "record_moves": 1}
    status, body = post(f"{server}/api/position?record=1", json.dumps(payload).encode())
    document = json.loads(body)
    assert status == 200 and document["moves_played"] == 2 and document["token"] == [2, 2]
    payload["record_moves"] = 4
    status, body = post(f"{server}/api/position?record=1", json.dumps(payload).encode())
    assert status == 400 and "record_moves" in json.loads(body)["error"]
    # Bunny and Egg from NOI sample 3 after round 1: Bunny's winning move is 2 1
    payload = {"input": record.decode(), "played": [], "record_moves": 2}
    status, body = post(f"{server}/api/position?noi=1&picture=1", json.dumps(payload).encode())
    document = json.loads(body)
    assert status == 200 and document["token"] == [2, 2] and document["to_move"] == "first"
    assert document["mover_wins"] and document["winning_moves"] == [[2, 1]]
    assert document["svg"].count("<circle") >= 15  # the pieces are drawn
    status, body = post(f"{server}/api/render/walk?upto=1", game)
    assert status == 200 and b'stroke="#2c7bb6"' in body  # the better move, 2 3


def test_examples_say_what_they_are(server):
    with urllib.request.urlopen(f"{server}/api/examples/king", timeout=30) as answer:
        assert answer.headers["X-Matchgame-Kind"] == "board"
        assert answer.headers["X-Matchgame-Moves"] == "king"
    with urllib.request.urlopen(f"{server}/api/examples/noi2", timeout=30) as answer:
        assert answer.headers["X-Matchgame-Kind"] == "noi"
    with urllib.request.urlopen(f"{server}/api/start", timeout=30) as answer:
        assert json.loads(answer.read()) is None  # no FILE given: the page's default
    # a graph file's example is a graph ("edges") in its format, for the format query
    with urllib.request.urlopen(f"{server}/api/examples/c5", timeout=30) as answer:
        assert answer.headers["X-Matchgame-Kind"] == "edges"
        assert answer.headers["X-Matchgame-Format"] == "mtx"
        text = answer.read()
    status, body = post(f"{server}/api/placements?edges=1&format=mtx", text)
    assert status == 200 and json.loads(body)["winning_vertices"] == [1, 2, 3, 4, 5]
    start = served_app("--example", "c5").state.start
    assert (start["kind"], start["format"], start["name"]) == ("edges", "mtx", "c5")


def test_serve_recognises_its_file(tmp_path):
    """``serve FILE`` checks and classifies FILE before starting; a bad file is a
    one-line error (exit 2), not a server."""
    cases = {
        b"2 2\n..\n.#\n": ("board", []),
        b"1 6\nXO.OXO\n1\n1 2\n1 1\n": ("noi", []),
        b"3 3\n.##\n...\n#.#\n1\n2 2\n": ("walk-board", []),
        b"3 2\n1 2\n2 3\n": ("edges", ["--edges"]),
    }
    for data, (kind, flags) in cases.items():
        path = tmp_path / "input.txt"
        path.write_bytes(data)
        start = served_app(str(path), *flags).state.start
        assert start["kind"] == kind
        assert start["text"] == data.decode()
    path.write_bytes(b"2 2\n.?\n..\n")
    run = run_cli("serve", str(path))
    assert run.code == 2 and "not a board" in run.err and run.out == ""
    assert run.err.count("\n") == 1
    path.write_bytes(b"3 3\n.##\n...\n#.#\n3\n2 1\n3 3\n2 3\n")  # a record, move 2 blocked
    run = run_cli("serve", str(path))
    assert run.code == 2 and "as walk-board: line 7: move 2 (3 3)" in run.err
    assert run.err.count("\n") == 1


@pytest.mark.parametrize(
    "endpoint",
    [
        "/api/placements",
        "/api/placements?edges=1",
        "/api/render?sets=1&matching=1",
        "/api/render/record?upto=1",
        "/api/render/walk?upto=2&edges=1",
        "/api/mistakes",
        "/api/annotate",
        "/api/position",
        "/api/position?record=1&picture=1",
        "/api/explain?at=2,3",
        "/api/hint",
        "/api/explain?at=x&edges=1",
    ],
)
def test_no_body_makes_a_500(server, endpoint):
    """Whatever arrives, the answer is a document, a 400 with a message, or a 413."""
    nasty = [
        b"",
        b"\xff\xfe\x00garbage",
        b"[" * 3000 + b"]" * 3000,  # nesting deeper than the JSON parser recurses
        b'{"input": "3 3\\n.##\\n...\\n#.#\\n", "played": [[2, 1], [1, 1], [1, 2]]}',
        b'{"input": 5, "played": {}}',
        b'{"input": "1 1\\n.\\n", "played": [[' + b"9" * 5000 + b", 1]]}",
        b"99999999999 9\n",
        b"3 3\n.##\n...\n#.#\n1\n2 2\n",
        b"2 1\n1 2\n",
    ]
    for body in nasty:
        status, answer = post(f"{server}{endpoint}", body)
        assert status in (200, 400, 413), (endpoint, body[:40], status, answer[:200])
        if status != 200:
            message = json.loads(answer)["error"]
            assert message and "\n" not in message and "Traceback" not in message


def test_explain_is_the_cli_explanation(server):
    board = b"3 3\n.##\n...\n#.#\n"
    status, body = post(f"{server}/api/explain?at=3,2", board)
    document = json.loads(body)
    assert status == 200 and document["placer_wins"] is True
    assert document["path"] == [[3, 2], [2, 2], [2, 3]]
    assert document["svg"].startswith("<?xml")
    cli = json.loads(run_cli("explain", "--example", "3", "2", "--format", "json").out)
    assert {k: v for k, v in document.items() if k != "svg"} == cli
    status, body = post(f"{server}/api/explain?at=1,2", board)
    assert status == 400 and "blocked" in json.loads(body)["error"]


def _hint(server: str, payload: dict, query: str = "") -> dict:
    status, body = post(f"{server}/api/hint{query}", json.dumps(payload).encode())
    assert status == 200, body
    return json.loads(body)


def test_hint_is_a_winning_move_or_the_best_defence(server):
    jsoi = "3 3\n.##\n...\n#.#\n"
    # the placer wins on JSOI's sample: the hint is a winning placement
    document = _hint(server, {"input": jsoi, "played": []})
    assert document["winning"] is True and document["winning_replies"] == 0
    wins = json.loads(post(f"{server}/api/position", json.dumps({"input": jsoi}).encode())[1])
    assert document["move"] in wins["winning_moves"]
    # the Petersen graph: every placement loses; the hint is the engine's best defence,
    # the terminal play's choice, and says how many winning replies it leaves
    petersen = urllib.request.urlopen(f"{server}/api/examples/petersen", timeout=30).read()
    document = _hint(server, {"input": petersen.decode(), "played": []}, "?edges=1")
    assert document["winning"] is False and document["winning_replies"] >= 1
    graph = parse_input(petersen, "edges").graph
    game = Position(graph)
    assert document["move"] == graph.names.json_value(graph.names.vertex(game.best_move()))
    # a losing position on a board, in the middle of a game: fewest winning replies
    board = Board.parse("2 3\n...\n...\n")
    game = Position(board.to_graph())
    game.push((0, 0))
    document = _hint(server, {"input": "2 3\n...\n...\n", "played": [[1, 1]]})
    assert document["winning"] is game.mover_wins()
    replies = []
    for move in game.legal_moves():
        after = game.copy()
        after.push(move)
        replies.append(len(after.winning_moves()))
    assert document["winning_replies"] == (0 if game.mover_wins() else min(replies))


def test_graphs_too_big_to_draw_answer_without_a_picture(server):
    big = b"3000 1\n1 2\n"  # 3,000 vertices: over the pictures' 2,000
    payload = {"input": big.decode(), "played": [1]}
    status, body = post(f"{server}/api/position?edges=1&picture=1", json.dumps(payload).encode())
    document = json.loads(body)
    assert status == 200 and document["svg"] is None
    assert "at most 2000 vertices" in document["picture_note"]
    assert document["legal_moves"] == [2]
    status, body = post(f"{server}/api/explain?at=1&edges=1", big)
    document = json.loads(body)
    assert status == 200 and document["svg"] is None and document["text"]
    assert "3000" in document["picture_note"]


def test_the_matching_left_out_of_a_big_board_is_noted(server):
    rows = b"200 200\n" + b"\n".join([b"." * 200] * 200) + b"\n"
    with live_server(create_app()) as url:  # the module's server refuses 40 kB
        request = urllib.request.Request(
            f"{url}/api/render?matching=1", data=rows, headers={"X-Matchgame-Client": "t"}
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            assert "the matching is not drawn" in answer.headers["X-Matchgame-Note"]
        request = urllib.request.Request(
            f"{url}/api/render?matching=1",
            data=b"3 3\n...\n...\n...\n",
            headers={"X-Matchgame-Client": "t"},
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            assert answer.headers.get("X-Matchgame-Note") is None


def test_a_big_answer_is_sent_in_pieces_and_whole(tmp_path):
    """Answers over ~1 MB go out piece by piece (one huge write would stall every other
    request); the client still gets the whole document with its length."""
    from matchgame.generate import random_board

    board = random_board(700, 700, 0.2, seed=4)
    path = tmp_path / "board.txt"
    path.write_text(board.to_text())
    expected = run_cli("placements", str(path), "--format", "json").out
    assert len(expected) > 2_000_000  # several pieces
    with live_server(create_app(max_body=1 << 20)) as url:
        request = urllib.request.Request(
            f"{url}/api/placements",
            data=board.to_text().encode(),
            method="POST",
            headers={"X-Matchgame-Client": "tests"},
        )
        with urllib.request.urlopen(request, timeout=120) as answer:
            assert answer.headers["Content-Length"] == str(len(expected.encode()))
            assert answer.headers.get("Transfer-Encoding") is None
            body = answer.read()
    assert json.loads(body) == json.loads(expected)
    # and it was pieces: the endpoint's response sends them one by one
    from matchgame.apps.web import endpoints

    assert isinstance(endpoints._json(json.loads(expected)), endpoints.Pieces)
    assert not isinstance(endpoints._json({"small": 1}), endpoints.Pieces)


# the Petersen graph as matchgame's edge list, as Matrix Market and as graph6
PETERSEN_EDGES = (
    "10 15\n1 2\n1 5\n1 6\n2 3\n2 7\n3 4\n3 8\n4 5\n4 9\n5 10\n6 8\n6 9\n7 9\n7 10\n8 10\n"
)
PETERSEN_MTX = "%%MatrixMarket matrix coordinate pattern symmetric\n10 10 15\n" + "".join(
    f"{v} {u}\n" for u, v in (map(int, line.split()) for line in PETERSEN_EDGES.splitlines()[1:])
)


def test_pasted_standard_graph_formats_read_as_from_a_file(server, tmp_path):
    """With edges=1 the text's first line tells its format, as for a file read by the
    CLI; format= names it; an unknown format is a 400 naming the ones there are."""
    status, body = post(f"{server}/api/placements?edges=1", PETERSEN_EDGES.encode())
    assert status == 200
    expected = json.loads(body)
    status, body = post(f"{server}/api/placements?edges=1", PETERSEN_MTX.encode())
    assert status == 200 and json.loads(body) == expected
    path = tmp_path / "petersen.mtx"
    path.write_text(PETERSEN_MTX)
    cli = run_cli("placements", str(path), "--format", "json")
    assert json.loads(cli.out) == expected
    # graph6 numbers vertices from 0 (names 0..9), so compare what does not name them
    status, body = post(f"{server}/api/placements?edges=1", b"IheA@GUAo\n")
    assert status == 200 and json.loads(body)["matching_size"] == expected["matching_size"] == 5
    status, body = post(f"{server}/api/placements?edges=1&format=mtx", PETERSEN_MTX.encode())
    assert status == 200 and json.loads(body) == expected
    status, body = post(f"{server}/api/placements?edges=1&format=edgelist", PETERSEN_MTX.encode())
    assert status == 400 and "line 1" in json.loads(body)["error"]
    status, body = post(f"{server}/api/placements?edges=1&format=png", PETERSEN_MTX.encode())
    error = json.loads(body)["error"]
    assert status == 400 and "format='png'" in error and "mtx" in error and "graph6" in error
    payload = {"input": PETERSEN_MTX, "played": [1]}
    status, body = post(f"{server}/api/position?edges=1", json.dumps(payload).encode())
    assert status == 200 and json.loads(body)["token"] == 1


# a path 1 - 2 - 3 - 4 in METIS, whose first line looks like matchgame's "n m" header
PATH_METIS = b"4 3\n2\n1 3\n2 4\n3\n"


def test_an_opened_files_name_tells_its_format(server):
    """The page sends an opened file's name: a METIS or SNAP file has no signature
    line, and read by its first line alone it is a (wrong) edge list."""
    url = f"{server}/api/placements?edges=1"
    status, body = post(url, PATH_METIS)
    assert status == 400 and "line 5" in json.loads(body)["error"]  # after "3 edges"
    status, body = post(f"{url}&name=path.metis", PATH_METIS)
    found = json.loads(body)
    assert status == 200 and (found["vertices"], found["edges"]) == (4, 3)
    assert found["placer_wins"] is False and found["matching_size"] == 2
    # a SNAP file: its 0-based ids are the vertices' names, as on the command line
    status, body = post(f"{url}&name=web.snap", b"0 1\n1 2\n")
    found = json.loads(body)
    assert status == 200 and found["winning_vertices"] == [0, 2]
    # a format named wins over the name; a name that tells nothing leaves the first line
    status, body = post(f"{url}&name=web.snap&format=metis", PATH_METIS)
    assert status == 200 and json.loads(body)["edges"] == 3
    status, body = post(f"{url}&name=notes.txt", PATH_METIS)
    assert status == 400
    payload = {"input": PATH_METIS.decode(), "played": [2]}
    status, body = post(
        f"{server}/api/position?edges=1&name=path.metis", json.dumps(payload).encode()
    )
    assert status == 200 and json.loads(body)["token"] == 2


def test_an_edge_list_as_networkx_writes_it_is_read_without_being_told(server):
    """Issue 42, 1: an opened file of pairs ``u v`` (NetworkX's ``write_edgelist``, names
    that are words, data after each pair) is a graph, as on the command line."""
    import networkx as nx

    karate = nx.karate_club_graph()  # its members named by words, its data kept
    graph = nx.relabel_nodes(karate, {v: f"member{v}" for v in karate})
    text = "".join(line + "\n" for line in nx.generate_edgelist(graph))
    for query in ("name=karate.txt", "name=karate.txt&edges=1", "edges=1"):
        status, body = post(f"{server}/api/placements?{query}", text.encode())
        assert status == 200, body
        found = json.loads(body)
        assert (found["vertices"], found["edges"]) == (34, 78)
        assert sorted(found["winning_vertices"]) == sorted(matchgame.analyse(graph).winning)


def test_serve_hands_the_page_a_graph_file_as_it_is(tmp_path, server):
    """``serve FILE`` on a graph in a standard format gives the page the file's text
    and its format, so the page's pictures show the file's names."""
    pytest.importorskip("networkx")
    for name, text, format_name in [
        ("friends.graphml", FRIENDS_GRAPHML, "graphml"),
        ("path.metis", PATH_METIS.decode(), "metis"),
    ]:
        path = tmp_path / name
        path.write_text(text)
        start = served_app(str(path)).state.start
        assert (start["text"], start["kind"], start["format"]) == (text, "edges", format_name)
    status, body = post(f"{server}/api/render?edges=1&format=graphml", FRIENDS_GRAPHML.encode())
    assert status == 200 and b">alice<" in body and b">carol<" in body


def test_undecodable_json_is_400_naming_the_problem(server):
    """A lone surrogate in the body's JSON made a 500 (the text could not be encoded);
    a malformed body was said to be "not a JSON object"."""
    for endpoint in ("/api/position", "/api/hint"):
        for body in (b'{"input": "\\ud800"}', b'{"input": "3 3\\n.##\\n\\udfff..\\n#.#\\n"}'):
            status, answer = post(f"{server}{endpoint}", body)
            assert status == 400, (endpoint, body, answer)
            assert "surrogate" in json.loads(answer)["error"]
        status, answer = post(f"{server}{endpoint}", b'{"input": "3 3\\n')
        message = json.loads(answer)["error"]
        assert status == 400 and message.startswith("the body is not JSON") and "line 1" in message
        status, answer = post(f"{server}{endpoint}", b'{"input": "\xff"}')
        assert status == 400 and "not JSON" in json.loads(answer)["error"]
        status, answer = post(f"{server}{endpoint}", b"[1, 2]")
        assert status == 400 and "JSON object" in json.loads(answer)["error"]


def test_a_body_claims_no_more_vertices_than_the_server_takes_bytes(server):
    """``50000000 0`` with edges=1 is an 11-byte body whose answer is 878 MB (1.66 GB at
    its peak, four at once 4.9 GB): a request may claim at most as many vertices or
    cells as its largest body has bytes (--max-body, 4096 here)."""
    mtx = b"%%MatrixMarket matrix coordinate pattern symmetric\n5000 5000 0\n"
    for body in (b"5000 0\n", mtx, b"p edge 5000 0\n"):
        status, answer = post(f"{server}/api/placements?edges=1", body)
        assert status == 400, body
        message = json.loads(answer)["error"]
        assert "5000" in message and "at most 4096 vertices" in message and "--max-body" in message
    payload = {"input": "5000 0\n", "played": []}
    status, answer = post(f"{server}/api/position?edges=1", json.dumps(payload).encode())
    assert status == 400 and "at most 4096" in json.loads(answer)["error"]
    status, answer = post(f"{server}/api/placements?edges=1", b"4000 0\n")
    assert status == 200 and json.loads(answer)["vertices"] == 4000


def test_graph_pictures_over_500_vertices_say_they_need_scipy(monkeypatch):
    """NetworkX lays out 500 vertices and more with SciPy, which the graphs extra did
    not install: the server answered 500 (ModuleNotFoundError). The extra installs it
    now, and without it the answer is one line naming it."""
    import tomllib
    from pathlib import Path

    from starlette.datastructures import QueryParams

    from matchgame.apps.web import endpoints
    from matchgame.errors import MatchgameError

    pytest.importorskip("networkx")
    pyproject = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    assert any(
        need.startswith("scipy") for need in pyproject["project"]["optional-dependencies"]["graphs"]
    )
    graph = "600 600\n" + "".join(f"{v} {v % 600 + 1}\n" for v in range(1, 601))
    for name in [name for name in sys.modules if name == "scipy" or name.startswith("scipy.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "scipy", None)  # import scipy: ImportError
    with pytest.raises(MatchgameError, match=r"needs SciPy .*pip install scipy"):
        endpoints.render_analysis(QueryParams("edges=1"), graph.encode())


def test_claims_in_each_lane():
    """The light lane passes a claim over its room to the heavy lane; the heavy lane
    refuses one over its share of the memory, its answer's included, or over the
    vertices or cells the server takes."""
    from matchgame.apps.web.work import ANSWER_BYTES, LIGHT_CLAIM, Claims, Escalate
    from matchgame.errors import ParseError

    light = Claims(max_size=1000, memory=LIGHT_CLAIM, light=True)
    light.check(LIGHT_CLAIM - 1000 * ANSWER_BYTES, 1000, "a graph")
    with pytest.raises(Escalate):
        light.check(LIGHT_CLAIM, 1, "a graph")
    with pytest.raises(Escalate):
        light.layout(201)
    heavy = Claims(max_size=1000, memory=1 << 20)
    heavy.layout(2000)
    heavy.check((1 << 20) - 1000 * ANSWER_BYTES, 1000, "a graph")
    with pytest.raises(ParseError, match=r"a graph needs about .* with its answer"):
        heavy.check(1 << 20, 1, "a graph")
    with pytest.raises(ParseError, match=r"at most 1000 vertices or cells"):
        heavy.check(0, 1001, "a graph")


# -- the edge game (game=edge) ---------------------------------------------------------

RING = b"3 3\n...\n.#.\n...\n"
RING_WALK = RING + b"9\n1 1\n1 2\n1 3\n2 3\n3 3\n3 2\n3 1\n2 1\n1 1\n"


def test_the_edge_games_documents_are_the_cli_ones(server, tmp_path):
    board, walk = tmp_path / "ring.txt", tmp_path / "walk.txt"
    board.write_bytes(RING)
    walk.write_bytes(RING_WALK)
    status, body = post(f"{server}/api/placements?game=edge", RING)
    cli = run_cli("placements", "--game", "edge", "--format", "json", str(board))
    assert status == 200 and json.loads(body) == json.loads(cli.out)
    assert json.loads(body)["game"] == "edge" and len(json.loads(body)["winning_cells"]) == 8
    status, body = post(f"{server}/api/annotate?game=edge", RING_WALK)
    cli = run_cli("annotate", "--game", "edge", "--format", "json", str(walk))
    assert status == 200 and json.loads(body) == json.loads(cli.out)
    status, body = post(f"{server}/api/explain?game=edge&at=2,3", RING)
    cli = run_cli("explain", "--game", "edge", "--format", "json", str(board), "2", "3")
    document = json.loads(body)
    assert status == 200 and document.pop("svg").startswith("<")
    assert document == json.loads(cli.out)
    for url in ("/api/render?game=edge", "/api/render/walk?game=edge&upto=5"):
        status, body = post(f"{server}{url}", RING_WALK if "walk" in url else RING)
        assert status == 200 and b"<svg" in body
    # the vertex game refuses the walk that comes back
    status, body = post(f"{server}/api/annotate", RING_WALK)
    assert status == 400 and "move 9" in json.loads(body)["error"]


def test_edge_game_positions_and_hints(server):
    from matchgame import Board

    payload = {"input": RING.decode(), "played": [[1, 1], [1, 2], [1, 3]]}
    status, body = post(f"{server}/api/position?game=edge&picture=1", json.dumps(payload).encode())
    document = json.loads(body)
    assert status == 200 and document["game"] == "edge"
    assert document["used"] == [[[1, 1], [1, 2]], [[1, 2], [1, 3]]]
    expected = matchgame.EdgePosition(Board.parse(RING.decode()))
    for cell in [(0, 0), (0, 1), (0, 2)]:
        expected.push(cell)
    assert document["mover_wins"] == expected.mover_wins()
    assert "#5e3c99" in document["svg"]  # the used edges drawn
    payload["played"] = [[1, 1], [1, 2], [1, 1]]  # the edge 1 1 - 1 2 is used up
    status, body = post(f"{server}/api/position?game=edge", json.dumps(payload).encode())
    assert status == 400 and "used up" in json.loads(body)["error"]
    payload["played"] = [[1, 2]]
    status, body = post(f"{server}/api/hint?game=edge", json.dumps(payload).encode())
    hint = json.loads(body)
    assert status == 200 and hint["winning"] is False  # the ring: the placer wins everywhere
    assert hint["move"] in ([1, 1], [1, 3])


def test_the_edge_games_bad_queries_and_budget_are_400(server):
    status, body = post(f"{server}/api/placements?game=chess", RING)
    assert status == 400 and "game='chess'" in json.loads(body)["error"]
    king = b"4 4\n....\n....\n....\n....\n"  # odd cycles: the exact search, past its budget
    status, body = post(f"{server}/api/placements?game=edge&moves=king", king)
    error = json.loads(body)["error"]
    assert status == 400 and "PSPACE-complete" in error and "odd cycle" in error


def _get_json(server: str, path: str) -> dict:
    return json.loads(urllib.request.urlopen(f"{server}{path}", timeout=30).read())


def test_the_pages_menus_are_the_command_lines(server):
    """Issue 42, 3 and 5: the Input menu lists every graph format matchgame reads (it
    said "edge list, graph6, Matrix Market, METIS, DIMACS, SNAP" while a GML file was
    read), the layouts and sizes are render's, and the footer's endpoints are the API's,
    each in the web app tutorial's table."""
    from pathlib import Path

    from matchgame.apps.cli.parser import build_parser
    from matchgame.readers.graphs import FORMATS

    menus = _get_json(server, "/api/menus")
    kinds = {entry["value"]: entry["label"] for entry in menus["inputs"]}
    assert list(kinds) == ["board", "edges", "noi", "walk-board", "walk-edges"]
    assert all(FORMATS[name].title in kinds["edges"] for name in FORMATS)
    assert "GML" in kinds["edges"] and "GraphML" in kinds["edges"]
    assert [entry["name"] for entry in menus["graph_formats"]] == list(FORMATS)
    assert {".csv", ".edgelist", ".mtx", ".gml"} <= set(menus["extensions"])
    render = next(
        action
        for action in build_parser()._subparsers._group_actions[0].choices["render"]._actions
        if "--layout" in action.option_strings
    )
    assert menus["layouts"] == list(render.choices)
    assert (menus["min_size"], menus["max_size"]) == (100, 10_000)
    tutorial = (Path(__file__).parents[1] / "docs/tutorials/web-app.md").read_text()
    paths = {entry["path"] for entry in menus["endpoints"]}
    assert {"/api/placements", "/api/render", "/api/menus", "/api/input"} <= paths
    for entry in menus["endpoints"]:
        shown = entry["path"].replace("{name}", "NAME")
        assert f"`{entry['method']} {shown}`" in tutorial, entry
    page = urllib.request.urlopen(f"{server}/", timeout=30).read().decode()
    assert "docs/tutorials/web-app.md" in page and "see the README" not in page


def test_graph_pictures_take_the_command_lines_layout_and_size(server, tmp_path):
    """Issue 42, 5: ``layout=`` and ``size=`` draw a graph as ``render --layout``
    and ``--size`` draw it; a bad one is a 400 naming the query."""
    text = b"6 6\n1 2\n2 3\n3 4\n4 5\n5 6\n6 1\n"
    path = tmp_path / "c6.txt"
    path.write_bytes(text)
    for layout, size in (("circular", "300"), ("kamada-kawai", "640"), ("auto", "")):
        query = f"edges=1&layout={layout}" + (f"&size={size}" if size else "")
        status, body = post(f"{server}/api/render?{query}", text)
        assert status == 200, body
        out = tmp_path / f"{layout}.svg"
        flags = ["--layout", layout] + (["--size", size] if size else [])
        assert run_cli("render", "--edges", str(path), *flags, "-o", str(out)).code == 0
        assert body == out.read_bytes()  # the command line's picture, byte for byte
        if size:
            assert f'width="{size}"' in body.decode()
    position = json.dumps({"input": text.decode(), "played": [1]}).encode()
    status, body = post(f"{server}/api/position?edges=1&picture=1&size=200", position)
    assert status == 200 and 'width="200"' in json.loads(body)["svg"]
    status, body = post(f"{server}/api/explain?edges=1&at=1&layout=circular&size=250", text)
    assert status == 200 and 'width="250"' in json.loads(body)["svg"]
    for query, message in (
        ("edges=1&layout=grid", "query layout=grid: expected one of auto, spring"),
        ("edges=1&size=big", "query size=big: expected a number of pixels from 100 to 10,000"),
        ("edges=1&size=50", "size"),
        ("layout=circular", "a board is drawn as its grid of cells"),
    ):
        body_text = text if "edges" in query else b"1 2\n..\n"
        status, body = post(f"{server}/api/render?{query}", body_text)
        assert status == 400 and message in json.loads(body)["error"], (query, body)


def test_the_page_asks_what_an_opened_file_is(server):
    for name, text, graph, format_name in (
        ("karate.txt", b"0 1 {}\n0 2 {}\n", True, "snap"),
        ("web.mtx", b"%%MatrixMarket matrix coordinate pattern general\n1 1 0\n", True, "mtx"),
        ("notes.txt", b"# a comment\n", False, None),
        ("board.txt", b"2 2\n..\n..\n", False, None),
    ):
        status, body = post(f"{server}/api/input?name={name}", text)
        assert status == 200 and json.loads(body) == {"graph": graph, "format": format_name}
