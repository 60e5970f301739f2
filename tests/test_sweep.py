"""graph6/sparse6 reading and ``matchgame sweep``'s answers (tests needing nauty-geng:
see nauty_helpers)."""

from __future__ import annotations

import importlib
import json
from collections import Counter
from unittest import mock

import networkx as nx
import numpy as np
import pytest
from budget import examples
from cli_helpers import assert_user_error, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from nauty_helpers import geng_output, require_nauty
from oracle import GameOracle, max_matching_size

import matchgame
from matchgame import Graph, InvalidInputError, ParseError, analyse, is_maximum_matching
from matchgame._kernels.batch import union_csr
from matchgame._kernels.graph6 import decode_graph6_union
from matchgame.games.vertex.batch import solve_lines
from matchgame.readers.graph6 import decode_graph6_lines, parse_graph6
from matchgame.sweep import Geng, SweepCounts, answer_chunk, sweep
from matchgame.writers.placements import format_placements


@pytest.fixture
def geng():
    require_nauty()
    return geng_output


def _edge_set(graph: Graph) -> set[tuple[int, int]]:
    return {(min(u, v), max(u, v)) for u, v in graph.edges.tolist()}


def _nx_edge_set(graph: nx.Graph) -> set[tuple[int, int]]:
    return {(min(u, v), max(u, v)) for u, v in graph.edges() if u != v}


@st.composite
def random_graphs(draw, max_vertices: int = 80) -> nx.Graph:
    n = draw(st.integers(0, max_vertices))
    pairs = [(u, v) for v in range(n) for u in range(v)]
    chosen = draw(st.lists(st.sampled_from(pairs), max_size=120)) if pairs else []
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(chosen)
    return graph


# -- the reader -------------------------------------------------------------------


@settings(max_examples=examples(150), deadline=None)
@given(random_graphs(), st.booleans())
def test_graph6_and_sparse6_read_as_networkx_reads_them(graph, header):
    for encode, decode in (
        (nx.to_graph6_bytes, nx.from_graph6_bytes),
        (nx.to_sparse6_bytes, nx.from_sparse6_bytes),
    ):
        if graph.number_of_nodes() == 0 and encode is nx.to_sparse6_bytes:
            continue  # networkx writes no sparse6 for the empty graph
        data = encode(graph, header=header)
        (ours,) = parse_graph6(data)
        theirs = decode(data.strip().removeprefix(b">>graph6<<").removeprefix(b">>sparse6<<"))
        assert ours.n_vertices == theirs.number_of_nodes()
        assert _edge_set(ours) == _nx_edge_set(theirs)


