// Elem Master: every choice the rules give a player is an action, each on
// a scripted position citing the French rule (seed file 002): the specialty draft, the
// free start, the Nécromancien's "jusqu'à 3", the "jusqu'à" of Averse, Tornade, Etoile
// filante and Secousse sismique, which Waters join a wave, the Démoniste's new Fire.
#include <set>

#include "simulation/agents/greedy_agent.h"
#include "tests/rulesets/elem_master/elem_master_fixture.h"

namespace wb::rulesets::elem_master::testing {

class ElemMasterChoices : public ElemMasterScript {
 protected:
  void SetUp() override {
    build({{"events", "true"}});
    keepAlive();
  }
  void trigger(const std::string& id) {
    state->setEventSlot(0, event(id));
    play(A(Kind::Event, 0));
  }
  void place(int r, int c) { play(A(Kind::Place, sq(r, c))); }
};

// "chaque joueur (en commençant par le 1er joueur, puis en sens horaire) peut choisir une carte
// Spécialité": the seats draft in order, each card once, none allowed.
TEST(ElemMasterDraft, FirstPlayerFirstThenClockwise) {
  auto game = makeGame({{"specialty_choice", "draft"}});
  ASSERT_TRUE(game != nullptr);
  EXPECT_TRUE(game->factions().empty());  // drafted, not assigned by the runner
  sim::Rng rng(5);
  auto s = game->newGame(sim::GameSetup{4, {}}, rng);
  ASSERT_EQ(s->phase(), Phase::Draft);
  const int oracle = 11;
  ASSERT_EQ(game->rules().specialties[oracle].id, "oracle");
  EXPECT_EQ(s->currentPlayer(), 0);
  EXPECT_EQ(s->legalActions().size(), 17u);  // 16 cards or none
  ASSERT_TRUE(s->applyAction(encodeAction(Kind::Draft, oracle), rng));
  EXPECT_EQ(s->currentPlayer(), 1);
  EXPECT_FALSE(s->isLegal(encodeAction(Kind::Draft, oracle)));  // taken
  ASSERT_TRUE(s->applyAction(encodeAction(Kind::Draft, kNoSpecialty), rng));
  ASSERT_TRUE(s->applyAction(encodeAction(Kind::Draft, 0), rng));
  EXPECT_EQ(s->currentPlayer(), 3);
  ASSERT_TRUE(s->applyAction(encodeAction(Kind::Draft, 1), rng));
  EXPECT_EQ(s->phase(), Phase::Play);  // predefined start: the first turn begins
  EXPECT_EQ(s->currentPlayer(), 0);
  EXPECT_EQ(s->player(0).specialty, oracle);
  EXPECT_EQ(s->player(1).specialty, -1);
  EXPECT_EQ(s->player(2).specialty, 0);
  EXPECT_EQ(s->player(3).specialty, 1);
  EXPECT_EQ(s->entityLog().count(0, oracle, sim::EntityUse::Acquired), 1u);
}

// "une armée de 12 jetons de son choix (dont au moins un de Terre), répartis sur les deux premières
// lignes"; "les écrans de confidentialité sont retirés simultanément".
TEST(ElemMasterFreeStart, TheArmyIsTheSeatsChoiceBehindAScreen) {
  auto game = makeGame({{"start", "free"}});
  sim::Rng rng(9);
  auto s = game->newGame(sim::GameSetup{2, {}}, rng);
  ASSERT_EQ(s->phase(), Phase::Deploy);
  const std::vector<sim::Action> first = s->legalActions();
  std::set<int> squares;
  for (sim::Action a : first) {
    ASSERT_EQ(actionKind(a), Kind::Deploy);
    EXPECT_LT(s->seatLocalRow(0, actionA(a)), 2);
    squares.insert(actionA(a));
  }
  EXPECT_EQ(squares.size(), 12u);
  EXPECT_EQ(first.size(), 48u);  // 12 squares x 4 elements
  // Seat 0: 11 Fire tokens (levels up to 3), then the twelfth must be Earth.
  const int fireSquares[4] = {s->cellOf(4, 0), s->cellOf(4, 1), s->cellOf(4, 2), s->cellOf(4, 3)};
  int placed = 0;
  for (int sqi = 0; sqi < 4 && placed < 11; ++sqi)
    for (int k = 0; k < 3 && placed < 11; ++k, ++placed) {
      if (placed == 6) break;  // 6 Fire tokens in the reserve
      ASSERT_TRUE(s->applyAction(encodeAction(Kind::Deploy, fireSquares[sqi], 0, kFire), rng));
    }
  EXPECT_FALSE(s->isLegal(encodeAction(Kind::Deploy, s->cellOf(5, 0), 0, kFire)));  // no Fire left
  for (; placed < 11; ++placed) ASSERT_TRUE(s->applyAction(encodeAction(Kind::Deploy, s->cellOf(5, placed - 6), 0, kWater), rng));
  for (sim::Action a : s->legalActions()) EXPECT_EQ(actionX(a), kEarth) << s->actionToString(a);
  EXPECT_EQ(s->cell(fireSquares[0]).owner, -1);  // still behind the screen
  ASSERT_TRUE(s->applyAction(encodeAction(Kind::Deploy, s->cellOf(5, 5), 0, kEarth), rng));
  EXPECT_EQ(s->currentPlayer(), 1);
  // Seat 1 sees an empty board and chooses on its own rows (rows 0-1).
  for (sim::Action a : s->legalActions()) EXPECT_LT(actionA(a) / 6, 2);
  for (int i = 0; i < 12; ++i) ASSERT_TRUE(s->applyAction(encodeAction(Kind::Deploy, s->cellOf(i < 6 ? 0 : 1, i % 6), 0, i < 6 ? kEarth : kWater), rng));
  EXPECT_EQ(s->phase(), Phase::Play);
  EXPECT_EQ(s->cell(fireSquares[0]).level, 3);
  EXPECT_EQ(s->tokensOnBoard(0, kFire), 6);
  EXPECT_EQ(s->tokensOnBoard(0, kEarth), 1);
  EXPECT_EQ(s->tokensOnBoard(1, kEarth), 6);
  EXPECT_EQ(s->tokensOnBoard(1, kWater), 6);
  EXPECT_EQ(s->currentPlayer(), 0);
  EXPECT_EQ(s->actionPoints(), 3);
}

// Seed 002, "Orage : Tous les élémentaires de Terre de niveau 1 deviennent des
// élémentaires de Feu" and "Un joueur est éliminé lorsqu'il ne possède plus aucun
// élémentaire de Terre sur le plateau de jeu": with events on, a free-start army whose
// Earth is all level 1 is eliminated by one card. The setup heuristic (Orage safety)
// makes the stacked Earth worth more than the spread one only when events are on.
TEST(ElemMasterFreeStart, SetupHeuristicValuesAnEarthStackAboveLevelOneWithEvents) {
  for (const bool events : {true, false}) {
    auto game = makeGame({{"start", "free"}, {"events", events ? "true" : "false"}});
    ASSERT_TRUE(game != nullptr);
    sim::Rng rng(3);
    auto spread = game->newGame(sim::GameSetup{2, {}}, rng);
    ASSERT_EQ(spread->phase(), Phase::Deploy);
    auto stacked = std::unique_ptr<ElemMasterState>(static_cast<ElemMasterState*>(spread->clone().release()));
    // The same two Earth tokens on the back row: two level-1 stacks, or one level-2 stack.
    ASSERT_TRUE(spread->applyAction(encodeAction(Kind::Deploy, spread->cellOf(5, 0), 0, kEarth), rng));
    ASSERT_TRUE(spread->applyAction(encodeAction(Kind::Deploy, spread->cellOf(5, 1), 0, kEarth), rng));
    ASSERT_TRUE(stacked->applyAction(encodeAction(Kind::Deploy, stacked->cellOf(5, 0), 0, kEarth), rng));
    ASSERT_TRUE(stacked->applyAction(encodeAction(Kind::Deploy, stacked->cellOf(5, 0), 0, kEarth), rng));
    if (events)
      EXPECT_GT(stacked->heuristic(0), spread->heuristic(0));
    else
      EXPECT_LT(stacked->heuristic(0), spread->heuristic(0));  // spreading is better without Orage
  }
}

// The greedy agent (deciding through chooseAction, on its own screen only) builds a
// free-start army with an Earth stack of level 2 or more when events are on.
TEST(ElemMasterFreeStart, GreedyKeepsAnEarthStackAboveLevelOneWithEvents) {
  auto game = makeGame({{"start", "free"}, {"events", "true"}});
  ASSERT_TRUE(game != nullptr);
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    sim::Rng rng(seed), agentRng(seed + 100);
    auto s = game->newGame(sim::GameSetup{2, {}}, rng);
    sim::GreedyAgent greedy;
    while (s->phase() == Phase::Deploy && s->currentPlayer() == 0)
      ASSERT_TRUE(s->applyAction(greedy.chooseAction(*s, agentRng), rng));
    ASSERT_EQ(s->currentPlayer(), 1);
    int bestEarth = 0;
    for (int i = 0; i < s->screenSize(0); ++i)
      if (s->screenStack(0, i).element == kEarth) bestEarth = std::max<int>(bestEarth, s->screenStack(0, i).level);
    EXPECT_GE(bestEarth, 2) << "seed " << seed;
  }
}

