#include "simulation/tune/tune_metric.h"

#include <algorithm>
#include <limits>
#include <charconv>
#include <set>

#include "model/validation/name_suggestion.h"
#include "simulation/stats/use_estimate.h"
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
                                "impact:ID",  "impact",       "use:ID",   "use",         "use_games:ID",
                                "diversity"};
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
    // More players: the faction's win rate in the game as played (no baseline to duel).
    if (shape.factions.empty()) {
      error = "the game has no factions for 'faction:" + std::string(id) + "' (are specialties enabled?)";
      return false;
    }
    std::vector<TuneMetric> found;
    if (!byId(Kind::Faction, "faction", id, shape.factions, found, error)) return false;
    for (TuneMetric& m : found) {
      m.index = 1 + static_cast<int>(std::find(shape.factions.begin(), shape.factions.end(), m.id) - shape.factions.begin());
      out.push_back(std::move(m));
    }
    return true;
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
    // A name as a shorter label prints it ("alchemist" for mage_alchemist):
    // the one id that ends in "_NAME" is the likely intent.
    std::string suggestion;
    const std::string tail = "_" + std::string(id);
    for (const auto& x : ids) {
      if (x.size() <= tail.size() || x.compare(x.size() - tail.size(), tail.size(), tail) != 0) continue;
      suggestion = suggestion.empty() ? " (did you mean '" + x + "'?)" : std::string("-");
    }
    if (suggestion.empty() || suggestion == "-") suggestion = model::validation::didYouMean(id, asSet(ids));
    error = "the game has no " + std::string(what) + " '" + std::string(id) + "'" + suggestion;
    return false;
  }
  out.push_back(TuneMetric{kind, 0, std::string(id)});
  return true;
}

// "acquired" -> 0 ...; -1 for anything else.
int useOf(std::string_view name) {
  for (int k = 0; k < 3; ++k)
    if (name == useName(k)) return k;
  return -1;
}

// The use an entity metric reads when none is named: what the entity does most
// in the starting games (the shape's entityUse), else -1 (the run decides).
int autoUse(const TuneShape& shape, std::size_t entity) {
  return entity < shape.entityUse.size() ? shape.entityUse[entity] : -1;
}

// use:ID[:USE], use:*[:USE], use_games:ID[:USE].
bool byUse(Kind kind, std::string_view head, std::string_view rest, const TuneShape& shape, std::vector<TuneMetric>& out,
           std::string& error) {
  const std::string what(head);
  if (rest.empty()) {
    error = "bad metric '" + what + "': expected " + what + ":ID (an entity of the game), " + what + ":* or " + what +
            ":ID:acquired|played|triggered";
    return false;
  }
  std::string_view id = rest, use;
  if (const auto c = rest.find(':'); c != std::string_view::npos) {
    id = rest.substr(0, c);
    use = rest.substr(c + 1);
  }
  int named = -1;
  if (!use.empty() || rest.back() == ':') {
    named = useOf(use);
    if (named < 0) {
      error = "bad use '" + std::string(use) + "' in '" + what + ":" + std::string(rest) +
              "': expected acquired, played or triggered" +
              model::validation::didYouMean(use, NameSet{"acquired", "played", "triggered"});
      return false;
    }
  }
  if (shape.entities.empty()) {
    error = "the game reports no entities (cards, abilities, ...) for '" + what + ":" + std::string(rest) + "'";
    return false;
  }
  std::vector<TuneMetric> found;
  if (!byId(kind, "entity", id, shape.entities, found, error)) return false;
  for (TuneMetric& m : found) {
    const auto e = static_cast<std::size_t>(std::find(shape.entities.begin(), shape.entities.end(), m.id) - shape.entities.begin());
    m.index = named >= 0 ? named : autoUse(shape, e);
    // `use:*`: the entities the starting games use at all (the others have no share to keep).
    if (id == "*" && named < 0 && m.index < 0 && !shape.entityUse.empty()) continue;
    // Never used in the starting games: its acquisitions (a fixed use, the same for every candidate).
    if (m.index < 0 && !shape.entityUse.empty()) m.index = 0;
    out.push_back(std::move(m));
  }
  return true;
}