def test_files_written_by_networkx(tmp_path):
    graphs = [nx.petersen_graph(), nx.path_graph(1), nx.complete_graph(63), nx.cycle_graph(100)]
    data = b""
    for i, graph in enumerate(graphs):
        path = tmp_path / f"g{i}.g6"
        nx.write_graph6(graph, path, header=True)
        data += path.read_bytes()
        path = tmp_path / f"g{i}.s6"
        nx.write_sparse6(graph, path, header=i % 2 == 0)
        data += path.read_bytes()
    ours = parse_graph6(data, source="mixed")
    assert len(ours) == 2 * len(graphs)
    for k, graph in enumerate(ours):
        assert graph.n_vertices == graphs[k // 2].number_of_nodes()
        assert _edge_set(graph) == _nx_edge_set(graphs[k // 2])


def test_sparse6_loops_dropped_and_repeats_collapse():
    multi = nx.MultiGraph([(0, 1), (0, 1), (2, 2), (1, 2)])
    (graph,) = parse_graph6(nx.to_sparse6_bytes(multi))
    assert _edge_set(graph) == {(0, 1), (1, 2)}


@pytest.mark.parametrize(
    ("data", "line", "reason"),
    [
        (b"Bw\nB~~\n", 2, "longer"),  # size lies: more bytes than 3 vertices need
        (b"Bw\nDx\n", 2, "shorter"),  # truncated
        (b"Bw\nB\x01\n", 2, "outside"),  # bad byte
        (b"Bw\n\nBw\nB w\n", 4, "outside"),  # blank lines count as lines
        (b"~?\n", 1, "inside its vertex count"),  # N(n) cut short
        (b";Bc\n", 1, "incremental sparse6"),
        (b":~~?@????\n", 1, "larger than the line"),  # 2^24 vertices in 9 bytes
        (b"~~~~~~~~\n", 1, "more than 2147483646"),  # 2^36 - 1 vertices
        (b"~~?@????\n", 1, "shorter"),  # 2^24 vertices and no matrix
        (b":B\x7f\n", 1, "outside"),
    ],
)
def test_bad_lines_are_one_line_errors_naming_the_line(data, line, reason):
    with pytest.raises(ParseError) as caught:
        parse_graph6(data, source="in.g6")
    assert caught.value.line == line
    assert reason in str(caught.value) and "in.g6" in str(caught.value)
    assert "\n" not in str(caught.value)
    run = run_cli("sweep", stdin=data.split(b"\n")[line - 1] + b"\n")
    assert_user_error(run, "line 1")


def test_memory_is_bounded_by_the_input():
    """A short line never makes a large allocation: the vertex count must agree with
    the bytes (graph6) or fit a multiple of them (sparse6)."""
    lines = decode_graph6_lines(b":~~?@????\n" * 1000)
    assert lines.n_graphs == 0 and lines.error is not None
    lines = decode_graph6_lines(b":~?@?\n" * 10)  # 4096 vertices each: within 64 per byte
    assert lines.n_graphs == 10


# -- graph6 straight into the union's CSR (the sweep's fast path) ---------------------

# lines the fused decoder must refuse, so that the general one names the error
_BAD_LINES = [b"B~~", b"Dx", b"B\x01", b"B w", b"~?", b";Bc", b">Bw", b"\x7f", b":Bc", b"~~?@????"]


@st.composite
def small_graph6_lines(draw, max_vertices: int = 64) -> bytes:
    """One graph6 line (with its newline) of a random graph: any density, any size."""
    n = draw(st.integers(0, max_vertices))
    pairs = [(u, v) for v in range(n) for u in range(v)]
    mask = draw(st.integers(0, (1 << len(pairs)) - 1)) if pairs else 0
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_edges_from(pair for k, pair in enumerate(pairs) if mask >> k & 1)
    return nx.to_graph6_bytes(graph, header=False)


def _general_union(data: bytes):
    lines = decode_graph6_lines(data)
    return lines, union_csr(lines.n_vertices, lines.edge_start, lines.edges, lines.may_repeat)


@settings(max_examples=examples(200), deadline=None)
@given(
    st.lists(small_graph6_lines(), max_size=12),
    st.booleans(),  # a >>graph6<< header on the first line
    st.booleans(),  # CRLF line ends
    st.lists(st.integers(0, 12), max_size=2),  # where blank lines go
    st.one_of(st.none(), st.tuples(st.integers(0, 12), small_graph6_lines(max_vertices=70))),
    st.one_of(st.none(), st.tuples(st.integers(0, 12), st.sampled_from(_BAD_LINES))),
)
def test_fused_graph6_union_is_the_decoded_union(graphs, header, crlf, blanks, extra, bad):
    lines = list(graphs)
    for at in blanks:
        lines.insert(min(at, len(lines)), b"\n")
    if extra is not None:  # maybe a graph of 65..70 vertices: the general path
        lines.insert(min(extra[0], len(lines)), extra[1])
    if bad is not None:
        lines.insert(min(bad[0], len(lines)), bad[1] + b"\n")
    if header and lines:
        lines[0] = b">>graph6<<" + lines[0]
    data = b"".join(lines)
    if crlf:
        data = data.replace(b"\n", b"\r\n")
    general, expected = _general_union(data)
    fused = decode_graph6_union(np.frombuffer(data, dtype=np.uint8))
    refused = bad is not None or bool((general.n_vertices > 64).any())
    assert (fused is None) == refused
    if fused is not None:
        assert general.error is None
        for ours, theirs in zip(fused, expected, strict=True):
            assert ours.dtype == theirs.dtype
            np.testing.assert_array_equal(ours, theirs)  # the same rows in the same order
    # a sweep's chunk answers as the general path does, error and line number included
    for count in (True, False):
        result = answer_chunk(data, "graph6", count, first_line=5, source="in.g6")
        named = decode_graph6_lines(data, first_line=5, source="in.g6")
        answers = solve_lines(named)
        assert result.n_graphs == answers.n_graphs
        assert result.error == (None if named.error is None else str(named.error))
        if count:
            assert result.counts == SweepCounts.of(answers)
        else:
            assert result.documents == answers.documents()


def test_fused_graph6_union_takes_64_vertices_and_leaves_65():
    for n, taken in ((62, True), (63, True), (64, True), (65, False)):
        data = nx.to_graph6_bytes(nx.complete_graph(n), header=False) + b"Bw\n"
        fused = decode_graph6_union(np.frombuffer(data, dtype=np.uint8))
        assert (fused is not None) == taken
        if taken:
            _, expected = _general_union(data)
            for ours, theirs in zip(fused, expected, strict=True):
                np.testing.assert_array_equal(ours, theirs)
    empty = decode_graph6_union(np.frombuffer(b"", dtype=np.uint8))
    assert empty is not None and empty[0].tolist() == [0] and empty[1].tolist() == [0]


def test_fused_graph6_union_is_the_decoded_union_on_geng(geng):
    data = geng(7)
    fused = decode_graph6_union(np.frombuffer(data, dtype=np.uint8))
    _, expected = _general_union(data)
    for ours, theirs in zip(fused, expected, strict=True):
        np.testing.assert_array_equal(ours, theirs)


# -- answers ----------------------------------------------------------------------


def _single_answer(graph: Graph) -> dict:
    return json.loads(format_placements(analyse(graph), "json"))


def test_documents_are_the_placements_documents(geng):
    data = geng(5) + nx.to_sparse6_bytes(nx.petersen_graph(), header=False)
    graphs = parse_graph6(data)
    documents = sweep(data, jobs=1)
    assert [d["index"] for d in documents] == list(range(len(graphs)))
    for graph, document in zip(graphs, documents, strict=True):
        expected = _single_answer(graph)
        # any maximum matching will do: the sweep's may differ from one analysis's
        matching = np.array(document.pop("matching"), dtype=np.int64).reshape(-1, 2) - 1
        mate = np.full(graph.n_vertices, -1)
        mate[matching[:, 0]], mate[matching[:, 1]] = matching[:, 1], matching[:, 0]
        assert is_maximum_matching(graph, mate)
        expected.pop("matching")
        document.pop("index")
        assert document == expected
        assert list(document) == [k for k in expected]  # same fields in the same order


def test_every_graph_up_to_7_vertices_agrees_with_the_game_tree(geng):
    data = b"".join(geng(n) for n in range(1, 8))
    graphs = parse_graph6(data)
    assert len(graphs) == 1 + 1 + 2 + 4 + 11 + 34 + 156 + 1044 - 1
    documents = sweep(data, jobs=1)
    for graph, document in zip(graphs, documents, strict=True):
        adjacency = [graph.neighbours(v).tolist() for v in range(graph.n_vertices)]
        game = GameOracle(adjacency)
        winning = [v + 1 for v in range(graph.n_vertices) if game.placer_wins_at(v)]
        assert document["winning_vertices"] == winning, graph
        assert document["placer_wins"] == bool(winning)
        assert document["matching_size"] == max_matching_size(adjacency)


def _counts_of(documents: list[dict]) -> dict:
    def histogram(values):
        counter = Counter(values)
        return {str(k): counter[k] for k in sorted(counter)}

    wins = Counter(d["placer_wins"] for d in documents)
    return {
        "graphs": len(documents),
        "vertices": histogram(d["vertices"] for d in documents),
        "edges": histogram(d["edges"] for d in documents),
        "matching_size": histogram(d["matching_size"] for d in documents),
        "placer_wins": {k: wins[v] for k, v in (("false", False), ("true", True)) if wins[v]},
        "winning_vertices": histogram(len(d["winning_vertices"]) for d in documents),
    }


def test_counts_are_the_counts_of_the_documents(geng):
    data = geng(6) + geng(7) + b":~?@?\n"
    counts = sweep(data, count=True, jobs=1)
    assert isinstance(counts, SweepCounts)
    assert counts.to_document() == _counts_of(sweep(data, jobs=1))
    run = run_cli("sweep", "--count", "--jobs", "1", stdin=data)
    assert run.code == 0, run.err
    assert json.loads(run.out) == counts.to_document()


def test_two_jobs_answer_as_one(geng):
    data = geng(7)
    one = sweep(data, jobs=1, chunk_bytes=700)
    assert sweep(data, jobs=2, chunk_bytes=700) == one
    assert sweep(data, count=True, jobs=2, chunk_bytes=700) == sweep(data, count=True, jobs=1)
    runs = [run_cli("sweep", "--jobs", jobs, stdin=data) for jobs in ("1", "2")]
    assert runs[0].code == 0 and runs[0].out == runs[1].out
    assert [json.loads(line) for line in runs[0].out.splitlines()] == one


def test_geng_parts_count_as_the_whole_stream(geng):
    whole = sweep(geng(7), count=True, jobs=1)
    assert sweep(Geng("7", parts=5), count=True, jobs=2) == whole
    run = run_cli("sweep", "--geng", "7", "--parts", "3", "--count", "--jobs", "2")
    assert run.code == 0, run.err
    assert json.loads(run.out) == whole.to_document()


def test_json_lines_answer_as_graph6(geng):
    graphs = parse_graph6(geng(5))
    lines = b"".join(
        json.dumps({"n": g.n_vertices, "edges": g.edges.tolist()}).encode() + b"\n" for g in graphs
    )
    assert sweep(lines, jobs=1) == sweep(geng(5), jobs=1)
    assert sweep(graphs, jobs=1) == sweep(geng(5), jobs=1)  # Graph objects too


def test_files_split_by_file(tmp_path, geng):
    paths = []
    for n in (4, 5, 6):
        path = tmp_path / f"geng{n}.g6"
        path.write_bytes(geng(n))
        paths.append(path)
    expected = sweep(geng(4) + geng(5) + geng(6), jobs=1)
    assert sweep(paths, jobs=2) == expected
    run = run_cli("sweep", *map(str, paths), "--jobs", "2")
    assert [json.loads(line) for line in run.out.splitlines()] == expected


def test_a_bad_line_in_a_stream_stops_after_the_answers_before_it():
    data = b"Bw\nBW\n\nB~~\nBw\n"
    run = run_cli("sweep", "--jobs", "1", stdin=data)
    assert run.code == 2
    assert [json.loads(line)["index"] for line in run.out.splitlines()] == [0, 1]
    assert run.err.splitlines() == [
        "error: line 4: <stdin>: the line is longer than its vertex count says"
    ]
    counted = run_cli("sweep", "--count", stdin=data)
    assert_user_error(counted, "line 4")
    with pytest.raises(ParseError, match="line 4"):
        sweep(data, jobs=1)
    bad_json = run_cli("sweep", stdin=b'{"n": 2, "edges": [[0, 1]]}\n{"n": 2, "edges": [[0, 2]]}\n')
    assert bad_json.code == 2 and len(bad_json.out.splitlines()) == 1
    assert "line 2" in bad_json.err and "[0, 2]" in bad_json.err


def test_matchgame_sweep_is_callable_and_a_module():
    import matchgame.sweep as module

    assert matchgame.sweep(b"Bw\n", count=True, jobs=1).graphs == 1
    assert module.sweep is sweep
    # every name the one-file module had keeps its import path (the vertex game's batch,
    # now in its folder, with a warning for a release)
    for name in ["BatchAnswers", "solve_lines", "solve_union"]:
        with pytest.warns(DeprecationWarning, match="matchgame.games.vertex.batch"):
            assert getattr(module, name) is getattr(matchgame.games.vertex.batch, name)
    for name in [
        "CHUNK_BYTES",
        "ChunkResult",
        "DEFAULT_GENG_PARTS",
        "Geng",
        "SweepCounts",
        "answer_chunk",
        "answer_file",
        "answer_geng_part",
        "default_jobs",
        "geng_tasks",
        "keep_heap",
        "run_tasks",
        "stream_tasks",
        "sweep",
        "write_sweep",
    ]:
        assert hasattr(module, name), name


def test_dask_local_cluster_answers_as_local(geng, tmp_path):
    distributed = pytest.importorskip("distributed")
    data = geng(6)
    with (
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert sweep(data, jobs=1, client=client, chunk_bytes=300) == sweep(data, jobs=1)
        whole = sweep(geng(7), count=True, jobs=1)
        assert sweep(Geng("7", parts=4), count=True, client=client) == whole
        # a sweep stopped after one part goes on on the cluster where it stopped
        checkpoint = tmp_path / "c.json"
        api = importlib.import_module("matchgame.sweep.api")
        tasks_run = api.run_tasks

        def one_part(tasks, **options):
            results = tasks_run(tasks, **options)
            yield next(results)
            results.close()
            raise KeyboardInterrupt

        with mock.patch.object(api, "run_tasks", one_part), pytest.raises(KeyboardInterrupt):
            sweep(Geng("7", parts=4), count=True, client=client, checkpoint=checkpoint)
        assert json.loads(checkpoint.read_text())["parts"] == 1
        resumed = sweep(Geng("7", parts=4), count=True, client=client, checkpoint=checkpoint)
        assert resumed == whole
        address = cluster.scheduler_address
        run = run_cli("sweep", "--count", "--geng", "6", "--dask", address)
        assert run.code == 0, run.err
        assert json.loads(run.out) == sweep(data, count=True, jobs=1).to_document()
        path = tmp_path / "geng6.g6"
        path.write_bytes(data)
        run = run_cli("sweep", str(path), str(path), "--dask", address)
        assert run.code == 0, run.err
        documents = [json.loads(line) for line in run.out.splitlines()]
        assert documents == sweep(data + data, jobs=1)
        # a condition travels to the workers with the tasks
        run = run_cli("sweep", "--filter", "placer_wins", "--geng", "6", "--dask", address)
        assert run.code == 0, run.err
        kept = [d for d in sweep(data, jobs=1) if d["placer_wins"]]
        assert len(run.out.splitlines()) == len(kept)


def test_a_failing_geng_is_a_one_line_error(geng):
    run = run_cli("sweep", "--geng", "-Q 5", "--count", "--jobs", "1")
    assert_user_error(run, "nauty-geng -q -Q 5", "failed")
    # refused before geng runs (an unclosed quote was a traceback from a worker; --parts 0
    # swept with the default parts)
    assert_user_error(run_cli("sweep", "--geng", "'5", "--count"), "No closing quotation")
    assert_user_error(run_cli("sweep", "--geng", "5", "--parts", "0"), "--parts must be at least 1")
    with pytest.raises(InvalidInputError, match="No closing quotation"):
        Geng("'5")
    with pytest.raises(InvalidInputError, match="parts"):
        Geng("5", parts=0)


def test_lines_longer_than_a_chunk():
    big = nx.gnp_random_graph(600, 0.02, seed=3)
    data = b"Bw\n" + nx.to_graph6_bytes(big, header=False) + nx.to_sparse6_bytes(big) + b"BW"
    small_chunks = sweep(data, jobs=1, chunk_bytes=1000)
    assert small_chunks == sweep(data, jobs=1)
    assert [d["vertices"] for d in small_chunks] == [3, 600, 600, 3]
    assert small_chunks[1]["edges"] == big.number_of_edges()


def test_the_documents_are_written_by_the_writers(monkeypatch):
    """One schema per answer: a field the writers add shows in the sweep's documents."""
    from matchgame.games.vertex import documents as placements

    written = placements.graph_document

    def with_a_new_field(*parts):
        return {**written(*parts), "new": True}

    monkeypatch.setattr(placements, "graph_document", with_a_new_field)
    (document,) = sweep(b"Bw\n", jobs=1)
    assert document["new"] is True
    assert list(document)[1:-1] == list(placements.ANSWER_FIELDS["edges"])
