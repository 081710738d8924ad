// The card-dice heuristic keeps per-thread caches (card values per rules object and dice,
// flat per-card tables per rules object; card_dice_card_values.cpp). A cached value must be
// the value computed afresh: the heuristic of a position may not depend on what the thread
// evaluated before. Each test evaluates the same positions in two orders, with the caches
// emptied in between by evaluating positions under many other dice, and wants the same bits.
// A pending stack is judged on a per-thread scratch copy with a generator copied from one
// seeded per history size: its value must be the one a fresh thread (fresh scratch) gives.
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "simulation/agents/agent_factory.h"
#include "tests/rulesets/card_dice/card_dice_fixture.h"

namespace wb::rulesets::card_dice::testing {
namespace {

std::uint64_t bitsOf(double v) {
  std::uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

// Player 0's heuristic (and both players' through heuristics()), as bits.
std::vector<std::uint64_t> evaluate(const CardDiceState& s) {
  std::vector<double> both;
  s.heuristics(both);
  return {bitsOf(s.heuristic(0)), bitsOf(s.heuristic(1)), bitsOf(both[0]), bitsOf(both[1])};
}

// Evaluates positions under more dice combinations than the value cache holds (16), so the
// entries of the positions' dice are replaced.
void evictCaches(const CardDiceState& like) {
  for (int k = 0; k < 40; ++k) {
    CardDiceState other(like);
    for (int d = 0; d < like.rules().numDice(); ++d) other.setDie(d, 1 + (k + d * 5) % 6);
    other.setDie(0, 1 + k % 6);
    other.setDie(1, 1 + (k / 6) % 6);
    (void)other.heuristic(0);
  }
}

class CardDiceHeuristicCache : public CardDiceScript {};

// Rule-independent: two compiled rules objects that differ only in what Basic Income pays
// (1 gold, 2 gold) deal the same positions; each keeps its own card values.
TEST_F(CardDiceHeuristicCache, ValuesBelongToTheirRulesObject) {
  const auto richer = gameWith({{"cards.basic_income.effects.0.amount", "2"}});
  ASSERT_TRUE(richer != nullptr);
  sim::Rng r1(7), r2(7);
  const auto a = game->newGame(r1);
  const auto b = richer->newGame(r2);
  ASSERT_EQ(a->toString(), b->toString());  // the same deal; only the card amounts differ
  for (CardDiceState* s : {a.get(), b.get()}) {  // player 0 ahead by Basic Incomes
    s->giveCard(0, Zone::Hand, card("basic_income"));
    s->giveCard(0, Zone::Deck, card("basic_income"));
  }
  const auto aFirst = evaluate(*a);
  const auto bSecond = evaluate(*b);
  evictCaches(*a);
  evictCaches(*b);
  const auto bFirst = evaluate(*b);
  const auto aSecond = evaluate(*a);
  EXPECT_EQ(aFirst, aSecond);
  EXPECT_EQ(bFirst, bSecond);
  EXPECT_NE(aFirst, bFirst);  // Basic Income is worth more in the richer rules
}

// Free Market ("Your gold doubles": amount my_gold) reads the player's gold, so its value is
// never kept with the dice: the same dice with 10 and 30 gold give the values they give
// alone, in either order.
TEST_F(CardDiceHeuristicCache, CardsReadingGoldAreValuedAfresh) {
  for (int k = 0; k < 3; ++k) state->giveCard(0, Zone::Deck, card("basic_income"));
  state->giveCard(0, Zone::Hand, card("free_market"));
  state->giveCard(0, Zone::Discard, card("free_market"));
  state->giveCard(1, Zone::Hand, card("basic_income"));
  CardDiceState poor(*state), rich(*state);
  poor.setGold(0, 10);
  rich.setGold(0, 30);
  const auto poorFirst = evaluate(poor);
  const auto richSecond = evaluate(rich);
  evictCaches(*state);
  const auto richFirst = evaluate(rich);
  const auto poorSecond = evaluate(poor);
  EXPECT_EQ(poorFirst, poorSecond);
  EXPECT_EQ(richFirst, richSecond);
  EXPECT_NE(poorFirst, richFirst);
}

// Card values depend on the dice: changing one die and changing it back gives the old
// values again, whether or not the entry of the first dice was replaced meanwhile.
TEST_F(CardDiceHeuristicCache, ValuesFollowTheDice) {
  for (const char* id : {"basic_income", "free_market"}) state->giveCard(0, Zone::Hand, card(id));
  for (int c = 0; c < static_cast<int>(game->rules().cards.size()); c += 7) state->giveCard(0, Zone::Deck, c);
  for (int c = 3; c < static_cast<int>(game->rules().cards.size()); c += 11) state->giveCard(1, Zone::Discard, c);
  const auto before = evaluate(*state);
  CardDiceState changed(*state);
  for (int d = 0; d < game->rules().numDice(); ++d) changed.setDie(d, 6);
  const auto high = evaluate(changed);
  EXPECT_EQ(evaluate(*state), before);
  evictCaches(*state);
  EXPECT_EQ(evaluate(changed), high);
  EXPECT_EQ(evaluate(*state), before);
  EXPECT_NE(high, before);
}

// A new dice combination takes from the entry of the last call the values of the cards that
// read none of the dice that changed. Each die changed in turn from the same position (whose
// entry is then the last one): the values are those a fresh thread computes alone.
TEST_F(CardDiceHeuristicCache, NewDiceKeepOnlyTheValuesOfCardsReadingNoChangedDie) {
  for (int c = 0; c < static_cast<int>(game->rules().cards.size()); c += 3) state->giveCard(0, Zone::Deck, c);
  for (int c = 1; c < static_cast<int>(game->rules().cards.size()); c += 4) state->giveCard(1, Zone::Discard, c);
  for (const char* id : {"fire", "basic_income", "free_market"}) state->giveCard(0, Zone::Hand, card(id));
  const auto before = evaluate(*state);
  int moved = 0;
  for (int d = 0; d < game->rules().numDice(); ++d) {
    CardDiceState changed(*state);
    changed.setDie(d, 1 + state->die(d) % 6);
    EXPECT_EQ(evaluate(*state), before);  // the position's entry is the last one
    const auto here = evaluate(changed);
    std::vector<std::uint64_t> alone;
    std::thread([&] { alone = evaluate(changed); }).join();
    EXPECT_EQ(here, alone) << "die " << d;
    if (here != before) ++moved;
  }
  EXPECT_GT(moved, 0);
}

// Positions with a stack pending (a response, a choice, a window), where heuristic() resolves
// a copy with every player passing: what greedy values, the result of each legal action at
// each position of greedy games (so that several share a history size, the seed of the
// scratch generator, and the sizes vary). Every value, evaluated one after another on this
// thread, is the value a fresh thread gives the position alone.
TEST_F(CardDiceHeuristicCache, PendingStacksAreJudgedAsOnAFreshCopy) {
  std::vector<std::unique_ptr<CardDiceState>> pending;
  std::vector<sim::Action> legal;
  std::string error;
  for (std::uint64_t deal = 0; deal < 3 && pending.size() < 150; ++deal) {
    std::unique_ptr<sim::Agent> greedy = sim::makeAgent("greedy:answers=off", error);
    ASSERT_TRUE(greedy != nullptr) << error;
    sim::Rng r(sim::deriveSeed(31, deal, 0)), agentRng(sim::deriveSeed(31, deal, 1));
    auto s = game->newGame(r);
    for (int move = 0; move < 600 && !s->isTerminal() && pending.size() < 150; ++move) {
      s->legalActions(legal);
      for (sim::Action a : legal) {
        auto next = std::make_unique<CardDiceState>(*s);
        sim::Rng look(sim::deriveSeed(32, deal, static_cast<std::uint64_t>(move)));
        next->applyAction(a, look);
        if (!next->isTerminal() && next->phase() != Phase::Main && next->phase() != Phase::Auction)
          pending.push_back(std::move(next));
      }
      s->applyAction(greedy->chooseAction(*s, agentRng), r);
    }
  }
  ASSERT_GE(pending.size(), 20u);
  std::vector<std::vector<std::uint64_t>> here;
  for (const auto& s : pending) here.push_back(evaluate(*s));
  for (std::size_t k = 0; k < pending.size(); ++k) {
    std::vector<std::uint64_t> alone;
    std::thread([&] { alone = evaluate(*pending[k]); }).join();
    EXPECT_EQ(here[k], alone) << "position " << k << " (history " << pending[k]->historySize() << ")";
  }
}

// Gambling ("Roll one die again") that player 1 may answer with Cheap Trick waits on the
// stack: heuristic() rolls the die on its copy, with a generator seeded from the history
// size. Pending Gamblings after 0..7 rounds of turns (each at its own history size), both
// hands full of Fire (worth what the fire die says): each valued one after another on this
// thread as a fresh thread values it alone.
TEST_F(CardDiceHeuristicCache, APendingRerollRollsWithTheGeneratorOfItsHistory) {
  state->giveCard(1, Zone::FaceDown, card("cheap_trick"));
  state->setGold(1, 30);
  for (int k = 0; k < 4; ++k)
    for (int p = 0; p < 2; ++p) state->giveCard(p, Zone::Hand, card("fire"));
  std::vector<std::unique_ptr<CardDiceState>> pending;
  for (int rounds = 0; rounds < 8; ++rounds) {
    auto s = std::make_unique<CardDiceState>(*state);
    sim::Rng r(static_cast<std::uint64_t>(rounds));
    for (int t = 0; t < 2 * rounds; ++t) ASSERT_TRUE(s->applyAction(encodeAction(ActionKind::EndTurn), r));
    s->giveCard(0, Zone::Hand, card("gambling"));
    ASSERT_TRUE(s->applyAction(encodeAction(ActionKind::ExecuteAction, card("gambling"), die("fire")), r));
    ASSERT_EQ(s->phase(), Phase::Response);
    pending.push_back(std::move(s));
  }
  std::vector<std::vector<std::uint64_t>> here;
  for (const auto& s : pending) here.push_back(evaluate(*s));
  for (std::size_t k = 0; k < pending.size(); ++k) {
    std::vector<std::uint64_t> alone;
    std::thread([&] { alone = evaluate(*pending[k]); }).join();
    EXPECT_EQ(here[k], alone) << "after " << k << " rounds";
  }
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
