// A pool of dice as the dice lab sees it: terms such as `3d6`, `6d10!4kh3` or
// `4d{fire:2,earth,water,air,Z}`, each one kind of die rolled `count` times
// (optionally exploding on its highest face and keeping the highest / lowest
// k), added or subtracted, plus a constant. Built by the notation parser
// (dice_notation.h) or directly by code (GUI, tests).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace wb::model {
struct Die;
}

namespace wb::sim::dice {

struct Face {
  std::string symbol;
  double value = 0;
  double weight = 1;
};

struct DieSpec {
  std::string id;  // "d6", a ruleset die id, or the inline text "{fire:2,earth}"
  std::vector<Face> faces;

  static DieSpec standard(int sides);                // faces 1..sides
  static DieSpec fromModel(const model::Die& die);   // a ruleset's die
  double totalWeight() const;
  double maxValue() const;
  // Sum of the weights when all are positive integers (exact fractions); else 0.
  std::uint64_t integerTotalWeight() const;
  // Distinct symbols in first-seen order.
  std::vector<std::string> symbols() const;
  // Probability of a face (weight / total).
  double probability(std::size_t face) const { return faces[face].weight / totalWeight(); }
};

enum class Keep { All, Highest, Lowest };

struct PoolTerm {
  DieSpec die;
  int count = 1;
  int sign = 1;          // +1 or -1 (`2d6-1d4`)
  int explodeLimit = 0;  // `!n`: a die showing its highest face is rolled again, at most n times
  Keep keep = Keep::All;
  int keepCount = 0;     // dice kept when keep != All (dh / dl are turned into kl / kh)
  int column = 1;        // 1-based column of the term in the notation text

  int keptCount() const { return keep == Keep::All ? count : keepCount; }
};

struct Pool {
  std::vector<PoolTerm> terms;
  double constant = 0;
  std::string text;  // the notation it came from (for titles)

  int diceCount() const;  // dice rolled (before explosions)
  bool hasKeep() const;
  bool hasExplosion() const;
  // True when every term rolls the same kind of die (same faces).
  bool singleDieKind() const;
};

}  // namespace wb::sim::dice
