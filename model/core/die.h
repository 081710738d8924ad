// A die: faces with a symbol, a numeric value and a weight (relative frequency).
// `faces: [1, 2, 3, 4, 5, 6]` is a d6 whose symbols are "1".."6";
// `faces: [fire, fire, earth, Z]` has symbols with value 0 (unless given);
// `faces: [{symbol: fire, value: 1, weight: 2}, ...]` is the full form.
#pragma once

#include <string>
#include <vector>

#include "model/core/origin.h"

namespace wb::model {

struct DieFace {
  std::string symbol;
  double value = 0;
  double weight = 1;
  friend bool operator==(const DieFace&, const DieFace&) = default;
};

struct Die {
  std::string id;
  std::string name;
  std::vector<DieFace> faces;
  std::string assumed;
  Origin origin;

  double totalWeight() const;
  bool isStandard() const;  // faces 1..n, weight 1 each, value == symbol
  friend bool operator==(const Die&, const Die&) = default;
};

}  // namespace wb::model
