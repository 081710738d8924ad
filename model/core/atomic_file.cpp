#include "model/core/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>

namespace wb::model {

namespace {
std::string errnoText(const std::string& what, const std::string& path) {
  return what + " '" + path + "': " + std::strerror(errno);
}

std::string folderOf(const std::string& path) {
  auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}
}  // namespace

bool writeFileAtomically(const std::string& path, std::string_view content, std::string* error,
                         const AtomicWriteHooks& hooks) {
  auto fail = [&](const std::string& message) {
    if (error) *error = message;
    return false;
  };
  // A unique temporary name beside the target, so the rename stays on one file system.
  std::random_device rd;
  const std::string temp = path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(rd() % 1000000);
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) return fail(errnoText("cannot create", temp));
  const char* data = content.data();
  std::size_t left = content.size();
  while (left > 0) {
    ssize_t n = ::write(fd, data, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      std::string message = errnoText("cannot write", temp);
      ::close(fd);
      ::unlink(temp.c_str());
      return fail(message);
    }
    data += n;
    left -= static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    std::string message = errnoText("cannot flush", temp);
    ::unlink(temp.c_str());
    return fail(message);
  }
  if (hooks.beforeRename && !hooks.beforeRename(temp)) {
    ::unlink(temp.c_str());
    return fail("save of '" + path + "' was interrupted; the old file is unchanged");
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    std::string message = errnoText("cannot replace", path);
    ::unlink(temp.c_str());
    return fail(message);
  }
  // Make the rename itself durable.
  int dir = ::open(folderOf(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return true;
}

bool readFile(const std::string& path, std::string& content, std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    if (error) *error = errnoText("cannot open", path);
    return false;
  }
  std::ostringstream ss;
  ss << in.rdbuf();
  content = ss.str();
  return true;
}

}  // namespace wb::model
