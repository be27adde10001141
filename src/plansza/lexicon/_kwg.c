/*
 * _kwg.c — the compiled core of plansza's lexicon.
 *
 * Three things, all in plain C with the CPython API:
 *
 *   parse_words(data, lower, upper, min_len, max_len)
 *       reads a UTF-8 word list (one word a line) into words of 1-based tile
 *       indices, reporting the lines that cannot be spelled with the tile set.
 *   build(packed, alphabet_size, progress)
 *       compiles those words into one flat array of 32-bit nodes holding a DAWG
 *       and a GADDAG (the "KWG" layout; see kwg.h for the exact bit layout).
 *   Kwg(buffer, offset, n_nodes, lower, upper)
 *       a read-only view of such an array (usually a memory-mapped cache file):
 *       word checks, anagram and pattern search, and the raw buffer for the move
 *       generator (buffer protocol and a capsule).
 *
 * NODE LAYOUT (see kwg.h, repeated here because everything below depends on it):
 *     bits 0..23 arc_index (first node of the child list, 0 = none), bit 24 accepts,
 *     bit 25 is_end (last of its sibling list), bits 26..31 tile (1-based, 0 = GADDAG
 *     separator). kwg[0].arc_index = DAWG root list, kwg[1].arc_index = GADDAG root.
 *
 * HOW THE BUILD WORKS
 *   Every string to store (the words for the DAWG; for the GADDAG, for each word w
 *   and split i, rev(w[..i]) SEP w[i..] and rev(w)) is at most 16 symbols, so it is
 *   packed into a 16-byte record (symbol + 1 per byte, zero padded) that sorts as
 *   two big-endian 64-bit integers. Sorted records are fed to the incremental
 *   minimisation of Daciuk, Mihov, Watson & Watson (2000): only the path of the
 *   last string is unfinished; when the next string leaves it, the finished
 *   sibling lists are looked up in a hash table of the lists already written
 *   ("the register") and either reused or appended. A list is written once, in
 *   its final place, so a list's index is final when its parent is built and no
 *   renumbering pass is needed. DAWG and GADDAG share the register, so equal
 *   sub-trees are stored once across both.
 *
 *   The GADDAG strings (about 36 million for the Polish list) are produced and
 *   sorted one first-letter bucket at a time, in tile order, which keeps memory
 *   to the largest bucket (a few hundred MB at most, not the whole set).
 *
 *   A last pass (share_suffixes) drops each list equal to the tail of a longer
 *   list and renumbers the arc indices: 4,731,148 nodes for the Polish list.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kwg.h"

/* Longest string stored: a 15-letter word plus the separator. Words longer than
 * the 15 squares of the board cannot be played and are refused by parse_words. */
#define MAX_WORD 15
#define MAX_SYMS 16
#define CP_TABLE 0x800
/* Bumped when the builder's output changes without a format change (2: tails of
 * sibling lists shared); the cached default lexicon is rebuilt when it differs. */
#define BUILDER_VERSION 2 /* code points below this may be letters (Latin, Greek, Cyrillic) */

/* ------------------------------------------------------------------------- */
/* parse_words                                                                 */
/* ------------------------------------------------------------------------- */

typedef struct {
    uint8_t *buf;
    size_t len, cap;
} bytebuf_t;

static int bb_reserve(bytebuf_t *b, size_t extra)
{
    if (b->len + extra <= b->cap) return 0;
    size_t cap = b->cap ? b->cap : 1 << 20;
    while (cap < b->len + extra) cap *= 2;
    uint8_t *p = realloc(b->buf, cap);
    if (!p) return -1;
    b->buf = p;
    b->cap = cap;
    return 0;
}

/* Fill `table` (code point -> tile, 0 = not a letter) from two strings of equal
 * length: the lower-case and the upper-case letters in alphabet order. */
static int fill_table(uint8_t *table, PyObject *lower, PyObject *upper, int *alphabet)
{
    if (!PyUnicode_Check(lower) || !PyUnicode_Check(upper)) {
        PyErr_SetString(PyExc_TypeError, "letters must be str");
        return -1;
    }
    Py_ssize_t n = PyUnicode_GetLength(lower);
    if (n != PyUnicode_GetLength(upper) || n < 1 || n > KWG_MAX_TILE) {
        PyErr_SetString(PyExc_ValueError, "an alphabet needs 1 to 63 letters, same count in both cases");
        return -1;
    }
    memset(table, 0, CP_TABLE);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 lo = PyUnicode_ReadChar(lower, i), up = PyUnicode_ReadChar(upper, i);
        if (lo >= CP_TABLE || up >= CP_TABLE) {
            PyErr_SetString(PyExc_ValueError, "letters must be below U+0800");
            return -1;
        }
        table[lo] = (uint8_t)(i + 1);
        table[up] = (uint8_t)(i + 1);
    }
    *alphabet = (int)n;
    return 0;
}

/* Decode one UTF-8 code point at s[*i] (s[..end]); returns 0xFFFFFFFF if invalid. */
static uint32_t utf8_next(const uint8_t *s, size_t end, size_t *i)
{
    uint8_t c = s[*i];
    if (c < 0x80) {
        (*i)++;
        return c;
    }
    int extra;
    uint32_t cp;
    if ((c & 0xE0) == 0xC0) { extra = 1; cp = c & 0x1F; }
    else if ((c & 0xF0) == 0xE0) { extra = 2; cp = c & 0x0F; }
    else if ((c & 0xF8) == 0xF0) { extra = 3; cp = c & 0x07; }
    else { (*i)++; return 0xFFFFFFFFu; }
    for (int k = 1; k <= extra; k++) {
        if (*i + (size_t)k >= end || (s[*i + k] & 0xC0) != 0x80) { (*i)++; return 0xFFFFFFFFu; }
        cp = (cp << 6) | (s[*i + k] & 0x3F);
    }
    *i += (size_t)extra + 1;
    if ((extra == 1 && cp < 0x80) || (extra == 2 && cp < 0x800) || (extra == 3 && cp < 0x10000))
        return 0xFFFFFFFFu; /* overlong encodings are invalid UTF-8 */
    return cp;
}

static int append_line_no(PyObject *list, Py_ssize_t line_no)
{
    PyObject *v = PyLong_FromSsize_t(line_no);
    if (!v) return -1;
    int r = PyList_Append(list, v);
    Py_DECREF(v);
    return r;
}

