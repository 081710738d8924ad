// The report's "Measured in the window" section: the results the workbench's
// window holds besides the run and the sweeps (Compare, the Balance tab's
// tune, the Ladder, Specialties), each written as it stood on screen with the
// revision (content hash) it was measured on. Nothing here plays a game.
#pragma once

#include <ostream>

#include "app/report/report_data.h"

namespace wb::app {

// An <h2> and one <h3> per result; nothing when the window measured nothing else.
void writeWindowSections(std::ostream& h, const ReportData& data);

}  // namespace wb::app
