// Zoneplex: relic cards -- drawing them, when each may be used, and their
// powers (the assumed set of data/rulesets/zoneplex/relics.yaml).
//
// Rule "Relic Cards" and the note in "Turn Order": a player may use any number
// of relics on their own turn (every decision of that turn: placing, moving,
// the dislocate and step choices, the stone and reliquary choices, a Fear turn
// before and during the battle, and once more after the last action), never on
// the turn the relic was gained. Movement relics need steps left to take;
// battle relics are used by a participant while declaring sacrifices.
#include <algorithm>

#include "rulesets/zoneplex/zoneplex_state.h"

namespace wb::rulesets::zoneplex {

namespace {

template <typename List>
void shuffle(List& list, sim::Rng& rng) {
  for (int i = list.count() - 1; i > 0; --i) std::swap(list[static_cast<std::size_t>(i)], list[static_cast<std::size_t>(sim::uniformInt(rng, i + 1))]);
}

// Lists the relic uses of p into `out`, or (out == nullptr) only tells whether there is one.
bool relicUses(const ZoneplexState& s, int p, int actor, Stage stage, std::vector<sim::Action>* out) {
  const ZoneplexRules& R = s.rules();
  const Geometry& g = R.geometry;
  const PlayerState& ps = s.player(p);
  const bool ownTurn = p == s.turnPlayer() && p == actor && stage != Stage::Over;
  const bool moving = ownTurn && stage == Stage::Move && s.stepsLeft() > 0;
  const bool battle = stage == Stage::BattleDeclare && p == actor && ((s.participants() >> p) & 1);
  if (!ownTurn && !battle) return false;
  bool any = false;
  auto add = [&](int payload) {
    any = true;
    if (out) out->push_back(encode(ActionKind::UseRelic, payload));
    return out == nullptr;  // stop early when only asked whether there is one
  };
  std::uint64_t seen = 0;  // relic types already listed
  for (int i = 0; i < ps.relics.count(); ++i) {
    const HeldRelic& h = ps.relics[static_cast<std::size_t>(i)];
    if (h.gainedTurn == s.turnCount() || (seen >> h.type) & 1ULL) continue;
    seen |= 1ULL << h.type;
    const RelicType& r = R.relics[h.type];
    const int base = i * 1000;
    switch (r.op) {
      case RelicOp::MoveOther:
        if (!ownTurn) break;
        for (int q = 0; q < s.numPlayers(); ++q) {
          const int qp = s.player(q).pos;
          if (q == p || qp < 0) continue;
          const std::uint64_t targets = s.walkTargets(qp, std::max(1, r.amount));
          for (int c = 1; c < g.cells; ++c)
            if ((targets >> c) & 1ULL && add(base + q * 64 + c)) return true;
        }
        break;
      case RelicOp::StealRelic:
        if (!ownTurn) break;
        for (int q = 0; q < s.numPlayers(); ++q) {
          if (q == p) continue;
          for (const HeldRelic& o : s.player(q).relics)
            if (!o.revealed) {
              if (add(base + q)) return true;
              break;
            }
        }
        break;
      case RelicOp::DislocateStone:
        if (!ownTurn) break;
        for (int c = 1; c < g.cells; ++c) {
          if (s.cell(c).stone < 0) continue;
          bool occupied = false;
          for (int q = 0; q < s.numPlayers(); ++q) occupied |= s.player(q).pos == c;
          if (!occupied && add(base + c)) return true;
        }
        break;
      case RelicOp::GainWms:
        if (ownTurn && ps.wms < R.wmsMax && add(base)) return true;
        break;
      case RelicOp::DrainWms:
        if (!ownTurn) break;
        for (int q = 0; q < s.numPlayers(); ++q)
          if (q != p && s.player(q).wms > R.wmsMin && add(base + q)) return true;
        break;
      case RelicOp::ExtraSteps:
        if (moving && add(base)) return true;
        break;
      case RelicOp::Warp:
        if (!moving) break;
        for (int c = 1; c < g.cells; ++c) {
          const int t = s.cell(c).tile;
          if (c != ps.pos && t >= 0 && R.tiles[static_cast<std::size_t>(t)].isTeleporter() && add(base + c)) return true;
        }
        break;
      case RelicOp::WeakenFear:
      case RelicOp::AttackBonus:
        if (battle && add(base)) return true;
        break;
      case RelicOp::Influence:
      case RelicOp::CanopicJar:
        break;
    }
  }
  return any;
}

}  // namespace

void ZoneplexState::addRelicUses(std::vector<sim::Action>& out, int p) const { relicUses(*this, p, m_actor, m_stage, &out); }

bool ZoneplexState::canUseRelics(int p) const { return relicUses(*this, p, m_actor, m_stage, nullptr); }

bool ZoneplexState::tradable(const HeldRelic& h) const { return !isPassiveRelic(m_rules->relics[h.type].op); }

// Rule "Movement" applied to another's Monkle: a walk of exactly `steps` steps,
// forward or back, over placed tiles through sides without a wall (assumed:
// no teleporting, never into the Eye, not back onto the starting tile).
std::uint64_t ZoneplexState::walkTargets(int from, int steps) const {
  const Geometry& g = m_rules->geometry;
  std::uint64_t cur = 1ULL << from;
  for (int k = 0; k < steps; ++k) {
    std::uint64_t next = 0;
    for (int c = 1; c < g.cells; ++c) {
      if (!((cur >> c) & 1ULL)) continue;
      for (int s = 0; s < 3; ++s) {
        const int nb = g.neighbour[static_cast<std::size_t>(c)][static_cast<std::size_t>(s)];
        if (nb > kEyeCell && m_board[static_cast<std::size_t>(nb)].tile >= 0 && !stepBlocked(c, nb)) next |= 1ULL << nb;
      }
    }
    cur = next;
  }
  return cur & ~(1ULL << from);
}

void ZoneplexState::noteHeld(int p, int relicType) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  if ((ps.everHeld >> relicType) & 1ULL) return;
  ps.everHeld |= 1ULL << relicType;
  counterLog().add(p, m_rules->counter.relicHeld[static_cast<std::size_t>(relicType)]);
}

