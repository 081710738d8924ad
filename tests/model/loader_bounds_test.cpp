// The loader's input bounds: only regular
// files of a bounded size, a bounded number of includes, entity counts that
// cannot overflow an engine, and a clear message for YAML nested too deeply.
#include <gtest/gtest.h>

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include <string>

#include "model/validation/ruleset_validator.h"
#include "model/yaml/ruleset_loader.h"

using wb::model::loadRuleset;
using wb::model::loadRulesetFromString;

namespace {

const std::string kHead = "id: x\nname: X\nengine: test\n";

std::string allMessages(const wb::model::LoadResult& r) { return r.diagnostics.format(); }

}  // namespace

// `validate /dev/zero` and `include: [/dev/zero]` read without bound.
TEST(LoaderBounds, DevicesAndPipesAreNotRead) {
  auto r = loadRuleset("/dev/zero");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(allMessages(r).find("/dev/zero: error: cannot open file: not a regular file (a device, pipe or socket)"),
            std::string::npos)
      << allMessages(r);
  r = loadRulesetFromString(kHead + "include: [/dev/zero, /dev/stdin]\n", "/tmp/root.yaml");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(allMessages(r).find("/tmp/root.yaml:4:11: error: cannot open included file '/dev/zero': not a regular file"),
            std::string::npos)
      << allMessages(r);
  EXPECT_NE(allMessages(r).find("'/dev/stdin': not a regular file"), std::string::npos) << allMessages(r);
}

// A 50 MB ruleset peaked at 3.4 GB. Files are bounded in size.
TEST(LoaderBounds, FilesAreBoundedInSize) {
  std::string big = kHead + "description: \"" + std::string(wb::model::kMaxRulesetFileBytes, 'x') + "\"\n";
  auto r = loadRulesetFromString(big, "big.yaml");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(allMessages(r).find("big.yaml: error: cannot open file: too large: "), std::string::npos) << allMessages(r);
  EXPECT_NE(allMessages(r).find("(at most 4194304)"), std::string::npos) << allMessages(r);
}

TEST(LoaderBounds, IncludesAreBoundedInNumber) {
  std::string text = kHead + "include:\n";
  for (std::size_t i = 0; i <= wb::model::kMaxIncludes; ++i) text += "  - part" + std::to_string(i) + ".yaml\n";
  auto r = loadRulesetFromString(text, "/nonexistent/root.yaml");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(allMessages(r).find("too many included files: 257 (at most 256)"), std::string::npos) << allMessages(r);
  EXPECT_EQ(r.diagnostics.size(), 1u) << allMessages(r);  // not 257 "cannot open" errors
}

// Two cards with count 2147483647 wrapped an engine's deck total.
TEST(LoaderBounds, EntityCountsAreBounded) {
  auto r = loadRulesetFromString(kHead + "cards:\n  - {id: a, name: A, count: 2147483647}\n  - {id: b, name: B, count: 100000}\n",
                                 "c.yaml");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(allMessages(r).find("c.yaml:5:29: error: 'count' must be at most 100000, got 2147483647"), std::string::npos)
      << allMessages(r);
  EXPECT_EQ(r.diagnostics.size(), 1u) << allMessages(r);
}

// yaml-cpp's depth guard said "YAML syntax error: bad file".
TEST(LoaderBounds, DeepNestingSaysWhatIsWrong) {
  auto r = loadRulesetFromString(kHead + "cards: " + std::string(600, '[') + std::string(600, ']') + "\n", "deep.yaml");
  EXPECT_FALSE(r.ok());
  EXPECT_NE(allMessages(r).find("deep.yaml:4:"), std::string::npos) << allMessages(r);
  EXPECT_NE(allMessages(r).find("error: YAML nested too deeply: more than 500 levels of lists and maps"),
            std::string::npos)
      << allMessages(r);
}

// 4 MiB of unclosed `[` took 999 MB before yaml-cpp's own
// guard said "nested too deeply". The depth is checked before the tree is built.
TEST(LoaderBounds, DeepFlowNestingIsRefusedBeforeTheTreeIsBuilt) {
  rusage before{};
  ::getrusage(RUSAGE_SELF, &before);
  const std::string text = kHead + "cards: " + std::string((std::size_t{4} << 20) - 64, '[');
  auto r = loadRulesetFromString(text, "deep.yaml");
  rusage after{};
  ::getrusage(RUSAGE_SELF, &after);
  EXPECT_FALSE(r.ok());
  // Line 4 is "cards: [[[...": the 501st `[` is at column 7 + 501.
  EXPECT_NE(allMessages(r).find("deep.yaml:4:508: error: YAML nested too deeply"), std::string::npos) << allMessages(r);
  EXPECT_LT(after.ru_maxrss - before.ru_maxrss, 200L * 1024) << "KiB of peak memory grown by the load";
}

// yaml-cpp 0.7's LoadAll looped for ever, allocating, on a stray ',' after a
// block sequence (found by fuzz_targets; jbeder/yaml-cpp#1040). The
// load runs in a child process with a 20 s alarm, so the old code fails the
// test instead of hanging the suite.
TEST(LoaderBoundsDeathTest, AStrayCommaAfterADocumentIsAnErrorNotAHang) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        ::alarm(20);
        auto r = loadRulesetFromString("# targets\n  - {metric: a, min: 0.4}\n, range: \"1:4:1\"}\n", "comma.yaml");
        auto bare = loadRulesetFromString("  - a\n, b\n", "bare.yaml");
        auto inMap = loadRulesetFromString(kHead + "cards:\n  - a\n,\n", "map.yaml");
        const bool ok = !r.ok() && !bare.ok() && !inMap.ok() &&
                        allMessages(r).find("comma.yaml:3:1: error: unexpected text after the end of the YAML document") !=
                            std::string::npos &&
                        allMessages(bare).find("bare.yaml:2:1: error: unexpected text") != std::string::npos;
        if (!ok) std::fprintf(stderr, "%s%s", allMessages(r).c_str(), allMessages(bare).c_str());
        std::exit(ok ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
  // A real second document keeps its own message.
  auto r = loadRulesetFromString(kHead + "---\nid: y\n", "two.yaml");
  EXPECT_NE(allMessages(r).find("two.yaml:5:1: error: a second YAML document (after '---')"), std::string::npos)
      << allMessages(r);
}
