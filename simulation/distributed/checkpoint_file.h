// CheckpointFile: the merged partial results of a command's distributed jobs,
// written atomically (model/core/atomic_file.h) so a kill at any moment leaves
// the previous checkpoint whole. One record per job in the order the command
// runs them (a sweep runs one job per point): which task indices are done and
// the merged total of exactly those tasks. `key` names the command (its
// arguments), `inputs` the content of its ruleset (every file, includes too);
// a checkpoint of another command or of an edited ruleset is refused. The
// whole payload carries a checksum (FNV-1a 64, which changes with any one
// changed byte): a damaged file is refused, never resumed with other numbers.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "simulation/distributed/index_ranges.h"

namespace wb::sim {

struct CheckpointRecord {
  std::string fingerprint;   // DistributedJob::fingerprint
  std::uint64_t tasks = 0;
  bool complete = false;     // the job finished: `total` is its result
  IndexRanges done;          // tasks merged into `total`
  std::string total;         // the job's total as bytes (DistributedJob::total)
};

struct CheckpointFile {
  std::string key;
  std::string inputs;
  std::map<std::uint64_t, CheckpointRecord> records;  // by the job's sequence number in the command

  std::string encode() const;
  // False with `why` for a foreign, truncated or damaged file.
  bool decode(const std::string& bytes, std::string* why = nullptr);
  // The checksum the last 8 bytes of a file hold, over the bytes before them.
  static std::uint64_t checksum(std::string_view payload);
  // Loads `path`; `exists` false (and true returned) when there is no such file.
  bool load(const std::string& path, bool& exists, std::string& error);
  bool save(const std::string& path, std::string& error) const;
};

}  // namespace wb::sim
