// Dice lab optimal-hold targets: the multiset DP against a
// literal enumeration of dice positions and hold subsets, with free and
// anchored wilds and several alternatives.
#include <gtest/gtest.h>

#include <chrono>

#include "simulation/dice/dice_notation.h"
#include "simulation/dice/target_solver.h"
#include "tests/simulation/dice/brute_force.h"

namespace wb::sim::dice {
namespace {

DieSpec die(const std::string& text) {
  auto p = parsePool("1d" + text, nullptr);
  EXPECT_TRUE(p) << text;
  return p->terms.front().die;
}

// Independent success test: try every way to assign each wild die to a face.
bool bruteSatisfied(const std::vector<std::string>& dice, const std::vector<TargetAlternative>& alts,
                    const std::string& wild, bool anchored) {
  std::vector<std::string> naturals;
  int wilds = 0;
  for (const auto& d : dice) {
    if (!wild.empty() && d == wild) ++wilds;
    naturals.push_back(d);
  }
  for (const auto& alt : alts) {
    std::vector<std::string> choices{wild};  // a wild may stay itself
    for (const auto& [face, n] : alt) choices.push_back(face);
    std::vector<std::size_t> pick(static_cast<std::size_t>(wilds), 0);
    while (true) {
      std::map<std::string, int> count, natural;
      for (const auto& d : naturals)
        if (d != wild || wild.empty()) ++count[d], ++natural[d];
      std::set<std::string> usedAs;
      for (auto c : pick) {
        ++count[choices[c]];
        if (choices[c] != wild) usedAs.insert(choices[c]);
      }
      bool ok = true;
      for (const auto& [face, n] : alt) ok = ok && count[face] >= n;
      if (anchored)
        for (const auto& f : usedAs) ok = ok && natural[f] >= 1;
      if (ok) return true;
      std::size_t i = 0;
      while (i < pick.size() && ++pick[i] == choices.size()) pick[i++] = 0;
      if (i == pick.size()) break;
    }
  }
  return false;
}

struct Case {
  const char* die;
  int dice;
  int rolls;
  const char* target;
  const char* wild;
  bool anchored;
};

TEST(DiceTargetSolver, MatchesBruteForceEnumeration) {
  for (const Case& c : {Case{"{a,b,c,Z}", 3, 2, "a:2", "", false}, Case{"{a,b,c,Z}", 3, 3, "a:2,b:1", "Z", false},
                        Case{"{a,b,c,Z}", 3, 3, "a:2,b:1", "Z", true}, Case{"{a:2,b,Z}", 4, 2, "a:2,b:2|b:3", "Z", true},
                        Case{"{a:2,b,Z}", 4, 3, "a:2,b:2|b:3", "Z", false}, Case{"{a,b,c,d,Z}", 4, 3, "a:3|b:1,c:1,d:1", "Z", true},
                        Case{"4", 4, 3, "4:3", "", false}, Case{"{a,b,c,Z}", 4, 2, "Z:2,a:1", "Z", true},
                        Case{"{a,b,c,Z}", 2, 1, "a:1", "Z", true}}) {
    SCOPED_TRACE(std::string(c.die) + " x" + std::to_string(c.dice) + " target " + c.target);
    DieSpec d = die(c.die);
    auto alts = parseTarget(c.target);
    ASSERT_TRUE(alts);
    std::string error;
    auto solver = TargetSolver::solve(d, c.dice, TargetSpec{*alts, c.rolls, c.wild, c.anchored}, &error);
    ASSERT_TRUE(solver) << error;
    test::BruteTarget brute(d, c.dice, c.rolls, [&](const std::vector<std::string>& dice) {
      return bruteSatisfied(dice, *alts, c.wild, c.anchored);
    });
    EXPECT_NEAR(solver->probability(), brute.value(), 1e-12);
  }
}

TEST(DiceTargetSolver, AnchoredWildIsHarder) {
  DieSpec d = die("{fire:2,earth,water,air,Z}");
  auto alts = parseTarget("fire:2,earth:2|water:3");
  auto freeWild = TargetSolver::solve(d, 7, TargetSpec{*alts, 3, "Z", false});
  auto anchored = TargetSolver::solve(d, 7, TargetSpec{*alts, 3, "Z", true});
  auto none = TargetSolver::solve(d, 7, TargetSpec{*alts, 3, "", false});
  ASSERT_TRUE(freeWild && anchored && none);
  EXPECT_GT(freeWild->probability(), anchored->probability());
  EXPECT_GT(anchored->probability(), none->probability());
}

TEST(DiceTargetSolver, YahtzeeInThreeRolls) {
  // Five of a kind with 5d6 in three rolls, optimal holds: about 4.6% (the
  // well-known 2,783,176 / 60,466,176 = 0.04603).
  auto alts = parseTarget("1:5|2:5|3:5|4:5|5:5|6:5");
  auto s = TargetSolver::solve(DieSpec::standard(6), 5, TargetSpec{*alts, 3, "", false});
  ASSERT_TRUE(s);
  EXPECT_NEAR(s->probability(), 2783176.0 / 60466176.0, 1e-6);
}

TEST(DiceTargetSolver, PolicyHoldsThePairAndNeverHurts) {
  auto alts = parseTarget("6:3");
  auto s = TargetSolver::solve(DieSpec::standard(6), 3, TargetSpec{*alts, 2, "", false});
  ASSERT_TRUE(s);
  int six = s->categoryOf("6"), other = s->categoryOf("(other)");
  ASSERT_GE(six, 0);
  ASSERT_GE(other, 0);
  std::vector<int> showing(s->categories().size(), 0);
  showing[six] = 2;
  showing[other] = 1;
  auto hold = s->bestHold(1, showing);
  EXPECT_EQ(hold[six], 2);
  EXPECT_EQ(hold[other], 0);
  EXPECT_NEAR(s->holdValue(2, hold), 1.0 / 6, 1e-15);
  for (const auto& a : s->firstRollPolicy()) EXPECT_GE(a.success + 1e-12, s->holdValue(2, std::vector<int>(s->categories().size(), 0)));
}

TEST(DiceTargetSolver, BadTargetsAreErrors) {
  std::string error;
  auto alts = parseTarget("fire:2");
  EXPECT_FALSE(TargetSolver::solve(DieSpec::standard(6), 3, TargetSpec{*alts, 3, "", false}, &error));
  EXPECT_NE(error.find("fire"), std::string::npos);
  alts = parseTarget("6:4");
  EXPECT_FALSE(TargetSolver::solve(DieSpec::standard(6), 3, TargetSpec{*alts, 3, "", false}, &error));
  alts = parseTarget("6:2");
  EXPECT_FALSE(TargetSolver::solve(DieSpec::standard(6), 3, TargetSpec{*alts, 3, "Z", false}, &error));
  EXPECT_FALSE(TargetSolver::solve(DieSpec::standard(6), 16, TargetSpec{*alts, 3, "", false}, &error));
  NotationError ne;
  EXPECT_FALSE(parseTarget("fire:2,,earth", &ne));
  EXPECT_EQ(ne.column, 8);
  EXPECT_FALSE(parseTarget("fire:x", &ne));
  EXPECT_EQ(ne.column, 6);
  auto two = parseTarget(" fire:2 , earth | water:3 ");
  ASSERT_TRUE(two);
  EXPECT_EQ(formatTarget(*two), "fire:2,earth:1|water:3");
}

TEST(DiceTargetSolver, TenDiceThreeRollsIsInteractive) {
  auto alts = parseTarget("1:4,2:3|6:5");
  auto start = std::chrono::steady_clock::now();
  auto s = TargetSolver::solve(DieSpec::standard(6), 10, TargetSpec{*alts, 3, "5", true});
  double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(s);
  EXPECT_GT(s->probability(), 0.0);
  EXPECT_LT(ms, 1000.0);
}

}  // namespace
}  // namespace wb::sim::dice
