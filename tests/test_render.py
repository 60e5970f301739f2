"""Pictures: SVG is well-formed and shows what it claims; PNG decodes; CLI errors are clean."""

import xml.etree.ElementTree as ET

import numpy as np
import pytest
from cli_helpers import assert_user_error, run_cli

from matchgame import Board, GameRecord, analyse, analyse_record
from matchgame.draw import COLOURS, placement_scene, record_scene, to_png, to_svg
from matchgame.generate import random_board

SVG = "{http://www.w3.org/2000/svg}"


def fills(svg: str) -> list[str]:
    return [e.get("fill") for e in ET.fromstring(svg).iter(f"{SVG}rect")]


def test_small_board_svg_colours_every_cell_by_outcome():
    analysis = analyse(Board.from_rows([".##", "...", "#.#"]))
    svg = to_svg(placement_scene(analysis, matching=True))
    colours = fills(svg)
    # 2 winning cells, 3 losing free cells, 4 blocked: one rectangle each, plus legend swatches
    assert colours.count(COLOURS["placer_wins"]) == 2 + 1
    assert colours.count(COLOURS["placer_loses"]) == 3 + 1
    assert colours.count(COLOURS["blocked"]) == 4 + 1
    root = ET.fromstring(svg)
    assert len(list(root.iter(f"{SVG}polyline"))) == analysis.matching_size
    labels = [t.text for t in root.iter(f"{SVG}text")]
    assert {"1", "2", "3", "placer wins"} <= set(labels)  # coordinates and legend


def test_large_board_merges_runs_and_drops_labels():
    analysis = analyse(random_board(300, 300, 0.1, seed=2))
    scene = placement_scene(analysis)
    free_cells = int(analysis.board.free.sum())
    # the most common class is painted once: at most the other cells get rectangles
    assert len(scene.rects) < 300 * 300 - free_cells / 2 + 10
    assert all(not text.isdigit() for _, _, text, _, _ in scene.texts)  # no coordinates


def test_record_scene_marks_mistakes():
    analysis = analyse_record(
        GameRecord.parse("4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n")
    )
    root = ET.fromstring(to_svg(record_scene(analysis)))
    rings = [c for c in root.iter(f"{SVG}circle") if c.get("stroke") == COLOURS["mistake"]]
    assert len(rings) == sum(note.mistake for note in analysis.annotations()) == 3
    assert len(list(root.iter(f"{SVG}polyline"))) == 1


def test_png_decodes():
    pil = pytest.importorskip("PIL.Image")
    import io

    analysis = analyse(Board.from_rows([".#", ".."]))
    image = pil.open(io.BytesIO(to_png(placement_scene(analysis))))
    assert image.format == "PNG" and image.size[0] >= 50
    pixels = np.asarray(image.convert("RGB"))
    green = tuple(int(COLOURS["placer_wins"][i : i + 2], 16) for i in (1, 3, 5))
    assert (pixels == green).all(axis=2).any()


def test_cli_render(tmp_path):
    svg = tmp_path / "b.svg"
    assert run_cli("render", "--example", "heart", "--matching", "-o", str(svg)).code == 0
    ET.fromstring(svg.read_bytes())
    png = tmp_path / "r.png"
    assert run_cli("render", "--game", "bunny", "--example", "-o", str(png)).code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert_user_error(run_cli("render", "--example", "-o", str(tmp_path / "x.gif")), ".svg or .png")
    assert_user_error(run_cli("render", "-o", str(svg), stdin="2 2\n..\n.\n"), "line 3")
    assert_user_error(
        run_cli("render", "--game", "bunny", "--matching", "--example", "-o", str(svg)),
        "--matching",
    )
    assert_user_error(
        run_cli("render", "--example", "-o", str(tmp_path / "missing" / "x.svg")), "cannot write"
    )


