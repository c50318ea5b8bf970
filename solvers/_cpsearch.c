/* A propagating depth-first search over small integer domains: the `cp` backend's engine.
 *
 * Why native code: on the 5x5 magic square with givens, CDCL on every CNF encoding needs as many
 * conflicts as Gecode needs failures, at 7-9 times Gecode's cost each (docs/decisions/search.md,
 * "Issue 31: the 5x5 magic square with givens, measured"). Bounds propagation on sums with a node
 * costing about a microsecond closes that gap; no library on PyPI offers it without a solver of its own
 * (OR-Tools and MiniZinc are the peers measured against). Python builds the model (puzzlesat.solvers.cp_backend);
 * this file only searches it, and every solution is checked in Python before it is printed.
 *
 * A variable's domain is a 64-bit mask of offsets from one common base. Constraints:
 *   - all different over a group of variables (values of fixed variables leave the others; a group
 *     whose variables have as many values as members in all is a permutation: a value left in one
 *     domain only is placed there; too few values is a failure);
 *   - linear: sum(w[i] * x[i]) OP rhs on offsets, OP one of =, <=, != (bounds consistency for = and
 *     <=; != once one variable is left);
 *   - table: the variables' offsets form one of the tuples (each value kept only while a tuple
 *     within the domains has it), or none of them (checked once one variable is left).
 * Search: the variable with the fewest values (ties: the most constraints, then the lowest index),
 * values ascending; an explicit stack, so that `next` returns one solution and resumes after it.
 * With `restarts` > 0 (issue 40), until the first solution the search restarts after
 * restarts * luby(i) failures of run i; runs after the first branch on dom/wdeg (each constraint
 * weighted by 1 + the failures it caused) with ties and values in random order from `seed`, and each
 * run given up leaves its nogoods (record_nogoods). After the first solution no run is given up:
 * the run that found it goes on as one depth-first search, so every solution is found once and no
 * nogood (each from a subtree with no solution) cuts one (docs/decisions/search.md D7).
 *
 * Arithmetic (issue 39): `linear` takes weights whose sizes add up to at most 2**54 (MAX_WEIGHTS)
 * and right sides of at most 2**61 in size (MAX_RHS), and raises ValueError past them; a domain's
 * greatest value, base + offset, must be a 64-bit integer. On offsets 0..63 every number
 * prop_linear forms (each weight * offset, the sums lo and hi of the least and greatest terms,
 * lo - term, the room rhs - (lo - term) left to one term) is then at most 2**61 + 63 * 2**54 <
 * 2**62 in size: no signed overflow, and no division of INT64_MIN by -1. encoders/domains.py proves
 * the same bounds of every model before it gets here (its docstring).
 *
 * Memory: every array grows before anything is recorded, so a MemoryError while constraints are
 * added leaves the search as it was; `next` grows its stack before it takes a value and keeps a
 * solution whose tuple it could not build, so after a MemoryError it can be called again.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;
typedef int64_t i64;

enum { OP_EQ = 0, OP_LE = 1, OP_NE = 2 };
enum { C_ALLDIFF = 0, C_LINEAR = 1, C_TABLE = 2 };
#define MAX_WEIGHTS (1LL << 54) /* a linear constraint's weights, their sizes added up */
#define MAX_RHS (1LL << 61)     /* a linear constraint's right side, in size */
#define MAX_VARS (1 << 20)
#define MAX_CONS (1 << 28)      /* constraints, and variables in one: every size stays an int */
#define MAX_LITS (1 << 22)      /* literals of all nogoods: past it, restarts record no more */

typedef struct {
    int kind, op, n;  /* a table's op: 0 allowed, 1 forbidden */
    int *vars;
    i64 *w;           /* a table's scratch: the values each variable keeps */
    i64 rhs;          /* a table's number of tuples */
    unsigned char *tuples; /* a table's tuples of offsets, n each */
} Con;

typedef struct {
    PyObject_HEAD
    int n;            /* variables; 0 until __init__ has run */
    i64 base;         /* the value of offset 0 */
    u64 *root;        /* domains before search */
    Con *cons;
    int ncons, capcons; /* cons, queue and queued hold capcons each */
    int **watch;      /* per variable: the constraints reading it */
    int *nwatch, *capwatch;
    int *degree;
    /* search */
    int started, done;
    int running;      /* inside next: a poll that calls next again is refused */
    int pending;      /* a solution (at level depth of the stack) whose tuple could not be built */
    u64 *stack;       /* depth levels of n domains each */
    int *var_at;      /* the variable branched on at each level */
    u64 *rest;        /* values not yet tried at each level */
    int depth, capdepth;
    int *queue;       /* a ring of ncons: a constraint is in it at most once (queued) */
    char *queued;
    int qhead, qtail, qlen;
    PyObject *poll;   /* called every few thousand nodes: raises to stop */
    long long nodes, failures, propagations, solutions;
    /* restarts (issue 40): on until the first solution when restart_base > 0 */
    long long restart_base; /* failures in Luby's unit run; 0: one depth-first search, as before */
    int restarting;
    long long runs, run_failures, run_limit, restarts;
    u64 rng;          /* xorshift64 state: the seed's, so that every run of a model is the same */
    i64 *weight;      /* per constraint: 1 + the failures it caused (dom/wdeg) */
    u64 *rank;        /* per variable: a random tie-break, drawn anew at every restart */
    /* nogoods recorded at restarts: each a conjunction of `var = val` decisions that has no solution */
    int nng, capng;   /* nogoods */
    int *ng_start, *ng_len, *ng_watch; /* ng_watch: two literal positions per nogood */
    int *lit_var;     /* the pool of literals */
    unsigned char *lit_val;
    int nlit, caplit;
    int **nw, *nnw, *capnw; /* per decision var = val (index 64 * var + val): the nogoods watching it */
    int *fixq, fixlen; /* variables fixed since their nogoods were looked at */
} Search;

