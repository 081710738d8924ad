// The card-dice engine's named event counters (Game::counterIds(),
// State::counters()): how often the players use or waste what the rules give
// them. Per player, summed by the runner into the run's statistics.
//
// | id                           | counted when                                                  |
// |------------------------------|---------------------------------------------------------------|
// | turn_draw_available          | a turn ends and its free draw was used or could still be used |
// | turn_draw_skipped            | ... and it was not used (the deck or discard pile had a card) |
// | action_discarded_under_limit | an action card is discarded while the hand is within its limit|
// | buff_played                  | a buff (element buff, Purism) takes effect                    |
// | buff_unmatched               | a turn ends with no effect of its player that the buff grew   |
// | turn_action_cap              | a turn reaches max_actions_per_turn and is brought to its end |
// | turn_gold_unconverted        | a turn ends with no bid opened while its player's gold pays  |
// |                              | for a buff or damage card on display (a blunder)              |
// | cap_militia_rich             | turn max_turns (the ruleset's cap, the runner's default) ends |
// |                              | and the player holds Paid Militia with gold >= starting       |
// |                              | health (it can block a whole starting health of damage)       |
// | cap_health_above_start       | ... no player is such a Militia holder, and the player's      |
// |                              | health is above starting_health: healing has outrun the       |
// |                              | damage (possible only with max_health 0, assumed)             |
// | cap_unexplained              | ... neither (counted once, for the player whose turn ended)   |
// | cap_leader_discards_damage   | turn max_turns ends, the player leads (effective health, gold |
// |                              | its Paid Militia pays included, at least kLeadRatio times the |
// |                              | opponent's) and discarded, in the last 100 turns, a damage    |
// |                              | card the opponent's shields did not stop in a turn in which   |
// |                              | it played no damage card: a leader that stopped pressing (the |
// |                              | player's stall, not the rules')                                |
// | leader_discards_damage       | a player who leads (as above) discards a damage card the      |
// |                              | opponent's shields do not stop, in a turn in which it played  |
// |                              | no damage card (in any turn, not only at the cap)             |
// | bid_opened                   | a player bids for a card                                      |
// | bid_contested                | ... and the opponent's gold pays the next bid level: an       |
// |                              | auction opens (else the bidder buys at the stated cost)       |
// | bid_raised                   | a player outbids (the opponent) or matches (the bidder)       |
// The first three cap_ counters name one cause per game that reaches the cap, in that order;
// cap_leader_discards_damage is counted besides them. The first game of each is a replay of
// that cause, so a designer can watch why games stop.
#pragma once

#include <string>
#include <vector>

namespace wb::rulesets::card_dice {

enum class Counter : int {
  TurnDrawAvailable,
  TurnDrawSkipped,
  ActionDiscardedUnderLimit,
  BuffPlayed,
  BuffUnmatched,
  TurnActionCap,
  TurnGoldUnconverted,
  CapMilitiaRich,
  CapHealthAboveStart,
  CapUnexplained,
  CapLeaderDiscardsDamage,
  LeaderDiscardsDamage,
  BidOpened,
  BidContested,
  BidRaised,
};
inline constexpr int kCounterCount = static_cast<int>(Counter::BidRaised) + 1;

inline const std::vector<std::string>& counterNames() {
  static const std::vector<std::string> kNames = {"turn_draw_available", "turn_draw_skipped",
                                                  "action_discarded_under_limit", "buff_played",
                                                  "buff_unmatched", "turn_action_cap",
                                                  "turn_gold_unconverted", "cap_militia_rich",
                                                  "cap_health_above_start", "cap_unexplained",
                                                  "cap_leader_discards_damage", "leader_discards_damage", "bid_opened",
                                                  "bid_contested", "bid_raised"};
  return kNames;
}

}  // namespace wb::rulesets::card_dice
