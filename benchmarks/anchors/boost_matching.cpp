// General-graph anchor: the Boost Graph Library's Edmonds matching (Tarjan's
// description, with BGL's extra-greedy start) and the Gallai-Edmonds labels its last,
// failing search leaves; the placer wins exactly on the EVEN (= D) vertices.
//
//   boost_matching [--edges] [--moves king] FILE
//
// The loop is BGL's own `matching()` (edmonds_maximum_cardinality_matching), written
// out so that the augmenting-path finder of the last pass can be asked for its vertex
// states, as BGL's maximum_cardinality_matching_verifier does (it runs one more pass;
// this saves it). Needs Debian's libboost-graph-dev (headers only).
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/max_cardinality_matching.hpp>

#include "anchor_io.hpp"

int main(int argc, char** argv) {
    auto start = std::chrono::steady_clock::now();
    std::vector<std::string> options;
    Input in = read_input(argc, argv, options);
    if (!options.empty()) fail("unknown option " + options.front());
    double read_seconds = seconds_since(start);
    start = std::chrono::steady_clock::now();

    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
    using Vertex = boost::graph_traits<Graph>::vertex_descriptor;
    Graph graph(in.n);
    for (size_t e = 0; e < in.eu.size(); ++e) boost::add_edge(in.eu[e], in.ev[e], graph);
    std::vector<int>().swap(in.eu);
    std::vector<int>().swap(in.ev);
    double build_seconds = seconds_since(start);
    start = std::chrono::steady_clock::now();

    auto index = boost::get(boost::vertex_index, graph);
    std::vector<Vertex> mate_vector(in.n);
    auto mate = boost::make_iterator_property_map(mate_vector.begin(), index);
    boost::extra_greedy_matching<Graph, decltype(mate)>::find_matching(graph, mate);
    boost::edmonds_augmenting_path_finder<Graph, decltype(mate), decltype(index)> finder(graph, mate, index);
    while (finder.augment_matching()) {
    }
    finder.get_current_matching(mate);
    std::vector<int> state_vector(in.n);
    auto state = boost::make_iterator_property_map(state_vector.begin(), index);
    finder.get_vertex_state_map(state);
    std::vector<char> winning(in.n);
    for (int v = 0; v < in.n; ++v) winning[v] = state_vector[v] == boost::graph::detail::V_EVEN;
    long size = static_cast<long>(boost::matching_size(graph, mate));
    double solve_seconds = seconds_since(start);
    start = std::chrono::steady_clock::now();
    write_answer(in, winning);
    std::fprintf(stderr, "matching_size %ld\nseconds read %.3f build %.3f solve %.3f write %.3f\n", size,
                 read_seconds, build_seconds, solve_seconds, seconds_since(start));
    return 0;
}
