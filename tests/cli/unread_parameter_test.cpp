// `balance validate` warns about a parameter its engine never reads: changing it changes
// nothing. Zoneplex's influence_relic was such a parameter while every influential relic
// stated its own amount; the shipped relics now leave the +1 to it. A copy of the
// folder is edited as text, so the line is the designer's.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/cli/balance_cli.h"

namespace fs = std::filesystem;

namespace {

using wb::app::testing::balance;

std::string readAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(UnreadParameter, TheShippedRulesetsReadEveryParameter) {
  for (const char* game : {"card-dice", "element", "elem-master", "elemenz", "zoneplex"}) {
    auto r = balance({"validate", std::string(WB_SOURCE_DIR) + "/data/rulesets/" + game});
    EXPECT_EQ(r.exit, 0) << game << "\n" << r.err;
    EXPECT_EQ(r.err, "") << game;
  }
}

TEST(UnreadParameter, AParameterEveryRelicOverridesIsAWarningAtItsLine) {
  const fs::path dir = fs::temp_directory_path() / ("wb_unread_parameter_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::copy(fs::path(WB_SOURCE_DIR) / "data/rulesets/zoneplex", dir);
  // The relics as they were: each influential relic states its amount.
  std::string relics = readAll(dir / "relics.yaml");
  for (std::size_t at = relics.find("{op: influence}"); at != std::string::npos; at = relics.find("{op: influence}"))
    relics.replace(at, 15, "{op: influence, amount: 1}");
  std::ofstream(dir / "relics.yaml", std::ios::binary) << relics;
  const std::string root = readAll(dir / "zoneplex.yaml");
  const std::size_t key = root.find("  influence_relic:");
  ASSERT_NE(key, std::string::npos);
  const std::string line = std::to_string(1 + std::count(root.begin(), root.begin() + static_cast<long>(key), '\n'));

  auto r = balance({"validate", (dir / "zoneplex.yaml").string()});
  EXPECT_EQ(r.exit, 0) << "a warning is not an error\n" << r.err;
  EXPECT_NE(r.err.find((dir / "zoneplex.yaml").string() + ":" + line + ":"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("warning: parameter 'influence_relic' is read by no rule of engine 'zoneplex': changing it "
                       "changes nothing"),
            std::string::npos)
      << r.err;
  fs::remove_all(dir);
}

}  // namespace
