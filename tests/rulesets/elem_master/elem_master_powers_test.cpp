// Elem Master specialties ("Les spécialités") and events ("Les évènements") from
// scripted positions: each one at least once, as the YAML ops define them.
#include "tests/rulesets/elem_master/elem_master_fixture.h"

namespace wb::rulesets::elem_master::testing {

class ElemMasterPowers : public ElemMasterScript {
 protected:
  void SetUp() override {
    build({{"events", "true"}});
    keepAlive();
  }
  void give(const std::string& id) { state->setSpecialty(0, specialty(id)); }
  // Puts the event in slot 0 and triggers it (2 PA).
  void trigger(const std::string& id) {
    state->setEventSlot(0, event(id));
    play(A(Kind::Event, 0));
  }
  void place(int r, int c) { play(A(Kind::Place, sq(r, c))); }
};

// ---------------------------------------------------------------- specialties

TEST_F(ElemMasterPowers, DruidMovesEarthTwiceForOneActionPoint) {
  give("druid");
  put(3, 2, 0, kEarth, 1);
  play(A(Kind::Move, sq(3, 2), sq(3, 3), 1));
  play(A(Kind::Move, sq(3, 3), sq(3, 4), 1));  // marked, but the second move is free
  EXPECT_EQ(state->actionPoints(), 2);
  EXPECT_EQ(at(3, 4).level, 1);
}

TEST_F(ElemMasterPowers, NecromancerSetsLostEarthAsideAndSummonsItBack) {
  give("necromancer");
  put(3, 2, 0, kEarth, 1);
  put(3, 3, 0, kFire, 1);
  play(A(Kind::Attack, sq(3, 3), sq(3, 2)));  // own Fire burns own Earth
  endTurn();
  endTurn();
  ASSERT_EQ(state->pending().kind, PendingKind::SetAside);  // "Mettez de côté jusqu'à 3 jetons"
  play(A(Kind::Place, 1));
  EXPECT_EQ(state->player(0).pool, 1);
  play(A(Kind::Reanimate));
  EXPECT_EQ(state->actionPoints(), 0);
  place(4, 3);  // home rows of seat 0 are rows 4-5
  EXPECT_EQ(at(4, 3).element, kEarth);
  EXPECT_EQ(state->player(0).pool, 0);
}

TEST_F(ElemMasterPowers, WarlockSacrificesForAFire) {
  give("warlock");
  put(3, 2, 0, kWater, 2);
  play(A(Kind::Sacrifice, sq(3, 2)));
  EXPECT_EQ(at(3, 2).element, kFire);
  EXPECT_EQ(at(3, 2).level, 1);
  EXPECT_EQ(state->actionPoints(), 1);
}

TEST_F(ElemMasterPowers, CultistSummonsALevelTwoFireAtHome) {
  give("cultist");
  play(A(Kind::Summon));
  EXPECT_FALSE(legal(A(Kind::Place, sq(2, 2))));  // not a home row
  place(4, 2);
  EXPECT_EQ(at(4, 2).element, kFire);
  EXPECT_EQ(at(4, 2).level, 2);
}

TEST_F(ElemMasterPowers, PriestGainsTwoAgainstEnemyFire) {
  give("priest");
  put(3, 2, 0, kWater, 1);
  put(3, 3, 1, kFire, 2);
  play(A(Kind::Attack, sq(3, 2), sq(3, 3)));
  EXPECT_EQ(at(3, 2).level, 3);
  EXPECT_EQ(at(3, 3).level, 1);
}

TEST_F(ElemMasterPowers, SageWaveMarksNobody) {
  give("sage");
  put(2, 2, 0, kWater, 1);
  put(2, 3, 0, kWater, 1);
  play(A(Kind::Wave, sq(2, 2), 4, 0 | 2 << 1));
  EXPECT_FALSE(at(3, 2).flags & kPlayed);
}

TEST_F(ElemMasterPowers, HealerStrengthensOwnEarthByTwo) {
  give("healer");
  put(3, 2, 0, kWater, 1);
  put(3, 3, 0, kEarth, 1);
  play(A(Kind::Attack, sq(3, 2), sq(3, 3)));
  EXPECT_EQ(at(3, 3).level, 3);
  EXPECT_EQ(at(3, 2).owner, -1);
}

TEST_F(ElemMasterPowers, ShamanGrowsTwice) {
  give("shaman");
  state->setTerrain(sq(3, 2), terrain("forest"));
  put(3, 2, 0, kEarth, 1);
  play(A(Kind::Grow, sq(3, 2)));
  play(A(Kind::Grow, sq(3, 2)));
  EXPECT_EQ(at(3, 2).level, 3);
}

TEST_F(ElemMasterPowers, ConstellationistSummonsThreeMarkedAirsAnywhere) {
  give("constellationist");
  play(A(Kind::Summon));
  place(1, 1);
  EXPECT_TRUE(at(1, 1).flags & kPlayed);
  place(1, 2);
  place(2, 2);  // then the turn ends by itself (no PA left)
  EXPECT_EQ(at(1, 1).element, kAir);
  EXPECT_EQ(at(2, 2).level, 1);
  EXPECT_EQ(state->pending().kind, PendingKind::None);
}

TEST_F(ElemMasterPowers, IllusionistSummonsAnAirThatMovesForFree) {
  give("illusionist");
  play(A(Kind::Summon));
  place(4, 2);
  EXPECT_EQ(at(4, 2).level, 2);
  play(A(Kind::Move, sq(4, 2), sq(3, 2), 2));
  play(A(Kind::Move, sq(3, 2), sq(2, 2), 2));
  EXPECT_EQ(at(2, 2).element, kAir);
}

TEST_F(ElemMasterPowers, GenieDestroysALevelTwoOnce) {
  give("genie");
  put(2, 2, 1, kWater, 2);
  put(2, 3, 1, kWater, 2);
  play(A(Kind::Destroy, sq(2, 2)));
  EXPECT_EQ(at(2, 2).owner, -1);
  EXPECT_FALSE(legal(A(Kind::Destroy, sq(2, 3))));
}

TEST_F(ElemMasterPowers, OracleMovesAndAttacksWithAnEnemy) {
  give("oracle");
  put(2, 2, 1, kFire, 1);
  put(2, 3, 1, kEarth, 1);
  play(A(Kind::OracleAttack, sq(2, 2), sq(2, 3)));  // their Fire burns their Earth
  EXPECT_EQ(at(2, 3).element, kFire);
  EXPECT_FALSE(at(2, 3).flags & kPlayed);
}

TEST_F(ElemMasterPowers, AlchemistTransmutesOneLevelLower) {
  give("alchemist");
  put(2, 2, 1, kFire, 2);
  play(A(Kind::Transmute, sq(2, 2), 0, kWater));
  EXPECT_EQ(at(2, 2).element, kWater);
  EXPECT_EQ(at(2, 2).level, 1);
  EXPECT_EQ(at(2, 2).owner, 1);
}

TEST_F(ElemMasterPowers, TransmuteCapsTheNewLevelAtThree) {
  // "Un élémentaire ne peut pas excéder le niveau 3 ... tout jeton excédant est aussitôt
  // retiré": a level-5 Air (Tornade) transmuted becomes a level-3 Earth, not a level-4 one.
  give("alchemist");
  put(2, 2, 1, kAir, 5);
  ASSERT_TRUE(legal(A(Kind::Transmute, sq(2, 2), 0, kEarth)));
  play(A(Kind::Transmute, sq(2, 2), 0, kEarth));
  EXPECT_EQ(at(2, 2).element, kEarth);
  EXPECT_EQ(at(2, 2).level, 3);
}

TEST_F(ElemMasterPowers, RunistMarksAnEnemyForItsTurn) {
  give("runist");
  put(2, 2, 1, kFire, 1);
  play(A(Kind::RuneMark, sq(2, 2)));
  endTurn();
  EXPECT_EQ(state->currentPlayer(), 1);
  EXPECT_FALSE(legal(A(Kind::Move, sq(2, 2), sq(2, 1), 1)));
}

TEST_F(ElemMasterPowers, EnchanterDoublesTheDamage) {
  give("enchanter");
  put(2, 2, 0, kFire, 1);
  put(2, 3, 1, kEarth, 3);
  play(A(Kind::EnchantAttack, sq(2, 2), sq(2, 3)));
  EXPECT_EQ(at(2, 3).level, 1);
  EXPECT_EQ(at(2, 2).level, 2);
}

TEST_F(ElemMasterPowers, MetamorphActsAsAnotherElement) {
  give("metamorph");
  put(2, 2, 0, kEarth, 1);
  put(2, 3, 1, kEarth, 2);
  EXPECT_FALSE(legal(A(Kind::Attack, sq(2, 2), sq(2, 3))));
  play(A(Kind::Morph, sq(2, 2), 0, kFire));
  play(A(Kind::Attack, sq(2, 2), sq(2, 3)));
  EXPECT_EQ(at(2, 3).level, 1);
}

// ---------------------------------------------------------------- events

TEST_F(ElemMasterPowers, EventsCostTwoAndAtMostThreePerPlayer) {
  put(2, 2, 1, kEarth, 1);
  trigger("spring");
  EXPECT_EQ(state->actionPoints(), 1);
  EXPECT_EQ(state->player(0).eventsUsed, 1);
  EXPECT_EQ(state->eventSlot(0), -1);
  // "un joueur ne peut déclencher un évènement que si son effet a une incidence sur le plateau"
  state->setActionPoints(3);
  state->setEventSlot(1, event("frost"));  // no opponent Water: nothing would change
  EXPECT_FALSE(legal(A(Kind::Event, 1)));
}

TEST_F(ElemMasterPowers, SeasonsChangeEveryLevel) {
  put(2, 2, 1, kEarth, 1);
  put(2, 3, 0, kWater, 1);
  trigger("spring");
  EXPECT_EQ(at(2, 2).level, 2);
  state->setActionPoints(3);
  trigger("summer");
  EXPECT_EQ(at(5, 1).level, 2);
  state->setActionPoints(3);
  trigger("autumn");
  EXPECT_EQ(at(2, 2).level, 1);
  endTurn();
  state->setEventSlot(0, event("deluge"));
  play(A(Kind::Event, 0));
  EXPECT_EQ(at(2, 3).level, 2);
}

TEST_F(ElemMasterPowers, WinterAndFrostImmobiliseOpponents) {
  put(2, 2, 1, kFire, 1);
  put(2, 3, 1, kWater, 1);
  trigger("winter");
  state->setActionPoints(3);
  trigger("frost");
  endTurn();
  EXPECT_FALSE(legal(A(Kind::Move, sq(2, 2), sq(1, 1), 1)));
  EXPECT_FALSE(legal(A(Kind::Move, sq(2, 3), sq(1, 3), 1)));
}

TEST_F(ElemMasterPowers, ShowerSunsetAndSnowDouseFire) {
  put(2, 2, 1, kFire, 3);
  put(3, 3, 1, kFire, 2);
  trigger("shower");
  play(A(Kind::Place, sq(2, 2), 0, 2));
  EXPECT_EQ(at(2, 2).level, 1);
  state->setActionPoints(3);
  trigger("sunset");
  place(3, 3);
  play(A(Kind::Stop));
  EXPECT_EQ(at(3, 3).level, 1);
  endTurn();
  state->setEventSlot(0, event("snow"));
  play(A(Kind::Event, 0));
  place(2, 2);  // zone (2,2)-(3,3)
  EXPECT_EQ(at(2, 2).owner, -1);
  EXPECT_EQ(at(3, 3).owner, -1);
}

TEST_F(ElemMasterPowers, ThunderstormTurnsLevelOneEarthIntoFire) {
  put(2, 2, 1, kEarth, 1);
  trigger("thunderstorm");
  EXPECT_EQ(at(2, 2).element, kFire);
  EXPECT_EQ(at(0, 5).element, kEarth);  // level 2 stays
}

TEST_F(ElemMasterPowers, FogForbidsWholeMovesNextTurn) {
  trigger("fog");
  endTurn();
  put(2, 2, 1, kFire, 2);
  EXPECT_FALSE(legal(A(Kind::Move, sq(2, 2), sq(2, 1), 2)));
  EXPECT_TRUE(legal(A(Kind::Move, sq(2, 2), sq(2, 1), 1)));
}

TEST_F(ElemMasterPowers, BreezeBreathesWithoutConsumingTokens) {
  put(2, 2, 0, kAir, 2);
  put(2, 3, 1, kFire, 1);
  trigger("breeze");
  place(2, 2);
  play(A(Kind::Breath, sq(2, 2), sq(2, 3), 2));
  EXPECT_EQ(at(2, 2).level, 2);
  EXPECT_EQ(at(2, 5).element, kFire);
}

TEST_F(ElemMasterPowers, GustsLeaveTheBreatherUnmarked) {
  put(2, 2, 0, kAir, 2);
  put(2, 3, 1, kFire, 1);
  trigger("gusts");
  play(A(Kind::Breath, sq(2, 2), sq(2, 3), 1));
  EXPECT_FALSE(at(2, 2).flags & kPlayed);
}

TEST_F(ElemMasterPowers, StormAndWildfireSummon) {
  trigger("storm");
  EXPECT_FALSE(legal(A(Kind::Place, sq(1, 1))));  // the far half
  place(3, 1);
  EXPECT_EQ(at(3, 1).level, 2);
  state->setActionPoints(3);
  trigger("wildfire");
  place(1, 1);
  EXPECT_EQ(at(1, 1).element, kFire);
}

TEST_F(ElemMasterPowers, HurricaneGivesFourAirMovesNextOwnTurn) {
  put(3, 0, 0, kAir, 1);
  trigger("hurricane");
  endTurn();
  endTurn();
  play(A(Kind::Move, sq(3, 0), sq(2, 0), 1));
  play(A(Kind::Move, sq(2, 0), sq(1, 0), 1));
  play(A(Kind::Move, sq(1, 0), sq(1, 1), 1));
  play(A(Kind::Move, sq(1, 1), sq(1, 2), 1));
  EXPECT_EQ(state->actionPoints(), 2);
}

TEST_F(ElemMasterPowers, TornadoExceedsLevelThree) {
  put(2, 2, 0, kAir, 2);
  trigger("tornado");
  play(A(Kind::Place, sq(2, 2), 0, 3));
  EXPECT_EQ(at(2, 2).level, 5);
}

TEST_F(ElemMasterPowers, FloodLetsWaterGrowAnywhere) {
  put(2, 2, 0, kWater, 1);
  trigger("flood");
  endTurn();
  endTurn();
  play(A(Kind::Grow, sq(2, 2)));  // savanna
  EXPECT_EQ(at(2, 2).level, 2);
}

TEST_F(ElemMasterPowers, HailAndAvalancheHitEarth) {
  put(2, 2, 1, kEarth, 2);
  put(2, 3, 0, kWater, 1);
  trigger("hail");
  place(1, 1);  // zone (1,1)-(2,2)
  EXPECT_EQ(at(2, 2).level, 1);
  put(2, 2, 1, kEarth, 2);
  state->setActionPoints(3);
  trigger("avalanche");
  place(2, 2);
  EXPECT_EQ(at(2, 2).level, 1);
  EXPECT_EQ(at(2, 3).level, 2);
}

TEST_F(ElemMasterPowers, HeatwaveAndDrought) {
  put(2, 2, 0, kFire, 1);
  put(2, 3, 1, kEarth, 3);
  trigger("heatwave");
  endTurn();
  endTurn();
  play(A(Kind::Attack, sq(2, 2), sq(2, 3)));
  EXPECT_EQ(at(2, 2).level, 3);
  state->setActionPoints(3);
  put(3, 3, 1, kWater, 1);
  put(3, 4, 0, kFire, 1);
  trigger("drought");
  endTurn();
  play(A(Kind::Attack, sq(3, 3), sq(3, 4)));  // player 1's Water puts out the Fire, no gain
  EXPECT_EQ(at(3, 4).level, 1);
  EXPECT_EQ(at(3, 4).element, kWater);
}

TEST_F(ElemMasterPowers, MudslideAndRainbowChangeActionPoints) {
  trigger("mudslide");
  EXPECT_EQ(state->actionPoints(), 2);
  endTurn();
  EXPECT_EQ(state->actionPoints(), 1);
  endTurn();
  state->setEventSlot(0, event("rainbow"));
  play(A(Kind::Event, 0));
  endTurn();
  endTurn();
  EXPECT_EQ(state->actionPoints(), 4);
}

TEST_F(ElemMasterPowers, CollapsePlacesVoidWithoutIsolating) {
  put(0, 0, 1, kWater, 1);
  trigger("collapse");
  place(1, 0);
  EXPECT_FALSE(state->usable(sq(1, 0)));
  place(0, 1);  // would wall in the Water with (1,1)? no: (1,1) is still free
  EXPECT_EQ(state->pending().kind, PendingKind::None);
  put(3, 3, 1, kWater, 1);
  state->setActionPoints(3);
  state->setEventSlot(0, event("collapse"));
  play(A(Kind::Event, 0));
  EXPECT_FALSE(legal(A(Kind::Place, sq(1, 1))));  // the Water in the corner would be isolated
}

TEST_F(ElemMasterPowers, AuroraRaisesDifferentElements) {
  put(2, 2, 0, kWater, 1);
  put(2, 3, 1, kWater, 1);
  trigger("aurora");
  place(2, 2);
  EXPECT_FALSE(legal(A(Kind::Place, sq(2, 3))));  // Water already chosen
  place(5, 1);
  play(A(Kind::Stop));
  EXPECT_EQ(at(2, 2).level, 2);
  EXPECT_EQ(at(5, 1).level, 2);
}

TEST_F(ElemMasterPowers, UpToEventsCannotStopBeforeTheFirstPick) {
  // "On ne peut déclencher un évènement que si son effet a une incidence ... (pas 'dans le
  // vide')": Effondrement, Aurore boréale and Coucher de soleil say "jusqu'à", so the player
  // may stop after a pick, not burn the card with none.
  put(3, 3, 1, kFire, 2);
  put(2, 2, 0, kWater, 1);
  for (const char* id : {"collapse", "aurora", "sunset"}) {
    SCOPED_TRACE(id);
    state->setActionPoints(3);
    trigger(id);
    ASSERT_NE(state->pending().kind, PendingKind::None);
    EXPECT_FALSE(legal(A(Kind::Stop)));
    if (std::string(id) == "collapse") place(1, 3);
    if (std::string(id) == "aurora") place(2, 2);
    if (std::string(id) == "sunset") place(3, 3);
    EXPECT_TRUE(legal(A(Kind::Stop)));
    play(A(Kind::Stop));
  }
}

TEST_F(ElemMasterPowers, ShootingStarSlidesAFire) {
  put(2, 0, 0, kFire, 1);
  trigger("shooting_star");
  place(2, 0);
  play(A(Kind::Place, 2, 0, 3));  // east, 3 squares
  EXPECT_EQ(at(2, 3).element, kFire);
}

TEST_F(ElemMasterPowers, FullMoonReplaysAPlayedEvent) {
  put(2, 2, 1, kEarth, 1);
  trigger("spring");
  state->setActionPoints(3);
  trigger("full_moon");
  play(A(Kind::Place, event("spring")));
  EXPECT_EQ(at(2, 2).level, 3);
}

TEST_F(ElemMasterPowers, EclipseAndTremorChangeTheAvailableEvents) {
  state->setEventSlot(1, event("spring"));
  state->setEventSlot(2, event("summer"));
  trigger("eclipse");
  play(A(Kind::Place, 1));
  endTurn();
  EXPECT_FALSE(legal(A(Kind::Event, 1)));  // only player 0 may use it
  EXPECT_TRUE(legal(A(Kind::Event, 2)));
  endTurn();
  state->setEventSlot(0, event("tremor"));
  state->setEventSlot(3, event("autumn"));
  play(A(Kind::Event, 0));
  EXPECT_FALSE(legal(A(Kind::Place, 1)));  // reserved by player 0's Eclipse: not available
  play(A(Kind::Place, 2));
  play(A(Kind::Place, 3));
  EXPECT_NE(state->eventSlot(2), event("summer"));
  EXPECT_EQ(state->eventSlot(1), event("spring"));  // the reserved card stays
}

TEST_F(ElemMasterPowers, TremorNoteSaysThePlayerPicksOneOrTwoCards) {
  // "Remplacez jusqu'à deux cartes Evènement disponibles": the player picks which (here the
  // third card, not the first two) and may stop after one; the YAML's `assumed:` note must
  // say so rather than "the two first other available cards".
  state->setEventSlot(0, event("tremor"));
  state->setEventSlot(1, event("spring"));
  state->setEventSlot(2, event("summer"));
  state->setEventSlot(3, event("autumn"));
  play(A(Kind::Event, 0));
  play(A(Kind::Place, 3));
  ASSERT_TRUE(legal(A(Kind::Stop)));
  play(A(Kind::Stop));
  EXPECT_EQ(state->eventSlot(1), event("spring"));
  EXPECT_EQ(state->eventSlot(2), event("summer"));
  EXPECT_TRUE(state->slotHidden(3));
  const model::Entity* tremor = nullptr;
  for (const model::Entity& e : loadedRuleset().ruleset.entities(model::Section::Events))
    if (e.id == "tremor") tremor = &e;
  ASSERT_NE(tremor, nullptr);
  ASSERT_FALSE(tremor->effects.empty());
  const std::string& note = tremor->effects.front().assumed;
  EXPECT_EQ(note.find("two first"), std::string::npos) << note;
  EXPECT_NE(note.find("picks"), std::string::npos) << note;
  EXPECT_NE(note.find("one or two"), std::string::npos) << note;
}

}  // namespace wb::rulesets::elem_master::testing
