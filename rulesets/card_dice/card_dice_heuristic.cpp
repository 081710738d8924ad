// The card-dice heuristic: what each player can do in the coming turns, so that a one-ply
// greedy player (and the planner and MCTS, which judge positions with it) takes its draw,
// keeps and plays its damage, buys toward a deck it can use, and plays a buff only with
// the cards it multiplies this turn.
//
// heuristic(p) = material(p) - material(opponent) - waste(p) [+ waste(opponent), see below]
// + press(p); at the end of the game 1 / 0.5 / 0.
// press(p) (the lead term, only in p's own judgement) = kPress h0 max(0, ln(E / (kLeadRatio E'))):
// E = p's effective health when its turn began (health + the damage its Paid Militia's gold
// blocks), E' = the opponent's now. A player with 1.5x the opponent's effective health leads,
// and each point of damage that reaches the opponent (or drains its Militia's gold) is worth
// kPress h0 / E' more to it: a leader presses (deals damage rather than heal or hold it). E is
// frozen for the turn so that no heal of p's counts as pressing, and press(opponent) is never
// subtracted so that the player behind does not heal all the more for it (both stalled games).
// waste(p) = kDiscardWaste (50) x action cards p discarded within its hand limit since its
// turn began + kBuffWaste (15) x buffs of p that ended a turn without an effect they grew
// + kBuffPending (5) x buffs of p without one so far this turn: what a held card's options and a buff's follow-up are worth beyond the
// terms below (whose look-ahead values, the buffed term above all, vanish when a turn ends
// and otherwise make dumping a card look better than ending the turn). It stays until p's
// next turn begins, so the planner, which judges a plan after the turn has passed, sees it.
// The opponent's waste counts for p too (+ waste(opponent)), except while p is the turn
// player and its turn has seen a move (turnActions() > 0). So where `lead` (own heuristic
// minus the opponent's: the planner, MCTS) reads the heuristic, the waste counts twice like
// the material does (lead = 2 (material - material') - 2 waste + waste' of the waiting
// player, a constant of the turn); with waste(p) alone, `lead` counted the material twice
// and the waste once, and a discard cost the planner half what it costs greedy. The
// exception keeps greedy's own turns as they were: it values the positions after its own
// moves, where the term is absent, or, after ending its turn, 0 (the opponent's waste
// resets when the opponent's turn begins); a term there would be a jump at the turn change
// (a jump makes greedy prefer any other move to ending its turn). As the waiting player
// (responses, raises) greedy counts the turn player's waste, which its answer seldom moves
// (greedy vs greedy, 200 games of seed 1: the same games, move for move).
// A card's value v (cardValueFrom) is in health points under the current dice, without
// this turn's buffs: damage to the opponent 1.5 per point (the health and the gold it
// pays), to both 1.0, heal 0.9, gold 0.5 (at most 40 counted), shields 2 per point, a
// buff 3 per extra factor, die changes 1 + reach, draws 1.5 per card, Veto 8, extra
// actions 3 each, Always Lucky 6 (table in cardValueFrom). material(p) adds up:
// | term     | value                                                                      |
// |----------|----------------------------------------------------------------------------|
// | health   | 2 sqrt(H0 h): a point per health point at full health, two at a quarter,   |
// |          | less above H0 (healing has no cap by default)                              |
// | gold     | 0.5 per gold up to kUsefulGold (what the shops take; + kMilitiaGold with   |
// |          | Paid Militia, which turns gold into blocked damage), nothing beyond        |
// | hand     | each card in hand: kReady x v + kHold; face down: kFaceDown x v + kHold.   |
// |          | Holding a card beats discarding it, drawing one beats not drawing. Damage  |
// |          | and heal cards count by what playing them now realizes: the marginal       |
// |          | health of the opponent (gold only, against Paid Militia) plus the lead     |
// |          | term's kPress h0 / E' when p leads, x the share of the damage the          |
// |          | opponent's element and combo shields let through (damageReach); heals by  |
// |          | the player's own marginal health; a card that only gains gold by what its  |
// |          | gold can still buy, (useful - gold) / kUsefulGold, 0 once gold >= useful   |
// | draws    | kDrawsAhead x the mean v of all the player's cards (deck, discard, hand,   |
// |          | face down): the coming draws; buying a card below the mean loses value     |
// | buffed   | on the player's turn: kBuffed x (buffed v - v) of the cards still playable |
// |          | this turn (the best actionsLeft actions in hand, the best face-down ones   |
// |          | the gold pays for together): a buff with nothing left to multiply is worth |
// |          | nothing                                                                    |
// | passives | v of each active passive                                                   |
// | waiting  | for the player waiting for its turn: + Always Lucky's coming draw, - the   |
// |          | free draw and gold it left unused (the top cards of its deck), so          |
// |          | the turn change is no jump that makes greedy end early or dump cards first |
// | unspent  | for the player waiting for its turn whose last turn ended with its bid     |
// |          | unused while its gold paid for a buff or damage card on display            |
// |          | (PlayerState::unspentFor): - (kUnspentBid + what buying the cheapest of    |
// |          | them costs here: its gold and the lower mean of the draws): gold is worth  |
// |          | what it buys, so a gold lead becomes damage or buffs instead of a pile     |
// |          | (the blunder counter turn_gold_unconverted counts them)                    |
// | stack    | kReady x v of the player's announced actions not yet resolved              |
// | spare    | on the player's turn, the extra actions blessings gave that are left      |
// |          | (always, not only with a buff): kSpare (1 - kReady) x the realized v of   |
// |          | the action cards in hand they would play (the ones after the cards the    |
// |          | turn's own actions play): what playing one more card realizes beyond      |
// |          | holding it, so a Multitasking blessing is played and its actions are used |
// | auction  | a running auction counts as won by the high bidder at the current bid     |
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <utility>
#include <vector>

