// What `balance validate` says about broken Element rulesets: the engine's check
// hook (EngineSchema::check) compiles the ruleset, so a broken replacement
// cycle, die face, square or sorcerer is an error at its file:line:column. Each
// case edits one value of the shipped YAML text and expects the message at the
// position of the edited value.
#include <algorithm>
#include <fstream>
#include <sstream>

#include "rulesets/engine_catalog.h"
#include "tests/rulesets/element/element_fixture.h"

namespace wb::rulesets::element::test {
namespace {

std::string shippedText() {
  std::ifstream in(rulesetPath());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Replaces the first `from` after `anchor` by `to`; returns "e.yaml:line:col" of
// the character `offset` characters into the replacement.
std::string edit(std::string& text, const std::string& anchor, const std::string& from, const std::string& to,
                 std::size_t offset = 0) {
  const std::size_t a = text.find(anchor);
  EXPECT_NE(a, std::string::npos) << anchor;
  const std::size_t at = text.find(from, a);
  EXPECT_NE(at, std::string::npos) << from;
  text.replace(at, from.size(), to);
  const std::size_t lineStart = text.rfind('\n', at) + 1;
  const int line = static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n')) + 1;
  return "e.yaml:" + std::to_string(line) + ":" + std::to_string(at + offset - lineStart + 1);
}

std::vector<std::string> errors(const std::string& text) {
  // The same lookup `balance validate` uses: every built-in engine's schema.
  model::LoadResult r = model::loadRulesetFromString(text, "e.yaml", rulesets::builtinEngines().schemaLookup());
  std::vector<std::string> out;
  for (const auto& d : r.diagnostics.items())
    if (d.severity == model::Severity::Error) out.push_back(d.format());
  return out;
}

TEST(ElementValidate, ShippedRulesetIsClean) {
  model::LoadResult r = model::loadRulesetFromString(shippedText(), "e.yaml", rulesets::builtinEngines().schemaLookup());
  EXPECT_TRUE(r.diagnostics.empty()) << r.diagnostics.format();
}

TEST(ElementValidate, UnknownStoneInTheCycle) {
  std::string t = shippedText();
  // The column is that of the list item ("beats: [" is 8 characters).
  const std::string col = edit(t, "id: fire", "beats: [wind]", "beats: [wnd]", 8);
  EXPECT_EQ(errors(t), std::vector<std::string>{col + ": error: 'fire' beats unknown stone 'wnd' (stones: fire, wind, "
                                                       "earth, water)"});
}

TEST(ElementValidate, AStoneBeatingItself) {
  std::string t = shippedText();
  const std::string col = edit(t, "id: water", "beats: [fire]", "beats: [water]", 8);
  EXPECT_EQ(errors(t), std::vector<std::string>{col + ": error: stone 'water' cannot beat itself"});
}

TEST(ElementValidate, AnUnknownPowerIsASchemaError) {
  std::string t = shippedText();
  const std::string col = edit(t, "id: earth", "power: fortress", "power: castle", 7);
  EXPECT_EQ(errors(t), std::vector<std::string>{col + ": error: expected one of none, spread, jump, fortress, flow for "
                                                       "'power', got 'castle'"});
}

TEST(ElementValidate, ADieFaceThatIsNeitherStoneNorFace) {
  std::string t = shippedText();
  const std::string col = edit(t, "id: element", "logo, seal]", "logo, seel]", 6);
  EXPECT_EQ(errors(t), std::vector<std::string>{col + ": error: die face 'seel' is neither a stone nor a tile of kind "
                                                       "'face' (known: fire, wind, earth, water, logo, seal)"});
}

TEST(ElementValidate, ASecondDie) {
  std::string t = shippedText();
  edit(t, "dice:\n", "  - id: element", "  - id: extra\n    faces: [fire]\n  - id: element");
  EXPECT_EQ(errors(t).size(), 1u);
  EXPECT_NE(errors(t).front().find("element rolls one kind of die (dice_per_turn times); 'element' is a second one"),
            std::string::npos);
}

TEST(ElementValidate, SquaresOffTheBoardOrTaken) {
  std::string t = shippedText();
  const std::string offCol = edit(t, "id: wind", "initial: [D6, H6]", "initial: [D6, L6]", 14);
  const std::string takenCol = edit(t, "id: sorcerer_second", "start: F7", "start: F5", 7);
  EXPECT_EQ(errors(t), (std::vector<std::string>{
                           offCol + ": error: 'L6' is not a square of the 11x11 board (columns A..K, rows 1..11)",
                           takenCol + ": error: both sorcerers start on F5",
                       }));
}

TEST(ElementValidate, MissingSorcererAndBadSeat) {
  std::string t = shippedText();
  edit(t, "id: sorcerer_second", "seat: 1", "seat: 0");
  const std::vector<std::string> e = errors(t);
  ASSERT_EQ(e.size(), 2u);  // sorted by position: the `tiles:` key comes first
  EXPECT_NE(e[0].find("element needs a tile of kind 'sorcerer' with seat 1"), std::string::npos);
  EXPECT_NE(e[1].find("two sorcerers for seat 0"), std::string::npos);
}

TEST(ElementValidate, NoStoneBeatsOneIsAWarning) {
  std::string t = shippedText();
  edit(t, "id: wind", "beats: [earth]", "beats: []");
  model::LoadResult r = model::loadRulesetFromString(t, "e.yaml", rulesets::builtinEngines().schemaLookup());
  EXPECT_TRUE(r.ok()) << r.diagnostics.format();
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_NE(r.diagnostics.items()[0].message.find("no stone beats 'earth'"), std::string::npos);
}

}  // namespace
}  // namespace wb::rulesets::element::test
