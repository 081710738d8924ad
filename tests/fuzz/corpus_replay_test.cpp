// Corpus replay: every file of tests/fuzz/corpus/<target> goes
// through the same entry point as the libFuzzer target, in the normal build
// and without libFuzzer, so CI guards every finding kept there for ever. An
// entry aborts on a crash or a broken invariant; this test also bounds the
// time of each input.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_entries.h"

namespace fs = std::filesystem;

namespace {

using Entry = int (*)(const std::uint8_t*, std::size_t);

std::vector<fs::path> corpus(const std::string& target) {
  std::vector<fs::path> files;
  const fs::path dir = fs::path(WB_SOURCE_DIR) / "tests" / "fuzz" / "corpus" / target;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

void replay(const std::string& target, Entry entry, std::size_t atLeast) {
  const auto files = corpus(target);
  EXPECT_GE(files.size(), atLeast) << "the " << target << " corpus lost files";
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto start = std::chrono::steady_clock::now();
    entry(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    // Generous (sanitizer builds are slow); the fuzz runs use -timeout=1 on release-like code.
    EXPECT_LT(seconds, 10.0) << f.filename().string() << " took " << seconds << " s";
  }
}

}  // namespace

TEST(CorpusReplay, Loader) { replay("loader", wb::fuzz::fuzzLoader, 10); }
TEST(CorpusReplay, Expression) { replay("expression", wb::fuzz::fuzzExpression, 10); }
TEST(CorpusReplay, Description) { replay("description", wb::fuzz::fuzzDescription, 4); }
TEST(CorpusReplay, Dice) { replay("dice", wb::fuzz::fuzzDice, 10); }
TEST(CorpusReplay, Checkpoint) { replay("checkpoint", wb::fuzz::fuzzCheckpoint, 4); }
TEST(CorpusReplay, Targets) { replay("targets", wb::fuzz::fuzzTargets, 10); }
TEST(CorpusReplay, Embedded) { replay("embedded", wb::fuzz::fuzzEmbedded, 10); }
#ifdef WB_FUZZ_RESULTS
TEST(CorpusReplay, Results) { replay("results", wb::fuzz::fuzzResults, 5); }
#endif
