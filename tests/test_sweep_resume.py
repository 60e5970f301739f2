"""Resumable sweeps (issue 34): ``--checkpoint FILE`` and ``checkpoint=``, an
interrupted ``--count`` that says the counts so far.

A sweep stopped anywhere (an interrupt between parts, in process; SIGKILL, SIGINT or
SIGTERM at random moments, in a subprocess, on a pool of two workers or in one
process) and run again with the same checkpoint ends with the counts and the output
lines of one uninterrupted run, each part answered once; a checkpoint of other
arguments, or that is not one, is one error line.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from unittest import mock

import numpy as np
import pytest
from cli_helpers import assert_user_error, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st
from nauty_helpers import geng_output, require_nauty

import matchgame
from matchgame import InvalidInputError, InvalidTypeError, ParseError
from matchgame.apps.cli import main
from matchgame.readers.graph6 import graph6_line
from matchgame.sweep import Geng, SweepCounts, sweep
from matchgame.sweep.executors import run_tasks

SWEEP = sys.modules["matchgame.sweep"]  # the package, whose run_tasks the command line calls
API = importlib.import_module("matchgame.sweep.api")


class _Stopped:
    """``run_tasks`` that raises KeyboardInterrupt once ``stop`` results were passed on
    (None: never), and adds up the graphs of the results it passed on."""

    def __init__(self) -> None:
        self.answered = 0
        self.stop: int | None = None

    def __call__(self, tasks, **options):
        if self.stop == 0:
            raise KeyboardInterrupt
        for passed, result in enumerate(run_tasks(tasks, **options), 1):
            self.answered += result.n_graphs
            yield result
            if passed == self.stop:
                raise KeyboardInterrupt


@contextlib.contextmanager
def _interrupted_after(module, stop: int | None):
    stopped = _Stopped()
    stopped.stop = stop
    with mock.patch.object(module, "run_tasks", stopped):
        yield stopped


# -- in process: interrupted between parts, any number of times ----------------------------

GRAPHS = b"".join(
    graph6_line(n, np.array(edges, dtype=np.int64).reshape(-1, 2)) + b"\n"
    for n, edges in [
        (3, [(0, 1), (1, 2), (0, 2)]),
        (4, [(0, 1), (2, 3)]),
        (5, [(0, 1), (1, 2), (2, 3), (3, 4), (0, 4)]),
        (6, [(0, 1), (1, 2), (0, 2), (3, 4)]),
        (1, []),
        (2, [(0, 1)]),
    ]
    * 60
)


@settings(max_examples=25, deadline=None)
@given(
    chunk=st.integers(20, 400),
    stops=st.lists(st.integers(0, 12), max_size=4),
    condition=st.sampled_from([None, "placer_wins", "matching_size >= 2 and not mover_wins"]),
)
def test_an_interrupted_api_sweep_resumes_to_the_same_counts(chunk, stops, condition):
    whole = sweep(GRAPHS, count=True, jobs=1, chunk_bytes=chunk, filter=condition)
    answered = 0
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "counts.json")
        for stop in [*stops, None]:
            with _interrupted_after(API, stop) as stopped:
                try:
                    counts = sweep(
                        GRAPHS,
                        count=True,
                        jobs=1,
                        chunk_bytes=chunk,
                        filter=condition,
                        checkpoint=path,
                    )
                except KeyboardInterrupt:
                    counts = None
            answered += stopped.answered
        assert counts == whole
        assert answered == GRAPHS.count(b"\n")  # each graph answered once
        recorded = json.loads(Path(path).read_text())
        assert recorded["graphs"] == answered and recorded["ahead"] == []


def _counted(checkpoint: Path) -> int:
    """The graphs a checkpoint of a count records: of the parts done in order or ahead."""
    recorded = json.loads(checkpoint.read_text())
    ahead = recorded["ahead"]
    return recorded["counts"]["graphs"] + sum(part["counts"]["graphs"] for part in ahead)


def _cli(*args: str) -> int:
    with contextlib.redirect_stderr(io.StringIO()):
        return main(["sweep", *args])


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(
    parts=st.integers(1, 9),
    stops=st.lists(st.integers(0, 6), min_size=1, max_size=3),
    mode=st.sampled_from([[], ["--echo"], ["--filter", "placer_wins and n > 4"], ["--count"]]),
    jobs=st.sampled_from(["1", "2"]),
)
def test_an_interrupted_command_line_resumes_to_the_same_output(parts, stops, mode, jobs):
    require_nauty()
    arguments = ["--geng", "6", "--parts", str(parts), "--jobs", jobs, *mode]
    with tempfile.TemporaryDirectory() as folder:
        whole, out, checkpoint = (os.path.join(folder, name) for name in ("w", "o", "c"))
        assert _cli(*arguments, "-o", whole) == 0
        answered = 0
        for stop in [*stops, None]:
            with _interrupted_after(SWEEP, stop) as stopped:
                status = _cli(*arguments, "-o", out, "--checkpoint", checkpoint)
            answered += stopped.answered
            if status == 130 and "--count" in mode:  # the counts so far, marked partial
                partial = json.loads(Path(out).read_bytes())
                assert partial.pop("partial") is True
                assert partial["graphs"] == _counted(Path(checkpoint))
            else:
                assert status in (0, 130)
        assert status == 0
        assert Path(out).read_bytes() == Path(whole).read_bytes()
        if jobs == "1":  # in flight on a pool, a part stopped is answered again
            assert answered == len(geng_output(6).splitlines())


def test_resuming_from_standard_input(tmp_path, monkeypatch):
    require_nauty()
    data = geng_output(8) * 2  # 222 kB: four parts of 64 kB
    checkpoint, out = tmp_path / "c.json", tmp_path / "counts.json"

    def run(stdin: bytes, stop: int | None) -> int:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
        with _interrupted_after(SWEEP, stop):
            return _cli("--count", "--jobs", "1", "--checkpoint", str(checkpoint), "-o", str(out))

    assert run(data, 2) == 130
    partial = json.loads(out.read_bytes())
    assert partial.pop("partial") is True
    assert partial == json.loads(checkpoint.read_text())["counts"]
    assert run(data, None) == 0
    assert json.loads(out.read_bytes()) == sweep(data, count=True, jobs=1).to_document()
    # other lines on standard input, where no name tells: the parts done are checked
    checkpoint.unlink()
    assert run(data, 2) == 130
    assert run(data[:-1000] + geng_output(5), None) == 2


# -- in a subprocess: killed at random moments ---------------------------------------------

GENG = ["--geng", "9", "--parts", "60"]
LINES = ["--filter", "winning >= 6"]


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The counts and the lines of uninterrupted runs."""
    require_nauty()
    counts = sweep(Geng("9", parts=60), count=True, jobs=1).to_document()
    path = tmp_path_factory.mktemp("reference") / "lines.g6"
    assert _cli(*GENG, *LINES, "--jobs", "1", "-o", str(path)) == 0
    return counts, path.read_bytes()


