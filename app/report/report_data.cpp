#include "app/report/report_data.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "model/yaml/ruleset_writer.h"
#include "simulation/compare/difference_interval.h"

namespace wb::app {

std::vector<EntityRow> entityRows(const sim::RunResult& run) {
  std::vector<EntityRow> rows;
  const sim::RunStats& s = run.stats;
  const double finished = static_cast<double>(s.games());
  for (std::size_t e = 0; e < s.entities().size(); ++e) {
    const sim::EntityTally& t = s.entities()[e];
    EntityRow row;
    row.id = e < run.entities.size() ? run.entities[e] : std::to_string(e);
    if (finished > 0) {
      row.acquiredPerGame = static_cast<double>(t.acquired) / finished;
      row.playedPerGame = static_cast<double>(t.played) / finished;
      row.triggeredPerGame = static_cast<double>(t.triggered) / finished;
    }
    row.usedPlayers = t.usedPlayers;
    row.unusedPlayers = t.unusedPlayers;
    row.usedWinRate = t.usedPlayers ? static_cast<double>(t.usedWins) / static_cast<double>(t.usedPlayers) : 0.0;
    row.unusedWinRate = t.unusedPlayers ? static_cast<double>(t.unusedWins) / static_cast<double>(t.unusedPlayers) : 0.0;
    row.hasDelta = t.usedPlayers > 0 && t.unusedPlayers > 0;
    if (row.hasDelta) {
      row.delta = row.usedWinRate - row.unusedWinRate;
      row.deltaCi = sim::proportionDifferenceInterval(t.unusedWins, t.unusedPlayers, t.usedWins, t.usedPlayers);
    }
    if (finished > 0 && t.usedPlayers == 0) row.flag = "never used";
    rows.push_back(row);
  }
  flagEntities(rows);
  return rows;
}

void flagEntities(std::vector<EntityRow>& rows) {
  // Against the baseline: the interval must exclude it and the lift must lie
  // beyond the usual spread of entities.
  const EntityBaseline base = entityBaseline(rows);
  for (auto& row : rows) {
    if (!row.hasDelta) continue;
    row.lift = row.delta - base.mean;
    const bool beyond = base.sd > 0 && std::abs(row.lift) > kSpreadFactor * base.sd;
    if (beyond && row.deltaCi.lo > base.mean) row.flag = "strong";
    if (beyond && row.deltaCi.hi < base.mean) row.flag = "weak";
  }
}

EntityBaseline entityBaseline(const std::vector<EntityRow>& rows) {
  EntityBaseline b;
  for (const auto& r : rows)
    if (r.hasDelta) {
      b.mean += r.delta;
      ++b.entities;
    }
  if (b.entities == 0) return b;
  b.mean /= static_cast<double>(b.entities);
  double sumSq = 0;
  for (const auto& r : rows)
    if (r.hasDelta) {
      sumSq += (r.delta - b.mean) * (r.delta - b.mean);
      if (r.deltaCi.lo > b.mean || r.deltaCi.hi < b.mean) ++b.clearOfMean;
    }
  b.sd = b.entities > 1 ? std::sqrt(sumSq / static_cast<double>(b.entities - 1)) : 0.0;
  return b;
}

std::vector<AssumedMark> assumedMarks(const model::Ruleset& r) {
  std::vector<AssumedMark> out;
  auto add = [&](const std::string& path, const std::string& text) {
    if (!text.empty()) out.push_back({path, text});
  };
  add("(ruleset)", r.assumed);
  for (const auto& p : r.parameters) add("parameters." + p.id, p.assumed);
  for (const auto& d : r.dice) add("dice." + d.id, d.assumed);
  for (model::Section s : model::kSections) {
    for (const auto& e : r.entities(s)) {
      const std::string base = std::string(model::toString(s)) + "." + e.id;
      add(base, e.assumed);
      for (std::size_t i = 0; i < e.effects.size(); ++i) add(base + ".effects." + std::to_string(i), e.effects[i].assumed);
    }
  }
  for (const auto& q : r.diceQuestions) add("dice_questions." + q.id, q.assumed);
  return out;
}

std::string contentHash(const model::Ruleset& ruleset) {
  // The rules only: the tuner's targets and knobs change no game, so a result
  // saved before a target was added still names this revision.
  std::string text;
  if (ruleset.tuning.empty()) {
    text = model::toYaml(ruleset);
  } else {
    // Only the tuner's sections: a described game's `rules:` (kept beside
    // them) is part of the rules.
    model::Ruleset rules = ruleset;
    std::erase_if(rules.tuning, [](const auto& kv) { return kv.first == "targets" || kv.first == "knobs"; });
    text = model::toYaml(rules);
  }
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : text) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::vector<DiceAnswer> answerDiceQuestions(const model::Ruleset& ruleset) {
  std::vector<DiceAnswer> out;
  for (const auto& q : ruleset.diceQuestions) {
    DiceAnswer a;
    a.id = q.id;
    a.name = q.name.empty() ? q.id : q.name;
    auto request = sim::dice::requestFromQuestion(q, &a.error);
    if (request) {
      sim::dice::DiceError error;
      if (!sim::dice::evaluateDice(*request, &ruleset, a.result, error)) a.error = error.format();
    }
    out.push_back(std::move(a));
  }
  return out;
}

std::string gamesProvenance(const ReportData& d) {
  std::vector<std::string> parts;
  const std::uint64_t run = d.run.stats.games();
  parts.push_back("the run's " + std::to_string(run) + " games: " +
                  (d.runReused ? "the results on screen in the workbench, not played again" : "played for this report"));
  if (d.sweepGamesReused > 0)
    parts.push_back("the sweep's " + std::to_string(d.sweepGamesReused) + " games: the results on screen, not played again");
  if (d.sweepGamesPlayed > 0) parts.push_back("the sweep's " + std::to_string(d.sweepGamesPlayed) + " games: played for this report");
  const std::uint64_t other = d.gamesReused - std::min(d.gamesReused, (d.runReused ? run : 0) + d.sweepGamesReused);
  if (other > 0) parts.push_back("the impact's " + std::to_string(other) + " games: the results on screen, not played again");
  const std::uint64_t impactPlayed =
      d.gamesPlayed - std::min(d.gamesPlayed, (d.runReused ? 0 : run) + d.sweepGamesPlayed);
  if (impactPlayed > 0) parts.push_back("the impact's " + std::to_string(impactPlayed) + " games: played for this report");
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? "; " : "") + parts[i];
  return out + " (" + std::to_string(d.gamesPlayed) + " games played for this report in all)";
}

}  // namespace wb::app
