#include "simulation/compare/comparison_runner.h"

#include <algorithm>
#include <cmath>

#include "simulation/compare/difference_interval.h"
#include "simulation/results/entity_use_summary.h"

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

// B - A of two use estimates (groups of games, use_estimate.h), as two
// independent samples: conservative under common random numbers, as above.
MetricDifference useDifference(std::string key, std::string label, const UseEstimate& a, const UseEstimate& b) {
  MetricDifference m;
  m.key = std::move(key);
  m.label = std::move(label);
  m.isRate = false;
  m.a = a.value;
  m.b = b.value;
  m.ciA = a.ci;
  m.ciB = b.ci;
  m.delta = b.value - a.value;
  // A standard error from each side's interval (the diversity's is asymmetric: its wider half).
  const auto se = [](const UseEstimate& e) {
    return std::max(e.value - e.ci.lo, e.ci.hi - e.value) / kZ95;
  };
  const double s = std::sqrt(se(a) * se(a) + se(b) * se(b));
  m.ci = std::isfinite(s) ? Interval{m.delta - kZ95 * s, m.delta + kZ95 * s} : Interval{-INFINITY, INFINITY};
  m.significant = std::isfinite(s) && excludesZero(m.ci);
  return m;
}

// Entity use and diversity: each entity's main use per game (what it does most
// in A), and the diversity of each kind.
void useDifferences(const RunResult& a, const RunResult& b, std::vector<MetricDifference>& out) {
  const EntityUseSummary ua = summarizeEntityUse(a), ub = summarizeEntityUse(b);
  for (const DiversityRow& da : ua.diversity)
    for (const DiversityRow& db : ub.diversity)
      if (da.kind == db.kind && da.use == db.use)
        out.push_back(useDifference("diversity:" + da.kind,
                                    "diversity of " + da.kind + " (effective number " + useName(da.use) + ")", da.value,
                                    db.value));
  for (std::size_t e = 0; e < ua.entities.size() && e < ub.entities.size(); ++e) {
    const EntityUseRow& ea = ua.entities[e];
    const int use = ea.main >= 0 ? ea.main : ub.entities[e].main;
    if (use < 0 || ea.id != ub.entities[e].id) continue;
    out.push_back(useDifference("use:" + ea.id + ":" + useName(use), ea.id + " " + useName(use) + " per game",
                                ea.perGame[use], ub.entities[e].perGame[use]));
  }
}

// The faction and use rows name their entity as the ruleset does ("faction
// Druid", "Meteor Strike played per game"), B's name first (A's for an entity
// B removed); the key keeps the id.
void nameEntities(std::vector<MetricDifference>& metrics, const model::Ruleset& a, const model::Ruleset& b) {
  const auto name = [&](const std::string& id) {
    for (const model::Ruleset* r : {&b, &a})
      if (const model::Entity* e = r->findEntity(id); e && !e->name.empty()) return e->name;
    return id;
  };
  for (MetricDifference& m : metrics) {
    std::string id, prefix;
    if (m.key.rfind("faction:", 0) == 0) {
      id = m.key.substr(8);
      prefix = "faction ";
    } else if (m.key.rfind("use:", 0) == 0) {
      id = m.key.substr(4, m.key.rfind(':') - 4);  // "use:ID:USE"
    } else {
      continue;
    }
    if (m.label.rfind(prefix + id + " ", 0) == 0) m.label.replace(prefix.size(), id.size(), name(id));
  }
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
        out.push_back(rateDifference("agent:" + a.agents[i], "agent " + a.agents[i] + " win rate (of all games)", ta.wins,
                                     ta.games, tb.wins, tb.games));
      }
    }
  }
  for (std::size_t i = 0; i < sa.factions().size() && i < a.factions.size(); ++i) {
    for (std::size_t j = 0; j < sb.factions().size() && j < b.factions.size(); ++j) {
      if (a.factions[i] != b.factions[j]) continue;
      const auto& ta = sa.factions()[i];
      const auto& tb = sb.factions()[j];
      out.push_back(rateDifference("faction:" + a.factions[i], "faction " + a.factions[i] + " win rate (of all games)", ta.wins,
                                   ta.games, tb.wins, tb.games));
    }
  }
  if (sa.hasTeams() || sb.hasTeams()) {
    for (std::size_t s = 0; s < sa.sides().size() && s < sb.sides().size(); ++s) {
      const auto& ta = sa.sides()[s];
      const auto& tb = sb.sides()[s];
      out.push_back(rateDifference("team:" + std::to_string(s), "Team " + std::to_string(s + 1) + " win rate (of all games)", ta.wins,
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
  useDifferences(a, b, out);
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
    r.entityKinds = entityKinds(side == 0 ? m_a : m_b, r.entities);
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
  nameEntities(result.metrics, m_a, m_b);
  return result;
}

}  // namespace wb::sim
