"""The functions :mod:`noahrules.values` generates show their source where Python looks for it:
in tracebacks, in debuggers and to :func:`inspect.getsource`."""

from __future__ import annotations

import inspect
import traceback

import pytest
from attrs import frozen

from noahrules import ferry, island
from noahrules.values import draft_type, maker, replacer


@frozen(weakref_slot=False)
class Point:
    """A small frozen value to generate functions for."""

    x: int
    y: int


@frozen(weakref_slot=False)
class Holder:
    """A value with a part, as a state holds its table."""

    point: Point
    label: str


def test_an_error_inside_a_generated_function_shows_its_line_in_the_traceback() -> None:
    replace = replacer(Point)
    with pytest.raises(AttributeError) as caught:
        replace(object(), x=1)  # the generated line reads the missing y
    text = "".join(traceback.format_exception(caught.value))
    assert "<noahrules.values replacer tests.test_values.Point #" in text
    assert "return make(o.x if x is _keep else x, o.y if y is _keep else y)" in text


def test_a_drafts_generated_methods_show_their_source() -> None:
    draft = draft_type(Holder, "point", ("extra",))
    with pytest.raises(AttributeError) as caught:
        draft(object(), None)
    assert "    t = s.point\n" in "".join(traceback.format_exception(caught.value))
    freeze = inspect.getsource(draft.freeze)  # type: ignore[attr-defined]
    assert freeze == (
        "def freeze(self):\n    return make_outer(make_inner(self.x, self.y), self.label)\n"
    )


def test_getsource_of_a_maker_is_its_generated_source() -> None:
    assert inspect.getsource(maker(Point)) == (
        "def make(x, y):\n    o = new(twin)\n    o.x = x\n    o.y = y\n"
        "    o.__class__ = cls\n    return o\n"
    )


def test_classes_of_one_name_keep_sources_of_their_own() -> None:
    ferry_source = inspect.getsource(maker(ferry.State))
    island_source = inspect.getsource(maker(island.State))
    assert "o.hands = hands" in ferry_source and "o.hands" not in island_source
    assert "o.dealt = dealt" in island_source and "o.dealt" not in ferry_source
