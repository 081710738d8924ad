// The workbench's assumed-value markers and its setup-condition table, offscreen:
//  - every value marked `assumed` carries the marker (icon, tint, tooltip with
//    its note) in the parameters table, an entity's id cell and the effects
//    editor; a value without the mark carries none;
//  - after "Measure assumptions" (the computation of `balance assumptions`, on
//    a worker thread) the marker shows the measured sensitivity, for the
//    current revision only: an edit makes it "stale";
//  - Cancel stops a measurement and keeps no partial result;
//  - the Simulation tab's "Setup conditions" page lists the run's conditions
//    (card-dice: the seven dice, six values each) with 95% intervals.
#include <QApplication>
#include <QIcon>
#include <QListWidget>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>

#include "app/gui/assumptions/assumption_marks.h"
#include "app/gui/assumptions/assumptions_bar.h"
#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/effects_editor.h"
#include "app/gui/editors/entity_table_model.h"
#include "app/gui/editors/parameter_table_model.h"
#include "app/gui/simulation/conditions_view.h"
#include "app/gui/simulation/simulation_panel.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kElement = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/element/element.yaml");
const QString kCardDice = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml");
const QString kElemMaster = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/elem-master/elem-master.yaml");

QModelIndex valueCell(const ParameterTableModel& model, const QString& id) {
  const int row = model.rowOf(id);
  return row < 0 ? QModelIndex() : model.index(row, 2);
}

QString stateOf(const QAbstractItemModel& model, const QModelIndex& index) {
  return model.data(index, PathTableModel::AssumedRole).toString();
}

TEST(AssumptionMarker, AssumedValuesAreMarkedAndOthersAreNot) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kElement));
  ParameterTableModel params(&doc);
  const QModelIndex diagonal = valueCell(params, QStringLiteral("diagonal_steps"));
  ASSERT_TRUE(diagonal.isValid());
  EXPECT_EQ(stateOf(params, diagonal), QStringLiteral("unmeasured"));
  EXPECT_FALSE(params.data(diagonal, Qt::DecorationRole).value<QIcon>().isNull());
  EXPECT_TRUE(params.data(diagonal, Qt::BackgroundRole).isValid());
  const QString tip = params.data(diagonal, Qt::ToolTipRole).toString();
  EXPECT_TRUE(tip.contains(QStringLiteral("Assumed (no public source)"))) << tip.toStdString();
  EXPECT_TRUE(tip.contains(QStringLiteral("not measured")) || tip.contains(QStringLiteral("Measure assumptions")));
  // The id cell of the row carries it too.
  EXPECT_EQ(stateOf(params, params.index(diagonal.row(), 0)), QStringLiteral("unmeasured"));
  // A value from a source (no `assumed:`) carries no marker.
  const QModelIndex dice = valueCell(params, QStringLiteral("dice_per_turn"));
  ASSERT_TRUE(dice.isValid());
  EXPECT_EQ(stateOf(params, dice), QString());
  EXPECT_TRUE(params.data(dice, Qt::DecorationRole).value<QIcon>().isNull());
  EXPECT_FALSE(params.data(dice, Qt::ToolTipRole).toString().contains(QStringLiteral("Assumed")));
  // Min / max cells are not the assumed value.
  EXPECT_EQ(stateOf(params, params.index(diagonal.row(), 3)), QString());
}

