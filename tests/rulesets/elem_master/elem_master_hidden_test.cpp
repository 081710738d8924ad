// Elem Master: what determinize() hides (rulesets/elem_master/elem_master_determinize.cpp):
// Secousse sismique's face-down cards and the other seats' free-start screens.
#include "tests/rulesets/elem_master/elem_master_fixture.h"

namespace wb::rulesets::elem_master::testing {

// "de nouveaux évènements faces cachées": nobody knows them until they are revealed.
TEST_F(ElemMasterScript, TremorCardsAreHiddenFromEveryone) {
  build({{"events", "true"}});
  keepAlive();
  state->setEventDeck({0, 1, 2, 3, 4, 5, 6, 7});
  state->setEventSlot(0, 29);  // tremor
  state->setEventSlot(1, 10);
  ASSERT_EQ(game->rules().events[29].id, "tremor");
  play(A(Kind::Event, 0));
  play(A(Kind::Place, 1));  // slot 1 now holds the deck's next card, face down
  ASSERT_TRUE(state->slotHidden(1));
  const int real = state->eventSlot(1);
  bool differs = false;
  for (int observer : {0, 1})
    for (int i = 0; i < 20; ++i) {
      auto d = state->determinize(observer, rng);
      const auto& ds = dynamic_cast<const ElemMasterState&>(*d);
      EXPECT_TRUE(ds.slotHidden(1));
      EXPECT_EQ(ds.eventDeck().size(), state->eventDeck().size());
      differs = differs || ds.eventSlot(1) != real;
    }
  EXPECT_TRUE(differs);
}

// "chaque joueur place devant lui un écran de confidentialité": the observer's own army stays,
// the other's is re-sampled (same size, on its home rows).
TEST(ElemMasterHidden, FreeStartScreensOfTheOthersAreResampled) {
  auto game = makeGame({{"start", "free"}});
  sim::Rng rng(21);
  auto s = game->newGame(sim::GameSetup{2, {}}, rng);
  // Seat 0: 6 Earth on its back row, then 6 Fire on its front row.
  for (int i = 0; i < 12; ++i)
    ASSERT_TRUE(s->applyAction(encodeAction(Kind::Deploy, s->cellOf(i < 6 ? 5 : 4, i % 6), 0, i < 6 ? kEarth : kFire), rng));
  ASSERT_EQ(s->currentPlayer(), 1);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(s->applyAction(encodeAction(Kind::Deploy, s->cellOf(0, i), 0, kWater), rng));
  bool differs = false;
  for (int i = 0; i < 20; ++i) {
    auto d = s->determinize(1, rng);
    const auto& ds = dynamic_cast<const ElemMasterState&>(*d);
    EXPECT_EQ(ds.screenSize(1), 3);  // the observer's own screen is kept
    int tokens = 0;
    for (int k = 0; k < ds.screenSize(0); ++k) {
      tokens += ds.screenStack(0, k).level;
      EXPECT_LT(ds.seatLocalRow(0, ds.screenStack(0, k).cell), 2);
    }
    EXPECT_EQ(tokens, 12);
    differs = differs || ds.screenSize(0) != s->screenSize(0) || ds.screenStack(0, 0).element != s->screenStack(0, 0).element;
  }
  EXPECT_TRUE(differs);
}

}  // namespace wb::rulesets::elem_master::testing
