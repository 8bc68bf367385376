"""Significance tests for comparing two simulations, in plain Python (no SciPy needed).

* rates (showdowns per hand, ...): the two-proportion z-test with a pooled proportion;
* means (pot size, ...): Welch's t-test, p from Student's t with the Welch-Satterthwaite
  degrees of freedom;
* distributions (winning categories, how hands end, the action mix): Pearson's chi-square
  test of homogeneity on the table of counts;
* many tests at once: Holm's step-down correction of the p-values.

>>> round(two_proportion_test(50, 100, 50, 100), 6)
1.0
>>> round(welch_t_test(10.0, 2.0, 50, 11.0, 2.0, 50), 4)
0.0141
>>> round(chi_square_test([[10, 20], [20, 10]])[2], 4)
0.0098
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = [
    "two_proportion_test",
    "welch_t_test",
    "chi_square_test",
    "holm",
    "normal_sf",
    "student_t_sf",
    "chi_square_sf",
]

_EPS = 1e-15
_TINY = 1e-300


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2.0))


def _beta_fraction(a: float, b: float, x: float) -> float:
    """Continued fraction of the regularized incomplete beta function (modified Lentz)."""
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) > _TINY else _TINY
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) > _TINY else _TINY
        step = d * c
        h *= step
        if abs(step - 1.0) < _EPS:
            break
    return h


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
        + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def student_t_sf(t: float, dof: float) -> float:
    """P(T > t) for Student's t with ``dof`` degrees of freedom."""
    if math.isinf(dof) or dof > 1e7:
        return normal_sf(t)
    tail = 0.5 * _incomplete_beta(dof / 2.0, 0.5, dof / (dof + t * t))
    return tail if t > 0 else 1.0 - tail


def _lower_gamma_series(s: float, x: float) -> float:
    total = term = 1.0 / s
    n = s
    for _ in range(1000):
        n += 1.0
        term *= x / n
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * math.exp(-x + s * math.log(x) - math.lgamma(s))


def _upper_gamma_fraction(s: float, x: float) -> float:
    b = x + 1.0 - s
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, 1000):
        an = -i * (i - s)
        b += 2.0
        d = an * d + b
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = b + an / c
        c = c if abs(c) > _TINY else _TINY
        step = d * c
        h *= step
        if abs(step - 1.0) < _EPS:
            break
    return h * math.exp(-x + s * math.log(x) - math.lgamma(s))


def chi_square_sf(statistic: float, dof: int) -> float:
    """P(X > statistic) for a chi-square X with ``dof`` degrees of freedom."""
    if dof <= 0:
        return 1.0
    if statistic <= 0.0:
        return 1.0
    s, x = dof / 2.0, statistic / 2.0
    if x < s + 1.0:
        return max(0.0, 1.0 - _lower_gamma_series(s, x))
    return min(1.0, _upper_gamma_fraction(s, x))


def two_proportion_test(x1: int, n1: int, x2: int, n2: int) -> float:
    """Two-sided p-value that ``x1/n1`` and ``x2/n2`` come from the same rate."""
    if n1 == 0 or n2 == 0:
        return 1.0
    pooled = (x1 + x2) / (n1 + n2)
    variance = pooled * (1.0 - pooled) * (1.0 / n1 + 1.0 / n2)
    if variance <= 0.0:
        return 1.0
    z = (x1 / n1 - x2 / n2) / math.sqrt(variance)
    return min(1.0, 2.0 * normal_sf(abs(z)))


def welch_t_test(
    mean1: float, sd1: float, n1: int, mean2: float, sd2: float, n2: int
) -> float:
    """Two-sided p-value of Welch's t-test that two means are equal."""
    if n1 < 2 or n2 < 2:
        return 1.0
    v1, v2 = sd1 * sd1 / n1, sd2 * sd2 / n2
    if v1 + v2 <= 0.0:
        return 1.0 if mean1 == mean2 else 0.0
    t = (mean1 - mean2) / math.sqrt(v1 + v2)
    dof = (v1 + v2) ** 2 / (
        (v1 * v1 / (n1 - 1) if v1 else 0.0) + (v2 * v2 / (n2 - 1) if v2 else 0.0)
    )
    return min(1.0, 2.0 * student_t_sf(abs(t), dof))


def chi_square_test(table: Sequence[Sequence[int]]) -> tuple[float, int, float]:
    """Pearson's chi-square test of homogeneity: (statistic, degrees of freedom, p-value).

    Rows are the samples, columns the categories; all-zero columns are dropped.
    """
    columns = [j for j in range(len(table[0])) if any(row[j] for row in table)]
    rows = [[row[j] for j in columns] for row in table]
    rows = [row for row in rows if sum(row)]
    if len(rows) < 2 or len(columns) < 2:
        return 0.0, 0, 1.0
    total = sum(map(sum, rows))
    col_sums = [sum(row[j] for row in rows) for j in range(len(columns))]
    statistic = 0.0
    for row in rows:
        row_sum = sum(row)
        for j, observed in enumerate(row):
            expected = row_sum * col_sums[j] / total
            statistic += (observed - expected) ** 2 / expected
    dof = (len(rows) - 1) * (len(columns) - 1)
    return statistic, dof, chi_square_sf(statistic, dof)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values (step-down, monotone), in the input order."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    m = len(p_values)
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted
