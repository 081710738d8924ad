#include "rulesets/elemenz/elemenz_schema.h"

#include "rulesets/elemenz/elemenz_game.h"

namespace wb::rulesets::elemenz {

namespace {

using model::ArgSpec;
using model::ArgType;
using model::PropertySpec;

const std::vector<std::string> kElementNames = {"air", "earth", "fire", "water"};
const std::vector<std::string> kTargets = {"one", "each_opponent", "left", "right"};

ArgSpec integer(const char* key, const char* description, bool required = false) {
  return ArgSpec{key, ArgType::Integer, required, {}, description};
}
ArgSpec element(const char* key, const char* description) {
  return ArgSpec{key, ArgType::Enum, true, kElementNames, description};
}
ArgSpec target(bool required) {
  return ArgSpec{"target", ArgType::Enum, required, kTargets, "one (chosen), each_opponent, left or right"};
}

model::EngineSchema makeSchema() {
  model::EngineSchema s;
  s.engine = kEngineName;
  s.description =
      "ElemenZ: shamans roll seven custom dice three times with holds, anchor wild Zee faces, risk wild "
      "surges, complete combos on their boards (STRIKE vs SHIELD, lose, waiting combos), use totems of pulse "
      "tokens and avatars; 3-4 players drain each other, 2 players race to energise the monolith.";
  s.ops = {
      // Combo effects (boards).
      {"strike", {integer("amount", "attack dice (default: the dice placed)"), target(false)},
       "attack: the target loses attack minus its SHIELD dice"},
      {"lose", {integer("amount", "dice drained", true), target(false)}, "the target loses dice, ignoring defence"},
      {"shield", {integer("amount", "defence dice (default: the dice placed)")}, "defence until the owner's next turn"},
      {"heal", {integer("amount", "dice taken back", true)}, "take own dice back from the pool"},
      {"energise", {integer("amount", "tokens drawn", true)}, "draw pulse tokens onto the own totem"},
      {"burn_pulse", {target(false)}, "burn one pulse token of the target"},
      {"force_reroll", {integer("amount", "dice re-rolled", true)},
       "waiting: force the shaman whose turn it is to re-roll dice after their last roll"},
      {"ward", {integer("amount", "dice cancelled", true)}, "waiting: cancel dice the owner would lose to one drain"},
      {"take_die", {element("element", "colour of the die taken from the pool")},
       "2 players: take a die from the central pool into the hand"},
      // Race abilities.
      {"free_shield_die", {}, "Earth: the second SHIELD space is filled for free"},
      {"free_reroll", {integer("dice", "free single-die re-rolls per turn")}, "Air: re-roll one die for free"},
      {"locked_die",
       {ArgSpec{"combo", ArgType::EntityRef, true, {}, "the combo with the free die"},
        element("symbol", "the symbol the free die fills")},
       "Fire: a combo space filled by a free die"},
      {"heal_reroll", {}, "Water: re-roll a healed die; its own symbol heals a second die"},
      // Pulse tokens.
      {"element", {element("symbol", "the symbol it shows")}, "counts as a die showing the symbol; anchors a Zee"},
      {"restore", {integer("amount", "dice healed", true)}, "take dice back from the pool"},
      {"winds_of_change", {}, "re-roll one own die or force the shaman whose turn it is to re-roll one"},
      {"wild_pulse", {}, "re-roll one own Zee or force the shaman whose turn it is to re-roll a Zee"},
      {"totemic_buff", {}, "set one own Zee die aside until the next turn (stops a wild surge)"},
      // Avatars.
      {"deflect_adjacent", {}, "send a combo aimed at you onto an adjacent shaman"},
      {"cancel_loss", {integer("amount", "dice cancelled", true)}, "cancel dice lost to a combo"},
      {"flip_own", {}, "before the last roll, turn one own die to any face"},
      {"flip_target", {}, "after another's last roll, turn one of their dice to a face that is not Zee"},
      {"recycle_pulse", {}, "return the totem's tokens to the bag and draw as many"},
      {"borrow_die", {integer("amount", "dice borrowed", true)}, "use dice from the pool this turn"},
      {"reroll_opposing", {}, "re-roll every own die showing the opposing symbol, once"},
      {"surge_two", {}, "a chosen shaman's next turn: two Zee cause a wild surge"},
      {"no_heal", {}, "a chosen shaman cannot heal on their next turn"},
      {"block_space", {}, "spend a die to block one space of another shaman's combo until your next turn"},
      {"reflect", {}, "send a combo's effect back to the shaman who made it"},
      {"recall_dice", {integer("draw", "lost dice taken back for the turn", true), integer("return", "dice returned to the pool at the end of the turn", true)},
       "take lost dice back for this turn, return more at its end"},
      {"mirror", {}, "another shaman suffers the combo's effect as well"},
  };
  s.requiredParameters = {"dice_per_shaman", "rolls_per_turn", "surge_wilds", "totem_capacity", "max_turns"};
  s.kinds[model::Section::Factions] = {"shaman"};
  s.kinds[model::Section::Abilities] = {"race_ability", "combo", "duel_combo", "monolith", "duel_rule"};
  s.kinds[model::Section::Cards] = {"pulse_token", "avatar"};
  s.kinds[model::Section::Tiles] = {};
  s.kinds[model::Section::Events] = {};
  // What the schema cannot say (a die face that is no element, a waiting op on an
  // immediate combo, a partial combo of two symbols, a locked die on another board)
  // is found by compiling; `balance validate` reports it at its place.
  s.check = [](const model::Ruleset& ruleset, model::Diagnostics& out) { compileRules(ruleset, out); };
  s.properties = {
      PropertySpec{"element", ArgType::Enum, kElementNames, "shaman: its element"},
      PropertySpec{"die", ArgType::DieRef, {}, "shaman: the die of its colour"},
      PropertySpec{"opposing", ArgType::Enum, kElementNames, "shaman: the element whose faces on every die cause a wild surge"},
      PropertySpec{"partner", ArgType::Enum, kElementNames, "shaman: the element it pairs with in the 2-player game"},
      PropertySpec{"shaman", ArgType::EntityRef, {}, "combo / ability: the shaman whose board it is on"},
      PropertySpec{"symbols", ArgType::TextList, kElementNames, "combo: one symbol per space"},
      PropertySpec{"partial", ArgType::Bool, {}, "combo: may be placed with 1..n dice (STRIKE, SHIELD)"},
      PropertySpec{"timing", ArgType::Enum, {"immediate", "waiting"}, "combo: resolved at once or triggered later in the round"},
      PropertySpec{"lock", ArgType::Enum, kElementNames, "monolith: colour of the die locked in (showing its own symbol)"},
      PropertySpec{"two_player", ArgType::Bool, {}, "avatar: dealt in the 2-player game (the * mark)"},
  };
  return s;
}

}  // namespace

const model::EngineSchema& engineSchema() {
  static const model::EngineSchema schema = makeSchema();
  return schema;
}

// The default agent (data/rulesets/elemenz/README.md, "The default agent by
// player count"): the planner, which plays 2,000 games within the two-minute
// bar at every player count (the times: data/docs/performance.md, "The
// default agent"); greedy at 3 players, where `balance ladder`'s check finds
// its conclusions agreeing with the planner's (at 2 and 4 players they do not:
// entity pairs separated the other way round).
sim::EngineInfo engineInfo() {
  sim::EngineInfo info = sim::makeEngineInfo<ElemenzGame>(kEngineName, engineSchema());
  // The planner, but greedy at 3 players: data/rulesets/elemenz/README.md, "The default agent by player count".
  info.defaultAgent = "planner";
  info.defaultAgentByPlayers = {{3, "greedy"}};
  return info;
}

}  // namespace wb::rulesets::elemenz
