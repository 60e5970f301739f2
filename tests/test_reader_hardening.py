"""Readers end every input in a graph or one ParseError (issue 24's list): headers with
no newline after them, NetworkX's readers failing in any way, GraphML without ids,
empty SNAP files, hints that would cost more than the input, and files whose first
line must not be quoted."""

from __future__ import annotations

import resource
import subprocess
import sys
import warnings

import pytest
from cli_helpers import assert_user_error, run_cli

import matchgame
from matchgame.errors import ParseError
from matchgame.inputs import parse_input
from matchgame.readers import _memory, networkx_formats

pytest.importorskip("networkx")

BANNER = b"%%MatrixMarket matrix coordinate pattern symmetric\n"


@pytest.mark.parametrize(
    ("format_name", "data", "n"),
    [
        ("dimacs", b"p edge 3 0", 3),
        ("mtx", BANNER + b"3 3 0", 3),
        ("mtx", b"%%MatrixMarket matrix coordinate pattern general\n2 2 0", 2),
        ("metis", b"0 0", 0),
    ],
)
def test_a_header_that_ends_the_file_without_a_newline_is_read(format_name, data, n):
    # was "ValueError: begin is outside the buffer"
    graph = matchgame.read_graph(data, format=format_name)
    assert (graph.n_vertices, graph.n_edges) == (n, 0)


@pytest.mark.parametrize(
    ("format_name", "data"),
    [("metis", b"1 0"), ("dimacs", b"p edge 3 1"), ("mtx", BANNER + b"2 2 1")],
)
def test_a_header_alone_that_promises_lines_is_a_parse_error(format_name, data):
    with pytest.raises(ParseError, match="line 1"):
        matchgame.read_graph(data, format=format_name)


def test_the_command_line_reads_a_header_without_a_newline():
    run = run_cli("placements", "--input-format", "dimacs", "-", stdin=b"p edge 3 0")
    assert run.code == 0, run


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (b"graph [ node 1 ]", "AttributeError"),  # NetworkX: 'int' object has no 'pop'
        (b'graph [ label "a\n\n]', "IndexError"),
        (b"graph [ " + b"a [ " * 500 + b"]" * 500 + b" ]", "nested deeper"),  # RecursionError
    ],
)
def test_every_failure_of_the_gml_reader_is_a_parse_error(data, fragment):
    with pytest.raises(ParseError, match=fragment):
        matchgame.read_graph(data, format="gml")


def test_a_gml_error_gets_the_line_and_column_networkx_gives():
    with pytest.raises(ParseError) as caught:
        matchgame.read_graph(b"graph [\n node [ id 1 ]\n", format="gml")
    assert (caught.value.line, caught.value.column) == (3, 1)
    assert " at (" not in str(caught.value)


def test_the_deep_gml_file_is_small_and_refused_on_the_command_line():
    data = b"graph [ " + b"a [ " * 500 + b"]" * 500 + b" ]"
    assert len(data) < 2600
    assert_user_error(run_cli("placements", "--input-format", "gml", "-", stdin=data), "GML")


GRAPHML = (
    b'<?xml version="1.0"?>\n<graphml><graph edgedefault="undirected">\n%s\n</graph></graphml>'
)