static inline int lowest(u64 d) { return __builtin_ctzll(d); }
static inline int highest(u64 d) { return 63 - __builtin_clzll(d); }
static inline int single(u64 d) { return d && !(d & (d - 1)); }
static inline u64 at_most(i64 u) { return u < 0 ? 0 : u >= 63 ? ~0ULL : (2ULL << u) - 1; }
static inline u64 at_least(i64 l) { return l <= 0 ? ~0ULL : l > 63 ? 0 : ~((1ULL << l) - 1); }

/* b != 0 and |a| < 2**62 (the contract of `linear`): no overflow, no INT64_MIN / -1. */
static i64 floor_div(i64 a, i64 b) { i64 q = a / b; return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q; }
static i64 ceil_div(i64 a, i64 b) { i64 q = a / b; return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q; }

/* Room for one more watcher of v: the list grows, nothing is recorded. -1 on no memory. */
static int reserve_watch(Search *s, int v) {
    if (s->nwatch[v] < s->capwatch[v]) return 0;
    int cap = s->capwatch[v] ? 2 * s->capwatch[v] : 4;
    int *m = PyMem_Realloc(s->watch[v], (size_t)cap * sizeof(int));
    if (!m) return -1;
    s->watch[v] = m;
    s->capwatch[v] = cap;
    return 0;
}

static inline void enqueue(Search *s, int c) {
    if (s->queued[c]) return;
    s->queued[c] = 1;
    s->queue[s->qtail] = c;
    if (++s->qtail == s->ncons) s->qtail = 0;
    s->qlen++;
}

static void enqueue_var(Search *s, int v) {
    for (int k = 0; k < s->nwatch[v]; k++) enqueue(s, s->watch[v][k]);
}

/* Narrow d[v] to m; 0 on a wipe-out. Watchers of a changed variable are queued. */
static inline int narrow(Search *s, u64 *d, int v, u64 m) {
    if (m == d[v]) return 1;
    if (!m) return 0;
    d[v] = m;
    enqueue_var(s, v);
    if (s->fixq && single(m)) s->fixq[s->fixlen++] = v; /* each variable once a node: it is fixed once */
    return 1;
}

static int prop_alldiff(Search *s, const Con *c, u64 *d) {
    int again = 1;
    while (again) {
        again = 0;
        u64 fixed = 0, once = 0, twice = 0;
        for (int k = 0; k < c->n; k++) {
            u64 x = d[c->vars[k]];
            if (single(x)) { if (fixed & x) return 0; fixed |= x; }
        }
        for (int k = 0; k < c->n; k++) {
            int v = c->vars[k];
            u64 x = d[v];
            if (!single(x) && (x & fixed)) {
                if (!narrow(s, d, v, x & ~fixed)) return 0;
                if (single(d[v])) again = 1;
            }
            twice |= once & d[v];
            once |= d[v];
        }
        if (again) continue;
        int have = __builtin_popcountll(once);
        if (have < c->n) return 0;
        if (have == c->n) { /* a permutation: a value with one place left goes there */
            u64 alone = once & ~twice & ~fixed;
            if (!alone) continue;
            for (int k = 0; k < c->n; k++) {
                int v = c->vars[k];
                u64 m = d[v] & alone;
                if (m && !single(d[v])) {
                    if (!single(m)) return 0;
                    if (!narrow(s, d, v, m)) return 0;
                    again = 1;
                }
            }
        }
    }
    return 1;
}

static int prop_linear(Search *s, const Con *c, u64 *d) {
    for (;;) {
        i64 lo = 0, hi = 0;
        int open = 0, last = -1;
        for (int k = 0; k < c->n; k++) {
            u64 x = d[c->vars[k]];
            i64 a = c->w[k] * lowest(x), b = c->w[k] * highest(x);
            if (a > b) { i64 t = a; a = b; b = t; }
            lo += a; hi += b;
            if (!single(x)) { open++; last = k; }
        }
        if (c->op == OP_NE) {
            if (open == 0) return lo != c->rhs;
            if (open > 1 || c->w[last] == 0) return 1;
            i64 rest = c->rhs - (lo - (c->w[last] > 0 ? c->w[last] * lowest(d[c->vars[last]])
                                                     : c->w[last] * highest(d[c->vars[last]])));
            if (rest % c->w[last] != 0) return 1;
            i64 val = rest / c->w[last];
            if (val < 0 || val > 63) return 1;
            return narrow(s, d, c->vars[last], d[c->vars[last]] & ~(1ULL << val));
        }
        if (lo > c->rhs) return 0;
        if (c->op == OP_EQ && hi < c->rhs) return 0;
        int changed = 0;
        for (int k = 0; k < c->n; k++) {
            int v = c->vars[k];
            u64 x = d[v];
            i64 w = c->w[k];
            if (w == 0 || (single(x) && c->op == OP_LE)) continue;
            i64 a = w * lowest(x), b = w * highest(x);
            i64 tmin = a < b ? a : b, tmax = a < b ? b : a;
            u64 m = x;
            i64 up = c->rhs - (lo - tmin); /* w * x <= up */
            m &= w > 0 ? at_most(floor_div(up, w)) : at_least(ceil_div(up, w));
            if (c->op == OP_EQ) {
                i64 down = c->rhs - (hi - tmax); /* w * x >= down */
                m &= w > 0 ? at_least(ceil_div(down, w)) : at_most(floor_div(down, w));
            }
            if (m != x) {
                if (!narrow(s, d, v, m)) return 0;
                changed = 1;
                a = w * lowest(m); b = w * highest(m);
                lo += (a < b ? a : b) - tmin;
                hi += (a < b ? b : a) - tmax;
            }
        }
        if (!changed) return 1;
    }
}

