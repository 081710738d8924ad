// The smaller promises of the editor: each test here failed on the code
// before its fix. The Dice Lab asks "3d6 vs 2d8" as sums and forgets an error
// when another query kind is chosen; a dice question whose threshold stands
// for a cost is flagged when the cost changes; the Overview and the report
// count the same `assumed` marks; the Sweep tab's chart is in % like its
// table, its Games column counts the games played, its value list leaves out
// version and players.*, its metric list holds the impact metric its default
// uses, and "not crossed in range" says what to try next.
#include <QAreaSeries>
#include <QChartView>
#include <QVBoxLayout>
#include <QChart>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QListWidget>
#include <QSpinBox>
#include <QTableWidget>
#include <QValueAxis>

#include <gtest/gtest.h>

#include "app/gui/dice_lab/dice_lab_panel.h"
#include "app/gui/dice_lab/dice_request_form.h"
#include "app/gui/dice_lab/dice_result_view.h"
#include "app/gui/dice_lab/expression_distribution_view.h"
#include "app/gui/document/ruleset_document.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/sweep/sweep_panel.h"
#include "app/gui/sweep/sweep_results_view.h"
#include "app/gui/window/main_window.h"
#include "app/gui/window/overview_page.h"
#include "app/report/report_data.h"
#include "charts/builders/sweep_chart.h"
#include "model/yaml/ruleset_loader.h"
#include "simulation/sweep/sweep_metric.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kCardDice = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml");

TEST(DiceLabPromises, ThreeD6VsTwoD8AsSums) {
  DiceLabPanel panel(nullptr);
  sim::dice::DiceRequest r;
  r.query = sim::dice::DiceQuery::Vs;
  r.pool = "3d6";
  r.vs = "2d8";
  r.vsSums = true;
  panel.form()->setRequest(r);
  EXPECT_TRUE(panel.form()->request().vsSums);
  panel.evaluate();
  ASSERT_TRUE(panel.resultView()->result().has_value()) << panel.errorText().toStdString();
  const auto& res = *panel.resultView()->result();
  // sum(3d6) - sum(2d8): -13 .. 16, mean 10.5 - 9 = 1.5.
  EXPECT_NEAR(res.mean, 1.5, 1e-12);
  EXPECT_DOUBLE_EQ(res.pmf.min(), 3.0 - 16.0);
  EXPECT_DOUBLE_EQ(res.pmf.max(), 18.0 - 2.0);
  // P(3d6 > 2d8) by enumeration of the 216 * 64 rolls.
  int wins = 0;
  for (int a = 0; a < 216; ++a)
    for (int b = 0; b < 64; ++b) {
      const int sa = a % 6 + a / 6 % 6 + a / 36 + 3, sb = b % 8 + b / 8 + 2;
      wins += sa > sb ? 1 : 0;
    }
  ASSERT_TRUE(res.probability.has_value());
  EXPECT_NEAR(*res.probability, wins / (216.0 * 64.0), 1e-12);
  // The form offers it: the "compare sums" box beside the other pool.
  auto* sums = panel.form()->findChild<QCheckBox*>(QStringLiteral("compareSums"));
  ASSERT_NE(sums, nullptr);
  EXPECT_TRUE(sums->isChecked());
}

TEST(DiceLabPromises, AnotherQueryKindClearsTheStaleError) {
  DiceLabPanel panel(nullptr);
  sim::dice::DiceRequest bad;
  bad.pool = "3d6+2x";
  panel.form()->setRequest(bad);
  panel.evaluate();
  ASSERT_FALSE(panel.errorText().isEmpty());
  // Switch to the expression query: the pool's error is not this query's.
  panel.form()->queryBox()->setCurrentIndex(static_cast<int>(sim::dice::DiceQuery::Expression));
  EXPECT_TRUE(panel.errorText().isEmpty()) << panel.errorText().toStdString();
  EXPECT_TRUE(panel.form()->poolEdit()->styleSheet().isEmpty());
}

TEST(DiceLabPromises, AThresholdThatWasTheCostIsFlaggedWhenTheCostChanges) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  auto* list = w.findChild<DiceLabPanel*>()->questionList();
  auto flagged = [&] {
    int n = 0;
    for (int i = 0; i < list->count(); ++i) n += list->item(i)->text().startsWith(QStringLiteral("\u26a0")) ? 1 : 0;
    return n;
  };
  auto warnings = [&] {
    int n = 0;
    for (const auto& d : w.document()->diagnostics().items())
      n += d.message.find("meteor_strike_damage") != std::string::npos ? 1 : 0;
    return n;
  };
  EXPECT_EQ(flagged(), 0);
  EXPECT_EQ(warnings(), 0);
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("cards.meteor_strike.cost"), QStringLiteral("14")));
  EXPECT_EQ(flagged(), 1);
  EXPECT_EQ(warnings(), 1);
  bool named = false;
  for (int i = 0; i < list->count(); ++i)
    named = named || (list->item(i)->toolTip().contains(QStringLiteral("cards.meteor_strike.cost")) &&
                      list->item(i)->toolTip().contains(QStringLiteral("now 14")));
  EXPECT_TRUE(named);
}

