// Elemental Card-Dice Game (seed file 004, Emil Indzhev 2021): the game state.
//
// Two players, 100 health each. Seven shared d6 (fire, earth, water, nature,
// magic, gold, utility) are rolled once at the start and set the strength of
// every card; cards that change dice change everyone's cards. Each player starts
// with 6 gold and a deck of 5 Basic Income; every other card goes into a cheap
// (3/7 gold) or an expensive (12/18 gold) shop deck, four cards of each on
// display. On a turn a player may, in any order: gain a gold, draw a card,
// discard, play one action (execute it, or place it face down to execute later
// for its cost), play blessings, and open one auction (the opponent may outbid in
// multiples of the price). The opponent may answer an action with a response
// (a heal, a die change, Veto ...) that resolves first. Passives work from the moment they are
// bought. Dealing damage earns as much gold. A player at 0 health loses.
//
// Parameters (data/rulesets/card-dice/card-dice.yaml):
// | parameter          | default      | meaning                                         |
// |--------------------|--------------|-------------------------------------------------|
// | starting_health    | 100          | health of each player                           |
// | max_health         | 0            | healing stops here, 0 = none (assumed)          |
// | starting_gold      | 6            | gold of each player                             |
// | starting_card      | basic_income | the card starting decks are made of             |
// | starting_cards     | 5            | copies of it in each starting deck              |
// | shop_size          | 4            | cards on display per shop                       |
// | cheap_max_cost     | 7            | cost limit of the cheap shop                    |
// | hand_limit         | 5            | most cards in hand when a turn ends             |
// | actions_per_turn   | 1            | actions per turn                                |
// | free_gold_per_turn | 1            | gold of the once-per-turn gold option           |
// | free_draws_per_turn| 1            | cards of the once-per-turn draw option          |
// | bids_per_turn      | 1            | auctions a player may open per turn             |
// | bid_steps          | linear       | auction steps: linear or doubling (assumed)     |
// | max_turns          | 2000         | turn cap suggested to the runner (assumed)      |
// | max_actions_per_turn | 200        | then only moves ending the turn (assumed)       |
// | played_cards       | turn_end     | played cards reach the discard pile at the end  |
// |                    |              | of the turn, or at_once (assumed)               |
//
// Interpretations where the rules are silent (also `assumed:` in the YAML):
// - Responses: an action "which affects (or may affect)" the result of the opponent's
//   action: Veto (any action), die changes (actions whose amounts read a die, or die
//   changes), heals (against damage), buffs (against damage when they grow a shield of
//   the responder) and gold (against damage when the responder holds Paid Militia). They
//   cost the card's cost (face-down ones are free with Cheapskate). After a response
//   resolves, the owner of the action it answered gets a window for further actions and
//   blessings (Phase::Window), then the responder may respond again or pass.
// - Auction: the opponent raises by one step (bid_steps linear: one more multiple of the
//   cost; doubling: twice the bid), the bidder matches (equal bids go to the bidder) and
//   may play actions when it is theirs to match; the winner pays the last bid.
// - Executing an action from hand on your turn is free. Played cards stay in play until the
//   turn ends, then go to the discard pile (played_cards: turn_end): a card is played at most
//   once per turn, so "play any number of blessings" is any number of the blessings held,
//   and Truly Blessed cannot cycle one blessing through reshuffles for ever. A
//   face-down action can be executed from the next turn on (its owner's or, as a
//   response, the opponent's).
// - Damage elements are the dice of its amount; a shield subtracts from each matching
//   instance (never below 0); Paid Militia blocks any amount the victim chooses. Damage
//   to both players hits the caster first: a caster at 0 has lost (mutual kill).
// - Buffs multiply every amount that uses their die; Purism doubles dice amounts that
//   are not combos. Healing stops at max_health (0, the default: no limit).
// - The victim of Weak Hands / Faulty Table picks the discards; the player of Impatience /
//   Sabotage picks the order; Always Lucky draws at the start of each own turn; what the
//   information cards show is kept by determinize(). Recycled cards are shuffled into their
//   tier's shop deck; each shop has its own set-aside pile.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rulesets/card_dice/card_dice_action.h"
#include "rulesets/card_dice/card_dice_counters.h"
#include "rulesets/card_dice/card_dice_rules.h"
#include "simulation/core/fixed_vector.h"
#include "simulation/core/game.h"
#include "simulation/core/state.h"

