"""The JSON API through a real server on a loopback port: the CLI's documents,
400 on bad input, 413 on oversize."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request

import pytest
from cli_helpers import run_cli

uvicorn = pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

from matchgame.web import create_app  # noqa: E402


@pytest.fixture(scope="module")
def server():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = uvicorn.Config(
        create_app(max_body=4096), host="127.0.0.1", port=port, log_level="error"
    )
    instance = uvicorn.Server(config)
    thread = threading.Thread(target=instance.run, daemon=True)
    thread.start()
    for _ in range(200):
        if instance.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    instance.should_exit = True
    thread.join(timeout=10)


def post(url: str, body: bytes) -> tuple[int, bytes]:
    request = urllib.request.Request(url, data=body, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


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
