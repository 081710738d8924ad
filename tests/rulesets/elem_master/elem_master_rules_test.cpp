// Elem Master rule tests from scripted positions (seed file 002, French rules;
// each test names the section it checks). Board: 6x6, savanna everywhere unless
// set, player 0 to play with 3 action points (PA).
#include "tests/rulesets/elem_master/elem_master_fixture.h"

namespace wb::rulesets::elem_master::testing {

// "La croissance": +1 level on the element's terrain for 1 PA, then marked (X).
TEST_F(ElemMasterScript, GrowthOnItsTerrainAddsALevelAndMarks) {
  keepAlive();
  state->setTerrain(sq(2, 2), terrain("forest"));
  put(2, 2, 0, kEarth, 1);
  put(3, 3, 0, kWater, 1);  // savanna: Water cannot grow here
  const int reserve = state->player(0).reserve[kEarth];
  EXPECT_FALSE(legal(A(Kind::Grow, sq(3, 3))));
  play(A(Kind::Grow, sq(2, 2)));
  EXPECT_EQ(at(2, 2).level, 2);
  EXPECT_TRUE(at(2, 2).flags & kPlayed);
  EXPECT_EQ(state->actionPoints(), 2);
  EXPECT_EQ(state->player(0).reserve[kEarth], reserve - 1);
  EXPECT_FALSE(legal(A(Kind::Grow, sq(2, 2))));  // marked: one action per elemental
}

// "La croissance ... Cas particulier": Air is not marked after growth; never above level 3.
TEST_F(ElemMasterScript, AirGrowthDoesNotMarkAndLevelCapsAtThree) {
  keepAlive();
  state->setTerrain(sq(2, 2), terrain("mountain"));
  put(2, 2, 0, kAir, 2);
  play(A(Kind::Grow, sq(2, 2)));
  EXPECT_EQ(at(2, 2).level, 3);
  EXPECT_FALSE(at(2, 2).flags & kPlayed);
  EXPECT_FALSE(legal(A(Kind::Grow, sq(2, 2))));  // level 3 is the cap
}

// "Le déplacement": a whole move to an empty square marks the elemental.
TEST_F(ElemMasterScript, WholeMoveMarks) {
  keepAlive();
  put(2, 2, 0, kFire, 2);
  play(A(Kind::Move, sq(2, 2), sq(3, 3), 2));  // diagonals are adjacent
  EXPECT_EQ(at(2, 2).owner, -1);
  EXPECT_EQ(at(3, 3).level, 2);
  EXPECT_TRUE(at(3, 3).flags & kPlayed);
  EXPECT_EQ(state->actionPoints(), 2);
}

// "Si l'élémentaire est divisé, seule la partie restée sur la case d'origine est marquée".
TEST_F(ElemMasterScript, SplitMarksOnlyThePartLeftBehind) {
  keepAlive();
  put(2, 2, 0, kFire, 3);
  play(A(Kind::Move, sq(2, 2), sq(2, 3), 1));
  EXPECT_EQ(at(2, 2).level, 2);
  EXPECT_TRUE(at(2, 2).flags & kPlayed);
  EXPECT_EQ(at(2, 3).level, 1);
  EXPECT_FALSE(at(2, 3).flags & kPlayed);
}

// Merge: "tout jeton excédant le niveau 3 est retiré"; the merged elemental is not marked.
TEST_F(ElemMasterScript, MergeReturnsTheExcessToTheReserve) {
  keepAlive();
  put(2, 2, 0, kFire, 2);
  put(2, 3, 0, kFire, 2);
  const int reserve = state->player(0).reserve[kFire];
  play(A(Kind::Move, sq(2, 2), sq(2, 3), 2));
  EXPECT_EQ(at(2, 3).level, 3);
  EXPECT_FALSE(at(2, 3).flags & kPlayed);
  EXPECT_EQ(at(2, 2).owner, -1);
  EXPECT_EQ(state->player(0).reserve[kFire], reserve + 1);
  put(3, 3, 1, kWater, 1);
  EXPECT_FALSE(legal(A(Kind::Move, sq(2, 3), sq(3, 3), 1)));  // not onto an opponent
}

// "Un élémentaire d'Air peut effectuer deux déplacements successifs en ne consommant qu'un seul PA", unmarked.
TEST_F(ElemMasterScript, AirMovesTwiceForOneActionPoint) {
  keepAlive();
  put(2, 2, 0, kAir, 1);
  play(A(Kind::Move, sq(2, 2), sq(2, 3), 1));
  EXPECT_EQ(state->actionPoints(), 2);
  play(A(Kind::Move, sq(2, 3), sq(3, 4), 1));
  EXPECT_EQ(state->actionPoints(), 2);  // the second move was free
  EXPECT_FALSE(at(3, 4).flags & kPlayed);
  play(A(Kind::Move, sq(3, 4), sq(3, 3), 1));  // a new pair costs a PA again
  EXPECT_EQ(state->actionPoints(), 1);
}

// "L'attaque": Fire burns Earth; the loser loses a level, the source gains one and is marked.
TEST_F(ElemMasterScript, FireBurnsEarth) {
  keepAlive();
  put(2, 2, 0, kFire, 1);
  put(2, 3, 1, kEarth, 2);
  play(A(Kind::Attack, sq(2, 2), sq(2, 3)));
  EXPECT_EQ(at(2, 3).level, 1);
  EXPECT_EQ(at(2, 2).level, 2);
  EXPECT_TRUE(at(2, 2).flags & kPlayed);
}

// "Quand un élémentaire est la source d'une attaque qui fait disparaître l'élémentaire ciblé, il prend sa place."
TEST_F(ElemMasterScript, SourceTakesTheSquareOfADestroyedTarget) {
  keepAlive();
  put(2, 2, 0, kFire, 3);
  put(2, 3, 1, kAir, 1);
  play(A(Kind::Attack, sq(2, 2), sq(2, 3)));
  EXPECT_EQ(at(2, 2).owner, -1);
  EXPECT_EQ(at(2, 3).owner, 0);
  EXPECT_EQ(at(2, 3).element, kFire);
  EXPECT_EQ(at(2, 3).level, 3);  // level 3: no gain ("niveau 1 ou 2")
}

// The gain needs a token of that element in the reserve.
TEST_F(ElemMasterScript, NoGainWithoutAReserveToken) {
  keepAlive();                    // 1 Fire of player 0 on the board
  put(2, 2, 0, kFire, 2);
  put(4, 4, 0, kFire, 3);         // 6 Fire tokens in play: reserve empty
  put(2, 3, 1, kEarth, 2);
  EXPECT_EQ(state->player(0).reserve[kFire], 0);
  play(A(Kind::Attack, sq(2, 2), sq(2, 3)));
  EXPECT_EQ(at(2, 3).level, 1);
  EXPECT_EQ(at(2, 2).level, 2);
}

// "L'Eau éteint le Feu", "La Terre absorbe l'Eau", "Le Feu consume l'Air";
// "la Terre et l'Eau ne peuvent pas attaquer (ni être attaquées par) l'Air".
TEST_F(ElemMasterScript, ElementRelations) {
  keepAlive();
  put(2, 2, 0, kWater, 1);
  put(2, 3, 1, kFire, 2);
  put(3, 2, 1, kAir, 1);
  put(1, 1, 1, kEarth, 1);
  EXPECT_TRUE(legal(A(Kind::Attack, sq(2, 2), sq(2, 3))));
  EXPECT_TRUE(legal(A(Kind::Attack, sq(2, 2), sq(1, 1))));   // Water attacks Earth: Water loses
  EXPECT_FALSE(legal(A(Kind::Attack, sq(2, 2), sq(3, 2))));  // Water and Air: no relation
  play(A(Kind::Attack, sq(2, 2), sq(2, 3)));
  EXPECT_EQ(at(2, 3).level, 1);
  EXPECT_EQ(at(2, 2).level, 2);
  put(2, 1, 0, kEarth, 1);
  EXPECT_FALSE(legal(A(Kind::Attack, sq(2, 1), sq(3, 2))));  // Earth and Air: no relation
  EXPECT_FALSE(legal(A(Kind::Attack, sq(2, 1), sq(1, 1))));  // Earth vs Earth: no relation either
}

// "l'attaque peut tout à fait être initiée par l'élémentaire perdant" (converting own troops).
TEST_F(ElemMasterScript, TheLoserMayStartTheAttack) {
  keepAlive();
  put(2, 2, 0, kEarth, 1);
  put(2, 3, 0, kFire, 1);
  play(A(Kind::Attack, sq(2, 2), sq(2, 3)));
  EXPECT_EQ(at(2, 2).owner, -1);
  EXPECT_EQ(at(2, 3).level, 2);
}

// "Le sous-terrain": Earth joins an allied Earth two squares away, ignoring obstacles.
TEST_F(ElemMasterScript, UndergroundJoinsAnEarthTwoSquaresAway) {
  keepAlive();
  put(2, 2, 0, kEarth, 2);
  put(2, 3, 1, kFire, 1);  // obstacle in between
  put(2, 4, 0, kEarth, 1);
  play(A(Kind::Underground, sq(2, 2), sq(2, 4), 1));
  EXPECT_EQ(at(2, 4).level, 2);
  EXPECT_EQ(at(2, 2).level, 1);
  EXPECT_TRUE(at(2, 2).flags & kPlayed);
}

// "Le brasier": a level-3 Fire splits in three onto two adjacent squares with one action.
TEST_F(ElemMasterScript, BlazeSplitsALevelThreeFire) {
  keepAlive();
  put(2, 2, 0, kFire, 3);
  EXPECT_FALSE(legal(A(Kind::Blaze, sq(5, 1), sq(4, 1), sq(4, 2))));  // level 1 cannot
  play(A(Kind::Blaze, sq(2, 2), sq(1, 1), sq(3, 3)));
  EXPECT_EQ(at(2, 2).level, 1);
  EXPECT_EQ(at(1, 1).level, 1);
  EXPECT_EQ(at(3, 3).level, 1);
  EXPECT_EQ(at(3, 3).element, kFire);
  EXPECT_EQ(state->actionPoints(), 2);
}

// "La vague": the Water next to it (level <= source) moves too; only the source is marked;
// "la direction de la vague ne peut pas être dirigée sur l'axe formé par la ligne d'élémentaires".
TEST_F(ElemMasterScript, WaveMovesTheLineOffItsAxis) {
  keepAlive();
  put(2, 2, 0, kWater, 2);
  put(2, 3, 0, kWater, 1);
  put(2, 1, 0, kWater, 1);
  EXPECT_FALSE(legal(A(Kind::Wave, sq(2, 2), 2, 0 | 3 << 1)));  // east, along the horizontal line
  play(A(Kind::Wave, sq(2, 2), 4, 0 | 3 << 1));                  // south, both neighbours join
  EXPECT_EQ(at(3, 1).level, 1);
  EXPECT_EQ(at(3, 2).level, 2);
  EXPECT_EQ(at(3, 3).level, 1);
  EXPECT_TRUE(at(3, 2).flags & kPlayed);
  EXPECT_FALSE(at(3, 3).flags & kPlayed);
  EXPECT_EQ(state->actionPoints(), 2);
}

TEST_F(ElemMasterScript, WaveCanAttackWithSeveralWaters) {
  keepAlive();
  put(2, 2, 0, kWater, 1);
  put(3, 2, 0, kWater, 1);
  put(2, 3, 1, kFire, 1);
  put(3, 3, 1, kFire, 2);
  play(A(Kind::Wave, sq(2, 2), 2, 1 | 2 << 1));  // vertical line (the Water below joins), east
  EXPECT_EQ(at(2, 3).owner, 0);         // the Fire disappeared, the Water took its square
  EXPECT_EQ(at(3, 3).level, 1);
  EXPECT_EQ(at(3, 3).owner, 1);
  EXPECT_EQ(at(3, 2).level, 2);
}

// "Le souffle": 1-3 Air tokens push an adjacent elemental that many squares, without PA.
TEST_F(ElemMasterScript, BreathPushesWithoutActionPoints) {
  keepAlive();
  put(2, 1, 0, kAir, 2);
  put(2, 2, 1, kFire, 1);
  play(A(Kind::Breath, sq(2, 1), sq(2, 2), 2));
  EXPECT_EQ(at(2, 4).owner, 1);
  EXPECT_EQ(at(2, 2).owner, -1);
  EXPECT_EQ(at(2, 1).owner, -1);  // both Air tokens consumed
  EXPECT_EQ(state->actionPoints(), 3);
}

// "Si un autre élémentaire fait obstacle ... attaque ou fusion".
TEST_F(ElemMasterScript, BreathIntoAnObstacleAttacksOrMerges) {
  keepAlive();
  put(2, 1, 0, kAir, 3);
  put(2, 2, 0, kFire, 1);
  put(2, 3, 1, kEarth, 1);
  play(A(Kind::Breath, sq(2, 1), sq(2, 2), 1));
  EXPECT_EQ(at(2, 3).owner, 0);  // the Fire burned the Earth and took its square
  EXPECT_EQ(at(2, 3).element, kFire);
  EXPECT_EQ(at(2, 3).level, 2);
  EXPECT_TRUE(at(2, 1).flags & kPlayed);
  EXPECT_FALSE(at(2, 3).flags & kPlayed);  // the pushed elemental is not marked
  put(3, 1, 0, kAir, 1);
  put(3, 2, 0, kWater, 1);
  put(3, 3, 0, kWater, 1);
  play(A(Kind::Breath, sq(3, 1), sq(3, 2), 1));
  EXPECT_EQ(at(3, 3).level, 2);  // merged
  EXPECT_EQ(at(3, 2).owner, -1);
}

// "Désert": a Water elemental entering loses a level.
TEST_F(ElemMasterScript, DesertDrainsWater) {
  keepAlive();
  state->setTerrain(sq(2, 3), terrain("desert"));
  put(2, 2, 0, kWater, 2);
  play(A(Kind::Move, sq(2, 2), sq(2, 3), 2));
  EXPECT_EQ(at(2, 3).level, 1);
}

// "Canyon": Air moves one square per action there and its breath costs 1 PA.
TEST_F(ElemMasterScript, CanyonSlowsAir) {
  keepAlive();
  state->setTerrain(sq(2, 2), terrain("canyon"));
  put(2, 2, 0, kAir, 2);
  put(2, 3, 1, kFire, 1);
  play(A(Kind::Breath, sq(2, 2), sq(2, 3), 1));
  EXPECT_EQ(state->actionPoints(), 2);
  put(3, 2, 0, kAir, 1);
  state->setTerrain(sq(3, 2), terrain("canyon"));
  play(A(Kind::Move, sq(3, 2), sq(3, 3), 1));
  EXPECT_EQ(state->actionPoints(), 1);
  play(A(Kind::Move, sq(3, 3), sq(3, 4), 1));  // no free second move after leaving a canyon
  EXPECT_EQ(state->actionPoints(), 0);
}

// "Jungle": growth there immobilises the elemental during its owner's next turn.
TEST_F(ElemMasterScript, JungleGrowthImmobilisesForTheNextTurn) {
  keepAlive();
  state->setTerrain(sq(2, 2), terrain("jungle"));
  put(2, 2, 0, kEarth, 1);
  play(A(Kind::Grow, sq(2, 2)));
  endTurn();
  endTurn();
  EXPECT_EQ(state->currentPlayer(), 0);
  EXPECT_TRUE(at(2, 2).flags & kPlayed);
  EXPECT_FALSE(legal(A(Kind::Move, sq(2, 2), sq(2, 3), 1)));
  endTurn();
  endTurn();
  EXPECT_FALSE(at(2, 2).flags & kPlayed);
}

// "Toundra": no reinforcement from interactions there.
TEST_F(ElemMasterScript, TundraBlocksTheGain) {
  keepAlive();
  state->setTerrain(sq(2, 2), terrain("tundra"));
  put(2, 2, 0, kFire, 1);
  put(2, 3, 1, kEarth, 2);
  play(A(Kind::Attack, sq(2, 2), sq(2, 3)));
  EXPECT_EQ(at(2, 3).level, 1);
  EXPECT_EQ(at(2, 2).level, 1);
}

// "A la fin du tour, tous les marqueurs X des élémentaires appartenant au joueur actif sont retirés."
TEST_F(ElemMasterScript, EndOfTurnClearsTheActivePlayersMarks) {
  keepAlive();
  put(2, 2, 0, kFire, 2);
  play(A(Kind::Move, sq(2, 2), sq(2, 3), 2));
  put(3, 3, 1, kWater, 1, kPlayed);
  endTurn();
  EXPECT_FALSE(at(2, 3).flags & kPlayed);
  EXPECT_TRUE(at(3, 3).flags & kPlayed);  // the other player's marks stay until their turn ends
  EXPECT_EQ(state->currentPlayer(), 1);
  EXPECT_EQ(state->actionPoints(), 3);
}

// "Un joueur est éliminé lorsqu'il ne possède plus aucun élémentaire de Terre".
TEST_F(ElemMasterScript, LosingTheLastEarthEliminates) {
  put(5, 0, 0, kEarth, 1);
  put(4, 4, 1, kFire, 1);
  put(2, 2, 0, kFire, 1);
  put(2, 3, 1, kEarth, 1);
  state->checkEnd();
  ASSERT_FALSE(state->isTerminal());
  play(A(Kind::Attack, sq(2, 2), sq(2, 3)));
  ASSERT_TRUE(state->isTerminal());
  EXPECT_EQ(state->returns(), (std::vector<double>{1.0, 0.0}));
  EXPECT_EQ(at(4, 4).owner, -1);  // "tous ses jetons sont retirés du jeu"
}

// "S'il arrive ... plus aucun élémentaire de Feu": most Earth tokens wins.
TEST_F(ElemMasterScript, NoFireEndCountsEarth) {
  put(5, 0, 0, kEarth, 1);
  put(0, 5, 1, kEarth, 2);
  put(2, 2, 0, kWater, 1);
  put(2, 3, 1, kFire, 1);
  play(A(Kind::Attack, sq(2, 2), sq(2, 3)));
  ASSERT_TRUE(state->isTerminal());
  EXPECT_EQ(state->returns(), (std::vector<double>{0.0, 1.0}));
}

// "En cas d'égalité, on compte les jetons Eau. En cas de nouvelle égalité, on compte les jetons Air."
TEST_F(ElemMasterScript, NoFireTieBreaksOnWaterThenAir) {
  put(5, 0, 0, kEarth, 2);
  put(0, 5, 1, kEarth, 2);
  put(0, 0, 1, kWater, 3);
  put(2, 2, 0, kWater, 1);
  put(2, 3, 1, kFire, 1);
  play(A(Kind::Attack, sq(2, 2), sq(2, 3)));  // player 0: 2 Water after the gain; player 1: 3
  ASSERT_TRUE(state->isTerminal());
  EXPECT_EQ(state->returns(), (std::vector<double>{0.0, 1.0}));

  build({});
  put(5, 0, 0, kEarth, 2);
  put(0, 5, 1, kEarth, 2);
  put(0, 0, 1, kWater, 2);
  put(5, 5, 0, kAir, 1);
  put(2, 2, 0, kWater, 1);
  put(2, 3, 1, kFire, 1);
  play(A(Kind::Attack, sq(2, 2), sq(2, 3)));  // Earth 2-2, Water 2-2, Air 1-0
  ASSERT_TRUE(state->isTerminal());
  EXPECT_EQ(state->returns(), (std::vector<double>{1.0, 0.0}));
}

// "Si l'égalité est parfaite, la partie s'achève sur un match nul."
TEST_F(ElemMasterScript, NoFirePerfectTieIsADraw) {
  put(5, 0, 0, kEarth, 2);
  put(0, 5, 1, kEarth, 2);
  put(0, 0, 1, kWater, 2);
  put(2, 2, 0, kWater, 1);
  put(2, 3, 1, kFire, 1);
  play(A(Kind::Attack, sq(2, 2), sq(2, 3)));
  ASSERT_TRUE(state->isTerminal());
  EXPECT_EQ(state->returns(), (std::vector<double>{0.5, 0.5}));
}

// 2v2: allies face each other (seats 0 and 2); a partner's elimination does not end the game.
TEST_F(ElemMasterScript, TeamsShareTheWin) {
  build({{"four_player_mode", "teams"}}, 4);
  for (int p = 0; p < 4; ++p) state->setSpecialty(p, -1);
  put(9, 2, 0, kEarth, 1);
  put(9, 3, 0, kFire, 1);
  put(2, 0, 1, kEarth, 1);
  put(3, 3, 2, kEarth, 1);
  put(3, 4, 0, kFire, 1);
  state->checkEnd();
  ASSERT_FALSE(state->isTerminal());
  EXPECT_FALSE(state->isEnemy(0, 2));
  EXPECT_TRUE(state->isEnemy(0, 1));
  play(A(Kind::Attack, sq(3, 4), sq(3, 3)));  // player 0 burns its partner's last Earth
  EXPECT_FALSE(state->isTerminal());
  EXPECT_TRUE(state->player(2).eliminated);
  put(2, 1, 0, kFire, 1);
  play(A(Kind::Attack, sq(2, 1), sq(2, 0)));
  ASSERT_TRUE(state->isTerminal());
  // The team is one side (sideOf): both partners get return 1, the eliminated one too.
  EXPECT_EQ(state->returns(), (std::vector<double>{1.0, 0.0, 1.0, 0.0}));
  EXPECT_EQ(state->sideOf(0), state->sideOf(2));
  EXPECT_NE(state->sideOf(0), state->sideOf(1));
  EXPECT_FALSE(state->adjudicated());
}

// Setup: the predefined start is symmetric and the free start puts 12 tokens with an Earth on the
// home rows (played here by random choices of the players).
TEST(ElemMasterSetup, PredefinedAndFreeStarts) {
  for (const char* start : {"predefined", "free"}) {
    for (int trial = 0; trial < 2; ++trial) {
      auto game = makeGame({{"start", start}});
      ASSERT_TRUE(game != nullptr);
      for (int players : {2, 4}) {
        sim::Rng rng(3 + static_cast<std::uint64_t>(trial));
        auto s = game->newGame(sim::GameSetup{players, {}}, rng);
        while (s->phase() != Phase::Play) {
          const std::vector<sim::Action> legal = s->legalActions();
          ASSERT_FALSE(legal.empty());
          ASSERT_TRUE(s->applyAction(legal[static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(legal.size())))], rng));
        }
        for (int p = 0; p < players; ++p) {
          int tokens = 0;
          for (int e = 0; e < kElements; ++e) tokens += s->tokensOnBoard(p, e);
          EXPECT_EQ(tokens, 12) << start << " trial " << trial << " seat " << p;
          EXPECT_GE(s->tokensOnBoard(p, kEarth), 1);
          for (int c = 0; c < s->side() * s->side(); ++c)
            if (s->cell(c).owner == p) {
              EXPECT_LT(s->seatLocalRow(p, c), 2);
            }
        }
      }
    }
  }
}

}  // namespace wb::rulesets::elem_master::testing
