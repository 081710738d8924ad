#include "app/cli/cli_format.h"

#include <unistd.h>

#include <algorithm>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "model/core/atomic_file.h"

namespace wb::app {

void drawProgressBar(std::ostream& err, unsigned long long done, unsigned long long total, double etaSeconds,
                     const std::string& prefix) {
  const double fraction = total ? std::min(1.0, static_cast<double>(done) / static_cast<double>(total)) : 0.0;
  const int width = 30;
  const int filled = static_cast<int>(fraction * width);
  std::ostringstream line;
  line << "\r" << prefix << "[" << std::string(static_cast<std::size_t>(filled), '#')
       << std::string(static_cast<std::size_t>(width - filled), '.') << "] " << done << "/" << total << "  ETA "
       << std::fixed << std::setprecision(1) << etaSeconds << " s   ";
  err << line.str() << std::flush;
}

void clearProgressBar(std::ostream& err) { err << "\r" << std::string(90, ' ') << "\r" << std::flush; }

bool wantsProgressBar(const std::ostream& err) { return &err == &std::cerr && ::isatty(STDERR_FILENO); }

bool writeJsonOutput(std::ostream& out, std::ostream& err, const std::string& command, const std::string& path,
                     const std::string& text) {
  if (path == "-") {
    out << text;
    return true;
  }
  std::string error;
  if (model::writeFileAtomically(path, text, &error)) return true;
  err << "balance " << command << ": cannot write " << path << ": " << error << "\n";
  return false;
}

}  // namespace wb::app
