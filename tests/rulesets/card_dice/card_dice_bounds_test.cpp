// Every game ends: both engines bring a turn to its end after max_actions_per_turn
// moves (an assumed bound: the rules allow turns without end), and the game that
// once played a turn without end now stops.
#include "rulesets/engine_catalog.h"
#include "simulation/runner/monte_carlo_runner.h"
#include "tests/rulesets/card_dice/card_dice_fixture.h"
#include "tests/rulesets/card_dice/card_dice_table.h"

namespace wb::rulesets::testing {
namespace {

class CardDiceBoundsPlay : public BothEngines {};

TEST_P(CardDiceBoundsPlay, ATurnAtItsActionBoundOnlyEnds) {
  // Assumed (max_actions_per_turn): after that many moves only the moves that end the
  // turn are legal: discarding down to the hand limit ("The player must end their turn
  // with at most 5 cards in their hand"), then ending it.
  t = makeTable(GetParam(), {{"parameters.max_actions_per_turn", "3"}});
  ASSERT_TRUE(t);
  for (int k = 0; k < 7; ++k) t->giveHand(0, "basic_income");
  t->giveHand(0, "fire");
  t->giveDeck(0, "fire");
  ASSERT_TRUE(t->act(Move::GainGold));
  ASSERT_TRUE(t->act(Move::Blessing, "basic_income"));
  EXPECT_TRUE(t->legal(Move::DrawCard)) << "two moves: the turn goes on";
  ASSERT_TRUE(t->act(Move::Blessing, "basic_income"));
  // Six cards in hand: only discards are legal, then only the end of the turn.
  EXPECT_EQ(t->legalMoveCount(), 2);
  EXPECT_TRUE(t->legal(Move::Discard, "fire"));
  EXPECT_TRUE(t->legal(Move::Discard, "basic_income"));
  EXPECT_FALSE(t->legal(Move::DrawCard));
  EXPECT_FALSE(t->legal(Move::Blessing, "basic_income"));
  ASSERT_TRUE(t->act(Move::Discard, "basic_income"));
  EXPECT_EQ(t->legalMoveCount(), 1);
  ASSERT_TRUE(t->act(Move::EndTurn));
  // The next turn starts with a fresh count.
  EXPECT_EQ(t->toAct(), 1);
  EXPECT_TRUE(t->legal(Move::GainGold));
}

TEST_P(CardDiceBoundsPlay, AnOpenAuctionOrResponseCloses) {
  // At the bound an auction can only be given up and a response window only passed.
  t = makeTable(GetParam(), {{"parameters.max_actions_per_turn", "2"}});
  ASSERT_TRUE(t);
  t->setShop(0, {"ecology", "gambling", "mirror_wall", "fire"}, {});
  t->setGold(1, 100);
  t->giveHand(1, "veto");
  ASSERT_TRUE(t->act(Move::GainGold));
  ASSERT_TRUE(t->act(Move::Bid, "fire", 0));  // 7 gold: the opponent could outbid
  ASSERT_EQ(t->toAct(), 1);
  EXPECT_EQ(t->legalMoveCount(), 1);
  EXPECT_FALSE(t->legal(Move::Raise));
  ASSERT_TRUE(t->act(Move::Yield));
  EXPECT_EQ(t->discardCount(0, "fire"), 1) << "let go: the bidder buys it";
}

TEST_P(CardDiceBoundsPlay, AnAnswerAtTheBoundIsOnlyAPass) {
  // The same bound: an action played at it may be answered only by passing.
  t = makeTable(GetParam(), {{"parameters.max_actions_per_turn", "2"}});
  ASSERT_TRUE(t);
  t->setGold(1, 100);
  t->giveHand(1, "veto");
  t->setDie("fire", 4);
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::GainGold));
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  EXPECT_FALSE(t->legal(Move::Answer, "veto"));
  // The card_dice engine still asks the opponent, offering the pass alone; the
  // described game asks nothing when no answer is legal. The outcome is the same.
  if (t->toAct() == 1) {
    EXPECT_EQ(t->legalMoveCount(), 1);
    ASSERT_TRUE(t->act(Move::Pass));
  }
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->health(1), 96);
  EXPECT_EQ(t->handCount(1, "veto"), 1);
}

TEST_P(CardDiceBoundsPlay, AChoiceAtTheBoundOnlyStops) {
  // The same bound: a reroll only keeps its die, a recycling only stops.
  t = makeTable(GetParam(), {{"parameters.max_actions_per_turn", "2"}});
  ASSERT_TRUE(t);
  t->giveHand(0, "second_chance");
  ASSERT_TRUE(t->act(Move::GainGold));
  ASSERT_TRUE(t->actDie(Move::Execute, "second_chance", "water"));
  EXPECT_EQ(t->legalMoveCount(), 1);
  EXPECT_FALSE(t->legal(Move::RerollAgain));
  ASSERT_TRUE(t->act(Move::KeepDie));
  ASSERT_TRUE(t->act(Move::EndTurn));
  ASSERT_TRUE(t->act(Move::EndTurn));
  t->setDie("utility", 4);
  for (const char* c : {"recycling_master", "fire", "tremor"}) t->giveHand(0, c);
  ASSERT_TRUE(t->act(Move::GainGold));
  ASSERT_TRUE(t->act(Move::Execute, "recycling_master"));
  EXPECT_EQ(t->legalMoveCount(), 1);
  EXPECT_FALSE(t->legal(Move::Pick, "fire"));
  ASSERT_TRUE(t->act(Move::PickDone));
  EXPECT_EQ(t->handSize(0), 2);
  EXPECT_TRUE(t->legal(Move::EndTurn));
}

