#include "simulation/stats/run_stats.h"

#include <algorithm>
#include <iterator>

namespace wb::sim {

namespace {

constexpr double kEps = 1e-9;

template <typename T>
void mergeVector(std::vector<T>& into, const std::vector<T>& from) {
  if (into.size() < from.size()) into.resize(from.size());
  for (std::size_t i = 0; i < from.size(); ++i) into[i].merge(from[i]);
}

// Where a seat's game lands in its tally.
enum class Slot { Win, Draw, Loss, Nobody, AdjWin, AdjDraw, AdjLoss, Timeout };

void tally(OutcomeTally& t, Slot s) {
  ++t.games;
  switch (s) {
    case Slot::Win: ++t.wins; break;
    case Slot::Draw: ++t.draws; break;
    case Slot::Loss: ++t.losses; break;
    case Slot::Nobody: ++t.nobody; break;
    case Slot::AdjWin: ++t.adjudicatedWins; break;
    case Slot::AdjDraw: ++t.adjudicatedDraws; break;
    case Slot::AdjLoss: ++t.adjudicatedLosses; break;
    case Slot::Timeout: ++t.timeouts; break;
  }
}

int sideOf(const std::vector<int>* sideOfSeat, int seat) {
  if (!sideOfSeat || seat >= static_cast<int>(sideOfSeat->size())) return seat;
  return std::max(0, (*sideOfSeat)[static_cast<std::size_t>(seat)]);
}

}  // namespace

GameOutcome classifyOutcome(const std::vector<double>& returns, const std::vector<int>* sideOfSeat) {
  GameOutcome out;
  const int n = static_cast<int>(returns.size());
  for (int p = 0; p < n; ++p) out.sides = std::max(out.sides, sideOf(sideOfSeat, p) + 1);
  // A side's return: the best of its seats (the contract makes them equal).
  std::vector<double> sideReturn(static_cast<std::size_t>(out.sides), 0.0);
  for (int p = 0; p < n; ++p) {
    double& r = sideReturn[static_cast<std::size_t>(sideOf(sideOfSeat, p))];
    r = std::max(r, returns[static_cast<std::size_t>(p)]);
  }
  out.side.assign(static_cast<std::size_t>(out.sides), GameOutcome::Result::Loss);
  double best = 0.0;
  for (double r : sideReturn) best = std::max(best, r);
  if (best <= kEps) {
    out.kind = GameOutcome::Kind::NobodyWins;
    return out;
  }
  int top = 0;
  for (double r : sideReturn) top += r >= best - kEps ? 1 : 0;
  out.kind = top == 1 ? GameOutcome::Kind::SideWin : GameOutcome::Kind::Draw;
  for (int s = 0; s < out.sides; ++s)
    if (sideReturn[static_cast<std::size_t>(s)] >= best - kEps)
      out.side[static_cast<std::size_t>(s)] = top == 1 ? GameOutcome::Result::Win : GameOutcome::Result::Draw;
  return out;
}

RunStats::RunStats(int players, int agents, int factions, int entities, int counters)
    : m_seats(static_cast<std::size_t>(std::max(players, 0))),
      m_agents(static_cast<std::size_t>(std::max(agents, 0))),
      m_factions(static_cast<std::size_t>(std::max(factions, 0))),
      m_entities(static_cast<std::size_t>(std::max(entities, 0))) {
  if (entities > 0) m_useGroups.reset(entities);
  const auto c = static_cast<std::size_t>(std::max(counters, 0));
  m_counters.counters = static_cast<int>(c);
  m_counters.total.assign(c, 0);
  m_counters.gamesWith.assign(c, 0);
  m_counters.firstGame.assign(c, CounterTally::kNever);
  m_counters.bySeat.assign(c * m_seats.size(), 0);
  m_counters.byAgent.assign(c * m_agents.size(), 0);
  m_counters.byFaction.assign(c * m_factions.size(), 0);
}

bool RunStats::hasTeams() const {
  for (std::uint32_t mask : m_sideSeats)
    if (mask & (mask - 1)) return true;
  return false;
}

void RunStats::add(const GameRecord& game) {
  const bool timedOut = game.timedOut || !game.returns;
  const int n = players();
  if (timedOut) {
    ++m_timeouts;
    TimeoutRecord rec{game.index, game.seed};
    auto pos = std::lower_bound(m_timeoutRecords.begin(), m_timeoutRecords.end(), rec,
                                [](const TimeoutRecord& a, const TimeoutRecord& b) { return a.index < b.index; });
    m_timeoutRecords.insert(pos, rec);
    if (m_timeoutRecords.size() > kMaxTimeoutRecords) m_timeoutRecords.pop_back();
  } else {
    ++m_finished;
  }
  m_length.add(game.turns, timedOut);
  if (game.turnsOfSeat && !timedOut) m_length.addSeatTurns(*game.turnsOfSeat);

  // Sides of this game (known for timeouts too).
  int sides = 0;
  for (int p = 0; p < n; ++p) sides = std::max(sides, sideOf(game.sideOfSeat, p) + 1);
  if (static_cast<int>(m_sideTallies.size()) < sides) m_sideTallies.resize(static_cast<std::size_t>(sides));
  if (static_cast<int>(m_sideSeats.size()) < sides) m_sideSeats.resize(static_cast<std::size_t>(sides), 0);
  for (int p = 0; p < n && p < 32; ++p) m_sideSeats[static_cast<std::size_t>(sideOf(game.sideOfSeat, p))] |= 1u << p;

  std::vector<Slot> sideSlot(static_cast<std::size_t>(sides), Slot::Timeout);
  if (!timedOut) {
    std::vector<double> r(*game.returns);
    r.resize(static_cast<std::size_t>(n), 0.0);
    const GameOutcome o = classifyOutcome(r, game.sideOfSeat);
    if (game.adjudicated) ++m_adjudicated;
    else if (o.kind == GameOutcome::Kind::SideWin) ++m_sideWins;
    else if (o.kind == GameOutcome::Kind::Draw) ++m_draws;
    else ++m_nobody;
    if (!game.adjudicated && o.kind == GameOutcome::Kind::SideWin && n > 0 &&
        o.side[static_cast<std::size_t>(sideOf(game.sideOfSeat, 0))] == GameOutcome::Result::Win)
      ++m_firstSideWins;
    for (int s = 0; s < sides && s < o.sides; ++s) {
      const auto res = o.side[static_cast<std::size_t>(s)];
      if (o.kind == GameOutcome::Kind::NobodyWins) sideSlot[static_cast<std::size_t>(s)] = Slot::Nobody;
      else if (res == GameOutcome::Result::Win) sideSlot[static_cast<std::size_t>(s)] = game.adjudicated ? Slot::AdjWin : Slot::Win;
      else if (res == GameOutcome::Result::Draw) sideSlot[static_cast<std::size_t>(s)] = game.adjudicated ? Slot::AdjDraw : Slot::Draw;
      else sideSlot[static_cast<std::size_t>(s)] = game.adjudicated ? Slot::AdjLoss : Slot::Loss;
    }
  }
  for (int s = 0; s < sides; ++s) tally(m_sideTallies[static_cast<std::size_t>(s)], sideSlot[static_cast<std::size_t>(s)]);

  auto agentOf = [&](int p) {
    if (!game.agentOfSeat || p >= static_cast<int>(game.agentOfSeat->size())) return -1;
    const int a = (*game.agentOfSeat)[static_cast<std::size_t>(p)];
    return a >= 0 && a < static_cast<int>(m_agents.size()) ? a : -1;
  };
  auto factionOf = [&](int p) {
    if (!game.factionOfSeat || p >= static_cast<int>(game.factionOfSeat->size())) return -1;
    const int f = (*game.factionOfSeat)[static_cast<std::size_t>(p)];
    return f >= 0 && f < static_cast<int>(m_factions.size()) ? f : -1;
  };
  for (int p = 0; p < n; ++p) {
    const Slot slot = sideSlot[static_cast<std::size_t>(sideOf(game.sideOfSeat, p))];
    tally(m_seats[static_cast<std::size_t>(p)], slot);
    if (const int a = agentOf(p); a >= 0) tally(m_agents[static_cast<std::size_t>(a)], slot);
    if (const int f = factionOf(p); f >= 0) tally(m_factions[static_cast<std::size_t>(f)], slot);
  }
  if (game.features && !game.features->empty()) {
    ConditionOutcome co;
    co.timedOut = timedOut;
    co.turns = game.turns;
    if (!timedOut) {
      std::vector<double> r(*game.returns);
      r.resize(static_cast<std::size_t>(n), 0.0);
      const GameOutcome o = classifyOutcome(r, game.sideOfSeat);
      co.adjudicated = game.adjudicated;
      co.nobody = !game.adjudicated && o.kind == GameOutcome::Kind::NobodyWins;
      co.draw = !game.adjudicated && o.kind == GameOutcome::Kind::Draw;
      co.decided = !game.adjudicated && o.kind == GameOutcome::Kind::SideWin;
      co.firstSideWon = co.decided && n > 0 &&
                        o.side[static_cast<std::size_t>(sideOf(game.sideOfSeat, 0))] == GameOutcome::Result::Win;
    }
    co.seatWon.resize(static_cast<std::size_t>(n));
    for (int p = 0; p < n; ++p)
      co.seatWon[static_cast<std::size_t>(p)] = sideSlot[static_cast<std::size_t>(sideOf(game.sideOfSeat, p))] == Slot::Win;
    m_conditions.add(*game.features, co, n);
  }

  if (game.counters && !game.counters->empty()) {
    const CounterLog& c = *game.counters;
    const int counters = std::min(c.counters(), m_counters.counters);
    const auto C = static_cast<std::size_t>(m_counters.counters);
    for (int k = 0; k < counters; ++k) {
      std::uint64_t inGame = 0;
      for (int p = 0; p < std::min(c.players(), n); ++p) {
        const std::uint64_t v = c.count(p, k);
        if (!v) continue;
        inGame += v;
        m_counters.bySeat[static_cast<std::size_t>(p) * C + static_cast<std::size_t>(k)] += v;
        if (const int a = agentOf(p); a >= 0) m_counters.byAgent[static_cast<std::size_t>(a) * C + static_cast<std::size_t>(k)] += v;
        if (const int f = factionOf(p); f >= 0) m_counters.byFaction[static_cast<std::size_t>(f) * C + static_cast<std::size_t>(k)] += v;
      }
      m_counters.total[static_cast<std::size_t>(k)] += inGame;
      m_counters.gamesWith[static_cast<std::size_t>(k)] += inGame ? 1 : 0;
      if (inGame) {
        std::uint64_t& first = m_counters.firstGame[static_cast<std::size_t>(k)];
        first = std::min(first, game.index);
      }
    }
  }

  if (!game.log || game.log->empty()) return;
  const EntityLog& log = *game.log;
  const int entities = std::min(log.entities(), static_cast<int>(m_entities.size()));
  const int logPlayers = std::min(log.players(), n);
  const bool grouped = m_useGroups.entities == static_cast<int>(m_entities.size()) && !m_useGroups.games.empty();
  const int group = static_cast<int>(game.index % static_cast<std::uint64_t>(UseGroups::kGroups));
  if (grouped) ++m_useGroups.games[static_cast<std::size_t>(group)];
  for (int e = 0; e < entities; ++e) {
    EntityTally& t = m_entities[static_cast<std::size_t>(e)];
    std::uint64_t inGame[3] = {0, 0, 0};
    for (int p = 0; p < logPlayers; ++p)
      for (int k = 0; k < 3; ++k) inGame[k] += log.count(p, e, static_cast<EntityUse>(k));
    for (int k = 0; k < 3; ++k) {
      t.gamesWith[k] += inGame[k] > 0 ? 1 : 0;
      if (grouped)
        m_useGroups.use[(static_cast<std::size_t>(group) * m_entities.size() + static_cast<std::size_t>(e)) * 3 +
                        static_cast<std::size_t>(k)] += inGame[k];
    }
    for (int p = 0; p < logPlayers; ++p) {
      const std::uint32_t acquired = log.count(p, e, EntityUse::Acquired);
      const std::uint32_t played = log.count(p, e, EntityUse::Played);
      const std::uint32_t triggered = log.count(p, e, EntityUse::Triggered);
      t.acquired += acquired;
      t.played += played;
      t.triggered += triggered;
      const bool won = sideSlot[static_cast<std::size_t>(sideOf(game.sideOfSeat, p))] == Slot::Win;
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
  m_sideWins += other.m_sideWins;
  m_draws += other.m_draws;
  m_nobody += other.m_nobody;
  m_adjudicated += other.m_adjudicated;
  m_timeouts += other.m_timeouts;
  m_firstSideWins += other.m_firstSideWins;
  std::vector<TimeoutRecord> recs;
  recs.reserve(m_timeoutRecords.size() + other.m_timeoutRecords.size());
  std::merge(m_timeoutRecords.begin(), m_timeoutRecords.end(), other.m_timeoutRecords.begin(),
             other.m_timeoutRecords.end(), std::back_inserter(recs),
             [](const TimeoutRecord& a, const TimeoutRecord& b) { return a.index < b.index; });
  if (recs.size() > kMaxTimeoutRecords) recs.resize(kMaxTimeoutRecords);
  m_timeoutRecords = std::move(recs);
  mergeVector(m_seats, other.m_seats);
  mergeVector(m_sideTallies, other.m_sideTallies);
  mergeVector(m_agents, other.m_agents);
  mergeVector(m_factions, other.m_factions);
  mergeVector(m_entities, other.m_entities);
  m_useGroups.merge(other.m_useGroups);
  if (m_sideSeats.size() < other.m_sideSeats.size()) m_sideSeats.resize(other.m_sideSeats.size(), 0);
  for (std::size_t i = 0; i < other.m_sideSeats.size(); ++i) m_sideSeats[i] |= other.m_sideSeats[i];
  m_counters.merge(other.m_counters);
  m_length.merge(other.m_length);
  m_conditions.merge(other.m_conditions);
}

FirstSideTest RunStats::firstSideTest() const {
  FirstSideTest t;
  t.sides = std::max(1, static_cast<int>(m_sideTallies.empty() ? m_seats.size() : m_sideTallies.size()));
  t.teams = hasTeams();
  t.fair = 1.0 / t.sides;
  t.decided = m_sideWins;
  t.wins = m_firstSideWins;
  t.withoutWinner = games() - m_sideWins;
  t.ci = wilsonInterval(t.wins, t.decided);
  t.pValue = binomialTwoSidedPValue(t.wins, t.decided, t.fair);
  return t;
}

}  // namespace wb::sim
