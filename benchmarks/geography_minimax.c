/* A plain memoised minimax of directed vertex geography, written for the comparison
 * of issue 40 (benchmarks/bench_geography.py compiles it with the machine's gcc -O2).
 *
 *     geography_minimax [--table N] < digraph.txt
 *
 * Input: matchgame's edge list, "n m" then m lines "u v", the arc u -> v, 1-based
 * (self-loops dropped, repeated arcs once). Output: as matchgame placements --game
 * directed --edges writes it: "WIN" and the placer's winning vertices one a line, or
 * "LOSE"; on standard error the positions remembered. The placer wins on v iff the
 * player to move loses with the token on v and v visited.
 *
 * The search: depth-first minimax over (token, visited set), a move to an unvisited
 * successor, the first winning move ending a position's search (the arcs in input
 * order), every position settled remembered in one hash table (open addressing,
 * linear probing, the whole key stored, doubled when three quarters full) shared by
 * all the starts. No reductions: no components, no canonical states, no move
 * ordering. The table holds --table N positions (default 23,000,000); when it is
 * full the program says so on standard error and exits with status 3.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int n, words;
static int *off, *succ;
static uint64_t *visited;       /* the visited set of the position searched */
static uint64_t *table;         /* slots of (words + 1) words: the set, then token+1 << 1 | value */
static uint64_t capacity, used, limit, largest;

static uint64_t mix(uint64_t h) {
    h ^= h >> 30;
    h *= 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 27;
    h *= 0x94d049bb133111ebULL;
    h ^= h >> 31;
    return h;
}

static uint64_t key_hash(int token) {
    uint64_t h = (uint64_t)token * 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < words; i++) h = mix(h ^ visited[i]) + (uint64_t)i;
    return h;
}

/* The slot holding (token, visited), or the empty slot where it would go. */
static uint64_t *find(int token, uint64_t h) {
    uint64_t i = h & (capacity - 1);
    for (;;) {
        uint64_t *slot = table + i * (uint64_t)(words + 1);
        uint64_t meta = slot[words];
        if (meta == 0) return slot;
        if ((meta >> 1) == (uint64_t)token + 1 && memcmp(slot, visited, 8 * (size_t)words) == 0)
            return slot;
        i = (i + 1) & (capacity - 1);
    }
}

/* Twice the slots, every position moved over. */
static void grow(void) {
    uint64_t old_capacity = capacity, stride = (uint64_t)(words + 1);
    uint64_t *old = table;
    capacity *= 2;
    table = calloc(capacity * stride, sizeof(uint64_t));
    if (table == NULL) {
        fprintf(stderr, "no memory for the table\n");
        exit(3);
    }
    uint64_t *saved = visited;
    for (uint64_t i = 0; i < old_capacity; i++) {
        uint64_t *entry = old + i * stride;
        if (entry[words] == 0) continue;
        visited = entry; /* find() hashes and compares the set held in visited */
        int token = (int)((entry[words] >> 1) - 1);
        uint64_t *slot = find(token, key_hash(token));
        memcpy(slot, entry, 8 * stride);
    }
    visited = saved;
    free(old);
}

static int mover_wins(int token) {
    uint64_t h = key_hash(token);
    uint64_t *slot = find(token, h);
    if (slot[words] != 0) return (int)(slot[words] & 1);
    int wins = 0;
    for (int k = off[token]; k < off[token + 1] && !wins; k++) {
        int w = succ[k];
        if (visited[w >> 6] >> (w & 63) & 1) continue;
        visited[w >> 6] |= 1ULL << (w & 63);
        wins = !mover_wins(w);
        visited[w >> 6] &= ~(1ULL << (w & 63));
    }
    if (used >= limit) {
        fprintf(stderr, "the table is full: %llu positions\n", (unsigned long long)used);
        exit(3);
    }
    if (4 * (used + 1) > 3 * capacity && capacity < largest) grow();
    slot = find(token, h); /* the table may have grown or hold more now */
    memcpy(slot, visited, 8 * (size_t)words);
    slot[words] = ((uint64_t)token + 1) << 1 | (uint64_t)wins;
    used++;
    return wins;
}

static int compare_arcs(const void *a, const void *b) {
    const int *x = a, *y = b;
    if (x[0] != y[0]) return x[0] < y[0] ? -1 : 1;
    return x[2] < y[2] ? -1 : x[2] > y[2];
}

int main(int argc, char **argv) {
    limit = 23000000;
    for (int i = 1; i + 1 < argc; i += 2)
        if (strcmp(argv[i], "--table") == 0) limit = strtoull(argv[i + 1], NULL, 10);
    int m;
    if (scanf("%d %d", &n, &m) != 2 || n < 1 || m < 0) {
        fprintf(stderr, "bad header\n");
        return 2;
    }
    int *arcs = malloc(3 * (size_t)(m > 0 ? m : 1) * sizeof(int)); /* u, v, input order */
    int kept = 0;
    for (int i = 0; i < m; i++) {
        int u, v;
        if (scanf("%d %d", &u, &v) != 2 || u < 1 || v < 1 || u > n || v > n) {
            fprintf(stderr, "bad arc on line %d\n", i + 2);
            return 2;
        }
        if (u == v) continue;
        arcs[3 * kept] = u - 1, arcs[3 * kept + 1] = v - 1, arcs[3 * kept + 2] = i;
        kept++;
    }
    qsort(arcs, kept, 3 * sizeof(int), compare_arcs); /* by tail, in input order */
    off = calloc((size_t)n + 1, sizeof(int));
    succ = malloc((size_t)(kept > 0 ? kept : 1) * sizeof(int));
    int count = 0;
    for (int i = 0; i < kept; i++) {
        int u = arcs[3 * i], v = arcs[3 * i + 1], repeat = 0;
        for (int j = i - 1; j >= 0 && arcs[3 * j] == u; j--)
            if (arcs[3 * j + 1] == v) repeat = 1;
        if (repeat) continue;
        succ[count++] = v;
        off[u + 1]++;
    }
    for (int v = 0; v < n; v++) off[v + 1] += off[v];
    words = (n + 63) / 64;
    visited = calloc((size_t)words, sizeof(uint64_t));
    largest = 1024;
    while (3 * largest < 4 * limit + 4) largest *= 2; /* load at most 3/4 */
    capacity = 1024;
    table = calloc(capacity * (uint64_t)(words + 1), sizeof(uint64_t));
    if (table == NULL) {
        fprintf(stderr, "no memory for the table\n");
        return 3;
    }
    char *placer = calloc((size_t)n, 1);
    int any = 0;
    for (int v = 0; v < n; v++) {
        visited[v >> 6] |= 1ULL << (v & 63);
        placer[v] = !mover_wins(v);
        visited[v >> 6] &= ~(1ULL << (v & 63));
        any |= placer[v];
    }
    printf(any ? "WIN\n" : "LOSE\n");
    for (int v = 0; v < n; v++)
        if (placer[v]) printf("%d\n", v + 1);
    fprintf(stderr, "%llu positions\n", (unsigned long long)used);
    return 0;
}
