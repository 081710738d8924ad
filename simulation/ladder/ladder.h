// The skill ladder: how strong each agent is, and which of a run's
// headline conclusions hold whoever plays.
//
// Given agents (rungs) it plays
//   1. every pair head to head (seats rotated, each agent in half the seats;
//      with an odd player count half the games each way round), giving a
//      matrix of scores with 95% intervals and a Bradley-Terry rating per agent
//      (Elo scale, the first agent given at 0);
//   2. each agent against itself, giving the run's headline conclusions as
//      that agent's players see them: the first side's advantage, each seat,
//      the faction ranking, the top and bottom entities (win rate of the
//      player-games that used one minus those that did not: an association);
// then orders the rungs by rating and compares consecutive rungs: the rank
// agreement (Kendall's tau) of the faction and entity rankings, and the list
// of conclusions that change with the players' skill; and checks each agent's
// conclusions against the strongest agent's (ladder_check.h: an order
// disagrees only where both agents' 95% intervals separate a pair in opposite
// directions).
//
//   LadderRunner ladder(game, config);
//   LadderResult r = ladder.run();       // blocking; cancel() from any thread
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "simulation/core/game.h"
#include "simulation/ladder/ladder_analysis.h"
#include "simulation/ladder/ladder_check.h"
#include "simulation/runner/run_config.h"
#include "simulation/runner/run_result.h"

namespace wb::sim {

struct LadderConfig {
  std::vector<std::string> agents;  // the rungs, each a distinct agent spec
  // games: per head-to-head pairing and per agent's own run; seed, threads,
  // players, maxTurns as for a run (agents is ignored).
  RunConfig run;
  std::uint64_t selfPlayGames = 0;  // games of each agent's own run (0 = run.games)
  int topEntities = 3;              // top and bottom entities listed per agent
};

struct LadderProgress {
  int stage = 0;          // runs done
  int stages = 0;         // runs in all (pairings and own runs)
  std::string what;       // "greedy vs planner", "planner alone"
  std::uint64_t gamesDone = 0, gamesTotal = 0;  // of the current run
};

struct LadderResult {
  LadderConfig config;
  std::string engine;
  std::vector<std::string> agents;          // as given
  std::vector<Pairing> pairings;            // every pair i < j
  std::vector<Rating> ratings;              // per agent, as given
  std::vector<int> rungs;                   // agent indices by rating, weakest first
  std::vector<RunResult> selfPlay;          // per agent, as given
  std::vector<AgentConclusions> conclusions;  // per agent, as given
  std::vector<RankAgreement> agreement;     // consecutive rungs
  std::vector<ConclusionChange> changes;    // conclusions that change between consecutive rungs
  // Each other agent's conclusions against the strongest agent's (ladder_check.h).
  std::vector<AgreementCheck> checks;
  double elapsedSeconds = 0.0;
  bool cancelled = false;
  std::string error;
  bool ok() const { return error.empty(); }
  // The score of agent a against agent b (0.5 when not played).
  const Pairing* pairing(int a, int b) const;
};

class LadderRunner {
 public:
  using ProgressCallback = std::function<void(const LadderProgress&)>;
  // `game` must outlive the runner.
  LadderRunner(const Game& game, LadderConfig config);
  void setProgressCallback(ProgressCallback callback) { m_progress = std::move(callback); }
  // Checks the configuration (at least two distinct valid agents, games > 0).
  bool validate(std::string& error) const;
  LadderResult run();
  void cancel() { m_cancel.store(true); }

 private:
  const Game& m_game;
  LadderConfig m_config;
  ProgressCallback m_progress;
  std::atomic<bool> m_cancel{false};
};

}  // namespace wb::sim
