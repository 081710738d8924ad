// ActionSet: a small open-addressing hash set of actions with one mark per
// entry, for the MCTS descent (mcts_agent.cpp). Each tree node asks "which
// children are legal in this determinization, which legal actions have no
// child yet": with the legal actions in a set, each question is one probe
// instead of a sort and binary searches. reset() is O(1) (entries carry the
// generation that wrote them), and the table is reused, so the hot loop does
// not allocate once it has grown to the largest action list seen.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "simulation/core/action_history.h"
#include "simulation/core/rng.h"

namespace wb::sim {

class ActionSet {
 public:
  // Empties the set, with room for `n` actions.
  void reset(std::size_t n) {
    std::size_t capacity = 16;
    while (capacity < 2 * n) capacity <<= 1;
    if (capacity > m_entries.size() || ++m_generation == 0) {
      if (capacity < m_entries.size()) capacity = m_entries.size();
      m_entries.assign(capacity, Entry{});
      m_generation = 1;
    }
    m_mask = capacity - 1;
  }

  // The slot of `a` (`hash` = mix64(a)), added unmarked if it was not in the set.
  std::size_t insert(Action a, std::uint64_t hash) {
    std::size_t i = static_cast<std::size_t>(hash) & m_mask;
    while (m_entries[i].generation == m_generation) {
      if (m_entries[i].action == a) return i;
      i = (i + 1) & m_mask;
    }
    m_entries[i] = Entry{a, m_generation, 0};
    return i;
  }

  // The slot of `a`, or kNone.
  static constexpr std::size_t kNone = ~std::size_t{0};
  std::size_t find(Action a, std::uint64_t hash) const {
    std::size_t i = static_cast<std::size_t>(hash) & m_mask;
    while (m_entries[i].generation == m_generation) {
      if (m_entries[i].action == a) return i;
      i = (i + 1) & m_mask;
    }
    return kNone;
  }
  bool contains(Action a) const { return find(a, mix64(static_cast<std::uint64_t>(a))) != kNone; }

  void mark(std::size_t slot) { m_entries[slot].marked = 1; }
  bool marked(std::size_t slot) const { return m_entries[slot].marked != 0; }

 private:
  struct Entry {
    Action action = 0;
    std::uint32_t generation = 0;  // == m_generation: in the set
    std::uint32_t marked = 0;
  };
  std::vector<Entry> m_entries;
  std::size_t m_mask = 0;
  std::uint32_t m_generation = 0;
};

}  // namespace wb::sim
