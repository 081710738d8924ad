// The quantities a tuning target bands (simulation/tune), measured on a block
// of games from its RunResult. The names are the ones `balance sweep --metric`
// knows (sweep_metric.h) plus the outcome rates and the length:
//   first_side        share of the games one side won that the side of seat 0 won
//   first_player      seat 0's win rate (= seat:0)
//   seat:K / Seat N   a seat's win rate over all games (seat:K counts from 0 for
//                     scripts, Seat N from 1 as displays write it: Seat 1 = seat:0)
//   team:N            side N's win rate (engines with teams; without teams the sides are the seats)
//   faction:ID        at 2 players: faction ID's score against the baseline faction (the first,
//                     e.g. mage_none), seats alternating, a draw counting half:
//                     the measure of `balance specialties` (faction_duel.h); at more
//                     players: the faction's win rate in the game as played (the
//                     run's faction schedule), as `balance run` reports it by
//                     faction (fair share 1/N), every faction a target of its own
//   agent:SPEC        the win rate of one agent spec of --agents (with several agents)
//   skill:A>B         agent A's win rate in head-to-head games against agent B
//                     (2 players, seats alternated game by game so the first
//                     player's edge cancels), played on games of their own: one
//                     pair of a skill matrix (`skill: [A, B, C]` in a targets
//                     file: A beats B, B beats C), whatever --agents says
//   impact:ID         entity ID's restricted-play lift in points (100 x the mean of
//                     baseline score - restricted score over the pairs): the measure of
//                     `balance impact` and `sweep --metric impact:ID`, played by
//                     ImpactRunner (simulation/impact) on the block's games
//   length            mean game length in turns (capped games counted at the cap)
//   timeouts          share of games stopped at the turn cap
//   adjudicated       share of games the engine ended at its own cap
//   nobody_wins       share of games that ended with nobody winning
//   draws             share of games drawn between sides
//   use:ID[:USE]      entity ID's use per game (summed over the players): what
//                     it does most in the starting games (acquired, played or
//                     triggered: TuneShape::entityUse), or the USE named
//   use_games:ID[:USE] share of games in which some player used ID that way
//   diversity[:KIND[:USE]]  the effective number of entities of KIND (cards,
//                     tiles, events, abilities, factions: the ruleset's section
//                     of each entity) in use: exp of the entropy of their use
//                     shares (use_estimate.h); `diversity` alone expands to
//                     every kind with two entities or more
// `seat:*`, `team:*`, `faction:*`, `agent:*`, `impact:*` and `use:*` expand to every
// entity the engine reports (`faction:*`: every faction but the baseline;
// `impact:*`: every entity of Game::entityIds()). Each metric is a ratio of sums over the games (wins / games,
// wins / decided games, turns / games), so blocks of games pair and pool
// exactly (ratio_estimate.h).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "simulation/runner/run_result.h"
#include "simulation/stats/use_estimate.h"

namespace wb::sim {

// What a metric may name in one game: seats, sides, factions and agent specs.
struct TuneShape {
  int players = 2;
  int sides = 2;                        // teams where the engine declares them, else one per seat
  bool teams = false;
  std::vector<std::string> factions;    // Game::factions()
  int baselineFaction = 0;              // what faction:ID is measured against
  std::vector<std::string> agents;      // distinct agent specs of the search
  std::vector<std::string> entities;    // Game::entityIds(): what impact:ID may name
  // Per entity: the ruleset section it belongs to ("cards", "abilities", ...;
  // "other" when none), and what it does most in the starting ruleset's
  // games (0 acquired, 1 played, 2 triggered; -1 unknown or never used).
  std::vector<std::string> entityKinds;
  std::vector<int> entityUse;
  std::vector<unsigned> entityUsed;     // per entity, bit k: use k seen in the starting games
};



// A metric's numerator and denominator summed over some games.
struct Ratio {
  double num = 0, den = 0;
  double value() const { return den > 0 ? num / den : 0.0; }
};

struct TuneMetric {
  enum class Kind { FirstSide, Seat, Team, Faction, Agent, Length, Timeouts, Adjudicated, NobodyWins, Draws, Impact,
                    Use, UseGames, Diversity, Skill };
  Kind kind = Kind::FirstSide;
  int index = 0;    // Seat, Team; Faction: 0 a duel, 1 + the faction's index as played; Use, UseGames, Diversity: the use (0 acquired, 1 played, 2 triggered; -1: the most)
  std::string id;   // Faction, Agent, Impact, Use, UseGames (the entity); Diversity (the kind); Skill (the stronger agent)
  std::vector<int> members = {};  // Diversity: the entities (indices into Game::entityIds()) of the kind
  // Use: per turn instead of per game (the content guard's reading: a fix
  // that shortens a stalled game must not count as pricing every entity out).
  bool perTurn = false;
  std::string other = {};  // Skill: the weaker agent

  std::string spec() const;    // "first_side", "seat:1", "faction:fire", "length", ...
  std::string label() const;   // "first-side win share", "mean game length (turns)", ...
  // The spec as a person reads it: seats from 1 ("Seat 1" for seat:0), else spec().
  std::string name() const;
  // A share of games (its interval is a Wilson interval); false for the length and impact.
  bool isProportion() const {
    return kind != Kind::Length && kind != Kind::Impact && kind != Kind::Use && kind != Kind::Diversity;
  }
  // The values the metric can take: [0, 1] for a share, [0, inf) turns for
  // the length, uses per game and the diversity, [-100, 100] points for an impact.
  double lowest() const { return kind == Kind::Impact ? -100.0 : 0.0; }
  double highest() const;
  // Measured from every member's use (memberUse), not as one ratio of sums.
  bool isDiversity() const { return kind == Kind::Diversity; }
  // Entity use metrics (use, use_games, diversity).
  bool isUse() const { return kind == Kind::Use || kind == Kind::UseGames || kind == Kind::Diversity; }
  // Played as faction duels against the baseline faction, not measured on a run.
  bool isDuel() const { return kind == Kind::Faction && index == 0; }
  // One pair of a skill matrix: head-to-head games of two agents of its own.
  bool isSkill() const { return kind == Kind::Skill; }
  // Played on games of its own (duels, skill pairs), not read from the block's run.
  bool playsOwnGames() const { return isDuel() || isSkill(); }
  // Played as a restricted-play impact experiment (ImpactRunner) on the block's games.
  bool isImpact() const { return kind == Kind::Impact; }
  // The metric's sums in one run's statistics (0 / 0 when it has no games of
  // it; duel and impact metrics have none).
  // Diversity: {the diversity of the run's own games, 1}.
  Ratio measure(const RunResult& result) const;
  // Diversity: each member's use in the run (the sums the diversity is made of).
  std::vector<double> memberUse(const RunResult& result) const;
  friend bool operator==(const TuneMetric&, const TuneMetric&) = default;
};

// Parses a target's metric text against the game's shape, expanding `*`.
// False with a message, e.g. "unknown metric 'frist_side' (did you mean
// 'first_side'?)" or "the game has no faction 'fier' (did you mean 'fire'?)".
bool parseTuneMetrics(std::string_view text, const TuneShape& shape, std::vector<TuneMetric>& out,
                      std::string& error);

// Every metric name the shape offers, `*` forms first (the GUI's metric picker).
std::vector<std::string> tuneMetricNames(const TuneShape& shape);

}  // namespace wb::sim