PyDoc_STRVAR(parse_words_doc,
"parse_words(data, lower, upper, min_len, max_len) -> (packed, n_lines, bad, too_short, too_long)\n\n"
"Read a UTF-8 word list, one word a line (surrounding blanks and CR ignored, empty\n"
"lines skipped, either case). packed holds each accepted word as tile bytes (1-based)\n"
"followed by a 0 byte. bad, too_short, too_long are lists of 1-based line numbers of\n"
"lines with a character outside the alphabet (or invalid UTF-8), shorter than min_len,\n"
"longer than max_len.");

static PyObject *py_parse_words(PyObject *self, PyObject *args)
{
    Py_buffer data;
    PyObject *lower, *upper;
    int min_len, max_len, alphabet;
    uint8_t table[CP_TABLE];
    if (!PyArg_ParseTuple(args, "y*UUii", &data, &lower, &upper, &min_len, &max_len)) return NULL;
    PyObject *bad = NULL, *too_short = NULL, *too_long = NULL, *result = NULL;
    bytebuf_t out = {0};
    if (max_len > MAX_WORD || max_len < 1 || min_len < 1) {
        PyErr_SetString(PyExc_ValueError, "word lengths must be within 1..15");
        goto done;
    }
    if (fill_table(table, lower, upper, &alphabet) < 0) goto done;
    bad = PyList_New(0);
    too_short = PyList_New(0);
    too_long = PyList_New(0);
    if (!bad || !too_short || !too_long) goto done;

    const uint8_t *s = data.buf;
    size_t n = (size_t)data.len, pos = 0;
    if (n >= 3 && s[0] == 0xEF && s[1] == 0xBB && s[2] == 0xBF) pos = 3; /* UTF-8 BOM */
    Py_ssize_t line_no = 0;
    uint8_t word[MAX_WORD + 1];
    while (pos < n) {
        line_no++;
        const uint8_t *nl = memchr(s + pos, '\n', n - pos);
        size_t end = nl ? (size_t)(nl - s) : n, next = nl ? end + 1 : n;
        size_t a = pos, b = end;
        while (a < b && (s[a] == ' ' || s[a] == '\t' || s[a] == '\r')) a++;
        while (b > a && (s[b - 1] == ' ' || s[b - 1] == '\t' || s[b - 1] == '\r')) b--;
        pos = next;
        if (a == b) continue;
        int len = 0, ok = 1;
        size_t i = a;
        while (i < b) {
            uint32_t cp = utf8_next(s, b, &i);
            uint8_t t = cp < CP_TABLE ? table[cp] : 0;
            if (!t) { ok = 0; break; }
            if (len < MAX_WORD) word[len] = t;
            len++;
        }
        if (!ok) {
            if (append_line_no(bad, line_no) < 0) goto done;
        } else if (len < min_len) {
            if (append_line_no(too_short, line_no) < 0) goto done;
        } else if (len > max_len) {
            if (append_line_no(too_long, line_no) < 0) goto done;
        } else {
            if (bb_reserve(&out, (size_t)len + 1) < 0) { PyErr_NoMemory(); goto done; }
            memcpy(out.buf + out.len, word, (size_t)len);
            out.buf[out.len + (size_t)len] = 0;
            out.len += (size_t)len + 1;
        }
    }
    PyObject *packed = PyBytes_FromStringAndSize((const char *)out.buf, (Py_ssize_t)out.len);
    if (!packed) goto done;
    result = Py_BuildValue("(NnOOO)", packed, line_no, bad, too_short, too_long);
done:
    free(out.buf);
    Py_XDECREF(bad);
    Py_XDECREF(too_short);
    Py_XDECREF(too_long);
    PyBuffer_Release(&data);
    return result;
}

/* ------------------------------------------------------------------------- */
/* records: a string of <= 16 symbols as a 128-bit big-endian integer          */
/* ------------------------------------------------------------------------- */

typedef struct {
    uint64_t hi, lo;
} rec_t;

static inline void rec_pack(rec_t *r, const uint8_t *syms, int len)
{
    uint8_t b[MAX_SYMS] = {0};
    memcpy(b, syms, (size_t)len);
    uint64_t hi, lo;
    memcpy(&hi, b, 8);
    memcpy(&lo, b + 8, 8);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    hi = __builtin_bswap64(hi);
    lo = __builtin_bswap64(lo);
#endif
    r->hi = hi;
    r->lo = lo;
}

static inline int rec_sym(const rec_t *r, int i)
{
    return i < 8 ? (int)((r->hi >> (56 - 8 * i)) & 0xFF) : (int)((r->lo >> (56 - 8 * (i - 8))) & 0xFF);
}

static inline int rec_len(const rec_t *r)
{
    if (r->lo) return 16 - __builtin_ctzll(r->lo) / 8;
    if (r->hi) return 8 - __builtin_ctzll(r->hi) / 8;
    return 0;
}

static inline int rec_lt(const rec_t *a, const rec_t *b)
{
    return a->hi < b->hi || (a->hi == b->hi && a->lo < b->lo);
}

/* Length of the common prefix, in symbols. */
static inline int rec_common(const rec_t *a, const rec_t *b)
{
    uint64_t x = a->hi ^ b->hi;
    if (x) return __builtin_clzll(x) / 8;
    x = a->lo ^ b->lo;
    if (x) return 8 + __builtin_clzll(x) / 8;
    return 16;
}

static void rec_insertion_sort(rec_t *a, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        rec_t v = a[i];
        size_t j = i;
        while (j > 0 && rec_lt(&v, &a[j - 1])) {
            a[j] = a[j - 1];
            j--;
        }
        a[j] = v;
    }
}

/* MSD radix sort on symbol d (values 0..64; 0 = past the end of the string), with
 * `tmp` as scratch of the same size; small groups go to insertion sort. About 4x
 * faster than a quicksort on the GADDAG buckets. */
#define RADIX 66
static void rec_radix_sort(rec_t *a, rec_t *tmp, size_t n, int d)
{
    if (n < 48 || d >= MAX_SYMS) {
        rec_insertion_sort(a, n);
        return;
    }
    size_t count[RADIX] = {0}, start[RADIX];
    for (size_t i = 0; i < n; i++) count[rec_sym(&a[i], d)]++;
    size_t sum = 0;
    for (int c = 0; c < RADIX; c++) {
        start[c] = sum;
        sum += count[c];
    }
    if (count[rec_sym(&a[0], d)] == n) { /* one group: go straight to the next symbol */
        if (rec_sym(&a[0], d) != 0) rec_radix_sort(a, tmp, n, d + 1);
        return;
    }
    size_t pos[RADIX];
    memcpy(pos, start, sizeof pos);
    for (size_t i = 0; i < n; i++) tmp[pos[rec_sym(&a[i], d)]++] = a[i];
    memcpy(a, tmp, n * sizeof(rec_t));
    /* Group 0 holds strings that ended before d: all equal, nothing to sort. */
    for (int c = 1; c < RADIX; c++)
        if (count[c] > 1) rec_radix_sort(a + start[c], tmp, count[c], d + 1);
}

