// Elem Master: the rules the engine once got wrong, each on a scripted position that
// cites the French sentence of seed file 002 it checks (Coucher de soleil, Brise,
// elimination at 4 players, Hiver/Gel, Sécheresse, the desert, the random arena).
#include "tests/rulesets/elem_master/elem_master_fixture.h"

namespace wb::rulesets::elem_master::testing {

class ElemMasterRuleErrors : public ElemMasterScript {
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
  // 4 players: an Earth and a Fire for each seat near its own edge.
  void build4(const std::map<std::string, std::string>& overrides) {
    build(overrides, 4);
    for (int p = 0; p < 4; ++p) {
      put(p == 0 ? 9 : p == 2 ? 0 : 4 + p, p == 1 ? 0 : p == 3 ? 9 : 3, p, kEarth, 2);
      put(p == 0 ? 9 : p == 2 ? 0 : 2 + p, p == 1 ? 0 : p == 3 ? 9 : 6, p, kFire, 1);
    }
    state->checkEnd();
  }
};

// "Coucher de soleil : Jusqu'à deux élémentaires de Feu de votre choix perdent un niveau":
// two different elementals, so one Fire cannot be picked twice.
TEST_F(ElemMasterRuleErrors, SunsetHitsTwoDifferentFires) {
  put(2, 2, 1, kFire, 3);
  put(3, 3, 1, kFire, 2);
  trigger("sunset");
  place(2, 2);
  EXPECT_FALSE(legal(A(Kind::Place, sq(2, 2))));
  EXPECT_TRUE(legal(A(Kind::Stop)));
  place(3, 3);
  EXPECT_EQ(at(2, 2).level, 2);
  EXPECT_EQ(at(3, 3).level, 1);
  EXPECT_EQ(state->pending().kind, PendingKind::None);
}

// "Brise : Un élémentaire d'Air de votre choix effectue un souffle (limité par son niveau) sans
// consommer de jeton"; "Les élémentaires affectés par l'effet immédiat d'un évènement ... ne sont
// pas marqués comme joués". The breath happens now, free, and leaves the Air unmarked.
TEST_F(ElemMasterRuleErrors, BreezeBreathesNowFreeAndUnmarked) {
  state->setTerrain(sq(2, 2), terrain("canyon"));
  put(2, 2, 0, kAir, 2);
  put(2, 3, 1, kFire, 1);
  trigger("breeze");
  EXPECT_EQ(state->actionPoints(), 1);
  place(2, 2);
  EXPECT_EQ(state->pending().kind, PendingKind::PickBreezeBreath);
  EXPECT_FALSE(legal(A(Kind::Breath, sq(2, 2), sq(2, 3), 3)));  // limited by its level (2)
  play(A(Kind::Breath, sq(2, 2), sq(2, 3), 2));
  EXPECT_EQ(at(2, 5).element, kFire);
  EXPECT_EQ(at(2, 2).level, 2);             // no token consumed
  EXPECT_FALSE(at(2, 2).flags & kPlayed);   // not marked
  EXPECT_EQ(state->actionPoints(), 1);      // no extra PA on the canyon: the event paid
  EXPECT_EQ(state->pending().kind, PendingKind::None);
}

// "Lorsqu'un joueur est éliminé, tous ses jetons sont retirés du jeu": it stops acting at once.
TEST_F(ElemMasterRuleErrors, EliminatedPlayerStopsActingAtOnce) {
  build4({});
  put(9, 3, 0, kEarth, 1);
  put(8, 3, 0, kFire, 1);
  const int turn = state->turnCount();
  play(A(Kind::Attack, sq(8, 3), sq(9, 3)));  // seat 0 burns its own last Earth
  EXPECT_TRUE(state->player(0).eliminated);
  EXPECT_FALSE(state->isTerminal());
  EXPECT_EQ(state->currentPlayer(), 1);
  EXPECT_EQ(state->turnCount(), turn + 1);
}

// "Hiver : Les élémentaires de Feu adverses sont immobilisés au prochain tour" with "le
// 'prochain tour' désigne celui de l'adversaire du joueur actif": at 4 players only the
// next player's Fire (Gel: Water) is marked.
TEST_F(ElemMasterRuleErrors, WinterAndFrostHitTheNextPlayerOnly) {
  build4({{"events", "true"}});
  trigger("winter");
  EXPECT_TRUE(at(3, 0).flags & kPlayed);    // seat 1's Fire
  EXPECT_FALSE(at(0, 6).flags & kPlayed);   // seat 2's Fire
  EXPECT_FALSE(at(5, 9).flags & kPlayed);   // seat 3's Fire
  put(4, 1, 1, kWater, 1);
  put(4, 8, 3, kWater, 1);
  state->setActionPoints(3);
  trigger("frost");
  EXPECT_TRUE(at(4, 1).flags & kPlayed);
  EXPECT_FALSE(at(4, 8).flags & kPlayed);
}

// "Sécheresse : Durant les deux prochains tours ..." with "les 'deux prochains tours' couvrent
// un tour complet de chaque joueur (en excluant le tour en cours)": 4 turns at 4 players.
TEST_F(ElemMasterRuleErrors, DroughtLastsOneTurnOfEachPlayer) {
  build4({{"events", "true"}});
  put(5, 8, 3, kWater, 1);
  put(5, 7, 0, kFire, 1);
  trigger("drought");
  endTurn();
  endTurn();
  endTurn();
  ASSERT_EQ(state->currentPlayer(), 3);  // the third turn after the card: still dry
  play(A(Kind::Attack, sq(5, 8), sq(5, 7)));
  EXPECT_EQ(at(5, 7).level, 1);  // put out the Fire and took its square, no gain
  endTurn();  // seat 0's turn closes the round; seat 1's next turn is wet again
  endTurn();
  ASSERT_EQ(state->currentPlayer(), 1);
  put(5, 2, 1, kWater, 1);
  put(5, 3, 0, kFire, 1);
  play(A(Kind::Attack, sq(5, 2), sq(5, 3)));
  EXPECT_EQ(at(5, 3).level, 2);
}

// "Désert : ... Les élémentaires d'Eau perdent un niveau lorsqu'ils entrent sur ce terrain":
// entering from another terrain, not stepping inside the desert.
TEST_F(ElemMasterRuleErrors, DesertDrainsWaterOnEntryOnly) {
  for (int c : {2, 3, 4}) state->setTerrain(sq(2, c), terrain("desert"));
  put(2, 2, 0, kWater, 3);
  play(A(Kind::Move, sq(2, 2), sq(2, 3), 3));  // desert to desert
  EXPECT_EQ(at(2, 3).level, 3);
  put(3, 1, 0, kWater, 2);
  state->setTerrain(sq(3, 2), terrain("desert"));
  play(A(Kind::Move, sq(3, 1), sq(3, 2), 2));  // savanna to desert
  EXPECT_EQ(at(3, 2).level, 1);
  put(1, 5, 0, kWater, 2);
  put(2, 4, 0, kWater, 1);
  play(A(Kind::Move, sq(1, 5), sq(2, 4), 2));  // merge: the entering Water loses its level first
  EXPECT_EQ(at(2, 4).level, 2);
}

// "L'arène peut être ... piochée au hasard" and "Les cartes Arène proposent chacune un départ
// prédéfini": the predefined start is the start of the arena drawn.
TEST(ElemMasterArena, RandomArenaUsesTheStartOfTheArenaDrawn) {
  ElemMasterRules rules = sharedGame()->rules();
  rules.arena2 = -1;
  int n = 0;
  for (ArenaDef& a : rules.arenas) {
    if (a.players != 2) continue;
    a.start = {StartToken{0, n, kEarth, 1}, StartToken{1, n, kFire, 1}};  // a different start per arena
    ++n;
  }
  ElemMasterGame game(std::make_shared<const ElemMasterRules>(rules));
  std::vector<int> seen(rules.arenas.size(), 0);
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    sim::Rng rng(seed);
    auto s = game.newGame(sim::GameSetup{2, {}}, rng);
    ASSERT_GE(s->arena(), 0);
    const ArenaDef& a = rules.arenas[static_cast<std::size_t>(s->arena())];
    seen[static_cast<std::size_t>(s->arena())]++;
    const int col = a.start.front().col;
    EXPECT_EQ(s->cell(s->cellOf(5, col)).element, kEarth) << a.id;  // seat 0: back row is row 5
    EXPECT_EQ(s->cell(s->cellOf(4, col)).element, kFire) << a.id;
  }
  int drawn = 0;
  for (int k : seen) drawn += k > 0 ? 1 : 0;
  EXPECT_GE(drawn, 3);
}

}  // namespace wb::rulesets::elem_master::testing

