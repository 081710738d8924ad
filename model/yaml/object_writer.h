// Private helper of the YAML writer: emits the objects of a ruleset —
// parameters, dice, entities (with their effects) and dice questions — as YAML
// lines, keys in the order they were read (Origin::keyOrder) and new keys at
// their canonical place. ruleset_writer.cpp assembles them into files.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/ruleset.h"

namespace wb::model::yaml {

// Appends YAML lines to a string.
class YamlLines {
 public:
  std::string& text() { return m_out; }

  // An empty line, unless the text is empty or already ends with one.
  void blank();
  // `key: value` where value is already YAML (flow map, list, number...);
  // `prefix` ("- ") opens a list item.
  void raw(int indent, const std::string& key, const std::string& value, const std::string& prefix = {});
  // `key: text`, quoted as needed; multi-line text as a literal block.
  void text(int indent, const std::string& key, const std::string& value, const std::string& prefix = {});
  // A Field: a scalar or a flow list.
  void field(int indent, const Field& f, const std::string& prefix = {});

 private:
  std::string m_out;
};

// True if `key` was written in the object.
bool inOrder(const Origin& origin, std::string_view key);

// The keys to write: those of origin.keyOrder that are present, in that
// order, then each remaining present key right after its nearest predecessor
// in `canonical`.
std::vector<std::string> orderKeys(const std::vector<std::string>& canonical, const Origin& origin,
                                   const std::function<bool(const std::string&)>& present);

// `  id: {type: int, default: 100, min: 1}` (or `  id: 100` if it was written so).
void writeParameter(YamlLines& w, const Parameter& p);
// `  - id: fire` ... list items of `dice:`, `dice_questions:` and the entity sections.
void writeDie(YamlLines& w, const Die& d);
void writeQuestion(YamlLines& w, const DiceQuestion& q);
void writeEntity(YamlLines& w, const Entity& e);

}  // namespace wb::model::yaml
