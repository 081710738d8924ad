// The `--json` document of `balance specialties`, written from a SpecialtiesResult.
// Every number is a sum of whole games (or a ratio of such sums), so the
// document is the same for any thread and rank count but for "elapsed_s".
//
// {
//   "engine", "baseline", "games", "matrix_games", "agents": [...], "seed", "max_turns",
//   "factions": [...],                                      // Game::factions()
//   "vs_baseline": [TALLY + {"faction", "rank", "verdict"}], // strongest first
//   "round_robin": {"standings": [{"faction", "games", "score", "rate", "ci95"}],  // best first
//                   "pairs": [TALLY + {"a", "b"}]},         // a < b, the tally is a's; absent without one
//   "games_played", "cancelled", "elapsed_s"
// }
// TALLY = {"games", "score", "rate", "ci95", "adjudicated", "capped", "power_uses", "turns"}
// (score: wins + draws / 2; power_uses and turns: sums over the games)
#pragma once

#include <string>

#include "simulation/factions/specialties.h"

namespace wb::sim {

std::string specialtiesToJson(const SpecialtiesResult& result, const std::string& engine, bool pretty = true);

}  // namespace wb::sim
