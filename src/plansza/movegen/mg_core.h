/*
 * plansza.movegen — the compiled move generator's core (mg_core.h).
 *
 * Included by _movegen.c (the Python type around it) and by other compiled
 * modules that search over positions (the endgame solver): everything here is
 * static, so each includer gets its own copy and nothing is exported.
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
#ifndef PLANSZA_MG_CORE_H
#define PLANSZA_MG_CORE_H
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
#define MAXB 3 /* pruning tables by blanks left on the rack: 0, 1, 2 or more */

/* ---- KWG node layout: the lexicon's own header, the single source of truth ---- */
#include "../lexicon/kwg.h"

/* ---- the move record handed to Python ---- */
typedef struct {
    int32_t score;
    uint8_t dir, lane, start, len, ntiles, pad[3];
    uint8_t word[N]; /* letter code | BLANK_FLAG | THROUGH_FLAG (already on the board) */
    uint8_t pad2;
    int32_t key; /* what the top-N search ranks by: the score, or score*scale + leave value */
} Move; /* 4 + 8 + 15 + 1 + 4 = 32 bytes */

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
    /* The work of the last generate/top to finish (anchors walked, squares visited,
     * plays recorded, anchor bounds computed): deterministic, so the suite can
     * catch a search that does more on any machine (tests/movegen/test_work.py). */
    int64_t work[4];
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

/* The letters that may go on empty square i of `row` between the runs b..i-1 and
 * i+1..e: walk the part before through the DAWG, then try every next letter and
 * walk the part after from it. */
static uint64_t cross_walk(const PositionObject *P, const uint8_t *row, int b, int i, int e) {
    uint32_t p = kwg_arc_index(P->kwg[0]);
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
    return set;
}

/* Recompute cross-sets for the direction perpendicular to `dir` on the empty
 * squares of lane `lane` of direction `dir` (they depend on the runs along it). */
static void update_lane(PositionObject *P, int dir, int lane) {
    const uint8_t *row = P->tiles[dir][lane];
    int od = 1 - dir;
    uint64_t all = all_letters(P);
    for (int i = 0; i < N; i++) {
        if (row[i]) continue;
        int b = i, e = i;
        while (b > 0 && row[b - 1]) b--;
        while (e < N - 1 && row[e + 1]) e++;
        if (b == i && e == i) {
            P->cross[od][i][lane] = all;
            P->cscore[od][i][lane] = -1;
            continue;
        }
        int sc = 0;
        for (int j = b; j <= e; j++)
            if (j != i) sc += P->value[row[j]];
        P->cscore[od][i][lane] = (int16_t)sc;
        P->cross[od][i][lane] = cross_walk(P, row, b, i, e);
    }
}

