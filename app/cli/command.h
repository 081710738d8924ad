// The `balance` subcommands. Each lives in its own app/cli/<name>_command.cpp
// and registers itself with WB_REGISTER_COMMAND; main dispatches by name.
// Exit codes: 0 success, 1 the input has problems (diagnostics on stderr; a
// ruleset file that is missing or cannot be read is one, in every command),
// 2 usage errors (bad flags, out-of-range numbers, unknown agents or paths to values).
#pragma once

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace wb::app {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1;
inline constexpr int kExitUsage = 2;

struct CommandIo {
  std::ostream& out;
  std::ostream& err;
};

struct Command {
  std::string name;
  std::string summary;  // one line for `balance --help`
  std::string usage;    // full text for `balance NAME --help`
  std::function<int(const std::vector<std::string>& args, CommandIo& io)> run;
};

class CommandTable {
 public:
  static CommandTable& instance();
  void add(Command c);
  const Command* find(const std::string& name) const;
  const std::vector<Command>& all() const { return m_commands; }

 private:
  std::vector<Command> m_commands;
};

// Runs `balance ARGS...` (args excludes the program name); used by main and tests.
int runBalance(const std::vector<std::string>& args, CommandIo& io);

struct CommandRegistrar {
  explicit CommandRegistrar(Command c) { CommandTable::instance().add(std::move(c)); }
};

}  // namespace wb::app

// Registers a command at static-initialisation time. wb_cli is an OBJECT
// library (app/CMakeLists.txt), so every command's object file is linked.
#define WB_REGISTER_COMMAND(ident, ...) \
  static const ::wb::app::CommandRegistrar ident##_registrar{::wb::app::Command{__VA_ARGS__}}