/* ------------------------------------------------------------------------- */
/* the register of finished sibling lists, and the output array                */
/* ------------------------------------------------------------------------- */

typedef struct {
    uint32_t *nodes;
    size_t n, cap;
    uint32_t *table; /* open addressing; 0 = empty (list indices are >= 2) */
    size_t tcap, tcount;
} builder_t;

static inline uint64_t hash_nodes(const uint32_t *p, int n)
{
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0xFF51AFD7ED558CCDull;
        h ^= h >> 29;
    }
    return h;
}

static int list_len(const uint32_t *nodes, uint32_t at)
{
    int n = 1;
    while (!kwg_is_end(nodes[at + (uint32_t)n - 1])) n++;
    return n;
}

static int table_grow(builder_t *b)
{
    size_t cap = b->tcap ? b->tcap * 2 : 1 << 16;
    uint32_t *t = calloc(cap, sizeof(uint32_t));
    if (!t) return -1;
    for (size_t i = 0; i < b->tcap; i++) {
        uint32_t id = b->table[i];
        if (!id) continue;
        size_t slot = (size_t)hash_nodes(b->nodes + id, list_len(b->nodes, id)) & (cap - 1);
        while (t[slot]) slot = (slot + 1) & (cap - 1);
        t[slot] = id;
    }
    free(b->table);
    b->table = t;
    b->tcap = cap;
    return 0;
}

/* The index of a list equal to list[0..n-1] (is_end set on the last), appending
 * it if new. Returns 0 for an empty list, (uint32_t)-1 on error (exception set). */
static uint32_t register_list(builder_t *b, const uint32_t *list, int n)
{
    if (n == 0) return 0;
    if ((b->tcount + 1) * 2 > b->tcap && table_grow(b) < 0) {
        PyErr_NoMemory();
        return (uint32_t)-1;
    }
    size_t mask = b->tcap - 1, slot = (size_t)hash_nodes(list, n) & mask;
    for (;; slot = (slot + 1) & mask) {
        uint32_t id = b->table[slot];
        if (!id) break;
        /* Equal iff the first n nodes match: the is_end bits then force equal length,
         * and a shorter candidate differs (is_end) before its end, so we never read past it. */
        int k = 0;
        while (k < n && b->nodes[id + (uint32_t)k] == list[k]) k++;
        if (k == n) return id;
    }
    if (b->n + (size_t)n > KWG_MAX_NODES) {
        PyErr_SetString(PyExc_OverflowError,
                        "the word list needs more than 16,777,216 nodes (24-bit arc index)");
        return (uint32_t)-1;
    }
    if (b->n + (size_t)n > b->cap) {
        size_t cap = b->cap * 2;
        while (cap < b->n + (size_t)n) cap *= 2;
        uint32_t *p = realloc(b->nodes, cap * sizeof(uint32_t));
        if (!p) {
            PyErr_NoMemory();
            return (uint32_t)-1;
        }
        b->nodes = p;
        b->cap = cap;
    }
    uint32_t id = (uint32_t)b->n;
    memcpy(b->nodes + id, list, (size_t)n * sizeof(uint32_t));
    b->n += (size_t)n;
    b->table[slot] = id;
    b->tcount++;
    return id;
}

/* ------------------------------------------------------------------------- */
/* incremental minimisation over sorted records                                */
/* ------------------------------------------------------------------------- */

typedef struct {
    uint8_t tile, accepts;
    uint32_t child;
} arc_t;

typedef struct {
    builder_t *b;
    arc_t arcs[MAX_SYMS + 1][KWG_MAX_TILE + 2]; /* the unfinished path: arcs per depth */
    int count[MAX_SYMS + 1];
    rec_t prev;
    int prev_len, started;
} minimiser_t;

static void mz_init(minimiser_t *m, builder_t *b)
{
    m->b = b;
    memset(m->count, 0, sizeof m->count);
    m->prev_len = 0;
    m->started = 0;
}

/* Finish the list at depth d and hang it under the last arc of depth d - 1
 * (d == 0: the root; its index is returned through *root). */
static int mz_close(minimiser_t *m, int d, uint32_t *root)
{
    uint32_t list[KWG_MAX_TILE + 2];
    int n = m->count[d];
    for (int i = 0; i < n; i++) {
        const arc_t *a = &m->arcs[d][i];
        list[i] = kwg_node(a->tile, a->accepts, i == n - 1, a->child);
    }
    uint32_t id = register_list(m->b, list, n);
    if (id == (uint32_t)-1) return -1;
    m->count[d] = 0;
    if (d == 0) *root = id;
    else m->arcs[d - 1][m->count[d - 1] - 1].child = id;
    return 0;
}

static int mz_add(minimiser_t *m, const rec_t *r)
{
    int len = rec_len(r), p = 0;
    if (m->started) {
        p = rec_common(&m->prev, r);
        if (p >= len && p >= m->prev_len) return 0; /* duplicate */
        for (int d = m->prev_len; d > p; d--)
            if (mz_close(m, d, NULL) < 0) return -1;
    }
    for (int d = p; d < len; d++) {
        arc_t *a = &m->arcs[d][m->count[d]++];
        a->tile = (uint8_t)(rec_sym(r, d) - 1);
        a->accepts = 0;
        a->child = 0;
    }
    m->arcs[len - 1][m->count[len - 1] - 1].accepts = 1;
    m->prev = *r;
    m->prev_len = len;
    m->started = 1;
    return 0;
}

static int mz_finish(minimiser_t *m, uint32_t *root)
{
    *root = 0;
    if (!m->started) return 0;
    for (int d = m->prev_len; d > 0; d--)
        if (mz_close(m, d, NULL) < 0) return -1;
    return mz_close(m, 0, root);
}

/* ------------------------------------------------------------------------- */
/* sharing sibling lists that are the tail of a longer list                    */
/* ------------------------------------------------------------------------- */

