// Every game ends: the engine brings a turn to its end after max_actions_per_turn
// moves (an assumed bound: the rules allow turns without end), and the game that
// once played a turn without end now stops.
#include "rulesets/engine_catalog.h"
#include "simulation/runner/monte_carlo_runner.h"
#include "tests/rulesets/card_dice/card_dice_fixture.h"

namespace wb::rulesets::card_dice::testing {
namespace {

using Script = CardDiceScript;

int counter(const sim::State& s, int player, Counter c) {
  return static_cast<int>(s.counters().count(player, static_cast<int>(c)));
}

TEST_F(Script, ATurnAtItsActionBoundOnlyEnds) {
  // Assumed (max_actions_per_turn): after that many moves only the moves that end the
  // turn are legal: discarding down to the hand limit ("The player must end their turn
  // with at most 5 cards in their hand"), then ending it.
  setUpWith(gameWith({{"parameters.max_actions_per_turn", "3"}}));
  for (int k = 0; k < 7; ++k) state->giveCard(0, Zone::Hand, card("basic_income"));
  state->giveCard(0, Zone::Hand, card("fire"));
  state->giveCard(0, Zone::Deck, card("fire"));
  act(ActionKind::GainGold);
  act(ActionKind::PlayBlessing, card("basic_income"));
  EXPECT_FALSE(state->turnClosing());
  act(ActionKind::PlayBlessing, card("basic_income"));
  EXPECT_TRUE(state->turnClosing());
  EXPECT_EQ(counter(*state, 0, Counter::TurnActionCap), 1);
  // Six cards in hand: only discards are legal, then only the end of the turn.
  std::vector<sim::Action> moves;
  state->legalActions(moves);
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_TRUE(legal(ActionKind::Discard, card("fire")));
  EXPECT_TRUE(legal(ActionKind::Discard, card("basic_income")));
  EXPECT_FALSE(legal(ActionKind::DrawCard));
  act(ActionKind::Discard, card("basic_income"));
  state->legalActions(moves);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(decodeAction(moves[0]).kind, ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  // The next turn starts with a fresh count.
  EXPECT_EQ(state->turnPlayer(), 1);
  EXPECT_FALSE(state->turnClosing());
  EXPECT_TRUE(legal(ActionKind::GainGold));
}

TEST_F(Script, AnOpenAuctionOrResponseCloses) {
  // At the bound an auction can only be given up and a response window only passed.
  setUpWith(gameWith({{"parameters.max_actions_per_turn", "2"}}));
  state->setShopDisplay(0, {card("ecology"), card("gambling"), card("mirror_wall"), card("fire")});
  state->setGold(1, 100);
  state->giveCard(1, Zone::Hand, card("veto"));
  act(ActionKind::GainGold);
  act(ActionKind::Bid, 3, 0);  // fire, 7 gold: the opponent could outbid
  ASSERT_EQ(state->phase(), Phase::Auction);
  std::vector<sim::Action> moves;
  state->legalActions(moves);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(decodeAction(moves[0]).kind, ActionKind::Yield);
}

TEST_F(Script, TrulyBlessedPlaysEachBlessingOnceATurn) {
  // Truly Blessed: "Draw a card each time you play a blessing"; "When a player must draw but
  // their deck is empty, their discard pile is shuffled and then added to their deck." Where a
  // played card goes the rules do not say (played_cards, assumed): in play until the turn
  // ends, so the reshuffle cannot bring it back in the same turn.
  state->addPassive(0, card("truly_blessed"));
  for (int k = 0; k < 2; ++k) state->giveCard(0, Zone::Hand, card("basic_income"));
  act(ActionKind::PlayBlessing, card("basic_income"));
  act(ActionKind::PlayBlessing, card("basic_income"));
  EXPECT_TRUE(p0().hand.empty());  // nothing to draw: both lie in play
  EXPECT_EQ(p0().inPlay.size(), 2u);
  EXPECT_EQ(p0().gold, 52);
  act(ActionKind::EndTurn);
  EXPECT_EQ(p0().discard.size(), 2u);
  EXPECT_TRUE(p0().inPlay.empty());
}

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
