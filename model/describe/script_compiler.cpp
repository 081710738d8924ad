// Scripted players (`players:`): priority lists of rules (when, take,
// prefer) compiled into ScriptRule. `take:` names what the rule takes: an
// action, the picks of a `choose` (its `id`), `<id> done` (stopping a choice
// early) or `pass` (declining to answer an action waiting on the stack, or
// ending a window).
#include <set>
#include <string>

#include "model/describe/compiler_state.h"
#include "model/validation/name_suggestion.h"

namespace wb::model::describe {

namespace {

// A phase with `during:` (read before finishStack places them).
bool hasStack(const DescribedProgram& p) {
  for (const Phase& ph : p.phases)
    if (ph.role != StackRole::None) return true;
  return false;
}

}  // namespace

// What `take: name` names; false (reported) when nothing.
bool Compiler::readTake(const std::string& name, const SourceLocation& where, ScriptRule& rule) {
  const std::string doneSuffix = " done";
  const bool done = name.size() > doneSuffix.size() && name.compare(name.size() - doneSuffix.size(), doneSuffix.size(), doneSuffix) == 0;
  const std::string base = done ? name.substr(0, name.size() - doneSuffix.size()) : name;
  bool stops = false;  // some choice of that id may stop early
  for (std::size_t i = 0; i < m_p.choices.size(); ++i)
    if (m_p.choices[i].id == base) {
      rule.choices.push_back(static_cast<int>(i));
      stops = stops || m_p.choices[i].upTo;
    }
  if (done) {
    rule.done = true;
    if (rule.choices.empty()) {
      error(where, "'" + name + "': no 'choose' has the id '" + base + "'");
      return false;
    }
    if (!stops) {
      error(where, "'" + name + "': the choice '" + base + "' cannot stop early (it has no 'up_to: true')");
      return false;
    }
    return true;
  }
  if (auto it = m_actions.find(base); it != m_actions.end()) rule.action = it->second;
  rule.pass = base == "pass" && hasStack(m_p);
  if (rule.action >= 0 || rule.pass || !rule.choices.empty()) return true;
  std::set<std::string, std::less<>> known;
  for (const auto& [id, index] : m_actions) known.insert(id);
  for (const Choice& c : m_p.choices) known.insert(c.id);
  if (hasStack(m_p)) known.insert("pass");
  error(where, "unknown action '" + base + "' for 'take' (an action, a choice's id, '<choice> done'" +
                   std::string(hasStack(m_p) ? " or 'pass'" : "") + ")" + validation::didYouMean(base, known));
  return false;
}

void Compiler::readScripts(const YAML::Node& node) {
  if (!node.IsMap()) {
    error(m_r.loc(node), "expected a map of scripted players for 'players', got " + yaml::NodeReader::describe(node));
    return;
  }
  for (const auto& e : m_r.entries(node, "scripted players")) {
    Script s;
    s.id = e.key;
    if (!e.value.IsSequence()) {
      error(e.valueLoc, "expected a list of rules (when, take, prefer) for player '" + e.key + "'");
      continue;
    }
    for (const auto& item : e.value) {
      ScriptRule rule;
      bool hasTake = false, named = false;
      for (const auto& f : m_r.entries(item, "rule of player '" + e.key + "'")) {
        if (f.key == "when") {
          rule.condition = condition(f.value);
        } else if (f.key == "take") {
          named = readTake(scalar(f.value, "'take'"), f.valueLoc, rule);
          hasTake = true;
        } else if (f.key == "prefer") {
          rule.prefer = expression(f.value, "'prefer'");
        } else if (f.key != "description") {
          m_r.unknownKey(f, "rule of a scripted player (known: when, take, prefer, description)");
        }
      }
      if (!hasTake) error(m_r.loc(item), "a rule of a scripted player needs 'take: <action>'");
      if (named) s.rules.push_back(rule);
    }
    m_p.scripts.push_back(std::move(s));
  }
}

}  // namespace wb::model::describe
