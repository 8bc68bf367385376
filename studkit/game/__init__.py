"""A variant as compiled drivers play it whole: the :class:`studkit.core.Game`
(``studkit/core/game.h``: the rules, the deck, the evaluators' tables and wild cards, and the
rules plugins hand over as data, whose rule forms are the core's), its compile step and what
it cannot express. The batch kernel (:mod:`studkit.kernel`) plays blocks of hands on it; any
other compiled driver (a vectorised environment of many tables) would play the same game.

* :mod:`~studkit.game.compile`: :func:`~studkit.game.compile.compiled_game`;
* :mod:`~studkit.game.limits`: :func:`~studkit.game.limits.game_limits`, in words;
* :mod:`~studkit.game.evaluators`: the evaluators' numbers and the tables a variant needs;
* :mod:`~studkit.game.wild`: the wild cards' tables, static and changing;
* :mod:`~studkit.game.share_strengths`: the strengths each pot share can score.

This package's own module imports nothing.
"""
