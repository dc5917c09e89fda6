"""The Dask backend of :mod:`satdoku.parallel`: chunks as tasks on a ``dask.distributed``
cluster (``pip install "satdoku[dask]"``; docs/parallel.md shows how to start one).

Each chunk is one task, ``satdoku.parallel.execute(work, chunk)``, so the workers need
satdoku installed (the same version). A worker lost in the middle of a task costs nothing:
the scheduler runs the task again elsewhere, and since results are collected by task in
input order, no chunk is lost or written twice. Only a task that kills several workers in
turn (Dask's ``allowed-failures``) ends the batch, as :class:`~satdoku.parallel.WorkerDied`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from satdoku.errors import SatdokuError
from satdoku.parallel import Work, WorkerDied, execute

#: How long to wait for the scheduler to answer, and for a first worker to join it.
CONNECT_SECONDS = 10
WORKER_WAIT_SECONDS = 60


def _client(address: str) -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise SatdokuError('--dask needs dask.distributed: pip install "satdoku[dask]"') from None
    target = ({"scheduler_file": address} if Path(address).is_file()
              else {"address": address})
    try:
        return Client(**target, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as err:
        raise SatdokuError(f"--dask {address}: cannot reach a Dask scheduler there "
                           f"({' '.join(str(err).split()) or type(err).__name__})") from None


class Dask:
    """A ``dask.distributed`` cluster, by scheduler address (``tcp://host:8786``) or by
    scheduler file (``dask scheduler --scheduler-file FILE``)."""

    chunk_seconds = 1.0  # a task costs the scheduler ~1 ms, and more across a network

    def __init__(self, address: str) -> None:
        import logging  # a worker lost and its task run again is Dask's business: no warning
        logging.getLogger("distributed.client").setLevel(logging.ERROR)
        self.address = address
        self.client = _client(address)
        try:
            self.client.wait_for_workers(1, timeout=WORKER_WAIT_SECONDS)
        except TimeoutError:
            self.client.close()
            raise SatdokuError(f"--dask {address}: no worker joined the scheduler within "
                               f"{WORKER_WAIT_SECONDS} s (start some with 'dask worker "
                               f"{address}')") from None
        self.workers = max(1, sum(self.client.nthreads().values()))

    def submit(self, work: Work, chunk: Any) -> Any:
        return self.client.submit(execute, work, chunk, pure=False)

    def result(self, future: Any) -> Any:
        from distributed import KilledWorker
        try:
            return future.result()
        except KilledWorker as err:
            raise WorkerDied(f"a Dask task lost every worker it was tried on ({err}); "
                             "out of memory?") from None

    def ready(self, future: Any) -> bool:
        return future.status == "finished"

    def close(self, abort: bool = False) -> None:
        """Disconnect; the scheduler forgets this client's tasks (finished or not)."""
        self.client.close()

    def __enter__(self) -> Dask:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
