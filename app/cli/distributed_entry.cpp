#include "app/cli/distributed_entry.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string_view>

#include <unistd.h>

#include "app/cli/run_options.h"
#include "model/core/atomic_file.h"
#include "model/core/scalar.h"
#include "model/yaml/ruleset_loader.h"
#include "simulation/distributed/distributed_session.h"

namespace wb::app {

const char* const kDistributedHelp =
    "Clusters and long runs:\n"
    "  --checkpoint FILE       write the merged partial results to FILE (atomically) every few\n"
    "                          seconds; the same command with the same FILE resumes after a kill\n"
    "                          and gives the identical result\n"
    "  --checkpoint-every S    seconds between checkpoints (default 5; 0: after every chunk)\n"
    "  mpirun -np K balance ...  the K ranks share the games (dynamic load balancing), each on its\n"
    "                          own --threads; the result is identical to one process; rank 0\n"
    "                          prints and writes (data/docs/cluster.md)\n";

namespace {

// The commands whose games the ranks share (every game they play goes through a
// runner's DistributedJob on this thread); every other command runs on rank 0 alone.
bool sharesGames(const std::string& command) {
  for (const char* c : {"run", "sweep", "impact", "tune", "assumptions", "ladder", "specialties", "compare", "report"})
    if (command == c) return true;
  return false;
}

class NullBuffer : public std::streambuf {
 protected:
  int overflow(int c) override { return c == traits_type::eof() ? 0 : c; }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

void mix(std::uint64_t& h, std::string_view data) {
  for (unsigned char c : data) h = (h ^ c) * 1099511628211ULL;
}

// FNV-1a over the content of every file of the ruleset at `given` (a root
// file or its folder): the root and each file it includes, with their names
// relative to the root. Only the ruleset's own files count, so an edit of an
// included file changes the hash, and other files beside it (a checkpoint
// kept in the ruleset's folder) do not. Any other existing file is hashed as it is.
void hashInput(const std::string& given, std::uint64_t& h) {
  std::string root, error;
  if (!resolveRulesetPath(given, root, error)) return;  // the command reports it
  std::string text, why;
  if (!model::readRegularFile(root, text, why, model::kMaxRulesetFileBytes)) return;
  mix(h, text);
  const auto ext = std::filesystem::path(root).extension();
  if (ext != ".yaml" && ext != ".yml") return;
  const model::LoadResult head = model::readRulesetFile(text, root, true);
  const std::filesystem::path base = std::filesystem::path(root).parent_path();
  for (const auto& include : head.ruleset.includes) {
    mix(h, include);
    mix(h, std::string_view("\0", 1));
    std::string included;
    if (model::readRegularFile((base / include).lexically_normal().string(), included, why, model::kMaxRulesetFileBytes))
      mix(h, included);
    else
      mix(h, why);
  }
}

bool takesValue(const std::string& arg) {
  return arg.rfind("--", 0) == 0 && arg.find('=') == std::string::npos;
}

// The options that do not change the result: threads, where the output goes.
bool leavesResult(const std::string& option) {
  return option == "--threads" || option == "--json" || option == "--write" || option == "--out";
}

// The command a checkpoint belongs to: its arguments but the ones that do not
// change the result.
std::string checkpointKey(const std::vector<std::string>& args) {
  std::ostringstream key;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (leavesResult(a) && i + 1 < args.size()) {
      ++i;
      continue;
    }
    key << (i ? " " : "") << a;
  }
  return key.str();
}

// The content of every input file named (the ruleset's files, includes too),
// so an edited ruleset does not resume an old checkpoint. An output file is
// not an input: the result a finished run left at --json or --out must not
// make the same command look like another one.
// One line per input file, "HASH ROLE PATH" (ROLE: "ruleset" for a
// positional file, else the option that names it, e.g. --targets), so that a
// refusal names the file that changed (sim::describeChangedInputs).
std::string checkpointInputs(const std::vector<std::string>& args) {
  std::string out;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (leavesResult(a)) {
      ++i;
      continue;
    }
    std::error_code ec;
    if (takesValue(a) || !std::filesystem::exists(a, ec)) continue;
    std::uint64_t h = 1469598103934665603ULL;
    hashInput(a, h);
    char hex[32];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
    const bool option = i >= 2 && takesValue(args[i - 1]);
    out += std::string(hex) + " " + (option ? args[i - 1] : std::string("ruleset")) + " " + a + "\n";
  }
  return out;
}

}  // namespace

