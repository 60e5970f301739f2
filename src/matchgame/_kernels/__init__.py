"""Compiled kernels (Cython extensions built at install). Arrays in, arrays out.

Graphs reach the kernels as CSR arrays: ``offsets`` (int32, length n + 1) and
``neighbors`` (int32); a matching is a ``mate`` array (int32, -1 = exposed).
The public API validates and converts once, so kernels take exactly these
dtypes (a mismatch raises ValueError) and trust the contents of valid arrays.
"""
