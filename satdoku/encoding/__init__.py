"""Board + rules → CNF: the pipeline (:mod:`.pipeline`), the box-line triads of the augmented
encoding (:mod:`.triads`) and the memory budget a CNF must fit before it is built
(:mod:`.budget`).

>>> from satdoku.board import Board
>>> build(Board.classic(4)).num_vars
64
"""

from satdoku.encoding.pipeline import (
    DEFAULT_AMO,
    DEFAULT_ENCODING,
    Encoding,
    Key,
    add_cell_constraints,
    add_region_constraints,
    build,
    estimate,
    grid_of_model,
    require_budget,
    triads_size,
)

__all__ = ["DEFAULT_AMO", "DEFAULT_ENCODING", "Encoding", "Key", "add_cell_constraints",
           "add_region_constraints", "build", "estimate", "grid_of_model", "require_budget",
           "triads_size"]
