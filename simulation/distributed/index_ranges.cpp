#include "simulation/distributed/index_ranges.h"

#include <algorithm>

namespace wb::sim {

void IndexRanges::add(std::uint64_t begin, std::uint64_t end) {
  if (begin >= end) return;
  std::vector<Range> out;
  out.reserve(m_ranges.size() + 1);
  bool placed = false;
  for (const Range& r : m_ranges) {
    if (r.second < begin) {
      out.push_back(r);
    } else if (end < r.first) {
      if (!placed) out.emplace_back(begin, end), placed = true;
      out.push_back(r);
    } else {
      begin = std::min(begin, r.first);
      end = std::max(end, r.second);
    }
  }
  if (!placed) out.emplace_back(begin, end);
  m_ranges = std::move(out);
}

bool IndexRanges::contains(std::uint64_t index) const {
  for (const Range& r : m_ranges)
    if (index >= r.first && index < r.second) return true;
  return false;
}

std::uint64_t IndexRanges::countIn(std::uint64_t begin, std::uint64_t end) const {
  std::uint64_t n = 0;
  for (const Range& r : m_ranges) {
    const std::uint64_t lo = std::max(begin, r.first), hi = std::min(end, r.second);
    if (lo < hi) n += hi - lo;
  }
  return n;
}

std::uint64_t IndexRanges::firstMissing(std::uint64_t from) const {
  for (const Range& r : m_ranges)
    if (from >= r.first && from < r.second) return r.second;  // ranges never touch, so r.second is missing
  return from;
}

std::uint64_t IndexRanges::firstPresent(std::uint64_t from) const {
  for (const Range& r : m_ranges) {
    if (from < r.second) return std::max(from, r.first);
  }
  return UINT64_MAX;
}

}  // namespace wb::sim
