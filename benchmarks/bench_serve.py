"""``matchgame serve`` under load and under hostile clients.

    python benchmarks/bench_serve.py [--size 4000] [--heavy 4] [--rounds 3]
    python benchmarks/bench_serve.py --hostile [--connections 1050] [--open-files 1024]
    python benchmarks/bench_serve.py --hostile --only costly [--clients 16] [--seconds 37]
    python benchmarks/bench_serve.py --mix KIND --url http://127.0.0.1:8000

**Load** (the default): starts ``matchgame serve`` in its own process (as a user
would), posts ``--heavy`` analyses of a ``--size`` x ``--size`` board (20% blocked)
at once from other processes (as other users' browsers would), and while they run
times cheap requests one after another, in turn: the page (``GET /``), an example
(``GET /api/examples/heart``) and the analysis of a 30x30 board
(``POST /api/placements``). Prints, per kind of cheap request, the median and the
largest latency over all rounds, and the heavy analyses' own times; the target is
every cheap request within 0.2 s.

**Mix** (``--mix KIND --url URL``): one client's requests of a kind, one after
another, against a server already running at URL (to time two servers in turn,
as whole processes, with any timer): ``small`` (a 3x3 board, 100 times),
``light`` (a 100x100 board, 30 times), ``heavy`` (a 600x600 board, 3 times),
``picture`` (the Petersen graph's picture, 30 times), ``layout`` (a picture of a
500-vertex graph, twice), ``graphml`` (a GraphML graph of 20,000 vertices, 3 times).

**Hostile** (``--hostile``), the measurements of issue 24, each on a fresh server:

1. ``--connections`` connections that send half a header and wait, against a
   server under ``ulimit -n --open-files``: a 3x3 board posted as the page posts
   it, ten times, each within a second (its largest latency), and what the server
   logged meanwhile (bytes and lines; the target: quiet).
2. 40 uploads that declare 16 MB, send 15 MB and fall silent: what they add to the
   server's resident memory at its peak (the target: under 400 MB), and its memory
   once they are dropped.
3. Four ``50000000 0`` bodies with ``?edges=1`` at once (11 bytes each, an 878 MB
   answer each), then four at the most vertices the server takes (``--max-body``
   of them): their answers, the server's peak memory (the target: under 2.5 GB),
   and the largest latency of a 3x3 board meanwhile (the target: 3 s).
4. (issue 33) ``--clients`` clients posting, each as soon as it is answered, the
   edge game on K8 minus an edge (113 bytes, 713,501 positions searched): a 3x3 board
   posted as the page posts it 20 times over ``--seconds`` seconds (how many
   answered 200, their median and largest latency; the target: all, each within a
   second), and what the clients' own requests were answered.

``--only NAME`` runs one of them: ``half-open``, ``uploads``, ``claiming``, ``costly``.
"""

from __future__ import annotations

import argparse
import socket
import statistics
import sys
import threading
import time
import urllib.request
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from web_helpers import Served, post, served, silent_uploads

from matchgame.generate import random_board

BOARD = b"3 3\n.##\n...\n#.#\n"
PAGE = {"X-Matchgame-Client": "page", "Content-Type": "text/plain"}  # as app.js sends


def cheap_requests(url: str, small: bytes) -> dict[str, float]:
    times = {}
    for name, path in (("page", "/"), ("example", "/api/examples/heart")):
        start = time.perf_counter()
        urllib.request.urlopen(f"{url}{path}", timeout=60).read()
        times[name] = time.perf_counter() - start
    start = time.perf_counter()
    status, _ = post(f"{url}/api/placements", small)
    times["30x30 board"] = time.perf_counter() - start
    if status != 200:
        raise RuntimeError(f"the 30x30 board was answered {status}")
    return times


def analysis(url: str, board: bytes) -> tuple[int, float]:
    """Post one heavy analysis; its status and seconds."""
    start = time.perf_counter()
    status, _ = post(f"{url}/api/placements", board, timeout=600)
    return status, time.perf_counter() - start


