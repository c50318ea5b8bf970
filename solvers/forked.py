"""Jobs of solver questions on this process's solver and on forked copies of it, answers in order.

The explainer's search splits cut each refuted hypothesis to minimal rules and facts by deletion
(`puzzlesat.reasoning.split_cuts`): dozens of solves a hypothesis, a dozen hypotheses a step, each
hypothesis apart from the others. A job's answer is the clause set's (whether each subset is
satisfiable), not the solver's, so it is the same whichever copy runs it and in whatever order:
here the parent and `workers` forked processes take the jobs as they come free, and the caller
gets the answers in the jobs' order, the same as one process gives (docs/decisions/explanations.md,
D20). A worker is forked from the parent's solver once built (no rebuild: the copy is its memory)
and serves until closed. The parent owns Ctrl-C and the deadline: workers ignore SIGINT; a job the
caller no longer wants is cancelled between two solves; a worker that fails or dies hands its job
back to the parent, which runs it itself, so nothing is lost and no answer changes.
"""

from __future__ import annotations

import bisect
import os
import signal
from collections.abc import Callable, Hashable, Iterator, Sequence
from typing import Any

from puzzlesat.runtime.stop import checkpoint
from puzzlesat.solvers.clauses import ClauseSolver
from puzzlesat.solvers.local_pool import _context, _holding_signals

# While it waits for a worker, how often the parent looks at its stop flag (seconds).
POLL_SECONDS = 0.05
# Where a job ran, when this process ran it (workers are 0, 1, ...).
LOCAL = -1
# How long the parent waits for a cancelled job's worker to answer before it stops that worker.
CANCEL_SECONDS = 5.0

Refute = Callable[[Sequence[int]], frozenset[int] | None]  # None when satisfiable, else the failed assumptions
Run = Callable[[Any, Refute], Any]  # a job's work, given the questions' answerer


class Refuter:
    """The answerer over one solver: None when the assumptions are satisfiable, else its core
    (all of them when it gives none). `between` runs before each solve (a stop, a cancel).

    Each model found is a model of the whole clause set (an assumption only narrows it), so it
    answers "satisfiable" for any later assumptions it makes true, without a solve: kept on the
    variables of `keys` (those the questions assume), looked up under the last assumption (the
    hypothesis). On Orbit's search splits 715 of 2,343 satisfiable rule questions were answered
    so (docs/decisions/explanations.md, D20). The processes of a `Forked` pass each other the
    models they found with the jobs and answers (`found`, `learn`)."""

    def __init__(self, solver: ClauseSolver, keys: Sequence[int] = (), between: Callable[[], None] = checkpoint) -> None:
        self.solver, self.between = solver, between
        self.bit = {v: 1 << i for i, v in enumerate(sorted({abs(k) for k in keys}))}
        self.models: dict[int, list[int]] = {}  # a true key literal -> the models (bit masks of true keys) holding it
        self.masks: list[int] = []  # every model kept, in the order found or learnt
        self.origins: list[int] = []  # where each was found (-1: here)

    def witnessed(self, assumptions: Sequence[int]) -> bool:
        bit = self.bit
        if not assumptions or not self.models or any(abs(lit) not in bit for lit in assumptions):
            return False
        pos = neg = 0
        for lit in assumptions:
            if lit > 0:
                pos |= bit[lit]
            else:
                neg |= bit[-lit]
        return any(not (pos & ~m) and not (neg & m) for m in self.models.get(assumptions[-1], ()))

    def learn(self, masks: Sequence[int], origin: int = -1) -> None:
        """Keep models found here or elsewhere (`origin`: another process's, on the same clauses
        and keys)."""
        keys = list(self.bit)
        for mask in masks:
            self.masks.append(mask)
            self.origins.append(origin)
            for v in keys:
                if mask & self.bit[v]:
                    self.models.setdefault(v, []).append(mask)

    def found(self, since: int, other_than: int = -2) -> list[int]:
        """The models kept after the first `since`, but those found at `other_than`."""
        return [m for m, o in zip(self.masks[since:], self.origins[since:], strict=True) if o != other_than]

    def __call__(self, assumptions: Sequence[int]) -> frozenset[int] | None:
        if self.witnessed(assumptions):
            return None
        self.between()
        if self.solver.solve(assumptions):
            if self.bit:
                model = self.solver.get_model() or []
                self.learn([sum(b for v, b in self.bit.items() if v <= len(model) and model[v - 1] > 0)])
            return None
        return frozenset(self.solver.get_core() or assumptions)


