// The Dice Lab tab (app/gui/dice_lab) and its chart (charts/dice), offscreen:
// 3d6 sums to 10 with probability 27/216 = 0.125 in the table, every dice question of the card-dice ruleset evaluates, a malformed
// notation shows its column and leaves the last answer alone, CSV / PNG export,
// Monte Carlo off the GUI thread, and the inspector's expression distribution.
// Set WB_SCREENSHOT_DIR to also write screenshots of the panel there.
#include <QChart>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "app/gui/dice_lab/dice_lab_panel.h"
#include "app/gui/dice_lab/dice_request_form.h"
#include "app/gui/dice_lab/dice_result_view.h"
#include "app/gui/dice_lab/expression_distribution_view.h"
#include "app/gui/document/ruleset_document.h"
#include "charts/dice/dice_chart.h"
#include "model/yaml/ruleset_loader.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

using sim::dice::DiceQuery;
using sim::dice::DiceRequest;
using testing::SignalCounter;

const QString kCardDice = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml");
// The dice lab's fixture: the card-dice dice and parameters with the shipped
// data/rulesets/card-dice/dice_questions.yaml included (plus one target question).
const QString kDiceFixture = QStringLiteral(WB_SOURCE_DIR "/tests/data/dice/card_dice_dice.yaml");

DiceRequest sumOf(const std::string& pool) {
  DiceRequest r;
  r.pool = pool;
  return r;
}

// The table row whose outcome cell reads `outcome` (-1 if none).
int rowOf(const QTableWidget* table, const QString& outcome) {
  for (int r = 0; r < table->rowCount(); ++r)
    if (table->item(r, 0) && table->item(r, 0)->text() == outcome) return r;
  return -1;
}

void screenshot(QWidget* w, const QString& name) {
  const QString dir = qEnvironmentVariable("WB_SCREENSHOT_DIR");
  if (dir.isEmpty()) return;
  QDir().mkpath(dir);
  w->show();  // hidden widgets lay out lazily
  testing::spin(50);
  w->grab().save(QDir(dir).filePath(name));
}

// The ruleset whose dice questions the GUI shows: the real card-dice file once it
// includes its questions, else the dice lab fixture that includes the same file.
QString questionsRuleset() {
  const auto loaded = model::loadRuleset(kCardDice.toStdString());
  return loaded.ruleset.diceQuestions.size() >= 10 ? kCardDice : kDiceFixture;
}

TEST(DiceLabPanel, ThreeD6SumShowsP10InTheTable) {
  DiceLabPanel panel(nullptr);
  panel.resize(1200, 760);
  panel.form()->setRequest(sumOf("3d6"));
  SignalCounter done(&panel, &DiceLabPanel::evaluated);
  panel.evaluate();
  EXPECT_EQ(done.count(), 1);
  EXPECT_TRUE(panel.errorText().isEmpty()) << panel.errorText().toStdString();
  const QTableWidget* table = panel.resultView()->table();
  ASSERT_EQ(table->rowCount(), 16);  // 3..18
  const int row = rowOf(table, QStringLiteral("10"));
  ASSERT_GE(row, 0);
  EXPECT_EQ(table->item(row, 1)->text(), QStringLiteral("0.125"));  // 27/216
  EXPECT_EQ(table->item(row, 2)->text(), QStringLiteral("0.625"));  // P(>= 10) = 135/216
  EXPECT_EQ(table->item(row, 3)->text(), QStringLiteral("0.5"));    // P(<= 10) = 108/216
  EXPECT_EQ(table->item(row, 4)->text(), QStringLiteral("27/216"));
  EXPECT_DOUBLE_EQ(panel.resultView()->result()->mean, 10.5);
  EXPECT_TRUE(panel.resultView()->summaryLabel()->text().contains(QStringLiteral("10.5")));
  ASSERT_NE(panel.resultView()->chart(), nullptr);
  EXPECT_EQ(panel.resultView()->chart()->title(), QStringLiteral("sum of 3d6"));
  screenshot(&panel, QStringLiteral("dice-lab-3d6.png"));
}

TEST(DiceLabPanel, AtLeastThresholdGivesTheExactProbability) {
  DiceLabPanel panel(nullptr);
  DiceRequest r = sumOf("3d6");
  r.atLeast = 10;
  panel.form()->setRequest(r);
  panel.evaluate();
  ASSERT_TRUE(panel.resultView()->result().has_value());
  EXPECT_NEAR(*panel.resultView()->result()->probability, 135.0 / 216, 1e-12);
  EXPECT_TRUE(panel.resultView()->summaryLabel()->text().contains(QStringLiteral("135/216")))
      << panel.resultView()->summaryLabel()->text().toStdString();
}

