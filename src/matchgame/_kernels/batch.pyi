"""Types of batch.pyx: kernels for many small graphs held as one disjoint union."""

import numpy as np
import numpy.typing as npt

def bipartite_parts(
    offsets: npt.NDArray[np.int32],
    neighbors: npt.NDArray[np.int32],
    vertex_start: npt.NDArray[np.int64],
) -> npt.NDArray[np.uint8]: ...
def union_csr(
    n_vertices: npt.NDArray[np.int64],
    edge_start: npt.NDArray[np.int64],
    edges: npt.NDArray[np.int32],
    may_repeat: bool,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int32], npt.NDArray[np.int32]]: ...
