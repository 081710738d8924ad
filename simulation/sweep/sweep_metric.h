// The win rate a sweep follows and finds the balance point of:
//   seat:N (also seatN)  the win rate of seat N (seat 0 = the first player)
//   first_player         seat 0's win rate (first-player advantage)
//   agent:SPEC           the win rate of one agent spec of --agents
//   faction:ID           the win rate of one faction
// Default (defaultSweepMetric): the first agent's win rate when the agents
// differ, else first_player. The fair value (the default target) is 1/players.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "simulation/runner/run_config.h"
#include "simulation/runner/run_result.h"

namespace wb::sim {

struct SweepMetric {
  enum class Kind { Seat, FirstPlayer, Agent, Faction };
  Kind kind = Kind::FirstPlayer;
  int seat = 0;     // Seat
  std::string id;   // Agent spec or faction id

  // "seat 0 win rate", "agent greedy win rate", "faction fire win rate", "first-player win rate".
  std::string label() const;
  // The text form parseSweepMetric reads back ("seat:1", "agent:greedy", ...).
  std::string spec() const;
};

std::optional<SweepMetric> parseSweepMetric(std::string_view text, std::string& error);
SweepMetric defaultSweepMetric(const RunConfig& config);

// The metric's tally in a result; nullopt with error when the seat, agent or
// faction is not part of the run.
std::optional<OutcomeTally> metricTally(const RunResult& result, const SweepMetric& metric, std::string& error);

}  // namespace wb::sim
