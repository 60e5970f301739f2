"""Run the coverage-guided fuzz harnesses (atheris: libFuzzer for Python).

    pip install -e ".[fuzz]"
    python tests/fuzz/run.py NAME [--seconds 600] [LIBFUZZER_OPTION ...]
    python tests/fuzz/run.py all --seconds 60        # every harness in turn
    tools/sanitize.sh python tests/fuzz/run.py all --seconds 60   # kernels under ASan+UBSan

NAME is one of :data:`targets.TARGETS`. Each harness starts from its seeds
(``tests/fuzz/seeds/NAME``) and the inputs earlier runs found interesting
(``build/fuzz/corpus/NAME``, not kept in git); an input that breaks the property
(see targets.py) is written to ``build/fuzz/findings/`` and the run stops. Save it
under ``tests/data/fuzz/NAME/`` so ``tests/test_fuzz_corpus.py`` replays it in the
normal test run, and fix the module it points at.

Per input: at most ``--input-seconds`` (libFuzzer's ``-timeout``, a hang is a
finding) and ``--max-len`` bytes; the process's memory is capped by
``-rss_limit_mb`` and each input's growth of the peak by targets.PEAK_MEMORY_BYTES.
The last line libFuzzer prints, "Done N runs in S second(s)", is what BENCHMARKS.md
reports per harness.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

# the modules each harness reaches, imported while atheris instruments them so that
# their branches guide the fuzzer (matchgame's own code only: the kernels are C)
INSTRUMENTED = (
    "matchgame",
    "matchgame.readers.inputs",
    "matchgame.readers.graphs",
    "matchgame.readers.graph6",
    "matchgame.readers.graph_lines",
    "matchgame.readers.matrixmarket",
    "matchgame.readers.metis",
    "matchgame.readers.dimacs",
    "matchgame.readers.snap",
    "matchgame.readers.networkx_formats",
    "matchgame.readers.edgelists",
    "matchgame.readers.boards",
    "matchgame.readers.noi",
    "matchgame.readers.tokens",
    "matchgame.readers.documents",
    "matchgame.core._text",
    "matchgame.readers._lines",
    "matchgame.readers._memory",
    "matchgame.core._memory",
    "matchgame.sweep",
    "matchgame.certificates",
    "matchgame.games.vertex.checker",
    "matchgame.games.vertex.analysis",
    "matchgame.games.noi",
    "matchgame.games.vertex.mistakes",
    "matchgame.games.tokens",
    "matchgame.apps.web.endpoints",
)


def fuzz(name: str, options: list[str], known_ok: bool) -> None:
    """Run harness ``name`` in this process (libFuzzer exits the process at the end)."""
    import importlib

    import atheris

    with atheris.instrument_imports(include=["matchgame"]):
        for module in INSTRUMENTED:
            importlib.import_module(module)
    from targets import one_input

    corpus = ROOT / "build" / "fuzz" / "corpus" / name
    findings = ROOT / "build" / "fuzz" / "findings"
    corpus.mkdir(parents=True, exist_ok=True)
    findings.mkdir(parents=True, exist_ok=True)
    argv = [
        sys.argv[0],
        f"-artifact_prefix={findings}/{name}-",
        *options,
        str(corpus),
        str(HERE / "seeds" / name),
    ]
    atheris.Setup(argv, one_input(name, known_ok=known_ok))
    atheris.Fuzz()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name", help="a harness of targets.TARGETS, or 'all'")
    parser.add_argument("--seconds", type=int, default=600, help="per harness")
    parser.add_argument("--input-seconds", type=int, default=10)
    parser.add_argument("--max-len", type=int, default=4096)
    parser.add_argument("--rss-mb", type=int, default=4096)
    parser.add_argument(
        "--known-ok",
        action="store_true",
        help="go on past the defects targets.KNOWN_ELSEWHERE lists (owned by other modules)",
    )
    known, extra = parser.parse_known_args()
    from targets import TARGETS

    names = list(TARGETS) if known.name == "all" else [known.name]
    unknown = [name for name in names if name not in TARGETS]
    if unknown:
        parser.error(f"no harness {unknown[0]!r}; one of: all, {', '.join(TARGETS)}")
    options = [
        f"-max_total_time={known.seconds}",
        f"-timeout={known.input_seconds}",
        f"-max_len={known.max_len}",
        f"-rss_limit_mb={known.rss_mb}",
        "-print_final_stats=1",
        *extra,
    ]
    if len(names) == 1:
        fuzz(names[0], options, known.known_ok)
        return 0
    status = 0
    for name in names:  # one process each: libFuzzer ends the process when it stops
        command = [sys.executable, __file__, name, f"--seconds={known.seconds}", *extra]
        command += [f"--input-seconds={known.input_seconds}", f"--max-len={known.max_len}"]
        command += [f"--rss-mb={known.rss_mb}"] + (["--known-ok"] if known.known_ok else [])
        status = max(status, subprocess.run(command, check=False).returncode)
    return status


if __name__ == "__main__":
    sys.exit(main())
