// The shipped ruleset loads without diagnostics, holds every card of seed file
// 004, and the engine's schema rejects what it does not know.
#include <fstream>
#include <sstream>

#include "rulesets/card_dice/card_dice_schema.h"
#include "tests/rulesets/card_dice/card_dice_fixture.h"

namespace wb::rulesets::card_dice::testing {
namespace {

TEST(CardDiceRuleset, LoadsWithoutDiagnostics) {
  const model::LoadResult& r = loadedRuleset();
  EXPECT_TRUE(r.diagnostics.empty()) << r.diagnostics.format();
  EXPECT_EQ(r.ruleset.id, "card-dice");
  EXPECT_EQ(r.ruleset.engine, "card_dice");
  EXPECT_FALSE(r.ruleset.diceQuestions.empty());  // include: [dice_questions.yaml]
  ASSERT_TRUE(sharedGame() != nullptr);
}

TEST(CardDiceRuleset, HoldsEveryCardOfTheSeed) {
  // Seed 004 lists 69 distinct cards, Basic Income ten times; four cost tiers 3/7/12/18.
  const model::Ruleset& rs = loadedRuleset().ruleset;
  EXPECT_EQ(rs.cards().size(), 69u);
  int copies = 0;
  for (const model::Entity& e : rs.cards()) {
    copies += e.count;
    const auto cost = e.cost()->amount.constantValue();
    ASSERT_TRUE(cost.has_value()) << e.id;
    EXPECT_TRUE(*cost == 3 || *cost == 7 || *cost == 12 || *cost == 18) << e.id;
    EXPECT_FALSE(e.effects.empty()) << e.id;
  }
  EXPECT_EQ(copies, 78);
  const model::Entity* basic = rs.findEntity("basic_income");
  ASSERT_TRUE(basic != nullptr);
  EXPECT_EQ(basic->count, 10);
  EXPECT_EQ(rs.dice.size(), 7u);
  EXPECT_EQ(rs.number("starting_health"), 100);
  EXPECT_EQ(rs.number("starting_gold"), 6);
}

TEST(CardDiceRuleset, ComboIsReadFromTheExpressionTree) {
  // Recovered: "Combo = an amount that multiplies two different dice ... 2 x fire is not a combo."
  const CardDiceRules& r = sharedGame()->rules();
  auto comboOf = [&](const char* id) { return r.cards[r.cardIndex(id)].effects.front().combo; };
  EXPECT_TRUE(comboOf("meteor_strike"));
  EXPECT_TRUE(comboOf("volcanic_eruption"));
  EXPECT_TRUE(comboOf("nature_reserves"));
  EXPECT_TRUE(comboOf("gold_mine"));
  EXPECT_FALSE(comboOf("blazing_fire"));
  EXPECT_FALSE(comboOf("fire"));
  EXPECT_FALSE(comboOf("magical_barrier"));  // magic x magic: one die
  std::vector<std::string> dice = {"fire", "earth", "magic"};
  auto combo = [&](const char* text) { return exprIsCombo(model::Expression::parse(text)->root(), dice); };
  EXPECT_TRUE(combo("2 * fire * magic"));
  EXPECT_TRUE(combo("max(1, fire * (earth + 1))"));
  EXPECT_FALSE(combo("fire + magic"));
  EXPECT_FALSE(combo("3 * earth / 2"));
}

std::string readShipped() {
  std::ifstream in(rulesetPath());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(CardDiceRuleset, UnknownOpIsAValidationError) {
  std::string yaml = readShipped();
  const std::string from = "{op: damage, target: opponent, amount: fire}";
  const std::size_t at = yaml.find(from);
  ASSERT_NE(at, std::string::npos);
  yaml.replace(at, from.size(), "{op: teleport, target: opponent, amount: fire}");
  // Named next to the shipped file so that its include (dice_questions.yaml) resolves.
  const std::string name = std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice/copy.yaml";
  const model::LoadResult r = model::loadRulesetFromString(yaml, name, builtinEngines().schemaLookup());
  EXPECT_TRUE(r.diagnostics.hasErrors());
  ASSERT_EQ(r.diagnostics.size(), 1u) << r.diagnostics.format();
  EXPECT_NE(r.diagnostics.format().find("teleport"), std::string::npos) << r.diagnostics.format();
  EXPECT_EQ(r.ruleset.diceQuestions.size(), loadedRuleset().ruleset.diceQuestions.size());
  // The engine refuses it too, even without the validator.
  model::Diagnostics d;
  EXPECT_EQ(CardDiceGame::create(r.ruleset, d), nullptr);
  EXPECT_NE(d.format().find("unknown op 'teleport'"), std::string::npos) << d.format();
}

TEST(CardDiceRuleset, UnknownKindAndMissingStartingCardAreErrors) {
  model::Ruleset rs = loadedRuleset().ruleset;
  rs.cards()[0].kind = "spell";
  rs.parameter("starting_card")->value = std::string("nothing");
  model::Diagnostics d;
  EXPECT_EQ(CardDiceGame::create(rs, d), nullptr);
  const std::string text = d.format();
  EXPECT_NE(text.find("kind must be action, blessing or passive"), std::string::npos) << text;
  EXPECT_NE(text.find("starting_card 'nothing' is not a card"), std::string::npos) << text;
}

TEST(CardDiceRuleset, DieFacesMustFitTheEngine) {
  model::Ruleset rs = loadedRuleset().ruleset;
  rs.dice[0].faces[5].value = 1000;
  model::Diagnostics d;
  EXPECT_EQ(CardDiceGame::create(rs, d), nullptr);
  EXPECT_NE(d.format().find("face values from -100 to 100 on die 'fire'"), std::string::npos) << d.format();
}

TEST(CardDiceRuleset, SchemaIsRegistered) {
  const sim::EngineInfo* info = builtinEngines().find("card_dice");
  ASSERT_TRUE(info != nullptr);
  EXPECT_TRUE(info->schema.op("damage") != nullptr);
  EXPECT_TRUE(info->schema.op("veto") != nullptr);
  EXPECT_EQ(info->schema.op("teleport"), nullptr);
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