static int prop_table(Search *s, const Con *c, u64 *d) {
    const unsigned char *t = c->tuples;
    if (c->op == 0) {
        u64 *keep = (u64 *)c->w;
        for (int k = 0; k < c->n; k++) keep[k] = 0;
        for (i64 j = 0; j < c->rhs; j++, t += c->n) {
            int k = 0;
            while (k < c->n && (d[c->vars[k]] >> t[k] & 1)) k++;
            if (k < c->n) continue;
            for (k = 0; k < c->n; k++) keep[k] |= 1ULL << t[k];
        }
        for (int k = 0; k < c->n; k++)
            if (!narrow(s, d, c->vars[k], d[c->vars[k]] & keep[k])) return 0;
        return 1;
    }
    int open = -1;
    for (int k = 0; k < c->n; k++) {
        if (single(d[c->vars[k]])) continue;
        if (open >= 0) return 1;
        open = k;
    }
    u64 out = 0;
    for (i64 j = 0; j < c->rhs; j++, t += c->n) {
        int k = 0;
        while (k < c->n && (k == open || d[c->vars[k]] == 1ULL << t[k])) k++;
        if (k < c->n) continue;
        if (open < 0) return 0;
        out |= 1ULL << t[open];
    }
    return open < 0 || narrow(s, d, c->vars[open], d[c->vars[open]] & ~out);
}

/* The nogoods watching v, now fixed. A nogood is a set of decisions `x = a` that cannot all hold;
 * two of its decisions not yet holding (x not fixed to a) are watched. When a watched one comes to
 * hold, another one not holding is watched instead; when there is none, the other watched decision
 * is made impossible (a leaves x's domain), or the node fails if it holds too. Watches need
 * no undoing on backtrack: a nogood watched by literals not true at a node is so at its ancestors.
 * The lists never grow here (each has room for all the nogoods of its variable: `watch_nogoods`). */
static int prop_nogoods(Search *s, u64 *d, int v) {
    size_t at = (size_t)v * 64 + lowest(d[v]);
    int *list = s->nw[at];
    for (int k = 0; k < s->nnw[at];) {
        int id = list[k], *w = s->ng_watch + 2 * (size_t)id;
        int me = s->lit_var[w[0]] == v ? 0 : 1, other = w[1 - me];
        int st = s->ng_start[id], end = st + s->ng_len[id], j;
        for (j = st; j < end; j++)
            if (j != w[0] && j != w[1] && d[s->lit_var[j]] != 1ULL << s->lit_val[j]) break;
        if (j < end) { /* watch j instead */
            size_t x = (size_t)s->lit_var[j] * 64 + s->lit_val[j];
            w[me] = j;
            s->nw[x][s->nnw[x]++] = id;
            list[k] = list[--s->nnw[at]];
            continue;
        }
        k++;
        int x = s->lit_var[other];
        u64 bit = 1ULL << s->lit_val[other];
        if (!(d[x] & bit)) continue;
        if (d[x] == bit) return 0;
        narrow(s, d, x, d[x] & ~bit);
    }
    return 1;
}

/* Run queued constraints (and the nogoods of newly fixed variables) to a fixpoint; 0 on failure.
 * Both queues are left empty either way. */
static int propagate(Search *s, u64 *d) {
    int ok = 1;
    for (;;) {
        while (ok && s->fixlen) {
            int v = s->fixq[--s->fixlen];
            if (s->nnw[(size_t)v * 64 + lowest(d[v])]) ok = prop_nogoods(s, d, v);
        }
        if (!ok) s->fixlen = 0;
        if (!s->qlen) break;
        int ci = s->queue[s->qhead];
        if (++s->qhead == s->ncons) s->qhead = 0;
        s->qlen--;
        s->queued[ci] = 0;
        if (!ok) continue; /* drain the queue so that every flag is cleared */
        const Con *c = &s->cons[ci];
        s->propagations++;
        ok = c->kind == C_ALLDIFF  ? prop_alldiff(s, c, d)
             : c->kind == C_LINEAR ? prop_linear(s, c, d)
                                   : prop_table(s, c, d);
        if (!ok && s->weight) s->weight[ci]++;
    }
    return ok;
}

static int propagate_all(Search *s, u64 *d) {
    for (int v = 0; v < s->n; v++) if (!d[v]) return 0;
    for (int c = 0; c < s->ncons; c++) enqueue(s, c);
    return propagate(s, d);
}

