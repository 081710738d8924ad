// Lookups on an engine's schema (see engine_schema.h). The schema is plain data
// that an engine fills in; these helpers only search it.
#include "model/validation/engine_schema.h"

#include <algorithm>

namespace wb::model {

const char* toString(ArgType t) {
  switch (t) {
    case ArgType::Expression: return "expression";
    case ArgType::Integer: return "integer";
    case ArgType::Number: return "number";
    case ArgType::Bool: return "bool";
    case ArgType::Text: return "text";
    case ArgType::Enum: return "enum";
    case ArgType::DieRef: return "die";
    case ArgType::DieList: return "die list";
    case ArgType::EntityRef: return "entity";
    case ArgType::TextList: return "text list";
  }
  return "?";
}

const ArgSpec* OpSpec::arg(std::string_view key) const {
  for (const auto& a : args)
    if (a.key == key) return &a;
  return nullptr;
}

const OpSpec* EngineSchema::op(std::string_view name) const {
  for (const auto& o : ops)
    if (o.op == name) return &o;
  return nullptr;
}

const PropertySpec* EngineSchema::property(std::string_view key) const {
  for (const auto& p : properties)
    if (p.key == key) return &p;
  return nullptr;
}

const SectionFields* EngineSchema::fields(Section section) const {
  const auto it = sections.find(section);
  return it == sections.end() ? nullptr : &it->second;
}

std::vector<std::string> SectionFields::propertiesOf(const std::string& kind) const {
  std::vector<std::string> out;
  for (const std::string& k : {std::string(), kind}) {
    const auto it = properties.find(k);
    if (it == properties.end()) continue;
    for (const auto& key : it->second)
      if (std::find(out.begin(), out.end(), key) == out.end()) out.push_back(key);
    if (kind.empty()) break;
  }
  return out;
}

std::vector<std::string> SectionFields::allProperties() const {
  std::vector<std::string> out;
  for (const auto& [kind, keys] : properties)
    for (const auto& key : keys)
      if (std::find(out.begin(), out.end(), key) == out.end()) out.push_back(key);
  return out;
}

}  // namespace wb::model
