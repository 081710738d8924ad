// Hardening at the command line: one exit code for a missing
// ruleset file in every command, numbers that never wrap, a bounded thread count.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "tests/cli/balance_cli.h"

using wb::app::testing::balance;

namespace {
const std::string kMissing = "/no/such/ruleset.yaml";
const std::string kCardDice = std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice/card-dice.yaml";
}  // namespace

// `validate` said 1 and `run` 2 for the same missing file.
// Now every command reports it as the loader does (`FILE: error: cannot open
// file: ...`) and exits 1 (app/cli/command.h).
TEST(HardeningCli, MissingFileExitsOneInEveryCommand) {
  const std::vector<std::vector<std::string>> commands = {
      {"validate", kMissing},
      {"show", kMissing},
      {"run", kMissing, "--games", "1"},
      {"sweep", kMissing, "--param", "parameters.x", "--values", "1,2"},
      {"compare", kMissing, "--vs-set", "parameters.x=1"},
      {"report", kMissing, "--out", "/tmp/wb-never-written.html"},
      {"dice", "--ruleset", kMissing},
  };
  for (const auto& args : commands) {
    auto r = balance(args);
    EXPECT_EQ(r.exit, 1) << args[0] << ": " << r.err;
    EXPECT_NE(r.err.find(kMissing + ": error: cannot open file"), std::string::npos) << args[0] << ": " << r.err;
  }
}

// `--players 4294967300` played 4 players, `--max-turns
// 4294967297` a 1-turn cap. Every shared run option is range-checked (exit 2).
TEST(HardeningCli, NumbersOutOfRangeAreUsageErrorsInEveryRunCommand) {
  for (const std::string cmd : {"run", "sweep", "compare"}) {
    std::vector<std::string> base = {cmd, kCardDice};
    if (cmd == "sweep") base.insert(base.end(), {"--param", "parameters.starting_health", "--values", "90,100"});
    if (cmd == "compare") base.insert(base.end(), {"--vs-set", "parameters.starting_health=90"});
    for (const auto& [flag, value, message] : std::vector<std::tuple<std::string, std::string, std::string>>{
             {"--players", "4294967300", "--players must be at most 1000000, got 4294967300"},
             {"--max-turns", "4294967297", "--max-turns must be at most 1000000000"},
             {"--threads", "100000", "--threads must be at most 256, got 100000"}}) {
      auto args = base;
      args.insert(args.end(), {flag, value, "--games", "100000"});
      auto r = balance(args);
      EXPECT_EQ(r.exit, 2) << cmd << " " << flag << ": " << r.err;
      EXPECT_NE(r.err.find(message), std::string::npos) << cmd << " " << flag << ": " << r.err;
    }
  }
}