TEST(AssumptionMarker, EntitiesAndEffectsInWordsAreMarkedAsNotMeasurable) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kCardDice));
  EntityTableModel cards(&doc, model::Section::Cards);
  const int treasury = cards.rowOf(QStringLiteral("treasury"));
  ASSERT_GE(treasury, 0);
  const QModelIndex id = cards.index(treasury, 0);
  EXPECT_EQ(stateOf(cards, id), QStringLiteral("unplayable"));
  EXPECT_FALSE(cards.data(id, Qt::DecorationRole).value<QIcon>().isNull());
  EXPECT_TRUE(cards.data(id, Qt::ToolTipRole).toString().contains(QStringLiteral("No alternative to play")));
  // Elem Master marks single effects: the effects column and the effects editor show it.
  RulesetDocument em;
  ASSERT_TRUE(em.open(kElemMaster));
  std::optional<std::pair<model::Section, std::string>> owner;
  int effectIndex = -1;
  for (model::Section s : model::kSections)
    for (const auto& e : em.ruleset().entities(s))
      for (std::size_t i = 0; i < e.effects.size() && !owner; ++i)
        if (!e.effects[i].assumed.empty() && !e.effects[i].args.empty()) {
          owner = {s, e.id};
          effectIndex = static_cast<int>(i);
        }
  ASSERT_TRUE(owner);
  EntityTableModel table(&em, owner->first);
  const int row = table.rowOf(QString::fromStdString(owner->second));
  ASSERT_GE(table.columnOf(QStringLiteral("effects")), 0);
  const QModelIndex effects = table.index(row, table.columnOf(QStringLiteral("effects")));
  EXPECT_EQ(stateOf(table, effects), QStringLiteral("unplayable"));
  EXPECT_FALSE(table.data(effects, Qt::DecorationRole).value<QIcon>().isNull());
  EffectsEditor editor(&em);
  editor.setEntity(owner->first, QString::fromStdString(owner->second));
  auto* list = editor.findChild<QListWidget*>();
  ASSERT_NE(list, nullptr);
  ASSERT_GT(list->count(), effectIndex);
  EXPECT_EQ(list->item(effectIndex)->data(Qt::UserRole).toString(), QStringLiteral("unplayable"));
  EXPECT_FALSE(list->item(effectIndex)->icon().isNull());
  EXPECT_TRUE(list->item(effectIndex)->toolTip().contains(QStringLiteral("Assumed")));
  editor.selectEffect(effectIndex);
  auto* args = editor.findChild<QTableWidget*>();
  ASSERT_NE(args, nullptr);
  ASSERT_GT(args->rowCount(), 0);
  EXPECT_EQ(args->item(0, 1)->data(Qt::UserRole).toString(), QStringLiteral("unplayable"));
}

TEST(AssumptionMarker, ShowsTheMeasuredSensitivityForTheCurrentRevision) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kElement));
  ParameterTableModel params(&doc);
  AssumptionsBar bar(&doc);
  bar.setGames(20);
  bar.setThreads(1);
  bar.setAgents({"random"});
  AssumptionMarks* marks = AssumptionMarks::of(&doc);
  testing::SignalCounter finished(marks, &AssumptionMarks::finished);
  bar.measure();
  EXPECT_TRUE(marks->isRunning());
  EXPECT_FALSE(bar.measureButton()->isEnabled());
  EXPECT_TRUE(bar.cancelButton()->isEnabled());
  ASSERT_TRUE(testing::waitUntil([&] { return finished.count() > 0; }, 240000));
  ASSERT_TRUE(marks->result().has_value());
  EXPECT_TRUE(marks->resultIsCurrent());
  EXPECT_TRUE(bar.measureButton()->isEnabled());
  EXPECT_TRUE(bar.statusText().startsWith(QStringLiteral("Measured (20 games each)"))) << bar.statusText().toStdString();
  const QModelIndex diagonal = valueCell(params, QStringLiteral("diagonal_steps"));
  const QString state = stateOf(params, diagonal);
  EXPECT_TRUE(state == QStringLiteral("changes") || state == QStringLiteral("no-change")) << state.toStdString();
  const QString tip = params.data(diagonal, Qt::ToolTipRole).toString();
  EXPECT_TRUE(tip.contains(QStringLiteral("Measured (20 games each, seed 1, agents random"))) << tip.toStdString();
  EXPECT_TRUE(tip.contains(QStringLiteral("= false: first side "))) << tip.toStdString();
  // The marker's numbers are the runner's: the first side's change with false.
  const sim::AssumptionResult* measured = nullptr;
  for (const auto& a : marks->result()->assumptions)
    if (a.value.path == "parameters.diagonal_steps") measured = &a;
  ASSERT_NE(measured, nullptr);
  ASSERT_EQ(measured->alternatives.size(), 1u);
  ASSERT_FALSE(measured->alternatives[0].changes.empty());
  const auto& first = measured->alternatives[0].changes[0];
  ASSERT_EQ(first.key, "first_side");
  const QString pct = QString::number(100.0 * first.alternative, 'f', 1) + QStringLiteral("% (");
  EXPECT_TRUE(tip.contains(pct)) << tip.toStdString() << " lacks " << pct.toStdString();
  // An edit makes it another revision's: the marker says so.
  ASSERT_TRUE(doc.setValue(QStringLiteral("parameters.dice_per_turn"), QStringLiteral("3")));
  EXPECT_FALSE(marks->resultIsCurrent());
  EXPECT_EQ(stateOf(params, diagonal), QStringLiteral("stale"));
  // Undo: the same content again, the measurement is current again.
  ASSERT_TRUE(doc.setValue(QStringLiteral("parameters.dice_per_turn"), QStringLiteral("4")));
  EXPECT_EQ(stateOf(params, diagonal), state);
}

