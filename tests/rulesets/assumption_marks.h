// Walks a loaded ruleset for values without a source: every parameter,
// die and entity must carry an `assumed:` mark (on the entity or on one of its
// effects) unless the test names it as taken from the rulebook, with the reason.
// A sourced id the ruleset no longer has is reported too, so the lists stay true.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "model/core/ruleset.h"

namespace wb::rulesets::test {

// `sourced`: id -> where the rulebook (or the seeds' recovered facts) gives it.
inline void expectEveryUnsourcedValueAssumed(const model::Ruleset& rs, const std::map<std::string, std::string>& sourced) {
  std::set<std::string> seen;
  auto check = [&](const std::string& what, const std::string& id, bool marked) {
    seen.insert(id);
    const bool fromText = sourced.count(id) > 0;
    if (fromText) {
      EXPECT_FALSE(marked) << what << " '" << id << "' is listed as from the rulebook (" << sourced.at(id)
                           << ") but marked assumed: fix the list or the YAML";
    } else {
      EXPECT_TRUE(marked) << what << " '" << id << "' has no source in the rulebook and no `assumed:` mark";
    }
  };
  for (const model::Parameter& p : rs.parameters) check("parameter", p.id, !p.assumed.empty());
  for (const model::Die& d : rs.dice) check("die", d.id, !d.assumed.empty());
  for (model::Section s : model::kSections)
    for (const model::Entity& e : rs.entities(s)) {
      bool marked = !e.assumed.empty();
      for (const model::Effect& fx : e.effects) marked = marked || !fx.assumed.empty();
      check(model::toString(s), e.id, marked);
    }
  for (const auto& [id, why] : sourced) EXPECT_TRUE(seen.count(id) > 0) << "sourced id '" << id << "' is not in the ruleset";
}

}  // namespace wb::rulesets::test
