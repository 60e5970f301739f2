// Edge-geography anchor: the placement answer by dense GF(2) kernels with M4RI.
//
//   m4ri_edge [--edges] FILE
//
// The edge game on a bipartite graph (Fraenkel, Scheinerman, Ullman 1993): the
// placer wins by placing the token on v iff v is in the support of the left
// kernel of the X-by-Y biadjacency matrix A over GF(2) (v in X) or of its right
// kernel (v in Y). This program builds A densely (an entry is the number of
// edges between two vertices, mod 2), asks M4RI for a basis of each kernel
// (mzd_kernel_left_pluq on A and on its transpose: a PLUQ decomposition with
// the Method of the Four Russians), and marks every vertex some basis vector
// holds. A board's sides are its cell colours; an edge list is 2-coloured by BFS
// (exit 2 on an odd cycle). Self-loops are not read (anchor_io.hpp drops them),
// so edge lists given here must have none; repeated edges are parallel edges.
// The output is the JSOI answer, byte for byte matchgame's `placements --game edge`.
#include <m4ri/m4ri.h>

#include "anchor_io.hpp"

namespace {

// Rows of `kernel` (a basis as columns: rows are coordinates) that are not zero.
void mark_support(const mzd_t* kernel, const std::vector<int>& vertex_of, std::vector<char>& winning) {
    if (kernel == nullptr) return;
    for (rci_t r = 0; r < kernel->nrows; ++r) {
        const word* row = mzd_row(kernel, r);
        for (wi_t w = 0; w < kernel->width; ++w) {
            if (row[w]) {
                winning[vertex_of[r]] = 1;
                break;
            }
        }
    }
}

}  // namespace

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

    const std::vector<char> side = sides(in, adjacency(in));
    std::vector<int> index(n), xs, ys;
    for (int v = 0; v < n; ++v) {
        if (side[v] == 0) index[v] = static_cast<int>(xs.size()), xs.push_back(v);
        else index[v] = static_cast<int>(ys.size()), ys.push_back(v);
    }

    // A over GF(2), dense: every edge toggles its entry.
    mzd_t* a = mzd_init(static_cast<rci_t>(xs.size()), static_cast<rci_t>(ys.size()));
    for (size_t e = 0; e < m; ++e) {
        int u = in.eu[e], v = in.ev[e];
        if (side[u] != 0) std::swap(u, v);
        mzd_write_bit(a, index[u], index[v], mzd_read_bit(a, index[u], index[v]) ^ 1);
    }
    std::vector<char> winning(n, 0);
    if (xs.empty() || ys.empty()) {
        winning.assign(n, 1);  // no edges at all: every placement wins
    } else {
        mzd_t* at = mzd_transpose(nullptr, a);
        mzd_t* right = mzd_kernel_left_pluq(a, 0);   // A z = 0: z over Y (a is overwritten)
        mark_support(right, ys, winning);
        mzd_t* left = mzd_kernel_left_pluq(at, 0);   // A^T z = 0: z over X
        mark_support(left, xs, winning);
        if (right) mzd_free(right);
        if (left) mzd_free(left);
        mzd_free(at);
    }
    mzd_free(a);
    double solve_seconds = seconds_since(start);
    start = std::chrono::steady_clock::now();
    write_answer(in, winning);
    std::fprintf(stderr, "m4ri_edge: %zu x %zu, read %.3f s, solve %.3f s, write %.3f s\n",
                 xs.size(), ys.size(), read_seconds, solve_seconds, seconds_since(start));
    return 0;
}
