"""Reading YAML that may be hostile: within written limits of size, nesting, aliases and numbers.

Every YAML text the library reads (rules data, variants, boards) goes through :func:`parse`. It
uses PyYAML's safe loader only (its C version where the installed PyYAML has one), so no tag can
build a Python object, and it refuses, with a :class:`~noahrules.errors.RulesDataError` naming
the file and line, any text beyond these limits:

- :data:`MAX_BYTES`: the size of a file;
- :data:`MAX_DEPTH`: how deeply mappings and lists nest;
- :data:`MAX_VALUES`: how many values the document holds once its aliases are expanded (an alias
  "bomb" of a few hundred bytes would otherwise stand for billions);
- :data:`MAX_DIGITS`: how many digits an integer has;
- a key given twice in one mapping.

Merge keys work as YAML users expect (``<<: *defaults`` copies the entries of the mapping
``defaults`` anchors, and the mapping's own keys override them); their values are counted in
:data:`MAX_VALUES` like any alias.

The checks run on the event stream before anything is built, so a refused text costs time in
proportion to its length only.
"""

from __future__ import annotations

import yaml

from noahrules.errors import RulesDataError, excerpt

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS", "MAX_VALUES", "parse"]

MAX_BYTES = 1 << 20
"""The largest YAML file read: 1 MiB (the packaged data is about 10 KiB)."""
MAX_DEPTH = 32
"""The deepest nesting of mappings and lists (the packaged data nests 4 deep)."""
MAX_VALUES = 100_000
"""The most values (scalars, mappings, lists) a document holds with its aliases expanded."""
MAX_DIGITS = 18
"""The most digits of an integer."""

_BaseLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_BaseLoader):  # type: ignore[valid-type,misc]
    """The safe loader, refusing duplicate keys and huge integers. With a list in
    ``duplicates``, a duplicate key is noted there and the last value kept, so the rest of the
    file can still be checked. A key given by a merge key (``<<``) is no duplicate: the
    mapping's own keys override those merged in."""

    duplicates: list[tuple[str, int, int]] | None = None
    checked: set[int]
    """The mappings whose own keys were checked: before any merge adds to them."""

    def flatten_mapping(self, node: yaml.MappingNode) -> None:
        """Merge keys as YAML has them: the mapping's own keys (the last of a key given twice)
        win over the merged ones, and of several merged mappings the first wins."""
        for key, _ in node.value:
            if key.tag == "tag:yaml.org,2002:value":  # the key "=", read as a string
                key.tag = "tag:yaml.org,2002:str"
        if id(node) not in self.checked:
            self.checked.add(id(node))
            self._check_keys(node)
        own = [pair for pair in node.value if pair[0].tag != _MERGE]
        merges = [value for key, value in node.value if key.tag == _MERGE]
        if not merges:
            return
        sources: list[list[tuple[yaml.Node, yaml.Node]]] = []
        for merge in merges:
            parts = merge.value if isinstance(merge, yaml.SequenceNode) else [merge]
            for part in parts:
                if not isinstance(part, yaml.MappingNode):
                    raise yaml.constructor.ConstructorError(
                        "while constructing a mapping",
                        node.start_mark,
                        f"expected a mapping or list of mappings for merging, but found {part.id}",
                        part.start_mark,
                    )
                self.flatten_mapping(part)
                sources.append(part.value)
        winners: dict[object, tuple[yaml.Node, yaml.Node]] = {}
        for pair in [*reversed(own), *(pair for pairs in sources for pair in pairs)]:
            winners.setdefault(_scalar(pair[0]), pair)
        node.value = list(reversed(winners.values()))

    def _check_keys(self, node: yaml.MappingNode) -> None:
        seen: dict[object, int] = {}
        for key_node, _ in node.value:
            if key_node.tag == _MERGE:
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                first = seen.get(key)
            except TypeError:
                continue  # an unhashable key: the safe constructor reports it
            if first is not None:
                problem = f"duplicate key {excerpt(key)} (first at line {first})"
                mark = key_node.start_mark
                if self.duplicates is None:
                    raise yaml.constructor.ConstructorError(None, None, problem, mark)
                self.duplicates.append((problem, mark.line + 1, mark.column + 1))
            seen[key] = key_node.start_mark.line + 1

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        digits = sum(c.isdigit() for c in str(node.value))
        if digits > MAX_DIGITS:
            raise yaml.constructor.ConstructorError(
                None,
                None,
                f"an integer of {digits} digits; at most {MAX_DIGITS}",
                node.start_mark,
            )
        value: int = super().construct_yaml_int(node)
        return value


