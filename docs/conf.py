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

from sphinx.errors import PycodeError
from sphinx.pycode import ModuleAnalyzer
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
    "sphinx.ext.viewcode",  # a [source] link beside every object, to its highlighted module
    "numpydoc",
    "myst_nb",
    "sphinx_design",
    "sphinxarg.ext",
    "sphinx_copybutton",
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
nitpick_ignore = [
    # a private constant that matchgame.draw.default_scale's docstring names (the
    # readable width of a picture): no page documents it
    ("py:data", "_READABLE_WIDTH"),
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
# a cell's Markdown output (the contest page's table of problems) read as GitHub's
# Markdown, whose tables CommonMark lacks
nb_render_markdown_format = "gfm"
# docs/notebook.py, the percent-format notebook the tests also run, is a page too
nb_custom_formats = {".py": ["jupytext.reads", {"fmt": "py:percent"}]}

# --- the API reference ----------------------------------------------------------------
# The reference is generated from matchgame.__all__: a name added, renamed or dropped there
# changes the site with no edit here.
PUBLIC = {name: getattr(matchgame, name) for name in matchgame.__all__}
# The modules with a page of their own, every name of their __all__ on it (docs/api/index.md
# lists them; matchgame.sweep, a public name, has its page among the names): references
# to their submodules, and to what they export by its defining path, land there.
MODULE_PAGES = ("matchgame.sweep", "matchgame.draw", "matchgame.generate")
# The other public modules, in the module index with a paragraph each (docs/api/index.md):
# their public names are documented as matchgame's own.
MODULE_ENTRIES = (
    "matchgame.certificates",
    "matchgame.examples",
    "matchgame.games",
    "matchgame.readers",
    "matchgame.writers",
)
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
    # another name of a class (MoveAnnotation is MoveNote): its page says what it is, in the
    # sentence written under its assignment, where autodoc would only say "alias of"
    "aliases": {},  # filled below, once the functions that read the sources are defined
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

# --- copy buttons --------------------------------------------------------------------------
# A code block's copy button copies what is typed: the prompts of a shell ("$ ") and of
# Python (">>> ", "... ") are left out, and so is the output shown after them.
copybutton_prompt_text = r"\$ |>>> |\.\.\. "
copybutton_prompt_is_regexp = True

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
# Pages without subpages have no section to navigate: no left sidebar (an empty "Section
# Navigation" otherwise). Every page at the top of docs/ is such a page (index.md's own
# pages are the sections of the navigation bar).
html_sidebars = {path.stem: [] for path in DOCS.glob("*.md")}


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
        public = _public_path(target) or _module_path(target, node.get("reftype"))
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


def _module_path(target: str, reftype: str | None) -> str | None:
    """Where a module page documents ``target``: a submodule of a documented module
    (``matchgame.draw.boards``) is its module's page; an object a module page's module
    exports (``matchgame.draw.scene.Scene``) is its entry there (``matchgame.draw.Scene``).
    None for anything else, which then fails the build."""
    for module in sorted(MODULE_PAGES + MODULE_ENTRIES, key=len, reverse=True):
        if not target.startswith(module + "."):
            continue
        if reftype == "mod":
            return module
        if module not in MODULE_PAGES:
            return None
        name = target.rsplit(".", 1)[1]
        exported = getattr(importlib.import_module(module), name, None)
        value = _object_at(target)
        if name in getattr(importlib.import_module(module), "__all__", ()) and (
            exported is value and value is not None
        ):
            return f"{module}.{name}"
        return None
    return None


def _object_at(target: str) -> object | None:
    """The object a dotted path names (a module's attribute, or a module), else None."""
    parts = target.split(".")
    for split in range(len(parts), 0, -1):
        try:
            value: object = importlib.import_module(".".join(parts[:split]))
        except ImportError:
            continue
        for part in parts[split:]:
            value = getattr(value, part, None)
            if value is None:
                return None
        return value
    return None


def _assigned_doc(module: str, name: str, value: object) -> list[str]:
    """The docstring written under ``name = ...`` (or its ``#:`` comment) in ``module``, or
    in the module of the package that ``module`` imports ``value`` from."""
    candidates = [module, *sorted(m for m in sys.modules if m.startswith(f"{module}."))]
    for candidate in candidates:
        if getattr(sys.modules.get(candidate), name, None) is not value:
            continue
        try:
            docs = ModuleAnalyzer.for_module(candidate).find_attr_docs()
        except PycodeError:  # a compiled module: no source to read
            continue
        if ("", name) in docs:
            return list(docs[("", name)])
    return []


def _alias_sentences() -> dict[str, str]:
    """Each public name that is another name of a class, and the docstring of its
    assignment (``MoveAnnotation = MoveNote`` in matchgame.games.vertex.mistakes)."""
    aliases = {}
    for name, value in PUBLIC.items():
        if inspect.isclass(value) and value.__name__ != name:
            sentence = " ".join(line.strip() for line in _assigned_doc("matchgame", name, value))
            aliases[name] = sentence.strip() or f"Another name of :class:`{value.__name__}`."
    return aliases


autosummary_context["aliases"] = _alias_sentences()


def _module_data() -> dict[str, list[str]]:
    """Per module page, the data of its __all__ that has a docstring where it is assigned:
    autodoc's ``automodule :members:`` leaves out data a module imports, so the page's
    template lists them (docs/_templates/autosummary/module.rst)."""
    found: dict[str, list[str]] = {}
    for module in MODULE_PAGES:
        public = importlib.import_module(module)
        for name in getattr(public, "__all__", ()):
            value = getattr(public, name)
            if inspect.ismodule(value) or inspect.isclass(value) or inspect.isroutine(value):
                continue
            if _assigned_doc(module, name, value):
                found.setdefault(module, []).append(name)
    return found


autosummary_context["module_data"] = _module_data()


def data_docstring(app, what, name, obj, options, lines):
    """A data item's docstring is the one written under its assignment, wherever the
    module documenting it imported it from (autodoc reads the documenting module only,
    and otherwise shows the docstring of the value's type: int's, str's, tuple's)."""
    if what != "data" or not name.startswith("matchgame."):
        return
    module, _, attribute = name.rpartition(".")
    lines[:] = _assigned_doc(module, attribute, obj)


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


def commands_named_by_their_command_line(app, env):
    """sphinx-argparse files each command for the search under its description (a
    paragraph, escaped as HTML): search results then showed paragraphs as titles, with
    ``&#x27;`` for every quote. Each is filed under its command line
    (``matchgame verify``), as the page's own title has it."""
    domain = env.domaindata.get("commands")
    if domain is not None:
        domain["commands"] = [(name, name, *rest) for name, _, *rest in domain["commands"]]


def every_command_has_a_page(app):
    """Warn (an error under -W) if a command of the parser has no page in docs/cli/."""
    for command in cli_reference.commands():
        if not (DOCS / "cli" / f"{command}.md").exists():
            logger.warning(f"the command {command!r} has no page docs/cli/{command}.md")


def setup(app):
    app.connect("builder-inited", fresh_api_stubs, priority=100)  # before autosummary
    app.connect("builder-inited", every_command_has_a_page)
    app.connect("env-updated", commands_named_by_their_command_line)
    app.connect("missing-reference", public_reference)
    # before numpydoc reads the docstrings (priority 500)
    app.connect("autodoc-process-docstring", data_docstring, priority=400)
    app.connect("include-read", relink_included)
    for listener in list(app.events.listeners["autodoc-process-signature"]):
        if listener.handler.__module__.startswith("numpydoc"):
            app.events.listeners["autodoc-process-signature"].remove(listener)
            app.connect("autodoc-process-signature", _skip_aliases(listener.handler))
