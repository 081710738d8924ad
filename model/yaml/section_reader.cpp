// Reading of the content sections of a ruleset file (see section_reader.h).
#include "model/yaml/section_reader.h"

#include <climits>

#include "model/core/scalar.h"
#include "model/validation/expression_check.h"

namespace wb::model::yaml {

const char* singularName(Section section) {
  switch (section) {
    case Section::Cards: return "card";
    case Section::Tiles: return "tile";
    case Section::Events: return "event";
    case Section::Abilities: return "ability";
    case Section::Factions: return "faction";
  }
  return "entity";
}

namespace {

// The `id:` of a map item, read ahead so that messages can name the object.
std::string peekId(const YAML::Node& map) {
  for (auto it = map.begin(); it != map.end(); ++it)
    if (it->first.IsScalar() && it->first.Scalar() == "id" && it->second.IsScalar()) return it->second.Scalar();
  return {};
}

std::string describeObject(const std::string& kind, const std::string& id) {
  return id.empty() ? kind : kind + " '" + id + "'";
}

void missingKey(NodeReader& reader, const SourceLocation& where, const char* key, const std::string& what) {
  reader.error(where, std::string("missing required key '") + key + "' in " + what);
}

bool has(const Origin& origin, std::string_view key) { return origin.keys.find(key) != origin.keys.end(); }

// Items of a list section that are maps; other items are reported.
std::vector<YAML::Node> mapItems(NodeReader& reader, const MapEntry& section, const std::string& itemName) {
  std::vector<YAML::Node> items;
  if (section.value.IsNull()) return items;  // `cards:` with nothing: an empty section
  if (!reader.expectList(section)) return items;
  for (const auto& item : section.value) {
    if (item.IsMap())
      items.push_back(item);
    else
      reader.error(reader.loc(item), "expected a map for " + itemName + ", got " + NodeReader::describe(item));
  }
  return items;
}

std::optional<Expression> readExpression(NodeReader& reader, const MapEntry& e) {
  if (!e.value.IsScalar()) {
    reader.error(e.valueLoc, "expected an expression for '" + e.key + "', got " + NodeReader::describe(e.value));
    return std::nullopt;
  }
  return validation::parseExpressionAt(e.value.Scalar(), e.valueLoc, reader.diagnostics());
}

// ---- parameters -----------------------------------------------------------

ParameterType inferType(const std::string& text, bool hasChoices) {
  if (hasChoices) return ParameterType::Enum;
  if (parseInt(text)) return ParameterType::Int;
  if (parseNumber(text)) return ParameterType::Float;
  if (parseBool(text)) return ParameterType::Bool;
  return ParameterType::String;
}

const char* expectedFor(ParameterType t) {
  switch (t) {
    case ParameterType::Int: return "an integer";
    case ParameterType::Float: return "a number";
    case ParameterType::Bool: return "true or false";
    case ParameterType::Enum:
    case ParameterType::String: break;
  }
  return "a string";
}

// A stand-in value of the parameter's type, within its range, for when the
// written default is unusable (that error is already reported).
ParameterValue placeholderValue(const Parameter& p) {
  double x = 0;
  if (p.min && x < *p.min) x = *p.min;
  if (p.max && x > *p.max) x = *p.max;
  switch (p.type) {
    case ParameterType::Int: return static_cast<long long>(x);
    case ParameterType::Float: return x;
    case ParameterType::Bool: return false;
    case ParameterType::Enum: return p.choices.empty() ? std::string() : p.choices.front();
    case ParameterType::String: break;
  }
  return std::string();
}

void readParameterValue(NodeReader& reader, Parameter& p, const MapEntry& e) {
  p.value = placeholderValue(p);
  if (!e.value.IsNull() && !e.value.IsScalar()) {
    reader.error(e.valueLoc, std::string("expected ") + expectedFor(p.type) + " for '" + e.key +
                                 "' of parameter '" + p.id + "', got " + NodeReader::describe(e.value));
    return;
  }
  const std::string text = e.value.IsNull() ? std::string() : e.value.Scalar();
  if (auto v = p.parse(text)) {
    p.value = *v;
  } else {
    reader.error(e.valueLoc, std::string("expected ") + expectedFor(p.type) + " for '" + e.key +
                                 "' of parameter '" + p.id + "', got '" + text + "'");
  }
}

Parameter readParameter(NodeReader& reader, const MapEntry& entry) {
  Parameter p;
  p.id = entry.key;
  p.origin.loc = entry.keyLoc;
  const std::string what = "parameter '" + p.id + "'";

  if (!entry.value.IsMap()) {  // `speed: 0.5`: the value alone, type inferred
    p.origin.keys["default"] = entry.valueLoc;
    if (entry.value.IsSequence()) {
      reader.error(entry.valueLoc, "expected a value or a map for parameter '" + p.id + "', got a list");
      return p;
    }
    const std::string text = entry.value.IsNull() ? std::string() : entry.value.Scalar();
    p.type = inferType(text, false);
    if (auto v = p.parse(text)) p.value = *v;
    return p;
  }

  auto entries = reader.entries(entry.value, what, &p.origin);
  // The type decides how `default` reads, so look at it (and at choices) first.
  const MapEntry* typeEntry = nullptr;
  const MapEntry* defaultEntry = nullptr;
  bool hasChoices = false;
  for (const auto& e : entries) {
    if (e.key == "type") typeEntry = &e;
    if (e.key == "default") defaultEntry = &e;
    if (e.key == "choices") hasChoices = true;
  }
  bool typeKnown = false;
  if (typeEntry) {
    if (auto t = reader.text(*typeEntry)) {
      if (auto pt = parameterTypeFromString(*t)) {
        p.type = *pt;
        typeKnown = true;
      } else {
        reader.error(typeEntry->valueLoc,
                     "unknown parameter type '" + *t + "' (known: int, float, bool, enum, string)");
      }
    }
  }
  if (!typeKnown && defaultEntry && defaultEntry->value.IsScalar())
    p.type = inferType(defaultEntry->value.Scalar(), hasChoices);

  for (const auto& e : entries) {
    if (e.key == "type" || e.key == "default") continue;  // default: read below, once min, max and choices are known
    if (e.key == "min") {
      if (auto v = reader.number(e)) p.min = *v;
    } else if (e.key == "max") {
      if (auto v = reader.number(e)) p.max = *v;
    } else if (e.key == "step") {
      if (auto v = reader.number(e)) p.step = *v;
    } else if (e.key == "choices") {
      if (auto v = reader.textList(e)) p.choices = std::move(*v);
    } else if (e.key == "description") {
      if (auto v = reader.text(e)) p.description = std::move(*v);
    } else if (e.key == "assumed") {
      if (auto v = reader.text(e)) p.assumed = std::move(*v);
    } else if (e.key == "alternatives") {
      if (auto v = reader.textList(e)) {
        p.alternatives = std::move(*v);
        std::size_t i = 0;  // each item's place, for the validator's messages
        for (const auto& item : e.value) p.origin.keys["alternatives." + std::to_string(i++)] = reader.loc(item);
      }
    } else {
      reader.unknownKey(e, what);
    }
  }
  if (!defaultEntry) {
    missingKey(reader, p.origin.loc, "default", what);
    p.value = placeholderValue(p);
  } else if (typeKnown || !typeEntry) {
    readParameterValue(reader, p, *defaultEntry);
  } else {
    p.value = placeholderValue(p);  // unknown type: already reported
  }
  return p;
}

// ---- dice -----------------------------------------------------------------

std::optional<DieFace> readFace(NodeReader& reader, const YAML::Node& node, const std::string& dieWhat) {
  DieFace face;
  if (node.IsScalar()) {
    face.symbol = node.Scalar();
    face.value = parseNumber(face.symbol).value_or(0.0);
    return face;
  }
  if (!node.IsMap()) {
    reader.error(reader.loc(node), "expected a face (a symbol or a map) in " + dieWhat + ", got " +
                                       NodeReader::describe(node));
    return std::nullopt;
  }
  const std::string what = "face of " + dieWhat;
  bool hasSymbol = false, hasValue = false;
  for (const auto& e : reader.entries(node, what)) {
    if (e.key == "symbol") {
      if (auto v = reader.text(e)) {
        face.symbol = std::move(*v);
        hasSymbol = true;
      }
    } else if (e.key == "value") {
      if (auto v = reader.number(e)) {
        face.value = *v;
        hasValue = true;
      }
    } else if (e.key == "weight") {
      if (auto v = reader.number(e)) face.weight = *v;
    } else {
      reader.unknownKey(e, what);
    }
  }
  if (!hasSymbol) {
    missingKey(reader, reader.loc(node), "symbol", what);
    return std::nullopt;
  }
  if (!hasValue) face.value = parseNumber(face.symbol).value_or(0.0);
  return face;
}

Die readDie(NodeReader& reader, const YAML::Node& node) {
  Die die;
  die.origin.loc = reader.loc(node);
  const std::string what = describeObject("die", peekId(node));
  for (const auto& e : reader.entries(node, what, &die.origin)) {
    if (e.key == "id") {
      if (auto v = reader.text(e)) die.id = std::move(*v);
    } else if (e.key == "name") {
      if (auto v = reader.text(e)) die.name = std::move(*v);
    } else if (e.key == "assumed") {
      if (auto v = reader.text(e)) die.assumed = std::move(*v);
    } else if (e.key == "faces") {
      if (!reader.expectList(e)) continue;
      std::size_t i = 0;
      for (const auto& f : e.value) {
        die.origin.keys["faces." + std::to_string(i++)] = reader.loc(f);
        if (auto face = readFace(reader, f, what)) die.faces.push_back(std::move(*face));
      }
    } else {
      reader.unknownKey(e, what);
    }
  }
  if (!has(die.origin, "id")) missingKey(reader, die.origin.loc, "id", what);
  if (!has(die.origin, "faces")) missingKey(reader, die.origin.loc, "faces", what);
  return die;
}

// ---- entities -------------------------------------------------------------

Effect readEffect(NodeReader& reader, const YAML::Node& node, const std::string& ownerWhat) {
  Effect effect;
  effect.origin.loc = reader.loc(node);
  const std::string what = "effect of " + ownerWhat;
  for (const auto& e : reader.entries(node, what, &effect.origin)) {
    if (e.key == "op") {
      if (auto v = reader.text(e)) effect.op = std::move(*v);
    } else if (e.key == "assumed") {
      if (auto v = reader.text(e)) effect.assumed = std::move(*v);
    } else if (auto f = reader.field(e, &effect.origin)) {
      effect.args.push_back(std::move(*f));
    }
  }
  if (!has(effect.origin, "op")) missingKey(reader, effect.origin.loc, "op", what);
  return effect;
}

void readEntityKey(NodeReader& reader, Entity& entity, const MapEntry& e, const std::string& what) {
  if (e.key == "id") {
    if (auto v = reader.text(e)) entity.id = std::move(*v);
  } else if (e.key == "name") {
    if (auto v = reader.text(e)) entity.name = std::move(*v);
  } else if (e.key == "kind") {
    if (auto v = reader.text(e)) entity.kind = std::move(*v);
  } else if (e.key == "count") {
    if (auto v = reader.integer(e)) {
      if (*v < INT_MIN || *v > INT_MAX)
        reader.error(e.valueLoc, "value of 'count' is too large");
      else
        entity.count = static_cast<int>(*v);
    }
  } else if (e.key == "cost") {
    if (auto x = readExpression(reader, e)) entity.costs.insert(entity.costs.begin(), Cost{"", std::move(*x)});
  } else if (e.key == "costs") {
    if (e.value.IsNull() || !reader.expectMap(e)) return;
    for (const auto& c : reader.entries(e.value, "costs of " + what)) {
      entity.origin.keys["costs." + c.key] = c.valueLoc;
      if (c.key.empty()) {
        reader.error(c.keyLoc, "empty resource name in costs of " + what);
      } else if (auto x = readExpression(reader, c)) {
        entity.costs.push_back(Cost{c.key, std::move(*x)});
      }
    }
  } else if (e.key == "tags") {
    if (e.value.IsNull()) return;
    if (auto v = reader.textList(e)) {
      entity.tags = std::move(*v);
      std::size_t i = 0;
      for (const auto& item : e.value) entity.origin.keys["tags." + std::to_string(i++)] = reader.loc(item);
    }
  } else if (e.key == "text") {
    if (auto v = reader.text(e)) entity.text = std::move(*v);
  } else if (e.key == "assumed") {
    if (auto v = reader.text(e)) entity.assumed = std::move(*v);
  } else if (e.key == "properties") {
    if (e.value.IsNull() || !reader.expectMap(e)) return;
    for (const auto& p : reader.entries(e.value, "properties of " + what)) {
      entity.origin.keys["properties." + p.key] = p.valueLoc;
      if (auto f = reader.field(p, &entity.origin, "properties.")) entity.properties.push_back(std::move(*f));
    }
  } else if (e.key == "effects") {
    if (e.value.IsNull() || !reader.expectList(e)) return;
    for (const auto& item : e.value) {
      if (item.IsMap())
        entity.effects.push_back(readEffect(reader, item, what));
      else
        reader.error(reader.loc(item), "expected a map for an effect of " + what + ", got " +
                                           NodeReader::describe(item));
    }
  } else {
    reader.unknownKey(e, what);
  }
}

}  // namespace

void readParameters(NodeReader& reader, const MapEntry& section, std::vector<Parameter>& out) {
  if (section.value.IsNull() || !reader.expectMap(section)) return;
  for (const auto& e : reader.entries(section.value, "parameters")) out.push_back(readParameter(reader, e));
}

void readDice(NodeReader& reader, const MapEntry& section, std::vector<Die>& out) {
  for (const auto& item : mapItems(reader, section, "a die")) out.push_back(readDie(reader, item));
}

void readEntities(NodeReader& reader, Section section, const MapEntry& entry, std::vector<Entity>& out) {
  const std::string kind = singularName(section);
  const std::string article = (kind == "ability" || kind == "event") ? "an " : "a ";
  for (const auto& item : mapItems(reader, entry, article + kind)) {
    Entity entity;
    entity.origin.loc = reader.loc(item);
    const std::string what = describeObject(kind, peekId(item));
    for (const auto& e : reader.entries(item, what, &entity.origin)) readEntityKey(reader, entity, e, what);
    if (!has(entity.origin, "id")) missingKey(reader, entity.origin.loc, "id", what);
    if (!has(entity.origin, "name")) missingKey(reader, entity.origin.loc, "name", what);
    out.push_back(std::move(entity));
  }
}

void readDiceQuestions(NodeReader& reader, const MapEntry& section, std::vector<DiceQuestion>& out) {
  for (const auto& item : mapItems(reader, section, "a dice question")) {
    DiceQuestion q;
    q.origin.loc = reader.loc(item);
    const std::string what = describeObject("dice question", peekId(item));
    for (const auto& e : reader.entries(item, what, &q.origin)) {
      if (e.key == "id") {
        if (auto v = reader.text(e)) q.id = std::move(*v);
      } else if (e.key == "name") {
        if (auto v = reader.text(e)) q.name = std::move(*v);
      } else if (e.key == "query") {
        if (auto v = reader.text(e)) q.query = std::move(*v);
      } else if (e.key == "assumed") {
        if (auto v = reader.text(e)) q.assumed = std::move(*v);
      } else if (auto f = reader.field(e, &q.origin)) {
        q.args.push_back(std::move(*f));
      }
    }
    if (!has(q.origin, "id")) missingKey(reader, q.origin.loc, "id", what);
    if (!has(q.origin, "query")) missingKey(reader, q.origin.loc, "query", what);
    out.push_back(std::move(q));
  }
}

}  // namespace wb::model::yaml
