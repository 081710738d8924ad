// Scalar quoting for the YAML writer (see yaml_text.h). The rules are
// conservative: when in doubt, quote — a quoted scalar always reads back.
#include "model/yaml/yaml_text.h"

#include <cstdio>

namespace wb::model::yaml {

namespace {
bool isSpace(char c) { return c == ' ' || c == '\t'; }
bool isControl(char c) { return (static_cast<unsigned char>(c) < 0x20) || c == 0x7F; }
}  // namespace

bool isPlainSafe(std::string_view s, bool flow) {
  if (s.empty()) return false;
  if (s == "~" || s == "null" || s == "Null" || s == "NULL" || s == "<<") return false;
  if (isSpace(s.front()) || isSpace(s.back())) return false;
  if (s.substr(0, 3) == "---" || s.substr(0, 3) == "...") return false;
  const char first = s.front();
  static constexpr std::string_view kIndicators = ",[]{}#&*!|>'\"%@`";
  if (kIndicators.find(first) != std::string_view::npos) return false;
  if (first == '-' || first == '?' || first == ':') {
    if (s.size() == 1 || isSpace(s[1])) return false;
    if (flow && std::string_view(",[]{}").find(s[1]) != std::string_view::npos) return false;
  }
  if (s.back() == ':') return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (isControl(c)) return false;
    if (c == ':' && i + 1 < s.size() && (isSpace(s[i + 1]) || (flow && std::string_view(",[]{}").find(s[i + 1]) != std::string_view::npos)))
      return false;
    if (c == '#' && i > 0 && isSpace(s[i - 1])) return false;
    // yaml-cpp also stumbles over '?' inside flow scalars ("n? x").
    if (flow && std::string_view(",[]{}?").find(c) != std::string_view::npos) return false;
  }
  return true;
}

std::string doubleQuoted(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '"': out += "\\\""; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (isControl(c)) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string scalarText(std::string_view s, bool flow) { return isPlainSafe(s, flow) ? std::string(s) : doubleQuoted(s); }

std::string flowList(const std::vector<std::string>& items) {
  std::string out = "[";
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + scalarText(items[i], true);
  return out + "]";
}

bool literalBlock(std::string_view s, std::string& header, std::vector<std::string>& lines) {
  if (s.find('\n') == std::string_view::npos || s.front() == '\n') return false;
  // Trailing newlines: none -> `|-` (strip), exactly one -> `|` (clip); more -> quote.
  std::string_view body = s;
  if (body.back() == '\n') {
    body.remove_suffix(1);
    if (!body.empty() && body.back() == '\n') return false;
    header = "|";
  } else {
    header = "|-";
  }
  lines.clear();
  std::size_t start = 0;
  while (true) {
    const std::size_t end = body.find('\n', start);
    std::string_view line = body.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    for (char c : line)
      if (isControl(c)) return false;  // tabs, CR and the like: quote instead
    // A line of only spaces would be read as indentation; a leading space on
    // the first line would set the block's indentation.
    if (!line.empty() && line.find_first_not_of(' ') == std::string_view::npos) return false;
    if (lines.empty() && !line.empty() && line.front() == ' ') return false;
    lines.emplace_back(line);
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return true;
}

}  // namespace wb::model::yaml
