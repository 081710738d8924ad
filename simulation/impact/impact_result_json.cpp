#include "simulation/impact/impact_result_json.h"

#include "simulation/stats/statistics.h"

namespace wb::sim {

namespace {
using ull = unsigned long long;

void writeRate(JsonWriter& w, std::uint64_t wins, std::uint64_t players) {
  w.beginObject();
  w.field("players", static_cast<ull>(players));
  w.field("wins", static_cast<ull>(wins));
  w.field("win_rate", players ? static_cast<double>(wins) / static_cast<double>(players) : 0.0);
  const Interval ci = wilsonInterval(wins, players);
  w.key("ci95").beginArray().value(ci.lo).value(ci.hi).endArray();
  w.endObject();
}
}  // namespace

void writeImpactMeasureJson(JsonWriter& w, const ImpactMeasure& m, bool restricted) {
  w.beginObject();
  w.field("measured", m.measured);
  w.field("note", m.note);
  if (m.measured) {
    const Interval ci = m.lift.interval();
    w.field("pairs", static_cast<ull>(m.lift.pairs));
    w.field("lift", m.lift.mean());
    w.key("ci95").beginArray().value(ci.lo).value(ci.hi).endArray();
    w.field("p_value", m.lift.pValue());
    w.field("significant", ci.lo > 0.0 || ci.hi < 0.0);
    w.field("rate_with", m.lift.treatedMean());
    w.field("rate_without", m.lift.controlMean());
    w.field("better", static_cast<ull>(m.lift.better));
    w.field("worse", static_cast<ull>(m.lift.worse));
    w.field("treated_timeouts", static_cast<ull>(m.treatedTimeouts));
    if (restricted) {
      w.field("restricted_games", static_cast<ull>(m.restrictedGames));
      w.field("restricted_decisions", static_cast<ull>(m.restrictedDecisions));
    }
  }
  w.endObject();
}

void writeImpactResultJson(JsonWriter& w, const ImpactResult& r) {
  const RunConfig& c = r.config.run;
  const RunStats& b = r.baseline;
  w.beginObject();
  w.field("ruleset", r.ruleset);
  w.field("engine", r.engine);
  w.field("pairs", static_cast<ull>(c.games));
  w.field("seed", static_cast<ull>(c.seed));
  w.field("players", c.players);
  w.field("max_turns", c.maxTurns);
  w.key("agents").beginArray();
  for (const auto& a : c.agents) w.value(a);
  w.endArray();
  w.field("design",
          "paired games on common random numbers: pair k plays game k of the run seed once as the baseline and once "
          "treated, the treated seat being (k / players) mod players; lift = score with the entity - score without "
          "it (score: 1 win by the rules, 1/k draw between k sides, 0 otherwise); restricted play: the treated seat "
          "never acquires, plays or uses the entity while another legal action exists (with = baseline, without = "
          "restricted); grant: the treated seat is given it at the start (with = granted, without = baseline)");
  w.key("baseline").beginObject();
  w.field("games", static_cast<ull>(b.games()));
  w.field("side_wins", static_cast<ull>(b.sideWinGames()));
  w.field("draws", static_cast<ull>(b.drawnGames()));
  w.field("nobody_wins", static_cast<ull>(b.nobodyWinsGames()));
  w.field("adjudicated", static_cast<ull>(b.adjudicatedGames()));
  w.field("timeouts", static_cast<ull>(b.timeouts()));
  w.field("mean_turns", b.length().mean());
  w.endObject();
  const double games = static_cast<double>(b.games());
  w.key("entities").beginArray();
  for (const EntityImpact& e : r.entities) {
    w.beginObject();
    w.field("entity", e.id);
    w.key("association").beginObject();
    w.field("measure", "association in the baseline games (not a cause)");
    if (static_cast<std::size_t>(e.entity) < b.entities().size()) {
      const EntityTally& t = b.entities()[static_cast<std::size_t>(e.entity)];
      w.field("acquired_per_game", games > 0 ? static_cast<double>(t.acquired) / games : 0.0);
      w.field("played_per_game", games > 0 ? static_cast<double>(t.played) / games : 0.0);
      w.field("triggered_per_game", games > 0 ? static_cast<double>(t.triggered) / games : 0.0);
      w.key("used");
      writeRate(w, t.usedWins, t.usedPlayers);
      w.key("unused");
      writeRate(w, t.unusedWins, t.unusedPlayers);
      if (t.usedPlayers && t.unusedPlayers)
        w.field("win_rate_delta", static_cast<double>(t.usedWins) / static_cast<double>(t.usedPlayers) -
                                      static_cast<double>(t.unusedWins) / static_cast<double>(t.unusedPlayers));
      else
        w.key("win_rate_delta").null();
    }
    w.endObject();
    w.key("restricted_play");
    writeImpactMeasureJson(w, e.restricted, true);
    w.field("can_grant", e.canGrant);
    w.key("grant");
    writeImpactMeasureJson(w, e.granted, false);
    w.endObject();
  }
  w.endArray();
  w.field("cancelled", r.cancelled);
  w.field("elapsed_s", r.elapsedSeconds);
  w.endObject();
}

std::string impactResultToJson(const ImpactResult& result, bool pretty) {
  JsonWriter w(pretty);
  writeImpactResultJson(w, result);
  return w.str() + "\n";
}

}  // namespace wb::sim
