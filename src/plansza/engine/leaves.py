"""Leave values: what the tiles kept on the rack are worth for the next turns.

A static player ranks a move by its score plus the value of its *leave* (the
tiles it keeps). The values are a linear model over a few features of the leave
— learned for Polish by self-play (:mod:`plansza.engine.train`) and shipped as
``engine/data/leaves-pl.json`` with the record of how they were made:

* ``single[t]``: the first copy of tile ``t`` (``?`` for a blank);
* ``dup[t]``: every further copy of ``t`` (duplicates are usually bad);
* ``balance[v,c]``: the mix of ``v`` vowels and ``c`` consonants (blanks are
  neither), which is what makes a rack playable next turn;
* ``pair[xy]``: every two different tiles kept together (``CH``, ``CZ``,
  ``RZ``, ``SZ`` go together in Polish; ``ĄĘ`` against each other; ``?`` with
  anything), named in alphabet order with the blank first.

>>> model = LeaveModel.zero(TileSet.polish())
>>> model.value("AEZ")
0.0
>>> model.weights["single"]["?"] = 25.0; model.weights["dup"]["A"] = -3.0
>>> model.clear_cache(); model.value("?AA")
22.0
"""

from __future__ import annotations

import json
from array import array
from dataclasses import dataclass, field
from importlib import resources
from itertools import combinations
from typing import Any

from plansza.tiles import BLANK, TileSet

__all__ = ["LeaveModel", "feature_names", "features"]


_TABLE_CACHE_LIMIT = 50_000


def features(leave: str, tileset: TileSet) -> list[str]:
    """The names of the features a leave has (a feature may occur more than once).

    >>> features("AAC?", TileSet.polish())
    ['single:?', 'single:A', 'dup:A', 'single:C', 'balance:2,1', 'pair:?A', 'pair:?C', 'pair:AC']
    >>> features("CHRZ", TileSet.polish())
    ['single:C', 'single:H', 'single:R', 'single:Z', 'balance:0,4', 'pair:CH', 'pair:CR', \
'pair:CZ', 'pair:HR', 'pair:HZ', 'pair:RZ']
    """
    out: list[str] = []
    seen: list[str] = []
    vowels = consonants = 0
    for t in sorted(leave, key=lambda x: (-1, 0) if x == BLANK else tileset.tile_sort_key(x)):
        if t in seen:
            out.append(f"dup:{t}")
        else:
            out.append(f"single:{t}")
            seen.append(t)
        if t != BLANK:
            if tileset.is_vowel(t):
                vowels += 1
            else:
                consonants += 1
    if leave:
        out.append(f"balance:{vowels},{consonants}")
    out += [f"pair:{a}{b}" for a, b in combinations(seen, 2)]
    return out


def feature_names(tileset: TileSet, rack_size: int = 7) -> list[str]:
    """Every feature a leave of ``rack_size - 1`` tiles or fewer can have, in a fixed order."""
    tiles = [BLANK, *tileset.letters]
    names = [f"single:{t}" for t in tiles] + [f"dup:{t}" for t in tiles]
    names += [f"balance:{v},{c}" for v in range(rack_size) for c in range(rack_size - v)]
    names += [f"pair:{a}{b}" for a, b in combinations(tiles, 2)]
    return list(dict.fromkeys(names))


