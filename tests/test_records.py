"""``dubov_explain.records`` against the standard ``dataclasses`` it stands in for.

Two checks: (1) the same class bodies, made by both, behave the same (fields, ``repr``,
``==``, ``hash``, frozen assignment, ``replace``, pickling, ``__post_init__``, inherited
fields and defaults); (2) every record class of the package has the fields, defaults and
flags the standard decorator would give it (a subprocess imports the whole package with
the standard ``dataclass`` and ``field`` in place of ours), and no class subclasses a
record without being one."""

from __future__ import annotations

import dataclasses
import importlib
import json
import pickle
import pkgutil
import subprocess
import sys
import textwrap
import types

import pytest

import dubov_explain
from dubov_explain import records

BODIES = {
    "frozen": """
        @dataclass(frozen=True)
        class Base:
            kind: ClassVar[str] = "base"
            article: str

        @dataclass(frozen=True)
        class A(Base):
            kind: ClassVar[str] = "a"
            n: int
            items: tuple = ()
            note: str = field(default="", compare=False)
            extra: dict = field(default_factory=dict, compare=False, hash=False)
            seen: tuple = field(default_factory=tuple)
    """,
    "slots": """
        @dataclass(frozen=True, slots=True)
        class A:
            number: int
            name: str
            points: int = 0
            written: str = field(default="", compare=False)

            @property
            def label(self):
                return f"{self.number} {self.name}"
    """,
    "mutable": """
        @dataclass
        class A:
            n: int
            pairs: list = field(default_factory=list)
            bag: set = field(default_factory=set)
            flag: bool = False
    """,
    "post-init": """
        @dataclass(frozen=True)
        class A:
            players: tuple
            top: int = 0

            def __post_init__(self):
                object.__setattr__(self, "_idx", {p: i for i, p in enumerate(self.players)})

            def index(self, p):
                return self._idx[p]
    """,
    "override-default": """
        @dataclass(frozen=True)
        class Base:
            a: int
            b: int = 1

        @dataclass(frozen=True)
        class A(Base):
            b: int = 7
            c: str = "x"
    """,
    "explicit-methods": """
        @dataclass(frozen=True)
        class A:
            a: int
            b: int = 0

            def __eq__(self, other):
                return isinstance(other, A) and self.a == other.a

            def __hash__(self):
                return hash(self.a)

            def __repr__(self):
                return f"A<{self.a}>"
    """,
}

SAMPLES = {
    "frozen": [dict(article="1.1", n=3), dict(article="1.1", n=3, items=(1, 2), note="x"),
               dict(article="2", n=3, extra={"k": 1}), dict(article="1.1", n=4)],
    "slots": [dict(number=1, name="A"), dict(number=1, name="A", written="w"),
              dict(number=2, name="B", points=3)],
    "mutable": [dict(n=1), dict(n=1, pairs=[(1, 2)]), dict(n=2, flag=True)],
    "post-init": [dict(players=(3, 1, 2)), dict(players=(3, 1, 2), top=1)],
    "override-default": [dict(a=1), dict(a=1, b=7), dict(a=2, b=3, c="y")],
    "explicit-methods": [dict(a=1), dict(a=1, b=5), dict(a=2)],
}


def _make(body: str, std: bool) -> dict:
    mod = types.ModuleType(f"records_case_{'std' if std else 'ours'}")
    sys.modules[mod.__name__] = mod  # the standard dataclasses look ClassVar up there
    ns = mod.__dict__
    if std:
        ns.update(dataclass=dataclasses.dataclass, field=dataclasses.field)
    else:
        ns.update(dataclass=records.dataclass, field=records.field)
    exec(compile("from __future__ import annotations\nfrom typing import ClassVar\n"
                 + textwrap.dedent(body), "<case>", "exec"), ns)
    return ns


def _field_facts(cls) -> list:
    return [(f.name, repr(f.default), repr(f.default_factory), f.compare, f.hash, f.repr)
            for f in records.fields(cls)]