// Rule "Relic Cards": "The Canopic Jar acts as a captured Fear and is also
// revealed immediately, however, it is placed amongst captured Fear cards": it
// takes no place in the relic hand.
void ZoneplexState::receiveRelic(int p, HeldRelic h) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  noteHeld(p, h.type);
  if (m_rules->relics[h.type].op == RelicOp::CanopicJar) {
    ++ps.jars;
    return;
  }
  if (!ps.relics.full()) ps.relics.push_back(h);
}

// Free places in p's relic hand (rule "Max 4 Relics").
int ZoneplexState::relicRoom(int p) const {
  const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  return std::max(0, std::min(m_rules->relicLimit, static_cast<int>(ps.relics.capacity())) - ps.relics.count());
}

bool ZoneplexState::drawRelic(int p, sim::Rng& rng) {
  if (relicRoom(p) <= 0) return false;
  // Rule "Relic Cards": a depleted deck is reshuffled from the discard pile.
  if (m_relicDeck.empty()) {
    for (std::uint8_t r : m_relicDiscard) m_relicDeck.push_back(r);
    m_relicDiscard.clear();
    shuffle(m_relicDeck, rng);
  }
  if (m_relicDeck.empty()) return false;
  const int type = m_relicDeck.back();
  m_relicDeck.pop_back();
  giveRelic(p, type, m_turn);
  log().add(p, m_rules->relics[static_cast<std::size_t>(type)].entity, sim::EntityUse::Acquired);
  return true;
}

