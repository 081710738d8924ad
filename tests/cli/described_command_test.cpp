// The command line on games written in the rules language: the same commands
// as for any engine, with scripted players as agents, and every problem of a
// description at its file:line:column with a non-zero exit.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "model/core/atomic_file.h"
#include "tests/cli/balance_cli.h"

namespace wb::app::testing {
namespace {

namespace fs = std::filesystem;

const std::string kPig = std::string(WB_SOURCE_DIR) + "/data/rulesets/pig/pig.yaml";

TEST(DescribedCommand, RunPlaysScriptedPlayersLikeAnyAgent) {
  const CliRun r = balance({"run", kPig, "--games", "200", "--agents", "script:hold_at_20,random", "--seed", "3"});
  EXPECT_EQ(r.exit, 0) << r.err;
  EXPECT_NE(r.out.find("pig (engine described): 200 games"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("script:hold_at_20"), std::string::npos) << r.out;
}

TEST(DescribedCommand, ValidateReportsADescriptionsProblemsAtTheirPlace) {
  const CliRun ok = balance({"validate", kPig});
  EXPECT_EQ(ok.exit, 0) << ok.err;
  // Pig with the hold condition misspelt: every problem at its line and column.
  std::string text;
  ASSERT_TRUE(model::readFile(kPig, text));
  const std::string from = "when: turn_total > 0", to = "when: turn_totl > 0";
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, from.size(), to);
  const fs::path path = fs::temp_directory_path() / ("wb_described_cli_" + std::to_string(::getpid()) + ".yaml");
  ASSERT_TRUE(model::writeFileAtomically(path.string(), text));
  const CliRun bad = balance({"validate", path.string()});
  fs::remove(path);
  EXPECT_NE(bad.exit, 0);
  EXPECT_NE((bad.out + bad.err).find(":15: error: unknown name 'turn_totl' (did you mean 'turn_total'?)"),
            std::string::npos)
      << bad.out << bad.err;
}

TEST(DescribedCommand, AnUnknownAgentNamesTheScriptedPlayers) {
  const CliRun r = balance({"run", kPig, "--games", "10", "--agents", "wizard"});
  EXPECT_NE(r.exit, 0);
  EXPECT_NE(r.err.find("script:NAME"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace wb::app::testing
