#include "simulation/dice/dice_pool.h"

#include <algorithm>
#include <cmath>

#include "model/core/die.h"

namespace wb::sim::dice {

DieSpec DieSpec::standard(int sides) {
  DieSpec d;
  d.id = "d" + std::to_string(sides);
  for (int i = 1; i <= sides; ++i) d.faces.push_back(Face{std::to_string(i), static_cast<double>(i), 1.0});
  return d;
}

DieSpec DieSpec::fromModel(const model::Die& die) {
  DieSpec d;
  d.id = die.id;
  for (const auto& f : die.faces) d.faces.push_back(Face{f.symbol, f.value, f.weight});
  return d;
}

double DieSpec::totalWeight() const {
  double t = 0;
  for (const auto& f : faces) t += f.weight;
  return t;
}

double DieSpec::maxValue() const {
  double m = faces.empty() ? 0.0 : faces.front().value;
  for (const auto& f : faces) m = std::max(m, f.value);
  return m;
}

std::uint64_t DieSpec::integerTotalWeight() const {
  std::uint64_t t = 0;
  for (const auto& f : faces) {
    if (!(f.weight > 0) || f.weight != std::floor(f.weight) || f.weight > 1e6) return 0;
    t += static_cast<std::uint64_t>(f.weight);
  }
  return t;
}

std::vector<std::string> DieSpec::symbols() const {
  std::vector<std::string> out;
  for (const auto& f : faces)
    if (std::find(out.begin(), out.end(), f.symbol) == out.end()) out.push_back(f.symbol);
  return out;
}

int Pool::diceCount() const {
  int n = 0;
  for (const auto& t : terms) n += t.count;
  return n;
}

bool Pool::hasKeep() const {
  return std::any_of(terms.begin(), terms.end(), [](const PoolTerm& t) { return t.keep != Keep::All; });
}

bool Pool::hasExplosion() const {
  return std::any_of(terms.begin(), terms.end(), [](const PoolTerm& t) { return t.explodeLimit > 0; });
}

bool Pool::singleDieKind() const {
  if (terms.empty()) return false;
  const auto& f0 = terms.front().die.faces;
  for (const auto& t : terms) {
    const auto& f = t.die.faces;
    if (f.size() != f0.size()) return false;
    for (std::size_t i = 0; i < f.size(); ++i)
      if (f[i].symbol != f0[i].symbol || f[i].value != f0[i].value || f[i].weight != f0[i].weight) return false;
  }
  return true;
}

}  // namespace wb::sim::dice
