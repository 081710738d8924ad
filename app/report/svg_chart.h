// A small SVG plotting helper for the reports: charts as self-contained SVG
// text (no Qt, so `balance report` works in headless builds and the HTML
// needs no external files). Three kinds: bars with 95% error bars and an
// optional reference line (win rates vs fair), a histogram (game length, dice
// distributions), and a curve with its interval band, target line and balance
// point (sweeps).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace wb::app {

struct SvgBar {
  std::string label;
  double value = 0;
  std::optional<double> lo, hi;  // error bar
  bool highlight = false;        // drawn in the accent colour
};

struct SvgChartFrame {
  std::string title;
  std::string xLabel, yLabel;
  int width = 640;
  int height = 300;
  bool percentAxis = false;      // y tick labels as percentages (values in [0, 1])
  bool autoRange = false;        // curves: fit the y axis to the data and target, not 0-100%
  bool pointsAxis = false;       // y tick labels as signed percentage points (+2, -1.5): differences of rates
};

// Splits `text` into lines of at most about `maxChars` characters, at spaces,
// "+" or "_" where it can, inside a word only when a word alone is longer.
// Titles and bar labels wrap rather than being cut.
std::vector<std::string> wrapText(const std::string& text, std::size_t maxChars);

// Bars (e.g. win rate per seat) with error bars; `reference` draws a dashed line (fair rate).
std::string svgBarChart(const SvgChartFrame& frame, const std::vector<SvgBar>& bars,
                        std::optional<double> reference = std::nullopt, std::optional<double> yMax = std::nullopt);

// A histogram of counts or probabilities at numeric x values; each bar spans
// [x - barWidth / 2, x + barWidth / 2].
std::string svgHistogram(const SvgChartFrame& frame, const std::vector<double>& xs, const std::vector<double>& ys,
                         double barWidth = 1.0);

struct SvgCurvePoint {
  double x = 0, y = 0, lo = 0, hi = 0;
};

// A curve with its band, a horizontal target line and, when crossed, the
// balance point with its interval shaded (open ends run to the plot's edge).
std::string svgCurve(const SvgChartFrame& frame, const std::vector<SvgCurvePoint>& points, std::optional<double> target,
                     std::optional<double> balance, std::optional<double> balanceLo, std::optional<double> balanceHi);

// Escapes text for XML / HTML (& < > " ').
std::string xmlEscape(const std::string& text);

}  // namespace wb::app
