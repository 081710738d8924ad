// Rule tests from scripted positions: die manipulation, deck and hand cards,
// discard attacks, passives. Each test quotes the rule of seed file 004 (or the
// recovered data of shared/seeds/README.md) it checks.
#include "tests/rulesets/card_dice/card_dice_fixture.h"

namespace wb::rulesets::card_dice::testing {
namespace {

using Script = CardDiceScript;

TEST_F(Script, ChangeDieStaysWithinFaces) {
  // Cheap Trick: "Change the value of a die by one" (assumed: within 1..6).
  setDie("earth", 6);
  state->giveCard(0, Zone::Hand, card("cheap_trick"));
  EXPECT_FALSE(legal(ActionKind::ExecuteAction, card("cheap_trick"), die("earth"), +1));
  EXPECT_TRUE(legal(ActionKind::ExecuteAction, card("cheap_trick"), die("earth"), -1));
  EXPECT_FALSE(legal(ActionKind::ExecuteAction, card("cheap_trick"), die("earth"), -2));
  act(ActionKind::ExecuteAction, card("cheap_trick"), die("earth"), -1);
  EXPECT_EQ(state->die(die("earth")), 5);
  // Smoke and Mirrors: "by up to three".
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  setDie("fire", 2);
  state->giveCard(0, Zone::Hand, card("smoke_and_mirrors"));
  EXPECT_FALSE(legal(ActionKind::ExecuteAction, card("smoke_and_mirrors"), die("fire"), -2));
  EXPECT_TRUE(legal(ActionKind::ExecuteAction, card("smoke_and_mirrors"), die("fire"), +3));
  act(ActionKind::ExecuteAction, card("smoke_and_mirrors"), die("fire"), +3);
  EXPECT_EQ(state->die(die("fire")), 5);
}

TEST_F(Script, FlipAndSwap) {
  // Perspective Shift sets a d6 to 7 minus its value; Trickster God swaps two dice.
  setDie("magic", 2);
  playFromHand("perspective_shift", die("magic"));
  EXPECT_EQ(state->die(die("magic")), 5);
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  setDie("fire", 1);
  setDie("gold", 6);
  playFromHand("trickster_god", die("fire"), die("gold"));
  EXPECT_EQ(state->die(die("fire")), 6);
  EXPECT_EQ(state->die(die("gold")), 1);
}

TEST_F(Script, RerollUpToTwiceLetsTheOwnerChoose) {
  // Second Chance: "Reroll a die up to twice."
  playFromHand("second_chance", die("water"));
  ASSERT_EQ(state->phase(), Phase::RerollChoice);
  EXPECT_EQ(state->currentPlayer(), 0);
  act(ActionKind::RerollAgain);
  EXPECT_EQ(state->phase(), Phase::Main);  // no rolls left
  const int v = state->die(die("water"));
  EXPECT_GE(v, 1);
  EXPECT_LE(v, 6);
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  playFromHand("calculated_risk", die("water"));  // up to four rolls
  ASSERT_EQ(state->phase(), Phase::RerollChoice);
  act(ActionKind::KeepDie);
  EXPECT_EQ(state->phase(), Phase::Main);
  EXPECT_EQ(p0().inPlay.countOf(static_cast<std::uint8_t>(card("calculated_risk"))), 1u);
}

TEST_F(Script, TurnOptionsGoldAndDrawOncePerTurn) {
  // "gain one gold, draw one card"; "When a player must draw but their deck is empty, their
  // discard pile is shuffled and then added to their deck."
  state->giveCard(0, Zone::Discard, card("fire"));
  state->giveCard(0, Zone::Discard, card("tremor"));
  act(ActionKind::GainGold);
  EXPECT_EQ(p0().gold, 51);
  EXPECT_FALSE(legal(ActionKind::GainGold));
  act(ActionKind::DrawCard);
  EXPECT_EQ(p0().hand.size(), 1u);
  EXPECT_EQ(p0().deck.size(), 1u);
  EXPECT_TRUE(p0().discard.empty());
  EXPECT_FALSE(legal(ActionKind::DrawCard));
}

TEST_F(Script, OneActionPerTurnAndFaceDownCostsLater) {
  // "play one action"; "Executing it later isn't counted towards that turn's action limit but
  // requires paying its cost."
  state->giveCard(0, Zone::Hand, card("fire"));
  state->giveCard(0, Zone::Hand, card("tremor"));
  act(ActionKind::PlaceFaceDown, card("fire"));
  EXPECT_FALSE(legal(ActionKind::ExecuteAction, card("tremor")));
  EXPECT_FALSE(legal(ActionKind::PlayFaceDown, card("fire")));  // "for a later turn"
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  act(ActionKind::ExecuteAction, card("tremor"));
  EXPECT_TRUE(legal(ActionKind::PlayFaceDown, card("fire")));
  setDie("fire", 2);
  act(ActionKind::PlayFaceDown, card("fire"));
  EXPECT_EQ(p1().health, 100 - 3 - 2);
  EXPECT_EQ(p0().gold, 50 + 3 - 7 + 2);
}

TEST_F(Script, CheapskateMakesFaceDownFree) {
  // Cheapskate: "Face down actions no longer cost gold to play."
  state->addPassive(0, card("cheapskate"));
  state->giveCard(0, Zone::FaceDown, card("fire"));
  setDie("fire", 2);
  act(ActionKind::PlayFaceDown, card("fire"));
  EXPECT_EQ(p0().gold, 52);
}

TEST_F(Script, HandLimitAndBigHanded) {
  // "The player must end their turn with at most 5 cards in their hand." Big Handed: "You can
  // now hold an additional utility cards in your hand."
  for (int k = 0; k < 6; ++k) state->giveCard(0, Zone::Hand, card("basic_income"));
  EXPECT_FALSE(legal(ActionKind::EndTurn));
  state->addPassive(0, card("big_handed"));
  setDie("utility", 1);
  EXPECT_TRUE(legal(ActionKind::EndTurn));
  state->giveCard(0, Zone::Hand, card("basic_income"));
  EXPECT_FALSE(legal(ActionKind::EndTurn));
  act(ActionKind::Discard, card("basic_income"));
  EXPECT_TRUE(legal(ActionKind::EndTurn));
  act(ActionKind::EndTurn);
  EXPECT_EQ(state->entityLog().count(0, card("big_handed"), sim::EntityUse::Triggered), 1u);
}

TEST_F(Script, DrawLookAndReorder) {
  // Sneak Peek: draw a card and look (no effect on play); Impatience: reorder the top cards.
  for (const char* id : {"fire", "basic_income", "meteor_strike"}) state->giveCard(0, Zone::Deck, card(id));
  playFromHand("sneak_peek");
  EXPECT_EQ(p0().hand.size(), 1u);
  EXPECT_EQ(p0().hand[0], card("meteor_strike"));
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  state->clearZone(0, Zone::Hand);
  state->giveCard(0, Zone::Deck, card("basic_income"));  // now on top: basic, fire under it
  setDie("utility", 6);
  playFromHand("impatience");  // assumed: best card for the owner on top
  EXPECT_EQ(p0().deck.back(), card("fire"));
}

TEST_F(Script, MagneticHandsAndExpressShipping) {
  // Magnetic Hands: "Move a chosen card from your deck to your hand and then shuffle your deck."
  for (const char* id : {"fire", "basic_income", "tremor"}) state->giveCard(0, Zone::Deck, card(id));
  playFromHand("magnetic_hands");
  ASSERT_EQ(state->phase(), Phase::TutorChoice);
  act(ActionKind::Tutor, card("basic_income"));
  EXPECT_EQ(p0().hand.size(), 1u);
  EXPECT_EQ(p0().hand[0], card("basic_income"));
  EXPECT_EQ(p0().deck.size(), 2u);
  // Express Shipping: "Move a card you just bought to your hand."
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  state->setShopDisplay(0, {card("fire"), card("tremor"), card("ecology"), card("gambling")});
  act(ActionKind::Bid, 1, 0);  // Tremor; the opponent has no gold to outbid
  EXPECT_EQ(p0().discard.countOf(static_cast<std::uint8_t>(card("tremor"))), 1u);
  playFromHand("express_shipping");
  EXPECT_EQ(p0().hand.countOf(static_cast<std::uint8_t>(card("tremor"))), 1u);
  EXPECT_EQ(p0().discard.countOf(static_cast<std::uint8_t>(card("tremor"))), 0u);
}

TEST_F(Script, DiscardAttacks) {
  // Weak Hands: "Your opponent must discard utility cards from their hand."
  // Faulty Table: "... from their face down actions." The opponent chooses which.
  setDie("utility", 2);
  setDie("fire", 6);
  for (const char* id : {"basic_income", "fire", "ecology"}) state->giveCard(1, Zone::Hand, card(id));
  playFromHand("weak_hands");
  act(ActionKind::ChooseDiscard, card("basic_income"));
  act(ActionKind::ChooseDiscard, card("ecology"));
  ASSERT_EQ(p1().hand.size(), 1u);
  EXPECT_EQ(p1().hand[0], card("fire"));
  EXPECT_EQ(p1().discard.size(), 2u);
  for (const char* id : {"fire", "tremor", "volcanic_eruption"}) state->giveCard(1, Zone::FaceDown, card(id));
  setDie("utility", 1);
  playFromHand("faulty_table");
  act(ActionKind::ChooseDiscard, card("tremor"));
  EXPECT_EQ(p1().faceDown.size(), 2u);
}

TEST_F(Script, RecyclingReturnsCardsToTheShop) {
  // Recycling Master: "Remove up to utility/2 cards from your hand and return them to the card
  // store." (assumed: into the shop deck of their tier)
  setDie("utility", 3);
  state->giveCard(0, Zone::Hand, card("basic_income"));
  state->giveCard(0, Zone::Hand, card("meteor_strike"));
  const std::size_t cheap = state->shop(0).deck.size(), expensive = state->shop(1).deck.size();
  playFromHand("recycling_master");
  ASSERT_EQ(state->phase(), Phase::RecycleChoice);
  act(ActionKind::Recycle, card("basic_income"));
  act(ActionKind::Recycle, card("meteor_strike"));
  EXPECT_EQ(state->phase(), Phase::Main);
  EXPECT_TRUE(p0().hand.empty());
  EXPECT_EQ(state->shop(0).deck.size(), cheap + 1);
  EXPECT_EQ(state->shop(1).deck.size(), expensive + 1);
}

TEST_F(Script, TrulyBlessedAndAlwaysLucky) {
  // Truly Blessed: "Draw a card each time you play a blessing but you may no longer draw cards
  // from active effects." Always Lucky: "Draw an additional card each turn."
  for (int k = 0; k < 6; ++k) state->giveCard(0, Zone::Deck, card("fire"));
  state->addPassive(0, card("truly_blessed"));
  playFromHand("basic_income");
  EXPECT_EQ(p0().hand.size(), 1u);
  setDie("utility", 6);
  playFromHand("exploration_god");
  EXPECT_EQ(p0().hand.size(), 1u);  // the action's draw is blocked
  state->addPassive(0, card("always_lucky"));
  act(ActionKind::DrawCard);
  EXPECT_EQ(p0().hand.size(), 2u);
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  EXPECT_EQ(p0().hand.size(), 3u);  // each turn, at its start
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
