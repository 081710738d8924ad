// `balance impact` words a restricted-play lift over pairs none of which
// differed as the window and the report do: the entity was never played (no
// game changed), not a measured "0.0 [0.0, 0.0] p = 1.00".
#include <gtest/gtest.h>

#include <string>

#include "tests/cli/balance_cli.h"

namespace wb::app::testing {
namespace {

TEST(ImpactWords, AnEntityThatChangedNoGameReadsNeverPlayed) {
  // A trinket that may be pocketed and does nothing: restricting it changes no game.
  const CliRun r = balance({"impact", WB_SOURCE_DIR "/tests/data/described/idle_trinket.yaml", "--games", "40",
                            "--seed", "1", "--agents", "random", "--threads", "1"});
  ASSERT_EQ(r.exit, 0) << r.err;
  const auto row = r.out.find("\ntrinket ");
  ASSERT_NE(row, std::string::npos) << r.out;
  const std::string line = r.out.substr(row + 1, r.out.find('\n', row + 1) - row - 1);
  EXPECT_NE(line.find("never played (no game changed)"), std::string::npos) << line;
  EXPECT_EQ(line.find("0.0 [0.0, 0.0]"), std::string::npos) << line;
}

}  // namespace
}  // namespace wb::app::testing
