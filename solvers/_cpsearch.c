/* A propagating depth-first search over small integer domains: the `cp` backend's engine.
 *
 * Why native code: on the 5x5 magic square with givens, CDCL on every CNF encoding needs as many
 * conflicts as Gecode needs failures, at 7-9 times Gecode's cost each (docs/decisions/search.md,
 * "Issue 31: the 5x5 magic square with givens, measured"). Bounds propagation on sums with a node
 * costing about a microsecond closes that gap; no library on PyPI offers it without a solver of its own
 * (OR-Tools and MiniZinc are the peers measured against). Python builds the model (solvers.cp_backend);
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

typedef struct {
    int kind, op, n;  /* a table's op: 0 allowed, 1 forbidden */
    int *vars;
    i64 *w;           /* a table's scratch: the values each variable keeps */
    i64 rhs;          /* a table's number of tuples */
    unsigned char *tuples; /* a table's tuples of offsets, n each */
} Con;

typedef struct {
    PyObject_HEAD
    int n;            /* variables */
    i64 base;         /* the value of offset 0 */
    u64 *root;        /* domains before search */
    Con *cons;
    int ncons, capcons;
    int **watch;      /* per variable: the constraints reading it */
    int *nwatch, *capwatch;
    int *degree;
    /* search */
    int started, done;
    u64 *stack;       /* depth levels of n domains each */
    int *var_at;      /* the variable branched on at each level */
    u64 *rest;        /* values not yet tried at each level */
    int depth, capdepth;
    int *queue;
    char *queued;
    PyObject *poll;   /* called every few thousand nodes: raises to stop */
    long long nodes, failures, propagations, solutions;
} Search;

static inline int lowest(u64 d) { return __builtin_ctzll(d); }
static inline int highest(u64 d) { return 63 - __builtin_clzll(d); }
static inline int single(u64 d) { return d && !(d & (d - 1)); }
static inline u64 at_most(i64 u) { return u < 0 ? 0 : u >= 63 ? ~0ULL : (2ULL << u) - 1; }
static inline u64 at_least(i64 l) { return l <= 0 ? ~0ULL : l > 63 ? 0 : ~((1ULL << l) - 1); }

static i64 floor_div(i64 a, i64 b) { i64 q = a / b; return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q; }
static i64 ceil_div(i64 a, i64 b) { i64 q = a / b; return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q; }

static int add_watch(Search *s, int v, int c) {
    if (s->nwatch[v] == s->capwatch[v]) {
        int cap = s->capwatch[v] ? 2 * s->capwatch[v] : 4;
        int *m = PyMem_Realloc(s->watch[v], cap * sizeof(int));
        if (!m) return -1;
        s->watch[v] = m;
        s->capwatch[v] = cap;
    }
    s->watch[v][s->nwatch[v]++] = c;
    s->degree[v]++;
    return 0;
}

static void enqueue_var(Search *s, int v, int *tail) {
    for (int k = 0; k < s->nwatch[v]; k++) {
        int c = s->watch[v][k];
        if (!s->queued[c]) { s->queued[c] = 1; s->queue[(*tail)++ % s->ncons] = c; }
    }
}

/* Narrow d[v] to m; 0 on a wipe-out. Watchers of a changed variable are queued. */
static inline int narrow(Search *s, u64 *d, int v, u64 m, int *tail) {
    if (m == d[v]) return 1;
    if (!m) return 0;
    d[v] = m;
    enqueue_var(s, v, tail);
    return 1;
}

static int prop_alldiff(Search *s, const Con *c, u64 *d, int *tail) {
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
                if (!narrow(s, d, v, x & ~fixed, tail)) return 0;
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
                    if (!narrow(s, d, v, m, tail)) return 0;
                    again = 1;
                }
            }
        }
    }
    return 1;
}

static int prop_linear(Search *s, const Con *c, u64 *d, int *tail) {
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
            return narrow(s, d, c->vars[last], d[c->vars[last]] & ~(1ULL << val), tail);
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
                if (!narrow(s, d, v, m, tail)) return 0;
                changed = 1;
                a = w * lowest(m); b = w * highest(m);
                lo += (a < b ? a : b) - tmin;
                hi += (a < b ? b : a) - tmax;
            }
        }
        if (!changed) return 1;
    }
}

