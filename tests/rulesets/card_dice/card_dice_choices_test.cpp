// Rule tests through play on both engines (card_dice_table.h): the choices the rules give a
// player (any Paid Militia amount, the victim's forced discards, the order of Impatience /
// Sabotage), Always Lucky every turn, face-down actions only in a later turn, healing without
// a cap, the caster-first mutual kill, and what the information cards, Impatience and Sabotage
// show a player (kept by both engines' determinize()). Each test quotes the rule of seed file
// 004 it checks (or the assumption it makes visible).
#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "tests/rulesets/card_dice/card_dice_table.h"

namespace wb::rulesets::testing {
namespace {

class CardDiceChoices : public BothEngines {};

// Paid Militia: "Shield any amount of damage by paying one gold per unit of damage."
TEST_P(CardDiceChoices, PaidMilitiaBlocksAnyAmount) {
  t->givePassive(1, "paid_militia");
  t->setGold(1, 10);
  t->setDie("fire", 6);
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_EQ(t->toAct(), 1) << "the victim chooses how much to block";
  for (int b = 0; b <= 6; ++b) EXPECT_TRUE(t->legal(Move::Block, std::to_string(b))) << b;
  EXPECT_FALSE(t->legal(Move::Block, "7")) << "no more than the damage";
  ASSERT_TRUE(t->act(Move::Block, "2"));
  EXPECT_EQ(t->health(1), 96);
  EXPECT_EQ(t->gold(1), 8);
  EXPECT_EQ(t->gold(0), 54);
}

// Weak Hands: "Your opponent must discard <utility> cards from their hand"; assumed (both
// engines): the victim chooses which.
TEST_P(CardDiceChoices, WeakHandsVictimChoosesTheDiscards) {
  t->setDie("utility", 2);
  t->giveHand(0, "weak_hands");
  for (const char* c : {"fire", "tremor", "ecology"}) t->giveHand(1, c);
  ASSERT_TRUE(t->act(Move::Blessing, "weak_hands"));
  EXPECT_EQ(t->toAct(), 1) << "the victim picks";
  ASSERT_TRUE(t->act(Move::Pick, "fire"));
  EXPECT_EQ(t->toAct(), 1);
  ASSERT_TRUE(t->act(Move::Pick, "ecology"));
  EXPECT_EQ(t->toAct(), 0) << "the player's turn goes on";
  EXPECT_EQ(t->handSize(1), 1);
  EXPECT_EQ(t->handCount(1, "tremor"), 1);
  EXPECT_EQ(t->discardSize(1), 2);
  EXPECT_EQ(t->discardCount(1, "fire"), 1);
  EXPECT_EQ(t->discardCount(1, "ecology"), 1);
}

// Faulty Table: "Your opponent must discard <utility> cards from their face down actions."
TEST_P(CardDiceChoices, FaultyTableVictimChoosesTheFaceDownDiscard) {
  t->setDie("utility", 1);
  t->giveHand(0, "faulty_table");
  for (const char* c : {"fire", "veto"}) t->giveFaceDown(1, c);
  ASSERT_TRUE(t->act(Move::Blessing, "faulty_table"));
  EXPECT_EQ(t->toAct(), 1) << "the victim picks";
  ASSERT_TRUE(t->act(Move::Pick, "fire"));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->faceDownSize(1), 1);
  EXPECT_EQ(t->faceDownCount(1, "veto"), 1);
  EXPECT_EQ(t->discardCount(1, "fire"), 1);
}

// Impatience: "Look at and reorder the top <utility> cards of your deck": the card picked
// first goes on top; the cards below them stay.
TEST_P(CardDiceChoices, ImpatienceLetsThePlayerChooseTheOrder) {
  t->setDie("utility", 3);
  for (const char* c : {"gold_mine", "fire", "tremor", "ecology"}) t->giveDeck(0, c);  // ecology on top
  t->giveHand(0, "impatience");
  ASSERT_TRUE(t->act(Move::Execute, "impatience"));
  EXPECT_EQ(t->toAct(), 0) << "the player orders";
  EXPECT_FALSE(t->legal(Move::EndTurn)) << "the order comes first";
  ASSERT_TRUE(t->act(Move::Pick, "tremor"));
  ASSERT_TRUE(t->act(Move::Pick, "fire"));
  EXPECT_EQ(t->deckTopFirst(0), (std::vector<std::string>{"tremor", "fire", "ecology", "gold_mine"}));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_TRUE(t->legal(Move::EndTurn)) << "the choice is over: the turn goes on";
}

// Sabotage: "Look at and reorder the top <utility> cards of your opponent's deck": the player
// who plays it orders them.
TEST_P(CardDiceChoices, SabotageOrdersTheOpponentsDeck) {
  t->setDie("utility", 2);
  for (const char* c : {"fire", "tremor", "ecology", "gambling"}) t->giveDeck(1, c);
  t->giveHand(0, "sabotage");
  ASSERT_TRUE(t->act(Move::Execute, "sabotage"));
  EXPECT_EQ(t->toAct(), 0) << "the saboteur orders";
  ASSERT_TRUE(t->act(Move::Pick, "ecology"));  // gambling (the top) and ecology were seen
  EXPECT_EQ(t->deckTopFirst(1), (std::vector<std::string>{"ecology", "gambling", "tremor", "fire"}));
  EXPECT_EQ(t->toAct(), 0);
}

// Always Lucky: "Draw an additional card each turn." -- also in a turn without the voluntary
// draw ("draw one card"), which stays the turn's own.
TEST_P(CardDiceChoices, AlwaysLuckyDrawsEveryTurn) {
  t->givePassive(0, "always_lucky");
  for (const char* c : {"fire", "tremor"}) t->giveDeck(0, c);
  ASSERT_TRUE(t->act(Move::EndTurn));
  ASSERT_TRUE(t->act(Move::EndTurn));
  ASSERT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->handSize(0), 1);
  EXPECT_EQ(t->handCount(0, "tremor"), 1);
  ASSERT_TRUE(t->act(Move::DrawCard));
  EXPECT_EQ(t->handSize(0), 2);
  EXPECT_FALSE(t->act(Move::DrawCard)) << "once per turn";
}

