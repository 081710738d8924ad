#include "app/report/html_report_writer.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "app/report/svg_chart.h"
#include "app/report/text_format.h"
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

void table(std::ostringstream& h, const std::vector<std::string>& head, const std::vector<std::vector<std::string>>& rows,
           std::size_t leftColumns = 1, const std::vector<std::string>& rowClasses = {}) {
  h << "<table cellspacing=\"0\" cellpadding=\"3\" border=\"1\"><tr>";
  for (std::size_t i = 0; i < head.size(); ++i) h << "<th" << (i < leftColumns ? " class=\"l\" align=\"left\"" : "") << ">" << esc(head[i]) << "</th>";
  h << "</tr>\n";
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const std::string cls = r < rowClasses.size() ? rowClasses[r] : "";
    h << "<tr" << (cls.empty() ? "" : " class=\"" + cls + "\"") << ">";
    for (std::size_t i = 0; i < rows[r].size(); ++i)
      h << "<td" << (i < leftColumns ? " class=\"l\" align=\"left\"" : " align=\"right\"")
        << (cls == "strong" ? " bgcolor=\"#fde2c8\"" : cls == "weak" ? " bgcolor=\"#d8e6f7\"" : cls == "never" ? " bgcolor=\"#eeeeee\"" : "")
        << ">" << esc(rows[r][i]) << "</td>";
    h << "</tr>\n";
  }
  h << "</table>\n";
}

std::vector<std::string> tallyRow(const std::string& label, const sim::OutcomeTally& t) {
  return {label, std::to_string(t.games), std::to_string(t.wins), std::to_string(t.draws), std::to_string(t.losses),
          pct(t.winRate()), intervalText(sim::wilsonInterval(t.wins, t.games))};
}