static inline int nodes_equal(const uint32_t *a, const uint32_t *b, size_t k)
{
    for (size_t i = 0; i < k; i++)
        if (a[i] != b[i]) return 0; /* stops at the first difference: never past a list end */
    return 1;
}

/* After minimisation every sibling list is unique, but a list may still equal the
 * tail of a longer one ([s] and [a, s], with the same children and flags). Such a
 * list is dropped and its parents point into the longer list instead (as wolges
 * does): 3% fewer nodes for the Polish list (4,889,307 -> 4,731,148). One pass
 * indexes every proper tail, one finds each list's host, one writes the array
 * again with the arc indices renumbered. Order of kept lists is unchanged. */
static int share_suffixes(builder_t *b)
{
    size_t n = b->n;
    const uint32_t *nodes = b->nodes;
    int ok = -1;
    uint32_t *start_of = malloc(n * sizeof(uint32_t)), *len_of = malloc(n * sizeof(uint32_t));
    uint32_t *host = calloc(n, sizeof(uint32_t)), *remap = calloc(n, sizeof(uint32_t));
    uint8_t *done = calloc(n, 1);
    uint32_t *tab = NULL, *out = NULL;
    size_t cap = 1;
    while (cap < 2 * n) cap *= 2;
    tab = calloc(cap, sizeof(uint32_t));
    if (!start_of || !len_of || !host || !remap || !done || !tab) goto done;

    /* start_of[i]: the list node i belongs to; len_of[i]: nodes from i to its list end. */
    for (size_t i = 2, s = 2; i < n; i++) {
        start_of[i] = (uint32_t)s;
        if (kwg_is_end(nodes[i])) s = i + 1;
    }
    for (size_t i = n; i-- > 2;) len_of[i] = kwg_is_end(nodes[i]) ? 1 : len_of[i + 1] + 1;

    /* Index every proper tail (starting inside a list), equal tails once. */
    for (size_t i = 2; i < n; i++) {
        if (start_of[i] == i) continue;
        size_t slot = (size_t)hash_nodes(nodes + i, (int)len_of[i]) & (cap - 1);
        for (;; slot = (slot + 1) & (cap - 1)) {
            uint32_t e = tab[slot];
            if (!e) {
                tab[slot] = (uint32_t)i;
                break;
            }
            if (len_of[e] == len_of[i] && nodes_equal(nodes + e, nodes + i, len_of[i])) break;
        }
    }
    /* A list equal to an indexed tail is hosted there. */
    for (size_t s = 2; s < n; s += len_of[s]) {
        size_t slot = (size_t)hash_nodes(nodes + s, (int)len_of[s]) & (cap - 1);
        for (;; slot = (slot + 1) & (cap - 1)) {
            uint32_t e = tab[slot];
            if (!e) break;
            if (len_of[e] == len_of[s] && nodes_equal(nodes + e, nodes + s, len_of[s])) {
                host[s] = e;
                break;
            }
        }
    }
    /* New places: kept lists in their old order, then hosted lists inside their host's
     * new place (hosts are strictly longer, so following hosts ends at a kept list). */
    size_t m = 2;
    for (size_t s = 2; s < n; s += len_of[s])
        if (!host[s]) {
            remap[s] = (uint32_t)m;
            done[s] = 1;
            m += len_of[s];
        }
    for (size_t s = 2; s < n; s += len_of[s]) {
        uint32_t chain[KWG_MAX_TILE + 2];
        int depth = 0;
        uint32_t x = (uint32_t)s;
        while (!done[x] && depth < KWG_MAX_TILE + 2) {
            chain[depth++] = x;
            x = start_of[host[x]];
        }
        while (depth-- > 0) { /* x is placed; place the chain from the longest down */
            uint32_t y = chain[depth];
            remap[y] = remap[x] + (host[y] - x);
            done[y] = 1;
            x = y;
        }
    }
    out = malloc((m > 2 ? m : 2) * sizeof(uint32_t));
    if (!out) goto done;
    for (size_t i = 0; i < n; i++) {
        if (i >= 2 && host[start_of[i]]) continue;
        size_t to = i < 2 ? i : remap[start_of[i]] + (i - start_of[i]);
        uint32_t child = kwg_arc_index(nodes[i]);
        out[to] = (nodes[i] & ~KWG_ARC_MASK) | (child ? remap[child] : 0);
    }
    free(b->nodes);
    b->nodes = out;
    b->n = m;
    b->cap = m;
    out = NULL;
    ok = 0;
done:
    if (ok < 0) PyErr_NoMemory();
    free(start_of);
    free(len_of);
    free(host);
    free(remap);
    free(done);
    free(tab);
    free(out);
    return ok;
}

static int report(PyObject *progress, size_t done, size_t total)
{
    if (PyErr_CheckSignals() < 0) return -1;
    if (progress == Py_None) return 0;
    PyObject *r = PyObject_CallFunction(progress, "nn", (Py_ssize_t)done, (Py_ssize_t)total);
    if (!r) return -1;
    Py_DECREF(r);
    return 0;
}

PyDoc_STRVAR(build_doc,
"build(packed, alphabet_size, progress=None) -> (nodes, n_words)\n\n"
"Compile words (tile bytes 1..alphabet_size, each followed by a 0 byte; duplicates\n"
"allowed, any order, 1..15 tiles) into a KWG. nodes is the array as bytes (native\n"
"uint32), n_words the number of distinct words. progress(done, total) is called\n"
"after each stage.");

