"""The OR-Tools CP-SAT peer, run as its own process: `python benchmarks/peer_cpsat.py MODEL.json MODE`.

MODE is "all" (every raw solution), "first" (one solution) or "batch" (the first solution of each
instance in the model). Prints one line of cell values per solution, "none" for an instance with
no solution. It imports only the standard library and ortools, so its time is the peer's own.
"""

import json
import operator
import sys

from ortools.sat.python import cp_model

RELATIONS = {
    "=": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}


# An atom's relation and its negation, for a literal that is true exactly when the atom holds.
ATOMS = {"=": ("==", "!="), "!=": ("!=", "=="), "<": ("<", ">="), ">=": (">=", "<")}
COMPARE = {"==": operator.eq, **RELATIONS}


class Guards:
    """One literal per atom (`cell op value`) and per conjunction of atoms, made once each: a
    position-dependent clue ("guarded" in the model) reads many of the same atoms."""

    def __init__(self, model, x):
        self.model, self.x, self.atoms, self.ands = model, x, {}, {}

    def atom(self, c, op, v):
        key = (c, op, v)
        if key not in self.atoms:
            b = self.model.new_bool_var(f"a{c}{op}{v}")
            yes, no = ATOMS[op]
            self.model.add(COMPARE[yes](self.x[c], v)).only_enforce_if(b)
            self.model.add(COMPARE[no](self.x[c], v)).only_enforce_if(~b)
            self.atoms[key] = b
        return self.atoms[key]

    def all(self, atoms):
        lits = [self.atom(*a) for a in atoms]
        if len(lits) == 1:
            return lits[0]
        key = tuple(sorted(map(tuple, atoms)))
        if key not in self.ands:
            g = self.model.new_bool_var("g")
            self.model.add_bool_and(lits).only_enforce_if(g)
            self.model.add_bool_or([~b for b in lits]).only_enforce_if(~g)
            self.ands[key] = g
        return self.ands[key]


def add_guarded(model, x, domains, guards, g):
    """sum of weight * (cell or 1) over the terms whose guard holds, op rhs, while `when` holds."""
    lhs = 0
    for w, c, guard in g["terms"]:
        if not guard:
            lhs += w * (1 if c is None else x[c])
        elif c is None:
            lhs += w * guards.all(guard)
        else:
            lo, hi = min(0, *domains[c]), max(0, *domains[c])
            t = model.new_int_var(lo, hi, "t")
            lit = guards.all(guard)
            model.add(t == x[c]).only_enforce_if(lit)
            model.add(t == 0).only_enforce_if(~lit)
            lhs += w * t
    constraint = model.add(RELATIONS[g["op"]](lhs, g["rhs"]))
    if g["when"]:
        constraint.only_enforce_if([guards.atom(*a) for a in g["when"]])


def build(m, givens):
    model = cp_model.CpModel()
    x = [model.new_int_var_from_domain(cp_model.Domain.from_values(d), f"x{i}") for i, d in enumerate(m["domains"])]
    u = {n: model.new_int_var_from_domain(cp_model.Domain.from_values(d), n) for n, d in m["unknowns"].items()}
    for g in m["distinct"]:
        model.add_all_different([x[c] for c in g])
    for s in m["sums"]:
        total = u[s["total"]] if isinstance(s["total"], str) else s["total"]
        lhs = sum(w * x[c] for c, w in zip(s["cells"], s["weights"], strict=True))
        model.add(RELATIONS[s.get("op", "=")](lhs, total))
    for t in m.get("tables", []):
        add = model.add_allowed_assignments if t["allowed"] else model.add_forbidden_assignments
        add([x[c] for c in t["cells"]], [tuple(r) for r in t["tuples"]])
    guards = Guards(model, x)
    for g in m.get("guarded", []):
        add_guarded(model, x, m["domains"], guards, g)
    for c, v in givens:
        model.add(x[c] == v)
    return model, x


class Collect(cp_model.CpSolverSolutionCallback):
    def __init__(self, x):
        super().__init__()
        self.x = x
        self.lines = []

    def on_solution_callback(self):
        self.lines.append(" ".join(str(self.value(v)) for v in self.x))


def first(m, givens):
    model, x = build(m, givens)
    solver = cp_model.CpSolver()
    status = solver.solve(model)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return " ".join(str(solver.value(v)) for v in x)
    return "none"


def main():
    m = json.load(open(sys.argv[1]))
    mode = sys.argv[2]
    if mode == "all":
        model, x = build(m, m["givens"])
        solver = cp_model.CpSolver()
        solver.parameters.enumerate_all_solutions = True
        collect = Collect(x)
        solver.solve(model, collect)
        lines = collect.lines
    elif mode == "first":
        lines = [first(m, m["givens"])]
    else:
        lines = [first(m, g) for g in m["instances"]]
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
