"""Rules as settings: every variant difference is a field, each citing its source.

Sources: GR = "Reguły gry", TR = "Regulamin turniejowy" (PFS, seed 000), SCH = the
school team tournament (seed 002), MPA = the Polish championship in English
Scrabble (seed 004, WESPA rules with local changes).

>>> Rules.pfs().exchange_limit, Rules.school().exchange_min_bag, Rules.wespa().challenge_penalty
(3, 8, 5)
>>> Rules.home(3).end_consecutive_passes
6
>>> Rules.by_name("pfs") == Rules.pfs()
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace

from plansza.errors import N_, PlanszaError
from plansza.tiles import TileSet


class ChallengeMode(enum.Enum):
    """How invalid words are handled."""

    #: Tournament play: any placement may be played; the opponent may challenge (TR 4.7).
    CHALLENGE = "challenge"
    #: Casual online play: a play forming an invalid word is refused outright.
    REFUSE = "refuse"


class EndRackRule(enum.Enum):
    """Adjustments when a player goes out."""

    #: GR "Zakończenie gry", TR 5.1: the finisher adds the others' racks, each other subtracts own.
    ADD_AND_SUBTRACT = "add_and_subtract"
    #: North-American style: the finisher adds twice the others' racks, nobody subtracts.
    DOUBLE = "double"


class TieRule(enum.Enum):
    """Equal totals."""

    DRAW = "draw"  #: PFS: a draw.
    HIGHER_LAST_MOVE = "higher_last_move"  #: SCH: the higher-scoring last play wins.


class FlagFall(enum.Enum):
    """What happens when a player's time runs out."""

    #: TR 6.2.1: no more moves for that player, no points penalty.
    STOP = "stop"
    #: WESPA: play on, losing points for each minute (or part) over.
    PENALTY = "penalty"


