// Never overwrite what the user did not name: an output that is an input (any
// file of the ruleset, its includes, the targets file) or two outputs on one
// file are refused before any game, exit 2, compared by real path (`./`,
// `..` and symlinks count); `tune --write` replaces no file beside it that it
// was not given, and prints every file it writes.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/balance_cli.h"
#include "tests/cli/test_files.h"

namespace fs = std::filesystem;
using wb::app::testing::balance;
using wb::app::testing::readAll;
using wb::app::testing::writeText;

namespace {

const fs::path kSource = fs::path(WB_SOURCE_DIR);

fs::path scratch(const std::string& tag) { return wb::app::testing::scratchDir("wb_outputs_apart", tag); }

// element.yaml with its tiles moved to an included tiles.yaml (a two-file ruleset).
void writeTwoFileElement(const fs::path& dir) {
  const std::string text = readAll(kSource / "data/rulesets/element/element.yaml");
  const std::size_t tiles = text.find("\ntiles:\n");
  ASSERT_NE(tiles, std::string::npos);
  std::string root = text.substr(0, tiles + 1);
  const std::size_t at = root.find("players: {min: 2, max: 2}\n");
  ASSERT_NE(at, std::string::npos);
  root.insert(at + std::string("players: {min: 2, max: 2}\n").size(), "include: [tiles.yaml]\n");
  writeText(dir / "element.yaml", root);
  writeText(dir / "tiles.yaml", "# the stones\n" + text.substr(tiles + 1));
}

const std::string kTargets = (kSource / "tests/data/cli/tune/element-length.yaml").string();

std::vector<std::string> fastTune(std::vector<std::string> args) {
  for (const char* a : {"--agents", "random", "--verify-agents", "random", "--budget", "3000", "--verify-games", "600",
                        "--seed", "3", "--threads", "2"})
    args.push_back(a);
  return args;
}

}  // namespace

TEST(OutputsApart, AnOutputThatIsAnInputIsRefusedBeforeAnyGame) {
  const fs::path dir = scratch("input");
  fs::copy(kSource / "data/rulesets/element/element.yaml", dir / "element.yaml");
  const std::string rules = (dir / "element.yaml").string();
  const std::string before = readAll(rules);
  fs::create_symlink(dir / "element.yaml", dir / "link.json");
  const std::string dotted = (dir / "." / "element.yaml").string();
  const std::string viaLink = (dir / "link.json").string();
  const std::vector<std::vector<std::string>> commands = {
      {"run", rules, "--games", "4", "--json", rules},
      {"run", rules, "--games", "4", "--json", dotted},
      {"run", rules, "--games", "4", "--json", viaLink},
      {"tune", rules, "--targets", kTargets, "--json", rules},
      {"tune", rules, "--targets", kTargets, "--write", rules},
      {"assumptions", rules, "--games", "4", "--json", viaLink},
      {"impact", rules, "--games", "4", "--json", rules},
      {"compare", kSource.string() + "/data/rulesets/element/element.yaml", rules, "--games", "4", "--json", rules},
      {"sweep", rules, "--param", "parameters.dice_per_turn", "--values", "3,4", "--games", "4", "--json", rules},
      {"ladder", rules, "--agents", "random,greedy", "--games", "2", "--json", rules},
      {"report", rules, "--games", "4", "--out", viaLink},
      {"dice", "--ruleset", rules, "--json", rules},
  };
  for (const auto& args : commands) {
    auto r = balance(args);
    EXPECT_EQ(r.exit, 2) << args[0] << " " << args.back() << "\n" << r.err;
    EXPECT_NE(r.err.find("is the ruleset"), std::string::npos) << args[0] << "\n" << r.err;
    EXPECT_NE(r.err.find("an input of this command"), std::string::npos) << r.err;
    EXPECT_EQ(readAll(rules), before) << args[0] << " " << args.back();
  }
  // The targets file is an input too.
  const fs::path targets = dir / "targets.yaml";
  fs::copy(kTargets, targets);
  auto t = balance({"tune", rules, "--targets", targets.string(), "--json", targets.string()});
  EXPECT_EQ(t.exit, 2) << t.err;
  EXPECT_NE(t.err.find("is the targets file"), std::string::npos) << t.err;
  EXPECT_EQ(readAll(targets), readAll(kTargets));
  fs::remove_all(dir);
}

TEST(OutputsApart, TwoOutputsOnOneFileAreRefused) {
  const fs::path dir = scratch("two");
  const std::string out = (dir / "out").string();
  auto r = balance({"tune", (kSource / "data/rulesets/element/element.yaml").string(), "--targets", kTargets, "--write",
                    out, "--json", (dir / "." / "out").string()});
  EXPECT_EQ(r.exit, 2) << r.err;
  EXPECT_NE(r.err.find("are one file"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(out));
  fs::remove_all(dir);
}

TEST(OutputsApart, TuneWriteReplacesNoIncludedFileItWasNotGiven) {
  const fs::path dir = scratch("write");
  fs::create_directories(dir / "rules");
  writeTwoFileElement(dir / "rules");
  const std::string rules = (dir / "rules" / "element.yaml").string();
  ASSERT_EQ(balance({"validate", rules}).exit, 0) << balance({"validate", rules}).err;

  // Beside the ruleset itself: the include written would be the ruleset's own.
  auto beside = balance(fastTune({"tune", rules, "--targets", kTargets, "--write", (dir / "rules" / "new.yaml").string()}));
  EXPECT_EQ(beside.exit, 2) << beside.err;
  EXPECT_NE(beside.err.find("tiles.yaml"), std::string::npos) << beside.err;
  EXPECT_FALSE(fs::exists(dir / "rules" / "new.yaml"));

  // A folder holding the user's own tiles.yaml: refused, listed, kept.
  fs::create_directories(dir / "theirs");
  writeText(dir / "theirs" / "tiles.yaml", "# my own tiles, not element's\n");
  auto theirs = balance(fastTune({"tune", rules, "--targets", kTargets, "--write", (dir / "theirs" / "new.yaml").string()}));
  EXPECT_EQ(theirs.exit, 2) << theirs.err;
  EXPECT_NE(theirs.err.find("would also replace " + (dir / "theirs" / "tiles.yaml").generic_string()), std::string::npos)
      << theirs.err;
  EXPECT_EQ(readAll(dir / "theirs" / "tiles.yaml"), "# my own tiles, not element's\n");
  EXPECT_FALSE(fs::exists(dir / "theirs" / "new.yaml"));

  // A new folder: both files written, and both named.
  fs::create_directories(dir / "out");
  const std::string out = (dir / "out" / "new.yaml").string();
  auto ok = balance(fastTune({"tune", rules, "--targets", kTargets, "--write", out}));
  ASSERT_EQ(ok.exit, 0) << ok.err;
  EXPECT_NE(ok.err.find("wrote "), std::string::npos) << ok.err;
  EXPECT_NE(ok.err.find(out), std::string::npos) << ok.err;
  EXPECT_NE(ok.err.find((dir / "out" / "tiles.yaml").generic_string()), std::string::npos) << ok.err;
  EXPECT_EQ(readAll(dir / "out" / "tiles.yaml"), readAll(dir / "rules" / "tiles.yaml"));
  EXPECT_NE(readAll(out).find("dice_per_turn: {type: int, default: 3"), std::string::npos);
  fs::remove_all(dir);
}
