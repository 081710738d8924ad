// What an engine declares it understands, so the validator can check a ruleset
// against it without the model knowing any engine: the effect ops and their
// arguments, the parameters it requires, the extra names its expressions may
// use, and the `kind:` values it accepts per section. Engines (rulesets/)
// build one; the model only reads it.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/entity.h"

namespace wb::model {

struct Ruleset;

enum class ArgType {
  Expression,   // an amount expression over parameters, dice and engine names
  Integer,      // a literal integer
  Number,       // a literal number
  Bool,
  Text,         // free text
  Enum,         // one of ArgSpec::choices
  DieRef,       // id of a die of the ruleset
  DieList,      // list of die ids
  EntityRef,    // id of an entity (any section)
  TextList,     // list of free words (e.g. tags)
};
const char* toString(ArgType t);

struct ArgSpec {
  std::string key;
  ArgType type = ArgType::Expression;
  bool required = true;
  std::vector<std::string> choices;  // Enum (and allowed words for TextList if non-empty)
  std::string description;
};

struct OpSpec {
  std::string op;
  std::vector<ArgSpec> args;
  std::string description;
  const ArgSpec* arg(std::string_view key) const;
};

struct PropertySpec {
  std::string key;
  ArgType type = ArgType::Text;
  std::vector<std::string> choices;
  std::string description;
};

// What the editor shows for the entities of one section: the generic fields
// the engine reads, the `properties:` keys per kind, and the section an
// entity-reference property points into (Elem Master: a faction's
// `specialty` names an ability). Tags, rules text and the assumed note are
// always shown. A section the engine does not describe shows count, cost and
// effects, and the properties its entities use.
struct SectionFields {
  bool count = true;    // `count:` copies in the game
  bool cost = true;     // `cost:` and `costs:`
  bool effects = true;  // `effects:`
  // `properties:` keys in display order, per kind; "" holds the keys of every kind.
  std::map<std::string, std::vector<std::string>> properties;
  std::map<std::string, Section> references;  // EntityRef property key -> the section it names

  // The keys shown for an entity of `kind` ("" keys first, then the kind's).
  std::vector<std::string> propertiesOf(const std::string& kind) const;
  // Every key of the section: the "" keys, then each kind's (kinds in name order).
  std::vector<std::string> allProperties() const;
};

struct EngineSchema {
  std::string engine;
  std::string description;
  std::vector<OpSpec> ops;
  std::vector<std::string> requiredParameters;
  std::vector<std::string> names;   // extra names an expression may use
  // Allowed `kind:` values per section; a section missing here accepts any kind.
  std::map<Section, std::vector<std::string>> kinds;
  // Known `properties:` keys; empty = any key is accepted.
  std::vector<PropertySpec> properties;
  // Cost resources allowed in `costs:` besides the main `cost:`; empty = any.
  std::vector<std::string> costResources;
  // The least a cost may be (`cost:` and every `costs:` resource) where it is
  // a number: a cost of -5 is an error at its line. Engines that pay out
  // through a negative cost lower it.
  double minCost = 0;
  // Parameters whose values must not decrease along each list: {"wms_min",
  // "wms_start", "wms_max"} says the start lies within the bounds. A value
  // out of order is an error at its `default:`; parameters the ruleset does
  // not define are skipped.
  std::vector<std::vector<std::string>> orderedParameters;
  // The engine's own checks of what the fields above cannot say (a die face
  // that names no stone, a replacement cycle with an unknown element): run by
  // validateRuleset after the generic checks, only when those found no error,
  // so `balance validate` and the GUI report them at their file:line:column.
  // Empty = none. Typically compiles the ruleset and discards the result.
  std::function<void(const Ruleset&, Diagnostics&)> check;
  // What the editor shows per section (see SectionFields).
  std::map<Section, SectionFields> sections;

  const OpSpec* op(std::string_view name) const;
  const PropertySpec* property(std::string_view key) const;
  const SectionFields* fields(Section section) const;  // nullptr: not described
};

}  // namespace wb::model
