#include "app/report/robustness_section.h"

#include <cstdio>


namespace wb::app {

namespace {

std::string html(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      default: o += c;
    }
  }
  return o;
}

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

}  // namespace

void writeRobustnessSection(std::ostream& h, const std::optional<sim::LadderResult>& ladder, const std::string& file) {
  h << "<h2>How robust are these conclusions?</h2>\n";
  const std::string command = "balance ladder " + file + " --agents random,greedy,planner --games 400";
  if (!ladder || !ladder->ok() || ladder->agents.empty()) {
    h << "<p>Every number above comes from the agents' choices. No skill ladder was run for this report, so it "
         "does not say which conclusions hold whoever plays. <code>"
      << html(command)
      << "</code> plays the agents against each other, rates them and lists the conclusions that change with the "
         "players' skill; <code>balance report "
      << html(file) << " --ladder random,greedy,planner ...</code> puts that here.</p>\n";
    return;
  }
  const sim::LadderResult& r = *ladder;
  auto name = [&](int a) { return html(r.agents[static_cast<std::size_t>(a)]); };
  h << "<p>Skill ladder: " << r.config.run.games << " games per pairing (seats rotated), "
    << (r.config.selfPlayGames ? r.config.selfPlayGames : r.config.run.games) << " games per agent alone, seed "
    << r.config.run.seed << (r.cancelled ? " (cancelled: partial)" : "") << ". Ratings (Bradley-Terry, Elo scale), "
    << "weakest first:</p>\n<table><tr><th>rung</th><th>agent</th><th>Elo</th><th>&plusmn; se</th></tr>\n";
  for (std::size_t k = 0; k < r.rungs.size(); ++k) {
    const int a = r.rungs[k];
    const sim::Rating& rt = r.ratings[static_cast<std::size_t>(a)];
    h << "<tr><td>" << (k + 1) << "</td><td>" << name(a) << "</td><td>" << fixed(rt.elo, 0) << "</td><td>"
      << (k == 0 && rt.se == 0.0 ? std::string("-") : fixed(rt.se, 0)) << "</td></tr>\n";
  }
  h << "</table>\n";
  if (!r.agreement.empty()) {
    h << "<p>Rank agreement between consecutive rungs (Kendall's tau, 1 = the same order):</p>\n<ul>\n";
    for (const sim::RankAgreement& g : r.agreement)
      h << "<li>" << name(g.from) << " &rarr; " << name(g.to) << ", " << html(g.what) << " (" << g.items
        << "): " << fixed(g.tau, 2) << "</li>\n";
    h << "</ul>\n";
  }
  if (r.changes.empty()) {
    h << "<p>None of the headline conclusions changes between consecutive rungs: they hold for these players.</p>\n";
    return;
  }
  h << "<p>" << r.changes.size() << " conclusion" << (r.changes.size() == 1 ? "" : "s")
    << " change with the players' skill (a conclusion that changes says more about the players than about "
       "the design):</p>\n<ul>\n";
  int listed = 0;
  for (const sim::ConclusionChange& c : r.changes) {
    if (listed++ >= kRobustnessChangesListed) break;
    h << "<li>" << name(c.from) << " &rarr; " << name(c.to) << ": " << html(c.label) << " [" << html(c.kind)
      << "]: " << html(c.before) << " &rarr; " << html(c.after) << "</li>\n";
  }
  h << "</ul>\n";
  if (static_cast<int>(r.changes.size()) > kRobustnessChangesListed)
    h << "<p>... and " << (r.changes.size() - kRobustnessChangesListed) << " more (<code>" << html(command)
      << " --json -</code> lists them all).</p>\n";
}

}  // namespace wb::app
