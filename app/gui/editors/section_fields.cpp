#include "app/gui/editors/section_fields.h"

#include <algorithm>

namespace wb::app {

namespace {
void addOnce(std::vector<std::string>& out, const std::string& key) {
  if (std::find(out.begin(), out.end(), key) == out.end()) out.push_back(key);
}
}  // namespace

ShownFields shownFields(const model::EngineSchema* schema, const model::Ruleset& ruleset, model::Section section,
                        const model::Entity* entity) {
  ShownFields out;
  const auto& list = ruleset.entities(section);
  // The entities that tell what the section (or the entity's kind) uses.
  std::vector<const model::Entity*> alike;
  for (const auto& e : list)
    if (!entity || e.kind == entity->kind) alike.push_back(&e);
  if (entity && std::find(alike.begin(), alike.end(), entity) == alike.end()) alike.push_back(entity);

  if (const model::SectionFields* declared = schema ? schema->fields(section) : nullptr) {
    out.count = declared->count;
    out.cost = declared->cost;
    out.effects = declared->effects;
    if (entity) {
      out.properties = declared->propertiesOf(entity->kind);
    } else {
      // The kinds in the schema's order (Elem Master: terrain, block, arena), then any other.
      if (const auto kinds = schema->kinds.find(section); kinds != schema->kinds.end())
        for (const auto& kind : kinds->second)
          for (const auto& key : declared->propertiesOf(kind)) addOnce(out.properties, key);
      for (const auto& key : declared->allProperties()) addOnce(out.properties, key);
    }
  } else {
    out.cost = std::any_of(alike.begin(), alike.end(), [](const model::Entity* e) { return !e->costs.empty(); });
    // Declared keys in the schema's order, then any other key in use.
    std::vector<std::string> used;
    for (const model::Entity* e : alike)
      for (const auto& p : e->properties) addOnce(used, p.key);
    if (schema)
      for (const auto& spec : schema->properties)
        if (std::find(used.begin(), used.end(), spec.key) != used.end()) out.properties.push_back(spec.key);
    for (const auto& key : used) addOnce(out.properties, key);
  }
  // What is there is shown, even where the engine does not declare it.
  for (const model::Entity* e : entity ? std::vector<const model::Entity*>{entity} : alike) {
    for (const auto& p : e->properties) addOnce(out.properties, p.key);
    if (!e->costs.empty()) out.cost = true;
    if (!e->effects.empty()) out.effects = true;
    if (e->count != 1) out.count = true;
  }
  return out;
}

}  // namespace wb::app