_MERGE = "tag:yaml.org,2002:merge"


def _scalar(key: yaml.Node) -> object:
    """A key node's identity: its tag and text for a scalar, itself for anything else."""
    return (key.tag, key.value) if isinstance(key, yaml.ScalarNode) else id(key)


_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)


def parse(
    text: str, file: str, duplicates: list[RulesDataError] | None = None
) -> tuple[object, yaml.Node | None]:
    """The value of a YAML document and its composed node (whose marks give every value's line
    and column), read safely within the limits of this module; any problem is a
    :class:`RulesDataError` naming ``file`` and the line. With a list in ``duplicates``, a key
    given twice is noted there (the last value is kept) rather than raised."""
    if len(text) > MAX_BYTES:
        raise RulesDataError(file, "", f"{len(text)} characters; a YAML file may hold {MAX_BYTES}")
    try:
        _check_events(text, file)
        loader = _Loader(text)
        loader.duplicates = [] if duplicates is not None else None
        loader.checked = set()
        try:
            node = loader.get_single_node()
            if node is None:
                return None, None
            _check_size(node, file)
            value = loader.construct_document(node)
        finally:
            loader.dispose()
        for problem, at, column in loader.duplicates or ():
            assert duplicates is not None
            duplicates.append(RulesDataError(file, "", f"bad YAML: {problem}", at, column))
        return value, node
    except yaml.YAMLError as exc:
        line, where = _where(exc, text)
        raise RulesDataError(file, "", f"{_kind(exc)}: {_problem(exc)}", line, where) from None


def _check_events(text: str, file: str) -> None:
    """Nesting depth, from the event stream (iterative, so deep text cannot exhaust a stack)."""
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                line = event.start_mark.line + 1 if event.start_mark else 0
                raise RulesDataError(
                    file, "", f"nested deeper than {MAX_DEPTH} levels at line {line}"
                )
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1


def _check_size(root: yaml.Node, file: str) -> None:
    """How many values the document holds with its aliases expanded (each distinct node counted
    once per reference to it), without expanding them."""
    size: dict[int, int] = {}
    order: list[yaml.Node] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in size:
            continue
        size[id(node)] = 0
        order.append(node)
        stack.extend(_children(node))
    for node in reversed(order):  # children before parents: the graph has no cycles here
        total = 1 + sum(size[id(child)] for child in _children(node))
        size[id(node)] = total
        if total > MAX_VALUES:
            raise RulesDataError(
                file,
                "",
                f"more than {MAX_VALUES} values once its aliases are expanded",
                node.start_mark.line + 1,
            )


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def _kind(exc: yaml.YAMLError) -> str:
    return "bad YAML" if isinstance(exc, yaml.constructor.ConstructorError) else "malformed YAML"


def _where(exc: yaml.YAMLError, text: str) -> tuple[int | None, int | None]:
    """The line and column (from 1) a YAML error points at, where it says."""
    mark = getattr(exc, "problem_mark", None)
    if mark is not None:
        return mark.line + 1, mark.column + 1
    if isinstance(exc, yaml.reader.ReaderError):
        line_start = text.rfind("\n", 0, exc.position) + 1
        return text.count("\n", 0, exc.position) + 1, exc.position - line_start + 1
    return None, None


def _problem(exc: yaml.YAMLError) -> str:
    if isinstance(exc, yaml.reader.ReaderError):
        return f"unacceptable character #x{exc.character:04x}"
    return str(getattr(exc, "problem", None) or exc)
