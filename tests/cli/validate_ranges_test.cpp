// `balance validate` flags nonsense values: a negative
// cost is an error at its line (the engine schema's minCost, 0 by default),
// and Zoneplex's `wms_start` above `wms_max` is an error at wms_start's
// `default:` (the schema's orderedParameters). Both as
// file:line:column: error: message, exit 1. The shipped rulesets are copied
// and edited as text, so the lines are the designer's.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/cli/balance_cli.h"

namespace fs = std::filesystem;

namespace {

using wb::app::testing::balance;

std::string readAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void writeAll(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

// A copy of a shipped ruleset folder, removed at the end.
class Copy {
 public:
  explicit Copy(const std::string& game) {
    m_dir = fs::temp_directory_path() / ("wb_validate_ranges_" + std::to_string(::getpid()) + "_" + game);
    fs::remove_all(m_dir);
    fs::copy(fs::path(WB_SOURCE_DIR) / "data/rulesets" / game, m_dir);
  }
  ~Copy() { fs::remove_all(m_dir); }
  Copy(const Copy&) = delete;
  Copy& operator=(const Copy&) = delete;
  fs::path operator/(const std::string& f) const { return m_dir / f; }

 private:
  fs::path m_dir;
};

// Replaces the first `from` after `anchor` in `file`; returns "LINE:COLUMN"
// (1-based) of where `to` starts, plus `toColumnOffset` columns.
std::string replaceAfter(const fs::path& file, const std::string& anchor, const std::string& from, const std::string& to,
                         std::size_t toColumnOffset = 0) {
  std::string text = readAll(file);
  const std::size_t a = text.find(anchor);
  EXPECT_NE(a, std::string::npos) << anchor;
  const std::size_t at = text.find(from, a);
  EXPECT_NE(at, std::string::npos) << from;
  if (a == std::string::npos || at == std::string::npos) return {};
  text.replace(at, from.size(), to);
  writeAll(file, text);
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
  const std::size_t lineStart = text.rfind('\n', at) == std::string::npos ? 0 : text.rfind('\n', at) + 1;
  return std::to_string(line) + ":" + std::to_string(at - lineStart + 1 + toColumnOffset);
}

}  // namespace

TEST(ValidateRanges, TheShippedRulesetsAreClean) {
  Copy copy("zoneplex");
  auto r = balance({"validate", (copy / "zoneplex.yaml").string()});
  EXPECT_EQ(r.exit, 0) << r.err;
}

TEST(ValidateRanges, ANegativeCostIsAnErrorAtItsLine) {
  Copy copy("card-dice");
  const auto root = copy / "card-dice.yaml";
  const std::string at = replaceAfter(root, "id: meteor_strike", "cost: 18", "cost: -5", 6);
  auto r = balance({"validate", root.string()});
  EXPECT_EQ(r.exit, 1) << r.out;
  EXPECT_NE(r.err.find(root.string() + ":" + at + ": error: 'cost' of 'meteor_strike' must be at least 0, got -5"),
            std::string::npos)
      << "expected at " << at << "\n"
      << r.err;
}

TEST(ValidateRanges, ANegativeCostInAnIncludedFileIsAnErrorThere) {
  Copy copy("zoneplex");
  const auto cards = copy / "cards.yaml";
  // Zoneplex cards carry no cost; a `cost: -5` added to the first card is read at its line.
  std::string text = readAll(cards);
  const std::size_t first = text.find("  - id: ");
  ASSERT_NE(first, std::string::npos);
  const std::size_t eol = text.find('\n', first);
  text.insert(eol + 1, "    cost: -5\n");
  writeAll(cards, text);
  const auto line = 2 + std::count(text.begin(), text.begin() + static_cast<long>(eol), '\n');
  auto r = balance({"validate", (copy / "zoneplex.yaml").string()});
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.err.find(cards.string() + ":" + std::to_string(line) + ":11: error: 'cost' of "), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("must be at least 0, got -5"), std::string::npos) << r.err;
}

TEST(ValidateRanges, WmsStartAboveWmsMaxIsAnErrorAtWmsStart) {
  Copy copy("zoneplex");
  const auto root = copy / "zoneplex.yaml";
  // wms_max is 4 in the shipped file; a start of 5 is out of its bounds.
  const std::string at = replaceAfter(root, "  wms_start:", "default: 1,", "default: 5,", 9);
  auto r = balance({"validate", root.string()});
  EXPECT_EQ(r.exit, 1) << r.out;
  EXPECT_NE(r.err.find(root.string() + ":" + at + ": error: parameter 'wms_start' (5) is larger than 'wms_max' (4)"),
            std::string::npos)
      << "expected at " << at << "\n"
      << r.err;
}
