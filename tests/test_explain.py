"""The teacher's explanation of a placement, checked against minimax alone: the verdict,
the path whose flip misses the placement, and every answer it names wins."""

from __future__ import annotations

import json

from budget import examples
from cli_helpers import assert_user_error, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import GameOracle, board_adjacency, max_matching_size
from strategies import board_rows, general_edge_lists

from matchgame import Board, Graph, analyse


def check(analysis, adjacency):
    oracle = GameOracle(adjacency)
    nu = max_matching_size(adjacency)
    for v in range(len(adjacency)):
        why = analysis.explain(analysis.names.name(v))
        assert why.placer_wins == oracle.placer_wins_at(v)
        mate = why.mate.tolist()
        if not why.placer_wins:
            ((start, reply),) = why.replies
            assert start == v and reply in adjacency[v]
            assert not oracle.mover_wins(reply, [v])  # the placer, on the reply, loses
            assert why.path == []
            continue
        # a matching of the graph, maximum, missing v
        assert mate[v] == -1
        assert all(
            mate[u] == -1 or (mate[mate[u]] == u and mate[u] in adjacency[u])
            for u in range(len(mate))
        )
        assert sum(m >= 0 for m in mate) // 2 == nu
        # the path alternates in the analysis' matching and ends at a free vertex
        old = analysis.decomposition.mate.tolist()
        path = why.path
        assert path[0] == v and old[path[-1]] == -1 and len(path) % 2 == 1
        for i in range(0, len(path) - 1, 2):
            assert old[path[i]] == path[i + 1] and path[i + 2] in adjacency[path[i + 1]]
        assert len(set(path)) == len(path)
        # an answer to every first move, each winning
        assert sorted(u for u, _ in why.replies) == sorted(adjacency[v])
        for u, reply in why.replies:
            assert reply in adjacency[u] and reply != v
            assert not oracle.mover_wins(reply, [v, u])  # the opponent, on the reply, loses


@settings(max_examples=examples(150), deadline=None)
@given(rows=board_rows(max_side=5, max_free=11))
def test_board_explanations_match_minimax(rows):
    adjacency, _ = board_adjacency(rows)
    check(analyse(Board.from_rows(rows)), adjacency)


@settings(max_examples=examples(150), deadline=None)
@given(case=general_edge_lists(max_vertices=10))
def test_graph_explanations_match_minimax(case):
    n, edges = case
    graph = Graph.from_edges(n, edges)
    adjacency = [set(graph.neighbours(v).tolist()) for v in range(n)]
    check(analyse(graph), adjacency)


@settings(max_examples=examples(60), deadline=None)
@given(rows=board_rows(max_side=4, max_free=9), moves=st.sampled_from(["king", "hex", "knight"]))
def test_explanations_under_other_moves_name_legal_answers(rows, moves):
    board = Board.from_rows(rows)
    analysis = analyse(board, moves=moves)
    graph = analysis.graph
    adjacency = [set(graph.neighbours(v).tolist()) for v in range(graph.n_vertices)]
    check(analysis, adjacency)


def test_explain_command(tmp_path):
    run = run_cli("explain", "--example", "3", "2")
    assert run.code == 0 and run.out.startswith("Placing the token on cell 3 2 wins.")
    assert "flip the alternating path 3 2 - 2 2 - 2 3" in run.out
    picture = tmp_path / "why.svg"
    run = run_cli("explain", "--example", "jsoi", "1", "1", "--format", "json", "-o", str(picture))
    document = json.loads(run.out)
    assert document["placer_wins"] is False and document["replies"] == [[[1, 1], [2, 1]]]
    assert picture.read_text().startswith("<?xml")
    assert_user_error(run_cli("explain", "--example", "1", "2"), "blocked")
    assert_user_error(run_cli("explain", "--example", "9", "9"), "outside")


def test_print_shows_every_games_explanation_in_words(capsys):
    """print(explanation) shows the text (BaseExplanation.__str__), not the repr."""
    import matchgame
    import matchgame.games

    for name in matchgame.games.names():
        source = [".#.", "..."] if name != "directed" else matchgame.DiGraph.from_arcs(3, [(0, 1)])
        analysis = matchgame.analyse(source, game=name)
        why = analysis.explain(analysis.names.name(0))
        print(why)
        shown = capsys.readouterr().out
        assert shown == why.text() + "\n" and not shown.startswith("<"), name
