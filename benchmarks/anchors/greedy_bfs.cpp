// Bipartite anchor: the placement answer the way a contest setter would write it.
//
//   greedy_bfs [--edges] FILE
//
// A board's cells are split by colour ((row + col) % 2); an edge list is 2-coloured
// by BFS (exit 2 if it has an odd cycle). Greedy initial matching, then one BFS for
// an augmenting path from each exposed left vertex in turn (no phases, no
// Hopcroft-Karp). A failed search leaves a Hungarian tree whose vertices can never
// lie on an augmenting path again, so they are marked dead for good. Last, one
// alternating BFS from every exposed vertex finds D: the vertices some maximum
// matching misses, which are the placer's winning placements.
#include "anchor_io.hpp"

int main(int argc, char** argv) {
    auto start = std::chrono::steady_clock::now();
    std::vector<std::string> options;
    Input in = read_input(argc, argv, options);
    if (in.king) fail("the king graph is not bipartite");
    if (!options.empty()) fail("unknown option " + options[0]);
    const int n = in.n;
    double read_seconds = seconds_since(start);
    start = std::chrono::steady_clock::now();

    const Adjacency graph = adjacency(in);
    const std::vector<int>& first = graph.first;
    const std::vector<int>& adj = graph.adj;
    std::vector<char> side = sides(in, graph);
    std::vector<int> queue;
    queue.reserve(n);

    // Greedy initial matching.
    std::vector<int> mate(n, -1);
    for (int x = 0; x < n; ++x) {
        if (side[x] != 0 || mate[x] >= 0) continue;
        for (int i = first[x]; i < first[x + 1]; ++i) {
            if (mate[adj[i]] < 0) {
                mate[x] = adj[i], mate[adj[i]] = x;
                break;
            }
        }
    }

    // One BFS per exposed left vertex: left vertices enter the queue, right ones
    // are stepped over to their mates; `parent` of a right vertex is the left
    // vertex it was reached from.
    std::vector<int> seen(n, 0), parent(n, -1);
    std::vector<char> dead(n, 0);
    int stamp = 0;
    for (int root = 0; root < n; ++root) {
        if (side[root] != 0 || mate[root] >= 0) continue;
        ++stamp;
        queue.assign(1, root);
        seen[root] = stamp;
        int found = -1;
        for (size_t head = 0; head < queue.size() && found < 0; ++head) {
            int x = queue[head];
            for (int i = first[x]; i < first[x + 1]; ++i) {
                int y = adj[i];
                if (dead[y] || seen[y] == stamp) continue;
                seen[y] = stamp, parent[y] = x;
                if (mate[y] < 0) {
                    found = y;
                    break;
                }
                seen[mate[y]] = stamp;
                queue.push_back(mate[y]);
            }
        }
        if (found < 0) {  // a Hungarian tree: its right vertices are the mates of its left ones
            for (int x : queue) dead[x] = 1, dead[mate[x] >= 0 ? mate[x] : x] = 1;
            continue;
        }
        for (int y = found;;) {  // flip the path root ... parent[y] - y
            int x = parent[y], next = mate[x];
            mate[x] = y, mate[y] = x;
            if (x == root) break;
            y = next;
        }
    }

    // D: even alternating distance from an exposed vertex (of either side).
    std::vector<char> winning(n, 0);
    queue.clear();
    long matched = 0;
    for (int x = 0; x < n; ++x) {
        if (mate[x] < 0) winning[x] = 1, queue.push_back(x);
        else ++matched;
    }
    for (size_t head = 0; head < queue.size(); ++head) {
        int x = queue[head];
        for (int i = first[x]; i < first[x + 1]; ++i) {
            int z = mate[adj[i]];
            if (z >= 0 && !winning[z]) winning[z] = 1, queue.push_back(z);
        }
    }
    double solve_seconds = seconds_since(start);
    start = std::chrono::steady_clock::now();
    write_answer(in, winning);
    std::fprintf(stderr, "matching_size %ld\nseconds read %.3f solve %.3f write %.3f\n", matched / 2,
                 read_seconds, solve_seconds, seconds_since(start));
    return 0;
}
