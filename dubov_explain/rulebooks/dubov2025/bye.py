"""2.1.3-2.1.5: the order in which eligible players are offered the pairing-allocated bye.

One home for the order: the engine sorts its candidates by :func:`bye_key` and names the
step that set one candidate before the next with :func:`deciding_step`; ``check`` names the
step that prefers the engine's bye over a published one with the same function.
"""

from __future__ import annotations

from fractions import Fraction

from . import events as ev
from .events import fmt
from .readings import DEFAULT, Readings
from ...tournament.model import places

#: the three ordering steps of 2.1, in the order they are applied
STEPS = ("2.1.3", "2.1.4", "2.1.5")


def games_counted(p, readings: Readings = DEFAULT) -> int:
    """2.1.4: the games that count (reading ``bye-games-played``: played, or paired)."""
    if readings.is_("bye-games-played", "played"):
        return p.games_played
    return p.games_paired


def bye_key(score: Fraction, games: int, initial_rank: int) -> tuple:
    """2.1.3 lowest score, 2.1.4 most games, 2.1.5 lowest ranked: the smallest key first."""
    return (score if type(score) is Fraction else Fraction(score), -games, -initial_rank)


def bye_score(p) -> Fraction:
    """The score 2.1.3 reads: the pairing score, or the real score under the reading
    ``acceleration-bye=real`` (the standings hold the choice)."""
    chosen = getattr(p, "bye_score", None)
    return p.score if chosen is None else chosen


def bye_order_key(p, readings: Readings = DEFAULT) -> tuple:
    """:func:`bye_key` of a player's standing."""
    return bye_key(bye_score(p), games_counted(p, readings), p.initial_rank)


def deciding_step(first: tuple, second: tuple) -> str | None:
    """The step of 2.1.3-2.1.5 at which two :func:`bye_key` s part (None when equal)."""
    for step, a, b in zip(STEPS, first, second):
        if a != b:
            return step
    return None


class ByeSteps:
    """2.1: the state that gives the pairing-allocated bye (a part of the engine)."""

    def assign_bye(self):
        players = self.remaining
        if len(players) % 2 == 0:
            self.emit(ev.ByeNotNeeded(article="1.4.1", players=len(players)))
            m = self.perfect(players)
            if m is None:
                self.impossible(players, "all")
            self.base = m
            return self.next_bracket
        def games(p):
            return games_counted(p, self.readings)

        held = self.compat.forced
        eligible = [self.p(n) for n in players if self.p(n).bye_eligible and n not in held]
        ineligible = tuple(
            (n, bar.kind, bar.round, bar.code)
            for n in players if not self.p(n).bye_eligible and (bar := self.p(n).bye_bar)
        )
        keys = {p.number: bye_order_key(p, self.readings) for p in eligible}
        # the same order as sorting by the keys, with each score replaced by its place
        # among the scores (ints, lowest first), so that the sort compares no Fractions
        at = places({n: k[0] for n, k in keys.items()}, highest_first=False)
        order_ = sorted(eligible, key=lambda p: (at[p.number],) + keys[p.number][1:])
        self.emit(
            ev.ByeCandidates(
                article="2.1",
                ineligible=ineligible,
                order=tuple(p.number for p in order_),
                keys=tuple((p.number, fmt(bye_score(p)), games(p), p.initial_rank)
                           for p in order_),
                held=tuple(n for n in players if n in held and self.p(n).bye_eligible),
            )
        )
        rejected = []
        for i, cand in enumerate(order_):
            rest = [n for n in players if n != cand.number]
            m = self.perfect(rest)
            if m is None:
                rejected.append(cand.number)
                self.emit(
                    ev.ByeRejected(article="2.1.2", player=cand.number, criterion="[C4]")
                )
                continue
            self.base = m
            self.bye = cand.number
            runner = order_[i + 1] if i + 1 < len(order_) else None
            if runner is None:
                step = "2.1.2" if rejected else "2.1.1"
            else:
                step = deciding_step(bye_order_key(cand, self.readings),
                                         bye_order_key(runner, self.readings)) or "2.1.5"
            def key(p):
                return (fmt(bye_score(p)), games(p), p.initial_rank)

            self.emit(
                ev.ByeAssigned(
                    article=step,
                    player=cand.number,
                    decided_by=step,
                    runner_up=runner.number if runner else None,
                    key=key(cand),
                    runner_up_key=key(runner) if runner else (),
                    passed_over=tuple(rejected),
                )
            )
            self.remaining = rest
            return self.next_bracket
        self.impossible(players, "bye")
