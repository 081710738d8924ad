// Rule tests through play on both engines (card_dice_table.h): the choices the rules give a
// player (any Paid Militia amount, the victim's forced discards, the order of Impatience /
// Sabotage), Always Lucky every turn, face-down actions only in a later turn, healing without
// a cap and the caster-first mutual kill. Each test quotes the rule of seed file 004 it checks
// (or the assumption it makes visible). What the information cards, Impatience and Sabotage
// show a player is kept by the card_dice engine's determinize() alone (the described game
// re-deals a hidden deck: its README, "What is not described"), so the tests of what a
// determinization keeps run on that engine only, at the end of this file.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "tests/rulesets/card_dice/card_dice_fixture.h"
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

BOTH_ENGINES(CardDiceChoices);

}  // namespace
}  // namespace wb::rulesets::testing

// What a player has seen, kept by determinize(): the card_dice engine's only. The described
// game does not keep it (a determinization re-deals every hidden deck and hand; its README,
// "What is not described"), so these run on the card_dice engine alone.
namespace wb::rulesets::card_dice::testing {
namespace {

using Script = CardDiceScript;

std::vector<std::uint8_t> topOf(const Pile& deck, std::size_t k) {
  std::vector<std::uint8_t> top;
  for (std::size_t i = 0; i < k && i < deck.size(); ++i) top.push_back(deck[deck.size() - 1 - i]);
  return top;
}

// Impatience: "Look at and reorder the top <utility> cards of your deck." The player knows the
// order now: determinize keeps it.
TEST_F(Script, ImpatienceOrderIsKeptByDeterminize) {
  for (const char* id : {"fire", "tremor", "ecology"}) state->giveCard(0, Zone::Deck, card(id));
  setDie("utility", 3);
  playFromHand("impatience");
  act(ActionKind::PutNext, card("tremor"));
  act(ActionKind::PutNext, card("fire"));
  const std::vector<std::uint8_t> expect = {static_cast<std::uint8_t>(card("tremor")),
                                            static_cast<std::uint8_t>(card("fire")),
                                            static_cast<std::uint8_t>(card("ecology"))};
  ASSERT_EQ(topOf(p0().deck, 3), expect);
  sim::Rng r(9);
  for (int k = 0; k < 10; ++k) {
    auto d = state->determinize(0, r);
    EXPECT_EQ(topOf(static_cast<CardDiceState&>(*d).player(0).deck, 3), expect);
  }
}

// Sabotage: "Look at and reorder the top <utility> cards of your opponent's deck."
TEST_F(Script, SabotageOrderIsKeptByDeterminize) {
  for (const char* id : {"fire", "tremor", "ecology", "gambling"}) state->giveCard(1, Zone::Deck, card(id));
  setDie("utility", 2);
  playFromHand("sabotage");
  act(ActionKind::PutNext, card("ecology"));
  const std::vector<std::uint8_t> expect = {static_cast<std::uint8_t>(card("ecology")),
                                            static_cast<std::uint8_t>(card("gambling"))};
  ASSERT_EQ(topOf(p1().deck, 2), expect);
  sim::Rng r(9);
  for (int k = 0; k < 10; ++k) {
    auto d = state->determinize(0, r);
    EXPECT_EQ(topOf(static_cast<CardDiceState&>(*d).player(1).deck, 2), expect);
  }
}

TEST_F(Script, MirrorWallRevealsTheOpponentsHand) {
  // Mirror Wall: "Draw a card and look at your opponent's hand." The determinized positions of
  // the player who saw it keep that hand; before, they vary.
  for (const char* id : {"fire", "tremor"}) state->giveCard(1, Zone::Hand, card(id));
  for (const char* id : {"ecology", "gambling", "veto", "purism"}) state->giveCard(1, Zone::Deck, card(id));
  state->giveCard(0, Zone::Deck, card("basic_income"));
  sim::Rng r(5);
  std::set<std::string> before;
  for (int k = 0; k < 20; ++k) {
    auto d = state->determinize(0, r);
    Pile h = static_cast<CardDiceState&>(*d).player(1).hand;
    std::sort(h.begin(), h.end());
    before.insert(std::string(h.begin(), h.end()));
  }
  EXPECT_GT(before.size(), 1u);
  playFromHand("mirror_wall");
  std::vector<std::uint8_t> expect = {static_cast<std::uint8_t>(card("fire")), static_cast<std::uint8_t>(card("tremor"))};
  std::sort(expect.begin(), expect.end());
  for (int k = 0; k < 20; ++k) {
    auto d = state->determinize(0, r);
    Pile h = static_cast<CardDiceState&>(*d).player(1).hand;
    std::sort(h.begin(), h.end());
    EXPECT_EQ(std::vector<std::uint8_t>(h.begin(), h.end()), expect);
  }
}

TEST_F(Script, MirrorTableRevealsTheFaceDownActions) {
  // Mirror Table: "Draw a card and look at your opponent's face down actions."
  state->giveCard(1, Zone::FaceDown, card("veto"));
  for (const char* id : {"fire", "tremor", "gambling"}) state->giveCard(1, Zone::Deck, card(id));
  state->giveCard(0, Zone::Deck, card("basic_income"));
  playFromHand("mirror_table");
  sim::Rng r(5);
  for (int k = 0; k < 20; ++k) {
    auto d = state->determinize(0, r);
    const auto& s = static_cast<CardDiceState&>(*d);
    ASSERT_EQ(s.player(1).faceDown.size(), 1u);
    EXPECT_EQ(s.player(1).faceDown[0], card("veto"));
  }
}

TEST_F(Script, SneakPeekAndReconnaissanceRevealDeckTops) {
  // Sneak Peek: "look at the top <utility> cards of your deck"; Reconnaissance: "... of your
  // opponent's deck". Drawing one of them leaves the rest known.
  setDie("utility", 2);
  for (const char* id : {"fire", "tremor", "ecology", "gambling"}) {
    state->giveCard(0, Zone::Deck, card(id));
    state->giveCard(1, Zone::Deck, card(id));
  }
  playFromHand("sneak_peek");     // draws gambling; sees ecology, tremor
  playFromHand("reconnaissance");  // draws ecology; sees the opponent's gambling, ecology
  const std::vector<std::uint8_t> own = {static_cast<std::uint8_t>(card("tremor"))};
  const std::vector<std::uint8_t> theirs = {static_cast<std::uint8_t>(card("gambling")),
                                            static_cast<std::uint8_t>(card("ecology"))};
  sim::Rng r(5);
  for (int k = 0; k < 20; ++k) {
    auto d = state->determinize(0, r);
    const auto& s = static_cast<CardDiceState&>(*d);
    EXPECT_EQ(topOf(s.player(0).deck, 1), own);
    EXPECT_EQ(topOf(s.player(1).deck, 2), theirs);
  }
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
