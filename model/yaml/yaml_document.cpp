#include "model/yaml/yaml_document.h"

#include <yaml-cpp/depthguard.h>

#include <cstdio>

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

std::optional<YAML::Node> parseYamlDocument(const std::string& file, std::string_view text, Diagnostics& out,
                                            std::string_view rootWhat) {
  if (!checkYamlText(file, text, out)) return std::nullopt;
  YAML::Node root;
  try {
    root = YAML::Load(std::string(text));
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
