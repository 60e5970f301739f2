"""``matchgame serve``: the web app on a local port (needs the ``web`` extra)."""

from __future__ import annotations

import argparse
import socket
import sys

from .games import chosen_game
from .output import UsageError, input_kind, read_path

__all__ = ["serve"]


def serve(args: argparse.Namespace) -> int:
    try:
        from ..web import create_app
        from ..web.connections import serve_forever
        from ..web.guard import is_loopback, local_names, new_token
        from ..web.work import Lanes
    except ImportError:
        raise UsageError(
            "serve needs the web extra: pip install starlette uvicorn "
            "(in a clone of matchgame: pip install -e '.[web]')"
        ) from None
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port {args.port}: expected 0..65535")
    if args.max_body < 1:
        raise UsageError(f"--max-body {args.max_body}: expected a positive number of bytes")
    for flag, value, low in (("--max-analyses", args.max_analyses, 1), ("--queue", args.queue, 0)):
        if value is not None and value < low:
            raise UsageError(f"{flag} {value}: expected a number from {low}")
    for flag, seconds in (("--time-limit", args.time_limit), ("--read-timeout", args.read_timeout)):
        if not 0 < seconds <= 86400:
            raise UsageError(f"{flag} {seconds:g}: expected 0 to 86400 seconds")
    if args.max_connections is not None and args.max_connections < 1:
        raise UsageError(f"--max-connections {args.max_connections}: expected a number from 1")
    remote = not is_loopback(args.host)
    if remote and not args.allow_remote:
        raise UsageError(
            f"--host {args.host} lets other machines reach the server; add --allow-remote to "
            "mean it (every request then needs the token printed at launch; see SECURITY.md)"
        )
    start = {**_start(args), "game": chosen_game(args)[0].name}  # the page opens on it
    listening = _listen(args.host, args.port)  # before saying where: a busy port is an error
    port = listening.getsockname()[1]
    token = new_token() if remote else None
    hosts = [args.host, *args.allow_host]
    if remote:
        hosts += sorted(local_names(args.host))
    shown = args.host if not remote or args.host not in ("0.0.0.0", "::") else _shown_host(hosts)
    url = f"http://{_url_host(shown)}:{port}/" + (f"?token={token}" if token else "")
    print(f"matchgame serving on {url} (Ctrl-C stops)", file=sys.stderr, flush=True)
    if args.open:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, [url]).start()  # once the server listens
    lanes = Lanes.for_machine(args.max_analyses, args.queue, args.time_limit)
    app = create_app(max_body=args.max_body, start=start, hosts=hosts, token=token, lanes=lanes)
    serve_forever(
        app, listening, max_connections=args.max_connections, read_timeout=args.read_timeout
    )
    return 0


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (0: any free port) and listening; a busy port
    or an address this machine does not have is a usage error."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        listening = socket.socket(family, socket.SOCK_STREAM)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
        listening.listen(128)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return listening


def _shown_host(hosts: list[str]) -> str:
    """An address other machines can use, for the printed link of a wildcard bind."""
    for name in hosts:
        numeric = bool(name) and name[0].isdigit()
        if numeric and name != "0.0.0.0" and not name.startswith("127."):
            return name
    return "localhost"


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def _start(args: argparse.Namespace) -> dict[str, str]:
    """What the page opens with: the example, or FILE recognised as a board, an edge
    list (``--edges``), a graph in a standard format (``format`` names it), a NOI2011
    record or a token-game record; checked now, so a bad file is an error here rather
    than in the browser."""
    from ...examples import example as bundled
    from ...inputs import parse_input, sniff_input
    from ...readers.edgelists import format_edge_list
    from ...readers.inputs import GRAPH_KINDS

    if args.example is not None or args.file is None:
        example = bundled(args.example or "heart")
        start = {"text": example.text, "kind": example.kind, "moves": args.moves}
        if example.kind in GRAPH_KINDS:  # a graph file: the page reads it in its format
            start.update({"kind": "edges", "format": example.kind})
        return {**start, "name": example.name}
    if args.edges and args.moves != "orthogonal":
        raise UsageError("--moves goes with a board, not an edge list")
    data = read_path(args.file, limit=args.max_body, too_long="larger than --max-body")
    kind = input_kind(args, "edges" if args.edges else "board")
    if kind in GRAPH_KINDS:
        graph = parse_input(data, kind, game=chosen_game(args)[0]).graph
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:  # (GraphML in UTF-16, say): the page gets an edge list
            return {
                "text": format_edge_list(graph),
                "kind": "edges",
                "moves": args.moves,
                "name": args.file,
            }
        # the page sends the file as it is, with its format: the graph keeps its names
        return {
            "text": text,
            "kind": "edges",
            "format": kind,
            "moves": args.moves,
            "name": args.file,
        }
    game = chosen_game(args)[0]
    found = sniff_input(data, edges=args.edges, moves=args.moves, name=args.file, game=game)
    text = data.decode("ascii", "replace")  # the readers accepted it: ASCII in practice
    return {"text": text, "kind": found.kind, "moves": args.moves, "name": args.file}
