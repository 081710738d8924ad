// Zoneplex rule tests: Fear battles (strength roll, sacrifices, critical
// misses, group combat and its rewards), phase 2 and influence, entering the
// Eye, the cataclysm and every tie-breaker. Battles use a one-faced die.
#include "tests/rulesets/zoneplex/zoneplex_position.h"

namespace wb::rulesets::zoneplex::test {
namespace {

const sim::Action kDone = encode(ActionKind::DeclareDone, 0);
const sim::Action kRoll = encode(ActionKind::Roll, 0);

// "Battle": the Fear's strength is the card's number plus a die roll.
TEST(ZoneplexBattle, StrengthIsCardPlusDie) {
  Position pos(3, gameWithDie("3", 3));
  pos.turn(0, "fear_blue_5", {pos.card("step_1")});
  ASSERT_EQ(pos.state->stage(), Stage::BattleOffer);
  EXPECT_EQ(pos.state->fearStrength(), 8);
  Position eye(3, gameWithDie("eye", 0));
  eye.turn(0, "fear_blue_5", {eye.card("step_1")});
  EXPECT_EQ(eye.state->fearStrength(), 5);  // "If the die roll is The Eye the total is 8 (0 + 8)"
}

// "Attack" and "Warrior Monk Strength": a solo loss costs 1 WMS, never below 1.
TEST(ZoneplexBattle, SoloLossLowersWms) {
  Position pos(3, gameWithDie("3", 3));
  pos.state->setWms(0, 3);
  pos.turn(0, "fear_blue_5", {pos.card("step_1")});
  ASSERT_TRUE(pos.offerAndStart(pos.soloOffer()));
  ASSERT_EQ(pos.state->stage(), Stage::BattleDeclare);
  ASSERT_TRUE(pos.apply(kDone));
  ASSERT_TRUE(pos.apply(kRoll));  // attack 3 + 3 = 6 < 8
  EXPECT_EQ(pos.state->player(0).wms, 2);
  EXPECT_EQ(pos.state->player(0).fears.count(), 0);

  Position low(3, gameWithDie("3", 3));
  low.turn(0, "fear_blue_5", {low.card("step_1")});
  ASSERT_TRUE(low.offerAndStart(low.soloOffer()));
  ASSERT_TRUE(low.apply(kDone));
  ASSERT_TRUE(low.apply(kRoll));
  EXPECT_EQ(low.state->player(0).wms, 1);
}

// "Sacrificing Spirit Stones": each placed stone sacrificed before the first
// attack rolls the die off the strength; the stone returns to the Netherzone.
TEST(ZoneplexBattle, SacrificesWeakenTheFear) {
  Position pos(3, gameWithDie("3", 3));
  const int neutral = pos.tile("neutral_chamber");
  pos.state->setTile(36, neutral);
  pos.state->setTile(37, neutral);
  pos.state->setStone(36, 0);
  pos.state->setStone(37, 0);
  pos.state->setStonesHome(0, 2);
  pos.state->setRelicDeck({pos.relic("elixir_of_aeons")});
  pos.turn(0, "fear_blue_5", {pos.card("step_1")});
  ASSERT_TRUE(pos.offerAndStart(pos.soloOffer()));
  EXPECT_EQ(pos.count(ActionKind::Sacrifice), 2);
  ASSERT_TRUE(pos.apply(encode(ActionKind::Sacrifice, 36)));
  ASSERT_TRUE(pos.apply(encode(ActionKind::Sacrifice, 37)));
  EXPECT_EQ(pos.count(ActionKind::Sacrifice), 0);
  ASSERT_TRUE(pos.apply(kDone));
  ASSERT_TRUE(pos.apply(kRoll));  // 8 - 3 - 3 = 2; attack 3 + 1 = 4 >= 2
  EXPECT_EQ(pos.state->player(0).wms, 2);
  ASSERT_EQ(pos.state->player(0).fears.count(), 1);
  EXPECT_EQ(pos.state->player(0).fears[0], pos.card("fear_blue_5"));
  EXPECT_EQ(pos.state->player(0).stonesHome, 4);
  EXPECT_EQ(pos.state->cell(36).stone, -1);
  EXPECT_EQ(pos.state->player(0).relics.count(), 1);  // the Fear carries one relic
}

// Battle relics (assumed set): used while declaring, before the first attack.
TEST(ZoneplexBattle, BattleRelicsWeakenAndStrengthen) {
  Position pos(3, gameWithDie("3", 3));
  pos.state->giveRelic(0, pos.relic("ritual_dagger"));
  pos.state->giveRelic(0, pos.relic("plasma_gauntlet"));
  pos.turn(0, "fear_blue_5", {pos.card("step_1")});
  EXPECT_EQ(pos.count(ActionKind::UseRelic), 0);  // not while negotiating
  ASSERT_TRUE(pos.offerAndStart(pos.soloOffer()));
  EXPECT_EQ(pos.count(ActionKind::UseRelic), 2);
  ASSERT_TRUE(pos.apply(encode(ActionKind::UseRelic, 0)));     // dagger: 8 - 3 = 5
  ASSERT_TRUE(pos.apply(encode(ActionKind::UseRelic, 0)));     // gauntlet (now slot 0): attack 3 + 1 + 2
  EXPECT_EQ(pos.state->player(0).relics.count(), 0);
  ASSERT_TRUE(pos.apply(kDone));
  ASSERT_TRUE(pos.apply(kRoll));
  EXPECT_EQ(pos.state->player(0).fears.count(), 1);

  Position miss(3, gameWithDie("eye", 0));
  miss.state->giveRelic(0, miss.relic("plasma_gauntlet"));
  miss.turn(0, "fear_blue_5", {miss.card("step_1")});
  ASSERT_TRUE(miss.offerAndStart(miss.soloOffer()));
  ASSERT_TRUE(miss.apply(encode(ActionKind::UseRelic, 0)));
  ASSERT_TRUE(miss.apply(kDone));
  ASSERT_TRUE(miss.apply(kRoll));  // a critical miss counts 0, bonus included
  EXPECT_EQ(miss.state->player(0).fears.count(), 0);
}

// Metrics: battles by mode and Fear strength, and the Fear card itself, in the EntityLog.
TEST(ZoneplexBattle, BattlesAreLoggedForTheMetrics) {
  Position pos(3, gameWithDie("3", 3));
  pos.turn(0, "fear_blue_5", {pos.card("step_1")});
  ASSERT_TRUE(pos.offerAndStart(pos.soloOffer()));
  ASSERT_TRUE(pos.apply(kDone));
  ASSERT_TRUE(pos.apply(kRoll));
  const ZoneplexRules& R = pos.rules();
  const sim::EntityLog& log = pos.state->entityLog();
  EXPECT_EQ(log.count(0, R.metricSolo, sim::EntityUse::Played), 1u);
  EXPECT_EQ(log.count(0, R.metricSolo, sim::EntityUse::Triggered), 0u);
  EXPECT_EQ(log.count(0, R.metricSoloByStrength[5], sim::EntityUse::Played), 1u);
  EXPECT_EQ(log.count(0, R.metricGroup, sim::EntityUse::Played), 0u);
  EXPECT_EQ(R.ids[static_cast<std::size_t>(R.metricGroupByStrength[11])], "battle:group:strength_11");
  EXPECT_EQ(log.count(0, R.actions[static_cast<std::size_t>(pos.card("fear_blue_5"))].entity, sim::EntityUse::Played), 1u);
}

// "If the player's die roll is The Eye, it is a critical miss": WMS does not count.
TEST(ZoneplexBattle, TheEyeIsACriticalMiss) {
  Position pos(3, gameWithDie("eye", 0));
  pos.state->setWms(0, 4);
  pos.turn(0, "fear_blue_5", {pos.card("step_1")});
  ASSERT_TRUE(pos.offerAndStart(pos.soloOffer()));
  ASSERT_TRUE(pos.apply(kDone));
  ASSERT_TRUE(pos.apply(kRoll));  // 0 < 5 even with WMS 4
  EXPECT_EQ(pos.state->player(0).wms, 3);
  EXPECT_EQ(pos.state->player(0).fears.count(), 0);
}

// "Group Combat/Negotiation" and "Battle: Turn Order": helpers join before the
// battle, the split of the Fear and its relics is fixed in advance ("how the
// Relic Card(s) and the Fear Card are divided ... is decided before anyone
// rolls"), attacks go clockwise and all involved gain 1 WMS.
TEST(ZoneplexBattle, GroupCombatRewards) {
  Position pos(3, gameWithDie("3", 3));
  const int elixir = pos.relic("elixir_of_aeons");
  pos.state->setRelicDeck({elixir, elixir});
  pos.turn(0, "fear_blue_5", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(pos.offer(0b010, 1, {1, 0, 0})));  // invite p1: p1 takes the Fear, p0 the relic
  ASSERT_EQ(pos.state->stage(), Stage::BattleAnswer);
  EXPECT_EQ(pos.state->currentPlayer(), 1);
  ASSERT_TRUE(pos.apply(encode(ActionKind::Accept, 0)));
  ASSERT_EQ(pos.state->stage(), Stage::BattleJoin);  // p2 was not invited: may ask to join
  EXPECT_EQ(pos.state->currentPlayer(), 2);
  ASSERT_TRUE(pos.apply(encode(ActionKind::StayOut, 0)));
  ASSERT_EQ(pos.state->stage(), Stage::BattleDeclare);
  EXPECT_EQ(pos.state->currentPlayer(), 0);
  ASSERT_TRUE(pos.apply(kDone));
  EXPECT_EQ(pos.state->currentPlayer(), 1);
  ASSERT_TRUE(pos.apply(kDone));
  ASSERT_TRUE(pos.apply(kRoll));  // 8: p0 attacks 4 (4 left), p1 attacks 4 >= 4
  EXPECT_EQ(pos.state->player(0).wms, 2);
  EXPECT_EQ(pos.state->player(1).wms, 2);
  EXPECT_EQ(pos.state->player(2).wms, 1);
  EXPECT_EQ(pos.state->player(0).fears.count(), 0);
  EXPECT_EQ(pos.state->player(1).fears.count(), 1);
  EXPECT_EQ(pos.state->player(0).relics.count(), 1);  // as the offer said
  EXPECT_EQ(pos.state->player(1).relics.count(), 0);
}

TEST(ZoneplexBattle, DecliningHelperLeavesTheFearAndRelicsToTheDrawer) {
  Position pos(3, gameWithDie("3", 3));
  pos.state->setRelicDeck({pos.relic("elixir_of_aeons")});
  pos.turn(0, "fear_blue_5", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(pos.offer(0b110, 2, {0, 0, 1})));  // p2 would take the Fear and the relic
  ASSERT_TRUE(pos.apply(encode(ActionKind::Accept, 0)));   // p1
  ASSERT_TRUE(pos.apply(encode(ActionKind::Decline, 0)));  // p2
  EXPECT_EQ(pos.state->fearTo(), 0);
  EXPECT_EQ(pos.state->battle().shares[0], 1);
  EXPECT_EQ(pos.state->participants(), 0b011);
  ASSERT_EQ(pos.state->stage(), Stage::BattleDeclare);  // a decliner cannot ask to join afterwards
  ASSERT_TRUE(pos.apply(kDone));
  ASSERT_TRUE(pos.apply(kDone));
  ASSERT_TRUE(pos.apply(kRoll));
  EXPECT_EQ(pos.state->player(0).fears.count(), 1);
  EXPECT_EQ(pos.state->player(0).relics.count(), 1);
  EXPECT_EQ(pos.state->player(2).wms, 1);  // not involved
  const sim::CounterLog& k = pos.state->counters();
  const CounterIndex& id = pos.rules().counter;
  EXPECT_EQ(k.count(0, id.invitationOffered), 2u);
  EXPECT_EQ(k.count(1, id.invitationAccepted), 1u);
  EXPECT_EQ(k.count(2, id.invitationDeclined), 1u);
  EXPECT_EQ(k.count(0, id.battleGroup), 1u);
  EXPECT_EQ(k.count(0, id.battleGroupWon), 1u);
}

// Group loss: "all involved players lose 1 WMS".
TEST(ZoneplexBattle, GroupLossCostsEveryone) {
  Position pos(3, gameWithDie("eye", 0));
  pos.state->setWms(0, 3);
  pos.state->setWms(1, 2);
  pos.turn(0, "fear_master_1", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(pos.offer(0b010, 0, {3, 0, 0})));
  ASSERT_TRUE(pos.apply(encode(ActionKind::Accept, 0)));
  pos.noJoiners();
  ASSERT_TRUE(pos.apply(kDone));
  ASSERT_TRUE(pos.apply(kDone));
  ASSERT_TRUE(pos.apply(kRoll));
  EXPECT_EQ(pos.state->player(0).wms, 2);
  EXPECT_EQ(pos.state->player(1).wms, 1);
}

// Dice question: chance to defeat strength S with WMS w, k stones and h helpers.
TEST(ZoneplexBattle, DefeatChanceIsExact) {
  Position pos(3);
  const int one[] = {1};
  // One attack with WMS 1 against 6: faces 1..5 give 2..6, the Eye 0: only a 5 wins.
  EXPECT_NEAR(pos.state->defeatChance(6, one, nullptr, 1, 0), 1.0 / 6.0, 1e-12);
  EXPECT_NEAR(pos.state->defeatChance(1, one, nullptr, 1, 0), 5.0 / 6.0, 1e-12);
  EXPECT_NEAR(pos.state->defeatChance(0, one, nullptr, 0, 0), 1.0, 1e-12);
  // One sacrifice against 1: any face but the Eye.
  EXPECT_NEAR(pos.state->defeatChance(1, one, nullptr, 0, 1), 5.0 / 6.0, 1e-12);
  const int two[] = {1, 1};
  const double solo = pos.state->defeatChance(10, one, nullptr, 1, 2);
  const double pair = pos.state->defeatChance(10, two, nullptr, 2, 2);
  EXPECT_GT(pair, solo);
}

// "Phase 2": when the last tile is placed, the turn completes and phase 2 begins.
TEST(ZoneplexPhases, LastTileStartsPhaseTwo) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber");
  for (int c = 1; c < 49; ++c)
    if (c != 37) pos.state->setTile(c, neutral);
  pos.state->setHandTiles(0, {neutral});
  pos.turn(0, "step_1", {pos.card("step_1"), pos.card("step_1")});
  ASSERT_TRUE(pos.apply(place(neutral, 37)));
  EXPECT_FALSE(pos.state->phase2());  // the player completes the turn first
  while (pos.state->turnPlayer() == 0 && !pos.state->isTerminal()) ASSERT_TRUE(pos.apply(pos.legal().back()));
  EXPECT_TRUE(pos.state->phase2());
  // "Action Cards now only represent movement."
  EXPECT_EQ(pos.state->stage(), Stage::Move);
}

// "Influence Points": WMS + 1 neutral + 2 own symbol + 1 unclaimed symbol + 2 another's symbol + relics.
TEST(ZoneplexScoring, InfluenceTable) {
  Position pos(3);
  // Symbols: p0 ankh (0), p1 scarab (1), p2 spiral (2); sun_disc (5) is unclaimed.
  pos.state->setTile(36, pos.tile("neutral_chamber"));
  pos.state->setTile(37, pos.tile("chamber_ankh"));
  pos.state->setTile(38, pos.tile("chamber_scarab"));
  pos.state->setTile(39, pos.tile("chamber_sun_disc"));
  for (int c : {36, 37, 38, 39}) pos.state->setStone(c, 0);
  EXPECT_EQ(pos.state->influence(0), 1 + 1 + 2 + 2 + 1);
  pos.state->giveRelic(0, pos.relic("crystal_skull"));
  pos.state->giveRelic(0, pos.relic("obelisk_shard"));
  EXPECT_EQ(pos.state->influence(0), 7 + 1 + 2);
  pos.state->setWms(0, 4);
  EXPECT_EQ(pos.state->influence(0), 13);
  EXPECT_EQ(pos.state->influence(1), 1);
}

// "Influence Points", stone on another's symbol: +2 on the board, a lost sign on
// page 15. The default stays +2; the parameter takes the penalty reading too.
TEST(ZoneplexScoring, AnotherPlayersSymbolMayBeAPenalty) {
  Position plus(3);
  plus.state->setTile(38, plus.tile("chamber_scarab"));  // p1's symbol
  plus.state->setStone(38, 0);
  EXPECT_EQ(plus.rules().influenceOther, 2);
  EXPECT_EQ(plus.state->influence(0), 1 + 2);
  Position minus(3, gameWith({{"parameters.influence_other_symbol", "-2"}}));
  minus.state->setTile(38, minus.tile("chamber_scarab"));
  minus.state->setStone(38, 0);
  minus.state->setWms(0, 4);
  EXPECT_EQ(minus.state->influence(0), 4 - 2);
  minus.state->setTile(39, minus.tile("chamber_ankh"));  // p0's own symbol still +2
  minus.state->setStone(39, 0);
  EXPECT_EQ(minus.state->influence(0), 4 - 2 + 2);
}

void giveAllClasses(Position& pos, int p) {
  pos.state->giveFear(p, pos.card("fear_blue_5"));
  pos.state->giveFear(p, pos.card("fear_green_5"));
  pos.state->giveFear(p, pos.card("fear_magenta_5"));
}

// "Endgame: Entering The Eye": all three classes, and +2 must give a decisive lead.
TEST(ZoneplexEye, EntryNeedsAllClassesAndADecisiveLead) {
  Position pos(3);
  pos.state->setPhase2(true);
  pos.state->giveFear(0, pos.card("fear_blue_5"));
  pos.state->giveFear(0, pos.card("fear_green_6"));
  EXPECT_FALSE(pos.state->hasAllClasses(0));
  EXPECT_FALSE(pos.state->canEnterEye(0));
  pos.state->giveFear(0, pos.card("fear_master_1"));  // a Master Fear counts as any class
  EXPECT_TRUE(pos.state->hasAllClasses(0));
  EXPECT_TRUE(pos.state->canEnterEye(0));   // 1 + 2 = 3 > 1
  pos.state->setWms(1, 3);
  EXPECT_FALSE(pos.state->canEnterEye(0));  // 3 vs 3: a tie is not decisive
  pos.state->setWms(1, 2);
  EXPECT_TRUE(pos.state->canEnterEye(0));
  pos.state->setPhase2(false);
  EXPECT_FALSE(pos.state->canEnterEye(0));  // "only when the Zoneplex is complete"
}

TEST(ZoneplexEye, EnteringEndsTheGame) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber");
  for (int c : {1, 2, 3}) pos.state->setTile(c, neutral);
  pos.state->setPhase2(true);
  giveAllClasses(pos, 0);
  pos.state->setPosition(0, 3);
  pos.turn(0, "step_3", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(step(2)));
  ASSERT_TRUE(pos.apply(step(0)));  // one step left unused: the Eye is multi-dimensional
  EXPECT_TRUE(pos.state->isTerminal());
  EXPECT_EQ(pos.state->endReason(), EndReason::Eye);
  EXPECT_EQ(pos.state->returns(), (std::vector<double>{1.0, 0.0, 0.0}));
}