static int prop_table(Search *s, const Con *c, u64 *d, int *tail) {
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
            if (!narrow(s, d, c->vars[k], d[c->vars[k]] & keep[k], tail)) return 0;
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
    return open < 0 || narrow(s, d, c->vars[open], d[c->vars[open]] & ~out, tail);
}

/* Run queued constraints to a fixpoint; `head`..`tail` index the ring `queue`. 0 on failure. */
static int propagate(Search *s, u64 *d, int head, int tail) {
    int ok = 1;
    while (head != tail) {
        int ci = s->queue[head++ % s->ncons];
        s->queued[ci] = 0;
        if (!ok) continue; /* drain the queue so that every flag is cleared */
        const Con *c = &s->cons[ci];
        s->propagations++;
        ok = c->kind == C_ALLDIFF  ? prop_alldiff(s, c, d, &tail)
             : c->kind == C_LINEAR ? prop_linear(s, c, d, &tail)
                                   : prop_table(s, c, d, &tail);
    }
    return ok;
}

static int propagate_all(Search *s, u64 *d) {
    int tail = 0;
    for (int v = 0; v < s->n; v++) if (!d[v]) return 0;
    for (int c = 0; c < s->ncons; c++) { s->queued[c] = 1; s->queue[tail++] = c; }
    return s->ncons ? propagate(s, d, 0, tail) : 1;
}

static int choose(const Search *s, const u64 *d) {
    int best = -1, size = 65, deg = -1;
    for (int v = 0; v < s->n; v++) {
        int p = __builtin_popcountll(d[v]);
        if (p > 1 && (p < size || (p == size && s->degree[v] > deg))) { best = v; size = p; deg = s->degree[v]; }
    }
    return best;
}

static int grow(Search *s) {
    int cap = s->capdepth ? 2 * s->capdepth : 16;
    u64 *st = PyMem_Realloc(s->stack, (size_t)cap * s->n * sizeof(u64));
    if (!st) return -1;
    s->stack = st;
    int *va = PyMem_Realloc(s->var_at, cap * sizeof(int));
    if (!va) return -1;
    s->var_at = va;
    u64 *re = PyMem_Realloc(s->rest, cap * sizeof(u64));
    if (!re) return -1;
    s->rest = re;
    s->capdepth = cap;
    return 0;
}

