// ImpactRunner: what an entity (card, relic, specialty, event) does to the
// result, measured as a cause: paired experiments on common random numbers.
//
// Pair k (k < config.run.games) plays game g = config.run.firstGame + k of the
// seed's stream (firstGame is 0 unless the tuner plays a block of its bank).
// One seat is treated: seat (g / P) mod P, so the treated seat and the agent
// playing it both rotate. Every game of pair k is
// seeded like game g of a Monte Carlo run (chance from (seed, g, 0), seat s's
// agent from (seed, g, 1 + s), the same agents and factions), so the games of a
// pair differ only by the treatment and what follows from it:
//   - baseline: nobody is treated (one game per k, shared by every entity);
//   - restricted play (Jaffe et al., AIIDE 2012): the treated seat may not take
//     an action that acquires, plays or uses the entity (RestrictedAgent, from
//     State::actionEntities) while another legal action exists;
//   - grant: the treated seat is given the entity from the start
//     (GameSetup::grants; only where Game::canGrant()).
// The score of a seat is 1 for a win by the rules of its side, 1/k for a draw
// between k sides, 0 otherwise (loss, nobody wins, adjudicated, timeout). The
// lift is the mean over pairs of (score with the entity - score without it):
// baseline - restricted for restricted play, granted - baseline for grant; with
// its 95% interval and p-value (paired_difference.h). Results do not depend on
// the thread count.
//
//   ImpactConfig cfg;  cfg.run.games = 2000;  cfg.entities = {3, 17};
//   ImpactResult r = ImpactRunner(game, cfg).run();
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "simulation/core/game.h"
#include "simulation/runner/run_config.h"
#include "simulation/stats/paired_difference.h"
#include "simulation/stats/run_stats.h"

namespace wb::sim {

// The most games (tasks) one impact run plays: it keeps a few dozen bytes per
// game until the pairs are summed in index order (its results do not depend on
// the thread count), so the bound keeps it near 500 MB; more is refused with
// this number before anything is played, never an out-of-memory abort.
inline constexpr std::uint64_t kMaxImpactTasks = 10'000'000;

struct ImpactConfig {
  RunConfig run;               // games = pairs per entity and measure; seed, threads, players, agents, maxTurns
  std::vector<int> entities;   // indices into Game::entityIds()
  bool restrict = true;        // measure restricted play
  bool grant = true;           // measure grant (where the engine can)
};

struct ImpactMeasure {
  bool measured = false;          // false: not asked for, or the engine cannot (see note)
  std::string note;               // e.g. "the engine cannot grant it"
  PairedDifference lift;          // with the entity - without it, per pair
  std::uint64_t treatedTimeouts = 0;     // treated games stopped at the turn cap
  std::uint64_t restrictedGames = 0;     // restricted play: games in which a choice was removed
  std::uint64_t restrictedDecisions = 0; // restricted play: decisions with a choice removed
};

struct EntityImpact {
  int entity = 0;
  std::string id;
  bool canGrant = false;
  ImpactMeasure restricted, granted;
};

struct ImpactProgress {
  std::uint64_t gamesDone = 0, gamesTotal = 0;
  double elapsedSeconds = 0, etaSeconds = 0;
};

struct ImpactResult {
  std::string ruleset;                 // set by the caller
  std::string engine;
  ImpactConfig config;                 // effective: threads and maxTurns resolved
  std::vector<std::string> agents;     // distinct agent specs (RunStats order)
  std::vector<std::string> entityIds;  // Game::entityIds()
  RunStats baseline;                   // the baseline games (association numbers, outcomes, length)
  std::vector<EntityImpact> entities;  // in config.entities order
  double elapsedSeconds = 0;
  bool cancelled = false;
  std::string error;
  bool ok() const { return error.empty(); }
};

class ImpactRunner {
 public:
  using ProgressCallback = std::function<void(const ImpactProgress&)>;
  // `game` must outlive the runner.
  ImpactRunner(const Game& game, ImpactConfig config);
  void setProgressCallback(ProgressCallback callback, double intervalSeconds = 0.2);
  bool validate(std::string& error) const;
  ImpactResult run();
  void cancel() { m_cancel.store(true); }

 private:
  const Game& m_game;
  ImpactConfig m_config;
  ProgressCallback m_progress;
  double m_interval = 0.2;
  std::atomic<bool> m_cancel{false};
};

}  // namespace wb::sim
