// The shipped ElemenZ ruleset loads with the counts of the rulebook, and a
// broken combo is reported as file:line:column.
#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "tests/rulesets/elemenz/elemenz_fixture.h"

namespace wb::rulesets::elemenz::test {
namespace {

namespace fs = std::filesystem;

TEST(ElemenzRuleset, ShippedRulesetLoadsWithTheRulebookCounts) {
  model::LoadResult r = loadShipped();
  ASSERT_TRUE(r.ok()) << r.diagnostics.format();
  auto game = shippedGame();
  ASSERT_TRUE(game);
  const ElemenzRules& R = game->rules();
  // "Twenty eight dice in four colours", every die with exactly one Zee face (recovered).
  EXPECT_EQ(R.dicePerShaman * kElements, 28);
  for (const DieType& d : R.dice) EXPECT_EQ(std::count(d.faces.begin(), d.faces.end(), kZee), 1);
  // "31 Pulse tokens"; the totem holds 4.
  int bag = 0;
  for (const TokenType& t : R.tokens) bag += t.count;
  EXPECT_EQ(bag, 31);
  EXPECT_EQ(R.totemCapacity, 4);
  EXPECT_EQ(R.rolls, 3);
  EXPECT_EQ(R.surgeWilds, 3);
  // Four shamans, each board with a partial STRIKE (1-3) and SHIELD (1-2).
  ASSERT_EQ(R.factionIds.size(), 4u);
  for (const Shaman& s : R.shamans) {
    int strikes = 0, shields = 0;
    for (int c : s.board) {
      const Combo& cb = R.combos[static_cast<std::size_t>(c)];
      if (cb.isStrike()) {
        ++strikes;
        EXPECT_TRUE(cb.partial);
        EXPECT_EQ(cb.spaces, 3);
      }
      if (cb.isShield()) {
        ++shields;
        EXPECT_EQ(cb.spaces, 2);
      }
    }
    EXPECT_EQ(strikes, 1) << s.id;
    EXPECT_EQ(shields, 1) << s.id;
  }
  // The text's example: FIRESTORM is a pair of Fire and a pair of Earth.
  const Combo& firestorm = R.combos[static_cast<std::size_t>(combo(*game, "fire_firestorm"))];
  EXPECT_EQ(firestorm.need[kFire], 2);
  EXPECT_EQ(firestorm.need[kEarth], 2);
  // 2 players: Fire with Earth against Water with Air (recovered).
  EXPECT_EQ(R.sideOf[kFire], R.sideOf[kEarth]);
  EXPECT_EQ(R.sideOf[kWater], R.sideOf[kAir]);
  EXPECT_NE(R.sideOf[kFire], R.sideOf[kWater]);
  // The thirteen avatar effects of the text.
  EXPECT_EQ(R.avatars.size(), 13u);
}

// Copies the shipped folder, replaces `from` by `to` in one file, loads it.
model::LoadResult loadBroken(const std::string& file, const std::string& from, const std::string& to) {
  const fs::path dir = fs::temp_directory_path() / ("elemenz_broken_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (const auto& e : fs::directory_iterator(fs::path(rulesetPath()).parent_path()))
    if (e.path().extension() == ".yaml") fs::copy_file(e.path(), dir / e.path().filename());
  std::ifstream in(dir / file);
  std::stringstream text;
  text << in.rdbuf();
  in.close();
  std::string s = text.str();
  const std::size_t at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) s.replace(at, from.size(), to);
  std::ofstream(dir / file) << s;
  model::LoadResult r = model::loadRuleset((dir / "elemenz.yaml").string(), schemaLookup());
  fs::remove_all(dir);
  return r;
}

int lineOf(const std::string& file, const std::string& needle) {
  std::ifstream in(fs::path(rulesetPath()).parent_path() / file);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    if (line.find(needle) != std::string::npos) return n;
  return 0;
}

TEST(ElemenzRuleset, UnknownSymbolInAComboIsAFileLineColumnError) {
  const std::string needle = "properties: {shaman: fire, symbols: [fire, fire, earth, earth]";
  model::LoadResult r = loadBroken("boards.yaml", needle, "properties: {shaman: fire, symbols: [fire, lava, earth, earth]");
  ASSERT_FALSE(r.ok());
  const std::string text = r.diagnostics.format();
  const int line = lineOf("boards.yaml", needle);
  ASSERT_GT(line, 0);
  // The column of the offending item `lava` (1-based).
  const std::string expected = "boards.yaml:" + std::to_string(line) + ":" + std::to_string(needle.find("fire, fire") + 11) +
                               ": error: expected one of air, earth, fire, water in 'symbols', got 'lava'";
  EXPECT_NE(text.find(expected), std::string::npos) << text;
}

TEST(ElemenzRuleset, UnknownOpInAComboIsAFileLineColumnError) {
  const std::string needle = "{op: strike, amount: 2, target: each_opponent";
  model::LoadResult r = loadBroken("boards.yaml", needle, "{op: smash, amount: 2, target: each_opponent");
  ASSERT_FALSE(r.ok());
  const std::string text = r.diagnostics.format();
  const int line = lineOf("boards.yaml", needle);
  const std::string expected = "boards.yaml:" + std::to_string(line) + ":" + std::to_string(std::string("      - {op: ").size() + 1) +
                               ": error: unknown effect op 'smash' for engine 'elemenz'";
  EXPECT_NE(text.find(expected), std::string::npos) << text;
}

TEST(ElemenzRuleset, CompileErrorsCarryTheirPlace) {
  // A waiting op on an immediate combo is found when the engine compiles the ruleset.
  model::LoadResult r = loadShipped();
  ASSERT_TRUE(r.ok());
  model::Entity* e = r.ruleset.entity(model::Section::Abilities, "fire_ash");
  ASSERT_TRUE(e);
  e->effects.front().op = "ward";
  e->effects.front().args = {model::Field{"amount", "1", {}, false}};
  model::Diagnostics d;
  EXPECT_EQ(ElemenzGame::create(r.ruleset, d), nullptr);
  ASSERT_TRUE(d.hasErrors());
  EXPECT_NE(d.format().find("boards.yaml:"), std::string::npos) << d.format();
  EXPECT_NE(d.format().find("need `timing: waiting`"), std::string::npos) << d.format();
}

TEST(ElemenzRuleset, ValidateReportsWhatOnlyTheEngineKnows) {
  // `balance validate` runs the engine's check: an immediate combo with a waiting op.
  const std::string needle = "{op: burn_pulse, target: one}";
  model::LoadResult r = loadBroken("boards.yaml", needle, "{op: ward, amount: 1}");
  ASSERT_FALSE(r.ok());
  const int line = lineOf("boards.yaml", needle);
  const std::string expected = "boards.yaml:" + std::to_string(line) + ":" + std::to_string(std::string("      - {op: ").size() + 1) +
                               ": error: combo 'fire_ash': force_reroll and ward need `timing: waiting`";
  EXPECT_NE(r.diagnostics.format().find(expected), std::string::npos) << r.diagnostics.format();
}

}  // namespace
}  // namespace wb::rulesets::elemenz::test
