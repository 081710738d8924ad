#include "app/report/text_format.h"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace wb::app {

std::string percentText(double x, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << 100.0 * x;
  std::string t = s.str();
  // Float noise around 0 (-6.9e-18) must not print as "-0.0".
  if (!t.empty() && t.front() == '-' && t.find_first_not_of("-0.") == std::string::npos) t.erase(0, 1);
  return t;
}

std::string signedPointsText(double x, int digits) {
  const std::string t = percentText(x, digits);
  if (t.find_first_not_of("0.") == std::string::npos) return t;
  return (t.front() == '-' ? "" : "+") + t;
}

std::string signedIntervalText(const sim::Interval& ci, int digits) {
  return "[" + signedPointsText(ci.lo, digits) + ", " + signedPointsText(ci.hi, digits) + "]";
}

std::string pValueText(double p) {
  if (!(p >= 0.001)) return "p < 0.001";
  std::ostringstream s;
  s << "p = " << std::fixed << std::setprecision(p >= 0.1 ? 2 : 3) << p;
  return s.str();
}

bool changedNoGame(const sim::ImpactMeasure& m) {
  const sim::Interval ci = m.lift.interval();
  return m.measured && m.restrictedGames > 0 && m.lift.mean() == 0 && ci.lo == 0 && ci.hi == 0;
}

std::string agentsText(const std::vector<std::string>& agents) {
  if (agents.empty()) return "(none)";
  bool same = true;
  for (const auto& a : agents) same = same && a == agents.front();
  if (same) return agents.front() + " (every seat)";
  std::string out;
  for (std::size_t i = 0; i < agents.size(); ++i) out += (i ? ", " : "") + agents[i];
  return out + " (rotating over the seats)";
}

std::string intervalText(const sim::Interval& ci, int digits) {
  return "[" + percentText(ci.lo, digits) + ", " + percentText(ci.hi, digits) + "]";
}

std::string numberText(double x, int digits) {
  if (!std::isfinite(x)) return x > 0 ? "inf" : (x < 0 ? "-inf" : "nan");
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << x;
  std::string t = s.str();
  if (t.find('.') != std::string::npos) {
    while (t.back() == '0') t.pop_back();
    if (t.back() == '.') t.pop_back();
  }
  if (t == "-0") t = "0";
  return t;
}

namespace {
std::string boundText(const std::optional<double>& v, double edge, const char* beyond) {
  return v ? numberText(*v) : std::string(beyond) + " " + numberText(edge);
}
}  // namespace

std::string balancePointText(const sim::BalancePoint& bp, const std::string& name, const std::vector<double>& values) {
  if (!bp.crossed) {
    if (bp.noDetectableEffect())
      return "no detectable effect in this range (about " + std::to_string(bp.gamesFor2Points) +
             " games per value would detect a 2-point effect)";
    return std::string("not crossed in range (every value is ") + (bp.above > 0 ? "above" : "below") +
           " the target, " + std::to_string(bp.above + bp.below) + " of them clearly)";
  }
  double lo = values.empty() ? 0 : values.front(), hi = lo;
  for (double v : values) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  std::string out = name + " = " + numberText(bp.value) + " [" + boundText(bp.lo, lo, "<") + ", " +
                    boundText(bp.hi, hi, ">") + "]";
  if (bp.crossings > 1) out += " (first of " + std::to_string(bp.crossings) + " crossings)";
  return out;
}

}  // namespace wb::app
