#include "simulation/distributed/checkpoint_file.h"

#include <filesystem>

#include "model/core/atomic_file.h"
#include "simulation/distributed/byte_buffer.h"

namespace wb::sim {
namespace {
constexpr std::uint64_t kMagicV1 = 0x3130'74706b63'6277ULL;  // "wbckpt01": no checksum, no inputs
constexpr std::uint64_t kMagic = 0x3230'74706b63'6277ULL;    // "wbckpt02"
}  // namespace

// FNV-1a 64: each step is a bijection of the state, so any one changed byte changes the sum.
std::uint64_t CheckpointFile::checksum(std::string_view payload) {
  std::uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : payload) h = (h ^ c) * 1099511628211ULL;
  return h;
}

std::string CheckpointFile::encode() const {
  ByteWriter w;
  w.u64(kMagic);
  w.bytes(key);
  w.bytes(inputs);
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
  const std::uint64_t sum = checksum(w.str());
  w.u64(sum);
  return w.take();
}

bool CheckpointFile::decode(const std::string& bytes, std::string* why) {
  auto fail = [why](const char* reason) {
    if (why) *why = reason;
    return false;
  };
  ByteReader head(bytes);
  const std::uint64_t magic = head.u64();
  if (magic == kMagicV1) return fail("it was written by an older balance (no checksum)");
  if (magic != kMagic) return fail("it is not a balance checkpoint");
  if (bytes.size() < 16) return fail("it is truncated");
  const std::string_view payload(bytes.data(), bytes.size() - 8);
  ByteReader tail(std::string_view(bytes).substr(bytes.size() - 8));
  if (tail.u64() != checksum(payload)) return fail("it is damaged (checksum mismatch)");
  ByteReader in(payload);
  in.u64();
  CheckpointFile f;
  f.key = in.bytes();
  f.inputs = in.bytes();
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
      if (b >= e || e > r.tasks) return fail("it is damaged (task ranges)");
      r.done.add(b, e);
    }
    r.total = in.bytes();
    f.records[seq] = std::move(r);
  }
  if (!in.ok() || !in.atEnd()) return fail("it is damaged (records)");
  *this = std::move(f);
  return true;
}

bool CheckpointFile::load(const std::string& path, bool& exists, std::string& error) {
  std::error_code ec;
  exists = std::filesystem::exists(path, ec);
  if (!exists) return true;
  std::string bytes;
  if (!model::readFile(path, bytes, &error)) return false;
  std::string why;
  if (!decode(bytes, &why)) {
    error = "the checkpoint " + path + " cannot be resumed: " + why + "; give another file or delete it";
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
