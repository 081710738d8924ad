// Ruleset -> YAML text (see ruleset_writer.h). Hand-written emission, so the
// layout is ours: top-level keys and object keys in the order they were read
// (Origin::keyOrder), new keys at their canonical place; short things in flow
// style (`players: {min: 2, max: 2}`, `faces: [1, 2, 3]`, one parameter per
// line), entities and effects as block maps; scalars plain unless quoting is
// needed (yaml_text.h). Reading the text back gives an equal Ruleset.
#include "model/yaml/ruleset_writer.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <system_error>

#include "model/core/atomic_file.h"
#include "model/core/scalar.h"
#include "model/yaml/layout_preserver.h"
#include "model/yaml/object_writer.h"
#include "model/yaml/ruleset_loader.h"
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
      "dice",       "cards", "tiles", "events",  "abilities", "factions",  "dice_questions", "rules", "targets", "knobs"};
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
    if (k == "targets" || k == "knobs" || k == "rules")
      return std::any_of(rs.tuning.begin(), rs.tuning.end(), [&](const auto& t) { return t.first == k; });
    return true;  // content keys decide for themselves below
  };
  for (const auto& k : orderKeys(topLevelKeys(), rs.origin, present)) {
    if (k == "id") w.text(0, k, rs.id);
    if (k == "name") w.text(0, k, rs.name);
    if (k == "engine") w.text(0, k, rs.engine);
    if (k == "version") w.raw(0, k, std::to_string(rs.version));
    if (k == "players")
      w.raw(0, k, "{min: " + std::to_string(rs.players.min) + ", max: " + std::to_string(rs.players.max) +
                      (rs.players.usual > 0 ? ", default: " + std::to_string(rs.players.usual) : std::string()) + "}");
    if (k == "description") w.text(0, k, rs.description);
    if (k == "assumed") w.text(0, k, rs.assumed);
    if (k == "include") w.raw(0, k, flowList(rs.includes));
    for (const auto& [key, block] : rs.tuning) {
      if (key != k) continue;
      w.blank();
      w.raw(0, k, "");
      std::size_t start = 0;
      while (start < block.size()) {
        const auto end = block.find('\n', start);
        w.text() += "  " + block.substr(start, end == std::string::npos ? std::string::npos : end - start) + "\n";
        start = end == std::string::npos ? block.size() : end + 1;
      }
    }
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

// One file of the ruleset: where it goes, where it was read from (empty: a
// new file) and what goes into it.
struct FilePlan {
  std::string savePath;
  std::string loadedPath;
  FilePart part;
};

std::vector<FilePlan> planFiles(const Ruleset& ruleset, const std::string& rootPath) {
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

  std::vector<FilePlan> out;
  const std::string rootNormal = fs::path(rootPath).lexically_normal().generic_string();
  out.push_back({rootPath, ruleset.origin.loc.file, std::move(parts[0])});
  for (std::size_t i = 0; i < ruleset.includes.size(); ++i) {
    const std::string path = (saveBase / ruleset.includes[i]).lexically_normal().generic_string();
    const bool seen = std::any_of(out.begin(), out.end(), [&](const FilePlan& p) { return p.savePath == path; });
    if (path == rootNormal || seen) continue;
    out.push_back({path, ruleset.origin.loc.file.empty() ? std::string() : loadedPaths[i], std::move(parts[i + 1])});
  }
  return out;
}

// Every item of a ruleset read from one file, as a FilePart.
FilePart wholePart(const Ruleset& rs, bool root) {
  FilePart all;
  all.root = root;
  for (const auto& p : rs.parameters) all.parameters.push_back(&p);
  for (const auto& d : rs.dice) all.dice.push_back(&d);
  for (Section s : kSections)
    for (const auto& e : rs.entities(s)) all.sections[static_cast<int>(s)].push_back(&e);
  for (const auto& q : rs.diceQuestions) all.questions.push_back(&q);
  return all;
}

template <typename T>
bool sameItems(const std::vector<const T*>& a, const std::vector<const T*>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const T* x, const T* y) { return *x == *y; });
}

