"""The ``kernel`` decorator: ``numba.njit(cache=True)`` that survives read-only installs.

numba refuses ``cache=True`` at decoration time (``RuntimeError: cannot cache
function``) when neither the package's ``__pycache__`` nor the user-wide cache
directory is writable. A CLI must still start there, so such a kernel is cached
in a private per-user directory under the system temp dir instead, and compiled
per process when even that is impossible. Nothing here changes numba's global
configuration.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from typing import Any

import numba

INDEX = numba.int32  # the one index type every kernel is compiled for


def _private_temp_cache_root() -> str | None:
    """A directory only this user can write, or None."""
    getuid = getattr(os, "getuid", None)
    owner = getuid() if getuid is not None else 0
    try:
        # gettempdir() itself fails when no candidate directory is writable
        root = os.path.join(tempfile.gettempdir(), f"matchgame-numba-{owner}")
        os.makedirs(root, mode=0o700, exist_ok=True)
        info = os.lstat(root)
        # A directory planted by someone else could feed us pickled code.
        if not stat.S_ISDIR(info.st_mode) or info.st_mode & 0o022:
            return None
        if getuid is not None and info.st_uid != owner:
            return None
        tempfile.TemporaryFile(dir=root).close()
    except OSError:
        return None
    return root


def _temp_dir_cache(py_func: Callable[..., Any]) -> Any | None:
    """A numba FunctionCache that stores ``py_func`` under the private temp root."""
    root = _private_temp_cache_root()
    if root is None:
        return None
    try:
        from numba.core import caching

        class TempDirLocator(caching._SourceFileBackedLocatorMixin, caching._CacheLocator):
            def __init__(self, func: Callable[..., Any], py_file: str) -> None:
                self._py_file = py_file
                self._lineno = func.__code__.co_firstlineno
                subpath = self.get_suitable_cache_subpath(py_file)
                self._cache_path = os.path.join(root, subpath)

            def get_cache_path(self) -> str:
                return self._cache_path

        class TempDirCacheImpl(caching.CompileResultCacheImpl):
            _locator_classes = [TempDirLocator]  # noqa: RUF012 (numba's own protocol)

        class TempDirFunctionCache(caching.FunctionCache):
            _impl_class = TempDirCacheImpl

        return TempDirFunctionCache(py_func)
    except (ImportError, AttributeError, RuntimeError, OSError):
        return None


def kernel(py_func: Callable[..., Any]) -> Any:
    """Compile ``py_func`` with numba in nopython mode, cached on disk where possible."""
    try:
        return numba.njit(cache=True, nogil=True)(py_func)
    except RuntimeError:
        pass
    dispatcher = numba.njit(nogil=True)(py_func)
    cache = _temp_dir_cache(py_func)
    if cache is not None:
        dispatcher._cache = cache
    return dispatcher
