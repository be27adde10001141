/*
 * plansza.movegen._movegen — the compiled move generator.
 *
 * Gordon's GADDAG algorithm ("A faster Scrabble move generation algorithm",
 * 1994) over a KWG-style automaton: one flat array of 32-bit nodes holding a
 * DAWG (root: node 0's arc) and a GADDAG (root: node 1's arc). The node layout
 * is the lexicon's, read through its header lexicon/kwg.h. The buffer is reached
 * through the buffer protocol and never copied.
 *
 * A Position keeps the board twice (rows and columns, so every lane is a
 * contiguous array), and for each direction and square the cross-set (bit t set
 * when letter t may be put there: the perpendicular word stays valid) and the
 * cross-score (points of the perpendicular tiles, -1 when there are none).
 * Placing tiles recomputes only the lanes they touch: their row(s) and
 * column(s) — at most 1 + 7 for a play.
 *
 * Moves come out as a flat array of 24-byte records (struct Move) that Python
 * decodes on demand.
 *
 * Tile codes: 1..nletters for letters (the tile set's alphabet order), 0 for
 * the GADDAG separator; on the board BLANK_FLAG marks a blank.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>

#define N 15
#define MAXLET 63
#define BLANK_FLAG 0x40
#define THROUGH_FLAG 0x80
#define LETTER(t) ((t) & 0x3F)

/* ---- KWG node layout: the lexicon's own header, the single source of truth ---- */
#include "../lexicon/kwg.h"

/* ---- the move record handed to Python ---- */
typedef struct {
    int32_t score;
    uint8_t dir, lane, start, len, ntiles, pad[3];
    uint8_t word[N]; /* letter code | BLANK_FLAG | THROUGH_FLAG (already on the board) */
    uint8_t pad2;
} Move; /* 4 + 8 + 15 + 1 = 28 bytes */

typedef struct {
    PyObject_HEAD
    Py_buffer view;
    int have_view;
    const uint32_t *kwg;
    Py_ssize_t nnodes;
    int nletters;
    int value[128]; /* by board code: a blank (BLANK_FLAG) is worth 0 */
    uint8_t lm[2][N][N], wm[2][N][N]; /* premiums, lane-oriented */
    int rack_size, bingo, first_min;
    uint8_t tiles[2][N][N];   /* [dir][lane][idx]; dir 0 = across (lane = row) */
    uint64_t cross[2][N][N];  /* cross-set for playing along dir at [lane][idx] */
    int16_t cscore[2][N][N];  /* perpendicular tiles' points, -1 = no perpendicular tiles */
    int ntiles;
    int busy; /* generations running without the GIL: the board must not change */
} PositionObject;

/* ---- automaton helpers ---- */

/* The child of list p with tile t, or 0. Lists are sorted by tile. */
static inline uint32_t child(const PositionObject *P, uint32_t p, int t) {
    if (!p) return 0;
    for (;;) {
        uint32_t n = P->kwg[p];
        int nt = (int)kwg_tile(n);
        if (nt == t) return p;
        if (nt > t || kwg_is_end(n)) return 0;
        p++;
    }
}

static uint64_t all_letters(const PositionObject *P) {
    return ((P->nletters >= 63) ? ~0ULL : ((1ULL << (P->nletters + 1)) - 1)) & ~1ULL;
}

/* Recompute cross-sets for the direction perpendicular to `dir` on the empty
 * squares of lane `lane` of direction `dir` (they depend on the runs along it). */
