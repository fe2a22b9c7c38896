"""C.3 and C.10: the requirements of a bracket and the order C.10 lowers them in.

C.10's "restart from C.3.x" re-sets every requirement set after C.3.x, so the float
requirements behave as a binary counter (B.6 for upfloaters the lowest digit, then B.5 up,
B.6 down, B.5 down), inside the X/Z steps of C.10.e (Z from Z1 up to X, then X + 1 with Z
reset), inside A.7.d (odd rounds), inside B.2 (top scorers, last round).
"""

from __future__ import annotations

from ...records import dataclass


@dataclass(frozen=True)
class Level:
    """The requirements in force (C.3): True = the criterion is required."""

    b2: bool = True
    a7d: bool = False
    x: int = 0
    z: int | None = None
    b5d: bool = False
    b6d: bool = False
    b5u: bool = False
    b6u: bool = False
    step: str = "C.3"
    #: C.10's last sentence ("Any criterion may be dropped only for the minimum number of
    #: pairs in the score bracket"): for criteria this level drops, the most pairs (players
    #: left over, for downfloaters) that may break each, as ((field, n), ...); a criterion
    #: dropped without one here is not counted (the first search of the level, whose
    #: candidate ``minimum`` then counts)
    caps: tuple = ()

    def facts(self, p: int) -> dict:
        d = {"P": p, "X": self.x, "B.2": self.b2}
        if self.z is not None:
            d["Z"] = self.z
        d["A.7.d"] = self.a7d
        d.update({"B.5-down": self.b5d, "B.6-down": self.b6d,
                  "B.5-up": self.b5u, "B.6-up": self.b6u})
        for name, n in self.caps:
            d[f"{CAP_FACT[name]} at most"] = n
        return d

    def cap(self, name: str) -> int | None:
        """The cap of the criterion ``name`` (a field), or None."""
        for c, n in self.caps:
            if c == name:
                return n
        return None


#: the requirement each capped field is, as the facts name it
CAP_FACT = {"b2": "B.2", "a7d": "A.7.d", "b5d": "B.5-down", "b6d": "B.6-down", "b5u": "B.5-up",
            "b6u": "B.6-up"}
#: C.10's last sentence: the order in which the numbers of breaches of the criteria a level
#: dropped are made least (reading c10-fewest-order): "importance", the most important
#: first (B.2 absolute above A.7.d, then B.5 above B.6 "in descending priority", the
#: downfloaters' criteria above the upfloaters', as C.10 drops them after), the reverse of
#: the order C.10 drops them in; "dropping", C.10's own order (C.10.a's B.6 for upfloaters
#: first, C.10.g's B.2 last)
DROPPED_ORDERS = {"importance": ("b2", "a7d", "b5d", "b6d", "b5u", "b6u"),
                  "dropping": ("b6u", "b5u", "b6d", "b5d", "a7d", "b2")}


class Levels:
    """C.3's requirements and C.10's lowering steps."""

    def c10_levels(self, b, het: bool, down: bool):
        """C.3 then C.10's lowering steps in order, as Levels (each with the step that
        made it), for the bracket ``b`` at its P1, X1, Z1: ``het`` a heterogeneous bracket
        (B.5/B.6 for upfloaters), ``down`` one that produces downfloaters (C.3.e/f)."""
        p1, x1, z1, top = b.p1, b.x1, b.z1, b.top
        bits = [c for c, on in (("b6u", het), ("b5u", het), ("b6d", down), ("b5d", down)) if on]
        labels = {"b6u": "C.10.a", "b5u": "C.10.b", "b6d": "C.10.c", "b5d": "C.10.d"}
        first = True
        for b2 in ((True, False) if top else (True,)):
            for a7d in ((True, False) if self.odd_round and self.a7d_forbids else (False,)):
                x, z = x1, z1
                while True:
                    for v in range(1 << len(bits)):
                        off = {bits[i] for i in range(len(bits)) if v >> i & 1}
                        if first:
                            step = "C.3"
                        elif v:
                            step = labels[bits[(v & -v).bit_length() - 1]]
                        elif (x, z) != (x1, z1):
                            step = "C.10.e"
                        elif not a7d and self.odd_round and self.a7d_forbids:
                            step = "C.10.f"
                        else:
                            step = "C.10.g"
                        first = False
                        yield Level(b2=b2, a7d=a7d, x=x, z=z, b5d="b5d" in bits and "b5d" not in off,
                                    b6d="b6d" in bits and "b6d" not in off,
                                    b5u="b5u" in bits and "b5u" not in off,
                                    b6u="b6u" in bits and "b6u" not in off, step=step)
                    # C.10.e
                    if z is None:
                        if x < p1:
                            x += 1
                            continue
                        break
                    if z < x:
                        z += 1
                        continue
                    if z == x and x < p1:
                        x, z = x + 1, z1
                        continue
                    break