namespace wb::rulesets::card_dice {

using sim::FixedVector;

// A FixedVector whose copies read only the items held (a state copy, every MCTS iteration
// and prior, would otherwise move the whole capacity: 250 bytes per pile).
template <typename T, std::size_t N>
class ShortCopy : public FixedVector<T, N> {
 public:
  ShortCopy() = default;
  ShortCopy(const ShortCopy& o) : FixedVector<T, N>() { this->assignUsed(o); }
  ShortCopy& operator=(const ShortCopy& o) {
    this->assignUsed(o);
    return *this;
  }
};
template <std::size_t N>
using CardList = ShortCopy<std::uint8_t, N>;  // card indices
using Pile = CardList<kMaxCopies>;            // a deck's top is back()

// Window: after a response resolved, the owner of the action it answered may play further
// actions and blessings before that action resolves. DiscardChoice: the victim of Weak Hands /
// Faulty Table picks the cards; OrderChoice: the player of Impatience / Sabotage orders them.
enum class Phase : std::uint8_t {
  Main, Response, Auction, RerollChoice, RecycleChoice, TutorChoice, MilitiaChoice, Over,
  Window, DiscardChoice, OrderChoice
};
enum class Zone : std::uint8_t { Deck, Hand, Discard, FaceDown };

struct PlayerState {
  int health = 0;
  int gold = 0;
  Pile deck, hand, discard, faceDown;
  // Cards played this turn (actions, blessings, responses): they go to the discard pile when
  // the turn ends (played_cards: turn_end), so a reshuffle within the turn leaves them out.
  Pile inPlay;
  CardList<64> passives;  // active passive cards
  // This turn only (reset when a turn starts).
  int actionsLeft = 0;
  int actionsGranted = 0;  // extra actions blessings gave this turn (the heuristic's spare term)
  int bidsLeft = 0;
  bool usedGold = false;
  bool usedDraw = false;
  int lastBought = -1;                     // Express Shipping: card bought this turn
  std::array<float, kMaxDice> buff{};      // per element multiplier (1 = none)
  float nonComboBuff = 1;
  // Buff plays this turn not yet matched by an effect they grow (per die; last = non-combo).
  std::array<std::uint8_t, kMaxDice + 1> unmatchedBuffs{};
  // Since the player's own turn began: action cards discarded within the hand limit, and
  // buffs that ended a turn unmatched (the heuristic charges them: waste()).
  int discardedWithinLimit = 0;
  int buffsWasted = 0;
  // Since the player's own turn began: damage cards it discarded while leading, part of whose
  // damage the opponent's shields let through, in a turn without a damage play (counter
  // leader_discards_damage; the heuristic charges them as waste).
  int damageDiscardedLeading = 0;
  // The last turn (0-based) in which this player discarded a damage card part of whose damage
  // would have got through the opponent's shields, without playing a damage card in that turn
  // (counter cap_leader_discards_damage); whether its own turn has seen a damage card played.
  int lastDamageDiscardTurn = -1;
  bool pressedThisTurn = false;
  // The player's effective health when its own turn last began (0 before its first turn):
  // the heuristic's lead term reads it, so that within a turn only what the player does to
  // the opponent moves its lead, and a heal of its own never counts as pressing.
  double leadBase = 0;
  // The buff and damage cards on display that the player's gold paid for when its last turn
  // ended with its bid unused (counter turn_gold_unconverted; the heuristic's unspent term);
  // cleared when its next turn begins.
  CardList<16> unspentFor;
  // Face-down actions placed this turn: executable only "for a later turn".
  CardList<32> placedThisTurn;
  // What this player has seen of hidden cards (information blessings, Sabotage, Impatience);
  // determinize() keeps it in place. Cards known to be in the opponent's hand / face down,
  // and how many cards from the top of the own / the opponent's deck are known in order.
  CardList<64> knownOppHand, knownOppFaceDown;
  int knownOwnTop = 0, knownOppTop = 0;
};

struct Shop {
  FixedVector<std::uint8_t, 16> display;   // oldest first
  Pile deck;                               // top is back()
  Pile setAside;                           // removed by aging
};

struct StackItem {
  std::uint8_t card = 0;
  std::int8_t owner = 0;
  std::uint8_t die = 0;
  std::int8_t arg = 0;
  bool cancelled = false;
  bool response = false;  // answers the item below it (its owner then gets a window)
  bool window = false;    // a response to it resolved: its owner may play more before it resolves
};

class CardDiceState : public sim::State {
 public:
  explicit CardDiceState(std::shared_ptr<const CardDiceRules> rules);
  // Rolls the dice, builds and shuffles decks and shops, gives the grants (impact measures)
  // and starts the first turn (called by CardDiceGame).
  void setUp(sim::Rng& rng, const std::vector<sim::Grant>& grants = {});