static PyObject *py_build(PyObject *self, PyObject *args)
{
    Py_buffer data;
    int alphabet;
    PyObject *progress = Py_None;
    if (!PyArg_ParseTuple(args, "y*i|O", &data, &alphabet, &progress)) return NULL;
    PyObject *result = NULL;
    rec_t *words = NULL, *bucket = NULL, *scratch = NULL;
    uint8_t *wsyms = NULL;
    uint32_t *occ = NULL;
    minimiser_t *m = NULL;
    builder_t b = {0};
    size_t n_words = 0, unique = 0;
    size_t counts[KWG_MAX_TILE + 1] = {0};

    if (alphabet < 1 || alphabet > KWG_MAX_TILE) {
        PyErr_SetString(PyExc_ValueError, "alphabet_size must be within 1..63");
        goto done;
    }
    const uint8_t *s = data.buf;
    size_t n = (size_t)data.len;
    /* Validate and count the words first, so nothing below can read past a word. */
    size_t symbols = 0;
    for (size_t i = 0, len = 0; i < n; i++) {
        if (s[i] == 0) {
            if (len == 0 || len > MAX_WORD) {
                PyErr_SetString(PyExc_ValueError, "words must have 1..15 tiles");
                goto done;
            }
            n_words++;
            len = 0;
        } else if (s[i] > alphabet) {
            PyErr_SetString(PyExc_ValueError, "tile index outside the alphabet");
            goto done;
        } else {
            len++;
            symbols++;
            counts[s[i]]++;
        }
    }
    if (n && s[n - 1] != 0) {
        PyErr_SetString(PyExc_ValueError, "the last word is not terminated by a 0 byte");
        goto done;
    }
    words = malloc((n_words ? n_words : 1) * sizeof(rec_t));
    m = malloc(sizeof(minimiser_t));
    b.cap = 1 << 16;
    b.nodes = malloc(b.cap * sizeof(uint32_t));
    if (!words || !m || !b.nodes) { PyErr_NoMemory(); goto done; }
    b.n = 2; /* nodes 0 and 1: the roots, filled in last */
    if (table_grow(&b) < 0) { PyErr_NoMemory(); goto done; }

    size_t total = n_words + symbols, done_count = 0;
    if (report(progress, 0, total) < 0) goto done;

    /* DAWG: the words themselves, sorted, duplicates dropped. */
    {
        size_t k = 0, start = 0;
        uint8_t syms[MAX_SYMS];
        for (size_t i = 0; i < n; i++) {
            if (s[i] != 0) continue;
            int len = (int)(i - start);
            for (int j = 0; j < len; j++) syms[j] = (uint8_t)(s[start + j] + 1);
            rec_pack(&words[k++], syms, len);
            start = i + 1;
        }
        rec_t *tmp = malloc((n_words ? n_words : 1) * sizeof(rec_t));
        if (!tmp) { PyErr_NoMemory(); goto done; }
        rec_radix_sort(words, tmp, n_words, 0);
        free(tmp);
        for (size_t i = 0; i < n_words; i++)
            if (unique == 0 || words[i].hi != words[unique - 1].hi || words[i].lo != words[unique - 1].lo)
                words[unique++] = words[i];
    }
    uint32_t dawg_root, gaddag_root;
    mz_init(m, &b);
    for (size_t i = 0; i < unique; i++)
        if (mz_add(m, &words[i]) < 0) goto done;
    if (mz_finish(m, &dawg_root) < 0) goto done;
    done_count += n_words;
    if (report(progress, done_count, total) < 0) goto done;

    /* GADDAG: one bucket per first symbol, in tile order, so the whole stream of
     * strings arrives sorted while only one bucket is in memory. A string starts
     * with the letter at the split, so bucket t holds one string per occurrence of
     * t in a word: occ[] lists those occurrences (word << 4 | position) by tile. */
    /* wsyms: each word's symbols as bytes, to find the occurrences of each tile. */
    wsyms = malloc((unique ? unique : 1) * MAX_SYMS);
    size_t occ_start[KWG_MAX_TILE + 2] = {0}, occ_pos[KWG_MAX_TILE + 2];
    if (!wsyms) { PyErr_NoMemory(); goto done; }
    memset(counts, 0, sizeof counts);
    size_t occurrences = 0;
    for (size_t w = 0; w < unique; w++) {
        uint8_t *ws = wsyms + w * MAX_SYMS;
        for (int j = 0; j < MAX_SYMS; j++) ws[j] = (uint8_t)rec_sym(&words[w], j); /* tile + 1, 0 pad */
        for (int j = 0; j < MAX_SYMS && ws[j]; j++) counts[ws[j] - 1]++;
    }
    size_t biggest = 1;
    for (int t = 1; t <= alphabet; t++) {
        occ_start[t] = occurrences;
        occurrences += counts[t];
        if (counts[t] > biggest) biggest = counts[t];
    }
    occ_start[alphabet + 1] = occurrences;
    if (unique >= (1u << 28)) { PyErr_SetString(PyExc_OverflowError, "too many words"); goto done; }
    occ = malloc((occurrences ? occurrences : 1) * sizeof(uint32_t));
    bucket = malloc(biggest * sizeof(rec_t));
    scratch = malloc(biggest * sizeof(rec_t));
    if (!occ || !bucket || !scratch) { PyErr_NoMemory(); goto done; }
    memcpy(occ_pos, occ_start, sizeof occ_pos);
    for (size_t w = 0; w < unique; w++) {
        const uint8_t *ws = wsyms + w * MAX_SYMS;
        for (int j = 0; j < MAX_SYMS && ws[j]; j++) occ[occ_pos[ws[j] - 1]++] = (uint32_t)(w << 4 | (size_t)j);
    }
    free(wsyms);
    wsyms = NULL;
    mz_init(m, &b);
    for (int t = 1; t <= alphabet; t++) {
        size_t k = 0;
        for (size_t o = occ_start[t]; o < occ_start[t + 1]; o++) {
            /* The string for the split after position j, made with 128-bit shifts on
             * the word's record (byte 0 most significant): rev(w[0..j]) is the
             * byte-reversed record shifted to the front, then SEP, then w[j+1..]. */
            const rec_t *w = &words[occ[o] >> 4];
            int j = (int)(occ[o] & 15), len = rec_len(w);
            unsigned __int128 word = ((unsigned __int128)w->hi << 64) | w->lo;
            unsigned __int128 rev = ((unsigned __int128)__builtin_bswap64(w->lo) << 64) |
                                    __builtin_bswap64(w->hi);
            unsigned __int128 s = rev << (8 * (15 - j));
            if (j < len - 1) { /* j <= 13 here, so every shift is below 128 */
                s |= (unsigned __int128)(KWG_SEPARATOR + 1) << (8 * (14 - j));
                s |= (word << (8 * (j + 1))) >> (8 * (j + 2));
            }
            bucket[k].hi = (uint64_t)(s >> 64);
            bucket[k].lo = (uint64_t)s;
            k++;
        }
        rec_radix_sort(bucket, scratch, k, 0);
        for (size_t i = 0; i < k; i++)
            if (mz_add(m, &bucket[i]) < 0) goto done;
        done_count += k;
        if (report(progress, done_count, total) < 0) goto done;
    }
    if (mz_finish(m, &gaddag_root) < 0) goto done;
    if (report(progress, total, total) < 0) goto done;

    b.nodes[0] = kwg_node(0, 0, 1, dawg_root);
    b.nodes[1] = kwg_node(0, 0, 1, gaddag_root);
    /* The strings are no longer needed: free them before the last pass's tables. */
    free(bucket);
    free(scratch);
    free(wsyms);
    free(occ);
    free(b.table);
    bucket = scratch = NULL;
    wsyms = NULL;
    occ = NULL;
    b.table = NULL;
    if (share_suffixes(&b) < 0) goto done;
    PyObject *bytes = PyBytes_FromStringAndSize((const char *)b.nodes, (Py_ssize_t)(b.n * sizeof(uint32_t)));
    if (!bytes) goto done;
    result = Py_BuildValue("(Nn)", bytes, (Py_ssize_t)unique);
done:
    free(words);
    free(bucket);
    free(scratch);
    free(wsyms);
    free(occ);
    free(m);
    free(b.nodes);
    free(b.table);
    PyBuffer_Release(&data);
    return result;
}

