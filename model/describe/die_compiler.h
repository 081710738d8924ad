// Private to model/describe: vocabulary for moves that name a die (the rules'
// `dice:`, an action's `die:`, the names die / second_die / delta / die_read /
// die_is_<die>, and the effects `reroll` and `exchange`), compiled in
// die_compiler.cpp. The described engine plays them in
// rulesets/described/described_dice.cpp; the format is in
// data/schema/game-description.md ("Dice a move names").
#pragma once

#include <string>

#include "model/describe/compiler_state.h"

namespace wb::model::describe {

// The most dice `dice:` may list, and the widest a die's faces may span (max - min).
inline constexpr int kMaxNamedDice = 16;
inline constexpr int kMaxDieSpan = 100;

// `dice: [fire, earth, ...]`: per-game counters, read before the names are bound.
void readDice(Compiler& c, const YAML::Node& node);
// die, second_die, delta, die_read and die_is_<die> (only when `dice:` lists some).
void bindDieNames(Compiler& c, int& next);
bool dieNameRange(const Compiler& c, int slot, Interval& out);
// An action's `die:` key; false when `e` is another key.
bool readDieActionKey(Compiler& c, const yaml::MapEntry& e, int index);
// A counter an effect changes: a counter's id, or `die` / `second_die` (kChosenDie...)
// where a die is named (a card's effects, an action with `die:`); -1 (reported) otherwise.
int effectCounter(Compiler& c, const std::string& name, const SourceLocation& where);
// The rules' `reroll: {...}` and `exchange: [a, b]`; false for another key.
bool dieEffect(Compiler& c, const std::string& key, const YAML::Node& value, const SourceLocation& where);
// A card's `- op: reroll` / `- op: exchange`; false for another op.
bool cardDieEffect(Compiler& c, const Entity& card, const Effect& e);
// The dice a card's own effects read (expressions from `firstExpr` on were compiled for it).
void noteCardDice(Compiler& c, std::size_t card, int firstExpr);

}  // namespace wb::model::describe