static PyObject *solution_of(Search *s, const u64 *d) {
    PyObject *t = PyTuple_New(s->n);
    if (!t) return NULL;
    for (int v = 0; v < s->n; v++) {
        PyObject *x = PyLong_FromLongLong(s->base + lowest(d[v]));
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

/* Push a level on domains `d` (already propagated): a solution when nothing is left to branch on. */
static PyObject *enter(Search *s, const u64 *d, int *pushed) {
    int v = choose(s, d);
    *pushed = 0;
    if (v < 0) return solution_of(s, d);
    if (s->depth == s->capdepth && grow(s) < 0) return PyErr_NoMemory();
    u64 *level = s->stack + (size_t)s->depth * s->n;
    if (level != d) memcpy(level, d, s->n * sizeof(u64));
    s->var_at[s->depth] = v;
    s->rest[s->depth] = d[v];
    s->depth++;
    *pushed = 1;
    return NULL;
}

static PyObject *Search_next(Search *s, PyObject *args) {
    double seconds = -1;
    if (!PyArg_ParseTuple(args, "|d", &seconds)) return NULL;
    if (s->done) Py_RETURN_NONE;
    double deadline = seconds >= 0 ? now() + seconds : -1;
    int pushed;
    if (!s->started) {
        s->started = 1;
        if (s->depth == s->capdepth && grow(s) < 0) return PyErr_NoMemory();
        u64 *d = s->stack;
        memcpy(d, s->root, s->n * sizeof(u64));
        s->nodes++;
        if (!propagate_all(s, d)) { s->failures++; s->done = 1; Py_RETURN_NONE; }
        PyObject *found = enter(s, d, &pushed);
        if (found || PyErr_Occurred()) { s->done = 1; return found; }
    }
    u64 *child = PyMem_Malloc(s->n * sizeof(u64));
    if (!child) return PyErr_NoMemory();
    while (s->depth > 0) {
        int L = s->depth - 1;
        if (!s->rest[L]) { s->depth--; continue; }
        if ((s->nodes & 1023) == 0) {
            if (s->poll != Py_None) {
                PyObject *r = PyObject_CallNoArgs(s->poll);
                if (!r) { PyMem_Free(child); return NULL; }
                Py_DECREF(r);
            }
            if (PyErr_CheckSignals() < 0) { PyMem_Free(child); return NULL; }
            if (deadline >= 0 && now() >= deadline) { PyMem_Free(child); Py_RETURN_FALSE; }
        }
        int v = s->var_at[L];
        u64 bit = s->rest[L] & -s->rest[L];
        s->rest[L] &= ~bit;
        memcpy(child, s->stack + (size_t)L * s->n, s->n * sizeof(u64));
        child[v] = bit;
        s->nodes++;
        int tail = 0;
        enqueue_var(s, v, &tail);
        if (!propagate(s, child, 0, tail)) { s->failures++; continue; }
        PyObject *found = enter(s, child, &pushed);
        if (found || PyErr_Occurred()) { PyMem_Free(child); return found; }
    }
    PyMem_Free(child);
    s->done = 1;
    Py_RETURN_NONE;
}

static int read_ints(PyObject *seq, int n, i64 *out, const char *what) {
    PyObject *f = PySequence_Fast(seq, what);
    if (!f) return -1;
    if (PySequence_Fast_GET_SIZE(f) != n) { Py_DECREF(f); PyErr_Format(PyExc_ValueError, "%s: wrong length", what); return -1; }
    for (int k = 0; k < n; k++) {
        out[k] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(f, k));
        if (out[k] == -1 && PyErr_Occurred()) { Py_DECREF(f); return -1; }
    }
    Py_DECREF(f);
    return 0;
}

static PyObject *add_constraint(Search *s, int kind, PyObject *vars, PyObject *weights, int op, i64 rhs) {
    if (s->started) { PyErr_SetString(PyExc_RuntimeError, "constraints are added before the search starts"); return NULL; }
    Py_ssize_t n = PySequence_Size(vars);
    if (n < 0) return NULL;
    if (s->ncons == s->capcons) {
        int cap = s->capcons ? 2 * s->capcons : 16;
        Con *m = PyMem_Realloc(s->cons, cap * sizeof(Con));
        if (!m) return PyErr_NoMemory();
        s->cons = m;
        s->capcons = cap;
        int *q = PyMem_Realloc(s->queue, cap * sizeof(int));
        if (!q) return PyErr_NoMemory();
        s->queue = q;
        char *qd = PyMem_Realloc(s->queued, cap);
        if (!qd) return PyErr_NoMemory();
        s->queued = qd;
    }
    Con c = {kind, op, (int)n, PyMem_Malloc((n + 1) * sizeof(int)), PyMem_Malloc((n + 1) * sizeof(i64)), rhs, NULL};
    if (!c.vars || !c.w) { PyMem_Free(c.vars); PyMem_Free(c.w); return PyErr_NoMemory(); }
    i64 *tmp = c.w;
    if (read_ints(vars, (int)n, tmp, "variables") < 0) { PyMem_Free(c.vars); PyMem_Free(c.w); return NULL; }
    for (int k = 0; k < n; k++) {
        if (tmp[k] < 0 || tmp[k] >= s->n) {
            PyMem_Free(c.vars); PyMem_Free(c.w);
            PyErr_SetString(PyExc_ValueError, "variable out of range");
            return NULL;
        }
        c.vars[k] = (int)tmp[k];
    }
    if (weights != Py_None && read_ints(weights, (int)n, c.w, "weights") < 0) { PyMem_Free(c.vars); PyMem_Free(c.w); return NULL; }
    int id = s->ncons;
    s->cons[s->ncons++] = c;
    s->queued[id] = 0;
    for (int k = 0; k < n; k++) if (add_watch(s, c.vars[k], id) < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

static PyObject *Search_alldiff(Search *s, PyObject *args) {
    PyObject *vars;
    if (!PyArg_ParseTuple(args, "O", &vars)) return NULL;
    return add_constraint(s, C_ALLDIFF, vars, Py_None, 0, 0);
}

static PyObject *Search_linear(Search *s, PyObject *args) {
    PyObject *vars, *weights;
    int op;
    long long rhs;
    if (!PyArg_ParseTuple(args, "OOiL", &vars, &weights, &op, &rhs)) return NULL;
    if (op < OP_EQ || op > OP_NE) { PyErr_SetString(PyExc_ValueError, "op: 0 (=), 1 (<=) or 2 (!=)"); return NULL; }
    return add_constraint(s, C_LINEAR, vars, weights, op, rhs);
}

static PyObject *Search_table(Search *s, PyObject *args) {
    PyObject *vars;
    Py_buffer tuples;
    int forbidden;
    if (!PyArg_ParseTuple(args, "Oy*p", &vars, &tuples, &forbidden)) return NULL;
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
    PyObject *r = add_constraint(s, C_TABLE, vars, Py_None, forbidden ? 1 : 0, count);
    if (!r) { PyMem_Free(copy); return NULL; }
    s->cons[s->ncons - 1].tuples = copy;
    return r;
}

static PyObject *Search_stats(Search *s, PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue("{s:L,s:L,s:L,s:L,s:i}", "nodes", s->nodes, "failures", s->failures,
                         "propagations", s->propagations, "solutions_seen", s->solutions, "constraints", s->ncons);
}

static int Search_init(Search *s, PyObject *args, PyObject *kw) {
    static char *names[] = {"domains", "base", "poll", NULL};
    PyObject *domains, *poll = Py_None;
    long long base;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OL|O", names, &domains, &base, &poll)) return -1;
    if (s->n) { PyErr_SetString(PyExc_RuntimeError, "a Search is initialised once"); return -1; }
    Py_ssize_t n = PySequence_Size(domains);
    if (n < 0) return -1;
    if (n == 0 || n > 1 << 20) { PyErr_SetString(PyExc_ValueError, "1 to 2**20 variables"); return -1; }
    s->root = PyMem_Calloc(n, sizeof(u64));
    s->watch = PyMem_Calloc(n, sizeof(int *));
    s->nwatch = PyMem_Calloc(n, sizeof(int));
    s->capwatch = PyMem_Calloc(n, sizeof(int));
    s->degree = PyMem_Calloc(n, sizeof(int));
    if (!s->root || !s->watch || !s->nwatch || !s->capwatch || !s->degree) { PyErr_NoMemory(); return -1; }
    s->n = (int)n;
    for (Py_ssize_t v = 0; v < n; v++) {
        PyObject *x = PySequence_GetItem(domains, v);
        if (!x) return -1;
        s->root[v] = PyLong_AsUnsignedLongLongMask(x);
        Py_DECREF(x);
        if (PyErr_Occurred()) return -1;
    }
    s->base = base;
    Py_INCREF(poll);
    Py_XSETREF(s->poll, poll);
    return 0;
}

static void Search_dealloc(Search *s) {
    for (int c = 0; c < s->ncons; c++) { PyMem_Free(s->cons[c].vars); PyMem_Free(s->cons[c].w); PyMem_Free(s->cons[c].tuples); }
    for (int v = 0; v < s->n && s->watch; v++) PyMem_Free(s->watch[v]);
    PyMem_Free(s->cons); PyMem_Free(s->watch); PyMem_Free(s->nwatch); PyMem_Free(s->capwatch);
    PyMem_Free(s->degree); PyMem_Free(s->root); PyMem_Free(s->stack); PyMem_Free(s->var_at);
    PyMem_Free(s->rest); PyMem_Free(s->queue); PyMem_Free(s->queued);
    Py_XDECREF(s->poll);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyMethodDef Search_methods[] = {
    {"alldiff", (PyCFunction)Search_alldiff, METH_VARARGS, "alldiff(vars): the variables take different values"},
    {"linear", (PyCFunction)Search_linear, METH_VARARGS,
     "linear(vars, weights, op, rhs): sum(w * offset) op rhs; op 0 (=), 1 (<=), 2 (!=)"},
    {"table", (PyCFunction)Search_table, METH_VARARGS,
     "table(vars, tuples, forbidden): the offsets form one of the tuples (bytes, n a tuple), or none"},
    {"next", (PyCFunction)Search_next, METH_VARARGS,
     "next([seconds]): the next solution's values, None when there is none, False when time ran out"},
    {"stats", (PyCFunction)Search_stats, METH_NOARGS, "nodes, failures, propagations, solutions seen"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "solvers._cpsearch.Search",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Search(domains, base, poll=None): domains are 64-bit masks of offsets from base",
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
