"""``matchgame serve`` under attack and under load, through a real server on loopback.

Attacks (see SECURITY.md): a page of another site sending requests (cross-origin
POSTs, including "simple" text/plain ones that need no preflight), DNS rebinding
(a foreign ``Host``), a server on the network without its launch token. Load: a
full heavy lane refuses at once, a request over the time limit is stopped, a
client that goes away stops its analysis, cheap requests are answered while big
analyses run.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import logging
import re
import select
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from urllib.parse import urlsplit

import pytest
from web_helpers import live_server, post, send_post, served, silent_uploads

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

from matchgame.apps.web import create_app
from matchgame.apps.web.work import LIGHT_BODY, Lane, Lanes
from matchgame.generate import random_board

pytestmark = pytest.mark.slow

BOARD = b"3 3\n.##\n...\n#.#\n"


def request(url: str, method: str = "GET", body: bytes | None = None, headers=None):
    """A raw request (any Host, any headers); returns status, headers, body."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    try:
        connection.putrequest(
            method, parts.path + (f"?{parts.query}" if parts.query else ""), skip_host=True
        )
        sent = {"Host": parts.netloc, **(headers or {})}
        if body is not None:
            sent["Content-Length"] = str(len(body))
        for name, value in sent.items():
            connection.putheader(name, value)
        connection.endheaders(body)
        answer = connection.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read()
    finally:
        connection.close()


def error_of(body: bytes) -> str:
    message = json.loads(body)["error"]
    assert message and "\n" not in message
    return message


@pytest.fixture(scope="module")
def server():
    with live_server(create_app(hosts=["matchgame.lan"])) as url:
        yield url


def test_the_issue_reproduction_is_refused(server):
    """The reported attack: a rebound name, another site's origin, a text/plain body."""
    status, _, body = request(
        f"{server}/api/placements",
        "POST",
        BOARD,
        {"Host": "evil.example", "Origin": "http://evil.example", "Content-Type": "text/plain"},
    )
    assert status == 403 and "evil.example" in error_of(body)


def test_a_foreign_host_reads_nothing(server):
    """DNS rebinding reads with GETs: /api/start hands out the served file."""
    for path in ("/api/start", "/", "/api/examples/heart"):
        status, _, body = request(f"{server}{path}", headers={"Host": "evil.example:8000"})
        assert status == 403, path
        assert "allow-host" in error_of(body)
    # the server's own names, and one given with --allow-host, are answered
    port = urlsplit(server).port
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "matchgame.lan", "MATCHGAME.LAN:80"):
        status, _, _ = request(f"{server}/api/start", headers={"Host": host})
        assert status == 200, host


def test_cross_origin_posts_are_refused(server):
    cases = [
        {"Origin": "http://evil.example", "X-Matchgame-Client": "x"},
        {"Origin": "null", "Content-Type": "application/json"},
        {"Sec-Fetch-Site": "cross-site", "X-Matchgame-Client": "x"},
        {"Sec-Fetch-Site": "same-site", "X-Matchgame-Client": "x"},  # another port
        {"Content-Type": "text/plain"},  # a simple request: what a form or a page can send
        {"Content-Type": "application/x-www-form-urlencoded"},
        {},
    ]
    for headers in cases:
        status, body = post(f"{server}/api/placements", BOARD, headers=headers)
        assert status == 403, headers
        error_of(body)


def test_the_page_and_scripts_are_answered(server):
    own = f"http://{urlsplit(server).netloc}"
    cases = [
        {"Origin": own, "Sec-Fetch-Site": "same-origin", "X-Matchgame-Client": "page"},
        {"X-Matchgame-Client": "curl"},
        {"Content-Type": "application/json", "Sec-Fetch-Site": "none"},
    ]
    for headers in cases:
        status, body = post(f"{server}/api/placements", BOARD, headers=headers)
        assert status == 200, headers
        assert json.loads(body)["winning_cells"] == [[2, 3], [3, 2]]


