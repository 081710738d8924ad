// The numbers of the skill ladder (ladder.h), as pure functions of run
// results: head-to-head scores, Bradley-Terry ratings, each agent's headline
// conclusions, Kendall's tau between rankings, and the conclusions that change
// from one rung to the next.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "simulation/runner/run_result.h"
#include "simulation/stats/statistics.h"

namespace wb::sim {

// Agent a against agent b over the games they played together.
struct Pairing {
  int a = 0, b = 0;                      // agent indices (as given)
  std::uint64_t games = 0;               // games played
  double aWins = 0, bWins = 0;           // games won by a seat of a / of b (by the rules)
  double draws = 0;                      // draws between a side of a and a side of b
  std::uint64_t other = 0;               // no winner by the rules: nobody won, adjudicated, timeouts
  std::uint64_t adjudicated = 0, timeouts = 0;
  // a's score: (aWins + draws / 2) / (aWins + bWins + draws), over the games
  // one of them won or they drew; 0.5 when there are none.
  double score = 0.5;
  Interval ci;                           // 95% Wilson interval of the score
  double decided() const { return aWins + bWins + draws; }
};

// Pairing from the run of a against b (agent indices ia, ib of that run's agents).
Pairing pairingFromRun(const RunResult& run, int a, int b, int runIndexA, int runIndexB);
// Adds another run of the same pair (e.g. the seats the other way round).
void mergePairing(Pairing& into, const Pairing& more);

// Wilson score interval for a fractional count (draws count half).
Interval wilsonIntervalReal(double successes, double n, double z = kZ95);

// Bradley-Terry strength per agent, on the Elo scale (400 log10 odds), the
// agent `anchor` at 0; fitted by minorisation-maximisation with half a win
// added each way per pair (so 100% scores stay finite). se: its standard error
// from the Fisher information (about the anchor).
struct Rating {
  double elo = 0.0;
  double se = 0.0;
};
std::vector<Rating> bradleyTerry(int agents, const std::vector<Pairing>& pairings, int anchor = 0);

// Kendall's tau-b between two score vectors over the same items (1: same
// order, -1: reversed, 0: unrelated); 0 when fewer than two items.
double kendallTau(const std::vector<double>& x, const std::vector<double>& y);

// What one agent's own run says. category: +1 above fair / advantage, -1 below,
// 0 not distinguishable from fair at 95%.
struct Finding {
  std::string id;        // "first_side", "seat:2", "faction:alchemist", "entity:meteor_strike"
  std::string label;     // "first side", "seat 2", "faction alchemist", "entity meteor_strike"
  double value = 0.0;    // the win rate (or entity: the difference of win rates)
  Interval ci;
  double fair = 0.0;     // what "no effect" would be (1/sides, the mean faction rate, 0)
  std::uint64_t n = 0;   // games (player-games) behind it
  int category = 0;
};

struct AgentConclusions {
  Finding firstSide;
  std::vector<Finding> seats;           // per seat (players > 2 only)
  std::vector<Finding> factions;        // per faction with games, by win rate, best first
  std::vector<Finding> entities;        // per entity used and unused, by difference, best first
  std::vector<std::string> topEntities, bottomEntities;  // ids, at most topEntities each
  double meanLength = 0.0;
};
AgentConclusions conclusionsOf(const RunResult& selfPlay, int topEntities);

struct RankAgreement {
  int from = 0, to = 0;      // agent indices, consecutive rungs (weaker, stronger)
  std::string what;          // "factions", "entities", "seats"
  int items = 0;
  double tau = 0.0;
};
// Agreement of the faction, entity and seat rankings between two agents' runs.
std::vector<RankAgreement> rankAgreement(int from, int to, const AgentConclusions& a, const AgentConclusions& b);

// A conclusion that is not the same with the two agents.
struct ConclusionChange {
  int from = 0, to = 0;      // agent indices (weaker rung, stronger rung)
  std::string id, label;
  std::string before, after; // as the agents see it, e.g. "advantage: 56.1% [54.0, 58.2] vs fair 50%"
  // reversed: significant both times, opposite directions; appears / vanishes:
  // significant with only one of them; ranking: the top or bottom item differs.
  std::string kind;
};
std::vector<ConclusionChange> conclusionChanges(int from, int to, const AgentConclusions& a, const AgentConclusions& b);

// "advantage: 56.1% [54.0, 58.2] vs fair 50.0%" and the like.
std::string describeFinding(const Finding& f);

}  // namespace wb::sim
