/*
 * plansza.engine._endgame — the exact endgame search (the bag is empty, both
 * racks are known).
 *
 * Negamax with alpha-beta (principal variation search: null windows after the
 * first move), a transposition table keyed by a Zobrist hash of (board tiles,
 * the racks of the side to move and of the other side, the scoreless turns
 * left), and iterative deepening with the table's best move tried first (the
 * depth counts the plays: a pass costs none, see child_value).
 *
 * The move generator is the movegen core (mg_core.h, included: everything in it
 * is static, so this module has its own copy). The search works on its own
 * copy of a movegen Position (copied by value: the struct is the header's).
 * A move is made by putting its tiles on the copy; the cross-sets of the lanes
 * it touched are recomputed only when the position after it is searched (not
 * when the table answers for it), each looked up first in a table of cross-sets
 * by the letters around the square; unmaking restores a snapshot.
 *
 * At each position the moves come in stages, the cheap ones first: the table's
 * best move and the killers (plays that refuted a sibling), checked and scored
 * in place without generating anything; the best play that goes out and the
 * lanes' two best other plays by score less the points kept, from the lanes'
 * table; then every play, ordered (plays that go out first, then twice the score
 * plus the points of the tiles played), the lanes that did not change given from
 * their memo; the pass last. Most positions are cut off before the last stage.
 *
 * Near the horizon nothing is generated whole. One ply above it a play's value
 * needs no subtree, so the position is worth the best of three: the best play
 * that goes out, the best other play by score less the points it keeps, the
 * pass — and each lane's two best plays are remembered by the lane's contents
 * and the rack (frontier_best); a lane whose stamp (renewed whenever its
 * contents change) and rack are as at a side's last look is not even looked
 * up. Two plies above it, the other side's lane-best replies bound each move
 * from above: a reply whose zone the move's tiles miss is still there after the
 * move with the same score, so a whole lane of moves is refuted at once when
 * its best key less that reply's is below alpha; only
 * the lanes that survive are generated (collect_replies and the depth-2 stage
 * of negamax). Deeper, only a reply that goes out bounds a move exactly; when
 * the other side has one, the last stage skips the lanes it refutes whole and
 * child_value refutes single moves by it before making them.
 *
 * With three tiles or fewer left on the racks (one each, or two and one) the
 * rest of the game is worked out instead of searched (one_tile_each,
 * three_tiles), and the value is exact at any depth; a play that leaves one
 * tile each is valued without being made (race_after).
 *
 * With threads=2 a helper thread runs the same iterations as the main search
 * over the one table (entries checked by an XOR of their words, no lock), and
 * the two share the work as in ABDADA: a move that is not the first at its
 * position is marked while a thread searches it, and the other thread leaves a
 * marked move for after the position's other moves, by when the table usually
 * holds its value. Only the main search's value counts; the helper's work
 * reaches it through the table.
 *
 * Values are spreads from the point of view of the side to move: its points
 * minus the other side's over the rest of the game, end-of-game rack
 * adjustments included:
 *   - a play that empties the rack ends the game (TR 5.1.1a): it is worth its
 *     score plus twice the other rack (GR "Zakończenie gry", TR 5.1.2: the
 *     finisher adds it, the other subtracts it; under the DOUBLE rule the
 *     finisher adds it twice — the same spread);
 *   - the run of consecutive scoreless turns reaching its limit ends the game
 *     (TR 5.1.1b): each side subtracts its own rack (TR 5.1.4).
 * A play resets the run (under WESPA a play scoring 0 does not: it counts as a
 * scoreless turn, like a pass).
 *
 * "Exact" is tracked per subtree: a value is proved when no line behind it was
 * cut at the depth limit (the table stores such values with draft INF_DRAFT and
 * they are good for any depth). The iteration whose root is proved ends the
 * search.
 *
 * The clock is the caller's: a Python callable is called (with the GIL taken
 * back for the moment) every CLOCK_EVERY nodes and compared with a deadline.
 */
/* The core serves several modules; this one uses only part of it. */
#pragma GCC diagnostic ignored "-Wunused-function"
#include "../movegen/mg_core.h"
#include <pthread.h>
#include <time.h>
#ifdef __linux__
#include <sys/mman.h>
#endif
#ifdef DEBUG_STATS
#include <x86intrin.h>
static unsigned long long TSC[8];
static long long CNT[8];
#define TIMED(i, stmt) do { unsigned long long t0_ = __rdtsc(); stmt; TSC[i] += __rdtsc() - t0_; CNT[i]++; } while (0)
#else
#define TIMED(i, stmt) do { stmt; } while (0)
#endif

#define MAXPLY 160
#define INF_DRAFT 255
#define VAL_INF 32000
#define NO_MOVE 0xFFFF
#define PASS_MOVE 0xFFFE
#define CLOCK_EVERY 64
#define NKILL 2          /* killer moves kept for each ply */
#define SELECT_FIRST 4 /* moves picked one by one before the rest are sorted */
#define LANE_FIRST 2   /* the lanes' best plays tried before the lanes are generated */
#define BUSY_BITS 16   /* the moves being searched by a thread (two threads) */
#define DEFER_MIN_DEPTH 3 /* ... marked and deferred at this depth or more */
#define SHARE_MIN_TILES 6 /* ... or, without a depth limit, with this many tiles on the racks */
#define ETC_MIN_TILES 6 /* enhanced transposition cutoffs with this many tiles on the racks */
#define PROVE_DEPTH (MAXPLY - 4) /* the depth of a search without a limit: never reached */
#define BUDGET_AFTER 4 /* the iterations after this many plies stop at solve's iter_budget */

enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

/* A move as remembered across positions (the table's best move, the killers):
 * where it goes and its letters; the score is worked out anew where it is
 * tried. len 0: no move; PASS_LEN: the pass. */
#define PASS_LEN 0xFF
#define DEFER_KEY (INT32_MIN + 1) /* a move left for later (ABDADA) */
typedef struct {
    uint8_t dir, lane, start, len;
    uint8_t word[N];
} CMove; /* 19 bytes */

/* A move as the table keeps it: the placement packed in two bytes (direction 1
 * bit, lane, start and length 4 bits each; 0: no move; TM_PASS: the pass), then
 * the letters. */
typedef struct {
    uint8_t where[2];
    uint8_t word[N];
} TTMove; /* 17 bytes */
#define TM_PASS 0xFFFF

/* Both bounds of a position are kept: the value is at least lo and at most hi
 * (-VAL_INF and VAL_INF: no bound yet). The tests of prove ask one position at
 * several bounds in turn; with one bound an entry, a test that failed low
 * replaced the lower bound the one before had proved, and the principal
 * variation had to prove it again (up to 20 s after a 50 s proof). */
typedef struct {
    uint64_t key;
    int16_t lo, hi;
    uint8_t draft; /* plies searched below; INF_DRAFT = to the end of the game */
    uint8_t used;  /* 0: empty; else 1 + log2 of the positions searched for it */
    uint8_t epoch; /* the solve that stored it (see tt_store) */
    TTMove best;
} TTEntry; /* 32 bytes */

static inline void pack_move(const CMove *c, TTMove *t) {
    unsigned w = c->len == PASS_LEN ? TM_PASS
                 : c->len == 0      ? 0
                                    : (unsigned)c->dir | c->lane << 1 | c->start << 5 | c->len << 9;
    t->where[0] = (uint8_t)(w & 0xFF);
    t->where[1] = (uint8_t)(w >> 8);
    memcpy(t->word, c->word, N);
}

static inline void unpack_move(const TTMove *t, CMove *c) {
    unsigned w = t->where[0] | (unsigned)t->where[1] << 8;
    memset(c, 0, sizeof *c);
    if (w == TM_PASS) { c->len = PASS_LEN; return; }
    c->dir = (uint8_t)(w & 1);
    c->lane = (uint8_t)((w >> 1) & 15);
    c->start = (uint8_t)((w >> 5) & 15);
    c->len = (uint8_t)((w >> 9) & 15);
    if (c->len) memcpy(c->word, t->word, N);
}

typedef struct { uint64_t w[4]; } TTSlot; /* a TTEntry as stored (see tt_store) */
_Static_assert(sizeof(TTEntry) == sizeof(TTSlot), "a table entry is four 64-bit words");

/* A remembered cross-set (see lane_cross): the key is the run's letters before
 * and after the square with their counts, 16 bytes (the runs hold at most N - 1
 * letters; all zero: an empty entry). */
#define XC_BITS 16
typedef struct {
    uint64_t k[2];
    uint64_t set;
} XEntry;

/* A lane's stamp (Search.lstamp): never given twice in a solve. 64 bits: a
 * search hands out about five a position, so 32 bits would wrap after some 800
 * million positions (a few minutes of a hard proof), and a lane given a stamp
 * a memo still held for other contents would be answered for those. */
typedef uint64_t Stamp;

/* What a made move changed, to take it back: its tiles (the move itself) and
 * the cross-sets of the lanes it touched. The cross-sets are recomputed lazily
 * (`pending`): only when the position after the move is searched, not when the
 * table answers for it; they are saved only then (`saved`), and only the ones
 * that lane_cross rewrites: for each lane it is given, the squares' sets across
 * it, xs[j][i] being square i's of the j-th lane (the whole arrays, 4.5 KB
 * copied twice a move, were most of a made move's cost). */
typedef struct {
    uint64_t xs[N + 1][N];
    int16_t cs[N + 1][N];
    int nx;
    int ntiles;
    uint64_t hboard;
    int pending, saved;
    Stamp lstamp[2][N]; /* the lanes' stamps before the move (see Search.lstamp) */
    Move m;
} Snapshot;

/* A bound on a position's plays (hi: each worth at most that; deep: some of
 * them met the horizon), for the position two passes on (negamax). */
typedef struct {
    uint64_t key; /* the position's (node_key) */
    int hi, deep, on;
} TwoPass;

typedef struct LaneEntry LaneEntry;
typedef struct LanePlays LanePlays;
typedef struct LaneMemo LaneMemo;

typedef struct {
    PositionObject P; /* the working copy */
    int cnt[2][MAXLET + 1]; /* rack counts by code; [0] = blanks */
    int ntl[2], rv[2];      /* tiles and points on each rack */
    uint64_t hrack[2][2];   /* [player][role]: role 0 = to move, 1 = waiting */
    uint64_t hboard;
    int reset_sl;       /* scoreless turns left after a play that resets the run */
    int zero_scoreless; /* a play scoring 0 is a scoreless turn (WESPA) */
    MoveVec mv[MAXPLY];
    CMove killer[MAXPLY][NKILL];
    Snapshot *snap;     /* [MAXPLY] */
    TTSlot *tt;         /* shared by the threads of one solve */
    uint8_t epoch;      /* this solve's number, for the table's replacement */
    volatile int *stop; /* a helper thread stops when the main search sets it */
    volatile int *main_depth; /* a helper: the main search's iteration */
    int iter_depth;     /* a helper: its own iteration (PROVING + n: the main search's n-th test) */
    int unlimited;      /* searching without a depth limit (the tests of prove) */
    CMove root_best;    /* the root's move the last lower bound there came from (len 0: none) */
    uint64_t *busy;     /* [1 << BUSY_BITS] shared: moves being searched, by hash */
    XEntry *xcache;     /* [1 << XC_BITS] cross-sets by the letters around */
    LaneEntry *lcache;  /* [1 << LC_BITS] the best plays of a lane (frontier_best) */
    LanePlays *lplays;  /* [1 << LP_BITS] every play of a lane with few (gen_lanes_memo) */
    Stamp lstamp[2][N]; /* a stamp for each lane's contents, new whenever they change */
    Stamp stamp_next;
    LaneMemo *lmemo;    /* [2 sides][LM_SLOTS] each side's last answers for its lanes, by rack (lane_scan) */
    Move *lmoves;       /* [2 sides][LM_SLOTS][2][N][LM_MOVES] each memo's plays of each lane (gen_lanes_memo) */
    uint32_t lscan;     /* lane_scan's calls, for the memo's replacement */
    MoveVec lanevec;    /* a lane's plays, for frontier_best */
    uint64_t *rank;     /* sort_moves' room: [sortcap] */
    Move *sorted;
    Py_ssize_t sortcap;
    struct Replies_ *replies; /* [MAXPLY] the other side's replies at a position (ensure_replies) */
    struct RaceTops_ *rtops;  /* [MAXPLY] each rack tile's best squares at a position (race_tops) */
    TwoPass twopass[MAXPLY]; /* a position's plays' bound while its last move, the pass, is searched */
    struct {
        uint64_t pkey; /* the position one ply up (node_key), whose race_tops this one may use; 0: none */
        int sq;        /* the square of the single played there */
    } via[MAXPLY];
    uint64_t ttmask;    /* bucket index mask (2 entries a bucket) */
    long long nodes, node_limit, generations;
    long long iter_budget, iter_start; /* an iteration's positions before the proof starts instead (0: no limit) */
    int over_budget;                   /* ... and the iteration stopped for it */
    long long lane_looks, lane_misses, frontiers;
    int limited;        /* whether the limits apply (not in the first iteration) */
    int aborted;
    int error;          /* 1: the clock callable raised; 2: out of memory */
    PyObject *now;
    double deadline;
    int have_deadline;
    PyThreadState *ts;
} Search;

/* ---- large tables ----
 *
 * The transposition table (128 MiB) and the lanes' tables (104 MiB) are far larger
 * than the caches, and with 4 KiB pages nearly every lookup also misses the
 * TLB. On Linux they are mapped with a request for huge pages (2 MiB; granted
 * when the system's transparent huge pages allow, "madvise" or "always"),
 * zeroed by the kernel and touched only as used; elsewhere calloc. */
static void *big_alloc(size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) return NULL;
    madvise(p, bytes, MADV_HUGEPAGE); /* a hint: without it the table still works */
    return p;
#else
    return calloc(1, bytes);
#endif
}

static void big_free(void *p, size_t bytes) {
    if (!p) return;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    munmap(p, bytes);
#else
    (void)bytes;
    free(p);
#endif
}

/* ---- Zobrist keys ---- */

static uint64_t Z_board[N * N][128];
static uint64_t Z_rack[2][MAXLET + 1][16];
static uint64_t Z_sl[MAXPLY];
static int z_ready;

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void init_zobrist(void) {
    if (z_ready) return;
    uint64_t s = 0x706c616e737a6121ULL; /* fixed: the same keys in every run */
    for (int i = 0; i < N * N; i++)
        for (int t = 0; t < 128; t++) Z_board[i][t] = splitmix(&s);
    for (int r = 0; r < 2; r++)
        for (int t = 0; t <= MAXLET; t++) {
            Z_rack[r][t][0] = 0; /* no tile of a kind hashes as nothing */
            for (int k = 1; k < 16; k++) Z_rack[r][t][k] = splitmix(&s);
        }
    for (int i = 0; i < MAXPLY; i++) Z_sl[i] = splitmix(&s);
    z_ready = 1;
}

static inline uint64_t node_key(const Search *S, int side, int sl) {
    return S->hboard ^ S->hrack[side][0] ^ S->hrack[1 - side][1] ^ Z_sl[sl];
}

static inline void rack_take(Search *S, int p, int code) {
    int k = S->cnt[p][code];
    for (int r = 0; r < 2; r++) S->hrack[p][r] ^= Z_rack[r][code][k] ^ Z_rack[r][code][k - 1];
    S->cnt[p][code] = k - 1;
    S->ntl[p]--;
    S->rv[p] -= S->P.value[code];
}

static inline void rack_give(Search *S, int p, int code) {
    int k = S->cnt[p][code];
    for (int r = 0; r < 2; r++) S->hrack[p][r] ^= Z_rack[r][code][k] ^ Z_rack[r][code][k + 1];
    S->cnt[p][code] = k + 1;
    S->ntl[p]++;
    S->rv[p] += S->P.value[code];
}

/* ---- transposition table ---- */

/* The table may be shared by two searching threads (solve's `threads`), with
 * no lock: an entry is four 64-bit words, each read and written whole, and the
 * first holds the position's key XORed with the other three. A reader decodes
 * the key from all four: an entry torn by a concurrent write decodes to another
 * key and is simply not found. */
static inline void tt_load(const Search *S, uint64_t slot, TTEntry *out) {
    const uint64_t *w = S->tt[slot].w;
    uint64_t v[4];
    for (int k = 0; k < 4; k++) v[k] = __atomic_load_n(&w[k], __ATOMIC_RELAXED);
    memcpy(out, v, sizeof v);
    out->key = v[0] ^ v[1] ^ v[2] ^ v[3];
}

static int tt_probe(Search *S, uint64_t key, TTEntry *out) {
    uint64_t b = (key & S->ttmask) * 2;
    for (int i = 0; i < 2; i++) {
        tt_load(S, b + i, out);
        if (out->key == key && out->used) return 1;
    }
    return 0;
}

/* How an entry's work is kept: 1 + log2 of the positions searched for it. */
static inline uint8_t work_class(long long positions) {
    return (uint8_t)(1 + (positions > 1 ? 63 - __builtin_clzll((unsigned long long)positions) : 0));
}

/* Store bounds lo..hi of a position (-VAL_INF, VAL_INF: none) searched to
 * `draft`, with its best move, after searching `positions` positions for it
 * (see tt_store). */
static void tt_put(Search *S, uint64_t key, int lo, int hi, int draft, const CMove *best, long long positions) {
    uint64_t b = (key & S->ttmask) * 2, slot;
    TTEntry e0, e1, cur;
    tt_load(S, b, &e0);
    tt_load(S, b + 1, &e1);
    /* The same position's entry is updated; otherwise one an earlier solve
     * stored goes, or else the shallower of the two (proved entries count as
     * deepest), and of two as deep the one that took fewer positions to
     * search: a proof keeps every entry at the same depth, and with the first
     * of two always replaced and the second never, the second slots were
     * filled by the first proofs that came and kept them, big or small. */
    if (e0.key == key) { slot = b; cur = e0; }
    else if (e1.key == key) { slot = b + 1; cur = e1; }
    else if ((e0.epoch != S->epoch) != (e1.epoch != S->epoch)) {
        if (e0.epoch != S->epoch) { slot = b; cur = e0; }
        else { slot = b + 1; cur = e1; }
    }
    else if (e0.draft < e1.draft || (e0.draft == e1.draft && e0.used <= e1.used)) { slot = b; cur = e0; }
    else { slot = b + 1; cur = e1; }
    int same = cur.key == key && cur.used;
    if (same && cur.draft == INF_DRAFT && draft != INF_DRAFT)
        return; /* never overwrite a proved value with a depth-limited one */
    TTEntry e;
    memset(&e, 0, sizeof e);
    int upper_only = lo == -VAL_INF;
    if (same && cur.draft == draft) {
        /* a bound of the same depth (or proved) joins the one kept; searches to
         * a depth limit may disagree, and then the newest stands alone */
        int l2 = cur.lo > lo ? cur.lo : lo, h2 = cur.hi < hi ? cur.hi : hi;
        if (l2 <= h2) { lo = l2; hi = h2; }
    }
    e.lo = (int16_t)lo;
    e.hi = (int16_t)hi;
    e.draft = (uint8_t)draft;
    e.used = work_class(positions);
    if (same && cur.used > e.used) e.used = cur.used;
    pack_move(best, &e.best);
    /* A position where every move failed low has no best move worth the name:
     * its entry keeps the move an earlier search found best or cutting (the
     * principal variation follows the move that reached the value). */
    if (upper_only && same && (cur.best.where[0] | cur.best.where[1])) e.best = cur.best;
    e.epoch = S->epoch;
    uint64_t v[4];
    memcpy(v, &e, sizeof v);
    v[0] = key ^ v[1] ^ v[2] ^ v[3];
    uint64_t *w = S->tt[slot].w;
    for (int k = 0; k < 4; k++) __atomic_store_n(&w[k], v[k], __ATOMIC_RELAXED);
}

