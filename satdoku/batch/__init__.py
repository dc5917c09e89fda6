"""Batch work: a command's answer for every puzzle of an input, written in input order as
each is done, here or on worker processes or a Dask cluster, with nothing lost on Ctrl-C.

- :mod:`.answers`: what one puzzle produced (:class:`Answer`) and how it is written;
- :mod:`.run`: :func:`run_batch`, on this process or, with ``jobs``/``dask``, on workers;
- :mod:`.chunks`: the chunks sent to workers, sized as the work goes.

The handlers (a puzzle → its answer) are in the verbs' packages: ``satdoku.solving.answers``,
``satdoku.analyse.answers``, ``satdoku.explain.answers``, ``satdoku.formats.convert``.
"""

from satdoku.batch.answers import Answer, Handler, OutputFormat
from satdoku.batch.run import HandlerWork, run_batch

__all__ = ["Answer", "Handler", "HandlerWork", "OutputFormat", "run_batch"]