@dataclass(frozen=True)
class Rules:
    """Every rule setting of a game, as one frozen value. Use a preset and ``replace``."""

    name: str
    tileset: TileSet
    #: GR: 2–4 players; tournaments are 2-player games.
    players: int = 2
    #: GR: seven tiles on a rack.
    rack_size: int = 7
    #: GR "Specjalna premia": +50 for using all seven tiles, after all premiums.
    bingo_bonus: int = 50
    #: GR "Ułożenie pierwszego wyrazu": two or more tiles through the centre.
    first_play_min_tiles: int = 2
    #: TR 4.3.1: an exchange needs at least 7 tiles in the bag; SCH: 8 (not with 7 or fewer).
    #: The bag must in any case hold as many tiles as are exchanged (new tiles are drawn first).
    exchange_min_bag: int = 7
    #: The rule a refusal for too small a bag cites: ``"TR 4.3.1"`` (PFS) or ``"SCH"``,
    #: the school rules' "Wymiana płytek" (no exchange with 7 or fewer in the bag).
    exchange_bag_rule: str = "TR 4.3.1"
    #: TR 4.3.1: at most 3 exchanges per player per game; ``None`` = unlimited (GR).
    exchange_limit: int | None = 3
    #: TR 3.4.3, 5.1.1b: consecutive passes that end the game (GR home: every player twice).
    end_consecutive_passes: int | None = 4
    #: TR 5.1.1b: when losses are among the scoreless turns, passes + losses that end the game.
    #: ``None``: a loss breaks the run of passes.
    end_scoreless_with_losses: int | None = 6
    #: WESPA: exchanges (and plays scoring 0) also count as scoreless turns; PFS: they do not
    #: (TR 3.4.3: "an exchange is not a pass").
    exchange_is_scoreless: bool = False
    #: TR 4.7 (challenge) or casual refusal of invalid words.
    challenge_mode: ChallengeMode = ChallengeMode.CHALLENGE
    #: TR 4.8.3: an unsuccessful challenge has no consequence (0); MPA 2c.ii: −5, no turn lost.
    challenge_penalty: int = 0
    #: GR "Zakończenie gry"; TR 5.1.2, 5.1.4.
    end_rack_rule: EndRackRule = EndRackRule.ADD_AND_SUBTRACT
    #: TR 5.2 / PFS: a draw; SCH: the higher last move wins.
    tie_rule: TieRule = TieRule.DRAW
    #: TR 1.2 (≥ 15 in ranked tournaments), SCH 15; ``None`` = no clock.
    minutes: int | None = 15
    #: TR 6.2.1 (stop) or WESPA (points penalty).
    flag_fall: FlagFall = FlagFall.STOP
    #: WESPA: points lost per minute or part of a minute over time.
    overtime_penalty_per_minute: int = 10
    #: TR 6.2.1: the player left alone stops after two passes in a row …
    solo_end_passes: int = 2
    #: … or three consecutive turns of passes and losses mixed.
    solo_end_scoreless: int = 3
    #: TR 2.1: when drawing for the start, a blank counts as "A".
    blank_draws_as_a: bool = True
    #: TR 4.6.2, online: while a play awaits acceptance or a challenge, the deciding
    #: player's clock runs (at the table the mover may start it when the opponent
    #: delays; online it starts at once). ``False``: no clock runs meanwhile, as when
    #: the mover has stopped theirs at the table.
    decision_clock: bool = False
    #: TR 6.2.3: a player out of time keeps the right to challenge; with
    #: ``decision_clock`` they have no time left, so the play stands after this many
    #: seconds without a decision.
    flagged_decision_seconds: float = 30.0

    def __post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ValueError(f"a game has 2 to 4 players, not {self.players}")

    @classmethod
    def pfs(cls) -> Rules:
        """PFS tournament rules (TR): challenge, 3 exchanges, bag ≥ 7, 4/6 scoreless, clock."""
        return cls(name="pfs", tileset=TileSet.polish())

    @classmethod
    def home(cls, players: int = 2) -> Rules:
        """GR home rules for 2–4 players: no exchange limit, no clock, every player passes
        twice in a row to end the game (GR "Opuszczenie kolejki")."""
        return cls(
            name="home",
            tileset=TileSet.polish(),
            players=players,
            exchange_min_bag=1,
            exchange_limit=None,
            end_consecutive_passes=2 * players,
            end_scoreless_with_losses=None,
            minutes=None,
        )

    @classmethod
    def school(cls) -> Rules:
        """SCH (Pińczów 2016): exchanges only with 8+ in the bag, no limit; the game ends
        when both pass twice in a row; a tie goes to the higher last play; 15 minutes."""
        return cls(
            name="school",
            tileset=TileSet.polish(),
            exchange_min_bag=8,
            exchange_bag_rule="SCH",
            exchange_limit=None,
            end_consecutive_passes=4,
            end_scoreless_with_losses=None,
            tie_rule=TieRule.HIGHER_LAST_MOVE,
            minutes=15,
        )

    @classmethod
    def wespa(cls) -> Rules:
        """WESPA rules as played at MPA (English set): six consecutive scoreless turns
        (exchanges included) end the game; −5 for challenging a valid play (MPA 2c.ii);
        25 minutes, 10 points per minute over."""
        return cls(
            name="wespa",
            tileset=TileSet.english(),
            exchange_limit=None,
            end_consecutive_passes=6,
            end_scoreless_with_losses=6,
            exchange_is_scoreless=True,
            challenge_penalty=5,
            minutes=25,
            flag_fall=FlagFall.PENALTY,
        )

    @classmethod
    def by_name(cls, name: str, players: int = 2) -> Rules:
        """``pfs``, ``home``, ``school`` or ``wespa``."""
        key = name.lower()
        if key == "pfs":
            return cls.pfs() if players == 2 else replace(cls.pfs(), players=players)
        if key == "home":
            return cls.home(players)
        if key == "school":
            return cls.school()
        if key == "wespa":
            return cls.wespa()
        raise PlanszaError(
            N_("unknown rules {name!r}: use pfs, home, school or wespa"),
            code="unknown_rules",
            name=name,
        )

    def replace(self, **changes: object) -> Rules:
        """A copy with some settings changed."""
        return replace(self, **changes)  # type: ignore[arg-type]


PRESETS = ("pfs", "home", "school", "wespa")