/* Store a value searched to `draft`: exact, or a bound (flag). */
static void tt_store(Search *S, uint64_t key, int value, int draft, int flag, const CMove *best,
                     long long positions) {
    tt_put(S, key, flag == TT_UPPER ? -VAL_INF : value, flag == TT_LOWER ? VAL_INF : value, draft, best,
           positions);
}

/* ---- moves ---- */

/* A generation context over `side`'s rack, writing every move to `out`. */
static void side_ctx(Search *S, int side, Ctx *c, MoveVec *out) {
    out->n = 0;
    out->failed = 0;
    init_ctx(&S->P, c, out, 0);
    memset(c->rack, 0, sizeof c->rack);
    c->left = S->ntl[side];
    c->natmask = 0;
    for (int t = 0; t <= S->P.nletters; t++) {
        c->rack[t] = S->cnt[side][t];
        if (t && c->rack[t]) c->natmask |= 1ULL << t;
    }
    c->all = all_letters(&S->P);
}

/* The rack's tile codes, ascending (0 = a blank), into codes[16] (left as it
 * is beyond them): how many. The rack's part of a lane's key and memo. */
static int rack_codes(const Search *S, int side, uint8_t *codes) {
    int n = 0;
    for (int t = 0; t <= S->P.nletters; t++)
        for (int k = 0; k < S->cnt[side][t] && n < 16; k++) codes[n++] = (uint8_t)t;
    return n;
}

static void gen_moves(Search *S, int side, MoveVec *out) {
    Ctx c;
    side_ctx(S, side, &c, out);
    if (c.left > 0) walk_lanes(&c, 0, INT64_MAX);
}

static inline void to_cmove(const Move *m, CMove *c) {
    c->dir = m->dir;
    c->lane = m->lane;
    c->start = m->start;
    c->len = m->len;
    memcpy(c->word, m->word, N);
}

static inline int same_move(const Move *m, const CMove *c) {
    return m->dir == c->dir && m->lane == c->lane && m->start == c->start && m->len == c->len &&
           memcmp(m->word, c->word, m->len) == 0;
}

/* Whether c is one of the n moves already tried at a position. */
static inline int was_tried(const Move *tried, int n, const CMove *c) {
    for (int j = 0; j < n; j++)
        if (same_move(&tried[j], c)) return 1;
    return 0;
}

/* Whether play m is one of them. */
static inline int play_was_tried(const Move *tried, int n, const Move *m) {
    CMove c;
    to_cmove(m, &c);
    return was_tried(tried, n, &c);
}

/* Whether a remembered play can be made here by `side`, and if so the move with
 * its score now: every new square empty and its letter in the cross-set, the
 * board letters it reads still there, the squares before and after its word
 * still empty (so the main word is the same, valid, word), the tiles on the
 * rack. No generation needed: a killer or table move costs a few comparisons. */
static int revalidate(Search *S, int side, const CMove *c, Move *out) {
    const PositionObject *P = &S->P;
    if (P->ntiles == 0 || c->len < 2 || c->len == PASS_LEN || c->dir > 1 || c->lane >= N || c->start + c->len > N) return 0;
    const uint8_t *row = P->tiles[c->dir][c->lane];
    const uint8_t *lm = P->lm[c->dir][c->lane], *wm = P->wm[c->dir][c->lane];
    const uint64_t *cross = P->cross[c->dir][c->lane];
    const int16_t *cs = P->cscore[c->dir][c->lane];
    int a = c->start, b = c->start + c->len - 1;
    if ((a > 0 && row[a - 1]) || (b < N - 1 && row[b + 1])) return 0;
    int need[MAXLET + 1];
    int main = 0, wmul = 1, xt = 0, nt = 0, touches = 0;
    memset(need, 0, sizeof need);
    for (int k = 0; k < c->len; k++) {
        int pos = a + k;
        uint8_t w = c->word[k];
        if (w & THROUGH_FLAG) {
            if (row[pos] != (uint8_t)(w & ~THROUGH_FLAG)) return 0;
            main += P->value[row[pos]];
            touches = 1;
            continue;
        }
        if (row[pos] || !((cross[pos] >> LETTER(w)) & 1)) return 0;
        int code = (w & BLANK_FLAG) ? 0 : LETTER(w);
        if (++need[code] > S->cnt[side][code]) return 0;
        int v = P->value[w] * lm[pos];
        main += v;
        wmul *= wm[pos];
        if (cs[pos] >= 0) { xt += (cs[pos] + v) * wm[pos]; touches = 1; }
        nt++;
    }
    /* It must still touch the tiles on the board: the ones it was made
     * against may be gone in this line of the search. */
    if (!nt || !touches) return 0;
    /* A single tile that also forms an across word is the across move (as the
     * generator lists it), not this down one. */
    if (c->dir == 1 && nt == 1)
        for (int k = 0; k < c->len; k++)
            if (!(c->word[k] & THROUGH_FLAG) && cs[a + k] >= 0) return 0;
    memset(out, 0, sizeof *out);
    out->score = main * wmul + xt + (nt == P->rack_size ? P->bingo : 0);
    out->dir = c->dir;
    out->lane = c->lane;
    out->start = c->start;
    out->len = c->len;
    out->ntiles = (uint8_t)nt;
    memcpy(out->word, c->word, N);
    return 1;
}

/* The points of the tiles m takes from the rack (not those it plays through). */
static inline int played_points(const PositionObject *P, const Move *m) {
    int played = 0;
    for (int k = 0; k < m->len; k++)
        if (!(m->word[k] & THROUGH_FLAG)) played += P->value[m->word[k]];
    return played;
}

/* The ordering key: plays that go out first (they end the game, their value is
 * known), then by score plus the points of the tiles they get rid of (tiles
 * kept on the rack are likely to count against the side at the end). */
static inline int32_t order_key(const Search *S, int side, const Move *m) {
    if (m->ntiles == S->ntl[side]) return 1000000 + m->score;
    return m->score * 2 + played_points(&S->P, m);
}

/* Ascending, in place; the values are distinct (see sort_moves). */
static void sort_u64(uint64_t *a, Py_ssize_t n) {
    while (n > 16) {
        uint64_t x = a[0], y = a[n / 2], z = a[n - 1]; /* the median of three as the pivot */
        uint64_t p = x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y));
        Py_ssize_t i = 0, j = n - 1;
        for (;;) {
            while (a[i] < p) i++;
            while (a[j] > p) j--;
            if (i >= j) break;
            uint64_t t = a[i]; a[i] = a[j]; a[j] = t;
            i++;
            j--;
        }
        /* a[0..j] <= p <= a[j+1..n): the smaller part first, the larger in the loop */
        Py_ssize_t left = j + 1;
        if (left < n - left) { sort_u64(a, left); a += left; n -= left; }
        else { sort_u64(a + left, n - left); n = left; }
    }
    for (Py_ssize_t i = 1; i < n; i++) {
        uint64_t t = a[i];
        Py_ssize_t j = i - 1;
        while (j >= 0 && a[j] > t) { a[j + 1] = a[j]; j--; }
        a[j + 1] = t;
    }
}

/* mv->v[from..n) by key, the highest first, and in their listed order where the
 * keys are equal (as a stable sort): the moves are ranked by 64-bit numbers —
 * the key, flipped, above the index — which are distinct, so any sort gives
 * that one order; sorting those and then the moves once is about twice as fast
 * as qsort moving 32-byte moves through a comparison callback. Returns 0 when
 * out of memory. */
static int sort_moves(Search *S, MoveVec *mv, Py_ssize_t from) {
    Py_ssize_t n = mv->n - from;
    if (n < 2) return 1;
    if (S->sortcap < n) {
        Py_ssize_t cap = n < 1024 ? 1024 : n * 2;
        uint64_t *r = realloc(S->rank, cap * sizeof *r);
        if (!r) return 0;
        S->rank = r;
        Move *t = realloc(S->sorted, cap * sizeof *t);
        if (!t) return 0;
        S->sorted = t;
        S->sortcap = cap;
    }
    Move *v = mv->v + from;
    for (Py_ssize_t i = 0; i < n; i++)
        S->rank[i] = (uint64_t)(~((uint32_t)v[i].key ^ 0x80000000u)) << 32 | (uint64_t)i;
    sort_u64(S->rank, n);
    for (Py_ssize_t i = 0; i < n; i++) S->sorted[i] = v[S->rank[i] & 0xFFFFFFFFu];
    memcpy(v, S->sorted, n * sizeof *v);
    return 1;
}

/* Put the best of v[i..n) at v[i]. */
static void select_best(MoveVec *mv, Py_ssize_t i) {
    Py_ssize_t b = i;
    for (Py_ssize_t j = i + 1; j < mv->n; j++)
        if (mv->v[j].key > mv->v[b].key) b = j;
    if (b != i) { Move t = mv->v[i]; mv->v[i] = mv->v[b]; mv->v[b] = t; }
}

/* ---- cross-sets, remembered ----
 *
 * A cross-set depends only on the letters next to the square along the other
 * direction (the runs before and after it). The same runs come up again and
 * again in a search, so each computed set is kept in a direct-mapped table
 * keyed by those letters (compared in full: a hit is never a different run). */


static uint64_t cross_of(const PositionObject *P, XEntry *cache, const uint8_t *row, int b, int i, int e) {
    _Static_assert(2 + (N - 1) <= 16, "a run's key fits in 16 bytes");
    uint8_t key[16] = {0};
    int n = 2;
    key[0] = (uint8_t)(i - b);
    key[1] = (uint8_t)(e - i);
    for (int j = b; j <= e; j++)
        if (j != i) key[n++] = (uint8_t)LETTER(row[j]);
    uint64_t k0, k1;
    memcpy(&k0, key, 8);
    memcpy(&k1, key + 8, 8);
    uint64_t h = k0 * 0x9E3779B97F4A7C15ULL ^ k1 * 0xC2B2AE3D27D4EB4FULL;
    XEntry *x = &cache[(h ^ (h >> 31)) & ((1u << XC_BITS) - 1)];
    if (x->k[0] == k0 && x->k[1] == k1) return x->set;
    uint64_t set = cross_walk(P, row, b, i, e); /* the core's walk, remembered */
    x->k[0] = k0;
    x->k[1] = k1;
    x->set = set;
    return set;
}

/* update_lane of the core, with the cross-sets looked up in the table first. */
static void lane_cross(PositionObject *P, XEntry *cache, int dir, int lane, Stamp (*stamp)[N], Stamp *next) {
    const uint8_t *row = P->tiles[dir][lane];
    int od = 1 - dir;
    for (int i = 0; i < N; i++) {
        if (row[i]) continue;
        int b = i, e = i;
        while (b > 0 && row[b - 1]) b--;
        while (e < N - 1 && row[e + 1]) e++;
        uint64_t set;
        int sc;
        if (b == i && e == i) {
            set = all_letters(P);
            sc = -1;
        } else {
            sc = 0;
            for (int j = b; j <= e; j++)
                if (j != i) sc += P->value[row[j]];
            set = cross_of(P, cache, row, b, i, e);
        }
        /* the crossing lane's contents change only where the square's do */
        if (P->cross[od][i][lane] != set || P->cscore[od][i][lane] != sc) {
            P->cross[od][i][lane] = set;
            P->cscore[od][i][lane] = (int16_t)sc;
            stamp[od][i] = ++*next;
        }
    }
}

/* ---- the best plays of each lane, remembered ----
 *
 * One ply above the horizon a play's value needs no subtree: a play that goes
 * out is worth its score plus twice the other rack, any other its score less
 * the points it keeps plus the other rack (the horizon's guess). So the
 * position's value is the best of: the best-scoring play that goes out, the
 * play with the best score less the points kept, the pass — and the plays of a
 * lane depend only on that lane (its tiles, and on its empty squares the
 * cross-sets, as far as the rack can use them, and cross-scores) and the rack.
 * A search changes few lanes between one position and the next, so each lane's
 * two best plays are kept in a direct-mapped table keyed by all of that, and a
 * position one ply above the horizon costs thirty lookups instead of a full
 * generation. An entry holds a 128-bit fingerprint of the key (lane_fp), not the
 * 192-byte key itself, so that it fits one cache line: a lookup is mostly the
 * wait for its entry, and two keys sharing a fingerprint (the odds are about
 * 2^-108 a lookup) are far less likely than a fault of the machine. 2^20 entries
 * (64 MiB, on huge pages: see big_alloc), prefetched, were the fastest of 2^17
 * to 2^20; with the whole key in each entry (four lines) 2^18 had been. */
#define LC_BITS 20
#define LC_BYTES (((size_t)1 << LC_BITS) * sizeof(LaneEntry))
typedef struct {
    uint8_t dir, lane, nrack, pad;
    uint8_t rack[16]; /* the rack's tile codes, ascending (0 = blank) */
    uint8_t row[N];
    uint8_t pad2;
    int16_t cs[N];       /* on empty squares; 0 on tiles */
    uint64_t cross[N];   /* on empty squares, masked by what the rack can put; 0 on tiles */
} LaneKey;

/* A lane's best plays: mout the best-scoring play that goes out (has_out), mkey
 * the other play with the best score less the points kept, best_key (has_key). */
typedef struct {
    uint8_t has_key, has_out, dir, lane;
    int32_t best_key;
    Move mkey, mout;
} LaneBest;

/* A lane's play as the table keeps it (the lane and direction are the entry's). */
typedef struct {
    int16_t score;
    uint8_t start, len, ntiles;
    uint8_t word[N];
} LaneMove; /* 20 bytes */

/* One cache line: a lookup is mostly the wait for its entry. */
struct LaneEntry {
    uint64_t fp[2]; /* the key's fingerprint (lane_fp); {0, 0}: empty */
    int32_t best_key;
    uint8_t has_key, has_out;
    LaneMove mkey, mout;
} __attribute__((aligned(64)));
_Static_assert(sizeof(LaneEntry) == 64, "a lane table entry is one cache line");

/* ---- every play of a lane, remembered ----
 *
 * The lanes' table keeps a lane's two best plays; a position whose moves are
 * all searched (every one refuted, in a proof) needs all of them. A side's
 * memo (LaneMemo) keeps them for the lanes of the board it last scanned, but
 * where a side plays its last tiles one at a time while the other holds its
 * last, the positions searched one after another differ in the squares the
 * earlier tiles went to: about fifteen lanes of each were found in the lanes'
 * table (seen before, elsewhere) and generated again through the automaton, a
 * sixth of such a proof's time. So the plays of a lane with few of them are
 * kept too, by the same fingerprint, in a table beside the lanes' one. */
#define LP_BITS 17
#define LP_MOVES 14 /* the most plays of a lane the table keeps */
struct LanePlays {
    uint64_t fp[2]; /* the lane key's fingerprint (lane_fp); {0, 0}: empty */
    uint8_t n;
    LaneMove mv[LP_MOVES];
} __attribute__((aligned(64)));
#define LP_MASK (((uint64_t)1 << LP_BITS) - 1)
#define LP_BYTES (((size_t)1 << LP_BITS) * sizeof(LanePlays))
/* the lanes' table and the plays' table in one mapping */
#define LANE_TABLES_BYTES (LC_BYTES + LP_BYTES)

static inline void lane_move_pack(const Move *m, LaneMove *l) {
    l->score = (int16_t)m->score;
    l->start = m->start;
    l->len = m->len;
    l->ntiles = m->ntiles;
    memcpy(l->word, m->word, N);
}

static inline void lane_move_unpack(const LaneMove *l, int dir, int lane, Move *m) {
    memset(m, 0, sizeof *m);
    m->score = l->score;
    m->dir = (uint8_t)dir;
    m->lane = (uint8_t)lane;
    m->start = l->start;
    m->len = l->len;
    m->ntiles = l->ntiles;
    memcpy(m->word, l->word, N);
}

/* The key's fingerprint: 128 bits, from four independent chains of multiplies
 * (one chain over the key's 24 words waited on each multiply in turn, and was a
 * sixth of the whole search's time). fp[0] also places the entry. */
static void lane_fp(const LaneKey *k, uint64_t fp[2]) {
    const uint64_t *w = (const uint64_t *)k;
    const uint64_t M = 0xff51afd7ed558ccdULL, M2 = 0xc4ceb9fe1a85ec53ULL;
    enum { NW = sizeof *k / 8 };
    _Static_assert(NW % 4 == 0, "the lane key is a whole number of 32-byte blocks");
    uint64_t h0 = 0x9E3779B97F4A7C15ULL, h1 = 0xC2B2AE3D27D4EB4FULL, h2 = 0x165667B19E3779F9ULL,
             h3 = 0x27D4EB2F165667C5ULL;
    for (size_t i = 0; i < NW; i += 4) {
        h0 = (h0 ^ w[i]) * M;
        h1 = (h1 ^ w[i + 1]) * M;
        h2 = (h2 ^ w[i + 2]) * M;
        h3 = (h3 ^ w[i + 3]) * M;
    }
    /* each chain's high bits depend on all its words; fold them down */
    h0 ^= h0 >> 32;
    h1 ^= h1 >> 29;
    h2 ^= h2 >> 31;
    h3 ^= h3 >> 27;
    uint64_t a = (h0 ^ (h1 >> 32 | h1 << 32)) * M2 ^ (h2 ^ (h3 >> 16 | h3 << 48));
    uint64_t b = (h2 ^ (h3 >> 32 | h3 << 32)) * M2 ^ (h0 ^ (h1 >> 16 | h1 << 48));
    fp[0] = (a ^ (a >> 29)) * M;
    fp[0] ^= fp[0] >> 32;
    fp[1] = (b ^ (b >> 31)) * M2;
    fp[1] ^= fp[1] >> 29;
}

/* A side's answers for its lanes, for its last few racks (LM_SLOTS): a lane's
 * is good while its stamp is the same (a stamp is never given twice, and
 * unmaking a move restores the stamps with the contents, so the same stamp
 * means the same tiles, cross-sets and cross-scores). One rack was too few: a
 * side's rack changes with each of its plays, and a scan after a play found
 * most lanes keyed for another rack — the rack of the position above, scanned
 * again once the search is back there. Kept by rack, so that a scan compares
 * the rack once and then one stamp a lane. */
#define LM_SLOTS 8 /* four were too few: a position of three tiles and its children's three racks of two fill them */
#define LM_MOVES 32 /* the most plays of a lane a memo keeps */
struct LaneMemo {
    uint64_t rack[2]; /* the rack's tile codes, ascending, as LaneKey's */
    uint8_t nrack;    /* ... how many (a blank's code is 0); 0: none */
    uint32_t used;    /* the scan that last used it (the least recent is replaced) */
    Stamp stamp[2][N]; /* each lane's stamp when its answer was kept; 0: none */
    int16_t nmoves[2][N]; /* the lane's plays kept in S->lmoves (gen_lanes_memo); -1: not kept */
    uint64_t fp[2][N][2]; /* the lane's fingerprint (lane_fp) when it has plays (nmoves != 0) */
    LaneBest b[2][N];
};

/* The side's memo for the rack rk (nrack tiles): NULL if it has none and
 * `take` is 0, else the least recently used one, emptied for it. */
