"""The analyser: why a puzzle is (not) unique, what is forced, what is redundant, how hard.

>>> from satdoku.formats import parse_puzzle
>>> analyse(parse_puzzle("1... ..23 .... ....")).status.value
'no_solution'
"""

from satdoku.analyse.candidates import backbone, true_candidates
from satdoku.analyse.certificate import Certificate, Verdict, certify
from satdoku.analyse.counts import CandidateCounts, candidate_counts
from satdoku.analyse.differences import Fix, differing_cells, find_fix
from satdoku.analyse.difficulty import Difficulty, rate
from satdoku.analyse.redundancy import redundant_givens
from satdoku.analyse.report import Analysis, analyse, to_json
from satdoku.analyse.status import Given, Survey, minimal_conflict, survey

__all__ = ["Analysis", "CandidateCounts", "Certificate", "Difficulty", "Fix", "Given", "Survey",
           "Verdict", "analyse", "backbone", "candidate_counts", "certify", "differing_cells",
           "find_fix", "minimal_conflict", "rate", "redundant_givens", "survey", "to_json",
           "true_candidates"]
