#include "model/core/ruleset.h"

#include "model/core/parameter_reads.h"

namespace wb::model {

const Field* DiceQuestion::arg(std::string_view key) const {
  for (const auto& a : args)
    if (a.key == key) return &a;
  return nullptr;
}

namespace {
template <typename T, typename V>
T* findById(V& items, std::string_view id) {
  for (auto& item : items)
    if (item.id == id) return &item;
  return nullptr;
}
}  // namespace

const Parameter* Ruleset::parameter(std::string_view id) const {
  ParameterReadLog::note(id);
  return findById<const Parameter>(parameters, id);
}
Parameter* Ruleset::parameter(std::string_view id) { return findById<Parameter>(parameters, id); }
const Die* Ruleset::die(std::string_view id) const { return findById<const Die>(dice, id); }
Die* Ruleset::die(std::string_view id) { return findById<Die>(dice, id); }
const Entity* Ruleset::entity(Section s, std::string_view id) const { return findById<const Entity>(entities(s), id); }
Entity* Ruleset::entity(Section s, std::string_view id) { return findById<Entity>(entities(s), id); }

const Entity* Ruleset::findEntity(std::string_view id, Section* section) const {
  for (Section s : kSections) {
    if (const Entity* e = entity(s, id)) {
      if (section) *section = s;
      return e;
    }
  }
  return nullptr;
}

double Ruleset::number(std::string_view parameterId, double fallback) const {
  const Parameter* p = parameter(parameterId);
  if (!p) return fallback;
  return toNumber(p->value).value_or(fallback);
}

}  // namespace wb::model
