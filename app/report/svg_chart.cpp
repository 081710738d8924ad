#include "app/report/svg_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace wb::app {
namespace {

constexpr const char* kBlue = "#3b6fb6";
constexpr const char* kOrange = "#e07b28";
constexpr const char* kGrey = "#888888";
constexpr const char* kFont = "font-family=\"DejaVu Sans, Arial, sans-serif\"";

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (s.back() == '0') s.pop_back();
  if (s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

// "Nice" ticks from lo to hi (about n of them).
std::vector<double> ticks(double lo, double hi, int n = 5) {
  if (!(hi > lo)) return {lo};
  const double raw = (hi - lo) / n;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  double step = mag;
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (raw <= m * mag) {
      step = m * mag;
      break;
    }
  std::vector<double> out;
  for (double t = std::ceil(lo / step - 1e-9) * step; t <= hi + step * 1e-9; t += step) out.push_back(std::abs(t) < step * 1e-9 ? 0.0 : t);
  return out;
}

std::string tickLabel(double v, bool percent, bool points = false) {
  if (points) return (v > 1e-12 ? "+" : "") + num(v * 100.0);
  if (percent) return num(v * 100.0) + "%";
  char buf[32];
  std::snprintf(buf, sizeof buf, std::abs(v) >= 10000 ? "%.3g" : "%.4g", v);
  return buf;
}

// Plot area and axis mapping.
// Characters of a 13 px bold title that fit in `width` pixels (about 7.6 px each).
std::size_t titleChars(int width) { return static_cast<std::size_t>(std::max(20.0, (width - 20) / 7.6)); }

struct Plot {
  double left = 60, right = 20, top = 34, bottom = 48;
  double width, height, x0, x1, y0, y1;
  Plot(const SvgChartFrame& f, double xa, double xb, double ya, double yb, int labelLines = 1)
      : width(f.width), height(f.height), x0(xa), x1(xb > xa ? xb : xa + 1), y0(ya), y1(yb > ya ? yb : ya + 1) {
    // A wrapped title and wrapped bar labels take room from the plot, never from the text.
    const auto lines = f.title.empty() ? 1 : wrapText(f.title, titleChars(f.width)).size();
    top = 34 + 16.0 * static_cast<double>(lines - 1);
    bottom = 48 + 13.0 * static_cast<double>(std::max(1, labelLines) - 1);
  }
  double px(double x) const { return left + (x - x0) / (x1 - x0) * (width - left - right); }
  double py(double y) const { return height - bottom - (y - y0) / (y1 - y0) * (height - top - bottom); }
  double plotLeft() const { return left; }
  double plotRight() const { return width - right; }
  double plotTop() const { return top; }
  double plotBottom() const { return height - bottom; }
};

void open(std::ostringstream& s, const SvgChartFrame& f) {
  s << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << f.width << "\" height=\"" << f.height
    << "\" viewBox=\"0 0 " << f.width << " " << f.height << "\" " << kFont << " font-size=\"11\">\n";
  s << "<rect x=\"0\" y=\"0\" width=\"" << f.width << "\" height=\"" << f.height << "\" fill=\"white\"/>\n";
  if (!f.title.empty()) {
    int y = 18;
    for (const auto& line : wrapText(f.title, titleChars(f.width))) {
      s << "<text x=\"" << f.width / 2 << "\" y=\"" << y << "\" text-anchor=\"middle\" font-size=\"13\" font-weight=\"bold\">"
        << xmlEscape(line) << "</text>\n";
      y += 16;
    }
  }
}

void axes(std::ostringstream& s, const SvgChartFrame& f, const Plot& p, bool xTicks, bool integerX = false) {
  for (double t : ticks(p.y0, p.y1)) {
    const double y = p.py(t);
    s << "<line x1=\"" << num(p.plotLeft()) << "\" y1=\"" << num(y) << "\" x2=\"" << num(p.plotRight()) << "\" y2=\""
      << num(y) << "\" stroke=\"#e4e4e4\"/>\n";
    s << "<text x=\"" << num(p.plotLeft() - 6) << "\" y=\"" << num(y + 4) << "\" text-anchor=\"end\">"
      << tickLabel(t, f.percentAxis, f.pointsAxis) << "</text>\n";
  }
  if (xTicks) {
    for (double t : ticks(p.x0, p.x1, 6)) {
      // Whole-number outcomes (dice) get whole-number ticks only.
      if (integerX && std::abs(t - std::round(t)) > 1e-9) continue;
      const double x = p.px(t);
      s << "<line x1=\"" << num(x) << "\" y1=\"" << num(p.plotBottom()) << "\" x2=\"" << num(x) << "\" y2=\""
        << num(p.plotBottom() + 4) << "\" stroke=\"#444\"/>\n";
      s << "<text x=\"" << num(x) << "\" y=\"" << num(p.plotBottom() + 16) << "\" text-anchor=\"middle\">"
        << tickLabel(t, false) << "</text>\n";
    }
  }
  s << "<line x1=\"" << num(p.plotLeft()) << "\" y1=\"" << num(p.plotBottom()) << "\" x2=\"" << num(p.plotRight())
    << "\" y2=\"" << num(p.plotBottom()) << "\" stroke=\"#444\"/>\n";
  s << "<line x1=\"" << num(p.plotLeft()) << "\" y1=\"" << num(p.plotTop()) << "\" x2=\"" << num(p.plotLeft())
    << "\" y2=\"" << num(p.plotBottom()) << "\" stroke=\"#444\"/>\n";
  if (!f.xLabel.empty())
    s << "<text x=\"" << num((p.plotLeft() + p.plotRight()) / 2) << "\" y=\"" << f.height - 8
      << "\" text-anchor=\"middle\">" << xmlEscape(f.xLabel) << "</text>\n";
  if (!f.yLabel.empty())
    s << "<text x=\"14\" y=\"" << num((p.plotTop() + p.plotBottom()) / 2) << "\" text-anchor=\"middle\" transform=\"rotate(-90 14 "
      << num((p.plotTop() + p.plotBottom()) / 2) << ")\">" << xmlEscape(f.yLabel) << "</text>\n";
}

void hline(std::ostringstream& s, const Plot& p, double y, const char* colour, const std::string& label) {
  const double py = p.py(y);
  s << "<line x1=\"" << num(p.plotLeft()) << "\" y1=\"" << num(py) << "\" x2=\"" << num(p.plotRight()) << "\" y2=\""
    << num(py) << "\" stroke=\"" << colour << "\" stroke-dasharray=\"6 4\" stroke-width=\"1.5\"/>\n";
  if (!label.empty())
    s << "<text x=\"" << num(p.plotRight() - 4) << "\" y=\"" << num(py - 4) << "\" text-anchor=\"end\" fill=\"" << colour
      << "\">" << xmlEscape(label) << "</text>\n";
}

}  // namespace

std::vector<std::string> wrapText(const std::string& text, std::size_t maxChars) {
  maxChars = std::max<std::size_t>(4, maxChars);
  std::vector<std::string> lines;
  std::string rest = text;
  while (rest.size() > maxChars) {
    // The last break opportunity that fits: after a space, '+', '_', ',' or '-'.
    std::size_t cut = std::string::npos;
    for (std::size_t i = maxChars; i > maxChars / 3; --i) {
      const char c = rest[i - 1];
      if (c == ' ' || c == '+' || c == '_' || c == ',' || c == '-') {
        cut = i;
        break;
      }
    }
    if (cut == std::string::npos) cut = maxChars;  // one word longer than a line
    std::string line = rest.substr(0, cut);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(line);
    rest = rest.substr(cut);
    while (!rest.empty() && rest.front() == ' ') rest.erase(rest.begin());
  }
  if (!rest.empty() || lines.empty()) lines.push_back(rest);
  return lines;
}

std::string xmlEscape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string svgBarChart(const SvgChartFrame& f, const std::vector<SvgBar>& bars, std::optional<double> reference,
                        std::optional<double> yMax) {
  double top = yMax.value_or(0.0);
  if (!yMax) {
    for (const auto& b : bars) top = std::max({top, b.value, b.hi.value_or(0.0)});
    if (reference) top = std::max(top, *reference);
    top = top <= 0 ? 1.0 : top * 1.1;
  }
  // Labels wrap to the width of their slot (about 6.2 px a character), never cut.
  const double slotGuess = (f.width - 80.0) / static_cast<double>(std::max<std::size_t>(1, bars.size()));
  const std::size_t labelChars = static_cast<std::size_t>(std::max(6.0, slotGuess / 6.2));
  std::vector<std::vector<std::string>> labels;
  int labelLines = 1;
  for (const auto& b : bars) {
    labels.push_back(wrapText(b.label, labelChars));
    labelLines = std::max(labelLines, static_cast<int>(labels.back().size()));
  }
  Plot p(f, 0, static_cast<double>(std::max<std::size_t>(1, bars.size())), 0, top, labelLines);
  std::ostringstream s;
  open(s, f);
  axes(s, f, p, false);
  const double slot = (p.plotRight() - p.plotLeft()) / static_cast<double>(std::max<std::size_t>(1, bars.size()));
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const SvgBar& b = bars[i];
    const double cx = p.plotLeft() + slot * (static_cast<double>(i) + 0.5);
    const double w = std::min(60.0, slot * 0.6);
    const double y = p.py(std::clamp(b.value, 0.0, top));
    s << "<rect x=\"" << num(cx - w / 2) << "\" y=\"" << num(y) << "\" width=\"" << num(w) << "\" height=\""
      << num(p.plotBottom() - y) << "\" fill=\"" << (b.highlight ? kOrange : kBlue) << "\" opacity=\"0.85\"/>\n";
    if (b.lo && b.hi) {
      const double ylo = p.py(std::clamp(*b.lo, 0.0, top)), yhi = p.py(std::clamp(*b.hi, 0.0, top));
      s << "<path d=\"M" << num(cx) << " " << num(ylo) << "V" << num(yhi) << "M" << num(cx - 6) << " " << num(ylo) << "H"
        << num(cx + 6) << "M" << num(cx - 6) << " " << num(yhi) << "H" << num(cx + 6) << "\" stroke=\"#222\" stroke-width=\"1.4\" fill=\"none\"/>\n";
    }
    s << "<text x=\"" << num(cx) << "\" y=\"" << num(y - 4 - (b.hi ? (y - p.py(std::clamp(*b.hi, 0.0, top))) : 0.0))
      << "\" text-anchor=\"middle\" font-size=\"10\">" << tickLabel(b.value, f.percentAxis) << "</text>\n";
    double ly = p.plotBottom() + 15;
    for (const auto& line : labels[i]) {
      s << "<text x=\"" << num(cx) << "\" y=\"" << num(ly) << "\" text-anchor=\"middle\">" << xmlEscape(line) << "</text>\n";
      ly += 13;
    }
  }
  if (reference) hline(s, p, *reference, kOrange, "fair " + tickLabel(*reference, f.percentAxis, f.pointsAxis));
  s << "</svg>\n";
  return s.str();
}