static void update_lane(PositionObject *P, int dir, int lane) {
    const uint8_t *row = P->tiles[dir][lane];
    int od = 1 - dir;
    uint32_t droot = kwg_arc_index(P->kwg[0]);
    for (int i = 0; i < N; i++) {
        if (row[i]) continue;
        int b = i, e = i;
        while (b > 0 && row[b - 1]) b--;
        while (e < N - 1 && row[e + 1]) e++;
        if (b == i && e == i) {
            P->cross[od][i][lane] = all_letters(P);
            P->cscore[od][i][lane] = -1;
            continue;
        }
        int sc = 0;
        for (int j = b; j <= e; j++)
            if (j != i) sc += P->value[row[j]];
        P->cscore[od][i][lane] = (int16_t)sc;
        /* Walk the part before through the DAWG, then try every next letter
         * and walk the part after from it. */
        uint32_t p = droot;
        for (int j = b; j < i && p; j++) {
            uint32_t c = child(P, p, LETTER(row[j]));
            p = c ? kwg_arc_index(P->kwg[c]) : 0;
        }
        uint64_t set = 0;
        if (p) {
            for (uint32_t q = p;; q++) {
                uint32_t n = P->kwg[q];
                int t = (int)kwg_tile(n);
                if (t) {
                    uint32_t cur = q;
                    for (int j = i + 1; j <= e && cur; j++)
                        cur = child(P, kwg_arc_index(P->kwg[cur]), LETTER(row[j]));
                    if (cur && kwg_accepts(P->kwg[cur])) set |= 1ULL << t;
                }
                if (kwg_is_end(n)) break;
            }
        }
        P->cross[od][i][lane] = set;
    }
}

static void update_all(PositionObject *P) {
    P->ntiles = 0;
    for (int d = 0; d < 2; d++)
        for (int l = 0; l < N; l++) update_lane(P, d, l);
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) P->ntiles += P->tiles[0][r][c] != 0;
}

/* ---- generation ---- */

typedef struct {
    Move *v;
    Py_ssize_t n, cap;
    int failed;
} MoveVec;

static int vec_push(MoveVec *mv, const Move *m) {
    if (mv->n == mv->cap) {
        Py_ssize_t cap = mv->cap ? mv->cap * 2 : 1024;
        Move *nv = realloc(mv->v, cap * sizeof(Move)); /* libc: runs without the GIL */
        if (!nv) { mv->failed = 1; return -1; }
        mv->v = nv;
        mv->cap = cap;
    }
    mv->v[mv->n++] = *m;
    return 0;
}

typedef struct {
    const PositionObject *P;
    int dir, lane, anchor;
    const uint8_t *row, *lm, *wm;
    const uint64_t *cross;
    const int16_t *cs;
    uint8_t is_anchor[N];
    uint8_t word[N];
    int rack[MAXLET + 1]; /* [0] = blanks */
    int left;             /* tiles left on the rack */
    uint64_t natmask;     /* letters with a natural tile left on the rack */
    uint64_t all;         /* every letter of the alphabet */
    int empty_board;
    /* output: all moves, or the best `topn` in a min-heap */
    MoveVec *out;
    int topn;
    int32_t threshold; /* with a full heap: its minimum */
    int32_t floor;     /* top-N pass: only moves scoring above this are wanted */
    /* Top-move pruning for the current anchor (prune = 1): the best bound of any
     * segment still reachable. left_ok[pos]: some word start L <= pos; right_ok[L][r]:
     * from start L, some end R >= r. */
    int prune;
    int rightmost; /* which anchor finds a play: the rightmost (top N) or leftmost it covers */
    int16_t left_ok[N];
    int16_t right_ok[N][N + 1];
} Ctx;

/* Whether a bound can still beat the N-th best found so far. */
static inline int worth(const Ctx *c, int bound) {
    return !c->prune || (bound > c->floor && (c->out->n < c->topn || bound > c->threshold));
}

static void heap_push(Ctx *c, const Move *m) {
    MoveVec *h = c->out;
    if (h->n < c->topn) {
        if (vec_push(h, m) < 0) return;
        Py_ssize_t i = h->n - 1;
        while (i > 0) {
            Py_ssize_t p = (i - 1) / 2;
            if (h->v[p].score <= h->v[i].score) break;
            Move t = h->v[p]; h->v[p] = h->v[i]; h->v[i] = t;
            i = p;
        }
    } else {
        if (m->score <= h->v[0].score) return;
        h->v[0] = *m;
        Py_ssize_t i = 0, n = h->n;
        for (;;) {
            Py_ssize_t l = 2 * i + 1, r = l + 1, s = i;
            if (l < n && h->v[l].score < h->v[s].score) s = l;
            if (r < n && h->v[r].score < h->v[s].score) s = r;
            if (s == i) break;
            Move t = h->v[s]; h->v[s] = h->v[i]; h->v[i] = t;
            i = s;
        }
    }
    if (h->n == c->topn) c->threshold = h->v[0].score;
}

