#include "model/core/scalar.h"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace wb::model {

std::optional<long long> parseInt(const std::string& text) {
  if (text.empty()) return std::nullopt;
  const char* begin = text.data();
  if (*begin == '+') ++begin;
  long long v = 0;
  auto [ptr, ec] = std::from_chars(begin, text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size()) return std::nullopt;
  return v;
}

std::optional<double> parseNumber(const std::string& text) {
  if (text.empty()) return std::nullopt;
  if (auto i = parseInt(text)) return static_cast<double>(*i);
  errno = 0;
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size() || errno == ERANGE || !std::isfinite(v)) return std::nullopt;
  // Reject hex floats and things strtod accepts that YAML readers would not expect.
  for (char c : text)
    if (c == 'x' || c == 'X' || c == 'n' || c == 'N' || c == 'i' || c == 'I') return std::nullopt;
  return v;
}

std::optional<bool> parseBool(const std::string& text) {
  if (text == "true" || text == "True" || text == "TRUE" || text == "yes" || text == "on") return true;
  if (text == "false" || text == "False" || text == "FALSE" || text == "no" || text == "off") return false;
  return std::nullopt;
}

std::string formatNumber(double value) {
  if (std::isfinite(value) && value == std::floor(value) && std::fabs(value) < 1e15) {
    return std::to_string(static_cast<long long>(value));
  }
  char buf[32];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, value);
    if (std::strtod(buf, nullptr) == value) break;
  }
  return buf;
}

std::optional<long long> Field::asInt() const { return isList ? std::nullopt : parseInt(text); }
std::optional<double> Field::asNumber() const { return isList ? std::nullopt : parseNumber(text); }
std::optional<bool> Field::asBool() const { return isList ? std::nullopt : parseBool(text); }

}  // namespace wb::model