static int choose(const Search *s, const u64 *d) {
    int best = -1, size = 65, deg = -1;
    if (s->runs > 1) { /* after a restart: dom/wdeg (Boussemart et al. 2004), ties broken by the run's ranks */
        i64 bw = 0;
        for (int v = 0; v < s->n; v++) {
            int p = __builtin_popcountll(d[v]);
            if (p < 2) continue;
            i64 w = 0;
            for (int k = 0; k < s->nwatch[v]; k++) w += s->weight[s->watch[v][k]];
            /* p / w < size / bw, crossed: weights stay below 2**40 (one per failure) */
            i64 l = (i64)p * bw, r = (i64)size * w;
            if (best < 0 || l < r || (l == r && s->rank[v] < s->rank[best])) { best = v; size = p; bw = w; }
        }
        return best;
    }
    for (int v = 0; v < s->n; v++) {
        int p = __builtin_popcountll(d[v]);
        if (p > 1 && (p < size || (p == size && s->degree[v] > deg))) { best = v; size = p; deg = s->degree[v]; }
    }
    return best;
}

static u64 next_random(Search *s) {
    u64 x = s->rng;
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    return s->rng = x;
}

/* The i-th term (from 1) of Luby, Sinclair and Zuckerman's sequence 1 1 2 1 1 2 4 1 1 2 ... */
static long long luby(long long i) {
    for (;;) {
        int k = 1;
        while ((1LL << k) - 1 < i) k++;
        if ((1LL << k) - 1 == i) return 1LL << (k - 1);
        i -= (1LL << (k - 1)) - 1;
    }
}

/* Room for one more level; each array grows first, the capacity is recorded once all have. */
static int grow(Search *s) {
    if (s->depth < s->capdepth) return 0;
    int cap = s->capdepth ? 2 * s->capdepth : 16;
    u64 *st = PyMem_Realloc(s->stack, (size_t)cap * s->n * sizeof(u64));
    if (!st) goto fail;
    s->stack = st;
    int *va = PyMem_Realloc(s->var_at, (size_t)cap * sizeof(int));
    if (!va) goto fail;
    s->var_at = va;
    u64 *re = PyMem_Realloc(s->rest, (size_t)cap * sizeof(u64));
    if (!re) goto fail;
    s->rest = re;
    s->capdepth = cap;
    return 0;
fail:
    PyErr_NoMemory();
    return -1;
}

