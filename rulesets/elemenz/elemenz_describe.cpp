// ElemenZ: hidden information (determinize), the entities an action uses
// (restricted play), and the text forms of states and actions.
#include <algorithm>
#include <sstream>

#include "rulesets/elemenz/elemenz_state.h"

namespace wb::rulesets::elemenz {

namespace {

const char* stageName(Stage s) {
  switch (s) {
    case Stage::Hold: return "hold";
    case Stage::RollPending: return "roll-pending";
    case Stage::SurgeChoice: return "surge-choice";
    case Stage::HealChoice: return "heal-choice";
    case Stage::React: return "react";
    case Stage::Assign: return "assign";
    case Stage::Hit: return "hit";
    case Stage::TideChoice: return "tide-choice";
    case Stage::ColourChoice: return "colour-choice";
    case Stage::Over: return "over";
  }
  return "?";
}

const char* loseName(int location) {
  switch (location) {
    case kLoseOther: return "another die";
    case kLoseShield: return "a SHIELD die";
    case kLoseBonus: return "the starting bonus die";
    case kLoseUsed: return "a die on a combo";
    default: return "a die";
  }
}

}  // namespace

// Hidden from `observer` (rule "Using Totems", "Using Avatars"): the pulse tokens
// on the other totems (face down; their number is known) and the avatars the
// others hold (face down). The bag is drawn at random, so its order is never
// stored. Both are re-dealt from what the observer cannot tell apart.
std::unique_ptr<sim::State> ElemenzState::determinize(int observer, sim::Rng& rng) const {
  auto d = std::make_unique<ElemenzState>(*this);
  // The unseen tokens and avatars as sorted pools (canonical: the result depends on
  // what the observer sees and on rng only, never on the hidden order).
  std::array<int, kMaxTokenTypes> tokenCount{};
  std::array<int, kMaxAvatarTypes> avatarCount{};
  for (int t = 0; t < static_cast<int>(m_rules->tokens.size()); ++t) tokenCount[static_cast<std::size_t>(t)] = m_bag[static_cast<std::size_t>(t)];
  for (int q = 0; q < m_players; ++q) {
    if (q == observer) continue;
    for (std::uint8_t t : m_p[static_cast<std::size_t>(q)].totem) ++tokenCount[t];
    for (std::uint8_t a : m_p[static_cast<std::size_t>(q)].avatars) ++avatarCount[a];
  }
  FixedVector<std::uint8_t, kMaxBag + 16> tokens;
  FixedVector<std::uint8_t, kMaxAvatarTypes> avatars;
  for (int t = 0; t < kMaxTokenTypes; ++t)
    for (int k = 0; k < tokenCount[static_cast<std::size_t>(t)]; ++k) tokens.push_back(static_cast<std::uint8_t>(t));
  for (int a = 0; a < kMaxAvatarTypes; ++a)
    for (int k = 0; k < avatarCount[static_cast<std::size_t>(a)]; ++k) avatars.push_back(static_cast<std::uint8_t>(a));
  for (int i = tokens.count() - 1; i > 0; --i)
    std::swap(tokens[static_cast<std::size_t>(i)], tokens[static_cast<std::size_t>(sim::uniformInt(rng, i + 1))]);
  for (int i = avatars.count() - 1; i > 0; --i)
    std::swap(avatars[static_cast<std::size_t>(i)], avatars[static_cast<std::size_t>(sim::uniformInt(rng, i + 1))]);
  int nextToken = 0, nextAvatar = 0;
  for (int q = 0; q < m_players; ++q) {
    if (q == observer) continue;
    for (std::uint8_t& t : d->m_p[static_cast<std::size_t>(q)].totem) t = tokens[static_cast<std::size_t>(nextToken++)];
    for (std::uint8_t& a : d->m_p[static_cast<std::size_t>(q)].avatars) a = avatars[static_cast<std::size_t>(nextAvatar++)];
  }
  d->m_bag = {};
  for (int i = nextToken; i < tokens.count(); ++i) ++d->m_bag[tokens[static_cast<std::size_t>(i)]];
  return d;
}

// Restricted play: the combo completed, the pulse token or avatar used or
// bought, the race ability used.
void ElemenzState::actionEntities(sim::Action a, std::vector<int>& out) const {
  out.clear();
  const std::int64_t payload = payloadOf(a);
  const ElemenzRules& R = *m_rules;
  switch (kindOf(a)) {
    case ActionKind::Complete: {
      const int c = static_cast<int>(payload / 1000);
      if (c >= 0 && c < static_cast<int>(R.combos.size())) {
        out.push_back(R.combos[static_cast<std::size_t>(c)].entity);
        // Fire's locked dice: restricting the ability forbids the combos they fill.
        if (R.combos[static_cast<std::size_t>(c)].lockedBy >= 0) out.push_back(R.combos[static_cast<std::size_t>(c)].lockedBy);
      }
      break;
    }
    case ActionKind::UseToken: {
      const int t = static_cast<int>(payload / 32);
      if (t >= 0 && t < static_cast<int>(R.tokens.size())) out.push_back(R.tokens[static_cast<std::size_t>(t)].entity);
      break;
    }
    case ActionKind::React:
      if (payload / 100'000 == kReactToken) out.push_back(R.tokens[static_cast<std::size_t>(payload / 1000 % 100)].entity);
      else if (payload / 100'000 == kReactAvatar) out.push_back(R.avatars[static_cast<std::size_t>(payload / 1000 % 100)].entity);
      else out.push_back(R.combos[static_cast<std::size_t>(payload / 1000 % 100)].entity);
      break;
    case ActionKind::BuyAvatar:
    case ActionKind::HitCancel:
      out.push_back(R.avatars[static_cast<std::size_t>(payload)].entity);
      break;
    case ActionKind::UseAvatar:
      out.push_back(R.avatars[static_cast<std::size_t>(payload / 1'000'000)].entity);
      break;
    case ActionKind::HitRedirect:
      out.push_back(R.avatars[static_cast<std::size_t>(payload / 10)].entity);
      break;
    case ActionKind::HitWard:
      out.push_back(R.combos[static_cast<std::size_t>(payload)].entity);
      break;
    case ActionKind::FreeReroll:
    case ActionKind::TideReroll: {
      const Shaman& sh = R.shamans[static_cast<std::size_t>(m_p[static_cast<std::size_t>(m_active)].shaman)];
      if (!sh.abilityEntities.empty()) out.push_back(sh.abilityEntities.front());
      break;
    }
    default:
      break;
  }
}

std::string ElemenzState::actionToString(sim::Action a) const {
  const ElemenzRules& R = *m_rules;
  const std::int64_t payload = payloadOf(a);
  auto dieText = [&](int i) {
    if (i < 0 || i >= m_dice.count()) return std::string("die ?");
    const TurnDie& d = m_dice[static_cast<std::size_t>(i)];
    if (d.flags & (kDieUnrolled | kDieAside)) return std::string("the just-healed ") + elementName(d.colour) + " die";
    return std::string("a ") + elementName(d.face) + " die";
  };
  auto seat = [](std::int64_t s) { return "Seat " + std::to_string(s + 1); };  // as the window numbers seats
  std::ostringstream o;
  switch (kindOf(a)) {
    case ActionKind::Reroll: {
      std::array<int, kFaces> faces{};
      int n = 0;
      for (int i = 0; i < m_dice.count(); ++i)
        if ((payload >> i) & 1) {
          ++faces[m_dice[static_cast<std::size_t>(i)].face];
          ++n;
        }
      o << "re-roll " << n << " dice";
      for (int f = 0; f < kFaces; ++f)
        if (faces[static_cast<std::size_t>(f)]) o << " " << faces[static_cast<std::size_t>(f)] << "x" << elementName(f);
      return o.str();
    }
    case ActionKind::Stop: return "stop rolling";
    case ActionKind::Roll: return "roll";
    case ActionKind::FreeReroll: return "free re-roll of " + dieText(static_cast<int>(payload));
    case ActionKind::UseToken: {
      const int t = static_cast<int>(payload / 32);
      o << "use " << R.tokens[static_cast<std::size_t>(t)].name;
      if (R.tokens[static_cast<std::size_t>(t)].op != TokenOp::Restore) o << " on " << dieText(static_cast<int>(payload % 32));
      return o.str();
    }
    case ActionKind::Heal: return "heal (take a die back)";
    case ActionKind::SkipHeal: return "do not heal";
    case ActionKind::AcceptSurge: return "accept the wild surge";
    case ActionKind::Complete: {
      const int c = static_cast<int>(payload / 1000);
      const Combo& cb = R.combos[static_cast<std::size_t>(c)];
      o << "complete " << cb.name << " (" << cb.id << ")";
      if (cb.partial) o << " with " << payload / 10 % 100 << " dice";
      if (cb.targeted() || m_duel) o << " on " << seat(payload % 10);
      return o.str();
    }
    case ActionKind::BuyPulse: return "re-energise a pulse token";
    case ActionKind::BurnPulse: return "burn a pulse token of " + seat(payload);
    case ActionKind::BuyAvatar: return "buy avatar " + R.avatars[static_cast<std::size_t>(payload)].name;
    case ActionKind::BurnAvatar:
      return "burn an avatar of " + seat(payload % 10) + " with a pair of " + elementName(static_cast<int>(payload / 10));
    case ActionKind::TideReroll: return "water tide: re-roll the healed die";
    case ActionKind::TideKeep: return "water tide: keep the healed die unrolled";
    case ActionKind::ChooseColour: return std::string("take the harder game's dice in ") + elementName(static_cast<int>(payload));
    case ActionKind::UseAvatar: {
      const AvatarType& av = R.avatars[static_cast<std::size_t>(payload / 1'000'000)];
      const std::int64_t arg = payload % 1'000'000;
      o << "use avatar " << av.name;
      if (av.op == AvatarOp::FlipOwn) o << ": " << dieText(static_cast<int>(arg / 10)) << " to " << elementName(static_cast<int>(arg % 10));
      if (av.op == AvatarOp::SurgeTwo || av.op == AvatarOp::NoHeal) o << " on " << seat(arg);
      if (av.op == AvatarOp::BlockSpace)
        o << ": block a space of " << R.combos[static_cast<std::size_t>(arg % 100)].name << " of " << seat(arg / 100 % 100) << " with "
          << dieText(static_cast<int>(arg / 10000));
      return o.str();
    }
    case ActionKind::EndTurn: return "end the turn";
    case ActionKind::React: {
      const int source = static_cast<int>(payload / 100'000);
      const int index = static_cast<int>(payload / 1000 % 100);
      const int die = static_cast<int>(payload / 10 % 100);
      if (source == kReactAvatar)
        return "avatar " + R.avatars[static_cast<std::size_t>(index)].name + ": turn " + dieText(die) + " to " + elementName(static_cast<int>(payload % 10));
      const std::string what = source == kReactCombo ? R.combos[static_cast<std::size_t>(index)].name : R.tokens[static_cast<std::size_t>(index)].name;
      return what + ": force a re-roll of " + dieText(die);
    }
    case ActionKind::Pass: return "pass";
    case ActionKind::HitAccept: return "take the effect";
    case ActionKind::HitRedirect:
      return "avatar " + R.avatars[static_cast<std::size_t>(payload / 10)].name + " onto " + seat(payload % 10);
    case ActionKind::HitWard: return "trigger " + R.combos[static_cast<std::size_t>(payload)].name;
    case ActionKind::HitCancel: return "avatar " + R.avatars[static_cast<std::size_t>(payload)].name;
    case ActionKind::HitTotem: {
      o << "discard";
      const PlayerState& ts = m_p[static_cast<std::size_t>(m_hits.empty() ? 0 : m_hits[0].target)];
      for (int s = 0; s < ts.totem.count(); ++s)
        if ((payload >> s) & 1) o << " " << R.tokens[ts.totem[static_cast<std::size_t>(s)]].name;
      o << " instead of a die";
      return o.str();
    }
    case ActionKind::HitLose: {
      const int loc = static_cast<int>(payload);
      if (loc >= kLoseColour) return std::string("lose a ") + elementName(loc - kLoseColour) + " die";
      if (loc >= kLoseFace) return std::string("lose a die showing ") + elementName(loc - kLoseFace);
      return std::string("lose ") + loseName(loc);
    }
  }
  return "action " + std::to_string(a);
}

std::string ElemenzState::toString() const {
  const ElemenzRules& R = *m_rules;
  std::ostringstream o;
  o << "turn " << m_turn << " active Seat " << m_active + 1 << " actor Seat " << m_actor + 1 << " stage " << stageName(m_stage)
    << " rolls " << m_rollsDone << (m_stopped ? " stopped" : "") << "\n";
  if (m_winner >= 0) o << "winner Seat " << m_winner + 1 << "\n";
  for (int p = 0; p < m_players; ++p) {
    const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
    o << "Seat " << p + 1 << " " << R.shamans[static_cast<std::size_t>(ps.shaman)].id << (ps.alive ? "" : " (out)")
      << " dice " << static_cast<int>(ps.dice) << " shield " << static_cast<int>(ps.shield) << (ps.shieldFree ? "+1" : "")
      << " bonus " << static_cast<int>(ps.bonus) << " totem";
    if (ps.totemGone) o << " gone";
    for (std::uint8_t t : ps.totem) o << " " << R.tokens[t].id;
    o << " armed";
    for (std::uint8_t c : ps.armed) o << " " << R.combos[c].id;
    o << " avatars";
    for (std::uint8_t a : ps.avatars) o << " " << R.avatars[a].id;
    if (m_duel) {
      o << " hand";
      for (int c = 0; c < kElements; ++c) o << " " << static_cast<int>(ps.hand[static_cast<std::size_t>(c)]);
      o << " locked " << ps.locked;
    }
    if (ps.blockedCombo >= 0) o << " blocked " << R.combos[static_cast<std::size_t>(ps.blockedCombo)].id;
    if (ps.cursedNoHeal) o << " no-heal";
    if (ps.cursedSurgeTwo) o << " surge-two";
    o << "\n";
  }
  o << "dice";
  for (const TurnDie& d : m_dice) o << " " << elementName(d.colour)[0] << ":" << elementName(d.face) << "/" << static_cast<int>(d.flags);
  o << "\npool";
  for (std::uint8_t n : m_pool) o << " " << static_cast<int>(n);
  o << " bag " << bagSize() << " done " << m_doneCombos << " hits " << m_hits.count() << " reactor " << m_reactor << "\n";
  return o.str();
}

void ElemenzState::setupFeatures(std::vector<sim::SetupFeature>& out) const {
  out.clear();
  const ElemenzRules& R = *m_rules;
  const PlayerState& ps = m_p[0];
  for (std::size_t t = 0; t < R.tokens.size(); ++t) {
    int n = 0;
    for (std::uint8_t x : ps.totem) n += x == t ? 1 : 0;
    out.push_back({"seat0_pulse_" + R.tokens[t].id, std::to_string(n)});
  }
  if (!R.avatarsOn) return;
  for (std::size_t a = 0; a < R.avatars.size(); ++a) {
    bool held = false;
    for (std::uint8_t x : ps.avatars) held = held || x == a;
    out.push_back({"seat0_avatar_" + R.avatars[a].id, held ? "yes" : "no"});
  }
}

}  // namespace wb::rulesets::elemenz
