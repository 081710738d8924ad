// ElemenZ: `balance validate` lists no value the audit (shared/audits/elemenz.md,
// section 3) calls an assumption without an `assumed` mark: the test walks the
// shipped YAML (all included files), and only the values below come from the
// rulebook (seed file 000) or the facts recovered in shared/seeds/README.md.
#include "tests/rulesets/assumption_marks.h"
#include "tests/rulesets/elemenz/elemenz_fixture.h"

namespace wb::rulesets::elemenz::test {
namespace {

TEST(ElemenzAssumptions, EveryValueWithoutASourceIsMarkedAssumed) {
  const model::LoadResult r = loadShipped();
  ASSERT_TRUE(r.ok()) << r.diagnostics.format();
  const std::map<std::string, std::string> sourced = {
      {"dice_per_shaman", "28 dice in four colours (recovered)"},
      {"shield_start_dice", "'2 dice are placed into the SHIELD combo'"},
      {"rolls_per_turn", "'re-roll any or all of them two further times'"},
      {"surge_wilds", "'Rolling 3 wild symbols'"},
      {"surge_opposing", "'or if all dice rolled show the opposing element' (variant: ignore it)"},
      {"surge_few_dice", "'only 1 or 2 dice remaining' (variant: ignore it)"},
      {"heal_dice", "'take back a single dice'"},
      {"totem_capacity", "'a maximum of 4 energy pulse tokens'"},
      {"totem_start_tokens", "'Four pulse tokens are randomly drawn'"},
      {"totem_trade_tokens", "'discard 2 pulse tokens instead of losing 1 dice'"},
      {"pulse_burns_per_target", "FAQ: 'Maximum of 1 per turn'"},
      {"avatars", "the expansion is optional"},
      {"avatar_buy_dice", "'1 dice of the Shaman's symbol'"},
      {"avatar_burn_dice", "'a pair of dice of any matching symbol'"},
      {"duel_dice_per_colour", "'draws 3 dice of each of their corresponding colours'"},
      {"duel_variant", "'Harder Game', 'Easier Game'"},
      {"duel_harder_dice", "'only 4 dice of one of their colours'"},
      {"fire_shield", "SHIELD: '1 or 2 dice'"},
      {"water_shield", "SHIELD: '1 or 2 dice'"},
      {"earth_shield", "SHIELD: '1 or 2 dice'; Earth places one"},
      {"air_shield", "SHIELD: '1 or 2 dice'"},
      {"earth_free_shield", "race ability EARTH"},
      {"air_free_reroll", "race ability AIR and the FAQ"},
      {"water_healing_tide", "race ability WATER"},
      {"duel_fire_pair", "'the Pair dice combo allows the player to take a dice from the pool'"},
      {"duel_earth_pair", "the Pair dice combo"},
      {"duel_water_pair", "the Pair dice combo"},
      {"duel_air_pair", "the Pair dice combo"},
  };
  wb::rulesets::test::expectEveryUnsourcedValueAssumed(r.ruleset, sourced);
  // The audit's "assumed-but-unmarked" values by name.
  for (const char* id : {"avatars_dealt", "reaction_window", "water_tide", "token_anchor"}) {
    const model::Parameter* p = r.ruleset.parameter(id);
    ASSERT_NE(p, nullptr) << id;
    EXPECT_FALSE(p->assumed.empty()) << id;
  }
  for (const char* id : {"fire_strike", "water_strike", "earth_strike", "air_strike", "duel_no_totems", "duel_no_heal",
                         "duel_no_race_abilities", "duel_no_surges", "duel_no_reactions", "duel_boards", "duel_starvation"}) {
    const model::Entity* e = r.ruleset.findEntity(id);
    ASSERT_NE(e, nullptr) << id;
    EXPECT_FALSE(e->assumed.empty()) << id;
  }
}

}  // namespace
}  // namespace wb::rulesets::elemenz::test
