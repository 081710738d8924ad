#include "simulation/sweep/sweep_metric.h"

#include <charconv>

namespace wb::sim {

std::string SweepMetric::label() const {
  switch (kind) {
    case Kind::Seat: return "seat " + std::to_string(seat) + " win rate";
    case Kind::FirstPlayer: return "first-player win rate";
    case Kind::Agent: return "agent " + id + " win rate";
    case Kind::Faction: return "faction " + id + " win rate";
  }
  return "win rate";
}

std::string SweepMetric::spec() const {
  switch (kind) {
    case Kind::Seat: return "seat:" + std::to_string(seat);
    case Kind::FirstPlayer: return "first_player";
    case Kind::Agent: return "agent:" + id;
    case Kind::Faction: return "faction:" + id;
  }
  return "first_player";
}

std::optional<SweepMetric> parseSweepMetric(std::string_view text, std::string& error) {
  SweepMetric m;
  if (text == "first_player" || text == "first-player") return m;
  auto startsWith = [&](std::string_view p) { return text.substr(0, p.size()) == p; };
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
  error = "unknown metric '" + std::string(text) + "' (known: seat:N, first_player, agent:SPEC, faction:ID)";
  return std::nullopt;
}

SweepMetric defaultSweepMetric(const RunConfig& config) {
  SweepMetric m;
  for (const auto& a : config.agents) {
    if (a != config.agents.front()) {
      m.kind = SweepMetric::Kind::Agent;
      m.id = config.agents.front();
      return m;
    }
  }
  return m;
}

std::optional<OutcomeTally> metricTally(const RunResult& result, const SweepMetric& metric, std::string& error) {
  const RunStats& s = result.stats;
  switch (metric.kind) {
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
