"""Checkpoints that cannot lie (issue 41, 8, 10, 11): a forged, truncated or
symlinked checkpoint is refused, naming the field, never believed; the output a
resumed sweep keeps is the one its checkpoint vouches for; every path mistake and
a --parts past its bound is one line before any graph is read."""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path

import pytest
from cli_helpers import assert_user_error, run_cli
from nauty_helpers import geng_output, require_nauty

from matchgame.sweep.ledger import _check

pytestmark = pytest.mark.slow  # every test runs the command line (its fixtures too)


def _resealed(document: dict) -> dict:
    """A forger's checkpoint: edited, its ``check`` computed again as the code does."""
    return {**document, "check": _check(document)}


@pytest.fixture
def counted(tmp_path: Path) -> tuple[Path, Path, dict]:
    """``sweep FILE --count --checkpoint C`` over every graph on 6 vertices, done."""
    require_nauty()
    graphs = tmp_path / "six.g6"
    graphs.write_bytes(geng_output(6))
    checkpoint = tmp_path / "c.json"
    run = run_cli("sweep", str(graphs), "--count", "--checkpoint", str(checkpoint))
    assert run.code == 0, run.err
    return graphs, checkpoint, json.loads(run.out)


def _rerun(graphs: Path, checkpoint: Path) -> object:
    return run_cli("sweep", str(graphs), "--count", "--checkpoint", str(checkpoint))


def test_a_checkpoint_run_again_is_believed_when_it_agrees_with_itself(counted) -> None:
    graphs, checkpoint, whole = counted
    run = _rerun(graphs, checkpoint)
    assert run.code == 0 and json.loads(run.out) == whole


def test_counts_forged_consistently_are_refused_by_the_check(counted) -> None:
    """A million graphs added to the total and to one entry of every histogram: the
    counts agree with themselves, and the check does not."""
    graphs, checkpoint, _ = counted
    recorded = json.loads(checkpoint.read_text())
    counts = recorded["counts"]
    counts["graphs"] += 1_000_000
    for histogram in counts.values():
        if isinstance(histogram, dict):
            first = next(iter(histogram))
            histogram[first] += 1_000_000
    recorded["graphs"] += 1_000_000
    checkpoint.write_text(json.dumps(recorded))
    assert_user_error(_rerun(graphs, checkpoint), "corrupt", "field 'check'")


@pytest.mark.parametrize(
    ("edit", "field"),
    [
        (lambda counts: counts.update(graphs=counts["graphs"] - 1), "'counts.vertices' sums to"),
        (lambda counts: counts["edges"].update({"0": 5}), "'counts.edges' sums to"),
        (lambda counts: counts.update(graphs=10**9), "'counts.graphs' counts"),
    ],
)
def test_counts_that_disagree_with_themselves_are_refused_by_name(counted, edit, field) -> None:
    """Even resealed (the check computed again), the counts must add up."""
    graphs, checkpoint, _ = counted
    recorded = json.loads(checkpoint.read_text())
    edit(recorded["counts"])
    checkpoint.write_text(json.dumps(_resealed(recorded)))
    assert_user_error(_rerun(graphs, checkpoint), "corrupt", field)


