"""The applications, at the top: the command line, terminal play, the web app.

Each is a thin layer over the public API: it reads its input through
:mod:`matchgame.readers.inputs`, asks the games, and writes through
:mod:`matchgame.writers` and :mod:`matchgame.draw`.
"""

import os

# The applications never multiply matrices, and numpy's OpenBLAS starts a thread per
# core that spins at start-up: about 0.1 s of CPU a command (38% of a placements run
# on 10^5 vertices), lost to whatever else runs (--jobs workers, other tests). Set
# here, before any of them loads numpy; a user's own setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