def test_a_token_guards_everything():
    token = "s3cret-token"
    with live_server(create_app(token=token)) as url:
        for path in ("/", "/api/start", "/api/examples/jsoi"):
            status, _, body = request(f"{url}{path}")
            assert status == 401 and "token" in error_of(body)
        status, _, _ = request(f"{url}/api/start", headers={"Authorization": "token wrong"})
        assert status == 401
        status, body = post(f"{url}/api/placements", BOARD)
        assert status == 401
        status, body = post(
            f"{url}/api/placements",
            BOARD,
            headers={"X-Matchgame-Client": "x", "Authorization": f"token {token}"},
        )
        assert status == 200
        # the printed link: the token goes into a cookie and out of the address
        status, headers, _ = request(f"{url}/?token={token}")
        assert status == 303 and headers["location"] == "/"
        cookie = headers["set-cookie"].split(";")[0]
        assert "HttpOnly" in headers["set-cookie"] and "SameSite=Strict" in headers["set-cookie"]
        status, _, page = request(f"{url}/", headers={"Cookie": cookie})
        assert status == 200 and b"<html" in page.lower()
        status, body = post(
            f"{url}/api/placements", BOARD, headers={"X-Matchgame-Client": "x", "Cookie": cookie}
        )
        assert status == 200


def _serve(*arguments: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "matchgame", "serve", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_a_network_bind_needs_a_flag_and_prints_a_token():
    refused = _serve("--host", "0.0.0.0", "--port", "0")
    out, err = refused.communicate(timeout=60)
    assert refused.returncode == 2 and out == ""
    assert err.count("\n") == 1 and "--allow-remote" in err
    server = _serve("--host", "0.0.0.0", "--allow-remote", "--port", "0")
    try:
        line = server.stderr.readline()
        found = re.search(r"http://\S+:(\d+)/\?token=([\w-]+)", line)
        assert found, line
        port, token = found.groups()
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                status, _, _ = request(f"{base}/api/start")
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.1)
        assert status == 401
        status, _, _ = request(f"{base}/api/start", headers={"Authorization": f"token {token}"})
        assert status == 200
        status, _ = post(f"{base}/api/placements", BOARD)
        assert status == 401
    finally:
        server.terminate()
        server.wait(timeout=30)


# -- load ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def big_board() -> bytes:
    """A 3000x3000 board: 9 MB of text, about 2 s of analysis here."""
    return random_board(3000, 3000, 0.2, seed=5).to_text().encode()


def _lanes(slots: int, queue: int, time_limit: float = 60.0) -> Lanes:
    return Lanes(
        heavy=Lane("heavy", slots, queue), light=Lane("light", 8, 8), time_limit=time_limit
    )


def _full_analysis(url: str, body: bytes) -> tuple[int, bytes, float]:
    start = time.monotonic()
    status, answer = post(f"{url}/api/placements", body, timeout=120)
    return status, answer, time.monotonic() - start


def test_a_full_lane_answers_503_at_once(big_board):
    medium = random_board(300, 300, 0.2, seed=1).to_text().encode()
    assert len(medium) > LIGHT_BODY  # takes the heavy lane
    with live_server(create_app(max_body=32 << 20, lanes=_lanes(1, 0))) as url:
        results = []
        first = threading.Thread(target=lambda: results.append(_full_analysis(url, big_board)))
        first.start()
        time.sleep(0.5)  # the big one holds the only slot
        start = time.monotonic()
        status, body = post(f"{url}/api/placements", medium)
        assert status == 503 and "busy" in error_of(body)
        assert time.monotonic() - start < 3.0  # refused, not queued (ms unloaded)
        status, body = post(f"{url}/api/placements", BOARD)  # the light lane is open
        assert status == 200
        first.join()
        assert results[0][0] == 200


def test_the_time_limit_stops_an_analysis(big_board):
    with live_server(create_app(max_body=32 << 20, lanes=_lanes(1, 1, time_limit=0.3))) as url:
        status, body, elapsed = _full_analysis(url, big_board)
        assert status == 503 and "limit of 0.3 s" in error_of(body)
        assert elapsed < 3.0  # 0.3 s and the way out; the analysis alone takes longer


