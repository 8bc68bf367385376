"""Plugins: the hooks they implement, where they are found, and the host that calls them.

* :mod:`~studkit.hooks.specs`: the hook specifications and ``hookimpl``;
* :mod:`~studkit.hooks.registry`: :class:`~studkit.hooks.registry.PluginRegistry` (where
  plugins are found) and :class:`~studkit.hooks.registry.PluginSource` (loading one);
* :mod:`~studkit.hooks.host`: :class:`~studkit.hooks.host.PluginHost`, which checks a
  variant's plugin options and calls their hooks;
* :mod:`~studkit.hooks.evaluators`: the evaluators plugins bring (plugin pot shares and
  rankings, hands of more than eight cards).

This package's own module imports nothing.
"""