TEST(AssumptionMarker, CancelStopsTheMeasurementAndKeepsNoPartialResult) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kCardDice));
  AssumptionsBar bar(&doc);
  bar.setGames(100000);  // far more than the test waits for
  bar.setThreads(1);
  bar.setAgents({"random"});
  AssumptionMarks* marks = AssumptionMarks::of(&doc);
  testing::SignalCounter finished(marks, &AssumptionMarks::finished);
  bar.measure();
  ASSERT_TRUE(marks->isRunning());
  testing::spin(100);
  bar.cancel();
  ASSERT_TRUE(testing::waitUntil([&] { return finished.count() > 0; }, 60000));
  EXPECT_FALSE(marks->isRunning());
  EXPECT_FALSE(marks->result().has_value());
  EXPECT_TRUE(bar.measureButton()->isEnabled());
  EXPECT_FALSE(bar.cancelButton()->isEnabled());
}

TEST(SetupConditionsPage, ListsTheRunsConditionsWithIntervals) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kCardDice));
  ASSERT_TRUE(doc.setValue(QStringLiteral("parameters.starting_health"), QStringLiteral("5")));  // short games
  SimulationPanel panel(&doc);
  panel.setGames(60);
  panel.setSeed(2);
  panel.setThreads(1);
  panel.setAgent(0, QStringLiteral("random"));
  panel.setAgent(1, QStringLiteral("random"));
  ConditionsView* view = panel.conditionsView();
  ASSERT_NE(view, nullptr);
  EXPECT_EQ(view->table()->rowCount(), 0);  // before a run
  testing::SignalCounter finished(&panel, &SimulationPanel::finished);
  panel.run();
  ASSERT_TRUE(finished.wait(240000));
  ASSERT_EQ(panel.lastResult().stats.games(), 60u);
  // Card-dice's setup: seven dice, six faces each.
  QTableWidget* table = view->table();
  EXPECT_EQ(table->rowCount(), 7 * 6);
  bool natureSix = false;
  for (int r = 0; r < table->rowCount(); ++r)
    if (table->item(r, ConditionsView::Condition)->text() == QStringLiteral("nature=6")) {
      natureSix = true;
      // "52.3 [40.1, 64.2]": a value and its interval.
      EXPECT_TRUE(table->item(r, ConditionsView::FirstMeasure)->text().contains(QLatin1Char('[')));
    }
  EXPECT_TRUE(natureSix);
  EXPECT_EQ(table->horizontalHeaderItem(ConditionsView::Games)->text(), QStringLiteral("Games"));
  EXPECT_TRUE(view->headerText().contains(QStringLiteral("7 features")));
  EXPECT_GT(view->findings()->count(), 0);  // the findings, or "None after the correction."
}

}  // namespace
}  // namespace wb::app
