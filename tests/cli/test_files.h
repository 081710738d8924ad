// Files for the CLI tests that write rulesets, targets and outputs of their own:
// read a whole file, write one, and a fresh scratch folder per test process.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace wb::app::testing {

inline std::string readAll(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void writeText(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << text;
}

// An empty folder named after the suite (`prefix`), the process and the test
// (`tag`), so tests run in parallel by CTest never share one.
inline std::filesystem::path scratchDir(const std::string& prefix, const std::string& tag) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / (prefix + "_" + std::to_string(::getpid()) + "_" + tag);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

}  // namespace wb::app::testing
