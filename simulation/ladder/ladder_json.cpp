#include "simulation/ladder/ladder_json.h"

#include "simulation/results/run_result_json.h"

namespace wb::sim {

namespace {

void writeInterval(JsonWriter& w, const Interval& ci) { w.beginArray().value(ci.lo).value(ci.hi).endArray(); }

void writeFinding(JsonWriter& w, const Finding& f) {
  w.beginObject();
  w.field("id", f.id);
  w.field("label", f.label);
  w.field("value", f.value);
  w.key("ci95");
  writeInterval(w, f.ci);
  w.field("fair", f.fair);
  w.field("n", static_cast<unsigned long long>(f.n));
  w.field("category", f.category);
  w.endObject();
}

void writeFindings(JsonWriter& w, const char* key, const std::vector<Finding>& list) {
  w.key(key).beginArray();
  for (const Finding& f : list) writeFinding(w, f);
  w.endArray();
}

void writeStrings(JsonWriter& w, const char* key, const std::vector<std::string>& list) {
  w.key(key).beginArray();
  for (const auto& s : list) w.value(s);
  w.endArray();
}

}  // namespace

void writeLadderJson(JsonWriter& w, const LadderResult& r, bool withRuns) {
  const auto& name = [&](int i) -> const std::string& { return r.agents[static_cast<std::size_t>(i)]; };
  w.beginObject();
  w.field("engine", r.engine);
  w.field("players", r.config.run.players);
  w.field("games_per_pairing", static_cast<unsigned long long>(r.config.run.games));
  w.field("games_per_agent",
          static_cast<unsigned long long>(r.config.selfPlayGames ? r.config.selfPlayGames : r.config.run.games));
  w.field("seed", static_cast<unsigned long long>(r.config.run.seed));
  w.field("max_turns", r.config.run.maxTurns);
  w.key("agents").beginArray();
  for (std::size_t i = 0; i < r.agents.size(); ++i) {
    w.beginObject();
    w.field("agent", r.agents[i]);
    if (i < r.ratings.size()) {
      w.field("elo", r.ratings[i].elo);
      w.field("elo_se", r.ratings[i].se);
    }
    for (std::size_t k = 0; k < r.rungs.size(); ++k)
      if (r.rungs[k] == static_cast<int>(i)) w.field("rung", static_cast<int>(k));
    w.endObject();
  }
  w.endArray();
  w.key("matrix").beginArray();
  for (const Pairing& p : r.pairings) {
    w.beginObject();
    w.field("a", name(p.a));
    w.field("b", name(p.b));
    w.field("games", static_cast<unsigned long long>(p.games));
    w.field("a_wins", p.aWins);
    w.field("b_wins", p.bWins);
    w.field("draws", p.draws);
    w.field("no_winner", static_cast<unsigned long long>(p.other));
    w.field("adjudicated", static_cast<unsigned long long>(p.adjudicated));
    w.field("timeouts", static_cast<unsigned long long>(p.timeouts));
    w.field("a_score", p.score);
    w.key("ci95");
    writeInterval(w, p.ci);
    w.endObject();
  }
  w.endArray();
  w.key("conclusions").beginArray();
  for (std::size_t i = 0; i < r.conclusions.size() && i < r.agents.size(); ++i) {
    const AgentConclusions& c = r.conclusions[i];
    w.beginObject();
    w.field("agent", r.agents[i]);
    w.field("mean_turns", c.meanLength);
    w.key("first_side");
    writeFinding(w, c.firstSide);
    writeFindings(w, "seats", c.seats);
    writeFindings(w, "factions", c.factions);
    writeFindings(w, "entities", c.entities);
    writeStrings(w, "top_entities", c.topEntities);
    writeStrings(w, "bottom_entities", c.bottomEntities);
    w.endObject();
  }
  w.endArray();
  w.key("rank_agreement").beginArray();
  for (const RankAgreement& a : r.agreement) {
    w.beginObject();
    w.field("from", name(a.from));
    w.field("to", name(a.to));
    w.field("what", a.what);
    w.field("items", a.items);
    w.field("kendall_tau", a.tau);
    w.endObject();
  }
  w.endArray();
  w.key("agreement_check").beginArray();
  for (const AgreementCheck& c : r.checks) {
    w.beginObject();
    w.field("agent", name(c.agent));
    w.field("reference", name(c.reference));
    w.field("agrees", c.agrees());
    w.field("first_side_conflict", c.firstSideConflict);
    w.key("orders").beginArray();
    for (const OrderComparison& x : c.orders) {
      w.beginObject();
      w.field("what", x.what);
      w.field("pairs", x.pairs);
      w.field("same_separated", x.sameSeparated);
      w.field("opposite", x.opposite);
      w.field("tied", x.tied);
      writeStrings(w, "conflicts", x.conflicts);
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }
  w.endArray();
  w.key("changes").beginArray();
  for (const ConclusionChange& c : r.changes) {
    w.beginObject();
    w.field("from", name(c.from));
    w.field("to", name(c.to));
    w.field("id", c.id);
    w.field("label", c.label);
    w.field("kind", c.kind);
    w.field("before", c.before);
    w.field("after", c.after);
    w.endObject();
  }
  w.endArray();
  if (withRuns) {
    w.key("runs").beginArray();
    for (const RunResult& run : r.selfPlay) writeRunResultJson(w, run);
    w.endArray();
  }
  w.field("cancelled", r.cancelled);
  w.field("elapsed_s", r.elapsedSeconds);
  w.endObject();
}

std::string ladderToJson(const LadderResult& result, bool pretty) {
  JsonWriter w(pretty);
  writeLadderJson(w, result);
  return w.str() + "\n";
}

}  // namespace wb::sim