static PyObject *solution_of(Search *s, const u64 *d) {
    PyObject *t = PyTuple_New(s->n);
    if (!t) return NULL;
    for (int v = 0; v < s->n; v++) {
        PyObject *x = PyLong_FromLongLong(s->base + lowest(d[v])); /* at most 2**63-1: Search_init */
        if (!x) { Py_DECREF(t); return NULL; }
        PyTuple_SET_ITEM(t, v, x);
    }
    s->solutions++;
    return t;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The solution waiting at level `depth` of the stack; kept there (pending) when its tuple cannot
 * be built, for the next call. */
static PyObject *emit(Search *s) {
    PyObject *found = solution_of(s, s->stack + (size_t)s->depth * s->n);
    s->pending = found == NULL;
    return found;
}

/* Push a level on domains `d` (already propagated; room for it made by `grow`), or return the
 * solution when nothing is left to branch on. */
static PyObject *enter(Search *s, const u64 *d) {
    int v = choose(s, d);
    u64 *level = s->stack + (size_t)s->depth * s->n;
    if (level != d) memcpy(level, d, s->n * sizeof(u64));
    if (v < 0) { s->restarting = 0; return emit(s); } /* from here on, one depth-first search */
    s->var_at[s->depth] = v;
    s->rest[s->depth] = d[v];
    s->depth++;
    return NULL;
}

/* Room for `more` nogoods of `lits` literals in all; 0 when there is none (nothing is recorded then:
 * a nogood left out costs search, never a solution). */
static int room_for_nogoods(Search *s, int more, int lits) {
    if (s->nlit + (i64)lits > MAX_LITS) return 0;
    if (s->nng + more > s->capng) {
        int cap = 2 * (s->nng + more);
        int *st = PyMem_Realloc(s->ng_start, (size_t)cap * sizeof(int));
        if (!st) return 0;
        s->ng_start = st;
        int *ln = PyMem_Realloc(s->ng_len, (size_t)cap * sizeof(int));
        if (!ln) return 0;
        s->ng_len = ln;
        int *wt = PyMem_Realloc(s->ng_watch, (size_t)cap * 2 * sizeof(int));
        if (!wt) return 0;
        s->ng_watch = wt;
        s->capng = cap;
    }
    if (s->nlit + lits > s->caplit) {
        int cap = 2 * (s->nlit + lits);
        int *lv = PyMem_Realloc(s->lit_var, (size_t)cap * sizeof(int));
        if (!lv) return 0;
        s->lit_var = lv;
        unsigned char *la = PyMem_Realloc(s->lit_val, cap);
        if (!la) return 0;
        s->lit_val = la;
        s->caplit = cap;
    }
    return 1;
}

/* At a restart, the nogoods of the branch given up (Lecoutre, Sais, Tabary and Vidal 2007,
 * "Recording and minimizing nogoods from restarts", the reduced nld-nogoods of d-way branching):
 * at each level L, every value already tried for its variable was refuted with only the decisions
 * of the levels above it in force (a child is made from its parent's domains, not from its tried
 * siblings'), so {the decisions of levels 0..L-1, var_at[L] = that value} has no solution under the
 * constraints and the nogoods before it. Only ever taken before the first solution: no solution was
 * found under them, so none is cut. A nogood of one decision narrows the root instead. */
static void record_nogoods(Search *s) {
    int more = 0, lits = 0;
    for (int L = 0; L < s->depth; L++) {
        int v = s->var_at[L];
        u64 cur = L + 1 < s->depth ? s->stack[(size_t)(L + 1) * s->n + v] : 0;
        u64 tried = s->stack[(size_t)L * s->n + v] & ~s->rest[L] & ~cur;
        int k = __builtin_popcountll(tried);
        if (L == 0) { s->root[v] &= ~tried; continue; }
        more += k;
        lits += k * (L + 1);
    }
    if (!more || !room_for_nogoods(s, more, lits)) return;
    for (int L = 1; L < s->depth; L++) {
        int v = s->var_at[L];
        u64 cur = L + 1 < s->depth ? s->stack[(size_t)(L + 1) * s->n + v] : 0;
        u64 tried = s->stack[(size_t)L * s->n + v] & ~s->rest[L] & ~cur;
        for (; tried; tried &= tried - 1) {
            s->ng_start[s->nng] = s->nlit;
            s->ng_len[s->nng] = L + 1;
            for (int M = 0; M < L; M++) {
                int x = s->var_at[M];
                s->lit_var[s->nlit] = x;
                s->lit_val[s->nlit++] = (unsigned char)lowest(s->stack[(size_t)(M + 1) * s->n + x]);
            }
            s->lit_var[s->nlit] = v;
            s->lit_val[s->nlit++] = (unsigned char)lowest(tried);
            s->nng++;
        }
    }
}

/* Watch two decisions of each nogood not holding on the root domains `d`; a nogood with one such
 * decision takes its value out of d, one with none empties d[0] (no solution). The watch lists are
 * sized once here for every nogood of their variable, so that propagation never allocates.
 * -1 on no memory (MemoryError set). */
static int watch_nogoods(Search *s, u64 *d) {
    if (!s->nng) return 0;
    size_t lists = (size_t)s->n * 64;
    memset(s->nnw, 0, lists * sizeof(int));
    for (int j = 0; j < s->nlit; j++) s->nnw[(size_t)s->lit_var[j] * 64 + s->lit_val[j]]++;
    for (size_t x = 0; x < lists; x++) {
        if (s->nnw[x] > s->capnw[x]) {
            int *m = PyMem_Realloc(s->nw[x], (size_t)s->nnw[x] * sizeof(int));
            if (!m) { PyErr_NoMemory(); memset(s->nnw, 0, lists * sizeof(int)); return -1; }
            s->nw[x] = m;
            s->capnw[x] = s->nnw[x];
        }
        s->nnw[x] = 0;
    }
    for (int id = 0; id < s->nng; id++) {
        int st = s->ng_start[id], end = st + s->ng_len[id], got = 0, holds = 1;
        for (int j = st; j < end && got < 2; j++) {
            u64 x = d[s->lit_var[j]], bit = 1ULL << s->lit_val[j];
            if (!(x & bit)) { holds = 0; break; } /* cannot hold: the nogood is kept for the whole run */
            if (x != bit) s->ng_watch[2 * (size_t)id + got++] = j;
        }
        if (!holds) continue;
        if (got == 0) { d[0] = 0; return 0; }
        if (got == 1) {
            int j = s->ng_watch[2 * (size_t)id];
            d[s->lit_var[j]] &= ~(1ULL << s->lit_val[j]);
            continue;
        }
        for (int k = 0; k < 2; k++) {
            int j = s->ng_watch[2 * (size_t)id + k];
            size_t x = (size_t)s->lit_var[j] * 64 + s->lit_val[j];
            s->nw[x][s->nnw[x]++] = id;
        }
    }
    return 0;
}

/* A run from the root (the first, or after a restart): the root's domains with the nogoods applied,
 * propagated, as level 0. A solution or None (done: no solution) or NULL (error), or NULL with no
 * error when the run goes on at level 0. */
static PyObject *start_run(Search *s, int *error) {
    *error = 0;
    s->runs++;
    s->run_failures = 0;
    if (s->restart_base) s->run_limit = s->restart_base * luby(s->runs);
    if (s->rank) for (int v = 0; v < s->n; v++) s->rank[v] = next_random(s);
    s->depth = 0;
    u64 *d = s->stack;
    memcpy(d, s->root, s->n * sizeof(u64));
    s->nodes++;
    if (watch_nogoods(s, d) < 0) { *error = 1; return NULL; }
    if (s->fixq) /* the variables fixed at the root: their nogoods are looked at once */
        for (int v = 0; v < s->n; v++) if (single(d[v])) s->fixq[s->fixlen++] = v;
    if (!propagate_all(s, d)) { s->failures++; s->done = 1; Py_RETURN_NONE; }
    PyObject *found = enter(s, d);
    if (found || s->pending) s->done = 1; /* the root is a leaf: nothing else to search */
    *error = !found && s->pending;
    return found;
}

static PyObject *search(Search *s, double seconds) {
    double deadline = seconds >= 0 ? now() + seconds : -1;
    if (!s->started) {
        if (grow(s) < 0) return NULL;
        if (s->restart_base && !s->weight) {
            s->weight = PyMem_Malloc((s->ncons ? s->ncons : 1) * sizeof(i64));
            s->rank = PyMem_Calloc(s->n, sizeof(u64));
            s->fixq = PyMem_Malloc(s->n * sizeof(int));
            s->nw = PyMem_Calloc((size_t)s->n * 64, sizeof(int *));
            s->nnw = PyMem_Calloc((size_t)s->n * 64, sizeof(int));
            s->capnw = PyMem_Calloc((size_t)s->n * 64, sizeof(int));
            if (!s->weight || !s->rank || !s->fixq || !s->nw || !s->nnw || !s->capnw) return PyErr_NoMemory();
            for (int c = 0; c < s->ncons; c++) s->weight[c] = 1;
            s->restarting = 1;
        }
        s->started = 1;
        int error;
        PyObject *found = start_run(s, &error);
        if (found || error || s->done) return found;
    }
    u64 *child = PyMem_Malloc(s->n * sizeof(u64));
    if (!child) return PyErr_NoMemory();
    while (s->depth > 0) {
        int L = s->depth - 1;
        if (!s->rest[L]) { s->depth--; continue; }
        if (s->restarting && s->run_failures >= s->run_limit) {
            record_nogoods(s);
            s->restarts++;
            int error;
            PyObject *found = start_run(s, &error);
            if (found || error || s->done) { PyMem_Free(child); return found; }
            continue;
        }
        if ((s->nodes & 1023) == 0) {
            if (s->poll != Py_None) {
                PyObject *r = PyObject_CallNoArgs(s->poll);
                if (!r) { PyMem_Free(child); return NULL; }
                Py_DECREF(r);
            }
            if (PyErr_CheckSignals() < 0) { PyMem_Free(child); return NULL; }
            if (deadline >= 0 && now() >= deadline) { PyMem_Free(child); Py_RETURN_FALSE; }
        }
        if (grow(s) < 0) { PyMem_Free(child); return NULL; } /* before a value is taken: retried */
        int v = s->var_at[L];
        u64 bit = s->rest[L] & -s->rest[L]; /* values ascending in the first run, then in random order */
        if (s->runs > 1) {
            u64 x = s->rest[L];
            for (int r = (int)(next_random(s) % (u64)__builtin_popcountll(x)); r > 0; r--) x &= x - 1;
            bit = x & -x;
        }
        s->rest[L] &= ~bit;
        memcpy(child, s->stack + (size_t)L * s->n, s->n * sizeof(u64));
        child[v] = bit;
        s->nodes++;
        enqueue_var(s, v);
        if (s->fixq) s->fixq[s->fixlen++] = v;
        if (!propagate(s, child)) { s->failures++; s->run_failures++; continue; }
        PyObject *found = enter(s, child);
        if (found || s->pending) { PyMem_Free(child); return found; }
    }
    PyMem_Free(child);
    s->done = 1;
    Py_RETURN_NONE;
}

static int ready(Search *s) {
    if (s->n) return 1;
    PyErr_SetString(PyExc_RuntimeError, "Search.__init__ was not called");
    return 0;
}

static PyObject *Search_next(Search *s, PyObject *args) {
    double seconds = -1;
    if (!PyArg_ParseTuple(args, "|d", &seconds)) return NULL;
    if (!ready(s)) return NULL;
    if (s->running) { PyErr_SetString(PyExc_RuntimeError, "next is already running"); return NULL; }
    if (s->pending) return emit(s);
    if (s->done) Py_RETURN_NONE;
    s->running = 1;
    PyObject *r = search(s, seconds);
    s->running = 0;
    return r;
}

/* n ints of `seq` (a sequence of n) into out. */
static int read_ints(PyObject *seq, Py_ssize_t n, i64 *out, const char *what) {
    PyObject *f = PySequence_Fast(seq, what);
    if (!f) return -1;
    if (PySequence_Fast_GET_SIZE(f) != n) { Py_DECREF(f); PyErr_Format(PyExc_ValueError, "%s: wrong length", what); return -1; }
    for (Py_ssize_t k = 0; k < n; k++) {
        out[k] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(f, k));
        if (out[k] == -1 && PyErr_Occurred()) { Py_DECREF(f); return -1; }
    }
    Py_DECREF(f);
    return 0;
}

