// Zoneplex rule tests on the bargain before a Fear battle, rule
// "Group Combat/Negotiation" (seed file 003): the drawer "has the last word
// regarding how the Fear Card and the Relic Cards are divided"; players may
// "choose not to help a player who is being too greedy"; "even when you attempt
// to join a battle that you are not invited to, you can offer your captured
// Fears, Relics, or a promise that you will sacrifice Spirit Stones"; "once the
// participating players agree ... they place their intended sacrificial Spirit
// Stones in front of their Player Mats" (the promise binds).
#include "tests/rulesets/zoneplex/zoneplex_position.h"

namespace wb::rulesets::zoneplex::test {
namespace {

const sim::Action kAccept = encode(ActionKind::Accept, 0);
const sim::Action kDecline = encode(ActionKind::Decline, 0);
const sim::Action kDone = encode(ActionKind::DeclareDone, 0);
const sim::Action kRoll = encode(ActionKind::Roll, 0);

// Every offer deals the Fear's relics the participants have room for, within each one's room.
TEST(ZoneplexBargain, OffersSplitTheRelicsWithinEachHand) {
  Position pos(3, gameWithDie("3", 3));
  const int elixir = pos.relic("elixir_of_aeons");
  for (int k = 0; k < 4; ++k) pos.state->giveRelic(1, elixir);  // p1 is full
  for (int k = 0; k < 3; ++k) pos.state->giveRelic(2, elixir);  // p2 has room for one
  pos.turn(0, "fear_master_1", {pos.card("step_1")});
  ASSERT_EQ(pos.state->stage(), Stage::BattleOffer);
  const std::array<int, 3> room{4, 0, 1};
  int offers = 0;
  for (sim::Action a : pos.legal()) {
    if (kindOf(a) != ActionKind::Offer) continue;
    ++offers;
    const int x = payloadOf(a), mask = offerInvited(x) | 1;
    int dealt = 0, space = 0;
    for (int q = 0; q < 3; ++q) {
      const int share = offerShare(x, q);
      dealt += share;
      if ((mask >> q) & 1) space += room[static_cast<std::size_t>(q)];
      EXPECT_LE(share, (mask >> q) & 1 ? room[static_cast<std::size_t>(q)] : 0) << pos.state->actionToString(a);
    }
    EXPECT_EQ(dealt, std::min(3, space)) << pos.state->actionToString(a);
    EXPECT_TRUE((mask >> offerFearTo(x)) & 1);
  }
  EXPECT_GT(offers, 10);
  EXPECT_TRUE(pos.isLegal(pos.offer(0b110, 1, {2, 0, 1})));   // p1 takes the Fear, p0 2 relics, p2 1
  EXPECT_FALSE(pos.isLegal(pos.offer(0b110, 1, {2, 1, 0})));  // p1 has no room
  EXPECT_FALSE(pos.isLegal(pos.offer(0b110, 1, {1, 0, 1})));  // a relic left out
}

// The drawer keeps the relics and gives the Fear away: the split is a choice.
TEST(ZoneplexBargain, TheDrawerDecidesTheSplit) {
  const int elixir = shippedGame()->rules().relicIndex("elixir_of_aeons");
  Position strong(3, gameWithDie("5", 5));
  strong.state->setWms(0, 4);
  strong.state->setWms(1, 4);
  strong.state->setRelicDeck({elixir, elixir});
  strong.turn(0, "fear_blue_8", {strong.card("step_1")});
  ASSERT_TRUE(strong.apply(strong.offer(0b010, 1, {2, 0, 0})));
  ASSERT_TRUE(strong.apply(kAccept));
  strong.noJoiners();
  ASSERT_TRUE(strong.apply(kDone));
  ASSERT_TRUE(strong.apply(kDone));
  ASSERT_TRUE(strong.apply(kRoll));  // 13: p0 9 (4 left), p1 9 >= 4
  EXPECT_EQ(strong.state->player(1).fears.count(), 1);  // the Fear as offered
  EXPECT_EQ(strong.state->player(0).fears.count(), 0);
  EXPECT_EQ(strong.state->player(0).relics.count(), 2);  // both relics as offered
  EXPECT_EQ(strong.state->player(1).relics.count(), 0);
  EXPECT_EQ(strong.state->counters().count(0, strong.rules().counter.fearGiven), 1u);
}

// "You can offer ... Relics": a relic from the drawer's hand goes to the invitee
// who joins, and comes back if the invitee declines.
TEST(ZoneplexBargain, RelicsFromHandSweetenAnInvitation) {
  Position pos(3, gameWithDie("3", 3));
  const int dagger = pos.relic("ritual_dagger"), skull = pos.relic("crystal_skull");
  pos.state->giveRelic(0, dagger);
  pos.state->giveRelic(0, skull);  // influential: not part of a bargain
  pos.turn(0, "fear_blue_5", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(pos.offer(0b110, 0, {1, 0, 0})));
  ASSERT_EQ(pos.state->stage(), Stage::BattleGifts);
  EXPECT_TRUE(pos.isLegal(encode(ActionKind::Gift, 0 * 8 + 1)));
  EXPECT_TRUE(pos.isLegal(encode(ActionKind::Gift, 0 * 8 + 2)));
  EXPECT_FALSE(pos.isLegal(encode(ActionKind::Gift, 1 * 8 + 1)));  // the skull
  ASSERT_TRUE(pos.apply(encode(ActionKind::Gift, 0 * 8 + 1)));
  EXPECT_EQ(pos.state->player(0).relics.count(), 1);
  ASSERT_EQ(pos.state->stage(), Stage::BattleAnswer);  // nothing else to give: the answers
  ASSERT_EQ(pos.state->currentPlayer(), 1);
  ASSERT_TRUE(pos.apply(kDecline));  // the dagger goes back
  EXPECT_EQ(pos.state->player(0).relics.count(), 2);
  EXPECT_EQ(pos.state->player(1).relics.count(), 0);

  Position join(3, gameWithDie("3", 3));
  join.state->giveRelic(0, dagger);
  join.turn(0, "fear_blue_5", {join.card("step_1")});
  ASSERT_TRUE(join.apply(join.offer(0b010, 0, {1, 0, 0})));
  ASSERT_TRUE(join.apply(encode(ActionKind::Gift, 0 * 8 + 1)));
  ASSERT_TRUE(join.apply(kAccept));
  ASSERT_EQ(join.state->player(1).relics.count(), 1);
  EXPECT_EQ(join.state->player(1).relics[0].type, dagger);
  EXPECT_EQ(join.state->player(1).relics[0].gainedTurn, join.state->turnCount());  // not usable this turn
  join.noJoiners();
  ASSERT_EQ(join.state->stage(), Stage::BattleDeclare);
  ASSERT_TRUE(join.apply(kDone));
  EXPECT_EQ(join.count(ActionKind::UseRelic), 0);  // p1 cannot use the dagger in this battle
}

// An uninvited player asks to join, promising a sacrifice and giving a relic;
// the drawer admits; the promise binds.
TEST(ZoneplexBargain, AskingToJoinWithABindingPromise) {
  Position pos(3, gameWithDie("3", 3));
  const int neutral = pos.tile("neutral_chamber");
  pos.state->setTile(36, neutral);
  pos.state->setTile(38, neutral);
  pos.state->setStone(36, 1);
  pos.state->setStone(38, 1);
  pos.state->setStonesHome(1, 2);
  pos.state->giveRelic(1, pos.relic("curse_idol"));
  pos.turn(0, "fear_blue_5", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(pos.soloOffer()));  // nobody invited
  ASSERT_EQ(pos.state->stage(), Stage::BattleJoin);
  ASSERT_EQ(pos.state->currentPlayer(), 1);
  // Promises 0..2 (two placed stones) x (nothing, the relic).
  EXPECT_EQ(pos.count(ActionKind::AskToJoin), 6);
  ASSERT_TRUE(pos.apply(encode(ActionKind::AskToJoin, joinPayload(1, kJoinItemRelic + 0))));
  ASSERT_EQ(pos.state->stage(), Stage::BattleAdmit);
  ASSERT_EQ(pos.state->currentPlayer(), 0);
  EXPECT_EQ(pos.state->player(1).relics.count(), 0);  // set apart while the drawer decides
  ASSERT_TRUE(pos.apply(encode(ActionKind::Admit, 0)));
  EXPECT_EQ(pos.state->participants(), 0b011);
  EXPECT_EQ(pos.state->player(0).relics.count(), 1);
  ASSERT_EQ(pos.state->currentPlayer(), 2);  // p2 may ask too
  ASSERT_TRUE(pos.apply(encode(ActionKind::StayOut, 0)));
  ASSERT_TRUE(pos.apply(kDone));  // the drawer
  ASSERT_EQ(pos.state->currentPlayer(), 1);
  EXPECT_FALSE(pos.isLegal(kDone));  // one stone promised
  ASSERT_TRUE(pos.apply(encode(ActionKind::Sacrifice, 36)));
  EXPECT_TRUE(pos.isLegal(kDone));
  ASSERT_TRUE(pos.apply(kDone));
  ASSERT_TRUE(pos.apply(kRoll));  // 8 - 3 = 5: p0 attacks 4 (1 left), p1 4 >= 1
  EXPECT_EQ(pos.state->player(0).fears.count(), 1);
  EXPECT_EQ(pos.state->player(1).fears.count(), 0);  // no share for the admitted player
  EXPECT_EQ(pos.state->player(1).wms, 2);
  const CounterIndex& id = pos.rules().counter;
  EXPECT_EQ(pos.state->counters().count(1, id.joinAsked), 1u);
  EXPECT_EQ(pos.state->counters().count(1, id.joinAdmitted), 1u);
  EXPECT_EQ(pos.state->counters().count(1, id.sacrificePromised), 1u);
}

// A refused request gives back what was offered (here a captured Fear).
TEST(ZoneplexBargain, ARefusedRequestGivesTheOfferBack) {
  Position pos(3, gameWithDie("3", 3));
  pos.state->giveFear(2, pos.card("fear_green_5"));
  pos.turn(0, "fear_blue_5", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(pos.offer(0b010, 0, {1, 0, 0})));
  ASSERT_TRUE(pos.apply(kDecline));
  ASSERT_EQ(pos.state->currentPlayer(), 2);
  ASSERT_TRUE(pos.apply(encode(ActionKind::AskToJoin, joinPayload(0, kJoinItemFear + 0))));
  EXPECT_EQ(pos.state->player(2).fears.count(), 0);
  ASSERT_TRUE(pos.apply(encode(ActionKind::Refuse, 0)));
  EXPECT_EQ(pos.state->player(2).fears.count(), 1);
  EXPECT_EQ(pos.state->player(0).fears.count(), 0);
  EXPECT_EQ(pos.state->participants(), 0b001);
  EXPECT_EQ(pos.state->stage(), Stage::BattleDeclare);
  EXPECT_EQ(pos.state->counters().count(2, pos.rules().counter.joinRefused), 1u);
}

// A share for a hand that filled up after the offer passes on, not lost.
TEST(ZoneplexBargain, ASharePassesOnWhenAHandIsFull) {
  Position pos(3, gameWithDie("3", 3));
  const int elixir = pos.relic("elixir_of_aeons"), dagger = pos.relic("ritual_dagger");
  for (int k = 0; k < 3; ++k) pos.state->giveRelic(1, elixir);  // room for one
  pos.state->giveRelic(0, dagger);
  pos.state->setRelicDeck({elixir});
  pos.turn(0, "fear_blue_5", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(pos.offer(0b010, 0, {0, 1, 0})));  // p1's relic share
  ASSERT_TRUE(pos.apply(encode(ActionKind::Gift, 0 * 8 + 1)));  // ... and the dagger fills p1's hand
  ASSERT_TRUE(pos.apply(kAccept));
  pos.noJoiners();
  ASSERT_TRUE(pos.apply(kDone));
  ASSERT_TRUE(pos.apply(kDone));
  ASSERT_TRUE(pos.apply(kRoll));  // 8: 4 + 4
  EXPECT_EQ(pos.state->player(1).relics.count(), 4);
  ASSERT_EQ(pos.state->player(0).relics.count(), 1);  // the share passed to the drawer
  EXPECT_EQ(pos.state->player(0).relics[0].type, elixir);
  EXPECT_EQ(pos.state->counters().count(0, pos.rules().counter.relicShareUndrawn), 0u);
}

}  // namespace
}  // namespace wb::rulesets::zoneplex::test
