// The tuner's evaluator (TAG's "evaluator"): turns candidates (edit sets on
// the starting ruleset, applied like `--set`) into games and the games into
// per-block metric sums. No scheduler of its own: every call of play() is one
// DistributedJob (simulation/distributed), so MPI ranks share the games and
// --checkpoint keeps them exactly as for run, sweep and impact; without a
// Distribution the same job plays on this process's threads.
//
// Common random numbers: the games of a stream form one bank. Block b of a
// stream is games [b*B, (b+1)*B) of a Monte Carlo run with the stream's seed
// (RunConfig::firstGame), played by MonteCarloRunner exactly as `balance run`
// plays them: the same chance seeds, seat rotation and faction schedule for
// every candidate, so two candidates differ on a block only through their
// edits. Stream 0 is the search's bank; stream 1 (another run seed) is kept
// for verification and never used by the search. Faction targets play faction
// duels instead (faction_duel.h, as `balance specialties`): game g of block b
// pits the faction against the baseline faction from seat g mod 2, seeded from
// (stream seed, faction, g). Impact targets play each block as one impact
// experiment (impact_runner.h) of games [b*B, (b+1)*B) of the stream: untreated
// (the other metrics read these games) and restricted from each entity. Skill
// pairs (skill:A>B) play games [b*B, (b+1)*B) of a run of the two agents alone,
// seats alternating, seeded from (stream seed, pair), whatever the agent set:
// played once for both sets. Block sums do not depend on the thread count or
// the ranks.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "model/core/ruleset.h"
#include "simulation/core/engine_registry.h"
#include "simulation/tune/knob_space.h"
#include "simulation/tune/tune_metric.h"

namespace wb::sim {

struct TuneRunSettings {
  std::uint64_t seed = 1;              // the search bank's run seed (verification derives its own)
  int players = 2;
  int maxTurns = 0;                    // 0: the game's default
  int threads = 0;                     // 0: every core
  std::uint64_t blockGames = 0;        // games per block; 0: 2 * players
  std::vector<std::string> searchAgents = {"random"};
  std::vector<std::string> verifyAgents = {"random"};
};

// The per-block sums of every metric of one candidate on one stream and agent set.
struct BlockSeries {
  std::vector<std::vector<Ratio>> metric;  // [metric][block]; a diversity metric: {the block's diversity, 1}
  // Diversity metrics: each member's use in each block ([metric][block][member];
  // empty for the other metrics): the pooled value and its interval come from these.
  std::vector<std::vector<std::vector<double>>> members;
  std::size_t blocks() const { return metric.empty() ? 0 : metric.front().size(); }
};

class TuneEvaluator {
 public:
  // Streams from kFresh on are further banks of their own seeds (NTBEA's fresh
  // seeds for each evaluation); their games count as search games.
  enum Stream : int { kSearch = 0, kVerify = 1, kFresh = 2 };
  enum AgentSet : int { kSearchAgents = 0, kVerifyAgents = 1 };

  struct Request {
    EditSet edits;
    int stream = kSearch;
    int agents = kSearchAgents;
    std::size_t blocks = 0;  // play blocks [0, blocks)
  };

  // All references must outlive the evaluator.
  TuneEvaluator(const EngineRegistry& registry, const model::Ruleset& start, const KnobSpace& knobs,
                std::vector<TuneMetric> metrics, TuneRunSettings settings);

  // Compiles the starting ruleset; false with the diagnostics' text. Where the
  // game reports entities, plays the bank's first kProbeBlocks blocks of the
  // starting ruleset once to learn what each entity does most (the shape's
  // entityUse); these games are not part of the budget.
  // `probe` false: no games (the shape's entityUse stays empty).
  bool prepare(std::string& error, bool probe = true);
  static constexpr std::uint64_t kProbeBlocks = 16;
  // Seats, sides and factions of the game, agents of the search (after prepare()).
  const TuneShape& shape() const { return m_shape; }
  void setMetrics(std::vector<TuneMetric> metrics) { m_metrics = std::move(metrics); }
  const std::vector<TuneMetric>& metrics() const { return m_metrics; }

  // Plays every block the requests lack, as one job. False with a message when
  // the distribution fails; a cancelled job changes nothing (see cancelled()).
  bool play(const std::vector<Request>& requests, std::string& error);
  // The blocks played so far; nullptr when none or the candidate does not compile.
  const BlockSeries* series(const EditSet& edits, int stream, int agents) const;
  // Why a candidate cannot be played ("" if it can or was not tried).
  std::string infeasible(const EditSet& edits) const;

  std::uint64_t blockGames() const { return m_blockGames; }
  // Games one block of a candidate plays: a Monte Carlo block when a target
  // is measured on it, and blockGames() faction duels per faction target and
  // head-to-head games per skill pair.
  std::uint64_t gamesPerBlock() const;
  // The entities of the impact metrics, each once, in metric order.
  std::vector<std::string> impactEntities() const;
  std::uint64_t gamesPlayed(int stream) const { return m_games[stream == kVerify ? 1 : 0]; }
  const TuneRunSettings& settings() const { return m_settings; }

  void cancel() { m_cancel.store(true); }
  bool cancelled() const { return m_cancel.load(); }

 private:
  struct Task {
    const Game* game = nullptr;
    std::string key;   // series key
    int stream = 0, agents = 0;
    std::uint64_t block = 0;
    // Skill pairs play the same games whatever the agent set: a task whose
    // twin (the other agent set's series, same block) is played too copies
    // their values from that series instead of playing them again.
    std::string skillTwin;  // the twin's series key; empty: plays its pairs
  };
  const Game* compiled(const EditSet& edits);
  std::string seriesKey(const EditSet& edits, int stream, int agents) const;
  std::uint64_t streamSeed(int stream) const;
  void playTask(const Task& task, double* out) const;
  // One skill pair's games of the task's block: {the stronger agent's wins, games}.
  void playSkillPair(const Task& task, const TuneMetric& pair, double* out) const;
  // Where metric m's values start in a task's row, and the row's width.
  std::vector<std::size_t> offsets(std::size_t& width) const;
  void measureInto(const RunResult& result, std::size_t m, std::size_t offset, double* out) const;

  const EngineRegistry& m_registry;
  const model::Ruleset& m_start;
  const KnobSpace& m_knobs;
  std::vector<TuneMetric> m_metrics;
  TuneRunSettings m_settings;
  std::uint64_t m_blockGames = 4;
  int m_threads = 1;
  TuneShape m_shape;
  std::map<std::string, std::unique_ptr<Game>> m_compiled;  // by knob key
  std::map<std::string, std::string> m_infeasible;         // by knob key
  std::map<std::string, BlockSeries> m_series;             // by series key
  std::uint64_t m_games[2] = {0, 0};
  std::atomic<bool> m_cancel{false};
};

}  // namespace wb::sim