static LaneMemo *rack_memo(Search *S, int side, const uint64_t rk[2], int nrack, int take) {
    LaneMemo *ms = &S->lmemo[side * LM_SLOTS], *mm = NULL;
    for (int j = 0; j < LM_SLOTS; j++)
        if (ms[j].nrack == nrack && ms[j].rack[0] == rk[0] && ms[j].rack[1] == rk[1]) return &ms[j];
    if (!take) return NULL;
    mm = &ms[0];
    for (int j = 1; j < LM_SLOTS; j++)
        if (ms[j].used < mm->used) mm = &ms[j];
    mm->rack[0] = rk[0];
    mm->rack[1] = rk[1];
    mm->nrack = (uint8_t)nrack;
    memset(mm->stamp, 0, sizeof mm->stamp);
    return mm;
}

static inline Move *memo_moves(Search *S, const LaneMemo *mm, int dir, int lane) {
    return &S->lmoves[(((mm - S->lmemo) * 2 + dir) * N + lane) * LM_MOVES];
}

/* Keep the plays of the lane whose key has fingerprint fp, if few enough. */
static void lane_plays_put(Search *S, const uint64_t fp[2], const Move *mv, Py_ssize_t n) {
    if (n > LP_MOVES) return;
    LanePlays *e = &S->lplays[fp[0] & LP_MASK];
    e->fp[0] = fp[0];
    e->fp[1] = fp[1];
    e->n = (uint8_t)n;
    for (Py_ssize_t i = 0; i < n; i++) lane_move_pack(&mv[i], &e->mv[i]);
}

/* The kept plays of lane (dir, lane) whose key has fingerprint fp, added to
 * out: their number, or -1 if not kept. */
static Py_ssize_t lane_plays_get(Search *S, const uint64_t fp[2], int dir, int lane, MoveVec *out) {
    const LanePlays *e = &S->lplays[fp[0] & LP_MASK];
    if (e->fp[0] != fp[0] || e->fp[1] != fp[1]) return -1;
    for (int i = 0; i < e->n; i++) {
        Move m;
        lane_move_unpack(&e->mv[i], dir, lane, &m);
        if (vec_push(out, &m) < 0) return -1;
    }
    return e->n;
}

static int cmp_lane_key(const void *x, const void *y) {
    const LaneBest *a = x, *b = y;
    return (a->best_key < b->best_key) - (a->best_key > b->best_key);
}

/* ---- plays of one tile, from the cross-sets ----
 *
 * A tile put down alone forms at most two words, across and down, each the run
 * of board tiles beside it plus the tile: the cross-sets say which letters make
 * both words, the cross-scores what the board tiles in them are worth. */

/* The letters of `can` that may go alone on square (r, c) (0: none, or the
 * square is taken or has no tile beside it); *h, *v whether it has tiles beside it
 * across, down. */
static inline uint64_t single_square(const PositionObject *P, int r, int c, uint64_t can, int *h, int *v) {
    if (P->tiles[0][r][c]) return 0;
    const uint8_t *row = P->tiles[0][r], *col = P->tiles[1][c];
    *h = (c > 0 && row[c - 1]) || (c < N - 1 && row[c + 1]);
    *v = (r > 0 && col[r - 1]) || (r < N - 1 && col[r + 1]);
    if (!*h && !*v) return 0;
    return P->cross[0][r][c] & P->cross[1][c][r] & can;
}

/* The score of a tile worth `value` put down alone on (r, c): each word it
 * makes, the tile with its letter premium, times the word premium. */
static inline int single_score(const PositionObject *P, int r, int c, int h, int v, int value) {
    int val = value * P->lm[0][r][c], wm = P->wm[0][r][c];
    return (h ? (P->cscore[1][c][r] + val) * wm : 0) + (v ? (P->cscore[0][r][c] + val) * wm : 0) +
           (P->rack_size == 1 ? P->bingo : 0);
}

/* The play of one tile on (r, c) as the generator lists it — once, across when
 * it makes an across word, else down — with the board tiles of its main word;
 * returns the tile's place in the word, for the caller to put the letter there
 * (and the score). */
static inline int single_play(const PositionObject *P, int r, int c, int h, Move *m) {
    const uint8_t *line = h ? P->tiles[0][r] : P->tiles[1][c];
    int idx = h ? c : r, b = idx, e = idx;
    while (b > 0 && line[b - 1]) b--;
    while (e < N - 1 && line[e + 1]) e++;
    memset(m, 0, sizeof *m);
    m->dir = (uint8_t)(h ? 0 : 1);
    m->lane = (uint8_t)(h ? r : c);
    m->start = (uint8_t)b;
    m->len = (uint8_t)(e - b + 1);
    m->ntiles = 1;
    for (int k = b; k <= e; k++)
        if (k != idx) m->word[k - b] = (uint8_t)(line[k] | THROUGH_FLAG);
    return idx - b;
}

/* lane_scan for a rack of one tile: every play puts that tile down and goes
 * out, so each lane's best is found square by square from the cross-sets and
 * cross-scores, each play in the lane of its main word (as gen_singles lists
 * them). The rack is a new one at nearly every position where this is asked
 * (the tile is what is left after a play), so the lanes' table would be keyed
 * afresh for some twenty lanes each time: this is about three times faster. */
static void single_scan(const Search *S, int side, Move *bo, int *ho, LaneBest *lanes, int *nlanes) {
    const PositionObject *P = &S->P;
    int tile = 0; /* the tile's code (0: a blank) */
    for (int t = 1; t <= P->nletters && !tile; t++)
        if (S->cnt[side][t]) tile = t;
    uint64_t can = tile ? 1ULL << tile : all_letters(P);
    LaneBest lb[2][N];
    for (int d = 0; d < 2; d++)
        for (int l = 0; l < N; l++) {
            lb[d][l].has_out = lb[d][l].has_key = 0;
            lb[d][l].dir = (uint8_t)d;
            lb[d][l].lane = (uint8_t)l;
        }
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int h, v;
            uint64_t want = single_square(P, r, c, can, &h, &v);
            if (!want) continue;
            int score = single_score(P, r, c, h, v, tile ? P->value[tile] : 0);
            LaneBest *b = h ? &lb[0][r] : &lb[1][c];
            if (b->has_out && score <= b->mout.score) continue;
            Move *m = &b->mout;
            int idx = single_play(P, r, c, h, m);
            m->score = score;
            m->word[idx] = (uint8_t)(tile ? tile : (__builtin_ctzll(want) | BLANK_FLAG));
            b->has_out = 1;
        }
    *ho = 0;
    if (nlanes) *nlanes = 0;
    for (int d = 0; d < 2; d++)
        for (int l = 0; l < N; l++) {
            const LaneBest *b = &lb[d][l];
            if (!b->has_out) continue;
            if (!*ho || b->mout.score > bo->score) { *bo = b->mout; *ho = 1; }
            if (lanes) lanes[(*nlanes)++] = *b;
        }
}

/* The best play of `side` that goes out (*bo, if *ho) and the best other one by
 * score less the points kept (*bk, if *hk); with `lanes`, each lane's own too
 * (*nlanes of them). Returns 0 when out of memory. */
static int lane_scan(Search *S, int side, Move *bo, int *ho, Move *bk, int *hk, LaneBest *lanes, int *nlanes) {
    if (S->ntl[side] == 1) {
        *hk = 0;
        single_scan(S, side, bo, ho, lanes, nlanes);
        return 1;
    }
    PositionObject *P = &S->P;
    Ctx c;
    MoveVec *tmp = &S->lanevec;
    side_ctx(S, side, &c, tmp);
    LaneKey key;
    memset(&key, 0, sizeof key);
    key.nrack = (uint8_t)rack_codes(S, side, key.rack);
    *ho = *hk = 0;
    if (nlanes) *nlanes = 0;
    int32_t best_key = INT32_MIN, best_out = INT32_MIN;
    if (c.left <= 0) return 1;
    uint64_t rackmask = rack_mask(&c);
    int ntl = S->ntl[side], rv = S->rv[side];
    /* First the lanes that changed: their keys, and a prefetch of their table
     * entries (the table is larger than the cache, and a lookup's time is mostly
     * the wait for its entry: thirty of them in flight at once wait together). */
    uint64_t hs[2 * N][2], rk[2];
    memcpy(rk, key.rack, sizeof rk);
    LaneMemo *mm = rack_memo(S, side, rk, key.nrack, 1);
    mm->used = ++S->lscan;
    int todo[2 * N], nt = 0;
    for (int d = 0; d < 2; d++)
        for (int l = 0; l < N; l++) {
            if (mm->stamp[d][l] == S->lstamp[d][l]) continue; /* unchanged since this side last scanned it with this rack */
            LaneBest *lb = &mm->b[d][l];
            lb->has_key = lb->has_out = 0;
            lb->dir = (uint8_t)d;
            lb->lane = (uint8_t)l;
            mm->stamp[d][l] = S->lstamp[d][l];
            mm->nmoves[d][l] = -1;
            if (!setup_lane(&c, d, l)) { mm->nmoves[d][l] = 0; continue; } /* no play can go there */
            key.dir = (uint8_t)d; /* the rack's part of the key stays; the lane's is this lane's */
            key.lane = (uint8_t)l;
            for (int i = 0; i < N; i++) {
                key.row[i] = c.row[i];
                key.cs[i] = c.row[i] ? 0 : c.cs[i];
                key.cross[i] = c.row[i] ? 0 : c.cross[i] & rackmask;
            }
            lane_fp(&key, hs[nt]);
            memcpy(mm->fp[d][l], hs[nt], sizeof hs[nt]);
            __builtin_prefetch(&S->lcache[hs[nt][0] & ((1u << LC_BITS) - 1)]);
            todo[nt++] = d * N + l;
        }
    for (int t = 0; t < nt; t++) {
        int d = todo[t] / N, l = todo[t] % N;
        LaneEntry *e = &S->lcache[hs[t][0] & ((1u << LC_BITS) - 1)];
        S->lane_looks++;
        if (!(e->fp[0] == hs[t][0] && e->fp[1] == hs[t][1])) {
            S->lane_misses++;
            /* Not seen: every play of the lane, the two best kept (the lane set
             * up again: the first pass left c at the last lane it keyed). */
            setup_lane(&c, d, l);
            tmp->n = 0;
            tmp->failed = 0;
            for (int a = 0; a < N; a++)
                if (c.is_anchor[a]) gen_anchor(&c, a);
            if (tmp->failed) { /* forget the lanes not looked up */
                for (int u = t; u < nt; u++) mm->stamp[todo[u] / N][todo[u] % N] = 0;
                return 0;
            }
            /* (only a rack of three tiles or more has its plays generated: gen_lanes_memo) */
            if (ntl >= 3) lane_plays_put(S, hs[t], tmp->v, tmp->n);
            if (tmp->n <= LM_MOVES) { /* the lane's plays, for the generation */
                memcpy(memo_moves(S, mm, d, l), tmp->v, (size_t)tmp->n * sizeof(Move));
                mm->nmoves[d][l] = (int16_t)tmp->n;
            }
            LaneBest *eb = &mm->b[d][l];
            for (Py_ssize_t i = 0; i < tmp->n; i++) {
                const Move *m = &tmp->v[i];
                if (m->ntiles == ntl) {
                    if (!eb->has_out || m->score > eb->mout.score) { eb->mout = *m; eb->has_out = 1; }
                    continue;
                }
                int32_t kv = m->score - (rv - played_points(P, m));
                if (!eb->has_key || kv > eb->best_key) { eb->best_key = kv; eb->mkey = *m; eb->has_key = 1; }
            }
            e->fp[0] = hs[t][0];
            e->fp[1] = hs[t][1];
            e->has_key = eb->has_key;
            e->has_out = eb->has_out;
            e->best_key = eb->best_key;
            if (eb->has_key) lane_move_pack(&eb->mkey, &e->mkey);
            if (eb->has_out) lane_move_pack(&eb->mout, &e->mout);
            continue;
        }
        LaneBest *mb = &mm->b[d][l];
        mb->has_key = e->has_key;
        mb->has_out = e->has_out;
        mb->best_key = e->best_key;
        if (e->has_key) lane_move_unpack(&e->mkey, d, l, &mb->mkey);
        if (e->has_out) lane_move_unpack(&e->mout, d, l, &mb->mout);
    }
    for (int d = 0; d < 2; d++)
        for (int l = 0; l < N; l++) {
            const LaneBest *b = &mm->b[d][l];
            if (b->has_out && b->mout.score > best_out) { best_out = b->mout.score; *bo = b->mout; *ho = 1; }
            if (b->has_key && b->best_key > best_key) { best_key = b->best_key; *bk = b->mkey; *hk = 1; }
            if (lanes && (b->has_key || b->has_out)) lanes[(*nlanes)++] = *b;
        }
    return 1;
}

/* Every play of `side` along the lanes marked in keep[dir][lane] (NULL: all),
 * as gen_lanes lists them; a lane whose memo slot (lane_scan) is still good
 * for this rack gives the plays it kept the last time it was generated, and a
 * lane generated anew keeps its plays there (up to LM_MOVES). A side's lanes
 * mostly stay as they were from one of its positions to the next. */
static void gen_lanes_memo(Search *S, int side, const uint8_t keep[2][N], MoveVec *out) {
    Ctx c;
    side_ctx(S, side, &c, out);
    if (c.left <= 0) return;
    uint64_t rk[2] = {0, 0};
    int nrack = rack_codes(S, side, (uint8_t *)rk);
    LaneMemo *mm = rack_memo(S, side, rk, nrack, 0);
    for (int d = 0; d < 2; d++)
        for (int l = 0; l < N; l++) {
            if (keep && !keep[d][l]) continue;
            int good = mm && mm->stamp[d][l] == S->lstamp[d][l];
            Move *kept = good ? memo_moves(S, mm, d, l) : NULL;
            if (good && mm->nmoves[d][l] >= 0) {
                for (int i = 0; i < mm->nmoves[d][l]; i++)
                    if (vec_push(out, &kept[i]) < 0) return;
                continue;
            }
            Py_ssize_t from = out->n;
            /* a lane seen elsewhere (lane_scan found its best plays in the lanes'
             * table) may have its plays kept; else they are generated */
            if (!good || lane_plays_get(S, mm->fp[d][l], d, l, out) < 0) {
                if (out->failed) return;
                out->n = from;
                if (setup_lane(&c, d, l))
                    for (int a = 0; a < N; a++)
                        if (c.is_anchor[a]) gen_anchor(&c, a);
                if (out->failed) return;
                if (good) lane_plays_put(S, mm->fp[d][l], &out->v[from], out->n - from);
            }
            if (good && out->n - from <= LM_MOVES) {
                memcpy(kept, &out->v[from], (size_t)(out->n - from) * sizeof(Move));
                mm->nmoves[d][l] = (int16_t)(out->n - from);
            }
        }
}

static int frontier_best(Search *S, int side, Move *bo, int *ho, Move *bk, int *hk) {
    return lane_scan(S, side, bo, ho, bk, hk, NULL, NULL);
}

/* ---- replies that a move leaves alone ----
 *
 * Two plies above the horizon, a move m of the side to move leads to a position
 * one ply above it, worth to the other side at least what any of its plays is
 * worth there. The other side's best plays in the position before m are known
 * (each lane's, from the table); one whose squares m does not come near is still
 * there after m, with the same score — its zone (the squares of its main word
 * and one beyond each end, and for each tile it puts down the perpendicular run
 * of board tiles it joins and one beyond each end of that) holds none of m's
 * tiles, so no word it forms changes. Its value after m bounds the position
 * after m from below, so m's value from above: often below alpha, and m is
 * refuted without being made. */
#define MAXCAND (2 * N)
typedef struct { uint64_t w[4]; } Zone; /* one bit a square, r * N + c */

static inline void zone_set(Zone *z, int r, int c) {
    int i = r * N + c;
    z->w[i >> 6] |= 1ULL << (i & 63);
}

static inline int zone_meets(const Zone *a, const Zone *b) {
    return ((a->w[0] & b->w[0]) | (a->w[1] & b->w[1]) | (a->w[2] & b->w[2]) | (a->w[3] & b->w[3])) != 0;
}

/* The squares of m's new tiles. */
static void tiles_zone(const Move *m, Zone *z) {
    memset(z, 0, sizeof *z);
    for (int k = 0; k < m->len; k++) {
        if (m->word[k] & THROUGH_FLAG) continue;
        int pos = m->start + k;
        if (m->dir == 0) zone_set(z, m->lane, pos);
        else zone_set(z, pos, m->lane);
    }
}

/* The squares where a tile would change the words m forms (see above). */
static void play_zone(const PositionObject *P, const Move *m, Zone *z) {
    memset(z, 0, sizeof *z);
    int d = m->dir, l = m->lane;
#define SQ(dd, lane, idx) do { if ((dd) == 0) zone_set(z, (lane), (idx)); else zone_set(z, (idx), (lane)); } while (0)
    int a = m->start > 0 ? m->start - 1 : 0, b = m->start + m->len < N ? m->start + m->len : N - 1;
    for (int i = a; i <= b; i++) SQ(d, l, i);
    for (int k = 0; k < m->len; k++) {
        if (m->word[k] & THROUGH_FLAG) continue;
        int pos = m->start + k, od = 1 - d;
        const uint8_t *row = P->tiles[od][pos];
        int i = l - 1;
        while (i >= 0 && row[i]) { SQ(od, pos, i); i--; }
        if (i >= 0) SQ(od, pos, i);
        i = l + 1;
        while (i < N && row[i]) { SQ(od, pos, i); i++; }
        if (i < N) SQ(od, pos, i);
    }
#undef SQ
}

typedef struct Replies_ {
    uint64_t key;     /* the position they belong to (node_key); 0: none */
    int ply, nk, no, nl;
    LaneBest lanes[2 * N];
    uint8_t kord[MAXCAND], oord[MAXCAND]; /* lanes by best key, by best score going out */
    int32_t kval[MAXCAND], oscore[MAXCAND]; /* ... those values, descending */
    Zone kz[MAXCAND], oz[MAXCAND]; /* worked out when first needed */
    uint64_t kdone, odone;
} Replies;

/* The zone of reply i (of the keyed ones, or of those that go out). */
static inline const Zone *reply_zone(const PositionObject *P, Replies *R, int out, int i) {
    uint64_t *done = out ? &R->odone : &R->kdone;
    Zone *z = out ? &R->oz[i] : &R->kz[i];
    if (!((*done >> i) & 1)) {
        const LaneBest *lb = &R->lanes[out ? R->oord[i] : R->kord[i]];
        play_zone(P, out ? &lb->mout : &lb->mkey, z);
        *done |= 1ULL << i;
    }
    return z;
}

/* Insert lane `li` with value v into the descending order ord/vals of *n. */
static inline void insert_desc(int32_t *vals, uint8_t *ord, int *n, int32_t v, int li) {
    int j = (*n)++;
    while (j > 0 && vals[j - 1] < v) { vals[j] = vals[j - 1]; ord[j] = ord[j - 1]; j--; }
    vals[j] = v;
    ord[j] = (uint8_t)li;
}

/* The other side's replies in the position at `ply` (two above the horizon). */
static int collect_replies(Search *S, int replier, Replies *R) {
    int ho, hk;
    Move bo, bk;
    R->nl = 0;
    if (!lane_scan(S, replier, &bo, &ho, &bk, &hk, R->lanes, &R->nl)) return 0;
    R->nk = R->no = 0;
    R->kdone = R->odone = 0;
    for (int i = 0; i < R->nl; i++) {
        if (R->lanes[i].has_key) insert_desc(R->kval, R->kord, &R->nk, R->lanes[i].best_key, i);
        if (R->lanes[i].has_out) insert_desc(R->oscore, R->oord, &R->no, R->lanes[i].mout.score, i);
    }
    return 1;
}

