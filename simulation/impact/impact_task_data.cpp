#include "simulation/impact/impact_task_data.h"

#include <algorithm>

#include "simulation/distributed/byte_buffer.h"
#include "simulation/distributed/run_stats_codec.h"

namespace wb::sim {

std::string ImpactTaskData::encode(std::size_t begin, std::size_t end, const RunStats& stats) const {
  ByteWriter w;
  w.u64(begin);
  w.u64(end);
  w.bytes(RunStatsCodec::encode(stats));
  const auto P = static_cast<std::size_t>(players);
  for (std::size_t t = begin; t < end; ++t) {
    w.u64(played[t]);
    if (!played[t]) continue;
    w.u64(timedOut[t]);
    w.u64(decisions[t]);
    w.f64(score[t]);
    if (t < pairs)
      for (std::size_t q = 0; q < P; ++q) w.f64(baseScore[t * P + q]);
  }
  return w.take();
}

bool ImpactTaskData::apply(const std::string& bytes, RunStats& baseline, bool replace) {
  ByteReader r(bytes);
  const std::uint64_t begin = r.u64(), end = r.u64();
  RunStats stats;
  if (!r.ok() || begin > end || end > played.size() || !RunStatsCodec::decode(r.bytes(), stats)) return false;
  if (replace) {
    std::fill(played.begin(), played.end(), 0);
    std::fill(score.begin(), score.end(), 0.0);
    std::fill(baseScore.begin(), baseScore.end(), 0.0);
    std::fill(timedOut.begin(), timedOut.end(), 0);
    std::fill(decisions.begin(), decisions.end(), 0);
  }
  const auto P = static_cast<std::size_t>(players);
  for (auto t = static_cast<std::size_t>(begin); t < end; ++t) {
    played[t] = r.u64() != 0 ? 1 : 0;
    if (!played[t]) continue;
    timedOut[t] = r.u64() != 0 ? 1 : 0;
    decisions[t] = r.u64();
    score[t] = r.f64();
    if (t < pairs)
      for (std::size_t q = 0; q < P; ++q) baseScore[t * P + q] = r.f64();
  }
  if (!r.ok() || !r.atEnd()) return false;
  if (replace) baseline = std::move(stats);
  else baseline.merge(stats);
  return true;
}

std::string impactFingerprint(const ImpactConfig& config, const std::vector<std::string>& agents) {
  const RunConfig& rc = config.run;
  std::string f = "pairs=" + std::to_string(rc.games) + (rc.firstGame ? " first=" + std::to_string(rc.firstGame) : "") + " seed=" + std::to_string(rc.seed) + " players=" +
                  std::to_string(rc.players) + " max_turns=" + std::to_string(rc.maxTurns) + " max_actions=" +
                  std::to_string(rc.maxActionsPerTurn) + "/" + std::to_string(rc.maxActions) + " agents=";
  for (std::size_t i = 0; i < agents.size(); ++i) f += (i ? "," : "") + agents[i];
  f += " seats=";
  for (std::size_t i = 0; i < rc.agents.size(); ++i) f += (i ? "," : "") + rc.agents[i];
  f += " entities=";
  for (std::size_t i = 0; i < config.entities.size(); ++i) f += (i ? "," : "") + std::to_string(config.entities[i]);
  f += std::string(" restrict=") + (config.restrict ? "1" : "0") + " grant=" + (config.grant ? "1" : "0");
  return f;
}

}  // namespace wb::sim
