"""The charts of a ``compare --report`` page, drawn as inline SVG (no plotting library).

Three charts, each a function of a :class:`~studkit.compare.Comparison` returning an ``<svg>``
element: the pot-size distribution of each variant in big bets (one step line each), the winning
categories of each pot share (grouped bars, one bar per variant) and the action mix of each
street (stacked bars, one chart per variant). Sizes are in SVG user units; the page scales
them to its width. Each bar and line has a ``<title>`` (the browser shows its figure on
hover), and the tables of the page give every number.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence

from studkit.compare.comparison import Comparison
from studkit.simulation import SimulationReport
from studkit.simulation.tally import category_order

__all__ = [
    "all_charts", "pots_chart", "categories_chart", "actions_chart", "pot_histogram",
    "ACTION_ORDER", "POTS_AXIS", "pot_bins", "pots_legend",
]

ACTION_ORDER = ("fold", "check", "call", "bring-in", "complete", "bet", "raise")
"""The order of the action kinds in the stacked bars (others follow, sorted)."""

_COLOURS = (
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
    "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
)
_WIDTH = 860
_LEFT, _RIGHT, _TOP = 64, 16, 34
"""A chart's width and its plot's margins (SVG user units)."""


def _colour(index: int) -> str:
    return _COLOURS[index % len(_COLOURS)]


def _text(x: float, y: float, text: str, *, anchor: str = "middle", size: int = 12,
          rotate: float | None = None, weight: str = "normal") -> str:
    turn = f' transform="rotate({rotate:g} {x:.1f} {y:.1f})"' if rotate is not None else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
        f'font-weight="{weight}"{turn}>{html.escape(text)}</text>'
    )


def _ticks(top: float, count: int = 5) -> list[float]:
    """Round tick values from 0 to at least ``top`` (``top`` > 0)."""
    raw = top / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    return [i * step for i in range(math.ceil(top / step - 1e-9) + 1)]


def _percent(value: float) -> str:
    return f"{value * 100:.0f}%" if value * 100 >= 10 or value == 0 else f"{value * 100:.1f}%"


_PLOT_HEIGHT = 260
_BOTTOM = _TOP + _PLOT_HEIGHT
"""The y of every chart's x axis; below it the x labels, then the legend."""


def _axes(right: float, y_top: float, y_label: str, title: str) -> tuple[list[str], float]:
    """Title, horizontal grid lines with their percentages, the y label and the x axis, for
    a plot from ``_LEFT`` to ``right``; returns the parts and the value at the plot's top."""
    ticks = _ticks(y_top) if y_top > 0 else [0.0, 1.0]
    top_value = ticks[-1]
    parts = [_text((_LEFT + right) / 2, 20, title, size=15, weight="bold")]
    for value in ticks:
        y = _BOTTOM - _PLOT_HEIGHT * value / top_value
        parts.append(f'<line x1="{_LEFT}" y1="{y:.1f}" x2="{right:.1f}" y2="{y:.1f}" '
                     'stroke="#ddd"/>')
        parts.append(_text(_LEFT - 6, y + 4, _percent(value), anchor="end", size=11))
    parts.append(_text(16, _TOP + _PLOT_HEIGHT / 2, y_label, rotate=-90, size=12))
    parts.append(f'<line x1="{_LEFT}" y1="{_BOTTOM}" x2="{right:.1f}" y2="{_BOTTOM}" '
                 'stroke="#444"/>')
    return parts, top_value


def _legend(entries: Sequence[tuple[str, str]], y: float) -> tuple[list[str], float]:
    """``(colour, name)`` entries one a line from ``y`` down; returns the parts and the y
    below the last line."""
    parts = []
    for i, (colour, name) in enumerate(entries):
        line = y + i * 18
        parts.append(f'<rect x="{_LEFT:.1f}" y="{line - 10:.1f}" width="12" height="12" '
                     f'fill="{colour}"/>')
        parts.append(_text(_LEFT + 18, line, name, anchor="start", size=12))
    return parts, y + len(entries) * 18


