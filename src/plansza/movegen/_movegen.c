/*
 * plansza.movegen._movegen — the Python type around the move generator's core.
 *
 * The algorithm, the position and the move records live in mg_core.h (shared
 * with the endgame solver); this file is the glue: argument parsing, the GIL,
 * and the bytes handed to Python.
 */
#include "mg_core.h"
#include <stddef.h>
#include <limits.h>

/* Squares the top-N search walks unbounded before the bounded search takes over,
 * for a rack without / with a blank; with a blank the bounds pay sooner, the first
 * walk only finds a floor. Issue 43, on the benchmark's 966 positions: 1,000
 * rather than 3,000 takes mid1 EIKNORS from 0.063 to 0.033 ms and AAĄRTWZ from
 * 0.026 to 0.017 ms (wolges: 0.065 / 0.022), the geometric mean of top/all
 * without a blank stays 0.93, but 47 small positions instead of 4 go over 1 (worst
 * 1.22, IKNPRUZ: bingo bounds through the board's tiles are loose there). */
static long long top_budget[2] = {1000, 30};

static PyObject *set_top_budget(PyObject *self, PyObject *args) {
    long long plain, blank;
    if (!PyArg_ParseTuple(args, "LL", &plain, &blank)) return NULL;
    if (plain < 0 || blank < 0 || plain > INT64_MAX / 8 || blank > INT64_MAX / 8) {
        PyErr_SetString(PyExc_ValueError, "budgets: 0 to 2**60");
        return NULL;
    }
    PyObject *old = Py_BuildValue("(LL)", top_budget[0], top_budget[1]);
    top_budget[0] = plain; top_budget[1] = blank;
    return old;
}

/* Where the bounded search prunes inside an anchor's walk: 1 everywhere (the
 * default), 0 only where the anchor's plays without a bingo cannot beat the N-th
 * best, 2 nowhere; the last two for tests and measurements, which must find the same
 * N best every way. Pruning by that rule let a rack with two blanks walk the whole
 * centre anchor of an empty board (issue 43: AEINR?? 287,303 squares and 8 ms;
 * pruned everywhere 438 squares, 0.006 ms). */
static int top_pruning = 1;

static PyObject *set_top_pruning(PyObject *self, PyObject *arg) {
    long mode = PyLong_AsLong(arg);
    if (mode == -1 && PyErr_Occurred()) return NULL;
    if (mode < 0 || mode > 2) {
        PyErr_SetString(PyExc_ValueError, "pruning: 0 (by the rule), 1 (everywhere) or 2 (nowhere)");
        return NULL;
    }
    int old = top_pruning;
    top_pruning = (int)mode;
    return PyLong_FromLong(old);
}

static PyObject *Position_generate(PositionObject *P, PyObject *args) {
    Py_buffer rack;
    if (!PyArg_ParseTuple(args, "y*", &rack)) return NULL;
    Ctx c;
    MoveVec out = {0};
    init_ctx(P, &c, &out, 0);
    if (parse_rack(P, &c, rack.buf, rack.len) < 0) { PyBuffer_Release(&rack); return NULL; }
    PyBuffer_Release(&rack);
    P->busy++;
    Py_BEGIN_ALLOW_THREADS /* reads only P; other threads may generate too */
    if (c.left > 0) walk_lanes(&c, 0, INT64_MAX);
    keep_work(P, &c);
    Py_END_ALLOW_THREADS
    P->busy--;
    if (out.failed) { free(out.v); return PyErr_NoMemory(); }
    PyObject *res = PyBytes_FromStringAndSize((const char *)out.v, out.n * (Py_ssize_t)sizeof(Move));
    free(out.v);
    return res;
}

/* top(rack, n=1, leaves=None, scale=100): called millions of times on small
 * positions, so its arguments are read without building a tuple (fast call). */
