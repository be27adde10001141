"""Generate the GCG fixtures of tests/game/data/games (run by hand; output committed).

Each game is played through :class:`plansza.game.Game` under the named rules, with
a greedy pure-Python move finder over a seeded subset of the default word list
(SJP.PL — not the official OSPS), and with scripted events that force what the
fixtures must show: blanks on premiums, two blanks, bingos through letters, phonies
challenged off, exchanges up to the limit, a flag fall, four-pass and six-zero
endings, a three-player home game. The game's own result is written beside the GCG
as JSON; the tests replay the GCG through the separate replay path and compare.

    .venv/bin/python tests/game/data/make_games.py
"""

from __future__ import annotations

import json
import lzma
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

from plansza.board import SIZE, Coordinate, Direction
from plansza.errors import IllegalActionError, IllegalMoveError
from plansza.game import Game
from plansza.gcg import record_from_game, write_gcg
from plansza.moves import Play
from plansza.rules import Rules
from plansza.scoring import ScoredPlay

ROOT = Path(__file__).resolve().parents[3]
OUT = Path(__file__).resolve().parent / "games"


def load_words(seed: int = 2026, size: int = 60_000) -> set[str]:
    with lzma.open(ROOT / "data" / "sjp-20220301.txt.xz", "rt", encoding="utf-8") as f:
        words = [w for w in f.read().split("\n") if 2 <= len(w) <= 8]
    rnd = random.Random(seed)
    short = [w for w in words if len(w) <= 3]
    rest = rnd.sample([w for w in words if len(w) > 3], size)
    return {w.upper() for w in short + rest}


class Finder:
    """All plays of up to 8 letters whose main word is in the vocabulary (greedy use)."""

    def __init__(self, words: set[str]) -> None:
        self.words = words
        self.by_len: dict[int, list[str]] = defaultdict(list)
        self.index: dict[tuple[int, int, str], set[str]] = defaultdict(set)
        for w in words:
            self.by_len[len(w)].append(w)
            for i, ch in enumerate(w):
                self.index[len(w), i, ch].add(w)

    def plays(self, g: Game) -> list[ScoredPlay]:
        rack = Counter(g.racks[g.to_move])
        blanks = rack.pop("?", 0)
        board = g.board
        empty = board.is_empty()
        found: dict[str, ScoredPlay] = {}
        # Words made of rack tiles alone (blanks as anything): the only candidates for
        # segments with no letter on the board (parallel plays, the opening).
        rack_only: dict[int, list[str]] = defaultdict(list)
        for length in range(2, 9):
            for w in self.by_len[length]:
                if sum((Counter(w) - rack).values()) <= blanks:
                    rack_only[length].append(w)
        for direction in Direction:
            dr, dc = direction.step
            for lane in range(SIZE):
                for start in range(SIZE):
                    r0, c0 = (lane, start) if direction is Direction.ACROSS else (start, lane)
                    if board.get(r0 - dr, c0 - dc) is not None:
                        continue
                    for length in range(2, 9):
                        r1, c1 = r0 + (length - 1) * dr, c0 + (length - 1) * dc
                        if r1 >= SIZE or c1 >= SIZE:
                            break
                        if board.get(r1 + dr, c1 + dc) is not None:
                            continue
                        fixed = []
                        n_empty = 0
                        touches = False
                        for i in range(length):
                            r, c = r0 + i * dr, c0 + i * dc
                            t = board[r, c]
                            if t is None:
                                n_empty += 1
                                if empty and (r, c) == (7, 7):
                                    touches = True
                                if any(
                                    board.get(r + a, c + b) is not None
                                    for a, b in ((0, 1), (1, 0), (0, -1), (-1, 0))
                                ):
                                    touches = True
                            else:
                                fixed.append((i, t.upper()))
                                touches = True
                        if n_empty == 0 or n_empty > 7 or not touches:
                            continue
                        if fixed:
                            cands = set.intersection(
                                *(self.index[length, i, ch] for i, ch in fixed)
                            )
                        else:
                            cands = set(rack_only[length])
                        for w in cands:
                            need = Counter(
                                w[i]
                                for i in range(length)
                                if board[r0 + i * dr, c0 + i * dc] is None
                            )
                            missing = need - rack
                            if sum(missing.values()) > blanks:
                                continue
                            spelled = []
                            miss = Counter(missing)
                            for i, ch in enumerate(w):
                                t = board[r0 + i * dr, c0 + i * dc]
                                if t is not None:
                                    spelled.append(t)
                                elif miss[ch] > 0:
                                    miss[ch] -= 1
                                    spelled.append(ch.lower())
                                else:
                                    spelled.append(ch)
                            play = Play(Coordinate(r0, c0, direction), "".join(spelled))
                            try:
                                s = g.score(play)
                            except IllegalMoveError:
                                continue
                            if all(x in self.words for x in s.word_strings):
                                found[str(play)] = s
        return sorted(found.values(), key=lambda s: (-s.score, str(s.play)))


def greedy_turn(g: Game, finder: Finder, rnd: random.Random) -> None:
    plays = finder.plays(g)
    if plays:
        # Mostly the top play, sometimes one of the next few (less robotic games).
        pick = plays[0] if rnd.random() < 0.7 else rnd.choice(plays[:4])
        g.play(pick.play)
        g.accept()
        return
    try:
        if g.bag_count >= 7:
            g.exchange(g.racks[g.to_move][: rnd.randint(1, 4)])
            return
    except IllegalActionError:
        pass
    g.pass_turn()


