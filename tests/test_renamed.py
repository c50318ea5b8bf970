"""The cuts' solvers on other clauses of the same rules (solvers/renamed.py, explanations D22):
a question renamed into the other CNF gets the answer the explainer's own CNF gives, a core that
is a refuted subset of the question, and a model that holds every rule, fact and hypothesis it
assumed, read back in the explainer's numbering and checked against the rules in plain Python."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import puzzlesat
from puzzlesat.reasoning.guarded import RuleCNF
from puzzlesat.reasoning.search import DELETER_CNF, Explainer
from puzzlesat.solvers.clauses import ClauseSolver
from puzzlesat.solvers.renamed import Renamed
from puzzlesat.solvers.witnessed import Refuter

ROOT = Path(__file__).parent.parent
# Pigeons as in test_witnessed (three pigeons, two holes, each pigeon behind selector 7-9), and the
# same clauses with every variable renumbered v -> 10 - v.
CLAUSES = [[-7, 1, 2], [-8, 3, 4], [-9, 5, 6], [-1, -3], [-1, -5], [-3, -5], [-2, -4], [-2, -6], [-4, -6]]
FLIP = {v: 10 - v for v in range(1, 10)} | {-v: -(10 - v) for v in range(1, 10)}


def test_questions_go_in_renamed_and_answers_come_back():
    """A satisfiable question's model reads in the outer numbering; a core comes back in it."""
    inner = ClauseSolver([[FLIP[lit] for lit in cl] for cl in CLAUSES], "m22")
    solver = Renamed(inner, FLIP, top=9)
    assert solver.solve([7, 8, 1])
    model = solver.get_model()
    assert model is not None and len(model) == 9
    assert model[0] == 1 and model[3] == 4 and model[2] == -3  # pigeon 1 in hole 1, pigeon 2 in hole 2
    assert solver.get_core() is None
    assert not solver.solve([7, 8, 9])
    assert set(solver.get_core() or ()) == {7, 8, 9} and solver.get_model() is None
    solver.delete()


# Puzzles with sums, lines, dots and cages: the rules whose clauses differ most between encodings.
EXAMPLES = ["killer-6x6.toml", "kenken.toml", "arrow-sudoku.toml", "thermo-sudoku.toml", "kropki-sudoku.toml",
            "xsum-sudoku.toml", "numbered-room-sudoku.toml", "xv-sudoku.toml", "futoshiki.toml",
            "skyscraper-sudoku.toml"]  # fmt: skip


@pytest.fixture(scope="module", params=EXAMPLES)
def example(request):
    p = puzzlesat.load(str(ROOT / "examples" / request.param))
    (solution,) = [tuple(s.values) for s in puzzlesat.solve(p, all=True, modulo_symmetry=False).solutions]
    g = RuleCNF(p)
    yield p, g, solution
    g.close()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])  # fmt: skip
@given(st.integers(0, 2**32))
def test_recoded_answers_are_the_explainers_cnfs(example, seed):
    """Random questions of the cuts' shape (some rules, facts true of the solution, one value of a
    cell as the hypothesis), most of them refuted: the same answer as the explainer's own clauses;
    a core inside the question and refuted there; a model whose cells hold every assumed rule,
    fact and the hypothesis."""
    p, g, solution = example
    rnd = random.Random(seed)
    cnf = g.recoded(*DELETER_CNF)
    assert len(cnf.clauses) != len(g.builder.clauses)  # other clauses indeed
    refute = Refuter(Renamed(ClauseSolver(cnf.clauses, "m22"), cnf.inner, cnf.top),
                     [*(r.selector for r in g.rules), *g.fact_of], between=lambda: None)  # fmt: skip
    own = ClauseSolver(g.builder.clauses, "g3")
    try:
        pairs = sorted(g.lit)
        for _ in range(8):
            rules = [r for r in g.rules if rnd.random() < 0.7]
            facts = [g.lit[c, v] if solution[c] == v else -g.lit[c, v]
                     for c, v in pairs if rnd.random() < 0.25]  # fmt: skip
            c, v = rnd.choice(pairs)
            hyp = g.lit[c, v]
            question = list(dict.fromkeys([*(r.selector for r in rules), *facts, hyp]))
            if -hyp in question:
                continue
            solves = refute.solves
            core = refute(question)
            assert (core is None) == own.solve(question)
            if core is not None:
                assert core <= set(question) and not own.solve(sorted(core))
                continue
            if refute.solves == solves:
                continue  # answered by a model kept from an earlier question
            model = refute.solver.get_model()
            values = [next(v for v in range(1, 100) if (c, v) in g.lit and model[g.lit[c, v] - 1] > 0)
                      for c in range(p.size)]  # fmt: skip
            assert all(model[abs(lit) - 1] == lit for lit in question)
            unknowns = {}  # a puzzle with unknowns: their values are not read back, so only rules without them
            for r in rules:
                if all(not isinstance(getattr(con, "rhs", 0), str) for con in r.constraints):
                    assert all(con.holds(values, unknowns) for con in r.constraints), r.name
    finally:
        refute.solver.delete()
        own.delete()


def test_the_cuts_are_the_same_on_either_clauses():
    """Killer 6x6 walked with the cuts on the explainer's own clauses and on the recoded ones
    (no second solver either way): the same steps, rules, facts and prices."""
    p = puzzlesat.load(str(ROOT / "examples" / "killer-6x6.toml"))
    (solution,) = [tuple(s.values) for s in puzzlesat.solve(p, all=True, modulo_symmetry=False).solutions]
    seen = []
    for how in ("own", "recoded"):
        e = Explainer(p, [solution])
        if how == "own":
            e.__dict__["_refuter"] = Refuter(e.g.new_solver(e.g.builder.clauses, name="m22"))
        else:
            cnf = e.g.recoded(*DELETER_CNF)
            e.__dict__["_refuter"] = Refuter(Renamed(e.g.new_solver(cnf.clauses, name="m22"), cnf.inner, cnf.top))
        try:
            seen.append([(s.deduced, s.rules, s.facts, s.cost) for s in e.run()])
        finally:
            e.close()
    assert seen[0] == seen[1] and len(seen[0]) > 10


def test_the_recheck_answers_alike_on_either_clauses(monkeypatch):
    """Every step of a killer's walk follows from what it cites on the explainer's clauses and on
    the recoded ones (D22), and a step whose deduction is turned around follows on neither."""
    from puzzlesat.reasoning import recheck
    from puzzlesat.reasoning.facts import Step

    p = puzzlesat.load(str(ROOT / "examples" / "killer-6x6.toml"))
    steps = list(puzzlesat.explain(p).steps)
    wrong = [Step(deduced=tuple(f.negated() for f in s.deduced), rules=s.rules,
                  facts=s.facts, cost=0.0, technique="") for s in steps if len(s.deduced) == 1]  # fmt: skip
    seen = []
    for cnf in (None, recheck.RECHECK_CNF):
        monkeypatch.setattr(recheck, "RECHECK_CNF", cnf)
        checker = recheck.Rechecker(RuleCNF(p), [], p.cells)
        seen.append(([checker._follows(s) for s in steps], [checker._follows(s) for s in wrong]))
    assert recheck.RECHECK_CNF is not None and seen[0] == seen[1]
    assert all(seen[0][0]) and not any(seen[0][1]) and len(wrong) > 10
