// The agents on ElemenZ: a drain its target may answer is valued
// after the target's answer ("answers before scores"); and the blunder counter of strikes that drain nothing.
// Positions follow the rule "Attack and Damage" / "Using Totems" of seed file 000.
#include "simulation/agents/greedy_agent.h"
#include "simulation/agents/planner_agent.h"
#include "tests/rulesets/elemenz/elemenz_fixture.h"
#include "tests/simulation/pending_answer.h"

namespace wb::rulesets::elemenz::test {
namespace {

constexpr int A = kAir, E = kEarth, F = kFire, W = kWater;

// Fire (seat 0) in Assign with F F F A W W E after its 3 rolls; seat 1 has a
// 1-die SHIELD and four tokens, so a STRIKE 3 on it (2 dice) lets it choose:
// lose dice (which ones) or trade two tokens for one of them.
std::unique_ptr<ElemenzState> strikePosition(const ElemenzGame& game) {
  auto s = newGame(game, {kFireFaction, kWaterFaction, kEarthFaction, kAirFaction});
  const int air = token(game, "pulse_air");
  for (int p = 0; p < 4; ++p) s->setTotem(p, {air, air, air, air});
  s->setShield(1, 1, false);
  s->setActive(0);
  s->setTurnDice({F, F, F, A, W, W, E}, 3);
  return s;
}

sim::Action strike(const ElemenzGame& g, int dice, int target) {
  return encode(ActionKind::Complete, completePayload(combo(g, "fire_strike"), dice, target));
}

TEST(ElemenzAgents, AStrikeIsValuedAfterTheTargetsAnswer) {
  auto game = shippedGame();
  auto s = strikePosition(*game);
  const sim::Action attack = strike(*game, 3, 1);
  ASSERT_TRUE(hasAction(*s, attack));
  const sim::test::AnswerValues v = sim::test::answerValues(*s, attack);
  EXPECT_GE(v.answers, 1) << "the target answers inside the attacker's turn";
  // The target's own cheapest answer leaves the attacker less than the answer it would pick for the target...
  EXPECT_LT(v.pending, v.favour);
  // ...and more than not attacking (ending the turn with the dice unused).
  sim::GreedyAgent greedy(sim::GreedyOptions{1, true});
  sim::Rng rng(7);
  const double none = greedy.valueOf(*s, encode(ActionKind::EndTurn, 0), rng);
  EXPECT_GT(v.pending, none);
  // Greedy used to score the pending drain as nothing.
  EXPECT_LT(v.unanswered, v.pending);
}

TEST(ElemenzAgents, StrikesThatDrainNothingAreCounted) {
  auto game = shippedGame();
  auto s = strikePosition(*game);
  s->setShield(2, 2, false);
  sim::Rng rng(2);
  ASSERT_TRUE(s->applyAction(strike(*game, 2, 2), rng));  // 2 attack dice into a 2-die SHIELD
  EXPECT_EQ(s->counters().count(0, kCounterStrikeHits), 1u);
  EXPECT_EQ(s->counters().count(0, kCounterStrikeDrainsNothing), 1u);
}

TEST(ElemenzAgents, AStrikeAnsweredWithTokensDrainsSomething) {
  auto game = shippedGame();
  auto s = strikePosition(*game);
  sim::Rng rng(3);
  ASSERT_TRUE(s->applyAction(strike(*game, 3, 1), rng));
  ASSERT_EQ(s->stage(), Stage::Hit);
  sim::Action trade = 0;
  for (sim::Action a : s->legalActions())
    if (kindOf(a) == ActionKind::HitTotem) trade = a;
  ASSERT_NE(trade, 0);
  ASSERT_TRUE(s->applyAction(trade, rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::HitLose, kLoseOther), rng));
  EXPECT_EQ(s->counters().count(0, kCounterStrikeHits), 1u);
  EXPECT_EQ(s->counters().count(0, kCounterStrikeDrainsNothing), 0u);
}

// Rule "Attack and Damage" / "STRIKE and SHIELD combos" (seed file 000): a STRIKE drains
// "the total number of attack dice minus the total number of defense dice (in SHIELD)", so
// 1-2 dice into a 2-die SHIELD drain nothing; and nothing obliges a shaman to place its dice
// (the engine reads the FAQ "All dice must be assigned in a player's turn" as "no die is kept
// for the next turn": the turn may end with dice unplaced). Such a strike changes nothing: the
// turn ends in the same position as without it, so the planner valued the two plans equally
// and chose between them at random (25.9% of the 4-player planner's strikes
// drained nothing). A plan whose end is the end of a shorter plan of the same value is that
// plan with moves that changed nothing, and is not chosen.
TEST(ElemenzAgents, ThePlannerThrowsNoDiceIntoAShieldThatCoversThem) {
  auto game = shippedGame();
  for (int seed = 1; seed <= 12; ++seed) {
    // Earth (seat 2) after its rolls with two Earth dice: one fills its SHIELD (Earth's
    // free second die, rule "Shaman abilities"), the other has nowhere to go but a STRIKE;
    // its totem is full (nothing to re-energise), the others' are empty (nothing to burn),
    // and every other shaman has a 2-die SHIELD.
    auto s = strikePosition(*game);
    const int air = token(*game, "pulse_air");
    for (int p = 0; p < 4; ++p) s->setTotem(p, p == 2 ? std::vector<int>{air, air, air, air} : std::vector<int>{});
    for (int p = 0; p < 4; ++p) s->setShield(p, p == 2 ? 0 : 2, false);
    s->setActive(2);
    s->setTurnDice({E, E, A, A, W, F, W}, 3);
    const sim::Action wasted = encode(ActionKind::Complete, completePayload(combo(*game, "earth_strike"), 1, 0));
    ASSERT_TRUE(hasAction(*s, wasted));
    sim::PlannerAgent planner;
    sim::Rng rng(static_cast<std::uint64_t>(seed));
    std::vector<std::string> moves;
    const int turn = s->turnCount();
    for (int guard = 0; guard < 40 && !s->isTerminal() && s->turnCount() == turn && s->currentPlayer() == 2; ++guard) {
      const sim::Action a = planner.chooseAction(*s, rng);
      moves.push_back(s->actionToString(a));
      ASSERT_TRUE(s->applyAction(a, rng));
    }
    EXPECT_EQ(s->counters().count(2, kCounterStrikeDrainsNothing), 0u)
        << "seed " << seed << ": " << ::testing::PrintToString(moves);
  }
}

}  // namespace
}  // namespace wb::rulesets::elemenz::test