static void record(Ctx *c, int start, int end, int main, int wmul, int xtotal, int nt) {
    if (nt == 0) return; /* only the tiles of the board, read from a run's last tile */
    /* A single tile that also forms an across word is the across move (one move,
     * not one per direction): the down pass leaves it out. */
    if (c->dir == 1 && nt == 1) {
        for (int i = start; i <= end; i++)
            if (!c->row[i] && c->cs[i] >= 0) return;
    }
    if (c->empty_board && nt < c->P->first_min) return;
    Move m;
    m.score = main * wmul + xtotal + (nt == c->P->rack_size ? c->P->bingo : 0);
    if (c->topn && (m.score <= c->floor || (c->out->n == c->topn && m.score <= c->threshold)))
        return;
    m.dir = (uint8_t)c->dir;
    m.lane = (uint8_t)c->lane;
    m.start = (uint8_t)start;
    m.len = (uint8_t)(end - start + 1);
    m.ntiles = (uint8_t)nt;
    m.pad[0] = m.pad[1] = m.pad[2] = 0;
    m.pad2 = 0;
    memset(m.word, 0, N);
    for (int i = start; i <= end; i++)
        m.word[i - start] = c->row[i] ? (uint8_t)(c->row[i] | THROUGH_FLAG) : c->word[i];
    if (c->topn) heap_push(c, &m);
    else vec_push(c->out, &m);
}

/* The letters the rack can still put down: every letter while a blank is left. */
static inline uint64_t rack_mask(const Ctx *c) { return c->rack[0] ? c->all : c->natmask; }

static void gen_right(Ctx *c, int pos, uint32_t p, int start, int main, int wmul, int xt, int nt);
static void gen_left(Ctx *c, int pos, uint32_t p, int main, int wmul, int xt, int nt);

static void after_right(Ctx *c, int pos, uint32_t node_i, int start, int main, int wmul, int xt, int nt) {
    uint32_t n = c->P->kwg[node_i];
    int right_empty = pos == N - 1 || !c->row[pos + 1];
    if (right_empty && kwg_accepts(n)) record(c, start, pos, main, wmul, xt, nt);
    uint32_t arc = kwg_arc_index(n);
    if (arc && pos < N - 1 && !(c->rightmost && c->is_anchor[pos + 1]) &&
        (c->row[pos + 1] || (c->cross[pos + 1] & rack_mask(c))) &&
        worth(c, c->right_ok[start][pos + 1]))
        gen_right(c, pos + 1, arc, start, main, wmul, xt, nt);
}

static void after_left(Ctx *c, int pos, uint32_t node_i, int main, int wmul, int xt, int nt) {
    uint32_t n = c->P->kwg[node_i];
    int left_empty = pos == 0 || !c->row[pos - 1];
    int a = c->anchor;
    if (left_empty && kwg_accepts(n) && (a == N - 1 || !c->row[a + 1]))
        record(c, pos, a, main, wmul, xt, nt);
    uint32_t arc = kwg_arc_index(n);
    if (!arc) return;
    /* Each play is found from one anchor: listing all, from the leftmost it covers
     * (never step left onto another anchor); in a top-N search, from the rightmost
     * (never step right onto one), so the board letters of the whole play are read
     * before the free squares at its left end, and the bounds prune earlier. */
    if (pos > 0 && (c->rightmost || !c->is_anchor[pos - 1]) && worth(c, c->left_ok[pos - 1]) &&
        (c->row[pos - 1] || (c->cross[pos - 1] & rack_mask(c))))
        gen_left(c, pos - 1, arc, main, wmul, xt, nt);
    if (left_empty && a < N - 1 && worth(c, c->right_ok[pos][a + 1])) {
        uint32_t s = child(c->P, arc, 0);
        if (s) {
            uint32_t sarc = kwg_arc_index(c->P->kwg[s]);
            if (sarc && !(c->rightmost && c->is_anchor[a + 1]) &&
                (c->row[a + 1] || (c->cross[a + 1] & rack_mask(c))))
                gen_right(c, a + 1, sarc, pos, main, wmul, xt, nt);
        }
    }
}

