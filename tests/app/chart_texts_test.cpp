// Chart texts read whole at the size the Simulation tab shows a chart (about
// 470 x 320 in a 1400 px window): every faction's name under its bar, no
// name cut at the chart's edge, no title or axis title cut to "...".
#include <QChart>
#include <QChartView>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QRegularExpression>

#include <memory>

#include <gtest/gtest.h>

#include "charts/builders/chart_builders.h"
#include "charts/builders/chart_fit.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

// The texts Qt Charts draws, as a person reads them (line breaks as spaces),
// with whether each lies wholly inside the chart.
struct Drawn {
  QString text;
  bool inside;
};

std::vector<Drawn> drawnTexts(QChartView& view, QSize size = QSize(470, 320)) {
  view.resize(size);
  view.show();
  testing::spin(50);
  std::vector<Drawn> out;
  const QRectF chartRect = view.chart()->sceneBoundingRect().adjusted(-0.5, -0.5, 0.5, 0.5);
  for (QGraphicsItem* item : view.scene()->items()) {
    auto* t = dynamic_cast<QGraphicsTextItem*>(item);
    if (!t || !t->isVisible()) continue;
    QString text = t->toPlainText();
    text.replace(QChar(0x2028), QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' '));
    out.push_back({text.simplified(), chartRect.contains(t->sceneBoundingRect())});
  }
  return out;
}

bool shownWhole(const std::vector<Drawn>& drawn, const QString& text) {
  return std::any_of(drawn.begin(), drawn.end(), [&](const Drawn& d) { return d.text == text && d.inside; });
}

// Elem Master: 17 factions, each named under its bar (Qt dropped the first
// and the last when they were turned at a slant).
TEST(ChartTexts, SeventeenFactionNamesAreAllShown) {
  std::vector<charts::WinRateBar> bars;
  for (const char* n : {"No specialty", "Druid", "Necromancer", "Warlock", "Cultist", "Priest", "Sage", "Healer", "Shaman",
                        "Constellationist", "Illusionist", "Genie", "Oracle", "Alchemist", "Runist", "Enchanter", "Metamorph"})
    bars.push_back({QString::fromLatin1(n), 0.5, 0.4, 0.6, 100});
  QChartView view(charts::buildWinRateChart(bars, QStringLiteral("Win rate per faction (of all games)")));
  const auto drawn = drawnTexts(view);
  for (const auto& b : bars) EXPECT_TRUE(shownWhole(drawn, b.label)) << b.label.toStdString();
}

// ElemenZ's 2-player sides: four long names, each whole inside the chart
// (turned, they ran out of its bottom edge and lost "side").
TEST(ChartTexts, LongSideNamesAreShownWhole) {
  std::vector<charts::WinRateBar> bars;
  for (const char* n : {"side fire+earth (as fire)", "side air+water (as water)", "side fire+earth (as earth)",
                        "side air+water (as air)"})
    bars.push_back({QString::fromLatin1(n), 0.5, 0.45, 0.55, 250});
  QChartView view(charts::buildWinRateChart(bars, QStringLiteral("Win rate per faction (of all games)")));
  const auto drawn = drawnTexts(view);
  for (const auto& b : bars) EXPECT_TRUE(shownWhole(drawn, b.label)) << b.label.toStdString();
}

