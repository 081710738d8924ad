#include "charts/builders/run_result_charts.h"

#include <QObject>

#include <cmath>

#include "simulation/compare/difference_interval.h"
#include "simulation/stats/statistics.h"

namespace wb::charts {

namespace {
WinRateBar bar(const QString& label, const sim::OutcomeTally& t) {
  WinRateBar b;
  b.label = label;
  // A win rate is wins by the rules over all games, as the Outcomes table,
  // Compare and the report count it: one figure for one word.
  b.games = static_cast<long long>(t.games);
  b.rate = t.winRate();
  const sim::Interval ci = sim::wilsonInterval(t.wins, t.games);
  b.low = ci.lo;
  b.high = ci.hi;
  return b;
}
}  // namespace

std::vector<WinRateBar> seatWinRates(const sim::RunResult& result) {
  std::vector<WinRateBar> out;
  const auto& seats = result.stats.seats();
  for (std::size_t i = 0; i < seats.size(); ++i)
    out.push_back(bar(QObject::tr("Seat %1").arg(i + 1), seats[i]));
  return out;
}

std::vector<WinRateBar> teamWinRates(const sim::RunResult& result) {
  std::vector<WinRateBar> out;
  const auto& sides = result.stats.sides();
  for (std::size_t i = 0; i < sides.size(); ++i) out.push_back(bar(QObject::tr("Team %1").arg(i), sides[i]));
  return out;
}

std::vector<WinRateBar> agentWinRates(const sim::RunResult& result) {
  std::vector<WinRateBar> out;
  const auto& agents = result.stats.agents();
  for (std::size_t i = 0; i < agents.size(); ++i)
    out.push_back(bar(i < result.agents.size() ? QString::fromStdString(result.agents[i])
                                               : QObject::tr("Agent %1").arg(i + 1),
                      agents[i]));
  return out;
}

std::vector<WinRateBar> factionWinRates(const sim::RunResult& result) {
  std::vector<WinRateBar> out;
  const auto& factions = result.stats.factions();
  for (std::size_t i = 0; i < factions.size(); ++i)
    out.push_back(bar(i < result.factions.size() ? QString::fromStdString(result.factions[i])
                                                 : QObject::tr("Faction %1").arg(i + 1),
                      factions[i]));
  return out;
}

LengthHistogram gameLengths(const sim::RunResult& result) {
  LengthHistogram h;
  h.firstLength = 0;
  for (auto c : result.stats.length().histogram) h.counts.push_back(static_cast<long long>(c));
  return h;
}

std::vector<EntityMetric> entityMetrics(const sim::RunResult& result) {
  std::vector<EntityMetric> out;
  const auto& tallies = result.stats.entities();
  for (std::size_t i = 0; i < tallies.size(); ++i) {
    const auto& t = tallies[i];
    EntityMetric m;
    m.id = i < result.entities.size() ? QString::fromStdString(result.entities[i]) : QString::number(i);
    m.acquired = static_cast<long long>(t.acquired);
    m.played = static_cast<long long>(t.played);
    m.triggered = static_cast<long long>(t.triggered);
    m.usedGames = static_cast<long long>(t.usedPlayers);
    const double n1 = static_cast<double>(t.usedPlayers), n0 = static_cast<double>(t.unusedPlayers);
    m.usedWinRate = n1 > 0 ? static_cast<double>(t.usedWins) / n1 : 0.0;
    m.unusedWinRate = n0 > 0 ? static_cast<double>(t.unusedWins) / n0 : 0.0;
    m.counter = m.id.contains(QLatin1Char(':'));
    m.contrast = n1 > 0 && n0 > 0;
    if (n1 > 0 && n0 > 0) {
      m.delta = m.usedWinRate - m.unusedWinRate;
      const sim::Interval ci = sim::proportionDifferenceInterval(t.unusedWins, t.unusedPlayers, t.usedWins, t.usedPlayers);
      m.deltaLow = ci.lo;
      m.deltaHigh = ci.hi;
      const double pooled = (static_cast<double>(t.usedWins) + static_cast<double>(t.unusedWins)) / (n1 + n0);
      const double se = std::sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n0));
      m.z = se > 0 ? m.delta / se : 0.0;
    }
    out.push_back(m);
  }
  // Lift: the delta against the average used entity; outliers stand out from the spread.
  double sum = 0, sumSq = 0;
  int n = 0;
  // Only entities with something to compare (not a starting card everyone
  // holds) and not the engine's counters set the average.
  auto compared = [](const EntityMetric& m) { return m.contrast && !m.counter; };
  for (const auto& m : out)
    if (compared(m)) {
      sum += m.delta;
      ++n;
    }
  const double mean = n ? sum / n : 0.0;
  for (auto& m : out) {
    m.lift = m.contrast ? m.delta - mean : 0.0;
    sumSq += compared(m) ? m.lift * m.lift : 0.0;
  }
  const double sd = n > 1 ? std::sqrt(sumSq / (n - 1)) : 0.0;
  for (auto& m : out)
    m.outlier = compared(m) && m.usedGames >= 30 && sd > 0 && std::abs(m.lift) > 2 * sd && std::abs(m.z) >= 3.0;
  return out;
}

std::vector<EntityValue> entityDeltas(const std::vector<EntityMetric>& metrics) {
  std::vector<EntityValue> out;
  for (const auto& m : metrics)
    if (m.contrast && !m.counter) out.push_back({m.id, 100.0 * m.lift, m.outlier});
  return out;
}

}  // namespace wb::charts
