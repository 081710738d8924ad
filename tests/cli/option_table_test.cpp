// The declarative option table: one row drives parsing, the range check, the
// default and the --help line (app/cli/option_table.h).
#include <gtest/gtest.h>

#include "app/cli/option_table.h"

namespace wb::app {
namespace {

OptionTable sampleTable() {
  return OptionTable{
      {.name = "FILE", .type = OptionType::Positional, .help = "the ruleset"},
      {.name = "--games", .type = OptionType::Int, .meta = "N", .help = "games to play\nper point", .min = 1,
       .max = 100, .fallback = 10},
      {.name = "--target", .type = OptionType::Number, .meta = "X", .help = "the value to find"},
      {.name = "--set", .meta = "PATH=VALUE", .help = "change a value", .repeatable = true},
      {.name = "--conditions-of", .meta = "F,...", .help = "these features"},
      {.name = "--quiet", .type = OptionType::Switch, .help = "no output"},
  };
}

TEST(OptionTable, HelpAlignsTheTextAtColumnTwentyAndIndentsLaterLines) {
  EXPECT_EQ(sampleTable().help(),
            "  FILE              the ruleset\n"
            "  --games N         games to play\n"
            "                    per point\n"
            "  --target X        the value to find\n"
            "  --set PATH=VALUE  change a value\n"
            "  --conditions-of F,...  these features\n"
            "  --quiet           no output\n");
}

TEST(OptionTable, ParsesAndGivesTheDefaultOfAnOptionNotGiven) {
  ArgParser parser;
  std::string error;
  ASSERT_TRUE(parseOptions(sampleTable(), {"a.yaml", "--set", "x=1", "--set", "y=2", "--quiet"}, parser, error))
      << error;
  EXPECT_EQ(sampleTable().integer(parser, "--games"), 10);
  EXPECT_EQ(parser.values("--set").size(), 2u);
  EXPECT_TRUE(parser.has("--quiet"));
  EXPECT_EQ(parser.positional(), std::vector<std::string>{"a.yaml"});
}

TEST(OptionTable, ChecksTheRangeOfTheTable) {
  for (const auto& [value, message] : std::vector<std::pair<std::string, std::string>>{
           {"0", "--games must be at least 1, got 0"},
           {"101", "--games must be at most 100, got 101"},
           {"ten", "option --games expects an integer, got 'ten'"}}) {
    ArgParser parser;
    std::string error;
    EXPECT_FALSE(parseOptions(sampleTable(), {"--games", value}, parser, error));
    EXPECT_EQ(error, message);
  }
  ArgParser parser;
  std::string error;
  EXPECT_FALSE(parseOptions(sampleTable(), {"--target", "high"}, parser, error));
  EXPECT_EQ(error, "option --target expects a number, got 'high'");
}

TEST(OptionTable, ACommandExplainsASharedOptionInItsOwnWords) {
  OptionTable table = sampleTable();
  table.withHelp("--games", "pairs per entity (default 500)").withFallback("--games", 500);
  EXPECT_NE(table.help().find("  --games N         pairs per entity (default 500)\n"), std::string::npos);
  ArgParser parser;
  std::string error;
  ASSERT_TRUE(parseOptions(table, {}, parser, error));
  EXPECT_EQ(table.integer(parser, "--games"), 500);
}

TEST(OptionTable, ARowMayWordItsRangeErrorAndHaveNoHelpLine) {
  const OptionTable table{
      {.name = "--top", .type = OptionType::Int, .meta = "K", .help = "entities listed", .min = 0, .max = 100,
       .fallback = 3, .rangeError = "--top must be between 0 and 100"},
      {.name = "--block-games", .type = OptionType::Int, .min = 1},
  };
  ArgParser parser;
  std::string error;
  EXPECT_FALSE(parseOptions(table, {"--top", "101"}, parser, error));
  EXPECT_EQ(error, "--top must be between 0 and 100");
  EXPECT_EQ(table.help(), "  --top K           entities listed\n");
}

TEST(OptionTable, GroupsAndLongNamesAboveTheirHelp) {
  OptionTable table{
      {.name = "--sum", .type = OptionType::Switch, .help = "the sum", .group = "query"},
      {.name = "--target", .meta = "\"A:n\" --rolls R [--wild FACE]", .help = "reach one alternative", .group = "query"},
      {.name = "--json", .meta = "PATH|-", .help = "the result as JSON"},
  };
  table.helpColumn(26).longNamesAbove();
  EXPECT_EQ(table.help("query"),
            "  --sum                   the sum\n"
            "  --target \"A:n\" --rolls R [--wild FACE]\n"
            "                          reach one alternative\n");
  EXPECT_EQ(table.help(""), "  --json PATH|-           the result as JSON\n");
}

}  // namespace
}  // namespace wb::app