TEST(DiceLabPanel, EveryCardDiceQuestionEvaluates) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(questionsRuleset()));
  DiceLabPanel panel(&doc);
  panel.resize(1300, 800);
  const auto& questions = doc.ruleset().diceQuestions;
  ASSERT_GE(questions.size(), 10u);
  ASSERT_EQ(panel.questionList()->count(), static_cast<int>(questions.size()));
  for (int i = 0; i < panel.questionList()->count(); ++i) {
    SignalCounter done(&panel, &DiceLabPanel::evaluated);
    panel.evaluateQuestion(i);
    ASSERT_TRUE(testing::waitUntil([&] { return done.count() > 0; }, 20000)) << questions[i].id;
    EXPECT_TRUE(panel.errorText().isEmpty()) << questions[i].id << ": " << panel.errorText().toStdString();
    ASSERT_TRUE(panel.resultView()->result().has_value()) << questions[i].id;
    EXPECT_GT(panel.resultView()->table()->rowCount(), 0) << questions[i].id;
    EXPECT_NEAR(panel.resultView()->result()->pmf.total(), 1.0, 1e-9) << questions[i].id;
    const QString id = QString::fromStdString(questions[i].id);
    if (id == QStringLiteral("magical_firestorm_damage")) {
      EXPECT_EQ(panel.resultView()->table()->rowCount(), 18);  // distinct products of two d6
      EXPECT_DOUBLE_EQ(panel.resultView()->result()->mean, 12.25);
      screenshot(&panel, QStringLiteral("dice-lab-question.png"));
    }
    if (questions[i].query == "target") {
      EXPECT_EQ(panel.resultView()->table()->rowCount(), 2) << questions[i].id;  // missed, reached
      EXPECT_FALSE(panel.resultView()->policyTable()->isHidden()) << questions[i].id;
      EXPECT_GT(panel.resultView()->policyTable()->rowCount(), 0) << questions[i].id;
    }
  }
}

TEST(DiceLabPanel, AnchoredWildTargetShowsTheHoldPolicy) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kDiceFixture));
  DiceLabPanel panel(&doc);
  panel.resize(1300, 800);
  int row = -1;
  for (int i = 0; i < static_cast<int>(doc.ruleset().diceQuestions.size()); ++i)
    if (doc.ruleset().diceQuestions[static_cast<std::size_t>(i)].id == "fire_shaman_combo") row = i;
  ASSERT_GE(row, 0);
  panel.evaluateQuestion(row);
  ASSERT_TRUE(panel.errorText().isEmpty()) << panel.errorText().toStdString();
  const auto& res = *panel.resultView()->result();
  ASSERT_TRUE(res.probability.has_value());
  EXPECT_GT(*res.probability, 0.0);
  EXPECT_LT(*res.probability, 1.0);
  EXPECT_EQ(panel.resultView()->policyTable()->rowCount(), static_cast<int>(res.policy.size()));
  EXPECT_EQ(panel.resultView()->table()->item(1, 0)->text(), QStringLiteral("reached"));
  screenshot(&panel, QStringLiteral("dice-lab-target.png"));
}

TEST(DiceLabPanel, MalformedNotationShowsTheColumnAndKeepsTheLastAnswer) {
  DiceLabPanel panel(nullptr);
  panel.resize(1200, 760);
  panel.form()->setRequest(sumOf("2d6"));
  panel.evaluate();
  ASSERT_TRUE(panel.resultView()->result().has_value());

  panel.form()->setRequest(sumOf("3d6+2x"));
  SignalCounter done(&panel, &DiceLabPanel::evaluated);
  panel.evaluate();
  EXPECT_EQ(done.count(), 1);
  const QString error = panel.errorText();
  EXPECT_TRUE(error.startsWith(QStringLiteral("Dice, column 6:"))) << error.toStdString();
  EXPECT_FALSE(panel.form()->poolEdit()->styleSheet().isEmpty());  // marked red
  EXPECT_EQ(panel.resultView()->result()->request.pool, "2d6");     // the last answer stays
  screenshot(&panel, QStringLiteral("dice-lab-error.png"));

  DiceRequest bad;
  bad.query = DiceQuery::Expression;
  bad.expression = "fire * (magic";
  panel.form()->setRequest(bad);
  panel.evaluate();
  EXPECT_TRUE(panel.errorText().startsWith(QStringLiteral("Expression, column"))) << panel.errorText().toStdString();

  // Fixing it clears the error.
  panel.form()->setRequest(sumOf("1d4"));
  panel.evaluate();
  EXPECT_TRUE(panel.errorText().isEmpty());
  EXPECT_TRUE(panel.form()->poolEdit()->styleSheet().isEmpty());
}

