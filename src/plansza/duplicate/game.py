"""A Belgijka championship: players, up to three games of up to fifteen moves (I.2).

The :class:`Championship` is the referee's whole state and its record at once:
every draw with its attempts, every move's ranked candidates and the chosen
one with its reason, every card as entered with its verdict, every override
and penalty. It is a record (:mod:`plansza.records`: ``dump`` / ``load``); the board is
rebuilt from the chosen moves, so the record cannot disagree with it.

One move goes: :meth:`~Championship.draw` (the rack, II.2, II.14; the
candidates, II.12) → :meth:`~Championship.enter_card` for each player (II.5,
II.9) → optionally :meth:`~Championship.choose` (II.13) and
:meth:`~Championship.override` → :meth:`~Championship.close` (the winning
move goes on the board, II.11).

The engine does no I/O and reads no clock; the random source is derived from
the championship's seed, the game and the move, so the same seed gives the same
game whatever happens in between (cards, overrides, saving and loading).

>>> from plansza.lexicon import Lexicon
>>> from plansza.rules import Rules
>>> lex = Lexicon.build(["KOT", "KOTY", "TOK", "OK", "TO", "KOC", "AK", "KA"])
>>> ch = Championship(seed="doc")
>>> ch.register("Anna Nowak").number, ch.register("Jan Kowalski").number
(1, 2)
>>> ch.start_game().number
1
>>> move = ch.draw(lex)
>>> move.number, len(move.rack), move.draw.outcome
(1, 7, 'meets')
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Literal

from plansza.board import Board
from plansza.duplicate.cards import Card, Verdict, check_card, placed_tiles
from plansza.duplicate.messages import refuse
from plansza.duplicate.racks import (
    DrawAttempt,
    DrawLog,
    TypedDraw,
    draw_rack,
    leave,
    tiles_to_draw,
    typed_draw,
)
from plansza.duplicate.top import DuplicateCandidate, describe_play, rank
from plansza.errors import IllegalMoveError, InvalidMoveError
from plansza.inputs import check_name
from plansza.moves import Play
from plansza.rules import Rules
from plansza.scoring import score_play
from plansza.tiles import polish_collation_key

if TYPE_CHECKING:
    from plansza.lexicon import Lexicon

FORMAT = "plansza-belgijka"
#: 2: every part written as its record's fields (plansza.records); 1 is read too.
VERSION = 2
#: The rules a championship may be played under, by name (:meth:`Rules.by_name`).
Ruleset = Literal["pfs", "home", "school", "wespa"]
#: I.2: a game has at most fifteen moves.
MAX_MOVES = 15
#: I.2: the championship has three games.
GAMES = 3
#: How many ranked candidates a move keeps in the record (the count of all is kept too).
KEPT_CANDIDATES = 50
#: KARY 1–3: warning, exclusion from the next move, exclusion to the end of the game.
PENALTY_KINDS = ("warning", "exclude_move", "exclude_game")


@dataclass(frozen=True)
class DuplicatePlayer:
    """A player; the number is the table number and the number in the table (I.3)."""

    number: int
    name: str


@dataclass(frozen=True)
class CardEntry:
    """A card as entered, with its verdict (re-entries are kept: the last one counts)."""

    player: int
    card: Card
    verdict: Verdict
    #: When the card was handed in (ISO 8601, the server's clock; "" for a paper card
    #: typed in the terminal, whose time nobody took).
    at: str = ""
    #: Who entered it: "" (the referee at the terminal), ``phone`` or a referee's nick.
    by: str = ""


@dataclass(frozen=True)
class Override:
    """The referee's score for a player's move, whatever the card says (II.9, KARY)."""

    player: int
    score: int
    reason: str


@dataclass(frozen=True)
class Choice:
    """The winning move and who picked it: the program (II.12) or the referee (II.13)."""

    candidate: DuplicateCandidate
    #: Its place in the ranking (0 = the proposal), ``None`` when beyond the kept list.
    index: int | None
    by: str
    reason: str = ""


@dataclass(frozen=True)
class Penalty:
    """A penalty (KARY): for exclusions, the first move it takes away."""

    player: int
    kind: str
    game: int
    move: int
    reason: str = ""


@dataclass
class DuplicateMove:
    """One move of a game: the draw, the candidates, the cards, the choice."""

    number: int
    draw: DrawLog
    candidates: list[DuplicateCandidate]
    candidate_count: int
    #: How many candidates share the proposal's whole II.12 key (> 1: the referee picks).
    tied: int
    cards: list[CardEntry] = field(default_factory=list)
    overrides: list[Override] = field(default_factory=list)
    choice: Choice | None = None
    closed: bool = False
    #: Players whose card is the winning move (filled when the move is closed).
    found_top: list[int] = field(default_factory=list)

    @property
    def rack(self) -> str:
        return self.draw.rack

    @property
    def is_pass(self) -> bool:
        """No placement exists: the move is a pass for everyone."""
        return self.candidate_count == 0

    def card_of(self, player: int) -> CardEntry | None:
        """The player's card that counts (the last one entered)."""
        for entry in reversed(self.cards):
            if entry.player == player:
                return entry
        return None

    def override_of(self, player: int) -> Override | None:
        for o in reversed(self.overrides):
            if o.player == player:
                return o
        return None


