"""The plugins' part of the showdown: :class:`PluginShowdown`, a base of
:class:`~studkit.engine.plugin_play.HandPlugins`.

Hands re-ranked with the table's changing and each player's own wild ranks, pot shares that
plugins rank, then, pot by pot, the strengths adjusted among the pot's eligible seats
(declare), and the odd-chip order a plugin chooses.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from studkit.cards import Rank
from studkit.engine.jokers import seat_joker_play
from studkit.engine.reading import HandReading
from studkit.errors import PluginError
from studkit.hooks.evaluators import ManyCardsEvaluator, PluginShareEvaluator
from studkit.hooks.host import PluginHost
from studkit.hooks.specs import Holding
from studkit.variant.model import PotShare

if TYPE_CHECKING:
    from studkit.engine.plugin_view import PluginView

__all__ = ["PluginShowdown"]


class PluginShowdown:
    """The showdown part of a hand's plugins (the state is :class:`HandPlugins`')."""

    __slots__ = ()

    hand: HandReading
    host: PluginHost
    view: PluginView
    static_wild: frozenset[Rank]
    wild: frozenset[Rank]

    def holding(self, seat: int) -> Holding:
        """A seat's cards as hooks receive them."""
        hand = self.hand
        return Holding(seat, hand.down_cards(seat), hand.up_cards(seat), tuple(hand.community))

    # ------------------------------------------------------------------ showdown

    def showdown_strengths(self, strengths: list[list[int]]) -> None:
        """Re-rank the live hands where plugins say so (the table's and each player's wild
        ranks, plugin-ranked shares); changes ``strengths`` in place. Adjustments such as
        declarations come after, pot by pot (:meth:`pot_strengths`)."""
        hand = self.hand
        host = self.host
        rules = hand.rules
        live = [s for s in range(hand.n) if not hand.folded[s]]
        holdings = self._holdings()
        per_player = host.implements("studkit_wild_ranks")
        if per_player or self.wild != self.static_wild:
            self._rerank_wild(strengths, live, holdings, per_player)
        shares: Sequence[PotShare] = hand.variant.pots
        for index, rule in enumerate(rules.shares):
            if isinstance(rule.evaluator, PluginShareEvaluator):
                row = host.call_first(
                    "studkit_share_strengths", hand=self.view, share=shares[index],
                    holdings=holdings,
                )
                if row is None:
                    raise PluginError(
                        f"no plugin ranked the pot share {rule.name!r} "
                        f"(evaluator {rule.evaluator.name!r})"
                    )
                self._write(strengths[index], row, live, rule.name)

    @property
    def adjusts(self) -> bool:
        """Whether a plugin adjusts the strengths pot by pot (``studkit_adjust_strengths``)."""
        return self.host.implements("studkit_adjust_strengths")

    def pot_strengths(
        self, strengths: Sequence[Sequence[int]], eligible: Sequence[int]
    ) -> list[list[int]]:
        """The strengths one pot is awarded with: ``strengths`` (per share, per seat) as the
        plugins adjust them for the pot's ``eligible`` seats, in a new table."""
        hand = self.hand
        rules = hand.rules
        rows = [list(row) for row in strengths]
        if not self.adjusts:
            return rows
        by_name = {rule.name: tuple(strengths[i]) for i, rule in enumerate(rules.shares)}
        adjusted = self.host.call_first(
            "studkit_adjust_strengths", hand=self.view, strengths=by_name,
            holdings=self._holdings(), eligible=tuple(eligible),
        )
        if adjusted is not None:
            live = [s for s in range(hand.n) if not hand.folded[s]]
            for index, rule in enumerate(rules.shares):
                if rule.name not in adjusted:
                    raise PluginError(
                        f"studkit_adjust_strengths left out the pot share {rule.name!r}"
                    )
                self._write(rows[index], adjusted[rule.name], live, rule.name)
        return rows

    def _holdings(self) -> list[Holding | None]:
        hand = self.hand
        return [None if hand.folded[s] else self.holding(s) for s in range(hand.n)]

    def _write(self, row: list[int], values: Sequence[int], live: list[int], name: str) -> None:
        if len(values) != len(row):
            raise PluginError(
                f"strengths for share {name!r} have {len(values)} seats, not {len(row)}"
            )
        for s in range(len(row)):
            row[s] = int(values[s]) if s in live else 0

    def _rerank_wild(
        self,
        strengths: list[list[int]],
        live: list[int],
        holdings: list[Holding | None],
        per_player: bool,
    ) -> None:
        from studkit.evaluation import Evaluator, WildCards, get_evaluator

        hand = self.hand
        deck = hand.variant.deck
        community = hand.community
        for seat in live:
            wild = self.wild
            if per_player:
                holding = holdings[seat]
                assert holding is not None
                chosen = self.host.call_first(
                    "studkit_wild_ranks", hand=self.view, seat=seat, holding=holding,
                    table_wild=wild,
                )
                if chosen is not None:
                    wild = frozenset(Rank(r) for r in chosen)
            if wild == self.static_wild:
                continue
            setting = WildCards(
                ranks=frozenset(int(r) for r in wild),
                jokers=seat_joker_play(hand, seat),  # type: ignore[arg-type]
                five_of_a_kind=deck.five_of_a_kind,
            )
            cards = hand.cards[seat] + community if community else hand.cards[seat]
            for index, rule in enumerate(hand.rules.shares):
                if not isinstance(rule.evaluator, Evaluator | ManyCardsEvaluator):
                    continue
                evaluator = ManyCardsEvaluator(get_evaluator(rule.evaluator.name, wild=setting))
                value = evaluator.evaluate(cards)
                strengths[index][seat] = value if value >= rule.qualifier else 0

    def odd_chip_orders(self, order: list[int]) -> list[list[int] | None]:
        """Per pot share, the odd-chip order a plugin chooses (from the seats shown, then
        those that mucked, in ``order``), or ``None`` for the rules' own."""
        shares = self.hand.variant.pots
        if not self.host.implements("studkit_odd_chip_order"):
            return [None] * len(shares)
        out: list[list[int] | None] = []
        for share in shares:
            chosen = self.host.call_first(
                "studkit_odd_chip_order", hand=self.view, share=share, order=list(order)
            )
            out.append(None if chosen is None else [int(s) for s in chosen])
        return out
