// The results the window measured besides the run and the sweeps — Compare,
// the Balance tab's tune, the Ladder and Specialties — gathered for File >
// Export Report as they stand on screen (their tables and status lines), each
// with the revision it was measured on. Gathering plays no game.
#pragma once

#include <vector>

#include "app/report/report_data.h"
#include "model/core/ruleset.h"

namespace wb::app {

class BalancePanel;
class ComparePanel;
class LadderPanel;
class SpecialtiesPanel;

struct WindowPanels {
  const ComparePanel* compare = nullptr;
  const BalancePanel* balance = nullptr;
  const LadderPanel* ladder = nullptr;
  const SpecialtiesPanel* specialties = nullptr;
};

// One section per panel that holds a finished result; `now` is the open ruleset.
std::vector<WindowSection> windowResults(const WindowPanels& panels, const model::Ruleset& now);

}  // namespace wb::app
