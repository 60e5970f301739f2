"""Answers and certificates read with every item typed (issue 33, items 2, 4a, 5, 7b, 7c).

Each test fails without its change: a list of empty lists read as integers, SNAP ids
of 2**31 and more out of range, a deep label answer a RecursionError and a big one
read by ``json.loads``, a huge edge certificate read in full, an empty or ``{}``
answer to ``verify --game edge`` called the vertex game's. Bad input: one line on
standard error, exit status 2, nothing on standard output.
"""

from __future__ import annotations

import json
import tracemalloc
from importlib import resources
from pathlib import Path

import pytest
from cli_helpers import assert_user_error, run_cli

from matchgame import Graph, analyse
from matchgame.certificates import check_answer
from matchgame.games.edge.checker import CERTIFICATE_SLACK
from matchgame.games.proofs import answer_bytes
from matchgame.readers.documents import BadList, DocumentError, document_game, read_json
from matchgame.readers.edgelists import parse_edge_list
from matchgame.writers.placements import format_placements

P3_GRAPHML = Path(str(resources.files("matchgame.examples").joinpath("p3.graphml")))  # bundled


def _answer(tmp_path: Path, text: str, *args: str) -> tuple[Path, dict]:
    """The input file and its answer with a certificate, as ``placements`` writes it."""
    source = tmp_path / "input.txt"
    source.write_text(text)
    made = run_cli("placements", *args, str(source), "--format", "json", "--certificate")
    assert made.code == 0, made.err
    return source, json.loads(made.out)


# -- item 2: a list whose items are not integers is refused ------------------------------


@pytest.mark.parametrize(
    ("game", "field", "value", "fragment"),
    [
        ("vertex", ("winning_vertices",), [[], [], []], '"winning_vertices": expected a list'),
        ("vertex", ("decomposition", "A"), [[]], '"decomposition.A": expected a list'),
        ("vertex", ("certificate", "forest"), [[], []], "item 0 is an empty list"),
        ("vertex", ("certificate", "matching"), [[]], "list of pairs"),
        ("edge", ("certificate", "lanes"), [[], []], '"certificate.lanes": expected a list'),
        ("edge", ("winning_vertices",), [[]], "item 0 is an empty list"),
        ("vertex", ("winning_vertices",), [2**64], "an integer beyond 64 bits"),
        ("vertex", ("winning_vertices",), [1.0], "not an integer"),
    ],
)
def test_issue_33_lists_whose_items_are_not_integers_are_refused(
    tmp_path, game, field, value, fragment
):
    edge_args = ["--game", "edge"] if game == "edge" else []
    source, document = _answer(tmp_path, "2 1\n1 2\n", "--edges", *edge_args)
    parent = document
    for key in field[:-1]:
        parent = parent[key]
    parent[field[-1]] = value
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(document))
    assert_user_error(run_cli("verify", "--edges", str(source), str(forged)), fragment)


def test_issue_33_a_list_of_empty_lists_reads_as_no_list_of_integers():
    assert read_json(b"[[], [], []]") == BadList(0, "an empty list")
    assert read_json(b"[[]]") == BadList(0, "an empty list")
    assert read_json(b"[]").width == -1  # an empty list is still one of integers


# -- item 5: ids up to 2**63 - 1 round-trip ------------------------------------------------


@pytest.mark.parametrize("big", [2**31, 5_000_000_000, 2**63 - 1])
@pytest.mark.parametrize("game", ["vertex", "edge"])
def test_issue_33_snap_ids_of_64_bits_round_trip(tmp_path, big, game):
    text = f"# snap\n0 1\n1 {big}\n"
    source = tmp_path / "graph.snap"
    source.write_text(text)
    made = run_cli("placements", str(source), "--format", "json", "--certificate", "--game", game)
    assert made.code == 0, made.err
    assert json.loads(made.out)["winning_vertices"] == [0, big]
    answer = tmp_path / "answer.json"
    answer.write_text(made.out)
    checked = run_cli("verify", str(source), str(answer))
    assert (checked.code, checked.out, checked.err) == (0, "ok\n", "")


def test_issue_33_a_snap_id_of_2_to_the_63_is_refused(tmp_path):
    source = tmp_path / "graph.snap"
    source.write_text(f"# snap\n0 1\n1 {2**63}\n")
    assert_user_error(run_cli("placements", str(source)), "line 3", "too large")


def test_issue_33_gml_ids_of_64_bits_round_trip(tmp_path):
    pytest.importorskip("networkx")
    big = 2**63 - 1
    source = tmp_path / "graph.gml"
    source.write_text(
        f"graph [\n node [ id {big} ]\n node [ id 1 ]\n node [ id 5000000000 ]\n"
        f" edge [ source {big} target 1 ]\n edge [ source 1 target 5000000000 ]\n]\n"
    )
    made = run_cli("placements", str(source), "--format", "json", "--certificate")
    assert made.code == 0, made.err
    assert json.loads(made.out)["winning_vertices"] == [big, 5_000_000_000]
    answer = tmp_path / "answer.json"
    answer.write_text(made.out)
    assert run_cli("verify", str(source), str(answer)).out == "ok\n"


