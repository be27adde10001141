"""GCG game records: read (leniently, errors collected with line numbers) and write.

GCG writes a horizontal play row first (``8H``) — the opposite of the Polish
notation (``H8``); this module converts both ways. Letters already on the board
are written as ``.``, blanks in lower case, exchanges as ``-XYZ``, passes as ``-``,
a withdrawn phony as ``--``, a challenge bonus as ``(challenge)``, end-of-game
rack points as ``(RACK)`` and time penalties as ``(time)``.

>>> rec = read_gcg('''#character-encoding UTF-8
... #player1 ala Ala Nowak
... #player2 ola Ola Kowalska
... >ala: ŻUBRAAE 8H ŻUBR +24 24
... >ola: ABCDEFG H8 .A +2 2
... ''')
>>> [(e.player, e.kind.value, e.score, e.total) for e in rec.events]
[(0, 'play', 24, 24), (1, 'play', 2, 2)]
>>> rec.events[0].position, rec.errors
('8H', [])

Numbers are ASCII digits only (``int()`` would read ``²`` or ``١٢`` too), and an
error quotes at most :data:`~plansza.files.EXCERPT` characters of the line. Read
a file with :func:`plansza.files.read_record`, which refuses one larger than
:data:`~plansza.files.RECORD_LIMIT` (1 MiB) before reading it.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field

from plansza.board import Board, Coordinate
from plansza.errors import N_, NP_, FormatError, IllegalMoveError, InvalidMoveError
from plansza.files import excerpt
from plansza.game import Game, TurnKind
from plansza.moves import MAX_WORD, Exchange, Move, Pass, Play
from plansza.scoring import score_play
from plansza.tiles import BLANK, TileSet


class EventKind(enum.Enum):
    PLAY = "play"
    EXCHANGE = "exchange"
    PASS = "pass"
    WITHDRAWN = "withdrawn"  #: "--": the previous play was challenged off (a loss)
    CHALLENGE_BONUS = "challenge"  #: "(challenge)": points for a valid play challenged
    END_RACK = "end_rack"  #: "(TILES)": end-of-game rack points
    TIME = "time"  #: "(time)": a time penalty


@dataclass
class GCGPlayer:
    nick: str
    name: str


@dataclass
class GCGEvent:
    """One ``>`` line of a record."""

    line: int
    player: int
    kind: EventKind
    score: int
    total: int
    rack: str = ""
    position: str = ""  #: GCG coordinate (row first for across)
    word: str = ""  #: with ``.`` for letters already on the board
    tiles: str = ""  #: exchanged tiles, or the rack of an END_RACK line
    note: str = ""

    def coordinate(self) -> Coordinate:
        """The Polish-notation coordinate of a play."""
        return Coordinate.from_gcg(self.position)

    def play(self, board: Board) -> Play:
        """The play in Polish notation, ``.`` filled in from the board before the play."""
        coord = self.coordinate()
        letters = []
        through = []
        for (r, c), ch in zip(coord.squares(len(self.word)), self.word, strict=True):
            if ch == ".":
                t = board.get(r, c)
                if t is None:
                    raise IllegalMoveError(
                        "through_mismatch",
                        N_("line {line}: '.' at an empty square in {position} {word}"),
                        cgp=board.cgp(), line=self.line, position=self.position, word=self.word,
                    )
                letters.append(t)
                through.append(True)
            else:
                letters.append(ch)
                through.append(False)
        return Play(coord, "".join(letters), tuple(through))

    def move(self) -> Move | None:
        if self.kind is EventKind.EXCHANGE:
            return Exchange(self.tiles)
        if self.kind is EventKind.PASS:
            return Pass()
        return None


@dataclass
class GameRecord:
    """A whole GCG file: players, pragmas, events, and the errors met reading it."""

    players: list[GCGPlayer] = field(default_factory=list)
    pragmas: dict[str, str] = field(default_factory=dict)
    events: list[GCGEvent] = field(default_factory=list)
    errors: list[FormatError] = field(default_factory=list)
    final_racks: dict[int, str] = field(default_factory=dict)

    def player_index(self, nick: str) -> int | None:
        for i, p in enumerate(self.players):
            if p.nick == nick:
                return i
        return None


_EVENT_RE = re.compile(r"^>\s*([^:]+?)\s*:\s*(.*)$")
_SCORE_RE = re.compile(r"^[+-]?[0-9]{1,6}$")  # ASCII: \d and int() take "²" and "١٢" too
_ASCII_DIGITS = frozenset("0123456789")


def _check_letters(text: str, ts: TileSet, what: str, allow: str = "") -> None:
    for ch in text:
        if ch in allow:
            continue
        if not ts.is_letter(ch):
            raise FormatError(
                N_("{what} {text!r}: {char!r} is not a letter of the {tileset} set"),
                what=what, text=excerpt(text), char=ch, tileset=ts.name,
            )


RACK_TILES = 7
"""The most tiles a rack holds (every rule set plansza knows; ``Rules.rack_size``)."""


def _check_rack(text: str, ts: TileSet, what: str) -> None:
    """A rack: letters of the set or ``?``, at most :data:`RACK_TILES` of them."""
    _check_letters(text, ts, what, BLANK)
    if len(text) > RACK_TILES:
        raise FormatError(
            NP_(
                "{what} {text!r} has {count} tile; a rack holds at most {most}",
                "{what} {text!r} has {count} tiles; a rack holds at most {most}",
            ),
            plural_field="count",
            code="rack_size",
            what=what,
            text=excerpt(text),
            count=len(text),
            most=RACK_TILES,
        )


def parse_event(line: str, record: GameRecord, lineno: int, ts: TileSet) -> GCGEvent:
    """Read one ``>nick: …`` line strictly (raises :class:`FormatError`).

    Long: a dispatch over the forms of a GCG event line.
    """
    m = _EVENT_RE.match(line)
    if not m:
        raise FormatError(N_("not a move line: {text!r}"), line=lineno, text=excerpt(line))
    nick, rest = m.group(1), m.group(2).split()
    player = record.player_index(nick)
    if player is None:
        if len(record.players) < 2 and not any(p.nick == nick for p in record.players):
            record.players.append(GCGPlayer(nick, nick))
            player = len(record.players) - 1
        else:
            raise FormatError(
                N_("unknown player {nick!r} (not declared with #player1/#player2)"),
                line=lineno, nick=excerpt(nick),
            )
    if len(rest) < 2:
        raise FormatError(
            N_("a move line needs at least a move, a score and a total: {text!r}"),
            line=lineno, text=excerpt(line),
        )
    total_s = rest[-1]
    if not _SCORE_RE.match(total_s):
        raise FormatError(
            N_("total {text!r} is not a number"), line=lineno, text=excerpt(total_s)
        )
    total = int(total_s)
    body = rest[:-1]
    score = 0
    if body and _SCORE_RE.match(body[-1]) and body[-1][0] in "+-":
        score = int(body[-1])
        body = body[:-1]
    else:
        raise FormatError(
            N_("missing the move's score (+N or -N) in {text!r}"), line=lineno, text=excerpt(line)
        )
    # What is left: [RACK] POSITION WORD, or [RACK] MOVE. A position has digits, a rack none.
    rack = ""
    if len(body) == 3 or (len(body) == 2 and _ASCII_DIGITS.isdisjoint(body[0])):
        rack, body = body[0], body[1:]
    if rack:
        _check_rack(rack, ts, "rack")
    ev = GCGEvent(lineno, player, EventKind.PASS, score, total, rack=rack)
    if not body:
        raise FormatError(N_("no move in {text!r}"), line=lineno, text=excerpt(line))
    head = body[0]
    if len(body) == 2 and _looks_like_position(head):
        ev.kind = EventKind.PLAY
        ev.position = head
        try:
            Coordinate.from_gcg(head)
        except InvalidMoveError:
            raise FormatError(
                N_("{text!r} is not a coordinate: a row 1–15 and a column A–O"),
                line=lineno, text=excerpt(head),
            ) from None
        word = body[1]
        _check_letters(word, ts, "word", ".")
        if not 2 <= len(word) <= MAX_WORD:
            raise FormatError(
                N_("word {text!r} must have 2 to {most} letters"),
                line=lineno, text=excerpt(word), most=MAX_WORD,
            )
        ev.word = word
        return ev
    if len(body) != 1:
        raise FormatError(
            N_("cannot read the move in {text!r}"), line=lineno, text=excerpt(line)
        )
    if head == "--":
        ev.kind = EventKind.WITHDRAWN
    elif head == "-":
        ev.kind = EventKind.PASS
    elif head.startswith("-"):
        ev.kind = EventKind.EXCHANGE
        tiles = head[1:]
        if tiles and _ASCII_DIGITS.issuperset(tiles):
            if tiles not in ("1", "2", "3", "4", "5", "6", "7"):
                raise FormatError(
                    N_("an exchange returns 1 to 7 tiles, not {text!r}"),
                    line=lineno, text=excerpt(tiles),
                )
            ev.tiles = "#" * int(tiles)  # a count only: the tiles are unknown
        else:
            _check_letters(tiles, ts, "exchange", BLANK)
            ev.tiles = tiles.upper()
    elif head.lower() == "(challenge)":
        ev.kind = EventKind.CHALLENGE_BONUS
    elif head.lower() == "(time)":
        ev.kind = EventKind.TIME
    elif head.startswith("(") and head.endswith(")") and len(head) > 2:
        ev.kind = EventKind.END_RACK
        _check_letters(head[1:-1], ts, "end rack", BLANK)
        ev.tiles = head[1:-1]
    else:
        raise FormatError(N_("cannot read the move {text!r}"), line=lineno, text=excerpt(head))
    return ev


def _looks_like_position(tok: str) -> bool:
    return bool(re.match(r"^(?:[A-Oa-o](?:1[0-5]|[1-9])|(?:1[0-5]|[1-9])[A-Oa-o])$", tok))


def read_gcg(text: str, tileset: TileSet | None = None, source: str | None = None) -> GameRecord:
    """Read a whole GCG file leniently: bad lines go to ``record.errors`` (with line
    numbers) and reading goes on."""
    ts = tileset or TileSet.polish()
    rec = GameRecord()
    last: GCGEvent | None = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().lstrip("\ufeff")
        if not line:
            continue
        try:
            if line.startswith("#"):
                name, _, value = line[1:].partition(" ")
                value = value.strip()
                if name in ("player1", "player2", "player3", "player4"):
                    nick, _, full = value.partition(" ")
                    if not nick:
                        raise FormatError(
                            N_("#{name} needs a nickname"), line=lineno, name=name
                        )
                    idx = int(name[-1]) - 1
                    while len(rec.players) <= idx:
                        rec.players.append(GCGPlayer("", ""))
                    twin = next(
                        (i for i, p in enumerate(rec.players) if p.nick == nick and i != idx),
                        None,
                    )
                    if twin is not None:
                        # the moves name their player by the nickname: one of them would
                        # be credited with the other's moves
                        raise FormatError(
                            N_(
                                "#{name} {nick!r}: #player{other} has this nickname too; each "
                                "player needs their own, the moves name their player by it"
                            ),
                            code="same_nickname",
                            name=name,
                            nick=excerpt(nick),
                            other=twin + 1,
                        )
                    rec.players[idx] = GCGPlayer(nick, full.strip() or nick)
                elif name == "note" and last is not None:
                    last.note = (last.note + "\n" + value).strip()
                elif name in ("rack1", "rack2", "rack3", "rack4"):
                    _check_rack(value, ts, name)
                    rec.final_racks[int(name[-1]) - 1] = value
                else:
                    rec.pragmas[name] = value
            elif line.startswith(">"):
                last = parse_event(line, rec, lineno, ts)
                rec.events.append(last)
            else:
                raise FormatError(
                    N_("a line must start with '#' or '>': {text!r}"),
                    line=lineno, text=excerpt(line),
                )
        except FormatError as e:
            rec.errors.append(e.located(line=lineno, source=source))
    return rec


def _gcg_word(play: Play, board: Board) -> str:
    """The word with ``.`` for the letters already on ``board``."""
    mask = play.through_mask(board)
    return "".join("." if on else ch for ch, on in zip(play.word, mask, strict=True))


def write_gcg(record: GameRecord) -> str:
    """Write a record as GCG text (UTF-8 pragma first)."""
    lines = ["#character-encoding UTF-8"]
    for i, p in enumerate(record.players, 1):
        lines.append(f"#player{i} {p.nick} {p.name}".rstrip())
    for k, v in record.pragmas.items():
        if k == "character-encoding":
            continue
        lines.append(f"#{k} {v}".rstrip())
    for ev in record.events:
        nick = record.players[ev.player].nick
        rack = f"{ev.rack} " if ev.rack else ""
        if ev.kind is EventKind.PLAY:
            move = f"{ev.position} {ev.word}"
        elif ev.kind is EventKind.EXCHANGE:
            move = f"-{len(ev.tiles)}" if ev.tiles.startswith("#") else f"-{ev.tiles}"
        elif ev.kind is EventKind.PASS:
            move = "-"
        elif ev.kind is EventKind.WITHDRAWN:
            move = "--"
        elif ev.kind is EventKind.CHALLENGE_BONUS:
            move = "(challenge)"
        elif ev.kind is EventKind.TIME:
            move = "(time)"
        else:
            move = f"({ev.tiles})"
        lines.append(f">{nick}: {rack}{move} {ev.score:+d} {ev.total}")
        if ev.note:
            lines.extend(f"#note {n}" for n in ev.note.split("\n"))
    for i, tiles in sorted(record.final_racks.items()):
        lines.append(f"#rack{i + 1} {tiles}")
    return "\n".join(lines) + "\n"


def record_from_game(game: Game) -> GameRecord:
    """The GCG record of a :class:`plansza.game.Game` (played or finished).

    Long: a dispatch over the kinds of turn and adjustment.
    """
    rec = GameRecord()
    for i, name in enumerate(game.names):
        nick = re.sub(r"\s+", "_", name) or f"p{i + 1}"
        if any(p.nick == nick for p in rec.players):
            nick = f"{nick}_{i + 1}"  # two players of one name: the moves name them apart
        rec.players.append(GCGPlayer(nick, name))
    rec.pragmas["lexicon"] = getattr(game.words, "name", "") or ""
    if not rec.pragmas["lexicon"]:
        del rec.pragmas["lexicon"]
    board = Board()
    totals = [0] * game.rules.players
    adj_iter = [a for a in game.adjustments if a.reason == "challenge"]
    for t in game.history:
        if t.kind is TurnKind.TIMEOUT:
            # GCG has no line for a flag fall: keep it as a note on the last event.
            note = f"czas: {game.names[t.player]} przekroczył(a) czas gry (TR 6.2.1)"
            if rec.events:
                rec.events[-1].note = (rec.events[-1].note + "\n" + note).strip()
            else:
                rec.pragmas["note"] = note
            continue
        if t.kind in (TurnKind.PLAY, TurnKind.LOSS) and isinstance(t.move, Play):
            play = t.move
            coord = play.coordinate
            word = _gcg_word(play, board)
            if t.kind is TurnKind.PLAY:
                totals[t.player] += t.score
                rec.events.append(
                    GCGEvent(
                        0,
                        t.player,
                        EventKind.PLAY,
                        t.score,
                        totals[t.player],
                        t.rack,
                        coord.gcg(),
                        word,
                    )
                )
                board.place(
                    (sq, ch)
                    for sq, ch in zip(coord.squares(len(play.word)), play.word, strict=True)
                    if board[sq] is None
                )
                if t.challenge_valid and adj_iter:
                    a = adj_iter.pop(0)
                    totals[a.player] += a.points
                    rec.events.append(
                        GCGEvent(0, a.player, EventKind.CHALLENGE_BONUS, a.points, totals[a.player])
                    )
            else:
                computed = score_play(board, play, game.rules).score
                rec.events.append(
                    GCGEvent(
                        0,
                        t.player,
                        EventKind.PLAY,
                        computed,
                        totals[t.player] + computed,
                        t.rack,
                        coord.gcg(),
                        word,
                    )
                )
                rec.events.append(
                    GCGEvent(0, t.player, EventKind.WITHDRAWN, -computed, totals[t.player], t.rack)
                )
        elif t.kind is TurnKind.EXCHANGE and isinstance(t.move, Exchange):
            rec.events.append(
                GCGEvent(
                    0, t.player, EventKind.EXCHANGE, 0, totals[t.player], t.rack, tiles=t.move.tiles
                )
            )
        elif t.kind is TurnKind.PASS:
            rec.events.append(GCGEvent(0, t.player, EventKind.PASS, 0, totals[t.player], t.rack))
    for a in game.adjustments:
        if a.reason == "challenge":
            continue
        totals[a.player] += a.points
        if a.reason == "time":
            rec.events.append(GCGEvent(0, a.player, EventKind.TIME, a.points, totals[a.player]))
        elif a.reason in ("rack", "opponents_racks"):
            rack = a.tiles if a.reason == "rack" else ""
            rec.events.append(
                GCGEvent(
                    0, a.player, EventKind.END_RACK, a.points, totals[a.player], rack, tiles=a.tiles
                )
            )
    return rec