// diversity, diversity:*, diversity:KIND[:USE].
bool byDiversity(std::string_view rest, const TuneShape& shape, std::vector<TuneMetric>& out, std::string& error) {
  if (shape.entities.empty()) {
    error = "a diversity target needs entities (cards, abilities, ...), and this game reports none";
    return false;
  }
  std::string_view kindName = rest, use;
  if (const auto c = rest.find(':'); c != std::string_view::npos) {
    kindName = rest.substr(0, c);
    use = rest.substr(c + 1);
  }
  int named = -1;
  if (!use.empty()) {
    named = useOf(use);
    if (named < 0) {
      error = "bad use '" + std::string(use) + "' in 'diversity:" + std::string(rest) +
              "': expected acquired, played or triggered" +
              model::validation::didYouMean(use, NameSet{"acquired", "played", "triggered"});
      return false;
    }
  }
  std::vector<std::string> kinds;  // in order of first appearance
  for (std::size_t e = 0; e < shape.entities.size(); ++e) {
    const std::string k = e < shape.entityKinds.size() ? shape.entityKinds[e] : "other";
    if (std::find(kinds.begin(), kinds.end(), k) == kinds.end()) kinds.push_back(k);
  }
  auto make = [&](const std::string& k) {
    TuneMetric m{Kind::Diversity, named, k, {}};
    int best = -1;
    for (std::size_t e = 0; e < shape.entities.size(); ++e)
      if ((e < shape.entityKinds.size() ? shape.entityKinds[e] : "other") == k) m.members.push_back(static_cast<int>(e));
    if (named < 0 && !shape.entityUse.empty()) {
      // The kind's most common use in the starting games.
      int counts[3] = {0, 0, 0};
      for (int e : m.members)
        if (autoUse(shape, static_cast<std::size_t>(e)) >= 0) ++counts[autoUse(shape, static_cast<std::size_t>(e))];
      for (int u = 0; u < 3; ++u)
        if (counts[u] > best) {
          best = counts[u];
          m.index = u;
        }
    }
    return m;
  };
  if (kindName.empty() || kindName == "*") {
    const std::size_t before = out.size();
    for (const auto& k : kinds)
      if (TuneMetric m = make(k); m.members.size() >= 2) out.push_back(std::move(m));
    if (out.size() == before) {
      error = "a diversity target needs a kind with two entities or more; this game has none";
      return false;
    }
    return true;
  }
  if (std::find(kinds.begin(), kinds.end(), kindName) == kinds.end()) {
    error = "the game has no entities of kind '" + std::string(kindName) + "'" +
            model::validation::didYouMean(kindName, asSet(kinds));
    return false;
  }
  out.push_back(make(std::string(kindName)));
  return true;
}

}  // namespace

