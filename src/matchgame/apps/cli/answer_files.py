"""Answer files that get their name only once they are whole.

An answer of ``--out-dir`` (or placements' ``--graph-out``) is written where the system
allows as a file with no name (Linux's ``O_TMPFILE``), elsewhere under a hidden
temporary name beside it, and named only when its last byte is written: a run ended
meanwhile (Ctrl-C, TERM, KILL, its command line gone) leaves whole answers and nothing
else. Used by :mod:`matchgame.apps.cli.batch`, in its workers too.
"""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Iterable
from pathlib import Path

from .output import UsageError

__all__ = [
    "answer_path",
    "made_dir_first",
    "remove_partial_answers",
    "temporary_name",
    "write_answer",
    "write_file",
]


def answer_path(out_dir: str, name: str, suffix: str) -> Path:
    """Where the answer of the input ``name`` goes: ``out_dir``, the input's file name
    with its extension replaced by ``suffix`` (``tests/7.in`` -> ``out_dir/7.out``)."""
    return Path(out_dir) / Path(name).with_suffix(suffix).name


def made_dir_first(directory: Path, pieces: Iterable[bytes]) -> Iterable[bytes]:
    """``pieces``, once its first piece is there and the answer's directory made
    (with its parents, as ``mkdir -p``): a run whose every input fails leaves no
    empty ``--out-dir`` behind."""
    rest = iter(pieces)
    first = next(rest, None)
    if not directory.is_dir():
        try:
            os.makedirs(directory, exist_ok=True)
        except OSError as exc:
            raise UsageError(
                f"--out-dir {str(directory)!r}: cannot create it: {exc.strerror or exc}"
            ) from None
    return rest if first is None else itertools.chain((first,), rest)


def write_answer(path: Path, pieces: Iterable[bytes], parent: int | None = None) -> None:
    """Write an answer that gets its name ``path`` only once it is whole: a process
    ended meanwhile (Ctrl-C, its parent gone) leaves no partial answer under the
    answer's name. Where the system allows, the file has no name at all until then
    (Linux's ``O_TMPFILE``), so even KILL leaves nothing; elsewhere it is written
    under a hidden temporary name beside ``path`` (:func:`temporary_name`), removed on
    failure and by the command line when it is interrupted. ``parent``: a worker's
    parent, which must still be alive when the answer is named (a worker of a killed
    command line names nothing)."""
    try:
        with _AnswerFile(path) as handle:
            for piece in pieces:
                handle.write(piece)
            if parent is not None and os.getppid() != parent:
                raise _ParentGone
            handle.publish()
    except OSError as exc:
        raise UsageError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None


def write_file(path: Path, pieces: Iterable[bytes]) -> None:
    """Write a file beside the answers (placements' ``--graph-out``) as an answer is
    written: named ``path`` only once it is whole.

    Raises
    ------
    UsageError
        If it cannot be written (one line: ``cannot write 'PATH': why``).
    """
    write_answer(path, pieces)


class _ParentGone(BaseException):
    """The worker's command line is gone: its answer is not named."""


_TEMPORARY_END = ".part"


def temporary_name(path: Path) -> Path:
    """The hidden name an answer is written under before it is whole (where the system
    has no unnamed files): ``.7.out.PID.part`` beside ``7.out``."""
    return path.with_name(f".{path.name}.{os.getpid()}{_TEMPORARY_END}")


def remove_partial_answers(outs: list[Path | None]) -> None:
    """Remove the hidden temporary answers of ``outs`` that ended workers left."""
    names = {out.name: out.parent for out in outs if out is not None}
    for directory in set(names.values()):
        with contextlib.suppress(OSError):
            for entry in os.scandir(directory):
                # .NAME.PID.part: the answer NAME's, if NAME is one of ours here
                stem = entry.name[1:].removesuffix(_TEMPORARY_END).rpartition(".")[0]
                ours = names.get(stem) == directory and entry.name.startswith(".")
                if ours and entry.name.endswith(_TEMPORARY_END):
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)


_unnamed_works: dict[Path, bool] = {}


def _unnamed_file(directory: Path) -> int:
    """A writable file with no name in ``directory`` (a descriptor) that :func:`os.link`
    can name later, or -1 where the system cannot (no ``O_TMPFILE``, or a file system
    or sandbox that refuses to link one: tried once per directory)."""
    flags = getattr(os, "O_TMPFILE", 0)
    if not flags or _unnamed_works.get(directory) is False:
        return -1
    try:
        fd = os.open(directory, flags | os.O_WRONLY | os.O_CLOEXEC, 0o666)
    except OSError:
        _unnamed_works[directory] = False
        return -1
    if directory not in _unnamed_works:
        probe = directory / f".matchgame-probe.{os.getpid()}"
        try:
            os.link(f"/proc/self/fd/{fd}", probe, follow_symlinks=True)
            os.unlink(probe)
            _unnamed_works[directory] = True
        except OSError:
            _unnamed_works[directory] = False
            os.close(fd)
            return -1
    return fd


class _AnswerFile:
    """A file in ``path``'s directory with no name, or a hidden temporary one, named
    ``path`` by :meth:`publish` (replacing what was there); closed, and its temporary
    name removed, when the block ends."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.temporary: Path | None = None
        fd = _unnamed_file(path.parent)
        self.unnamed = fd >= 0
        if not self.unnamed:
            self.temporary = temporary_name(path)
            with contextlib.suppress(FileNotFoundError):  # a killed run's, never followed
                os.unlink(self.temporary)
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC
            fd = os.open(self.temporary, flags, 0o666)
        self.handle = os.fdopen(fd, "wb")

    def write(self, piece: bytes) -> None:
        self.handle.write(piece)

    def publish(self) -> None:
        self.handle.flush()
        if self.unnamed:
            unnamed = f"/proc/self/fd/{self.handle.fileno()}"
            try:
                os.link(unnamed, self.path, follow_symlinks=True)
                return
            except FileExistsError:  # an answer of an earlier run: replaced at once
                self.temporary = temporary_name(self.path)
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(self.temporary)
                os.link(unnamed, self.temporary, follow_symlinks=True)
        assert self.temporary is not None
        os.replace(self.temporary, self.path)
        self.temporary = None

    def __enter__(self) -> _AnswerFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.handle.close()
        if self.temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.temporary)
