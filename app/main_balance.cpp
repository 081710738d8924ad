// `balance`: the headless command line. All work is in app/cli/; the process
// entry (MPI ranks, checkpoints) is app/cli/distributed_entry.h.
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/distributed_entry.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  wb::app::CommandIo io{std::cout, std::cerr};
  return wb::app::runBalanceProcess(args, io);
}