// "Nécromancien : Mettez de côté jusqu'à 3 jetons Terre perdus durant la partie": how many is the
// player's choice (0 included); tokens removed by the Génie count as lost.
TEST_F(ElemMasterChoices, NecromancerSetsAsideUpToThree) {
  state->setSpecialty(0, specialty("necromancer"));
  state->setSpecialty(1, specialty("genie"));
  put(3, 2, 0, kEarth, 2);
  endTurn();
  play(A(Kind::Destroy, sq(3, 2)));  // the Génie removes the level-2 Earth: 2 tokens lost
  endTurn();
  ASSERT_EQ(state->pending().kind, PendingKind::SetAside);
  EXPECT_TRUE(legal(A(Kind::Place, 0)));
  EXPECT_TRUE(legal(A(Kind::Place, 2)));
  EXPECT_FALSE(legal(A(Kind::Place, 3)));
  const int reserve = state->player(0).reserve[kEarth];
  play(A(Kind::Place, 1));
  EXPECT_EQ(state->player(0).pool, 1);
  EXPECT_EQ(state->player(0).reserve[kEarth], reserve - 1);
  EXPECT_EQ(state->counters().count(0, static_cast<int>(game->rules().specialties.size()) + kCounterSetAside), 1u);
}

// "Averse : Un élémentaire de Feu de votre choix perd jusqu'à deux niveaux".
TEST_F(ElemMasterChoices, ShowerTakesOneOrTwoLevels) {
  put(2, 2, 1, kFire, 3);
  trigger("shower");
  EXPECT_TRUE(legal(A(Kind::Place, sq(2, 2), 0, 2)));
  EXPECT_FALSE(legal(A(Kind::Place, sq(2, 2), 0, 3)));
  play(A(Kind::Place, sq(2, 2), 0, 1));
  EXPECT_EQ(at(2, 2).level, 2);
}

