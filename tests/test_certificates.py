"""Certificates: genuine ones verify; forged, altered and malformed answer files are refused."""

import hashlib
import json
from pathlib import Path

import pytest
from budget import examples
from cli_helpers import assert_user_error, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import bipartite_edge_lists, board_rows, general_edge_lists

from matchgame import Board, Graph, analyse
from matchgame.certificates import canonical_input, check_answer
from matchgame.games.vertex.certificate import FORMAT, make_certificate
from matchgame.readers.documents import DocumentError
from matchgame.writers.placements import format_placements

DATA = Path(__file__).parent / "data" / "certificates"


def answer(source) -> bytes:
    """The JSON answer with its certificate, as ``placements --certificate`` writes it."""
    analysis = analyse(source)
    return format_placements(analysis, "json", make_certificate(source, analysis.decomposition))


def problems_of(source, document: dict) -> list[str]:
    return check_answer(source, json.dumps(document).encode())


@settings(max_examples=examples(300), deadline=None)
@given(case=st.one_of(general_edge_lists(), bipartite_edge_lists()))
def test_certificates_of_graphs_verify(case):
    graph = Graph.from_edges(*case)
    data = answer(graph)
    assert check_answer(graph, data) == []
    certificate = json.loads(data)["certificate"]
    assert ("forest" in certificate) == graph.is_bipartite
    assert ("tutte_berge_set" in certificate) != graph.is_bipartite


@settings(max_examples=examples(200), deadline=None)
@given(rows=board_rows(max_free=30, max_side=7))
def test_certificates_of_boards_verify(rows):
    board = Board.from_rows(rows)
    assert check_answer(board, answer(board)) == []


def test_canonical_input_is_the_plain_text():
    board = Board.parse("2 3\n.x.\r\n#..  \n\n")
    assert canonical_input(board) == b"2 3\n.#.\n#..\n"
    graph = Graph.from_edges(4, [(1, 0), (0, 1), (2, 2), (3, 1)])
    assert canonical_input(graph) == b"4 2\n1 2\n2 4\n"
    document = json.loads(answer(board))
    assert document["certificate"]["input"] == {
        "kind": "board",
        "sha256": hashlib.sha256(b"2 3\n.#.\n#..\n").hexdigest(),
    }


# -- the forgeries of issue "verify accepts false verdicts", kept as files ---------


@pytest.mark.parametrize(
    ("edges", "input_name", "forged", "code", "fragment"),
    [
        (True, "path8.txt", "path8-empty-covers-v1.json", 2, "certificate.format"),
        (True, "path8.txt", "path8-empty-matching.json", 1, "vertex cover"),
        (False, "jsoi.txt", "jsoi-empty-covers-v1.json", 2, "certificate.format"),
        (False, "jsoi.txt", "jsoi-all-winning.json", 1, "vertex cover"),
        (True, "triangle-pendant.txt", "triangle-pendant-empty-covers-v1.json", 2, "format"),
        (True, "triangle-pendant.txt", "triangle-pendant-all-winning.json", 1, "Tutte-Berge"),
        (True, "triangle-pendant.txt", "triangle-pendant-forest.json", 1, "odd cycle"),
    ],
)
def test_forged_certificates_are_refused(edges, input_name, forged, code, fragment):
    args = ["verify", *(["--edges"] if edges else []), str(DATA / input_name), str(DATA / forged)]
    run = run_cli(*args)
    assert run.code == code, run
    if code == 2:
        assert_user_error(run, forged, fragment)
    else:
        assert run.out.startswith("invalid: ") and fragment in run.out, run


PATH5 = Graph.from_edges(5, [(0, 1), (1, 2), (2, 3), (3, 4)])
TRIANGLE_TAIL = Graph.from_edges(5, [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)])
HEART = Board.parse(
    (Path(__file__).parent.parent / "src" / "matchgame" / "examples" / "heart.txt").read_bytes()
)


def _set(path: str, value):
    def tamper(document):
        *parents, last = path.split(".")
        for key in parents:
            document = document[key]
        document[last] = value(document[last]) if callable(value) else value

    return tamper


