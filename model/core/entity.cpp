#include "model/core/entity.h"

#include <algorithm>

namespace wb::model {

const char* toString(Section s) {
  switch (s) {
    case Section::Cards: return "cards";
    case Section::Tiles: return "tiles";
    case Section::Events: return "events";
    case Section::Abilities: return "abilities";
    case Section::Factions: return "factions";
  }
  return "?";
}

std::optional<Section> sectionFromString(std::string_view s) {
  for (Section sec : kSections)
    if (s == toString(sec)) return sec;
  return std::nullopt;
}

const Field* Effect::arg(std::string_view key) const {
  for (const auto& a : args)
    if (a.key == key) return &a;
  return nullptr;
}

Field* Effect::arg(std::string_view key) {
  for (auto& a : args)
    if (a.key == key) return &a;
  return nullptr;
}

const Cost* Entity::cost(std::string_view resource) const {
  for (const auto& c : costs)
    if (c.resource == resource) return &c;
  return nullptr;
}

const Field* Entity::property(std::string_view key) const {
  for (const auto& p : properties)
    if (p.key == key) return &p;
  return nullptr;
}

bool Entity::hasTag(std::string_view tag) const {
  return std::find(tags.begin(), tags.end(), tag) != tags.end();
}

}  // namespace wb::model