@dataclass
class DuplicateGame:
    """One game: its bag, its moves; the board is rebuilt from the chosen moves."""

    number: int
    bag: list[str]
    moves: list[DuplicateMove] = field(default_factory=list)
    #: Why the game ended (``"moves"``, ``"blocked"``, ``"tiles_out"``, ``"referee"``: ended
    #: early), ``None`` while it runs.
    end: str | None = None
    #: The next move's attempts typed from the real bag that II.2 sent back (a redraw is due).
    pending_draw: list[DrawAttempt] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def open_move(self) -> DuplicateMove | None:
        if self.moves and not self.moves[-1].closed:
            return self.moves[-1]
        return None

    def board(self, rules: Rules, upto: int | None = None) -> Board:
        """The main board after the closed moves (or before move ``upto``)."""
        board = Board()
        for m in self.moves:
            if upto is not None and m.number >= upto:
                break
            if m.closed and m.choice is not None:
                scored = score_play(board, m.choice.candidate.play, rules)
                board.place((t.square, t.letter) for t in scored.tiles)
        return board


@dataclass(frozen=True)
class Awarded:
    """A player's score for one move and why."""

    score: int
    #: ``"ok"``, a card verdict's reason, ``"no_card"``, ``"excluded"`` or ``"override"``.
    reason: str
    verdict: Verdict | None = None
    override: Override | None = None


