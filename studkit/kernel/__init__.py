"""The simulation kernel: whole hands of a plugin-free variant in compiled loops (numba).

The variant's compiled rules become flat integer arrays (:mod:`studkit.kernel.plan`); one
compiled function per concern deals (:mod:`~studkit.kernel.deal`), runs a betting round
(:mod:`~studkit.kernel.betting`), ranks hands (:mod:`~studkit.kernel.evaluate`) and settles
the showdown and pots (:mod:`~studkit.kernel.showdown`), takes the bots' decisions
(:mod:`~studkit.kernel.bots`, compiling the bots' one definition in :mod:`studkit.bots`);
:mod:`~studkit.kernel.hand` plays whole hands and counts them, and :mod:`~studkit.kernel.run` turns
a block of hands into a :class:`~studkit.simulation.tally.Tally`.

Importing this package imports neither numba nor the compiled modules: numba is loaded
the first time a kernel module that needs it is imported (by
:func:`studkit.simulation.engines.kernel_block`).
"""