def phony(g: Game, finder: Finder) -> bool:
    """Play a placement whose words are not all valid, then it is challenged off."""
    for s in finder.plays(g)[:20]:
        w = s.play.word
        for i in range(len(w)):
            if w[i].isupper() and g.board[s.play.coordinate.squares(len(w))[i]] is None:
                for ch in g.racks[g.to_move]:
                    if ch == "?" or ch == w[i]:
                        continue
                    bad = Play(s.play.coordinate, w[:i] + ch + w[i + 1 :])
                    try:
                        sc = g.score(bad)
                    except IllegalMoveError:
                        continue
                    if not all(x in finder.words for x in sc.word_strings):
                        g.play(bad)
                        return True
    return False


def play_game(
    name: str,
    rules: Rules,
    seed: int,
    finder: Finder,
    script: dict[int, str],
    racks: dict[int, str] | None = None,
    names: tuple[str, ...] = ("Ala Nowak", "Jan Kowalski"),
    max_turns: int = 80,
) -> Game:
    g = Game(rules, names=list(names), seed=seed, words=finder.words)
    rnd = random.Random(seed)
    if racks:
        for p, tiles in racks.items():
            g.racks[p] = list(tiles)
        g.recount()
    now = 0.0
    if g.clock is not None:
        g.clock.start(g.to_move, now)
    for turn in range(max_turns):
        if g.is_over:
            break
        action = script.get(turn, "greedy")
        now += 20.0
        if action == "phony":
            if phony(g, finder):
                g.challenge()
                continue
        elif action == "valid_challenge":
            plays = finder.plays(g)
            if plays:
                g.play(plays[0].play)
                g.challenge()
                continue
        elif action == "exchange":
            try:
                g.exchange(g.racks[g.to_move][:3])
                continue
            except IllegalActionError:
                pass
        elif action == "pass":
            g.pass_turn()
            continue
        elif action == "flag":
            assert g.clock is not None
            g.clock.start(g.to_move, now)
            g.flag(now + rules.minutes * 60 + 1)  # type: ignore[operator]
            continue
        elif action == "stop":
            # From here on nobody can or will play: passes (and a phony) to the end.
            while not g.is_over:
                if phony(g, finder):
                    g.challenge()
                else:
                    g.pass_turn()
            break
        greedy_turn(g, finder, rnd)
    while not g.is_over:  # finish with passes if the turn budget ran out
        g.pass_turn()
    return g


def write(name: str, g: Game, description: str) -> None:
    rec = record_from_game(g)
    rec.pragmas["title"] = description
    rec.pragmas["lexicon"] = "sjp-20220301 (subset; SJP.PL, not the official OSPS)"
    rec.pragmas["rules"] = g.rules.name
    (OUT / f"{name}.gcg").write_text(write_gcg(rec), encoding="utf-8")
    assert g.result is not None
    golden = {
        "rules": g.rules.name,
        "final": list(g.result.scores),
        "winner": g.result.winner,
        "end": g.result.reason.value,
        "turns": len(g.history),
        "description": description,
    }
    (OUT / f"{name}.json").write_text(
        json.dumps(golden, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
    )
    print(name, g.result, file=sys.stderr)


def main() -> None:
    OUT.mkdir(exist_ok=True)
    finder = Finder(load_words())
    pfs = Rules.pfs()
    games = [
        ("01_greedy", pfs, 11, {}, None, "Greedy game to the end (going out)"),
        ("02_greedy", pfs, 12, {}, None, "Greedy game to the end"),
        ("03_two_blanks", pfs, 13, {}, {0: "??AEIKR"}, "Both blanks on the first rack"),
        (
            "04_phony_loss",
            pfs,
            14,
            {3: "phony", 8: "phony"},
            None,
            "Two phonies challenged off (losses)",
        ),
        (
            "05_valid_challenge",
            pfs,
            15,
            {2: "valid_challenge", 5: "valid_challenge"},
            None,
            "Valid plays challenged: no consequence under PFS (TR 4.8.3)",
        ),
        (
            "06_exchange_limit",
            pfs,
            16,
            {0: "exchange", 2: "exchange", 4: "exchange", 6: "exchange"},
            None,
            "Three exchanges by each player, a fourth refused (TR 4.3.1)",
        ),
        ("07_four_passes", pfs, 17, {20: "stop"}, None, "Four passes end the game (TR 3.4.3)"),
        (
            "08_six_zero",
            pfs,
            18,
            {18: "phony", 19: "stop"},
            None,
            "Passes and losses: six scoreless turns end the game (TR 5.1.1b)",
        ),
        (
            "09_flag_fall",
            pfs,
            19,
            {16: "flag"},
            None,
            "A flag falls; the opponent plays on alone (TR 6.2.1)",
        ),
        ("10_bingo", pfs, 20, {}, {0: "AEIKNOR", 1: "?ACEINO"}, "Bingo racks from the start"),
        ("11_school", Rules.school(), 21, {}, None, "School rules"),
    ]
    only = set(sys.argv[1:])  # regenerate just the named games, e.g. 09_flag_fall
    for name, rules, seed, script, racks, desc in games:
        if only and name not in only:
            continue
        g = play_game(name, rules, seed, finder, script, racks)
        write(name, g, desc)
    if not only or "12_home_three" in only:
        g = play_game(
            "12_home_three",
            Rules.home(3),
            22,
            finder,
            {},
            None,
            names=("Ala Nowak", "Jan Kowalski", "Ewa Wiśniewska"),
        )
        write("12_home_three", g, "Home rules, three players")


if __name__ == "__main__":
    main()
