// Schema-driven checks of a ruleset (see schema_checks.h).
#include "model/validation/schema_checks.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "model/core/scalar.h"

namespace wb::model::validation {

namespace {

std::string joined(const std::vector<std::string>& items) {
  std::string s;
  for (const auto& i : items) s += (s.empty() ? "" : ", ") + i;
  return s;
}

// "wms_min <= wms_start <= wms_max".
std::string joinOrder(const std::vector<std::string>& chain) {
  std::string s;
  for (const auto& i : chain) s += (s.empty() ? "" : " <= ") + i;
  return s;
}

bool contains(const std::vector<std::string>& items, const std::string& s) {
  return std::find(items.begin(), items.end(), s) != items.end();
}

std::string describe(const Field& f) { return f.isList ? std::string("a list") : "'" + f.text + "'"; }

const char* singular(Section s) {
  switch (s) {
    case Section::Cards: return "card";
    case Section::Tiles: return "tile";
    case Section::Events: return "event";
    case Section::Abilities: return "ability";
    case Section::Factions: return "faction";
  }
  return "entity";
}

}  // namespace

void checkTypedValue(const CheckContext& ctx, const Field& value, ArgType type,
                     const std::vector<std::string>& choices, const Origin& origin, const std::string& locKey) {
  const std::string& key = value.key;
  const SourceLocation where = origin.at(locKey);
  auto expected = [&](const std::string& what) {
    ctx.out.error(where, "expected " + what + " for '" + key + "', got " + describe(value));
  };
  const bool listType = type == ArgType::DieList || type == ArgType::TextList;
  if (value.isList != listType) {
    switch (type) {
      case ArgType::Expression: return expected("an expression");
      case ArgType::Integer: return expected("an integer");
      case ArgType::Number: return expected("a number");
      case ArgType::Bool: return expected("true or false");
      case ArgType::Enum: return expected("one of " + joined(choices));
      case ArgType::DieRef: return expected("a die id");
      case ArgType::EntityRef: return expected("an id");
      case ArgType::DieList: return expected("a list of die ids");
      case ArgType::TextList: return expected("a list");
      case ArgType::Text: return expected("a text");
    }
  }
  switch (type) {
    case ArgType::Expression:
      if (auto expr = parseExpressionAt(value.text, where, ctx.out)) checkExpressionNames(*expr, where, ctx.names, ctx.out);
      return;
    case ArgType::Integer:
    case ArgType::Number: {
      // Engines read both into an int: beyond kMaxEngineInteger they would wrap.
      std::optional<double> parsed;
      if (type == ArgType::Number) parsed = parseNumber(value.text);
      else if (const auto i = parseInt(value.text)) parsed = static_cast<double>(*i);
      if (!parsed) return expected(type == ArgType::Integer ? "an integer" : "a number");
      if (std::fabs(*parsed) > kMaxEngineInteger)
        ctx.out.error(where, "'" + key + "' must be at most " + formatNumber(kMaxEngineInteger) + " in magnitude, got " +
                                 value.text);
      return;
    }
    case ArgType::Bool:
      if (!parseBool(value.text)) expected("true or false");
      return;
    case ArgType::Text:
      return;
    case ArgType::Enum:
      if (!contains(choices, value.text)) expected("one of " + joined(choices));
      return;
    case ArgType::DieRef:
      if (!ctx.ruleset.die(value.text)) ctx.out.error(where, "unknown die '" + value.text + "' for '" + key + "'");
      return;
    case ArgType::EntityRef:
      if (!ctx.ruleset.findEntity(value.text))
        ctx.out.error(where, "unknown id '" + value.text + "' for '" + key + "'");
      return;
    case ArgType::DieList:
    case ArgType::TextList:
      for (std::size_t i = 0; i < value.items.size(); ++i) {
        const std::string& item = value.items[i];
        const std::string itemKey = locKey + "." + std::to_string(i);
        const SourceLocation at = origin.keys.count(itemKey) ? origin.at(itemKey) : where;
        if (type == ArgType::DieList && !ctx.ruleset.die(item))
          ctx.out.error(at, "unknown die '" + item + "' in '" + key + "'");
        if (type == ArgType::TextList && !choices.empty() && !contains(choices, item))
          ctx.out.error(at, "expected one of " + joined(choices) + " in '" + key + "', got '" + item + "'");
      }
      return;
  }
}

void checkEntityAgainstSchema(const CheckContext& ctx, Section section, const Entity& entity) {
  const EngineSchema& schema = *ctx.schema;
  const std::string engine = "engine '" + schema.engine + "'";

  if (auto kinds = schema.kinds.find(section); kinds != schema.kinds.end()) {
    if (entity.kind.empty()) {
      ctx.out.error(entity.origin.loc, std::string("missing required key 'kind' in ") + singular(section) + " '" +
                                           entity.id + "' (one of " + joined(kinds->second) + ")");
    } else if (!contains(kinds->second, entity.kind)) {
      ctx.out.error(entity.origin.at("kind"), "unknown kind '" + entity.kind + "' for " + toString(section) +
                                                  " of " + engine + " (known: " + joined(kinds->second) + ")");
    }
  }

  if (!schema.costResources.empty()) {
    for (const auto& c : entity.costs) {
      if (!c.resource.empty() && !contains(schema.costResources, c.resource))
        ctx.out.error(entity.origin.at("costs." + c.resource), "unknown cost resource '" + c.resource + "' for " +
                                                                   engine + " (known: " +
                                                                   joined(schema.costResources) + ")");
    }
  }

  if (!schema.properties.empty()) {
    for (const auto& p : entity.properties) {
      const std::string key = "properties." + p.key;
      const PropertySpec* spec = schema.property(p.key);
      if (!spec) {
        ctx.out.error(entity.origin.at(key), "unknown property '" + p.key + "' for " + engine);
        continue;
      }
      checkTypedValue(ctx, p, spec->type, spec->choices, entity.origin, key);
    }
  }

  for (const auto& effect : entity.effects) {
    if (effect.op.empty()) continue;  // reported by the loader as a missing key
    const OpSpec* op = schema.op(effect.op);
    if (!op) {
      ctx.out.error(effect.origin.at("op"), "unknown effect op '" + effect.op + "' for " + engine);
      continue;
    }
    for (const auto& arg : effect.args) {
      const ArgSpec* spec = op->arg(arg.key);
      if (!spec) {
        ctx.out.error(effect.origin.at(arg.key), "unknown argument '" + arg.key + "' for effect op '" + op->op + "'");
        continue;
      }
      checkTypedValue(ctx, arg, spec->type, spec->choices, effect.origin, arg.key);
    }
    for (const auto& spec : op->args)
      if (spec.required && !effect.arg(spec.key))
        ctx.out.error(effect.origin.loc, "missing argument '" + spec.key + "' for effect op '" + op->op + "'");
  }
}

void checkRequiredParameters(const CheckContext& ctx) {
  const SourceLocation where = ctx.ruleset.origin.at("parameters");
  for (const auto& id : ctx.schema->requiredParameters)
    if (!ctx.ruleset.parameter(id))
      ctx.out.error(where, "engine '" + ctx.schema->engine + "' requires parameter '" + id + "'");
}

void checkParameterOrder(const CheckContext& ctx) {
  for (const auto& chain : ctx.schema->orderedParameters) {
    const Parameter* previous = nullptr;
    for (const auto& id : chain) {
      const Parameter* p = ctx.ruleset.parameter(id);
      const auto value = p ? toNumber(p->value) : std::nullopt;
      if (!value) continue;
      if (previous && *toNumber(previous->value) > *value) {
        // Reported at the value that moved out of order: the later one when
        // it is the bound (wms_max), else the earlier (wms_start > wms_max is
        // reported at wms_start, the value the designer set).
        const bool last = &id == &chain.back();
        const Parameter* at = last ? previous : p;
        ctx.out.error(at->origin.at("default"), "parameter '" + previous->id + "' (" + toString(previous->value) +
                                                    ") is larger than '" + p->id + "' (" + toString(p->value) +
                                                    "); engine '" + ctx.schema->engine + "' needs " +
                                                    joinOrder(chain));
      }
      previous = p;
    }
  }
}

}  // namespace wb::model::validation