class _Cancelled(Exception):
    """The parent no longer wants the job under way."""


def _serve(conn: Any, solver: ClauseSolver, run: Run, keys: Sequence[int]) -> None:  # noqa: ANN401
    """A worker: ("job", i, job) in, ("done", i, answer), ("cancelled", i) or ("error", i, text)
    out, until None or the parent's end of the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent owns Ctrl-C
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})

    current = {"job": -1, "closing": False}

    def between() -> None:  # a cancel of the job under way (one of a job already answered is stale)
        while conn.poll():
            message = conn.recv()
            if message is None:
                current["closing"] = True
                raise _Cancelled
            if message[0] == "cancel" and message[1] == current["job"]:
                raise _Cancelled

    refute = Refuter(solver, keys, between)
    try:
        while not current["closing"]:
            message = conn.recv()
            if message is None:
                return
            if message[0] != "job":
                continue  # a stale cancel
            _, i, job, masks = message
            current["job"] = i
            refute.learn(masks)
            seen = len(refute.masks)
            try:
                answer = run(job, refute)
                conn.send(("done", i, answer, refute.found(seen)))
            except _Cancelled:
                conn.send(("cancelled", i))
            except Exception as e:  # noqa: BLE001 (the parent runs the job itself)
                conn.send(("error", i, f"{type(e).__name__}: {e}"))
    except (EOFError, OSError):
        return  # the parent is gone


class Forked:
    """`run` over jobs on `solver` here and on `workers` forked copies of it (none where fork is
    not available or `workers` is 0: then every job runs here, in order, as it is asked for).
    `keys`: the variables the jobs assume, on which each process keeps its models (`refuter`)."""

    def __init__(self, solver: ClauseSolver, run: Run, workers: int, keys: Sequence[int] = ()) -> None:
        self.solver = solver
        self.run = run
        self.local = Refuter(solver, keys)
        self._told: list[int] = []  # how many of this process's models each worker has been given
        self.procs: list[Any] = []
        self.conns: list[Any] = []
        self._home: dict[Hashable, int] = {}  # a job's kin -> where it ran last (LOCAL or a worker)
        if workers > 0 and _context().get_start_method() == "fork":
            ctx = _context()
            with _holding_signals():
                for _ in range(workers):
                    parent, child = ctx.Pipe()
                    proc = ctx.Process(target=_serve, args=(child, solver, run, keys), daemon=True)
                    proc.start()
                    child.close()
                    self.procs.append(proc)
                    self.conns.append(parent)
                    self._told.append(len(self.local.masks))

    def ordered(self, jobs: Sequence[Any], every: bool = True,
                homes: Sequence[Hashable] | None = None) -> Iterator[Any]:  # fmt: skip
        """Each job's answer, in the jobs' order. This process runs the job asked for; the workers
        run the next ones meanwhile. `every`: the caller reads them all, so while a worker has the
        job asked for this process runs a later one; else the caller may stop after any answer
        (a bound), so it waits rather than start work that may be wasted. A job not read when
        the caller stops is cancelled. `homes`: each job's kin (a hypothesis); a job goes where
        its kin ran last if it can, where that solver's learnt clauses serve it again."""
        todo = list(range(len(jobs)))  # not yet started, smallest first
        done: dict[int, Any] = {}
        busy: dict[int, int] = {}  # worker -> its job
        kin = list(homes) if homes is not None else [None] * len(jobs)

        def pick(where: int, among: list[int]) -> int:
            """The first job of `among` at home at `where` or nowhere yet, else the first."""
            return next((j for j in among if self._home.get(kin[j], where) == where), among[0])

        def run_here(j: int) -> None:
            todo.remove(j)
            done[j] = self.run(jobs[j], self.local)
            self._home[kin[j]] = LOCAL

        try:
            for i in range(len(jobs)):
                while i not in done:
                    for w in self._idle(busy):
                        later = [j for j in todo if j != i]
                        if not later:
                            break
                        j = pick(w, later)
                        todo.remove(j)
                        masks = self.local.found(self._told[w], other_than=w)
                        self._told[w] = len(self.local.masks)
                        if self._send(w, ("job", j, jobs[j], masks)):
                            busy[w] = j
                            self._home[kin[j]] = w
                        else:
                            bisect.insort(todo, j)
                    self._collect(busy, done, todo, wait=False)
                    if i in done:
                        break
                    if i in todo:
                        run_here(i)
                    elif every and todo:
                        run_here(pick(LOCAL, todo))
                    else:
                        self._collect(busy, done, todo, wait=True)
                yield done.pop(i)
        finally:
            self._cancel(busy)

    @property
    def live(self) -> list[int]:
        return [w for w, c in enumerate(self.conns) if c is not None]

    def _idle(self, busy: dict[int, int]) -> list[int]:
        return [w for w in self.live if w not in busy]

    def _send(self, w: int, message: object) -> bool:
        try:
            self.conns[w].send(message)
            return True
        except (OSError, ValueError):
            self._drop(w)
            return False

    def _drop(self, w: int) -> None:
        """A worker that failed: its pipe closed, its process stopped; its job goes back."""
        conn, self.conns[w] = self.conns[w], None
        if conn is not None:
            conn.close()
        proc = self.procs[w]
        if proc.exitcode is None:
            proc.terminate()
        proc.join(timeout=1.0)

    def _collect(self, busy: dict[int, int], done: dict[int, Any], todo: list[int], wait: bool) -> None:
        """Take the workers' answers that are in (with `wait`, wait a little for one, checking the
        stop flag); a worker's error or death hands its job back to `todo`."""
        from multiprocessing.connection import wait as wait_for

        if wait:
            checkpoint()
        conns = [self.conns[w] for w in busy]
        ready = wait_for(conns, POLL_SECONDS if wait else 0) if conns else []
        for w, j in list(busy.items()):
            conn = self.conns[w]
            if conn not in ready:
                continue
            try:
                message = conn.recv()
            except (EOFError, OSError):
                message = ("error", j, "worker died")
            del busy[w]
            if message[0] == "done" and message[1] == j:
                done[j] = message[2]
                self.local.learn(message[3], origin=w)  # never sent back to it
                continue
            bisect.insort(todo, j)  # an error, or a worker out of step: this process runs the job
            self._drop(w)

    def _cancel(self, busy: dict[int, int]) -> None:
        """Cancel the jobs under way and wait for each worker's word on it, so the next `ordered`
        starts with the pipes empty (a worker that does not answer in time is stopped)."""
        from multiprocessing.connection import wait as wait_for

        for w, j in list(busy.items()):
            if not self._send(w, ("cancel", j)):
                continue
            conn = self.conns[w]
            while True:
                if not wait_for([conn], CANCEL_SECONDS):
                    self._drop(w)
                    break
                try:
                    message = conn.recv()
                except (EOFError, OSError):
                    self._drop(w)
                    break
                if message[1] == j:
                    break
        busy.clear()

    def close(self) -> None:
        for w in self.live:
            self._send(w, None)
        for w, proc in enumerate(self.procs):
            proc.join(timeout=1.0)
            if proc.exitcode is None:
                proc.terminate()
                proc.join(timeout=1.0)
            if self.conns[w] is not None:
                self.conns[w].close()
                self.conns[w] = None
        self.procs = []
        self.conns = []


def workers_here() -> int:
    """Worker processes worth forking: one a core beyond this process's, at most three."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(0, min(3, cores - 1))
