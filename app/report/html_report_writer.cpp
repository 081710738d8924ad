#include "app/report/html_report_writer.h"
#include "app/report/robustness_section.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "app/report/assumptions_section.h"
#include "app/report/report_summary.h"
#include "app/report/svg_chart.h"
#include "app/report/text_format.h"
#include "app/report/tune_section.h"
#include "app/report/window_sections.h"
#include "simulation/dice/dice_report.h"

namespace wb::app {
namespace {

std::string esc(const std::string& s) { return xmlEscape(s); }

std::string pct(double x) { return percentText(x) + "%"; }

const char* kCss =
    "body{font-family:'DejaVu Sans',Arial,sans-serif;margin:24px auto;max-width:960px;color:#222;line-height:1.4}"
    "h1{font-size:24px;margin-bottom:4px}h2{font-size:18px;border-bottom:2px solid #3b6fb6;padding-bottom:3px;margin-top:28px}"
    "h3{font-size:15px;margin-bottom:4px}table{border-collapse:collapse;margin:8px 0}"
    "td,th{border:1px solid #ccc;padding:3px 8px;text-align:right;font-size:13px}th{background:#eef2f8}"
    "td.l,th.l{text-align:left}pre{background:#f4f4f4;padding:8px;white-space:pre-wrap;word-break:break-all;font-size:12px}"
    ".strong{background:#fde2c8}.weak{background:#d8e6f7}.never{background:#eee}.muted{color:#777}"
    ".verdict{font-weight:bold}.chart{margin:8px 0}";

// A cell's text: an interval "[a, b]" never breaks inside (a row stays one line).
std::string cellText(const std::string& text) {
  std::string out = esc(text);
  if (!text.empty() && text.front() == '[')
    for (auto at = out.find(", "); at != std::string::npos; at = out.find(", ", at)) out.replace(at, 2, ",&nbsp;");
  return out;
}

// `widths` (percent of the page, one per column) for the wide tables: the
// PDF layout then gives each column its share instead of squeezing some until
// names and headers break mid-word.
void table(std::ostringstream& h, const std::vector<std::string>& head, const std::vector<std::vector<std::string>>& rows,
           std::size_t leftColumns = 1, const std::vector<std::string>& rowClasses = {}, const std::vector<int>& widths = {}) {
  h << "<table cellspacing=\"0\" cellpadding=\"3\" border=\"1\"" << (widths.empty() ? "" : " width=\"100%\"") << "><tr>";
  for (std::size_t i = 0; i < head.size(); ++i)
    h << "<th" << (i < leftColumns ? " class=\"l\" align=\"left\"" : "")
      << (i < widths.size() ? " width=\"" + std::to_string(widths[i]) + "%\"" : "") << ">" << esc(head[i]) << "</th>";
  h << "</tr>\n";
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::string cls = r < rowClasses.size() ? rowClasses[r] : "";
    h << "<tr" << (cls.empty() ? "" : " class=\"" + cls + "\"") << ">";
    for (std::size_t i = 0; i < rows[r].size(); ++i)
      h << "<td" << (i < leftColumns ? " class=\"l\" align=\"left\"" : " align=\"right\"")
        << (cls == "strong" ? " bgcolor=\"#fde2c8\"" : cls == "weak" ? " bgcolor=\"#d8e6f7\"" : cls == "never" ? " bgcolor=\"#eeeeee\"" : "")
        << ">" << cellText(rows[r][i]) << "</td>";
    h << "</tr>\n";
  }
  h << "</table>\n";
}

// Optional outcome columns: only those that occur in the run.
struct OutcomeColumns {
  bool nobody, adjudicated, timeouts;
  explicit OutcomeColumns(const sim::RunStats& s)
      : nobody(s.nobodyWinsGames() > 0), adjudicated(s.adjudicatedGames() > 0), timeouts(s.timeouts() > 0) {}
  std::vector<std::string> head(const std::string& what) const {
    std::vector<std::string> h{what, "games", "wins", "draws", "losses"};
    if (nobody) h.push_back("nobody won");
    if (adjudicated) h.insert(h.end(), {"adjudicated won", "adj. drawn", "adj. lost"});
    if (timeouts) h.push_back("timeouts");
    h.insert(h.end(), {"win rate (of all games)", "95% CI (%)"});
    return h;
  }
  std::vector<std::string> row(const std::string& label, const sim::OutcomeTally& t) const {
    std::vector<std::string> r{label, std::to_string(t.games), std::to_string(t.wins), std::to_string(t.draws),
                               std::to_string(t.losses)};
    if (nobody) r.push_back(std::to_string(t.nobody));
    if (adjudicated)
      r.insert(r.end(), {std::to_string(t.adjudicatedWins), std::to_string(t.adjudicatedDraws),
                         std::to_string(t.adjudicatedLosses)});
    if (timeouts) r.push_back(std::to_string(t.timeouts));
    r.insert(r.end(), {pct(t.winRate()), intervalText(sim::wilsonInterval(t.wins, t.games))});
    return r;
  }
};

void tallySection(std::ostringstream& h, const ChartSink& sink, const std::string& what, const std::vector<std::string>& labels,
                  const std::vector<sim::OutcomeTally>& tallies, double fair, const OutcomeColumns& cols,
                  const std::string& agents) {
  std::vector<std::vector<std::string>> rows;
  std::vector<SvgBar> bars;
  for (std::size_t i = 0; i < tallies.size(); ++i) {
    const std::string label = i < labels.size() ? labels[i] : std::to_string(i);
    rows.push_back(cols.row(label, tallies[i]));
    const auto ci = sim::wilsonInterval(tallies[i].wins, tallies[i].games);
    bars.push_back({label, tallies[i].winRate(), ci.lo, ci.hi, false});
  }
  SvgChartFrame frame;
  frame.title = "Win rate by " + what + " (95% intervals; agents " + agents + ")";
  frame.yLabel = "win rate";
  frame.percentAxis = true;
  frame.height = 260;
  h << "<div class=\"chart\">" << sink(svgBarChart(frame, bars, fair, 1.0), frame.width, frame.height) << "</div>\n";
  table(h, cols.head(what), rows);
}

std::string seatList(std::uint32_t mask) {
  std::string out;
  for (int s = 0; s < 32; ++s)
    if (mask & (1u << s)) out += (out.empty() ? "" : ", ") + std::to_string(s + 1);  // Seat N, as the window numbers seats
  return out;
}

}  // namespace