@pytest.mark.parametrize(
    ("source", "tamper", "message"),
    [
        # every answer field is compared with what the certificate proves
        (PATH5, _set("placer_wins", False), '"placer_wins" is false'),
        (PATH5, _set("matching_size", 3), '"matching_size" is 3'),
        (PATH5, _set("vertices", 6), '"vertices" is 6'),
        (PATH5, _set("edges", 5), '"edges" is 5'),
        (PATH5, _set("engine", "blossom"), '"engine"'),
        (PATH5, _set("decomposition.A", [2]), '"decomposition.A" has 1 item,'),
        (PATH5, _set("decomposition.C", [3]), '"decomposition.C" has 1 item,'),
        (PATH5, _set("decomposition.D", [1, 3, 4]), '"decomposition.D" item 2'),
        (PATH5, _set("matching", lambda m: [m[0][::-1], m[1]]), '"matching" item 0'),
        (HEART, _set("rows", 17), '"rows" is 17'),
        (HEART, _set("free_cells", 1), '"free_cells" is 1'),
        (HEART, _set("placer_wins", False), '"placer_wins" is false'),
        # the verdicts must be proven
        (PATH5, _set("winning_vertices", [1, 3]), "forest has 3 entries for 2"),
        (HEART, _set("winning_cells", lambda cells: cells[1:]), "forest has"),
        (TRIANGLE_TAIL, _set("winning_vertices", [1, 2, 3, 4, 5]), "matching covers vertex 4"),
        # the certificate itself
        (PATH5, _set("certificate.matching", [[1, 3], [4, 5]]), "not an edge"),
        (PATH5, _set("certificate.matching", [[1, 2], [2, 3]]), "in two pairs"),
        (PATH5, _set("certificate.matching", [[1, 2], [1, 2]]), "in two pairs"),
        (PATH5, _set("certificate.matching", [[1, 2], [2, 1]]), "in two pairs"),
        (PATH5, _set("certificate.matching", [[1, 2], [3, 9]]), "vertex 9, not one of 1..5"),
        (PATH5, _set("certificate.forest", lambda f: [x or 2 for x in f]), "must be 0 exactly"),
        (HEART, _set("certificate.forest", lambda f: [x and max(f) for x in f]), "goes on"),
        (PATH5, _set("certificate.input.sha256", "0" * 64), "another input"),
        (HEART, _set("certificate.input.kind", "edges"), "another input"),
        (TRIANGLE_TAIL, _set("certificate.tutte_berge_set", [3, 4]), "Tutte-Berge bound"),
        (TRIANGLE_TAIL, _set("certificate.tutte_berge_set", []), "no proof that the placer"),
        # the ears: [3] starts the triangle, [3, 2, 1, 3] closes it, [5] starts {5}
        (TRIANGLE_TAIL, _set("certificate.ears", [3, 0, 3, 2, 1, 0, 5, 0]), "2 edges, an even"),
        (TRIANGLE_TAIL, _set("certificate.ears", [3, 2, 1, 3, 0, 3, 0, 5, 0]), "no earlier ear"),
        (TRIANGLE_TAIL, _set("certificate.ears", [3, 0, 3, 2, 5, 3, 0, 1, 0]), "not an edge"),
        (TRIANGLE_TAIL, _set("certificate.ears", [3, 0, 3, 2, 1, 3, 0]), "no ear makes vertex 5"),
        (TRIANGLE_TAIL, _set("certificate.ears", [3, 0, 3, 2, 1, 3, 0, 5, 0, 2, 0]), "in two"),
        (TRIANGLE_TAIL, _set("certificate.ears", [3, 0, 3, 2, 1, 3, 0, 5]), "end with a 0"),
        (TRIANGLE_TAIL, _set("certificate.ears", [3, 0, 0, 3, 2, 1, 3, 0, 5, 0]), "is empty"),
        (TRIANGLE_TAIL, _set("certificate.ears", [1, 0, 2, 0, 3, 0, 5, 0]), "start a component"),
        (TRIANGLE_TAIL, _set("certificate.ears", [3, 0, 3, 2, 1, 3, 0, 5, 0, 4, 0]), "loses there"),
        # the links: {5} is matched to 4, next to 3 in the triangle (which has 3 exposed)
        (TRIANGLE_TAIL, _set("certificate.links", [0, 5]), "goes to vertex 5, which is not"),
        (TRIANGLE_TAIL, _set("certificate.links", [0, 1]), "goes to vertex 1, which is not"),
        (TRIANGLE_TAIL, _set("certificate.links", [0, 0]), "must be 0 exactly when"),
        (TRIANGLE_TAIL, _set("certificate.links", [3, 3]), "must be 0 exactly when"),
        (TRIANGLE_TAIL, _set("certificate.links", [0]), "1 entry for 2 components"),
        (TRIANGLE_TAIL, _set("certificate.links", [0, 6]), "vertex 6, not one of 1..5"),
    ],
)
def test_altered_answers_are_refused(source, tamper, message):
    document = json.loads(answer(source))
    assert problems_of(source, document) == []
    tamper(document)
    problems = problems_of(source, document)
    assert problems and any(message in p for p in problems), problems


