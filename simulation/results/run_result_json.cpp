#include "simulation/results/run_result_json.h"

#include <algorithm>

#include "simulation/stats/statistics.h"

namespace wb::sim {

namespace {

void writeInterval(JsonWriter& w, const Interval& ci) {
  w.key("ci95").beginArray().value(ci.lo).value(ci.hi).endArray();
}

void writeTallyFields(JsonWriter& w, const OutcomeTally& t) {
  w.field("games", static_cast<unsigned long long>(t.games));
  w.field("wins", static_cast<unsigned long long>(t.wins));
  w.field("draws", static_cast<unsigned long long>(t.draws));
  w.field("losses", static_cast<unsigned long long>(t.losses));
  w.field("win_rate", t.winRate());
  writeInterval(w, wilsonInterval(t.wins, t.games));
}

void writeRate(JsonWriter& w, std::uint64_t wins, std::uint64_t players) {
  w.beginObject();
  w.field("players", static_cast<unsigned long long>(players));
  w.field("wins", static_cast<unsigned long long>(wins));
  w.field("win_rate", players ? static_cast<double>(wins) / static_cast<double>(players) : 0.0);
  writeInterval(w, wilsonInterval(wins, players));
  w.endObject();
}

}  // namespace

void writeRunResultJson(JsonWriter& w, const RunResult& r) {
  const RunStats& s = r.stats;
  const double finished = static_cast<double>(s.finishedGames());
  w.beginObject();
  w.field("ruleset", r.ruleset);
  w.field("engine", r.engine);
  w.field("games", static_cast<unsigned long long>(s.games()));
  w.field("seed", static_cast<unsigned long long>(r.config.seed));
  w.field("players", r.config.players);
  w.field("max_turns", r.config.maxTurns);
  w.key("agents").beginArray();
  for (const auto& a : r.config.agents) w.value(a);
  w.endArray();
  w.field("finished", static_cast<unsigned long long>(s.finishedGames()));
  w.field("draws", static_cast<unsigned long long>(s.drawnGames()));
  w.key("timeouts").beginObject();
  w.field("count", static_cast<unsigned long long>(s.timeouts()));
  w.key("games").beginArray();
  for (const auto& t : s.timeoutRecords()) {
    w.beginObject();
    w.field("index", static_cast<unsigned long long>(t.index));
    w.field("seed", static_cast<unsigned long long>(t.seed));
    w.endObject();
  }
  w.endArray();
  w.endObject();

  w.key("seats").beginArray();
  for (std::size_t i = 0; i < s.seats().size(); ++i) {
    w.beginObject();
    w.field("seat", static_cast<unsigned long long>(i));
    writeTallyFields(w, s.seats()[i]);
    w.endObject();
  }
  w.endArray();

  w.key("by_agent").beginArray();
  for (std::size_t i = 0; i < s.agents().size(); ++i) {
    w.beginObject();
    w.field("agent", i < r.agents.size() ? r.agents[i] : std::to_string(i));
    writeTallyFields(w, s.agents()[i]);
    w.endObject();
  }
  w.endArray();

  if (!s.factions().empty()) {
    w.key("by_faction").beginArray();
    for (std::size_t i = 0; i < s.factions().size(); ++i) {
      w.beginObject();
      w.field("faction", i < r.factions.size() ? r.factions[i] : std::to_string(i));
      writeTallyFields(w, s.factions()[i]);
      w.endObject();
    }
    w.endArray();
  }

  const int players = std::max(1, r.config.players);
  const OutcomeTally first = s.seats().empty() ? OutcomeTally{} : s.seats().front();
  w.key("first_player").beginObject();
  w.field("games", static_cast<unsigned long long>(first.games));
  w.field("wins", static_cast<unsigned long long>(first.wins));
  w.field("win_rate", first.winRate());
  w.field("fair_rate", 1.0 / players);
  writeInterval(w, wilsonInterval(first.wins, first.games));
  w.field("p_value", binomialTwoSidedPValue(first.wins, first.games, 1.0 / players));
  w.endObject();

  const LengthTally& len = s.length();
  w.key("turns").beginObject();
  w.field("mean", len.mean());
  w.field("sd", len.sd());
  long long minTurns = -1, maxTurns = -1;
  for (std::size_t t = 0; t < len.histogram.size(); ++t) {
    if (!len.histogram[t]) continue;
    if (minTurns < 0) minTurns = static_cast<long long>(t);
    maxTurns = static_cast<long long>(t);
  }
  w.field("min", std::max(0LL, minTurns));
  w.field("max", std::max(0LL, maxTurns));
  w.key("histogram").beginArray();
  for (std::size_t t = 0; t < len.histogram.size(); ++t) {
    if (!len.histogram[t]) continue;
    w.beginObject();
    w.field("turns", static_cast<unsigned long long>(t));
    w.field("games", static_cast<unsigned long long>(len.histogram[t]));
    w.endObject();
  }
  w.endArray();
  w.endObject();

  w.key("entities").beginObject();
  for (std::size_t e = 0; e < s.entities().size(); ++e) {
    const EntityTally& t = s.entities()[e];
    w.key(e < r.entities.size() ? r.entities[e] : std::to_string(e)).beginObject();
    w.field("acquired", static_cast<unsigned long long>(t.acquired));
    w.field("played", static_cast<unsigned long long>(t.played));
    w.field("triggered", static_cast<unsigned long long>(t.triggered));
    w.field("acquired_per_game", finished > 0 ? static_cast<double>(t.acquired) / finished : 0.0);
    w.field("played_per_game", finished > 0 ? static_cast<double>(t.played) / finished : 0.0);
    w.field("triggered_per_game", finished > 0 ? static_cast<double>(t.triggered) / finished : 0.0);
    w.key("used");
    writeRate(w, t.usedWins, t.usedPlayers);
    w.key("unused");
    writeRate(w, t.unusedWins, t.unusedPlayers);
    if (t.usedPlayers && t.unusedPlayers) {
      w.field("win_rate_delta", static_cast<double>(t.usedWins) / static_cast<double>(t.usedPlayers) -
                                    static_cast<double>(t.unusedWins) / static_cast<double>(t.unusedPlayers));
    } else {
      w.key("win_rate_delta").null();
    }
    w.endObject();
  }
  w.endObject();

  if (r.config.untilCi > 0.0) {
    w.key("until_ci").beginObject();
    w.field("target", r.config.untilCi);
    w.field("reached", r.targetReached);
    w.field("max_half_width", r.maxHeadlineHalfWidth());
    w.endObject();
  }
  w.field("cancelled", r.cancelled);
  w.field("elapsed_s", r.elapsedSeconds);
  w.field("games_per_s", r.gamesPerSecond());
  w.endObject();
}

std::string runResultToJson(const RunResult& result, bool pretty) {
  JsonWriter w(pretty);
  writeRunResultJson(w, result);
  return w.str() + "\n";
}

}  // namespace wb::sim
