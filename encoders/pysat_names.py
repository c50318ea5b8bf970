"""Our names for PySAT's cardinality and pseudo-Boolean encodings, with one line each for `--list`.

No pysat import here: the CLI lists these names without loading the solver libraries. The enum
values are looked up by name (`pysat.card.EncType.<name>`) only when an encoding is built.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from types import ModuleType

from puzzlesat.runtime.errors import BackendError, UsageError
from puzzlesat.runtime.words import unknown

# Every member of pysat.card.EncType (PySAT 1.9), and our auto.
CARD_ENCODINGS: dict[str, str] = {
    "auto": "ours: pairwise for an AtMostOne of up to 16 literals (no auxiliary variable), else seqcounter",
    "pairwise": "one binary clause per pair of literals, no auxiliary variables (AtMostOne only)",
    "seqcounter": "sequential counter (Sinz, CP 2005)",
    "sortnetwrk": "odd-even merge sorting network (Batcher; Een & Sorensson, JSAT 2006)",
    "cardnetwrk": "cardinality network (Asin, Nieuwenhuis, Oliveras, Rodriguez-Carbonell, 2011)",
    "bitwise": "binary (bitwise) AtMostOne (Frisch et al. 2006); AtMostOne only",
    "ladder": "ladder / regular encoding (Gent & Nightingale 2004); AtMostOne only",
    "totalizer": "totalizer (Bailleux & Boufkhad, CP 2003)",
    "mtotalizer": "modulo totalizer (Ogawa et al., ICTAI 2013)",
    "kmtotalizer": "k-product modulo totalizer (Morgado, Ignatiev, Marques-Silva, 2015)",
    "native": "no clauses: native AtMostK constraints, for minicard, gluecard3/4, cadical195/300, minisatep, ergo",
}

# Every member of pysat.pb.EncType (PySAT 1.9, encodings from the Pindakaas library).
PB_ENCODINGS: dict[str, str] = {
    "best": "Pindakaas chooses per constraint (a totalizer for plain PB sums)",
    "bdd": "binary decision diagram (Een & Sorensson 2006; Abio et al., SAT 2011)",
    "seqcounter": "sequential weight counter (Hoelldobler, Manthey, Steinke, KI 2012)",
    "sortnetwrk": "sorting networks over the binary digits (Een & Sorensson, JSAT 2006)",
    "adder": "binary adder network (Een & Sorensson, JSAT 2006)",
    "binmerge": "binary merge: watchdog counting with sorting networks (Manthey et al., KI 2014)",
    "watchdog": "watchdog / global polynomial watchdog (Bailleux, Boufkhad, Roussel, SAT 2009)",
    "totalizer": "generalized totalizer (Joshi, Martins, Manquinho, CP 2015)",
    "mixedradix": "mixed radix, n-level modulo (Zha, Koshimura, Fujita, Constraints 2019)",
    "native": "no clauses: native weighted AtMostK constraints, for cadical195/300, minisatep, ergo",
    "mdd": "ours: each sum equality as a decision diagram over its cells' values, arc consistent on one-hot "
    "(Gange, Stuckey, Szymanek 2011); inequalities use the totalizer",
    "unary": "ours: each sum equality as a tree of unary adders over the cells' order literals, bounds "
    "consistent (Metodi and Codish 2012); inequalities and very wide sums use the totalizer",
}
# Our own PB encodings: built by `puzzlesat.encoders.mdd` from the integers, not by PySAT from literals; a
# constraint they do not cover (an inequality, a conditional sum) takes the PySAT one named here.
OWN_PB: dict[str, str] = {"mdd": "totalizer", "unary": "totalizer"}

# Chosen by measurement (the table is in solvers/sat_backend.py): the totalizer PB encoding is the
# fastest on every seed puzzle but the order-4 magic square, where sorting networks win 2x with an
# 8x bigger CNF and lose 3-4x on magic-square-18 and magic-pair-18. Card encodings differ little on
# the 1..18 puzzles (the sequential counter a little ahead); on grids pairwise halves CaDiCaL's time
# (top1465 on 9x9 sudokus: 2.1 s against 2.8-5.9; a Latin completion of order 30: 0.1 s against
# 1.2) but its clauses grow as n^2, so "auto" takes it up to 16 literals. ("best" builds the same totalizer
# today, but names what Pindakaas prefers, which may change between versions.)
DEFAULT_CARD = "auto"
# "auto": an at-most-one over at most PAIRWISE_MAX literals pairwise (no auxiliary variable), a
# longer one with AUTO_BEYOND (docs/decisions/encodings-and-defaults.md, "At-most-one by size").
PAIRWISE_MAX = 16
AUTO_BEYOND = "seqcounter"
DEFAULT_PB = "totalizer"
# Where a cell's values have order literals (its own, or channelled from one-hot), the unary adders
# beat the totalizer on every sum puzzle measured (docs/decisions/encodings-and-defaults.md, "Unary
# sums"): the 8-point star enumerates in 2.9 s against 4.0 (order) and 9.0 (one-hot). Log keeps
# the totalizer over its bits, which channelling to order literals would only slow down.
PB_DEFAULTS: dict[str, str] = {"order": "unary", "onehot": "unary"}


def default_pb(encoding: str) -> str:
    """The PB encoding a CNF `encoding` uses when --pb is not given."""
    return PB_DEFAULTS.get(encoding, DEFAULT_PB)


def pb_defaults() -> dict[str, str]:
    """Each default PB encoding and where it is the default, for listings and --help."""
    where: dict[str, list[str]] = {}
    for encoding in ("onehot", "order", "log"):
        where.setdefault(default_pb(encoding), []).append(encoding)
    return {pb: "default for " + " and ".join(names) for pb, names in where.items()}


def check_card(name: str) -> str:
    """`name` if it is a card encoding, else a UsageError listing the valid names."""
    if name not in CARD_ENCODINGS:
        raise UsageError(unknown("card encoding", name, sorted(CARD_ENCODINGS)))
    return name


def check_pb(name: str) -> str:
    """`name` if it is a PB encoding, else a UsageError listing the valid names."""
    if name not in PB_ENCODINGS:
        raise UsageError(unknown("PB encoding", name, sorted(PB_ENCODINGS)))
    return name


def card_enc(name: str) -> int:
    """PySAT's integer for a card encoding name (imports pysat)."""
    from pysat.card import EncType

    return int(getattr(EncType, check_card(name)))