TEST(DiceLabPanel, ExportsCsvRowsAndChartImages) {
  DiceLabPanel panel(nullptr);
  QTemporaryDir dir;
  QString error;
  EXPECT_FALSE(panel.resultView()->exportCsv(dir.filePath(QStringLiteral("none.csv")), &error));
  EXPECT_FALSE(error.isEmpty());

  panel.form()->setRequest(sumOf("3d6"));
  panel.evaluate();
  const QString csv = dir.filePath(QStringLiteral("3d6.csv"));
  ASSERT_TRUE(panel.resultView()->exportCsv(csv, &error)) << error.toStdString();
  QFile f(csv);
  ASSERT_TRUE(f.open(QIODevice::ReadOnly));
  const QStringList lines = QString::fromUtf8(f.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
  ASSERT_EQ(lines.size(), 17);  // header + 16 outcomes
  EXPECT_EQ(lines[0], QStringLiteral("outcome,probability,at_least,at_most,fraction"));
  const QStringList ten = lines[8].split(QLatin1Char(','));
  ASSERT_EQ(ten.size(), 5) << lines[8].toStdString();
  EXPECT_EQ(ten[0], QStringLiteral("10"));
  EXPECT_NEAR(ten[1].toDouble(), 0.125, 1e-12);
  EXPECT_NEAR(ten[2].toDouble(), 0.625, 1e-12);
  EXPECT_NEAR(ten[3].toDouble(), 0.5, 1e-12);
  EXPECT_EQ(ten[4], QStringLiteral("27/216"));

  const QString png = dir.filePath(QStringLiteral("3d6.png"));
  ASSERT_TRUE(panel.resultView()->exportChart(png, QSize(640, 400), &error)) << error.toStdString();
  EXPECT_EQ(QImage(png).size(), QSize(640, 400));
  const QString svg = dir.filePath(QStringLiteral("3d6.svg"));
  ASSERT_TRUE(panel.resultView()->exportChart(svg, QSize(640, 400), &error)) << error.toStdString();
  EXPECT_GT(QFileInfo(svg).size(), 1000);
  EXPECT_FALSE(panel.resultView()->exportCsv(dir.filePath(QStringLiteral("no/such/dir/x.csv")), &error));
}

TEST(DiceLabPanel, MonteCarloRunsOffTheGuiThread) {
  DiceLabPanel panel(nullptr);
  DiceRequest r = sumOf("2d6");
  r.monteCarlo = 400'000;
  r.seed = 7;
  panel.form()->setRequest(r);
  SignalCounter done(&panel, &DiceLabPanel::evaluated);
  panel.evaluate();
  EXPECT_TRUE(panel.isRunning());
  EXPECT_EQ(done.count(), 0);  // not answered on the spot
  ASSERT_TRUE(testing::waitUntil([&] { return done.count() > 0; }, 30000));
  EXPECT_FALSE(panel.isRunning());
  ASSERT_TRUE(panel.resultView()->result().has_value());
  const auto& res = *panel.resultView()->result();
  EXPECT_FALSE(res.exact);
  ASSERT_TRUE(res.meanInterval.has_value());
  EXPECT_LE(res.meanInterval->low, 7.0);
  EXPECT_GE(res.meanInterval->high, 7.0);
  EXPECT_TRUE(panel.resultView()->table()->isColumnHidden(4));  // no exact fractions
}

TEST(DiceLabPanel, DestroyedWhileSamplingWaitsForTheWorker) {
  auto panel = std::make_unique<DiceLabPanel>(nullptr);
  DiceRequest r = sumOf("10d6");
  r.monteCarlo = 300'000;
  panel->form()->setRequest(r);
  panel->evaluate();
  EXPECT_TRUE(panel->isRunning());
  panel.reset();  // joins; no crash, no late delivery
  testing::spin(50);
}

TEST(ExpressionDistributionView, ShowsTheDistributionOfAnAmount) {
  const auto loaded = model::loadRuleset(kDiceFixture.toStdString());
  ExpressionDistributionView view;
  view.resize(320, 160);
  SignalCounter updated(&view, &ExpressionDistributionView::updated);
  view.setExpression(QStringLiteral("fire * magic"), &loaded.ruleset);
  ASSERT_TRUE(updated.wait(5000));  // debounced
  ASSERT_TRUE(view.distribution().has_value());
  EXPECT_EQ(view.distribution()->size(), 18u);
  EXPECT_DOUBLE_EQ(view.distribution()->mean(), 12.25);
  EXPECT_TRUE(view.summaryText().contains(QStringLiteral("mean 12.25"))) << view.summaryText().toStdString();
  screenshot(&view, QStringLiteral("expression-distribution.png"));

  view.setExpression(QStringLiteral("ceil(2 * utility / 3)"), &loaded.ruleset);
  view.updateNow();
  ASSERT_TRUE(view.distribution().has_value());
  EXPECT_EQ(view.distribution()->size(), 4u);  // 1, 2, 3, 4

  view.setExpression(QStringLiteral("starting_health"), &loaded.ruleset);
  view.updateNow();
  EXPECT_TRUE(view.summaryText().isEmpty());  // a constant cost: nothing to chart
  view.setShowConstants(true);
  view.updateNow();
  EXPECT_TRUE(view.summaryText().startsWith(QStringLiteral("Always 100"))) << view.summaryText().toStdString();

  view.setExpression(QStringLiteral("2 * "), &loaded.ruleset);
  view.updateNow();
  EXPECT_FALSE(view.distribution().has_value());
  EXPECT_TRUE(view.summaryText().contains(QStringLiteral("column"))) << view.summaryText().toStdString();

  view.setExpression(QStringLiteral("no_such_die * 2"), &loaded.ruleset);
  view.updateNow();
  EXPECT_FALSE(view.distribution().has_value());
  EXPECT_FALSE(view.summaryText().isEmpty());
}

TEST(DiceChart, LabelsThinOutAndChartsBuild) {
  EXPECT_EQ(charts::diceLabelRows(16, 24).size(), 16u);
  const auto wide = charts::diceLabelRows(501, 24);
  EXPECT_LE(wide.size(), 24u);
  EXPECT_GE(wide.size(), 10u);
  EXPECT_EQ(wide.front(), 0u);
  EXPECT_TRUE(charts::diceLabelRows(0, 24).empty());

  charts::DiceChartData data;
  data.title = QStringLiteral("2d6");
  for (int s = 2; s <= 12; ++s) {
    const double p = (6 - std::abs(s - 7)) / 36.0;
    data.rows.push_back({static_cast<double>(s), p, 0, 0});
  }
  data.mean = 7;
  data.threshold = 8;
  std::unique_ptr<QChart> chart(charts::buildDiceChart(data));
  EXPECT_EQ(chart->title(), QStringLiteral("2d6"));
  EXPECT_GE(chart->series().size(), 3);  // bars, curve, mean
  std::unique_ptr<QChart> empty(charts::buildDiceChart({}));
  EXPECT_NE(empty, nullptr);
}

// Long work runs on the worker with its progress shown and a Cancel
// button; cancelling ends it quickly with "Cancelled." and no result change.
TEST(DiceLabPanel, LongWorkShowsProgressAndCanBeCancelled) {
  DiceLabPanel panel(nullptr);
  DiceRequest r = sumOf("200d6");
  r.monteCarlo = 10'000'000;  // about 45 s of work: within the bound, far longer than the test
  panel.form()->setRequest(r);
  SignalCounter done(&panel, &DiceLabPanel::evaluated);
  panel.evaluate();
  ASSERT_TRUE(panel.isRunning());
  EXPECT_TRUE(panel.cancelButton()->isVisibleTo(&panel));
  ASSERT_TRUE(testing::waitUntil([&] { return panel.busyText().contains(QLatin1Char('%')); }, 10000))
      << panel.busyText().toStdString();
  panel.cancelButton()->click();
  ASSERT_TRUE(testing::waitUntil([&] { return done.count() > 0; }, 10000));
  EXPECT_FALSE(panel.isRunning());
  EXPECT_EQ(panel.errorText(), QStringLiteral("Cancelled."));
  EXPECT_FALSE(panel.cancelButton()->isVisibleTo(&panel));
  EXPECT_FALSE(panel.resultView()->result().has_value());

  // A long exact request goes to the worker too (the window stays responsive).
  DiceRequest exact = sumOf("250d100");  // about 0.3 s of dense work
  ASSERT_GT(sim::dice::estimateDiceWork(exact, nullptr), DiceLabPanel::kQuickWork);
  panel.form()->setRequest(exact);
  panel.evaluate();
  EXPECT_TRUE(panel.isRunning());
  ASSERT_TRUE(testing::waitUntil([&] { return done.count() > 1; }, 30000));
  ASSERT_TRUE(panel.resultView()->result().has_value());
  EXPECT_NEAR(panel.resultView()->result()->mean, 250 * 50.5, 1e-6);
}

}  // namespace
}  // namespace wb::app
