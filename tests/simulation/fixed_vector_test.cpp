// FixedVector::assignUsed: copies exactly the used items, at every size up to the
// capacity (byte items go in 16-byte blocks, the last one overlapping when the
// capacity is no multiple of 16), so a copy made with it equals one made with `=`.
#include <gtest/gtest.h>

#include <cstdint>

#include "simulation/core/fixed_vector.h"

using wb::sim::FixedVector;

namespace {

template <typename T, std::size_t N>
void checkEverySize() {
  for (std::size_t n = 0; n <= N; ++n) {
    FixedVector<T, N> from;
    for (std::size_t k = 0; k < n; ++k) from.push_back(static_cast<T>(k * 7 + 3));
    // A target that held other, longer contents first: nothing of it may show through.
    FixedVector<T, N> to;
    for (std::size_t k = 0; k < N; ++k) to.push_back(static_cast<T>(200 - k % 100));
    to.assignUsed(from);
    ASSERT_EQ(to.size(), n) << "size " << n;
    ASSERT_TRUE(to == from) << "size " << n;
    for (std::size_t k = 0; k < n; ++k) ASSERT_EQ(to[k], static_cast<T>(k * 7 + 3)) << "size " << n << " item " << k;
    // Growing the copy afterwards appends after the copied items.
    if (n < N) {
      to.push_back(static_cast<T>(1));
      EXPECT_EQ(to.back(), static_cast<T>(1));
      EXPECT_EQ(to.size(), n + 1);
    }
  }
}

}  // namespace

TEST(FixedVector, AssignUsedCopiesEverySizeOfByteVectors) {
  checkEverySize<std::uint8_t, 250>();  // card-dice piles: 15 blocks and an overlapping one
  checkEverySize<std::uint8_t, 16>();
  checkEverySize<std::uint8_t, 33>();
}

TEST(FixedVector, AssignUsedCopiesWiderItems) {
  checkEverySize<std::uint16_t, 40>();
  checkEverySize<std::int64_t, 9>();
}
