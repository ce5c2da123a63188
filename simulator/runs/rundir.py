"""Run folders: a plan and its finished jobs on disk, so a run survives
Ctrl-C, a crash or a lost machine and continues with ``--resume DIR``.

Layout::

    DIR/plan.json              what to play (experiments.Plan) and by which engine
    DIR/jobs/<job key>.npz     one finished job's sums (numpy, no pickle)

Every file is written to a temporary name and renamed, so a file that
exists is complete: an interruption loses at most the jobs that were
running.  A resumed run plays only the jobs that have no file, and the
merged results are the same bits as an uninterrupted run's.
"""
from __future__ import annotations

import json
import shutil
import zipfile
from datetime import datetime
from pathlib import Path

from simulator.runs.experiments import JobResult, Plan, engine_fingerprint, now_utc

FORMAT = "domsim-run"
VERSION = 1
PLAN_FILE = "plan.json"
JOBS = "jobs"
DEFAULT_ROOT = "domsim-runs"       # default run folders go here, in the working folder


def check_new_folder(path: Path, marker: str, holds: str) -> None:
    """A --run-dir must be new or empty, so that nothing of the user's is
    mixed into it; one that holds ``marker`` is a run to --resume instead."""
    if path.exists() and not path.is_dir():
        raise ValueError(f"--run-dir {path}: is a file, not a folder")
    if path.is_dir() and any(path.iterdir()):
        if (path / marker).exists():
            raise ValueError(f"--run-dir {path} already holds {holds}: continue it with "
                             f"--resume {path}, or give a new folder")
        raise ValueError(f"--run-dir {path}: the folder is not empty; give a new or "
                         "empty folder")


def _why(e: BaseException) -> str:
    if isinstance(e, KeyError):              # numpy: "'x is not a file in the archive'"
        return f"no {str(e.args[0] if e.args else 'array').split(' is not a file')[0]}"
    text = str(e).splitlines()[0][:200] if str(e) else ""
    return text or type(e).__name__


class RunDir:
    def __init__(self, path: Path, plan: Plan, *, default: bool = False,
                 made_root: bool = False):
        self.path = Path(path)
        self.plan = plan
        self.default = default          # made by domsim without being asked: removed when done
        self.made_root = made_root      # ... and so was ./domsim-runs

    # ---- making and opening
    @classmethod
    def create(cls, path, plan: Plan, *, default: bool = False) -> RunDir:
        """A new run folder for ``plan``: ``path`` must not exist or be an empty folder."""
        from simulator.runs.results import write_atomic
        path = Path(path)
        check_new_folder(path, PLAN_FILE, "a run")
        made_root = default and not path.parent.exists()
        (path / JOBS).mkdir(parents=True, exist_ok=True)
        doc = {"format": FORMAT, "version": VERSION, "engine": engine_fingerprint(),
               "created": now_utc(), "default": default, "made_root": made_root,
               "plan": plan.to_dict()}
        write_atomic(path / PLAN_FILE, json.dumps(doc, indent=1))
        return cls(path, plan, default=default, made_root=made_root)

    @classmethod
    def open(cls, path) -> RunDir:
        """The run folder at ``path``, to continue it."""
        path = Path(path)
        where = path / PLAN_FILE
        if not path.is_dir():
            raise ValueError(f"--resume {path}: no such run folder")
        try:
            doc = json.loads(where.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ValueError(f"--resume {path}: not a run folder (no {PLAN_FILE})") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise ValueError(f"{where}: cannot read the plan: {e}") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise ValueError(f"{where}: not a domsim run folder")
        if doc.get("version") != VERSION:
            raise ValueError(f"{where}: run folder version {doc.get('version')}; this domsim "
                             f"reads version {VERSION}")
        if doc.get("engine") != engine_fingerprint():
            raise ValueError(f"{path} was started by another version of the domsim engine; "
                             "its games cannot be mixed with this one's: start the run "
                             "again in a new folder")
        try:
            plan = Plan.from_dict(doc["plan"])
        except (KeyError, TypeError, ValueError) as e:
            raise ValueError(f"{where}: damaged plan ({e})") from None
        if not (path / JOBS).is_dir():      # found now, not when the first job is saved
            raise ValueError(f"{path}: the run folder's {JOBS}/ folder is missing, and with "
                             f"it every finished job; make an empty {path / JOBS} to play "
                             "the whole run again")
        return cls(path, plan, default=bool(doc.get("default")),
                   made_root=bool(doc.get("made_root")))

    @classmethod
    def default_path(cls, command: str) -> Path:
        """A new folder under ./domsim-runs named after the command and the time."""
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        base = Path(DEFAULT_ROOT) / f"{command.replace(' ', '-')}-{stamp}"
        path, n = base, 1
        while path.exists():
            n += 1
            path = base.with_name(f"{base.name}-{n}")
        return path

    # ---- jobs
    def _file(self, key: str) -> Path:
        return self.path / JOBS / f"{key}.npz"

    def save(self, result: JobResult) -> None:
        import numpy as np
        from simulator.runs.results import atomic_open
        with atomic_open(self._file(result.key), "wb") as f:
            np.savez(f, **result.arrays())

    def finished(self, jobs) -> dict[str, JobResult]:
        """The results already saved for ``jobs``, by key.  A job file is
        written whole or not at all, so one that cannot be read, or that
        holds another job's sums, was damaged after domsim wrote it: a
        ValueError names it (nothing is played or replaced)."""
        import numpy as np
        out = {}
        for job in jobs:
            path = self._file(job.key)
            if not path.exists():
                continue
            try:
                if not zipfile.is_zipfile(path):
                    raise ValueError("not an .npz archive, or a truncated one")
                with np.load(path, allow_pickle=False) as z:
                    result = JobResult.from_arrays(job.key, {k: z[k] for k in z.files})
                result.check(job)
            except Exception as e:          # whatever numpy and zipfile raise on junk
                raise ValueError(f"{path}: damaged job file ({_why(e)}); delete it to "
                                 "play its job again when the run is resumed") from None
            out[job.key] = result
        return out

    def remove(self) -> None:
        """Delete the folder once its run is reported: only a default one,
        which domsim made itself (and ./domsim-runs if domsim made it and it
        is empty now)."""
        if not self.default:
            return
        shutil.rmtree(self.path, ignore_errors=True)
        if self.made_root:
            try:
                self.path.parent.rmdir()            # only if empty
            except OSError:
                pass
