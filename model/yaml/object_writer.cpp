// Emission of the objects of a ruleset as YAML lines (see object_writer.h).
#include "model/yaml/object_writer.h"

#include <algorithm>
#include <optional>

#include "model/core/scalar.h"
#include "model/yaml/yaml_text.h"

namespace wb::model::yaml {

void YamlLines::blank() {
  if (!m_out.empty() && m_out.back() == '\n' && m_out.size() > 1 && m_out[m_out.size() - 2] != '\n') m_out += '\n';
}

void YamlLines::raw(int indent, const std::string& key, const std::string& value, const std::string& prefix) {
  m_out += std::string(static_cast<std::size_t>(indent), ' ') + prefix + scalarText(key) + ":" +
           (value.empty() ? "" : " " + value) + "\n";
}

void YamlLines::text(int indent, const std::string& key, const std::string& value, const std::string& prefix) {
  std::string header;
  std::vector<std::string> lines;
  if (literalBlock(value, header, lines)) {
    raw(indent, key, header, prefix);
    const std::string pad(static_cast<std::size_t>(indent + 2 + static_cast<int>(prefix.size())), ' ');
    for (const auto& l : lines) m_out += (l.empty() ? std::string() : pad + l) + "\n";
  } else {
    raw(indent, key, scalarText(value), prefix);
  }
}

void YamlLines::field(int indent, const Field& f, const std::string& prefix) {
  if (f.isList)
    raw(indent, f.key, flowList(f.items), prefix);
  else
    text(indent, f.key, f.text, prefix);
}


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



namespace {

constexpr std::size_t kFlowWidth = 100;  // longer flow maps are written as blocks

// `{a: 1, b: [x, y]}` from already-rendered values.
std::string flowMap(const std::vector<std::pair<std::string, std::string>>& entries) {
  std::string out = "{";
  for (std::size_t i = 0; i < entries.size(); ++i)
    out += (i ? ", " : "") + scalarText(entries[i].first, true) + ": " + entries[i].second;
  return out + "}";
}

std::string flowValue(const Field& f) { return f.isList ? flowList(f.items) : scalarText(f.text, true); }

// A map of fields: flow style when it fits on a line, else a block map.
void fieldMap(YamlLines& w, int indent, const std::string& key, const std::vector<Field>& fields) {
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

}  // namespace

void writeParameter(YamlLines& w, const Parameter& p) {
  const std::string value = toString(p.value);
  const bool inferable = inferredType(value, !p.choices.empty()) == p.type;
  const bool bare = !p.min && !p.max && !p.step && p.choices.empty() && p.description.empty() && p.assumed.empty() &&
                    p.alternatives.empty();
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
    if (k == "alternatives") return !p.alternatives.empty() || inOrder(p.origin, k);
    return false;
  };
  static const std::vector<std::string> kKeys = {"type", "default", "min", "max", "step", "choices", "description", "assumed", "alternatives"};
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
    if (k == "alternatives") entries.emplace_back(k, flowList(p.alternatives));
  }
  w.raw(2, p.id, flowMap(entries));
}

namespace {

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
void writeItem(YamlLines& w, int indent, const std::vector<ItemEntry>& entries, bool flow) {
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

}  // namespace

void writeDie(YamlLines& w, const Die& d) {
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

namespace {

// ---- effects and dice questions -------------------------------------------

void writeEffect(YamlLines& w, const Effect& e) {
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

}  // namespace

void writeQuestion(YamlLines& w, const DiceQuestion& q) {
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

void writeEntity(YamlLines& w, const Entity& e) {
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


}  // namespace wb::model::yaml