#include "rulesets/card_dice/card_dice_state.h"

namespace wb::rulesets::card_dice {

namespace {
constexpr double kGoldWeight = 0.5;   // one gold is worth half a health point
constexpr double kUsefulGold = 40;    // gold the shops can take at once (an 18 card, outbid)
constexpr double kMilitiaGold = 60;   // more useful gold with Paid Militia (blocks damage)
constexpr double kExcessGold = 0;     // gold beyond that buys nothing more: a loop that
                                      // only makes gold (Truly Blessed cycling blessings)
                                      // is not worth continuing
constexpr double kDrawsAhead = 10;    // draws in the coming turns, x the mean card value
constexpr double kReady = 0.6;        // a card in hand, x its value (playing it realizes all)
constexpr double kFaceDown = 0.55;    // a face-down card (paid to play), x its value
constexpr double kHold = 0.25;        // any card in hand or face down: options (less than
                                      // what playing Basic Income gains)
constexpr double kBuffed = 0.8;       // this turn's extra value of playable buffed cards
constexpr double kDiscardWaste = 50;  // an action card discarded within the hand limit: all its
                                      // options lost, and the rules give no reason to do it
constexpr double kBuffWaste = 15;     // a buff that ended a turn with nothing it grew
constexpr double kUnspentBid = 15;    // a turn ended with the bid unused while the gold paid for
                                      // a buff or damage card on display, beyond what buying
                                      // it would have cost (as kBuffWaste: a waste)
constexpr double kLeadRatio = 1.5;   // a player leads with 1.5x the opponent's effective health
constexpr double kPress = 3;         // the lead term's weight, x the starting health (below)
constexpr double kSpare = 1 - kReady; // an action left beyond the next one: what playing one more
                                      // card realizes beyond holding it
constexpr double kBuffPending = 5;    // a buff with nothing it grew yet this turn (less, so
                                      // that greedy, one ply ahead, still plays a buff
                                      // before the card it grows)
}  // namespace

double CardDiceState::cardValue(int p, int card) const {
  double vars[kMaxSlots];
  fillVars(p, vars);
  return cardValueFrom(p, card, vars, false);
}

double CardDiceState::cardValueFrom(int p, int card, const double* vars, bool buffed) const {
  double value = 0;
  for (const EffectDef& e : m_rules->cards[card].effects) {
    const double a = amountFrom(p, e, vars, buffed);
    switch (e.op) {
      case Op::Damage:
        value += e.target == Target::Opponent ? a * (1 + kGoldWeight)
                 : e.target == Target::Both   ? 2 * a * kGoldWeight
                                              : a * (kGoldWeight - 1);
        break;
      case Op::Heal: value += 0.9 * a; break;
      case Op::GainGold: value += kGoldWeight * std::min(a, kUsefulGold); break;
      case Op::Shield: value += 2 * a; break;
      case Op::ComboShield: value += a; break;
      case Op::PaidShield: value += 5; break;
      case Op::Buff: case Op::BuffNonCombo: value += 3 * (a - 1); break;
      case Op::RerollDie: value += 1 + 0.5 * a; break;
      case Op::ChangeDie: value += 1 + a; break;
      case Op::FlipDie: value += 2; break;
      case Op::SwapDice: value += 3; break;
      case Op::Draw: value += 1.5 * a; break;
      case Op::Look: value += 0.1; break;
      case Op::ReorderDeck: value += 0.3 * a; break;
      case Op::Tutor: value += 3; break;
      case Op::TakeBought: value += 2; break;
      case Op::DiscardOpponentHand: case Op::DiscardOpponentFaceDown: value += 1.5 * a; break;
      case Op::Veto: value += 8; break;
      case Op::ExtraActions: value += 3 * a; break;
      case Op::Recycle: value += 0.5 * a; break;
      case Op::HandLimit: value += 0.5 * a; break;
      case Op::FreeFaceDown: case Op::DrawOnBlessing: value += 3; break;
      case Op::BlockEffectDraws: value -= 1; break;
      case Op::ExtraDraw: value += 6 * a; break;
    }
  }
  return value;
}

namespace {
// Card values (without buffs) cached per thread. The heuristic runs for every node of an
// MCTS search and every move greedy considers, and a card's value is a function of the
// dice (cards reading gold or health excepted), which change far less often than the
// heuristic is asked. A few entries, replaced round robin, keyed by the rules' uid (never
// reused, never 0) and the dice. known[c]: value[c] holds card c's value (never set for
// the cards that read gold or health).
struct CardValueCache {
  std::uint64_t rules = 0;  // 0 = empty
  std::array<std::int8_t, kMaxDice> dice{};
  std::array<std::uint8_t, 256> known{};
  std::array<double, 256> value{};
};
constexpr int kCacheEntries = 16;
thread_local std::array<CardValueCache, kCacheEntries> t_cache;
thread_local int t_nextEntry = 0;  // replaced next
thread_local int t_lastEntry = 0;  // found last

// What material() reads of each card type, flat per card index (CardDef is large and
// scattered): rebuilt when the rules object changes (keyed by its uid), per thread.
enum Realize : std::uint8_t { kRealizeAll = 0, kRealizeDamage = 1, kRealizeHeal = 2, kRealizeGold = 3 };
struct CardTable {
  std::uint64_t rules = 0;  // 0 = empty
  std::array<std::uint8_t, 256> realize{};       // Realize: which factor a card in hand gets
  std::array<std::uint8_t, 256> readsPlayers{};  // CardDef::readsPlayers
  std::array<std::uint32_t, 256> ops{};          // bit op: the card has an effect with op
  // Bit d: an amount of the card reads die d's slot (its compiled program, so exactly what
  // its value without buffs depends on besides the rules' parameters and, for the cards
  // that read them, the players' gold and health).
  std::array<std::uint32_t, 256> readsDice{};
};
thread_local CardTable t_table;

constexpr std::uint32_t opBit(Op op) { return 1u << static_cast<unsigned>(op); }
static_assert(kOpCount <= 32, "op masks are 32 bits");

const CardTable& cardTable(const CardDiceRules& rules) {
  CardTable& t = t_table;
  if (t.rules == rules.uid) return t;
  t.rules = rules.uid;
  t.realize.fill(kRealizeAll);
  t.readsPlayers.fill(0);
  t.ops.fill(0);
  t.readsDice.fill(0);
  for (std::size_t c = 0; c < rules.cards.size() && c < 256; ++c) {
    const CardDef& def = rules.cards[c];
    // A card that only gains gold is worth what its gold can still buy (kRealizeGold).
    bool goldOnly = !def.effects.empty();
    for (const EffectDef& e : def.effects) goldOnly = goldOnly && e.op == Op::GainGold;
    t.realize[c] = def.dealsDamage ? kRealizeDamage : def.heals ? kRealizeHeal : goldOnly ? kRealizeGold : kRealizeAll;
    t.readsPlayers[c] = def.readsPlayers ? 1 : 0;
    for (const EffectDef& e : def.effects) {
      t.ops[c] |= opBit(e.op);
      if (e.hasAmount)
        for (int d = 0; d < rules.numDice() && d < kMaxDice; ++d)
          if (e.amount.readsSlotIn(d, d + 1)) t.readsDice[c] |= 1u << d;
    }
  }
  return t;
}

// A buff differs from 1.0f exactly when its bits differ from 1.0f's (one representation,
// and a NaN is never 1.0f either): one memcmp instead of a compare per die.
constexpr std::array<float, kMaxDice> kNoBuffs = [] {
  std::array<float, kMaxDice> a{};
  for (float& b : a) b = 1.0f;
  return a;
}();
// Two dice arrays are equal (16 bytes compared as two words, no memcmp call).
bool sameDice(const std::array<std::int8_t, kMaxDice>& a, const std::array<std::int8_t, kMaxDice>& b) {
  static_assert(sizeof a == 16, "two words");
  std::uint64_t a0, a1, b0, b1;
  std::memcpy(&a0, a.data(), 8);
  std::memcpy(&a1, a.data() + 8, 8);
  std::memcpy(&b0, b.data(), 8);
  std::memcpy(&b1, b.data() + 8, 8);
  return ((a0 ^ b0) | (a1 ^ b1)) == 0;
}

bool anyBuff(const PlayerState& s) {
  return s.nonComboBuff != 1.0f || std::memcmp(s.buff.data(), kNoBuffs.data(), sizeof kNoBuffs) != 0;
}
}  // namespace

double CardDiceState::material(int p) const {
  // Hot: every MCTS leaf and prior, every greedy candidate. The sums below add the same
  // terms in the same order as ever (floating point), only with less work around them:
  // flat per-card tables, vars filled only when a value must be computed, one pass per pile.
  const PlayerState& s = m_players[p];
  const CardTable& table = cardTable(*m_rules);
  double gold = s.gold;
  double sum = 0, hand = 0, passive = 0;
  int n = 0;
  double vars[kMaxSlots];
  bool varsFilled = false;
  auto filledVars = [&]() -> const double* {
    if (!varsFilled) {
      fillVars(p, vars);
      varsFilled = true;
    }
    return vars;
  };
  // The entry of the last call first (the dice change seldom between calls).
  CardValueCache* entry = &t_cache[static_cast<std::size_t>(t_lastEntry)];
  if (!(entry->rules == m_rules->uid && sameDice(entry->dice, m_dice))) {
    entry = nullptr;
    for (int k = 0; k < kCacheEntries; ++k) {
      CardValueCache& e = t_cache[static_cast<std::size_t>(k)];
      if (e.rules == m_rules->uid && sameDice(e.dice, m_dice)) {
        entry = &e;
        t_lastEntry = k;
        break;
      }
    }
  }
  if (!entry) {
    // New dice, most often the last call's with one die changed (greedy values every die
    // change a card offers): the values of the cards that read none of the changed dice
    // are the last entry's (the same program on the same slots: the same bits).
    const CardValueCache& last = t_cache[static_cast<std::size_t>(t_lastEntry)];
    const bool inherit = t_lastEntry != t_nextEntry && last.rules == m_rules->uid;
    t_lastEntry = t_nextEntry;
    entry = &t_cache[static_cast<std::size_t>(t_nextEntry)];
    t_nextEntry = (t_nextEntry + 1) % kCacheEntries;
    entry->rules = m_rules->uid;
    entry->dice = m_dice;
    entry->known.fill(0);
    if (inherit) {
      std::uint32_t changed = 0;
      for (int d = 0; d < kMaxDice; ++d)
        if (last.dice[static_cast<std::size_t>(d)] != m_dice[static_cast<std::size_t>(d)]) changed |= 1u << d;
      const std::size_t cards = std::min<std::size_t>(m_rules->cards.size(), 256);
      for (std::size_t c = 0; c < cards; ++c)
        if (last.known[c] && !(table.readsDice[c] & changed)) {
          entry->known[c] = 1;
          entry->value[c] = last.value[c];
        }
    }
  }
  // Player p's base values (without buffs); the cards reading gold or health afresh per call.
  // The cache holds values for p = 0 and p = 1 alike: without buffs and player reads they
  // depend on the dice only.
  std::array<std::uint64_t, 4> fresh{};
  std::array<double, 256> freshValue;
  auto computeValue = [&](int c) {
    if (table.readsPlayers[static_cast<std::size_t>(c)]) {
      const std::uint64_t bit = 1ULL << (c & 63);
      if (!(fresh[static_cast<std::size_t>(c >> 6)] & bit)) {
        fresh[static_cast<std::size_t>(c >> 6)] |= bit;
        freshValue[static_cast<std::size_t>(c)] = cardValueFrom(p, c, filledVars(), false);
      }
      return freshValue[static_cast<std::size_t>(c)];
    }
    entry->known[static_cast<std::size_t>(c)] = 1;
    return entry->value[static_cast<std::size_t>(c)] = cardValueFrom(p, c, filledVars(), false);
  };
  const std::uint8_t* known = entry->known.data();
  const double* cached = entry->value.data();
  auto cardValue = [&](int c) { return known[c] ? cached[c] : computeValue(c); };
  // Card values count damage at 1.5 a point and heals at 0.9, right at full health. Cards
  // in hand are worth what playing them now would realize: damage by the opponent's
  // marginal health (less when high; only gold, kGoldWeight a point, while the opponent
  // blocks with Paid Militia) plus the gold it pays, heals by the player's own marginal
  // health. Otherwise a card worth more held than played is kept forever.
  const double h0 = std::max(1, m_rules->startingHealth);
  const PlayerState& o = m_players[1 - p];
  std::uint32_t ownOps = 0, oppOps = 0;  // ops of the players' passives (hasPassive)
  for (std::uint8_t c : s.passives) ownOps |= table.ops[c];
  for (std::uint8_t c : o.passives) oppOps |= table.ops[c];
  // Damage blocked by Paid Militia costs the opponent gold, worth something only below what
  // the opponent can use, and pays the dealer no gold.
  const bool blocked = o.gold >= 10 && (oppOps & opBit(Op::PaidShield));
  const double oppUseful = kUsefulGold + kMilitiaGold;
  // The lead term (press, below): a leader's damage is worth kPress h0 / E' a point more,
  // E' the opponent's effective health; blocked damage too while the Militia's gold counts.
  const double oppE = effectiveHealth(1 - p);
  const double lead = s.leadBase > 0 ? std::max(0.0, std::log(s.leadBase / oppE) - std::log(kLeadRatio)) : 0.0;
  const double pressPerPoint = lead > 0 ? kPress * h0 / oppE : 0.0;
  const double oppMargin = blocked ? (o.gold < oppUseful ? kGoldWeight + pressPerPoint : 0.0)
                                   : std::sqrt(h0 / std::max(1, o.health)) + pressPerPoint;
  const double damageFactor =
      std::min(1.0, (oppMargin + (!blocked && gold < kUsefulGold ? kGoldWeight : 0)) / (1 + kGoldWeight));
  const double healFactor = std::min(1.0, std::sqrt(h0 / std::max(1, s.health)) / 0.9);
  // Gold is worth what it can buy (or, with Paid Militia, block); beyond that nothing.
  const double useful = kUsefulGold + ((ownOps & opBit(Op::PaidShield)) ? kMilitiaGold : 0);
  // A gold card is worth what its gold can still buy: nothing once the player holds `useful`.
  const double goldFactor = std::clamp((useful - gold) / kUsefulGold, 0.0, 1.0);
  const double factor[4] = {1.0, damageFactor, healFactor, goldFactor};  // by Realize
  auto realized = [&](int c) { return factor[table.realize[static_cast<std::size_t>(c)]]; };
  // Cards in hand and face down: damage counts only by the share the opponent's shields let
  // through (a damage card the shields stop is the first to go at the hand limit).
  auto realizedHeld = [&](int c) {
    const double f = realized(c);
    return table.realize[static_cast<std::size_t>(c)] == kRealizeDamage && f > 0 ? f * damageReach(p, c) : f;
  };
  // The deck, the discard pile and the cards in play count toward the mean card value; the
  // discard pile's realized mean stands in for the draws after a reshuffle (below).
  for (std::uint8_t c : s.deck) sum += cardValue(c);
  double discardMean = 0;
  for (std::uint8_t c : s.discard) {
    const double v = cardValue(c);
    sum += v;
    discardMean += realized(c) * v;
  }
  for (std::uint8_t c : s.inPlay) sum += cardValue(c);
  n = s.deck.count() + s.discard.count() + s.inPlay.count();
  // What a buff adds to a card this turn, realized only if playing it would: gold beyond
  // `useful` is worth nothing, so a buffed gold card of a rich player adds nothing (else
  // that value, never to be realized, kept the turn going and cards were discarded instead).
  const bool drawsBlocked = ownOps & opBit(Op::BlockEffectDraws);
  auto buffGain = [&](int c) {
    const CardDef& def = m_rules->cards[static_cast<std::size_t>(c)];
    if (def.gainsGold && s.gold >= useful) return 0.0;
    // Truly Blessed: "you may no longer draw cards from active effects": a buffed Exploration
    // draws nothing either.
    if (drawsBlocked && def.kind == CardKind::Action)
      for (const EffectDef& e : def.effects)
        if (e.op == Op::Draw) return 0.0;
    return realized(c) * (cardValueFrom(p, c, filledVars(), true) - cardValue(c));
  };
  auto held = [&](int c, double weight) {
    const double v = cardValue(c);
    sum += v;
    return weight * realizedHeld(c) * v + kHold;
  };
  for (std::uint8_t c : s.hand) hand += held(c, kReady);
  for (std::uint8_t c : s.faceDown) hand += held(c, kFaceDown);
  n += s.hand.count() + s.faceDown.count();
  // The next draws are the top cards of the deck (then, after a reshuffle, a card of the
  // discard pile's mean value): what they add to the hand, valued as a card in hand is
  // (realized), so that the draw itself -- the turn's free draw, or Always Lucky's at the
  // start of the turn -- is no jump in value.
  discardMean = s.discard.empty() ? 0 : discardMean / static_cast<double>(s.discard.size());
  auto nextDraws = [&](int count) {
    double v = 0;
    for (int k = 0; k < count; ++k) {
      if (static_cast<std::size_t>(k) < s.deck.size()) {
        const int c = s.deck[s.deck.size() - 1 - static_cast<std::size_t>(k)];
        v += kReady * realized(c) * cardValue(c) + kHold;
      } else if (!s.discard.empty()) {
        v += kReady * discardMean + kHold;
      }
    }
    return v;
  };
  for (std::uint8_t c : s.passives) {
    passive += cardValue(c);
    // Always Lucky draws at the start of each own turn: the player waiting for its turn
    // counts that draw now, so the turn change is no jump in value (a jump made greedy
    // dump cards before ending its turn: anything cheaper than the jump looked better).
    if (p != m_turnPlayer && (table.ops[c] & opBit(Op::ExtraDraw)))
      for (const EffectDef& e : m_rules->cards[c].effects)
        if (e.op == Op::ExtraDraw) hand += nextDraws(effectAmount(p, e));
  }
  // The player waiting for its turn pays for the free draw and gold it left unused in
  // its last turn: ending a turn without them is no better than taking them first.
  if (p != m_turnPlayer && m_phase != Phase::Over) {
    if (!s.usedDraw && m_rules->freeDrawsPerTurn > 0 && (!s.deck.empty() || !s.discard.empty()))
      hand -= nextDraws(m_rules->freeDrawsPerTurn);
    if (!s.usedGold && gold < kUsefulGold) gold -= m_rules->freeGoldPerTurn;
  }
  // This turn's buffs count only through the cards still playable this turn.
  double buffed = 0;
  if (p == m_turnPlayer && m_phase != Phase::Over && anyBuff(s)) {
    std::array<double, 16> gains{};
    std::size_t kept = 0;
    const std::size_t slots = static_cast<std::size_t>(std::clamp(s.actionsLeft, 0, 16));
    for (std::uint8_t c : s.hand) {
      if (slots == 0 || m_rules->cards[c].kind != CardKind::Action) continue;
      const double g = buffGain(c);
      if (g <= 0) continue;
      // Keep the best `slots` gains (a small insertion into a sorted array).
      if (kept < slots) gains[kept++] = g;
      else if (g > gains[kept - 1]) gains[kept - 1] = g;
      else continue;
      std::sort(gains.begin(), gains.begin() + static_cast<std::ptrdiff_t>(kept), std::greater<>());
    }
    for (std::size_t k = 0; k < kept; ++k) buffed += gains[k];
    // Face-down cards are paid: the best gains the player's gold pays for, together.
    std::array<std::pair<double, int>, 32> down{};
    std::size_t nd = 0;
    for (std::uint8_t c : s.faceDown)
      if (nd < down.size() && faceDownPlayable(p, c) && s.gold >= responseCost(p, c, true)) {
        const double g = buffGain(c);
        if (g > 0) down[nd++] = {g, responseCost(p, c, true)};
      }
    std::sort(down.begin(), down.begin() + static_cast<std::ptrdiff_t>(nd), std::greater<>());
    int purse = s.gold;
    for (std::size_t k = 0; k < nd; ++k)
      if (down[k].second <= purse) {
        buffed += down[k].first;
        purse -= down[k].second;
      }
    buffed *= kBuffed;
  }
  if (m_phase == Phase::Auction) {
    // A running auction counts as won by the current high bidder at the current price.
    const int high = m_auctionHighIsBidder ? m_turnPlayer : 1 - m_turnPlayer;
    if (high == p) {
      const int card = m_shops[m_auctionShop].display[m_auctionSlot];
      const double v = cardValue(card);
      if (m_rules->cards[card].kind == CardKind::Passive) passive += v;
      else { sum += v; ++n; }
      gold -= m_auctionLevel * m_rules->cards[card].cost;
    }
  }
  for (const StackItem& item : m_stack)
    if (item.owner == p && !item.cancelled) hand += kReady * cardValue(item.card);
  const double draws = n > 0 ? kDrawsAhead * sum / n : 0;
  // Gold is worth what it buys: a turn ended with the bid unused while the gold paid for a
  // buff or damage card costs the player more than buying the cheapest of them would have
  // (its gold, and what it lowers the mean of the draws by).
  if (!s.unspentFor.empty() && p != m_turnPlayer && m_phase != Phase::Over) {
    double cheapest = std::numeric_limits<double>::infinity();
    for (std::uint8_t c : s.unspentFor) {
      const double cost = m_rules->cards[c].cost;
      const double goldCost = kGoldWeight * std::max(0.0, std::min(gold, useful) - std::min(gold - cost, useful));
      const double dilution = kDrawsAhead * std::max(0.0, sum / std::max(1, n) - cardValue(c)) / (n + 1);
      cheapest = std::min(cheapest, goldCost + dilution);
    }
    hand -= kUnspentBid + cheapest;
  }
  // Extra actions count always, not only with a buff: on the player's turn, each action left
  // that a blessing gave (at most actionsGranted of those left, the last ones) is worth what
  // playing one more card realizes beyond holding it (kSpare x the realized value of the
  // card it would play: the 2nd best with the turn's own action still unused, else the best),
  // so a Multitasking blessing is played, before or after the turn's action, and its actions
  // are used on the cards in hand. Turns without a blessing's actions are as they were.
  double spare = 0;
  const int extraLeft = std::min(s.actionsLeft, s.actionsGranted);
  if (p == m_turnPlayer && m_phase != Phase::Over && extraLeft > 0) {
    std::array<double, 32> values{};
    std::size_t nv = 0;
    for (std::uint8_t c : s.hand)
      if (nv < values.size() && m_rules->cards[c].kind == CardKind::Action)
        values[nv++] = realizedHeld(c) * cardValue(c);
    std::sort(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(nv), std::greater<>());
    const std::size_t used = std::min(nv, static_cast<std::size_t>(s.actionsLeft));
    for (std::size_t k = static_cast<std::size_t>(s.actionsLeft - extraLeft); k < used; ++k)
      spare += std::max(0.0, values[k]);
    spare *= kSpare;
  }
  const double goldValue = gold <= useful ? gold : useful + kExcessGold * (gold - useful);
  // Health is worth more the less is left: 2 sqrt(H0 h) is worth one point per
  // health point at full health, two at a quarter, so a player ahead presses
  // for the kill and a player behind heals, instead of both trading evenly forever.
  const double health = s.health > 0 ? 2 * std::sqrt(h0 * s.health) : 0;
  return health + kGoldWeight * goldValue + draws + hand + buffed + passive + spare;
}

double CardDiceState::press(int p) const {
  // Press a won position: with kLeadRatio times the opponent's effective health E', the lead
  // kPress h0 ln(E / (kLeadRatio E')) counts, so each point of damage that reaches the
  // opponent (or drains its Militia's counted gold) is worth kPress h0 / E' more. E is p's
  // effective health when its turn began (leadBase), so no heal of p's counts as pressing.
  // Only in p's own judgement (heuristic(p) adds press(p), never subtracts press(opponent)):
  // the player behind does not heal all the more for the leader's term, which stalls a game.
  const double h0 = std::max(1, m_rules->startingHealth);
  const double base = m_players[static_cast<std::size_t>(p)].leadBase;
  if (base <= 0) return 0;
  return kPress * h0 * std::max(0.0, std::log(base / effectiveHealth(1 - p)) - std::log(kLeadRatio));
}

double CardDiceState::effectiveHealth(int p) const {
  // Paid Militia turns gold into blocked damage, one point per `per` gold ("Shield any amount
  // of damage by paying one gold per unit of damage"). The lead reads the player's own
  // effective health as its turn began (leadBase), so gold gained within a turn is no lead.
  const PlayerState& s = m_players[static_cast<std::size_t>(p)];
  double e = std::max(1, s.health);
  for (std::uint8_t c : s.passives)
    for (const EffectDef& f : m_rules->cards[c].effects)
      if (f.op == Op::PaidShield) return e + static_cast<double>(std::max(0, s.gold)) / std::max(1, effectAmount(p, f));
  return e;
}

bool CardDiceState::leads(int p) const { return effectiveHealth(p) >= kLeadRatio * effectiveHealth(1 - p); }

double CardDiceState::damageReach(int p, int card) const {
  // The opponent's element and combo shields subtract from each matching damage instance
  // (card_dice_effects.cpp, dealDamage); Paid Militia is gold, counted by the lead term.
  const PlayerState& o = m_players[static_cast<std::size_t>(1 - p)];
  double total = 0, through = 0;
  for (const EffectDef& e : m_rules->cards[static_cast<std::size_t>(card)].effects) {
    if (e.op != Op::Damage || e.target == Target::Self) continue;
    const int a = effectAmount(p, e);
    int left = a;
    for (std::uint8_t c : o.passives)
      for (const EffectDef& f : m_rules->cards[c].effects)
        if ((f.op == Op::Shield && (f.againstMask & e.diceMask)) || (f.op == Op::ComboShield && e.combo))
          left = std::max(0, left - effectAmount(1 - p, f));
    total += a;
    through += left;
  }
  return total > 0 ? through / total : 0.0;
}

double CardDiceState::waste(int p) const {
  const PlayerState& s = m_players[p];
  // An integer sum: exactly the double sum it replaces (the counts are small integers);
  // usually all zero, which one pass of ORs tells.
  static_assert(sizeof s.unmatchedBuffs == 17, "two words and a byte");
  std::uint64_t w0, w1;
  std::memcpy(&w0, s.unmatchedBuffs.data(), 8);
  std::memcpy(&w1, s.unmatchedBuffs.data() + 8, 8);
  const std::uint64_t any = w0 | w1 | s.unmatchedBuffs[16];
  int pending = 0;
  if (any != 0)
    for (std::uint8_t u : s.unmatchedBuffs) pending += u;
  return kDiscardWaste * s.discardedWithinLimit + kBuffWaste * s.buffsWasted + kBuffPending * pending;
}

double CardDiceState::opponentWaste(int p) const {
  // Not for the turn player once its turn has seen a move: greedy's choices stay as they were.
  if (p == m_turnPlayer && m_turnActions > 0) return 0;
  return waste(1 - p);
}

void CardDiceState::heuristics(std::vector<double>& out) const {
  // heuristic() of both players, each material computed once (the planner's `lead` and MCTS).
  out.resize(2);
  if (isTerminal()) {
    for (int p = 0; p < 2; ++p) out[static_cast<std::size_t>(p)] = State::heuristic(p);
    return;
  }
  if (m_phase != Phase::Main) {
    for (int p = 0; p < 2; ++p) out[static_cast<std::size_t>(p)] = heuristic(p);
    return;
  }
  const double m0 = material(0), m1 = material(1);
  const double w0 = waste(0), w1 = waste(1);  // opponentWaste(p) is waste(1 - p) or 0
  const bool turnMoved = m_turnActions > 0;
  out[0] = m0 - m1 - w0 + (m_turnPlayer == 0 && turnMoved ? 0.0 : w1) + press(0);
  out[1] = m1 - m0 - w1 + (m_turnPlayer == 1 && turnMoved ? 0.0 : w0) + press(1);
}

namespace {
// heuristic()'s scratch for resolving a pending stack, per thread (heuristic() is
// asked for every action greedy values, and a stack is pending after most cards
// played): a state assigned into (a fresh copy clears every pile first), a
// generator copied from one seeded for the same seed (seeding a Mersenne
// twister is 312 dependent multiplications; greedy values all the actions of a
// decision at one history size, so at one seed) and the moves' vector. The same
// state, numbers and moves as a fresh copy, a fresh generator and a fresh vector.
struct PendingScratch {
  std::unique_ptr<CardDiceState> copy;
  std::vector<sim::Action> moves;
  sim::Rng& rng(std::uint64_t seed) {
    if (!m_seeded || m_seed != seed) {
      m_fresh.seed(seed);
      m_seed = seed;
      m_seeded = true;
    }
    m_rng = m_fresh;
    return m_rng;
  }

