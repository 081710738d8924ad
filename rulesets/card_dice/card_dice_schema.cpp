#include "rulesets/card_dice/card_dice_schema.h"

#include "rulesets/card_dice/card_dice_game.h"

namespace wb::rulesets::card_dice {

namespace {

using model::ArgSpec;
using model::ArgType;
using model::OpSpec;

ArgSpec expr(const char* key, const char* description, bool required = true) {
  return ArgSpec{key, ArgType::Expression, required, {}, description};
}
ArgSpec choice(const char* key, std::vector<std::string> choices, const char* description,
               bool required = true) {
  return ArgSpec{key, ArgType::Enum, required, std::move(choices), description};
}

model::EngineSchema makeSchema() {
  model::EngineSchema s;
  s.engine = kEngineName;
  s.description =
      "Elemental Card-Dice Game: two players, seven shared dice, two aging shops, auctions, "
      "actions / blessings / passives, responses, shields and buffs.";
  s.ops = {
      {"damage", {choice("target", {"opponent", "self", "both"}, "who takes the damage"),
                  expr("amount", "damage per target; the dealer gains as much gold")},
       "deal damage"},
      {"heal", {expr("amount", "health regained")}, "regain health"},
      {"gain_gold", {expr("amount", "gold gained")}, "gain gold"},
      {"shield", {ArgSpec{"against", ArgType::DieList, true, {}, "damage elements it stops"},
                  expr("amount", "subtracted from each matching damage instance")},
       "passive: reduce damage of the given elements"},
      {"combo_shield", {expr("amount", "subtracted from each combo damage instance")},
       "passive: reduce combo damage"},
      {"paid_shield", {expr("gold_per_damage", "gold paid per point of damage blocked")},
       "passive: block damage by paying gold"},
      {"buff", {ArgSpec{"element", ArgType::DieRef, true, {}, "effects using this die"},
                expr("factor", "multiplier for the rest of the turn")},
       "strengthen your effects of one element this turn"},
      {"buff_non_combo", {expr("factor", "multiplier for the rest of the turn")},
       "strengthen your non-combo effects this turn"},
      {"reroll_die", {expr("times", "rolls allowed; you may stop after any")}, "reroll a die"},
      {"change_die", {expr("by", "largest change up or down")}, "change a die's value"},
      {"flip_die", {}, "turn a die to its opposite face"},
      {"swap_dice", {}, "exchange the values of two dice"},
      {"draw", {expr("count", "cards drawn")}, "draw cards"},
      {"look", {choice("at", {"opponent_hand", "opponent_face_down", "own_deck", "opponent_deck"},
                       "what is looked at"),
                expr("count", "cards looked at", false)},
       "look at hidden cards (no effect on play)"},
      {"reorder_deck", {choice("whose", {"self", "opponent"}, "whose deck"),
                        expr("count", "cards from the top")},
       "look at and reorder the top of a deck"},
      {"tutor", {}, "move a chosen card from your deck to your hand, then shuffle"},
      {"take_bought", {}, "move a card bought this turn to your hand"},
      {"discard_opponent_hand", {expr("count", "cards discarded")},
       "the opponent discards cards from hand"},
      {"discard_opponent_face_down", {expr("count", "face-down actions discarded")},
       "the opponent discards face-down actions"},
      {"veto", {}, "cancel the opponent's action (as a response)"},
      {"extra_actions", {expr("count", "actions added this turn")}, "more actions this turn"},
      {"recycle", {expr("count", "most cards returned")},
       "return cards from your hand to the shop"},
      {"hand_limit", {expr("amount", "extra cards allowed")}, "passive: larger hand limit"},
      {"free_face_down", {}, "passive: face-down actions cost no gold"},
      {"draw_on_blessing", {expr("count", "cards drawn per blessing")},
       "passive: draw when playing a blessing"},
      {"block_effect_draws", {}, "passive: actions no longer draw cards"},
      {"extra_draw", {expr("count", "extra cards per turn draw")},
       "passive: the turn's draw draws more"},
  };
  s.requiredParameters = {"starting_health", "starting_gold", "starting_card", "starting_cards",
                          "shop_size", "cheap_max_cost", "hand_limit"};
  s.names = {"my_gold", "my_health", "opponent_gold", "opponent_health"};
  s.kinds[model::Section::Cards] = {"action", "blessing", "passive"};
  // What only the engine knows (its limits: distinct cards, copies in all,
  // tile and card counts) is checked by compiling, so `balance validate` and
  // the GUI report it at its line, not only `run`.
  s.check = [](const model::Ruleset& ruleset, model::Diagnostics& out) { compileRules(ruleset, out); };
  return s;
}

}  // namespace

const model::EngineSchema& engineSchema() {
  static const model::EngineSchema schema = makeSchema();
  return schema;
}

sim::EngineInfo engineInfo() {
  sim::EngineInfo info = sim::makeEngineInfo<CardDiceGame>(kEngineName, engineSchema());
  // Greedy without answers: letting the opponent answer inside the turn (the
  // response window after every action card) costs card-dice's greedy 4.6x the
  // CPU (100 games, seed 2, 1 thread: 32.0 s against 6.9 s) and changed nothing
  // measurable (14 of 100 games capped either way), while 2,000 default games
  // must stay within two minutes on two cores. The cost is in the long games'
  // late positions, where the answering player holds dozens of responses (die
  // changes with every die and amount, face-down ones free with Cheapskate),
  // each judged by resolving the stack (perf: 84% of the time under
  // GreedyAgent::resolveAnswers; game 97 of that run 3.07 s against 0.20 s).
  // `greedy` keeps answers on; the workbench's seats take the options too.
  info.defaultAgent = "greedy:answers=off";
  return info;
}

}  // namespace wb::rulesets::card_dice