// "Playing an action consists of either executing it or placing it face down on the table
// for a later turn"; "Executing it later isn't counted towards that turn's action limit but
// requires paying its cost".
TEST_P(CardDiceChoices, FaceDownActionsAreForALaterTurn) {
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::PlaceFaceDown, "fire"));
  EXPECT_FALSE(t->act(Move::PlayFaceDown, "fire"));
  ASSERT_TRUE(t->act(Move::EndTurn));
  ASSERT_TRUE(t->act(Move::EndTurn));
  ASSERT_EQ(t->toAct(), 0);
  ASSERT_TRUE(t->act(Move::PlayFaceDown, "fire"));
  EXPECT_EQ(t->health(1), 97);
  EXPECT_EQ(t->gold(0), 50 - 7 + 3);
}

// The same rule: a face-down action may answer from the opponent's next turn on, for its cost.
TEST_P(CardDiceChoices, FaceDownActionsRespondInTheOpponentsNextTurn) {
  t->giveHand(0, "cheap_trick");
  ASSERT_TRUE(t->act(Move::PlaceFaceDown, "cheap_trick"));
  ASSERT_TRUE(t->act(Move::EndTurn));
  t->giveHand(1, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_EQ(t->toAct(), 0) << "the player who placed it may answer";
  ASSERT_TRUE(t->actDie(Move::AnswerFaceDown, "cheap_trick", "fire", 1));
  EXPECT_EQ(t->die("fire"), 4);
  EXPECT_EQ(t->health(0), 96) << "the change resolved first";
  EXPECT_EQ(t->gold(0), 50 - 3);
  EXPECT_EQ(t->toAct(), 1);
}

// Seed 004: "Players start with 100 health" and "Heal <amount> health" -- no maximum is given,
// so max_health is no cap by default; 100 is the assumed variant.
TEST_P(CardDiceChoices, HealingHasNoCapUnlessMaxHealthIsSet) {
  for (const bool capped : {false, true}) {
    SCOPED_TRACE(capped ? "max_health 100" : "no cap");
    if (capped) t = makeTable(GetParam(), {{"parameters.max_health", "100"}});
    t->setDie("nature", 5);
    t->setHealth(0, 98);
    t->giveHand(0, "reforestation");
    ASSERT_TRUE(t->act(Move::Execute, "reforestation"));
    EXPECT_EQ(t->health(0), capped ? 100 : 108);
  }
}

// "The player whose health reaches zero first loses and the other wins." Heavy Rain hits its
// caster first (assumed order), so a caster at 0 loses before the opponent is hit.
TEST_P(CardDiceChoices, HeavyRainMutualKillLosesTheCaster) {
  t->setHealth(0, 3);
  t->setHealth(1, 3);
  t->setDie("water", 4);
  t->giveHand(0, "heavy_rain");
  ASSERT_TRUE(t->act(Move::Execute, "heavy_rain"));
  ASSERT_EQ(t->toAct(), -1);
  EXPECT_EQ(t->winner(), 1);
  EXPECT_EQ(t->health(1), 3);
}

// What a player saw: kept by determinize() on both engines (the described game's `reveal`
// and the order its chooser knows).
std::vector<std::string> topOf(const std::vector<std::string>& topFirst, std::size_t k) {
  return {topFirst.begin(), topFirst.begin() + static_cast<std::ptrdiff_t>(std::min(k, topFirst.size()))};
}

// Impatience: "Look at and reorder the top <utility> cards of your deck." The player knows the
// order now: determinize keeps it.
TEST_P(CardDiceChoices, ImpatienceOrderIsKeptByDeterminize) {
  for (const char* id : {"fire", "tremor", "ecology"}) t->giveDeck(0, id);
  t->setDie("utility", 3);
  t->giveHand(0, "impatience");
  ASSERT_TRUE(t->act(Move::Execute, "impatience"));
  ASSERT_TRUE(t->act(Move::Pick, "tremor"));
  ASSERT_TRUE(t->act(Move::Pick, "fire"));
  const std::vector<std::string> expect = {"tremor", "fire", "ecology"};
  ASSERT_EQ(topOf(t->deckTopFirst(0), 3), expect);
  for (std::uint64_t k = 0; k < 10; ++k) EXPECT_EQ(topOf(t->seenBy(0, k)->deckTopFirst(0), 3), expect) << k;
}

// Sabotage: "Look at and reorder the top <utility> cards of your opponent's deck."
TEST_P(CardDiceChoices, SabotageOrderIsKeptByDeterminize) {
  for (const char* id : {"fire", "tremor", "ecology", "gambling"}) t->giveDeck(1, id);
  t->setDie("utility", 2);
  t->giveHand(0, "sabotage");
  ASSERT_TRUE(t->act(Move::Execute, "sabotage"));
  ASSERT_TRUE(t->act(Move::Pick, "ecology"));
  const std::vector<std::string> expect = {"ecology", "gambling"};
  ASSERT_EQ(topOf(t->deckTopFirst(1), 2), expect);
  for (std::uint64_t k = 0; k < 10; ++k) EXPECT_EQ(topOf(t->seenBy(0, k)->deckTopFirst(1), 2), expect) << k;
}

// Mirror Wall: "Draw a card and look at your opponent's hand." The determinized positions of
// the player who saw it keep that hand; before, they vary.
TEST_P(CardDiceChoices, MirrorWallRevealsTheOpponentsHand) {
  const std::vector<std::string> cards = {"fire", "tremor", "ecology", "gambling", "veto", "purism"};
  for (const char* id : {"fire", "tremor"}) t->giveHand(1, id);
  for (const char* id : {"ecology", "gambling", "veto", "purism"}) t->giveDeck(1, id);
  t->giveDeck(0, "basic_income");
  auto handOf = [&](const Table& seen) {
    std::string h;
    for (const auto& c : cards) h += std::to_string(seen.handCount(1, c));
    return h;
  };
  std::set<std::string> before;
  for (std::uint64_t k = 0; k < 20; ++k) before.insert(handOf(*t->seenBy(0, k)));
  EXPECT_GT(before.size(), 1u);
  t->giveHand(0, "mirror_wall");
  ASSERT_TRUE(t->act(Move::Blessing, "mirror_wall"));
  for (std::uint64_t k = 0; k < 20; ++k) EXPECT_EQ(handOf(*t->seenBy(0, 100 + k)), "110000") << k;
}

// Mirror Table: "Draw a card and look at your opponent's face down actions."
TEST_P(CardDiceChoices, MirrorTableRevealsTheFaceDownActions) {
  t->giveFaceDown(1, "veto");
  for (const char* id : {"fire", "tremor", "gambling"}) t->giveDeck(1, id);
  t->giveDeck(0, "basic_income");
  t->giveHand(0, "mirror_table");
  ASSERT_TRUE(t->act(Move::Blessing, "mirror_table"));
  for (std::uint64_t k = 0; k < 20; ++k) {
    auto seen = t->seenBy(0, k);
    ASSERT_EQ(seen->faceDownSize(1), 1);
    EXPECT_EQ(seen->faceDownCount(1, "veto"), 1) << k;
  }
}

// Sneak Peek: "look at the top <utility> cards of your deck"; Reconnaissance: "... of your
// opponent's deck". Drawing one of them leaves the rest known.
TEST_P(CardDiceChoices, SneakPeekAndReconnaissanceRevealDeckTops) {
  t->setDie("utility", 2);
  for (const char* id : {"fire", "tremor", "ecology", "gambling"}) {
    t->giveDeck(0, id);
    t->giveDeck(1, id);
  }
  t->giveHand(0, "sneak_peek");
  ASSERT_TRUE(t->act(Move::Blessing, "sneak_peek"));  // draws gambling; sees ecology, tremor
  t->giveHand(0, "reconnaissance");
  ASSERT_TRUE(t->act(Move::Blessing, "reconnaissance"));  // draws ecology; sees the opponent's gambling, ecology
  const std::vector<std::string> own = {"tremor"}, theirs = {"gambling", "ecology"};
  for (std::uint64_t k = 0; k < 20; ++k) {
    auto seen = t->seenBy(0, k);
    EXPECT_EQ(topOf(seen->deckTopFirst(0), 1), own) << k;
    EXPECT_EQ(topOf(seen->deckTopFirst(1), 2), theirs) << k;
  }
}

BOTH_ENGINES(CardDiceChoices);

}  // namespace
}  // namespace wb::rulesets::testing
