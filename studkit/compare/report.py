"""``studkit compare --report DIR``: an HTML page of a comparison, with its charts.

The page holds everything: the rules diff, every statistic with its test, the winning
categories and the exact odds as tables, and the charts (the pot-size distributions, the
winning-category frequencies of each pot share, the action mix of each street) drawn as
inline SVG by :mod:`studkit.compare.charts`, so it needs nothing beyond studkit. When
matplotlib is installed (the ``plot`` extra), the same charts are also written as PNG files
beside the page, for slides and papers.
"""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from studkit.compare.charts import ACTION_ORDER, POTS_AXIS, all_charts, pot_bins, pots_legend
from studkit.compare.comparison import Comparison, StatRow, format_difference, format_value
from studkit.errors import StudkitError
from studkit.extras import install_hint
from studkit.simulation.design import estimate_text
from studkit.simulation.tally import category_order

__all__ = [
    "PlotError", "write_report", "matplotlib_available", "prepare_report_folder",
    "category_order", "PLOTS", "PNG_HINT",
]

PLOTS = ("pots.png", "categories.png", "actions.png")
"""The PNG files a report writes next to ``index.html`` when matplotlib is installed."""

PNG_HINT = install_hint("plot")
"""How to get the PNG copies: the ``plot`` extra (matplotlib)."""


class PlotError(StudkitError):
    """A report that cannot be written (a directory not writable)."""