std::string inlineSvg(const std::string& svg, int, int) { return svg; }

std::string htmlReport(const ReportData& d, const ChartSink& sink, bool simple) {
  const sim::RunResult& run = d.run;
  const sim::RunStats& s = run.stats;
  std::ostringstream h;
  h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Balance report: " << esc(d.rulesetName)
    << "</title>\n";
  if (!simple) h << "<style>" << kCss << "</style>\n";
  h << "</head><body>\n";
  h << "<h1>Balance report: " << esc(d.rulesetName) << "</h1>\n";
  h << "<p class=\"muted\">" << esc(d.rulesetId) << ", version " << d.version << ", engine " << esc(d.engine)
    << " &middot; content hash <code>" << esc(d.contentHash) << "</code> (FNV-1a 64 of the canonical YAML)</p>\n";
  h << summaryHtml(d);

  // Setup and reproduction.
  h << "<h2>Setup</h2>\n";
  std::string agents;
  for (std::size_t i = 0; i < run.config.agents.size(); ++i) agents += (i ? ", " : "") + run.config.agents[i];
  std::string sets;
  for (std::size_t i = 0; i < d.sets.size(); ++i) sets += (i ? "; " : "") + d.sets[i];
  std::string unsaved;
  for (std::size_t i = 0; i < d.unsavedEdits.size(); ++i) unsaved += (i ? "; " : "") + d.unsavedEdits[i];
  const std::string games = gamesProvenance(d);
  table(h, {"setting", "value"},
        {{"ruleset file", d.file},
         {"changes (--set)", sets.empty() ? "none" : sets},
         {"unsaved edits (not in the file)", unsaved.empty() ? "none" : unsaved},
         {"agents", agents},
         {"players", std::to_string(run.config.players)},
         {"games", games},
         {"seed", std::to_string(run.config.seed)},
         {"threads", std::to_string(run.config.threads) + " (results do not depend on it)"},
         {"turn cap", std::to_string(run.config.maxTurns)},
         {"program", "balance " + d.programVersion},
         {"date", d.date},
         {"run time", numberText(run.elapsedSeconds, 2) + " s (" + numberText(run.gamesPerSecond(), 0) + " games/s)"}},
        2);
  h << "<p>Reproduce this report:</p>\n<pre>" << esc(d.command) << "</pre>\n";
  h << "<p>Reproduce the run's numbers (JSON on stdout):</p>\n<pre>" << esc(d.runCommand) << "</pre>\n";

  // Win rates.
  const sim::FirstSideTest firstSide = s.firstSideTest();
  const double fair = 1.0 / std::max(1, run.config.players);
  const OutcomeColumns cols(s);
  const std::string agentNames = agentsText(run.config.agents);
  auto share = [&](std::uint64_t n) { return pct(s.games() ? static_cast<double>(n) / static_cast<double>(s.games()) : 0.0); };
  h << "<h2>Win rates</h2>\n";
  h << "<p>Agents: <b>" << esc(agentNames) << "</b>. " << s.games() << " games: " << s.sideWinGames() << " won by one "
    << (s.hasTeams() ? "team" : "player") << " (" << share(s.sideWinGames()) << "), " << s.drawnGames() << " drawn between "
    << (s.hasTeams() ? "teams" : "players") << " (" << share(s.drawnGames()) << "), " << s.nobodyWinsGames()
    << " won by nobody (" << share(s.nobodyWinsGames()) << "), " << s.adjudicatedGames()
    << " adjudicated by the engine at its own cap (" << share(s.adjudicatedGames()) << "), " << s.timeouts()
    << " stopped at the " << run.config.maxTurns << "-turn cap (" << share(s.timeouts())
    << "). A win rate counts wins by the rules over all games; adjudicated games and timeouts are not wins. Fair rate per seat: "
    << pct(fair) << ".</p>\n";
  if (!run.schedule.empty() && !s.factions().empty())
    h << "<p>Factions: " << esc(run.schedule) << ".</p>\n";
  if (s.hasTeams()) {
    std::vector<std::string> teamLabels;
    for (std::size_t i = 0; i < s.sides().size(); ++i)
      teamLabels.push_back("Team " + std::to_string(i + 1) + " (seats " + seatList(i < s.sideSeats().size() ? s.sideSeats()[i] : 0u) + ")");
    tallySection(h, sink, "team", teamLabels, s.sides(), firstSide.fair, cols, agentNames);
    h << "<p>The team rows add up with the draws (and the other outcomes) to every game; a team win is a win for every seat, "
         "agent and faction of the team.</p>\n";
  }
  std::vector<std::string> seatLabels;
  for (std::size_t i = 0; i < s.seats().size(); ++i) seatLabels.push_back("Seat " + std::to_string(i + 1));
  tallySection(h, sink, "seat", seatLabels, s.seats(), s.hasTeams() ? firstSide.fair : fair, cols, agentNames);
  if (s.agents().size() > 1 || run.config.agents.size() > 1)
    tallySection(h, sink, "agent", run.agents, s.agents(), s.hasTeams() ? firstSide.fair : fair, cols, agentNames);
  if (!s.factions().empty())
    tallySection(h, sink, "faction", run.factions, s.factions(), s.hasTeams() ? firstSide.fair : fair, cols, agentNames);

  // First side.
  h << "<h2>" << (firstSide.teams ? "First-side (first team) advantage" : "First-player advantage") << "</h2>\n";
  if (firstSide.decided > 0) {
    h << "<p>" << (firstSide.teams ? "The team of seat 0" : "The first player") << " wins <b>" << pct(firstSide.rate())
      << "</b> " << intervalText(firstSide.ci) << " of the " << firstSide.decided << " games one "
      << (firstSide.teams ? "team" : "player") << " won, against a fair " << pct(firstSide.fair) << " (1/" << firstSide.sides
      << "); two-sided binomial " << pValueText(firstSide.pValue) << ": <span class=\"verdict\">"
      << (firstSide.pValue < 0.05 ? "significant" : "not significant") << "</span> at 95% (agents " << esc(agentNames)
      << "). ";
  } else {
    h << "<p>No game was won by one " << (firstSide.teams ? "team" : "player") << ": nothing to test. ";
  }
  h << firstSide.withoutWinner << " games without a winner are left out (draws, games nobody won, adjudicated games, timeouts).</p>\n";

  // Length.
  const auto& len = s.length();
  h << "<h2>Game length</h2>\n";
  long long lo = -1, hi = -1;
  std::vector<double> xs, ys;
  for (std::size_t t = 0; t < len.histogram.size(); ++t) {
    if (!len.histogram[t]) continue;
    if (lo < 0) lo = static_cast<long long>(t);
    hi = static_cast<long long>(t);
    xs.push_back(static_cast<double>(t));
    ys.push_back(static_cast<double>(len.histogram[t]));
  }
  // At most ~60 bars: bins of `bin` turns, drawn at their centre.
  double bin = 1;
  if (!xs.empty() && xs.back() - xs.front() > 60) bin = std::ceil((xs.back() - xs.front() + 1) / 50.0);
  if (bin > 1) {
    std::vector<double> bx, by;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      const double start = std::floor(xs[i] / bin) * bin;
      const double centre = start + (bin - 1) / 2.0;
      if (bx.empty() || bx.back() != centre) {
        bx.push_back(centre);
        by.push_back(0);
      }
      by.back() += ys[i];
    }
    xs = bx;
    ys = by;
  }
  h << "<p>Mean " << numberText(len.mean(), 1) << " turns over all " << len.games << " games, sd " << numberText(len.sd(), 1)
    << ", min " << std::max(0LL, lo) << ", max " << std::max(0LL, hi) << " (agents " << esc(agentNames) << ").";
  if (len.censored > 0)
    h << " <b>" << len.censored << " games were stopped at the " << run.config.maxTurns
      << "-turn cap</b> and are counted at the cap (censored), so the true mean is longer; the " << len.games - len.censored
      << " games that ended average " << numberText(len.meanUncensored(), 1) << " turns.";
  h << "</p>\n";
  SvgChartFrame lf;
  lf.title = len.censored > 0 ? "Game length (all games; the bar at the cap holds the censored ones)" : "Game length";
  lf.xLabel = "turns";
  lf.yLabel = bin > 1 ? "games per " + numberText(bin, 0) + " turns" : "games";
  lf.height = 240;
  h << "<div class=\"chart\">" << sink(svgHistogram(lf, xs, ys, bin), lf.width, lf.height) << "</div>\n";

  // Engine counters.
  const sim::CounterTally& counters = s.counters();
  if (counters.counters > 0 && s.games() > 0) {
    h << "<h2>Engine events</h2>\n<p>How often the engine's named events happen (agents " << esc(agentNames)
      << "), over all " << s.games() << " games.</p>\n";
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> head{"event", "total", "per game", "% of games"};
    for (int p = 0; p < s.players(); ++p) head.push_back("Seat " + std::to_string(p + 1));
    const double games = static_cast<double>(s.games());
    for (int k = 0; k < counters.counters; ++k) {
      const auto K = static_cast<std::size_t>(k);
      std::vector<std::string> row{K < run.counters.size() ? run.counters[K] : std::to_string(k), std::to_string(counters.total[K]),
                                   numberText(static_cast<double>(counters.total[K]) / games, 2),
                                   pct(static_cast<double>(counters.gamesWith[K]) / games)};
      for (int p = 0; p < s.players(); ++p) row.push_back(std::to_string(counters.at(counters.bySeat, p, k)));
      rows.push_back(row);
    }
    table(h, head, rows);
  }

  // Entities.
  h << "<h2>Entities</h2>\n";
  if (d.entities.empty()) {
    h << "<p class=\"muted\">The engine reports no per-entity statistics.</p>\n";
  } else {
    const EntityBaseline base = entityBaseline(d.entities);
    h << "<p><b>Association, not cause.</b> Agents " << esc(agentNames) << "; per game; <i>used</i> = played or triggered at "
         "least once by that player; <i>association</i> = how much more often users win than non-users, in points. "
         "Winners play more cards, so the baseline is the average association, "
      << signedPointsText(base.mean) << " points (spread " << percentText(base.sd)
      << ", one standard deviation). Flagged <span class=\"strong\">strong</span> / <span class=\"weak\">weak</span> "
         "only when the 95% interval lies above / below that baseline and the association is more than "
      << numberText(kSpreadFactor, 0)
      << " standard deviations from it; <span class=\"never\">never used</span>. A strong card may also be one good "
         "players pick: association, not cause (the causal measure is <code>balance impact</code>).</p>\n";
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> classes;
    for (const auto& e : d.entities) {
      rows.push_back({entityLabel(d, e.id), numberText(e.acquiredPerGame, 2), numberText(e.playedPerGame, 2), numberText(e.triggeredPerGame, 2),
                      e.usedPlayers ? pct(e.usedWinRate) : "-", e.unusedPlayers ? pct(e.unusedWinRate) : "-",
                      e.hasDelta ? (e.delta > 0 ? "+" : "") + percentText(e.delta) : "-",
                      e.hasDelta ? intervalText(e.deltaCi) : "-", e.flag});
      classes.push_back(e.flag == "never used" ? "never" : e.flag);
    }
    const std::string runAssociation = "association (pts, the run's " + std::to_string(d.run.stats.games()) + " games)";
    table(h, {"entity", "acquired", "played", "triggered", "users win", "non-users win", runAssociation, "95% CI (pts)", "flag"},
          rows, 1, classes, {17, 11, 8, 11, 8, 9, 14, 14, 8});
  }

  // Causal impact.
  if (d.impact) {
    const sim::ImpactResult& im = *d.impact;
    h << "<h2>Entity impact (causal)</h2>\n<p>What each entity does to the result, measured as a cause (agents "
      << esc(agentsText(im.config.run.agents)) << "; " << im.config.run.games
      << " pairs per measure). Each pair plays one game seed twice on common random numbers: once as the baseline "
         "and once with one seat treated (the seat rotates). <i>Restricted play</i>: the treated seat may not acquire, "
         "play or use the entity while it has another legal action; lift = its win rate with access minus without. "
         "<i>Grant</i>: the treated seat starts with it; lift = win rate granted minus not. Points, with 95% intervals; "
         "the association (users minus non-users in the baseline games) beside them is not a cause.</p>\n";
    std::vector<std::vector<std::string>> rows;
    const sim::RunStats& b = im.baseline;
    for (const sim::EntityImpact& e : im.entities) {
      std::string assoc = "-";
      if (static_cast<std::size_t>(e.entity) < b.entities().size()) {
        const sim::EntityTally& t = b.entities()[static_cast<std::size_t>(e.entity)];
        if (t.usedPlayers && t.unusedPlayers)
          assoc = signedPointsText(static_cast<double>(t.usedWins) / static_cast<double>(t.usedPlayers) -
                                   static_cast<double>(t.unusedWins) / static_cast<double>(t.unusedPlayers));
      }
      auto cells = [](const sim::ImpactMeasure& m, bool restricted) -> std::vector<std::string> {
        if (!m.measured) return {m.note, "", ""};
        if (restricted && m.restrictedGames == 0) return {"no effect: never restricted", "", ""};
        if (restricted && changedNoGame(m)) return {kNeverPlayedText, "", ""};
        return {signedPointsText(m.lift.mean()), signedIntervalText(m.lift.interval()), pValueText(m.lift.pValue())};
      };
      std::vector<std::string> row{entityLabel(d, e.id), assoc};
      for (auto& c : cells(e.restricted, true)) row.push_back(c);
      for (auto& c : cells(e.granted, false)) row.push_back(c);
      rows.push_back(row);
    }
    // Not the Entities table's association: these are the impact's own baseline games.
    const std::string impactAssociation =
        "association (pts, the impact's " + std::to_string(b.games()) + " baseline games, not the run's)";
    table(h, {"entity", impactAssociation, "restricted play lift (pts)", "95% CI", "p", "grant lift (pts)", "95% CI", "p"}, rows,
          1, {}, {20, 10, 12, 14, 8, 10, 14, 8});
  }

  // Sweeps.
  if (!d.sweeps.empty()) h << "<h2>Sweeps</h2>\n";
  for (const auto& sw : d.sweeps) {
    const auto& c = sw.config;
    const std::string& path = c.axes[0].path;
    h << "<h3>" << esc(path) << "</h3>\n<p>" << c.run.games << " games per point, the same seeds at every point; agents "
      << esc(agentsText(c.run.agents)) << "; metric: "
      << esc(c.metric.label()) << ", target " << pct(c.effectiveTarget()) << ".</p>\n";
    std::vector<SvgCurvePoint> pts;
    std::vector<std::vector<std::string>> rows;
    for (const auto& p : sw.points) {
      if (p.metric.games) pts.push_back({p.values[0], p.rate(), p.ci.lo, p.ci.hi});
      rows.push_back({numberText(p.values[0], 4), c.metric.isImpact() ? signedPointsText(p.rate()) : pct(p.rate()),
                      c.metric.isImpact() ? signedIntervalText(p.ci) : intervalText(p.ci), std::to_string(p.metric.games),
                      std::to_string(p.result.stats.timeouts())});
    }
    const sim::BalancePoint bp = sw.curves.empty() ? sim::BalancePoint{} : sw.curves[0].balance;
    SvgChartFrame cf;
    cf.title = c.metric.label() + " vs " + path;
    cf.xLabel = path;
    cf.yLabel = c.metric.label();
    cf.percentAxis = true;
    // A lift (impact sweep) is a difference in points around 0: fit the axis
    // to the data, not 0-100%.
    if (c.metric.isImpact()) {
      cf.autoRange = true;
      cf.pointsAxis = true;
      cf.yLabel = "lift (points)";
    }
    h << "<div class=\"chart\">"
      << sink(svgCurve(cf, pts, c.effectiveTarget(), bp.crossed ? std::optional<double>(bp.value) : std::nullopt,
                       bp.lo, bp.hi),
              cf.width, cf.height)
      << "</div>\n";
    h << "<p><b>Balance point: " << esc(balancePointText(bp, path, c.axes[0].values)) << "</b></p>\n";
    table(h, {path, c.metric.isImpact() ? "lift (pts)" : "win rate", c.metric.isImpact() ? "95% CI (pts)" : "95% CI (%)",
              "games", "timeouts"},
          rows);
  }

  writeTuneSection(h, d);
  writeRobustnessSection(h, d.ladder, d.file);
  writeWindowSections(h, d);
  writeAssumptionsSection(h, d);
  writeConditionsSection(h, d);

  // Assumptions.
  h << "<h2>Assumptions</h2>\n";
  if (d.assumed.empty()) {
    h << "<p>No value of the ruleset is marked <code>assumed</code>.</p>\n";
  } else {
    h << "<p>" << d.assumed.size() << " places of the ruleset are marked <code>assumed</code> (no public source; "
         "the ruleset itself, parameters, dice, entities, effects and dice questions):</p>\n<ul>\n";
    for (const auto& a : d.assumed) h << "<li><code>" << esc(a.path) << "</code>: " << esc(a.text) << "</li>\n";
    h << "</ul>\n";
  }
  // Dice.
  // An appendix: what the dice do, apart from the balance numbers.
  h << "<h2 style=\"page-break-before: always\">Appendix: Dice questions</h2>\n";
  if (d.dice.empty()) h << "<p class=\"muted\">The ruleset asks no dice questions (dice_questions:).</p>\n";
  else
    h << "<p>The ruleset's <code>dice_questions:</code>, answered exactly (or by Monte Carlo where marked): the "
         "distribution of each expression and the probability it asks for. They describe the dice, not the games "
         "played.</p>\n";
  for (const auto& q : d.dice) {
    h << "<h3>" << esc(q.name) << " <span class=\"muted\">(" << esc(q.id) << ")</span></h3>\n";
    if (!q.error.empty()) {
      h << "<p>Could not answer: " << esc(q.error) << "</p>\n";
      continue;
    }
    const auto& r = q.result;
    h << "<p>" << esc(r.title) << ": mean " << numberText(r.mean, 3) << ", sd " << numberText(r.sd, 3);
    if (r.probability)
      h << "; " << esc(r.probabilityLabel) << " = <b>" << numberText(*r.probability, 4) << "</b>"
        << (r.probabilityFraction.empty() ? "" : " (" + esc(r.probabilityFraction) + ")");
    h << (r.exact ? " (exact)" : " (Monte Carlo)") << "</p>\n";
    std::vector<double> dx, dy;
    for (const auto& [outcome, p] : r.pmf.map()) {
      dx.push_back(outcome);
      dy.push_back(p);
    }
    SvgChartFrame df;
    df.title = r.title;
    df.xLabel = "outcome";
    df.yLabel = "probability";
    df.height = 220;
    if (dx.size() <= 400) h << "<div class=\"chart\">" << sink(svgHistogram(df, dx, dy), df.width, df.height) << "</div>\n";
  }

  h << "<p class=\"muted\">Made by balance " << esc(d.programVersion) << " on " << esc(d.date) << ".</p>\n";
  h << "</body></html>\n";
  return h.str();
}

}  // namespace wb::app
