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
#include "model/yaml/yaml_text.h"

namespace wb::model {

namespace {

namespace fs = std::filesystem;
using yaml::flowList;
using yaml::scalarText;

constexpr std::size_t kFlowWidth = 100;  // longer flow maps are written as blocks

bool inOrder(const Origin& origin, std::string_view key) {
  return std::find(origin.keyOrder.begin(), origin.keyOrder.end(), key) != origin.keyOrder.end();
}

// The keys to write: those of `keyOrder` that are present, in that order, then
// each remaining present key right after its predecessor in `canonical`.
std::vector<std::string> orderKeys(const std::vector<std::string>& canonical, const Origin& origin,
                                   const std::function<bool(const std::string&)>& present) {
  std::vector<std::string> out;
  auto has = [&](const std::string& k) { return std::find(out.begin(), out.end(), k) != out.end(); };
  for (const auto& k : origin.keyOrder)
    if (!has(k) && std::find(canonical.begin(), canonical.end(), k) != canonical.end() && present(k)) out.push_back(k);
  for (std::size_t i = 0; i < canonical.size(); ++i) {
    const std::string& k = canonical[i];
    if (has(k) || !present(k)) continue;
    std::size_t pos = 0;
    for (std::size_t j = i; j-- > 0;) {
      auto it = std::find(out.begin(), out.end(), canonical[j]);
      if (it != out.end()) {
        pos = static_cast<std::size_t>(it - out.begin()) + 1;
        break;
      }
    }
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(pos), k);
  }
  return out;
}

// Appends YAML lines to a string.
class Writer {
 public:
  std::string& text() { return m_out; }

  void blank() {
    if (!m_out.empty() && m_out.back() == '\n' && m_out.size() > 1 && m_out[m_out.size() - 2] != '\n') m_out += '\n';
  }
  // `key: value` where value is already YAML (flow map, list, number...).
  void raw(int indent, const std::string& key, const std::string& value, const std::string& prefix = {}) {
    m_out += std::string(static_cast<std::size_t>(indent), ' ') + prefix + scalarText(key) + ":" +
             (value.empty() ? "" : " " + value) + "\n";
  }
  // `key: text`, quoted as needed; multi-line text as a literal block.
  void text(int indent, const std::string& key, const std::string& value, const std::string& prefix = {}) {
    std::string header;
    std::vector<std::string> lines;
    if (yaml::literalBlock(value, header, lines)) {
      raw(indent, key, header, prefix);
      const std::string pad(static_cast<std::size_t>(indent + 2 + static_cast<int>(prefix.size())), ' ');
      for (const auto& l : lines) m_out += (l.empty() ? std::string() : pad + l) + "\n";
    } else {
      raw(indent, key, scalarText(value), prefix);
    }
  }
  // A Field: a scalar or a flow list.
  void field(int indent, const Field& f, const std::string& prefix = {}) {
    if (f.isList)
      raw(indent, f.key, flowList(f.items), prefix);
    else
      text(indent, f.key, f.text, prefix);
  }

