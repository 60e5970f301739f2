# What every kernel entry point checks of a graph, a matching and a bipartition before
# its loops use them (cimported by the kernels; see _checks.pyx).

from ._types cimport index_t

cdef int check_graph(const index_t[::1] offsets, const index_t[::1] neighbors) except -1
cdef int check_matching(const index_t[::1] mate, Py_ssize_t n) except -1
cdef int check_sides(
    const index_t[::1] offsets, const index_t[::1] neighbors, const unsigned char[::1] side,
    const index_t[::1] mate,
) except -1
