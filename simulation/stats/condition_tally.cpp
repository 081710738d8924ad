#include "simulation/stats/condition_tally.h"

namespace wb::sim {

std::string ConditionCell::label() const {
  std::string s = feature + "=" + value;
  if (isPair()) s += " & " + feature2 + "=" + value2;
  return s;
}

void ConditionCell::merge(const ConditionCell& o) {
  games += o.games;
  timeouts += o.timeouts;
  adjudicated += o.adjudicated;
  nobody += o.nobody;
  draws += o.draws;
  decided += o.decided;
  firstSideWins += o.firstSideWins;
  if (seatWins.size() < o.seatWins.size()) seatWins.resize(o.seatWins.size(), 0);
  for (std::size_t s = 0; s < o.seatWins.size(); ++s) seatWins[s] += o.seatWins[s];
  lengthSum += o.lengthSum;
  lengthSumSquares += o.lengthSumSquares;
}

namespace {

void count(ConditionCell& c, const ConditionOutcome& o, int players) {
  ++c.games;
  if (c.seatWins.size() < static_cast<std::size_t>(players)) c.seatWins.resize(static_cast<std::size_t>(players), 0);
  c.timeouts += o.timedOut ? 1 : 0;
  c.adjudicated += o.adjudicated ? 1 : 0;
  c.nobody += o.nobody ? 1 : 0;
  c.draws += o.draw ? 1 : 0;
  c.decided += o.decided ? 1 : 0;
  c.firstSideWins += o.firstSideWon ? 1 : 0;
  for (std::size_t s = 0; s < o.seatWon.size() && s < c.seatWins.size(); ++s) c.seatWins[s] += o.seatWon[s] ? 1 : 0;
  const auto t = static_cast<std::uint64_t>(o.turns < 0 ? 0 : o.turns);
  c.lengthSum += t;
  c.lengthSumSquares += t * t;
}

}  // namespace

void ConditionTally::add(const std::vector<SetupFeature>& features, const ConditionOutcome& outcome, int players) {
  for (std::size_t i = 0; i < features.size(); ++i) {
    ConditionCell key;
    key.feature = features[i].name;
    key.value = features[i].value;
    auto [it, fresh] = cells.try_emplace(key.label(), key);
    count(it->second, outcome, players);
    for (std::size_t j = i + 1; j < features.size(); ++j) {
      if (features[j].name == features[i].name) continue;
      ConditionCell pair;
      // The pair's features in name order, so that one cell holds both orders.
      const bool swap = features[j].name < features[i].name;
      const SetupFeature& a = swap ? features[j] : features[i];
      const SetupFeature& b = swap ? features[i] : features[j];
      pair.feature = a.name;
      pair.value = a.value;
      pair.feature2 = b.name;
      pair.value2 = b.value;
      auto [pit, pfresh] = cells.try_emplace(pair.label(), pair);
      count(pit->second, outcome, players);
    }
  }
}

void ConditionTally::merge(const ConditionTally& o) {
  for (const auto& [key, cell] : o.cells) {
    auto [it, fresh] = cells.try_emplace(key, cell);
    if (!fresh) it->second.merge(cell);
  }
}

}  // namespace wb::sim