# -- item 4a: a label answer read by the bounded reader ----------------------------------


def test_issue_33_a_label_nested_600_deep_is_one_line(tmp_path):
    pytest.importorskip("networkx")
    source = P3_GRAPHML
    made = run_cli("placements", str(source), "--format", "json", "--certificate")
    document = json.loads(made.out)
    document["winning_vertices"][0] = "DEEP"
    deep = b"[" * 600 + b'"a"' + b"]" * 600
    answer = tmp_path / "answer.json"
    answer.write_bytes(json.dumps(document).encode().replace(b'"DEEP"', deep))
    assert_user_error(run_cli("verify", str(source), str(answer)), "nested deeper than 64")


def test_issue_33_a_label_answer_names_an_unknown_label(tmp_path):
    pytest.importorskip("networkx")
    source = P3_GRAPHML
    made = run_cli("placements", str(source), "--format", "json", "--certificate")
    document = json.loads(made.out)
    answer = tmp_path / "answer.json"
    answer.write_text(json.dumps(document))
    assert run_cli("verify", str(source), str(answer)).out == "ok\n"
    document["decomposition"]["A"] = ["zz"]
    answer.write_text(json.dumps(document))
    run = run_cli("verify", str(source), str(answer))
    assert run.code == 1 and '"zz" is not a vertex of the input' in run.out


def test_issue_33_an_answer_longer_than_its_input_can_need_is_not_read(tmp_path):
    """A 60 MB answer on a 3-vertex graph took 50 s and 950 MB: what the input can
    need bounds it before it is read, as a reader's header bounds a file."""
    graph = Graph.from_edges(3, [(0, 1), (1, 2)])
    analysis = analyse(graph)
    document = json.loads(format_placements(analysis, "json", analysis.certificate()))
    document["winning_vertices"] = "MANY"
    big = json.dumps(document).encode().replace(b'"MANY"', b"[" + b"1," * 500_000 + b"1]")
    assert len(big) > answer_bytes(graph)
    with pytest.raises(DocumentError, match="more than an answer for this input can have"):
        check_answer(graph, big)
    source = tmp_path / "p3.txt"
    source.write_text("3 2\n1 2\n2 3\n")
    answer = tmp_path / "answer.json"
    answer.write_bytes(big)
    run = run_cli("verify", "--edges", str(source), str(answer))
    assert_user_error(run, "answer.json", "more than an answer for this input can have")


# -- item 7b: a huge edge certificate ----------------------------------------------------


def test_issue_33_a_huge_edge_certificate_is_refused_unread():
    path = parse_edge_list(b"4 3\n1 2\n2 3\n3 4\n", multigraph=True)
    most = answer_bytes(path, extra=CERTIFICATE_SLACK)
    huge = b'{"certificate": {"game": "edge", "parity_sets": [' + b"1," * (most // 2) + b"0]}}"
    tracemalloc.start()
    try:
        with pytest.raises(DocumentError, match="more than an answer"):
            check_answer(path, huge, game="edge")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20  # nothing of it read


def test_issue_33_an_edge_certificate_is_read_in_memory_of_its_size():
    n = 100_000
    text = f"{n} {n - 1}\n" + "".join(f"{i} {i + 1}\n" for i in range(1, n))
    path = parse_edge_list(text.encode(), multigraph=True)
    analysis = analyse(path, game="edge")
    data = format_placements(analysis, "json", analysis.certificate())
    assert len(data) > 2 << 20  # the programs of a path: about 30 bytes a vertex
    tracemalloc.start()
    try:
        read_json(data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 * len(data)  # numbers as int32 here: under one a byte of text


# -- item 7c: an empty or gameless answer is named so -------------------------------------


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (b"", "the file is empty"),
        (b"  \n", "the file is empty"),
        (b"{}", 'field "certificate" is missing'),
        (b'{"game": "edge"}', 'field "certificate" is missing'),
        (b"[1, 2]", "expected a JSON object"),
        (b"{not json", "not JSON"),
    ],
)
@pytest.mark.parametrize("game", [[], ["--game", "edge"], ["--game", "vertex"]])
def test_issue_33_verify_names_an_empty_or_gameless_answer(tmp_path, text, fragment, game):
    source = tmp_path / "input.txt"
    source.write_text("2 1\n1 2\n")
    answer = tmp_path / "answer.json"
    answer.write_bytes(text)
    run = run_cli("verify", "--edges", *game, str(source), str(answer))
    assert_user_error(run, "answer.json", fragment)
    assert "vertex game" not in run.err


def test_issue_33_document_game_reads_which_game():
    assert document_game(b'{"certificate": {"format": "x"}}') is None
    assert document_game(b'{"game": "edge", "certificate": {"game": "edge"}}') == "edge"
    with pytest.raises(DocumentError, match="empty"):
        document_game(b"")
    with pytest.raises(DocumentError, match="nested deeper"):
        document_game(b"[" * 100 + b"]" * 100)