def test_forest_cycle_is_not_a_proof():
    # a square with the matching 1-2, 3-4: forest entries for 1 and 3 that point at
    # each other alternate at every step but never reach an exposed vertex
    cycle = Graph.from_edges(4, [(0, 1), (1, 2), (2, 3), (3, 0)])  # square, perfect matching
    document = json.loads(answer(cycle))
    document["winning_vertices"] = document["decomposition"]["D"] = [1, 3]
    document["decomposition"]["A"], document["decomposition"]["C"] = [2, 4], []
    document["placer_wins"] = True
    document["certificate"]["forest"] = [3, 1]  # 1 -> M(1)=2 -> 3 -> M(3)=4 -> 1 -> ...
    assert any("cycle" in p for p in problems_of(cycle, document))


def test_links_in_a_cycle_are_no_proof():
    # x1 = 1 and x2 = 3 are matched to a = 2 and b = 4; the triangle 5 6 7 next to a has
    # an exposed vertex: the genuine links go 1 -> the triangle (next to a) and 3 -> 1
    # (next to b); the links 1 -> 3 and 3 -> 1 never end
    edges = [(0, 1), (2, 3), (1, 2), (3, 0), (1, 4), (4, 5), (5, 6), (6, 4)]
    graph = Graph.from_edges(7, edges)
    document = json.loads(answer(graph))
    assert problems_of(graph, document) == []
    certificate = document["certificate"]
    assert certificate["tutte_berge_set"] == [2, 4]
    links = {1: 3, 3: 1}
    certificate["links"] = [links.get(v, 0) for v in _starts(certificate["ears"])]
    assert any("cycle" in p for p in problems_of(graph, document))


def _starts(ears: list[int]) -> list[int]:
    """The one-vertex ears of a certificate's ears, in order."""
    found, ear = [], []
    for v in ears:
        if v:
            ear.append(v)
        else:
            found += ear if len(ear) == 1 else []
            ear = []
    return found


def test_version_3_certificates():
    """Version 3's forests are version 4's and still read; its paths are refused."""
    for source in (PATH5, HEART):
        document = json.loads(answer(source))
        document["certificate"]["format"] = "matchgame-certificate/3"
        assert problems_of(source, document) == []
    document = json.loads(answer(TRIANGLE_TAIL))
    certificate = document["certificate"]
    certificate["format"] = "matchgame-certificate/3"
    certificate["paths"] = [3, 3, 5]
    del certificate["ears"], certificate["links"]
    with pytest.raises(DocumentError, match="make the certificate again"):
        problems_of(TRIANGLE_TAIL, document)


@pytest.mark.parametrize(
    ("tamper", "fragment"),
    [
        (lambda d: d.pop("matching_size"), 'field "matching_size" is missing'),
        (lambda d: d.__setitem__("note", 1), 'unexpected field "note"'),
        (lambda d: d["certificate"].__setitem__("vertex_covers", []), "vertex_covers"),
        (lambda d: d["certificate"].pop("forest"), '"certificate.forest" is missing'),
        (lambda d: d.__setitem__("matching_size", True), "expected an integer"),
        (lambda d: d.__setitem__("matching_size", 2.0), "expected an integer"),
        (lambda d: d.__setitem__("placer_wins", 1), "expected true or false"),
        (lambda d: d["certificate"].__setitem__("input", "x"), '"certificate.input": expected an'),
        (lambda d: d["certificate"].__setitem__("matching", [1, 2]), "list of pairs"),
        (lambda d: d["certificate"].__setitem__("matching", [[1, 2, 3]]), "list of pairs"),
        (lambda d: d["certificate"].__setitem__("forest", [[1]]), "list of integers"),
        (lambda d: d["certificate"].__setitem__("forest", ["1"]), "item 0 is a string"),
        (lambda d: d.__setitem__("winning_cells", {}), "expected a list of pairs"),
        (lambda d: d.pop("certificate"), "--certificate"),
        (lambda d: d["certificate"].__setitem__("format", "x" * 500), "is not " + FORMAT),
    ],
)
def test_malformed_documents_are_unusable(tamper, fragment):
    board = Board.from_rows([".##", "...", "#.#"])
    document = json.loads(answer(board))
    tamper(document)
    with pytest.raises(DocumentError, match=None) as error:
        problems_of(board, document)
    message = str(error.value)
    assert fragment in message and len(message) < 200, message