 private:
  bool m_seeded = false;
  std::uint64_t m_seed = 0;
  sim::Rng m_fresh, m_rng;  // seeded with m_seed, never drawn from; the one handed out
};

PendingScratch& pendingScratch() {
  thread_local PendingScratch scratch;
  return scratch;
}
}  // namespace

double CardDiceState::heuristic(int player) const {
  if (isTerminal()) return State::heuristic(player);
  if (m_phase == Phase::Response || m_phase == Phase::RerollChoice ||
      m_phase == Phase::RecycleChoice || m_phase == Phase::TutorChoice ||
      m_phase == Phase::MilitiaChoice || m_phase == Phase::Window || m_phase == Phase::DiscardChoice ||
      m_phase == Phase::OrderChoice) {
    // Judge a pending stack by its outcome: resolve a copy with every player passing.
    // The copy, the generator and the moves are this thread's scratch (pendingScratch).
    PendingScratch& scratch = pendingScratch();
    if (scratch.copy) *scratch.copy = *this;
    else scratch.copy = std::make_unique<CardDiceState>(*this);
    CardDiceState& copy = *scratch.copy;
    sim::Rng& rng = scratch.rng(0x5eedULL + static_cast<std::uint64_t>(historySize()));
    std::vector<sim::Action>& moves = scratch.moves;
    for (int guard = 0; guard < 64 && copy.m_phase != Phase::Main && !copy.isTerminal(); ++guard) {
      if (copy.m_phase == Phase::Auction) break;
      copy.legalActions(moves);
      copy.doApplyAction(moves.front(), rng);  // Pass / KeepDie / RecycleDone / first Tutor / Block all / first card
    }
    if (copy.isTerminal()) return copy.State::heuristic(player);
    return copy.material(player) - copy.material(1 - player) - copy.waste(player) + copy.opponentWaste(player) +
           copy.press(player);
  }
  return material(player) - material(1 - player) - waste(player) + opponentWaste(player) + press(player);
}

}  // namespace wb::rulesets::card_dice
