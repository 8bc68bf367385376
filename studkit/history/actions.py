"""The PHH action notation: one string per dealer or player action.

The grammar (PHH specification, "Actions") is ``[[actor verb[ argument...]][ # commentary]]``:

========================  ==============================
``d dh pN CARDS``         deal cards to player N
``d db CARDS``            deal a community card
``pN pb``                 post the bring-in
``pN cbr AMOUNT``         complete, bet or raise to AMOUNT
``pN cc``                 check or call
``pN f``                  fold
``pN sm[ CARDS|-]``       show cards (``-``: the cards dealt), or muck without cards
``pN sd[ CARDS]``         stand pat or discard (draw games; no stud game uses it)
``# commentary`` or ``""``  no-op
========================  ==============================

studkit adds the decisions of its plugin games (only in ``variant = "studkit"`` hands): each
registered decision kind (:mod:`studkit.engine.decisions`) is a verb, ``pN NAME`` followed by
its argument, an amount, one card or a word, if it has one (the shipped plugins' ``pN pay
10``, ``pN expose Kd``, ``pN declare low``, ``pN twist 7c``, ``pN stand``).

Cards are concatenated two-character cards (``AsKd7h``); ``??`` is an unknown card.
Players are numbered from 1 in the file and from 0 here.

>>> a = parse_action("p2 cbr 300000 # completes")
>>> (a.player, a.verb, a.amount, a.comment)
(1, 'cbr', 300000, 'completes')
>>> format_action(a)
'p2 cbr 300000 # completes'
>>> parse_action("d dh p1 8c??").cards
(8c, None)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from studkit.cards import CARDS, Card, parse_card
from studkit.engine.decisions import DecisionKind, DecisionKinds, known_kinds
from studkit.errors import CardError, HistoryError

__all__ = [
    "Action",
    "Amount",
    "Verb",
    "VERBS",
    "parse_action",
    "format_action",
    "parse_phh_cards",
    "format_phh_cards",
    "format_amount",
    "is_decision_verb",
]

Amount = int | Decimal
"""A chip amount as a PHH file gives it: an integer, or a decimal for fractional chips."""

Verb = str
"""A PHH verb (:data:`VERBS`), a decision kind's name, or ``""`` for a no-op."""

VERBS: dict[str, str] = {
    "dh": "deal cards to a player: 'd dh p1 AsKd7h'",
    "db": "deal a community card: 'd db 7h'",
    "pb": "post the bring-in: 'p3 pb'",
    "cbr": "complete, bet or raise to an amount: 'p2 cbr 300'",
    "cc": "check or call: 'p1 cc'",
    "f": "fold: 'p4 f'",
    "sm": "show ('p1 sm AsKd7h5c2d9h3s' or 'p1 sm -') or muck ('p1 sm')",
    "sd": "stand pat or discard (draw games): 'p1 sd' or 'p1 sd 7h'",
}
"""Every action verb of the notation, with what it does and an example (a decision kind's
verb is explained by its kind's ``phh_help``)."""

_PLAYER = re.compile(r"p([1-9][0-9]*)")
_SEATS: dict[str, int] = {f"p{number}": number - 1 for number in range(1, 33)}
"""``p1`` to ``p32`` and their seat indexes (any other number goes through ``_PLAYER``)."""
_CARD_TEXTS: dict[str, Card] = {str(card): card for card in CARDS}
"""Each card as PHH writes it (``As``, ``Jk``): one lookup for the usual spelling."""
_DEALER_VERBS = ("dh", "db")
_PLAYER_VERBS = ("pb", "cbr", "cc", "f", "sm", "sd")


@dataclass(frozen=True, slots=True)
class Action:
    """One parsed action of a hand history.

    ``player`` is the 0-based seat index of the acting player (``pN`` is seat ``N - 1``), or of
    the player dealt to for ``d dh``; ``None`` for ``d db`` and no-ops. ``cards`` holds the
    cards argument with ``None`` for an unknown card ``??``; ``cards`` is ``None`` when the
    action has no cards (``p1 sm`` mucks). ``shows_dealt`` is ``True`` for ``pN sm -``.
    """

    verb: Verb
    player: int | None = None
    cards: tuple[Card | None, ...] | None = None
    amount: Amount | None = None
    shows_dealt: bool = False
    comment: str | None = None
    choice: str | None = None
    """A decision kind's word argument (``declare low``: ``low``)."""

    @property
    def is_dealing(self) -> bool:
        """True for the dealer's actions, ``d dh`` and ``d db``."""
        return self.verb in _DEALER_VERBS

    @property
    def is_noop(self) -> bool:
        """True for an empty action or a standalone commentary."""
        return self.verb == ""

    @property
    def is_bet(self) -> bool:
        """True for the betting actions: ``pb``, ``cbr``, ``cc`` and ``f``."""
        return self.verb in ("pb", "cbr", "cc", "f")

    def __str__(self) -> str:
        return format_action(self)