static void update_all(PositionObject *P) {
    static const uint8_t empty[N] = {0};
    uint64_t all = all_letters(P);
    P->ntiles = 0;
    for (int d = 0; d < 2; d++)
        for (int l = 0; l < N; l++) {
            if (memcmp(P->tiles[d][l], empty, N)) { update_lane(P, d, l); continue; }
            /* A lane without tiles: every square open, no perpendicular tiles. */
            int od = 1 - d;
            for (int i = 0; i < N; i++) {
                P->cross[od][i][l] = all;
                P->cscore[od][i][l] = -1;
            }
        }
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
    int32_t below;     /* the best key met at or under the floor (INT32_MIN: none) */
    /* Top-move pruning for the current anchor (prune = 1): the best bound of any
     * segment still reachable. left_ok[pos]: some word start L <= pos; right_ok[L][r]:
     * from start L, some end R >= r. */
    int prune;
    int rightmost; /* which anchor finds a play: the rightmost (top N) or leftmost it covers */
    /* Bounds as keys (score * scale + the best leave the play can keep), one table
     * for each number of blanks still on the rack (see leave_keep): a play that has
     * put down a blank can no longer keep it. */
    int32_t left_ok[MAXB][N];
    int32_t right_ok[MAXB][N][N + 1];
    /* Equity mode (leave_tab set): a move's key is score * scale + the value of
     * the tiles it leaves on the rack, read from leave_tab at the leave's
     * mixed-radix index: sum of count[t] * leave_mul[t] over the rack's distinct
     * tile codes ldist[] (blank = 0 first, then letters in alphabet order). */
    const int32_t *leave_tab;
    int leave_mul[MAXLET + 1];
    int ldist[MAXLET + 1];
    int nldist;
    int32_t scale;
    /* The best value of a leave of k tiles (0 without a leave table): a play that
     * puts down ne of the rack's `left` tiles keeps left - ne of them, so its key is
     * at most its score * scale + leave_keep[b][left - ne], b the blanks still on
     * the rack (the leave holds at most b of them; the last table: any number).
     * nkeep tables are set (1 without a leave table: all zero); `keep` is the one
     * anchor_bound reads. */
    int32_t leave_keep[MAXB][MAXLET + 8];
    int nkeep;
    const int32_t *keep;
    /* A top-N search first walks like the full listing (no bounds), counting the
     * squares it visits; past `budget` it stops (aborted = 1) and the bounded
     * search takes over. */
    int64_t steps, budget;
    int aborted;
    /* Work counted for P->work: anchors walked, plays recorded, bounds computed
     * (the squares visited are `steps`). */
    int64_t n_anchors, n_records, n_bounds;
    /* Whether the whole rack makes a word by itself: a segment of rack_size empty
     * squares and no tile of the board holds only such a word, so without one it
     * is no play at all. 1 when not to be asked, -1 when not asked yet (asked by
     * the first bound that needs it: a search of the lexicon, a few µs). */
    int rack_word;
} __attribute__((aligned(64))) Ctx;
/* Aligned to a cache line: left to the stack's 16 bytes, where the hot fields
 * fell moved from process to process, and with them the time of a walk by up to
 * 4 % (issue 32: the top/all ratio of the smallest positions read 0.96 in one
 * process and 1.01 in the next). */

/* The pruning table for the blanks still on the rack. */
static inline int blanks_table(const Ctx *c) {
    return c->rack[0] < c->nkeep - 1 ? c->rack[0] : c->nkeep - 1;
}

/* Whether a bound (a key: no play's key can exceed it) can still beat the N-th best
 * found so far. */
static inline int worth(const Ctx *c, int32_t bound) {
    if (!c->prune) return 1;
    return bound > c->floor && (c->out->n < c->topn || bound > c->threshold);
}

/* The top-N order: the key, the score, then across before down, the lowest
 * lane, the lowest start, the word's codes (total, so the list comes out sorted
 * the same way; which of several plays tied at the N-th key are kept still
 * depends on the order the search meets them: ties are not searched for). */
static inline int move_above(const Move *a, const Move *b) {
    if (a->key != b->key) return a->key > b->key;
    if (a->score != b->score) return a->score > b->score;
    if (a->dir != b->dir) return a->dir < b->dir;
    if (a->lane != b->lane) return a->lane < b->lane;
    if (a->start != b->start) return a->start < b->start;
    return memcmp(a->word, b->word, N) < 0;
}

static void heap_push(Ctx *c, const Move *m) {
    MoveVec *h = c->out;
    if (h->n < c->topn) {
        if (vec_push(h, m) < 0) return;
        Py_ssize_t i = h->n - 1;
        while (i > 0) {
            Py_ssize_t p = (i - 1) / 2;
            if (!move_above(&h->v[p], &h->v[i])) break;
            Move t = h->v[p]; h->v[p] = h->v[i]; h->v[i] = t;
            i = p;
        }
    } else {
        if (m->key <= h->v[0].key) return;
        h->v[0] = *m;
        Py_ssize_t i = 0, n = h->n;
        for (;;) {
            Py_ssize_t l = 2 * i + 1, r = l + 1, s = i;
            if (l < n && move_above(&h->v[s], &h->v[l])) s = l;
            if (r < n && move_above(&h->v[s], &h->v[r])) s = r;
            if (s == i) break;
            Move t = h->v[s]; h->v[s] = h->v[i]; h->v[i] = t;
            i = s;
        }
    }
    if (h->n == c->topn) c->threshold = h->v[0].key;
}

