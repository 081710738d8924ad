// Vocabulary for games where more than the turn's player acts and things
// happen on their own: `triggers:` (effects run when a turn starts or ends),
// a phase's `by:` (the next player acts in it: a bid answered, an auction's
// outbid, a response), and what taking a card counts as in the statistics
// (`pick: {counts_as: ...}` and the `count_as` effect, so that a card bid on
// is acquired by whoever wins it, not by who named it).
#include <algorithm>
#include <set>

#include "model/describe/compiler_state.h"
#include "model/describe/description_compiler.h"
#include "model/validation/name_suggestion.h"

namespace wb::model::describe {

void Compiler::readTriggers(const YAML::Node& node) {
  if (!node.IsMap()) {
    error(m_r.loc(node), "expected a map of triggers (turn_start, turn_end), got " + yaml::NodeReader::describe(node));
    return;
  }
  for (const auto& e : m_r.entries(node, "triggers")) {
    if (e.key == "turn_start") {
      m_p.turnStartCode = effectBlock(e.value, "the trigger 'turn_start'");
    } else if (e.key == "turn_end") {
      m_p.turnEndCode = effectBlock(e.value, "the trigger 'turn_end'");
    } else if (e.key != "description") {
      error(e.keyLoc, "unknown trigger '" + e.key + "' (known: turn_start, turn_end)" +
                          validation::didYouMean(e.key, {"turn_start", "turn_end"}));
    }
  }
}

void Compiler::readTurnBound(const YAML::Node& node) {
  if (!node.IsMap()) {
    error(m_r.loc(node), "expected a map for 'turn_bound' (moves, then), got " + yaml::NodeReader::describe(node));
    return;
  }
  bool hasMoves = false;
  for (const auto& e : m_r.entries(node, "turn_bound")) {
    if (e.key == "moves") {
      m_p.turnBound = boundValue(e.value, "the moves of 'turn_bound'", 1, kMaxActionsPerTurn, 0);
      hasMoves = true;
    } else if (e.key == "then") {
      if (!e.value.IsSequence()) {
        error(e.valueLoc, "expected a list of actions for 'then', got " + yaml::NodeReader::describe(e.value));
        continue;
      }
      std::set<std::string, std::less<>> ids;
      for (const auto& a : m_p.actions) ids.insert(a.id);
      for (const auto& item : e.value) {
        const std::string id = scalar(item, "an action of 'then'");
        bool found = false;
        for (auto& a : m_p.actions)
          if (a.id == id) a.atBound = found = true;
        if (!found) error(m_r.loc(item), "unknown action '" + id + "' in 'then'" + validation::didYouMean(id, ids));
      }
    } else if (e.key != "description") {
      error(e.keyLoc, "unknown key '" + e.key + "' in 'turn_bound' (known: moves, then)" +
                          validation::didYouMean(e.key, {"moves", "then"}));
    }
  }
  if (!hasMoves) error(m_r.loc(node), "'turn_bound' needs 'moves' (how many moves a turn may take)");
}

int Compiler::phaseActor(const YAML::Node& node) {
  const std::string who = scalar(node, "'by'");
  if (who == "player") return 0;
  if (who == "opponent") return 1;
  error(m_r.loc(node), "expected 'player' (whose turn it is) or 'opponent' (the next player) for 'by', got '" + who +
                           "'" + validation::didYouMean(who, {"player", "opponent"}));
  return 0;
}

CardUse Compiler::cardUse(const YAML::Node& node) {
  const std::string use = scalar(node, "'counts_as'");
  if (use == "nothing") return CardUse::Nothing;
  if (use == "played") return CardUse::Played;
  if (use == "acquired") return CardUse::Acquired;
  error(m_r.loc(node), "expected 'nothing', 'played' or 'acquired', got '" + use + "'" +
                           validation::didYouMean(use, {"nothing", "played", "acquired"}));
  return CardUse::Default;
}

bool Compiler::extraEffect(const std::string& key, const YAML::Node& value, const SourceLocation& where) {
  if (key != "count_as") return false;
  const std::string use = scalar(value, "'count_as'");
  if (use != "played" && use != "acquired") {
    error(where, "expected 'played' or 'acquired' for 'count_as', got '" + use + "'" +
                     validation::didYouMean(use, {"played", "acquired"}));
    return true;
  }
  if (!m_pickAllowed && !m_inCardEffects) {
    error(where, "'count_as' counts the picked card: only an action with 'pick' has one");
    return true;
  }
  emit(Op::CountAs, static_cast<int>(use == "played" ? CardUse::Played : CardUse::Acquired));
  return true;
}

void Compiler::noteReadSlots() {
  const SlotLayout& s = m_p.slots;
  auto reads = [&](int slot) {
    for (const auto& e : m_p.exprs)
      if (e.readsSlotIn(slot, slot + 1)) return true;
    return false;
  };
  auto note = [&](std::vector<int>& out, int first, int count) {
    out.clear();
    for (int k = 0; k < count; ++k)
      if (reads(first + k)) out.push_back(k);
  };
  note(m_p.readGlobals, s.globals, m_p.globalCounters);
  note(m_p.readOwn, s.own, m_p.playerCounters);
  note(m_p.readOpponent, s.opponent, m_p.playerCounters);
  note(m_p.readZoneSizes, s.zoneSizes, static_cast<int>(m_p.zones.size()));
  note(m_p.readOpponentZoneSizes, s.opponentZoneSizes, static_cast<int>(m_p.zones.size()));
  const std::size_t n = m_p.exprs.size();
  m_p.loneSlot.assign(n, -1);
  m_p.isLoneNumber.assign(n, 0);
  m_p.loneNumber.assign(n, 0.0);
  for (std::size_t i = 0; i < n && i < m_exprSources.size(); ++i) {
    const ExprNode& root = m_exprSources[i].expr.root();
    if (root.kind == ExprNode::Kind::Name) {
      auto it = m_slots.find(root.name);
      if (it != m_slots.end()) m_p.loneSlot[i] = it->second;
    } else if (root.kind == ExprNode::Kind::Number) {
      m_p.isLoneNumber[i] = 1;
      m_p.loneNumber[i] = root.number;
    }
  }
  const int cardFirst = s.card, cardLast = s.card + static_cast<int>(m_p.cardProps.size());
  auto readsCard = [&](int expr) { return expr >= 0 && m_p.exprs[static_cast<std::size_t>(expr)].readsSlotIn(cardFirst, cardLast); };
  for (Action& a : m_p.actions) {
    bool reads = false;
    // A script's condition is given the card (it may read it).
    if (a.condition >= 0 && m_p.conditions[static_cast<std::size_t>(a.condition)].lua >= 0) reads = true;
    if (a.condition >= 0)
      for (const auto& all : m_p.conditions[static_cast<std::size_t>(a.condition)].anyOf)
        for (const Comparison& c : all) reads = reads || readsCard(c.lhs) || readsCard(c.rhs);
    for (const Cost& c : a.costs) reads = reads || readsCard(c.amount);
    a.sameForEveryCard = !reads;
  }
  noteFastReads();
}

void Compiler::noteFastReads() {
  const SlotLayout& s = m_p.slots;
  const int cardFirst = s.card, cardLast = s.card + static_cast<int>(m_p.cardProps.size());
  const int paramsLast = s.params + static_cast<int>(m_p.paramValues.size());
  const std::size_t n = m_p.exprs.size();
  m_p.exprReads.assign(n, {});
  m_p.exprReadsCard.assign(n, 0);
  m_p.exprCardReads.assign(n, {});
  // The slots of [first, last) expression e reads, by halves (few of many are read).
  auto collect = [&](auto& self, std::size_t e, int first, int last) -> void {
    if (first >= last || !m_p.exprs[e].readsSlotIn(first, last)) return;
    if (last - first == 1) {
      m_p.exprReads[e].push_back(first);
      return;
    }
    const int middle = first + (last - first) / 2;
    self(self, e, first, middle);
    self(self, e, middle, last);
  };
  for (std::size_t i = 0; i < n; ++i) {
    m_p.exprReadsCard[i] = m_p.exprs[i].readsSlotIn(cardFirst, cardLast) ? 1 : 0;
    if (m_p.exprReadsCard[i])
      for (int k = 0; k < cardLast - cardFirst; ++k)
        if (m_p.exprs[i].readsSlotIn(cardFirst + k, cardFirst + k + 1)) m_p.exprCardReads[i].push_back(k);
    collect(collect, i, 0, std::min(s.params, s.total));
    collect(collect, i, paramsLast, std::min(cardFirst, s.total));
    collect(collect, i, cardLast, s.total);
  }
  // A condition that reads only parameters and card properties (or only
  // parameters) is tabulated: names with the parameters' values and each
  // card's properties in turn (the rest 0, never read).
  std::vector<double> v(static_cast<std::size_t>(std::max(s.total, 1)), 0.0);
  std::copy(m_p.paramValues.begin(), m_p.paramValues.end(), v.begin() + s.params);
  for (Condition& c : m_p.conditions) {
    for (auto& all : c.anyOf)
      for (Comparison& k : all) {
        auto side = [&](int e, int& slot, bool& isNumber, double& number) {
          slot = -1;
          isNumber = e < 0;  // no rhs: compared with 0
          number = 0.0;
          if (e < 0 || static_cast<std::size_t>(e) >= n) return;
          slot = m_p.loneSlot[static_cast<std::size_t>(e)];
          isNumber = m_p.isLoneNumber[static_cast<std::size_t>(e)] != 0;
          number = m_p.loneNumber[static_cast<std::size_t>(e)];
        };
        side(k.lhs, k.lhsSlot, k.lhsIsNumber, k.lhsNumber);
        side(k.rhs, k.rhsSlot, k.rhsIsNumber, k.rhsNumber);
      }
    c.reads.clear();
    c.readsCard = false;
    c.byCard.clear();
    c.cardReads.clear();
    if (c.lua >= 0) {
      c.readsCard = true;  // a script reads what it likes: never tabulated, its phase reads all
      continue;
    }
    for (const auto& all : c.anyOf)
      for (const Comparison& k : all)
        for (int e : {k.lhs, k.rhs}) {
          if (e < 0 || static_cast<std::size_t>(e) >= n) continue;
          const auto& r = m_p.exprReads[static_cast<std::size_t>(e)];
          c.reads.insert(c.reads.end(), r.begin(), r.end());
          c.readsCard = c.readsCard || m_p.exprReadsCard[static_cast<std::size_t>(e)];
          const auto& props = m_p.exprCardReads[static_cast<std::size_t>(e)];
          c.cardReads.insert(c.cardReads.end(), props.begin(), props.end());
        }
    std::sort(c.reads.begin(), c.reads.end());
    c.reads.erase(std::unique(c.reads.begin(), c.reads.end()), c.reads.end());
    std::sort(c.cardReads.begin(), c.cardReads.end());
    c.cardReads.erase(std::unique(c.cardReads.begin(), c.cardReads.end()), c.cardReads.end());
    auto valid = [&](int e) { return e >= 0 && static_cast<std::size_t>(e) < n; };
    bool complete = true;  // no comparison left without its expressions by an error
    for (const auto& all : c.anyOf)
      for (const Comparison& k : all) complete = complete && valid(k.lhs) && (k.rhs < 0 || valid(k.rhs));
    if (!c.reads.empty() || !complete) continue;
    c.byCard.assign(m_p.cards.size() + 1, 0);
    for (std::size_t card = 0; card <= m_p.cards.size(); ++card) {
      for (std::size_t k = 0; k < m_p.cardProps.size(); ++k)
        v[static_cast<std::size_t>(cardFirst) + k] = card == 0 ? 0.0 : m_p.cards[card - 1].props[k];
      bool any = false;
      for (const auto& all : c.anyOf) {
        bool ok = true;
        for (const Comparison& k : all) {
          const double l = m_p.exprs[static_cast<std::size_t>(k.lhs)].evaluate(v.data());
          const double r = k.rhs >= 0 ? m_p.exprs[static_cast<std::size_t>(k.rhs)].evaluate(v.data()) : 0.0;
          if (!compare(k.op, l, r)) {
            ok = false;
            break;
          }
        }
        if (ok) {
          any = true;
          break;
        }
      }
      c.byCard[card] = any ? 1 : 0;
    }
  }
  for (Phase& phase : m_p.phases) {
    phase.reads.clear();
    // A `during:` phase's answers read the waiting card and my_turn (vars() fills them).
    phase.readsAll = m_p.board.present || phase.role != StackRole::None;
    auto add = [&](const std::vector<int>& r) { phase.reads.insert(phase.reads.end(), r.begin(), r.end()); };
    auto addCondition = [&](int c) {
      if (c < 0 || static_cast<std::size_t>(c) >= m_p.conditions.size()) return;
      const Condition& cond = m_p.conditions[static_cast<std::size_t>(c)];
      add(cond.reads);
      if (cond.lua >= 0) phase.readsAll = true;  // correctness first: a script may read any name
    };
    for (int ai : phase.actions) {
      if (ai < 0 || static_cast<std::size_t>(ai) >= m_p.actions.size()) continue;
      const Action& a = m_p.actions[static_cast<std::size_t>(ai)];
      if (!a.unlessLegal.empty() || a.board >= 0) phase.readsAll = true;
      addCondition(a.condition);
      addCondition(a.pickCondition);
      addCondition(a.answers);
      for (const Cost& c : a.costs)
        if (c.amount >= 0 && static_cast<std::size_t>(c.amount) < n) add(m_p.exprReads[static_cast<std::size_t>(c.amount)]);
    }
    std::sort(phase.reads.begin(), phase.reads.end());
    phase.reads.erase(std::unique(phase.reads.begin(), phase.reads.end()), phase.reads.end());
  }
}

}  // namespace wb::model::describe
