// Where a model object came from in the YAML: its own location, the location of
// each of its keys, and the order the keys were written in (so saving keeps the
// designer's key order). Origin compares equal to every other Origin, so the
// defaulted operator== of the model structs compares content only: a model
// loaded, saved and loaded again is == to the first even though lines moved.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/diagnostics.h"

namespace wb::model {

struct Origin {
  SourceLocation loc;                                   // the object (map/sequence item)
  std::map<std::string, SourceLocation, std::less<>> keys;  // each key's value
  std::vector<std::string> keyOrder;                    // keys as written

  // Location of `key`'s value, falling back to the object itself.
  SourceLocation at(std::string_view key) const;

  friend bool operator==(const Origin&, const Origin&) { return true; }
};

}  // namespace wb::model