def test_a_truncated_checkpoint_is_refused(counted) -> None:
    graphs, checkpoint, _ = counted
    text = checkpoint.read_text()
    for cut in (len(text) // 2, len(text) - 3):
        checkpoint.write_text(text[:cut])
        assert_user_error(_rerun(graphs, checkpoint), "not a sweep checkpoint")


def test_a_symlinked_checkpoint_is_refused_and_its_temporary_file_follows_no_link(
    counted, tmp_path: Path
) -> None:
    graphs, checkpoint, whole = counted
    real = tmp_path / "real.json"
    checkpoint.rename(real)
    checkpoint.symlink_to(real)
    assert_user_error(_rerun(graphs, checkpoint), "symbolic link")
    checkpoint.unlink()
    victim = tmp_path / "victim.txt"
    victim.write_text("mine\n")
    for name in ("c.json.tmp", ".c.json.tmp"):
        (tmp_path / name).symlink_to(victim)
    fresh = run_cli("sweep", str(graphs), "--count", "--checkpoint", str(checkpoint))
    assert fresh.code == 0 and json.loads(fresh.out) == whole
    assert victim.read_text() == "mine\n"
    assert not checkpoint.is_symlink()


@pytest.fixture
def lines(tmp_path: Path) -> tuple[list[str], Path, Path, bytes]:
    """``sweep --geng 6 -o OUT --checkpoint C`` (JSON lines), done."""
    require_nauty()
    out, checkpoint = tmp_path / "o.jsonl", tmp_path / "c.json"
    arguments = ["sweep", "--geng", "6", "--parts", "5", "-o", str(out)]
    assert run_cli(*arguments, "--checkpoint", str(checkpoint)).code == 0
    return arguments, out, checkpoint, out.read_bytes()


def test_a_lowered_output_length_is_refused(lines) -> None:
    """Lowered by 4,421 bytes: believed, the resumed run would cut the output there."""
    arguments, out, checkpoint, whole = lines
    recorded = json.loads(checkpoint.read_text())
    recorded["output_bytes"] -= 4421
    checkpoint.write_text(json.dumps(recorded))
    run = run_cli(*arguments, "--checkpoint", str(checkpoint))
    assert_user_error(run, "corrupt", "field 'check'")
    checkpoint.write_text(json.dumps(_resealed(recorded)))
    run = run_cli(*arguments, "--checkpoint", str(checkpoint))
    assert_user_error(run, str(out), "output_digest")
    assert out.read_bytes() == whole  # refused before anything was cut


def test_an_output_changed_since_is_refused(lines) -> None:
    arguments, out, checkpoint, whole = lines
    out.write_bytes(whole.replace(b'"placer_wins":true', b'"placer_wins":fals', 1))
    run = run_cli(*arguments, "--checkpoint", str(checkpoint))
    assert_user_error(run, "output_digest")
    out.write_bytes(whole)
    again = run_cli(*arguments, "--checkpoint", str(checkpoint))
    assert again.code == 0 and out.read_bytes() == whole


def test_the_output_digest_is_the_hash_of_the_lines_vouched_for(lines) -> None:
    _, _, checkpoint, whole = lines
    recorded = json.loads(checkpoint.read_text())
    assert recorded["output_bytes"] == len(whole)
    digest = hashlib.blake2b(whole, digest_size=16).hexdigest()
    assert recorded["output_digest"] == digest


@pytest.mark.parametrize(
    ("arguments", "fragments"),
    [
        (["--count", "-o", "/dev/full"], ["-o '/dev/full'", "not a regular file"]),
        (["--count", "-o", "{tmp}"], ["is a directory"]),
        (["--count", "--checkpoint", "{tmp}/no/such/c.json"], ["no such directory"]),
        (["--count", "-o", "{tmp}/in.g6"], ["-o", "is also an input"]),
        (["--count", "--checkpoint", "{tmp}/in.g6"], ["--checkpoint", "is also an input"]),
    ],
)
def test_path_mistakes_are_one_line_before_any_graph(tmp_path: Path, arguments, fragments) -> None:
    graphs = tmp_path / "in.g6"
    graphs.write_bytes(b"Bw\n" * 1000)
    before = graphs.read_bytes()
    args = [a.replace("{tmp}", str(tmp_path)) for a in arguments]
    assert_user_error(run_cli("sweep", str(graphs), *args), *fragments)
    assert graphs.read_bytes() == before


def test_parts_past_their_bound_are_refused_at_once() -> None:
    started = time.monotonic()
    run = run_cli("sweep", "--geng", "7", "--parts", "99999999", "--count")
    assert_user_error(run, "--parts must be at most 1,044", "99,999,999")
    run = run_cli("sweep", "--geng", "14", "--parts", "70000", "--count")
    assert_user_error(run, "--parts must be at most 65,536")
    assert time.monotonic() - started < 30


def test_the_api_bounds_parts_too() -> None:
    from matchgame import InvalidInputError
    from matchgame.sweep import Geng

    with pytest.raises(InvalidInputError, match="parts"):
        Geng("7", parts=99_999_999)
    assert Geng("7", parts=1044).parts == 1044