  int numPlayers() const override { return 2; }
  int currentPlayer() const override;
  void legalActions(std::vector<sim::Action>& out) const override;
  bool isTerminal() const override { return m_phase == Phase::Over; }
  std::vector<double> returns() const override;
  // Turns started, the current one included (the game ends inside a turn, when a
  // health reaches zero): m_turn counts the turns ended.
  int turnCount() const override { return m_turn + 1; }
  std::unique_ptr<sim::State> clone() const override;
  void cloneInto(std::unique_ptr<sim::State>& slot) const override { sim::assignInto(*this, slot); }
  std::unique_ptr<sim::State> determinize(int observer, sim::Rng& rng) const override;
  void determinizeInto(int observer, sim::Rng& rng, std::unique_ptr<sim::State>& slot) const override;
  double heuristic(int player) const override;
  void heuristics(std::vector<double>& out) const override;
  std::string actionToString(sim::Action a) const override;
  std::string toString() const override;
  // Impact hooks (card_dice_impact.cpp): the card an action uses; grants at the start.
  void actionEntities(sim::Action a, std::vector<int>& out) const override;
  // Setup conditions (`balance run --conditions`): each die's value as rolled at
  // the start ("fire" = "2"); they set every card's strength until a card changes them.
  void setupFeatures(std::vector<sim::SetupFeature>& out) const override;
  // Called by setUp before the first turn starts, so a granted Always Lucky draws in it.
  void applyGrants(const std::vector<sim::Grant>& grants);

  // Read access (tests, tools).
  const CardDiceRules& rules() const { return *m_rules; }
  Phase phase() const { return m_phase; }
  int turnPlayer() const override { return m_turnPlayer; }
  int die(int i) const { return m_dice[i]; }
  const PlayerState& player(int p) const { return m_players[p]; }
  const Shop& shop(int tier) const { return m_shops[tier]; }
  int handLimit(int p) const;
  // The turn has used max_actions_per_turn moves: only moves that end it are legal.
  bool turnClosing() const { return m_turnActions >= m_rules->maxActionsPerTurn; }
  int turnActions() const { return m_turnActions; }
  bool hasPassive(int p, Op op) const;
  // The value of a card to player p under the current dice, without this turn's buffs
  // (heuristic scale, card_dice_card_values.cpp).
  double cardValue(int p, int card) const;
  // An effect's amount for player p now: expression x buffs, rounded up, >= 0.
  int effectAmount(int p, const EffectDef& e) const;
  // What stands between player p and death: health plus the damage its Paid Militia's gold
  // can block (card_dice_heuristic.cpp).
  double effectiveHealth(int p) const;
  // Player p leads: its effective health is at least kLeadRatio times the opponent's (the
  // heuristic then presses: every point of damage counts; card_dice_heuristic.cpp).
  bool leads(int p) const;
  // The share (0..1) of card's damage to p's opponent that its shields let through now.
  double damageReach(int p, int card) const;

