"""Readable pictures of real graphs (issue 35, 6): a layout to choose (NetworkX's
spring, Kamada-Kawai, bipartite and circular layouts, or the file's own coordinates),
a size, and labels that never overlap and are hidden, saying so, where the vertices
crowd; from the API and the command line (render, explain)."""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from cli_helpers import assert_user_error, run_cli

import matchgame
from matchgame import InvalidInputError, InvalidParameterError
from matchgame.apps.cli import options as cli_options
from matchgame.draw import analysis_scene, explain_scene, to_svg, walk_scene
from matchgame.draw import layouts as draw_layouts

nx = pytest.importorskip("networkx")
pytest.importorskip("scipy")

SVG = "{http://www.w3.org/2000/svg}"


def _vertices(svg: bytes) -> dict[str, tuple[float, float]]:
    """Each drawn vertex's name and centre, from the hooks over the discs."""
    found = {}
    for rect in ET.fromstring(svg).iter(f"{SVG}rect"):
        name = rect.get("data-vertex")
        if name is not None:
            x, y = float(rect.get("x")), float(rect.get("y"))
            w, h = float(rect.get("width")), float(rect.get("height"))
            found[name] = (x + w / 2, y + h / 2)
    return found


def _texts(svg: bytes) -> list[str]:
    return [t.text for t in ET.fromstring(svg).iter(f"{SVG}text")]