def _done(checkpoint: Path) -> int:
    try:
        recorded = json.loads(checkpoint.read_text())
    except (OSError, ValueError):  # not written yet (its replacement is atomic)
        return 0
    return recorded["parts"] + len(recorded["ahead"])


def _killed(arguments: list[str], checkpoint: Path, signum: int, rng: random.Random):
    """Start the sweep, and send it ``signum`` a random moment after a random number of
    parts more are done; what it said."""
    goal = _done(checkpoint) + rng.randint(1, 12)
    process = subprocess.Popen(
        [sys.executable, "-m", "matchgame", "sweep", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while _done(checkpoint) < goal and process.poll() is None:
            assert time.monotonic() < deadline
            time.sleep(0.005)
        time.sleep(rng.uniform(0, 0.05))
        process.send_signal(signum)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return process.returncode, out, err


@pytest.mark.parametrize(
    ("signum", "jobs", "seed"),
    [
        (signal.SIGKILL, "2", 1),
        (signal.SIGKILL, "1", 2),
        (signal.SIGINT, "2", 3),
        (signal.SIGINT, "1", 4),
        (signal.SIGTERM, "2", 5),
    ],
    ids=["KILL-jobs-2", "KILL-jobs-1", "INT-jobs-2", "INT-jobs-1", "TERM-jobs-2"],
)
def test_a_count_killed_at_random_moments_resumes_to_the_same_counts(
    tmp_path, reference, signum, jobs, seed
):
    rng = random.Random(seed)
    checkpoint = tmp_path / "c.json"
    arguments = [*GENG, "--count", "--jobs", jobs, "--checkpoint", str(checkpoint)]
    for _ in range(2):
        status, out, err = _killed(arguments, checkpoint, signum, rng)
        if status == 0:  # done before the signal came
            break
        assert status in (128 + signum, -signum), err
        if signum != signal.SIGKILL:  # the counts so far, as the checkpoint records them
            partial = json.loads(out)
            assert partial.pop("partial") is True
            assert partial["graphs"] == _counted(checkpoint)
            assert err == b"interrupted\n"
    run = run_cli("sweep", *arguments)
    assert run.code == 0, run.err
    assert json.loads(run.out) == reference[0]


@pytest.mark.parametrize(
    ("signum", "jobs", "seed"),
    [(signal.SIGKILL, "2", 6), (signal.SIGKILL, "1", 7), (signal.SIGINT, "2", 8)],
    ids=["KILL-jobs-2", "KILL-jobs-1", "INT-jobs-2"],
)
def test_lines_killed_at_random_moments_resume_to_the_same_lines(
    tmp_path, reference, signum, jobs, seed
):
    rng = random.Random(seed)
    checkpoint, out = tmp_path / "c.json", tmp_path / "lines.g6"
    arguments = [*GENG, *LINES, "--jobs", jobs, "--checkpoint", str(checkpoint), "-o", str(out)]
    for _ in range(2):
        status, said, _ = _killed(arguments, checkpoint, signum, rng)
        if status == 0:
            break
        assert status in (128 + signum, -signum)
        assert said == b""  # the lines go to -o FILE
        assert out.stat().st_size >= json.loads(checkpoint.read_text())["output_bytes"]
    run = run_cli("sweep", *arguments)
    assert run.code == 0, run.err
    assert out.read_bytes() == reference[1]


# -- refused: another sweep's checkpoint, or not one ---------------------------------------


@pytest.fixture
def done_checkpoint(tmp_path):
    """A checkpoint of ``sweep FILE --count`` over every graph on 5 vertices."""
    require_nauty()
    graphs = tmp_path / "five.g6"
    graphs.write_bytes(geng_output(5))
    checkpoint = tmp_path / "c.json"
    run = run_cli("sweep", str(graphs), "--count", "--checkpoint", str(checkpoint))
    assert run.code == 0, run.err
    return graphs, checkpoint


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (["--game", "edge"], "game: 'vertex' then, 'edge' now"),
        (["--filter", "placer_wins"], "filter: None then, 'placer_wins' now"),
        (["--input-format", "graph6"], "input_format: None then, 'graph6' now"),
    ],
)
def test_a_checkpoint_of_other_arguments_is_refused(done_checkpoint, change, fragment):
    graphs, checkpoint = done_checkpoint
    before = checkpoint.read_bytes()
    run = run_cli("sweep", str(graphs), "--count", "--checkpoint", str(checkpoint), *change)
    assert_user_error(run, "records another sweep", fragment)
    assert checkpoint.read_bytes() == before


