#include "app/cli/tune_printing.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <iomanip>
#include <sstream>
#include <string>
#include <vector>

namespace wb::app {
namespace {

std::string num(double v, int precision = 3) {
  if (!std::isfinite(v)) return v > 0 ? "inf" : "-inf";
  std::ostringstream os;
  os << std::fixed << std::setprecision(precision) << v;
  return os.str();
}

std::string reading(const sim::TargetReading& r, int precision) {
  return num(r.value.value, precision) + " [" + num(r.value.ci.lo, precision) + ", " + num(r.value.ci.hi, precision) + "]";
}

// The metric column's width: 24, or the name and a space (skill:A>B names are long).
int nameWidth(const std::string& name) { return std::max(24, static_cast<int>(name.size()) + 1); }

std::string agentsText(const std::vector<std::string>& a) {
  std::string out;
  for (const auto& s : a) out += (out.empty() ? "" : ",") + s;
  return out;
}

// The content guard: what it protected, and each number that broke its band
// (all of them with --verbose would be long: 69 cards have some 200).
void printGuard(std::ostream& out, const sim::TuneResult& r) {
  if (!r.guardOn) {
    out << "\ncontent guard: off\n";
    return;
  }
  if (r.guard.empty()) return;
  std::vector<std::string> entities;
  std::size_t breached = 0;
  for (const auto& g : r.guard) {
    if (g.target.metric.kind != sim::TuneMetric::Kind::Diversity &&
        std::find(entities.begin(), entities.end(), g.target.metric.id) == entities.end())
      entities.push_back(g.target.metric.id);
    breached += g.breached ? 1 : 0;
  }
  out << "\ncontent guard: " << r.guard.size() << " numbers of " << entities.size() << " entities";
  if (r.verdict == sim::TuneVerdict::Interrupted) {
    out << " (not verified)\n";
    return;
  }
  out << ", " << (breached ? std::to_string(breached) + " outside their band" : std::string("all inside their bands"))
      << " (fresh seeds)\n";
  out << "  protected:";
  for (std::size_t i = 0; i < entities.size() && i < 12; ++i) out << (i ? ", " : " ") << entities[i];
  if (entities.size() > 12) out << ", ... (all in --json: guard.protected)";
  out << "\n";
  // No pass: which closest proposal the guard let through, and what it refused.
  if (!r.searchPassed && !r.edits.empty()) {
    if (r.guardKept)
      out << "  the closest proposal keeps the guard on the search's games"
          << (r.guardRefused.empty() ? std::string()
                                     : "; it refused " + std::to_string(r.guardRefused.size()) + " closer to the targets")
          << "\n";
    else
      out << "  no proposal the search tried keeps the guard and comes closer to the targets than the start: "
             "the closest, above, breaks it on the search's games\n";
  }
  for (std::size_t i = 0; i < r.guardRefused.size() && i < 5; ++i) {
    const auto& g = r.guardRefused[i];
    out << "  refused: ";
    for (std::size_t k = 0; k < g.text.size(); ++k)
      out << (k ? ", " : "") << g.text[k].path << ": " << g.text[k].from << " -> " << g.text[k].to;
    out << " (meets " << g.targetsMet << " of " << r.targets.size() << " targets; breaks";
    for (std::size_t k = 0; k < g.breaks.size() && k < 4; ++k) out << (k ? ", " : " ") << g.breaks[k];
    if (g.breaks.size() > 4) out << ", ... " << g.breaks.size() << " in all";
    out << ")\n";
  }
  if (r.guardRefused.size() > 5) out << "  ... " << r.guardRefused.size() << " refused in all (--json: guard.refused)\n";
  for (const auto& g : r.guard) {
    const bool div = g.target.metric.kind == sim::TuneMetric::Kind::Diversity;
    if (!g.breached && !div) continue;
    const int p = 3;
    const std::string band = std::isfinite(g.target.min) && std::isfinite(g.target.max)
                                 ? "[" + num(g.target.min, p) + ", " + num(g.target.max, p) + "]"
                             : std::isfinite(g.target.max) ? "<= " + num(g.target.max, p)
                                                           : ">= " + num(g.target.min, p);
    out << "  " << std::left << std::setw(34) << g.target.metric.spec() << std::setw(16) << band
        << std::setw(28) << reading(g.baseline, p) << std::setw(28) << reading(g.verified, p)
        << (g.breached ? "outside" : "inside") << "\n" << std::right;
  }
}

}  // namespace

void printTuneResult(std::ostream& out, const sim::TuneResult& r) {
  out << r.ruleset << ": tune verdict " << sim::toString(r.verdict);
  if (r.strategy != sim::TuneStrategy::Tuner) out << " (strategy " << sim::toString(r.strategy) << ")";
  if (r.verdict == sim::TuneVerdict::Undecided && r.gamesToDecide > 0) {
    out << " (about ";
    if (r.gamesToDecide == UINT64_MAX) out << "unbounded";
    else out << r.gamesToDecide;
    out << " verification games would decide it: --verify-games)";
  }
  out << "\n\nedits";
  if (r.edits.empty()) out << ": none";
  out << "\n";
  for (const auto& e : r.editText)
    out << "  " << e.path << ": " << e.from << " -> " << e.to << " (" << (e.steps > 0 ? "+" : "") << e.steps << " step"
        << (std::abs(e.steps) == 1 ? "" : "s") << ")\n";
  const bool interrupted = r.verdict == sim::TuneVerdict::Interrupted;
  out << "\ntargets (" << (interrupted ? "on the search's games, not verified" : "fresh seeds, agents " + agentsText(r.verifyAgents))
      << "; 95% intervals)\n";
  out << std::left << std::setw(26) << "  metric" << std::setw(16) << "band" << std::setw(28) << "baseline"
      << std::setw(28) << "proposal" << "verdict\n";
  for (const auto& t : r.targets) {
    const int p = t.target.metric.isProportion() ? 3 : 1;
    const std::string name = t.target.metric.name();
    out << "  " << std::left << std::setw(nameWidth(name)) << name << std::setw(16) << t.target.bandText()
        << std::setw(28) << reading(t.baseline, p) << std::setw(28) << reading(t.verified, p)
        << (interrupted ? "-" : sim::toString(t.verified.verdict));
    if (t.verified.miss > 0) out << " (misses by " << num(t.verified.miss, p) << ")";
    if (!interrupted && r.verifyAgents != r.searchAgents && t.target.metric.kind == sim::TuneMetric::Kind::Agent)
      out << " (with the search agents " << agentsText(r.searchAgents) << ", the mix that defines it)";
    if (t.target.metric.isSkill())
      out << " (" << t.target.metric.id << " against " << t.target.metric.other << " alone, seats alternated)";
    out << "\n";
  }
  out << std::right;
  if (!interrupted && r.verifyAgents != r.searchAgents) {
    out << "\nwith the search agents (" << agentsText(r.searchAgents) << "), fresh seeds:\n";
    for (const auto& t : r.targets) {
      const int p = t.target.metric.isProportion() ? 3 : 1;
      const std::string name = t.target.metric.name();
      out << "  " << std::left << std::setw(nameWidth(name)) << name << std::setw(16) << t.target.bandText()
          << std::setw(28) << reading(t.baselineSearchAgents, p) << std::setw(28) << reading(t.verifiedSearchAgents, p)
          << sim::toString(t.verifiedSearchAgents.verdict) << "\n" << std::right;
    }
  }
  printGuard(out, r);
  if (!r.alternatives.empty()) {
    out << "\nalternatives with fewer edits (on the search's games):\n";
    for (const auto& a : r.alternatives) {
      out << "  ";
      if (a.text.empty()) out << "no edits";
      for (std::size_t i = 0; i < a.text.size(); ++i)
        out << (i ? ", " : "") << a.text[i].path << ": " << a.text[i].from << " -> " << a.text[i].to;
      out << (a.passes ? ": passes" : ": misses");
      bool first = true;
      for (std::size_t t = 0; t < a.targets.size() && t < r.targets.size(); ++t) {
        if (a.targets[t].verdict == sim::TargetVerdict::Pass) continue;
        const int p = r.targets[t].target.metric.isProportion() ? 3 : 1;
        out << (first ? " " : "; ") << r.targets[t].target.metric.name() << " " << num(a.targets[t].value.value, p)
            << " (" << (a.targets[t].miss > 0 ? "by " + num(a.targets[t].miss, p) : std::string("interval crosses the band")) << ")";
        first = false;
      }
      out << "\n";
    }
  }
  std::string steps;
  for (const auto& [phase, games] : r.phaseGames) steps += (steps.empty() ? "" : ", ") + phase + " " + std::to_string(games);
  out << "\ngames: " << r.searchGames << " search (budget " << r.budget << ", blocks of " << r.blockGames
      << (steps.empty() ? std::string() : "; " + steps) << "), " << r.verifyGames << " verification; agents: search " << agentsText(r.searchAgents) << ", verify "
      << agentsText(r.verifyAgents) << "; seed " << r.seed << "; " << r.knobs.size() << " knobs\n";
  out << "time: " << num(r.elapsedSeconds, 1) << " s\n";
  // A starting ruleset that passes needs no edit; otherwise the answer is
  // only as wide as what was tried, and says so.
  const bool passedAtStart = r.edits.empty() && r.searchPassed;
  if (!r.untried.empty() && !passedAtStart) {
    out << "not tried: " << r.untried.size() << " of " << r.knobs.size()
        << " knobs were never moved on the search's games (the budget ran out first; a larger --budget tries them):";
    for (std::size_t i = 0; i < r.untried.size() && i < 12; ++i) out << (i ? ", " : " ") << r.untried[i];
    if (r.untried.size() > 12) out << ", ... (all in --json: untried)";
    out << "\n";
  }
}

}  // namespace wb::app
