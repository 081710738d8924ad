// An engine's own words for seats and cards, said in the window's: the rules
// language's state text numbers seats "player 2" where every table, chart,
// filter and replay heading says "Seat 2"; and a described game's move names
// its card by id ("discard weak_hands") where the C++ engines, the explorer and
// the tables name it ("discard Weak Hands"). The replay text (`balance run
// --replay`) and the Games tab read both through these, so one game reads the
// same everywhere.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

#include "model/core/ruleset.h"

namespace wb::app {

// `text` with every "player N" (N a seat number, from 1) written "Seat N".
std::string seatWords(std::string_view text);

// A move as the window words it: for a game in the rules language, the card a
// move picks (the word after the action's id: "buy gold", "choose_discard
// weak_hands", "play pawn a3") by its name; every other move, and every move of
// a C++ engine (which names its cards already), as the engine wrote it.
class MoveWords {
 public:
  MoveWords() = default;
  explicit MoveWords(const model::Ruleset& ruleset);
  std::string operator()(const std::string& move) const;

 private:
  std::unordered_map<std::string, std::string> m_names;  // card id -> name (only where they differ)
};

}  // namespace wb::app
