// Dice notation: the forms the lab accepts and the 1-based
// column of every error.
#include <gtest/gtest.h>

#include "model/core/ruleset.h"
#include "simulation/dice/dice_notation.h"

namespace wb::sim::dice {
namespace {

TEST(DiceNotation, ParsesTheDocumentedForms) {
  auto p = parsePool("2d6+1d8+2", nullptr);
  ASSERT_TRUE(p);
  ASSERT_EQ(p->terms.size(), 2u);
  EXPECT_EQ(p->terms[0].count, 2);
  EXPECT_EQ(p->terms[1].die.faces.size(), 8u);
  EXPECT_EQ(p->constant, 2);
  EXPECT_EQ(p->terms[1].column, 5);

  p = parsePool("6d10!4kh3", nullptr);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->terms[0].explodeLimit, 4);
  EXPECT_EQ(p->terms[0].keep, Keep::Highest);
  EXPECT_EQ(p->terms[0].keepCount, 3);

  p = parsePool("4d{fire:2,earth,water,air,Z}", nullptr);
  ASSERT_TRUE(p);
  const auto& faces = p->terms[0].die.faces;
  ASSERT_EQ(faces.size(), 5u);
  EXPECT_EQ(faces[0].symbol, "fire");
  EXPECT_EQ(faces[0].weight, 2);
  EXPECT_EQ(faces[0].value, 0);
  EXPECT_EQ(faces[4].symbol, "Z");

  p = parsePool(" d20 - 2 ", nullptr);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->terms[0].count, 1);
  EXPECT_EQ(p->constant, -2);

  p = parsePool("5d6dl2", nullptr);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->terms[0].keep, Keep::Highest);
  EXPECT_EQ(p->terms[0].keepCount, 3);
  p = parsePool("5d6dh1", nullptr);
  EXPECT_EQ(p->terms[0].keep, Keep::Lowest);
  EXPECT_EQ(p->terms[0].keepCount, 4);
  p = parsePool("3d6!", nullptr);
  EXPECT_EQ(p->terms[0].explodeLimit, kDefaultExplosions);
  p = parsePool("2d{1,1,2,3.5}", nullptr);
  EXPECT_EQ(p->terms[0].die.faces[2].value, 3.5);
  EXPECT_EQ(p->terms[0].die.faces[0].weight, 2);
  p = parsePool("4dF+d%", nullptr);
  EXPECT_EQ(p->terms[0].die.faces.size(), 3u);
  EXPECT_EQ(p->terms[1].die.faces.size(), 100u);
}

TEST(DiceNotation, DiceFromTheRuleset) {
  model::Ruleset r;
  model::Die d;
  d.id = "fire_shaman";
  for (const char* s : {"fire", "fire", "earth", "water", "air", "Z"}) d.faces.push_back(model::DieFace{s, 0, 1});
  r.dice.push_back(d);
  auto p = parsePool("7d[fire_shaman]", &r);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->terms[0].count, 7);
  EXPECT_EQ(p->terms[0].die.id, "fire_shaman");
  EXPECT_EQ(p->terms[0].die.faces.size(), 6u);
  NotationError e;
  EXPECT_FALSE(parsePool("7d[water_shaman]", &r, &e));
  EXPECT_EQ(e.column, 4);
  EXPECT_NE(e.message.find("water_shaman"), std::string::npos);
  EXPECT_FALSE(parsePool("7d[fire_shaman]", nullptr, &e));
  EXPECT_NE(e.message.find("ruleset"), std::string::npos);
}

TEST(DiceNotation, ErrorsPointAtTheColumn) {
  struct Case {
    const char* text;
    int column;
  };
  for (const Case& c : {Case{"", 1}, Case{"3d6+", 5}, Case{"3d6+2x", 6}, Case{"3x6", 2}, Case{"3d", 3}, Case{"3dq", 3},
                        Case{"0d6", 1}, Case{"3d0", 3}, Case{"6d10!99", 6}, Case{"6d10!4kh7", 9}, Case{"6d10kh0", 7},
                        Case{"4d{fire:2,,earth}", 11}, Case{"4d{fire:0}", 9}, Case{"4d{fire", 8}, Case{"2d6 3d6", 5},
                        Case{"4d6dx1", 4}, Case{"d6kh", 5}, Case{"2.5d6", 2}, Case{"1d1!", 4}, Case{"7d[fire", 8},
                        Case{"3d6 + * 2", 7}, Case{"5d6dl5", 6}, Case{"2000d6", 1}}) {
    NotationError e;
    EXPECT_FALSE(parsePool(c.text, nullptr, &e)) << c.text;
    EXPECT_EQ(e.column, c.column) << "'" << c.text << "': " << e.message;
    EXPECT_FALSE(e.message.empty()) << c.text;
  }
}

}  // namespace
}  // namespace wb::sim::dice
