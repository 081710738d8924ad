#include "model/yaml/layout_preserver.h"

#include <algorithm>
#include <vector>

#include <yaml-cpp/yaml.h>

#include "model/yaml/yaml_text.h"

namespace wb::model::yaml {

namespace {

struct Patch {
  std::size_t begin = 0;  // byte range of the old scalar in the original text
  std::size_t end = 0;
  std::string text;       // the new scalar, quoted as needed
};

bool loadNode(const std::string& text, YAML::Node& out) {
  try {
    out = YAML::Load(text);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

// End of the scalar that starts at `begin`: a quoted scalar ends after its
// closing quote; a plain one at the end of the line, a comment, or (in flow
// context) the next , ] or }. npos when the scalar is not on one line.
std::size_t scalarEnd(const std::string& text, std::size_t begin, bool flow) {
  if (begin >= text.size()) return std::string::npos;
  const char q = text[begin];
  if (q == '"' || q == '\'') {
    for (std::size_t i = begin + 1; i < text.size(); ++i) {
      const char c = text[i];
      if (c == '\n') return std::string::npos;
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
    return std::string::npos;
  }
  if (q == '|' || q == '>') return std::string::npos;  // block scalars: rewrite instead
  std::size_t i = begin;
  while (i < text.size() && text[i] != '\n') {
    if (text[i] == '#' && i > begin && (text[i - 1] == ' ' || text[i - 1] == '\t')) break;
    if (flow && (text[i] == ',' || text[i] == ']' || text[i] == '}')) break;
    ++i;
  }
  while (i > begin && (text[i - 1] == ' ' || text[i - 1] == '\t')) --i;
  return i;
}

bool isFlow(const YAML::Node& n) { return n.Style() == YAML::EmitterStyle::Flow; }

// Walks both trees; records patches for differing scalars. False when the
// shapes differ.
bool collect(const YAML::Node& o, const YAML::Node& c, bool flow, const std::string& text, std::vector<Patch>& out) {
  if (o.Type() != c.Type()) return false;
  switch (o.Type()) {
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
      return true;
    case YAML::NodeType::Scalar: {
      if (o.Scalar() == c.Scalar()) return true;
      const std::size_t begin = static_cast<std::size_t>(o.Mark().pos);
      const std::size_t end = scalarEnd(text, begin, flow);
      if (end == std::string::npos || end <= begin) return false;
      out.push_back({begin, end, scalarText(c.Scalar(), flow)});
      return true;
    }
    case YAML::NodeType::Sequence: {
      if (o.size() != c.size()) return false;
      const bool f = flow || isFlow(o);
      for (std::size_t i = 0; i < o.size(); ++i)
        if (!collect(o[i], c[i], f, text, out)) return false;
      return true;
    }
    case YAML::NodeType::Map: {
      if (o.size() != c.size()) return false;
      const bool f = flow || isFlow(o);
      auto oi = o.begin();
      auto ci = c.begin();
      for (; oi != o.end(); ++oi, ++ci) {
        if (!oi->first.IsScalar() || !ci->first.IsScalar() || oi->first.Scalar() != ci->first.Scalar()) return false;
        if (!collect(oi->second, ci->second, f, text, out)) return false;
      }
      return true;
    }
  }
  return false;
}

// Same content (keys, order, lengths, scalar texts), ignoring layout.
bool sameTree(const YAML::Node& a, const YAML::Node& b) {
  if (a.Type() != b.Type()) return false;
  switch (a.Type()) {
    case YAML::NodeType::Scalar: return a.Scalar() == b.Scalar();
    case YAML::NodeType::Sequence:
      if (a.size() != b.size()) return false;
      for (std::size_t i = 0; i < a.size(); ++i)
        if (!sameTree(a[i], b[i])) return false;
      return true;
    case YAML::NodeType::Map: {
      if (a.size() != b.size()) return false;
      auto ai = a.begin();
      auto bi = b.begin();
      for (; ai != a.end(); ++ai, ++bi)
        if (!sameTree(ai->first, bi->first) || !sameTree(ai->second, bi->second)) return false;
      return true;
    }
    default: return true;
  }
}

}  // namespace

std::string preserveLayout(const std::string& original, const std::string& canonical) {
  YAML::Node o, c;
  if (!loadNode(original, o) || !loadNode(canonical, c)) return canonical;
  std::vector<Patch> patches;
  if (!collect(o, c, false, original, patches)) return canonical;
  std::sort(patches.begin(), patches.end(), [](const Patch& a, const Patch& b) { return a.begin > b.begin; });
  std::string patched = original;
  for (const auto& p : patches) patched.replace(p.begin, p.end - p.begin, p.text);
  YAML::Node check;
  if (!loadNode(patched, check) || !sameTree(check, c)) return canonical;
  return patched;
}

}  // namespace wb::model::yaml