/* Place each allowed child's letter at pos (natural tile and/or blank), then go on. */
/* Place each allowed child's letter at pos (natural tile and/or blank), then go
 * on. Sibling lists are sorted by tile, so the walk stops after the highest
 * letter that could be placed. */
#define PLACE_LOOP(AFTER_CALL)                                                        \
    do {                                                                              \
        uint64_t allowed = c->cross[pos] & rack_mask(c);                              \
        if (!allowed) return;                                                         \
        int maxt = 63 - __builtin_clzll(allowed);                                     \
        int lm = c->lm[pos], wm = c->wm[pos], cs = c->cs[pos];                        \
        /* First pass: the children to follow; their own lists are prefetched so    \
         * the memory reads overlap instead of waiting one after another. */          \
        uint32_t qs[64];                                                              \
        int nq = 0;                                                                   \
        for (uint32_t q = p;; q++) {                                                  \
            uint32_t nd = P->kwg[q];                                                  \
            int t = (int)kwg_tile(nd);                                                \
            if (t > maxt) break;                                                      \
            if ((allowed >> t) & 1) {                                                 \
                qs[nq++] = q;                                                         \
                __builtin_prefetch(&P->kwg[kwg_arc_index(nd)]);                       \
            }                                                                         \
            if (kwg_is_end(nd)) break;                                                \
        }                                                                             \
        for (int k = 0; k < nq; k++) {                                                \
            uint32_t q = qs[k];                                                       \
            int t = (int)kwg_tile(P->kwg[q]);                                         \
            if (c->rack[t] > 0) {                                                     \
                int v = P->value[t] * lm;                                             \
                if (--c->rack[t] == 0) c->natmask &= ~(1ULL << t);                    \
                c->left--;                                                            \
                c->word[pos] = (uint8_t)t;                                            \
                int m2 = main + v, w2 = wmul * wm, x2 = xt + (cs >= 0 ? (cs + v) * wm : 0); \
                AFTER_CALL;                                                           \
                if (c->rack[t]++ == 0) c->natmask |= 1ULL << t;                       \
                c->left++;                                                            \
            }                                                                         \
            if (c->rack[0] > 0) {                                                     \
                c->rack[0]--; c->left--;                                              \
                c->word[pos] = (uint8_t)(t | BLANK_FLAG);                             \
                int m2 = main, w2 = wmul * wm, x2 = xt + (cs >= 0 ? cs * wm : 0);     \
                AFTER_CALL;                                                           \
                c->rack[0]++; c->left++;                                              \
            }                                                                         \
        }                                                                             \
    } while (0)

static void gen_left(Ctx *c, int pos, uint32_t p, int main, int wmul, int xt, int nt) {
    const PositionObject *P = c->P;
    uint8_t t = c->row[pos];
    if (t) {
        uint32_t q = child(P, p, LETTER(t));
        if (q) after_left(c, pos, q, main + P->value[t], wmul, xt, nt);
        return;
    }
    PLACE_LOOP(after_left(c, pos, q, m2, w2, x2, nt + 1));
}

static void gen_right(Ctx *c, int pos, uint32_t p, int start, int main, int wmul, int xt, int nt) {
    const PositionObject *P = c->P;
    uint8_t t = c->row[pos];
    if (t) {
        uint32_t q = child(P, p, LETTER(t));
        if (q) after_right(c, pos, q, start, main + P->value[t], wmul, xt, nt);
        return;
    }
    PLACE_LOOP(after_right(c, pos, q, start, m2, w2, x2, nt + 1));
}

/* Set up the lane-level part of the context; returns the number of anchors. */
static int setup_lane(Ctx *c, int dir, int lane) {
    const PositionObject *P = c->P;
    c->dir = dir;
    c->lane = lane;
    c->row = P->tiles[dir][lane];
    c->lm = P->lm[dir][lane];
    c->wm = P->wm[dir][lane];
    c->cross = P->cross[dir][lane];
    c->cs = P->cscore[dir][lane];
    int na = 0;
    for (int i = 0; i < N; i++) {
        int a;
        int before = i > 0 && c->row[i - 1], after = i < N - 1 && c->row[i + 1];
        if (c->empty_board)
            a = (lane == N / 2 && i == N / 2);
        else if (c->row[i])
            a = !after; /* the last tile of a run: the walk reads the run first */
        else
            a = !before && !after && c->cs[i] >= 0; /* a lone square under/over a tile */
        c->is_anchor[i] = (uint8_t)a;
        na += a;
    }
    return na;
}

