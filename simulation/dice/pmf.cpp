#include "simulation/dice/pmf.h"

#include <algorithm>
#include <cmath>

namespace wb::sim::dice {

Pmf Pmf::point(double outcome) {
  Pmf p;
  p.add(outcome, 1.0);
  p.m_denominator = 1;
  return p;
}

double Pmf::snap(double outcome) {
  if (!std::isfinite(outcome) || std::abs(outcome) > 1e9) return outcome;
  double snapped = std::nearbyint(outcome * 1e9) / 1e9;
  return snapped == 0 ? 0.0 : snapped;  // no -0
}

void Pmf::add(double outcome, double probability) {
  if (probability == 0) return;
  if (std::isnan(outcome)) {
    m_undefined += probability;
    return;
  }
  m_p[snap(outcome)] += probability;
}

double Pmf::probability(double outcome) const {
  auto it = m_p.find(snap(outcome));
  return it == m_p.end() ? 0.0 : it->second;
}

double Pmf::atLeast(double x) const {
  double s = 0;
  for (auto it = m_p.lower_bound(snap(x)); it != m_p.end(); ++it) s += it->second;
  return s;
}

double Pmf::atMost(double x) const {
  double s = 0;
  for (auto it = m_p.begin(); it != m_p.end() && it->first <= snap(x); ++it) s += it->second;
  return s;
}

double Pmf::total() const {
  double s = 0;
  for (const auto& [x, p] : m_p) s += p;
  return s;
}

double Pmf::mean() const {
  double s = 0, t = 0;
  for (const auto& [x, p] : m_p) {
    s += x * p;
    t += p;
  }
  return t > 0 ? s / t : 0.0;
}

double Pmf::sd() const {
  double m = mean(), v = 0, t = 0;
  for (const auto& [x, p] : m_p) {
    v += (x - m) * (x - m) * p;
    t += p;
  }
  return t > 0 ? std::sqrt(v / t) : 0.0;
}

double Pmf::min() const { return m_p.empty() ? 0.0 : m_p.begin()->first; }
double Pmf::max() const { return m_p.empty() ? 0.0 : m_p.rbegin()->first; }

std::vector<PmfRow> Pmf::rows() const {
  std::vector<PmfRow> out;
  out.reserve(m_p.size());
  double below = 0;
  for (const auto& [x, p] : m_p) {
    below += p;
    out.push_back(PmfRow{x, p, 0.0, std::min(1.0, below)});
  }
  double above = 0;  // summed from the top: small tails keep their precision
  for (auto it = out.rbegin(); it != out.rend(); ++it) {
    above += it->probability;
    it->atLeast = std::min(1.0, above);
  }
  return out;
}

Pmf Pmf::convolve(const Pmf& x, const Pmf& y) {
  Pmf out;
  for (const auto& [a, pa] : x.m_p)
    for (const auto& [b, pb] : y.m_p) out.add(a + b, pa * pb);
  out.m_denominator = multiplyDenominators(x.m_denominator, y.m_denominator);
  out.m_undefined += x.m_undefined + y.m_undefined - x.m_undefined * y.m_undefined;  // NaN + anything is NaN
  return out;
}

Pmf Pmf::negated() const {
  Pmf out;
  for (const auto& [x, p] : m_p) out.add(-x, p);
  out.m_denominator = m_denominator;
  out.m_undefined = m_undefined;
  return out;
}

Pmf Pmf::shifted(double c) const {
  Pmf out;
  for (const auto& [x, p] : m_p) out.add(x + c, p);
  out.m_denominator = m_denominator;
  out.m_undefined += m_undefined;
  return out;
}

std::string Pmf::fraction(double p) const {
  if (m_denominator == 0) return "";
  double ways = p * static_cast<double>(m_denominator);
  double rounded = std::nearbyint(ways);
  if (std::abs(ways - rounded) > 1e-3 || rounded < 0) return "";
  return std::to_string(static_cast<std::uint64_t>(rounded)) + "/" + std::to_string(m_denominator);
}

std::uint64_t Pmf::multiplyDenominators(std::uint64_t a, std::uint64_t b) {
  if (a == 0 || b == 0) return 0;
  if (a > kMaxDenominator / b) return 0;
  return a * b;
}

}  // namespace wb::sim::dice
