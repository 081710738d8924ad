// The agents on Elem Master (issue 31, "answers before scores"): no player
// decides inside another player's turn here (events and powers resolve on the
// mover's choices), so greedy's answers change nothing in this engine; the
// check keeps that true if a rule ever adds such an answer.
#include "tests/rulesets/elem_master/elem_master_fixture.h"
#include "tests/simulation/pending_answer.h"

namespace wb::rulesets::elem_master::testing {
namespace {

TEST(ElemMasterAgents, NoPlayerAnswersInsideAnotherPlayersTurn) {
  auto game = sharedGame();
  for (int players : {2, 4}) {
    sim::test::expectNoAnswersInsideATurn(
        [&](sim::Rng& rng) { return game->newInitialState(sim::GameSetup{players, {}}, rng); }, 6,
        31 + static_cast<std::uint64_t>(players));
  }
}

}  // namespace
}  // namespace wb::rulesets::elem_master::testing
