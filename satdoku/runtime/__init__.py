"""Processes, signals and files, knowing nothing of Sudoku (it imports only
:mod:`satdoku.errors`): work units and the local pool (:mod:`.pool`), the Dask backend
(:mod:`.cluster`), the choice between them (:mod:`.backends`), interrupts held while a result
is written (:mod:`.signals`), tasks in forked children (:mod:`.forked`), atomic files
(:mod:`.atomic`) and the output stream (:mod:`.output`).
"""