static PyObject *Position_top(PositionObject *P, PyObject *const *args, Py_ssize_t nargs) {
    Py_buffer rack;
    int topn = 1, scale = 100;
    PyObject *leaves = Py_None;
    if (nargs < 1 || nargs > 4) {
        PyErr_Format(PyExc_TypeError, "top() takes from 1 to 4 arguments (%zd given)", nargs);
        return NULL;
    }
    if (nargs >= 2) {
        long v = PyLong_AsLong(args[1]);
        if (v == -1 && PyErr_Occurred()) return NULL;
        if (v > INT_MAX || v < INT_MIN) { PyErr_SetString(PyExc_OverflowError, "n out of range"); return NULL; }
        topn = (int)v;
    }
    if (nargs >= 3) leaves = args[2];
    if (nargs >= 4) {
        long v = PyLong_AsLong(args[3]);
        if (v == -1 && PyErr_Occurred()) return NULL;
        if (v > INT_MAX || v < INT_MIN) { PyErr_SetString(PyExc_OverflowError, "scale out of range"); return NULL; }
        scale = (int)v;
    }
    if (PyObject_GetBuffer(args[0], &rack, PyBUF_SIMPLE) < 0) return NULL;
    if (topn < 1) { PyBuffer_Release(&rack); PyErr_SetString(PyExc_ValueError, "n must be at least 1"); return NULL; }
    Ctx c;
    MoveVec out = {0};
    Move small[8]; /* the heap of a small topn: no allocation */
    init_ctx(P, &c, &out, topn);
    if (parse_rack(P, &c, rack.buf, rack.len) < 0) { PyBuffer_Release(&rack); return NULL; }
    PyBuffer_Release(&rack);
    /* Equity mode: rank by score * scale + the leave's value (int32 per sub-rack). */
    Py_buffer lv;
    int have_lv = 0;
    if (leaves != Py_None) {
        if (PyObject_GetBuffer(leaves, &lv, PyBUF_SIMPLE) < 0) return NULL;
        have_lv = 1;
        if (scale < 1 || scale > 10000) { PyBuffer_Release(&lv); PyErr_SetString(PyExc_ValueError, "scale must be 1..10000"); return NULL; }
        if (lv.len != (Py_ssize_t)leave_table_size(&c) * 4) {
            PyErr_Format(PyExc_ValueError, "the leave table needs %d int32 values, got %zd bytes", leave_table_size(&c), lv.len);
            PyBuffer_Release(&lv);
            return NULL;
        }
        set_equity(&c, lv.buf, scale);
    }
    /* The heap never holds more than topn records: no larger block, no realloc. */
    if (topn <= 8) {
        out.v = small;
        out.cap = topn;
    } else if (topn <= 4096) {
        out.v = malloc((size_t)topn * sizeof(Move));
        if (!out.v) {
            if (have_lv) PyBuffer_Release(&lv);
            return PyErr_NoMemory();
        }
        out.cap = topn;
    }
    P->busy++;
    Py_BEGIN_ALLOW_THREADS
    int resume = 0; /* lanes (d * N + l) below this were walked whole by the first walk */
    int done = 0;
    if (c.left > 0) {
        /* First the walk of the full listing (leftmost anchors, no bounds) into the
         * heap. It stops at the end of the lane where it passed its budget of
         * visited squares, or inside a lane at four times that; on small positions
         * it finishes and costs less than listing every move. */
        long long soft = top_budget[c.rack[0] > 0];
        /* The empty board has one lane of plays worth walking (its twin down the
         * centre column is bounded out): with a blank the short walk stops inside
         * it and is walked again, so it is not started (AEINRS?: 0.0060 ms with it,
         * 0.0041 without). */
        if (c.empty_board && c.rack[0] > 0) soft = 0;
        c.budget = 4 * soft;
        c.rightmost = 0;
        resume = walk_lanes(&c, 0, soft);
        done = resume == 2 * N;
        if (c.aborted) resume = 0; /* stopped inside a lane: all anew */
        c.budget = INT64_MAX;
        c.rightmost = 1;
    }
    if (c.left > 0 && !done && !out.failed) {
        /* A full heap from whole lanes: its lowest key is reached by N plays. */
        int32_t known = INT32_MIN;
        if (c.aborted && out.n == topn) known = out.v[0].key - 1;
        int keep = !c.aborted && out.n > 0; /* the heap of the whole lanes goes on */
        if (c.aborted) out.n = 0;
        int vals[MAXLET + 8];
        int nv = rack_vals_desc(&c, vals);
        ask_rack_word(P, &c);
        uint64_t rackmask = rack_mask(&c); /* the whole rack: nothing placed yet */
        AnchorB ab[2 * N * N];
        int32_t plain = INT32_MIN;
        int na = 0;
        /* On the empty board every play down the centre column is the mirror of one
         * across the centre row, with the same score and leave when the two lanes'
         * premiums are the same; the across one comes first among equals, so the
         * single best play is never a down play: with one play wanted, the column
         * is not searched. */
        int mirror = topn == 1 && c.empty_board &&
                     !memcmp(P->lm[0][N / 2], P->lm[1][N / 2], N) &&
                     !memcmp(P->wm[0][N / 2], P->wm[1][N / 2], N);
        for (int li = resume; li < 2 * N; li++) {
            int d = li / N, l = li % N;
            if (mirror && d == 1) break;
            if (!setup_lane(&c, d, l)) continue;
            for (int a = 0; a < N; a++) {
                if (!c.is_anchor[a]) continue;
                int32_t pa = INT32_MIN;
                int32_t b = anchor_bound(&c, a, vals, nv, rackmask, 0, &pa);
                if (b == INT32_MIN) continue;
                if (pa > plain) plain = pa;
                ab[na].plain = pa;
                ab[na].bound = b; ab[na].dir = (uint8_t)d; ab[na].lane = (uint8_t)l; ab[na].anchor = (uint8_t)a;
                na++;
            }
        }
        qsort(ab, na, sizeof ab[0], cmp_anchor);
        /* Aspiration: first look only for moves above half the highest bound of a
         * play that is not a bingo (bingo bounds are loose: +50 for any long enough
         * gap), where the bounds prune hard; if fewer than N turn up, halve the
         * floor, and at last search without one. Every pass finds every move above
         * its floor, so a pass that fills the N slots is exact. With plays kept
         * from whole lanes, one pass without a floor (the heap's own threshold). */
        int32_t floor_ = na && plain > 0 ? plain / 2 : INT32_MIN;
        if (known != INT32_MIN) floor_ = known; /* N plays are above it: one pass */
        if (keep) floor_ = INT32_MIN;
        for (;;) {
            if (!keep) {
                out.n = 0;
                c.threshold = INT32_MIN;
            }
            c.floor = floor_;
            int cur_dir = -1, cur_lane = -1;
            for (int i = 0; i < na; i++) {
                /* No play from here on can beat the N found so far, or the floor. */
                int32_t kb = ab[i].bound;
                if (kb <= c.floor || (out.n == topn && kb <= c.threshold)) break;
                if (ab[i].dir != cur_dir || ab[i].lane != cur_lane) {
                    setup_lane(&c, ab[i].dir, ab[i].lane);
                    cur_dir = ab[i].dir; cur_lane = ab[i].lane;
                }
                /* The walk inside the anchor is cut where no segment it can still
                 * reach has a bound above the N-th best (top_pruning above). */
                int32_t need = c.floor;
                if (out.n == topn && c.threshold > need) need = c.threshold;
                if (top_pruning == 1 ||
                    (top_pruning == 0 && ab[i].plain <= need))
                    prepare_pruning(&c, ab[i].anchor, vals, nv, rackmask);
                else
                    c.prune = 0;
                gen_anchor(&c, ab[i].anchor);
            }
            if (out.n == topn || floor_ == INT32_MIN || out.failed) break;
            /* The pass fell short. With one play wanted and one met under the floor,
             * the next pass's floor is just under it: that pass finds it (or better)
             * and is the last; otherwise the floor halves. */
            if (topn == 1 && c.below != INT32_MIN) floor_ = c.below - 1;
            else floor_ = floor_ > 4 * c.scale ? floor_ / 2 : INT32_MIN;
            c.below = INT32_MIN;
        }
    }
    if (!out.failed && out.n > 1) qsort(out.v, out.n, sizeof(Move), cmp_move_desc);
    keep_work(P, &c);
    Py_END_ALLOW_THREADS
    P->busy--;
    if (have_lv) PyBuffer_Release(&lv);
    if (out.failed) { if (out.v != small) free(out.v); return PyErr_NoMemory(); }
    PyObject *res = PyBytes_FromStringAndSize((const char *)out.v, out.n * (Py_ssize_t)sizeof(Move));
    if (out.v != small) free(out.v);
    return res;
}

