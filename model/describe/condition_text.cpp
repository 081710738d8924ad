#include "model/describe/condition_text.h"

#include <cctype>

namespace wb::model::describe {

namespace {

struct Piece {
  std::size_t begin, end;
};

bool isWordChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Splits [begin, end) of `text` at the word `word` outside parentheses.
std::vector<Piece> splitAtWord(std::string_view text, Piece range, std::string_view word) {
  std::vector<Piece> out;
  int depth = 0;
  std::size_t start = range.begin;
  for (std::size_t i = range.begin; i < range.end; ++i) {
    const char c = text[i];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (depth != 0 || i + word.size() > range.end || text.substr(i, word.size()) != word) continue;
    const bool before = i == 0 || !isWordChar(text[i - 1]);
    const bool after = i + word.size() >= text.size() || !isWordChar(text[i + word.size()]);
    if (!before || !after) continue;
    out.push_back({start, i});
    start = i + word.size();
    i = start - 1;
  }
  out.push_back({start, range.end});
  return out;
}

// Trims spaces; returns the text and sets `offset` to where it starts.
std::string trimmed(std::string_view text, Piece p, int& offset) {
  while (p.begin < p.end && std::isspace(static_cast<unsigned char>(text[p.begin]))) ++p.begin;
  while (p.end > p.begin && std::isspace(static_cast<unsigned char>(text[p.end - 1]))) --p.end;
  offset = static_cast<int>(p.begin);
  return std::string(text.substr(p.begin, p.end - p.begin));
}

bool comparison(std::string_view text, Piece p, ComparisonText& out, ConditionText& result) {
  int depth = 0;
  for (std::size_t i = p.begin; i < p.end; ++i) {
    const char c = text[i];
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (depth != 0) continue;
    const char n = i + 1 < p.end ? text[i + 1] : '\0';
    std::size_t len = 0;
    if ((c == '>' || c == '<' || c == '=' || c == '!') && n == '=') {
      len = 2;
      out.op = c == '>' ? Compare::GreaterEqual : c == '<' ? Compare::LessEqual : c == '=' ? Compare::Equal
                                                                                         : Compare::NotEqual;
    } else if (c == '>' || c == '<') {
      len = 1;
      out.op = c == '>' ? Compare::Greater : Compare::Less;
    } else if (c == '=' || c == '!') {
      result.errorOffset = static_cast<int>(i);
      result.error = c == '=' ? "'=' is not a comparison (write '==')" : "'!' is not a comparison (write '!=')";
      return false;
    }
    if (len == 0) continue;
    out.lhs = trimmed(text, {p.begin, i}, out.lhsOffset);
    out.rhs = trimmed(text, {i + len, p.end}, out.rhsOffset);
    if (out.lhs.empty() || out.rhs.empty()) {
      result.errorOffset = static_cast<int>(i);
      result.error = "a comparison needs an amount on each side";
      return false;
    }
    return true;
  }
  out.op = Compare::NonZero;
  out.lhs = trimmed(text, p, out.lhsOffset);
  if (out.lhs.empty()) {
    result.errorOffset = static_cast<int>(p.begin);
    result.error = "empty condition";
    return false;
  }
  return true;
}

}  // namespace

ConditionText splitCondition(std::string_view text) {
  ConditionText result;
  for (const Piece& disjunct : splitAtWord(text, {0, text.size()}, "or")) {
    std::vector<ComparisonText> all;
    for (const Piece& conjunct : splitAtWord(text, disjunct, "and")) {
      ComparisonText c;
      if (!comparison(text, conjunct, c, result)) return result;
      all.push_back(std::move(c));
    }
    result.anyOf.push_back(std::move(all));
  }
  return result;
}

}  // namespace wb::model::describe
