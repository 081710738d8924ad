#include "simulation/sweep/sweep_metric.h"

#include <algorithm>
#include <charconv>

#include "simulation/stats/use_estimate.h"

namespace wb::sim {

std::string SweepMetric::label() const {
  switch (kind) {
    case Kind::Auto: return "default metric";
    case Kind::FirstSide: return "first-side win share (of games with a winner)";
    case Kind::EntityImpact: return "impact of " + id + (grant ? " (grant lift)" : " (restricted-play lift)");
    case Kind::Seat: return "Seat " + std::to_string(seat + 1) + " win rate (of all games)";
    case Kind::FirstPlayer: return "first-player win rate";
    case Kind::Agent: return "agent " + id + " win rate (of all games)";
    case Kind::Faction: return "faction " + id + " win rate (of all games)";
    case Kind::Use: return id + " " + (use >= 0 ? useName(use) : "used") + " per game";
    case Kind::Diversity:
      return "diversity of " + (id.empty() ? std::string("entities") : id) + " (effective number in use)";
  }
  return "win rate";
}

std::string SweepMetric::spec() const {
  switch (kind) {
    case Kind::Auto: return "auto";
    case Kind::FirstSide: return "first_side";
    case Kind::EntityImpact: return "impact:" + id + (grant ? ":grant" : "");
    case Kind::Seat: return "seat:" + std::to_string(seat);
    case Kind::FirstPlayer: return "first_player";
    case Kind::Agent: return "agent:" + id;
    case Kind::Faction: return "faction:" + id;
    case Kind::Use: return "use:" + id + (use >= 0 ? std::string(":") + useName(use) : std::string());
    case Kind::Diversity:
      return "diversity" + (id.empty() ? std::string() : ":" + id) + (use >= 0 ? std::string(":") + useName(use) : std::string());
  }
  return "auto";
}

double SweepMetric::defaultTarget(int players, int sides) const {
  switch (kind) {
    case Kind::EntityImpact: return 0.0;
    case Kind::Use:
    case Kind::Diversity: return 0.0;  // no fair value: a crossing only with --target
    case Kind::FirstSide: return 1.0 / std::max(1, sides);
    default: return 1.0 / std::max(1, players);
  }
}

std::optional<SweepMetric> parseSweepMetric(std::string_view text, std::string& error) {
  SweepMetric m;
  if (text == "auto" || text == "default") return m;
  if (text == "first_side" || text == "first-side") {
    m.kind = SweepMetric::Kind::FirstSide;
    return m;
  }
  if (text == "first_player" || text == "first-player") {
    m.kind = SweepMetric::Kind::FirstPlayer;
    return m;
  }
  auto startsWith = [&](std::string_view p) { return text.substr(0, p.size()) == p; };
  if (startsWith("impact:")) {
    std::string_view rest = text.substr(7);
    m.kind = SweepMetric::Kind::EntityImpact;
    if (rest.size() > 6 && rest.substr(rest.size() - 6) == ":grant") {
      m.grant = true;
      rest.remove_suffix(6);
    } else if (rest.size() > 9 && rest.substr(rest.size() - 9) == ":restrict") {
      rest.remove_suffix(9);
    }
    m.id = std::string(rest);
    if (m.id.empty()) {
      error = "bad metric '" + std::string(text) + "': the entity id is missing";
      return std::nullopt;
    }
    return m;
  }
  if (startsWith("use:") || text == "diversity" || startsWith("diversity:")) {
    const bool diversity = !startsWith("use:");
    std::string_view rest = diversity ? text.substr(std::min<std::size_t>(text.size(), 10)) : text.substr(4);
    m.kind = diversity ? SweepMetric::Kind::Diversity : SweepMetric::Kind::Use;
    if (const auto c = rest.find(':'); c != std::string_view::npos) {
      const std::string_view use = rest.substr(c + 1);
      for (int k = 0; k < 3; ++k)
        if (use == useName(k)) m.use = k;
      if (m.use < 0) {
        error = "bad use '" + std::string(use) + "' in metric '" + std::string(text) + "': expected acquired, played or triggered";
        return std::nullopt;
      }
      rest = rest.substr(0, c);
    }
    m.id = std::string(rest);
    if (!diversity && m.id.empty()) {
      error = "bad metric '" + std::string(text) + "': the entity id is missing";
      return std::nullopt;
    }
    return m;
  }
  // Two spellings, told apart by the separator: `seat:K` counts from 0 (the
  // index scripts use), `Seat N` (a space, as every display writes it) counts
  // from 1. "seat:1" is the second seat; "Seat 1" is the first.
  if ((startsWith("Seat ") || startsWith("seat ")) && text.size() > 5) {
    const std::string_view rest = text.substr(5);
    int seat = 0;
    auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), seat);
    if (ec != std::errc() || ptr != rest.data() + rest.size() || seat < 1) {
      error = "bad metric '" + std::string(text) + "': expected Seat N with N >= 1 (or seat:K counting from 0)";
      return std::nullopt;
    }
    m.kind = SweepMetric::Kind::Seat;
    m.seat = seat - 1;
    return m;
  }
  if (startsWith("seat")) {
    std::string_view rest = text.substr(4);
    if (!rest.empty() && rest.front() == ':') rest.remove_prefix(1);
    int seat = -1;
    auto [ptr, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), seat);
    if (rest.empty() || ec != std::errc() || ptr != rest.data() + rest.size() || seat < 0) {
      error = "bad metric '" + std::string(text) + "': expected seat:N with N >= 0";
      return std::nullopt;
    }
    m.kind = SweepMetric::Kind::Seat;
    m.seat = seat;
    return m;
  }
  for (auto [prefix, kind] : {std::pair{std::string_view("agent:"), SweepMetric::Kind::Agent},
                              std::pair{std::string_view("faction:"), SweepMetric::Kind::Faction}}) {
    if (startsWith(prefix)) {
      m.kind = kind;
      m.id = std::string(text.substr(prefix.size()));
      if (m.id.empty()) {
        error = "bad metric '" + std::string(text) + "': the id is missing";
        return std::nullopt;
      }
      return m;
    }
  }
  error = "unknown metric '" + std::string(text) +
          "' (known: auto, first_side, impact:ID[:grant], Seat N (from 1) or seat:K (from 0), first_player, agent:SPEC, "
          "faction:ID, use:ID[:USE], diversity[:KIND])";
  return std::nullopt;
}