def pysat_pb() -> ModuleType:
    """`pysat.pb`, or a BackendError saying what to install: PySAT asserts at its import when
    Pindakaas is missing, so every use of it goes through here (never a bare import)."""
    try:
        import pysat.pb
    except (ImportError, AssertionError) as e:
        raise BackendError("PB encodings need Pindakaas: pip install 'python-sat[pb]'") from e
    return pysat.pb


def pb_enc(name: str) -> int:
    """PySAT's integer for a PB encoding name (imports pysat and pindakaas); ours give their stand-in's."""
    name = OWN_PB.get(name, name)
    return int(getattr(pysat_pb().EncType, check_pb(name)))


@contextlib.contextmanager
def no_pysat_signals() -> Iterator[None]:
    """PySAT's native calls (solving, `pysat.card`, `pysat.pb`) made here install no SIGINT handler.

    On the main thread PySAT's C code catches SIGINT with a handler that longjmps out of the
    solver or encoder, and on that path never restores the previous handler. Jumping out of C++
    is not memory safe, and a second Ctrl-C jumps into a stack frame that is gone: the tests' two
    back-to-back SIGINTs crashed 6 runs in 30 (segfault, bus error, "free(): invalid pointer").
    PySAT installs its handler only when `MainThread.check()` says so; here it says no, so the
    signal reaches Python's handler, which asks for a stop that the backend honours between
    conflict slices (at most one slice later, docs/decisions/search.md, "Per-class costs and first
    answers"). Restored after the call, so a program around puzzlesat keeps PySAT's behaviour for
    its own calls."""
    from pysat._utils import MainThread

    saved = MainThread.__dict__["check"]
    MainThread.check = staticmethod(_not_main)  # type: ignore[method-assign]
    try:
        yield
    finally:
        MainThread.check = saved  # type: ignore[method-assign]


def _not_main() -> bool:
    return False
