// General-graph anchor: LEMON's MaxMatching (Edmonds' blossom algorithm) and the
// Gallai-Edmonds status it leaves on every vertex; the placer wins exactly on the
// EVEN (= D) vertices.
//
//   lemon_matching [--edges] [--moves king] [--init=empty|greedy|karp-sipser]
//                  [--start=dense|sparse] FILE
//
// --init: init() (empty matching, the default), greedyInit() (LEMON's one-pass
// greedy) or matchingInit() with a Karp-Sipser matching computed here (not part of
// LEMON). --start: startDense() (shrinks postponed, the default) or startSparse()
// (plain Edmonds). LEMON's own run() takes greedy + sparse when m < 2n, else empty +
// dense. The defaults were the fastest of LEMON's own starts on boards (1000x1000
// at 5% blocked: 8.5 s against 19 s for greedy + sparse; at 20% all within 20%);
// benchmarks/bench_graphs.py uses greedy + sparse on general random graphs, where it
// was faster (bench_placements.py --only lemon-variants, bench_graphs.py
// --lemon-variants time them all).
#include <lemon/matching.h>
#include <lemon/smart_graph.h>

#include "anchor_io.hpp"

// Karp-Sipser: match a degree-1 vertex to its neighbour while there is one, else
// an arbitrary edge; degrees count an edge once per copy. Returns the chosen edges
// (by index) for matchingInit(). Not LEMON's: an experiment, --init=karp-sipser.
static std::vector<char> karp_sipser(int n, const std::vector<int>& eu, const std::vector<int>& ev) {
    const size_t m = eu.size();
    std::vector<int> first(n + 1, 0), other(2 * m), edge(2 * m);
    for (size_t e = 0; e < m; ++e) ++first[eu[e] + 1], ++first[ev[e] + 1];
    for (int v = 0; v < n; ++v) first[v + 1] += first[v];
    std::vector<int> degree(n), fill(first.begin(), first.end() - 1);
    for (size_t e = 0; e < m; ++e) {
        other[fill[eu[e]]] = ev[e], edge[fill[eu[e]]++] = static_cast<int>(e);
        other[fill[ev[e]]] = eu[e], edge[fill[ev[e]]++] = static_cast<int>(e);
    }
    std::vector<char> alive(n, 1), chosen(m, 0);
    std::vector<int> ones;
    for (int v = 0; v < n; ++v) {
        degree[v] = first[v + 1] - first[v];
        if (degree[v] == 1) ones.push_back(v);
    }
    auto remove = [&](int v) {
        alive[v] = 0;
        for (int i = first[v]; i < first[v + 1]; ++i) {
            if (alive[other[i]] && --degree[other[i]] == 1) ones.push_back(other[i]);
        }
    };
    auto match_some_neighbour = [&](int v) {
        for (int i = first[v]; i < first[v + 1]; ++i) {
            if (!alive[other[i]]) continue;
            chosen[edge[i]] = 1;
            int u = other[i];
            remove(v), remove(u);
            return;
        }
        alive[v] = 0;  // no neighbour left
    };
    for (int next = 0; next < n;) {
        if (!ones.empty()) {
            int v = ones.back();
            ones.pop_back();
            if (alive[v]) match_some_neighbour(v);
        } else if (alive[next]) {
            match_some_neighbour(next);
        } else {
            ++next;
        }
    }
    return chosen;
}

int main(int argc, char** argv) {
    auto start = std::chrono::steady_clock::now();
    std::vector<std::string> options;
    Input in = read_input(argc, argv, options);
    std::string init = "empty";
    bool dense = true;
    for (const std::string& option : options) {
        if (option == "--init=greedy" || option == "--init=empty" || option == "--init=karp-sipser") {
            init = option.substr(7);
        }
        else if (option == "--start=sparse") dense = false;
        else if (option == "--start=dense") dense = true;
        else fail("unknown option " + option + " (--init=greedy|empty|karp-sipser, --start=sparse|dense)");
    }
    double read_seconds = seconds_since(start);
    start = std::chrono::steady_clock::now();

    lemon::SmartGraph graph;
    graph.reserveNode(in.n);
    graph.reserveEdge(static_cast<int>(in.eu.size()));
    for (int v = 0; v < in.n; ++v) graph.addNode();  // SmartGraph numbers nodes 0, 1, ...
    for (size_t e = 0; e < in.eu.size(); ++e) {
        graph.addEdge(graph.nodeFromId(in.eu[e]), graph.nodeFromId(in.ev[e]));
    }
    double build_seconds = seconds_since(start);
    start = std::chrono::steady_clock::now();

    lemon::MaxMatching<lemon::SmartGraph> matching(graph);
    if (init == "greedy") {
        matching.greedyInit();
    } else if (init == "empty") {
        matching.init();
    } else {
        std::vector<char> chosen = karp_sipser(in.n, in.eu, in.ev);
        lemon::SmartGraph::EdgeMap<bool> start_matching(graph, false);
        for (size_t e = 0; e < chosen.size(); ++e) {
            if (chosen[e]) start_matching[graph.edgeFromId(static_cast<int>(e))] = true;
        }
        matching.matchingInit(start_matching);
    }
    std::vector<int>().swap(in.eu);
    std::vector<int>().swap(in.ev);
    if (dense) matching.startDense();
    else matching.startSparse();
    std::vector<char> winning(in.n);
    for (int v = 0; v < in.n; ++v) {
        winning[v] = matching.status(graph.nodeFromId(v)) == lemon::MaxMatching<lemon::SmartGraph>::EVEN;
    }
    int size = matching.matchingSize();
    double solve_seconds = seconds_since(start);
    start = std::chrono::steady_clock::now();
    write_answer(in, winning);
    std::fprintf(stderr, "matching_size %d\nseconds read %.3f build %.3f solve %.3f write %.3f\n", size,
                 read_seconds, build_seconds, solve_seconds, seconds_since(start));
    return 0;
}
