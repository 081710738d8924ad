#!/usr/bin/env python3
"""Independent reference values for tests/simulation/statistics_test.cpp.

Python standard library only, no code shared with simulation/stats:
  - the two-sided binomial p-value in exact rational arithmetic (fractions):
    the sum of P(K = k) over every k with P(K = k) <= P(K = observed) * (1 + 1e-7),
    the definition R's binom.test uses;
  - the Wilson score interval in 60-digit decimal arithmetic, with the same z
    (1.959963984540054, the 0.975 normal quantile as a double).
Run: python3 tests/simulation/reference/stats_reference.py
"""
from decimal import Decimal, getcontext
from fractions import Fraction
from math import comb

getcontext().prec = 60
Z = Decimal("1.959963984540054")


def binomial_p_value(k, n, p0):
    p0 = Fraction(p0)
    pmf = [comb(n, i) * p0**i * (1 - p0) ** (n - i) for i in range(n + 1)]
    limit = pmf[k] * (1 + Fraction(1, 10**7))
    return sum(x for x in pmf if x <= limit)


def wilson(k, n):
    n_ = Decimal(n)
    p = Decimal(k) / n_
    z2 = Z * Z
    denom = 1 + z2 / n_
    centre = (p + z2 / (2 * n_)) / denom
    half = Z * ((p * (1 - p) / n_ + z2 / (4 * n_ * n_)).sqrt()) / denom
    lo = Decimal(0) if k == 0 else max(Decimal(0), centre - half)
    hi = Decimal(1) if k == n else min(Decimal(1), centre + half)
    return lo, hi


if __name__ == "__main__":
    for k, n, p0 in [(7, 10, Fraction(1, 2)), (60, 100, Fraction(1, 2)), (3, 20, Fraction(1, 3)),
                     (550, 1000, Fraction(1, 2)), (40, 90, Fraction(1, 3)), (363, 1442, Fraction(1, 4)),
                     (152, 310, Fraction(1, 2)), (0, 30, Fraction(1, 2)), (2, 400, Fraction(1, 4))]:
        print(f"binomial k={k} n={n} p0={p0}: {float(binomial_p_value(k, n, p0))!r}")
    for k, n in [(5, 10), (0, 10), (10, 10), (81, 263), (5000, 10000), (0, 200), (363, 1442), (1, 3), (200, 200)]:
        lo, hi = wilson(k, n)
        print(f"wilson k={k} n={n}: [{float(lo)!r}, {float(hi)!r}]")
