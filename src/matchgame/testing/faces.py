"""The checks of a game's other faces: the command line as a user types it (run in this
process: a process would add only its start-up) and the web app as a browser calls it
(a real server on a loopback port), each answer compared with the Python API's.
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .checks import plain_json, random_walk
from .inputs import Draw, graph_case

__all__ = ["FACE_CHECKS", "Run", "live_server", "run_command"]


@dataclass(frozen=True)
class Run:
    """What a command did: its exit status, standard output and standard error."""

    code: int
    out: str
    err: str

    def user_error(self, *words: str) -> None:
        """Assert a user's mistake: exit 2, nothing on stdout, one ``error:`` line on
        stderr holding ``words``, no traceback."""
        lines = self.err.splitlines()
        assert self.code == 2 and self.out == "", self
        assert len(lines) == 1 and lines[0].startswith("error: "), self.err
        assert all(word in lines[0] for word in words), (words, lines[0])


def run_command(*argv: str, stdin: bytes = b"") -> Run:
    """``matchgame ARGV...`` in this process, with ``stdin`` as its standard input.

    >>> run_command("placements", "--example", "jsoi").out
    'WIN\\n2 3\\n3 2\\n'
    """
    from ..apps.cli import main

    out, err = io.BytesIO(), io.StringIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8")
    given = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    saved = sys.stdin
    sys.stdin = given
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(err):
            code = main(list(argv))
        stdout.flush()
    finally:
        sys.stdin = saved
    return Run(code, out.getvalue().decode(), err.getvalue())


@contextlib.contextmanager
def _folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory(prefix="matchgame-check-") as folder:
        yield Path(folder)


def _write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text)
    return str(path)


def check_command_line(game: Any, draw: Draw) -> None:
    """placements in every format, its certificate verified (and a tampered one refused),
    annotate, explain, render, a bad input and another game's option refused in one line,
    each as the Python API answers."""
    case = graph_case(game, draw)
    analysis = game.analyse(case.source)
    g = ("--game", game.name, "--edges")
    with _folder() as folder:
        graph = _write(folder, "g.txt", case.text)
        jsoi = run_command("placements", *g, graph)
        winners = [analysis.names.text(v) for v in analysis.winning_ids.tolist()]
        assert jsoi.code == 0, jsoi
        assert jsoi.out.splitlines() == (["WIN", *winners] if winners else ["LOSE"]), jsoi
        loj = run_command("placements", *g, "--format", "loj", graph)
        assert loj.out.splitlines() == [str(len(winners)), *winners], loj
        answer = run_command("placements", *g, "--format", "json", graph)
        assert json.loads(answer.out) == plain_json(analysis.answer()), answer
        _check_certificate_faces(game, g, folder, graph, analysis)
        path_graph = _write(folder, "p.txt", "3 2\n1 2\n2 3\n")  # acyclic: proved by all
        _check_certificate_faces(
            game, g, folder, path_graph, game.analyse(game.read_edge_list("3 2\n1 2\n2 3\n"))
        )
        walk = random_walk(game, case, draw)
        import matchgame

        record = matchgame.TokenRecord.from_moves(case.source, walk, game=game)
        path = _write(folder, "r.txt", record.to_text())
        judged = run_command("annotate", *g, "--format", "json", path)
        assert judged.code == 0, judged
        assert len(json.loads(judged.out)["moves"]) == len(walk), judged
        why = run_command("explain", *g, "--format", "json", graph, analysis.names.text(0))
        assert json.loads(why.out) == analysis.explain(analysis.names.name(0)).document(), why
        picture = folder / "g.svg"
        drawn = run_command("render", *g, graph, "-o", str(picture))
        assert drawn.code == 0 and picture.read_text().startswith("<?xml"), drawn
        bad = _write(folder, "bad.txt", f"{case.n} 1\n1 {case.n + 1}\n")
        run_command("placements", *g, bad).user_error("line 2")
        for other in matchgame.games.all_games():
            for option in other.options:
                if option.name not in {o.name for o in game.options}:
                    words = option.command_words(option.sample)
                    refused = run_command("placements", *g, *words, graph)
                    refused.user_error(option.flag, f"--game {game.name}")


def _check_certificate_faces(
    game: Any, g: tuple[str, ...], folder: Path, graph: str, analysis: Any
) -> None:
    """placements --certificate, then verify: ok; tampered with: invalid (exit 1)."""
    import matchgame

    certified = run_command("placements", *g, "--format", "json", "--certificate", graph)
    try:
        analysis.certificate()
    except matchgame.InvalidInputError:
        certified.user_error()  # no short proof here: said in one line
        return
    assert certified.code == 0, certified
    answer = _write(folder, "c.json", certified.out)
    verified = run_command("verify", *g, graph, answer)
    assert (verified.code, verified.out) == (0, "ok\n"), verified
    document = json.loads(certified.out)
    document["placer_wins"] = not document["placer_wins"]
    tampered = _write(folder, "t.json", json.dumps(document))
    refused = run_command("verify", *g, graph, tampered)
    assert refused.code == 1 and refused.out.startswith("invalid: "), refused


def check_piped_play(game: Any, draw: Draw) -> None:
    """``play`` through a pipe, the engine first: its moves are the API's best moves,
    and the game ends as the API says."""
    case = graph_case(game, draw)
    position = game.position(case.source)
    engine_lines: list[str] = []
    typed: list[str] = []
    engine = True
    while not position.is_game_over():
        placing = position.token_id is None
        move = position.best_move() if engine else position.legal_moves()[0]
        text = position.move_text(move, placing)
        (engine_lines if engine else typed).append(text)
        position.push(move)
        engine = not engine
    winner = "you" if engine else "engine"  # the player to move has lost
    with _folder() as folder:
        graph = _write(folder, "g.txt", case.text)
        run = run_command(
            "play",
            "--game",
            game.name,
            "--edges",
            "--you",
            "second",
            "--strict",
            graph,
            stdin="".join(line + "\n" for line in typed).encode(),
        )
    assert run.code == 0, run
    lines = run.out.splitlines()
    assert [line.removeprefix("engine: ") for line in lines[:-1]] == engine_lines, run
    assert lines[-1] == f"winner: {winner}", run


def check_sweep(game: Any, draw: Draw) -> None:
    """``sweep`` over graph6 lines: --count counts them, --filter placer_wins keeps the
    graphs where the API finds a winning placement."""
    cases = []
    for _ in range(4):
        case = graph_case(game, draw, max_vertices=6)
        simple = sorted({(min(u, v), max(u, v)) for u, v in case.edges if u != v})
        text = f"{case.n} {len(simple)}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in simple)
        cases.append((case.n, simple, text))
    lines = "".join(_graph6(n, edges) + "\n" for n, edges, _ in cases).encode()
    counted = run_command("sweep", "--game", game.name, "--count", stdin=lines)
    assert counted.code == 0 and json.loads(counted.out)["graphs"] == len(cases), counted
    kept = run_command("sweep", "--game", game.name, "--filter", "placer_wins", stdin=lines)
    import matchgame

    expected = [
        _graph6(n, edges)
        for n, edges, text in cases
        if game.analyse(matchgame.Graph.from_edges(n, edges)).placer_wins
    ]
    assert kept.code == 0 and kept.out.splitlines() == expected, (kept, expected)


def _graph6(n: int, edges: list[tuple[int, int]]) -> str:
    """graph6 of a simple graph of at most 62 vertices (nauty's format, written here)."""
    present = set(edges)
    bits = [(i, j) in present for j in range(n) for i in range(j)]
    bits += [False] * (-len(bits) % 6)
    groups = [bits[k : k + 6] for k in range(0, len(bits), 6)]
    data = [sum(bit << (5 - p) for p, bit in enumerate(group)) for group in groups]
    return "".join(chr(63 + x) for x in [n, *data])


def check_budget_refusal(game: Any, draw: Draw) -> None:
    """A game with a search budget refuses past it in one line naming the option (on a
    graph small enough to search, with the budget set to one position)."""
    budgets = [o for o in game.options if o.metavar == "N"]
    if not budgets:
        return
    option = budgets[0]
    with _folder() as folder:
        for n in (3, 5, 7, 9):  # a complete graph; where directed, a regular tournament
            if game.directed:
                arcs = [(u, (u + k) % n) for u in range(n) for k in range(1, n // 2 + 1)]
            else:
                arcs = [(u, v) for u in range(n) for v in range(u + 1, n)]
            text = f"{n} {len(arcs)}\n" + "".join(f"{u + 1} {v + 1}\n" for u, v in arcs)
            graph = _write(folder, "k.txt", text)
            run = run_command("placements", "--game", game.name, "--edges", option.flag, "1", graph)
            if run.code == 2:
                run.user_error(option.flag)
                return
    raise AssertionError(
        f"{option.flag} 1 refused no complete graph (tournament) of 3 to 9 vertices"
    )


def check_web_endpoints(game: Any, draw: Draw) -> None:
    """The web app answers every endpoint for the game as the API does, and lists it in
    its switch (a real server, as a browser calls it)."""
    try:
        import starlette  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError:
        return
    from ..apps.web import create_app

    case = graph_case(game, draw)
    analysis = game.analyse(case.source)
    body = case.text.encode()
    query = f"edges=1&game={game.name}"
    with live_server(create_app()) as url:
        status, listed = _request(f"{url}/api/games")
        assert status == 200 and game.name in [g["name"] for g in json.loads(listed)["games"]]
        status, answer = _request(f"{url}/api/placements?{query}", body)
        assert status == 200 and json.loads(answer) == plain_json(analysis.answer()), answer
        assert _request(f"{url}/api/render?{query}", body)[0] == 200
        status, why = _request(f"{url}/api/explain?{query}&at=1", body)
        assert status == 200, why
        walk = random_walk(game, case, draw)
        position = game.position(case.source)
        played = []
        for name in walk:
            placing = position.token_id is None
            played.append(_json_of(position, name, placing))
            position.push(name)
        sent = json.dumps({"input": case.text, "played": played}).encode()
        status, shown = _request(f"{url}/api/position?{query}&picture=1", sent)
        assert status == 200, shown
        assert json.loads(shown)["mover_wins"] == position.mover_wins(), shown
        import matchgame

        record = matchgame.TokenRecord.from_moves(case.source, walk, game=game).to_text()
        status, judged = _request(f"{url}/api/annotate?{query}", record.encode())
        assert status == 200 and len(json.loads(judged)["moves"]) == len(walk), judged


def _json_of(position: Any, name: Any, placing: bool) -> Any:
    """A move's JSON value, as the web page sends it."""
    if placing or position.steps.by_vertex:
        return position.names.json_value(position.names.vertex(name))
    return position.steps.json_value(position.steps.find(name))


@contextlib.contextmanager
def live_server(app: Any) -> Iterator[str]:
    """``app`` served by uvicorn in a thread on a free loopback port."""
    import socket
    import threading
    import time

    import uvicorn

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the check's web server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def _request(url: str, body: bytes | None = None) -> tuple[int, bytes]:
    """GET (or POST ``body``) as a script would; the status and the answer's body."""
    import urllib.error
    import urllib.request

    request = urllib.request.Request(
        url,
        data=body,
        method="GET" if body is None else "POST",
        headers={"X-Matchgame-Client": "check_game"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


FACE_CHECKS = (
    check_command_line,
    check_piped_play,
    check_sweep,
    check_budget_refusal,
    check_web_endpoints,
)
"""The checks of the command line and the web app, in the order they run."""
