// The PDF balance report: the HTML report (html_report_writer.h) laid out by
// Qt's rich-text engine with every chart rendered to an image (QSvgRenderer),
// printed to A4 pages by QPdfWriter. Built only with WB_BUILD_GUI=ON
// (app/report/qt); a headless build links app/report/headless, where
// pdfReportsAvailable() is false and writePdfReport says PDF needs the GUI build.
#pragma once

#include <string>

#include "app/report/report_data.h"

namespace wb::app {

bool pdfReportsAvailable();

// Writes `path` (atomically: temp file + rename). Creates an offscreen
// QGuiApplication when none exists. False with `error` on failure.
bool writePdfReport(const ReportData& data, const std::string& path, std::string& error);

}  // namespace wb::app