/* The replies of the other side at this position (two plies above the horizon),
 * collected once for it. Returns 0 when out of memory. */
static int ensure_replies(Search *S, int side, int sl, int ply) {
    Replies *R = &S->replies[ply];
    uint64_t k = node_key(S, side, sl);
    if (R->key == k && R->ply == ply) return 1;
    int ok;
    TIMED(4, ok = collect_replies(S, 1 - side, R));
    if (!ok) return 0;
    R->key = k;
    R->ply = ply;
    return 1;
}

/* The best reply that goes out whose zone misses z (index into R's out
 * replies), or -1. */
static int first_out_reply(const PositionObject *P, Replies *R, const Zone *z) {
    for (int i = 0; i < R->no; i++)
        if (!zone_meets(reply_zone(P, R, 1, i), z)) return i;
    return -1;
}

static Zone lane_zone[2][N];

/* The most any play of a lane can be worth, exactly: its best play that goes
 * out, and for the others the lane's best key less the best reply that goes
 * out and misses the lane (no bound, VAL_INF, when none does). */
static int lane_exact_bound(const PositionObject *P, Replies *R, const LaneBest *lb, int rvo) {
    int ub_out = lb->has_out ? lb->mout.score + 2 * rvo : -VAL_INF;
    int ub_exact = -VAL_INF;
    if (lb->has_key) {
        int i = first_out_reply(P, R, &lane_zone[lb->dir][lb->lane]);
        ub_exact = i >= 0 ? lb->best_key - R->oscore[i] : VAL_INF;
    }
    return ub_out > ub_exact ? ub_out : ub_exact;
}

static void init_lane_zones(void) {
    for (int d = 0; d < 2; d++)
        for (int l = 0; l < N; l++) {
            memset(&lane_zone[d][l], 0, sizeof(Zone));
            for (int i = 0; i < N; i++) {
                if (d == 0) zone_set(&lane_zone[d][l], l, i);
                else zone_set(&lane_zone[d][l], i, l);
            }
        }
}

/* Every play of `side` that puts down a single tile, without the automaton: a
 * tile may go on an empty square next to a tile when its letter is in both
 * cross-sets of the square (the across word and the down word it makes stay
 * words), and its score comes from the cross-scores. Listed as the generator
 * lists it: once, as an across play when it makes an across word, else as a
 * down play. With two tiles on the rack these are all the plays that do not go
 * out (negamax); the tests compare them with the generator's. */
static void gen_singles(Search *S, int side, MoveVec *out) {
    const PositionObject *P = &S->P;
    out->n = 0;
    out->failed = 0;
    uint64_t natural = 0;
    for (int t = 1; t <= P->nletters; t++)
        if (S->cnt[side][t]) natural |= 1ULL << t;
    int blanks = S->cnt[side][0];
    uint64_t can = blanks ? all_letters(P) : natural;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int h, v;
            uint64_t want = single_square(P, r, c, can, &h, &v);
            if (!want) continue;
            Move m;
            int idx = single_play(P, r, c, h, &m);
            for (int t = 1; t <= P->nletters; t++) {
                if (!((want >> t) & 1)) continue;
                for (int blank = 0; blank < 2; blank++) {
                    if (blank ? !blanks : !S->cnt[side][t]) continue;
                    m.score = single_score(P, r, c, h, v, blank ? 0 : P->value[t]);
                    m.key = m.score;
                    m.word[idx] = (uint8_t)(blank ? (t | BLANK_FLAG) : t);
                    if (vec_push(out, &m) < 0) return;
                }
            }
        }
}

/* Every play of `side` along one lane. */
static void gen_lane(Search *S, int side, int dir, int lane, MoveVec *out) {
    Ctx c;
    side_ctx(S, side, &c, out);
    if (c.left <= 0 || !setup_lane(&c, dir, lane)) return;
    for (int a = 0; a < N; a++)
        if (c.is_anchor[a]) gen_anchor(&c, a);
}

/* Whether letter k of play m is a tile it puts down (not one on the board
 * already), and if so its square. */
static inline int placed_at(const Move *m, int k, int *r, int *c) {
    if (m->word[k] & THROUGH_FLAG) return 0;
    int pos = m->start + k;
    *r = m->dir == 0 ? m->lane : pos;
    *c = m->dir == 0 ? pos : m->lane;
    return 1;
}

static void make_move(Search *S, int side, const Move *m, int ply) {
    Snapshot *u = &S->snap[ply];
    PositionObject *P = &S->P;
    u->ntiles = P->ntiles;
    u->hboard = S->hboard;
    memcpy(u->lstamp, S->lstamp, sizeof u->lstamp);
    u->pending = 1;
    u->saved = 0;
    u->m = *m;
    for (int k = 0, r, c; k < m->len; k++) {
        if (!placed_at(m, k, &r, &c)) continue;
        uint8_t w = m->word[k];
        P->tiles[0][r][c] = w;
        P->tiles[1][c][r] = w;
        S->lstamp[0][r] = ++S->stamp_next;
        S->lstamp[1][c] = ++S->stamp_next;
        P->ntiles++;
        S->hboard ^= Z_board[r * N + c][w];
        rack_take(S, side, (w & BLANK_FLAG) ? 0 : LETTER(w));
    }
}

/* Bring the cross-sets of the position at `ply` up to date (the move that led
 * to it changed the lanes it touched: its own and the crossing ones). */
static void ensure_cross(Search *S, int ply) {
    if (ply <= 0) return;
    Snapshot *u = &S->snap[ply - 1];
    if (!u->pending) return;
    PositionObject *P = &S->P;
    const Move *m = &u->m;
    /* lane (dir, lane) rewrites cross[1 - dir][i][lane] for every square i */
    u->nx = 0;
    for (int k = -1; k < m->len; k++) {
        if (k >= 0 && (m->word[k] & THROUGH_FLAG)) continue;
        int od = k < 0 ? 1 - m->dir : m->dir, lane = k < 0 ? m->lane : m->start + k;
        for (int i = 0; i < N; i++) {
            u->xs[u->nx][i] = P->cross[od][i][lane];
            u->cs[u->nx][i] = P->cscore[od][i][lane];
        }
        u->nx++;
    }
    u->saved = 1;
    u->pending = 0;
    lane_cross(P, S->xcache, m->dir, m->lane, S->lstamp, &S->stamp_next);
    for (int k = 0; k < m->len; k++)
        if (!(m->word[k] & THROUGH_FLAG))
            lane_cross(P, S->xcache, 1 - m->dir, m->start + k, S->lstamp, &S->stamp_next);
}

static void unmake_move(Search *S, int side, const Move *m, int ply) {
    Snapshot *u = &S->snap[ply];
    PositionObject *P = &S->P;
    for (int k = 0, r, c; k < m->len; k++)
        if (placed_at(m, k, &r, &c)) P->tiles[0][r][c] = P->tiles[1][c][r] = 0;
    if (u->saved) {
        int j = 0;
        for (int k = -1; k < m->len; k++) {
            if (k >= 0 && (m->word[k] & THROUGH_FLAG)) continue;
            int od = k < 0 ? 1 - m->dir : m->dir, lane = k < 0 ? m->lane : m->start + k;
            for (int i = 0; i < N; i++) {
                P->cross[od][i][lane] = u->xs[j][i];
                P->cscore[od][i][lane] = u->cs[j][i];
            }
            j++;
        }
    }
    u->pending = u->saved = 0;
    memcpy(S->lstamp, u->lstamp, sizeof S->lstamp); /* the contents are as they were */
    P->ntiles = u->ntiles;
    S->hboard = u->hboard;
    for (int k = 0; k < m->len; k++) {
        uint8_t w = m->word[k];
        if (!(w & THROUGH_FLAG)) rack_give(S, side, (w & BLANK_FLAG) ? 0 : LETTER(w));
    }
}

/* ---- limits ---- */

static void check_limits(Search *S) {
    if (S->stop) { /* a helper thread: no clock of its own */
        if (__atomic_load_n(S->stop, __ATOMIC_RELAXED)) S->aborted = 1;
        if (__atomic_load_n(S->main_depth, __ATOMIC_RELAXED) > S->iter_depth) S->aborted = 1;
        return;
    }
    if (!S->limited) return;
    if (S->node_limit > 0 && S->nodes >= S->node_limit) { S->aborted = 1; return; }
    if (S->iter_budget > 0 && S->nodes - S->iter_start >= S->iter_budget) {
        S->aborted = S->over_budget = 1;
        return;
    }
    if (S->have_deadline && S->now && S->nodes % CLOCK_EVERY == 0) {
        PyEval_RestoreThread(S->ts);
        PyObject *r = PyObject_CallNoArgs(S->now);
        double t = r ? PyFloat_AsDouble(r) : -1.0;
        if (!r || PyErr_Occurred()) { S->error = 1; S->aborted = 1; }
        else if (t >= S->deadline) S->aborted = 1;
        Py_XDECREF(r);
        S->ts = PyEval_SaveThread();
    }
}

/* ---- one tile each ----
 *
 * With one tile on each rack every play goes out, worth exactly its score plus
 * twice the other tile, and a pass leaves the board as it is: so each side's
 * best play (the lanes' remembered best, the one going out) is the same at
 * every turn until someone plays, and the rest of the game is a race of two
 * numbers against the run of scoreless turns — worked out here turn by turn
 * from the last one instead of searched. Returns 0 when out of memory. */
/* The race itself: p (0: the side to move, 1: the other) goes out for
 * out[p] when can[p], racks rv; the value for 0 with sl scoreless turns left;
 * *pass_best whether 0's best there is the pass. */
static int race(const int out[2], const int can[2], const int rv[2], int sl, int *pass_best) {
    /* v[p]: the value for p to move with k scoreless turns left, from k = 1
     * up; a pass with one left ends the game (TR 5.1.1b, 5.1.4), each side
     * losing its own tile. */
    int v[2] = {-VAL_INF, -VAL_INF};
    *pass_best = 0;
    for (int k = 1; k <= sl; k++) {
        int nv[2];
        for (int p = 0; p < 2; p++) {
            int o = can[p] ? out[p] + 2 * rv[1 - p] : -VAL_INF;
            int pass = k <= 1 ? rv[1 - p] - rv[p] : -v[1 - p];
            nv[p] = o >= pass ? o : pass;
            if (p == 0 && k == sl) *pass_best = pass > o;
        }
        v[0] = nv[0];
        v[1] = nv[1];
    }
    return v[0];
}

static int one_tile_each(Search *S, int side, int sl, int *value, Move *best, int *has_best) {
    Move mo[2], mk;
    int ho[2], hk;
    if (!frontier_best(S, side, &mo[0], &ho[0], &mk, &hk)) return 0;
    if (!frontier_best(S, 1 - side, &mo[1], &ho[1], &mk, &hk)) return 0;
    int rv[2] = {S->rv[side], S->rv[1 - side]}, out[2] = {mo[0].score, mo[1].score}, pass_best;
    *value = race(out, ho, rv, sl, &pass_best);
    *has_best = !pass_best;
    if (!pass_best) *best = mo[0];
    return 1;
}

/* ---- three tiles ----
 *
 * With two tiles on one rack (the side `two`) and one on the other, the game
 * left is short enough to work out instead of searching it. The side with one
 * tile can only go out (its best single, worth that plus twice the other rack)
 * or pass. The side with two can go out (its best play of both), pass, or put
 * one tile down — and then it is one tile each (race), decided by the two
 * sides' best singles on the board after that tile. Those differ from the ones
 * before only on the tile's square and on the squares at the ends of the runs
 * through it, across and down (the words through any other square do not
 * change): so each tile's best squares before are kept (TOP_SQ of them, enough
 * to skip the five that may change), and the changed squares are worked out
 * anew, their cross-sets looked up as lane_cross does. A play of one tile
 * resets the run of scoreless turns, so the best of them is the same at every
 * turn, and the passes are a race of three numbers like one_tile_each's. The
 * value is exact: the search meets it as a leaf. Not under WESPA's rule, where
 * a play scoring 0 counts as a scoreless turn. */
#define TOP_SQ 6   /* three_tiles: a single changes its square and four more */
#define RT_CAP 12  /* race_after: a play of n <= 3 tiles changes 3n + 2 */
typedef struct {
    int n, cap;
    int score[RT_CAP];
    int sq[RT_CAP]; /* r * N + c */
} TopSquares;

static inline void top_add(TopSquares *t, int score, int sq) {
    if (t->n == t->cap && score <= t->score[t->cap - 1]) return;
    int i = t->n < t->cap ? t->n++ : t->cap - 1;
    while (i > 0 && t->score[i - 1] < score) {
        t->score[i] = t->score[i - 1];
        t->sq[i] = t->sq[i - 1];
        i--;
    }
    t->score[i] = score;
    t->sq[i] = sq;
}

/* The best score on a square not among ex[0..nex) (-VAL_INF: none). */
static inline int top_excluding(const TopSquares *t, const int *ex, int nex) {
    for (int i = 0; i < t->n; i++) {
        int j = 0;
        while (j < nex && ex[j] != t->sq[i]) j++;
        if (j == nex) return t->score[i];
    }
    return -VAL_INF;
}

/* A square where a tile may go alone (see top_scan). */
typedef struct {
    uint8_t r, c, h, v;
    uint64_t want;
} SingleSquare;

/* Each of n tiles' best squares on the board (top[k]: letters can[k], worth
 * val[k]; its cap set by the caller); with cand, also the squares where a tile
 * of cand_can may go, with those of its letters that fit: how many. */
static int top_scan(const PositionObject *P, int n, const uint64_t *can, const int *val, TopSquares *top,
                    uint64_t cand_can, SingleSquare *cand) {
    uint64_t can_any = cand_can;
    for (int k = 0; k < n; k++) can_any |= can[k];
    int ncand = 0;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++) {
            int h, v;
            uint64_t want = single_square(P, r, c, can_any, &h, &v);
            if (!want) continue;
            for (int k = 0; k < n; k++)
                if (want & can[k]) top_add(&top[k], single_score(P, r, c, h, v, val[k]), r * N + c);
            if (cand && (want & cand_can))
                cand[ncand++] = (SingleSquare){(uint8_t)r, (uint8_t)c, (uint8_t)h, (uint8_t)v, want & cand_can};
        }
    return ncand;
}

#define RACE_MAX_TILES 3
#define RT_CODES (RACE_MAX_TILES + 2) /* the kinds of tile on both racks, at most */
typedef struct RaceTops_ {
    uint64_t key; /* the position's (node_key); 0: none */
    int n;
    int8_t idx[MAXLET + 1]; /* a tile code's list, -1: none */
    int code[RT_CODES];
    TopSquares top[RT_CODES];
    int ncand;
    SingleSquare cand[N * N]; /* the squares where a tile of either rack may go alone */
} RaceTops;

static const RaceTops *race_tops(Search *S, int ply, uint64_t key) {
    RaceTops *T = &S->rtops[ply];
    if (T->key == key) return T;
    const PositionObject *P = &S->P;
    T->key = key;
    T->n = 0;
    memset(T->idx, -1, sizeof T->idx);
    uint64_t can[RT_CODES], any = 0;
    int val[RT_CODES];
    for (int t = 0; t <= P->nletters; t++) {
        if (!S->cnt[0][t] && !S->cnt[1][t]) continue;
        int k = T->n++;
        T->idx[t] = (int8_t)k;
        T->code[k] = t;
        T->top[k].n = 0;
        T->top[k].cap = RT_CAP;
        can[k] = t ? 1ULL << t : all_letters(P);
        val[k] = t ? P->value[t] : 0;
        any |= can[k];
    }
    T->ncand = top_scan(P, T->n, can, val, T->top, any, T->cand);
    return T;
}

/* A square at the end of a run through the new tile: the letters that may go
 * there alone and what the board tiles of its two words are worth, the run's
 * word worked out anew, the other as the position has it. */
typedef struct {
    int sq;
    uint64_t set;
    int sc_new, sc_other, other, wm, lm;
} Fresh;

static void fresh_square(const Search *S, int d, int lane, int i, Fresh *f, int with_set) {
    const PositionObject *P = &S->P;
    const uint8_t *line = P->tiles[d][lane];
    int b = i, e = i;
    while (b > 0 && line[b - 1]) b--;
    while (e < N - 1 && line[e + 1]) e++;
    f->sc_new = 0;
    for (int j = b; j <= e; j++)
        if (j != i) f->sc_new += P->value[line[j]];
    uint64_t set = with_set ? cross_of(P, S->xcache, line, b, i, e) : ~0ULL;
    int r = d == 0 ? lane : i, c = d == 0 ? i : lane;
    /* the other word's run, across for a square of a column and down for one of a row */
    const uint8_t *ol = P->tiles[1 - d][d == 0 ? c : r];
    int oi = d == 0 ? r : c;
    f->other = (oi > 0 && ol[oi - 1]) || (oi < N - 1 && ol[oi + 1]);
    f->set = set & (d == 0 ? P->cross[0][r][c] : P->cross[1][c][r]);
    f->sc_other = d == 0 ? P->cscore[0][r][c] : P->cscore[1][c][r];
    f->sq = r * N + c;
    f->wm = P->wm[0][r][c];
    f->lm = P->lm[0][r][c];
}

/* The score of a tile worth `value` on fresh square f, its run's word holding
 * `add` more points than f keeps. */
static inline int fresh_score_plus(const PositionObject *P, const Fresh *f, int add, int value) {
    int val = value * f->lm;
    return (f->sc_new + add + val) * f->wm + (f->other ? (f->sc_other + val) * f->wm : 0) +
           (P->rack_size == 1 ? P->bingo : 0);
}

static inline int fresh_score(const PositionObject *P, const Fresh *f, int value) {
    return fresh_score_plus(P, f, 0, value);
}

/* The best single after a play of a tile that may be the letters of cset and is
 * worth val: on its best square before that the play leaves alone (ex: the
 * squares it changes), or on a changed square, worked out anew (fr); -VAL_INF:
 * none. */
static inline int best_after(const PositionObject *P, const TopSquares *t, const int *ex, int nex,
                             const Fresh *fr, int ne, uint64_t cset, int val) {
    int best = top_excluding(t, ex, nex);
    for (int j = 0; j < ne; j++)
        if (fr[j].set & cset) {
            int sc = fresh_score(P, &fr[j], val);
            if (sc > best) best = sc;
        }
    return best;
}

/* A square whose words a play changes: lane `lane` of direction d, index i. */
typedef struct {
    uint8_t d, lane, i;
} End;

static inline int end_square(const End *e) {
    return e->d == 0 ? e->lane * N + e->i : e->i * N + e->lane;
}

/* The empty squares at the two ends of the run of tiles through (r, c) in
 * direction d, added to ends[*ne..]: the words through them hold that run. */
static inline void square_ends(const PositionObject *P, int r, int c, int d, End *ends, int *ne) {
    int lane = d == 0 ? r : c, i = d == 0 ? c : r, b = i, e = i;
    const uint8_t *line = P->tiles[d][lane];
    while (b > 0 && line[b - 1]) b--;
    while (e < N - 1 && line[e + 1]) e++;
    if (b > 0) ends[(*ne)++] = (End){(uint8_t)d, (uint8_t)lane, (uint8_t)(b - 1)};
    if (e < N - 1) ends[(*ne)++] = (End){(uint8_t)d, (uint8_t)lane, (uint8_t)(e + 1)};
}

