// `balance impact`: the table with restricted-play and grant
// lifts beside the association numbers, the JSON document, and usage errors.
// Card-dice with 3 starting health keeps the games short.
#include <gtest/gtest.h>

#include "tests/cli/balance_cli.h"

namespace {

using wb::app::testing::balance;

const std::string kCardDice = std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice/card-dice.yaml";

}  // namespace

TEST(ImpactCommand, PrintsCausalLiftsBesideTheAssociation) {
  auto r = balance({"impact", kCardDice, "--entities", "fire,basic_income", "--games", "20", "--set",
                    "parameters.starting_health=3", "--seed", "2", "--threads", "2", "--agents", "random"});
  ASSERT_EQ(r.exit, 0) << r.err;
  for (const char* text : {"impact of 2 entities, 20 pairs per measure", "agents: random (every seat)",
                           "restricted play: lift [95% CI] p", "grant: lift [95% CI] p", "ASSOCIATION, not a cause",
                           "basic_income: grant: the engine cannot grant it", "fire "})
    EXPECT_NE(r.out.find(text), std::string::npos) << text << "\n" << r.out;
}

TEST(ImpactCommand, JsonAndUsageErrors) {
  auto j = balance({"impact", kCardDice, "--entities", "fire", "--games", "6", "--measure", "grant", "--set",
                    "parameters.starting_health=3", "--json", "-"});
  ASSERT_EQ(j.exit, 0) << j.err;
  for (const char* key : {"\"pairs\": 6", "\"design\":", "\"baseline\": {", "\"entity\": \"fire\"", "\"association\": {",
                          "\"restricted_play\": {", "\"grant\": {", "\"lift\":", "\"p_value\":", "\"can_grant\": true"})
    EXPECT_NE(j.out.find(key), std::string::npos) << key << "\n" << j.out;
  EXPECT_NE(j.out.find("\"note\": \"not asked for\""), std::string::npos);
  auto unknown = balance({"impact", kCardDice, "--entities", "no_such_card", "--games", "2"});
  EXPECT_EQ(unknown.exit, 2);
  EXPECT_NE(unknown.err.find("unknown entity 'no_such_card'"), std::string::npos) << unknown.err;
  EXPECT_EQ(balance({"impact", kCardDice, "--measure", "maybe", "--games", "2"}).exit, 2);
  EXPECT_EQ(balance({"impact"}).exit, 2);
}
