// One rule for Ctrl-C in every long command
// (app/cli/interrupt_scope.h): exit 130, "cancelled" on stderr, the partial
// table printed, a partial --json result only in a new file (an existing one
// is kept), and every long phase cancellable (specialties and report --ladder
// had no handler at all; run, sweep, impact, compare and ladder exited 0 and
// replaced the old JSON). And a ladder cancelled while the agents play
// alone printed conclusions it never reached (exit 139).
//
// The commands run in this process while a thread sends SIGINT every 20 ms
// until they return: the first one after the command's handler is installed
// cancels it (the test's own handler ignores the ones before), so the tests
// do not depend on timing. Every command is given a billion games: only a
// cancel ends it.
#include <gtest/gtest.h>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/cli/balance_cli.h"

namespace fs = std::filesystem;
using wb::app::testing::balance;
using wb::app::testing::CliRun;

namespace {

const std::string kCardDice = std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice/card-dice.yaml";
const std::string kElemMaster = std::string(WB_SOURCE_DIR) + "/data/rulesets/elem-master/elem-master.yaml";
const std::string kElement = std::string(WB_SOURCE_DIR) + "/data/rulesets/element/element.yaml";
const std::string kCostTargets = std::string(WB_SOURCE_DIR) + "/data/tune/card-dice-costs.yaml";
const std::string kBillion = "1000000000";

extern "C" void ignoreSignal(int) {}

// Runs `balance ARGS` while SIGINT arrives every 20 ms (after `delayMs`).
CliRun interrupted(const std::vector<std::string>& args, int delayMs = 0) {
  auto previous = std::signal(SIGINT, ignoreSignal);
  std::atomic<bool> done{false};
  std::thread sender([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
    while (!done.load()) {
      std::raise(SIGINT);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  CliRun r = balance(args);
  done.store(true);
  sender.join();
  std::signal(SIGINT, previous);
  return r;
}

std::string readAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path tempFile(const std::string& name) {
  return fs::temp_directory_path() / ("wb_cancel_" + std::to_string(::getpid()) + "_" + name);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST(CancelRule, EveryLongCommandExits130AndSaysCancelled) {
  const std::vector<std::vector<std::string>> commands = {
      {"run", kCardDice, "--agents", "random", "--games", kBillion},
      {"sweep", kCardDice, "--param", "cards.meteor_strike.cost", "--values", "12,18", "--metric", "first_player",
       "--agents", "random", "--games", kBillion},
      {"impact", kCardDice, "--entities", "meteor_strike", "--agents", "random", "--games", "100000"},
      {"compare", kCardDice, "--vs-set", "cards.meteor_strike.cost=12", "--agents", "random", "--games", kBillion},
      {"ladder", kCardDice, "--agents", "random,greedy", "--games", kBillion},
      {"specialties", kElemMaster, "--agents", "random", "--games", kBillion, "--threads", "2"},
      {"report", kCardDice, "--out", tempFile("never.html").string(), "--agents", "random", "--games", kBillion},
      // assumptions exited 0 on Ctrl-C and tune said only "interrupted" (found by the probe's re-run).
      {"assumptions", kElement, "--agents", "random", "--games", kBillion},
      {"tune", kCardDice, "--targets", kCostTargets, "--agents", "random", "--verify-agents", "random", "--budget",
       kBillion},
  };
  for (const auto& args : commands) {
    CliRun r = interrupted(args);
    EXPECT_EQ(r.exit, 130) << args[0] << ": " << r.err;
    EXPECT_TRUE(contains(r.err, "cancelled")) << args[0] << ": " << r.err;
  }
  EXPECT_FALSE(fs::exists(tempFile("never.html"))) << "a cancelled report writes nothing";
}

TEST(CancelRule, ThePartialTableIsPrintedMarkedCancelled) {
  CliRun r = interrupted({"run", kCardDice, "--agents", "random", "--games", kBillion});
  EXPECT_EQ(r.exit, 130);
  EXPECT_TRUE(contains(r.out, "[CANCELLED: partial results]")) << r.out;
  r = interrupted({"specialties", kElemMaster, "--agents", "random", "--games", kBillion, "--threads", "2"});
  EXPECT_EQ(r.exit, 130);
  EXPECT_TRUE(contains(r.out, "[CANCELLED: partial results]")) << r.out;
}

// Cancelled while the agents play alone (the head-to-head games are
// short, the own runs a billion games), the ladder prints its partial table.
TEST(CancelRule, ALadderCancelledWhileTheAgentsPlayAlonePrintsItsPartialTable) {
  CliRun r = interrupted({"ladder", kCardDice, "--agents", "random,greedy", "--games", "2", "--self-games", kBillion,
                          "--max-turns", "30"},
                         300);
  EXPECT_EQ(r.exit, 130) << r.err;
  EXPECT_TRUE(contains(r.out, "CANCELLED")) << r.out;
}

TEST(CancelRule, APartialJsonNeverReplacesAnExistingFile) {
  const fs::path kept = tempFile("kept.json");
  std::ofstream(kept) << "{\"the\": \"finished result of yesterday\"}\n";
  for (const std::string cmd : {"run", "sweep", "compare", "ladder", "assumptions", "tune"}) {
    std::vector<std::string> args = {cmd, cmd == "assumptions" ? kElement : kCardDice, "--json", kept.string()};
    if (cmd == "tune") args.insert(args.end(), {"--targets", kCostTargets, "--verify-agents", "random", "--budget", kBillion});
    else args.insert(args.end(), {"--games", kBillion});
    if (cmd == "sweep") args.insert(args.end(), {"--param", "cards.meteor_strike.cost", "--values", "12,18", "--metric", "first_player"});
    if (cmd == "compare") args.insert(args.end(), {"--vs-set", "cards.meteor_strike.cost=12"});
    args.insert(args.end(), {"--agents", cmd == "ladder" ? "random,greedy" : "random"});
    CliRun r = interrupted(args);
    EXPECT_EQ(r.exit, 130) << cmd << ": " << r.err;
    EXPECT_EQ(readAll(kept), "{\"the\": \"finished result of yesterday\"}\n") << cmd;
    EXPECT_TRUE(contains(r.err, "kept " + kept.string())) << cmd << ": " << r.err;
  }
  fs::remove(kept);
  // A new file takes the partial result, marked as such.
  const fs::path fresh = tempFile("fresh.json");
  fs::remove(fresh);
  CliRun r = interrupted({"run", kCardDice, "--agents", "random", "--games", kBillion, "--json", fresh.string()});
  EXPECT_EQ(r.exit, 130);
  EXPECT_TRUE(contains(readAll(fresh), "\"cancelled\": true")) << readAll(fresh);
  fs::remove(fresh);
}

// report --ladder had no handler: Ctrl-C during the ladder was ignored. The
// report's own games are few, so the SIGINT (after 300 ms) reaches the ladder.
TEST(CancelRule, ReportLadderIsCancellable) {
  const fs::path out = tempFile("ladder.html");
  fs::remove(out);
  CliRun r = interrupted({"report", kCardDice, "--out", out.string(), "--games", "1", "--agents", "random", "--ladder",
                          "random,greedy", "--ladder-games", "100"},
                         300);
  EXPECT_EQ(r.exit, 130) << r.err;
  EXPECT_TRUE(contains(r.err, "cancelled")) << r.err;
  EXPECT_FALSE(fs::exists(out));
}