 private:
  std::string m_out;
};

// `{a: 1, b: [x, y]}` from already-rendered values.
std::string flowMap(const std::vector<std::pair<std::string, std::string>>& entries) {
  std::string out = "{";
  for (std::size_t i = 0; i < entries.size(); ++i)
    out += (i ? ", " : "") + scalarText(entries[i].first, true) + ": " + entries[i].second;
  return out + "}";
}

std::string flowValue(const Field& f) { return f.isList ? flowList(f.items) : scalarText(f.text, true); }

// A map of fields: flow style when it fits on a line, else a block map.
void fieldMap(Writer& w, int indent, const std::string& key, const std::vector<Field>& fields) {
  std::vector<std::pair<std::string, std::string>> entries;
  bool multiLine = false;
  for (const auto& f : fields) {
    entries.emplace_back(f.key, flowValue(f));
    multiLine = multiLine || f.text.find('\n') != std::string::npos;
  }
  std::string flow = flowMap(entries);
  if (!multiLine && flow.size() + key.size() + static_cast<std::size_t>(indent) <= kFlowWidth) {
    w.raw(indent, key, flow);
    return;
  }
  w.raw(indent, key, "");
  for (const auto& f : fields) w.field(indent + 2, f);
}

// ---- parameters -----------------------------------------------------------

std::optional<ParameterType> inferredType(const std::string& text, bool hasChoices) {
  if (hasChoices) return ParameterType::Enum;
  if (parseInt(text)) return ParameterType::Int;
  if (parseNumber(text)) return ParameterType::Float;
  if (parseBool(text)) return ParameterType::Bool;
  return ParameterType::String;
}

void writeParameter(Writer& w, const Parameter& p) {
  const std::string value = toString(p.value);
  const bool inferable = inferredType(value, !p.choices.empty()) == p.type;
  const bool bare = !p.min && !p.max && !p.step && p.choices.empty() && p.description.empty() && p.assumed.empty();
  // `speed: 0.5` stays in that short form if it was written so.
  if (bare && inferable && p.origin.loc.known() && p.origin.keyOrder.empty() && value.find('\n') == std::string::npos) {
    w.raw(2, p.id, scalarText(value));
    return;
  }
  const bool omitType = inferable && p.origin.loc.known() && !p.origin.keyOrder.empty() && !inOrder(p.origin, "type");
  auto present = [&](const std::string& k) {
    if (k == "type") return !omitType;
    if (k == "default") return true;
    if (k == "min") return p.min.has_value();
    if (k == "max") return p.max.has_value();
    if (k == "step") return p.step.has_value();
    if (k == "choices") return !p.choices.empty() || inOrder(p.origin, k);
    if (k == "description") return !p.description.empty() || inOrder(p.origin, k);
    if (k == "assumed") return !p.assumed.empty() || inOrder(p.origin, k);
    return false;
  };
  static const std::vector<std::string> kKeys = {"type", "default", "min", "max", "step", "choices", "description", "assumed"};
  std::vector<std::pair<std::string, std::string>> entries;
  for (const auto& k : orderKeys(kKeys, p.origin, present)) {
    if (k == "type") entries.emplace_back(k, toString(p.type));
    if (k == "default") entries.emplace_back(k, scalarText(value, true));
    if (k == "min") entries.emplace_back(k, formatNumber(*p.min));
    if (k == "max") entries.emplace_back(k, formatNumber(*p.max));
    if (k == "step") entries.emplace_back(k, formatNumber(*p.step));
    if (k == "choices") entries.emplace_back(k, flowList(p.choices));
    if (k == "description") entries.emplace_back(k, scalarText(p.description, true));
    if (k == "assumed") entries.emplace_back(k, scalarText(p.assumed, true));
  }
  w.raw(2, p.id, flowMap(entries));
}

// ---- list items of simple entries (dice, effects, dice questions) ---------

// One `key: value` of a list item: a scalar or a list (`value`), or, for
// non-simple die faces, `faces` rendered one per item.
struct ItemEntry {
  std::string key;
  Field value;
  std::vector<std::string> faces;  // flow text of each face, when non-empty
};

// An object written as a one-line flow map (`- {op: damage, amount: fire}`)
// has every key on its own first line: a block map cannot hold two keys on
// one line. Such objects are written back in flow style.
bool writtenInFlow(const Origin& o) {
  if (!o.loc.known() || o.keyOrder.size() < 2) return false;
  for (const auto& k : o.keyOrder) {
    auto it = o.keys.find(k);
    if (it == o.keys.end() || it->second.line != o.loc.line) return false;
  }
  return true;
}

// Writes `- key: value` lines (the dash at `indent`), or `- {key: value, ...}`.
void writeItem(Writer& w, int indent, const std::vector<ItemEntry>& entries, bool flow) {
  const bool multiLine = std::any_of(entries.begin(), entries.end(), [](const ItemEntry& e) {
    return e.value.text.find('\n') != std::string::npos;
  });
  const std::string pad(static_cast<std::size_t>(indent), ' ');
  if (flow && !multiLine) {
    std::vector<std::pair<std::string, std::string>> flowEntries;
    for (const auto& e : entries) {
      std::string value = e.faces.empty() ? flowValue(e.value) : "[";
      for (std::size_t i = 0; i < e.faces.size(); ++i) value += (i ? ", " : "") + e.faces[i] + (i + 1 == e.faces.size() ? "]" : "");
      flowEntries.emplace_back(e.key, value);
    }
    w.text() += pad + "- " + flowMap(flowEntries) + "\n";
    return;
  }
  std::string prefix = "- ";
  for (const auto& e : entries) {
    const int at = prefix.empty() ? indent + 2 : indent;
    if (e.faces.empty()) {
      w.field(at, e.value, prefix);
    } else {
      w.raw(at, e.key, "", prefix);
      for (const auto& f : e.faces) w.text() += pad + "    - " + f + "\n";
    }
    prefix.clear();
  }
}

ItemEntry scalarEntry(const std::string& key, const std::string& text) { return {key, Field{key, text, {}, false}, {}}; }

// ---- dice -----------------------------------------------------------------

bool isSimpleFace(const DieFace& f) { return f.weight == 1 && f.value == parseNumber(f.symbol).value_or(0.0); }

std::string faceText(const DieFace& f) {
  if (isSimpleFace(f)) return scalarText(f.symbol, true);
  std::vector<std::pair<std::string, std::string>> entries = {{"symbol", scalarText(f.symbol, true)}};
  if (f.value != parseNumber(f.symbol).value_or(0.0)) entries.emplace_back("value", formatNumber(f.value));
  if (f.weight != 1) entries.emplace_back("weight", formatNumber(f.weight));
  return flowMap(entries);
}

void writeDie(Writer& w, const Die& d) {
  static const std::vector<std::string> kKeys = {"id", "name", "faces", "assumed"};
  auto present = [&](const std::string& k) {
    if (k == "id" || k == "faces") return true;
    if (k == "name") return !d.name.empty() || inOrder(d.origin, k);
    return !d.assumed.empty() || inOrder(d.origin, k);
  };
  std::vector<ItemEntry> entries;
  for (const auto& k : orderKeys(kKeys, d.origin, present)) {
    if (k == "id") entries.push_back(scalarEntry(k, d.id));
    if (k == "name") entries.push_back(scalarEntry(k, d.name));
    if (k == "assumed") entries.push_back(scalarEntry(k, d.assumed));
    if (k == "faces") {
      ItemEntry e{k, Field{k, {}, {}, true}, {}};
      if (std::all_of(d.faces.begin(), d.faces.end(), isSimpleFace))
        for (const auto& f : d.faces) e.value.items.push_back(f.symbol);
      else
        for (const auto& f : d.faces) e.faces.push_back(faceText(f));
      entries.push_back(std::move(e));
    }
  }
  writeItem(w, 2, entries, writtenInFlow(d.origin));
}

// ---- effects and dice questions -------------------------------------------

void writeEffect(Writer& w, const Effect& e) {
  std::vector<std::string> canonical = {"op"};
  for (const auto& a : e.args) canonical.push_back(a.key);
  canonical.push_back("assumed");
  auto present = [&](const std::string& k) {
    if (k == "op") return true;
    if (k == "assumed" && !e.arg(k)) return !e.assumed.empty() || inOrder(e.origin, k);
    return e.arg(k) != nullptr;
  };
  std::vector<ItemEntry> entries;
  for (const auto& k : orderKeys(canonical, e.origin, present)) {
    if (k == "op")
      entries.push_back(scalarEntry(k, e.op));
    else if (const Field* f = e.arg(k))
      entries.push_back({k, *f, {}});
    else
      entries.push_back(scalarEntry(k, e.assumed));
  }
  writeItem(w, 6, entries, writtenInFlow(e.origin));
}

void writeQuestion(Writer& w, const DiceQuestion& q) {
  std::vector<std::string> canonical = {"id", "name", "query"};
  for (const auto& a : q.args) canonical.push_back(a.key);
  canonical.push_back("assumed");
  auto present = [&](const std::string& k) {
    if (q.arg(k)) return true;
    if (k == "id" || k == "query") return true;
    if (k == "name") return !q.name.empty() || inOrder(q.origin, k);
    if (k == "assumed") return !q.assumed.empty() || inOrder(q.origin, k);
    return false;
  };
  std::vector<ItemEntry> entries;
  for (const auto& k : orderKeys(canonical, q.origin, present)) {
    if (const Field* f = q.arg(k))
      entries.push_back({k, *f, {}});
    else
      entries.push_back(scalarEntry(k, k == "id" ? q.id : k == "name" ? q.name : k == "query" ? q.query : q.assumed));
  }
  writeItem(w, 2, entries, writtenInFlow(q.origin));
}

// ---- entities -------------------------------------------------------------

void writeEntity(Writer& w, const Entity& e) {
  static const std::vector<std::string> kKeys = {"id",   "name",       "kind",    "count",  "cost", "costs",
                                                 "tags", "text",       "properties", "effects", "assumed"};
  const bool hasNamedCosts = std::any_of(e.costs.begin(), e.costs.end(), [](const Cost& c) { return !c.resource.empty(); });
  auto present = [&](const std::string& k) {
    const bool written = inOrder(e.origin, k);
    if (k == "id" || k == "name") return true;
    if (k == "kind") return !e.kind.empty() || written;
    if (k == "count") return e.count != 1 || written;
    if (k == "cost") return e.cost("") != nullptr;
    if (k == "costs") return hasNamedCosts;
    if (k == "tags") return !e.tags.empty() || written;
    if (k == "text") return !e.text.empty() || written;
    if (k == "properties") return !e.properties.empty() || written;
    if (k == "effects") return !e.effects.empty() || written;
    return !e.assumed.empty() || written;  // assumed
  };
  std::string prefix = "- ";
  for (const auto& k : orderKeys(kKeys, e.origin, present)) {
    const int indent = prefix.empty() ? 4 : 2;
    if (k == "id") w.text(indent, k, e.id, prefix);
    if (k == "name") w.text(indent, k, e.name, prefix);
    if (k == "kind") w.text(indent, k, e.kind, prefix);
    if (k == "count") w.raw(indent, k, std::to_string(e.count), prefix);
    if (k == "cost") w.text(indent, k, e.cost("")->amount.text(), prefix);
    if (k == "tags") w.raw(indent, k, flowList(e.tags), prefix);
    if (k == "text") w.text(indent, k, e.text, prefix);
    if (k == "assumed") w.text(indent, k, e.assumed, prefix);
    if (!prefix.empty() && (k == "costs" || k == "properties" || k == "effects")) {
      // A block-valued key written first: open the list item on its own line.
      w.text() += "  -\n";
      prefix.clear();
    }
    if (k == "costs") {
      std::vector<Field> fields;
      for (const auto& c : e.costs)
        if (!c.resource.empty()) fields.push_back(Field{c.resource, c.amount.text(), {}, false});
      fieldMap(w, 4, k, fields);
    }
    if (k == "properties") {
      if (e.properties.empty())
        w.raw(4, k, "{}");
      else
        fieldMap(w, 4, k, e.properties);
    }
    if (k == "effects") {
      if (e.effects.empty()) {
        w.raw(4, k, "[]");
      } else {
        w.raw(4, k, "");
        for (const auto& eff : e.effects) writeEffect(w, eff);
      }
    }
    prefix.clear();
  }
}

// ---- files ----------------------------------------------------------------

// What goes into one file: the items of each list whose file index matches.
struct FilePart {
  bool root = true;
  std::vector<const Parameter*> parameters;
  std::vector<const Die*> dice;
  std::array<std::vector<const Entity*>, kSectionCount> sections;
  std::vector<const DiceQuestion*> questions;
};

void writeContentKey(Writer& w, const std::string& key, const FilePart& part, bool keepEmpty) {
  if (key == "parameters" && (!part.parameters.empty() || keepEmpty)) {
    w.blank();
    w.raw(0, key, part.parameters.empty() ? "{}" : "");
    for (const Parameter* p : part.parameters) writeParameter(w, *p);
  } else if (key == "dice" && (!part.dice.empty() || keepEmpty)) {
    w.blank();
    w.raw(0, key, part.dice.empty() ? "[]" : "");
    for (const Die* d : part.dice) writeDie(w, *d);
  } else if (key == "dice_questions" && (!part.questions.empty() || keepEmpty)) {
    w.blank();
    w.raw(0, key, part.questions.empty() ? "[]" : "");
    for (const DiceQuestion* q : part.questions) writeQuestion(w, *q);
  } else if (auto s = sectionFromString(key)) {
    const auto& items = part.sections[static_cast<int>(*s)];
    if (items.empty() && !keepEmpty) return;
    w.blank();
    w.raw(0, key, items.empty() ? "[]" : "");
    for (const Entity* e : items) writeEntity(w, *e);
  }
}

const std::vector<std::string>& topLevelKeys() {
  static const std::vector<std::string> keys = {
      "id",         "name", "engine", "version", "players", "description", "assumed", "include", "parameters",
      "dice",       "cards", "tiles", "events",  "abilities", "factions",  "dice_questions"};
  return keys;
}

std::string writeFile(const Ruleset& rs, const FilePart& part, bool withIncludes) {
  Writer w;
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
  const auto files = toYamlFiles(ruleset, rootPath);
  // Included files first, the root last: a reader never sees a root whose
  // includes are missing.
  for (const auto& [path, text] : files) {
    if (path == rootPath) continue;
    std::error_code ec;
    const fs::path folder = fs::path(path).parent_path();
    if (!folder.empty()) fs::create_directories(folder, ec);
    if (!writeFileAtomically(path, text, error)) return false;
  }
  return writeFileAtomically(rootPath, files.at(rootPath), error);
}

}  // namespace wb::model
