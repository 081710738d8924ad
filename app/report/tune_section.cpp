#include "app/report/tune_section.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <sstream>

#include "app/report/svg_chart.h"
#include "app/report/text_format.h"

namespace wb::app {
namespace {

std::string esc(const std::string& s) { return xmlEscape(s); }

std::string number(double v, bool proportion) {
  if (!std::isfinite(v)) return v > 0 ? "inf" : "-inf";
  std::ostringstream o;
  o << std::fixed << std::setprecision(proportion ? 3 : 1) << v;
  return o.str();
}

std::string reading(const sim::TargetReading& r, bool proportion) {
  return number(r.value.value, proportion) + " [" + number(r.value.ci.lo, proportion) + ", " +
         number(r.value.ci.hi, proportion) + "]";
}

std::string agents(const std::vector<std::string>& a) {
  std::string out;
  for (const auto& s : a) out += (out.empty() ? "" : ", ") + s;
  return out;
}

std::string editsText(const std::vector<sim::TuneEditText>& edits) {
  std::string out;
  for (const auto& e : edits)
    out += (out.empty() ? "" : ", ") + ("<code>" + esc(e.path) + "</code> " + esc(e.from) + " &rarr; " + esc(e.to));
  return out.empty() ? std::string("no edits") : out;
}

}  // namespace

bool attachTuneResult(ReportData& data, const sim::TuneResult& result, const std::string& resultHash) {
  if (!result.ok() || resultHash.empty() || resultHash != data.contentHash) return false;
  data.tune = result;
  return true;
}

std::string proposedChangesHtml(const ReportData& d) {
  if (!d.tune) return {};
  const sim::TuneResult& r = *d.tune;
  const bool interrupted = r.verdict == sim::TuneVerdict::Interrupted;
  std::ostringstream h;
  h << "<h3>Proposed changes</h3>\n<p>The tuner's answer for this ruleset's targets: verdict <b>"
    << sim::toString(r.verdict) << "</b>";
  if (interrupted) h << " (cancelled: the best proposal so far, not verified on fresh seeds)";
  else h << " on fresh seeds (agents " << esc(agents(r.verifyAgents)) << ")";
  h << "; " << r.searchGames << " search and " << r.verifyGames << " verification games, seed " << r.seed << ".</p>\n";
  h << "<ul>\n";
  if (r.editText.empty()) h << "<li>No edit: the starting ruleset is the closest within these knobs.</li>\n";
  for (const auto& e : r.editText)
    h << "<li><code>" << esc(e.path) << "</code>: " << esc(e.from) << " &rarr; <b>" << esc(e.to) << "</b> ("
      << (e.steps > 0 ? "+" : "") << e.steps << (std::abs(e.steps) == 1 ? " step" : " steps") << ")</li>\n";
  h << "</ul>\n";
  std::vector<std::vector<std::string>> rows;
  for (const auto& t : r.targets) {
    const bool p = t.target.metric.isProportion();
    std::string verdict = interrupted ? std::string("not verified") : std::string(sim::toString(t.verified.verdict));
    if (!interrupted && t.verified.miss > 0) verdict += " (misses by " + number(t.verified.miss, p) + ")";
    rows.push_back({t.target.metric.name(), t.target.bandText(), reading(t.baseline, p), reading(t.verified, p), verdict});
  }
  h << "<table><tr><th>target</th><th>band</th><th>baseline [95% CI]</th><th>proposal [95% CI]</th><th>verdict</th></tr>\n";
  for (const auto& row : rows) {
    h << "<tr>";
    for (const auto& c : row) h << "<td>" << esc(c) << "</td>";
    h << "</tr>\n";
  }
  h << "</table>\n";
  if (r.verdict == sim::TuneVerdict::Undecided && r.gamesToDecide > 0 && r.gamesToDecide != UINT64_MAX)
    h << "<p>About " << r.gamesToDecide << " verification games would decide it.</p>\n";
  // Undecided with every target passing: the content guard (below) keeps it from a pass.
  if (r.verdict == sim::TuneVerdict::Undecided && r.gamesToDecide == 0 &&
      std::any_of(r.guard.begin(), r.guard.end(), [](const auto& g) { return g.breached; }))
    h << "<p>Every target passes on fresh seeds; the content guard keeps it from a pass (the numbers outside their "
         "band are below).</p>\n";
  // The content guard: what it kept in the game, and what left its band.
  if (!r.guardOn) {
    h << "<p>Content guard: off (entities may be priced out of the game).</p>\n";
  } else if (!r.guard.empty()) {
    std::vector<std::string> entities, outside;
    for (const auto& g : r.guard) {
      if (g.target.metric.kind != sim::TuneMetric::Kind::Diversity &&
          std::find(entities.begin(), entities.end(), g.target.metric.id) == entities.end())
        entities.push_back(g.target.metric.id);
      if (g.breached)
        outside.push_back(g.target.metric.spec() + " " + number(g.verified.value.value, false) + " (band " +
                          g.target.bandText() + ")");
    }
    h << "<p>Content guard: " << r.guard.size() << " numbers of " << entities.size()
      << " entities kept within their bands (each use at least half its start, not in every game unless it was, "
         "diversity not below its starting interval)";
    if (!interrupted && !outside.empty()) {
      h << "; outside on fresh seeds:";
      for (const auto& o : outside) h << " " << esc(o) << ";";
    }
    h << ".</p>\n";
    // No pass: the closest proposal keeps the guard, or none the search tried did.
    if (!r.searchPassed && !r.edits.empty() && !r.guardKept)
      h << "<p>No proposal the search tried keeps the content guard and comes closer to the targets than the "
           "start: the closest, shown, breaks it.</p>\n";
    else if (!r.searchPassed && !r.edits.empty())
      h << "<p>The closest proposal keeps the content guard on the search's games.</p>\n";
    if (!r.guardRefused.empty()) {
      h << "<p>Refused by the guard, closer to the targets:";
      for (std::size_t i = 0; i < r.guardRefused.size() && i < 5; ++i) {
        const auto& g = r.guardRefused[i];
        std::string text;
        for (const auto& e : g.text) text += (text.empty() ? "" : ", ") + e.path + " " + e.from + " -> " + e.to;
        std::string breaks;
        for (const auto& b : g.breaks) breaks += (breaks.empty() ? "" : ", ") + b;
        h << (i ? "; " : " ") << esc(text) << " (breaks " << esc(breaks) << ")";
      }
      if (r.guardRefused.size() > 5) h << "; " << r.guardRefused.size() - 5 << " more";
      h << ".</p>\n";
    }
  }
  h << "<p class=\"muted\">Alternatives and the sensitivity model: see <i>Tuning</i>.</p>\n";
  return h.str();
}

void writeTuneSection(std::ostream& h, const ReportData& d) {
  if (!d.tune) return;
  const sim::TuneResult& r = *d.tune;
  h << "<h2>Tuning: the alternatives and the sensitivity model</h2>\n";
  h << "<p>Searched with agents " << esc(agents(r.searchAgents)) << " over " << r.knobs.size() << " knobs, budget "
    << r.budget << " games in blocks of " << r.blockGames << " (every candidate on the same games, paired with the "
    << "starting ruleset).</p>\n";
  h << "<h3>Alternatives with fewer edits</h3>\n";
  if (r.alternatives.empty()) {
    h << "<p>None: no smaller edit set was measured.</p>\n";
  } else {
    h << "<table><tr><th>edits</th><th>on the search's games</th></tr>\n";
    for (const auto& a : r.alternatives) {
      std::string misses;
      for (std::size_t t = 0; t < a.targets.size() && t < r.targets.size(); ++t) {
        if (a.targets[t].verdict == sim::TargetVerdict::Pass) continue;
        const bool p = r.targets[t].target.metric.isProportion();
        misses += (misses.empty() ? "" : "; ") + esc(r.targets[t].target.metric.name()) + " " +
                  number(a.targets[t].value.value, p) +
                  (a.targets[t].miss > 0 ? " (by " + number(a.targets[t].miss, p) + ")" : std::string(" (interval crosses the band)"));
      }
      h << "<tr><td>" << editsText(a.text) << "</td><td>" << (a.passes ? std::string("passes") : "misses " + misses)
        << "</td></tr>\n";
    }
    h << "</table>\n";
  }
  h << "<h3>Sensitivity: the effect of moving each knob</h3>\n";
  if (r.sensitivity.empty()) {
    h << "<p>No step was measured (the starting ruleset passed, or the budget ended first).</p>\n";
    return;
  }
  std::vector<const sim::Sensitivity*> rows;
  for (const auto& s : r.sensitivity) rows.push_back(&s);
  std::stable_sort(rows.begin(), rows.end(), [](auto* a, auto* b) { return std::abs(a->effect.value) > std::abs(b->effect.value); });
  h << "<p>Paired on the same games: the metric's change when the knob moves from one value to another (one step "
       "up or down its domain, or a long jump to an end of it), with its 95% interval; an interval that holds 0 is no "
       "detectable effect.</p>\n";
  h << "<table><tr><th>knob</th><th>move</th><th>metric</th><th>effect [95% CI]</th><th>blocks</th></tr>\n";
  for (std::size_t i = 0; i < rows.size() && i < kSensitivityRows; ++i) {
    const sim::Sensitivity& s = *rows[i];
    const bool clear = s.effect.ci.lo > 0 || s.effect.ci.hi < 0;
    h << "<tr><td><code>" << esc(s.path) << "</code></td><td>" << esc(s.from) << " &rarr; " << esc(s.to) << "</td><td>"
      << esc(s.metric) << "</td><td>" << (clear ? "<b>" : "") << number(s.effect.value, true) << " ["
      << number(s.effect.ci.lo, true) << ", " << number(s.effect.ci.hi, true) << "]" << (clear ? "</b>" : "")
      << "</td><td>" << s.effect.blocks << "</td></tr>\n";
  }
  h << "</table>\n";
  if (rows.size() > kSensitivityRows)
    h << "<p class=\"muted\">" << rows.size() - kSensitivityRows << " more moves (smaller effects) in the tune's JSON "
      << "(<code>sensitivity</code>).</p>\n";
}

}  // namespace wb::app