static void record(Ctx *c, int start, int end, int main, int wmul, int xtotal, int nt) {
    c->n_records++;
    if (nt == 0) return; /* only the tiles of the board, read from a run's last tile */
    if (c->empty_board && nt < c->P->first_min) return;
    Move m;
    m.score = main * wmul + xtotal + (nt == c->P->rack_size ? c->P->bingo : 0);
    m.key = m.score;
    if (c->leave_tab) {
        /* c->rack holds exactly the tiles this move leaves. */
        int idx = 0;
        for (int k = 0; k < c->nldist; k++) idx += c->rack[c->ldist[k]] * c->leave_mul[c->ldist[k]];
        m.key = m.score * c->scale + c->leave_tab[idx];
    }
    /* A top-N search drops what cannot enter its heap before anything else: most
     * of what it meets. */
    if (c->topn && (m.key <= c->floor || (c->out->n == c->topn && m.key <= c->threshold))) {
        if (m.key <= c->floor && m.key > c->below) c->below = m.key;
        return;
    }
    /* A single tile that also forms an across word is the across move (one move,
     * not one per direction): the down pass leaves it out. */
    if (c->dir == 1 && nt == 1) {
        for (int i = start; i <= end; i++)
            if (!c->row[i] && c->cs[i] >= 0) return;
    }
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
        worth(c, c->right_ok[blanks_table(c)][start][pos + 1]))
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
    if (pos > 0 && (c->rightmost || !c->is_anchor[pos - 1]) &&
        worth(c, c->left_ok[blanks_table(c)][pos - 1]) &&
        (c->row[pos - 1] || (c->cross[pos - 1] & rack_mask(c))))
        gen_left(c, pos - 1, arc, main, wmul, xt, nt);
    if (left_empty && a < N - 1 && worth(c, c->right_ok[blanks_table(c)][pos][a + 1])) {
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
    if (++c->steps > c->budget) { c->aborted = 1; return; }
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
    if (++c->steps > c->budget) { c->aborted = 1; return; }
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
    c->n_anchors++;
    uint32_t groot = kwg_arc_index(c->P->kwg[1]);
    if (groot && c->left > 0) gen_left(c, a, groot, 0, 1, 0, 0);
}

/* Walk every anchor of the lanes li = from, from + 1, … (li = dir * N + lane) with
 * the context's settings; the listing and the top-N search's first walk share it,
 * so neither pays for code the other does not run. Stops before a lane once more
 * than `soft` squares were visited, or inside one when the context's budget runs
 * out (aborted); returns the first lane not walked (2 * N: all of them). */
static int walk_lanes(Ctx *c, int from, int64_t soft) {
    for (int li = from; li < 2 * N; li++) {
        if (c->steps > soft) return li;
        if (!setup_lane(c, li / N, li % N)) continue;
        for (int a = 0; a < N && !c->aborted; a++)
            if (c->is_anchor[a]) gen_anchor(c, a);
        if (c->aborted) return li;
    }
    return 2 * N;
}

static int rack_spells(const PositionObject *P, uint32_t p, int *rack, int left);

/* Whether the full rack spells a word by itself (see Ctx.rack_word), asked once. */
static int rack_word(Ctx *c) {
    if (c->rack_word < 0) {
        uint32_t root = kwg_dawg_root(c->P->kwg);
        int spare[MAXLET + 1];
        memcpy(spare, c->rack, sizeof spare);
        c->rack_word = root && rack_spells(c->P, root, spare, c->left);
    }
    return c->rack_word;
}

