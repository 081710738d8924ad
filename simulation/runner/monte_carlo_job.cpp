// MonteCarloRunner's games as a DistributedJob: the seam through which MPI
// ranks share a run and checkpoints keep it (simulation/distributed/). Game i
// is still seeded from (seed, i) and RunStats are integer sums, so the merged
// result equals a one-process run's for any number of ranks and threads.
#include <algorithm>
#include <cstdio>
#include <optional>
#include <sstream>

#include "simulation/distributed/distribution.h"
#include "simulation/distributed/run_stats_codec.h"
#include "simulation/runner/monte_carlo_runner.h"

namespace wb::sim {

bool MonteCarloRunner::playDistributed(Distribution& distribution, RunResult& result, int threads, double startTime) {
  char ci[64];
  std::snprintf(ci, sizeof ci, "%a", m_config.untilCi);
  std::ostringstream fingerprint;
  fingerprint << "run engine=" << m_game.engine() << " games=" << m_config.games << " seed=" << m_config.seed;
  if (m_config.firstGame > 0) fingerprint << " first=" << m_config.firstGame;
  fingerprint
              << " players=" << m_config.players << " agents=";
  for (std::size_t i = 0; i < m_config.agents.size(); ++i) fingerprint << (i ? "," : "") << m_config.agents[i];
  fingerprint << " max_turns=" << m_maxTurns << " max_actions=" << m_maxActionsPerTurn << "/" << m_maxActions
              << " until_ci=" << ci << " batch=" << m_config.batchGames << " conditions=" << m_config.conditions
              << " shape=" << result.agents.size() << "/" << result.factions.size() << "/" << result.entities.size()
              << "/" << result.counters.size();

  DistributedJob job;
  job.fingerprint = fingerprint.str();
  job.tasks = m_config.games;
  job.batch = m_config.untilCi > 0.0 ? std::max<std::uint64_t>(1, m_config.batchGames) : 0;
  job.minChunk = static_cast<std::uint64_t>(threads);
  const RunStats empty = result.stats;
  job.play = [this, &empty, threads, startTime](std::uint64_t begin, std::uint64_t end) -> std::optional<std::string> {
    RunStats part = empty;
    std::uint64_t done = 0;
    playBatch(m_config.firstGame + begin, m_config.firstGame + end, threads, part, done, startTime, m_config.games);
    if (m_cancel.load()) return std::nullopt;  // the range may be incomplete: none of it counts
    return RunStatsCodec::encode(part);
  };
  job.merge = [&result](const std::string& bytes) {
    RunStats part;
    if (!RunStatsCodec::decode(bytes, part)) return false;
    result.stats.merge(part);
    return true;
  };
  job.total = [&result] { return RunStatsCodec::encode(result.stats); };
  job.restore = [&result](const std::string& bytes) { return RunStatsCodec::decode(bytes, result.stats); };
  job.stop = [this, &result] { return result.maxHeadlineHalfWidth() <= m_config.untilCi; };
  job.cancelRequested = [this] { return m_cancel.load(); };

  std::string error;
  if (!distribution.execute(job, error)) {
    result.error = error;
    return false;
  }
  result.cancelled = job.cancelled;
  result.targetReached = m_config.untilCi > 0.0 && !job.cancelled && result.maxHeadlineHalfWidth() <= m_config.untilCi;
  return true;
}

}  // namespace wb::sim
