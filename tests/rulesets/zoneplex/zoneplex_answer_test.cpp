// The agents on Zoneplex ("answers before scores"): asking another
// monk for help leaves that monk the answer (join or decline, rule "Group
// combat"); greedy values the request after the helper's own answer. Here the
// helper declines (joining would complete the drawer's set), so the request is
// worth less than the join the drawer would pick for it.
#include "simulation/agents/greedy_agent.h"
#include "tests/rulesets/zoneplex/zoneplex_position.h"
#include "tests/simulation/pending_answer.h"

namespace wb::rulesets::zoneplex::test {
namespace {

TEST(ZoneplexAgents, AHelpRequestIsValuedAfterTheHelpersAnswer) {
  Position pos(3, gameWithDie("3", 3));
  pos.state->setPhase2(true);
  const int ankh = pos.tile("chamber_ankh");
  for (int c : {36, 38}) {
    pos.state->setTile(c, ankh);
    pos.state->setStone(c, 0);
  }
  pos.state->setStonesHome(0, 2);
  pos.state->setWms(0, 4);
  pos.state->giveFear(0, pos.card("fear_blue_5"));
  pos.state->giveFear(0, pos.card("fear_green_5"));
  pos.state->setWms(1, 2);
  pos.state->setWms(2, 2);
  pos.turn(0, "fear_magenta_7", {pos.card("step_1"), pos.card("step_1"), pos.card("step_1")});
  const sim::Action ask = pos.offer(0b010, 0, {1, 0, 0});
  ASSERT_TRUE(pos.state->isLegal(ask));
  const sim::test::AnswerValues v = sim::test::answerValues(*pos.state, ask);
  EXPECT_GE(v.answers, 1) << "the invited monk answers inside the drawer's turn";
  EXPECT_LT(v.pending, v.favour) << "the helper's own answer (decline) is not the drawer's favourite (join)";
}

}  // namespace
}  // namespace wb::rulesets::zoneplex::test