/* Room for one more constraint: cons, queue and queued each grow first; capcons, which all three
 * hold, is recorded once they have. */
static int reserve_constraint(Search *s) {
    if (s->ncons < s->capcons) return 0;
    if (s->capcons >= MAX_CONS) { PyErr_SetString(PyExc_ValueError, "too many constraints"); return -1; }
    int cap = s->capcons ? 2 * s->capcons : 16;
    Con *m = PyMem_Realloc(s->cons, (size_t)cap * sizeof(Con));
    if (!m) goto fail;
    s->cons = m;
    int *q = PyMem_Realloc(s->queue, (size_t)cap * sizeof(int));
    if (!q) goto fail;
    s->queue = q;
    char *qd = PyMem_Realloc(s->queued, cap);
    if (!qd) goto fail;
    s->queued = qd;
    s->capcons = cap;
    return 0;
fail:
    PyErr_NoMemory();
    return -1;
}

/* Check and record one constraint; `tuples` (a table's, else NULL) is its own from here on. On any
 * error nothing is recorded: the constraint is whole or absent. */
static PyObject *add_constraint(Search *s, int kind, PyObject *vars, PyObject *weights, int op, i64 rhs,
                                unsigned char *tuples) {
    Con c = {kind, op, 0, NULL, NULL, rhs, tuples};
    int id = s->ncons, k = 0;
    if (!ready(s)) goto fail;
    if (s->started) { PyErr_SetString(PyExc_RuntimeError, "constraints are added before the search starts"); goto fail; }
    Py_ssize_t n = PySequence_Size(vars);
    if (n < 0) goto fail;
    if (n > MAX_CONS) { PyErr_SetString(PyExc_ValueError, "too many variables in one constraint"); goto fail; }
    c.n = (int)n;
    c.vars = PyMem_Malloc((n + 1) * sizeof(int));
    c.w = PyMem_Malloc((n + 1) * sizeof(i64));
    if (!c.vars || !c.w) { PyErr_NoMemory(); goto fail; }
    if (read_ints(vars, n, c.w, "variables") < 0) goto fail;
    for (k = 0; k < n; k++) {
        if (c.w[k] < 0 || c.w[k] >= s->n) {
            PyErr_Format(PyExc_ValueError, "variable %lld out of range 0..%d", (long long)c.w[k], s->n - 1);
            goto fail;
        }
        c.vars[k] = (int)c.w[k];
    }
    if (kind == C_LINEAR) {
        if (read_ints(weights, n, c.w, "weights") < 0) goto fail;
        i64 size = 0;
        for (k = 0; k < n; k++) {
            if (c.w[k] < -MAX_WEIGHTS || c.w[k] > MAX_WEIGHTS || (size += c.w[k] < 0 ? -c.w[k] : c.w[k]) > MAX_WEIGHTS) {
                PyErr_SetString(PyExc_ValueError, "linear: weights past 2**54 in all");
                goto fail;
            }
        }
        if (rhs < -MAX_RHS || rhs > MAX_RHS) { PyErr_SetString(PyExc_ValueError, "linear: |rhs| past 2**61"); goto fail; }
    }
    if (reserve_constraint(s) < 0) goto fail;
    for (k = 0; k < n; k++) { /* watched by every variable, each list grown first */
        int v = c.vars[k];
        if (reserve_watch(s, v) < 0) { PyErr_NoMemory(); goto unwatch; }
        s->watch[v][s->nwatch[v]++] = id;
    }
    for (k = 0; k < n; k++) s->degree[c.vars[k]]++;
    s->cons[s->ncons++] = c;
    s->queued[id] = 0;
    Py_RETURN_NONE;
unwatch:
    while (k-- > 0) s->nwatch[c.vars[k]]--; /* the last ones in each list: this constraint's */
fail:
    PyMem_Free(c.vars);
    PyMem_Free(c.w);
    PyMem_Free(c.tuples);
    return NULL;
}