static void gen_anchor(Ctx *c, int a) {
    c->anchor = a;
    uint32_t groot = kwg_arc_index(c->P->kwg[1]);
    if (groot && c->left > 0) gen_left(c, a, groot, 0, 1, 0, 0);
}

/* ---- upper bound of the score of any play whose leftmost anchor is `a` ---- */

static int rack_vals_desc(const Ctx *c, int *vals) {
    int n = 0;
    for (int t = 1; t <= c->P->nletters; t++)
        for (int k = 0; k < c->rack[t]; k++) vals[n++] = c->P->value[t];
    for (int k = 0; k < c->rack[0]; k++) vals[n++] = 0;
    for (int i = 1; i < n; i++) { /* insertion sort, descending */
        int v = vals[i], j = i - 1;
        while (j >= 0 && vals[j] < v) { vals[j + 1] = vals[j]; j--; }
        vals[j + 1] = v;
    }
    return n;
}

/* The bound of each segment [L, R] a play from anchor a can cover as its main
 * word goes to segb[L][R] (-1: not a possible segment) when segb is given. */
static int anchor_bound(const Ctx *c, int a, const int *vals, int nvals, uint64_t rackmask,
                        int16_t (*segb)[N], int *plain) {
    const PositionObject *P = c->P;
    const uint8_t *row = c->row;
    if (segb)
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) segb[i][j] = -1;
    int own = row[a] ? 0 : 1; /* an empty anchor takes a tile itself */
    if (own && !(c->cross[a] & rackmask)) return -1;
    /* The segments of plays a top-N search finds from a, its rightmost anchor:
     * any start L to the left (emp: the empty squares passed, a excluded), any
     * end R before the next anchor to the right. */
    int Ls[N], nL = 0;
    {
        int pos = a, emp = 0;
        for (;;) {
            /* pos is in the word; can the word start here? */
            if (pos == 0 || !row[pos - 1]) Ls[nL++] = pos;
            if (pos == 0) break; /* (the top-N search: rightmost anchors) */
            if (row[pos - 1]) { pos--; continue; }
            if (emp + own + 1 > nvals || !(c->cross[pos - 1] & rackmask)) break;
            pos--; emp++;
        }
    }
    int best = -1;
    for (int li = 0; li < nL; li++) {
        int L0 = Ls[li];
        /* The segment grows square by square from L0: tiles played through, the
         * main word's multiplier, the empty squares. */
        int through = 0, wmain = 1, ne = 0;
        uint8_t eidx[N];
#define ADD_SQUARE(i)                                                   \
        do {                                                            \
            if (row[i]) through += P->value[row[i]];                    \
            else { wmain *= c->wm[i]; eidx[ne++] = (uint8_t)(i); }      \
        } while (0)
        for (int i = L0; i <= a; i++) ADD_SQUARE(i);
        /* The coefficients, sorted (highest first) for the multiplier coef_w; a new
         * empty square is inserted, a new word multiplier means sorting anew. */
        int coef[N], ncoef = 0, coef_w = 0, xfix = 0;
        for (int R = a;;) {
            if ((R == N - 1 || !row[R + 1]) && R > L0 && ne > 0) {
                if (coef_w != wmain) { ncoef = 0; xfix = 0; coef_w = wmain; }
                for (; ncoef < ne; ncoef++) {
                    int i = eidx[ncoef];
                    int cf = wmain;
                    if (c->cs[i] >= 0) { cf += c->wm[i]; xfix += c->cs[i] * c->wm[i]; }
                    cf *= c->lm[i];
                    int j = ncoef - 1; /* insertion, descending */
                    while (j >= 0 && coef[j] < cf) { coef[j + 1] = coef[j]; j--; }
                    coef[j + 1] = cf;
                }
                int sc = through * wmain + xfix;
                for (int k = 0; k < ne; k++) sc += coef[k] * vals[k];
                if (plain && sc > *plain) *plain = sc; /* the best bound without a bingo */
                if (ne == P->rack_size) sc += P->bingo;
                if (sc > best) best = sc;
                if (segb) segb[L0][R] = (int16_t)sc;
            }
            if (R == N - 1) break;
            if (c->is_anchor[R + 1]) break;
            if (!row[R + 1] && (ne >= nvals || !(c->cross[R + 1] & rackmask))) break;
            R++;
            ADD_SQUARE(R);
        }
#undef ADD_SQUARE
    }
    return best;
}

