// Zoneplex rule tests on relics: when they may be used ("Note: A
// player can always use as many Relic Cards as he/she desires on their turn",
// "Turn Order", seed file 003), the Canopic Jar kept among the Fears ("Relic
// Cards": "it is placed amongst captured Fear cards"), the Bull Statue's step
// count, and the reliquary draw below the limit ("the player may draw").
#include "tests/rulesets/zoneplex/zoneplex_position.h"

namespace wb::rulesets::zoneplex::test {
namespace {

sim::Action useRelic(int slot, int target = 0) { return encode(ActionKind::UseRelic, slot * 1000 + target); }

bool hasUse(const Position& pos, int slot) {
  for (sim::Action a : pos.legal())
    if (kindOf(a) == ActionKind::UseRelic && payloadOf(a) / 1000 == slot) return true;
  return false;
}

// A Fear turn is the player's turn too: Elixir before the offer, Curse Idol
// while declaring, and the relics left after the battle.
TEST(ZoneplexRelicTiming, UsableOnAFearTurn) {
  Position pos(3, gameWithDie("3", 3));
  pos.state->giveRelic(0, pos.relic("elixir_of_aeons"));
  pos.state->giveRelic(0, pos.relic("curse_idol"));
  pos.state->giveRelic(0, pos.relic("curse_idol"));
  pos.state->setWms(1, 3);
  pos.turn(0, "fear_blue_5", {pos.card("step_1")});
  ASSERT_EQ(pos.state->stage(), Stage::BattleOffer);
  EXPECT_TRUE(hasUse(pos, 0));  // elixir, before deciding whom to invite
  ASSERT_TRUE(pos.apply(useRelic(0)));
  EXPECT_EQ(pos.state->player(0).wms, 2);
  EXPECT_EQ(pos.state->stage(), Stage::BattleOffer);
  ASSERT_TRUE(pos.offerAndStart(pos.soloOffer()));
  ASSERT_EQ(pos.state->stage(), Stage::BattleDeclare);
  EXPECT_TRUE(pos.isLegal(useRelic(0, 1)));  // curse idol on p1 while declaring
  ASSERT_TRUE(pos.apply(useRelic(0, 1)));
  EXPECT_EQ(pos.state->player(1).wms, 2);
  ASSERT_TRUE(pos.apply(encode(ActionKind::DeclareDone, 0)));
  ASSERT_TRUE(pos.apply(encode(ActionKind::Roll, 0)));  // 8: attack 3 + 2 = 5, lost
  // After the battle: one more chance to use the other Curse Idol, then the turn ends.
  ASSERT_EQ(pos.state->stage(), Stage::TurnEnd);
  EXPECT_EQ(pos.state->turnPlayer(), 0);
  EXPECT_TRUE(pos.isLegal(useRelic(0, 1)));
  const int turn = pos.state->turnCount();
  ASSERT_TRUE(pos.apply(encode(ActionKind::EndTurn, 0)));
  EXPECT_GT(pos.state->turnCount(), turn);
  EXPECT_NE(pos.state->turnPlayer(), 0);
}

// The dislocate choice, the step choice after the tiles, the stone choice and the reliquary choice.
TEST(ZoneplexRelicTiming, UsableAtEveryChoiceOfTheTurn) {
  const char* hammer = "void_hammer";
  Position dis(3);
  const int neutral = dis.tile("neutral_chamber");
  dis.state->setTile(36, neutral);
  dis.state->setTile(37, neutral);
  dis.state->setStone(36, 1);
  dis.state->setPosition(0, 37);
  dis.state->giveRelic(0, dis.relic(hammer));
  dis.turn(0, "dislocate", {dis.card("step_1")});
  ASSERT_EQ(dis.state->stage(), Stage::DislocateChoice);
  EXPECT_TRUE(dis.isLegal(useRelic(0, 36)));
  ASSERT_TRUE(dis.apply(encode(ActionKind::ChooseMode, 0)));  // no tiles to place here
  ASSERT_EQ(dis.state->stage(), Stage::StepChoice);
  EXPECT_TRUE(dis.isLegal(useRelic(0, 36)));

  Position stone(3);
  stone.state->setTile(36, neutral);
  stone.state->setTile(37, neutral);
  stone.state->setTile(38, neutral);
  stone.state->setStone(38, 2);
  stone.state->setPosition(0, 37);
  stone.state->giveRelic(0, stone.relic(hammer));
  stone.turn(0, "step_1", {stone.card("step_1")});
  ASSERT_TRUE(stone.apply(step(36)));
  ASSERT_EQ(stone.state->stage(), Stage::StoneChoice);
  EXPECT_TRUE(stone.isLegal(useRelic(0, 38)));
  ASSERT_TRUE(stone.apply(useRelic(0, 38)));
  EXPECT_EQ(stone.state->cell(38).stone, -1);
  EXPECT_EQ(stone.state->stage(), Stage::StoneChoice);  // still to decide
  ASSERT_TRUE(stone.apply(encode(ActionKind::PlaceStone, 0)));
  EXPECT_EQ(stone.state->turnPlayer(), 1);

  Position rel(3);
  rel.state->setTile(37, neutral);
  rel.state->setStone(37, 2);
  rel.state->setTile(38, rel.tile("reliquary"));
  rel.state->setTile(39, neutral);
  rel.state->setStone(39, 1);
  rel.state->setPosition(0, 37);
  rel.state->setRelicDeck({rel.relic("elixir_of_aeons")});
  rel.state->giveRelic(0, rel.relic(hammer));
  rel.turn(0, "step_1", {rel.card("step_1")});
  ASSERT_TRUE(rel.apply(step(38)));
  ASSERT_EQ(rel.state->stage(), Stage::ReliquaryChoice);
  EXPECT_TRUE(rel.isLegal(useRelic(0, 39)));
}

// "After the last step": with nothing to do on the tile, relics can still be used.
TEST(ZoneplexRelicTiming, UsableAfterTheLastStep) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber");
  pos.state->setTile(37, neutral);
  pos.state->setTile(38, neutral);
  pos.state->setStone(38, 2);  // no stone choice there
  pos.state->setPosition(0, 37);
  pos.state->setWms(1, 2);
  pos.state->giveRelic(0, pos.relic("curse_idol"));
  pos.turn(0, "step_1", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(step(38)));
  ASSERT_EQ(pos.state->stage(), Stage::TurnEnd);
  EXPECT_TRUE(pos.isLegal(encode(ActionKind::EndTurn, 0)));
  ASSERT_TRUE(pos.apply(useRelic(0, 1)));
  EXPECT_EQ(pos.state->player(1).wms, 1);
  EXPECT_EQ(pos.state->turnPlayer(), 1);  // nothing left to use: the turn ended
  EXPECT_EQ(pos.state->counters().count(0, pos.rules().counter.relicUsed[static_cast<std::size_t>(pos.relic("curse_idol"))]), 1u);