/* Each of n tiles' best squares (top[k]: letters can[k], worth val[k], cap
 * TOP_SQ) and the squares of the singles (cand_can) after a single on square sq
 * of the position whose race_tops T lists them: only sq and the ends of the
 * runs through it changed (see three_tiles), so the rest is T's, and T's lists
 * are long enough (RT_CAP) to give TOP_SQ after leaving out those five. */
static int tops_after(const PositionObject *P, const RaceTops *T, int sq, int n, const int *codes,
                      const uint64_t *can, const int *val, TopSquares *top, uint64_t cand_can,
                      SingleSquare *cand) {
    End ends[4];
    int ne = 0, ex[5], nex = 1;
    square_ends(P, sq / N, sq % N, 0, ends, &ne);
    square_ends(P, sq / N, sq % N, 1, ends, &ne);
    ex[0] = sq;
    for (int j = 0; j < ne; j++) ex[nex++] = end_square(&ends[j]);
    uint64_t can_any = cand_can;
    for (int k = 0; k < n; k++) {
        can_any |= can[k];
        const TopSquares *pt = &T->top[T->idx[codes[k]]];
        for (int i = 0; i < pt->n && top[k].n < top[k].cap; i++) {
            int j = 0;
            while (j < nex && ex[j] != pt->sq[i]) j++;
            if (j == nex) top_add(&top[k], pt->score[i], pt->sq[i]);
        }
    }
    int ncand = 0;
    for (int i = 0; i < T->ncand; i++) {
        const SingleSquare *q = &T->cand[i];
        uint64_t want = q->want & cand_can;
        if (!want) continue;
        int qs = q->r * N + q->c, j = 0;
        while (j < nex && ex[j] != qs) j++;
        if (j < nex) continue;
        cand[ncand] = *q;
        cand[ncand++].want = want;
    }
    for (int j = 0; j < ne; j++) { /* the squares that changed, worked out anew */
        int es = end_square(&ends[j]), r = es / N, c = es % N, h, v;
        uint64_t want = single_square(P, r, c, can_any, &h, &v);
        if (!want) continue;
        for (int k = 0; k < n; k++)
            if (want & can[k]) top_add(&top[k], single_score(P, r, c, h, v, val[k]), es);
        if (want & cand_can)
            cand[ncand++] = (SingleSquare){(uint8_t)r, (uint8_t)c, (uint8_t)h, (uint8_t)v, want & cand_can};
    }
    return ncand;
}

/* A bound from above on the value of a play (score `score`) that leaves one
 * tile each, when the other side's tile has no square on the board before it:
 * that side may have one only on a changed square (the ends, fr: worked out
 * by fresh_square without their sets, with `add` more points in each run),
 * so its passing bounds the race from below, with this side's last tile (worth
 * val) going out on its best square before (t, leaving out ex) or on a changed
 * square as if that took any letter — no cross-set looked up. rv, sl: as
 * race's, the other side to move. */
static int stuck_bound(const Search *S, const TopSquares *t, const int *ex, int nex, const Fresh *fr, int ne,
                       int add, int val, int score, const int rv[2], int sl) {
    int bt = top_excluding(t, ex, nex);
    for (int j = 0; j < ne; j++) {
        int sc = fresh_score_plus(&S->P, &fr[j], add, val);
        if (sc > bt) bt = sc;
    }
    int out[2] = {-VAL_INF, bt}, can[2] = {0, bt > -VAL_INF}, pb;
    return score - race(out, can, rv, sl, &pb);
}

/* The passes of three_tiles: the value for the side with two tiles (two != 0)
 * or the one with one to move with sl scoreless turns left, when the first can
 * go out for out_two, play one tile for m (its best single: its score less the
 * race after it), the second go out for out_one (values; -VAL_INF: cannot);
 * *choice the move there (0 the pass, 1 going out, 2 the single). */
static int three_race(int out_two, int m, int out_one, int rv_two, int rv_one, int sl, int two, int *choice) {
    int vt = -VAL_INF, vu = -VAL_INF;
    *choice = 0;
    for (int k = 1; k <= sl; k++) {
        int nt = k <= 1 ? rv_one - rv_two : -vu, nu = k <= 1 ? rv_two - rv_one : -vt, ct = 0, cu = 0;
        /* on a tie a play rather than the pass: the game ends sooner */
        if (out_two > -VAL_INF && out_two >= nt) { nt = out_two; ct = 1; }
        if (m > -VAL_INF && (m > nt || (ct == 0 && m == nt))) { nt = m; ct = 2; }
        if (out_one > -VAL_INF && out_one >= nu) { nu = out_one; cu = 1; }
        vt = nt;
        vu = nu;
        if (k == sl) *choice = two ? ct : cu;
    }
    return two ? vt : vu;
}

/* The value (*lo == *hi), or bounds that settle the test of the window
 * (alpha, beta): a single whose value is bounded where it cannot matter is not
 * worked out. The position's value rises with the best single's for the side
 * with two tiles and falls with it for the other, and only up to a point
 * (three_race takes the best of it and of numbers that do not depend on it):
 * so singles bounded at most alpha (two to move; -beta for the other) leave
 * either the value exact or bounds outside the window. */
static int three_tiles(Search *S, int side, int sl, int ply, int alpha, int beta, int *lo, int *hi, Move *best,
                       int *has_best) {
    PositionObject *P = &S->P;
    int two = S->ntl[side] == 2 ? side : 1 - side, one = 1 - two;
    /* the tiles by code (0: a blank) */
    int tc[2] = {0, 0}, nt = 0, oc = 0;
    for (int t = 0; t <= P->nletters; t++) {
        for (int k = 0; k < S->cnt[two][t]; k++) tc[nt++] = t;
        if (S->cnt[one][t]) oc = t;
    }
    int codes[3] = {tc[0], tc[1], oc};
    uint64_t can[3];
    int val[3];
    for (int k = 0; k < 3; k++) {
        can[k] = codes[k] ? 1ULL << codes[k] : all_letters(P);
        val[k] = codes[k] ? P->value[codes[k]] : 0;
    }
    /* each tile's best squares on the board as it is */
    TopSquares top[3];
    for (int k = 0; k < 3; k++) {
        top[k].n = 0;
        top[k].cap = TOP_SQ;
    }
    SingleSquare cand[N * N]; /* the squares of the singles */
    int ncand;
    if (ply > 0 && S->via[ply].pkey && S->rtops[ply - 1].key == S->via[ply].pkey)
        /* a single led here from a position whose lists are at hand */
        ncand = tops_after(P, &S->rtops[ply - 1], S->via[ply].sq, 3, codes, can, val, top, can[0] | can[1], cand);
    else
        ncand = top_scan(P, 3, can, val, top, can[0] | can[1], cand);
    int rv_two = S->rv[two], rv_one = S->rv[one];
    /* the plays that go out: the best single of the side with one tile, and
     * the best play of both tiles, from the lanes' table — which costs more
     * than all the rest, so it is asked only when the singles leave the test
     * open (out_two VAL_INF: not asked) */
    Move mo, mk;
    int ho = 0, hk, out_two = VAL_INF;
    int out_one = top[2].n ? top[2].score[0] + 2 * rv_two : -VAL_INF;
    /* singles bounded at most tau are not worked out: with the one tile going
     * out reaching beta, none is */
    int tau = side == two ? alpha : (out_one >= beta ? VAL_INF : -beta);
    /* the best single of the side with two tiles: its score less the race
     * after it (m_best of those worked out, m_pruned the best bound of the rest) */
    int m_best = -VAL_INF, m_pruned = -VAL_INF, mb_r = 0, mb_c = 0, mb_h = 0, mb_w = 0, mb_s = 0;
    for (int q = 0; q < ncand; q++) {
        int r = cand[q].r, c = cand[q].c, h = cand[q].h, v = cand[q].v;
        uint64_t want = cand[q].want;
        /* the squares whose words run through (r, c) (the same runs
         * whether the square is filled or not) */
        End ends[4];
        int ne = 0, ex[5];
        square_ends(P, r, c, 0, ends, &ne);
        square_ends(P, r, c, 1, ends, &ne);
        ex[0] = r * N + c;
        for (int j = 0; j < ne; j++) ex[1 + j] = end_square(&ends[j]);
        int old_one = top_excluding(&top[2], ex, 1 + ne);
        int fresh_byte = -1; /* the tile fr was worked out with */
        Fresh fr[4], fz[4];  /* fz: the ends' runs with a tile worth 0 on the square */
        int fz_ready = 0;
        for (int k = 0; k < 2; k++) {
            if (k == 1 && tc[1] == tc[0]) break; /* the same tile twice */
            int rest = 1 - k, stuck = VAL_INF;
            for (uint64_t w = want & can[k]; w; w &= w - 1) {
                int letter = __builtin_ctzll(w);
                if (codes[k] && letter != codes[k]) continue;
                int s = single_score(P, r, c, h, v, val[k]);
                /* the other side going out at once bounds the race from below */
                int bound = old_one > -VAL_INF ? s - (old_one + 2 * val[rest]) : VAL_INF;
                uint8_t byte = (uint8_t)(codes[k] ? letter : (letter | BLANK_FLAG));
                if (bound == VAL_INF && tau != VAL_INF) {
                    /* it has no single on the board as it is (stuck_bound). The
                     * bound needs only the runs through the ends and the tile's
                     * points, not its letter: worked out once for the square
                     * and the same for every letter of a blank. */
                    if (stuck == VAL_INF) {
                        if (!fz_ready) {
                            P->tiles[0][r][c] = BLANK_FLAG | 1;
                            P->tiles[1][c][r] = BLANK_FLAG | 1;
                            for (int j = 0; j < ne; j++) fresh_square(S, ends[j].d, ends[j].lane, ends[j].i, &fz[j], 0);
                            P->tiles[0][r][c] = 0;
                            P->tiles[1][c][r] = 0;
                            fz_ready = 1;
                        }
                        int rv[2] = {rv_one, rv_two - val[k]};
                        stuck = stuck_bound(S, &top[rest], ex, 1 + ne, fz, ne, val[k], val[rest], s, rv, S->reset_sl);
                    }
                    bound = stuck;
                }
                if (bound <= (m_best > tau ? m_best : tau) || tau == VAL_INF) {
                    if (bound > m_pruned) m_pruned = bound;
                    continue;
                }
                P->tiles[0][r][c] = byte;
                P->tiles[1][c][r] = byte;
                if (byte != fresh_byte) { /* the words through the ends hold it, and its points */
                    for (int j = 0; j < ne; j++) fresh_square(S, ends[j].d, ends[j].lane, ends[j].i, &fr[j], 1);
                    fresh_byte = byte;
                }
                P->tiles[0][r][c] = 0;
                P->tiles[1][c][r] = 0;
                int bo = best_after(P, &top[2], ex, 1 + ne, fr, ne, can[2], val[2]);
                int bt = best_after(P, &top[rest], ex, 1 + ne, fr, ne, can[rest], val[rest]);
                int out[2] = {bo, bt}, cn[2] = {bo > -VAL_INF, bt > -VAL_INF};
                int rv[2] = {rv_one, rv_two - val[k]}, pb;
                int mv = s - race(out, cn, rv, S->reset_sl, &pb);
                if (mv > m_best) {
                    m_best = mv;
                    mb_r = r;
                    mb_c = c;
                    mb_h = h;
                    mb_w = byte;
                    mb_s = s;
                }
            }
        }
    }
    int m_hi = m_best > m_pruned ? m_best : m_pruned, choice, ch2, settled = 0;
    {
        /* The value rises with the best play of both for its side and falls
         * with it for the other: bounds from the two ends of what it may be. */
        int t = side == two;
        int v1 = three_race(t ? -VAL_INF : VAL_INF, t ? m_best : m_hi, out_one, rv_two, rv_one, sl, t, &choice);
        int v2 = three_race(t ? VAL_INF : -VAL_INF, t ? m_hi : m_best, out_one, rv_two, rv_one, sl, t, &ch2);
        if (v1 >= beta || v2 <= alpha) {
            *lo = v1;
            *hi = v2;
            if (v1 < beta) choice = ch2;
            settled = 1;
        } else {
            if (!frontier_best(S, two, &mo, &ho, &mk, &hk)) return 0;
            out_two = ho ? mo.score + 2 * rv_one : -VAL_INF;
        }
    }
    if (!settled) {
        int v1 = three_race(out_two, m_best, out_one, rv_two, rv_one, sl, side == two, &choice);
        int v2 = three_race(out_two, m_hi, out_one, rv_two, rv_one, sl, side == two, &ch2);
        *lo = v1 < v2 ? v1 : v2;
        *hi = v1 < v2 ? v2 : v1;
    }
    *has_best = choice != 0;
    if (choice == 1 && side == two) *best = mo;
    else if (choice == 1) {
        int r = top[2].sq[0] / N, c = top[2].sq[0] % N, h = 0, v = 0;
        uint64_t want = single_square(P, r, c, can[2], &h, &v);
        int idx = single_play(P, r, c, h, best);
        best->word[idx] = (uint8_t)(oc ? oc : (__builtin_ctzll(want) | BLANK_FLAG));
        best->score = top[2].score[0];
    } else if (choice == 2) {
        int idx = single_play(P, mb_r, mb_c, mb_h, best);
        best->word[idx] = (uint8_t)mb_w;
        best->score = mb_s;
    }
    return 1;
}

/* ---- a play that leaves one tile each ----
 *
 * After such a play the rest is the race of one_tile_each, decided by the two
 * tiles' best singles on the board after it: worked out from the position
 * before it as three_tiles does for a single — each rack tile's best squares
 * before (RaceTops, once a position), the squares the play changes (its own,
 * and the ends of its word and of each tile's crossing run) worked out anew —
 * without making the play or searching the position after it. */
/* The value for `side` of play m (score s, at most RACE_MAX_TILES tiles), which
 * leaves it one tile against the other side's one, with sl2 scoreless turns
 * left after it — or, when the other side's tile has no square, a bound on it
 * at most alpha (the value is at most that). */
static int race_after(Search *S, int side, const Move *m, int ply, int sl2, uint64_t key, int alpha) {
    PositionObject *P = &S->P;
    const RaceTops *T = race_tops(S, ply, key);
    int used[MAXLET + 1];
    memset(used, 0, sizeof used);
    int placed[N], np = 0, r0 = 0, c0 = 0;
    for (int k = 0, r, c; k < m->len; k++) {
        if (!placed_at(m, k, &r, &c)) continue;
        uint8_t w = m->word[k];
        used[(w & BLANK_FLAG) ? 0 : LETTER(w)]++;
        P->tiles[0][r][c] = w;
        P->tiles[1][c][r] = w;
        placed[np++] = r * N + c;
        r0 = r;
        c0 = c;
    }
    int keep = 0, oc = 0; /* the tile the side keeps, the other side's */
    for (int t = 0; t <= P->nletters; t++) {
        if (S->cnt[side][t] > used[t]) keep = t;
        if (S->cnt[1 - side][t]) oc = t;
    }
    End ends[2 + 2 * RACE_MAX_TILES];
    Fresh fr[2 + 2 * RACE_MAX_TILES] = {{0}}; /* (set up to ne below; zeroed for the compiler's sake) */
    int ne = 0;
    square_ends(P, r0, c0, m->dir, ends, &ne);
    for (int j = 0; j < np; j++) square_ends(P, placed[j] / N, placed[j] % N, 1 - m->dir, ends, &ne);
    int ex[N + 2 + 2 * RACE_MAX_TILES], nex = 0;
    for (int j = 0; j < np; j++) ex[nex++] = placed[j];
    for (int j = 0; j < ne; j++) ex[nex++] = end_square(&ends[j]);
    int rv[2] = {S->rv[1 - side], keep ? P->value[keep] : 0}, pb;
    if (T->top[T->idx[oc]].n == 0) {
        /* the other side has no single on the board as it is (stuck_bound) */
        for (int j = 0; j < ne; j++) fresh_square(S, ends[j].d, ends[j].lane, ends[j].i, &fr[j], 0);
        int bound = stuck_bound(S, &T->top[T->idx[keep]], ex, nex, fr, ne, 0, keep ? P->value[keep] : 0, m->score,
                                rv, sl2);
        if (bound <= alpha) {
            for (int j = 0; j < np; j++) {
                P->tiles[0][placed[j] / N][placed[j] % N] = 0;
                P->tiles[1][placed[j] % N][placed[j] / N] = 0;
            }
            return bound;
        }
    }
    for (int j = 0; j < ne; j++) fresh_square(S, ends[j].d, ends[j].lane, ends[j].i, &fr[j], 1);
    for (int j = 0; j < np; j++) {
        P->tiles[0][placed[j] / N][placed[j] % N] = 0;
        P->tiles[1][placed[j] % N][placed[j] / N] = 0;
    }
    int codes[2] = {oc, keep}, out[2], can[2];
    for (int p = 0; p < 2; p++) {
        int t = codes[p];
        out[p] = best_after(P, &T->top[T->idx[t]], ex, nex, fr, ne, t ? 1ULL << t : all_letters(P),
                            t ? P->value[t] : 0);
        can[p] = out[p] > -VAL_INF;
    }
    return m->score - race(out, can, rv, sl2, &pb);
}

/* ---- the search ---- */

/* The order of a position's plays: each play's key, the killers right after the
 * plays that go out, the plays already tried (INT32_MIN) last. */
static void order_keys(const Search *S, int side, int ply, MoveVec *mv, const Move *tried, int ntried) {
    for (Py_ssize_t i = 0; i < mv->n; i++) {
        Move *m = &mv->v[i];
        m->key = order_key(S, side, m);
        for (int k = 0; k < NKILL; k++)
            if (m->key < 1000000 && same_move(m, &S->killer[ply][k])) m->key = 900000 - k;
        if (play_was_tried(tried, ntried, m)) m->key = INT32_MIN;
    }
}

static int negamax(Search *S, int side, int sl, int depth, int alpha, int beta, int ply, int *deep);

/* Two threads share the work below the root as in ABDADA (simplified): a
 * thread about to search a move that is not the first at its position marks
 * (position, move) in a shared table; the other thread, meeting a marked move,
 * leaves it for after the position's other moves, by when the table usually
 * holds its value. */
static inline int busy_elsewhere(const Search *S, uint64_t mh) {
    return __atomic_load_n(&S->busy[mh & ((1u << BUSY_BITS) - 1)], __ATOMIC_RELAXED) == mh;
}

static inline uint64_t move_hash(uint64_t key, const Move *m) {
    uint64_t h = key ^ ((uint64_t)m->dir << 8 | (uint64_t)m->lane << 16 | (uint64_t)m->start << 24 | (uint64_t)m->len << 32);
    for (int i = 0; i < m->len; i++) h = (h ^ m->word[i]) * 0x100000001B3ULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 32;
    return h | 1;
}

/* The table's key of the position after `side` makes play m (which does not
 * go out and leaves sl2 > 0 scoreless turns), worked out without making it. */
static inline uint64_t child_key(const Search *S, int side, const Move *m, int sl2) {
    uint64_t hb = S->hboard, hr = S->hrack[side][1];
    for (int k = 0, r, c; k < m->len; k++) {
        if (!placed_at(m, k, &r, &c)) continue;
        uint8_t w = m->word[k];
        hb ^= Z_board[r * N + c][w];
        int code = (w & BLANK_FLAG) ? 0 : LETTER(w), dup = 0;
        for (int j = 0; j < k; j++) {
            uint8_t u = m->word[j];
            if (!(u & THROUGH_FLAG) && ((u & BLANK_FLAG) ? 0 : LETTER(u)) == code) dup++;
        }
        int cnt = S->cnt[side][code] - dup;
        hr ^= Z_rack[1][code][cnt] ^ Z_rack[1][code][cnt - 1];
    }
    return hb ^ S->hrack[1 - side][0] ^ hr ^ Z_sl[sl2];
}

