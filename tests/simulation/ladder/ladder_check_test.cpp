// The ladder's agreement check (simulation/ladder/ladder_check.h):
// point orders that differ inside overlapping 95% intervals are ties, not
// disagreements; a pair both agents separate the opposite way round is one.
#include <gtest/gtest.h>

#include "simulation/ladder/ladder_check.h"

using namespace wb::sim;

namespace {

Finding faction(const std::string& name, double value, double lo, double hi) {
  Finding f;
  f.id = "faction:" + name;
  f.label = "faction " + name;
  f.value = value;
  f.ci = Interval{lo, hi};
  f.fair = 0.25;
  return f;
}

AgentConclusions withFactions(std::vector<Finding> factions) {
  AgentConclusions c;
  c.factions = std::move(factions);
  return c;
}

const OrderComparison& factionsOf(const AgreementCheck& c) {
  for (const OrderComparison& o : c.orders)
    if (o.what == "factions") return o;
  static const OrderComparison none;
  ADD_FAILURE() << "no faction comparison";
  return none;
}

}  // namespace

TEST(LadderCheck, OverlappingIntervalsAreTiesNotDisagreements) {
  // The numbers of a 200-game ElemenZ ladder: the point orders of
  // the two weakest differ (tau 0.33), but water and fire overlap under both.
  const AgentConclusions greedy = withFactions({faction("earth", 0.408, 0.378, 0.439), faction("air", 0.21, 0.186, 0.236),
                                                faction("fire", 0.18, 0.158, 0.205), faction("water", 0.154, 0.133, 0.178)});
  const AgentConclusions planner = withFactions({faction("earth", 0.383, 0.353, 0.414), faction("air", 0.24, 0.215, 0.268),
                                                 faction("water", 0.20, 0.176, 0.226), faction("fire", 0.175, 0.153, 0.20)});
  const AgreementCheck c = agreementCheck(0, 1, greedy, planner);
  EXPECT_TRUE(c.agrees());
  const OrderComparison& f = factionsOf(c);
  EXPECT_EQ(f.pairs, 6);
  EXPECT_EQ(f.opposite, 0);
  EXPECT_EQ(f.sameSeparated, 3);  // earth above each of the others under both
  EXPECT_EQ(f.tied, 3);
  EXPECT_EQ(orderWithTies(planner.factions), "earth > air ~ water ~ fire");
}

TEST(LadderCheck, APairSeparatedTheOppositeWayIsADisagreement) {
  const AgentConclusions a = withFactions({faction("fire", 0.40, 0.37, 0.43), faction("earth", 0.20, 0.18, 0.22)});
  const AgentConclusions b = withFactions({faction("earth", 0.45, 0.42, 0.48), faction("fire", 0.17, 0.15, 0.19)});
  const AgreementCheck c = agreementCheck(0, 1, a, b);
  EXPECT_FALSE(c.agrees());
  const OrderComparison& f = factionsOf(c);
  EXPECT_EQ(f.opposite, 1);
  ASSERT_EQ(f.conflicts.size(), 1u);
  EXPECT_EQ(f.conflicts.front(), "fire above earth: 40.0% [37.0, 43.0] vs 20.0% [18.0, 22.0], then 17.0% [15.0, 19.0] vs 45.0% [42.0, 48.0]");
}

TEST(LadderCheck, ASeparationUnderOnlyOneAgentIsATie) {
  const AgentConclusions a = withFactions({faction("fire", 0.40, 0.37, 0.43), faction("earth", 0.20, 0.18, 0.22)});
  const AgentConclusions b = withFactions({faction("earth", 0.31, 0.27, 0.35), faction("fire", 0.29, 0.25, 0.33)});
  const AgreementCheck c = agreementCheck(0, 1, a, b);
  EXPECT_TRUE(c.agrees());
  EXPECT_EQ(factionsOf(c).tied, 1);
}

TEST(LadderCheck, AFirstSideAdvantageThatReversesIsADisagreement) {
  AgentConclusions a, b;
  a.firstSide.label = b.firstSide.label = "first player";
  a.firstSide.category = 1;
  b.firstSide.category = -1;
  EXPECT_FALSE(agreementCheck(0, 1, a, b).agrees());
  b.firstSide.category = 0;  // not significant under one of them: no disagreement
  EXPECT_TRUE(agreementCheck(0, 1, a, b).agrees());
}
