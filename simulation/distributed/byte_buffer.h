// ByteWriter / ByteReader: the little binary format of the distribution layer
// (MPI messages and checkpoint files). Fixed-width little-endian integers,
// doubles as their bit pattern, strings and vectors with a 64-bit length, so a
// value read back is bit-identical to the value written. A reader that runs
// past the end (a truncated or foreign file) turns `ok()` false and yields zeros.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace wb::sim {

class ByteWriter {
 public:
  void u64(std::uint64_t v) {
    for (int i = 0; i < 8; ++i) m_out.push_back(static_cast<char>((v >> (8 * i)) & 0xffu));
  }
  void i64(std::int64_t v) { u64(static_cast<std::uint64_t>(v)); }
  void f64(double v) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &v, sizeof bits);
    u64(bits);
  }
  void bytes(std::string_view s) {
    u64(s.size());
    m_out.append(s.data(), s.size());
  }
  void u64s(const std::vector<std::uint64_t>& v) {
    u64(v.size());
    for (std::uint64_t x : v) u64(x);
  }
  const std::string& str() const { return m_out; }
  std::string take() { return std::move(m_out); }

 private:
  std::string m_out;
};

class ByteReader {
 public:
  explicit ByteReader(std::string_view in) : m_in(in) {}
  std::uint64_t u64() {
    if (m_pos + 8 > m_in.size()) return fail();
    std::uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(static_cast<unsigned char>(m_in[m_pos + static_cast<std::size_t>(i)])) << (8 * i);
    m_pos += 8;
    return v;
  }
  std::int64_t i64() { return static_cast<std::int64_t>(u64()); }
  double f64() {
    const std::uint64_t bits = u64();
    double v = 0;
    std::memcpy(&v, &bits, sizeof v);
    return v;
  }
  std::string bytes() {
    const std::uint64_t n = u64();
    if (!m_ok || n > m_in.size() - m_pos) {
      fail();
      return {};
    }
    std::string s(m_in.substr(m_pos, static_cast<std::size_t>(n)));
    m_pos += static_cast<std::size_t>(n);
    return s;
  }
  // A length, refused when it could not fit in what is left (each element >= minBytes).
  std::size_t count(std::size_t minBytes = 8) {
    const std::uint64_t n = u64();
    if (!m_ok || (minBytes > 0 && n > (m_in.size() - m_pos) / minBytes)) {
      fail();
      return 0;
    }
    return static_cast<std::size_t>(n);
  }
  std::vector<std::uint64_t> u64s() {
    std::vector<std::uint64_t> v(count());
    for (auto& x : v) x = u64();
    return v;
  }
  bool ok() const { return m_ok; }
  bool atEnd() const { return m_pos == m_in.size(); }

 private:
  std::uint64_t fail() {
    m_ok = false;
    m_pos = m_in.size();
    return 0;
  }
  std::string_view m_in;
  std::size_t m_pos = 0;
  bool m_ok = true;
};

}  // namespace wb::sim
