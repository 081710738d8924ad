// The racing helpers of the tuner's search (tune_racing.h): successive
// halving, the shrinkage of noisy effects, a knob's reach and its entity, and
// the entities' own knobs for missed use targets.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "simulation/tune/tune_racing.h"

using namespace wb;

TEST(TuneRacing, HalvingKeepsTheBetterHalfByKeyInOrder) {
  // Five racing: the better three stay (half rounded up), compared key by key.
  std::vector<sim::RaceEntry> racing = {
      {10, {0.3, 1}}, {11, {0.0, 2}}, {12, {0.0, 1}}, {13, {0.5, 1}}, {14, {0.1, 1}}};
  std::vector<std::size_t> dropped = sim::halveRace(racing, 2);
  std::sort(dropped.begin(), dropped.end());
  EXPECT_EQ(dropped, (std::vector<std::size_t>{10, 13}));
}

TEST(TuneRacing, HalvingNeverDropsTheFewestItKeeps) {
  std::vector<sim::RaceEntry> racing = {{0, {3}}, {1, {1}}, {2, {2}}};
  EXPECT_EQ(sim::halveRace(racing, 3), std::vector<std::size_t>{});
  EXPECT_EQ(sim::halveRace(racing, 1), (std::vector<std::size_t>{0}));  // two of three stay
  EXPECT_TRUE(sim::halveRace({}, 2).empty());
}

TEST(TuneRacing, HalvingKeepsTiesInTheirOrder) {
  std::vector<sim::RaceEntry> racing = {{7, {1}}, {8, {1}}, {9, {1}}, {6, {1}}};
  EXPECT_EQ(sim::halveRace(racing, 1), (std::vector<std::size_t>{9, 6}));
}

TEST(TuneRacing, PooledVarianceWeighsByBlocksAndSkipsWhatSaysNothing) {
  // se^2 * n is the per-block variance: 0.04 * 4 = 0.16 on 4 blocks (3 degrees
  // of freedom), 0.01 * 16 = 0.16 on 16 (15): pooled 0.16. A one-block
  // estimate and an exact 0 (identical games) do not count.
  const std::vector<sim::Estimate> xs = {
      {0.3, {}, 0.2, 4}, {-0.1, {}, 0.1, 16}, {5.0, {}, 9.0, 1}, {0.0, {}, 0.0, 64}};
  EXPECT_NEAR(sim::pooledBlockVariance(xs), 0.16, 1e-12);
  // 0.25 per block on 2 blocks (1 df) and 0.01 on 11 (10 df): (0.25 + 0.1) / 11.
  const std::vector<sim::Estimate> ys = {{1.0, {}, std::sqrt(0.125), 2}, {1.0, {}, std::sqrt(0.01 / 11), 11}};
  EXPECT_NEAR(sim::pooledBlockVariance(ys), (0.25 + 0.1) / 11, 1e-12);
  EXPECT_EQ(sim::pooledBlockVariance({}), 0.0);
}

TEST(TuneRacing, ShrinkageKeepsAClearEffectAndHalvesANoisyOne) {
  // A clear effect (10 standard errors) keeps 100/101 of itself.
  const sim::Estimate clear = sim::shrinkEffect({1.0, {}, 0.1, 64}, 0.0);
  EXPECT_NEAR(clear.value, 100.0 / 101.0, 1e-12);
  EXPECT_EQ(clear.se, 0.1);
  // One standard error from 0: half, sign kept.
  EXPECT_NEAR(sim::shrinkEffect({-0.2, {}, 0.2, 16}, 0.0).value, -0.1, 1e-12);
  // A four-block estimate whose four pairs happened to agree (se 0) is not
  // taken as exact: its se is floored by the pooled spread, 0.16 per block
  // -> 0.2 on 4 blocks, and 0.2 shrinks to 0.1.
  const sim::Estimate lucky = sim::shrinkEffect({0.2, {}, 0.0, 4}, 0.16);
  EXPECT_NEAR(lucky.se, 0.2, 1e-12);
  EXPECT_NEAR(lucky.value, 0.1, 1e-12);
  // The floor does not raise a larger se, and an exact 0 stays exact.
  EXPECT_EQ(sim::shrinkEffect({0.2, {}, 0.5, 4}, 0.16).se, 0.5);
  const sim::Estimate none = sim::shrinkEffect({0.0, {}, 0.0, 8}, 0.16);
  EXPECT_EQ(none.value, 0.0);
  EXPECT_EQ(none.se, 0.0);
}

TEST(TuneRacing, AKnobUnderAnEntityReachesThatEntityAParameterTheGame) {
  EXPECT_TRUE(sim::entityKnob("cards.gambling.cost"));
  EXPECT_TRUE(sim::entityKnob("abilities.oracle.effects.0.cost"));
  EXPECT_FALSE(sim::entityKnob("parameters.free_gold_per_turn"));
  EXPECT_FALSE(sim::entityKnob("cards"));
  EXPECT_FALSE(sim::entityKnob("nosuchsection.x.cost"));
}