// "Cataclysm" and "The Judgement of the Zoneplex".
std::vector<double> cataclysm(Position& pos) {
  pos.state->setActionDeck({});
  pos.state->startTurnOf(0, pos.rng);
  EXPECT_TRUE(pos.state->isTerminal());
  return pos.state->returns();
}

TEST(ZoneplexCataclysm, NobodyWorthyMeansTheZoneplexWins) {
  Position pos(3);
  pos.state->setWms(0, 4);
  pos.state->giveFear(0, pos.card("fear_blue_5"));
  EXPECT_EQ(cataclysm(pos), (std::vector<double>{0.0, 0.0, 0.0}));
  EXPECT_EQ(pos.state->endReason(), EndReason::ZoneplexWins);
}

TEST(ZoneplexCataclysm, UnworthyAreObliteratedThenInfluenceWins) {
  Position pos(3);
  giveAllClasses(pos, 1);
  giveAllClasses(pos, 2);
  pos.state->setWms(0, 4);  // highest influence but unworthy
  pos.state->setWms(2, 2);
  EXPECT_EQ(cataclysm(pos), (std::vector<double>{0.0, 0.0, 1.0}));
  EXPECT_EQ(pos.state->endReason(), EndReason::Cataclysm);
}

TEST(ZoneplexCataclysm, TieBreakMostFears) {
  Position pos(3);
  giveAllClasses(pos, 1);
  giveAllClasses(pos, 2);
  pos.state->giveFear(1, pos.card("fear_blue_6"));
  EXPECT_EQ(cataclysm(pos), (std::vector<double>{0.0, 1.0, 0.0}));
}

