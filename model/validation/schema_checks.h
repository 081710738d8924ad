// Private helper of validateRuleset(): the checks that need the engine's
// schema — effect ops and their arguments, typed properties, kinds, cost
// resources, required and ordered parameters — and the typed check of one value
// (an effect argument or a property) against an ArgType.
#pragma once

#include <string>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "model/validation/engine_schema.h"
#include "model/validation/expression_check.h"

namespace wb::model::validation {

struct CheckContext {
  const Ruleset& ruleset;
  const EngineSchema* schema;  // may be null
  const ExpressionNames& names;
  Diagnostics& out;
};

// Checks `value` against `type` (and `choices` for Enum / TextList). `origin`
// holds its location under `locKey` (`locKey.N` for list items); messages name
// the value by value.key.
void checkTypedValue(const CheckContext& ctx, const Field& value, ArgType type,
                     const std::vector<std::string>& choices, const Origin& origin, const std::string& locKey);

// Kind, properties, cost resources and effects of one entity against ctx.schema.
void checkEntityAgainstSchema(const CheckContext& ctx, Section section, const Entity& entity);

// The engine's required parameters.
void checkRequiredParameters(const CheckContext& ctx);

// The engine's ordered parameters (EngineSchema::orderedParameters).
void checkParameterOrder(const CheckContext& ctx);

}  // namespace wb::model::validation
