#include "app/cli/command.h"

#include <algorithm>
#include <ostream>

#include <boost/version.hpp>

namespace wb::app {

CommandTable& CommandTable::instance() {
  static CommandTable table;
  return table;
}

void CommandTable::add(Command c) {
  m_commands.push_back(std::move(c));
  std::sort(m_commands.begin(), m_commands.end(),
            [](const Command& a, const Command& b) { return a.name < b.name; });
}

const Command* CommandTable::find(const std::string& name) const {
  for (const auto& c : m_commands)
    if (c.name == name) return &c;
  return nullptr;
}

namespace {
void printHelp(std::ostream& out) {
  out << "usage: balance COMMAND [ARGS...]\n"
         "       balance COMMAND --help\n"
         "       balance --version\n\n"
         "Balance Workbench: load tabletop-game rulesets (YAML), validate them, play\n"
         "thousands of games between AI players and report what the numbers do.\n\n"
         "commands:\n";
  for (const auto& c : CommandTable::instance().all()) {
    out << "  " << c.name << std::string(c.name.size() < 12 ? 12 - c.name.size() : 1, ' ') << c.summary << "\n";
  }
  out << "\nexit codes: 0 ok, 1 the input has problems (listed on stderr), 2 usage error\n";
}
}  // namespace

int runBalance(const std::vector<std::string>& args, CommandIo& io) {
  if (args.empty()) {
    printHelp(io.err);
    return kExitUsage;
  }
  const std::string& first = args.front();
  if (first == "--help" || first == "-h" || first == "help") {
    printHelp(io.out);
    return kExitOk;
  }
  if (first == "--version") {
    io.out << "balance " << WB_VERSION << " (Boost " << BOOST_VERSION / 100000 << "." << BOOST_VERSION / 100 % 1000 << ")\n";
    return kExitOk;
  }
  const Command* cmd = CommandTable::instance().find(first);
  if (!cmd) {
    io.err << "balance: unknown command '" << first << "' (see balance --help)\n";
    return kExitUsage;
  }
  std::vector<std::string> rest(args.begin() + 1, args.end());
  if (std::find(rest.begin(), rest.end(), "--help") != rest.end() ||
      std::find(rest.begin(), rest.end(), "-h") != rest.end()) {
    io.out << cmd->usage;
    return kExitOk;
  }
  const int code = cmd->run(rest, io);
  // Output that could not be written (a full disk, a closed pipe, stdout
  // closed) is a failure, never exit 0.
  io.out.flush();
  if (!io.out) {
    io.err << "balance " << first << ": cannot write the output (standard output failed: disk full or closed?)\n";
    return code == kExitOk ? kExitInvalid : code;
  }
  return code;
}

}  // namespace wb::app