void tallySection(std::ostringstream& h, const ChartSink& sink, const std::string& what, const std::vector<std::string>& labels,
                  const std::vector<sim::OutcomeTally>& tallies, double fair) {
  std::vector<std::vector<std::string>> rows;
  std::vector<SvgBar> bars;
  for (std::size_t i = 0; i < tallies.size(); ++i) {
    const std::string label = i < labels.size() ? labels[i] : std::to_string(i);
    rows.push_back(tallyRow(label, tallies[i]));
    const auto ci = sim::wilsonInterval(tallies[i].wins, tallies[i].games);
    bars.push_back({label, tallies[i].winRate(), ci.lo, ci.hi, false});
  }
  SvgChartFrame frame;
  frame.title = "Win rate by " + what + " (95% intervals)";
  frame.yLabel = "win rate";
  frame.percentAxis = true;
  frame.height = 260;
  h << "<div class=\"chart\">" << sink(svgBarChart(frame, bars, fair, 1.0), frame.width, frame.height) << "</div>\n";
  table(h, {what, "games", "wins", "draws", "losses", "win rate", "95% CI (%)"}, rows);
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

  // Setup and reproduction.
  h << "<h2>Setup</h2>\n";
  std::string agents;
  for (std::size_t i = 0; i < run.config.agents.size(); ++i) agents += (i ? ", " : "") + run.config.agents[i];
  std::string sets;
  for (std::size_t i = 0; i < d.sets.size(); ++i) sets += (i ? "; " : "") + d.sets[i];
  table(h, {"setting", "value"},
        {{"ruleset file", d.file},
         {"changes (--set)", sets.empty() ? "none" : sets},
         {"agents", agents},
         {"players", std::to_string(run.config.players)},
         {"games", std::to_string(s.games())},
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
  const double fair = 1.0 / std::max(1, run.config.players);
  h << "<h2>Win rates</h2>\n";
  h << "<p>" << s.games() << " games: " << s.finishedGames() << " finished, " << s.drawnGames() << " drawn, " << s.timeouts()
    << " stopped at the turn cap (timeouts are not counted as wins, draws or losses). Fair rate: " << pct(fair) << ".</p>\n";
  std::vector<std::string> seatLabels;
  for (std::size_t i = 0; i < s.seats().size(); ++i) seatLabels.push_back("seat " + std::to_string(i));
  tallySection(h, sink, "seat", seatLabels, s.seats(), fair);
  if (s.agents().size() > 1 || run.config.agents.size() > 1) tallySection(h, sink, "agent", run.agents, s.agents(), fair);
  if (!s.factions().empty()) tallySection(h, sink, "faction", run.factions, s.factions(), fair);

  // First player.
  h << "<h2>First-player advantage</h2>\n";
  if (!s.seats().empty()) {
    const auto& first = s.seats().front();
    const double p = sim::binomialTwoSidedPValue(first.wins, first.games, fair);
    h << "<p>The first player wins <b>" << pct(first.winRate()) << "</b> " << intervalText(sim::wilsonInterval(first.wins, first.games))
      << " against a fair " << pct(fair) << "; two-sided binomial p = " << numberText(p, 4) << ": <span class=\"verdict\">"
      << (p < 0.05 ? "significant" : "not significant") << "</span> at 95%.</p>\n";
  }

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
  h << "<p>Mean " << numberText(len.mean(), 1) << " turns, sd " << numberText(len.sd(), 1) << ", min " << std::max(0LL, lo)
    << ", max " << std::max(0LL, hi) << " (finished games).</p>\n";
  SvgChartFrame lf;
  lf.title = "Game length (finished games)";
  lf.xLabel = "turns";
  lf.yLabel = bin > 1 ? "games per " + numberText(bin, 0) + " turns" : "games";
  lf.height = 240;
  h << "<div class=\"chart\">" << sink(svgHistogram(lf, xs, ys, bin), lf.width, lf.height) << "</div>\n";

  // Entities.
  h << "<h2>Entities</h2>\n";
  if (d.entities.empty()) {
    h << "<p class=\"muted\">The engine reports no per-entity statistics.</p>\n";
  } else {
    h << "<p>Per finished game; <i>used</i> = played or triggered at least once by that player. Flagged: "
         "<span class=\"strong\">strong</span> / <span class=\"weak\">weak</span> when users win at least "
      << percentText(kOutlierDelta, 0)
      << " points more / less often than non-users and the 95% interval of the difference excludes 0; "
         "<span class=\"never\">never used</span>. A strong card may also be one good players pick, so read the "
         "difference as association, not cause.</p>\n";
    std::vector<std::vector<std::string>> rows;
    std::vector<std::string> classes;
    for (const auto& e : d.entities) {
      rows.push_back({e.id, numberText(e.acquiredPerGame, 2), numberText(e.playedPerGame, 2), numberText(e.triggeredPerGame, 2),
                      e.usedPlayers ? pct(e.usedWinRate) : "-", e.unusedPlayers ? pct(e.unusedWinRate) : "-",
                      e.hasDelta ? (e.delta > 0 ? "+" : "") + percentText(e.delta) : "-",
                      e.hasDelta ? intervalText(e.deltaCi) : "-", e.flag});
      classes.push_back(e.flag == "never used" ? "never" : e.flag);
    }
    table(h, {"entity", "acquired", "played", "triggered", "users win", "non-users win", "delta (pts)", "95% CI (pts)", "flag"},
          rows, 1, classes);
  }

  // Dice.
  h << "<h2>Dice questions</h2>\n";
  if (d.dice.empty()) h << "<p class=\"muted\">The ruleset asks no dice questions (dice_questions:).</p>\n";
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

  // Sweeps.
  if (!d.sweeps.empty()) h << "<h2>Sweeps</h2>\n";
  for (const auto& sw : d.sweeps) {
    const auto& c = sw.config;
    const std::string& path = c.axes[0].path;
    h << "<h3>" << esc(path) << "</h3>\n<p>" << c.run.games << " games per point, the same seeds at every point; metric: "
      << esc(c.metric.label()) << ", target " << pct(c.effectiveTarget()) << ".</p>\n";
    std::vector<SvgCurvePoint> pts;
    std::vector<std::vector<std::string>> rows;
    for (const auto& p : sw.points) {
      if (p.metric.games) pts.push_back({p.values[0], p.rate(), p.ci.lo, p.ci.hi});
      rows.push_back({numberText(p.values[0], 4), pct(p.rate()), intervalText(p.ci), std::to_string(p.metric.games),
                      std::to_string(p.result.stats.timeouts())});
    }
    const sim::BalancePoint bp = sw.curves.empty() ? sim::BalancePoint{} : sw.curves[0].balance;
    SvgChartFrame cf;
    cf.title = c.metric.label() + " vs " + path;
    cf.xLabel = path;
    cf.yLabel = c.metric.label();
    cf.percentAxis = true;
    h << "<div class=\"chart\">"
      << sink(svgCurve(cf, pts, c.effectiveTarget(), bp.crossed ? std::optional<double>(bp.value) : std::nullopt,
                       bp.lo, bp.hi),
              cf.width, cf.height)
      << "</div>\n";
    h << "<p><b>Balance point: " << esc(balancePointText(bp, path, c.axes[0].values)) << "</b></p>\n";
    table(h, {path, "win rate", "95% CI (%)", "games", "timeouts"}, rows);
  }

  // Assumptions.
  h << "<h2>Assumptions</h2>\n";
  if (d.assumed.empty()) {
    h << "<p>No value of the ruleset is marked <code>assumed</code>.</p>\n";
  } else {
    h << "<p>" << d.assumed.size() << " values of the ruleset are marked <code>assumed</code> (no public source):</p>\n<ul>\n";
    for (const auto& a : d.assumed) h << "<li><code>" << esc(a.path) << "</code>: " << esc(a.text) << "</li>\n";
    h << "</ul>\n";
  }
  h << "<p class=\"muted\">Made by balance " << esc(d.programVersion) << " on " << esc(d.date) << ".</p>\n";
  h << "</body></html>\n";
  return h.str();
}

}  // namespace wb::app
