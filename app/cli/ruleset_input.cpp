#include "app/cli/ruleset_input.h"

#include <ostream>

#include "model/path/ruleset_path.h"
#include "model/validation/ruleset_validator.h"
#include "model/yaml/ruleset_loader.h"
#include "rulesets/engine_catalog.h"

namespace wb::app {

std::optional<model::Ruleset> loadRulesetForCli(const std::string& path, CommandIo& io) {
  auto result = model::loadRuleset(path, rulesets::builtinEngines().schemaLookup());
  io.err << result.diagnostics.format();
  if (!result.ok()) return std::nullopt;
  return std::move(result.ruleset);
}

bool applySets(model::Ruleset& ruleset, const std::vector<std::string>& sets, CommandIo& io) {
  for (const auto& s : sets) {
    auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0) {
      io.err << "balance: --set expects PATH=VALUE, got '" << s << "'\n";
      return false;
    }
    std::string error;
    if (!model::setPath(ruleset, s.substr(0, eq), s.substr(eq + 1), &error)) {
      io.err << "balance: --set " << s << ": " << error << "\n";
      return false;
    }
  }
  if (sets.empty()) return true;
  // A value can be well-typed yet make the ruleset invalid (an expression naming
  // an unknown die, an op argument of the wrong kind): check the whole ruleset again.
  const sim::EngineInfo* engine = rulesets::builtinEngines().find(ruleset.engine);
  model::Diagnostics after;
  model::validateRuleset(ruleset, engine ? &engine->schema : nullptr, after);
  if (after.hasErrors()) {
    for (const auto& d : after.items())
      if (d.severity == model::Severity::Error) io.err << "balance: a --set value makes the ruleset invalid: " << d.format() << "\n";
    return false;
  }
  return true;
}

}  // namespace wb::app
