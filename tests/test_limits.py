"""Inputs against memory limits: a header that lies, an input that is really big.

The command runs in a subprocess under a 4 GB address-space limit (``ulimit -v``,
a common container setting); every case ends in the right answer or in one clean
``error:`` line with exit status 2, never a traceback or a ``MemoryError``.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from matchgame.core import _text
from matchgame.generate import random_board
from matchgame.readers import _memory

pytestmark = pytest.mark.slow

ADDRESS_SPACE = 4_000_000_000


def _skip_under_the_sanitizer() -> None:
    """AddressSanitizer reserves terabytes of address space for its shadow memory: a
    process under ``ulimit -v`` cannot start with it (tools/sanitize.sh)."""
    if os.environ.get("MATCHGAME_SANITIZED") == "1":
        pytest.skip("the sanitized kernels cannot run under an address-space limit")


def run_limited(*arguments: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    _skip_under_the_sanitizer()

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))

    return subprocess.run(
        [sys.executable, "-m", "matchgame", *arguments],
        input=stdin,
        capture_output=True,
        preexec_fn=limit,
        timeout=300,
    )


def assert_clean_error(run: subprocess.CompletedProcess, *fragments: str) -> None:
    err = run.stderr.decode()
    assert run.returncode == 2, err[-2000:]
    assert run.stdout == b""
    assert err.startswith("error: ") and err.count("\n") == 1, err[-2000:]
    for fragment in fragments:
        assert fragment in err, err


@pytest.mark.parametrize("where", ["file", "stdin"])
def test_an_edge_list_header_that_lies_about_its_size(tmp_path, where):
    data = b"268435456 0\n"  # 13 bytes claiming a graph of 16 GiB
    if where == "file":
        (tmp_path / "lie.txt").write_bytes(data)
        run = run_limited("placements", "--edges", str(tmp_path / "lie.txt"))
    else:
        run = run_limited("placements", "--edges", stdin=data)
    assert_clean_error(run, "needs about", "GiB of memory", "is available")


def test_a_token_record_on_a_lying_edge_list(tmp_path):
    path = tmp_path / "walk.txt"
    path.write_bytes(b"268435456 0\n1\n1\n")
    assert_clean_error(run_limited("annotate", "--edges", str(path)), "GiB of memory")


def _padded(header: bytes, body_line: bytes) -> bytes:
    """A header and enough lines to pass the first 64 KiB the readers look at."""
    lines = (2 * _text.HEAD_BYTES) // len(body_line) + 1
    return header + body_line * lines


@pytest.mark.parametrize(
    ("command", "data", "fragment"),
    [
        (["placements"], _padded(b"16384 16384\n", b"." * 63 + b"\n"), "expected 16384 rows"),
        (["mistakes"], _padded(b"16384 16384\n", b"X" * 63 + b"\n"), "expected 16384 board"),
        (["annotate"], _padded(b"16384 16384\n", b"." * 63 + b"\n"), "expected 16384 rows"),
        (
            ["placements", "--edges"],
            _padded(b"1000000000 1000000000\n", b"1 2\n"),
            "expected 1000000000 edges",
        ),
    ],
    # short ids: pytest versions before 9.2 spell a bytes value out in the test's id,
    # which goes into PYTEST_CURRENT_TEST, and a 200 KB environment variable fails the
    # subprocess's exec with E2BIG
    ids=["board", "noi-record", "token-record", "edge-list"],
)
def test_a_header_bounds_nothing_it_does_not_hold(tmp_path, command, data, fragment):
    """Headers allowing gigabytes over a short file: the reader allocates what the file
    holds (it used to ask the system for the header's whole limit at once)."""
    path = tmp_path / "input.txt"
    path.write_bytes(data)
    assert_clean_error(run_limited(*command, str(path)), fragment)


def test_a_certificate_of_a_big_board_is_verified_under_the_limit(tmp_path):
    """A genuine answer of 68 MB (a 2000x2000 board): verify needs about 300 MB."""
    _skip_under_the_sanitizer()
    board = tmp_path / "board.txt"
    board.write_text(random_board(2000, 2000, 0.05, seed=1).to_text())
    answer = tmp_path / "answer.json"
    with answer.open("wb") as out:
        made = subprocess.run(
            [
                sys.executable,
                "-m",
                "matchgame",
                "placements",
                str(board),
                "--format",
                "json",
                "--certificate",
            ],
            stdout=out,
            timeout=300,
        )
    assert made.returncode == 0
    assert answer.stat().st_size > 60_000_000
    run = run_limited("verify", str(board), str(answer))
    assert run.returncode == 0, run.stderr.decode()[-2000:]
    assert run.stdout == b"ok\n"
    # the same certificate for a board whose header lies: a clean error
    lying = tmp_path / "lying.txt"
    lying.write_bytes(b"100000 100000\n" + board.read_bytes().split(b"\n", 1)[1])
    assert_clean_error(run_limited("verify", str(lying), str(answer)))


# -- what memory there is ---------------------------------------------------------


def _cgroup_tree(root: Path, membership: str, files: dict[str, str]) -> Path:
    (root / "proc").mkdir(parents=True)
    (root / "proc" / "cgroup").write_text(membership)
    for relative, content in files.items():
        path = root / "fs" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content)
    return root


def test_cgroup_v2_limit_of_the_group_and_its_parents(tmp_path):
    tree = _cgroup_tree(
        tmp_path,
        "0::/user.slice/box\n",
        {
            "user.slice/box/memory.max": "max\n",
            "user.slice/box/memory.current": "100\n",
            "user.slice/memory.max": "1000\n",
            "user.slice/memory.current": "400\n",
        },
    )
    room = _memory._cgroup_headroom(str(tree / "proc" / "cgroup"), str(tree / "fs"))
    assert room == 600


def test_cgroup_v1_limit_and_no_limit(tmp_path):
    v1 = _cgroup_tree(
        tmp_path / "v1",
        "4:memory:/docker/abc\n1:cpu:/\n",
        {
            "memory/docker/abc/memory.limit_in_bytes": "4096\n",
            "memory/docker/abc/memory.usage_in_bytes": "1024\n",
            "memory/memory.limit_in_bytes": "9223372036854771712\n",  # v1's "no limit"
            "memory/memory.usage_in_bytes": "1\n",
        },
    )
    assert _memory._cgroup_headroom(str(v1 / "proc" / "cgroup"), str(v1 / "fs")) == 3072
    none = _cgroup_tree(tmp_path / "none", "0::/\n", {"memory.max": "max\n"})
    assert _memory._cgroup_headroom(str(none / "proc" / "cgroup"), str(none / "fs")) is None


def test_available_memory_sees_the_address_space_limit():
    _skip_under_the_sanitizer()
    code = (
        "import resource; from matchgame.readers._memory import available_memory;"
        f"resource.setrlimit(resource.RLIMIT_AS, ({ADDRESS_SPACE}, {ADDRESS_SPACE}));"
        "print(available_memory())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert 0 < int(out.stdout) < ADDRESS_SPACE


@pytest.mark.skipif(not os.path.exists("/proc/meminfo"), reason="Linux only")
def test_the_memory_share_caps_what_an_input_may_plan():
    with _memory.memory_share(1 << 20), pytest.raises(Exception, match="needs about"):
        _memory.require_memory(2 << 20, "an input")
    _memory.require_memory(2 << 20, "an input")
