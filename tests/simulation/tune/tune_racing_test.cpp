// The racing helpers of the tuner's search (tune_racing.h): successive
// halving, the shrinkage of noisy effects, and a knob's reach.
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
