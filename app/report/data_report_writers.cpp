#include "app/report/data_report_writers.h"

#include <cstdio>
#include <optional>

#include "simulation/assumptions/assumptions_json.h"
#include "simulation/dice/dice_report.h"
#include "simulation/impact/impact_result_json.h"
#include "simulation/ladder/ladder_json.h"
#include "simulation/results/run_result_json.h"
#include "simulation/sweep/sweep_result_json.h"

namespace wb::app {
namespace {

std::string csvField(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string csvNumber(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

class Csv {
 public:
  Csv() { m_out = "section,item,metric,value,ci_lo,ci_hi,n\n"; }
  void text(const std::string& section, const std::string& item, const std::string& metric, const std::string& value) {
    m_out += csvField(section) + "," + csvField(item) + "," + csvField(metric) + "," + csvField(value) + ",,,\n";
  }
  void number(const std::string& section, const std::string& item, const std::string& metric, double value,
              std::optional<sim::Interval> ci = std::nullopt, std::optional<unsigned long long> n = std::nullopt) {
    m_out += csvField(section) + "," + csvField(item) + "," + csvField(metric) + "," + csvNumber(value) + "," +
             (ci ? csvNumber(ci->lo) : "") + "," + (ci ? csvNumber(ci->hi) : "") + "," + (n ? std::to_string(*n) : "") + "\n";
  }
  const std::string& str() const { return m_out; }

 private:
  std::string m_out;
};

void tallies(Csv& csv, const std::string& section, const std::vector<std::string>& labels,
             const std::vector<sim::OutcomeTally>& ts) {
  for (std::size_t i = 0; i < ts.size(); ++i) {
    const std::string label = i < labels.size() ? labels[i] : std::to_string(i);
    csv.number(section, label, "win_rate", ts[i].winRate(), sim::wilsonInterval(ts[i].wins, ts[i].games), ts[i].games);
    csv.number(section, label, "wins", static_cast<double>(ts[i].wins));
    csv.number(section, label, "draws", static_cast<double>(ts[i].draws));
    csv.number(section, label, "losses", static_cast<double>(ts[i].losses));
    csv.number(section, label, "nobody_wins", static_cast<double>(ts[i].nobody));
    csv.number(section, label, "adjudicated_wins", static_cast<double>(ts[i].adjudicatedWins));
    csv.number(section, label, "adjudicated_draws", static_cast<double>(ts[i].adjudicatedDraws));
    csv.number(section, label, "adjudicated_losses", static_cast<double>(ts[i].adjudicatedLosses));
    csv.number(section, label, "timeouts", static_cast<double>(ts[i].timeouts));
  }
}

}  // namespace

std::string csvReport(const ReportData& d) {
  Csv csv;
  const sim::RunResult& run = d.run;
  const sim::RunStats& s = run.stats;
  csv.text("ruleset", d.rulesetId, "name", d.rulesetName);
  csv.text("ruleset", d.rulesetId, "version", std::to_string(d.version));
  csv.text("ruleset", d.rulesetId, "engine", d.engine);
  csv.text("ruleset", d.rulesetId, "content_hash", d.contentHash);
  csv.text("ruleset", d.rulesetId, "file", d.file);
  for (const auto& set : d.sets) csv.text("ruleset", d.rulesetId, "set", set);
  for (const auto& edit : d.unsavedEdits) csv.text("ruleset", d.rulesetId, "unsaved edit", edit);
  std::string agents;
  for (std::size_t i = 0; i < run.config.agents.size(); ++i) agents += (i ? "," : "") + run.config.agents[i];
  csv.text("setup", "", "agents", agents);
  csv.number("setup", "", "games", static_cast<double>(s.games()));
  csv.number("setup", "", "seed", static_cast<double>(run.config.seed));
  csv.number("setup", "", "threads", run.config.threads);
  csv.number("setup", "", "players", run.config.players);
  csv.number("setup", "", "max_turns", run.config.maxTurns);
  csv.text("setup", "", "program_version", d.programVersion);
  csv.text("setup", "", "date", d.date);
  csv.text("setup", "", "command", d.command);
  csv.text("setup", "", "run_command", d.runCommand);
  csv.number("games", "", "finished", static_cast<double>(s.finishedGames()));
  csv.number("games", "", "side_wins", static_cast<double>(s.sideWinGames()));
  csv.number("games", "", "draws", static_cast<double>(s.drawnGames()));
  csv.number("games", "", "nobody_wins", static_cast<double>(s.nobodyWinsGames()));
  csv.number("games", "", "adjudicated", static_cast<double>(s.adjudicatedGames()));
  csv.number("games", "", "timeouts", static_cast<double>(s.timeouts()));
  if (!run.schedule.empty() && !s.factions().empty()) csv.text("setup", "", "faction_schedule", run.schedule);
  std::vector<std::string> seats;
  for (std::size_t i = 0; i < s.seats().size(); ++i) seats.push_back(std::to_string(i));
  if (s.hasTeams()) {
    std::vector<std::string> teams;
    for (std::size_t i = 0; i < s.sides().size(); ++i) teams.push_back(std::to_string(i));
    tallies(csv, "team", teams, s.sides());
  }
  tallies(csv, "seat", seats, s.seats());
  tallies(csv, "agent", run.agents, s.agents());
  tallies(csv, "faction", run.factions, s.factions());
  {
    const sim::FirstSideTest first = s.firstSideTest();
    csv.number("first_side", "side of seat 0", "win_rate", first.rate(), first.ci, first.decided);
    csv.number("first_side", "side of seat 0", "fair_rate", first.fair);
    csv.number("first_side", "side of seat 0", "p_value", first.pValue);
    csv.number("first_side", "side of seat 0", "without_winner", static_cast<double>(first.withoutWinner));
  }
  const auto& len = s.length();
  csv.number("length", "turns", "mean", len.mean(), std::nullopt, len.games);
  csv.number("length", "turns", "sd", len.sd());
  csv.number("length", "turns", "censored", static_cast<double>(len.censored));
  csv.number("length", "turns", "mean_uncensored", len.meanUncensored(), std::nullopt, len.games - len.censored);
  for (int k = 0; k < s.counters().counters; ++k) {
    const auto K = static_cast<std::size_t>(k);
    const std::string id = K < run.counters.size() ? run.counters[K] : std::to_string(k);
    csv.number("counter", id, "total", static_cast<double>(s.counters().total[K]));
    csv.number("counter", id, "games_with", static_cast<double>(s.counters().gamesWith[K]));
  }
  for (std::size_t t = 0; t < len.histogram.size(); ++t)
    if (len.histogram[t]) csv.number("length_histogram", std::to_string(t), "games", static_cast<double>(len.histogram[t]));
  for (const auto& e : d.entities) {
    csv.number("entity", e.id, "acquired_per_game", e.acquiredPerGame);
    csv.number("entity", e.id, "played_per_game", e.playedPerGame);
    csv.number("entity", e.id, "triggered_per_game", e.triggeredPerGame);
    csv.number("entity", e.id, "used_win_rate", e.usedWinRate, std::nullopt, e.usedPlayers);
    csv.number("entity", e.id, "unused_win_rate", e.unusedWinRate, std::nullopt, e.unusedPlayers);
    if (e.hasDelta) csv.number("entity", e.id, "association_delta", e.delta, e.deltaCi);
    if (!e.flag.empty()) csv.text("entity", e.id, "flag", e.flag);
  }
  if (d.impact) {
    for (const sim::EntityImpact& e : d.impact->entities) {
      for (const auto& [name, m] : {std::pair<const char*, const sim::ImpactMeasure*>{"restricted_play_lift", &e.restricted},
                                    std::pair<const char*, const sim::ImpactMeasure*>{"grant_lift", &e.granted}}) {
        if (m->measured) csv.number("impact", e.id, name, m->lift.mean(), m->lift.interval(), m->lift.pairs);
        else csv.text("impact", e.id, name, m->note);
      }
    }
  }
  for (const auto& q : d.dice) {
    if (!q.error.empty()) {
      csv.text("dice", q.id, "error", q.error);
      continue;
    }
    csv.text("dice", q.id, "title", q.result.title);
    csv.number("dice", q.id, "mean", q.result.mean);
    csv.number("dice", q.id, "sd", q.result.sd);
    if (q.result.probability) csv.number("dice", q.id, q.result.probabilityLabel, *q.result.probability);
    for (const auto& [outcome, p] : q.result.pmf.map())
      csv.number("dice_pmf", q.id, sim::dice::formatOutcome(outcome), p);
  }
  for (const auto& sw : d.sweeps) {
    const std::string& path = sw.config.axes[0].path;
    csv.text("sweep", path, "metric", sw.config.metric.spec());
    csv.number("sweep", path, "target", sw.config.effectiveTarget());
    for (const auto& p : sw.points)
      csv.number("sweep_point", path + "=" + csvNumber(p.values[0]), "win_rate", p.rate(), p.ci, p.metric.games);
    for (const auto& c : sw.curves)
      if (!c.balance.crossed)
        csv.text("balance_point", path, "value",
                 c.balance.noDetectableEffect() ? "no detectable effect in this range" : "not crossed in range");
  }
  std::string out = csv.str();
  // Balance points carry open interval ends, written by hand.
  for (const auto& sw : d.sweeps) {
    const std::string& path = sw.config.axes[0].path;
    for (const auto& c : sw.curves) {
      if (!c.balance.crossed) continue;
      out += "balance_point," + csvField(path) + ",value," + csvNumber(c.balance.value) + "," +
             (c.balance.lo ? csvNumber(*c.balance.lo) : "") + "," + (c.balance.hi ? csvNumber(*c.balance.hi) : "") + ",\n";
    }
  }
  for (const auto& a : d.assumed) out += "assumed," + csvField(a.path) + ",text," + csvField(a.text) + ",,,\n";
  return out;
}

std::string jsonReport(const ReportData& d) {
  sim::JsonWriter w;
  w.beginObject();
  w.key("report").beginObject();
  w.field("ruleset", d.rulesetId);
  w.field("name", d.rulesetName);
  w.field("version", d.version);
  w.field("engine", d.engine);
  w.field("content_hash", d.contentHash);
  w.field("file", d.file);
  w.key("sets").beginArray();
  for (const auto& s : d.sets) w.value(s);
  w.endArray();
  w.key("unsaved_edits").beginArray();
  for (const auto& s : d.unsavedEdits) w.value(s);
  w.endArray();
  w.field("games_played", static_cast<unsigned long long>(d.gamesPlayed));
  w.field("games_reused", static_cast<unsigned long long>(d.gamesReused));
  w.field("program_version", d.programVersion);
  w.field("date", d.date);
  w.field("command", d.command);
  w.field("run_command", d.runCommand);
  w.endObject();
  w.key("run");
  sim::writeRunResultJson(w, d.run);
  w.key("entity_table").beginArray();
  for (const auto& e : d.entities) {
    w.beginObject();
    w.field("entity", e.id);
    w.field("measure", "association");
    w.field("used_win_rate", e.usedWinRate);
    w.field("unused_win_rate", e.unusedWinRate);
    if (e.hasDelta) {
      w.field("win_rate_delta", e.delta);
      w.key("delta_ci95").beginArray().value(e.deltaCi.lo).value(e.deltaCi.hi).endArray();
    } else {
      w.key("win_rate_delta").null();
      w.key("delta_ci95").null();
    }
    w.field("flag", e.flag);
    w.endObject();
  }
  w.endArray();
  w.key("sweeps").beginArray();
  for (const auto& sw : d.sweeps) sim::writeSweepResultJson(w, sw, false);
  w.endArray();
  if (d.impact) {
    w.key("impact");
    sim::writeImpactResultJson(w, *d.impact);
  }
  w.key("dice_questions").beginArray();
  for (const auto& q : d.dice) {
    w.beginObject();
    w.field("id", q.id);
    w.field("name", q.name);
    if (!q.error.empty()) {
      w.field("error", q.error);
    } else {
      w.key("result");
      sim::dice::writeDiceJson(w, q.result);
    }
    w.endObject();
  }
  w.endArray();
  w.key("assumed").beginArray();
  for (const auto& a : d.assumed) w.beginObject().field("path", a.path).field("text", a.text).endObject();
  w.endArray();
  // The sections played on request (--ladder, --assumptions): their documents
  // as `balance ladder` and `balance assumptions` write them.
  if (d.ladder) {
    w.key("ladder");
    sim::writeLadderJson(w, *d.ladder);
  }
  if (d.assumptions) {
    std::string doc = sim::assumptionsToJson(*d.assumptions);
    while (!doc.empty() && (doc.back() == '\n' || doc.back() == ' ')) doc.pop_back();
    w.key("assumptions").raw(doc);
  }
  w.endObject();
  return w.str() + "\n";
}

}  // namespace wb::app