@dataclass
class LeaveModel:
    """Leave values in points, from weights per feature (see the module's text).

    ``info`` records how the weights were made (games, seed, date, the command).
    """

    tileset: TileSet
    weights: dict[str, dict[str, float]]
    info: dict[str, Any] = field(default_factory=dict)
    _values: dict[str, float] = field(default_factory=dict, repr=False)
    _tables: dict[str, array[int]] = field(default_factory=dict, repr=False)

    @classmethod
    def zero(cls, tileset: TileSet) -> LeaveModel:
        """A model that values every leave at 0 (the static player is then greedy)."""
        return cls(tileset, {"single": {}, "dup": {}, "balance": {}, "pair": {}})

    @classmethod
    def from_vector(
        cls,
        tileset: TileSet,
        names: list[str],
        vector: list[float],
        info: dict[str, Any] | None = None,
    ) -> LeaveModel:
        """A model from feature names and their weights (the trainer's output)."""
        model = cls.zero(tileset)
        for name, w in zip(names, vector, strict=True):
            kind, key = name.split(":", 1)
            if w:
                model.weights[kind][key] = round(w, 3)
        model.info = dict(info or {})
        return model

    @classmethod
    def default(cls, tileset: TileSet | None = None) -> LeaveModel:
        """The shipped Polish leave values (trained by self-play; see ``info``)."""
        ts = tileset or TileSet.polish()
        if ts.name != "polish":
            return cls.zero(ts)
        text = resources.files("plansza.engine").joinpath("data/leaves-pl.json").read_text("utf-8")
        return cls.loads(text, ts)

    @classmethod
    def loads(cls, text: str, tileset: TileSet) -> LeaveModel:
        """The model of a leaves file (the JSON text :meth:`dumps` writes)."""
        data = json.loads(text)
        weights = {
            k: {kk: float(vv) for kk, vv in data["weights"].get(k, {}).items()}
            for k in ("single", "dup", "balance", "pair")
        }
        return cls(tileset, weights, dict(data.get("info", {})))

    def dumps(self) -> str:
        """The model as a leaves file: JSON text, keys sorted (stable diffs)."""
        return json.dumps(
            {"info": self.info, "weights": self.weights},
            ensure_ascii=False,
            indent=1,
            sort_keys=True,
        )

    def clear_cache(self) -> None:
        """Forget cached values (after changing the weights)."""
        self._values.clear()
        self._tables.clear()

    def value(self, leave: str) -> float:
        """The value of keeping ``leave`` (tiles as on a rack, ``?`` for a blank)."""
        v = self._values.get(leave)
        if v is not None:
            return v
        key = self.tileset.sort_tiles(leave)
        v = self._values.get(key)
        if v is None:
            w = self.weights
            v = 0.0
            for f in features(key, self.tileset):
                kind, name = f.split(":", 1)
                v += w[kind].get(name, 0.0)
            self._values[key] = v
        self._values[leave] = v  # also under the order it was asked in
        return v

    def table(self, rack: str, scale: int = 100) -> array[int]:
        """The leave table of a rack for :meth:`plansza.movegen.MoveGenerator.top_equity`:
        every sub-multiset's value times ``scale``, rounded, in the table's order.

        The full rack's entry is the value of keeping everything (a pass).
        """
        tab = self._tables.get(rack)
        if tab is not None:
            return tab
        key = self.tileset.sort_tiles(rack)
        tab = self._tables.get(key)
        if tab is None:
            from plansza.movegen import leave_index_order

            tab = array(
                "i", [round(self.value(x) * scale) for x in leave_index_order(key, self.tileset)]
            )
            if len(self._tables) > _TABLE_CACHE_LIMIT:
                self._tables.clear()
            self._tables[key] = tab
        self._tables[rack] = tab
        return tab

    def best_exchange(self, rack: str) -> tuple[str, float] | None:
        """The exchange with the best leave: (tiles to return, value kept), or None for
        an empty rack. Keeping everything is not an exchange."""
        tiles = self.tileset.sort_tiles(rack)
        best: tuple[str, float] | None = None
        seen: set[str] = set()
        for k in range(len(tiles)):
            for keep in combinations(tiles, k):
                kept = "".join(keep)
                if kept in seen:
                    continue
                seen.add(kept)
                v = self.value(kept)
                if best is None or v > best[1]:
                    rest = list(tiles)
                    for t in kept:
                        rest.remove(t)
                    best = ("".join(rest), v)
        return best
