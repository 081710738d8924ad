#include "app/cli/ruleset_input.h"

#include <ostream>

#include "model/path/ruleset_path.h"
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
  return true;
}

}  // namespace wb::app
