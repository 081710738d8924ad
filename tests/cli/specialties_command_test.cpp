// `balance specialties`: help, usage errors, and a small deterministic run on
// the shipped Elem Master ruleset (every specialty vs the baseline, round robin).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/balance_cli.h"

namespace {

using wb::app::testing::balance;
using wb::app::testing::CliRun;

const std::string kElemMaster = std::string(WB_SOURCE_DIR) + "/data/rulesets/elem-master/elem-master.yaml";
const std::string kCardDice = std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice/card-dice.yaml";

std::string withoutTiming(const std::string& s) { return s.substr(0, s.find("\nelapsed")); }

}  // namespace

TEST(SpecialtiesCommand, HelpAndUsageErrors) {
  EXPECT_EQ(balance({"specialties", "--help"}).exit, 0);
  EXPECT_EQ(balance({"specialties"}).exit, 2);
  EXPECT_EQ(balance({"specialties", kElemMaster, "--games", "0"}).exit, 2);
  EXPECT_EQ(balance({"specialties", kElemMaster, "--agents", "nobody"}).exit, 2);
  EXPECT_EQ(balance({"specialties", kElemMaster, "--baseline", "mage_nobody", "--games", "1"}).exit, 2);
}

TEST(SpecialtiesCommand, GameWithoutFactionsIsReported) {
  auto r = balance({"specialties", kCardDice, "--games", "1"});
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.err.find("no factions"), std::string::npos);
}

TEST(SpecialtiesCommand, RanksEverySpecialtyAndIsDeterministic) {
  const std::vector<std::string> args = {"specialties", kElemMaster, "--games", "4", "--matrix-games", "1",
                                         "--agents", "random", "--seed", "3"};
  std::vector<std::string> oneThread = args, twoThreads = args;
  oneThread.insert(oneThread.end(), {"--threads", "1"});
  twoThreads.insert(twoThreads.end(), {"--threads", "2"});
  auto a = balance(oneThread);
  auto b = balance(twoThreads);
  ASSERT_EQ(a.exit, 0) << a.err;
  EXPECT_EQ(withoutTiming(a.out), withoutTiming(b.out));
  for (const char* s : {"druid", "necromancer", "metamorph", "round robin", "matrix", "95% CI"})
    EXPECT_NE(a.out.find(s), std::string::npos) << s;
  EXPECT_EQ(a.out.find("  none"), std::string::npos);  // the baseline is not ranked against itself
}

// --json: every tally as a document, the same for any thread count but for
// elapsed_s; `--json -` prints the document instead of the table.
TEST(SpecialtiesCommand, JsonIsTheSameForOneAndTwoThreads) {
  const std::vector<std::string> args = {"specialties", kElemMaster, "--games", "4", "--matrix-games", "1",
                                         "--agents", "random", "--seed", "3", "--json", "-"};
  std::vector<std::string> oneThread = args, twoThreads = args;
  oneThread.insert(oneThread.end(), {"--threads", "1"});
  twoThreads.insert(twoThreads.end(), {"--threads", "2"});
  auto a = balance(oneThread);
  auto b = balance(twoThreads);
  ASSERT_EQ(a.exit, 0) << a.err;
  ASSERT_EQ(b.exit, 0) << b.err;
  auto withoutElapsed = [](std::string s) {
    const auto at = s.find("\"elapsed_s\"");
    return at == std::string::npos ? s : s.substr(0, at);
  };
  EXPECT_EQ(withoutElapsed(a.out), withoutElapsed(b.out));
  EXPECT_EQ(a.out.front(), '{');
  EXPECT_EQ(a.out.find("round robin:"), std::string::npos);  // no table beside the document
  for (const char* key : {"\"vs_baseline\"", "\"round_robin\"", "\"standings\"", "\"pairs\"", "\"mage_druid\"",
                          "\"ci95\"", "\"games_played\": 184"})
    EXPECT_NE(a.out.find(key), std::string::npos) << key;
}
