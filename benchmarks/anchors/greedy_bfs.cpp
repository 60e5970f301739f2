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
    const size_t m = in.eu.size();
    double read_seconds = seconds_since(start);
    start = std::chrono::steady_clock::now();

    // Adjacency in CSR form (counting sort of both directions of every edge).
    std::vector<int> first(n + 1, 0), adj(2 * m);
    for (size_t e = 0; e < m; ++e) ++first[in.eu[e] + 1], ++first[in.ev[e] + 1];
    for (int v = 0; v < n; ++v) first[v + 1] += first[v];
    {
        std::vector<int> fill(first.begin(), first.end() - 1);
        for (size_t e = 0; e < m; ++e) adj[fill[in.eu[e]]++] = in.ev[e], adj[fill[in.ev[e]]++] = in.eu[e];
    }

    // Sides: the board's colouring, or a BFS 2-colouring of the graph.
    std::vector<char> side(n, -1);
    std::vector<int> queue;
    queue.reserve(n);
    if (in.board) {
        side = in.parity;
    } else {
        for (int s = 0; s < n; ++s) {
            if (side[s] >= 0) continue;
            side[s] = 0;
            queue.assign(1, s);
            for (size_t head = 0; head < queue.size(); ++head) {
                int x = queue[head];
                for (int i = first[x]; i < first[x + 1]; ++i) {
                    int y = adj[i];
                    if (side[y] < 0) side[y] = static_cast<char>(1 - side[x]), queue.push_back(y);
                    else if (side[y] == side[x]) fail("the graph is not bipartite");
                }
            }
        }
    }

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
