#include "model/diff/ruleset_diff.h"

#include <map>
#include <set>

#include "model/core/scalar.h"
#include "model/path/ruleset_path.h"

namespace wb::model {
namespace {

// One comparable value: its group (the parameter / die / entity / question it
// belongs to, "" for metadata), its path and its text.
struct Item {
  std::string group;
  std::string path;
  std::string text;
};

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
  return out;
}

std::string fieldText(const Field& f) { return f.isList ? "[" + joined(f.items) + "]" : f.text; }

void addPath(const Ruleset& r, std::vector<Item>& out, const std::string& group, const std::string& path) {
  if (auto v = getPath(r, path)) out.push_back({group, path, v->text});
}

// "cards.fire.cost" -> "cards.fire"; metadata ("players.min") -> "".
std::string groupOf(const std::string& path) {
  auto dot = path.find('.');
  if (dot == std::string::npos) return "";
  const std::string head = path.substr(0, dot);
  if (head != "parameters" && head != "dice" && head != "dice_questions" && !sectionFromString(head)) return "";
  auto second = path.find('.', dot + 1);
  return second == std::string::npos ? path : path.substr(0, second);
}

std::vector<Item> collect(const Ruleset& r) {
  std::vector<Item> out;
  for (const std::string key : {"id", "name", "engine", "version", "players.min", "players.max", "description", "assumed"})
    addPath(r, out, "", key);
  // The seat count a run starts at: a change of it changes every number.
  out.push_back({"", "players.default", std::to_string(r.players.initial())});
  for (const auto& p : r.parameters) {
    const std::string g = "parameters." + p.id;
    addPath(r, out, g, g);
    for (const char* f : {"min", "max", "step", "description", "assumed"}) addPath(r, out, g, g + "." + f);
  }
  for (const auto& d : r.dice) {
    const std::string g = "dice." + d.id;
    for (const char* f : {"name", "faces", "assumed"}) addPath(r, out, g, g + "." + f);
  }
  for (Section s : kSections) {
    for (const auto& e : r.entities(s)) {
      const std::string g = std::string(toString(s)) + "." + e.id;
      for (const char* f : {"name", "kind", "count"}) addPath(r, out, g, g + "." + f);
      for (const auto& c : e.costs) addPath(r, out, g, c.resource.empty() ? g + ".cost" : g + ".costs." + c.resource);
      addPath(r, out, g, g + ".tags");
      for (const auto& prop : e.properties) addPath(r, out, g, g + ".properties." + prop.key);
      for (std::size_t i = 0; i < e.effects.size(); ++i) {
        const std::string base = g + ".effects." + std::to_string(i) + ".";
        out.push_back({g, base + "op", e.effects[i].op});
        for (const auto& a : e.effects[i].args) out.push_back({g, base + a.key, fieldText(a)});
        if (!e.effects[i].assumed.empty()) out.push_back({g, base + "assumed", e.effects[i].assumed});
      }
      for (const char* f : {"text", "assumed"}) addPath(r, out, g, g + "." + f);
    }
  }
  for (const auto& q : r.diceQuestions) {
    const std::string g = "dice_questions." + q.id;
    out.push_back({g, g + ".name", q.name});
    out.push_back({g, g + ".query", q.query});
    for (const auto& a : q.args) out.push_back({g, g + "." + a.key, fieldText(a)});
    if (!q.assumed.empty()) out.push_back({g, g + ".assumed", q.assumed});
  }
  // Anything listPaths knows that the walk above missed (fields added later).
  std::set<std::string> seen;
  for (const auto& i : out) seen.insert(i.path);
  for (const auto& v : listPaths(r))
    if (!seen.count(v.path)) out.push_back({groupOf(v.path), v.path, v.text});
  return out;
}

bool bothNumeric(const std::string& a, const std::string& b) {
  return parseNumber(a).has_value() && parseNumber(b).has_value();
}

}  // namespace

const char* toString(ValueChange::Kind kind) {
  switch (kind) {
    case ValueChange::Kind::Changed: return "changed";
    case ValueChange::Kind::Added: return "added";
    case ValueChange::Kind::Removed: return "removed";
  }
  return "changed";
}

std::string ValueChange::describe() const {
  switch (kind) {
    case Kind::Added: return "+ " + path + (after.empty() ? "" : ": " + after) + " (added)";
    case Kind::Removed: return "- " + path + (before.empty() ? "" : ": " + before) + " (removed)";
    case Kind::Changed: break;
  }
  return path + ": " + before + " -> " + after;
}

std::vector<ValueChange> diffRulesets(const Ruleset& before, const Ruleset& after) {
  const std::vector<Item> a = collect(before);
  const std::vector<Item> b = collect(after);
  std::set<std::string> groupsA, groupsB;
  std::map<std::string, const Item*> pathsA, pathsB;
  for (const auto& i : a) { groupsA.insert(i.group); pathsA[i.path] = &i; }
  for (const auto& i : b) { groupsB.insert(i.group); pathsB[i.path] = &i; }

  std::vector<ValueChange> out;
  std::set<std::string> reportedGroups;
  for (const auto& i : a) {
    if (!i.group.empty() && !groupsB.count(i.group)) {
      if (reportedGroups.insert(i.group).second)
        out.push_back({ValueChange::Kind::Removed, i.group, "", "", false});
      continue;
    }
    auto other = pathsB.find(i.path);
    if (other == pathsB.end()) {
      out.push_back({ValueChange::Kind::Removed, i.path, i.text, "", false});
    } else if (other->second->text != i.text) {
      out.push_back({ValueChange::Kind::Changed, i.path, i.text, other->second->text,
                     bothNumeric(i.text, other->second->text)});
    }
  }
  for (const auto& i : b) {
    if (!i.group.empty() && !groupsA.count(i.group)) {
      if (reportedGroups.insert(i.group).second)
        out.push_back({ValueChange::Kind::Added, i.group, "", "", false});
      continue;
    }
    if (!pathsA.count(i.path)) out.push_back({ValueChange::Kind::Added, i.path, "", i.text, false});
  }
  return out;
}

}  // namespace wb::model