  // Without a usable relic the turn simply ends (a relic gained this turn is not usable).
  Position none(3);
  none.state->setTile(37, neutral);
  none.state->setTile(38, neutral);
  none.state->setStone(38, 2);
  none.state->setPosition(0, 37);
  none.state->setWms(1, 2);
  none.turn(0, "step_1", {none.card("step_1")});
  none.state->giveRelic(0, none.relic("curse_idol"), none.state->turnCount());
  ASSERT_TRUE(none.apply(step(38)));
  EXPECT_EQ(none.state->turnPlayer(), 1);
}

// "The Canopic Jar acts as a captured Fear ... placed amongst captured Fear cards".
TEST(ZoneplexRelicTiming, CanopicJarIsKeptAmongTheFears) {
  Position pos(3);
  const int jar = pos.relic("canopic_jar"), elixir = pos.relic("elixir_of_aeons");
  const int neutral = pos.tile("neutral_chamber");
  pos.state->setTile(37, neutral);
  pos.state->setStone(37, 2);
  pos.state->setTile(38, pos.tile("reliquary"));
  pos.state->setPosition(0, 37);
  for (int k = 0; k < 3; ++k) pos.state->giveRelic(0, elixir);
  pos.state->setRelicDeck({elixir, jar});
  pos.turn(0, "step_1", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(step(38)));
  ASSERT_TRUE(pos.apply(encode(ActionKind::DrawRelic, 0)));
  EXPECT_EQ(pos.state->player(0).jars, 1);
  EXPECT_EQ(pos.state->player(0).relics.count(), 3);  // not a relic slot: the hand still has room
  EXPECT_EQ(pos.state->fearsHeld(0), 1);

  // It completes the classes, and counts in "the most Fears, in total".
  Position judge(3);
  for (int p : {1, 2}) {
    judge.state->giveFear(p, judge.card("fear_blue_5"));
    judge.state->giveFear(p, judge.card("fear_green_5"));
  }
  judge.state->giveFear(1, judge.card("fear_magenta_5"));
  judge.state->giveRelic(1, elixir);
  judge.state->giveRelic(2, jar);
  EXPECT_TRUE(judge.state->hasAllClasses(2));
  EXPECT_EQ(judge.state->player(2).relics.count(), 0);
  // p2: 3 Fears + the Jar; p1: 3 Fears + a relic (same strengths): the Jar decides.
  judge.state->giveFear(2, judge.card("fear_magenta_5"));
  judge.state->setActionDeck({});
  judge.state->startTurnOf(0, judge.rng);
  ASSERT_TRUE(judge.state->isTerminal());
  EXPECT_EQ(judge.state->returns(), (std::vector<double>{0.0, 0.0, 1.0}));
}

// Bull Statue (assumed relic) with `steps: N`: a walk of exactly N steps.
TEST(ZoneplexRelicTiming, BullStatueStepsAreHonoured) {
  for (int steps : {1, 2}) {
    Position pos(3, gameWith({{"cards.bull_statue.effects.0.steps", std::to_string(steps)}}));
    const int neutral = pos.tile("neutral_chamber");
    for (int c = 36; c <= 40; ++c) pos.state->setTile(c, neutral);
    pos.state->setPosition(1, 38);
    pos.state->setPosition(0, 36);
    pos.state->giveRelic(0, pos.relic("bull_statue"));
    pos.state->setPhase2(true);
    pos.turn(0, "step_1", {pos.card("step_1")});
    std::vector<int> targets;
    for (sim::Action a : pos.legal())
      if (kindOf(a) == ActionKind::UseRelic && payloadOf(a) % 1000 / 64 == 1) targets.push_back(payloadOf(a) % 64);
    std::sort(targets.begin(), targets.end());
    EXPECT_EQ(targets, steps == 1 ? std::vector<int>({37, 39}) : std::vector<int>({36, 40})) << steps;
    ASSERT_TRUE(pos.apply(useRelic(0, 64 + targets.back())));
    EXPECT_EQ(pos.state->player(1).pos, targets.back());
  }
}

// "If a player lands on an unoccupied Reliquary Tile, the player may draw".
TEST(ZoneplexRelicTiming, ReliquaryDrawBelowTheLimitIsAChoice) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber");
  pos.state->setTile(37, neutral);
  pos.state->setStone(37, 2);
  pos.state->setTile(38, pos.tile("reliquary"));
  pos.state->setPosition(0, 37);
  pos.state->setRelicDeck({pos.relic("curse_idol")});
  pos.turn(0, "step_1", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(step(38)));
  ASSERT_TRUE(pos.apply(encode(ActionKind::SkipRelic, 0)));
  EXPECT_EQ(pos.state->player(0).relics.count(), 0);
  EXPECT_EQ(pos.state->relicDeckSize(), 1);
  EXPECT_EQ(pos.state->counters().count(0, pos.rules().counter.reliquarySkipped), 1u);
  EXPECT_EQ(pos.state->turnPlayer(), 1);
}

}  // namespace
}  // namespace wb::rulesets::zoneplex::test
