// Ruleset: everything a game's YAML says — metadata, parameters, dice, the
// entities (cards, tiles, events, abilities, factions) and the dice questions.
// Plain data: the YAML layer fills it, paths edit it, engines compile it.
// operator== compares content only (locations are ignored; see Origin).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "model/core/dice_question.h"
#include "model/core/die.h"
#include "model/core/entity.h"
#include "model/core/parameter.h"

namespace wb::model {

struct PlayerRange {
  int min = 2;
  int max = 2;
  // `players: {..., default: 3}`: the seat count a run starts at when none is
  // given (Zoneplex's box says 3-5; 2 is a variant). 0 (absent): min.
  int usual = 0;
  int initial() const { return usual > 0 ? usual : min; }
  friend bool operator==(const PlayerRange&, const PlayerRange&) = default;
};

struct Ruleset {
  std::string id;
  std::string name;
  std::string engine;        // which engine in rulesets/ plays it
  int version = 1;
  PlayerRange players;
  std::string description;
  std::string assumed;
  std::vector<std::string> includes;  // other files, relative to this one, merged in
  std::vector<Parameter> parameters;
  std::vector<Die> dice;
  std::array<std::vector<Entity>, kSectionCount> sections;
  std::vector<DiceQuestion> diceQuestions;
  Origin origin;             // origin.loc.file: the root file
  // The tuner's `targets:` and `knobs:` sections of the root file, each as its
  // key and its value written as a YAML block: the model does not read them
  // (simulation/tune does, for `balance tune` without --targets) but keeps
  // them, so that a save writes them back.
  std::vector<std::pair<std::string, std::string>> tuning;

  std::vector<Entity>& entities(Section s) { return sections[static_cast<int>(s)]; }
  const std::vector<Entity>& entities(Section s) const { return sections[static_cast<int>(s)]; }
  std::vector<Entity>& cards() { return entities(Section::Cards); }
  const std::vector<Entity>& cards() const { return entities(Section::Cards); }

  const Parameter* parameter(std::string_view id) const;
  Parameter* parameter(std::string_view id);
  const Die* die(std::string_view id) const;
  Die* die(std::string_view id);
  const Entity* entity(Section s, std::string_view id) const;
  Entity* entity(Section s, std::string_view id);
  // Any section; nullptr if none has the id.
  const Entity* findEntity(std::string_view id, Section* section = nullptr) const;

  // Numeric value of a parameter (default if missing or not numeric).
  double number(std::string_view parameterId, double fallback = 0) const;

  friend bool operator==(const Ruleset&, const Ruleset&) = default;
};

}  // namespace wb::model
