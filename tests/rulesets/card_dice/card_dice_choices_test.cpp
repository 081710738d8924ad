// Rule tests from scripted positions: the choices the rules give a player (any Paid Militia
// amount, the victim's forced discards, the order of Impatience / Sabotage), Always Lucky
// every turn, what the information cards reveal (kept by determinize), face-down actions
// only in a later turn, healing without a cap and the caster-first mutual kill. Each test
// quotes the rule of seed file 004 it checks (or the assumption it makes visible).
#include <set>
#include <string>

#include "tests/rulesets/card_dice/card_dice_fixture.h"

namespace wb::rulesets::card_dice::testing {
namespace {

using Script = CardDiceScript;

std::vector<std::uint8_t> topOf(const Pile& deck, std::size_t k) {
  std::vector<std::uint8_t> top;
  for (std::size_t i = 0; i < k && i < deck.size(); ++i) top.push_back(deck[deck.size() - 1 - i]);
  return top;
}

TEST_F(Script, PaidMilitiaBlocksAnyAmount) {
  // Paid Militia: "Shield any amount of damage by paying one gold per unit of damage."
  state->addPassive(1, card("paid_militia"));
  state->setGold(1, 10);
  setDie("fire", 6);
  playFromHand("fire");
  ASSERT_EQ(state->phase(), Phase::MilitiaChoice);
  for (int b = 0; b <= 6; ++b) EXPECT_TRUE(legal(ActionKind::Block, b)) << b;
  EXPECT_FALSE(legal(ActionKind::Block, 7));
  act(ActionKind::Block, 2);
  EXPECT_EQ(p1().health, 96);
  EXPECT_EQ(p1().gold, 8);
  EXPECT_EQ(p0().gold, 54);
}

TEST_F(Script, WeakHandsVictimChoosesTheDiscards) {
  // Weak Hands: "Your opponent must discard <utility> cards from their hand" -- the opponent
  // chooses which.
  for (const char* id : {"fire", "tremor", "ecology"}) state->giveCard(1, Zone::Hand, card(id));
  setDie("utility", 2);
  playFromHand("weak_hands");
  ASSERT_EQ(state->phase(), Phase::DiscardChoice);
  EXPECT_EQ(state->currentPlayer(), 1);
  act(ActionKind::ChooseDiscard, card("fire"));
  act(ActionKind::ChooseDiscard, card("ecology"));
  EXPECT_EQ(state->phase(), Phase::Main);
  EXPECT_EQ(state->currentPlayer(), 0);
  ASSERT_EQ(p1().hand.size(), 1u);
  EXPECT_EQ(p1().hand[0], card("tremor"));
  EXPECT_EQ(p1().discard.size(), 2u);
}

TEST_F(Script, FaultyTableVictimChoosesTheFaceDownDiscard) {
  // Faulty Table: "Your opponent must discard <utility> cards from their face down actions."
  for (const char* id : {"fire", "veto"}) state->giveCard(1, Zone::FaceDown, card(id));
  setDie("utility", 1);
  playFromHand("faulty_table");
  ASSERT_EQ(state->phase(), Phase::DiscardChoice);
  act(ActionKind::ChooseDiscard, card("fire"));
  ASSERT_EQ(p1().faceDown.size(), 1u);
  EXPECT_EQ(p1().faceDown[0], card("veto"));
}

TEST_F(Script, ImpatienceLetsThePlayerChooseTheOrder) {
  // Impatience: "Look at and reorder the top <utility> cards of your deck."
  for (const char* id : {"fire", "tremor", "ecology"}) state->giveCard(0, Zone::Deck, card(id));
  setDie("utility", 3);
  playFromHand("impatience");
  ASSERT_EQ(state->phase(), Phase::OrderChoice);
  EXPECT_EQ(state->currentPlayer(), 0);
  act(ActionKind::PutNext, card("tremor"));
  act(ActionKind::PutNext, card("fire"));
  EXPECT_EQ(state->phase(), Phase::Main);
  const std::vector<std::uint8_t> expect = {static_cast<std::uint8_t>(card("tremor")),
                                            static_cast<std::uint8_t>(card("fire")),
                                            static_cast<std::uint8_t>(card("ecology"))};
  EXPECT_EQ(topOf(p0().deck, 3), expect);
  // The player knows the order now: determinize keeps it.
  sim::Rng r(9);
  for (int k = 0; k < 10; ++k) {
    auto d = state->determinize(0, r);
    EXPECT_EQ(topOf(static_cast<CardDiceState&>(*d).player(0).deck, 3), expect);
  }
}

TEST_F(Script, SabotageOrdersTheOpponentsDeck) {
  // Sabotage: "Look at and reorder the top <utility> cards of your opponent's deck."
  for (const char* id : {"fire", "tremor", "ecology", "gambling"}) state->giveCard(1, Zone::Deck, card(id));
  setDie("utility", 2);
  playFromHand("sabotage");
  ASSERT_EQ(state->phase(), Phase::OrderChoice);
  act(ActionKind::PutNext, card("ecology"));  // gambling (the top) and ecology were seen
  const std::vector<std::uint8_t> expect = {static_cast<std::uint8_t>(card("ecology")),
                                            static_cast<std::uint8_t>(card("gambling"))};
  EXPECT_EQ(topOf(p1().deck, 2), expect);
  sim::Rng r(9);
  for (int k = 0; k < 10; ++k) {
    auto d = state->determinize(0, r);
    EXPECT_EQ(topOf(static_cast<CardDiceState&>(*d).player(1).deck, 2), expect);
  }
}

TEST_F(Script, AlwaysLuckyDrawsEveryTurn) {
  // Always Lucky: "Draw an additional card each turn." -- also in a turn without the
  // voluntary draw.
  state->addPassive(0, card("always_lucky"));
  for (const char* id : {"fire", "tremor"}) state->giveCard(0, Zone::Deck, card(id));
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  EXPECT_EQ(p0().hand.size(), 1u);
  EXPECT_EQ(p0().hand[0], card("tremor"));
  act(ActionKind::DrawCard);
  EXPECT_EQ(p0().hand.size(), 2u);
}

TEST_F(Script, FaceDownActionsAreForALaterTurn) {
  // "Playing an action consists of either executing it or placing it face down on the table
  // for a later turn."
  state->giveCard(0, Zone::Hand, card("fire"));
  act(ActionKind::PlaceFaceDown, card("fire"));
  EXPECT_FALSE(legal(ActionKind::PlayFaceDown, card("fire")));
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  EXPECT_TRUE(legal(ActionKind::PlayFaceDown, card("fire")));
}

TEST_F(Script, FaceDownActionsRespondInTheOpponentsNextTurn) {
  state->giveCard(0, Zone::Hand, card("cheap_trick"));
  act(ActionKind::PlaceFaceDown, card("cheap_trick"));
  act(ActionKind::EndTurn);
  state->giveCard(1, Zone::Hand, card("fire"));
  act(ActionKind::ExecuteAction, card("fire"));
  ASSERT_EQ(state->phase(), Phase::Response);
  EXPECT_TRUE(legal(ActionKind::RespondFaceDown, card("cheap_trick"), die("fire"), 1));
}

TEST_F(Script, HealingHasNoCapUnlessMaxHealthIsSet) {
  // Seed 004: "Players start with 100 health" and "Heal <amount> health" -- no maximum is
  // given, so max_health is 0 (no cap) by default; 100 is the assumed variant.
  setDie("nature", 5);
  state->setHealth(0, 98);
  playFromHand("reforestation");
  EXPECT_EQ(p0().health, 108);
  setUpWith(gameWith({{"parameters.max_health", "100"}}));
  setDie("nature", 5);
  state->setHealth(0, 98);
  playFromHand("reforestation");
  EXPECT_EQ(p0().health, 100);
}

TEST_F(Script, HeavyRainMutualKillLosesTheCaster) {
  // "The player whose health reaches zero first loses and the other wins." Heavy Rain hits
  // its caster first (assumed order), so a caster at 0 loses before the opponent is hit.
  state->setHealth(0, 3);
  state->setHealth(1, 3);
  setDie("water", 4);
  playFromHand("heavy_rain");
  ASSERT_TRUE(state->isTerminal());
  EXPECT_EQ(state->returns(), (std::vector<double>{0.0, 1.0}));
  EXPECT_EQ(p1().health, 3);
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
