# Types shared by the kernel modules (cimported; no run-time module).
from libc.stdint cimport int32_t

# The one index type: vertex ids, CSR offsets and positions in CSR arrays.
# matchgame.core.graph.INDEX_DTYPE (numpy.int32) is its Python name.
ctypedef int32_t index_t