double TuneMetric::highest() const {
  if (kind == Kind::Impact) return 100.0;
  if (kind == Kind::Length || kind == Kind::Use || kind == Kind::Diversity)
    return std::numeric_limits<double>::infinity();
  return 1.0;
}

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
    case Kind::Use:
      return (perTurn ? "use_per_turn:" : "use:") + id + (index >= 0 ? std::string(":") + useName(index) : std::string());
    case Kind::UseGames: return "use_games:" + id + (index >= 0 ? std::string(":") + useName(index) : std::string());
    case Kind::Diversity: return "diversity:" + id + (index >= 0 ? std::string(":") + useName(index) : std::string());
    case Kind::Skill: return "skill:" + id + ">" + other;
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
    case Kind::Team: return "Team " + std::to_string(index + 1) + " win rate (of all games)";
    case Kind::Faction:
      return index > 0 ? "faction " + id + " win rate (as played)"
                       : "faction " + id + " score against the baseline faction (a draw counts half)";
    case Kind::Agent: return "agent " + id + " win rate (of all games)";
    case Kind::Length: return "mean game length (turns)";
    case Kind::Timeouts: return "timeout rate (turn cap)";
    case Kind::Adjudicated: return "adjudicated rate (engine's own cap)";
    case Kind::NobodyWins: return "nobody-wins rate";
    case Kind::Draws: return "draw rate";
    case Kind::Impact: return "impact of " + id + " (restricted-play lift, points)";
    case Kind::Use: return id + " " + (index >= 0 ? useName(index) : "used") + (perTurn ? " per turn" : " per game");
    case Kind::UseGames: return "share of games in which " + id + " is " + (index >= 0 ? useName(index) : "used");
    case Kind::Diversity:
      return "diversity of " + id + " (effective number " + (index >= 0 ? useName(index) : "used") + ")";
    case Kind::Skill: return id + " win rate against " + other + " (head-to-head, seats alternated)";
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
    case Kind::Faction:  // as played; duels: tune_evaluator.cpp
      return index > 0 && index <= static_cast<int>(s.factions().size()) ? tally(s.factions()[static_cast<std::size_t>(index - 1)])
                                                                        : Ratio{};
    case Kind::Impact: return {};   // impact experiments (tune_evaluator.cpp)
    case Kind::Skill:  // the pair's own games (tune_evaluator.cpp): the stronger agent's tally
      for (std::size_t i = 0; i < result.agents.size() && i < s.agents().size(); ++i)
        if (result.agents[i] == id) return tally(s.agents()[i]);
      return {};
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
    case Kind::Use:
    case Kind::UseGames: {
      const auto it = std::find(result.entities.begin(), result.entities.end(), id);
      const auto e = static_cast<std::size_t>(it - result.entities.begin());
      if (it == result.entities.end() || e >= s.entities().size()) return {0.0, games};
      const EntityTally& t = s.entities()[e];
      int use = index;
      if (use < 0)  // the run decides: what the entity does most in it
        for (int k = 0; k < 3; ++k)
          if (use < 0 || t.use(k) > t.use(use)) use = k;
      if (kind == Kind::Use && perTurn) return {static_cast<double>(t.use(use)), static_cast<double>(s.length().sum)};
      return {static_cast<double>(kind == Kind::Use ? t.use(use) : t.gamesWith[use]), games};
    }
    case Kind::Diversity: {
      const std::vector<double> u = memberUse(result);
      return {useDiversity({u}, 1).value, 1.0};
    }
  }
  return {};
}

std::vector<double> TuneMetric::memberUse(const RunResult& result) const {
  std::vector<double> out;
  const auto& tallies = result.stats.entities();
  int use = index;
  if (use < 0) {
    std::uint64_t totals[3] = {0, 0, 0};
    for (int e : members)
      if (e >= 0 && static_cast<std::size_t>(e) < tallies.size())
        for (int k = 0; k < 3; ++k) totals[k] += tallies[static_cast<std::size_t>(e)].use(k);
    use = 0;
    for (int k = 1; k < 3; ++k)
      if (totals[k] > totals[use]) use = k;
  }
  for (int e : members)
    out.push_back(e >= 0 && static_cast<std::size_t>(e) < tallies.size()
                      ? static_cast<double>(tallies[static_cast<std::size_t>(e)].use(use))
                      : 0.0);
  return out;
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
  if (head == "use") return byUse(Kind::Use, head, rest, shape, out, error);
  if (head == "use_games") return byUse(Kind::UseGames, head, rest, shape, out, error);
  if (head == "diversity") return byDiversity(rest, shape, out, error);
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
            "adjudicated, nobody_wins, draws, impact:ID, use:ID[:USE], use_games:ID[:USE], diversity[:KIND] "
            "(N, ID, SPEC may be *)";
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
  if (shape.factions.size() > 1) out.push_back("faction:*");
  if (shape.agents.size() > 1) out.push_back("agent:*");
  if (!shape.entities.empty()) {
    out.push_back("impact:*");
    out.push_back("use:*");
    out.push_back("diversity");
  }
  // A person reads seats from 1 (Seat 1 .. N, as the window numbers them); `seat:K`
  // (from 0) stays for scripts.
  for (int i = 0; i < shape.players; ++i) out.push_back("Seat " + std::to_string(i + 1));
  for (int i = 0; shape.teams && i < shape.sides; ++i) out.push_back("team:" + std::to_string(i));
  for (std::size_t i = 0; i < shape.factions.size(); ++i)
    if (shape.players != 2 || static_cast<int>(i) != shape.baselineFaction) out.push_back("faction:" + shape.factions[i]);
  for (std::size_t i = 0; shape.agents.size() > 1 && i < shape.agents.size(); ++i) out.push_back("agent:" + shape.agents[i]);
  for (const auto& e : shape.entities) out.push_back("impact:" + e);
  for (const auto& e : shape.entities) out.push_back("use:" + e);
  return out;
}


}  // namespace wb::sim