TEST_P(CardDiceBoundsPlay, TrulyBlessedPlaysEachBlessingOnceATurn) {
  // Truly Blessed: "Draw a card each time you play a blessing"; "When a player must draw but
  // their deck is empty, their discard pile is shuffled and then added to their deck." Where a
  // played card goes the rules do not say (played_cards, assumed): in play until the turn
  // ends, so the reshuffle cannot bring it back in the same turn.
  t->givePassive(0, "truly_blessed");
  for (int k = 0; k < 2; ++k) t->giveHand(0, "basic_income");
  ASSERT_TRUE(t->act(Move::Blessing, "basic_income"));
  ASSERT_TRUE(t->act(Move::Blessing, "basic_income"));
  EXPECT_EQ(t->handSize(0), 0) << "nothing to draw: both lie in play";
  EXPECT_EQ(t->inPlaySize(0), 2);
  EXPECT_EQ(t->gold(0), 52);
  ASSERT_TRUE(t->act(Move::EndTurn));
  EXPECT_EQ(t->discardSize(0), 2);
  EXPECT_EQ(t->inPlaySize(0), 0);
}

BOTH_ENGINES(CardDiceBoundsPlay);

}  // namespace
}  // namespace wb::rulesets::testing

namespace wb::rulesets::card_dice::testing {
namespace {

using Script = CardDiceScript;

int counter(const sim::State& s, int player, Counter c) {
  return static_cast<int>(s.counters().count(player, static_cast<int>(c)));
}

// One engine's only: turn_action_cap is the card_dice engine's own counter.
TEST_F(Script, ATurnBroughtToItsEndAtTheBoundIsCounted) {
  setUpWith(gameWith({{"parameters.max_actions_per_turn", "2"}}));
  state->giveCard(0, Zone::Hand, card("basic_income"));
  act(ActionKind::GainGold);
  EXPECT_FALSE(state->turnClosing());
  EXPECT_EQ(counter(*state, 0, Counter::TurnActionCap), 0);
  act(ActionKind::PlayBlessing, card("basic_income"));
  EXPECT_TRUE(state->turnClosing());
  EXPECT_EQ(counter(*state, 0, Counter::TurnActionCap), 1);
}

// One engine's only: the described game has the played_cards reading turn_end
// alone (a played card lies in play until the turn ends); at_once is the
// card_dice engine's alternative.
TEST_F(Script, PlayedAtOnceTheBlessingsOfTrulyBlessedLoopUntilTheActionBound) {
  // The other reading (played_cards: at_once): the second Basic Income's draw reshuffles the
  // first back into the deck, and so on -- a loop the rules do not stop; the engine's
  // max_actions_per_turn (assumed) ends the turn.
  setUpWith(gameWith({{"parameters.played_cards", "at_once"}, {"parameters.max_actions_per_turn", "50"}}));
  state->addPassive(0, card("truly_blessed"));
  for (int k = 0; k < 2; ++k) state->giveCard(0, Zone::Hand, card("basic_income"));
  int plays = 0;
  while (legal(ActionKind::PlayBlessing, card("basic_income"))) {
    act(ActionKind::PlayBlessing, card("basic_income"));
    ++plays;
  }
  EXPECT_EQ(plays, 50);
  EXPECT_TRUE(state->turnClosing());
  EXPECT_EQ(p0().gold, 100);
}

// One engine's only: it replays a game of the card_dice engine's history (the
// runner's game 214 of that engine's seed), which the described game never played.
TEST(CardDiceBounds, TheTurnWithoutEndOfMeteorStrikeAtSixStops) {
  // `balance run data/rulesets/card-dice --set cards.meteor_strike.cost=6 --games 300
  // --agents greedy --seed 1` never finished: game 214 looped in turn 152 (Multitasking,
  // Purism and Exploration cycling a thin deck). It now stops, by the rules or at a cap.
  std::shared_ptr<const CardDiceGame> game = gameWith({{"cards.meteor_strike.cost", "6"}});
  ASSERT_TRUE(game);
  sim::RunConfig c;
  c.games = 300;
  c.seed = 1;
  c.agents = {"greedy"};
  c.threads = 1;
  sim::MonteCarloRunner runner(*game, c);
  bool timedOut = false;
  std::string stop;
  int longestTurn = 0, turn = -1, inTurn = 0;
  auto state = runner.replay(214, &timedOut,
                             [&](const sim::State& before, sim::Action) {
                               if (before.turnCount() != turn) {
                                 turn = before.turnCount();
                                 inTurn = 0;
                               }
                               longestTurn = std::max(longestTurn, ++inTurn);
                             },
                             &stop);
  ASSERT_TRUE(state);
  EXPECT_TRUE(!timedOut || stop.find("turn cap") != std::string::npos) << stop;
  EXPECT_LE(longestTurn, game->defaultMaxActionsPerTurn());
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
