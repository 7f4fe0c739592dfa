"""The layout of an observation vector: named slices with shapes, bounds and meanings.

An observation is one flat ``float32`` vector; its :class:`Layout` names each piece of it
(:class:`Field`), so a network, a test or a person can read ``layout.split(obs)["hand"]``. A
field may be a table whose rows are records of named columns (a row per dock: its load, its
capacity, ...); each column is named ``field.column`` (``"docks.load"``). The layout tables of
the documentation are rendered from these values (:meth:`Layout.table`), never by hand.
"""

from __future__ import annotations

import itertools
import math
from array import array
from collections.abc import Iterator, Mapping

import numpy as np
import numpy.typing as npt
from attrs import evolve, field, frozen

__all__ = [
    "Column",
    "Field",
    "Layout",
    "Observation",
    "column",
    "observation_over",
    "record",
    "vector",
    "zeros",
]

Observation = npt.NDArray[np.float32]
"""A flat ``float32`` observation vector."""
_FLOAT32 = np.dtype(np.float32)


def zeros(size: int) -> array[float]:
    """``size`` zeros as single-precision floats, an ``array('f')``: the parts an encoder
    writes, whose item stores cost a fraction of NumPy's."""
    return array("f", bytes(4 * size))


def observation_over(buffer: bytearray) -> Observation:
    """An observation over the single-precision floats of ``buffer``, without copying them
    (``np.ndarray`` over the buffer takes half the time of ``np.frombuffer``)."""
    return np.ndarray((len(buffer) // 4,), _FLOAT32, buffer)


@frozen
class Column:
    """A named run of values in each row of a record field."""

    name: str
    width: int
    high: float
    """The largest value any element takes (the smallest is 0)."""
    doc: str


@frozen
class Field:
    """One named slice of an observation: ``obs[start:start + size]``, read as ``shape``.

    A record field's last axis is split into :attr:`columns`; its ``high`` is their
    largest."""

    name: str
    shape: tuple[int, ...]
    high: float
    """The largest value any element takes (the smallest is 0)."""
    doc: str
    columns: tuple[Column, ...] = ()
    start: int = 0

    @property
    def size(self) -> int:
        """How many elements the slice holds."""
        return math.prod(self.shape)

    @property
    def stop(self) -> int:
        """One past the slice's last element."""
        return self.start + self.size


def vector(name: str, shape: tuple[int, ...], high: float, doc: str) -> Field:
    """A field of ``shape`` whose values lie in ``0 .. high``."""
    return Field(name, shape, float(high), doc)


def column(name: str, width: int, high: float, doc: str) -> Column:
    """A column of a record field: ``width`` values in ``0 .. high``."""
    return Column(name, width, float(high), doc)


def record(name: str, rows: int, doc: str, *columns: Column) -> Field:
    """A field of ``rows`` rows, each made of ``columns`` side by side."""
    width = sum(c.width for c in columns)
    return Field(name, (rows, width), max(c.high for c in columns), doc, columns)


@frozen
class Layout:
    """The fields of an observation, in order; build it with :meth:`of`."""

    fields: tuple[Field, ...]
    size: int
    _by_name: dict[str, Field] = field(eq=False, repr=False)
    _starts: tuple[int, ...] = field(eq=False, repr=False)

    @classmethod
    def of(cls, *fields: Field) -> Layout:
        """The layout of ``fields`` laid end to end; fields of size 0 are left out."""
        placed = []
        start = 0
        for f in fields:
            if f.size:
                placed.append(evolve(f, start=start))
                start += f.size
        by_name = {f.name: f for f in placed}
        if len(by_name) != len(placed):
            raise ValueError("two fields of a layout share a name")
        return cls(tuple(placed), start, by_name, tuple(f.start for f in placed))

    def __getitem__(self, name: str) -> Field:
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no field '{name}'; fields: {', '.join(self._by_name)}") from None

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[Field]:
        return iter(self.fields)

    def offset(self, name: str) -> int:
        """Where the field ``name`` starts."""
        return self[name].start

    def column(self, name: str, column: str) -> tuple[int, int]:
        """Where the column ``column`` starts in each row of the record field ``name``, and
        the width of a row."""
        f = self[name]
        start = 0
        for c in f.columns:
            if c.name == column:
                return start, f.shape[-1]
            start += c.width
        raise KeyError(f"the field '{name}' has no column '{column}'")

    def run(self, *names: str) -> int:
        """Where the fields ``names`` start, checking that they lie end to end in this order
        (so an encoder may write them as one run of values)."""
        fields = [self[name] for name in names]
        for before, after in itertools.pairwise(fields):
            if before.stop != after.start:
                raise ValueError(f"the fields '{before.name}' and '{after.name}' are not adjacent")
        return fields[0].start

    def high(self) -> Observation:
        """The upper bound of every element (for a ``Box`` space; the lower bound is 0)."""
        high = np.zeros(self.size, np.float32)
        for f in self.fields:
            if f.columns:
                row = np.concatenate([np.full(c.width, c.high, np.float32) for c in f.columns])
                high[f.start : f.stop] = np.tile(row, f.size // len(row))
            else:
                high[f.start : f.stop] = f.high
        return high

    def split(self, observation: Observation) -> Mapping[str, Observation]:
        """The fields of ``observation`` by name, each a view of it in the field's shape, and
        the columns of record fields as ``"field.column"`` (rows by values)."""
        if observation.shape != (self.size,):
            raise ValueError(f"an observation of {self.size} values, not {observation.shape}")
        parts = {}
        for f in self.fields:
            values = observation[f.start : f.stop].reshape(f.shape)
            parts[f.name] = values
            start = 0
            for c in f.columns:
                parts[f"{f.name}.{c.name}"] = values[..., start : start + c.width]
                start += c.width
        return parts

    def describe(self, observation: Observation) -> str:
        """The non-zero entries of ``observation`` as text, one line per field that has
        some: ``hand: 3 17 22`` (indexes within the field, flat, and ``=value`` unless 1)."""
        nonzero = np.flatnonzero(observation)
        fields = np.searchsorted(self._starts, nonzero, side="right") - 1
        lines: dict[int, list[str]] = {}
        for i, f, value in zip(
            nonzero.tolist(), fields.tolist(), observation[nonzero].tolist(), strict=True
        ):
            offset = i - self._starts[f]
            lines.setdefault(f, []).append(
                str(offset) if value == 1.0 else f"{offset}={_number(value)}"
            )
        return "\n".join(f"{self.fields[f].name}: {' '.join(e)}" for f, e in lines.items())

    def table(self) -> str:
        """The layout as a Markdown table: slice, name, shape, bound, meaning."""
        rows = ["| slice | field | shape | max | meaning |", "| --- | --- | --- | --- | --- |"]
        for f in self.fields:
            shape = " x ".join(map(str, f.shape))
            rows.append(
                f"| {f.start}:{f.stop} | `{f.name}` | {shape} | {_number(f.high)} | {f.doc} |"
            )
            start = 0
            for c in f.columns:
                where = f"[..., {start}:{start + c.width}]"
                rows.append(
                    f"| {where} | `{f.name}.{c.name}` | {c.width} | {_number(c.high)} | {c.doc} |"
                )
                start += c.width
        return "\n".join(rows)


def _number(value: float) -> str:
    return str(int(value)) if value.is_integer() else str(value)
