// The report's "How robust are these conclusions?" section:
// fed by a skill ladder when `balance report --ladder AGENTS` ran one, else it
// names the command that produces one; the section writer lists the
// conclusions that change with skill and counts those it leaves out.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/report/robustness_section.h"
#include "tests/cli/balance_cli.h"

namespace {

using wb::app::testing::balance;

const std::string kCardDice = std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice/card-dice.yaml";

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

class ReportRobustness : public ::testing::Test {
 protected:
  void SetUp() override {
    m_dir = std::filesystem::temp_directory_path() / ("wb_robustness_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(m_dir);
  }
  void TearDown() override { std::filesystem::remove_all(m_dir); }
  std::string path(const std::string& name) const { return (m_dir / name).string(); }
  std::filesystem::path m_dir;
};

}  // namespace

TEST_F(ReportRobustness, WithoutALadderTheSectionNamesTheCommand) {
  auto r = balance({"report", kCardDice, "--games", "20", "--agents", "random", "--seed", "3", "--set",
                    "parameters.starting_health=4", "--out", path("r.html")});
  ASSERT_EQ(r.exit, 0) << r.err;
  const std::string html = readFile(path("r.html"));
  EXPECT_NE(html.find("<h2>How robust are these conclusions?</h2>"), std::string::npos);
  EXPECT_NE(html.find("balance ladder " + kCardDice + " --agents random,greedy,planner"), std::string::npos);
  EXPECT_EQ(html.find("Skill ladder:"), std::string::npos);
}

TEST_F(ReportRobustness, ALadderFeedsTheSection) {
  auto r = balance({"report", kCardDice, "--games", "20", "--agents", "random", "--seed", "3", "--set",
                    "parameters.starting_health=4", "--ladder", "random,greedy", "--ladder-games", "16", "--out",
                    path("r.html")});
  ASSERT_EQ(r.exit, 0) << r.err;
  const std::string html = readFile(path("r.html"));
  const auto at = html.find("<h2>How robust are these conclusions?</h2>");
  ASSERT_NE(at, std::string::npos);
  const std::string section = html.substr(at, html.find("<h2>", at + 4) - at);
  EXPECT_NE(section.find("Skill ladder: 16 games per pairing"), std::string::npos) << section;
  EXPECT_NE(section.find("<td>random</td>"), std::string::npos);
  EXPECT_NE(section.find("<td>greedy</td>"), std::string::npos);
  // Either some conclusions change with skill (listed) or none does (said so).
  EXPECT_TRUE(section.find("change with the players' skill") != std::string::npos ||
              section.find("None of the headline conclusions changes") != std::string::npos)
      << section;
}

TEST_F(ReportRobustness, LadderUsageErrors) {
  EXPECT_EQ(balance({"report", kCardDice, "--out", path("r.html"), "--ladder", "random"}).exit, 2);
  EXPECT_EQ(balance({"report", kCardDice, "--out", path("r.html"), "--ladder", "random,nope"}).exit, 2);
  EXPECT_EQ(balance({"report", kCardDice, "--out", path("r.html"), "--ladder", "random,greedy", "--ladder-games", "0"})
                .exit,
            2);
  EXPECT_FALSE(std::filesystem::exists(path("r.html")));
}

TEST(RobustnessSection, ListsTheChangesAndCountsTheRest) {
  wb::sim::LadderResult r;
  r.agents = {"random", "greedy"};
  r.config.run.games = 400;
  r.config.run.seed = 1;
  r.ratings = {wb::sim::Rating{}, wb::sim::Rating{}};
  r.ratings[1].elo = 986;
  r.ratings[1].se = 123;
  r.rungs = {0, 1};
  for (int k = 0; k < wb::app::kRobustnessChangesListed + 3; ++k) {
    wb::sim::ConclusionChange c;
    c.from = 0;
    c.to = 1;
    c.id = "entity:e" + std::to_string(k);
    c.label = "entity e" + std::to_string(k);
    c.kind = "reversed";
    c.before = "won less";
    c.after = "won more";
    r.changes.push_back(c);
  }
  std::ostringstream h;
  wb::app::writeRobustnessSection(h, r, "game.yaml");
  const std::string s = h.str();
  EXPECT_NE(s.find("<td>2</td><td>greedy</td><td>986</td><td>123</td>"), std::string::npos) << s;
  EXPECT_NE(s.find(std::to_string(wb::app::kRobustnessChangesListed + 3) + " conclusions change"), std::string::npos);
  EXPECT_NE(s.find("entity e0 [reversed]: won less &rarr; won more"), std::string::npos) << s;
  EXPECT_EQ(s.find("entity e" + std::to_string(wb::app::kRobustnessChangesListed) + " "), std::string::npos);
  EXPECT_NE(s.find("... and 3 more"), std::string::npos);

  wb::sim::LadderResult none = r;
  none.changes.clear();
  std::ostringstream h2;
  wb::app::writeRobustnessSection(h2, none, "game.yaml");
  EXPECT_NE(h2.str().find("None of the headline conclusions changes"), std::string::npos);
}