// The Simulation tab's long titles and the entity chart's axis title are read
// whole, on more lines, not cut to "...".
TEST(ChartTexts, LongTitlesWrapInsteadOfBeingCut) {
  const QString title = QStringLiteral("Entities that stand out (top 10; association, not cause; agents planner (every seat))");
  const QString axis = QStringLiteral("win-rate lift when used, against the average entity (%) \u00b7 (!) outlier: beyond 2 SD, |z| \u2265 3");
  QChartView view(charts::buildTopEntitiesChart({{QStringLiteral("alchemist"), 50.0, true}, {QStringLiteral("shaman"), -20.0, false}},
                                                title, axis, 10));
  const auto drawn = drawnTexts(view);
  EXPECT_TRUE(shownWhole(drawn, title));
  EXPECT_TRUE(shownWhole(drawn, axis));
  for (const auto& d : drawn) EXPECT_FALSE(d.text.endsWith(QStringLiteral("...")) || d.text.endsWith(QChar(0x2026))) << d.text.toStdString();
  // A title that fits stays as it was set.
  QChartView seat(charts::buildWinRateChart({{QStringLiteral("Seat 1"), 0.5, 0.4, 0.6, 100}}, QStringLiteral("Win rate")));
  drawnTexts(seat);
  EXPECT_EQ(seat.chart()->title(), QStringLiteral("Win rate"));
}

// The seat chart beside the faction chart (ElemenZ, a 1400 px window) is
// narrow: its legend read "win rate, ..." and "fair share ...".
TEST(ChartTexts, ANarrowChartsLegendEntriesWrapInsteadOfBeingCut) {
  QChartView view(charts::buildWinRateChart({{QStringLiteral("Seat 1"), 0.4, 0.3, 0.5, 100}, {QStringLiteral("Seat 2"), 0.6, 0.5, 0.7, 100}},
                                            QStringLiteral("Win rate per seat (of all 100 games)")));
  const auto drawn = drawnTexts(view, QSize(230, 320));
  EXPECT_TRUE(shownWhole(drawn, QStringLiteral("win rate, 95% interval")));
  EXPECT_TRUE(shownWhole(drawn, QStringLiteral("fair share 50%")));
  for (const auto& d : drawn) EXPECT_FALSE(d.text.endsWith(QStringLiteral("...")) || d.text.endsWith(QChar(0x2026))) << d.text.toStdString();
}

TEST(ChartTexts, WrapBreaksAtSpacesAndEscapesTheLines) {
  QFont f;
  const QStringList lines = charts::wrapToWidth(QStringLiteral("a b c d e f g h"), f, 1);
  EXPECT_EQ(lines.size(), 8);
  EXPECT_EQ(charts::chartLines({QStringLiteral("x < y"), QStringLiteral("z")}), QStringLiteral("x &lt; y<br>z"));
  EXPECT_EQ(charts::chartLines({QStringLiteral("x < y")}), QStringLiteral("x < y"));
}

// At 1000 x 700 the Simulation tab shows the win-rate chart about 260 x 190:
// its plot is short, and Qt cut every percent label to "..." (each label gets
// the plot's height over the label count). The labels thin instead (0%, 100%)
// and read whole; at the usual size every 20% is labelled.
TEST(ChartTexts, WinRateLabelsReadWholeInAShortChart) {
  const std::vector<charts::WinRateBar> bars = {{QStringLiteral("Seat 1"), 0.55, 0.48, 0.62, 182},
                                                {QStringLiteral("Seat 2"), 0.45, 0.38, 0.52, 182}};
  QChartView small(charts::buildWinRateChart(bars, QStringLiteral("Win rate per seat (of all 200 games)"), 0.5));
  const auto drawn = drawnTexts(small, QSize(260, 210));
  std::string seen;
  for (const auto& d : drawn) seen += "[" + d.text.toStdString() + (d.inside ? "]" : " (outside)]");
  for (const auto& d : drawn) EXPECT_FALSE(d.text.endsWith(QStringLiteral("..."))) << seen;
  EXPECT_TRUE(shownWhole(drawn, QStringLiteral("0%")));
  EXPECT_TRUE(shownWhole(drawn, QStringLiteral("100%")));

  QChartView usual(charts::buildWinRateChart(bars, QStringLiteral("Win rate per seat (of all 200 games)"), 0.5));
  const auto all = drawnTexts(usual);
  for (const char* label : {"0%", "20%", "40%", "60%", "80%", "100%"})
    EXPECT_TRUE(shownWhole(all, QString::fromLatin1(label))) << label;
}

}  // namespace
}  // namespace wb::app