def load(args: argparse.Namespace) -> None:
    big = random_board(args.size, args.size, 0.2, seed=5).to_text().encode()
    small = random_board(30, 30, 0.2, seed=3).to_text().encode()
    latencies: dict[str, list[float]] = {}
    heavy_seconds: list[float] = []
    statuses: list[int] = []
    with served("--max-body", str(64 << 20)) as server:
        for _ in range(args.rounds):
            # the heavy clients are another process, as a second user's browser would be:
            # their reading of 190 MB answers must not hold this process's interpreter
            with ProcessPoolExecutor(max_workers=args.heavy) as clients:
                futures = [clients.submit(analysis, server.url, big) for _ in range(args.heavy)]
                time.sleep(0.3)
                while not all(future.done() for future in futures):
                    for name, seconds in cheap_requests(server.url, small).items():
                        latencies.setdefault(name, []).append(seconds)
                for future in futures:
                    status, seconds = future.result()
                    statuses.append(status)
                    heavy_seconds.append(seconds)
    print(f"{args.heavy} analyses of {args.size}x{args.size} at once, {args.rounds} rounds")
    middle = statistics.median(heavy_seconds)
    print(f"heavy: statuses {sorted(set(statuses))}, median {middle:.2f} s")
    for name, values in latencies.items():
        median_ms, max_ms = statistics.median(values) * 1000, max(values) * 1000
        print(f"{name:>12}: {len(values)} requests, median {median_ms:.1f} ms, max {max_ms:.1f} ms")


def small_board(server: Served, patience: float = 10) -> float:
    """Seconds to answer a 3x3 board posted as the page posts it; infinity when it is
    not answered 200 within ``patience`` seconds."""
    start = time.perf_counter()
    try:
        status, _ = post(f"{server.url}/api/placements", BOARD, headers=PAGE, timeout=patience)
    except OSError:
        return float("inf")
    return time.perf_counter() - start if status == 200 else float("inf")


def log_size(server: Served, since: int) -> tuple[int, int]:
    lines = server.log[since:]
    return sum(len(line) for line in lines), len(lines)


def half_open(connections: int, open_files: int) -> None:
    with served(open_files=open_files) as server:
        parts = urlsplit(server.url)
        logged = len(server.log)
        clients = []
        try:
            for _ in range(connections):
                client = socket.create_connection((parts.hostname, parts.port), timeout=30)
                client.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                clients.append(client)
            time.sleep(1)
            seconds = [small_board(server) for _ in range(10)]
            time.sleep(1)
        finally:
            for client in clients:
                client.close()
        size, lines = log_size(server, logged)
    print(
        f"{connections} half-open connections under ulimit -n {open_files}: a 3x3 board "
        f"from the page in {statistics.median(seconds) * 1000:.0f} ms median, "
        f"{max(seconds) * 1000:.0f} ms at most (10 posts); log {size} bytes in {lines} lines"
    )


def uploads(count: int = 40, size: int = 15 << 20, declared: int = 16 << 20) -> None:
    with served() as server:
        time.sleep(0.5)
        before = server.rss()
        clients = silent_uploads(server.url, count, size, declared)
        time.sleep(1)
        peak = server.peak_rss() - before
        time.sleep(12)  # past the read timeout: the silent ones are dropped
        after = server.rss() - before
        for client in clients:
            client.close()
    print(
        f"{count} silent uploads of {size >> 20} MB (declaring {declared >> 20} MB): "
        f"{peak / 2**20:.0f} MB added at the peak, {after / 2**20:.0f} MB once dropped"
    )


def claiming(body: bytes, count: int = 4) -> None:
    with served() as server:
        before = server.rss()
        answers: list[tuple[int, int, float]] = []

        def big() -> None:
            start = time.perf_counter()
            status, answer = post(f"{server.url}/api/placements?edges=1", body, timeout=600)
            answers.append((status, len(answer), time.perf_counter() - start))

        senders = [threading.Thread(target=big) for _ in range(count)]
        for sender in senders:
            sender.start()
        seconds = []
        while any(sender.is_alive() for sender in senders):
            seconds.append(small_board(server))
            time.sleep(0.1)
        for sender in senders:
            sender.join()
        peak = server.peak_rss()
        alive = server.process.poll() is None
    shown = ", ".join(f"{s} ({n / 2**20:.0f} MiB in {t:.1f} s)" for s, n, t in sorted(answers))
    print(
        f"{count} x {body!r} with edges=1: {shown}; server peak {peak / 2**30:.2f} GiB "
        f"(from {before / 2**20:.0f} MiB), {'up' if alive else 'DOWN'}; a 3x3 board meanwhile "
        f"{max(seconds, default=0) * 1000:.0f} ms at most ({len(seconds)} posts)"
    )


K8_MINUS_AN_EDGE = (
    "8 27\n"
    + "".join(f"{u} {v}\n" for u in range(1, 9) for v in range(u + 1, 9) if (u, v) != (1, 2))
).encode()


