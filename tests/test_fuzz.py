"""Fuzzing the command line in-process: every input ends in an answer or one clean error.

Seeded mutations (byte flips, inserted bytes and huge numbers, deletions, duplicated
lines, edited headers) of valid boards, edge lists, NOI2011 records, certificate
files and play sessions go through ``cli.main``. Allowed outcomes: exit 0 with an
answer, exit 1 from ``verify`` (a wrong certificate), exit 2 with exactly one
``error:`` line on stderr and nothing on stdout. Anything escaping ``main`` fails the
test, and the input that caused it is saved under ``tests/data/fuzz/`` so that
``test_saved_regressions`` replays it forever.
"""

from __future__ import annotations

import io
import os
import random
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

import pytest

from matchgame.apps import cli

pytestmark = pytest.mark.slow

FUZZ_DIR = Path(__file__).parent / "data" / "fuzz"
# mutations a format in the test command; MATCHGAME_FUZZ_CASES=1500 (or more) fuzzes
# deeper (docs/development.md)
CASES_PER_FORMAT = int(os.environ.get("MATCHGAME_FUZZ_CASES", "500"))

BOARDS = [
    b"3 3\n.##\n...\n#.#\n",
    b"4 5\n.....\n.#.#.\n.....\n##..#\n",
    b"1 1\n.\n",
    b"2 3\r\n...\r\n.x.\r\n",
]
EDGE_LISTS = [
    b"3 3\n1 2\n2 3\n3 1\n",
    b"7 8\n1 2\n2 3\n3 1\n3 4\n4 5\n5 6\n6 7\n7 5\n",
    b"5 0\n",
    b"4 3\n1 2\n2 3\n3 4\n",
]
RECORDS = [
    b"1 6\nXO.OXO\n1\n1 2\n1 1\n",
    b"3 3\nXOX\nO.O\nXOX\n4\n2 3\n1 3\n1 2\n1 1\n2 1\n3 1\n3 2\n3 3\n",
    b"4 4\nOOXX\nOXXO\nOO.O\nXXXO\n2\n3 2\n2 2\n1 2\n1 3\n",
]
INSERTS = [
    b"\x00",
    b"\xff",
    b"\xef\xbb\xbf",
    b"\xd9\xa1",  # ARABIC-INDIC DIGIT ONE
    b"-",
    b"+",
    b" ",
    b"\n",
    b"\r\n",
    b"9" * 25,
    b"0" * 30 + b"1",
    b"1" * 5000,
    b"#",
    b".",
    b"O",
    b"X",
    b"{",
    b'"',
    b"[",
]


@dataclass
class Outcome:
    code: int
    out: bytes
    err: str


