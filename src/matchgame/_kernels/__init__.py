"""numba kernels. Arrays in, arrays out; no Python objects, no recursion.

Graphs reach the kernels as CSR arrays: ``offsets`` (int32, length n + 1) and
``neighbors`` (int32); a matching is a ``mate`` array (int32, -1 = exposed).
The public API validates and converts once, so kernels never check dtypes.
"""