@pytest.mark.parametrize("case", sorted(BODIES))
def test_same_behaviour_as_the_standard_dataclasses(case):
    std, ours = _make(BODIES[case], True), _make(BODIES[case], False)
    S, O = std["A"], ours["A"]
    assert records.is_record(O) and not records.is_record(S)
    assert [(f.name, f.compare, f.hash, f.repr) for f in dataclasses.fields(S)] == \
        [(f.name, f.compare, f.hash, f.repr) for f in records.fields(O)]
    made = [(S(**kw), O(**kw)) for kw in SAMPLES[case]]
    for s, o in made:
        assert repr(s).replace("records_case_std", "") == repr(o)
        assert pickle.loads(pickle.dumps(o)) == o
        assert records.replace(o) == o and records.replace(o) is not o
        first = dataclasses.fields(S)[0].name
        assert records.replace(o, **{first: getattr(s, first)}) == o
        assert (S.__hash__ is None) == (O.__hash__ is None)
        if S.__hash__ is not None:
            assert hash(s) == hash(o)
        if dataclasses.is_dataclass(s) and S.__dataclass_params__.frozen:
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(s, first, 1)
            with pytest.raises(records.FrozenInstanceError):
                setattr(o, first, 1)
            with pytest.raises(AttributeError):
                delattr(o, first)
        assert records.asdict(o) == dataclasses.asdict(s)
    for i, (s1, o1) in enumerate(made):
        for s2, o2 in made[i:]:
            assert (s1 == s2) == (o1 == o2)
            assert (s1 != s2) == (o1 != o2)
    assert (O.__dict__.get("__slots__") is None) == (S.__dict__.get("__slots__") is None)
    if case == "post-init":
        assert made[0][1].index(1) == made[0][0].index(1) == 1


def test_refuses_what_it_does_not_support():
    with pytest.raises(TypeError):
        records.dataclass(order=True)
    with pytest.raises(TypeError):
        _make("""
            @dataclass
            class A:
                a: int = 1
                b: int
        """, False)
    with pytest.raises(ValueError):
        _make("""
            @dataclass
            class A:
                a: list = []
        """, False)
    with pytest.raises(TypeError):
        _make("""
            import dataclasses as std
            @std.dataclass
            class B:
                a: int
            @dataclass
            class A(B):
                b: int
        """, False)


def _modules() -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages(dubov_explain.__path__, "dubov_explain.")
                  if not m.name.endswith("__main__"))


CENSUS = """
import dataclasses, importlib, json, sys
import dubov_explain.records as r
r.dataclass = dataclasses.dataclass
r.field = dataclasses.field
out = {}
def show(v):
    return "MISSING" if v is dataclasses.MISSING else repr(v)
for name in json.loads(sys.argv[1]):
    mod = importlib.import_module(name)
    for obj in vars(mod).values():
        if isinstance(obj, type) and "__dataclass_fields__" in vars(obj) \
                and obj.__module__ == name:
            out[f"{name}.{obj.__qualname__}"] = [
                (f.name, show(f.default), show(f.default_factory), f.compare, f.hash, f.repr)
                for f in dataclasses.fields(obj)] + [("slots", "__slots__" in vars(obj)),
                ("frozen", obj.__dataclass_params__.frozen)]
print(json.dumps(out))
"""


def test_every_record_class_of_the_package_is_what_dataclasses_would_make():
    names = _modules()
    std = json.loads(subprocess.run([sys.executable, "-c", CENSUS, json.dumps(names)],
                                    capture_output=True, text=True, check=True).stdout)
    ours = {}
    for name in names:
        mod = importlib.import_module(name)
        for obj in vars(mod).values():
            if isinstance(obj, type) and "__record_fields__" in vars(obj) \
                    and obj.__module__ == name:
                frozen = "__setattr__" in vars(obj) and "FrozenInstanceError" in \
                    obj.__setattr__.__globals__
                ours[f"{name}.{obj.__qualname__}"] = [list(x) for x in _field_facts(obj)] + [
                    ["slots", "__slots__" in vars(obj)], ["frozen", frozen]]
    assert len(ours) > 100
    assert ours == {k: [list(x) for x in v] for k, v in std.items()}


def test_no_class_adds_fields_to_a_record_without_being_one():
    """A subclass of a record that declares fields must be decorated too (a plain subclass
    only sets class attributes, as the rulebooks' ``Readings`` do)."""
    for name in _modules():
        importlib.import_module(name)
    bad = []
    roots = set()
    for mod in list(sys.modules.values()):
        if getattr(mod, "__name__", "").startswith("dubov_explain"):
            for obj in vars(mod).values():
                if isinstance(obj, type) and records.is_record(obj):
                    roots.add(obj)
    for cls in roots:
        for sub in cls.__subclasses__():
            own = [a for a, t in vars(sub).get("__annotations__", {}).items()
                   if not str(t).startswith("ClassVar")]
            if "__record_fields__" not in vars(sub) and own:
                bad.append(f"{sub.__module__}.{sub.__qualname__}")
    assert len(roots) > 100 and not bad


def test_the_package_declares_records_through_records_only():
    """A class made by the standard decorator would not mix with records (a record
    subclass would lose its fields), and would bring the import cost back."""
    import re
    from pathlib import Path

    root = Path(dubov_explain.__file__).parent
    offenders = [str(p.relative_to(root)) for p in sorted(root.rglob("*.py"))
                 if p.name != "records.py"
                 and re.search(r"^\s*(from dataclasses import|import dataclasses)",
                               p.read_text(encoding="utf-8"), re.M)]
    assert offenders == []
