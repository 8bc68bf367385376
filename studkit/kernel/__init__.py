"""The batch kernel: millions of whole hands in a compiled loop, counted.

It holds the loop, the random streams and the tally, and nothing else. Each hand is played on
the rules core (:mod:`studkit.core`, the same C functions the engine's
:class:`~studkit.engine.hand.Hand` calls) over the variant's compiled game
(:mod:`studkit.game`: the rules, the evaluators' tables, the rules plugins hand over as data,
whose rule forms are the core's). The kernel's own C code supplies only what the core waits
for: the cards, from each hand's random stream (``streams.h``); the hands' strengths as the
game ranks them (``studkit/core/game_strengths.c``); the seats' decisions, asked of the
shipped bots (``studkit/bots/seats.c``) in ``block.c`` and, for the decisions a plugin's rule
asks, in ``card_decisions.c``, ``declarations.c``, ``up_cards.c``, ``trades.c`` and
``split_hands.c``; and it counts each hand into the tally. :mod:`~studkit.kernel.plan`
prepares a run's setup and says what the kernel does not play, and
:mod:`~studkit.kernel.run` turns a block of hands into a
:class:`~studkit.simulation.tally.Tally`.

Everything is compiled when studkit is installed: the first run starts at once.
"""