def test_malformed_files_through_the_cli(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("3 3\n.##\n...\n#.#\n")
    good = json.loads(run_cli("placements", str(board), "--format", "json", "--certificate").out)
    answer_file = tmp_path / "answer.json"
    cases = {
        "nested": (b"[" * 10_000 + b"]" * 10_000, "nested deeper"),
        "long string": (
            json.dumps({**good, "certificate": {**good["certificate"], "format": "x" * 10_000}}),
            '"certificate.format"',
        ),
        "wrong type": (json.dumps({**good, "certificate": []}), '"certificate": expected an'),
        "not json": ("{not json", "not JSON"),
    }
    for name, (text, fragment) in cases.items():
        answer_file.write_bytes(text.encode() if isinstance(text, str) else text)
        run = run_cli("verify", str(board), str(answer_file))
        assert_user_error(run, "answer.json", fragment)
        assert len(run.err) < 200, (name, run.err)
    answer_file.write_text(json.dumps(good))
    assert (run_cli("verify", str(board), str(answer_file)).out) == "ok\n"
    assert_user_error(run_cli("verify", str(board), str(tmp_path / "none.json")), "cannot read")


def test_two_million_duplicate_pairs(tmp_path):
    # a board of 6400 cells allows an answer of 12.9 MB (answer_bytes): room for the pairs
    board = tmp_path / "board.txt"
    board.write_text("80 80\n" + ("." * 80 + "\n") * 80)
    document = json.loads(
        run_cli("placements", str(board), "--format", "json", "--certificate").out
    )
    document["certificate"]["matching"] = "PAIRS"
    pairs = b"[" + b",".join([b"[1,2]"] * 2_000_000) + b"]"
    (tmp_path / "answer.json").write_bytes(json.dumps(document).encode().replace(b'"PAIRS"', pairs))
    run = run_cli("verify", str(board), str(tmp_path / "answer.json"))
    assert run.code == 1 and run.out == "invalid: cell 1 1 is in two pairs of the matching\n"


def test_cli_round_trip(tmp_path):
    board = tmp_path / "board.txt"
    board.write_text("3 3\n.##\n...\n#.#\n")
    run = run_cli("placements", str(board), "--format", "json", "--certificate")
    assert run.code == 0
    cert = tmp_path / "cert.json"
    cert.write_text(run.out)
    assert run_cli("verify", str(board), str(cert)).out == "ok\n"

    other = tmp_path / "other.txt"
    other.write_text("3 3\n.##\n...\n#..\n")
    result = run_cli("verify", str(other), str(cert))
    assert result.code == 1 and "another input" in result.out

    edges = tmp_path / "graph.txt"
    edges.write_text("5 5\n1 2\n2 3\n3 1\n3 4\n4 5\n")
    run = run_cli("placements", "--edges", str(edges), "--format", "json", "--certificate")
    cert.write_text(run.out)
    assert run_cli("verify", "--edges", str(edges), str(cert)).out == "ok\n"
    result = run_cli("verify", str(board), str(cert))
    assert result.code == 1 and "another input" in result.out
    assert_user_error(run_cli("placements", "--certificate", str(board)), "--format json")


def test_king_hex_and_knight_boards_are_certified(tmp_path):
    """The README promised a certificate for every verdict: boards under every move rule."""
    board = DATA / "jsoi.txt"
    for moves in ("king", "hex", "knight"):
        made = run_cli(
            "placements", str(board), "--moves", moves, "--format", "json", "--certificate"
        )
        assert made.code == 0, made.err
        document = json.loads(made.out)
        assert document["moves"] == moves
        assert document["certificate"]["input"]["moves"] == moves
        general = "tutte_berge_set" in document["certificate"]
        assert general == (moves != "knight")  # knight's jumps keep the cell colours apart
        answer = tmp_path / f"{moves}.json"
        answer.write_text(made.out)
        assert run_cli("verify", "--moves", moves, str(board), str(answer)).out == "ok\n"
        wrong_rule = run_cli("verify", str(board), str(answer))
        assert wrong_rule.code == 1
        assert f"made for {moves} moves, not orthogonal" in wrong_rule.out


def test_board_answers_carry_their_matching():
    """Board JSON has the matching, as edge-list JSON has: [row1, col1, row2, col2]."""
    document = json.loads(run_cli("placements", "--example", "--format", "json").out)
    # the README's matching of the JSOI sample: ((0, 0), (1, 0)) and ((1, 1), (2, 1))
    assert document["matching"] == [[1, 1, 2, 1], [2, 2, 3, 2]]
    assert document["matching_size"] == 2
