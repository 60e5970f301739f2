"""The files a command writes, checked before it does any work and written whole.

Every output path a command takes (``--save``, ``--picture``, ``-o``,
``--graph-out``, ``--checkpoint``, ``--out-dir``) goes through
:func:`check_output` (or :func:`check_out_dir`) before the first input is read or
the first program run: a folder that is not there, a folder given for a file, a
file that is not a regular one (a device such as ``/dev/full``, a FIFO, a file of
``/proc``), a file the command also reads (an input, the program under test) or
one it may not write is refused in one line (exit status 2). :func:`write_whole`
then writes it under a temporary name made exclusively beside it and renames it
into place: a reader never sees half a file, and a symbolic link in its place is
replaced, never written through.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Callable, Iterable

from .output import UsageError

__all__ = ["check_out_dir", "check_output", "same_file", "write_whole"]


def same_file(a: str, b: str) -> bool:
    """Whether the paths ``a`` and ``b`` name one file (or would: one path, followed)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.realpath(a) == os.path.realpath(b)


def check_output(option: str, path: str, *, reads: Iterable[tuple[str, str]] = ()) -> None:
    """Refuse ``option path`` unless it can be written as an output (see the module's
    docstring); ``reads``: (what, path) of the files the command reads, which it must
    not overwrite."""
    shown = f"cannot write {option} {path!r}"
    if not path:
        raise UsageError(f"{option}: give a file name")
    for what, other in reads:
        if same_file(path, other):
            raise UsageError(f"{shown}: it is also {what}: give another file")
    try:
        found = os.stat(path)
    except FileNotFoundError:
        found = None
    except OSError as exc:
        raise UsageError(f"{shown}: {exc.strerror or exc}") from None
    if found is not None and stat.S_ISDIR(found.st_mode):
        raise UsageError(f"{shown}: it is a directory: give a file name")
    if found is not None and not stat.S_ISREG(found.st_mode):
        raise UsageError(f"{shown}: not a regular file (a device, a FIFO, a socket)")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"{shown}: no such directory {folder!r}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"{shown}: the directory {folder!r} is not writable")
    if found is not None and not os.access(path, os.W_OK):
        raise UsageError(f"{shown}: permission denied")


def check_out_dir(option: str, path: str) -> None:
    """Refuse ``option path`` unless it is a writable folder or one that can be made."""
    shown = f"{option} {path!r}"
    if os.path.lexists(path) and not os.path.isdir(path):
        raise UsageError(f"{shown} is not a directory")
    ancestor = os.path.abspath(path)
    while not os.path.exists(ancestor) and ancestor != os.path.dirname(ancestor):
        ancestor = os.path.dirname(ancestor)
    if not os.path.isdir(ancestor):
        raise UsageError(f"{shown}: cannot create it: {ancestor!r} is not a directory")
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise UsageError(f"{shown}: cannot write in {ancestor!r}: permission denied")


def write_whole(path: str, write: Callable[[str], object] | bytes) -> None:
    """Write ``path`` whole: ``write(temporary)`` (or the bytes ``write``) fills a
    temporary file made exclusively beside it (same suffix), which is then renamed
    to ``path``; one line (UsageError) if it cannot be written."""
    folder = os.path.dirname(os.path.abspath(path))
    name = os.path.basename(path)
    suffix = os.path.splitext(name)[1]
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=f".part{suffix}", dir=folder)
    except OSError as exc:
        raise UsageError(f"cannot write {path!r}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as file:
            if isinstance(write, bytes):
                file.write(write)
        if not isinstance(write, bytes):
            write(temporary)
        os.replace(temporary, path)
    except OSError as exc:
        raise UsageError(f"cannot write {path!r}: {exc.strerror or exc}") from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