static PyObject *Search_alldiff(Search *s, PyObject *args) {
    PyObject *vars;
    if (!PyArg_ParseTuple(args, "O", &vars)) return NULL;
    return add_constraint(s, C_ALLDIFF, vars, Py_None, 0, 0, NULL);
}

static PyObject *Search_linear(Search *s, PyObject *args) {
    PyObject *vars, *weights;
    int op;
    long long rhs;
    if (!PyArg_ParseTuple(args, "OOiL", &vars, &weights, &op, &rhs)) return NULL;
    if (op < OP_EQ || op > OP_NE) { PyErr_SetString(PyExc_ValueError, "op: 0 (=), 1 (<=) or 2 (!=)"); return NULL; }
    return add_constraint(s, C_LINEAR, vars, weights, op, rhs, NULL);
}

static PyObject *Search_table(Search *s, PyObject *args) {
    PyObject *vars;
    Py_buffer tuples;
    int forbidden;
    if (!PyArg_ParseTuple(args, "Oy*p", &vars, &tuples, &forbidden)) return NULL;
    if (!ready(s)) { PyBuffer_Release(&tuples); return NULL; }
    Py_ssize_t n = PySequence_Size(vars);
    if (n <= 0 || tuples.len % n != 0) {
        PyBuffer_Release(&tuples);
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a table needs variables and whole tuples");
        return NULL;
    }
    for (Py_ssize_t k = 0; k < tuples.len; k++)
        if (((unsigned char *)tuples.buf)[k] > 63) {
            PyBuffer_Release(&tuples);
            PyErr_SetString(PyExc_ValueError, "table offsets run 0..63");
            return NULL;
        }
    unsigned char *copy = PyMem_Malloc(tuples.len ? tuples.len : 1);
    if (!copy) { PyBuffer_Release(&tuples); return PyErr_NoMemory(); }
    memcpy(copy, tuples.buf, tuples.len);
    i64 count = tuples.len / n;
    PyBuffer_Release(&tuples);
    return add_constraint(s, C_TABLE, vars, Py_None, forbidden ? 1 : 0, count, copy);
}

static PyObject *Search_stats(Search *s, PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue("{s:L,s:L,s:L,s:L,s:i,s:L,s:i}", "nodes", s->nodes, "failures", s->failures,
                         "propagations", s->propagations, "solutions_seen", s->solutions, "constraints", s->ncons,
                         "restarts", s->restarts, "nogoods", s->nng);
}

