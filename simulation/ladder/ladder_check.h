// The ladder's agreement check: does an agent's run give
// the same headline conclusions as the strongest agent's run? An engine's
// default agent is meant to be the fastest agent that passes it.
//
// Honest about noise: two agents' orders of a pair of items (two seats, two
// factions, two entities) disagree only where each agent's 95% intervals
// separate the pair (they do not overlap) and in opposite directions. A pair
// whose intervals overlap under either agent is a tie and never a
// disagreement, whatever the point estimates say; Kendall's tau of the point
// orders (ladder_analysis.h) still shows how closely the point orders match.
// The first side's advantage disagrees when it is significant under both
// agents in opposite directions.
#pragma once

#include <string>
#include <vector>

#include "simulation/ladder/ladder_analysis.h"

namespace wb::sim {

// One ranking (seats, factions or entities) compared between two agents.
struct OrderComparison {
  std::string what;          // "seats", "factions", "entities"
  int pairs = 0;             // pairs of items both runs hold
  int sameSeparated = 0;     // separated by both agents, the same way round
  int opposite = 0;          // separated by both, opposite ways: a disagreement
  int tied = 0;              // overlapping intervals under at least one agent
  // One line per disagreeing pair: "water above fire: greedy 25.1% [..] vs
  // 18.0% [..]; planner 17.0% [..] vs 24.0% [..]".
  std::vector<std::string> conflicts;
};

struct AgreementCheck {
  int agent = 0;             // the agent checked (index as given)
  int reference = 0;         // the strongest agent (top rung)
  std::vector<OrderComparison> orders;  // seats (more than 2 players), factions, entities
  std::string firstSideConflict;        // empty unless the first side reverses
  bool agrees() const;
};

// Compares agent a's conclusions with the reference agent b's.
AgreementCheck agreementCheck(int agent, int reference, const AgentConclusions& a, const AgentConclusions& b);

// The items of one ranking grouped by the reference's intervals, best first:
// "earth > air = fire = water" (">" where the intervals separate neighbours).
std::string orderWithTies(const std::vector<Finding>& ranking);

}  // namespace wb::sim
