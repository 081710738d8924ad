// The heuristic's specialty-threat term (elem_master_heuristic.cpp): a seat values what an
// enemy's power can take from it on the enemy's coming turn, so the agents defend.
// Alchimiste: "Dépensez deux PA pour transformer un élémentaire en un autre élément, d'un
// niveau inférieur" (level 2+ only, assumed: a level-1 would vanish); Oracle: "Dépensez deux
// PA pour effectuer un déplacement ou une attaque avec un élémentaire adverse".
#include "tests/rulesets/elem_master/elem_master_fixture.h"

namespace wb::rulesets::elem_master::testing {
namespace {

class ElemMasterDefence : public ElemMasterScript {
 protected:
  // Seat 0's four Earth tokens as two level-2 stacks (stacked) or four level-1 stacks, its
  // Fire far from them; seat 1 (not playing) holds `enemy` (or nothing).
  double seat0Value(bool stacked, const std::string& enemy) {
    build({});
    if (!enemy.empty()) state->setSpecialty(1, specialty(enemy));
    if (stacked) {
      put(5, 0, 0, kEarth, 2);
      put(5, 3, 0, kEarth, 2);
    } else {
      for (int c : {0, 2, 3, 5}) put(5, c, 0, kEarth, 1);
    }
    put(3, 3, 0, kFire, 1);
    put(0, 5, 1, kEarth, 2);
    put(0, 4, 1, kFire, 1);
    return state->heuristic(0);
  }
};

TEST_F(ElemMasterDefence, EarthAnAlchemistCanTransmuteIsWorthLess) {
  // Against the Alchimiste the stacked Earth is one transmutation from losing two tokens and
  // then holds only a transmutable stack: spreading it at level 1 is the defence.
  const double withoutPower = seat0Value(false, "") - seat0Value(true, "");
  const double againstAlchemist = seat0Value(false, "alchemist") - seat0Value(true, "alchemist");
  EXPECT_GT(againstAlchemist, withoutPower + 5.0) << againstAlchemist << " vs " << withoutPower;
}

TEST_F(ElemMasterDefence, OwnFireNextToOwnEarthIsAThreatAgainstAnOracle) {
  // The Oracle may attack with the victim's own Fire: a Fire standing next to its owner's
  // Earth is a liability against it, not against a seat without that power.
  auto value = [&](bool adjacent, const std::string& enemy) {
    build({});
    if (!enemy.empty()) state->setSpecialty(1, specialty(enemy));
    put(5, 0, 0, kEarth, 1);
    put(5, 5, 0, kEarth, 1);
    put(adjacent ? 4 : 2, adjacent ? 0 : 3, 0, kFire, 1);
    put(0, 5, 1, kEarth, 2);
    put(0, 4, 1, kFire, 1);
    return state->heuristic(0);
  };
  const double withoutPower = value(false, "") - value(true, "");
  const double againstOracle = value(false, "oracle") - value(true, "oracle");
  EXPECT_GT(againstOracle, withoutPower + 1.5) << againstOracle << " vs " << withoutPower;
}

}  // namespace
}  // namespace wb::rulesets::elem_master::testing
