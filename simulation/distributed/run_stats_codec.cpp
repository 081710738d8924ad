#include "simulation/distributed/run_stats_codec.h"

#include "simulation/distributed/byte_buffer.h"

namespace wb::sim {
namespace {

constexpr std::uint64_t kMagic = 0x34737473'6e7572ULL;  // "runsts4" (2: CounterTally::firstGame, 3: conditions, 4: entity use by game groups)

void put(ByteWriter& w, const ConditionCell& c) {
  for (const std::string* t : {&c.feature, &c.value, &c.feature2, &c.value2}) w.bytes(*t);
  for (std::uint64_t v : {c.games, c.timeouts, c.adjudicated, c.nobody, c.draws, c.decided, c.firstSideWins, c.lengthSum,
                          c.lengthSumSquares})
    w.u64(v);
  w.u64s(c.seatWins);
}

void get(ByteReader& r, ConditionCell& c) {
  for (std::string* t : {&c.feature, &c.value, &c.feature2, &c.value2}) *t = r.bytes();
  for (std::uint64_t* v : {&c.games, &c.timeouts, &c.adjudicated, &c.nobody, &c.draws, &c.decided, &c.firstSideWins,
                           &c.lengthSum, &c.lengthSumSquares})
    *v = r.u64();
  c.seatWins = r.u64s();
}

void put(ByteWriter& w, const OutcomeTally& t) {
  for (std::uint64_t v : {t.games, t.wins, t.draws, t.losses, t.nobody, t.adjudicatedWins, t.adjudicatedDraws,
                          t.adjudicatedLosses, t.timeouts})
    w.u64(v);
}

void get(ByteReader& r, OutcomeTally& t) {
  for (std::uint64_t* v : {&t.games, &t.wins, &t.draws, &t.losses, &t.nobody, &t.adjudicatedWins, &t.adjudicatedDraws,
                           &t.adjudicatedLosses, &t.timeouts})
    *v = r.u64();
}

void put(ByteWriter& w, const EntityTally& t) {
  for (std::uint64_t v : {t.acquired, t.played, t.triggered, t.usedPlayers, t.usedWins, t.unusedPlayers, t.unusedWins,
                          t.gamesWith[0], t.gamesWith[1], t.gamesWith[2]})
    w.u64(v);
}

void get(ByteReader& r, EntityTally& t) {
  for (std::uint64_t* v : {&t.acquired, &t.played, &t.triggered, &t.usedPlayers, &t.usedWins, &t.unusedPlayers, &t.unusedWins,
                           &t.gamesWith[0], &t.gamesWith[1], &t.gamesWith[2]})
    *v = r.u64();
}

void put(ByteWriter& w, const TimeoutRecord& t) {
  w.u64(t.index);
  w.u64(t.seed);
}

void get(ByteReader& r, TimeoutRecord& t) {
  t.index = r.u64();
  t.seed = r.u64();
}

template <typename T>
void putAll(ByteWriter& w, const std::vector<T>& v) {
  w.u64(v.size());
  for (const T& x : v) put(w, x);
}

template <typename T>
void getAll(ByteReader& r, std::vector<T>& v) {
  v.assign(r.count(), T{});
  for (T& x : v) get(r, x);
}

}  // namespace

std::string RunStatsCodec::encode(const RunStats& s) {
  ByteWriter w;
  w.u64(kMagic);
  for (std::uint64_t v : {s.m_finished, s.m_sideWins, s.m_draws, s.m_nobody, s.m_adjudicated, s.m_timeouts, s.m_firstSideWins})
    w.u64(v);
  putAll(w, s.m_timeoutRecords);
  putAll(w, s.m_seats);
  putAll(w, s.m_sideTallies);
  putAll(w, s.m_agents);
  putAll(w, s.m_factions);
  w.u64(s.m_sideSeats.size());
  for (std::uint32_t m : s.m_sideSeats) w.u64(m);
  putAll(w, s.m_entities);
  w.i64(s.m_useGroups.entities);
  w.u64s(s.m_useGroups.games);
  w.u64s(s.m_useGroups.use);
  const CounterTally& c = s.m_counters;
  w.i64(c.counters);
  for (const auto* v : {&c.total, &c.gamesWith, &c.firstGame, &c.bySeat, &c.byAgent, &c.byFaction}) w.u64s(*v);
  const LengthTally& l = s.m_length;
  for (std::uint64_t v : {l.games, l.sum, l.sumSquares, l.censored, l.censoredSum}) w.u64(v);
  w.u64s(l.histogram);
  w.u64s(l.seatTurns);
  w.u64(l.seatTurnGames);
  w.u64(l.unequalTurnGames);
  w.u64(s.m_conditions.cells.size());
  for (const auto& [key, cell] : s.m_conditions.cells) put(w, cell);
  return w.take();
}

bool RunStatsCodec::decode(std::string_view bytes, RunStats& out) {
  ByteReader r(bytes);
  if (r.u64() != kMagic) return false;
  RunStats s;
  for (std::uint64_t* v : {&s.m_finished, &s.m_sideWins, &s.m_draws, &s.m_nobody, &s.m_adjudicated, &s.m_timeouts, &s.m_firstSideWins})
    *v = r.u64();
  getAll(r, s.m_timeoutRecords);
  getAll(r, s.m_seats);
  getAll(r, s.m_sideTallies);
  getAll(r, s.m_agents);
  getAll(r, s.m_factions);
  s.m_sideSeats.assign(r.count(), 0);
  for (auto& m : s.m_sideSeats) m = static_cast<std::uint32_t>(r.u64());
  getAll(r, s.m_entities);
  s.m_useGroups.entities = static_cast<int>(r.i64());
  s.m_useGroups.games = r.u64s();
  s.m_useGroups.use = r.u64s();
  CounterTally& c = s.m_counters;
  c.counters = static_cast<int>(r.i64());
  for (auto* v : {&c.total, &c.gamesWith, &c.firstGame, &c.bySeat, &c.byAgent, &c.byFaction}) *v = r.u64s();
  LengthTally& l = s.m_length;
  for (std::uint64_t* v : {&l.games, &l.sum, &l.sumSquares, &l.censored, &l.censoredSum}) *v = r.u64();
  l.histogram = r.u64s();
  l.seatTurns = r.u64s();
  l.seatTurnGames = r.u64();
  l.unequalTurnGames = r.u64();
  const std::uint64_t cells = r.count();
  for (std::uint64_t i = 0; i < cells && r.ok(); ++i) {
    ConditionCell c;
    get(r, c);
    s.m_conditions.cells[c.label()] = std::move(c);
  }
  if (!r.ok() || !r.atEnd()) return false;
  out = std::move(s);
  return true;
}

}  // namespace wb::sim
