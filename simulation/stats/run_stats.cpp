#include "simulation/stats/run_stats.h"

#include <algorithm>
#include <iterator>

#include "simulation/stats/statistics.h"

namespace wb::sim {

void LengthTally::add(int turns) {
  const auto t = static_cast<std::uint64_t>(std::max(turns, 0));
  ++games;
  sum += t;
  sumSquares += t * t;
  if (histogram.size() <= t) histogram.resize(t + 1, 0);
  ++histogram[t];
}

void LengthTally::merge(const LengthTally& o) {
  games += o.games;
  sum += o.sum;
  sumSquares += o.sumSquares;
  if (histogram.size() < o.histogram.size()) histogram.resize(o.histogram.size(), 0);
  for (std::size_t i = 0; i < o.histogram.size(); ++i) histogram[i] += o.histogram[i];
}

double LengthTally::mean() const { return meanFromSums(static_cast<double>(sum), games); }
double LengthTally::sd() const {
  return sdFromSums(static_cast<double>(sum), static_cast<double>(sumSquares), games);
}

void EntityTally::merge(const EntityTally& o) {
  acquired += o.acquired;
  played += o.played;
  triggered += o.triggered;
  usedPlayers += o.usedPlayers;
  usedWins += o.usedWins;
  unusedPlayers += o.unusedPlayers;
  unusedWins += o.unusedWins;
}

RunStats::RunStats(int players, int agents, int factions, int entities)
    : m_seats(static_cast<std::size_t>(std::max(players, 0))),
      m_agents(static_cast<std::size_t>(std::max(agents, 0))),
      m_factions(static_cast<std::size_t>(std::max(factions, 0))),
      m_entities(static_cast<std::size_t>(std::max(entities, 0))) {}

void RunStats::add(const GameRecord& game) {
  if (game.timedOut || !game.returns) {
    ++m_timeouts;
    TimeoutRecord rec{game.index, game.seed};
    auto pos = std::lower_bound(m_timeoutRecords.begin(), m_timeoutRecords.end(), rec,
                                [](const TimeoutRecord& a, const TimeoutRecord& b) { return a.index < b.index; });
    m_timeoutRecords.insert(pos, rec);
    if (m_timeoutRecords.size() > kMaxTimeoutRecords) m_timeoutRecords.pop_back();
    return;
  }
  ++m_finished;
  m_length.add(game.turns);

  const std::vector<double>& r = *game.returns;
  const int n = std::min(players(), static_cast<int>(r.size()));
  double best = 0.0;
  int atBest = 0;
  for (int p = 0; p < n; ++p) {
    if (r[static_cast<std::size_t>(p)] > best + 1e-12) {
      best = r[static_cast<std::size_t>(p)];
      atBest = 1;
    } else if (r[static_cast<std::size_t>(p)] >= best - 1e-12) {
      ++atBest;
    }
  }
  const bool nobodyWon = best <= 1e-12;
  if (nobodyWon || atBest != 1) ++m_draws;

  // 0 = loss, 1 = draw, 2 = win, per seat.
  auto outcome = [&](int p) {
    if (nobodyWon) return 1;
    const bool top = r[static_cast<std::size_t>(p)] >= best - 1e-12;
    if (!top) return 0;
    return atBest == 1 ? 2 : 1;
  };
  auto tally = [](OutcomeTally& t, int o) {
    ++t.games;
    if (o == 2) ++t.wins;
    else if (o == 1) ++t.draws;
    else ++t.losses;
  };
  for (int p = 0; p < n; ++p) {
    const int o = outcome(p);
    tally(m_seats[static_cast<std::size_t>(p)], o);
    if (game.agentOfSeat && p < static_cast<int>(game.agentOfSeat->size())) {
      const int a = (*game.agentOfSeat)[static_cast<std::size_t>(p)];
      if (a >= 0 && a < static_cast<int>(m_agents.size())) tally(m_agents[static_cast<std::size_t>(a)], o);
    }
    if (game.factionOfSeat && p < static_cast<int>(game.factionOfSeat->size())) {
      const int f = (*game.factionOfSeat)[static_cast<std::size_t>(p)];
      if (f >= 0 && f < static_cast<int>(m_factions.size())) tally(m_factions[static_cast<std::size_t>(f)], o);
    }
  }

  if (!game.log || game.log->empty()) return;
  const EntityLog& log = *game.log;
  const int entities = std::min(log.entities(), static_cast<int>(m_entities.size()));
  const int logPlayers = std::min(log.players(), n);
  for (int e = 0; e < entities; ++e) {
    EntityTally& t = m_entities[static_cast<std::size_t>(e)];
    for (int p = 0; p < logPlayers; ++p) {
      const std::uint32_t acquired = log.count(p, e, EntityUse::Acquired);
      const std::uint32_t played = log.count(p, e, EntityUse::Played);
      const std::uint32_t triggered = log.count(p, e, EntityUse::Triggered);
      t.acquired += acquired;
      t.played += played;
      t.triggered += triggered;
      const bool won = outcome(p) == 2;
      if (played > 0 || triggered > 0) {
        ++t.usedPlayers;
        t.usedWins += won ? 1 : 0;
      } else {
        ++t.unusedPlayers;
        t.unusedWins += won ? 1 : 0;
      }
    }
  }
}

void RunStats::merge(const RunStats& other) {
  m_finished += other.m_finished;
  m_draws += other.m_draws;
  m_timeouts += other.m_timeouts;
  std::vector<TimeoutRecord> recs;
  recs.reserve(m_timeoutRecords.size() + other.m_timeoutRecords.size());
  std::merge(m_timeoutRecords.begin(), m_timeoutRecords.end(), other.m_timeoutRecords.begin(),
             other.m_timeoutRecords.end(), std::back_inserter(recs),
             [](const TimeoutRecord& a, const TimeoutRecord& b) { return a.index < b.index; });
  if (recs.size() > kMaxTimeoutRecords) recs.resize(kMaxTimeoutRecords);
  m_timeoutRecords = std::move(recs);
  auto mergeAll = [](std::vector<OutcomeTally>& into, const std::vector<OutcomeTally>& from) {
    if (into.size() < from.size()) into.resize(from.size());
    for (std::size_t i = 0; i < from.size(); ++i) into[i].merge(from[i]);
  };
  mergeAll(m_seats, other.m_seats);
  mergeAll(m_agents, other.m_agents);
  mergeAll(m_factions, other.m_factions);
  if (m_entities.size() < other.m_entities.size()) m_entities.resize(other.m_entities.size());
  for (std::size_t i = 0; i < other.m_entities.size(); ++i) m_entities[i].merge(other.m_entities[i]);
  m_length.merge(other.m_length);
}

}  // namespace wb::sim
