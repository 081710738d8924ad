// Which fields the editor shows for a section's entities (the table columns)
// and for one entity (the inspector's form): what the engine's schema declares
// for the section (EngineSchema::sections), and otherwise what the section's
// entities use (a Cost column only where some entity has a cost, the
// `properties:` keys entities of the same kind have). A property an entity has
// is always shown, declared or not: no data is hidden.
#pragma once

#include <string>
#include <vector>

#include "model/core/entity.h"
#include "model/core/ruleset.h"
#include "model/validation/engine_schema.h"

namespace wb::app {

struct ShownFields {
  bool count = true;
  bool cost = true;
  bool effects = true;
  std::vector<std::string> properties;  // `properties:` keys in display order
};

// `entity` = nullptr: the whole section (table columns); else that entity's form.
ShownFields shownFields(const model::EngineSchema* schema, const model::Ruleset& ruleset, model::Section section,
                        const model::Entity* entity = nullptr);

}  // namespace wb::app
