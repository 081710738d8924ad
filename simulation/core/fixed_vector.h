// FixedVector: a vector with its capacity inside the object (no heap). Engines
// keep their piles, hands, shops and stacks in it (card_dice, zoneplex) so that
// copying a state is one flat copy and the hot loop never allocates.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace wb::sim {

template <typename T, std::size_t N>
class FixedVector {
 public:
  std::size_t size() const { return m_size; }
  int count() const { return static_cast<int>(m_size); }
  bool empty() const { return m_size == 0; }
  bool full() const { return m_size == N; }
  static constexpr std::size_t capacity() { return N; }

  // Pushing into a full vector is ignored (callers check full() where it matters).
  void push_back(const T& v) {
    if (m_size < N) m_items[m_size++] = v;
  }
  void pop_back() {
    if (m_size > 0) --m_size;
  }
  void clear() { m_size = 0; }
  // Removes the element at `i`, keeping the order of the others.
  void erase(std::size_t i) {
    if (i >= m_size) return;
    for (std::size_t k = i + 1; k < m_size; ++k) m_items[k - 1] = m_items[k];
    --m_size;
  }
  // Removes the first element equal to `v`; false if there is none.
  bool eraseValue(const T& v) {
    for (std::size_t k = 0; k < m_size; ++k) {
      if (m_items[k] == v) {
        erase(k);
        return true;
      }
    }
    return false;
  }
  bool contains(const T& v) const {
    for (std::size_t k = 0; k < m_size; ++k)
      if (m_items[k] == v) return true;
    return false;
  }
  std::size_t countOf(const T& v) const {
    std::size_t n = 0;
    for (std::size_t k = 0; k < m_size; ++k) n += m_items[k] == v ? 1 : 0;
    return n;
  }

  T& operator[](std::size_t i) { return m_items[i]; }
  const T& operator[](std::size_t i) const { return m_items[i]; }
  T& back() { return m_items[m_size - 1]; }
  const T& back() const { return m_items[m_size - 1]; }
  T* begin() { return m_items.data(); }
  T* end() { return m_items.data() + m_size; }
  const T* begin() const { return m_items.data(); }
  const T* end() const { return m_items.data() + m_size; }

  // Copies `o` reading only its used items (byte items in 16-byte blocks; the bytes past
  // size() are never read): much less than the whole array when the capacity is large and
  // the vector short (card-dice piles: 250 slots, a few cards). Same contents as `= o`.
  void assignUsed(const FixedVector& o) {
    m_size = o.m_size;
    if constexpr (sizeof(T) == 1 && N >= 16) {
      constexpr std::size_t kWhole = N / 16 * 16;  // bytes in whole blocks
      const std::size_t upTo = m_size < kWhole ? m_size : kWhole;
      for (std::size_t i = 0; i < upTo; i += 16) std::memcpy(m_items.data() + i, o.m_items.data() + i, 16);
      if (m_size > kWhole) std::memcpy(m_items.data() + (N - 16), o.m_items.data() + (N - 16), 16);  // overlaps
    } else {
      for (std::size_t k = 0; k < m_size; ++k) m_items[k] = o.m_items[k];
    }
  }

  friend bool operator==(const FixedVector& a, const FixedVector& b) {
    if (a.m_size != b.m_size) return false;
    for (std::size_t k = 0; k < a.m_size; ++k)
      if (!(a.m_items[k] == b.m_items[k])) return false;
    return true;
  }

 private:
  std::array<T, N> m_items{};
  std::uint16_t m_size = 0;
};

}  // namespace wb::sim
