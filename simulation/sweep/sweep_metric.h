// What a sweep follows and finds the balance point of:
//   auto (default)       decided per swept path (resolveSweepMetric): a value of
//                        an entity (cards.meteor_strike.cost) -> impact:ENTITY; a
//                        global parameter -> first_side
//   first_side           the share of the games one side won that the side of
//                        seat 0 won (the seat / side spread; target 1/sides)
//   impact:ID            the entity's causal restricted-play lift (balance
//                        impact: a seat that may not acquire, play or use it,
//                        paired on common random numbers; target 0 points);
//   impact:ID:grant      the same with the grant lift
//   seat:K (also seatK)  the win rate of the seat of index K (seat:0 = the first player), for scripts
//   Seat N               the same counted from 1 as every display writes it (Seat 1 = seat:0)
//   first_player         seat 0's win rate over all games
//   agent:SPEC           the win rate of one agent spec of --agents
//   faction:ID           the win rate of one faction
//   use:ID[:USE]         entity ID's use per game (acquired, played or triggered;
//                        default: what it does most at each point), with its
//                        interval over groups of games (use_estimate.h)
//   diversity[:KIND[:USE]]  the effective number of entities of KIND in use
//                        (default: the first kind with two entities or more)
// Use and diversity have no fair value: without --target no balance point.
// The target defaults to the metric's fair value: 1/sides for first_side, 0
// for impact, 1/players for the win rates.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "simulation/runner/run_config.h"
#include "simulation/runner/run_result.h"

namespace wb::sim {

struct SweepMetric {
  enum class Kind { Auto, FirstSide, EntityImpact, Seat, FirstPlayer, Agent, Faction, Use, Diversity };
  Kind kind = Kind::Auto;
  int seat = 0;        // Seat
  std::string id;      // agent spec, faction id or entity id
  bool grant = false;  // EntityImpact: the grant lift (else restricted play)
  int use = -1;        // Use, Diversity: 0 acquired, 1 played, 2 triggered; -1 what it does most

  // "first-side win share (of games with a winner)", "impact of meteor_strike
  // (restricted-play lift)", "seat 0 win rate", ...
  std::string label() const;
  // The text form parseSweepMetric reads back ("first_side", "impact:fire", "seat:1", ...).
  std::string spec() const;
  bool isImpact() const { return kind == Kind::EntityImpact; }
  // Entity use or diversity: a number per game, not a rate.
  bool isUse() const { return kind == Kind::Use || kind == Kind::Diversity; }
  // The fair value when no --target is given (FirstSide: 1/sides of the game).
  double defaultTarget(int players, int sides) const;
};

std::optional<SweepMetric> parseSweepMetric(std::string_view text, std::string& error);
// Auto: decided per swept path by resolveSweepMetric.
SweepMetric defaultSweepMetric(const RunConfig& config);
// The metric for a sweep of `path`: `metric` itself unless it is Auto; then
// impact of the entity when the path's second part is an entity id
// ("cards.meteor_strike.cost"), else first_side.
SweepMetric resolveSweepMetric(const SweepMetric& metric, const std::string& path,
                               const std::vector<std::string>& entityIds);

// The metric's tally in a result, for the win-rate metrics (not impact); nullopt
// with error when the seat, agent or faction is not part of the run.
std::optional<OutcomeTally> metricTally(const RunResult& result, const SweepMetric& metric, std::string& error);

}  // namespace wb::sim