TEST(OverviewPromises, OverviewAndReportCountTheSameAssumedMarks) {
  for (const char* file : {"card-dice/card-dice.yaml", "zoneplex/zoneplex.yaml", "elem-master/elem-master.yaml"}) {
    MainWindow w;
    w.setPromptsEnabled(false);
    ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/") + QString::fromLatin1(file)));
    const int marks = static_cast<int>(assumedMarks(w.document()->ruleset()).size());
    QString summary;
    for (auto* label : w.findChild<OverviewPage*>()->findChildren<QLabel*>())
      if (label->text().contains(QStringLiteral("assumed"))) summary = label->text();
    ASSERT_FALSE(summary.isEmpty()) << file;
    EXPECT_TRUE(summary.contains(QStringLiteral("<b>%1</b></td></tr></table>").arg(marks)))
        << file << ": " << marks << " marks; " << summary.toStdString();
  }
}

QComboBox* comboHolding(QWidget* parent, const QString& item) {
  for (auto* box : parent->findChildren<QComboBox*>())
    if (box->findText(item) >= 0) return box;
  return nullptr;
}

TEST(SweepPromises, ValueListHoldsBalanceValuesAndMetricListTheDefaultImpact) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  SweepPanel* panel = w.sweepPanel();
  w.sweepValue(QStringLiteral("cards.meteor_strike.cost"));
  QComboBox* values = comboHolding(panel, QStringLiteral("cards.meteor_strike.cost"));
  ASSERT_NE(values, nullptr);
  EXPECT_LT(values->findText(QStringLiteral("version")), 0);
  EXPECT_LT(values->findText(QStringLiteral("players.min")), 0);
  EXPECT_LT(values->findText(QStringLiteral("players.max")), 0);
  QComboBox* metrics = comboHolding(panel, QStringLiteral("first_side"));
  ASSERT_NE(metrics, nullptr);
  EXPECT_GE(metrics->findText(QStringLiteral("impact:meteor_strike")), 0);
  EXPECT_TRUE(metrics->lineEdit()->placeholderText().contains(QStringLiteral("impact:meteor_strike")));
}

TEST(SweepPromises, TheChartIsInPercentLikeTheTable) {
  charts::SweepChartData d;
  d.xLabel = QStringLiteral("cards.x.cost");
  d.points = {{12, 0.55, 0.50, 0.60}, {14, 0.45, 0.40, 0.50}};
  std::unique_ptr<QChart> chart(charts::buildSweepChart(d, QStringLiteral("t")));
  QValueAxis* y = nullptr;
  for (auto* axis : chart->axes(Qt::Vertical)) y = qobject_cast<QValueAxis*>(axis);
  ASSERT_NE(y, nullptr);
  EXPECT_TRUE(y->labelFormat().contains(QStringLiteral("%%")));
  EXPECT_GE(y->max(), 60.0);
  EXPECT_LE(y->max(), 100.0);
  QLineSeries* curve = nullptr;
  for (auto* s : chart->series())
    if (s->name() == d.yLabel) curve = qobject_cast<QLineSeries*>(s);
  ASSERT_NE(curve, nullptr);
  EXPECT_DOUBLE_EQ(curve->at(0).y(), 55.0);
}

sim::SweepPoint point(double x, double rate, double lo, double hi) {
  sim::SweepPoint p;
  p.values = {x};
  p.metric.games = 400;
  p.estimate = rate;
  p.ci = {lo, hi};
  return p;
}

TEST(SweepPromises, NotCrossedInRangeSaysWhatToTryNext) {
  SweepResultsView view;
  sim::SweepConfig config;
  config.axes = {{"cards.meteor_strike.cost", {12, 14, 16}}};
  std::string why;
  config.metric = *sim::parseSweepMetric("first_side", why);
  config.run.players = 2;
  view.start(config);
  const std::vector<sim::SweepPoint> points = {point(12, 0.70, 0.65, 0.75), point(14, 0.65, 0.60, 0.70),
                                               point(16, 0.60, 0.55, 0.65)};
  std::vector<sim::CurvePoint> curve;
  for (const auto& p : points) curve.push_back({p.values[0], p.estimate, p.ci.lo, p.ci.hi, 0.5});
  const sim::BalancePoint balance = sim::findBalancePoint(curve, 0.5);
  ASSERT_FALSE(balance.crossed);
  ASSERT_FALSE(balance.noDetectableEffect());
  view.redraw(points, balance);
  const QString text = view.balanceText();
  EXPECT_TRUE(text.contains(QStringLiteral("not crossed"))) << text.toStdString();
  // The line through the points meets 50% at 20: the next range runs past it.
  EXPECT_TRUE(text.contains(QStringLiteral("near cards.meteor_strike.cost = 20"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("cards.meteor_strike.cost 16:22:2"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("games per value"))) << text.toStdString();
}

// The inspector's statistics line drew over its chart's axis when the
// inspector was short: the chart had a fixed height that overflowed its slot.
TEST(InspectorPromises, TheStatisticsLineStaysBelowTheChart) {
  const auto loaded = model::loadRuleset(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml");
  QWidget box;
  auto* layout = new QVBoxLayout(&box);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* view = new ExpressionDistributionView(&box);
  layout->addWidget(view);
  box.resize(240, 130);  // a short, narrow inspector
  box.show();
  view->setExpression(QStringLiteral("earth * magic"), &loaded.ruleset);
  view->updateNow();
  testing::spin(50);
  ASSERT_TRUE(view->distribution().has_value());
  auto* chart = view->findChild<QChartView*>();
  QLabel* stats = nullptr;
  for (auto* label : view->findChildren<QLabel*>())
    if (label->text().startsWith(QStringLiteral("mean"))) stats = label;
  ASSERT_TRUE(chart && stats);
  EXPECT_GE(stats->geometry().top(), chart->geometry().bottom())
      << "chart " << chart->geometry().top() << ".." << chart->geometry().bottom() << ", statistics from "
      << stats->geometry().top();
}

}  // namespace
}  // namespace wb::app
