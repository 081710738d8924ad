// Per-game counts of engine-defined events per player (a wild surge, a skipped
// draw, a specialty power used, a river flow): what a designer asks "how often
// does this happen?" about and what shows whether the agents use a rule.
// Game::counterIds() names them; engines count through State::counters(); the
// runner sums them (per seat, agent and faction) into mergeable statistics.
// Flat array, sized once per game: index = player * counters + counter.
#pragma once

#include <cstdint>
#include <vector>

namespace wb::sim {

class CounterLog {
 public:
  void reset(int players, int counters) {
    m_players = players;
    m_counters = counters;
    m_counts.assign(static_cast<std::size_t>(players) * static_cast<std::size_t>(counters), 0);
  }
  void add(int player, int counter, std::uint32_t n = 1) {
    if (counter < 0 || counter >= m_counters || player < 0 || player >= m_players) return;
    m_counts[index(player, counter)] += n;
  }
  // A count kept elsewhere (a described game's counter), written as it stands now.
  void set(int player, int counter, std::uint32_t n) {
    if (counter < 0 || counter >= m_counters || player < 0 || player >= m_players) return;
    m_counts[index(player, counter)] = n;
  }
  std::uint32_t count(int player, int counter) const {
    if (counter < 0 || counter >= m_counters || player < 0 || player >= m_players) return 0;
    return m_counts[index(player, counter)];
  }
  // Stops counting and frees the counts (agents' private copies).
  void forget() {
    m_players = m_counters = 0;
    m_counts = {};
  }
  int players() const { return m_players; }
  int counters() const { return m_counters; }
  bool empty() const { return m_counts.empty(); }
  friend bool operator==(const CounterLog&, const CounterLog&) = default;

 private:
  std::size_t index(int p, int c) const {
    return static_cast<std::size_t>(p) * static_cast<std::size_t>(m_counters) + static_cast<std::size_t>(c);
  }
  int m_players = 0;
  int m_counters = 0;
  std::vector<std::uint32_t> m_counts;
};

}  // namespace wb::sim
