"""The batch kernel: millions of whole hands of a plugin-free variant in a compiled loop.

Each hand is played on the rules core (:mod:`studkit.core`, the same C functions the engine's
:class:`~studkit.engine.hand.Hand` calls): the kernel's own C code (``block.c``) supplies only
what the core waits for, from its random streams (``streams.h``: the cards, the random bots'
choices), the evaluator tables (``studkit/evaluation/lookup.c``: the showing hands and the
showdown) and the shipped bots (``players.c``, deciding by ``studkit/bots/strategy.c``), and
counts each hand into the tally. :mod:`~studkit.kernel.plan` prepares a run's setup (with the
evaluator tables of :mod:`~studkit.evaluation.lookup_tables`) and says what the kernel does
not play, and :mod:`~studkit.kernel.run` turns a block of hands into a
:class:`~studkit.simulation.tally.Tally`.

Everything is compiled when studkit is installed: the first run starts at once.
"""