/* Fill the pruning tables of anchor a from its segment bounds. */
static void prepare_pruning(Ctx *c, int a, const int *vals, int nvals, uint64_t rackmask) {
    int16_t segb[N][N];
    anchor_bound(c, a, vals, nvals, rackmask, segb, NULL);
    int16_t run = -1;
    for (int L = 0; L < N; L++) {
        int16_t m = -1;
        c->right_ok[L][N] = -1;
        for (int r = N - 1; r >= 0; r--) {
            if (segb[L][r] > m) m = segb[L][r];
            c->right_ok[L][r] = m;
        }
        if (m > run) run = m;
        c->left_ok[L] = run;
    }
    /* left_ok[pos] must cover every start L <= pos: the running maximum above. */
    c->prune = 1;
}

typedef struct { int bound; uint8_t dir, lane, anchor; } AnchorB;

static int cmp_anchor(const void *x, const void *y) {
    const AnchorB *a = x, *b = y;
    return b->bound - a->bound;
}

/* ---- Python glue ---- */

static int parse_rack(PositionObject *P, Ctx *c, const uint8_t *rack, Py_ssize_t n) {
    memset(c->rack, 0, sizeof c->rack);
    c->left = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int t = rack[i];
        if (t > P->nletters) {
            PyErr_Format(PyExc_ValueError, "rack tile code %d is not a letter", t);
            return -1;
        }
        c->rack[t]++;
        c->left++;
    }
    c->all = all_letters(P);
    c->natmask = 0;
    for (int t = 1; t <= P->nletters; t++)
        if (c->rack[t]) c->natmask |= 1ULL << t;
    return 0;
}

static void init_ctx(PositionObject *P, Ctx *c, MoveVec *out, int topn) {
    c->P = P;
    c->out = out;
    c->topn = topn;
    c->threshold = INT32_MIN;
    c->floor = INT32_MIN;
    c->rightmost = topn > 0;
    c->prune = 0;
    c->empty_board = P->ntiles == 0;
}

static int cmp_move_desc(const void *x, const void *y) {
    const Move *a = x, *b = y;
    if (a->score != b->score) return b->score > a->score ? 1 : -1;
    return 0;
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
    if (c.left > 0) {
        for (int d = 0; d < 2; d++)
            for (int l = 0; l < N; l++) {
                if (!setup_lane(&c, d, l)) continue;
                for (int a = 0; a < N; a++)
                    if (c.is_anchor[a]) gen_anchor(&c, a);
            }
    }
    Py_END_ALLOW_THREADS
    P->busy--;
    if (out.failed) { free(out.v); return PyErr_NoMemory(); }
    PyObject *res = PyBytes_FromStringAndSize((const char *)out.v, out.n * (Py_ssize_t)sizeof(Move));
    free(out.v);
    return res;
}

