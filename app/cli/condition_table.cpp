#include "app/cli/condition_table.h"

#include <cstdio>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "simulation/conditions/condition_analysis.h"

namespace wb::app {
namespace {

std::string cellText(const sim::ConditionMeasure& m) {
  char b[64];
  if (m.isRate)
    std::snprintf(b, sizeof b, "%.1f [%.1f,%.1f]%s", 100 * m.value, 100 * m.ci.lo, 100 * m.ci.hi, m.significant ? "*" : "");
  else
    std::snprintf(b, sizeof b, "%.1f [%.1f,%.1f]%s", m.value, m.ci.lo, m.ci.hi, m.significant ? "*" : "");
  return b;
}

std::string header(const std::string& key) {
  if (key == "first_side") return "first side %";
  if (key == "turns") return "turns";
  if (key.rfind("seat:", 0) == 0) return "Seat " + std::to_string(std::stoi(key.substr(5)) + 1) + " %";
  return key + " %";
}

}  // namespace

void printConditionTable(std::ostream& out, const sim::RunResult& result, std::size_t maxFindings,
                         const std::vector<std::string>& only) {
  const sim::ConditionAnalysis a = sim::analyzeConditions(result.stats, only);
  out << "\nsetup conditions";
  if (a.empty()) {
    out << ": the engine '" << result.engine << "' declares no setup features\n";
    return;
  }
  out << " (" << a.features.size() << " features; 95% intervals; * = differs from the other games after Holm's\n"
      << "correction over " << a.tests << " tests, cells of at least " << sim::ConditionAnalysis::kMinCellGames
      << " games; agents ";
  for (std::size_t i = 0; i < result.config.agents.size(); ++i) out << (i ? "," : "") << result.config.agents[i];
  out << ")\n";
  std::size_t w = 10;
  for (const auto& row : a.singles) w = std::max(w, row.cell.label().size() + 2);
  out << std::left << std::setw(static_cast<int>(w)) << "condition" << std::right << std::setw(7) << "games";
  for (const auto& k : a.measureKeys) out << "  " << std::left << std::setw(20) << header(k);
  out << "\n";
  for (const auto& row : a.singles) {
    std::ostringstream line;
    line << std::left << std::setw(static_cast<int>(w)) << row.cell.label() << std::right << std::setw(7) << row.cell.games;
    for (const auto& m : row.measures) line << "  " << std::left << std::setw(20) << cellText(m);
    out << line.str() << "\n";
  }
  out << "\nconditions whose outcome differs most from the rest (" << a.findings.size() << ", strongest first";
  if (a.findings.size() > maxFindings) out << "; " << maxFindings << " shown, --json has all";
  out << "):\n";
  if (a.findings.empty()) out << "  none after the correction\n";
  for (std::size_t i = 0; i < a.findings.size() && i < maxFindings; ++i) out << "  " << a.findings[i].text << "\n";
}

}  // namespace wb::app
