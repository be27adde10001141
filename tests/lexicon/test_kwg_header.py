"""kwg.h, the header the move generator compiles against, walks a real .kwg file.

A small C program includes ``src/plansza/lexicon/kwg.h``, reads a compiled file
(nodes after the header length stored at byte 12) and answers word checks with
``kwg_follow`` / ``kwg_accepts`` and letter sets with ``kwg_letter_set``; its
answers must equal the lexicon's and a plain set's.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from plansza.lexicon import Lexicon
from twins import lexicon as ref

HEADER_DIR = Path(__file__).resolve().parents[2] / "src" / "plansza" / "lexicon"

PROGRAM = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kwg.h"

int main(int argc, char **argv)
{
    FILE *f = fopen(argv[1], "rb");
    if (!f) return 2;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *file = malloc(size);
    if (fread(file, 1, size, f) != (size_t)size) return 2;
    uint32_t header_len;
    memcpy(&header_len, file + 12, 4);
    const uint32_t *kwg = (const uint32_t *)(file + header_len);
    char line[64];
    /* stdin: "w t1 t2 ..." checks a word of tiles; "s" prints the DAWG root's sets. */
    while (fgets(line, sizeof line, stdin)) {
        if (line[0] == 's') {
            uint64_t acc, all = kwg_letter_set(kwg, kwg_dawg_root(kwg), &acc);
            printf("%llu %llu\n", (unsigned long long)all, (unsigned long long)acc);
            continue;
        }
        uint8_t tiles[16];
        int n = 0, off = 1, used;
        unsigned t;
        while (n < 16 && sscanf(line + off, "%u%n", &t, &used) == 1) {
            tiles[n++] = (uint8_t)t;
            off += used;
        }
        uint32_t p = kwg_follow(kwg, kwg_dawg_root(kwg), tiles, n);
        printf("%d\n", p != 0 && kwg_accepts(kwg[p]));
    }
    return 0;
}
"""


@pytest.fixture(scope="module")
def checker(tmp_path_factory: pytest.TempPathFactory) -> Path:
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler")
    work = tmp_path_factory.mktemp("kwgh")
    source = work / "check.c"
    source.write_text(PROGRAM)
    exe = work / "check"
    subprocess.run(
        [compiler, "-O1", "-std=c11", f"-I{HEADER_DIR}", str(source), "-o", str(exe)], check=True
    )
    return exe


def test_header_walks_a_compiled_file(checker: Path, tmp_path: Path) -> None:
    words = ["kot", "koty", "żółw", "źdźbło", "ala", "ma", "ąę"]
    lex = Lexicon.build(words)
    path = tmp_path / "mini.kwg"
    lex.save(path)
    probes = [*words, "ko", "kotyy", "żół", "a", "mą", "źdźbła"]
    lines = ["w " + " ".join(str(lex.tileset.index(c) + 1) for c in w) for w in probes]
    out = subprocess.run(
        [str(checker), str(path)],
        input="\n".join([*lines, "s"]) + "\n",
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    oracle = ref.SetLexicon(words)
    assert [line == "1" for line in out[: len(probes)]] == [p in oracle for p in probes]
    letters, accepting = (int(x) for x in out[len(probes)].split())
    assert (letters, accepting) == lex.kwg.letter_sets(lex.kwg.dawg_root)
