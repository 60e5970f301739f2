"""The web page end to end in a real browser: Debian's Chromium driven by Playwright.

Chromium is found at ``$MATCHGAME_CHROMIUM`` or on the PATH; without it (or without
Playwright) these tests skip, unless ``MATCHGAME_REQUIRE_BROWSER=1`` (CI sets it) makes
that a failure. Screenshots go to ``$MATCHGAME_SCREENSHOTS`` (default: pytest's
temporary directory) for a person to look at.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import urllib.request
from pathlib import Path

import numpy as np
import pytest
from cli_helpers import run_cli
from web_helpers import FRIENDS_GRAPHML, live_server, served_app

from matchgame import Position
from matchgame.generate import random_board
from matchgame.inputs import parse_input

pytestmark = pytest.mark.slow


def _require(reason: str) -> None:
    if os.environ.get("MATCHGAME_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser tests required but {reason}")
    pytest.skip(reason, allow_module_level=True)


try:
    from playwright.sync_api import Page, expect, sync_playwright
except ImportError:
    _require("playwright is not installed")

pytest.importorskip("uvicorn")
from matchgame.apps.web import create_app  # noqa: E402

CHROMIUM = os.environ.get("MATCHGAME_CHROMIUM") or next(
    filter(None, map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))), None
)
if CHROMIUM is None:
    _require("no Chromium found (apt-get install chromium, or set MATCHGAME_CHROMIUM)")

WAIT_MS = 20_000  # generous: the CI machine may be loaded
expect.set_options(timeout=WAIT_MS)


@pytest.fixture(scope="module")
def server():
    with live_server(create_app()) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        yield instance
        instance.close()


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(WAIT_MS)
    page.goto(server)
    settle(page)
    yield page
    context.close()
    assert not errors, errors  # no script errors on the way


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    chosen = os.environ.get("MATCHGAME_SCREENSHOTS")
    directory = Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    directory.mkdir(parents=True, exist_ok=True)
    return directory


def settle(page: Page) -> None:
    """Wait until the page has no request in flight and no engine reply pending."""
    page.wait_for_function("document.body.dataset.busy === '0'")


def winning_count(page: Page) -> int:
    return page.locator('#explore-picture [data-outcome="win"]').count()


def wait_for_summary(page: Page, previous: str | None = None) -> str:
    """The winning count the summary shows, once it differs from ``previous``."""
    summary = page.locator("#summary")
    if previous is None:
        expect(summary).to_have_attribute("data-winning", re.compile(r"\d+"))
    else:
        expect(summary).not_to_have_attribute("data-winning", previous)
    return summary.get_attribute("data-winning") or ""


def test_heart_shows_77_winning_cells_and_clicks_block_cells(page, shots, tmp_path):
    expect(page.locator("#explore-picture svg")).to_be_visible()
    assert wait_for_summary(page) == "77"
    assert winning_count(page) == 77
    page.screenshot(path=shots / "explore-heart.png")

    cell = page.locator('#explore-picture [data-outcome="win"]').first
    row, col = map(int, (cell.get_attribute("data-cell") or "").split())
    cell.click()
    shown = wait_for_summary(page, "77")
    # the CLI on the same edited board
    edited = page.locator("#input").input_value()
    lines = edited.splitlines()
    assert lines[row][col - 1] == "#"  # the clicked cell is blocked in the text
    path = tmp_path / "edited.txt"
    path.write_text(edited)
    cli = json.loads(run_cli("placements", str(path), "--format", "json").out)
    assert int(shown) == len(cli["winning_cells"]) == winning_count(page)
    expect(page.locator(f'#explore-picture [data-blocked="{row} {col}"]')).to_have_count(1)
    # and a click on the blocked cell frees it again
    page.locator(f'#explore-picture [data-blocked="{row} {col}"]').click()
    assert wait_for_summary(page, shown) == "77"


def play_to_the_end(page: Page, max_moves: int = 200) -> str:
    """Click the first legal move on each of your turns; the winner when it ends."""
    result = page.locator("#game-result")
    for _ in range(max_moves):
        settle(page)  # the engine has replied: the game is over or it is your move
        if result.get_attribute("data-winner"):
            return result.get_attribute("data-winner") or ""
        expect(page.locator("#turn")).to_contain_text("Your move")
        page.locator("#play-picture [data-outcome]").first.click()
    raise AssertionError("the game did not end")


def test_the_engine_wins_the_positions_theory_gives_it(page, shots):
    # JSOI's sample: the placer wins (theory: an unmatched cell exists), so the engine,
    # placing first while you play second, must win however you move
    page.select_option("#example", "jsoi")
    settle(page)
    page.click("#tabs button[data-mode=play]")
    page.select_option("#side", "second")
    assert play_to_the_end(page) == "engine"
    page.screenshot(path=shots / "play-jsoi-lost.png")
    # the Petersen graph has a perfect matching: whoever places loses, so you, first, lose
    page.select_option("#example", "petersen")
    settle(page)
    page.click("#tabs button[data-mode=play]")
    page.select_option("#side", "first")
    settle(page)
    expect(page.locator("#verdict")).to_have_text(
        "You are losing: every move loses against best play."
    )
    assert play_to_the_end(page) == "engine"
    expect(page.locator("#game-result")).to_contain_text("The engine wins")


def test_verdict_hint_and_undo(page, shots):
    page.click("#tabs button[data-mode=play]")  # the heart: the placer (you) wins
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("You are winning: place the token on")
    best = verdict.get_attribute("data-best-move")
    page.click("#hint")
    expect(verdict).to_have_text(f"Hint: {best} wins.")
    expect(page.locator("#play-picture .hinted")).to_have_attribute("data-outcome", "win")
    page.locator(f'#play-picture [data-cell="{best}"]').click()  # the engine replies
    expect(page.locator("#turn")).to_contain_text("Your move: move the token")
    expect(verdict).to_contain_text("You are winning: move to")
    page.screenshot(path=shots / "play-heart.png")
    assert len(page.locator("#moves-played").inner_text().split(",")) == 2
    page.click("#undo")
    expect(page.locator("#turn")).to_contain_text("place the token")
    expect(page.locator("#moves-played")).to_have_text("")


def test_stepping_through_noi_sample_3_shows_bunnys_mistakes(page, shots):
    page.select_option("#example", "noi3")
    settle(page)
    mistakes = page.locator("#mistakes-so-far")
    expect(page.locator("#step-label")).to_have_text("0 / 4")
    expect(mistakes).to_have_attribute("data-first", "")
    seen = []
    for _ in range(4):
        page.click("#step-forward")
        settle(page)
        label = page.locator("#step-label").inner_text()
        expect(page.locator("#record-picture svg")).to_be_visible()
        seen.append((label, mistakes.get_attribute("data-first")))
    assert seen[0] == ("1 / 4", "1")  # Bunny's first move already throws the win away
    assert seen[-1] == ("4 / 4", "1 2")
    expect(mistakes).to_contain_text("Bunny's mistakes so far: moves 1 and 2")
    expect(page.locator("#record-moves tr.mistake")).to_have_count(3)  # Egg errs once too
    page.screenshot(path=shots / "record-noi3.png")
    page.keyboard.press("Home")
    expect(page.locator("#step-label")).to_have_text("0 / 4")


def test_play_bunny_from_a_record_and_win_the_won_position(page, shots):
    """NOI sample 3 after round 1: Bunny (you) is winning, since Bunny's move 2 is a
    mistake; playing the verdict's move each turn wins against the engine's Egg."""
    page.select_option("#example", "noi3")
    settle(page)
    for _ in range(2):
        page.click("#step-forward")
    expect(page.locator("#step-label")).to_have_text("2 / 4")
    page.click("#play-from-here")
    expect(page.locator("#side")).to_have_value("first")
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text("You are winning: slide the piece on")
    page.screenshot(path=shots / "play-bunny.png")
    result = page.locator("#game-result")
    for _ in range(20):
        settle(page)
        if result.get_attribute("data-winner"):
            break
        expect(verdict).to_contain_text("You are winning")
        best = verdict.get_attribute("data-best-move")
        page.locator(f'#play-picture [data-cell="{best}"]').click()
    expect(result).to_have_attribute("data-winner", "you")


def test_a_token_game_record_steps_with_the_better_move(page, server):
    page.select_option("#kind", "walk-board")
    page.locator("#text-panel summary").click()
    page.fill("#input", "3 3\n.##\n...\n#.#\n3\n2 1\n2 2\n2 3\n")
    page.click("#apply")
    expect(page.locator("#step-label")).to_have_text("0 / 3")
    page.click("#step-forward")
    expect(page.locator("#move-note")).to_contain_text("2 3 would have kept the win")
    expect(page.locator('#record-picture [data-cell="2 1"][data-token]')).to_have_count(1)
    # play on from here: the second player is to move, and that is you
    page.click("#play-from-here")
    expect(page.locator("#side")).to_have_value("second")
    expect(page.locator("#turn")).to_contain_text("move the token from 2 1")
    expect(page.locator("#verdict")).to_contain_text("You are winning: move to 1 1")
    expect(page.locator('#play-picture [data-cell="2 2"]')).to_have_attribute(
        "data-outcome", "lose"
    )
    page.locator('#play-picture [data-cell="1 1"]').click()  # a dead end for the engine
    expect(page.locator("#game-result")).to_have_attribute("data-winner", "you")
    expect(page.locator("#moves-played")).to_contain_text("2. 1 1 (you)")


def test_a_big_board_is_drawn_as_one_image_and_still_clicks(page, shots, tmp_path):
    board = random_board(300, 300, 0.2, seed=5)
    page.locator("#text-panel summary").click()
    page.fill("#input", board.to_text())
    page.click("#apply")
    grid = page.locator("#explore-picture [data-grid]")
    expect(grid).to_have_attribute("data-grid", "300 300")
    wait_for_summary(page, "77")
    box = grid.bounding_box()
    assert box is not None
    # the middle of cell (1, 1): the text's first board row changes at column 1
    page.mouse.click(box["x"] + box["width"] / 600, box["y"] + box["height"] / 600)
    edited = page.locator("#input").input_value()
    assert edited.splitlines()[1][0] != board.to_text().splitlines()[1][0]
    path = tmp_path / "edited.txt"
    path.write_text(edited)
    cli = json.loads(run_cli("placements", str(path), "--format", "json").out)
    expected = str(len(cli["winning_cells"]))
    expect(page.locator("#summary")).to_have_attribute("data-winning", expected)
    page.screenshot(path=shots / "explore-300x300.png")
    # play on the big board: a click in the one hook places the token on that cell
    page.click("#tabs button[data-mode=play]")
    expect(page.locator("#turn")).to_contain_text("place the token")
    grid = page.locator("#play-picture [data-grid]")
    box = grid.bounding_box()
    assert box is not None
    free = next(c for c, mark in enumerate(edited.splitlines()[150]) if mark == ".")
    # row 150, that column (the locator scrolls it into view: with the text panel open
    # and the game switch above it, the board's middle is below a 1000-pixel window)
    point = {"x": (free + 0.5) * box["width"] / 300, "y": 149.5 * box["height"] / 300}
    grid.click(position=point)
    expect(page.locator("#moves-played")).to_contain_text(f"1. 150 {free + 1} (you)")
    expect(page.locator("#moves-played")).to_contain_text("2. ")  # the engine answered


def random_graph_text(n_vertices: int, n_edges: int, seed: int) -> str:
    """An edge list of a path through every vertex and random edges besides (1-based,
    no self-loops): no vertex is isolated, so a game lasts a few moves."""
    rng = np.random.default_rng(seed)
    ends = rng.integers(1, n_vertices + 1, size=(n_edges, 2))
    ends = ends[ends[:, 0] != ends[:, 1]].tolist()
    ends += [[v, v + 1] for v in range(1, n_vertices)]
    lines = [f"{n_vertices} {len(ends)}", *(f"{u} {v}" for u, v in ends)]
    return "\n".join(lines) + "\n"


def test_a_graph_too_big_to_draw_leaves_nothing_stale_and_plays_typed_moves(page, shots):
    # a game on the heart first, so there is a picture and a move list to go stale
    assert wait_for_summary(page) == "77"
    page.click("#tabs button[data-mode=play]")
    settle(page)
    page.locator('#play-picture [data-outcome="win"]').first.click()
    expect(page.locator("#moves-played")).to_contain_text("2. ")
    settle(page)
    page.select_option("#kind", "edges")  # the heart's text is no edge list: refused
    expect(page.locator("#error")).to_contain_text("error")
    expect(page.locator("#play-picture svg")).to_have_count(0)
    # a file of 6,000 lines (Playwright's fill gives up on so many lines of text)
    big = random_graph_text(3000, 3000, seed=7).encode()
    page.set_input_files(
        "#upload", files=[{"name": "big.txt", "mimeType": "text/plain", "buffer": big}]
    )
    settle(page)
    # Play: the new graph's game, without a picture, and the page says why
    expect(page.locator("#error")).to_have_text("")
    expect(page.locator("#play-picture svg")).to_have_count(0)
    expect(page.locator("#play-note")).to_contain_text("at most 2000 vertices")
    expect(page.locator("#zoom-controls")).to_be_hidden()  # nothing to zoom
    expect(page.locator("#moves-played")).to_have_text("")
    expect(page.locator("#turn")).to_contain_text("place the token on any vertex")
    assert page.locator("#legal-moves option").count() == 2001  # 2,000 listed, and a title
    page.select_option("#legal-moves", "5")  # picked from the list
    expect(page.locator("#moves-played")).to_contain_text("1. 5 (you)")
    settle(page)
    expect(page.locator("#moves-played")).to_contain_text("2. ")  # the engine replied
    expect(page.locator("#turn")).to_contain_text("Your move: move the token from")
    typed = page.locator("#legal-moves option").nth(1).get_attribute("value") or ""
    page.fill("#move-text", typed)  # typed
    page.press("#move-text", "Enter")
    expect(page.locator("#moves-played")).to_contain_text(f"3. {typed} (you)")
    settle(page)
    expect(page.locator("#error")).to_have_text("")
    page.screenshot(path=shots / "play-3000-vertices.png")
    # Explore: the new graph's counts, no picture of the heart, and why
    page.click("#tabs button[data-mode=explore]")
    settle(page)
    # the path through every vertex is a perfect matching: the placer loses everywhere
    expect(page.locator("#summary")).to_contain_text("maximum matching: 1500")
    expect(page.locator("#explore-picture svg")).to_have_count(0)
    expect(page.locator("#explore-note")).to_contain_text("at most 2000 vertices")
    expect(page.locator("#matching")).to_be_disabled()
    # a placement is explained when typed, without a picture
    page.fill("#explain-at", "5")
    page.click("#explain-button")
    expect(page.locator("#explain-text")).to_contain_text("Placing the token on vertex 5")
    expect(page.locator("#explain-picture svg")).to_have_count(0)


def test_mistakes_so_far_are_said_as_moves_in_the_walk_example(page):
    page.select_option("#example", "walk")
    settle(page)
    expect(page.locator("#kind")).to_have_value("walk-board")
    mistakes = page.locator("#mistakes-so-far")
    for _ in range(2):
        page.click("#step-forward")
    expect(mistakes).to_contain_text("The second player's mistakes so far: move 2.")
    expect(mistakes).to_contain_text("The first player's mistakes so far: none")
    page.click("#step-last")
    expect(mistakes).to_contain_text("The first player's mistakes so far: moves 3 and 9.")
    expect(mistakes).to_contain_text("The second player's mistakes so far: moves 2, 4 and 12.")


def test_the_matching_left_out_of_a_big_board_is_said(page):
    page.check("#matching")
    settle(page)
    note = page.locator("#matching-note")
    expect(note).to_have_text("")
    expect(page.locator("#explore-picture svg")).to_be_visible()
    page.locator("#text-panel summary").click()
    page.fill("#input", random_board(200, 200, 0.2, seed=3).to_text())
    page.click("#apply")
    expect(note).to_contain_text("the matching is not drawn: cells are")
    expect(note).to_have_attribute("data-not-drawn", "true")


def test_zoom_and_pan_in_play_keep_clicks_on_the_cell_under_the_pointer(page, shots):
    board = random_board(300, 300, 0.2, seed=5)
    rows = board.to_text().splitlines()[1:]
    page.click("#tabs button[data-mode=play]")
    page.locator("#text-panel summary").click()
    page.fill("#input", board.to_text())
    page.click("#apply")
    settle(page)
    grid = page.locator("#play-picture [data-grid]")
    before = grid.bounding_box()
    assert before is not None
    page.click("#hint")  # a hint typed in the move's box goes when a move is played
    expect(page.locator("#move-text")).not_to_have_value("")
    page.click("#zoom-in")
    page.click("#zoom-in")
    expect(page.locator("#play-picture")).to_have_attribute("data-zoom", "4")
    after = grid.bounding_box()
    assert after is not None
    assert after["width"] == pytest.approx(4 * before["width"], rel=0.01)
    # a drag pans the picture and plays nothing
    page.evaluate("document.getElementById('play-picture').scrollIntoView()")
    after = grid.bounding_box()  # where it is now in the window
    frame = page.locator("#play-picture").bounding_box()
    assert after is not None and frame is not None
    bottom = min(frame["y"] + frame["height"], 1000)  # the window is 1000 pixels high
    start = (frame["x"] + 200, frame["y"] + 200)
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(start[0] + 60, start[1] + 40, steps=5)
    page.mouse.up()
    panned = grid.bounding_box()
    assert panned is not None
    assert panned["x"] == pytest.approx(after["x"] + 60, abs=1)
    assert panned["y"] == pytest.approx(after["y"] + 40, abs=1)
    expect(page.locator("#moves-played")).to_have_text("")

    # a free cell whose centre is in sight, well inside the frame
    def centre(row: int, col: int) -> tuple[float, float]:
        side = panned["width"] / 300
        return panned["x"] + (col - 0.5) * side, panned["y"] + (row - 0.5) * side

    def in_sight(x: float, y: float) -> bool:
        return (
            frame["x"] + 20 < x < frame["x"] + frame["width"] - 20
            and frame["y"] + 20 < y < bottom - 20
        )

    row, col = next(
        (r, c)
        for r in range(1, 301)
        for c in range(1, 301)
        if rows[r - 1][c - 1] == "." and in_sight(*centre(r, c))
    )
    page.screenshot(path=shots / "play-300x300-zoomed.png")
    page.mouse.click(*centre(row, col))
    expect(page.locator("#moves-played")).to_contain_text(f"1. {row} {col} (you)")
    expect(page.locator("#move-text")).to_have_value("")


def test_explain_a_click_in_explore(page, shots):
    assert wait_for_summary(page) == "77"
    text = page.locator("#input").input_value()
    page.select_option("#click-action", "explain")
    cell = page.locator('#explore-picture [data-outcome="win"]').first
    at = cell.get_attribute("data-cell")
    cell.click()
    expect(page.locator("#explanation")).to_be_visible()
    expect(page.locator("#explain-text")).to_contain_text(f"Placing the token on cell {at}")
    expect(page.locator("#explain-text")).to_contain_text("wins")
    expect(page.locator("#explain-picture svg")).to_be_visible()
    assert page.locator("#input").input_value() == text  # explained, not blocked
    page.screenshot(path=shots / "explore-explain.png")
    # on a graph a click explains (vertices cannot be blocked)
    page.select_option("#example", "petersen")
    settle(page)
    expect(page.locator("#explanation")).to_be_hidden()
    page.locator('#explore-picture [data-vertex="3"]').click()
    expect(page.locator("#explain-text")).to_contain_text("loses")
    expect(page.locator("#explanation")).to_have_attribute("data-at", "3")


def test_the_hint_of_a_lost_game_is_the_best_defence(page, server):
    page.select_option("#example", "petersen")
    settle(page)
    page.click("#tabs button[data-mode=play]")
    settle(page)
    expect(page.locator("#verdict")).to_contain_text("You are losing")
    page.click("#hint")
    settle(page)
    petersen = urllib.request.urlopen(f"{server}/api/examples/petersen", timeout=30).read()
    graph = parse_input(petersen, "edges").graph
    defence = graph.names.text(graph.names.vertex(Position(graph).best_move()))
    verdict = page.locator("#verdict")
    expect(verdict).to_contain_text(f"Best defence: {defence}")
    expect(verdict).to_have_attribute("data-hint", defence)
    expect(page.locator(f'#play-picture [data-vertex="{defence}"]')).to_have_class(
        re.compile("hinted")
    )


def test_records_leave_nothing_stale_either(page):
    page.select_option("#example", "walk")
    settle(page)
    page.click("#step-forward")
    expect(page.locator("#record-picture svg")).to_be_visible()
    # a token game on a graph too big to draw: its moves, no picture, and why
    page.select_option("#kind", "walk-edges")  # the board's text reads as no edge list
    expect(page.locator("#record-moves tbody tr")).to_have_count(0)
    expect(page.locator("#record-picture svg")).to_have_count(0)
    game = random_graph_text(3000, 0, seed=1) + "3\n1\n2\n3\n"  # a path: 1, 2, 3
    page.set_input_files(
        "#upload", files=[{"name": "game.txt", "mimeType": "text/plain", "buffer": game.encode()}]
    )
    settle(page)
    expect(page.locator("#error")).to_have_text("")
    expect(page.locator("#record-moves tbody tr")).to_have_count(3)
    page.click("#step-forward")
    settle(page)
    expect(page.locator("#record-picture")).to_contain_text("No picture: a graph picture")
    expect(page.locator("#record-picture svg")).to_have_count(0)


def test_a_matrix_market_file_opens_as_a_graph(page):
    """A standard graph file, opened while the input says "board": the page reads it
    as a graph (its name and first line say so) and the server tells its format."""
    assert wait_for_summary(page) == "77"
    # a path 1 - 2 - 3 and a triangle 4 5 6: the placer wins on the path's ends
    matrix = b"%%MatrixMarket matrix coordinate pattern symmetric\n6 6 5\n2 1\n3 2\n5 4\n6 5\n6 4\n"
    page.set_input_files(
        "#upload", files=[{"name": "small.mtx", "mimeType": "text/plain", "buffer": matrix}]
    )
    settle(page)
    expect(page.locator("#kind")).to_have_value("edges")
    expect(page.locator("#error")).to_have_text("")
    assert wait_for_summary(page, "77") == "5"  # the path's ends and the triangle
    expect(page.locator('#explore-picture [data-outcome="win"]')).to_have_count(5)


def test_two_fingers_pinch_the_play_picture_and_play_nothing(browser, server):
    """A touch screen: two fingers moving apart zoom the picture about their middle
    (touch events through Chromium's DevTools protocol, as a phone sends them)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    page.goto(server)
    settle(page)
    page.click("#tabs button[data-mode=play]")
    settle(page)
    expect(page.locator("#play-picture svg")).to_be_visible()
    page.evaluate("document.getElementById('play-picture').scrollIntoView()")
    frame = page.locator("#play-picture").bounding_box()
    grid = page.locator("#play-picture svg").bounding_box()
    assert frame is not None and grid is not None
    x = grid["x"] + min(grid["width"], frame["width"]) / 2
    y = grid["y"] + min(grid["height"], frame["height"]) / 2
    devtools = context.new_cdp_session(page)

    def fingers(kind: str, apart: float) -> None:
        points = (
            []
            if kind == "touchEnd"
            else [
                {"x": x - apart / 2, "y": y, "id": 0},
                {"x": x + apart / 2, "y": y, "id": 1},
            ]
        )
        devtools.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    fingers("touchStart", 40)
    for apart in (60, 80, 100, 120):
        fingers("touchMove", apart)
    fingers("touchEnd", 0)
    zoom = float(page.locator("#play-picture").get_attribute("data-zoom") or "1")
    assert zoom == pytest.approx(3, rel=0.05)  # the fingers' distance went 40 -> 120
    expect(page.locator("#moves-played")).to_have_text("")
    context.close()


def test_a_metis_file_opens_by_its_name(page):
    """A METIS file has no signature line, and its first line reads as matchgame's own
    "n m" header: the page sends the file's name, and the server reads the file as the
    command line would."""
    assert wait_for_summary(page) == "77"
    metis = b"3 2\n2\n1 3\n2\n"  # a path 1 - 2 - 3: the placer wins on its ends
    page.set_input_files(
        "#upload", files=[{"name": "path.metis", "mimeType": "text/plain", "buffer": metis}]
    )
    settle(page)
    expect(page.locator("#kind")).to_have_value("edges")
    expect(page.locator("#error")).to_have_text("")
    assert wait_for_summary(page, "77") == "2"
    expect(page.locator("#explore-picture [data-vertex]")).to_have_count(3)


@pytest.mark.parametrize(
    "name, text, ends, first",
    [
        ("friends.graphml", FRIENDS_GRAPHML, ("alice", "carol"), "alice"),
        # a SNAP file without comments: its first line alone reads as an edge list's
        # header, so only the format the page was handed reads it; ids are its names
        ("ids.snap", "10 20\n20 30\n", ("10", "30"), "10"),
    ],
    ids=["graphml", "snap"],
)
def test_a_served_graph_file_keeps_its_names(browser, tmp_path, name, text, ends, first):
    """``matchgame serve FILE`` on a graph file: the page reads the file in its format,
    so the pictures show the file's names, hook them (``data-vertex``), and a click on
    one plays it."""
    if name.endswith(".graphml"):
        pytest.importorskip("networkx")
    path = tmp_path / name
    path.write_text(text)
    with live_server(served_app(str(path))) as url:
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        page = context.new_page()
        page.set_default_timeout(WAIT_MS)
        page.goto(url)
        settle(page)
        expect(page.locator("#error")).to_have_text("")
        assert wait_for_summary(page) == "2"  # the path's two ends
        for label in ends:
            expect(page.locator("#explore-picture svg")).to_contain_text(label)
        page.click("#tabs button[data-mode=play]")
        settle(page)
        page.locator(f'#play-picture [data-vertex="{first}"]').click()  # the engine replies
        settle(page)
        expect(page.locator("#error")).to_have_text("")
        expect(page.locator("#play-picture svg")).to_contain_text(ends[0])
        expect(page.locator("#moves-played")).to_contain_text(first)
        context.close()


# -- the edge game: the game switch on each tab -------------------------------------------

RING = "3 3\n...\n.#.\n...\n"
RING_WALK = RING + "9\n1 1\n1 2\n1 3\n2 3\n3 3\n3 2\n3 1\n2 1\n1 1\n"  # round the ring, back


def test_the_game_switch_in_explore_shows_the_edge_games_placements(page, shots):
    from matchgame import analyse
    from matchgame.examples import load

    assert wait_for_summary(page) == "77"  # the heart, vertex game
    page.select_option("#game", "edge")
    expected = analyse(load("heart"), game="edge").winning
    shown = wait_for_summary(page, "77")
    assert int(shown) == len(expected) and shown != "77"
    expect(page.locator("#summary")).to_have_attribute("data-game", "edge")
    expect(page.locator("#summary")).to_contain_text("Edge geography")
    expect(page.locator('#explore-picture [data-outcome="win"]')).to_have_count(len(expected))
    cells = {
        tuple(int(x) - 1 for x in (cell.get_attribute("data-cell") or "").split())
        for cell in page.locator('#explore-picture [data-outcome="win"]').all()
    }
    assert cells == set(expected)
    expect(page.locator("#matching")).to_be_disabled()  # no matching in the edge game
    page.screenshot(path=shots / "explore-heart-edge.png")
    # a click explains by the edge game's proof: the parity set S
    page.select_option("#click-action", "explain")
    page.locator('#explore-picture [data-outcome="win"]').first.click()
    expect(page.locator("#explain-text")).to_contain_text("The set S = {")
    expect(page.locator("#explain-picture svg")).to_be_visible()
    # and back: the vertex game's answer again
    page.select_option("#game", "vertex")
    assert wait_for_summary(page, shown) == "77"


def test_the_game_switch_in_play_draws_used_edges_and_the_engine_wins_its_positions(page, shots):
    # the ring round a blocked centre: in the edge game the placer wins on every cell
    # (the token goes round and comes back), so the engine, placing, must win
    page.locator("#text-panel summary").click()
    page.fill("#input", RING)
    page.select_option("#game", "edge")
    page.click("#apply")
    settle(page)
    assert wait_for_summary(page) == "8"
    page.click("#tabs button[data-mode=play]")
    page.select_option("#side", "second")
    settle(page)
    expect(page.locator("#verdict")).to_contain_text("You are losing")
    expect(page.locator("#turn")).to_contain_text("along an unused edge")
    page.locator("#play-picture [data-outcome]").first.click()
    settle(page)
    expect(page.locator("#moves-played")).to_have_attribute("data-used", re.compile(r"[1-9]"))
    assert "#5e3c99" in page.locator("#play-picture").inner_html()  # the used edges drawn
    page.screenshot(path=shots / "play-ring-edge.png")
    assert play_to_the_end(page) == "engine"
    # a hint in a won position of the edge game: the first player wins nowhere on a path
    # of three cells but the middle (placing there loses for the placer: the mover wins)
    page.fill("#input", "1 3\n...\n")
    page.click("#apply")
    page.select_option("#side", "first")
    settle(page)
    expect(page.locator("#verdict")).to_contain_text("You are winning: place the token on")
    page.click("#hint")
    expect(page.locator("#verdict")).to_contain_text("Hint:")


def test_the_game_switch_in_record_steps_through_an_edge_games_walk(page, shots):
    page.select_option("#kind", "walk-board")
    page.locator("#text-panel summary").click()
    page.fill("#input", RING_WALK)
    page.click("#apply")  # the vertex game refuses the walk: it comes back to 1 1
    settle(page)
    expect(page.locator("#error")).to_contain_text("move 9")
    page.select_option("#game", "edge")
    settle(page)
    expect(page.locator("#error")).to_have_text("")
    expect(page.locator("#step-label")).to_have_text("0 / 9")
    page.keyboard.press("End")
    expect(page.locator("#step-label")).to_have_text("9 / 9")
    expect(page.locator("#record-picture svg")).to_be_visible()
    assert "#5e3c99" in page.locator("#record-picture").inner_html()
    page.screenshot(path=shots / "record-ring-edge.png")


def test_a_graph_files_names_are_typed_in_explain_and_play(page):
    """Moves and explanations on a GraphML file are typed as its node names."""
    pytest.importorskip("networkx")
    assert wait_for_summary(page) == "77"
    friends = {
        "name": "friends.graphml",
        "mimeType": "text/xml",
        "buffer": FRIENDS_GRAPHML.encode(),
    }
    page.set_input_files("#upload", files=[friends])
    settle(page)
    assert wait_for_summary(page, "77") == "2"
    page.fill("#explain-at", "carol")
    page.click("#explain-button")
    settle(page)
    expect(page.locator("#explain-text")).to_contain_text("carol - bob - alice")
    page.click("#tabs button[data-mode=play]")
    settle(page)
    page.fill("#move-text", "alice")
    page.press("#move-text", "Enter")
    settle(page)
    expect(page.locator("#error")).to_have_text("")
    expect(page.locator("#moves-played")).to_contain_text("1. alice (you)")
    expect(page.locator("#moves-played")).to_contain_text("2. bob (engine)")


def test_a_new_example_clears_what_was_typed_for_the_input_before(page):
    """A typed move, a vertex to explain and the file picked belong to the input they
    were typed for: switching to an example leaves none of them."""
    assert wait_for_summary(page) == "77"
    board = {"name": "jsoi.txt", "mimeType": "text/plain", "buffer": b"3 3\n.##\n...\n#.#\n"}
    page.set_input_files("#upload", files=[board])
    settle(page)
    assert wait_for_summary(page, "77") == "2"
    page.fill("#explain-at", "3 2")
    page.click("#tabs button[data-mode=play]")
    settle(page)
    page.fill("#move-text", "1 1")
    page.select_option("#example", "king")
    settle(page)
    expect(page.locator("#move-text")).to_have_value("")
    page.click("#tabs button[data-mode=explore]")
    expect(page.locator("#explain-at")).to_have_value("")
    assert page.eval_on_selector("#upload", "input => input.files.length") == 0
    expect(page.locator("#error")).to_have_text("")


def test_a_graph_files_example_is_read_in_its_format(page):
    """c5 is a Matrix Market file: the page reads it as a graph in that format (its
    vertices named by the file's numbers), with no edit."""
    assert wait_for_summary(page) == "77"  # the heart first
    page.select_option("#example", "c5")
    assert wait_for_summary(page, "77") == "5"  # an odd cycle: every placement wins
    expect(page.locator("#kind")).to_have_value("edges")
    expect(page.locator("#explore-picture [data-vertex='5']")).to_have_count(1)


def test_the_layout_and_size_switches_redraw_a_graph_as_render_does(page):
    """Issue 42, 5: the page lays a graph out as ``render --layout`` does and draws it at
    the size asked; its Input menu names every graph format (GML too), from the server."""
    graph_option = page.locator("#kind option[value=edges]")
    expect(graph_option).to_contain_text("GML")
    expect(graph_option).to_contain_text("NetworkX")
    expect(page.locator("#layout")).to_be_disabled()  # a board: drawn as its cells
    cycle = b"0 1\n1 2\n2 3\n3 4\n4 5\n5 0\n"  # as NetworkX's write_edgelist writes it
    page.set_input_files(
        "#upload", files=[{"name": "c6.txt", "mimeType": "text/plain", "buffer": cycle}]
    )
    settle(page)
    expect(page.locator("#kind")).to_have_value("edges")
    expect(page.locator("#explore-picture [data-vertex]")).to_have_count(6)
    page.select_option("#layout", "circular")
    page.fill("#size", "300")
    page.locator("#size").dispatch_event("change")
    settle(page)
    svg = page.locator("#explore-picture svg")
    expect(svg).to_have_attribute("width", "300")
    expect(page.locator("#error")).to_have_text("")
    for tab in ("play",):
        page.click(f"#tabs button[data-mode={tab}]")
        settle(page)
        expect(page.locator("#play-picture svg")).to_have_attribute("width", "300")
    footer = page.locator("footer")
    expect(footer).to_contain_text("POST /api/render")
    expect(footer).to_contain_text("docs/tutorials/web-app.md")


ARCS = "4 5\n1 2\n1 2\n2 3\n3 1\n3 4\n"  # two arcs 1 -> 2, each a move of its own


def test_directed_edge_geography_plays_the_arcs_clicked_at_their_heads_or_typed(page, shots):
    # the moves after the placement are arcs [tail, head, key]: listed and typed as
    # "tail head key", played by a click on the vertex they lead to (the first legal
    # arc there); placed on vertex 1 the mover (the engine) wins
    page.select_option("#kind", "edges")
    page.locator("#text-panel summary").click()
    page.fill("#input", ARCS)
    page.select_option("#game", "directed-edge")
    page.click("#apply")
    settle(page)
    page.click("#tabs button[data-mode=play]")
    page.select_option("#side", "first")
    settle(page)
    page.fill("#move-text", "1")
    page.press("#move-text", "Enter")
    settle(page)
    expect(page.locator("#moves-played")).to_contain_text(re.compile(r"2\. 1 2 [01] \(engine\)"))
    expect(page.locator("#legal-moves option")).to_have_count(2)  # a title, then "2 3"
    assert page.locator("#legal-moves option").nth(1).get_attribute("value") == "2 3 0"
    page.locator('#play-picture [data-vertex="3"]').click()
    expect(page.locator("#moves-played")).to_contain_text("3. 2 3 0 (you)")
    expect(page.locator("#error")).to_have_text("")
    page.screenshot(path=shots / "play-arcs-directed-edge.png")
    assert play_to_the_end(page) == "engine"