TEST(ZoneplexCataclysm, TieBreakStrengthSum) {
  Position pos(3);
  giveAllClasses(pos, 1);
  pos.state->giveFear(2, pos.card("fear_blue_6"));
  pos.state->giveFear(2, pos.card("fear_green_5"));
  pos.state->giveFear(2, pos.card("fear_magenta_5"));
  EXPECT_EQ(cataclysm(pos), (std::vector<double>{0.0, 0.0, 1.0}));
}

TEST(ZoneplexCataclysm, TieBreakRelicsThenSharedWin) {
  Position pos(3);
  giveAllClasses(pos, 1);
  giveAllClasses(pos, 2);
  pos.state->giveRelic(1, pos.relic("elixir_of_aeons"));
  EXPECT_EQ(cataclysm(pos), (std::vector<double>{0.0, 1.0, 0.0}));

  Position tie(3);
  giveAllClasses(tie, 1);
  giveAllClasses(tie, 2);
  EXPECT_EQ(cataclysm(tie), (std::vector<double>{0.0, 0.5, 0.5}));  // the Council cannot decide
}

// Hidden information: determinize re-deals what the observer cannot see.
TEST(ZoneplexHidden, DeterminizeHidesSymbolsHandsRelicsAndDeck) {
  sim::Rng rng(9);
  auto s = shippedGame()->newGame(4, rng);
  s->giveRelic(1, s->rules().relicIndex("warp_key"));
  bool symbolChanged = false, handChanged = false, deckChanged = false;
  for (int k = 0; k < 30; ++k) {
    auto d = s->determinize(0, rng);
    const auto& ds = dynamic_cast<const ZoneplexState&>(*d);
    EXPECT_EQ(ds.player(0).symbol, s->player(0).symbol);
    for (std::size_t i = 0; i < s->player(0).tiles.size(); ++i) EXPECT_EQ(ds.player(0).tiles[i], s->player(0).tiles[i]);
    symbolChanged |= ds.player(1).symbol != s->player(1).symbol;
    for (std::size_t i = 0; i < s->player(2).tiles.size(); ++i) handChanged |= ds.player(2).tiles[i] != s->player(2).tiles[i];
    deckChanged |= ds.toString() != s->toString();
    for (int c = 0; c < 49; ++c) EXPECT_EQ(ds.cell(c).tile, s->cell(c).tile);
  }
  EXPECT_TRUE(symbolChanged);
  EXPECT_TRUE(handChanged);
  EXPECT_TRUE(deckChanged);
}

}  // namespace
}  // namespace wb::rulesets::zoneplex::test