static PyObject *Position_top(PositionObject *P, PyObject *args) {
    Py_buffer rack;
    int topn = 1;
    if (!PyArg_ParseTuple(args, "y*|i", &rack, &topn)) return NULL;
    if (topn < 1) { PyBuffer_Release(&rack); PyErr_SetString(PyExc_ValueError, "n must be at least 1"); return NULL; }
    Ctx c;
    MoveVec out = {0};
    init_ctx(P, &c, &out, topn);
    if (parse_rack(P, &c, rack.buf, rack.len) < 0) { PyBuffer_Release(&rack); return NULL; }
    PyBuffer_Release(&rack);
    P->busy++;
    Py_BEGIN_ALLOW_THREADS
    if (c.left > 0) {
        int vals[MAXLET + 8];
        int nv = rack_vals_desc(&c, vals);
        uint64_t rackmask = 0;
        if (c.rack[0]) rackmask = all_letters(P);
        else
            for (int t = 1; t <= P->nletters; t++)
                if (c.rack[t]) rackmask |= 1ULL << t;
        AnchorB ab[2 * N * N];
        int plain = -1;
        int na = 0;
        for (int d = 0; d < 2; d++)
            for (int l = 0; l < N; l++) {
                if (!setup_lane(&c, d, l)) continue;
                for (int a = 0; a < N; a++) {
                    if (!c.is_anchor[a]) continue;
                    int b = anchor_bound(&c, a, vals, nv, rackmask, NULL, &plain);
                    if (b < 0) continue;
                    ab[na].bound = b; ab[na].dir = (uint8_t)d; ab[na].lane = (uint8_t)l; ab[na].anchor = (uint8_t)a;
                    na++;
                }
            }
        qsort(ab, na, sizeof ab[0], cmp_anchor);
        /* Aspiration: first look only for moves above half the highest bound of a
         * play that is not a bingo (bingo bounds are loose: +50 for any long enough
         * gap), where the bounds prune hard; if fewer than N turn up, halve the
         * floor, and at last search without one. Every pass finds every move above
         * its floor, so a pass that fills the N slots is exact. */
        int32_t floor_ = na ? plain / 2 : INT32_MIN;
        for (;;) {
            out.n = 0;
            c.threshold = INT32_MIN;
            c.floor = floor_;
            int cur_dir = -1, cur_lane = -1;
            for (int i = 0; i < na; i++) {
                /* No play from here on can beat the N found so far, or the floor. */
                if (ab[i].bound <= c.floor || (out.n == topn && ab[i].bound <= c.threshold)) break;
                if (ab[i].dir != cur_dir || ab[i].lane != cur_lane) {
                    setup_lane(&c, ab[i].dir, ab[i].lane);
                    cur_dir = ab[i].dir; cur_lane = ab[i].lane;
                }
                prepare_pruning(&c, ab[i].anchor, vals, nv, rackmask);
                gen_anchor(&c, ab[i].anchor);
            }
            if (out.n == topn || floor_ == INT32_MIN || out.failed) break;
            floor_ = floor_ > 4 ? floor_ / 2 : INT32_MIN;
        }
    }
    if (!out.failed) qsort(out.v, out.n, sizeof(Move), cmp_move_desc);
    Py_END_ALLOW_THREADS
    P->busy--;
    if (out.failed) { free(out.v); return PyErr_NoMemory(); }
    PyObject *res = PyBytes_FromStringAndSize((const char *)out.v, out.n * (Py_ssize_t)sizeof(Move));
    free(out.v);
    return res;
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
    uint64_t rackmask = 0;
    if (c.rack[0]) rackmask = all_letters(P);
    else
        for (int t = 1; t <= P->nletters; t++)
            if (c.rack[t]) rackmask |= 1ULL << t;
    for (int dd = 0; dd < 2; dd++)
        for (int l = 0; l < N; l++) {
            if (!setup_lane(&c, dd, l)) continue;
            for (int a = 0; a < N; a++) {
                if (!c.is_anchor[a]) continue;
                PyObject *k = Py_BuildValue("(iii)", dd, l, a);
                PyObject *v = PyLong_FromLong(anchor_bound(&c, a, vals, nv, rackmask, NULL, NULL));
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
    {"top", (PyCFunction)Position_top, METH_VARARGS, "top(rack_codes, n=1) -> bytes of the n best move records, best first."},
    {"anchor_bounds", (PyCFunction)Position_anchor_bounds, METH_VARARGS, "anchor_bounds(rack_codes) -> {(dir, lane, idx): bound}."},
    {"cross_set", (PyCFunction)Position_cross_set, METH_VARARGS, "cross_set(dir, row, col) -> (bitmask, cross score)."},
    {"board", (PyCFunction)Position_board, METH_NOARGS, "board() -> 225 tile codes, row-major."},
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

static struct PyModuleDef moduledef = {
    PyModuleDef_HEAD_INIT, "_movegen", "The compiled move generator (GADDAG, cross-sets, shadow-bounded top moves).", -1, NULL, NULL, NULL, NULL, NULL,
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