static PyObject *Position_work(PositionObject *P, PyObject *Py_UNUSED(ignored)) {
    return Py_BuildValue("{s:L,s:L,s:L,s:L}", "anchors", (long long)P->work[0], "squares",
                         (long long)P->work[1], "records", (long long)P->work[2], "bounds",
                         (long long)P->work[3]);
}

/* Bounds per anchor (for tests: every move scores at most its anchor's bound). */
static PyObject *Position_anchor_bounds(PositionObject *P, PyObject *args) {
    Py_buffer rack;
    if (!PyArg_ParseTuple(args, "y*", &rack)) return NULL;
    Ctx c;
    MoveVec out = {0};
    init_ctx(P, &c, &out, 0);
    if (parse_rack(P, &c, rack.buf, rack.len) < 0) { PyBuffer_Release(&rack); return NULL; }
    PyBuffer_Release(&rack);
    PyObject *d = PyDict_New();
    if (!d || c.left == 0) return d;
    int vals[MAXLET + 8];
    int nv = rack_vals_desc(&c, vals);
    ask_rack_word(P, &c);
    uint64_t rackmask = rack_mask(&c);
    for (int dd = 0; dd < 2; dd++)
        for (int l = 0; l < N; l++) {
            if (!setup_lane(&c, dd, l)) continue;
            for (int a = 0; a < N; a++) {
                if (!c.is_anchor[a]) continue;
                PyObject *k = Py_BuildValue("(iii)", dd, l, a);
                int32_t b = anchor_bound(&c, a, vals, nv, rackmask, 0, NULL);
                PyObject *v = PyLong_FromLong(b == INT32_MIN ? -1 : b); /* -1: no play */
                if (!k || !v || PyDict_SetItem(d, k, v) < 0) { Py_XDECREF(k); Py_XDECREF(v); Py_DECREF(d); return NULL; }
                Py_DECREF(k); Py_DECREF(v);
            }
        }
    return d;
}

