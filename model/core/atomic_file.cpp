// Atomic writes and bounded reads (see atomic_file.h). POSIX only.
#include "model/core/atomic_file.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <random>

namespace wb::model {

namespace {

constexpr std::size_t kChunk = 1 << 20;
constexpr const char* kTempMark = ".tmp-";
constexpr const char* kBackupMark = ".bak-";
constexpr std::time_t kStaleSeconds = 24 * 3600;  // a temp file older than this is stale, whoever made it

std::string errnoText(const std::string& what, const std::string& path) {
  return what + " '" + path + "': " + std::strerror(errno);
}

std::string folderOf(const std::string& path) {
  auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string baseOf(const std::string& path) {
  auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The process's umask without changing it (umask() both reads and sets, which
// races with other threads): Linux reports it in /proc/self/status.
mode_t currentUmask() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.rfind("Umask:", 0) == 0) return static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8));
  return 022;
}

// Follows a chain of symlinks to the file that is really written; a dangling
// link resolves to the path it names (the save creates it).
std::string resolveLinks(const std::string& path) {
  std::string p = path;
  for (int hops = 0; hops < 40; ++hops) {
    struct stat st;
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    char buf[PATH_MAX];
    const ssize_t n = ::readlink(p.c_str(), buf, sizeof buf - 1);
    if (n <= 0) return p;
    std::string target(buf, static_cast<std::size_t>(n));
    p = target.front() == '/' ? target : folderOf(p) + "/" + target;
  }
  return p;
}

