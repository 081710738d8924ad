// The things a designer edits: cards, tiles, events, abilities and factions.
// They share one shape: id, name, kind (the game's own sub-type, e.g. "action"),
// count of copies, costs, tags, rules text, typed properties and effects.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/origin.h"
#include "model/core/scalar.h"
#include "model/expression/expression.h"

namespace wb::model {

enum class Section { Cards, Tiles, Events, Abilities, Factions };
inline constexpr int kSectionCount = 5;
inline constexpr std::array<Section, kSectionCount> kSections = {
    Section::Cards, Section::Tiles, Section::Events, Section::Abilities, Section::Factions};
const char* toString(Section s);                              // "cards", "tiles", ...
std::optional<Section> sectionFromString(std::string_view s);

// One effect: `{op: damage, target: opponent, amount: earth * magic}`.
// Arguments stay text; the engine's schema says which are expressions, ids,
// enums or lists, and the validator checks them.
struct Effect {
  std::string op;
  std::vector<Field> args;  // in the order written
  std::string assumed;
  Origin origin;

  const Field* arg(std::string_view key) const;
  Field* arg(std::string_view key);
  friend bool operator==(const Effect&, const Effect&) = default;
};

// `cost: 18` is the cost in the game's main currency (resource "");
// `costs: {gold: 3, actions: 1}` names resources.
struct Cost {
  std::string resource;
  Expression amount;
  friend bool operator==(const Cost&, const Cost&) = default;
};

struct Entity {
  std::string id;
  std::string name;
  std::string kind;          // e.g. action / blessing / passive
  int count = 1;             // copies in the game
  std::vector<Cost> costs;
  std::vector<std::string> tags;
  std::string text;          // rules text as printed
  std::vector<Field> properties;  // `properties:` map, typed by the engine schema
  std::vector<Effect> effects;
  std::string assumed;
  Origin origin;             // origin.loc.file: the file it came from (saving writes it back there)

  const Cost* cost(std::string_view resource = "") const;
  const Field* property(std::string_view key) const;
  bool hasTag(std::string_view tag) const;
  friend bool operator==(const Entity&, const Entity&) = default;
};

}  // namespace wb::model
