"""The facts a letter may state, recomputed from the tournament file alone.

A claims checker (``rulebooks/claims.py``) re-derives a sentence from the trace; when the
trace itself is wrong (a pairing score recorded where points are meant, a player moved
down recorded as an upfloater), such a check agrees with the error.  :class:`Truth` is the
second witness: it reads nothing but the file's round blocks (``Tournament.players``:
opponent, colour and result code of each round), its scoring and its acceleration
(``XXA``/``250``), and shares no code with any rulebook's standings nor with
``tournament/facts.py``.  What it holds, before the round to pair:

- each player's points (the file's scoring, acceleration excluded), acceleration points
  of the round, and their sum, the score the pairing uses;
- the colours of the games played, the rounds two players met over the board, the rounds
  without a game (byes, forfeits);
- the float of the round's pairing by score (A.4 of the Dutch 2012 and 1992 texts, 1.4.2
  of the Dutch 2026 text: of two players with unequal scores the higher is the
  downfloater, or receives the downfloat, the lower the upfloater);
- the colour preference of 1.7 (Dutch 2026) from the colours played, and [C2]'s bar
  (Basic Rules 4: a PAB received, or a win's points scored without playing).

The checker asks it through :meth:`Truth.check_numbers` (every "N Name (x points[ + y
acceleration points])" and the standing's "Before this round you had ...") and
:meth:`Truth.float_of`.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Iterator

from ..records import dataclass, field

#: a result code of a game played over the board (byes and forfeits are not)
_PLAYED = frozenset("1=0WDL")


def number(x: Fraction) -> str:
    """A score as the letters write it: 1, 0.5, 2.5."""
    return str(int(x)) if x.denominator == 1 else str(float(x))


def perfectly_pairable(players: list[int], may_meet) -> bool:
    """Whether ``players`` split into pairs each of which ``may_meet(a, b)`` (a search over
    the pairs of the first player; brackets are small)."""
    if not players:
        return True
    a, rest = players[0], players[1:]
    return any(may_meet(a, b) and perfectly_pairable([p for p in rest if p != b], may_meet) for b in rest)


@dataclass
class PlayerTruth:
    number: int
    name: str
    points: Fraction = Fraction(0)
    acceleration: Fraction = Fraction(0)
    #: colours of the games played, in order ("WBW")
    colours: str = ""
    #: opponent -> the rounds the two played over the board
    met: dict = field(default_factory=dict)
    #: round -> "W" | "B" of each game played
    colour_of: dict = field(default_factory=dict)
    #: the rounds without a game: ``[(round, code), ...]``
    no_game: list = field(default_factory=list)
    #: the rounds scored without playing as many points as a win (or a PAB): ``[(round,
    #: code), ...]`` (Basic Rules 4, [C2] of the 2026 texts)
    bye_bars: list = field(default_factory=list)

    @property
    def pairing(self) -> Fraction:
        return self.points + self.acceleration


class Truth:
    """One round's facts from the file (see the module doc)."""

    def __init__(self, t, round_no: int, unplayed_wins: tuple[str, ...] = ("F", "+")):
        """``unplayed_wins``: the codes of a round not played whose win's points bar the PAB
        with a PAB received (the 2026 texts' [C2]: a full-point bye ``F`` and a forfeit win
        ``+``; Dutch 2017's C.2: the forfeit win alone)."""
        self.round = round_no
        self.players: dict[int, PlayerTruth] = {}
        for p in t.players:
            x = PlayerTruth(p.number, " ".join(str(p.name).split()))
            for r, e in enumerate(p.entries[: round_no - 1], start=1):
                x.points += t.scoring.points(e)
                played = e.opponent is not None and e.code in _PLAYED
                if played:
                    x.colours += "W" if str(getattr(e.colour, "value", e.colour)).lower().startswith("w") else "B"
                    x.colour_of[r] = x.colours[-1]
                    x.met.setdefault(e.opponent, []).append(r)
                else:
                    x.no_game.append((r, e.code))
                    if e.code == "U" or (e.code in unplayed_wins and t.scoring.points(e) >= t.scoring.win):
                        x.bye_bars.append((r, e.code))
            acc = t.acceleration.get(p.number, ())
            if len(acc) >= round_no and acc[round_no - 1]:
                x.acceleration = Fraction(acc[round_no - 1])
            self.players[p.number] = x

    @property
    def accelerated(self) -> bool:
        return any(x.acceleration for x in self.players.values())

    def float_of(self, n: int, opponent: int | None) -> str:
        """``down`` | ``up`` | ``""``: the float of ``n`` paired with ``opponent`` this round,
        by the scores the pairing uses (A.4: the higher of two unequal scores floats down)."""
        if opponent is None or n not in self.players or opponent not in self.players:
            return ""
        a, b = self.players[n].pairing, self.players[opponent].pairing
        return "down" if a > b else ("up" if a < b else "")

    def pairable(self, players) -> bool:
        """Whether ``players`` can all be paired among themselves with no two who met over
        the board ([C1]: Basic Rules 2)."""
        return perfectly_pairable(list(players), lambda a, b: b not in self.players[a].met)

    def last_different(self, a: int, b: int) -> int | None:
        """5.2.3 (Dutch 2026): the most recent round in which ``a`` and ``b`` both played and
        had different colours."""
        ca, cb = self.players[a].colour_of, self.players[b].colour_of
        return max((r for r in ca if r in cb and ca[r] != cb[r]), default=None)

    def bye_bar(self, n: int) -> tuple[int, str] | None:
        """[C2] (Basic Rules 4): the first round ``n`` received a PAB or scored a win's
        points without playing, ``(round, code)``; None when ``n`` may have the bye."""
        bars = self.players[n].bye_bars if n in self.players else []
        return bars[0] if bars else None

    def preference(self, n: int, unplayed: str = "none") -> tuple[str, str | None, str]:
        """The colour preference of 1.7 of the Dutch 2017/2026 texts (1.6 of Dubov 2026),
        from the colours of the games played: ``(strength, colour, article)``.  Absolute
        (1.7.1): a colour difference beyond +-1 (the difference decides the colour), or the
        same colour in the two latest games; strong (1.7.2): +-1; mild (1.7.3): 0, the
        other colour than the last game's.  No game: ``unplayed`` (``none``, 1.7.4)."""
        c = self.players[n].colours if n in self.players else ""
        if not c:
            return (unplayed, "Black" if unplayed == "mild" else None, "1.7.4")
        diff = c.count("W") - c.count("B")
        other = {"W": "Black", "B": "White"}
        if diff > 1 or diff < -1:
            return ("absolute", "Black" if diff > 1 else "White", "1.7.1")
        if len(c) >= 2 and c[-1] == c[-2]:
            return ("absolute", other[c[-1]], "1.7.1")
        if diff:
            return ("strong", "Black" if diff > 0 else "White", "1.7.2")
        return ("mild", other[c[-1]], "1.7.3")

    # ------------------------------------------------------------------ the checks
    #: "N Name (x point(s)[ + y acceleration point(s)])", "N (x points)", "you (N Name, x points)"
    _POINTS = re.compile(r"(\d+(?:\.\d+)?) points?(?: \+ (\d+(?:\.\d+)?) acceleration points?)?\)")
    _BEFORE = re.compile(r"Before this round you had (\d+(?:\.\d+)?) points?( for the pairing \((\d+(?:\.\d+)?) "
                         r"scored, (\d+(?:\.\d+)?) added by acceleration\))?")
    _FLOAT = re.compile(r"(?:(\d+) is|(you) are) the (downfloater|upfloater) of (?:the|your) pair"
                        r"|(neither of you) floats"
                        r"|(?:(\d+) receives|(you) receive) an? (downfloat|upfloat)\b"
                        r"|(neither of you) receives a float")

    def _who(self, text: str, paren: int) -> int | None:
        """The player a "(... x points)" opening at ``paren`` is about: "(N Name, x points)",
        else "N Name (x points)" or "N (x points)"."""
        inner = re.match(r"\((\d+) [^()]*, (?=\d+(?:\.\d+)? points?)", text[paren:])
        if inner and int(inner[1]) in self.players:
            return int(inner[1])
        before = text[:paren].rstrip()
        named = [n for n, x in self.players.items()
                 if x.name and re.search(r"(?:^|\D)" + str(n) + " " + re.escape(x.name.rstrip(".")) + r"\.?$", before)]
        if named:
            return max(named, key=lambda n: len(self.players[n].name))
        bare = re.search(r"(?:^|[\s(])(\d+)$", before)
        return int(bare[1]) if bare and int(bare[1]) in self.players else None

    @classmethod
    def from_rows(cls, rows: dict[int, dict], round_no: int) -> "Truth":
        """The same facts read from a trace's standings rows, for a checker given no
        tournament (then the points are only checked against the trace)."""
        self = cls.__new__(cls)
        self.round, self.players = round_no, {}
        for n, r in rows.items():
            virtual = r.get("virtual")
            acc = Fraction(str(virtual)) if virtual not in (None, "0", 0) else Fraction(0)
            pts = Fraction(str(r.get("real_score") if acc else r.get("score")))
            self.players[n] = PlayerTruth(n, " ".join(str(r.get("name", "")).split()), pts, acc,
                                          r.get("colours") or "")
        return self

    def check_numbers(self, text: str, player: int | None, opponent_of) -> Iterator[tuple[str, str, bool, str]]:
        """``(kind, words, ok, what the file says)`` for every number of points and every
        float the text states of a player; ``player``: the letter's addressee (the
        standing's "you"), ``opponent_of(n)``: n's opponent in the round's pairing."""
        for m in self._POINTS.finditer(text):
            start = text.rfind("(", 0, m.start())
            n = self._who(text, start) if start >= 0 else None
            if n is None:
                continue
            x = self.players[n]
            said = (m[1], m[2])
            want = (number(x.points), number(x.acceleration) if x.acceleration else None)
            yield "truth-points", f"{n} ({m[0]}", said == want, f"{want[0]} points" + (
                f" + {want[1]} acceleration" if want[1] else "")
        x = self.players.get(player) if player is not None else None
        for m in self._BEFORE.finditer(text):
            if x is None:
                continue
            if m[2]:
                ok = x.acceleration != 0 and (m[1], m[3], m[4]) == (
                    number(x.pairing), number(x.points), number(x.acceleration))
            else:
                ok = m[1] == number(x.points) and not x.acceleration
            yield "truth-points", m[0], ok, f"{number(x.points)} points, acceleration {number(x.acceleration)}"
        for m in self._FLOAT.finditer(text):
            who = m[1] or m[5]
            n = int(who) if who else player
            if n is None:
                continue
            got = self.float_of(n, opponent_of(n))
            role = m[3] or m[7] or ""
            said = role[: -len("floater")] if role.endswith("floater") else role[: -len("float")]
            yield "truth-float", m[0], got == said, got or "no float"
