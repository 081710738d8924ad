// Runs the `balance` command line in-process for the CLI tests: the exit code,
// stdout and stderr of one invocation (app/cli/command.h).
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "app/cli/command.h"

namespace wb::app::testing {

struct CliRun {
  int exit;
  std::string out, err;
};

inline CliRun balance(std::vector<std::string> args) {
  std::ostringstream out, err;
  CommandIo io{out, err};
  const int exit = runBalance(args, io);
  return {exit, out.str(), err.str()};
}

}  // namespace wb::app::testing