def test_a_checkpoint_of_an_input_changed_since_is_refused(done_checkpoint):
    graphs, checkpoint = done_checkpoint
    run = run_cli("sweep", str(graphs), "--count", "--checkpoint", str(checkpoint))
    assert run.code == 0 and json.loads(run.out)["graphs"] == 34  # the same: done already
    with graphs.open("ab") as file:
        file.write(b"Bw\n")
    run = run_cli("sweep", str(graphs), "--count", "--checkpoint", str(checkpoint))
    assert_user_error(run, "records another sweep", "inputs[0].")


@pytest.mark.parametrize(
    ("text", "fragments"),
    [
        ("{", ["not a sweep checkpoint", "malformed JSON at line 1"]),
        ("[1, 2]", ["not a JSON object"]),
        ('{"format": "other"}', ["field 'format' must be 'matchgame-sweep-checkpoint/2'"]),
        ("parts=-1", ["corrupt", "field 'parts' must be a non-negative integer, got -1"]),
        ("digest=12", ["field 'digest' must be 32 hexadecimal digits"]),
        ("counts=[]", ["field 'counts' must be an object"]),
        ('counts={"graphs": "x"}', ["field 'counts.graphs' must be a count"]),
        ("ahead={}", ["field 'ahead' must be a list"]),
        ("sweep=1", ["field 'sweep' must be an object"]),
    ],
)
def test_a_corrupt_checkpoint_is_one_line(done_checkpoint, text, fragments):
    graphs, checkpoint = done_checkpoint
    if "=" in text:  # one field of a good checkpoint changed
        name, value = text.split("=", 1)
        recorded = json.loads(checkpoint.read_text())
        recorded[name] = json.loads(value)
        text = json.dumps(recorded)
    checkpoint.write_text(text)
    run = run_cli("sweep", str(graphs), "--count", "--checkpoint", str(checkpoint))
    assert_user_error(run, str(checkpoint), *fragments)


