#include "model/yaml/yaml_document.h"

#include <yaml-cpp/depthguard.h>

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/parser.h>

#include <cstdio>
#include <sstream>
#include <vector>

#include "model/yaml/node_reader.h"
#include "model/yaml/ruleset_loader.h"

namespace wb::model::yaml {

namespace {

// Length of the UTF-8 sequence starting at s[i], or 0 if it is not valid.
std::size_t utf8Length(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = byte(i);
  std::size_t n = 0;
  unsigned min = 0;
  if (c < 0x80) return 1;
  if ((c & 0xE0) == 0xC0) { n = 2; min = 0x80; }
  else if ((c & 0xF0) == 0xE0) { n = 3; min = 0x800; }
  else if ((c & 0xF8) == 0xF0) { n = 4; min = 0x10000; }
  else return 0;
  if (i + n > s.size()) return 0;
  unsigned cp = c & (0x7F >> n);
  for (std::size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return n;
}

// Refuses flow nesting (`[` and `{`) deeper than kMaxYamlDepth before yaml-cpp
// builds anything: its scanner keeps every open level, so 4 MiB of unclosed
// `[` took 999 MB before its own depth guard spoke. Quoted scalars
// and comments are skipped; brackets in plain text count too, so only text
// with more than 500 of them left open could be refused wrongly.
bool checkFlowDepth(const std::string& file, std::string_view text, Diagnostics& out) {
  int depth = 0, line = 1, column = 0;
  char quote = 0;
  bool comment = false, escaped = false;
  char previous = '\n';
  for (char c : text) {
    ++column;
    if (c == '\n') {
      ++line;
      column = 0;
      comment = false;
      previous = c;
      continue;
    }
    if (comment) continue;
    if (quote) {
      if (escaped) escaped = false;                        // \" in a double-quoted scalar does not close it
      else if (quote == '"' && c == '\\') escaped = true;
      else if (c == quote) quote = 0;
      previous = c;
      continue;
    }
    const bool atStart = previous == '\n' || previous == ' ' || previous == '\t' || previous == '[' || previous == '{' ||
                         previous == ',' || previous == ':';
    if (c == '#' && (previous == '\n' || previous == ' ' || previous == '\t')) comment = true;
    else if ((c == '"' || c == '\'') && atStart) quote = c;
    else if (c == '[' || c == '{') {
      if (++depth > kMaxYamlDepth) {
        out.error({file, line, column}, "YAML nested too deeply: more than " + std::to_string(kMaxYamlDepth) +
                                            " levels of lists and maps inside each other");
        return false;
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
    previous = c;
  }
  return true;
}

}  // namespace

// Rejects what is not YAML text at all: NUL bytes and invalid UTF-8.
bool checkYamlText(const std::string& file, std::string_view text, Diagnostics& out) {
  int line = 1, column = 1;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == '\0') {
      out.error({file, line, column}, "binary file (NUL byte), expected YAML text");
      return false;
    }
    const std::size_t n = utf8Length(text, i);
    if (n == 0) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(text[i])));
      out.error({file, line, column}, std::string("invalid UTF-8 (byte ") + hex + "), expected YAML text");
      return false;
    }
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    i += n;
  }
  return true;
}

namespace {

// Where the document after the first one starts, if there is one. yaml-cpp
// 0.7's LoadAll loops for ever on a stray ',' after a document ("- a\n,":
// the parser reports an empty document without consuming the token;
// jbeder/yaml-cpp#1040, fixed upstream in 0.8 by #1319), so the documents are
// counted with the event parser, at most two, and only the first is built.
class DocumentProbe : public YAML::EventHandler {
 public:
  YAML::Mark start, node;
  bool seenNode = false;
  void OnDocumentStart(const YAML::Mark& mark) override { start = mark; }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { first(mark); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { first(mark); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t, const std::string&) override { first(mark); }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    first(mark);
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    first(mark);
  }
  void OnMapEnd() override {}

 private:
  void first(const YAML::Mark& mark) {
    if (!seenNode) node = mark;
    seenNode = true;
  }
};

SourceLocation locationOf(const std::string& file, const YAML::Mark& mark) {
  return mark.is_null() ? SourceLocation{file, 0, 0} : SourceLocation{file, mark.line + 1, mark.column + 1};
}

// False with a diagnostic when `text` holds more than one document (or text
// after the first that starts none); exceptions propagate to the caller.
bool checkSingleDocument(const std::string& file, const std::string& text, Diagnostics& out) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentProbe firstDoc, second;
  if (!parser.HandleNextDocument(firstDoc)) return true;
  if (!parser.HandleNextDocument(second)) return true;
  const bool marker = !second.start.is_null() && second.start.pos >= 0 &&
                      text.compare(static_cast<std::size_t>(second.start.pos), 3, "---") == 0;
  if (marker) {
    // A second document (after `---`) would be ignored without a word: it is an error.
    out.error(locationOf(file, second.seenNode ? second.node : second.start),
              "a second YAML document (after '---'): a file holds one; use `include:` for more files");
  } else {
    out.error(locationOf(file, second.seenNode ? second.node : second.start),
              "unexpected text after the end of the YAML document (a stray ',', ']' or '}'?)");
  }
  return false;
}

}  // namespace

std::optional<YAML::Node> parseYamlDocument(const std::string& file, std::string_view text, Diagnostics& out,
                                            std::string_view rootWhat) {
  if (!checkYamlText(file, text, out) || !checkFlowDepth(file, text, out)) return std::nullopt;
  YAML::Node root;
  try {
    const std::string whole(text);
    if (!checkSingleDocument(file, whole, out)) return std::nullopt;
    root = YAML::Load(whole);
  } catch (const YAML::DeepRecursion& e) {
    SourceLocation where{file, 0, 0};
    if (!e.mark.is_null()) where = {file, e.mark.line + 1, e.mark.column + 1};
    out.error(where, "YAML nested too deeply: more than " + std::to_string(kMaxYamlDepth) +
                         " levels of lists and maps inside each other");
    return std::nullopt;
  } catch (const YAML::Exception& e) {
    SourceLocation where{file, 0, 0};
    if (!e.mark.is_null()) where = {file, e.mark.line + 1, e.mark.column + 1};
    out.error(where, "YAML syntax error: " + (e.msg.empty() ? std::string("cannot parse") : e.msg));
    return std::nullopt;
  } catch (const std::exception& e) {
    out.error({file, 0, 0}, std::string("cannot parse YAML: ") + e.what());
    return std::nullopt;
  }
  if (root.IsNull() || !root.IsDefined()) {
    out.error({file, 1, 1}, "empty file");
    return std::nullopt;
  }
  if (!root.IsMap()) {
    NodeReader reader(file, text, out);
    out.error(reader.loc(root), "expected " + std::string(rootWhat) + ", got " + NodeReader::describe(root));
    return std::nullopt;
  }
  return root;
}

}  // namespace wb::model::yaml
