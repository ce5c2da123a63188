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
# in every folder domsim made for its output: only such a folder (or an empty
# one) is written into or replaced without --force
MARKER = ".domsim-report"


def is_stdout(path) -> bool:
    return path is not None and str(path) == STDOUT


def is_stream(path) -> bool:
    """True for a path that is no regular file to replace: ``-``, a device, a
    FIFO, this process's own stdout or stderr, anything in /dev or /proc.
    Such a path takes one table, and no file is ever made beside it
    (``--csv /dev/stdout`` must not create ``/dev/stdout-pairs.csv``)."""
    if is_stdout(path):
        return True
    path = Path(path)
    st = _stat(path)
    if st is not None and (not stat.S_ISREG(st.st_mode) or _own_stream(st) is not None):
        return True
    return Path(os.path.realpath(path.parent)).parts[1:2] in (("dev",), ("proc",))


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


def temp_folder(real: Path) -> Path:
    """A new hidden folder beside ``real`` to fill and rename over it, with
    the mode a plain ``mkdir`` would give (mkdtemp's is 0700: a report
    folder that others on the machine could not read)."""
    tmp = Path(tempfile.mkdtemp(dir=real.parent, prefix=f".{real.name}.", suffix=".tmp"))
    os.chmod(tmp, 0o777 & ~_umask())
    return tmp


def domsims_folder(path) -> bool:
    """True if ``path`` is no folder yet, an empty one or one domsim made
    (``MARKER``): domsim may write its files there."""
    real = Path(os.path.realpath(path))
    return (not real.exists() or (real.is_dir() and (
        (real / MARKER).is_file() or not any(real.iterdir()))))


def check_folder_writable(path, *, flag: str = "--out") -> bool:
    """Raise ValueError, naming ``path``, unless it is a folder domsim may
    write files into, or one it may make (its parent exists and is
    writable).  Returns whether the folder exists already."""
    out = Path(path)
    real = Path(os.path.realpath(out))
    if real.exists() and not real.is_dir():
        raise ValueError(f"{flag} {out} exists and is not a folder")
    if not real.exists():
        parent = real.parent
        shown = parent if out.is_symlink() else out.parent
        if not parent.is_dir():
            raise ValueError(f"cannot write {out}: directory {shown} does not exist")
        if not os.access(parent, os.W_OK | os.X_OK):
            raise ValueError(f"cannot write {out}: {shown} is read-only")
        return False
    if not os.access(real, os.W_OK | os.X_OK):
        raise ValueError(f"cannot write {out}: it is read-only")
    return True


def check_output_folder(path, writes, *, force: bool = False, flag: str = "--out") -> None:
    """Raise ValueError, naming ``path``, unless the files ``writes`` (names)
    may be written into the folder ``path`` (made if new): it must be new,
    empty or made by domsim (``MARKER``), so a user's own files are never
    replaced; ``force`` allows any folder, and the error says which of its
    files would be replaced.  Checked before a run, so a refusal costs no
    simulation."""
    if not check_folder_writable(path, flag=flag):
        return
    out = Path(path)
    real = Path(os.path.realpath(out))
    if force or domsims_folder(real):
        return
    replaced = [n for n in writes if os.path.lexists(real / n)]
    what = (f"; it would replace {', '.join(replaced)}" if replaced else
            f"; domsim would add {', '.join(writes)}")
    raise ValueError(f"{flag} {out} is a non-empty folder that domsim did not write (no "
                     f"{MARKER} file){what}: choose another {flag}, or add --force")


def mark_folder(folder, command: str) -> None:
    """Leave ``MARKER`` in ``folder``, which ``command`` made (or found empty),
    so the next run may write there again.  A folder the user forced domsim
    into, with files of their own, is never marked."""
    write_atomic(Path(folder) / MARKER, f"This folder was written by domsim {command}, "
                                        "which replaces its files.\n")
