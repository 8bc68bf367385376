"""Reading the rooms that write their histories as XML (iPoker, Merge), safely and with lines.

A history is cut into its ``<game>`` elements first, so that one damaged hand never stops
the others; each is parsed on its own by :func:`parse_element`, which keeps the line of
every element (for the error messages) and refuses any document type declaration, so a
hostile file cannot make the parser expand entities ("billion laughs").

>>> node = parse_element('<game id="7">\\n  <player seat="1" name="Ann"/>\\n</game>', "a.xml", 10)
>>> node.tag, node.line, node.children[0].attrs["name"], node.children[0].line
('game', 10, 'Ann', 11)
>>> parse_element('<game id="7">', "a.xml", 10)
Traceback (most recent call last):
    ...
studkit.history.rooms.room_hand.RoomHistoryError: a.xml:10: the XML ends inside an element \
(no element found: line 1, column 13)
>>> [(line, chunk[:12]) for line, chunk in game_chunks('<s>\\n<game a="1"></game>\\n<game a="2">')]
[(2, '<game a="1">'), (3, '<game a="2">')]
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from xml.parsers import expat

from studkit.errors import HistoryError
from studkit.history.rooms.room_hand import RoomHistoryError
from studkit.history.rooms.room_text import amount

__all__ = ["XmlNode", "parse_element", "game_chunks", "refuse_declarations", "attr_amount"]

_GAME_START = re.compile(r"<game\b")
_GAME_END = "</game>"
_DECLARATION = re.compile(r"<!(DOCTYPE|ENTITY)", re.IGNORECASE)


@dataclass(slots=True)
class XmlNode:
    """One element: its tag, attributes, text (joined), line in the file and children."""

    tag: str
    attrs: Mapping[str, str]
    line: int
    text: str = ""
    children: list[XmlNode] = field(default_factory=list)

    def all(self, tag: str) -> Iterator[XmlNode]:
        """Every element named ``tag`` below this one, in document order."""
        for child in self.children:
            if child.tag == tag:
                yield child
            yield from child.all(tag)

    def first(self, tag: str) -> XmlNode | None:
        """The first element named ``tag`` below this one, if any."""
        return next(self.all(tag), None)


class _Refused(Exception):
    """Raised inside expat's callbacks to stop at a declaration."""


def refuse_declarations(text: str, source: str) -> RoomHistoryError | None:
    """An error when the history declares a document type or entities (which studkit
    never expands: a hand history has no use for them), else ``None``."""
    found = _DECLARATION.search(text)
    if found is None:
        return None
    line = text.count("\n", 0, found.start()) + 1
    return RoomHistoryError(
        source,
        line,
        f"the history declares {found.group()!r}: studkit refuses XML document type "
        "and entity declarations",
    )


def parse_element(text: str, source: str, first_line: int) -> XmlNode:
    """The one element ``text`` holds (a ``<game>``, a ``<general>``), its lines counted
    from ``first_line``; a :class:`RoomHistoryError` naming the line where it is broken."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[XmlNode] = []
    roots: list[XmlNode] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = XmlNode(tag, attrs, first_line + parser.CurrentLineNumber - 1)
        (stack[-1].children if stack else roots).append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def characters(data: str) -> None:
        if stack:
            stack[-1].text += data

    def refuse(*args: object) -> None:
        raise _Refused

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    try:
        parser.Parse(text, True)
    except _Refused:
        raise RoomHistoryError(
            source,
            first_line + parser.CurrentLineNumber - 1,
            "studkit refuses XML document type and entity declarations",
        ) from None
    except expat.ExpatError as error:
        message = expat.ErrorString(error.code) if error.code is not None else str(error)
        where = "the XML ends inside an element" if "no element" in message else "broken XML"
        raise RoomHistoryError(
            source, first_line + error.lineno - 1, f"{where} ({error})"
        ) from None
    return roots[0]


def game_chunks(text: str) -> list[tuple[int, str]]:
    """Each ``<game ...>...</game>`` of a history with the line it starts on; a game cut
    short runs to the next game's start (or the end of the file)."""
    starts = [found.start() for found in _GAME_START.finditer(text)]
    chunks: list[tuple[int, str]] = []
    for index, start in enumerate(starts):
        stop = starts[index + 1] if index + 1 < len(starts) else len(text)
        chunk = text[start:stop]
        close = chunk.rfind(_GAME_END)
        if close >= 0:
            chunk = chunk[: close + len(_GAME_END)]
        else:
            chunk = chunk.rstrip()
        chunks.append((text.count("\n", 0, start) + 1, chunk))
    return chunks


def attr_amount(node: XmlNode, name: str, source: str) -> Decimal:
    """The amount in attribute ``name`` of ``node``; an error naming its line and quoting
    the attribute when it is missing or not a number."""
    written = node.attrs.get(name)
    if written is None:
        raise RoomHistoryError(source, node.line, f"<{node.tag}> has no {name!r} attribute")
    try:
        return amount(written)
    except HistoryError:
        raise RoomHistoryError(
            source, node.line, f"expected an amount in {name}={written!r} of <{node.tag}>"
        ) from None