def costly(clients: int = 16, seconds: float = 37, probes: int = 20) -> None:
    """Cheap to send, costly to answer: the edge game's search from ``clients`` clients."""
    with served() as server:
        stop = threading.Event()
        statuses: dict[int, int] = {}

        def client() -> None:
            while not stop.is_set():
                try:
                    status, _ = post(
                        f"{server.url}/api/placements?edges=1&game=edge",
                        K8_MINUS_AN_EDGE,
                        timeout=120,
                    )
                except OSError:
                    status = 0
                statuses[status] = statuses.get(status, 0) + 1

        senders = [threading.Thread(target=client) for _ in range(clients)]
        for sender in senders:
            sender.start()
        try:
            times = []
            for _ in range(probes):
                time.sleep(seconds / probes)
                times.append(small_board(server))
        finally:
            stop.set()
            for sender in senders:
                sender.join()
    answered = [t for t in times if t != float("inf")]
    median = statistics.median(answered) * 1000 if answered else float("inf")
    largest = max(answered, default=float("inf")) * 1000
    shown = ", ".join(f"{count} x {status}" for status, count in sorted(statuses.items()))
    print(
        f"{clients} clients posting the edge game on K8 minus an edge: a 3x3 board from the "
        f"page answered {len(answered)} of {probes} times over {seconds:g} s, median "
        f"{median:.0f} ms, at most {largest:.0f} ms; the clients' requests: {shown}"
    )


def _cycle(n_vertices: int, chord: int) -> bytes:
    edges = [(v, v % n_vertices + 1) for v in range(1, n_vertices + 1)]
    edges += [(v, (v + chord - 1) % n_vertices + 1) for v in range(1, n_vertices + 1, 3)]
    return (
        f"{n_vertices} {len(edges)}\n".encode() + "".join(f"{u} {v}\n" for u, v in edges).encode()
    )


def _graphml(n_vertices: int) -> bytes:
    nodes = "".join(f'<node id="v{v}"/>' for v in range(n_vertices))
    edges = "".join(
        f'<edge source="v{v}" target="v{(v * 7 + 1) % n_vertices}"/>' for v in range(n_vertices)
    )
    return (
        '<?xml version="1.0"?><graphml xmlns="http://graphml.graphdrawing.org/xmlns">'
        f'<graph edgedefault="undirected">{nodes}{edges}</graph></graphml>'
    ).encode()


MIX = {
    "small": ("/api/placements", lambda: BOARD, 100),
    "light": (
        "/api/placements",
        lambda: random_board(100, 100, 0.2, seed=1).to_text().encode(),
        30,
    ),
    "heavy": ("/api/placements", lambda: random_board(600, 600, 0.2, seed=1).to_text().encode(), 3),
    "picture": ("/api/render?edges=1", lambda: _cycle(10, 3), 30),
    "layout": ("/api/render?edges=1", lambda: _cycle(500, 7), 2),
    "graphml": ("/api/placements?edges=1&format=graphml", lambda: _graphml(20_000), 3),
}


def mix(kind: str, url: str) -> None:
    path, make, times = MIX[kind]
    body = make()
    for _ in range(times):
        status, _ = post(f"{url}{path}", body, timeout=600)
        if status != 200:
            raise RuntimeError(f"{kind}: answered {status}")


def hostile(args: argparse.Namespace) -> None:
    if args.only in (None, "half-open"):
        half_open(args.connections, args.open_files)
    if args.only in (None, "uploads"):
        uploads()
    if args.only in (None, "claiming"):
        claiming(b"50000000 0\n")
        claiming(b"%d 0\n" % (16 << 20))  # the most vertices the default --max-body takes
    if args.only in (None, "costly"):
        costly(args.clients, args.seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=4000)
    parser.add_argument("--heavy", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--hostile", action="store_true", help="the hostile clients' measurements")
    parser.add_argument("--connections", type=int, default=1050)
    parser.add_argument("--open-files", type=int, default=1024)
    parser.add_argument("--only", choices=["half-open", "uploads", "claiming", "costly"])
    parser.add_argument("--clients", type=int, default=16, help="costly: clients at once")
    parser.add_argument("--seconds", type=float, default=37, help="costly: probing time")
    parser.add_argument("--mix", choices=sorted(MIX), help="one client's requests of a kind")
    parser.add_argument("--url", default="http://127.0.0.1:8000", help="the server of --mix")
    args = parser.parse_args()
    if args.mix:
        mix(args.mix, args.url)
    elif args.hostile:
        hostile(args)
    else:
        load(args)


if __name__ == "__main__":
    main()
