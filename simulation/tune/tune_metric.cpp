#include "simulation/tune/tune_metric.h"

#include <algorithm>
#include <charconv>
#include <set>

#include "model/validation/name_suggestion.h"
#include "simulation/sweep/sweep_metric.h"

namespace wb::sim {
namespace {

using Kind = TuneMetric::Kind;
using NameSet = std::set<std::string, std::less<>>;

struct Simple {
  std::string_view name;
  Kind kind;
};
constexpr Simple kSimple[] = {{"length", Kind::Length},           {"timeouts", Kind::Timeouts},
                              {"adjudicated", Kind::Adjudicated}, {"nobody_wins", Kind::NobodyWins},
                              {"draws", Kind::Draws}};

const NameSet& knownForms() {
  static const NameSet names = {"first_side", "first_player", "seat:N",  "team:N",      "faction:ID",
                                "agent:SPEC", "length",       "timeouts", "adjudicated", "nobody_wins",
                                "draws",      "seat",         "team",     "faction",     "agent",
                                "impact:ID",  "impact"};
  return names;
}

// "seat:1", "team:0": the index, or -1.
int indexOf(std::string_view rest) {
  int v = -1;
  auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), v);
  return rest.empty() || ec != std::errc() || ptr != rest.data() + rest.size() ? -1 : v;
}

NameSet asSet(const std::vector<std::string>& v) { return NameSet(v.begin(), v.end()); }

bool byIndex(Kind kind, std::string_view what, std::string_view rest, int count, std::vector<TuneMetric>& out,
             std::string& error) {
  if (rest == "*") {
    for (int i = 0; i < count; ++i) out.push_back(TuneMetric{kind, i, {}});
    return true;
  }
  const int i = indexOf(rest);
  if (i < 0) {
    error = "bad metric '" + std::string(what) + ":" + std::string(rest) + "': expected " + std::string(what) +
            ":N with N >= 0, or " + std::string(what) + ":*";
    return false;
  }
  if (i >= count) {
    error = "the game has no " + std::string(what) + " " + std::to_string(i) + " (" + std::to_string(count) + " " +
            std::string(what) + "s, numbered from 0)";
    return false;
  }
  out.push_back(TuneMetric{kind, i, {}});
  return true;
}

bool byId(Kind kind, std::string_view what, std::string_view id, const std::vector<std::string>& ids,
          std::vector<TuneMetric>& out, std::string& error);

bool byFaction(std::string_view id, const TuneShape& shape, std::vector<TuneMetric>& out, std::string& error) {
  if (shape.players != 2) {
    error = "faction targets are faction duels against the baseline faction (as balance specialties): "
            "2 players only, the game has " + std::to_string(shape.players);
    return false;
  }
  const auto base = static_cast<std::size_t>(shape.baselineFaction);
  const std::string baseId = base < shape.factions.size() ? shape.factions[base] : std::string();
  if (id == "*") {
    if (shape.factions.size() < 2) {
      error = "the game has no factions to expand 'faction:*' (are specialties enabled?)";
      return false;
    }
    for (const auto& f : shape.factions)
      if (f != baseId) out.push_back(TuneMetric{Kind::Faction, 0, f});
    return true;
  }
  if (id == baseId) {
    error = "faction '" + std::string(id) + "' is the baseline every faction is measured against";
    return false;
  }
  return byId(Kind::Faction, "faction", id, shape.factions, out, error);
}

bool byId(Kind kind, std::string_view what, std::string_view id, const std::vector<std::string>& ids,
          std::vector<TuneMetric>& out, std::string& error) {
  if (id == "*") {
    if (ids.empty()) {
      error = "the game has no " + std::string(what) + "s to expand '" + std::string(what) + ":*'";
      return false;
    }
    for (const auto& x : ids) out.push_back(TuneMetric{kind, 0, x});
    return true;
  }
  if (std::find(ids.begin(), ids.end(), id) == ids.end()) {
    error = "the game has no " + std::string(what) + " '" + std::string(id) + "'" +
            model::validation::didYouMean(id, asSet(ids));
    return false;
  }
  out.push_back(TuneMetric{kind, 0, std::string(id)});
  return true;
}

}  // namespace