def test_a_graphml_port_is_read_without_a_warning():
    data = (
        GRAPHML % b'<node id="a"><port name="p"/></node><node id="b"/><edge source="a" target="b"/>'
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        graph = matchgame.read_graph(data, format="graphml")
    assert graph.n_edges == 1
    run = run_cli("placements", "--input-format", "graphml", "-", stdin=data)
    assert run.code == 0 and run.err == "", run


@pytest.mark.parametrize(
    ("element", "line", "missing"),
    [
        (b"<node/>", 3, "'id'"),
        (b'<node id="a"/>\n\n<edge target="a"/>', 5, "'source'"),
        (b'<node id="a"/><edge source="a"/>', 3, "'target'"),
    ],
)
def test_graphml_without_ids_is_refused_naming_the_line(element, line, missing):
    with pytest.raises(ParseError, match=missing) as caught:
        matchgame.read_graph(GRAPHML % element, format="graphml")
    assert caught.value.line == line


def test_a_graphml_node_named_none_is_a_node():
    graph = matchgame.read_graph(GRAPHML % b'<node id="None"/><node id="x"/>', format="graphml")
    assert graph.labels == ("None", "x")


def _peak_of_reading(path: str, parse: str) -> tuple[int, int]:
    """(bytes of the file, peak RSS growth of reading it), in a fresh process: VmHWM, as
    ru_maxrss would carry the forking test process's peak across exec."""
    script = (
        "import sys\n"
        "import networkx\n"  # its import is no cost of the file's bytes
        "from matchgame.readers import networkx_formats as f\n"
        "def hwm():\n"
        "    for line in open('/proc/self/status'):\n"
        "        if line.startswith('VmHWM:'):\n"
        "            return int(line.split()[1]) * 1024\n"
        "data = open(sys.argv[1], 'rb').read()\n"
        "before = hwm()\n"
        f"f.{parse}(data)\n"
        "print(len(data), hwm() - before)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script, path], capture_output=True, check=True, text=True
    ).stdout
    size, peak = map(int, out.split())
    return size, peak


@pytest.mark.slow
@pytest.mark.parametrize(
    ("parse", "node"), [("parse_graphml", '<node id="{:x}"/>'), ("parse_gml", "node[id {}]")]
)
def test_the_networkx_memory_estimate_covers_the_tersest_files(tmp_path, parse, node):
    # 100,000 nodes written as tersely as the format allows: the costliest bytes there are
    # (41 to 57 bytes a byte, as measured; the estimate was 24)
    nodes = "".join(node.format(i) for i in range(100_000))
    text = (
        f'<graphml><graph edgedefault="undirected">{nodes}</graph></graphml>'
        if parse == "parse_graphml"
        else f"graph[{nodes}]"
    )
    path = tmp_path / "terse"
    path.write_text(text)
    size, peak = _peak_of_reading(str(path), parse)
    assert peak < networkx_formats.BYTES_PER_INPUT_BYTE * size, peak / size


@pytest.mark.parametrize("data", [b"", b"\n \n"])
def test_an_empty_snap_file_is_refused_like_every_other_format(tmp_path, data):
    path = tmp_path / "empty.snap"
    path.write_bytes(data)
    with pytest.raises(ParseError, match="empty input"):
        matchgame.read_graph(path)
    assert_user_error(run_cli("placements", str(path)), "empty input")


def test_a_snap_file_of_comments_is_a_graph_without_edges():
    assert matchgame.read_graph(b"# Nodes: 0 Edges: 0\n", format="snap").n_vertices == 0


def test_trying_other_kinds_for_a_hint_costs_no_more_than_a_share():
    # as an edge list "344444444 0" declares 344 million vertices (7 GB, 25 s)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with pytest.raises(ParseError, match="must be positive") as caught:
        parse_input(b" 344444444 0", "board")
    assert "reads as" not in str(caught.value)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before < 200_000  # KiB
    # a small one still gets its hint
    with pytest.raises(ParseError, match="reads as an edge list"):
        parse_input(b"3 2\n1 2\n2 3\n", "board")


def test_a_share_inside_a_share_is_the_smaller():
    outer, inner = _memory.memory_share(1 << 20), _memory.memory_share(1 << 40)
    with outer, inner, pytest.raises(ParseError, match="needs about"):
        _memory.require_memory(1 << 30, "a test")
    with _memory.memory_share(1 << 40), _memory.memory_share(None):
        _memory.require_memory(1 << 30, "a test")


SECRET = b"admin:x:0:0:s3cr3t-first-line:/home:/bin/sh\ndaemon:x:1:1\n"


def test_a_file_that_is_no_graph_format_is_not_quoted(tmp_path):
    path = tmp_path / "passwd"
    path.write_bytes(SECRET)
    with pytest.raises(ParseError) as caught:
        matchgame.read_graph(str(path))
    message = str(caught.value)
    assert "s3cr3t" not in message and "admin" not in message
    assert "not a graph file" in message and caught.value.line == 1
    with pytest.raises(ParseError, match="not a graph file") as caught:  # a Path too
        matchgame.read_graph(path)
    assert "s3cr3t" not in str(caught.value)


def test_an_edge_list_file_and_text_given_say_where_not_what(tmp_path):
    path = tmp_path / "graph"
    path.write_bytes(b"3 2\n1 2\n2 3 x\n")
    with pytest.raises(ParseError, match="line 3"):
        matchgame.read_graph(str(path))
    with pytest.raises(ParseError, match=r"line 1, column 1: .*found 'a'$") as caught:
        matchgame.read_graph(SECRET)
    assert "admin" not in str(caught.value)


# -- no reader quotes a line (issue 33, 7a) -------------------------------------------

WORD = "QzXwVk"  # what must not show: no three letters of it in a row
LINE = f"{WORD}:x:0:0:{WORD}:/root:/bin/bash".encode()


def _quotes_the_file(message: str) -> bool:
    return any(WORD[i : i + 3] in message for i in range(len(WORD) - 2))


# the secret line where each reader meets it: the header, or after a valid beginning
SECRET_LINES = {
    "board": [LINE, b"2 2\n..\n..\n" + LINE, b"2 " + LINE, b"1 1\n" + LINE],
    "edges": [LINE, b"2 1\n1 2\n" + LINE, b"2 1 " + LINE],
    "noi": [LINE, b"1 2\nO.\n0\n" + LINE, b"1 2\nO.\n" + LINE],
    "walk-board": [LINE, b"1 2 0\n..\n" + LINE, b"1 2 1\n..\n" + LINE],
    "walk-edges": [LINE, b"2 1 0\n1 2\n" + LINE],
    "trail-board": [LINE],
    "trail-edges": [LINE],
    "mtx": [
        LINE,
        b"%%MatrixMarket " + LINE,
        b"%%MatrixMarket matrix " + LINE,
        b"%%MatrixMarket matrix coordinate " + LINE + b" general",
        b"%%MatrixMarket matrix coordinate pattern " + LINE,
        b"%%MatrixMarket matrix coordinate pattern general\n" + LINE,
    ],
    "metis": [LINE, b"2 1 " + LINE, b"2 1 0 " + LINE, b"2 1 0 1 " + LINE, b"1 0\n" + LINE],
    "dimacs": [LINE, b"p " + LINE, b"p edge " + LINE, b"p edge 2 1\n" + LINE],
    # ("1 " + LINE is an edge: names may be any words, as NetworkX writes them)
    "snap": [LINE, b"1 2\n" + LINE, b"1 2 " + LINE, b"1 2 {}\n3 " + LINE],
    "gml": [LINE, b"graph [ node [ id " + LINE + b" ] ]", b"graph [ " + LINE + b" ]"],
    "graphml": [LINE, b"<graphml><" + LINE + b"/></graphml>"],
    "graph6": [LINE],
    "sparse6": [LINE],
    "graph": [LINE],
}


@pytest.mark.parametrize("kind", sorted(SECRET_LINES))
def test_no_reader_quotes_a_line_it_cannot_read(kind):
    """``matchgame placements /etc/passwd`` printed the file's first line; every reader
    now names the place (line, column) and at most one character found there."""
    for data in SECRET_LINES[kind]:
        with pytest.raises(matchgame.MatchgameError) as caught:
            parse_input(data, kind)
        message = str(caught.value)
        assert not _quotes_the_file(message), (kind, data, message)
        assert "line" in message or "column" in message or kind in ("graph6", "sparse6")


def test_sweep_json_lines_name_a_bad_value_by_its_kind():
    for line in (
        b'{"n": "' + LINE + b'"}\n',
        b'{"n": 2, "edges": [[0, "' + LINE + b'"]]}\n',
    ):
        with pytest.raises(ParseError) as caught:
            list(matchgame.sweep(line))
        assert not _quotes_the_file(str(caught.value)), caught.value


@pytest.mark.parametrize(
    "command",
    [
        ["placements"],
        ["placements", "--edges"],
        ["placements", "--game", "edge"],
        ["mistakes"],
        ["annotate"],
        ["annotate", "--edges"],
        ["render", "-o", "{out}"],
        ["explain", "{file}", "1", "1"],
        ["verify", "{file}", "{file}"],
        ["sweep"],
    ],
)
def test_no_command_prints_a_line_of_a_file_it_cannot_read(tmp_path, command):
    path = tmp_path / "passwd"
    path.write_bytes(LINE + b"\n" + LINE + b"\n")
    names = {"file": str(path), "out": str(tmp_path / "out.svg")}
    arguments = [part.format(**names) for part in command]
    if "{file}" not in command:
        arguments.append(str(path))
    run = run_cli(*arguments)
    assert_user_error(run, "line 1")
    assert not _quotes_the_file(run.err), run.err


DEEP_LINE = b'{"n": 1, "edges": ' + b"[" * 1000 + b"]" * 1000 + b"}\n"


def test_a_sweep_json_line_nested_a_thousand_deep_is_a_parse_error():
    with pytest.raises(ParseError, match=r"line 2: .*nested deeper"):
        list(matchgame.sweep(b'{"n": 2}\n' + DEEP_LINE))
    run = run_cli("sweep", "--jobs", "1", stdin=DEEP_LINE)
    assert run.code == 2 and run.out == "", run
    expected = "error: line 1: <stdin>: nested deeper than a graph line can be"
    assert run.err.splitlines() == [expected]
