"""What the page offers, from the tables the command line's options come from: the
kinds of input and the graph formats (:data:`matchgame.readers.inputs.KINDS`,
:data:`matchgame.readers.graphs.FORMATS`), the layouts and sizes of pictures
(:data:`matchgame.draw.layouts.LAYOUTS`, ``render --layout``, ``--size``), the file
extensions that name a graph format, and the API's endpoints (``GET /api/menus``);
and a picture's style read from a request's query (``layout=``, ``size=``).
"""

from __future__ import annotations

from typing import Any

from starlette.datastructures import QueryParams
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...draw.layouts import LAYOUT, LAYOUTS, MAX_SIZE, MIN_SIZE, SIZE
from ...errors import MatchgameError
from ...inputs import input_kind
from ...readers.graphs import EXTENSIONS, FORMATS
from ...readers.inputs import GRAPH_KINDS, KINDS

__all__ = ["GRAPHS_LABEL", "INPUTS", "input_of", "menus", "picture_style"]

GRAPHS_LABEL = "graph (" + ", ".join(FORMATS[name].title for name in FORMATS) + ")"
"""The Input menu's graph entry: every format matchgame reads, by its title."""

INPUTS = (
    ("board", "board"),
    ("edges", GRAPHS_LABEL),
    ("noi", KINDS["noi"].description.removeprefix("a ")),
    ("walk-board", KINDS["walk-board"].description.removeprefix("a ")),
    ("walk-edges", KINDS["walk-edges"].description.removeprefix("a ")),
)
"""The Input menu: a kind of input (``readers.inputs.KINDS``) and its words."""


async def menus(request: Request) -> Response:
    """The page's menus (``GET /api/menus``): ``inputs`` (``value``, ``label``), the
    ``graph_formats`` (``name``, ``title``, ``extensions``), the ``extensions`` that
    name one, the ``layouts`` of graph pictures, ``min_size`` and ``max_size`` in
    pixels, and the API's ``endpoints`` (``method``, ``path``)."""
    endpoints: list[dict[str, Any]] = []
    for mount in request.app.routes:
        if getattr(mount, "path", None) != "/api":
            continue
        for route in mount.routes:
            method = next(iter(sorted(route.methods - {"HEAD"})), "GET")
            endpoints.append({"method": method, "path": "/api" + route.path})
    return JSONResponse(
        {
            "inputs": [{"value": value, "label": label} for value, label in INPUTS],
            "graph_formats": [
                {"name": name, "title": each.title, "extensions": list(each.extensions)}
                for name, each in FORMATS.items()
            ],
            "extensions": sorted(EXTENSIONS),
            "layouts": list(LAYOUTS),
            "min_size": MIN_SIZE,
            "max_size": MAX_SIZE,
            "endpoints": endpoints,
        }
    )


def picture_style(query: QueryParams) -> dict[str, Any]:
    """A picture's ``layout`` and ``size`` from the query (``layout=``, ``size=``, as
    ``render --layout`` and ``--size``), checked; the defaults when absent.

    Raises
    ------
    MatchgameError
        For a layout that is none of :data:`~matchgame.draw.layouts.LAYOUTS` or a size
        that is not a number of pixels from 100 to 10,000, naming the query.
    """
    layout = query.get("layout") or "auto"
    size_text = query.get("size") or ""
    if layout not in LAYOUTS:
        raise MatchgameError(f"query layout={layout[:40]}: expected one of {', '.join(LAYOUTS)}")
    size: int | None = None
    if size_text:
        if not (size_text.isascii() and size_text.isdigit()) or len(size_text) > 6:
            raise MatchgameError(
                f"query size={size_text[:40]}: expected a number of pixels from "
                f"{MIN_SIZE} to {MAX_SIZE:,}"
            )
        size = SIZE.check(int(size_text), "query size")
    return {"layout": LAYOUT.check(layout, "query layout"), "size": size}


def input_of(query: QueryParams, body: bytes) -> Response:
    """What a text is, as every face recognises it (``POST /api/input``, ``name=`` the
    file it came from): ``{"graph": true, "format": "snap"}`` for a graph file the
    name or the text tells (an edge list as NetworkX writes it, a Matrix Market
    banner ...), else ``{"graph": false, "format": null}``; the page sets its Input
    menu so (:func:`matchgame.inputs.input_kind`)."""
    name = query.get("name")
    kind = input_kind(False, name=None if name is None else name[-200:], head=body)
    found = kind if kind in GRAPH_KINDS else None
    return JSONResponse({"graph": found is not None, "format": found})
