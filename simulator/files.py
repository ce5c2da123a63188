"""Write output files without ever destroying what a path already is.

A regular file (or a path that does not exist yet) is replaced atomically:
the text goes to a temporary file beside it, renamed over it only when
complete, so a failure never leaves half a file.  Renaming is only safe for
regular files, though: renamed over, a FIFO's reader hangs, ``/dev/full`` or
``/dev/null`` becomes a plain file and a symlink stops being one.  So:

- a symlink is followed, and its target is what gets replaced;
- a device, FIFO, or ``/dev/stdout`` is opened and written through;
- a file that is this process's own stdout or stderr (``--csv /dev/stdout``
  while stdout goes to that file) is written to that stream, as is ``-``
  where the caller allows it.
"""
from __future__ import annotations

import os
import stat
import sys
import tempfile
from contextlib import contextmanager, suppress
from pathlib import Path

STDOUT = "-"


def is_stdout(path) -> bool:
    return path is not None and str(path) == STDOUT


def _stat(path: Path):
    try:
        return path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return None


def _own_stream(st):
    """sys.stdout/sys.stderr when ``st`` is the file behind it, else None."""
    for stream in (sys.stdout, sys.stderr):
        with suppress(AttributeError, ValueError, OSError, TypeError):
            s = os.fstat(stream.fileno())
            if (s.st_dev, s.st_ino) == (st.st_dev, st.st_ino):
                return stream
    return None


def _replaced(path: Path) -> Path:
    """The path a rename must replace: a symlink's final target, else the path."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def check_writable(path, *, stdout_ok: bool = False) -> None:
    """Raise ValueError, naming ``path``, if it cannot be written as above:
    called before a long run, so a bad output path costs no simulation."""
    if path is None or (stdout_ok and is_stdout(path)):
        return
    path = Path(path)
    st = _stat(path)
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise ValueError(f"cannot write {path}: it is a directory")
    if st is not None and stat.S_ISSOCK(st.st_mode):
        raise ValueError(f"cannot write {path}: it is a socket")
    if st is not None and not stat.S_ISREG(st.st_mode):
        return                                   # device or FIFO: written through
    target = _replaced(path)
    folder = target.parent
    if not folder.is_dir():
        shown = path.parent if target == path else folder
        raise ValueError(f"cannot write {path}: directory {shown} does not exist")
    if st is not None and _own_stream(st) is not None:
        return
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"cannot write {path}: directory {folder} is read-only")
    if st is not None and not os.access(target, os.W_OK):
        raise ValueError(f"cannot write {path}: the file is read-only")


@contextmanager
def atomic_open(path, mode: str = "w", *, stdout_ok: bool = False, **kwargs):
    """Open ``path`` for writing as the module docstring says; the file is
    complete (or, for a regular file, untouched) when the block ends."""
    if stdout_ok and is_stdout(path):
        yield from _stream(sys.stdout, mode)
        return
    path = Path(path)
    st = _stat(path)
    if st is not None and not stat.S_ISREG(st.st_mode):
        with open(path, mode, **kwargs) as f:     # device, FIFO: write through
            yield f
        return
    own = _own_stream(st) if st is not None else None
    if own is not None:
        yield from _stream(own, mode)
        return
    target = _replaced(path)
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                   suffix=".tmp")
    except OSError as e:
        raise OSError(e.errno, e.strerror, str(path)) from None
    try:
        with os.fdopen(fd, mode, **kwargs) as f:
            yield f
        os.chmod(tmp, stat.S_IMODE(st.st_mode) if st is not None else 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


def _stream(stream, mode: str):
    stream.flush()
    yield stream.buffer if "b" in mode else stream
    stream.flush()


def write_atomic(path, text: str, *, stdout_ok: bool = False) -> None:
    """Write ``text`` to ``path`` through ``atomic_open``."""
    with atomic_open(path, "w", stdout_ok=stdout_ok, newline="") as f:
        f.write(text)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
