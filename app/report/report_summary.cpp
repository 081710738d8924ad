// The report's opening summary (see report_summary.h).
#include "app/report/report_summary.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

#include "app/report/assumptions_section.h"
#include "app/report/svg_chart.h"
#include "app/report/text_format.h"
#include "app/report/tune_section.h"

namespace wb::app {

namespace {

std::string esc(const std::string& s) { return xmlEscape(s); }
std::string pct(double x) { return percentText(x) + "%"; }
std::string pts(double x) { return signedPointsText(x) + " points"; }

bool excludes(const sim::Interval& ci, double value) { return ci.lo > value || ci.hi < value; }

// The first player's (or first team's) edge.
std::string firstSideLine(const ReportData& d) {
  const sim::FirstSideTest t = d.run.stats.firstSideTest();
  const std::string who = t.teams ? "The first team" : "The first player";
  std::ostringstream o;
  if (t.decided == 0) return who + ": no game had a winner, nothing to judge.";
  o << who << " wins " << pct(t.rate()) << " " << intervalText(t.ci) << " of the " << t.decided
    << " games with a winner, against a fair " << pct(t.fair) << ": ";
  if (excludes(t.ci, t.fair))
    o << "<b>" << (t.rate() > t.fair ? "an advantage" : "a disadvantage") << " of " << pts(t.rate() - t.fair)
      << "</b> (" << pValueText(t.pValue) << ").";
  else
    o << "no detectable advantage (the interval holds the fair rate; " << pValueText(t.pValue) << ").";
  return o.str();
}

// The strongest and weakest faction, with a verdict only where the interval leaves the fair rate.
std::string factionLine(const ReportData& d, double fair) {
  const auto& f = d.run.stats.factions();
  if (f.size() < 2) return {};
  std::size_t best = 0, worst = 0;
  for (std::size_t i = 1; i < f.size(); ++i) {
    if (f[i].winRate() > f[best].winRate()) best = i;
    if (f[i].winRate() < f[worst].winRate()) worst = i;
  }
  auto name = [&](std::size_t i) { return i < d.run.factions.size() ? d.run.factions[i] : std::to_string(i); };
  auto one = [&](std::size_t i) {
    const auto ci = sim::wilsonInterval(f[i].wins, f[i].games);
    std::string s = "<b>" + esc(name(i)) + "</b> " + pct(f[i].winRate()) + " " + intervalText(ci);
    s += excludes(ci, fair) ? " (" + pts(f[i].winRate() - fair) + " from fair, clear of noise)"
                            : " (within noise of fair)";
    return s;
  };
  int clear = 0;
  for (const auto& t : f)
    if (excludes(sim::wilsonInterval(t.wins, t.games), fair)) ++clear;
  std::ostringstream o;
  o << "Factions: the strongest is " << one(best) << ", the weakest " << one(worst) << "; " << clear << " of "
    << f.size() << " factions are clearly off the fair " << pct(fair) << ".";
  return o.str();
}

// Entities whose association stands out (report_data.h: the interval clear of
// the average association, the lift beyond the usual spread), at most three each way.
std::string entityLines(const ReportData& d) {
  const EntityBaseline base = entityBaseline(d.entities);
  if (base.entities == 0) return {};
  std::vector<const EntityRow*> up, down;
  for (const auto& e : d.entities) {
    if (e.flag == "strong") up.push_back(&e);
    if (e.flag == "weak") down.push_back(&e);
  }
  std::sort(up.begin(), up.end(), [](auto* a, auto* b) { return a->delta > b->delta; });
  std::sort(down.begin(), down.end(), [](auto* a, auto* b) { return a->delta < b->delta; });
  std::ostringstream o;
  o << "Entities (association, not cause): players who use an entity win on average " << pts(base.mean)
    << " more than those who do not (winners play more cards), spread " << percentText(base.sd)
    << " points (one standard deviation over " << base.entities
    << " entities). Standing out, with the 95% interval clear of that average and more than " << numberText(kSpreadFactor, 0)
    << " standard deviations from it: ";
  if (up.empty() && down.empty()) {
    o << "none.";
  } else {
    auto list = [&](const std::vector<const EntityRow*>& v) {
      std::string s;
      for (std::size_t i = 0; i < v.size() && i < 3; ++i)
        s += (i ? ", " : "") + ("<b>" + esc(entityLabel(d, v[i]->id)) + "</b> " + signedPointsText(v[i]->delta) + " " +
                                signedIntervalText(v[i]->deltaCi));
      if (v.size() > 3) s += " and " + std::to_string(v.size() - 3) + " more";
      return s;
    };
    if (!up.empty()) o << "above: " << list(up) << (down.empty() ? "." : "; ");
    if (!down.empty()) o << "below: " << list(down) << ".";
  }
  o << " (" << up.size() + down.size() << " of " << base.entities << "; " << base.clearOfMean - (up.size() + down.size())
    << " more differ from the average within the usual spread: see Entities.)";
  return o.str();
}

// Causal lifts whose interval excludes 0.
std::string impactLine(const ReportData& d) {
  if (!d.impact) return {};
  std::vector<std::pair<double, std::string>> clear;
  for (const auto& e : d.impact->entities) {
    for (const auto* m : {&e.restricted, &e.granted}) {
      if (!m->measured) continue;
      const auto ci = m->lift.interval();
      if (ci.lo > 0 || ci.hi < 0)
        clear.push_back({m->lift.mean(), "<b>" + esc(entityLabel(d, e.id)) + "</b> " + (m == &e.restricted ? "restricted play " : "grant ") +
                                             signedPointsText(m->lift.mean()) + " " + signedIntervalText(ci)});
    }
  }
  std::sort(clear.begin(), clear.end(), [](auto& a, auto& b) { return std::abs(a.first) > std::abs(b.first); });
  std::string s = "Entity impact (causal, paired games): ";
  if (clear.empty()) return s + "no lift clear of noise.";
  for (std::size_t i = 0; i < clear.size() && i < 5; ++i) s += (i ? ", " : "") + clear[i].second;
  return s + ".";
}

}  // namespace

std::string entityLabel(const ReportData& data, const std::string& id) {
  const auto it = data.entityNames.find(id);
  return it == data.entityNames.end() || it->second == id ? id : it->second;
}

std::string summaryHtml(const ReportData& d) {
  const sim::RunStats& s = d.run.stats;
  const double fair = 1.0 / std::max(1, d.run.config.players);
  std::ostringstream h;
  h << "<h2>Summary</h2>\n";
  h << proposedChangesHtml(d);  // a tune of this ruleset opens the summary
  h << "<p>From <b>" << s.games() << " games</b> of " << d.run.config.players << " players, agents <b>"
    << esc(agentsText(d.run.config.agents)) << "</b>, seed " << d.run.config.seed
    << ". Every interval is a 95% interval; a verdict is given only where the interval supports it.";
  if (d.gamesReused > 0) {
    std::string from = gamesProvenance(d);
    from[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(from[0])));
    h << " " << esc(from) << ".";
  }
  h << "</p>\n<ul>\n";
  h << "<li>" << firstSideLine(d) << "</li>\n";
  if (const std::string f = factionLine(d, fair); !f.empty()) h << "<li>" << f << "</li>\n";
  if (const std::string e = entityLines(d); !e.empty()) h << "<li>" << e << "</li>\n";
  if (const std::string i = impactLine(d); !i.empty()) h << "<li>" << i << "</li>\n";
  for (const auto& sw : d.sweeps) {
    if (sw.config.axes.empty()) continue;
    const sim::BalancePoint bp = sw.curves.empty() ? sim::BalancePoint{} : sw.curves[0].balance;
    h << "<li>Sweep of <code>" << esc(sw.config.axes[0].path) << "</code> (" << esc(sw.config.metric.label())
      << "): " << esc(balancePointText(bp, sw.config.axes[0].path, sw.config.axes[0].values)) << ".</li>\n";
  }
  const std::uint64_t capped = s.timeouts() + s.adjudicatedGames();
  if (capped > 0 && s.games() > 0)
    h << "<li><b>" << pct(static_cast<double>(capped) / static_cast<double>(s.games())) << " of the games</b> ended at a cap ("
      << s.timeouts() << " at the " << d.run.config.maxTurns << "-turn cap, " << s.adjudicatedGames()
      << " adjudicated by the engine): their numbers say less about the rules.</li>\n";
  if (!d.unsavedEdits.empty()) {
    h << "<li>Made from <b>" << d.unsavedEdits.size() << " unsaved edit" << (d.unsavedEdits.size() == 1 ? "" : "s")
      << "</b> of " << esc(d.file) << ": ";
    for (std::size_t i = 0; i < d.unsavedEdits.size() && i < 8; ++i) h << (i ? "; " : "") << "<code>" << esc(d.unsavedEdits[i]) << "</code>";
    if (d.unsavedEdits.size() > 8) h << "; and " << d.unsavedEdits.size() - 8 << " more (under Setup)";
    h << ".</li>\n";
  }
  if (!d.assumed.empty())
    h << "<li>" << d.assumed.size() << " values are marked <i>assumed</i> (no public source; listed at the end).</li>\n";
  if (const std::string a = assumptionsSummaryLine(d); !a.empty()) h << "<li>" << a << "</li>\n";
  if (const std::string c = conditionsSummaryLine(d); !c.empty()) h << "<li>" << c << "</li>\n";
  h << "</ul>\n";
  h << "<p class=\"muted\" style=\"page-break-after: always\">How to read it: win rates count wins by the rules over all "
       "games; points are percentage points; <i>association</i> compares players who used an entity with those who did "
       "not and is not a cause; <i>impact</i> is measured as a cause on paired games. The sections below hold every "
       "number behind these lines.</p>\n";
  return h.str();
}

}  // namespace wb::app