def run_main(args: list[str], stdin: bytes) -> Outcome:
    """``cli.main(args)`` with the standard streams replaced."""
    saved = sys.stdin, sys.stdout, sys.stderr
    out = io.BytesIO()
    err = io.StringIO()
    fake_in = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    fake_out = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    sys.stdin, sys.stdout, sys.stderr = fake_in, fake_out, err
    try:
        code = cli.main(args)
        fake_out.flush()
        written = out.getvalue()
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
        fake_in.detach()
        fake_out.detach()  # keep the byte buffers open for the caller
    return Outcome(code, written, err.getvalue())


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three random edits of ``data``."""
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(6)
        at = rng.randrange(len(data) + 1)
        if kind == 0 and data:
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif kind == 1:
            data[at:at] = rng.choice(INSERTS)
        elif kind == 2 and data:
            del data[at : at + rng.randint(1, 4)]
        elif kind == 3:
            lines = bytes(data).split(b"\n")
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
            data = bytearray(b"\n".join(lines))
        elif kind == 4:
            lines = bytes(data).split(b"\n")
            lines[0] = b" ".join(
                str(rng.choice([0, 1, 2, 3, -1, 10**6, 2**31, 10**20])).encode()
                for _ in range(rng.randint(1, 3))
            )
            data = bytearray(b"\n".join(lines))
        else:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return bytes(data)


def assert_clean(
    outcome: Outcome, *, allow_verify_failure: bool = False, interactive: bool = False
) -> None:
    """``interactive``: a game writes the engine's moves before an error can occur,
    and warns of each move it asks for again (``play`` without ``--strict``)."""
    assert "Traceback" not in outcome.err
    if outcome.code == 0:
        assert outcome.out
        assert all(line.startswith("warning: ") for line in outcome.err.splitlines())
    elif outcome.code == 1 and allow_verify_failure:
        pass
    else:
        assert outcome.code == 2, outcome
        assert interactive or outcome.out == b"", outcome
        lines = outcome.err.splitlines()
        if interactive:
            assert all(line.startswith("warning: ") for line in lines[:-1]), outcome.err
            lines = lines[-1:]
        assert len(lines) == 1 and lines[0].startswith("error: "), outcome.err
        assert len(lines[0]) < 400, lines[0][:400]


def check_or_save(
    name: str,
    args: list[str],
    stdin: bytes,
    files: dict[str, bytes] | None = None,
    *,
    workdir: Path | None = None,
    allow_verify_failure: bool = False,
    interactive: bool = False,
) -> None:
    """Run one case; keep it as a regression file if it fails in any way.

    ``files`` are written to ``workdir`` and replace ``{name}`` in ``args``.
    """
    files = files or {}
    paths = {key: str(Path(workdir or ".") / key) for key in files}
    for key, content in files.items():
        Path(paths[key]).write_bytes(content)
    try:
        outcome = run_main([arg.format(**paths) for arg in args], stdin)
        assert_clean(outcome, allow_verify_failure=allow_verify_failure, interactive=interactive)
    except BaseException:
        FUZZ_DIR.mkdir(parents=True, exist_ok=True)
        stem = f"{name}-{zlib.crc32(stdin + repr(files).encode()):08x}"
        (FUZZ_DIR / f"{stem}.input").write_bytes(stdin)
        (FUZZ_DIR / f"{stem}.args").write_text("\n".join(args) + "\n")
        for key, content in files.items():
            (FUZZ_DIR / f"{stem}.{key}").write_bytes(content)
        raise


@pytest.mark.parametrize(
    ("name", "args", "seeds"),
    [
        ("board", ["placements"], BOARDS),
        ("board-json", ["placements", "--format", "json"], BOARDS),
        ("edges", ["placements", "--edges", "--format", "json"], EDGE_LISTS),
        ("record", ["mistakes", "--format", "json"], RECORDS),
    ],
)
def test_fuzz_text_formats(name: str, args: list[str], seeds: list[bytes]) -> None:
    rng = random.Random(f"matchgame-fuzz-{name}")
    for _ in range(CASES_PER_FORMAT):
        check_or_save(name, args, mutate(rng.choice(seeds), rng))


def test_fuzz_certificate_files(tmp_path: Path) -> None:
    rng = random.Random("matchgame-fuzz-certificates")
    cases = [(b, []) for b in BOARDS[:2]] + [(e, ["--edges"]) for e in EDGE_LISTS[:2]]
    for data, flags in cases:
        made = run_main(["placements", *flags, "--format", "json", "--certificate"], data)
        assert made.code == 0, made
        for _ in range(CASES_PER_FORMAT // 5):
            check_or_save(
                "certificate",
                ["verify", *flags, "{source}", "{answer}"],
                b"",
                {"source": data, "answer": mutate(made.out, rng)},
                workdir=tmp_path,
                allow_verify_failure=True,
            )


def test_fuzz_play_protocol() -> None:
    rng = random.Random("matchgame-fuzz-play")
    moves = b"2 3\n2 2\n2 1\n3 2\n1 1\n"
    for _ in range(CASES_PER_FORMAT * 4 // 15):
        you = rng.choice(["first", "second"])
        check_or_save(
            "play",
            ["play", "--example", "jsoi", "--you", you],
            mutate(moves, rng),
            interactive=True,
        )


def _saved_cases() -> list[Path]:
    return sorted(FUZZ_DIR.glob("*.input")) if FUZZ_DIR.is_dir() else []


@pytest.mark.parametrize("case", _saved_cases(), ids=lambda path: path.stem)
def test_saved_regressions(case: Path, tmp_path: Path) -> None:
    args = [a for a in case.with_suffix(".args").read_text().split("\n") if a]
    files = {
        extra.suffix[1:]: extra.read_bytes()
        for extra in FUZZ_DIR.glob(f"{case.stem}.*")
        if extra.suffix not in (".input", ".args")
    }
    check_or_save(
        "regression",
        args,
        case.read_bytes(),
        files,
        workdir=tmp_path,
        allow_verify_failure=True,
        interactive=args[0] == "play",
    )
