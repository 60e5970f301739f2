import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

# Every kernel checks its arguments in full while the tests run (and in the command
# lines and servers they start): a public path that handed a kernel a graph, matching
# or bipartition breaking its preconditions fails the test (_kernels/_checks.pyx).
os.environ["MATCHGAME_CHECK_KERNELS"] = "1"