def test_lines_to_standard_output_are_not_resumable(tmp_path):
    run = run_cli("sweep", "--checkpoint", str(tmp_path / "c.json"), stdin=b"Bw\n")
    assert_user_error(run, "--checkpoint", "needs -o FILE", "--count can")
    assert not (tmp_path / "c.json").exists()
    run = run_cli("sweep", "-o", str(tmp_path / "c"), "--checkpoint", str(tmp_path / "c"))
    assert_user_error(run, "is also --checkpoint")


def test_an_output_shorter_than_its_checkpoint_is_refused(tmp_path):
    require_nauty()
    out, checkpoint = tmp_path / "o.jsonl", tmp_path / "c.json"
    arguments = ["sweep", "--geng", "5", "--parts", "3", "-o", str(out)]
    assert run_cli(*arguments, "--checkpoint", str(checkpoint)).code == 0
    out.write_bytes(out.read_bytes()[:100])
    run = run_cli(*arguments, "--checkpoint", str(checkpoint))
    assert_user_error(run, "holds 100 bytes, and the checkpoint records")


# -- the Python API ------------------------------------------------------------------------


def test_the_api_refuses_what_it_cannot_resume(tmp_path):
    path = tmp_path / "c.json"
    with pytest.raises(InvalidInputError, match="checkpoint goes with count=True"):
        sweep(GRAPHS, jobs=1, checkpoint=path)
    with pytest.raises(InvalidTypeError, match="checkpoint"):
        sweep(GRAPHS, count=True, jobs=1, checkpoint=3)
    assert sweep(GRAPHS, count=True, jobs=1, checkpoint=path).graphs == 360
    with pytest.raises(InvalidInputError, match=r"records another sweep \(source.text: "):
        sweep(GRAPHS[:-3], count=True, jobs=1, checkpoint=path)
    path.write_text('{"format": "matchgame-sweep-checkpoint/2", "sweep": {}, "parts": 1.5}')
    with pytest.raises(ParseError, match="field 'parts' must be a non-negative integer"):
        sweep(GRAPHS, count=True, jobs=1, checkpoint=path)


def test_the_api_checks_graph_objects_by_their_digests(tmp_path):
    path = tmp_path / "c.json"
    graphs = [matchgame.Graph.from_edges(3, [(0, 1)])] * 5000  # two batches
    with _interrupted_after(API, 1), pytest.raises(KeyboardInterrupt):
        sweep(graphs, count=True, jobs=1, checkpoint=path)
    other = [matchgame.Graph.from_edges(3, [(1, 2)])] * 5000
    with pytest.raises(InvalidInputError, match=r"records another input \(its first part"):
        sweep(other, count=True, jobs=1, checkpoint=path)
    assert sweep(iter(graphs), count=True, jobs=1, checkpoint=path) == sweep(
        graphs, count=True, jobs=1
    )


# -- the pieces ----------------------------------------------------------------------------


def _sleep(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def test_run_tasks_tells_the_results_done_before_their_turn():
    told: list[int] = []
    seen: list[tuple[int, list[int]]] = []
    tasks = [(_sleep, 0.6), (_sleep, 0.0), (_sleep, 0.0), (_sleep, 0.0)]
    for n, result in enumerate(run_tasks(tasks, jobs=2, early=lambda n, r: told.append(n))):
        seen.append((n, list(told)))
        assert result == tasks[n][1]
    assert seen[0][1] and set(seen[0][1]) <= {1, 2, 3}  # told while the first ran
    assert 0 not in told
    told.clear()
    assert list(run_tasks(tasks[1:], jobs=1, early=told.append)) == [0.0] * 3
    assert told == []  # in one process each result comes in its turn


@settings(max_examples=30, deadline=None)
@given(
    lines=st.lists(st.sampled_from(GRAPHS.splitlines()), max_size=30),
    game=st.sampled_from(["vertex", "edge"]),
)
def test_counts_come_back_from_their_document(lines, game):
    counts = sweep(b"\n".join(lines) + b"\n", count=True, jobs=1, game=game)
    document = counts.to_document()
    assert SweepCounts.from_document(document) == counts
    assert SweepCounts.from_document(document).to_document() == document
    assert (SweepCounts.from_document(document) + counts).graphs == 2 * len(lines)
