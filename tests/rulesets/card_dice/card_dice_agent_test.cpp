// The agents on card-dice ("answers before scores"): a damage card
// against a victim holding Paid Militia leaves the victim a choice ("Shield any
// amount of damage by paying one gold per unit", seed file 004); greedy values
// the card after the victim's own answer, between the answer the attacker would
// pick for it and not attacking.
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "simulation/agents/agent_factory.h"
#include "simulation/agents/greedy_agent.h"
#include "tests/rulesets/card_dice/card_dice_fixture.h"
#include "tests/simulation/pending_answer.h"

namespace wb::rulesets::card_dice::testing {
namespace {

using Script = CardDiceScript;

TEST_F(Script, ADamageCardIsValuedAfterTheVictimsMilitiaAnswer) {
  state->addPassive(1, card("paid_militia"));
  state->setGold(1, 4);
  setDie("fire", 6);
  state->giveCard(0, Zone::Hand, card("fire"));
  const sim::Action attack = encodeAction(ActionKind::ExecuteAction, card("fire"));
  ASSERT_TRUE(state->isLegal(attack));
  const sim::test::AnswerValues v = sim::test::answerValues(*state, attack);
  EXPECT_GE(v.answers, 1) << "the victim chooses how much to block";
  EXPECT_LT(v.pending, v.favour);
  sim::GreedyAgent greedy(sim::GreedyOptions{1, true});
  sim::Rng rng(7);
  const double none = greedy.valueOf(*state, encodeAction(ActionKind::EndTurn), rng);
  EXPECT_GT(v.pending, none);
}

// Greedy keeps between decisions the view it decides on (Agent::chooseAction) and, between
// the actions of a decision, the generator of the action it valued last, copied again only
// when that action drew from it (GreedyAgent::value). Card-dice mixes actions that draw
// (ending a turn draws cards, die changes roll) with actions that do not (gold, discards).
// At every position of a game: each action's value among all of a decision's is the value
// a fresh agent gives it alone, and an agent that has decided before chooses what a fresh
// one chooses, with the same numbers drawn.
TEST_F(Script, AGreedyAgentThatDecidedBeforeValuesAndChoosesAsAFreshOne) {
  for (const char* spec : {"greedy:answers=off", "greedy", "greedy:samples=3,answers=off"}) {
    std::string error;
    std::unique_ptr<sim::Agent> kept = sim::makeAgent(spec, error);
    ASSERT_TRUE(kept != nullptr) << error;
    auto* keptGreedy = dynamic_cast<sim::GreedyAgent*>(kept.get());
    ASSERT_TRUE(keptGreedy != nullptr);
    sim::Rng chance(11), keptRng(12), freshRng(12);
    auto s = game->newGame(chance);
    std::vector<sim::Action> legal;
    std::vector<double> values;
    int compared = 0;
    for (int move = 0; move < 300 && !s->isTerminal(); ++move) {
      s->legalActions(legal);
      sim::Rng all(static_cast<std::uint64_t>(move));
      keptGreedy->valuesOf(*s, all, values);
      ASSERT_EQ(values.size(), legal.size());
      for (std::size_t i = 0; i < legal.size(); ++i) {
        sim::GreedyAgent fresh(keptGreedy->options());
        sim::Rng one(static_cast<std::uint64_t>(move));
        const double alone = fresh.valueOf(*s, legal[i], one);
        ASSERT_EQ(std::memcmp(&values[i], &alone, sizeof alone), 0)
            << spec << ", move " << move << ", " << s->actionToString(legal[i]) << ": " << values[i] << " vs " << alone;
        ++compared;
      }
      std::unique_ptr<sim::Agent> fresh = sim::makeAgent(spec, error);
      const sim::Action a = kept->chooseAction(*s, keptRng);
      ASSERT_EQ(a, fresh->chooseAction(*s, freshRng)) << spec << ", move " << move;
      ASSERT_TRUE(keptRng == freshRng) << spec << ", move " << move;
      s->applyAction(a, chance);
    }
    EXPECT_GE(compared, 1000) << spec;
  }
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