/* A search for the bounds: the rack-word question is asked of a full rack. */
static inline void ask_rack_word(const PositionObject *P, Ctx *c) {
    if (c->left == P->rack_size) c->rack_word = -1;
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

/* The bound (a key: the score's bound * scale + the best leave the play can keep) of
 * any play found from anchor a, its rightmost anchor; INT32_MIN when there is none.
 * With fill, the anchor's pruning tables are written as well (for each leave table
 * b): right_ok[b][L][r], the best bound of a segment [L, R >= r], for every start L
 * the walk can reach and every r it can read, and left_ok[b][pos], the best bound of
 * a segment starting at L <= pos, over the squares the walk can reach (one more to
 * the left: INT32_MIN). Only those entries are written: a table of every L and r
 * cost more than the walk it prunes on small positions. */
static int32_t anchor_bound(Ctx *c, int a, const int *vals, int nvals, uint64_t rackmask,
                            int fill, int32_t *plain) {
    const PositionObject *P = c->P;
    const uint8_t *row = c->row;
    c->n_bounds++;
    int own = row[a] ? 0 : 1; /* an empty anchor takes a tile itself */
    if (own && !(c->cross[a] & rackmask)) return INT32_MIN;
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
    int nb = fill ? c->nkeep : 0;
    int32_t best = INT32_MIN;
    for (int li = 0; li < nL; li++) {
        int L0 = Ls[li];
        /* The segment grows square by square from L0: tiles played through, the
         * main word's multiplier, the empty squares. */
        int through = 0, wmain = 1, ne = 0, nthrough = 0;
        uint8_t eidx[N];
        int scs[N + 1], nes[N + 1]; /* with fill: each end R's score bound and tiles */
#define ADD_SQUARE(i)                                                   \
        do {                                                            \
            if (row[i]) { through += P->value[row[i]]; nthrough++; }    \
            else { wmain *= c->wm[i]; eidx[ne++] = (uint8_t)(i); }      \
        } while (0)
        for (int i = L0; i <= a; i++) ADD_SQUARE(i);
        /* The coefficients, sorted (highest first) for the multiplier coef_w; a new
         * empty square is inserted, a new word multiplier means sorting anew. */
        int coef[N], ncoef = 0, coef_w = 0, xfix = 0;
        int R = a;
        for (;;) {
            scs[R] = INT32_MIN;
            if ((R == N - 1 || !row[R + 1]) && R > L0 && ne > 0 &&
                (ne < P->rack_size || nthrough > 0 || rack_word(c))) {
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
                int32_t keep = c->keep[nvals - ne];
                /* the best bound without a bingo */
                if (plain && sc * c->scale + keep > *plain) *plain = sc * c->scale + keep;
                if (ne == P->rack_size) sc += P->bingo;
                int32_t key = sc * c->scale + keep;
                if (key > best) best = key;
                scs[R] = sc;
                nes[R] = ne;
            }
            if (R == N - 1) break;
            if (c->is_anchor[R + 1]) break;
            if (!row[R + 1] && (ne >= nvals || !(c->cross[R + 1] & rackmask))) break;
            R++;
            ADD_SQUARE(R);
        }
#undef ADD_SQUARE
        /* right_ok[b][L0][r]: the suffix maximum over the ends R >= r, from the last
         * end down to a + 1 (the walk reads r in a + 1 … R + 1). */
        for (int b = 0; b < nb; b++) {
            int32_t *rok = c->right_ok[b][L0];
            const int32_t *kp = c->leave_keep[b];
            int32_t m = INT32_MIN;
            if (R + 1 <= N) rok[R + 1] = INT32_MIN;
            for (int r = R; r > a; r--) {
                if (scs[r] != INT32_MIN) {
                    int32_t k = scs[r] * c->scale + kp[nvals - nes[r]];
                    if (k > m) m = k;
                }
                rok[r] = m;
            }
            /* segments ending at a count for left_ok only */
            int32_t m0 = m;
            if (scs[a] != INT32_MIN) {
                int32_t k = scs[a] * c->scale + kp[nvals - nes[a]];
                if (k > m0) m0 = k;
            }
            c->left_ok[b][L0] = m0; /* this start's best; made cumulative below */
        }
    }
    if (nb) {
        /* left_ok[b][pos] for pos from the leftmost start to a - 1: the best of the
         * starts L <= pos (squares of a run are no start: they carry the maximum). */
        int Lmin = Ls[nL - 1];
        for (int b = 0; b < nb; b++) {
            int32_t *lok = c->left_ok[b];
            int32_t run = INT32_MIN;
            int li = nL - 1;
            for (int pos = Lmin; pos < a; pos++) {
                if (li >= 0 && Ls[li] == pos) {
                    if (lok[pos] > run) run = lok[pos];
                    li--;
                }
                lok[pos] = run;
            }
            if (Lmin > 0) lok[Lmin - 1] = INT32_MIN;
        }
    }
    return best;
}

/* Fill the pruning tables of anchor a from its segment bounds. */
static void prepare_pruning(Ctx *c, int a, const int *vals, int nvals, uint64_t rackmask) {
    anchor_bound(c, a, vals, nvals, rackmask, 1, NULL);
    c->prune = 1;
}

typedef struct { int32_t bound, plain; uint8_t dir, lane, anchor; } AnchorB; /* plain: without a bingo */

static int cmp_anchor(const void *x, const void *y) {
    const AnchorB *a = x, *b = y;
    return (b->bound > a->bound) - (b->bound < a->bound);
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
    c->below = INT32_MIN;
    c->rightmost = topn > 0;
    c->prune = 0;
    c->empty_board = P->ntiles == 0;
    c->leave_tab = NULL;
    c->nldist = 0;
    c->scale = 1;
    memset(c->leave_keep, 0, sizeof c->leave_keep);
    c->nkeep = 1;
    c->keep = c->leave_keep[0];
    c->steps = 0;
    c->budget = INT64_MAX;
    c->aborted = 0;
    c->n_anchors = c->n_records = c->n_bounds = 0;
    c->rack_word = 1;
}

/* Whether some word of `left` letters starts in the DAWG list p and is spelled by
 * the tiles of rack (blanks at [0]). A natural tile is used before a blank: a
 * word spelled with a blank for a letter the rack holds is spelled without it. */
static int rack_spells(const PositionObject *P, uint32_t p, int *rack, int left) {
    for (uint32_t q = p;; q++) {
        uint32_t nd = P->kwg[q];
        int t = (int)kwg_tile(nd), k = rack[t] > 0 ? t : (rack[0] > 0 ? 0 : -1);
        if (k >= 0) {
            rack[k]--;
            uint32_t arc = kwg_arc_index(nd);
            int found = left == 1 ? kwg_accepts(nd) : (arc && rack_spells(P, arc, rack, left - 1));
            rack[k]++;
            if (found) return 1;
        }
        if (kwg_is_end(nd)) return 0;
    }
}

/* The context's counted work, kept on the position for work(). */
static void keep_work(PositionObject *P, const Ctx *c) {
    P->work[0] = c->n_anchors;
    P->work[1] = c->steps;
    P->work[2] = c->n_records;
    P->work[3] = c->n_bounds;
}

/* Switch a context to equity mode for its (parsed) rack: the leave table holds
 * prod(count_i + 1) values, one per sub-multiset, indexed mixed-radix over the
 * distinct tile codes in ascending order. Returns that size. */
static int leave_table_size(const Ctx *c) {
    int size = 1;
    for (int t = 0; t <= c->P->nletters; t++) size *= c->rack[t] + 1;
    return size;
}

static void set_equity(Ctx *c, const int32_t *tab, int32_t scale) {
    int mul = 1;
    c->nldist = 0;
    for (int t = 0; t <= c->P->nletters; t++) {
        if (!c->rack[t]) continue;
        c->ldist[c->nldist++] = t;
        c->leave_mul[t] = mul;
        mul *= c->rack[t] + 1;
    }
    /* One table for each number of blanks the rack may still hold, the last one for
     * any number (a rack of more blanks than tables reads it). */
    c->nkeep = (c->rack[0] < MAXB - 1 ? c->rack[0] : MAXB - 1) + 1;
    for (int b = 0; b < MAXB; b++)
        for (int k = 0; k <= MAXLET + 7; k++) c->leave_keep[b][k] = INT32_MIN;
    for (int i = 0; i < mul; i++) {
        int kept = 0, rest = i, blanks = 0; /* the leave's tiles: the digits of its index */
        for (int k = 0; k < c->nldist; k++) {
            int base = c->rack[c->ldist[k]] + 1;
            if (c->ldist[k] == 0) blanks = rest % base;
            kept += rest % base;
            rest /= base;
        }
        for (int b = 0; b < c->nkeep; b++)
            if ((blanks <= b || b == c->nkeep - 1) && tab[i] > c->leave_keep[b][kept])
                c->leave_keep[b][kept] = tab[i];
    }
    c->keep = c->leave_keep[c->nkeep - 1];
    c->leave_tab = tab;
    c->scale = scale;
}

static int cmp_move_desc(const void *x, const void *y) {
    const Move *a = x, *b = y;
    return move_above(b, a) - move_above(a, b);
}


#endif /* PLANSZA_MG_CORE_H */
