// Nothing silently wrong, nothing lost, at the command line: values
// an engine reads as an integer are checked at validation (file, --set, sweep
// values); `specialties` parses like every other command; `validate` reports
// the engine's limits; outputs are checked before the first game and the table
// is printed when a file write fails; a failed stdout is a non-zero exit; an
// impact run too large for memory is refused with its limit. The checkpoint
// items are in distributed_entry_test.cpp, Ctrl-C in cancel_rule_test.cpp.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/balance_cli.h"

namespace fs = std::filesystem;
using wb::app::testing::balance;

namespace {

const std::string kCardDice = std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice/card-dice.yaml";
const std::string kElemMaster = std::string(WB_SOURCE_DIR) + "/data/rulesets/elem-master/elem-master.yaml";

std::string readAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// A fresh temporary folder holding a copy of the card-dice ruleset, removed at the end.
class Scratch {
 public:
  explicit Scratch(const std::string& tag) {
    m_dir = fs::temp_directory_path() / ("wb_nothing_lost_" + std::to_string(::getpid()) + "_" + tag);
    fs::remove_all(m_dir);
    fs::create_directories(m_dir);
    fs::copy(fs::path(WB_SOURCE_DIR) / "data/rulesets/card-dice", m_dir / "card-dice");
  }
  ~Scratch() { fs::remove_all(m_dir); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  fs::path operator/(const std::string& f) const { return m_dir / f; }
  fs::path root() const { return m_dir / "card-dice" / "card-dice.yaml"; }

  // Replaces the first `from` after `anchor` in the root file; the 1-based line of the change.
  int replace(const std::string& anchor, const std::string& from, const std::string& to) {
    std::string text = readAll(root());
    const std::size_t a = text.find(anchor);
    const std::size_t at = a == std::string::npos ? a : text.find(from, a);
    EXPECT_NE(at, std::string::npos) << anchor << " / " << from;
    if (at == std::string::npos) return 0;
    text.replace(at, from.size(), to);
    std::ofstream(root(), std::ios::binary | std::ios::trunc) << text;
    return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
  }

 private:
  fs::path m_dir;
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

// A cost of 2^31 or more validated "ok" and played as cost 0.
TEST(NothingLost, ACostAnEngineCannotHoldIsAnErrorAtItsLine) {
  for (const std::string cost : {"2147483648", "99999999999", "1e308"}) {
    Scratch s("cost");
    const int line = s.replace("id: meteor_strike", "cost: 18", "cost: " + cost);
    auto r = balance({"validate", s.root().string()});
    EXPECT_EQ(r.exit, 1) << cost << ": " << r.out;
    EXPECT_TRUE(contains(r.err, s.root().string() + ":" + std::to_string(line) + ":")) << cost << ": " << r.err;
    EXPECT_TRUE(contains(r.err, "'cost' of 'meteor_strike' must be at most 1000000000")) << cost << ": " << r.err;
  }
}

// The same through --set, and an int parameter of 4294967302 (played as 6).
TEST(NothingLost, SetRefusesValuesAnEngineCannotHold) {
  for (const std::string set : {"cards.meteor_strike.cost=2147483648", "cards.meteor_strike.cost=1e308",
                                "parameters.starting_health=4294967302"}) {
    auto r = balance({"run", kCardDice, "--games", "2", "--agents", "random", "--set", set});
    EXPECT_EQ(r.exit, 2) << set << ": " << r.out;
    EXPECT_TRUE(contains(r.err, "--set " + set) || contains(r.err, "a --set value makes the ruleset invalid")) << r.err;
    EXPECT_TRUE(contains(r.err, "1000000000")) << r.err;
  }
}

// `sweep --values -5,0,3000000000` played all three as 0, and took the
// -5 that --set refuses.
TEST(NothingLost, SweepValuesAreHeldToTheSameRules) {
  for (const std::string values : {"-5,0", "0,3000000000"}) {
    auto r = balance({"sweep", kCardDice, "--param", "cards.meteor_strike.cost", "--values", values, "--games", "2",
                      "--agents", "random", "--metric", "first_player"});
    EXPECT_EQ(r.exit, 2) << values << ": " << r.out;
    EXPECT_TRUE(contains(r.err, "cards.meteor_strike.cost = ")) << values << ": " << r.err;
  }
}

// `specialties` parsed its own numbers without bounds: --max-turns
// 4294967297 became one turn, --seed -1 was taken, --threads 999 aborted.
TEST(NothingLost, SpecialtiesParsesLikeEveryOtherCommand) {
  for (const auto& [flag, value, message] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"--max-turns", "4294967297", "--max-turns must be at most 1000000000"},
           {"--seed", "-1", "--seed must be at least 0"},
           {"--threads", "999", "--threads must be at most 256"},
           {"--games", "0", "--games must be at least 1"},
           {"--matrix-games", "-1", "--matrix-games must be at least 0"}}) {
    std::vector<std::string> args = {"specialties", kElemMaster, "--agents", "random", flag, value};
    if (flag != "--games") args.insert(args.end(), {"--games", "1"});
    auto r = balance(args);
    EXPECT_EQ(r.exit, 2) << flag << " " << value << ": " << r.out;
    EXPECT_TRUE(contains(r.err, message)) << flag << ": " << r.err;
  }
  // A folder, as every other command takes it (the smaller list).
  auto r = balance({"specialties", std::string(WB_SOURCE_DIR) + "/data/rulesets/elem-master", "--games", "1",
                    "--agents", "random", "--threads", "1"});
  EXPECT_EQ(r.exit, 0) << r.err;
}

// `validate` said "ok" to what the engine refuses at `run`.
TEST(NothingLost, ValidateReportsTheEngineLimitsAtTheLine) {
  {
    Scratch s("copies");
    const int line = s.replace("id: meteor_strike", "count: 1", "count: 100000");
    auto r = balance({"validate", s.root().string()});
    EXPECT_EQ(r.exit, 1) << r.out;
    EXPECT_TRUE(contains(r.err, s.root().string() + ":" + std::to_string(line) + ":")) << r.err;
    EXPECT_TRUE(contains(r.err, "at most 250 card copies in all")) << r.err;
  }
  {
    Scratch s("distinct");
    std::string extra;
    for (int i = 0; i < 300; ++i)
      extra += "  - {id: extra_" + std::to_string(i) + ", name: Extra, kind: blessing, count: 0, cost: 1}\n";
    s.replace("cards:\n", "cards:\n", "cards:\n" + extra);
    auto r = balance({"validate", s.root().string()});
    EXPECT_EQ(r.exit, 1) << r.out;
    EXPECT_TRUE(contains(r.err, "at most 250 distinct cards")) << r.err;
  }
}

// `impact` allocated its whole experiment first (bad_alloc at 1.6 GB).
TEST(NothingLost, AnImpactRunTooLargeForMemoryIsRefusedWithTheLimit) {
  auto r = balance({"impact", kCardDice, "--games", "30000000", "--agents", "random"});
  EXPECT_EQ(r.exit, 2) << r.out;
  EXPECT_TRUE(contains(r.err, "give at most")) << r.err;
  r = balance({"sweep", kCardDice, "--param", "cards.meteor_strike.cost", "--values", "12,18", "--games",
               "100000000", "--agents", "random"});
  EXPECT_EQ(r.exit, 2) << r.out;
  EXPECT_TRUE(contains(r.err, "games per point")) << r.err;
  // `report --impact-games 1e12` played the whole report before the impact
  // section refused its size: now the size is checked with the arguments.
  const fs::path out = fs::temp_directory_path() / "wb-nothing-lost-impact-report.html";
  fs::remove(out);
  r = balance({"report", kCardDice, "--games", "1000000000", "--agents", "random", "--impact", "all",
               "--impact-games", "1000000000000", "--out", out.string()});
  EXPECT_NE(r.exit, 0) << r.out;
  EXPECT_TRUE(contains(r.err, "--impact-games: an impact run of")) << r.err;
  EXPECT_FALSE(fs::exists(out));
}

// `run --json missing-dir/r.json` played every game, then exited 1
// having printed nothing.
TEST(NothingLost, OutputsAreCheckedBeforeTheFirstGame) {
  const std::string missing = "/no/such/folder/r.json";
  const std::vector<std::vector<std::string>> commands = {
      {"run", kCardDice, "--json", missing},
      {"sweep", kCardDice, "--param", "cards.meteor_strike.cost", "--values", "12,18", "--json", missing},
      {"impact", kCardDice, "--json", missing},
      {"compare", kCardDice, "--vs-set", "cards.meteor_strike.cost=12", "--json", missing},
      {"ladder", kCardDice, "--agents", "random,greedy", "--json", missing},
      {"report", kCardDice, "--out", "/no/such/folder/r.html"},
      // assumptions and tune checked their outputs after the work (found by the probe's re-run).
      {"assumptions", kCardDice, "--json", missing},
      {"tune", kCardDice, "--targets", std::string(WB_SOURCE_DIR) + "/data/tune/card-dice-costs.yaml", "--json", missing},
      {"tune", kCardDice, "--targets", std::string(WB_SOURCE_DIR) + "/data/tune/card-dice-costs.yaml", "--write",
       "/no/such/folder/patched.yaml"},
  };
  for (auto args : commands) {
    // never played: refused first
    if (args[0] == "tune") args.insert(args.end(), {"--budget", "1000000000"});
    else args.insert(args.end(), {"--games", "1000000000"});
    auto r = balance(args);
    EXPECT_EQ(r.exit, 2) << args[0] << ": " << r.out;
    EXPECT_TRUE(contains(r.err, "the folder /no/such/folder does not exist")) << args[0] << ": " << r.err;
  }
}

// The table is printed even when the file cannot be written.
TEST(NothingLost, TheTableIsPrintedWhenTheFileWriteFails) {
  auto r = balance({"run", kCardDice, "--games", "4", "--agents", "random", "--json", "/dev/full"});
  EXPECT_EQ(r.exit, 1);
  EXPECT_TRUE(contains(r.err, "cannot write /dev/full")) << r.err;
  EXPECT_TRUE(contains(r.out, "outcomes:")) << r.out;
}

// `run R > /dev/full` (also dice, show, stdout closed) exited 0.
TEST(NothingLost, AnOutputThatCannotBeWrittenIsANonZeroExit) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"show", kCardDice}, {"dice", "2d6"}, {"run", kCardDice, "--games", "2", "--agents", "random"}}) {
    std::ostream broken(nullptr);  // every write fails, as on a full disk or a closed stdout
    std::ostringstream err;
    wb::app::CommandIo io{broken, err};
    EXPECT_NE(wb::app::runBalance(args, io), 0) << args[0];
    EXPECT_TRUE(contains(err.str(), "cannot write the output")) << args[0] << ": " << err.str();
  }
}

