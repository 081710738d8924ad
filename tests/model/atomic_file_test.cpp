// Atomic saves (DESIGN.md: "Saving never loses data"): a completed write
// replaces the file; an interrupted one leaves the old content and no temp file.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "model/core/atomic_file.h"

namespace fs = std::filesystem;
using wb::model::readFile;
using wb::model::writeFileAtomically;

namespace {
fs::path tempDir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("wb_atomic_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}
}  // namespace

TEST(AtomicFile, WritesAndReplaces) {
  auto dir = tempDir("replace");
  const std::string path = (dir / "r.yaml").string();
  ASSERT_TRUE(writeFileAtomically(path, "first\n"));
  ASSERT_TRUE(writeFileAtomically(path, "second\n"));
  std::string content;
  ASSERT_TRUE(readFile(path, content));
  EXPECT_EQ(content, "second\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  fs::remove_all(dir);
}

TEST(AtomicFile, InterruptedWriteLeavesTheOldFileIntact) {
  auto dir = tempDir("interrupt");
  const std::string path = (dir / "r.yaml").string();
  ASSERT_TRUE(writeFileAtomically(path, "old content\n"));
  std::string seenTemp;
  wb::model::AtomicWriteHooks hooks;
  hooks.beforeRename = [&](const std::string& temp) {
    seenTemp = temp;
    std::string partial;
    EXPECT_TRUE(readFile(temp, partial));
    EXPECT_EQ(partial, "new content\n");  // the new data went to the temp file only
    return false;                         // the "crash" happens before the rename
  };
  std::string error;
  EXPECT_FALSE(writeFileAtomically(path, "new content\n", &error, hooks));
  EXPECT_NE(error.find("interrupted"), std::string::npos) << error;
  std::string content;
  ASSERT_TRUE(readFile(path, content));
  EXPECT_EQ(content, "old content\n");
  EXPECT_FALSE(seenTemp.empty());
  EXPECT_FALSE(fs::exists(seenTemp));
  fs::remove_all(dir);
}

TEST(AtomicFile, UnwritableFolderIsAnErrorNotACrash) {
  std::string error;
  EXPECT_FALSE(writeFileAtomically("/nonexistent-folder/x.yaml", "x", &error));
  EXPECT_NE(error.find("cannot create"), std::string::npos) << error;
  std::string content;
  EXPECT_FALSE(readFile("/nonexistent-folder/x.yaml", content, &error));
  EXPECT_NE(error.find("cannot open"), std::string::npos) << error;
}

// ---- Killed saves, modes, symlinks, sets, pipes and devices.

namespace {

std::vector<std::string> tempFilesIn(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name.find(".tmp-") != std::string::npos || name.find(".bak-") != std::string::npos) out.push_back(name);
  }
  return out;
}

std::string contentOf(const fs::path& p) {
  std::string s;
  EXPECT_TRUE(readFile(p.string(), s)) << p;
  return s;
}

int openDescriptors() {
  int n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator("/proc/self/fd")) ++n;
  return n;
}

}  // namespace

// The Done-when test: a save through a symlink to a 0600 file is killed (fork +
// SIGKILL) part way through writing; the old file is intact, and the next save
// replaces it with the mode and the link kept and no temp file left behind.
TEST(AtomicFile, KilledSaveLeavesTheOldFileAndTheNextSaveCleansUp) {
  auto dir = tempDir("killed");
  const fs::path real = dir / "real.yaml", link = dir / "link.yaml";
  ASSERT_TRUE(writeFileAtomically(real.string(), "old content\n"));
  fs::permissions(real, fs::perms::owner_read | fs::perms::owner_write);
  fs::create_symlink("real.yaml", link);

  int ready[2];
  ASSERT_EQ(::pipe(ready), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // The child saves 64 MiB; after 8 MiB it tells the parent and waits to be killed.
    ::close(ready[0]);
    const std::string big(64u << 20, 'x');
    wb::model::AtomicWriteHooks hooks;
    hooks.afterChunk = [&](std::size_t written) {
      if (written >= (8u << 20)) {
        const char c = 'k';
        if (::write(ready[1], &c, 1) == 1)
          for (;;) ::pause();
      }
    };
    writeFileAtomically(link.string(), big, nullptr, hooks);
    ::_exit(3);  // not reached: killed in the hook
  }
  ::close(ready[1]);
  char c = 0;
  ASSERT_EQ(::read(ready[0], &c, 1), 1);
  ::close(ready[0]);
  ASSERT_EQ(::kill(child, SIGKILL), 0);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status));

  EXPECT_EQ(contentOf(real), "old content\n");            // the old file is intact
  ASSERT_EQ(tempFilesIn(dir).size(), 1u);                   // the killed save's partial temp file...
  EXPECT_GE(fs::file_size(dir / tempFilesIn(dir).front()), 8u << 20);

  std::string error;
  ASSERT_TRUE(writeFileAtomically(link.string(), "new content\n", &error)) << error;
  EXPECT_TRUE(tempFilesIn(dir).empty());                    // ...does not survive the next save
  EXPECT_TRUE(fs::is_symlink(link));                        // the link stays a link
  EXPECT_EQ(fs::read_symlink(link), fs::path("real.yaml"));
  EXPECT_EQ(contentOf(real), "new content\n");              // and its target got the content
  EXPECT_EQ(fs::status(real).permissions() & fs::perms::all, fs::perms::owner_read | fs::perms::owner_write);
  fs::remove_all(dir);
}

