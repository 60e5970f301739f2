"""docs/notebook.py runs cell by cell as Jupyter would, and every cell that ends in an
object shows a picture: its ``_repr_svg_`` is a well-formed SVG with something drawn."""

from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

pytest.importorskip("networkx")

NOTEBOOK = Path(__file__).parent.parent / "docs" / "notebook.py"


def cells(source: str) -> list[str]:
    """The code cells of a percent-format notebook (markdown cells dropped)."""
    chunks = source.split("\n# %%")
    return [chunk for chunk in chunks[1:] if not chunk.startswith(" [markdown]")]


def run_cell(code: str, namespace: dict) -> object:
    """Execute a cell; the value of its last line when that is an expression."""
    tree = ast.parse(code)
    last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    body = tree.body[:-1] if last is not None else tree.body
    exec(compile(ast.Module(body=body, type_ignores=[]), str(NOTEBOOK), "exec"), namespace)
    if last is None:
        return None
    return eval(compile(ast.Expression(last.value), str(NOTEBOOK), "eval"), namespace)


def test_the_notebook_runs_and_every_result_draws_itself():
    namespace: dict = {}
    shown = []
    for code in cells(NOTEBOOK.read_text()):
        value = run_cell(code, namespace)
        if value is not None:
            svg = value._repr_svg_()
            root = ET.fromstring(svg)
            assert root.tag.endswith("svg")
            assert len(list(root.iter())) > 10, type(value).__name__
            shown.append(type(value).__name__)
    assert shown == [
        "Board",
        "Analysis",
        "Position",
        "Analysis",
        "WalkAnnotation",
        "RecordAnalysis",
        "EdgeAnalysis",
        "EdgePosition",
        "EdgeExplanation",
    ]