def _with_coordinates(graph):
    """A copy of ``graph`` whose nodes carry x and y (as Gephi writes them)."""
    placed = graph.copy()
    for i, node in enumerate(placed):
        placed.nodes[node].update(x=float(i % 4) * 10, y=float(i // 4) * 5)
    return placed


DAVIS = nx.davis_southern_women_graph()
LES_MISERABLES = nx.les_miserables_graph()


@pytest.mark.parametrize("layout", draw_layouts.LAYOUTS)
def test_every_layout_draws_every_vertex(layout):
    graph = _with_coordinates(DAVIS)
    analysis = matchgame.analyse(graph)
    svg = to_svg(analysis_scene(analysis, layout=layout))
    centres = _vertices(svg)
    assert sorted(centres) == sorted(str(node) for node in graph)
    points = np.array(list(centres.values()))
    assert len({tuple(p) for p in points.round(3).tolist()}) == graph.number_of_nodes()


def test_each_layout_puts_the_vertices_where_it_says():
    analysis = matchgame.analyse(_with_coordinates(DAVIS))
    xy = {
        layout: np.array(list(_vertices(to_svg(analysis_scene(analysis, layout=layout))).values()))
        for layout in ("circular", "bipartite", "file", "auto")
    }
    centre = xy["circular"].mean(axis=0)
    distances = np.hypot(*(xy["circular"] - centre).T)
    assert distances.max() - distances.min() < 0.05 * distances.max()  # on a circle
    columns = sorted(set(xy["bipartite"][:, 0].round(3).tolist()))
    assert len(columns) == 2  # the two sides, in two columns
    women = [i for i, node in enumerate(DAVIS) if DAVIS.nodes[node]["bipartite"] == 0]
    assert len(set(xy["bipartite"][women, 0].round(3).tolist())) == 1  # by their attribute
    given = np.array([[d["x"], d["y"]] for _, d in _with_coordinates(DAVIS).nodes(data=True)])
    scale = (xy["file"][:, 0].max() - xy["file"][:, 0].min()) / np.ptp(given[:, 0])
    assert np.allclose(xy["file"] - xy["file"].min(axis=0), (given - given.min(axis=0)) * scale)
    assert np.allclose(xy["auto"], xy["file"])  # the nodes' own coordinates, when they have them


def test_a_graphml_files_coordinates_are_its_picture(tmp_path):
    source = tmp_path / "placed.graphml"
    graph = nx.path_graph(["a", "b", "c"])
    for node, (x, y) in zip(graph, [(0, 0), (100, 0), (100, 50)], strict=True):
        graph.nodes[node].update(x=x, y=y)
    nx.write_graphml(graph, source)
    svg = to_svg(analysis_scene(matchgame.analyse(matchgame.read_graph(source))))
    centres = _vertices(svg)
    assert centres["a"][1] == centres["b"][1] and centres["b"][0] == centres["c"][0]
    across, down = centres["b"][0] - centres["a"][0], centres["c"][1] - centres["b"][1]
    assert across == pytest.approx(2 * down)  # the file's proportions


def test_layouts_a_graph_cannot_have_are_refused():
    triangle = matchgame.analyse(nx.cycle_graph(3))
    with pytest.raises(InvalidInputError, match="odd cycle") as caught:
        analysis_scene(triangle, layout="bipartite")
    assert "\n" not in str(caught.value)
    with pytest.raises(InvalidInputError, match="have none"):
        analysis_scene(triangle, layout="file")
    with pytest.raises(InvalidInputError, match="grid of cells"):
        analysis_scene(matchgame.analyse(["..."]), layout="spring")
    big = matchgame.analyse(nx.path_graph(draw_layouts.KAMADA_KAWAI_MAX + 1))
    with pytest.raises(InvalidInputError, match="at most 500"):
        analysis_scene(big, layout="kamada-kawai")
    with pytest.raises(InvalidParameterError, match="layout must be one of"):
        analysis_scene(triangle, layout="fruchterman")
    for size in (99, 10_001, 300.0):
        with pytest.raises(InvalidParameterError, match="size"):
            analysis_scene(triangle, size=size)


def test_without_networkx_a_layout_names_the_extra_and_auto_draws_a_circle(monkeypatch):
    analysis = matchgame.analyse(matchgame.Graph.from_edges(5, [(0, 1)]))
    monkeypatch.setitem(sys.modules, "networkx", None)  # as if not installed
    with pytest.raises(InvalidInputError, match=r"needs NetworkX: pip install networkx"):
        analysis_scene(analysis, layout="circular")
    assert len(_vertices(to_svg(analysis_scene(analysis)))) == 5


def test_labels_never_overlap_and_crowded_vertices_hide_them():
    scene = analysis_scene(matchgame.analyse(LES_MISERABLES), layout="kamada-kawai")
    boxes = []
    for x, y, text, size, anchor in scene.labels:
        width = 0.62 * size * len(text)
        left = {"start": x, "end": x - width}.get(anchor, x - width / 2)
        boxes.append((left, y - size, left + width, y))
    assert len(boxes) > LES_MISERABLES.number_of_nodes() // 2  # most are named
    for i, (a0, b0, a1, b1) in enumerate(boxes):
        for c0, d0, c1, d1 in boxes[i + 1 :]:
            assert not (a0 < c1 - 0.5 and c0 < a1 - 0.5 and b0 < d1 - 0.5 and d0 < b1 - 0.5)
    left_out = LES_MISERABLES.number_of_nodes() - len(boxes)
    notes = [text for *_, text, _, _ in scene.texts if "labels left out" in text]
    said = f"{left_out} of 77 labels left out where they would overlap"
    assert notes == ([said] if left_out else [])
    # a dense graph: no label at all, and the legend says why
    dense = matchgame.analyse(nx.gnm_random_graph(1200, 2400, seed=1))
    svg = to_svg(analysis_scene(dense))
    assert "labels hidden: the vertices are closer than a label is tall" in _texts(svg)
    names = {str(v + 1) for v in range(1200)} | {str(v) for v in range(1200)}
    assert not names & set(_texts(svg))
    # and a small one is labelled in its discs
    small = to_svg(analysis_scene(matchgame.analyse(nx.path_graph(4))))
    assert {"0", "1", "2", "3"} <= set(_texts(small))


@pytest.mark.parametrize("size", [400, 900, 1500])
def test_the_size_asked_for_is_the_pictures(size):
    svg = to_svg(analysis_scene(matchgame.analyse(LES_MISERABLES), size=size))
    root = ET.fromstring(svg)
    assert int(root.get("width")) == size  # not enlarged on screen
    assert root.get("viewBox").split()[2] == str(size)
    assert all(x <= size for x, _ in _vertices(svg).values())
    board = to_svg(analysis_scene(matchgame.analyse(["." * 30] * 20), size=size))
    width = int(ET.fromstring(board).get("width"))
    assert size - 30 < width <= size  # the cells fit, in whole pixels
    # a bigger picture spreads the same vertices further apart
    centres = np.array(list(_vertices(svg).values()))
    assert np.ptp(centres[:, 0]) > 0.7 * size


def test_explanations_and_records_take_the_layout_and_size():
    analysis = matchgame.analyse(DAVIS)
    why = analysis.explain("E1")
    svg = to_svg(explain_scene(why, layout="bipartite", size=700))
    assert int(ET.fromstring(svg).get("width")) == 700
    assert len(set(round(x, 3) for x, _ in _vertices(svg).values())) == 2
    record = matchgame.parse_token_record("3 2\n1 2\n2 3\n2\n1\n2\n", edges=True)
    judged = matchgame.annotate(record)
    svg = to_svg(walk_scene(judged, layout="circular", size=300))
    assert len(_vertices(svg)) == 3 and int(ET.fromstring(svg).get("width")) == 300


def test_the_command_lines_choices_are_the_pictures():
    assert cli_options.LAYOUTS == draw_layouts.LAYOUTS
    assert cli_options.MIN_SIZE == draw_layouts.MIN_SIZE
    assert cli_options.MAX_SIZE == draw_layouts.MAX_SIZE
    assert cli_options.KAMADA_KAWAI_MAX == draw_layouts.KAMADA_KAWAI_MAX


def test_render_and_explain_from_the_command_line(tmp_path):
    source = tmp_path / "davis.graphml"
    davis = DAVIS.copy()
    davis.graph.clear()  # its lists of the sides: no GraphML value
    nx.write_graphml(davis, source)
    out = tmp_path / "davis.svg"
    run = run_cli("render", str(source), "--layout", "bipartite", "--size", "800", "-o", str(out))
    assert run.code == 0, run
    svg = out.read_bytes()
    assert len(_vertices(svg)) == DAVIS.number_of_nodes()
    assert int(ET.fromstring(svg).get("width")) == 800
    run = run_cli(
        "explain", str(source), "E1", "--layout", "circular", "--size", "500", "-o", str(out)
    )
    assert run.code == 0 and "E1" in run.out, run
    assert int(ET.fromstring(out.read_bytes()).get("width")) == 500
    triangle = tmp_path / "triangle.txt"
    triangle.write_text("3 3\n1 2\n2 3\n3 1\n")
    assert_user_error(
        run_cli("render", "--edges", str(triangle), "--layout", "bipartite", "-o", str(out)),
        "odd cycle",
    )
    assert_user_error(
        run_cli("render", "--edges", str(triangle), "--layout", "file", "-o", str(out)),
        "layout 'file'",
    )
    assert_user_error(
        run_cli("render", "--example", "heart", "--layout", "spring", "-o", str(out)),
        "grid of cells",
    )
    assert_user_error(run_cli("render", "--example", "--size", "50", "-o", str(out)), "--size 50")
    assert_user_error(run_cli("render", "--example", "--size", "big", "-o", str(out)), "--size")
    assert_user_error(run_cli("render", "--example", "--layout", "x", "-o", str(out)), "--layout")
    assert_user_error(
        run_cli("explain", "--edges", str(triangle), "1", "--layout", "circular"), "-o"
    )
    assert_user_error(
        run_cli("render", "--example", "noi3", "--layout", "circular", "-o", str(out)),
        "NOI2011 record",
    )
    board = tmp_path / "board.svg"
    assert run_cli("render", "--example", "heart", "--size", "300", "-o", str(board)).code == 0
    assert int(ET.fromstring(board.read_bytes()).get("width")) <= 300