  // Test-only API for scripted positions: these bypass the rules.
  void setDie(int i, int value) { m_dice[i] = static_cast<std::int8_t>(value); }
  void setHealth(int p, int v) {
    m_players[p].health = v;
    refreshLeadBases();
  }
  void setGold(int p, int v) {
    m_players[p].gold = v;
    refreshLeadBases();
  }
  void giveCard(int p, Zone zone, int card);      // adds a copy (deck: on top)
  void clearZone(int p, Zone zone);
  void addPassive(int p, int card) {
    m_players[p].passives.push_back(static_cast<std::uint8_t>(card));
    refreshLeadBases();
  }
  // Both players' leadBase from the position as it is (scripted positions).
  void refreshLeadBases() {
    for (int q = 0; q < 2; ++q) m_players[q].leadBase = effectiveHealth(q);
  }
  void setShopDisplay(int tier, const std::vector<int>& cards);  // oldest first
  void clearShopDeck(int tier) { m_shops[tier].deck.clear(); }
  void giveShopDeck(int tier, int card) { m_shops[tier].deck.push_back(static_cast<std::uint8_t>(card)); }
  void giveSetAside(int tier, int card) { m_shops[tier].setAside.push_back(static_cast<std::uint8_t>(card)); }

 protected:
  void doApplyAction(sim::Action a, sim::Rng& rng) override;

 private:
  // card_dice_describe.cpp: determinize() on a copy of the state: re-deals what `observer`
  // cannot see.
  void redealHidden(int observer, sim::Rng& rng);
  // card_dice_state.cpp: turn structure, legal moves, shops, auctions.
  void startTurn(int p, sim::Rng& rng);
  void endTurn(sim::Rng& rng);
  void refillShop(Shop& shop, sim::Rng& rng);
  // The buff and damage cards on display that player p's gold pays for (PlayerState::unspentFor).
  void convertibleCards(int p, CardList<16>& out) const;
  bool drawCard(int p, sim::Rng& rng);
  // The variants of `card` (its die and delta); a die change only on the dice in `dice`.
  void addVariants(std::vector<sim::Action>& out, ActionKind kind, int p, int card,
                   std::uint32_t dice = ~0u) const;
  bool canRespond(int p) const;
  // Card `card` of player p may answer the action `target` (rule: it "affects (or may affect)
  // its result").
  bool respondsTo(int p, int card, const StackItem& target) const;
  // The dice whose values decide the result of `target`: those its amounts read, the dice a
  // die change moves, and the dice of the shields that would stop its damage.
  std::uint32_t diceAffecting(const StackItem& target) const;
  bool faceDownPlayable(int p, int card) const;  // not placed this turn
  bool windowHasPlays(int p) const;
  void addMilitiaChoices(std::vector<sim::Action>& out) const;
  // Knowledge bookkeeping: card c left player p's hand / face-down row; player p's deck top moved.
  void forgetHandCard(int p, std::uint8_t c);
  void forgetFaceDownCard(int p, std::uint8_t c);
  void deckTopDrawn(int p);
  void deckShuffled(int p);
  int responseCost(int p, int card, bool faceDown) const;
  void finishAuction(int winner);
  int nextBidLevel() const;
  // card_dice_moves.cpp: the moves, the response stack, where played cards go.
  void announce(int owner, int card, int die, int arg, bool response, sim::Rng& rng);
  void continueResolution(sim::Rng& rng);
  void resolveTop(sim::Rng& rng);
  void runCard(int owner, int card, int die, int arg, int fromEffect, sim::Rng& rng);
  void finishCard(sim::Rng& rng);
  // A played (or cancelled) card of player p leaves play: in play until the turn ends, or
  // straight to the discard pile (played_cards: at_once).
  void putPlayed(int p, std::uint8_t card);
  // card_dice_effects.cpp: amounts, card effects, damage.
  bool applyEffect(int owner, int card, int index, int die, int arg, sim::Rng& rng);
  // False when the victim must first decide how much Paid Militia blocks.
  bool dealDamage(int dealer, int victim, int amount, const EffectDef& e, bool thenOpponent);
  void finishMilitia(int blocked);
  // Weak Hands / Faulty Table: the victim chooses (false while the choice is open).
  bool forcedDiscard(int victim, bool faceDown, int count);
  void discardForced(int victim, bool faceDown, std::uint8_t card);
  void finishOrdering();
  void rollDie(int die, sim::Rng& rng);
  void checkEnd();
  void count(int p, Counter c) { counterLog().add(p, static_cast<int>(c)); }
  // At the end of turn max_turns: cap_health_above_start, cap_militia_rich or cap_unexplained,
  // and besides them cap_leader_discards_damage.
  void countCapCauses();
  // Buff bookkeeping (buff_unmatched): an amount of player p that used these dice was applied.
  void noteAmountUsed(int p, const EffectDef& e);
  void settleBuffs();
  void fillVars(int p, double* vars) const;
  // vars from fillVars(p); buffed = with p's buffs of this turn.
  int amountFrom(int p, const EffectDef& e, const double* vars, bool buffed = true) const;
  double cardValueFrom(int p, int card, const double* vars, bool buffed = true) const;
  // card_dice_material.cpp, card_dice_heuristic.cpp (terms: card_dice_heuristic.h)
  double material(int p) const;
  double waste(int p) const;
  // The lead term of p's own judgement (0 unless p leads).
  double press(int p) const;
  // waste(opponent) where heuristic(p) counts it (for p, unless p's own turn has seen a move).
  double opponentWaste(int p) const;