/* ------------------------------------------------------------------------- */
/* Kwg: a read-only view of a compiled array                                   */
/* ------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    Py_buffer owner;        /* the whole buffer (mmap, bytes); released on dealloc */
    const uint32_t *nodes;  /* owner.buf + offset */
    Py_ssize_t n_nodes;
    int alphabet;
    Py_UCS4 letters[KWG_MAX_TILE + 1]; /* lower-case letter of tile t at [t] */
    uint8_t table[CP_TABLE];          /* code point -> tile */
    Py_ssize_t exports;
    kwg_view_t view;
} KwgObject;

static PyObject *Kwg_new(PyTypeObject *type, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"buffer", "offset", "n_nodes", "lower", "upper", NULL};
    PyObject *buffer, *lower, *upper;
    Py_ssize_t offset, n_nodes;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "OnnUU", kwlist, &buffer, &offset, &n_nodes, &lower, &upper))
        return NULL;
    KwgObject *self = (KwgObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    if (PyObject_GetBuffer(buffer, &self->owner, PyBUF_SIMPLE) < 0) {
        self->owner.obj = NULL;
        Py_DECREF(self);
        return NULL;
    }
    if (offset < 0 || offset % 4 != 0 || n_nodes < 2 || n_nodes > (Py_ssize_t)KWG_MAX_NODES ||
        offset + n_nodes * 4 > self->owner.len) {
        PyErr_SetString(PyExc_ValueError, "the buffer does not hold n_nodes nodes at offset");
        Py_DECREF(self);
        return NULL;
    }
    if (fill_table(self->table, lower, upper, &self->alphabet) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    self->letters[0] = '^';
    for (int i = 0; i < self->alphabet; i++) self->letters[i + 1] = PyUnicode_ReadChar(lower, i);
    self->nodes = (const uint32_t *)((const char *)self->owner.buf + offset);
    self->n_nodes = n_nodes;
    self->view.format_version = KWG_FORMAT_VERSION;
    self->view.n_nodes = (uint32_t)n_nodes;
    self->view.alphabet_size = (uint32_t)self->alphabet;
    self->view.nodes = self->nodes;
    return (PyObject *)self;
}

static void Kwg_dealloc(KwgObject *self)
{
    if (self->owner.obj) PyBuffer_Release(&self->owner);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* Bounds-checked seek: the file could be damaged, so never index past the end. */
static inline uint32_t seek_checked(const KwgObject *k, uint32_t list, unsigned tile)
{
    if (list == 0) return 0;
    for (uint32_t p = list; p < (uint32_t)k->n_nodes; p++) {
        uint32_t n = k->nodes[p];
        unsigned t = kwg_tile(n);
        if (t == tile) return p;
        if (t > tile || kwg_is_end(n)) return 0;
    }
    return 0;
}

static int walk_dawg(const KwgObject *k, const uint8_t *tiles, Py_ssize_t n)
{
    if (n < 1) return 0;
    uint32_t list = kwg_arc_index(k->nodes[KWG_DAWG_ROOT_NODE]), p = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        p = seek_checked(k, list, tiles[i]);
        if (!p) return 0;
        list = kwg_arc_index(k->nodes[p]);
    }
    return kwg_accepts(k->nodes[p]);
}

static PyObject *Kwg_contains_str(KwgObject *self, PyObject *word)
{
    if (!PyUnicode_Check(word)) {
        PyErr_SetString(PyExc_TypeError, "a word must be str");
        return NULL;
    }
    Py_ssize_t n = PyUnicode_GetLength(word);
    if (n < 1 || n > MAX_WORD) Py_RETURN_FALSE;
    uint8_t tiles[MAX_WORD];
    int kind = PyUnicode_KIND(word);
    const void *data = PyUnicode_DATA(word);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        uint8_t t = c < CP_TABLE ? self->table[c] : 0;
        if (!t) Py_RETURN_FALSE;
        tiles[i] = t;
    }
    return PyBool_FromLong(walk_dawg(self, tiles, n));
}

static int Kwg_sq_contains(KwgObject *self, PyObject *word)
{
    PyObject *r = Kwg_contains_str(self, word);
    if (!r) return -1;
    int v = r == Py_True;
    Py_DECREF(r);
    return v;
}

static PyObject *Kwg_contains_tiles(KwgObject *self, PyObject *arg)
{
    Py_buffer b;
    if (PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0) return NULL;
    int v = walk_dawg(self, b.buf, b.len);
    PyBuffer_Release(&b);
    return PyBool_FromLong(v);
}

/* --- search: anagrams (a rack, with blanks) and patterns (? one letter, * any) --- */

#define PAT_ANY 0xFE
#define PAT_STAR 0xFF
#define MAX_PATTERN 63

typedef struct {
    const KwgObject *k;
    const uint8_t *pat;
    int m, use_pat, use_rack, exact, rack_total, blanks, min_len, max_len, stop;
    uint8_t rack[KWG_MAX_TILE + 1];
    uint8_t word[MAX_WORD + 1];
    uint32_t blank_mask;
    Py_ssize_t limit, found;
    PyObject *out;
} search_t;

/* The pattern as an NFA: state i = "pat[0..i-1] matched"; a set of states is a bitmask. */
static uint64_t pat_closure(const search_t *s, uint64_t set)
{
    for (int i = 0; i < s->m; i++)
        if ((set >> i & 1) && s->pat[i] == PAT_STAR) set |= 1ull << (i + 1);
    return set;
}

