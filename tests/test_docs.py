"""The documentation site builds with warnings as errors, every page executed.

``python -m sphinx -W -n -b html docs OUT`` runs every notebook page (tutorials,
gallery, formats, the command-line pages' examples) and resolves every reference
(nitpicky); then the doctest builder runs the examples of the API pages from the same
doctrees. A broken example, a stale option or a dangling reference fails here.
The smaller tests build a two-page site with the same configuration, to show that
the configuration really refuses a dangling reference.
"""

from __future__ import annotations

import argparse
import html as html_text
import importlib
import re
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest

import matchgame

pytestmark = pytest.mark.slow

DOCS = Path(__file__).resolve().parent.parent / "docs"


def sphinx(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """``python -m sphinx ARGS`` in a fresh process; output and errors together."""
    command = [sys.executable, "-m", "sphinx", "-W", "-n", "-T", "-q", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=600)


def failed(run: subprocess.CompletedProcess[str]) -> str:
    return f"exit status {run.returncode}\n{run.stdout[-6000:]}\n{run.stderr[-6000:]}"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The site built once into a temporary folder: (html, doctrees)."""
    out = tmp_path_factory.mktemp("site")
    html, doctrees = out / "html", out / "doctrees"
    run = sphinx("-b", "html", "-d", doctrees, DOCS, html)
    assert run.returncode == 0, failed(run)
    return html, doctrees


def test_every_page_is_built(site: tuple[Path, Path]) -> None:
    html, _ = site
    sources = {
        path.relative_to(DOCS).with_suffix("")
        for pattern in ("**/*.md", "notebook.py")
        for path in DOCS.glob(pattern)
        if not path.relative_to(DOCS).parts[0].startswith("_")
    }
    built = {path.relative_to(html).with_suffix("") for path in html.glob("**/*.html")}
    assert sources <= built, sources - built


def test_every_public_name_has_its_page(site: tuple[Path, Path]) -> None:
    html, _ = site
    api = html / "api" / "generated"
    pages = {path.stem for path in api.glob("matchgame.*.html")}
    documented = (html / "api" / "generated" / "matchgame.html").read_text()
    for name in matchgame.__all__:
        assert f"matchgame.{name}" in pages or f'id="matchgame.{name}"' in documented, name


def test_every_command_and_option_is_on_its_page(site: tuple[Path, Path]) -> None:
    html, _ = site
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        import cli_reference
    finally:
        sys.path.remove(str(DOCS / "_ext"))
    parser = cli_reference.parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for command, subparser in subparsers.choices.items():
        page = (html / "cli" / f"{command}.html").read_text()
        for action in subparser._actions:
            if isinstance(action, argparse._HelpAction):
                continue  # -h/--help: every command has it, sphinx-argparse leaves it out
            for option in action.option_strings:
                assert option in page, (command, option)


def test_the_notebooks_ran(site: tuple[Path, Path]) -> None:
    """Executed pages carry their outputs: a command's answer, a picture."""
    html, _ = site
    assert "WIN\n2 3\n3 2" in (html / "cli" / "placements.html").read_text()
    # a long shell output arrives whole (IPython's own %%bash streams 100-byte pieces,
    # which myst-nb's merged streams cut into lines)
    # (the page may write the quotes as &quot;, as Pygments does for some outputs)
    record_page = html_text.unescape((html / "tutorials" / "noi-record.html").read_text())
    assert '"number": 1,\n' in record_page
    assert "<svg" in (html / "gallery" / "boards.html").read_text()
    assert "# valid: certificate" not in (html / "formats.html").read_text()  # never printed
    assert "# valid: placements-board" in (html / "formats.html").read_text()


def test_no_page_shows_a_folder_of_the_build(site: tuple[Path, Path]) -> None:
    """Issue 42, 3: a page showed ``python .../matchgame-docs-3a7oegmf/sol.py``, the
    temporary folder its cells ran in (docs/_data/setup.py): every page shows what a
    reader types and sees in their own folder."""
    html, _ = site
    # the pages' folders (docs/_data/setup.py), the kernel's cells (a warning's path:
    # stale code), this build's folder; a command's own /tmp/walks is no such folder
    temporary = re.compile(
        r"matchgame-docs-\w+|"
        + re.escape(tempfile.gettempdir())
        + r"/(ipykernel_|tmp|pytest-of-)|"
        + re.escape(str(html.parent))
    )
    shown = {
        path.relative_to(html).as_posix(): found.group(0)
        for path in html.glob("**/*.html")
        if (found := temporary.search(html_text.unescape(path.read_text())))
    }
    assert not shown, shown


def test_the_contest_page_states_every_problems_formats(site: tuple[Path, Path]) -> None:
    """Issue 42, 3: contest.md never stated the problems' outputs (WIN/LOSE, cells from
    1, row-major order): they were only on the formats page. Its table is the
    problems' own statements, built with the page."""
    from matchgame.contest.catalog import PROBLEMS, find_problem

    html, _ = site
    page = html_text.unescape((html / "tutorials" / "contest.html").read_text())
    table = page[page.index("<table") : page.index("</table>")]
    text = re.sub(r"<[^>]+>", "", table)
    for name in PROBLEMS:
        problem = find_problem(name)
        for said in (problem.title, problem.input_format, problem.output_format):
            assert re.sub(r"\s+", " ", said.replace("`", "")) in re.sub(r"\s+", " ", text), said


# every public module: in the module index, each with its entry (docs/api/index.md)
PUBLIC_MODULES = (
    "matchgame",
    "matchgame.certificates",
    "matchgame.draw",
    "matchgame.examples",
    "matchgame.games",
    "matchgame.generate",
    "matchgame.readers",
    "matchgame.sweep",
    "matchgame.testing",
    "matchgame.writers",
)


def test_code_has_copy_buttons_and_objects_their_source(site: tuple[Path, Path]) -> None:
    html, _ = site
    page = (html / "api" / "generated" / "matchgame.analyse.html").read_text()
    # sphinx-copybutton on every page; what it copies leaves out "$ ", ">>> " and "... "
    assert "_static/copybutton.js" in page and "_static/copybutton.css" in page
    script = (html / "_static" / "copybutton.js").read_text()
    assert r"'\\$ |>>> |\\.\\.\\. ', true" in script
    # sphinx.ext.viewcode: a [source] link to the module that defines the function
    assert 'class="viewcode-link"' in page
    assert "_modules/matchgame/games/api.html#analyse" in page
    source = (html / "_modules" / "matchgame" / "games" / "api.html").read_text()
    assert "def analyse(" in html_text.unescape(re.sub(r"<[^>]+>", "", source))


def test_the_module_index_lists_every_public_module(site: tuple[Path, Path]) -> None:
    html, _ = site
    index = (html / "py-modindex.html").read_text()
    assert set(PUBLIC_MODULES) <= set(re.findall(r'<code class="xref">([^<]+)</code>', index))
    assert "py-modindex.html" in (html / "api" / "index.html").read_text()


@pytest.mark.parametrize("name", ["matchgame.draw", "matchgame.generate", "matchgame.testing"])
def test_a_module_page_documents_its_functions_and_classes(
    site: tuple[Path, Path], name: str
) -> None:
    html, _ = site
    module = importlib.import_module(name)
    page = (html / "api" / "generated" / f"{name}.html").read_text()
    documented = set(re.findall(rf'id="{re.escape(name)}\.(\w+)"', page))
    callables = {n for n in module.__all__ if callable(getattr(module, n))}
    assert callables and callables <= documented, callables - documented


def test_an_alias_says_what_it_is(site: tuple[Path, Path]) -> None:
    html, _ = site
    page = (html / "api" / "generated" / "matchgame.MoveAnnotation.html").read_text()
    text = html_text.unescape(re.sub(r"<[^>]+>", "", page))
    assert "The name of MoveNote before both kinds of record shared it." in text
    # a data item's docstring is its own, not its type's (tuple's, str's)
    names = (html / "api" / "generated" / "matchgame.html").read_text()
    assert "0-based in the Python API" in names and "Built-in immutable sequence" not in names


def test_every_tutorial_can_be_downloaded(site: tuple[Path, Path]) -> None:
    html, _ = site
    for source in (DOCS / "tutorials").glob("*.md"):
        if source.name == "index.md":
            continue
        page = (html / "tutorials" / f"{source.stem}.html").read_text()
        link = re.search(rf'href="\.\./(_downloads/\w+/{re.escape(source.name)})"', page)
        assert link, source.name
        assert (html / link.group(1)).read_bytes() == source.read_bytes()


def test_pages_without_subpages_have_no_section_navigation(site: tuple[Path, Path]) -> None:
    html, _ = site
    for page in ("getting-started", "theory", "glossary"):
        assert "Section Navigation" not in (html / f"{page}.html").read_text(), page
    assert "Section Navigation" in (html / "tutorials" / "jsoi-board.html").read_text()


def test_search_results_are_titled_by_names_not_paragraphs(site: tuple[Path, Path]) -> None:
    """The command-line pages' commands are found by their command lines; no entry of
    the search index is HTML-escaped twice."""
    html, _ = site
    index = (html / "searchindex.js").read_text()
    assert "&#x27;" not in index and "&quot;" not in index
    assert '"matchgame verify"' in index


def test_the_doctests_of_the_api_pages_pass(site: tuple[Path, Path], tmp_path: Path) -> None:
    _, doctrees = site
    run = sphinx("-b", "doctest", "-d", doctrees, DOCS, tmp_path / "doctest")
    assert run.returncode == 0, failed(run)
    summary = (tmp_path / "doctest" / "output.txt").read_text()
    tests = int(re.search(r"Doctest summary\n=+\n\s*(\d+) tests", summary).group(1))
    with_examples = [n for n in matchgame.__all__ if ">>>" in (getattr(matchgame, n).__doc__ or "")]
    assert tests >= len(with_examples) > 0, summary[-2000:]
    assert "0 failures in tests" in summary


def small_site(tmp_path: Path, page: str) -> Path:
    """A site with the real configuration, one page, and two public names declared."""
    source = tmp_path / "source"
    source.mkdir()
    (source / "conf.py").write_text(
        textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(DOCS)!r})
        from conf import *  # noqa: F403  (the site's own configuration and setup())
        from conf import setup  # noqa: F401
        templates_path = [{str(DOCS / "_templates")!r}]
        html_static_path = []
        exclude_patterns = ["conf.py", "_build"]
        def fresh_api_stubs(app):  # this site has no generated stubs
            pass
        """)
    )
    (source / "index.md").write_text(
        "# A page\n\n```{toctree}\napi\n```\n\n" + textwrap.dedent(page)
    )
    (source / "api.md").write_text(
        "# API\n\n```{eval-rst}\n.. py:function:: matchgame.analyse(source)\n\n"
        ".. py:class:: matchgame.Analysis\n\n   .. py:method:: explain(name)\n```\n"
    )
    return source


def test_references_resolve_by_public_and_by_defining_paths(tmp_path: Path) -> None:
    source = small_site(
        tmp_path,
        """
        {func}`matchgame.analyse`, {func}`matchgame.games.api.analyse`,
        {meth}`matchgame.games.vertex.analysis.Analysis.explain`.
        """,
    )
    run = sphinx("-b", "html", source, tmp_path / "html")
    assert run.returncode == 0, failed(run)


def test_a_dangling_reference_fails_the_build(tmp_path: Path) -> None:
    dangling = [
        "matchgame.no_such_function",  # no public name
        "matchgame.games.vertex.analysis.no_such_function",  # a defining path to nothing
        "matchgame.core.board.NoSuchClass",
    ]
    source = small_site(tmp_path, "".join(f"{{func}}`{target}` " for target in dangling))
    run = sphinx("--keep-going", "-b", "html", source, tmp_path / "html")
    assert run.returncode != 0
    for target in dangling:
        assert f"reference target not found: {target}" in run.stdout + run.stderr, target
