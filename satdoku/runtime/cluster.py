"""The Dask backend of :mod:`satdoku.runtime.pool`: chunks as tasks on a ``dask.distributed``
cluster (``pip install "satdoku[dask]"``; docs/parallel.md shows how to start one).

Each chunk is one task, ``satdoku.runtime.pool.execute(work, chunk)``, so the workers need
satdoku installed (the same version). A worker lost in the middle of a task costs nothing:
the scheduler runs the task again elsewhere, and since results are collected by task in
input order, no chunk is lost or written twice. Only a task that kills several workers in
turn (Dask's ``allowed-failures``) ends the batch, as :class:`~satdoku.runtime.pool.WorkerDied`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from satdoku.errors import SatdokuError, shorten
from satdoku.runtime.pool import Work, WorkerDied, execute

#: How long to wait for the scheduler to answer, and for a first worker to join it.
CONNECT_SECONDS = 10
WORKER_WAIT_SECONDS = 60


#: What --dask takes, for the error that says it was not that.
FORMS = ("give a scheduler address, tcp://HOST:PORT or HOST:PORT, or the scheduler file "
         "that 'dask scheduler --scheduler-file FILE' wrote")


def scheduler_address(given: str) -> str:
    """The scheduler address of ``--dask``: ``given`` itself when it is an address, else
    read from the scheduler file it names. Each wrong value is one :class:`SatdokuError`,
    found before any ``Client`` is made (a client that failed to connect is collected later,
    waiting 20 s and printing a warning).

    >>> scheduler_address("nowhere.json")
    Traceback (most recent call last):
    satdoku.errors.SatdokuError: --dask nowhere.json: no such scheduler file
    """
    path = Path(given)
    if "://" not in given and (path.suffix == ".json" or "/" in given or path.exists()):
        return _read_scheduler_file(given, path)
    from distributed.comm.addressing import parse_address, parse_host_port
    from distributed.comm.registry import get_backend
    try:
        scheme, location = parse_address(given, strict=False)
        get_backend(scheme)
        if scheme in ("tcp", "tls", "ws", "wss"):
            parse_host_port(location)
    except ValueError as err:
        raise SatdokuError(f"--dask {given}: not a scheduler address ({err}) nor a file; "
                           f"{FORMS}") from None
    return given


def _read_scheduler_file(given: str, path: Path) -> str:
    import json
    where = f"--dask {given}"
    if not path.exists():
        raise SatdokuError(f"{where}: no such scheduler file") from None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        raise SatdokuError(f"{where}: cannot read the scheduler file "
                           f"({err.strerror or err})") from None
    except ValueError:
        raise SatdokuError(f"{where}: not a scheduler file (not JSON); {FORMS}") from None
    address = data.get("address") if isinstance(data, dict) else None
    if not isinstance(address, str) or not address:
        raise SatdokuError(f"{where}: not a scheduler file (no \"address\" in it); "
                           f"{FORMS}")
    return address


def _reachable(given: str, address: str) -> None:
    """A TCP scheduler that accepts no connection within :data:`CONNECT_SECONDS` (tried
    every 0.1 s: it may be starting) is an error, and no Client is made."""
    import socket
    import time

    from distributed.comm.addressing import parse_address, parse_host_port
    scheme, location = parse_address(address, strict=False)
    if scheme not in ("tcp", "tls", "ws", "wss"):
        return
    host, port = parse_host_port(location)
    deadline = time.monotonic() + CONNECT_SECONDS
    while True:
        try:
            socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()
            return
        except OSError as err:
            if time.monotonic() >= deadline or isinstance(err, socket.gaierror):
                raise SatdokuError(f"--dask {given}: cannot reach a Dask scheduler there "
                                   f"({err.strerror or type(err).__name__})") from None
            time.sleep(0.1)


def _client(given: str) -> Any:
    try:
        from distributed import Client
    except ImportError:
        raise SatdokuError('--dask needs dask.distributed: pip install "satdoku[dask]"') from None
    address = scheduler_address(given)
    _reachable(given, address)
    try:
        return Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as err:
        raise SatdokuError(f"--dask {given}: cannot reach a Dask scheduler there "
                           f"({' '.join(str(err).split()) or type(err).__name__})") from None


class Dask:
    """A ``dask.distributed`` cluster, by scheduler address (``tcp://host:8786``) or by
    scheduler file (``dask scheduler --scheduler-file FILE``)."""

    chunk_seconds = 1.0  # a task costs the scheduler ~1 ms, and more across a network

    def __init__(self, address: str) -> None:
        import logging  # a worker lost and its task run again is Dask's business: no warning;
        # a scheduler lost is said in one line (WorkerDied), not in Dask's log and traceback
        self.address = address
        self.client = _client(address)  # (importing distributed sets its loggers' levels)
        logging.getLogger("distributed.client").setLevel(logging.CRITICAL + 1)
        try:
            self.client.wait_for_workers(1, timeout=WORKER_WAIT_SECONDS)
        except TimeoutError:
            self.client.close()
            raise SatdokuError(f"--dask {address}: no worker joined the scheduler within "
                               f"{WORKER_WAIT_SECONDS} s (start some with 'dask worker "
                               f"{address}')") from None
        self.workers = max(1, sum(self.client.nthreads().values()))

    def submit(self, work: Work, chunk: Any) -> Any:
        try:
            return self.client.submit(execute, work, chunk, pure=False)
        except Exception as err:
            if self.client.status in ("running", "connecting"):
                raise
            raise self._lost(err) from None

    def result(self, future: Any) -> Any:
        from concurrent.futures import CancelledError

        from distributed import KilledWorker
        try:
            return future.result()
        except KilledWorker as err:
            raise WorkerDied(f"a Dask task lost every worker it was tried on ({err}); "
                             "out of memory?") from None
        except (CancelledError, OSError) as err:  # (cancelled: "scheduler-connection-lost")
            raise self._lost(err) from None

    def _lost(self, err: Exception) -> WorkerDied:
        """The error for a scheduler that went away (killed, its machine down): the tasks
        it held are lost, and the batch ends as for a dead worker."""
        from concurrent.futures import CancelledError
        reason = ("the connection to it was lost" if isinstance(err, CancelledError)
                  else shorten(" ".join(str(err).split()) or type(err).__name__, 120))
        return WorkerDied(f"lost the Dask scheduler {self.address} ({reason}): killed, or "
                          "its machine down?")

    def ready(self, future: Any) -> bool:
        return future.status == "finished"

    def wait(self, future: Any, seconds: float) -> bool:
        """Whether ``future`` is done within ``seconds`` (:meth:`result` then says how)."""
        try:
            future.result(timeout=seconds)
        except TimeoutError:
            return future.done()
        except Exception:  # (done, and failed: result() raises it again)
            return True
        return True

    def stopped(self) -> list[int]:
        """None known: the cluster's workers are Dask's business."""
        return []

    def wrap_up(self) -> None:
        """Nothing: a task on a cluster runs to its end (its partial results are lost)."""

    def close(self, abort: bool = False) -> None:
        """Disconnect; the scheduler forgets this client's tasks (finished or not)."""
        self.client.close()

    def __enter__(self) -> Dask:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
