// Dice lab amount expressions: the exact distribution of an
// expression over the dice it names, against direct enumeration.
#include <gtest/gtest.h>

#include <cmath>

#include "model/core/ruleset.h"
#include "model/expression/expression.h"
#include "simulation/dice/expression_distribution.h"

namespace wb::sim::dice {
namespace {

model::Ruleset cardDiceLike() {
  model::Ruleset r;
  for (const char* id : {"fire", "earth", "water", "magic", "utility"}) {
    model::Die d;
    d.id = id;
    for (int i = 1; i <= 6; ++i) d.faces.push_back(model::DieFace{std::to_string(i), static_cast<double>(i), 1});
    r.dice.push_back(d);
  }
  model::Parameter bonus;
  bonus.id = "bonus";
  bonus.value = 3LL;
  r.parameters.push_back(bonus);
  return r;
}

TEST(DiceExpression, ProductOfTwoDiceMatchesEnumeration) {
  auto r = cardDiceLike();
  std::string error;
  auto p = expressionDistribution("fire * magic", &r, &error);
  ASSERT_TRUE(p) << error;
  std::map<double, double> want;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= 6; ++b) want[a * b] += 1.0 / 36;
  for (const auto& [x, q] : want) EXPECT_NEAR(p->probability(x), q, 1e-15) << x;
  EXPECT_EQ(p->size(), want.size());
  EXPECT_NEAR(p->mean(), 12.25, 1e-12);
  EXPECT_EQ(p->fraction(p->probability(6)), "4/36");
}

TEST(DiceExpression, CeilOfAFractionOfTheUtilityDie) {
  auto r = cardDiceLike();
  auto p = expressionDistribution("ceil(2 * utility / 3)", &r);
  ASSERT_TRUE(p);
  // utility 1..6 -> 1, 2, 2, 3, 4, 4
  EXPECT_NEAR(p->probability(1), 1.0 / 6, 1e-15);
  EXPECT_NEAR(p->probability(2), 2.0 / 6, 1e-15);
  EXPECT_NEAR(p->probability(3), 1.0 / 6, 1e-15);
  EXPECT_NEAR(p->probability(4), 2.0 / 6, 1e-15);
}

TEST(DiceExpression, ShieldAgainstHitAndParameters) {
  auto r = cardDiceLike();
  auto through = expressionDistribution("max(0, fire - water)", &r);
  ASSERT_TRUE(through);
  EXPECT_NEAR(through->probability(0), 21.0 / 36, 1e-15);  // water >= fire
  auto withBonus = expressionDistribution("fire + bonus", &r);
  ASSERT_TRUE(withBonus);
  EXPECT_NEAR(withBonus->probability(9), 1.0 / 6, 1e-15);
  EXPECT_EQ(withBonus->min(), 4);
  // Three independent dice: 2 * fire + earth * magic against a brute loop.
  auto three = expressionDistribution("2 * fire + earth * magic", &r);
  ASSERT_TRUE(three);
  std::map<double, double> want;
  for (int f = 1; f <= 6; ++f)
    for (int e = 1; e <= 6; ++e)
      for (int m = 1; m <= 6; ++m) want[2 * f + e * m] += 1.0 / 216;
  for (const auto& [x, q] : want) EXPECT_NEAR(three->probability(x), q, 1e-15);
}

TEST(DiceExpression, StandardDiceWithoutARulesetAndErrors) {
  auto p = expressionDistribution("d6 + d8", nullptr);
  ASSERT_TRUE(p);
  EXPECT_NEAR(p->probability(2), 1.0 / 48, 1e-15);
  std::string error;
  auto r = cardDiceLike();
  EXPECT_FALSE(expressionDistribution("fire * nature", &r, &error));
  EXPECT_NE(error.find("nature"), std::string::npos);
  EXPECT_FALSE(expressionDistribution("fire * (magic", &r, &error));
  EXPECT_NE(error.find("column"), std::string::npos);
  auto constant = expressionDistribution("2 + 3", &r);
  ASSERT_TRUE(constant);
  EXPECT_NEAR(constant->probability(5), 1.0, 0);
}

}  // namespace
}  // namespace wb::sim::dice
