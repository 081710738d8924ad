// Saving a shipped multi-file ruleset keeps the designer's files (one
// tile-count edit in Zoneplex once also rewrote ~40 lines of
// zoneplex.yaml). Every shipped ruleset with includes is copied to a temporary
// folder; for each of its files, one value that lives in that file is edited
// and saved: that file changes in one line, every other file stays
// byte-identical. A structural edit (a new card, a removed effect) keeps every
// comment of the file.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "model/core/atomic_file.h"
#include "model/path/ruleset_path.h"
#include "model/yaml/ruleset_loader.h"
#include "model/yaml/ruleset_writer.h"

namespace fs = std::filesystem;
using namespace wb::model;

namespace {

std::string shippedDir() { return std::string(WB_SOURCE_DIR) + "/data/rulesets"; }

std::string readText(const fs::path& p) {
  std::string s;
  EXPECT_TRUE(readFile(p.string(), s)) << p;
  return s;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

// Every shipped ruleset folder whose root includes other files: (root path, its files).
struct Shipped {
  std::string name;
  fs::path root;
};

std::vector<Shipped> multiFileRulesets() {
  std::vector<Shipped> out;
  for (const auto& dir : fs::directory_iterator(shippedDir())) {
    if (!dir.is_directory()) continue;
    const fs::path root = dir.path() / (dir.path().filename().string() + ".yaml");
    if (!fs::exists(root)) continue;
    auto r = loadRuleset(root.string());
    if (!r.ruleset.includes.empty()) out.push_back({dir.path().filename().string(), root});
  }
  std::sort(out.begin(), out.end(), [](const Shipped& a, const Shipped& b) { return a.name < b.name; });
  return out;
}

// A fresh copy of a shipped folder; returns the copied root.
class TempCopy {
 public:
  explicit TempCopy(const Shipped& s) {
    static int n = 0;
    m_dir = fs::temp_directory_path() / ("wb_shipped_save_" + std::to_string(::getpid()) + "_" + std::to_string(n++));
    fs::remove_all(m_dir);
    fs::create_directories(m_dir);
    for (const auto& f : fs::directory_iterator(s.root.parent_path()))
      if (f.is_regular_file()) fs::copy_file(f.path(), m_dir / f.path().filename());
    m_root = m_dir / s.root.filename();
  }
  ~TempCopy() { fs::remove_all(m_dir); }
  TempCopy(const TempCopy&) = delete;
  TempCopy& operator=(const TempCopy&) = delete;

  const fs::path& root() const { return m_root; }
  std::map<std::string, std::string> texts() const {
    std::map<std::string, std::string> out;
    for (const auto& f : fs::directory_iterator(m_dir)) out[f.path().filename().string()] = readText(f.path());
    return out;
  }

 private:
  fs::path m_dir, m_root;
};

bool sameFile(const std::string& a, const std::string& b) {
  return fs::path(a).lexically_normal().filename() == fs::path(b).lexically_normal().filename();
}

// One value edit of something that `file` holds; a description, or "" if the
// file holds nothing editable.
std::string editIn(Ruleset& rs, const std::string& file) {
  if (sameFile(file, rs.origin.loc.file)) {
    for (const auto& p : rs.parameters) {
      if (p.type != ParameterType::Int || !sameFile(p.origin.loc.file, file)) continue;
      const long long v = std::get<long long>(p.value);
      const long long to = p.max && static_cast<double>(v + 1) > *p.max ? v - 1 : v + 1;
      const std::string path = "parameters." + p.id;
      std::string error;
      if (setPath(rs, path, std::to_string(to), &error)) return path + " = " + std::to_string(to);
    }
  }
  for (Section s : kSections) {
    for (const auto& e : rs.entities(s)) {
      if (!sameFile(e.origin.loc.file, file) || !e.origin.keys.count("count")) continue;
      const std::string path = std::string(toString(s)) + "." + e.id + ".count";
      std::string error;
      if (setPath(rs, path, std::to_string(e.count + 1), &error)) return path + " = " + std::to_string(e.count + 1);
    }
  }
  for (Section s : kSections) {
    for (const auto& e : rs.entities(s)) {
      if (!sameFile(e.origin.loc.file, file)) continue;
      const std::string path = std::string(toString(s)) + "." + e.id + ".name";
      if (setPath(rs, path, e.name + " II")) return path;
    }
  }
  for (auto& q : rs.diceQuestions) {
    if (!sameFile(q.origin.loc.file, file)) continue;
    q.name += " (edited)";
    return "dice_questions." + q.id + ".name";
  }
  return {};
}

// The lines of `after` are those of `before` with exactly one line replaced
// or inserted.
bool oneLineChanged(const std::vector<std::string>& before, const std::vector<std::string>& after) {
  std::size_t head = 0;
  while (head < before.size() && head < after.size() && before[head] == after[head]) ++head;
  std::size_t tail = 0;
  while (tail < before.size() - head && tail < after.size() - head &&
         before[before.size() - 1 - tail] == after[after.size() - 1 - tail])
    ++tail;
  const std::size_t removed = before.size() - head - tail, added = after.size() - head - tail;
  return added == 1 && removed <= 1;
}

std::vector<std::string> commentLines(const std::string& text) {
  std::vector<std::string> out;
  for (const auto& l : lines(text)) {
    const auto hash = l.find('#');
    if (hash != std::string::npos && l.find_first_not_of(' ') == hash) out.push_back(l);
  }
  return out;
}

// True if `needles` occur in `hay` in this order.
bool subsequence(const std::vector<std::string>& needles, const std::vector<std::string>& hay) {
  std::size_t i = 0;
  for (const auto& h : hay)
    if (i < needles.size() && h == needles[i]) ++i;
  return i == needles.size();
}

}  // namespace

TEST(ShippedSave, TheShippedMultiFileRulesetsAreFound) {
  std::vector<std::string> names;
  for (const auto& s : multiFileRulesets()) names.push_back(s.name);
  // card-dice (dice questions), elemenz (six parts), zoneplex (cards, relics, tiles).
  EXPECT_EQ(names, (std::vector<std::string>{"card-dice", "elemenz", "zoneplex"}));
}

TEST(ShippedSave, AOneValueEditLeavesEveryOtherFileByteIdentical) {
  for (const auto& shipped : multiFileRulesets()) {
    auto files = loadRuleset(shipped.root.string()).ruleset.includes;
    files.insert(files.begin(), shipped.root.filename().string());
    for (const auto& file : files) {
      SCOPED_TRACE(shipped.name + " / " + file);
      TempCopy copy(shipped);
      const auto before = copy.texts();
      auto loaded = loadRuleset(copy.root().string());
      ASSERT_TRUE(loaded.ok()) << loaded.diagnostics.format();
      const std::string edit = editIn(loaded.ruleset, (copy.root().parent_path() / file).string());
      ASSERT_FALSE(edit.empty()) << "nothing to edit in " << file;
      std::string error;
      ASSERT_TRUE(saveRuleset(loaded.ruleset, copy.root().string(), &error)) << error;
      const auto after = copy.texts();
      ASSERT_EQ(after.size(), before.size());
      for (const auto& [name, text] : before) {
        if (name == fs::path(file).filename().string())
          EXPECT_TRUE(oneLineChanged(lines(text), lines(after.at(name)))) << edit << "\n" << after.at(name);
        else
          EXPECT_EQ(after.at(name), text) << name << " changed by " << edit;
      }
      auto again = loadRuleset(copy.root().string());
      ASSERT_TRUE(again.ok()) << again.diagnostics.format();
      EXPECT_EQ(again.ruleset, loaded.ruleset) << edit;
    }
  }
}

TEST(ShippedSave, ZoneplexTileCountEditChangesOneLineOfTilesYaml) {
  // The edit that once rewrote the file: one tile count.
  const auto all = multiFileRulesets();
  auto it = std::find_if(all.begin(), all.end(), [](const Shipped& s) { return s.name == "zoneplex"; });
  ASSERT_NE(it, all.end());
  TempCopy copy(*it);
  const auto before = copy.texts();
  auto loaded = loadRuleset(copy.root().string());
  ASSERT_TRUE(loaded.ok());
  const Entity* tile = nullptr;
  for (const auto& t : loaded.ruleset.entities(Section::Tiles))
    if (t.origin.keys.count("count")) tile = &t;
  ASSERT_NE(tile, nullptr);
  const std::string path = "tiles." + tile->id + ".count", value = std::to_string(tile->count + 1);
  ASSERT_TRUE(setPath(loaded.ruleset, path, value));
  ASSERT_TRUE(saveRuleset(loaded.ruleset, copy.root().string()));
  const auto after = copy.texts();
  for (const auto& [name, text] : before) {
    if (name == "tiles.yaml")
      EXPECT_TRUE(oneLineChanged(lines(text), lines(after.at(name))));
    else
      EXPECT_EQ(after.at(name), text) << name;
  }
}

TEST(ShippedSave, ANewCardKeepsTheCommentsOfItsFile) {
  for (const auto& shipped : multiFileRulesets()) {
    TempCopy copy(shipped);
    const auto before = copy.texts();
    auto loaded = loadRuleset(copy.root().string());
    ASSERT_TRUE(loaded.ok()) << loaded.diagnostics.format();
    auto& cards = loaded.ruleset.cards();
    if (cards.empty()) continue;
    SCOPED_TRACE(shipped.name);
    Entity card = cards.front();
    card.id = card.id + "_copy";
    card.name = card.name + " (copy)";
    const std::string file = fs::path(card.origin.loc.file).filename().string();
    cards.insert(cards.begin() + 1, card);
    std::string error;
    ASSERT_TRUE(saveRuleset(loaded.ruleset, copy.root().string(), &error)) << error;
    const auto after = copy.texts();
    for (const auto& [name, text] : before) {
      if (name != file) {
        EXPECT_EQ(after.at(name), text) << name;
        continue;
      }
      const auto was = lines(text), now = lines(after.at(name));
      // Every line of the file is still there, in order; only the card was added.
      EXPECT_TRUE(subsequence(was, now)) << after.at(name);
      EXPECT_TRUE(subsequence(commentLines(text), now));
      EXPECT_GT(now.size(), was.size());
      EXPECT_NE(after.at(name).find("id: " + card.id), std::string::npos);
    }
    auto again = loadRuleset(copy.root().string());
    ASSERT_TRUE(again.ok()) << again.diagnostics.format();
    EXPECT_EQ(again.ruleset, loaded.ruleset);
  }
}

TEST(ShippedSave, ARemovedEffectRemovesOnlyItsLines) {
  for (const auto& shipped : multiFileRulesets()) {
    TempCopy copy(shipped);
    const auto before = copy.texts();
    auto loaded = loadRuleset(copy.root().string());
    ASSERT_TRUE(loaded.ok());
    Entity* target = nullptr;
    for (Section s : kSections)
      for (auto& e : loaded.ruleset.entities(s))
        if (!target && e.effects.size() >= 2) target = &e;
    if (!target) continue;
    SCOPED_TRACE(shipped.name + " / " + target->id);
    const std::string file = fs::path(target->origin.loc.file).filename().string();
    target->effects.erase(target->effects.begin());
    ASSERT_TRUE(saveRuleset(loaded.ruleset, copy.root().string()));
    const auto after = copy.texts();
    for (const auto& [name, text] : before) {
      if (name != file) {
        EXPECT_EQ(after.at(name), text) << name;
        continue;
      }
      const auto was = lines(text), now = lines(after.at(name));
      EXPECT_TRUE(subsequence(now, was)) << after.at(name);  // lines were only removed
      EXPECT_LT(now.size(), was.size());
    }
    auto again = loadRuleset(copy.root().string());
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(again.ruleset, loaded.ruleset);
  }
}
