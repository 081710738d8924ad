#include "simulation/results/run_result_json.h"

#include <algorithm>
#include <cmath>

#include "simulation/results/entity_use_summary.h"

#include "simulation/conditions/condition_json.h"
#include "simulation/stats/statistics.h"

namespace wb::sim {

namespace {


// [lo, hi], or null where there is no interval (fewer than two groups).
void finiteInterval(JsonWriter& w, const Interval& ci) {
  if (!std::isfinite(ci.lo) || !std::isfinite(ci.hi)) {
    w.null();
    return;
  }
  w.beginArray().value(ci.lo).value(ci.hi).endArray();
}

void writeInterval(JsonWriter& w, const Interval& ci) {
  w.key("ci95").beginArray().value(ci.lo).value(ci.hi).endArray();
}

using ull = unsigned long long;

void writeTallyFields(JsonWriter& w, const OutcomeTally& t) {
  w.field("games", static_cast<ull>(t.games));
  w.field("wins", static_cast<ull>(t.wins));
  w.field("draws", static_cast<ull>(t.draws));
  w.field("losses", static_cast<ull>(t.losses));
  w.field("nobody_wins", static_cast<ull>(t.nobody));
  w.key("adjudicated").beginObject();
  w.field("wins", static_cast<ull>(t.adjudicatedWins));
  w.field("draws", static_cast<ull>(t.adjudicatedDraws));
  w.field("losses", static_cast<ull>(t.adjudicatedLosses));
  w.endObject();
  w.field("timeouts", static_cast<ull>(t.timeouts));
  w.field("win_rate", t.winRate());
  writeInterval(w, wilsonInterval(t.wins, t.games));
}

void writeSeatList(JsonWriter& w, std::uint32_t mask) {
  w.key("seats").beginArray();
  for (int s = 0; s < 32; ++s)
    if (mask & (1u << s)) w.value(s);
  w.endArray();
}

void writeCounters(JsonWriter& w, const RunResult& r) {
  const RunStats& s = r.stats;
  const CounterTally& c = s.counters();
  const double games = static_cast<double>(s.games());
  w.key("counters").beginObject();
  for (int k = 0; k < c.counters; ++k) {
    const auto K = static_cast<std::size_t>(k);
    w.key(K < r.counters.size() ? r.counters[K] : std::to_string(k)).beginObject();
    const std::uint64_t total = K < c.total.size() ? c.total[K] : 0;
    w.field("total", static_cast<ull>(total));
    w.field("per_game", games > 0 ? static_cast<double>(total) / games : 0.0);
    w.field("games_with", static_cast<ull>(K < c.gamesWith.size() ? c.gamesWith[K] : 0));
    if (K < c.firstGame.size() && c.firstGame[K] != CounterTally::kNever)
      w.field("first_game", static_cast<ull>(c.firstGame[K]));
    else
      w.key("first_game").null();
    w.key("by_seat").beginArray();
    for (int p = 0; p < s.players(); ++p) w.value(static_cast<ull>(c.at(c.bySeat, p, k)));
    w.endArray();
    w.key("by_agent").beginObject();
    for (std::size_t a = 0; a < s.agents().size(); ++a)
      w.field(a < r.agents.size() ? r.agents[a] : std::to_string(a), static_cast<ull>(c.at(c.byAgent, static_cast<int>(a), k)));
    w.endObject();
    if (!s.factions().empty()) {
      w.key("by_faction").beginObject();
      for (std::size_t f = 0; f < s.factions().size(); ++f)
        w.field(f < r.factions.size() ? r.factions[f] : std::to_string(f),
                static_cast<ull>(c.at(c.byFaction, static_cast<int>(f), k)));
      w.endObject();
    }
    w.endObject();
  }
  w.endObject();
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
  const double allGames = static_cast<double>(s.games());
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
  w.field("side_wins", static_cast<ull>(s.sideWinGames()));
  w.field("draws", static_cast<unsigned long long>(s.drawnGames()));
  w.field("nobody_wins", static_cast<ull>(s.nobodyWinsGames()));
  w.field("adjudicated", static_cast<ull>(s.adjudicatedGames()));
  if (!r.schedule.empty() && !s.factions().empty()) {
    w.key("schedule").beginObject();
    w.field("description", r.schedule);
    w.field("cycle_games", static_cast<ull>(r.scheduleCycleGames));
    w.endObject();
  }
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

  w.field("teams", s.hasTeams());
  w.key("sides").beginArray();
  for (std::size_t i = 0; i < s.sides().size(); ++i) {
    w.beginObject();
    w.field("side", static_cast<ull>(i));
    writeSeatList(w, i < s.sideSeats().size() ? s.sideSeats()[i] : 0u);
    writeTallyFields(w, s.sides()[i]);
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

  const FirstSideTest first = s.firstSideTest();
  w.key("first_side").beginObject();
  w.field("sides", first.sides);
  w.field("teams", first.teams);
  w.field("games", static_cast<ull>(first.decided));
  w.field("wins", static_cast<ull>(first.wins));
  w.field("win_rate", first.rate());
  w.field("fair_rate", first.fair);
  writeInterval(w, first.ci);
  w.field("p_value", first.pValue);
  w.field("without_winner", static_cast<ull>(first.withoutWinner));
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
  w.field("censored", static_cast<ull>(len.censored));
  w.field("censored_at", r.config.maxTurns);
  w.field("mean_uncensored", len.meanUncensored());
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

  const EntityUseSummary use = summarizeEntityUse(r);
  w.key("entities").beginObject();
  for (std::size_t e = 0; e < s.entities().size(); ++e) {
    const EntityTally& t = s.entities()[e];
    w.key(e < r.entities.size() ? r.entities[e] : std::to_string(e)).beginObject();
    if (e < use.entities.size()) {
      const EntityUseRow& u = use.entities[e];
      w.field("kind", u.kind);
      w.key("use").beginObject();
      w.field("main", u.main >= 0 ? useName(u.main) : "none");
      for (int k = 0; k < 3; ++k) {
        w.key(useName(k)).beginObject();
        w.field("per_game", u.perGame[k].value);
        w.key("ci95");
        finiteInterval(w, u.perGame[k].ci);
        w.field("games_share", u.gamesShare[k]);
        w.endObject();
      }
      w.endObject();
    }
    w.field("acquired", static_cast<unsigned long long>(t.acquired));
    w.field("played", static_cast<unsigned long long>(t.played));
    w.field("triggered", static_cast<unsigned long long>(t.triggered));
    w.field("acquired_per_game", allGames > 0 ? static_cast<double>(t.acquired) / allGames : 0.0);
    w.field("played_per_game", allGames > 0 ? static_cast<double>(t.played) / allGames : 0.0);
    w.field("triggered_per_game", allGames > 0 ? static_cast<double>(t.triggered) / allGames : 0.0);
    w.key("association").beginObject();
    w.field("measure", "association: win rate of player-games that used it vs did not; not a cause (see balance impact)");
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
    w.endObject();
  }
  w.endObject();
  w.key("diversity").beginObject();
  w.field("measure", "effective number of entities in use: exp of the entropy of their use shares; 95% interval by "
                     "the delta method over 32 groups of games (game index mod 32)");
  for (const DiversityRow& d : use.diversity) {
    w.key(d.kind).beginObject();
    w.field("use", useName(d.use));
    w.field("entities", static_cast<unsigned long long>(d.entities));
    w.field("value", d.value.value);
    w.key("ci95");
    finiteInterval(w, d.value.ci);
    w.endObject();
  }
  w.endObject();
  writeCounters(w, r);
  if (r.config.conditions) {
    w.key("conditions");
    writeConditionsJson(w, s);
  }

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