def _svg(width: float, height: float, label: str, parts: Sequence[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
        f'width="{width:.0f}" role="img" aria-label="{html.escape(label)}" '
        'font-family="sans-serif">'
        f"<title>{html.escape(label)}</title>{''.join(parts)}</svg>"
    )


POTS_AXIS = "pot size (big bets); pots above the 99th percentile are off the chart"
"""The pot charts' x axis: in big bets, so that games at different stakes share it."""


def pots_legend(report: SimulationReport) -> str:
    """A variant's line in the pot charts' legend."""
    return (f"{report.variant} (mean pot {report.in_big_bets(report.mean_pot):.2f} bb, "
            f"median {report.in_big_bets(report.median_pot):.2f} bb)")


def pot_bins(comparison: Comparison) -> tuple[float, int]:
    """``(top, bins)`` of the pot charts, in big bets: the largest 99th percentile of the
    variants' pots bounds the x axis (so that a few huge pots do not squash the rest), cut
    into half-big-bet bins (10 to 60 of them)."""
    top = 0.0
    for report in comparison.reports:
        seen = 0
        for size in sorted(report.tally.pots):
            seen += report.tally.pots[size]
            if seen >= 0.99 * report.tally.hands:
                top = max(top, report.in_big_bets(size))
                break
    top = top or 1.0
    return top, min(60, max(10, int(top * 2) + 1))


def pot_histogram(comparison: Comparison) -> tuple[float, list[list[float]]]:
    """``(top, shares)``: the x axis's bound in big bets (:func:`pot_bins`) and, per variant,
    the share of its hands in each of the equal bins from 0 to ``top`` (pots above are left
    out)."""
    top, bins = pot_bins(comparison)
    shares = []
    for report in comparison.reports:
        row = [0.0] * bins
        for size, count in report.tally.pots.items():
            big_bets = report.in_big_bets(size)
            if 0 <= big_bets <= top:
                row[min(bins - 1, int(big_bets * bins / top))] += (
                    count / max(1, report.tally.hands))
        shares.append(row)
    return top, shares


def pots_chart(comparison: Comparison) -> str:
    """Each variant's pot sizes as a step line over the same bins."""
    top, shares = pot_histogram(comparison)
    right = _WIDTH - _RIGHT
    highest = max((v for row in shares for v in row), default=0.0)
    parts, y_top = _axes(right, highest, "share of hands", "Pot-size distribution")
    plot_width = right - _LEFT
    for value in _ticks(top, 8):
        if value > top:
            break
        x = _LEFT + plot_width * value / top
        parts.append(f'<line x1="{x:.1f}" y1="{_BOTTOM}" x2="{x:.1f}" y2="{_BOTTOM + 5}" '
                     'stroke="#444"/>')
        parts.append(_text(x, _BOTTOM + 18, f"{value:g}", size=11))
    parts.append(_text(_LEFT + plot_width / 2, _BOTTOM + 38, POTS_AXIS))
    for i, row in enumerate(shares):
        bin_width = plot_width / len(row)
        points = [f"{_LEFT:.1f},{_BOTTOM:.1f}"]
        for k, value in enumerate(row):
            y = _BOTTOM - _PLOT_HEIGHT * value / y_top
            points.append(f"{_LEFT + k * bin_width:.1f},{y:.1f}")
            points.append(f"{_LEFT + (k + 1) * bin_width:.1f},{y:.1f}")
        points.append(f"{_LEFT + plot_width:.1f},{_BOTTOM:.1f}")
        parts.append(f'<polyline fill="none" stroke="{_colour(i)}" stroke-width="1.8" '
                     f'points="{" ".join(points)}"/>')
    legend, height = _legend(
        [(_colour(i), pots_legend(r)) for i, r in enumerate(comparison.reports)],
        _BOTTOM + 66,
    )
    return _svg(_WIDTH, height, "Pot-size distribution", parts + legend)


def _shares(comparison: Comparison) -> list[str]:
    shares: list[str] = []
    for report in comparison.reports:
        shares.extend(s for s in report.share_names if s not in shares)
    return shares


def categories_chart(comparison: Comparison, share: str) -> str:
    """The winning categories of one pot share, a bar per variant that has the share, as
    fractions of that variant's showdowns."""
    names = category_order(list(dict.fromkeys(
        name for report in comparison.reports
        for name in report.winning_categories().get(share, {})
    )))
    having = [(i, r) for i, r in enumerate(comparison.reports) if share in r.share_names]
    values = [
        [r.winning_categories().get(share, {}).get(n, 0) / max(1, r.tally.showdowns)
         for n in names]
        for _, r in having
    ]
    right = _WIDTH - _RIGHT
    title = f"Winning {share} hands at showdown"
    highest = max((v for row in values for v in row), default=0.0)
    parts, y_top = _axes(right, highest, "share of showdowns", title)
    slot = (right - _LEFT) / max(1, len(names))
    bar = slot * 0.8 / max(1, len(having))
    for k, name in enumerate(names):
        x0 = _LEFT + k * slot + slot * 0.1
        for j, ((i, report), row) in enumerate(zip(having, values, strict=True)):
            h = _PLOT_HEIGHT * row[k] / y_top
            tip = html.escape(f"{report.variant}, {name}: {row[k]:.2%}")
            parts.append(f'<rect x="{x0 + j * bar:.1f}" y="{_BOTTOM - h:.1f}" '
                         f'width="{bar:.1f}" height="{h:.1f}" fill="{_colour(i)}">'
                         f"<title>{tip}</title></rect>")
        centre = _LEFT + (k + 0.5) * slot
        parts.append(_text(centre, _BOTTOM + 14, name, anchor="end", size=11, rotate=-30))
    legend, height = _legend([(_colour(i), r.variant) for i, r in having], _BOTTOM + 84)
    return _svg(_WIDTH, height, title, parts + legend)


def actions_chart(comparison: Comparison, index: int) -> str:
    """One variant's decisions of each street as a stacked bar of the action kinds."""
    report = comparison.reports[index]
    mix = report.action_mix()
    streets = list(mix)
    kinds = [k for k in ACTION_ORDER if any(k in mix[s] for s in streets)]
    kinds += sorted({k for s in streets for k in mix[s]} - set(kinds))
    width = 420
    right = width - _RIGHT
    title = f"{report.variant}: actions by street"
    parts, _ = _axes(right, 1.0, "share of decisions", title)
    slot = (right - _LEFT) / max(1, len(streets))
    for k, street in enumerate(streets):
        total = max(1, sum(mix[street].values()))
        y = float(_BOTTOM)
        for i, kind in enumerate(kinds):
            share = mix[street].get(kind, 0) / total
            h = _PLOT_HEIGHT * share
            y -= h
            tip = html.escape(f"{street} street, {kind}: {share:.1%}")
            parts.append(f'<rect x="{_LEFT + k * slot + slot * 0.15:.1f}" y="{y:.1f}" '
                         f'width="{slot * 0.7:.1f}" height="{h:.1f}" fill="{_colour(i)}">'
                         f"<title>{tip}</title></rect>")
        parts.append(_text(_LEFT + (k + 0.5) * slot, _BOTTOM + 14, street, anchor="end",
                           size=11, rotate=-30))
    legend, height = _legend([(_colour(i), kind) for i, kind in enumerate(kinds)], _BOTTOM + 70)
    return _svg(width, height, title, parts + legend)


def all_charts(comparison: Comparison) -> list[str]:
    """Every chart of the report, in page order."""
    charts = [pots_chart(comparison)]
    charts += [categories_chart(comparison, share) for share in _shares(comparison)
               if any(r.winning_categories().get(share) for r in comparison.reports)]
    charts += [actions_chart(comparison, i) for i in range(len(comparison.reports))]
    return charts
