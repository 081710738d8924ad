#include "app/report/assumptions_section.h"

#include "app/report/svg_chart.h"
#include "app/report/text_format.h"
#include "simulation/conditions/condition_analysis.h"

namespace wb::app {
namespace {

std::string esc(const std::string& s) { return xmlEscape(s); }

std::string shortFile(const ReportData& d) { return d.file.empty() ? std::string("RULESET") : d.file; }

}  // namespace

std::string assumptionsSummaryLine(const ReportData& d) {
  if (!d.assumptions) return {};
  const auto& r = *d.assumptions;
  std::size_t changing = 0;
  std::string names;
  for (std::size_t i : r.ranking) {
    const auto& a = r.assumptions[i];
    if (!a.changesAConclusion()) continue;
    if (changing < 3) names += std::string(changing ? ", " : "") + "<code>" + esc(a.value.path) + "</code>";
    ++changing;
  }
  if (changing == 0)
    return "No assumed value changes a conclusion detectably (" + std::to_string(r.ranking.size()) +
           " played with their alternatives; see <i>Which assumptions decide the verdict</i>).";
  std::string line = "<b>" + std::to_string(changing) + " assumed value" + (changing == 1 ? "" : "s") +
                     " change a conclusion</b>, strongest first: " + names + (changing > 3 ? ", ..." : "");
  // The first finding of the strongest one, in words.
  const auto& top = r.assumptions[r.ranking.front()];
  for (const auto& alt : top.alternatives)
    if (!alt.findings.empty()) {
      line += " (" + esc(alt.findings.front()) + ")";
      break;
    }
  return line + ".";
}

std::string conditionsSummaryLine(const ReportData& d) {
  if (!d.run.config.conditions) return {};
  const auto a = sim::analyzeConditions(d.run.stats);
  if (a.empty() || a.findings.empty()) return {};
  std::string line = "<b>Setup conditions</b> that change the outcome (" + std::to_string(a.findings.size()) +
                     " after Holm's correction), strongest: ";
  for (std::size_t i = 0; i < a.findings.size() && i < 2; ++i) line += (i ? "; " : "") + esc(a.findings[i].text);
  return line + ".";
}

void writeAssumptionsSection(std::ostream& h, const ReportData& d) {
  h << "<h2>Which assumptions decide the verdict</h2>\n";
  if (!d.assumptions) {
    h << "<p class=\"muted\">Not measured for this report. <code>balance assumptions " << esc(shortFile(d))
      << "</code> plays every assumed value's alternatives on the same seeds (or <code>balance report ... "
         "--assumptions</code>).</p>\n";
    return;
  }
  const auto& r = *d.assumptions;
  const auto& cfg = r.shipped.config;
  h << "<p>Every value marked <code>assumed</code> was played with its alternatives against the shipped value on the "
       "same seeds: "
    << cfg.games << " games each, agents " << esc(agentsText(cfg.agents)) << ", " << r.tests
    << " tests with Holm's correction. Changes in points (rates) or turns, with 95% intervals.</p>\n";
  h << "<table><tr><th>#</th><th>value</th><th>alternative</th><th>first side</th><th>change (95% CI)</th>"
       "<th>length</th><th>verdict</th></tr>\n";
  int rank = 0;
  for (std::size_t i : r.ranking) {
    const auto& a = r.assumptions[i];
    ++rank;
    for (const auto& alt : a.alternatives) {
      h << "<tr><td>" << rank << "</td><td><code>" << esc(a.value.path) << "</code> = " << esc(a.value.shipped)
        << "</td><td>" << esc(alt.value) << "</td>";
      if (!alt.error.empty()) {
        h << "<td colspan=\"4\">not played: " << esc(alt.error) << "</td></tr>\n";
        continue;
      }
      const sim::AssumptionChange* fs = nullptr;
      const sim::AssumptionChange* turns = nullptr;
      for (const auto& c : alt.changes) {
        if (c.key == "first_side") fs = &c;
        if (c.key == "turns") turns = &c;
      }
      if (fs)
        h << "<td>" << percentText(fs->alternative) << "%</td><td>" << signedPointsText(fs->delta) << " "
          << signedIntervalText(fs->ci) << "</td>";
      else
        h << "<td></td><td></td>";
      h << "<td>" << (turns ? numberText(turns->alternative, 1) : std::string()) << "</td><td>"
        << (alt.largestChange > 0 ? "<b>changes a conclusion</b>" : "no detectable change") << "</td></tr>\n";
    }
  }
  h << "</table>\n";
  std::size_t listed = 0, total = 0;
  h << "<ul>\n";
  for (std::size_t i : r.ranking)
    for (const auto& alt : r.assumptions[i].alternatives)
      for (const auto& f : alt.findings) {
        ++total;
        if (listed++ < kFindingsListed) h << "<li>" << esc(f) << "</li>\n";
      }
  if (total == 0) h << "<li>No alternative changes a conclusion detectably.</li>\n";
  if (total > kFindingsListed) h << "<li>and " << total - kFindingsListed << " more changes.</li>\n";
  h << "</ul>\n";
  std::size_t unplayable = 0;
  for (const auto& a : r.assumptions) unplayable += a.value.playable() ? 0 : 1;
  if (unplayable)
    h << "<p class=\"muted\">" << unplayable
      << " marks have no alternative to play (a reading in words, or a text value without "
         "<code>alternatives</code>); they are listed under Assumptions.</p>\n";
}

void writeConditionsSection(std::ostream& h, const ReportData& d) {
  h << "<h2>Which setups decide the game</h2>\n";
  if (!d.run.config.conditions) {
    h << "<p class=\"muted\">The run was not tabulated by setup condition. <code>balance run " << esc(shortFile(d))
      << " --conditions</code> does.</p>\n";
    return;
  }
  const auto a = sim::analyzeConditions(d.run.stats);
  if (a.empty()) {
    h << "<p class=\"muted\">The engine declares no setup features.</p>\n";
    return;
  }
  h << "<p>The run's games by the conditions of their setup (" << a.features.size() << " features: ";
  for (std::size_t i = 0; i < a.features.size(); ++i) h << (i ? ", " : "") << "<code>" << esc(a.features[i]) << "</code>";
  h << "), each value and each pair of values tested against the other games, " << a.tests
    << " tests with Holm's correction; a pair is named only where neither value alone explains it.</p>\n<ul>\n";
  for (std::size_t i = 0; i < a.findings.size() && i < kFindingsListed; ++i) h << "<li>" << esc(a.findings[i].text) << "</li>\n";
  if (a.findings.empty()) h << "<li>No condition changes the outcome detectably.</li>\n";
  if (a.findings.size() > kFindingsListed)
    h << "<li>and " << a.findings.size() - kFindingsListed << " more (<code>balance run --conditions --json</code>).</li>\n";
  h << "</ul>\n";
}

}  // namespace wb::app