int runBalanceProcess(const std::vector<std::string>& given, CommandIo& io) {
  std::vector<std::string> args;
  sim::DistributionOptions options;
  bool checkpointEveryGiven = false;
  for (std::size_t i = 0; i < given.size(); ++i) {
    const std::string& a = given[i];
    if (a == "--checkpoint" || a == "--checkpoint-every") {
      if (i + 1 >= given.size()) {
        io.err << "balance: " << a << " needs a value\n";
        return kExitUsage;
      }
      const std::string& v = given[++i];
      if (a == "--checkpoint") {
        options.checkpointPath = v;
      } else {
        auto seconds = model::parseNumber(v);
        if (!seconds || !(*seconds >= 0) || *seconds > 1e6) {
          io.err << "balance: --checkpoint-every takes seconds (0 or more), got '" << v << "'\n";
          return kExitUsage;
        }
        options.checkpointSeconds = *seconds;
        checkpointEveryGiven = true;
      }
      continue;
    }
    args.push_back(a);
  }
  const std::string command = args.empty() ? std::string() : args.front();
  const bool help = std::find(args.begin(), args.end(), "--help") != args.end() ||
                    std::find(args.begin(), args.end(), "-h") != args.end();
  if ((!options.checkpointPath.empty() || checkpointEveryGiven) && !sharesGames(command)) {
    io.err << "balance: --checkpoint is for run, sweep, impact, tune, assumptions, ladder, specialties, compare and "
              "report\n";
    return kExitUsage;
  }
  if (checkpointEveryGiven && options.checkpointPath.empty()) {
    io.err << "balance: --checkpoint-every needs --checkpoint FILE\n";
    return kExitUsage;
  }

  sim::DistributedSession session;
  if (!session.startError().empty()) {
    io.err << "balance: " << session.startError() << "\n";
    return session.finish(kExitUsage);
  }
  std::filesystem::path scratch;  // another rank's report goes here
  NullBuffer nothing;
  std::ostream quiet(&nothing);
  CommandIo silent{quiet, quiet};
  CommandIo& myIo = session.rank() == 0 ? io : silent;
  if (session.rank() != 0) {
    // Only rank 0 writes files: the others send their documents nowhere.
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
      if (args[i] == "--json") args[i + 1] = "-";
    // ... and no ruleset (`balance tune --write FILE`).
    for (std::size_t i = 0; i + 1 < args.size();) {
      if (args[i] == "--write") args.erase(args.begin() + static_cast<std::ptrdiff_t>(i), args.begin() + static_cast<std::ptrdiff_t>(i) + 2);
      else ++i;
    }
    // ... and no report (`balance report --out FILE`): the other ranks write
    // theirs into a private scratch folder, removed at the end, so the
    // command runs unchanged (the extension still picks the writer).
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
      if (args[i] == "--out") {
        std::error_code ec;
        scratch = std::filesystem::temp_directory_path(ec) /
                  ("balance-rank-" + std::to_string(session.rank()) + "-" + std::to_string(::getpid()));
        std::filesystem::create_directories(scratch, ec);
        args[i + 1] = (scratch / ("report" + std::filesystem::path(args[i + 1]).extension().string())).string();
      }
  }
  if (sharesGames(command) && !help && (session.ranks() > 1 || !options.checkpointPath.empty())) {
    options.key = checkpointKey(args);
    options.inputs = checkpointInputs(args);
    if (const char* n = std::getenv("WB_TEST_KILL_AFTER_CHUNKS")) options.killAfterChunks = std::strtoull(n, nullptr, 10);
    if (const char* r = std::getenv("WB_TEST_KILL_RANK")) options.killRank = std::atoi(r);
    if (const char* p = std::getenv("WB_TEST_ROOT_PLAYS")) options.rootPlays = std::atoi(p) != 0;
    session.enable(options);
  }
  // A command whose games the ranks do not share runs on rank 0 alone: it is
  // the one that prints and writes (two ranks writing one report failed).
  if (session.rank() != 0 && !sharesGames(command)) return session.finish(kExitOk);
  const int code = runBalance(args, myIo);
  if (help && sharesGames(command)) myIo.out << "\n" << kDistributedHelp;
  if (!scratch.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(scratch, ec);
  }
  return session.finish(code);
}

}  // namespace wb::app