def test_graphs_and_hex_boards_are_drawn(tmp_path):
    import xml.etree.ElementTree as ET

    import matchgame as mg
    from matchgame import draw

    triangle_tail = mg.analyse(mg.Graph.from_edges(4, [(0, 1), (1, 2), (2, 0), (2, 3)]))
    scene = draw.analysis_scene(triangle_tail, matching=True)
    assert len(scene.circles) == 4
    fills = [circle[3] for circle in scene.circles]
    wins = triangle_tail.winning_mask.tolist()
    assert fills == [
        draw.COLOURS["placer_wins"] if w else draw.COLOURS["placer_loses"] for w in wins
    ]
    matched = [line for line in scene.overlays if line[1] == draw.COLOURS["matching"]]
    assert len(matched) == triangle_tail.matching_size
    ET.fromstring(draw.to_svg(scene))  # well-formed
    hexes = mg.analyse(mg.Board.from_rows(["..", ".."]), moves="hex")
    centres = [(x, y) for x, y, *_ in draw.analysis_scene(hexes).circles]
    # odd rows sit half a cell to the right
    assert centres[2][0] > centres[0][0] and centres[3][0] > centres[1][0]
    assert centres[2][0] - centres[0][0] == pytest.approx((centres[1][0] - centres[0][0]) / 2)
    big = mg.Graph.from_edges(draw.MAX_GRAPH_VERTICES + 1, [])
    with pytest.raises(mg.InvalidInputError, match="at most"):
        draw.analysis_scene(mg.analyse(big))


def test_render_edges_from_the_cli(tmp_path):
    out = tmp_path / "p.svg"
    run = run_cli("render", "--edges", "--example", "petersen", "-o", str(out), "--matching")
    assert run.code == 0, run
    assert out.read_bytes().count(b"<circle") >= 10


def test_a_big_edgeless_graph_is_drawn(tmp_path):
    """From 500 vertices the layout starts spectral; an edgeless graph's Laplacian has no
    eigenvector to start from (SciPy's ArpackError was a traceback)."""
    pytest.importorskip("networkx")
    pytest.importorskip("scipy")
    source = tmp_path / "edgeless.txt"
    source.write_text("600 0\n")
    out = tmp_path / "edgeless.svg"
    run = run_cli("render", "--edges", str(source), "-o", str(out))
    assert run.code == 0, run
    assert out.read_bytes().count(b"<circle") == 600


def test_big_boards_embed_their_cells_as_one_image():
    import base64
    import io

    from PIL import Image

    from matchgame.draw import RASTER_ABOVE_CELLS

    side = int(RASTER_ABOVE_CELLS**0.5) + 2
    svg = to_svg(placement_scene(analyse(random_board(side, side, 0.2, seed=3))))
    root = ET.fromstring(svg)
    images = [e for e in root.iter() if e.tag.endswith("image")]
    assert len(images) == 1 and svg.count("<rect") < 50
    href = next(v for k, v in images[0].attrib.items() if k.endswith("href"))
    assert href.startswith("data:image/png;base64,")
    picture = Image.open(io.BytesIO(base64.b64decode(href.split(",", 1)[1])))
    assert picture.size[0] >= side and picture.size[1] >= side
    small = to_svg(placement_scene(analyse(random_board(8, 8, 0.2, seed=3))))
    assert "<image" not in small and small.count("<rect") >= 40


def test_objects_show_themselves_in_notebooks():
    import matchgame as mg
    from matchgame.generate import serpentine_record

    board = mg.Board.from_rows([".##", "...", "#.#"])
    for obj in (
        board,
        mg.analyse(board),
        mg.analyse(mg.Graph.from_edges(3, [(0, 1), (1, 2)])),
        analyse_record(serpentine_record(5)),
    ):
        svg = obj._repr_svg_()
        assert svg.startswith("<svg") or svg.startswith("<?xml")
        ET.fromstring(svg.encode())


def test_svg_hooks_name_cells_vertices_and_outcomes():
    import matchgame as mg
    from matchgame import draw

    heart = mg.analyse(mg.Board.parse(open_example("heart")))
    root = ET.fromstring(draw.to_svg(draw.analysis_scene(heart)))
    cells = {e.get("data-cell"): e.get("data-outcome") for e in root.iter() if e.get("data-cell")}
    assert len(cells) == heart.board.n_free
    assert sorted(k for k, v in cells.items() if v == "win") == sorted(
        f"{r + 1} {c + 1}" for r, c in heart.winning
    )
    assert sum(v == "win" for v in cells.values()) == 77
    graph = mg.analyse(mg.Graph.from_edges(3, [(0, 1), (1, 2)]))
    root = ET.fromstring(draw.to_svg(draw.analysis_scene(graph)))
    vertices = {
        e.get("data-vertex"): e.get("data-outcome") for e in root.iter() if e.get("data-vertex")
    }
    assert vertices == {"1": "win", "2": "lose", "3": "win"}


