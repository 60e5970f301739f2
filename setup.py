"""Build the compiled kernels: every ``src/matchgame/_kernels/*.pyx`` becomes an extension.

Cython translates them to C under ``build/`` and the machine's C compiler
builds them, in parallel; the project metadata lives in pyproject.toml. The
code Cython adds to every module (typed memoryviews, mostly) is compiled once,
into ``matchgame._kernels._cyutility``, which cuts the build time several-fold.
"""

import os
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

KERNELS = Path("src", "matchgame", "_kernels")
SHARED = "matchgame._kernels._cyutility"
# no debug information: a quarter of the compile time, and nobody steps through these
FLAGS = ["-g0"] if os.name == "posix" else []
LINK_FLAGS: list[str] = []
# MATCHGAME_SANITIZE=1: AddressSanitizer and UndefinedBehaviorSanitizer in every kernel,
# with line numbers in their reports (tools/sanitize.sh builds so, into build/sanitize/,
# and runs the tests under it; the .so files need libasan preloaded to import)
if os.environ.get("MATCHGAME_SANITIZE") == "1":
    SANITIZERS = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"]
    FLAGS = [*SANITIZERS, "-fno-omit-frame-pointer", "-g", "-O1"]
    LINK_FLAGS = SANITIZERS


def _extension(name: str, source: Path) -> Extension:
    return Extension(name, [str(source)], extra_compile_args=FLAGS, extra_link_args=LINK_FLAGS)


extensions = [
    _extension(f"matchgame._kernels.{source.stem}", source)
    for source in sorted(KERNELS.glob("*.pyx"))
]
shared = _extension(SHARED, KERNELS / "_cyutility.c")

setup(
    ext_modules=cythonize(
        [*extensions, shared],
        build_dir="build/cython",
        shared_utility_qualified_name=SHARED,
        compiler_directives={"language_level": 3, "embedsignature": True},
    ),
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
)
