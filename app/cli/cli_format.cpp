#include "app/cli/cli_format.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
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
                     const std::string& text, bool complete) {
  if (path == "-") {
    out << text;
    return true;
  }
  std::error_code ec;
  if (!complete && std::filesystem::exists(path, ec)) {
    err << "balance " << command << ": kept " << path << " as it was (the partial result of a cancelled run does not replace a file)\n";
    return true;
  }
  std::string error;
  if (model::writeFileAtomically(path, text, &error)) return true;
  err << "balance " << command << ": cannot write " << path << ": " << error << "\n";
  return false;
}

bool checkOutputPath(const std::string& option, const std::string& path, std::string& error) {
  namespace fs = std::filesystem;
  if (path == "-") return true;
  if (path.empty()) {
    error = option + ": an empty file name";
    return false;
  }
  std::error_code ec;
  // A link is written through (model/core/atomic_file.h): check the file it
  // names, also when that does not exist yet (a dangling link), never the link.
  std::string target = path;
  if (fs::is_symlink(fs::symlink_status(path, ec))) {
    fs::path p = path;
    int hops = 0;
    std::error_code linkError;
    for (; hops < 40 && fs::is_symlink(fs::symlink_status(p, ec)); ++hops) {
      const fs::path next = fs::read_symlink(p, linkError);
      if (linkError) break;
      p = next.is_absolute() ? next : p.parent_path() / next;
    }
    if (hops == 40) {
      error = option + " " + path + ": a loop of symbolic links";
      return false;
    }
    target = p.string();
  }
  const std::string shown = target == path ? path : path + " (a link to " + target + ")";
  const fs::file_status st = fs::status(target, ec);
  if (fs::exists(st)) {
    if (fs::is_directory(st)) {
      error = option + " " + shown + ": is a folder, not a file";
      return false;
    }
    if (::access(target.c_str(), W_OK) != 0) {
      error = option + " " + shown + ": cannot write it (" + std::strerror(errno) + ")";
      return false;
    }
    return true;
  }
  fs::path folder = fs::path(target).parent_path();
  if (folder.empty()) folder = ".";
  if (!fs::is_directory(folder, ec)) {
    error = option + " " + shown + ": the folder " + folder.string() + " does not exist";
    return false;
  }
  if (::access(folder.c_str(), W_OK | X_OK) != 0) {
    error = option + " " + shown + ": cannot create files in " + folder.string() + " (" + std::strerror(errno) + ")";
    return false;
  }
  return true;
}

}  // namespace wb::app
