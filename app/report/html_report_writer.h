// The HTML balance report: one self-contained file (inline CSS, charts as
// inline SVG from svg_chart.h, no scripts, no external files). The PDF writer
// reuses it with a chart sink that turns each SVG into an embedded image.
#pragma once

#include <functional>
#include <string>

#include "app/report/report_data.h"

namespace wb::app {

// Turns one chart (SVG text, its size in px) into the HTML that shows it.
using ChartSink = std::function<std::string(const std::string& svg, int width, int height)>;

// Default sink: the SVG inline.
std::string inlineSvg(const std::string& svg, int width, int height);

// `simple`: markup for Qt's rich-text engine (no CSS grid, attributes for
// widths), as the PDF writer needs it.
std::string htmlReport(const ReportData& data, const ChartSink& sink = inlineSvg, bool simple = false);

}  // namespace wb::app
