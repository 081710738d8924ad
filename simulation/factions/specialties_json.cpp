#include "simulation/factions/specialties_json.h"

#include "simulation/core/json_writer.h"

namespace wb::sim {
namespace {

void writeTally(JsonWriter& w, const SpecialtyTally& t) {
  w.field("games", static_cast<unsigned long long>(t.games));
  w.field("score", t.score);
  w.field("rate", t.rate());
  const Interval ci = t.interval();
  w.key("ci95").beginArray().value(ci.lo).value(ci.hi).endArray();
  w.field("adjudicated", static_cast<unsigned long long>(t.adjudicated));
  w.field("capped", static_cast<unsigned long long>(t.capped));
  w.field("power_uses", t.powerUses);
  w.field("turns", t.turns);
}

}  // namespace

std::string specialtiesToJson(const SpecialtiesResult& r, const std::string& engine, bool pretty) {
  const auto name = [&](int f) -> const std::string& { return r.factions[static_cast<std::size_t>(f)]; };
  JsonWriter w(pretty);
  w.beginObject();
  w.field("engine", engine);
  w.field("baseline", name(r.config.baseline));
  w.field("games", static_cast<unsigned long long>(r.config.games));
  w.field("matrix_games", static_cast<unsigned long long>(r.config.matrixGames));
  w.key("agents").beginArray();
  for (const auto& a : r.config.agents) w.value(a);
  w.endArray();
  w.field("seed", static_cast<unsigned long long>(r.config.seed));
  w.field("max_turns", r.config.maxTurns);
  w.key("factions").beginArray();
  for (const auto& f : r.factions) w.value(f);
  w.endArray();
  w.field("powers_counted", r.powersCounted);
  w.key("vs_baseline").beginArray();
  int rank = 0;
  for (const SpecialtyPairing& p : r.vsBaseline) {
    w.beginObject();
    w.field("faction", name(p.a));
    if (p.tally.games > 0) w.field("rank", ++rank);
    const Interval ci = p.tally.interval();
    w.field("verdict", p.tally.games == 0 ? "unplayed" : ci.lo > 0.5 ? "stronger" : ci.hi < 0.5 ? "weaker" : "fair");
    writeTally(w, p.tally);
    w.endObject();
  }
  w.endArray();
  if (!r.roundRobin.empty()) {
    w.key("round_robin").beginObject();
    w.key("standings").beginArray();
    for (int f : r.roundRobinOrder()) {
      const SpecialtyTally t = r.roundRobinOf(f);
      w.beginObject();
      w.field("faction", name(f));
      w.field("games", static_cast<unsigned long long>(t.games));
      w.field("score", t.score);
      w.field("rate", t.rate());
      const Interval ci = t.interval();
      w.key("ci95").beginArray().value(ci.lo).value(ci.hi).endArray();
      w.endObject();
    }
    w.endArray();
    w.key("pairs").beginArray();
    for (const SpecialtyPairing& p : r.roundRobin) {
      w.beginObject();
      w.field("a", name(p.a));
      w.field("b", name(p.b));
      writeTally(w, p.tally);
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }
  w.field("games_played", static_cast<unsigned long long>(r.gamesPlayed()));
  w.field("cancelled", r.cancelled);
  w.field("elapsed_s", r.elapsedSeconds);
  w.endObject();
  return w.str() + "\n";
}

}  // namespace wb::sim
