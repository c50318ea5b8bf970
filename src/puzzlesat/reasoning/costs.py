"""What a step costs, on one scale for every kind of puzzle, shaped like Sudoku Explainer's.

Sudoku Explainer rates a classic sudoku by its hardest technique on a 1.0-11.9 scale (hidden
single 1.2-1.5, naked single 2.3, pointing 2.6, pairs 3.0-3.4, triples 3.6-4.0, quads 5.0-5.4,
forcing chains 6.5-8.5, nested chains 9+). puzzlesat's steps are not named techniques but tiers
of reasoning on the core (`reasoning.search`), so the cost is the tier's place on that scale,
moved a little by what the step reads: how many rules and of what kind (a cage of 8 is harder
than a cage of 2), how many facts, how long a case split's chain runs. The same function prices
a killer cage, a thermometer or a magic line; the numbers were set against published ratings
(docs/decisions/explanations.md, "Grading").
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from puzzlesat.reasoning.guarded import Rule
from puzzlesat.reasoning.patterns.scores import SCORES

# puzzlesat's own names of the shapes it names (`reasoning.names`) as HoDoKu calls them.
ALIASES = {
    "naked single": "Naked Single", "hidden single": "Hidden Single",
    "pointing": "Locked Candidates Type 1 (Pointing)", "claiming": "Locked Candidates Type 2 (Claiming)",
    "naked pair": "Naked Pair", "naked triple": "Naked Triple", "naked quad": "Naked Quadruple",
    "hidden pair": "Hidden Pair", "hidden triple": "Hidden Triple", "hidden quad": "Hidden Quadruple",
    "X-wing": "X-Wing", "swordfish": "Swordfish", "jellyfish": "Jellyfish",
}  # fmt: skip
CHAIN = 280  # HoDoKu's score of a nice loop: a technique it has no score for prices as one

# The least level a technique gives a puzzle (0 easy .. 4 extreme), as HoDoKu's level is its
# hardest technique's: singles easy; locked candidates and pairs, triples medium; other named
# patterns hard; chains and a contradiction by propagation expert; one by search extreme.
MEDIUM = {"Locked Candidates Type 1 (Pointing)", "Locked Candidates Type 2 (Claiming)", "Locked Candidates",
          "Locked Pair", "Locked Triple", "Naked Pair", "Naked Triple", "Hidden Pair", "Hidden Triple"}  # fmt: skip
EXPERT = {"X-Chain", "XY-Chain", "contradiction"}


def named(technique: str) -> bool:
    """A technique HoDoKu names (or a contradiction), whose level `level_floor` knows."""
    return ALIASES.get(technique, technique) in SCORES or technique in ("contradiction", "deep contradiction")


def level_floor(technique: str) -> int:
    """The least level (0 easy .. 4 extreme) a step of this technique gives the puzzle."""
    name = ALIASES.get(technique, technique)
    if name in ("Naked Single", "Hidden Single", "Full House"):
        return 0
    if name in MEDIUM:
        return 1
    if name in EXPERT:
        return 3
    if name == "deep contradiction":
        return 4
    return 2 if name in SCORES else 0


def scaled(hodoku: float) -> float:
    """A HoDoKu technique score on this scale: monotone, a naked single (4) at 1.0, a hidden single
    (14) at 1.2 (Sudoku Explainer's), then logarithmic: pointing (50) 3.05, X-wing (140) 4.54,
    a chain (260) 5.44, a forcing chain (500) 6.38."""
    if hodoku <= 14:
        return round(1.0 + 0.2 * max(0.0, hodoku - 4) / 10, 2)
    return round(1.2 + 1.45 * math.log(hodoku / 14), 2)


def named_cost(technique: str) -> float:
    """The price of a named technique (puzzlesat's name or HoDoKu's): its HoDoKu score on this scale."""
    return scaled(SCORES.get(ALIASES.get(technique, technique), CHAIN))

FACT = 0.02  # each fact a step reads
PEER = 0.03  # each house that only carried a placed value's removal
TIERS: dict[str, tuple[float, float]] = {  # tier: (base, ceiling)
    "propagation": (1.2, 2.2),  # one rule, by propagation: hidden singles, a short cage's digits
    "naked single": (2.3, 2.3),
    "propagation pair": (2.0, 3.0),  # two rules by propagation: a single seen through a cage and a house
    "complete": (3.0, 5.4),  # one rule in full: naked and hidden subsets, a cage's combinations
    "complete pair": (2.6, 5.0),  # two rules in full: pointing, claiming, a cage against a house
    "case split": (2.0, 8.9),  # "if r3c4 = 5 then ... a contradiction" by propagation: fish, wings, chains
    "search split": (9.0, 11.9),  # a contradiction that needs search
}


# A rule other than a house, by what a person holds in mind reading it (issue 43, point 4): its
# cells, and a total with its combinations if it has one; not its kind, nor how many core
# constraints it lowered to (a thermometer of 5 cells is 4 "<" constraints, and weighed 5.2 as
# such, four houses' worth, where a person reads one rising line).
SPAN = 0.12  # each cell beyond a pair
TOTAL = 0.3  # a sum to reach (a cage's or an arrow's total, a little killer's)


def rule_weight(rule: Rule) -> float:
    """How hard a rule is to read: a house 1; any other rule 1 for a pair of cells, SPAN a cell
    more, TOTAL more if it holds a sum (a 3-cell thermometer 1.12, a 5-cell one 1.36, a 2-cell
    cage 1.3, a 9-cell cage 2.14)."""
    if rule.kinds == frozenset({"AllDifferent"}) and len(rule.alldifferent) == 1:
        return 1.0
    total = any(kind == "Table" or _is_sum(con) for con in rule.constraints for kind in [type(con).__name__])
    return round(1.0 + SPAN * max(0, len(rule.cells) - 2) + (TOTAL if total else 0.0), 2)


def _is_sum(con: object) -> bool:
    """A sum to reach: an equation over more than two cells, or over two with a total other than 0
    (`a - b = 0` is a clone, `a - b < 0` a thermometer's order)."""
    if type(con).__name__ not in ("Linear", "Guarded"):
        return False
    inner = getattr(con, "constraint", con)
    op, rhs, cells = getattr(inner, "op", "="), getattr(inner, "rhs", 0), getattr(inner, "cells", ())
    return op == "=" and (len(cells) > 2 or rhs != 0)


def is_house(rules: Sequence[Rule]) -> bool:
    """Every rule one all-different and nothing else: the classic scale's ground."""
    return all(r.kinds == frozenset({"AllDifferent"}) for r in rules)


# One rule other than a house reasoned in full (every combination it allows): a propagation step's
# base and a little more, never a subset's price; plus SPAN a cell the deduction spans.
RULE_IN_FULL = 1.7


# A routine step (D14): one rule other than a house read the way a single is, priced as the
# singles are, by what a person holds in mind: the rule's cells, each with its candidates (a
# naked single, one cell, 1.0; a hidden single, a house's nine cells for one digit, 1.2; so
# ROUTINE_CELL = 0.2 / 8 a cell beyond the first). A 2-cell cage's pair alone 1.025, a 4-cell cage
# with one combination left 1.075, a 9-cell one 1.2. And at the same price an item (D17): each
# fact the step reads beside its rule (another cell's marks, a placed value: "4 in r1c1 needs 5
# in r2c1, gone"), and each open cell of each combination left beyond the first (a 2-cell cage
# 10 with 1+9, 2+8, 3+7, 4+6 left holds three more pairs: 6 items).
ROUTINE = 1.0
ROUTINE_CELL = 0.025


# The least a routine step costs: a rule holds two cells at least (`routine_cost`), so a naked
# single (1.0) is still cheaper than any of them and ends the search for a step at once.
def routine_cost(cells: int, held: int = 0) -> float:
    """One rule other than a house, by propagation or with one combination left (or two cells
    open): the singles' price for its cells, and ROUTINE_CELL for each further item `held` in
    mind (facts read, cells of the combinations left beyond the first)."""
    return round(ROUTINE + ROUTINE_CELL * (max(1, cells - 1) + held), 2)


ROUTINE_FLOOR = routine_cost(2)


def combination_cells(open_cells: int, combinations: int | None) -> int:
    """The items a rule's combinations add to what is held: each open cell of each combination
    beyond the first (none for a rule without combinations, a thermometer, a whisper)."""
    return open_cells * (combinations - 1) if combinations and combinations > 1 else 0


# What reading one rule alone costs is not work (D17): a killer's cages are what a classic
# puzzle's givens are, read before any deduction; the work term counts a one-rule step's price
# above that read (what else it holds in mind), as it counts a single's above SINGLES. A one-rule
# step that cites no fact holds nothing but its rule (its cells and the combinations its total
# allows, all on the board before any deduction): read alone in full (D18).
ONE_RULE = ("single rule", "combination")
SINGLES = 0.9  # the work term's floor: every step counts above it, a naked single (1.0) a little
INNIE = "rule of 45"


def read_alone(technique: str, main_cells: Sequence[int], facts: int = 0, cost: float = 0.0) -> float:
    """The part of a step's price that is reading its rules alone (the work term counts the
    rest): for a step on one rule other than a house (`names.GENERIC`'s "single rule" and
    "combination"), a routine step's price with nothing else held, or its whole price where it
    cites no fact; for a rule of 45 (D18), SINGLES and INNIE_TOTAL for each rule it cites beyond
    its first house (the totals subtracted are written on the board, as a cage's is), or its
    whole price where it is a sum written down before and read again as a cage alone
    (`innie_cost` is never that low); 0 for any other step (singles, patterns, splits: classic's
    ground)."""
    if technique == INNIE:
        if cost < innie_cost(1, 1):
            return cost
        return round(SINGLES + INNIE_TOTAL * max(0, len(main_cells) - 1), 2)
    if technique not in ONE_RULE or len(main_cells) != 1:
        return 0.0
    return cost if facts == 0 and cost else routine_cost(main_cells[0])


# The rule of 45 (`reasoning.innies`): a house read whole (a hidden single's 1.2), INNIE_HOUSE
# each further house, INNIE_TOTAL each total in the arithmetic (the region's own and each sum's
# taken off or sticking out). Not the cells left that share the rest (D14 priced them 0.1 each):
# their marks are facts the step cites, and priced so the rule of 45 ranked KrazyDad's books
# worse (D17). D18 tried 0.1 a total: KrazyDad ranked better, but a knife edge turned one
# logic-masters.de walk (a three-column rule of 45 cheaper than a locked pair); kept at 0.15.
INNIE_HOUSE = 0.3
INNIE_TOTAL = 0.15
INNIE_CEILING = 3.0  # below locked candidates (3.05): solvers teach it with the cage combinations


def innie_cost(houses: int, sums: int) -> float:
    """A rule-of-45 step: one house 1.2, INNIE_HOUSE a house more, INNIE_TOTAL for the region's
    total and for each sum taken off (a box less one cage 1.5, less three 1.8). Flat, as a named
    pattern's price is: the marks of the cells left are read as a single's are."""
    cost = 1.2 + INNIE_HOUSE * (houses - 1) + INNIE_TOTAL * (sums + 1)
    return round(min(cost, INNIE_CEILING), 2)


def step_cost(tier: str, main: Sequence[Rule], peers: int, facts: int, size: int = 0, chain: int = 0,
              routine: bool = False, combos: int = 0) -> float:
    """The tier's base, plus: rules beyond the tier's own (and heavier than a house), the subset
    size of a one-rule step in full, a case split's rules and chain, the facts read. `routine`:
    one rule other than a house by propagation, or in full with one combination left or two
    cells open (`routine_cost`), which holds the facts it reads and `combos` (`combination_cells`)."""
    base, ceiling = TIERS[tier]
    weight = sum(rule_weight(r) for r in main)
    if routine and len(main) == 1 and not is_house(main) and tier in ("propagation", "complete"):
        return routine_cost(len(main[0].cells), facts + combos)
    cost = base + FACT * facts + PEER * peers
    if tier == "propagation":
        cost += 0.3 * max(0.0, weight - 1.0)
    elif tier == "propagation pair":
        cost += 0.2 * max(0.0, weight - 2.0)
    elif tier == "complete" and not is_house(main):  # a cage's combinations, a line's order: no subset
        cost = RULE_IN_FULL + FACT * facts + PEER * peers + 0.3 * max(0.0, weight - 1.0) + SPAN * size
    elif tier == "complete":
        cost += 0.6 * max(0, size - 2) + 0.3 * max(0.0, weight - 1.0)
    elif tier == "complete pair":
        cost += 0.3 * max(0.0, weight - 2.0) + 0.2 * max(0, size - 2)
    elif tier == "case split":  # by the rules it reads: 4 houses (an X-wing) 3.8, 8 houses 5.6, 15 near 8.8
        cost += 0.45 * weight + 0.01 * chain
    else:  # search
        cost += 0.08 * max(0.0, weight - 2.0) + 0.03 * chain
    return round(min(cost, ceiling), 2)
