#include "app/report/engine_words.h"

#include <cctype>

namespace wb::app {

std::string seatWords(std::string_view text) {
  static constexpr std::string_view kPlayer = "player ";
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const bool wordStart = i == 0 || !(std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_');
    if (wordStart && text.substr(i, kPlayer.size()) == kPlayer) {
      std::size_t end = i + kPlayer.size();
      while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
      const bool number = end > i + kPlayer.size();
      // "player 2" alone, not "player 2nd" or a counter named player_2x.
      const bool wordEnd = end == text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_');
      if (number && wordEnd) {
        out += "Seat ";
        out += text.substr(i + kPlayer.size(), end - i - kPlayer.size());
        i = end;
        continue;
      }
    }
    out += text[i++];
  }
  return out;
}

MoveWords::MoveWords(const model::Ruleset& ruleset) {
  // The C++ engines write their cards' names themselves; only the rules
  // language's moves carry ids.
  if (ruleset.engine != "described") return;
  for (const auto& section : ruleset.sections)
    for (const model::Entity& e : section)
      if (!e.name.empty() && e.name != e.id) m_names.emplace(e.id, e.name);
}

std::string MoveWords::operator()(const std::string& move) const {
  if (m_names.empty()) return move;
  // The rules language writes a move as its action's id, then the card it
  // picks (if any), then what else it names (a die, a change, a cell).
  const auto first = move.find(' ');
  if (first == std::string::npos) return move;
  auto second = move.find(' ', first + 1);
  if (second == std::string::npos) second = move.size();
  const auto it = m_names.find(move.substr(first + 1, second - first - 1));
  if (it == m_names.end()) return move;
  return move.substr(0, first + 1) + it->second + move.substr(second);
}

}  // namespace wb::app
