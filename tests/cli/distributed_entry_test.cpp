// The process entry of `balance` (app/cli/distributed_entry.h) in one process:
// --checkpoint options, resuming gives the same document, and a checkpoint of
// another command is refused. The mpirun and kill tests are CTest entries
// (tests/cli/distributed_tests.cmake).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
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
  for (const char* key : {"\"elapsed_s\"", "\"games_per_s\""})
    for (auto at = json.find(key); at != std::string::npos; at = json.find(key, at + 1))
      json.erase(at, json.find_first_of(",\n}", at) - at);
  return json;
}

}  // namespace

TEST(DistributedEntry, CheckpointOptionsAreCheckedAndOnlyForCommandsThatShareGames) {
  ProcessRun r = process({"validate", kCardDice, "--checkpoint", "x.ckpt"});
  EXPECT_EQ(r.exit, 2);
  EXPECT_NE(r.err.find("--checkpoint is for run, sweep, impact, tune, assumptions, ladder, specialties, compare and report"), std::string::npos) << r.err;
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

namespace {

// A copy of a shipped ruleset folder in a fresh temporary folder.
std::filesystem::path copyRuleset(const std::string& name, const std::string& tag) {
  const auto dir = std::filesystem::temp_directory_path() / ("wb_entry_" + tag + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::filesystem::copy(std::string(WB_SOURCE_DIR) + "/data/rulesets/" + name, dir / name,
                        std::filesystem::copy_options::recursive);
  return dir;
}

void replaceInFile(const std::filesystem::path& file, const std::string& from, const std::string& to) {
  std::ifstream in(file);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto at = text.find(from);
  ASSERT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  std::ofstream(file, std::ios::trunc) << text;
}

}  // namespace

// The key covered only the root file, so an edit of an
// included file resumed the old ruleset's result with exit 0.
TEST(DistributedEntry, AnEditOfAnIncludedFileIsRefusedWithTheReason) {
  const auto dir = copyRuleset("zoneplex", "include");
  const std::string ck = (dir / "zp.ck").string();
  const std::vector<std::string> args = {"run", (dir / "zoneplex" / "zoneplex.yaml").string(), "--players", "3",
                                         "--agents", "random", "--seed", "2", "--games", "4",
                                         "--checkpoint", ck, "--json", "-"};
  ProcessRun first = process(args);
  ASSERT_EQ(first.exit, 0) << first.err;
  replaceInFile(dir / "zoneplex" / "cards.yaml", "count: 16", "count: 2");
  ProcessRun edited = process(args);
  EXPECT_NE(edited.exit, 0) << edited.out;
  EXPECT_NE(edited.err.find("the ruleset changed since the checkpoint"), std::string::npos) << edited.err;
  std::filesystem::remove_all(dir);
}

// The folder's hash included the checkpoint kept in it, so
// it never matched again.
TEST(DistributedEntry, ACheckpointInsideTheRulesetFolderResumes) {
  const auto dir = copyRuleset("card-dice", "inside");
  const std::string folder = (dir / "card-dice").string();
  const std::vector<std::string> args = {"run", folder, "--games", "24", "--seed", "4", "--json", "-",
                                         "--checkpoint", folder + "/run.ckpt"};
  ProcessRun first = process(args);
  ASSERT_EQ(first.exit, 0) << first.err;
  ProcessRun again = process(args);
  ASSERT_EQ(again.exit, 0) << again.err;
  EXPECT_EQ(withoutTimings(again.out), withoutTimings(first.out));
  std::filesystem::remove_all(dir);
}

// One flipped bit in the stored totals resumed with exit 0
// and other numbers. Now every damaged byte is refused.
TEST(DistributedEntry, ADamagedCheckpointIsRefused) {
  const auto dir = copyRuleset("card-dice", "damaged");
  const std::string ck = (dir / "run.ckpt").string();
  const std::vector<std::string> args = {"run", (dir / "card-dice").string(), "--games", "24", "--seed", "4",
                                         "--json", "-", "--checkpoint", ck};
  ProcessRun first = process(args);
  ASSERT_EQ(first.exit, 0) << first.err;
  std::string bytes;
  {
    std::ifstream in(ck, std::ios::binary);
    bytes.assign((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  }
  ASSERT_GT(bytes.size(), 64u);
  const std::size_t stride = std::max<std::size_t>(1, bytes.size() / 60);
  int tried = 0;
  for (std::size_t at = 0; at < bytes.size(); at += stride) {
    std::string damaged = bytes;
    damaged[at] = static_cast<char>(damaged[at] ^ (1 << (at % 8)));
    std::ofstream(ck, std::ios::binary | std::ios::trunc) << damaged;
    ProcessRun resumed = process(args);
    EXPECT_NE(resumed.exit, 0) << "a bit flipped at byte " << at << " of " << bytes.size() << " was resumed";
    EXPECT_NE(resumed.err.find("cannot be resumed"), std::string::npos) << at << ": " << resumed.err;
    ++tried;
  }
  EXPECT_GE(tried, 50);
  std::filesystem::remove_all(dir);
}

namespace {

std::string readBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The experiments built of many runs, each small; `output` names the result
// (a report writes its .json report with --out).
struct Experiment {
  std::vector<std::string> args;
  std::string output;
};

std::vector<Experiment> experiments() {
  const std::string src = WB_SOURCE_DIR;
  const std::string elemMaster = src + "/data/rulesets/elem-master/elem-master.yaml";
  const std::string element = src + "/data/rulesets/element/element.yaml";
  return {
      {{"ladder", kCardDice, "--agents", "random,greedy", "--games", "6", "--self-games", "4", "--seed", "3"},
       "--json"},
      {{"specialties", elemMaster, "--games", "2", "--agents", "random", "--seed", "2"}, "--json"},
      {{"compare", kCardDice, "--vs-set", "cards.meteor_strike.cost=12", "--games", "10", "--agents", "random", "--seed",
        "3"},
       "--json"},
      {{"report", element, "--games", "6", "--agents", "random", "--seed", "4", "--set", "parameters.turn_limit=30",
        "--ladder", "random,greedy", "--ladder-games", "2"},
       "--out"},
  };
}

}  // namespace

// A checkpoint of another command, of other settings or a damaged one is
// refused with the reason and exit 2 by every experiment that shares its
// games, before anything is played: the checkpoint and the result file keep
// their bytes.
TEST(DistributedEntry, TheExperimentsRefuseAForeignOrDamagedCheckpointAndOverwriteNothing) {
  const auto dir = std::filesystem::temp_directory_path() / ("wb_entry_refuse_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string ck = (dir / "x.ckpt").string(), result = (dir / "result.json").string();
  for (const Experiment& e : experiments()) {
    SCOPED_TRACE(e.args.front());
    std::filesystem::remove(ck);
    // Its own checkpoint: written, then resumed to the same document.
    std::vector<std::string> args = e.args;
    args.insert(args.end(), {e.output, result, "--checkpoint", ck});
    ProcessRun first = process(args);
    ASSERT_EQ(first.exit, 0) << first.err;
    const std::string document = readBytes(result);
    ProcessRun again = process(args);
    ASSERT_EQ(again.exit, 0) << again.err;
    if (e.output == "--json") {
      EXPECT_EQ(withoutTimings(readBytes(result)), withoutTimings(document));
    }
    std::ofstream(result, std::ios::trunc) << "kept";

    const std::string saved = readBytes(ck);
    auto refused = [&](std::vector<std::string> a, const std::string& why) {
      ProcessRun r = process(std::move(a));
      EXPECT_EQ(r.exit, 2) << r.out << r.err;
      EXPECT_NE(r.err.find(why), std::string::npos) << r.err;
      EXPECT_EQ(readBytes(ck), saved) << "the checkpoint was overwritten";
      EXPECT_EQ(readBytes(result), "kept") << "the result was overwritten";
    };
    std::vector<std::string> otherSeed = args;
    *(std::find(otherSeed.begin(), otherSeed.end(), "--seed") + 1) = "99";
    refused(otherSeed, "belongs to another command");
    refused({"run", kCardDice, "--games", "4", "--json", result, "--checkpoint", ck}, "belongs to another command");

    // A checkpoint `run` wrote, given to the experiment.
    std::filesystem::remove(ck);
    ProcessRun run = process({"run", kCardDice, "--games", "4", "--json", "-", "--checkpoint", ck});
    ASSERT_EQ(run.exit, 0) << run.err;
    const std::string runCheckpoint = readBytes(ck);
    {
      ProcessRun r = process(args);
      EXPECT_EQ(r.exit, 2) << r.err;
      EXPECT_NE(r.err.find("belongs to another command"), std::string::npos) << r.err;
      EXPECT_EQ(readBytes(ck), runCheckpoint);
      EXPECT_EQ(readBytes(result), "kept");
    }

    // Damaged: one flipped bit in the middle.
    std::string damaged = saved;
    damaged[damaged.size() / 2] = static_cast<char>(damaged[damaged.size() / 2] ^ 4);
    std::ofstream(ck, std::ios::binary | std::ios::trunc) << damaged;
    ProcessRun r = process(args);
    EXPECT_EQ(r.exit, 2) << r.err;
    EXPECT_NE(r.err.find("cannot be resumed"), std::string::npos) << r.err;
    EXPECT_EQ(readBytes(ck), damaged);
    EXPECT_EQ(readBytes(result), "kept");
  }
  std::filesystem::remove_all(dir);
}
