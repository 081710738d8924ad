// wb_bench's shared helper: where the source tree (and so data/rulesets) is.
#pragma once

#include <string>

namespace wb::bench {

// The source tree: WB_SOURCE_DIR if the build defines it, else from this file's path.
inline std::string sourceDir() {
#ifdef WB_SOURCE_DIR
  return WB_SOURCE_DIR;
#else
  std::string file = __FILE__;
  const auto at = file.rfind("tests/bench/");
  return at == std::string::npos ? std::string(".") : file.substr(0, at);
#endif
}

}  // namespace wb::bench
