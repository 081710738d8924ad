// The effect interpreter: runs a described game's byte code (Op in
// described_program.h) on this state. Loops are bounded (a `repeat` by
// kMaxRepeat, a `for_each` by the players), so every run ends; chance comes
// only from the generator the runner passes.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "model/describe/description_compiler.h"
#include "rulesets/described/described_lua.h"
#include "rulesets/described/described_state.h"

namespace wb::rulesets::described {

namespace md = model::describe;

void DescribedState::shuffle(std::vector<std::int16_t>& pile, sim::Rng& rng) {
  for (std::size_t i = pile.size(); i > 1; --i)
    std::swap(pile[i - 1], pile[static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(i)))]);
}

// Flattened: what an instruction calls here (its amount's rounding, the
// counters' bounds, a shuffle) is inlined into the loop every effect runs through.
__attribute__((flatten)) void DescribedState::run(int pc, int subject, int card, int pickZone, sim::Rng& rng,
                                                  const EffectFrame* resume) {
  const Program& p = *m_p;
  using Loop = EffectLoop;
  std::array<Loop, md::kMaxEffectDepth + 2> loops{};
  int depth = 0;
  if (resume) {
    loops = resume->loops;
    depth = resume->depth;
  }
  // A choice began in this run (or in a card it plays): what follows waits as a frame.
  auto wait = [&](int next) {
    EffectFrame f;
    f.pc = next;
    f.subject = subject;
    f.card = card;
    f.pickZone = pickZone;
    f.depth = depth;
    f.loops = loops;
    m_choice->frames.push_back(f);
  };
  // The names' values are those of the state's stamp: a new one only when
  // something is about to read them after an instruction that may have
  // changed a counter, a zone or the stack (`dirty`), and on leaving, so a
  // run of plain sets and moves takes one; an amount or a test fills only
  // the names it reads (described_names.cpp), a lone number none.
  bool dirty = true;
  auto fresh = [&]() {
    if (dirty) changed();
    dirty = false;
  };
  auto amount = [&](int expr) {
    const auto e = static_cast<std::size_t>(expr);
    double v;
    if (p.isLoneNumber[e]) {
      v = p.loneNumber[e];
    } else {
      fresh();
      v = valueFor(expr, subject, card);
    }
    return std::isfinite(v) ? rounded(std::clamp(v, -2e9, 2e9)) : 0LL;
  };
  auto bounded = [&](int index, long long v) {
    const md::Counter& c = p.counters[static_cast<std::size_t>(index)];
    counterRef(index, subject) = static_cast<int>(std::clamp<long long>(v, c.min, c.max));
  };
  long long steps = 0;
  // Every step of this run is added to the state's total (effectSteps), on any return.
  // and the stamp moves on if anything may have changed since it last did.
  struct Tally {
    DescribedState& state;
    const long long& steps;
    const bool& dirty;
    ~Tally() {
      state.m_effectSteps += steps;
      if (dirty) state.changed();
    }
  } tally{*this, steps, dirty};
  while (true) {
    // Nested repeats multiply (1,000 times 1,000 ...): a run that outgrows the
    // budget ends the game with no winner and its cause, never a hang.
    if (++steps > m_effectStepBudget) {
      m_scriptError = std::make_shared<const std::string>("the effects ran more than " +
                                                          std::to_string(m_effectStepBudget) +
                                                          " steps in one action (nested repeats?)");
      m_terminal = true;
      m_adjudicated = true;
      std::fill(m_returns.begin(), m_returns.end(), 0.0);
      return;
    }
    const md::Instr& in = p.code[static_cast<std::size_t>(pc)];
    // Every instruction but these may change what the names read, or read
    // them in ways amount() does not see (a card's effects, a choice, Lua, the board).
    bool mutates = true;
    switch (in.op) {
      case md::Op::Gain:
      case md::Op::Set:
      case md::Op::Roll:
      case md::Op::Draw:
      case md::Op::MoveTop:
      case md::Op::Deal:
      case md::Op::MovePicked:
      case md::Op::MoveAll:
      case md::Op::Shuffle:
        break;  // amount() reads the names before the change, if at all
      case md::Op::RepeatBegin:
      case md::Op::Jump:
      case md::Op::RepeatEnd:
      case md::Op::EachBegin:
      case md::Op::EachEnd:
      case md::Op::Return:
      case md::Op::EndTurn:
      case md::Op::CountAs:
        mutates = false;
        break;
      case md::Op::JumpUnless:
        fresh();
        mutates = false;
        break;
      default:
        fresh();
        dirty = true;  // seen on leaving, should it not come back
        break;
    }
    switch (in.op) {
      case md::Op::Gain: {
        const long long v = amount(in.b);
        // `die` / `second_die`: the counter of the die the move names (nothing when none is).
        const int k = in.a < md::kChosenDie ? in.a : dieCounter(in.a);
        if (k >= 0) bounded(k, static_cast<long long>(counterRef(k, subject)) + (in.c ? -v : v));
        ++pc;
        break;
      }
      case md::Op::Set: {
        const int k = in.a < md::kChosenDie ? in.a : dieCounter(in.a);
        if (k >= 0) bounded(k, amount(in.b));
        ++pc;
        break;
      }
      case md::Op::Roll: {
        const int sides = static_cast<int>(std::clamp<long long>(amount(in.b), 1, 1000000));
        const int k = in.a < md::kChosenDie ? in.a : dieCounter(in.a);
        if (k >= 0) bounded(k, 1 + sim::uniformInt(rng, sides));
        ++pc;
        break;
      }
      case md::Op::Exchange: {
        const int x = dieCounter(in.a), y = dieCounter(in.b);
        if (x >= 0 && y >= 0) {
          const int vx = counterRef(x, subject), vy = counterRef(y, subject);
          bounded(x, vy);
          bounded(y, vx);
        }
        ++pc;
        break;
      }
      case md::Op::Reroll:
        if (beginReroll(in.a, subject, card, rng)) {
          wait(pc + 1);
          return;
        }
        ++pc;
        break;
      case md::Op::Draw: {
        const long long n = std::clamp<long long>(amount(in.b), 0, md::kMaxStartCards);
        for (long long k = 0; k < n; ++k) {
          auto& from = zoneRef(in.a, subject);
          if (from.empty() && in.d >= 0) {
            auto& refill = zoneRef(in.d, subject);
            from.insert(from.end(), refill.begin(), refill.end());
            refill.clear();
            shuffle(from, rng);
            knownCleared(in.d, subject);
            knownShuffled(in.a, subject);
          }
          if (from.empty()) break;
          const std::int16_t top = from.back();
          knownTaken(in.a, subject, from.size() - 1, top);
          from.pop_back();
          auto& to = zoneRef(in.c, subject);
          to.push_back(top);
          knownAdded(in.c, subject, to.size() - 1);
        }
        ++pc;
        break;
      }
      case md::Op::MovePicked: {
        if (card >= 0 && pickZone >= 0) {
          auto& from = zoneRef(pickZone, subject);
          const auto it = std::find(from.rbegin(), from.rend(), static_cast<std::int16_t>(card));
          if (it != from.rend()) {
            knownTaken(pickZone, subject, static_cast<std::size_t>(from.rend() - it) - 1,
                       static_cast<std::int16_t>(card));
            from.erase(std::next(it).base());
            auto& to = zoneRef(in.a, subject);
            to.push_back(static_cast<std::int16_t>(card));
            knownAdded(in.a, subject, to.size() - 1);
          }
        }
        ++pc;
        break;
      }
      case md::Op::MoveTop: {
        const long long n = std::clamp<long long>(amount(in.c), 0, md::kMaxStartCards);
        for (long long k = 0; k < n; ++k) {
          auto& from = zoneRef(in.a, subject);
          if (from.empty()) break;
          // d = 1 (`at: bottom`): the oldest card leaves first.
          const std::int16_t top = in.d ? from.front() : from.back();
          knownTaken(in.a, subject, in.d ? 0 : from.size() - 1, top);
          if (in.d)
            from.erase(from.begin());
          else
            from.pop_back();
          auto& to = zoneRef(in.b, subject);
          to.push_back(top);
          knownAdded(in.b, subject, to.size() - 1);
        }
        ++pc;
        break;
      }
      case md::Op::MoveAll: {
        auto& from = zoneRef(in.a, subject);
        auto& to = zoneRef(in.b, subject);
        if (&from != &to) {
          to.insert(to.end(), from.begin(), from.end());
          from.clear();
          knownCleared(in.a, subject);
          if (!to.empty()) knownAdded(in.b, subject, to.size() - 1);
        }
        ++pc;
        break;
      }
      case md::Op::Shuffle:
        shuffle(zoneRef(in.a, subject), rng);
        knownShuffled(in.a, subject);
        ++pc;
        break;
      case md::Op::PlayPicked:
        if (card >= 0 && p.cards[static_cast<std::size_t>(card)].code >= 0) {
          run(p.cards[static_cast<std::size_t>(card)].code, subject, card, pickZone, rng);
          if (m_terminal || m_turnEnding) return;
          if (m_choice) {
            wait(pc + 1);
            return;
          }
        }
        ++pc;
        break;
      case md::Op::JumpUnless:
        pc = holdsFor(in.a, subject, card) ? pc + 1 : in.b;
        if (conditionFailed()) return;  // a script's condition failed
        break;
      case md::Op::Jump:
        pc = in.b;
        break;
      case md::Op::RepeatBegin: {
        const long long n = std::clamp<long long>(amount(in.a), 0, md::kMaxRepeat);
        if (n == 0) {
          pc = in.b;
        } else {
          loops[static_cast<std::size_t>(depth++)] = {static_cast<int>(n), subject};
          ++pc;
        }
        break;
      }
      case md::Op::EachBegin: {
        const int n = in.a == 0 ? m_players : m_players - 1;
        if (n == 0) {
          pc = in.b;
        } else {
          loops[static_cast<std::size_t>(depth++)] = {n, subject};
          if (in.a == 1) subject = (subject + 1) % m_players;
          ++pc;
        }
        break;
      }
      case md::Op::RepeatEnd:
      case md::Op::EachEnd: {
        Loop& loop = loops[static_cast<std::size_t>(depth - 1)];
        if (--loop.remaining > 0) {
          if (in.op == md::Op::EachEnd) subject = (subject + 1) % m_players;
          pc = in.b;
        } else {
          subject = loop.savedSubject;
          --depth;
          ++pc;
        }
        break;
      }
      case md::Op::NextPhase:
        m_phase = in.a;
        ++pc;
        break;
      case md::Op::EndTurn:
        m_turnEnding = true;
        return;
      case md::Op::EndGame:
        finish(p.endRules[static_cast<std::size_t>(in.a)], subject);
        return;
      case md::Op::Call: {
        std::string error;
        if (!callLua(p, in.a, *this, subject, rng, error)) {
          // A script that fails ends the game with no winner, its error kept for the report.
          m_scriptError = std::make_shared<const std::string>(error);
          m_terminal = true;
          m_adjudicated = true;
          std::fill(m_returns.begin(), m_returns.end(), 0.0);
          return;
        }
        if (m_terminal) return;
        ++pc;
        break;
      }
      case md::Op::Return:
        return;
      case md::Op::CountAs:
        if (card >= 0)
          log().add(subject, card,
                    static_cast<md::CardUse>(in.a) == md::CardUse::Acquired ? sim::EntityUse::Acquired
                                                                           : sim::EntityUse::Played);
        ++pc;
        break;
      case md::Op::CancelAnswered:
        if (!m_stack.empty()) m_stack.back().cancelled = true;  // the answering item has left the stack
        ++pc;
        break;
      case md::Op::Board:
        boardOp(in, subject);
        if (m_terminal) return;
        ++pc;
        break;
      case md::Op::Choose:
        if (beginChoice(in.a, subject, card)) {
          wait(pc + 1);
          return;
        }
        ++pc;
        break;
      case md::Op::Reveal:
        // The subject sees the zone (c = 1: the next player's), or its top b cards.
        reveal(in.a, in.c ? (subject + 1) % m_players : subject, subject, in.b < 0 ? -1 : std::max(0LL, amount(in.b)));
        ++pc;
        break;
      case md::Op::ChooseAmount:
        if (beginAmount(in.a, subject, card)) {
          wait(pc + 1);
          return;
        }
        ++pc;
        break;
      case md::Op::Deal: {
        // One card at a time to each player in turn order from the subject (the others only with d = 1).
        const long long n = std::clamp<long long>(amount(in.c), 0, md::kMaxStartCards);
        auto& from = zoneRef(in.a, subject);
        for (long long k = 0; k < n && !from.empty(); ++k)
          for (int j = in.d; j < m_players && !from.empty(); ++j) {
            knownTaken(in.a, subject, from.size() - 1, from.back());
            auto& to = zoneRef(in.b, (subject + j) % m_players);
            to.push_back(from.back());
            from.pop_back();
            knownAdded(in.b, (subject + j) % m_players, to.size() - 1);
          }
        ++pc;
        break;
      }
      case md::Op::MoveWhere: {
        // Every card of `from` that satisfies the condition (read with the card as card_), in order.
        auto& from = zoneRef(in.a, subject);
        auto& to = zoneRef(in.b, subject);
        if (&from != &to) {
          std::size_t keep = 0;
          for (std::size_t i = 0; i < from.size(); ++i) {
            const std::int16_t c = from[i];
            if (holds(in.c, subject, c)) {
              knownTaken(in.a, subject, i, c);
              to.push_back(c);
              knownAdded(in.b, subject, to.size() - 1);
            } else {
              from[keep++] = c;
            }
          }
          if (keep < from.size()) knownShuffled(in.a, subject);
          from.resize(keep);
        }
        if (conditionFailed()) return;
        ++pc;
        break;
      }
    }
    dirty = dirty || mutates;
  }
}

}  // namespace wb::rulesets::described