static uint64_t pat_step(const search_t *s, uint64_t set, unsigned tile)
{
    uint64_t next = 0;
    for (int i = 0; i < s->m; i++) {
        if (!(set >> i & 1)) continue;
        uint8_t c = s->pat[i];
        if (c == PAT_STAR) next |= 1ull << i;
        else if (c == PAT_ANY || c == tile) next |= 1ull << (i + 1);
    }
    return pat_closure(s, next);
}

static int emit(search_t *s, int len)
{
    Py_UCS4 chars[MAX_WORD];
    for (int i = 0; i < len; i++) chars[i] = s->k->letters[s->word[i]];
    /* FromKindAndData picks the narrowest representation, as str equality needs. */
    PyObject *str = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, chars, len);
    if (!str) return -1;
    PyObject *item = Py_BuildValue("(NI)", str, (unsigned)s->blank_mask);
    if (!item) return -1;
    int r = PyList_Append(s->out, item);
    Py_DECREF(item);
    if (r < 0) return -1;
    if (++s->found == s->limit) s->stop = 1;
    return 0;
}

static int search_dfs(search_t *s, uint32_t list, int depth, uint64_t set)
{
    const KwgObject *k = s->k;
    if (list == 0) return 0;
    for (uint32_t p = list; p < (uint32_t)k->n_nodes && !s->stop; p++) {
        uint32_t node = k->nodes[p];
        unsigned t = kwg_tile(node);
        uint64_t next = s->use_pat ? pat_step(s, set, t) : 0;
        int ok = !s->use_pat || next != 0, blank = 0;
        if (ok && s->use_rack) {
            if (s->rack[t] > 0) s->rack[t]--;
            else if (s->blanks > 0) { s->blanks--; blank = 1; }
            else ok = 0;
        }
        if (ok && t >= 1 && (int)t <= k->alphabet) {
            int len = depth + 1;
            s->word[depth] = (uint8_t)t;
            if (blank) s->blank_mask |= 1u << depth;
            if (kwg_accepts(node) && len >= s->min_len && (!s->use_pat || (next >> s->m & 1)) &&
                (!s->exact || len == s->rack_total)) {
                if (emit(s, len) < 0) return -1;
            }
            if (len < s->max_len && search_dfs(s, kwg_arc_index(node), len, next) < 0) return -1;
            s->blank_mask &= ~(1u << depth);
        }
        if (blank) s->blanks++;
        else if (ok && s->use_rack) s->rack[t]++;
        if (kwg_is_end(node)) break;
    }
    return 0;
}

PyDoc_STRVAR(search_doc,
"search(pattern=None, rack=None, blanks=0, exact=False, min_len=2, max_len=15, limit=-1)\n"
"-> list of (word, blank_mask)\n\n"
"Words of the DAWG in alphabet order that match `pattern` (bytes: tile 1..n, 0xFE any\n"
"one letter, 0xFF any run of letters) and can be made from `rack` (bytes: count of\n"
"each tile, index = tile) plus `blanks`; with exact, using every tile. Bit i of\n"
"blank_mask is set when letter i comes from a blank (real tiles are used first).");

static PyObject *Kwg_search(KwgObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"pattern", "rack", "blanks", "exact", "min_len", "max_len", "limit", NULL};
    PyObject *pattern = Py_None, *rack = Py_None;
    int blanks = 0, exact = 0, min_len = 2, max_len = MAX_WORD;
    Py_ssize_t limit = -1;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|OOipiin", kwlist, &pattern, &rack, &blanks, &exact, &min_len,
                                     &max_len, &limit))
        return NULL;
    search_t s;
    memset(&s, 0, sizeof s);
    s.k = self;
    s.limit = limit;
    s.min_len = min_len < 1 ? 1 : min_len;
    s.max_len = max_len > MAX_WORD ? MAX_WORD : max_len;
    s.blanks = blanks < 0 ? 0 : blanks;
    Py_buffer pb = {0}, rb = {0};
    if (pattern != Py_None) {
        if (PyObject_GetBuffer(pattern, &pb, PyBUF_SIMPLE) < 0) return NULL;
        if (pb.len > MAX_PATTERN) {
            PyBuffer_Release(&pb);
            PyErr_SetString(PyExc_ValueError, "a pattern has at most 63 symbols");
            return NULL;
        }
        s.use_pat = 1;
        s.pat = pb.buf;
        s.m = (int)pb.len;
    }
    if (rack != Py_None) {
        if (PyObject_GetBuffer(rack, &rb, PyBUF_SIMPLE) < 0) {
            if (s.use_pat) PyBuffer_Release(&pb);
            return NULL;
        }
        const uint8_t *r = rb.buf;
        for (Py_ssize_t i = 1; i < rb.len && i <= self->alphabet; i++) {
            s.rack[i] = r[i];
            s.rack_total += r[i];
        }
        PyBuffer_Release(&rb);
        s.use_rack = 1;
        s.rack_total += s.blanks;
        s.exact = exact;
        if (s.max_len > s.rack_total) s.max_len = s.rack_total;
    }
    s.out = PyList_New(0);
    int r = 0;
    if (s.out && s.limit != 0)
        r = search_dfs(&s, kwg_arc_index(self->nodes[KWG_DAWG_ROOT_NODE]), 0, s.use_pat ? pat_closure(&s, 1) : 0);
    if (s.use_pat) PyBuffer_Release(&pb);
    if (!s.out) return NULL;
    if (r < 0) {
        Py_DECREF(s.out);
        return NULL;
    }
    return s.out;
}

PyDoc_STRVAR(letter_sets_doc,
"letter_sets(list_index) -> (letters, accepting)\n\n"
"Bit sets of the tiles in the sibling list starting at list_index (bit t = tile t,\n"
"bit 0 = separator) and of those whose node accepts: kwg_letter_set of kwg.h.\n"
"letter_sets(kwg.dawg_root) gives the possible first letters of words.");

static PyObject *Kwg_letter_sets(KwgObject *self, PyObject *arg)
{
    Py_ssize_t list = PyLong_AsSsize_t(arg);
    if (list == -1 && PyErr_Occurred()) return NULL;
    if (list < 0 || list >= self->n_nodes) {
        PyErr_SetString(PyExc_IndexError, "list index outside the node array");
        return NULL;
    }
    /* kwg_letter_set trusts the array; check first that the list ends inside it. */
    Py_ssize_t end = list;
    while (list != 0 && end < self->n_nodes && !kwg_is_end(self->nodes[end])) end++;
    if (end >= self->n_nodes) {
        PyErr_SetString(PyExc_ValueError, "damaged lexicon: a sibling list runs past the end");
        return NULL;
    }
    uint64_t acc = 0, all = kwg_letter_set(self->nodes, (uint32_t)list, &acc);
    return Py_BuildValue("(KK)", (unsigned long long)all, (unsigned long long)acc);
}

