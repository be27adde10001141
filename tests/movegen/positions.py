"""Random positions for the differential tests: games of random legal moves."""

from __future__ import annotations

import random
from pathlib import Path

from plansza.board import Board
from plansza.movegen import MoveGenerator
from plansza.movegen._automaton import Automaton
from plansza.rules import Rules
from plansza.tiles import BLANK

WORDS_FILE = Path(__file__).with_name("data") / "words.txt"


def load_words() -> list[str]:
    """The test word list (upper case)."""
    lines = WORDS_FILE.read_text(encoding="utf-8").splitlines()
    return [w for w in lines if w and not w.startswith("#")]


def random_rack(rng: random.Random, rules: Rules, blanks: int, size: int = 7) -> str:
    """``size`` tiles drawn from a full bag without blanks, with ``blanks`` blanks put in."""
    bag = [t for t in rules.tileset.full_bag() if t != BLANK]
    rng.shuffle(bag)
    return "".join(bag[: size - blanks]) + BLANK * blanks


def random_position(
    rng: random.Random, automaton: Automaton, rules: Rules, moves: int
) -> Board:
    """The board after up to ``moves`` random legal plays from random racks."""
    gen = MoveGenerator(automaton, rules)
    for _ in range(moves):
        for _attempt in range(5):
            listed = gen.generate(random_rack(rng, rules, rng.choice((0, 0, 1))))
            if len(listed):
                gen.place(listed[rng.randrange(len(listed))].play)
                break
    return gen.board
