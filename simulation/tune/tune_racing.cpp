#include "simulation/tune/tune_racing.h"

#include <algorithm>
#include <cmath>

#include "model/core/entity.h"

namespace wb::sim {

std::vector<std::size_t> halveRace(std::vector<RaceEntry> racing, std::size_t keepAtLeast) {
  std::stable_sort(racing.begin(), racing.end(), [](const RaceEntry& a, const RaceEntry& b) { return a.key < b.key; });
  std::vector<std::size_t> dropped;
  for (std::size_t j = std::max(keepAtLeast, (racing.size() + 1) / 2); j < racing.size(); ++j)
    dropped.push_back(racing[j].candidate);
  return dropped;
}

double pooledBlockVariance(const std::vector<Estimate>& estimates) {
  double num = 0, den = 0;
  for (const Estimate& x : estimates) {
    if (x.blocks < 2 || (x.value == 0 && x.se == 0)) continue;
    const double n = static_cast<double>(x.blocks);
    num += (n - 1) * x.se * x.se * n;
    den += n - 1;
  }
  return den > 0 ? num / den : 0.0;
}

Estimate shrinkEffect(Estimate x, double blockVariance) {
  // Identical games (value and se 0) are an exact 0, not a noisy one.
  if (x.blocks < 1 || (x.value == 0 && x.se == 0)) return x;
  x.se = std::max(x.se, std::sqrt(std::max(0.0, blockVariance) / static_cast<double>(x.blocks)));
  if (x.value != 0) x.value *= x.value * x.value / (x.value * x.value + x.se * x.se);
  return x;
}

std::vector<std::pair<std::size_t, std::size_t>> interactionPairs(const std::vector<std::size_t>& knobOf,
                                                                  std::size_t most) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (std::size_t j = 1; j < knobOf.size() && out.size() < most; ++j)
    for (std::size_t i = 0; i < j && out.size() < most; ++i)
      if (knobOf[i] != knobOf[j]) out.emplace_back(i, j);
  return out;
}

bool firstOwnedLevel(const std::vector<OwnedLevel>& levels, double stay, OwnedLevel& out) {
  bool found = false;
  for (const OwnedLevel& x : levels) {
    if (x.miss < (found ? out.miss : stay) || (found && x.miss == out.miss && x.steps < out.steps)) {
      out = x;
      found = true;
    }
  }
  return found;
}

std::vector<std::vector<Edit>> ownedVariants(const std::vector<Edit>& chosen, const std::vector<Edit>& nearer,
                                             const std::vector<Edit>& further) {
  std::vector<std::vector<Edit>> out;
  if (chosen.empty() || nearer.size() != chosen.size() || further.size() != chosen.size()) return out;
  auto add = [&](std::vector<Edit> e) {
    std::sort(e.begin(), e.end());
    if (std::find(out.begin(), out.end(), e) == out.end()) out.push_back(std::move(e));
  };
  add(chosen);
  for (std::size_t i = 0; i < chosen.size(); ++i) {
    std::vector<Edit> e = chosen;
    e[i] = nearer[i];
    add(e);
  }
  add(nearer);
  add(further);
  return out;
}

bool entityKnob(const std::string& path) { return !knobEntity(path).empty(); }

std::string knobEntity(const std::string& path) {
  const std::size_t dot = path.find('.');
  if (dot == std::string::npos) return {};
  const std::size_t next = path.find('.', dot + 1);
  if (next == std::string::npos || next == dot + 1 || !model::sectionFromString(path.substr(0, dot)).has_value()) return {};
  return path.substr(dot + 1, next - dot - 1);
}

}  // namespace wb::sim
