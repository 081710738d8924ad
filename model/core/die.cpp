#include "model/core/die.h"

#include "model/core/scalar.h"

namespace wb::model {

double Die::totalWeight() const {
  double w = 0;
  for (const auto& f : faces) w += f.weight;
  return w;
}

bool Die::isStandard() const {
  for (std::size_t i = 0; i < faces.size(); ++i) {
    const auto& f = faces[i];
    if (f.weight != 1 || f.value != static_cast<double>(i + 1) || f.symbol != std::to_string(i + 1)) return false;
  }
  return !faces.empty();
}

}  // namespace wb::model
