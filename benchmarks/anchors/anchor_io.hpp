// Input and output shared by the C++ anchors (benchmarks/anchors/*.cpp).
//
// Reads what `matchgame placements` reads: a board ("N M" then N rows, '.' free,
// anything else blocked) or, with --edges, an edge list ("n m" then m lines "u v",
// 1-based; self-loops dropped, repeated edges kept). Vertices of a board are its free
// cells in row-major order; edges join a cell to its right and lower neighbours, and
// with --moves king also to its two lower diagonal neighbours. Writes the JSOI answer
// ("WIN" then "row col" or vertex lines, or "LOSE") with one fwrite, and on stderr the
// matching size and the time spent reading, solving and writing.
#pragma once

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

struct Input {
    bool board = false;
    bool king = false;
    long rows = 0, cols = 0;
    int n = 0;                   // vertices
    std::vector<int> cell;       // board: flat cell index of each vertex
    std::vector<char> parity;    // board: (row + col) % 2 of each vertex
    std::vector<int> eu, ev;     // edges, 0-based vertices
};

[[noreturn]] inline void fail(const std::string& message) {
    std::fprintf(stderr, "anchor: %s\n", message.c_str());
    std::exit(2);
}

inline double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

namespace anchor_detail {

struct Scanner {
    const char* p;
    const char* end;
    void skip_space() {
        while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) ++p;
    }
    long number(const char* what) {
        skip_space();
        if (p == end || *p < '0' || *p > '9') fail(std::string("expected ") + what);
        long value = 0;
        while (p < end && *p >= '0' && *p <= '9') value = value * 10 + (*p++ - '0');
        return value;
    }
};

inline std::vector<char> slurp(const char* path) {
    std::FILE* file = std::fopen(path, "rb");
    if (!file) fail(std::string("cannot open ") + path);
    std::vector<char> data;
    char chunk[1 << 16];
    size_t got;
    while ((got = std::fread(chunk, 1, sizeof chunk, file)) > 0) data.insert(data.end(), chunk, chunk + got);
    std::fclose(file);
    return data;
}

}  // namespace anchor_detail

// argv: [--edges] [--moves king] FILE; the caller's own options are skipped by name.
inline Input read_input(int argc, char** argv, std::vector<std::string>& rest) {
    Input in;
    bool edges = false;
    const char* path = nullptr;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg == "--edges") edges = true;
        else if (arg == "--moves" && i + 1 < argc) {
            std::string moves = argv[++i];
            if (moves == "king") in.king = true;
            else if (moves != "rook1") fail("--moves: king or rook1");
        } else if (arg.rfind("--", 0) == 0) rest.push_back(arg);
        else path = argv[i];
    }
    if (!path) fail("usage: anchor [--edges] [--moves king] FILE");
    std::vector<char> data = anchor_detail::slurp(path);
    anchor_detail::Scanner scan{data.data(), data.data() + data.size()};
    if (edges) {
        long n = scan.number("the vertex count"), m = scan.number("the edge count");
        in.n = static_cast<int>(n);
        in.eu.reserve(m);
        in.ev.reserve(m);
        for (long i = 0; i < m; ++i) {
            long u = scan.number("an edge"), v = scan.number("an edge");
            if (u < 1 || v < 1 || u > n || v > n) fail("vertex out of range on edge " + std::to_string(i + 1));
            if (u != v) in.eu.push_back(static_cast<int>(u - 1)), in.ev.push_back(static_cast<int>(v - 1));
        }
        return in;
    }
    in.board = true;
    in.rows = scan.number("the row count");
    in.cols = scan.number("the column count");
    std::vector<int> vertex(in.rows * in.cols, -1);
    for (long r = 0; r < in.rows; ++r) {
        scan.skip_space();
        if (scan.end - scan.p < in.cols) fail("row " + std::to_string(r + 1) + " is short");
        for (long c = 0; c < in.cols; ++c, ++scan.p) {
            if (*scan.p != '.') continue;
            vertex[r * in.cols + c] = in.n++;
            in.cell.push_back(static_cast<int>(r * in.cols + c));
            in.parity.push_back(static_cast<char>((r + c) & 1));
        }
    }
    in.eu.reserve(static_cast<size_t>(in.n) * (in.king ? 4 : 2));
    in.ev.reserve(static_cast<size_t>(in.n) * (in.king ? 4 : 2));
    auto join = [&](int a, long r, long c) {
        if (r < 0 || r >= in.rows || c < 0 || c >= in.cols) return;
        int b = vertex[r * in.cols + c];
        if (b >= 0) in.eu.push_back(a), in.ev.push_back(b);
    };
    for (int a = 0; a < in.n; ++a) {
        long r = in.cell[a] / in.cols, c = in.cell[a] % in.cols;
        join(a, r, c + 1);
        join(a, r + 1, c);
        if (in.king) join(a, r + 1, c - 1), join(a, r + 1, c + 1);
    }
    return in;
}

// Adjacency in CSR form: the neighbours of v are adj[first[v] .. first[v + 1]) (a
// counting sort of both directions of every edge).
struct Adjacency {
    std::vector<int> first, adj;
};

inline Adjacency adjacency(const Input& in) {
    const int n = in.n;
    const size_t m = in.eu.size();
    Adjacency g;
    g.first.assign(n + 1, 0);
    g.adj.resize(2 * m);
    for (size_t e = 0; e < m; ++e) ++g.first[in.eu[e] + 1], ++g.first[in.ev[e] + 1];
    for (int v = 0; v < n; ++v) g.first[v + 1] += g.first[v];
    std::vector<int> fill(g.first.begin(), g.first.end() - 1);
    for (size_t e = 0; e < m; ++e) g.adj[fill[in.eu[e]]++] = in.ev[e], g.adj[fill[in.ev[e]]++] = in.eu[e];
    return g;
}

// Sides: the board's colouring, or a BFS 2-colouring of the graph (exit 2 on an odd cycle).
inline std::vector<char> sides(const Input& in, const Adjacency& g) {
    if (in.board) return in.parity;
    std::vector<char> side(in.n, -1);
    std::vector<int> queue;
    for (int s = 0; s < in.n; ++s) {
        if (side[s] >= 0) continue;
        side[s] = 0;
        queue.assign(1, s);
        for (size_t head = 0; head < queue.size(); ++head) {
            int x = queue[head];
            for (int i = g.first[x]; i < g.first[x + 1]; ++i) {
                int y = g.adj[i];
                if (side[y] < 0) side[y] = static_cast<char>(1 - side[x]), queue.push_back(y);
                else if (side[y] == side[x]) fail("the graph is not bipartite");
            }
        }
    }
    return side;
}

// The JSOI answer: `winning` flags the placer's winning vertices.
inline void write_answer(const Input& in, const std::vector<char>& winning) {
    std::string out;
    out.reserve(16 + winning.size() * 4);
    char digits[24];
    auto put = [&](long value, char after) {
        int k = 0;
        do digits[k++] = static_cast<char>('0' + value % 10), value /= 10; while (value);
        while (k) out.push_back(digits[--k]);
        out.push_back(after);
    };
    bool any = false;
    for (char w : winning) any |= w != 0;
    out += any ? "WIN\n" : "LOSE\n";
    for (int v = 0; v < in.n; ++v) {
        if (!winning[v]) continue;
        if (in.board) put(in.cell[v] / in.cols + 1, ' '), put(in.cell[v] % in.cols + 1, '\n');
        else put(v + 1, '\n');
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fflush(stdout);
}
