"""General graph kernels."""

from __future__ import annotations

import numpy as np

from ._jit import kernel


@kernel
def two_colouring(offsets, neighbors):
    """BFS 2-colouring (uint8 per vertex); an empty array if an odd cycle exists."""
    n = offsets.shape[0] - 1
    colour = np.full(n, 255, dtype=np.uint8)
    queue = np.empty(n, dtype=np.int32)
    for root in range(n):
        if colour[root] != 255:
            continue
        colour[root] = 0
        queue[0] = root
        head = 0
        tail = 1
        while head < tail:
            v = queue[head]
            head += 1
            for k in range(offsets[v], offsets[v + 1]):
                w = neighbors[k]
                if colour[w] == 255:
                    colour[w] = 1 - colour[v]
                    queue[tail] = w
                    tail += 1
                elif colour[w] == colour[v]:
                    return np.empty(0, dtype=np.uint8)
    return colour
