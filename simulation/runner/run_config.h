// What a Monte Carlo run is asked to do (RunConfig) and how far it got
// (RunProgress, reported to the progress callback).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace wb::sim {

// The most worker threads a run starts (more is refused by validate(): each
// thread is a real OS thread with its own agents and scratch memory).
inline constexpr int kMaxThreads = 256;

struct RunConfig {
  std::uint64_t games = 1000;        // games to play; with untilCi > 0, the most to play
  // The run plays games [firstGame, firstGame + games) of the seed's stream:
  // game i is seeded, seated and scheduled as game i of a run from 0, so a
  // long run can be played as consecutive blocks (the tuner's bank of games).
  std::uint64_t firstGame = 0;
  std::uint64_t seed = 1;            // run seed: game i uses deriveSeed(seed, i, stream)
  int threads = 0;                   // 0 = std::thread::hardware_concurrency(); at most kMaxThreads
  int players = 2;                   // seats per game
  // Agent specs (agent_factory.h): one plays every seat, or exactly one per
  // seat. Game i rotates them: seat s is played by agents[(s + i) % players].
  std::vector<std::string> agents = {"random"};
  int maxTurns = 0;                  // turn cap; 0 = Game::defaultMaxTurns()
  // Every game ends: a game whose turn takes more actions than this, or whose
  // actions exceed maxActions, stops there and is a timeout (listed with its index).
  int maxActionsPerTurn = 0;         // 0 = Game::defaultMaxActionsPerTurn()
  long long maxActions = 0;          // 0 = Game::maxActionsFor(maxTurns)
  double untilCi = 0.0;              // > 0: stop once every headline 95% half-width <= this
  std::uint64_t batchGames = 1000;   // batch size of sequential stopping (fixed boundaries)
  // Tabulate the outcome by the conditions of each game's setup
  // (State::setupFeatures, RunStats::conditions).
  bool conditions = false;
};

struct RunProgress {
  std::uint64_t gamesDone = 0;
  std::uint64_t gamesTotal = 0;      // the planned games (the limit with untilCi)
  double elapsedSeconds = 0.0;
  double gamesPerSecond = 0.0;
  double etaSeconds = 0.0;           // to gamesTotal at the current rate
};

}  // namespace wb::sim
