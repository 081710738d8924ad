#include "simulation/stats/tallies.h"

#include <algorithm>

#include "simulation/stats/statistics.h"

namespace wb::sim {

namespace {
void addSums(std::vector<std::uint64_t>& into, const std::vector<std::uint64_t>& from) {
  if (into.size() < from.size()) into.resize(from.size(), 0);
  for (std::size_t i = 0; i < from.size(); ++i) into[i] += from[i];
}
}  // namespace

void OutcomeTally::merge(const OutcomeTally& o) {
  games += o.games;
  wins += o.wins;
  draws += o.draws;
  losses += o.losses;
  nobody += o.nobody;
  adjudicatedWins += o.adjudicatedWins;
  adjudicatedDraws += o.adjudicatedDraws;
  adjudicatedLosses += o.adjudicatedLosses;
  timeouts += o.timeouts;
}

void LengthTally::add(int turns, bool isCensored) {
  const auto t = static_cast<std::uint64_t>(std::max(turns, 0));
  ++games;
  sum += t;
  sumSquares += t * t;
  if (isCensored) {
    ++censored;
    censoredSum += t;
  }
  if (histogram.size() <= t) histogram.resize(t + 1, 0);
  ++histogram[t];
}

void LengthTally::addSeatTurns(const std::vector<int>& turnsOfSeat) {
  if (turnsOfSeat.empty()) return;
  if (seatTurns.size() < turnsOfSeat.size()) seatTurns.resize(turnsOfSeat.size(), 0);
  bool unequal = false;
  for (std::size_t s = 0; s < turnsOfSeat.size(); ++s) {
    seatTurns[s] += static_cast<std::uint64_t>(std::max(turnsOfSeat[s], 0));
    unequal = unequal || turnsOfSeat[s] != turnsOfSeat[0];
  }
  ++seatTurnGames;
  unequalTurnGames += unequal ? 1 : 0;
}

double LengthTally::meanSeatTurns(int seat) const {
  if (seat < 0 || static_cast<std::size_t>(seat) >= seatTurns.size()) return 0.0;
  return meanFromSums(static_cast<double>(seatTurns[static_cast<std::size_t>(seat)]), seatTurnGames);
}

void LengthTally::merge(const LengthTally& o) {
  addSums(seatTurns, o.seatTurns);
  seatTurnGames += o.seatTurnGames;
  unequalTurnGames += o.unequalTurnGames;
  games += o.games;
  sum += o.sum;
  sumSquares += o.sumSquares;
  censored += o.censored;
  censoredSum += o.censoredSum;
  addSums(histogram, o.histogram);
}

double LengthTally::mean() const { return meanFromSums(static_cast<double>(sum), games); }
double LengthTally::sd() const {
  return sdFromSums(static_cast<double>(sum), static_cast<double>(sumSquares), games);
}
double LengthTally::meanUncensored() const {
  return meanFromSums(static_cast<double>(sum - censoredSum), games - censored);
}

void EntityTally::merge(const EntityTally& o) {
  acquired += o.acquired;
  played += o.played;
  triggered += o.triggered;
  usedPlayers += o.usedPlayers;
  usedWins += o.usedWins;
  unusedPlayers += o.unusedPlayers;
  unusedWins += o.unusedWins;
  for (int k = 0; k < 3; ++k) gamesWith[k] += o.gamesWith[k];
}

void UseGroups::reset(int entityCount) {
  entities = entityCount;
  games.assign(kGroups, 0);
  use.assign(static_cast<std::size_t>(kGroups) * static_cast<std::size_t>(entityCount) * 3, 0);
}

void UseGroups::merge(const UseGroups& o) {
  if (o.games.empty()) return;
  if (games.empty()) {
    *this = o;
    return;
  }
  for (std::size_t i = 0; i < games.size() && i < o.games.size(); ++i) games[i] += o.games[i];
  for (std::size_t i = 0; i < use.size() && i < o.use.size(); ++i) use[i] += o.use[i];
}

std::uint64_t CounterTally::at(const std::vector<std::uint64_t>& rows, int row, int counter) const {
  if (row < 0 || counter < 0 || counter >= counters) return 0;
  const auto i = static_cast<std::size_t>(row) * static_cast<std::size_t>(counters) + static_cast<std::size_t>(counter);
  return i < rows.size() ? rows[i] : 0;
}

void CounterTally::merge(const CounterTally& o) {
  counters = std::max(counters, o.counters);
  addSums(total, o.total);
  addSums(gamesWith, o.gamesWith);
  if (firstGame.size() < o.firstGame.size()) firstGame.resize(o.firstGame.size(), kNever);
  for (std::size_t k = 0; k < o.firstGame.size(); ++k) firstGame[k] = std::min(firstGame[k], o.firstGame[k]);
  addSums(bySeat, o.bySeat);
  addSums(byAgent, o.byAgent);
  addSums(byFaction, o.byFaction);
}

}  // namespace wb::sim
