#include "model/core/origin.h"

namespace wb::model {

SourceLocation Origin::at(std::string_view key) const {
  auto it = keys.find(key);
  return it != keys.end() ? it->second : loc;
}

}  // namespace wb::model
