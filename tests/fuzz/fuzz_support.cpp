// What every fuzz entry shares (see fuzz_entries.h): the failure report and
// the CPU bound per input. Apart from the entries so that a target that needs
// only the simulation layer (fuzz_checkpoint) links nothing more.
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "tests/fuzz/fuzz_entries.h"

namespace wb::fuzz {

void fuzzFailure(const char* what) {
  std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
  std::abort();
}

namespace {

double processCpuSeconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

double g_slowestCpuSeconds = 0.0;

void printSlowest() { std::fprintf(stderr, "slowest input: %.3f s of CPU\n", g_slowestCpuSeconds); }

}  // namespace

int runWithCpuLimit(int (*entry)(const std::uint8_t*, std::size_t), const std::uint8_t* data, std::size_t size) {
  static const bool registered = std::atexit(printSlowest) == 0;
  (void)registered;
  const double start = processCpuSeconds();
  const int result = entry(data, size);
  const double used = processCpuSeconds() - start;
  if (used > g_slowestCpuSeconds) g_slowestCpuSeconds = used;
  if (used > kFuzzCpuSecondsLimit) {
    std::fprintf(stderr, "this input took %.3f s of CPU\n", used);
    fuzzFailure("an input took more than kFuzzCpuSecondsLimit of CPU");
  }
  return result;
}

}  // namespace wb::fuzz
