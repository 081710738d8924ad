// Ruleset -> YAML text (see ruleset_writer.h). Hand-written emission, so the
// layout is ours: top-level keys and object keys in the order they were read
// (Origin::keyOrder), new keys at their canonical place; short things in flow
// style (`players: {min: 2, max: 2}`, `faces: [1, 2, 3]`, one parameter per
// line), entities and effects as block maps; scalars plain unless quoting is
// needed (yaml_text.h). Reading the text back gives an equal Ruleset.
#include "model/yaml/ruleset_writer.h"

#include "model/yaml/layout_preserver.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <system_error>

#include "model/core/atomic_file.h"
#include "model/core/scalar.h"
#include "model/yaml/object_writer.h"
#include "model/yaml/yaml_text.h"

namespace wb::model {

namespace {

namespace fs = std::filesystem;
using yaml::flowList;
using yaml::inOrder;
using yaml::orderKeys;

// ---- files ----------------------------------------------------------------

// What goes into one file: the items of each list whose file index matches.
struct FilePart {
  bool root = true;
  std::vector<const Parameter*> parameters;
  std::vector<const Die*> dice;
  std::array<std::vector<const Entity*>, kSectionCount> sections;
  std::vector<const DiceQuestion*> questions;
};

void writeContentKey(yaml::YamlLines& w, const std::string& key, const FilePart& part, bool keepEmpty) {
  if (key == "parameters" && (!part.parameters.empty() || keepEmpty)) {
    w.blank();
    w.raw(0, key, part.parameters.empty() ? "{}" : "");
    for (const Parameter* p : part.parameters) yaml::writeParameter(w, *p);
  } else if (key == "dice" && (!part.dice.empty() || keepEmpty)) {
    w.blank();
    w.raw(0, key, part.dice.empty() ? "[]" : "");
    for (const Die* d : part.dice) yaml::writeDie(w, *d);
  } else if (key == "dice_questions" && (!part.questions.empty() || keepEmpty)) {
    w.blank();
    w.raw(0, key, part.questions.empty() ? "[]" : "");
    for (const DiceQuestion* q : part.questions) yaml::writeQuestion(w, *q);
  } else if (auto s = sectionFromString(key)) {
    const auto& items = part.sections[static_cast<int>(*s)];
    if (items.empty() && !keepEmpty) return;
    w.blank();
    w.raw(0, key, items.empty() ? "[]" : "");
    for (const Entity* e : items) yaml::writeEntity(w, *e);
  }
}

const std::vector<std::string>& topLevelKeys() {
  static const std::vector<std::string> keys = {
      "id",         "name", "engine", "version", "players", "description", "assumed", "include", "parameters",
      "dice",       "cards", "tiles", "events",  "abilities", "factions",  "dice_questions"};
  return keys;
}

std::string writeFile(const Ruleset& rs, const FilePart& part, bool withIncludes) {
  yaml::YamlLines w;
  if (!part.root) {
    for (const auto& key : topLevelKeys()) writeContentKey(w, key, part, false);
    if (w.text().empty()) return "{}\n";
    return w.text().front() == '\n' ? w.text().substr(1) : w.text();
  }
  auto present = [&](const std::string& k) {
    const bool written = inOrder(rs.origin, k);
    if (k == "id" || k == "name" || k == "engine" || k == "version" || k == "players") return true;
    if (k == "description") return !rs.description.empty() || written;
    if (k == "assumed") return !rs.assumed.empty() || written;
    if (k == "include") return withIncludes && !rs.includes.empty();
    return true;  // content keys decide for themselves below
  };
  for (const auto& k : orderKeys(topLevelKeys(), rs.origin, present)) {
    if (k == "id") w.text(0, k, rs.id);
    if (k == "name") w.text(0, k, rs.name);
    if (k == "engine") w.text(0, k, rs.engine);
    if (k == "version") w.raw(0, k, std::to_string(rs.version));
    if (k == "players")
      w.raw(0, k, "{min: " + std::to_string(rs.players.min) + ", max: " + std::to_string(rs.players.max) + "}");
    if (k == "description") w.text(0, k, rs.description);
    if (k == "assumed") w.text(0, k, rs.assumed);
    if (k == "include") w.raw(0, k, flowList(rs.includes));
    writeContentKey(w, k, part, inOrder(rs.origin, k));
  }
  return w.text();
}

// Assigns each item of `items` to a file: the include whose path matches the
// item's origin file, else (no origin file: a new item) the file of the item
// before it, else the root (-1).
template <typename T>
std::vector<int> assignFiles(const std::vector<T>& items, const std::vector<std::string>& includePaths,
                             const std::string& rootFile) {
  std::vector<int> out;
  int previous = -1;
  for (const auto& item : items) {
    int file = -1;
    const std::string& f = item.origin.loc.file;
    if (f.empty() || f == rootFile) {
      file = f.empty() ? previous : -1;
    } else {
      const std::string normal = fs::path(f).lexically_normal().generic_string();
      auto it = std::find(includePaths.begin(), includePaths.end(), normal);
      file = it == includePaths.end() ? -1 : static_cast<int>(it - includePaths.begin());
    }
    out.push_back(file);
    previous = file;
  }
  return out;
}

}  // namespace

std::string toYaml(const Ruleset& ruleset) {
  FilePart all;
  for (const auto& p : ruleset.parameters) all.parameters.push_back(&p);
  for (const auto& d : ruleset.dice) all.dice.push_back(&d);
  for (Section s : kSections)
    for (const auto& e : ruleset.entities(s)) all.sections[static_cast<int>(s)].push_back(&e);
  for (const auto& q : ruleset.diceQuestions) all.questions.push_back(&q);
  return writeFile(ruleset, all, false);
}

std::map<std::string, std::string> toYamlFiles(const Ruleset& ruleset, const std::string& rootPath) {
  // Where the includes were read from, and where they go now.
  const std::string loadedRoot = ruleset.origin.loc.file.empty() ? rootPath : ruleset.origin.loc.file;
  const fs::path loadedBase = fs::path(loadedRoot).parent_path();
  const fs::path saveBase = fs::path(rootPath).parent_path();
  std::vector<std::string> loadedPaths;
  std::vector<FilePart> parts(ruleset.includes.size() + 1);
  for (const auto& inc : ruleset.includes) loadedPaths.push_back((loadedBase / inc).lexically_normal().generic_string());
  for (std::size_t i = 1; i < parts.size(); ++i) parts[i].root = false;
  auto partOf = [&](int file) -> FilePart& { return parts[static_cast<std::size_t>(file + 1)]; };

  auto files = assignFiles(ruleset.parameters, loadedPaths, loadedRoot);
  for (std::size_t i = 0; i < files.size(); ++i) partOf(files[i]).parameters.push_back(&ruleset.parameters[i]);
  files = assignFiles(ruleset.dice, loadedPaths, loadedRoot);
  for (std::size_t i = 0; i < files.size(); ++i) partOf(files[i]).dice.push_back(&ruleset.dice[i]);
  for (Section s : kSections) {
    const auto& items = ruleset.entities(s);
    files = assignFiles(items, loadedPaths, loadedRoot);
    for (std::size_t i = 0; i < files.size(); ++i) partOf(files[i]).sections[static_cast<int>(s)].push_back(&items[i]);
  }
  files = assignFiles(ruleset.diceQuestions, loadedPaths, loadedRoot);
  for (std::size_t i = 0; i < files.size(); ++i) partOf(files[i]).questions.push_back(&ruleset.diceQuestions[i]);

  std::map<std::string, std::string> out;
  out[rootPath] = writeFile(ruleset, parts[0], true);
  for (std::size_t i = 0; i < ruleset.includes.size(); ++i) {
    const std::string path = (saveBase / ruleset.includes[i]).lexically_normal().generic_string();
    if (path == fs::path(rootPath).lexically_normal().generic_string() || out.count(path)) continue;
    out[path] = writeFile(ruleset, parts[i + 1], false);
  }
  return out;
}

bool saveRuleset(const Ruleset& ruleset, const std::string& rootPath, std::string* error) {
  auto files = toYamlFiles(ruleset, rootPath);
  // Keep each existing file as the designer wrote it (comments, quotes,
  // spacing) wherever only values changed; see layout_preserver.h.
  for (auto& [path, text] : files) {
    std::string original;
    if (fs::exists(path) && readFile(path, original)) text = yaml::preserveLayout(original, text);
  }
  // One set (model/core/atomic_file.h): every file is staged before any is
  // replaced, so a failure replaces none. Included files first, the root
  // last: a reader never sees a root whose includes are missing.
  std::vector<std::pair<std::string, std::string>> set;
  for (auto& [path, text] : files) {
    if (path == rootPath) continue;
    std::error_code ec;
    const fs::path folder = fs::path(path).parent_path();
    if (!folder.empty()) fs::create_directories(folder, ec);
    set.emplace_back(path, std::move(text));
  }
  set.emplace_back(rootPath, std::move(files.at(rootPath)));
  return writeFilesAtomically(set, error);
}

}  // namespace wb::model