bool processAlive(long pid) {
  if (pid <= 0 || pid > INT_MAX) return false;
  return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

// Removes the temporary and backup files a killed save of `target` left
// behind: `NAME.tmp-PID-N` / `NAME.bak-PID-N` whose process is gone (or that
// are older than a day). Saves in progress by live processes are left alone.
void removeStaleTemps(const std::string& target) {
  const std::string folder = folderOf(target), base = baseOf(target);
  DIR* dir = ::opendir(folder.c_str());
  if (!dir) return;
  const long self = static_cast<long>(::getpid());
  while (const dirent* e = ::readdir(dir)) {
    const std::string name = e->d_name;
    if (name.size() <= base.size() + 5 || name.compare(0, base.size(), base) != 0) continue;
    const std::string mark = name.substr(base.size(), 5);
    if (mark != kTempMark && mark != kBackupMark) continue;
    const std::string rest = name.substr(base.size() + 5);  // PID-N
    const auto dash = rest.find('-');
    if (dash == std::string::npos || dash == 0 || rest.find_first_not_of("0123456789-") != std::string::npos) continue;
    const long pid = std::strtol(rest.substr(0, dash).c_str(), nullptr, 10);
    const std::string full = folder + "/" + name;
    struct stat st;
    if (::lstat(full.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) continue;
    const bool old = std::time(nullptr) - st.st_mtime > kStaleSeconds;
    if (pid == self && !old) continue;
    if (!processAlive(pid) || old) ::unlink(full.c_str());
  }
  ::closedir(dir);
}

std::string uniqueName(const std::string& target, const char* mark) {
  static std::atomic<unsigned> counter{0};
  std::random_device rd;
  return target + mark + std::to_string(::getpid()) + "-" + std::to_string(rd() % 1000000) +
         std::to_string(counter.fetch_add(1));
}

bool writeAll(int fd, std::string_view content, const std::string& what, std::string& error,
              const AtomicWriteHooks& hooks) {
  std::size_t done = 0;
  while (done < content.size()) {
    const std::size_t want = std::min(kChunk, content.size() - done);
    const ssize_t n = ::write(fd, content.data() + done, want);
    if (n < 0) {
      if (errno == EINTR) continue;
      error = errnoText("cannot write", what);
      return false;
    }
    done += static_cast<std::size_t>(n);
    if (hooks.afterChunk) hooks.afterChunk(done);
  }
  return true;
}

// One file of a set: where it really goes and how it is written.
struct Pending {
  std::string given;    // the path as asked
  std::string target;   // symlinks resolved
  std::string temp;     // "" = written directly (not a regular file)
  std::string backup;   // hard link to the old file during the renames ("" = none)
  bool existed = false;
  bool replaced = false;
};

// Writes a non-regular target (pipe, device) in place.
bool writeDirect(const Pending& p, std::string_view content, std::string& error, const AtomicWriteHooks& hooks) {
  const int fd = ::open(p.given.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) {
    error = errnoText("cannot open", p.given);
    return false;
  }
  const bool ok = writeAll(fd, content, p.given, error, hooks);
  ::close(fd);
  return ok;
}

// Phase one of a save: the complete, synced temporary file with its final mode.
bool writeTemp(Pending& p, std::string_view content, std::string& error, const AtomicWriteHooks& hooks) {
  struct stat old;
  p.existed = ::stat(p.target.c_str(), &old) == 0;
  removeStaleTemps(p.target);
  p.temp = uniqueName(p.target, kTempMark);
  const int fd = ::open(p.temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) {
    error = errnoText("cannot create a file beside", p.given);  // the user's name, not the temporary one
    p.temp.clear();
    return false;
  }
  const mode_t mode = p.existed ? (old.st_mode & 07777) : (0666 & ~currentUmask());
  bool ok = writeAll(fd, content, p.given, error, hooks);
  if (ok && ::fchmod(fd, mode) != 0) {
    error = errnoText("cannot set the mode of", p.given);
    ok = false;
  }
  if (ok && p.existed && (old.st_uid != ::geteuid() || old.st_gid != ::getegid())) {
    // Keep the owner and group where we may (root, or a group we are in); not an error otherwise.
    const bool kept = ::fchown(fd, old.st_uid, old.st_gid) == 0 || ::fchown(fd, static_cast<uid_t>(-1), old.st_gid) == 0;
    static_cast<void>(kept);
  }
  if (ok && ::fsync(fd) != 0) {
    error = errnoText("cannot flush", p.given);
    ok = false;
  }
  if (::close(fd) != 0 && ok) {  // the descriptor is closed on every path
    error = errnoText("cannot flush", p.given);
    ok = false;
  }
  if (!ok) {
    ::unlink(p.temp.c_str());
    p.temp.clear();
  }
  return ok;
}

void syncFolder(const std::string& path) {
  const int dir = ::open(folderOf(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
}

void discard(std::vector<Pending>& set) {
  for (auto& p : set) {
    if (!p.temp.empty()) ::unlink(p.temp.c_str());
    if (!p.backup.empty()) ::unlink(p.backup.c_str());
  }
}

}  // namespace

bool writeFilesAtomically(const std::vector<std::pair<std::string, std::string>>& files, std::string* error,
                          const AtomicWriteHooks& hooks) {
  std::string why;
  auto fail = [&](std::vector<Pending>& set) {
    discard(set);
    if (error) *error = why;
    return false;
  };
  std::vector<Pending> set(files.size());
  // Phase one: every temporary file complete (pipes and devices have nothing to stage).
  for (std::size_t i = 0; i < files.size(); ++i) {
    Pending& p = set[i];
    p.given = files[i].first;
    // Pipes, devices and the /dev/stdout-like names are written in place.
    struct stat st;
    const bool special = p.given.rfind("/dev/", 0) == 0 || p.given.rfind("/proc/", 0) == 0;
    if (::stat(p.given.c_str(), &st) == 0 && (special || !S_ISREG(st.st_mode))) {
      if (S_ISDIR(st.st_mode)) {
        why = "cannot write '" + p.given + "': is a directory";
        return fail(set);
      }
      continue;  // written directly in phase two
    }
    p.target = resolveLinks(p.given);
    if (!writeTemp(p, files[i].second, why, hooks)) return fail(set);
  }
  for (auto& p : set) {
    if (!p.temp.empty() && hooks.beforeRename && !hooks.beforeRename(p.temp)) {
      why = "save of '" + p.given + "' was interrupted; the old file is unchanged";
      return fail(set);
    }
  }
  // Phase two: backups (hard links, where possible), then the renames in order.
  if (set.size() > 1) {
    for (auto& p : set) {
      if (p.temp.empty() || !p.existed) continue;
      std::string backup = uniqueName(p.target, kBackupMark);
      if (::link(p.target.c_str(), backup.c_str()) == 0) p.backup = std::move(backup);
    }
  }
  for (std::size_t i = 0; i < set.size(); ++i) {
    Pending& p = set[i];
    if (p.temp.empty()) {
      if (!writeDirect(p, files[i].second, why, hooks)) break;
      continue;
    }
    if (::rename(p.temp.c_str(), p.target.c_str()) != 0) {
      why = errnoText("cannot replace", p.target);
      // Put back what this set already replaced.
      for (std::size_t j = 0; j < i; ++j) {
        Pending& q = set[j];
        if (!q.replaced) continue;
        if (!q.backup.empty() && ::rename(q.backup.c_str(), q.target.c_str()) == 0) q.backup.clear();
        else if (!q.existed) ::unlink(q.target.c_str());
      }
      return fail(set);
    }
    p.temp.clear();
    p.replaced = true;
    syncFolder(p.target);  // make the rename itself durable
  }
  discard(set);  // the backups
  if (!why.empty()) {
    if (error) *error = why;
    return false;
  }
  return true;
}

bool writeFileAtomically(const std::string& path, std::string_view content, std::string* error,
                         const AtomicWriteHooks& hooks) {
  return writeFilesAtomically({{path, std::string(content)}}, error, hooks);
}

bool readRegularFile(const std::string& path, std::string& content, std::string& reason, std::size_t maxBytes) {
  // O_NONBLOCK: opening a FIFO for reading would wait for a writer.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    reason = std::strerror(errno);
    return false;
  }
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    reason = std::strerror(errno);
    ::close(fd);
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    reason = "is a directory";
    ::close(fd);
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    reason = "not a regular file (a device, pipe or socket)";
    ::close(fd);
    return false;
  }
  auto tooLarge = [&](std::size_t size) {
    reason = "too large: " + std::to_string(size) + " bytes (at most " + std::to_string(maxBytes) + ")";
    ::close(fd);
    return false;
  };
  if (static_cast<unsigned long long>(st.st_size) > maxBytes) return tooLarge(static_cast<std::size_t>(st.st_size));
  content.clear();
  content.reserve(static_cast<std::size_t>(st.st_size));
  char buf[65536];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      reason = std::strerror(errno);
      ::close(fd);
      return false;
    }
    if (n == 0) break;
    if (content.size() + static_cast<std::size_t>(n) > maxBytes) return tooLarge(content.size() + static_cast<std::size_t>(n));
    content.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return true;
}

bool readFile(const std::string& path, std::string& content, std::string* error) {
  std::string reason;
  if (readRegularFile(path, content, reason)) return true;
  if (error) *error = "cannot open '" + path + "': " + reason;
  return false;
}

}  // namespace wb::model
