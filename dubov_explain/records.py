"""Record classes: the part of the standard :mod:`dataclasses` this package uses, made cheaply.

Why not :mod:`dataclasses` itself: on Python 3.11 it compiles every generated method with
its own ``exec`` and reads each class's signature with :mod:`inspect` (whose import brings
``ast``, ``dis`` and ``tokenize``).  A plain ``pair`` defines some fifty record classes
(events, the tournament model, standings) and spent about a fifth of its whole process
doing that (issue 16: a 999-player round within 1.5x the C++ witness).  Here each class's
methods are one generated source, compiled once, and nothing else is imported.

What it supports is what the package writes, with the standard semantics (names and
behaviour as :mod:`dataclasses`, so ``@dataclass(frozen=True)`` reads as it always did):

* ``@dataclass``, ``@dataclass(frozen=True)``, ``@dataclass(frozen=True, slots=True)``;
  fields from the class's own annotations in order after the inherited ones (a subclass
  may give an inherited field a new default), ``ClassVar`` annotations skipped;
* ``field(default=..., default_factory=..., compare=..., hash=..., repr=...)``;
* generated ``__init__`` (then ``__post_init__`` if the class has one), ``__repr__``,
  ``__eq__`` (same class, fields with ``compare``), ``__hash__`` (frozen: the fields with
  ``hash``, else ``compare``; not frozen: unhashable), frozen ``__setattr__`` /
  ``__delattr__`` raising :class:`FrozenInstanceError`; a method the class defines itself
  is kept, as :mod:`dataclasses` keeps it;
* ``fields``, ``replace`` and ``asdict``, which also accept standard dataclasses.

Anything else (``order``, ``InitVar``, ``KW_ONLY``, ``init=False`` fields...) is refused
with a ``TypeError`` when the class is defined, not silently ignored.
``tests/test_records.py`` checks every record class of the package against what
:mod:`dataclasses` makes of the same class body.
"""

from __future__ import annotations

from operator import attrgetter

__all__ = ["MISSING", "Field", "FrozenInstanceError", "asdict", "dataclass", "field",
           "fields", "is_record", "replace"]


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING = _Missing()
_FIELDS = "__record_fields__"


class FrozenInstanceError(AttributeError):
    """Assigning to a field of a frozen record (as ``dataclasses.FrozenInstanceError``)."""


class Field:
    __slots__ = ("name", "default", "default_factory", "compare", "hash", "repr")

    def __init__(self, default=MISSING, default_factory=MISSING, compare=True, hash=None,
                 repr=True):
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.compare = compare
        self.hash = hash
        self.repr = repr

    def _copy(self, name: str) -> "Field":
        f = Field(self.default, self.default_factory, self.compare, self.hash, self.repr)
        f.name = name
        return f

    def __repr__(self) -> str:
        return (f"Field(name={self.name!r}, default={self.default!r}, "
                f"default_factory={self.default_factory!r}, compare={self.compare!r}, "
                f"hash={self.hash!r}, repr={self.repr!r})")


def field(*, default=MISSING, default_factory=MISSING, compare=True, hash=None, repr=True):
    return Field(default, default_factory, compare, hash, repr)


def _is_classvar(annotation) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


_MUTABLE_DEFAULTS = (list, dict, set)


def dataclass(cls=None, /, *, frozen: bool = False, slots: bool = False, **unsupported):
    if unsupported:
        raise TypeError(f"records: unsupported dataclass option(s) {sorted(unsupported)}")

    def wrap(c):
        return _process(c, frozen, slots)

    return wrap if cls is None else wrap(cls)


def _process(cls, frozen: bool, slots: bool):
    inherited: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        if "__dataclass_fields__" in base.__dict__:
            raise TypeError(f"records: {cls.__name__} subclasses the standard dataclass "
                            f"{base.__name__}; make both records")
        base_fields = base.__dict__.get(_FIELDS)
        if base_fields is not None:
            for f in base_fields:
                inherited[f.name] = f
    own = cls.__dict__.get("__annotations__", {})
    all_fields = dict(inherited)
    for name, annotation in own.items():
        if _is_classvar(annotation):
            continue
        if isinstance(annotation, str) and annotation.split("[")[0].split(".")[-1] in (
                "InitVar", "KW_ONLY"):
            raise TypeError(f"records: {cls.__name__}.{name}: {annotation} is not supported")
        value = cls.__dict__.get(name, MISSING)
        if isinstance(value, Field):
            f = value._copy(name)
        else:
            if isinstance(value, _MUTABLE_DEFAULTS):
                raise ValueError(f"mutable default {type(value)} for field {name} is not "
                                 "allowed: use default_factory")
            f = Field(default=value)
            f.name = name
        all_fields[name] = f
    flist = tuple(all_fields.values())
    seen_default = False
    for f in flist:
        has_default = f.default is not MISSING or f.default_factory is not MISSING
        if seen_default and not has_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
        seen_default = seen_default or has_default

    # class attributes as dataclasses leaves them: the plain default, no Field objects
    for name in own:
        value = cls.__dict__.get(name, MISSING)
        if isinstance(value, Field):
            if value.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, value.default)

    if slots:
        cls = _with_slots(cls, flist, own)
    setattr(cls, _FIELDS, flist)
    _add_methods(cls, flist, frozen)
    if frozen and slots:
        if "__getstate__" not in cls.__dict__:
            cls.__getstate__ = _slots_getstate
        if "__setstate__" not in cls.__dict__:
            cls.__setstate__ = _slots_setstate
    return cls


