// Elem Master: repeated positions. The rules allow a game to cycle for ever (each
// side undoing the other's turn: a Fire burns an Earth that regrows on its forest
// while a Water puts the Fire out). The engine hashes the position at the start of
// every turn; when one recurs repetition_limit times within the last 16 turns the
// game ends by the no-Fire count, adjudicated (elem_master_impact.cpp) and counted
// as "position_repeated" for the seat about to play. Every recurrence before that
// (and that one) is counted as "position_recurred" for the seat whose turn ended on
// it, and kept for the heuristic (m_repeats, the repetition term of
// elem_master_heuristic.cpp) until the next action.
#include <algorithm>

#include "rulesets/elem_master/elem_master_state.h"

namespace wb::rulesets::elem_master {

namespace {
inline void mix(std::uint64_t& h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
}
}  // namespace

// Everything that decides what can happen from here (not the turn number).
std::uint64_t ElemMasterState::positionHash() const {
  std::uint64_t h = 1469598103934665603ULL;
  for (int c = 0; c < m_cells; ++c) {
    const Cell& cl = m_board[static_cast<std::size_t>(c)];
    mix(h, static_cast<std::uint64_t>(cl.owner + 1) | static_cast<std::uint64_t>(cl.element) << 8 |
               static_cast<std::uint64_t>(cl.level) << 16 | static_cast<std::uint64_t>(cl.flags) << 24 |
               static_cast<std::uint64_t>(cl.morph + 1) << 32);
  }
  for (int p = 0; p < m_players; ++p) {
    const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
    for (int e = 0; e < kElements; ++e) mix(h, static_cast<std::uint64_t>(ps.reserve[static_cast<std::size_t>(e)] + 64));
    mix(h, static_cast<std::uint64_t>(ps.eventsUsed) | static_cast<std::uint64_t>(ps.pool) << 8 |
               static_cast<std::uint64_t>(ps.specUses) << 16 | static_cast<std::uint64_t>(ps.extraAp + 64) << 24 |
               static_cast<std::uint64_t>(ps.nextOwn) << 32 | static_cast<std::uint64_t>(ps.eliminated) << 40);
  }
  for (int s = 0; s < kMaxEventSlots; ++s)
    mix(h, static_cast<std::uint64_t>(m_slots[static_cast<std::size_t>(s)] + 1) |
               static_cast<std::uint64_t>(m_slotOwner[static_cast<std::size_t>(s)] + 1) << 8 |
               static_cast<std::uint64_t>(m_slotHidden[static_cast<std::size_t>(s)] + 1) << 16);
  const bool drought = m_turn >= m_droughtFrom && m_turn <= m_droughtTo;
  mix(h, static_cast<std::uint64_t>(m_current) | static_cast<std::uint64_t>(m_ap) << 8 |
             static_cast<std::uint64_t>(m_own) << 16 | static_cast<std::uint64_t>(m_noFullMoves) << 24 |
             static_cast<std::uint64_t>(drought) << 25 | static_cast<std::uint64_t>(m_pending.kind) << 32);
  return h;
}

// Records this turn start (m_repeats: its earlier occurrences); true when the position has now been seen repetitionLimit times.
bool ElemMasterState::repeatedPosition() {
  if (m_rules->repetitionLimit <= 0 || m_terminal) return false;
  const std::uint64_t h = positionHash();
  const int n = std::min<int>(m_seenCount, static_cast<int>(m_seen.size()));
  int seen = 1;
  for (int i = 0; i < n; ++i) seen += m_seen[static_cast<std::size_t>(i)] == h ? 1 : 0;
  m_seen[static_cast<std::size_t>(m_seenCount % static_cast<int>(m_seen.size()))] = h;
  ++m_seenCount;
  m_repeats = static_cast<std::int8_t>(std::min(seen - 1, 100));
  return seen >= m_rules->repetitionLimit;
}

}  // namespace wb::rulesets::elem_master