std::string TuneMetric::spec() const {
  switch (kind) {
    case Kind::FirstSide: return "first_side";
    case Kind::Seat: return "seat:" + std::to_string(index);
    case Kind::Team: return "team:" + std::to_string(index);
    case Kind::Faction: return "faction:" + id;
    case Kind::Agent: return "agent:" + id;
    case Kind::Length: return "length";
    case Kind::Timeouts: return "timeouts";
    case Kind::Adjudicated: return "adjudicated";
    case Kind::NobodyWins: return "nobody_wins";
    case Kind::Draws: return "draws";
    case Kind::Impact: return "impact:" + id;
  }
  return "first_side";
}

std::string TuneMetric::name() const {
  return kind == Kind::Seat ? "Seat " + std::to_string(index + 1) : spec();
}

std::string TuneMetric::label() const {
  switch (kind) {
    case Kind::FirstSide: return "first-side win share (of games with a winner)";
    case Kind::Seat: return "Seat " + std::to_string(index + 1) + " win rate (of all games)";
    case Kind::Team: return "team " + std::to_string(index) + " win rate";
    case Kind::Faction: return "faction " + id + " score against the baseline faction (a draw counts half)";
    case Kind::Agent: return "agent " + id + " win rate";
    case Kind::Length: return "mean game length (turns)";
    case Kind::Timeouts: return "timeout rate (turn cap)";
    case Kind::Adjudicated: return "adjudicated rate (engine's own cap)";
    case Kind::NobodyWins: return "nobody-wins rate";
    case Kind::Draws: return "draw rate";
    case Kind::Impact: return "impact of " + id + " (restricted-play lift, points)";
  }
  return spec();
}

Ratio TuneMetric::measure(const RunResult& result) const {
  const RunStats& s = result.stats;
  const auto games = static_cast<double>(s.games());
  const auto tally = [](const OutcomeTally& t) {
    return Ratio{static_cast<double>(t.wins), static_cast<double>(t.games)};
  };
  switch (kind) {
    case Kind::FirstSide: {
      const FirstSideTest t = s.firstSideTest();
      return {static_cast<double>(t.wins), static_cast<double>(t.decided)};
    }
    case Kind::Seat:
      return index < static_cast<int>(s.seats().size()) ? tally(s.seats()[static_cast<std::size_t>(index)]) : Ratio{};
    case Kind::Team:
      return index < static_cast<int>(s.sides().size()) ? tally(s.sides()[static_cast<std::size_t>(index)]) : Ratio{};
    case Kind::Faction: return {};  // faction duels (tune_evaluator.cpp)
    case Kind::Impact: return {};   // impact experiments (tune_evaluator.cpp)
    case Kind::Agent:
      for (std::size_t i = 0; i < result.agents.size() && i < s.agents().size(); ++i)
        if (result.agents[i] == id) return tally(s.agents()[i]);
      return {};
    case Kind::Length:
      return {static_cast<double>(s.length().sum), static_cast<double>(s.length().games)};
    case Kind::Timeouts: return {static_cast<double>(s.timeouts()), games};
    case Kind::Adjudicated: return {static_cast<double>(s.adjudicatedGames()), games};
    case Kind::NobodyWins: return {static_cast<double>(s.nobodyWinsGames()), games};
    case Kind::Draws: return {static_cast<double>(s.drawnGames()), games};
  }
  return {};
}

