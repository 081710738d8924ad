// The tutorial's games are written from the tutorial's text alone: the files
// the tests load are the YAML blocks of data/docs/rules-language-tutorial.md,
// line for line, after their own header comment: tests/data/described/
// lucky_seeds.yaml (which DescribedTutorialGame plays) under "## The whole
// game", and sparks.yaml (played here) under "## A board". Editing one
// without the other fails here.
#include <fstream>
#include <sstream>
#include <string>

#include "tests/rulesets/described/described_fixture.h"
#include "tests/simulation/conformance.h"

namespace wb::rulesets::described::testing {
namespace {

std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The first YAML block after `heading`, and the file without its leading comment lines.
void expectVerbatim(const std::string& heading, const std::string& file) {
  const std::string doc = readText(std::string(WB_SOURCE_DIR) + "/data/docs/rules-language-tutorial.md");
  const std::size_t section = doc.find("\n" + heading + "\n");
  ASSERT_NE(section, std::string::npos) << heading;
  const std::size_t open = doc.find("```yaml\n", section);
  ASSERT_NE(open, std::string::npos);
  const std::size_t close = doc.find("\n```", open + 8);
  ASSERT_NE(close, std::string::npos);
  const std::string block = doc.substr(open + 8, close + 1 - (open + 8));
  std::string text = readText(std::string(WB_SOURCE_DIR) + "/tests/data/described/" + file);
  while (text.rfind("#", 0) == 0) text.erase(0, text.find('\n') + 1);
  EXPECT_EQ(text, block) << file;
}

TEST(DescribedTutorialText, TheTestedGameIsTheTutorialsWholeGameVerbatim) {
  expectVerbatim("## The whole game", "lucky_seeds.yaml");
}

TEST(DescribedTutorialText, TheBoardGameIsTheTutorialsVerbatimAndPlays) {
  expectVerbatim("## A board", "sparks.yaml");
  std::string errors;
  auto game = compile(model::loadRuleset(std::string(WB_SOURCE_DIR) + "/tests/data/described/sparks.yaml", lookup()),
                      &errors);
  ASSERT_TRUE(game) << errors;
  sim::conformance::Options o;
  o.playouts = 60;
  sim::conformance::checkAll(*game, sim::GameSetup{2, {}}, o);
  // Sparks only accumulate on 23 free cells and every turn lights one: no game outlasts 23 turns.
  sim::Rng rng(5);
  for (int g = 0; g < 50; ++g) {
    auto s = game->newGame(2, rng);
    std::vector<sim::Action> legal;
    while (!s->isTerminal()) {
      s->legalActions(legal);
      ASSERT_FALSE(legal.empty());
      ASSERT_TRUE(s->applyAction(legal[static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(legal.size())))], rng));
    }
    EXPECT_LE(s->turnCount(), 23);
    EXPECT_EQ(s->returns()[0] + s->returns()[1], 1.0) << "one pawn walled in, one winner";
  }
}

}  // namespace
}  // namespace wb::rulesets::described::testing