static PyObject *Kwg_get_dawg_root(KwgObject *self, void *closure)
{
    return PyLong_FromUnsignedLong(kwg_dawg_root(self->nodes));
}

static PyObject *Kwg_get_gaddag_root(KwgObject *self, void *closure)
{
    return PyLong_FromUnsignedLong(kwg_gaddag_root(self->nodes));
}

static void capsule_release(PyObject *capsule)
{
    PyObject *owner = PyCapsule_GetContext(capsule);
    Py_XDECREF(owner);
}

static PyObject *Kwg_capsule(KwgObject *self, PyObject *unused)
{
    PyObject *c = PyCapsule_New(&self->view, KWG_CAPSULE_NAME, capsule_release);
    if (!c) return NULL;
    /* The capsule keeps the Kwg (and so the mapping) alive. */
    Py_INCREF(self);
    if (PyCapsule_SetContext(c, self) < 0) {
        Py_DECREF(self);
        Py_DECREF(c);
        return NULL;
    }
    return c;
}

static PyObject *Kwg_get_n_nodes(KwgObject *self, void *closure) { return PyLong_FromSsize_t(self->n_nodes); }
static PyObject *Kwg_get_alphabet(KwgObject *self, void *closure) { return PyLong_FromLong(self->alphabet); }

static int Kwg_getbuffer(KwgObject *self, Py_buffer *view, int flags)
{
    if (flags & PyBUF_WRITABLE) {
        PyErr_SetString(PyExc_BufferError, "the lexicon is read-only");
        view->obj = NULL;
        return -1;
    }
    view->buf = (void *)self->nodes;
    view->len = self->n_nodes * 4;
    view->readonly = 1;
    view->itemsize = 4;
    view->format = (flags & PyBUF_FORMAT) ? "I" : NULL;
    view->ndim = 1;
    view->shape = (flags & PyBUF_ND) ? &self->n_nodes : NULL;
    view->strides = (flags & PyBUF_STRIDES) ? &view->itemsize : NULL;
    view->suboffsets = NULL;
    view->internal = NULL;
    view->obj = (PyObject *)self;
    Py_INCREF(self);
    self->exports++;
    return 0;
}

static void Kwg_releasebuffer(KwgObject *self, Py_buffer *view) { self->exports--; }

static PyBufferProcs Kwg_as_buffer = {(getbufferproc)Kwg_getbuffer, (releasebufferproc)Kwg_releasebuffer};

static PySequenceMethods Kwg_as_sequence = {.sq_contains = (objobjproc)Kwg_sq_contains};

static PyMethodDef Kwg_methods[] = {
    {"contains", (PyCFunction)Kwg_contains_str, METH_O,
     "contains(word) -> bool: whether the word (str, either case) is in the DAWG."},
    {"contains_tiles", (PyCFunction)Kwg_contains_tiles, METH_O,
     "contains_tiles(tiles) -> bool: the same for a bytes of 1-based tile indices."},
    {"search", (PyCFunction)(void (*)(void))Kwg_search, METH_VARARGS | METH_KEYWORDS, search_doc},
    {"letter_sets", (PyCFunction)Kwg_letter_sets, METH_O, letter_sets_doc},
    {"capsule", (PyCFunction)Kwg_capsule, METH_NOARGS,
     "capsule() -> a PyCapsule named '" KWG_CAPSULE_NAME "' holding a kwg_view_t* (kwg.h)."},
    {NULL}};

static PyGetSetDef Kwg_getset[] = {
    {"n_nodes", (getter)Kwg_get_n_nodes, NULL, "number of 32-bit nodes", NULL},
    {"alphabet_size", (getter)Kwg_get_alphabet, NULL, "letters in the tile set (tiles 1..n)", NULL},
    {"dawg_root", (getter)Kwg_get_dawg_root, NULL, "first node of the DAWG root list", NULL},
    {"gaddag_root", (getter)Kwg_get_gaddag_root, NULL, "first node of the GADDAG root list", NULL},
    {NULL}};

static PyTypeObject KwgType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "plansza.lexicon._kwg.Kwg",
    .tp_basicsize = sizeof(KwgObject),
    .tp_dealloc = (destructor)Kwg_dealloc,
    .tp_as_sequence = &Kwg_as_sequence,
    .tp_as_buffer = &Kwg_as_buffer,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Kwg(buffer, offset, n_nodes, lower, upper): a read-only compiled lexicon (see kwg.h).",
    .tp_methods = Kwg_methods,
    .tp_getset = Kwg_getset,
    .tp_new = Kwg_new,
};

static PyMethodDef module_methods[] = {
    {"parse_words", py_parse_words, METH_VARARGS, parse_words_doc},
    {"build", py_build, METH_VARARGS, build_doc},
    {NULL}};

static struct PyModuleDef kwg_module = {PyModuleDef_HEAD_INIT, "plansza.lexicon._kwg",
                                        "The compiled core of the lexicon (see kwg.h).", -1, module_methods};

PyMODINIT_FUNC PyInit__kwg(void)
{
    if (PyType_Ready(&KwgType) < 0) return NULL;
    PyObject *m = PyModule_Create(&kwg_module);
    if (!m) return NULL;
    Py_INCREF(&KwgType);
    if (PyModule_AddObject(m, "Kwg", (PyObject *)&KwgType) < 0 ||
        PyModule_AddIntConstant(m, "FORMAT_VERSION", KWG_FORMAT_VERSION) < 0 ||
        PyModule_AddIntConstant(m, "MAX_WORD", MAX_WORD) < 0 ||
        PyModule_AddIntConstant(m, "BUILDER_VERSION", BUILDER_VERSION) < 0 ||
        PyModule_AddIntConstant(m, "MAX_NODES", KWG_MAX_NODES) < 0 ||
        PyModule_AddIntConstant(m, "PAT_ANY", PAT_ANY) < 0 ||
        PyModule_AddIntConstant(m, "PAT_STAR", PAT_STAR) < 0 ||
        PyModule_AddStringConstant(m, "CAPSULE_NAME", KWG_CAPSULE_NAME) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
