#include "simulation/distributed/checkpoint_file.h"

#include <filesystem>

#include "model/core/atomic_file.h"
#include "simulation/distributed/byte_buffer.h"

namespace wb::sim {
namespace {
constexpr std::uint64_t kMagic = 0x3130'74706b63'6277ULL;  // "wbckpt01"
}

std::string CheckpointFile::encode() const {
  ByteWriter w;
  w.u64(kMagic);
  w.bytes(key);
  w.u64(records.size());
  for (const auto& [seq, r] : records) {
    w.u64(seq);
    w.bytes(r.fingerprint);
    w.u64(r.tasks);
    w.u64(r.complete ? 1 : 0);
    w.u64(r.done.ranges().size());
    for (const auto& range : r.done.ranges()) {
      w.u64(range.first);
      w.u64(range.second);
    }
    w.bytes(r.total);
  }
  return w.take();
}

bool CheckpointFile::decode(const std::string& bytes) {
  ByteReader in(bytes);
  if (in.u64() != kMagic) return false;
  CheckpointFile f;
  f.key = in.bytes();
  const std::size_t n = in.count(48);
  for (std::size_t i = 0; i < n && in.ok(); ++i) {
    const std::uint64_t seq = in.u64();
    CheckpointRecord r;
    r.fingerprint = in.bytes();
    r.tasks = in.u64();
    r.complete = in.u64() != 0;
    const std::size_t ranges = in.count(16);
    for (std::size_t k = 0; k < ranges; ++k) {
      const std::uint64_t b = in.u64(), e = in.u64();
      if (b >= e || e > r.tasks) return false;
      r.done.add(b, e);
    }
    r.total = in.bytes();
    f.records[seq] = std::move(r);
  }
  if (!in.ok() || !in.atEnd()) return false;
  *this = std::move(f);
  return true;
}

bool CheckpointFile::load(const std::string& path, bool& exists, std::string& error) {
  std::error_code ec;
  exists = std::filesystem::exists(path, ec);
  if (!exists) return true;
  std::string bytes;
  if (!model::readFile(path, bytes, &error)) return false;
  if (!decode(bytes)) {
    error = path + " is not a balance checkpoint, or it is damaged";
    return false;
  }
  return true;
}

bool CheckpointFile::save(const std::string& path, std::string& error) const {
  std::string why;
  if (model::writeFileAtomically(path, encode(), &why)) return true;
  error = "cannot write the checkpoint " + path + ": " + why;
  return false;
}

}  // namespace wb::sim