// Relic powers (assumed set, data/rulesets/zoneplex/relics.yaml). Rule "Relic
// Cards": a used relic goes face up to the discard pile.
void ZoneplexState::useRelic(int slot, int target, sim::Rng& rng) {
  const int p = m_actor;
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  const HeldRelic held = ps.relics[static_cast<std::size_t>(slot)];
  ps.relics.erase(static_cast<std::size_t>(slot));
  m_relicDiscard.push_back(held.type);
  const RelicType& relic = m_rules->relics[held.type];
  log().add(p, relic.entity, sim::EntityUse::Played);
  counterLog().add(p, m_rules->counter.relicUsed[held.type]);
  const int amount = relic.amount;
  switch (relic.op) {
    case RelicOp::MoveOther:
      m_p[static_cast<std::size_t>(target / 64)].pos = static_cast<std::int8_t>(target % 64);
      break;
    case RelicOp::StealRelic: {
      // Rule "Relic Cards" example: the taken relic is not usable this turn;
      // influential relics and the Jar cannot be taken (assumed: a random concealed one).
      PlayerState& victim = m_p[static_cast<std::size_t>(target)];
      int hidden = 0;
      for (const HeldRelic& h : victim.relics) hidden += h.revealed ? 0 : 1;
      if (hidden == 0) break;
      int pick = sim::uniformInt(rng, hidden);
      for (int i = 0; i < victim.relics.count(); ++i) {
        if (victim.relics[static_cast<std::size_t>(i)].revealed) continue;
        if (pick-- == 0) {
          HeldRelic taken = victim.relics[static_cast<std::size_t>(i)];
          victim.relics.erase(static_cast<std::size_t>(i));
          taken.gainedTurn = static_cast<std::int16_t>(m_turn);
          receiveRelic(p, taken);
          break;
        }
      }
      break;
    }
    case RelicOp::DislocateStone: {
      Cell& cell = m_board[static_cast<std::size_t>(target)];
      if (cell.stone >= 0) ++m_p[static_cast<std::size_t>(cell.stone)].stonesHome;
      cell.stone = -1;
      break;
    }
    case RelicOp::GainWms:
      ps.wms = static_cast<std::int8_t>(std::clamp(ps.wms + amount, m_rules->wmsMin, m_rules->wmsMax));
      break;
    case RelicOp::DrainWms: {
      PlayerState& victim = m_p[static_cast<std::size_t>(target)];
      victim.wms = static_cast<std::int8_t>(std::clamp(victim.wms - amount, m_rules->wmsMin, m_rules->wmsMax));
      break;
    }
    case RelicOp::ExtraSteps:
      m_stepsLeft += amount;
      break;
    case RelicOp::Warp:
      ps.pos = static_cast<std::int8_t>(target);
      m_landedOnTeleporter = false;
      break;
    case RelicOp::WeakenFear:
      m_battle.weakenRolls[static_cast<std::size_t>(p)] = static_cast<std::int8_t>(m_battle.weakenRolls[static_cast<std::size_t>(p)] + amount);
      break;
    case RelicOp::AttackBonus:
      m_battle.bonus[static_cast<std::size_t>(p)] = static_cast<std::int8_t>(m_battle.bonus[static_cast<std::size_t>(p)] + amount);
      break;
    case RelicOp::Influence:
    case RelicOp::CanopicJar:
      break;
  }
}

void ZoneplexState::setupFeatures(std::vector<sim::SetupFeature>& out) const {
  out.clear();
  const ZoneplexRules& R = *m_rules;
  out.push_back({"players", std::to_string(m_players)});
  // The deck deals from its back (relicDeckCards: the next drawn last).
  if (m_relicDeck.count() > 0)
    out.push_back({"first_relic", R.relics[static_cast<std::size_t>(m_relicDeck[static_cast<std::size_t>(m_relicDeck.count() - 1)])].id});
  const int symbol = m_p[0].symbol;
  if (symbol >= 0 && symbol < static_cast<int>(R.symbols.size()))
    out.push_back({"seat0_symbol", R.symbols[static_cast<std::size_t>(symbol)]});
}

}  // namespace wb::rulesets::zoneplex
