// Answers that would be wrong with exit 0 are refused or said: compare with
// two different default seat counts, validate of the tuning sections tune
// reads, impact's entity list (a repeat, an empty list, a near miss), an
// output through a dangling link checked before the run, a checkpoint that
// names the input that changed, and one name per faction in every command.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/distributed_entry.h"
#include "tests/cli/balance_cli.h"
#include "tests/cli/test_files.h"

namespace fs = std::filesystem;
using wb::app::testing::balance;
using wb::app::testing::readAll;
using wb::app::testing::writeText;

namespace {

const fs::path kSource = fs::path(WB_SOURCE_DIR);
const std::string kElement = (kSource / "data/rulesets/element/element.yaml").string();
const std::string kElemMaster = (kSource / "data/rulesets/elem-master/elem-master.yaml").string();
const std::string kTargets = (kSource / "tests/data/cli/tune/element-length.yaml").string();

fs::path scratch(const std::string& tag) { return wb::app::testing::scratchDir("wb_meaning", tag); }

}  // namespace

TEST(MeaningChecks, CompareRefusesTwoDefaultSeatCountsAndListsTheChange) {
  const fs::path dir = scratch("compare");
  const std::string elemenz = (kSource / "data/rulesets/elemenz/elemenz.yaml").string();
  // Two copies of elemenz that differ only in players.default.
  fs::copy(kSource / "data/rulesets/elemenz", dir / "a");
  fs::copy(kSource / "data/rulesets/elemenz", dir / "b");
  std::string text = readAll(dir / "b" / "elemenz.yaml");
  const auto at = text.find("players:");
  ASSERT_NE(at, std::string::npos);
  const auto end = text.find('\n', at);
  const std::string line = text.substr(at, end - at);
  std::string changed = line;
  if (changed.find("default:") == std::string::npos) {
    changed.insert(changed.rfind('}'), ", default: 4");
  } else {
    const auto d = changed.find("default:");
    changed.replace(d, changed.find_first_of(",}", d) - d, "default: 4");
  }
  text.replace(at, line.size(), changed);
  writeText(dir / "b" / "elemenz.yaml", text);
  const std::string a = (dir / "a" / "elemenz.yaml").string(), b = (dir / "b" / "elemenz.yaml").string();
  auto r = balance({"compare", a, b, "--games", "2", "--agents", "random"});
  if (readAll(a).find("default: 4") == std::string::npos) {
    EXPECT_EQ(r.exit, 2) << r.err << r.out;
    EXPECT_NE(r.err.find("players by default and B 4 (players.default)"), std::string::npos) << r.err;
  }
  auto given = balance({"compare", a, b, "--games", "2", "--agents", "random", "--players", "4", "--threads", "1"});
  ASSERT_EQ(given.exit, 0) << given.err;
  EXPECT_NE(given.out.find("players.default"), std::string::npos) << given.out;
  fs::remove_all(dir);
}

TEST(MeaningChecks, ValidateChecksTheTuningSectionsTuneReads) {
  const fs::path dir = scratch("validate");
  struct Case {
    std::string name, yaml, message;
  };
  const std::vector<Case> cases = {
      {"metric", "targets:\n  - {metric: lenght, min: 45}\n", "unknown metric 'lenght' (did you mean 'length'?)"},
      {"knob", "targets:\n  - {metric: length, min: 45}\nknobs:\n  - {path: parameters.nope, values: [1, 2]}\n",
       "knob 'parameters.nope' matches no value"},
      {"min-max", "targets:\n  - {metric: length, min: 60, max: 45}\n", "min 60 > max 45"},
      {"seat", "targets:\n  - {metric: \"seat:5\", min: 0.4}\n", "the game has no seat 5"},
      {"everything", "targets:\n  - {metric: length, min: 45}\nknobs: \"everything\"\n", "knobs"},
  };
  for (const Case& c : cases) {
    const fs::path file = dir / (c.name + ".yaml");
    writeText(file, readAll(kElement) + "\n" + c.yaml);
    auto v = balance({"validate", file.string()});
    EXPECT_EQ(v.exit, 1) << c.name << "\n" << v.err << v.out;
    EXPECT_NE(v.err.find(c.message), std::string::npos) << c.name << "\n" << v.err;
    EXPECT_NE(v.err.find(file.string() + ":"), std::string::npos) << c.name << "\n" << v.err;
  }
  // Sound sections pass.
  const fs::path good = dir / "good.yaml";
  writeText(good, readAll(kElement) + "\n" + readAll(kTargets));
  auto ok = balance({"validate", good.string()});
  EXPECT_EQ(ok.exit, 0) << ok.err;
  fs::remove_all(dir);
}

