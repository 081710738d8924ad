// Atomic file writes: the content goes to a temporary file in the same folder,
// is flushed and fsync'ed, then renamed over the target. A crash or failure at
// any point leaves either the old file or the new one, never a mix.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace wb::model {

struct AtomicWriteHooks {
  // Called after the temporary file is complete, before the rename; returning
  // false aborts the save (tests use it to simulate an interrupted write).
  std::function<bool(const std::string& tempPath)> beforeRename;
};

bool writeFileAtomically(const std::string& path, std::string_view content,
                         std::string* error = nullptr, const AtomicWriteHooks& hooks = {});

// Reads a whole file; false (with `error`) if it cannot be opened.
bool readFile(const std::string& path, std::string& content, std::string* error = nullptr);

}  // namespace wb::model
