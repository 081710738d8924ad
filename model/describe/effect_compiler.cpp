// Effects to byte code (described_program.h, Op). An effect is a map with one
// op key (`gain: {score: 3}`, `roll: {sides: 6, into: roll}`) and that op's
// companions (`if` with `then` / `else`, `repeat` and `for_each` with `do`),
// or a bare word (`end_turn`, `next_phase`). Cards' effects (the `effects:`
// of an entry of `cards:`) use the flat form the ruleset model reads:
// `op:` and its arguments.
#include <algorithm>
#include <set>

#include "model/describe/amount_compiler.h"
#include "model/describe/board_compiler.h"
#include "model/describe/choice_compiler.h"
#include "model/describe/compiler_state.h"
#include "model/describe/description_compiler.h"
#include "model/describe/die_compiler.h"
#include "model/validation/name_suggestion.h"

namespace wb::model::describe {

namespace {

const std::set<std::string, std::less<>>& effectOps() {
  static const std::set<std::string, std::less<>> ops = {"gain",  "pay",    "set",        "roll",     "draw",
                                                         "move",  "shuffle", "play",      "if",       "repeat",
                                                         "for_each", "next_phase", "end_turn", "end_game", "call",
                                                         "count_as", "choose", "deal", "cancel",
                                                         "reroll", "exchange", "choose_amount", "reveal"};
  return ops;
}

}  // namespace

void Compiler::emit(Op op, int a, int b, int c, int d) {
  if (static_cast<int>(m_p.code.size()) >= kMaxCode) return;  // reported once by effectBlock
  m_p.code.push_back({op, a, b, c, d});
}

int Compiler::effectBlock(const YAML::Node& list, const std::string& what) {
  const int entry = static_cast<int>(m_p.code.size());
  effects(list, 0);
  emit(Op::Return);
  if (static_cast<int>(m_p.code.size()) >= kMaxCode) {
    error(m_r.loc(list), "the effects of " + what + " make the program too long (at most " +
                             std::to_string(kMaxCode) + " instructions)");
  }
  return entry;
}

void Compiler::effects(const YAML::Node& list, int depth) {
  if (depth > kMaxEffectDepth) {
    error(m_r.loc(list), "effects nest too deep (at most " + std::to_string(kMaxEffectDepth) + " levels)");
    return;
  }
  if (list.IsSequence()) {
    for (const auto& item : list) effect(item, depth);
  } else if (list.IsMap() || list.IsScalar()) {
    effect(list, depth);
  } else if (!list.IsNull()) {
    error(m_r.loc(list), "expected a list of effects, got " + yaml::NodeReader::describe(list));
  }
}

int Compiler::nextPhaseTarget(const YAML::Node& value, const SourceLocation& where) {
  const int action = m_currentAction;
  const int from = action >= 0 ? m_p.actions[action].phase : -1;
  int target = from + 1;
  if (value.IsDefined() && !value.IsNull()) {
    const std::string id = scalar(value, "'next_phase'");
    auto it = m_phases.find(id);
    if (it == m_phases.end()) {
      std::set<std::string, std::less<>> ids;
      for (const auto& [k, v] : m_phases) ids.insert(k);
      error(where, "unknown phase '" + id + "'" + validation::didYouMean(id, ids));
      return -1;
    }
    target = it->second;
  } else if (action < 0) {
    error(where, "'next_phase' outside an action needs a phase");
    return -1;
  }
  if (target >= static_cast<int>(m_p.phases.size())) {
    error(where, "there is no phase after the last one: use 'end_turn'");
    return -1;
  }
  if (action >= 0) m_phaseTargets[action].push_back(target);
  return target;
}

void Compiler::effect(const YAML::Node& item, int depth) {
  const SourceLocation where = m_r.loc(item);
  if (item.IsScalar()) {
    const std::string& word = item.Scalar();
    if (word == "end_turn") {
      emit(Op::EndTurn);
    } else if (word == "next_phase") {
      const int t = nextPhaseTarget(YAML::Node(), where);
      if (t >= 0) emit(Op::NextPhase, t);
    } else {
      error(where, "unknown effect '" + word + "'" + validation::didYouMean(word, effectOps()) +
                       (effectOps().count(word) ? " (it needs a value: '" + word + ": ...')" : ""));
    }
    return;
  }
  if (!item.IsMap()) {
    error(where, "expected an effect, got " + yaml::NodeReader::describe(item));
    return;
  }
  const auto entries = m_r.entries(item, "effect");
  const yaml::MapEntry* op = nullptr;
  for (const auto& e : entries) {
    if (effectOps().count(e.key) || boardEffectOps().count(e.key)) {
      if (op) {
        error(e.keyLoc, "one effect per list item: '" + e.key + "' follows '" + op->key + "' (start a new '- ')");
        return;
      }
      op = &e;
    }
  }
  if (!op) {
    const std::string& key = entries.empty() ? std::string() : entries.front().key;
    error(entries.empty() ? where : entries.front().keyLoc,
          "unknown effect '" + key + "'" + validation::didYouMean(key, effectOps()));
    return;
  }
  auto has = [&](const char* key) {
    return std::any_of(entries.begin(), entries.end(), [&](const yaml::MapEntry& e) { return e.key == key; });
  };
  auto companion = [&](const char* key) -> YAML::Node {
    for (const auto& e : entries)
      if (e.key == key) return e.value;
    return YAML::Node(YAML::NodeType::Sequence);
  };
  for (const auto& e : entries) {
    if (&e == op || e.key == "assumed" || e.key == "description") continue;
    const bool ok = (op->key == "if" && (e.key == "then" || e.key == "else")) ||
                    ((op->key == "repeat" || op->key == "for_each") && e.key == "do");
    if (!ok) error(e.keyLoc, "unknown key '" + e.key + "' in effect '" + op->key + "'");
  }
  const std::string& k = op->key;
  const YAML::Node& v = op->value;
  if (boardEffectOps().count(k)) {
    boardEffect(*this, *op);
    return;
  }
  if (k == "gain" || k == "pay" || k == "set") {
    if (!v.IsMap()) {
      error(op->valueLoc, "expected a map of counter: amount for '" + k + "', got " + yaml::NodeReader::describe(v));
      return;
    }
    for (const auto& e : m_r.entries(v, k)) {
      const int counter = effectCounter(*this, e.key, e.keyLoc);
      const int amount = expression(e.value, "'" + e.key + "'");
      if (counter >= 0 && amount >= 0) emit(k == "set" ? Op::Set : Op::Gain, counter, amount, k == "pay" ? 1 : 0);
    }
  } else if (k == "roll") {
    int counter = -1, sides = -1;
    for (const auto& e : m_r.entries(v, "roll")) {
      if (e.key == "sides")
        sides = expression(e.value, "'sides'");
      else if (e.key == "into")
        counter = effectCounter(*this, scalar(e.value, "'into'"), e.valueLoc);
      else
        m_r.unknownKey(e, "roll (known: sides, into)");
    }
    if (!v.IsMap() || !v["sides"] || !v["into"]) error(op->valueLoc, "'roll' needs 'sides' and 'into'");
    if (counter >= 0 && sides >= 0) emit(Op::Roll, counter, sides);
  } else if (k == "draw" || k == "move") {
    int from = -1, to = -1, count = -1, reshuffle = -1, when = -1;
    bool all = false, bottom = false, counted = false;
    const bool isDraw = k == "draw";
    if (isDraw) {
      from = m_zones.count("deck") ? m_zones.find("deck")->second : -1;
      to = m_zones.count("hand") ? m_zones.find("hand")->second : -1;
    }
    if (isDraw && v.IsScalar()) {
      count = expression(v, "'draw'");
    } else if (v.IsMap()) {
      for (const auto& e : m_r.entries(v, k)) {
        if (e.key == "from")
          from = zoneRef(e.value, scalar(e.value, "'from'"), e.valueLoc);
        else if (e.key == "to")
          to = zoneRef(e.value, scalar(e.value, "'to'"), e.valueLoc);
        else if (e.key == "count")
          count = expression(e.value, "'count'"), counted = true;
        else if (e.key == "when" && !isDraw) {
          when = condition(e.value);
          if (when < 0) return;
        }
        else if (e.key == "reshuffle" && isDraw)
          reshuffle = zoneRef(e.value, scalar(e.value, "'reshuffle'"), e.valueLoc);
        else if (e.key == "all" && !isDraw)
          all = e.value.IsScalar() && e.value.Scalar() == "true";
        else if (e.key == "at" && !isDraw) {
          // Which end of 'from' the cards leave: the top (the last put on) or the bottom (the oldest).
          const std::string end = scalar(e.value, "'at'");
          if (end == "bottom" || end == "top")
            bottom = end == "bottom";
          else
            error(e.valueLoc, "expected 'top' or 'bottom' for 'at', got '" + end + "'" +
                                  validation::didYouMean(end, {"top", "bottom"}));
        } else
          m_r.unknownKey(e, isDraw ? "draw (known: count, from, to, reshuffle)"
                                   : "move (known: from, to, count, all, at, when)");
      }
      if (isDraw && !v["count"]) count = expressionText("1", op->valueLoc);
    } else {
      error(op->valueLoc, "expected a map for '" + k + "', got " + yaml::NodeReader::describe(v));
      return;
    }
    if (to < 0 || (isDraw && from < 0)) {
      if (!m_r.diagnostics().hasErrors())
        error(op->valueLoc, "'" + k + "' needs " + (isDraw ? "'from' and 'to' (or zones named deck and hand)"
                                                           : "'to'"));
      return;
    }
    m_zoneFilled[static_cast<std::size_t>(to)] = true;
    if (when >= 0 && (from < 0 || counted)) {
      // `when` moves every card that satisfies it: a count or the picked card has no place there.
      error(op->valueLoc, from < 0 ? "'move' with 'when' needs 'from' (it moves every card of it that satisfies 'when')"
                                   : "'move' with 'when' moves every card that satisfies it: drop 'count'");
      return;
    }
    if (isDraw) {
      emit(Op::Draw, from, count, to, reshuffle);
    } else if (when >= 0) {
      emit(Op::MoveWhere, from, to, when);
    } else if (from < 0) {
      if (!m_pickAllowed && !m_inCardEffects) {
        error(op->valueLoc, "'move' without 'from' moves the picked card: only an action with 'pick' has one");
        return;
      }
      emit(Op::MovePicked, to);
    } else if (all) {
      emit(Op::MoveAll, from, to);
    } else {
      if (count < 0) count = expressionText("1", op->valueLoc);
      emit(Op::MoveTop, from, to, count, bottom ? 1 : 0);
    }
  } else if (k == "deal") {
    dealEffect(*this, *op);
  } else if (k == "choose") {
    const int choice = chooseSpec(*this, choiceArgs(*this, v), op->keyLoc);
    if (choice >= 0) emit(Op::Choose, choice);
  } else if (k == "choose_amount") {
    const int choice = amountSpec(*this, amountArgs(*this, v), op->keyLoc);
    if (choice >= 0) emit(Op::ChooseAmount, choice);
  } else if (k == "reveal") {
    revealEffect(*this, scalarArgs(*this, v, "reveal", "zone, of, top"), op->keyLoc);
  } else if (k == "shuffle") {
    const int z = zoneRef(v, scalar(v, "'shuffle'"), op->valueLoc);
    if (z >= 0) emit(Op::Shuffle, z);
  } else if (k == "play") {
    if (scalar(v, "'play'") != "picked") {
      error(op->valueLoc, "expected 'picked' for 'play' (the card the action picked)");
    } else if (!m_pickAllowed) {
      error(op->valueLoc, "'play: picked' needs an action with 'pick'");
    } else {
      emit(Op::PlayPicked);
    }
  } else if (k == "if") {
    const int cond = condition(v);
    const int jump = static_cast<int>(m_p.code.size());
    emit(Op::JumpUnless, cond);
    effects(companion("then"), depth + 1);
    if (!has("then")) error(op->keyLoc, "'if' needs 'then'");
    const YAML::Node otherwise = companion("else");
    if (has("else")) {
      const int skip = static_cast<int>(m_p.code.size());
      emit(Op::Jump);
      if (jump < static_cast<int>(m_p.code.size())) m_p.code[jump].b = static_cast<int>(m_p.code.size());
      effects(otherwise, depth + 1);
      if (skip < static_cast<int>(m_p.code.size())) m_p.code[skip].b = static_cast<int>(m_p.code.size());
    } else if (jump < static_cast<int>(m_p.code.size())) {
      m_p.code[jump].b = static_cast<int>(m_p.code.size());
    }
  } else if (k == "repeat" || k == "for_each") {
    int arg = 0;
    if (k == "repeat") {
      arg = expression(v, "'repeat'");
    } else {
      const std::string who = scalar(v, "'for_each'");
      if (who == "players" || who == "opponents")
        arg = who == "players" ? 0 : 1;
      else
        error(op->valueLoc, "expected 'players' or 'opponents' for 'for_each', got '" + who + "'");
    }
    if (!has("do")) error(op->keyLoc, "'" + k + "' needs 'do'");
    const int begin = static_cast<int>(m_p.code.size());
    emit(k == "repeat" ? Op::RepeatBegin : Op::EachBegin, arg);
    effects(companion("do"), depth + 1);
    emit(k == "repeat" ? Op::RepeatEnd : Op::EachEnd, 0, begin + 1);
    if (begin < static_cast<int>(m_p.code.size())) m_p.code[begin].b = static_cast<int>(m_p.code.size());
  } else if (k == "next_phase") {
    const int t = nextPhaseTarget(v, op->valueLoc);
    if (t >= 0) emit(Op::NextPhase, t);
  } else if (k == "call") {
    const int f = luaFunction(v, op->keyLoc, op->valueLoc, "call");
    if (f >= 0) emit(Op::Call, f);
  } else if (extraEffect(k, v, op->valueLoc)) {
  } else if (stackEffect(k, v, op->valueLoc)) {
  } else if (dieEffect(*this, k, v, op->valueLoc)) {
  } else if (k == "end_turn") {
    emit(Op::EndTurn);
  } else if (k == "end_game") {
    EndRule rule;
    rule.where = op->keyLoc;
    if (v.IsScalar() && (v.Scalar() == "player" || v.Scalar() == "nobody")) {
      rule.winner = v.Scalar() == "player" ? Winner::Subject : Winner::Nobody;
    } else if (v.IsMap() && v.size() == 1 && (v["most"] || v["least"])) {
      rule.winner = v["most"] ? Winner::Most : Winner::Least;
      const YAML::Node c = v["most"] ? v["most"] : v["least"];
      rule.counter = counterRef(c, scalar(c, "the winner's counter"), m_r.loc(c));
    } else {
      error(op->valueLoc, "expected 'player', 'nobody', {most: counter} or {least: counter} for 'end_game'");
      return;
    }
    m_p.endRules.push_back(rule);
    ++m_endGames;
    emit(Op::EndGame, static_cast<int>(m_p.endRules.size()) - 1);
  }
}

// A card's flat effects: `- op: gain` with `counter:` and `amount:`, `- op:
// draw` with `count:`, `- op: end_turn`. The ruleset validator checked the ops
// and arguments against the engine's schema; here the names are bound.
int Compiler::cardEffects(const Entity& card) {
  if (card.effects.empty()) return -1;
  const int entry = static_cast<int>(m_p.code.size());
  m_inCardEffects = true;
  for (const Effect& e : card.effects) {
    auto text = [&](const char* key) -> std::string {
      const Field* f = e.arg(key);
      return f ? f->text : std::string();
    };
    auto amount = [&](const char* key, const char* fallback) {
      const std::string t = text(key).empty() ? std::string(fallback) : text(key);
      return expressionText(t, e.origin.at(key));
    };
    if (e.op == "gain" || e.op == "pay" || e.op == "set") {
      const int counter = effectCounter(*this, text("counter"), e.origin.at("counter"));
      const int a = amount("amount", "1");
      if (counter >= 0 && a >= 0) emit(e.op == "set" ? Op::Set : Op::Gain, counter, a, e.op == "pay" ? 1 : 0);
    } else if (e.op == "draw") {
      auto zone = [&](const char* key, const char* fallback) {
        const std::string name = text(key).empty() ? std::string(fallback) : text(key);
        return zoneRef(YAML::Node(), name, e.origin.at(key));
      };
      const int from = zone("from", "deck"), to = zone("to", "hand");
      const int reshuffle = text("reshuffle").empty() ? -1 : zone("reshuffle", "");
      const int count = amount("count", "1");
      if (from >= 0 && to >= 0 && count >= 0) emit(Op::Draw, from, count, to, reshuffle);
    } else if (e.op == "roll") {
      const int counter = effectCounter(*this, text("into"), e.origin.at("into"));
      const int sides = amount("sides", "6");
      if (counter >= 0 && sides >= 0) emit(Op::Roll, counter, sides);
    } else if (e.op == "end_turn") {
      emit(Op::EndTurn);
    } else if (e.op == "choose") {
      const int choice = chooseSpec(*this, choiceArgs(e), e.origin.loc);
      if (choice >= 0) emit(Op::Choose, choice);
    } else if (e.op == "choose_amount") {
      const int choice = amountSpec(*this, choiceArgs(e), e.origin.loc);
      if (choice >= 0) emit(Op::ChooseAmount, choice);
    } else if (e.op == "shuffle") {
      const int z = zoneRef(YAML::Node(), text("zone").empty() ? std::string("deck") : text("zone"), e.origin.at("zone"));
      if (z >= 0) emit(Op::Shuffle, z);
    } else if (e.op == "reveal") {
      revealEffect(*this, choiceArgs(e), e.origin.loc);
    } else if (e.op == "cancel") {
      emit(Op::CancelAnswered);  // Veto: the action the answer that plays this card answers
    } else if (cardDieEffect(*this, card, e)) {
    } else {
      error(e.origin.loc, "card '" + card.id + "': unknown effect '" + e.op + "'" +
                              validation::didYouMean(e.op, {"gain", "pay", "set", "draw", "roll", "end_turn", "choose",
                                                            "choose_amount", "shuffle", "cancel", "reroll", "exchange",
                                                            "reveal"}));
    }
  }
  m_inCardEffects = false;
  emit(Op::Return);
  return entry;
}

}  // namespace wb::model::describe
