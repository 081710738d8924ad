// Hand-walking of yaml-cpp nodes with diagnostics (see node_reader.h).
#include "model/yaml/node_reader.h"

#include <map>

namespace wb::model::yaml {

NodeReader::NodeReader(std::string file, std::string_view text, Diagnostics& out)
    : m_file(std::move(file)), m_text(text), m_out(out) {}

SourceLocation NodeReader::locOfMark(const YAML::Mark& mark) const {
  if (mark.is_null()) return {m_file, 0, 0};
  return {m_file, mark.line + 1, mark.column + 1};
}

SourceLocation NodeReader::loc(const YAML::Node& node) const {
  if (!node.IsDefined()) return {m_file, 0, 0};
  const YAML::Mark mark = node.Mark();
  SourceLocation where = locOfMark(mark);
  // Quoted scalars carry the non-specific tag "!"; step over the opening quote
  // so that offsets inside the text map to columns directly.
  if (node.IsScalar() && node.Tag() == "!" && mark.pos >= 0 &&
      static_cast<std::size_t>(mark.pos) < m_text.size()) {
    const char c = m_text[static_cast<std::size_t>(mark.pos)];
    if (c == '"' || c == '\'') ++where.column;
  }
  return where;
}

std::string NodeReader::describe(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Scalar: return "'" + node.Scalar() + "'";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Map: return "a map";
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined: break;
  }
  return "nothing";
}

std::vector<MapEntry> NodeReader::entries(const YAML::Node& map, const std::string& what, Origin* origin) {
  std::vector<MapEntry> result;
  if (!map.IsMap()) return result;
  std::map<std::string, SourceLocation> seen;
  for (auto it = map.begin(); it != map.end(); ++it) {
    const YAML::Node key = it->first;
    const YAML::Node value = it->second;
    if (!key.IsScalar()) {
      error(loc(key), "expected a plain key in " + what + ", got " + describe(key));
      continue;
    }
    MapEntry e;
    e.key = key.Scalar();
    e.value = value;
    e.keyLoc = loc(key);
    e.valueLoc = value.IsNull() ? e.keyLoc : loc(value);
    auto [first, inserted] = seen.emplace(e.key, e.keyLoc);
    if (!inserted) {
      error(e.keyLoc, "duplicate key '" + e.key + "' in " + what + " (first at " + first->second.toString() + ")");
      continue;
    }
    if (origin) {
      origin->keys[e.key] = e.valueLoc;
      origin->keyOrder.push_back(e.key);
    }
    result.push_back(std::move(e));
  }
  return result;
}

void NodeReader::unknownKey(const MapEntry& e, const std::string& what) {
  error(e.keyLoc, "unknown key '" + e.key + "' in " + what);
}

void NodeReader::typeError(const MapEntry& e, const char* expected) {
  error(e.valueLoc, std::string("expected ") + expected + " for '" + e.key + "', got " + describe(e.value));
}

bool NodeReader::expectMap(const MapEntry& e) {
  if (e.value.IsMap()) return true;
  typeError(e, "a map");
  return false;
}

bool NodeReader::expectList(const MapEntry& e) {
  if (e.value.IsSequence()) return true;
  typeError(e, "a list");
  return false;
}

std::optional<std::string> NodeReader::text(const MapEntry& e) {
  if (e.value.IsNull()) return std::string();
  if (e.value.IsScalar()) return e.value.Scalar();
  typeError(e, "a string");
  return std::nullopt;
}

std::optional<long long> NodeReader::integer(const MapEntry& e) {
  if (e.value.IsScalar())
    if (auto v = parseInt(e.value.Scalar())) return v;
  typeError(e, "an integer");
  return std::nullopt;
}

std::optional<double> NodeReader::number(const MapEntry& e) {
  if (e.value.IsScalar())
    if (auto v = parseNumber(e.value.Scalar())) return v;
  typeError(e, "a number");
  return std::nullopt;
}

std::optional<bool> NodeReader::boolean(const MapEntry& e) {
  if (e.value.IsScalar())
    if (auto v = parseBool(e.value.Scalar())) return v;
  typeError(e, "true or false");
  return std::nullopt;
}

std::optional<std::vector<std::string>> NodeReader::textList(const MapEntry& e) {
  if (!expectList(e)) return std::nullopt;
  std::vector<std::string> items;
  bool ok = true;
  for (const auto& item : e.value) {
    if (item.IsScalar()) {
      items.push_back(item.Scalar());
    } else {
      error(loc(item), "expected a plain value in '" + e.key + "', got " + describe(item));
      ok = false;
    }
  }
  if (!ok) return std::nullopt;
  return items;
}

std::optional<Field> NodeReader::field(const MapEntry& e, Origin* origin, const std::string& prefix) {
  Field f;
  f.key = e.key;
  if (e.value.IsNull()) return f;
  if (e.value.IsScalar()) {
    f.text = e.value.Scalar();
    return f;
  }
  if (!e.value.IsSequence()) {
    typeError(e, "a value or a list");
    return std::nullopt;
  }
  auto items = textList(e);
  if (!items) return std::nullopt;
  f.isList = true;
  f.items = std::move(*items);
  if (origin) {
    std::size_t i = 0;
    for (const auto& item : e.value) origin->keys[prefix + e.key + "." + std::to_string(i++)] = loc(item);
  }
  return f;
}

}  // namespace wb::model::yaml