// The smaller cases: each was silently wrong or lost something.
TEST(NothingLost, TheSmallerList) {
  // Repeated options silently took the last.
  auto r = balance({"run", kCardDice, "--games", "10", "--games", "1000000"});
  EXPECT_EQ(r.exit, 2);
  EXPECT_TRUE(contains(r.err, "option --games given twice ('10' and '1000000')")) << r.err;
  // `run --games 10 --replay 10` replayed a game outside the run.
  r = balance({"run", kCardDice, "--games", "10", "--replay", "10"});
  EXPECT_EQ(r.exit, 2);
  EXPECT_TRUE(contains(r.err, "--replay 10 is not a game of this run")) << r.err;
  // `dice --ruleset FOLDER` refused the folder the other commands accept.
  r = balance({"dice", "--ruleset", std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice"});
  EXPECT_EQ(r.exit, 0) << r.err;
  {
    // A second YAML document was ignored.
    Scratch s("second");
    std::ofstream(s.root(), std::ios::app) << "---\nid: another\n";
    r = balance({"validate", s.root().string()});
    EXPECT_EQ(r.exit, 1) << r.out;
    EXPECT_TRUE(contains(r.err, "a second YAML document")) << r.err;
  }
  {
    // A folder without its root file silently took another YAML file as the root.
    Scratch s("rootless");
    fs::remove(s.root());
    r = balance({"validate", (s / "card-dice").string()});
    EXPECT_NE(r.exit, 0);
    EXPECT_TRUE(contains(r.err, "without its root file card-dice.yaml")) << r.err;
  }
}