// True if `file` (one file as read) says what `part` of `rs` holds: the same
// content, whatever the layout.
bool sameContent(const Ruleset& file, const Ruleset& rs, const FilePart& part) {
  const FilePart read = wholePart(file, part.root);
  if (!sameItems(read.parameters, part.parameters) || !sameItems(read.dice, part.dice) ||
      !sameItems(read.questions, part.questions))
    return false;
  for (int s = 0; s < kSectionCount; ++s)
    if (!sameItems(read.sections[static_cast<std::size_t>(s)], part.sections[static_cast<std::size_t>(s)])) return false;
  if (!part.root) return true;
  return file.id == rs.id && file.name == rs.name && file.engine == rs.engine && file.version == rs.version &&
         file.players == rs.players && file.description == rs.description && file.assumed == rs.assumed &&
         file.includes == rs.includes && file.tuning == rs.tuning;
}

// The text to save for one file: the file as it is when it already says
// this (byte-identical), else the original merged with the change
// (layout_preserver.h) when that reads back as the model, else canonical.
std::string keptLayout(const Ruleset& rs, const FilePlan& plan, const std::string& canonical) {
  std::string original;
  if (plan.loadedPath.empty() || !fs::is_regular_file(plan.loadedPath) || !readFile(plan.loadedPath, original))
    return canonical;
  const LoadResult disk = readRulesetFile(original, plan.loadedPath, plan.part.root);
  if (disk.diagnostics.hasErrors()) return canonical;  // the file on disk is not what we read: rewrite
  if (sameContent(disk.ruleset, rs, plan.part)) return original;
  const std::string baseline = writeFile(disk.ruleset, wholePart(disk.ruleset, plan.part.root), plan.part.root);
  std::string text = yaml::preserveLayout(original, baseline, canonical);
  if (text == canonical) return canonical;
  const LoadResult check = readRulesetFile(text, plan.loadedPath, plan.part.root);
  return !check.diagnostics.hasErrors() && sameContent(check.ruleset, rs, plan.part) ? text : canonical;
}

}  // namespace

std::string toYaml(const Ruleset& ruleset) { return writeFile(ruleset, wholePart(ruleset, true), false); }

std::map<std::string, std::string> toYamlFiles(const Ruleset& ruleset, const std::string& rootPath) {
  std::map<std::string, std::string> out;
  for (const auto& plan : planFiles(ruleset, rootPath)) out[plan.savePath] = writeFile(ruleset, plan.part, plan.part.root);
  return out;
}

std::map<std::string, std::string> toSavedYamlFiles(const Ruleset& ruleset, const std::string& rootPath) {
  std::map<std::string, std::string> out;
  for (const auto& plan : planFiles(ruleset, rootPath))
    out[plan.savePath] = keptLayout(ruleset, plan, writeFile(ruleset, plan.part, plan.part.root));
  return out;
}

bool saveRuleset(const Ruleset& ruleset, const std::string& rootPath, std::string* error) {
  auto files = toSavedYamlFiles(ruleset, rootPath);
  // One set (model/core/atomic_file.h): every file is staged before any is
  // replaced, so a failure replaces none. Included files first, the root
  // last: a reader never sees a root whose includes are missing. A file that
  // already holds its text is not written at all.
  auto unchanged = [](const std::string& path, const std::string& text) {
    std::string now;
    return fs::is_regular_file(path) && readFile(path, now) && now == text;
  };
  std::vector<std::pair<std::string, std::string>> set;
  for (auto& [path, text] : files) {
    if (path == rootPath || unchanged(path, text)) continue;
    std::error_code ec;
    const fs::path folder = fs::path(path).parent_path();
    if (!folder.empty()) fs::create_directories(folder, ec);
    set.emplace_back(path, std::move(text));
  }
  if (!unchanged(rootPath, files.at(rootPath))) set.emplace_back(rootPath, std::move(files.at(rootPath)));
  return set.empty() || writeFilesAtomically(set, error);
}

}  // namespace wb::model
