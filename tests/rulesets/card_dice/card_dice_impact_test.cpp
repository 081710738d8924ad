// Card-dice hooks for the impact measures (rulesets/card_dice/card_dice_impact.cpp):
// the card each action acquires or plays, and grants at the start that keep the
// deal of the baseline game (common random numbers).
#include "tests/rulesets/card_dice/card_dice_fixture.h"

namespace wb::rulesets::card_dice::testing {

// Rule "bid for one card": a bid acquires the shop card it names; executing or
// placing an action card plays that card; gaining gold uses none.
TEST(CardDiceImpact, ActionsNameTheCardTheyAcquireOrPlay) {
  sim::Rng rng(3);
  auto state = sharedGame()->newGame(rng);
  std::vector<int> used;
  state->actionEntities(encodeAction(ActionKind::GainGold), used);
  EXPECT_TRUE(used.empty());
  const int shown = state->shop(1).display[2];
  state->actionEntities(encodeAction(ActionKind::Bid, 2, 1), used);
  EXPECT_EQ(used, (std::vector<int>{shown}));
  const int fire = sharedGame()->rules().cardIndex("fire");
  state->actionEntities(encodeAction(ActionKind::ExecuteAction, fire), used);
  EXPECT_EQ(used, (std::vector<int>{fire}));
  state->actionEntities(encodeAction(ActionKind::PlaceFaceDown, fire), used);
  EXPECT_EQ(used, (std::vector<int>{fire}));
}

// A passive granted to seat 1 is active from the start ("Passives work from the
// moment they are bought"); an action card granted is in the hand. The copy
// leaves the shops; the dice and the starting decks are those of the same seed.
TEST(CardDiceImpact, GrantsStartWithTheCardAndKeepTheDeal) {
  const CardDiceRules& r = sharedGame()->rules();
  const int blessed = r.cardIndex("truly_blessed");
  const int meteor = r.cardIndex("meteor_strike");
  sim::Rng a(9), b(9);
  auto base = sharedGame()->newInitialState(sim::GameSetup{2}, a);
  auto granted = sharedGame()->newInitialState(sim::GameSetup{2, {}, {{1, blessed}, {0, meteor}}}, b);
  const auto& s0 = static_cast<const CardDiceState&>(*base);
  const auto& s1 = static_cast<const CardDiceState&>(*granted);
  EXPECT_TRUE(s1.player(1).passives.contains(static_cast<std::uint8_t>(blessed)));
  EXPECT_FALSE(s0.player(1).passives.contains(static_cast<std::uint8_t>(blessed)));
  EXPECT_TRUE(s1.player(0).hand.contains(static_cast<std::uint8_t>(meteor)));
  for (int d = 0; d < r.numDice(); ++d) EXPECT_EQ(s0.die(d), s1.die(d));
  for (int p = 0; p < 2; ++p) EXPECT_EQ(s0.player(p).deck.size(), s1.player(p).deck.size());
  auto copiesInShops = [&](const CardDiceState& s, int card) {
    std::size_t n = 0;
    for (int t = 0; t < 2; ++t) n += s.shop(t).display.countOf(static_cast<std::uint8_t>(card)) + s.shop(t).deck.countOf(static_cast<std::uint8_t>(card));
    return n;
  };
  EXPECT_EQ(copiesInShops(s1, blessed) + 1, copiesInShops(s0, blessed));
  EXPECT_EQ(copiesInShops(s1, meteor) + 1, copiesInShops(s0, meteor));
  EXPECT_EQ(s1.shop(0).display.size(), s0.shop(0).display.size());
  EXPECT_EQ(s1.shop(1).display.size(), s0.shop(1).display.size());
  // Every shop card can be granted; the starting card (all copies in the decks) cannot.
  EXPECT_TRUE(sharedGame()->canGrant(blessed));
  EXPECT_FALSE(sharedGame()->canGrant(r.startingCard));
}

// Always Lucky: "Draw an additional card each turn." Granted to the first player, it
// draws in the very first turn too (the grants are given before that turn starts).
TEST(CardDiceImpact, AGrantedAlwaysLuckyDrawsInTheFirstTurn) {
  const int lucky = sharedGame()->rules().cardIndex("always_lucky");
  sim::Rng a(9), b(9);
  auto base = sharedGame()->newInitialState(sim::GameSetup{2}, a);
  auto granted = sharedGame()->newInitialState(sim::GameSetup{2, {}, {{0, lucky}}}, b);
  const auto& s0 = static_cast<const CardDiceState&>(*base);
  const auto& s1 = static_cast<const CardDiceState&>(*granted);
  ASSERT_EQ(s1.turnPlayer(), 0);
  EXPECT_EQ(s0.player(0).hand.size(), 0u);
  EXPECT_EQ(s1.player(0).hand.size(), 1u);
  EXPECT_EQ(s1.player(0).deck.size() + 1, s0.player(0).deck.size());
}

}  // namespace wb::rulesets::card_dice::testing