TEST(AtomicFile, KeepsTheModeOfTheFileAndNewFilesFollowTheUmask) {
  auto dir = tempDir("mode");
  const fs::path p = dir / "r.yaml";
  ASSERT_TRUE(writeFileAtomically(p.string(), "a"));
  const mode_t mask = ::umask(022);
  ::umask(mask);
  EXPECT_EQ(static_cast<mode_t>(fs::status(p).permissions() & fs::perms::all), 0666 & ~mask);
  fs::permissions(p, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  ASSERT_TRUE(writeFileAtomically(p.string(), "b"));
  EXPECT_EQ(fs::status(p).permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  EXPECT_EQ(contentOf(p), "b");
  fs::remove_all(dir);
}

TEST(AtomicFile, WritesPipesAndDevicesInPlaceWithoutLeakingDescriptors) {
  auto dir = tempDir("fifo");
  const fs::path fifo = dir / "out.fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string got;
  std::thread reader([&] {
    std::ifstream in(fifo);
    std::getline(in, got);
  });
  std::string error;
  EXPECT_TRUE(writeFileAtomically(fifo.string(), "through the pipe\n", &error)) << error;
  reader.join();
  EXPECT_EQ(got, "through the pipe");
  EXPECT_TRUE(tempFilesIn(dir).empty());
  EXPECT_TRUE(writeFileAtomically("/dev/null", "gone", &error)) << error;

  const int before = openDescriptors();
  EXPECT_FALSE(writeFileAtomically("/dev/full", std::string(4096, 'x'), &error));  // ENOSPC
  EXPECT_NE(error.find("cannot write"), std::string::npos) << error;
  EXPECT_FALSE(writeFileAtomically((dir / "no" / "such" / "x").string(), "x", &error));
  EXPECT_EQ(openDescriptors(), before);
  fs::remove_all(dir);
}

TEST(AtomicFile, ASetIsReplacedWhollyOrNotAtAll) {
  auto dir = tempDir("set");
  const fs::path a = dir / "a.yaml", b = dir / "b.yaml";
  ASSERT_TRUE(writeFileAtomically(a.string(), "a1"));
  ASSERT_TRUE(writeFileAtomically(b.string(), "b1"));
  std::string error;
  // The second file cannot be written (its folder is missing): the first is not replaced either.
  EXPECT_FALSE(wb::model::writeFilesAtomically({{a.string(), "a2"}, {(dir / "missing" / "c.yaml").string(), "c2"}},
                                               &error));
  EXPECT_EQ(contentOf(a), "a1");
  EXPECT_TRUE(tempFilesIn(dir).empty());
  // Interrupted before the renames: nothing replaced.
  wb::model::AtomicWriteHooks stop;
  int seen = 0;
  stop.beforeRename = [&](const std::string&) { return ++seen < 2; };
  EXPECT_FALSE(wb::model::writeFilesAtomically({{a.string(), "a3"}, {b.string(), "b3"}}, &error, stop));
  EXPECT_EQ(contentOf(a), "a1");
  EXPECT_EQ(contentOf(b), "b1");
  EXPECT_TRUE(tempFilesIn(dir).empty());
  // And a good set replaces both, leaving no backups.
  ASSERT_TRUE(wb::model::writeFilesAtomically({{a.string(), "a4"}, {b.string(), "b4"}}, &error)) << error;
  EXPECT_EQ(contentOf(a), "a4");
  EXPECT_EQ(contentOf(b), "b4");
  EXPECT_TRUE(tempFilesIn(dir).empty());
  fs::remove_all(dir);
}

// `validate /dev/zero` read past 4 GB. Only regular files of
// a bounded size are read.
TEST(AtomicFile, ReadsOnlyRegularFilesWithinTheLimit) {
  std::string content, reason;
  EXPECT_FALSE(wb::model::readRegularFile("/dev/zero", content, reason));
  EXPECT_EQ(reason, "not a regular file (a device, pipe or socket)");
  auto dir = tempDir("read");
  const fs::path p = dir / "big.yaml";
  ASSERT_TRUE(writeFileAtomically(p.string(), std::string(1000, 'x')));
  EXPECT_FALSE(wb::model::readRegularFile(p.string(), content, reason, 999));
  EXPECT_EQ(reason, "too large: 1000 bytes (at most 999)");
  EXPECT_TRUE(wb::model::readRegularFile(p.string(), content, reason, 1000));
  EXPECT_EQ(content.size(), 1000u);
  const fs::path fifo = dir / "in.fifo";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_FALSE(wb::model::readRegularFile(fifo.string(), content, reason));  // no writer: must not wait
  EXPECT_EQ(reason, "not a regular file (a device, pipe or socket)");
  fs::remove_all(dir);
}
