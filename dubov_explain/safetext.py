"""Terminal-safe text: the one place that decides which characters of user data (player
names, the ``012`` title, any free text read from a file) may reach a terminal, a Markdown
or an HTML page as they are.

A TRF is text from somebody else's program.  A name may carry an escape sequence that
retitles the terminal or clears the screen (``ESC ] 0 ; ... BEL``, ``ESC [ 2 J``), a
right-to-left override that makes the line read backwards, or a NUL.  The reader keeps
such text as the file has it (so a file is written back byte for byte, and a real export
with a bidirectional mark still pairs) and warns with the line and column; a NUL is
refused (exit 3), since no export has a reason to hold one and many tools cut a string
there.  Every output meant for a person shows the characters escaped, the way Python
writes them: ``\\x1b``, ``\\x7f``, ``\\u202e``.  JSON keeps its own escapes (``\\u001b``):
:func:`escape_controls` with ``json=True`` writes those, which read back as the same text.

The characters (:data:`UNSAFE`): the C0 controls (U+0000-U+001F, tab and line feed
included; callers that escape a whole document keep ``\\n`` and ``\\t``), DEL (U+007F), the
C1 controls (U+0080-U+009F), the bidirectional controls (U+061C, U+200E, U+200F,
U+202A-U+202E, U+2066-U+2069) and the line and paragraph separators (U+2028, U+2029).
A backslash is not escaped: a name that spells ``\\x1b`` with its own backslash reads
the same as an escaped ESC, which is harmless, and every ordinary name stays as it is.
"""

from __future__ import annotations

import re

__all__ = ["UNSAFE", "escape_controls", "unsafe_characters", "describe"]

_BIDI_AND_SEPARATORS = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029"
#: every character that must not reach a terminal, a Markdown or an HTML page raw
UNSAFE = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI_AND_SEPARATORS}]")
#: the same without line feed and tab: for whole documents, whose lines and tabs are ours
_UNSAFE_IN_DOCUMENT = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI_AND_SEPARATORS}]")


def _python(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def _json(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group()):04x}"


def escape_controls(text: object, *, document: bool = False, json: bool = False) -> str:
    """``text`` with every :data:`UNSAFE` character written as an escape (``\\x1b``,
    ``\\u202e``; with ``json=True`` always ``\\uXXXX``, valid inside a JSON string).

    ``document=True`` keeps line feeds and tabs: for a whole output (a report, a pairing
    file), whose line structure is the program's own.  Text without such a character is
    returned unchanged (the same object when it is a ``str``, so a ``Markup`` stays one).
    """
    s = text if isinstance(text, str) else str(text)
    pattern = _UNSAFE_IN_DOCUMENT if document else UNSAFE
    if pattern.search(s) is None:
        return s
    out = pattern.sub(_json if json else _python, s)
    if type(s) is not str:  # markupsafe.Markup: escaping a control keeps it safe HTML
        return type(s)(out)  # type: ignore[call-arg]
    return out


def unsafe_characters(text: str) -> list[tuple[int, str]]:
    """``[(index, character), ...]`` of the :data:`UNSAFE` characters in ``text``."""
    return [(m.start(), m.group()) for m in UNSAFE.finditer(text)]


def describe(ch: str) -> str:
    """``U+001B (shown as \\x1b)``: a character in the words of a warning."""
    return f"U+{ord(ch):04X} (shown as {escape_controls(ch)})"
