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
from pathlib import Path

import pytest
from cli_helpers import run_cli
from web_helpers import live_server

from matchgame.generate import random_board


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
    x = box["x"] + (free + 0.5) * box["width"] / 300
    page.mouse.click(x, box["y"] + 149.5 * box["height"] / 300)  # row 150, that column
    expect(page.locator("#moves-played")).to_contain_text(f"1. 150 {free + 1} (you)")
    expect(page.locator("#moves-played")).to_contain_text("2. ")  # the engine answered
