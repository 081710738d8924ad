#include "app/cli/distributed_entry.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>
#include <streambuf>

#include "model/core/scalar.h"
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
    "                          prints and writes (README: running on a cluster)\n";

namespace {

// The commands whose games the ranks share; every other command runs whole on
// every rank (and only rank 0 prints).
bool sharesGames(const std::string& command) {
  return command == "run" || command == "sweep" || command == "impact" || command == "assumptions";
}

class NullBuffer : public std::streambuf {
 protected:
  int overflow(int c) override { return c == traits_type::eof() ? 0 : c; }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

// FNV-1a over a file's bytes, or over every file under a folder (with names).
void hashPath(const std::filesystem::path& path, std::uint64_t& h) {
  auto mix = [&h](const char* data, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) h = (h ^ static_cast<unsigned char>(data[i])) * 1099511628211ULL;
  };
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    std::vector<std::filesystem::path> files;
    for (auto it = std::filesystem::recursive_directory_iterator(path, ec); !ec && it != std::filesystem::recursive_directory_iterator();
         it.increment(ec))
      if (it->is_regular_file(ec)) files.push_back(it->path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) {
      const std::string name = f.lexically_relative(path).string();
      mix(name.data(), name.size());
      hashPath(f, h);
    }
    return;
  }
  std::ifstream in(path, std::ios::binary);
  char buffer[65536];
  while (in) {
    in.read(buffer, sizeof buffer);
    mix(buffer, static_cast<std::size_t>(in.gcount()));
  }
}

bool takesValue(const std::string& arg) {
  return arg.rfind("--", 0) == 0 && arg.find('=') == std::string::npos;
}

// The command a checkpoint belongs to: its arguments but the ones that do not
// change the result (threads, where the output goes), and a hash of every
// input file named, so an edited ruleset does not resume an old checkpoint.
std::string checkpointKey(const std::vector<std::string>& args) {
  std::ostringstream key;
  std::uint64_t h = 1469598103934665603ULL;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if ((a == "--threads" || a == "--json") && i + 1 < args.size()) {
      ++i;
      continue;
    }
    key << (i ? " " : "") << a;
    std::error_code ec;
    if (!takesValue(a) && std::filesystem::exists(a, ec)) hashPath(a, h);
  }
  char hex[32];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  key << " [inputs " << hex << "]";
  return key.str();
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
    io.err << "balance: --checkpoint is for run, sweep, impact and assumptions\n";
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
  NullBuffer nothing;
  std::ostream quiet(&nothing);
  CommandIo silent{quiet, quiet};
  CommandIo& myIo = session.rank() == 0 ? io : silent;
  if (session.rank() != 0) {
    // Only rank 0 writes files: the others send their documents nowhere.
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
      if (args[i] == "--json") args[i + 1] = "-";
  }
  if (sharesGames(command) && !help && (session.ranks() > 1 || !options.checkpointPath.empty())) {
    options.key = checkpointKey(args);
    if (const char* n = std::getenv("WB_TEST_KILL_AFTER_CHUNKS")) options.killAfterChunks = std::strtoull(n, nullptr, 10);
    if (const char* r = std::getenv("WB_TEST_KILL_RANK")) options.killRank = std::atoi(r);
    if (const char* p = std::getenv("WB_TEST_ROOT_PLAYS")) options.rootPlays = std::atoi(p) != 0;
    session.enable(options);
  }
  const int code = runBalance(args, myIo);
  if (help && sharesGames(command)) myIo.out << "\n" << kDistributedHelp;
  return session.finish(code);
}

}  // namespace wb::app
