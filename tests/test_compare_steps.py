"""`compare --steps DIR` (issue 24): each cited decision of the compare page linked to its
step on the side's step-through page, and, for two rulebooks, a "Where they part" sentence
naming the first deciding decision of each side with its own article.

Checked against the data of the comparison (``explain.compare``): each link's step is the
event the page cites there, the step exists on the page written, and the parting events
are the earliest deciding decisions of each side.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dubov_explain import app
from dubov_explain.cli import main
from dubov_explain.explain.compare import compare_sides

ROOT = Path(__file__).resolve().parents[1]
CASE = ROOT / "golden" / "dutch-2026" / "cases" / "reading-c14-downfloaters.trf"
SIDES = ("dubov-2026", "dutch-2026")


def comparison():
    t = app.read_tournament(str(CASE), None)
    reqs = [app.prepare(t, system=s) for s in SIDES]
    return compare_sides(reqs[0].tournament, *((s, r.rulebook.readings()) for s, r in zip(SIDES, reqs)))


def test_every_cited_event_links_to_its_step(tmp_path, capsys):
    out = tmp_path / "compare.md"
    assert main(["compare", str(CASE), "--system", SIDES[0], "--system", SIDES[1], "--format", "md",
                 "-o", str(out), "--steps", str(tmp_path / "steps")]) == 0
    md = out.read_text()
    c = comparison()
    pages = {side: (tmp_path / "steps" / f"{side}-steps.html").read_text() for side in ("left", "right")}
    links = re.findall(r"\[(?:event|Event) (\d+)\]\(steps/(left|right)-steps\.html#step-(\d+)\)", md)
    assert len(links) >= 2 * len(c.players)
    for shown, side, step in links:
        assert shown == step and f'id="step-{step}"' in pages[side]
    # each decision cell: the event linked is the one the comparison names for that player,
    # and its kind and article are the event's own
    for d in c.players:
        for side, step in (("left", d.left_step), ("right", d.right_step)):
            if step is None:
                continue
            e = (c.left if side == "left" else c.right).trace.events[step]
            cell = f"[event {step + 1}](steps/{side}-steps.html#step-{step + 1}), {e.kind} ({e.article})"
            assert cell in md, cell


def test_where_they_part_names_each_sides_first_deciding_decision():
    from dubov_explain.render.compare import render

    c = comparison()
    assert not c.same_system and c.players
    md = " ".join(render(c, "md", steps=("l.html", "r.html")).split())
    firsts = [min(getattr(d, f"{name}_step") for d in c.players if getattr(d, f"{name}_step") is not None)
              for name in ("left", "right")]
    el, er = c.left.trace.events[firsts[0]], c.right.trace.events[firsts[1]]
    assert "## Where they part" in render(c, "md")
    assert (f"The two procedures part first, on the left, at [event {firsts[0] + 1}](l.html#step-{firsts[0] + 1}) "
            f"({el.kind}, Article {el.article} of {SIDES[0]})") in md
    assert f"on the right, at [event {firsts[1] + 1}](r.html#step-{firsts[1] + 1}) ({er.kind}, Article {er.article} of " \
           f"{SIDES[1]})" in md
    # whom it decided for: exactly the players whose deciding decision it is
    who = sorted(d.player for d in c.players if d.left_step == firsts[0])
    assert f"deciding for {'player' if len(who) == 1 else 'players'} {', '.join(map(str, who))};" in md
    text = render(c, "text")
    assert "Where they part:" in text and f"at event {firsts[0] + 1} ({el.kind}" in " ".join(text.split())


def test_steps_needs_a_page_that_can_link(tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        main(["compare", str(CASE), "--system", SIDES[0], "--system", SIDES[1], "--steps", str(tmp_path)])
    assert e.value.code != 0 and "--format md or html" in capsys.readouterr().err