std::string svgHistogram(const SvgChartFrame& f, const std::vector<double>& xs, const std::vector<double>& ys,
                         double barWidth) {
  double xlo = 0, xhi = 1, ytop = 0;
  const double half = (barWidth > 0 ? barWidth : 1.0) / 2;
  if (!xs.empty()) {
    xlo = *std::min_element(xs.begin(), xs.end()) - half;
    xhi = *std::max_element(xs.begin(), xs.end()) + half;
  }
  for (double y : ys) ytop = std::max(ytop, y);
  Plot p(f, xlo, xhi, 0, ytop > 0 ? ytop * 1.1 : 1.0);
  std::ostringstream s;
  open(s, f);
  const bool whole = !xs.empty() && std::all_of(xs.begin(), xs.end(), [](double x) { return x == std::round(x); });
  axes(s, f, p, true, whole);
  for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i) {
    const double x0 = p.px(xs[i] - half), x1 = p.px(xs[i] + half);
    const double y = p.py(ys[i]);
    const double w = std::max(0.5, x1 - x0 - (x1 - x0 > 4 ? 1.0 : 0.0));
    s << "<rect x=\"" << num(x0) << "\" y=\"" << num(y) << "\" width=\"" << num(w) << "\" height=\"" << num(p.plotBottom() - y)
      << "\" fill=\"" << kBlue << "\"/>\n";
  }
  s << "</svg>\n";
  return s.str();
}