def parse_phh_cards(text: str) -> tuple[Card | None, ...]:
    """Parse concatenated PHH cards such as ``AsKd7h``; ``??`` is an unknown card (``None``).

    >>> parse_phh_cards("8c??Jk")
    (8c, None, Jk)
    """
    if not text or len(text) % 2:
        raise CardError(
            f"bad cards {text!r}: expected two-character cards written together, "
            "such as 'AsKd7h' ('??' for an unknown card)"
        )
    out: list[Card | None] = []
    for i in range(0, len(text), 2):
        token = text[i : i + 2]
        known = _CARD_TEXTS.get(token)
        if known is not None:
            out.append(known)
            continue
        if token == "??":
            out.append(None)
            continue
        if token[0] == "?" or token[1] == "?":
            raise CardError(f"bad card {token!r} in {text!r}: a card is known or '??', not half")
        try:
            out.append(parse_card(token))
        except CardError:
            raise CardError(
                f"bad card {token!r} in {text!r}: expected a rank (2-9, T, J, Q, K, A) and a "
                "suit (c, d, h, s), e.g. 'As', or '??' for an unknown card"
            ) from None
    return tuple(out)


def format_phh_cards(cards: Sequence[Card | None]) -> str:
    """Write cards the PHH way: concatenated, ``??`` for an unknown card.

    >>> from studkit.cards import parse_cards
    >>> format_phh_cards(parse_cards("As Kd") + (None,))
    'AsKd??'
    """
    return "".join("??" if c is None else str(c) for c in cards)


def format_amount(amount: Amount) -> str:
    """An amount as PHH writes it: ``300000``, ``0.25``."""
    if isinstance(amount, Decimal):
        if amount == amount.to_integral_value():
            return str(int(amount))
        return format(amount.normalize(), "f")
    return str(amount)


def _parse_amount(text: str) -> Amount:
    cleaned = text.replace(",", "")
    try:
        return int(cleaned)
    except ValueError:
        pass
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise HistoryError(f"bad amount {text!r}: expected a number such as 300 or 2.5") from None
    if not value.is_finite():
        raise HistoryError(f"bad amount {text!r}: expected a finite number")
    return value


def _parse_player(token: str) -> int:
    seat = _SEATS.get(token)
    if seat is not None:
        return seat
    match = _PLAYER.fullmatch(token)
    if match is None:
        raise HistoryError(
            f"bad player {token!r}: expected 'p' and a player number from 1, e.g. 'p2'"
        )
    return int(match.group(1)) - 1


_WORDS = {
    "fold": "f",
    "check": "cc",
    "call": "cc",
    "bet": "cbr",
    "raise": "cbr",
    "complete": "cbr",
    "bring-in": "pb",
    "bringin": "pb",
    "show": "sm",
    "muck": "sm",
    "deal": "dh",
}


def _suggest_verb(word: str, kinds: DecisionKinds | None = None) -> str:
    import difflib

    verbs = [*VERBS, *(kinds.by_name if kinds is not None else ())]
    close = difflib.get_close_matches(word, verbs, n=1, cutoff=0.5)
    guess = _WORDS.get(word.lower()) or (close[0] if close else None)
    hint = f" (did you mean {guess!r}?)" if guess else ""
    return f"unknown action {word!r}{hint}: expected one of " + ", ".join(verbs)


def is_decision_verb(verb: str) -> bool:
    """Whether ``verb`` is a decision kind's (studkit's own notation), not PHH's."""
    return verb not in VERBS and verb != ""


def parse_action(text: str, kinds: DecisionKinds | None = None) -> Action:
    """Parse one action string; raises :class:`HistoryError` saying what is wrong.

    ``kinds``: the decision kinds whose verbs are accepted (default: every kind the built-in
    and entry-point plugins register). The caller adds the file and the action's index to the
    message. Answers are remembered (actions are immutable, and the same few thousand texts
    make up most hands).
    """
    return _parse_action(text, kinds)


@lru_cache(maxsize=4096)
def _parse_action(text: str, kinds: DecisionKinds | None) -> Action:
    body, hash_sign, rest = text.partition("#")
    comment = rest.strip() if hash_sign else None
    words = body.split()
    if not words:
        return Action("", comment=comment)
    try:
        return _parse_words(words, text, comment, kinds)
    except CardError as error:
        raise HistoryError(str(error)) from None