static int load_board(PositionObject *P, const uint8_t *b, Py_ssize_t n) {
    if (n != N * N) {
        PyErr_Format(PyExc_ValueError, "a board is %d tile codes, not %zd", N * N, n);
        return -1;
    }
    for (int r = 0; r < N; r++)
        for (int col = 0; col < N; col++) {
            uint8_t t = b[r * N + col];
            if (t && (LETTER(t) == 0 || LETTER(t) > P->nletters || (t & THROUGH_FLAG))) {
                PyErr_Format(PyExc_ValueError, "bad tile code %d at (%d, %d)", t, r, col);
                return -1;
            }
            P->tiles[0][r][col] = t;
            P->tiles[1][col][r] = t;
        }
    update_all(P);
    return 0;
}

static int not_busy(PositionObject *P) {
    if (P->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the position is generating moves in another thread");
        return 0;
    }
    return 1;
}

static PyObject *Position_set_board(PositionObject *P, PyObject *args) {
    Py_buffer b;
    if (!not_busy(P)) return NULL;
    if (!PyArg_ParseTuple(args, "y*", &b)) return NULL;
    int rc = load_board(P, b.buf, b.len);
    PyBuffer_Release(&b);
    if (rc < 0) return NULL;
    Py_RETURN_NONE;
}

/* place(bytes of (row, col, code) triples): put tiles down, update the touched lanes. */
static PyObject *Position_place(PositionObject *P, PyObject *args) {
    Py_buffer b;
    if (!not_busy(P)) return NULL;
    if (!PyArg_ParseTuple(args, "y*", &b)) return NULL;
    const uint8_t *p = b.buf;
    Py_ssize_t n = b.len;
    if (n % 3) { PyBuffer_Release(&b); PyErr_SetString(PyExc_ValueError, "place() takes (row, col, code) triples"); return NULL; }
    for (Py_ssize_t i = 0; i < n; i += 3) {
        int r = p[i], col = p[i + 1], t = p[i + 2];
        if (r >= N || col >= N || !t || LETTER(t) == 0 || LETTER(t) > P->nletters || (t & THROUGH_FLAG) || P->tiles[0][r][col]) {
            PyBuffer_Release(&b);
            PyErr_Format(PyExc_ValueError, "cannot place code %d at (%d, %d)", t, r, col);
            return NULL;
        }
    }
    uint8_t rows[N] = {0}, cols[N] = {0};
    for (Py_ssize_t i = 0; i < n; i += 3) {
        int r = p[i], col = p[i + 1], t = p[i + 2];
        P->tiles[0][r][col] = (uint8_t)t;
        P->tiles[1][col][r] = (uint8_t)t;
        rows[r] = cols[col] = 1;
        P->ntiles++;
    }
    PyBuffer_Release(&b);
    for (int i = 0; i < N; i++) {
        if (rows[i]) update_lane(P, 0, i);
        if (cols[i]) update_lane(P, 1, i);
    }
    Py_RETURN_NONE;
}