def _with_slots(cls, flist: tuple, own: dict):
    body = dict(cls.__dict__)
    names = tuple(f.name for f in flist if f.name in own)
    for name in names:
        body.pop(name, None)
    body.pop("__dict__", None)
    body.pop("__weakref__", None)
    body["__slots__"] = names
    qualname = getattr(cls, "__qualname__", None)
    new = type(cls)(cls.__name__, cls.__bases__, body)
    if qualname is not None:
        new.__qualname__ = qualname
    return new


def _slots_getstate(self):
    return [getattr(self, f.name) for f in getattr(self, _FIELDS)]


def _slots_setstate(self, state):
    for f, value in zip(getattr(self, _FIELDS), state):
        object.__setattr__(self, f.name, value)


def _add_methods(cls, flist: tuple, frozen: bool) -> None:
    """``__init__`` is compiled on the class's first instance (a run makes instances of
    few of the classes it defines); the other methods are closures over the field names."""
    d = cls.__dict__
    names = tuple(f.name for f in flist)
    if "__init__" not in d:
        def __init__(self, *args, **kwargs):
            init = _make_init(cls, flist, frozen)
            cls.__init__ = init
            init(self, *args, **kwargs)

        _put(cls, "__init__", __init__)
    if "__repr__" not in d:
        shown = tuple(f.name for f in flist if f.repr)

        def __repr__(self):
            inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in shown)
            return f"{self.__class__.__qualname__}({inner})"

        _put(cls, "__repr__", __repr__)
    if "__eq__" not in d:
        key = _getter(tuple(f.name for f in flist if f.compare))

        def __eq__(self, other):
            if other.__class__ is self.__class__:
                return key(self) == key(other)
            return NotImplemented

        _put(cls, "__eq__", __eq__)
    class_hash = d.get("__hash__", MISSING)
    explicit_hash = not (class_hash is MISSING or (class_hash is None and "__eq__" in d))
    if frozen:
        if not explicit_hash:
            hkey = _getter(tuple(f.name for f in flist
                                 if (f.compare if f.hash is None else f.hash)))

            def __hash__(self):
                return hash(hkey(self))

            _put(cls, "__hash__", __hash__)
        for meth in ("__setattr__", "__delattr__"):
            if meth in d:
                raise TypeError(f"Cannot overwrite attribute {meth} in class {cls.__name__}")
        fieldset = frozenset(names)

        def __setattr__(self, name, value):
            if type(self) is cls or name in fieldset:
                raise FrozenInstanceError(f"cannot assign to field {name!r}")
            super(cls, self).__setattr__(name, value)

        def __delattr__(self, name):
            if type(self) is cls or name in fieldset:
                raise FrozenInstanceError(f"cannot delete field {name!r}")
            super(cls, self).__delattr__(name)

        _put(cls, "__setattr__", __setattr__)
        _put(cls, "__delattr__", __delattr__)
    elif not explicit_hash:
        cls.__hash__ = None


def _put(cls, name: str, fn) -> None:
    fn.__qualname__ = f"{cls.__qualname__}.{name}"
    setattr(cls, name, fn)


def _getter(names: tuple):
    """The tuple of the fields ``names`` of an instance (``(v,)`` for one, ``()`` for none)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _make_init(cls, flist: tuple, frozen: bool):
    namespace: dict = {"MISSING": MISSING, "object": object}
    params, body = [], []
    for i, f in enumerate(flist):
        n = f.name
        if f.default_factory is not MISSING:
            namespace[f"_f{i}"] = f.default_factory
            params.append(f"{n}=MISSING")
            value = f"_f{i}() if {n} is MISSING else {n}"
        else:
            if f.default is not MISSING:
                namespace[f"_d{i}"] = f.default
                params.append(f"{n}=_d{i}")
            else:
                params.append(n)
            value = n
        body.append(f"  object.__setattr__(self, {n!r}, {value})" if frozen
                    else f"  self.{n} = {value}")
    if hasattr(cls, "__post_init__"):
        body.append("  self.__post_init__()")
    source = "\n".join([f"def __init__(self{''.join(', ' + p for p in params)}):"]
                       + (body or ["  pass"]))
    exec(compile(source, f"<record {cls.__qualname__}>", "exec"), namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


def is_record(obj) -> bool:
    return hasattr(obj, _FIELDS)


def fields(obj) -> tuple:
    """The fields of a record class or instance (or of a standard dataclass)."""
    found = getattr(obj, _FIELDS, None)
    if found is not None:
        return found
    import dataclasses

    return dataclasses.fields(obj)


def replace(obj, /, **changes):
    """A copy of a record (or a standard dataclass) with ``changes`` applied."""
    found = getattr(obj, _FIELDS, None)
    if found is None:
        import dataclasses

        return dataclasses.replace(obj, **changes)
    for f in found:
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def asdict(obj) -> dict:
    """A record (or a standard dataclass) as a dict, recursively, as ``dataclasses.asdict``."""
    if getattr(obj, _FIELDS, None) is None:
        import dataclasses

        return dataclasses.asdict(obj)
    return _asdict(obj)


def _asdict(value):
    if getattr(value, _FIELDS, None) is not None and not isinstance(value, type):
        return {f.name: _asdict(getattr(value, f.name)) for f in getattr(value, _FIELDS)}
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return type(value)(*[_asdict(v) for v in value])
    if isinstance(value, (list, tuple)):
        return type(value)(_asdict(v) for v in value)
    if isinstance(value, dict):
        return type(value)((_asdict(k), _asdict(v)) for k, v in value.items())
    import copy

    return copy.deepcopy(value)