/* Enhanced transposition cutoff: the first of the plays in mv (the ones not
 * tried yet) whose position the table already bounds well enough to cut off
 * (its value for the other side at most s - beta), or -1. A play, a reply and
 * another play reach the same position in either order, and searched first such
 * a play costs one probe instead of a subtree. */
static Py_ssize_t etc_cut(Search *S, int side, int sl, int depth, int beta, const MoveVec *mv) {
    for (Py_ssize_t i = 0; i < mv->n; i++) {
        const Move *m = &mv->v[i];
        if (m->key == INT32_MIN || m->ntiles == S->ntl[side]) continue;
        int sl2 = (S->zero_scoreless && m->score == 0) ? sl - 1 : S->reset_sl;
        if (sl2 <= 0) continue;
        TTEntry ce;
        if (!tt_probe(S, child_key(S, side, m, sl2), &ce)) continue;
        if (ce.draft != INF_DRAFT && ce.draft < depth - 1) continue;
        if (m->score - ce.hi >= beta) return i;
    }
    return -1;
}

/* The value for `side` of making move m (NULL: the pass), the end of the game
 * included; the child is searched with a null window first unless `first`
 * (principal variation search). */
static int child_value(Search *S, int side, int sl, const Move *m, int depth, int alpha, int beta,
                       int ply, int first, int *cdeep) {
    int other = 1 - side;
    *cdeep = 0;
    if (!m) {
        if (sl <= 1) return S->rv[other] - S->rv[side]; /* the last scoreless turn */
        S->snap[ply].pending = 0; /* a pass changes nothing on the board */
        /* A pass costs no depth: the run of scoreless turns bounds a chain of
         * passes (each takes one from sl), and lines where one side can only
         * pass (a tile stuck on its rack) while the other plays its tiles off
         * one by one are the longest of an endgame — counting the passes made
         * the proof of such a line wait for twice as many iterations. */
        if (first) return -negamax(S, other, sl - 1, depth, -beta, -alpha, ply + 1, cdeep);
        int v = -negamax(S, other, sl - 1, depth, -alpha - 1, -alpha, ply + 1, cdeep);
        if (!S->aborted && v > alpha && v < beta)
            v = -negamax(S, other, sl - 1, depth, -beta, -alpha, ply + 1, cdeep);
        return v;
    }
    int s = m->score;
    if (m->ntiles == S->ntl[side]) return s + 2 * S->rv[other]; /* went out */
    int sl2 = (S->zero_scoreless && s == 0) ? sl - 1 : S->reset_sl;
    int v;
    if (sl2 > 0 && depth >= 2 && S->ntl[other] == 1 && S->ntl[side] - m->ntiles == 1 &&
        m->ntiles <= RACE_MAX_TILES) {
        /* One tile each after m: the race, worked out without making m. Not
         * at the horizon: one ply above it (negamax's depth-1 stage) only a few
         * moves are tried, on the understanding that their values are guesses. */
        S->nodes++;
        return race_after(S, side, m, ply, sl2, node_key(S, side, sl), alpha);
    }
    if (sl2 > 0 && depth <= 1) {
        /* The child is at the horizon: its guess needs only the rack left. */
        S->nodes++;
        *cdeep = 1;
        return s - ((S->rv[side] - played_points(&S->P, m)) - S->rv[other]);
    }
    if (sl2 > 0 && depth >= 2) {
        /* Bound m by the other side's replies that it leaves alone
         * (collect_replies), without making it. One ply above the horizon
         * (depth 2) every reply counts and the replies are collected here;
         * deeper only a reply that goes out bounds m exactly, and only when the
         * position's replies were collected (the last stage of negamax). */
        Replies *R = &S->replies[ply];
        if (depth == 2 && !ensure_replies(S, side, sl, ply)) { S->aborted = 1; S->error = 2; return 0; }
        if (depth == 2 || (R->no > 0 && R->ply == ply && R->key == node_key(S, side, sl))) {
            int rva = S->rv[side] - played_points(&S->P, m); /* the side's rack after m */
            Zone mz;
            tiles_zone(m, &mz);
            int i = first_out_reply(&S->P, R, &mz);
            if (i >= 0) { /* a reply that goes out: an exact bound */
                int b = R->oscore[i] + 2 * rva;
                if (s - b <= alpha) { S->nodes++; return s - b; }
            }
            if (depth == 2) {
                int bound = rva - S->rv[other]; /* the reply that passes */
                for (int k = 0; k < R->nk; k++)
                    if (!zone_meets(reply_zone(&S->P, R, 0, k), &mz)) {
                        if (R->kval[k] + rva > bound) bound = R->kval[k] + rva;
                        break;
                    }
                if (s - bound <= alpha) { S->nodes++; *cdeep = 1; return s - bound; }
            }
        }
    }
    if (sl2 > 0) {
        /* The child's table entry is a wait for memory (the table is far larger
         * than the caches): ask for it before making the move, which then
         * overlaps the wait. */
        uint64_t ck = child_key(S, side, m, sl2);
        __builtin_prefetch(&S->tt[(ck & S->ttmask) * 2]);
    }
    int via = 0;
    if (m->ntiles == 1 && sl2 > 0 && depth >= 2 && S->ntl[side] + S->ntl[other] == 4 && !S->zero_scoreless) {
        /* A single that leaves two tiles and one: the position after it is
         * worked out (three_tiles) from this one's lists of the tiles' best
         * squares, which its siblings share, instead of scanning the board. */
        uint64_t pk = node_key(S, side, sl);
        race_tops(S, ply, pk);
        for (int k = 0, r, c; k < m->len; k++)
            if (placed_at(m, k, &r, &c)) S->via[ply + 1].sq = r * N + c;
        S->via[ply + 1].pkey = pk;
        via = 1;
    }
    make_move(S, side, m, ply);
    if (sl2 <= 0) v = s + S->rv[other] - S->rv[side];
    else if (first) v = s - negamax(S, other, sl2, depth - 1, s - beta, s - alpha, ply + 1, cdeep);
    else {
        v = s - negamax(S, other, sl2, depth - 1, s - alpha - 1, s - alpha, ply + 1, cdeep);
        if (!S->aborted && v > alpha && v < beta)
            v = s - negamax(S, other, sl2, depth - 1, s - beta, s - alpha, ply + 1, cdeep);
    }
    unmake_move(S, side, m, ply);
    if (via) S->via[ply + 1].pkey = 0;
    return v;
}

/* The value of the position for `side`, to move with `sl` scoreless turns left
 * before the game ends. *deep is set when the depth limit cut some line.
 *
 * Moves are tried in stages: the table's best move and the two killers of this
 * ply (plays that refuted a sibling), checked and scored without generating
 * anything; then the best play that goes out and the lanes' best other plays,
 * from the lanes' table; only if none of them cuts off are all the moves
 * generated, ordered, and the rest tried; the pass comes last unless the table
 * says it is best. */
static int negamax(Search *S, int side, int sl, int depth, int alpha, int beta, int ply, int *deep) {
    long long nodes0 = S->nodes++;

    check_limits(S);
    *deep = 0;
    if (S->aborted) return 0;
    int other = 1 - side;
    if (depth <= 0 || ply >= MAXPLY - 1) {
        /* The horizon: guess that the game ends with both racks subtracted. */
        *deep = 1;
        return S->rv[other] - S->rv[side];
    }
    uint64_t key = node_key(S, side, sl);
    S->twopass[ply].on = 0;
    CMove ttmove;
    ttmove.len = 0;
    TTEntry te, *e = tt_probe(S, key, &te) ? &te : NULL;
    if (e) {
        unpack_move(&e->best, &ttmove);
        if (e->draft == INF_DRAFT || e->draft >= depth) {
            int lim = e->draft != INF_DRAFT;
            if (e->lo == e->hi || e->lo >= beta) {
                if (ply == 0) S->root_best = ttmove;
                *deep = lim;
                return e->lo;
            }
            if (e->hi <= alpha) { *deep = lim; return e->hi; }
        }
    }
    int alpha0 = alpha, best = -VAL_INF, anydeep = 0, bestdeep = 0, searched = 0, cd, v;
    /* Two threads split a position's moves where the subtrees are big enough to
     * pay for the marks: far enough above the horizon, or in a search without
     * one (prove) with enough tiles left on the racks. */
    int pass_done = 0, ndefer = 0,
        sharing = S->busy && (S->unlimited ? S->ntl[0] + S->ntl[1] >= SHARE_MIN_TILES
                                           : depth >= DEFER_MIN_DEPTH);
    CMove bestm;
    bestm.len = 0;
    Move tried[2 + NKILL + LANE_FIRST]; /* the table's move, the killers, the best play going out, the lanes' best */
    int ntried = 0;
#define CONSIDER(MP, IS_PASS)                                                          \
    do {                                                                             \
        v = child_value(S, side, sl, (MP), depth, alpha, beta, ply, searched == 0, &cd); \
        MP_AFTER(MP, IS_PASS);                                                       \
    } while (0)
#define CONSIDER_MARKED(MP, MH)                                                        \
    do {                                                                             \
        uint64_t *slot_ = &S->busy[(MH) & ((1u << BUSY_BITS) - 1)], was_ = (MH);        \
        __atomic_store_n(slot_, (MH), __ATOMIC_RELAXED);                              \
        v = child_value(S, side, sl, (MP), depth, alpha, beta, ply, 0, &cd);           \
        __atomic_compare_exchange_n(slot_, &was_, 0, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED); \
        MP_AFTER(MP, 0);                                                             \
    } while (0)
/* A move of a generated list, marked while searched when the threads share the
 * work; left for later (DEFER_KEY) when the other thread is searching it. */
#define CONSIDER_SHARED(MP)                                                            \
    do {                                                                             \
        if (sharing && searched > 0) {                                               \
            uint64_t mh_ = move_hash(key, (MP));                                     \
            if (busy_elsewhere(S, mh_)) { (MP)->key = DEFER_KEY; ndefer++; }          \
            else CONSIDER_MARKED((MP), mh_);                                         \
        } else CONSIDER((MP), 0);                                                    \
    } while (0)
#define CONSIDER_DEFERRED(MV)                                                          \
    do {                                                                             \
        for (Py_ssize_t d_ = 0; ndefer > 0 && d_ < (MV)->n; d_++)                     \
            if ((MV)->v[d_].key == DEFER_KEY) {                                      \
                ndefer--;                                                            \
                CONSIDER(&(MV)->v[d_], 0);                                           \
            }                                                                        \
    } while (0)
/* Without a depth limit and with enough tiles left for the probes to pay, a
 * play of the list that the table already shows to cut off (etc_cut) first. */
#define CONSIDER_ETC(MV)                                                               \
    do {                                                                             \
        if (S->unlimited && S->ntl[0] + S->ntl[1] >= ETC_MIN_TILES) {                \
            Py_ssize_t c_ = etc_cut(S, side, sl, depth, beta, (MV));                 \
            if (c_ >= 0) {                                                           \
                CONSIDER(&(MV)->v[c_], 0);                                           \
                (MV)->v[c_].key = INT32_MIN;                                         \
            }                                                                        \
        }                                                                            \
    } while (0)
/* The pass after every play, all worth at most alpha0: the position two passes
 * on is this one with two scoreless turns fewer, and its plays are the same
 * (each resets the run), so it is told their bound (Search.twopass). */
#define PASS_LAST()                                                                  \
    do {                                                                             \
        if (best <= alpha0 && sl >= 3 && !S->zero_scoreless) {                       \
            S->twopass[ply] = (TwoPass){key, best, anydeep, 1};                      \
            CONSIDER(NULL, 1);                                                       \
            S->twopass[ply].on = 0;                                                  \
        } else CONSIDER(NULL, 1);                                                    \
    } while (0)
#define MP_AFTER(MP, IS_PASS)                                                          \
    do {                                                                             \
        searched++;                                                                  \
        if (S->aborted) return 0;                                                    \
        anydeep |= cd;                                                               \
        if (v > best) {                                                              \
            best = v;                                                                \
            bestdeep = cd;                                                           \
            if (IS_PASS) bestm.len = PASS_LEN;                                       \
            else to_cmove((MP), &bestm);                                             \
        }                                                                            \
        if (v > alpha) alpha = v;                                                    \
        if (alpha >= beta) goto cutoff;                                              \
    } while (0)

    TIMED(0, ensure_cross(S, ply));
    if (S->ntl[side] == 1 && S->ntl[other] == 1) {
        /* One tile each: worked out, not searched (exact at any depth). */
        int v1, hb;
        Move bm;
        if (!one_tile_each(S, side, sl, &v1, &bm, &hb)) { S->aborted = 1; S->error = 2; return 0; }
        CMove cb;
        if (hb) to_cmove(&bm, &cb);
        else { memset(&cb, 0, sizeof cb); cb.len = PASS_LEN; }
        tt_store(S, key, v1, INF_DRAFT, TT_EXACT, &cb, 1);
        return v1;
    }
    if (S->ntl[side] + S->ntl[other] == 3 && !S->zero_scoreless) {
        /* Two tiles and one: worked out too (three_tiles). */
        int lo3, hi3, hb;
        Move bm;
        if (!three_tiles(S, side, sl, ply, alpha, beta, &lo3, &hi3, &bm, &hb)) { S->aborted = 1; S->error = 2; return 0; }
        if (lo3 != hi3 && hi3 > alpha && lo3 < beta) {
            /* bounds that do not settle the test (not expected): the value */
#ifdef DEBUG_STATS
            fprintf(stderr, "three_tiles: bounds %d..%d in the window %d..%d\n", lo3, hi3, alpha, beta);
#endif
            if (!three_tiles(S, side, sl, ply, -VAL_INF, VAL_INF, &lo3, &hi3, &bm, &hb)) { S->aborted = 1; S->error = 2; return 0; }
        }
        CMove cb;
        if (hb) to_cmove(&bm, &cb);
        else { memset(&cb, 0, sizeof cb); cb.len = PASS_LEN; }
        tt_put(S, key, lo3, hi3, INF_DRAFT, &cb, 1);
        if (ply == 0 && lo3 >= beta) S->root_best = cb;
        return lo3 == hi3 || hi3 <= alpha ? hi3 : lo3;
    }
    if (ply >= 2) {
        /* Reached by two passes from a position whose plays were all worth at
         * most this window's alpha (and are the same here: a play resets the
         * run of scoreless turns): only the pass is left to search. A side
         * with a tile it cannot play passes, the other passes back, and the
         * search was back here to try every play again, each answered by the
         * table: a sixth of the time of the proofs where a side is stuck.
         * (PASS_LAST sets the bound only where this applies.) */
        const TwoPass *tp = &S->twopass[ply - 2];
        if (tp->on && tp->hi <= alpha && tp->key == node_key(S, side, sl + 2)) {
            best = tp->hi;
            anydeep = tp->deep;
            CONSIDER(NULL, 1);
            goto cutoff;
        }
    }
    /* Stage 1: the remembered moves. */
    if (ttmove.len == PASS_LEN) {
        pass_done = 1;
        CONSIDER(NULL, 1);
    } else if (ttmove.len && revalidate(S, side, &ttmove, &tried[ntried])) {
        ntried++;
        CONSIDER(&tried[ntried - 1], 0);
    }
    /* A killer that goes out is worth its value at once: no subtree to search. */
    for (int k = 0; k < NKILL; k++) {
        const CMove *km = &S->killer[ply][k];
        if (!km->len || km->len == PASS_LEN) continue;
        if (was_tried(tried, ntried, km) || !revalidate(S, side, km, &tried[ntried])) continue;
        if (tried[ntried].ntiles != S->ntl[side]) continue;
        ntried++;
        CONSIDER(&tried[ntried - 1], 0);
    }
    if (depth == 1 && !(S->zero_scoreless && sl <= 1)) {
        /* One ply above the horizon (but not at WESPA's last scoreless turn, where
         * a play scoring 0 ends the game exactly), when the remembered moves did
         * not cut off: the best play that goes out, the best other play, the
         * pass — from the lanes' remembered best plays, no generation. The one
         * that goes out first: a cutoff by it is exact. */
        Move mo, mk;
        int ho, hk;
        int okf;
        TIMED(1, okf = frontier_best(S, side, &mo, &ho, &mk, &hk));
        if (!okf) { S->aborted = 1; S->error = 2; return 0; }
        S->generations++;
        S->frontiers++;
        if (ho) CONSIDER(&mo, 0);
        if (hk) CONSIDER(&mk, 0);
        if (!pass_done) PASS_LAST();
        goto cutoff;
    }
    if (S->ntl[side] == 1 && !(S->zero_scoreless && sl <= 1)) {
        /* One tile on the rack: every play goes out, worth exactly its score plus
         * twice the other rack, so only the best-scoring one counts — the lanes'
         * remembered best plays give it without a generation; then the pass. */
        Move mo, mk;
        int ho, hk;
        if (!frontier_best(S, side, &mo, &ho, &mk, &hk)) { S->aborted = 1; S->error = 2; return 0; }
        S->generations++;
        if (ho) CONSIDER(&mo, 0);
        if (!pass_done) PASS_LAST();
        goto cutoff;
    }
    if (depth == 2) {
        /* Two plies above the horizon: lane by lane. A lane whose plays are all
         * refuted by a reply they leave alone (see collect_replies) — for a play
         * m of the lane, its value is at most its score less the points it keeps
         * less the best reply's (a reply that goes out: exact), so at most the
         * lane's best such key less the best reply's whose zone misses the lane —
         * is not generated at all; the others are, their plays tried in order. */
        LaneBest lanes[2 * N];
        int nl = 0, ho, hk;
        Move bo, bk;
        if (!lane_scan(S, side, &bo, &ho, &bk, &hk, lanes, &nl) || !ensure_replies(S, side, sl, ply)) {
            S->aborted = 1; S->error = 2; return 0;
        }
        S->generations++;
        Replies *R = &S->replies[ply];
        int rvo = S->rv[other];
        if (ho && !play_was_tried(tried, ntried, &bo)) {
            /* the best play that goes out first: its value is exact */
            tried[ntried++] = bo;
            CONSIDER(&tried[ntried - 1], 0);
        }
        qsort(lanes, nl, sizeof lanes[0], cmp_lane_key);
        for (int li = 0; li < nl; li++) {
            const LaneBest *lb = &lanes[li];
            const Zone *lz = &lane_zone[lb->dir][lb->lane];
            int ub = lane_exact_bound(&S->P, R, lb, rvo);
            if (ub <= alpha) {
                if (ub > best) best = ub; /* every play of the lane is worth ub at most */
                continue;
            }
            int ub_out = lb->has_out ? lb->mout.score + 2 * rvo : -VAL_INF;
            int ub_deep = -VAL_INF;
            if (lb->has_key) {
                ub_deep = lb->best_key + rvo; /* the reply that passes */
                for (int i = 0; i < R->nk; i++)
                    if (!zone_meets(reply_zone(&S->P, R, 0, i), lz)) {
                        if (lb->best_key - R->kval[i] < ub_deep) ub_deep = lb->best_key - R->kval[i];
                        break;
                    }
            }
            if (ub_out <= alpha && ub_deep <= alpha) {
                int u = ub_out > ub_deep ? ub_out : ub_deep;
                if (u > best) best = u;
                anydeep = 1;
                continue;
            }
            MoveVec *mv = &S->mv[ply];
            TIMED(3, gen_lane(S, side, lb->dir, lb->lane, mv));
            if (mv->failed) { S->aborted = 1; S->error = 2; return 0; }
            Py_ssize_t n = mv->n;
            for (Py_ssize_t i = 0; i < n; i++) {
                Move *m = &mv->v[i];
                m->key = order_key(S, side, m);
                if (play_was_tried(tried, ntried, m)) m->key = INT32_MIN;
            }
            if (!sort_moves(S, mv, 0)) { S->aborted = 1; S->error = 2; return 0; }
            for (Py_ssize_t i = 0; i < n; i++) {
                if (mv->v[i].key == INT32_MIN) break;
                CONSIDER(&mv->v[i], 0);
            }
        }
        if (!pass_done) PASS_LAST();
        goto cutoff;
    }
    if (S->ntl[side] == 2 && !(S->zero_scoreless && sl <= 1)) {
        /* Two tiles on the rack: a play that goes out is worth exactly its score
         * plus twice the other rack, so only the best-scoring one counts (the
         * lanes' remembered best plays give it), and every other play puts down
         * one tile (gen_singles): no generation through the automaton. The
         * other side's replies that go out are collected first, to refute
         * single plays without making them (child_value). */
        Move mo, mk;
        int ho, hk;
        if (!frontier_best(S, side, &mo, &ho, &mk, &hk)) { S->aborted = 1; S->error = 2; return 0; }
        S->generations++;
        if (ho && !play_was_tried(tried, ntried, &mo)) {
            tried[ntried++] = mo;
            CONSIDER(&tried[ntried - 1], 0);
        }
        /* (the replies after it: a play that goes out needs none) */
        if (!ensure_replies(S, side, sl, ply)) { S->aborted = 1; S->error = 2; return 0; }
        MoveVec *mv = &S->mv[ply];
        gen_singles(S, side, mv);
        if (mv->failed) { S->aborted = 1; S->error = 2; return 0; }
        Py_ssize_t n = mv->n;
        order_keys(S, side, ply, mv, tried, ntried);
        CONSIDER_ETC(mv);
        if (!sort_moves(S, mv, 0)) { S->aborted = 1; S->error = 2; return 0; }
        for (Py_ssize_t i = 0; i < n && mv->v[i].key != INT32_MIN; i++) CONSIDER_SHARED(&mv->v[i]);
        CONSIDER_DEFERRED(mv);
        if (!pass_done) PASS_LAST();
        goto cutoff;
    }
    /* Stage 2: the lanes' best plays, then every play, best-looking first, then
     * the pass. */
    {
        MoveVec *mv = &S->mv[ply];
        uint8_t keep[2][N]; /* the lanes to generate (with only = keep) */
        const uint8_t(*only)[N] = NULL;
        if (!(S->zero_scoreless && sl <= 1)) {
            /* Each lane's best plays, from the lanes' table (lane_scan): no
             * generation. */
            LaneBest lanes[2 * N];
            int nl = 0, ho, hk;
            Move bo, bk;
            if (!lane_scan(S, side, &bo, &ho, &bk, &hk, lanes, &nl)) { S->aborted = 1; S->error = 2; return 0; }
            if (ho && !play_was_tried(tried, ntried, &bo)) {
                /* the best play that goes out, which the order below would
                 * try first anyway: its value is exact, and when it cuts off
                 * nothing is generated */
                tried[ntried++] = bo;
                CONSIDER(&tried[ntried - 1], 0);
            }
            if (!ensure_replies(S, side, sl, ply)) { S->aborted = 1; S->error = 2; return 0; }
            Replies *R = &S->replies[ply];
            memset(keep, 0, sizeof keep);
            int rvo = S->rv[other];
            Move cand[LANE_FIRST];
            int ncand = 0;
            for (int li = 0; li < nl; li++) {
                if (R->no > 0) {
                    int ub = lane_exact_bound(&S->P, R, &lanes[li], rvo);
                    if (ub <= alpha) {
                        if (ub > best) best = ub;
                        continue;
                    }
                }
                keep[lanes[li].dir][lanes[li].lane] = 1;
                if (!lanes[li].has_key) continue;
                /* the lane's best other play, among the first few */
                Move m = lanes[li].mkey;
                m.key = lanes[li].best_key;
                int j = ncand < LANE_FIRST ? ncand++ : LANE_FIRST;
                if (j == LANE_FIRST && m.key <= cand[LANE_FIRST - 1].key) continue;
                if (j == LANE_FIRST) j = LANE_FIRST - 1;
                while (j > 0 && cand[j - 1].key < m.key) { cand[j] = cand[j - 1]; j--; }
                cand[j] = m;
            }
            /* The best other plays of the lanes kept, by score less the points
             * kept, before the lanes are generated: where one of them cuts off
             * (most positions here are refuted by their first play or two),
             * nothing is generated. */
            for (int i = 0; i < ncand; i++) {
                if (play_was_tried(tried, ntried, &cand[i])) continue;
                if (sharing && searched > 0) {
                    /* one the other thread is searching is left to the list */
                    uint64_t mh = move_hash(key, &cand[i]);
                    if (busy_elsewhere(S, mh)) continue;
                    tried[ntried++] = cand[i];
                    CONSIDER_MARKED(&tried[ntried - 1], mh);
                    continue;
                }
                tried[ntried++] = cand[i];
                CONSIDER(&tried[ntried - 1], 0);
            }
            /* When the other side can go out at once, a lane whose plays all
             * leave such a reply alone is refuted by it exactly, as two plies
             * above the horizon: it is not generated. */
            if (R->no > 0) only = (const uint8_t(*)[N])keep;
        }
        TIMED(3, gen_lanes_memo(S, side, only, mv));
        S->generations++;
        if (mv->failed) { S->aborted = 1; S->error = 2; return 0; }
        Py_ssize_t n = mv->n;
        order_keys(S, side, ply, mv, tried, ntried);
        CONSIDER_ETC(mv);
        int sorted = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            if (i < SELECT_FIRST) select_best(mv, i);
            else if (!sorted) {
                if (!sort_moves(S, mv, i)) { S->aborted = 1; S->error = 2; return 0; }
                sorted = 1;
            }
            if (mv->v[i].key == INT32_MIN) break; /* the tried ones sort last */
            CONSIDER_SHARED(&mv->v[i]);
        }
        CONSIDER_DEFERRED(mv);
        if (!pass_done) PASS_LAST();
    }