/* snapshot() / restore(bytes): the whole position (tiles, cross-sets) saved and
 * put back in one copy, so a search can undo any number of placements at once. */
#define SNAP_OFFSET offsetof(PositionObject, tiles)
#define SNAP_SIZE (offsetof(PositionObject, busy) - offsetof(PositionObject, tiles))

static PyObject *Position_snapshot(PositionObject *P, PyObject *Py_UNUSED(ignored)) {
    return PyBytes_FromStringAndSize((const char *)P + SNAP_OFFSET, (Py_ssize_t)SNAP_SIZE);
}

static PyObject *Position_restore(PositionObject *P, PyObject *args) {
    Py_buffer b;
    if (!not_busy(P)) return NULL;
    if (!PyArg_ParseTuple(args, "y*", &b)) return NULL;
    if (b.len != (Py_ssize_t)SNAP_SIZE) {
        PyBuffer_Release(&b);
        PyErr_SetString(PyExc_ValueError, "not a snapshot of a position");
        return NULL;
    }
    memcpy((char *)P + SNAP_OFFSET, b.buf, SNAP_SIZE);
    PyBuffer_Release(&b);
    Py_RETURN_NONE;
}

static PyObject *Position_cross_set(PositionObject *P, PyObject *args) {
    int d, r, col;
    if (!PyArg_ParseTuple(args, "iii", &d, &r, &col)) return NULL;
    if (d < 0 || d > 1 || r < 0 || r >= N || col < 0 || col >= N) { PyErr_SetString(PyExc_IndexError, "off the board"); return NULL; }
    int lane = d == 0 ? r : col, idx = d == 0 ? col : r;
    return Py_BuildValue("(Ki)", (unsigned long long)P->cross[d][lane][idx], (int)P->cscore[d][lane][idx]);
}

static PyObject *Position_board(PositionObject *P, PyObject *Py_UNUSED(ignored)) {
    return PyBytes_FromStringAndSize((const char *)P->tiles[0], N * N);
}

static void Position_dealloc(PositionObject *P) {
    if (P->have_view) PyBuffer_Release(&P->view);
    Py_TYPE(P)->tp_free((PyObject *)P);
}

/* Position(kwg, values, premiums, rack_size, bingo, first_min)
 *   kwg: any buffer of native uint32 nodes in the kwg.h layout (kept, not copied);
 *   values: bytes, value of letter code i at [i] (index 0 unused);
 *   premiums: 450 bytes, letter multipliers (225, row-major) then word multipliers. */
static int Position_init(PositionObject *P, PyObject *args, PyObject *kw) {
    PyObject *kwg;
    Py_buffer vals, prem;
    int rack_size, bingo, first_min;
    if (!PyArg_ParseTuple(args, "Oy*y*iii", &kwg, &vals, &prem,
                          &rack_size, &bingo, &first_min))
        return -1;
    if (!not_busy(P)) { PyBuffer_Release(&vals); PyBuffer_Release(&prem); return -1; }
    int rc = -1;
    if (P->have_view) { PyBuffer_Release(&P->view); P->have_view = 0; }
    if (PyObject_GetBuffer(kwg, &P->view, PyBUF_SIMPLE) < 0) goto done;
    P->have_view = 1;
    if (P->view.len % 4 || P->view.len < 8) { PyErr_SetString(PyExc_ValueError, "the automaton buffer is not an array of 32-bit nodes"); goto done; }
    P->kwg = P->view.buf;
    P->nnodes = P->view.len / 4;
    if (vals.len < 2 || vals.len > MAXLET + 1) { PyErr_SetString(PyExc_ValueError, "values: 1 to 62 letters"); goto done; }
    P->nletters = (int)vals.len - 1;
    memset(P->value, 0, sizeof P->value);
    for (int i = 1; i < vals.len; i++) {
        P->value[i] = ((uint8_t *)vals.buf)[i];
        P->value[i | BLANK_FLAG] = 0;
    }
    if (prem.len != 2 * N * N) { PyErr_SetString(PyExc_ValueError, "premiums: 450 bytes"); goto done; }
    for (int r = 0; r < N; r++)
        for (int col = 0; col < N; col++) {
            uint8_t lmv = ((uint8_t *)prem.buf)[r * N + col], wmv = ((uint8_t *)prem.buf)[N * N + r * N + col];
            P->lm[0][r][col] = P->lm[1][col][r] = lmv;
            P->wm[0][r][col] = P->wm[1][col][r] = wmv;
        }
    P->rack_size = rack_size; P->bingo = bingo; P->first_min = first_min;
    /* Sanity: every arc of the two roots must stay inside the buffer. */
    if (kwg_arc_index(P->kwg[0]) >= (uint32_t)P->nnodes || kwg_arc_index(P->kwg[1]) >= (uint32_t)P->nnodes) {
        PyErr_SetString(PyExc_ValueError, "the automaton's roots point outside it");
        goto done;
    }
    memset(P->tiles, 0, sizeof P->tiles);
    update_all(P);
    rc = 0;
done:
    PyBuffer_Release(&vals);
    PyBuffer_Release(&prem);
    return rc;
}

