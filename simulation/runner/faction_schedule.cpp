#include "simulation/runner/faction_schedule.h"

#include <algorithm>
#include <functional>

namespace wb::sim {

namespace {

bool isPrime(int n) {
  if (n < 2) return false;
  for (int d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

// Rounds (0, m, 2m, ...) mod F for m = 1..F-1 whose offsets are all distinct.
std::vector<std::vector<int>> multiplierRounds(int players, int factions) {
  std::vector<std::vector<int>> out;
  for (int m = 1; m < factions; ++m) {
    std::vector<int> v;
    for (int k = 0; k < players; ++k) v.push_back(static_cast<int>((static_cast<long long>(k) * m) % factions));
    std::vector<int> sorted = v;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end()) out.push_back(std::move(v));
  }
  return out;
}

}  // namespace

FactionSchedule::FactionSchedule(int players, int factions) : m_players(std::max(players, 0)), m_factions(std::max(factions, 0)) {
  if (m_factions == 0 || m_players == 0) return;
  if (m_players == 1) {
    m_rounds = {{0}};
    m_pairwise = true;
    return;
  }
  if (m_factions < m_players) {
    std::vector<int> v;
    for (int k = 0; k < m_players; ++k) v.push_back(k % m_factions);
    m_rounds = {v};
    m_pairwise = false;
    return;
  }
  if (m_players == 2 || isPrime(m_factions)) {
    m_rounds = multiplierRounds(m_players, m_factions);
    m_pairwise = true;
    return;
  }
  // Every ordered tuple of distinct non-zero offsets, if the cycle stays small.
  std::uint64_t count = 1;
  for (int k = 1; k < m_players && count <= kMaxCycle; ++k) count *= static_cast<std::uint64_t>(m_factions - k);
  if (count * static_cast<std::uint64_t>(m_factions) <= kMaxCycle) {
    std::vector<int> v(1, 0);
    std::vector<bool> used(static_cast<std::size_t>(m_factions), false);
    used[0] = true;
    std::function<void()> rec = [&] {
      if (static_cast<int>(v.size()) == m_players) {
        m_rounds.push_back(v);
        return;
      }
      for (int d = 1; d < m_factions; ++d) {
        if (used[static_cast<std::size_t>(d)]) continue;
        used[static_cast<std::size_t>(d)] = true;
        v.push_back(d);
        rec();
        v.pop_back();
        used[static_cast<std::size_t>(d)] = false;
      }
    };
    rec();
    m_pairwise = true;
    return;
  }
  m_rounds = multiplierRounds(m_players, m_factions);
  m_pairwise = false;
}

int FactionSchedule::factionOf(std::uint64_t entry, int seat) const {
  if (m_rounds.empty() || seat < 0 || seat >= m_players) return -1;
  const auto F = static_cast<std::uint64_t>(m_factions);
  const std::vector<int>& round = m_rounds[static_cast<std::size_t>((entry / F) % m_rounds.size())];
  return static_cast<int>((entry % F + static_cast<std::uint64_t>(round[static_cast<std::size_t>(seat)])) % F);
}

std::string FactionSchedule::describe(std::uint64_t gamesPerEntry) const {
  if (m_rounds.empty()) return "no factions";
  const std::string games = std::to_string(cycle() * std::max<std::uint64_t>(1, gamesPerEntry));
  const std::string f = std::to_string(m_factions) + " factions";
  if (m_players == 1) return f + ", one per game in turn";
  if (m_pairwise)
    return "balanced round robin of " + f + ": every faction meets every other from every seat equally often in each cycle of " +
           games + " games";
  return "rotation of " + f + ": every faction plays every seat equally often in each cycle of " + games +
         " games (pairs of factions are not balanced" + (m_factions < m_players ? ": fewer factions than seats)" : ")");
}

}  // namespace wb::sim