std::string svgCurve(const SvgChartFrame& f, const std::vector<SvgCurvePoint>& pts, std::optional<double> target,
                     std::optional<double> balance, std::optional<double> balanceLo, std::optional<double> balanceHi) {
  double xlo = 0, xhi = 1;
  if (!pts.empty()) {
    xlo = pts.front().x;
    xhi = pts.front().x;
    for (const auto& q : pts) {
      xlo = std::min(xlo, q.x);
      xhi = std::max(xhi, q.x);
    }
  }
  const bool fixed = f.percentAxis && !f.autoRange;
  double ylo = fixed ? 0.0 : 1e300, yhi = fixed ? 1.0 : -1e300;
  if (!fixed) {
    for (const auto& q : pts) {
      ylo = std::min(ylo, q.lo);
      yhi = std::max(yhi, q.hi);
    }
    if (target) {
      ylo = std::min(ylo, *target);
      yhi = std::max(yhi, *target);
    }
    if (ylo > yhi) ylo = 0, yhi = 1;
    // A little room around the data; at least 4 points tall for rates, so noise does not fill the chart.
    const double minSpan = f.percentAxis ? 0.04 : 0.0;
    if (yhi - ylo < minSpan) {
      const double mid = (ylo + yhi) / 2;
      ylo = mid - minSpan / 2;
      yhi = mid + minSpan / 2;
    }
    const double pad = (yhi - ylo) * 0.08;
    ylo -= pad;
    yhi += pad;
  }
  Plot p(f, xlo, xhi, ylo, yhi);
  std::ostringstream s;
  open(s, f);
  axes(s, f, p, true);
  if (balance) {
    const double a = p.px(balanceLo.value_or(xlo)), b = p.px(balanceHi.value_or(xhi));
    s << "<rect x=\"" << num(std::min(a, b)) << "\" y=\"" << num(p.plotTop()) << "\" width=\"" << num(std::abs(b - a))
      << "\" height=\"" << num(p.plotBottom() - p.plotTop()) << "\" fill=\"" << kOrange << "\" opacity=\"0.12\"/>\n";
  }
  if (!pts.empty()) {
    std::ostringstream band;
    band << "M";
    for (std::size_t i = 0; i < pts.size(); ++i) band << (i ? " L" : "") << num(p.px(pts[i].x)) << " " << num(p.py(pts[i].hi));
    for (std::size_t i = pts.size(); i-- > 0;) band << " L" << num(p.px(pts[i].x)) << " " << num(p.py(pts[i].lo));
    band << " Z";
    s << "<path d=\"" << band.str() << "\" fill=\"" << kBlue << "\" opacity=\"0.2\" stroke=\"none\"/>\n";
    s << "<polyline fill=\"none\" stroke=\"" << kBlue << "\" stroke-width=\"2\" points=\"";
    for (const auto& q : pts) s << num(p.px(q.x)) << "," << num(p.py(q.y)) << " ";
    s << "\"/>\n";
    for (const auto& q : pts)
      s << "<circle cx=\"" << num(p.px(q.x)) << "\" cy=\"" << num(p.py(q.y)) << "\" r=\"3\" fill=\"" << kBlue << "\"/>\n";
  }
  if (target) hline(s, p, *target, kGrey, "target " + tickLabel(*target, f.percentAxis, f.pointsAxis));
  if (balance) {
    const double x = p.px(*balance);
    s << "<line x1=\"" << num(x) << "\" y1=\"" << num(p.plotTop()) << "\" x2=\"" << num(x) << "\" y2=\"" << num(p.plotBottom())
      << "\" stroke=\"" << kOrange << "\" stroke-width=\"2\"/>\n";
    s << "<text x=\"" << num(x + 4) << "\" y=\"" << num(p.plotTop() + 12) << "\" fill=\"" << kOrange << "\">balance "
      << num(*balance) << "</text>\n";
  }
  s << "</svg>\n";
  return s.str();
}

}  // namespace wb::app
