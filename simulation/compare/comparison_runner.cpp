#include "simulation/compare/comparison_runner.h"

#include <cmath>

#include "simulation/compare/difference_interval.h"

namespace wb::sim {
namespace {

MetricDifference rateDifference(std::string key, std::string label, std::uint64_t winsA, std::uint64_t nA,
                                std::uint64_t winsB, std::uint64_t nB) {
  MetricDifference m;
  m.key = std::move(key);
  m.label = std::move(label);
  m.a = nA ? static_cast<double>(winsA) / static_cast<double>(nA) : 0.0;
  m.b = nB ? static_cast<double>(winsB) / static_cast<double>(nB) : 0.0;
  m.ciA = wilsonInterval(winsA, nA);
  m.ciB = wilsonInterval(winsB, nB);
  m.delta = m.b - m.a;
  m.ci = proportionDifferenceInterval(winsA, nA, winsB, nB);
  m.significant = excludesZero(m.ci);
  return m;
}

Interval meanInterval(const LengthTally& t) {
  const double se = t.games ? t.sd() / std::sqrt(static_cast<double>(t.games)) : 0.0;
  return {t.mean() - kZ95 * se, t.mean() + kZ95 * se};
}

}  // namespace

std::vector<MetricDifference> compareResults(const RunResult& a, const RunResult& b) {
  std::vector<MetricDifference> out;
  const RunStats& sa = a.stats;
  const RunStats& sb = b.stats;
  for (std::size_t s = 0; s < sa.seats().size() && s < sb.seats().size(); ++s) {
    const auto& ta = sa.seats()[s];
    const auto& tb = sb.seats()[s];
    out.push_back(rateDifference("seat:" + std::to_string(s), "Seat " + std::to_string(s + 1) + " win rate (of all games)",
                                 ta.wins, ta.games, tb.wins, tb.games));
  }
  if (sa.agents().size() > 1) {
    for (std::size_t i = 0; i < sa.agents().size() && i < a.agents.size(); ++i) {
      for (std::size_t j = 0; j < sb.agents().size() && j < b.agents.size(); ++j) {
        if (a.agents[i] != b.agents[j]) continue;
        const auto& ta = sa.agents()[i];
        const auto& tb = sb.agents()[j];
        out.push_back(rateDifference("agent:" + a.agents[i], "agent " + a.agents[i] + " win rate", ta.wins,
                                     ta.games, tb.wins, tb.games));
      }
    }
  }
  for (std::size_t i = 0; i < sa.factions().size() && i < a.factions.size(); ++i) {
    for (std::size_t j = 0; j < sb.factions().size() && j < b.factions.size(); ++j) {
      if (a.factions[i] != b.factions[j]) continue;
      const auto& ta = sa.factions()[i];
      const auto& tb = sb.factions()[j];
      out.push_back(rateDifference("faction:" + a.factions[i], "faction " + a.factions[i] + " win rate", ta.wins,
                                   ta.games, tb.wins, tb.games));
    }
  }
  if (sa.hasTeams() || sb.hasTeams()) {
    for (std::size_t s = 0; s < sa.sides().size() && s < sb.sides().size(); ++s) {
      const auto& ta = sa.sides()[s];
      const auto& tb = sb.sides()[s];
      out.push_back(rateDifference("team:" + std::to_string(s), "team " + std::to_string(s) + " win rate", ta.wins,
                                   ta.games, tb.wins, tb.games));
    }
  }
  out.push_back(rateDifference("draws", "draw rate", sa.drawnGames(), sa.games(), sb.drawnGames(), sb.games()));
  if (sa.nobodyWinsGames() + sb.nobodyWinsGames() > 0)
    out.push_back(rateDifference("nobody", "nobody-wins rate", sa.nobodyWinsGames(), sa.games(), sb.nobodyWinsGames(),
                                 sb.games()));
  if (sa.adjudicatedGames() + sb.adjudicatedGames() > 0)
    out.push_back(rateDifference("adjudicated", "adjudicated rate (engine's own cap)", sa.adjudicatedGames(), sa.games(),
                                 sb.adjudicatedGames(), sb.games()));
  out.push_back(rateDifference("timeouts", "timeout rate (turn cap)", sa.timeouts(), sa.games(), sb.timeouts(),
                               sb.games()));
  MetricDifference len;
  len.key = "turns";
  len.label = "mean game length (turns; capped games counted at the cap)";
  len.isRate = false;
  len.a = sa.length().mean();
  len.b = sb.length().mean();
  len.ciA = meanInterval(sa.length());
  len.ciB = meanInterval(sb.length());
  len.delta = len.b - len.a;
  len.ci = meanDifferenceInterval(len.a, sa.length().sd(), sa.length().games, len.b, sb.length().sd(),
                                  sb.length().games);
  len.significant = excludesZero(len.ci);
  out.push_back(len);
  return out;
}

bool ComparisonResult::anySignificant() const {
  for (const auto& m : metrics)
    if (m.significant) return true;
  return false;
}

ComparisonRunner::ComparisonRunner(const EngineRegistry& registry, const model::Ruleset& a, const model::Ruleset& b,
                                   RunConfig config)
    : m_registry(registry), m_a(a), m_b(b), m_config(std::move(config)) {}

void ComparisonRunner::setProgressCallback(ProgressCallback callback, double intervalSeconds) {
  m_progress = std::move(callback);
  m_interval = intervalSeconds;
}

ComparisonResult ComparisonRunner::run() {
  ComparisonResult result;
  result.changes = model::diffRulesets(m_a, m_b);
  const std::uint64_t total = 2 * m_config.games;
  std::uint64_t before = 0;
  for (int side = 0; side < 2; ++side) {
    MonteCarloRunner::ProgressCallback cb;
    if (m_progress) {
      cb = [&, side](const RunProgress& p) {
        ComparisonProgress cp;
        cp.side = side;
        cp.gamesDone = before + p.gamesDone;
        cp.gamesTotal = total;
        cp.etaSeconds = p.gamesPerSecond > 0
                            ? static_cast<double>(total - std::min(total, cp.gamesDone)) / p.gamesPerSecond
                            : 0.0;
        m_progress(cp);
      };
    }
    RunResult r = m_run.run(m_registry, side == 0 ? m_a : m_b, m_config, cb, m_interval);
    if (!r.ok()) {
      result.error = std::string(side == 0 ? "A" : "B") + ": " + r.error;
      return result;
    }
    before += r.stats.games();
    if (r.cancelled || m_run.cancelled()) result.cancelled = true;
    (side == 0 ? result.a : result.b) = std::move(r);
    if (result.cancelled) return result;
  }
  result.metrics = compareResults(result.a, result.b);
  return result;
}

}  // namespace wb::sim
