// fuzzCheckpoint (see fuzz_entries.h): the checkpoint reader of the
// distribution layer (simulation/distributed/checkpoint_file.h), with its checksum.
#include <string>

#include "simulation/distributed/byte_buffer.h"
#include "simulation/distributed/checkpoint_file.h"
#include "simulation/distributed/run_stats_codec.h"
#include "tests/fuzz/fuzz_entries.h"

namespace wb::fuzz {

int fuzzCheckpoint(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  std::string bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (data[0] & 1) {
    sim::ByteWriter sum;
    sum.u64(sim::CheckpointFile::checksum(bytes));
    bytes += sum.str();
  }
  sim::CheckpointFile file;
  std::string why;
  if (!file.decode(bytes, &why)) {
    if (why.empty()) fuzzFailure("a refused checkpoint without a reason");
    return 0;
  }
  sim::CheckpointFile again;
  if (!again.decode(file.encode())) fuzzFailure("a checkpoint that was read does not read back after writing");
  if (again.key != file.key || again.inputs != file.inputs || again.records.size() != file.records.size())
    fuzzFailure("a checkpoint reads back with another key, inputs or record count");
  for (const auto& [seq, r] : file.records) {
    const auto it = again.records.find(seq);
    if (it == again.records.end()) fuzzFailure("a checkpoint record is lost in writing");
    const sim::CheckpointRecord& b = it->second;
    if (b.fingerprint != r.fingerprint || b.tasks != r.tasks || b.complete != r.complete ||
        b.done.ranges() != r.done.ranges() || b.total != r.total)
      fuzzFailure("a checkpoint record reads back changed");
    if (r.done.size() > r.tasks) fuzzFailure("more tasks done than the job has");
    sim::RunStats stats;
    sim::RunStatsCodec::decode(r.total, stats);  // a run's job restores its total so: never a crash
  }
  return 0;
}

}  // namespace wb::fuzz