def test_a_client_that_leaves_stops_its_analysis(big_board):
    """One heavy slot: while a big analysis runs a probe gets 503; the big one's client
    hangs up, and the probe is served long before the analysis would have ended."""
    probe = random_board(300, 300, 0.2, seed=2).to_text().encode()
    with live_server(create_app(max_body=32 << 20, lanes=_lanes(1, 0))) as url:
        status, _, full = _full_analysis(url, big_board)
        assert status == 200
        client = send_post(url, "/api/placements", big_board)
        time.sleep(0.4)
        assert post(f"{url}/api/placements", probe)[0] == 503  # the slot is taken
        client.close()
        gone = time.monotonic()
        while post(f"{url}/api/placements", probe)[0] != 200:
            assert time.monotonic() - gone < full, "the analysis went on without its client"
            time.sleep(0.05)
        stopped_after = time.monotonic() - gone
        assert stopped_after < full / 2, (stopped_after, full)


def test_cheap_requests_are_answered_while_big_analyses_run(big_board):
    small = random_board(30, 30, 0.2, seed=3).to_text().encode()
    with live_server(create_app(max_body=32 << 20, lanes=_lanes(2, 2))) as url:
        heavy = [threading.Thread(target=_full_analysis, args=(url, big_board)) for _ in range(4)]
        for thread in heavy:
            thread.start()
        time.sleep(0.5)
        times = []
        for _ in range(5):
            for path in ("/", "/api/examples/heart"):
                start = time.monotonic()
                status, _, _ = request(f"{url}{path}")
                times.append(time.monotonic() - start)
                assert status == 200
            start = time.monotonic()
            status, _ = post(f"{url}/api/placements", small)
            times.append(time.monotonic() - start)
            assert status == 200
        busy = [thread.is_alive() for thread in heavy]
        for thread in heavy:
            thread.join()
        assert any(busy), "the big analyses ended before the cheap requests were timed"
        times.sort()
        # BENCHMARKS.md measures the 0.2 s target on an idle machine; CI may be loaded
        # (the test command runs beside other tests on every core: bounds with room)
        assert times[len(times) // 2] < 0.5 and times[-1] < 3.0, times


def _gml(n_vertices: int) -> bytes:
    """A GML cycle-ish graph: NetworkX parses it at about 15,000 vertices a second."""
    nodes = [f'node [ id {v} label "v{v}" ]' for v in range(n_vertices)]
    edges = [f"edge [ source {v} target {(7 * v + 1) % n_vertices} ]" for v in range(n_vertices)]
    return "\n".join(["graph [", *nodes, *edges, "]"]).encode()


def _random_graph(n_vertices: int, n_edges: int, seed: int = 1) -> bytes:
    import numpy as np

    ends = np.random.default_rng(seed).integers(1, n_vertices + 1, size=(n_edges, 2))
    return (
        f"{n_vertices} {n_edges}\n".encode()
        + "".join(f"{u} {v}\n" for u, v in ends.tolist()).encode()
    )


@pytest.fixture(scope="module")
def warm_workers():
    """The worker processes' forkserver, started (its imports take a second or two)."""
    pytest.importorskip("networkx")
    from matchgame.apps.web import worker

    worker.start()


def test_networkx_work_obeys_the_time_limit_and_a_client_leaving(warm_workers):
    """A GML parse (NetworkX: it cannot poll the stop flag) ignored --time-limit
    (23.5 s for 3) and a client's leaving (16 s of CPU after); a graph picture's
    layout likewise. Now they run in a worker process, killed when stopped."""
    big = _gml(80_000)  # about 6 s to parse
    with live_server(create_app(max_body=32 << 20, lanes=_lanes(1, 0, time_limit=0.5))) as url:
        start = time.monotonic()
        status, body = post(f"{url}/api/placements?edges=1&format=gml", big, timeout=60)
        assert status == 503 and "limit of 0.5 s" in error_of(body)
        assert time.monotonic() - start < 3
        picture = _random_graph(2000, 4000)  # a layout of about 4 s
        start = time.monotonic()
        status, body = post(f"{url}/api/render?edges=1", picture, timeout=60)
        assert status == 503 and "limit of 0.5 s" in error_of(body)
        assert time.monotonic() - start < 3
    with live_server(create_app(max_body=32 << 20, lanes=_lanes(1, 0))) as url:
        client = send_post(url, "/api/placements?edges=1&format=gml", big)
        time.sleep(1)  # received, and holding the heavy slot (a probe sent sooner takes it)
        probe = random_board(300, 300, 0.2, seed=2).to_text().encode()  # heavy: over 64 KiB
        assert post(f"{url}/api/placements", probe)[0] == 503
        client.close()
        gone = time.monotonic()
        while post(f"{url}/api/placements", probe)[0] != 200:
            assert time.monotonic() - gone < 3, "the parse went on without its client"
            time.sleep(0.05)


def test_small_bodies_that_claim_big_work_take_the_heavy_lane(warm_workers):
    """16 graph pictures of 26 KB (2,000 vertices each to lay out) filled the light
    lane, and a 3x3 board got 503; a picture's layout is claimed, and past 200
    vertices it moves the request to the heavy lane (here one at a time, none
    waiting: the others are refused at once)."""
    picture = json.dumps({"input": _random_graph(1000, 1500).decode(), "played": []}).encode()
    assert len(picture) < LIGHT_BODY
    lanes = Lanes(heavy=Lane("heavy", 1, 0), light=Lane("light", 2, 2))
    with live_server(create_app(lanes=lanes)) as url:
        pictures = [
            threading.Thread(target=post, args=(f"{url}/api/position?edges=1&picture=1", picture))
            for _ in range(16)
        ]
        for thread in pictures:
            thread.start()
        time.sleep(0.3)
        for _ in range(5):
            status, _ = post(f"{url}/api/placements", BOARD)
            assert status == 200
        for thread in pictures:
            thread.join()


def test_a_small_board_never_waits_for_a_big_one():
    """Python 3.11's functools.cached_property locks a property for every instance at
    once: a 30x30 board's graph used to wait for a 4000x4000 board's, and small requests
    stalled behind big ones."""
    from matchgame import Board

    big = Board(random_board(3000, 3000, 0.2, seed=4).free)
    small = Board(random_board(30, 30, 0.2, seed=4).free)
    started = threading.Event()

    def build() -> None:
        started.set()
        big.graph  # noqa: B018 -- a cached property: built here

    thread = threading.Thread(target=build)
    thread.start()
    started.wait()
    time.sleep(0.02)
    start = time.monotonic()
    small.graph  # noqa: B018
    waited = time.monotonic() - start
    thread.join()
    assert waited < 0.5  # no wait for the other thread's graph (ms unloaded)


# -- hostile clients -------------------------------------------------------------


def test_the_token_cookie_is_found_among_any_other_cookies():
    """http.cookies gave up on a whole Cookie header when any cookie in it held a space,
    JSON or non-ASCII text, and the token with it (401)."""
    token = "s3cret-token"
    with live_server(create_app(token=token)) as url:
        own = f"matchgame-token-{urlsplit(url).port}={token}"
        for others in ("theme=dark mode", 'prefs={"a": [1, 2]}', "name=Zoë", "a=1; =b; c"):
            for header in (f"{others}; {own}", f"{own}; {others}"):
                status, _, _ = request(f"{url}/api/start", headers={"Cookie": header})
                assert status == 200, header
        status, _, _ = request(f"{url}/api/start", headers={"Cookie": "theme=dark mode"})
        assert status == 401


def test_the_token_link_never_redirects_off_the_server():
    """``GET //evil.example/?token=...`` answered ``Location: //evil.example/``: a
    browser reads that as another site."""
    token = "s3cret-token"
    with live_server(create_app(token=token)) as url:
        for path, expected in (
            ("//evil.example/", "/evil.example/"),
            ("/\\evil.example/", "/evil.example/"),
            ("///evil.example/x?a=1", "/evil.example/x?a=1"),
            ("/api/start", "/api/start"),
        ):
            target, _, query = path.partition("?")
            status, headers, _ = request(
                f"{url}{target}?{query + '&' if query else ''}token={token}"
            )
            assert status == 303, path
            assert headers["location"] == expected, path


def test_a_get_on_a_computing_endpoint_is_405():
    with live_server(create_app()) as url:
        status, headers, body = request(f"{url}/api/placements")
        assert status == 405 and headers["allow"] == "POST" and error_of(body)
        status, _, body = request(f"{url}/api/nothing-here")
        assert status == 404 and error_of(body)
        status, _, body = request(f"{url}/api/start", "POST", b"x", {"X-Matchgame-Client": "t"})
        assert status == 405 and error_of(body)


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_an_aborted_upload_logs_nothing():
    """Every upload its client abandoned logged a ClientDisconnect traceback."""
    records = _Records()
    logger = logging.getLogger("uvicorn.error")
    try:
        with live_server(create_app()) as url:
            logger.addHandler(records)  # once uvicorn has configured its loggers
            for _ in range(3):
                with send_post(url, "/api/placements", b"." * 1000, length=100000):
                    time.sleep(0.1)
            assert post(f"{url}/api/placements", BOARD)[0] == 200
            time.sleep(0.2)
    finally:
        logger.removeHandler(records)
    assert [record.getMessage() for record in records.records] == []


# -- hostile clients, against `matchgame serve` itself ----------------------------


@pytest.fixture(scope="module")
def hostile():
    """``matchgame serve --read-timeout 1`` under ``ulimit -n 256``."""
    with served("--read-timeout", "1", open_files=256) as server:
        yield server


def _connect(url: str) -> socket.socket:
    parts = urlsplit(url)
    client = socket.create_connection((parts.hostname, parts.port), timeout=10)
    return client


def _closed_after(client: socket.socket, patience: float = 5.0) -> float:
    """Seconds until the server closes ``client`` (reading and dropping what it sends);
    infinity if it is still open after ``patience`` seconds."""
    start = time.monotonic()
    client.settimeout(patience)
    try:
        while client.recv(65536):
            pass
    except ConnectionResetError:
        pass
    except TimeoutError:
        return float("inf")
    return time.monotonic() - start


def test_half_open_connections_do_not_keep_the_page_out(hostile):
    """1,050 connections sending half a header under ``ulimit -n 1024`` made every
    request time out while asyncio logged "Too many open files" tracebacks at MB/s
    (here 400 under 256): the oldest waiting connection makes room for a new one."""
    head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    floods = []
    logged = len(hostile.log)
    try:
        for _ in range(400):
            client = _connect(hostile.url)
            client.sendall(head)
            floods.append(client)
        time.sleep(0.3)
        for _ in range(3):
            start = time.monotonic()
            with urllib.request.urlopen(f"{hostile.url}/", timeout=5) as answer:
                assert answer.status == 200
            status, body = post(f"{hostile.url}/api/placements", BOARD, timeout=5)
            assert status == 200 and json.loads(body)["winning_cells"] == [[2, 3], [3, 2]]
            assert time.monotonic() - start < 3.0  # ms unloaded; other tests run beside
    finally:
        for client in floods:
            client.close()
    assert len(hostile.log) - logged <= 1, hostile.log[-5:]  # one line a minute at most


def test_a_request_gets_read_timeout_seconds_for_its_headers(hostile):
    """A half-sent header kept its connection for ever (uvicorn resets its keep-alive
    timer with every byte); here it is closed after --read-timeout 1, also when it
    comes after a request answered on the same connection, and dripping bytes does
    not move the deadline."""
    client = _connect(hostile.url)
    client.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    assert 0.8 < _closed_after(client) < 3
    client = _connect(hostile.url)
    client.sendall(b"GET /api/start HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert client.recv(65536).startswith(b"HTTP/1.1 200")
    start = time.monotonic()
    for piece in (b"GET / HTTP/1.1\r\n", b"Host: 1", b"27.0.0.1\r\n", b"X: y\r\n"):
        time.sleep(0.3)
        try:
            client.sendall(piece)
        except (BrokenPipeError, ConnectionResetError):
            break  # closed before the last drip (a busy machine's sleeps run long): fine
    assert time.monotonic() - start + _closed_after(client) < 3


def test_a_silent_upload_is_dropped_and_a_slow_one_is_not(hostile):
    """Each piece of a body has --read-timeout seconds: an upload that stops is
    closed; one that keeps sending, however slowly, is answered."""
    client = send_post(hostile.url, "/api/placements", b"." * 1000, length=100000)
    assert 0.8 < _closed_after(client) < 3
    client = send_post(hostile.url, "/api/placements", length=len(BOARD))
    for i in range(0, len(BOARD), 4):
        time.sleep(0.4)
        client.sendall(BOARD[i : i + 4])
    client.settimeout(5)
    answer = b""
    while b"winning_cells" not in answer and (piece := client.recv(65536)):
        answer += piece
    assert answer.startswith(b"HTTP/1.1 200") and b"winning_cells" in answer
    client.close()


def test_at_the_connection_cap_busy_uploads_stay_and_silent_ones_make_room():
    """At --max-connections, with every connection uploading, a new one is answered
    503 at once; once the uploads fall silent for a second, the next one takes the
    place of the one silent longest."""
    with served("--max-connections", "4") as server:
        uploads = [send_post(server.url, "/api/placements", length=1000) for _ in range(4)]
        for _ in range(6):  # busy: a byte each every 0.2 s
            time.sleep(0.2)
            for client in uploads:
                client.sendall(b".")
        status, _ = post(f"{server.url}/api/placements", BOARD, timeout=5)
        assert status == 503  # uvicorn's limit_concurrency
        time.sleep(1.2)  # all silent now
        status, _ = post(f"{server.url}/api/placements", BOARD, timeout=5)
        assert status == 200
        assert sum(_closed_after(client, 0.5) < 0.5 for client in uploads) >= 1
        for client in uploads:
            client.close()


def test_silent_uploads_are_held_within_the_room_for_uploads():
    """60 uploads declaring 16 MB, sending 15 MB and falling silent grew the server to
    1.1 GB. Bodies beyond their first 64 KiB are counted as they arrive against the
    room for the heavy lane's bodies (here one running, none waiting: 2 x 2 MiB): the
    rest are refused with 503, small requests still get in, and once the silent ones
    are dropped (--read-timeout) the room is given back."""
    body_limit = 2 << 20
    arguments = ("--max-body", str(body_limit), "--max-analyses", "1", "--queue", "0")
    board = random_board(800, 800, 0.2, seed=1).to_text().encode()
    with served(*arguments, "--read-timeout", "3") as server:
        before = server.rss()
        uploads = silent_uploads(server.url, 20, body_limit - (128 << 10), body_limit)
        deadline = time.monotonic() + 10
        while sum(bool(select.select([c], [], [], 0)[0]) for c in uploads) < 18:  # refused
            assert time.monotonic() < deadline
            time.sleep(0.05)
        status, body = post(f"{server.url}/api/placements", board)
        assert status == 503 and "try again" in error_of(body)
        assert post(f"{server.url}/api/placements", BOARD)[0] == 200
        added = server.peak_rss() - before
        assert added < 20 << 20, added / 2**20  # 20 x 1.9 MB: 38 MB when all were held
        time.sleep(3.5)  # the silent uploads are dropped
        status, body = post(f"{server.url}/api/placements", board, timeout=60)
        assert status == 200
        for client in uploads:
            client.close()


def test_an_answer_its_client_stops_reading_is_dropped(hostile):
    """A client that asks for a big answer and never reads it held the answer (and its
    connection) for good: each piece must be taken within --read-timeout."""
    board = random_board(1000, 1000, 0.2, seed=3).to_text().encode()  # an 11 MB answer
    client = send_post(hostile.url, "/api/placements", board)
    client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 16)
    time.sleep(4)  # the analysis (about 1 s), then the answer waits for its reader
    received = b""
    client.settimeout(5)
    with contextlib.suppress(ConnectionResetError):
        while piece := client.recv(1 << 20):
            received += piece
    length = int(re.search(rb"content-length: (\d+)", received, re.IGNORECASE).group(1))
    assert len(received) < length / 2, (len(received), length)


def test_a_non_ascii_token_is_refused_with_401():
    """``?token=%C3%A9``, a cookie or ``Authorization: token é`` reached
    ``hmac.compare_digest`` as a non-ASCII str: a TypeError and 500, where 401 is due."""
    token = "s3cret-token"
    with live_server(create_app(token=token)) as url:
        name = f"matchgame-token-{urlsplit(url).port}"
        for path, headers in (
            ("/api/start?token=%C3%A9", {}),
            ("/api/start?token=%FF", {}),
            ("/api/start", {"Authorization": "token \u00e9"}),
            ("/api/start", {"Cookie": f"{name}=\u00e9"}),
        ):
            status, _, body = request(f"{url}{path}", headers=headers)
            assert status == 401, (path, headers)
            assert "token" in error_of(body)
        status, _, _ = request(f"{url}/api/start", headers={"Authorization": f"token {token}"})
        assert status == 200


# -- work accounted as it is done (issue 33, 3) -------------------------------------

K8_MINUS_AN_EDGE = (
    "8 27\n"
    + "".join(f"{u} {v}\n" for u in range(1, 9) for v in range(u + 1, 9) if (u, v) != (1, 2))
).encode()  # 113 bytes: the edge game searches 713,501 positions (0.3 s of CPU)


def test_cheap_to_send_costly_to_answer_requests_leave_the_light_lane():
    """Sixteen clients posting the edge game on K8 minus an edge (113 bytes each) filled
    the light lane: a 3x3 board from the page got 503 in 20 of 20 probes over 37 s.
    Now a request's work is accounted as it runs (CPU, and the memory its search
    claims as it grows): past what the light lane takes it moves to the heavy lane
    and waits there, and the board is answered."""
    assert len(K8_MINUS_AN_EDGE) == 113
    lanes = Lanes.for_machine(slots=2, queue=2)
    stop = threading.Event()
    answered: list[int] = []

    def client() -> None:
        while not stop.is_set():
            status, _ = post(f"{url}/api/placements?edges=1&game=edge", K8_MINUS_AN_EDGE)
            answered.append(status)

    with live_server(create_app(lanes=lanes)) as url:
        clients = [threading.Thread(target=client) for _ in range(16)]
        for thread in clients:
            thread.start()
        try:
            # the first sixteen arrive at once and fill the light lane until each has
            # spent its CPU there (a second or three on two cores): then they wait in
            # the heavy lane, and each comes back only when answered
            deadline = time.monotonic() + 30
            while lanes.light.running + lanes.light.waiting > lanes.light.slots // 2:
                assert time.monotonic() < deadline, "the light lane stays full"
                time.sleep(0.05)
            probes = []
            statuses = []
            for _ in range(20):
                start = time.monotonic()
                status, _ = post(f"{url}/api/placements", BOARD)
                probes.append(time.monotonic() - start)
                statuses.append(status)
                time.sleep(0.05)
        finally:
            stop.set()
            for thread in clients:
                thread.join()
    # every probe unloaded (20 of 20 in bench_serve.py); on a machine running other
    # tests a costly request's 0.1 s of CPU takes longer to spend, and a probe may meet
    # the light lane full: 15 of 20 at least (before: 0 of 20)
    assert statuses.count(200) >= 15, statuses
    probes.sort()
    assert probes[len(probes) // 2] < 1.0, probes  # the median probe; a few ms unloaded
    assert 200 in answered  # the costly requests are answered too, in the heavy lane


def test_the_light_lane_accounts_cpu_not_waiting():
    """A light request that computes past LIGHT_CPU seconds is stopped and starts again
    in the heavy lane; one that waits (no CPU) is not moved."""
    import anyio

    from matchgame._kernels._stop import check
    from matchgame.apps.web.work import ESCALATED, LIGHT_CPU

    class Client:
        async def is_disconnected(self) -> bool:
            return False

    def spinning() -> str:
        start = time.thread_time()
        while time.thread_time() - start < 5 * LIGHT_CPU:
            check()  # a kernel polls the stop flag so
        return "done"

    def sleeping() -> str:
        time.sleep(3 * LIGHT_CPU)
        check()
        return "done"

    async def main() -> tuple[object, object, float]:
        lane = Lane("light", 2, 2)
        start = time.monotonic()
        spun = await lane.run(Client(), spinning, 60, cpu_limit=LIGHT_CPU)
        took = time.monotonic() - start
        slept = await lane.run(Client(), sleeping, 60, cpu_limit=LIGHT_CPU)
        return spun, slept, took

    spun, slept, took = anyio.run(main)
    assert spun is ESCALATED and took < 4 * LIGHT_CPU + 0.5
    assert slept == "done"
