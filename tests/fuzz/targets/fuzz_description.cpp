// libFuzzer target: fuzzDescription (tests/fuzz/fuzz_entries.h). Built with
// -DWB_BUILD_FUZZERS=ON (clang); see tests/fuzz/README.md.
#include <cstddef>
#include <cstdint>

#include "tests/fuzz/fuzz_entries.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return wb::fuzz::runWithCpuLimit(wb::fuzz::fuzzDescription, data, size);
}
