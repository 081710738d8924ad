// IndexRanges: a set of task indices kept as sorted, disjoint half-open ranges
// [begin, end), merged when they touch. The distribution layer records which
// games of a run are done (in any order, from any rank) and a checkpoint stores it.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

namespace wb::sim {

class IndexRanges {
 public:
  using Range = std::pair<std::uint64_t, std::uint64_t>;  // [first, second)

  void add(std::uint64_t begin, std::uint64_t end);
  bool contains(std::uint64_t index) const;
  // Indices of [begin, end) in the set.
  std::uint64_t countIn(std::uint64_t begin, std::uint64_t end) const;
  std::uint64_t size() const { return countIn(0, UINT64_MAX); }
  // The first index >= from that is not in the set.
  std::uint64_t firstMissing(std::uint64_t from) const;
  // The first index >= from that is in the set (UINT64_MAX if none).
  std::uint64_t firstPresent(std::uint64_t from) const;
  const std::vector<Range>& ranges() const { return m_ranges; }
  friend bool operator==(const IndexRanges&, const IndexRanges&) = default;

 private:
  std::vector<Range> m_ranges;
};

}  // namespace wb::sim
