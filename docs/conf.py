"""Sphinx configuration of matchgame's documentation site.

Build it with ``python -m sphinx -W -n -b html docs docs/_build/html`` (the test
suite does the same in a temporary folder, tests/test_docs.py). Every tutorial is a
MyST notebook executed at each build, the command-line reference is read from the
argument parser and the API reference from ``matchgame.__all__``, so none of them
can drift from the code.
"""

from __future__ import annotations

import importlib
import inspect
import os
import shutil
import sys
import types
from pathlib import Path

from sphinx.util import logging

import matchgame

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))
import cli_reference  # noqa: E402  (docs/_ext, on the path just above)

logger = logging.getLogger("matchgame.docs")

# the notebooks' shell cells run 'matchgame ...': this interpreter's scripts come first
os.environ["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]])
# pictures and terminal output: no colour codes, the same widths on every machine
os.environ["NO_COLOR"] = "1"
os.environ["COLUMNS"] = "88"

project = "matchgame"
author = "the matchgame authors"
copyright = "the matchgame authors, MIT licence"
release = matchgame.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.doctest",
    "numpydoc",
    "myst_nb",
    "sphinx_design",
    "sphinxarg.ext",
]

# command lines are shown as typed: no curly quotes, no "--" turned into a dash
smartquotes = False
# every reference must resolve: a dangling one is a warning, and the build runs with -W
nitpicky = True
# Names of other projects: the build has no network, so no intersphinx inventory says
# where their pages are; everything of matchgame's own must resolve.
nitpick_ignore_regex = [
    (r"py:.*", r"(numpy|np|networkx|nx|scipy|dask|distributed|PIL)(\..*)?"),
    # the standard library's pages are another project's too
    (r"py:.*", r"(os|pathlib|io|typing|collections|argparse|concurrent)\..*"),
]

source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = [
    "conf.py",
    "_build",
    "_ext",
    "_data",
    "**.ipynb_checkpoints",
    "Thumbs.db",
    ".DS_Store",
]
templates_path = ["_templates"]

# --- MyST and the notebooks ---------------------------------------------------------
# Tutorials, the gallery, the formats and the command-line pages are MyST notebooks run
# by myst-nb at every build. The gallery is such pages too, not sphinx-gallery: its
# pictures are matchgame's own SVGs (_repr_svg_), which myst-nb shows as they are, where
# sphinx-gallery scrapes matplotlib figures and would need a scraper of our own; one
# way of running examples serves every page, and the gallery's front page pastes each
# page's first picture (myst-nb's glue).
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
# every notebook runs at every build, nothing cached between builds; an error fails it
nb_execution_mode = "force"
nb_execution_raise_on_error = True
nb_execution_timeout = 60
nb_execution_show_tb = True
nb_merge_streams = True
# docs/notebook.py, the percent-format notebook the tests also run, is a page too
nb_custom_formats = {".py": ["jupytext.reads", {"fmt": "py:percent"}]}

# --- the API reference ----------------------------------------------------------------
# The reference is generated from matchgame.__all__: a name added, renamed or dropped there
# changes the site with no edit here.
PUBLIC = {name: getattr(matchgame, name) for name in matchgame.__all__}
autosummary_generate = True
autosummary_ignore_module_all = False  # matchgame's members are its __all__
autosummary_imported_members = True
autosummary_context = {
    # public names autosummary does not sort into functions, classes or exceptions
    "public_modules": [n for n, v in PUBLIC.items() if inspect.ismodule(v)],
    "public_data": [
        n
        for n, v in PUBLIC.items()
        if not (inspect.ismodule(v) or inspect.isclass(v) or inspect.isroutine(v))
    ],
}
autodoc_typehints = "none"  # numpydoc's Parameters sections say the types
autodoc_member_order = "groupwise"
numpydoc_show_class_members = False  # autodoc lists the members in full
numpydoc_xref_param_type = True
# Types in Parameters/Returns link when they are matchgame's names; Python's own types
# are written for Sphinx's built-in resolver (no network, so no intersphinx inventories).
numpydoc_xref_ignore = "all"
numpydoc_xref_aliases = {
    **{name: f"matchgame.{name}" for name, value in PUBLIC.items() if not name.startswith("_")},
    **{t: f":class:`{t}`" for t in ("bool", "int", "float", "str", "list", "tuple", "dict")},
    "None": ":obj:`None`",
    "True": ":literal:`True`",
    "False": ":literal:`False`",
    "boolean": ":class:`bool`",
    "string": ":class:`str`",
    "callable": ":literal:`callable`",
    **{t: f":term:`{t}`" for t in ("iterable", "sequence", "generator", "array_like")},
    "array-like": ":term:`array_like`",
}

