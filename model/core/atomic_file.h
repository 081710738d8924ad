// Atomic file writes and bounded reads.
//
// Writing: the content goes to a temporary file beside the target
// (`NAME.tmp-PID-N`), is flushed and fsync'ed, gets the old file's mode (a
// new file: 0666 minus the umask), then is renamed over the target. A crash
// at any point leaves the old file or the new one, never a mix; the partial
// temporary file of a killed save is removed by the next save of that file
// (its process is gone). A symlink is written through: its target is
// replaced and the link stays. A path that is not a regular file (a pipe,
// /dev/stdout, /dev/null) is written directly: no atomicity is possible there.
//
// A set of files (a ruleset and its includes) is written as a set: every
// temporary file is complete before the first rename, so if any cannot be
// written none is replaced; if a rename fails, the files already replaced are
// put back from hard-link backups where the file system allows them.
//
// Reading: regular files only (a device or pipe never hangs the reader) and
// at most `maxBytes`.
#pragma once

#include <cstddef>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wb::model {

struct AtomicWriteHooks {
  // Called after the temporary file is complete, before the rename; returning
  // false aborts the save (tests use it to simulate an interrupted write).
  std::function<bool(const std::string& tempPath)> beforeRename;
  // Called after each chunk (1 MiB) written to a temporary file with the
  // bytes written so far (tests kill the process part way through a save).
  std::function<void(std::size_t written)> afterChunk;
};

bool writeFileAtomically(const std::string& path, std::string_view content,
                         std::string* error = nullptr, const AtomicWriteHooks& hooks = {});

// Writes every (path, content) as one set (see above), in the order given
// (the last one is renamed last: put the root file there).
bool writeFilesAtomically(const std::vector<std::pair<std::string, std::string>>& files,
                          std::string* error = nullptr, const AtomicWriteHooks& hooks = {});

inline constexpr std::size_t kNoReadLimit = std::numeric_limits<std::size_t>::max();

// Reads a whole regular file of at most `maxBytes`; false with `reason`
// ("No such file or directory", "not a regular file (a device, pipe or
// socket)", "too large: 9000000 bytes (at most 4194304)") otherwise.
bool readRegularFile(const std::string& path, std::string& content, std::string& reason,
                     std::size_t maxBytes = kNoReadLimit);

// Reads a whole regular file; false (with `error`: "cannot open 'PATH': why").
bool readFile(const std::string& path, std::string& content, std::string* error = nullptr);

}  // namespace wb::model
