// A minimal streaming JSON writer for result documents (`--json`), with
// correct string escaping and round-trippable numbers. No DOM, no allocation
// beyond the output string.
//
//   JsonWriter w;  w.beginObject(); w.key("games"); w.value(1000); w.endObject();
//   std::string text = w.str();
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace wb::sim {

class JsonWriter {
 public:
  explicit JsonWriter(bool pretty = true) : m_pretty(pretty) {}

  JsonWriter& beginObject() { open('{'); return *this; }
  JsonWriter& endObject() { close('}'); return *this; }
  JsonWriter& beginArray() { open('['); return *this; }
  JsonWriter& endArray() { close(']'); return *this; }

  JsonWriter& key(std::string_view k) {
    separate();
    writeString(k);
    m_out += m_pretty ? ": " : ":";
    m_afterKey = true;
    return *this;
  }
  JsonWriter& value(std::string_view s) { separate(); writeString(s); return *this; }
  JsonWriter& value(const char* s) { return value(std::string_view(s)); }
  JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
  JsonWriter& value(bool b) { separate(); m_out += b ? "true" : "false"; return *this; }
  JsonWriter& value(int v) { return value(static_cast<long long>(v)); }
  JsonWriter& value(long v) { return value(static_cast<long long>(v)); }
  JsonWriter& value(long long v) { separate(); m_out += std::to_string(v); return *this; }
  JsonWriter& value(unsigned v) { return value(static_cast<unsigned long long>(v)); }
  JsonWriter& value(unsigned long v) { return value(static_cast<unsigned long long>(v)); }
  JsonWriter& value(unsigned long long v) { separate(); m_out += std::to_string(v); return *this; }
  JsonWriter& value(double v) {
    separate();
    if (!std::isfinite(v)) { m_out += "null"; return *this; }
    char buf[32];
    if (v == std::floor(v) && std::fabs(v) < 1e15) {  // whole numbers as integers, never "2e+01"
      std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
      m_out += buf;
      return *this;
    }
    std::snprintf(buf, sizeof buf, "%.17g", v);
    // Prefer the shortest text that round-trips.
    for (int precision = 1; precision < 17; ++precision) {
      char shorter[32];
      std::snprintf(shorter, sizeof shorter, "%.*g", precision, v);
      if (std::strtod(shorter, nullptr) == v) { std::snprintf(buf, sizeof buf, "%s", shorter); break; }
    }
    m_out += buf;
    return *this;
  }
  JsonWriter& null() { separate(); m_out += "null"; return *this; }
  // Inserts already-serialised JSON as one value.
  JsonWriter& raw(std::string_view json) { separate(); m_out += json; return *this; }

  template <typename T>
  JsonWriter& field(std::string_view k, const T& v) { key(k); return value(v); }

  const std::string& str() const { return m_out; }

 private:
  void open(char c) {
    separate();
    m_out += c;
    m_first.push_back(true);
  }
  void close(char c) {
    bool empty = m_first.empty() ? true : m_first.back();
    if (!m_first.empty()) m_first.pop_back();
    if (!empty) newline();
    m_out += c;
  }
  void separate() {
    if (m_afterKey) { m_afterKey = false; return; }
    if (m_first.empty()) return;
    if (!m_first.back()) m_out += ',';
    m_first.back() = false;
    newline();
  }
  void newline() {
    if (!m_pretty) return;
    m_out += '\n';
    m_out.append(m_first.size() * 2, ' ');
  }
  void writeString(std::string_view s) {
    m_out += '"';
    for (unsigned char c : s) {
      switch (c) {
        case '"': m_out += "\\\""; break;
        case '\\': m_out += "\\\\"; break;
        case '\n': m_out += "\\n"; break;
        case '\r': m_out += "\\r"; break;
        case '\t': m_out += "\\t"; break;
        default:
          if (c < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            m_out += buf;
          } else {
            m_out += static_cast<char>(c);
          }
      }
    }
    m_out += '"';
  }

  bool m_pretty;
  bool m_afterKey = false;
  std::vector<bool> m_first;
  std::string m_out;
};

}  // namespace wb::sim