// "Tornade : Un élémentaire d'Air gagne jusqu'à trois niveaux".
TEST_F(ElemMasterChoices, TornadoGainsOneToThree) {
  put(2, 2, 0, kAir, 1);
  trigger("tornado");
  EXPECT_TRUE(legal(A(Kind::Place, sq(2, 2), 0, 3)));
  play(A(Kind::Place, sq(2, 2), 0, 2));
  EXPECT_EQ(at(2, 2).level, 3);
}

// "Etoile filante : Un élémentaire de Feu de votre choix effectue jusqu'à 3 déplacements successifs
// dans une même direction": it may stop after one or two.
TEST_F(ElemMasterChoices, ShootingStarMayStopEarly) {
  put(2, 0, 1, kFire, 1);  // an opponent's Fire may be chosen too
  trigger("shooting_star");
  place(2, 0);
  EXPECT_TRUE(legal(A(Kind::Place, 2, 0, 3)));
  play(A(Kind::Place, 2, 0, 1));
  EXPECT_EQ(at(2, 1).element, kFire);
  EXPECT_EQ(at(2, 0).owner, -1);
}

// "Secousse sismique : Remplacez jusqu'à deux cartes Evènement disponibles par de nouveaux
// évènements faces cachées. Ils seront dévoilés et utilisables au début de votre prochain tour."
TEST_F(ElemMasterChoices, TremorReplacesTheCardsChosenFaceDown) {
  state->setEventSlot(1, event("spring"));
  state->setEventSlot(2, event("summer"));
  state->setEventSlot(3, event("autumn"));
  put(2, 2, 1, kEarth, 1);
  trigger("tremor");
  ASSERT_EQ(state->pending().kind, PendingKind::PickTremor);
  EXPECT_FALSE(legal(A(Kind::Stop)));  // at least one
  play(A(Kind::Place, 3));
  EXPECT_TRUE(legal(A(Kind::Stop)));   // "jusqu'à deux": may stop at one
  play(A(Kind::Stop));
  EXPECT_EQ(state->eventSlot(1), event("spring"));
  EXPECT_EQ(state->eventSlot(2), event("summer"));
  EXPECT_TRUE(state->slotHidden(3));
  endTurn();
  state->setActionPoints(3);
  EXPECT_FALSE(legal(A(Kind::Event, 3)));  // face down for the opponent's turn
  endTurn();
  EXPECT_FALSE(state->slotHidden(3));      // revealed at the start of player 0's next turn
}

// "La vague : ... il peut entraîner avec lui les élémentaires d'Eau de niveau inférieur ou égal":
// the player chooses which of them join.
TEST_F(ElemMasterChoices, WaveMembersAreChosen) {
  put(2, 2, 0, kWater, 2);
  put(2, 1, 0, kWater, 1);
  put(2, 3, 0, kWater, 1);
  play(A(Kind::Wave, sq(2, 2), 4, 0 | 1 << 1));  // only the western Water joins, south
  EXPECT_EQ(at(3, 1).level, 1);
  EXPECT_EQ(at(3, 2).level, 2);
  EXPECT_EQ(at(2, 3).level, 1);  // stayed
  EXPECT_EQ(at(3, 3).owner, -1);
}

// "Démoniste : ... sacrifier l'un de vos élémentaires et invoquer à sa place un élémentaire de Feu
// de niveau 1": the new Fire is not marked, so it may act this turn.
TEST_F(ElemMasterChoices, WarlockFireIsNotMarked) {
  state->setSpecialty(0, specialty("warlock"));
  put(3, 2, 0, kWater, 2);
  put(3, 3, 1, kEarth, 1);
  play(A(Kind::Sacrifice, sq(3, 2)));
  EXPECT_FALSE(at(3, 2).flags & kPlayed);
  EXPECT_TRUE(legal(A(Kind::Attack, sq(3, 2), sq(3, 3))));
}

}  // namespace wb::rulesets::elem_master::testing