bool parseTuneMetrics(std::string_view text, const TuneShape& shape, std::vector<TuneMetric>& out,
                      std::string& error) {
  for (const auto& s : kSimple) {
    if (text == s.name) {
      out.push_back(TuneMetric{s.kind, 0, {}});
      return true;
    }
  }
  if (text == "nobody" || text == "nobody-wins") {
    out.push_back(TuneMetric{Kind::NobodyWins, 0, {}});
    return true;
  }
  const auto colon = text.find(':');
  const std::string_view head = text.substr(0, colon);
  const std::string_view rest = colon == std::string_view::npos ? std::string_view() : text.substr(colon + 1);
  if (colon != std::string_view::npos && rest == "*") {
    if (head == "seat") return byIndex(Kind::Seat, "seat", rest, shape.players, out, error);
    if (head == "team") return byIndex(Kind::Team, "team", rest, shape.sides, out, error);
    if (head == "faction") return byFaction(rest, shape, out, error);
    if (head == "agent") return byId(Kind::Agent, "agent", rest, shape.agents, out, error);
  }
  if (head == "team") return byIndex(Kind::Team, "team", rest, shape.sides, out, error);
  if (head == "impact") {
    if (rest.empty()) {
      error = "bad metric '" + std::string(text) + "': expected impact:ID (an entity of the game) or impact:*";
      return false;
    }
    if (rest.size() > 6 && rest.substr(rest.size() - 6) == ":grant") {
      error = "metric '" + std::string(text) +
              "': the tuner bands the restricted-play lift (impact:ID); the grant lift is not tuned";
      return false;
    }
    if (rest == "*" && shape.entities.empty()) {
      error = "the game reports no entities (cards, relics, ...) to expand 'impact:*'";
      return false;
    }
    return byId(Kind::Impact, "entity", rest, shape.entities, out, error);
  }
  // The names `balance sweep --metric` knows, read by its own parser.
  std::string sweepError;
  const std::optional<SweepMetric> m = parseSweepMetric(text, sweepError);
  if (!m && colon != std::string_view::npos && (head == "seat" || head == "agent" || head == "faction")) {
    error = sweepError;
    return false;
  }
  if (!m || m->kind == SweepMetric::Kind::Auto) {
    const std::string close = model::validation::closestName(text, knownForms());
    const std::string known = close.empty() ? model::validation::closestName(head, knownForms()) : close;
    error = "unknown metric '" + std::string(text) + "'" +
            (known.empty() ? std::string() : " (did you mean '" + known + "'?)") +
            "; known: first_side, first_player, seat:N, team:N, faction:ID, agent:SPEC, length, timeouts, "
            "adjudicated, nobody_wins, draws, impact:ID (N, ID, SPEC may be *)";
    return false;
  }
  switch (m->kind) {
    case SweepMetric::Kind::FirstSide: out.push_back(TuneMetric{Kind::FirstSide, 0, {}}); return true;
    case SweepMetric::Kind::FirstPlayer: return byIndex(Kind::Seat, "seat", "0", shape.players, out, error);
    case SweepMetric::Kind::Seat:
      return byIndex(Kind::Seat, "seat", std::to_string(m->seat), shape.players, out, error);
    case SweepMetric::Kind::Faction: return byFaction(m->id, shape, out, error);
    case SweepMetric::Kind::Agent:
      if (shape.agents.size() < 2) {
        error = "metric '" + std::string(text) + "' needs several agents in --agents (the search has " +
                std::to_string(shape.agents.size()) + ")";
        return false;
      }
      return byId(Kind::Agent, "agent", m->id, shape.agents, out, error);
    default: break;
  }
  error = "metric '" + std::string(text) + "' cannot be tuned";
  return false;
}

std::vector<std::string> tuneMetricNames(const TuneShape& shape) {
  std::vector<std::string> out = {"first_side", "length", "timeouts", "adjudicated", "nobody_wins", "draws", "seat:*"};
  if (shape.teams) out.push_back("team:*");
  if (shape.players == 2 && shape.factions.size() > 1) out.push_back("faction:*");
  if (shape.agents.size() > 1) out.push_back("agent:*");
  if (!shape.entities.empty()) out.push_back("impact:*");
  // A person reads seats from 1 (Seat 1 .. N, as the window numbers them); `seat:K`
  // (from 0) stays for scripts.
  for (int i = 0; i < shape.players; ++i) out.push_back("Seat " + std::to_string(i + 1));
  for (int i = 0; shape.teams && i < shape.sides; ++i) out.push_back("team:" + std::to_string(i));
  for (std::size_t i = 0; shape.players == 2 && i < shape.factions.size(); ++i)
    if (static_cast<int>(i) != shape.baselineFaction) out.push_back("faction:" + shape.factions[i]);
  for (std::size_t i = 0; shape.agents.size() > 1 && i < shape.agents.size(); ++i) out.push_back("agent:" + shape.agents[i]);
  for (const auto& e : shape.entities) out.push_back("impact:" + e);
  return out;
}

}  // namespace wb::sim