def matplotlib_available() -> bool:
    """Whether matplotlib can be imported (then the report also writes PNG files)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _figure(width: float, height: float) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=110, layout="constrained")


def _plot_pots(comparison: Comparison, path: Path) -> None:
    figure = _figure(8, 4.5)
    axes = figure.add_subplot()
    top, bins = pot_bins(comparison)
    for report in comparison.reports:
        sizes = sorted(report.tally.pots)
        weights = [report.tally.pots[s] / report.tally.hands for s in sizes]
        axes.hist(
            [report.in_big_bets(size) for size in sizes], bins=bins, range=(0, top),
            weights=weights, histtype="step", linewidth=1.6, label=pots_legend(report),
        )
    axes.set_xlabel(POTS_AXIS)
    axes.set_ylabel("share of hands")
    axes.set_title("Pot-size distribution")
    axes.legend()
    figure.savefig(path)


def _category_order(comparison: Comparison, share: str) -> list[str]:
    names: list[str] = []
    for report in comparison.reports:
        for name in report.winning_categories().get(share, {}):
            if name not in names:
                names.append(name)
    return category_order(names)


def _plot_categories(comparison: Comparison, path: Path) -> None:
    shares: list[str] = []
    for report in comparison.reports:
        shares.extend(s for s in report.share_names if s not in shares)
    figure = _figure(9, 3.6 * max(1, len(shares)))
    for index, share in enumerate(shares):
        axes = figure.add_subplot(len(shares), 1, index + 1)
        names = _category_order(comparison, share)
        having = [r for r in comparison.reports if share in r.share_names]
        width = 0.8 / max(1, len(having))
        for k, report in enumerate(having):
            counts = report.winning_categories().get(share, {})
            showdowns = max(1, report.tally.showdowns)
            axes.bar(
                [i + k * width for i in range(len(names))],
                [counts.get(n, 0) / showdowns for n in names],
                width=width, label=report.variant,
            )
        axes.set_xticks([i + width * (len(having) - 1) / 2 for i in range(len(names))])
        axes.set_xticklabels(names, rotation=30, ha="right")
        axes.set_ylabel("share of showdowns")
        axes.set_title(f"Winning {share} hands at showdown")
        axes.legend()
    figure.savefig(path)


def _plot_actions(comparison: Comparison, path: Path) -> None:
    reports = comparison.reports
    figure = _figure(4.2 * len(reports), 4.2)
    for index, report in enumerate(reports):
        axes = figure.add_subplot(1, len(reports), index + 1)
        mix = report.action_mix()
        streets = list(mix)
        bottoms = [0.0] * len(streets)
        kinds = [k for k in ACTION_ORDER if any(k in mix[s] for s in streets)]
        kinds += sorted({k for s in streets for k in mix[s]} - set(kinds))
        for kind in kinds:
            shares = [mix[s].get(kind, 0) / max(1, sum(mix[s].values())) for s in streets]
            axes.bar(streets, shares, bottom=bottoms, label=kind)
            bottoms = [b + v for b, v in zip(bottoms, shares, strict=True)]
        axes.set_title(f"{report.variant}: actions by street")
        axes.set_ylabel("share of decisions")
        axes.set_ylim(0, 1)
        if index == len(reports) - 1:
            axes.legend(fontsize="small", loc="center left", bbox_to_anchor=(1.0, 0.5))
    figure.savefig(path)


def _p(value: float | None) -> str:
    if value is None:
        return ""
    return "< 0.0001" if value < 1e-4 else f"{value:.4f}"


def _stat_rows(rows: Sequence[StatRow], names: Sequence[str]) -> str:
    out = []
    for row in rows:
        cells = [html.escape(row.label)]
        cells += [html.escape(format_value(v, row.name, missing="n/a")) for v in row.values]
        for i in range(len(names) - 1):
            verdict = row.verdicts[i] if i < len(row.verdicts) else ""
            p = _p(row.adjusted[i]) if verdict not in ("no difference", "not tested") else ""
            said = html.escape(f"{verdict}, p {p}" if p else verdict)
            if verdict == "significant":
                said = f'<strong class="sig">{said}</strong>'
            difference = html.escape(format_difference(row.differences[i], row.name))
            cells.append(f"{difference}<br><small>{said}</small>")
        cells.append(html.escape(row.test or "none"))
        out.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return "\n".join(out)


def _design_html(comparison: Comparison) -> str:
    """The design metrics of every variant side by side: the headline figures, the streets,
    and each position's result."""
    reports = comparison.reports
    designs = [r.design() for r in reports]
    head = "".join(f"<th>{html.escape(r.variant)}</th>" for r in reports)

    def row(label: str, cells: Sequence[str]) -> str:
        return (f"<tr><td>{html.escape(label)}</td>"
                + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")

    def fairness(design: dict[str, Any]) -> str:
        text = estimate_text(design["fairness"], "plain")
        if design["fairness"]["best"] is not None:
            text += (f" (best position {design['fairness']['best'] + 1}, worst "
                     f"{design['fairness']['worst'] + 1})")
        return text

    def bring_in(design: dict[str, Any], part: str) -> str:
        found = design["bring_in_ev_bb100"]
        return estimate_text(found[part]) if found else "no bring-in"

    rows = [
        row("fairness: best position less worst (bb/100)", [fairness(d) for d in designs]),
        row("bring-in player (bb/100)", [bring_in(d, "bring_in") for d in designs]),
        row("the others on average (bb/100)", [bring_in(d, "others") for d in designs]),
        row("decisions per hand",
            [estimate_text(d["decisions_per_hand"], "plain") for d in designs]),
        row("skill: strongest bot less weakest (bb/100)", [
            f"{d['skill']['stronger']} - {d['skill']['weaker']}: "
            f"{estimate_text(d['skill']['bb100'], 'unsigned')}" if d["skill"]
            else "one kind of bot"
            for d in designs]),
        row("hands until the strongest bot leads (95%)", [
            f"{d['skill']['hands_to_lead_95']:,}"
            if d["skill"] and d["skill"]["hands_to_lead_95"] else "-" for d in designs]),
    ]
    streets = list(dict.fromkeys(name for r in reports for name in r.street_names))
    rows.append(row("lead changes a hand (best board)", [
        estimate_text(d["lead_changes"]["per_hand"], "plain") for d in designs]))
    for label, key, kind in (("hands reaching {}", "streets_reached", "share"),
                             ("the best board on {} wins", "decisiveness", "share"),
                             ("pot after {} (big bets)", "pot_bb_by_street", "plain"),
                             ("bets and raises on {} (of decisions)", "raise_frequency",
                              "share")):
        rows += [row(label.format(name), [estimate_text(d[key].get(name), kind)
                                          for d in designs]) for name in streets]
    traced = next((d["skill_trace"] for d in designs if d["skill_trace"]), None)
    for k, point in enumerate(traced or []):
        rows.append(row(f"skill trace: {point['bot']} against the weakest bot (bb/100)", [
            f"{d['skill_trace'][k]['opponent']}: "
            f"{estimate_text(d['skill_trace'][k]['bb100'], 'unsigned')}"
            if d["skill_trace"] and k < len(d["skill_trace"]) else "-" for d in designs]))
    most = max(r.players for r in reports)
    for k in range(most):
        rows.append(row(f"position {k + 1} from the dealer's left (bb/100)", [
            estimate_text(d["seat_ev_bb100"]["from_button"][k])
            if k < len(d["seat_ev_bb100"]["from_button"]) else "-" for d in designs]))
    for k in range(most):
        rows.append(row(f"position {k + 1} from the bring-in (bb/100)", [
            estimate_text(d["seat_ev_bb100"]["from_bring_in"][k])
            if d["seat_ev_bb100"]["from_bring_in"]
            and k < len(d["seat_ev_bb100"]["from_bring_in"]) else "-" for d in designs]))
    return (f"<table><tr><th>metric (95% interval)</th>{head}</tr>"
            + "\n".join(rows) + "</table>")


def _categories_html(comparison: Comparison) -> str:
    """Per pot share, each variant's winning categories (best first) as showdowns and the
    fraction of its showdowns, with the showdowns where the share was not awarded."""
    parts = []
    shares = list(dict.fromkeys(
        share for report in comparison.reports for share, counts in
        report.winning_categories().items() if counts
    ))
    for share in shares:
        header = "".join(f"<th>{html.escape(r.variant)}</th>" for r in comparison.reports)
        body = []
        for name in _category_order(comparison, share):
            cells = []
            for report in comparison.reports:
                if share not in report.share_names:
                    cells.append("<td>n/a</td>")  # the variant has no such pot share
                    continue
                count = report.winning_categories().get(share, {}).get(name, 0)
                cells.append(_count_cell(count, report.tally.showdowns))
            body.append(f"<tr><td>{html.escape(name)}</td>{''.join(cells)}</tr>")
        unawarded = [
            r.tally.showdowns - r.tally.share_awards.get(share, 0) if share in r.share_names
            else None
            for r in comparison.reports
        ]
        if any(unawarded):  # a share with a qualifier (the low of eight-or-better)
            missing = [
                "<td>n/a</td>" if count is None else _count_cell(count, r.tally.showdowns)
                for count, r in zip(unawarded, comparison.reports, strict=True)
            ]
            body.append(f"<tr><td>(not awarded: no {html.escape(share)} hand qualified)</td>"
                        f"{''.join(missing)}</tr>")
        parts.append(
            f"<h3>{html.escape(share)}</h3><table><tr><th>category</th>{header}</tr>"
            f"{''.join(body)}</table>"
        )
    return "\n".join(parts) or "<p>No pot share has hand categories.</p>"


def _count_cell(count: int, showdowns: int) -> str:
    share = f" ({count / showdowns:.2%})" if showdowns else ""
    return f"<td>{count:,}{share}</td>"


def _odds_html(comparison: Comparison) -> str:
    if comparison.odds_skipped:
        return "<p>Not computed (<code>--no-odds</code>).</p>"
    if not comparison.odds:
        return "<p>The variants rank their final hands the same way.</p>"
    parts = []
    for table in comparison.odds:
        rows = "".join(
            f"<tr><td>{html.escape(name)}</td><td>{count:,}</td>"
            f"<td>{count / table.total:.6%}</td></tr>"
            for name, count in table.categories.items()
        )
        parts.append(
            f"<h3>{html.escape(table.key)} ({html.escape(', '.join(table.variants))})</h3>"
            f"<table><tr><th>category</th><th>hands</th><th>probability</th></tr>{rows}"
            f"</table><p>of {table.total:,} hands, every one enumerated</p>"
        )
    return "\n".join(parts)


_STYLE = """body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 8px;
text-align:right}td:first-child,th:first-child{text-align:left}svg{max-width:100%;height:auto}
figure.chart{display:inline-block;margin:1em 1em 1em 0;vertical-align:top}
small{color:#555}.sig{color:#b00000}.warning{color:#8a4b00;font-weight:bold}"""


def _page(comparison: Comparison, pngs: bool) -> str:
    names = comparison.names
    first = comparison.reports[0]
    rules = []
    for other, lines in zip(names[1:], comparison.rules, strict=True):
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines) or "<li>none</li>"
        title = f"{html.escape(names[0])} &rarr; {html.escape(other)}"
        rules.append(f"<h3>{title}</h3><ul>{items}</ul>")
    header = "".join(f"<th>{html.escape(n)}</th>" for n in names)
    header += "".join(f"<th>{html.escape(n)} &minus; {html.escape(names[0])}</th>"
                      for n in names[1:])
    charts = "\n".join(
        f'<figure class="chart">{chart}</figure>' for chart in all_charts(comparison)
    )
    if pngs:
        links = ", ".join(f'<a href="{name}">{name}</a>' for name in PLOTS)
        copies = f"<p>The same charts as PNG files: {links}.</p>"
    else:
        copies = (f"<p><small>PNG copies of the charts are written when matplotlib is "
                  f"installed: <code>{html.escape(PNG_HINT)}</code>.</small></p>")
    warnings = "".join(f'<p class="warning">Warning: {html.escape(w)}.</p>'
                       for w in comparison.warnings)
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>studkit compare: {html.escape(' vs '.join(names))}</title><style>{_STYLE}</style></head>
<body>
<h1>{html.escape(' vs '.join(names))}</h1>
<p>{first.hands:,} hands per variant, {first.players} players
({html.escape(', '.join(first.bots))}), seed {first.seed}: every variant is dealt from the
same seed.</p>
<p><strong>{html.escape(comparison.summary())}</strong></p>
{warnings}
<h2>Rules</h2>{''.join(rules)}
<h2>Statistics</h2>
<p>Each difference is against {html.escape(names[0])}; p-values are Holm-corrected over all
tests and a difference is significant below {comparison.alpha:.0%}.</p>
<table><tr><th>statistic</th>{header}<th>test</th></tr>
{_stat_rows(comparison.rows, names)}
</table>
<h2>Design metrics</h2>
<p>What a designer asks of a rule set, each figure with its 95% interval: whether any
position is worth more than another, what bringing in costs, how far hands go and how big
their pots grow (docs/design-metrics.md defines each one).</p>
{_design_html(comparison)}
<h2>Winning hands at showdown</h2>
<p>Per pot share, the category of the hand that won the main pot's share, as showdowns and
the fraction of all showdowns of that variant.</p>
{_categories_html(comparison)}
<h2>Charts</h2>
{charts}
{copies}
<h2>Exact odds of the hand rankings</h2>{_odds_html(comparison)}
</body></html>
"""


def prepare_report_folder(directory: str | Path) -> None:
    """Make the ``--report`` folder now, so a path that cannot be written is refused before
    the simulations, not after them."""
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise PlotError(f"--report {str(directory)!r}: cannot write the report: {error}") from None
    if not os.access(folder, os.W_OK):
        raise PlotError(f"--report {str(directory)!r}: cannot write in that folder")


def write_report(comparison: Comparison, directory: str | Path) -> list[Path]:
    """Write ``index.html`` (charts inline) into ``directory``, and the PNG copies of the
    charts when matplotlib is installed; returns the files written, the page first."""
    folder = Path(directory)
    pngs = matplotlib_available()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        files = [folder / name for name in PLOTS] if pngs else []
        if pngs:
            _plot_pots(comparison, files[0])
            _plot_categories(comparison, files[1])
            _plot_actions(comparison, files[2])
        page = folder / "index.html"
        page.write_text(_page(comparison, pngs), "utf-8")
    except OSError as error:
        raise PlotError(f"--report {str(directory)!r}: cannot write the report: {error}") from None
    return [page, *files]
