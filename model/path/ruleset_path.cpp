// Path get/set over the typed model (see ruleset_path.h for the grammar).
// Each path resolves to a small "slot": how to read it as a PathValue and how
// to write text into it after checking type and range.
#include "model/path/ruleset_path.h"

#include <functional>
#include <sstream>

#include "model/core/scalar.h"
#include "model/expression/expression.h"

namespace wb::model {

const char* toString(ValueType t) {
  switch (t) {
    case ValueType::Int: return "int";
    case ValueType::Float: return "float";
    case ValueType::Bool: return "bool";
    case ValueType::Text: return "text";
    case ValueType::Enum: return "enum";
    case ValueType::Expression: return "expression";
    case ValueType::List: return "list";
  }
  return "?";
}

bool PathValue::isNumeric() const {
  if (type == ValueType::Int || type == ValueType::Float) return true;
  return type == ValueType::Expression && parseNumber(text).has_value();
}

namespace {

std::vector<std::string> splitPath(std::string_view path) {
  std::vector<std::string> parts;
  std::string cur;
  for (char c : path) {
    if (c == '.') {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts.push_back(cur);
  return parts;
}

std::string joinList(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

// "[a, b]" or "a, b" or "a,b" -> items (trimmed).
std::vector<std::string> splitList(std::string_view text) {
  std::string t(text);
  auto trim = [](std::string s) {
    auto b = s.find_first_not_of(" \t");
    auto e = s.find_last_not_of(" \t");
    return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
  };
  t = trim(t);
  if (t.size() >= 2 && t.front() == '[' && t.back() == ']') t = t.substr(1, t.size() - 2);
  std::vector<std::string> items;
  std::stringstream ss(t);
  std::string item;
  while (std::getline(ss, item, ',')) {
    item = trim(item);
    if (!item.empty()) items.push_back(item);
  }
  return items;
}

// A resolved path: read fills a PathValue; write checks and stores text.
struct Slot {
  std::function<PathValue()> read;
  std::function<bool(std::string_view, std::string&)> write;
};

PathValue textValue(std::string text, ValueType type = ValueType::Text, SourceLocation where = {}) {
  PathValue v;
  v.type = type;
  v.text = std::move(text);
  v.where = std::move(where);
  return v;
}

Slot textSlot(std::string& field, SourceLocation where) {
  return {[&field, where] { return textValue(field, ValueType::Text, where); },
          [&field](std::string_view t, std::string&) {
            field = std::string(t);
            return true;
          }};
}

template <typename Int>
Slot intSlot(Int& field, std::optional<double> min, std::optional<double> max, SourceLocation where) {
  return {[&field, min, max, where] {
            PathValue v = textValue(std::to_string(field), ValueType::Int, where);
            v.min = min;
            v.max = max;
            return v;
          },
          [&field, min, max](std::string_view t, std::string& error) {
            auto i = parseInt(std::string(t));
            if (!i) {
              error = "expected an integer, got '" + std::string(t) + "'";
              return false;
            }
            if ((min && *i < *min) || (max && *i > *max)) {
              error = "value " + std::to_string(*i) + " is out of range [" +
                      (min ? formatNumber(*min) : "-inf") + ", " + (max ? formatNumber(*max) : "inf") + "]";
              return false;
            }
            field = static_cast<Int>(*i);
            return true;
          }};
}

Slot optionalNumberSlot(std::optional<double>& field, SourceLocation where) {
  return {[&field, where] { return textValue(field ? formatNumber(*field) : "", ValueType::Float, where); },
          [&field](std::string_view t, std::string& error) {
            if (t.empty()) {
              field.reset();
              return true;
            }
            auto d = parseNumber(std::string(t));
            if (!d) {
              error = "expected a number, got '" + std::string(t) + "'";
              return false;
            }
            field = *d;
            return true;
          }};
}

Slot expressionSlot(Expression& field, SourceLocation where) {
  return {[&field, where] { return textValue(field.text(), ValueType::Expression, where); },
          [&field](std::string_view t, std::string& error) {
            ExpressionError e;
            auto parsed = Expression::parse(t, &e);
            if (!parsed) {
              error = "invalid expression '" + std::string(t) + "': column " + std::to_string(e.column) + ": " + e.message;
              return false;
            }
            field = *parsed;
            return true;
          }};
}

Slot listSlot(std::vector<std::string>& field, SourceLocation where) {
  return {[&field, where] {
            PathValue v = textValue(joinList(field), ValueType::List, where);
            v.items = field;
            return v;
          },
          [&field](std::string_view t, std::string&) {
            field = splitList(t);
            return true;
          }};
}

Slot fieldSlot(Field& f, SourceLocation where) {
  return {[&f, where] {
            PathValue v = textValue(f.isList ? joinList(f.items) : f.text, f.isList ? ValueType::List : ValueType::Text, where);
            if (f.isList) v.items = f.items;
            else if (parseInt(f.text)) v.type = ValueType::Int;
            else if (parseNumber(f.text)) v.type = ValueType::Float;
            return v;
          },
          [&f](std::string_view t, std::string&) {
            if (f.isList) f.items = splitList(t);
            else f.text = std::string(t);
            return true;
          }};
}

Slot parameterValueSlot(Parameter& p) {
  return {[&p] {
            PathValue v;
            v.text = toString(p.value);
            v.where = p.origin.at("default");
            v.min = p.min;
            v.max = p.max;
            switch (p.type) {
              case ParameterType::Int: v.type = ValueType::Int; break;
              case ParameterType::Float: v.type = ValueType::Float; break;
              case ParameterType::Bool: v.type = ValueType::Bool; break;
              case ParameterType::Enum: v.type = ValueType::Enum; v.choices = p.choices; break;
              case ParameterType::String: v.type = ValueType::Text; break;
            }
            return v;
          },
          [&p](std::string_view t, std::string& error) {
            auto v = p.parse(std::string(t));
            if (!v) {
              error = std::string("expected ") +
                      (p.type == ParameterType::Int ? "an integer" : p.type == ParameterType::Float ? "a number" : "true or false") +
                      " for parameter '" + p.id + "', got '" + std::string(t) + "'";
              return false;
            }
            if (auto problem = p.check(*v); !problem.empty()) {
              error = problem;
              return false;
            }
            p.value = *v;
            return true;
          }};
}

Slot diceFacesSlot(Die& d) {
  return {[&d] {
            PathValue v;
            v.type = ValueType::List;
            for (const auto& f : d.faces) v.items.push_back(f.symbol);
            v.text = joinList(v.items);
            v.where = d.origin.at("faces");
            return v;
          },
          [&d](std::string_view t, std::string& error) {
            auto items = splitList(t);
            if (items.empty()) {
              error = "a die needs at least one face";
              return false;
            }
            std::vector<DieFace> faces;
            for (const auto& item : items) {
              DieFace f;
              f.symbol = item;
              f.value = parseNumber(item).value_or(0);
              faces.push_back(f);
            }
            d.faces = std::move(faces);
            return true;
          }};
}

// One face's weight (relative frequency): a positive number. Writing it turns a
// die written as plain symbols into the full form when saved; that is expected.
Slot faceWeightSlot(DieFace& f, SourceLocation where) {
  return {[&f, where] { return textValue(formatNumber(f.weight), ValueType::Float, where); },
          [&f](std::string_view t, std::string& error) {
            auto d = parseNumber(std::string(t));
            if (!d) {
              error = "expected a number, got '" + std::string(t) + "'";
              return false;
            }
            if (!(*d > 0)) {
              error = "a face weight must be greater than 0, got " + formatNumber(*d);
              return false;
            }
            f.weight = *d;
            return true;
          }};
}

bool fail(std::string* error, std::string message) {
  if (error) *error = std::move(message);
  return false;
}

std::optional<Slot> resolveEntity(Entity& e, const std::vector<std::string>& parts, std::size_t i, std::string& error) {
  if (i >= parts.size()) {
    error = "path names an entity, not a value (add .cost, .count, .name, ...)";
    return std::nullopt;
  }
  const std::string& f = parts[i];
  const bool last = i + 1 == parts.size();
  if (last) {
    if (f == "name") return textSlot(e.name, e.origin.at("name"));
    if (f == "kind") return textSlot(e.kind, e.origin.at("kind"));
    if (f == "text") return textSlot(e.text, e.origin.at("text"));
    if (f == "assumed") return textSlot(e.assumed, e.origin.at("assumed"));
    if (f == "count") return intSlot(e.count, 0.0, std::nullopt, e.origin.at("count"));
    if (f == "tags") return listSlot(e.tags, e.origin.at("tags"));
    if (f == "cost") {
      Cost* c = nullptr;
      for (auto& cost : e.costs)
        if (cost.resource.empty()) c = &cost;
      if (!c) {
        error = "'" + e.id + "' has no cost";
        return std::nullopt;
      }
      return expressionSlot(c->amount, e.origin.at("cost"));
    }
  }
  if (f == "costs" && i + 2 == parts.size()) {
    for (auto& c : e.costs)
      if (c.resource == parts[i + 1]) return expressionSlot(c.amount, e.origin.at("costs"));
    error = "'" + e.id + "' has no cost in '" + parts[i + 1] + "'";
    return std::nullopt;
  }
  if (f == "properties" && i + 2 == parts.size()) {
    for (auto& p : e.properties)
      if (p.key == parts[i + 1]) return fieldSlot(p, e.origin.at("properties"));
    error = "'" + e.id + "' has no property '" + parts[i + 1] + "'";
    return std::nullopt;
  }
  if (f == "effects" && i + 3 == parts.size()) {
    auto index = parseInt(parts[i + 1]);
    if (!index || *index < 0 || *index >= static_cast<long long>(e.effects.size())) {
      error = "'" + e.id + "' has no effect " + parts[i + 1] + " (it has " + std::to_string(e.effects.size()) + ")";
      return std::nullopt;
    }
    Effect& effect = e.effects[static_cast<std::size_t>(*index)];
    const std::string& key = parts[i + 2];
    if (key == "op") return textSlot(effect.op, effect.origin.at("op"));
    if (Field* a = effect.arg(key)) return fieldSlot(*a, effect.origin.at(key));
    error = "effect " + parts[i + 1] + " (" + effect.op + ") of '" + e.id + "' has no argument '" + key + "'";
    return std::nullopt;
  }
  error = "unknown field '" + f + "' (known: name, kind, count, cost, costs.R, tags, text, properties.K, effects.N.ARG, assumed)";
  return std::nullopt;
}

std::optional<Slot> resolve(Ruleset& r, std::string_view path, std::string& error) {
  auto parts = splitPath(path);
  for (const auto& p : parts) {
    if (p.empty()) {
      error = "malformed path '" + std::string(path) + "'";
      return std::nullopt;
    }
  }
  const std::string& head = parts[0];
  const std::size_t n = parts.size();
  if (n == 1) {
    if (head == "id") return textSlot(r.id, r.origin.at("id"));
    if (head == "name") return textSlot(r.name, r.origin.at("name"));
    if (head == "engine") return textSlot(r.engine, r.origin.at("engine"));
    if (head == "description") return textSlot(r.description, r.origin.at("description"));
    if (head == "assumed") return textSlot(r.assumed, r.origin.at("assumed"));
    if (head == "version") return intSlot(r.version, 1.0, std::nullopt, r.origin.at("version"));
  }
  if (head == "players" && n == 2) {
    if (parts[1] == "min") return intSlot(r.players.min, 1.0, static_cast<double>(r.players.max), r.origin.at("players"));
    if (parts[1] == "max") return intSlot(r.players.max, static_cast<double>(r.players.min), 16.0, r.origin.at("players"));
  }
  if (head == "parameters" && n >= 2) {
    Parameter* p = r.parameter(parts[1]);
    if (!p) {
      error = "unknown parameter '" + parts[1] + "'";
      return std::nullopt;
    }
    if (n == 2 || (n == 3 && (parts[2] == "default" || parts[2] == "value"))) return parameterValueSlot(*p);
    if (n == 3) {
      if (parts[2] == "min") return optionalNumberSlot(p->min, p->origin.at("min"));
      if (parts[2] == "max") return optionalNumberSlot(p->max, p->origin.at("max"));
      if (parts[2] == "step") return optionalNumberSlot(p->step, p->origin.at("step"));
      if (parts[2] == "description") return textSlot(p->description, p->origin.at("description"));
      if (parts[2] == "assumed") return textSlot(p->assumed, p->origin.at("assumed"));
    }
    error = "unknown field of parameter '" + parts[1] + "' (known: default, min, max, step, description, assumed)";
    return std::nullopt;
  }
  if (head == "dice" && n >= 2) {
    Die* d = r.die(parts[1]);
    if (!d) {
      error = "unknown die '" + parts[1] + "'";
      return std::nullopt;
    }
    if (n == 3 && parts[2] == "faces") return diceFacesSlot(*d);
    if (n == 5 && parts[2] == "faces") {
      const auto index = parseInt(parts[3]);
      if (!index || *index < 0 || *index >= static_cast<long long>(d->faces.size())) {
        error = "die '" + parts[1] + "' has no face " + parts[3] + " (faces 0.." + std::to_string(d->faces.size() - 1) + ")";
        return std::nullopt;
      }
      DieFace& f = d->faces[static_cast<std::size_t>(*index)];
      const SourceLocation where = d->origin.at("faces." + parts[3]);
      if (parts[4] == "weight") return faceWeightSlot(f, where);
      if (parts[4] == "symbol") return textSlot(f.symbol, where);
      error = "unknown field of a die face (known: weight, symbol)";
      return std::nullopt;
    }
    if (n == 3 && parts[2] == "name") return textSlot(d->name, d->origin.at("name"));
    if (n == 3 && parts[2] == "assumed") return textSlot(d->assumed, d->origin.at("assumed"));
    error = "unknown field of die '" + parts[1] + "' (known: faces, faces.<index>.weight, faces.<index>.symbol, name, assumed)";
    return std::nullopt;
  }
  if (auto section = sectionFromString(head); section && n >= 2) {
    Entity* e = r.entity(*section, parts[1]);
    if (!e) {
      std::string singular = head.substr(0, head.size() - 1);
      if (head == "abilities") singular = "ability";
      error = "unknown " + singular + " '" + parts[1] + "'";
      return std::nullopt;
    }
    return resolveEntity(*e, parts, 2, error);
  }
  error = "unknown path '" + std::string(path) +
          "' (paths start with id, name, version, players, parameters, dice, cards, tiles, events, abilities or factions)";
  return std::nullopt;
}

}  // namespace

std::optional<PathValue> getPath(const Ruleset& ruleset, std::string_view path, std::string* error) {
  std::string message;
  // resolve() needs a mutable ruleset for its setters; reading never writes.
  auto slot = resolve(const_cast<Ruleset&>(ruleset), path, message);
  if (!slot) {
    if (error) *error = message;
    return std::nullopt;
  }
  PathValue v = slot->read();
  v.path = std::string(path);
  return v;
}

bool setPath(Ruleset& ruleset, std::string_view path, std::string_view text, std::string* error) {
  std::string message;
  auto slot = resolve(ruleset, path, message);
  if (!slot) return fail(error, message);
  if (!slot->write(text, message)) return fail(error, std::string(path) + ": " + message);
  return true;
}

std::vector<PathValue> listPaths(const Ruleset& ruleset, bool numericOnly) {
  std::vector<std::string> paths = {"version", "players.min", "players.max"};
  if (!numericOnly) paths.insert(paths.begin(), {"id", "name", "engine", "description"});
  for (const auto& p : ruleset.parameters) paths.push_back("parameters." + p.id);
  for (const auto& d : ruleset.dice) {
    if (!numericOnly) paths.push_back("dice." + d.id + ".faces");
    for (std::size_t i = 0; i < d.faces.size(); ++i) paths.push_back("dice." + d.id + ".faces." + std::to_string(i) + ".weight");
  }
  for (Section s : kSections) {
    const std::string prefix = std::string(toString(s)) + ".";
    for (const auto& e : ruleset.entities(s)) {
      const std::string base = prefix + e.id + ".";
      if (!numericOnly) paths.push_back(base + "name");
      paths.push_back(base + "count");
      for (const auto& c : e.costs) paths.push_back(c.resource.empty() ? base + "cost" : base + "costs." + c.resource);
      for (const auto& prop : e.properties) paths.push_back(base + "properties." + prop.key);
      for (std::size_t i = 0; i < e.effects.size(); ++i)
        for (const auto& a : e.effects[i].args) paths.push_back(base + "effects." + std::to_string(i) + "." + a.key);
    }
  }
  std::vector<PathValue> out;
  for (const auto& p : paths) {
    auto v = getPath(ruleset, p);
    if (!v) continue;
    if (numericOnly && !v->isNumeric()) continue;
    out.push_back(std::move(*v));
  }
  return out;
}

}  // namespace wb::model
