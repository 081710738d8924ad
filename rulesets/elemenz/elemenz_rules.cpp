#include "rulesets/elemenz/elemenz_rules.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "rulesets/elemenz/elemenz_hold_tables.h"

namespace wb::rulesets::elemenz {

namespace {

constexpr const char* kElementNames[kFaces] = {"air", "earth", "fire", "water", "Z"};

constexpr const char* kAvatarOpNames[kAvatarOps] = {
    "deflect_adjacent", "cancel_loss", "flip_own", "flip_target", "recycle_pulse", "borrow_die", "reroll_opposing",
    "surge_two", "no_heal", "block_space", "reflect", "recall_dice", "mirror"};

const char* kCounterNames[kFixedCounters] = {
    "turns", "wild_surge", "surge_stopped", "dice_lost", "dice_drained", "heal", "totem_trade", "pulse_bought",
    "pulse_burnt", "pulse_used", "totem_gone", "totem_turns", "forced_reroll", "waiting_triggered", "eliminated",
    "avatar_used", "dice_locked", "duel_win_monolith", "duel_win_starved",
    // Blunder counters: STRIKE effects that reached a living target, and those
    // that took neither a die nor a token from it (all blocked by SHIELD or a ward).
    "strike_hits", "strike_drains_nothing"};

template <typename T>
int indexById(const std::vector<T>& items, std::string_view id) {
  for (std::size_t i = 0; i < items.size(); ++i)
    if (items[i].id == id) return static_cast<int>(i);
  return -1;
}

std::optional<long long> intArg(const model::Effect& fx, const char* key) {
  const model::Field* f = fx.arg(key);
  return f ? f->asInt() : std::nullopt;
}

}  // namespace

const char* elementName(int e) { return e >= 0 && e < kFaces ? kElementNames[e] : "?"; }
int elementIndex(std::string_view s) {
  for (int e = 0; e < kElements; ++e)
    if (s == kElementNames[e]) return e;
  return -1;
}
const char* avatarOpName(AvatarOp op) { return kAvatarOpNames[static_cast<int>(op)]; }

bool Combo::targeted() const {
  for (const ComboEffect& e : effects)
    if ((e.op == EffectOp::Strike || e.op == EffectOp::Lose || e.op == EffectOp::BurnPulse) && e.target == TargetKind::One)
      return true;
  return false;
}
bool Combo::isShield() const {
  return std::any_of(effects.begin(), effects.end(), [](const ComboEffect& e) { return e.op == EffectOp::Shield; });
}
bool Combo::isStrike() const {
  return std::any_of(effects.begin(), effects.end(),
                     [](const ComboEffect& e) { return e.op == EffectOp::Strike && e.fromDice; });
}

int ElemenzRules::comboIndex(std::string_view id) const { return indexById(combos, id); }
int ElemenzRules::tokenIndex(std::string_view id) const { return indexById(tokens, id); }
int ElemenzRules::avatarIndex(std::string_view id) const { return indexById(avatars, id); }
int ElemenzRules::factionIndex(std::string_view id) const {
  for (std::size_t i = 0; i < factionIds.size(); ++i)
    if (factionIds[i] == id) return static_cast<int>(i);
  return -1;
}

std::shared_ptr<const ElemenzRules> compileRules(const model::Ruleset& ruleset, model::Diagnostics& out) {
  auto rules = std::make_shared<ElemenzRules>();
  ElemenzRules& R = *rules;
  const std::size_t errorsBefore = out.items().size();
  auto fail = [&](const model::SourceLocation& where, std::string message) { out.error(where, std::move(message)); };
  auto intParam = [&](const char* id, int fallback, int lo, int hi) {
    return std::clamp(static_cast<int>(std::lround(ruleset.number(id, fallback))), lo, hi);
  };
  auto boolParam = [&](const char* id, bool fallback) { return ruleset.number(id, fallback ? 1 : 0) != 0; };

  R.dicePerShaman = intParam("dice_per_shaman", 7, 1, 9);
  R.shieldStartDice = intParam("shield_start_dice", 2, 0, 2);
  R.startingBonusDice = intParam("starting_bonus_dice", 1, 0, 3);
  R.rolls = intParam("rolls_per_turn", 3, 1, 5);
  R.surgeWilds = intParam("surge_wilds", 3, 2, 20);
  R.surgeOpposing = boolParam("surge_opposing", true);
  R.surgeFewDice = boolParam("surge_few_dice", true);
  R.healDice = intParam("heal_dice", 1, 0, 3);
  R.totemCapacity = intParam("totem_capacity", 4, 0, 4);
  R.totemStartTokens = intParam("totem_start_tokens", 4, 0, R.totemCapacity);
  R.totemTradeTokens = intParam("totem_trade_tokens", 2, 1, 4);
  R.pulseBuyDice = intParam("pulse_buy_dice", 1, 1, 3);
  R.pulseBurnDice = intParam("pulse_burn_dice", 2, 1, 3);
  R.pulseBurnsPerTarget = intParam("pulse_burns_per_target", 1, 0, 4);
  R.avatarsOn = boolParam("avatars", false);
  R.avatarsDealt = intParam("avatars_dealt", 2, 0, 4);
  R.avatarBuyDice = intParam("avatar_buy_dice", 1, 1, 3);
  R.avatarBurnDice = intParam("avatar_burn_dice", 2, 1, 3);
  R.duelDicePerColour = intParam("duel_dice_per_colour", 3, 1, 7);
  R.duelHarderDice = intParam("duel_harder_dice", 4, 1, 7);
  R.maxTurns = intParam("max_turns", 400, 1, 1000000);
  R.maxActionsPerTurn = intParam("max_actions_per_turn", 120, 20, 10000);
  if (const model::Parameter* v = ruleset.parameter("duel_variant")) {
    const std::string text = model::toString(v->value);
    R.duelVariant = text == "harder" ? DuelVariant::Harder : text == "easier" ? DuelVariant::Easier : DuelVariant::Standard;
  }
  auto enumParam = [&](const char* id, const char* fallback) {
    const model::Parameter* v = ruleset.parameter(id);
    return v ? model::toString(v->value) : std::string(fallback);
  };
  R.reactAfterEachRoll = enumParam("reaction_window", "after_each_roll") != "after_last_roll";
  R.tideEveryHeal = enumParam("water_tide", "every_heal") != "heal_action";
  R.tokenAnchorsOnTotem = enumParam("token_anchor", "on_totem") != "in_combo";
  if (ruleset.players.min < 2 || ruleset.players.max > kMaxPlayers)
    fail(ruleset.origin.at("players"), "elemenz plays 2 to 4 players");

  // Shamans (factions): one per element, each with the die of its colour.
  std::array<bool, kElements> seen{};
  for (const model::Entity& f : ruleset.entities(model::Section::Factions)) {
    const model::Field* el = f.property("element");
    const int e = el ? elementIndex(el->text) : -1;
    if (e < 0) {
      fail(f.origin.at("properties"), "shaman '" + f.id + "' needs an element (air, earth, fire or water)");
      continue;
    }
    if (seen[static_cast<std::size_t>(e)]) {
      fail(f.origin.at("properties.element"), "a second shaman of element '" + std::string(elementName(e)) + "'");
      continue;
    }
    seen[static_cast<std::size_t>(e)] = true;
    Shaman& s = R.shamans[static_cast<std::size_t>(e)];
    s.id = f.id;
    s.name = f.name;
    s.element = e;
    const model::Field* opp = f.property("opposing");
    const model::Field* partner = f.property("partner");
    s.opposing = opp ? elementIndex(opp->text) : -1;
    s.partner = partner ? elementIndex(partner->text) : -1;
    if (s.opposing < 0 || s.opposing == e) fail(f.origin.at("properties"), "shaman '" + f.id + "' needs an opposing element other than its own");
    if (s.partner < 0 || s.partner == e) fail(f.origin.at("properties"), "shaman '" + f.id + "' needs a partner element other than its own");
    s.faction = static_cast<int>(R.factionIds.size());
    R.factionIds.push_back(f.id);
    R.factionElement.push_back(e);
    const model::Field* dieRef = f.property("die");
    const model::Die* die = dieRef ? ruleset.die(dieRef->text) : nullptr;
    if (!die) {
      fail(f.origin.at("properties"), "shaman '" + f.id + "' needs the die of its colour (properties: die)");
      continue;
    }
    DieType& d = R.dice[static_cast<std::size_t>(e)];
    d.id = die->id;
    double total = 0;
    for (std::size_t i = 0; i < die->faces.size() && i < static_cast<std::size_t>(kMaxDieFaces); ++i) {
      const model::DieFace& face = die->faces[i];
      const int sym = face.symbol == "Z" ? kZee : elementIndex(face.symbol);
      if (sym < 0) {
        fail(die->origin.at("faces"), "die '" + die->id + "': face '" + face.symbol + "' is not an element or Z");
        continue;
      }
      total += face.weight;
      d.faces.push_back(static_cast<std::uint8_t>(sym));
      d.cumulative.push_back(total);
      d.p[static_cast<std::size_t>(sym)] += face.weight;
    }
    if (d.faces.empty() || total <= 0) {
      fail(die->origin.loc, "die '" + die->id + "' has no usable face");
      d.faces = {static_cast<std::uint8_t>(e)};
      d.cumulative = {1};
      d.p = {};
      d.p[static_cast<std::size_t>(e)] = total = 1;
    }
    for (double& p : d.p) p /= total;
  }
  for (int e = 0; e < kElements; ++e)
    if (!seen[static_cast<std::size_t>(e)])
      fail(ruleset.origin.at("factions"), std::string("elemenz needs a shaman of element '") + elementName(e) + "'");
  for (int e = 0; e < kElements; ++e) {
    const Shaman& s = R.shamans[static_cast<std::size_t>(e)];
    if (s.partner >= 0 && seen[static_cast<std::size_t>(e)] && R.shamans[static_cast<std::size_t>(s.partner)].partner != e &&
        seen[static_cast<std::size_t>(s.partner)])
      fail(ruleset.origin.at("factions"), "shaman '" + s.id + "': partners must pair up (each the other's partner)");
  }

  auto shamanOf = [&](const model::Entity& e) -> int {
    const model::Field* s = e.property("shaman");
    const int f = s ? R.factionIndex(s->text) : -1;
    if (f < 0) {
      fail(s ? e.origin.at("properties.shaman") : e.origin.at("properties"),
           "'" + e.id + "' needs `shaman:` naming a shaman faction");
      return -1;
    }
    return R.factionElement[static_cast<std::size_t>(f)];
  };

  // Combos of the boards (3-4 player side, 2-player side, monolith lock-ins).
  for (const model::Entity& e : ruleset.entities(model::Section::Abilities)) {
    if (e.kind != "combo" && e.kind != "duel_combo" && e.kind != "monolith") continue;
    Combo c;
    c.id = e.id;
    c.name = e.name;
    c.kind = e.kind == "combo" ? ComboKind::Board : e.kind == "duel_combo" ? ComboKind::Duel : ComboKind::Monolith;
    c.shaman = shamanOf(e);
    const model::Field* sym = e.property("symbols");
    if (!sym || !sym->isList || sym->items.empty()) {
      fail(e.origin.at("properties"), "combo '" + e.id + "' needs `symbols:` (a list of elements)");
    } else {
      for (std::size_t i = 0; i < sym->items.size(); ++i) {
        const int el = elementIndex(sym->items[i]);
        if (el < 0) {
          fail(e.origin.at("properties.symbols." + std::to_string(i)), "combo '" + e.id + "': unknown symbol '" + sym->items[i] + "'");
          continue;
        }
        ++c.need[static_cast<std::size_t>(el)];
        ++c.spaces;
      }
      if (c.spaces > 6) fail(e.origin.at("properties.symbols"), "combo '" + e.id + "' has more than 6 spaces");
    }
    if (const model::Field* p = e.property("partial")) c.partial = p->asBool().value_or(false);
    if (c.partial && std::count_if(c.need.begin(), c.need.end(), [](std::uint8_t n) { return n > 0; }) != 1)
      fail(e.origin.at("properties.partial"), "partial combo '" + e.id + "' must ask for one symbol only (like STRIKE and SHIELD)");
    if (const model::Field* t = e.property("timing")) c.waiting = t->text == "waiting";
    if (c.kind == ComboKind::Monolith) {
      const model::Field* lock = e.property("lock");
      c.lockElement = lock ? elementIndex(lock->text) : -1;
      if (c.lockElement < 0) fail(e.origin.at("properties"), "monolith combo '" + e.id + "' needs `lock:` (the colour locked in)");
      else if (c.need[static_cast<std::size_t>(c.lockElement)] == 0)
        fail(e.origin.at("properties.lock"), "monolith combo '" + e.id + "' locks a symbol it does not ask for");
    }
    for (const model::Effect& fx : e.effects) {
      ComboEffect ce;
      const auto amount = intArg(fx, "amount");
      if (const model::Field* t = fx.arg("target")) {
        ce.target = t->text == "each_opponent" ? TargetKind::EachOpponent
                    : t->text == "left"        ? TargetKind::Left
                    : t->text == "right"       ? TargetKind::Right
                                               : TargetKind::One;
      }
      if (fx.op == "strike") {
        ce.op = EffectOp::Strike;
        ce.fromDice = !amount;
        ce.amount = static_cast<int>(amount.value_or(0));
      } else if (fx.op == "lose") {
        ce.op = EffectOp::Lose;
        ce.amount = static_cast<int>(amount.value_or(1));
      } else if (fx.op == "shield") {
        ce.op = EffectOp::Shield;
        ce.fromDice = !amount;
        ce.amount = static_cast<int>(amount.value_or(0));
      } else if (fx.op == "heal") {
        ce.op = EffectOp::Heal;
        ce.amount = static_cast<int>(amount.value_or(1));
      } else if (fx.op == "energise") {
        ce.op = EffectOp::Energise;
        ce.amount = static_cast<int>(amount.value_or(1));
      } else if (fx.op == "burn_pulse") {
        ce.op = EffectOp::BurnPulse;
      } else if (fx.op == "force_reroll") {
        ce.op = EffectOp::ForceReroll;
        ce.amount = static_cast<int>(amount.value_or(1));
      } else if (fx.op == "ward") {
        ce.op = EffectOp::Ward;
        ce.amount = static_cast<int>(amount.value_or(1));
      } else if (fx.op == "take_die") {
        ce.op = EffectOp::TakeDie;
        const model::Field* el = fx.arg("element");
        ce.element = el ? elementIndex(el->text) : -1;
        if (ce.element < 0) fail(fx.origin.at("op"), "take_die needs an element");
      } else {
        fail(fx.origin.at("op"), "combo '" + e.id + "': op '" + fx.op + "' is not a combo effect of engine elemenz");
        continue;
      }
      ce.amount = std::clamp(ce.amount, 0, 9);
      const bool waitingOp = ce.op == EffectOp::ForceReroll || ce.op == EffectOp::Ward;
      if (waitingOp != c.waiting)
        fail(fx.origin.at("op"), "combo '" + e.id + "': force_reroll and ward need `timing: waiting`, and a waiting combo needs one of them");
      if (ce.op == EffectOp::TakeDie && c.kind == ComboKind::Board)
        fail(fx.origin.at("op"), "combo '" + e.id + "': take_die is a 2-player effect (kind duel_combo)");
      if (ce.op == EffectOp::Shield && c.kind != ComboKind::Board)
        fail(fx.origin.at("op"), "combo '" + e.id + "': shield is a 3-4 player effect");
      c.effects.push_back(ce);
    }
    if (c.effects.empty() && c.kind != ComboKind::Monolith)
      fail(e.origin.loc, "combo '" + e.id + "' has no effect");
    if (c.shaman >= 0) {
      Shaman& s = R.shamans[static_cast<std::size_t>(c.shaman)];
      std::vector<int>& board = c.kind == ComboKind::Board ? s.board : s.duelBoard;
      if (static_cast<int>(board.size()) >= kMaxBoardCombos) fail(e.origin.loc, "a board side holds at most 10 combos");
      else board.push_back(static_cast<int>(R.combos.size()));
    }
    if (static_cast<int>(R.combos.size()) >= kMaxCombos) {
      fail(e.origin.loc, "elemenz supports at most 48 combos");
      break;
    }
    R.combos.push_back(std::move(c));
  }

  // Race abilities.
  std::vector<const model::Entity*> abilities;
  std::vector<std::pair<int, const model::Entity*>> lockers;  // combo, the ability locking a die in it
  for (const model::Entity& e : ruleset.entities(model::Section::Abilities)) {
    if (e.kind != "race_ability") continue;
    const int s = shamanOf(e);
    abilities.push_back(&e);
    if (s < 0) continue;
    Shaman& sh = R.shamans[static_cast<std::size_t>(s)];
    for (const model::Effect& fx : e.effects) {
      if (fx.op == "free_shield_die") {
        sh.freeShieldDie = true;
      } else if (fx.op == "free_reroll") {
        sh.freeRerolls += static_cast<int>(std::clamp(intArg(fx, "dice").value_or(1), 0LL, 3LL));
      } else if (fx.op == "heal_reroll") {
        sh.healReroll = true;
      } else if (fx.op == "locked_die") {
        const model::Field* combo = fx.arg("combo");
        const model::Field* symbol = fx.arg("symbol");
        const int c = combo ? R.comboIndex(combo->text) : -1;
        const int el = symbol ? elementIndex(symbol->text) : -1;
        if (c < 0 || el < 0) {
          fail(fx.origin.at("combo"), "locked_die needs a combo of a board and a symbol");
          continue;
        }
        Combo& cb = R.combos[static_cast<std::size_t>(c)];
        if (cb.shaman != s) fail(fx.origin.at("combo"), "locked_die: combo '" + cb.id + "' is not on this shaman's board");
        else if (cb.locked[static_cast<std::size_t>(el)] >= cb.need[static_cast<std::size_t>(el)])
          fail(fx.origin.at("symbol"), "locked_die: combo '" + cb.id + "' has no free '" + symbol->text + "' space");
        else {
          ++cb.locked[static_cast<std::size_t>(el)];
          lockers.emplace_back(c, &e);
        }
      } else {
        fail(fx.origin.at("op"), "race ability '" + e.id + "': op '" + fx.op + "' is not a race ability of engine elemenz");
      }
    }
  }

  // Pulse tokens and avatars.
  int bag = 0;
  for (const model::Entity& e : ruleset.cards()) {
    if (e.kind == "pulse_token") {
      TokenType t;
      t.id = e.id;
      t.name = e.name;
      t.count = std::max(0, e.count);
      bag += t.count;
      if (e.effects.size() != 1) {
        fail(e.origin.loc, "pulse token '" + e.id + "' needs exactly one effect");
      } else {
        const model::Effect& fx = e.effects.front();
        if (fx.op == "element") {
          t.op = TokenOp::Element;
          const model::Field* s = fx.arg("symbol");
          t.symbol = s ? elementIndex(s->text) : -1;
          if (t.symbol < 0) fail(fx.origin.at("symbol"), "element token '" + e.id + "' needs a symbol");
        } else if (fx.op == "restore") {
          t.op = TokenOp::Restore;
          t.amount = static_cast<int>(std::clamp(intArg(fx, "amount").value_or(1), 1LL, 3LL));
        } else if (fx.op == "winds_of_change") {
          t.op = TokenOp::WindsOfChange;
        } else if (fx.op == "wild_pulse") {
          t.op = TokenOp::WildPulse;
        } else if (fx.op == "totemic_buff") {
          t.op = TokenOp::TotemicBuff;
        } else {
          fail(fx.origin.at("op"), "pulse token '" + e.id + "': op '" + fx.op + "' is not a pulse effect of engine elemenz");
        }
      }
      if (static_cast<int>(R.tokens.size()) >= kMaxTokenTypes) fail(e.origin.loc, "elemenz supports at most 16 kinds of pulse token");
      else R.tokens.push_back(std::move(t));
    } else if (e.kind == "avatar") {
      AvatarType a;
      a.id = e.id;
      a.name = e.name;
      if (const model::Field* tp = e.property("two_player")) a.twoPlayer = tp->asBool().value_or(false);
      if (e.count != 1) fail(e.origin.at("count"), "an avatar tile is unique (count 1)");
      if (e.effects.size() != 1) {
        fail(e.origin.loc, "avatar '" + e.id + "' needs exactly one effect");
      } else {
        const model::Effect& fx = e.effects.front();
        int op = -1;
        for (int k = 0; k < kAvatarOps; ++k)
          if (fx.op == kAvatarOpNames[k]) op = k;
        if (op < 0) {
          fail(fx.origin.at("op"), "avatar '" + e.id + "': op '" + fx.op + "' is not an avatar effect of engine elemenz");
        } else {
          a.op = static_cast<AvatarOp>(op);
          a.amount = static_cast<int>(std::clamp(intArg(fx, a.op == AvatarOp::RecallDice ? "draw" : "amount").value_or(1), 1LL, 4LL));
          a.amount2 = static_cast<int>(std::clamp(intArg(fx, "return").value_or(0), 0LL, 9LL));
        }
      }
      if (static_cast<int>(R.avatars.size()) >= kMaxAvatarTypes) fail(e.origin.loc, "elemenz supports at most 16 avatars");
      else R.avatars.push_back(std::move(a));
    }
  }
  if (bag > kMaxBag) fail(ruleset.origin.at("cards"), "the pulse bag holds at most 64 tokens");
  if (bag < 4 * R.totemStartTokens) fail(ruleset.origin.at("cards"), "the pulse bag has too few tokens for four totems");
  if (R.avatarsOn && static_cast<int>(R.avatars.size()) < kMaxPlayers * R.avatarsDealt)
    fail(ruleset.origin.at("cards"), "too few avatar tiles to deal avatars_dealt to four shamans");
  for (int e = 0; e < kElements; ++e) {
    const Shaman& s = R.shamans[static_cast<std::size_t>(e)];
    if (!seen[static_cast<std::size_t>(e)]) continue;
    if (s.board.empty()) fail(ruleset.origin.at("abilities"), "shaman '" + s.id + "' has no combo on its board");
    bool lock = false;
    for (int c : s.duelBoard) lock |= R.combos[static_cast<std::size_t>(c)].kind == ComboKind::Monolith;
    if (!lock) fail(ruleset.origin.at("abilities"), "shaman '" + s.id + "' has no monolith lock-in combo (2-player side)");
  }

  // Entity ids: combos, race abilities, pulse tokens, avatars. Counter ids: fixed, then one per combo.
  for (Combo& c : R.combos) {
    c.entity = static_cast<int>(R.ids.size());
    R.ids.push_back(c.id);
  }
  for (const model::Entity* e : abilities) {
    const model::Field* s = e->property("shaman");
    const int f = s ? R.factionIndex(s->text) : -1;
    if (f >= 0) R.shamans[static_cast<std::size_t>(R.factionElement[static_cast<std::size_t>(f)])].abilityEntities.push_back(static_cast<int>(R.ids.size()));
    for (const auto& [c, by] : lockers)
      if (by == e) R.combos[static_cast<std::size_t>(c)].lockedBy = static_cast<int>(R.ids.size());
    R.ids.push_back(e->id);
  }
  for (TokenType& t : R.tokens) {
    t.entity = static_cast<int>(R.ids.size());
    R.ids.push_back(t.id);
  }
  for (AvatarType& a : R.avatars) {
    a.entity = static_cast<int>(R.ids.size());
    R.ids.push_back(a.id);
  }
  for (int k = 0; k < kFixedCounters; ++k) R.counterIds.push_back(kCounterNames[k]);
  // 2-player sides: the first faction and its partner, then the other two.
  if (out.items().size() == errorsBefore && !R.factionElement.empty()) {
    const int a = R.factionElement.front();
    const int b = R.shamans[static_cast<std::size_t>(a)].partner;
    int c = -1;
    for (int e = 0; e < kElements; ++e)
      if (e != a && e != b) c = c < 0 ? e : c;
    const int d = c >= 0 ? R.shamans[static_cast<std::size_t>(c)].partner : -1;
    if (b < 0 || c < 0 || d < 0 || d == a || d == b) {
      fail(ruleset.origin.at("factions"), "the four shamans must form two partner pairs");
    } else {
      R.sideElements = {{{a, b}, {c, d}}};
      for (int side = 0; side < 2; ++side) {
        for (int m = 0; m < 2; ++m) {
          const int e = R.sideElements[static_cast<std::size_t>(side)][static_cast<std::size_t>(m)];
          R.sideOf[static_cast<std::size_t>(e)] = side;
          for (int k : R.shamans[static_cast<std::size_t>(e)].duelBoard) R.sideBoard[static_cast<std::size_t>(side)].push_back(k);
        }
        const std::string name = std::string(elementName(R.sideElements[static_cast<std::size_t>(side)][0])) + "+" +
                                 elementName(R.sideElements[static_cast<std::size_t>(side)][1]);
        R.sideCounter[static_cast<std::size_t>(side)] = static_cast<int>(R.counterIds.size());
        R.counterIds.push_back("duel_side:" + name);
        R.sideWinCounter[static_cast<std::size_t>(side)] = static_cast<int>(R.counterIds.size());
        R.counterIds.push_back("duel_win:" + name);
      }
    }
  }
  for (Combo& c : R.combos) {
    c.counter = static_cast<int>(R.counterIds.size());
    R.counterIds.push_back("combo:" + c.id);
  }

  for (std::size_t i = errorsBefore; i < out.items().size(); ++i)
    if (out.items()[i].severity == model::Severity::Error) return nullptr;

  // The hold policy's dice: each colour, and each 2-player side as an even mixture
  // of its two colours.
  std::array<sim::dice::DieSpec, kHoldDice> specs;
  std::array<bool, kHoldDice> wild{};
  for (int e = 0; e < kElements; ++e) {
    const model::Die* die = ruleset.die(R.dice[static_cast<std::size_t>(e)].id);
    if (die) specs[static_cast<std::size_t>(e)] = sim::dice::DieSpec::fromModel(*die);
    wild[static_cast<std::size_t>(e)] = true;
  }
  for (int side = 0; side < 2; ++side) {
    sim::dice::DieSpec& mixture = specs[static_cast<std::size_t>(kElements + side)];
    mixture.id = "side" + std::to_string(side);
    for (int m = 0; m < 2; ++m) {
      const sim::dice::DieSpec& d = specs[static_cast<std::size_t>(R.sideElements[static_cast<std::size_t>(side)][static_cast<std::size_t>(m)])];
      const double total = d.totalWeight();
      for (const sim::dice::Face& f : d.faces) mixture.faces.push_back(sim::dice::Face{f.symbol, f.value, total > 0 ? f.weight / total : 0});
    }
    wild[static_cast<std::size_t>(kElements + side)] = R.duelVariant == DuelVariant::Easier;
  }
  R.holdTables = std::make_shared<HoldTables>(std::move(specs), wild, R.rolls);
  return rules;
}

}  // namespace wb::rulesets::elemenz
