// Atomic saves (DESIGN.md: "Saving never loses data"): a completed write
// replaces the file; an interrupted one leaves the old content and no temp file.
#include <gtest/gtest.h>

#include <filesystem>

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
