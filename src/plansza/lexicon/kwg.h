/*
 * kwg.h — the node layout of plansza's compiled lexicon (KWG: a DAWG and a GADDAG
 * in one flat array of 32-bit nodes, after the KWG idea of wolges), for every C
 * extension that walks it (the lexicon itself, the move generator).
 *
 * NODE LAYOUT (one uint32_t; stored little-endian in the .kwg file)
 *
 *     bits  0..23  arc_index  index of the first node of this node's child sibling
 *                             list; 0 = no children (node 0 is never a child list)
 *     bit   24     accepts    the path that ends with this node spells a complete
 *                             word (DAWG) or a complete GADDAG string (GADDAG)
 *     bit   25     is_end     this node is the last of its sibling list
 *     bits 26..31  tile       1-based tile index, TileSet.index(letter) + 1 (1..63);
 *                             0 is the GADDAG separator (Gordon's '^' / '@')
 *
 * A "sibling list" is a run of consecutive nodes, sorted by tile ascending (so the
 * separator, tile 0, comes first), the last one with is_end set. A node is an arc:
 * its tile is the letter read, its arc_index the list of letters that may follow.
 *
 * ROOTS: node 0 and node 1 are not letters. kwg[0].arc_index is the DAWG root list
 * (all words, read left to right); kwg[1].arc_index is the GADDAG root list. Either
 * is 0 when the lexicon is empty. Both have tile 0, accepts 0, is_end 1.
 *
 * GADDAG STRINGS: for a word w = w[0..n-1] the GADDAG holds, for every i in 1..n-1,
 *     rev(w[0..i-1]) SEP w[i..n-1]
 * and the whole word reversed, rev(w), with no separator (Gordon 1994; as wolges).
 * So from an anchor letter the generator reads leftwards first, then the separator
 * turns it rightwards. accepts on the node that ends such a string means "the
 * placement read so far is a word".
 *
 * Sub-trees are shared (the automaton is minimised over identical sibling lists,
 * DAWG and GADDAG together), so never write into the array. arc_index < 2^24 caps
 * the array at 16,777,216 nodes; the default Polish list needs far fewer.
 *
 * Getting the array from Python objects without copying: the lexicon's compiled
 * object (plansza.lexicon.Lexicon.kwg, type plansza.lexicon._kwg.Kwg) supports the
 * buffer protocol (format "I", itemsize 4, one dimension, read-only):
 *
 *     Py_buffer view;
 *     if (PyObject_GetBuffer(kwg_obj, &view, PyBUF_SIMPLE) < 0) return NULL;
 *     const uint32_t *kwg = (const uint32_t *)view.buf;  // view.len / 4 nodes
 *     ...
 *     PyBuffer_Release(&view);   // keeps the mmap alive until released
 *
 * or its .capsule() method (capsule name KWG_CAPSULE_NAME, pointer to a
 * kwg_view_t valid as long as the Kwg object is alive).
 */
#ifndef PLANSZA_KWG_H
#define PLANSZA_KWG_H

#include <stdint.h>

#define KWG_FORMAT_VERSION 1
#define KWG_ARC_BITS 24
#define KWG_ARC_MASK 0x00FFFFFFu
#define KWG_ACCEPTS_BIT 0x01000000u
#define KWG_IS_END_BIT 0x02000000u
#define KWG_TILE_SHIFT 26
#define KWG_MAX_NODES (1u << KWG_ARC_BITS)
#define KWG_MAX_TILE 63
#define KWG_SEPARATOR 0
#define KWG_DAWG_ROOT_NODE 0
#define KWG_GADDAG_ROOT_NODE 1
#define KWG_CAPSULE_NAME "plansza.lexicon._kwg.kwg_view"

typedef struct {
    uint32_t format_version; /* KWG_FORMAT_VERSION */
    uint32_t n_nodes;
    uint32_t alphabet_size; /* letters of the tile set: tiles 1..alphabet_size */
    const uint32_t *nodes;
} kwg_view_t;

static inline uint32_t kwg_arc_index(uint32_t node) { return node & KWG_ARC_MASK; }
static inline int kwg_accepts(uint32_t node) { return (node & KWG_ACCEPTS_BIT) != 0; }
static inline int kwg_is_end(uint32_t node) { return (node & KWG_IS_END_BIT) != 0; }
static inline unsigned kwg_tile(uint32_t node) { return node >> KWG_TILE_SHIFT; }

static inline uint32_t kwg_node(unsigned tile, int accepts, int is_end, uint32_t arc_index)
{
    return ((uint32_t)tile << KWG_TILE_SHIFT) | (is_end ? KWG_IS_END_BIT : 0u) |
           (accepts ? KWG_ACCEPTS_BIT : 0u) | (arc_index & KWG_ARC_MASK);
}

static inline uint32_t kwg_dawg_root(const uint32_t *kwg) { return kwg_arc_index(kwg[0]); }
static inline uint32_t kwg_gaddag_root(const uint32_t *kwg) { return kwg_arc_index(kwg[1]); }

/* The node of `tile` in the sibling list starting at `list`, or 0 if absent.
 * `list` == 0 (no children) gives 0. Lists are sorted, so stop early. */
static inline uint32_t kwg_seek(const uint32_t *kwg, uint32_t list, unsigned tile)
{
    if (list == 0) return 0;
    for (uint32_t p = list;; p++) {
        uint32_t n = kwg[p];
        unsigned t = kwg_tile(n);
        if (t == tile) return p;
        if (t > tile || kwg_is_end(n)) return 0;
    }
}

/* Follow `n` tiles from the sibling list `list`: the node of the last tile, or 0
 * if the path leaves the automaton. With list = kwg_dawg_root(kwg) and a word,
 * kwg_accepts(kwg[result]) tells whether the word is in the lexicon. */
static inline uint32_t kwg_follow(const uint32_t *kwg, uint32_t list, const uint8_t *tiles, int n)
{
    uint32_t p = 0;
    for (int i = 0; i < n; i++) {
        p = kwg_seek(kwg, list, tiles[i]);
        if (!p) return 0;
        list = kwg_arc_index(kwg[p]);
    }
    return p;
}

/* The tiles of a sibling list as a bit set (bit t = tile t; bit 0 = separator),
 * and, through *accepting, those whose node accepts: the building blocks of
 * cross-sets ("which letters may stand here"). */
static inline uint64_t kwg_letter_set(const uint32_t *kwg, uint32_t list, uint64_t *accepting)
{
    uint64_t all = 0, acc = 0;
    if (list != 0) {
        for (uint32_t p = list;; p++) {
            uint32_t node = kwg[p];
            all |= 1ull << kwg_tile(node);
            if (kwg_accepts(node)) acc |= 1ull << kwg_tile(node);
            if (kwg_is_end(node)) break;
        }
    }
    if (accepting) *accepting = acc;
    return all;
}

#endif /* PLANSZA_KWG_H */