#undef CONSIDER
#undef CONSIDER_MARKED
#undef MP_AFTER
#undef CONSIDER_SHARED
#undef CONSIDER_DEFERRED
#undef CONSIDER_ETC
#undef PASS_LAST
cutoff:
    S->twopass[ply].on = 0;
    if (alpha >= beta && bestm.len && bestm.len != PASS_LEN) {
        CMove *k0 = &S->killer[ply][0];
        if (!(k0->len == bestm.len && k0->dir == bestm.dir && k0->lane == bestm.lane &&
              k0->start == bestm.start && memcmp(k0->word, bestm.word, bestm.len) == 0)) {
            memmove(&S->killer[ply][1], k0, (NKILL - 1) * sizeof *k0);
            *k0 = bestm;
        }
    }
    {
        /* A cutoff is a lower bound set by one move alone: it is proved when
         * that move's value is, whatever the moves tried before it touched (they
         * were all worth less). An upper bound or an exact value needs them all. */
        if (best >= beta) anydeep = bestdeep;
        if (ply == 0 && best >= beta) S->root_best = bestm;
        int flag = best <= alpha0 ? TT_UPPER : best >= beta ? TT_LOWER : TT_EXACT;
        tt_store(S, key, best, anydeep ? depth : INF_DRAFT, flag, &bestm, S->nodes - nodes0);
    }
    *deep = anydeep;
    return best;
}

/* ---- the principal variation ---- */

typedef struct {
    Move moves[MAXPLY]; /* ntiles == 0 marks a pass */
    int n;
    int ends; /* the last move ends the game (a rack emptied, the last scoreless turn) */
} Line;

/* Follow the line from the root. With `verify` (a proved value), at each position
 * take the first move, in the search's order, whose value (checked by a
 * null-window re-search, mostly answered by the table) reaches the position's
 * value: the line then adds up to the value exactly. Without, follow the table's
 * best moves for `depth` plies. `first`, when given, is the root's move, taken
 * without a check (the tests of prove proved it reaches `value`).
 *
 * `budget` > 0: the walk after a proof stopped by the clock, its value a proved
 * lower bound reached by `first`. The checks then run past the deadline, within
 * `budget` positions in all; the line stops where they run out. Each move after
 * the first is checked to reach at least what is left of the value for its side,
 * and the one after it to reach at least what is then left for the other side:
 * together these make every position after the root worth exactly what the line
 * gives it, so each of those moves is a best one and the line adds up to `value`. */
static void principal_variation(Search *S, int side, int sl, int value, int depth, int verify,
                                const CMove *first, long long budget, Line *L) {
    Move made[MAXPLY];
    int sides[MAXPLY], placed[MAXPLY];
    int saved_limited = S->limited, saved_deadline = S->have_deadline, saved_aborted = S->aborted;
    long long saved_node_limit = S->node_limit;
    S->limited = 0;
    if (budget > 0) {
        S->aborted = 0; /* (the deadline's: restored below) */
        S->limited = 1;
        S->have_deadline = 0;
        S->node_limit = 0;
        S->iter_start = S->nodes;
        S->iter_budget = budget;
    }
    L->n = L->ends = 0;
    int ply = 0;
    while (ply < MAXPLY - 2 && (verify || ply < depth)) {
        MoveVec *mv = &S->mv[ply];
        ensure_cross(S, ply);
        gen_moves(S, side, mv);
        if (mv->failed) break;
        TTEntry te, *e = tt_probe(S, node_key(S, side, sl), &te) ? &te : NULL;
        CMove ttmove;
        ttmove.len = 0;
        if (e) unpack_move(&e->best, &ttmove);
        int given = ply == 0 && first && first->len;
        if (given) ttmove = *first;
        if (!verify && !ttmove.len) break;
        Py_ssize_t n = mv->n;
        for (Py_ssize_t i = 0; i < n; i++) {
            mv->v[i].key = order_key(S, side, &mv->v[i]);
            if (ttmove.len && same_move(&mv->v[i], &ttmove)) mv->v[i].key = INT32_MAX;
        }
        if (!sort_moves(S, mv, 0)) break;
        /* Candidates 0..n-1 are the plays, n the pass (first when the table says). */
        Py_ssize_t chosen = -2;
        int pass_first = ttmove.len == PASS_LEN;
        for (Py_ssize_t k = 0; k <= n; k++) {
            Py_ssize_t i = pass_first ? (k == 0 ? n : k - 1) : k;
            const Move *m = i == n ? NULL : &mv->v[i];
            if (!verify || given) {
                if ((m && same_move(m, &ttmove)) || (!m && pass_first)) { chosen = i; break; }
                continue;
            }
            /* No move is worth more than the proved value, so a move worth at
             * least that much makes it: one null-window test, at the bound the
             * proof's last test left in the table (a window of two around the
             * value re-searched whole subtrees: up to 20 s after a 50 s proof). */
            int cd;
            int v = child_value(S, side, sl, m, MAXPLY - 4 - ply, value - 1, value, ply, 1, &cd);
            if (S->aborted) break;
            if (v >= value) { chosen = i; break; }
        }
        if (chosen == -2 || S->aborted) break; /* (aborted: the budget is spent) */
        const Move *m = chosen == n ? NULL : &mv->v[chosen];
        Move pm;
        memset(&pm, 0, sizeof pm);
        if (m) pm = *m;
        L->moves[L->n++] = pm;
        int terminal, sl2;
        if (!m) {
            sl2 = sl - 1;
            terminal = sl2 <= 0;
        } else {
            sl2 = (S->zero_scoreless && m->score == 0) ? sl - 1 : S->reset_sl;
            terminal = m->ntiles == S->ntl[side] || sl2 <= 0;
        }
        if (terminal) { L->ends = 1; break; }
        placed[ply] = m != NULL;
        made[ply] = pm;
        sides[ply] = side;
        if (m) make_move(S, side, &pm, ply);
        else S->snap[ply].pending = 0;
        value = m ? pm.score - value : -value;
        side = 1 - side;
        sl = sl2;
        ply++;
    }
    for (int p = ply - 1; p >= 0; p--)
        if (placed[p]) unmake_move(S, sides[p], &made[p], p);
    S->limited = saved_limited;
    if (budget > 0) {
        S->have_deadline = saved_deadline;
        S->node_limit = saved_node_limit;
        S->iter_budget = S->over_budget = 0;
        S->aborted = saved_aborted;
    }
}

/* ---- Python entry point ---- */

static PyTypeObject *position_type(PyObject *obj) {
    return strcmp(Py_TYPE(obj)->tp_name, "plansza.movegen._movegen.Position") == 0 ? Py_TYPE(obj) : NULL;
}

