// Private to model/describe: the `choose` and `deal` effects (a player picks cards inside
// an effect) and the card form of it and of `shuffle`, compiled into
// DescribedProgram::choices (choice_compiler.cpp). The described engine plays
// them in rulesets/described/described_choice.cpp.
#pragma once

#include <string>
#include <vector>

#include "model/describe/compiler_state.h"

namespace wb::model::describe {

// One argument of a `choose`, from either form: its text and where it is.
struct ChoiceArg {
  std::string key;
  std::string text;
  SourceLocation where;
};

// The arguments of `choose: {...}` (rules' effects) or of `- op: choose` (a
// card's effects); `where` locates the effect. Returns the index into
// DescribedProgram::choices, or -1 (reported).
int chooseSpec(Compiler& c, const std::vector<ChoiceArg>& args, const SourceLocation& where);
std::vector<ChoiceArg> choiceArgs(Compiler& c, const YAML::Node& map);
// The scalar entries of an effect's map (`choose`, `choose_amount`): a value
// that is not a scalar, or a node that is not a map, is an error at its place;
// `keys` names a few of the keys for that message.
std::vector<ChoiceArg> scalarArgs(Compiler& c, const YAML::Node& map, const std::string& op, const std::string& keys);
std::vector<ChoiceArg> choiceArgs(const Effect& e);

// `deal: {from: deck, to: hand, count: 5}`: count cards to each player (or
// `players: opponents`), one at a time in turn order from the subject.
void dealEffect(Compiler& c, const yaml::MapEntry& op);

// `reveal: {zone: hand, of: opponent}` (or `top: N`, the top N cards of a
// pile): the subject sees the zone's cards, and determinize() keeps them
// where they are for that player until they move (described_knowledge.cpp).
void revealEffect(Compiler& c, const std::vector<ChoiceArg>& args, const SourceLocation& where);

}  // namespace wb::model::describe
