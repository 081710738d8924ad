// The Elemental Card-Dice Game (seed file 004) as a table either engine sets:
// the card_dice engine (data/rulesets/card-dice) or the game written in the
// rules language (data/rulesets/card-dice-described). A rule test sets up a
// position through a Table, takes moves by their meaning (never by an
// engine's action numbers) and checks the outcome, so the same test runs on
// both engines: a rule the described game reads differently fails there.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace wb::rulesets::testing {

// Answer: play a card from hand as an answer to the action waiting (the
// opponent's); Pass: answer no more (or end a window); Pick / PickDone: a card
// picked inside an effect (Weak Hands, Recycling ...), or stopping; Block: the
// damage Paid Militia blocks (the amount as the move's text).
enum class Move { EndTurn, Discard, Execute, PlaceFaceDown, PlayFaceDown, Blessing, Bid, Raise, Yield, Answer, Pass,
                  Pick, PickDone, RerollAgain, KeepDie, Block,
                  // Cards, turn and bounds: the turn's gold and draw; answering with a face-down action.
                  GainGold, DrawCard, AnswerFaceDown };

// A position of either engine: player 1 (index 0) to act at the start of a
// turn, every hand, deck, discard pile and face-down row empty, no passives,
// every die at 3, gold 50 and 0, health 100 each.
class Table {
 public:
  virtual ~Table() = default;
  virtual void setDie(const std::string& die, int v) = 0;
  virtual void setGold(int p, int v) = 0;
  virtual void setHealth(int p, int v) = 0;
  virtual void giveHand(int p, const std::string& card) = 0;
  virtual void givePassive(int p, const std::string& card) = 0;
  // tier 0 cheap, 1 expensive; oldest card first.
  virtual void setShop(int tier, const std::vector<std::string>& display, const std::vector<std::string>& deck) = 0;
  virtual bool act(Move m, const std::string& card = "", int tier = 0) = 0;
  virtual int gold(int p) const = 0;
  virtual int health(int p) const = 0;
  virtual int toAct() const = 0;         // -1: the game is over
  virtual int winner() const = 0;        // -1: none
  virtual std::vector<std::string> shop(int tier) const = 0;
  virtual int discardCount(int p, const std::string& card) const = 0;
  // Choices inside an effect: decks (top last given), face-down rows, what is where.
  virtual void giveDeck(int p, const std::string& card) = 0;
  virtual void giveFaceDown(int p, const std::string& card) = 0;
  virtual std::vector<std::string> deckTopFirst(int p) const = 0;
  virtual int handCount(int p, const std::string& card) const = 0;
  virtual int faceDownCount(int p, const std::string& card) const = 0;
  virtual int shopHolds(int tier, const std::string& card) const = 0;  // on display or in the shop's deck
  // The die changes: `m` is Execute or Answer; the card names `die` (and a change
  // `delta`, or a `second` die to exchange it with).
  virtual bool actDie(Move m, const std::string& card, const std::string& die, int delta = 0,
                      const std::string& second = "") = 0;
  virtual int die(const std::string& die) const = 0;
  // How many moves the player to act has: random agents pick among them uniformly.
  virtual int legalMoveCount() const = 0;
  // Combat, gold and bids:
  // The engine's own start (shuffled decks, dealt shops, rolled dice) in place of the position.
  virtual void dealNewGame() = 0;
  virtual int cost(const std::string& card) const = 0;
  virtual int shopDeckSize(int tier) const = 0;
  virtual int handSize(int p) const = 0;
  virtual int inPlayCount(int p, const std::string& card) const = 0;  // played this turn
  virtual int actionsLeft(int p) const = 0;

  // Choices and responses:
  // An answer resolved and the owner of the action it answered may play more
  // before that action resolves (the window).
  virtual bool windowOpen() const = 0;
  virtual int faceDownSize(int p) const = 0;
  virtual int discardSize(int p) const = 0;
  // Cards, turn and bounds:
  // Whether a move (a die change's) is legal now; nothing changes.
  virtual bool legal(Move m, const std::string& card = "", int tier = 0) = 0;
  virtual bool legalDie(Move m, const std::string& card, const std::string& die, int delta = 0,
                        const std::string& second = "") = 0;
  virtual void giveDiscard(int p, const std::string& card) = 0;
  virtual int deckSize(int p) const = 0;
  virtual int inPlaySize(int p) const = 0;
  virtual int passiveCount(int p, const std::string& card) const = 0;
  virtual std::vector<std::string> shopRemoved(int tier) const = 0;  // the cards aging removed, oldest first
  // The engines' statistics: how often player p acquired (won) / played the card.
  virtual int acquired(int p, const std::string& card) const = 0;
  virtual int played(int p, const std::string& card) const = 0;

  // What a player saw:
  // A table on one determinization of the position for `observer` (what a
  // search agent plays on): the cards hidden from it re-dealt from `seed`,
  // those it was shown (Mirror Wall, Mirror Table, Sneak Peek,
  // Reconnaissance, the order it chose with Impatience or Sabotage) in place.
  virtual std::unique_ptr<Table> seenBy(int observer, std::uint64_t seed) const = 0;
};

// The table of one engine: false the card_dice engine, true the described game.
std::unique_ptr<Table> makeTable(bool described);
// Cards, turn and bounds: the same table on the shipped ruleset with values
// changed ({path, value} pairs as `--set` takes them; both rulesets name them alike).
std::unique_ptr<Table> makeTable(bool described, const std::vector<std::pair<std::string, std::string>>& sets);

// A rule test's fixture: each test file derives its own suite from it and
// instantiates it with BOTH_ENGINES(Suite), so every rule runs on each engine.
class BothEngines : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    t = makeTable(GetParam());
    ASSERT_TRUE(t != nullptr) << "the described card-dice did not load";
  }
  std::unique_ptr<Table> t;
};

inline std::string engineName(const ::testing::TestParamInfo<bool>& i) { return i.param ? "described" : "card_dice"; }

}  // namespace wb::rulesets::testing

#define BOTH_ENGINES(Suite) \
  INSTANTIATE_TEST_SUITE_P(Engines, Suite, ::testing::Values(false, true), ::wb::rulesets::testing::engineName)
