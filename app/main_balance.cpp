// `balance`: the headless command line. All work is in app/cli/.
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/command.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  wb::app::CommandIo io{std::cout, std::cerr};
  return wb::app::runBalance(args, io);
}
