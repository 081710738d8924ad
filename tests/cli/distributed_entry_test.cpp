// The process entry of `balance` (app/cli/distributed_entry.h) in one process:
// --checkpoint options, resuming gives the same document, and a checkpoint of
// another command is refused. The mpirun and kill tests are CTest entries
// (tests/cli/distributed_tests.cmake).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <sstream>

#include "app/cli/distributed_entry.h"

namespace {

struct ProcessRun {
  int exit;
  std::string out, err;
};

ProcessRun process(std::vector<std::string> args) {
  std::ostringstream out, err;
  wb::app::CommandIo io{out, err};
  const int exit = wb::app::runBalanceProcess(args, io);
  return {exit, out.str(), err.str()};
}

const std::string kCardDice = std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice/card-dice.yaml";

std::string withoutTimings(std::string json) {
  for (const char* key : {"\"elapsed_s\"", "\"games_per_s\""}) {
    auto at = json.find(key);
    if (at != std::string::npos) json.erase(at, json.find_first_of(",\n}", at) - at);
  }
  return json;
}

}  // namespace

TEST(DistributedEntry, CheckpointOptionsAreCheckedAndOnlyForCommandsThatShareGames) {
  ProcessRun r = process({"validate", kCardDice, "--checkpoint", "x.ckpt"});
  EXPECT_EQ(r.exit, 2);
  EXPECT_NE(r.err.find("--checkpoint is for run, sweep, impact and assumptions"), std::string::npos) << r.err;
  r = process({"run", kCardDice, "--checkpoint-every", "1"});
  EXPECT_EQ(r.exit, 2);
  EXPECT_NE(r.err.find("needs --checkpoint FILE"), std::string::npos) << r.err;
  r = process({"run", kCardDice, "--checkpoint", "x.ckpt", "--checkpoint-every", "-3"});
  EXPECT_EQ(r.exit, 2);
  r = process({"run", "--help"});
  EXPECT_EQ(r.exit, 0);
  EXPECT_NE(r.out.find("--checkpoint FILE"), std::string::npos);
}

TEST(DistributedEntry, ACheckpointedRunRepeatsItsResultAndRefusesAnotherCommand) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("wb_entry_" + std::to_string(::getpid()) + ".ckpt")).string();
  std::filesystem::remove(path);
  const std::vector<std::string> base = {"run", kCardDice, "--games", "24", "--seed", "4", "--json", "-"};
  ProcessRun plain = process(base);
  ASSERT_EQ(plain.exit, 0) << plain.err;
  std::vector<std::string> withFile = base;
  withFile.insert(withFile.end(), {"--checkpoint", path, "--threads", "2"});
  ProcessRun first = process(withFile);
  ASSERT_EQ(first.exit, 0) << first.err;
  ASSERT_TRUE(std::filesystem::exists(path));
  ProcessRun again = process(withFile);  // complete in the checkpoint: nothing left to play
  ASSERT_EQ(again.exit, 0) << again.err;
  EXPECT_EQ(withoutTimings(first.out), withoutTimings(plain.out));
  EXPECT_EQ(withoutTimings(again.out), withoutTimings(plain.out));

  std::vector<std::string> other = withFile;
  other[5] = "5";  // another seed
  ProcessRun refused = process(other);
  EXPECT_NE(refused.exit, 0);
  EXPECT_NE(refused.err.find("belongs to another command"), std::string::npos) << refused.err;
  std::filesystem::remove(path);
}
