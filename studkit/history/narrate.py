"""A readable street-by-street account of a hand, from the engine's event log.

It is the omniscient view of a replay: down cards are shown in brackets, then each street's
up cards, the betting, the pot, the showdown and who won what with which hand.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from decimal import Decimal
from typing import Any

from studkit.cards import CARDS, RANK_CHARS, Card
from studkit.engine.decisions import DecisionKind, DecisionKinds, known_kinds
from studkit.engine.events import as_record, kind_of

__all__ = ["narrate", "format_chips"]


def format_chips(amount: int, scale: int = 1) -> str:
    """Chips with thousands separators; fractional chips when the history had them.

    >>> format_chips(2650000), format_chips(125, 100)
    ('2,650,000', '1.25')
    """
    if scale == 1:
        return f"{amount:,}"
    value = Decimal(amount) / scale
    return f"{value:,.{len(str(scale)) - 1}f}"


def _card(card: int, hidden: Collection[int]) -> str:
    return "??" if card in hidden else str(CARDS[card])


def _cards(held: list[tuple[int, bool]], hidden: Collection[int]) -> str:
    down = [_card(c, hidden) for c, up in held if not up]
    up = [_card(c, hidden) for c, up in held if up]
    parts = []
    if down:
        parts.append("[" + " ".join(down) + "]")
    parts.extend(up)
    return " ".join(parts)


class _Story:
    """Accumulates the lines of the account while walking the events."""

    def __init__(
        self,
        names: Sequence[str],
        stacks: Sequence[int],
        scale: int,
        hidden: Collection[int],
        kinds: DecisionKinds,
    ) -> None:
        self.hidden = hidden
        self.kinds = kinds
        self.names = list(names)
        self.stacks = list(stacks)
        self.scale = scale
        self.lines: list[str] = []
        self.held: list[list[tuple[int, bool]]] = [[] for _ in names]
        self.folded = [False] * len(names)
        self.pot = 0
        self.street: str | None = None
        self.dealt_this_street: list[int] = []
        self.community: list[int] = []

    def chips(self, amount: int) -> str:
        return format_chips(amount, self.scale)

    def close_deal(self) -> None:
        if not self.dealt_this_street:
            return
        width = max(len(self.names[s]) for s in self.dealt_this_street)
        for seat in self.dealt_this_street:
            cards = _cards(self.held[seat], self.hidden)
            self.lines.append(f"  {self.names[seat]:<{width}}  {cards}")
        if self.community:
            board = " ".join(_card(c, self.hidden) for c in self.community)
            label = "community card" if len(self.community) == 1 else "community cards"
            self.lines.append(f"  {label}: {board}")
        self.dealt_this_street = []

    def close_street(self) -> None:
        self.close_deal()
        if self.street is not None:
            self.lines.append(f"  pot: {self.chips(self.pot)}")

    def event(self, event: tuple[Any, ...]) -> None:
        record = as_record(event, self.kinds)
        kind = self.kinds.by_name.get(kind_of(record))
        if kind is not None and hasattr(record, "_asdict"):
            self.decision(kind, record)
            return
        handler = getattr(self, "on_" + kind_of(record).replace("-", "_"), None)
        if handler is not None and hasattr(record, "_asdict"):
            fields = record._asdict()
            del fields["kind"]
            handler(**fields)

    def on_ante(self, seat: int, amount: int) -> None:
        self.pot += amount
        self.stacks[seat] -= amount

    def on_blind(self, seat: int, amount: int, which: str) -> None:
        self.pot += amount
        self.stacks[seat] -= amount
        self.lines.append(f"  {self.names[seat]} posts the {which} blind of {self.chips(amount)}")

    def on_street(self, number: int, name: str) -> None:
        self.close_street()
        self.street = name
        self.lines.append(f"{name.capitalize()} street" if "street" not in name else name)

    def on_deal(self, seat: int, card: int, up: bool) -> None:
        self.held[seat].append((card, up))
        if seat not in self.dealt_this_street:
            self.dealt_this_street.append(seat)

    def on_community(self, card: int) -> None:
        self.community.append(card)

    def _act(self, seat: int, text: str, added: int) -> None:
        self.close_deal()
        self.pot += added
        self.stacks[seat] -= added
        all_in = " and is all in" if added and self.stacks[seat] == 0 else ""
        self.lines.append(f"  {self.names[seat]} {text}{all_in}")

    def on_bring_in(self, seat: int, to: int, added: int) -> None:
        self._act(seat, f"brings in for {self.chips(added)}", added)

    def on_complete(self, seat: int, to: int, added: int) -> None:
        self._act(seat, f"completes to {self.chips(to)}", added)

    def on_bet(self, seat: int, to: int, added: int) -> None:
        self._act(seat, f"bets {self.chips(to)}", added)

    def on_raise(self, seat: int, to: int, added: int) -> None:
        self._act(seat, f"raises to {self.chips(to)}", added)

    def on_call(self, seat: int, to: int, added: int) -> None:
        self._act(seat, f"calls {self.chips(added)}", added)

    def on_check(self, seat: int, to: int, added: int) -> None:
        self._act(seat, "checks", 0)

    def on_fold(self, seat: int, to: int, added: int) -> None:
        self.folded[seat] = True
        self._act(seat, "folds", 0)

    def on_return(self, seat: int, amount: int) -> None:
        self.close_deal()
        self.pot -= amount
        self.stacks[seat] += amount
        self.lines.append(f"  uncalled {self.chips(amount)} returned to {self.names[seat]}")

    def on_show(self, seat: int, cards: Sequence[int]) -> None:
        self.close_deal()
        shown = " ".join(_card(c, self.hidden) for c in cards)
        self.lines.append(f"  {self.names[seat]} shows {shown}")

    def on_muck(self, seat: int) -> None:
        self.close_deal()
        self.lines.append(f"  {self.names[seat]} mucks")

    def decision(self, kind: DecisionKind, record: Any) -> None:
        """A plugin decision, told by its kind's sentence (cards and chips as the account
        writes them), with the chips it puts in and the cards it turns up or throws away."""
        fields = record._asdict()
        seat = fields.pop("seat")
        del fields["kind"]
        words = {
            name: _card(value, self.hidden) if isinstance(value, Card)
            else self.chips(value) if type(value) is int else str(value)
            for name, value in fields.items()
        }
        _, verb, template = kind.sentence
        try:
            text = template.format(who="", verb=verb, **words).strip()
        except (KeyError, IndexError):
            text = " ".join([kind.name, *words.values()])
        self._act(seat, text, kind.chips(record))
        chosen = kind.chosen(record)
        if kind.turns_up and isinstance(chosen, Card):
            self.held[seat] = [(c, up or c == chosen) for c, up in self.held[seat]]
        thrown = kind.thrown(record)
        if thrown is not None:
            self.held[seat] = [(c, up) for c, up in self.held[seat] if c != thrown]

    def on_wild(self, ranks: Sequence[int]) -> None:
        self.close_deal()
        names = ", ".join(f"{RANK_CHARS[r]}s" for r in ranks) or "none"
        self.lines.append(f"  wild cards now: {names}")

    def on_award(self, seat: int, amount: int, pot: int, share: str, description: str) -> None:
        if self.street is not None:
            self.close_street()
            self.street = None
            self.lines.append("Result")
        where = "the main pot" if pot == 0 else f"side pot {pot}"
        part = f" ({share})" if share else ""
        hand = f" with {description}" if description else ""
        self.lines.append(
            f"  {self.names[seat]} wins {self.chips(amount)} from {where}{part}{hand}"
        )


def narrate(
    events: Sequence[tuple[Any, ...]],
    *,
    names: Sequence[str],
    starting_stacks: Sequence[int],
    finishing_stacks: Sequence[int] | None = None,
    title: str = "",
    scale: int = 1,
    hidden: Collection[int] = (),
    kinds: DecisionKinds | None = None,
) -> str:
    """The account of one hand as text lines.

    ``events`` is the engine's event log (see :mod:`studkit.engine.events`); ``names`` the
    players' names by seat; amounts are in chips of ``1 / scale``; ``hidden`` cards (ones a
    history does not show) are printed as ``??``; ``kinds``: the game's decision kinds
    (default: every kind the built-in and entry-point plugins register).
    """
    story = _Story(names, starting_stacks, scale, hidden,
                   kinds if kinds is not None else known_kinds())
    if title:
        story.lines.append(title)
    stacks = " · ".join(
        f"{n} {story.chips(s)}" for n, s in zip(names, starting_stacks, strict=True)
    )
    story.lines.append(f"Stacks: {stacks}")
    for event in events:
        story.event(event)
    if story.street is not None:
        story.close_street()
    if finishing_stacks is not None:
        parts = []
        for name, start, end in zip(names, starting_stacks, finishing_stacks, strict=True):
            delta = end - start
            sign = "+" if delta > 0 else "-" if delta < 0 else "±"
            parts.append(f"{name} {story.chips(end)} ({sign}{story.chips(abs(delta))})")
        story.lines.append("Finishing stacks: " + " · ".join(parts))
    return "\n".join(story.lines)
