// The name a designer reads for an entity id wherever the window shows one:
// the entity's `name` as the editor shows it, from whichever section holds
// the id ("Druid" for mage_druid), else the id itself (an engine's counter
// such as end:eye, or an entity the ruleset does not name).
#pragma once

#include <QString>

#include <string>

#include "model/core/ruleset.h"

namespace wb::app {

inline QString entityName(const model::Ruleset& ruleset, const std::string& id) {
  const model::Entity* e = ruleset.findEntity(id);
  return QString::fromStdString(e && !e->name.empty() ? e->name : id);
}

}  // namespace wb::app
