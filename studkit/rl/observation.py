"""The fixed-size observation: what one seat may see of a hand, as a float32 vector and text.

An :class:`ObservationEncoding` is built per variant and number of players. Seats are
*relative*: slot 0 is the observing seat, slot 1 the next seat clockwise, and so on; cards
are one-hot over the variant's deck in deck order (``D`` cards: 52 for a full deck); chip
amounts are in big bets. The fields, in order (:attr:`ObservationEncoding.fields` gives each
one's offset and length):

==============  ===========  ======================================================
field           length       value
==============  ===========  ======================================================
down            D            the seat's own down cards
up              N × D        every seat's up cards (its own first)
shown           N × D        every card of another seat whose hand is face up (all in,
                             or shown at the showdown); zeros otherwise
community       D            the community card(s)
wild            13           ranks wild now (deuce first), the variant's and a plugin's
street          S            one-hot: the street being played
actor           N            one-hot: the seat to act (zeros when nobody is)
button          N            one-hot: the dealer's seat
folded          N            1 for each folded seat
stacks          N            chips behind, in big bets
bets            N            chips bet on this street, in big bets
contributed     N            chips put in this hand (antes included), in big bets
pot             1            all chips in, dead money included, in big bets
to_call         1            what the seat to act must add to call, in big bets
decision        1 + K        one-hot: a betting decision, or which plugin decision kind
                             is due (the action encoding's kinds, in order)
history         S × N × 4    per street and seat: checks, calls (bring-in included),
                             completions/bets/raises, folds
decisions       N × K        per seat: plugin decisions taken of each kind
==============  ===========  ======================================================

Nothing in it depends on another seat's down cards (tests check this): the observation of a
seat is the same whatever cards the other seats hold face down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from studkit.engine.actions import BET, BRING_IN, CALL, CHECK, COMPLETE, FOLD, RAISE
from studkit.engine.events import STREET, ActionEvent, StreetEvent, kind_of
from studkit.engine.view import visible_seats
from studkit.rl.actions import ActionEncoding

if TYPE_CHECKING:
    from studkit.engine.hand import Hand

__all__ = ["ObservationEncoding", "HISTORY_KINDS"]

HISTORY_KINDS: Final[tuple[str, ...]] = ("check", "call", "raise", "fold")
"""The four betting counts per street and seat in the ``history`` field."""
_HISTORY_SLOT: Final[dict[str, int]] = {
    CHECK: 0, CALL: 1, BRING_IN: 1, COMPLETE: 2, BET: 2, RAISE: 2, FOLD: 3,
}


class ObservationEncoding:
    """The observation layout of a variant at ``players`` seats, and the encoder."""

    def __init__(self, actions: ActionEncoding, players: int) -> None:
        variant = actions.variant
        self.actions = actions
        self.players = players
        n = players
        d = len(actions.deck)
        s = s_count = len(variant.streets)
        k = len(actions.kinds)
        self.deck_size = d
        self.kind_index: dict[str, int] = {kind.kind: i for i, kind in enumerate(actions.kinds)}
        layout = [
            ("down", d), ("up", n * d), ("shown", n * d), ("community", d), ("wild", 13),
            ("street", s), ("actor", n), ("button", n), ("folded", n), ("stacks", n),
            ("bets", n), ("contributed", n), ("pot", 1), ("to_call", 1),
            ("decision", 1 + k), ("history", s * n * 4), ("decisions", n * k),
        ]
        fields: dict[str, tuple[int, int]] = {}
        offset = 0
        for name, length in layout:
            fields[name] = (offset, length)
            offset += length
        self.fields = fields
        """Each field's ``(offset, length)`` in the vector."""
        self.size = offset
        """The vector's length."""
        self._pos = actions.card_position
        self._offsets = {name: start for name, (start, _) in fields.items()}
        self._orders = [[(seat + r) % n for r in range(n)] for seat in range(n)]
        self._streets = s
        self._memo = _Counts(s_count * n * 4, n * k)
        # Where each card lands, by card index (54 entries; -1 for a card not in the deck).
        offsets = self._offsets

        def card_slots(base: int) -> list[int]:
            table = [-1] * 54
            for card, position in self._pos.items():
                table[card] = base + position
            return table

        self._down_slot = card_slots(offsets["down"])
        self._up_slots = [card_slots(offsets["up"] + r * d) for r in range(n)]
        self._shown_slots = [card_slots(offsets["shown"] + r * d) for r in range(n)]
        self._community_slot = card_slots(offsets["community"])
        # The history and decisions fields are adjacent: for each observing seat, the
        # absolute count behind each of their slots (relative seats -> absolute seats).
        taken_base = s_count * n * 4
        self._history_order = [
            np.array([(street * n + (seat + r) % n) * 4 + slot
                      for street in range(s_count) for r in range(n) for slot in range(4)]
                     + [taken_base + ((seat + r) % n) * k + index
                        for r in range(n) for index in range(k)], dtype=np.intp)
            for seat in range(n)
        ]
        self._taken_base = taken_base
        self._static_wild = tuple(int(r) for r in variant.deck.wild_ranks)
        big = actions.big_bet
        self.unit = float(big if big > 0 else 1)
        """Chips per unit of the chip fields (the big bet)."""

    def encode(self, hand: Hand, seat: int) -> npt.NDArray[np.float32]:
        """The observation of ``seat``: a new float32 vector of :attr:`size`."""
        out = np.zeros(self.size, dtype=np.float32)
        self.encode_into(hand, seat, out)
        return out

    def encode_into(self, hand: Hand, seat: int, out: npt.NDArray[np.float32]) -> None:
        """Write the observation of ``seat`` into ``out`` (zeroed by the caller)."""
        f = self._offsets
        n = self.players
        order = self._orders[seat]  # the seats from the observer's clockwise
        slot = self._down_slot
        ones: list[int] = [slot[card] for card in hand.down[seat]]
        up = hand.up
        for slot, s in zip(self._up_slots, order, strict=True):
            if up[s]:
                ones += [slot[card] for card in up[s]]
        if hand.is_over or hand.exposed:  # whole hands may be face up
            for s in visible_seats(hand, seat):
                if s != seat:
                    slot = self._shown_slots[(s - seat) % n]
                    ones += [slot[card] for card in hand.cards[s]]
        if hand.community:
            slot = self._community_slot
            ones += [slot[card] for card in hand.community]
        base = f["wild"]
        ones += [base + int(rank) for rank in hand.wild_ranks]
        street = hand.street
        if street >= 0:
            ones.append(f["street"] + min(street, self._streets - 1))
        actor = hand.actor
        live = actor is not None and not hand.is_over
        if live:
            ones.append(f["actor"] + (actor - seat) % n)  # type: ignore[operator]
        ones.append(f["button"] + (hand.button - seat) % n)
        folded = hand.folded
        if hand.n_in < n:
            base = f["folded"]
            ones += [base + r for r, s in enumerate(order) if folded[s]]
        if live:
            ones.append(f["decision"] + self._decision_slot(hand))
        out.put(ones, 1.0)
        # stacks, bets, contributed, pot and to_call are adjacent: one slice, in big bets
        stacks, bets, contrib = hand.stacks, hand.bets, hand.contrib
        chips = [stacks[s] for s in order]
        chips += [bets[s] for s in order]
        chips += [contrib[s] for s in order]
        chips.append(hand.pot)
        chips.append(hand.to_call)
        unit = self.unit
        start = f["stacks"]
        out[start:start + len(chips)] = [c / unit for c in chips]
        self._history(hand, seat, f, out)

    def _decision_slot(self, hand: Hand) -> int:
        """0 for a betting decision, else 1 + the plugin decision kind's index."""
        if hand.phase == "BET" or hand.rules.plugins is None:
            return 0
        for action in hand.legal_actions():
            index = self.kind_index.get(action.kind)
            if index is not None:
                return 1 + index
        return 0

    def _history(
        self, hand: Hand, seat: int, f: dict[str, int], out: npt.NDArray[np.float32]
    ) -> None:
        """The history and decisions fields: counts per absolute seat, kept up to date as
        the hand's events grow (recounted for another hand), then placed for ``seat``."""
        memo = self._memo
        events = hand.events
        done = memo.done
        if memo.hand is not hand or done > len(events) or (
            done and events[done - 1] is not memo.last
        ):
            memo.reset(hand)
            done = 0
        counts = memo.counts
        taken = self._taken_base
        street = memo.street
        kinds = self.kind_index
        n = self.players
        k = len(self.actions.kinds)
        registered = hand.decision_kinds if hand.rules.plugins is not None else None
        for event in events[done:]:
            kind = kind_of(event)
            if kind == STREET:
                assert isinstance(event, StreetEvent)
                street = event.number
                continue
            slot = _HISTORY_SLOT.get(kind)
            if slot is not None and isinstance(event, ActionEvent):
                key = (street * n + event.seat) * 4 + slot
                counts[key] += 1
                continue
            decision = registered.by_name.get(kind) if registered is not None else None
            if decision is None:
                continue
            # a prefixed kind's event names the choice: its action kind is <name>-<word>
            index = kinds.get(
                decision.action_kind(decision.chosen(event)) if decision.prefixed else kind
            )
            if index is not None:
                counts[taken + int(getattr(event, "seat", 0)) * k + index] += 1
        if events:
            memo.last = events[-1]
        memo.done = len(events)
        memo.street = street
        start = f["history"]
        out[start:start + len(counts)] = counts[self._history_order[seat]]

    # -- text
    def render(self, hand: Hand, seat: int) -> str:
        """The hand as ``seat`` sees it, in a few lines of text."""
        view = hand.view(seat)
        lines = [
            f"{hand.variant.name}, {view.street or 'before the deal'} street, "
            f"pot {view.pot}" + (", hand over" if view.is_over else ""),
        ]
        for s in range(view.players):
            down = (
                " ".join(map(str, view.down_cards)) if s == seat
                else " ".join(map(str, view.shown_cards[s] or ())) or
                ("?? " * _down_count(hand, s)).strip()
            )
            up = " ".join(map(str, view.up_cards[s]))
            mark = ">" if view.actor == s and not view.is_over else " "
            state = " folded" if view.folded[s] else ""
            who = "you" if s == seat else f"seat {s}"
            lines.append(
                f"{mark} {who:7} stack {view.stacks[s]:>5} bet {view.bets[s]:>4}  "
                f"[{down}] {up}{state}"
            )
        if view.community:
            lines.append("community " + " ".join(map(str, view.community)))
        if view.legal_actions:
            ids = self.actions.legal_ids(hand)
            lines.append("legal: " + ", ".join(f"{i} {self.actions.names[i]}" for i in ids))
        if view.payoffs is not None:
            lines.append("payoffs " + " ".join(f"{p:+d}" for p in view.payoffs))
        return "\n".join(lines)


class _Counts:
    """The betting and decision counts of the hand last encoded, per absolute seat."""

    __slots__ = ("hand", "done", "last", "street", "counts")

    def __init__(self, history: int, decisions: int) -> None:
        self.counts = np.zeros(history + decisions, dtype=np.float32)
        """The counts: the betting ones by (street * players + seat) * 4 + slot, then the
        decision ones by history + seat * kinds + kind index."""
        self.reset(None)

    def reset(self, hand: Hand | None) -> None:
        self.hand = hand
        self.done = 0
        self.last: object = None
        self.street = 0
        self.counts[:] = 0


def _down_count(hand: Hand, seat: int) -> int:
    return len(hand.down[seat]) if not hand.folded[seat] else 0