TEST(MeaningChecks, ImpactEntitiesAreNamedOnceAndNotEmpty) {
  auto twice = balance({"impact", kElement, "--entities", "fire,fire", "--games", "2"});
  EXPECT_EQ(twice.exit, 2) << twice.err;
  EXPECT_NE(twice.err.find("'fire' is given twice"), std::string::npos) << twice.err;
  auto empty = balance({"impact", kElement, "--entities", "", "--games", "2"});
  EXPECT_EQ(empty.exit, 2) << empty.err;
  EXPECT_NE(empty.err.find("--entities: an empty list"), std::string::npos) << empty.err;
  EXPECT_EQ(empty.err.find("the engine lists none"), std::string::npos) << empty.err;
  auto near = balance({"impact", kElement, "--entities", "fier", "--games", "2"});
  EXPECT_EQ(near.exit, 2);
  EXPECT_NE(near.err.find("unknown entity 'fier' (did you mean 'fire'?)"), std::string::npos) << near.err;
}

TEST(MeaningChecks, AnOutputThroughADanglingLinkIsCheckedBeforeTheRun) {
  const fs::path dir = scratch("dangling");
  fs::create_symlink(dir / "no-such-folder" / "out.json", dir / "link.json");
  auto r = balance({"run", kElement, "--games", "2", "--json", (dir / "link.json").string()});
  EXPECT_EQ(r.exit, 2) << r.err;
  EXPECT_NE(r.err.find("does not exist"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("games"), std::string::npos) << r.out;  // nothing was played
  auto t = balance({"tune", kElement, "--targets", kTargets, "--write", (dir / "link.json").string()});
  EXPECT_EQ(t.exit, 2) << t.err;
  EXPECT_NE(t.err.find("a link to"), std::string::npos) << t.err;
  fs::remove_all(dir);
}

TEST(MeaningChecks, ACheckpointNamesTheInputThatChanged) {
  const fs::path dir = scratch("checkpoint");
  const fs::path targets = dir / "t.yaml";
  writeText(targets, readAll(kTargets));
  const std::vector<std::string> args = {"tune", kElement, "--targets", targets.string(), "--agents", "random",
                                         "--verify-agents", "random", "--budget", "3000", "--verify-games", "200",
                                         "--threads", "2", "--checkpoint", (dir / "ck").string()};
  std::ostringstream out, err;
  wb::app::CommandIo io{out, err};
  ASSERT_EQ(wb::app::runBalanceProcess(args, io), 0) << err.str();
  writeText(targets, readAll(kTargets) + "  - {path: parameters.fortress_size, values: [3, 4]}\n");
  std::ostringstream out2, err2;
  wb::app::CommandIo io2{out2, err2};
  EXPECT_NE(wb::app::runBalanceProcess(args, io2), 0);
  EXPECT_NE(err2.str().find("the file " + targets.string() + " (--targets) changed since the checkpoint"),
            std::string::npos)
      << err2.str();
  EXPECT_EQ(err2.str().find("the ruleset changed"), std::string::npos) << err2.str();
  fs::remove_all(dir);
}

TEST(MeaningChecks, OneNamePerFactionInEveryCommand) {
  auto s = balance({"specialties", kElemMaster, "--games", "2", "--matrix-games", "1", "--agents", "random",
                    "--threads", "1"});
  ASSERT_EQ(s.exit, 0) << s.err;
  EXPECT_NE(s.out.find("mage_alchemist"), std::string::npos) << s.out;
  // The name specialties prints is the one tune takes, and a short one is suggested.
  const fs::path dir = scratch("faction");
  writeText(dir / "t.yaml", "targets:\n  - {metric: \"faction:alchemist\", min: 0.4, max: 0.6}\n");
  auto t = balance({"tune", kElemMaster, "--targets", (dir / "t.yaml").string(), "--players", "2"});
  EXPECT_EQ(t.exit, 1) << t.err;
  EXPECT_NE(t.err.find("the game has no faction 'alchemist' (did you mean 'mage_alchemist'?)"), std::string::npos)
      << t.err;
  fs::remove_all(dir);
}

TEST(MeaningChecks, ATuneNamesTheKnobsItNeverTried) {
  std::vector<std::string> args = {"tune", kElement, "--targets", kTargets, "--strategy", "random", "--agents", "random",
                                   "--verify-agents", "random", "--verify-games", "200", "--threads", "2", "--budget"};
  // The least budget the command states: the starting ruleset's measurement only.
  auto low = balance([&] { auto a = args; a.push_back("1"); return a; }());
  ASSERT_EQ(low.exit, 2) << low.err;
  const std::string key = "need: ";
  const auto at = low.err.find(key);
  ASSERT_NE(at, std::string::npos) << low.err;
  const std::string least = low.err.substr(at + key.size(), low.err.find(' ', at + key.size()) - at - key.size());
  args.push_back(least);
  auto r = balance(args);
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_NE(r.out.find("edits: none"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("not tried: 2 of 2 knobs were never moved on the search's games"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("parameters.dice_per_turn"), std::string::npos) << r.out;
}
