"""Player decisions a plugin adds, as registered types.

A plugin decision (a payment to stay in, a card turned up, a declaration, a card traded...)
is a :class:`DecisionKind`: one object that says everything studkit does with it, so no other
module knows it by name:

* **the engine**: which hook record asks for it (:attr:`~DecisionKind.request`), what the
  player may choose (:meth:`~DecisionKind.options`) and what a choice does
  (:meth:`~DecisionKind.take`, as :data:`Effect` records the engine applies: plugins decide,
  the engine acts);
* **the event log**: the typed record it writes (:attr:`~DecisionKind.event`);
* **hand histories**: its PHH verb (:attr:`~DecisionKind.name`), its argument
  (:attr:`~DecisionKind.phh_argument`: an amount, a card or a word) and which legal action a
  recorded argument stands for (:meth:`~DecisionKind.choose`);
* **narration**: its sentence (:attr:`~DecisionKind.sentence`);
* **the seat view**: what another seat sees of its event (:meth:`~DecisionKind.seen`);
* **bots, the terminal and the web table**: each option's label (:meth:`~DecisionKind.label`).

Plugins register kinds with the ``studkit_decision_kinds`` hook; :func:`decision_kinds`
gives a variant's (its plugins') kinds, :func:`known_kinds` every kind any plugin a registry
finds registers (what a hand history is read with before its game is known). Lookups are one
dictionary access (:meth:`DecisionKinds.of`). The betting verbs (``fold``, ``check``,
``call``, ``bring-in``, ``complete``, ``bet``, ``raise``) are the engine's own: one check per
verb in :mod:`studkit.engine.legal`, and a plugin decision may offer ``fold`` (pay or fold).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Literal, NamedTuple

from studkit.cards import CARDS, Card
from studkit.engine.actions import ACTION_KINDS, Action
from studkit.engine.events import kind_of
from studkit.errors import PluginError
from studkit.hooks.host import host_for, registry_decision_kinds
from studkit.hooks.registry import PluginRegistry, registry_of

if TYPE_CHECKING:
    from studkit.variant.model import Variant

__all__ = [
    "BettingVerb",
    "BETTING_VERBS",
    "DecisionKind",
    "DecisionKinds",
    "Taken",
    "Effect",
    "Pay",
    "Fold",
    "TurnUp",
    "Remove",
    "Deal",
    "Record",
    "NO_KINDS",
    "decision_kinds",
    "kinds_from",
    "known_kinds",
    "RESERVED_NAMES",
]


class Pay(NamedTuple):
    """``seat`` puts ``amount`` chips in the pot as dead money (nobody's stake to match)."""

    seat: int
    amount: int


class Fold(NamedTuple):
    """``seat`` folds (an ``ActionEvent`` ``fold`` with ``to`` and ``added`` 0)."""

    seat: int


class TurnUp(NamedTuple):
    """``seat``'s down ``card`` is turned face up."""

    seat: int
    card: Card


class Remove(NamedTuple):
    """``card`` leaves ``seat``'s hand (to the discards; a folded card for the deck)."""

    seat: int
    card: Card


class Deal(NamedTuple):
    """``seat`` is dealt a card at once, face up or down (a chance node with manual dealing)."""

    seat: int
    up: bool


class Record(NamedTuple):
    """``event`` is appended to the event log."""

    event: tuple[Any, ...]


Effect = Pay | Fold | TurnUp | Remove | Deal | Record
"""What a decision does to the hand, applied by the engine in order."""


class Taken(NamedTuple):
    """What one choice does: its effects and whether they wait until every player asked in
    the same round has chosen (a simultaneous choice: nothing is shown before all chose)."""

    effects: tuple[Effect, ...]
    hidden: bool = False


class BettingVerb(NamedTuple):
    """A betting verb as hand histories, narration and players read it. Its legality is
    the engine's own one check per verb (:mod:`studkit.engine.legal`), never looked up here."""

    name: str
    """The action and event kind (``raise``)."""
    phh_verb: str
    """Its PHH verb (``cbr``)."""
    you: str
    """The verb for "you" (``raise to``), also how a choice of it reads."""
    other: str
    """The verb for another player (``raises to``)."""
    amount: str
    """The event field the sentence names: ``to`` (the total bet), ``added`` (the chips put
    in) or ``""``."""


BETTING_VERBS: Mapping[str, BettingVerb] = MappingProxyType({verb.name: verb for verb in (
    BettingVerb("fold", "f", "fold", "folds", ""),
    BettingVerb("check", "cc", "check", "checks", ""),
    BettingVerb("call", "cc", "call", "calls", "added"),
    BettingVerb("bring-in", "pb", "bring in", "brings in", "added"),
    BettingVerb("complete", "cbr", "complete to", "completes to", "to"),
    BettingVerb("bet", "cbr", "bet", "bets", "to"),
    BettingVerb("raise", "cbr", "raise to", "raises to", "to"),
)})
"""The engine's betting verbs, each with its PHH verb, its words and its amount: the one
table the records, the narration and the table's choices read."""


RESERVED_NAMES: frozenset[str] = frozenset(
    (*ACTION_KINDS, *(verb.phh_verb for verb in BETTING_VERBS.values()), "dh", "db", "sm",
     "sd", "d", "ante", "blind", "street",
     "deal", "burn", "community", "return", "show", "muck", "award", "wild")
)
"""Names a decision kind may not take: betting verbs, PHH verbs and the engine's events."""


class DecisionKind:
    """One kind of player decision. Subclass it, set the class attributes, override
    :meth:`options` and :meth:`take` (for a kind some hook asks for) and register an instance
    through ``studkit_decision_kinds``.

    A kind that only records what another kind's decision offers (``stand`` beside
    ``twist``) sets :attr:`request` to ``None`` and needs no engine methods.
    """

    name: ClassVar[str] = ""
    """The kind's name: its event's kind, its action kind and its PHH verb (``pay``)."""
    event: ClassVar[Any] = None
    """Its event record (a ``NamedTuple`` class whose fields are ``kind``, ``seat``, ...)."""
    request: ClassVar[type | None] = None
    """The hook record that asks players for this decision (an ``ExposureChoice``...)."""
    field: ClassVar[str] = ""
    """The event field holding what was chosen (``amount``, ``card``, ``choice``); ``""``
    for a decision that chooses nothing."""
    prefixed: ClassVar[bool] = False
    """The actions are ``<name>-<choice>`` (``declare-high``) instead of ``<name> <amount>``."""
    phh_argument: ClassVar[Literal["amount", "card", "word", ""]] = ""
    """What follows the verb in a hand history: an amount, one card, a word or nothing."""
    phh_example: ClassVar[str] = ""
    """An example argument, for error messages (``10``, ``Kd``, ``low``)."""
    phh_help: ClassVar[str] = ""
    """What the PHH action does, with an example (``pay for a card: 'p2 pay 10'``)."""
    phh_aliases: ClassVar[tuple[str, ...]] = ()
    """Older PHH verbs that read as this kind (a kind renamed keeps its old histories
    replayable: ``keep`` reads ``p2 hold``); written histories use :attr:`name`."""
    throws_card: ClassVar[bool] = False
    """The card its PHH action names leaves the player's hand (a trade, a discard)."""
    turns_up: ClassVar[bool] = False
    """The card in its event is turned face up: every seat sees it from then on."""
    sentence: ClassVar[tuple[str, str, str]] = ("", "", "")
    """Narration: the verb for "you", the verb for another player, and the sentence with
    ``{who}``, ``{verb}`` and the event's fields after ``seat`` as ``{0}``, ``{1}``..."""

    # ------------------------------------------------------------------ the engine

    def check(self, hand: Any, seat: int, request: Any) -> None:
        """Raise :class:`~studkit.errors.PluginError` if ``request`` is not a decision
        ``seat`` can be asked for (a card it does not hold, say)."""

    def count(self, request: Any) -> int:
        """How many choices one request asks of a player (one by default)."""
        return 1

    def choices(self, variant: Any) -> tuple[str, ...]:
        """A prefixed kind: every word it may offer in ``variant`` (``declare``: the pot
        shares' names and ``swing``), for encodings that give each choice a fixed id (the RL
        action space); ``()`` when they cannot be known before the hand."""
        return ()

    def options(self, hand: Any, seat: int, request: Any, taken: Sequence[Action]) -> list[Action]:
        """The actions ``seat`` may take now; ``taken`` are those it already took for this
        request (a choice of several cards)."""
        raise PluginError(f"decision kind {self.name!r} is not asked for by any hook")

    def take(self, hand: Any, seat: int, request: Any, action: Action) -> Taken:
        """What ``action`` (one of :meth:`options`) does."""
        raise PluginError(f"decision kind {self.name!r} is not asked for by any hook")

    # ------------------------------------------------------------------ the record

    def chosen(self, event: tuple[Any, ...]) -> Any:
        """What the event says was chosen (an amount, a card, a word), or ``None``."""
        return getattr(event, self.field) if self.field else None

    def action_kind(self, value: Any) -> str:
        """The action kind of a choice of ``value``."""
        return f"{self.name}-{value}" if self.prefixed else self.name

    def choose(self, legal: Sequence[Action], value: Any) -> Action | None:
        """The legal action that choosing ``value`` (from an event or a hand history) is."""
        kind = self.action_kind(value)
        for action in legal:
            if action.kind == kind and (self.prefixed or value is None or action.amount == value):
                return action
        return None

    def chips(self, event: tuple[Any, ...]) -> int:
        """The chips the event's decision put in the pot (0 by default)."""
        return 0

    def thrown(self, event: tuple[Any, ...]) -> Card | None:
        """The card the event takes out of the player's hand, if any."""
        value = self.chosen(event)
        return value if self.throws_card and isinstance(value, Card) else None

    # ------------------------------------------------------------------ presentation

    def seen(self, event: tuple[Any, ...], visible: bool) -> tuple[Any, ...]:
        """The event as another seat sees it; ``visible``: that seat sees the actor's down
        cards (the hand was shown). By default everyone sees all of it."""
        return event

    def label(self, action: Action) -> str:
        """How a player reads the action in a list of choices (``expose Kh``, ``declare
        high``)."""
        if self.prefixed:
            return action.kind.replace("-", " ", 1)
        if action.amount is None:
            return action.kind
        if self.phh_argument == "card":
            return f"{action.kind} {CARDS[action.amount]}"
        return f"{action.kind} {action.amount}"

    def describe(self, value: Any) -> str:
        """What choosing ``value`` is, in words (``pay 10``, ``twist 7c``)."""
        return self.name if value is None else f"{self.name} {value}"

    def bot_choice(self, view: Any, actions: Sequence[Action], variant: Any) -> Action | None:
        """The shipped rule-based bots' choice among ``actions`` (this kind's options), from
        ``view``, the seat's :class:`~studkit.engine.view.SeatView`; ``None`` (the default):
        they choose at random (:mod:`studkit.bots.card_sense` has rules a kind may use)."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r})"


class DecisionKinds:
    """A set of decision kinds, looked up by name, by action kind and by request record."""

    __slots__ = ("by_name", "by_request", "by_alias")

    def __init__(self, kinds: Iterable[tuple[str, Any]] = ()) -> None:
        """``kinds``: ``(plugin name, kind)`` pairs; a kind that is not a
        :class:`DecisionKind`, a name (or PHH alias) taken twice or a reserved name is a
        :class:`~studkit.errors.PluginError` naming the plugin. Two plugins may register the
        same kind (the same class under the same name: ``keep`` is both ``flip``'s and
        ``roll-your-own``'s)."""
        self.by_name: dict[str, DecisionKind] = {}
        self.by_request: dict[type, DecisionKind] = {}
        self.by_alias: dict[str, DecisionKind] = {}
        owners: dict[str, str] = {}
        for plugin, kind in kinds:
            if not isinstance(kind, DecisionKind) or not kind.name:
                raise PluginError(
                    f"plugin {plugin!r}: studkit_decision_kinds returned {kind!r}, not a "
                    "DecisionKind with a name"
                )
            name = kind.name
            if name in RESERVED_NAMES or not name.replace("-", "").isalpha():
                raise PluginError(
                    f"plugin {plugin!r}: decision kind name {name!r} is taken by the engine or "
                    "hand histories (or is not a word)"
                )
            if name in owners and owners[name] != plugin:
                if type(self.by_name[name]) is type(kind):
                    continue  # the same kind, shared by two plugins
                raise PluginError(
                    f"plugin {plugin!r}: decision kind {name!r} is already registered by "
                    f"plugin {owners[name]!r}"
                )
            owners[name] = plugin
            self.by_name[name] = kind
            if kind.request is not None:
                self.by_request[kind.request] = kind
            for alias in kind.phh_aliases:
                if alias in RESERVED_NAMES or alias in owners:
                    raise PluginError(
                        f"plugin {plugin!r}: decision kind {name!r} takes the PHH alias "
                        f"{alias!r}, which is a verb already"
                    )
                self.by_alias[alias] = kind
        clash = sorted(set(self.by_alias) & set(self.by_name))
        if clash:
            raise PluginError(f"decision kind names {clash} are also another kind's PHH alias")

    def by_verb(self, verb: str) -> DecisionKind | None:
        """The kind a PHH verb stands for: its name, or an older name it still reads."""
        return self.by_name.get(verb) or self.by_alias.get(verb)

    def of(self, kind: str) -> DecisionKind | None:
        """The kind of an event or action kind (``declare-high`` is ``declare``'s)."""
        found = self.by_name.get(kind)
        if found is None and "-" in kind:
            found = self.by_name.get(kind.partition("-")[0])
            if found is not None and not found.prefixed:
                return None
        return found

    def record(self, event: tuple[Any, ...]) -> tuple[Any, ...]:
        """A plain tuple of one of these kinds as its typed record (else as it is)."""
        kind = self.by_name.get(kind_of(event)) if event and type(event) is tuple else None
        record = kind.event if kind is not None else None
        if record is None or len(event) != len(record._fields):
            return event
        return record(*event)  # type: ignore[no-any-return]

    def __contains__(self, name: object) -> bool:
        return name in self.by_name

    def __eq__(self, other: object) -> bool:
        # The same kinds: the same names, each of the same class (kinds hold no state of
        # their own), so a cache keyed by the kinds is keyed by value.
        if not isinstance(other, DecisionKinds):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[tuple[str, type], ...]:
        return tuple((name, type(kind)) for name, kind in self.by_name.items())

    def __iter__(self) -> Any:
        return iter(self.by_name.values())

    def __len__(self) -> int:
        return len(self.by_name)


NO_KINDS = DecisionKinds()
"""No decision kinds (a game without plugins)."""

_MEMO_KEY = ("engine", "decision-kinds")


def kinds_from(host: Any) -> DecisionKinds:
    """The decision kinds of a plugin host's plugins (``None``: none)."""
    if host is None:
        return NO_KINDS
    return DecisionKinds(host.decision_kinds())


def decision_kinds(variant: Variant) -> DecisionKinds:
    """The decision kinds the plugins acting in ``variant`` register (kept in
    ``variant.memo``, rebuilt when the variant's plugin registry changes)."""
    registry = registry_of(variant)
    found = variant.memo.get(_MEMO_KEY)
    if found is not None and found[0] is registry and found[1] == registry.generation:
        kinds: DecisionKinds = found[2]
        return kinds
    kinds = kinds_from(host_for(variant))
    variant.memo[_MEMO_KEY] = (registry, registry.generation, kinds)
    return kinds


def known_kinds(registry: PluginRegistry | None = None) -> DecisionKinds:
    """Every decision kind registered by a plugin ``registry`` (default: ``PluginRegistry()``,
    the built-ins and entry points) can find, for reading a hand history before its game is
    known."""
    registry = registry if registry is not None else PluginRegistry()
    found = registry.memo.get(_KNOWN_KEY)
    if found is None:
        found = registry.memo[_KNOWN_KEY] = DecisionKinds(registry_decision_kinds(registry))
    kinds: DecisionKinds = found
    return kinds


_KNOWN_KEY = "engine.known-kinds"