TEST(TuneRacing, InteractionPairsJoinTheBestSinglesOnDistinctKnobsEachOnce) {
  // Singles on knobs 4, 4, 7, 9 (best first): the two on knob 4 never pair.
  using P = std::pair<std::size_t, std::size_t>;
  EXPECT_EQ(sim::interactionPairs({4, 4, 7, 9}, 10), (std::vector<P>{{0, 2}, {1, 2}, {0, 3}, {1, 3}, {2, 3}}));
  // At most `most`, the best singles' pairs first.
  EXPECT_EQ(sim::interactionPairs({4, 7, 9}, 2), (std::vector<P>{{0, 1}, {0, 2}}));
  EXPECT_TRUE(sim::interactionPairs({4}, 3).empty());
  EXPECT_TRUE(sim::interactionPairs({4, 4}, 3).empty());
}

TEST(TuneRacing, AKnobUnderAnEntitysNodeBelongsToThatEntity) {
  EXPECT_EQ(sim::knobEntity("cards.gambling.cost"), "gambling");
  EXPECT_EQ(sim::knobEntity("abilities.oracle.effects.0.cost"), "oracle");
  EXPECT_EQ(sim::knobEntity("parameters.free_gold_per_turn"), "");
  EXPECT_EQ(sim::knobEntity("cards.gambling"), "");  // the entity itself, not a value under it
  EXPECT_EQ(sim::knobEntity("cards..cost"), "");
  EXPECT_EQ(sim::knobEntity("nosuchsection.x.cost"), "");
  EXPECT_EQ(sim::knobEntity(""), "");
}

TEST(TuneRacing, AnEntitysOwnLevelIsTheSmallestPredictedMissThenTheSmallestMove) {
  // Gambling's cost 18 over [3, 7, 12, 18]: 12 falls short, 7 and 3 are
  // predicted to meet the target; the smaller move (7) is tried first.
  std::vector<sim::OwnedLevel> levels = {{4, 0, 3, 0.0}, {4, 1, 2, 0.0}, {4, 2, 1, 0.4}};
  sim::OwnedLevel out;
  ASSERT_TRUE(sim::firstOwnedLevel(levels, 1.0, out));
  EXPECT_EQ(out.level, 1u);
  // A smaller predicted miss comes before a smaller move.
  levels = {{4, 2, 1, 0.4}, {4, 0, 3, 0.1}};
  ASSERT_TRUE(sim::firstOwnedLevel(levels, 1.0, out));
  EXPECT_EQ(out.level, 0u);
  // Equal misses and moves: the first listed (the knobs' order).
  levels = {{5, 1, 1, 0.0}, {4, 1, 1, 0.0}};
  ASSERT_TRUE(sim::firstOwnedLevel(levels, 1.0, out));
  EXPECT_EQ(out.knob, 5u);
  // No level predicted to do better than staying: nothing is tried.
  levels = {{4, 2, 1, 1.0}, {4, 3, 1, 1.5}};
  EXPECT_FALSE(sim::firstOwnedLevel(levels, 1.0, out));
  EXPECT_FALSE(sim::firstOwnedLevel({}, 1.0, out));
}

TEST(TuneRacing, TheEntitiesOwnEditsAreRacedTogetherAndWithTheLevelsNextToThem) {
  // Three cards priced out (knobs 1, 2, 3 at level 3): chosen levels 0, 0, 1.
  const std::vector<sim::Edit> chosen = {{1, 0}, {2, 0}, {3, 1}};
  const std::vector<sim::Edit> nearer = {{1, 1}, {2, 1}, {3, 2}};
  const std::vector<sim::Edit> further = {{1, 0}, {2, 0}, {3, 0}};  // 1 and 2 at the domain's end
  const auto sets = sim::ownedVariants(chosen, nearer, further);
  using E = std::vector<sim::Edit>;
  EXPECT_EQ(sets, (std::vector<E>{{{1, 0}, {2, 0}, {3, 1}},
                                  {{1, 1}, {2, 0}, {3, 1}},
                                  {{1, 0}, {2, 1}, {3, 1}},
                                  {{1, 0}, {2, 0}, {3, 2}},
                                  {{1, 1}, {2, 1}, {3, 2}},
                                  {{1, 0}, {2, 0}, {3, 0}}}));
  // One entity, a one-step move that cannot come nearer: the edit, and the one further.
  EXPECT_EQ(sim::ownedVariants({{7, 2}}, {{7, 2}}, {{7, 3}}), (std::vector<E>{{{7, 2}}, {{7, 3}}}));
  EXPECT_TRUE(sim::ownedVariants({}, {}, {}).empty());
}
