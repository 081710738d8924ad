// The skill ladder as text: the table `balance ladder` prints, and the same in
// Markdown for the per-game READMEs and the report's "How robust are these
// conclusions?" section.
#pragma once

#include <string>

#include "simulation/ladder/ladder.h"

namespace wb::sim {

// Ratings, the head-to-head matrix, each agent's conclusions, the rank
// agreement and the list of conclusions that change with skill.
std::string ladderText(const LadderResult& result, const std::string& title);
std::string ladderMarkdown(const LadderResult& result, const std::string& title);

}  // namespace wb::sim