  std::shared_ptr<const CardDiceRules> m_rules;
  std::array<PlayerState, 2> m_players;
  std::array<Shop, 2> m_shops;                    // 0 cheap, 1 expensive
  std::array<std::int8_t, kMaxDice> m_dice{};
  Phase m_phase = Phase::Main;
  int m_turnPlayer = 0;
  int m_actor = 0;                                // who decides in the non-main phases
  int m_turn = 0;
  int m_turnActions = 0;                          // moves made in this turn (both players)
  ShortCopy<StackItem, 16> m_stack;               // announced actions and responses
  // Auction in progress.
  int m_auctionShop = 0, m_auctionSlot = 0, m_auctionLevel = 1;
  bool m_auctionHighIsBidder = true;
  // A card whose effects were suspended by a choice, and the choice's state.
  int m_resumeCard = -1, m_resumeOwner = 0, m_resumeEffect = 0, m_resumeDie = 0, m_resumeArg = 0;
  int m_choiceLeft = 0, m_choiceDie = 0;
  bool m_choiceFaceDown = false;                  // DiscardChoice: from the face-down row
  int m_orderOwner = 0;                           // OrderChoice: whose deck is reordered
  Pile m_ordering, m_ordered;                     // OrderChoice: cards to place, placed (top first)
  bool m_auctionOpen = false;                     // an auction waits while an action resolves
  int m_firstDead = -1;                           // the player who reached 0 health first
  // Damage waiting for the victim's Paid Militia decision.
  int m_pendingDealer = 0, m_pendingVictim = 0, m_pendingDamage = 0, m_pendingPer = 1, m_pendingMilitia = 0;
  int m_pendingFollowUp = -1;  // damage still to deal to the dealer's opponent (Heavy Rain), -1 = none
};

}  // namespace wb::rulesets::card_dice