static PyMethodDef Position_methods[] = {
    {"set_board", (PyCFunction)Position_set_board, METH_VARARGS, "set_board(codes225): load a board and recompute every cross-set."},
    {"place", (PyCFunction)Position_place, METH_VARARGS, "place(triples): put tiles down; only the touched lanes are recomputed."},
    {"generate", (PyCFunction)Position_generate, METH_VARARGS, "generate(rack_codes) -> bytes of move records."},
    {"work", (PyCFunction)Position_work, METH_NOARGS, "work() -> the counted work of the last generate/top to finish: anchors walked, squares visited, plays recorded, anchor bounds computed."},
    {"top", (PyCFunction)(void (*)(void))Position_top, METH_FASTCALL, "top(rack_codes, n=1, leaves=None, scale=100) -> bytes of the n best move records, best first (by score, or with a leave table by score*scale + leave)."},
    {"anchor_bounds", (PyCFunction)Position_anchor_bounds, METH_VARARGS, "anchor_bounds(rack_codes) -> {(dir, lane, idx): bound}."},
    {"cross_set", (PyCFunction)Position_cross_set, METH_VARARGS, "cross_set(dir, row, col) -> (bitmask, cross score)."},
    {"board", (PyCFunction)Position_board, METH_NOARGS, "board() -> 225 tile codes, row-major."},
    {"snapshot", (PyCFunction)Position_snapshot, METH_NOARGS, "snapshot() -> bytes: the tiles and cross-sets, for restore()."},
    {"restore", (PyCFunction)Position_restore, METH_VARARGS, "restore(snapshot): put a saved position back."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject PositionType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "plansza.movegen._movegen.Position",
    .tp_basicsize = sizeof(PositionObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A board with its cross-sets, over a KWG automaton; generates moves.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Position_init,
    .tp_dealloc = (destructor)Position_dealloc,
    .tp_methods = Position_methods,
};

static PyMethodDef module_methods[] = {
    {"_set_top_pruning", set_top_pruning, METH_O, "_set_top_pruning(mode) -> the previous mode: where the bounded top-N search prunes inside an anchor's walk (0 by the rule, 1 everywhere, 2 nowhere); for tests."},
    {"_set_top_budget", set_top_budget, METH_VARARGS, "_set_top_budget(plain, blank) -> the previous pair: squares the top-N search walks unbounded first (racks without / with a blank); for tuning and tests."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_movegen", "The compiled move generator (GADDAG, cross-sets, shadow-bounded top moves).", -1, module_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__movegen(void) {
    if (PyType_Ready(&PositionType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moduledef);
    if (!m) return NULL;
    Py_INCREF(&PositionType);
    if (PyModule_AddObject(m, "Position", (PyObject *)&PositionType) < 0) { Py_DECREF(&PositionType); Py_DECREF(m); return NULL; }
    PyModule_AddIntConstant(m, "RECORD_SIZE", sizeof(Move));
    PyModule_AddIntConstant(m, "BLANK_FLAG", BLANK_FLAG);
    PyModule_AddIntConstant(m, "THROUGH_FLAG", THROUGH_FLAG);
    return m;
}
