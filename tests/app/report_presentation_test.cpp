// Report presentation: an entity "stands out"
// only when its association's interval excludes the baseline (the average
// association) and it lies beyond the entities' usual spread, not merely when
// it differs from the average; a lift sweep's axis fits its points instead of
// 0-100%; dice questions are an appendix after the balance sections; chart
// titles and bar labels wrap instead of being cut; whole-number dice outcomes
// get whole-number ticks.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "app/report/html_report_writer.h"
#include "app/report/report_data.h"
#include "app/report/report_summary.h"
#include "app/report/svg_chart.h"

namespace wb::app {
namespace {

EntityRow row(const std::string& id, double delta, double halfWidth) {
  EntityRow r;
  r.id = id;
  r.hasDelta = true;
  r.usedPlayers = r.unusedPlayers = 400;
  r.delta = delta;
  r.deltaCi = {delta - halfWidth, delta + halfWidth};
  return r;
}

TEST(ReportPresentation, OnlyEntitiesClearOfTheBaselineAndBeyondTheSpreadStandOut) {
  // Twenty ordinary entities spread around +10 points (many clear of the
  // average by their narrow interval), one far above, one far below, and one
  // far above whose interval is too wide to say so.
  std::vector<EntityRow> rows;
  for (int i = 0; i < 20; ++i) rows.push_back(row("e" + std::to_string(i), 0.10 + 0.01 * (i - 10), 0.02));
  rows.push_back(row("lucky", 0.60, 0.05));
  rows.push_back(row("dud", -0.35, 0.05));
  rows.push_back(row("unsure", 0.55, 0.70));
  flagEntities(rows);
  const EntityBaseline base = entityBaseline(rows);
  EXPECT_EQ(base.entities, 23u);
  EXPECT_GT(base.clearOfMean, 10u) << "many differ from the average by their interval";
  int flagged = 0;
  for (const auto& r : rows) {
    if (r.flag.empty()) continue;
    ++flagged;
    EXPECT_TRUE(r.id == "lucky" || r.id == "dud") << r.id << " " << r.flag;
    // Every flagged interval excludes the baseline.
    EXPECT_TRUE(r.deltaCi.lo > base.mean || r.deltaCi.hi < base.mean) << r.id;
  }
  EXPECT_EQ(flagged, 2);
  EXPECT_EQ(rows[20].flag, "strong");
  EXPECT_EQ(rows[21].flag, "weak");
  EXPECT_EQ(rows[22].flag, "") << "an interval that holds the baseline gives no verdict";

  ReportData d;
  d.entities = rows;
  d.entityNames["lucky"] = "Always Lucky";
  const std::string summary = summaryHtml(d);
  EXPECT_NE(summary.find("<b>Always Lucky</b>"), std::string::npos) << summary;
  EXPECT_NE(summary.find("(2 of 23;"), std::string::npos) << summary;
  EXPECT_EQ(summary.find("e3"), std::string::npos) << "an ordinary entity is not listed";
}

TEST(ReportPresentation, DiceQuestionsAreAnAppendixAfterTheBalanceSections) {
  ReportData d;
  d.rulesetName = "Test";
  DiceAnswer q;
  q.id = "q1";
  q.name = "How often?";
  q.error = "no dice";
  d.dice.push_back(q);
  d.assumed.push_back({"cards.x.cost", "a guess"});
  const std::string html = htmlReport(d, inlineSvg, false);
  const auto entities = html.find("<h2>Entities</h2>");
  const auto assumptions = html.find("<h2>Assumptions</h2>");
  const auto appendix = html.find("Appendix: Dice questions</h2>");
  ASSERT_NE(entities, std::string::npos);
  ASSERT_NE(assumptions, std::string::npos);
  ASSERT_NE(appendix, std::string::npos);
  EXPECT_LT(entities, appendix);
  EXPECT_LT(assumptions, appendix);
  EXPECT_NE(html.find("page-break-before: always\">Appendix"), std::string::npos);
}

TEST(ReportPresentation, LongTitlesAndLabelsWrapInsteadOfBeingCut) {
  const std::string title =
      "count of 5,6 in 1d[fire]+1d[earth]+1d[water]+1d[nature]+1d[magic]+1d[gold]+1d[utility]";
  const auto lines = wrapText(title, 60);
  ASSERT_GE(lines.size(), 2u);
  std::string joined;
  for (const auto& l : lines) {
    EXPECT_LE(l.size(), 60u) << l;
    joined += l;
  }
  std::string compact;
  for (char c : title)
    if (c != ' ') compact += c;
  std::string joinedCompact;
  for (char c : joined)
    if (c != ' ') joinedCompact += c;
  EXPECT_EQ(joinedCompact, compact);
  // Lines break at spaces or after '+' / ',', never inside a name like "nature".
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    const std::string& l = lines[i];
    EXPECT_TRUE(l.back() == '+' || l.back() == ',' || title.find(l + " ") != std::string::npos) << l;
  }

  SvgChartFrame f;
  f.title = title;
  f.width = 640;
  const std::string svg = svgHistogram(f, {0, 1, 2, 3}, {0.1, 0.4, 0.4, 0.1});
  EXPECT_NE(svg.find(">1d[utility]</text>"), std::string::npos) << "the end of the title is drawn";
  EXPECT_EQ(svg.find("..."), std::string::npos);

  SvgChartFrame bars;
  bars.percentAxis = true;
  const std::string chart = svgBarChart(bars, {{"Constellationist of the Northern Realms", 0.4, 0.35, 0.45, false},
                                               {"seat 1", 0.6, 0.55, 0.65, false}});
  EXPECT_EQ(chart.find("..."), std::string::npos);
  EXPECT_NE(chart.find("Realms</text>"), std::string::npos) << chart;
}

TEST(ReportPresentation, LiftSweepAxisFitsItsPointsAndDiceTicksAreWhole) {
  SvgChartFrame f;
  f.percentAxis = true;
  f.autoRange = true;
  f.pointsAxis = true;
  const std::string svg = svgCurve(f, {{12, 0.015, -0.014, 0.044}, {16, -0.005, -0.033, 0.023}, {20, -0.002, -0.025, 0.02}},
                                   0.0, std::nullopt, std::nullopt, std::nullopt);
  EXPECT_EQ(svg.find(">100%<"), std::string::npos) << "not a 0-100% axis";
  EXPECT_EQ(svg.find(">100<"), std::string::npos);
  EXPECT_NE(svg.find(">-2<"), std::string::npos) << "negative lifts are on the axis: " << svg;
  EXPECT_NE(svg.find(">+2<"), std::string::npos);

  // The fixed 0-100% axis stays for win rates.
  SvgChartFrame rate;
  rate.percentAxis = true;
  EXPECT_NE(svgCurve(rate, {{1, 0.5, 0.45, 0.55}, {2, 0.6, 0.55, 0.65}}, 0.5, std::nullopt, std::nullopt, std::nullopt)
                .find(">100%<"),
            std::string::npos);

  // A 0/1 outcome (reached or not): ticks 0 and 1, no 0.5 or -0.5.
  SvgChartFrame h;
  const std::string hist = svgHistogram(h, {0, 1}, {0.58, 0.42});
  EXPECT_NE(hist.find(">0</text>"), std::string::npos);
  EXPECT_NE(hist.find(">1</text>"), std::string::npos);
  EXPECT_EQ(hist.find(">0.5</text>"), std::string::npos);
  EXPECT_EQ(hist.find(">-0.5</text>"), std::string::npos);
}

}  // namespace
}  // namespace wb::app