@dataclass
class Championship:
    """The referee's state: players, games, penalties, lots (see the module's docstring)."""

    seed: str
    name: str = "Belgijka"
    games_planned: int = GAMES
    lexicon: str = "sjp-20220301"
    #: The rules by name (``pfs``, ``home``, ``school``, ``wespa``); :attr:`rules` reads it.
    ruleset: Ruleset = "pfs"
    players: dict[int, DuplicatePlayer] = field(default_factory=dict)
    games: list[DuplicateGame] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)
    #: Lots drawn for shared places (II.16): player → order within the shared place.
    lots: dict[int, int] = field(default_factory=dict)

    @cached_property
    def rules(self) -> Rules:
        """The rules of :attr:`ruleset`."""
        return Rules.by_name(self.ruleset)

    # ------------------------------------------------------------------ players

    def register(self, name: str, number: int | None = None) -> DuplicatePlayer:
        """Add a player at table ``number`` (the next free one by default, I.3)."""
        name = " ".join(name.split())
        if not name:
            raise refuse("empty_name")
        check_name(name)  # one line of printable text: no control character
        if number is None:
            number = max(self.players, default=0) + 1
        if number < 1:
            raise refuse("bad_table", number=number)
        if number in self.players:
            taken = self.players[number].name
            raise refuse("table_taken", number=number, name=taken)
        player = DuplicatePlayer(number, name)
        self.players[number] = player
        return player

    def player(self, ref: str | int) -> DuplicatePlayer:
        """A player by table number or by (a unique part of) the name."""
        text = str(ref).strip()
        if text.isdecimal() and int(text) in self.players:
            return self.players[int(text)]
        exact = [p for p in self.players.values() if p.name.casefold() == text.casefold()]
        if len(exact) == 1:
            return exact[0]
        part = [p for p in self.players.values() if text.casefold() in p.name.casefold()]
        if len(part) == 1 and text:
            return part[0]
        if len(part) > 1:
            names = ", ".join(sorted((p.name for p in part), key=polish_collation_key))
            raise refuse("ambiguous_player", player=text, names=names)
        raise refuse("unknown_player", player=text)

    def checking_pairs(self) -> list[tuple[int, int | None]]:
        """II.9: table 1 checks table 2 and back, 3 with 4, … (an odd last one: the referee)."""
        numbers = sorted(self.players)
        return [
            (numbers[i], numbers[i + 1] if i + 1 < len(numbers) else None)
            for i in range(0, len(numbers), 2)
        ]

    # -------------------------------------------------------------------- games

    @property
    def game(self) -> DuplicateGame:
        """The current (last started) game."""
        if not self.games:
            raise refuse("no_game")
        return self.games[-1]

    def start_game(self, bag: str | None = None) -> DuplicateGame:
        """Start the next game with a full bag (or the tiles of ``bag``) and an empty board.

        A smaller ``bag`` is for demonstrations and tests; a championship uses the full set.
        """
        if self.games and not self.games[-1].over:
            raise refuse("game_open", game=self.game.number)
        if len(self.games) >= self.games_planned:
            raise refuse("all_games_played", games=self.games_planned)
        tiles = self.rules.tileset.full_bag() if bag is None else list(bag)
        game = DuplicateGame(
            len(self.games) + 1, sorted(tiles, key=self.rules.tileset.tile_sort_key)
        )
        self.games.append(game)
        return game

    def end_game(self) -> DuplicateGame:
        """End the current game early, between moves (the referee's decision: time, an
        emergency): its closed moves stand, its classification as it is."""
        game = self.game
        if game.over:
            raise refuse("game_over", game=game.number, end=game.end)
        if game.open_move is not None:
            raise refuse("move_open", move=game.open_move.number)
        game.end = "referee"
        return game

    def _rng(self, game: int, move: int) -> random.Random:
        # A string seed is hashed with SHA-512 (random's version 2 seeding): the same
        # draw on every machine and every run, whatever PYTHONHASHSEED is.
        return random.Random(f"{self.seed}/{game}/{move}")

    def draw(self, lexicon: Lexicon) -> DuplicateMove:
        """Open the next move: draw its rack (II.2, II.14) and rank its plays (II.12)."""
        game, number, bag, kept = self._next_draw()
        if game.pending_draw:
            raise refuse("typed_draw_pending", move=number)
        log, bag = draw_rack(
            bag, kept, number, self._rng(game.number, number), self.rules.tileset,
            self.rules.rack_size,
        )  # fmt: skip
        return self._open_move(game, number, log, bag, lexicon)

    def draw_typed(self, lexicon: Lexicon, typed: str) -> TypedDraw:
        """Draw the next move's rack from the real bag: ``typed`` names the tiles drawn
        (any case, ``?`` for a blank; I.5, II.14).

        The tiles are checked against what is left (a refusal changes nothing). When
        II.2 calls for a redraw the move does not open: the attempt is kept in the
        record (:attr:`DuplicateGame.pending_draw`, so the three redraws count across
        calls) and the result's ``outcome`` is ``redraw`` — put the whole rack back and
        type the next draw. When the rack stands, the move opens as :meth:`draw` opens
        it (``game.open_move``), its draw log holding every attempt.
        """
        game, number, bag, kept = self._next_draw()
        result = typed_draw(
            bag, kept, typed, number, game.pending_draw, self.rules.tileset,
            self.rules.rack_size,
        )  # fmt: skip
        if result.stands:
            self._open_move(game, number, result.log, result.bag, lexicon)
            game.pending_draw = []
        else:
            game.pending_draw = list(result.attempts)
        return result

    def tiles_to_draw(self) -> int:
        """How many tiles the next draw takes from the bag (II.14; after a redraw, II.2)."""
        game, _, bag, kept = self._next_draw()
        return tiles_to_draw(bag, kept, game.pending_draw, self.rules.rack_size)

    def _next_draw(self) -> tuple[DuplicateGame, int, list[str], str]:
        """The game, the next move's number, the bag and the tiles kept (II.14)."""
        game = self.game
        if game.over:
            raise refuse("game_over", game=game.number, end=game.end)
        if game.open_move is not None:
            raise refuse("move_open", move=game.open_move.number)
        number = len(game.moves) + 1
        if number > MAX_MOVES:
            raise refuse("game_over", game=game.number, end="moves")
        bag = list(game.bag)
        kept = ""
        if game.moves:
            last = game.moves[-1]
            if last.choice is None:
                # A move without any placement: its rack goes back whole, or the same
                # rack would be stuck on the same board.
                bag.extend(last.rack)
            else:
                before = game.board(self.rules, upto=last.number)
                used = _rack_tiles(last.choice.candidate.play, before, last.rack, self.rules)
                kept = leave(last.rack, used)
        if not bag and not kept:
            # Not reached through close(), which ends such a game; a hand-edited file might.
            raise refuse("game_over", game=game.number, end="tiles_out")
        return game, number, bag, kept

    def _open_move(
        self, game: DuplicateGame, number: int, log: DrawLog, bag: list[str], lexicon: Lexicon
    ) -> DuplicateMove:
        """Open move ``number`` with its drawn rack: rank its plays (II.12)."""
        board = game.board(self.rules)
        ranking = rank(board, log.rack, lexicon, self.rules) if log.rack else None
        count = len(ranking) if ranking is not None else 0
        move = DuplicateMove(
            number=number,
            draw=log,
            # every tied one kept, however many: the referee may choose any (II.13)
            candidates=(
                ranking.head(max(KEPT_CANDIDATES, ranking.tied())) if ranking is not None else []
            ),
            candidate_count=count,
            tied=ranking.tied() if ranking is not None else 0,
        )
        game.bag = bag
        game.moves.append(move)
        return move

    def _open(self) -> tuple[DuplicateGame, DuplicateMove]:
        game = self.game
        move = game.open_move
        if move is None:
            raise refuse("no_open_move")
        return game, move

    # -------------------------------------------------------------------- cards

    def excluded(self, player: int, game: int, move: int) -> bool:
        """Whether a penalty takes ``move`` of ``game`` away from ``player`` (KARY 2, 3)."""
        for p in self.penalties:
            if p.player != player or p.game != game:
                continue
            if p.kind == "exclude_move" and p.move == move:
                return True
            if p.kind == "exclude_game" and p.move <= move:
                return True
        return False

    def enter_card(self, player: int | str, card: Card, lexicon: Lexicon) -> Verdict:
        """Check and record a player's card for the open move (II.5, II.8, II.9)."""
        who = self.player(player)
        game, move = self._open()
        if self.excluded(who.number, game.number, move.number):
            verdict = Verdict("excluded")
        else:
            board = game.board(self.rules)
            verdict = check_card(board, move.rack, card, lexicon, self.rules)
        move.cards.append(CardEntry(who.number, card, verdict))
        return verdict

    def enter_cards(
        self, cards: list[tuple[int, Card, str, str]], lexicon: Lexicon
    ) -> list[Verdict]:
        """Check and record many cards for the open move at once — (player, card, when
        handed in, by whom) in the order they came, the last of a player counting —
        with the board built once (a hall's cards at the close of a move, II.9)."""
        game, move = self._open()
        board = game.board(self.rules)
        out = []
        for number, card, at, by in cards:
            who = self.player(number)
            if self.excluded(who.number, game.number, move.number):
                verdict = Verdict("excluded")
            else:
                verdict = check_card(board, move.rack, card, lexicon, self.rules)
            move.cards.append(CardEntry(who.number, card, verdict, at, by))
            out.append(verdict)
        return out

    # ------------------------------------------------------------------- choice

    def choose(
        self,
        lexicon: Lexicon,
        *,
        index: int | None = None,
        notation: str | None = None,
        reason: str = "",
        force: bool = False,
    ) -> Choice:
        """The referee picks the winning move (II.11, II.13): a candidate by its place
        (0-based) or any legal play by its notation; below the top score only with ``force``."""
        game, move = self._open()
        if move.is_pass:
            raise refuse("no_placement", rack=move.rack)
        board = game.board(self.rules)
        where: int | None
        if index is not None:
            if not 0 <= index < len(move.candidates):
                raise refuse(
                    "bad_choice",
                    index=index + 1,
                    count=len(move.candidates),
                )
            candidate, where = move.candidates[index], index
        else:
            if notation is None:
                raise ValueError("choose() needs an index or a notation")
            candidate, where = self._candidate_of(board, move, notation, lexicon)
        top = move.candidates[0].score
        if candidate.score < top and not force:
            raise refuse(
                "not_top",
                move=str(candidate.play),
                score=candidate.score,
                top=top,
            )
        by = "program" if where == 0 and not reason else "referee"
        move.choice = Choice(candidate, where, by, reason)
        return move.choice

    def _candidate_of(
        self, board: Board, move: DuplicateMove, notation: str, lexicon: Lexicon
    ) -> tuple[DuplicateCandidate, int | None]:
        """The candidate a written play names (the kept list first, else checked afresh)."""
        try:
            wanted = placed_tiles(board, notation)
        except (InvalidMoveError, IllegalMoveError) as e:
            raise refuse("illegal_choice", move=notation, why=e) from e
        for i, c in enumerate(move.candidates):
            if placed_tiles(board, str(c.play)) == wanted:
                return c, i
        play = Play.parse(notation)
        try:
            scored = score_play(board, play, self.rules)
        except IllegalMoveError as e:
            raise refuse("illegal_choice", move=notation, why=e) from e
        verdict = check_card(board, move.rack, Card(notation, scored.score), lexicon, self.rules)
        if not verdict.ok:
            from plansza.duplicate.messages import verdict_error

            raise refuse("illegal_choice", move=notation, why=verdict_error(verdict))
        words = tuple(w.word for w in scored.words)
        return describe_play(board, play, scored.score, words), None

    # ------------------------------------------------------------- corrections

    def override(
        self,
        player: int | str,
        score: int,
        reason: str,
        *,
        game: int | None = None,
        move: int | None = None,
    ) -> Override:
        """The referee sets a player's score for a move (the open one by default)."""
        who = self.player(player)
        if score < 0:
            raise refuse("bad_score", score=score)
        target = self.find_move(game, move)
        o = Override(who.number, score, reason)
        target.overrides.append(o)
        return o

    def find_move(self, game: int | None, move: int | None) -> DuplicateMove:
        """A move by game and number; by default the open move, else the last one."""
        g = self.game if game is None else self.find_game(game)
        if move is None:
            if g.open_move is not None:
                return g.open_move
            if not g.moves:
                raise refuse("no_open_move")
            return g.moves[-1]
        for m in g.moves:
            if m.number == move:
                return m
        raise refuse("no_move", game=g.number, move=move)

    def find_game(self, number: int) -> DuplicateGame:
        """A started game by its number."""
        for g in self.games:
            if g.number == number:
                return g
        raise refuse("unknown_game", game=number)

    def penalty(
        self, player: int | str, kind: str, reason: str = "", *, move: int | None = None
    ) -> Penalty:
        """A penalty (KARY): ``warning``, ``exclude_move`` (the next move), ``exclude_game``
        (from the next move to the end of the game). ``move`` names another first move."""
        if kind not in PENALTY_KINDS:
            raise refuse("bad_penalty", kind=kind)
        who = self.player(player)
        game_no, next_move = self._next_move_ref()
        p = Penalty(who.number, kind, game_no, move if move is not None else next_move, reason)
        self.penalties.append(p)
        return p

    def _next_move_ref(self) -> tuple[int, int]:
        """The move a penalty given now starts with: the one after the open move."""
        if not self.games or self.games[-1].over:
            return len(self.games) + 1, 1
        game = self.games[-1]
        return game.number, len(game.moves) + 1

    # -------------------------------------------------------------------- close

    def close(self) -> DuplicateMove:
        """Close the open move: the winning move goes on the board (II.11), the game may end."""
        game, move = self._open()
        if not move.is_pass and move.choice is None:
            move.choice = Choice(move.candidates[0], 0, "program")
        board = game.board(self.rules)
        if move.choice is not None:
            top_tiles = placed_tiles(board, str(move.choice.candidate.play))
            move.found_top = sorted(
                p
                for p in self.players
                if (entry := move.card_of(p)) is not None
                and entry.verdict.ok
                and entry.verdict.play is not None
                and placed_tiles(board, entry.verdict.play) == top_tiles
            )
        move.closed = True
        left = (
            leave(move.rack, _rack_tiles(move.choice.candidate.play, board, move.rack, self.rules))
            if move.choice
            else move.rack
        )
        if move.number >= MAX_MOVES:
            game.end = "moves"
        elif move.choice is None and not game.bag:
            game.end = "blocked"
        elif not game.bag and not left:
            game.end = "tiles_out"
        return move

    # ------------------------------------------------------------------- scores

    def awarded(self, player: int, game: DuplicateGame, move: DuplicateMove) -> Awarded:
        """A player's points for a move: override, else penalty, else the card (II.9)."""
        o = move.override_of(player)
        if o is not None:
            return Awarded(o.score, "override", override=o)
        if self.excluded(player, game.number, move.number):
            return Awarded(0, "excluded")
        entry = move.card_of(player)
        if entry is None:
            return Awarded(0, "no_card")
        return Awarded(entry.verdict.awarded, entry.verdict.reason, verdict=entry.verdict)


def _rack_tiles(play: Play, board: Board, rack: str, rules: Rules) -> list[str]:
    """The rack tiles (``?`` for blanks) ``play`` takes, on ``board`` (before it)."""
    tiles = score_play(board, play, rules).rack_tiles
    # The winning play comes from the rack (it was ranked or checked from it).
    if Counter(tiles) - Counter(rack):
        raise ValueError(f"{play} uses tiles the rack {rack} has not")
    return tiles
