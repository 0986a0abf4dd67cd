"""The statistics the play engines report: the Wilson score interval of a share (simulate), the
two-proportion z-test and Welch's t-test with its normal approximation (balance), and how a p-value
is written (balance, and the pictures of rulecraft/views/plots.py).

It takes counts and samples; it gives intervals, statistics and p-values (floats). Nothing here
knows a game. A newcomer adds a test here, beside the others, with its docstring saying which
approximation it makes."""

from __future__ import annotations

import math

ALPHA = 0.05  # the significance level the verdicts use


def two_proportion_z(k0: int, n0: int, k1: int, n1: int) -> tuple[float, float]:
    """The pooled two-proportion z statistic of k1/n1 against k0/n0 and its two-sided p-value;
    equal shares of none or all (no variance): z 0, p 1."""
    pooled = (k0 + k1) / (n0 + n1)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n0 + 1 / n1))
    if se == 0:
        return 0.0, 1.0
    z = (k1 / n1 - k0 / n0) / se
    return z, math.erfc(abs(z) / math.sqrt(2))


def welch_normal(a: list[int], b: list[int]) -> tuple[float, float]:
    """Welch's t statistic of mean(b) against mean(a) and its two-sided p-value from the normal
    distribution (both samples of two or more); no variance on either side: p 1 if the means are
    equal, else 0."""
    mean_a, mean_b = sum(a) / len(a), sum(b) / len(b)
    se = math.sqrt(variance(a, mean_a) / len(a) + variance(b, mean_b) / len(b))
    if se == 0:
        return 0.0, 1.0 if mean_a == mean_b else 0.0
    t = (mean_b - mean_a) / se
    return t, math.erfc(abs(t) / math.sqrt(2))


def variance(xs: list[int], mean: float) -> float:
    return sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)


def p_text(p: float) -> str:
    return "p < 0.0001" if p < 0.0001 else f"p = {p:.4f}"


Z95 = 1.959963984540054  # the standard normal quantile of a two-sided 95 % interval


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n (it stays inside [0, 1], unlike the normal one)."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