def open_example(name: str) -> bytes:
    from importlib import resources

    return resources.files("matchgame").joinpath("examples", f"{name}.txt").read_bytes()


def test_blocked_cells_are_marked_for_clicking():
    import matchgame as mg
    from matchgame import draw

    analysis = mg.analyse(mg.Board.from_rows([".#", ".."]))
    root = ET.fromstring(draw.to_svg(draw.analysis_scene(analysis)))
    assert [e.get("data-blocked") for e in root.iter() if e.get("data-blocked")] == ["1 2"]


def test_record_steps_number_moves_by_round_and_show_the_better_move():
    analysis = analyse_record(
        GameRecord.parse("4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n")
    )
    after_one = record_scene(analysis, upto=1)
    assert [label for _, _, label, _, _ in after_one.labels] == ["B1"]
    better = [c for c in after_one.circles if c[4] == COLOURS["better"]]
    reply = analysis.winning_reply(0)  # what Bunny should have played
    assert reply is not None and len(better) == 1
    assert after_one.cells is not None
    size, x0, y0 = after_one.cells.size, after_one.cells.x, after_one.cells.y
    assert better[0][:2] == (x0 + (reply[1] + 0.5) * size, y0 + (reply[0] + 0.5) * size)
    full = record_scene(analysis)
    assert [label[2] for label in full.labels] == ["B1", "E1", "B2", "E2"]
    assert not [c for c in full.circles if c[4] == COLOURS["better"]]  # E2 was no mistake
    # the pieces move: after move 1 the piece from (3, 2) sits on the old empty cell (3, 3)
    assert analysis.record.board.pieces[2, 2] == 0
    with pytest.raises(ValueError, match="upto"):
        record_scene(analysis, upto=5)


def test_positions_show_token_path_and_outcomes_of_legal_moves():
    from matchgame import Position
    from matchgame.draw import position_scene

    position = Position(Board.from_rows([".##", "...", "#.#"]))
    position.push((1, 0))
    root = ET.fromstring(to_svg(position_scene(position)))
    hooks = {e.get("data-cell"): e.attrib for e in root.iter(f"{SVG}rect") if e.get("data-cell")}
    assert "data-token" in hooks["2 1"]
    winning = {f"{r + 1} {c + 1}" for r, c in position.winning_moves()}
    for r, c in position.legal_moves():
        assert hooks[f"{r + 1} {c + 1}"]["data-outcome"] == (
            "win" if f"{r + 1} {c + 1}" in winning else "lose"
        )
    assert "data-outcome" not in hooks["3 2"]  # free but not next to the token
    assert position._repr_svg_().startswith("<?xml")


def test_scale_and_sets():
    analysis = analyse(Board.from_rows([".##", "...", "#.#"]))
    scene = placement_scene(analysis, sets=True)
    svg = to_svg(scene, scale=2)
    root = ET.fromstring(svg)
    assert root.get("width") == str(2 * scene.width)
    assert root.get("viewBox") == f"0 0 {scene.width} {scene.height}"
    sets = [e.get("data-set") for e in root.iter(f"{SVG}rect") if e.get("data-set")]
    assert sorted(sets) == sorted(
        "D" if d else "A" if a else "C"
        for d, a in zip(analysis.sets.D, analysis.sets.A, strict=True)
    )
    assert float(ET.fromstring(to_svg(scene)).get("width")) > scene.width  # small: enlarged
    pil = pytest.importorskip("PIL.Image")
    import io

    assert pil.open(io.BytesIO(to_png(scene, scale=2))).size[0] >= 2 * scene.width - 2


def test_cli_scale_is_checked(tmp_path):
    out = tmp_path / "b.svg"
    assert run_cli("render", "--example", "-o", str(out), "--scale", "3").code == 0
    assert_user_error(run_cli("render", "--example", "-o", str(out), "--scale", "0"), "--scale")


def test_to_svg_is_text_as_the_notebook_picture_is(tmp_path):
    """to_svg gave bytes while _repr_svg_ gave text: both are text now, and save writes
    the text's UTF-8 bytes."""
    from matchgame import draw

    analysis = analyse(Board.from_rows([".##", "...", "#.#"]))
    svg = to_svg(draw.analysis_scene(analysis))
    assert isinstance(svg, str) and svg == analysis._repr_svg_()
    draw.save(draw.analysis_scene(analysis), tmp_path / "board.svg")
    assert (tmp_path / "board.svg").read_bytes() == svg.encode("utf-8")