SweepMetric defaultSweepMetric(const RunConfig& /*config*/) { return SweepMetric{}; }

SweepMetric resolveSweepMetric(const SweepMetric& metric, const std::string& path,
                               const std::vector<std::string>& entityIds) {
  if (metric.kind != SweepMetric::Kind::Auto) return metric;
  SweepMetric m;
  const auto dot = path.find('.');
  if (dot != std::string::npos && path.compare(0, dot, "parameters") != 0) {
    const auto end = path.find('.', dot + 1);
    const std::string id = path.substr(dot + 1, end == std::string::npos ? std::string::npos : end - dot - 1);
    if (std::find(entityIds.begin(), entityIds.end(), id) != entityIds.end()) {
      m.kind = SweepMetric::Kind::EntityImpact;
      m.id = id;
      return m;
    }
  }
  m.kind = SweepMetric::Kind::FirstSide;
  return m;
}

std::optional<OutcomeTally> metricTally(const RunResult& result, const SweepMetric& metric, std::string& error) {
  const RunStats& s = result.stats;
  switch (metric.kind) {
    case SweepMetric::Kind::Auto:
    case SweepMetric::Kind::EntityImpact:
    case SweepMetric::Kind::Use:
    case SweepMetric::Kind::Diversity:
      error = "metric " + metric.spec() + " is not a win rate";
      return std::nullopt;
    case SweepMetric::Kind::FirstSide: {
      const FirstSideTest t = s.firstSideTest();
      OutcomeTally out;
      out.games = t.decided;
      out.wins = t.wins;
      out.losses = t.decided - t.wins;
      return out;
    }
    case SweepMetric::Kind::FirstPlayer:
    case SweepMetric::Kind::Seat: {
      const int seat = metric.kind == SweepMetric::Kind::Seat ? metric.seat : 0;
      if (seat >= static_cast<int>(s.seats().size())) {
        error = "metric " + metric.spec() + ": the game has " + std::to_string(s.seats().size()) + " seats";
        return std::nullopt;
      }
      return s.seats()[static_cast<std::size_t>(seat)];
    }
    case SweepMetric::Kind::Agent:
      for (std::size_t i = 0; i < result.agents.size() && i < s.agents().size(); ++i)
        if (result.agents[i] == metric.id) return s.agents()[i];
      error = "metric " + metric.spec() + ": no agent '" + metric.id + "' in the run (--agents)";
      return std::nullopt;
    case SweepMetric::Kind::Faction:
      for (std::size_t i = 0; i < result.factions.size() && i < s.factions().size(); ++i)
        if (result.factions[i] == metric.id) return s.factions()[i];
      error = "metric " + metric.spec() + ": the game has no faction '" + metric.id + "'";
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace wb::sim
