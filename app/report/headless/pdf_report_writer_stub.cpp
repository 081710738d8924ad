// Headless build (WB_BUILD_GUI=OFF): no Qt, so no PDF; HTML, CSV and JSON work.
#include "app/report/pdf_report_writer.h"

namespace wb::app {

bool pdfReportsAvailable() { return false; }

bool writePdfReport(const ReportData&, const std::string&, std::string& error) {
  error = "PDF reports need the GUI build (configure with -DWB_BUILD_GUI=ON); write .html, .csv or .json instead";
  return false;
}

}  // namespace wb::app
