// CheckpointFile: the merged partial results of a command's distributed jobs,
// written atomically (model/core/atomic_file.h) so a kill at any moment leaves
// the previous checkpoint whole. One record per job in the order the command
// runs them (a sweep runs one job per point): which task indices are done and
// the merged total of exactly those tasks. `key` names the command (its
// arguments and a hash of its input files); a checkpoint of another command is refused.
#pragma once

#include <cstdint>
#include <map>
#include <string>

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
  std::map<std::uint64_t, CheckpointRecord> records;  // by the job's sequence number in the command

  std::string encode() const;
  bool decode(const std::string& bytes);
  // Loads `path`; `exists` false (and true returned) when there is no such file.
  bool load(const std::string& path, bool& exists, std::string& error);
  bool save(const std::string& path, std::string& error) const;
};

}  // namespace wb::sim