/* Every argument is checked and every array allocated before anything is recorded. */
static int Search_init(Search *s, PyObject *args, PyObject *kw) {
    static char *names[] = {"domains", "base", "poll", "restarts", "seed", NULL};
    PyObject *domains, *poll = Py_None;
    long long base, restarts = 0;
    unsigned long long seed = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OL|O$LK", names, &domains, &base, &poll, &restarts, &seed)) return -1;
    if (restarts < 0 || restarts > (1LL << 30)) { PyErr_SetString(PyExc_ValueError, "restarts: 0 (none) to 2**30 failures"); return -1; }
    if (s->n) { PyErr_SetString(PyExc_RuntimeError, "a Search is initialised once"); return -1; }
    if (poll != Py_None && !PyCallable_Check(poll)) { PyErr_SetString(PyExc_TypeError, "poll: a callable or None"); return -1; }
    Py_ssize_t n = PySequence_Size(domains);
    if (n < 0) return -1;
    if (n == 0 || n > MAX_VARS) { PyErr_SetString(PyExc_ValueError, "1 to 2**20 variables"); return -1; }
    u64 *root = PyMem_Calloc(n, sizeof(u64));
    int **watch = PyMem_Calloc(n, sizeof(int *));
    int *nwatch = PyMem_Calloc(n, sizeof(int)), *capwatch = PyMem_Calloc(n, sizeof(int));
    int *degree = PyMem_Calloc(n, sizeof(int));
    if (!root || !watch || !nwatch || !capwatch || !degree) { PyErr_NoMemory(); goto fail; }
    for (Py_ssize_t v = 0; v < n; v++) {
        PyObject *x = PySequence_GetItem(domains, v);
        if (!x) goto fail;
        if (!PyLong_Check(x)) {
            Py_DECREF(x);
            PyErr_Format(PyExc_TypeError, "domains[%zd]: a mask is an int", v);
            goto fail;
        }
        root[v] = PyLong_AsUnsignedLongLong(x);
        Py_DECREF(x);
        if (root[v] == (u64)-1 && PyErr_Occurred()) {
            if (!PyErr_ExceptionMatches(PyExc_OverflowError)) goto fail;
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "domains[%zd]: a mask runs 0..2**64-1", v);
            goto fail;
        }
        if (root[v] && base > INT64_MAX - highest(root[v])) {
            PyErr_Format(PyExc_ValueError, "domains[%zd]: base + %d is past 2**63-1", v, highest(root[v]));
            goto fail;
        }
    }
    s->root = root;
    s->watch = watch;
    s->nwatch = nwatch;
    s->capwatch = capwatch;
    s->degree = degree;
    s->n = (int)n;
    s->base = base;
    s->restart_base = restarts;
    s->rng = seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL; /* never 0, which xorshift keeps */
    if (!s->rng) s->rng = 1;
    Py_INCREF(poll);
    Py_XSETREF(s->poll, poll);
    return 0;
fail:
    PyMem_Free(root); PyMem_Free(watch); PyMem_Free(nwatch); PyMem_Free(capwatch); PyMem_Free(degree);
    return -1;
}

static void Search_dealloc(Search *s) {
    for (int c = 0; c < s->ncons; c++) { PyMem_Free(s->cons[c].vars); PyMem_Free(s->cons[c].w); PyMem_Free(s->cons[c].tuples); }
    for (int v = 0; v < s->n && s->watch; v++) PyMem_Free(s->watch[v]);
    PyMem_Free(s->cons); PyMem_Free(s->watch); PyMem_Free(s->nwatch); PyMem_Free(s->capwatch);
    PyMem_Free(s->degree); PyMem_Free(s->root); PyMem_Free(s->stack); PyMem_Free(s->var_at);
    PyMem_Free(s->rest); PyMem_Free(s->queue); PyMem_Free(s->queued);
    for (size_t x = 0; x < (size_t)s->n * 64 && s->nw; x++) PyMem_Free(s->nw[x]);
    PyMem_Free(s->nw); PyMem_Free(s->nnw); PyMem_Free(s->capnw); PyMem_Free(s->fixq);
    PyMem_Free(s->weight); PyMem_Free(s->rank); PyMem_Free(s->ng_start); PyMem_Free(s->ng_len);
    PyMem_Free(s->ng_watch); PyMem_Free(s->lit_var); PyMem_Free(s->lit_val);
    Py_XDECREF(s->poll);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyMethodDef Search_methods[] = {
    {"alldiff", (PyCFunction)Search_alldiff, METH_VARARGS, "alldiff(vars): the variables take different values"},
    {"linear", (PyCFunction)Search_linear, METH_VARARGS,
     "linear(vars, weights, op, rhs): sum(w * offset) op rhs; op 0 (=), 1 (<=), 2 (!=); "
     "the weights' sizes add up to at most 2**54, |rhs| at most 2**61"},
    {"table", (PyCFunction)Search_table, METH_VARARGS,
     "table(vars, tuples, forbidden): the offsets form one of the tuples (bytes, n a tuple), or none"},
    {"next", (PyCFunction)Search_next, METH_VARARGS,
     "next([seconds]): the next solution's values, None when there is none, False when time ran out"},
    {"stats", (PyCFunction)Search_stats, METH_NOARGS, "nodes, failures, propagations, solutions seen"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "puzzlesat.solvers._cpsearch.Search",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(domains, base, poll=None, *, restarts=0, seed=0): domains are 64-bit masks of offsets from "
              "base; restarts > 0 restarts the search until its first solution, after restarts * luby(i) failures "
              "of run i, on dom/wdeg with ties drawn from seed, and records the nogoods of each run given up",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cpsearch", "puzzlesat's propagating search (the cp backend)", -1, NULL};

PyMODINIT_FUNC PyInit__cpsearch(void) {
    if (PyType_Ready(&SearchType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&SearchType);
    if (PyModule_AddObject(m, "Search", (PyObject *)&SearchType) < 0) { Py_DECREF(&SearchType); Py_DECREF(m); return NULL; }
    return m;
}