static int load_rack(Search *S, int p, const uint8_t *codes, Py_ssize_t n) {
    if (n < 1 || n > 15) {
        PyErr_Format(PyExc_ValueError, "a rack of %zd tiles (1 to 15 are possible)", n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        int t = codes[i];
        if (t > S->P.nletters) {
            PyErr_Format(PyExc_ValueError, "rack tile code %d is not a letter", t);
            return -1;
        }
        rack_give(S, p, t);
    }
    return 0;
}

static void free_search(Search *S) {
    if (!S) return;
    for (int i = 0; i < MAXPLY; i++) free(S->mv[i].v);
    free(S->snap);
    free(S->lmemo);
    free(S->lmoves);
    free(S->replies);
    free(S->rtops);
    free(S->lanevec.v);
    free(S->rank);
    free(S->sorted);
    free(S);
}

static PyObject *line_list(const Line *L) {
    PyObject *pv = PyList_New(L->n);
    if (!pv) return NULL;
    for (int i = 0; i < L->n; i++) {
        PyObject *item;
        if (L->moves[i].ntiles == 0) { item = Py_None; Py_INCREF(item); }
        else item = PyBytes_FromStringAndSize((const char *)&L->moves[i], sizeof(Move));
        if (!item) { Py_DECREF(pv); return NULL; }
        PyList_SET_ITEM(pv, i, item);
    }
    return pv;
}

/* ---- tables kept from one solve to the next ----
 *
 * Everything the transposition table, the lane table and the cross-set table
 * hold depends only on the position it is keyed by, the lexicon and the rules
 * (tile values, premiums, rack size, bingo, the scoreless ending) — not on the
 * solve that stored it. So the tables are kept after a solve and the next one
 * with the same lexicon and rules starts with them: what one solve of an
 * endgame proved, the solve at the next turn finds, and no solve pays again for
 * mapping and zeroing 240 MiB (a quarter of a second on this machine). The
 * lexicon is recognised by its automaton's exporter, held while the tables are
 * kept so that no other object takes its address; the rest by a digest. A solve
 * that finds the tables in use (another Python thread solving) makes its own. */
typedef struct {
    TTSlot *tt;
    size_t tt_bytes;
    LaneEntry *lc[2]; /* the main search's and the helper's */
    XEntry *xc[2];
} Tables;

static void tables_free(Tables *t) {
    big_free(t->tt, t->tt_bytes);
    for (int i = 0; i < 2; i++) {
        big_free(t->lc[i], LANE_TABLES_BYTES);
        free(t->xc[i]);
    }
    memset(t, 0, sizeof *t);
}

/* Make the tables `threads` searches need that are not there yet; 0: no memory. */
static int tables_ready(Tables *t, int tt_bits, int threads) {
    if (!t->tt) {
        t->tt_bytes = ((size_t)2 << (tt_bits - 1)) * sizeof(TTSlot);
        if (!(t->tt = big_alloc(t->tt_bytes))) return 0;
    }
    for (int i = 0; i < threads; i++) {
        if (!t->lc[i] && !(t->lc[i] = big_alloc(LANE_TABLES_BYTES))) return 0;
        if (!t->xc[i] && !(t->xc[i] = calloc((size_t)1 << XC_BITS, sizeof(XEntry)))) return 0;
    }
    return 1;
}

static struct {
    Tables t;
    PyObject *owner; /* the automaton's exporter (held) */
    uint64_t digest; /* the rest of the context (context_digest) */
    int tt_bits;
    uint8_t epoch;
    int in_use;
} pool;

static uint64_t fnv(uint64_t h, const void *p, size_t n) {
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001B3ULL;
    return h;
}

static uint64_t context_digest(const PositionObject *P, int reset, int zero_scoreless) {
    uint64_t h = 0xcbf29ce484222325ULL;
    h = fnv(h, &P->kwg, sizeof P->kwg);
    h = fnv(h, &P->nnodes, sizeof P->nnodes);
    h = fnv(h, &P->nletters, sizeof P->nletters);
    h = fnv(h, P->value, sizeof P->value);
    h = fnv(h, P->lm, sizeof P->lm);
    h = fnv(h, P->wm, sizeof P->wm);
    int ints[4] = {P->rack_size, P->bingo, reset, zero_scoreless};
    return fnv(h, ints, sizeof ints);
}

static void pool_release(void) {
    tables_free(&pool.t);
    Py_CLEAR(pool.owner);
    pool.digest = 0;
    pool.tt_bits = 0;
}

/* A search over its own copy of the position, its own move lists, and the
 * tables it is given (shared with the other thread: the transposition table). */
static Search *new_search(const PyObject *pos, TTSlot *tt, int tt_bits, LaneEntry *lc, XEntry *xc) {
    Search *S = calloc(1, sizeof *S);
    if (!S) return NULL;
    S->snap = calloc(MAXPLY, sizeof(Snapshot));
    S->tt = tt;
    S->xcache = xc;
    S->lcache = lc;
    S->lplays = (LanePlays *)(void *)((char *)lc + LC_BYTES);
    S->lmemo = calloc(2 * LM_SLOTS, sizeof(LaneMemo));
    S->lmoves = malloc((size_t)2 * 2 * N * LM_SLOTS * LM_MOVES * sizeof(Move));
    S->replies = calloc(MAXPLY, sizeof(Replies));
    S->rtops = calloc(MAXPLY, sizeof(RaceTops));
    if (!S->snap || !S->lmemo || !S->lmoves || !S->replies || !S->rtops) { free_search(S); return NULL; }
    for (int d = 0; d < 2; d++)
        for (int l = 0; l < N; l++) S->lstamp[d][l] = ++S->stamp_next;
    S->ttmask = ((uint64_t)1 << (tt_bits - 1)) - 1;
    memcpy(&S->P, pos, sizeof(PositionObject)); /* the same header: the same layout */
    S->P.busy = 0;
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            if (S->P.tiles[0][r][c]) S->hboard ^= Z_board[r * N + c][S->P.tiles[0][r][c]];
    return S;
}

/* A helper thread with its own search over the shared table. It never touches
 * Python; it stops when the main search sets `stop`, and its own results are
 * thrown away (the table keeps them). main_depth is the main search's current
 * iteration. */
typedef struct {
    Search *S;
    int sl;
    volatile int main_depth; /* PROVING + n while the main search runs its n-th test (prove) */
    volatile int stop;
    volatile int prove_b;    /* ... and that test's bound: "is the value at least prove_b?" */
    int tests;               /* the main search's tests so far */
} Helper;
#define PROVING 1000

/* The helper runs the main search's iterations too (the next one when it
 * finishes first; back to the main search's when that moves on), sharing the
 * work through the marks of negamax's stages 2 and 3 (see busy_elsewhere). An
 * earlier helper that tested the root moves from the worst-looking end while
 * the main search went from the best-looking one did about half as well. */
static void *helper_run(void *arg) {
    Helper *H = arg;
    Search *S = H->S;
    S->limited = 1;
    S->main_depth = &H->main_depth;
    while (!__atomic_load_n(&H->stop, __ATOMIC_RELAXED)) {
        int md = __atomic_load_n(&H->main_depth, __ATOMIC_ACQUIRE);
        if (md >= PROVING) {
            /* The main search proves the value (prove): the helper runs its
             * current test too, and waits for the next one when done first. */
            if (S->iter_depth == md) {
                struct timespec pause = {0, 100000};
                nanosleep(&pause, NULL);
                continue;
            }
            int b = __atomic_load_n(&H->prove_b, __ATOMIC_RELAXED);
            S->iter_depth = md;
            S->aborted = 0;
            S->unlimited = 1;
            int deep = 0;
            negamax(S, 0, H->sl, PROVE_DEPTH, b - 1, b, 0, &deep);
            if (S->error) break;
            continue;
        }
        /* the main search's iteration, or the next one once this is done */
        S->iter_depth = S->iter_depth >= md ? S->iter_depth + 1 : md;
        if (S->iter_depth > MAXPLY - 4) break;
        S->aborted = 0;
        int deep = 0;
        negamax(S, 0, H->sl, S->iter_depth, -VAL_INF, VAL_INF, 0, &deep);
        if (S->error) break;
        if (S->aborted) S->iter_depth = 0; /* the main search moved on: join it */
        else if (!deep) break; /* proved: nothing left to help with */
    }
    return NULL;
}

/* ---- the value proved without a depth limit ----
 *
 * Iterative deepening proves a value only with the iteration whose lines all
 * reach the end of the game, and each iteration before it searches again what
 * the one before could not prove. Once the estimate has settled (prove_after
 * plies), solve asks instead whether the value is at least b, for one b after
 * another, each with a null window and no depth limit: every answer is then
 * proved (an upper or a lower bound), and the table keeps the bounds from one
 * test to the next. The first b is the estimate. Above a proved lower bound
 * the next b is one more (MTD(f)): the value is almost always the estimate or a
 * point or two above it, and a b above the value costs a test that fails —
 * every move of the root refuted, the costliest kind — where a b at or below
 * it succeeds, mostly at once from what the table keeps; so the answer is
 * right sooner when the time runs out. Below a proved upper bound, with no
 * lower one yet, the step doubles (each such test fails until one succeeds);
 * once the value is bracketed the gap is halved. *lo and *hi are the bounds
 * proved so far (both the value when done), *lo_move the root's move that proved *lo (kept
 * here: on a long proof the root's entry may be gone from the table by the
 * time it is stopped); 0 when the search was stopped first. */
static int prove(Search *S, Helper *H, int sl, int guess, int *lo, int *hi, CMove *lo_move) {
    int b = guess, step = 1, done = 0;
    S->unlimited = 1;
    while (!done) {
        if (H) {
            __atomic_store_n(&H->prove_b, b, __ATOMIC_RELAXED);
            __atomic_store_n(&H->main_depth, PROVING + ++H->tests, __ATOMIC_RELEASE);
        }
        int deep = 0;
        int r = negamax(S, 0, sl, PROVE_DEPTH, b - 1, b, 0, &deep);
        if (S->aborted || deep) break; /* (no line is deep enough to meet the horizon) */
        if (r < b) *hi = r;
        else {
            *lo = r;
            *lo_move = S->root_best;
        }
        done = *lo >= *hi;
        if (*hi == VAL_INF) b = *lo + 1;
        else if (*lo == -VAL_INF) { b = *hi - step + 1; step *= 2; }
        else b = *lo + (*hi - *lo + 1) / 2;
        if (b <= *lo) b = *lo + 1;
        if (b > *hi) b = *hi;
    }
    S->unlimited = 0;
    return done;
}

/* solve(position, rack, opponent_rack, scoreless_left, reset, zero_scoreless,
 *       node_limit, deadline, now, tt_bits, max_depth, threads, prove_after, iter_budget,
 *       line_budget)
 *   -> (value, exact, nodes, depth, [record bytes or None for a pass, ...], lower, upper,
 *       ends)
 * line_budget: the positions a proof stopped by a limit may still search to check
 * the line of its lower bound (principal_variation); 0: that line is not checked
 * lower, upper: the bounds on the value proved (-VAL_INF, VAL_INF: none; both the
 * value when exact); ends: the line runs to the end of the game */
static PyObject *eg_solve(PyObject *self, PyObject *args) {
    PyObject *pos, *deadline_obj, *now;
    Py_buffer r0, r1;
    int sl, reset, zero_scoreless, tt_bits, max_depth, threads, prove_after;
    long long iter_budget, line_budget;
    long long node_limit;
    if (!PyArg_ParseTuple(args, "Oy*y*iipLOOiiiiLL", &pos, &r0, &r1, &sl, &reset, &zero_scoreless,
                          &node_limit, &deadline_obj, &now, &tt_bits, &max_depth, &threads,
                          &prove_after, &iter_budget, &line_budget))
        return NULL;
    PyObject *result = NULL;
    Search *S = NULL, *HS = NULL;
    Tables local, *T = &local;
    memset(&local, 0, sizeof local);
    int pooled = 0;
    uint8_t epoch = 1;
    if (!position_type(pos)) {
        PyErr_Format(PyExc_TypeError, "solve() needs a movegen Position, not %s", Py_TYPE(pos)->tp_name);
        goto done;
    }
    if (sl < 1 || sl >= MAXPLY || reset < 1 || reset >= MAXPLY) {
        PyErr_SetString(PyExc_ValueError, "scoreless turns left must be 1 to 159");
        goto done;
    }
    if (tt_bits < 4 || tt_bits > 28) {
        PyErr_SetString(PyExc_ValueError, "tt_bits must be 4 to 28");
        goto done;
    }
    if (threads < 1 || threads > 2) {
        PyErr_SetString(PyExc_ValueError, "threads must be 1 or 2");
        goto done;
    }
    if (now != Py_None && !PyCallable_Check(now)) {
        PyErr_SetString(PyExc_TypeError, "now must be callable");
        goto done;
    }
    init_zobrist();
    init_lane_zones();
    PositionObject *PO = (PositionObject *)pos;
    if (!pool.in_use && PO->have_view && PO->view.obj) {
        uint64_t dg = context_digest(PO, reset, zero_scoreless);
        if (pool.owner != PO->view.obj || pool.digest != dg || pool.tt_bits != tt_bits) {
            PyObject *owner = PO->view.obj;
            Py_INCREF(owner);
            pool_release();
            pool.owner = owner;
            pool.digest = dg;
            pool.tt_bits = tt_bits;
        }
        pool.in_use = 1;
        pooled = 1;
        T = &pool.t;
        pool.epoch = pool.epoch >= 255 ? 1 : pool.epoch + 1;
        epoch = pool.epoch;
    }
    if (!tables_ready(T, tt_bits, threads)) { PyErr_NoMemory(); goto done; }
    S = new_search(pos, T->tt, tt_bits, T->lc[0], T->xc[0]);
    if (!S) { PyErr_NoMemory(); goto done; }
    S->epoch = epoch;
    if (load_rack(S, 0, r0.buf, r0.len) < 0 || load_rack(S, 1, r1.buf, r1.len) < 0) goto done;
    S->reset_sl = reset;
    S->zero_scoreless = zero_scoreless;
    S->node_limit = node_limit;
    S->now = now == Py_None ? NULL : now;
    S->have_deadline = deadline_obj != Py_None;
    if (S->have_deadline) {
        S->deadline = PyFloat_AsDouble(deadline_obj);
        if (PyErr_Occurred()) goto done;
    }
    if (max_depth < 1) max_depth = 1;
    if (max_depth > MAXPLY - 4) max_depth = MAXPLY - 4;
    Helper helper;
    memset(&helper, 0, sizeof helper);
    pthread_t tid;
    int started = 0;
    if (threads > 1) {
        HS = new_search(pos, T->tt, tt_bits, T->lc[1], T->xc[1]);
        if (!HS) { PyErr_NoMemory(); goto done; }
        HS->epoch = epoch;
        if (load_rack(HS, 0, r0.buf, r0.len) < 0 || load_rack(HS, 1, r1.buf, r1.len) < 0) goto done;
        HS->reset_sl = reset;
        HS->zero_scoreless = zero_scoreless;
        HS->stop = &helper.stop;
        S->busy = HS->busy = calloc((size_t)1 << BUSY_BITS, sizeof(uint64_t));
        if (!S->busy) { PyErr_NoMemory(); goto done; }
        helper.S = HS;
        helper.sl = sl;
        helper.main_depth = 1;
    }

    Py_INCREF(pos); /* its automaton buffer must outlive the search */
    ((PositionObject *)pos)->busy++;
    Line line, last;
    last.n = last.ends = 0;
    int value = 0, exact = 0, depth_done = 0;
    int proved_lo = -VAL_INF, proved_hi = VAL_INF; /* the bounds the tests of prove proved */
    S->ts = PyEval_SaveThread();
    for (int depth = 1; depth <= max_depth; depth++) {
        /* The first iteration always completes: there is always a move to give. */
        S->limited = depth > 1;
        __atomic_store_n(&helper.main_depth, depth, __ATOMIC_RELAXED);
        if (HS && !started && depth > 1) started = pthread_create(&tid, NULL, helper_run, &helper) == 0;
        int deep = 0;
        /* Past BUDGET_AFTER plies an iteration that grows past iter_budget
         * positions is stopped and the proof starts from the estimate before it. */
        S->iter_start = S->nodes;
        S->iter_budget = depth > BUDGET_AFTER && depth_done >= BUDGET_AFTER ? iter_budget : 0;
        int v = negamax(S, 0, sl, depth, -VAL_INF, VAL_INF, 0, &deep);
        S->iter_budget = 0;
#ifdef DEBUG_STATS
        if (S->aborted) fprintf(stderr, "aborted at depth %d: lanes %lld/%lld nodes %lld; cross %.2f/%lld frontier %.2f/%lld top %.2f/%lld gen %.2f/%lld replies %.2f/%lld\n", depth, S->lane_misses, S->lane_looks, S->nodes, TSC[0]/2e9, CNT[0], TSC[1]/2e9, CNT[1], TSC[2]/2e9, CNT[2], TSC[3]/2e9, CNT[3], TSC[4]/2e9, CNT[4]);
#endif
        int too_big = S->aborted && S->over_budget && !S->error;
        if (too_big) S->aborted = S->over_budget = 0;
        else if (S->aborted) break;
        else {
            value = v;
            depth_done = depth;
            exact = !deep;
            principal_variation(S, 0, sl, value, depth, exact, NULL, 0, &line);
            last = line;
        }
#ifdef DEBUG_STATS
        fprintf(stderr, "depth %d value %d deep %d nodes %lld generations %lld lanes %lld/%lld\n", depth, v, deep, S->nodes, S->generations, S->lane_misses, S->lane_looks);
        fprintf(stderr, "  cross %.2f/%lld frontier %.2f/%lld top %.2f/%lld gen %.2f/%lld replies %.2f/%lld\n", TSC[0]/2e9, CNT[0], TSC[1]/2e9, CNT[1], TSC[2]/2e9, CNT[2], TSC[3]/2e9, CNT[3], TSC[4]/2e9, CNT[4]);
#endif
        if (exact) break;
        if (depth >= prove_after || too_big) {
            /* The estimate has settled: prove it (or the value the tests find)
             * without a depth limit. Stopped first, the answer stays this
             * iteration's, its value within the bounds the tests proved; when
             * they proved more than it (a move reaching *lo), that move's line. */
            int lo = -VAL_INF, hi = VAL_INF;
            CMove lo_move;
            memset(&lo_move, 0, sizeof lo_move);
            S->limited = 1; /* (after the first iteration too: only that one must finish) */
            if (HS && !started) started = pthread_create(&tid, NULL, helper_run, &helper) == 0;
            int proved = prove(S, HS ? &helper : NULL, sl, value, &lo, &hi, &lo_move);
            proved_lo = lo;
            proved_hi = hi;
            if (proved) {
                value = lo;
                exact = 1;
                principal_variation(S, 0, sl, value, depth_done, 1, NULL, 0, &line);
                last = line;
            } else if (!S->error) {
                if (lo >= value && lo_move.len && line_budget > 0) {
                    /* The line the tests proved to reach `lo` (the estimate's own
                     * line reached it only at the depth limit), checked on. */
                    value = lo;
                    principal_variation(S, 0, sl, value, depth_done, 1, &lo_move, line_budget, &line);
                    if (line.n) last = line; /* (empty only if the move were not found) */
                } else if (lo > value) {
                    value = lo; /* (the line not checked: the table's moves after the first) */
                    principal_variation(S, 0, sl, value, depth_done, 0, &lo_move, 0, &line);
                    if (line.n) last = line;
                } else if (hi < value) {
                    value = hi;
                }
            }
            break;
        }
    }
    if (started) {
        __atomic_store_n(&helper.stop, 1, __ATOMIC_RELAXED);
        pthread_join(tid, NULL);
    }
    PyEval_RestoreThread(S->ts);
    ((PositionObject *)pos)->busy--;
    Py_DECREF(pos);
    if (S->error == 1) goto done; /* the clock raised: its exception stands */
    if (S->error == 2) { PyErr_NoMemory(); goto done; }
    PyObject *pv = line_list(&last);
    if (!pv) goto done;
    long long nodes = S->nodes + (HS ? HS->nodes : 0);
    if (exact) proved_lo = proved_hi = value;
    result = Py_BuildValue("(iOLiNiiO)", value, exact ? Py_True : Py_False, nodes, depth_done, pv, proved_lo,
                           proved_hi, last.ends ? Py_True : Py_False);
done:
    PyBuffer_Release(&r0);
    PyBuffer_Release(&r1);
    if (S) free(S->busy);
    free_search(HS);
    free_search(S);
    if (pooled) pool.in_use = 0;
    else tables_free(&local);
    return result;
}

/* single_tile_plays(position, rack) -> [record bytes, ...]: gen_singles on its
 * own, for the tests to compare with the generator's plays of one tile. */
static PyObject *eg_single_tile_plays(PyObject *self, PyObject *args) {
    PyObject *pos, *result = NULL;
    Py_buffer r;
    if (!PyArg_ParseTuple(args, "Oy*", &pos, &r)) return NULL;
    Search *S = NULL;
    MoveVec mv;
    memset(&mv, 0, sizeof mv);
    if (!position_type(pos)) {
        PyErr_Format(PyExc_TypeError, "single_tile_plays() needs a movegen Position, not %s", Py_TYPE(pos)->tp_name);
        goto done;
    }
    init_zobrist();
    if (!(S = new_search(pos, NULL, 4, NULL, NULL))) { PyErr_NoMemory(); goto done; }
    if (load_rack(S, 0, r.buf, r.len) < 0) goto done;
    gen_singles(S, 0, &mv);
    if (mv.failed) { PyErr_NoMemory(); goto done; }
    if (!(result = PyList_New(mv.n))) goto done;
    for (Py_ssize_t i = 0; i < mv.n; i++) {
        PyObject *item = PyBytes_FromStringAndSize((const char *)&mv.v[i], sizeof(Move));
        if (!item) { Py_CLEAR(result); goto done; }
        PyList_SET_ITEM(result, i, item);
    }
done:
    free(mv.v);
    free_search(S);
    PyBuffer_Release(&r);
    return result;
}

/* child_keys(position, rack, opponent_rack, scoreless_left) -> [(predicted,
 * made), ...]: for each play of the rack that does not go out, the table key of
 * the position after it as etc_cut works it out, and as making the play gives
 * (for the tests: the two must agree, or the cutoffs would look up the wrong
 * positions and never fire). */
static PyObject *eg_child_keys(PyObject *self, PyObject *args) {
    PyObject *pos, *result = NULL;
    Py_buffer r0, r1;
    int sl;
    if (!PyArg_ParseTuple(args, "Oy*y*i", &pos, &r0, &r1, &sl)) return NULL;
    Search *S = NULL;
    if (!position_type(pos)) {
        PyErr_Format(PyExc_TypeError, "child_keys() needs a movegen Position, not %s", Py_TYPE(pos)->tp_name);
        goto done;
    }
    if (sl < 1 || sl >= MAXPLY) {
        PyErr_SetString(PyExc_ValueError, "child_keys(): scoreless_left out of range");
        goto done;
    }
    init_zobrist();
    if (!(S = new_search(pos, NULL, 4, NULL, NULL))) { PyErr_NoMemory(); goto done; }
    if (load_rack(S, 0, r0.buf, r0.len) < 0 || load_rack(S, 1, r1.buf, r1.len) < 0) goto done;
    S->reset_sl = sl;
    MoveVec *mv = &S->mv[0];
    gen_moves(S, 0, mv);
    if (mv->failed) { PyErr_NoMemory(); goto done; }
    if (!(result = PyList_New(0))) goto done;
    for (Py_ssize_t i = 0; i < mv->n; i++) {
        const Move *m = &mv->v[i];
        if (m->ntiles == S->ntl[0]) continue;
        uint64_t predicted = child_key(S, 0, m, sl);
        make_move(S, 0, m, 0);
        uint64_t made = node_key(S, 1, sl);
        unmake_move(S, 0, m, 0);
        PyObject *item = Py_BuildValue("(KK)", (unsigned long long)predicted, (unsigned long long)made);
        if (!item || PyList_Append(result, item) < 0) { Py_XDECREF(item); Py_CLEAR(result); goto done; }
        Py_DECREF(item);
    }
done:
    free_search(S);
    PyBuffer_Release(&r0);
    PyBuffer_Release(&r1);
    return result;
}

/* release(): free the tables kept between solves (not while a solve runs). */
static PyObject *eg_release(PyObject *self, PyObject *noargs) {
    if (!pool.in_use) pool_release();
    Py_RETURN_NONE;
}

static PyMethodDef eg_methods[] = {
    {"release", eg_release, METH_NOARGS, "release() frees the tables kept between solves."},
    {"solve", eg_solve, METH_VARARGS,
     "solve(position, rack, opponent_rack, scoreless_left, reset, zero_scoreless, node_limit, "
     "deadline, now, tt_bits, max_depth, threads, prove_after, iter_budget, line_budget) -> "
     "(value, exact, nodes, depth, principal variation, proved lower bound, proved upper bound, "
     "whether the line ends the game)."},
    {"child_keys", eg_child_keys, METH_VARARGS,
     "child_keys(position, rack, opponent_rack, scoreless_left) -> [(predicted, made) key pairs] "
     "(for the tests)."},
    {"single_tile_plays", eg_single_tile_plays, METH_VARARGS,
     "single_tile_plays(position, rack) -> the records of the plays of one tile (for the tests)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef eg_module = {
    PyModuleDef_HEAD_INIT, "_endgame", "The compiled endgame search (negamax, alpha-beta, transposition table).", -1, eg_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__endgame(void) {
    PyObject *m = PyModule_Create(&eg_module);
    if (!m) return NULL;
    PyModule_AddIntConstant(m, "RECORD_SIZE", sizeof(Move));
    PyModule_AddIntConstant(m, "MAX_DEPTH", MAXPLY - 4);
    PyModule_AddIntConstant(m, "VAL_INF", VAL_INF);
    return m;
}
