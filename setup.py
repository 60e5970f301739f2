"""Build the compiled kernels: every ``src/matchgame/_kernels/*.pyx`` becomes an extension.

Cython translates them to C under ``build/`` and the machine's C compiler
builds them; the project metadata lives in pyproject.toml.
"""

from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

KERNELS = Path("src", "matchgame", "_kernels")

extensions = [
    Extension(f"matchgame._kernels.{source.stem}", [str(source)])
    for source in sorted(KERNELS.glob("*.pyx"))
]

setup(
    ext_modules=cythonize(
        extensions,
        build_dir="build/cython",
        compiler_directives={"language_level": 3, "embedsignature": True},
    )
)
