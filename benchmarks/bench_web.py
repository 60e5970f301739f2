"""How fast the web page shows a board: from a click on Apply to the new picture on
screen, in Debian's Chromium driven by Playwright, against the same work through the
JSON API alone (what the page asks the server for) and against ``matchgame render``
writing the SVG from a fresh process; and, in Play, from the click placing the
token to the position shown with it.

    python benchmarks/bench_web.py [--sizes 100 300 1000] [--runs 7]

Needs the ``web`` and ``test`` extras (Starlette, uvicorn, Playwright) and Chromium
(``$MATCHGAME_CHROMIUM`` or ``chromium`` on the PATH). The three measurements of a
board alternate, run after run, so a drift of the machine hits them alike.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent / "tests"))

from playwright.sync_api import sync_playwright
from web_helpers import live_server

from matchgame.apps.web import create_app
from matchgame.generate import random_board


def page_seconds(page, text: str) -> float:
    """Apply ``text`` in the page; seconds until its picture is replaced."""
    page.evaluate("document.querySelector('#explore-picture').innerHTML = ''")
    page.fill("#input", text)
    start = time.perf_counter()
    page.click("#apply")
    page.wait_for_selector("#explore-picture svg", timeout=120_000)
    return time.perf_counter() - start


def move_seconds(page, text: str) -> float:
    """In Play, from a click placing the token to the position shown with it."""
    page.click("#tabs button[data-mode=play]")
    page.wait_for_function(
        "document.querySelector('#turn').textContent.includes('place the token')"
    )
    grid = page.locator("#play-picture [data-grid], #play-picture [data-outcome]").first
    box = grid.bounding_box()
    n = len(text.splitlines()) - 1
    row = next(r for r, line in enumerate(text.splitlines()[1:]) if "." in line)
    col = text.splitlines()[1 + row].index(".")
    if grid.get_attribute("data-grid") is None:
        cell = page.locator(f'#play-picture [data-cell="{row + 1} {col + 1}"]')
        start = time.perf_counter()
        cell.click()
    else:
        x = box["x"] + (col + 0.5) * box["width"] / n
        y = box["y"] + (row + 0.5) * box["height"] / n
        start = time.perf_counter()
        page.mouse.click(x, y)
    page.wait_for_function("document.querySelector('#moves-played').textContent.includes('1.')")
    seconds = time.perf_counter() - start
    page.click("#tabs button[data-mode=explore]")
    return seconds


def api_seconds(url: str, text: bytes) -> float:
    """The page's two requests (verdicts, then the picture), made directly."""
    start = time.perf_counter()
    for path in ("/api/placements?moves=orthogonal", "/api/render?moves=orthogonal"):
        request = urllib.request.Request(url + path, data=text, method="POST")
        with urllib.request.urlopen(request, timeout=120) as answer:
            answer.read()
    return time.perf_counter() - start


def cli_seconds(path: str, out: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "matchgame", "render", path, "-o", out], check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    chromium = os.environ.get("MATCHGAME_CHROMIUM") or shutil.which("chromium")
    if chromium is None:
        sys.exit("no Chromium: apt-get install chromium, or set MATCHGAME_CHROMIUM")
    print(
        f"{'board':>12} {'page s':>8} {'API s':>8} {'CLI render s':>13}"
        f" {'page/API':>9} {'page/CLI':>9} {'play move s':>12}"
    )
    with (
        live_server(create_app()) as url,
        sync_playwright() as playwright,
        tempfile.TemporaryDirectory() as tmp,
    ):
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.goto(url)
        page.wait_for_selector("#explore-picture svg")
        page.locator("#text-panel summary").click()
        for n in args.sizes:
            text = random_board(n, n, 0.2, seed=n).to_text()
            path = os.path.join(tmp, f"board{n}.txt")
            Path(path).write_text(text)
            out = os.path.join(tmp, f"board{n}.svg")
            times: dict[str, list[float]] = {"page": [], "api": [], "cli": [], "move": []}
            page_seconds(page, text)  # warm: the first request imports the kernels
            for _ in range(args.runs):
                times["page"].append(page_seconds(page, text))
                times["api"].append(api_seconds(url, text.encode()))
                times["cli"].append(cli_seconds(path, out))
                times["move"].append(move_seconds(page, text))
            med = {k: statistics.median(v) for k, v in times.items()}
            print(
                f"{f'{n}x{n}':>12} {med['page']:8.3f} {med['api']:8.3f} {med['cli']:13.3f}"
                f" {med['page'] / med['api']:9.2f} {med['page'] / med['cli']:9.2f}"
                f" {med['move']:12.3f}"
            )
        browser.close()


if __name__ == "__main__":
    main()