namespace wb::rulesets::elem_master::testing {

// The rules have no end for a game that cycles: a turn-start position seen
// repetition_limit (3) times ends it by the no-Fire count, reported as adjudicated.
TEST_F(ElemMasterScript, RepeatedPositionEndsTheGameAdjudicated) {
  keepAlive();
  put(4, 4, 0, kEarth, 1);  // player 0 has more Earth
  state->checkEnd();
  for (int i = 0; i < 4; ++i) endTurn();
  EXPECT_FALSE(state->isTerminal());  // each turn-start position seen twice
  endTurn();                           // player 1's third time
  ASSERT_TRUE(state->isTerminal());
  EXPECT_TRUE(state->adjudicated());
  EXPECT_EQ(state->returns()[0], 1.0);
  EXPECT_EQ(state->counters().count(1, static_cast<int>(game->rules().specialties.size()) + kCounterRepeated), 1u);
}

// The assumed turn limit ends the game adjudicated too; a win by the rules is not adjudicated.
TEST_F(ElemMasterScript, TurnLimitIsAdjudicatedAndRuleWinsAreNot) {
  build({{"turn_limit", "3"}, {"repetition_limit", "0"}});
  keepAlive();
  for (int i = 0; i < 3; ++i) endTurn();
  ASSERT_TRUE(state->isTerminal());
  EXPECT_TRUE(state->adjudicated());
  // Counted (balance run prints its first game for --replay) for the seat whose turn ended.
  const int limit = static_cast<int>(game->rules().specialties.size()) + kCounterTurnLimit;
  EXPECT_EQ(state->counters().count(0, limit), 1u);
  EXPECT_EQ(state->counters().count(1, limit), 0u);
  build({});
  keepAlive();
  put(2, 2, 0, kFire, 1);
  put(1, 1, 1, kEarth, 1);
  state->putStack(sq(0, 5), -1, 0, 0);  // player 1's only other Earth goes
  play(A(Kind::Attack, sq(2, 2), sq(1, 1)));
  ASSERT_TRUE(state->isTerminal());
  EXPECT_FALSE(state->adjudicated());
}

}  // namespace wb::rulesets::elem_master::testing
