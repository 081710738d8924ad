// Private to model/describe: the `choose_amount` effect (a player chooses a
// number inside an effect: how much damage to block, how many coins to bid),
// in the rules' form and the card form, compiled into
// DescribedProgram::amountChoices (amount_compiler.cpp). The described engine
// plays it in rulesets/described/described_amount.cpp.
#pragma once

#include <vector>

#include "model/describe/choice_compiler.h"

namespace wb::model::describe {

// The arguments of `choose_amount: {...}` (a map of single values).
std::vector<ChoiceArg> amountArgs(Compiler& c, const YAML::Node& map);

// `args` of either form; `where` locates the effect. Returns the index into
// DescribedProgram::amountChoices, or -1 (reported).
int amountSpec(Compiler& c, const std::vector<ChoiceArg>& args, const SourceLocation& where);

}  // namespace wb::model::describe
