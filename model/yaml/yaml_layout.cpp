// Spans of YAML entries and flow nodes (see yaml_layout.h).
#include "model/yaml/yaml_layout.h"

namespace wb::model::yaml {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t'; }

// True if text[from, to) holds spaces only.
bool spacesOnly(std::string_view text, std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to; ++i)
    if (!isSpace(text[i])) return false;
  return true;
}

int indentAt(std::string_view text, std::size_t lineBegin) {
  int n = 0;
  while (lineBegin + static_cast<std::size_t>(n) < text.size() && text[lineBegin + static_cast<std::size_t>(n)] == ' ') ++n;
  return n;
}

// Moves `end` (a line start or the text's end) back over whole blank and
// comment lines, never above the line of `start`.
std::size_t trimTrailing(std::string_view text, std::size_t start, std::size_t end) {
  const std::size_t first = lineStart(text, start);
  std::size_t p = end;
  while (p > 0) {
    const std::size_t q = lineStart(text, p - 1);
    if (q <= first || !isBlankOrCommentLine(text, q)) break;
    p = q;
  }
  return p;
}

// The comment lines right above `start`'s line, at column `indent`.
std::size_t leadingComments(std::string_view text, std::size_t start, int indent) {
  std::size_t p = lineStart(text, start);
  while (p > 0) {
    const std::size_t q = lineStart(text, p - 1);
    const int at = indentAt(text, q);
    if (at != indent || q + static_cast<std::size_t>(at) >= text.size() || text[q + static_cast<std::size_t>(at)] != '#') break;
    p = q;
  }
  return p;
}

// Where the dash of the block sequence item starting at `itemPos` is; npos if
// something other than whitespace stands between them.
std::size_t dashBefore(std::string_view text, std::size_t itemPos) {
  std::size_t i = itemPos;
  while (i > 0) {
    const char c = text[i - 1];
    if (c == '-') return i - 1;
    if (!isSpace(c) && c != '\n' && c != '\r') return std::string_view::npos;
    --i;
  }
  return std::string_view::npos;
}

}  // namespace

std::size_t lineStart(std::string_view text, std::size_t pos) {
  if (pos > text.size()) pos = text.size();
  while (pos > 0 && text[pos - 1] != '\n') --pos;
  return pos;
}

std::size_t nextLineStart(std::string_view text, std::size_t pos) {
  const std::size_t nl = text.find('\n', pos);
  return nl == std::string_view::npos ? text.size() : nl + 1;
}

bool isBlankOrCommentLine(std::string_view text, std::size_t pos) {
  while (pos < text.size() && isSpace(text[pos])) ++pos;
  return pos >= text.size() || text[pos] == '\n' || text[pos] == '\r' || text[pos] == '#';
}

bool isBlankLine(std::string_view text, std::size_t pos) {
  while (pos < text.size() && isSpace(text[pos])) ++pos;
  return pos >= text.size() || text[pos] == '\n' || text[pos] == '\r';
}

std::size_t scalarEnd(std::string_view text, std::size_t begin, bool flow) {
  if (begin >= text.size()) return std::string_view::npos;
  const char q = text[begin];
  if (q == '"' || q == '\'') {
    for (std::size_t i = begin + 1; i < text.size(); ++i) {
      const char c = text[i];
      if (c == '\n') return std::string_view::npos;
      if (q == '"' && c == '\\') {
        ++i;
        continue;
      }
      if (c == q) {
        if (q == '\'' && i + 1 < text.size() && text[i + 1] == '\'') {
          ++i;
          continue;
        }
        return i + 1;
      }
    }
    return std::string_view::npos;
  }
  if (q == '|' || q == '>') return std::string_view::npos;  // block scalars: rewritten whole
  std::size_t i = begin;
  while (i < text.size() && text[i] != '\n') {
    if (text[i] == '#' && i > begin && isSpace(text[i - 1])) break;
    if (flow && (text[i] == ',' || text[i] == ']' || text[i] == '}')) break;
    ++i;
  }
  while (i > begin && (isSpace(text[i - 1]) || text[i - 1] == '\r')) --i;
  return i;
}

std::size_t flowEnd(std::string_view text, std::size_t begin) {
  if (begin >= text.size()) return std::string_view::npos;
  if (text[begin] != '[' && text[begin] != '{') return scalarEnd(text, begin, true);
  int depth = 0;
  for (std::size_t i = begin; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"' || c == '\'') {
      const std::size_t e = scalarEnd(text, i, true);
      if (e == std::string_view::npos) return e;
      i = e - 1;
    } else if (c == '#' && i > begin && isSpace(text[i - 1])) {
      i = nextLineStart(text, i) - 1;
    } else if (c == '[' || c == '{') {
      ++depth;
    } else if (c == ']' || c == '}') {
      if (--depth == 0) return i + 1;
    }
  }
  return std::string_view::npos;
}

std::optional<BlockLayout> blockLayout(std::string_view text, const YAML::Node& node, std::size_t limit) {
  BlockLayout out;
  std::vector<std::size_t> starts;
  auto add = [&](std::size_t at) {
    if (at == std::string_view::npos || at >= text.size()) return false;
    EntrySpan e;
    const std::size_t ls = lineStart(text, at);
    e.indent = static_cast<int>(at - ls);
    e.midLine = !spacesOnly(text, ls, at);
    e.start = e.midLine ? at : ls;
    if (!out.entries.empty() && (e.midLine || e.start <= out.entries.back().start)) return false;
    out.entries.push_back(e);
    return true;
  };
  if (node.IsMap()) {
    for (auto it = node.begin(); it != node.end(); ++it)
      if (!it->first.IsScalar() || !add(static_cast<std::size_t>(it->first.Mark().pos))) return std::nullopt;
  } else if (node.IsSequence()) {
    for (const auto& item : node)
      if (!add(dashBefore(text, static_cast<std::size_t>(item.Mark().pos)))) return std::nullopt;
  } else {
    return std::nullopt;
  }
  for (std::size_t i = 0; i < out.entries.size(); ++i) {
    EntrySpan& e = out.entries[i];
    e.limit = i + 1 < out.entries.size() ? out.entries[i + 1].start : limit;
    if (e.limit < e.start) return std::nullopt;
    e.end = trimTrailing(text, e.start, e.limit);
    e.leadStart = e.midLine ? e.start : leadingComments(text, e.start, e.indent);
    if (i > 0 && e.leadStart < out.entries[i - 1].end) e.leadStart = out.entries[i - 1].end;
    if (i + 1 < out.entries.size())
      for (std::size_t p = e.end; p < e.limit; p = nextLineStart(text, p))
        if (isBlankLine(text, p)) out.blankSeparated = true;
  }
  return out;
}

std::string reindent(std::string_view lines, int delta) {
  std::string out;
  std::size_t p = 0;
  while (p < lines.size()) {
    const std::size_t nl = lines.find('\n', p);
    const std::size_t end = nl == std::string_view::npos ? lines.size() : nl + 1;
    std::string_view line = lines.substr(p, end - p);
    if (line == "\n" || line.empty()) {
      out += line;
    } else if (delta >= 0) {
      out += std::string(static_cast<std::size_t>(delta), ' ');
      out += line;
    } else {
      std::size_t drop = 0;
      while (drop < static_cast<std::size_t>(-delta) && drop < line.size() && line[drop] == ' ') ++drop;
      out += line.substr(drop);
    }
    p = end;
  }
  return out;
}

}  // namespace wb::model::yaml
