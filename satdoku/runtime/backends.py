"""Where a batch runs: this process, local worker processes, or a Dask cluster.
"""

from __future__ import annotations

import sys

from satdoku.errors import SatdokuError
from satdoku.runtime.pool import Backend, Local, cores, workers


def backend_for(jobs: int = 1, dask: str | None = None,
                most: int | None = None) -> Backend | None:
    """The backend of ``--jobs`` / ``--dask``: None to run in this process (``jobs`` 1),
    :class:`Local` processes (``jobs`` > 1, 0 = one per core; no more than ``most``, the
    chunks there are), or a Dask cluster."""
    if dask is not None and not dask.strip():
        raise SatdokuError("--dask needs a scheduler address (tcp://HOST:PORT) or a "
                           "scheduler file; it was empty")
    if dask:
        if jobs != 1:
            raise SatdokuError("give --jobs or --dask, not both (with --dask, the cluster's "
                               "workers do the work)")
        from satdoku.runtime.cluster import Dask
        return Dask(dask)
    jobs = workers(capped(jobs), most)
    return Local(jobs) if jobs > 1 else None


def capped(jobs: int) -> int:
    """``jobs`` no higher than the cores this process may use: each worker keeps a core
    busy (the solver holds Python's interpreter lock), so more only add start-up, memory
    and switching (``-j 200`` on 2 cores started 122 workers and ran slower than ``-j
    16``). A cut ``jobs`` is said once on stderr."""
    most = cores()
    if jobs > most:
        print(f"satdoku: note: -j {jobs} is more than the {most} cores here: {most} "
              f"workers are used", file=sys.stderr, flush=True)
        return most
    return jobs
