// The hold policy against the dice lab: the engine's own roll-and-hold
// (Reroll / Roll actions, holds chosen by TurnValue aiming at one combo) played
// many times completes the combo as often as the dice lab's exact answer to the
// same question (dice_questions.yaml, `balance dice --question ...`), within the
// Monte Carlo interval. Surges are switched off (they are not in the question).
#include <cmath>

#include "rulesets/elemenz/elemenz_turn_value.h"
#include "simulation/dice/dice_lab.h"
#include "tests/rulesets/elemenz/elemenz_fixture.h"

namespace wb::rulesets::elemenz::test {
namespace {

double labAnswer(const char* questionId) {
  model::LoadResult r = loadShipped();
  for (const model::DiceQuestion& q : r.ruleset.diceQuestions) {
    if (q.id != questionId) continue;
    std::string why;
    auto request = sim::dice::requestFromQuestion(q, &why);
    EXPECT_TRUE(request) << why;
    sim::dice::DiceResult result;
    sim::dice::DiceError error;
    EXPECT_TRUE(sim::dice::evaluateDice(*request, &r.ruleset, result, error)) << error.format();
    EXPECT_TRUE(result.exact);
    return result.probability.value_or(-1);
  }
  ADD_FAILURE() << "no dice question " << questionId;
  return -1;
}

// Plays `trials` turns of the seat holding `faction`, aiming at `comboId`; returns the success rate.
double playRollAndHold(const ElemenzGame& game, int faction, const char* comboId, int trials) {
  const int c = combo(game, comboId);
  const int restore = token(game, "pulse_restore");
  int successes = 0;
  for (int i = 0; i < trials; ++i) {
    auto s = newGame(game, {faction, (faction + 1) % 4, (faction + 2) % 4}, 1000 + static_cast<std::uint64_t>(i));
    for (int p = 0; p < 3; ++p) s->setTotem(p, {restore, restore});  // no element token, no forced re-roll
    sim::Rng rng(77 + static_cast<std::uint64_t>(i));
    EXPECT_EQ(s->activePlayer(), 0);
    EXPECT_EQ(s->rollsDone(), 1);
    while (s->stage() == Stage::Hold) {
      const std::uint32_t mask = TurnValue(*s, c).bestReroll();
      if (mask == 0) {
        EXPECT_TRUE(s->applyAction(encode(ActionKind::Stop, 0), rng));
      } else {
        EXPECT_TRUE(s->applyAction(encode(ActionKind::Reroll, mask), rng));
        EXPECT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
      }
    }
    EXPECT_EQ(s->stage(), Stage::Assign) << s->toString();
    successes += s->canComplete(c, game.rules().combos[static_cast<std::size_t>(c)].spaces) ? 1 : 0;
  }
  return static_cast<double>(successes) / trials;
}

void expectMatchesLab(const char* question, int faction, const char* comboId) {
  // No forced re-roll between the rolls (the question is about rolls and holds alone).
  auto game = gameWith({{"surge_wilds", "10"}, {"surge_opposing", "false"}, {"surge_few_dice", "false"},
                        {"reaction_window", "after_last_roll"}});
  ASSERT_TRUE(game);
  const double exact = labAnswer(question);
  ASSERT_GT(exact, 0.0);
  constexpr int kTrials = 20000;
  const double rate = playRollAndHold(*game, faction, comboId, kTrials);
  const double se = std::sqrt(exact * (1 - exact) / kTrials);
  EXPECT_NEAR(rate, exact, 4 * se) << question << ": engine " << rate << " vs dice lab " << exact;
}

TEST(ElemenzHoldPolicy, FirestormRollAndHoldMatchesTheDiceLab) {
  expectMatchesLab("fire_firestorm_in_three_rolls", kFireFaction, "fire_firestorm");
}

TEST(ElemenzHoldPolicy, TsunamiRollAndHoldMatchesTheDiceLab) {
  expectMatchesLab("water_tsunami_in_three_rolls", kWaterFaction, "water_tsunami");
}

// The tables are the lab's numbers: holding nothing before roll 1 is the question's answer.
TEST(ElemenzHoldPolicy, TablesGiveTheLabProbability) {
  auto game = shippedGame();
  const HoldTables& tables = *game->rules().holdTables;
  Counts need{};
  need[kFire] = 1;
  need[kEarth] = 2;
  EXPECT_NEAR(tables.probability(kFire, 7, need, 1, FaceCounts{}), labAnswer("fire_firestorm_in_three_rolls"), 1e-6);
  // Holding what the combo needs before the last roll: certain.
  FaceCounts held{};
  held[kFire] = 1;
  held[kEarth] = 2;
  EXPECT_NEAR(tables.probability(kFire, 7, need, 3, held), 1.0, 1e-9);
}

}  // namespace
}  // namespace wb::rulesets::elemenz::test
