// The agents on card-dice (issue 31, "answers before scores"): a damage card
// against a victim holding Paid Militia leaves the victim a choice ("Shield any
// amount of damage by paying one gold per unit", seed file 004); greedy values
// the card after the victim's own answer, between the answer the attacker would
// pick for it and not attacking.
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

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