# --- doctests (python -m sphinx -b doctest, run by tests/test_docs.py) -------------------
doctest_global_setup = "import matchgame\nfrom matchgame import *"

# --- the pages -------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = f"matchgame {release}"
html_static_path = ["_static"]
html_css_files = ["matchgame.css"]
html_theme_options = {
    "navbar_align": "left",
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version", "theme-version"],
}
html_show_sourcelink = False


def public_reference(app, env, node, contnode):
    """Resolve a reference written with a defining module's path (``matchgame.readers.
    boards.parse_board``, ``matchgame.games.vertex.analysis.Analysis.explain``) to the public
    name the reference documents (``matchgame.parse_board``, ``matchgame.Analysis.explain``).

    Docstrings name objects where they are defined; the reference documents them where
    users import them. Only an object that *is* a public name (or a member of one) is
    redirected, so a reference to anything else still fails the build.
    """
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    if target in PUBLIC and not target.startswith("_"):
        public: str | None = f"matchgame.{target}"  # a bare public name, as in matchgame
    elif target.startswith("matchgame.") and target.count(".") >= 2:
        public = _public_path(target)
    else:
        return None
    if public is None or public == target:
        return None
    domain = env.domains["py"]
    node = node.deepcopy()
    node["reftarget"] = public
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], public, node, contnode
    )


def _public_path(target: str) -> str | None:
    """``matchgame.NAME[.member]`` for a dotted path to a public object, else None."""
    parts = target.split(".")
    for split in range(len(parts) - 1, 0, -1):
        try:
            owner = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        value = owner
        for part in parts[split:]:
            value = getattr(value, part, None)
            if value is None:
                return None
        for depth in range(len(parts) - split, 0, -1):
            head = parts[: len(parts) - depth + 1]
            obj = owner
            for part in head[split:]:
                obj = getattr(obj, part)
            for name, public in PUBLIC.items():
                if public is obj:
                    return ".".join(["matchgame", name, *parts[len(head) :]])
        return None
    return None


def _skip_aliases(handler):
    """numpydoc's signature hook, except for type aliases such as ``Cell = tuple[int, int]``.

    A generic alias is callable, so numpydoc returns a signature for it, and Sphinx 9 then
    fails to store it for a data item ("error while formatting signature").
    """

    def hook(app, what, name, obj, options, signature, return_annotation):
        if isinstance(obj, types.GenericAlias):
            return None
        return handler(app, what, name, obj, options, signature, return_annotation)

    return hook


# Files of the repository's root included in the site, and the pages they became: their
# links to each other point at the pages (the files' own links work on GitHub).
INCLUDED = {"BENCHMARKS.md": "benchmarks.md", "SECURITY.md": "security.md"}


def relink_included(app, relative_path, parent_docname, content):
    """Point an included root file's links to BENCHMARKS.md etc. at their pages."""
    for name, page in INCLUDED.items():
        content[0] = content[0].replace(f"]({name})", f"]({page})")


def fresh_api_stubs(app):
    """Remove the stubs an earlier build generated, before autosummary writes them anew:
    a name dropped from matchgame.__all__ must not leave its page behind. Only this
    site's own: a test's small site with this configuration leaves them alone."""
    if Path(app.srcdir).resolve() == DOCS.resolve():
        shutil.rmtree(DOCS / "api" / "generated", ignore_errors=True)


def every_command_has_a_page(app):
    """Warn (an error under -W) if a command of the parser has no page in docs/cli/."""
    for command in cli_reference.commands():
        if not (DOCS / "cli" / f"{command}.md").exists():
            logger.warning(f"the command {command!r} has no page docs/cli/{command}.md")


def setup(app):
    app.connect("builder-inited", fresh_api_stubs, priority=100)  # before autosummary
    app.connect("builder-inited", every_command_has_a_page)
    app.connect("missing-reference", public_reference)
    app.connect("include-read", relink_included)
    for listener in list(app.events.listeners["autodoc-process-signature"]):
        if listener.handler.__module__.startswith("numpydoc"):
            app.events.listeners["autodoc-process-signature"].remove(listener)
            app.connect("autodoc-process-signature", _skip_aliases(listener.handler))
