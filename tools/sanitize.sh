#!/bin/sh
# The compiled kernels under AddressSanitizer and UndefinedBehaviorSanitizer.
#
#   tools/sanitize.sh                 build, then run the kernel, reader and fuzz-corpus tests
#   tools/sanitize.sh pytest ARGS     build, then run those pytest arguments instead
#   tools/sanitize.sh CMD ARGS        build, then run any command (e.g. a fuzz harness)
#
# The kernels are built with MATCHGAME_SANITIZE=1 (see setup.py) into build/sanitize/lib
# beside a copy of the Python sources; the normal build in src/ is not touched. A report
# from either sanitizer ends the process with a non-zero status. CPython leaks by design,
# so leak detection is off; PYTHONMALLOC=malloc puts Python's own objects under ASan too.
set -eu
cd "$(dirname "$0")/.."
out=build/sanitize

# Cython and setuptools are build requirements only: `pip install .` fetches them into
# an isolated environment and leaves them out of this one. When this Python cannot
# build (Cython missing or older than pyproject.toml asks), the build requirements are
# installed once into a virtual environment of this Python, $out/build-env, which
# builds the kernels from then on. MATCHGAME_SANITIZE_BUILDER=1: print the Python that
# builds and stop (tests/test_sanitize_tool.py).
can_build() {
    "$1" - <<'PY' 2>/dev/null
import tomllib
from importlib.metadata import version
from packaging.requirements import Requirement
with open("pyproject.toml", "rb") as handle:
    requires = tomllib.load(handle)["build-system"]["requires"]
import setuptools  # any version that runs setup.py builds the kernels
for text in requires:
    requirement = Requirement(text)
    if requirement.name != "setuptools":
        assert requirement.specifier.contains(version(requirement.name), prereleases=True), text
PY
}
builder=python
if ! can_build python; then
    builder="$PWD/$out/build-env/bin/python"
    if ! can_build "$builder"; then
        echo "tools/sanitize.sh: installing the build requirements into $out/build-env" >&2
        rm -rf "$out/build-env"
        python -m venv "$out/build-env"
        requires=$(python -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"]))')
        # one requirement a line, as pyproject.toml gives them ("Cython>=3.1")
        printf '%s\n' "$requires" >"$out/build-requirements.txt"
        "$builder" -m pip install -q --upgrade pip packaging -r "$out/build-requirements.txt" >&2
        can_build "$builder" || { echo "error: $out/build-env cannot build the kernels" >&2; exit 1; }
    fi
fi
if [ "${MATCHGAME_SANITIZE_BUILDER:-}" = 1 ]; then
    echo "$builder"
    exit 0
fi

rm -rf "$out/lib"
mkdir -p "$out/lib"
tar -C src --exclude='*.so' --exclude='__pycache__' -cf - matchgame | tar -C "$out/lib" -xf -
MATCHGAME_SANITIZE=1 "$builder" setup.py -q build_ext --force \
    --build-lib "$out/lib" --build-temp "$out/temp" >"$out/build.log" 2>&1 ||
    { cat "$out/build.log"; exit 1; }

LD_PRELOAD="$(gcc -print-file-name=libasan.so)"
export LD_PRELOAD
# allocator_may_return_null: an allocation refused by a memory limit is a MemoryError
# (the fuzz harnesses set one), not a sanitizer report
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:allocator_may_return_null=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export PYTHONMALLOC=malloc
export PYTHONPATH="$PWD/$out/lib"
export MATCHGAME_SANITIZED=1  # tests/test_kernel_bounds.py checks the sanitized kernels ran
export MATCHGAME_CHECK_KERNELS=1  # every kernel checks its graph, matching and sides (_checks.pyx)
python -c "import matchgame._kernels.graph6 as k, sys; sys.exit('/build/sanitize/' not in k.__file__)" ||
    { echo "error: the sanitized kernels are not the ones imported" >&2; exit 1; }

if [ "$#" -eq 0 ]; then
    set -- pytest -p no:cacheprovider \
        tests/test_kernel_bounds.py tests/test_compiled_kernels.py tests/test_edmonds_kernel.py \
        tests/test_matching.py tests/test_graph_formats.py tests/test_formats.py \
        tests/test_edgelists.py tests/test_edge_text_fast_path.py tests/test_limits.py \
        tests/test_boards.py tests/test_bunny.py tests/test_sweep.py tests/test_fuzz.py \
        tests/test_fuzz_corpus.py tests/test_gf2_kernel.py tests/test_edges.py \
        tests/test_edge_positions.py tests/test_edge_records.py tests/test_edge_certificates.py \
        tests/test_ears_kernel.py tests/test_certificates.py tests/test_certificate_families.py \
        tests/test_typed_documents.py
fi
if [ "$1" = pytest ]; then
    shift
    set -- python -m pytest "$@"
fi
exec "$@"
