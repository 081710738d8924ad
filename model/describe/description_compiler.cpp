// The sections of a description and the names its expressions read
// (description_compiler.h). Effects: effect_compiler.cpp; static checks:
// description_checks.cpp.
#include "model/describe/description_compiler.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <optional>
#include <variant>

#include "model/core/atomic_file.h"
#include "model/describe/board_compiler.h"
#include "model/describe/compiler_state.h"
#include "model/describe/condition_text.h"
#include "model/describe/die_compiler.h"
#include "model/validation/name_suggestion.h"
#include "model/validation/ruleset_validator.h"
#include "model/yaml/ruleset_loader.h"
#include "model/yaml/yaml_document.h"

namespace wb::model::describe {

namespace {

std::string known(const std::map<std::string, int, std::less<>>& names, std::string_view name) {
  std::set<std::string, std::less<>> set;
  for (const auto& [k, v] : names) set.insert(k);
  return validation::didYouMean(name, set);
}

template <typename... Keys>
bool oneOf(const std::string& key, Keys... keys) {
  return ((key == keys) || ...);
}

}  // namespace

std::string Compiler::scalar(const YAML::Node& node, const std::string& what) {
  if (node.IsScalar()) return node.Scalar();
  error(m_r.loc(node), "expected a value for " + what + ", got " + yaml::NodeReader::describe(node));
  return {};
}

int Compiler::expressionText(const std::string& text, const SourceLocation& where) {
  ExpressionError err;
  auto e = Expression::parse(text, &err);
  if (!e) {
    error(offsetLocation(where, err.column - 1), err.message);
    return -1;
  }
  // Every unknown name, each at its column, before binding.
  bool ok = true;
  std::vector<const ExprNode*> stack{&e->root()};
  while (!stack.empty()) {
    const ExprNode* n = stack.back();
    stack.pop_back();
    if (n->kind == ExprNode::Kind::Name && m_slots.find(n->name) == m_slots.end()) {
      error(offsetLocation(where, n->column - 1),
            "unknown name '" + n->name + "'" + validation::didYouMean(n->name, m_names));
      ok = false;
    }
    for (const auto& a : n->args) stack.push_back(&a);
  }
  if (!ok) return -1;
  auto compiled = e->compile(
      [&](std::string_view name) {
        auto it = m_slots.find(name);
        return it == m_slots.end() ? -1 : it->second;
      },
      &err);
  if (!compiled) {
    error(offsetLocation(where, err.column - 1), err.message);
    return -1;
  }
  m_p.exprs.push_back(std::move(*compiled));
  m_exprSources.push_back({std::move(*e), where});
  return static_cast<int>(m_p.exprs.size()) - 1;
}

int Compiler::expression(const YAML::Node& node, const std::string& what) {
  const std::string text = scalar(node, what);
  if (text.empty()) {
    if (node.IsScalar()) error(m_r.loc(node), "empty amount for " + what);
    return -1;
  }
  return expressionText(text, m_r.loc(node));
}

int Compiler::conditionText(const std::string& text, const SourceLocation& where) {
  const ConditionText split = splitCondition(text);
  if (split.errorOffset >= 0) {
    error(offsetLocation(where, split.errorOffset), split.error);
    return -1;
  }
  Condition c;
  bool ok = true;
  for (const auto& all : split.anyOf) {
    std::vector<Comparison> conj;
    for (const auto& t : all) {
      Comparison cmp;
      cmp.op = t.op;
      cmp.lhs = expressionText(t.lhs, offsetLocation(where, t.lhsOffset));
      if (t.op != Compare::NonZero) cmp.rhs = expressionText(t.rhs, offsetLocation(where, t.rhsOffset));
      if (cmp.lhs < 0 || (t.op != Compare::NonZero && cmp.rhs < 0)) ok = false;
      conj.push_back(cmp);
    }
    c.anyOf.push_back(std::move(conj));
  }
  if (!ok) return -1;
  m_p.conditions.push_back(std::move(c));
  return static_cast<int>(m_p.conditions.size()) - 1;
}

int Compiler::luaFunction(const YAML::Node& value, const SourceLocation& keyLoc, const SourceLocation& valueLoc,
                          const std::string& key) {
  const std::string name = scalar(value, "'" + key + "'");
  if (m_p.luaSource.empty()) {
    error(keyLoc, "'" + key + ": " + name + "' needs the rules' 'lua:' script, which defines the function");
    return -1;
  }
  if (name.empty() || name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") !=
                          std::string::npos) {
    error(valueLoc, "expected the name of a function of the 'lua:' script for '" + key + "', got '" + name + "'");
    return -1;
  }
  auto it = std::find(m_p.luaFunctions.begin(), m_p.luaFunctions.end(), name);
  if (it == m_p.luaFunctions.end()) {
    m_p.luaFunctions.push_back(name);
    m_p.luaCalls.push_back(valueLoc);
    it = m_p.luaFunctions.end() - 1;
  }
  return static_cast<int>(it - m_p.luaFunctions.begin());
}

int Compiler::condition(const YAML::Node& node) {
  // `{call: name}`: the condition is a function of the `lua:` script (what the comparisons cannot say).
  if (node.IsMap()) {
    const auto entries = m_r.entries(node, "a condition");
    if (entries.size() != 1 || entries.front().key != "call") {
      error(m_r.loc(node), "expected a condition (comparisons such as 'coins >= 3') or '{call: FUNCTION}' "
                           "naming a function of the 'lua:' script");
      return -1;
    }
    const int f = luaFunction(entries.front().value, entries.front().keyLoc, entries.front().valueLoc, "call");
    if (f < 0) return -1;
    Condition c;
    c.lua = f;
    m_p.conditions.push_back(std::move(c));
    return static_cast<int>(m_p.conditions.size()) - 1;
  }
  const std::string text = scalar(node, "a condition");
  if (text.empty()) {
    if (node.IsScalar()) error(m_r.loc(node), "empty condition");
    return -1;
  }
  return conditionText(text, m_r.loc(node));
}

int Compiler::counterRef(const YAML::Node&, std::string_view name, const SourceLocation& where) {
  auto it = m_counters.find(name);
  if (it != m_counters.end()) return it->second;
  error(where, "unknown counter '" + std::string(name) + "'" + known(m_counters, name));
  return -1;
}

int Compiler::zoneRef(const YAML::Node&, std::string_view name, const SourceLocation& where) {
  auto it = m_zones.find(name);
  if (it != m_zones.end()) return it->second;
  error(where, "unknown zone '" + std::string(name) + "'" + known(m_zones, name));
  return -1;
}

int Compiler::actionRef(std::string_view name, const SourceLocation& where) {
  auto it = m_actions.find(name);
  if (it != m_actions.end()) return it->second;
  error(where, "unknown action '" + std::string(name) + "'" + known(m_actions, name));
  return -1;
}

// A bound written as an amount over parameters: evaluated now.
int Compiler::boundValue(const YAML::Node& node, const std::string& what, long long lo, long long hi, int fallback) {
  const std::string text = scalar(node, what);
  ExpressionError err;
  auto e = Expression::parse(text, &err);
  if (!e) {
    error(offsetLocation(m_r.loc(node), err.column - 1), err.message);
    return fallback;
  }
  bool ok = true;
  const double v = e->evaluate([&](std::string_view name) {
    const Parameter* p = m_rs.parameter(name);
    if (p == nullptr) {
      std::set<std::string, std::less<>> params;
      for (const auto& q : m_rs.parameters) params.insert(q.id);
      error(m_r.loc(node), "expected a number or an amount over parameters for " + what + ", got '" + text +
                               "' (unknown parameter '" + std::string(name) + "'" +
                               validation::didYouMean(name, params) + ")");
      ok = false;
      return 0.0;
    }
    return m_rs.number(name);
  });
  if (!ok) return fallback;
  if (!std::isfinite(v) || v < static_cast<double>(lo) || v > static_cast<double>(hi)) {
    error(m_r.loc(node), what + " is " + formatNumber(v) + ": it must lie in [" + std::to_string(lo) + ", " +
                             std::to_string(hi) + "]");
    return fallback;
  }
  return static_cast<int>(std::llround(v));
}

void Compiler::readCounters(const YAML::Node& node) {
  if (!node.IsMap()) {
    error(m_r.loc(node), "expected a map of counters, got " + yaml::NodeReader::describe(node));
    return;
  }
  for (const auto& e : m_r.entries(node, "counters")) {
    if (static_cast<int>(m_p.counters.size()) >= kMaxCounters) {
      error(e.keyLoc, "too many counters (at most " + std::to_string(kMaxCounters) + ")");
      break;
    }
    Counter c;
    c.id = e.key;
    bool hasMax = false;
    SourceLocation tallyAt;
    if (!e.value.IsMap()) {
      error(e.valueLoc, "expected a map for counter '" + e.key + "' (per, min, max, start, reset), got " +
                            yaml::NodeReader::describe(e.value));
      continue;
    }
    for (const auto& f : m_r.entries(e.value, "counter '" + e.key + "'")) {
      const long long big = kMaxCounterMagnitude;
      if (f.key == "per") {
        const std::string v = scalar(f.value, "'per'");
        if (v == "player" || v == "game")
          c.perPlayer = v == "player";
        else
          error(f.valueLoc, "expected 'player' or 'game' for 'per', got '" + v + "'");
      } else if (f.key == "min") {
        c.min = boundValue(f.value, "the min of counter '" + e.key + "'", -big, big, 0);
      } else if (f.key == "max") {
        c.max = boundValue(f.value, "the max of counter '" + e.key + "'", -big, big, 0);
        hasMax = true;
      } else if (f.key == "start") {
        c.initial = boundValue(f.value, "the start of counter '" + e.key + "'", -big, big, 0);
      } else if (f.key == "reset") {
        const std::string v = scalar(f.value, "'reset'");
        if (v == "turn")
          c.resetEachTurn = true;
        else if (v != "never")
          error(f.valueLoc, "expected 'turn' or 'never' for 'reset', got '" + v + "'");
      } else if (f.key == "tally") {
        const std::string v = scalar(f.value, "'tally'");
        tallyAt = f.valueLoc;
        if (v == "true" || v == "false")
          c.tally = v == "true";
        else if (f.value.IsScalar())  // a list or a map: scalar() said so
          error(f.valueLoc, "expected 'true' or 'false' for 'tally', got '" + v + "'");
      } else if (f.key != "assumed" && f.key != "description") {
        m_r.unknownKey(f, "counter '" + e.key + "' (known: per, min, max, start, reset, tally, description)");
      }
    }
    if (!hasMax)
      error(e.keyLoc, "counter '" + e.key + "' has no upper bound: give it a 'max' (a counter without one could "
                      "grow for ever)");
    // The run tabulates engine counters per seat, agent and faction: a count
    // kept for the whole game would be left out without a word.
    if (c.tally && !c.perPlayer)
      error(tallyAt, "counter '" + e.key + "' is per game: 'tally' marks a player's count (the run tabulates it per "
                     "seat, agent and faction); keep it 'per: player'");
    if (hasMax && c.min > c.max)
      error(e.keyLoc, "counter '" + e.key + "': min " + std::to_string(c.min) + " is above max " +
                          std::to_string(c.max));
    if (c.initial < c.min || c.initial > c.max) c.initial = std::clamp(c.initial, c.min, std::max(c.min, c.max));
    c.storage = c.perPlayer ? m_p.playerCounters++ : m_p.globalCounters++;
    m_counters[c.id] = static_cast<int>(m_p.counters.size());
    m_counterLocs.push_back(e.keyLoc);
    m_p.counters.push_back(std::move(c));
  }
}

void Compiler::readZones(const YAML::Node& node) {
  if (!node.IsMap()) {
    error(m_r.loc(node), "expected a map of zones, got " + yaml::NodeReader::describe(node));
    return;
  }
  int dealt = 0;
  for (const auto& e : m_r.entries(node, "zones")) {
    if (static_cast<int>(m_p.zones.size()) >= kMaxZones) {
      error(e.keyLoc, "too many zones (at most " + std::to_string(kMaxZones) + ")");
      break;
    }
    Zone z;
    z.id = e.key;
    if (!e.value.IsMap() && !e.value.IsNull()) {
      error(e.valueLoc, "expected a map for zone '" + e.key + "' (per, visibility, start), got " +
                            yaml::NodeReader::describe(e.value));
      continue;
    }
    for (const auto& f : m_r.entries(e.value, "zone '" + e.key + "'")) {
      if (f.key == "per") {
        const std::string v = scalar(f.value, "'per'");
        if (v == "player" || v == "game")
          z.perPlayer = v == "player";
        else
          error(f.valueLoc, "expected 'player' or 'game' for 'per', got '" + v + "'");
      } else if (f.key == "visibility") {
        const std::string v = scalar(f.value, "'visibility'");
        if (v == "everyone")
          z.visibility = Visibility::Everyone;
        else if (v == "owner")
          z.visibility = Visibility::Owner;
        else if (v == "nobody")
          z.visibility = Visibility::Nobody;
        else
          error(f.valueLoc, "expected 'everyone', 'owner' or 'nobody' for 'visibility', got '" + v + "'");
      } else if (f.key == "start") {
        if (f.value.IsScalar() && f.value.Scalar() == "all") {
          // Every card, `count` copies each, in the order the cards are written.
          for (std::size_t i = 0; i < m_rs.cards().size(); ++i)
            for (int k = 0; k < m_rs.cards()[i].count && dealt < kMaxStartCards; ++k, ++dealt)
              z.start.push_back(static_cast<int>(i));
        } else if (f.value.IsMap()) {
          for (const auto& g : m_r.entries(f.value, "the start of zone '" + e.key + "'")) {
            int card = -1;
            for (std::size_t i = 0; i < m_rs.cards().size(); ++i)
              if (m_rs.cards()[i].id == g.key) card = static_cast<int>(i);
            if (card < 0) {
              std::set<std::string, std::less<>> ids;
              for (const auto& c : m_rs.cards()) ids.insert(c.id);
              error(g.keyLoc, "unknown card '" + g.key + "'" + validation::didYouMean(g.key, ids));
              continue;
            }
            const int n = boundValue(g.value, "the copies of '" + g.key + "'", 0, kMaxStartCards, 0);
            if (dealt + n > kMaxStartCards) {
              error(g.valueLoc, "too many cards dealt at setup (at most " + std::to_string(kMaxStartCards) + ")");
              break;
            }
            dealt += n;
            for (int k = 0; k < n; ++k) z.start.push_back(card);
          }
        } else {
          error(f.valueLoc, "expected 'all' or a map of card: copies for 'start', got " +
                                yaml::NodeReader::describe(f.value));
        }
      } else if (f.key == "pool") {
        const std::string v = scalar(f.value, "'pool'");
        if (v == "shared" || v == "owner")
          z.poolShared = v == "shared";
        else
          error(f.valueLoc, "expected 'owner' or 'shared' for 'pool', got '" + v + "'");
      } else if (f.key != "description") {
        m_r.unknownKey(f, "zone '" + e.key + "' (known: per, visibility, start, pool, description)");
      }
    }
    z.storage = z.perPlayer ? m_p.playerZones++ : m_p.sharedZones++;
    m_zones[z.id] = static_cast<int>(m_p.zones.size());
    m_zoneLocs.push_back(e.keyLoc);
    m_zoneFilled.push_back(!z.start.empty());
    m_p.zones.push_back(std::move(z));
  }
}

void Compiler::readCards() {
  const auto& cards = m_rs.cards();
  if (static_cast<int>(cards.size()) > kMaxCards) {
    error(cards[kMaxCards].origin.loc, "too many cards (at most " + std::to_string(kMaxCards) + ")");
    return;
  }
  m_p.cardProps.push_back("cost");
  // card_number: the card's place in `cards:` (1 for the first), which tells
  // one card from another (a counter can remember which card was bought),
  // unless the cards give a `number` of their own.
  m_p.cardProps.push_back("number");
  for (const auto& c : cards)
    for (const auto& f : c.properties)
      if (f.asNumber() && std::find(m_p.cardProps.begin(), m_p.cardProps.end(), f.key) == m_p.cardProps.end())
        m_p.cardProps.push_back(f.key);
  for (const auto& c : cards) {
    Card card;
    card.id = c.id;
    card.props.assign(m_p.cardProps.size(), 0.0);
    card.props[1] = static_cast<double>(m_p.cards.size() + 1);
    if (const model::Cost* cost = c.cost()) {
      if (auto v = cost->amount.constantValue())
        card.props[0] = *v;
      else
        card.props[0] = cost->amount.evaluate([&](std::string_view n) { return m_rs.number(n); });
    }
    for (std::size_t k = 1; k < m_p.cardProps.size(); ++k)
      if (const Field* f = c.property(m_p.cardProps[k]))
        if (auto v = f->asNumber()) card.props[k] = *v;
    m_p.cards.push_back(std::move(card));
  }
}

void Compiler::readFactions() {
  for (const auto& f : m_rs.entities(Section::Factions))
    for (const auto& prop : f.properties)
      if (prop.asNumber() &&
          std::find(m_p.factionProps.begin(), m_p.factionProps.end(), prop.key) == m_p.factionProps.end())
        m_p.factionProps.push_back(prop.key);
  for (const auto& f : m_rs.entities(Section::Factions)) {
    m_p.factions.push_back(f.id);
    std::vector<double> values(m_p.factionProps.size(), 0.0);
    for (std::size_t k = 0; k < values.size(); ++k)
      if (const Field* prop = f.property(m_p.factionProps[k]))
        if (auto v = prop->asNumber()) values[k] = *v;
    m_p.factionValues.push_back(std::move(values));
  }
}

void Compiler::bindNames() {
  SlotLayout& s = m_p.slots;
  int next = 0;
  auto bind = [&](const std::string& name, int slot, const SourceLocation& where) {
    if (!m_slots.emplace(name, slot).second) error(where, "the name '" + name + "' is already used");
    m_names.insert(name);
  };
  s.params = next;
  for (const auto& p : m_rs.parameters) {
    if (p.type == ParameterType::String) continue;
    if (p.type == ParameterType::Enum) {
      // An enum reads as its value's place among its choices (0 the first), so
      // an amount can follow a reading the designer names (`bid_steps`).
      const auto* text = std::get_if<std::string>(&p.value);
      const auto at = text ? std::find(p.choices.begin(), p.choices.end(), *text) : p.choices.end();
      m_p.paramValues.push_back(at == p.choices.end() ? 0.0 : static_cast<double>(at - p.choices.begin()));
    } else {
      m_p.paramValues.push_back(m_rs.number(p.id));
    }
    bind(p.id, next++, p.origin.loc);
  }
  s.globals = next;
  for (std::size_t i = 0; i < m_p.counters.size(); ++i)
    if (!m_p.counters[i].perPlayer) bind(m_p.counters[i].id, s.globals + m_p.counters[i].storage, m_counterLocs[i]);
  next += m_p.globalCounters;
  s.own = next;
  next += m_p.playerCounters;
  s.opponent = next;
  next += m_p.playerCounters;
  for (std::size_t i = 0; i < m_p.counters.size(); ++i) {
    const Counter& c = m_p.counters[i];
    if (!c.perPlayer) continue;
    bind(c.id, s.own + c.storage, m_counterLocs[i]);
    bind("opponent_" + c.id, s.opponent + c.storage, m_counterLocs[i]);
  }
  const int zones = static_cast<int>(m_p.zones.size());
  s.zoneSizes = next;
  next += zones;
  s.opponentZoneSizes = next;
  next += zones;
  for (int z = 0; z < zones; ++z) {
    bind(m_p.zones[z].id + "_size", s.zoneSizes + z, m_zoneLocs[z]);
    if (m_p.zones[z].perPlayer) bind("opponent_" + m_p.zones[z].id + "_size", s.opponentZoneSizes + z, m_zoneLocs[z]);
  }
  s.players = next++;
  bind("players", s.players, m_rulesLoc);
  s.turn = next++;
  bind("turn", s.turn, m_rulesLoc);
  s.turnMoves = next++;
  bind("turn_moves", s.turnMoves, m_rulesLoc);
  s.card = next;
  for (const auto& prop : m_p.cardProps) bind("card_" + prop, next++, m_rulesLoc);
  s.faction = next;
  for (const auto& prop : m_p.factionProps) bind("faction_" + prop, next++, m_rulesLoc);
  bindBoardNames(*this, next);
  bindStackNames(next);
  bindDieNames(*this, next);
  s.total = next;
}

Interval Compiler::rangeOfName(std::string_view name) const {
  const SlotLayout& s = m_p.slots;
  const auto it = m_slots.find(name);
  if (it == m_slots.end()) return {0, 0};
  const int slot = it->second;
  if (slot < s.globals) return {m_p.paramValues[slot], m_p.paramValues[slot]};
  auto counterRange = [&](bool perPlayer, int storage) -> Interval {
    for (const auto& c : m_p.counters)
      if (c.perPlayer == perPlayer && c.storage == storage) return {double(c.min), double(c.max)};
    return {0, 0};
  };
  if (slot < s.own) return counterRange(false, slot - s.globals);
  if (slot < s.opponent) return counterRange(true, slot - s.own);
  if (slot < s.zoneSizes) return counterRange(true, slot - s.opponent);
  if (slot < s.players) return {0, double(kMaxStartCards)};
  if (slot == s.players) return {double(m_p.minPlayers), double(m_p.maxPlayers)};
  if (slot == s.turn) return {1, double(m_p.turnLimit)};
  if (slot == s.turnMoves) return {0, double(kMaxActionsPerTurn)};
  if (Interval r; stackNameRange(slot, r)) return r;
  if (Interval r; dieNameRange(*this, slot, r)) return r;
  if (m_p.board.slots.first >= 0 && slot >= m_p.board.slots.first) return boardNameRange(*this, slot);
  if (slot >= s.faction) {
    // No faction (a game played without them) reads 0.
    const std::size_t k = static_cast<std::size_t>(slot - s.faction);
    Interval r{0, 0};
    for (const auto& values : m_p.factionValues) {
      r.lo = std::min(r.lo, values[k]);
      r.hi = std::max(r.hi, values[k]);
    }
    return r;
  }
  const std::size_t k = static_cast<std::size_t>(slot - s.card);
  Interval r{0, 0};
  bool first = true;
  for (const auto& c : m_p.cards) {
    const double v = c.props[k];
    r.lo = first ? v : std::min(r.lo, v);
    r.hi = first ? v : std::max(r.hi, v);
    first = false;
  }
  return r;
}

void Compiler::readAction(const YAML::Node& node, int phase) {
  if (!node.IsMap()) {
    error(m_r.loc(node), "expected a map for an action (id, when, cost, limit, pick, effects), got " +
                             yaml::NodeReader::describe(node));
    return;
  }
  if (static_cast<int>(m_p.actions.size()) >= kMaxActions) {
    error(m_r.loc(node), "too many actions (at most " + std::to_string(kMaxActions) + ")");
    return;
  }
  const int index = static_cast<int>(m_p.actions.size());
  Action a;
  a.phase = phase;
  a.where = m_r.loc(node);
  if (node["id"] && node["id"].IsScalar()) a.id = node["id"].Scalar();
  if (a.id.empty()) error(a.where, "an action needs an 'id'");
  if (!a.id.empty() && !m_actions.emplace(a.id, index).second) error(a.where, "duplicate action '" + a.id + "'");
  m_p.actions.push_back(a);
  m_phaseTargets.emplace_back();
  m_currentAction = index;
  YAML::Node effectsNode, resolveNode;
  bool hasEffects = false;
  for (const auto& e : m_r.entries(node, "action '" + a.id + "'")) {
    if (e.key == "id" || e.key == "description" || e.key == "assumed") {
    } else if (e.key == "when") {
      m_p.actions[index].condition = condition(e.value);
    } else if (e.key == "limit") {
      m_p.actions[index].limitPerTurn = boundValue(e.value, "the limit of '" + a.id + "'", 1, kMaxActionsPerTurn, 0);
    } else if (e.key == "pick") {
      // reset(), not operator=: assigning a yaml-cpp node writes into the node it refers to.
      YAML::Node from;
      from.reset(e.value);
      if (e.value.IsMap()) {
        from.reset(YAML::Node());
        for (const auto& f : m_r.entries(e.value, "pick")) {
          if (f.key == "from") {
            from.reset(f.value);
          } else if (f.key == "when") {
            m_pickAllowed = true;
            m_p.actions[index].pickCondition = condition(f.value);
          } else if (f.key == "counts_as") {
            m_p.actions[index].countsAs = cardUse(f.value);
          } else {
            m_r.unknownKey(f, "pick (known: from, when, counts_as)");
          }
        }
      }
      if (!from.IsDefined() || from.IsNull())
        error(e.valueLoc, "'pick' needs a zone to pick from");
      else
        m_p.actions[index].pickZone = zoneRef(from, scalar(from, "'from'"), m_r.loc(from));
    } else if (e.key == "cost") {
      if (!e.value.IsMap()) {
        error(e.valueLoc, "expected a map of counter: amount for 'cost', got " + yaml::NodeReader::describe(e.value));
        continue;
      }
      // Read below, once the pick is known.
    } else if (e.key == "effects") {
      effectsNode.reset(e.value);
      hasEffects = true;
    } else if (readBoardActionKey(*this, e, index)) {
    } else if (readStackActionKey(e, index, resolveNode)) {
    } else if (readDieActionKey(*this, e, index)) {
    } else {
      m_r.unknownKey(e, "action '" + a.id + "' (known: id, when, cost, limit, pick, effects, resolve, answers, "
                        "die, description)");
    }
  }
  m_pickAllowed = m_p.actions[index].pickZone >= 0;
  if (node["cost"] && node["cost"].IsMap()) {
    for (const auto& c : m_r.entries(node["cost"], "cost")) {
      Cost cost;
      cost.counter = counterRef(c.value, c.key, c.keyLoc);
      cost.amount = expression(c.value, "the cost in '" + c.key + "'");
      if (cost.counter >= 0 && cost.amount >= 0) m_p.actions[index].costs.push_back(cost);
    }
  }
  if (!hasEffects) error(a.where, "action '" + a.id + "' has no 'effects'");
  m_p.actions[index].code = effectBlock(hasEffects ? effectsNode : YAML::Node(YAML::NodeType::Sequence),
                                        "action '" + a.id + "'");
  if (resolveNode.IsDefined() && !resolveNode.IsNull()) readResolve(resolveNode, index);
  m_pickAllowed = false;
  m_currentAction = -1;
}

void Compiler::readPhase(const YAML::Node& node, int index) {
  Phase ph;
  ph.where = m_r.loc(node);
  m_duringInvalid = false;
  YAML::Node actions;
  for (const auto& e : m_r.entries(node, "phase")) {
    if (e.key == "id")
      ph.id = scalar(e.value, "'id'");
    else if (e.key == "actions")
      actions.reset(e.value);
    else if (e.key == "by")
      ph.actor = phaseActor(e.value);
    else if (e.key == "during")
      ph.role = stackRole(e.value);
    else if (e.key != "description")
      m_r.unknownKey(e, "phase (known: id, by, during, actions, description)");
  }
  if (ph.id.empty()) ph.id = "phase" + std::to_string(index + 1);
  const int first = static_cast<int>(m_p.actions.size());
  m_p.phases[index] = ph;
  if (!actions.IsSequence() || actions.size() == 0) {
    error(ph.where, "phase '" + ph.id + "' needs a list of 'actions'");
    return;
  }
  for (const auto& a : actions) readAction(a, index);
  for (int i = first; i < static_cast<int>(m_p.actions.size()); ++i) m_p.phases[index].actions.push_back(i);
}

void Compiler::readTurn(const YAML::Node& node) {
  if (!node.IsMap()) {
    error(m_r.loc(node), "expected a map for 'turn' (phases), got " + yaml::NodeReader::describe(node));
    return;
  }
  YAML::Node phases;
  for (const auto& e : m_r.entries(node, "turn")) {
    if (e.key == "phases")
      phases.reset(e.value);
    else if (e.key == "actions") {
      YAML::Node one(YAML::NodeType::Map);
      one["id"] = "main";
      one["actions"] = e.value;
      phases.reset(YAML::Node(YAML::NodeType::Sequence));
      phases.push_back(one);
    } else
      m_r.unknownKey(e, "turn (known: phases, actions)");
  }
  if (!phases.IsSequence() || phases.size() == 0) {
    error(m_r.loc(node), "'turn' needs a list of 'phases' (or of 'actions')");
    return;
  }
  if (static_cast<int>(phases.size()) > kMaxPhases) {
    error(m_r.loc(phases), "too many phases (at most " + std::to_string(kMaxPhases) + ")");
    return;
  }
  // Phase ids first: an action may move to a later phase.
  m_p.phases.resize(phases.size());
  for (std::size_t i = 0; i < phases.size(); ++i) {
    std::string id = phases[i].IsMap() && phases[i]["id"] && phases[i]["id"].IsScalar() ? phases[i]["id"].Scalar()
                                                                  : "phase" + std::to_string(i + 1);
    if (!m_phases.emplace(id, static_cast<int>(i)).second) error(m_r.loc(phases[i]), "duplicate phase '" + id + "'");
  }
  for (std::size_t i = 0; i < phases.size(); ++i) readPhase(phases[i], static_cast<int>(i));
}

void Compiler::readEnd(const YAML::Node& node) {
  m_endLoc = m_r.loc(node);
  if (!node.IsSequence()) {
    error(m_endLoc, "expected a list of end rules (when, winner) for 'end', got " + yaml::NodeReader::describe(node));
    return;
  }
  for (const auto& item : node) {
    EndRule rule;
    rule.where = m_r.loc(item);
    rule.forEachPlayer = true;
    for (const auto& e : m_r.entries(item, "end rule")) {
      if (e.key == "when") {
        rule.condition = condition(e.value);
      } else if (e.key == "winner") {
        if (e.value.IsScalar() && (e.value.Scalar() == "player" || e.value.Scalar() == "nobody")) {
          rule.winner = e.value.Scalar() == "player" ? Winner::Subject : Winner::Nobody;
        } else if (e.value.IsMap() && e.value.size() == 1) {
          const auto f = m_r.entries(e.value, "winner");
          if (f.empty()) continue;
          if (f[0].key != "most" && f[0].key != "least") {
            error(f[0].keyLoc, "expected 'most' or 'least', got '" + f[0].key + "'");
            continue;
          }
          rule.winner = f[0].key == "most" ? Winner::Most : Winner::Least;
          rule.counter = counterRef(f[0].value, scalar(f[0].value, "'" + f[0].key + "'"), f[0].valueLoc);
          rule.forEachPlayer = false;
        } else {
          error(e.valueLoc, "expected 'player', 'nobody', {most: counter} or {least: counter} for 'winner'");
        }
      } else if (e.key != "description" && e.key != "assumed") {
        m_r.unknownKey(e, "end rule (known: when, winner, description)");
      }
    }
    if (!item.IsMap() || !item["when"]) error(rule.where, "an end rule needs 'when'");
    m_p.endRules.push_back(rule);
    m_hasEnd = true;
  }
}

// `lua: |` and the script's lines below it. Lua numbers the lines of the text
// it is given; padding the text with the lines above it makes those numbers
// the file's, so a script's error reads `pig.yaml:31: ...`.
void Compiler::readLua(const yaml::MapEntry& e) {
  if (!e.value.IsScalar()) {
    error(e.valueLoc, "expected the script's text for 'lua' (write 'lua: |' and the script below)");
    return;
  }
  const std::string& text = e.value.Scalar();
  const bool block = e.value.Tag() == "!" || (e.valueLoc.line > 0 && e.valueLoc.line == e.keyLoc.line);
  const int first = block && text.find('\n') != std::string::npos ? e.valueLoc.line + 1 : e.valueLoc.line;
  m_p.luaSource = std::string(static_cast<std::size_t>(std::max(0, first - 1)), '\n') + text;
  m_p.luaFile = m_r.file();
  m_p.luaWhere = e.valueLoc;
}

void Compiler::compile(const YAML::Node& rules) {
  m_rulesLoc = m_r.loc(rules);
  m_p.minPlayers = m_rs.players.min;
  m_p.maxPlayers = m_rs.players.max;
  if (m_rs.players.max > kMaxDescribedPlayers || m_rs.players.min < 1)
    error(m_rs.origin.at("players"), "a described game is for 1 to " + std::to_string(kMaxDescribedPlayers) +
                                         " players");
  if (!rules.IsMap()) {
    error(m_rulesLoc, "expected a map for 'rules', got " + yaml::NodeReader::describe(rules));
    return;
  }
  const auto entries = m_r.entries(rules, "rules");
  auto find = [&](const char* key) -> const yaml::MapEntry* {
    for (const auto& e : entries)
      if (e.key == key) return &e;
    return nullptr;
  };
  for (const auto& e : entries)
    if (!oneOf(e.key, "board", "counters", "zones", "setup", "turn", "end", "tie_break", "turn_limit",
               "actions_per_turn", "turn_bound", "value", "players", "length", "lua", "description", "triggers", "dice"))
      m_r.unknownKey(e, std::string("rules (known: board, counters, dice, zones, setup, triggers, turn, end, "
                                    "tie_break, turn_limit, actions_per_turn, turn_bound, length, value, players)") +
                            validation::didYouMean(e.key, {"board", "counters", "zones", "setup", "turn", "end", "tie_break",
                                                           "turn_limit", "actions_per_turn", "turn_bound", "value",
                                                           "players", "triggers"}));
  if (auto* e = find("turn_limit")) m_p.turnLimit = boundValue(e->value, "'turn_limit'", 1, kMaxTurnLimit, 1000);
  if (auto* e = find("actions_per_turn"))
    m_p.actionsPerTurn = boundValue(e->value, "'actions_per_turn'", 1, kMaxActionsPerTurn, 200);
  if (auto* e = find("length")) {
    const std::string v = scalar(e->value, "'length'");
    if (v == "rounds")
      m_p.lengthInRounds = true;
    else if (v != "turns")
      error(e->valueLoc, "expected 'turns' or 'rounds' for 'length', got '" + v + "'");
  }
  if (auto* e = find("lua")) readLua(*e);
  if (auto* e = find("counters")) readCounters(e->value);
  if (auto* e = find("dice")) readDice(*this, e->value);
  readCards();
  readFactions();
  if (auto* e = find("zones")) readZones(e->value);
  if (auto* e = find("board")) readBoard(*this, e->value);
  bindNames();
  for (std::size_t i = 0; i < m_p.cards.size(); ++i) {
    const int firstExpr = static_cast<int>(m_exprSources.size());
    m_p.cards[i].code = cardEffects(m_rs.cards()[i]);
    noteCardDice(*this, i, firstExpr);
  }
  // Actions first: `next_phase` and scripts name them; setup runs once at the start.
  if (auto* e = find("turn"))
    readTurn(e->value);
  else
    error(m_rulesLoc, "the rules need a 'turn' (its phases and actions)");
  if (auto* e = find("turn_bound")) readTurnBound(e->value);
  if (auto* e = find("setup")) m_p.setupCode = effectBlock(e->value, "'setup'");
  if (auto* e = find("triggers")) readTriggers(e->value);
  if (auto* e = find("end"))
    readEnd(e->value);
  if (auto* e = find("tie_break")) {
    if (e->value.IsSequence()) {
      for (const auto& c : e->value) {
        const int k = counterRef(c, scalar(c, "a tie-break"), m_r.loc(c));
        if (k >= 0) m_p.tieBreaks.push_back(k);
      }
    } else {
      error(e->valueLoc, "expected a list of counters for 'tie_break'");
    }
  }
  if (auto* e = find("value")) m_p.value = expression(e->value, "'value'");
  if (auto* e = find("players")) readScripts(e->value);
  finishBoard(*this);
  finishStack();
  if (!m_r.diagnostics().hasErrors()) staticChecks();
  noteReadSlots();
}

namespace {

// The `rules:` node to compile, and the text it was parsed from (a NodeReader
// needs it for positions). The model keeps the section as YAML text
// (Ruleset::tuning, key "rules"), which does not know where it was written; so
// the file the ruleset came from is read again and its `rules:` used when it
// still says the same (every diagnostic then points into the file), else the
// kept text (positions then count from the section's first line).
struct RulesSource {
  std::string file, text;
  YAML::Node rules;
};

std::optional<RulesSource> rulesSource(const Ruleset& ruleset, Diagnostics& out) {
  const std::string* block = nullptr;
  for (const auto& [key, value] : ruleset.tuning)
    if (key == "rules") block = &value;
  if (!block) return std::nullopt;
  RulesSource src;
  src.file = ruleset.origin.loc.file;
  Diagnostics ignored;
  std::string reason;
  if (readRegularFile(src.file, src.text, reason, kMaxRulesetFileBytes)) {
    if (auto root = yaml::parseYamlDocument(src.file, src.text, ignored, "a map")) {
      const YAML::Node rules = (*root)["rules"];
      if (rules) {
        YAML::Emitter emitted;
        emitted << rules;
        if (emitted.good() && *block == emitted.c_str()) {
          src.rules = rules;
          return src;
        }
      }
    }
  }
  // Its own text: "rules:" and the block indented under it.
  src.text = "rules:\n";
  for (std::size_t at = 0; at < block->size();) {
    const std::size_t end = std::min(block->find('\n', at), block->size());
    src.text += "  " + block->substr(at, end - at) + "\n";
    at = end + 1;
  }
  auto root = yaml::parseYamlDocument(src.file, src.text, out, "a map");
  if (!root) return std::nullopt;
  src.rules = (*root)["rules"];
  return src;
}

}  // namespace

std::shared_ptr<const DescribedProgram> compileDescription(const Ruleset& ruleset, Diagnostics& out) {
  Diagnostics local;
  auto source = rulesSource(ruleset, local);
  if (!source) {
    out.append(local);
    if (!local.hasErrors())
      out.error(ruleset.origin.loc, "a described game needs a 'rules:' section (data/schema/game-description.md)");
    return nullptr;
  }
  auto program = std::make_shared<DescribedProgram>();
  static std::atomic<std::uint64_t> serials{0};
  program->serial = ++serials;
  yaml::NodeReader reader(source->file, source->text, local);
  Compiler compiler(ruleset, reader, *program);
  compiler.compile(source->rules);
  local.sort();
  out.append(local);
  if (local.hasErrors()) return nullptr;
  return program;
}

}  // namespace wb::model::describe
