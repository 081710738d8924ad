// Per-game tallies of what each player did with each entity (card, tile,
// event, ability): acquired, played, triggered. Engines count into it through
// State::log(); the runner turns it into per-entity statistics. Flat array,
// sized once per game: index = (player * entities + entity) * 3 + use.
#pragma once

#include <cstdint>
#include <vector>

namespace wb::sim {

enum class EntityUse : int { Acquired = 0, Played = 1, Triggered = 2 };

class EntityLog {
 public:
  void reset(int players, int entities) {
    m_players = players;
    m_entities = entities;
    m_counts.assign(static_cast<std::size_t>(players) * entities * 3, 0);
  }
  void add(int player, int entity, EntityUse use, std::uint32_t n = 1) {
    if (entity < 0 || entity >= m_entities || player < 0 || player >= m_players) return;
    m_counts[index(player, entity, use)] += n;
  }
  std::uint32_t count(int player, int entity, EntityUse use) const {
    return m_counts.empty() ? 0 : m_counts[index(player, entity, use)];
  }
  // Stops counting and frees the tallies (agents' private copies).
  void forget() {
    m_players = m_entities = 0;
    m_counts = {};
  }
  int players() const { return m_players; }
  int entities() const { return m_entities; }
  bool empty() const { return m_counts.empty(); }
  friend bool operator==(const EntityLog&, const EntityLog&) = default;

 private:
  std::size_t index(int p, int e, EntityUse u) const {
    return (static_cast<std::size_t>(p) * m_entities + e) * 3 + static_cast<int>(u);
  }
  int m_players = 0;
  int m_entities = 0;
  std::vector<std::uint32_t> m_counts;
};

}  // namespace wb::sim
