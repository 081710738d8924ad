// The tutorial's final game is written from the tutorial's text alone: the
// file the tests load (tests/data/described/lucky_seeds.yaml, which
// DescribedTutorialGame plays) is the YAML block under "## The whole game" of
// data/docs/rules-language-tutorial.md, line for line, after its own header
// comment. Editing one without the other fails here.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

namespace {

std::string readText(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(DescribedTutorialText, TheTestedGameIsTheTutorialsWholeGameVerbatim) {
  const std::string doc = readText(std::string(WB_SOURCE_DIR) + "/data/docs/rules-language-tutorial.md");
  const std::size_t section = doc.find("\n## The whole game");
  ASSERT_NE(section, std::string::npos);
  const std::size_t open = doc.find("```yaml\n", section);
  ASSERT_NE(open, std::string::npos);
  const std::size_t close = doc.find("\n```", open + 8);
  ASSERT_NE(close, std::string::npos);
  const std::string block = doc.substr(open + 8, close + 1 - (open + 8));

  std::string file = readText(std::string(WB_SOURCE_DIR) + "/tests/data/described/lucky_seeds.yaml");
  // The file's own header: its leading comment lines.
  while (file.rfind("#", 0) == 0) file.erase(0, file.find('\n') + 1);
  EXPECT_EQ(file, block);
}

}  // namespace
