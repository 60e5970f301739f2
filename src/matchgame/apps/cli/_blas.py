"""One OpenBLAS thread for the command line, set before anything loads numpy.

The commands never multiply matrices, and numpy's OpenBLAS starts a thread per core
that spins at start-up: about 0.1 s of CPU a command (38% of a placements run on
10^5 vertices), lost to whatever else runs (``--jobs`` workers, other processes).
A user's own ``OPENBLAS_NUM_THREADS`` wins. Imported first by the package (see
tests/test_startup.py); a program that imports matchgame as a library is left alone.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
