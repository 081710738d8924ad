// Private helper of the YAML loader: reads the content sections a ruleset file
// may hold — `parameters:`, `dice:`, the entity sections (`cards:`, `tiles:`,
// `events:`, `abilities:`, `factions:`) and `dice_questions:` — into the model,
// recording an Origin for every object. Structural problems (unknown keys,
// wrong types, missing required keys, bad expression syntax) are reported
// here; semantic ones (ranges, duplicate ids, references) by validateRuleset().
//
// Origin.loc is the object's map (the list item); for a parameter, its id key.
// Origin keys recorded besides the plain keys of each object:
//   entity:  `costs.<resource>`, `properties.<key>`, `properties.<key>.<i>`, `tags.<i>`
//   effect / dice question: `<arg>.<i>` for list arguments
//   die:     `faces.<i>`
#pragma once

#include <vector>

#include "model/core/ruleset.h"
#include "model/yaml/node_reader.h"

namespace wb::model::yaml {

void readParameters(NodeReader& reader, const MapEntry& section, std::vector<Parameter>& out);
void readDice(NodeReader& reader, const MapEntry& section, std::vector<Die>& out);
void readEntities(NodeReader& reader, Section section, const MapEntry& entry, std::vector<Entity>& out);
void readDiceQuestions(NodeReader& reader, const MapEntry& section, std::vector<DiceQuestion>& out);

// "card", "tile", "event", "ability", "faction".
const char* singularName(Section section);

}  // namespace wb::model::yaml