def _parse_words(
    words: list[str], text: str, comment: str | None, kinds: DecisionKinds | None
) -> Action:
    actor = words[0]
    if actor == "d":
        if len(words) < 2:
            raise HistoryError("the dealer 'd' needs an action: 'dh' (deal to a player) or 'db'")
        verb = words[1]
        if verb == "dh":
            if len(words) != 4:
                raise HistoryError("expected 'd dh pN CARDS', e.g. 'd dh p1 AsKd7h'")
            return Action(
                "dh",
                player=_parse_player(words[2]),
                cards=parse_phh_cards(words[3]),
                comment=comment,
            )
        if verb == "db":
            if len(words) != 3:
                raise HistoryError("expected 'd db CARDS', e.g. 'd db 7h'")
            return Action("db", cards=parse_phh_cards(words[2]), comment=comment)
        if verb in _PLAYER_VERBS:
            raise HistoryError(f"the dealer 'd' cannot {verb!r}: only 'dh' and 'db' are dealer's")
        raise HistoryError(_suggest_verb(verb))
    player = _parse_player(actor)
    if len(words) < 2:
        raise HistoryError(f"player {actor!r} needs an action: one of " + ", ".join(_PLAYER_VERBS))
    verb, args = words[1], words[2:]
    if verb in ("pb", "cc", "f"):
        if args:
            raise HistoryError(f"{verb!r} takes no argument, got {' '.join(args)!r}")
        return Action(verb, player=player, comment=comment)
    if verb == "cbr":
        if len(args) != 1:
            raise HistoryError("expected 'pN cbr AMOUNT', e.g. 'p2 cbr 300'")
        amount = _parse_amount(args[0])
        if amount <= 0:
            raise HistoryError(f"bad amount {args[0]!r}: a bet or raise is to a positive amount")
        return Action("cbr", player=player, amount=amount, comment=comment)
    if verb in ("sm", "sd"):
        if len(args) > 1:
            raise HistoryError(f"expected 'pN {verb}' or 'pN {verb} CARDS', got {text.strip()!r}")
        if not args:
            return Action(verb, player=player, comment=comment)
        if verb == "sm" and args[0] == "-":
            return Action("sm", player=player, shows_dealt=True, comment=comment)
        return Action(
            verb,
            player=player,
            cards=parse_phh_cards(args[0]),
            comment=comment,
        )
    if verb in _DEALER_VERBS:
        raise HistoryError(f"only the dealer 'd' deals: write 'd {verb} ...', not '{actor} {verb}'")
    if kinds is None:
        kinds = known_kinds()
    kind = kinds.by_verb(verb)
    if kind is not None:
        return _parse_decision(kind, player, args, comment)
    raise HistoryError(_suggest_verb(verb, kinds))


def _parse_decision(
    kind: DecisionKind, player: int, args: list[str], comment: str | None
) -> Action:
    """A decision kind's action: its verb and the argument its kind takes."""
    verb = kind.name
    argument = kind.phh_argument
    if not argument:
        if args:
            raise HistoryError(f"{verb!r} takes no argument, got {' '.join(args)!r}")
        return Action(verb, player=player, comment=comment)
    if len(args) != 1:
        raise HistoryError(f"expected 'pN {verb} {kind.phh_example}'")
    if argument == "amount":
        return Action(verb, player=player, amount=_parse_amount(args[0]), comment=comment)
    if argument == "word":
        return Action(verb, player=player, choice=args[0], comment=comment)
    cards = parse_phh_cards(args[0])
    if len(cards) != 1 or cards[0] is None:
        raise HistoryError(f"{verb!r} names one known card, got {args[0]!r}")
    return Action(verb, player=player, cards=cards, comment=comment)


def format_action(action: Action) -> str:
    """Write an action in PHH notation (the inverse of :func:`parse_action`)."""
    player = f"p{action.player + 1}" if action.player is not None else ""
    if action.verb == "dh":
        words = ["d", "dh", player, format_phh_cards(action.cards or ())]
    elif action.verb == "db":
        words = ["d", "db", format_phh_cards(action.cards or ())]
    elif action.verb == "":
        words = []
    else:
        words = [player, action.verb]
        if action.amount is not None:
            words.append(format_amount(action.amount))
        elif action.choice is not None:
            words.append(action.choice)
        elif action.shows_dealt:
            words.append("-")
        elif action.cards is not None:
            words.append(format_phh_cards(action.cards))
    text = " ".join(words)
    if action.comment is not None:
        text = f"{text} # {action.comment}" if text else f"# {action.comment}"
    return text
